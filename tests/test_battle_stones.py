"""Stones of Chance and Character abilities in a Battle (battle.stones, battle.abilities,
battle.prepare) with the rulebook's numbers: Gascony's Legacy, "1. All for One!",
"Action", "Battle Round Example" (the M and C stones, Corps-à-corps), "Status Banner
tokens", "Difficulty Adjustments". The faces, tokens and Character boards are the
shipped pack's (content/gascony/pack.yaml, compiled)."""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest
from _battle_helpers import PACK, AnswerError, character, place_character, place_enemy, play, scene_of
from hypothesis import given, settings
from hypothesis import strategies as st

from cardforge_runtime.battle.abilities import ability_actions, use_ability
from cardforge_runtime.battle.answers import check_battle_answer
from cardforge_runtime.battle.attack import attack, attack_dice
from cardforge_runtime.battle.prepare import prepare
from cardforge_runtime.battle.state import figure
from cardforge_runtime.battle.stones import roll_stones, spend_stone, stone_options
from cardforge_runtime.pcg import Pcg32
from cardforge_runtime.rolls import stat_value

FLOOR = ["......"] * 6
FACES = ["Prowess", "Movement", "Altruism", "Courage", "Loyalty", "Mana Burst"]


@pytest.fixture(scope="module")
def gascony(gascony_bundle):
    """The shipped pack's data this module plays: Stones of Chance, status tokens,
    Character boards, difficulty options."""
    pack = json.loads(gascony_bundle.read_text(encoding="utf-8"))["packs"][0]
    return {k: pack[k] for k in ("stones_of_chance", "status_tokens", "characters", "difficulty")}


def stones_scene(gascony, characters, stones=(), *, difficulty=None, order=None):
    pack = {**copy.deepcopy(PACK), **copy.deepcopy(gascony)}
    scene = scene_of(FLOOR, characters, pack=pack, difficulty=difficulty, order=order)
    scene.battle.update({"round": 1, "phase": "character-turns", "stones": list(stones), "turn": None})
    return scene


def new_turn(scene, index, figure_id):
    turn = {"character": index, "figure": figure_id, "moved": False, "action": False, "attacks": [],
            "move_bonus": 0, "extra_attack_dice": 0, "second_attack": False, "auto_successes": None}
    scene.battle["turn"] = turn
    return turn


def listed(scene, turn):
    """stone_options as {face: [option numbers]} (one stone per face in these tests)."""
    return {s["face"]: [o["option"] for o in s["options"]] for s in stone_options(scene, turn)}


def refused(scene, request, answer):
    with pytest.raises(AnswerError):
        check_battle_answer(request, answer, scene.rule)


# -- All for One -------------------------------------------------------------------------


def test_all_for_one_rolls_a_stone_per_character_fallen_included(gascony):
    """Two Characters, one Fallen ("you still roll a Stone of Chance"): 2 stones; the
    Battle Round Example's M and C typed in are the pool."""
    athos, porthos = character("Athos", 3, 5), character("Porthos", 4, 3)
    athos["fallen"] = True
    scene = stones_scene(gascony, [athos, porthos])
    _, requests = play(scene, roll_stones(scene), [("stones", {"faces": ["Movement", "Courage"]})])
    assert requests == [{"kind": "stones", "card": 7, "round": 1, "count": 2, "faces": FACES}]
    assert scene.battle["stones"] == ["Movement", "Courage"]
    assert scene.events == [{"event": "stones", "round": 1, "faces": ["Movement", "Courage"]}]


