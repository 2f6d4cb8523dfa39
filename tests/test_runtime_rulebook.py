"""Readings of the rulebook the engine follows outside Battles (issue 7, items 25, 26,
29, 30; docs/rulings.md): Solo Play counts, losing an item, Between Story Cards, and
the readings the rulebook leaves open. Bundles are made by hand."""

from __future__ import annotations

import pytest

from _runtime_helpers import advance, make_bundle
from cardforge_runtime import Session, load_bundle

GOTO_END = {"kind": "victory", "text": "Won."}


def start(cards, **options):
    setup = {k: options.pop(k) for k in ("players", "characters", "seed") if k in options}
    return Session.start(load_bundle(make_bundle(cards, **options)), "s", **{"players": 1, "seed": 1, **setup})


def players_is(count):
    return {"op": "==", "left": {"op": "name", "name": "players"}, "right": {"op": "const", "value": count}}


def characters_is(count):
    return {"op": "==", "left": {"op": "name", "name": "characters"}, "right": {"op": "const", "value": count}}


# -- item 25: Solo Play is "set up for 2 players" ----------------------------------------

SOLO_CARDS = [{"id": 1, "steps": [
    {"kind": "purchase", "deck": "Equipment", "per_player": 1},
    {"kind": "if", "condition": players_is(2), "then": [{"kind": "set", "values": {"two": True}}], "else": []},
    {"kind": "if", "condition": characters_is(4), "then": [{"kind": "set", "values": {"four": True}}], "else": []},
    GOTO_END]}]


@pytest.mark.parametrize(("players", "characters", "draw", "two", "four"), [
    (1, None, 2, True, False),                                        # Solo Play: set up for 2 players, 2 Characters
    (1, ["Anne", "Bertrand", "Claire"], 2, True, False),              # up to 4 Characters: still set up for 2 players
    (2, None, 2, True, False),
    (3, None, 3, False, False),
])
def test_solo_play_counts_as_set_up_for_two_players(players, characters, draw, two, four):
    """Gascony's Legacy, Solo Play: "Set up the game for 2 players and take control of
    both Characters [...] up to 4 Characters": card 12's "1 Equipment card per player"
    draws 2 in Solo Play, and `players` reads 2; the state keeps the 1 person playing."""
    session = start(SOLO_CARDS, players=players, characters=characters, flags=["two", "four"])
    request = advance(session)
    assert request["kind"] == "purchase" and request["draw"] == draw
    session.answer({"buy": []})
    advance(session)
    assert session.state["flags"] == {"two": two, "four": four}
    assert session.state["players"] == players


def test_solo_play_may_control_four_characters():
    boards = [{"name": n, "stats": {"Prowess": 1, "Movement": 1}, "destiny": 1, "health": 1, "items": []}
              for n in ("A", "B", "C", "D", "E")]
    bundle = load_bundle(make_bundle(SOLO_CARDS, flags=["two", "four"], characters=boards))
    session = Session.start(bundle, "s", players=1, characters=["A", "B", "C", "D"])
    assert advance(session)["draw"] == 2
    session.answer({"buy": []})
    advance(session)
    assert session.state["flags"] == {"two": True, "four": True}
