"""``kind: terrain-tile``: a terrain tile face as data (Gascony's Legacy, "Terrain
Tiles": Barrel, Brazier, Statue, Column, Haystack, Crates, Table, Chest, Chandelier,
Wagon, Balcony): its footprint, keywords, orientation, edges (the Balcony's Railing),
what standing on it gives, its Interact actions and what an attack on it does.

The effects of an action are named board effects, a closed vocabulary defined by the
bundle format (``cardforge_runtime.format.BOARD_EFFECTS``: the name, what it does and
its parameters): each becomes one model here, discriminated on ``board``. The engine
of a later issue resolves them; this one defines and checks them.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import AfterValidator, ConfigDict, Field, create_model, model_validator
from pydantic_core import PydanticCustomError

from cardforge_runtime.format import (
    ACTION_FROM,
    ACTION_KINDS,
    BANNERS,
    BOARD_EFFECTS,
    RANGES,
    TILE_ATTACKS,
    WHILE_ON_DEFAULTS,
)

from cardforge_compiler.model._types import NameText, _Model
from cardforge_compiler.model.board import Direction, KeywordNames, Size

__all__ = ["BOARD_EFFECT_MODELS", "BoardEffect", "TerrainAction", "TerrainTile", "TileChallenge", "TileEdge",
           "TileTarget", "WhileOn"]


def _ranged(key: str) -> Any:
    low, high = RANGES[key]
    return Annotated[int, Field(ge=low, le=high)]


def _effect_model(name: str, doc: str, params: dict[str, str]) -> type[_Model]:
    """The model of one named board effect: ``board: <name>`` and its parameters."""
    fields: dict[str, Any] = {"board": (Literal[name], ...)}
    for param, value_kind in params.items():
        fields[param] = (NameText if value_kind == "name" else _ranged(value_kind), ...)
    title = "".join(part.capitalize() for part in name.split("-")) + "Effect"
    model = create_model(title, __base__=_Model, __module__=__name__, **fields)
    model.__doc__ = f"Board effect `{name}`: {doc} (Gascony's Legacy, Terrain Tiles)"
    return model


#: The model of each named board effect, in the format's order.
BOARD_EFFECT_MODELS: dict[str, type[_Model]] = {
    name: _effect_model(name, doc, params) for name, (doc, params) in BOARD_EFFECTS.items()}

#: One board effect: a mapping whose ``board`` names the effect, with its parameters.
BoardEffect = Annotated[Union[tuple(BOARD_EFFECT_MODELS.values())], Field(discriminator="board")]  # type: ignore[valid-type]


class TileChallenge(_Model):
    """The Challenge of a terrain action: roll dice equal to ``stat`` and pass with
    ``successes`` or more (Gascony's Legacy, Challenges; Terrain Tiles: "pass a
    3-Movement Challenge")."""

    stat: NameText
    successes: _ranged("successes")  # type: ignore[valid-type]


class TerrainAction(_Model):
    """An action a terrain tile grants (Gascony's Legacy, Terrain Tiles: "Kicking a
    Barrel (Interact Action)"): its ``name``; ``action`` (``interact``); ``from``: where
    the Character stands (``adjacent``, ``adjacent-or-on``, ``edge-adjacent``,
    ``beside-or-behind``, ``high-ground-by-banner``); an optional ``challenge`` (the
    Chest has none); the board effects on ``success`` (or at once, without a
    challenge) and on ``failure`` (only with a challenge)."""

    name: NameText
    text: str = ""
    action: Literal[ACTION_KINDS] = ACTION_KINDS[0]  # type: ignore[valid-type]
    from_: Literal[ACTION_FROM] = Field(alias="from")  # type: ignore[valid-type]
    challenge: TileChallenge | None = None
    success: list[BoardEffect] = Field(default_factory=list)
    failure: list[BoardEffect] = Field(default_factory=list)

    @model_validator(mode="after")
    def _failure_needs_a_challenge(self) -> TerrainAction:
        if self.failure and self.challenge is None:
            raise PydanticCustomError("one_of", "`failure` effects need a `challenge` to fail", {
                "hint": "add `challenge: {stat: Movement, successes: 3}`, or move the effects to `success`"})
        return self

    model_config = ConfigDict(json_schema_extra={"if": {"not": {"required": ["challenge"]}},
                                                 "then": {"properties": {"failure": {"maxItems": 0}}}})


class TileTarget(_Model):
    """A terrain tile that attacks may target (Gascony's Legacy, Terrain Tiles,
    Chandelier: "Breaking the Chain (Attack): A Character with a Ranged Attack may target
    the Chandelier Tile (4 Defense)"): its ``defense``, the ``attack`` that may target
    it (``ranged``, ``melee`` or ``any``), and the board effects on ``success`` and
    ``failure`` (nothing happens by default)."""

    defense: _ranged("tile_defense")  # type: ignore[valid-type]
    attack: Literal[TILE_ATTACKS] = "any"  # type: ignore[valid-type]
    success: Annotated[list[BoardEffect], Field(min_length=1)]
    failure: list[BoardEffect] = Field(default_factory=list)


class TileEdge(_Model):
    """An edge keyword along one side of a terrain tile's unrotated footprint
    (Gascony's Legacy, Balconies and Railings: "Balcony Tiles include a Railing edge");
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


class WhileOn(_Model):
    """Effects on a figure standing on the tile (Gascony's Legacy, Haystack: "receives
    +1 die when rolling for defense"): ``defense_dice`` added to its defense rolls."""

    defense_dice: _ranged("defense_dice") = WHILE_ON_DEFAULTS["defense_dice"]  # type: ignore[valid-type]


class TerrainTile(_Model):
    """A terrain tile face (Gascony's Legacy, Terrain Tiles): ``name`` (the face's name;
    layouts place it by this name), ``size`` (footprint ``[columns, rows]`` before
    rotation), the square ``keywords`` on every square of it, ``arrow`` (a placement
    must give its ``facing``: the Wagon), ``edges`` (edge keywords on sides of the
    footprint: the Balcony's Railing), ``while_on`` (effects on a figure standing on
    it), its ``actions`` and what an attack on it does (``targets``)."""

    kind: Literal["terrain-tile"]
    name: NameText
    text: str = ""
    size: Size
    keywords: KeywordNames = Field(default_factory=list)
    arrow: bool = False
    edges: Annotated[list[TileEdge], AfterValidator(_edges_once)] = Field(default_factory=list)
    while_on: WhileOn = Field(default_factory=WhileOn)
    actions: list[TerrainAction] = Field(default_factory=list)
    targets: TileTarget | None = None
