"""Hypothesis properties of the board geometry: line of sight is symmetric; every verdict
(line of sight, Cover, step costs, reachable squares) survives the 8 rotations and
reflections of the board; taking a blocker away never takes sight away (nor adds
Cover); reachable squares grow with the budget; the all-pairs table agrees with the
single queries."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from _board_helpers import KEYWORDS, MAP_TILES, TILES, keyword, layout, map_placement, pack_board, placement, side, tile

from cardforge_runtime.board import build_board, cover, line_of_sight, reachable, sight_table, step_cost

DIRS = ("north", "east", "south", "west")
TERRAIN = {"C": "Column", "B": "Barrel", "Z": "Brazier", "K": "Crate", "F": "Fog"}
# Descent's fog as data: blocks lines through it; seen from, and seeing, adjacent squares only
PROP_KEYWORDS = {**KEYWORDS, "Fog": keyword(sight={"blocks": True, "sees": "adjacent", "seen_from_adjacent": True})}
PROP_TILES = {**TILES, "Fog": tile([1, 1], ["Fog"])}
MAPS = {**MAP_TILES, "Step": side([1, 1], ["Stairs"], "north")}


@st.composite
def specs(draw, max_size=6):
    w = draw(st.integers(2, max_size))
    h = draw(st.integers(2, max_size))
    squares = [(c, r) for r in range(1, h + 1) for c in range(1, w + 1)]
    cells = {sq: draw(st.sampled_from("......#CBZKSF")) for sq in squares}
    arrows = {sq: draw(st.sampled_from(DIRS)) for sq in squares if cells[sq] == "S"}
    rails = draw(st.lists(st.tuples(st.sampled_from(squares), st.sampled_from(DIRS)), max_size=4, unique=True))
    figures = draw(st.dictionaries(st.sampled_from(squares), st.sampled_from(["character", "enemy", "fallen"]),
                                   max_size=3))
    pieces = []
    for _ in range(draw(st.integers(0, 2))):
        name, rotation = draw(st.sampled_from(sorted(PIECES))), draw(st.sampled_from([0, 90, 180, 270]))
        pw, ph = TILES[name]["size"] if rotation in (0, 180) else TILES[name]["size"][::-1]
        if pw <= w and ph <= h:
            pieces.append((name, (draw(st.integers(1, w - pw + 1)), draw(st.integers(1, h - ph + 1))), rotation))
    return {"grid": (w, h), "cells": cells, "arrows": arrows, "rails": rails, "figures": figures, "pieces": pieces}


#: Multi-square tiles, each symmetric about its own vertical axis (so a mirror image is
#: the same tile turned the other way): a Balcony (railing along one long side), a
#: Statue, a Table, a Haystack.
PIECES = {"Balcony", "Statue", "Table", "Haystack"}


def footprint(name, at, rotation):
    w, h = TILES[name]["size"] if rotation in (0, 180) else TILES[name]["size"][::-1]
    return [(at[0] + i, at[1] + j) for i in range(w) for j in range(h)]


def build(spec):
    maps, terrain = [], []
    for sq, ch in spec["cells"].items():
        if ch == "S":
            maps.append(map_placement("Step", sq, DIRS.index(spec["arrows"][sq]) * 90))
        elif ch != "#":
            maps.append(map_placement("Square", sq))
        if ch in TERRAIN:
            terrain.append(placement(TERRAIN[ch], sq))
    for sq, d in spec["rails"]:
        terrain.append(placement("Rail", sq, DIRS.index(d) * 90))
    for name, at, rotation in spec["pieces"]:
        terrain.append(placement(name, at, rotation))
    return build_board(pack_board({"p": layout(spec["grid"], maps, terrain)}, PROP_KEYWORDS, PROP_TILES, MAPS), "p")


def transforms(w, h):
    """The 8 symmetries of a w x h grid: (square map, direction map, new grid)."""
    out = []
    for turns in range(4):
        for mirror in (False, True):
            def rotation(r, turns=turns, mirror=mirror):
                return ((-r if mirror else r) + 90 * turns) % 360

            def square(sq, turns=turns, mirror=mirror):
                c, r = sq
                gw, gh = w, h
                if mirror:
                    c = gw - c + 1
                for _ in range(turns):
                    c, r, gw, gh = gh - r + 1, c, gh, gw
                return (c, r)

            def direction(d, turns=turns, mirror=mirror):
                i = DIRS.index(d)
                if mirror and i % 2:
                    i = (i + 2) % 4
                return DIRS[(i + turns) % 4]
            out.append((square, direction, rotation, (h, w) if turns % 2 else (w, h)))
    return out


def transformed(spec, square, direction, rotation, grid):
    pieces = [(name, (min(square(sq)[0] for sq in footprint(name, at, r)), min(square(sq)[1] for sq in
                                                                            footprint(name, at, r))), rotation(r))
              for name, at, r in spec["pieces"]]
    return {"grid": grid, "pieces": pieces, "cells": {square(sq): ch for sq, ch in spec["cells"].items()},
            "arrows": {square(sq): direction(d) for sq, d in spec["arrows"].items()},
            "rails": [(square(sq), direction(d)) for sq, d in spec["rails"]],
            "figures": {square(sq): k for sq, k in spec["figures"].items()}}


@settings(max_examples=60, deadline=None)
@given(specs())
def test_line_of_sight_is_symmetric(spec):
    board = build(spec)
    for a in board.squares():
        for b in board.squares():
            assert line_of_sight(board, a, b, spec["figures"]) == line_of_sight(board, b, a, spec["figures"]), (a, b)


@settings(max_examples=30, deadline=None)
@given(specs(max_size=5))
def test_every_verdict_survives_the_8_symmetries_of_the_board(spec):
    board = build(spec)
    table = sight_table(board, spec["figures"])
    starts = list(board.squares())[:: max(1, len(table) // 400)]
    starts = [s for s in starts if board.on_map(s)]          # a query from a wall is refused
    reach = {(s, m): reachable(board, s, 4, m, spec["figures"]) for s in starts[:6] for m in ("character", "enemy")}
    for square, direction, rotation, grid in transforms(*spec["grid"]):
        other_spec = transformed(spec, square, direction, rotation, grid)
        other = build(other_spec)
        other_table = sight_table(other, other_spec["figures"])
        assert {(square(a), square(b)): v for (a, b), v in table.items()} == other_table
        for (s, mover), found in reach.items():
            assert {square(sq): c for sq, c in found.items()} == reachable(other, square(s), 4, mover,
                                                                          other_spec["figures"])
        for a in board.squares():
            for b in ((a[0] + 1, a[1] + 1), (a[0] + 1, a[1]), (a[0], a[1] + 1)):
                if board.on_map(a) and board.on_map(b):
                    assert step_cost(board, a, b) == step_cost(other, square(a), square(b))
                    assert step_cost(board, b, a) == step_cost(other, square(b), square(a))


@settings(max_examples=60, deadline=None)
@given(specs(), st.data())
def test_taking_a_blocker_away_never_takes_sight_away(spec, data):
    board = build(spec)
    blockers = [sq for sq, ch in spec["cells"].items() if ch in "#CBZKF"] + [("rail", n) for n in range(len(spec["rails"]))]
    if not blockers:
        return
    gone = data.draw(st.sampled_from(blockers))
    lighter = dict(spec, cells=dict(spec["cells"]), rails=list(spec["rails"]))
    if gone[0] == "rail":
        del lighter["rails"][gone[1]]
    else:
        lighter["cells"][gone] = "."
    opened = build(lighter)
    before, after = sight_table(board, spec["figures"]), sight_table(opened, spec["figures"])
    for pair, (seen, covered) in before.items():
        if seen:
            assert after[pair][0], pair
            assert covered or not after[pair][1], pair


@settings(max_examples=60, deadline=None)
@given(specs(), st.integers(0, 6), st.sampled_from(["character", "enemy"]))
def test_reachable_squares_grow_with_the_budget(spec, budget, mover):
    board = build(spec)
    for start in [sq for sq in board.squares() if board.on_map(sq)][:5]:
        small = reachable(board, start, budget, mover, spec["figures"])
        large = reachable(board, start, budget + 1, mover, spec["figures"])
        assert all(large[sq] == cost for sq, cost in small.items())
        assert all(cost == budget + 1 for sq, cost in large.items() if sq not in small)


@settings(max_examples=30, deadline=None)
@given(specs(max_size=5))
def test_the_all_pairs_table_agrees_with_single_queries(spec):
    board = build(spec)
    for (a, b), (seen, covered) in sight_table(board, spec["figures"]).items():
        assert seen == line_of_sight(board, a, b, spec["figures"])
        assert covered == (seen and cover(board, a, b, spec["figures"]))
