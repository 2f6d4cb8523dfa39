"""Rulebook reviews of issue 9 (branch i9-rules) and issue 10 (branch i10-rules, the
Battle rounds): confirmed disagreements between the engine and Gascony's Legacy, each
first a failing test with the rulebook's words (``xfail(strict=True)`` with the rule it
breaks while unfixed; the fixer removes the mark with the fix), and tests of important
rules that had none.

They play the SHIPPED content (content/gascony, content/enemy-attack), compiled once,
where the hand-built pack of ``_battle_helpers`` hides the difference."""

from __future__ import annotations

import copy

import pytest
from _battle_helpers import PACK, character, fx, place_character, place_enemy, place_named, play, scene_of
from _helpers import SHIPPED

from cardforge_compiler import __version__
from cardforge_compiler.emit import build_bundle
from cardforge_compiler.pipeline import compile_paths
from cardforge_runtime import decks as D
from cardforge_runtime.battle.attack import attack
from cardforge_runtime.battle.effects import run
from cardforge_runtime.battle.resolution import Resolution
from cardforge_runtime.deck_play import decks_by_name
from cardforge_runtime.loot import draw_loot, use_card

FLOOR = ["......."] * 7


@pytest.fixture(scope="module")
def packs() -> dict:
    result = compile_paths([str(SHIPPED)])
    assert not result.errors
    return {pack["id"]: pack for pack in build_bundle(result.packs, __version__)["packs"]}


def _state(pack: dict) -> dict:
    return {"card": 1, "coins": 0, "decks": {n: D.new_piles(d) for n, d in decks_by_name(pack).items()},
            "characters": [{"name": "Porthos", "destiny": 1, "destiny_max": 3, "health": 4, "health_max": 5,
                            "status": [], "items": [], "fallen": False, "cards": []}]}


def _drive(generator, answer):
    try:
        request = next(generator)
        while True:
            request = generator.send(answer(request))
    except StopIteration as stop:
        return stop.value


def _no_request(request):  # noqa: ANN001, ANN202
    pytest.fail(f"the card asked the players unexpectedly: {request}")


# Battle Round Example: Porthos discards the Cross to regain one of his Destiny tokens
# (the old loot.apply_card_effects multiplied the bundle's null params -> TypeError)
def test_using_the_shipped_cross_regains_a_destiny(packs) -> None:  # noqa: ANN001
    gascony = packs["gascony"]
    state = _state(gascony)
    cross = next(c for c in state["decks"]["Loot"]["draw"]
                 if D.card_of(decks_by_name(gascony), c)["name"] == "Cross")
    state["decks"]["Loot"]["draw"].remove(cross)
    state["characters"][0]["cards"].append(cross)
    state["characters"][0]["items"].append("Cross")
    _drive(use_card(state, gascony, 0, cross, D.deck_rng(1), lambda e: None), _no_request)
    assert state["characters"][0]["destiny"] == 2


# `cardforge play <gascony bundle> --difficulty easier` died at the Story's start on a
# shipped Coins card (null params; Difficulty Adjustments: each player draws 1 Loot card)
def test_drawing_shipped_coins_loot_gains_a_coin(packs) -> None:  # noqa: ANN001
    gascony = packs["gascony"]
    state = _state(gascony)
    names = decks_by_name(gascony)
    state["decks"]["Loot"]["draw"] = [c for c in state["decks"]["Loot"]["draw"]
                                      if D.card_of(names, c)["name"] == "Coins"]
    _drive(draw_loot(state, gascony, 0, D.deck_rng(1), lambda e: None), _no_request)
    assert state["coins"] == 1


def test_fallen_foes_blade_gives_the_character_an_equipment_card(packs) -> None:  # noqa: ANN001
    scene = scene_of(FLOOR, [character("Porthos", 4, 3, destiny=1, health=4)], pack=packs["gascony"],
                     order={"Loot": ["Fallen Foe's Blade"]})
    porthos = place_character(scene, 0, (3, 4), "north", ["Broadsword"])
    place_enemy(scene, "Cardinal's Guard", (3, 3))
    answers = {"roll": {"faces": [6, 6, 1, 1]}, "reroll": {"keep": True}, "pips": {"dice": []},
               "leave": {"leave": []}}
    _drive(attack(scene, porthos, scene.get(porthos)["weapons"][0]), lambda r: answers[r["kind"]])
    assert scene.decks.names("Equipment", "discard") == []
    assert len(scene.game["characters"][0]["items"]) == 2


