"""The effect interpreter and target rules with the rulebook's cards ("Guards!",
"Doom", "Dodge", "Duck!") and the second ruleset's target order."""

from __future__ import annotations

import copy

import pytest
from _battle_helpers import PACK, character, fx, place_character, place_enemy, place_named, play, scene_of

from cardforge_runtime.battle.effects import Resolution, draw_and_resolve, run
from cardforge_runtime.battle.state import figure
from cardforge_runtime.battle.targets import select_targets
from cardforge_runtime.errors import EngineError

FLOOR = ["......"] * 6


def cardinal_scene(players: int = 3, guards_in_supply: int = 6, rows=FLOOR, **more):
    people = [character(n, 3, 3) for n in ("Athos", "Porthos", "Aramis", "D'Artagnan")[:players]]
    scene = scene_of(rows, people, supply={"Cardinal's Guard": guards_in_supply, "Marksman": 4},
                     order={"Cardinal Richelieu": ["Guards!"]}, **more)
    cardinal = place_named(scene, "Cardinal Richelieu", (3, 3))
    return scene, cardinal


def test_guards_threat_activates_adjacent_guards_then_places_1_per_player_with_new_ids_then_goes_to_the_box():
    """"All Cardinal's Guards adjacent to the Cardinal activate. Then, if there are any
    Cardinal's Guards in the Supply, place up to 1 per player in empty spaces adjacent
    to the Cardinal, if possible, and return this card to the box.\""""
    activated = []

    def enemy_turn(scene, ids):
        activated.append(list(ids))
        return
        yield

    scene, cardinal = cardinal_scene(players=3, guards_in_supply=6, enemy_turn=enemy_turn)
    athos = place_character(scene, 0, (5, 5), "north", ["Rapier"])
    near = place_enemy(scene, "Cardinal's Guard", (2, 2))
    far = place_enemy(scene, "Cardinal's Guard", (6, 6))
    before = copy.deepcopy([figure(scene.battle, i)[1] for i in (cardinal, athos, near, far)])
    next_id = scene.battle["next_id"]
    _, requests = play(scene, draw_and_resolve(scene, "Cardinal Richelieu", Resolution(this=cardinal,
                                                                                          portion="threat")), [
        ("pick:spawn", {"pick": [3, 2]}), ("pick:spawn", {"pick": [4, 4]}), ("pick:spawn", {"pick": [2, 4]})])
    assert activated == [[near]]                            # only the adjacent Guard, before the new ones
    assert requests[0]["options"] == [[3, 2], [4, 2], [4, 3], [4, 4], [3, 4], [2, 4], [2, 3]]
    new = [f for f in scene.battle["enemies"] if f["id"] >= next_id]
    assert [(f["id"], f["square"], f["wounded"]) for f in new] == [
        (next_id, [3, 2], False), (next_id + 1, [4, 4], False), (next_id + 2, [2, 4], False)]
    assert [figure(scene.battle, i)[1] for i in (cardinal, athos, near, far)] == before   # unchanged
    assert scene.battle["supply"]["Cardinal's Guard"] == 6 - 2 - 3
    guards = scene.decks.id_of("Cardinal Richelieu", "Guards!")
    assert scene.decks.piles["Cardinal Richelieu"]["box"] == [guards]
    # ... and it never comes back: the whole deck drawn through two reshuffles
    for _ in range(6):
        card = scene.decks.draw("Cardinal Richelieu")
        assert card != guards
        scene.decks.discard(card)
    assert scene.decks.faults(scene.game) == []


@pytest.mark.parametrize("players, supply, blocked, placed", [
    (3, 6, 0, 3),      # 1 per player
    (3, 2, 0, 2),      # up to the supply
    (4, 6, 6, 2),      # up to the empty squares (8 around, 6 taken)
    (1, 6, 0, 2),      # Solo Play: set up for 2 players
    (2, 0, 0, 0),      # none in the supply: nothing
])
def test_guards_places_min_of_players_supply_and_empty_squares(players, supply, blocked, placed):
    scene, cardinal = cardinal_scene(players=max(players, 1), guards_in_supply=supply + blocked)
    scene.game["players"] = players
    around = [(2, 2), (3, 2), (4, 2), (4, 3), (4, 4), (3, 4), (2, 4), (2, 3)]
    for square in around[:blocked]:
        place_enemy(scene, "Cardinal's Guard", square)
    card = {"name": "Guards!", "threat": [fx("spawn", enemy="Cardinal's Guard", per_player=1)]}
    assert card["threat"][0]["where"] == "empty-adjacent-to-this"
    gen = run(scene, card["threat"], Resolution(this=cardinal, portion="threat"))
    answers = []
    try:
        request = next(gen)
        while True:
            answers.append(request)
            request = gen.send({"pick": request["options"][0]})
    except StopIteration:
        pass
    spawned = [e for e in scene.events if e["event"] == "spawn"][0]
    assert len(spawned["figures"]) == placed
    assert len(set(spawned["figures"])) == placed and not set(spawned["figures"]) & {cardinal}


