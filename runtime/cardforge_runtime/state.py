"""The game state: plain, serialisable JSON data, the only thing a save holds.

``initial_state`` builds the state a story starts from (Gascony's Legacy, Setup);
``checked_state`` checks a save's checkpoint state value by value (``carry`` first
fits it to a rebuilt story); ``diff`` lists the values that changed (the ``changes``
of a log entry); ``copy_json`` copies JSON data (state, requests, answers, log
entries) fast, and ``update_copy`` brings a copy of the state up to date at the cost
of what changed. The state's shape is in docs/runtime.md, State::

    {"pack", "story", "card", "players", "coins", "flags", "counters", "porter_called",
     "costs", "decks": {deck: {"draw", "discard", "box"}}, "porter": [card ids], "offer": [card ids],
     "characters": [{"name", "stats", "destiny", "destiny_max", "health",
                     "health_max", "status", "items", "cards", "fallen"}], "result"}

This module is low in the runtime: it imports only ``setup`` (for ``SessionError``)
and ``decks`` (to check that no card is lost or duplicated).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from cardforge_runtime.decks import card_of, check_conservation
from cardforge_runtime.limits import MAX_NUMBER
from cardforge_runtime.setup import SessionError

__all__ = ["checked_state", "copy_json", "diff", "initial_state", "update_copy"]


def initial_state(pack: Mapping[str, Any], story: Mapping[str, Any], setup: Mapping[str, Any],
                  difficulty: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The state before the first card: every Character at full Health and at full
    Destiny (or at its board's ``destiny_start``: Campaign Mode, the harder game),
    no status tokens, their board's items; no coins; flags false, counters at their
    starting value; no Porter called and no item bought (``costs``: item -> the cost it
    was bought at); ``card``, ``result`` and ``battle`` (the Battle state while a Battle
    is played by the engine, docs/runtime.md "Battle rounds") ``None``. Each Character's ``items``
    are their board's ``items`` then ``weapons``; ``cards`` (deck cards held),
    ``decks``, ``porter`` and ``offer`` are empty until ``deck_play.set_up_decks`` deals them.

    Args:
        pack, story: the bundle's pack and story.
        setup: a checked setup (``setup.check_setup``): players, Character boards, seed.
        difficulty: the pack's difficulty option in play (``destiny_start``: a change to
            the starting Destiny, -2 for "2 fewer Destiny tokens", capped to 0..the
            Character's maximum, Difficulty Adjustments), or ``None``.
    """
    difficulty = difficulty or {}
    characters = [
        {
            "name": board["name"],
            "stats": dict(board["stats"]),
            "destiny": board.get("destiny_start", board["destiny"]),
            "destiny_max": board["destiny"],
            "health": board["health"],
            "health_max": board["health"],
            "status": [],
            "items": list(board.get("items", [])) + list(board.get("weapons", [])),
            "cards": [],
            "fallen": False,
        }
        for board in setup["characters"]
    ]
    change = difficulty.get("destiny_start", 0)
    for character, board in zip(characters, setup["characters"]):
        if change and "destiny_start" not in board:
            # the harder game: "Characters begin each Story with 2 fewer Destiny tokens"; a
            # rise stops at the maximum ("They can still gain additional Destiny up to their
            # maximum", Difficulty Adjustments): never above it, never below 0
            character["destiny"] = min(character["destiny_max"], max(0, character["destiny"] + change))
    return {
        "pack": pack["id"],
        "story": story["id"],
        "card": None,
        "players": setup["players"],
        "coins": 0,
        "flags": {flag: False for flag in story["flags"]},
        "counters": dict(story["counters"]),
        "porter_called": False,
        "costs": {},
        "decks": {},
        "porter": [],
        "offer": [],
        "characters": characters,
        "result": None,
        "battle": None,
    }


