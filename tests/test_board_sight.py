"""Line of sight and Cover (cardforge_runtime.board.sight): the rulebook's examples as
boards built to match their text, and the faults seen in the field (issue 8)."""

from __future__ import annotations

import pytest
from _board_helpers import KEYWORDS, TILES, board_from_rows, keyword, placement, tile

from cardforge_runtime.board import cover, line_of_sight, sight_table, step_cost

# -- Gascony's Legacy, Line of Sight & Cover Examples ------------------------------------

PORTHOS = (5, 5)
ENEMIES = {1: (5, 7), 2: (8, 7), 3: (1, 5), 4: (5, 2), 5: (8, 4), 6: (1, 8)}
LOS_ROWS = [".........",
            ".........",
            "....C....",      # a Column before #4
            ".........",
            ".B.......",      # a Barrel (Cover) before #3
            ".........",
            ".........",
            ".........",
            "........."]
STATUES = [placement("Statue", (6, 4)), placement("Statue", (2, 7))]   # hide #5 and #6


def _los_example(rows=LOS_ROWS, terrain=STATUES):
    board = board_from_rows(rows, terrain)
    figures = {PORTHOS: "character", **{sq: "enemy" for sq in ENEMIES.values()}}
    return board, figures


@pytest.mark.parametrize("enemy, seen, covered", [
    (1, True, False),   # "#1 is within Line Of Sight, even though he is behind Porthos"
    (2, True, False),   # "neither has cover since all 4 corners can be seen"
    (3, True, True),    # "behind a Terrain Tile that grants Cover"
    (4, True, True),    # "two corners of its square are behind a Blocking Terrain Tile"
    (5, False, True),   # "not within Line of Sight at all"
    (6, False, True),
])
def test_line_of_sight_and_cover_example(enemy, seen, covered):
    board, figures = _los_example()
    target = ENEMIES[enemy]
    assert line_of_sight(board, PORTHOS, target, figures) is seen
    assert line_of_sight(board, target, PORTHOS, figures) is seen
    assert cover(board, PORTHOS, target, figures) is covered


def test_the_example_verdicts_come_from_the_tiles_named():
    bare = [row.replace("B", ".").replace("C", ".") for row in LOS_ROWS]
    board, figures = _los_example(bare, [])
    for enemy in ENEMIES.values():
        assert line_of_sight(board, PORTHOS, enemy, figures)
    assert not cover(board, PORTHOS, ENEMIES[3], figures)      # the Barrel gave #3 its Cover
    assert not cover(board, PORTHOS, ENEMIES[4], figures)      # the Column gave #4 its Cover


# -- Balconies and Railings: Balcony Line of Sight Example -------------------------------

BALCONY_ROWS = ["......",
                "......",
                "......",
                "......",
                "......",
                "......"]
MARKSMAN, GUARD, ATHOS = (3, 2), (3, 1), (4, 6)


def _balcony_board():
    """Two Balcony tiles side by side, railings on their south side (between rows 2 and 3)."""
    return board_from_rows(BALCONY_ROWS, [placement("Balcony", (1, 2)), placement("Balcony", (3, 2)),
                                          placement("Balcony", (5, 2))])


def test_balcony_example():
    board = _balcony_board()
    figures = {MARKSMAN: "enemy", GUARD: "enemy", ATHOS: "character"}
    # "Athos and the Marksman have Line of Sight to each other, because the Marksman's
    # square shares an edge with the Balcony railing."
    assert line_of_sight(board, ATHOS, MARKSMAN, figures)
    assert line_of_sight(board, MARKSMAN, ATHOS, figures)
    # "There is no Line of Sight between Athos and the Guard."
    assert not line_of_sight(board, ATHOS, GUARD, figures)
    assert not line_of_sight(board, GUARD, ATHOS, figures)
    # the Guard and the Marksman stand on the same side
    assert line_of_sight(board, GUARD, MARKSMAN, figures)


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_all_four_rotations_of_a_balcony(rotation):
    """A Balcony at (5, 5) rotated: the railing turns with it (south -> west -> north ->
    east). From 3 squares out on the low side, the high square in line is seen (it
    borders the railing), the square beyond the tile's other square is not; no step
    crosses the railing."""
    board = board_from_rows(["........."] * 9, [placement("Balcony", (5, 5), rotation)])
    t0, t1 = sorted(sq for sq in board.squares() if board.tiles_at(sq))
    side = {0: (0, 1), 90: (-1, 0), 180: (0, -1), 270: (1, 0)}[rotation]
    assert {t0, t1} == ({(5, 5), (6, 5)} if rotation in (0, 180) else {(5, 5), (5, 6)})
    low_near = (t0[0] + side[0], t0[1] + side[1])
    low_far = (t0[0] + 3 * side[0], t0[1] + 3 * side[1])
    beyond = (t1[0] - side[0], t1[1] - side[1])        # high side, not on the tile
    assert board.edge_keywords(t0, low_near) == ("Railing",)
    assert board.edge_keywords(t0, (t0[0] - side[0], t0[1] - side[1])) == ()
    assert step_cost(board, t0, low_near) is None and step_cost(board, low_near, t0) is None
    assert line_of_sight(board, low_far, t0) and line_of_sight(board, t0, low_far)
    assert not line_of_sight(board, low_far, beyond) and not line_of_sight(board, beyond, low_far)


