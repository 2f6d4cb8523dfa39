"""Attack resolution with the rulebook's own numbers (Gascony's Legacy, "Battle Round
Example", "Attack Rolls", "Assigning Successes", "Attack Roll Modifications")."""

from __future__ import annotations

import pytest
from _battle_helpers import (PACK, AnswerError, character, dice_rule, place_character, place_enemy, place_named, play,
                             scene_of)

from cardforge_runtime.battle.answers import check_battle_answer
from cardforge_runtime.battle.attack import attack, attack_dice, defense_of, targets_of, terrain_wounds
from cardforge_runtime.battle.state import figure

FLOOR = ["......"] * 6


def porthos_scene():
    """Porthos (Prowess 4, the example's "rolls 4 dice for his Prowess stat"), 1 of 3
    Destiny, 4 Health, facing north with his Broadsword; the two Guards in its pattern."""
    scene = scene_of(FLOOR, [character("Porthos", 4, 3, destiny=1, health=4)],
                     order={"Reaction": ["Counterattack"], "Loot": ["Cross"]})
    porthos = place_character(scene, 0, (3, 4), "north", ["Broadsword"])
    top = place_enemy(scene, "Cardinal's Guard", (3, 3))
    bottom = place_enemy(scene, "Cardinal's Guard", (4, 3))
    return scene, porthos, top, bottom


def test_porthos_broadsword_attack_on_two_guards():
    """3456, +1 pip on the 3: 5 Successes; 3 defeat one Guard (Loot: Cross regains a
    Destiny), 2 wound the other (Reaction: Counterattack, 1 Wound because adjacent);
    the Reaction is resolved first."""
    scene, porthos, top, bottom = porthos_scene()
    supply = scene.battle["supply"]["Cardinal's Guard"]
    broadsword = scene.get(porthos)["weapons"][0]
    result, requests = play(scene, attack(scene, porthos, broadsword), [
        ("roll:attack", {"faces": [3, 4, 5, 6]}),
        ("reroll", {"keep": True}),
        ("pips", {"dice": [0]}),
        ("assign", {"assign": [{"figure": top, "successes": 3}, {"figure": bottom, "successes": 2}]}),
    ])
    assert requests[0]["dice"] == 4 and requests[0]["stat"] == "Prowess"
    assert requests[2]["suggested"] == [0]                    # the 3 is the die a pip helps
    assert result.faces == [4, 4, 5, 6] and result.successes == 5
    assert result.results == {top: "defeated", bottom: "wounded"}
    assert not scene.on_board(top) and scene.battle["supply"]["Cardinal's Guard"] == supply + 1
    assert figure(scene.battle, bottom)[1]["wounded"] is True
    porthos_now = scene.game["characters"][0]
    assert porthos_now["health"] == 3                         # Counterattack: 1 Wound
    assert porthos_now["destiny"] == 2                        # Cross: regain 1 Destiny
    names = [(e["event"], e.get("name")) for e in scene.events if e["event"] == "card"]
    assert names == [("card", "Counterattack"), ("card", "Cross")]   # the Reaction first, then Loot
    assert scene.decks.names("Reaction", "discard") == ["Counterattack"]
    assert scene.decks.names("Loot", "discard") == ["Cross"]


def test_the_barrel_defeats_the_wounded_guard_without_loot_or_reaction():
    """Porthos rolls the Barrel through the Wounded Guard: defeated, but not by a Melee
    Attack: no Loot, and no Reaction."""
    scene, porthos, top, bottom = porthos_scene()
    figure(scene.battle, bottom)[1]["wounded"] = True
    assert terrain_wounds(scene, bottom) == "defeated"
    assert not scene.on_board(bottom)
    assert not scene.decks.log and scene.decks.names("Loot", "discard") == []
    assert scene.decks.faults(scene.game) == []


