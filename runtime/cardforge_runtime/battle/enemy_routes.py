"""Legal Enemy routes: the squares an Enemy can reach and end on this turn, the
Movement points left to a goal over later turns, and the rule checker of a route.

A **legal Enemy route** (docs/rulings.md, "Enemy movement") is a move as a Character
makes it (``board.movement``, mover ``"enemy"``: Enemies and Fallen figures are passed,
a standing Character never; terrain that bars Enemies, the Elevated tiles, is an
obstacle), costing at most the Enemy's ``movement``, never ending on an occupied
square, that **stops on entering a square of a standing Character's Melee Attack
Pattern**: such a square is only ever the last of a route, so an occupied square
inside a pattern is never passed. Fallen Characters and their patterns are ignored.
``legal_enemy_path`` is this rule as a checker; ``routes`` the cheapest legal routes
(Dijkstra); ``remaining_costs`` the points left to a goal (a reverse Dijkstra).

Rule sources: Gascony's Legacy, "2. Enemy Movement" (the rules below 2A and 2B),
"Fallen Characters". Dependencies: ``board``, ``battle.scene``, ``battle.patterns``
(``melee_cover``), ``battle.targets`` (``candidates``).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cardforge_runtime.battle.patterns import melee_cover
from cardforge_runtime.battle.scene import Scene
from cardforge_runtime.battle.targets import candidates
from cardforge_runtime.board import step_cost, step_table
from cardforge_runtime.board.grid import as_square
from cardforge_runtime.board.terrain import square_rules

__all__ = ["Routes", "attack_pattern_squares", "closed_squares", "legal_enemy_path", "may_end", "movement_of",
           "others_of", "remaining_costs", "reverse_steps", "routes"]

Square = tuple[int, int]
INFINITY = float("inf")


def attack_pattern_squares(scene: Scene) -> frozenset[Square]:
    """Every square in the Melee Attack Pattern of a standing Character's equipped
    Weapons (``attack.melee_cover``); a Fallen Character's are ignored."""
    return frozenset(sq for f in candidates(scene) for sq in melee_cover(scene, f))


def others_of(scene: Scene, enemy: int) -> dict[Square, str]:
    """The figures but figure ``enemy``, as the board queries take them."""
    here = scene.square(enemy)
    return {sq: kind for sq, kind in scene.figures().items() if sq != here}


def may_end(scene: Scene, square: Square, others: Mapping[Square, str]) -> bool:
    """Whether an Enemy may end a move on ``square`` (on the map, Enemies may enter it
    and stop there, no figure of ``others`` on it)."""
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


def closed_squares(scene: Scene, enemy: int, pattern: frozenset[Square]) -> frozenset[int]:
    """The squares (``board.index``) Enemy figure ``enemy`` never enters: a standing
    Character's, and an occupied square of ``pattern`` (entering it would end the move
    on an occupied square)."""
    board = scene.board
    return frozenset(board.index(sq) for sq, kind in others_of(scene, enemy).items()
                     if board.in_grid(sq) and (kind == "character" or sq in pattern))


def movement_of(scene: Scene, figure: int) -> int:
    """The Movement of Enemy or Named Enemy figure ``figure`` (its card's ``movement``)."""
    name = scene.get(figure)["enemy"]
    return (scene.enemies.get(name) or scene.named_enemies[name])["movement"]


def routes(scene: Scene, enemy: int, pattern: frozenset[Square] | None = None, budget: int | None = None) -> Routes:
    """The cheapest legal routes of Enemy (or Named Enemy) figure ``enemy``
    (``Routes``): Dijkstra over ``board.step_table`` (mover ``"enemy"``), never
    entering ``closed_squares``, where a square of ``pattern`` (default
    ``attack_pattern_squares``) ends the route entering it; ``budget``: the Movement
    points (default ``movement_of``; a Threat card's ``move`` gives its ``squares``).
    Deterministic: equal costs keep the route found first in board order."""
    pattern = attack_pattern_squares(scene) if pattern is None else pattern
    board, others = scene.board, others_of(scene, enemy)
    start = scene.square(enemy)
    out = Routes(start, movement_of(scene, enemy) if budget is None else budget)
    table = step_table(board, "enemy")
    closed = closed_squares(scene, enemy, pattern)
    origin = board.index(start)
    stops = frozenset(board.index(sq) for sq in pattern if board.in_grid(sq)) - {origin}
    # Dijkstra over arrays (the squares in the order first reached, as a dict keeps them)
    best: list[float] = [INFINITY] * len(table)
    best[origin] = 0
    squares: dict[int, Square] = {origin: start}
    prev: dict[int, int] = {}
    heap = [(0, origin)]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        cost, i = pop(heap)
        if cost > best[i] or i in stops:
            continue
        for j, b, step in table[i]:
            if j in closed:
                continue
            total = cost + step
            if total < best[j]:
                if best[j] == INFINITY:
                    squares[j] = b
                best[j], prev[j] = total, i
                push(heap, (total, j))
    for i, square in squares.items():
        out.cost[square] = best[i]
        if i in prev:
            out.prev[square] = squares[prev[i]]
    out.ends = {sq: c for sq, c in out.cost.items()
                if c <= out.budget and (sq == start or may_end(scene, sq, others))}
    return out


