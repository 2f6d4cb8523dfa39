"""Bad input thrown at the issue-9 features (Enemies, Threat decks, decks, the pack's
Battle rules) by a careless or hostile author, player or editor of saves and bundles,
each break found written down as a test: a clear diagnostic, ``BundleError``,
``SessionError`` or ``AnswerError``, never a traceback, a hang or a bundle the
runtime refuses."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardforge_runtime import Session, load_bundle
from cardforge_runtime import decks as D
from cardforge_runtime.effect_fields import effect_defaults
from cardforge_runtime.effects import Resolution, run
from cardforge_runtime.loot import StoryTable


def emitted(kind: str, **params: object) -> dict:
    """An effect as emit writes it into a bundle: every parameter, ``None`` where the
    author gave none."""
    return {"kind": kind, **effect_defaults(kind), **params}


# -- Loot effects as the bundle writes them ------------------------------------------


def test_loot_effects_with_every_parameter_written_apply_only_what_is_given():
    """A bundle writes `gain: {coins: 1}` as {"coins": 1, "destiny": null, "health":
    null, "status": null, "items": null}: the nulls are not given (Gascony's Legacy,
    Loot cards: "Some Loot cards also award a Character with Coins")."""
    character = {"destiny": 2, "destiny_max": 4, "health": 3, "health_max": 4, "status": [], "items": [],
                 "fallen": False}
    state = {"coins": 0, "characters": [character]}
    state["decks"] = {}
    events: list[dict] = []
    table = StoryTable(state, {"decks": [], "status_tokens": []}, D.deck_rng(1), events.append)
    effects = [emitted("gain", coins=1, who="you"), emitted("gain", destiny=1, who="you"),
               emitted("lose", coins=1, who="you")]
    requests = list(run(table, effects, Resolution(you=0)))
    assert (state["coins"], character["destiny"], character["health"], character["status"]) == (0, 3, 3, [])
    assert requests == []
    assert [e["event"] for e in events] == ["gain", "gain", "lose"]


@pytest.mark.parametrize("seed", range(1, 13))
def test_the_easier_game_of_the_shipped_pack_starts_for_any_seed(gascony_bundle: Path, seed: int):
    """Difficulty Adjustments, easier: "Each player draws 1 Loot card at the beginning
    of the Story": whichever card comes (Coins, Heavy Purse...), the story starts."""
    bundle = load_bundle(gascony_bundle)
    session = Session.start(bundle, "act-1", players=2, seed=seed, difficulty="easier")
    standard = Session.start(bundle, "act-1", players=2, seed=seed)
    coins_at_start = session.state["coins"]
    session.answer({})                  # the story's opening text; its log entry holds the Setup events
    drawn = [e for entry in session.log for e in entry["events"] if e["event"] == "loot"]
    assert [e["character"] for e in drawn] == [0, 1]
    coins = {"Coins": 1, "Heavy Purse": 2}
    assert coins_at_start - standard.state["coins"] == sum(coins.get(e["item"], 0) for e in drawn)


# -- Attack Patterns beyond what a bundle holds ----------------------------------------


def _lint(folder: Path, prefix: str = "CF") -> list[tuple]:
    from cardforge_compiler.pipeline import compile_paths

    result = compile_paths([str(folder)])
    return [(d.code, Path(d.file).name, d.line, d.column, d.message) for d in result.diagnostics
            if d.code.startswith(prefix) and d.code != "CF110"]


@pytest.mark.parametrize(("grid", "line", "column", "message"), [
    # 70 rows of `x` above the facing square: the top row is 71 squares ahead; column 10
    # is the row's first square, just after its opening quote
    (["x"] * 70 + ["F", "o"], 33, 10, "Attack Pattern: row 1, column 1: the square is 71 squares from the figure; a "
                                     "pattern reaches at most 64"),
    (["x" * 100 + "F", "." * 100 + "o"], 33, 10, "Attack Pattern: row 1, column 1: the square is 100 squares from the "
                                                "figure; a pattern reaches at most 64"),
])
def test_an_attack_pattern_beyond_the_largest_grid_is_cf825(grid: list[str], line: int, column: int, message: str,
                                                            tmp_path: Path) -> None:
    """A 1000-row grid linted clean and built a bundle that load_bundle refused
    (offsets from -64 to 64, the largest Battle grid): now CF825 at the square."""
    from _decks_helpers import DECKS, decks_pack

    rows = "".join(f'      - "{row}"\n' for row in grid)
    decks = DECKS.replace('    pattern:\n      - "xFx"\n      - ".o."\n', f"    pattern:\n{rows}")
    from cardforge_compiler.pipeline import compile_paths

    assert _lint(decks_pack(tmp_path, decks=decks)) == [("CF825", "decks.yaml", line, column, message)]
    (found,) = [d for d in compile_paths([str(tmp_path / "pack")]).diagnostics if d.code == "CF825"]
    assert found.hint == "keep the pattern within 64 squares of the figure (the largest Battle grid)"


# -- deck names the instance ids must survive ------------------------------------------


