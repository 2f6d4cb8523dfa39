"""Battle rounds played by the engine: Setup, the requests and their
answer checks, a shipped Battle played to an objective, saves inside a Battle, table
mode, and a fuzz of every shipped Battle."""

from __future__ import annotations

import copy
import json
import random

import pytest
from _shapes import request_problems
from greedy import first_answer
from players import answer_until_offered, battle_answer

from cardforge_runtime import AnswerError, Session, load_bundle
from cardforge_runtime.battle.objectives import BattleEnded, check_end, ending
from cardforge_runtime.battle.round_answers import check_round_answer
from cardforge_runtime.battle.rounds import run_battle
from cardforge_runtime.deck_play import decks_in_play
from cardforge_runtime.decks import check_conservation, deck_rng
from cardforge_runtime.format import objective_meet, objective_text
from cardforge_runtime.pcg import Pcg32
from cardforge_runtime.setup import SessionError
from cardforge_runtime.story_battle import with_card

BATTLE_CARD = 102          # act-1: the Carmes-Deschaux courtyard (Defeat all Enemies -> 103, Reach Exit -> 104)
EXITS = [[12, 7], [12, 8]]


@pytest.fixture(scope="module")
def bundle(gascony_bundle):
    return load_bundle(gascony_bundle)


def _to_battle(session: Session) -> None:
    """Answer the story's requests until the first Battle request."""
    while session.pending["kind"] not in ("deploy", "battle"):
        assert not session.finished
        session.answer(first_answer(session.pending))


def _play(session: Session, rng: random.Random, *, greedy: float = 1.0, until: str | None = None, limit: int = 2000):
    """Answer Battle requests (legal ones) until the Battle is over (the state's
    ``battle`` is null again) or the pending kind is ``until``; returns the answers."""
    given = []
    for _ in range(limit):
        if session.state["battle"] is None or session.pending["kind"] == until:
            return given
        answer = battle_answer(session.pending, rng, exits=EXITS, greedy=greedy)
        session.answer(answer)
        given.append(answer)
    raise AssertionError("the Battle did not end")


def test_the_objective_grammar_is_the_runtimes_one():
    assert objective_meet("Defeat all Enemies") == {"kind": "defeat-all"}
    assert objective_meet("defeat all the enemies.") == {"kind": "defeat-all"}
    assert objective_meet("Defeat Rochefort") == {"kind": "defeat", "enemy": "Rochefort"}
    assert objective_meet("Reach the Exit area") == {"kind": "reach-exit"}
    assert objective_meet("Reveal Search token B") == {"kind": "reveal", "token": "B"}
    assert objective_meet("Hold the bridge for 3 rounds") == {"kind": "table"}


def test_objective_text_is_read_back_by_the_grammar():
    """objective_text writes each kind of objective as printed; objective_meet reads it back."""
    for meet in ({"kind": "defeat-all"}, {"kind": "defeat", "enemy": "Comte de Wardes"},
                 {"kind": "reach-exit"}, {"kind": "reveal", "token": "C"}):
        assert objective_meet(objective_text(meet)) == meet
    assert objective_text({"kind": "reach-exit"}) == "Reach Exit"
    assert objective_text({"kind": "defeat-all"}) == "Defeat all Enemies"
    with pytest.raises(ValueError):
        objective_text({"kind": "table"})


def test_the_bundle_writes_meet_upkeep_and_battle_round(bundle):
    pack = bundle.data["packs"][0]
    assert pack["battle_round"] == {"move_stat": "Movement", "phases": ["all-for-one", "character-turns", "enemy-turn",
                                                                         "upkeep"],
                                    "turn": {"move": 1, "action": 1, "attack": 1},
                                    "actions": ["prepare", "talent", "support", "rescue", "trade", "interact", "search"],
                                    "rescue": {"heal": 2}}
    step = next(s for c in pack["stories"][0]["cards"] if c["id"] == BATTLE_CARD for s in c["steps"] if s["kind"] == "battle")
    assert [o["meet"] for o in step["objectives"]] == [{"kind": "defeat-all"}, {"kind": "reach-exit"}]
    assert step["upkeep"] == []