def test_bad_stones_answers_are_refused_and_change_nothing(gascony):
    scene = stones_scene(gascony, [character("Athos", 3, 5), character("Porthos", 4, 3)], ["Prowess"])
    generator = roll_stones(scene)
    request = next(generator)
    for answer in ({"faces": ["Movement"]}, {"faces": ["Movement", "Sword"]}, {"faces": ["Movement", 3]},
                   {"auto": False}, {"auto": True, "faces": ["Movement", "Courage"]}, {"faces": "MC"}, {}, ["auto"]):
        refused(scene, request, answer)
    assert scene.battle["stones"] == ["Prowess"] and scene.events == []


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64 - 1), characters=st.integers(min_value=1, max_value=4))
def test_auto_stones_come_from_the_dice_generator(gascony, seed, characters):
    """auto: one draw per stone, ``below(6)`` of the dice generator, in order (so every
    face is equally likely); the same seed gives the same faces."""
    rolled = []
    for _ in range(2):
        scene = stones_scene(gascony, [character(f"C{i}", 3, 3) for i in range(characters)])
        scene.rng = Pcg32(seed)
        play(scene, roll_stones(scene), [("stones", {"auto": True})])
        rolled.append(scene.battle["stones"])
    expected = Pcg32(seed)
    assert rolled[0] == rolled[1] == [FACES[expected.below(6)] for _ in range(characters)]


def test_auto_stones_are_uniform_over_the_faces(gascony):
    """6000 stones of one seed: each face within 5 standard deviations of 1000."""
    scene = stones_scene(gascony, [character("Athos", 3, 5)])
    counts: Counter[str] = Counter()
    for _ in range(6000):
        play(scene, roll_stones(scene), [("stones", {"auto": True})])
        counts.update(scene.battle["stones"])
    assert set(counts) == set(FACES)
    assert all(abs(n - 1000) < 5 * 29 for n in counts.values()), counts


def test_a_pack_without_stones_of_chance_asks_nothing(gascony):
    scene = stones_scene(gascony, [character("Athos", 3, 5)], ["Courage"])
    del scene.pack["stones_of_chance"]
    _, requests = play(scene, roll_stones(scene), [])
    assert requests == [] and scene.battle["stones"] == []


# -- the Battle Round Example ---------------------------------------------------------------


def test_athos_spends_the_movement_stone_for_movement_6(gascony):
    """"Athos now takes his turn, spending the M Stone of Chance to increase his Movement
    stat to 6": +1 Move rating this turn; after the Move, only its Prepare is left."""
    scene = stones_scene(gascony, [character("Athos", 3, 5)], ["Movement", "Courage"])
    athos = place_character(scene, 0, (2, 5), "north", ["Rapier"])
    turn = new_turn(scene, 0, athos)
    # Athos "has no Destiny": Courage can regain one; he holds no token to remove
    assert listed(scene, turn) == {"Movement": [0, 1], "Courage": [1]}
    play(scene, spend_stone(scene, turn, 0, 0), [])
    assert turn["move_bonus"] == 1 and scene.battle["stones"] == ["Courage"]
    assert stat_value(scene.game["characters"][0], "Movement", scene.tokens) + turn["move_bonus"] == 6
    assert scene.events == [
        {"event": "stone", "figure": athos, "character": 0, "stone": 0, "face": "Movement", "option": 0,
         "name": "Gain +1 Move rating this turn"},
        {"event": "move-bonus", "figure": athos, "squares": 1, "move_bonus": 1}]
    scene.battle["stones"] = ["Movement"]
    turn["moved"] = True
    assert listed(scene, turn) == {"Movement": [1]}            # "+1 Move" only before moving


