"""Tiles on the grid (board stage, once per pack): every placed tile and setup square
lies inside the layout's grid (CF704); map tiles do not overlap (CF705); terrain
tiles lie wholly on map tiles (CF706) and do not overlap (CF707); a terrain tile's
edge keyword (a Balcony's Railing) borders a square of the map (CF710, warning); the
squares of an Exit area with an ``edge`` lie on that side of the map (CF717).

The squares of each placement are the runtime's (``boards.placed_squares``, from
``cardforge_runtime.board``); messages name squares 1-based ``(column, row)``.

Rule sources: Gascony's Legacy, "Battle Cards - Setup" (1: "Arrange the Map Tiles to
form the layout shown"; 2: "place them on top of Map Tiles"), "Map and Terrain
tiles" ("Treat the empty space between Map Tiles as walls"), "Balconies and
Railings" ("a Railing edge that divides the Map into High Ground and Low Ground"),
"Battle Cards - Setup" (7: the Exit edge pieces leave the map by).
"""

from __future__ import annotations

from collections.abc import Iterator

from cardforge_compiler.boards import LayoutIR, square_text
from cardforge_compiler.checks import check
from cardforge_compiler.diagnostics import Diagnostic, listed
from cardforge_compiler.resolve import PackIR
from cardforge_runtime.board import edge_between

__all__ = ["exit_edges_on_their_side", "setup_inside_grid", "terrain_on_the_map", "tiles_do_not_overlap"]

#: A step towards each side of the map: ``(columns, rows)`` (north is row - 1).
_TOWARDS = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}


def _squares(squares: list) -> str:
    return listed(square_text(sq) for sq in squares)


def setup_squares(layout: LayoutIR) -> Iterator[tuple[tuple, tuple[int, int], str]]:
    """Every setup square of a layout that names one square: ``(path of its [c, r],
    square, what it is)``: Start squares, Exit squares, Search tokens, deployment
    squares, Named Enemy squares."""
    model = layout.model
    for i, sq in enumerate(model.start):
        yield ("start", i), tuple(sq), "Start square"
    for a, area in enumerate(model.exits):
        for i, sq in enumerate(area.squares):
            yield ("exits", a, "squares", i), tuple(sq), "Exit square"
    for i, token in enumerate(model.search_tokens):
        yield ("search_tokens", i, "at"), tuple(token.at), f"Search token {token.token}"
    for a, area in enumerate(model.deployment):
        for i, square in enumerate(area.squares):
            yield ("deployment", a, "squares", i, "at"), tuple(square.at), f"'{area.enemy}' deployment square"
    for i, named in enumerate(model.named_enemies):
        yield ("named_enemies", i, "at"), tuple(named.at), f"Named Enemy '{named.name}'"


@check("board", "CF704")
def setup_inside_grid(pack: PackIR) -> Iterator[Diagnostic]:
    """Placed map tiles and terrain tiles, and every setup square, lie inside the
    layout's ``grid``."""
    for lid, layout in pack.board_layouts.items():
        doc, (columns, rows) = layout.doc, layout.model.grid
        for kind, i in layout.outside:
            squares = (layout.map_squares if kind == "map_tiles" else layout.tile_squares)[i]
            placed = getattr(layout.model, kind)[i]
            name = placed.side if kind == "map_tiles" else placed.tile
            out = [sq for sq in squares if not (1 <= sq[0] <= columns and 1 <= sq[1] <= rows)]
            what = "map tile" if kind == "map_tiles" else "terrain tile"
            yield Diagnostic(
                "CF704", f"{what} '{name}' leaves the {columns} x {rows} grid of layout '{lid}': it covers "
                         f"{_squares(out)}", **pack.board_where(doc, (kind, i, "at")),
                hint="move it (`at` is the top-left square of the turned tile), turn it with `rotation`, or widen "
                     "the layout's `grid`")
        for path, sq, what in setup_squares(layout):
            if not (1 <= sq[0] <= columns and 1 <= sq[1] <= rows):
                yield Diagnostic(
                    "CF704", f"{what} {square_text(sq)} lies outside the {columns} x {rows} grid of layout '{lid}'",
                    **pack.board_where(doc, path),
                    hint="squares are [column, row], 1-based, within `grid: [columns, rows]`")


def _overlaps(placed: list[list | None]) -> Iterator[tuple[int, int, list]]:
    """``(first, later, shared squares)`` for each pair of placements that share squares."""
    owner: dict[tuple[int, int], int] = {}
    for j, squares in enumerate(placed):
        shared: dict[int, list] = {}
        for sq in squares or ():
            if sq in owner:
                shared.setdefault(owner[sq], []).append(sq)
        for i, common in shared.items():
            yield i, j, common
        for sq in squares or ():
            owner.setdefault(sq, j)


