"""The composition checks of Enemies and decks (CF820-CF831: checks/decks.py,
checks/enemies.py) on the issue-9 fixture pack (``_decks_helpers``), each fault
planted once and reported at its place; clean variants report nothing. Gascony's
Legacy: Named Enemy Tracker card, "Guards!", Equipment cards, Solo Play, Difficulty
Adjustments."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardforge_compiler.checks.enemies import effective_counts
from cardforge_compiler.pipeline import compile_paths
from _decks_helpers import DECKS, ENEMIES, RULES, THREATS, decks_pack

#: The fixture's players (one player, one Character) and those of a full party.
ONE = "players: {min: 1, max: 1, solo_characters: 1}"
PARTY = "players: {min: 1, max: 4, solo_characters: 2}"
EASIER_LINE = "    character_count: -1\n"


def _pack(tmp_path: Path, players: str = PARTY, easier: bool = True, **replace: str) -> Path:
    """The fixture pack with ``players`` (default: 1 to 4, Solo Play as 2) and, unless
    ``easier`` is false, the easier difficulty's ``character_count: -1``."""
    if not easier:
        replace["rules"] = replace.get("rules", RULES).replace(EASIER_LINE, "")
    folder = decks_pack(tmp_path, **replace)
    manifest = folder / "pack.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace(ONE, players), encoding="utf-8")
    return folder


def _found(folder: Path, prefix: str = "CF8") -> list[tuple]:
    """The diagnostics whose code starts with ``prefix`` (but CF110: the fixture's
    one Character board is short of a 4-player party, which is not the point here)."""
    result = compile_paths([str(folder)])
    return [(d.code, Path(d.file).name, d.line, d.column, d.message) for d in result.diagnostics
            if d.code.startswith(prefix) and d.code != "CF110"]


def _counts(tmp_path: Path, players: str, easier: bool) -> list[int]:
    (pack,) = compile_paths([str(_pack(tmp_path, players, easier))]).packs
    return effective_counts(pack)


@pytest.mark.parametrize(("players", "easier", "counts"), [
    (PARTY, True, [1, 2, 3, 4]),         # Solo Play as 2, the easier game one lower: 1 at 2 players
    (PARTY, False, [2, 3, 4]),           # Solo Play sets up for 2: never 1
    ("players: {min: 2, max: 3, solo_characters: 2}", False, [2, 3]),
    ("players: {min: 2, max: 3, solo_characters: 2}", True, [1, 2, 3]),
    ("players: {min: 1, max: 2, solo_characters: 2}", False, [2]),   # Solo Play may control up to players.max
    ("players: {min: 1, max: 4, solo_characters: 3}", False, [2, 3, 4]),
])
def test_effective_counts_cover_solo_play_and_the_easier_game(players: str, easier: bool, counts: list[int],
                                                             tmp_path: Path) -> None:
    assert _counts(tmp_path, players, easier) == counts


def test_the_fixture_with_a_full_party_is_clean(tmp_path: Path) -> None:
    assert _found(_pack(tmp_path)) == []


# -- CF820 empty-deck ----------------------------------------------------------------


def test_a_deck_with_no_cards(tmp_path: Path) -> None:
    decks = DECKS.replace("""cards:
  - name: Nothing
  - name: Cross
    effects: [{gain: {destiny: 1}}]
""", "cards: []\n")
    # The easier game's removal of 'Nothing' now names no card of the deck (CF804, checks/deck_refs.py).
    assert sorted(_found(_pack(tmp_path, decks=decks))) == sorted([
        ("CF820", "decks.yaml", 18, 1, "deck 'Loot' has no cards"),
        ("CF804", "pack.yaml", 33, 27, "difficulty 'easier' removes 'Nothing', which is not a card of deck 'Loot'")])


def test_a_threat_deck_with_no_cards(tmp_path: Path) -> None:
    threats = THREATS.split("cards:")[0]
    assert _found(_pack(tmp_path, threats=threats)) == [
        ("CF820", "threats.yaml", 2, 7, "Threat deck 'Cardinal Richelieu' has no cards")]


def test_a_difficulty_that_removes_every_card(tmp_path: Path) -> None:
    rules = RULES.replace("remove_cards: {Loot: [Nothing]}", "remove_cards: {Loot: [Nothing, Cross]}")
    assert _found(_pack(tmp_path, rules=rules)) == [
        ("CF820", "pack.yaml", 33, 20, "difficulty 'easier' removes every card of deck 'Loot' (Nothing, Cross): "
                                       "nothing is left to draw")]


