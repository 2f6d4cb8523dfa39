"""The shipped content: lint-clean, bundled deterministically, valid bundle."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cardforge_compiler import __version__
from cardforge_compiler.analyse import witness_path
from cardforge_compiler.bundle_check import check_bundle_data
from cardforge_compiler.emit import build_bundle, bundle_bytes
from cardforge_compiler.pipeline import compile_paths
from _helpers import CONTENT, SHIPPED
from greedy import first_answer

CARDFORGE = [sys.executable, "-m", "cardforge_compiler"]


@pytest.fixture(scope="module")
def result():  # noqa: ANN201
    return compile_paths([str(CONTENT)])


@pytest.fixture(scope="module")
def bundle(result):  # noqa: ANN001, ANN201
    return build_bundle(result.packs, __version__)


def test_shipped_content_is_clean() -> None:
    """Everything under content/ (Gascony's Legacy, the Descent props pack and the Enemy
    Attack pack) lints clean, and its one bundle of the three packs passes check-bundle."""
    shipped = compile_paths([str(SHIPPED)])
    assert [f"{d.file}:{d.line}: {d.code} {d.message}" for d in shipped.diagnostics] == []
    assert sorted(p.pack.id for p in shipped.packs) == ["descent-props", "enemy-attack", "gascony"]
    assert check_bundle_data(json.loads(bundle_bytes(build_bundle(shipped.packs, __version__)))) == []


def _battle_layouts(node) -> list[str]:  # noqa: ANN001
    """The layout ids of every battle step under ``node`` (a dumped story model)."""
    if isinstance(node, dict):
        found = [node["battle"]["layout"]] if isinstance(node.get("battle"), dict) else []
        return found + [lay for value in node.values() for lay in _battle_layouts(value)]
    if isinstance(node, list):
        return [lay for value in node for lay in _battle_layouts(value)]
    return []


def test_every_shipped_battle_has_its_layout_and_every_layout_a_battle() -> None:
    """Gascony's Legacy, Battle Cards - Setup: each Battle card shows its layout. The 11
    Battles of Acts I-IV and the one Battle each of the Descent props and Enemy Attack
    packs name a layout of their pack, and each shipped layout is some Battle's."""
    shipped = compile_paths([str(SHIPPED)])
    used = {p.pack.id: sorted({lay for story in p.stories for lay in _battle_layouts(story.model.model_dump())})
            for p in shipped.packs}
    assert {p.pack.id: sorted(p.layouts) for p in shipped.packs} == used
    assert len(used["gascony"]) == 11 and used["descent-props"] == ["sunken-shrine"]
    assert used["enemy-attack"] == ["hive-gate"]


def test_four_acts_start_where_the_rulebook_says(result) -> None:  # noqa: ANN001
    """Gascony's Legacy, Stories: Acts I-IV start on Story cards 11, 21, 31, 41."""
    stories = {s.id: s for p in result.packs for s in p.stories}
    acts = {"act-1": 11, "act-2": 21, "act-3": 31, "act-4": 41}
    assert {a: stories[a].model.start for a in acts if a in stories} == acts
    for act in acts:
        assert 8 <= len(stories[act].cards) <= 15, act
        assert stories[act].model.introduction


def test_a_priest_is_card_12_as_the_rulebook_describes(bundle) -> None:  # noqa: ANN001
    """Gascony's Legacy, Event Cards: draw 1 Equipment card per player to purchase, then each
    Character rolls Movement and recovers 1 Destiny per success, then proceed to card 13."""
    act1 = next(s for s in bundle["packs"][0]["stories"] if s["id"] == "act-1")
    card = next(c for c in act1["cards"] if c["id"] == 12)
    assert card["title"] == "A Priest"
    kinds = [step["kind"] for step in card["steps"]]
    assert kinds == ["purchase", "roll", "goto"]
    purchase, roll, goto = card["steps"]
    assert (purchase["deck"], purchase["per_player"]) == ("Equipment", 1)
    assert (roll["stat"], roll["who"], roll["per_success"]) == ("Movement", "each",
                                                               {"gain": {"destiny": 1, "who": "each"}})
    assert goto == {"kind": "goto", "card": 13}