def checked_state(state: Any, refs: Mapping[str, Any], setup: Mapping[str, Any], story: Mapping[str, Any],
                  tokens: Mapping[str, Any], decks: list[Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """A save's checkpoint state, checked value by value against the setup and the
    story it is to be played on (after ``carry.carry_over`` fitted it to them).

    Args:
        state: the checkpoint state.
        refs: the save's ``references`` (``pack``, ``story``).
        setup: the checked setup of the save.
        story: the story as the bundle has it.
        tokens: the pack's status tokens by name.
        decks: the pack's decks: every card instance must sit in exactly one place
            (``decks.check_conservation``), each held card named in its
            Character's ``items``.

    Returns:
        A copy of the state (the argument is not changed).

    Raises:
        SessionError: ``the save's checkpoint state is damaged: <what>``, naming the
            first value this engine could not play from.
    """
    def whole(value: Any, low: int, high: int) -> bool:
        return type(value) is int and low <= value <= high

    def check(ok: Any, what: str) -> None:
        if not ok:
            raise SessionError(f"the save's checkpoint state is damaged: {what}")

    boards = setup["characters"]
    cards = {card["id"] for card in story["cards"]}
    try:
        check(isinstance(state, Mapping), "it is not an object")
        check(state["pack"] == refs["pack"] and state["story"] == refs["story"], "its pack or story is not the save's")
        check(state["result"] is None, "the story has already ended")
        # a checkpoint is taken when a card is drawn: before any Battle of that card
        check(state["battle"] is None, "a Battle under way at the card's checkpoint")
        check(state["card"] is None or (type(state["card"]) is int and state["card"] in cards), "no such card")
        check(state["players"] == setup["players"], "the number of players differs from the setup")
        check(whole(state["coins"], 0, MAX_NUMBER), f"coins {state['coins']!r}")
        check(isinstance(state["flags"], Mapping) and set(state["flags"]) == set(story["flags"])
              and all(type(v) is bool for v in state["flags"].values()), "the flags")
        check(isinstance(state["counters"], Mapping) and set(state["counters"]) == set(story["counters"])
              and all(type(v) is int for v in state["counters"].values()), "the counters")
        check(type(state["porter_called"]) is bool, "porter_called")
        check(isinstance(state["costs"], Mapping) and all(whole(c, 0, MAX_NUMBER) for c in state["costs"].values()),
              "the costs of items bought")
        check(isinstance(state["characters"], list) and len(state["characters"]) == len(boards),
              "the Characters differ from the setup")
        for character, board in zip(state["characters"], boards):
            name = board["name"]
            check(isinstance(character, Mapping) and character["name"] == name, f"Character {name!r} is missing")
            check(character["stats"] == board["stats"], f"{name}'s stats differ from the board")
            check(character["destiny_max"] == board["destiny"] and whole(character["destiny"], 0, board["destiny"]),
                  f"{name}'s Destiny")
            check(whole(character["health_max"], 1, board["health"])
                  and whole(character["health"], 0, character["health_max"]), f"{name}'s Health")
            check(type(character["fallen"]) is bool and (character["fallen"] or character["health"] > 0),
                  f"{name} has no Health token left but has not Fallen")
            check(isinstance(character["status"], list) and all(type(t) is str for t in character["status"])
                  and character["status"] == sorted(character["status"])
                  and all(token in tokens for token in character["status"])
                  # one of each token, unless it stacks (the pack's ``stacks``: Fatigue)
                  and all(character["status"].count(token) == 1 or tokens[token].get("stacks", False)
                          for token in character["status"]), f"{name}'s status tokens")
            check(isinstance(character["items"], list) and all(type(i) is str for i in character["items"]),
                  f"{name}'s items")
        check(not all(c["fallen"] for c in state["characters"]), "every Character has Fallen (the story would have ended)")
        check(isinstance(state["decks"], Mapping) and isinstance(state["porter"], list) and state["offer"] == []
              and all(isinstance(c["cards"], list) for c in state["characters"]), "the decks")
        if decks is not None:
            check(sorted(state["decks"]) == sorted(deck["name"] for deck in decks),
                  "the decks differ from the pack's (and the Threat decks set up)")
            for piles in state["decks"].values():
                check(isinstance(piles, Mapping) and sorted(piles) == ["box", "discard", "draw"]
                      and all(isinstance(p, list) and all(type(c) is str for c in p) for p in piles.values()),
                      "a deck's piles")
            faults = check_conservation(state, decks)
            check(not faults, "; ".join(faults[:3]))
            by_name = {deck["name"]: deck for deck in decks}
            for character in state["characters"]:
                names = [card_of(by_name, card)["name"] for card in character["cards"]]
                check(all(names.count(n) <= character["items"].count(n) for n in names),
                      f"{character['name']} holds a card that is not among their items")
    except (KeyError, TypeError, AttributeError) as error:
        raise SessionError("the save's checkpoint state is damaged: "
                           f"a value is missing or has the wrong type ({error})") from None
    state = copy.deepcopy(dict(state))
    state["flags"] = {flag: state["flags"][flag] for flag in story["flags"]}           # the story's order
    state["counters"] = {name: state["counters"][name] for name in story["counters"]}
    return state


def diff(before: Any, after: Any, path: str = "") -> list[dict[str, Any]]:
    """Every value that differs, as ``{"path", "from", "to"}`` with JSON-Pointer paths,
    in key order. Lists of Characters are compared position by position; other lists
    (status tokens, items) as whole values.

    Equal values give no change at any depth, so an equal part is settled by one
    ``==`` (in C) and only the parts that differ are walked: an answer changes a few
    values of the state, and this costs about that much. The ``from`` and ``to``
    values are ``before``'s and ``after``'s own objects, not copies."""
    if before == after:
        return []
    if isinstance(before, dict) and isinstance(after, dict):
        changes = []
        for key in sorted(set(before) | set(after)):
            old, new = before.get(key), after.get(key)
            if old != new:
                changes += diff(old, new, f"{path}/{key}")
        return changes
    if path == "/characters" and isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        changes = []
        for i, (old, new) in enumerate(zip(before, after)):
            if old != new:
                changes += diff(old, new, f"{path}/{i}")
        return changes
    return [{"path": path, "from": before, "to": after}]


#: The JSON scalar types: immutable, so a copy may share them.
_SCALARS = frozenset({str, int, float, bool, type(None)})


def copy_json(data: Any) -> Any:
    """A deep copy of JSON data, for the session's copies in and out (the state, a
    request, an answer, a log entry).

    Dicts and lists are rebuilt, str/int/float/bool/None shared (they are
    immutable); any other value (a tuple, a ``Mapping`` that is not a dict, an
    ``int`` subclass...) is copied by ``copy.deepcopy``, so the copy is the one
    ``copy.deepcopy`` would make. Unlike it, a dict or list referenced twice is
    copied twice, and a list that contains itself is not supported (JSON data has
    neither). About six times faster than ``copy.deepcopy`` on a game state (it
    keeps no memo).

    Raises:
        whatever ``copy.deepcopy`` raises on a value that is not JSON data.
    """
    kind = type(data)
    if kind is dict:
        # most values of a state's dicts (flags, counters) are scalars: copy the
        # table at once, then replace the few values that are not
        copied = data.copy()
        for key, value in data.items():
            if type(value) not in _SCALARS:
                copied[key] = copy_json(value)
        return copied
    if kind is list:
        return [value if type(value) in _SCALARS else copy_json(value) for value in data]
    if kind in _SCALARS:
        return data
    return copy.deepcopy(data)


def update_copy(copied: dict[str, Any], state: Mapping[str, Any]) -> None:
    """Make ``copied``, a ``copy_json`` of an earlier ``state``, equal to ``state``
    again, sharing nothing with it, at the cost of what changed.

    Each top-level value that differs (``card``, ``flags``, ``characters``...) is
    replaced by a new copy, the others are kept; keys ``state`` no longer has are
    removed. A value replaced is never changed in place, so the ``from`` values of
    a ``diff(copied, state)`` taken just before stay as they were.
    """
    for key in copied.keys() - state.keys():
        del copied[key]
    for key, value in state.items():
        if key not in copied or copied[key] != value:
            copied[key] = value if type(value) in _SCALARS else copy_json(value)
