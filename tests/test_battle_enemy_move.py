"""Enemy movement by the priorities (``battle.enemy_move``) on hand-built boards with the
SHIPPED Gascony's Legacy Enemies and Weapons: each priority of "2A. Melee Enemy
Movement" and "2B. Ranged Enemy Movement", the route faults of issue 10 ("Faults seen
in the field"), the players' choices at ties, and the rule checker ``legal_enemy_path``
that every path the engine produces is replayed through (``_enemy_helpers.checked``).

Coordinates are ``(column, row)``, row 1 at the top (north). A Rapier facing north on
``(c, r)`` covers ``(c, r-1)``, ``(c-1, r-1)`` and ``(c-1, r)``."""

from __future__ import annotations

import copy

import pytest
from _battle_helpers import AnswerError
from _enemy_helpers import GUARD, MARKSMAN, board_scene, drive, enemies, moves

from cardforge_runtime.battle.answers import check_battle_answer
from cardforge_runtime.battle.enemy_move import (attack_pattern_squares, legal_enemy_path, move_enemy, plan_move,
                                                 routes)
from cardforge_runtime.board import adjacent, nearest, reachable


def test_a_melee_enemy_that_can_attack_does_not_move() -> None:
    """2A 1: "Don't Move if a Melee Enemy can make an Attack without moving" (an
    adjacent Character, even from outside its pattern)."""
    scene, (athos,) = board_scene(["....."] * 5, [("Athos", (3, 3), "north", ["Rapier"])])
    guard, = enemies(scene, (GUARD, (4, 4)))
    move, requests = drive(scene, move_enemy(scene, guard), [])
    assert requests == [] and move.to == (4, 4) and move.priority == "stay-if-can-attack"
    assert moves(scene) == [{"event": "enemy-move", "figure": guard, "from": [4, 4], "to": [4, 4], "path": [[4, 4]],
                             "cost": 0, "priority": "stay-if-can-attack", "toward": None}]


def test_a_square_outside_the_patterns_beats_a_nearer_one_inside() -> None:
    """2A 2 before 3: the Guard could stand in Athos's pattern on (3, 3) for 2 points,
    but a square adjacent to him and outside it, (5, 3), is within its 4: it goes there
    (the Column on (2, 4) closes the other side)."""
    scene, (athos,) = board_scene(["......", "......", "......", ".C....", "......", "......"],
                                  [("Athos", (4, 4), "north", ["Rapier"])])
    guard, = enemies(scene, (GUARD, (2, 2)))
    assert routes(scene, guard).ends[(3, 3)] == 2 and (3, 3) in attack_pattern_squares(scene)
    move, requests = drive(scene, move_enemy(scene, guard), [])
    assert requests == []
    assert (move.to, move.cost, move.priority, move.toward) == ((5, 3), 4, "adjacent-outside-pattern", athos)
    assert move.path == [(2, 2), (3, 2), (4, 2), (5, 3)] and scene.replayed == 1


def test_an_enemy_inside_a_pattern_but_not_adjacent_moves_beside_the_character() -> None:
    """"If an Enemy is already in a Character's attack pattern, but not adjacent to any
    Character, it will move to attempt to be adjacent to the nearest Character": the
    Guard two squares ahead of Athos, in his English Longsword's reach, leaves that
    square (a route may start in a pattern) and steps beside him."""
    scene, (athos,) = board_scene(["....."] * 5, [("Athos", (3, 4), "north", ["English Longsword"])])
    guard, = enemies(scene, (GUARD, (3, 2)))
    assert (3, 2) in attack_pattern_squares(scene)
    move, _ = drive(scene, move_enemy(scene, guard), [])
    assert (move.to, move.cost, move.priority, move.toward) == ((3, 3), 1, "adjacent-in-pattern", athos)


GAP = [".....",
       "###.#",
       ".....",
       "....."]


