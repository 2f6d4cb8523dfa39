"""Boards for the geometry tests, written directly in the bundle's ``board`` form
(docs/bundle.md, Board; the issue 8 contract): keywords with every field present,
terrain tiles, map tile sides and layouts. The Gascony keywords and tiles here follow
the rulebook's Terrain Tiles section; footprints follow docs/rulings.md."""

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


KEYWORDS = {
    "Cover": keyword(sight={"cover": True}),
    "Elevated": keyword(movement={"enter": 2, "enemies": False},
                        elevated={"melee_advantage": True, "ranged_defense_disadvantage": True,
                                  "cover_from_own_tile": False}),
    "Difficult": keyword(movement={"enter": 2}),
    "Impassable": keyword(movement={"characters": False, "enemies": False}),
    "Blocking": keyword(movement={"characters": False, "enemies": False}, sight={"blocks": True}),
    "Stairs": keyword(movement={"enter": 2, "when": "against-arrow"}),
    "Railing": keyword("edge", movement={"cross": False}, sight={"blocks": True, "unless_high_side_borders": True},
                       elevated={"ranged_advantage_over_low_ground": True, "melee_across": False}),
}


def tile(size: list[int], keywords: list[str], edges: list | None = None, arrow: bool = False) -> dict:
    return {"size": size, "keywords": keywords, "arrow": arrow, "edges": edges or [],
            "while_on": copy.deepcopy(WHILE_ON_DEFAULTS), "actions": []}


TILES = {
    "Barrel": tile([1, 1], ["Cover", "Elevated"]),
    "Brazier": tile([1, 1], ["Cover", "Impassable"]),
    "Column": tile([1, 1], ["Blocking"]),
    "Chest": tile([1, 1], ["Cover", "Impassable"]),
    "Crates": tile([2, 1], ["Cover", "Elevated"]),
    "Crate": tile([1, 1], ["Cover", "Elevated"]),
    "Table": tile([2, 1], ["Cover", "Elevated"]),
    "Haystack": tile([2, 1], ["Cover", "Difficult"]),
    "Balcony": tile([2, 1], [], [{"keyword": "Railing", "side": "south", "banner": "optional"}]),
    "Statue": tile([2, 2], ["Blocking"]),
    "Chandelier": tile([2, 2], []),
    "Wagon": tile([2, 2], ["Cover", "Elevated"], arrow=True),
    # a 1x1 railing piece for the property tests (any side by rotation)
    "Rail": tile([1, 1], [], [{"keyword": "Railing", "side": "north", "banner": "none"}]),
}


def side(size: list[int], keywords: list[str] | None = None, arrow: str | None = None,
         railings: list[str] | None = None, piece: str = "Piece") -> dict:
    """A map tile side; ``railings``: the sides carrying the Railing edge keyword."""
    edges = [{"keyword": "Railing", "side": direction, "banner": "none"} for direction in railings or []]
    return {"piece": piece, "size": size, "keywords": keywords or [], "arrow": arrow, "edges": edges}


MAP_TILES = {
    "Square": side([1, 1]),
    "Large A": side([6, 6], piece="Large"),
    "Hallway A": side([2, 4], piece="Hallway"),
    "Staircase": side([2, 2], ["Stairs"], "south", ["west", "east"], piece="Stairs"),
}


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
