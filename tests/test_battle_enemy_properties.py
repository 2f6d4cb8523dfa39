"""Properties of Enemy movement (hypothesis) on random small boards: walls, Barrels
(Elevated), Columns (Blocking), standing and Fallen Characters with their Weapons,
Guards and Marksmen. Whatever the board and the players' answers at ties:

- every path the engine produces passes the rule checker ``legal_enemy_path``
  (replayed as it is recorded, ``_enemy_helpers.checked``);
- the squares an Enemy can end on this turn (``enemy_move.routes``) are exactly those
  an exhaustive search of every simple path finds (an independent oracle: depth-first,
  stopping on entering a pattern square, never entering an occupied one);
- the priority that moved it is the first of "2A" / "2B" whose condition holds, and a
  move to a square beside a Character (or with line of sight) costs the fewest points
  any legal path to such a square costs."""

from __future__ import annotations

from _enemy_helpers import GUARD, MARKSMAN, board_scene, enemies, moves
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardforge_runtime.battle.answers import check_battle_answer
from cardforge_runtime.battle.enemy_move import attack_pattern_squares, move_enemy, routes
from cardforge_runtime.battle.enemy_turn import activation_order
from cardforge_runtime.battle.targets import candidates
from cardforge_runtime.board import adjacent, line_of_sight, step_cost
from cardforge_runtime.board.terrain import square_rules

FACINGS = ["north", "east", "south", "west"]
#: Shipped Melee Weapons: two patterns beside the Character and one with a reach of 2.
WEAPONS = ["Rapier", "Broadsword", "English Longsword"]


@st.composite
def battles(draw):  # noqa: ANN001, ANN201
    width, height = draw(st.integers(3, 6)), draw(st.integers(2, 5))
    cells = draw(st.lists(st.sampled_from("......#BC"), min_size=width * height, max_size=width * height))
    rows = ["".join(cells[r * width:(r + 1) * width]) for r in range(height)]
    floor = [(c + 1, r + 1) for r in range(height) for c in range(width) if rows[r][c] == "."]
    if len(floor) < 2:
        floor = [(1, 1), (2, 1)]
        rows[0] = ".." + rows[0][2:]
    count = draw(st.integers(1, min(2, len(floor) - 1)))
    squares = draw(st.lists(st.sampled_from(floor), min_size=count + 1, max_size=min(len(floor), count + 3),
                            unique=True))
    people = [(name, squares[i], draw(st.sampled_from(FACINGS)), [draw(st.sampled_from(WEAPONS))])
              for i, name in enumerate(["Athos", "Porthos"][:count])]
    fallen = tuple(i for i in range(count) if draw(st.booleans()) and draw(st.booleans()))
    foes = [(draw(st.sampled_from([GUARD, GUARD, MARKSMAN])), sq) for sq in squares[count:]]
    return rows, people, fallen, foes


def oracle_ends(scene, enemy):  # noqa: ANN001, ANN201
    """Every square a legal move may end on, with its fewest points, by an exhaustive
    search of simple paths (no Dijkstra)."""
    board, start = scene.board, scene.square(enemy)
    others = {sq: k for sq, k in scene.figures().items() if sq != start}
    pattern = attack_pattern_squares(scene)
    budget = scene.enemies[scene.get(enemy)["enemy"]]["movement"]
    rules = square_rules(board)
    best = {start: 0}

    def walk(square, cost, seen):  # noqa: ANN001, ANN202
        if square != start and square in pattern:
            return                                       # a move ends on entering a pattern square
        for dc in (-1, 0, 1):
            for dr in (-1, 0, 1):
                nxt = (square[0] + dc, square[1] + dr)
                if nxt in seen or not board.in_grid(nxt):
                    continue
                step = step_cost(board, square, nxt, "enemy", others)
                if step is None or cost + step > budget or (nxt in pattern and nxt in others):
                    continue
                if nxt not in others and rules[board.index(nxt)].stop:
                    best[nxt] = min(best.get(nxt, budget + 1), cost + step)
                walk(nxt, cost + step, seen | {nxt})
    walk(start, 0, {start})
    return best


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(battles(), st.data())
def test_every_enemy_move_is_legal_and_follows_the_first_priority_that_holds(case, data) -> None:  # noqa: ANN001
    rows, people, fallen, foes = case
    scene, _ = board_scene(rows, people, fallen=fallen)
    ids = enemies(scene, *foes)
    for enemy in activation_order(scene, ids):
        ends = oracle_ends(scene, enemy)
        assert routes(scene, enemy).ends == ends
        here, standing = scene.square(enemy), [scene.square(c) for c in candidates(scene)]
        pattern = attack_pattern_squares(scene)
        melee = scene.enemies[scene.get(enemy)["enemy"]]["type"] == "melee"
        play = move_enemy(scene, enemy)
        try:
            request = next(play)
            while True:
                assert request["kind"] == "pick" and len(request["options"]) >= 2
                answer = {"pick": data.draw(st.sampled_from(request["options"]))}
                check_battle_answer(request, answer, scene.rule)
                request = play.send(answer)
        except StopIteration as stop:
            move = stop.value
        assert move.cost == ends[move.to]
        if melee:
            beside = {sq: c for sq, c in ends.items() if any(adjacent(sq, p) for p in standing)}
            outside = {sq: c for sq, c in beside.items() if sq not in pattern}
            inside = {sq: c for sq, c in beside.items() if sq in pattern}
            if any(adjacent(here, p) for p in standing):
                assert (move.priority, move.to) == ("stay-if-can-attack", here)
            elif outside:
                assert move.priority == "adjacent-outside-pattern" and move.cost == min(outside.values())
            elif inside:
                assert move.priority == "adjacent-in-pattern" and move.cost == min(inside.values())
            else:
                assert move.priority in ("toward-nearest", None)
        else:
            seeing = {sq: c for sq, c in ends.items()
                      if any(line_of_sight(scene.board, sq, p, scene.figures()) for p in standing)}
            if here in seeing:
                assert (move.priority, move.to) == ("stay-if-line-of-sight", here)
            elif seeing:
                assert move.priority == "toward-line-of-sight" and move.cost == min(seeing.values())
            else:
                assert move.priority in ("toward-line-of-sight", None)
                assert move.to == here or move.to not in seeing
        if not standing:
            assert move.to == here and move.priority is None
    assert scene.replayed == len(moves(scene)) == len(ids)
