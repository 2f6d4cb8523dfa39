"""A pack's ``board`` in the bundle (format 1.4.0): what emit writes (every field,
defaults filled), its schema, determinism, what ``load_bundle`` refuses (with the
JSON path), that a 1.3 bundle still loads, and ``check-bundle``. The pack is the
conformance ``rules`` pack, whose board uses every kind of board field."""

from __future__ import annotations

import copy
import re
import os
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardforge_compiler import __version__
from cardforge_compiler.bundle_check import check_bundle_data
from cardforge_compiler.emit import build_bundle
from cardforge_compiler.pipeline import compile_paths
from cardforge_compiler.schema import generate_schemas
from cardforge_runtime import BUNDLE_FORMAT_VERSION, BundleError, load_bundle
from cardforge_runtime.board import build_board
from cardforge_runtime.format import KEYWORD_DEFAULTS

RULES = Path(__file__).resolve().parent / "conformance" / "content" / "rules"
CARDFORGE = [sys.executable, "-m", "cardforge_compiler"]


@pytest.fixture(scope="module")
def bundle() -> dict:
    result = compile_paths([str(RULES)])
    assert result.errors == []
    return build_bundle(result.packs, __version__)


def test_the_board_is_emitted_with_every_field_and_its_defaults(bundle: dict) -> None:
    assert bundle["format_version"] == BUNDLE_FORMAT_VERSION == "1.7.0"
    board = bundle["packs"][0]["board"]
    assert sorted(board) == ["components", "keywords", "layouts", "map_tiles", "terrain_tiles"]
    assert board["keywords"]["Cover"] == {
        **KEYWORD_DEFAULTS, "text": "If Line of Sight crosses this Tile, figures behind it are in Cover.",
        "sight": {**KEYWORD_DEFAULTS["sight"], "cover": True}}
    assert board["keywords"]["Railing"]["elevated"] == {
        "melee_advantage": False, "ranged_defense_disadvantage": False, "cover_from_own_tile": True,
        "ranged_advantage_over_low_ground": True, "melee_across": False,
        "attacking_down": {"range": 0, "damage": 0}, "attacking_up": {"range": 0, "damage": 0}}
    assert board["map_tiles"]["Staircase"] == {"piece": "Stairs", "size": [2, 2], "keywords": ["Stairs"],
                                               "arrow": "south", "edges": [
                                                   {"keyword": "Railing", "side": "west", "banner": "none"},
                                                   {"keyword": "Railing", "side": "east", "banner": "none"}]}
    assert board["map_tiles"]["Medium A"] == {"piece": "Medium", "size": [4, 4], "keywords": [], "arrow": None,
                                              "edges": []}
    assert board["terrain_tiles"]["Barrel"] == {
        "text": "", "size": [1, 1], "keywords": ["Cover", "Elevated"], "arrow": False, "edges": [],
        "while_on": {"defense_dice": 0, "abilities": []}, "targets": None,
        "actions": [{"name": "Kicking a Barrel", "text": "", "action": "interact", "from": "adjacent-or-on",
                     "movement_cost": 0,
                     "challenge": {"stat": "Movement", "successes": 3},
                     "success": [{"board": "roll-in-line"}, {"board": "remove-tile"}], "failure": []}]}
    assert board["terrain_tiles"]["Chandelier"]["targets"] == {
        "defense": 4, "attack": "ranged", "success": [{"board": "fall"}, {"board": "remove-tile"}], "failure": []}
    assert board["terrain_tiles"]["Wagon"]["actions"][0]["success"] == [{"board": "wagon-roll", "minus": 3}]
    # a story step among an action's effects is written as a story card's (kind first)
    assert board["terrain_tiles"]["Chandelier"]["actions"][0]["failure"] == [
        {"kind": "lose", "health": 2, "who": "one"}]
    layout = board["layouts"]["trial-yard"]
    assert layout["source"] == "board.yaml" and layout["grid"] == [10, 4] and layout["text"] == ""
    assert layout["map_tiles"][0] == {"side": "Medium A", "at": [1, 1], "rotation": 0}
    assert layout["terrain_tiles"][1] == {"tile": "Wagon", "at": [1, 3], "rotation": 0, "facing": "east",
                                          "banner": False, "link": None}
    assert layout["search_tokens"] == [{"token": "A", "at": [2, 1]}, {"token": "?", "at": [9, 4]}]
    assert layout["deployment"][0]["squares"][2] == {"at": [10, 3], "players": 4}
    assert layout["exits"] == [{"squares": [[10, 4]], "edge": "east"}]
    assert board["components"]["standees"] == {"characters": 8, "enemies": 3}
    assert board["components"]["text"] == ""


