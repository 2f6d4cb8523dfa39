"""The Enemy and deck documents (``kind: enemy``, ``named-enemy``, ``threat-deck``,
``deck``), the manifest's Battle rules and Character abilities: lint's diagnostics on
faults (exact code, position, message and hint), the Attack Pattern grid and its
offsets, resolve's links (supply, Threat decks, deck roles, Starting Weapons; unknown
names link to nothing, never crash), and that lint and the published schemas agree
on the fixture's documents and faults."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft7Validator, Draft202012Validator
from pydantic_core import PydanticCustomError

from cardforge_compiler.load import discover, load_files
from cardforge_compiler.model.patterns import check_pattern, pattern_offsets
from cardforge_compiler.pipeline import compile_paths
from cardforge_compiler.validate import validate_document
from _decks_helpers import COMPONENTS, DECKS, ENEMIES, RULES, THREATS, decks_pack

SCHEMAS = Path(__file__).resolve().parent.parent / "schemas"

FAULTS = {
    "unknown effect": (dict(threats=THREATS.replace("- return-to-box: {}", "- return-to-boxx: {}")),
                       ("CF105", "threats.yaml", 9, 9, "unknown effect kind 'return-to-boxx'",
                        "did you mean 'return-to-box'?")),
    "effect not a mapping": (dict(threats=THREATS.replace("- return-to-box: {}", "- return-to-box")),
                             ("CF104", "threats.yaml", 9, 9, "expected an effect (a mapping such as "
                              "`push: {squares: 1}`), got 'return-to-box'",
                              "write `- return-to-box: {}` (an effect is a mapping)")),
    "pattern character": (dict(decks=DECKS.replace('"xFx"', '"xFy"')),
                          ("CF825", "decks.yaml", 33, 12, "Attack Pattern: row 1, column 3: 'y' is not a pattern "
                           "character",
                           "use x (in the pattern), . (not), F or f (the facing square), o (the figure)")),
    "two facing squares": (dict(decks=DECKS.replace('".o."', '".F."')),
                           ("CF825", "decks.yaml", 33, 7, "an Attack Pattern has exactly one facing square "
                            "(F or f), found 2", "mark the square the figure faces with F (in the pattern) or f "
                            "(not in it)")),
    "unequal rows": (dict(decks=DECKS.replace('".o."', '".o"')),
                     ("CF825", "decks.yaml", 34, 9, "Attack Pattern: row 2 has 2 squares, row 1 has 3: the rows "
                      "of a pattern are of equal length", "pad the rows with `.` so that every row has the same length")),
    "a field of another role": (dict(decks=DECKS.replace("    effects: [{cancel-wound: {}}, {reshuffle: {}}]",
                                                         "    effects: [{cancel-wound: {}}]\n    hands: 1")),
                                ("CF105", "decks.yaml", 6, 5, "`hands` is not a field of a reaction card",
                                 "a reaction card has: name, count, text, effects")),
    "equipment without hands": (dict(decks=DECKS.replace("    hands: 2\n", "")),
                                ("CF105", "decks.yaml", 27, 5, "an equipment card needs `hands`", "add `hands:`")),
    "ranged Weapon without value": (dict(decks=DECKS.replace("    value: 3\n", "")),
                                    ("CF105", "decks.yaml", 36, 5, "a ranged Weapon needs `value` (the dice its "
                                     "attack rolls)", "add `value:` with its listed Attack value")),
    "health for 5 Characters": (dict(enemies=ENEMIES.replace("4: 7}", "5: 7}")),
                                ("CF105", "enemies.yaml", 22, 9, "5 is not a number of Characters: the keys are "
                                 "1 to 4", "write one value per number of Characters: `{1: 4, 2: 5, 3: 6, 4: 7}`")),
    "health for 3 counts": (dict(enemies=ENEMIES.replace(", 4: 7}", "}")),
                            ("CF105", "enemies.yaml", 22, 9, "`health` gives no value for 4 Character(s)",
                             "the Named Enemy Tracker card gives health for 1, 2, 3 and 4 Characters: write all "
                             "four, even in a pack for fewer players (`health: {1: 4, 2: 5, 3: 6, 4: 7}`)")),
    "spawn with both counts": (dict(threats=THREATS.replace("per_player: 1,", "per_player: 1, count: {1: 2},")),
                               ("CF105", "threats.yaml", 8, 16, "`spawn` takes exactly one of `per_player` or "
                                "`count`", "keep one of per_player, count")),
    "unknown parameter": (dict(threats=THREATS.replace("squares: 1,", "squares: 1, far: 2,")),
                          ("CF103", "threats.yaml", 12, 38, "unknown field 'far'",
                           "allowed here: who, squares, away_from")),
    "dice rule of two kinds": (dict(decks=DECKS.replace("add_pips: 1}", "add_pips: 1, extra_dice: 1}")),
                               ("CF105", "decks.yaml", 35, 12, "a dice rule has exactly one of add_pips, "
                                "reroll_faces, extra_dice, advantage; found 2",
                                "write one rule per list item: `- {on: attack, add_pips: 1}`")),
    "on_death with both": (dict(rules=RULES.replace("on_death: {effect: lose-game}",
                                                    "on_death: {effect: lose-game, options: [{name: A, "
                                                    "effect: retire}]}")),
                           ("CF105", "pack.yaml", 42, 11, "give exactly one of `effect` or `options`",
                            "write `on_death: {effect: lose-game}` or a list of `options`")),
    # a shorthand effect's scalar is its one parameter: a wrong one is reported as that parameter's
    # fault, once, at the value (not also "expected a mapping")
    "shorthand above its range": (dict(rules=RULES.replace("[extra-attack-die: 1]", "[extra-attack-die: 99]")),
                                  ("CF105", "pack.yaml", 28, 63, "expected a whole number from 1 to 6, got 99",
                                   "99 is above the largest value allowed here, 6")),
    "shorthand below its range": (dict(rules=RULES.replace("{move-bonus: 1}", "{move-bonus: -1}")),
                                  ("CF105", "pack.yaml", 30, 79, "expected a whole number from 1 to 12, got -1",
                                   "-1 is below the smallest value allowed here, 1")),
    "shorthand of the wrong type": (dict(rules=RULES.replace("{move-bonus: 1}", "{use-ability: 3}")),
                                    ("CF105", "pack.yaml", 30, 80, "expected 'talent' or 'support', got 3",
                                     "this field takes one of: talent, support")),
    "shorthand text for a number": (dict(rules=RULES.replace("{move-bonus: 1}", "{move-bonus: far}")),
                                    ("CF104", "pack.yaml", 30, 79, "expected a whole number, got 'far'",
                                     "write a whole number here, such as 3, without quotes")),
    "shorthand's long form": (dict(rules=RULES.replace("{move-bonus: 1}", "{move-bonus: {squares: 99}}")),
                              ("CF105", "pack.yaml", 30, 89, "expected a whole number from 1 to 12, got 99",
                               "99 is above the largest value allowed here, 12")),
    # `who` is 'you', 'this' or a target-rule mapping: a fault is reported once, by the member of
    # the value's shape (not also "expected a mapping" / "expected 'you' or 'this', got a mapping")
    "misspelled subject": (dict(threats=THREATS.replace("- push: {who: you,", "- push: {who: yuo,")),
                           ("CF105", "threats.yaml", 12, 21, "expected 'you' or 'this', got 'yuo'",
                            "did you mean 'you'?")),
    "misspelled selector of a subject": (dict(threats=THREATS.replace("- push: {who: you,",
                                                                      "- push: {who: {target: [nearst]},")),
                                         ("CF105", "threats.yaml", 12, 31, "expected 'nearest', 'weakest' or "
                                          "'players-choice', got 'nearst'", "did you mean 'nearest'?")),
    # whole-number keys load (a count of Characters); where a name is expected they are refused
    "a number as a stat name": (dict(rules=RULES.replace("stats: {Prowess: 4, Movement: 3}",
                                                         "stats: {Prowess: 4, Movement: 3, 7: 2}")),
                                ("CF104", "pack.yaml", 14, 38, "the key 7 is not text: keys here are names",
                                 'quote it if it is meant as text: "7"')),
}


@pytest.mark.parametrize("name", list(FAULTS))
def test_a_fault_is_one_diagnostic_at_its_place_with_a_hint(name: str, tmp_path: Path) -> None:
    replace, (code, file, line, column, message, hint) = FAULTS[name]
    result = compile_paths([str(decks_pack(tmp_path, **replace))])
    found = [(d.code, Path(d.file).name, d.line, d.column, d.message, d.hint) for d in result.diagnostics]
    assert found == [(code, file, line, column, message, hint)]


def test_the_fixture_lints_clean_and_links_its_names(tmp_path: Path) -> None:
    result = compile_paths([str(decks_pack(tmp_path))])
    assert result.diagnostics == []
    (pack,) = result.packs
    linked = pack.linked
    assert {n: e.supply for n, e in linked.enemies.items()} == {"Cardinal's Guard": 6, "Marksman": 2}
    assert linked.named_enemies["Cardinal Richelieu"].threat_deck is pack.threat_decks["Cardinal Richelieu"]
    assert {role: doc.model.name for role, doc in linked.roles.items()} == {
        "equipment": "Equipment", "reaction": "Reaction", "loot": "Loot"}
    (weapon,) = linked.weapons
    assert (weapon.name, weapon.path, weapon.card.cost) == ("Broadsword", ("characters", 0, "weapons", 0), 4)
    assert linked.unknown_tokens == []


def test_unknown_names_link_to_nothing_and_never_crash(tmp_path: Path) -> None:
    folder = decks_pack(tmp_path, components=COMPONENTS.replace("Marksman", "Musketeer"),
                       enemies=ENEMIES.replace("threat_deck: Cardinal Richelieu", "threat_deck: Milady"),
                       rules=RULES.replace("weapons: [Broadsword]", "weapons: [Rapier]").replace(
                           "loot: Loot}", "loot: Booty}"))
    result = compile_paths([str(folder)])
    # resolve links them to nothing; the CF8xx checks report each once, where it is written
    assert [(d.code, Path(d.file).name, d.line) for d in result.errors] == [
        ("CF809", "components.yaml", 4), ("CF810", "enemies.yaml", 10), ("CF808", "enemies.yaml", 26),
        ("CF804", "pack.yaml", 17), ("CF803", "pack.yaml", 23)]
    linked = result.packs[0].linked
    assert linked.enemies["Marksman"].supply is None
    assert linked.unknown_tokens == [(1, "Musketeer")]
    assert linked.named_enemies["Cardinal Richelieu"].threat_deck is None
    assert linked.roles["loot"] is None and linked.roles["equipment"] is not None
    assert [(w.name, w.card) for w in linked.weapons] == [("Rapier", None)]


@pytest.mark.parametrize(("rows", "offsets"), [
    (["xFx", ".o."], [[-1, 1], [0, 1], [1, 1]]),
    (["F"], [[0, 1]]),
    (["x", "f", "o"], [[0, 2]]),                          # the facing square itself not in the pattern
    (["xFx", "xxx"], [[-1, 0], [-1, 1], [0, 0], [0, 1], [1, 0], [1, 1]]),   # own square [0, 0]: a check's
    (["..x", "xf.", "..."], [[-1, 1], [1, 2]]),
])
def test_a_pattern_grid_becomes_sorted_right_forward_offsets(rows: list[str], offsets: list[list[int]]) -> None:
    assert pattern_offsets(check_pattern(rows)) == offsets


@pytest.mark.parametrize(("rows", "message"), [
    ([], "an Attack Pattern needs at least one row"),
    (["xx"], "an Attack Pattern has exactly one facing square (F or f), found 0"),
    (["oFo"], "an Attack Pattern has at most one own square (o), found 2"),
    (["Fo"], "row 1, column 2: the own square `o` sits just below the facing square"),
])
def test_a_malformed_pattern_grid_is_refused_precisely(rows: list[str], message: str) -> None:
    with pytest.raises(PydanticCustomError) as info:
        check_pattern(rows)
    assert info.value.message() == message


def _json_like(value):  # noqa: ANN001, ANN202
    if isinstance(value, dict):
        return {str(k): _json_like(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_json_like(v) for v in value]
    return value


#: The faults a JSON Schema can say (the pattern grid's geometry it cannot).
SCHEMA_FAULTS = ["unknown effect", "a field of another role", "equipment without hands",
                 "ranged Weapon without value", "health for 5 Characters", "health for 3 counts",
                 "spawn with both counts", "unknown parameter", "dice rule of two kinds", "on_death with both"]


@pytest.mark.parametrize("cls", [Draft7Validator, Draft202012Validator], ids=["draft-07", "2020-12"])
@pytest.mark.parametrize("fault", ["", *SCHEMA_FAULTS])
def test_lint_and_the_published_schemas_agree_on_the_fixture(fault: str, cls, tmp_path: Path) -> None:  # noqa: ANN001
    folder = decks_pack(tmp_path, **(FAULTS[fault][0] if fault else {}))
    files, _ = discover([str(folder)])
    load_files(files)
    for sf in files:
        for index, raw in enumerate(sf.documents):
            kind = raw["kind"]
            schema = json.loads((SCHEMAS / f"{kind}.schema.json").read_text())
            errors = list(cls(schema).iter_errors(_json_like(raw)))
            lint = validate_document(sf, index, raw)[1]
            assert bool(errors) == bool(lint), (sf.display, kind, [e.message for e in errors[:3]], lint)


def _docs_section() -> str:
    text = (Path(__file__).resolve().parent.parent / "docs" / "format.md").read_text(encoding="utf-8")
    return text.split("## Enemies and decks", 1)[1].split("\n## ", 1)[0]


def test_the_examples_of_docs_format_md_enemies_and_decks_are_valid() -> None:
    """Every YAML example of docs/format.md, Enemies and decks, is a valid document of its kind."""
    from ruamel.yaml import YAML

    from cardforge_compiler.model import DOCUMENT_MODELS

    kinds = []
    for block in _docs_section().split("```yaml\n")[1:]:
        for document in YAML(typ="safe").load_all(block.split("```", 1)[0]):
            if document is None:
                continue                                    # the modeline alone
            DOCUMENT_MODELS[document["kind"]].model_validate(document)
            kinds.append(document["kind"])
    assert sorted(set(kinds)) == ["deck", "enemy", "named-enemy", "pack", "threat-deck"]


def test_every_enemy_deck_and_rules_field_is_documented_in_docs_format_md() -> None:
    from cardforge_compiler.model import DECK_KINDS, DOCUMENT_MODELS
    from cardforge_compiler.model.pack_rules import TokenRules
    from cardforge_compiler.model_paths import _models_in
    from cardforge_runtime.format import EFFECTS, PREDICATES, TARGET_SELECTORS

    section = _docs_section()
    pack = DOCUMENT_MODELS["pack"]
    new = ("carry", "decks", "stones_of_chance", "difficulty", "enemy_rules", "on_death")
    todo = [DOCUMENT_MODELS[kind] for kind in DECK_KINDS] + [TokenRules]
    todo += [m for key in new for m in _models_in(pack.model_fields[key].annotation)]
    seen, missing = set(), []
    while todo:
        model = todo.pop()
        if model in seen or model.__module__ == "cardforge_compiler.model.effects":
            continue                    # effects: the table of effects below
        seen.add(model)
        for name, info in model.model_fields.items():
            key = info.alias or name
            if f"`{key}" not in section and f"\n{key}:" not in section and f" {key}:" not in section \
                    and f"{{{key}" not in section:
                missing.append(f"{model.__name__}.{key}")
            todo.extend(_models_in(info.annotation))
    assert missing == []
    for key in new:
        assert f"| `{key}` |" in section
    for effect in EFFECTS:
        assert f"| `{effect}` |" in section or f"`{effect}` /" in section or f"/ `{effect}`" in section, effect
    for word in (*PREDICATES, *TARGET_SELECTORS):
        assert word in section, word


def test_every_effect_is_listed_with_its_path_for_the_checks(tmp_path: Path) -> None:
    result = compile_paths([str(decks_pack(tmp_path))])
    refs = result.packs[0].linked.effects
    found = [(Path(r.doc.source.display).name, r.path, r.kind) for r in refs]
    assert found == [
        ("pack.yaml", ("characters", 0, "talent", "effects", 0), "auto-successes"),
        ("pack.yaml", ("stones_of_chance", "faces", 0, "options", 0, "effects", 0), "extra-attack-die"),
        ("pack.yaml", ("stones_of_chance", "faces", 0, "options", 1, "effects", 0), "second-attack"),
        ("pack.yaml", ("stones_of_chance", "faces", 1, "options", 0, "effects", 0), "heal"),
        ("pack.yaml", ("stones_of_chance", "faces", 2, "options", 0, "effects", 0), "move-bonus"),
        ("decks.yaml", ("cards", 0, "effects", 0), "cancel-wound"),
        ("decks.yaml", ("cards", 0, "effects", 1), "reshuffle"),
        ("decks.yaml", ("cards", 1, "effects", 0), "if"),
        ("decks.yaml", ("cards", 1, "effects", 0, "then", 0), "wound"),
        ("decks.yaml", ("cards", 1, "effects", 0), "gain"),
        ("threats.yaml", ("cards", 0, "threat", 0), "activate"),
        ("threats.yaml", ("cards", 0, "threat", 1), "spawn"),
        ("threats.yaml", ("cards", 0, "threat", 2), "return-to-box"),
        ("threats.yaml", ("cards", 0, "reaction", 0), "status"),
        ("threats.yaml", ("cards", 0, "reaction", 0, "status", "if_held", 0), "wound"),
        ("threats.yaml", ("cards", 0, "reaction", 1), "push"),
    ]
    spawn = refs[11]
    assert (spawn.params.enemy, spawn.param_path("enemy")) == ("Cardinal's Guard", ("cards", 0, "threat", 1, "spawn",
                                                                                    "enemy"))
    assert refs[1].scalar == 1 and refs[1].params is None


def test_a_melee_enemy_may_have_an_attack_value_but_no_range():
    """The second ruleset ("Resolving Attacks"): a melee Enemy's Attack plus a Response
    card; ``range`` stays a ranged Enemy's."""
    from pydantic import ValidationError

    from cardforge_compiler.model.enemies import Enemy

    base = {"kind": "enemy", "name": "Guard", "type": "melee", "damage": 1, "movement": 3,
            "defense": {"wounded": 2, "defeated": 3}}
    assert Enemy.model_validate({**base, "attack": 3}).attack == 3
    with pytest.raises(ValidationError, match="`range` is for ranged Enemies"):
        Enemy.model_validate({**base, "range": 1})
