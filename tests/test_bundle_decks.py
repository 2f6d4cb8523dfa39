"""Enemies, Named Enemies, Threat decks, decks and the manifest's Battle rules in the
bundle (format 1.5.0): what emit writes (every field, defaults filled, effects as
``{"kind": ...}``, Attack Patterns as sorted offsets), the bundle schema, determinism,
what ``load_bundle`` refuses (exact messages with the JSON path), and that a 1.4
bundle without them still loads. The pack is the hand-written fixture of
``_decks_helpers`` (the contract's examples: the Cardinal's Guard, "Guards!", Duck!,
the Broadsword)."""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardforge_compiler import __version__
from cardforge_compiler.bundle_check import check_bundle_data
from cardforge_compiler.emit import build_bundle, bundle_bytes
from cardforge_compiler.pipeline import compile_paths
from cardforge_runtime import BUNDLE_FORMAT_VERSION, BundleError, load_bundle
from _decks_helpers import decks_pack
from _helpers import CONTENT

PACK = ("packs", 0)


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> dict:
    result = compile_paths([str(decks_pack(tmp_path_factory.mktemp("decks")))])
    assert result.diagnostics == [], [f"{d.code} {d.message}" for d in result.diagnostics]
    return json.loads(bundle_bytes(build_bundle(result.packs, __version__)))


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


def test_enemies_are_written_with_defaults_supply_and_default_priorities(bundle: dict) -> None:
    assert bundle["format_version"] == BUNDLE_FORMAT_VERSION == "1.7.0"
    pack = bundle["packs"][0]
    assert [e["name"] for e in pack["enemies"]] == ["Cardinal's Guard", "Marksman"]
    guard = pack["enemies"][0]
    assert guard == {
        "name": "Cardinal's Guard", "type": "melee", "damage": 2, "movement": 4,
        "defense": {"wounded": 2, "defeated": 3}, "range": None, "attack": None, "attacks": 1,
        "retarget_on_kill": False, "on_hit": [], "supply": 6,
        "priorities": {"move": ["stay-if-can-attack", "adjacent-outside-pattern", "adjacent-in-pattern",
                                "toward-nearest"],
                       "target": [{"kind": "among", "value": "adjacent"}, {"kind": "players-choice"}]},
        "text": "Moves the fewest number of squares toward the nearest Character, then attacks 1 adjacent Character.",
    }
    assert pack["enemies"][1]["priorities"]["target"] == [
        {"kind": "among", "value": "line-of-sight"}, {"kind": "nearest"},
        {"kind": "prefer", "role": "Magus", "status": None}, {"kind": "players-choice"}]
    assert pack["named_enemies"] == [{
        "name": "Cardinal Richelieu", "health": {"1": 4, "2": 5, "3": 6, "4": 7}, "defense": 3, "damage": 2,
        "movement": 3, "threat_deck": "Cardinal Richelieu", "falls_on_purpose": False, "text": ""}]


def test_threat_cards_write_both_portions_as_effects_with_every_parameter(bundle: dict) -> None:
    (deck,) = bundle["packs"][0]["threat_decks"]
    assert deck["when_empty"] == "nothing"
    (guards,) = deck["cards"]
    assert guards["threat"] == [
        {"kind": "activate", "enemy": "Cardinal's Guard", "adjacent_to": "this"},
        {"kind": "spawn", "enemy": "Cardinal's Guard", "per_player": 1, "count": None,
         "where": "empty-adjacent-to-this", "falls_on_purpose": False},
        {"kind": "return-to-box"},
    ]
    assert guards["reaction"] == [
        {"kind": "status", "token": "Doom", "who": "you", "if_held": [{"kind": "wound", "who": "you", "amount": 1}]},
        {"kind": "push", "who": "you", "squares": 1, "away_from": "this"},
    ]