def test_athos_spends_the_courage_stone_mid_reroll_and_rerolls_at_once(gascony):
    """"Athos Attacks, rolling 3 dice for his Prowess stat, getting 1, 2, 4 - only 1
    success! Athos uses the C Stone of Chance to gain 1 Destiny, and then immediately
    spends it to reroll the misses. Now he's got 2, 5, 4." He had no Destiny: the
    reroll request is asked for the stone; a reroll at 0 Destiny is refused."""
    scene = stones_scene(gascony, [character("Athos", 3, 5, destiny=0)], ["Courage"], order={"Reaction": ["Duck!"]})
    athos = place_character(scene, 0, (2, 4), "north", ["Rapier"])
    guard = place_enemy(scene, "Cardinal's Guard", (2, 3))
    new_turn(scene, 0, athos)
    generator = attack(scene, athos, scene.get(athos)["weapons"][0])
    assert next(generator)["kind"] == "roll"
    weapon_reroll = generator.send({"faces": [1, 2, 4]})
    assert weapon_reroll["for"] == "weapon-reroll" and "stones" not in weapon_reroll
    reroll = generator.send({"keep": True})
    assert reroll["kind"] == "reroll" and reroll["destiny"] == 0 and reroll["faces"] == [1, 2, 4]
    assert reroll["stones"] == [{"stone": 0, "face": "Courage", "options": [
        {"option": 1, "name": "Regain 1 Destiny token (up to your maximum)"}]}]
    for answer in ({"reroll": [0, 1], "faces": [2, 5]}, {"stone": 0, "option": 0}, {"stone": 1, "option": 1},
                   {"stone": 0, "option": 1, "reroll": [0]}, {"stone": "0", "option": 1}):
        refused(scene, reroll, answer)
    assert scene.battle["stones"] == ["Courage"] and scene.game["characters"][0]["destiny"] == 0
    check_battle_answer(reroll, {"stone": 0, "option": 1}, scene.rule)
    again = generator.send({"stone": 0, "option": 1})
    assert again["kind"] == "reroll" and again["destiny"] == 1 and "stones" not in again
    assert scene.battle["stones"] == []
    check_battle_answer(again, {"reroll": [0, 1], "faces": [2, 5]}, scene.rule)
    with pytest.raises(StopIteration) as stop:
        generator.send({"reroll": [0, 1], "faces": [2, 5]})
    result = stop.value.value
    assert result.faces == [2, 5, 4] and result.successes == 2
    assert result.results == {guard: "unchanged"}                  # Duck!
    assert scene.game["characters"][0]["destiny"] == 0
    kinds = [e["event"] for e in scene.events]
    assert kinds[:6] == ["attack", "roll", "weapon-reroll", "stone", "gain", "reroll"]


def test_porthos_corps_a_corps_gives_four_automatic_successes_to_an_interact(gascony):
    """"He decides to use his Corps-à-corps Talent to kick the Barrel ... automatically
    get 4 success on the roll": the Talent as his Action leaves the Interact's
    automatic successes in the turn for the Interact's Movement challenge."""
    scene = stones_scene(gascony, [character("Porthos", 4, 3, destiny=2)])
    porthos = place_character(scene, 0, (3, 4), "north", ["Broadsword"])
    turn = new_turn(scene, 0, porthos)
    assert ability_actions(scene, turn) == [{"do": "action", "action": "talent", "name": "Corps-à-corps"},
                                            {"do": "action", "action": "support", "name": "Bellow"}]
    play(scene, use_ability(scene, turn, "talent", action=True), [])
    assert turn["action"] is True
    assert turn["auto_successes"] == {"action": "interact", "stat": "Movement", "successes": 4}
    assert scene.events == [
        {"event": "ability", "figure": porthos, "character": 0, "ability": "talent", "name": "Corps-à-corps",
         "as": "action"},
        {"event": "auto-successes", "figure": porthos,
         "auto_successes": {"action": "interact", "stat": "Movement", "successes": 4}}]
    assert ability_actions(scene, turn) == []                       # one Action per turn
    with pytest.raises(ValueError):
        play(scene, use_ability(scene, turn, "support", action=True), [])


# -- covered abilities ---------------------------------------------------------------------


@pytest.mark.parametrize("token, which, face", [("Doom", "talent", "Altruism"), ("Despair", "support", "Loyalty")])
def test_a_covered_ability_is_refused_until_its_token_is_removed(gascony, token, which, face):
    """Doom covers the Talent (removed by Altruism), Despair the Support (Loyalty): the
    ability is no Action and its face's use is not listed; the face lists "Remove
    <token>" instead, which removes it; then the ability is offered again."""
    scene = stones_scene(gascony, [character("Porthos", 4, 3, status=[token])], [face])
    porthos = place_character(scene, 0, (3, 4), "north", ["Broadsword"])
    turn = new_turn(scene, 0, porthos)
    assert which not in [a["action"] for a in ability_actions(scene, turn)]
    assert stone_options(scene, turn) == [{"stone": 0, "face": face, "options": [
        {"option": 1, "name": f"Remove {token} (it covers your {which.capitalize()})"}]}]
    with pytest.raises(ValueError):
        play(scene, use_ability(scene, turn, which), [])
    with pytest.raises(ValueError):
        play(scene, spend_stone(scene, turn, 0, 0), [])            # the use, while covered: refused
    assert scene.battle["stones"] == [face] and scene.game["characters"][0]["status"] == [token]
    play(scene, spend_stone(scene, turn, 0, 1), [])
    assert scene.game["characters"][0]["status"] == [] and scene.battle["stones"] == []
    assert scene.events[-1] == {"event": "remove-status", "figure": porthos, "token": token, "by": face}
    assert which in [a["action"] for a in ability_actions(scene, turn)]
    scene.battle["stones"] = [face]
    assert listed(scene, turn) == {face: [0]}


