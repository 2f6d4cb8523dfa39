"""Campaign Mode (Gascony's Legacy): the shipped pack's four Acts played in order, the
carry-over steps between them with real values, saves across a Story boundary, the
``keep`` request, a Story lost, the difficulty kept, and the carried start of a Story
(``Session.start(..., carried=...)``)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from _shapes import request_problems
from greedy import first_answer
from players import random_answer

from cardforge_runtime import AnswerError, Session, SessionError, load_bundle
from cardforge_runtime.campaign import Campaign
from cardforge_runtime.campaign_carry import carry_of, check_carried
from cardforge_runtime.campaign_steps import between_steps
from cardforge_runtime.deck_play import decks_by_name, gain_card
from cardforge_runtime.decks import card_of, check_conservation
from cardforge_runtime.pcg import Pcg32


@pytest.fixture(scope="module")
def bundle(gascony_bundle):
    return load_bundle(gascony_bundle)


def answer_for(request: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A legal answer: the players' choices at random (``players.random_answer``, never a
    mistake: paths, Characters, picks, the Weapons kept or left), the Porter called now
    and then with nothing bought (so each Character keeps Weapons to choose from between
    the Acts); the rest as the greedy player gives them (``greedy.first_answer``: rolls
    by the engine, nothing bought, Battles won at the table)."""
    if request["kind"] in ("choice", "character", "pick", "keep", "leave"):
        return random_answer(request, rng, 6, mistakes=0)
    if request["kind"] == "between" and request.get("porter") and rng.random() < 0.5:
        return {"porter": []}          # called, nothing bought: his cards are discarded
    return first_answer(request)


def play(campaign: Campaign, rng: random.Random, *, until=None) -> list[dict[str, Any]]:
    answers = []
    while not campaign.finished and not (until and until(campaign)):
        answer = answer_for(campaign.pending, rng)
        campaign.answer(answer)
        answers.append(answer)
    return answers


# -- the carry-over steps, with real values ---------------------------------------------

def test_the_six_campaign_mode_steps_with_real_values(bundle):
    """Act I's state after a hard Story: D'Artagnan Fell once (a token in the box),
    holds a Cross (Loot) and a bought Pistol beside his Sabre (3 hands), 1 Destiny;
    Athos 2 of 3 Destiny; 7 coins; the Porter called (his 2 cards discarded)."""
    session = Session.start(bundle, "act-1", battles="table", players=2, seed=11)
    state = session.state
    pack = next(p for p in bundle.data["packs"] if p["id"] == "gascony")
    decks = decks_by_name(pack)
    dart, athos = state["characters"]
    dart.update(destiny=1, health=0, health_max=3, fallen=True)
    athos.update(destiny=2, health=3)
    for item in ("Cross", "Pistol"):
        assert gain_card(state, pack, 0, item) is not None
        dart["items"].append(item)
    state["coins"] = 7
    for card in state["porter"]:
        state["decks"]["Equipment"]["discard"].append(card)
    state["porter"], state["porter_called"] = [], True
    carried = carry_of(state, pack)
    before_box = {name: list(piles["box"]) for name, piles in carried["decks"].items()}
    events: list[dict[str, Any]] = []
    steps = between_steps(pack, [dict(c) for c in session._setup["characters"]], carried, 2, "act-2",
                          Pcg32(3, 56), events.append)
    request = next(steps)
    assert request["kind"] == "keep" and request["character"] == 0 and request["hands"] == 2
    assert [(c["item"], c["hands"]) for c in request["cards"]] == [("Sabre", 1), ("Pistol", 1)] or \
        sorted((c["item"], c["hands"]) for c in request["cards"]) == [("Pistol", 1), ("Sabre", 1)]
    pistol = next(c["card"] for c in request["cards"] if c["item"] == "Pistol")
    request = steps.send({"keep": [pistol]})      # "These do not need to include that Character's starting Weapon"
    assert request["character"] == 1 and [c["item"] for c in request["cards"]] == ["Rapier"]
    with pytest.raises(StopIteration):
        steps.send({"keep": [request["cards"][0]["card"]]})
    dart, athos = carried["characters"]
    # 1. the Sabre not kept is discarded (then reshuffled back in 5)
    assert dart["items"] == ["Pistol"] and [card_of(decks, c)["name"] for c in dart["cards"]] == ["Pistol"]
    # 2. +2 Destiny up to the maximum: 1 -> 3 (of 4), 2 -> 3 (of 3)
    assert (dart["destiny"], athos["destiny"]) == (3, 3)
    # 3. a token lost to Falling regained (3 -> 4), all flipped gold, standing
    assert (dart["health_max"], dart["health"], dart["fallen"]) == (4, 4, False)
    assert (athos["health_max"], athos["health"]) == (5, 5)
    # 4. Coins and Loot discarded (the Cross)
    assert carried["coins"] == 0 and "Cross" not in dart["items"]
    # 5. every discard pile shuffled back; the box unchanged
    assert all(not piles["discard"] for piles in carried["decks"].values())
    assert {name: piles["box"] for name, piles in carried["decks"].items()} == before_box
    # 6. the Porter was used: 1 Equipment card per player (2) under him again
    assert len(carried["porter"]) == 2 and all(c.startswith("Equipment#") for c in carried["porter"])
    assert carried["porter_called"] is False
    assert check_conservation(carried, list(decks.values())) == []
    kinds = [e["event"] for e in events]
    assert kinds == ["campaign-keep", "campaign-keep", "campaign-gain", "campaign-gain", "campaign-health",
                     "campaign-health", "campaign-discard", "campaign-discard", "campaign-reshuffle", "campaign-porter"]
    assert events[4] == {"event": "campaign-health", "character": 0, "regained": 1, "health": [0, 4], "stood_up": True}