def test_equipment_cards_write_patterns_as_sorted_offsets_and_dice_rules_in_full(bundle: dict) -> None:
    decks = {d["name"]: d for d in bundle["packs"][0]["decks"]}
    assert [d["name"] for d in bundle["packs"][0]["decks"]] == ["Equipment", "Loot", "Reaction"]
    broadsword, pistol, unarmed = decks["Equipment"]["cards"]
    assert broadsword == {
        "name": "Broadsword", "count": 1, "text": "", "hands": 2, "slot": "primary", "attack": "melee",
        "value": None, "range": None, "pattern": [[-1, 1], [0, 1], [1, 1]], "cost": 4,
        "dice": [{"on": "attack", "add_pips": 1, "dice_count": 1, "reroll_faces": [], "extra_dice": 0,
                  "advantage": False}],
        "split_sixes": False, "effects": [], "unarmed": False}
    assert (pistol["value"], pistol["range"], pistol["pattern"]) == (3, 5, [[0, 1]])
    assert unarmed["unarmed"] is True
    duck, counter = decks["Reaction"]["cards"]
    assert duck["count"] == 2 and duck["effects"] == [{"kind": "cancel-wound"}, {"kind": "reshuffle"}]
    assert counter["effects"] == [{"kind": "if", "if": {"kind": "adjacent", "value": None},
                                   "then": [{"kind": "wound", "who": "you", "amount": 1}], "else": []}]
    assert decks["Loot"]["cards"][0] == {"name": "Nothing", "count": 1, "text": "", "effects": [], "keep": False,
                                         "use": []}


def test_the_manifest_writes_its_battle_rules_tokens_and_abilities(bundle: dict) -> None:
    pack = bundle["packs"][0]
    assert pack["carry"] == {"hands": 2}
    assert pack["deck_roles"] == {"equipment": "Equipment", "loot": "Loot", "reaction": "Reaction"}
    assert pack["stones_of_chance"]["faces"][0]["options"][0]["effects"] == [{"kind": "extra-attack-die", "dice": 1}]
    assert pack["difficulty"][1] == {"name": "harder", "text": "", "remove_cards": {}, "start_draws": None,
                                     "character_count": 0, "severe_wounds": True, "destiny_start": -2,
                                     "abilities": "stones-only"}
    assert pack["enemy_rules"]["activation_order"] == "melee-then-ranged"
    assert pack["on_death"] == {"effect": "lose-game", "options": []}
    despair = pack["status_tokens"][0]
    assert (despair["covers"], despair["removed_by"], despair["stat_modifier"], despair["stacks"]) == \
        ("support", "Loyalty", None, False)
    (porthos,) = pack["characters"]
    assert porthos["weapons"] == ["Broadsword"] and porthos["support"] is None
    assert porthos["talent"]["effects"] == [{"kind": "auto-successes", "action": "interact", "stat": "Prowess",
                                             "successes": 1}]


def test_the_bundle_fits_the_schema_and_loads(bundle: dict) -> None:
    assert check_bundle_data(copy.deepcopy(bundle)) == []
    load_bundle(copy.deepcopy(bundle))


def test_the_fixture_and_the_shipped_content_build_byte_identically_twice(tmp_path: Path) -> None:
    def build(folder: Path) -> bytes:
        result = compile_paths([str(folder)])
        assert result.errors == []
        return bundle_bytes(build_bundle(result.packs, __version__))

    fixture = decks_pack(tmp_path / "a")
    moved = tmp_path / "b" / "pack"
    shutil.copytree(fixture, moved)
    assert build(fixture) == build(fixture) == build(moved)
    assert build(CONTENT) == build(CONTENT)


E = (*PACK, "enemies", 0)
CARD = (*PACK, "decks", 0, "cards", 0)