def test_a_plain_shortest_path_through_a_pattern_square_stops_there() -> None:
    """Fault "rules about the route checked only at the destination": the plain
    shortest move reaches (5, 3), beside Athos and outside his pattern, through the gap
    (4, 2) in front of him; "Enemies must stop moving when they enter a square in the
    Attack Pattern", so the Guard ends in the gap (2A 3), and the checker refuses the
    plain path."""
    scene, (athos,) = board_scene(GAP, [("Athos", (4, 3), "north", ["Rapier"])])
    guard, = enemies(scene, (GUARD, (3, 1)))
    plain = reachable(scene.board, (3, 1), 4, "enemy", scene.figures())
    assert plain[(5, 3)] == 4                                  # what a plain shortest path would do
    assert "(the move ends there)" in legal_enemy_path(scene, guard, [(3, 1), (4, 2), (5, 3)])
    move, _ = drive(scene, move_enemy(scene, guard), [])
    assert (move.to, move.path, move.cost, move.priority) == ((4, 2), [(3, 1), (4, 2)], 2, "adjacent-in-pattern")


def test_an_occupied_square_inside_a_pattern_is_never_passed() -> None:
    """"Enemies can move through each other, but cannot move through occupied squares
    that are inside the Attack Pattern of a Character's melee weapon": the first Guard
    holds the gap (3, 2) in Athos's pattern; the second goes round by the other gap."""
    scene, (athos,) = board_scene([".......", "##.#.##", ".......", "......."],
                                  [("Athos", (4, 3), "north", ["Rapier"])])
    first, second = enemies(scene, (GUARD, (3, 2)), (GUARD, (2, 1)))
    assert "occupied square inside" in legal_enemy_path(scene, second, [(2, 1), (3, 2), (2, 3)])
    drive(scene, move_enemy(scene, first), [])
    move, _ = drive(scene, move_enemy(scene, second), [])
    assert (move.to, move.cost, move.priority) == ((5, 2), 4, "adjacent-outside-pattern")
    assert (3, 2) not in move.path and scene.replayed == 2


def test_elevated_terrain_is_an_obstacle_and_equal_squares_are_the_players_choice() -> None:
    """"Enemies never climb on top of Terrain Tiles that grant the Elevated effect": the
    Barrels between the Guard and Athos are gone round, never entered; nothing beside
    Athos is within reach, so it moves toward him (2A 4), and the two squares that
    leave 1 point to go, for 4 spent each, are the players' choice."""
    scene, (athos,) = board_scene([".....", ".BBB.", "....."], [("Athos", (3, 1), "north", ["Rapier"])])
    guard, = enemies(scene, (GUARD, (3, 3)))
    assert "Elevated" in legal_enemy_path(scene, guard, [(3, 3), (3, 2)])
    _, requests = drive(scene, move_enemy(scene, guard), [{"pick": [5, 1]}])
    assert requests == [{"kind": "pick", "for": "enemy-square", "options": [[1, 1], [5, 1]], "card": 7,
                         "figure": guard, "priority": "toward-nearest", "toward": athos}]
    assert moves(scene)[0]["to"] == [5, 1] and moves(scene)[0]["cost"] == 4
    assert all(tuple(sq) not in {(2, 2), (3, 2), (4, 2)} for sq in moves(scene)[0]["path"])


def test_fallen_characters_are_passed_never_stopped_on_and_ignored() -> None:
    """"Enemies ignore Fallen Characters and their Attack Patterns. Enemies may move
    through squares containing Fallen Characters, but not end movement there": the Guard
    goes toward Athos (never toward Porthos, who has Fallen), through Porthos's pattern
    without stopping; the square that would leave 1 point to go is Porthos's, so it
    ends one short."""
    scene, (athos, porthos) = board_scene(["........"], [("Athos", (7, 1), "west", ["Rapier"]),
                                                         ("Porthos", (5, 1), "west", ["Broadsword"])], fallen=(1,))
    guard, = enemies(scene, (GUARD, (1, 1)))
    assert (4, 1) not in attack_pattern_squares(scene)
    move, requests = drive(scene, move_enemy(scene, guard), [])
    assert requests == [] and (move.to, move.cost, move.toward) == ((4, 1), 3, athos)
    assert "another figure holds" in legal_enemy_path(scene, guard, [(4, 1), (5, 1)])
    scene.get(guard)["square"] = [3, 1]
    move, _ = drive(scene, move_enemy(scene, guard), [])
    assert move.path == [(3, 1), (4, 1), (5, 1), (6, 1)] and move.priority == "adjacent-in-pattern"