def test_guards_places_one_fewer_per_player_in_the_easier_game(packs) -> None:  # noqa: ANN001
    pack = copy.deepcopy(PACK)
    pack["difficulty"] = copy.deepcopy(packs["gascony"]["difficulty"])
    scene = scene_of(FLOOR, [character(n, 3, 3) for n in ("A", "B", "C")], pack=pack, difficulty="easier")
    for i in range(3):
        place_character(scene, i, (i * 3, 6), "north", ["Rapier"])
    cardinal = place_named(scene, "Cardinal Richelieu", (3, 3))
    spawn = fx("spawn", enemy="Cardinal's Guard", per_player=1, where="empty-adjacent-to-this")
    _drive(run(scene, [spawn], Resolution(None, cardinal)), lambda r: {"pick": r["options"][0]})
    assert len(scene.battle["enemies"]) == 2


def test_a_stacking_token_is_gained_again(packs) -> None:  # noqa: ANN001
    pack = copy.deepcopy(PACK)
    pack["status_tokens"] += [t for t in packs["enemy-attack"]["status_tokens"] if t["name"] == "Fatigue"]
    scene = scene_of(FLOOR, [character("A", 3, 3)], pack=pack)
    hero = place_character(scene, 0, (1, 1), "north", ["Rapier"])
    guard = place_enemy(scene, "Cardinal's Guard", (1, 0))
    for _ in range(2):
        _drive(run(scene, [fx("status", token="Fatigue", who="you")], Resolution(hero, guard)), lambda r: {})
    assert scene.game["characters"][0]["status"] == ["Fatigue", "Fatigue"]


def test_athos_attack_as_printed_with_the_shipped_rapier(packs) -> None:  # noqa: ANN001
    scene = scene_of(FLOOR, [character("Athos", 3, 5, destiny=1)], pack=packs["gascony"],
                     order={"Reaction": ["Duck!"]})
    athos = place_character(scene, 0, (2, 4), "north", ["Rapier"])
    place_enemy(scene, "Cardinal's Guard", (2, 3))
    result, _ = play(scene, attack(scene, athos, scene.get(athos)["weapons"][0]), [
        ("roll:attack", {"faces": [1, 2, 4]}),
        ("reroll", {"keep": True}),                              # the Rapier's free reroll of 1s: declined
        ("reroll", {"reroll": [0, 1], "faces": [2, 5]}),          # Destiny
    ])
    assert result.faces == [2, 5, 4] and result.successes == 2
    assert scene.game["characters"][0]["destiny"] == 0


# -- Rulebook review of issue 10 (branch i10-rules): the Battle rounds -----------------------------------

def _exit_battle(gascony_bundle, players: int = 2, sink=None):  # noqa: ANN001
    """The act-1 Battle (card 102: Defeat all Enemies, Reach Exit by [[12, 7], [12, 8]])
    played by ``battle.rounds`` from Setup, every Character deployed and prepared."""
    from cardforge_runtime import Session, load_bundle
    from cardforge_runtime.battle.rounds import make_scene, play_battle
    from cardforge_runtime.pcg import Pcg32

    bundle = load_bundle(gascony_bundle)
    session = Session.start(bundle, "act-1", players=players, seed=3)
    pack = bundle.data["packs"][0]
    card = next(c for s in pack["stories"] if s["id"] == "act-1" for c in s["cards"] if c["id"] == 102)
    step = next(s for s in card["steps"] if s["kind"] == "battle")
    state = session.state
    state["card"] = 102
    scene = make_scene(pack, state, step, [], Pcg32(5, 54), Pcg32(5, 55), sink=sink or (lambda event: None))
    play = play_battle(scene, step, Pcg32(5, 55))
    request = next(play)
    while request["kind"] in ("deploy", "prepare"):
        request = play.send({"square": request["squares"][0], "facing": "east"} if request["kind"] == "deploy"
                            else {"keep": True})
    return scene, play, request


def _send(play, answer):
    try:
        return play.send(answer), None
    except StopIteration as stop:
        return None, stop.value


def test_one_left_by_the_exit_and_the_rest_fallen_is_no_loss(gascony_bundle) -> None:  # noqa: ANN001
    """Suffering Wounds: "If all Characters have Fallen at the same time, then there is no
    one left to Rescue them and all players lose the game": one who left by the Exit has
    not Fallen, and comes back (2. Character Turns: "choose another Character that has
    not yet taken a turn this Round") to Rescue."""
    scene, play, request = _exit_battle(gascony_bundle)
    porthos, athos = scene.battle["characters"]
    porthos["square"] = [12, 7]
    athos["square"] = [9, 3]
    scene.game["characters"][1].update(fallen=True, health=0)
    assert request["kind"] == "stones"
    request, outcome = _send(play, {"auto": True})
    assert request["kind"] == "turn" and request["character"] == 0          # Athos is Fallen: no choice
    assert {"do": "exit", "area": 0} in request["options"]
    request, outcome = _send(play, {"do": "exit"})
    assert outcome is None and scene.battle["exited"][0]["character"] == 0       # the old engine: all_fallen
    while request["kind"] != "turn":
        request, outcome = _send(play, {"auto": True} if request["kind"] == "stones" else {"pick": request["options"][0]})
        assert outcome is None
    assert request["character"] == 0 and request["round"] == 2
    assert request["options"] == [{"do": "return", "area": 0, "squares": [[12, 7], [12, 8]]}, {"do": "end"}]
    from cardforge_runtime import AnswerError
    from cardforge_runtime.battle.round_answers import check_round_answer
    for bad in ({"do": "return"}, {"do": "return", "to": [11, 8]}, {"do": "move", "to": [12, 8], "facing": "east"},
                {"do": "return", "to": [12, 8], "facing": "west"}):
        with pytest.raises(AnswerError):
            check_round_answer(request, bad, scene.rule)
    request, outcome = _send(play, {"do": "return", "to": [12, 8]})
    assert scene.battle["exited"] == [] and scene.square(porthos["id"]) == (12, 8)
    assert scene.get(porthos["id"])["facing"] == "east"
    assert request["kind"] == "turn" and any(o["do"] == "move" for o in request["options"])


