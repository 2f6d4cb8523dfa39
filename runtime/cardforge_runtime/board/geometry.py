"""Adjacency, Range and Attack Patterns on a board.

Rule sources: Gascony's Legacy, "Important Terms" (Adjacent: "The 8 squares that
share a common edge or corner with your square"), "Attack" (Range: "Each square in a
line counts as 1 Range, while each diagonal square counts as 2 Range. If a Ranged
Weapon doesn't list a Range, it is considered unlimited"; the Attack Pattern,
flipped with the Stance), "Balconies and Railings" ("Melee Attacks cannot be made
across a railing").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardforge_runtime.board.grid import DIRECTIONS, STEP, Board, Square, as_square
from cardforge_runtime.board.segments import crosses_edges
from cardforge_runtime.board.terrain import edge_rules

__all__ = ["adjacent", "adjacent_squares", "in_range", "pattern_squares", "range_between", "turns_between"]

#: The right-hand direction of each facing (Attack Patterns are drawn facing north).
_RIGHT: dict[str, str] = {d: DIRECTIONS[(i + 1) % 4] for i, d in enumerate(DIRECTIONS)}


def adjacent(a: Square, b: Square) -> bool:
    """Whether squares ``a`` and ``b`` are adjacent: one of the 8 squares sharing an edge
    or a corner (Gascony's Legacy, Important Terms: Adjacent). A square is not adjacent
    to itself."""
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def adjacent_squares(board: Board, square: Square) -> list[Square]:
    """The squares of ``board``'s grid adjacent to ``square`` (up to 8, walls included),
    clockwise from north (Important Terms: Adjacent)."""
    c, r = as_square(square)
    around = [(c, r - 1), (c + 1, r - 1), (c + 1, r), (c + 1, r + 1), (c, r + 1), (c - 1, r + 1), (c - 1, r),
              (c - 1, r - 1)]
    return [s for s in around if board.in_grid(s)]


def range_between(a: Square, b: Square) -> int:
    """The Range from ``a`` to ``b`` in Range points: each square in a line counts 1,
    each diagonal square 2, so ``|dc| + |dr|`` (Gascony's Legacy, Attack: Range)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def in_range(a: Square, b: Square, weapon_range: int | None) -> bool:
    """Whether ``b`` is within ``weapon_range`` of ``a``; ``None`` = unlimited (Attack:
    "If a Ranged Weapon doesn't list a Range, it is considered unlimited")."""
    return weapon_range is None or range_between(a, b) <= weapon_range


def turns_between(facing: str, new_facing: str) -> int:
    """The 90-degree turns from ``facing`` to ``new_facing`` (0, 1 or 2), each costing 1
    Movement point when moving (Gascony's Legacy, Move: Facing and Stance). Raises
    ``ValueError`` for a facing that is not one of the four directions."""
    for value in (facing, new_facing):
        if value not in DIRECTIONS:
            raise ValueError(f"unknown facing {value!r}: expected one of {', '.join(DIRECTIONS)}")
    d = (DIRECTIONS.index(new_facing) - DIRECTIONS.index(facing)) % 4
    return min(d, 4 - d)


def pattern_squares(board: Board, square: Square, facing: str, pattern: Iterable[Sequence[int]],
                    flipped: bool = False, melee: bool = False) -> list[Square]:
    """The squares an Attack Pattern covers from ``square``.

    Args:
        board: the board.
        square: the attacker's square ``(column, row)``.
        facing: ``north`` | ``east`` | ``south`` | ``west``; forward is the facing.
        pattern: offsets ``[right, forward]`` as drawn for a figure facing north
            (``[0, 1]`` is the square in front, ``[1, 1]`` the one ahead to the right).
        flipped: the Stance is flipped: the pattern is mirrored left to right.
        melee: keep only squares a Melee Attack reaches: the line from the centre of
            ``square`` to the square's centre crosses no edge whose keyword has
            ``elevated.melee_across: false`` (the pinch-point and end-point rulings of
            ``segments.crosses_edges`` apply).

    Returns:
        The covered on-map squares, in the pattern's order, each once (walls and
        squares off the grid are left out); then, when the pattern covers a square
        adjacent to ``square``, the squares linked to ``square`` by a link with
        ``attack`` (``Board.links``; Descent, Staircases: "Attacks may be made across
        matching staircase spaces as though the two ends were adjacent"). Whether a target there is also in line of
        sight is ``sight.line_of_sight``'s question (Attack: "within the Attack Pattern
        and line of sight").

    Raises:
        ValueError: an unknown facing.

    Rule: Gascony's Legacy, "Attack" (Attack Pattern, Stance), "Balconies and Railings".
    """
    if facing not in STEP:
        raise ValueError(f"unknown facing {facing!r}: expected one of {', '.join(DIRECTIONS)}")
    square = as_square(square)
    fwd, right = STEP[facing], STEP[_RIGHT[facing]]
    blocking = [edge for edge, rules in edge_rules(board).items() if not rules.melee_across] if melee else []
    centre = (2 * square[0] - 1, 2 * square[1] - 1)
    out: list[Square] = []
    for offset in pattern:
        rx, fw = offset
        if flipped:
            rx = -rx
        target = (square[0] + rx * right[0] + fw * fwd[0], square[1] + rx * right[1] + fw * fwd[1])
        if target in out or not board.on_map(target):
            continue
        if blocking and crosses_edges(centre, (2 * target[0] - 1, 2 * target[1] - 1), blocking, scale=2):
            continue
        out.append(target)
    if any(adjacent(square, target) for target in out):
        out += [other for other, data in board.links(square) if data["attack"] and other not in out]
    return out