def test_guards_drawn_as_a_reaction_resolves_its_reaction_portion_and_goes_to_the_discard_pile():
    """Decided (docs/rulings.md, "A Threat card drawn as a Reaction"): only the Reaction
    portion resolves; "return this card to the box" belongs to the threat portion, so
    the card goes to the discard pile and may come back as a threat later."""
    scene, cardinal = cardinal_scene(players=2)
    athos = place_character(scene, 0, (3, 4), "north", ["Rapier"])
    supply = dict(scene.battle["supply"])
    play(scene, draw_and_resolve(scene, "Cardinal Richelieu", Resolution(you=athos, this=cardinal,
                                                                          portion="reaction")), [])
    guards = scene.decks.id_of("Cardinal Richelieu", "Guards!")
    assert scene.decks.piles["Cardinal Richelieu"]["discard"] == [guards]
    assert scene.decks.piles["Cardinal Richelieu"]["box"] == []
    assert scene.battle["supply"] == supply                    # no Guard placed
    assert scene.game["characters"][0]["status"] == ["Doom"]
    assert scene.decks.faults(scene.game) == []


def test_doom_gives_a_doom_token_or_1_wound_if_held_then_pushes_1_square():
    """"Gain a Doom token. If you already have one, suffer 1 Wound instead. Then, you
    are pushed 1 square if possible.\""""
    scene, cardinal = cardinal_scene(players=2)
    athos = place_character(scene, 0, (3, 4), "north", ["Rapier"])
    doom = scene.pack["threat_decks"][0]["cards"][0]["reaction"]
    play(scene, run(scene, doom, Resolution(you=athos, this=cardinal, portion="reaction")), [])
    athos_state = scene.game["characters"][0]
    assert athos_state["status"] == ["Doom"] and athos_state["health"] == 5
    assert scene.get(athos)["square"] == [3, 5]
    play(scene, run(scene, doom, Resolution(you=athos, this=cardinal, portion="reaction")), [])
    assert athos_state["status"] == ["Doom"] and athos_state["health"] == 4     # a Wound instead
    assert scene.get(athos)["square"] == [3, 6]
    play(scene, run(scene, doom, Resolution(you=athos, this=cardinal, portion="reaction")), [])
    assert scene.get(athos)["square"] == [3, 6]            # the map's edge: not pushed (if possible)
    assert athos_state["health"] == 3


def test_a_push_blocked_straight_away_asks_the_players_among_the_squares_further_away():
    scene, cardinal = cardinal_scene(players=2)
    athos = place_character(scene, 0, (3, 4), "north", ["Rapier"])
    place_enemy(scene, "Cardinal's Guard", (3, 5))
    doom = [fx("push", who="you", squares=1, away_from="this")]
    _, requests = play(scene, run(scene, doom, Resolution(you=athos, this=cardinal)), [("pick:push", {"pick": [2, 5]})])
    assert requests[0]["options"] == [[4, 5], [2, 5]]
    assert scene.get(athos)["square"] == [2, 5]


def test_dodge_wounds_an_adjacent_attacker_and_places_the_enemy_behind_if_empty():
    """"If the Enemy is adjacent to you, suffer 1 Wound. Then if the square directly
    behind you is empty, place the Enemy there.\""""
    scene = scene_of(FLOOR, [character("Athos", 3, 5), character("Porthos", 4, 3)], order={"Reaction": ["Dodge"]})
    athos = place_character(scene, 0, (3, 4), "north", ["Rapier"])
    guard = place_enemy(scene, "Cardinal's Guard", (3, 3))
    play(scene, draw_and_resolve(scene, "Reaction", Resolution(you=athos, this=guard)), [])
    assert scene.game["characters"][0]["health"] == 4
    assert scene.get(guard)["square"] == [3, 5]                # behind Athos, who faces north
    assert scene.decks.names("Reaction", "discard") == ["Dodge"]
    # behind is taken: the Enemy stays; not adjacent: no Wound
    other = scene_of(FLOOR, [character("Athos", 3, 5), character("Porthos", 4, 3)], order={"Reaction": ["Dodge"]})
    athos = place_character(other, 0, (3, 4), "north", ["Rapier"])
    place_character(other, 1, (3, 5), "north", ["Broadsword"])
    guard = place_enemy(other, "Marksman", (3, 1))
    play(other, draw_and_resolve(other, "Reaction", Resolution(you=athos, this=guard)), [])
    assert other.game["characters"][0]["health"] == 5 and other.get(guard)["square"] == [3, 1]


SECOND_RULESET = [{"kind": "among", "value": "range-and-line-of-sight"}, {"kind": "weakest"},
                  {"kind": "prefer", "role": None, "status": "Defending"},
                  {"kind": "prefer", "role": "Magus", "status": None}, {"kind": "players-choice"}]


def heroes(healths, statuses, roles):
    return [character(f"Hero {i}", 3, 3, health=h, status=s, role=r)
            for i, (h, s, r) in enumerate(zip(healths, statuses, roles))]


