"""The layout checks CF702-CF717 (checks/inventory, placement, deployment,
reachability, board) on small packs built for one rule each: every test plants a
fault and shows the check failing on it beside the same pack without the fault.
The goldens (tests/golden/<code name>/) pin the exact messages."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardforge_compiler.checks.board import party_sizes
from cardforge_compiler.pipeline import compile_paths
from cardforge_runtime.board import step_cost
from _helpers import GOLDEN_MANIFEST

BOX = """\
kind: components
map_tiles:
  - piece: Medium
    count: 2
    sides:
      - {side: Medium A, size: [4, 4]}
      - {side: Medium B, size: [4, 4]}
  - piece: Stairs
    count: 1
    sides:
      - {side: Staircase, size: [2, 2], keywords: [Stairs], arrow: south,
         edges: [{keyword: Railing, side: west}, {keyword: Railing, side: east}]}
      - {side: Stairs B, size: [2, 2]}
terrain_tiles:
  - {piece: Column, count: 4, faces: [Column]}
  - {piece: Statue / Chandelier, count: 1, faces: [Statue, Chandelier]}
  - {piece: Wagon / Chandelier, count: 1, faces: [Wagon, Chandelier]}
  - {piece: Balcony, count: 2, faces: [Balcony]}
search_tokens: [A, B, C]
enemy_tokens:
  - {enemy: Guard, count: 3}
standees: {enemies: 1}
---
kind: terrain-keyword
name: Blocking
movement: {characters: false, enemies: false}
sight: {blocks: true, cover: true}
---
kind: terrain-keyword
name: Stairs
movement: {enter: 2, when: against-arrow}
---
kind: terrain-keyword
name: Railing
applies_to: edge
movement: {cross: false}
---
kind: terrain-tile
name: Column
size: [1, 1]
keywords: [Blocking]
---
kind: terrain-tile
name: Statue
size: [2, 2]
keywords: [Blocking]
---
kind: terrain-tile
name: Chandelier
size: [2, 2]
---
kind: terrain-tile
name: Wagon
size: [2, 2]
arrow: true
---
kind: terrain-tile
name: Balcony
size: [2, 1]
edges:
  - {keyword: Railing, side: south}
"""
STORY = """\
kind: story
id: act-1
title: Act I
start: 1
cards:
  - id: 1
    title: The Yard
    steps:
      - battle:
          layout: yard
          objectives:
            - {objective: OBJECTIVE, victory: Won.}
