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

from pydantic import ConfigDict, Discriminator, Field, Tag, create_model, model_validator
from pydantic_core import PydanticCustomError

from cardforge_runtime.format import (
    ACTION_FROM,
    ACTION_KINDS,
    ACTION_STEP_KINDS,
    BOARD_EFFECTS,
    RANGES,
    TILE_ATTACKS,
    WHILE_ON_DEFAULTS,
)

from cardforge_compiler.model._types import NameText, _Model
from cardforge_compiler.model.board import KeywordNames, Size, TileEdge, TileEdges
from cardforge_compiler.model.steps import STEP_MODELS, step_kind

__all__ = ["BOARD_EFFECT_MODELS", "BoardEffect", "Effect", "TerrainAction", "TerrainTile", "TileChallenge", "TileEdge",
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


def _effect_kind(value: Any) -> str | None:
    """``board`` for a named board effect, else the story step kind (``step_kind``)."""
    if isinstance(value, dict):
        return "board" if "board" in value else step_kind(value)
    return "board" if type(value) in BOARD_EFFECT_MODELS.values() else step_kind(value)


#: One effect of a terrain action: a named board effect (``board: ...``) or a story
#: step of ``ACTION_STEP_KINDS`` (``lose: {health: 1}``), validated by the story step
#: models themselves.
Effect = Annotated[
    Union[(Annotated[BoardEffect, Tag("board")],  # type: ignore[misc]
           *(Annotated[STEP_MODELS[kind], Tag(kind)] for kind in ACTION_STEP_KINDS))],
    Discriminator(_effect_kind, custom_error_type="unknown_effect",
                  custom_error_message="an effect is a board effect (`board: ...`) or a step of: "
                                       + ", ".join(ACTION_STEP_KINDS)),
]


class TileChallenge(_Model):
    """The Challenge of a terrain action: roll dice equal to ``stat`` and pass with
    ``successes`` or more (Gascony's Legacy, Challenges; Terrain Tiles: "pass a
    3-Movement Challenge")."""

    stat: NameText
    successes: _ranged("successes")  # type: ignore[valid-type]


class TerrainAction(_Model):
    """An action a terrain tile grants (Gascony's Legacy, Terrain Tiles: "Kicking a
    Barrel (Interact Action)"): its ``name``; ``action`` (``interact``); ``from``: where
    the Character stands (``adjacent``, ``adjacent-or-on``, ``on``, ``edge-adjacent``,
    ``beside-or-behind``, ``high-ground-by-banner``); ``movement_cost``: Movement
    points the action spends (Descent's good altar: "spend two movement points"); an
    optional ``challenge`` (the
    Chest has none); the effects on ``success`` (or at once, without a challenge) and
    on ``failure`` (only with a challenge): named board effects and story steps of
    ``ACTION_STEP_KINDS`` (``Effect``)."""

    name: NameText
    text: str = ""
    action: Literal[ACTION_KINDS] = ACTION_KINDS[0]  # type: ignore[valid-type]
    from_: Literal[ACTION_FROM] = Field(alias="from")  # type: ignore[valid-type]
    movement_cost: _ranged("movement_cost") = 0  # type: ignore[valid-type]
    challenge: TileChallenge | None = None
    success: list[Effect] = Field(default_factory=list)
    failure: list[Effect] = Field(default_factory=list)

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
    success: Annotated[list[Effect], Field(min_length=1)]
    failure: list[Effect] = Field(default_factory=list)


class WhileOn(_Model):
    """Effects on a figure standing on the tile (Gascony's Legacy, Haystack: "receives
    +1 die when rolling for defense"): ``defense_dice`` added to its defense rolls;
    ``abilities`` it is considered to have (Descent, Tree: "A figure in a tree space is
    considered to have the Shadowcloak ability"; abilities are the Battle engine's)."""

    defense_dice: _ranged("defense_dice") = WHILE_ON_DEFAULTS["defense_dice"]  # type: ignore[valid-type]
    abilities: list[NameText] = Field(default_factory=list)


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
    edges: TileEdges = Field(default_factory=list)
    while_on: WhileOn = Field(default_factory=WhileOn)
    actions: list[TerrainAction] = Field(default_factory=list)
    targets: TileTarget | None = None

    def effect_lists(self) -> list[tuple[tuple[Any, ...], list[Any]]]:
        """Every list of effects the tile holds, with its path in the document: each
        action's ``success`` and ``failure``, then the ``targets``' (what an attack on
        the tile does). Shapes: ``[(("actions", 0, "success"), [effect, ...]), ...]``."""
        lists: list[tuple[tuple[Any, ...], list[Any]]] = [
            (("actions", i, key), getattr(action, key)) for i, action in enumerate(self.actions)
            for key in ("success", "failure")]
        if self.targets is not None:
            lists += [(("targets", key), getattr(self.targets, key)) for key in ("success", "failure")]
        return lists
