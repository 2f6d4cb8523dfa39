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
Dependencies: ``board``, ``effect_fields``, ``battle.scene``, ``battle.attack``
(``melee_cover``), ``battle.targets``.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Generator, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cardforge_runtime.battle.attack import melee_cover
from cardforge_runtime.battle.scene import Scene
from cardforge_runtime.battle.targets import attackable_from, candidates
from cardforge_runtime.board import adjacent, in_range, line_of_sight, step_cost, step_table
from cardforge_runtime.board.grid import as_square
from cardforge_runtime.board.terrain import square_rules
from cardforge_runtime.effect_fields import ENEMY_PRIORITY_DEFAULTS
from cardforge_runtime.effects import pick
from cardforge_runtime.errors import EngineError

__all__ = ["Move", "Routes", "attack_pattern_squares", "legal_enemy_path", "move_enemy", "plan_move",
           "priorities_of", "remaining_costs", "routes"]

Square = tuple[int, int]
Request = dict[str, Any]
INFINITY = float("inf")


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


def attack_pattern_squares(scene: Scene) -> frozenset[Square]:
    """Every square in the Melee Attack Pattern of a standing Character's equipped
    Weapons (``attack.melee_cover``); a Fallen Character's are ignored."""
    return frozenset(sq for f in candidates(scene) for sq in melee_cover(scene, f))


def _others(scene: Scene, enemy: int) -> dict[Square, str]:
    here = scene.square(enemy)
    return {sq: kind for sq, kind in scene.figures().items() if sq != here}


def _may_end(scene: Scene, square: Square, others: Mapping[Square, str]) -> bool:
    rules = square_rules(scene.board)[scene.board.index(square)]
    return rules.stop and rules.enemies and square not in others and scene.board.on_map(square)


@dataclass
class Routes:
    """The cheapest legal routes of one Enemy this turn.

    Attributes:
        start: its square; budget: its Movement.
        cost: square -> the fewest Movement points of a legal route entering it (no
            budget), every square a route can enter; a square of an Attack Pattern
            is the end of any route entering it.
        prev: square -> the square before it on that route.
        ends: square -> cost, the squares a move this turn may end on (``start`` at 0).
    """

    start: Square
    budget: int
    cost: dict[Square, int] = field(default_factory=dict)
    prev: dict[Square, Square] = field(default_factory=dict)
    ends: dict[Square, int] = field(default_factory=dict)

    def path(self, square: Square) -> list[Square]:
        """The route to ``square`` (a key of ``cost``), ``start`` first."""
        out = [square]
        while out[-1] != self.start:
            out.append(self.prev[out[-1]])
        return out[::-1]


def routes(scene: Scene, enemy: int, pattern: frozenset[Square] | None = None) -> Routes:
    """The cheapest legal routes of Enemy figure ``enemy`` (``Routes``): Dijkstra over
    ``board.step_table`` (mover ``"enemy"``, the other figures), where a square of
    ``pattern`` (default ``attack_pattern_squares``) ends the route entering it and an
    occupied one is never entered. Deterministic: equal costs keep the route found
    first in board order."""
    pattern = attack_pattern_squares(scene) if pattern is None else pattern
    board, others = scene.board, _others(scene, enemy)
    start = scene.square(enemy)
    data = scene.enemies[scene.get(enemy)["enemy"]]
    out = Routes(start, data["movement"])
    table = step_table(board, "enemy", others)
    best = {board.index(start): 0}
    squares = {board.index(start): start}
    prev: dict[int, int] = {}
    heap = [(0, board.index(start))]
    while heap:
        cost, i = heapq.heappop(heap)
        if cost > best[i] or (squares[i] in pattern and squares[i] != start):
            continue
        for j, b, step in table[i]:
            if b in pattern and b in others:
                continue
            total = cost + step
            if total < best.get(j, INFINITY):
                best[j], squares[j], prev[j] = total, b, i
                heapq.heappush(heap, (total, j))
    for i, cost in best.items():
        out.cost[squares[i]] = cost
        if i in prev:
            out.prev[squares[i]] = squares[prev[i]]
    out.ends = {sq: c for sq, c in out.cost.items()
                if c <= out.budget and (sq == start or _may_end(scene, sq, others))}
    return out