def test_an_equipment_deck_of_only_the_unarmed_card(tmp_path: Path) -> None:
    decks = DECKS.split("  - name: Broadsword")[0] + DECKS.split("    pattern: [\"F\", \"o\"]\n")[1]
    assert _found(_pack(tmp_path, decks=decks, rules=RULES.replace("weapons: [Broadsword]", "weapons: []"))) == [
        ("CF820", "decks.yaml", 26, 1, "deck 'Equipment' has no card to draw: its only card is the Unarmed "
                                       "card, which never leaves play")]


# -- CF821 spawn-exceeds-supply --------------------------------------------------------


def test_a_spawn_per_player_beyond_the_supply_at_the_largest_party(tmp_path: Path) -> None:
    threats = THREATS.replace("per_player: 1", "per_player: 2")
    assert _found(_pack(tmp_path, threats=threats)) == [
        ("CF821", "threats.yaml", 8, 54, "Threat card 'Guards!' (Threat deck 'Cardinal Richelieu') spawns up to "
                                         "8 'Cardinal's Guard' at 4 Characters (2 per player), but the box holds 6: "
                                         "fewer are placed")]


def test_a_spawn_count_beyond_the_supply_only_in_the_easier_game(tmp_path: Path) -> None:
    """1 Character is reached only through the easier game (Solo Play sets up for 2):
    the table's 7 at 1 is checked only when the pack has that option."""
    threats = THREATS.replace("per_player: 1", "count: {1: 7, 2: 2, 3: 3, 4: 4}, falls_on_purpose: true")
    assert _found(_pack(tmp_path, threats=threats, easier=False)) == []
    assert _found(_pack(tmp_path / "easier", threats=threats)) == [
        ("CF821", "threats.yaml", 8, 50, "Threat card 'Guards!' (Threat deck 'Cardinal Richelieu') spawns up to "
                                         "7 'Cardinal's Guard' at 1 Character (its `count`), but the box holds 6: "
                                         "fewer are placed")]


# -- CF822 threat-deck-runs-out --------------------------------------------------------


@pytest.mark.parametrize(("when", "line", "column", "message"), [
    ("when_empty: reshuffle\n", 3, 13, "every card of Threat deck 'Cardinal Richelieu' can return to the box: when "
                                       "its draw pile runs out there may be nothing left to reshuffle"),
    ("", 2, 7, "every card of Threat deck 'Cardinal Richelieu' can return to the box, and the deck gives no rule "
               "for when it runs out"),
])
def test_a_threat_deck_whose_every_card_returns_to_the_box(when: str, line: int, column: int, message: str,
                                                          tmp_path: Path) -> None:
    threats = THREATS.replace("when_empty: nothing\n", when)
    assert _found(_pack(tmp_path, threats=threats)) == [("CF822", "threats.yaml", line, column, message)]


def test_a_return_under_an_if_counts_and_a_card_that_stays_keeps_the_deck(tmp_path: Path) -> None:
    base = THREATS.replace("when_empty: nothing\n", "when_empty: reshuffle\n")
    nested = base.replace("      - return-to-box: {}\n", "      - if: wounded\n        then: [{return-to-box: {}}]\n")
    assert [f[0] for f in _found(_pack(tmp_path, threats=nested))] == ["CF822"]
    stays = base + """  - name: Doom
    reaction: [{status: {token: Doom, who: you}}]
"""
    assert _found(_pack(tmp_path / "stays", threats=stays)) == []


# -- CF823 / CF824 / CF825 Attack Patterns ----------------------------------------------


def test_an_attack_pattern_with_no_square(tmp_path: Path) -> None:
    decks = DECKS.replace('"xFx"', '".f."')
    assert _found(_pack(tmp_path, decks=decks)) == [
        ("CF823", "decks.yaml", 32, 5, "the Attack Pattern of 'Broadsword' (deck 'Equipment') has no square in it")]


def test_an_attack_pattern_that_includes_the_own_square(tmp_path: Path) -> None:
    decks = DECKS.replace('".o."', '".x."')
    assert _found(_pack(tmp_path, decks=decks)) == [
        ("CF824", "decks.yaml", 34, 11, "the Attack Pattern of 'Broadsword' (deck 'Equipment') includes the "
                                        "figure's own square (row 2, column 2: the square under the facing square)")]


