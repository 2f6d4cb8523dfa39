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

from cardforge_compiler.picture._geometry import footprint, rotated_side, side_squares

__all__ = ["Scene", "Square", "build_scene", "keyword_marks", "square_edge"]

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
    rotation, or ``None``), ``text`` (rules text, may be empty) and ``banner``."""

    index: int
    name: str
    squares: tuple[Sq, ...]
    keywords: tuple[str, ...]
    arrow: str | None
    text: str = ""
    banner: bool = False


@dataclass(frozen=True)
class Edge:
    """A unit edge carrying the edge keyword ``keyword``: ``segment`` its two end
    points (sorted), ``owner`` ``("map-tile" | "terrain-tile", index)``."""

    keyword: str
    segment: Segment
    owner: tuple[str, int]


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


def build_scene(board: Mapping[str, Any], layout_id: str, *, characters: int | None = None,
                players: int | None = None) -> Scene:
    """The scene of layout ``layout_id`` of a pack's bundle ``board``.

    Args:
        board: the pack's ``board`` object of a bundle (format 1.4, checked).
        layout_id: a key of ``board["layouts"]`` (the caller checks it exists).
        characters: show only the deployment squares placed for this many
            Characters (Gascony's Legacy, Battle Cards - Setup: "a number equal to or
            lower than the number of Characters"); ``None``: all of them.
        players: the number of players asked for (shown in the legend).

    Raises:
        KeyError: ``layout_id`` is not a layout of ``board``.
    """
    layout = board["layouts"][layout_id]
    columns, rows = layout["grid"]
    keywords = board.get("keywords", {})
    squares: dict[Sq, dict[str, Any]] = {}
    edges: list[Edge] = []
    map_tiles: list[Placed] = []
    for index, placed in enumerate(layout["map_tiles"]):
        side = board["map_tiles"][placed["side"]]
        rotation = placed.get("rotation", 0)
        arrow = rotated_side(side["arrow"], rotation) if side.get("arrow") else None
        cells = tuple(sq for _, sq in footprint(side["size"], placed["at"], rotation))
        for sq in cells:
            squares.setdefault(sq, {"map_tile": index, "keywords": set(), "terrain": None, "arrow": None})
            squares[sq]["keywords"].update(side.get("keywords", []))
            if arrow:
                squares[sq]["arrow"] = arrow
        for edge_side in side.get("railings", []):
            keyword = _edge_keyword(keywords)
            turned = rotated_side(edge_side, rotation)
            for sq in side_squares(side["size"], placed["at"], rotation, edge_side):
                edges.append(Edge(keyword, square_edge(sq, turned), ("map-tile", index)))
        map_tiles.append(Placed(index, placed["side"], cells, tuple(sorted(side.get("keywords", []))), arrow))
    terrain_tiles: list[Placed] = []
    for index, placed in enumerate(layout["terrain_tiles"]):
        tile = board["terrain_tiles"][placed["tile"]]
        rotation = placed.get("rotation", 0)
        cells = tuple(sq for _, sq in footprint(tile["size"], placed["at"], rotation))
        facing = placed.get("facing")
        for sq in cells:
            entry = squares.get(sq)
            if entry is not None:                  # off the map: drawn, on no square
                entry["keywords"].update(tile.get("keywords", []))
                entry["terrain"] = index
                if facing:
                    entry["arrow"] = facing
        for edge in tile.get("edges", []):
            turned = rotated_side(edge["side"], rotation)
            for sq in side_squares(tile["size"], placed["at"], rotation, edge["side"]):
                edges.append(Edge(edge["keyword"], square_edge(sq, turned), ("terrain-tile", index)))
        terrain_tiles.append(Placed(index, placed["tile"], cells, tuple(sorted(tile.get("keywords", []))), facing,
                                    tile.get("text", ""), bool(placed.get("banner"))))
    grid = {}
    for c in range(1, columns + 1):
        for r in range(1, rows + 1):
            entry = squares.get((c, r))
            grid[(c, r)] = (Square(None) if entry is None else
                            Square(entry["map_tile"], tuple(sorted(entry["keywords"])), entry["terrain"], entry["arrow"]))
    deployment = []
    for area, group in enumerate(layout["deployment"]):
        for index, spot in enumerate(group["squares"]):
            deployment.append(Deployment(area, index, group["enemy"], _sq(spot["at"]), spot["players"],
                                         characters is None or spot["players"] <= characters))
    return Scene(
        layout_id=layout_id, title=layout.get("title", layout_id), columns=columns, rows=rows, squares=grid,
        map_tiles=map_tiles, terrain_tiles=terrain_tiles, edges=edges, marks=keyword_marks(keywords),
        search_tokens=[(t["token"], _sq(t["at"])) for t in layout["search_tokens"]],
        deployment=deployment,
        named_enemies=[(n["name"], _sq(n["at"])) for n in layout["named_enemies"]],
        start=[_sq(s) for s in layout["start"]],
        exits=[([_sq(s) for s in e["squares"]], e.get("edge")) for e in layout["exits"]],
        keyword_text={name: data.get("text", "") for name, data in keywords.items()},
        characters=characters, players=players)


def _edge_keyword(keywords: Mapping[str, Mapping[str, Any]]) -> str:
    """The edge keyword a map tile's ``railings`` carry: the pack's edge keyword."""
    edge = sorted(name for name, data in keywords.items() if data.get("applies_to") == "edge")
    return edge[0] if edge else "railing"
