"""Terrain in an Attack, with the rulebook's own numbers: High Ground (Gascony's Legacy,
"Balconies and Railings": Advantage on Ranged Attacks against targets on Low Ground;
"Melee Attacks cannot be made across a railing") and "Enemies and Terrain" ("Enemies
affected by Terrain Tiles such as Barrels never React, and you never gain Loot from
defeating Enemies by using a Terrain Tile")."""

from __future__ import annotations

import copy

import pytest
from _battle_helpers import PACK, character, place_character, place_enemy, place_named, play, scene_of
from _board_helpers import KEYWORDS, TILES, board_from_rows, placement

from cardforge_runtime.battle.attack import attack, attack_dice, targets_of, terrain_wounds
from cardforge_runtime.battle.state import figure
from cardforge_runtime.board import high_ground_advantage, line_of_sight

ROWS = ["......"] * 6
#: Two Balconies (2x1, railing on their south side, between rows 2 and 3), as in the
#: Balcony Line of Sight Example (tests/test_board_sight.py::test_balcony_example).
BALCONIES = [placement("Balcony", (1, 2)), placement("Balcony", (3, 2)), placement("Balcony", (5, 2))]
HIGH, LOW, OTHER_BALCONY = (3, 2), (3, 5), (5, 2)


def balcony_scene(name: str = "D'Artagnan", keywords=None):  # noqa: ANN001, ANN201
    scene = scene_of(ROWS, [character(name, 4, 3)], order={"Reaction": ["Counterattack"]})
    scene.board = board_from_rows(ROWS, BALCONIES, keywords=keywords)
    return scene


# -- High Ground ---------------------------------------------------------------------------


def test_a_ranged_attack_from_high_ground_has_advantage_against_low_ground():
    """"For Characters and Enemies on High Ground and adjacent to the railing, the
    Balcony railing ... grants them Advantage on Ranged Attacks against targets on Low
    Ground": the Pistol (3 dice) from the Balcony rolls 3 1 1, and the 3 is a Success
    with Advantage: 1 Success Wounds the Marksman (Defense 1/2)."""
    scene = balcony_scene()
    dart = place_character(scene, 0, HIGH, "south", ["Pistol"])
    marksman = place_enemy(scene, "Marksman", LOW)
    pistol = scene.get(dart)["weapons"][0]
    assert attack_dice(scene, dart, scene.decks.card(pistol), marksman)["advantage"] is True
    result, requests = play(scene, attack(scene, dart, pistol), [("roll:attack", {"faces": [3, 1, 1]})])
    assert requests[0]["advantage"] is True and requests[0]["dice"] == 3
    assert result.advantage and result.successes == 1
    assert result.results == {marksman: "wounded"} and figure(scene.battle, marksman)[1]["wounded"] is True


def test_no_high_ground_advantage_from_low_ground_or_against_high_ground():
    """Only the figure on High Ground gains it, and only against a target on Low
    Ground: from below the railing (the Marksman's square of the example, sharing an
    edge with it) there is none, nor from one Balcony against another."""
    scene = balcony_scene()
    below = place_character(scene, 0, (3, 3), "north", ["Pistol"])
    up = place_enemy(scene, "Marksman", HIGH)
    pistol = scene.decks.card(scene.get(below)["weapons"][0])
    assert targets_of(scene, below, pistol) == [up]            # in sight: adjacent to the railing
    assert attack_dice(scene, below, pistol, up)["advantage"] is False
    across = balcony_scene()
    shooter = place_character(across, 0, HIGH, "east", ["Pistol"])
    other = place_enemy(across, "Marksman", OTHER_BALCONY)
    pistol = across.decks.card(across.get(shooter)["weapons"][0])
    assert targets_of(across, shooter, pistol) == [other]
    assert attack_dice(across, shooter, pistol, other)["advantage"] is False
    assert high_ground_advantage(across.board, HIGH, LOW) and not high_ground_advantage(across.board, LOW, HIGH)


def test_high_ground_is_the_keyword_data_not_the_railing():
    """With ``ranged_advantage_over_low_ground: false`` in the Railing's data, the same
    shot has no Advantage (the engine reads the field, never a keyword name); with the
    flag on a square keyword (a test-only raised floor), standing on it gives it."""
    keywords = copy.deepcopy(KEYWORDS)
    keywords["Railing"]["elevated"]["ranged_advantage_over_low_ground"] = False
    scene = balcony_scene(keywords=keywords)
    dart = place_character(scene, 0, HIGH, "south", ["Pistol"])
    marksman = place_enemy(scene, "Marksman", LOW)
    assert attack_dice(scene, dart, scene.decks.card(scene.get(dart)["weapons"][0]), marksman)["advantage"] is False
    keywords = copy.deepcopy(KEYWORDS)
    keywords["Elevated"]["elevated"]["ranged_advantage_over_low_ground"] = True
    board = board_from_rows(["..K...", "......", "......"], keywords=keywords, tiles=TILES)
    assert high_ground_advantage(board, (3, 1), (3, 3))
    assert not high_ground_advantage(board, (3, 3), (3, 1)) and not high_ground_advantage(board, (2, 1), (3, 3))