@pytest.mark.parametrize("healths, statuses, roles, expected, asked", [
    ((3, 2, 4), ([], [], []), (None, None, None), 1, False),                          # the weakest
    ((2, 2, 4), ([], ["Defending"], []), (None, None, None), 1, False),               # then Defending
    ((2, 2, 2), ([], [], []), ("Magus", None, None), 0, False),                       # then the Magus
    ((2, 2, 4), (["Defending"], ["Defending"], []), ("Magus", None, None), 0, False),
    ((2, 2, 4), ([], [], []), (None, None, "Magus"), None, True),                     # then the players
])
def test_second_ruleset_target_order(healths, statuses, roles, expected, asked):
    """"If more than one Hero is in range, attack the Weakest (least health), then
    Defending Hero, then Magus, then players choice" as data."""
    scene = scene_of(FLOOR, heroes(healths, statuses, roles))
    ids = [place_character(scene, i, sq, "north", []) for i, sq in enumerate([(2, 5), (4, 5), (3, 6)])]
    marksman = place_enemy(scene, "Marksman", (3, 2))
    answers = [("pick:target", {"pick": ids[1]})] if asked else []
    value, requests = play(scene, select_targets(scene, SECOND_RULESET, marksman), answers)
    if asked:
        assert requests[0]["options"] == [ids[0], ids[1]] and value == [ids[1]]
    else:
        assert value == [ids[expected]]


def test_target_rule_filters_range_and_falls_back_to_terrain():
    scene = scene_of(["......", "......", "......", "......", "......", "..Z..."], [character("A", 3, 3)])
    athos = place_character(scene, 0, (1, 1), "north", [])
    marksman = place_enemy(scene, "Marksman", (6, 6))        # Range 10 > 6
    rule = [{"kind": "among", "value": "in-range"}, {"kind": "fallback", "terrain": ["Brazier"], "in_path": False},
            {"kind": "players-choice"}]
    value, _ = play(scene, select_targets(scene, rule, marksman), [])
    assert value == [{"terrain": [3, 6]}]
    rule = [{"kind": "among", "value": "adjacent"}, {"kind": "nearest"}, {"kind": "players-choice"}]
    value, _ = play(scene, select_targets(scene, rule, marksman), [])
    assert value == [] and athos


def test_unknown_effects_and_turn_effects_are_engine_errors():
    scene, cardinal = cardinal_scene(players=2)
    with pytest.raises(EngineError, match="unknown effect"):
        next(run(scene, [{"kind": "explode"}], Resolution(this=cardinal)))
    with pytest.raises(EngineError, match="Character's turn"):
        next(run(scene, [fx("second-attack")], Resolution(this=cardinal)))
    with pytest.raises(EngineError, match="Enemy turn"):
        place_enemy(scene, "Cardinal's Guard", (2, 2))
        next(run(scene, [fx("activate", adjacent_to="this")], Resolution(this=cardinal)))


def test_the_easier_game_gives_no_severe_wound():
    """Difficulty Adjustments (easier): "Characters never receive a Severe Wound when
    they are knocked down": the Fallen Character keeps its maximum Health."""
    pack = copy.deepcopy(PACK)
    pack["difficulty"] = [{"name": "easier", "severe_wounds": False}]
    for difficulty, health_max in ((None, 5), ("easier", 6)):
        scene = scene_of(FLOOR, [character("Athos", 3, 5, health=1)], pack=pack, order={"Reaction": ["Dodge"]},
                         difficulty=difficulty)
        athos = place_character(scene, 0, (3, 4), "north", ["Rapier"])
        guard = place_enemy(scene, "Cardinal's Guard", (3, 3))
        play(scene, draw_and_resolve(scene, "Reaction", Resolution(you=athos, this=guard)), [])
        athos_state = scene.game["characters"][0]
        assert athos_state["fallen"] and athos_state["health_max"] == health_max


def test_an_ability_heals_an_adjacent_ally_the_players_choose():
    """Aramis's Support ("Healing Wounds": "Aramis' ability"): ``who: {target: [{among:
    adjacent}, players-choice]}`` measured from ``you`` (no Enemy resolves an ability):
    the players choose among the adjacent Characters; Aramis himself and a Character
    further away are not candidates."""
    scene = scene_of(FLOOR, [character("Aramis", 3, 4, health=2), character("Athos", 3, 5, health=3),
                             character("Porthos", 4, 2, health=3), character("D'Artagnan", 4, 4, health=3)])
    ids = [place_character(scene, i, sq, "north", []) for i, sq in enumerate([(3, 4), (3, 5), (4, 4), (0, 0)])]
    heal = [{"kind": "heal", "amount": 1,
             "who": {"target": [{"kind": "among", "value": "adjacent"}, {"kind": "players-choice"}]}}]
    _, requests = play(scene, run(scene, heal, Resolution(you=ids[0])), [("pick:target", {"pick": ids[2]})])
    assert requests[0]["options"] == [ids[1], ids[2]]
    assert [c["health"] for c in scene.game["characters"]] == [2, 3, 4, 3]
