"""Movement (cardforge_runtime.board.movement): step and path costs from the keyword
data, reachable squares, figures, edges and facing; the rulebook's Movement and
Staircase examples."""

from __future__ import annotations

import pytest
from _board_helpers import KEYWORDS, TILES, board_from_rows, keyword, map_placement, placement, tile

from cardforge_runtime.board import cover, line_of_sight, nearest, path_cost, pattern_squares, reachable, step_cost

# -- Gascony's Legacy, Move: Movement Example -------------------------------------------

DARTAGNAN, ARAMIS, GUARDS = (1, 3), (4, 3), ((6, 2), (6, 4))
#: docs/rulings.md, "The Movement example": two shipped 2x1 Crates, (2, 2)-(3, 2) and
#: (2, 4)-(3, 4), with the one-square gap of row 3 between them.
CRATES = [placement("Crates", (2, 2)), placement("Crates", (2, 4))]
MOVE_ROWS = ["......"] * 5


def test_movement_example():
    """D'Artagnan spends 4 movement points to move 4 squares, squeezing between two crates
    and through the square occupied by Aramis to reach two guards: 4 squares for 4
    points are 4 orthogonal steps, so the squeeze is the gap between two Crates."""
    board = board_from_rows(MOVE_ROWS, CRATES)
    assert board.square_keywords((2, 2)) == tuple(TILES["Crates"]["keywords"])
    assert {sq for sq in board.squares() if board.tiles_at(sq)} == {(2, 2), (3, 2), (2, 4), (3, 4)}
    figures = {DARTAGNAN: "character", ARAMIS: "character", GUARDS[0]: "enemy", GUARDS[1]: "enemy"}
    path = [DARTAGNAN, (2, 3), (3, 3), ARAMIS, (5, 3)]
    assert [step_cost(board, a, b, "character", figures) for a, b in zip(path, path[1:])] == [1, 1, 1, 1]
    assert path_cost(board, path, "character", figures) == 4
    reach = reachable(board, DARTAGNAN, 4, "character", figures)
    assert reach[(5, 3)] == 4                  # the squeeze is the cheapest way
    assert ARAMIS not in reach                 # passed through, not stopped on
    assert path_cost(board, path[:4], "character", figures) is None
    assert all(g not in reach for g in GUARDS)
    # over a crate costs more: diagonally onto it 4 (Elevated), off it 2: 1 + 4 + 2 + 1
    assert path_cost(board, [DARTAGNAN, (2, 3), (3, 2), ARAMIS, (5, 3)], "character", figures) == 8
    # an Enemy treats the Crates as obstacles but may take the gap too
    assert path_cost(board, path[:3], "enemy") == 2


def test_squeezing_between_two_squares_you_cannot_move_into():
    """Between two Columns, two walls, or an Enemy and a Column, both ways."""
    for rows, figures in (([".C", "C."], {}), ([".#", "#."], {}), ([".C", ".."], {(1, 2): "enemy"})):
        board = board_from_rows(rows)
        assert step_cost(board, (1, 1), (2, 2), "character", figures) == 2
        assert step_cost(board, (2, 2), (1, 1), "character", figures) == 2


def test_the_diagonal_pinch_squeeze_both_ways():
    board = board_from_rows([".....", "..C..", ".C...", "....."])
    assert reachable(board, (2, 2), 2)[(3, 3)] == 2
    assert reachable(board, (3, 3), 2)[(2, 2)] == 2


# -- Staircase (Map Tile): Staircase Example -------------------------------------------

STAIRS = [map_placement("Staircase", (3, 2))]     # (3, 2)-(4, 3), arrow south, railings west and east
STAIR_ROWS = ["......",
              "..--..",
              "..--..",
              "......",
              "......"]


def test_staircase_example():
    """Milady spends 6 movement points to climb the stairs between 2 guards."""
    board = board_from_rows(STAIR_ROWS, maps=STAIRS)
    milady, guards = (3, 5), {(2, 3): "enemy", (5, 3): "enemy"}
    path = [milady, (3, 4), (3, 3), (3, 2), (3, 1)]
    assert [step_cost(board, a, b, "character", guards) for a, b in zip(path, path[1:])] == [1, 2, 2, 1]
    assert path_cost(board, path, "character", guards) == 6
    assert reachable(board, milady, 6, "character", guards)[(3, 1)] == 6
    assert (3, 1) not in reachable(board, milady, 5, "character", guards)
    # down again costs 1 a step
    assert path_cost(board, list(reversed(path)), "character", guards) == 4


