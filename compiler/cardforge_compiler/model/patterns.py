"""An Attack Pattern written as a grid (Gascony's Legacy, Equipment cards: the
Attack Pattern relative to the facing square) and its offsets, the form the bundle
writes (docs/bundle.md, Enemies and decks).

Grid characters (``format.PATTERN_CHARS``): ``x`` in the pattern, ``.`` not, one
``F`` (the facing square, in the pattern) or ``f`` (the facing square, not in it), at
most one ``o`` (the figure's own square, just below ``F``/``f``). Rows have equal
length. Offsets are ``[right, forward]`` from the figure's own square for a figure
facing north: the facing square is ``[0, 1]``, right is ``+1``.
"""

from __future__ import annotations

from typing import Any

from cardforge_runtime.format import PATTERN_CHARS, RANGES
from pydantic_core import PydanticCustomError

__all__ = ["check_pattern", "pattern_offsets"]

_CHARS = "".join(PATTERN_CHARS)


def _fail(message: str, hint: str, **ctx: Any) -> PydanticCustomError:
    return PydanticCustomError("pattern", message, {**ctx, "hint": hint})


def check_pattern(rows: list[str]) -> list[str]:
    """``rows`` unchanged when they are a well-formed pattern grid.

    Raises:
        PydanticCustomError (``pattern``): no rows, rows of unequal length, a
            character not in ``PATTERN_CHARS`` (row and column given, 1-based), no or
            two facing squares, two own squares, an own square not just below the
            facing square, or a square of the pattern farther than ``RANGES["grid"]``
            (64) from the figure either way: beyond any offset a bundle holds.
    """
    if not rows:
        raise _fail("an Attack Pattern needs at least one row", "write rows such as [\"xFx\", \".o.\"]")
    width = len(rows[0])
    for r, row in enumerate(rows, 1):
        if len(row) != width:
            raise _fail("row {r} has {n} squares, row 1 has {w}: the rows of a pattern are of equal length",
                        "pad the rows with `.` so that every row has the same length", r=r, n=len(row), w=width)
        for c, char in enumerate(row, 1):
            if char not in PATTERN_CHARS:
                raise _fail("row {r}, column {c}: '{ch}' is not a pattern character",
                            "use x (in the pattern), . (not), F or f (the facing square), o (the figure)",
                            r=r, c=c, ch=char)
    facing = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch in "Ff"]
    own = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "o"]
    if len(facing) != 1:
        raise _fail("an Attack Pattern has exactly one facing square (F or f), found {n}",
                    "mark the square the figure faces with F (in the pattern) or f (not in it)", n=len(facing))
    if len(own) > 1:
        raise _fail("an Attack Pattern has at most one own square (o), found {n}", "keep one `o`", n=len(own))
    if own and own[0] != (facing[0][0] + 1, facing[0][1]):
        raise _fail("row {r}, column {c}: the own square `o` sits just below the facing square",
                    "move `o` to the row under F/f, in its column", r=own[0][0] + 1, c=own[0][1] + 1)
    reach = RANGES["grid"][1]       # a bundle's offsets: the largest Battle grid either way
    for r, row in enumerate(rows):
        for c, char in enumerate(row):
            far = max(abs(c - facing[0][1]), abs(facing[0][0] + 1 - r))
            if char in "xF" and far > reach:
                raise _fail("row {r}, column {c}: the square is {n} squares from the figure; a pattern reaches at "
                            "most {reach}", f"keep the pattern within {reach} squares of the figure (the largest "
                            "Battle grid)", r=r + 1, c=c + 1, n=far, reach=reach)
    return rows


def pattern_offsets(rows: list[str]) -> list[list[int]]:
    """The squares of a checked pattern grid as sorted ``[right, forward]`` offsets
    from the figure's own square, facing north (the facing square ``F`` is
    ``[0, 1]``; an ``x`` just below it, the own square, is ``[0, 0]``)."""
    fr, fc = next((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch in "Ff")
    return sorted([c - fc, fr + 1 - r] for r, row in enumerate(rows) for c, ch in enumerate(row) if ch in "xF")
