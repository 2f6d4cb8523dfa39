"""``cardforge board``: the picture of a Battle layout (SVG and text), from the
bundle form of a pack's ``board``. The fixture pack tests/board_picture/pack/ has the
layout ``inn-stairs``: 4 map tiles, one a Staircase turned 90 degrees, 5 terrain
tiles, a Balcony's Railing, 2 Search tokens, 4 deployment squares, 1 Named Enemy
whose name holds & < > ' to be escaped."""

from __future__ import annotations

import copy
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from _helpers import ROOT, copy_golden, update_golden
from cardforge_compiler.cli import cli
from cardforge_compiler.picture.scene import build_scene, keyword_marks
from cardforge_compiler.picture.svg import to_svg
from cardforge_compiler.picture.text import to_text

HERE = Path(__file__).resolve().parent / "board_picture"
PACK = HERE / "pack"
LAYOUT = "inn-stairs"
NS = {"s": "http://www.w3.org/2000/svg"}
NAMED = "Rochefort <the 'Scar'> & Co"


def _compiled_board() -> dict:
    """The fixture pack's bundle ``board`` (compiled as ``cardforge build`` does)."""
    from cardforge_compiler.emit import build_bundle
    from cardforge_compiler.pipeline import compile_paths

    result = compile_paths([str(PACK)])
    assert not result.diagnostics, result.diagnostics
    return build_bundle(result.packs, "test")["packs"][0]["board"]