def test_setup_places_the_layout_and_asks_each_character_to_deploy_and_prepare(bundle):
    session = Session.start(bundle, "act-1", players=2, seed=3)
    assert session.state["battle"] is None
    _to_battle(session)
    battle = session.state["battle"]
    assert battle["layout"] == "carmes-deschaux-courtyard" and battle["phase"] == "setup" and battle["round"] == 0
    # Setup 4 for 2 players: every deployment square numbered 1 or 2 (4 Guards, 1 Captain, 1 Guard)
    assert sorted(e["square"] for e in battle["enemies"]) == [[5, 2], [6, 2], [7, 3], [8, 2], [10, 6]]
    request = session.pending
    assert request == {"kind": "deploy", "card": BATTLE_CARD, "character": 0,
                       "squares": [[1, 6], [1, 7], [2, 7], [1, 8], [2, 8]],
                       "facings": ["north", "east", "south", "west"]}
    session.answer({"square": [2, 7], "facing": "east"})
    prepare = session.pending
    assert prepare["kind"] == "prepare" and prepare["character"] == 0 and prepare["card"] == BATTLE_CARD
    assert prepare["equipped"] == [c["card"] for c in prepare["cards"]][:1] and prepare["hands"] == 2
    session.answer({"equip": [], "flip": True})
    assert session.state["battle"]["characters"][0]["weapons"] == []
    assert session.state["battle"]["characters"][0]["flipped"] is True
    assert session.pending["kind"] == "deploy" and [2, 7] not in session.pending["squares"]


BAD = {
    "deploy": [{}, {"square": [9, 9], "facing": "east"}, {"square": [1, 6], "facing": "up"},
               {"square": [1.0, 6], "facing": "east"}, {"square": [1, 6], "facing": "east", "x": 1}],
    "prepare": [{"keep": False}, {"equip": ["Equipment#999"], "flip": False}, {"equip": [], "flip": 1},
                {"keep": True, "flip": True}, {"equip": "Equipment#1", "flip": False}],
    "character": [{"character": 7}, {"character": True}, {}],
    "turn": [{"do": "fly"}, {"do": "move", "to": [30, 30], "facing": "east"}, {"do": "attack", "weapon": "nope"},
             {"do": "action", "action": "rescue", "figure": 1}, {"do": "end", "extra": 1},
             {"do": "action", "action": "search", "at": [1, 1]}, {"do": "objective", "objective": 0},
             {"do": "stone", "stone": 0, "option": 0}, {"do": "use", "card": "Loot#1"}],
}


def _refuses(session: Session, answers: list[dict]) -> None:
    before = json.dumps(session.save(), sort_keys=True)
    for answer in answers:
        with pytest.raises(AnswerError):
            session.answer(answer)
        assert json.dumps(session.save(), sort_keys=True) == before, answer


def test_every_battle_request_refuses_bad_answers_and_changes_nothing(bundle):
    session = Session.start(bundle, "act-1", players=2, seed=5)
    _to_battle(session)
    seen = set()
    rng = random.Random(1)
    for _ in range(400):
        kind = session.pending["kind"]
        if kind in BAD and kind not in seen:
            seen.add(kind)
            _refuses(session, BAD[kind])
        if kind == "turn" and "move" in {o["do"] for o in session.pending["options"]}:
            move = next(o for o in session.pending["options"] if o["do"] == "move")
            # a square on offer, but turning there costs more than the points left
            far = max(move["squares"], key=lambda s: s["cost"])
            if far["cost"] == move["points"]:
                back = {"north": "south", "east": "west", "south": "north", "west": "east"}[move["facing"]]
                _refuses(session, [{"do": "move", "to": far["to"], "facing": back}])
                seen.add("move-too-far")
        if seen >= set(BAD) | {"move-too-far"}:
            break
        session.answer(battle_answer(session.pending, rng, exits=EXITS))
    assert seen >= set(BAD) | {"move-too-far"}