def test_the_harder_game_uses_abilities_only_through_stones(gascony):
    """Difficulty Adjustments, harder: "Characters cannot use their Talent or Support
    abilities as Actions; they must spend Stones of Chance to use these abilities"."""
    scene = stones_scene(gascony, [character("Porthos", 4, 3)], ["Altruism"], difficulty="harder")
    porthos = place_character(scene, 0, (3, 4), "north", ["Broadsword"])
    turn = new_turn(scene, 0, porthos)
    assert ability_actions(scene, turn) == []
    with pytest.raises(ValueError):
        play(scene, use_ability(scene, turn, "talent", action=True), [])
    play(scene, spend_stone(scene, turn, 0, 0), [])
    assert turn["auto_successes"]["successes"] == 4 and turn["action"] is False
    assert [e["event"] for e in scene.events] == ["stone", "ability", "auto-successes"]
    assert scene.events[1]["as"] == "stone"


# -- the other faces ------------------------------------------------------------------------


def test_prowess_adds_a_die_up_to_six_and_a_second_attack_needs_two_one_handed_weapons(gascony):
    scene = stones_scene(gascony, [character("Athos", 3, 5), character("Porthos", 4, 3)], ["Prowess"])
    athos = place_character(scene, 0, (2, 4), "north", ["Rapier", "Pistol"])
    porthos = place_character(scene, 1, (4, 4), "north", ["Broadsword"])
    turn = new_turn(scene, 1, porthos)
    assert listed(scene, turn) == {"Prowess": [0]}                 # one Weapon: no second attack
    play(scene, spend_stone(scene, turn, 0, 0), [])
    assert turn["extra_attack_dice"] == 1
    broadsword = scene.decks.card(scene.get(porthos)["weapons"][0])
    assert attack_dice(scene, porthos, broadsword, extra_dice=turn["extra_attack_dice"])["dice"] == 5
    turn["extra_attack_dice"] = 6
    scene.battle["stones"] = ["Prowess"]
    assert listed(scene, turn) == {}                               # "(max 6)"
    turn = new_turn(scene, 0, athos)
    assert listed(scene, turn) == {"Prowess": [0, 1]}
    play(scene, spend_stone(scene, turn, 0, 1), [])
    assert turn["second_attack"] is True
    scene.battle["stones"] = ["Prowess"]
    assert listed(scene, turn) == {"Prowess": [0]}                 # "(once per turn)"
    turn["attacks"] = [scene.get(athos)["weapons"][0], scene.get(athos)["weapons"][1]]
    assert listed(scene, turn) == {}                               # both attacks made: no die to add


def test_mana_burst_performs_any_one_of_the_other_effects(gascony):
    """Mana Burst: "Heal 1 Wound OR perform any 1 of the above effects": at full Health
    only the second is listed; it asks a pick among the other faces' usable options."""
    scene = stones_scene(gascony, [character("Porthos", 4, 3, destiny=3, health=6)], ["Mana Burst"])
    porthos = place_character(scene, 0, (3, 4), "north", ["Broadsword"])
    turn = new_turn(scene, 0, porthos)
    assert listed(scene, turn) == {"Mana Burst": [1]}
    generator = spend_stone(scene, turn, 0, 1)
    request = next(generator)
    assert request["kind"] == "pick" and request["for"] == "any-face"
    assert [(o["face"], o["option"]) for o in request["options"]] == [
        ("Prowess", 0), ("Movement", 0), ("Movement", 1), ("Altruism", 0), ("Loyalty", 0)]
    refused(scene, request, {"pick": {"face": "Courage", "option": 1, "name": "x"}})
    refused(scene, request, {"pick": {"face": "Mana Burst", "option": 0, "name": "Heal 1 Wound"}})
    with pytest.raises(StopIteration):
        generator.send({"pick": request["options"][1]})
    assert turn["move_bonus"] == 1 and scene.battle["stones"] == []
    assert [e["event"] for e in scene.events] == ["stone", "any-face", "move-bonus"]