def reverse_steps(scene: Scene, enemy: int, pattern: frozenset[Square] | None = None
                  ) -> tuple[tuple[tuple[tuple[int, int], ...], ...], frozenset[int]]:
    """What ``remaining_costs`` walks, built once for several goals: the steps an Enemy
    may take on the board, reversed (per ``board.index(b)``, the ``(board.index(a),
    cost)`` of each step ``a`` -> ``b``; shared by the board's cache), and the
    ``closed_squares`` of Enemy figure ``enemy``."""
    pattern = attack_pattern_squares(scene) if pattern is None else pattern
    board = scene.board
    back = board.cache.get("enemy-steps-reversed")
    if back is None:
        lists: list[list[tuple[int, int]]] = [[] for _ in range(board.columns * board.rows)]
        for i, steps in enumerate(step_table(board, "enemy")):
            for j, _b, cost in steps:
                lists[j].append((i, cost))
        back = board.cache["enemy-steps-reversed"] = tuple(tuple(steps) for steps in lists)
    return back, closed_squares(scene, enemy, pattern)


def remaining_costs(scene: Scene, enemy: int, goals: Iterable[Square], pattern: frozenset[Square] | None = None,
                    back: tuple[Any, frozenset[int]] | None = None) -> dict[Square, int]:
    """Square -> the fewest Movement points Enemy figure ``enemy`` would spend from
    there to end a move on one of ``goals``, over as many turns as it takes: the steps
    of its legal routes (no ``closed_squares`` entered), the stop on entering a
    pattern aside. Squares that cannot reach a goal are left out. A reverse Dijkstra
    from the goals over ``back`` (``reverse_steps``, built when not given)."""
    board = scene.board
    steps, closed = reverse_steps(scene, enemy, pattern) if back is None else back
    best: list[float] = [INFINITY] * len(steps)
    reached: list[int] = []          # the squares in the order first reached
    heap = []
    for sq in set(goals):
        if not board.in_grid(sq):
            continue        # no move ends off the grid
        j = board.index(sq)
        if best[j] == INFINITY:
            reached.append(j)
        best[j] = 0
        heap.append((0, j))
    heapq.heapify(heap)
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        cost, j = pop(heap)
        if cost > best[j] or j in closed:
            continue
        for i, step in steps[j]:
            total = cost + step
            if total < best[i]:
                if best[i] == INFINITY:
                    reached.append(i)
                best[i] = total
                push(heap, (total, i))
    columns = board.columns
    return {(i % columns + 1, i // columns + 1): best[i] for i in reached}


def legal_enemy_path(scene: Scene, figure: int, path: Iterable[Any], budget: int | None = None) -> str | None:
    """Whether Enemy (or Named Enemy) figure ``figure`` may move along ``path`` now
    (the rule checker: docs/rulings.md, "Enemy movement"). ``path``: the squares
    visited, its square first; ``budget``: the Movement points (default
    ``movement_of``). Returns ``None`` when legal, else the reason, one sentence: a step an Enemy
    may not take (not adjacent, a wall, a standing Character's square, terrain that
    bars Enemies such as Elevated, an edge it may not cross), going on after entering a
    square of a standing Character's Melee Attack Pattern, passing an occupied square
    inside a pattern, ending on an occupied square or one no move may end on, or
    costing more than its Movement.

    Rule: Gascony's Legacy, "Enemy Movement" and "Fallen Characters"."""
    if not scene.on_board(figure) or scene.kind(figure) not in ("enemy", "named"):
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
    others, pattern = others_of(scene, figure), attack_pattern_squares(scene)
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
    budget = movement_of(scene, figure) if budget is None else budget
    if total > budget:
        return f"it costs {total} Movement points, more than its Movement {budget}"
    return None