def test_every_act_ends_in_victory_and_every_card_has_a_witness(result) -> None:  # noqa: ANN001
    for story in (s for p in result.packs for s in p.stories):
        analysis = story.analysis
        assert set(analysis.graph.nodes) == set(story.cards)
        assert any("victory" in kinds for kinds in analysis.endings.values()), story.id
        for card_id in story.cards:
            path = witness_path(analysis, card_id)
            assert path is not None and path[0][0] == story.model.start and path[-1][0] == card_id


def test_the_bundle_validates_against_its_schema(bundle) -> None:  # noqa: ANN001
    assert check_bundle_data(json.loads(bundle_bytes(bundle))) == []


def test_a_hand_broken_bundle_is_reported(bundle) -> None:  # noqa: ANN001
    broken = json.loads(bundle_bytes(bundle))
    del broken["packs"][0]["stories"][0]["cards"][0]["title"]
    broken["packs"][0]["stories"][0]["edges"][0]["via"] = "teleport"
    problems = check_bundle_data(broken)
    paths = {p["path"] for p in problems}
    assert "$.packs[0].stories[0].cards[0]" in paths
    assert "$.packs[0].stories[0].edges[0].via" in paths
    assert {"path": "$.packs[0].stories[0].edges[0].via", "message": '"teleport" is not one of "goto", "option", '
            '"pass", "fail", "objective", "then", "else", "victory", "defeat"'} in problems
    assert {"path": "$.packs[0].stories[0].cards[0]", "message": '"title" is a required property'} in problems
    assert len(problems) == 2                       # the runtime's refusal is at a place already reported


def _goto(bundle: dict) -> dict:
    """The first goto step of the first story (the runtime checks where it goes)."""
    for card in bundle["packs"][0]["stories"][0]["cards"]:
        for step in card["steps"]:
            if step["kind"] == "goto":
                return step
    raise AssertionError("no goto step")


def test_check_bundle_is_the_schema_and_every_runtime_check(bundle) -> None:  # noqa: ANN001
    """A goto to card 99999 fits the schema; the runtime refuses it, and so does check-bundle."""
    from cardforge_runtime import BundleError, load_bundle

    broken = json.loads(bundle_bytes(bundle))
    _goto(broken)["card"] = 99999
    with pytest.raises(BundleError) as refused:
        load_bundle(broken)
    problems = check_bundle_data(broken)
    assert len(problems) == 1 and problems[0]["path"].startswith("$.packs[0].stories[0].cards[")
    assert problems[0]["message"] in str(refused.value) and "99999" in problems[0]["message"]


def test_check_bundle_refuses_deep_nesting_without_crashing(bundle) -> None:  # noqa: ANN001
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    broken = json.loads(bundle_bytes(bundle))
    broken["generator"]["extra"] = deep
    problems = check_bundle_data(broken)
    assert len(problems) == 1 and problems[0]["path"].startswith("$.generator.extra[0][0]")
    assert problems[0]["message"] == ("nested more than 200 levels deep (the limit of every input) "
                                      "(the runtime refuses it before anything else)")


def test_check_bundle_accepts_a_hand_edited_text(bundle) -> None:  # noqa: ANN001
    """The content hash no longer matches: the bundle still plays, so it is valid (play warns)."""
    edited = json.loads(bundle_bytes(bundle))
    edited["packs"][0]["stories"][0]["cards"][0]["title"] += "!"
    assert check_bundle_data(edited) == []


def _build(out: Path, content: Path, seed: str) -> bytes:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    subprocess.run([*CARDFORGE, "build", str(content), "-o", str(out)], check=True, env=env,
                   capture_output=True, cwd=content.parent)
    return out.read_bytes()


def test_bundle_is_byte_identical_across_runs_seeds_and_folders(tmp_path: Path) -> None:
    first = _build(tmp_path / "a.json", CONTENT, "1")
    second = _build(tmp_path / "b.json", CONTENT, "12345")
    moved = tmp_path / "elsewhere" / "content"
    shutil.copytree(CONTENT, moved)
    third = _build(tmp_path / "c.json", moved, "random")
    assert first == second == third
    assert str(CONTENT) .encode() not in first and str(tmp_path).encode() not in third