@pytest.mark.parametrize(("path", "value", "message"), [
    ((*E, "type"), "flying", "$.packs[0].enemies[0].type: expected one of melee, ranged, found 'flying'"),
    ((*E, "damage"), 13, "$.packs[0].enemies[0].damage: expected a whole number from 0 to 12, found 13"),
    ((*E, "range"), 3, "$.packs[0].enemies[0].range: a melee Enemy has no range: expected null"),
    ((*E, "attack"), 0, "$.packs[0].enemies[0].attack: expected a whole number from 1 to 20, found 0"),
    ((*E, "defense", "defeated"), 1, "$.packs[0].enemies[0].defense.defeated: expected at least wounded (2), found 1"),
    ((*E, "priorities", "move", 0), "fly", "$.packs[0].enemies[0].priorities.move[0]: expected one of "
                                           "stay-if-can-attack, adjacent-outside-pattern, adjacent-in-pattern, "
                                           "toward-nearest, stay-if-line-of-sight, toward-line-of-sight, found 'fly'"),
    ((*E, "priorities", "target"), [], "$.packs[0].enemies[0].priorities.target: a target rule needs at least "
                                       "one selector"),
    ((*E, "on_hit"), [{"kind": "fireball"}], "$.packs[0].enemies[0].on_hit[0].kind: expected one of activate, "),
    ((*E, "supply"), KeyError, "$.packs[0].enemies[0]: missing field 'supply'"),
    ((*PACK, "enemies"), [], "$.packs[0].threat_decks[0].cards[0].threat[0].enemy: \"Cardinal's Guard\" is not "
                             "one of the pack's enemies (none)"),
    ((*PACK, "named_enemies", 0, "health", "4"), KeyError, "$.packs[0].named_enemies[0].health: missing health "
                                                           "for 4 Character(s)"),
    ((*PACK, "named_enemies", 0, "threat_deck"), "Milady", "$.packs[0].named_enemies[0].threat_deck: 'Milady' is "
                                                           "not one of the pack's threat decks (Cardinal Richelieu)"),
    ((*PACK, "threat_decks", 0, "when_empty"), None, "$.packs[0].threat_decks[0].when_empty: expected one of "
                                                     "reshuffle, nothing, found null"),
    ((*PACK, "threat_decks", 0, "cards", 0, "threat", 1, "per_player"), None,
     "$.packs[0].threat_decks[0].cards[0].threat[1]: a spawn effect has exactly one of per_player, count not null"),
    ((*PACK, "threat_decks", 0, "cards", 0, "reaction", 1, "squares"), 0,
     "$.packs[0].threat_decks[0].cards[0].reaction[1].squares: expected a whole number from 1 to 12, found 0"),
    ((*PACK, "threat_decks", 0, "cards", 0, "reaction", 0, "token"), "Gloom",
     "$.packs[0].threat_decks[0].cards[0].reaction[0].token: 'Gloom' is not one of the pack's status tokens"),
    ((*PACK, "threat_decks", 0, "cards", 0, "reaction", 0, "who"), "them",
     "$.packs[0].threat_decks[0].cards[0].reaction[0].who: expected one of you, this, found 'them'"),
    ((*PACK, "threat_decks", 0, "cards", 0, "reaction", 0, "who"), {"target": []},
     "$.packs[0].threat_decks[0].cards[0].reaction[0].who.target: a target rule needs at least one selector"),
    ((*CARD, "hands"), 3, "$.packs[0].decks[0].cards[0].hands: expected one of 1, 2, found 3"),
    ((*CARD, "pattern"), [[1, 1], [0, 1]], "$.packs[0].decks[0].cards[0].pattern: expected the offsets sorted, "
                                           "without repeats"),
    ((*CARD, "pattern", 0), [1], "$.packs[0].decks[0].cards[0].pattern[0]: expected an offset [right, forward], "
                                 "found a list of 1 items"),
    ((*CARD, "range"), 4, "$.packs[0].decks[0].cards[0].range: a melee Weapon has no range: expected null"),
    ((*CARD, "dice", 0, "advantage"), True, "$.packs[0].decks[0].cards[0].dice[0]: a dice rule has exactly one of "
                                            "add_pips, reroll_faces, extra_dice, advantage"),
    ((*PACK, "decks", 0, "cards", 1, "value"), None, "$.packs[0].decks[0].cards[1].value: a ranged Weapon needs "
                                                     "its attack value: expected a whole number"),
    ((*PACK, "decks", 2, "cards", 1, "effects", 0, "if"), {"kind": "wounded", "value": "x"},
     "$.packs[0].decks[2].cards[1].effects[0].if.value: the predicate wounded takes no value: expected null, "
     "found text"),
    ((*PACK, "deck_roles", "loot"), "Booty", "$.packs[0].deck_roles.loot: 'Booty' is not one of the pack's decks"),
    ((*PACK, "characters", 0, "weapons"), ["Rapier"], "$.packs[0].characters[0].weapons[0]: 'Rapier' is not a card "
                                                      "of the pack's Equipment decks"),
    ((*PACK, "status_tokens", 0, "covers"), "both", "$.packs[0].status_tokens[0].covers: expected one of talent, "
                                                    "support, none, found 'both'"),
    ((*PACK, "carry"), {"hands": 9}, "$.packs[0].carry.hands: expected a whole number from 1 to 4, found 9"),
    ((*PACK, "on_death"), {"effect": None, "options": []}, "$.packs[0].on_death: expected an effect (lose-game) "
                                                           "or options, not both nor neither"),
    ((*PACK, "difficulty", 0, "abilities"), "none", "$.packs[0].difficulty[0].abilities: expected one of any, "
                                                    "stones-only, found 'none'"),
    ((*PACK, "enemy_rules", "defaults", "ranged"), KeyError, "$.packs[0].enemy_rules.defaults: missing field "
                                                             "'ranged'"),
    ((*PACK, "decks"), KeyError, "$.packs[0]: missing field 'decks'"),
    ((*PACK, "difficulty", 0, "remove_cards", "Loot"), ["Nothing", "Rapier"],
     "$.packs[0].difficulty[0].remove_cards.Loot[1]: 'Rapier' is not a card of the deck 'Loot' ("),
    ((*PACK, "difficulty", 0, "start_draws"), {"deck": "Booty", "per_character": 1},
     "$.packs[0].difficulty[0].start_draws.deck: 'Booty' is not one of the pack's decks"),
    ((*PACK, "characters", 0, "role"), " Magus", "$.packs[0].characters[0].role: expected a name (text, no space "
                                                 "at either end), found ' Magus'"),
    ((*PACK, "threat_decks", 0, "cards", 0, "reaction_name"), 7,
     "$.packs[0].threat_decks[0].cards[0].reaction_name: expected text or null, found a number"),
    ((*PACK, "characters", 0, "talent", "effects", 0, "stat"), "Charm",
     "$.packs[0].characters[0].talent.effects[0].stat: 'Charm' is not one of the pack's stats (Movement, Prowess)"),
    ((*PACK, "status_tokens", 0, "removed_by"), "Loyalti",
     "$.packs[0].status_tokens[0].removed_by: 'Loyalti' is not one of the pack's Stone of Chance faces ("),
])
def test_load_bundle_refuses_malformed_enemies_and_decks_naming_the_place(bundle: dict, path: tuple, value: object,
                                                                          message: str) -> None:
    load_bundle(copy.deepcopy(bundle))
    with pytest.raises(BundleError) as info:
        load_bundle(_edit(bundle, path, value))
    assert str(info.value).startswith(f"bundle data: {message}"), str(info.value)


