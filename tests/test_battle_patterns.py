"""Weapon Attack Patterns on the board (battle.patterns) and the Battle state's
figures and ids (battle.state)."""

from __future__ import annotations

import pytest
from _board_helpers import board_from_rows

from cardforge_runtime.battle.patterns import weapon_squares
from cardforge_runtime.battle.state import (add_character, add_enemy, add_named, figure, figure_at, new_battle,
                                            remove_figure)

SWORD = {"attack": "melee", "pattern": [[0, 1], [1, 1]]}
PISTOL = {"attack": "ranged", "pattern": [[0, 1], [1, 1]], "range": 4}


@pytest.mark.parametrize("facing, flipped, squares", [
    ("north", False, [(3, 2), (4, 2)]),
    ("north", True, [(3, 2), (2, 2)]),
    ("east", False, [(4, 3), (4, 4)]),
    ("south", True, [(3, 4), (4, 4)]),
])
def test_melee_pattern_turns_with_the_facing_and_mirrors_with_the_stance(facing, flipped, squares):
    board = board_from_rows(["....."] * 5)
    assert weapon_squares(board, (3, 3), facing, flipped, SWORD) == squares


def test_ranged_pattern_is_rays_capped_by_range():
    """Every positive multiple of an offset: ahead 1..4 (Range 4), ahead-right 1..2
    (each diagonal square counts 2)."""
    board = board_from_rows(["......."] * 7)
    assert weapon_squares(board, (4, 7), "north", False, PISTOL) == [(4, 6), (4, 5), (4, 4), (4, 3), (5, 6), (6, 5)]
    assert weapon_squares(board, (4, 7), "north", True, PISTOL)[-2:] == [(3, 6), (2, 5)]
    unlimited = {**PISTOL, "range": None}
    assert len(weapon_squares(board, (4, 7), "north", False, unlimited)) == 6 + 3


def test_ranged_pattern_needs_line_of_sight():
    """A wall across the ray: the squares behind it are out of sight."""
    board = board_from_rows([".....", ".....", ".###.", ".....", "....."])
    squares = weapon_squares(board, (3, 5), "north", False, {**PISTOL, "pattern": [[0, 1]], "range": None})
    assert squares == [(3, 4)]


def test_spawned_and_placed_figures_get_new_ids_and_defeat_returns_the_token():
    battle = new_battle({"Guard": 2})
    a = add_character(battle, 0, (1, 1), "north")
    g1 = add_enemy(battle, "Guard", (2, 2))
    cardinal = add_named(battle, "Cardinal", (3, 3), 5)
    assert [a["id"], g1["id"], cardinal["id"]] == [1, 2, 3] and battle["supply"] == {"Guard": 1}
    remove_figure(battle, g1["id"])
    assert battle["supply"] == {"Guard": 2}
    g2 = add_enemy(battle, "Guard", (2, 2))
    assert g2["id"] == 4                                   # ids are never reused
    assert figure(battle, 4)[0] == "enemy" and figure_at(battle, (3, 3))[1] is cardinal
    with pytest.raises(ValueError, match="already holds"):
        add_enemy(battle, "Guard", (1, 1))
    add_enemy(battle, "Guard", (4, 4))
    with pytest.raises(ValueError, match="no 'Guard' token"):
        add_enemy(battle, "Guard", (5, 5))
    with pytest.raises(KeyError):
        figure(battle, 2)
