"""Upkeep effects and whom their ``you`` names (``battle.upkeep``; Gascony's Legacy,
"4. Upkeep": "Apply any "End of Round" or Upkeep Phase effects [...] on [...] the
Battle Card"): an effect naming ``you`` is played for each Character in play, in
index order; any other effect once. Played on the shipped act-1 Battle (card 102)
with an ``upkeep`` list added to its step (docs/rulings.md, "Whom an Upkeep effect
names")."""

from __future__ import annotations

import json
import random

from greedy import first_answer
from players import battle_answer

from cardforge_runtime import Session, load_bundle
from cardforge_runtime.battle.upkeep import names_you
from cardforge_runtime.effect_fields import effect_defaults
from cardforge_runtime.format import content_hash

BATTLE_CARD = 102
EXITS = [[12, 7], [12, 8]]


def _bundle(gascony_bundle, upkeep):
    data = json.loads(gascony_bundle.read_text(encoding="utf-8"))
    card = next(c for c in data["packs"][0]["stories"][0]["cards"] if c["id"] == BATTLE_CARD)
    step = next(s for s in card["steps"] if s["kind"] == "battle")
    step["upkeep"] = [{"kind": e["kind"], **effect_defaults(e["kind"]), **e} for e in upkeep]   # as emitted
    data["content_hash"] = content_hash(data["packs"])
    return load_bundle(data)


def _to_first_upkeep(bundle, players=3):
    """Play act-1 (seed 4) to the end of the first Upkeep of Battle card 102; the log
    entries of the whole Battle so far."""
    session = Session.start(bundle, "act-1", players=players, seed=4)
    rng = random.Random(0)
    while session.pending["kind"] not in ("deploy", "battle"):
        session.answer(first_answer(session.pending))
    for _ in range(500):
        if any(e["event"] == "upkeep" for entry in session.log for e in entry["events"]):
            return session
        session.answer(battle_answer(session.pending, rng, exits=EXITS, greedy=0.0))
    raise AssertionError("no Upkeep reached")


def _upkeep_events(session):
    events = [e for entry in session.log for e in entry["events"]]
    start = next(i for i, e in enumerate(events) if e["event"] == "upkeep")
    end = next((i for i, e in enumerate(events) if i > start and e["event"] == "round"), len(events))
    return events[start:end]


HEAL_YOU = {"kind": "heal", "who": "you", "amount": 1}


def test_an_upkeep_effect_naming_you_is_played_for_each_character_in_play(gascony_bundle):
    """``wound: {who: you}`` and ``gain: {destiny: 1}`` (``who`` left at its default,
    ``you``): each of the three Characters, in index order; ``activate`` of the
    Cardinal's Captain (no subject): once."""
    upkeep = [{"kind": "wound", "who": "you", "amount": 1},
              {"kind": "gain", "destiny": 1},
              {"kind": "activate", "enemy": "Cardinal's Captain", "adjacent_to": None}]
    session = _to_first_upkeep(_bundle(gascony_bundle, upkeep))
    figures = {f["character"]: f["id"] for f in session.state["battle"]["characters"]}
    events = _upkeep_events(session)
    assert events[0] == {"event": "upkeep", "round": 1, "effects": 3}
    wounds = [e for e in events if e["event"] == "wound"]
    assert [(e["figure"], e["amount"], e["source"]) for e in wounds] == [
        (figures[0], 1, "effect"), (figures[1], 1, "effect"), (figures[2], 1, "effect")]
    gains = [e for e in events if e["event"] == "gain"]
    assert [(e["figures"], e["destiny"]) for e in gains] == [([figures[0]], 1), ([figures[1]], 1), ([figures[2]], 1)]
    captain = [e["figures"] for e in events if e["event"] == "activate"]
    assert len(captain) == 1 and len(captain[0]) == 1                   # the Cardinal's Captain, once


def test_names_you_reads_defaults_nested_effects_and_predicates():
    assert names_you(HEAL_YOU) and names_you({"kind": "heal", "amount": 2})           # the default who: you
    assert names_you({"kind": "place", "who": "this", "at": "behind-you"})
    assert not names_you({"kind": "wound", "who": "this", "amount": 1})
    assert not names_you({"kind": "activate", "enemy": None, "adjacent_to": None})
    assert not names_you({"kind": "spawn", "enemy": "Cardinal's Guard", "count": {"1": 1}})
    assert names_you({"kind": "if", "if": {"kind": "has_status", "value": "Doom"}, "then": [], "else": []})
    assert names_you({"kind": "if", "if": {"kind": "in_supply", "value": "Marksman"}, "then": [HEAL_YOU],
                      "else": []})
    assert not names_you({"kind": "if", "if": {"kind": "wounded", "value": None}, "then": [], "else": []})


def test_a_solo_players_two_characters_are_each_healed(gascony_bundle):
    """Solo Play: one player, two Characters (the pack's ``solo_characters``): the
    upkeep ``heal`` is played for both, each healing 1 Wound they had."""
    session = _to_first_upkeep(_bundle(gascony_bundle, [HEAL_YOU]), 1)
    figures = [f["id"] for f in sorted(session.state["battle"]["characters"], key=lambda f: f["character"])]
    heals = [e for e in _upkeep_events(session) if e["event"] == "heal"]
    assert len(figures) == 2 and [e["figure"] for e in heals] == figures