BOARD = _compiled_board()


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fixture pack built into a bundle file."""
    path = tmp_path_factory.mktemp("board") / "board.bundle.json"
    code, _, err = run("build", str(PACK), "-o", str(path))
    assert code == 0, err
    return path


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg.encode("utf-8"))


def having(root: ET.Element, cls: str, tag: str = "*") -> list[ET.Element]:
    """Elements whose class attribute holds ``cls``."""
    return [e for e in root.iter() if e.tag.endswith(tag if tag != "*" else "") and cls in e.get("class", "").split()]


def svg_of(board: dict = BOARD, **kw: object) -> ET.Element:
    return parse(to_svg(build_scene(board, LAYOUT, **kw)))


# -- SVG: one element per square and per piece ---------------------------------------

def test_svg_has_one_element_per_square() -> None:
    root = svg_of()
    assert root.tag == "{http://www.w3.org/2000/svg}svg" and root.get("data-grid") == "10,7"
    squares = having(root, "square")
    assert len(squares) == 70
    assert sorted(s.get("id") for s in squares) == sorted(f"square-{c}-{r}" for c in range(1, 11) for r in range(1, 8))
    # 16 + 8 + 16 + 4 squares on map tiles; the rest are walls
    assert len(having(root, "wall")) == 70 - 44 and len(having(root, "floor")) == 44


def test_svg_has_one_element_per_piece() -> None:
    root = svg_of()
    assert [e.get("data-side") for e in having(root, "map-tile")] == ["Medium A", "Hallway A", "Medium B", "Staircase"]
    assert [e.get("data-tile") for e in having(root, "terrain-tile")] == ["Barrel", "Column", "Table", "Balcony", "Wagon"]
    assert [e.get("data-token") for e in having(root, "search-token")] == ["A", "?"]
    assert [e.get("data-players") for e in having(root, "deployment-square")] == ["1", "2", "3", "4"]
    assert [e.get("data-name") for e in having(root, "named-enemy")] == [NAMED]
    assert len(having(root, "start")) == 1
    assert [e.get("data-edge") for e in having(root, "exit")] == ["east"]
    assert [e.get("data-keyword") for e in having(root, "edge-keyword")] == ["Railing"] * 6


def test_rotated_pieces_land_on_the_right_squares() -> None:
    root = svg_of()
    on_stairs = sorted(s.get("data-square") for s in having(root, "square") if s.get("data-map-tile") == "Staircase")
    assert on_stairs == ["10,4", "10,5", "9,4", "9,5"]
    table = {s.get("data-square") for s in having(root, "square") if "Cover Elevated" == s.get("data-keywords")}
    assert table == {"2,2", "1,3", "1,4"}                   # the Barrel, and the Table turned 90 degrees
    stairs_arrow = having(root, "map-tile")[3].find("s:path[@class='arrow']", NS)
    assert stairs_arrow.get("data-direction") == "west"     # printed south, turned 90 degrees clockwise
    wagon_arrow = having(root, "terrain-tile")[4].find("s:path[@class='arrow']", NS)
    assert wagon_arrow.get("data-direction") == "east"


def test_railing_edges_turn_with_the_tile() -> None:
    board = copy.deepcopy(BOARD)
    balcony = board["layouts"][LAYOUT]["terrain_tiles"][3]
    lines = {}
    for rotation, at in ((0, [6, 4]), (90, [6, 4]), (180, [6, 4]), (270, [6, 4])):
        balcony.update(rotation=rotation, at=at)
        scene = build_scene(board, LAYOUT)
        tile = set(scene.terrain_tiles[3].squares)
        lines[rotation] = sorted(e.segment for e in scene.edges if set(e.high) <= tile)
    # the Railing is on the south side of the unrotated 2x1 Balcony
    assert lines[0] == [((5, 4), (6, 4)), ((6, 4), (7, 4))]         # south of (6,4) and (7,4)
    assert lines[90] == [((5, 3), (5, 4)), ((5, 4), (5, 5))]        # west of (6,4) and (6,5)
    assert lines[180] == [((5, 3), (6, 3)), ((6, 3), (7, 3))]       # north
    assert lines[270] == [((6, 3), (6, 4)), ((6, 4), (6, 5))]       # east


def test_names_are_escaped_and_control_characters_shown() -> None:
    board = copy.deepcopy(BOARD)
    board["layouts"][LAYOUT]["named_enemies"][0]["name"] = "Bad\x1b[31m\x00Name"
    text = to_svg(build_scene(board, LAYOUT))
    root = parse(text)                                   # XML 1.0 cannot hold \x1b or \x00: they are escaped
    assert having(root, "named-enemy")[0].get("data-name") == "Bad\\x1b[31m\\x00Name"
    plain = to_svg(build_scene(BOARD, LAYOUT))
    assert "Rochefort &lt;the 'Scar'&gt; &amp; Co" in plain
    assert parse(plain).find("s:title", NS).text == "The Inn & the <Stairs> (inn-stairs)"


# -- --players ---------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "shown"), [(None, ["1", "2", "3", "4"]), ("1", ["1", "2"]), ("2", ["1", "2"]),
                                                ("3", ["1", "2", "3"]), ("4", ["1", "2", "3", "4"])])
def test_players_show_only_the_enemies_placed(bundle: Path, players: str | None, shown: list[str]) -> None:
    args = ["board", str(bundle), "--layout", LAYOUT] + (["--players", players] if players else [])
    code, out, err = run(*args)
    assert code == 0, err
    root = parse(out)
    assert [e.get("data-players") for e in having(root, "deployment-square")] == shown
    legend = " ".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
    if players == "1":
        assert "Deployment for 1 player, 2 Characters: 2 Enemies (CG Cardinal's Guard)" in legend   # Solo Play


# -- text ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "unicode"), [("inn-stairs.txt", True), ("inn-stairs.ascii.txt", False)])
def test_text_golden(name: str, unicode: bool) -> None:
    text = to_text(build_scene(BOARD, LAYOUT, characters=2, players=2), unicode=unicode)
    expected = HERE / name
    if update_golden():
        expected.write_text(text, encoding="utf-8")
    assert text == expected.read_text(encoding="utf-8")
    if not unicode:
        assert text.isascii()


def test_text_on_a_terminal_that_is_not_utf8(bundle: Path) -> None:
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    result = subprocess.run([sys.executable, "-m", "cardforge_compiler", "board", str(bundle), "--layout", LAYOUT,
                             "--format", "text", "--players", "2"], capture_output=True, env=env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode("ascii") == (HERE / "inn-stairs.ascii.txt").read_text(encoding="utf-8")


# -- determinism, files -------------------------------------------------------------------

@pytest.mark.parametrize("fmt", ["svg", "text"])
def test_output_is_deterministic_and_holds_no_path(bundle: Path, tmp_path: Path, fmt: str) -> None:
    outputs = []
    for name in ("a", "b"):
        code, _, err = run("board", str(bundle), "--layout", LAYOUT, "--format", fmt, "-o", str(tmp_path / name))
        assert code == 0, err
        outputs.append((tmp_path / name).read_bytes())
    assert outputs[0] == outputs[1]
    assert str(tmp_path).encode() not in outputs[0] and str(ROOT).encode() not in outputs[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a", "b"]          # no temporary file left
    code, out, _ = run("board", str(bundle), "--layout", LAYOUT, "--format", fmt)
    assert out.encode("utf-8") == outputs[0]


# -- bad input: a diagnostic and exit 2, never a traceback ---------------------------------

@pytest.mark.parametrize(("args", "message"), [
    (["--layout", "inn-stair"], "no layout 'inn-stair' (layouts: inn-stairs); did you mean 'inn-stairs'?"),
    (["--layout", "inn"], "no layout 'inn' (layouts: inn-stairs); did you mean 'inn-stairs'?"),
    (["--layout", "cellar"], "no layout 'cellar' (layouts: inn-stairs)\n"),
    (["--layout", LAYOUT, "--players", "0"], "--players 0: Picture Test Pack is for 1 to 4 players"),
    (["--layout", LAYOUT, "--players", "9"], "--players 9: Picture Test Pack is for 1 to 4 players"),
    (["--layout", LAYOUT, "--pack", "pictur"], "no pack 'pictur' (packs: picture); did you mean 'picture'?"),
    (["--layout", LAYOUT, "--format", "png"], "'png' is not one of 'svg', 'text'"),
    (["--layout", LAYOUT, "-o", "layout.yaml"],
     "layout.yaml is a content file: a picture is not written over content, translations or a bundle"),
])
def test_bad_input_is_a_usage_error(bundle: Path, args: list[str], message: str) -> None:
    code, out, err = run("board", str(bundle), *args)
    assert code == 2 and out == ""
    assert message in err and "Traceback" not in err


def test_content_without_layouts_and_a_bad_bundle(tmp_path: Path) -> None:
    code, _, err = run("board", str(copy_golden("ok-minimal", tmp_path / "p")), "--layout", LAYOUT)
    assert code == 2 and "Error: no Battle layouts in the content" in err
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    code, _, err = run("board", str(broken), "--layout", LAYOUT)
    assert code == 2 and "not JSON" in err and "Traceback" not in err


# -- keyword marks --------------------------------------------------------------------------

def test_keyword_marks_come_from_the_data() -> None:
    marks = keyword_marks(BOARD["keywords"])
    assert marks == {"Blocking": "B", "Cover": "C", "Difficult": "D", "Elevated": "E", "Impassable": "I", "Stairs": "S"}
    more = {"Cover": {}, "Climb": {}, "Cliff": {}, "Fog": {"mark": "~"}, "Rail": {"applies_to": "edge"}, "C": {}, "Cl": {}}
    assert keyword_marks(more) == {"C": "C", "Cl": "Cl", "Cliff": "Cli", "Climb": "Clim", "Cover": "Co", "Fog": "~"}


# -- --los and --diagnostics ----------------------------------------------------------------

def _room(layout: dict) -> dict:
    """The fixture's board with one more layout, ``room``."""
    board = copy.deepcopy(BOARD)
    base = {"title": "Room", "terrain_tiles": [], "search_tokens": [], "deployment": [], "named_enemies": [],
            "start": [[1, 1]], "exits": [], "source": "layouts/room.yaml"}
    board["layouts"]["room"] = {**base, **layout}
    return board