def test_a_shipped_battle_of_act_1_is_played_to_reach_exit(bundle):
    session = Session.start(bundle, "act-1", players=2, seed=7)
    _to_battle(session)
    answers = _play(session, random.Random(2))
    log = session.log
    ends = [e for entry in log for e in entry["events"] if e["event"] == "battle-end"]
    assert ends == [{"event": "battle-end", "round": ends[0]["round"], "outcome": {"objective": 1}}]
    assert session.state["card"] == 104 or session.pending["kind"] == "between"
    moves = [e for entry in log for e in entry["events"] if e["event"] == "character-move"]
    who = {e["figure"]: e["character"] for entry in log for e in entry["events"] if e["event"] == "turn"}
    movement = [c["stats"]["Movement"] for c in session.state["characters"]]
    assert moves and all(m["cost"] <= movement[who[m["figure"]]] for m in moves)     # no bonus without Stones
    assert any(m["cost"] == movement[who[m["figure"]]] for m in moves)
    exits = [e for entry in log for e in entry["events"] if e["event"] == "exit"]
    assert [e["from"] in EXITS for e in exits] == [True] * len(exits) and exits
    # the last Character to reach the area ends the Battle on an Exit square, or by leaving
    assert moves[-1]["to"] in EXITS
    # the same answers from the same seed give the same Battle (replay)
    again = Session.start(bundle, "act-1", players=2, seed=7)
    _to_battle(again)
    for answer in answers:
        again.answer(answer)
    assert again.log == log and again.state == session.state


def test_saves_inside_a_battle_resume_identically(bundle):
    session = Session.start(bundle, "act-1", players=2, seed=11)
    _to_battle(session)
    rng = random.Random(3)
    checked = 0
    for step in range(80):
        if session.state["battle"] is None:
            break
        if step % 5 == 3:
            loaded = Session.load(bundle, json.loads(json.dumps(session.save())))
            assert loaded.pending == session.pending and loaded.state == session.state
            assert loaded.save() == session.save()
            answer = battle_answer(session.pending, random.Random(step), exits=EXITS, greedy=0.3)
            assert loaded.answer(answer) == session.answer(answer)      # same dice, same events
            checked += 1
            continue
        session.answer(battle_answer(session.pending, rng, exits=EXITS, greedy=0.3))
    assert checked >= 5
    assert session.save()["version"] == 5 and session.save()["setup"]["battles"] == "engine"


def test_a_rebuilt_bundle_resumes_at_the_start_of_the_battle_card(bundle, gascony_bundle):
    session = Session.start(bundle, "act-1", players=2, seed=11)
    _to_battle(session)
    _play(session, random.Random(4), until="turn")
    assert session.state["battle"]["round"] == 1
    data = json.loads(gascony_bundle.read_text(encoding="utf-8"))
    card = next(c for c in data["packs"][0]["stories"][0]["cards"] if c["id"] == BATTLE_CARD)
    card["text"] += " The bells of Saint-Sulpice ring."
    from cardforge_runtime.format import content_hash
    data["content_hash"] = content_hash(data["packs"])
    rebuilt = load_bundle(data)
    resumed = Session.load(rebuilt, session.save())
    assert resumed.pending["kind"] == "card" and resumed.pending["card"] == BATTLE_CARD
    assert resumed.state["battle"] is None
    assert "resuming at the start of card 102" in resumed.warnings[0]


def test_a_version_4_save_loads_with_no_battle(bundle):
    session = Session.start(bundle, "act-1", players=2, seed=2)
    session.answer(first_answer(session.pending))
    old = copy.deepcopy(session.save())
    old["version"] = 4
    for state in (old["checkpoint"]["state"],):
        del state["battle"]
    del old["setup"]["battles"]
    loaded = Session.load(bundle, old)
    assert loaded.state["battle"] is None and loaded.save()["version"] == 5
    assert loaded.save()["setup"]["battles"] == "engine"        # the pack's default


def test_table_mode_keeps_the_battle_request(bundle):
    session = Session.start(bundle, "act-1", players=2, seed=7, battles="table")
    _to_battle(session)
    assert session.pending["kind"] == "battle" and session.save()["setup"]["battles"] == "table"
    assert session.transcript()["setup"]["battles"] == "table"
    with pytest.raises(SessionError):
        Session.start(bundle, "act-1", players=2, seed=7, battles="sometimes")