def test_mana_burst_mid_reroll_is_a_destiny_and_asks_nothing_more(gascony):
    """Mid-roll, Mana Burst's "any 1 of the above" can only be Courage's Destiny (the one
    choice: no pick); its Heal is no help to a roll and is not listed."""
    scene = stones_scene(gascony, [character("Athos", 3, 5, destiny=0, health=4)], ["Mana Burst"])
    athos = place_character(scene, 0, (2, 4), "north", ["Rapier"])
    place_enemy(scene, "Cardinal's Guard", (2, 3))
    new_turn(scene, 0, athos)
    generator = attack(scene, athos, scene.get(athos)["weapons"][0])
    next(generator)
    request = generator.send({"faces": [2, 2, 3]})             # no 1s: no free Weapon reroll
    assert request["kind"] == "reroll" and request["stones"] == [{"stone": 0, "face": "Mana Burst", "options": [
        {"option": 1, "name": "Perform any 1 of the above effects"}]}]
    again = generator.send({"stone": 0, "option": 1})
    assert again["kind"] == "reroll" and again["destiny"] == 1 and "stones" not in again
    assert [e["event"] for e in scene.events][-3:] == ["stone", "any-face", "gain"]


def test_movement_prepares_and_bad_prepare_answers_change_nothing(gascony):
    """Movement: "perform a Prepare action": change Weapons and/or flip the Stance."""
    scene = stones_scene(gascony, [character("Athos", 3, 5)], ["Movement"])
    athos = place_character(scene, 0, (2, 4), "north", ["Rapier"])
    for name in ("Broadsword", "Pistol"):
        card = scene.decks.id_of("Equipment", name)
        scene.decks.piles["Equipment"]["draw"].remove(card)
        scene.game["characters"][0]["cards"].append(card)
    rapier, broadsword, pistol = scene.game["characters"][0]["cards"]
    turn = new_turn(scene, 0, athos)
    generator = spend_stone(scene, turn, 0, 1)
    request = next(generator)
    assert request == {"kind": "prepare", "card": 7, "character": 0, "figure": athos, "cards": [
        {"card": rapier, "name": "Rapier", "hands": 1, "slot": "primary"},
        {"card": broadsword, "name": "Broadsword", "hands": 1, "slot": "primary"},
        {"card": pistol, "name": "Pistol", "hands": 1, "slot": "secondary"}],
        "equipped": [rapier], "flipped": False, "hands": 2}
    for answer in ({"equip": [rapier, broadsword], "flip": False}, {"equip": ["Equipment#99"], "flip": False},
                   {"equip": [rapier, rapier], "flip": False}, {"equip": [rapier], "flip": "yes"},
                   {"equip": [rapier]}, {"keep": False}, {"keep": True, "flip": True}, {"equip": rapier, "flip": True}):
        refused(scene, request, answer)
    assert scene.get(athos)["weapons"] == [rapier] and scene.get(athos)["flipped"] is False
    check_battle_answer(request, {"equip": [broadsword, pistol], "flip": True}, scene.rule)
    with pytest.raises(StopIteration):
        generator.send({"equip": [broadsword, pistol], "flip": True})
    assert figure(scene.battle, athos)[1]["weapons"] == [broadsword, pistol]
    assert scene.get(athos)["flipped"] is True
    assert scene.events[-1] == {"event": "prepare", "figure": athos, "character": 0,
                                "weapons": [broadsword, pistol], "flipped": True}
    play(scene, prepare(scene, athos), [("prepare", {"keep": True})])
    assert scene.get(athos)["weapons"] == [broadsword, pistol] and scene.get(athos)["flipped"] is True