"""


def layout(*, grid="[4, 4]", tiles="", terrain="", extra="",
           start="[[1, 1], [1, 2], [2, 1], [2, 2]]") -> str:
    return (f"kind: battle-layout\nid: yard\ntitle: The Yard\ngrid: {grid}\nmap_tiles:\n"
            + (tiles or "  - {side: Medium A, at: [1, 1]}\n")
            + (f"terrain_tiles:\n{terrain}" if terrain else "") + extra + f"start: {start}\n")


def codes(tmp_path: Path, layout_text: str, objective: str = "Defeat all Enemies",
          manifest: str | None = None) -> list[tuple[str, str]]:
    """Lint the box, ``layout_text`` and a Battle with ``objective``; ``(code, message)`` each."""
    (tmp_path / "pack.yaml").write_text(manifest or GOLDEN_MANIFEST.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "box.yaml").write_text(BOX, encoding="utf-8")
    (tmp_path / "layout.yaml").write_text(layout_text, encoding="utf-8")
    (tmp_path / "story.yaml").write_text(STORY.replace("OBJECTIVE", objective), encoding="utf-8")
    return [(d.code, d.message) for d in compile_paths([str(tmp_path)]).diagnostics]


# A Medium tile, a Staircase, a Medium tile in a row: the stairs are the only way
# across. Columns on the squares diagonal to the stairs' corners leave no way onto them
# but through their sides.
STAIRS_ACROSS = ("  - {side: Medium A, at: [1, 1]}\n  - {side: Staircase, at: [5, 2], rotation: 90}\n"
                 "  - {side: Medium B, at: [7, 1]}\n")
CORNERS = "".join(f"  - {{tile: Column, at: [{c}, {r}]}}\n" for c, r in ((4, 1), (4, 4), (7, 1), (7, 4)))
EXIT_EAST = "exits:\n  - squares: [[10, 4]]\n"


def test_a_staircase_is_entered_from_its_open_sides_only(tmp_path: Path) -> None:
    # turned 90 degrees, the railings (west, east) lie north and south: its ends open to the map tiles
    open_ = layout(grid="[10, 4]", tiles=STAIRS_ACROSS, terrain=CORNERS, extra=EXIT_EAST)
    assert codes(tmp_path, open_, "Reach Exit") == []
    # unturned, the railings face both map tiles: no way onto the stairs (planted fault)
    railed = layout(grid="[10, 4]", tiles=STAIRS_ACROSS.replace("rotation: 90", "rotation: 0"), terrain=CORNERS,
                    extra=EXIT_EAST)
    found = codes(tmp_path, railed, "Reach Exit")
    assert [c for c, _ in found] == ["CF714", "CF715"], found
    assert found[0][1] == "Characters cannot reach Exit square (10, 4) of layout 'yard' from the Start area"


def test_a_diagonal_step_squeezes_between_two_blocking_tiles(tmp_path: Path) -> None:
    # Columns at (2, 1) and (1, 2) wall off the Exit (1, 1) but for the diagonal (2, 2) -> (1, 1)
    columns = "  - {tile: Column, at: [2, 1]}\n  - {tile: Column, at: [1, 2]}\n"
    exit_ = "exits:\n  - squares: [[1, 1]]\n"
    start = "[[3, 1], [4, 1], [3, 2], [4, 2]]"
    assert codes(tmp_path, layout(terrain=columns, extra=exit_, start=start), "Reach Exit") == []
    plugged = columns + "  - {tile: Column, at: [2, 2]}\n"
    found = codes(tmp_path, layout(terrain=plugged, extra=exit_, start=start), "Reach Exit")
    assert [c for c, _ in found] == ["CF714", "CF715"], found


def test_a_search_token_no_character_can_stand_on_is_reached_from_beside_it(tmp_path: Path) -> None:
    # Token A on a Column in the corner (Blocking: no Character may enter or stop there); (3, 3) is open
    column = "  - {tile: Column, at: [4, 4]}\n"
    token = "search_tokens:\n  - {token: A, at: [4, 4]}\n"
    # (a token must lie where a Character may stand: CF711; reach still counts the squares
    # beside it, so it is not also unreachable, CF714)
    found = codes(tmp_path, layout(terrain=column, extra=token), "Reveal A")
    assert [c for c, _ in found] == ["CF711"], found
    # Columns on the 3 squares around it too: nowhere to stand on or beside it
    ring = "".join(f"  - {{tile: Column, at: [{c}, {r}]}}\n" for c, r in ((3, 3), (4, 3), (3, 4)))
    found = codes(tmp_path, layout(terrain=column + ring, extra=token), "Reveal A")
    assert sorted(c for c, _ in found) == ["CF711", "CF714"], found
    assert ("CF714", "Characters cannot get onto or next to Search token A at (4, 4) of layout 'yard' "
                     "from the Start area") in found


def test_a_railing_blocks_the_edge_it_lies_on(tmp_path: Path) -> None:
    # Two Balconies across a 4 x 2 board between rows 1 and 2: the railing is a wall.
    tiles = "  - {side: Medium A, at: [1, 1]}\n"
    balconies = "  - {tile: Balcony, at: [1, 1]}\n  - {tile: Balcony, at: [3, 1]}\n"
    exit_ = "exits:\n  - squares: [[4, 4]]\n"
    start = "[[1, 1], [2, 1], [3, 1], [4, 1]]"
    found = codes(tmp_path, layout(tiles=tiles, terrain=balconies, extra=exit_, start=start))
    assert [c for c, _ in found] == ["CF714"], found
    # one Balcony only: the way past its railing is open
    assert codes(tmp_path, layout(tiles=tiles, terrain=balconies.splitlines(True)[0], extra=exit_, start=start)) == []


def test_an_unreachable_exit_square_is_pointed_at_itself(tmp_path: Path) -> None:
    # The railing walls off row 2: of the Exit area, (1, 1) is reached and (3, 2) is not.
    tiles = "  - {side: Medium A, at: [1, 1]}\n"
    balconies = "  - {tile: Balcony, at: [1, 1]}\n  - {tile: Balcony, at: [3, 1]}\n"
    exit_ = "exits:\n  - squares: [[1, 1],\n              [3, 2], [4, 4]]\n"
    start = "[[1, 1], [2, 1], [3, 1], [4, 1]]"
    codes(tmp_path, layout(tiles=tiles, terrain=balconies, extra=exit_, start=start))
    (found,) = [d for d in compile_paths([str(tmp_path)]).diagnostics if d.code == "CF714"]
    assert found.message == "Characters cannot reach Exit squares (3, 2), (4, 4) of layout 'yard' from the Start area"
    assert found.path == ("exits", 0, "squares", 1)
    line = (tmp_path / "layout.yaml").read_text().splitlines()[found.line - 1]
    assert line[found.column - 1:].startswith("[3, 2]"), (line, found.column)


def test_a_face_on_two_kinds_of_piece_may_come_from_either(tmp_path: Path) -> None:
    tiles = "  - {side: Medium A, at: [1, 1]}\n  - {side: Medium B, at: [5, 1]}\n"
    two = "  - {tile: Statue, at: [3, 1]}\n  - {tile: Chandelier, at: [5, 3]}\n"
    assert codes(tmp_path, layout(grid="[8, 4]", tiles=tiles, terrain=two)) == []
    three = two + "  - {tile: Wagon, at: [7, 1], facing: south}\n"
    found = codes(tmp_path, layout(grid="[8, 4]", tiles=tiles, terrain=three))
    assert found == [("CF702", "layout 'yard' needs 3 'Statue / Chandelier' or 'Wagon / Chandelier' pieces "
                               "(Statue, Chandelier, Wagon); the box holds 2: each piece shows one face")], found
    statues = "  - {tile: Statue, at: [3, 1]}\n  - {tile: Statue, at: [5, 3]}\n"
    found = codes(tmp_path, layout(grid="[8, 4]", tiles=tiles, terrain=statues))
    assert found == [("CF702", "layout 'yard' needs 2 'Statue / Chandelier' pieces (2 x Statue); the box holds 1: "
                               "each piece shows one face")], found


@pytest.mark.parametrize("players, sizes", [("{min: 1, max: 4, solo_characters: 2}", [2, 3, 4]),
                                             ("{min: 1, max: 4}", [1, 2, 3, 4]),
                                             ("{min: 1, max: 2, solo_characters: 2}", [2]),
                                             ("{min: 3, max: 4}", [3, 4])])
def test_solo_play_counts_solo_characters(tmp_path: Path, players: str, sizes: list[int]) -> None:
    manifest = GOLDEN_MANIFEST.read_text(encoding="utf-8").replace(
        "players:\n  min: 1\n  max: 4\n  solo_characters: 2", f"players: {players}")
    (tmp_path / "pack.yaml").write_text(manifest, encoding="utf-8")
    assert party_sizes(compile_paths([str(tmp_path)]).packs[0]) == sizes
    # the largest party needs its Start squares: 4 for a pack of 4 players, 2 for a pack of 2
    found = codes(tmp_path, layout(start="[[1, 1], [1, 2]]"), manifest=manifest)
    assert [c for c, _ in found] == (["CF713"] if sizes[-1] > 2 else []), found


def test_enemy_tokens_count_for_the_largest_party_only(tmp_path: Path) -> None:
    deploy = ("deployment:\n  - enemy: Guard\n    squares:\n      - {at: [4, 1], players: 1}\n"
              "      - {at: [4, 2], players: 2}\n      - {at: [4, 3], players: 3}\n      - {at: [4, 4], players: 4}\n")
    found = codes(tmp_path, layout(extra=deploy))
    assert found == [("CF702", "layout 'yard' places 4 'Guard' tokens with 4 Characters, but the box holds 3")]
    manifest = GOLDEN_MANIFEST.read_text(encoding="utf-8").replace("  max: 4\n", "  max: 3\n")
    assert codes(tmp_path, layout(extra=deploy, start="[[1, 1], [1, 2], [2, 1]]"), manifest=manifest) == []


def test_pieces_for_more_characters_than_the_pack_allows_never_share_a_square(tmp_path: Path) -> None:
    # a 2-player pack: the 'players: 4' token is never placed, so it shares (4, 4) with nothing
    manifest = GOLDEN_MANIFEST.read_text(encoding="utf-8").replace(
        "players:\n  min: 1\n  max: 4\n  solo_characters: 2", "players: {min: 1, max: 2}")
    deploy = ("deployment:\n  - enemy: Guard\n    squares:\n      - {at: [4, 4], players: 1}\n"
              "      - {at: [4, 4], players: 4}\n")
    start = "[[1, 1], [1, 2]]"
    assert codes(tmp_path, layout(extra=deploy, start=start), manifest=manifest) == []
    # the same pieces in a 4-player pack are both set up with 4 Characters
    found = codes(tmp_path, layout(extra=deploy))
    assert found == [("CF712", "two 'Guard' tokens of layout 'yard' are both set up on (4, 4) "
                               "with 4 or more Characters (line 10)")], found


@pytest.mark.parametrize("objective, tokens, problem", [
    ("Reveal B", "  - {token: '?', at: [3, 3]}\n", None),              # B may lie on the '?' square
    ("Reveal B", "  - {token: A, at: [3, 3]}\n", "no Search token B is placed on layout 'yard' and it has no '?' square"),
    ("Reveal D", "  - {token: '?', at: [3, 3]}\n",
     "no Search token D is placed on layout 'yard', and the box has no token D for its '?' squares"),
])
def test_reveal_reads_the_tokens_left_for_random_squares(tmp_path: Path, objective: str, tokens: str,
                                                         problem: str | None) -> None:
    found = codes(tmp_path, layout(extra="search_tokens:\n" + tokens), objective)
    assert found == ([] if problem is None else [("CF715", f"objective '{objective}' cannot be met: {problem}")])


def test_defeat_names_a_named_enemy_of_the_layout(tmp_path: Path) -> None:
    named = "named_enemies:\n  - {name: Rochefort, at: [4, 4]}\n"
    assert codes(tmp_path, layout(extra=named), "Defeat Rochefort") == []
    assert codes(tmp_path, layout(extra=named), "Defeat all Enemies") == []
    assert [c for c, _ in codes(tmp_path, layout(), "Defeat Rochefort")] == ["CF715"]


@pytest.mark.parametrize("objective, found", [
    ("Reach Exti", ("CF719", "did you mean 'Reach Exit'?")),                # read by the players: a warning
    ("Defeet all Enemies!", ("CF719", "did you mean 'Defeat all Enemies'?")),
    ("Reveel A", ("CF719", "did you mean 'Reveal A'?")),
    ("Defeat all Enemeis", ("CF715", "did you mean 'Defeat all Enemies'?")),  # read, cannot be met
    ("Defeat Rocheford", ("CF715", "did you mean 'Defeat Rochefort'?")),
    ("Reveal a", ("CF715", "did you mean 'Reveal A'?")),
    ("Defeat the Guards", ("CF715", "its Named Enemies are Rochefort")),     # nothing close
    ("Reveal D", ("CF715", "place the token on the layout (`search_tokens: [{token: D, at: [c, r]}]`)")),
    ("Hold the yard for 3 rounds", None),                                    # the players' own objective
    ("Reach Exit alive", None),
    ("Reach the Exit", None),
])
def test_a_misspelled_objective_is_read_as_the_one_it_meant(tmp_path: Path, objective: str,
                                                            found: tuple[str, str] | None) -> None:
    """One place decides "close to" (checks.objectives.meant_objective): CF719 for a text
    the engine does not read, CF715's help for one it reads but cannot meet."""
    extra = ("named_enemies:\n  - {name: Rochefort, at: [4, 4]}\nsearch_tokens:\n  - {token: A, at: [3, 3]}\n"
             "exits:\n  - squares: [[4, 3]]\n")
    codes(tmp_path, layout(extra=extra), objective)
    hints = [(d.code, d.hint) for d in compile_paths([str(tmp_path)]).diagnostics]
    assert hints == ([] if found is None else [found])