def test_engine_mode_needs_a_battle_round():
    rules = load_bundle("tests/conformance/bundles/rules.bundle.json")
    with pytest.raises(SessionError, match="battle_round"):
        Session.start(rules, "trials", players=1, seed=1, battles="engine")
    assert Session.start(rules, "trials", players=1, seed=1).save()["setup"]["battles"] == "table"


class _Scene:
    """Only what ``objectives`` reads."""

    def __init__(self, battle, characters, objectives, exits=()):
        self.battle, self.game, self.objectives, self.exits = battle, {"characters": characters}, objectives, list(exits)


def _char(fallen=False, health=3, health_max=4):
    return {"fallen": fallen, "health": health, "health_max": health_max}


def test_objectives_and_losses_are_checked_in_the_rules_order():
    battle = {"characters": [{"character": 0, "square": [12, 7]}, {"character": 1, "square": [12, 8]}],
              "enemies": [{"id": 5}], "named": [],
              "search_tokens": [{"at": [3, 3], "token": "A", "revealed": False}]}
    meets = [{"kind": "defeat-all"}, {"kind": "reach-exit"}, {"kind": "reveal", "token": "A"}]
    scene = _Scene(battle, [_char(), _char(fallen=True, health=0, health_max=3)], meets, [[(12, 7), (12, 8)]])
    assert ending(scene) == {"objective": 1}            # every Character in the Exit area, a Fallen one too
    battle["characters"][1]["square"] = [11, 8]
    assert ending(scene) is None
    battle["search_tokens"][0]["revealed"] = True
    assert ending(scene) == {"objective": 2}
    battle["enemies"] = []
    assert ending(scene) == {"objective": 0}            # two met at once: the first in the card's order
    scene.game["characters"][0]["fallen"] = True
    with pytest.raises(BattleEnded) as ended:
        check_end(scene)
    assert ended.value.outcome == {"lost": "all_fallen", "character": None}
    scene.game["characters"][0].update(fallen=False, health_max=0, health=0)
    assert ending(scene) == {"lost": "no_health", "character": 0}
    # one left by the Exit, the one still on the board Fallen: not all Fallen, no loss (docs/rulings.md,
    # "Leaving by the Exit"); Fallen on the area's squares: the Exit Area contains all Characters
    gone = _Scene({"characters": [{"character": 1, "square": [3, 3]}], "enemies": [{"id": 5}], "named": [],
                   "exited": [{"character": 0, "area": 0}]},
                  [_char(), _char(fallen=True, health=0)], [{"kind": "reach-exit"}], [[(12, 7), (12, 8)]])
    assert ending(gone) is None
    gone.battle["characters"][0]["square"] = [12, 8]
    assert ending(gone) == {"objective": 0}
    gone.game["characters"][1]["fallen"] = False
    assert ending(gone) == {"objective": 0}
    named = _Scene({"characters": [], "enemies": [], "named": [{"enemy": "Rochefort"}]}, [_char()],
                   [{"kind": "defeat", "enemy": "Rochefort"}, {"kind": "table"}])
    assert ending(named) is None
    named.battle["named"] = []
    assert ending(named) == {"objective": 0}


def _battle_steps(pack):
    for story in pack["stories"]:
        for card in story["cards"]:
            for step in card["steps"]:
                if step["kind"] == "battle":
                    yield story["id"], card["id"], step


def _fallen(state):
    battle = state["battle"]
    return [f["square"] for f in battle["characters"] if state["characters"][f["character"]]["fallen"]]


