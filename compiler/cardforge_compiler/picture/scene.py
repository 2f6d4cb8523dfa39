"""What a picture of a Battle layout shows, worked out once for every output format.

:func:`build_scene` reads one layout of a pack's bundle ``board`` (docs/bundle.md,
"Boards") and returns a :class:`Scene`: every square (wall or on a map tile, its
keywords, the terrain tile on it), every placed piece, the edges that carry an edge
keyword (Railings), and the overlays asked for (the Enemies placed for a number of
Characters, what a square sees and which of those squares have Cover, the squares
no Character can reach). :mod:`.svg` and :mod:`.text` only draw a scene.

Coordinates are the contract's: a square is ``(column, row)``, 1-based; square
``(c, r)`` covers ``[c-1, c] x [r-1, r]`` of the plane, so an edge is a unit
segment between integer points.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cardforge_runtime.battle.terrain_state import board_now
from cardforge_runtime.board import Board, build_board, cover, deployment_for, line_of_sight, reachable
from cardforge_runtime.board.grid import rotate_side
from cardforge_runtime.board.terrain import square_rules

__all__ = ["Figure", "Scene", "Square", "build_scene", "keyword_marks", "square_edge"]

Sq = tuple[int, int]
Segment = tuple[tuple[int, int], tuple[int, int]]


@dataclass(frozen=True)
class Square:
    """One square of the grid: ``map_tile`` the index (0-based, authored order) of
    the placed map tile it lies on (``None``: a wall), ``keywords`` its square
    keywords in name order (from the map tile side and the terrain tile), ``terrain``
    the index of the placed terrain tile on it, ``arrow`` the direction of the
    arrow printed on it (a Staircase side or a tile with a facing) or ``None``."""

    map_tile: int | None
    keywords: tuple[str, ...] = ()
    terrain: int | None = None
    arrow: str | None = None

    @property
    def wall(self) -> bool:
        """Off every map tile: a wall (Gascony's Legacy, Battle Cards - Setup)."""
        return self.map_tile is None


@dataclass(frozen=True)
class Placed:
    """A placed map tile or terrain tile: its ``name`` (the side or the face),
    ``squares`` (in footprint order), ``keywords``, ``arrow`` (a direction after
    rotation, or ``None``), ``text`` (rules text, may be empty), ``banner`` and ``edge_keywords`` (a
    terrain tile's edge keywords, e.g. a Balcony's Railing)."""

    index: int
    name: str
    squares: tuple[Sq, ...]
    keywords: tuple[str, ...]
    arrow: str | None
    text: str = ""
    banner: bool = False
    edge_keywords: tuple[str, ...] = ()


@dataclass(frozen=True)
class Edge:
    """A unit edge carrying edge keywords (a Railing): ``keywords`` their names,
    ``segment`` its two end points (sorted), ``high`` the squares on its high side
    (the squares of the tiles carrying it: High Ground)."""

    keywords: tuple[str, ...]
    segment: Segment
    high: tuple[Sq, ...]


@dataclass(frozen=True)
class Deployment:
    """A deployment square: area ``area`` (0-based), the ``enemy`` whose tokens it
    takes, ``players`` (the smallest number of Characters that places one), ``shown``
    (placed for the number of Characters asked for, or no number asked)."""

    area: int
    index: int
    enemy: str
    square: Sq
    players: int
    shown: bool


@dataclass(frozen=True)
class Figure:
    """A figure standing on the board during a Battle (``cardforge play``):
    ``mark`` its cell character (a Character's number, an Enemy's letter), ``side``
    the character after it (a facing arrow, a Wounded or Fallen mark, a Named Enemy's
    health), ``text`` its legend line (already worded, untrusted text included)."""

    square: Sq
    mark: str
    side: str
    text: str


@dataclass
class Scene:
    """Everything one picture shows (see the module docstring). ``characters`` is
    the number of Characters Enemies are placed for (``None``: every deployment
    square shown); ``los`` is ``(source, seen, cover)`` or ``None``; ``unreachable``
    the squares coloured by ``--diagnostics`` (``None``: not asked)."""

    layout_id: str
    title: str
    columns: int
    rows: int
    squares: dict[Sq, Square]
    map_tiles: list[Placed]
    terrain_tiles: list[Placed]
    edges: list[Edge]
    marks: dict[str, str]
    search_tokens: list[tuple[str, Sq]]
    deployment: list[Deployment]
    named_enemies: list[tuple[str, Sq]]
    start: list[Sq]
    exits: list[tuple[list[Sq], str | None]]
    keyword_text: dict[str, str] = field(default_factory=dict)
    characters: int | None = None
    players: int | None = None
    los: tuple[Sq, frozenset[Sq], frozenset[Sq]] | None = None
    unreachable: frozenset[Sq] | None = None
    notes: list[str] = field(default_factory=list)
    #: Figures on the board (a Battle in play), drawn over what is under them.
    figures: list[Figure] = field(default_factory=list)


def square_edge(square: Sq, side: str) -> Segment:
    """The unit segment of ``side`` (north/east/south/west) of ``square``, end points sorted."""
    c, r = square
    a, b = {"north": ((c - 1, r - 1), (c, r - 1)), "south": ((c - 1, r), (c, r)),
            "west": ((c - 1, r - 1), (c - 1, r)), "east": ((c, r - 1), (c, r))}[side]
    return (a, b) if a <= b else (b, a)


def keyword_marks(keywords: Mapping[str, Mapping[str, Any]]) -> dict[str, str]:
    """A short, unique mark for every square keyword, from the keyword data alone:
    its ``mark`` when the data gives one, else the shortest prefix of its name that
    no keyword earlier in name order took (``Cover`` -> ``C``, then ``Climb`` ->
    ``Cl``), capitalised. Edge keywords (``applies_to: edge``) are drawn as lines and
    get no mark."""
    marks: dict[str, str] = {}
    taken: set[str] = set()
    for name in sorted(keywords):
        data = keywords[name]
        if data.get("applies_to", "square") == "edge":
            continue
        given = data.get("mark")
        if isinstance(given, str) and given and given not in taken:
            mark = given
        else:
            letters = "".join(ch for ch in name if ch.isalnum()) or name or "?"
            mark = next((letters[:n].capitalize() for n in range(1, len(letters) + 1)
                         if letters[:n].capitalize() not in taken), None)
            if mark is None:
                mark = next(f"{letters[:1].upper()}{k}" for k in range(2, len(keywords) + 3)
                            if f"{letters[:1].upper()}{k}" not in taken)
        marks[name] = mark
        taken.add(mark)
    return marks


def _sq(value: Iterable[int]) -> Sq:
    c, r = value
    return (int(c), int(r))


def _segment(edge: tuple[str, int, int]) -> Segment:
    """The end points of a board edge ``("h"|"v", x, y)`` (cardforge_runtime.board.grid)."""
    kind, x, y = edge
    return ((x, y), (x + 1, y)) if kind == "h" else ((x, y), (x, y + 1))


def build_scene(board: Mapping[str, Any], layout_id: str, *, characters: int | None = None,
                players: int | None = None, los: Sq | None = None, unreachable: bool = False,
                terrain: Mapping[str, Any] | None = None) -> Scene:
    """The scene of layout ``layout_id`` of a pack's bundle ``board``.

    Squares, tiles, arrows and edges come from ``cardforge_runtime.board`` (the one
    place where placements are turned into squares); so do line of sight, Cover and
    reachability.

    Args:
        board: the pack's ``board`` object of a bundle (format 1.4).
        layout_id: a key of ``board["layouts"]``.
        characters: show only the deployment squares placed for this many
            Characters (Gascony's Legacy, Battle Cards - Setup: "a number equal to or
            lower than the number of Characters"); ``None``: all of them.
        players: the number of players asked for (shown in the legend).
        los: a square on the map: record every square it sees and which of those
            have Cover against it (terrain only: no figures are on the board).
        unreachable: record the squares a Character could stand on that no
            Character can reach from any Start square (Gascony's Legacy, "Move").
        terrain: a Battle's ``terrain`` record (tiles removed or moved by terrain
            actions, docs/runtime.md "Terrain actions"): removed tiles get no squares,
            moved ones stand where they stopped (``battle.terrain_state.board_now``).

    Raises:
        EngineError: the layout is not in ``board`` or its data is malformed (the
            message starts with the JSON path).
        ValueError: ``los`` is outside the grid or a wall (the message says which).
    """
    grid_board = board_now(board, layout_id, terrain) if terrain else build_board(board, layout_id)
    layout = grid_board.layout
    keywords = grid_board.keywords_data
    squares: dict[Sq, Square] = {}
    map_squares: dict[int, list[Sq]] = {}
    tile_squares: dict[int, list[Sq]] = {}
    for sq in grid_board.squares():
        tile = grid_board.map_tile_at(sq)
        tiles = grid_board.tiles_at(sq)
        squares[sq] = Square(tile if grid_board.on_map(sq) else None, tuple(sorted(grid_board.square_keywords(sq))),
                             tiles[-1] if tiles else None, grid_board.arrow(sq))
        if tile is not None:
            map_squares.setdefault(tile, []).append(sq)
        for index in tiles:
            tile_squares.setdefault(index, []).append(sq)
    map_tiles = []
    for index, placed in enumerate(layout["map_tiles"]):
        side = board["map_tiles"][placed["side"]]
        arrow = rotate_side(side["arrow"], placed["rotation"]) if side.get("arrow") else None
        map_tiles.append(Placed(index, placed["side"], tuple(map_squares.get(index, ())),
                                tuple(sorted(side.get("keywords", []))), arrow))
    terrain_tiles = []
    for index, placed in enumerate(layout["terrain_tiles"]):
        tile = board["terrain_tiles"][placed["tile"]]
        terrain_tiles.append(Placed(index, placed["tile"], tuple(tile_squares.get(index, ())),
                                    tuple(sorted(tile.get("keywords", []))), placed.get("facing"), tile.get("text", ""),
                                    bool(placed.get("banner")),
                                    tuple(dict.fromkeys(e["keyword"] for e in tile.get("edges", [])))))
    edges = [Edge(tuple(dict.fromkeys(m.keyword for m in marks)), _segment(edge),
                  tuple(sorted({m.high for m in marks}, key=lambda q: (q[1], q[0]))))
             for edge, marks in sorted(grid_board.edges().items())]
    placed = None if characters is None else {(d.area, d.index) for d in deployment_for(layout, characters)}
    deployment = []
    for area, group in enumerate(layout["deployment"]):
        for index, spot in enumerate(group["squares"]):
            deployment.append(Deployment(area, index, group["enemy"], _sq(spot["at"]), spot["players"],
                                         placed is None or (area, index) in placed))
    scene = Scene(
        layout_id=layout_id, title=layout.get("title", layout_id), columns=grid_board.columns, rows=grid_board.rows,
        squares=squares, map_tiles=map_tiles, terrain_tiles=terrain_tiles, edges=edges, marks=keyword_marks(keywords),
        search_tokens=[(t["token"], _sq(t["at"])) for t in layout["search_tokens"]],
        deployment=deployment,
        named_enemies=[(n["name"], _sq(n["at"])) for n in layout["named_enemies"]],
        start=[_sq(s) for s in layout["start"]],
        exits=[([_sq(s) for s in e["squares"]], e.get("edge")) for e in layout["exits"]],
        keyword_text={name: data.get("text", "") for name, data in keywords.items()},
        characters=characters, players=players)
    if los is not None:
        scene.los = sight_from(grid_board, los)
    if unreachable:
        scene.unreachable = unreachable_squares(grid_board, scene.start)
    return scene


def sight_from(board: Board, source: Sq) -> tuple[Sq, frozenset[Sq], frozenset[Sq]]:
    """``(source, seen, cover)``: the map squares ``source`` has line of sight to, and
    those of them that have Cover against a Ranged Attack from ``source``, with no
    figure on the board (Gascony's Legacy, "Attack: Line of Sight and Cover").

    Raises:
        ValueError: ``source`` is outside the grid or a wall.
    """
    if not board.in_grid(source):
        raise ValueError(f"({source[0]}, {source[1]}) is outside the {board.columns} x {board.rows} grid")
    if not board.on_map(source):
        raise ValueError(f"({source[0]}, {source[1]}) is a wall (no map tile): no figure stands there")
    seen = frozenset(sq for sq in board.squares() if sq != source and board.on_map(sq)
                     and line_of_sight(board, source, sq))
    return source, seen, frozenset(sq for sq in seen if cover(board, source, sq))


def unreachable_squares(board: Board, start: Iterable[Sq]) -> frozenset[Sq]:
    """The squares a Character may end a move on (every keyword lets Characters
    enter and stop) that no Character reaches from any of the ``start`` squares with
    any number of Movement points and no figure on the board (Gascony's Legacy,
    "Move"; the runtime's ``reachable`` with no budget)."""
    rules = square_rules(board)
    standing = {sq for sq in board.squares() if rules[board.index(sq)].on_map and rules[board.index(sq)].characters
                and rules[board.index(sq)].stop}
    reached: set[Sq] = set()
    for sq in start:
        if board.in_grid(sq) and sq not in reached:
            reached.update(reachable(board, sq, None, "character"))
    return frozenset(standing - reached)