def remaining_costs(scene: Scene, enemy: int, goals: Iterable[Square],
                    pattern: frozenset[Square] | None = None) -> dict[Square, int]:
    """Square -> the fewest Movement points Enemy figure ``enemy`` would spend from
    there to end a move on one of ``goals``, over as many turns as it takes: the steps
    of its legal routes (no standing Character passed, no occupied square of a pattern
    entered), the stop on entering a pattern aside. Squares that cannot reach a goal
    are left out. A reverse Dijkstra from the goals."""
    pattern = attack_pattern_squares(scene) if pattern is None else pattern
    board, others = scene.board, _others(scene, enemy)
    table = step_table(board, "enemy", others)
    back: dict[int, list[tuple[int, Square, int]]] = {}
    for i, steps in enumerate(table):
        a = (i % board.columns + 1, i // board.columns + 1)
        for j, b, cost in steps:
            if not (b in pattern and b in others):
                back.setdefault(j, []).append((i, a, cost))
    best: dict[int, int] = {}
    heap = []
    for sq in set(goals):
        best[board.index(sq)] = 0
        heap.append((0, board.index(sq)))
    heapq.heapify(heap)
    while heap:
        cost, j = heapq.heappop(heap)
        if cost > best[j]:
            continue
        for i, _a, step in back.get(j, ()):
            total = cost + step
            if total < best.get(i, INFINITY):
                best[i] = total
                heapq.heappush(heap, (total, i))
    return {(i % board.columns + 1, i // board.columns + 1): c for i, c in best.items()}


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


def _goal_squares(ctx: _Context, keep: Callable[[Square], bool]) -> list[Square]:
    others = _others(ctx.scene, ctx.enemy)
    return [sq for sq in ctx.scene.board.squares()
            if (sq == ctx.here or _may_end(ctx.scene, sq, others)) and keep(sq)]


def _toward_nearest(ctx: _Context, step: str) -> Generator[Request, dict[str, Any], Move | None]:
    scene = ctx.scene
    left: dict[int, dict[Square, int]] = {}
    for c in ctx.standing:
        goals = _goal_squares(ctx, lambda sq, c=c: bool(
            attackable_from(scene, ctx.rule, ctx.enemy, sq, covers=ctx.covers, pool=[c])))
        left[c] = remaining_costs(scene, ctx.enemy, goals, ctx.pattern)
    distance = {c: costs[ctx.here] for c, costs in left.items() if ctx.here in costs}
    if not distance:
        return None
    least = min(distance.values())
    toward = yield from ctx.ask("enemy-target", [c for c in ctx.standing if distance.get(c) == least], step)
    return (yield from _toward(ctx, step, toward, left[toward]))


def _toward_line_of_sight(ctx: _Context, step: str) -> Generator[Request, dict[str, Any], Move | None]:
    left = remaining_costs(ctx.scene, ctx.enemy, _goal_squares(ctx, lambda sq: _sees_a_character(ctx, sq)),
                           ctx.pattern)
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
    ctx = _Context(scene, enemy, scene.square(enemy), pattern, routes(scene, enemy, pattern),
                   list(priorities["target"]), lambda f: melee_cover(scene, f), candidates(scene))
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
    "toward"}`` (also when it stays: ``path`` its square alone, ``cost`` 0). Returns the
    ``Move``."""
    before = scene.square(enemy)
    move = yield from plan_move(scene, enemy)
    scene.get(enemy)["square"] = list(move.to)
    scene.record({"event": "enemy-move", "figure": enemy, "from": list(before), "to": list(move.to),
                  "path": [list(sq) for sq in move.path], "cost": move.cost, "priority": move.priority,
                  "toward": move.toward})
    return move


def legal_enemy_path(scene: Scene, figure: int, path: Iterable[Any]) -> str | None:
    """Whether Enemy figure ``figure`` may move along ``path`` now (the rule checker:
    docs/rulings.md, "Enemy movement"). ``path``: the squares visited, its square
    first. Returns ``None`` when legal, else the reason, one sentence: a step an Enemy
    may not take (not adjacent, a wall, a standing Character's square, terrain that
    bars Enemies such as Elevated, an edge it may not cross), going on after entering a
    square of a standing Character's Melee Attack Pattern, passing an occupied square
    inside a pattern, ending on an occupied square or one no move may end on, or
    costing more than its Movement.

    Rule: Gascony's Legacy, "Enemy Movement" and "Fallen Characters"."""
    if not scene.on_board(figure) or scene.kind(figure) != "enemy":
        return f"figure {figure} is not an Enemy on the board"
    try:
        squares = [as_square(sq) for sq in path]
    except ValueError as error:
        return str(error)
    if not squares:
        return "a path needs at least the Enemy's square"
    board, here = scene.board, scene.square(figure)
    if squares[0] != here:
        return f"the path starts on {list(squares[0])}, not on the Enemy's square {list(here)}"
    others, pattern = _others(scene, figure), attack_pattern_squares(scene)
    rules = square_rules(board)
    total, last = 0, len(squares) - 1
    for i, (a, b) in enumerate(zip(squares, squares[1:], strict=False), start=1):
        if i < last and b in pattern and b in others:
            return f"it passes {list(b)}, an occupied square inside a Character's Attack Pattern"
        if i < last and b in pattern:
            return f"it goes on after entering {list(b)}, a square of a Character's Attack Pattern (the move ends there)"
        if others.get(b) == "character":
            return f"it enters {list(b)}, a standing Character's square"
        cost = step_cost(board, a, b, "enemy", others)
        if cost is None:
            if not board.in_grid(b) or not board.on_map(b):
                return f"it steps to {list(b)}, a wall or off the board"
            if not rules[board.index(b)].enemies:
                return f"it enters {list(b)}, terrain Enemies may not enter (they move around Elevated tiles)"
            return f"the step {list(a)} -> {list(b)} is not one an Enemy may take (not adjacent, or across an edge)"
        total += cost
    if last and squares[-1] in others:
        return f"it ends on {list(squares[-1])}, which another figure holds"
    if last and not rules[board.index(squares[-1])].stop:
        return f"it ends on {list(squares[-1])}, where no move may end"
    budget = scene.enemies[scene.get(figure)["enemy"]]["movement"]
    if total > budget:
        return f"it costs {total} Movement points, more than its Movement {budget}"
    return None