# -- Faults seen in the field -----------------------------------------------------------

def test_cover_is_not_symmetric():
    """A Marksman at (1, 1), a Column at (2, 1), Athos at (3, 2): the Marksman sees all of
    Athos along the Column's edge; Athos cannot see the Marksman's top-right corner."""
    board = board_from_rows([".C..", "....", "...."])
    assert line_of_sight(board, (1, 1), (3, 2)) and line_of_sight(board, (3, 2), (1, 1))
    assert cover(board, (1, 1), (3, 2)) is False
    assert cover(board, (3, 2), (1, 1)) is True


@pytest.mark.parametrize("what", ["C", "figure"])
def test_touching_an_edge_never_crosses(what):
    """A Column or a figure lying along the line's edge gives no Cover and no block:
    Marksman (1, 1), target (4, 1), the blocker at (2, 2) just below the row."""
    rows = ["....", "." + ("C" if what == "C" else ".") + "..", "...."]
    board = board_from_rows(rows)
    figures = {(2, 2): "enemy"} if what == "figure" else {}
    assert line_of_sight(board, (1, 1), (4, 1), figures)
    assert cover(board, (1, 1), (4, 1), figures) is False
    assert cover(board, (4, 1), (1, 1), figures) is False
    # in the blocker's own row it stands in the way: Cover, still in sight
    assert cover(board, (1, 2), (4, 2), figures) is True and line_of_sight(board, (1, 2), (4, 2))


def test_a_line_between_two_blockers_sharing_an_edge_is_blocked():
    """Running along an edge is free beside one blocker only: along the middle of a
    Statue, or the seam of two Columns sharing an edge, the line is blocked
    (docs/rulings.md, Lines along edges). In both boards every other line from one
    square to the other enters a blocker, so the seam line decides."""
    statue = board_from_rows(["....", "....", "....", "...."], [placement("Statue", (2, 2))])
    assert not line_of_sight(statue, (1, 2), (4, 3))
    columns = board_from_rows(["...", ".C.", ".C.", "..."])
    assert not line_of_sight(columns, (1, 2), (3, 3))
    # with one Column the same line runs beside one blocker: clear
    one = board_from_rows(["...", ".C.", "...", "..."])
    assert line_of_sight(one, (1, 2), (3, 3))


PINCH = [".....",
         "..C..",
         ".C...",
         ".....",
         "....."]


def test_the_diagonal_pinch_lets_a_line_through_both_ways():
    """Columns at (3, 2) and (2, 3) touch only at the point (2, 2): a line through that
    point passes (docs/rulings.md, Pinch points), in both directions. From (1, 1) to
    (4, 4) every clear corner-to-corner line goes through the pinch point."""
    from cardforge_runtime.board.sight import _blocked, _data
    board = board_from_rows(PINCH)
    for a, b in (((1, 1), (4, 4)), ((4, 4), (1, 1))):
        assert line_of_sight(board, a, b)
        assert cover(board, a, b)          # the other corners are behind the Columns
        s = _data(board)
        blockers = s.block & ~((1 << board.index(a)) | (1 << board.index(b)))
        clear = [(p, q) for p in s.corners[board.index(a)] for q in s.corners[board.index(b)]
                 if not _blocked(s, p, q, blockers, a, b, frozenset())]
        assert clear and all((2, 2) in (p, q) or _through(p, q, (2, 2)) for p, q in clear), clear


def _through(p, q, point):
    (x0, y0), (x1, y1), (x, y) = p, q, point
    return (x1 - x0) * (y - y0) == (y1 - y0) * (x - x0) and min(x0, x1) <= x <= max(x0, x1) \
        and min(y0, y1) <= y <= max(y0, y1)


