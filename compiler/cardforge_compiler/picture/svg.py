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

from cardforge_compiler.picture.labels import SMALLEST, fitted, fitting_size, short_marks, wrap
from cardforge_compiler.picture.legend import describe as _describe
from cardforge_compiler.picture.legend import draw_legend as _draw_legend
from cardforge_compiler.picture.legend import legend_entries as _legend_entries
from cardforge_compiler.picture.scene import Placed, Scene, Sq
from cardforge_compiler.picture.svg_base import (BLACK, BLUE, CELL, COVER, FLOOR, MARK, NAME, NUMBER, RAILING, RED,
                                                 SEEN, SOURCE, TERRAIN, TERRAIN_EDGE, TILE_EDGE, TOKEN, UNREACHABLE,
                                                 WALL)
from cardforge_compiler.picture.svg_base import LEFT as _LEFT
from cardforge_compiler.picture.svg_base import LEGEND_FONT as _LEGEND
from cardforge_compiler.picture.svg_base import LEGEND_LINE as _LEGEND_LINE
from cardforge_compiler.picture.svg_base import SVG_NS as _SVG
from cardforge_compiler.picture.svg_base import ARROWS as _ARROW
from cardforge_compiler.picture.svg_base import TOP as _TOP
from cardforge_compiler.picture.svg_base import arrow as _arrow
from cardforge_compiler.picture.svg_base import sub as _sub
from cardforge_compiler.picture.svg_base import x_px as _x
from cardforge_compiler.picture.svg_base import y_px as _y
from cardforge_compiler.report import shown

__all__ = ["CELL", "to_svg"]