def test_the_porter_unused_is_not_refilled(bundle):
    session = Session.start(bundle, "act-1", battles="table", players=3, seed=5)
    pack = next(p for p in bundle.data["packs"] if p["id"] == "gascony")
    carried = carry_of(session.state, pack)
    porter = list(carried["porter"])
    events: list[dict[str, Any]] = []
    steps = between_steps(pack, session._setup["characters"], carried, 3, "act-2", Pcg32(1, 56), events.append)
    request = next(steps)
    kept = 0
    while True:
        assert request["kind"] == "keep"
        kept += 1
        try:
            request = steps.send({"keep": [c["card"] for c in request["cards"]]})
        except StopIteration:
            break
    assert kept == 3 and len(porter) == 3           # each of the 3 Characters holds a Starting Weapon
    assert carried["porter"] == porter and {"event": "campaign-porter", "called": False} in events


# -- a whole campaign -----------------------------------------------------------------

def test_a_whole_campaign_played_by_scripted_answers(bundle):
    campaign = Campaign.start(bundle, battles="table", players=2, seed=0)
    answers = play(campaign, random.Random(0))
    assert campaign.finished
    assert campaign.state["campaign"]["results"] == [{"story": s, "result": "victory"}
                                                     for s in ("act-1", "act-2", "act-3", "act-4")]
    assert campaign.pending["kind"] == "end" and campaign.pending["campaign"]["result"] == "victory"
    log = campaign.log
    assert [e["story"] for e in log if e["request"]["kind"] == "keep"] != []
    # every request asked fits its shape (the keep requests, the campaign's end)
    assert [p for e in log for p in request_problems(e["request"])] + request_problems(campaign.pending) == []
    # each later Story starts from what the steps left: the Destiny the gain step gave
    first_of_act2 = next(i for i, e in enumerate(log) if e["story"] == "act-2" and e["request"]["kind"] != "keep")
    gains = [ev for e in log[:first_of_act2] for ev in e["events"] if ev["event"] == "campaign-gain"]
    assert len(gains) == 2 and all(g["destiny"][1] == min(g["destiny"][0] + 2, (4, 3)[g["character"]]) for g in gains)
    assert [c["destiny"] for c in log[first_of_act2]["request"].get("characters", [])] == [] \
        and log[first_of_act2]["request"]["kind"] == "text"
    # the same answers, scripted, give the same campaign
    again = Campaign.start(bundle, battles="table", players=2, seed=0)
    for answer in answers:
        again.answer(answer)
    assert again.log == log and again.state == campaign.state
    with pytest.raises(AnswerError):
        campaign.answer({})


