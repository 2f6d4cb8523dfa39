"""Boards for the geometry tests, written directly in the bundle's ``board`` form
(docs/bundle.md, Board; the issue 8 contract). The keywords, terrain tiles and map tile
sides are the SHIPPED Gascony's Legacy data, compiled from content/gascony/ by the
compiler, so that changing content/gascony/keywords.yaml fails the rulebook examples;
test-only pieces and keywords are built from the same defaults."""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping

from cardforge_runtime.board import Board, build_board
from cardforge_runtime.format import ELEVATED_DEFAULTS, KEYWORD_DEFAULTS, LINK_DEFAULTS, WHILE_ON_DEFAULTS

MOVEMENT = KEYWORD_DEFAULTS["movement"]
SIGHT = KEYWORD_DEFAULTS["sight"]
ELEVATED = ELEVATED_DEFAULTS


def keyword(applies_to: str = "square", movement: Mapping | None = None, sight: Mapping | None = None,
            elevated: Mapping | None = None, link: Mapping | None = None) -> dict:
    """A keyword's bundle object: the defaults (a keyword that does nothing) with the given fields."""
    return copy.deepcopy({"applies_to": applies_to, "text": "", "movement": {**MOVEMENT, **(movement or {})},
                          "sight": {**SIGHT, **(sight or {})},
                          "elevated": None if elevated is None else {**ELEVATED, **elevated},
                          "link": None if link is None else {**LINK_DEFAULTS, **link}})


def _shipped_pack() -> dict:
    """The shipped Gascony's Legacy pack as the built bundle carries it, compiled from
    content/gascony/ by the compiler (the keywords, terrain tiles, map tile sides and
    Enemies the rulebook-example tests play on are the shipped data, never a copy of it)."""
    import json

    from _helpers import CONTENT

    from cardforge_compiler import __version__
    from cardforge_compiler.emit import build_bundle, bundle_bytes
    from cardforge_compiler.pipeline import compile_paths

    result = compile_paths([str(CONTENT)])
    assert not result.errors, [f"{d.code} {d.message}" for d in result.errors]
    bundle = json.loads(bundle_bytes(build_bundle(result.packs, __version__)))
    return next(pack for pack in bundle["packs"] if pack["id"] == "gascony")


#: The shipped Gascony's Legacy pack (bundle form; read it, never change it).
SHIPPED_PACK = _shipped_pack()
#: The shipped Gascony's Legacy board data (content/gascony/: keywords.yaml,
#: terrain-tiles.yaml, components.yaml), as the built bundle carries it.
SHIPPED_BOARD = SHIPPED_PACK["board"]
#: The shipped keywords (Cover, Elevated, Difficult, Impassable, Blocking, Stairs, ...).
KEYWORDS = SHIPPED_BOARD["keywords"]


def tile(size: list[int], keywords: list[str], edges: list | None = None, arrow: bool = False) -> dict:
    """A terrain tile's bundle object for a test-only tile."""
    return {"size": size, "keywords": keywords, "arrow": arrow, "edges": edges or [],
            "while_on": copy.deepcopy(WHILE_ON_DEFAULTS), "actions": []}


#: The shipped terrain tiles, and two test-only pieces made of shipped keywords: a 1x1
#: ``Crate`` (the keywords of the shipped 2x1 Crates, for pictures drawn square by
#: square) and a 1x1 ``Rail`` (the Balcony's edge keyword on its north side, any side
#: by rotation, for the property tests).
TILES = {
    **SHIPPED_BOARD["terrain_tiles"],
    "Crate": tile([1, 1], list(SHIPPED_BOARD["terrain_tiles"]["Crates"]["keywords"])),
    "Rail": tile([1, 1], [], [{**SHIPPED_BOARD["terrain_tiles"]["Balcony"]["edges"][0], "side": "north",
                               "banner": "none"}]),
}


def side(size: list[int], keywords: list[str] | None = None, arrow: str | None = None,
         railings: list[str] | None = None, piece: str = "Piece", edge: str = "Railing") -> dict:
    """A test-only map tile side; ``railings``: the sides carrying edge keyword ``edge``."""
    edges = [{"keyword": edge, "side": direction, "banner": "none"} for direction in railings or []]
    return {"piece": piece, "size": size, "keywords": keywords or [], "arrow": arrow, "edges": edges}


#: The shipped map tile sides (Large A, Hallway A, Staircase, ...) and a 1x1 ``Square``.
MAP_TILES = {**SHIPPED_BOARD["map_tiles"], "Square": side([1, 1])}


def placement(name: str, at: Iterable[int], rotation: int = 0, **more) -> dict:
    return {"tile": name, "at": list(at), "rotation": rotation, "facing": more.get("facing"),
            "banner": more.get("banner", False), "link": more.get("link")}


def map_placement(side_name: str, at: Iterable[int], rotation: int = 0) -> dict:
    return {"side": side_name, "at": list(at), "rotation": rotation}


def layout(grid: Iterable[int], map_tiles: list[dict], terrain_tiles: list[dict] | None = None) -> dict:
    return {"title": "Test", "grid": list(grid), "map_tiles": map_tiles, "terrain_tiles": terrain_tiles or [],
            "search_tokens": [], "deployment": [], "named_enemies": [], "start": [], "exits": [],
            "source": "layouts/test.yaml"}


def pack_board(layouts: Mapping[str, dict], keywords: Mapping | None = None, tiles: Mapping | None = None,
               map_tiles: Mapping | None = None) -> dict:
    return {"components": {}, "keywords": copy.deepcopy(dict(keywords or KEYWORDS)),
            "terrain_tiles": copy.deepcopy(dict(tiles or TILES)),
            "map_tiles": copy.deepcopy(dict(map_tiles or MAP_TILES)), "layouts": dict(layouts)}


#: Single-character terrain for ``board_from_rows``.
LEGEND = {"B": "Barrel", "C": "Column", "Z": "Brazier", "K": "Crate", "H": None}


def rows_layout(rows: list[str], terrain: Iterable[dict] = (), maps: Iterable[dict] = (),
                legend: Mapping[str, str] | None = None) -> dict:
    """A layout from a picture: one string per row, one character per square. ``#`` is a
    wall (no map tile), ``-`` a square another map tile (in ``maps``) covers, any other
    character a 1x1 floor square; characters of ``legend`` (default ``LEGEND``) also get
    that 1x1 terrain tile. ``terrain``/``maps``: more placements."""
    legend = LEGEND if legend is None else legend
    width = len(rows[0])
    assert all(len(r) == width for r in rows), rows
    squares, tiles = [], []
    for r, line in enumerate(rows, start=1):
        for c, ch in enumerate(line, start=1):
            if ch not in "#-":
                squares.append(map_placement("Square", (c, r)))
            if legend.get(ch):
                tiles.append(placement(legend[ch], (c, r)))
    return layout((width, len(rows)), squares + list(maps), tiles + list(terrain))


def board_from_rows(rows: list[str], terrain: Iterable[dict] = (), maps: Iterable[dict] = (),
                    keywords: Mapping | None = None, tiles: Mapping | None = None,
                    legend: Mapping[str, str] | None = None) -> Board:
    return build_board(pack_board({"test": rows_layout(rows, terrain, maps, legend)}, keywords, tiles), "test")
