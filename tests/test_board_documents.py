"""Board documents (issue 8): components, terrain keywords, terrain tiles and battle
layouts: their models (strict, defaults, the closed board-effect vocabulary), how they
join their pack, duplicates (CF107), and the reference checks CF312 and CF701."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardforge_compiler.model import BattleLayout, Components, TerrainKeyword, TerrainTile
from cardforge_compiler.pipeline import compile_paths
from cardforge_runtime.format import BOARD_EFFECTS, ELEVATED_DEFAULTS, KEYWORD_DEFAULTS
from _helpers import GOLDEN_MANIFEST

COMPONENTS = """\
kind: components
map_tiles:
  - piece: Medium
    count: 2
    sides:
      - side: Medium A
        size: [4, 4]
      - side: Medium B
        size: [4, 4]
terrain_tiles:
  - piece: Crates / Balcony
    count: 2
    faces: [Crates, Balcony]
search_tokens: [A, B]
enemy_tokens:
  - enemy: Guard
    count: 4
"""
KEYWORDS = """\
kind: terrain-keyword
name: Cover
sight: {cover: true}
---
kind: terrain-keyword
name: Railing
applies_to: edge
movement: {cross: false}
"""
TILES = """\
kind: terrain-tile
name: Crates
size: [2, 1]
keywords: [Cover]
---
kind: terrain-tile
name: Balcony
size: [2, 1]
edges:
  - {keyword: Railing, side: south, banner: optional}
"""
LAYOUT = """\
kind: battle-layout
id: yard
title: The Yard
grid: [8, 4]
map_tiles:
  - {side: Medium A, at: [1, 1]}
  - {side: Medium B, at: [5, 1], rotation: 90}
terrain_tiles:
  - {tile: Crates, at: [2, 2]}
search_tokens:
  - {token: A, at: [3, 3]}
  - {token: "?", at: [6, 3]}
deployment:
  - enemy: Guard
    squares:
      - {at: [7, 2], players: 1}
start: [[1, 1], [1, 2], [2, 1], [2, 2]]
exits:
  - squares: [[8, 4]]
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
            - {objective: Reach Exit, victory: Out.}