def test_streamed_bundle_equals_the_whole_bundle(result, bundle) -> None:  # noqa: ANN001
    from cardforge_compiler.emit import bundle_chunks

    assert b"".join(bundle_chunks(result.packs, __version__)) == bundle_bytes(bundle)


def test_pretty_bundle_has_the_same_content_hash(tmp_path: Path) -> None:
    compact, pretty = tmp_path / "c.json", tmp_path / "p.json"
    subprocess.run([*CARDFORGE, "build", str(CONTENT), "-o", str(compact)], check=True, capture_output=True)
    subprocess.run([*CARDFORGE, "build", str(CONTENT), "-o", str(pretty), "--pretty"], check=True, capture_output=True)
    assert json.loads(compact.read_bytes()) == json.loads(pretty.read_bytes())


def test_the_four_musketeers_have_character_boards(bundle) -> None:  # noqa: ANN001
    """Gascony's Legacy, Character boards and standees; Setup: Destiny 3 or 4, Health 4 or 5,
    a Starting Weapon. Athos and Porthos as in the Battle Round Example: Porthos "rolls 4
    dice for his Prowess stat", "his 3 movement points", a Broadsword; Athos "rolling 3
    dice for his Prowess stat", 5 defense dice for his Movement ("1, 1, 3, 3, 6"), raised
    "to 6" by a Stone of Chance, a Rapier. D'Artagnan and Aramis: the pack's own values
    (the rulebook's examples only show them spending 4 movement points)."""
    boards = bundle["packs"][0]["characters"]
    assert [(b["name"], b["stats"], b["destiny"], b["health"], b["weapons"], b["items"]) for b in boards] == [
        ("D'Artagnan", {"Prowess": 4, "Movement": 4}, 4, 4, ["Sabre"], []),
        ("Athos", {"Prowess": 3, "Movement": 5}, 3, 5, ["Rapier"], []),
        ("Porthos", {"Prowess": 4, "Movement": 3}, 3, 5, ["Broadsword"], []),
        ("Aramis", {"Prowess": 3, "Movement": 4}, 4, 4, ["Dagger"], []),
    ]
    # Each board has its Talent and Support. "The Corps-à-corps Talent lets Porthos
    # Interact with a Terrain Tile that requires a Movement Challenge (the Barrel) and
    # automatically get 4 success on the roll"; Aramis' ability heals ("Healing Wounds").
    assert all(b["talent"] and b["support"] and b["talent"]["effects"] and b["support"]["effects"] for b in boards)
    porthos, aramis = boards[2], boards[3]
    assert porthos["talent"]["name"] == "Corps-à-corps"
    assert porthos["talent"]["effects"] == [{"kind": "auto-successes", "action": "interact", "stat": "Movement",
                                             "successes": 4}]
    assert aramis["support"]["effects"] == [                 # an adjacent ally, the players' choice
        {"kind": "heal", "who": {"target": [{"kind": "among", "value": "adjacent"}, {"kind": "players-choice"}]},
         "amount": 1}]
    for board in boards:
        assert board["destiny"] in (3, 4) and board["health"] in (4, 5)
        assert all(2 <= value <= 5 for value in board["stats"].values())


def _has_arguments(node) -> set[str]:  # noqa: ANN001
    """Every item named by a ``has("...")`` call anywhere in bundle data."""
    found: set[str] = set()
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if item.get("op") == "call" and item.get("name") == "has":
                found.update(arg["value"] for arg in item["args"] if arg.get("op") == "const")
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def test_no_starting_item_satisfies_a_has_condition(bundle) -> None:  # noqa: ANN001
    """A starting item would make a `has("...")` that asks whether the players found it true from the start."""
    pack = bundle["packs"][0]
    asked = _has_arguments(pack["stories"])
    assert asked, "the shipped content asks has(...) somewhere"
    assert asked.isdisjoint(item for board in pack["characters"] for item in board["items"] + board["weapons"])


def _card(bundle, story: str, card_id: int) -> dict:  # noqa: ANN001
    act = next(s for s in bundle["packs"][0]["stories"] if s["id"] == story)
    return next(c for c in act["cards"] if c["id"] == card_id)


