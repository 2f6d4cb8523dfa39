"""Exact plane geometry of the grid: which squares a straight line enters, and whether
it crosses a set of blocking edges. Integers only (a point with half coordinates,
such as a square's centre, is given at ``scale=2``).

Rulings (docs/rulings.md, "Lines along edges", "Pinch points", "Railing end points and
junctions"):

- A line *crosses* a square when it enters the square's interior. Touching an edge or
  a corner never crosses; a line along an edge is not blocked by the squares beside it.
- A line crosses an edge when it crosses the edge's open segment, or when it passes
  through a lattice point where the blocking edges meeting there separate the side it
  comes from and the side it goes to (the four squares around the point are joined
  round the point except across a blocking edge). So a line (or a diagonal step)
  passes a railing's free end, and does not pass a straight railing's interior point
  or go round the outside of an L junction into its inside.

Rule sources: Gascony's Legacy, "Line of Sight and Cover" ("Lines that run along the
edge of a Terrain Tile or blocking square do not count"), "Move" (squeezing).
"""

from __future__ import annotations

from collections.abc import Collection
from functools import lru_cache

from cardforge_runtime.board.grid import Edge, Square

__all__ = ["cells_crossed", "crosses_edges", "direction_quadrants", "quadrant_of", "separated"]

Point = tuple[int, int]

# Quadrants round a lattice point P, clockwise: 0 north-east, 1 south-east, 2 south-west,
# 3 north-west (rows grow south). Separator k lies between quadrants k and k+1.


def _separators(point: Point) -> tuple[Edge, Edge, Edge, Edge]:
    x, y = point
    return (("h", x, y), ("v", x, y), ("h", x - 1, y), ("v", x, y - 1))


def quadrant_of(square: Square, point: Point) -> int:
    """The quadrant (0 NE, 1 SE, 2 SW, 3 NW) that ``square`` fills round its corner ``point``.
    Raises ``ValueError`` when ``point`` is not one of its corners."""
    c, r = square
    x, y = point
    if (x, y) == (c - 1, r - 1):
        return 1
    if (x, y) == (c, r - 1):
        return 2
    if (x, y) == (c, r):
        return 3
    if (x, y) == (c - 1, r):
        return 0
    raise ValueError(f"{point} is not a corner of square {square}")


def direction_quadrants(dx: int, dy: int) -> tuple[int, ...]:
    """The quadrants a line leaving a lattice point in direction ``(dx, dy)`` runs into:
    one, or the two beside an axis it runs along."""
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    return {(1, -1): (0,), (1, 1): (1,), (-1, 1): (2,), (-1, -1): (3,),
            (1, 0): (0, 1), (0, 1): (1, 2), (-1, 0): (2, 3), (0, -1): (3, 0)}[(sx, sy)]


def separated(point: Point, from_quadrants: Collection[int], to_quadrants: Collection[int],
              blocking: Collection[Edge]) -> bool:
    """Whether the ``blocking`` edges meeting at lattice ``point`` separate every one of
    ``from_quadrants`` from every one of ``to_quadrants`` (no way round the point that
    avoids a blocking edge). A diagonal step between squares ``a`` and ``b`` sharing
    only ``point`` is stopped exactly when ``separated(point, [qa], [qb], edges)``."""
    seps = [edge in blocking for edge in _separators(point)]
    if not any(seps):
        return False
    for i in from_quadrants:
        for j in to_quadrants:
            if i == j:
                return False
            clockwise = [seps[k % 4] for k in range(i, i + (j - i) % 4)]
            counter = [seps[k % 4] for k in range(j, j + (i - j) % 4)]
            if not any(clockwise) or not any(counter):
                return False
    return True


@lru_cache(maxsize=4096)
def cells_crossed(dx: int, dy: int) -> tuple[Point, ...]:
    """The cells whose interior the segment from ``(0, 0)`` to ``(dx, dy)`` enters,
    relative to its start: cell ``(i, j)`` is the unit box ``[i, i+1] x [j, j+1]``.
    A segment along a grid line enters none. Exact (integer floor and ceiling)."""
    if dx == 0 or dy == 0:
        return ()
    cells = []
    sign = 1 if dx > 0 else -1
    den = abs(dx)
    for i in range(min(0, dx), max(0, dx)):
        y1, y2 = sign * i * dy, sign * (i + 1) * dy        # y * den at x = i and x = i + 1
        lo, hi = min(y1, y2), max(y1, y2)
        first, last = lo // den, -((-hi) // den)           # floor(lo), ceil(hi)
        cells.extend((i, j) for j in range(first, last))
    return tuple(cells)


