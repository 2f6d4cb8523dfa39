"""Battle boards, the tiles themselves (board stage, once per pack): both faces of a
double-sided piece share one footprint (CF703), a placed tile's ``facing`` matches
its arrow (CF708), a banner shows only where a tile's edge allows one (CF709), and
every layout is used by some Battle (CF716). Also the helpers the other board
families share (the pack's party sizes, where a layout's nodes are).

The families of the board stage: ``board_refs`` (names, CF701), ``board`` (here),
``inventory`` (the box, CF702), ``placement`` (tiles on the grid, CF704-CF707,
CF710), ``deployment`` (setup squares, CF711-CF713) and ``reachability`` (the
movement graph and the Battle objectives, CF714-CF715), ``terrain_actions`` (actions
the Battle engine can play, CF718).

Rule sources: Gascony's Legacy, "Component List" ("Each Map and Terrain Tile is
double-sided"), "Battle Cards - Setup", "Terrain Tiles" (the Wagon's arrow),
"Balconies and Railings" (hanging banners).
"""

from __future__ import annotations

from collections.abc import Iterator

from cardforge_compiler.checks import check
from cardforge_compiler.diagnostics import Diagnostic, listed
from cardforge_compiler.resolve import PackIR
from cardforge_runtime.setup import players_set_up

__all__ = ["faces_share_a_footprint", "layouts_used", "party_sizes", "placed_facing_and_banner"]


def party_sizes(pack: PackIR) -> list[int]:
    """The numbers of Characters a game of the pack may have, smallest first: each
    player count from ``players.min`` to ``players.max``, Solo Play counting as
    ``players.solo_characters`` Characters (Gascony's Legacy, Solo Play: "Set up the
    game for 2 players and take control of both Characters"; the runtime's
    ``players_set_up``); 1 to 4 without a manifest."""
    manifest = pack.pack
    if manifest is None:
        return [1, 2, 3, 4]
    players = manifest.players
    limits = players.model_dump()
    sizes = {players_set_up(limits, n) for n in range(players.min, players.max + 1)}
    return sorted(sizes) or [max(players.max, players.solo_characters)]   # min > max: CF1xx says so


@check("board", "CF703")
def faces_share_a_footprint(pack: PackIR) -> Iterator[Diagnostic]:
    """The two sides of a map tile piece, and the two faces of a terrain piece, have
    the same ``size``: one physical piece has one outline."""
    if pack.components is None:
        return
    doc = pack.components
    for i, piece in enumerate(doc.model.map_tiles):
        a, b = piece.sides
        if a.size != b.size:
            yield Diagnostic(
                "CF703", f"the sides of map tile piece '{piece.piece}' differ in size: '{a.side}' is "
                         f"{a.size[0]} x {a.size[1]}, '{b.side}' is {b.size[0]} x {b.size[1]}",
                **pack.board_where(doc, ("map_tiles", i, "sides", 1, "size")),
                hint="both sides of one physical piece have the same outline: fix the size of one side, or make "
                     "them two pieces")
    for i, piece in enumerate(doc.model.terrain_tiles):
        tiles = [pack.terrain_tiles.get(face) for face in piece.faces]
        if len(tiles) != 2 or None in tiles:
            continue            # one face, or an unknown one (CF701)
        a, b = (t.model for t in tiles)
        if a.size != b.size:
            yield Diagnostic(
                "CF703", f"the faces of terrain piece '{piece.piece}' differ in footprint: '{a.name}' is "
                         f"{a.size[0]} x {a.size[1]}, '{b.name}' is {b.size[0]} x {b.size[1]}",
                **pack.board_where(doc, ("terrain_tiles", i, "faces", 1)),
                hint="both faces of one physical piece cover the same squares: fix the `size` of one "
                     "terrain-tile, or list the faces as two pieces")


@check("board", "CF708", "CF709")
def placed_facing_and_banner(pack: PackIR) -> Iterator[Diagnostic]:
    """A placed terrain tile gives ``facing`` exactly when the tile has an arrow (the
    Wagon), and ``banner: true`` only when one of its edges allows a banner."""
    for layout_id, doc in pack.layouts.items():
        for i, placed in enumerate(doc.model.terrain_tiles):
            tile_doc = pack.terrain_tiles.get(placed.tile)
            if tile_doc is None:
                continue        # CF701
            tile = tile_doc.model
            here = ("terrain_tiles", i)
            if tile.arrow and placed.facing is None:
                yield Diagnostic(
                    "CF708", f"terrain tile '{tile.name}' has an arrow, but layout '{layout_id}' places it with "
                             "no `facing`", **pack.board_where(doc, (*here, "tile")),
                    hint="add `facing: north|east|south|west`, the way its arrow points on the Battle card")
            elif not tile.arrow and placed.facing is not None:
                yield Diagnostic(
                    "CF708", f"terrain tile '{tile.name}' has no arrow, so it has no `facing`",
                    **pack.board_where(doc, (*here, "facing"), anchor="key"),
                    hint="remove `facing` (turn the tile with `rotation`), or give the terrain-tile `arrow: true`")
            if placed.banner and not any(edge.banner != "none" for edge in tile.edges):
                sides = [f"{edge.side} ({edge.keyword})" for edge in tile.edges]
                yield Diagnostic(
                    "CF709", f"terrain tile '{tile.name}' shows no banner: "
                             + (f"none of its edges ({listed(sides)}) allows one" if sides else "it has no edges"),
                    **pack.board_where(doc, (*here, "banner"), anchor="key"),
                    hint="remove `banner: true`, or give the tile's edge `banner: optional` in its terrain-tile")


@check("board", "CF716")
def layouts_used(pack: PackIR) -> Iterator[Diagnostic]:
    """Every battle layout is set up by some Battle of the pack's stories (warning)."""
    if not pack.stories and not pack.context_stories:
        return
    if any(name not in pack.layouts for name in pack.battles):
        return      # a Battle names a layout the pack lacks (CF312): the unused one may be the one it means
    for layout_id, doc in pack.layouts.items():
        if layout_id not in pack.battles:
            yield Diagnostic(
                "CF716", f"layout '{layout_id}' is not used by any Battle", **pack.board_where(doc, ("id",)),
                hint=f"name it in a story's `battle: {{layout: {layout_id}}}`, or delete the layout")