def test_cards_that_name_a_character_let_that_character_act(bundle) -> None:  # noqa: ANN001
    """Card 13 "Leap onto the yellow horse" and card 31 "D'Artagnan unfolds the Queen's
    letter": D'Artagnan acts (the group picks only when he is not in the party)."""
    leap = _card(bundle, "act-1", 13)["steps"][0]["options"][0]
    assert leap["text"].startswith("Leap onto the yellow horse")
    assert leap["steps"][0]["character"] == "D'Artagnan" and leap["steps"][0]["kind"] == "challenge"
    letter = _card(bundle, "act-3", 31)["steps"][0]
    assert (letter["kind"], letter["items"], letter["character"]) == ("gain", ["Queen's Letter"], "D'Artagnan")


def test_rocheforts_key_opens_the_servants_door(bundle) -> None:  # noqa: ANN001
    """Card 46 gives the Palace Key and the 2 coins its text names; card 47's servants'
    door is offered to whoever holds the key."""
    card46 = _card(bundle, "act-4", 46)
    assert "a purse of 2 coins and a key" in card46["text"]
    gain = next(s for s in card46["steps"] if s["kind"] == "gain")
    assert (gain["coins"], gain["items"]) == (2, ["Palace Key"])
    door = next(s for s in _card(bundle, "act-4", 47)["steps"] if s["kind"] == "choice")["options"][0]
    assert door["text"] == "Unlock the servants' door with Rochefort's key"
    assert door["if"] == {"op": "call", "name": "has", "args": [{"op": "const", "value": "Palace Key"}]}


def _play_from(bundle, story: str, card_id: int, characters: list[str]):  # noqa: ANN001, ANN202
    from cardforge_runtime import Session, load_bundle

    data = json.loads(bundle_bytes(bundle))
    act = next(s for s in data["packs"][0]["stories"] if s["id"] == story)
    act["start"] = card_id
    loaded = load_bundle(data)
    return Session.start(loaded, story, players=len(characters), characters=characters, seed=1)


@pytest.mark.parametrize(("characters", "aramis_after"), [
    (["D'Artagnan", "Athos", "Porthos"], None),                       # Aramis rides as a companion: nobody else is Wounded
    (["D'Artagnan", "Aramis"], (3, ["Despair"])),
])
def test_binding_aramis_wound_wounds_only_aramis(bundle, characters, aramis_after) -> None:  # noqa: ANN001
    """Card 25 "Bind his wound and press on together": Aramis takes the Wound and the
    Despair when he is in the party; otherwise nobody does (`otherwise: skip`)."""
    session = _play_from(bundle, "act-2", 25, characters)
    while session.pending["kind"] in ("text", "card"):
        session.answer({})
    bind = [o["option"] for o in session.pending["options"] if o["text"].startswith("Bind his wound")]
    assert len(bind) == 1
    session.answer({"option": bind[0]})
    assert session.pending["kind"] in ("between", "text")
    before = {c["name"]: (c["health"], c["status"]) for c in session.state["characters"]}
    for name in characters:
        if name == "Aramis":
            assert before[name] == aramis_after
        else:
            board = next(b for b in bundle["packs"][0]["characters"] if b["name"] == name)
            assert before[name] == (board["health"], [])


def test_card_24_wounds_aramis_and_says_what_the_roll_is_for(bundle) -> None:  # noqa: ANN001
    """Card 24: the Prowess roll for coins has its text, and "Aramis has taken a ball
    through the shoulder" is a Wound for Aramis (none when he is not in the party)."""
    steps = _card(bundle, "act-2", 24)["steps"]
    assert [s["kind"] for s in steps] == ["text", "roll", "gain", "text", "lose", "goto"]
    assert "roll Prowess" in steps[0]["text"] and "1 coin" in steps[0]["text"]
    assert {k: steps[4][k] for k in ("health", "character", "otherwise")} == {"health": 1, "character": "Aramis",
                                                                              "otherwise": "skip"}
    heal = _card(bundle, "act-2", 201)["steps"]
    assert [s["kind"] for s in heal] == ["add", "text", "gain", "goto"] and "heals 1 Wound" in heal[1]["text"]


