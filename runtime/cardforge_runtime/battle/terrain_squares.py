"""The squares and figures terrain actions work on: the tile's squares on the current
board, the squares a Character may swing or slide to, and how terrain moves, hurts and
Defeats figures (no Reaction, no Loot: Gascony's Legacy, "Enemies and Terrain").

Shared by ``terrain_effects`` and ``terrain_motion`` (the named board effects) and
``terrain_actions`` (which actions are offered). A Defeated Enemy's token goes back to
the supply; a figure moved by terrain is recorded with ``source: "terrain"``.

Rule sources: Gascony's Legacy, "Terrain Tiles" (Chandelier Swing, Banner Slide, Wagon
Roll), "Enemies and Terrain". Rulings: docs/rulings.md, "Terrain actions".
Dependencies: ``board``, ``battle.*`` below it.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping
from dataclasses import dataclass, field
from typing import Any

from cardforge_runtime.battle.attack import terrain_wounds
from cardforge_runtime.battle.effects import wound_figure
from cardforge_runtime.battle.resolution import free_squares
from cardforge_runtime.battle.scene import Scene
from cardforge_runtime.battle.state import figure_at, remove_figure
from cardforge_runtime.battle.targets import pick
from cardforge_runtime.battle.terrain_state import board_now, tile_squares
from cardforge_runtime.board import edge_between, nearest, range_between
from cardforge_runtime.board.grid import DIRECTIONS, STEP
from cardforge_runtime.board.terrain import square_rules
from cardforge_runtime.errors import EngineError

__all__ = ["Acting", "actor", "banner_landings", "defeat", "hurt", "move_figure", "nearest_empty", "pack_board",
           "place_aside", "refresh_board", "squares_of", "standable", "swing_landing"]

Square = tuple[int, int]
Request = dict[str, Any]
Play = Generator[Request, dict[str, Any], None]


@dataclass
class Acting:
    """Whom and what a terrain action's effects concern.

    Attributes:
        figure: the acting Character figure id (the Interact action's, the attacker's
            of a tile target), or ``None``.
        tile: the placed terrain tile's index (``layout["terrain_tiles"]``).
        needed: the Successes the challenge asks for (``None``: no challenge).
        successes: the Successes rolled (or given by ``auto_successes``); ``None``
            when there was no roll.
        counter_starts: the story's counters (name -> starting value) for ``set`` /
            ``add`` / ``clear`` steps; names not in it are flags.
    """

    figure: int | None
    tile: int
    needed: int | None = None
    successes: int | None = None
    counter_starts: Mapping[str, int] = field(default_factory=dict)


def pack_board(scene: Scene) -> Mapping[str, Any]:
    """The pack's bundle ``board`` object (``scene.pack["board"]``).

    Raises:
        EngineError: the pack has none (a bundle before format 1.4)."""
    board = scene.pack.get("board")
    if not isinstance(board, Mapping):
        raise EngineError(f"pack {scene.pack.get('id')!r} has no board: terrain actions need the layout's tiles")
    return board


def refresh_board(scene: Scene) -> None:
    """Replace ``scene.board`` with the board of the Battle's current ``terrain``
    (``terrain_state.board_now``)."""
    scene.board = board_now(pack_board(scene), scene.board.layout_id, scene.battle.setdefault("terrain", {}))


def squares_of(scene: Scene, tile: int) -> tuple[Square, ...]:
    """The squares of placed tile ``tile`` on ``scene.board``, row by row.

    Raises:
        EngineError: the tile is no longer on the board (removed)."""
    squares = tile_squares(scene.board, tile)
    if not squares:
        raise EngineError(f"terrain tile {tile} is not on the board (removed)")
    return squares


def standable(scene: Scene, square: Square, mover: str = "character") -> bool:
    """On the map, and a ``mover`` may enter it and end a move there (no figure check)."""
    if not scene.board.on_map(square):
        return False
    rules = square_rules(scene.board)[scene.board.index(square)]
    return bool(rules.stop and (rules.enemies if mover == "enemy" else rules.characters))


def swing_landing(scene: Scene, tile: int, here: Square) -> Square | None:
    """The square on the diagonally-opposite side of the tile from ``here`` (the point
    reflection of ``here`` through the centre of the tile's footprint: the Chandelier
    Swing), when a Character can stand there and no Character stands there; else
    ``None`` (docs/rulings.md, "Terrain actions")."""
    squares = squares_of(scene, tile)
    cols = [s[0] for s in squares]
    rows = [s[1] for s in squares]
    landing = (min(cols) + max(cols) - here[0], min(rows) + max(rows) - here[1])
    if landing in squares or not standable(scene, landing):
        return None
    found = figure_at(scene.battle, landing)
    if found is not None and found[0] == "character":
        return None
    return landing


def banner_landings(scene: Scene, tile: int, here: Square) -> list[Square]:
    """The empty squares across a railing edge showing a banner whose high side is
    ``here``, a square of the tile (Banner Slide: "adjacent to the railing that shows a
    hanging blue banner ... place your Character in the square on the opposite side of
    the railing"), in direction order."""
    if here not in tile_squares(scene.board, tile):
        return []
    out = []
    for name in DIRECTIONS:
        there = (here[0] + STEP[name][0], here[1] + STEP[name][1])
        marks = scene.board.edge_marks(edge_between(here, there))
        if (any(m.banner and m.high == here for m in marks) and standable(scene, there)
                and figure_at(scene.battle, there) is None):
            out.append(there)
    return out


def actor(acting: Acting, effect: str) -> int:
    """The acting Character's figure id, for board effect ``effect``.

    Raises:
        EngineError: the action has no acting Character."""
    if acting.figure is None:
        raise EngineError(f"the board effect {effect!r} needs the acting Character, which this action has not")
    return acting.figure


def defeat(scene: Scene, figure_id: int) -> None:
    """An Enemy is Defeated by terrain: off the board, its token back to the supply, no
    Reaction, no Loot."""
    remove_figure(scene.battle, figure_id)
    scene.record({"event": "defeat", "figure": figure_id, "source": "terrain"})


def hurt(scene: Scene, figure_id: int, defeat_enemy: bool) -> None:
    """A figure in the tile's way: a Character or a Named Enemy takes 1 Wound; any other
    Enemy is Defeated (``defeat_enemy``) or takes 1 Wound (Wounded, or Defeated when
    already Wounded)."""
    if scene.kind(figure_id) == "enemy" and defeat_enemy:
        defeat(scene, figure_id)
    elif scene.kind(figure_id) == "character":
        wound_figure(scene, figure_id, 1, "terrain")
    else:
        terrain_wounds(scene, figure_id, 1)


def move_figure(scene: Scene, figure_id: int, to: Square, event: str = "move") -> None:
    """Put figure ``figure_id`` on square ``to`` (facing unchanged); event ``event``
    (``move``, ``swing``, ``slide``, ``ride``) with ``figure``, ``from``, ``to`` and
    ``source: "terrain"``."""
    item = scene.get(figure_id)
    before = list(item["square"])
    item["square"] = [to[0], to[1]]
    scene.record({"event": event, "figure": figure_id, "from": before, "to": list(to), "source": "terrain"})


def place_aside(scene: Scene, figure_id: int, squares: list[Square], effect: str) -> Play:
    """Move figure ``figure_id`` to one of ``squares`` (the players choose among several)."""
    chosen = yield from pick("square", [list(s) for s in squares], figure=figure_id, effect=effect)
    if chosen is None:
        # no empty square anywhere: an Enemy is Defeated, anyone else stays (docs/rulings.md)
        scene.record({"event": "no-square", "figure": figure_id, "effect": effect})
        if scene.kind(figure_id) == "enemy":
            defeat(scene, figure_id)
        return
    move_figure(scene, figure_id, (chosen[0], chosen[1]))


def nearest_empty(scene: Scene, figure_id: int, exclude: set[Square]) -> list[Square]:
    """The nearest empty squares figure ``figure_id`` may stand on, outside ``exclude``:
    fewest Movement points for that figure (``board.nearest``; docs/rulings.md, "What
    nearest measures"); when none can be reached, the fewest squares away (Range)."""
    mover = "character" if scene.kind(figure_id) == "character" else "enemy"
    here = scene.square(figure_id)
    empty = [sq for sq in free_squares(scene, list(scene.board.squares()), mover) if sq not in exclude]
    if not empty:
        return []
    figures = {sq: kind for sq, kind in scene.figures().items() if sq != here}
    try:
        cost, tied = nearest(scene.board, here, empty, mover, figures)
    except ValueError:       # the figure stands on a wall square: no move from there
        cost, tied = None, ()
    if cost is not None:
        return list(tied)
    least = min(range_between(here, sq) for sq in empty)
    return [sq for sq in empty if range_between(here, sq) == least]