def test_the_next_story_starts_from_the_carried_state(bundle):
    campaign = Campaign.start(bundle, battles="table", players=2, seed=3)
    play(campaign, random.Random(3), until=lambda c: c.state["campaign"]["index"] == 1
         and c.state["campaign"]["phase"] == "story")
    carried = campaign.session._setup["carried"]
    state = campaign.state
    assert state["story"] == "act-2" and state["coins"] == 0
    for character, one in zip(state["characters"], carried["characters"]):
        assert (character["destiny"], character["health"], character["items"], character["cards"]) == \
            (one["destiny"], one["health"], one["items"], one["cards"])
    assert state["card"] is None and state["decks"] == carried["decks"] and state["porter"] == carried["porter"]
    assert state["porter_called"] is False


# -- saves -------------------------------------------------------------------------------

def test_save_and_load_across_a_story_boundary_resume_identically(bundle):
    reference = Campaign.start(bundle, battles="table", players=2, seed=1)
    answers = play(reference, random.Random(1))
    campaign = Campaign.start(bundle, battles="table", players=2, seed=1)
    phases = set()
    for number, answer in enumerate(answers):
        phase = campaign.state["campaign"]["phase"]
        if phase != "story" or number % 25 == 0 or campaign.state["card"] is None:
            phases.add(phase)
            loaded = Campaign.load(bundle, json.dumps(campaign.save()))
            assert (loaded.pending, loaded.state, loaded.log) == (campaign.pending, campaign.state, campaign.log)
            campaign = loaded
        campaign.answer(answer)
    assert phases == {"story", "between"}
    assert campaign.log == reference.log and campaign.state == reference.state
    ended = Campaign.load(bundle, campaign.save())
    assert ended.finished and ended.pending == reference.pending


def test_an_edited_campaign_save_is_refused(bundle):
    campaign = Campaign.start(bundle, battles="table", players=2, seed=1)
    play(campaign, random.Random(1), until=lambda c: c.state["campaign"]["phase"] == "between")
    save = campaign.save()
    save["between"]["carried"]["characters"][0]["destiny"] = 0
    with pytest.raises(SessionError, match="does not replay to itself|damaged"):
        Campaign.load(bundle, save)
    save = campaign.save()
    save["between"]["carried"]["characters"][0]["cards"].append("Equipment#1")
    with pytest.raises(SessionError, match="damaged"):
        Campaign.load(bundle, save)
    with pytest.raises(SessionError, match="not a cardforge campaign save"):
        Campaign.load(bundle, {"format": "cardforge-save"})


# -- the keep request -----------------------------------------------------------------

@pytest.mark.parametrize("answer", [
    {}, {"keep": "all"}, {"keep": ["Equipment#999"]}, {"keep": [1]}, {"leave": []}, {"keep": [], "more": 1},
])
def test_keep_refuses_bad_answers_with_nothing_changed(bundle, answer):
    campaign = Campaign.start(bundle, battles="table", players=2, seed=1)
    play(campaign, random.Random(1), until=lambda c: c.pending["kind"] == "keep")
    before = (campaign.pending, campaign.state, campaign.log, campaign.save())
    with pytest.raises(AnswerError):
        campaign.check_answer(answer)
    with pytest.raises(AnswerError):
        campaign.answer(answer)
    assert (campaign.pending, campaign.state, campaign.log, campaign.save()) == before


def test_keep_refuses_more_hands_and_a_weapon_twice(bundle):
    campaign = Campaign.start(bundle, battles="table", players=2, seed=1)
    play(campaign, random.Random(1), until=lambda c: c.pending["kind"] == "keep")
    request = campaign.pending
    card = request["cards"][0]["card"]
    with pytest.raises(AnswerError, match="once"):
        campaign.answer({"keep": [card, card]})
    big = dict(request, cards=[{"card": "X#1", "item": "Musket", "hands": 2}, {"card": "X#2", "item": "Dagger",
                                                                              "hands": 1}])
    from cardforge_runtime.campaign_steps import check_keep
    with pytest.raises(AnswerError, match="need 3 hands"):
        check_keep(big, {"keep": ["X#1", "X#2"]})
    assert check_keep(big, {"keep": ["X#1"]}) == {"keep": ["X#1"]}


# -- defeat, difficulty, the carried setup -----------------------------------------------

