"""Effects that name a subject their card does not have (CF842), and Battles in packs
without a Reaction or Loot deck (the second ruleset's `content/enemy-attack/`).

Each fault is first played through the engine: the crash a lint-clean pack met
(``EngineError`` "the effect names 'this', which this card does not have"); then the
check that now reports it at the effect's `who`."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from _battle_helpers import PACK, character, fx, place_character, place_enemy, place_named, play, scene_of

from cardforge_runtime.battle.attack import attack
from cardforge_runtime.battle.effects import run
from cardforge_runtime.battle.resolution import Resolution
from cardforge_runtime.effect_fields import CONTEXT_SUBJECTS, SUBJECTS
from cardforge_runtime.errors import EngineError

FLOOR = ["......"] * 6


def _codes(folder: Path, *codes: str) -> list[tuple]:
    from cardforge_compiler.pipeline import compile_paths

    return [(d.code, Path(d.file).name, d.line, d.column, d.message) for d in compile_paths([str(folder)]).diagnostics
            if d.code in codes]


def _pack_with_loot(effects: list) -> dict:
    pack = copy.deepcopy(PACK)
    loot = next(deck for deck in pack["decks"] if deck["role"] == "loot")
    loot["cards"] = [{"name": "Trap", "count": 1, "effects": effects, "keep": False, "use": [], "text": ""}]
    return pack


def _melee_defeat(pack: dict):
    """Porthos's Broadsword defeats the one Guard in its pattern (6 6 4 1: 4 Successes)."""
    scene = scene_of(FLOOR, [character("Porthos", 4, 3)], pack=pack)
    porthos = place_character(scene, 0, (3, 4), "north", ["Broadsword"])
    guard = place_enemy(scene, "Cardinal's Guard", (3, 3))
    return scene, porthos, guard


def test_the_context_table_names_only_subjects():
    assert set(CONTEXT_SUBJECTS) == {"threat", "reaction", "loot", "use", "equipment", "response", "on_hit"}
    assert all(set(has) <= set(SUBJECTS) for has in CONTEXT_SUBJECTS.values())
    assert CONTEXT_SUBJECTS["threat"] == ("this",) and CONTEXT_SUBJECTS["loot"] == ("you",)


@pytest.mark.parametrize("effects", [
    [fx("wound", who="this", amount=1)],
    [fx("attack", target=[{"kind": "players-choice"}])],
    [fx("if", **{"if": {"kind": "wounded", "value": None}, "then": [], "else": []})],
    [fx("push", who="you", squares=1)],          # away_from: this, by default
], ids=["wound-this", "attack", "if-wounded", "push-away-from-this"])
def test_a_loot_card_naming_this_stops_the_engine_on_a_melee_defeat(effects):
    """A Loot card is drawn when the Enemy is Defeated: it has no `this`."""
    scene, porthos, _ = _melee_defeat(_pack_with_loot(effects))
    with pytest.raises(EngineError, match="'this', which this card does not have"):
        play(scene, attack(scene, porthos, scene.get(porthos)["weapons"][0]),
             [("roll:attack", {"faces": [6, 6, 4, 1]}), ("pips", {"dice": [3]})])


@pytest.mark.parametrize("effect", [fx("move", who="you", squares=1), fx("push", who="you", squares=1),
                                    fx("heal")], ids=["move-you", "push-you", "heal-by-default"])
def test_a_threat_naming_you_stops_the_engine(effect):
    """The threat portion is resolved by the Named Enemy in the Enemy turn: no `you`."""
    scene = scene_of(FLOOR, [character("Athos", 3, 5)])
    place_character(scene, 0, (2, 4), "north", ["Rapier"])
    cardinal = place_named(scene, "Cardinal Richelieu", (2, 2))
    with pytest.raises(EngineError, match="'you', which this card does not have"):
        play(scene, run(scene, [effect], Resolution(this=cardinal, portion="threat")), [])