def test_staircase_railings_only_stop_steps():
    """Staircase (Map Tile): "Characters can only move into squares on Staircases from
    sides that do not have Railings" is all the rulebook says of its Railings
    (docs/rulings.md, "Staircase railings"): they stop steps across them, both ways, and
    block no line of sight, give no Cover, allow Melee across and make no High Ground."""
    board = board_from_rows(STAIR_ROWS, maps=STAIRS)
    guard, stair, beyond = (2, 3), (3, 3), (5, 2)
    assert step_cost(board, guard, stair) is None and step_cost(board, stair, guard) is None
    assert step_cost(board, (5, 2), (4, 2)) is None and step_cost(board, (4, 2), (5, 2)) is None
    assert line_of_sight(board, guard, beyond) and line_of_sight(board, guard, stair)
    assert not cover(board, guard, (5, 3)) and not cover(board, (5, 3), guard)
    assert pattern_squares(board, guard, "east", [[0, 1]], melee=True) == [stair]
    assert pattern_squares(board, stair, "west", [[0, 1]], melee=True) == [guard]
    assert not any(board.high_ground(sq) for sq in [(3, 2), (4, 2), (3, 3), (4, 3)])
    assert {board.keyword(k)["elevated"] is None for e in board.edges() for k in (m.keyword for m in
            board.edge_marks(e))} == {True}


# -- the step cost table -----------------------------------------------------------------

def _table_board():
    return board_from_rows(["B.....",
                            "......",
                            "......",
                            "..--..",
                            "..--..",
                            "......"],
                           [placement("Haystack", (4, 2))], maps=STAIRS_LOW)


STAIRS_LOW = [map_placement("Staircase", (3, 4))]     # (3, 4)-(4, 5), arrow south


@pytest.mark.parametrize("a, b, cost", [
    ((2, 1), (1, 1), 2),        # onto a Barrel (Elevated): 2
    ((1, 1), (2, 1), 1),        # off it: 1
    ((2, 2), (1, 1), 4),        # diagonally onto it: 4
    ((1, 1), (2, 2), 2),        # diagonally off it: 2
    ((3, 3), (4, 2), 4),        # diagonally into a Haystack (Difficult): 4
    ((4, 2), (3, 3), 2),        # out of it diagonally: 2
    ((4, 2), (4, 1), 1),        # out of it orthogonally: 1
    ((4, 2), (5, 2), 2),        # from one Haystack square into the other: 2
    ((3, 6), (3, 5), 2),        # up the Staircase (against its arrow): 2
    ((3, 5), (3, 4), 2),
    ((3, 4), (3, 5), 1),        # down (with the arrow): 1
    ((3, 4), (4, 4), 1),        # across the stairs: 1
    ((3, 5), (4, 4), 4),        # diagonally up: 4
    ((4, 4), (3, 5), 2),        # diagonally down: 2
    ((3, 3), (3, 4), 1),        # onto the top step from above (moving down): 1
    ((3, 4), (3, 3), 1),        # off the top: 1 (the landing is not Difficult)
    ((2, 4), (3, 4), None),     # across the Staircase's west railing
    ((5, 5), (4, 5), None),     # across its east railing
    ((2, 6), (3, 5), 4),        # diagonally up onto the bottom step from outside: not across a railing
])
def test_step_cost_table(a, b, cost):
    assert step_cost(_table_board(), a, b) == cost


def test_the_start_square_is_never_charged():
    board = _table_board()
    assert path_cost(board, [(1, 1)]) == 0
    assert path_cost(board, [(1, 1), (2, 1), (3, 1)]) == 2
    assert reachable(board, (1, 1), 0) == {(1, 1): 0}
    assert reachable(board, (1, 1), 1)[(2, 1)] == 1


def test_a_rotated_staircase_costs_by_its_turned_arrow():
    """Rotated 90 degrees the arrow points west: up is east."""
    board = board_from_rows(["......", "..--..", "..--..", "......"], maps=[map_placement("Staircase", (3, 2), 90)])
    assert board.arrow((3, 2)) == "west"
    assert step_cost(board, (2, 2), (3, 2)) == 2 and step_cost(board, (3, 2), (2, 2)) == 1
    assert step_cost(board, (4, 2), (3, 2)) == 1
    assert step_cost(board, (3, 1), (3, 2)) is None            # the railings are north and south now
    assert step_cost(board, (2, 3), (3, 3)) == 2


def test_against_arrow_reads_the_arrow_of_the_piece_carrying_the_keyword():
    """A Wagon (facing east) standing on a Staircase (arrow south): Stairs is
    Difficult going north (against the Staircase's arrow), not going west (against the
    Wagon's facing); the Wagon's facing stays its own arrow."""
    plain = {**TILES["Wagon"], "keywords": []}
    board = board_from_rows(STAIR_ROWS, [placement("Cart", (3, 2), facing="east")], maps=STAIRS,
                            tiles={**TILES, "Cart": plain})
    assert board.arrow((3, 3)) == "east"                 # the tile on top shows its facing
    assert board.keyword_arrow((3, 3), "Stairs") == "south"
    assert step_cost(board, (3, 4), (3, 3)) == 2         # up the stairs: against south
    assert step_cost(board, (4, 3), (3, 3)) == 1         # westwards across them: not Difficult
    assert step_cost(board, (3, 3), (4, 3)) == 1