def test_walls_between_map_tiles_block_and_cover():
    board = board_from_rows([".....", "..#..", "..#..", "..#..", "....."])
    assert not line_of_sight(board, (1, 3), (5, 3))
    assert line_of_sight(board, (1, 2), (5, 2)) and cover(board, (1, 2), (5, 2))   # along the top of the wall
    assert not cover(board, (1, 2), (5, 1))


# -- railings: end points and junctions --------------------------------------------------

def test_a_line_passes_a_railings_free_end_but_not_its_interior_point():
    from cardforge_runtime.board.segments import crosses_edges
    straight = {("h", 1, 2), ("h", 2, 2)}           # y = 2 from x = 1 to x = 3
    # through the free end (1, 2) and the interior point (2, 2), diagonally
    assert not crosses_edges((0, 3), (2, 1), straight)
    assert crosses_edges((1, 3), (3, 1), straight)
    # along the railing, on either side, is not crossing it
    assert not crosses_edges((0, 2), (4, 2), straight)
    # a line from a square under the railing, along it, to a square above it: blocked
    # where it starts at an interior point of the railing, free where it starts at the
    # free end (it goes round the end)
    longer = straight | {("h", 0, 2)}
    assert crosses_edges((1, 2), (2, 2), longer, first=(2, 3), last=(3, 2))
    assert crosses_edges((2, 2), (1, 2), longer, first=(3, 2), last=(2, 3))
    assert not crosses_edges((1, 2), (2, 2), straight, first=(2, 3), last=(3, 2))


def test_an_l_junction_separates_only_its_inside():
    from cardforge_runtime.board.segments import crosses_edges
    ell = {("h", 1, 2), ("v", 2, 2)}               # arms west and south of the point (2, 2)
    # from the inside of the L (the south-west square) out to the north-east: blocked
    assert crosses_edges((1, 3), (3, 1), ell)
    # north-west to south-east passes outside the L: free
    assert not crosses_edges((1, 1), (3, 3), ell)


# -- Descent's fog and pit: sees / seen_from_adjacent, as data --------------------------

FOG = keyword(sight={"blocks": True, "sees": "adjacent", "seen_from_adjacent": True})
PIT = keyword(movement={"leave": 2}, sight={"sees": "area"})


def _props_board(rows, legend):
    keywords = {**KEYWORDS, "Fog": FOG, "Pit": PIT}
    tiles = {**TILES, "Fog": tile([1, 1], ["Fog"]), "Pit": tile([2, 1], ["Pit"])}
    return board_from_rows(rows, keywords=keywords, tiles=tiles, legend=legend)


def test_fog_sees_and_is_seen_from_adjacent_squares_only():
    board = _props_board(["..F...", "..F...", "..F..."], {"F": "Fog"})
    fog = (3, 2)
    assert line_of_sight(board, fog, (2, 1)) and line_of_sight(board, (4, 3), fog)
    assert not line_of_sight(board, fog, (5, 2)) and not line_of_sight(board, (5, 2), fog)
    # and a wall of fog blocks lines through it
    assert not line_of_sight(board, (1, 2), (6, 2))
    assert line_of_sight(board, (1, 2), (2, 3))


def test_a_pit_sees_its_own_squares_and_their_neighbours_only():
    from _board_helpers import rows_layout, pack_board
    from cardforge_runtime.board import build_board
    keywords = {**KEYWORDS, "Pit": PIT}
    tiles = {**TILES, "Pit": tile([2, 1], ["Pit"])}
    lay = rows_layout(["......", "......", "......"], [placement("Pit", (2, 2))])
    board = build_board(pack_board({"t": lay}, keywords, tiles), "t")
    assert line_of_sight(board, (2, 2), (4, 1)) and line_of_sight(board, (4, 1), (2, 2))   # next to (3, 2)
    assert not line_of_sight(board, (2, 2), (5, 2)) and not line_of_sight(board, (5, 2), (2, 2))


def test_a_keyword_defined_only_as_data_changes_sight():
    """A made-up "Quicksand" (enter 3, blocks sight) placed as a tile: no code knows it."""
    keywords = {**KEYWORDS, "Quicksand": keyword(movement={"enter": 3}, sight={"blocks": True})}
    tiles = {**TILES, "Quicksand": tile([1, 1], ["Quicksand"])}
    plain = board_from_rows([".....", ".....", "....."])
    sand = board_from_rows([".....", ".....", "....."], [placement("Quicksand", (2, 2)),
                                                         placement("Quicksand", (3, 2)),
                                                         placement("Quicksand", (4, 2))],
                           keywords=keywords, tiles=tiles)
    assert line_of_sight(plain, (3, 1), (3, 3))
    assert not line_of_sight(sand, (3, 1), (3, 3))


