"""Wounds, healing and Fallen Characters: what Health does to a Character, and when
the players lose for it.

Rules followed (Gascony's Legacy): Suffering Wounds, Healing Wounds, Fallen
Characters, and the Objective's two ways to lose (one Character has no more Health
tokens, or all Characters have Fallen). Each function changes the Character dicts
(``state.initial_state``'s shape) it is given in place, or only reads them.

Dependencies: none (the lowest layer); ``story`` calls it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["heal", "lost", "wound"]


def heal(character: dict[str, Any], wounds: int) -> None:
    """Gascony's Legacy, Healing Wounds: flip up to ``wounds`` Health tokens back.
    Healing does not stand a Fallen Character up: only Rescue a Fallen Ally does,
    and Rescue is a Battle action (docs/rulings.md, Healing a Fallen Character)."""
    character["health"] = min(character["health_max"], character["health"] + wounds)


def wound(character: dict[str, Any], wounds: int, *, severe: bool = True) -> None:
    """Gascony's Legacy, Suffering Wounds: each Wound flips a Health token; when
    none is left, one token goes back to the box (maximum health - 1: a Severe
    Wound) and the Character has Fallen. A Fallen Character suffers no more Wounds.
    ``severe=False``: the easier game (Difficulty Adjustments, "Characters never
    receive a Severe Wound when they are knocked down"): no token goes to the box."""
    for _ in range(wounds):
        if character["fallen"]:
            return
        character["health"] -= 1
        if character["health"] == 0:
            if severe:
                character["health_max"] -= 1
            character["fallen"] = True


def lost(characters: Sequence[dict[str, Any]]) -> tuple[str, int | None] | None:
    """Gascony's Legacy, Objective: whether the players have lost, as ``(reason,
    character)``: ``("no_health", i)`` when Character ``i`` (the first such) has no
    more Health tokens, checked first; ``("all_fallen", None)`` when every Character
    has Fallen; ``None`` while the game goes on."""
    for index, character in enumerate(characters):
        if character["health_max"] <= 0:
            return ("no_health", index)
    if all(c["fallen"] for c in characters):
        return ("all_fallen", None)
    return None