def test_athos_attack_answered_by_duck():
    """Athos rolls 3 dice: 1 2 4; he declines the Rapier's free reroll of 1s (the
    roller is asked); he spends the Destiny the Courage stone gave to reroll the misses: 2 5 4,
    2 Successes: enough to Wound the Guard, but "Duck!": not Wounded after all, and
    the Reaction deck is reshuffled (its discard pile and Duck! itself)."""
    scene = scene_of(FLOOR, [character("Athos", 3, 5, destiny=1)], order={"Reaction": ["Duck!"]})
    athos = place_character(scene, 0, (2, 4), "north", ["Rapier"])
    guard = place_enemy(scene, "Cardinal's Guard", (2, 3))
    earlier = scene.decks.piles["Reaction"]["draw"].pop()        # a card discarded earlier
    scene.decks.piles["Reaction"]["discard"].append(earlier)
    rapier = scene.get(athos)["weapons"][0]
    result, _ = play(scene, attack(scene, athos, rapier), [
        ("roll:attack", {"faces": [1, 2, 4]}),
        ("reroll", {"keep": True}),
        ("reroll", {"reroll": [0, 1], "faces": [2, 5]}),
    ])
    assert result.faces == [2, 5, 4] and result.successes == 2
    assert result.results == {guard: "unchanged"}
    assert figure(scene.battle, guard)[1]["wounded"] is False
    assert scene.game["characters"][0]["destiny"] == 0
    duck = result.reactions[0]
    assert scene.decks.card(duck)["name"] == "Duck!"
    assert scene.decks.piles["Reaction"]["discard"] == []
    assert duck in scene.decks.piles["Reaction"]["draw"] and earlier in scene.decks.piles["Reaction"]["draw"]
    assert scene.decks.faults(scene.game) == []


def test_every_surviving_enemy_in_a_melee_pattern_reacts_even_with_no_successes():
    """Two Guards in the pattern, 1 Success: neither is Wounded, both react, one at a
    time, in the order the players choose."""
    scene = scene_of(FLOOR, [character("Porthos", 4, 3, health=4)],
                     order={"Reaction": ["Counterattack", "Counterattack"]})
    porthos = place_character(scene, 0, (3, 4), "north", ["Broadsword"])
    top = place_enemy(scene, "Cardinal's Guard", (3, 3))
    bottom = place_enemy(scene, "Cardinal's Guard", (4, 3))
    broadsword = scene.get(porthos)["weapons"][0]
    result, requests = play(scene, attack(scene, porthos, broadsword), [
        ("roll:attack", {"faces": [1, 1, 2, 4]}),
        ("pips", {"dice": []}),
        ("assign", {"assign": [{"figure": top, "successes": 1}]}),
        ("pick:reaction", {"pick": bottom}),
    ])
    assert result.results == {top: "unchanged", bottom: "unchanged"}
    assert [e["this"] for e in scene.events if e["event"] == "card"] == [bottom, top]
    assert scene.game["characters"][0]["health"] == 2
    assert requests[-1]["options"] == [top, bottom]


def test_a_zero_success_roll_still_draws_reactions_and_asks_nothing_to_assign():
    scene = scene_of(FLOOR, [character("Athos", 3, 5)], order={"Reaction": ["Counterattack"]})
    athos = place_character(scene, 0, (2, 4), "north", ["Rapier"])
    guard = place_enemy(scene, "Cardinal's Guard", (2, 3))
    result, _ = play(scene, attack(scene, athos, scene.get(athos)["weapons"][0]),
                     [("roll:attack", {"faces": [2, 2, 3]})])
    assert result.successes == 0 and result.assigned == {guard: 0} and len(result.reactions) == 1


def test_named_enemy_wounds_against_its_tracker_and_reacts_from_its_threat_deck():
    """Successes >= Defense (3): 1 Wound on the tracker, never defeated in one Attack;
    the reaction portion of the top Threat card ("Doom") resolves."""
    scene = scene_of(FLOOR, [character("Porthos", 4, 3), character("Athos", 3, 5)],
                     order={"Cardinal Richelieu": ["Scheme"]})
    porthos = place_character(scene, 0, (3, 4), "north", ["Rapier"])
    cardinal = place_named(scene, "Cardinal Richelieu", (3, 3))
    assert figure(scene.battle, cardinal)[1]["health"] == 5        # 2 Characters
    result, _ = play(scene, attack(scene, porthos, scene.get(porthos)["weapons"][0]), [
        ("roll:attack", {"faces": [6, 6, 6, 6]}),
    ])
    assert result.successes == 8 and result.results == {cardinal: "wounded"}
    assert figure(scene.battle, cardinal)[1]["health"] == 4
    assert scene.game["characters"][0]["status"] == ["Doom"]
    assert scene.get(porthos)["square"] == [3, 5]                  # pushed 1 square, straight away
    assert scene.decks.names("Cardinal Richelieu", "discard") == ["Scheme"]


