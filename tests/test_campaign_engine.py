"""Campaign Mode with every Battle played by the engine: the shipped Gascony campaign
(Acts I-IV) through the ``Campaign`` API, the Characters answered by the greedy player
(``greedy.greedy_answer``), what is carried between the Acts checked step by step
against the rulebook, and saves between the Acts and inside Battles that resume
identically.

Rule source: Gascony's Legacy, Campaign Mode (steps 1-6) and Difficulty Adjustments
("For an easier game": a Loot card per Character at the start of each Story, no Severe
Wound, a Character count one lower).
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from greedy import first_answer, greedy_answer

from cardforge_runtime import Session, load_bundle
from cardforge_runtime.campaign import Campaign
from cardforge_runtime.deck_play import decks_by_name
from cardforge_runtime.decks import card_of, check_conservation

#: The setup the greedy player wins every Act with (as the conformance case
#: battles-act-1): 4 players, the easier game, its own Attack dice rolled at the table,
#: every die a 6. With fewer players or the normal game it loses Act I's first Battle.
SETUP = {"players": 4, "seed": 1, "difficulty": "easier"}
STORIES = ["act-1", "act-2", "act-3", "act-4"]


@pytest.fixture(scope="module")
def bundle(gascony_bundle):
    return load_bundle(gascony_bundle)


def _answer(campaign: Campaign) -> dict[str, Any]:
    """The greedy player's answer, except that a Destiny reroll rerolls every die
    without a Success while Destiny is left (so Destiny is spent and Characters Fall:
    the carry-over has something to restore); between the Acts (no Story in play, a
    ``keep`` request): the first Weapons that fit the hands."""
    session, request = campaign.session, campaign.pending
    if request["kind"] == "reroll" and request.get("destiny", 0) > 0 and not request.get("free"):
        flags = {k: bool(request.get(k)) for k in ("advantage", "disadvantage", "doom")}
        failed = [i for i, face in enumerate(request["faces"]) if not campaign.dice_rule.face_successes(face, **flags)]
        if failed:
            return {"reroll": failed, "auto": True}
    return greedy_answer(session, sixes=True) if session is not None else first_answer(request)


def _resumed(bundle, campaign: Campaign) -> Campaign:
    """A JSON save of ``campaign`` loaded: the same request, state and log, and the next
    answer gives the same entry (same dice, same events) on both; the loaded one plays on."""
    loaded = Campaign.load(bundle, json.loads(json.dumps(campaign.save())))
    assert (loaded.pending, loaded.state, loaded.log) == (campaign.pending, campaign.state, campaign.log)
    answer = _answer(campaign)
    assert loaded.answer(answer) == campaign.answer(answer)
    assert (loaded.pending, loaded.state) == (campaign.pending, campaign.state)
    return loaded


def _check_carried(pack, end: dict, keeps: dict[int, tuple[dict, dict]], carried: dict) -> None:
    """The Campaign Mode steps 1-6 between the Story that ended in state ``end`` and the
    next one, whose carried state is ``carried``."""
    decks = decks_by_name(pack)
    boards = {board["name"]: board for board in pack["characters"]}
    loot = next(d["name"] for d in pack["decks"] if d["role"] == "loot")
    equipment = next(d["name"] for d in pack["decks"] if d["role"] == "equipment")
    dropped: Counter = Counter()                                          # per deck
    for index, (was, now) in enumerate(zip(end["characters"], carried["characters"])):
        board = boards[was["name"]]
        request, answer = keeps[index]
        # 1. Keep 2 hands worth of Weapons of their choice: the request lists the Weapons held
        weapons = [c["card"] for c in request["cards"]]
        assert request["hands"] == 2 and set(weapons) <= set(was["cards"]) and weapons
        assert sum(c["hands"] for c in request["cards"] if c["card"] in answer["keep"]) <= 2
        # 4. Discard all Coins and Loot cards (with step 1's Weapons not kept)
        gone = [c for c in was["cards"] if (c in weapons and c not in answer["keep"]) or c.startswith(f"{loot}#")]
        assert sorted(now["cards"]) == sorted(c for c in was["cards"] if c not in gone)
        assert not any(c.startswith(f"{loot}#") for c in now["cards"])
        assert Counter(now["items"]) == Counter(was["items"]) - Counter(card_of(decks, c)["name"] for c in gone)
        dropped.update(c.split("#")[0] for c in gone)
        # 2. Gain 2 Destiny, up to their maximum value
        assert now["destiny"] == min(was["destiny"] + 2, board["destiny"])
        # 3. A Health token lost to Falling regained (none is lost in the easier game),
        #    all flipped to the gold side: standing, at full health (some Fell in Act I)
        assert was["health_max"] == board["health"]
        assert (now["health_max"], now["health"], now["fallen"]) == (board["health"], board["health"], False)
    assert carried["coins"] == 0
    # 5. Shuffle all discard piles back into their decks: every card of the Story's
    #    piles, and those just discarded, is in its draw pile (or under the Porter)
    for name, piles in carried["decks"].items():
        before = end["decks"][name]
        assert piles["discard"] == [] and piles["box"] == before["box"]
        porter = (carried["porter"], end["porter"]) if name == equipment else ([], [])
        assert sorted(piles["draw"] + porter[0]) == sorted(before["draw"] + before["discard"] + porter[1]
                                                         + [c for c in _held(end) if c.startswith(f"{name}#")
                                                            and c not in _held(carried)])
        assert dropped[name] == len([c for c in _held(end) if c.startswith(f"{name}#") and c not in _held(carried)])
    assert check_conservation(carried, list(decks.values())) == []
    # 6. The Porter used: 1 Equipment card per player under him again; else unchanged
    if end["porter_called"]:
        assert len(carried["porter"]) == SETUP["players"] and all(c.startswith(f"{equipment}#") for c in carried["porter"])
    else:
        assert carried["porter"] == end["porter"]


def _check_start(pack, carried: dict, start: dict) -> None:
    """7. The next Story begins from what was carried (``start``: its state at its
    introduction). The easier game: "Each player draws 1 Loot card at the beginning of
    the Story" (kept, or resolved and discarded; a card it gives may make a Character
    leave an Equipment card)."""
    decks = decks_by_name(pack)
    loot = next(d["name"] for d in pack["decks"] if d["role"] == "loot")
    for now, first in zip(carried["characters"], start["characters"]):
        assert {k: first[k] for k in ("destiny", "health", "health_max", "fallen")} == \
            {k: now[k] for k in ("destiny", "health", "health_max", "fallen")}
    players = SETUP["players"]
    drawn = carried["decks"][loot]["draw"][:players]
    assert start["decks"][loot]["draw"] == carried["decks"][loot]["draw"][players:]
    assert set(drawn) <= set(start["decks"][loot]["discard"] + _held(start))
    discards = [c for piles in start["decks"].values() for c in piles["discard"]]
    assert set(_held(carried)) <= set(_held(start) + discards)        # nothing lost: held, or left
    assert start["porter"] == carried["porter"]
    assert check_conservation(start, list(decks.values())) == []


def _held(state: dict) -> list[str]:
    return [c for character in state["characters"] for c in character["cards"]]


def test_the_whole_campaign_with_battles_played_by_the_engine(bundle):
    """All four Acts, every Battle played by the engine (no ``battle`` request is ever
    asked), won; the carry-over of each of the three gaps checked with real values;
    saves loaded between the Acts (at the first ``keep`` request), at the start of each
    Act, and inside a Battle of each Act (mid-round: a turn after another's) resume identically;
    the campaign played with those loads equals the one played without."""
    pack = next(p for p in bundle.data["packs"] if p["id"] == "gascony")
    reference = Campaign.start(bundle, battles="engine", **SETUP)
    while not reference.finished:
        reference.answer(_answer(reference))

    campaign = Campaign.start(bundle, battles="engine", **SETUP)
    loads: Counter = Counter()
    exercised: Counter = Counter()                 # what the steps had to restore or discard
    end: dict | None = None
    keeps: dict[int, tuple[dict, dict]] = {}
    carried: dict | None = None
    mid_battle: set[str] = set()
    gaps = starts = 0
    while not campaign.finished:
        state, request = campaign.state, campaign.pending
        phase = state["campaign"]["phase"]
        assert request["kind"] != "battle"
        if phase == "between":
            if end is None:                    # the steps wait on their first keep request: nothing changed yet
                end = state
                maxima = {board["name"]: board["destiny"] for board in pack["characters"]}
                exercised["fallen"] += sum(c["fallen"] for c in state["characters"])
                exercised["destiny below max - 2"] += sum(c["destiny"] < maxima[c["name"]] - 2 for c in state["characters"])
                exercised["coins"] += state["coins"]
                story_save = campaign.save()["between"]["session"]
                story = Session.load(bundle, story_save).state          # the Act just won, at its end
                story["decks"] = {name: piles for name, piles in story["decks"].items() if name in state["decks"]}
                assert story == {k: v for k, v in state.items() if k != "campaign"}      # Threat decks left out
                campaign = _resumed(bundle, campaign)
                loads["between"] += 1
                keeps[request["character"]] = (request, campaign.log[-1]["answer"])
                continue
            answer = _answer(campaign)
            campaign.answer(answer)
            keeps[request["character"]] = (request, answer)
            continue
        if end is not None:                    # the next Act's first request (the Loot drawn at its start, maybe)
            carried = campaign.session.save()["setup"]["carried"]
            _check_carried(pack, end, keeps, carried)
            gaps += 1
            end, keeps = None, {}
        if carried is not None and request["kind"] == "text" and request["card"] is None:   # its introduction
            _check_start(pack, carried, state)
            carried, starts = None, starts + 1
        if campaign.session.log == []:
            campaign = _resumed(bundle, campaign)
            loads["story start"] += 1
            continue
        battle = state["battle"]
        if battle is not None and request["kind"] == "turn" and battle["turns_taken"] and state["story"] not in mid_battle:
            mid_battle.add(state["story"])
            campaign = _resumed(bundle, campaign)
            loads["mid-battle"] += 1
            continue
        campaign.answer(_answer(campaign))

    assert campaign.state["campaign"]["results"] == [{"story": s, "result": "victory"} for s in STORIES]
    assert gaps == starts == 3 and loads == {"between": 3, "story start": 4, "mid-battle": 4}
    assert mid_battle == set(STORIES)
    assert exercised["fallen"] and exercised["destiny below max - 2"] and exercised["coins"], exercised
    ends = Counter(e["story"] for e in campaign.log for ev in e["events"] if ev["event"] == "battle-end")
    assert set(ends) == set(STORIES)
    assert campaign.log == reference.log and campaign.state == reference.state
    assert campaign.transcript() == reference.transcript()
