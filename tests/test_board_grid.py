"""Building a Board from a bundle's board object (cardforge_runtime.board.grid):
footprints and rotations, keywords, arrows, edges, walls, and the errors."""

from __future__ import annotations

import pytest
from _board_helpers import TILES, layout, map_placement, pack_board, placement, tile

from cardforge_runtime import EngineError
from cardforge_runtime.board import build_board


def _board(map_tiles, terrain=(), grid=(6, 6), tiles=None):
    return build_board(pack_board({"x": layout(grid, list(map_tiles), list(terrain))}, tiles=tiles), "x")


# A 2x3 footprint is checked by the squares it covers for each rotation (keywords and
# edges apply to the whole footprint, so the covered set is what the mapping decides).
@pytest.mark.parametrize("rotation, squares", [
    (0, {(2, 2), (3, 2), (2, 3), (3, 3), (2, 4), (3, 4)}),
    (90, {(2, 2), (3, 2), (4, 2), (2, 3), (3, 3), (4, 3)}),
    (180, {(2, 2), (3, 2), (2, 3), (3, 3), (2, 4), (3, 4)}),
    (270, {(2, 2), (3, 2), (4, 2), (2, 3), (3, 3), (4, 3)}),
])
def test_footprints_rotate_and_at_is_the_top_left_of_the_rotated_footprint(rotation, squares):
    tiles = {**TILES, "Block": tile([2, 3], ["Cover"])}
    board = _board([map_placement("Large A", (1, 1))], [placement("Block", (2, 2), rotation)], tiles=tiles)
    assert {sq for sq in board.squares() if board.tiles_at(sq)} == squares


@pytest.mark.parametrize("rotation, high, low", [
    (0, [(2, 2), (3, 2)], [(2, 3), (3, 3)]),       # railing south of the tile
    (90, [(2, 2), (2, 3)], [(1, 2), (1, 3)]),      # west
    (180, [(2, 2), (3, 2)], [(2, 1), (3, 1)]),     # north
    (270, [(2, 2), (2, 3)], [(3, 2), (3, 3)]),     # east
])
def test_edges_rotate_with_their_tile(rotation, high, low):
    board = _board([map_placement("Large A", (1, 1))], [placement("Balcony", (2, 2), rotation)])
    marks = {edge: m for edge, m in board.edges().items()}
    assert len(marks) == 2
    for h, lo in zip(high, low):
        assert board.edge_keywords(h, lo) == ("Railing",) and board.edge_keywords(lo, h) == ("Railing",)
    assert {m.high for ms in marks.values() for m in ms} == set(high)
    assert all(board.high_ground(h) for h in high) and not any(board.high_ground(lo) for lo in low)


def test_arrows_turn_with_the_map_tile():
    """A Staircase side's arrow (south, before rotation) turns clockwise with it, on
    every square of the side and nowhere else."""
    for rotation, arrow in ((0, "south"), (90, "west"), (180, "north"), (270, "east")):
        board = _board([map_placement("Staircase", (2, 2), rotation)])
        assert {board.arrow(sq) for sq in [(2, 2), (3, 2), (2, 3), (3, 3)]} == {arrow}
        assert board.arrow((1, 1)) is None


def test_staircase_railings_turn_with_the_map_tile():
    board = _board([map_placement("Large A", (1, 1)), map_placement("Staircase", (2, 2), 90)])
    assert board.edge_keywords((2, 2), (2, 1)) == ("Stair Railing",)  # west, east -> north, south
    assert board.edge_keywords((2, 3), (2, 4)) == ("Stair Railing",)
    assert board.edge_keywords((2, 2), (1, 2)) == ()


def test_walls_are_the_squares_no_map_tile_covers():
    board = _board([map_placement("Hallway A", (1, 1)), map_placement("Hallway A", (4, 1))], grid=(6, 4))
    assert {sq for sq in board.squares() if not board.on_map(sq)} == {(c, r) for c in (3, 6) for r in range(1, 5)}
    assert board.on_map((2, 4)) and not board.on_map((7, 1))


def test_keywords_and_tiles_per_square():
    board = _board([map_placement("Large A", (1, 1))], [placement("Barrel", (2, 2)), placement("Wagon", (4, 4),
                                                                                              facing="east")])
    assert board.square_keywords((2, 2)) == ("Cover", "Elevated")
    assert board.tiles_at((2, 2)) == (0,) and board.tiles_at((5, 5)) == (1,)
    assert board.arrow((5, 5)) == "east" and board.arrow((2, 2)) is None
    assert board.map_tile_at((6, 6)) == 0


def test_a_board_is_immutable():
    board = _board([map_placement("Large A", (1, 1))])
    with pytest.raises(AttributeError):
        board.columns = 3