_INNER = CELL - 12                    # the room inside a square's piece outline (inset 3, 3 px wide)
_TOP_BASE, _BOTTOM_BASE = 5 + NAME, CELL - 9   # baselines of a square's top and bottom bands

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
    legend = _legend_entries(scene, short_marks([d.enemy for d in scene.deployment]
                                                + [n for n, _ in scene.named_enemies]))
    width = max(_LEFT + width_grid + 28, 560)
    legend_top = _y(scene.rows + 1) + 24
    wrapped = [(kind, colour, wrap(text, width - _LEFT - 26 - 8, _LEGEND)) for kind, colour, text in legend]
    height = legend_top + sum(22 + _LEGEND_LINE * (len(lines) - 1) for _, _, lines in wrapped) + 12
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

    pieces = _pieces(scene)
    marks = short_marks([d.enemy for d in scene.deployment] + [n for n, _ in scene.named_enemies])
    group = _sub(svg, "g", class_="map-tiles")
    for tile in scene.map_tiles:
        g = _sub(group, "g", class_="map-tile", id=f"map-tile-{tile.index + 1}", data_side=shown(tile.name))
        x, y, w, h = _box(tile.squares)
        _sub(g, "rect", x=x, y=y, width=w, height=h, fill="none", stroke=TILE_EDGE, stroke_width=3)
        keyword_marks = " ".join(scene.marks[k] for k in tile.keywords if k in scene.marks)
        _map_tile_name(g, scene, tile, tile.name + (f" [{keyword_marks}]" if keyword_marks else ""), pieces)
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
        _terrain_labels(g, scene, tile, pieces)
        if tile.arrow:
            _arrow(g, tile.arrow, x + w // 2, y + h // 2 + 2, min(w, h) // 5, "arrow")
        if tile.banner:                          # in the middle of a square no piece stands on
            bc, br = next((sq for sq in tile.squares if sq not in pieces), tile.squares[0])
            _sub(g, "text", "banner", class_="banner", x=_x(bc) + CELL // 2, y=_y(br) + CELL // 2 + 4,
                 font_size=fitting_size("banner", _INNER, CELL // 7) or SMALLEST, text_anchor="middle")

    group = _sub(svg, "g", class_="edge-keywords")
    for edge in scene.edges:
        (x1, y1), (x2, y2) = edge.segment
        _sub(group, "line", class_="edge-keyword", data_keyword=shown(" ".join(edge.keywords)),
             data_high=" ".join(f"{c},{r}" for c, r in edge.high),
             x1=_x(x1 + 1), y1=_y(y1 + 1), x2=_x(x2 + 1), y2=_y(y2 + 1), stroke=RAILING, stroke_width=7,
             stroke_linecap="round")

    group = _sub(svg, "g", class_="areas", fill="none")
    if scene.start:
        g = _sub(group, "g", class_="area start", id="start")
        _sub(g, "path", d=_outline(scene.start), stroke=BLUE, stroke_width=5)
        _area_label(g, scene, scene.start, "START", pieces)
    for number, (squares_, edge_side) in enumerate(scene.exits, 1):
        g = _sub(group, "g", class_="area exit", id=f"exit-{number}", **({"data_edge": edge_side} if edge_side else {}))
        _sub(g, "path", d=_outline(squares_), stroke=BLUE, stroke_width=5, stroke_dasharray="10 6")
        _area_label(g, scene, squares_, "EXIT", pieces)
        if edge_side:
            for square in squares_:
                _arrow(g, edge_side, _x(square[0]) + CELL // 2 + _ARROW[edge_side][0] * CELL // 2,
                       _y(square[1]) + CELL // 2 + _ARROW[edge_side][1] * CELL // 2, 8, "exit-edge")

    group = _sub(svg, "g", class_="search-tokens")
    for number, (label, (c, r)) in enumerate(scene.search_tokens, 1):
        g = _sub(group, "g", class_="search-token", id=f"search-token-{number}", data_token=shown(label),
                 data_square=f"{c},{r}")
        radius = CELL // 5
        _sub(g, "circle", cx=_x(c) + CELL // 2, cy=_y(r) + CELL // 2, r=radius, fill=TOKEN, stroke="#7a5c00",
             stroke_width=2)
        size = fitting_size(shown(label), 2 * radius - 6, CELL // 4, bold=True) or SMALLEST
        _sub(g, "text", label, x=_x(c) + CELL // 2, y=_y(r) + CELL // 2 + size * 7 // 20, font_size=size,
             font_weight="bold", text_anchor="middle")

    group = _sub(svg, "g", class_="deployment")
    for spot in scene.deployment:
        if not spot.shown:
            continue
        c, r = spot.square
        g = _sub(group, "g", class_="deployment-square", id=f"deployment-{spot.area + 1}-{spot.index + 1}",
                 data_enemy=shown(spot.enemy), data_players=spot.players, data_square=f"{c},{r}")
        _sub(g, "rect", x=_x(c) + 3, y=_y(r) + 3, width=CELL - 6, height=CELL - 6, fill="none", stroke=RED, stroke_width=3)
        _sub(g, "text", str(spot.players), class_="number", x=_x(c) + CELL // 2, y=_y(r) + CELL * 5 // 8,
             font_size=NUMBER, font_weight="bold", fill=RED, text_anchor="middle")
        _mark(g, marks[spot.enemy], c, r, RED)

    group = _sub(svg, "g", class_="named-enemies")
    for number, (name, (c, r)) in enumerate(scene.named_enemies, 1):
        g = _sub(group, "g", class_="named-enemy", id=f"named-enemy-{number}", data_name=shown(name), data_square=f"{c},{r}")
        _sub(g, "rect", x=_x(c) + 3, y=_y(r) + 3, width=CELL - 6, height=CELL - 6, fill="none", stroke=BLACK, stroke_width=3)
        _sub(g, "circle", cx=_x(c) + CELL // 2, cy=_y(r) + CELL // 2 - 1, r=CELL // 6, fill=BLACK)
        _mark(g, marks[name], c, r, BLACK)

    _draw_legend(svg, wrapped, legend_top)
    ET.indent(svg, space=" ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(svg, encoding="unicode") + "\n"


def _pieces(scene: Scene) -> set[Sq]:
    """The squares whose centre and bottom band hold a piece: a deployment square
    shown, a Named Enemy, a Search token."""
    return ({d.square for d in scene.deployment if d.shown} | {sq for _, sq in scene.named_enemies}
            | {sq for _, sq in scene.search_tokens})


def _mark(g: ET.Element, mark: str, c: int, r: int, colour: str) -> None:
    """An Enemy's short mark in the bottom band of square ``(c, r)`` (the legend
    spells it out)."""
    size = fitting_size(shown(mark), _INNER, MARK, bold=True) or SMALLEST
    _sub(g, "text", mark, class_="mark", x=_x(c) + CELL // 2, y=_y(r) + _BOTTOM_BASE, font_size=size,
         font_weight="bold", fill=colour, text_anchor="middle")


def _row_runs(squares: list[Sq] | tuple[Sq, ...], row: int, free: set[Sq]) -> list[list[Sq]]:
    """Runs of consecutive squares of ``squares`` on ``row`` that are in ``free``, left to right."""
    runs: list[list[Sq]] = []
    for sq in sorted((s for s in squares if s[1] == row and s in free), key=lambda s: s[0]):
        if runs and runs[-1][-1][0] == sq[0] - 1:
            runs[-1].append(sq)
        else:
            runs.append([sq])
    return runs


def _terrain_labels(g: ET.Element, scene: Scene, tile: Placed, pieces: set[Sq]) -> None:
    """A terrain tile's name in the top band of its top row (of one square when a
    piece stands on that row, so no outline crosses it) and its keyword marks in the
    bottom band of its bottom row, in squares no piece uses; a name too long for the
    room is set smaller, down to the smallest size, then cut with an ellipsis (the
    title and the legend give it whole)."""
    top = min(r for _, r in tile.squares)
    bottom = max(r for _, r in tile.squares)
    row = sorted((s for s in tile.squares if s[1] == top), key=lambda s: s[0])
    span = row if not set(row) & pieces else [next((s for s in row if s not in pieces), row[0])]
    marks = " ".join(scene.marks[k] for k in tile.keywords if k in scene.marks)
    free_bottom = _row_runs(tile.squares, bottom, set(tile.squares) - pieces)
    name = tile.name
    if marks and not free_bottom and (len(row) == 1 or span == row):
        name, marks = f"{name} {marks}", ""          # no free square below: the marks follow the name
    x0, room = _x(span[0][0]) + 7, len(span) * CELL - 14
    name, size = fitted(name, room, NAME, bold=True)
    _sub(g, "text", name, class_="name", x=x0 + room // 2, y=_y(top) + _TOP_BASE, font_size=size,
         font_weight="bold", text_anchor="middle")
    if marks:
        if free_bottom:
            run = free_bottom[-1]
            x0, y0, room = _x(run[0][0]) + 6, _y(bottom) + _BOTTOM_BASE, len(run) * CELL - 12
        else:                                            # the top band of another square of the top row
            other = next(s for s in row if s != span[0])
            x0, y0, room = _x(other[0]) + 6, _y(top) + _TOP_BASE, CELL - 12
        marks, size = fitted(marks, room, MARK)
        _sub(g, "text", marks, class_="keyword-marks", x=x0 + room // 2, y=y0, font_size=size,
             text_anchor="middle", fill=TERRAIN_EDGE)


def _map_tile_name(g: ET.Element, scene: Scene, tile: Placed, label: str, pieces: set[Sq]) -> None:
    """A map tile's side name in a free corner: the first corner square (top left,
    top right, bottom left, bottom right) with no terrain tile, piece, Start or Exit
    square, written along the free squares of its row; else in the first free
    square of the tile; else at its top left."""
    busy = pieces | set(scene.start) | {sq for squares, _ in scene.exits for sq in squares}
    busy |= {sq for t in scene.terrain_tiles for sq in t.squares}
    free = set(tile.squares) - busy
    top, bottom = min(r for _, r in tile.squares), max(r for _, r in tile.squares)
    choices: list[tuple[list[Sq], int]] = []
    for row, base in ((top, _TOP_BASE - 2), (bottom, _BOTTOM_BASE + 3)):
        runs = _row_runs(tile.squares, row, free)
        left = min(c for c, r in tile.squares if r == row)
        right = max(c for c, r in tile.squares if r == row)
        choices += [(run, base) for run in runs if run[0][0] == left]
        choices += [(run, base) for run in runs if run[-1][0] == right and run[0][0] != left]
    choices += [([sq], _TOP_BASE - 2) for sq in sorted(free, key=lambda s: (s[1], s[0]))]
    for run, base in choices:
        size = fitting_size(shown(label), len(run) * CELL - 10, CELL * 9 // 56 + 1)
        if size is not None:
            right_side = run[-1][0] == max(c for c, _ in tile.squares) and run[0][0] != min(c for c, _ in tile.squares)
            x = _x(run[-1][0]) + CELL - 5 if right_side else _x(run[0][0]) + 5
            _sub(g, "text", label, class_="name", x=x, y=_y(run[0][1]) + base, font_size=size, fill=TILE_EDGE,
                 **({"text_anchor": "end"} if right_side else {}))
            return
    x, y, w, _ = _box(tile.squares)
    label, size = fitted(label, w - 10, 9)
    _sub(g, "text", label, class_="name", x=x + 5, y=y + 11, font_size=size, fill=TILE_EDGE)


def _area_label(g: ET.Element, scene: Scene, squares: list[Sq], label: str, pieces: set[Sq]) -> None:
    """``START`` / ``EXIT`` in the bottom band of the area's last square with no
    piece and no terrain tile (else its last square)."""
    tiles = {sq for t in scene.terrain_tiles for sq in t.squares}
    order = sorted(squares, key=lambda s: (s[1], s[0]))
    c, r = next((s for s in reversed(order) if s not in pieces and s not in tiles), order[-1])
    size = fitting_size(label, CELL - 14, CELL // 5, bold=True) or SMALLEST
    _sub(g, "text", label, x=_x(c) + CELL // 2, y=_y(r) + _BOTTOM_BASE, font_size=size, font_weight="bold", fill=BLUE,
         text_anchor="middle")


