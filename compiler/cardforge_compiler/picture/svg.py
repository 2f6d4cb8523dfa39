"""A :class:`~.scene.Scene` drawn as SVG 1.1 (``cardforge board``, the default format).

Built with :mod:`xml.etree.ElementTree`, so every name is escaped (``&``, ``<``,
``>``, quotes); control characters are shown as ``\\x1b`` (:func:`report.shown`)
because XML 1.0 cannot hold them. The same scene gives the same bytes: elements in
a fixed order, whole-pixel coordinates, no time, no path.

Every element a front end may look for has a class (and, for one-of-a-kind
elements, an id); docs/board.md lists them. Colours are presentation attributes, so
a style sheet may override them: red deployment, black Named Enemy, blue Start and
Exit (Gascony's Legacy, Battle Cards - Setup).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from cardforge_compiler.picture.scene import Placed, Scene, Sq
from cardforge_compiler.report import plural, shown

__all__ = ["CELL", "to_svg"]

#: Pixels per square.
CELL = 56
_LEFT, _TOP = 34, 64           # room for the row numbers, the title, the column numbers and Exit arrows
_SVG = "http://www.w3.org/2000/svg"

FLOOR, WALL, TILE_EDGE = "#f3ead3", "#4b4b4b", "#8b6f47"
TERRAIN, TERRAIN_EDGE, RAILING = "#c9a46a", "#6b4f2a", "#2a1a0a"
RED, BLACK, BLUE, TOKEN = "#d62828", "#111111", "#1f5fbf", "#ffd34d"
SOURCE, SEEN, COVER, UNREACHABLE = "#6aa9ff", "#b5e0a8", "#f5c46b", "#f08a8a"
_ARROW = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}


def _x(column: float) -> int:
    return _LEFT + round((column - 1) * CELL)


def _y(row: float) -> int:
    return _TOP + round((row - 1) * CELL)


def _sub(parent: ET.Element, tag: str, text: str | None = None, **attrs: object) -> ET.Element:
    element = ET.SubElement(parent, tag, {k.rstrip("_").replace("_", "-"): str(v) for k, v in attrs.items()})
    if text is not None:
        element.text = shown(text)
    return element


def _fit(element: ET.Element, text: str, font_size: int, room: int) -> None:
    """Squeeze ``text`` into ``room`` pixels (SVG ``textLength``) when it would not
    fit at about 0.6 em per character."""
    if len(text) * font_size * 3 // 5 > room:
        element.set("textLength", str(room))
        element.set("lengthAdjust", "spacingAndGlyphs")


def _box(squares: list[Sq] | tuple[Sq, ...]) -> tuple[int, int, int, int]:
    """Pixel box ``(x, y, width, height)`` around ``squares``."""
    cs = [c for c, _ in squares]
    rs = [r for _, r in squares]
    return _x(min(cs)), _y(min(rs)), (max(cs) - min(cs) + 1) * CELL, (max(rs) - min(rs) + 1) * CELL


def _outline(squares: list[Sq]) -> str:
    """SVG path data of the border of a set of squares: each unit edge between a
    square of the set and one outside it, in a fixed order."""
    inside = set(squares)
    parts = []
    for c, r in sorted(inside, key=lambda s: (s[1], s[0])):
        for (dc, dr), seg in (((0, -1), ((c - 1, r - 1), (c, r - 1))), ((1, 0), ((c, r - 1), (c, r))),
                              ((0, 1), ((c - 1, r), (c, r))), ((-1, 0), ((c - 1, r - 1), (c - 1, r)))):
            if (c + dc, r + dr) not in inside:
                (x1, y1), (x2, y2) = seg
                parts.append(f"M{_x(x1 + 1)} {_y(y1 + 1)}H{_x(x2 + 1)}" if y1 == y2 else
                             f"M{_x(x1 + 1)} {_y(y1 + 1)}V{_y(y2 + 1)}")
    return "".join(parts)


def _arrow(parent: ET.Element, direction: str, cx: int, cy: int, size: int, cls: str) -> None:
    dx, dy = _ARROW[direction]
    px, py = -dy, dx                      # perpendicular
    tip = (cx + dx * size, cy + dy * size)
    tail = (cx - dx * size, cy - dy * size)
    head = size // 2
    base = (tip[0] - dx * head, tip[1] - dy * head)
    points = [tail, base, (base[0] + px * head, base[1] + py * head), tip,
              (base[0] - px * head, base[1] - py * head), base]
    _sub(parent, "path", class_=cls, d="M" + " L".join(f"{x} {y}" for x, y in points) + "Z",
         fill=BLACK, stroke=BLACK, stroke_width=3, stroke_linejoin="round", data_direction=direction)


def _square_state(scene: Scene, square: Sq) -> tuple[list[str], str]:
    """Classes and fill of one square: wall or floor, then the overlays."""
    info = scene.squares[square]
    classes = ["square", "wall" if info.wall else "floor"]
    fill = WALL if info.wall else FLOOR
    if scene.unreachable is not None and square in scene.unreachable:
        classes.append("unreachable")
        fill = UNREACHABLE
    if scene.los is not None:
        source, seen, cover = scene.los
        if square == source:
            classes.append("los-source")
            fill = SOURCE
        elif square in seen:
            classes.append("los-seen")
            fill = SEEN
            if square in cover:
                classes.append("los-cover")
                fill = COVER
    return classes, fill


def to_svg(scene: Scene) -> str:
    """The SVG document of ``scene`` (text ending in a newline; UTF-8 when written)."""
    width_grid = scene.columns * CELL
    legend = _legend_entries(scene)
    width = max(_LEFT + width_grid + 28, 560)
    legend_top = _y(scene.rows + 1) + 24
    height = legend_top + 22 * len(legend) + 12
    svg = ET.Element("svg", {"xmlns": _SVG, "version": "1.1", "class": "cardforge-board", "width": str(width),
                             "height": str(height), "viewBox": f"0 0 {width} {height}", "font-family": "sans-serif",
                             "data-layout": shown(scene.layout_id), "data-grid": f"{scene.columns},{scene.rows}"})
    _sub(svg, "title", f"{scene.title} ({scene.layout_id})")
    _sub(svg, "rect", class_="background", x=0, y=0, width=width, height=height, fill="#ffffff")
    _sub(svg, "text", scene.title, class_="title", x=_LEFT, y=22, font_size=18, font_weight="bold")

    coords = _sub(svg, "g", class_="coordinates", font_size=11, fill="#555555", text_anchor="middle")
    for c in range(1, scene.columns + 1):
        _sub(coords, "text", str(c), x=_x(c) + CELL // 2, y=_TOP - 14)
    for r in range(1, scene.rows + 1):
        _sub(coords, "text", str(r), x=_LEFT // 2 - 4, y=_y(r) + CELL // 2 + 4)

    squares = _sub(svg, "g", class_="squares")
    for r in range(1, scene.rows + 1):
        for c in range(1, scene.columns + 1):
            info = scene.squares[(c, r)]
            classes, fill = _square_state(scene, (c, r))
            attrs = {"data_square": f"{c},{r}"}
            if not info.wall:
                attrs["data_map_tile"] = shown(scene.map_tiles[info.map_tile].name)
            if info.keywords:
                attrs["data_keywords"] = shown(" ".join(info.keywords))
            _sub(squares, "rect", class_=" ".join(classes), id=f"square-{c}-{r}", x=_x(c), y=_y(r), width=CELL,
                 height=CELL, fill=fill, stroke="#bbb49e", stroke_width=1, **attrs)

    group = _sub(svg, "g", class_="map-tiles")
    for tile in scene.map_tiles:
        g = _sub(group, "g", class_="map-tile", id=f"map-tile-{tile.index + 1}", data_side=shown(tile.name))
        x, y, w, h = _box(tile.squares)
        _sub(g, "rect", x=x, y=y, width=w, height=h, fill="none", stroke=TILE_EDGE, stroke_width=3)
        marks = " ".join(scene.marks[k] for k in tile.keywords if k in scene.marks)
        label = tile.name + (f" [{marks}]" if marks else "")
        _fit(_sub(g, "text", label, class_="name", x=x + 4, y=y + 11, font_size=9, fill=TILE_EDGE), label, 9, w - 8)
        if tile.arrow:
            _arrow(g, tile.arrow, x + w // 2, y + h // 2, min(w, h) // 4, "arrow")

    group = _sub(svg, "g", class_="terrain-tiles")
    for tile in scene.terrain_tiles:
        g = _sub(group, "g", class_="terrain-tile", id=f"terrain-tile-{tile.index + 1}", data_tile=shown(tile.name),
                 data_keywords=shown(" ".join(tile.keywords)))
        _sub(g, "title", f"{tile.name}: {_describe(scene, tile)}" + (f". {tile.text}" if tile.text else ""))
        x, y, w, h = _box(tile.squares)
        _sub(g, "rect", x=x + 4, y=y + 4, width=w - 8, height=h - 8, rx=6, fill=TERRAIN, fill_opacity="0.7",
             stroke=TERRAIN_EDGE, stroke_width=2)
        _fit(_sub(g, "text", tile.name, class_="name", x=x + w // 2, y=y + 18, font_size=10, font_weight="bold",
                  text_anchor="middle"), tile.name, 10, w - 12)
        marks = " ".join(scene.marks[k] for k in tile.keywords if k in scene.marks)
        if marks:
            _sub(g, "text", marks, class_="keyword-marks", x=x + w // 2, y=y + h - 9, font_size=10, text_anchor="middle",
                 fill=TERRAIN_EDGE)
        if tile.arrow:
            _arrow(g, tile.arrow, x + w // 2, y + h // 2 + 2, min(w, h) // 5, "arrow")
        if tile.banner:
            _sub(g, "text", "banner", class_="banner", x=x + w // 2, y=y + h // 2 + 4, font_size=8, text_anchor="middle")

    group = _sub(svg, "g", class_="edge-keywords")
    for edge in scene.edges:
        (x1, y1), (x2, y2) = edge.segment
        _sub(group, "line", class_="edge-keyword", data_keyword=shown(" ".join(edge.keywords)),
             data_high=" ".join(f"{c},{r}" for c, r in edge.high),
             x1=_x(x1 + 1), y1=_y(y1 + 1), x2=_x(x2 + 1), y2=_y(y2 + 1), stroke=RAILING, stroke_width=7,
             stroke_linecap="round")

    group = _sub(svg, "g", class_="areas", fill="none")
    if scene.start:
        _sub(group, "path", class_="area start", id="start", d=_outline(scene.start), stroke=BLUE, stroke_width=5)
    for number, (squares_, edge_side) in enumerate(scene.exits, 1):
        g = _sub(group, "g", class_="area exit", id=f"exit-{number}", **({"data_edge": edge_side} if edge_side else {}))
        _sub(g, "path", d=_outline(squares_), stroke=BLUE, stroke_width=5, stroke_dasharray="10 6")
        x, y, w, h = _box(squares_)
        _sub(g, "text", "EXIT", x=x + w // 2, y=y + h - 8, font_size=12, font_weight="bold", fill=BLUE,
             text_anchor="middle")
        if edge_side:
            for square in squares_:
                _arrow(g, edge_side, _x(square[0]) + CELL // 2 + _ARROW[edge_side][0] * CELL // 2,
                       _y(square[1]) + CELL // 2 + _ARROW[edge_side][1] * CELL // 2, 8, "exit-edge")

    group = _sub(svg, "g", class_="search-tokens")
    for number, (label, (c, r)) in enumerate(scene.search_tokens, 1):
        g = _sub(group, "g", class_="search-token", id=f"search-token-{number}", data_token=shown(label),
                 data_square=f"{c},{r}")
        _sub(g, "circle", cx=_x(c) + CELL // 2, cy=_y(r) + CELL // 2, r=13, fill=TOKEN, stroke="#7a5c00", stroke_width=2)
        _sub(g, "text", label, x=_x(c) + CELL // 2, y=_y(r) + CELL // 2 + 5, font_size=14, font_weight="bold",
             text_anchor="middle")

    group = _sub(svg, "g", class_="deployment")
    for spot in scene.deployment:
        if not spot.shown:
            continue
        c, r = spot.square
        g = _sub(group, "g", class_="deployment-square", id=f"deployment-{spot.area + 1}-{spot.index + 1}",
                 data_enemy=shown(spot.enemy), data_players=spot.players, data_square=f"{c},{r}")
        _sub(g, "rect", x=_x(c) + 3, y=_y(r) + 3, width=CELL - 6, height=CELL - 6, fill="none", stroke=RED, stroke_width=3)
        _sub(g, "text", str(spot.players), class_="number", x=_x(c) + CELL // 2, y=_y(r) + CELL // 2 + 4, font_size=18,
             font_weight="bold", fill=RED, text_anchor="middle")
        _fit(_sub(g, "text", spot.enemy, class_="name", x=_x(c) + CELL // 2, y=_y(r) + CELL - 9, font_size=8, fill=RED,
                  text_anchor="middle"), spot.enemy, 8, CELL - 10)

    group = _sub(svg, "g", class_="named-enemies")
    for number, (name, (c, r)) in enumerate(scene.named_enemies, 1):
        g = _sub(group, "g", class_="named-enemy", id=f"named-enemy-{number}", data_name=shown(name), data_square=f"{c},{r}")
        _sub(g, "rect", x=_x(c) + 3, y=_y(r) + 3, width=CELL - 6, height=CELL - 6, fill="none", stroke=BLACK, stroke_width=3)
        _sub(g, "circle", cx=_x(c) + CELL // 2, cy=_y(r) + CELL // 2 - 4, r=10, fill=BLACK)
        _fit(_sub(g, "text", name, class_="name", x=_x(c) + CELL // 2, y=_y(r) + CELL - 9, font_size=8,
                  text_anchor="middle"), name, 8, CELL - 10)

    _draw_legend(svg, legend, legend_top)
    ET.indent(svg, space=" ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(svg, encoding="unicode") + "\n"


def _legend_entries(scene: Scene) -> list[tuple[str, str, str]]:
    """``(swatch kind, colour, text)`` rows of the legend, in a fixed order."""
    rows: list[tuple[str, str, str]] = [("fill", WALL, "Wall (no map tile)"), ("outline", TILE_EDGE, "Map tile (side name)")]
    used = sorted({k for s in scene.squares.values() for k in s.keywords} | {k for t in scene.terrain_tiles for k in t.keywords})
    explained: set[str] = set()
    for name, tiles in _by_name(scene.terrain_tiles).items():
        explained.update(tiles[0].keywords)
        rows.append(("tile", TERRAIN, f"{name}: {_describe(scene, tiles[0])}"))
    for name in used:
        if name in scene.marks and name not in explained:
            rows.append(("mark", scene.marks[name], name))
    for name in sorted({k for e in scene.edges for k in e.keywords}):
        rows.append(("line", RAILING, f"{name} (edge)"))
    arrows = [t.name for t in scene.map_tiles + scene.terrain_tiles if t.arrow]
    if arrows:
        rows.append(("arrow", BLACK, "Arrow: " + ", ".join(dict.fromkeys(arrows))))
    if scene.search_tokens:
        rows.append(("token", TOKEN, "Search token (? = drawn at random at setup)"))
    if scene.deployment:
        enemies = ", ".join(dict.fromkeys(d.enemy for d in scene.deployment))
        if scene.characters is None:
            rows.append(("outline", RED, f"Deployment (number = fewest Characters that place an Enemy): {enemies}"))
        else:
            placed = sum(d.shown for d in scene.deployment)
            who = (f"{scene.players} player{'s' if scene.players != 1 else ''}, {scene.characters} Characters"
                   if scene.players is not None else f"{scene.characters} Characters")
            rows.append(("outline", RED, f"Deployment for {who}: {placed} Enemies ({enemies})"))
    if scene.named_enemies:
        rows.append(("outline", BLACK, "Named Enemy: " + ", ".join(n for n, _ in scene.named_enemies)))
    if scene.start:
        rows.append(("outline", BLUE, "Start area"))
    if scene.exits:
        rows.append(("dashed", BLUE, "Exit area (arrow: Exit edge)"))
    if scene.los is not None:
        (c, r), seen, cover = scene.los
        rows.append(("fill", SOURCE, f"Line of sight from ({c}, {r})"))
        rows.append(("fill", SEEN, f"Seen without Cover ({plural(len(seen - cover), 'square')})"))
        rows.append(("fill", COVER, f"Seen, with Cover ({plural(len(cover), 'square')})"))
    if scene.unreachable is not None:
        rows.append(("fill", UNREACHABLE, f"Unreachable from the Start area ({plural(len(scene.unreachable), 'square')})"))
    return rows


def _by_name(tiles: list[Placed]) -> dict[str, list[Placed]]:
    """Placed tiles grouped by name, in the order names first appear."""
    groups: dict[str, list[Placed]] = {}
    for tile in tiles:
        groups.setdefault(tile.name, []).append(tile)
    return groups


def _describe(scene: Scene, tile: Placed) -> str:
    """``C Cover, E Elevated, Railing edge``: a terrain tile's keywords with their marks."""
    parts = [f"{scene.marks[k]} {k}" if k in scene.marks else k for k in tile.keywords]
    parts += [f"{k} edge" for k in tile.edge_keywords]
    return ", ".join(parts) or "no keywords"