def _goals(state, step, exits):
    """Where the greedy half of the fuzz moves: an Exit, else a Search token an objective
    reveals, else the Enemies."""
    battle = state["battle"]
    kinds = {o["meet"]["kind"] for o in step["objectives"]}
    if "reach-exit" in kinds and exits:
        return exits
    tokens = {o["meet"].get("token") for o in step["objectives"]}
    squares = [t["at"] for t in battle["search_tokens"] if not t["revealed"] and t["token"] in tokens]
    return squares or [e["square"] for e in battle["enemies"] + battle["named"]]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_fuzz_every_shipped_battle_ends_and_keeps_every_card(bundle, seed):
    """Random legal answers (half of the turns greedy, half random) through every Battle
    of the shipped Acts, 1 to 4 players: each request fits its shape (``_shapes``, with
    the ``card`` a Session adds: ``story_battle.with_card``) and each answer passes the engine's
    own check, no engine error, every Battle ends within 40 rounds, and no card of any
    deck is created or lost (checked at every turn and at the end)."""
    pack = bundle.data["packs"][0]
    from cardforge_runtime.dice import DiceRule
    rule = DiceRule.from_pack(pack)
    played = 0
    for story, card, step in _battle_steps(pack):
        players = 1 + (card + seed) % 4
        session = Session.start(bundle, story, players=players, seed=seed)
        state = session.state
        state["card"] = card
        exits = [list(sq) for area in pack["board"]["layouts"][step["layout"]]["exits"] for sq in area["squares"]]
        rng = random.Random(seed * 1000 + card)
        play = with_card(run_battle(pack, step, state, Pcg32(seed), deck_rng(seed)), card)
        request = next(play)
        rounds = 0
        try:
            while True:
                assert request_problems(request) == [], request
                if request["kind"] in ("turn", "character"):
                    assert check_conservation(state, decks_in_play(pack, state)) == []
                    rounds = state["battle"]["round"]
                    assert rounds <= 40, f"{story} card {card}: no end after 40 rounds"
                answer = battle_answer(request, rng, exits=_goals(state, step, exits), greedy=0.5,
                                       fallen=_fallen(state))
                check_round_answer(request, answer, rule)
                request = play.send(answer)
        except StopIteration as done:
            outcome = done.value
        assert set(outcome) in ({"objective"}, {"lost", "character"})
        assert state["battle"] is None
        assert check_conservation(state, decks_in_play(pack, state)) == []
        played += 1
    assert played == 11                 # every shipped Battle


def test_a_card_drawn_when_the_battle_ends_goes_to_its_discard_pile(bundle):
    """A Battle may end in the middle of a card's resolution (the Reaction whose Wound
    makes the last Character Fall): the card drawn is in no pile and goes back to its
    deck's discard pile, so no card is lost."""
    from cardforge_runtime.battle.rounds import _settle_cards, make_scene

    pack = bundle.data["packs"][0]
    state = Session.start(bundle, "act-1", players=2, seed=1).state
    state["card"] = BATTLE_CARD
    step = next(s for st in pack["stories"] for c in st["cards"] if c["id"] == BATTLE_CARD
                for s in c["steps"] if s["kind"] == "battle")
    scene = make_scene(pack, state, step, [0], Pcg32(1), deck_rng(1))
    drawn = scene.decks.draw("Reaction")
    assert drawn is not None and check_conservation(state, decks_in_play(pack, state)) != []
    _settle_cards(scene)
    assert state["decks"]["Reaction"]["discard"] == [drawn]
    assert scene.events[-1] == {"event": "card-returned", "card": drawn, "deck": "Reaction"}
    assert check_conservation(state, decks_in_play(pack, state)) == []


def test_a_trade_that_gives_and_takes_nothing_is_refused_and_changes_nothing(bundle):
    """Gascony's Legacy, Trade: cards change hands. An empty Trade would use up the
    turn's Action for nothing: the runtime refuses it with its reason; a Trade of one
    card is taken. The Trade option lists only allies with a card to trade."""
    session = Session.start(bundle, "act-1", players=2, seed=7)
    _to_battle(session)
    answer_until_offered(session, "trade", random.Random(1), exits=EXITS)
    trade = next(o for o in session.pending["options"] if o.get("action") == "trade")
    partner = trade["partners"][0]
    assert all(trade["cards"] or p["cards"] for p in trade["partners"])
    before = json.dumps(session.save(), sort_keys=True)
    empty = {"do": "action", "action": "trade", "figure": partner["figure"], "give": [], "take": []}
    with pytest.raises(AnswerError, match="a Trade gives or takes at least one card"):
        session.answer(empty)
    assert json.dumps(session.save(), sort_keys=True) == before
    one = {**empty, "give": trade["cards"][:1], "take": [] if trade["cards"] else partner["cards"][:1]}
    session.check_answer(one)