def test_a_pack_without_board_documents_has_an_empty_board(tmp_path: Path) -> None:
    shutil.copytree(RULES, tmp_path / "rules")
    (tmp_path / "rules" / "board.yaml").unlink()
    result = compile_paths([str(tmp_path / "rules")])
    assert [d.code for d in result.errors] == ["CF312"]
    board = build_bundle(result.packs, __version__)["packs"][0]["board"]
    assert board == {"components": {"text": "", "map_tiles": [], "terrain_tiles": [], "search_tokens": [],
                                    "enemy_tokens": [], "standees": {"characters": 0, "enemies": 0}},
                     "keywords": {}, "terrain_tiles": {}, "map_tiles": {}, "layouts": {}}


def test_the_board_fits_the_bundle_schema_which_requires_every_field(bundle: dict) -> None:
    schema = generate_schemas()["bundle.schema.json"]
    jsonschema.Draft202012Validator(schema).validate(bundle)
    jsonschema.Draft7Validator(schema).validate(bundle)
    broken = copy.deepcopy(bundle)
    del broken["packs"][0]["board"]["keywords"]["Cover"]["sight"]["sees"]
    with pytest.raises(jsonschema.ValidationError, match="'sees' is a required property"):
        jsonschema.Draft202012Validator(schema).validate(broken)
    broken = copy.deepcopy(bundle)
    broken["packs"][0]["board"]["terrain_tiles"]["Wagon"]["actions"][0]["success"][0] = {"board": "wagon-roll"}
    with pytest.raises(jsonschema.ValidationError, match="'minus' is a required property"):
        jsonschema.Draft202012Validator(schema).validate(broken)


def _build(out: Path, content: Path, seed: str) -> bytes:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    subprocess.run([*CARDFORGE, "build", str(content), "-o", str(out)], check=True, env=env,
                   capture_output=True, cwd=content.parent)
    return out.read_bytes()


def test_the_board_is_byte_identical_across_runs_seeds_and_folders(tmp_path: Path) -> None:
    first = _build(tmp_path / "a.json", RULES, "1")
    second = _build(tmp_path / "b.json", RULES, "4242")
    moved = tmp_path / "elsewhere" / "rules"
    shutil.copytree(RULES, moved)
    third = _build(tmp_path / "c.json", moved, "random")
    assert first == second == third
    assert b'"board":{"components":' in first and str(tmp_path).encode() not in third


def test_load_bundle_refuses_a_link_between_tiles_with_no_linking_keyword(bundle: dict) -> None:
    data = copy.deepcopy(bundle)
    placed = data["packs"][0]["board"]["layouts"]["trial-yard"]["terrain_tiles"]
    placed[0]["link"] = placed[1]["link"] = "up"
    names = (placed[0]["tile"], placed[1]["tile"])
    with pytest.raises(BundleError, match=re.escape(
            f"terrain_tiles[1].link: link 'up' joins {names[0]!r} and {names[1]!r}, which share no keyword")):
        load_bundle(data)


def _edit(bundle: dict, path: tuple, value: object) -> dict:
    data = copy.deepcopy(bundle)
    *parents, last = path
    node = data
    for key in parents:
        node = node[key]
    if value is KeyError:
        del node[last]
    else:
        node[last] = value
    return data


BOARD = ("packs", 0, "board")