def test_the_layout_analysis_is_computed_once_and_lint_is_repeatable(tmp_path: Path) -> None:
    text = layout(grid="[10, 4]", tiles=STAIRS_ACROSS, extra=EXIT_EAST)
    first = codes(tmp_path, text, "Reach Exit")
    assert first == codes(tmp_path, text, "Reach Exit")
    pack = compile_paths([str(tmp_path)]).packs[0]
    yard = pack.board_layouts["yard"]
    assert pack.board_layouts is pack.board_layouts and yard.graph is yard.graph
    # the graph's step costs are the runtime's: the arrow points west once turned, so a step east onto
    # the stairs goes up them (Difficult: 2), a step west down them costs 1
    assert yard.graph.edges[(4, 2), (5, 2)]["cost"] == 2
    assert yard.graph.edges[(7, 2), (6, 2)]["cost"] == 1
    assert yard.graph.edges[(4, 1), (5, 2)]["cost"] == 4


def test_the_movement_graph_is_the_runtimes_step_cost_everywhere(tmp_path: Path) -> None:
    """Every step between squares of the map is an edge exactly when the runtime's
    ``step_cost`` allows it, with that cost (turned Staircase, Columns, walls)."""
    codes(tmp_path, layout(grid="[10, 4]", tiles=STAIRS_ACROSS, terrain=CORNERS, extra=EXIT_EAST), "Reach Exit")
    yard = compile_paths([str(tmp_path)]).packs[0].board_layouts["yard"]
    board, graph = yard.board, yard.graph
    on_map = [sq for sq in board.squares() if board.on_map(sq)]
    assert sorted(graph.nodes) == sorted(on_map)
    for a in on_map:
        for b in on_map:
            if a != b and max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1:
                cost = step_cost(board, a, b, "character")
                assert (graph.edges[a, b]["cost"] if graph.has_edge(a, b) else None) == cost, (a, b)