def test_the_shipped_elevated_keyword_gives_no_ranged_advantage():
    """Elevated gives Advantage on Melee attacks only ("They gain Advantage on their
    Melee attacks"): a Pistol shot from the Crate has none."""
    scene = scene_of(["......", "......", "..K...", "......", "......", "......"], [character("Aramis", 3, 3)])
    aramis = place_character(scene, 0, (3, 3), "south", ["Pistol"])
    marksman = place_enemy(scene, "Marksman", (3, 6))
    assert attack_dice(scene, aramis, scene.decks.card(scene.get(aramis)["weapons"][0]), marksman)["advantage"] is False


def test_melee_attacks_cannot_be_made_across_a_railing():
    """"Melee Attacks cannot be made across a railing": Porthos on the Balcony, facing
    south with his Broadsword, cannot attack the Guard just below; turned east, he
    attacks the Guard beside him on the Balcony (and a Railing gives no Melee
    Advantage: its data has no ``melee_advantage``)."""
    scene = balcony_scene("Porthos")
    porthos = place_character(scene, 0, HIGH, "south", ["Broadsword"])
    below = place_enemy(scene, "Cardinal's Guard", (3, 3))
    sword = scene.get(porthos)["weapons"][0]
    assert line_of_sight(scene.board, HIGH, (3, 3), scene.figures())
    assert targets_of(scene, porthos, scene.decks.card(sword)) == []
    with pytest.raises(ValueError, match="no Enemy"):
        next(attack(scene, porthos, sword))
    beside = place_enemy(scene, "Cardinal's Guard", (4, 2))
    scene.get(porthos)["facing"] = "east"
    assert targets_of(scene, porthos, scene.decks.card(sword)) == [beside]
    assert attack_dice(scene, porthos, scene.decks.card(sword))["advantage"] is False
    assert scene.on_board(below)


# -- Enemies and Terrain -------------------------------------------------------------------


def test_terrain_wounds_an_unwounded_guard_without_a_reaction():
    """The Barrel: "other Enemies become Wounded" — and "Enemies affected by Terrain
    Tiles such as Barrels never React": no Reaction card is drawn."""
    scene = scene_of(ROWS, [character("Porthos", 4, 3)], order={"Reaction": ["Counterattack"]})
    place_character(scene, 0, (3, 4), "north", ["Broadsword"])
    guard = place_enemy(scene, "Cardinal's Guard", (3, 3))
    assert terrain_wounds(scene, guard) == "wounded"
    assert figure(scene.battle, guard)[1]["wounded"] is True
    assert not scene.decks.log and scene.game["characters"][0]["health"] == 5
    assert [e for e in scene.events if e["event"] == "wound"] == [
        {"event": "wound", "figure": guard, "amount": 1, "result": "wounded", "source": "terrain"}]


def test_terrain_defeating_a_guard_outright_draws_no_loot():
    """The Falling Chandelier: "other Enemies are Defeated" (2 Wounds on an unwounded
    Guard): Defeated, its token back to the supply, no Loot and no Reaction."""
    scene = scene_of(ROWS, [character("D'Artagnan", 3, 4)], order={"Loot": ["Cross"]})
    place_character(scene, 0, (3, 6), "north", ["Rapier"])
    guard = place_enemy(scene, "Cardinal's Guard", (3, 3))
    supply = scene.battle["supply"]["Cardinal's Guard"]
    assert terrain_wounds(scene, guard, 2) == "defeated"
    assert not scene.on_board(guard) and scene.battle["supply"]["Cardinal's Guard"] == supply + 1
    assert not scene.decks.log and scene.game["characters"][0]["destiny"] == 0
    assert scene.decks.faults(scene.game) == []


def test_terrain_wounds_a_named_enemy_without_its_threat_reaction():
    """"Named Enemies take 1 Wound" (the Barrel): the tracker goes down by 1 and no
    Threat card is drawn for its Reaction (a Named Enemy's Threat deck "doubles as
    their personal Reaction deck")."""
    scene = scene_of(ROWS, [character("Porthos", 4, 3), character("Athos", 3, 5)], pack=copy.deepcopy(PACK),
                     order={"Cardinal Richelieu": ["Scheme"]})   # its reaction: Doom
    place_character(scene, 0, (3, 5), "north", ["Broadsword"])
    cardinal = place_named(scene, "Cardinal Richelieu", (3, 3))
    health = scene.get(cardinal)["health"]
    assert health == 5                                           # 2 Characters: the tracker's 5
    assert terrain_wounds(scene, cardinal) == "wounded"
    assert scene.get(cardinal)["health"] == 4
    assert not scene.decks.log and scene.game["characters"][0]["status"] == []