def test_courage_removes_a_token_or_regains_destiny_only_when_it_would(gascony):
    scene = stones_scene(gascony, [character("Athos", 3, 5, destiny=3)], ["Courage"])
    athos = place_character(scene, 0, (2, 4), "north", ["Rapier"])
    turn = new_turn(scene, 0, athos)
    assert listed(scene, turn) == {}                          # no token, Destiny at its maximum
    scene.game["characters"][0]["destiny"] = 2
    assert listed(scene, turn) == {"Courage": [1]}
    scene.game["characters"][0]["status"] = ["Despair", "Doom"]
    assert listed(scene, turn) == {"Courage": [0, 1]}
    _, requests = play(scene, spend_stone(scene, turn, 0, 0), [("pick:remove-status", {"pick": "Doom"})])
    assert requests[0]["options"] == ["Despair", "Doom"]
    assert scene.game["characters"][0]["status"] == ["Despair"]


def test_a_stone_not_listed_is_refused_and_nothing_changes(gascony):
    scene = stones_scene(gascony, [character("Athos", 3, 5, destiny=3)], ["Courage", "Movement"])
    athos = place_character(scene, 0, (2, 4), "north", ["Rapier"])
    turn = new_turn(scene, 0, athos)
    for stone, option in ((0, 0), (0, 1), (1, 2), (2, 0), (-1, 0)):
        with pytest.raises(ValueError):
            play(scene, spend_stone(scene, turn, stone, option), [])
    assert scene.battle["stones"] == ["Courage", "Movement"] and scene.events == [] and turn["move_bonus"] == 0
    assert stone_options(scene, None) == []


def test_loyalty_plays_a_support_on_an_adjacent_ally(gascony):
    """Aramis's Support heals an adjacent ally (the players choose among them)."""
    scene = stones_scene(gascony, [character("Aramis", 3, 4), character("Porthos", 4, 3, health=3)], ["Loyalty"])
    aramis = place_character(scene, 0, (2, 4), "north", ["Rapier"])
    porthos = place_character(scene, 1, (3, 4), "north", ["Broadsword"])
    turn = new_turn(scene, 0, aramis)
    play(scene, spend_stone(scene, turn, 0, 0), [])
    assert scene.game["characters"][1]["health"] == 4
    assert scene.events[-1] == {"event": "heal", "figure": porthos, "amount": 1}


def test_the_requests_shown_in_the_docs_have_the_real_keys(gascony):
    """docs/runtime.md, "Stones of Chance and abilities": each JSON line shown has the
    keys of a request (or listing) the engine really makes."""
    import re
    from pathlib import Path
    doc = (Path(__file__).resolve().parents[1] / "docs" / "runtime.md").read_text(encoding="utf-8")
    start = doc.index("### Stones of Chance and abilities")
    section = doc[start:re.search(r"\n#{2,3} ", doc[start + 1:]).start() + start + 1]   # to the next heading
    shown = [json.loads(line) for block in re.findall(r"```json\n(.*?)```", section, re.S)
             for line in block.strip().splitlines()]
    shown = [s for s in shown if s.get("kind") in ("stones", "reroll", "prepare") or "do" in s]   # not the answers
    scene = stones_scene(gascony, [character("Athos", 3, 5, destiny=0, status=["Doom"])], ["Movement", "Altruism"],
                         order={"Reaction": ["Duck!"]})
    athos = place_character(scene, 0, (2, 4), "north", ["Rapier"])
    place_enemy(scene, "Cardinal's Guard", (2, 3))
    _, stones = play(scene, roll_stones(scene), [("stones", {"faces": ["Courage"]})])
    scene.battle["stones"] = ["Movement", "Altruism"]
    turn = new_turn(scene, 0, athos)
    real = {"stones": stones[0], "prepare": next(prepare(scene, athos)),
            "stone": {"do": "stone", "stones": stone_options(scene, turn)}}
    scene.battle["stones"] = ["Courage"]
    generator = attack(scene, athos, scene.get(athos)["weapons"][0])
    next(generator)
    generator.send({"faces": [1, 2, 4]})
    real["reroll"] = generator.send({"keep": True})
    assert len(shown) == 4
    for example in shown:
        got = real[example.get("kind") or example["do"]]
        assert set(example) == set(got), example
        if "stones" in example and isinstance(example["stones"], list):
            assert set(example["stones"][0]) == set(got["stones"][0])
            assert set(example["stones"][0]["options"][0]) == set(got["stones"][0]["options"][0])
    assert shown[1]["stones"] == real["stone"]["stones"]          # the listing shown is the engine's
    assert shown[2]["stones"] == real["reroll"]["stones"]


