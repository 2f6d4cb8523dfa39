"""The public helpers of ``cardforge_runtime.board`` the compiler builds on (the
footprint rule, the table of allowed steps, reach with no budget, the deployment of
Battle Cards - Setup 4, Solo Play's count): each agrees with the rule it stands for,
and the picture and lint agree on the squares Characters reach."""

from __future__ import annotations

import shutil

import pytest
from _board_helpers import board_from_rows
from _helpers import ROOT
from hypothesis import given, settings
from hypothesis import strategies as st

from cardforge_compiler.emit import bundle_board
from cardforge_compiler.picture.scene import build_scene
from cardforge_compiler.pipeline import compile_paths
from cardforge_runtime.board import Deployed, deployment_for, footprint, reachable, step_cost, step_table
from cardforge_runtime.board.terrain import square_rules
from cardforge_runtime.setup import players_set_up


@pytest.mark.parametrize("rotation, offsets", [
    # a 2 x 3 tile (w = 2, h = 3); local squares row by row: (0,0) (1,0) (0,1) (1,1) (0,2) (1,2)
    (0, [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2)]),
    (90, [(2, 0), (2, 1), (1, 0), (1, 1), (0, 0), (0, 1)]),       # (h-1-j, i)
    (180, [(1, 2), (0, 2), (1, 1), (0, 1), (1, 0), (0, 0)]),      # (w-1-i, h-1-j)
    (270, [(0, 1), (0, 0), (1, 1), (1, 0), (2, 1), (2, 0)]),      # (j, w-1-i)
])
def test_footprint_maps_each_local_square_to_its_offset(rotation, offsets):
    """docs/format.md, Coordinates: the contract's table, square by square."""
    placed = list(footprint((2, 3), rotation))
    assert [(i, j) for i, j, _dx, _dy in placed] == [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2)]
    assert [(dx, dy) for _i, _j, dx, dy in placed] == offsets


FIGURES = {(3, 2): "enemy", (2, 3): "character", (4, 3): "fallen"}


@pytest.mark.parametrize("mover", ["character", "enemy"])
@pytest.mark.parametrize("figures", [None, FIGURES])
def test_step_table_holds_exactly_the_steps_step_cost_allows(mover, figures):
    """Crates, a Barrel (Elevated), a Column and a wall; with and without figures."""
    board = board_from_rows(["..K.#", ".B.C.", "K...."])
    table = step_table(board, mover, figures)
    assert len(table) == board.columns * board.rows
    for a in board.squares():
        if not board.on_map(a):                     # no move starts on a wall (step_cost refuses one)
            continue
        expected = {}
        for dc in (-1, 0, 1):
            for dr in (-1, 0, 1):
                b = (a[0] + dc, a[1] + dr)
                cost = step_cost(board, a, b, mover, figures) if board.in_grid(b) else None
                if cost is not None:
                    expected[b] = cost
        assert {b: cost for _j, b, cost in table[board.index(a)]} == expected
        assert all(j == board.index(b) for j, b, _cost in table[board.index(a)])
    assert step_table(board, mover) is step_table(board, mover)      # built once per board


def test_step_table_refuses_bad_movers_and_figures():
    board = board_from_rows(["..."])
    with pytest.raises(ValueError, match="unknown mover"):
        step_table(board, "horse")
    with pytest.raises(ValueError, match="unknown kind"):
        step_table(board, "character", {(1, 1): "ghost"})


# -- Battle Cards - Setup 4; Solo Play ------------------------------------------------------

LAYOUT = {"deployment": [
    {"enemy": "Cardinal's Guard", "squares": [{"at": [8, 3], "players": 3}, {"at": [9, 3], "players": 1},
                                              {"at": [9, 4], "players": 2}]},
    {"enemy": "Brigand", "squares": [{"at": [2, 2], "players": 4}, {"at": [3, 2], "players": 2}]},
]}


def test_deployment_for_places_every_square_numbered_up_to_the_characters_in_authored_order():
    """"Place Enemies in any square with a number equal to or less than the number of
    characters": equal counts, lower counts, higher ones do not."""
    def tokens(n):
        return [(d.enemy, d.square, d.area, d.index) for d in deployment_for(LAYOUT, n)]

    assert tokens(0) == []
    assert tokens(1) == [("Cardinal's Guard", (9, 3), 0, 1)]
    assert tokens(2) == [("Cardinal's Guard", (9, 3), 0, 1), ("Cardinal's Guard", (9, 4), 0, 2),
                         ("Brigand", (3, 2), 1, 1)]
    assert tokens(4) == [("Cardinal's Guard", (8, 3), 0, 0), ("Cardinal's Guard", (9, 3), 0, 1),
                         ("Cardinal's Guard", (9, 4), 0, 2), ("Brigand", (2, 2), 1, 0), ("Brigand", (3, 2), 1, 1)]
    assert deployment_for(LAYOUT, 2)[0] == Deployed("Cardinal's Guard", (9, 3), 0, 1)
    assert deployment_for({"deployment": []}, 4) == []