@pytest.mark.parametrize(("path", "value", "message"), [
    ((*BOARD, "keywords", "Cover", "movement", "enter"), 0,
     "$.packs[0].board.keywords.Cover.movement.enter: expected a whole number from 1 to 10, found 0"),
    ((*BOARD, "keywords", "Cover", "sight", "sees"), "everything",
     "$.packs[0].board.keywords.Cover.sight.sees: expected one of all, adjacent, area, found 'everything'"),
    ((*BOARD, "keywords", "Cover", "elevated"), {"melee_advantage": True},
     "$.packs[0].board.keywords.Cover.elevated: missing field 'ranged_defense_disadvantage'"),
    ((*BOARD, "keywords", "Railing", "applies_to"), "square",
     "$.packs[0].board.terrain_tiles.Balcony.edges[0].keyword: 'Railing' is not an edge keyword of the board"),
    ((*BOARD, "terrain_tiles", "Barrel", "keywords", 0), "Covers",
     "$.packs[0].board.terrain_tiles.Barrel.keywords[0]: 'Covers' is not a square keyword of the board"),
    ((*BOARD, "terrain_tiles", "Barrel", "actions", 0, "success", 0), {"board": "explode"},
     "$.packs[0].board.terrain_tiles.Barrel.actions[0].success[0].board: expected one of roll-in-line,"),
    ((*BOARD, "terrain_tiles", "Barrel", "actions", 0, "challenge", "stat"), "Wits",
     "$.packs[0].board.terrain_tiles.Barrel.actions[0].challenge.stat: 'Wits' is not a stat of the pack"),
    # a story step among an action's effects: checked as a story card's step
    ((*BOARD, "terrain_tiles", "Chandelier", "actions", 0, "failure", 0, "who"), "all",
     "$.packs[0].board.terrain_tiles.Chandelier.actions[0].failure[0].who: expected one of one, each, found 'all'"),
    ((*BOARD, "terrain_tiles", "Chandelier", "actions", 0, "failure", 0), {"kind": "lose", "status": ["Gout"],
                                                                          "who": "one"},
     "$.packs[0].board.terrain_tiles.Chandelier.actions[0].failure[0].status[0]: 'Gout' is not a status token"),
    ((*BOARD, "terrain_tiles", "Chandelier", "actions", 0, "failure", 0), {"kind": "set", "values": {"nope": True}},
     "$.packs[0].board.terrain_tiles.Chandelier.actions[0].failure[0].values.nope: 'nope' is not a flag or counter"),
    ((*BOARD, "terrain_tiles", "Chandelier", "actions", 0, "failure", 0), {"kind": "goto", "card": 1},
     "$.packs[0].board.terrain_tiles.Chandelier.actions[0].failure[0].kind: a terrain action's step is one of text,"),
    ((*BOARD, "terrain_tiles", "Barrel", "actions", 0, "movement_cost"), 13,
     "$.packs[0].board.terrain_tiles.Barrel.actions[0].movement_cost: expected a whole number from 0 to 12"),
    ((*BOARD, "terrain_tiles", "Barrel", "while_on", "abilities"), [3],
     "$.packs[0].board.terrain_tiles.Barrel.while_on.abilities"),
    ((*BOARD, "keywords", "Cover", "movement", "scope"), "room",
     "$.packs[0].board.keywords.Cover.movement.scope: expected one of square, area, found 'room'"),
    ((*BOARD, "keywords", "Cover", "movement", "enter_wounds"), 21,
     "$.packs[0].board.keywords.Cover.movement.enter_wounds: expected a whole number from 0 to 20, found 21"),
    ((*BOARD, "keywords", "Cover", "link"), {"attack": True, "sight": True},
     "$.packs[0].board.keywords.Cover.link: missing `move_cost`"),
    ((*BOARD, "keywords", "Railing", "elevated", "attacking_up", "range"), 7,
     "$.packs[0].board.keywords.Railing.elevated.attacking_up.range: expected a whole number from -6 to 6"),
    ((*BOARD, "layouts", "trial-yard", "terrain_tiles", 1, "link"), "up",
     "$.packs[0].board.layouts.trial-yard.terrain_tiles: link 'up' joins 1 terrain tiles; a link joins exactly 2"),
    ((*BOARD, "map_tiles", "Staircase", "edges", 1, "side"), "up",
     "$.packs[0].board.map_tiles.Staircase.edges[1].side: expected one of north, east, south, west, found 'up'"),
    ((*BOARD, "components", "map_tiles", 0, "sides"), [],
     "$.packs[0].board.components.map_tiles[0].sides: a map tile has exactly 2 sides, found 0"),
    ((*BOARD, "components", "terrain_tiles", 0, "faces"), ["Keg"],
     "$.packs[0].board.components.terrain_tiles[0].faces[0]: 'Keg' is not a terrain tile of the board"),
    ((*BOARD, "layouts", "trial-yard", "grid"), [10],
     "$.packs[0].board.layouts.trial-yard.grid: expected a pair [a, b] of whole numbers, found a list of 1 items"),
    ((*BOARD, "layouts", "trial-yard", "start", 0), [11, 1],
     "$.packs[0].board.layouts.trial-yard.start[0][0]: expected a whole number from 1 to 10, found 11"),
    ((*BOARD, "layouts", "trial-yard", "map_tiles", 1, "rotation"), 45,
     "$.packs[0].board.layouts.trial-yard.map_tiles[1].rotation: expected one of 0, 90, 180, 270, found 45"),
    ((*BOARD, "layouts", "trial-yard", "map_tiles", 0, "side"), "Large A",
     "$.packs[0].board.layouts.trial-yard.map_tiles[0].side: 'Large A' is not a map tile side of the board"),
    ((*BOARD, "layouts", "trial-yard", "terrain_tiles", 1, "facing"), None,
     "$.packs[0].board.layouts.trial-yard.terrain_tiles[1].facing: terrain tile 'Wagon' has an arrow"),
    ((*BOARD, "layouts", "trial-yard", "search_tokens", 0, "token"), "Z",
     "$.packs[0].board.layouts.trial-yard.search_tokens[0].token: 'Z' is not a Search token of the components"),
    ((*BOARD, "layouts", "trial-yard", "deployment", 0, "squares", 0, "players"), 5,
     "$.packs[0].board.layouts.trial-yard.deployment[0].squares[0].players: expected a whole number from 1 to 4"),
    ((*BOARD, "layouts", "trial-yard", "deployment", 0, "enemy"), "Musketeer",
     "$.packs[0].board.layouts.trial-yard.deployment[0].enemy: 'Musketeer' has no Enemy tokens in the components"),
    ((*BOARD, "layouts", "trial-yard", "exits", 0, "edge"), "up",
     "$.packs[0].board.layouts.trial-yard.exits[0].edge: expected one of north, east, south, west or null"),
    ((*BOARD, "layouts", "trial-yard", "source"), KeyError,
     "$.packs[0].board.layouts.trial-yard: missing field 'source'"),
    # A footprint that leaves the grid loaded, and the Battle failed later in build_board
    # (EngineError): the loader checks the placed footprint as it checks a square.
    ((*BOARD, "layouts", "trial-yard", "map_tiles", 2, "at"), [8, 1],
     "$.packs[0].board.layouts.trial-yard.map_tiles[2].at: map tile side 'Medium B' (4 x 4, rotation 0) at "
     "(8, 1) covers (8, 1)-(11, 4), leaving the 10 x 4 grid"),
    ((*BOARD, "layouts", "trial-yard", "terrain_tiles", 2),
     {"tile": "Balcony", "at": [4, 4], "rotation": 90, "facing": None, "banner": False},  # 2 x 1 turned: 1 x 2
     "$.packs[0].board.layouts.trial-yard.terrain_tiles[2].at: terrain tile 'Balcony' (2 x 1, rotation 90) "
     "at (4, 4) covers (4, 4)-(4, 5), leaving the 10 x 4 grid"),
    ((*BOARD, "terrain_tiles", "Balcony", "size"), [2, 5],
     "$.packs[0].board.layouts.trial-yard.terrain_tiles[2].at: terrain tile 'Balcony' (2 x 5, rotation 0) at "
     "(8, 1) covers (8, 1)-(9, 5), leaving the 10 x 4 grid"),
    ((*BOARD, "map_tiles", "Staircase", "edges"),
     [{"keyword": "Railing", "side": "west", "banner": "none"}, {"keyword": "Railing", "side": "west", "banner": "none"}],
     "$.packs[0].board.map_tiles.Staircase.edges[1]: edge keyword 'Railing' is named twice on side 'west'"),
    ((*BOARD, "layouts"), {}, "$.packs[0].stories[0].cards[3].steps[3].layout: 'trial-yard' is not a layout of the "
                              "pack's board"),
    (BOARD, KeyError, "$.packs[0]: missing field 'board'"),
])
def test_load_bundle_refuses_a_malformed_board_naming_the_place(bundle: dict, path: tuple, value: object,
                                                                 message: str) -> None:
    load_bundle(copy.deepcopy(bundle))
    with pytest.raises(BundleError) as info:
        load_bundle(_edit(bundle, path, value))
    assert str(info.value).startswith(f"bundle data: {message}"), str(info.value)


