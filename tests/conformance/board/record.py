"""Write the board conformance cases of tests/conformance/board/ (docs/runtime.md,
Board geometry: conformance cases).

    python tests/conformance/board/record.py            # (re)write every NAME.json
    python tests/conformance/board/record.py --check    # exit 1 if a committed case differs

Each case is a board (a pack's bundle ``board`` object and a layout id) and queries.
A query whose answer the rulebook states carries it here (``expect``) and the
recorder refuses to write a case the Python runtime disagrees with; the other answers
are recorded from the runtime, so that a port reproduces them exactly.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))           # tests/, for _board_helpers

from _board_helpers import (KEYWORDS, TILES, keyword, layout, map_placement, pack_board,  # noqa: E402
                            placement, rows_layout, tile)

from cardforge_runtime.board import (build_board, cover, line_of_sight, path_cost, pattern_squares,  # noqa: E402
                                     reachable, sight_table, step_cost)

FORMAT = "cardforge-board-case"
VERSION = 1


def figures_of(query: dict) -> dict:
    return {tuple(f["at"]): f["kind"] for f in query.get("figures", [])}


def answer(board, query: dict):
    """The Python runtime's answer to one query (the JSON shapes of docs/runtime.md)."""
    kind, figures = query["query"], figures_of(query)
    if kind == "line_of_sight":
        return line_of_sight(board, tuple(query["from"]), tuple(query["to"]), figures)
    if kind == "cover":
        return cover(board, tuple(query["from"]), tuple(query["to"]), figures)
    if kind == "step_cost":
        return step_cost(board, tuple(query["from"]), tuple(query["to"]), query.get("mover", "character"), figures)
    if kind == "path_cost":
        return path_cost(board, [tuple(s) for s in query["path"]], query.get("mover", "character"), figures,
                         query.get("facing"), query.get("end_facing"))
    if kind == "reachable":
        found = reachable(board, tuple(query["start"]), query["budget"], query.get("mover", "character"), figures)
        return [[list(sq), cost] for sq, cost in sorted(found.items(), key=lambda item: (item[0][1], item[0][0]))]
    if kind == "pattern_squares":
        return [list(sq) for sq in pattern_squares(board, tuple(query["square"]), query["facing"], query["pattern"],
                                                   query.get("flipped", False), query.get("melee", False))]
    if kind == "sight_table":
        table = sight_table(board, figures)
        squares = list(board.squares())
        return ["".join("." if not table[(a, b)][0] else ("c" if table[(a, b)][1] else "o") for b in squares)
                for a in squares]
    raise ValueError(f"unknown query {kind!r}")


_RECORD = object()


def q(kind: str, expect=_RECORD, **fields) -> dict:
    """A query; ``expect`` given = the rulebook's answer, left out = recorded from the runtime."""
    query = {"query": kind, **{k.rstrip("_"): v for k, v in fields.items()}}
    if expect is not _RECORD:
        query["expect"] = expect
    return query


def figs(**kinds) -> list:
    return [{"at": list(at), "kind": kind} for kind, squares in kinds.items() for at in squares]


def case(name: str, rule: str, description: str, board: dict, queries: list, layout_id: str = "test") -> dict:
    return {"format": FORMAT, "version": VERSION, "name": name, "rule": rule, "description": description,
            "layout": layout_id, "board": board, "queries": queries}


def one(lay: dict, keywords=None, tiles=None) -> dict:
    return pack_board({"test": lay}, keywords, tiles)


def dense_layout(seed: int = 12) -> dict:
    """A 12 x 12 layout (four Large map tiles) with 20 terrain tiles, one of every kind
    then mostly blockers (Columns, Statues, Balconies: the costly pairs are those out
    of sight), placed at random without overlap (fixed seed): the benchmark's board too."""
    rng = random.Random(seed)
    names = ["Barrel", "Column", "Brazier", "Chest", "Crates", "Haystack", "Table", "Statue", "Balcony", "Wagon",
             "Chandelier"]
    placed, used = [], set()
    while len(placed) < 20:
        name = names[len(placed)] if len(placed) < len(names) else rng.choice(
            ["Column", "Column", "Statue", "Balcony", "Crates", "Brazier"])
        w, h = TILES[name]["size"]
        rotation = rng.choice([0, 90, 180, 270])
        if rotation in (90, 270):
            w, h = h, w
        c, r = rng.randint(1, 13 - w), rng.randint(1, 13 - h)
        squares = {(c + i, r + j) for i in range(w) for j in range(h)}
        if squares & used:
            continue
        used |= squares
        placed.append(placement(name, (c, r), rotation, facing="east" if TILES[name]["arrow"] else None))
    maps = [map_placement("Large A", at) for at in ((1, 1), (7, 1), (1, 7), (7, 7))]
    return layout((12, 12), maps, placed)


