"""Enemy movement by the priorities: where each Enemy moves in the Enemy turn, and the
rule checker of an Enemy's route.

An Enemy's ``priorities.move`` (its own, else the pack's ``enemy_rules.defaults`` for
its type; ``effect_fields.MOVEMENT_STEPS``) is tried step by step; the first step that
applies decides the move ("follow the instructions for its Threat or Priorities in the
order listed, doing as much as possible"):

| step | applies when | the move |
|---|---|---|
| ``stay-if-can-attack`` | a Character passes the target rule's ``among`` filters from here | none |
| ``stay-if-line-of-sight`` | a Character is in line of sight (and Range, when the Enemy has one) | none |
| ``adjacent-outside-pattern`` | a square adjacent to a Character, outside all patterns, is reachable now | to the nearest |
| ``adjacent-in-pattern`` | the same, inside a pattern | to the nearest |
| ``toward-nearest`` | a Character can be reached at all | toward the nearest Character (below) |
| ``toward-line-of-sight`` | a square with line of sight to a Character can be reached at all | toward the nearest such square |

**Legal routes** (docs/rulings.md, "Enemy movement"): an Enemy moves as a Character
does (``board.movement``, mover ``"enemy"``: it passes Enemies and Fallen figures, never
a standing Character; terrain whose keywords bar Enemies, the Elevated tiles, is an
obstacle), costs at most its ``movement``, never ends on an occupied square, and
**stops on entering a square of a standing Character's Melee Attack Pattern**: such a
square is only ever the last of a route, so an occupied square inside a pattern is
never passed. Fallen Characters and their patterns are ignored.

**Nearest** is the fewest Movement points along a legal route this turn (priorities
of squares to reach this turn); **toward** a goal that cannot be reached this turn the
Enemy ends on the square of its reach that leaves the least *remaining cost* (the
Movement points from there to a goal square over later turns: the same steps, the
stop rule aside, since a stop costs no points), then the fewest points spent (the
reference cards: "Moves the fewest number of squares toward the nearest Character"),
then outside the patterns ("Enemies will prioritize staying out of a Character's
Attack Pattern if given the choice"). The Character an Enemy moves toward is chosen
once, before it moves. Where squares or Characters still tie, the players choose: a
``pick`` ``for: "enemy-target"`` with exactly the tied Characters' figure ids, then a
``pick`` ``for: "enemy-square"`` among the tied squares (only when two or more).

Rule sources: Gascony's Legacy, "3. Enemy Turn" ("2. Enemy Movement", "2A. Melee Enemy
Movement" 1-4, "2B. Ranged Enemy Movement" 1-2 and the rules below them), "Fallen
Characters" ("Enemies ignore Fallen Characters and their Attack Patterns. Enemies may
move through squares containing Fallen Characters, but not end movement there").
The routes themselves and their rule checker ``legal_enemy_path`` are
``battle.enemy_routes``' (re-exported here). Dependencies: ``board``,
``effect_fields``, ``battle.scene``, ``battle.patterns`` (``melee_cover``),
``battle.targets``, ``battle.enemy_routes``.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from cardforge_runtime.battle.entering import wound_on_entering, wounding
from cardforge_runtime.battle.enemy_routes import (Routes, attack_pattern_squares, legal_enemy_path, may_end,
                                                   others_of, remaining_costs, reverse_steps, routes)
from cardforge_runtime.battle.patterns import melee_cover
from cardforge_runtime.battle.scene import Scene
from cardforge_runtime.battle.targets import attackable_from, candidates
from cardforge_runtime.board import adjacent, adjacent_squares, in_range, line_of_sight
from cardforge_runtime.effect_fields import ENEMY_PRIORITY_DEFAULTS
from cardforge_runtime.effects import pick
from cardforge_runtime.errors import EngineError

__all__ = ["Move", "Routes", "attack_pattern_squares", "legal_enemy_path", "move_enemy", "plan_move",
           "priorities_of", "remaining_costs", "reverse_steps", "routes"]

Square = tuple[int, int]
Request = dict[str, Any]


def priorities_of(scene: Scene, enemy: int) -> Mapping[str, Any]:
    """Enemy figure ``enemy``'s priorities ``{"move": [steps], "target": rule}``: its
    Enemy's own (a bundle always writes them, the pack's default filled in), else the
    pack's ``enemy_rules.defaults`` for its type, else the rulebook's
    (``effect_fields.ENEMY_PRIORITY_DEFAULTS``)."""
    data = scene.enemies[scene.get(enemy)["enemy"]]
    if data.get("priorities"):
        return data["priorities"]
    defaults = (scene.pack.get("enemy_rules") or {}).get("defaults") or {}
    return defaults.get(data["type"]) or ENEMY_PRIORITY_DEFAULTS[data["type"]]


@dataclass
class Move:
    """Where an Enemy moves: ``to``, the route ``path`` (``to`` last), its ``cost``, the
    ``priority`` step that decided it (``None``: no step applied, it stays) and the
    Character figure it moves ``toward`` (``None``: no Character was chosen)."""

    to: Square
    path: list[Square]
    cost: int
    priority: str | None
    toward: int | None = None


@dataclass
class _Context:
    scene: Scene
    enemy: int
    here: Square
    pattern: frozenset[Square]
    routes: Routes
    rule: list[Any]
    covers: Callable[[int], list[Square]]
    standing: list[int]
    _back: tuple[Any, frozenset[int]] | None = None

    def remaining(self, goals: Iterable[Square]) -> dict[Square, int]:
        """``remaining_costs`` to ``goals``, the reversed steps built once."""
        if self._back is None:
            self._back = reverse_steps(self.scene, self.enemy, self.pattern)
        return remaining_costs(self.scene, self.enemy, goals, self.pattern, self._back)

    def stay(self, step: str | None) -> Move:
        return Move(self.here, [self.here], 0, step)

    def goto(self, square: Square, step: str, toward: int | None) -> Move:
        return Move(square, self.routes.path(square), self.routes.ends[square], step, toward)

    def ask(self, purpose: str, options: list[Any], step: str, **more: Any) -> Generator[Request, dict[str, Any], Any]:
        return (yield from pick(purpose, options, card=self.scene.game.get("card"), figure=self.enemy,
                                priority=step, **more))


def _square_answer(chosen: Any) -> Square:
    return (chosen[0], chosen[1])


def _order(squares: Iterable[Square]) -> list[Square]:
    return sorted(squares, key=lambda sq: (sq[1], sq[0]))


def _stay_if_can_attack(ctx: _Context, step: str) -> Generator[Request, dict[str, Any], Move | None]:
    found = attackable_from(ctx.scene, ctx.rule, ctx.enemy, ctx.here, covers=ctx.covers, pool=ctx.standing)
    return ctx.stay(step) if found else None
    yield  # a generator


def _sees_a_character(ctx: _Context, square: Square) -> bool:
    scene = ctx.scene
    reach = scene.enemies[scene.get(ctx.enemy)["enemy"]].get("range")
    figures = scene.figures()
    return any(in_range(square, scene.square(c), reach) and line_of_sight(scene.board, square, scene.square(c), figures)
               for c in ctx.standing)


def _stay_if_line_of_sight(ctx: _Context, step: str) -> Generator[Request, dict[str, Any], Move | None]:
    return ctx.stay(step) if _sees_a_character(ctx, ctx.here) else None
    yield  # a generator


def _adjacent(inside: bool) -> Callable[[_Context, str], Generator[Request, dict[str, Any], Move | None]]:
    def step_(ctx: _Context, step: str) -> Generator[Request, dict[str, Any], Move | None]:
        scene = ctx.scene
        near = {sq: [c for c in ctx.standing if adjacent(sq, scene.square(c))] for sq in ctx.routes.ends}
        options = {sq: cost for sq, cost in ctx.routes.ends.items() if near[sq] and (sq in ctx.pattern) == inside}
        if not options:
            return None
        least = min(options.values())
        tied = _order(sq for sq, cost in options.items() if cost == least)
        people = [c for c in ctx.standing if any(c in near[sq] for sq in tied)]
        toward = yield from ctx.ask("enemy-target", people, step)
        tied = [sq for sq in tied if toward in near[sq]]
        chosen = yield from ctx.ask("enemy-square", [list(sq) for sq in tied], step, toward=toward)
        return ctx.goto(_square_answer(chosen), step, toward)
    return step_


def _toward(ctx: _Context, step: str, toward: int | None,
            left: dict[Square, int]) -> Generator[Request, dict[str, Any], Move]:
    """The square of the Enemy's reach leaving the least remaining cost ``left``, then
    the fewest points spent, then outside the patterns; ties asked."""
    scored = {sq: (left[sq], cost, sq in ctx.pattern) for sq, cost in ctx.routes.ends.items() if sq in left}
    best = min(scored.values())
    tied = _order(sq for sq, score in scored.items() if score == best)
    chosen = yield from ctx.ask("enemy-square", [list(sq) for sq in tied], step, toward=toward)
    return ctx.goto(_square_answer(chosen), step, toward)


def _goal_squares(ctx: _Context, keep: Callable[[Square], bool], near: Square | None = None) -> list[Square]:
    """The squares a move may end on (or the Enemy's own) where ``keep`` holds; only
    those adjacent to ``near`` when given."""
    others = others_of(ctx.scene, ctx.enemy)
    squares = ctx.scene.board.squares() if near is None else adjacent_squares(ctx.scene.board, near)
    return [sq for sq in squares if (sq == ctx.here or may_end(ctx.scene, sq, others)) and keep(sq)]


def _toward_nearest(ctx: _Context, step: str) -> Generator[Request, dict[str, Any], Move | None]:
    scene = ctx.scene
    left: dict[int, dict[Square, int]] = {}
    beside = any(isinstance(s, Mapping) and s.get("kind") == "among" and s.get("value") == "adjacent"
                 for s in ctx.rule)
    for c in ctx.standing:
        goals = _goal_squares(ctx, lambda sq, c=c: bool(
            attackable_from(scene, ctx.rule, ctx.enemy, sq, covers=ctx.covers, pool=[c])),
            scene.square(c) if beside else None)
        left[c] = ctx.remaining(goals)
    distance = {c: costs[ctx.here] for c, costs in left.items() if ctx.here in costs}
    if not distance:
        return None
    least = min(distance.values())
    toward = yield from ctx.ask("enemy-target", [c for c in ctx.standing if distance.get(c) == least], step)
    return (yield from _toward(ctx, step, toward, left[toward]))


def _toward_line_of_sight(ctx: _Context, step: str) -> Generator[Request, dict[str, Any], Move | None]:
    left = ctx.remaining(_goal_squares(ctx, lambda sq: _sees_a_character(ctx, sq)))
    if ctx.here not in left:
        return None
    return (yield from _toward(ctx, step, None, left))


#: The handler of each movement step (``effect_fields.MOVEMENT_STEPS``).
STEPS: dict[str, Callable[[_Context, str], Generator[Request, dict[str, Any], Move | None]]] = {
    "stay-if-can-attack": _stay_if_can_attack,
    "stay-if-line-of-sight": _stay_if_line_of_sight,
    "adjacent-outside-pattern": _adjacent(False),
    "adjacent-in-pattern": _adjacent(True),
    "toward-nearest": _toward_nearest,
    "toward-line-of-sight": _toward_line_of_sight,
}


def plan_move(scene: Scene, enemy: int) -> Generator[Request, dict[str, Any], Move]:
    """Where Enemy figure ``enemy`` moves now, by its priorities (module docstring);
    nothing changes. Yields the ``pick`` requests of ties (``for: "enemy-target"``:
    ``options`` the tied Characters' figure ids; ``for: "enemy-square"``: ``options``
    the tied ``[column, row]`` squares, ``toward`` the Character chosen or ``null``;
    both with ``card``, ``figure`` (the Enemy) and ``priority`` (the step)).

    Raises:
        EngineError: a movement step outside ``effect_fields.MOVEMENT_STEPS``.
        KeyError: ``enemy`` is not on the board.
    """
    if scene.kind(enemy) != "enemy":
        raise EngineError(f"figure {enemy} is not an Enemy: only Enemies move by priorities")
    priorities = priorities_of(scene, enemy)
    pattern = attack_pattern_squares(scene)
    covers: dict[int, list[Square]] = {}      # nothing moves while a move is planned

    def cover_of(figure: int) -> list[Square]:
        found = covers.get(figure)
        if found is None:
            found = covers[figure] = melee_cover(scene, figure)
        return found
    ctx = _Context(scene, enemy, scene.square(enemy), pattern, routes(scene, enemy, pattern),
                   list(priorities["target"]), cover_of, candidates(scene))
    for step in priorities["move"]:
        handler = STEPS.get(step)
        if handler is None:
            raise EngineError(f"unknown movement step {step!r}: expected one of {', '.join(STEPS)}")
        move = yield from handler(ctx, step)
        if move is not None:
            return move
    return ctx.stay(None)


def move_enemy(scene: Scene, enemy: int) -> Generator[Request, dict[str, Any], Move]:
    """Enemy figure ``enemy`` moves by its priorities (``plan_move``), then event
    ``{"event": "enemy-move", "figure", "from", "to", "path", "cost", "priority",
    "toward"}`` (also when it stays: ``path`` its square alone, ``cost`` 0); then the
    Wounds of the keywords entered on the way (``entering.wound_on_entering``; it may
    be Defeated). Returns the ``Move``."""
    before = scene.square(enemy)
    move = yield from plan_move(scene, enemy)
    scene.get(enemy)["square"] = list(move.to)
    scene.record({"event": "enemy-move", "figure": enemy, "from": list(before), "to": list(move.to),
                  "path": [list(sq) for sq in move.path], "cost": move.cost, "priority": move.priority,
                  "toward": move.toward})
    if wounding(scene.board):                   # terrain that wounds on entering (battle.entering)
        wound_on_entering(scene, enemy, move.path)
    return move