"""


def lint(tmp_path: Path, **files: str) -> list[tuple[str, str, str]]:
    """Lint a pack of the golden manifest and ``files`` (name -> text); returns
    ``(code, file:line:col, message)`` of every diagnostic."""
    (tmp_path / "pack.yaml").write_text(GOLDEN_MANIFEST.read_text(encoding="utf-8"), encoding="utf-8")
    for name, text in files.items():
        (tmp_path / f"{name}.yaml").write_text(text, encoding="utf-8")
    result = compile_paths([str(tmp_path)])
    return [(d.code, f"{Path(d.file).name}:{d.line}:{d.column}", d.message) for d in result.diagnostics]


def clean() -> dict[str, str]:
    return {"components": COMPONENTS, "keywords": KEYWORDS, "tiles": TILES, "layout": LAYOUT, "story": STORY}


def test_a_clean_board_lints_clean_and_joins_its_pack(tmp_path: Path) -> None:
    assert lint(tmp_path, **clean()) == []
    pack = compile_paths([str(tmp_path)]).packs[0]
    assert isinstance(pack.components.model, Components)
    assert sorted(pack.map_tiles) == ["Medium A", "Medium B"]
    assert pack.map_tiles["Medium B"].path == ("map_tiles", 0, "sides", 1)
    assert sorted(pack.keywords) == ["Cover", "Railing"]
    assert sorted(pack.terrain_tiles) == ["Balcony", "Crates"]
    assert list(pack.layouts) == ["yard"]
    # in load order: files sorted by name
    assert [type(d.model) for d in pack.board_docs] == [Components, TerrainKeyword, TerrainKeyword, BattleLayout,
                                                          TerrainTile, TerrainTile]


def test_defaults_are_the_formats() -> None:
    keyword = TerrainKeyword.model_validate({"kind": "terrain-keyword", "name": "Nothing"})
    dumped = keyword.model_dump(exclude={"kind", "name"})
    assert dumped == KEYWORD_DEFAULTS
    elevated = TerrainKeyword.model_validate({"kind": "terrain-keyword", "name": "E", "elevated": {}}).elevated
    assert elevated.model_dump() == ELEVATED_DEFAULTS
    layout = BattleLayout.model_validate({"kind": "battle-layout", "id": "x", "title": "X", "grid": [2, 2],
                                          "map_tiles": [{"side": "S", "at": [1, 1]}], "start": [[1, 1]]})
    assert layout.map_tiles[0].rotation == 0
    assert layout.terrain_tiles == layout.exits == layout.deployment == []


def test_board_effects_are_a_closed_union_from_the_format() -> None:
    from cardforge_compiler.model.terrain import BOARD_EFFECT_MODELS

    assert list(BOARD_EFFECT_MODELS) == list(BOARD_EFFECTS)
    for name, (_doc, params) in BOARD_EFFECTS.items():
        assert set(BOARD_EFFECT_MODELS[name].model_fields) == {"board", *params}


@pytest.mark.parametrize(("text", "expected"), [
    ("kind: terrain-tile\nname: T\nsize: [1, 1]\nactions:\n  - name: A\n    from: adjacent\n    success:\n"
     "      - board: rol-in-line\n",
     ("CF105", "t.yaml:8:16", "unknown board effect 'rol-in-line'")),
    ("kind: terrain-tile\nname: T\nsize: [1, 1]\nactions:\n  - name: A\n    from: adjacent\n    success:\n"
     "      - amount: 2\n",
     ("CF105", "t.yaml:8:9", "an effect is a board effect (`board: ...`) or a step of: text, gain, lose, set, add, "
                             "clear")),
    ("kind: terrain-tile\nname: T\nsize: [1, 1]\nactions:\n  - name: A\n    from: adjacent\n    success:\n"
     "      - goto: 3\n",
     ("CF105", "t.yaml:8:9", "a terrain action cannot use a 'goto' step (only text, gain, lose, set, add, clear)")),
    ("kind: terrain-tile\nname: T\nsize: [1, 1]\nactions:\n  - name: A\n    from: adjacent\n    success:\n"
     "      - lose: {helth: 1}\n",
     ("CF103", "t.yaml:8:16", "unknown field 'helth'")),
    ("kind: battle-layout\nid: x\ntitle: X\ngrid: [4, 4]\nmap_tiles:\n  - {side: S, at: [1, 1]}\nstart: [[1, 1]]\n"
     "terrain_tiles:\n  - {tile: Stair, at: [1, 1], link: up}\n",
     ("CF105", "t.yaml:9:3", "link 'up' joins 1 terrain tiles; a link joins exactly 2")),
    ("kind: terrain-tile\nname: T\nsize: [1, 1]\nactions:\n  - name: A\n    from: adjacent\n    success:\n"
     "      - board: wagon-roll\n        minuss: 2\n",
     ("CF103", "t.yaml:9:9", "unknown field 'minuss'")),
    ("kind: terrain-tile\nname: T\nsize: [1, 1]\nactions:\n  - name: A\n    from: adjacent\n    failure:\n"
     "      - board: fall\n",
     ("CF105", "t.yaml:5:5", "`failure` effects need a `challenge` to fail")),
    ("kind: components\nsearch_tokens: [A, '?']\n",
     ("CF105", "t.yaml:2:20", "'?' marks a square filled at random in a layout; it is not a token's label")),
    ("kind: battle-layout\nid: x\ntitle: X\ngrid: [4, 4]\nmap_tiles:\n  - {side: S, at: [1, 1], rotation: 45}\n"
     "start: [[1, 1, 1]]\n",
     ("CF105", "t.yaml:6:37", "expected 0, 90, 180 or 270, got 45")),
    ("kind: battle-layout\nid: x\ntitle: X\ngrid: [4, 4]\nmap_tiles:\n  - {side: S, at: [1, 1]}\nstart: [[0, 1]]\n",
     ("CF105", "t.yaml:7:10", "expected a whole number from 1 to 64, got 0")),
    ("kind: battle-layout\nid: x\ntitle: X\ngrid: [4, 4]\nmap_tiles:\n  - {side: S, at: [1, 1]}\n"
     "start: [[1, 1, 1]]\n",
     ("CF105", "t.yaml:7:9", "expected [column, row]: 2 whole numbers, got 3")),
    ("kind: battle-layout\nid: x\ntitle: X\ngrid: [4, 4]\nmap_tiles:\n  - {side: S, at: [1, 1]}\nstart: [[1, 1]]\n"
     "deployment:\n  - enemy: G\n    squares: [{at: [1, 2], players: 5}]\n",
     ("CF105", "t.yaml:10:37", "expected a whole number from 1 to 4, got 5")),
    # A name listed twice was taken silently (railings twice was refused): a keyword
    # applies once, and each Search token of the box is one labelled token.
    ("kind: terrain-tile\nname: T\nsize: [1, 1]\nkeywords: [Cover, Cover]\n",
     ("CF105", "t.yaml:4:11", "`keywords` names 'Cover' twice")),
    ("kind: components\nmap_tiles:\n  - piece: P\n    count: 1\n    sides:\n"
     "      - {side: S, size: [2, 2], keywords: [Stairs, Stairs]}\n      - {side: U, size: [2, 2]}\n",
     ("CF105", "t.yaml:6:43", "`keywords` names 'Stairs' twice")),
    ("kind: components\nsearch_tokens: [A, B, A]\n",
     ("CF105", "t.yaml:2:16", "`search_tokens` names 'A' twice")),
    # A field the engine reads only on the other kind of keyword did nothing, silently:
    # a square keyword "cross: false" is no wall, an edge keyword "enter: 2" no cost.
    ("kind: terrain-keyword\nname: K\nmovement:\n  cross: false\n",
     ("CF105", "t.yaml:4:3", "`movement.cross` is read only on edge keywords (applies_to: edge): on a square "
                             "keyword it does nothing")),
    ("kind: terrain-keyword\nname: K\napplies_to: edge\nmovement:\n  enter: 2\nsight:\n  sees: adjacent\n",
     ("CF105", "t.yaml:5:3", "`movement.enter` is read only on square keywords (applies_to: square): on an edge "
                             "keyword it does nothing")),
    ("kind: terrain-keyword\nname: K\napplies_to: edge\nelevated:\n  melee_advantage: true\n",
     ("CF105", "t.yaml:5:3", "`elevated.melee_advantage` is read only on square keywords (applies_to: square): "
                             "on an edge keyword it does nothing")),
    # Two identical edges (the Balcony's Railing on its south side twice) were taken.
    ("kind: terrain-tile\nname: T\nsize: [2, 1]\nedges:\n  - {keyword: Railing, side: south}\n"
     "  - {keyword: Railing, side: south}\n",
     ("CF105", "t.yaml:5:3", "`edges` names keyword 'Railing' on side south twice")),
    # A Named Enemy set up on two squares, an Exit square listed twice: taken silently.
    ("kind: battle-layout\nid: x\ntitle: X\ngrid: [4, 4]\nmap_tiles:\n  - {side: S, at: [1, 1]}\nstart: [[1, 1]]\n"
     "named_enemies:\n  - {name: Rochefort, at: [2, 2]}\n  - {name: Rochefort, at: [3, 3]}\n",
     ("CF105", "t.yaml:9:3", "`named_enemies` names 'Rochefort' twice")),
    ("kind: battle-layout\nid: x\ntitle: X\ngrid: [4, 4]\nmap_tiles:\n  - {side: S, at: [1, 1]}\nstart: [[1, 1]]\n"
     "exits:\n  - squares: [[4, 1], [4, 1]]\n",
     ("CF105", "t.yaml:9:14", "`squares` names (4, 1) twice")),
])
def test_malformed_board_documents(tmp_path: Path, text: str, expected: tuple[str, str, str]) -> None:
    found = lint(tmp_path, t=text)
    assert expected in found, found


def test_unknown_field_of_a_layout_map_tile_offers_the_layouts_fields(tmp_path: Path) -> None:
    """``map_tiles`` means pieces in components and placements in a layout."""
    found = lint(tmp_path, **{**clean(), "layout": LAYOUT.replace("{side: Medium A, at: [1, 1]}",
                                                                  "{side: Medium A, at: [1, 1], rotaton: 90}")})
    diag = next(d for d in compile_paths([str(tmp_path)]).diagnostics if d.code == "CF103")
    assert diag.hint == "did you mean 'rotation'?", found


def test_duplicates_are_cf107(tmp_path: Path) -> None:
    found = lint(tmp_path, **{**clean(), "more": COMPONENTS + "---\n" + KEYWORDS.split("---\n")[0] + "---\n"
                              + TILES.split("---\n")[0] + "---\n" + LAYOUT})
    # files load in name order: more.yaml's tile comes before tiles.yaml's
    assert [(c, where) for c, where, _ in found] == [
        ("CF107", "more.yaml:1:7"), ("CF107", "more.yaml:20:7"), ("CF107", "more.yaml:29:5"),
        ("CF107", "tiles.yaml:2:7")]
    messages = [message.replace(str(tmp_path) + "/", "") for _, _, message in found]
    assert messages == ["a components document for this pack is already defined (components.yaml:1)",
                        "a terrain-keyword with name 'Cover' is already defined (keywords.yaml:2)",
                        "a battle-layout with id 'yard' is already defined (layout.yaml:2)",
                        "a terrain-tile with name 'Crates' is already defined (more.yaml:24)"]


def test_a_side_name_twice_is_cf107(tmp_path: Path) -> None:
    found = lint(tmp_path, **{**clean(), "components": COMPONENTS.replace("side: Medium B", "side: Medium A")})
    assert found == [("CF107", "components.yaml:8:15",
                      "a map tile side named 'Medium A' is already defined for piece 'Medium' (line 6)"),
                     ("CF701", "layout.yaml:7:12", "unknown map tile side 'Medium B'")]


@pytest.mark.parametrize(("change", "expected"), [
    (("layout", "side: Medium B", "side: Medium C"),
     ("CF701", "layout.yaml:7:12", "unknown map tile side 'Medium C'")),
    (("layout", "tile: Crates", "tile: Crate"), ("CF701", "layout.yaml:9:12", "unknown terrain tile 'Crate'")),
    (("layout", "token: A", "token: Z"), ("CF701", "layout.yaml:11:13", "unknown Search token 'Z'")),
    (("layout", "enemy: Guard", "enemy: Gard"), ("CF701", "layout.yaml:14:12", "unknown Enemy token 'Gard'")),
    (("tiles", "keywords: [Cover]", "keywords: [Cover, Railing]"),
     ("CF701", "tiles.yaml:4:19", "terrain keyword 'Railing' is an edge keyword (applies_to: edge): it lies on "
                                  "edges, not on squares")),
    (("tiles", "keyword: Railing", "keyword: Cover"),
     ("CF701", "tiles.yaml:10:15", "terrain keyword 'Cover' is a square keyword: it lies on squares, not on an edge")),
    (("tiles", "keywords: [Cover]", "keywords: [Cuver]"),
     ("CF701", "tiles.yaml:4:12", "unknown terrain keyword 'Cuver'")),
    (("components", "faces: [Crates, Balcony]", "faces: [Crates, Balconi]"),
     ("CF701", "components.yaml:13:21", "unknown terrain tile 'Balconi'")),
])
def test_unknown_board_names_are_cf701(tmp_path: Path, change: tuple[str, str, str],
                                       expected: tuple[str, str, str]) -> None:
    files = clean()
    name, old, new = change
    assert old in files[name]
    files[name] = files[name].replace(old, new, 1)
    assert lint(tmp_path, **files) == [expected]


def test_a_layout_without_components_is_reported_once(tmp_path: Path) -> None:
    files = clean()
    del files["components"]
    found = lint(tmp_path, **{**files, "tiles": TILES})
    assert [(c, w) for c, w, _ in found] == [("CF701", "layout.yaml:6:3")]


def test_a_reference_to_an_invalid_document_is_not_reported_again(tmp_path: Path) -> None:
    """One fault, one report: the layout is there but invalid; the tile too."""
    files = clean()
    files["layout"] = LAYOUT.replace("grid: [8, 4]", "grid: [8]")
    files["tiles"] = TILES.replace("name: Crates\nsize: [2, 1]", "name: Crates\nsize: 2")
    found = lint(tmp_path, **files)
    assert [c for c, _, _ in found] == ["CF105", "CF104"], found


def test_a_stat_of_a_terrain_action_is_the_packs(tmp_path: Path) -> None:
    files = clean()
    files["tiles"] += ("actions:\n  - name: Slide\n    from: high-ground-by-banner\n"
                       "    challenge: {stat: Movment, successes: 3}\n    success: [{board: slide-over-railing}]\n")
    assert lint(tmp_path, **files) == [("CF304", "tiles.yaml:14:23", "'Movment' is not a stat of pack 'golden'")]


def test_the_story_steps_of_a_terrain_action_are_checked_as_a_cards(tmp_path: Path) -> None:
    """CF305 (status token) and CF202 (flag or counter no story declares) for story
    steps among a terrain action's effects; the same steps, well named, lint clean."""
    files = clean()
    files["tiles"] += ("actions:\n  - name: Slide\n    from: high-ground-by-banner\n"
                       "    challenge: {stat: Movement, successes: 3}\n"
                       "    success:\n      - board: slide-over-railing\n      - lose: {status: [Gout], who: one}\n"
                       "    failure:\n      - set: {slid: true}\n      - clear: [nope]\n")
    found = lint(tmp_path, **files)
    assert found == [("CF305", "tiles.yaml:17:25", "'Gout' is not a status token of pack 'golden'"),
                     ("CF202", "tiles.yaml:19:15", "'slid' is not a declared flag or counter"),
                     ("CF202", "tiles.yaml:20:17", "'nope' is not a declared flag or counter")], found