def test_a_1_4_bundle_without_enemies_and_decks_still_loads(bundle: dict) -> None:
    old = copy.deepcopy(bundle)
    old["format_version"] = "1.4.0"
    for key in ("enemies", "named_enemies", "threat_decks", "decks", "carry", "deck_roles", "stones_of_chance",
                "difficulty", "enemy_rules", "on_death"):
        del old["packs"][0][key]
    load_bundle(old)
    with pytest.raises(BundleError, match=r"\$\.packs\[0\]: missing field 'enemies'"):
        load_bundle({**old, "format_version": "1.5.0"})


def test_the_annotated_example_of_docs_bundle_md_is_what_emit_writes(bundle: dict) -> None:
    import re

    text = (Path(__file__).resolve().parent.parent / "docs" / "bundle.md").read_text(encoding="utf-8")
    section = text.split("## Enemies and decks", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```json\n(.*?)```", section, re.S).group(1)
    example = json.loads("{" + re.sub(r"\s+// [^\n]*", "", block) + "}")
    pack = bundle["packs"][0]
    assert example["enemies"] == pack["enemies"][:1]
    assert example["named_enemies"] == pack["named_enemies"]
    assert example["threat_decks"] == pack["threat_decks"]
    (equipment,) = example["decks"]
    assert equipment["cards"] == pack["decks"][0]["cards"][:1]
    assert {k: v for k, v in equipment.items() if k != "cards"} == \
        {k: v for k, v in pack["decks"][0].items() if k != "cards"}


def _paths(node: object, prefix: tuple = ()):  # noqa: ANN202
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _paths(value, (*prefix, index))


def _fixture_bundle(tmp_path_factory: pytest.TempPathFactory | None = None) -> dict:
    import tempfile

    result = compile_paths([str(decks_pack(Path(tempfile.mkdtemp(prefix="decks-"))))])
    return json.loads(bundle_bytes(build_bundle(result.packs, __version__)))


_BUNDLE = _fixture_bundle()
_NEW = ("enemies", "named_enemies", "threat_decks", "decks", "deck_roles", "carry", "stones_of_chance", "difficulty",
        "enemy_rules", "on_death", "status_tokens", "characters")
EDIT_PATHS = [p for key in _NEW for p in _paths(_BUNDLE["packs"][0][key], (*PACK, key))]
JUNK = st.one_of(st.none(), st.booleans(), st.integers(-3, 100), st.text(max_size=4), st.just([]), st.just({}),
                 st.just([1, 1]), st.just([[1], {}]), st.just({"kind": "spawn"}), st.just({"kind": "if"}),
                 st.just(KeyError))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edits=st.lists(st.tuples(st.sampled_from(EDIT_PATHS), JUNK), min_size=1, max_size=3))