@pytest.mark.parametrize("change, path, words", [
    (lambda b: b["layouts"]["x"]["terrain_tiles"].append(placement("Anvil", (1, 1))),
     "board.layouts['x'].terrain_tiles[0].tile", "unknown terrain tile 'Anvil'"),
    (lambda b: b["layouts"]["x"]["map_tiles"].append(map_placement("Large Z", (1, 1))),
     "board.layouts['x'].map_tiles[1].side", "unknown map tile side 'Large Z'"),
    (lambda b: b["layouts"]["x"]["terrain_tiles"].append(placement("Crates", (6, 2))),
     "board.layouts['x'].terrain_tiles[0].at", "leaves the 6 x 6 grid"),
    (lambda b: b["layouts"]["x"]["map_tiles"].append(map_placement("Large A", (2, 1))),
     "board.layouts['x'].map_tiles[1].at", "leaves the 6 x 6 grid"),
    (lambda b: b["layouts"]["x"]["terrain_tiles"].append(placement("Barrel", (1, 1), 45)),
     "board.layouts['x'].terrain_tiles[0].rotation", "0, 90, 180 or 270"),
    (lambda b: b["terrain_tiles"]["Barrel"]["keywords"].append("Slippery"),
     "board.terrain_tiles['Barrel'].keywords[2]", "unknown keyword 'Slippery'"),
    (lambda b: b["terrain_tiles"]["Balcony"]["edges"][0].update(keyword="Cover"),
     "board.terrain_tiles['Balcony'].edges[0].keyword", "applies to square, not to a edge"),
    (lambda b: b["keywords"]["Cover"]["movement"].pop("stop"),
     "board.keywords['Cover'].movement", "missing `stop`"),
    (lambda b: b["layouts"]["x"].pop("grid"), "board.layouts['x']", "missing `grid`"),
])
def test_bad_boards_raise_engine_errors_with_a_json_path(change, path, words):
    board = pack_board({"x": layout((6, 6), [map_placement("Large A", (1, 1))])})
    board["layouts"]["x"]["terrain_tiles"] = []
    if "Balcony" in path or "Barrel" in path or "Cover" in path:
        board["layouts"]["x"]["terrain_tiles"] = [placement("Barrel", (1, 1)), placement("Balcony", (3, 3))]
        path = path.replace("terrain_tiles[0]", "terrain_tiles[2]")
    change(board)
    with pytest.raises(EngineError) as caught:
        build_board(board, "x")
    assert str(caught.value).startswith(path + ":"), str(caught.value)
    assert words in str(caught.value)


def test_an_unknown_layout():
    with pytest.raises(EngineError, match=r"board.layouts: no layout 'nowhere'"):
        build_board(pack_board({}), "nowhere")


def test_no_keyword_tile_or_enemy_name_in_the_board_code():
    """The engine reads keyword fields only: no string or name in the board package's
    code (docstrings and comments aside) names a keyword, tile or Enemy."""
    import ast

    from _helpers import ROOT
    # the names as content spells them (lower-case ``cover``/``blocks`` are keyword fields)
    names = {"Cover", "Elevated", "Difficult", "Impassable", "Blocking", "Stairs", "Railing", "Barrel", "Brazier",
             "Column", "Chest", "Crates", "Table", "Haystack", "Balcony", "Statue", "Chandelier", "Wagon",
             "Staircase", "Fog", "Pit", "Guard", "Marksman", "Quicksand", "Cardinal's"}
    found = []
    for path in sorted((ROOT / "runtime" / "cardforge_runtime" / "board").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body
                      and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                words = {w.strip(".,:;()\"`") for w in node.value.split()}
                found += [f"{path.name}:{node.lineno}: {node.value!r}" for w in words & names]
    assert found == []


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, prefix + (key,))
    elif isinstance(value, list):
        for n, item in enumerate(value):
            yield from _paths(item, prefix + (n,))


def _sample_board() -> dict:
    from _board_helpers import rows_layout
    lay = rows_layout(["....", "....", "...."], [placement("Balcony", (1, 2), 90), placement("Wagon", (3, 2), facing="east")],
                      maps=[])
    lay["map_tiles"].append(map_placement("Staircase", (3, 1)))
    return pack_board({"x": lay})


_SAMPLE_PATHS = [p for p in _paths(_sample_board()) if p and p[0] in ("keywords", "terrain_tiles", "map_tiles", "layouts")]