def test_a_1_3_bundle_without_boards_still_loads(bundle: dict) -> None:
    old = _edit(bundle, BOARD, KeyError)
    old["format_version"] = "1.3.0"
    loaded = load_bundle(old)
    assert loaded.board() is None
    new = load_bundle(copy.deepcopy(bundle))
    board = new.board("rules")
    assert board == bundle["packs"][0]["board"]
    board["layouts"].clear()
    assert new.board()["layouts"]                                   # a copy: the bundle is unchanged
    with pytest.raises(KeyError, match="no pack 'gascony'"):
        new.board("gascony")


def test_check_bundle_reports_a_board_fault_once_with_its_path(bundle: dict) -> None:
    assert check_bundle_data(copy.deepcopy(bundle)) == []
    schema_fault = _edit(bundle, (*BOARD, "keywords", "Cover", "movement", "enter"), 0)
    assert check_bundle_data(schema_fault) == [
        {"path": "$.packs[0].board.keywords.Cover.movement.enter", "message": "0 is less than the minimum of 1"}]
    meaning_fault = _edit(bundle, (*BOARD, "layouts", "trial-yard", "map_tiles", 0, "side"), "Large A")
    assert check_bundle_data(meaning_fault) == [
        {"path": "$.packs[0].board.layouts.trial-yard.map_tiles[0].side",
         "message": "'Large A' is not a map tile side of the board"}]