def test_hand_edits_of_enemies_and_decks_are_refused_with_a_bundle_error_or_load(edits: list) -> None:
    """Whatever a hand edit does to the Enemies, decks or Battle rules, ``load_bundle``
    either accepts the bundle or refuses it with a ``BundleError``: never another
    exception."""
    data = copy.deepcopy(_BUNDLE)
    for path, value in edits:
        try:
            data = _edit(data, path, value)
        except (KeyError, IndexError, TypeError):
            continue                                  # an earlier edit removed the place
    try:
        load_bundle(data)
    except BundleError:
        pass


def test_bundle_gives_a_copy_of_a_packs_enemies_and_decks(bundle: dict) -> None:
    loaded = load_bundle(copy.deepcopy(bundle))
    got = loaded.enemies_and_decks()
    pack = bundle["packs"][0]
    assert got == {key: pack[key] for key in ("enemies", "named_enemies", "threat_decks", "decks", "deck_roles",
                                              "carry", "stones_of_chance", "difficulty", "enemy_rules", "on_death")}
    got["decks"].clear()
    assert loaded.enemies_and_decks("test")["decks"]                # a copy: the bundle is unchanged
    with pytest.raises(KeyError, match="no pack 'gascony'"):
        loaded.enemies_and_decks("gascony")
    old = copy.deepcopy(bundle)
    old["format_version"] = "1.4.0"
    for key in ("enemies", "named_enemies", "threat_decks", "decks", "deck_roles", "carry", "stones_of_chance",
                "difficulty", "enemy_rules", "on_death"):
        del old["packs"][0][key]
    assert load_bundle(old).enemies_and_decks() is None