class _Table:
    """What ``objectives.ending`` reads of a Scene."""

    def __init__(self, battle, characters, objectives, exits) -> None:  # noqa: ANN001
        self.battle, self.game, self.objectives, self.exits = battle, {"characters": characters}, objectives, exits


def test_the_fallen_on_the_exit_squares_and_the_others_gone_meet_reach_exit() -> None:
    """Reach Exit: "When an Exit Area contains all Characters in play, even if some of
    those Characters have fallen, players exit the map and the Battle immediately ends"
    (Athos Fell on an Exit square after Porthos left by it: not "all Characters have
    Fallen")."""
    from cardforge_runtime.battle.objectives import ending

    standing, fallen = ({"fallen": f, "health": 0 if f else 3, "health_max": 4} for f in (False, True))
    table = _Table({"characters": [{"character": 1, "square": [12, 8]}], "enemies": [{"id": 5}], "named": [],
                    "exited": [{"character": 0, "area": 0}]},
                   [standing, fallen], [{"kind": "defeat-all"}, {"kind": "reach-exit"}], [[(12, 7), (12, 8)]])
    assert ending(table) == {"objective": 1}         # the old engine: {"lost": "all_fallen", "character": None}
    table.battle["characters"][0]["square"] = [9, 3]
    assert ending(table) is None                     # no loss: Porthos can come back to Rescue Athos
    table.game["characters"][0]["fallen"] = True     # (cannot happen off the board) every Character Fallen
    assert ending(table) == {"lost": "all_fallen", "character": None}


def test_the_unarmed_card_is_for_a_character_without_a_weapon(gascony_bundle) -> None:  # noqa: ANN001
    """Attack: "You may perform 1 Attack during your turn, using one of your Equipped
    Weapons"; "Note: If you find yourself without a Weapon, you can still attack; use the
    Unarmed weapon card" (Characters: "Characters without any Equipment must use the
    Unarmed card")."""
    from cardforge_runtime.battle.state import add_enemy
    from cardforge_runtime.battle.turn import turn_options

    scene, play, request = _exit_battle(gascony_bundle)
    me = scene.battle["characters"][0]
    me["square"], me["facing"] = [5, 5], "east"
    scene.battle["enemies"] = []
    add_enemy(scene.battle, "Cardinal's Guard", [6, 5])           # in front: in every pattern
    turn = {"character": 0, "figure": me["id"], "moved": True, "action": True, "attacks": [], "move_bonus": 0,
            "extra_attack_dice": 0, "second_attack": False, "auto_successes": None}
    names = [w["name"] for o in turn_options(scene, turn) if o["do"] == "attack" for w in o["weapons"]]
    assert me["weapons"] and "Unarmed" not in names and names    # the old engine offered Unarmed too
    me["weapons"] = []
    names = [w["name"] for o in turn_options(scene, turn) if o["do"] == "attack" for w in o["weapons"]]
    assert names == ["Unarmed"]