def _classes(root: ET.Element, cls: str) -> set[str]:
    return {e.get("data-square") for e in having(root, cls)}


def test_los_shades_what_a_square_sees_and_which_have_cover() -> None:
    """A 4x4 room, a Column (Blocking) at (2, 2), sight from (1, 1). By the rulebook's
    corner-to-corner lines: every square is seen (a line may touch the Column's corner);
    Cover where no corner of (1, 1) has a clear line to all 4 corners of the target:
    the 6 squares behind the Column (3,2) (2,3) (3,3) (4,3) (3,4) (4,4); not (4, 2)
    (the corner (1, 0) reaches all of its corners)."""
    board = _room({"grid": [4, 4], "map_tiles": [{"side": "Medium A", "at": [1, 1], "rotation": 0}],
                   "terrain_tiles": [{"tile": "Column", "at": [2, 2], "rotation": 0, "facing": None, "banner": False}]})
    root = parse(to_svg(build_scene(board, "room", los=(1, 1))))
    assert _classes(root, "los-source") == {"1,1"}
    assert len(having(root, "los-seen")) == 15
    assert _classes(root, "los-cover") == {"3,2", "2,3", "3,3", "4,3", "3,4", "4,4"}
    legend = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "Seen without Cover (9 squares)" in legend and "Seen, with Cover (6 squares)" in legend