def test_multipliers_take_the_largest_never_a_product():
    """A Barrel (Elevated, enter 2) on a Staircase square (Stairs, enter 2 against the
    arrow) costs 2 going up, not 4; a square left with leave 2 into enter 2: 2 too."""
    keywords = {**KEYWORDS, "Pit": keyword(movement={"leave": 2})}
    tiles = {**TILES, "Pit": tile([1, 1], ["Pit"])}
    board = board_from_rows(["......", "..--..", "..--..", "......", "......"], [placement("Barrel", (3, 3)),
                            placement("Pit", (2, 5)), placement("Barrel", (3, 5))], maps=STAIRS,
                            keywords=keywords, tiles=tiles)
    assert step_cost(board, (3, 4), (3, 3)) == 2
    assert step_cost(board, (2, 5), (3, 5)) == 2          # leave 2, enter 2
    assert step_cost(board, (2, 5), (1, 5)) == 2          # leave 2
    assert step_cost(board, (2, 5), (1, 4)) == 4          # leave 2, diagonally


# -- figures ------------------------------------------------------------------------------

def test_who_passes_whom():
    board = board_from_rows(["....."])
    line = [(1, 1), (2, 1), (3, 1)]
    # Characters pass through Characters, not Enemies; Enemies the other way round
    assert path_cost(board, line, "character", {(2, 1): "character"}) == 2
    assert path_cost(board, line, "character", {(2, 1): "enemy"}) is None
    assert path_cost(board, line, "enemy", {(2, 1): "enemy"}) == 2
    assert path_cost(board, line, "enemy", {(2, 1): "character"}) is None
    # a Fallen figure is passed by both, never stopped on
    for mover in ("character", "enemy"):
        assert path_cost(board, line, mover, {(2, 1): "fallen"}) == 2
        assert path_cost(board, line[:2], mover, {(2, 1): "fallen"}) is None
        assert (2, 1) not in reachable(board, (1, 1), 3, mover, {(2, 1): "fallen"})
        assert reachable(board, (1, 1), 3, mover, {(2, 1): "fallen"})[(3, 1)] == 2


def test_enemies_treat_elevated_terrain_as_an_obstacle():
    board = board_from_rows(["...", ".B.", "..."])
    assert step_cost(board, (1, 2), (2, 2), "enemy") is None
    assert step_cost(board, (1, 2), (2, 2), "character") == 2
    assert reachable(board, (1, 2), 4, "enemy")[(3, 2)] == 4      # round the Barrel
    assert reachable(board, (1, 2), 4, "character")[(3, 2)] == 3  # over it: 2 up, 1 down
    assert (2, 2) not in reachable(board, (1, 2), 6, "enemy")


def test_impassable_and_blocking_terrain_and_walls_cannot_be_entered():
    board = board_from_rows([".ZC#."])
    assert step_cost(board, (1, 1), (2, 1)) is None
    assert step_cost(board, (2, 1), (3, 1)) is None and step_cost(board, (3, 1), (4, 1)) is None
    assert set(reachable(board, (1, 1), 10)) == {(1, 1)}


def test_squares_where_no_move_may_end():
    keywords = {**KEYWORDS, "Ledge": keyword(movement={"stop": False})}
    tiles = {**TILES, "Ledge": tile([1, 1], ["Ledge"])}
    board = board_from_rows(["...."], [placement("Ledge", (2, 1))], keywords=keywords, tiles=tiles)
    reach = reachable(board, (1, 1), 3)
    assert (2, 1) not in reach and reach[(3, 1)] == 2
    assert path_cost(board, [(1, 1), (2, 1)]) is None and path_cost(board, [(1, 1), (2, 1), (3, 1)]) == 2


# -- edges ----------------------------------------------------------------------------

def test_railings_stop_steps_across_them_and_at_their_points():
    """A Balcony at (2, 2)-(3, 2), railing along its south side (y = 2, x 1..3)."""
    board = board_from_rows(["....", "....", "...."], [placement("Balcony", (2, 2))])
    assert step_cost(board, (2, 2), (2, 3)) is None and step_cost(board, (2, 3), (2, 2)) is None
    # diagonally past the free end (1, 2): allowed, both ways
    assert step_cost(board, (1, 2), (2, 3)) == 2 and step_cost(board, (2, 3), (1, 2)) == 2
    assert step_cost(board, (2, 2), (1, 3)) == 2 and step_cost(board, (1, 3), (2, 2)) == 2
    # diagonally through the railing's interior point (2, 2): refused
    assert step_cost(board, (2, 2), (3, 3)) is None and step_cost(board, (3, 3), (2, 2)) is None
    # around it: off the balcony past the end
    assert reachable(board, (2, 2), 3)[(2, 3)] == 3