def _orient(ax: int, ay: int, bx: int, by: int, px: int, py: int) -> int:
    v = (bx - ax) * (py - ay) - (by - ay) * (px - ax)
    return (v > 0) - (v < 0)


#: For a line along a grid line: the quadrant on each side of it (side 0: north of a
#: horizontal line, east of a vertical one; side 1: south, west), by direction.
_ALONG: dict[tuple[int, int], tuple[int, int]] = {(1, 0): (0, 1), (-1, 0): (3, 2), (0, 1): (1, 2), (0, -1): (0, 3)}


def _leaving(dx: int, dy: int, side: int) -> int:
    """The quadrant a line leaving a lattice point in direction ``(dx, dy)`` lies in
    (on ``side`` of it when it runs along a grid line)."""
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    along = _ALONG.get((sx, sy))
    return along[side] if along else direction_quadrants(dx, dy)[0]


def crosses_edges(a: Point, b: Point, blocking: Collection[Edge], scale: int = 1,
                  first: Square | None = None, last: Square | None = None) -> bool:
    """Whether the segment from ``a`` to ``b`` crosses one of the ``blocking`` edges.

    Args:
        a, b: the end points, in units of ``1/scale`` (``scale=1``: lattice corners;
            ``scale=2``: square centres are odd numbers).
        blocking: edges ``("h"|"v", x, y)`` in whole lattice units.
        first, last: the squares the line starts from and ends in when ``a``/``b`` is
            one of their corners: there the line leaves ``first``'s quadrant (and
            enters ``last``'s), so a railing meeting that corner can stand between.

    Returns:
        True when the line crosses an open blocking edge transversally, or passes
        (or starts or ends) at a lattice point where blocking edges separate its two
        sides (``separated``). A line running along a grid line keeps to one side of
        it all the way (either side may be chosen): it is not blocked by an edge it
        runs along, and it cannot change sides across a blocking edge either.
    """
    if not blocking:
        return False
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    segments, points = _edge_geometry(frozenset(blocking), scale)
    if dx or dy:
        for ux, uy, vx, vy in segments:
            if _orient(ax, ay, bx, by, ux, uy) * _orient(ax, ay, bx, by, vx, vy) < 0 \
                    and _orient(ux, uy, vx, vy, ax, ay) * _orient(ux, uy, vx, vy, bx, by) < 0:
                return True
    sides = (0, 1) if (dx == 0) != (dy == 0) else (0,)
    for side in sides:
        if not _side_blocked(a, b, dx, dy, side, points, blocking, scale, first, last):
            return False
    return True


@lru_cache(maxsize=256)
def _edge_geometry(blocking: frozenset[Edge], scale: int) -> tuple[tuple[tuple[int, int, int, int], ...],
                                                                   frozenset[Point]]:
    """The blocking edges as scaled segments ``(ux, uy, vx, vy)``, and their end points."""
    segments, points = [], set()
    for kind, x, y in blocking:
        ux, uy = x * scale, y * scale
        segments.append((ux, uy, ux + scale, uy) if kind == "h" else (ux, uy, ux, uy + scale))
        points.add((x, y))
        points.add((x + 1, y) if kind == "h" else (x, y + 1))
    return tuple(segments), frozenset(points)


def _side_blocked(a: Point, b: Point, dx: int, dy: int, side: int, points: frozenset[Point],
                  blocking: Collection[Edge], scale: int, first: Square | None, last: Square | None) -> bool:
    (ax, ay), (bx, by) = a, b
    for px, py in points:
        sx, sy = px * scale, py * scale
        at_a, at_b = (sx, sy) == (ax, ay), (sx, sy) == (bx, by)
        if at_a or at_b:
            if first is None or last is None:
                continue
            if (dx, dy) == (0, 0):
                ends = (quadrant_of(first, (px, py)), quadrant_of(last, (px, py)))
            elif at_a:
                ends = (quadrant_of(first, (px, py)), _leaving(dx, dy, side))
            else:
                ends = (_leaving(-dx, -dy, side), quadrant_of(last, (px, py)))
        elif (dx or dy) and _orient(ax, ay, bx, by, sx, sy) == 0 \
                and (sx - ax) * dx + (sy - ay) * dy > 0 and (sx - bx) * dx + (sy - by) * dy < 0:
            ends = (_leaving(-dx, -dy, side), _leaving(dx, dy, side))
        else:
            continue
        if separated((px, py), (ends[0],), (ends[1],), blocking):
            return True
    return False