def cases() -> list[dict]:
    out = []
    porthos = (5, 5)
    enemies = [(5, 7), (8, 7), (1, 5), (5, 2), (8, 4), (1, 8)]
    los_rows = [".........", ".........", "....C....", ".........", ".B.......", ".........", ".........",
                ".........", "........."]
    fig = figs(character=[porthos], enemy=enemies)
    verdicts = [(True, False), (True, False), (True, True), (True, True), (False, True), (False, True)]
    out.append(case(
        "los-cover-example", "Gascony's Legacy, Attack: Line of Sight and Cover (Line of Sight & Cover Examples)",
        "Porthos at (5, 5) and Enemies #1-6: #1 (behind him) and #2 seen without Cover; #3 behind a Barrel "
        "(Cover); #4 two corners behind a Column (Cover); #5 and #6 behind Statues, not seen.",
        one(rows_layout(los_rows, [placement("Statue", (6, 4)), placement("Statue", (2, 7))])),
        [q("line_of_sight", seen, from_=list(porthos), to=list(e), figures=fig) for e, (seen, _) in zip(enemies, verdicts)]
        + [q("cover", covered, from_=list(porthos), to=list(e), figures=fig)
           for e, (seen, covered) in zip(enemies, verdicts) if seen]))
    balcony = one(rows_layout(["......"] * 6, [placement("Balcony", (1, 2)), placement("Balcony", (3, 2)),
                                               placement("Balcony", (5, 2))]))
    out.append(case(
        "balcony-example", "Gascony's Legacy, Balconies and Railings (Balcony Line of Sight Example)",
        "Railings along the south of row 2. Athos (4, 6) and the Marksman (3, 2), whose square shares an edge with "
        "the railing, see each other; Athos and the Guard (3, 1) do not.", balcony,
        [q("line_of_sight", True, from_=[4, 6], to=[3, 2]), q("line_of_sight", True, from_=[3, 2], to=[4, 6]),
         q("line_of_sight", False, from_=[4, 6], to=[3, 1]), q("line_of_sight", False, from_=[3, 1], to=[4, 6]),
         q("step_cost", None, from_=[3, 2], to=[3, 3]),
         q("pattern_squares", [[3, 1], [2, 2], [4, 2]], square=[3, 2], facing="south", melee=True,
           pattern=[[0, 1], [0, -1], [1, 0], [-1, 0], [1, 1], [-1, 1]])]))
    move_fig = figs(character=[(1, 3), (4, 3)], enemy=[(6, 2), (6, 4)])
    out.append(case(
        "movement-example", "Gascony's Legacy, Move (Movement Example); docs/rulings.md, The Movement example",
        "D'Artagnan (1, 3) spends 4 points to move 4 squares: squeezing between two 2x1 Crates (2, 2)-(3, 2) and "
        "(2, 4)-(3, 4), through Aramis (4, 3), to (5, 3) beside two guards.",
        one(rows_layout(["......"] * 5, [placement("Crates", (2, 2)), placement("Crates", (2, 4))])),
        [q("path_cost", 4, path=[[1, 3], [2, 3], [3, 3], [4, 3], [5, 3]], figures=move_fig),
         q("reachable", start=[1, 3], budget=4, figures=move_fig)]))
    stairs = one(rows_layout(["......", "..--..", "..--..", "......", "......"],
                             maps=[map_placement("Staircase", (3, 2))]))
    out.append(case(
        "staircase-example", "Gascony's Legacy, Staircase (Map Tile) (Staircase Example)",
        "Milady (3, 5) spends 6 points to climb the stairs (3, 2)-(4, 3), arrow south, Stair Railings west and "
        "east (docs/rulings.md, Staircase railings: they stop steps across them, both ways, and nothing else), "
        "between 2 guards.", stairs,
        [q("path_cost", 6, path=[[3, 5], [3, 4], [3, 3], [3, 2], [3, 1]], figures=figs(enemy=[(2, 3), (5, 3)])),
         q("path_cost", 4, path=[[3, 1], [3, 2], [3, 3], [3, 4], [3, 5]]),
         q("step_cost", 4, from_=[3, 3], to=[4, 2]), q("step_cost", 2, from_=[4, 2], to=[3, 3]),
         q("step_cost", 1, from_=[3, 2], to=[4, 2]), q("step_cost", None, from_=[2, 2], to=[3, 2]),
         q("step_cost", None, from_=[3, 2], to=[2, 2]),
         q("line_of_sight", True, from_=[2, 3], to=[5, 2]), q("cover", False, from_=[2, 3], to=[5, 3]),
         q("pattern_squares", [[3, 3]], square=[2, 3], facing="east", pattern=[[0, 1]], melee=True),
         q("reachable", start=[3, 5], budget=6, figures=figs(enemy=[(2, 3), (5, 3)]))]))
    table = one(rows_layout(["B.....", "......", "......", "..--..", "..--..", "......"],
                            [placement("Haystack", (4, 2))], maps=[map_placement("Staircase", (3, 4))]))
    steps = [((2, 1), (1, 1), 2), ((1, 1), (2, 1), 1), ((2, 2), (1, 1), 4), ((3, 3), (4, 2), 4), ((4, 2), (3, 3), 2),
             ((3, 6), (3, 5), 2), ((3, 4), (3, 5), 1), ((3, 5), (4, 4), 4), ((2, 4), (3, 4), None)]
    out.append(case(
        "step-costs", "Gascony's Legacy, Move; Terrain Tiles (Elevated, Difficult); Staircase (Map Tile)",
        "Onto a Barrel 2, off it 1, diagonally onto it 4; diagonally into a Haystack 4, out of it 2; a Staircase "
        "by direction; across its railing: refused (null). The start square is never charged.", table,
        [q("step_cost", cost, from_=list(a), to=list(b)) for a, b, cost in steps]
        + [q("path_cost", 0, path=[[1, 1]]), q("path_cost", 2, path=[[1, 1], [2, 1], [3, 1]])]))
    out.append(case(
        "pinch-point", "docs/rulings.md, Pinch points (Gascony's Legacy, Move: squeezing; Line of Sight and Cover)",
        "Columns at (3, 2) and (2, 3) touch at the point (2, 2): lines and diagonal steps pass through it.",
        one(rows_layout([".....", "..C..", ".C...", ".....", "....."])),
        [q("line_of_sight", True, from_=[1, 1], to=[4, 4]), q("line_of_sight", True, from_=[4, 4], to=[1, 1]),
         q("cover", True, from_=[1, 1], to=[4, 4]), q("cover", True, from_=[4, 4], to=[1, 1]),
         q("step_cost", 2, from_=[2, 2], to=[3, 3]), q("step_cost", 2, from_=[3, 3], to=[2, 2])]))
    out.append(case(
        "cover-asymmetric", "Gascony's Legacy, Attack: Line of Sight and Cover",
        "A Marksman (1, 1), a Column (2, 1), Athos (3, 2): Athos has no Cover, the Marksman has.",
        one(rows_layout([".C..", "....", "...."])),
        [q("cover", False, from_=[1, 1], to=[3, 2]), q("cover", True, from_=[3, 2], to=[1, 1])]))
    out.append(case(
        "attacker-own-tile", "docs/rulings.md, The attacker's own tile (Gascony's Legacy, Line of Sight and Cover; "
        "Elevated)",
        "Crates (2x1) at (2, 2)-(3, 2): an attacker on them shoots over them (no Cover to (5, 2)); off them, they "
        "cover; a Barrel at (5, 2) in the line still covers (6, 2).",
        one(rows_layout(["......", "......", "......"], [placement("Crates", (2, 2)), placement("Barrel", (5, 2))])),
        [q("cover", False, from_=[2, 2], to=[4, 2]), q("cover", False, from_=[3, 2], to=[4, 2]),
         q("cover", True, from_=[6, 2], to=[1, 2]), q("cover", True, from_=[2, 2], to=[6, 2]),
         q("sight_table")]))
    rails = one(rows_layout(["....", "....", "....", "...."], [placement("Balcony", (2, 2)), placement("Rail", (2, 4)),
                                                            placement("Rail", (2, 4), 90)]))
    around = [[dx, dy] for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
    out.append(case(
        "railings", "docs/rulings.md, Railing end points and junctions (Gascony's Legacy, Balconies and Railings)",
        "A Balcony (2, 2)-(3, 2), railing y = 2 from x = 1 to 3; an L of railings on the north and east sides of "
        "(2, 4). Diagonal steps pass a free end, not an interior point nor into the L; Melee stops at the railing.",
        rails,
        [q("step_cost", 2, from_=[1, 2], to=[2, 3]), q("step_cost", None, from_=[2, 2], to=[3, 3]),
         q("step_cost", None, from_=[2, 4], to=[3, 3]), q("step_cost", 2, from_=[2, 3], to=[3, 4]),
         q("pattern_squares", square=[2, 2], facing="north", pattern=around, melee=True),
         q("pattern_squares", square=[2, 2], facing="east", pattern=[[0, 1], [1, 1], [-1, 1]], flipped=True),
         q("reachable", start=[2, 2], budget=4)]))
    quick = {**KEYWORDS, "Quicksand": keyword(movement={"enter": 3}, sight={"blocks": True})}
    quick_tiles = {**TILES, "Quicksand": tile([1, 1], ["Quicksand"])}
    out.append(case(
        "data-only-keyword", "Issue 8: a keyword defined only as data changes movement and line of sight",
        "A made-up Quicksand (enter 3, blocks sight) in a row of three at (2..4, 2).",
        one(rows_layout([".....", ".....", "....."], [placement("Quicksand", (c, 2)) for c in (2, 3, 4)]),
            quick, quick_tiles),
        [q("step_cost", 3, from_=[1, 2], to=[2, 2]), q("line_of_sight", False, from_=[3, 1], to=[3, 3]),
         q("reachable", start=[1, 2], budget=4)]))
    props = {**KEYWORDS, "Fog": keyword(sight={"blocks": True, "sees": "adjacent", "seen_from_adjacent": True}),
             "Pit": keyword(movement={"leave": 2}, sight={"sees": "area"})}
    prop_tiles = {**TILES, "Fog": tile([1, 1], ["Fog"]), "Pit": tile([2, 1], ["Pit"])}
    out.append(case(
        "fog-and-pit", "Descent, Collected Obstacles and Props (Fog, Pit) as keyword data",
        "Fog in column 3 (rows 1-3): seen from and seeing adjacent squares only; a Pit (2, 5)-(3, 5) sees its "
        "squares and their neighbours; leaving it costs double.",
        one(rows_layout(["......", "......", "......", "......", "......"],
                        [placement("Fog", (3, r)) for r in (1, 2, 3)] + [placement("Pit", (2, 5))]),
            props, prop_tiles),
        [q("line_of_sight", True, from_=[3, 2], to=[2, 1]), q("line_of_sight", False, from_=[3, 2], to=[5, 2]),
         q("line_of_sight", False, from_=[1, 2], to=[6, 2]), q("line_of_sight", True, from_=[2, 5], to=[4, 4]),
         q("line_of_sight", False, from_=[2, 5], to=[6, 5]), q("step_cost", 2, from_=[2, 5], to=[1, 5]),
         q("step_cost", 4, from_=[2, 5], to=[1, 4])]))
    linked = {**KEYWORDS, "Pit": keyword(movement={"leave": 2, "scope": "area", "enter_wounds": 1},
                                         sight={"sees": "area"}),
              "Staircase": keyword(link={"move_cost": 1, "attack": True, "sight": True})}
    linked_tiles = {**TILES, "Pit": tile([2, 1], ["Pit"]), "Staircase": tile([1, 1], ["Staircase"])}
    out.append(case(
        "links-and-area", "Descent, Collected Obstacles and Props (Pit: movement.scope area; Staircases: link)",
        "A wall of Columns in column 5. Matching staircase spaces (1, 1) and (7, 3) share the link label 'down' "
        "(move_cost 1, attack, sight). A 2x1 Pit (2, 2)-(3, 2) whose leave multiplier 2 has scope area: a step "
        "within the pit costs 1, a step out of it 2.",
        one(rows_layout([".......", ".......", "......."],
                        [placement("Column", (5, r)) for r in (1, 2, 3)] + [placement("Pit", (2, 2))]
                        + [placement("Staircase", (1, 1), link="down"), placement("Staircase", (7, 3), link="down")]),
            linked, linked_tiles),
        [q("step_cost", 1, from_=[2, 2], to=[3, 2]), q("step_cost", 2, from_=[3, 2], to=[4, 2]),
         q("step_cost", 1, from_=[1, 2], to=[2, 2]), q("step_cost", 4, from_=[3, 2], to=[4, 3]),
         q("step_cost", 1, from_=[1, 1], to=[7, 3]), q("step_cost", 1, from_=[7, 3], to=[1, 1]),
         q("step_cost", None, from_=[2, 1], to=[7, 3]),
         q("line_of_sight", True, from_=[1, 1], to=[7, 3]), q("line_of_sight", True, from_=[1, 1], to=[6, 2]),
         q("line_of_sight", True, from_=[6, 2], to=[1, 1]), q("line_of_sight", True, from_=[2, 1], to=[7, 3]),
         q("line_of_sight", False, from_=[2, 1], to=[6, 2]), q("line_of_sight", False, from_=[3, 1], to=[7, 3]),
         q("cover", False, from_=[1, 1], to=[7, 3]),
         q("pattern_squares", [[2, 1], [7, 3]], square=[1, 1], facing="east", pattern=[[0, 1]]),
         q("pattern_squares", [[3, 1]], square=[1, 1], facing="east", pattern=[[0, 2]]),
         q("reachable", start=[1, 1], budget=3)]))
    out.append(case(
        "dense-12x12", "Gascony's Legacy, Attack: Line of Sight and Cover; Move",
        "Twelve by twelve squares, 20 terrain tiles of every kind (the benchmark's board). sight_table: one string "
        "per attacker square (row by row), one character per target square: '.' no line of sight, 'o' seen "
        "without Cover, 'c' seen with Cover.",
        one(dense_layout()),
        [q("sight_table", figures=figs(character=[(2, 2), (11, 11)], enemy=[(6, 6), (7, 3)], fallen=[(3, 9)])),
         q("reachable", start=[1, 1], budget=6), q("reachable", start=[6, 7], budget=6, mover="enemy")]))
    out.append(battle_round_example())
    return out


def battle_round_example() -> dict:
    """The Battle Round Example's board (tests/_example_board.py; docs/rulings.md, "The
    Battle Round Example's board"): the shipped pieces, the example's figures at each
    moment, and the rulebook's verdicts as ``expect``."""
    import _example_board as ex

    data = ex.pack()
    board = {**data["board"], "layouts": {ex.LAYOUT_ID: data["board"]["layouts"][ex.LAYOUT_ID]}}
    weapons = {c["name"]: c["pattern"] for d in data["decks"] if d["name"] == "Equipment" for c in d["cards"]}
    start = figs(character=[ex.ATHOS_START], enemy=[ex.TOP_GUARD, ex.BOTTOM_GUARD, ex.NEAR_GUARD, ex.OTHER_GUARD,
                                                    ex.CORNER_MARKSMAN, ex.RIGHT_MARKSMAN])
    athos_turn = figs(character=[ex.PORTHOS_AT], enemy=[ex.NEAR_GUARD, ex.OTHER_GUARD, ex.CORNER_MARKSMAN,
                                                        ex.RIGHT_MARKSMAN])
    enemy_turn = figs(character=[ex.PORTHOS_AT, ex.ATHOS_AT], enemy=[ex.NEAR_GUARD, ex.OTHER_GUARD,
                                                                     ex.CORNER_MARKSMAN, ex.RIGHT_MARKSMAN])
    guards = [ex.NEAR_GUARD, ex.OTHER_GUARD_PATH[-1]]
    attacks = figs(character=[ex.PORTHOS_AT, ex.ATHOS_AT], enemy=[*guards, ex.CORNER_MARKSMAN_TO, ex.RIGHT_MARKSMAN])
    no_guards = figs(character=[ex.PORTHOS_AT, ex.ATHOS_AT], enemy=[ex.CORNER_MARKSMAN_TO, ex.RIGHT_MARKSMAN])
    athos, facing = list(ex.ATHOS_AT), ex.ATHOS_FACING
    return case(
        "battle-round-example", "Gascony's Legacy, Battle Round Example; docs/rulings.md, The Battle Round "
        "Example's board",
        "A narrow Parisian street (shipped Medium, Hallway tiles and a Barrel). Porthos (1, 4) spends his 3 points "
        "to (2, 2) facing east: his Broadsword covers both Guards (3, 1) and (3, 3). Athos (1, 1) moves 6 squares "
        "to (7, 1) facing east: the Guard (8, 2) is in his Rapier only flipped. The other Guard (11, 1) moves 3 "
        "squares to (8, 1); the Marksman (13, 4) sees no one and 1 square north does; the one at (16, 1) sees "
        "Athos. Both Guards give Athos Cover against both Marksmen. (The kicked Barrel, removed in the game, "
        "is still on this board: none of the answers after Porthos's turn depends on it.)",
        board,
        [q("path_cost", 3, path=[list(s) for s in ex.PORTHOS_PATH], figures=start, facing=ex.PORTHOS_FACING,
           end_facing=ex.PORTHOS_FACING),
         q("reachable", start=list(ex.PORTHOS_START), budget=3, figures=start),
         q("pattern_squares", [[3, 1], [3, 2], [2, 3], [3, 3]], square=list(ex.PORTHOS_AT), facing="east",
           pattern=weapons["Broadsword"], melee=True),
         q("path_cost", 6, path=[list(s) for s in ex.ATHOS_PATH], figures=athos_turn, facing=facing,
           end_facing=facing),
         q("pattern_squares", [[8, 1]], square=athos, facing=facing, pattern=weapons["Rapier"], melee=True),
         q("pattern_squares", [[7, 2], [8, 2], [8, 1]], square=athos, facing=facing, pattern=weapons["Rapier"],
           flipped=True, melee=True),
         q("path_cost", 3, path=[list(s) for s in ex.OTHER_GUARD_PATH], mover="enemy", figures=enemy_turn),
         q("line_of_sight", True, from_=list(ex.RIGHT_MARKSMAN), to=athos, figures=enemy_turn),
         q("line_of_sight", False, from_=list(ex.CORNER_MARKSMAN), to=athos, figures=enemy_turn),
         q("line_of_sight", False, from_=list(ex.CORNER_MARKSMAN), to=list(ex.PORTHOS_AT), figures=enemy_turn),
         q("line_of_sight", True, from_=list(ex.CORNER_MARKSMAN_TO), to=athos, figures=enemy_turn),
         q("cover", True, from_=list(ex.CORNER_MARKSMAN_TO), to=athos, figures=attacks),
         q("cover", True, from_=list(ex.RIGHT_MARKSMAN), to=athos, figures=attacks),
         q("cover", False, from_=list(ex.CORNER_MARKSMAN_TO), to=athos, figures=no_guards),
         q("cover", False, from_=list(ex.RIGHT_MARKSMAN), to=athos, figures=no_guards)],
        layout_id=ex.LAYOUT_ID)


def record(check: bool) -> int:
    stale = 0
    for entry in cases():
        board = build_board(entry["board"], entry["layout"])
        for query in entry["queries"]:
            got = answer(board, query)
            if "expect" in query:
                if got != query["expect"]:
                    raise SystemExit(f"{entry['name']}: {query} -> the runtime answers {got!r}")
            else:
                query["expect"] = got
        path = HERE / f"{entry['name']}.json"
        text = json.dumps(entry, indent=1, ensure_ascii=False) + "\n"
        if check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                print(f"stale: {path.name}")
                stale += 1
        else:
            path.write_text(text, encoding="utf-8")
    return 1 if stale else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare with the committed cases")
    sys.exit(record(parser.parse_args().check))