def test_los_through_the_command_line(bundle: Path) -> None:
    code, out, err = run("board", str(bundle), "--layout", LAYOUT, "--los", "2,3", "--format", "text")
    assert code == 0, err
    assert "  *  line of sight from (2, 3): + seen without Cover (25), ~ seen with Cover (14)" in out
    assert out.splitlines()[4] == " 3 +t *· +c ~· ~· ~· ~· ~2  █= █="      # row 3: the source, the Column, Cover behind it
    # the Start and Exit squares keep their marks; the legend says which of them are seen
    assert out.splitlines()[2] == " 1 S· S· S· +A  █  █  █  █  █  █"
    assert "  S  Start area; line of sight: seen (1, 1), (3, 1), (1, 2); seen with Cover (2, 1)" in out
    assert "  X  Exit area 1 (Exit edge: east); line of sight: seen (10, 4); seen with Cover (10, 5)" in out


def _cells(text: str) -> list[str]:
    """The cells (3 characters each) of a text picture's grid."""
    lines = text.splitlines()
    rows = [line for line in lines[2:lines.index("legend:")]]
    return [row[3 + 3 * i:6 + 3 * i].ljust(3) for row in rows for i in range((len(row) - 3 + 2) // 3)]


def test_text_cells_never_give_one_character_two_meanings(tmp_path: Path) -> None:
    """Every shipped layout, with sight drawn from a Start square and --diagnostics:
    the overlay place holds only overlay symbols, the middle place no overlay symbol
    (tile letters are never s or x), and each legend key is one thing."""
    import json

    from _helpers import SHIPPED
    from cardforge_compiler.picture.text import OVERLAY

    shipped = tmp_path / "shipped.bundle.json"
    assert run("build", str(SHIPPED), "-o", str(shipped))[0] == 0
    overlay = set(OVERLAY.values()) | {" "}
    for pack in json.loads(shipped.read_text(encoding="utf-8"))["packs"]:
        for layout_id, layout in pack["board"]["layouts"].items():
            for extra in ([], ["--los", "{},{}".format(*layout["start"][0]), "--diagnostics"]):
                code, out, err = run("board", str(shipped), "--pack", pack["id"], "--layout", layout_id,
                                     "--format", "text", *extra)
                assert code == 0, err
                cells = _cells(out)
                assert {cell[0] for cell in cells} <= overlay, layout_id
                assert not {cell[1].lower() for cell in cells} & {ch.lower() for ch in overlay - {" "}}, layout_id
                legend = out.splitlines()[out.splitlines().index("legend:") + 1:]
                keys = [line[2:line.index("  ", 2)] for line in legend if line[2:3].strip()]
                meanings: dict[str, str] = {}
                for line in legend:
                    key = line[2:line.index("  ", 2)] if line[2:3].strip() else None
                    if key and key != "?" and not key.isdigit():       # one line per token, per number
                        assert meanings.setdefault(key, line) == line, (layout_id, line, meanings[key])
                assert keys


@pytest.mark.parametrize("names", [["Statue", "Stool", "Xylophone", "Saddle"], ["Sx", "xs", "s", "x"]])
def test_tile_letters_avoid_the_overlay_letters(names: list[str]) -> None:
    from cardforge_compiler.picture.text import tile_letters

    letters = tile_letters(names)
    assert len(set(letters.values())) == len(names)
    assert not set(letters.values()) & {"s", "x"}
    assert letters == ({"Statue": "t", "Stool": "o", "Xylophone": "y", "Saddle": "a"} if names[0] == "Statue"
                       else {"Sx": "a", "xs": "b", "s": "c", "x": "d"})


def test_the_legend_lists_only_what_is_shown() -> None:
    """The Start and Exit areas keep their marks and legend lines under --los, except
    the square sight is drawn from (its ``*``); an area with no mark left has no line."""
    text = to_text(build_scene(BOARD, LAYOUT, los=(2, 3)))
    assert "  S  Start area; line of sight: " in text and sum(cell[0] == "S" for cell in _cells(text)) == 4
    text = to_text(build_scene(BOARD, LAYOUT, los=(1, 1)))       # the source is a Start square
    assert "  S  Start area; line of sight: " in text and sum(cell[0] == "S" for cell in _cells(text)) == 3
    text = to_text(build_scene(BOARD, LAYOUT))
    assert "  S  Start area\n" in text and sum(cell[0] == "S" for cell in _cells(text)) == 4
    assert "line of sight" not in text


@pytest.mark.parametrize(("los", "message"), [
    ("9,1", "--los 9,1: (9, 1) is a wall (no map tile): no figure stands there"),
    ("11,1", "--los 11,1: (11, 1) is outside the 10 x 7 grid"),
    ("0,1", "--los 0,1: (0, 1) is outside the 10 x 7 grid"),
    ("a", "--los 'a': expected a square as COLUMN,ROW, such as 3,2 (1-based)"),
    ("1,2,3", "--los '1,2,3': expected a square as COLUMN,ROW"),
])
def test_bad_los_square_is_a_usage_error(bundle: Path, los: str, message: str) -> None:
    code, out, err = run("board", str(bundle), "--layout", LAYOUT, "--los", los)
    assert code == 2 and out == "" and message in err and "Traceback" not in err


def test_diagnostics_colour_the_unreachable_squares() -> None:
    """Two Medium rooms: one touching the first only at a corner (a diagonal step
    squeezes between the walls: reachable), one beyond a wall column (unreachable:
    its 16 squares)."""
    board = _room({"grid": [13, 8], "map_tiles": [{"side": "Medium A", "at": [1, 1], "rotation": 0},
                                                 {"side": "Medium B", "at": [5, 5], "rotation": 0},
                                                 {"side": "Medium A", "at": [10, 1], "rotation": 0}],
                   "terrain_tiles": [{"tile": "Column", "at": [12, 2], "rotation": 0, "facing": None, "banner": False}]})
    root = parse(to_svg(build_scene(board, "room", unreachable=True)))
    far = {f"{c},{r}" for c in range(10, 14) for r in range(1, 5)} - {"12,2"}     # no one stands on a Column
    assert _classes(root, "unreachable") == far
    assert not having(svg_of(), "unreachable")                    # nothing asked, nothing coloured
    text = to_text(build_scene(board, "room", unreachable=True))
    assert "  !  unreachable from the Start area (15 squares)" in text


def test_diagnostics_print_the_layouts_diagnostics(bundle: Path) -> None:
    code, out, err = run("board", str(bundle), "--layout", LAYOUT, "--diagnostics")
    assert code == 0 and not having(parse(out), "unreachable")
    assert err == ""                                  # a bundle: no content diagnostics to print


# -- from content --------------------------------------------------------------------------

def test_content_and_its_bundle_give_the_same_picture(bundle: Path) -> None:
    for fmt in ("svg", "text"):
        from_content = run("board", str(PACK), "--layout", LAYOUT, "--format", fmt, "--players", "3", "--los", "5,5")
        from_bundle = run("board", str(bundle), "--layout", LAYOUT, "--format", fmt, "--players", "3", "--los", "5,5")
        assert from_content == from_bundle and from_content[0] == 0


def _broken_pack(tmp_path: Path, old: str, new: str) -> Path:
    import shutil

    pack = tmp_path / "pack"
    shutil.copytree(PACK, pack)
    layout = pack / "layout.yaml"
    layout.write_text(layout.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    return pack


def test_diagnostics_print_what_lint_says_about_the_layout(tmp_path: Path) -> None:
    """A Search token the box lacks (CF701): the layout is still drawn, its
    diagnostic printed on stderr with --diagnostics, and a note says to run lint."""
    pack = _broken_pack(tmp_path, 'token: "?"', "token: Z")
    code, out, err = run("board", str(pack), "--layout", LAYOUT, "--diagnostics")
    assert code == 0 and [e.get("data-token") for e in having(parse(out), "search-token")] == ["A", "Z"]
    lines = err.splitlines()
    assert lines[0].startswith(f"{pack.as_posix()}/layout.yaml:") and "CF701 error:" in lines[0]
    assert "1 diagnostic in the layout's file" in lines
    assert lines[-1] == f"note: the content has 1 error (run cardforge lint {pack})"


def test_a_layout_that_cannot_be_drawn_exits_1(tmp_path: Path) -> None:
    pack = _broken_pack(tmp_path, "tile: Column", "tile: Colum")
    code, out, err = run("board", str(pack), "--layout", LAYOUT)
    assert code == 1 and out == "" and "Traceback" not in err
    assert err.startswith("cannot draw layout 'inn-stairs': board.layouts['inn-stairs'].terrain_tiles[1].tile: "
                          "unknown terrain tile 'Colum'")
    assert f"run cardforge lint {pack}" in err


def test_every_shipped_layout_is_drawn(tmp_path: Path) -> None:
    """content/ (Gascony's Legacy and the Descent props pack): each layout drawn from
    the bundle, one element per square and per placed piece, no square unreachable."""
    import json

    from _helpers import SHIPPED

    shipped = tmp_path / "shipped.bundle.json"
    code, _, err = run("build", str(SHIPPED), "-o", str(shipped))
    assert code == 0, err
    packs = json.loads(shipped.read_text(encoding="utf-8"))["packs"]
    layouts = [(p["id"], lid, layout) for p in packs for lid, layout in p["board"]["layouts"].items()]
    assert {p["id"] for p in packs} == {"gascony", "descent-props", "enemy-attack"} and len(layouts) >= 13
    for pack_id, layout_id, layout in layouts:
        code, out, err = run("board", str(shipped), "--layout", layout_id, "--pack", pack_id, "--diagnostics")
        assert code == 0, err
        root = parse(out)
        columns, rows = layout["grid"]
        assert len(having(root, "square")) == columns * rows, layout_id
        assert len(having(root, "map-tile")) == len(layout["map_tiles"])
        assert len(having(root, "terrain-tile")) == len(layout["terrain_tiles"])
        assert len(having(root, "search-token")) == len(layout["search_tokens"])
        assert len(having(root, "deployment-square")) == sum(len(d["squares"]) for d in layout["deployment"])
        assert len(having(root, "named-enemy")) == len(layout["named_enemies"])
        assert len(having(root, "exit")) == len(layout["exits"])
        assert not having(root, "unreachable"), layout_id


def test_svg_is_byte_identical_across_processes(bundle: Path) -> None:
    """Two processes with different hash seeds (set and dict orders) give the same bytes."""
    outputs = []
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        result = subprocess.run([sys.executable, "-m", "cardforge_compiler", "board", str(bundle), "--layout", LAYOUT,
                                 "--los", "2,3", "--diagnostics", "--players", "3"], capture_output=True, env=env)
        assert result.returncode == 0, result.stderr
        outputs.append(result.stdout)
    assert outputs[0] == outputs[1] and outputs[0].startswith(b'<?xml version="1.0" encoding="UTF-8"?>\n<svg')


def test_output_paths_that_cannot_be_written_are_usage_errors(bundle: Path, tmp_path: Path) -> None:
    """-o into a symbolic link loop was "internal error: RuntimeError: Symlink loop"
    (resolving the path to compare it with the inputs); -o under a file said "File
    exists"."""
    (tmp_path / "loop1").symlink_to(tmp_path / "loop2")
    (tmp_path / "loop2").symlink_to(tmp_path / "loop1")
    (tmp_path / "afile").write_text("x")
    for target, message in ((tmp_path / "loop1", "Too many levels of symbolic links"),
                            (tmp_path / "afile" / "x.svg", "a part of the path is a file, not a folder")):
        code, _, err = run("board", str(bundle), "--layout", "inn-stairs", "-o", str(target))
        assert code == 2 and "internal error" not in err and message in err, err


# -- labels fit their squares (rsvg and others ignore textLength) --------------------------

Box = tuple[float, float, float, float]


def _label_boxes(root: ET.Element) -> list[tuple[str, Box, ET.Element]]:
    """``(text, (x0, y0, x1, y1), group)`` of every label drawn on the grid, from its
    font size, anchor and the estimated width the picture itself uses."""
    from cardforge_compiler.picture.labels import text_width

    boxes = []
    for group in root:
        if group.get("class") not in ("map-tiles", "terrain-tiles", "areas", "search-tokens", "deployment",
                                      "named-enemies"):
            continue
        for piece in group.iter():
            for text in piece.findall("s:text", NS):
                size = float(text.get("font-size"))
                width = text_width(text.text or "", size, text.get("font-weight") == "bold")
                x, y = float(text.get("x")), float(text.get("y"))
                x0 = {"middle": x - width / 2, "end": x - width}.get(text.get("text-anchor", "start"), x)
                boxes.append((text.text or "", (x0, y - 0.76 * size, x0 + width, y + 0.24 * size), piece))
    return boxes


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _inside(a: Box, b: Box) -> bool:
    return b[0] <= a[0] and a[2] <= b[2] and b[1] <= a[1] and a[3] <= b[3]


def _rect(e: ET.Element, inset: float = 0) -> Box:
    x, y, w, h = (float(e.get(k)) for k in ("x", "y", "width", "height"))
    return (x + inset, y + inset, x + w - inset, y + h - inset)


def _label_clashes(root: ET.Element, scene) -> list[str]:  # noqa: ANN001
    """Every way a label of the picture is hidden or runs into something."""
    from cardforge_compiler.picture.svg import CELL, _x, _y

    labels = _label_boxes(root)
    problems = [f"textLength on {e.text!r}" for e in root.iter() if "textLength" in e.attrib]
    for i, (text, box, _) in enumerate(labels):
        problems += [f"{text!r} runs into {other!r}" for other, box2, _ in labels[i + 1:] if _overlap(box, box2)]
    outlines = [e.find("s:rect", NS) for e in having(root, "deployment-square") + having(root, "named-enemy")]
    for text, box, group in labels:
        for rect in outlines:              # inside a piece's outline or clear of it: never across it
            if not _inside(box, _rect(rect, 3)) and _overlap(box, _rect(rect, 0)):
                problems.append(f"{text!r} crosses the outline at {_rect(rect)}")
        for tile in having(root, "terrain-tile"):
            inner = _rect(tile.find("s:rect", NS))
            if group is tile and not _inside(box, inner):
                problems.append(f"{text!r} spills out of its terrain tile")
            if "map-tile" in group.get("class", "").split() and _overlap(box, inner):
                problems.append(f"map tile name {text!r} is under the {tile.get('data-tile')}")
    lines = []                             # Start and Exit outlines, Railings: 5-7 px wide strokes
    for squares in [scene.start] + [sq for sq, _ in scene.exits]:
        inside = set(squares)
        for c, r in inside:
            for (dc, dr), (x0, y0, x1, y1) in (((0, -1), (c - 1, r - 1, c, r - 1)), ((0, 1), (c - 1, r, c, r)),
                                               ((-1, 0), (c - 1, r - 1, c - 1, r)), ((1, 0), (c, r - 1, c, r))):
                if (c + dc, r + dr) not in inside:
                    lines.append((_x(x0 + 1) - 3, _y(y0 + 1) - 3, _x(x1 + 1) + 3, _y(y1 + 1) + 3))
    for edge in scene.edges:
        (x0, y0), (x1, y1) = edge.segment
        lines.append((_x(x0 + 1) - 4, _y(y0 + 1) - 4, _x(x1 + 1) + 4, _y(y1 + 1) + 4))
    for text, box, _ in labels:
        problems += [f"{text!r} is cut by a line at {line}" for line in lines if _overlap(box, line)]
    grid = (_x(1), _y(1), _x(1) + scene.columns * CELL, _y(1) + scene.rows * CELL)
    problems += [f"{text!r} leaves the grid" for text, box, _ in labels if not _inside(box, grid)]
    return problems


def _legend_overflow(root: ET.Element) -> list[str]:
    """Legend lines (a ``<text>`` and its ``<tspan>`` lines) that run past the picture's right edge."""
    from cardforge_compiler.picture.labels import text_width

    width = float(root.get("width"))
    legend = next(g for g in root if g.get("class") == "legend")
    return [line.text for text in legend.iter("{http://www.w3.org/2000/svg}text") for line in [text, *text]
            if float(text.get("x")) + text_width(line.text or "", 12) > width - 4]


def test_no_label_overlaps_or_is_hidden_on_any_shipped_layout(tmp_path: Path) -> None:
    """Each shipped layout, with every deployment square shown, sight from a Start
    square and --diagnostics: no legend line runs off the picture, no label runs into
    another, crosses a piece's outline, a Start/Exit outline or a Railing, leaves its
    terrain tile or hides under one; no textLength (rsvg ignores it)."""
    import json

    from _helpers import SHIPPED

    shipped = tmp_path / "shipped.bundle.json"
    assert run("build", str(SHIPPED), "-o", str(shipped))[0] == 0
    for pack in json.loads(shipped.read_text(encoding="utf-8"))["packs"]:
        for layout_id in pack["board"]["layouts"]:
            scene = build_scene(pack["board"], layout_id, los=tuple(pack["board"]["layouts"][layout_id]["start"][0]),
                                unreachable=True)
            root = parse(to_svg(scene))
            assert _label_clashes(root, scene) == [], layout_id
            assert _legend_overflow(root) == [], layout_id
    scene = build_scene(BOARD, LAYOUT)
    assert _label_clashes(parse(to_svg(scene)), scene) == []
    narrow = copy.deepcopy(BOARD)                    # a 4-column layout: long legend rows wrap
    narrow["layouts"][LAYOUT]["grid"] = [4, 7]
    for key in ("map_tiles", "terrain_tiles", "search_tokens", "named_enemies", "exits"):
        narrow["layouts"][LAYOUT][key] = [p for p in narrow["layouts"][LAYOUT][key] if key != "map_tiles"
                                          or p["side"] == "Medium A"][:1 if key == "map_tiles" else 0]
    narrow["layouts"][LAYOUT]["deployment"][0]["enemy"] = "Cardinal's Guard of the Very Long Name " * 3
    narrow["layouts"][LAYOUT]["deployment"][0]["squares"] = [{"at": [2, 4], "players": 1}]
    root = parse(to_svg(build_scene(narrow, LAYOUT)))
    assert _legend_overflow(root) == [] and any(e.tag.endswith("tspan") for e in root.iter())


def test_enemy_names_are_short_marks_spelled_out_in_the_legend() -> None:
    from cardforge_compiler.picture.labels import short_marks

    assert short_marks(["Cardinal's Guard", "Marksman", "Cardinal's Captain", "Comte de Wardes", "Cardinal's Gaoler",
                        "Cardinal's Guard"]) == {"Cardinal's Guard": "CG", "Marksman": "M", "Cardinal's Captain": "CC",
                                                 "Comte de Wardes": "CW", "Cardinal's Gaoler": "CGa"}
    root = svg_of()
    assert [e.find("s:text[@class='mark']", NS).text for e in having(root, "deployment-square")] == ["CG"] * 4
    assert having(root, "named-enemy")[0].find("s:text[@class='mark']", NS).text == "RSC"
    legend = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "Named Enemy: RSC Rochefort <the 'Scar'> & Co" in legend
    assert [t.text for t in having(root, "start")[0].iter("{http://www.w3.org/2000/svg}text")] == ["START"]