def test_six_is_not_split_across_targets_unless_the_weapon_allows():
    """Attack Roll Modifications: "Dice results of 6 that count as 2 successes cannot
    be split and assigned across multiple targets unless your weapon allows it"."""
    scene, porthos, top, bottom = porthos_scene()
    request = {"kind": "assign", "faces": [6, 1], "successes": 2, "split_sixes": False,
               "targets": [{"figure": top}, {"figure": bottom}], "advantage": False, "disadvantage": False,
               "doom": False}
    split = {"assign": [{"figure": top, "successes": 1}, {"figure": bottom, "successes": 1}]}
    with pytest.raises(AnswerError, match="cannot be split"):
        check_battle_answer(request, split, scene.rule)
    check_battle_answer({**request, "split_sixes": True}, split, scene.rule)
    check_battle_answer(request, {"assign": [{"figure": top, "successes": 2}]}, scene.rule)
    with pytest.raises(AnswerError, match="the roll has 2"):
        check_battle_answer(request, {"assign": [{"figure": top, "successes": 3}]}, scene.rule)
    # Porthos's split 3 + 2 of 4 4 5 6 is whole dice (6 + 4, 4 + 5)
    check_battle_answer({**request, "faces": [4, 4, 5, 6], "successes": 5},
                        {"assign": [{"figure": top, "successes": 3}, {"figure": bottom, "successes": 2}]}, scene.rule)
    # ...but two 6s cannot be given as 1 + 3
    with pytest.raises(AnswerError, match="cannot be split"):
        check_battle_answer({**request, "faces": [6, 6], "successes": 4},
                            {"assign": [{"figure": top, "successes": 1}, {"figure": bottom, "successes": 3}]},
                            scene.rule)


def test_defense_never_falls_below_1_1():
    scene, porthos, top, bottom = porthos_scene()
    assert defense_of(scene, top) == {"wounded": 2, "defeated": 3}
    assert defense_of(scene, top, reduce=5) == {"wounded": 1, "defeated": 1}


def test_dice_count_prowess_or_value_despair_extra_dice_and_the_cap():
    scene = scene_of(FLOOR, [character("Porthos", 5, 3, status=["Despair"])])
    porthos = place_character(scene, 0, (3, 4), "north", ["Broadsword", "Pistol"])
    sword, pistol = (scene.decks.card(c) for c in scene.get(porthos)["weapons"])
    assert attack_dice(scene, porthos, sword)["dice"] == 4                   # Prowess 5, Despair -1
    assert attack_dice(scene, porthos, sword, extra_dice=1)["dice"] == 5     # a Prowess stone
    assert attack_dice(scene, porthos, pistol)["dice"] == 2                  # value 3, Despair -1
    scene.game["characters"][0]["status"] = []
    assert attack_dice(scene, porthos, sword, extra_dice=4)["dice"] == 6     # at most 6
    extra = {**sword, "dice": [dice_rule(on="attack", extra_dice=1), dice_rule(on="defense", extra_dice=3)]}
    assert attack_dice(scene, porthos, extra)["dice"] == 6
    assert attack_dice(scene, porthos, {**sword, "dice": [dice_rule(on="attack", extra_dice=1)]})["dice"] == 6
    scene.game["characters"][0]["stats"]["Prowess"] = 3
    assert attack_dice(scene, porthos, extra)["dice"] == 4                   # defense rules not on attack