def test_an_if_in_an_ability_plays_its_turn_effects(gascony):
    """An ability's ``if`` branch may hold Character-turn effects: played on the turn."""
    from _battle_helpers import fx
    scene = stones_scene(gascony, [character("Porthos", 4, 3, status=["Despair"])], ["Altruism"])
    porthos = place_character(scene, 0, (3, 4), "north", ["Broadsword"])
    board = next(b for b in scene.pack["characters"] if b["name"] == "Porthos")
    board["talent"]["effects"] = [fx("if", **{"if": {"kind": "has_status", "value": "Despair"},
                                              "then": [fx("move-bonus", squares=2)], "else": [fx("move-bonus")]})]
    turn = new_turn(scene, 0, porthos)
    play(scene, spend_stone(scene, turn, 0, 0), [])
    assert turn["move_bonus"] == 2


def test_an_ability_that_uses_itself_is_never_offered_and_stops_the_engine(gascony):
    """(lint CF846) A Support whose effect uses the Support: not an Action, not a
    Loyalty option; played directly, an EngineError, not an endless loop."""
    from _battle_helpers import fx

    from cardforge_runtime.errors import EngineError
    scene = stones_scene(gascony, [character("Porthos", 4, 3)], ["Loyalty"])
    porthos = place_character(scene, 0, (3, 4), "north", ["Broadsword"])
    board = next(b for b in scene.pack["characters"] if b["name"] == "Porthos")
    board["support"]["effects"] = [fx("use-ability", ability="support")]
    turn = new_turn(scene, 0, porthos)
    assert [a["action"] for a in ability_actions(scene, turn)] == ["talent"]
    assert stone_options(scene, turn) == []
    with pytest.raises(EngineError, match="uses itself"):
        play(scene, use_ability(scene, turn, "support"), [])


@settings(max_examples=80, deadline=None)
@given(pool=st.lists(st.sampled_from(FACES), min_size=1, max_size=4), destiny=st.integers(0, 3),
       health=st.integers(1, 6), status=st.sets(st.sampled_from(["Despair", "Doom"])), moved=st.booleans(),
       attacked=st.booleans(), second=st.booleans(), extra=st.integers(0, 6), who=st.sampled_from(["Athos", "Porthos"]))
def test_every_listed_option_does_something_and_no_other_is_spent(gascony, pool, destiny, health, status, moved,
                                                                   attacked, second, extra, who):
    """A property of ``stone_options`` ("usable now"): spending any listed option spends
    its stone and changes the turn, the Character or its figure; any option not listed
    is refused with nothing changed."""
    def fresh():
        scene = stones_scene(gascony, [character(who, 3, 5, destiny=destiny, health=health, status=sorted(status))],
                             pool)
        weapons = ["Rapier", "Pistol"] if who == "Athos" else ["Broadsword"]
        figure_id = place_character(scene, 0, (2, 4), "north", weapons)
        turn = new_turn(scene, 0, figure_id)
        turn.update(moved=moved, attacks=scene.get(figure_id)["weapons"][:1] if attacked else [],
                    second_attack=second, extra_attack_dice=extra)
        return scene, turn, figure_id

    def snapshot(scene, turn, figure_id):
        return copy.deepcopy((turn, scene.game["characters"][0], scene.get(figure_id)))

    scene, turn, _ = fresh()
    offered = {(s["stone"], o["option"]) for s in stone_options(scene, turn) for o in s["options"]}
    for stone, face in enumerate(pool):
        options = len(next(f for f in gascony["stones_of_chance"]["faces"] if f["face"] == face)["options"]) + 1
        for option in range(options):
            scene, turn, figure_id = fresh()
            before = snapshot(scene, turn, figure_id)
            if (stone, option) not in offered:
                with pytest.raises(ValueError):
                    play(scene, spend_stone(scene, turn, stone, option), [])
                assert snapshot(scene, turn, figure_id) == before and scene.battle["stones"] == pool
                continue
            generator = spend_stone(scene, turn, stone, option)
            try:
                request = next(generator)
                while True:
                    if request["kind"] == "prepare":
                        answer = {"equip": request["equipped"], "flip": True}
                    elif request["kind"] == "pick":
                        answer = {"pick": request["options"][0]}
                    else:
                        raise AssertionError(request)
                    request = generator.send(answer)
            except StopIteration:
                pass
            assert len(scene.battle["stones"]) == len(pool) - 1
            assert snapshot(scene, turn, figure_id) != before, (face, option)