def test_a_story_lost_ends_the_campaign_in_defeat(bundle):
    campaign = Campaign.start(bundle, battles="table", players=2, seed=2)
    rng = random.Random(2)
    while campaign.pending["kind"] != "battle":
        campaign.answer(answer_for(campaign.pending, rng))
    campaign.answer({"lost": True})
    assert campaign.finished and campaign.state["campaign"]["result"] == "defeat"
    assert campaign.pending["campaign"] == {"result": "defeat", "stories": [{"story": "act-1", "result": "defeat"}]}
    assert Campaign.load(bundle, campaign.save()).state == campaign.state


def test_the_difficulty_is_chosen_at_the_start_and_kept(bundle):
    campaign = Campaign.start(bundle, battles="table", players=2, seed=4, difficulty="harder")
    assert [c["destiny"] for c in campaign.state["characters"]] == [2, 1]       # 4 - 2, 3 - 2
    play(campaign, random.Random(4), until=lambda c: c.state["story"] == "act-2" and c.session is not None)
    log = campaign.log
    gains = [ev for e in log for ev in e["events"] if ev["event"] == "campaign-gain"]
    # the harder game: 2 fewer Destiny at the start of each Story, after Campaign Mode's +2
    setup = campaign.session._setup
    assert setup["difficulty"] == "harder"
    assert [c["destiny"] for c in setup["carried"]["characters"]] == [g["destiny"][1] for g in gains]
    assert campaign.session.log == [] and campaign.pending["kind"] == "text"       # Act II's introduction
    assert [c["destiny"] for c in campaign.state["characters"]] == \
        [max(0, c["destiny"] - 2) for c in setup["carried"]["characters"]]
    fresh = Session.start(bundle, "act-2", battles="table", players=2, seed=setup["seed"], characters=setup["characters"],
                          difficulty="harder", carried=setup["carried"])
    first = Session.start(bundle, "act-2", battles="table", players=2, seed=setup["seed"], characters=setup["characters"],
                          carried=setup["carried"])
    assert [c["destiny"] for c in fresh._state["characters"]] == \
        [max(0, c["destiny"] - 2) for c in first._state["characters"]]
    assert Campaign.load(bundle, campaign.save()).difficulty == "harder"


def test_a_story_session_starts_from_a_carried_state_and_saves_it(bundle):
    campaign = Campaign.start(bundle, battles="table", players=2, seed=0)
    play(campaign, random.Random(0), until=lambda c: c.state["story"] == "act-2" and c.session is not None)
    setup = campaign.session._setup
    session = Session.start(bundle, "act-2", battles="table", players=2, seed=setup["seed"], characters=setup["characters"],
                            carried=setup["carried"])
    assert session.pending == campaign.pending
    save = session.save()
    assert save["setup"]["carried"] == setup["carried"]
    assert Session.load(bundle, save).state == session.state
    assert session.transcript()["setup"]["carried"] == setup["carried"]
    damaged = json.loads(json.dumps(setup["carried"]))
    damaged["characters"][0]["cards"] += damaged["characters"][1]["cards"]
    with pytest.raises(SessionError, match="carried state is damaged"):
        Session.start(bundle, "act-2", battles="table", players=2, characters=setup["characters"], carried=damaged)
    damaged = json.loads(json.dumps(setup["carried"]))
    damaged["characters"][0]["destiny"] = 99
    with pytest.raises(SessionError, match="Destiny"):
        Session.start(bundle, "act-2", battles="table", players=2, characters=setup["characters"], carried=damaged)
    assert check_carried(next(p for p in bundle.data["packs"]), setup["characters"], setup["carried"]) == setup["carried"]


def test_a_pack_without_a_campaign_has_none(tmp_path):
    from _runtime_helpers import make_bundle

    bundle = load_bundle(make_bundle([{"id": 1, "steps": [{"kind": "victory", "text": "Won."}]}]))
    with pytest.raises(SessionError, match="has no campaign"):
        Campaign.start(bundle)


def test_the_transcript_replays(bundle):
    campaign = Campaign.start(bundle, battles="table", players=3, seed=9)
    play(campaign, random.Random(9))
    transcript = campaign.transcript()
    assert transcript["format"] == "cardforge-campaign-transcript"
    setup = transcript["setup"]
    again = Campaign.start(bundle, battles=setup["battles"], players=setup["players"], characters=setup["characters"],
                           seed=int(setup["seed"]), difficulty=setup["difficulty"])
    for step in transcript["steps"]:
        assert again.pending == step["request"]
        entry = again.answer(step["answer"])
        assert entry == step
    assert again.pending == transcript["pending"]


