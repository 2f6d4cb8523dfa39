"""The game state: plain, serialisable JSON data, the only thing a save holds.

``initial_state`` builds the state a story starts from (Gascony's Legacy, Setup);
``checked_state`` checks a save's checkpoint state value by value and fits it to a
rebuilt story; ``diff`` lists the values that changed (the ``changes`` of a log
entry). The state's shape is in docs/runtime.md, State::

    {"pack", "story", "card", "players", "coins", "flags", "counters",
     "characters": [{"name", "stats", "destiny", "destiny_max", "health",
                     "health_max", "status", "items", "fallen"}], "result"}

This module is low in the runtime: it imports only ``setup`` (for ``SessionError``).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from typing import Any

from cardforge_runtime.setup import SessionError

__all__ = ["as_json", "checked_state", "diff", "initial_state"]


def initial_state(pack: Mapping[str, Any], story: Mapping[str, Any], setup: Mapping[str, Any]) -> dict[str, Any]:
    """The state before the first card: every Character at full Destiny and Health,
    no status tokens, their board's items; no coins; flags false, counters at their
    starting value; ``card`` and ``result`` ``None``.

    Args:
        pack, story: the bundle's pack and story.
        setup: a checked setup (``setup.check_setup``): players, Character boards, seed.
    """
    characters = [
        {
            "name": board["name"],
            "stats": dict(board["stats"]),
            "destiny": board["destiny"],
            "destiny_max": board["destiny"],
            "health": board["health"],
            "health_max": board["health"],
            "status": [],
            "items": list(board.get("items", [])),
            "fallen": False,
        }
        for board in setup["characters"]
    ]
    return {
        "pack": pack["id"],
        "story": story["id"],
        "card": None,
        "players": setup["players"],
        "coins": 0,
        "flags": {flag: False for flag in story["flags"]},
        "counters": dict(story["counters"]),
        "characters": characters,
        "result": None,
    }


def checked_state(state: Any, refs: Mapping[str, Any], setup: Mapping[str, Any], story: Mapping[str, Any],
                  tokens: Mapping[str, Any]) -> dict[str, Any]:
    """A save's checkpoint state, checked against the setup and the (rebuilt) story
    and fitted to it: flags and counters the story no longer declares are dropped,
    new ones take their starting value.

    Args:
        state: the checkpoint state as the save holds it.
        refs: the save's ``references`` (``pack``, ``story``).
        setup: the checked setup of the save.
        story: the story as the bundle now has it.
        tokens: the pack's status tokens by name.

    Returns:
        A new state (the argument is not changed).

    Raises:
        SessionError: any value this engine could not play from.
    """
    def whole(value: Any, low: int, high: int) -> bool:
        return type(value) is int and low <= value <= high

    boards = setup["characters"]
    cards = {card["id"] for card in story["cards"]}
    try:
        ok = (state["pack"] == refs["pack"] and state["story"] == refs["story"] and state["result"] is None
              and (state["card"] is None or (type(state["card"]) is int and state["card"] in cards))
              and state["players"] == setup["players"] and whole(state["coins"], 0, 10**12)
              and all(type(k) is str and type(v) is bool for k, v in state["flags"].items())
              and all(type(k) is str and type(v) is int for k, v in state["counters"].items())
              and isinstance(state["characters"], list) and len(state["characters"]) == len(boards))
        for character, board in zip(state["characters"] if ok else [], boards):
            ok = ok and (character["name"] == board["name"] and character["stats"] == board["stats"]
                         and character["destiny_max"] == board["destiny"]
                         and whole(character["destiny"], 0, board["destiny"])
                         and whole(character["health_max"], 1, board["health"])
                         and whole(character["health"], 0, character["health_max"])
                         and type(character["fallen"]) is bool and character["fallen"] == (character["health"] == 0)
                         and isinstance(character["status"], list) and character["status"] == sorted(set(character["status"]))
                         and all(token in tokens for token in character["status"])
                         and isinstance(character["items"], list) and all(type(i) is str for i in character["items"]))
        ok = ok and not all(c["fallen"] for c in state["characters"])    # the story would have ended
    except (KeyError, TypeError, AttributeError):
        ok = False
    if not ok:
        raise SessionError("the save's checkpoint state is damaged")
    state = copy.deepcopy(dict(state))
    state["flags"] = {f: state["flags"].get(f, False) for f in story["flags"]}
    state["counters"] = {name: state["counters"].get(name, start) for name, start in story["counters"].items()}
    return state


def diff(before: Any, after: Any, path: str = "") -> list[dict[str, Any]]:
    """Every value that differs, as ``{"path", "from", "to"}`` with JSON-Pointer paths,
    in key order. Lists of Characters are compared position by position; other lists
    (status tokens, items) as whole values."""
    if isinstance(before, dict) and isinstance(after, dict):
        changes = []
        for key in sorted(set(before) | set(after)):
            changes += diff(before.get(key), after.get(key), f"{path}/{key}")
        return changes
    if path == "/characters" and isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        changes = []
        for i, (old, new) in enumerate(zip(before, after)):
            changes += diff(old, new, f"{path}/{i}")
        return changes
    return [] if before == after else [{"path": path, "from": before, "to": after}]


def as_json(data: Any) -> Any:
    """``data`` as JSON would give it back (tuples become lists; other values kept),
    or ``None`` when it is not JSON data."""
    try:
        return json.loads(json.dumps(data))
    except (TypeError, ValueError, RecursionError):
        return None