def test_a_challenge_roll_in_the_turn_may_spend_a_stone_for_destiny(gascony):
    """An Interact's challenge (``rolls.roll``) in the Character's turn takes the same
    stones as an Attack roll when the terrain action passes ``reroll_stones``."""
    from cardforge_runtime.battle.stones import reroll_stones
    from cardforge_runtime.rolls import roll
    scene = stones_scene(gascony, [character("Porthos", 4, 3, destiny=0)], ["Courage"])
    porthos = place_character(scene, 0, (3, 4), "north", ["Broadsword"])
    new_turn(scene, 0, porthos)
    generator = roll(scene.game, 0, "Movement", "challenge", 3, 0, tokens=scene.tokens, rule=scene.rule,
                     rng=scene.rng, record=scene.record, stones=reroll_stones(scene, 0))
    next(generator)
    reroll = generator.send({"faces": [1, 2, 4]})
    assert reroll["kind"] == "reroll" and reroll["destiny"] == 0 and reroll["stones"][0]["face"] == "Courage"
    again = generator.send({"stone": 0, "option": 1})
    assert again["destiny"] == 1 and "stones" not in again
    with pytest.raises(StopIteration) as stop:
        generator.send({"reroll": [0, 1], "faces": [5, 6]})
    assert stop.value.value == 4
    assert reroll_stones(scene, 0) is None                       # the pool is empty now


def test_athos_turn_of_the_battle_round_example(gascony):
    """Athos's whole turn: the M stone for Movement 6; "The Guard is not inside his
    Rapier's Attack Pattern, so he uses his Action to Prepare, flipping his Stance";
    then 1 2 4, the C stone for a Destiny spent at once: 2 5 4, and "Duck!"."""
    from cardforge_runtime.battle.attack import targets_of
    scene = stones_scene(gascony, [character("Athos", 3, 5, destiny=0)], ["Movement", "Courage"],
                         order={"Reaction": ["Duck!"]})
    athos = place_character(scene, 0, (2, 4), "north", ["Rapier"])
    rapier = scene.get(athos)["weapons"][0]
    guard = place_enemy(scene, "Cardinal's Guard", (3, 3))       # ahead on the side the Rapier's pattern lacks
    if guard in targets_of(scene, athos, scene.decks.card(rapier)):
        scene.get(guard)["square"] = [1, 3]
    assert targets_of(scene, athos, scene.decks.card(rapier)) == []
    turn = new_turn(scene, 0, athos)
    play(scene, spend_stone(scene, turn, 0, 0), [])
    assert stat_value(scene.game["characters"][0], "Movement", scene.tokens) + turn["move_bonus"] == 6
    play(scene, prepare(scene, athos), [("prepare", {"equip": [rapier], "flip": True})])   # his Action
    assert targets_of(scene, athos, scene.decks.card(rapier)) == [guard]
    result, requests = play(scene, attack(scene, athos, rapier), [
        ("roll:attack", {"faces": [1, 2, 4]}), ("reroll", {"keep": True}), ("reroll", {"stone": 0, "option": 1}),
        ("reroll", {"reroll": [0, 1], "faces": [2, 5]})])
    assert [r["destiny"] for r in requests[2:]] == [0, 1]
    assert result.faces == [2, 5, 4] and result.successes == 2 and result.results == {guard: "unchanged"}
    assert scene.battle["stones"] == [] and scene.game["characters"][0]["destiny"] == 0