def test_rescue_flips_two_health_tokens_stands_the_ally_up_who_then_takes_a_turn(gascony_bundle) -> None:  # noqa: ANN001
    """Rescue a Fallen Ally: "Choose an adjacent Fallen Character. Flip up to 2 of their
    Health tokens to the gold side and stand them up. The Rescued character can choose
    which direction they face [...] They may take a turn this round if they haven't
    already"; Fallen Characters: "you cannot perform a Character Turn while Fallen";
    1. All for One: "After all Characters have taken a turn, all unused Stones of Chance
    are removed from the pool"."""
    events: list = []
    scene, play, request = _exit_battle(gascony_bundle, sink=events.append)
    porthos, athos = scene.battle["characters"]
    porthos["square"], athos["square"] = [5, 5], [6, 6]             # diagonal: adjacent
    scene.game["characters"][1].update(fallen=True, health=0, health_max=4)
    request, _ = _send(play, {"faces": ["Prowess", "Courage"]})
    assert request["kind"] == "turn" and request["character"] == 0  # Athos Fallen: no turn, nothing to choose
    rescue = next(o for o in request["options"] if o.get("action") == "rescue")
    assert rescue["figures"] == [athos["id"]]
    request, _ = _send(play, {"do": "action", "action": "rescue", "figure": athos["id"]})
    assert request == {"kind": "pick", "for": "facing", "options": ["north", "east", "south", "west"],
                       "figure": athos["id"]}
    request, _ = _send(play, {"pick": "west"})
    athos_now = scene.game["characters"][1]
    assert (athos_now["fallen"], athos_now["health"], athos_now["health_max"]) == (False, 2, 4)
    assert scene.get(athos["id"])["facing"] == "west" and scene.get(athos["id"])["flipped"] is athos["flipped"]
    assert request["kind"] == "turn" and request["character"] == 0
    request, _ = _send(play, {"do": "end"})
    assert request["kind"] == "turn" and request["character"] == 1 and request["round"] == 1
    assert scene.battle["stones"] == ["Prowess", "Courage"]
    request, _ = _send(play, {"do": "end"})
    removed = [e for e in events if e["event"] == "stones-removed"]
    assert removed == [{"event": "stones-removed", "stones": ["Prowess", "Courage"]}]
    assert scene.battle["stones"] == []


def test_the_players_choose_who_takes_the_next_turn_among_those_who_have_not(gascony_bundle) -> None:  # noqa: ANN001
    """2. Character Turns: "they must choose a Character to take a turn [...] choose
    another Character that has not yet taken a turn this Round"."""
    scene, play, request = _exit_battle(gascony_bundle, players=3)
    request, _ = _send(play, {"auto": True})
    assert request == {"kind": "character", "card": 102, "characters": [0, 1, 2], "for": "turn", "round": 1}
    request, _ = _send(play, {"character": 2})
    assert request["kind"] == "turn" and request["character"] == 2
    request, _ = _send(play, {"do": "end"})
    assert request == {"kind": "character", "card": 102, "characters": [0, 1], "for": "turn", "round": 1}


def test_trade_with_an_adjacent_fallen_ally(gascony_bundle) -> None:  # noqa: ANN001
    """Trade Cards and Coins: "Choose an adjacent Character and exchange any number of
    Coins, Equipment, and Items with them": any adjacent Character, a Fallen one too
    (Fallen Characters: they "continue to occupy the square where they fell")."""
    from cardforge_runtime.battle.turn import turn_options

    scene, play, request = _exit_battle(gascony_bundle)
    porthos, athos = scene.battle["characters"]
    porthos["square"], athos["square"] = [5, 5], [5, 6]
    turn = {"character": 0, "figure": porthos["id"], "moved": True, "action": False, "attacks": [], "move_bonus": 0,
            "extra_attack_dice": 0, "second_attack": False, "auto_successes": None}
    trade = [o for o in turn_options(scene, turn) if o.get("action") == "trade"]
    assert [o["figures"] for o in trade] == [[athos["id"]]]
    scene.game["characters"][1].update(fallen=True, health=0)
    trade = [o for o in turn_options(scene, turn) if o.get("action") == "trade"]
    assert [o["figures"] for o in trade] == [[athos["id"]]]        # the old engine: no Trade with a Fallen ally


def test_a_character_without_a_weapon_defends_inside_the_unarmed_pattern(gascony_bundle) -> None:  # noqa: ANN001
    """Characters: "Characters without any Equipment must use the Unarmed card"; Enemy
    Attacks: "If the Enemy is in the Attack Pattern of the target's melee Weapon(s), the
    player will have an opportunity to roll Defense"; Enemy Movement: "Enemies must stop
    moving when they enter a square in the Attack Pattern of any Character's melee
    weapon". The Unarmed card ("Attack the square you face") is that Character's Weapon."""
    from cardforge_runtime.battle.enemy_turn import enemy_attack
    from cardforge_runtime.battle.patterns import melee_cover
    from cardforge_runtime.battle.state import add_enemy

    scene, play, request = _exit_battle(gascony_bundle)
    me = scene.battle["characters"][0]
    me["square"], me["facing"], me["weapons"] = [5, 5], "east", []
    scene.battle["enemies"] = []
    guard = add_enemy(scene.battle, "Cardinal's Guard", [6, 5])
    assert melee_cover(scene, me["id"]) == [(6, 5)]                # the old engine: [] (no pattern at all)
    health = scene.game["characters"][0]["health"]
    first = next(enemy_attack(scene, guard["id"], me["id"], 2))
    assert first["kind"] == "roll" and scene.game["characters"][0]["health"] == health   # a Defense roll, no Wounds yet
