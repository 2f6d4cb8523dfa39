"""The Descent props the keyword model says as data (Descent: The Road to Legend,
"Collected Obstacles and Props"): a pit's leave cost only when leaving the pit
(``movement.scope: area``), and matching staircase spaces (a keyword's ``link`` and a
layout's ``link`` label) in movement, line of sight, Cover and attack-pattern reach;
and the data carried for the Battle engine (``enter_wounds``, ``while_on.abilities``,
``elevated.attacking_down`` / ``attacking_up``, an action's ``from: on`` and
``movement_cost``, a story step among its effects)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from _board_helpers import KEYWORDS, TILES, keyword, pack_board, placement, rows_layout, tile

from cardforge_runtime.board import (build_board, cover, line_of_sight, pattern_squares, reachable, sight_table,
                                     step_cost)
from cardforge_runtime.errors import EngineError

ROOT = Path(__file__).resolve().parents[1]


def _board(link: dict | None = None, scope: str = "area", rows: int = 3, extra: list | None = None):
    keywords = {**KEYWORDS, "Pit": keyword(movement={"leave": 2, "scope": scope}),
                "Staircase": keyword(link={"move_cost": 1, "attack": True, "sight": True, **(link or {})})}
    tiles = {**TILES, "Pit": tile([2, 2], ["Pit"]), "Staircase": tile([1, 1], ["Staircase"])}
    terrain = [placement("Column", (5, r)) for r in range(1, rows + 1)] + [placement("Pit", (2, 2))]
    terrain += [placement("Staircase", (1, 1), link="down"), placement("Staircase", (7, rows), link="down")]
    terrain += extra or []
    return build_board(pack_board({"t": rows_layout(["......."] * rows, terrain)}, keywords, tiles), "t")


@pytest.mark.parametrize(("a", "b", "cost"), [
    ((2, 2), (3, 2), 1), ((2, 2), (3, 3), 2),      # within the pit: not leaving it
    ((3, 2), (4, 2), 2), ((3, 3), (4, 2), 4),      # out of it: double
    ((1, 2), (2, 2), 1),                            # into it: enter 1
])
def test_a_pit_costs_double_only_to_leave_the_pit(a, b, cost) -> None:
    # planted fault (movement._terrain_step ignores the area check `if name not in entered`): (2,2)->(3,2) costs 2
    assert step_cost(_board(), a, b) == cost


def test_square_scope_charges_every_step_out_of_a_pit_square() -> None:
    assert step_cost(_board(scope="square"), (2, 2), (3, 2)) == 2


def test_matching_staircase_spaces_are_one_step_apart() -> None:
    board = _board()
    # planted fault (the link lookup in movement._terrain_step returns None): None here
    assert step_cost(board, (1, 1), (7, 3)) == 1 == step_cost(board, (7, 3), (1, 1))
    assert step_cost(board, (2, 1), (7, 3)) is None          # only from the staircase space itself
    assert reachable(board, (1, 1), 1)[(7, 3)] == 1
    assert step_cost(_board({"move_cost": None}), (1, 1), (7, 3)) is None
    assert step_cost(_board({"move_cost": 3}), (1, 1), (7, 3)) == 3
    assert step_cost(board, (1, 1), (7, 3), figures={(7, 3): "enemy"}) is None


def test_a_staircase_gives_sight_to_the_other_side_and_around_it() -> None:
    board = _board()                    # a wall of Columns in column 5 blocks every straight line
    # planted fault (_Sight.linked left empty): every True below is False
    assert line_of_sight(board, (1, 1), (7, 3))             # on it: the other side
    assert line_of_sight(board, (1, 1), (6, 2))             # on it: squares adjacent to the other side
    assert line_of_sight(board, (2, 2), (7, 3))             # adjacent to it: the other side
    assert not line_of_sight(board, (2, 2), (6, 2))         # adjacent to it: not around the other side
    assert not line_of_sight(board, (3, 1), (7, 3))         # not adjacent
    assert not cover(board, (1, 1), (7, 3))                 # as though adjacent: no Cover
    table = sight_table(board)
    assert all(table[(a, b)][0] == table[(b, a)][0] for a, b in table)     # symmetric
    assert table[((6, 2), (1, 1))] == (True, False)
    assert not line_of_sight(_board({"sight": False}), (1, 1), (7, 3))


def test_attacks_reach_across_a_staircase_as_though_adjacent() -> None:
    board = _board()
    # planted fault (the link lines at the end of geometry.pattern_squares removed): [(2, 1)]
    assert pattern_squares(board, (1, 1), "east", [[0, 1]]) == [(2, 1), (7, 3)]
    assert pattern_squares(board, (1, 1), "east", [[0, 2]]) == [(3, 1)]          # no adjacent square: no reach
    assert pattern_squares(_board({"attack": False}), (1, 1), "east", [[0, 1]]) == [(2, 1)]


def test_a_link_joins_exactly_two_placements_sharing_a_linking_keyword() -> None:
    keywords = {**KEYWORDS, "Staircase": keyword(link={"move_cost": 1})}
    tiles = {**TILES, "Staircase": tile([1, 1], ["Staircase"])}
    three = [placement("Staircase", (c, 1), link="x") for c in (1, 3, 5)]
    with pytest.raises(EngineError, match="link 'x' joins 3 terrain tiles"):
        build_board(pack_board({"t": rows_layout(["......"], three)}, keywords, tiles), "t")
    barrels = [placement("Barrel", (c, 1), link="x") for c in (1, 3)]
    with pytest.raises(EngineError, match="share no keyword with a `link`"):
        build_board(pack_board({"t": rows_layout(["......"], barrels)}, keywords, tiles), "t")


def test_the_descent_props_bundle_carries_the_play_time_data() -> None:
    from cardforge_compiler import __version__
    from cardforge_compiler.emit import build_bundle
    from cardforge_compiler.pipeline import compile_paths
    from cardforge_runtime.bundle import load_bundle

    result = compile_paths([str(ROOT / "content")])
    assert result.errors == []
    bundle = build_bundle(result.packs, __version__)
    load_bundle(bundle)
    board = next(p["board"] for p in bundle["packs"] if "Pit" in p["board"]["keywords"])
    keywords, tiles = board["keywords"], board["terrain_tiles"]
    assert keywords["Pit"]["movement"]["scope"] == "area" and keywords["Pit"]["movement"]["enter_wounds"] == 1
    assert keywords["Lava"]["movement"]["enter_wounds"] == 2
    assert keywords["Staircase"]["link"] == {"move_cost": 1, "attack": True, "sight": True}
    assert keywords["Throne"]["elevated"]["attacking_down"] == {"range": 1, "damage": 1}
    assert keywords["Throne"]["elevated"]["attacking_up"] == {"range": -1, "damage": -1}
    assert tiles["Tree"]["while_on"]["abilities"] == ["Shadowcloak"]
    altar = tiles["Altar"]["actions"][0]
    assert (altar["from"], altar["movement_cost"]) == ("on", 2)
    assert altar["success"] == [{"kind": "lose", "coins": 250, "who": "each"}]
    layout = board["layouts"]["sunken-shrine"]
    assert [t["link"] for t in layout["terrain_tiles"] if t["link"]] == ["crypt-stair", "crypt-stair"]
    shrine = build_board(board, "sunken-shrine")
    assert step_cost(shrine, (1, 6), (12, 6)) == 1


@settings(max_examples=60, deadline=None)
@given(ends=st.lists(st.tuples(st.integers(1, 6), st.integers(1, 4)), min_size=2, max_size=2, unique=True),
       columns=st.lists(st.tuples(st.integers(1, 6), st.integers(1, 4)), max_size=6, unique=True),
       budget=st.integers(0, 5))
def test_links_keep_sight_symmetric_and_reach_growing(ends, columns, budget) -> None:
    """Whatever the board, a link keeps line of sight symmetric, and the squares
    reachable with a budget stay reachable with one more point."""
    keywords = {**KEYWORDS, "Staircase": keyword(link={"move_cost": 1, "attack": True, "sight": True})}
    tiles = {**TILES, "Staircase": tile([1, 1], ["Staircase"])}
    terrain = [placement("Staircase", end, link="l") for end in ends]
    terrain += [placement("Column", sq) for sq in columns if sq not in ends]
    board = build_board(pack_board({"t": rows_layout(["......"] * 4, terrain)}, keywords, tiles), "t")
    table = sight_table(board)
    assert all(table[(a, b)][0] == table[(b, a)][0] for a, b in table)
    assert line_of_sight(board, ends[0], ends[1])
    smaller, larger = reachable(board, ends[0], budget), reachable(board, ends[0], budget + 1)
    assert all(sq in larger and larger[sq] <= cost for sq, cost in smaller.items())
    if budget >= 1:
        assert smaller[ends[1]] == 1


@pytest.mark.parametrize(("link", "message"), [
    ({"move_cost": 0, "attack": True, "sight": True}, r"\.link\.move_cost: expected a whole number >= 1 or null"),
    ({"move_cost": 1, "attack": True}, r"\.link: missing `sight`"),
    ("yes", r"\.link: expected an object or null"),
])
def test_a_damaged_link_is_an_engine_error_naming_the_field(link, message) -> None:
    keywords = {**KEYWORDS, "Staircase": {**keyword(), "link": link}}
    tiles = {**TILES, "Staircase": tile([1, 1], ["Staircase"])}
    ends = [placement("Staircase", (c, 1), link="x") for c in (1, 3)]
    with pytest.raises(EngineError, match=r"board\.keywords\['Staircase'\]" + message):
        build_board(pack_board({"t": rows_layout(["......"], ends)}, keywords, tiles), "t")
