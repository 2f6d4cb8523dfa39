"""The ``board`` of a bundle pack (format 1.4.0) as pydantic models: part of the
source of ``schemas/bundle.schema.json`` (with :mod:`cardforge_compiler.bundle_model`).

Each model is derived from the content model of its document kind (the same fields,
types and ranges) without the document's own ``kind`` and key (``name``, ``id``,
``side``: the bundle keys them by it), and with the bundle's additions (a layout's
``source``, a map tile side's ``piece``). In a bundle every field is present, defaults
filled: :func:`schema.generate_schemas` marks every property of the board's objects
required. ``docs/bundle.md`` (Board) is the guide; the runtime's ``bundle_board``
checks what the engine relies on.
"""

from __future__ import annotations

from typing import Annotated, Any, Union

from pydantic import BaseModel, ConfigDict, Field, create_model

from cardforge_compiler.bundle_step_model import ACTION_STEPS_OUT
from cardforge_compiler.model import BattleLayout, Components, TerrainKeyword, TerrainTile
from cardforge_compiler.model.board import MapTileSide
from cardforge_compiler.model.terrain import BoardEffect, TerrainAction, TileTarget

__all__ = ["BoardOut"]


class _Out(BaseModel):
    model_config = ConfigDict(extra="ignore")


def _derived(model: type[BaseModel], name: str, doc: str, drop: tuple[str, ...],
             **extra: Any) -> type[BaseModel]:
    """``model``'s fields but ``drop``, each required, plus ``extra`` fields."""
    fields: dict[str, Any] = {}
    for field_name, info in model.model_fields.items():
        if field_name in drop:
            continue
        annotation = Annotated[(info.annotation, *info.metadata)] if info.metadata else info.annotation
        fields[field_name] = (annotation, Field(..., alias=info.alias) if info.alias else ...)
    fields.update(extra)
    out = create_model(name, __base__=_Out, __module__=__name__, **fields)
    out.__doc__ = doc
    return out


ComponentsOut = _derived(Components, "ComponentsOut", "The box inventory (Component List), defaults filled.", ("kind",))
KeywordOut = _derived(TerrainKeyword, "KeywordOut", "A terrain keyword's data (Terrain Tiles), defaults filled.",
                      ("kind", "name"))
#: An effect of a terrain action in a bundle: a named board effect (as authored) or a
#: story step written as a story card's (``{"kind": "lose", ...}``).
EffectOut = Union[BoardEffect, Annotated[Union[ACTION_STEPS_OUT], Field(discriminator="kind")]]  # type: ignore[valid-type]
ActionOut = _derived(TerrainAction, "ActionOut", "A terrain tile's action, defaults filled; its effects: board "
                                                 "effects and story steps.", ("success", "failure"),
                     success=(list[EffectOut], ...), failure=(list[EffectOut], ...))
TileTargetOut = _derived(TileTarget, "TileTargetOut", "What an attack on a terrain tile does.", ("success", "failure"),
                         success=(list[EffectOut], ...), failure=(list[EffectOut], ...))
TerrainTileOut = _derived(TerrainTile, "TerrainTileOut", "A terrain tile face (Terrain Tiles), defaults filled.",
                          ("kind", "name", "actions", "targets"), actions=(list[ActionOut], ...),
                          targets=(TileTargetOut | None, ...))
MapTileOut = _derived(MapTileSide, "MapTileOut", "A map tile side and the piece it is a side of, defaults filled.",
                      ("side",), piece=(str, ...))
LayoutOut = _derived(BattleLayout, "LayoutOut", "A Battle layout (Battle Cards - Setup): placements as authored, "
                                                "defaults filled, and the file it came from.",
                     ("kind", "id"), source=(str, ...))


class BoardOut(_Out):
    """A pack's board (format 1.4.0): the box's ``components``, terrain ``keywords``
    and ``terrain_tiles`` by name, ``map_tiles`` by side name, ``layouts`` by id."""

    components: ComponentsOut  # type: ignore[valid-type]
    keywords: dict[str, KeywordOut]  # type: ignore[valid-type]
    terrain_tiles: dict[str, TerrainTileOut]  # type: ignore[valid-type]
    map_tiles: dict[str, MapTileOut]  # type: ignore[valid-type]
    layouts: dict[str, LayoutOut]  # type: ignore[valid-type]