def test_a_damaged_board_object_raises_engine_error_never_a_crash():
    """Any single value of a board object replaced by junk: ``build_board`` either
    raises ``EngineError`` (never a TypeError, KeyError, IndexError...) or builds a
    board every query then answers."""
    from cardforge_runtime.board import pattern_squares, reachable, sight_table
    from hypothesis import given, settings
    from hypothesis import strategies as st

    junk = st.sampled_from([None, -1, 0, 7, 1.5, True, "x", "north", [], [1], [0, 0], [99, 1], {}, {"a": 1}])

    @settings(max_examples=400, deadline=None)
    @given(st.sampled_from(_SAMPLE_PATHS), junk)
    def check(path, value):
        board = _sample_board()
        target = board
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        try:
            built = build_board(board, "x")
        except EngineError:
            return
        sight_table(built, {(2, 2): "enemy"})
        if built.on_map((1, 1)):    # movement queries from a wall are refused (ValueError), by design
            for mover in ("character", "enemy"):
                reachable(built, (1, 1), 4, mover)
        pattern_squares(built, (1, 2), "east", [[0, 1], [1, 1]], melee=True)

    check()


def test_a_banner_shows_where_the_placement_asks_for_it():
    plain = _board([map_placement("Large A", (1, 1))], [placement("Balcony", (2, 2))])
    shown = _board([map_placement("Large A", (1, 1))], [placement("Balcony", (2, 2), banner=True)])
    assert [m.banner for ms in plain.edges().values() for m in ms] == [False, False]
    assert [m.banner for ms in shown.edges().values() for m in ms] == [True, True]
    assert {m.railing for ms in shown.edges().values() for m in ms} == {0}
    assert shown.railing_high_squares(0) == {(2, 2), (3, 2)}


# What a front end passes to the queries: squares as lists (JSON), junk by mistake. A
# list square was an unhashable TypeError in step_cost; (1.5, 2), ("1", 2), (1,), None
# were TypeErrors or IndexErrors; a NaN, 1.5 or True budget was taken (NaN answered
# {start: 0}); figures that are not a {square: kind} mapping were AttributeErrors.
_BAD_SQUARES = [(1.5, 2), ("1", 2), (1,), (1, 2, 3), None, (True, 2), "12", {1: 2}]


def _queries(board, square=(2, 2), other=(3, 3), budget=3, figures=None):
    from cardforge_runtime.board import (adjacent_squares, cover, line_of_sight, path_cost, pattern_squares,
                                         reachable, sight_table, step_cost)

    return {
        "line_of_sight": lambda: line_of_sight(board, square, other, figures),
        "cover": lambda: cover(board, other, square, figures),
        "step_cost": lambda: step_cost(board, other, square, figures=figures),
        "path_cost": lambda: path_cost(board, [other, square], figures=figures),
        "reachable": lambda: reachable(board, square, budget, figures=figures),
        "sight_table": lambda: sight_table(board, figures, [square, other]),
        "adjacent_squares": lambda: adjacent_squares(board, square),
        "pattern_squares": lambda: pattern_squares(board, square, "north", [[0, 1]]),
    }


@pytest.mark.parametrize("bad", _BAD_SQUARES, ids=repr)
def test_a_query_given_something_that_is_not_a_square_raises_value_error(bad):
    board = _board([map_placement("Large A", (1, 1))])
    for name, query in _queries(board, square=bad).items():
        with pytest.raises(ValueError, match=r"expected a square \(column, row\) of two whole numbers"):
            query()
            pytest.fail(f"{name} took {bad!r}")


@pytest.mark.parametrize("budget", [float("nan"), float("inf"), 1.5, True, "3"], ids=repr)  # None: no limit
def test_a_budget_that_is_not_a_whole_number_raises_value_error(budget):
    from cardforge_runtime.board import reachable

    board = _board([map_placement("Large A", (1, 1))])
    with pytest.raises(ValueError, match="a budget is a whole number >= 0"):
        reachable(board, (2, 2), budget)


@pytest.mark.parametrize("figures", [[(3, 3)], "enemy", {"x": "enemy"}, {(3,): "enemy"}, {(3, 3, 1): "enemy"}],
                         ids=repr)
def test_figures_that_are_not_squares_to_kinds_raise_value_error(figures):
    board = _board([map_placement("Large A", (1, 1))])
    for name, query in _queries(board, figures=figures).items():
        if name in ("adjacent_squares", "pattern_squares"):
            continue
        with pytest.raises(ValueError, match="figures"):
            query()
            pytest.fail(f"{name} took {figures!r}")


def test_squares_given_as_lists_answer_as_tuples():
    """A JSON front end passes [column, row] lists: the same answers as tuples."""
    board = _board([map_placement("Large A", (1, 1))])
    as_tuples = {name: query() for name, query in _queries(board, figures={(4, 4): "enemy"}).items()}
    as_lists = {name: query() for name, query in _queries(board, [2, 2], [3, 3], figures={(4, 4): "enemy"}).items()}
    assert as_lists == as_tuples
