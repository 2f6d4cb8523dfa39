"""Stage 3, resolve, for the board documents (Gascony's Legacy, Component List;
Terrain Tiles; Battle Cards - Setup): each joins its pack's index by name
(:func:`join_board`, called by :func:`cardforge_compiler.resolve.group_packs`), the
map tile sides of the ``components`` one by one (:class:`MapTileSideIR`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardforge_compiler.diagnostics import Diagnostic
from cardforge_compiler.model import BattleLayout, Components, TerrainKeyword, TerrainTile
from cardforge_compiler.model.board import MapTilePiece, MapTileSide
from cardforge_compiler.validate import Document

if TYPE_CHECKING:
    from cardforge_compiler.resolve import PackIR

__all__ = ["MapTileSideIR", "join_board"]


@dataclass
class MapTileSideIR:
    """A side of a map tile piece of the pack's ``components``: the ``piece`` and
    ``side`` models and the data ``path`` of the side (``("map_tiles", 0, "sides", 1)``)."""

    piece: MapTilePiece
    side: MapTileSide
    path: tuple[str | int, ...]


def join_board(pack: PackIR, doc: Document) -> list[Diagnostic]:
    """Index a board document in its pack (the first of a name wins); ``CF107`` for a
    map tile side name that a side of the pack's components already uses."""
    model = doc.model
    if isinstance(model, Components):
        if pack.components is not None:
            return []                      # the second one: CF107 from duplicate_ids
        pack.components = doc
        out: list[Diagnostic] = []
        for i, piece in enumerate(model.map_tiles):
            for j, side in enumerate(piece.sides):
                path = ("map_tiles", i, "sides", j, "side")
                first = pack.map_tiles.get(side.side)
                if first is not None:
                    out.append(Diagnostic(
                        "CF107", f"a map tile side named '{side.side}' is already defined for piece "
                                 f"'{first.piece.piece}'", **pack.board_where(doc, path),
                        see=(doc.source.display, doc.index, (*first.path, "side")),
                        hint="layouts place a side by its name: give each side of each piece its own name"))
                    continue
                pack.map_tiles[side.side] = MapTileSideIR(piece, side, path[:-1])
        return out
    if isinstance(model, TerrainKeyword):
        pack.keywords.setdefault(model.name, doc)
    elif isinstance(model, TerrainTile):
        pack.terrain_tiles.setdefault(model.name, doc)
    elif isinstance(model, BattleLayout):
        pack.layouts.setdefault(model.id, doc)
    return []