def test_cf842_reports_this_on_a_loot_card_and_you_in_a_threat(tmp_path: Path) -> None:
    """The faults above, in YAML: each reported once, at its `who` (the effect when a
    default names the subject). Without `start_draws` (else CF841 reports the Loot
    card, drawn outside a Battle, and CF842 does not repeat it: the next test)."""
    from _decks_helpers import DECKS, RULES, THREATS, decks_pack

    loot = "  - name: Cross\n    effects: [{gain: {destiny: 1}}]\n"
    threat = "      - return-to-box: {}\n"
    assert loot in DECKS and threat in THREATS
    decks = DECKS.replace(loot, loot + """  - name: Trap
    effects:
      - wound: {who: this}
      - if: wounded
        then: [{attack: {target: [players-choice]}}]
      - push: {squares: 1}
""")
    threats = THREATS.replace(threat, threat + "      - move: {who: you, squares: 2}\n      - heal: {}\n")
    start = "    start_draws: {deck: Loot, per_character: 1}\n"
    assert start in RULES
    found = _codes(decks_pack(tmp_path, decks=decks, threats=threats, rules=RULES.replace(start, "")),
                   "CF842", "CF841")
    loot_words = "but a Loot card (drawn when a Melee Attack has Defeated its Enemy, or outside a Battle) has no `this`"
    threat_words = ("but the threat portion of a Threat card (resolved in the Enemy turn by its Named Enemy, for no "
                    "Character) has no `you`")
    assert found == [
        ("CF842", "decks.yaml", 24, 22, f"card 'Trap' of 'Loot' plays the effect 'wound' with `who: this`, "
                                        f"{loot_words}: the engine stops at this effect"),
        ("CF842", "decks.yaml", 25, 13, f"card 'Trap' of 'Loot' plays an `if` on 'wounded', which reads `this`, "
                                        f"{loot_words}: the engine stops at this effect"),
        ("CF842", "decks.yaml", 26, 16, f"card 'Trap' of 'Loot' plays the effect 'attack' (`this` attacks), "
                                        f"{loot_words}: the engine stops at this effect"),
        ("CF842", "decks.yaml", 27, 9, f"card 'Trap' of 'Loot' plays the effect 'push' with `away_from: this` "
                                       f"(the default), {loot_words}: the engine stops at this effect"),
        ("CF842", "threats.yaml", 10, 21, f"card 'Guards!' of 'Cardinal Richelieu' plays the effect 'move' with "
                                         f"`who: you`, {threat_words}: the engine stops at this effect"),
        ("CF842", "threats.yaml", 11, 9, f"card 'Guards!' of 'Cardinal Richelieu' plays the effect 'heal' with "
                                         f"`who: you` (the default), {threat_words}: the engine stops at this effect"),
    ]


def test_cf842_accepts_the_subjects_each_place_has(tmp_path: Path) -> None:
    """The fixture pack's Reaction cards (`you` and `this`), Threat reaction portion
    (`you`, `away_from: this`), threat portion (`adjacent_to: this`, a spawn next to
    this) and Loot (`you` by default): nothing reported."""
    from _decks_helpers import decks_pack

    assert _codes(decks_pack(tmp_path), "CF842") == []


def test_cf842_does_not_repeat_cf841(tmp_path: Path) -> None:
    """A Loot card drawn at the start of a Story (`start_draws`) naming `this`: CF841
    says it (outside a Battle); CF842 says nothing more."""
    from _decks_helpers import DECKS, decks_pack

    loot = "  - name: Cross\n    effects: [{gain: {destiny: 1}}]\n"
    decks = DECKS.replace(loot, loot + "  - name: Trap\n    effects: [{wound: {who: this}}]\n")
    assert [code for code, *_ in _codes(decks_pack(tmp_path, decks=decks), "CF842", "CF841")] == ["CF841"]


# -- a pack with no Reaction deck, no Loot deck --------------------------------------------


def _pack_without(role: str) -> dict:
    """The fixture pack without the deck playing ``role`` (as `content/enemy-attack/`,
    which has only Response and Treasure decks)."""
    pack = copy.deepcopy(PACK)
    pack["decks"] = [deck for deck in pack["decks"] if deck["role"] != role]
    del pack["deck_roles"][role]
    return pack


def test_a_melee_attack_leaving_an_enemy_standing_draws_no_reaction_without_a_reaction_deck():
    """Porthos wounds the Guard (2 Successes): it survives, but the pack has no Reaction
    deck: no Reaction (an event says so), where a bare KeyError stopped the Battle; the
    Loot deck is untouched (nothing Defeated)."""
    scene, porthos, guard = _melee_defeat(_pack_without("reaction"))
    result, _ = play(scene, attack(scene, porthos, scene.get(porthos)["weapons"][0]),
                     [("roll:attack", {"faces": [4, 5, 1, 1]}), ("pips", {"dice": [2]})])
    assert result.results == {guard: "wounded"} and result.reactions == [] and result.loot == []
    assert {"event": "no-deck", "role": "reaction", "figure": guard} in scene.events
    assert not [e for e in scene.events if e["event"] == "card"]
    assert scene.decks.faults(scene.game) == []


def test_a_melee_defeat_draws_no_loot_without_a_loot_deck():
    scene, porthos, guard = _melee_defeat(_pack_without("loot"))
    result, _ = play(scene, attack(scene, porthos, scene.get(porthos)["weapons"][0]),
                     [("roll:attack", {"faces": [6, 6, 4, 1]}), ("pips", {"dice": [3]})])
    assert result.results == {guard: "defeated"} and result.loot == []
    assert scene.events[-1] == {"event": "no-deck", "role": "loot", "figure": guard}
    assert scene.decks.faults(scene.game) == []
