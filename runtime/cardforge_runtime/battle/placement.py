"""Effects that put figures on squares: ``spawn``, ``move``, ``push``, ``place``.

Where the players choose (the square a spawned Enemy goes to, the square a push ends on
when several are equal, an Enemy's move between equally good squares) a ``pick``
request is yielded; the engine never picks silently. A spawned Enemy always gets a new
id (``state.add_enemy``): the figures already on the board are unchanged.

Rule sources: Gascony's Legacy, "Named Enemy Tracker card" ("Guards!": "place up to 1
per player in empty spaces adjacent to the Cardinal, if possible"; "Doom": "you are
pushed 1 square if possible"), "Enemy Reaction cards" ("Dodge": "if the square directly
behind you is empty, place the Enemy there"), "Enemy Movement". Rulings: docs/rulings.md,
"Attacks" (pushes), "Enemy movement" (a `move` takes a legal Enemy route). Dependencies:
``board``, ``setup``, ``battle.resolution``, ``battle.enemy_routes``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardforge_runtime.battle.enemy_routes import routes
from cardforge_runtime.battle.resolution import Play, Resolution, behind, free_squares, one, subjects
from cardforge_runtime.battle.scene import Scene
from cardforge_runtime.battle.state import add_enemy
from cardforge_runtime.battle.targets import candidates, pick
from cardforge_runtime.board import adjacent_squares, step_cost
from cardforge_runtime.board import nearest as nearest_squares
from cardforge_runtime.errors import EngineError

__all__ = ["HANDLERS"]


def _spawn(scene: Scene, effect: Mapping[str, Any], res: Resolution) -> Play:
    enemy = effect["enemy"]
    players = scene.players_set_up()
    if effect.get("per_player") is not None:
        wanted = effect["per_player"] * players
    else:
        table = effect["count"]
        wanted = table.get(str(players), table.get(players, 0))  # type: ignore[call-overload]
    if (effect.get("where") or "empty-adjacent-to-this") != "empty-adjacent-to-this":
        raise EngineError(f"unknown spawn place {effect['where']!r}")
    centre = scene.square(one(res, "this"))
    free = free_squares(scene, adjacent_squares(scene.board, centre))
    count = min(wanted, scene.battle["supply"].get(enemy, 0), len(free))
    placed = []
    for left in range(count, 0, -1):
        free = free_squares(scene, adjacent_squares(scene.board, centre))
        if len(free) == left:
            square = free[0]
        else:
            chosen = yield from pick("spawn", [list(s) for s in free], enemy=enemy, left=left)
            square = tuple(chosen)
        placed.append(add_enemy(scene.battle, enemy, square)["id"])
    scene.record({"event": "spawn", "enemy": enemy, "wanted": wanted, "figures": placed})


def _move(scene: Scene, effect: Mapping[str, Any], res: Resolution) -> Play:
    mover_id = one(res, effect.get("who") or "this")
    if scene.kind(mover_id) == "character" or (effect.get("toward") or "nearest-character") != "nearest-character":
        raise EngineError("move: only an Enemy moves, toward the nearest Character")
    here = scene.square(mover_id)
    others = {sq: kind for sq, kind in scene.figures().items() if sq != here}
    targets = [scene.square(t) for t in candidates(scene)]
    if not targets:
        return
    best: list[tuple[int, int]] = []
    score: tuple[int, int] | None = None
    # a legal Enemy route: it stops on entering a Character's Melee Attack Pattern
    # (docs/rulings.md, "Enemy movement": "The following rules apply to all Enemy Movement")
    reach = routes(scene, mover_id, budget=effect["squares"])
    for sq, cost in sorted(reach.ends.items()):
        distance, _ = nearest_squares(scene.board, sq, targets, "enemy", others, end=False)
        if distance is None:
            continue
        if score is None or (distance, cost) < score:
            best, score = [sq], (distance, cost)
        elif (distance, cost) == score:
            best.append(sq)
    if not best:
        return
    chosen = yield from pick("move", [list(s) for s in best], figure=mover_id)
    to = (chosen[0], chosen[1])
    scene.get(mover_id)["square"] = list(chosen)
    scene.record({"event": "move", "figure": mover_id, "from": list(here), "to": list(chosen),
                  "path": [list(sq) for sq in reach.path(to)], "cost": reach.ends[to]})


def _push(scene: Scene, effect: Mapping[str, Any], res: Resolution) -> Play:
    source = scene.square(one(res, effect.get("away_from") or "this"))
    for figure_id in (yield from subjects(scene, effect.get("who") or "you", res)):
        mover = "character" if scene.kind(figure_id) == "character" else "enemy"
        for _ in range(effect.get("squares") or 1):
            here = scene.square(figure_id)
            options = _push_squares(scene, here, source, mover)
            if not options:
                break
            chosen = yield from pick("push", [list(s) for s in options], figure=figure_id)
            scene.get(figure_id)["square"] = list(chosen)
            scene.record({"event": "push", "figure": figure_id, "from": list(here), "to": list(chosen)})


def _push_squares(scene: Scene, here: tuple[int, int], source: tuple[int, int], mover: str) -> list[tuple[int, int]]:
    """Where a push away from ``source`` may go (docs/rulings.md, "Pushes"): the square
    straight away (``here`` plus the sign of ``here - source`` on each axis) when a
    step there is allowed; else every allowed step that moves away along that
    direction and toward it on no axis (for a push along a row, the two diagonals
    ahead), for the players to choose. ``[]``: not pushed ("if possible")."""
    figures = {sq: kind for sq, kind in scene.figures().items() if sq != here}

    def ok(sq: tuple[int, int]) -> bool:
        return (scene.board.in_grid(sq) and bool(free_squares(scene, [sq], mover))
                and step_cost(scene.board, here, sq, mover, figures) is not None)

    sx, sy = _sign(here[0] - source[0]), _sign(here[1] - source[1])
    if (sx, sy) == (0, 0):
        return []
    straight = (here[0] + sx, here[1] + sy)
    if ok(straight):
        return [straight]
    out = []
    for sq in adjacent_squares(scene.board, here):
        dx, dy = sq[0] - here[0], sq[1] - here[1]
        if sq != straight and dx * sx >= 0 and dy * sy >= 0 and dx * sx + dy * sy > 0 and ok(sq):
            out.append(sq)
    return out


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


def _place(scene: Scene, effect: Mapping[str, Any], res: Resolution) -> Play:
    if (effect.get("at") or "behind-you") != "behind-you":
        raise EngineError(f"unknown place {effect['at']!r}")
    figure_id = one(res, effect.get("who") or "this")
    if not scene.on_board(figure_id):
        return
    square = behind(scene, res)
    mover = "character" if scene.kind(figure_id) == "character" else "enemy"
    if scene.board.in_grid(square) and free_squares(scene, [square], mover):
        before = scene.square(figure_id)
        scene.get(figure_id)["square"] = list(square)
        scene.record({"event": "place", "figure": figure_id, "from": list(before), "to": list(square)})
    return
    yield  # a generator




#: The effects of this module, by kind.
HANDLERS = {"spawn": _spawn, "move": _move, "push": _push, "place": _place}
