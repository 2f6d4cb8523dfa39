"""The box and its terrain rules: ``kind: components`` (the box inventory: map tiles
and their two sides, terrain pieces and their faces, Search tokens, Enemy tokens,
standees) and ``kind: terrain-keyword`` (what a keyword does to movement, line of
sight and a figure standing there, as data); plus the grid types every board
document shares: squares, sizes, directions and rotations.

Rule sources: Gascony's Legacy, "Component List", "Terrain Tiles" (Cover, Elevated,
Difficult, Impassable, Blocking; Staircase; Balconies and Railings), "Move",
"Attack" (Line of Sight and Cover); Descent: The Road to Legend, "Collected
Obstacles and Props". The vocabularies and defaults are the bundle format's
(``cardforge_runtime.format``, from ``board_fields``): nothing is written twice.

Coordinates: a square is ``[column, row]``, 1-based; columns grow east, rows grow
south (docs/format.md, Coordinates).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError

from cardforge_runtime.format import (
    APPLIES_TO,
    BANNERS,
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
)

from cardforge_compiler.model._types import NameText, _Model

__all__ = [
    "Components",
    "Direction",
    "Elevation",
    "Grid",
    "KeywordNames",
    "TileEdges",
    "EnemyTokens",
    "MapTilePiece",
    "MapTileSide",
    "Rotation",
    "SearchLabel",
    "Size",
    "Square",
    "Standees",
    "AttackModifier",
    "KeywordLink",
    "TerrainKeyword",
    "TerrainKeywordMovement",
    "TerrainKeywordSight",
    "TerrainPiece",
    "TileEdge",
]

_GRID = RANGES["grid"]
_TILE = RANGES["tile_size"]

#: A column or row number, 1-based.
Coordinate = Annotated[int, Field(ge=_GRID[0], le=_GRID[1])]
#: A square, ``[column, row]``, 1-based: column grows east, row grows south.
Square = Annotated[list[Coordinate], Field(min_length=2, max_length=2, description=(
    "A square as [column, row], 1-based: the column grows to the right (east), the row downwards (south)."))]
#: A footprint or grid, ``[columns, rows]`` (before rotation).
Size = Annotated[list[Annotated[int, Field(ge=_TILE[0], le=_TILE[1])]], Field(
    min_length=2, max_length=2, description="A size as [columns, rows].")]
#: A layout's grid, ``[columns, rows]``.
Grid = Annotated[list[Coordinate], Field(min_length=2, max_length=2, description="A grid as [columns, rows].")]
#: One of the four directions: north (row - 1), east (column + 1), south, west.
Direction = Literal[DIRECTIONS]  # type: ignore[valid-type]
#: A rotation in degrees, clockwise.
Rotation = Literal[ROTATIONS]  # type: ignore[valid-type]
_Count = Annotated[int, Field(ge=RANGES["piece_count"][0], le=RANGES["piece_count"][1])]
_Multiplier = Annotated[int, Field(ge=RANGES["multiplier"][0], le=RANGES["multiplier"][1])]
_Standees = Annotated[int, Field(ge=RANGES["standees"][0], le=RANGES["standees"][1])]


def _search_label(value: str) -> str:
    if value == RANDOM_SEARCH_TOKEN:
        raise PydanticCustomError(
            "search_label", "'{mark}' marks a square filled at random in a layout; it is not a token's label",
            {"mark": RANDOM_SEARCH_TOKEN, "hint": "label the Search tokens in the box A, B, C..."})
    return value


def _once(field: str, hint: str):  # noqa: ANN202 - a validator factory
    """A validator of a list of names that refuses a name listed twice."""
    def check(values: list[str]) -> list[str]:
        seen: set[str] = set()
        for value in values:
            if value in seen:
                raise PydanticCustomError("one_of", "`{field}` names '{name}' twice",
                                          {"field": field, "name": value, "hint": hint})
            seen.add(value)
        return values
    return check


#: The square keywords of a map tile side or a terrain tile, each named once.
KeywordNames = Annotated[list[NameText], AfterValidator(_once(
    "keywords", "list each keyword once: a keyword applies to a square once"))]


#: A Search token's printed label (A, B, C...); never ``?``.
SearchLabel = Annotated[NameText, AfterValidator(_search_label),
                        Field(json_schema_extra={"not": {"const": RANDOM_SEARCH_TOKEN}})]


# -- components ----------------------------------------------------------------------


class TileEdge(_Model):
    """An edge keyword along one side of a terrain tile's unrotated footprint or of a
    map tile side (Gascony's Legacy, Balconies and Railings: "Balcony Tiles include a
    Railing edge"; Staircase (Map Tile): "Palace Staircases also have Railings");
    ``banner``: whether a hanging banner may show on it (``none``, ``optional``: a
    placement says ``banner: true``; ``always``)."""

    keyword: NameText
    side: Direction
    banner: Literal[BANNERS] = BANNERS[0]  # type: ignore[valid-type]


def _edges_once(edges: list[TileEdge]) -> list[TileEdge]:
    """The same edge keyword on the same side twice would lie twice on every edge."""
    seen: set[tuple[str, str]] = set()
    for edge in edges:
        if (edge.keyword, edge.side) in seen:
            raise PydanticCustomError("one_of", "`edges` names keyword '{keyword}' on side {side} twice", {
                "keyword": edge.keyword, "side": edge.side, "hint": "list each edge of the tile once"})
        seen.add((edge.keyword, edge.side))
    return edges


#: Edge keywords along the sides of a piece (map tile side or terrain tile), each once.
TileEdges = Annotated[list[TileEdge], AfterValidator(_edges_once)]


class MapTileSide(_Model):
    """One side of a double-sided map tile (Gascony's Legacy, Component List: "Each Map
    and Terrain Tile is double-sided"): its ``side`` name (unique in the pack; layouts
    place a side by this name), its grid ``size`` ``[columns, rows]``, the square
    ``keywords`` on every square of the side (the Staircase: Stairs), the printed
    ``arrow`` (down the stairs) and its ``edges``, edge keywords along sides of the
    tile (the Staircase's Railings on its west and east sides), both before rotation
    (Terrain Tiles, Staircase (Map Tile)), as a terrain tile's ``edges``."""

    side: NameText
    size: Size
    keywords: KeywordNames = Field(default_factory=list)
    arrow: Direction | None = None
    edges: TileEdges = Field(default_factory=list)


class MapTilePiece(_Model):
    """A map tile piece of the box (Gascony's Legacy, Component List: Large 6x6 x2,
    Hallway 2x4 x2, Medium 4x4 x2, Stairs 2x2 x2): ``count`` pieces, each with
    exactly two ``sides``. A layout may show at most ``count`` sides of this piece
    in all (one physical piece shows one side)."""

    piece: NameText
    count: _Count
    sides: Annotated[list[MapTileSide], Field(min_length=2, max_length=2)]


class TerrainPiece(_Model):
    """A terrain tile piece of the box (Gascony's Legacy, Component List: Terrain Tiles
    (16)): ``count`` pieces and their ``faces`` (terrain-tile names; one name when both
    faces are the same, as the Chest x2; two for "Column / Brazier"). A layout that
    shows 3 Columns and 2 Braziers needs 5 of the 4 Column / Brazier pieces."""

    piece: NameText
    count: _Count
    faces: Annotated[list[NameText], Field(min_length=1, max_length=2)]


class EnemyTokens(_Model):
    """The supply of tokens of one Enemy (Gascony's Legacy, Battle Cards - Setup, 4:
    "Each deployment area shows which tokens to use"): ``count`` tokens."""

    enemy: NameText
    count: _Count


class Standees(_Model):
    """The standees in the box (Gascony's Legacy, Component List: Character Standee x8,
    Enemy Standee x3, the Named Enemies). ``0`` when not given."""

    characters: _Standees = 0
    enemies: _Standees = 0


class Components(_Model):
    """The box inventory of a pack, one per pack (Gascony's Legacy, Component List):
    the map tiles, terrain tiles, Search tokens, Enemy tokens and standees that
    layouts are built from."""

    kind: Literal["components"]
    text: str = ""
    map_tiles: list[MapTilePiece] = Field(default_factory=list)
    terrain_tiles: list[TerrainPiece] = Field(default_factory=list)
    search_tokens: Annotated[list[SearchLabel], AfterValidator(_once(
        "search_tokens", "each Search token of the box has its own label: A, B, C..."))] = Field(default_factory=list)
    enemy_tokens: list[EnemyTokens] = Field(default_factory=list)
    standees: Standees = Field(default_factory=Standees)


# -- terrain keywords ----------------------------------------------------------------

_MOVE = KEYWORD_DEFAULTS["movement"]
_SIGHT = KEYWORD_DEFAULTS["sight"]


#: The keyword fields the board engine reads on one kind of keyword only (docs/format.md,
#: `terrain-keyword`): a step crosses an edge, a step enters or leaves a square.
_ONLY_ON: dict[str, dict[str, frozenset[str]]] = {
    "edge": {"movement": frozenset({"cross"}), "sight": frozenset({"unless_high_side_borders"}),
             "elevated": frozenset({"melee_across", "ranged_advantage_over_low_ground"})},
    "square": {"movement": frozenset({"enter", "leave", "when", "characters", "enemies", "stop"}),
               "sight": frozenset({"sees", "seen_from_adjacent"}),
               "elevated": frozenset({"melee_advantage", "ranged_defense_disadvantage", "cover_from_own_tile"})},
}


class TerrainKeywordMovement(_Model):
    """What a keyword does to movement (Gascony's Legacy, Move; Terrain Tiles:
    "Moving into an Elevated square costs double movement points (orthogonal movement
    costs 2; diagonal costs 4)"). ``enter``: the multiplier on the cost of a step into
    such a square; ``leave``: on a step out of it (Descent's pit: 2); ``when``:
    ``any`` step, or only ``against-arrow`` (up a Staircase); ``scope``: ``square``
    (every step into or out of such a square) or ``area`` (only a step between such a
    square and one without the keyword: into or out of the pit, not within it);
    ``enter_wounds``: Wounds, ignoring armor, a figure suffers on such a step in
    (Descent: pit 1, lava 2; data for the Battle engine); ``characters`` /
    ``enemies``: whether they may enter (Enemies treat Elevated tiles as obstacles);
    ``stop``: whether a figure may end its move there; ``cross``: edge keywords only,
    whether a step may cross the edge (a Railing: no)."""

    enter: _Multiplier = _MOVE["enter"]
    leave: _Multiplier = _MOVE["leave"]
    when: Literal[MOVE_WHEN] = _MOVE["when"]  # type: ignore[valid-type]
    scope: Literal[MOVE_SCOPES] = _MOVE["scope"]  # type: ignore[valid-type]
    enter_wounds: Annotated[int, Field(ge=RANGES["enter_wounds"][0], le=RANGES["enter_wounds"][1])] = \
        _MOVE["enter_wounds"]
    characters: bool = _MOVE["characters"]
    enemies: bool = _MOVE["enemies"]
    stop: bool = _MOVE["stop"]
    cross: bool = _MOVE["cross"]


class TerrainKeywordSight(_Model):
    """What a keyword does to line of sight (Gascony's Legacy, Attack: Line of Sight and
    Cover; Terrain Tiles: Cover, Blocking; Balconies and Railings). ``blocks``: a line
    entering such a square (or crossing such an edge) is blocked; ``cover``: a line
    entering it gives the target Cover; ``sees``: what a figure standing here sees
    (``all``; ``adjacent`` squares only, Descent's fog; ``area``: the squares of its
    placed tile and those adjacent, Descent's pit); ``seen_from_adjacent``: a blocking
    square that adjacent figures still see into (fog); ``unless_high_side_borders``:
    edge keywords, the edge does not block a line when the figure on its high side has
    a square sharing an edge with it (the Balcony railing)."""

    blocks: bool = _SIGHT["blocks"]
    cover: bool = _SIGHT["cover"]
    sees: Literal[SEES] = _SIGHT["sees"]  # type: ignore[valid-type]
    seen_from_adjacent: bool = _SIGHT["seen_from_adjacent"]
    unless_high_side_borders: bool = _SIGHT["unless_high_side_borders"]


_MODIFIER = Annotated[int, Field(ge=RANGES["attack_modifier"][0], le=RANGES["attack_modifier"][1])]


class AttackModifier(_Model):
    """A change to an attack's ``range`` and ``damage`` (Descent, Bed and Table: "gains
    +1 range and +1 damage"; "loses -1 range and -1 damage"); 0 = no change."""

    range: _MODIFIER = 0
    damage: _MODIFIER = 0


class Elevation(_Model):
    """Effects on a figure standing on a keyword's square (Gascony's Legacy, Terrain
    Tiles, Elevated: "They gain Advantage on their Melee attacks. They gain
    Disadvantage when defending against Ranged attacks, and do not receive Cover from
    the Elevated tile they stand on"; Balconies and Railings: Advantage on Ranged
    Attacks from High Ground, no Melee across a railing); ``attacking_down`` /
    ``attacking_up``: Descent's elevation (Bed and Table: "An elevated figure attacking
    a non-elevated figure (i.e., attacking down) gains +1 range and +1 damage. A
    non-elevated figure attacking an elevated figure (i.e., attacking up) loses -1
    range and -1 damage"), data for the Battle engine. Each field defaults to no
    change."""

    melee_advantage: bool = ELEVATED_DEFAULTS["melee_advantage"]
    ranged_defense_disadvantage: bool = ELEVATED_DEFAULTS["ranged_defense_disadvantage"]
    cover_from_own_tile: bool = ELEVATED_DEFAULTS["cover_from_own_tile"]
    ranged_advantage_over_low_ground: bool = ELEVATED_DEFAULTS["ranged_advantage_over_low_ground"]
    melee_across: bool = ELEVATED_DEFAULTS["melee_across"]
    attacking_down: AttackModifier = Field(default_factory=AttackModifier)
    attacking_up: AttackModifier = Field(default_factory=AttackModifier)


class KeywordLink(_Model):
    """What joins two linked squares of this keyword (Descent, Staircases: "For one
    movement point, a figure in a staircase space can move to the matching staircase
    space as though it were adjacent. Attacks may be made across matching staircase
    spaces as though the two ends were adjacent. A figure on a staircase has a line of
    sight to the other side of the staircase and all spaces adjacent to it. A figure
    adjacent to a staircase has line of sight to the other side of the staircase.").
    A layout links two placed terrain tiles with this keyword by giving both the same
    ``link`` label. ``move_cost``: the Movement points of a step from one to the
    other (none: no such step); ``attack``: attacks reach across as though the ends
    were adjacent; ``sight``: the line of sight above."""

    move_cost: Annotated[int, Field(ge=RANGES["link_cost"][0], le=RANGES["link_cost"][1])] | None = \
        LINK_DEFAULTS["move_cost"]
    attack: bool = LINK_DEFAULTS["attack"]
    sight: bool = LINK_DEFAULTS["sight"]


class TerrainKeyword(_Model):
    """A terrain keyword as data (Gascony's Legacy, Terrain Tiles: Cover, Elevated,
    Difficult, Impassable, Blocking; Staircase; Railing): the engine reads only these
    fields, never a keyword's name. ``applies_to``: ``square`` (the default) or
    ``edge`` (a Railing lies on edges); ``link``: how the squares of two placed tiles
    a layout links are joined (Descent's matching staircase spaces). A keyword with no
    fields does nothing."""

    kind: Literal["terrain-keyword"]
    name: NameText
    applies_to: Literal[APPLIES_TO] = KEYWORD_DEFAULTS["applies_to"]  # type: ignore[valid-type]
    text: str = KEYWORD_DEFAULTS["text"]
    movement: TerrainKeywordMovement = Field(default_factory=TerrainKeywordMovement)
    sight: TerrainKeywordSight = Field(default_factory=TerrainKeywordSight)
    elevated: Elevation | None = KEYWORD_DEFAULTS["elevated"]
    link: KeywordLink | None = KEYWORD_DEFAULTS["link"]

    @field_validator("movement", "sight", "elevated")
    @classmethod
    def _read_on_this_kind(cls, group: _Model | None, info: ValidationInfo) -> _Model | None:
        """A field the engine reads only on the other kind of keyword (``cross`` on a
        square keyword, ``enter`` on an edge keyword) would do nothing: refused."""
        applies_to = info.data.get("applies_to")
        if group is None or applies_to not in _ONLY_ON:
            return group
        other = "edge" if applies_to == "square" else "square"
        defaults = ELEVATED_DEFAULTS if info.field_name == "elevated" else KEYWORD_DEFAULTS[info.field_name]
        for name in sorted(group.model_fields_set):
            if name in _ONLY_ON[other][info.field_name] and getattr(group, name) != defaults[name]:
                raise PydanticCustomError(
                    "one_of", "`{field}` is read only on {other} keywords (applies_to: {other}): on {a} "
                              "{kind} keyword it does nothing",
                    {"field": f"{info.field_name}.{name}", "other": other, "kind": applies_to,
                     "a": "an" if applies_to == "edge" else "a",
                     "hint": f"remove `{name}`, or make the keyword an {other} keyword"
                             if other == "edge" else f"remove `{name}`, or make the keyword a square keyword"})
        return group