def test_the_shipped_game_has_its_porter(bundle) -> None:  # noqa: ANN001
    """Gascony's Legacy, Component List "Porter Board x1"; Setup 4: "place 1 Equipment
    card per Character face-down, underneath it": the manifest declares him, the
    bundle carries him, and between Story cards of Act I (3 Characters) he holds 3
    cards drawn from the pack's Equipment deck (none while the pack has no decks)."""
    from cardforge_runtime import Session, load_bundle

    assert bundle["packs"][0]["porter"] == {"deck": "Equipment", "cards_per_character": 1}
    session = Session.start(load_bundle(json.loads(bundle_bytes(bundle))), "act-1", players=3, seed=1)
    while session.pending["kind"] != "between":
        session.answer(first_answer(session.pending))
    decks = [d for d in bundle["packs"][0].get("decks", []) if d["role"] == "equipment"]
    porter = session.pending["porter"]
    assert len(porter) == (3 if decks else 0)
    assert all(offer["card"].startswith(f"{decks[0]['name']}#") for offer in porter)


def test_the_box_inventory_is_the_component_list() -> None:
    """Gascony's Legacy, Component List: Map Tiles Large (6x6) x2, Hallway (2x4) x2,
    Medium (4x4) x2, Stairs (2x2) x2; Terrain Tiles Chest x2, Barrel x4, Column /
    Brazier x4, Crates / Balcony x4, Haystack / Table x2, Statue / Chandelier x1, Wagon /
    Chandelier x1; Character Standee x8, Enemy Standee x3. The footprints the rulebook
    does not print are docs/rulings.md's (Terrain tile footprints)."""
    pack = next(p for p in compile_paths([str(CONTENT)]).packs if p.pack.id == "gascony")
    box = pack.components.model.model_dump(mode="json", by_alias=True)
    assert [(m["piece"], m["count"], [s["size"] for s in m["sides"]]) for m in box["map_tiles"]] == [
        ("Large", 2, [[6, 6], [6, 6]]), ("Hallway", 2, [[2, 4], [2, 4]]),
        ("Medium", 2, [[4, 4], [4, 4]]), ("Stairs", 2, [[2, 2], [2, 2]])]
    staircase = box["map_tiles"][3]["sides"][0]
    assert (staircase["keywords"], staircase["arrow"]) == (["Stairs"], "south")
    assert [(e["keyword"], e["side"]) for e in staircase["edges"]] == [("Stair Railing", "west"), ("Stair Railing", "east")]
    assert [(t["piece"], t["count"]) for t in box["terrain_tiles"]] == [
        ("Chest", 2), ("Barrel", 4), ("Column / Brazier", 4), ("Crates / Balcony", 4),
        ("Haystack / Table", 2), ("Statue / Chandelier", 1), ("Wagon / Chandelier", 1)]
    assert box["standees"] == {"characters": 8, "enemies": 3}
    sizes = {name: tuple(doc.model.size) for name, doc in pack.terrain_tiles.items()}
    assert sizes == {"Barrel": (1, 1), "Brazier": (1, 1), "Column": (1, 1), "Chest": (1, 1),
                     "Crates": (2, 1), "Balcony": (2, 1), "Haystack": (2, 1), "Table": (2, 1),
                     "Statue": (2, 2), "Chandelier": (2, 2), "Wagon": (2, 2)}


def test_each_terrain_tile_has_the_rulebooks_keywords_and_challenge() -> None:
    """Gascony's Legacy, Terrain Tiles and the Quick Reference: each tile's keywords and
    its Interact action's n-Movement Challenge."""
    pack = next(p for p in compile_paths([str(CONTENT)]).packs if p.pack.id == "gascony")
    tiles = {name: doc.model.model_dump(mode="json", by_alias=True) for name, doc in pack.terrain_tiles.items()}
    keywords = {name: tile["keywords"] for name, tile in tiles.items()}
    assert keywords == {"Barrel": ["Cover", "Elevated"], "Brazier": ["Cover", "Impassable"], "Statue": ["Blocking"],
                        "Column": ["Blocking"], "Haystack": ["Cover", "Difficult"], "Crates": ["Cover", "Elevated"],
                        "Table": ["Cover", "Elevated"], "Chest": ["Cover", "Impassable"], "Chandelier": [],
                        "Wagon": ["Cover", "Elevated"], "Balcony": []}
    challenges = {(name, a["name"]): a["challenge"] and (a["challenge"]["stat"], a["challenge"]["successes"])
                  for name, tile in tiles.items() for a in tile["actions"]}
    assert challenges == {("Barrel", "Kicking a Barrel"): ("Movement", 3),
                          ("Brazier", "Knocking over a Brazier"): ("Movement", 2),
                          ("Chest", "Open Chest"): None,
                          ("Chandelier", "Chandelier Swing"): ("Movement", 3),
                          ("Wagon", "Wagon Roll"): ("Movement", 4),
                          ("Balcony", "Banner Slide"): ("Movement", 3)}
    assert tiles["Haystack"]["while_on"]["defense_dice"] == 1 and tiles["Wagon"]["arrow"] is True
    assert tiles["Chandelier"]["targets"]["defense"] == 4 and tiles["Chandelier"]["targets"]["attack"] == "ranged"
    assert tiles["Balcony"]["edges"] == [{"keyword": "Railing", "side": "south", "banner": "optional"}]


