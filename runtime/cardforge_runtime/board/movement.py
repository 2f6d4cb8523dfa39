"""Movement on a board: the cost of a step and of a path, and the squares a figure can
reach with its Movement points.

Figures are passed in by the caller as ``{square: kind}`` with ``kind`` one of
``"character"``, ``"enemy"``, ``"fallen"`` (a Fallen figure of either side). The mover
is ``"character"`` or ``"enemy"``.

Rulings (docs/rulings.md): a step costs its base (1 orthogonal, 2 diagonal) times the
largest multiplier that applies to it: the ``movement.enter`` multipliers of the square
entered (``when: against-arrow`` ones only when the step goes against the arrow of
the piece carrying that keyword, ``Board.keyword_arrow``, i.e. has a component
opposite to it) and the ``movement.leave`` multipliers of
the square left (a ``movement.scope: area`` keyword's only on a step between one of its
squares and a square without it: into or out of a pit, not within it); a step between
two linked squares (``Board.links``, Descent's matching staircase spaces) costs the
link's ``move_cost``. Characters pass through Characters, Enemies through Enemies; nobody
passes through the other side; Fallen figures may be passed, never stopped on; nobody
ends a move on another figure's square. A diagonal step may squeeze between two
squares it could not enter (walls too) but not through a corner where blocking edges
(``movement.cross: false``) separate its two squares.

Rule sources: Gascony's Legacy, "Move" (costs, squeezing, "you may move through
squares occupied by other Characters, but not squares occupied by Enemies, Impassable
Terrain, or Blocking Terrain", facing turns), "Terrain Tiles" (Elevated, Difficult),
"Staircase (Map Tile)", "Balconies and Railings", "Enemy Turn" ("Enemies never climb
on top of Terrain Tiles that grant the Elevated effect").
"""

from __future__ import annotations

import heapq
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence

from cardforge_runtime.board.geometry import turns_between
from cardforge_runtime.board.grid import DIRECTIONS, STEP, Board, Square, as_figures, as_square, edge_between
from cardforge_runtime.board.segments import quadrant_of, separated
from cardforge_runtime.board.terrain import edge_rules, square_rules

__all__ = ["MOVERS", "nearest", "path_cost", "reachable", "step_cost", "step_table"]

#: The kinds of mover.
MOVERS = ("character", "enemy")
Figures = Mapping[Square, str]


def _check(mover: str, figures: Figures | None) -> dict[Square, str]:
    if mover not in MOVERS:
        raise ValueError(f"unknown mover {mover!r}: expected character or enemy")
    return as_figures(figures)


def _start(board: Board, square, what: str = "start") -> Square:
    """``square`` as a tuple, checked to be a square a figure can stand on: in the grid
    and covered by a map tile (a query starting from a wall has no answer)."""
    square = as_square(square, what)
    if not board.in_grid(square):
        raise ValueError(f"{what} {square} is outside the {board.columns} x {board.rows} grid")
    if not board.on_map(square):
        raise ValueError(f"{what} {square} is a wall (no map tile covers it): no figure stands there")
    return square


def _terrain_step(board: Board, a: Square, b: Square, mover: str) -> int | None:
    """The cost of the step ``a`` -> ``b`` on the terrain alone (no figures), or None."""
    if a == b or not board.in_grid(a) or not board.in_grid(b):
        return None
    rules = square_rules(board)
    into, out = rules[board.index(b)], rules[board.index(a)]
    if not (into.characters if mover == "character" else into.enemies):
        return None
    linked = min((data["move_cost"] for other, data in board.links(a)
                  if other == b and data["move_cost"] is not None), default=None)
    if abs(a[0] - b[0]) > 1 or abs(a[1] - b[1]) > 1:
        return linked
    blocking = board.cache.get("move_blocking")
    if blocking is None:
        blocking = board.cache["move_blocking"] = frozenset(e for e, r in edge_rules(board).items() if not r.cross)
    diagonal = a[0] != b[0] and a[1] != b[1]
    if diagonal:
        corner = (max(a[0], b[0]) - 1, max(a[1], b[1]) - 1)
        if blocking and separated(corner, (quadrant_of(a, corner),), (quadrant_of(b, corner),), blocking):
            return linked
    elif edge_between(a, b) in blocking:
        return linked
    enter, against, leave = into.enter, list(into.against), out.leave
    if into.area or out.area:
        # movement.scope: area: only a step into or out of the keyword's squares
        left, entered = board.square_keywords(a), board.square_keywords(b)
        for name, multiplier, against_arrow, _ in into.area:
            if name not in left:
                if not against_arrow:
                    enter = max(enter, multiplier)
                elif board.keyword_arrow(b, name) is not None:
                    against.append((multiplier, board.keyword_arrow(b, name)))
        for name, _, _, multiplier in out.area:
            if name not in entered:
                leave = max(leave, multiplier)
    multiplier = enter
    for more, arrow in against:
        # against the arrow of the piece carrying the keyword: a component opposite it
        ax, ay = STEP[arrow]
        if more > multiplier and (b[0] - a[0]) * ax + (b[1] - a[1]) * ay < 0:
            multiplier = more
    cost = (2 if diagonal else 1) * max(multiplier, leave)
    return cost if linked is None else min(cost, linked)