@pytest.mark.parametrize(("old", "new", "line", "column", "message"), [
    ('"xFx"', '"xFy"', 33, 12, "Attack Pattern: row 1, column 3: 'y' is not a pattern character"),
    ('".o."', '".o"', 34, 9, "Attack Pattern: row 2 has 2 squares, row 1 has 3: the rows of a pattern are of equal "
                             "length"),
    ('".o."', '".F."', 33, 7, "an Attack Pattern has exactly one facing square (F or f), found 2"),
    ('    pattern:\n      - "xFx"\n      - ".o."\n', '    pattern: []\n', 32, 14,
     "an Attack Pattern needs at least one row"),
])
def test_a_malformed_pattern_grid_is_cf825_at_its_row(old: str, new: str, line: int, column: int, message: str,
                                                      tmp_path: Path) -> None:
    assert _found(_pack(tmp_path, decks=DECKS.replace(old, new)), prefix="CF") == [
        ("CF825", "decks.yaml", line, column, message)]


# -- CF826 range-needed ------------------------------------------------------------------


def test_a_ranged_enemy_filtering_in_range_without_a_range(tmp_path: Path) -> None:
    enemies = ENEMIES.replace("range: 6\n", "").replace("{among: line-of-sight}", "{among: range-and-line-of-sight}")
    assert _found(_pack(tmp_path, enemies=enemies)) == [
        ("CF826", "enemies.yaml", 17, 12, "Enemy 'Marksman' targets Characters `range-and-line-of-sight`, but has "
                                          "no `range` (unlimited): the filter keeps every Character")]
    assert _found(_pack(tmp_path / "ranged", enemies=enemies.replace("movement: 3\n", "movement: 3\nrange: 6\n", 1))) \
        == []


def test_the_pack_default_rule_is_checked_for_an_enemy_without_priorities(tmp_path: Path) -> None:
    enemies = ENEMIES.replace("range: 6\n", "").split("priorities:")[0]
    rules = RULES.replace("  activation_order: melee-then-ranged\n", """  activation_order: melee-then-ranged
  defaults:
    ranged: {move: [toward-line-of-sight], target: [{among: in-range}, players-choice]}
""")
    assert _found(_pack(tmp_path, enemies=enemies, rules=rules)) == [
        ("CF826", "enemies.yaml", 10, 7, "Enemy 'Marksman' targets Characters `in-range`, but has no `range` "
                                         "(unlimited): the filter keeps every Character (the pack's default rule "
                                         f"for ranged Enemies) ({tmp_path}/pack/pack.yaml:43)")]


def test_a_threat_attack_in_range_of_a_named_enemy(tmp_path: Path) -> None:
    threats = THREATS.replace("      - return-to-box: {}\n",
                              "      - attack: {target: [{among: in-range}, players-choice]}\n")
    assert _found(_pack(tmp_path, threats=threats)) == [
        ("CF826", "threats.yaml", 9, 27, "Threat card 'Guards!' (Threat deck 'Cardinal Richelieu') makes its Named "
                                          "Enemy attack the Characters `in-range`, but a Named Enemy has no range: "
                                          "the filter keeps every Character")]


# -- CF827 falls-as-party-grows ----------------------------------------------------------


def test_named_enemy_health_that_falls_as_the_party_grows(tmp_path: Path) -> None:
    enemies = ENEMIES.replace("{1: 4, 2: 5, 3: 6, 4: 7}", "{1: 4, 2: 6, 3: 5, 4: 7}")
    assert _found(_pack(tmp_path, enemies=enemies)) == [
        ("CF827", "enemies.yaml", 22, 22, "Named Enemy 'Cardinal Richelieu' has less health at 3 Characters than "
                                          "at 2 (5 < 6; health 4 at 1, 6 at 2, 5 at 3, 7 at 4)")]
    allowed = enemies.replace("threat_deck: Cardinal Richelieu", "threat_deck: Cardinal Richelieu\n"
                                                                  "falls_on_purpose: true")
    assert _found(_pack(tmp_path / "allowed", enemies=allowed)) == []


def test_a_fall_reached_only_through_the_easier_game(tmp_path: Path) -> None:
    """9 at 1 Character and 5 at 2: 1 Character is a count only the easier game
    reaches (Solo Play sets up for 2), so only then does the value fall."""
    enemies = ENEMIES.replace("{1: 4, 2: 5, 3: 6, 4: 7}", "{1: 9, 2: 5, 3: 6, 4: 7}")
    assert _found(_pack(tmp_path, enemies=enemies, easier=False)) == []
    assert [f[0] for f in _found(_pack(tmp_path / "easier", enemies=enemies))] == ["CF827"]