def test_despair_counts_before_the_six_dice_cap():
    """Dice Rolls: "The maximum number of dice that can be rolled at once is 6";
    "Despair: You roll 1 fewer die"; Roll Defense: "(maximum 6 with modifiers)": the
    total of stat and modifiers is capped (docs/rulings.md, "Despair and the six-dice
    cap"). Prowess 6 + a Prowess stone + Despair: 6 dice; Prowess 6 + Despair: 5."""
    scene = scene_of(FLOOR, [character("Porthos", 6, 3, status=["Despair"])])
    porthos = place_character(scene, 0, (3, 4), "north", ["Broadsword"])
    sword = scene.decks.card(scene.get(porthos)["weapons"][0])
    assert attack_dice(scene, porthos, sword, extra_dice=1)["dice"] == 6
    assert attack_dice(scene, porthos, sword)["dice"] == 5
    assert attack_dice(scene, porthos, sword, extra_dice=2)["dice"] == 6

def test_advantage_from_elevated_for_melee_only_and_disadvantage_against_cover():
    """Elevated: "They gain Advantage on their Melee attacks"; Cover: "If you are
    making a Ranged Attack against an Enemy in Cover, you have Disadvantage"."""
    scene = scene_of(["......", "......", "..K...", "......", "......", "......"], [character("Aramis", 3, 3)])
    aramis = place_character(scene, 0, (3, 3), "north", ["Broadsword", "Pistol"])
    sword, pistol = (scene.decks.card(c) for c in scene.get(aramis)["weapons"])
    assert attack_dice(scene, aramis, sword)["advantage"] is True            # on the Crate (Elevated)
    assert attack_dice(scene, aramis, pistol)["advantage"] is False
    other = scene_of(["......", "..C...", "......", "......", "......", "......"], [character("Aramis", 3, 3)])
    shooter = place_character(other, 0, (3, 4), "north", ["Pistol"])
    behind_pillar = place_enemy(other, "Marksman", (3, 1))
    open_ground = place_enemy(other, "Marksman", (5, 4))
    pistol = other.decks.card(other.get(shooter)["weapons"][0])
    assert attack_dice(other, shooter, pistol, behind_pillar)["disadvantage"] is True
    assert attack_dice(other, shooter, {**pistol, "pattern": [[1, 0]]}, open_ground)["disadvantage"] is False


def test_a_ranged_attack_chooses_one_target_before_rolling_and_only_it_reacts():
    scene = scene_of(FLOOR, [character("D'Artagnan", 3, 4)], order={"Reaction": ["Counterattack"], "Loot": ["Cross"]})
    dart = place_character(scene, 0, (3, 6), "north", ["Pistol"])
    near = place_enemy(scene, "Marksman", (3, 5))
    far = place_enemy(scene, "Marksman", (3, 3))
    beyond = place_enemy(scene, "Marksman", (3, 1))                   # Range 5 > 4
    pistol = scene.get(dart)["weapons"][0]
    assert targets_of(scene, dart, scene.decks.card(pistol)) == [near, far]
    result, requests = play(scene, attack(scene, dart, pistol), [
        ("pick:ranged-target", {"pick": far}),
        ("roll:attack", {"faces": [5, 1, 1]}),
    ])
    assert requests[1]["stat"] is None and requests[1]["dice"] == 3     # the Pistol's value
    assert result.targets == [far] and result.results == {far: "wounded"}
    assert [e["this"] for e in scene.events if e["event"] == "card"] == [far]
    assert scene.game["characters"][0]["health"] == 5                 # not adjacent: no Wound
    assert scene.on_board(beyond) and scene.on_board(near)
    with pytest.raises(ValueError, match="not in line of sight"):
        next(attack(scene, dart, pistol, target=beyond))


def test_a_ranged_defeat_draws_no_loot():
    scene = scene_of(FLOOR, [character("D'Artagnan", 3, 4)])
    dart = place_character(scene, 0, (3, 6), "north", ["Pistol"])
    target = place_enemy(scene, "Marksman", (3, 4))
    result, _ = play(scene, attack(scene, dart, scene.get(dart)["weapons"][0]), [
        ("roll:attack", {"faces": [6, 1, 1]})])
    assert result.results == {target: "defeated"} and result.loot == [] and not scene.decks.log