# -- cardforge play --campaign --------------------------------------------------------

def test_play_campaign_scripted_saved_resumed_and_transcribed(gascony_bundle, tmp_path):
    """``cardforge play BUNDLE --campaign``: scripted answers across the four Acts,
    stopped after 80 answers (inside Act II) with --save, resumed with --resume; the
    transcript equals the one of an uninterrupted run and of the API."""
    import subprocess
    import sys

    def cardforge(*args):
        return subprocess.run([sys.executable, "-m", "cardforge_compiler", "play", str(gascony_bundle), *args],
                              capture_output=True, text=True)

    reference = Campaign.start(load_bundle(gascony_bundle), battles="table", players=2, seed=0)
    answers = play(reference, random.Random(0))
    files = {name: tmp_path / f"{name}.json" for name in ("all", "first", "rest", "save", "t1", "t2")}
    for name, part in (("all", answers), ("first", answers[:80]), ("rest", answers[80:])):
        files[name].write_text(json.dumps(part))
    whole = cardforge("--campaign", "--players", "2", "--seed", "0", "--battles", "table", "--answers", str(files["all"]),
                      "--transcript", str(files["t1"]))
    assert whole.returncode == 0, whole.stderr
    assert whole.stdout.count("══ Act ") == 4 and "*** CAMPAIGN: VICTORY" in whole.stdout
    assert "Campaign Mode, before act-2: which Weapons does D'Artagnan keep" in whole.stdout
    first = cardforge("--campaign", "--players", "2", "--seed", "0", "--battles", "table", "--answers", str(files["first"]),
                      "--save", str(files["save"]))
    assert first.returncode == 1 and "--campaign --resume" in first.stderr
    assert json.loads(files["save"].read_text())["format"] == "cardforge-campaign-save"
    refused = cardforge("--resume", str(files["save"]))
    assert refused.returncode == 2 and "is a campaign save: add --campaign" in refused.stderr
    rest = cardforge("--campaign", "--resume", str(files["save"]), "--answers", str(files["rest"]),
                     "--transcript", str(files["t2"]))
    assert rest.returncode == 0, rest.stderr
    assert json.loads(files["t1"].read_text()) == json.loads(files["t2"].read_text()) == reference.transcript()
    story = cardforge("--campaign", "--story", "act-1")
    assert story.returncode == 2 and "leave out --story" in story.stderr


# -- load_bundle's checks of a campaign -------------------------------------------------

@pytest.mark.parametrize(("change", "message"), [
    (lambda c: c.update(stories=["act-1", "act-9"]), r"campaign.stories\[1\]: 'act-9' is not a story of the pack"),
    (lambda c: c.update(stories=["act-1", "act-1"]), r"campaign.stories\[1\]: story 'act-1' is played twice"),
    (lambda c: c.update(stories=[]), r"campaign.stories: expected 1 to 100 story ids"),
    (lambda c: c["between"].append({"step": "rest"}), r"campaign.between\[6\].step: expected one of keep-weapons"),
    (lambda c: c["between"][1].update(destiny=0), r"campaign.between\[1\].destiny"),
    (lambda c: c["between"][0].update(destiny=2), r"campaign.between\[0\]: the keep-weapons step takes hands, not 'destiny'"),
    (lambda c: c["between"][3].update(what=["coins", "coins"]), r"campaign.between\[3\].what\[1\]"),
    (lambda c: c["between"][3].update(what=[]), r"campaign.between\[3\].what: expected one or more"),
])
def test_load_bundle_refuses_a_campaign_it_cannot_play(gascony_bundle, change, message):
    from cardforge_runtime import BundleError

    data = json.loads(gascony_bundle.read_text(encoding="utf-8"))
    change(data["packs"][0]["campaign"])
    with pytest.raises(BundleError, match=message):
        load_bundle(data)


def test_a_bundle_without_campaign_loads_as_none(gascony_bundle):
    data = json.loads(gascony_bundle.read_text(encoding="utf-8"))
    assert load_bundle(data).campaign()["stories"] == ["act-1", "act-2", "act-3", "act-4"]
    data["packs"][0]["campaign"] = None
    assert load_bundle(data).campaign() is None
    del data["packs"][0]["campaign"]            # a 1.5.0 bundle has none
    assert load_bundle(data).campaign() is None
