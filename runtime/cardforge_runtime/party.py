"""Who a step concerns when it names Characters (format 1.2): the ``character``,
``otherwise`` and ``except`` keys of ``challenge``, ``roll``, ``gain`` and ``lose``
steps (docs/bundle.md, Steps; docs/runtime.md, Named Characters).

A card may tell which Character acts ("Let Porthos answer the insult", Gascony's
Legacy, Event Cards: the players otherwise choose as a group) or who may not (the
duel against Athos on card 18). Pure functions over the game state; the step
semantics (``story``) ask the group when a pick is left. Also who can be picked at
all: the Characters still standing, the holders of items.

Dependencies: none (reads the state's ``characters``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["allowed", "holders", "named", "standing"]


def allowed(state: Mapping[str, Any], step: Mapping[str, Any], candidates: Sequence[int]) -> list[int]:
    """``candidates`` (Character indexes) without those the step's ``except`` names
    (by board name), in the same order."""
    barred = step.get("except") or ()
    return [i for i in candidates if state["characters"][i]["name"] not in barred]


def named(state: Mapping[str, Any], step: Mapping[str, Any], rolls: bool) -> int | str | None:
    """The Character a step names with ``character``.

    Returns:
        the Character's index when that Character is in the party and, when the
        step ``rolls`` dice (a challenge or roll), has not Fallen; otherwise the
        step's ``otherwise``, ``"pick"`` (also when absent) or ``"skip"``; ``None``
        when the step has no ``character``.
    """
    name = step.get("character")
    if name is None:
        return None
    for index, character in enumerate(state["characters"]):
        if character["name"] == name and not (rolls and character["fallen"]):
            return index
    return step.get("otherwise", "pick")


def standing(state: Mapping[str, Any]) -> list[int]:
    """Characters who have not Fallen (indexes, in order)."""
    return [i for i, c in enumerate(state["characters"]) if not c["fallen"]]


def holders(state: Mapping[str, Any], items: Sequence[str]) -> list[int]:
    """Characters who hold every item of ``items`` (as many copies as listed), in
    order."""
    return [i for i, c in enumerate(state["characters"])
            if all(c["items"].count(item) >= items.count(item) for item in items)]