def test_layouts_of_one_geometry_share_a_graph_but_not_their_reach(tmp_path: Path) -> None:
    # boards.layout_irs shares the movement graph between layouts that place the same
    # tiles on the same grid; reach stays each layout's own (its Start squares), and a
    # layout whose terrain differs gets its own graph.
    wall = "".join(f"  - {{tile: Column, at: [3, {r}]}}\n" for r in (1, 2, 3, 4))
    exit_ = "exits:\n  - squares: [[4, 4]]\n"
    walled = layout(terrain=wall, extra=exit_)                                # Start west of the wall
    beyond = layout(terrain=wall, extra=exit_, start="[[4, 1], [4, 2], [4, 3], [4, 4]]")
    open_ = layout(extra=exit_)                                               # same grid and map tiles, no wall
    texts = [open_.replace("id: yard", "id: open"), walled, beyond.replace("id: yard", "id: beyond")]
    (tmp_path / "pack.yaml").write_text(GOLDEN_MANIFEST.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "box.yaml").write_text(BOX, encoding="utf-8")
    (tmp_path / "layout.yaml").write_text("---\n".join(texts), encoding="utf-8")
    cards = "".join(
        f"  - id: {n}\n    title: Fight {n}\n    steps:\n      - battle:\n          layout: {lid}\n"
        f"          objectives:\n            - {{objective: Reach Exit, {'goto: ' + str(n + 1) if n < 3 else 'victory: Won.'}}}\n"
        for n, lid in ((1, "open"), (2, "yard"), (3, "beyond")))
    (tmp_path / "story.yaml").write_text("kind: story\nid: act-1\ntitle: Act I\nstart: 1\ncards:\n" + cards,
                                         encoding="utf-8")
    result = compile_paths([str(tmp_path)])
    found = [(d.code, d.message) for d in result.diagnostics]
    assert [c for c, _ in found] == ["CF714", "CF715"], found
    assert "layout 'yard'" in found[0][1] and "layout 'yard'" in found[1][1], found
    irs = result.packs[0].board_layouts
    assert irs["yard"].graph is irs["beyond"].graph
    assert irs["open"].graph is not irs["yard"].graph
    assert irs["beyond"].reached != irs["yard"].reached


