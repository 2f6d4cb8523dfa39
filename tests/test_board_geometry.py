"""Adjacency, Range, turns and Attack Patterns (cardforge_runtime.board.geometry)."""

from __future__ import annotations

import pytest
from _board_helpers import board_from_rows, placement

from cardforge_runtime.board import adjacent, adjacent_squares, in_range, pattern_squares, range_between, turns_between


def test_adjacent_is_the_8_surrounding_squares():
    board = board_from_rows(["...", "...", "..."])
    assert adjacent_squares(board, (2, 2)) == [(2, 1), (3, 1), (3, 2), (3, 3), (2, 3), (1, 3), (1, 2), (1, 1)]
    assert adjacent_squares(board, (1, 1)) == [(2, 1), (2, 2), (1, 2)]
    assert adjacent((1, 1), (2, 2)) and not adjacent((1, 1), (1, 1)) and not adjacent((1, 1), (3, 1))


@pytest.mark.parametrize("a, b, points", [((1, 1), (1, 1), 0), ((1, 1), (4, 1), 3), ((1, 1), (2, 2), 2),
                                          ((3, 3), (1, 4), 3), ((1, 1), (4, 5), 7)])
def test_range_counts_1_in_a_line_and_2_per_diagonal(a, b, points):
    assert range_between(a, b) == points == range_between(b, a)
    assert in_range(a, b, points) and in_range(a, b, None)
    assert not in_range(a, b, points - 1) or points == 0


def test_turns():
    assert [turns_between("north", d) for d in ("north", "east", "south", "west")] == [0, 1, 2, 1]


# An L-shaped pattern: the square ahead, 2 ahead, and ahead-right.
PATTERN = [[0, 1], [0, 2], [1, 1]]


@pytest.mark.parametrize("facing, flipped, squares", [
    ("north", False, [(3, 2), (3, 1), (4, 2)]),
    ("north", True, [(3, 2), (3, 1), (2, 2)]),
    ("east", False, [(4, 3), (5, 3), (4, 4)]),
    ("south", False, [(3, 4), (3, 5), (2, 4)]),
    ("west", False, [(2, 3), (1, 3), (2, 2)]),
    ("west", True, [(2, 3), (1, 3), (2, 4)]),
])
def test_pattern_squares_turn_with_facing_and_mirror_with_the_stance(facing, flipped, squares):
    board = board_from_rows(["....."] * 5)
    assert pattern_squares(board, (3, 3), facing, PATTERN, flipped) == squares


def test_pattern_squares_off_the_map_are_left_out():
    board = board_from_rows(["..#", "...", "..."])
    assert pattern_squares(board, (2, 2), "north", [[0, 1], [1, 1], [0, 2]]) == [(2, 1)]


def test_melee_reach_stops_at_a_railing():
    """Melee Attacks cannot be made across a railing (melee_across: false), orthogonally
    or diagonally through its interior point; past its free end they can."""
    board = board_from_rows(["....", "....", "...."], [placement("Balcony", (2, 2))])   # railing y=2, x 1..3
    around = [[dx, dy] for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
    reach = set(pattern_squares(board, (2, 2), "north", around, melee=True))
    assert reach == {(1, 1), (2, 1), (3, 1), (1, 2), (3, 2), (1, 3)}       # not (2, 3), (3, 3)
    every = set(pattern_squares(board, (2, 2), "north", around))
    assert every - reach == {(2, 3), (3, 3)}
    # from below, the same railing the other way
    below = set(pattern_squares(board, (3, 3), "north", around, melee=True))
    assert below == {(2, 3), (4, 3), (4, 2)}


def test_unknown_facing():
    with pytest.raises(ValueError, match="facing"):
        pattern_squares(board_from_rows([".."]), (1, 1), "up", PATTERN)


@pytest.mark.parametrize(("facing", "new_facing"), [("north", "up"), ("up", "north"), (None, "east"), ("North", "east")])
def test_an_unknown_facing_is_named(facing, new_facing):
    """It was "tuple.index(x): x not in tuple" (also from path_cost's facings)."""
    bad = new_facing if facing == "north" else facing
    with pytest.raises(ValueError, match=f"unknown facing {bad!r}: expected one of north, east, south, west"):
        turns_between(facing, new_facing)