def test_an_attack_with_nothing_in_the_pattern_or_an_unequipped_weapon_is_refused():
    scene, porthos, top, bottom = porthos_scene()
    with pytest.raises(ValueError, match="not equipped"):
        next(attack(scene, porthos, scene.decks.id_of("Equipment", "Rapier")))
    scene.get(porthos)["facing"] = "south"
    with pytest.raises(ValueError, match="no Enemy"):
        next(attack(scene, porthos, scene.get(porthos)["weapons"][0]))


def test_broken_sword_loot_discards_the_weapon_but_never_the_unarmed_card():
    scene = scene_of(FLOOR, [character("Porthos", 4, 3)], order={"Loot": ["Broken Sword"]})
    porthos = place_character(scene, 0, (3, 4), "north", ["Broadsword"])
    guard = place_enemy(scene, "Cardinal's Guard", (3, 3))
    sword = scene.get(porthos)["weapons"][0]
    play(scene, attack(scene, porthos, sword), [("roll:attack", {"faces": [6, 4, 1, 1]}), ("pips", {"dice": [2]})])
    assert not scene.on_board(guard)
    assert scene.get(porthos)["weapons"] == [] and "Broadsword" not in scene.game["characters"][0]["items"]
    assert sword in scene.decks.piles["Equipment"]["discard"]
    assert scene.decks.faults(scene.game) == []


def test_kept_loot_goes_to_the_character():
    scene = scene_of(FLOOR, [character("Porthos", 4, 3)], order={"Loot": ["Bandage"]})
    porthos = place_character(scene, 0, (3, 4), "north", ["Broadsword"])
    place_enemy(scene, "Cardinal's Guard", (3, 3))
    play(scene, attack(scene, porthos, scene.get(porthos)["weapons"][0]),
         [("roll:attack", {"faces": [6, 4, 1, 1]}), ("pips", {"dice": [2]})])
    bandage = scene.decks.id_of("Loot", "Bandage")
    assert bandage in scene.game["characters"][0]["cards"] and "Bandage" in scene.game["characters"][0]["items"]
    assert scene.decks.faults(scene.game) == []


def test_pack_fixture_is_the_rulebook_guard():
    guard = PACK["enemies"][0]
    assert (guard["type"], guard["damage"], guard["movement"], guard["defense"]) == (
        "melee", 2, 4, {"wounded": 2, "defeated": 3})


def test_pips_go_to_the_dice_the_players_name_not_the_suggested_ones():
    """The Broadsword's +1 pip goes where the players say, even where it gains nothing."""
    scene, porthos, top, bottom = porthos_scene()
    scene.game["characters"][0]["destiny"] = 0
    result, requests = play(scene, attack(scene, porthos, scene.get(porthos)["weapons"][0]), [
        ("roll:attack", {"faces": [3, 4, 5, 6]}),
        ("pips", {"dice": [1]}),
        ("assign", {"assign": [{"figure": top, "successes": 2}, {"figure": bottom, "successes": 2}]}),
        ("pick:reaction", {"pick": top}),
    ])
    assert requests[1]["suggested"] == [0]
    assert result.faces == [3, 5, 5, 6] and result.successes == 4


def test_the_unarmed_card_attacks_unequipped_and_never_leaves_play():
    """"Characters without any Equipment must use the Unarmed card"; a Broken Sword
    drawn after an Unarmed defeat discards nothing."""
    scene = scene_of(FLOOR, [character("Aramis", 4, 3)], order={"Loot": ["Broken Sword"]})
    aramis = place_character(scene, 0, (3, 4), "north", [])
    guard = place_enemy(scene, "Cardinal's Guard", (3, 3))
    unarmed = scene.decks.id_of("Equipment", "Unarmed")
    result, _ = play(scene, attack(scene, aramis, unarmed), [("roll:attack", {"faces": [6, 5, 1, 1]})])
    assert result.results == {guard: "defeated"}
    assert scene.decks.names("Loot", "discard") == ["Broken Sword"]
    assert not any(unarmed in pile for pile in scene.decks.piles["Equipment"].values())
    assert scene.decks.faults(scene.game) == []
