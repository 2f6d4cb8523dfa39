"""Board analysis (once per pack, for the ``board`` checks): each battle layout's
runtime ``Board``, the squares of each placed tile, the movement graph of Characters
and the squares they can reach from the Start area; and the Battles that use each
layout.

All geometry is the runtime's (``cardforge_runtime.board``): the compiler places no
tile and prices no step itself. The ``board`` checks only read what is computed
here; each thing is computed once, on first use, and kept on the pack
(``PackIR.board_layouts``, ``PackIR.battles``).

Rule sources: Gascony's Legacy, "Battle Cards - Setup", "Move" ("Moving diagonally
costs 2 points ... you may squeeze between two squares you cannot move into"),
"Staircase (Map Tile)", "Balconies and Railings".
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import networkx as nx

from cardforge_compiler.emit import bundle_board  # the bundle's one writer of the board object
from cardforge_runtime.board import Board, Deployed, build_board, deployment_for, footprint, path_cost, step_table
from cardforge_runtime.board.terrain import SquareRules, square_rules
from cardforge_runtime.errors import EngineError
from cardforge_runtime.format import canonical_json

if TYPE_CHECKING:
    from cardforge_compiler.model import BattleLayout
    from cardforge_compiler.resolve import PackIR, StoryIR
    from cardforge_compiler.validate import Document

__all__ = ["BattleUse", "LayoutIR", "battle_uses", "deployed", "layout_irs", "placed_squares", "square_text"]

Square = tuple[int, int]


def square_text(square: Any) -> str:
    """A square as messages write it, 1-based ``(column, row)``: ``(7, 3)``."""
    return f"({square[0]}, {square[1]})"


def placed_squares(size: list[int], at: list[int], rotation: int) -> list[Square]:
    """The squares a tile of unrotated ``size`` ``[w, h]`` covers when its rotated
    footprint's top-left square is ``at`` and it is turned ``rotation`` degrees
    clockwise (docs/format.md, Coordinates). The runtime's footprint rule
    (``cardforge_runtime.board.footprint``), never a second copy; squares may lie outside
    the grid."""
    return [(at[0] + dx, at[1] + dy) for _i, _j, dx, dy in footprint((size[0], size[1]), rotation)]


def deployed(layout: BattleLayout, characters: int) -> list[Deployed]:
    """The Enemy tokens ``layout`` sets up for ``characters`` Characters, in authored
    order, each with its ``area`` and ``index`` in ``deployment``: the runtime's
    ``deployment_for`` (Gascony's Legacy, "Battle Cards - Setup", 4) on the layout's
    deployment as the bundle writes it, never a second copy of the rule."""
    return deployment_for(layout.model_dump(mode="json", by_alias=True, include={"deployment"}), characters)


@dataclass
class LayoutIR:
    """One battle layout of a pack, analysed.

    ``doc``: its document; ``map_squares`` / ``tile_squares``: the squares of each
    placed map tile / terrain tile, in authored order (``None`` for a tile whose side
    or name is unknown: CF701); ``outside``: the map tiles and terrain tiles whose
    footprint leaves the grid (``("map_tiles" | "terrain_tiles", index)``);
    ``board``: the runtime ``Board``, or ``None`` when it cannot be built or would
    not be the one meant (an unknown name, a footprint off the grid, map tiles on top
    of each other: those have their own diagnostics). ``_shared``: what depends on
    the board's geometry alone (the movement graph), shared by the layouts of a pack
    that place the same tiles on the same grid (``layout_irs``).
    """

    doc: Document
    map_squares: list[list[Square] | None]
    tile_squares: list[list[Square] | None]
    outside: list[tuple[str, int]]
    board: Board | None
    _cache: dict[str, Any] = field(default_factory=dict, repr=False)
    _shared: dict[str, Any] = field(default_factory=dict, repr=False)

    @property
    def model(self) -> BattleLayout:
        return self.doc.model  # type: ignore[return-value]

    @property
    def rules(self) -> tuple[SquareRules, ...]:
        """The runtime's combined keyword rules of every square (index ``board.index``);
        once per geometry."""
        assert self.board is not None
        if "rules" not in self._shared:
            self._shared["rules"] = square_rules(self.board)
        return self._shared["rules"]

    def rule(self, square: Square) -> SquareRules | None:
        """The rules of ``square``; ``None`` outside the grid."""
        if self.board is None or not self.board.in_grid(square):
            return None
        return self.rules[self.board.index(square)]

    @property
    def graph(self) -> nx.DiGraph:
        """The movement graph of Characters: a node per square on the map, an edge
        ``a -> b`` weighted with the runtime's ``step_cost`` wherever a Character may
        step (diagonal steps cost 2 and may squeeze; Railings block the edges they
        lie on; a Staircase is entered only from its open sides), no figures on the
        board. Built once per geometry (grid, map tiles and terrain tiles placed): the
        layouts that share one share their graph, which nothing changes."""
        if "graph" not in self._shared:
            board = self.board
            assert board is not None
            on_map = [sq for sq in board.squares() if board.on_map(sq)]
            graph = nx.DiGraph()
            graph.add_nodes_from(on_map)
            # the runtime's table of allowed steps and their step_cost, per square (the one
            # ``reachable`` walks): (index of b, b, cost) for each step a -> b
            table = step_table(board, "character")
            graph.add_edges_from((a, b, {"cost": cost}) for a in on_map for _j, b, cost in table[board.index(a)])
            self._shared["graph"] = graph
        return self._shared["graph"]

    @property
    def reached(self) -> frozenset[Square]:
        """The squares Characters can move into from any Start square (the Start
        squares themselves included), however many rounds it takes. Once per geometry
        and set of Start squares."""
        key = ("reached", self._starts)
        if key not in self._shared:
            graph = self.graph
            reached: set[Square] = set()
            for start in self._starts:
                if start in graph and start not in reached:
                    reached |= nx.descendants(graph, start) | {start}
            self._shared[key] = frozenset(reached)
        return self._shared[key]

    @property
    def _starts(self) -> frozenset[Square]:
        if "starts" not in self._cache:
            self._cache["starts"] = frozenset(tuple(sq) for sq in self.model.start)
        return self._cache["starts"]

    def can_end_on(self, square: Square) -> bool:
        """Whether a Character can end a move on ``square`` (a Start square, or a
        reached square entered by a step the runtime's ``path_cost`` allows to end
        there). Each square's answer is kept (per geometry and set of Start squares)."""
        known = self._shared.setdefault(("can_end_on", self._starts), {})
        if square not in known:
            known[square] = self._can_end_on(square)
        return known[square]

    def _can_end_on(self, square: Square) -> bool:
        if square in self._starts:
            return True
        reached = self.reached
        if square not in reached:
            return False
        assert self.board is not None
        return any(path_cost(self.board, [p, square], "character") is not None
                   for p in self.graph.predecessors(square) if p in reached)

    def near_reached(self, square: Square) -> bool:
        """Whether a Character can end a move on ``square`` or on a square adjacent to
        it (8 around)."""
        return any(self.can_end_on((square[0] + dc, square[1] + dr)) for dc in (-1, 0, 1) for dr in (-1, 0, 1))


def _analyse(pack: PackIR, doc: Document, pack_board: dict[str, Any],
             geometries: dict[bytes, dict[str, Any]]) -> LayoutIR:
    layout = doc.model
    columns, rows = layout.grid
    map_squares: list[list[Square] | None] = []
    tile_squares: list[list[Square] | None] = []
    outside: list[tuple[str, int]] = []

    def inside(squares: list[Square]) -> bool:
        return all(1 <= c <= columns and 1 <= r <= rows for c, r in squares)

    for i, placed in enumerate(layout.map_tiles):
        side = pack.map_tiles.get(placed.side)
        squares = placed_squares(side.side.size, placed.at, placed.rotation) if side else None
        map_squares.append(squares)
        if squares is not None and not inside(squares):
            outside.append(("map_tiles", i))
    for i, placed in enumerate(layout.terrain_tiles):
        tile = pack.terrain_tiles.get(placed.tile)
        squares = placed_squares(tile.model.size, placed.at, placed.rotation) if tile else None
        tile_squares.append(squares)
        if squares is not None and not inside(squares):
            outside.append(("terrain_tiles", i))
    board = None
    covered = [sq for squares in map_squares for sq in squares or ()]
    overlap = len(covered) != len(set(covered))         # CF705: which tile shows is unknown
    if not outside and not overlap and all(s is not None for s in map_squares + tile_squares):
        try:
            board = build_board(pack_board, layout.id)
        except EngineError:
            board = None    # an unknown keyword or the like: CF701 says so
    shared: dict[str, Any] = {}
    if board is not None:
        # what the runtime's Board is built from, besides the pack-wide names
        placed = pack_board["layouts"][layout.id]
        shared = geometries.setdefault(
            canonical_json([placed["grid"], placed["map_tiles"], placed["terrain_tiles"]]), shared)
    return LayoutIR(doc, map_squares, tile_squares, outside, board, _shared=shared)


def layout_irs(pack: PackIR) -> dict[str, LayoutIR]:
    """Every layout of ``pack`` by id, analysed (what ``PackIR.board_layouts`` holds).
    Layouts that place the same tiles on the same grid share their movement graph."""
    if not pack.layouts:
        return {}
    pack_board = bundle_board(pack)
    geometries: dict[bytes, dict[str, Any]] = {}
    return {lid: _analyse(pack, doc, pack_board, geometries) for lid, doc in pack.layouts.items()}


@dataclass(frozen=True)
class BattleUse:
    """A Battle step that sets up a layout: its ``story``, the data ``path`` of its
    ``battle`` mapping and the ``battle`` model."""

    story: StoryIR
    path: tuple
    battle: Any

    def objectives(self) -> Iterator[tuple[str, tuple]]:
        """Each objective's text and the data path of its ``objective`` key."""
        for i, objective in enumerate(self.battle.objectives):
            yield objective.objective, (*self.path, "objectives", i, "objective")


def battle_uses(pack: PackIR) -> dict[str, list[BattleUse]]:
    """The Battles of the pack's stories, by the layout id they name (what
    ``PackIR.battles`` holds), context stories included."""
    uses: dict[str, list[BattleUse]] = {}
    for story in (*pack.stories, *pack.context_stories):
        for _card, ref in story.step_refs:
            if ref.kind == "battle":
                uses.setdefault(ref.step.battle.layout, []).append(
                    BattleUse(story, (*ref.path, "battle"), ref.step.battle))
    return uses
