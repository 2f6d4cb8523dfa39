"""The checks ``load_bundle`` runs on a pack's ``board`` (format 1.4.0): every field
the board engine reads, with the vocabularies, defaults and ranges of
``board_fields``, and every name it looks up (a layout's map tile side and terrain
tile, a tile's keywords, an edge keyword on an edge and a square keyword on squares,
a Search token label, a deployment's Enemy tokens, a terrain action's stat), so that a
hand-edited bundle stops here, naming the JSON path, rather than failing in a
Battle. Squares are ``[column, row]``, 1-based, inside the layout's grid, and so is
every placed footprint (what ``build_board`` needs to build every layout it loads).
The rest of the geometry (overlaps, reachability) is lint's, not the loader's.

Rule sources: Gascony's Legacy, "Component List", "Terrain Tiles", "Battle Cards -
Setup". See ``docs/bundle.md``, Board.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardforge_runtime.bundle_fields import FieldChecker
from cardforge_runtime.format import (
    ACTION_FROM,
    ACTION_KINDS,
    ACTION_STEP_KINDS,
    APPLIES_TO,
    BANNERS,
    BOARD_EFFECTS,
    DIRECTIONS,
    ELEVATED_DEFAULTS,
    KEYWORD_DEFAULTS,
    LINK_DEFAULTS,
    MOVE_SCOPES,
    MOVE_WHEN,
    RANDOM_SEARCH_TOKEN,
    RANGES,
    ROTATIONS,
    SEES,
    TILE_ATTACKS,
    WHILE_ON_DEFAULTS,
)

__all__ = ["check_board"]

#: The text fields of a keyword that take one value of a vocabulary.
_KEYWORD_CHOICES: dict[tuple[str, str], tuple[str, ...]] = {
    ("movement", "when"): MOVE_WHEN,
    ("movement", "scope"): MOVE_SCOPES,
    ("sight", "sees"): SEES,
}
#: The whole-number fields of a keyword that are not multipliers: their range.
_KEYWORD_RANGES: dict[tuple[str, str], str] = {("movement", "enter_wounds"): "enter_wounds"}


def check_board(checker: FieldChecker, board: Mapping[str, Any], path: str,
                stats: set[str]) -> tuple[set[str], list[tuple[Mapping[str, Any], str]]]:
    """Check a pack's ``board`` at ``path`` (``$.packs[0].board``).

    Args:
        checker: raises ``BundleError`` naming the place.
        board: the pack's ``board`` object.
        path: its JSON path.
        stats: the pack's stats (a terrain action's Challenge tests one).

    Returns:
        The ids of the board's layouts (a Battle step names one), and the story steps
        among terrain actions' effects with their JSON paths, each a
        ``{"kind": ...}`` of ``ACTION_STEP_KINDS``: the caller checks them as story
        steps once the pack's stories (their flags and counters) are read.

    Raises:
        BundleError: the first field the board engine cannot use.
    """
    checks = _Board(checker, stats)
    return checks.board(checker.obj(board, path), path), checks.steps


class _Board:
    """The checks of one pack's ``board``, a method per object at its JSON ``path``: each
    raises ``BundleError`` (via ``self.c``) at the first unusable field; ``steps`` collects
    the story steps among terrain actions' effects."""

    def __init__(self, checker: FieldChecker, stats: set[str]) -> None:
        """``checker`` raises the errors; ``stats``: the pack's stats, for Challenges."""
        self.c = checker
        self.stats = stats
        self.steps: list[tuple[Mapping[str, Any], str]] = []

    def names(self, obj: Mapping[str, Any], key: str, path: str) -> Mapping[str, Any]:
        """An object of named entries (keywords, tiles, sides, layouts): each an object."""
        entries = self.c.obj(self.c.field(obj, key, path, "object"), f"{path}.{key}")
        for name, entry in entries.items():
            if not name.strip():
                self.c.fail(f"{path}.{key}", "a name is empty")
            self.c.obj(entry, f"{path}.{key}.{name}")
        return entries

    def board(self, board: Mapping[str, Any], path: str) -> set[str]:
        """The whole ``board`` (keywords first: tiles and sides name them; then terrain
        tiles, map tile sides, components, layouts). Returns the layout ids."""
        c = self.c
        keywords = self.keywords = self.names(board, "keywords", path)
        for name, keyword in keywords.items():
            self.keyword(keyword, f"{path}.keywords.{name}")
        self.square_keywords = {n for n, k in keywords.items() if k["applies_to"] == "square"}
        self.edge_keywords = {n for n, k in keywords.items() if k["applies_to"] == "edge"}
        tiles = self.names(board, "terrain_tiles", path)
        for name, tile in tiles.items():
            self.terrain_tile(tile, f"{path}.terrain_tiles.{name}")
        sides = self.names(board, "map_tiles", path)
        for name, side in sides.items():
            where = f"{path}.map_tiles.{name}"
            c.field(side, "piece", where, "text")
            self.map_tile_side(side, where)
        components = c.obj(c.field(board, "components", path, "object"), f"{path}.components")
        labels, enemies = self.components(components, f"{path}.components", set(tiles))
        layouts = self.names(board, "layouts", path)
        for layout_id, layout in layouts.items():
            self.layout(layout, f"{path}.layouts.{layout_id}", sides, tiles, labels, enemies)
        return set(layouts)

    # -- components ------------------------------------------------------------------

    def components(self, components: Mapping[str, Any], path: str, tiles: set[str]) -> tuple[set[str], set[str]]:
        """The box (Gascony's Legacy, Component List): map tile pieces of exactly 2 sides,
        terrain pieces of 1 or 2 faces naming terrain tiles of ``tiles``, Search token
        labels (never ``?``), Enemy tokens, standees, counts in ``RANGES``. Returns the
        Search token labels and the Enemies with tokens."""
        c = self.c
        c.field(components, "text", path, "text")
        for i, piece in enumerate(c.field(components, "map_tiles", path, "list")):
            where = f"{path}.map_tiles[{i}]"
            c.field(c.obj(piece, where), "piece", where, "text")
            c.count(piece, "count", where, *RANGES["piece_count"])
            sides = c.field(piece, "sides", where, "list")
            if len(sides) != 2:
                c.fail(f"{where}.sides", f"a map tile has exactly 2 sides, found {len(sides)}")
            for j, side in enumerate(sides):
                side_path = f"{where}.sides[{j}]"
                c.field(c.obj(side, side_path), "side", side_path, "text")
                self.map_tile_side(side, side_path)
        for i, piece in enumerate(c.field(components, "terrain_tiles", path, "list")):
            where = f"{path}.terrain_tiles[{i}]"
            c.field(c.obj(piece, where), "piece", where, "text")
            c.count(piece, "count", where, *RANGES["piece_count"])
            faces = c.texts(piece, "faces", where) or []
            if not 1 <= len(faces) <= 2:
                c.fail(f"{where}.faces", f"a terrain piece has 1 or 2 faces, found {len(faces)}")
            for j, face in enumerate(faces):
                if face not in tiles:
                    c.fail(f"{where}.faces[{j}]", f"{face!r} is not a terrain tile of the board")
        labels = c.texts(components, "search_tokens", path) or []
        if RANDOM_SEARCH_TOKEN in labels:
            c.fail(f"{path}.search_tokens", f"{RANDOM_SEARCH_TOKEN!r} marks a random square, not a token's label")
        enemies = set()
        for i, tokens in enumerate(c.field(components, "enemy_tokens", path, "list")):
            where = f"{path}.enemy_tokens[{i}]"
            enemies.add(c.field(c.obj(tokens, where), "enemy", where, "text"))
            c.count(tokens, "count", where, *RANGES["piece_count"])
        standees = c.obj(c.field(components, "standees", path, "object"), f"{path}.standees")
        for key in ("characters", "enemies"):
            c.count(standees, key, f"{path}.standees", *RANGES["standees"])
        return set(labels), enemies

    def map_tile_side(self, side: Mapping[str, Any], path: str) -> None:
        """A map tile side: ``size`` ``[columns, rows]``, square keywords, an ``arrow``
        direction or null, its edge keywords."""
        c = self.c
        high = RANGES["tile_size"][1]
        c.pair(c.field(side, "size", path, "list"), f"{path}.size", RANGES["tile_size"][0], (high, high))
        self.keyword_refs(side, "keywords", path, self.square_keywords, "square")
        c.choice(side, "arrow", path, DIRECTIONS, nullable=True)
        self.edges(side, path)

    def edges(self, piece: Mapping[str, Any], path: str) -> None:
        """The edge keywords along the sides of a terrain tile or a map tile side."""
        c = self.c
        seen: list[tuple[str, str]] = []
        for i, edge in enumerate(c.field(piece, "edges", path, "list")):
            where = f"{path}.edges[{i}]"
            keyword = c.field(c.obj(edge, where), "keyword", where, "text")
            if keyword not in self.edge_keywords:
                c.fail(f"{where}.keyword", f"{keyword!r} is not an edge keyword of the board")
            side = c.choice(edge, "side", where, DIRECTIONS)
            if (keyword, side) in seen:
                c.fail(where, f"edge keyword {keyword!r} is named twice on side {side!r}")
            seen.append((keyword, side))
            c.choice(edge, "banner", where, BANNERS)

    # -- keywords and tiles ----------------------------------------------------------

    def keyword(self, keyword: Mapping[str, Any], path: str) -> None:
        """A terrain keyword (Gascony's Legacy, Terrain Tiles): ``applies_to``, ``text``,
        every ``movement`` and ``sight`` field of ``KEYWORD_DEFAULTS`` with its type and
        range, ``elevated`` (null or every field of ``ELEVATED_DEFAULTS``), ``link`` (null or
        ``move_cost`` and the ``LINK_DEFAULTS`` flags)."""
        c = self.c
        c.choice(keyword, "applies_to", path, APPLIES_TO)
        c.field(keyword, "text", path, "text")
        for group in ("movement", "sight"):
            values = c.obj(c.field(keyword, group, path, "object"), f"{path}.{group}")
            for key, default in KEYWORD_DEFAULTS[group].items():
                self.value(values, key, f"{path}.{group}", default, _KEYWORD_CHOICES.get((group, key)),
                           _KEYWORD_RANGES.get((group, key), "multiplier"))
        elevated = c.field(keyword, "elevated", path, "object?")
        if elevated is not None:
            for key, default in ELEVATED_DEFAULTS.items():
                if isinstance(default, bool):
                    c.field(elevated, key, f"{path}.elevated", "bool")
                else:
                    where = f"{path}.elevated.{key}"
                    modifier = c.obj(c.field(elevated, key, f"{path}.elevated", "object"), where)
                    for part in default:
                        c.count(modifier, part, where, *RANGES["attack_modifier"])
        link = c.field(keyword, "link", path, "object?")
        if link is not None:
            c.count(link, "move_cost", f"{path}.link", *RANGES["link_cost"], optional=True)
            if "move_cost" not in link:
                c.fail(f"{path}.link", "missing `move_cost` (null: no step between linked squares)")
            for key, default in LINK_DEFAULTS.items():
                if isinstance(default, bool):
                    c.field(link, key, f"{path}.link", "bool")

    def value(self, obj: Mapping[str, Any], key: str, path: str, default: Any, allowed: tuple[str, ...] | None,
              whole: str) -> None:
        """A field of the type of its default: true/false, a whole number in
        ``RANGES[whole]``, a vocabulary word."""
        if isinstance(default, bool):
            self.c.field(obj, key, path, "bool")
        elif isinstance(default, int):
            self.c.count(obj, key, path, *RANGES[whole])
        else:
            self.c.choice(obj, key, path, allowed or (default,))

    def keyword_refs(self, obj: Mapping[str, Any], key: str, path: str, pool: set[str], on: str) -> None:
        """``obj[key]``: a list of keyword names, each in ``pool`` (the board's ``on``
        keywords: ``square`` or ``edge``)."""
        for i, name in enumerate(self.c.texts(obj, key, path) or []):
            if name not in pool:
                self.c.fail(f"{path}.{key}[{i}]", f"{name!r} is not a {on} keyword of the board")

    def terrain_tile(self, tile: Mapping[str, Any], path: str) -> None:
        """A terrain tile (Gascony's Legacy, Terrain Tiles): size, keywords, arrow, edges,
        ``while_on``, actions (a Challenge on a pack stat; failure effects need one), ``targets``."""
        c = self.c
        c.field(tile, "text", path, "text")
        high = RANGES["tile_size"][1]
        c.pair(c.field(tile, "size", path, "list"), f"{path}.size", RANGES["tile_size"][0], (high, high))
        self.keyword_refs(tile, "keywords", path, self.square_keywords, "square")
        c.field(tile, "arrow", path, "bool")
        self.edges(tile, path)
        while_on = c.obj(c.field(tile, "while_on", path, "object"), f"{path}.while_on")
        for key, default in WHILE_ON_DEFAULTS.items():
            if isinstance(default, list):
                c.texts(while_on, key, f"{path}.while_on")
            else:
                c.count(while_on, key, f"{path}.while_on", *RANGES[key])
        for i, action in enumerate(c.field(tile, "actions", path, "list")):
            where = f"{path}.actions[{i}]"
            c.field(c.obj(action, where), "name", where, "text")
            c.field(action, "text", where, "text")
            c.choice(action, "action", where, ACTION_KINDS)
            c.choice(action, "from", where, ACTION_FROM)
            c.count(action, "movement_cost", where, *RANGES["movement_cost"])
            challenge = c.field(action, "challenge", where, "object?")
            if challenge is not None:
                stat = c.field(challenge, "stat", f"{where}.challenge", "text")
                if stat not in self.stats:
                    c.fail(f"{where}.challenge.stat", f"{stat!r} is not a stat of the pack")
                c.count(challenge, "successes", f"{where}.challenge", *RANGES["successes"])
            self.effects(action, "success", where)
            self.effects(action, "failure", where)
            if challenge is None and action["failure"]:
                c.fail(f"{where}.failure", "failure effects need a challenge")
        targets = c.field(tile, "targets", path, "object?")
        if targets is not None:
            c.count(targets, "defense", f"{path}.targets", *RANGES["tile_defense"])
            c.choice(targets, "attack", f"{path}.targets", TILE_ATTACKS)
            self.effects(targets, "success", f"{path}.targets")
            self.effects(targets, "failure", f"{path}.targets")

    def effects(self, obj: Mapping[str, Any], key: str, path: str) -> None:
        """A list of effects: named board effects, each with its parameters
        (``BOARD_EFFECTS``), and story steps of ``ACTION_STEP_KINDS`` (kept in
        ``self.steps`` for the story step checks)."""
        c = self.c
        for i, effect in enumerate(c.field(obj, key, path, "list")):
            where = f"{path}.{key}[{i}]"
            if "kind" in c.obj(effect, where) and "board" not in effect:
                kind = c.field(effect, "kind", where, "text")
                if kind not in ACTION_STEP_KINDS:
                    c.fail(f"{where}.kind", f"a terrain action's step is one of {', '.join(ACTION_STEP_KINDS)}, "
                                            f"found {kind!r}")
                self.steps.append((effect, where))
                continue
            name = c.choice(effect, "board", where, tuple(BOARD_EFFECTS))
            for param, value_kind in BOARD_EFFECTS[name][1].items():
                if value_kind == "name":
                    if not c.field(effect, param, where, "text").strip():
                        c.fail(f"{where}.{param}", "expected a name, found empty text")
                else:
                    c.count(effect, param, where, *RANGES[value_kind])

    # -- layouts ---------------------------------------------------------------------

    def layout(self, layout: Mapping[str, Any], path: str, sides: Mapping[str, Any], tiles: Mapping[str, Any],
               labels: set[str], enemies: set[str]) -> None:
        """A battle layout (Gascony's Legacy, Battle Cards - Setup): map tiles of ``sides``
        (at least one), terrain tiles of ``tiles`` (``facing`` where arrowed, links in
        pairs), Search tokens of ``labels`` or ``?``, deployment of ``enemies``, Named
        Enemies, Start (at least one), Exits; every square and footprint inside ``grid``."""
        c = self.c
        c.field(layout, "title", path, "text")
        c.field(layout, "text", path, "text")
        c.field(layout, "source", path, "text")
        low, high = RANGES["grid"]
        grid = c.pair(c.field(layout, "grid", path, "list"), f"{path}.grid", low, (high, high))

        def square(value: Any, where: str) -> None:
            c.pair(value, where, 1, (grid[0], grid[1]))

        def footprint(placement: Mapping[str, Any], where: str, what: str, size: list[int]) -> None:
            """The placed footprint (``at`` its top-left square, the size turned by the
            rotation: docs/format.md, Coordinates) lies inside the grid."""
            rotation = c.choice(placement, "rotation", where, ROTATIONS)
            width, height = size if rotation in (0, 180) else size[::-1]
            column, row = placement["at"]
            last = (column + width - 1, row + height - 1)
            if last[0] > grid[0] or last[1] > grid[1]:
                c.fail(f"{where}.at", f"{what} ({size[0]} x {size[1]}, rotation {rotation}) at ({column}, {row}) "
                                      f"covers ({column}, {row})-({last[0]}, {last[1]}), leaving the "
                                      f"{grid[0]} x {grid[1]} grid")

        keywords = self.keywords
        links: dict[str, list[tuple[str, str]]] = {}
        placed = c.field(layout, "map_tiles", path, "list")
        if not placed:
            c.fail(f"{path}.map_tiles", "a layout needs at least one map tile")
        for i, tile in enumerate(placed):
            where = f"{path}.map_tiles[{i}]"
            side = c.field(c.obj(tile, where), "side", where, "text")
            if side not in sides:
                c.fail(f"{where}.side", f"{side!r} is not a map tile side of the board")
            square(c.field(tile, "at", where, "list"), f"{where}.at")
            footprint(tile, where, f"map tile side {side!r}", sides[side]["size"])
        for i, tile in enumerate(c.field(layout, "terrain_tiles", path, "list")):
            where = f"{path}.terrain_tiles[{i}]"
            name = c.field(c.obj(tile, where), "tile", where, "text")
            if name not in tiles:
                c.fail(f"{where}.tile", f"{name!r} is not a terrain tile of the board")
            square(c.field(tile, "at", where, "list"), f"{where}.at")
            footprint(tile, where, f"terrain tile {name!r}", tiles[name]["size"])
            facing = c.choice(tile, "facing", where, DIRECTIONS, nullable=True)
            if facing is None and tiles[name]["arrow"]:
                c.fail(f"{where}.facing", f"terrain tile {name!r} has an arrow: its placement needs a facing")
            c.field(tile, "banner", where, "bool")
            label = c.field(tile, "link", where, "text?")
            if label is not None:
                links.setdefault(label, []).append((f"{where}.link", name))
        for label, ends in sorted(links.items()):
            if len(ends) != 2:
                c.fail(f"{path}.terrain_tiles", f"link {label!r} joins {len(ends)} terrain tiles; a link joins exactly 2")
            (_, first), (where, second) = ends
            if not any(k in tiles[second]["keywords"] and keywords[k]["link"] is not None
                       for k in tiles[first]["keywords"]):
                c.fail(where, f"link {label!r} joins {first!r} and {second!r}, which share no keyword with a `link`")
        for i, token in enumerate(c.field(layout, "search_tokens", path, "list")):
            where = f"{path}.search_tokens[{i}]"
            label = c.field(c.obj(token, where), "token", where, "text")
            if label != RANDOM_SEARCH_TOKEN and label not in labels:
                c.fail(f"{where}.token", f"{label!r} is not a Search token of the components (nor {RANDOM_SEARCH_TOKEN!r})")
            square(c.field(token, "at", where, "list"), f"{where}.at")
        for i, area in enumerate(c.field(layout, "deployment", path, "list")):
            where = f"{path}.deployment[{i}]"
            enemy = c.field(c.obj(area, where), "enemy", where, "text")
            if enemy not in enemies:
                c.fail(f"{where}.enemy", f"{enemy!r} has no Enemy tokens in the components")
            numbered = c.field(area, "squares", where, "list")
            if not numbered:
                c.fail(f"{where}.squares", "a deployment area needs at least one square")
            for j, spot in enumerate(numbered):
                spot_path = f"{where}.squares[{j}]"
                square(c.field(c.obj(spot, spot_path), "at", spot_path, "list"), f"{spot_path}.at")
                c.count(spot, "players", spot_path, *RANGES["deployment_players"])
        for i, enemy in enumerate(c.field(layout, "named_enemies", path, "list")):
            where = f"{path}.named_enemies[{i}]"
            c.field(c.obj(enemy, where), "name", where, "text")
            square(c.field(enemy, "at", where, "list"), f"{where}.at")
        start = c.field(layout, "start", path, "list")
        if not start:
            c.fail(f"{path}.start", "a layout needs at least one Start square")
        for i, value in enumerate(start):
            square(value, f"{path}.start[{i}]")
        for i, area in enumerate(c.field(layout, "exits", path, "list")):
            where = f"{path}.exits[{i}]"
            squares = c.field(c.obj(area, where), "squares", where, "list")
            if not squares:
                c.fail(f"{where}.squares", "an exit area needs at least one square")
            for j, value in enumerate(squares):
                square(value, f"{where}.squares[{j}]")
            c.choice(area, "edge", where, DIRECTIONS, nullable=True)
