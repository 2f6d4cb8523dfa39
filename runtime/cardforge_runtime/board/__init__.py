"""Board geometry of a Battle layout (standard library only), one concern per module:

- ``grid``: ``build_board(pack_board, layout_id)`` -> an immutable ``Board`` (squares,
  walls, keywords, arrows, edges; every rotation and footprint rule, once: ``footprint``);
- ``reading``: checked reads of the bundle's ``board`` object (``EngineError`` with a
  JSON path);
- ``terrain``: what the keywords on a square or an edge add up to (data fields only),
  ``high_ground_advantage`` (a Ranged Attack from High Ground against Low Ground);
- ``segments``: exact lines on the grid (squares entered, edges crossed, pinch points);
- ``geometry``: adjacency, Range, facing turns, Attack Pattern squares;
- ``movement``: ``step_cost``, ``path_cost``, ``reachable``, ``nearest``, ``step_table`` (every allowed step);
- ``sight``: ``line_of_sight``, ``cover``, ``sight_table`` (all pairs);
- ``setup``: ``deployment_for`` (the Enemies a layout sets up for N Characters).

No keyword, tile or Enemy name appears in this package: it reads only the fields of
the bundle's keyword data (docs/format.md, `terrain-keyword`). Coordinates, rulings
and the conformance cases: docs/runtime.md, "Board geometry"; docs/rulings.md.
"""

from cardforge_runtime.board.geometry import (adjacent, adjacent_squares, in_range, pattern_squares,
                                              range_between, turns_between)
from cardforge_runtime.board.grid import DIRECTIONS, Board, EdgeMark, build_board, edge_between, footprint
from cardforge_runtime.board.movement import nearest, path_cost, reachable, step_cost, step_table
from cardforge_runtime.board.setup import Deployed, deployment_for
from cardforge_runtime.board.sight import cover, line_of_sight, sight_table
from cardforge_runtime.board.terrain import high_ground_advantage

__all__ = [
    "DIRECTIONS",
    "Board",
    "Deployed",
    "EdgeMark",
    "adjacent",
    "adjacent_squares",
    "build_board",
    "cover",
    "deployment_for",
    "edge_between",
    "footprint",
    "high_ground_advantage",
    "in_range",
    "line_of_sight",
    "nearest",
    "path_cost",
    "pattern_squares",
    "range_between",
    "reachable",
    "sight_table",
    "step_cost",
    "step_table",
    "turns_between",
]