def test_cf312_lists_the_layouts_or_says_how_to_add_one(tmp_path: Path) -> None:
    files = clean()
    files["story"] = STORY.replace("layout: yard", "layout: cellar")
    result = None
    assert lint(tmp_path, **files) == [("CF312", "story.yaml:10:19", "no battle layout 'cellar' in pack 'golden'")]
    result = compile_paths([str(tmp_path)])
    assert result.diagnostics[0].hint == "the pack's layouts are yard"
    (tmp_path / "layout.yaml").unlink()
    result = compile_paths([str(tmp_path)])
    assert [d.hint for d in result.diagnostics] == [
        "add a document with `kind: battle-layout` and `id: cellar` to the pack"]


def _board_section() -> str:
    text = (Path(__file__).resolve().parent.parent / "docs" / "format.md").read_text(encoding="utf-8")
    return text.split("## Battle boards", 1)[1].split("\n## ", 1)[0]


def test_the_board_examples_of_docs_format_md_are_valid() -> None:
    """Every YAML example of docs/format.md, Battle boards, is a valid document of its kind."""
    from ruamel.yaml import YAML

    from cardforge_compiler.model import DOCUMENT_MODELS

    blocks = _board_section().split("```yaml\n")[1:]
    kinds = []
    for block in blocks:
        for document in YAML(typ="safe").load_all(block.split("```", 1)[0]):
            if document is None:
                continue                                    # the modeline alone
            DOCUMENT_MODELS[document["kind"]].model_validate(document)
            kinds.append(document["kind"])
    assert sorted(set(kinds)) == ["battle-layout", "components", "terrain-keyword", "terrain-tile"]