def _passes(mover: str, kind: str | None) -> bool:
    return kind is None or kind == "fallen" or kind == mover


def step_cost(board: Board, a: Square, b: Square, mover: str = "character",
              figures: Figures | None = None) -> int | None:
    """The Movement points a single step from ``a`` to an adjacent square ``b`` costs.

    Args:
        board: the board.
        a, b: ``(column, row)`` squares; ``b`` one of the 8 adjacent to ``a``, or a
            square linked to ``a`` (``Board.links``; Descent's matching staircase
            spaces: "as though it were adjacent").
        mover: ``"character"`` or ``"enemy"``.
        figures: ``{square: "character" | "enemy" | "fallen"}``, the other figures.

    Returns:
        1 (orthogonal) or 2 (diagonal) times the largest multiplier of the step (the
        enter multipliers of ``b``, against-arrow ones only moving against its arrow,
        and the leave multipliers of ``a``; a ``movement.scope: area`` keyword's only
        when the other square lacks it), or a link's ``move_cost`` when ``b`` is
        linked to ``a`` (the cheaper when both apply); None when the step is not allowed: ``b``
        not adjacent, a wall, terrain the mover may not enter, a figure of the other
        side on ``b``, or an edge the step may not cross. The square left is never
        charged for entering; whether ``b`` may end the move is ``path_cost``'s and
        ``reachable``'s concern.

    Raises:
        ValueError: an unknown mover or figure kind; ``a`` or ``b`` not a pair of whole
            numbers; figures that are not ``{square: kind}``.

    Rule: Gascony's Legacy, "Move"; "Terrain Tiles" (Elevated, Difficult);
    "Staircase (Map Tile)"; "Balconies and Railings".
    """
    figures = _check(mover, figures)
    a, b = as_square(a), as_square(b)
    if board.in_grid(a) and not board.on_map(a):
        raise ValueError(f"a step from {a}: a wall (no map tile covers it), no figure stands there")
    if not _passes(mover, figures.get(b)):
        return None
    return _terrain_step(board, a, b, mover)


def path_cost(board: Board, path: Sequence[Square], mover: str = "character",
              figures: Figures | None = None, facing: str | None = None,
              end_facing: str | None = None) -> int | None:
    """The Movement points a whole move along ``path`` costs.

    Args:
        path: the squares visited, the start square first (never charged).
        mover, figures: as ``step_cost``.
        facing, end_facing: when both are given, the turns from ``facing`` to
            ``end_facing`` are added, 1 point per 90 degrees.

    Returns:
        The sum of the steps' costs (0 for a path of one square), or None when a step
        is not allowed or the last square may not end a move (``movement.stop`` false,
        or another figure, Fallen or not, is there).

    Raises:
        ValueError: an empty path, a step that is not a square, an unknown mover,
            figure kind or facing.

    Rule: Gascony's Legacy, "Move" ("you must spend your movement points all at once";
    facing: "you may spend 1 point to rotate 90 degrees").
    """
    if not path:
        raise ValueError("a path needs at least its start square")
    figures = _check(mover, figures)
    path = [as_square(square) for square in path]
    if board.in_grid(path[0]) and not board.on_map(path[0]):
        raise ValueError(f"a path from {path[0]}: a wall (no map tile covers it), no figure stands there")
    total = 0
    for a, b in zip(path, path[1:], strict=False):
        cost = step_cost(board, a, b, mover, figures)
        if cost is None:
            return None
        total += cost
    end = path[-1]
    if len(path) > 1 and (not _may_stop(board, end) or end in figures):
        return None
    if facing is not None and end_facing is not None:
        total += turns_between(facing, end_facing)
    return total


def _may_stop(board: Board, square: Square) -> bool:
    return square_rules(board)[board.index(square)].stop