def _paths(node: object, prefix: tuple = ()):  # noqa: ANN202
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _paths(value, (*prefix, index))


def _rules_bundle() -> dict:
    return build_bundle(compile_paths([str(RULES)]).packs, __version__)


_RULES_BUNDLE = _rules_bundle()
BOARD_PATHS = [p for p in _paths(_RULES_BUNDLE["packs"][0]["board"], BOARD) if len(p) > len(BOARD)]
JUNK = st.one_of(st.none(), st.booleans(), st.integers(-3, 100), st.text(max_size=4), st.just([]), st.just({}),
                 st.just([1, 1]), st.just({"board": "wagon-roll"}), st.just(KeyError))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edits=st.lists(st.tuples(st.sampled_from(BOARD_PATHS), JUNK), min_size=1, max_size=3))
def test_hand_edits_of_a_board_are_refused_with_a_bundle_error_or_load(edits: list) -> None:
    """Whatever a hand edit does to a board, ``load_bundle`` either accepts the bundle
    or refuses it with a ``BundleError``: never another exception; and every layout
    of a bundle it accepts builds (``build_board``)."""
    data = copy.deepcopy(_RULES_BUNDLE)
    for path, value in edits:
        try:
            data = _edit(data, path, value)
        except (KeyError, IndexError, TypeError):
            continue                                  # an earlier edit removed the place
    try:
        loaded = load_bundle(data)
    except BundleError:
        return
    board = loaded.board()
    for layout_id in board["layouts"]:             # what loads builds: never an EngineError in a Battle
        build_board(board, layout_id)


def test_a_map_tile_sides_edges_name_edge_keywords_of_the_board(bundle: dict) -> None:
    data = copy.deepcopy(bundle)
    data["packs"][0]["board"]["map_tiles"]["Staircase"]["edges"][0]["keyword"] = "Stairs"
    with pytest.raises(BundleError, match=r"\$\.packs\[0\]\.board\.map_tiles\.Staircase\.edges\[0\]\.keyword: "
                                          r"'Stairs' is not an edge keyword of the board"):
        load_bundle(data)
