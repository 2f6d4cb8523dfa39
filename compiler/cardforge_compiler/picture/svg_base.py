"""The pieces every SVG drawing of a board shares (:mod:`.svg`, :mod:`.legend`):
pixel sizes, margins and colours, square-to-pixel coordinates, element and arrow
helpers. Colours follow Gascony's Legacy, Battle Cards - Setup: red deployment, black
Named Enemy, blue Start and Exit."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from cardforge_compiler.report import shown

#: Pixels per square.
CELL = 56
LEFT, TOP = 34, 64           # room for the row numbers, the title, the column numbers and Exit arrows
SVG_NS = "http://www.w3.org/2000/svg"

FLOOR, WALL, TILE_EDGE = "#f3ead3", "#4b4b4b", "#8b6f47"
TERRAIN, TERRAIN_EDGE, RAILING = "#c9a46a", "#6b4f2a", "#2a1a0a"
RED, BLACK, BLUE, TOKEN = "#d62828", "#111111", "#1f5fbf", "#ffd34d"
SOURCE, SEEN, COVER, UNREACHABLE = "#6aa9ff", "#b5e0a8", "#f5c46b", "#f08a8a"
#: Unit step ``(dx, dy)`` in pixels per direction (y grows downwards).
ARROWS = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}

#: Font sizes, from the square size: a deployment number, a tile name at most, a
#: short mark (Enemy, keyword marks) at most.
NUMBER, NAME, MARK = CELL * 5 // 14, CELL // 5, CELL // 6
LEGEND_FONT, LEGEND_LINE = 12, 16          # legend font size and the step between wrapped lines


def x_px(column: float) -> int:
    """Pixel x of the west side of ``column`` (1-based; fractions allowed)."""
    return LEFT + round((column - 1) * CELL)


def y_px(row: float) -> int:
    """Pixel y of the north side of ``row`` (1-based; fractions allowed)."""
    return TOP + round((row - 1) * CELL)


def sub(parent: ET.Element, tag: str, text: str | None = None, **attrs: object) -> ET.Element:
    """A child ``tag`` of ``parent``: ``attrs`` with ``_`` as ``-`` (a trailing ``_`` dropped,
    ``class_``), values as text; ``text`` shown with control characters escaped."""
    element = ET.SubElement(parent, tag, {k.rstrip("_").replace("_", "-"): str(v) for k, v in attrs.items()})
    if text is not None:
        element.text = shown(text)
    return element


def arrow(parent: ET.Element, direction: str, cx: int, cy: int, size: int, cls: str) -> None:
    """An arrow pointing ``direction`` (north/east/south/west), centred on pixel
    ``(cx, cy)``, ``size`` pixels from centre to tip, class ``cls``."""
    dx, dy = ARROWS[direction]
    px, py = -dy, dx                      # perpendicular
    tip = (cx + dx * size, cy + dy * size)
    tail = (cx - dx * size, cy - dy * size)
    head = size // 2
    base = (tip[0] - dx * head, tip[1] - dy * head)
    points = [tail, base, (base[0] + px * head, base[1] + py * head), tip,
              (base[0] - px * head, base[1] - py * head), base]
    sub(parent, "path", class_=cls, d="M" + " L".join(f"{x} {y}" for x, y in points) + "Z",
         fill=BLACK, stroke=BLACK, stroke_width=3, stroke_linejoin="round", data_direction=direction)