def _string_constants(root: Path) -> dict[str, str]:
    """Every string literal of the Python files under ``root`` (docstrings and the
    names listed in ``__all__`` left out): ``{value: "file:line"}``."""
    import ast

    found: dict[str, str] = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skipped = {id(node.body[0].value) for node in ast.walk(tree)
                   if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                   and node.body and isinstance(node.body[0], ast.Expr)
                   and isinstance(node.body[0].value, ast.Constant)}
        skipped |= {id(item) for node in ast.walk(tree) if isinstance(node, ast.Assign)
                    and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)
                    for item in ast.walk(node.value)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skipped:
                found.setdefault(node.value, f"{path.relative_to(root.parent)}:{node.lineno}")
    return found


def test_no_shipped_keyword_or_terrain_tile_name_is_written_in_code() -> None:
    """House rule ("No keyword, tile, Enemy or card name in engine code"); issue 8: the
    engine reads a terrain keyword's fields, never its name. No string literal of the
    runtime or the compiler is the name of a shipped terrain keyword, terrain tile or
    map tile side (Cover, Elevated, Barrel, Staircase, Pit, Fog...)."""
    from _helpers import ROOT

    shipped = compile_paths([str(SHIPPED)])
    names = {name for p in shipped.packs for name in (*p.keywords, *p.terrain_tiles, *p.map_tiles)}
    assert {"Cover", "Railing", "Barrel", "Staircase", "Pit", "Fog"} <= names
    for package in (ROOT / "runtime" / "cardforge_runtime", ROOT / "compiler" / "cardforge_compiler"):
        literals = _string_constants(package)
        assert {name: literals[name] for name in names if name in literals} == {}


def test_no_shipped_enemy_deck_card_token_stat_or_ability_name_is_written_in_code(bundle) -> None:  # noqa: ANN001
    """House rule ("No keyword, tile, Enemy or card name in engine code"); issue 9: the
    engine reads Enemies, decks, cards, status tokens, stats, abilities, Stones of
    Chance faces and difficulty options by their fields, never by name. No string
    literal of the runtime or the compiler is such a name of the shipped packs (the
    Melee stat is the pack's ``battle_stats.melee``, not "Prowess" in code)."""
    from _helpers import ROOT

    names: dict[str, str] = {}
    for pack in bundle["packs"]:
        for kind in ("enemies", "named_enemies", "threat_decks", "decks"):
            for item in pack[kind]:
                names[item["name"]] = kind
                for card in item.get("cards", ()):
                    names[card["name"]] = f"{kind} card"
        names.update({token["name"]: "status token" for token in pack["status_tokens"]})
        names.update({stat: "stat" for stat in pack["stats"]})
        names.update({c[a]["name"]: "ability" for c in pack["characters"] for a in ("talent", "support") if c[a]})
        names.update({f["face"]: "Stone of Chance face" for f in (pack["stones_of_chance"] or {}).get("faces", ())})
        names.update({d["name"]: "difficulty" for d in pack["difficulty"]})
    assert {"Cardinal's Guard", "Duck!", "Rapier", "Doom", "Prowess", "Mana Burst", "easier"} <= set(names)
    for package in (ROOT / "runtime" / "cardforge_runtime", ROOT / "compiler" / "cardforge_compiler"):
        literals = _string_constants(package)
        assert {f"{names[n]} {n!r}": literals[n] for n in names if n in literals} == {}