def test_every_board_field_is_documented_in_docs_format_md() -> None:
    from cardforge_compiler.model import BOARD_KINDS, DOCUMENT_MODELS
    from cardforge_compiler.model_paths import _models_in

    section = _board_section()
    seen, todo, missing = set(), [DOCUMENT_MODELS[kind] for kind in BOARD_KINDS], []
    while todo:
        model = todo.pop()
        if model in seen or model.__module__ == "cardforge_compiler.model.steps":
            continue                    # story steps among an action's effects: docs/format.md, Steps
        seen.add(model)
        for name, info in model.model_fields.items():
            key = info.alias or name
            if f"`{key}" not in section and f".{key}`" not in section and f" {key} " not in section:
                missing.append(f"{model.__name__}.{key}")
            todo.extend(_models_in(info.annotation))
    assert missing == []
    for effect in BOARD_EFFECTS:
        assert f"| `{effect}` |" in section


def test_a_map_tile_sides_edges_name_edge_keywords(tmp_path: Path) -> None:
    """A map tile side's ``edges`` (the Staircase's Railings) name edge keywords of the
    pack, as a terrain tile's do; a pack may have several (a Rope beside the Railing)."""
    files = clean()
    files["components"] = COMPONENTS.replace("      - side: Medium B\n        size: [4, 4]\n",
                                             "      - side: Medium B\n        size: [4, 4]\n"
                                             "        edges: [{keyword: Rope, side: west}]\n")
    two = files["keywords"] + "---\nkind: terrain-keyword\nname: Rope\napplies_to: edge\n"
    assert lint(tmp_path, **{**files, "keywords": two}) == []
    assert lint(tmp_path, **files) == [
        ("CF701", "components.yaml:10:27", "unknown terrain keyword 'Rope'")]
    files["components"] = files["components"].replace("keyword: Rope", "keyword: Cover")
    assert lint(tmp_path, **files) == [
        ("CF701", "components.yaml:10:27", "terrain keyword 'Cover' is a square keyword: it lies on squares, not "
                                          "on an edge")]


def test_the_wagon_roll_text_says_where_riders_and_the_figures_under_it_go():
    """Terrain Tiles, Wagon Roll: "Any Characters or Named Enemies in squares where the
    Wagon stops are moved to the nearest empty square. Characters on top of the Wagon
    ride it and remain on top of the Wagon wherever it stops"."""
    from cardforge_runtime.board_fields import BOARD_EFFECTS

    text = BOARD_EFFECTS["wagon-roll"][0]
    assert "where it stops are moved to the nearest empty square" in text
    assert "Characters on top of it ride it and stay on top wherever it stops" in text