def test_sight_table_agrees_with_single_queries():
    board, figures = _los_example()
    table = sight_table(board, figures)
    assert len(table) == 81 * 81
    for (a, b), (seen, covered) in table.items():
        assert seen == line_of_sight(board, a, b, figures)
        assert covered == (seen and cover(board, a, b, figures))


def test_bad_squares_and_figures_are_refused():
    board = board_from_rows(["..", ".."])
    with pytest.raises(ValueError, match="outside"):
        line_of_sight(board, (1, 1), (3, 1))
    with pytest.raises(ValueError, match="unknown kind"):
        cover(board, (1, 1), (2, 2), {(1, 2): "ghost"})


def test_figures_give_cover_but_never_block():
    """Squares containing Characters and Enemies provide Cover to squares behind them;
    they do not block line of sight; a Fallen figure gives no Cover (docs/rulings.md)."""
    board = board_from_rows([".....", ".....", "....."])
    shooter, target = (1, 2), (5, 2)
    assert not cover(board, shooter, target)
    for kind in ("enemy", "character"):
        assert cover(board, shooter, target, {(3, 2): kind}) is True
        assert line_of_sight(board, shooter, target, {(3, 2): kind})
    assert cover(board, shooter, target, {(3, 2): "fallen"}) is False
    # a figure beside the line's edge, not behind it, gives none
    assert cover(board, (1, 1), (5, 1), {(3, 2): "enemy"}) is False


def test_the_elevated_tile_stood_on_gives_its_figure_no_cover():
    """Elevated: "do not receive Cover from the Elevated tile they stand on": a target on
    the east square of a Table (2x1, Cover + Elevated) has no Cover from the Table's west
    square; two separate Crates in the same places do give Cover."""
    table = board_from_rows(["....", "....", "...."], [placement("Table", (2, 2))])
    assert cover(table, (1, 2), (3, 2)) is False
    crates = board_from_rows(["....", ".KK.", "...."])
    assert cover(crates, (1, 2), (3, 2)) is True
    # the attacker's tile is not the target's: shooting the other way, the Table covers
    assert cover(table, (4, 2), (1, 2)) is True
    # a figure standing on the Table's other square still gives Cover
    assert cover(table, (1, 2), (3, 2), {(2, 2): "enemy"}) is True


def test_squares_entered_by_a_line_are_exact():
    """cells_crossed: a diagonal through lattice points enters only the cells it passes
    through the inside of, never those it touches at a corner; a line along a grid line
    enters none."""
    from cardforge_runtime.board.segments import cells_crossed
    assert cells_crossed(2, 2) == ((0, 0), (1, 1))
    assert cells_crossed(3, 1) == ((0, 0), (1, 0), (2, 0))
    assert cells_crossed(2, 3) == ((0, 0), (0, 1), (1, 1), (1, 2))
    assert cells_crossed(-2, 1) == ((-2, 0), (-1, 0))
    assert cells_crossed(4, 0) == () and cells_crossed(0, -3) == ()


def test_the_tile_an_attacker_stands_on_gives_its_target_no_cover():
    """docs/rulings.md, "The attacker's own tile": an attacker on the shipped 2x1 Crates
    at (2, 2)-(3, 2) shoots over what it stands on; the reverse shot still has Cover
    (the target is behind the Crates), and another tile in the line still covers."""
    board = board_from_rows(["......", "......", "......"], [placement("Crates", (2, 2))])
    assert cover(board, (2, 2), (5, 2)) is False and cover(board, (3, 2), (5, 2)) is False
    assert cover(board, (5, 2), (2, 2)) is False      # the target's own Elevated tile (cover_from_own_tile)
    assert cover(board, (6, 2), (1, 2)) is True       # off the Crates, they cover
    behind = board_from_rows(["......", "......", "......"], [placement("Crates", (2, 2)), placement("Barrel", (5, 2))])
    assert cover(behind, (2, 2), (6, 2)) is True      # a Barrel in the way is not the attacker's tile
    assert sight_table(board)[((2, 2), (5, 2))] == (True, False)
