"""The board of a Battle layout: squares, walls, keywords, arrows and edges, built once
from a bundle's ``board`` object (docs/bundle.md, Board) and read by the geometry,
movement and sight modules.

Coordinates (docs/runtime.md, Board geometry): a square is ``(column, row)``, 1-based,
columns grow east, rows grow south; square ``(c, r)`` covers the closed box
``[c-1, c] x [r-1, r]`` whose corners are integer points ``(x, y)``. An edge is a unit
segment of the lattice: ``("h", x, y)`` runs from ``(x, y)`` to ``(x+1, y)``,
``("v", x, y)`` from ``(x, y)`` to ``(x, y+1)``. All rotation and footprint logic of
placed tiles lives here, once.

Rule sources: Gascony's Legacy, "Map and Terrain tiles" ("Treat the empty space
between Map Tiles as walls"), "Terrain Tiles", "Staircase (Map Tile)", "Balconies
and Railings".
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple

from cardforge_runtime.board.reading import DIRECTIONS, direction, fail, field, keyword_data, pair, square_keywords
from cardforge_runtime.board_fields import ROTATIONS

__all__ = ["DIRECTIONS", "STEP", "Board", "EdgeMark", "Square", "as_figures", "as_square", "build_board", "check_figures",
           "edge_between", "footprint", "rotate_side"]

Square = tuple[int, int]
Edge = tuple[str, int, int]

#: The step ``(d_column, d_row)`` of each direction.
STEP: dict[str, Square] = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}


_FIGURE_KINDS = ("character", "enemy", "fallen")


def as_square(value: Any, what: str = "square") -> Square:
    """``value``, a square given to a query, as a ``(column, row)`` tuple: a pair (tuple
    or list, as JSON gives it) of whole numbers. Whether it lies on the grid is the
    query's concern.

    Raises:
        ValueError: anything else (a float, text, true/false, a pair of another length).
    """
    if type(value) in (tuple, list) and len(value) == 2 and type(value[0]) is int and type(value[1]) is int:
        return (value[0], value[1])
    raise ValueError(f"{what} {value!r}: expected a square (column, row) of two whole numbers")


def as_figures(figures: Any) -> dict[Square, str]:
    """The figures given to a query, ``{square: "character" | "enemy" | "fallen"}``
    (``None``: no figures), with tuple squares. Figures off the grid are kept (and
    stand nowhere on it).

    Raises:
        ValueError: not a mapping, a key that is not a square, an unknown kind.
    """
    if figures is None:
        return {}
    if not isinstance(figures, Mapping):
        raise ValueError(f"figures {figures!r}: expected a mapping {{square: kind}}")
    result = {}
    for square, kind in figures.items():
        if kind not in _FIGURE_KINDS:
            raise ValueError(f"figure at {square}: unknown kind {kind!r} (expected character, enemy or fallen)")
        result[as_square(square, "figures: a figure's square")] = kind
    return result


def check_figures(figures: Any) -> None:
    """Check ``figures`` as ``as_figures`` does, building nothing: a dict with tuple
    squares and known kinds (what a Battle passes) in one pass, anything else through
    ``as_figures``.

    Raises:
        ValueError: as ``as_figures``.
    """
    if figures is None:
        return
    if type(figures) is dict and all(type(sq) is tuple and len(sq) == 2 and type(sq[0]) is int and type(sq[1]) is int
                                     and kind in _FIGURE_KINDS for sq, kind in figures.items()):
        return
    as_figures(figures)


class EdgeMark(NamedTuple):
    """One edge keyword lying on an edge (a Railing of a Balcony tile or a Staircase).

    Attributes:
        keyword: the edge keyword's name (its data: ``Board.keyword(name)``).
        high: the square on the high side: the square of the placed tile that carries
            the edge (Balconies and Railings: "divides the Map into High Ground and Low
            Ground").
        railing: the index of the railing (one side of one placed tile) the edge
            belongs to, for ``unless_high_side_borders``.
        banner: whether this side of the placed tile shows a hanging banner.
    """

    keyword: str
    high: Square
    railing: int
    banner: bool


def rotate_side(side: str, rotation: int) -> str:
    """The direction ``side`` turns into when its tile is rotated ``rotation`` degrees
    clockwise (north -> east -> south -> west per 90)."""
    return DIRECTIONS[(DIRECTIONS.index(side) + rotation // 90) % 4]


def edge_between(a: Square, b: Square) -> Edge:
    """The edge shared by two orthogonally adjacent squares (``b`` may lie outside the
    grid). Raises ``ValueError`` when they are not orthogonally adjacent."""
    (c, r), (c2, r2) = a, b
    if (c2, r2) == (c, r - 1):
        return ("h", c - 1, r - 1)
    if (c2, r2) == (c, r + 1):
        return ("h", c - 1, r)
    if (c2, r2) == (c - 1, r):
        return ("v", c - 1, r - 1)
    if (c2, r2) == (c + 1, r):
        return ("v", c, r - 1)
    raise ValueError(f"({c}, {r}) and ({c2}, {r2}) do not share an edge")


def footprint(size: tuple[int, int], rotation: int) -> Iterator[tuple[int, int, int, int]]:
    """The squares of a placed tile's footprint: ``(i, j, dx, dy)`` for each local
    square ``(i, j)`` (0-based, unrotated, row by row) of a ``size`` ``(w, h)`` tile
    turned ``rotation`` degrees clockwise, and its offset ``(dx, dy)`` from the
    top-left square of the rotated footprint (``w x h``, or ``h x w`` at 90 and 270):
    0: ``(i, j)``; 90: ``(h-1-j, i)``; 180: ``(w-1-i, h-1-j)``; 270: ``(j, w-1-i)``.
    The one footprint rule of placed map tiles and terrain tiles (docs/format.md,
    Coordinates). Add the offsets to the placement's ``at`` for the squares.

    ``rotation`` is one of 0, 90, 180, 270 (``build_board`` checks it; any other
    value is taken as 270). Raises nothing.

    Rule: Gascony's Legacy, "Battle Cards - Setup" (tiles placed as the layout
    shows), "Terrain Tiles".
    """
    w, h = size
    for j in range(h):
        for i in range(w):
            if rotation == 0:
                yield i, j, i, j
            elif rotation == 90:
                yield i, j, h - 1 - j, i
            elif rotation == 180:
                yield i, j, w - 1 - i, h - 1 - j
            else:
                yield i, j, j, w - 1 - i


class Board:
    """An immutable board: the grid of one Battle layout with everything derived from
    its placements (Gascony's Legacy, "Battle Cards - Setup", "Terrain Tiles").

    Build it with ``build_board(pack_board, layout_id)`` (or ``Board.from_bundle``).
    Squares are ``(column, row)`` tuples, 1-based. Read-only; the geometry modules keep
    their per-board caches in ``Board.cache`` (derived data only).

    Attributes:
        layout_id, layout: the layout's id and its bundle object (read, never changed).
        columns, rows: the grid size.
        keywords_data: the pack's keywords, name -> bundle object.
        removed: the indexes of the layout's placed terrain tiles left off this board
            (a terrain action removed them: ``battle.terrain_state.board_now``); their
            indexes stay reserved, so ``tiles_at`` keeps naming the others by theirs.
    """

    __slots__ = ("layout_id", "layout", "columns", "rows", "keywords_data", "_on_map", "_square_keywords",
                 "_tiles", "_map_tile", "_arrow", "_keyword_arrows", "_edges", "_railing_high", "_area", "_placed_keywords",
                 "_map_keywords", "_links", "removed", "cache")

    def __init__(self, pack_board: Mapping[str, Any], layout_id: str, removed: frozenset[int] = frozenset()) -> None:
        _build(self, pack_board, layout_id, frozenset(removed))

    @classmethod
    def from_bundle(cls, pack_board: Mapping[str, Any], layout_id: str) -> Board:
        """Same as ``build_board``."""
        return cls(pack_board, layout_id)

    # -- squares ------------------------------------------------------------------
    def squares(self) -> Iterator[Square]:
        """Every square of the grid, row by row (walls included)."""
        for r in range(1, self.rows + 1):
            for c in range(1, self.columns + 1):
                yield (c, r)

    def in_grid(self, square: Square) -> bool:
        """Whether ``square`` lies inside the ``columns x rows`` grid."""
        return 1 <= square[0] <= self.columns and 1 <= square[1] <= self.rows

    def index(self, square: Square) -> int:
        """The square's index ``(row - 1) * columns + (column - 1)`` (bit of the masks)."""
        return (square[1] - 1) * self.columns + square[0] - 1

    def on_map(self, square: Square) -> bool:
        """Whether a map tile covers ``square``; False for walls and outside the grid."""
        return self.in_grid(square) and self._on_map[self.index(square)]

    def square_keywords(self, square: Square) -> tuple[str, ...]:
        """The names of the square keywords on ``square`` (map tile side and terrain
        tiles, in placement order, each once); ``()`` for walls."""
        return self._square_keywords[self.index(square)] if self.in_grid(square) else ()

    def keyword(self, name: str) -> Mapping[str, Any]:
        """The bundle object of keyword ``name`` (KeyError if the pack has none)."""
        return self.keywords_data[name]

    def tiles_at(self, square: Square) -> tuple[int, ...]:
        """Indexes (into ``layout["terrain_tiles"]``) of the placed terrain tiles covering ``square``."""
        return self._tiles[self.index(square)] if self.in_grid(square) else ()

    def tile_keywords(self, placed: int) -> tuple[str, ...]:
        """The square keywords of placed terrain tile ``placed`` (an index of ``tiles_at``)."""
        return self._placed_keywords[placed]

    def map_keywords(self, placed: int) -> tuple[str, ...]:
        """The square keywords of placed map tile ``placed`` (an index of ``map_tile_at``)."""
        return self._map_keywords[placed]

    def map_tile_at(self, square: Square) -> int | None:
        """Index (into ``layout["map_tiles"]``) of the map tile covering ``square``, last placed first."""
        return self._map_tile[self.index(square)] if self.in_grid(square) else None

    def arrow(self, square: Square) -> str | None:
        """The direction of the arrow printed on ``square`` after rotation (a Staircase's
        arrow points down the stairs; a tile's ``facing``), or None."""
        return self._arrow[self.index(square)] if self.in_grid(square) else None

    def keyword_arrow(self, square: Square, keyword: str) -> str | None:
        """The arrow (after rotation) of the piece on ``square`` that carries square
        keyword ``keyword``: a map tile side's ``arrow`` or a terrain tile's ``facing``;
        None when that piece has none. A ``when: against-arrow`` keyword reads this,
        never the arrow of another piece on the same square (a Wagon on a Staircase)."""
        return self._keyword_arrows[self.index(square)].get(keyword) if self.in_grid(square) else None

    def area(self, square: Square) -> frozenset[Square]:
        """For a square whose keyword ``sees: area``: the squares of the placed piece(s)
        carrying that keyword and the squares adjacent to them; empty otherwise."""
        return self._area.get(square, frozenset())

    def links(self, square: Square) -> tuple[tuple[Square, Mapping[str, Any]], ...]:
        """The squares ``square`` is linked to and the ``link`` data joining them
        (``{"move_cost", "attack", "sight"}``): every square of the other placed tile
        sharing its layout ``link`` label (Descent, Staircases: "the matching staircase
        space"); ``()`` when it has none."""
        return self._links.get(square, ())

    # -- edges --------------------------------------------------------------------
    def edge_marks(self, edge: Edge) -> tuple[EdgeMark, ...]:
        """The edge keywords lying on ``edge`` (``("h"|"v", x, y)``), in placement order."""
        return self._edges.get(edge, ())

    def edges(self) -> Mapping[Edge, tuple[EdgeMark, ...]]:
        """Every edge carrying an edge keyword -> its marks (read-only view)."""
        return dict(self._edges)

    def edge_keywords(self, a: Square, b: Square) -> tuple[str, ...]:
        """The names of the edge keywords on the edge between orthogonally adjacent ``a`` and ``b``."""
        return tuple(mark.keyword for mark in self._edges.get(edge_between(a, b), ()))

    def railing_high_squares(self, railing: int) -> frozenset[Square]:
        """The high-side squares bordering railing ``railing`` (an ``EdgeMark.railing``)."""
        return self._railing_high[railing]

    def high_ground(self, square: Square) -> bool:
        """Whether ``square`` is on the high side of some edge keyword with ``elevated``
        effects (Balconies and Railings: "A Railing edge divides the Map into High Ground
        and Low Ground"); an edge keyword without them (a Staircase's Stair Railing, which
        only stops steps) makes no High Ground."""
        return any(mark.high == square and self.keywords_data[mark.keyword].get("elevated") is not None
                   for marks in self._edges.values() for mark in marks)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a Board is immutable (tried to set {name})")

    def __repr__(self) -> str:
        return f"Board({self.layout_id!r}, {self.columns}x{self.rows})"


def build_board(pack_board: Mapping[str, Any], layout_id: str, removed: frozenset[int] = frozenset()) -> Board:
    """Build the ``Board`` of layout ``layout_id`` from a pack's bundle ``board`` object.

    Args:
        pack_board: the pack's ``board`` (``keywords``, ``terrain_tiles``,
            ``map_tiles``, ``layouts``; docs/bundle.md, Board).
        layout_id: a key of ``pack_board["layouts"]``.
        removed: indexes of the layout's ``terrain_tiles`` not to place (removed in
            play; the Battle's terrain, ``battle.terrain_state.board_now``).

    Returns:
        An immutable ``Board``.

    Raises:
        EngineError: ``pack_board`` is not a mapping (e.g. the method
            ``bundle.board`` passed uncalled) or ``layout_id`` not a str; an
            unknown layout, tile side, terrain tile or keyword name, a
            placement off the grid, a bad rotation or a missing field; the message
            starts with the JSON path (``board.layouts["x"].terrain_tiles[2].at``).

    Rule: Gascony's Legacy, "Battle Cards - Setup" (Map Tiles, then Terrain Tiles on
    top), "Map and Terrain tiles" (the space between Map Tiles is wall).
    """
    return Board(pack_board, layout_id, removed)


# -- construction ---------------------------------------------------------------------


def _build(board: Board, pack_board: Mapping[str, Any], layout_id: str, removed: frozenset[int]) -> None:
    if not isinstance(pack_board, Mapping):
        hint = " (call it: bundle.board(pack_id))" if callable(pack_board) else ""
        raise fail("board", f"expected the pack's board object (a dict, from Bundle.board(pack_id)), "
                            f"got {type(pack_board).__name__}{hint}")
    if not isinstance(layout_id, str):
        raise fail("board.layouts", f"expected a layout id (a str), got {type(layout_id).__name__}")
    layouts = field(pack_board, "layouts", "board", Mapping)
    if layout_id not in layouts:
        raise fail("board.layouts", f"no layout {layout_id!r} (the pack has {sorted(layouts)})")
    keywords = field(pack_board, "keywords", "board", Mapping)
    tiles = field(pack_board, "terrain_tiles", "board", Mapping)
    sides = field(pack_board, "map_tiles", "board", Mapping)
    layout = layouts[layout_id]
    lpath = f"board.layouts[{layout_id!r}]"
    columns, rows = pair(layout, "grid", lpath)
    count = columns * rows
    on_map = [False] * count
    square_kw: list[list[str]] = [[] for _ in range(count)]
    placed: list[list[int]] = [[] for _ in range(count)]
    map_tile: list[int | None] = [None] * count
    arrows: list[str | None] = [None] * count
    keyword_arrows: list[dict[str, str | None]] = [{} for _ in range(count)]
    edges: dict[Edge, list[EdgeMark]] = {}
    railing_high: list[set[Square]] = []
    area: dict[Square, set[Square]] = {}
    placed_keywords: list[tuple[str, ...]] = []
    map_keywords: list[tuple[str, ...]] = []
    labels: dict[str, list[tuple[str, list[Square], list[str]]]] = {}

    def place(entry: Mapping, path: str, size: tuple[int, int]) -> tuple[int, list[tuple[int, int, Square]]]:
        rotation = field(entry, "rotation", path, int)
        if rotation not in ROTATIONS:
            raise fail(f"{path}.rotation", f"expected 0, 90, 180 or 270, got {rotation}")
        c0, r0 = pair(entry, "at", path)
        w, h = size if rotation in (0, 180) else (size[1], size[0])
        if c0 + w - 1 > columns or r0 + h - 1 > rows:
            raise fail(f"{path}.at", f"the footprint ({c0}, {r0})-({c0 + w - 1}, {r0 + h - 1}) leaves the "
                                      f"{columns} x {rows} grid")
        return rotation, [(i, j, (c0 + dx, r0 + dy)) for i, j, dx, dy in footprint(size, rotation)]

    def add_edges(squares: list[Square], side: str, keyword: str, banner: bool) -> None:
        """Edge keyword ``keyword`` along side ``side`` (rotated) of a placed footprint."""
        railing = len(railing_high)
        high: set[Square] = set()
        dc, dr = STEP[side]
        for sq in squares:
            out = (sq[0] + dc, sq[1] + dr)
            if out in squares:
                continue
            edges.setdefault(edge_between(sq, out), []).append(EdgeMark(keyword, sq, railing, banner))
            high.add(sq)
        railing_high.append(high)

    def add_area(squares: list[Square], keyword_names: list[str]) -> None:
        if not any(keywords[k]["sight"]["sees"] == "area" for k in keyword_names):
            return
        around = {(c + dc, r + dr) for c, r in squares for dc in (-1, 0, 1) for dr in (-1, 0, 1)}
        around = {s for s in around if 1 <= s[0] <= columns and 1 <= s[1] <= rows}
        for sq in squares:
            area.setdefault(sq, set()).update(around)

    def piece_edges(piece: Mapping, ppath: str, squares: list[Square], rotation: int, shown: bool) -> None:
        """The edge keywords along the sides of a placed piece (``edges``: a terrain
        tile's or a map tile side's); ``shown``: the placement shows a banner."""
        for k, mark in enumerate(field(piece, "edges", ppath, list)):
            epath = f"{ppath}.edges[{k}]"
            keyword = field(mark, "keyword", epath, str)
            keyword_data(keywords, keyword, f"{epath}.keyword", "edge")
            side = rotate_side(direction(mark.get("side"), f"{epath}.side"), rotation)
            banner = mark.get("banner", "none")
            add_edges(squares, side, keyword, banner == "always" or (banner == "optional" and shown))

    for n, entry in enumerate(field(layout, "map_tiles", lpath, list)):
        path = f"{lpath}.map_tiles[{n}]"
        name = field(entry, "side", path, str)
        if name not in sides:
            raise fail(f"{path}.side", f"unknown map tile side {name!r} (the pack has {sorted(sides)})")
        spath = f"board.map_tiles[{name!r}]"
        side = sides[name]
        rotation, squares = place(entry, path, pair(side, "size", spath))
        kws = square_keywords(keywords, side, spath)
        map_keywords.append(tuple(kws))
        arrow = side.get("arrow")
        if arrow is not None:
            arrow = rotate_side(direction(arrow, f"{spath}.arrow"), rotation)
        for _, _, sq in squares:
            i = (sq[1] - 1) * columns + sq[0] - 1
            on_map[i] = True
            map_tile[i] = n
            square_kw[i].extend(k for k in kws if k not in square_kw[i])
            if arrow is not None:
                arrows[i] = arrow
            keyword_arrows[i].update((k, arrow) for k in kws)
        plain = [sq for _, _, sq in squares]
        add_area(plain, kws)
        piece_edges(side, spath, plain, rotation, False)

    for n, entry in enumerate(field(layout, "terrain_tiles", lpath, list)):
        path = f"{lpath}.terrain_tiles[{n}]"
        name = field(entry, "tile", path, str)
        if name not in tiles:
            raise fail(f"{path}.tile", f"unknown terrain tile {name!r} (the pack has {sorted(tiles)})")
        tpath = f"board.terrain_tiles[{name!r}]"
        tile = tiles[name]
        rotation, squares = place(entry, path, pair(tile, "size", tpath))
        kws = square_keywords(keywords, tile, tpath)
        placed_keywords.append(tuple(kws))
        if n in removed:
            continue
        facing = entry.get("facing")
        if facing is not None:
            facing = direction(facing, f"{path}.facing")
        for _, _, sq in squares:
            i = (sq[1] - 1) * columns + sq[0] - 1
            placed[i].append(n)
            square_kw[i].extend(k for k in kws if k not in square_kw[i])
            if facing is not None:
                arrows[i] = facing
            keyword_arrows[i].update((k, facing) for k in kws)
        plain = [sq for _, _, sq in squares]
        add_area(plain, kws)
        label = entry.get("link")
        if label is not None:
            labels.setdefault(field(entry, "link", path, str), []).append((path, plain, kws))
        piece_edges(tile, tpath, plain, rotation, entry.get("banner") is True)

    links: dict[Square, list[tuple[Square, Mapping[str, Any]]]] = {}
    for label, ends in labels.items():
        if len(ends) != 2:
            raise fail(f"{lpath}.terrain_tiles", f"link {label!r} joins {len(ends)} terrain tiles, not 2")
        (path, first, first_kws), (_, second, second_kws) = ends
        shared = [k for k in first_kws if k in second_kws and keywords[k].get("link") is not None]
        if not shared:
            raise fail(f"{path}.link", f"the tiles linked by {label!r} share no keyword with a `link`")
        data = field(keywords[shared[0]], "link", f"board.keywords[{shared[0]!r}]", Mapping)
        for here, there in ((first, second), (second, first)):
            for sq in here:
                links.setdefault(sq, []).extend((other, data) for other in there)

    values = {
        "layout_id": layout_id, "layout": layout, "columns": columns, "rows": rows, "keywords_data": keywords,
        "_on_map": tuple(on_map), "_square_keywords": tuple(tuple(k) for k in square_kw),
        "_tiles": tuple(tuple(p) for p in placed), "_map_tile": tuple(map_tile), "_arrow": tuple(arrows),
        "_keyword_arrows": tuple(keyword_arrows),
        "_edges": {e: tuple(m) for e, m in edges.items()},
        "_railing_high": tuple(frozenset(h) for h in railing_high),
        "_area": {sq: frozenset(s) for sq, s in area.items()}, "_placed_keywords": tuple(placed_keywords),
        "_map_keywords": tuple(map_keywords), "_links": {sq: tuple(ends) for sq, ends in links.items()},
        "removed": removed, "cache": {},
    }
    for name, value in values.items():
        object.__setattr__(board, name, value)
