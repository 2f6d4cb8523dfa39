"""The layout checks CF702-CF716 (checks/inventory, placement, deployment,
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


def test_a_face_on_two_kinds_of_piece_may_come_from_either(tmp_path: Path) -> None:
    tiles = "  - {side: Medium A, at: [1, 1]}\n  - {side: Medium B, at: [5, 1]}\n"
    two = "  - {tile: Statue, at: [3, 1]}\n  - {tile: Chandelier, at: [5, 3]}\n"
    assert codes(tmp_path, layout(grid="[8, 4]", tiles=tiles, terrain=two)) == []
    three = two + "  - {tile: Wagon, at: [7, 1], facing: south}\n"
    found = codes(tmp_path, layout(grid="[8, 4]", tiles=tiles, terrain=three))
    assert found == [("CF702", "layout 'yard' needs 3 of the 2 terrain pieces 'Statue / Chandelier', "
                               "'Wagon / Chandelier' (Statue, Chandelier, Wagon): each piece shows one face")], found


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