def _neighbours(board: Board, mover: str) -> tuple[tuple[tuple[int, Square, int], ...], ...]:
    key = ("neighbours", mover)
    cached = board.cache.get(key)
    if cached is None:
        table = []
        for a in board.squares():
            steps = []
            around = [(a[0] + dc, a[1] + dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1)]
            around += [other for other, _ in board.links(a) if other not in around]
            for b in around:
                cost = _terrain_step(board, a, b, mover) if board.in_grid(b) else None
                if cost is not None:
                    steps.append((board.index(b), b, cost))
            table.append(tuple(steps))
        cached = board.cache[key] = tuple(table)
    return cached


def step_table(board: Board, mover: str = "character",
               figures: Figures | None = None) -> tuple[tuple[tuple[int, Square, int], ...], ...]:
    """Every step a figure may take on ``board``, the table ``reachable`` walks.

    Args:
        board: the board.
        mover: ``"character"`` or ``"enemy"``.
        figures: ``{square: "character" | "enemy" | "fallen"}``, the other figures;
            a step onto a figure of the other side is left out (as ``step_cost``).

    Returns:
        One entry per square of the grid, at ``board.index(square)`` (row by row):
        the tuple of ``(board.index(b), b, cost)`` for each square ``b`` the mover
        may step to from it (the 8 adjacent squares and linked ones), ``cost`` being
        ``step_cost``. Whether a move may end on ``b`` is not in the table
        (``path_cost``, ``reachable``). Without figures the table is built once per
        board and mover and shared: do not change it.

    Raises:
        ValueError: an unknown mover or figure kind; figures that are not
            ``{square: kind}``.

    Rule: Gascony's Legacy, "Move"; "Terrain Tiles"; "Staircase (Map Tile)";
    "Balconies and Railings".
    """
    others = _check(mover, figures)
    table = _neighbours(board, mover)
    if not others:
        return table
    return tuple(tuple(step for step in steps if _passes(mover, others.get(step[1]))) for steps in table)


def reachable(board: Board, start: Square, budget: int | None, mover: str = "character",
              figures: Figures | None = None, facing: str | None = None) -> dict:
    """The squares a figure on ``start`` can end its move on with ``budget`` Movement points.

    Args:
        board: the board.
        start: the mover's square (it may appear in ``figures``; it is ignored there).
        budget: the Movement points, a whole number >= 0; ``None``: no limit (every
            square the figure could end a move on at any cost, however many rounds
            it takes: what lint and the picture call reachable from the Start area).
        mover: ``"character"`` or ``"enemy"``.
        figures: ``{square: "character" | "enemy" | "fallen"}``: Characters pass
            through Characters but not Enemies (and Enemies through Enemies but not
            Characters); Fallen figures are passed, never stopped on; no move ends on
            an occupied square.
        facing: when given, turning is counted too: the result maps
            ``(square, new_facing)`` to the cheapest cost including 1 point per 90
            degrees turned (the turns may happen anywhere on the way).

    Returns:
        ``{square: cost}`` (or ``{(square, facing): cost}``) for every square the move
        may end on within the budget, ``start`` included at 0. Costs are the cheapest.
        With ``facing`` and no budget, every facing of every such square.

    Raises:
        ValueError: a budget that is not a whole number >= 0 (NaN, 1.5, true), a start
            that is not a square or lies outside the grid, an unknown mover, figure
            kind or facing, figures that are not ``{square: kind}``.

    Rule: Gascony's Legacy, "Move"; "Terrain Tiles"; "Staircase"; "Balconies and Railings".
    """
    if budget is not None and (type(budget) is not int or budget < 0):
        raise ValueError(f"a budget is a whole number >= 0 (or None: no limit), got {budget!r}")
    if facing is not None and facing not in DIRECTIONS:
        raise ValueError(f"unknown facing {facing!r}")
    start = _start(board, start)
    others = {sq: kind for sq, kind in _check(mover, figures).items() if sq != start}
    result = _ends(board, start, mover, others, budget)
    if facing is None:
        return dict(result)
    limit = float("inf") if budget is None else budget
    return {(sq, f): cost + turns_between(facing, f) for sq, cost in result.items() for f in DIRECTIONS
            if cost + turns_between(facing, f) <= limit}


#: How many ``_ends`` answers each board keeps (``Board.cache["ends"]``): a Character
#: turn asks the same move again after each answer that moved no figure.
ENDS_CACHE = 256