def test_an_l_junction_of_railings():
    """Two railings meeting at the point (2, 2) in an L: the north and east sides of
    (2, 3) (two 1x1 Rail pieces, one turned 90 degrees)."""
    board = board_from_rows(["....", "....", "....", "...."],
                            [placement("Rail", (2, 3)), placement("Rail", (2, 3), 90)])
    # the L's arms: north side of (2, 3) (y=2, x 1..2) and its east side (x=2, y 2..3)
    inside, outside = (2, 3), (3, 2)
    assert step_cost(board, inside, outside) is None and step_cost(board, outside, inside) is None
    # the other diagonal through the elbow: (2, 2) and (3, 3) are both outside the L
    assert step_cost(board, (2, 2), (3, 3)) == 2 and step_cost(board, (3, 3), (2, 2)) == 2


# -- facing -----------------------------------------------------------------------------

def test_facing_turns_cost_one_per_90_degrees_when_asked():
    board = board_from_rows(["...."])
    reach = reachable(board, (1, 1), 2, facing="north")
    assert reach[((1, 1), "north")] == 0
    assert reach[((1, 1), "east")] == 1 and reach[((1, 1), "south")] == 2
    assert reach[((2, 1), "east")] == 2 and ((2, 1), "south") not in reach
    assert path_cost(board, [(1, 1), (2, 1)], facing="north", end_facing="west") == 2


def test_a_keyword_defined_only_as_data_changes_movement():
    keywords = {**KEYWORDS, "Quicksand": keyword(movement={"enter": 3}, sight={"blocks": True})}
    tiles = {**TILES, "Quicksand": tile([1, 1], ["Quicksand"])}
    board = board_from_rows(["...."], [placement("Quicksand", (2, 1))], keywords=keywords, tiles=tiles)
    assert step_cost(board, (1, 1), (2, 1)) == 3 and step_cost(board, (2, 1), (3, 1)) == 1
    assert reachable(board, (1, 1), 4)[(3, 1)] == 4
    assert (3, 1) not in reachable(board, (1, 1), 3)


def test_bad_calls_are_refused():
    board = board_from_rows([".."])
    with pytest.raises(ValueError, match="mover"):
        step_cost(board, (1, 1), (2, 1), "dragon")
    with pytest.raises(ValueError, match="budget"):
        reachable(board, (1, 1), -1)
    with pytest.raises(ValueError, match="start"):
        path_cost(board, [])
    assert step_cost(board, (1, 1), (1, 1)) is None and step_cost(board, (1, 1), (3, 1)) is None


# -- nearest (docs/rulings.md, "What nearest measures") ----------------------------------

def test_nearest_counts_movement_points_for_that_figure_and_returns_every_tie():
    """An Enemy at (1, 2) and a Character at (5, 2) behind a Barrel (3, 2): the squares
    adjacent to the Character cost the Enemy (who goes round the Elevated Barrel) 4 for
    (4, 1) and (4, 3) alike: a tie, both returned; (4, 2) costs it 5. A Character may
    climb over the Barrel (1 + 2 + 1): (4, 2) ties with the others at 4."""
    board = board_from_rows([".....", "..B..", "....."])
    hero = (5, 2)
    around = [(4, 1), (4, 2), (4, 3), (5, 1), (5, 3)]
    assert nearest(board, (1, 2), around, "enemy", {hero: "character"}) == (4, ((4, 1), (4, 3)))
    assert nearest(board, (1, 2), [(4, 2)], "enemy", {hero: "character"}) == (5, ((4, 2),))
    assert nearest(board, (1, 2), around, "character", {hero: "character"}) == (4, ((4, 1), (4, 2), (4, 3)))
    # a figure to reach, not a square to stop on: the Character's own square counts
    assert nearest(board, (1, 2), [hero], "enemy", {hero: "character"}, end=False) == (6, (hero,))
    assert nearest(board, (1, 2), [hero], "enemy", {hero: "character"}) == (None, ())
    assert nearest(board, (2, 2), [(2, 2), (3, 3)]) == (0, ((2, 2),))
    walled = board_from_rows([".#."])
    assert nearest(walled, (1, 1), [(3, 1)]) == (None, ())


def test_queries_from_a_wall_are_refused_naming_the_square():
    board = board_from_rows([".#."])
    for call in (lambda: reachable(board, (2, 1), 3), lambda: nearest(board, (2, 1), [(1, 1)]),
                 lambda: step_cost(board, (2, 1), (3, 1)), lambda: path_cost(board, [(2, 1), (3, 1)])):
        with pytest.raises(ValueError, match=r"\(2, 1\).*wall"):
            call()