@check("board", "CF705", "CF707")
def tiles_do_not_overlap(pack: PackIR) -> Iterator[Diagnostic]:
    """No two map tiles, and no two terrain tiles, of a layout cover the same square."""
    for lid, layout in pack.board_layouts.items():
        doc = layout.doc
        for kind, code, placed, what in (("map_tiles", "CF705", layout.map_squares, "map tile"),
                                         ("terrain_tiles", "CF707", layout.tile_squares, "terrain tile")):
            entries = getattr(layout.model, kind)
            names = [e.side if kind == "map_tiles" else e.tile for e in entries]
            for i, j, common in _overlaps(placed):
                yield Diagnostic(
                    code, f"{what} '{names[j]}' overlaps {what} '{names[i]}' ({kind}[{i}]) of layout '{lid}' on "
                          f"{_squares(common)}", **pack.board_where(doc, (kind, j, "at")),
                    see=(doc.source.display, doc.index, (kind, i, "at")),
                    hint="tiles lie side by side, never on top of each other: move one (`at` is the top-left "
                         "square of the turned tile) or turn it with `rotation`")


@check("board", "CF706", "CF710")
def terrain_on_the_map(pack: PackIR) -> Iterator[Diagnostic]:
    """Every square of a placed terrain tile lies on a map tile, and each of its edge
    keywords borders a square of the map on its other side."""
    for lid, layout in pack.board_layouts.items():
        if layout.outside or any(sq is None for sq in layout.map_squares):
            continue                # CF704 / CF701
        doc = layout.doc
        on_map = {sq for squares in layout.map_squares for sq in squares}
        walls_hit = set()
        for i, squares in enumerate(layout.tile_squares):
            if squares is None:
                continue
            walls = [sq for sq in squares if sq not in on_map]
            if walls:
                walls_hit.add(i)
                yield Diagnostic(
                    "CF706", f"terrain tile '{layout.model.terrain_tiles[i].tile}' of layout '{lid}' lies on wall "
                             f"square{'s' if len(walls) > 1 else ''} {_squares(walls)}, where no map tile is",
                    **pack.board_where(doc, ("terrain_tiles", i, "at")),
                    hint="terrain tiles lie on top of map tiles: move it (`at` is the top-left square of the "
                         "turned tile), turn it with `rotation`, or extend the map tiles under it")
        board = layout.board
        if board is None:
            continue
        yield from _railings_on_walls(pack, lid, layout, walls_hit)


def _railings_on_walls(pack: PackIR, lid: str, layout: LayoutIR, skip: set[int]) -> Iterator[Diagnostic]:
    board = layout.board
    for i, placed in enumerate(layout.model.terrain_tiles):
        tile_doc = pack.terrain_tiles.get(placed.tile)
        if i in skip or tile_doc is None or not tile_doc.model.edges:
            continue
        own = set(layout.tile_squares[i])
        against: list = []
        for edge, marks in board.edges().items():
            for mark in marks:
                if mark.high not in own:
                    continue
                low = _other_square(edge, mark.high)
                if not board.on_map(low) and low not in against:
                    against.append(low)
        if against:
            yield Diagnostic(
                "CF710", f"an edge of terrain tile '{placed.tile}' in layout '{lid}' lies against the wall at "
                         f"{_squares(sorted(against, key=lambda s: (s[1], s[0])))}: it divides the map from nothing",
                **pack.board_where(layout.doc, ("terrain_tiles", i, "at")),
                hint="turn the tile with `rotation` so that its railing faces the map, or move it")



def _other_square(edge: tuple[str, int, int], square: tuple[int, int]) -> tuple[int, int]:
    """The square across lattice edge ``edge`` from ``square`` (the runtime names edges:
    ``edge_between``)."""
    c, r = square
    return next(b for b in ((c, r - 1), (c + 1, r), (c, r + 1), (c - 1, r)) if edge_between(square, b) == edge)


@check("board", "CF717")
def exit_edges_on_their_side(pack: PackIR) -> Iterator[Diagnostic]:
    """The squares of an Exit area with an ``edge`` lie on that side of the map: the
    square beyond each of them in that direction is a wall or off the grid (pieces
    leave the map by moving across that edge)."""
    for lid, layout in pack.board_layouts.items():
        board = layout.board
        if board is None:
            continue                        # CF701 / CF704 / CF705
        for a, area in enumerate(layout.model.exits):
            if area.edge is None:
                continue
            dc, dr = _TOWARDS[area.edge]
            inside = [(i, tuple(sq), (sq[0] + dc, sq[1] + dr)) for i, sq in enumerate(area.squares)
                      if board.on_map(tuple(sq)) and board.on_map((sq[0] + dc, sq[1] + dr))]
            if not inside:
                continue
            many = len(inside) > 1
            yield Diagnostic(
                "CF717", f"Exit square{'s' if many else ''} {_squares([sq for _, sq, _ in inside])} of layout "
                         f"'{lid}' {'do' if many else 'does'} not lie on the {area.edge} side of the map: "
                         f"{_squares([beyond for _, _, beyond in inside])}, {area.edge} of {'them' if many else 'it'}, "
                         f"{'are' if many else 'is'} on the map",
                **pack.board_where(layout.doc, ("exits", a, "squares", inside[0][0])),
                hint=f"pieces leave by moving off the map's {area.edge} side: put the Exit squares against it (the "
                     f"square beyond is a wall or off the grid), name the side they lie on, or drop `edge`")