def test_a_card_drawing_from_its_own_deck_whose_name_holds_a_hash():
    """A deck may be named 'Cardinal #2' (a name is any text without control
    characters): its instance ids are 'Cardinal #2#1'..., and a card that draws "another
    card" from its own deck finds that deck (``decks.deck_of``), not 'Cardinal '."""
    import copy

    from _battle_helpers import PACK, character, fx, place_named, play, scene_of

    from cardforge_runtime.battle.effects import Resolution, draw_and_resolve

    pack = copy.deepcopy(PACK)
    again = {"name": "Again", "count": 1, "threat": [fx("draw", count=1, portion="threat")], "reaction": [],
             "text": {"threat": "", "reaction": ""}}
    scheme = {"name": "Scheme", "count": 1, "threat": [], "reaction": [], "text": {"threat": "", "reaction": ""}}
    pack["threat_decks"] = [{"name": "Cardinal #2", "when_empty": "reshuffle", "text": "", "cards": [again, scheme]}]
    pack["named_enemies"][0]["threat_deck"] = "Cardinal #2"
    scene = scene_of(["....", "....", "....", "...."], [character("Athos", 3, 3)], pack=pack,
                     order={"Cardinal #2": ["Again"]})
    cardinal = place_named(scene, "Cardinal Richelieu", (1, 1))
    play(scene, draw_and_resolve(scene, "Cardinal #2", Resolution(this=cardinal, portion="threat")), [])
    assert scene.decks.names("Cardinal #2", "discard") == ["Scheme", "Again"]
    assert scene.decks.faults(scene.game) == []


# -- faults inside an `if` effect are reported where they are ------------------------------


@pytest.mark.parametrize(("old", "new", "expected"), [
    ("then: [{wound: {who: you, amount: 1}}]", "then: [{wound: {who: you, amount: 1000}}]",
     ("CF105", 13, 43, "expected a whole number from 1 to 20, got 1000",
      ("cards", 1, "effects", 0, "then", 0, "wound", "amount"))),
    ("then: [{wound: {who: you, amount: 1}}]", "then: [{wound: {who: you, amount: 1, now: true}}]",
     ("CF103", 13, 46, "unknown field 'now'", ("cards", 1, "effects", 0, "then", 0, "wound", "now"))),
    ("then: [{wound: {who: you, amount: 1}}]", "then: [{return-to-box: null}]",
     ("CF104", 13, 32, "expected a mapping, got nothing (null)", ("cards", 1, "effects", 0, "then", 0, "return-to-box"))),
])
def test_a_fault_inside_an_if_effect_is_reported_at_its_place(old: str, new: str, expected: tuple,
                                                                tmp_path: Path) -> None:
    """A Reaction card's `if` effect (Gascony's Legacy, Dodge: "If the Enemy is
    adjacent to you, suffer 1 Wound"): a fault in its `then` list was reported at the
    `if` key as "expected at most 20, got a mapping" or "unknown field 'if'"."""
    from _decks_helpers import DECKS, decks_pack

    from cardforge_compiler.pipeline import compile_paths

    assert old in DECKS
    result = compile_paths([str(decks_pack(tmp_path, decks=DECKS.replace(old, new)))])
    found = [(d.code, d.line, d.column, d.message, d.path) for d in result.diagnostics
             if d.code.startswith("CF1")]
    assert found == [expected]


# -- names two kinds share -----------------------------------------------------------------


def test_a_threat_deck_named_like_a_deck_and_a_named_enemy_named_like_an_enemy(tmp_path: Path) -> None:
    """A Threat deck and a deck share the game's deck state (``state["decks"]`` by name,
    instance ids ``<name>#n``): a Threat deck called 'Reaction' linted clean and its
    piles would overwrite the Reaction deck's at Battle Setup. An Enemy and a Named
    Enemy called alike make every `enemy:` reference ambiguous. Both are CF107."""
    from _decks_helpers import ENEMIES, THREATS, decks_pack

    threats = THREATS.replace("name: Cardinal Richelieu\nwhen_empty", "name: Reaction\nwhen_empty")
    enemies = ENEMIES.replace("threat_deck: Cardinal Richelieu", "threat_deck: Reaction") + """\
---
kind: named-enemy
name: Marksman
health: {1: 4, 2: 5, 3: 6, 4: 7}
defense: 3
threat_deck: Reaction
"""
    assert _lint(decks_pack(tmp_path, threats=threats, enemies=enemies), prefix="CF107") == [
        ("CF107", "enemies.yaml", 29, 7, "an enemy with name 'Marksman' is already defined (line 10)"),
        ("CF107", "threats.yaml", 2, 7, "a deck with name 'Reaction' is already defined "
                                        f"({tmp_path / 'pack' / 'decks.yaml'}:2)"),
    ]


def test_two_cards_of_one_deck_or_threat_deck_called_alike_are_cf835(tmp_path: Path) -> None:
    """"Duplicate card names in a deck" linted clean: a Reaction deck with two 'Duck!'
    cards (2 and 1 copies) and a Threat deck with two 'Guards!'."""
    from _decks_helpers import DECKS, THREATS, decks_pack

    decks = DECKS.replace("  - name: Counterattack\n", "  - name: Duck!\n")
    threats = THREATS + """\
  - name: Guards!
    threat: [{activate: {}}]
    reaction: [{push: {who: you, squares: 1, away_from: this}}]
"""
    assert _lint(decks_pack(tmp_path, decks=decks, threats=threats), prefix="CF835") == [
        ("CF835", "decks.yaml", 10, 11, "deck 'Reaction' has two cards named 'Duck!' (cards 1 and 2)"),
        ("CF835", "threats.yaml", 15, 11, "Threat deck 'Cardinal Richelieu' has two cards named 'Guards!' "
                                          "(cards 1 and 2)"),
    ]