def _draw_legend(svg: ET.Element, rows: list[tuple[str, str, str]], top: int) -> None:
    legend = _sub(svg, "g", class_="legend", font_size=12)
    for number, (kind, colour, text) in enumerate(rows):
        y = top + 22 * number
        g = _sub(legend, "g", class_=f"legend-entry {kind}")
        x = _LEFT
        if kind == "fill":
            _sub(g, "rect", x=x, y=y - 12, width=16, height=16, fill=colour, stroke="#999999")
        elif kind in ("outline", "dashed"):
            _sub(g, "rect", x=x, y=y - 12, width=16, height=16, fill="none", stroke=colour, stroke_width=3,
                 **({"stroke_dasharray": "4 3"} if kind == "dashed" else {}))
        elif kind == "tile":
            _sub(g, "rect", x=x, y=y - 12, width=16, height=16, rx=3, fill=colour, stroke=TERRAIN_EDGE)
        elif kind == "mark":
            _sub(g, "text", colour, x=x + 8, y=y + 1, font_weight="bold", fill=TERRAIN_EDGE, text_anchor="middle")
        elif kind == "line":
            _sub(g, "line", x1=x, y1=y - 4, x2=x + 16, y2=y - 4, stroke=colour, stroke_width=6, stroke_linecap="round")
        elif kind == "arrow":
            _arrow(g, "east", x + 8, y - 4, 7, "arrow")
        elif kind == "token":
            _sub(g, "circle", cx=x + 8, cy=y - 4, r=8, fill=colour, stroke="#7a5c00")
        _sub(g, "text", text, x=x + 26, y=y)