def test_a_target_out_of_reach_leaves_the_least_remaining_cost() -> None:
    """Fault "nearest measured the wrong way": the Guard cannot reach Athos this turn;
    it ends on the square of its reach from which the fewest Movement points remain to
    a square beside him (checked against ``board.nearest`` from every square it could
    end on), with the fewest points spent."""
    scene, (athos,) = board_scene([".........."] * 3, [("Athos", (10, 2), "west", ["Rapier"])])
    guard, = enemies(scene, (GUARD, (1, 2)))
    figures = {sq: k for sq, k in scene.figures().items() if sq != (1, 2)}
    move, _ = drive(scene, move_enemy(scene, guard), [])
    beside = [sq for sq in scene.board.squares() if adjacent(sq, (10, 2))]
    left = {sq: nearest(scene.board, sq, beside, "enemy", figures)[0]
            for sq in reachable(scene.board, (1, 2), 4, "enemy", figures)}
    assert move.to == (5, 2) and left[move.to] == min(left.values()) == 4
    assert [sq for sq, cost in left.items() if cost == 4] == [(5, 2)]
    assert (move.priority, move.toward) == ("toward-nearest", athos)


TIED = ["......."] * 5


def _tied_scene():
    """Athos and Porthos tie for the Guard (a square beside each, outside the patterns,
    3 points away); Aramis, Fallen, is nearer and adjacent to the Guard."""
    scene, ids = board_scene(TIED, [("Athos", (6, 3), "west", ["Rapier"]), ("Porthos", (7, 3), "north", ["Rapier"]),
                                    ("Aramis", (3, 4), "west", ["Rapier"])], fallen=(2,))
    guard, = enemies(scene, (GUARD, (4, 5)))
    return scene, ids, guard


def test_tied_characters_then_tied_squares_are_two_requests_with_exactly_the_tied_options() -> None:
    """Fault "players choose done wrong": the request lists exactly the tied Characters
    (never Aramis, Fallen); when the chosen Character still has two squares at that
    cost, a second request asks which."""
    scene, (athos, porthos, aramis), guard = _tied_scene()
    move, requests = drive(scene, move_enemy(scene, guard), [{"pick": athos}, {"pick": [7, 4]}])
    assert requests == [
        {"kind": "pick", "for": "enemy-target", "options": [athos, porthos], "card": 7, "figure": guard,
         "priority": "adjacent-outside-pattern"},
        {"kind": "pick", "for": "enemy-square", "options": [[5, 2], [7, 4]], "card": 7, "figure": guard,
         "priority": "adjacent-outside-pattern", "toward": athos}]
    assert (move.to, move.toward) == ((7, 4), athos) and scene.replayed == 1


def test_the_target_chosen_is_kept_for_the_whole_move() -> None:
    """The Character is chosen once: Porthos chosen, the Guard ends on the one tied
    square beside Porthos, and no other request follows."""
    scene, (athos, porthos, aramis), guard = _tied_scene()
    move, requests = drive(scene, move_enemy(scene, guard), [{"pick": porthos}])
    assert [r["for"] for r in requests] == ["enemy-target"]
    assert (move.to, move.toward) == ((7, 4), porthos) and adjacent(move.to, (7, 3))


@pytest.mark.parametrize("bad", [{"pick": "aramis"}, {"pick": 99}, {"pick": [5, 2]}, {}, {"pick": 1, "more": 2}])
def test_refused_tie_answers_change_nothing(bad) -> None:  # noqa: ANN001
    """An answer outside the options (Aramis, Fallen, included) is refused, and the
    Battle is as it was; a good answer then goes through."""
    scene, (athos, porthos, aramis), guard = _tied_scene()
    if bad.get("pick") == "aramis":
        bad = {"pick": aramis}
    before = copy.deepcopy(scene.battle)
    play = move_enemy(scene, guard)
    request = next(play)
    with pytest.raises(AnswerError):
        check_battle_answer(request, bad, scene.rule)
    assert scene.battle == before and moves(scene) == []
    second = play.send({"pick": athos})
    with pytest.raises(AnswerError):
        check_battle_answer(second, {"pick": [6, 2]}, scene.rule)      # not one of the tied squares
    assert scene.battle == before
    with pytest.raises(StopIteration):
        play.send({"pick": [5, 2]})
    assert moves(scene)[0]["to"] == [5, 2]


