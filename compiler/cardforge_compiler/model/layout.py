"""``kind: battle-layout``: the setup a Battle card shows (Gascony's Legacy, "Battle
Cards - Setup"): map tiles placed, terrain tiles placed, Search tokens, Enemy
deployment areas, Named Enemy squares, Start areas and Exit areas. A story's
``battle: {layout: ID}`` names a layout by its ``id``.

One grid per layout, ``grid: [columns, rows]``; squares are ``[column, row]``,
1-based. Squares no map tile covers are walls ("Treat the empty space between Map
Tiles as walls"). Placements are kept as written; the runtime's board package
derives the squares from them (docs/format.md, Coordinates).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field, field_validator
from pydantic_core import PydanticCustomError

from cardforge_runtime.format import RANGES

from cardforge_compiler.model._types import Ident, NameText, Text, _Model
from cardforge_compiler.model.board import Direction, Grid, Rotation, Square

__all__ = ["BattleLayout", "DeploymentArea", "DeploymentSquare", "ExitArea", "MapTilePlacement",
           "NamedEnemyPlacement", "SearchTokenPlacement", "TerrainTilePlacement"]

_PLAYERS = RANGES["deployment_players"]


class MapTilePlacement(_Model):
    """A map tile placed (Battle Cards - Setup, 1: "Arrange the Map Tiles to form the
    layout shown"): the ``side`` shown (a side name of ``components``), ``at`` the
    top-left square of its rotated footprint, turned ``rotation`` degrees clockwise."""

    side: NameText
    at: Square
    rotation: Rotation = 0


class TerrainTilePlacement(_Model):
    """A terrain tile placed on the map tiles (Battle Cards - Setup, 2): the ``tile``
    (a terrain-tile face name), ``at`` the top-left square of its rotated footprint,
    ``rotation``; ``facing``, the direction of its arrow (required when the tile has
    ``arrow: true``: the Wagon); ``banner``, whether its edge shows a hanging banner
    (only on tiles whose edges allow one: the Balcony, Banner Slide); ``link``, a label
    that joins this placement to the one other placement with the same label (their
    tiles carry a keyword with ``link``: Descent's matching staircase spaces)."""

    tile: NameText
    at: Square
    rotation: Rotation = 0
    facing: Direction | None = None
    banner: bool = False
    link: NameText | None = None


class SearchTokenPlacement(_Model):
    """A Search token square (Battle Cards - Setup, 3): ``token``, a label of the box's
    Search tokens placed there (A, B, C), or ``?``: filled at random at setup from the
    tokens not placed by label."""

    token: NameText
    at: Square


class DeploymentSquare(_Model):
    """A numbered square of a deployment area (Battle Cards - Setup, 4: "Place Enemies
    in any square with a number equal to or less than the number of characters"):
    an Enemy is placed ``at`` it when the Characters number ``players`` or more."""

    at: Square
    players: Annotated[int, Field(ge=_PLAYERS[0], le=_PLAYERS[1])]


class DeploymentArea(_Model):
    """An Enemy deployment area, a red outline (Battle Cards - Setup, 4: "Each
    deployment area shows which tokens to use"): the ``enemy`` whose tokens it uses (a
    name of ``components.enemy_tokens``) and its numbered ``squares``."""

    enemy: NameText
    squares: Annotated[list[DeploymentSquare], Field(min_length=1)]


class NamedEnemyPlacement(_Model):
    """A Named Enemy's standee square, a black outline (Battle Cards - Setup, 5)."""

    name: NameText
    at: Square


def _squares_once(squares: list[list[int]]) -> list[list[int]]:
    """An area's squares, each once."""
    seen: set[tuple[int, ...]] = set()
    for square in squares:
        if tuple(square) in seen:
            raise PydanticCustomError("one_of", "`squares` names ({column}, {row}) twice", {
                "column": square[0], "row": square[1], "hint": "list each square of the area once"})
        seen.add(tuple(square))
    return squares


def _named_once(placements: list[NamedEnemyPlacement]) -> list[NamedEnemyPlacement]:
    """A Named Enemy is one figure with one standee: set up on one square."""
    seen: set[str] = set()
    for placement in placements:
        if placement.name in seen:
            raise PydanticCustomError("one_of", "`named_enemies` names '{name}' twice", {
                "name": placement.name, "hint": "a Named Enemy is one figure: set it up on one square"})
        seen.add(placement.name)
    return placements


class ExitArea(_Model):
    """An Exit area, a blue outline, and optionally its Exit edge (Battle Cards - Setup,
    7: "Some battles have places where specific pieces can exit the map by moving off
    the edge of a map tile"): the ``squares``, and the ``edge`` of the map the pieces
    leave by."""

    squares: Annotated[list[Square], Field(min_length=1), AfterValidator(_squares_once)]
    edge: Direction | None = None


class BattleLayout(_Model):
    """A Battle layout (Gascony's Legacy, Battle Cards - Setup): its ``id`` (what a
    story's ``battle: {layout: ...}`` names), ``title``, ``grid`` ``[columns, rows]``,
    and, in setup order, the map tiles, terrain tiles, Search tokens, Enemy deployment
    areas, Named Enemy squares, Start area squares (6: "Blue outlines with the word
    Start") and Exit areas."""

    kind: Literal["battle-layout"]
    id: Ident
    title: Text
    text: str = ""
    grid: Grid
    map_tiles: Annotated[list[MapTilePlacement], Field(min_length=1)]
    terrain_tiles: list[TerrainTilePlacement] = Field(default_factory=list)
    search_tokens: list[SearchTokenPlacement] = Field(default_factory=list)
    deployment: list[DeploymentArea] = Field(default_factory=list)
    named_enemies: Annotated[list[NamedEnemyPlacement], AfterValidator(_named_once)] = Field(default_factory=list)
    start: Annotated[list[Square], Field(min_length=1)]
    exits: list[ExitArea] = Field(default_factory=list)

    @field_validator("terrain_tiles")
    @classmethod
    def _links_in_pairs(cls, terrain_tiles: list[TerrainTilePlacement]) -> list[TerrainTilePlacement]:
        counts: dict[str, int] = {}
        for placed in terrain_tiles:
            if placed.link is not None:
                counts[placed.link] = counts.get(placed.link, 0) + 1
        for label, count in counts.items():
            if count != 2:
                raise PydanticCustomError("one_of", "link '{label}' joins {count} terrain tiles; a link joins exactly 2", {
                    "label": label, "count": count,
                    "hint": "give the same `link:` label to the two placements it joins (matching staircase spaces)"})
        return terrain_tiles
