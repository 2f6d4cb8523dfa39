"""Prepare (Flip Stance): change which Weapons are equipped and/or flip the Stance token.

``prepare(scene, figure, free=False)`` yields one ``prepare`` request and applies the
answer: ``{"keep": true}`` changes nothing; ``{"equip": [card ids], "flip": bool}``
equips exactly those Weapons (from the Weapon cards the Character holds: at most one
primary and one secondary, within the pack's ``carry.hands``) and flips the Stance when
``flip`` is true. Event ``prepare`` (``figure``, ``weapons``, ``flipped``, ``free``).
The answer check is ``battle.round_answers.check_prepare``.

Used by Setup 6 (a free Prepare each), the Prepare Action of a Character turn and the
Movement Stone of Chance ("perform a Prepare action").

Rule sources: Gascony's Legacy, "Prepare (Flip Stance)", "Stance tokens", "Equipment
cards" ("can only use one primary weapon and one secondary weapon"; "Characters can
only carry 2 hands worth of equipment at once"). Dependencies: ``battle.scene``.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from cardforge_runtime.battle.scene import Scene

__all__ = ["hands_limit", "prepare", "weapons_held"]


def hands_limit(scene: Scene) -> int:
    """The hands' worth of Weapons a Character may equip: the pack's ``carry.hands``
    (2 when the pack sets no limit: one primary and one secondary Weapon)."""
    return ((scene.pack.get("carry") or {}).get("hands")) or 2


def weapons_held(scene: Scene, index: int) -> list[tuple[str, dict[str, Any]]]:
    """The Weapon cards (Equipment cards with an ``attack``) Character ``index`` holds:
    ``(card id, bundle card)`` in the order held."""
    out = []
    for card in scene.game["characters"][index]["cards"]:
        data = scene.decks.card(card)
        if data.get("attack") and not data.get("unarmed"):
            out.append((card, data))
    return out


def prepare(scene: Scene, figure_id: int, *, free: bool = False) -> Generator[dict[str, Any], dict[str, Any], None]:
    """One Prepare by Character figure ``figure_id`` (``free``: Setup 6's, no Action
    spent; only recorded in the event)."""
    me = scene.get(figure_id)
    index = me["character"]
    cards = [{"card": card, "name": data["name"], "hands": data["hands"], "slot": data["slot"]}
             for card, data in weapons_held(scene, index)]
    answer = yield {"kind": "prepare", "card": scene.game.get("card"), "character": index, "figure": figure_id,
                    "cards": cards, "equipped": list(me["weapons"]), "flipped": me["flipped"],
                    "hands": hands_limit(scene)}
    if not answer.get("keep"):
        me["weapons"] = list(answer["equip"])
        if answer["flip"]:
            me["flipped"] = not me["flipped"]
    scene.record({"event": "prepare", "figure": figure_id, "weapons": list(me["weapons"]), "flipped": me["flipped"],
                  "free": free})
