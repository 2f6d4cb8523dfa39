"""Terrain that wounds a figure entering it: a keyword's ``movement.enter_wounds``
(docs/format.md, ``terrain-keyword``; Descent's pit "When a figure moves into a pit,
it suffers 1 wound (ignoring armor)", lava 2), applied to a Character's Move.

The Wounds of a step come from the square entered: the largest ``enter_wounds`` of its
keywords that charge the step (``movement.scope: square``: every step into such a
square; ``area``: only a step from a square without that keyword, so a step within a
pit wounds no one), as several keywords' multipliers combine (docs/rulings.md,
"Keywords that combine"). A Move's Wounds are the sum over its steps, suffered once the
figure stands on its new square (``effects.wound_figure``, source ``"terrain"``: no
Defense roll, no armor). The path is the Move's: the cheapest path to the square
chosen (the cost the ``turn`` request's ``squares`` list), and among the cheapest the
one that wounds least (docs/rulings.md, "Terrain that wounds on entering").

No keyword name is read: only the ``movement`` fields. Dependencies: ``board``,
``battle.effects``.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence

from cardforge_runtime.battle.effects import wound_figure
from cardforge_runtime.battle.scene import Scene
from cardforge_runtime.board.grid import Board, Square
from cardforge_runtime.board.movement import Figures, step_table

__all__ = ["enter_after_move", "move_path", "path_wounds", "step_wounds", "wound_on_entering", "wounding"]


def wounding(board: Board) -> bool:
    """Whether some keyword on the board wounds a figure entering it (cached on the
    board: a board without one costs a Move nothing more)."""
    cached = board.cache.get("enter_wounds")
    if cached is None:
        names = {name for square in board.squares() for name in board.square_keywords(square)}
        cached = board.cache["enter_wounds"] = any(
            board.keyword(name)["movement"].get("enter_wounds", 0) for name in names)
    return cached


def step_wounds(board: Board, a: Square, b: Square) -> int:
    """The Wounds a figure suffers on the step ``a`` -> ``b``: the largest
    ``movement.enter_wounds`` of ``b``'s keywords that charge the step (scope
    ``square``: always; ``area``: when ``a`` lacks that keyword); 0 when none."""
    entered = board.square_keywords(b)
    if not entered:
        return 0
    left = board.square_keywords(a)
    wounds = 0
    for name in entered:
        move = board.keyword(name)["movement"]
        if move.get("enter_wounds", 0) and (move.get("scope", "square") == "square" or name not in left):
            wounds = max(wounds, move["enter_wounds"])
    return wounds


def path_wounds(board: Board, path: Sequence[Square]) -> int:
    """The Wounds of a whole move along ``path`` (the start square first): the sum of
    its steps' ``step_wounds``."""
    return sum(step_wounds(board, a, b) for a, b in zip(path, path[1:], strict=False))


def move_path(board: Board, start: Square, to: Square, mover: str = "character",
              figures: Figures | None = None) -> list[Square]:
    """The path of a move from ``start`` to ``to``: the cheapest in Movement points
    (``board.step_table``, as ``board.reachable`` counts), and among the cheapest the
    one with the fewest entering Wounds (``step_wounds``); further ties: the first in
    the squares' row-by-row order (deterministic). ``[start]`` when ``to`` is ``start``.

    Raises:
        ValueError: ``to`` cannot be reached from ``start``.
    """
    start, to = tuple(start), tuple(to)
    others = {sq: kind for sq, kind in (figures or {}).items() if sq != start}
    table = step_table(board, mover, others)
    first = board.index(start)
    best: dict[int, tuple[int, int]] = {first: (0, 0)}
    before: dict[int, int] = {}
    squares: dict[int, Square] = {first: start}
    heap = [(0, 0, first)]
    while heap:
        cost, wounds, i = heapq.heappop(heap)
        if (cost, wounds) > best[i]:
            continue
        for j, b, step in table[i]:
            key = (cost + step, wounds + step_wounds(board, squares[i], b))
            if j not in best or key < best[j]:
                best[j], before[j], squares[j] = key, i, b
                heapq.heappush(heap, (*key, j))
    end = board.index(to)
    if end not in best:
        raise ValueError(f"no path from {start} to {to}")
    path = [end]
    while path[-1] != first:
        path.append(before[path[-1]])
    return [squares[i] for i in reversed(path)]


def wound_on_entering(scene: Scene, figure_id: int, path: Sequence[Square]) -> int:
    """Figure ``figure_id`` moved along ``path`` and now stands at its end: it suffers
    the path's entering Wounds (``path_wounds``): event ``{"event": "enter-wounds",
    "figure", "squares": [squares whose entering wounded], "amount"}``, then the
    ``wound`` event (source ``"terrain"``). Returns the Wounds (0: nothing happens)."""
    board = scene.board
    hurt = [list(b) for a, b in zip(path, path[1:], strict=False) if step_wounds(board, a, b)]
    amount = path_wounds(board, path)
    if amount:
        scene.record({"event": "enter-wounds", "figure": figure_id, "squares": hurt, "amount": amount})
        wound_figure(scene, figure_id, amount, "terrain")
    return amount


def enter_after_move(scene: Scene, figure_id: int, start: Square, mover: str = "character") -> int:
    """Figure ``figure_id`` has just moved from ``start`` to the square it stands on:
    the Wounds of entering along its path (``move_path`` with the other figures as
    they stand; ``wound_on_entering``). Nothing to do (0) on a board with no wounding
    keyword (``wounding``)."""
    if not wounding(scene.board):
        return 0
    to = scene.square(figure_id)
    others = {sq: kind for sq, kind in scene.figures().items() if sq != to}
    path = move_path(scene.board, tuple(start), to, mover, others)
    return wound_on_entering(scene, figure_id, path)