@pytest.mark.parametrize("squares, edge, messages", [
    ("[[4, 3], [4, 4]]", "east", []),
    ("[[2, 3]]", "east", ["Exit square (2, 3) of layout 'yard' does not lie on the east side of the map: "
                          "(3, 3), east of it, is on the map"]),
    ("[[4, 3], [4, 4]]", "west", ["Exit squares (4, 3), (4, 4) of layout 'yard' do not lie on the west side of "
                                  "the map: (3, 3), (3, 4), west of them, are on the map"]),
    ("[[1, 3]]", "west", []),
    ("[[3, 1]]", "north", []),
    ("[[3, 4]]", "south", []),
    ("[[3, 3]]", "south", ["Exit square (3, 3) of layout 'yard' does not lie on the south side of the map: "
                           "(3, 4), south of it, is on the map"]),
])
def test_an_exit_edge_lies_on_its_side_of_the_map(tmp_path: Path, squares: str, edge: str,
                                                  messages: list[str]) -> None:
    exit_ = f"exits:\n  - squares: {squares}\n    edge: {edge}\n"
    found = codes(tmp_path, layout(extra=exit_))
    assert found == [("CF717", m) for m in messages], found


def test_an_exit_edge_against_a_wall_between_map_tiles(tmp_path: Path) -> None:
    # Two Medium tiles with a wall column (5) between them: (4, 2) borders the wall on its east.
    tiles = "  - {side: Medium A, at: [1, 1]}\n  - {side: Medium B, at: [6, 1]}\n"
    exit_ = "exits:\n  - squares: [[4, 2]]\n    edge: east\n"
    assert codes(tmp_path, layout(grid="[9, 4]", tiles=tiles, extra=exit_)) == []
    found = codes(tmp_path, layout(grid="[9, 4]", tiles=tiles, extra=exit_.replace("[4, 2]", "[3, 2]")))
    assert [c for c, _ in found] == ["CF717"], found