def test_a_ranged_enemy_with_line_of_sight_stays() -> None:
    """2B 1: "Don't Move if a Ranged Enemy has Line of Sight on a Character already"."""
    scene, _ = board_scene(["......"] * 4, [("Athos", (1, 1), "north", ["Rapier"])])
    marksman, = enemies(scene, (MARKSMAN, (6, 4)))
    move, _ = drive(scene, move_enemy(scene, marksman), [])
    assert (move.to, move.priority) == ((6, 4), "stay-if-line-of-sight")


def test_a_ranged_enemy_moves_to_the_nearest_square_with_line_of_sight() -> None:
    """2B 2: "Move toward the nearest square that provides Line of Sight to any
    Character": from the end of a bent alley, one square is enough."""
    scene, _ = board_scene(["...######", "##.######", "##.######", ".........", "........."],
                           [("Athos", (5, 5), "north", ["Rapier"])])
    marksman, = enemies(scene, (MARKSMAN, (1, 1)))
    move, requests = drive(scene, move_enemy(scene, marksman), [])
    assert requests == [] and (move.to, move.cost, move.priority) == ((2, 1), 1, "toward-line-of-sight")


def test_no_character_standing_means_no_move() -> None:
    """With every Character Fallen no step applies: the Enemy stays (priority null)."""
    scene, _ = board_scene(["....."], [("Athos", (5, 1), "west", ["Rapier"])], fallen=(0,))
    guard, = enemies(scene, (GUARD, (1, 1)))
    move, _ = drive(scene, move_enemy(scene, guard), [])
    assert (move.to, move.priority) == ((1, 1), None)


def test_the_rule_checker_names_each_fault() -> None:
    """``legal_enemy_path`` refuses each kind of illegal route with its reason (the
    planted faults the replay would catch) and accepts a legal one."""
    scene, (athos,) = board_scene(["......", "......", "..#...", "......"], [("Athos", (4, 2), "north", ["Rapier"])])
    guard, other = enemies(scene, (GUARD, (1, 4)), (GUARD, (6, 4)))
    assert legal_enemy_path(scene, guard, [(1, 4), (2, 4), (3, 4)]) is None
    assert legal_enemy_path(scene, guard, [(1, 4)]) is None
    assert "starts on" in legal_enemy_path(scene, guard, [(2, 4)])
    assert "wall" in legal_enemy_path(scene, guard, [(1, 4), (2, 3), (3, 3)])
    assert "not one an Enemy may take" in legal_enemy_path(scene, guard, [(1, 4), (3, 4)])
    assert "standing Character" in legal_enemy_path(scene, guard, [(1, 4), (2, 4), (3, 4), (4, 3), (4, 2)])
    assert "more than its Movement 4" in legal_enemy_path(scene, guard, [(1, 4), (2, 4), (3, 4), (4, 4), (5, 4), (6, 3)])
    assert "another figure holds" in legal_enemy_path(scene, guard, [(1, 4), (2, 4), (3, 4), (4, 4), (5, 4), (6, 4)])
    assert "is not an Enemy" in legal_enemy_path(scene, athos, [(4, 2)])
    assert "a path needs" in legal_enemy_path(scene, guard, [])
    assert legal_enemy_path(scene, guard, [(1, 4), "x"]) is not None


def test_plan_move_changes_nothing_and_unknown_steps_are_engine_errors() -> None:
    from cardforge_runtime.errors import EngineError
    scene, _ = board_scene(["....."], [("Athos", (5, 1), "west", ["Rapier"])])
    guard, = enemies(scene, (GUARD, (1, 1)))
    before = copy.deepcopy(scene.battle)
    drive(scene, plan_move(scene, guard), [])
    assert scene.battle == before and scene.events == []
    scene.enemies[GUARD]["priorities"] = {"move": ["fly"], "target": [{"kind": "players-choice"}]}
    with pytest.raises(EngineError, match="unknown movement step 'fly'"):
        drive(scene, plan_move(scene, guard), [])
