"""The board effects of terrain actions that move a tile or a figure: ``roll-in-line``
(the Barrel), ``swing-diagonal`` (the Chandelier Swing), ``slide-over-railing`` (the
Banner Slide) and ``wagon-roll`` (the Wagon Roll), each a generator ``(scene, effect,
acting) -> requests`` that ``terrain_effects.run_steps`` calls. What the players choose
is asked with ``pick`` requests (``for``: ``direction``, ``square``).

Rule sources: Gascony's Legacy, "Terrain Tiles" (Barrel, Chandelier, Wagon, Balconies
and Railings), "Enemies and Terrain". Rulings: docs/rulings.md, "Terrain actions".
Dependencies: ``board``, ``battle.*`` below it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardforge_runtime.battle.attack import terrain_wounds
from cardforge_runtime.battle.resolution import free_squares
from cardforge_runtime.battle.scene import Scene
from cardforge_runtime.battle.state import figure_at
from cardforge_runtime.battle.targets import pick
from cardforge_runtime.battle.terrain_squares import (Acting, Play, Square, actor, banner_landings, hurt, move_figure,
                                                      nearest_empty, place_aside, refresh_board, squares_of,
                                                      swing_landing)
from cardforge_runtime.battle.terrain_state import record_moved, record_removed
from cardforge_runtime.board import adjacent_squares, edge_between, step_cost
from cardforge_runtime.board.grid import DIRECTIONS, STEP
from cardforge_runtime.errors import EngineError

__all__ = ["LINES", "line_path", "roll_in_line", "slide_over_railing", "swing_diagonal", "wagon_roll"]

#: The straight lines a rolled tile may take (the Barrel: "roll it in any straight
#: line"): the four directions of the grid, as the ``pick`` request ``for:
#: "direction"`` names them (docs/rulings.md, "How far the Barrel rolls": orthogonal).
LINES: dict[str, Square] = {name: STEP[name] for name in DIRECTIONS}


def line_path(scene: Scene, tile: int, start: Square, step: Square) -> list[Square]:
    """The squares a tile rolled from ``start`` along ``step`` enters: it stops before a
    square off the map, holding a Character (a Fallen one too) or another terrain tile,
    or a step no Character could take (a wall, an edge keyword with ``cross: false``):
    the Barrel, "until it reaches a Character, tile edge or other Terrain tile"."""
    path: list[Square] = []
    here = start
    while True:
        there = (here[0] + step[0], here[1] + step[1])
        if not scene.board.on_map(there) or any(t != tile for t in scene.board.tiles_at(there)):
            return path
        found = figure_at(scene.battle, there)
        if found is not None and found[0] == "character":
            return path
        if step_cost(scene.board, here, there, "character", None) is None:
            return path
        path.append(there)
        here = there


def roll_in_line(scene: Scene, effect: Mapping[str, Any], acting: Acting) -> Play:
    squares = squares_of(scene, acting.tile)
    if len(squares) != 1:
        raise EngineError(f"roll-in-line rolls a 1x1 tile; terrain tile {acting.tile} covers {len(squares)} squares")
    paths = {name: line_path(scene, acting.tile, squares[0], step) for name, step in LINES.items()}
    paths = {name: path for name, path in paths.items() if path}
    direction = yield from pick("direction", list(paths), figure=acting.figure, tile=acting.tile,
                                paths={name: [list(s) for s in path] for name, path in paths.items()})
    path = paths.get(direction, []) if direction is not None else []
    scene.record({"event": "roll-in-line", "tile": acting.tile, "direction": direction,
                  "path": [list(s) for s in path]})
    for square in path:
        found = figure_at(scene.battle, square)
        if found is not None and found[0] in ("enemy", "named"):
            terrain_wounds(scene, found[1]["id"], 1)


def swing_diagonal(scene: Scene, effect: Mapping[str, Any], acting: Acting) -> Play:
    figure_id = actor(acting, "swing-diagonal")
    here = scene.square(figure_id)
    landing = swing_landing(scene, acting.tile, here)
    if landing is None:
        raise EngineError(f"no square to swing to across terrain tile {acting.tile} from {list(here)}")
    found = figure_at(scene.battle, landing)
    hit = found[1]["id"] if found is not None and found[0] in ("enemy", "named") else None
    if hit is not None:
        # "Move it to an adjacent empty square": the players choose; when none is empty,
        # the nearest empty squares (docs/rulings.md, "Terrain actions")
        aside = [sq for sq in free_squares(scene, adjacent_squares(scene.board, landing), "enemy") if sq != landing]
        yield from place_aside(scene, hit, aside or nearest_empty(scene, hit, {landing}), "swing-diagonal")
    move_figure(scene, figure_id, landing, "swing")
    if hit is not None and scene.on_board(hit):
        terrain_wounds(scene, hit, 1)


def slide_over_railing(scene: Scene, effect: Mapping[str, Any], acting: Acting) -> Play:
    figure_id = actor(acting, "slide-over-railing")
    landings = banner_landings(scene, acting.tile, scene.square(figure_id))
    if not landings:
        raise EngineError(f"no railing with a banner to slide over from {list(scene.square(figure_id))}")
    chosen = yield from pick("square", [list(s) for s in landings], figure=figure_id, effect="slide-over-railing")
    move_figure(scene, figure_id, (chosen[0], chosen[1]), "slide")


def wagon_roll(scene: Scene, effect: Mapping[str, Any], acting: Acting) -> Play:
    if acting.successes is None:
        raise EngineError("wagon-roll needs a challenge roll (the squares it moves are Successes minus `minus`)")
    tile = acting.tile
    placement = scene.board.layout["terrain_tiles"][tile]
    facing = placement.get("facing")
    if facing not in STEP:
        raise EngineError(f"terrain tile {tile} ({placement['tile']}) has no facing to roll toward")
    dc, dr = STEP[facing]
    start = set(squares_of(scene, tile))
    riders = [found[1]["id"] for found in (figure_at(scene.battle, sq) for sq in sorted(start, key=_row_order))
              if found is not None]
    spaces = max(0, acting.successes - effect["minus"])
    current, moved, left, hit = set(start), 0, False, []
    while moved < spaces:
        ahead = {(c + dc, r + dr) for c, r in current}
        new = sorted(ahead - current, key=_row_order)
        if any(not scene.board.on_map(sq) for sq in new):
            left = True                      # it rolls over the map's edge and leaves it
            break
        if any(t != tile for sq in new for t in scene.board.tiles_at(sq)) or _edge_stops(scene, current, (dc, dr)):
            break
        current, moved = ahead, moved + 1
        for sq in new:
            found = figure_at(scene.battle, sq)
            if found is not None:            # never a rider: they stand on the squares it left
                hit.append(found[1]["id"])
                hurt(scene, found[1]["id"], defeat_enemy=True)
    top_left = (min(c for c, _ in current), min(r for _, r in current))
    scene.record({"event": "wagon-roll", "tile": tile, "direction": facing, "spaces": spaces, "moved": moved,
                  "left_map": left, "to": None if left else list(top_left), "hit": hit})
    for rider in riders:
        if moved and scene.on_board(rider):
            c, r = scene.square(rider)
            move_figure(scene, rider, (c + dc * moved, r + dr * moved), "ride")
    terrain = scene.battle.setdefault("terrain", {})
    if left:
        record_removed(terrain, tile)
    elif moved:
        record_moved(terrain, tile, top_left)
    refresh_board(scene)
    if left:   # riders step off where it left the map; one sharing a square is moved aside
        crowded = [f for f in riders if scene.on_board(f) and _shared(scene, f)]
        exclude: set[Square] = set()
    else:      # "Any Characters or Named Enemies in squares where the Wagon stops are moved"
        crowded = [f["id"] for key in ("characters", "named", "enemies") for f in scene.battle[key]
                   if tuple(f["square"]) in current and f["id"] not in riders]
        exclude = set(current)
    for figure_id in crowded:
        yield from place_aside(scene, figure_id, nearest_empty(scene, figure_id, exclude), "wagon-roll")


def _row_order(square: Square) -> tuple[int, int]:
    return (square[1], square[0])


def _shared(scene: Scene, figure_id: int) -> bool:
    here = list(scene.square(figure_id))
    return sum(f["square"] == here for key in ("characters", "enemies", "named") for f in scene.battle[key]) > 1


def _edge_stops(scene: Scene, squares: set[Square], step: Square) -> bool:
    """Whether a tile moving by ``step`` from ``squares`` crosses an edge keyword with
    ``movement.cross: false`` (a Railing)."""
    for c, r in squares:
        there = (c + step[0], r + step[1])
        if there in squares:
            continue
        for mark in scene.board.edge_marks(edge_between((c, r), there)):
            if not scene.board.keyword(mark.keyword)["movement"]["cross"]:
                return True
    return False