def _ends(board: Board, start: Square, mover: str, others: dict[Square, str],
          budget: int | None, anywhere: bool = False) -> dict[Square, int]:
    """The cheapest cost to every square a move from ``start`` may end on (``start``
    at 0), within ``budget`` (None: unlimited); ``anywhere``: every square entered,
    whether a move may end there or not.

    The answer depends only on the (immutable) board and the arguments, so it is kept
    in ``board.cache["ends"]`` keyed by all of them (the figures as a frozen set): the
    same dict for the same question; callers copy it before changing it."""
    key = (start, mover, budget, anywhere, frozenset(others.items()))
    memo = board.cache.get("ends")
    if memo is None:
        memo = board.cache["ends"] = OrderedDict()
    found = memo.get(key)
    if found is not None:
        memo.move_to_end(key)
        return found
    found = memo[key] = _walk(board, start, mover, others, budget, anywhere)
    if len(memo) > ENDS_CACHE:
        memo.popitem(last=False)
    return found


def _walk(board: Board, start: Square, mover: str, others: dict[Square, str],
          budget: int | None, anywhere: bool) -> dict[Square, int]:
    """``_ends`` computed: Dijkstra over ``_neighbours`` from ``start``."""
    limit = float("inf") if budget is None else budget
    table = _neighbours(board, mover)
    rules = square_rules(board)
    columns = board.columns
    # the squares the mover may not enter: a figure of the other side (``_passes``)
    blocked = {board.index(sq) for sq, kind in others.items() if not _passes(mover, kind) and board.in_grid(sq)}
    origin = board.index(start)
    best = {origin: 0}
    heap = [(0, origin)]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        cost, i = pop(heap)
        if cost > best[i]:
            continue
        for j, _b, step in table[i]:
            total = cost + step
            if total <= limit and j not in blocked:
                old = best.get(j)
                if old is None or total < old:
                    best[j] = total
                    push(heap, (total, j))
    result = {}
    for i, cost in best.items():
        square = (i % columns + 1, i // columns + 1)
        if anywhere or i == origin or (rules[i].stop and square not in others):
            result[square] = cost
    return result


def nearest(board: Board, start: Square, targets: Iterable[Square], mover: str = "character",
            figures: Figures | None = None, end: bool = True) -> tuple[int | None, tuple[Square, ...]]:
    """The nearest of ``targets`` to a figure on ``start``: the fewest Movement points
    that figure spends to end a move there, and every target at that cost.

    "Nearest" (docs/rulings.md, "What nearest measures") is counted as Movement is, for
    that figure (Attack, Range: "Range is counted the same way as Movement"): terrain
    costs, edges, who passes whom and squares no move may end on all count. Ties are the
    players' choice, so every tied square is returned and the caller asks.

    Args:
        board: the board.
        start: the figure's square (a square of the map, not a wall).
        targets: the candidate squares (e.g. the squares adjacent to a Character for an
            Enemy's move, the Characters' squares in line of sight, the empty squares
            for a Wagon's rider); duplicates and squares off the grid are ignored.
        mover, figures: as ``reachable``.
        end: True (a square to move to: the Enemy's square adjacent to a Character,
            the Wagon rider's empty square): a target no move may end on (occupied,
            ``movement.stop`` false) is never nearest. False (a figure to reach: the
            nearest Character for an Enemy's attack): the cost of stepping into the
            target square counts, whoever stands there.

    Returns:
        ``(cost, squares)``: the fewest points and the tied target squares, row by row
        (``(0, (start,))`` when ``start`` is a target); ``(None, ())`` when no target
        can be reached.

    Raises:
        ValueError: ``start`` outside the grid, a wall or not a square; a target that
            is not a square; an unknown mover or figure kind.

    Rule: Gascony's Legacy, "Enemy Movement" ("the nearest square adjacent to a
    Character"), "Enemy Attacks" ("the nearest Character in its Line of Sight"),
    Terrain Tiles (Wagon: "moved to the nearest empty square"), "Attack" (Range).
    """
    start = _start(board, start)
    wanted = {as_square(square, "a target") for square in targets}
    others = {sq: kind for sq, kind in _check(mover, figures).items() if sq != start and (end or sq not in wanted)}
    costs = {sq: cost for sq, cost in _ends(board, start, mover, others, None, not end).items() if sq in wanted}
    if not costs:
        return None, ()
    best = min(costs.values())
    return best, tuple(sorted((sq for sq, cost in costs.items() if cost == best), key=lambda sq: (sq[1], sq[0])))
