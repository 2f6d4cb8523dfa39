"""The squares of a Weapon's Attack Pattern for a Character on the board.

A Weapon's ``pattern`` (bundle 1.5.0) is a list of offsets ``[right, forward]`` drawn
for a figure facing north: ``[0, 1]`` is the facing square, right is ``+1``. The
pattern turns with the facing and is mirrored left to right when the Stance token is
flipped. A Melee Weapon covers exactly its offsets (and never across an edge that
stops Melee Attacks: ``board.pattern_squares(melee=True)``). A Ranged Weapon covers
rays: every square whose offset is a positive whole multiple of a pattern offset,
within the Weapon's ``range`` (``None``: unlimited) and in the Character's line of
sight (docs/rulings.md, "Ranged Attack Patterns").

Rule sources: Gascony's Legacy, "Attack" (Attack Pattern, Stance, Ranged Weapons:
"Ranged Weapons hit one target anywhere in the direction of the Attack Pattern shown.
The target must be within both the Weapon's Range and the Character's Line of Sight"),
"Stance tokens". Dependencies: ``board``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardforge_runtime.board import Board, line_of_sight, pattern_squares
from cardforge_runtime.board.grid import DIRECTIONS, STEP, as_square, check_figures

__all__ = ["melee_cover", "unarmed_card", "weapon_squares"]

Square = tuple[int, int]


def weapon_squares(board: Board, square: Any, facing: str, flipped: bool, weapon: Mapping[str, Any],
                   figures: Mapping[Square, str] | None = None) -> list[Square]:
    """The squares ``weapon``'s Attack Pattern covers for a Character on ``square``.

    Args:
        board: the board (``board.build_board``).
        square: the Character's square ``(column, row)``.
        facing: north | east | south | west.
        flipped: the Stance token is flipped (the pattern is mirrored).
        weapon: an Equipment card of the bundle: ``attack`` (melee | ranged),
            ``pattern`` (offsets ``[[right, forward], ...]``), ``range`` (ranged;
            ``None`` = unlimited).
        figures: ``{square: kind}`` as the board queries take them (figures never
            block line of sight; checked).

    Returns:
        Melee: the squares of ``board.pattern_squares(..., melee=True)`` in the
        pattern's order. Ranged: for each offset in order, the squares of its ray
        nearest first, each once, in range and in line of sight from ``square``; a
        ray stops at the first square off the grid or beyond the range.

    Raises:
        ValueError: an unknown facing or attack type, a square off the grid.
    """
    square = as_square(square)
    check_figures(figures)
    pattern = weapon["pattern"]
    key = ("weapon-squares", square, facing, bool(flipped), weapon["attack"], weapon.get("range"),
           tuple(tuple(offset) for offset in pattern))
    found = board.cache.get(key)        # a property of the (immutable) board and these arguments
    if found is None:
        found = board.cache[key] = tuple(_weapon_squares(board, square, facing, flipped, weapon))
    return list(found)


def _weapon_squares(board: Board, square: Square, facing: str, flipped: bool,
                    weapon: Mapping[str, Any]) -> list[Square]:
    if weapon["attack"] == "melee":
        return pattern_squares(board, square, facing, weapon["pattern"], flipped, melee=True)
    if weapon["attack"] != "ranged":
        raise ValueError(f"unknown attack type {weapon['attack']!r}: expected melee or ranged")
    weapon_range = weapon.get("range")
    out: list[Square] = []
    for right, forward in weapon["pattern"]:
        k = 1
        while weapon_range is None or k * (abs(right) + abs(forward)) <= weapon_range:
            if not board.in_grid(_offset_square(square, facing, flipped, right * k, forward * k)):
                break
            for target in pattern_squares(board, square, facing, [[right * k, forward * k]], flipped):
                if target not in out and line_of_sight(board, square, target):
                    out.append(target)
            k += 1
    return out


def _offset_square(square: Square, facing: str, flipped: bool, right: int, forward: int) -> Square:
    """The square at offset ``[right, forward]``, on the grid or not (``pattern_squares``
    leaves out squares off the map; a ray needs to know where the grid ends)."""
    fx, fy = STEP[facing]
    rx, ry = STEP[DIRECTIONS[(DIRECTIONS.index(facing) + 1) % 4]]
    if flipped:
        right = -right
    return (square[0] + right * rx + forward * fx, square[1] + right * ry + forward * fy)


def unarmed_card(scene: Any) -> str | None:
    """The instance id of the Unarmed card of the pack's Equipment deck (numbered like
    the others, ``decks.instance_ids``, but never in a pile: every Character may attack
    with it), or ``None``."""
    name = scene.deck_for("equipment")
    deck = next((d for d in scene.pack.get("decks") or () if d["name"] == name), None)
    number = 0
    for card in (deck or {}).get("cards", ()):
        for _ in range(card.get("count", 1)):
            number += 1
            if card.get("unarmed"):
                return f"{name}#{number}"
    return None


def melee_cover(scene: Any, attacker: int) -> list[tuple[int, int]]:
    """The squares the Melee Weapons equipped by Character figure ``attacker`` cover
    (for ``{"among": "pattern"}`` and the Enemy turn): ``weapon_squares`` of each, on
    ``scene`` (a ``battle.scene.Scene``; ``battle.attack`` re-exports it), each square
    once, in the Weapons' order. A Character with no Weapon equipped has the Unarmed
    card's ("Characters without any Equipment must use the Unarmed card")."""
    me = scene.get(attacker)
    out: list[tuple[int, int]] = []
    unarmed = None if me["weapons"] else unarmed_card(scene)
    for card in me["weapons"] or ([unarmed] if unarmed is not None else []):
        weapon = scene.decks.card(card)
        if weapon["attack"] == "melee":
            out += [sq for sq in weapon_squares(scene.board, scene.square(attacker), me["facing"], me["flipped"],
                                                weapon) if sq not in out]
    return out