def test_search_tokens_lie_one_a_square_on_squares_characters_may_stand_on(tmp_path: Path) -> None:
    """A Search token is revealed by a Search action ("Reveal A/B/C: If you use a Search
    action to reveal a Search token"): two on one square (CF712) or one on a Column or a
    wall (CF711) can never be revealed as placed. The same tokens apart are clean."""
    apart = "search_tokens:\n  - {token: A, at: [3, 3]}\n  - {token: B, at: [4, 4]}\n"
    assert codes(tmp_path, layout(extra=apart)) == []
    stacked = "search_tokens:\n  - {token: A, at: [3, 3]}\n  - {token: B, at: [3, 3]}\n"
    assert codes(tmp_path, layout(extra=stacked)) == [
        ("CF712", "Search token B and Search token A of layout 'yard' are both set up on (3, 3) (line 8)")]
    on_column = layout(terrain="  - {tile: Column, at: [3, 3]}\n", extra=apart)
    assert codes(tmp_path, on_column) == [
        ("CF711", "Search token A of layout 'yard' at (3, 3) lies on terrain Characters may not enter (Blocking)")]
    walled = layout(grid="[5, 4]", extra="search_tokens:\n  - {token: A, at: [5, 2]}\n")
    assert codes(tmp_path, walled) == [
        ("CF711", "Search token A of layout 'yard' at (5, 2) is a wall (no map tile covers it)")]


def test_a_terrain_tile_with_no_terrain_piece_in_the_box_is_cf702(tmp_path: Path) -> None:
    """A box that lists no terrain pieces at all: the layout's tile is CF702 at its place
    (it was an internal error: the flow network had no sink)."""
    codes(tmp_path, layout(terrain="  - {tile: Column, at: [3, 3]}\n"))
    box = BOX.split("terrain_tiles:\n")[0] + "search_tokens:" + BOX.split("search_tokens:")[1]
    (tmp_path / "box.yaml").write_text(box, encoding="utf-8")
    found = [(d.code, d.message, d.line) for d in compile_paths([str(tmp_path)]).diagnostics if d.code == "CF702"]
    assert found == [("CF702", "layout 'yard' shows terrain tile 'Column', but no piece in the box shows it", 8)]
