"""TEMPORARY adapter: the squares and edges of a bundle layout, for the pictures.

To be replaced by ``cardforge_runtime.board`` (the one place where rotation and
footprint logic lives, issue 8 contract) as soon as that package is merged. Only
what the picture needs: footprints, rotated sides and arrows. Coordinates are the
contract's: squares ``(column, row)`` 1-based; rotation clockwise.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

DIRECTIONS = ("north", "east", "south", "west")


def rotated_side(side: str, rotation: int) -> str:
    """``side`` (a direction) turned clockwise by ``rotation`` degrees (0/90/180/270)."""
    return DIRECTIONS[(DIRECTIONS.index(side) + rotation // 90) % 4]


def footprint(size: Sequence[int], at: Sequence[int], rotation: int) -> Iterator[tuple[tuple[int, int], tuple[int, int]]]:
    """``((i, j), (column, row))`` for every local square of a tile of unrotated
    ``size`` ``[w, h]`` placed with its rotated top-left square at ``at``."""
    w, h = size
    for j in range(h):
        for i in range(w):
            dx, dy = {0: (i, j), 90: (h - 1 - j, i), 180: (w - 1 - i, h - 1 - j), 270: (j, w - 1 - i)}[rotation]
            yield (i, j), (at[0] + dx, at[1] + dy)


def side_squares(size: Sequence[int], at: Sequence[int], rotation: int, side: str) -> list[tuple[int, int]]:
    """The placed squares along ``side`` of the unrotated footprint."""
    w, h = size
    on_side = {"north": lambda i, j: j == 0, "south": lambda i, j: j == h - 1,
               "west": lambda i, j: i == 0, "east": lambda i, j: i == w - 1}[side]
    return [square for (i, j), square in footprint(size, at, rotation) if on_side(i, j)]