def test_a_spawn_count_table_that_falls_or_misses_a_count(tmp_path: Path) -> None:
    falls = THREATS.replace("per_player: 1", "count: {1: 1, 2: 3, 3: 2, 4: 4}")
    assert _found(_pack(tmp_path, threats=falls)) == [
        ("CF827", "threats.yaml", 8, 62, "Threat card 'Guards!' (Threat deck 'Cardinal Richelieu') spawns fewer "
                                         "'Cardinal's Guard' at 3 Characters than at 2 (2 < 3; count 1 at 1, 3 at 2, "
                                         "2 at 3, 4 at 4)")]
    missing = THREATS.replace("per_player: 1", "count: {1: 1, 2: 3, 4: 4}")
    assert _found(_pack(tmp_path / "missing", threats=missing)) == [
        ("CF827", "threats.yaml", 8, 49, "Threat card 'Guards!' (Threat deck 'Cardinal Richelieu') spawns fewer "
                                         "'Cardinal's Guard' at 3 Characters than at 2 (0 < 3; no value for 3: none "
                                         "placed; count 1 at 1, 3 at 2, 0 at 3, 4 at 4)")]
    allowed = falls.replace("4: 4}", "4: 4}, falls_on_purpose: true")
    assert _found(_pack(tmp_path / "allowed", threats=allowed)) == []


# -- CF828 box-counts-differ -------------------------------------------------------------


def test_card_counts_that_differ_from_box_counts(tmp_path: Path) -> None:
    assert _found(_pack(tmp_path, decks=DECKS.replace("box_counts: 3", "box_counts: 4"))) == [
        ("CF828", "decks.yaml", 4, 13, "deck 'Reaction' holds 3 cards (2 x Duck!, Counterattack), but `box_counts` "
                                       "says 4")]


# -- CF829 / CF830 / CF831 Starting Weapons and the Unarmed card ---------------------------


def test_starting_weapons_beyond_the_hands_a_character_carries(tmp_path: Path) -> None:
    rules = RULES.replace("weapons: [Broadsword]", "weapons: [Broadsword, Pistol]")
    assert _found(_pack(tmp_path, rules=rules)) == [
        ("CF829", "pack.yaml", 17, 27, "Porthos's Starting Weapons (Broadsword, Pistol) need 3 hands, but a "
                                       "Character carries 2 hands' worth")]
    roomy = rules.replace("carry: {hands: 2}", "carry: {hands: 3}")
    assert _found(_pack(tmp_path / "roomy", rules=roomy)) == []


def test_board_items_that_are_equipment_cards_count_toward_the_hands(tmp_path: Path) -> None:
    """Setup takes a board item that is an Equipment card from the deck (as a gain
    does: ``deck_play.set_up_decks``), so it counts toward the hands, before the
    Starting Weapons; an item that is no deck card counts for nothing."""
    rules = RULES.replace("    weapons: [Broadsword]\n", "    items: [Rope, Pistol]\n    weapons: [Broadsword]\n")
    assert _found(_pack(tmp_path, rules=rules)) == [
        ("CF829", "pack.yaml", 18, 15, "Porthos's Equipment items and Starting Weapons (Pistol, Broadsword) need "
                                       "3 hands, but a Character carries 2 hands' worth")]
    over = RULES.replace("    weapons: [Broadsword]\n", "    items: [Broadsword, Pistol]\n    weapons: []\n")
    assert _found(_pack(tmp_path / "items", rules=over)) == [
        ("CF829", "pack.yaml", 17, 25, "Porthos's Equipment items (Broadsword, Pistol) need 3 hands, but a "
                                       "Character carries 2 hands' worth")]
    roomy = rules.replace("carry: {hands: 2}", "carry: {hands: 3}")
    assert _found(_pack(tmp_path / "roomy", rules=roomy)) == []


def test_two_unarmed_cards_and_an_unarmed_card_twice(tmp_path: Path) -> None:
    two = DECKS.replace("    range: 5\n", "    range: 5\n    unarmed: true\n")
    assert _found(_pack(tmp_path, decks=two)) == [
        ("CF830", "decks.yaml", 50, 5, "deck 'Equipment' has 2 Unarmed cards (Pistol, Unarmed): an Equipment deck "
                                       "has one")]
    twice = DECKS.replace("  - name: Unarmed\n", "  - name: Unarmed\n    count: 2\n")
    assert _found(_pack(tmp_path / "twice", decks=twice)) == [
        ("CF830", "decks.yaml", 45, 12, "deck 'Equipment' holds 2 copies of its Unarmed card 'Unarmed': it never "
                                        "leaves play, so one serves every Character")]


def test_an_equipment_deck_without_the_unarmed_card(tmp_path: Path) -> None:
    decks = DECKS.replace("    unarmed: true\n", "")
    assert _found(_pack(tmp_path, decks=decks)) == [
        ("CF831", "decks.yaml", 24, 7, "the Equipment deck 'Equipment' has no Unarmed card, which Characters "
                                       "without any Equipment must use")]