@pytest.mark.parametrize("characters", [-1, 1.5, True, "2", None])
def test_deployment_for_refuses_a_number_of_characters_that_is_not_a_whole_number(characters):
    with pytest.raises(ValueError, match="whole number"):
        deployment_for(LAYOUT, characters)


def test_solo_play_sets_the_game_up_for_solo_characters():
    """Solo Play: "Set up the game for 2 players and take control of both Characters"."""
    limits = {"min": 1, "max": 4, "solo_characters": 2}
    assert [players_set_up(limits, n) for n in (1, 2, 3, 4)] == [2, 2, 3, 4]
    assert players_set_up({**limits, "solo_characters": 3}, 1) == 3


# -- reachable with no budget ---------------------------------------------------------------

def test_no_budget_reaches_every_square_at_any_cost():
    """A corridor of Barrels (Elevated: 2 to enter) beyond any small budget, and a
    room closed off by Columns and walls that no budget reaches."""
    board = board_from_rows([".BBBBBB.#..",
                             "CCCCCCCC#..",
                             "........#.."])
    reach = reachable(board, (1, 1), None)
    assert reach[(8, 1)] == 6 * 2 + 1              # each step into a Barrel costs 2, the step down 1
    assert reach == reachable(board, (1, 1), 10_000)
    assert set(reach) == {(c, 1) for c in range(1, 9)}
    assert (10, 1) not in reach and (1, 3) not in reach
    assert reachable(board, (1, 1), None, "enemy") == {(1, 1): 0}      # Enemies never climb on Elevated
    turned = reachable(board, (1, 1), None, facing="north")
    assert turned[((8, 1), "south")] == reach[(8, 1)] + 2
    assert len(turned) == 4 * len(reach)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text("..BCZK#", min_size=5, max_size=5), min_size=1, max_size=4),
       st.sampled_from(["character", "enemy"]))
def test_no_budget_is_a_budget_no_move_could_exceed(rows, mover):
    """On random boards, no budget gives what a budget above every path's cost gives
    (the sum of every allowed step's cost bounds any cheapest path)."""
    rows[0] = "." + rows[0][1:]
    board = board_from_rows(rows)
    bound = sum(cost for steps in step_table(board, mover) for _j, _b, cost in steps)
    assert reachable(board, (1, 1), None, mover) == reachable(board, (1, 1), bound, mover)


@pytest.mark.parametrize("budget", [-1, 1.5, True, "3", float("nan")])
def test_a_budget_is_a_whole_number_or_none(budget):
    with pytest.raises(ValueError, match="whole number"):
        reachable(board_from_rows(["..."]), (1, 1), budget)


ROOMS = """
kind: battle-layout
id: rooms
title: Three rooms
grid: [13, 8]
map_tiles:
  - {side: Medium A, at: [1, 1]}
  - {side: Medium B, at: [5, 5]}
  - {side: Medium A, at: [10, 1]}
terrain_tiles:
  - {tile: Column, at: [12, 2]}
  - {tile: Balcony, at: [6, 6], rotation: 180}
start: [[1, 1], [2, 1], [1, 2], [3, 1]]
"""


def test_the_picture_and_lint_agree_on_the_squares_characters_reach(tmp_path):
    """The picture's unreachable squares (the runtime's ``reachable`` with no budget)
    are exactly the squares a Character could stand on that lint's movement graph
    (``LayoutIR.can_end_on``) says no Character ends a move on: a Staircase turned
    90 degrees, a Balcony's Railing, a room touching another at a corner only, one
    beyond a wall column."""
    pack_dir = tmp_path / "pack"
    shutil.copytree(ROOT / "tests" / "board_picture" / "pack", pack_dir)
    (pack_dir / "rooms.yaml").write_text(ROOMS, encoding="utf-8")
    pack = compile_paths([str(pack_dir)]).packs[0]
    board_data = bundle_board(pack)
    assert sorted(pack.board_layouts) == ["inn-stairs", "rooms"]
    for lid, layout in pack.board_layouts.items():
        board = layout.board
        rules = square_rules(board)
        standing = {sq for sq in board.squares() if rules[board.index(sq)].on_map
                    and rules[board.index(sq)].characters and rules[board.index(sq)].stop}
        unreachable = build_scene(board_data, lid, unreachable=True).unreachable
        assert unreachable == {sq for sq in standing if not layout.can_end_on(sq)}, lid
        if lid == "rooms":
            assert (11, 3) in unreachable and (6, 6) not in unreachable and len(unreachable) == 15
