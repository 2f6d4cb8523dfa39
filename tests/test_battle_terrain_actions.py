"""Terrain actions resolved on the board, with the rulebook's own numbers (Gascony's
Legacy, "Terrain Tiles", "Enemies and Terrain", "Battle Round Example"): the shipped
terrain tiles and Enemies (content/gascony/) on small hand-built layouts."""

from __future__ import annotations

import copy

import pytest
from _battle_helpers import PACK, character, place_character, place_enemy, play, scene_of
from _board_helpers import SHIPPED_PACK, pack_board, placement, rows_layout

from cardforge_runtime.answer_fields import AnswerError
from cardforge_runtime.battle.answers import check_battle_answer
from cardforge_runtime.battle.state import add_named, figure_at
from cardforge_runtime.battle.terrain_actions import attack_tile, interact, interact_options, tile_targets
from cardforge_runtime.battle.terrain_state import board_now, new_terrain, tile_squares

#: The test pack with the shipped Enemies, Named Enemies and Threat decks.
TERRAIN_PACK = {**copy.deepcopy(PACK), "enemies": SHIPPED_PACK["enemies"],
                "named_enemies": SHIPPED_PACK["named_enemies"], "threat_decks": SHIPPED_PACK["threat_decks"]}
#: No 1x1 terrain from the row pictures: every tile is placed explicitly.
NO_LEGEND: dict[str, str] = {}


def terrain_scene(rows: list[str], tiles: list[dict], characters: list[dict], **more):  # noqa: ANN003, ANN201
    """A Scene on ``rows`` with the placed ``tiles``; the pack carries the board."""
    scene = scene_of(rows, characters, pack=TERRAIN_PACK, **more)
    board = pack_board({"test": rows_layout(rows, tiles, legend=NO_LEGEND)})
    scene.pack["board"] = board
    scene.battle["terrain"] = new_terrain()
    scene.board = board_now(board, "test", scene.battle["terrain"])
    return scene


def named(scene, name: str, square, health: int | None = None) -> int:  # noqa: ANN001
    figure = add_named(scene.battle, name, square, health or scene.named_enemies[name]["health"][str(scene.players_set_up())])
    return figure["id"]


def snapshot(scene):  # noqa: ANN001, ANN201
    return copy.deepcopy((scene.battle, scene.game, scene.decks.piles))


ROWS = ["......"] * 4


# -- the Barrel ------------------------------------------------------------------------------


def test_porthos_corps_a_corps_rolls_the_barrel_through_the_wounded_guard_no_loot():
    """Battle Round Example: "The Corps-à-corps Talent lets Porthos Interact with a
    Terrain Tile that requires a Movement Challenge (the Barrel) and automatically get 4
    success on the roll. Since the Barrel requires a 3-Movement Challenge, Porthos rolls
    the barrel through the Wounded Guard, defeating him. Since the Guard was not defeated
    by a Melee Attack, Porthos does not draw Loot." No roll is asked; the Barrel leaves."""
    scene = terrain_scene(ROWS, [placement("Barrel", (2, 2))], [character("Porthos", 4, 3)],
                          order={"Reaction": ["Counterattack"], "Loot": ["Cross"]})
    porthos = place_character(scene, 0, (2, 3), "east", ["Broadsword"])
    guard = place_enemy(scene, "Cardinal's Guard", (4, 2), wounded=True)
    supply = scene.battle["supply"]["Cardinal's Guard"]
    options = interact_options(scene, porthos)
    assert options == [{"tile": 0, "name": "Kicking a Barrel", "challenge": {"stat": "Movement", "successes": 3}}]
    auto = {"action": "interact", "stat": "Movement", "successes": 4}
    result, requests = play(scene, interact(scene, porthos, 0, "Kicking a Barrel", auto), [("pick:direction",
                                                                                          {"pick": "east"})])
    assert [r["kind"] for r in requests] == ["pick"]              # no roll: 4 automatic successes
    assert requests[0]["paths"]["east"] == [[3, 2], [4, 2], [5, 2], [6, 2]]
    assert result == {"tile": 0, "name": "Kicking a Barrel", "passed": True, "successes": 4, "needed": 3,
                      "auto": True}
    assert not scene.on_board(guard) and scene.battle["supply"]["Cardinal's Guard"] == supply + 1
    assert scene.decks.log == []                                  # no Reaction, no Loot drawn
    assert [e["event"] for e in scene.events] == ["interact", "auto-successes", "interact-result", "roll-in-line",
                                                  "wound", "remove-tile"]
    assert scene.events[4] == {"event": "wound", "figure": guard, "amount": 1, "result": "defeated",
                               "source": "terrain"}
    assert scene.battle["terrain"] == {"removed": [0], "moved": {}}
    assert scene.board.tiles_at((2, 2)) == () and "Elevated" not in scene.board.square_keywords((2, 2))
    assert interact_options(scene, porthos) == []


def test_dartagnan_rolls_a_barrel_into_two_enemies_wounding_both_and_it_stops_at_a_character():
    """"D'Artagnan rolls a barrel into 2 enemies, Wounding them both": rolled 4 5 6 (4
    Successes for a 3-Movement Challenge); the Barrel stops before Athos ("until it
    reaches a Character"); a Named Enemy in its path takes 1 Wound."""
    scene = terrain_scene(["......."] * 3, [placement("Barrel", (2, 2))],
                          [character("D'Artagnan", 4, 3), character("Athos", 3, 4)])
    dart = place_character(scene, 0, (1, 2), "east", ["Rapier"])
    place_character(scene, 1, (7, 2), "west", ["Rapier"])
    first = place_enemy(scene, "Cardinal's Guard", (3, 2))
    second = place_enemy(scene, "Hired Blade", (4, 2))
    rochefort = named(scene, "Rochefort", (5, 2))
    result, requests = play(scene, interact(scene, dart, 0, "Kicking a Barrel"),
                            [("roll:challenge", {"faces": [4, 5, 6]}), ("pick:direction", {"pick": "east"})])
    assert requests[0]["stat"] == "Movement" and requests[0]["dice"] == 3 and requests[0]["target"] == 3
    assert result["successes"] == 4 and result["passed"] and not result["auto"]
    assert requests[1]["paths"]["east"] == [[3, 2], [4, 2], [5, 2], [6, 2]]   # stops before Athos on (7, 2)
    assert scene.get(first)["wounded"] and scene.get(second)["wounded"]
    assert scene.get(rochefort)["health"] == 4 - 1
    assert scene.battle["terrain"]["removed"] == [0]


def test_a_failed_barrel_kick_changes_nothing_but_the_log():
    """"If you do not pass the Movement Challenge, nothing happens and your Action is
    wasted": 2 Successes of 3; the Barrel stays and the Enemy is untouched."""
    scene = terrain_scene(ROWS, [placement("Barrel", (2, 2))], [character("D'Artagnan", 4, 3)])
    dart = place_character(scene, 0, (1, 2), "east", ["Rapier"])
    guard = place_enemy(scene, "Cardinal's Guard", (3, 2))
    result, _ = play(scene, interact(scene, dart, 0, "Kicking a Barrel"), [("roll:challenge", {"faces": [4, 5, 1]})])
    assert result["passed"] is False and result["successes"] == 2
    assert scene.get(guard)["wounded"] is False and scene.battle["terrain"] == new_terrain()
    assert tile_squares(scene.board, 0) == ((2, 2),)


# -- the Brazier -----------------------------------------------------------------------------


def test_constance_kicks_over_a_brazier_and_defeats_the_cardinals_captain():
    """"Constance kicks over a Brazier, and could hit any of the 3 enemies adjacent to it.
    She chooses the Cardinal's Captain and defeats it": the players are asked which
    (exactly the 3 adjacent Enemies); the Captain (Defense 3/4) is Defeated outright."""
    scene = terrain_scene(["......"] * 5, [placement("Brazier", (3, 3))], [character("Constance", 2, 4)])
    constance = place_character(scene, 0, (2, 3), "east", ["Rapier"])
    captain = place_enemy(scene, "Cardinal's Captain", (4, 2))
    guard = place_enemy(scene, "Cardinal's Guard", (4, 3))
    marksman = place_enemy(scene, "Marksman", (3, 4))
    far = place_enemy(scene, "Cardinal's Guard", (6, 3))
    result, requests = play(scene, interact(scene, constance, 0, "Knocking over a Brazier"),
                            [("roll:challenge", {"faces": [4, 5, 1, 1]}), ("pick:enemy", {"pick": captain})])
    assert requests[0]["target"] == 2 and result["passed"]
    assert sorted(requests[1]["options"]) == sorted([captain, guard, marksman]) and far not in requests[1]["options"]
    assert not scene.on_board(captain) and scene.on_board(guard) and scene.on_board(marksman)
    assert {"event": "defeat", "figure": captain, "source": "terrain"} in scene.events
    assert scene.battle["terrain"]["removed"] == [0] and scene.decks.log == []


def test_a_brazier_kicked_onto_a_named_enemy_deals_one_wound():
    """"If it is a Named Enemy, it suffers 1 Wound": the only adjacent Enemy, not asked."""
    scene = terrain_scene(["......"] * 5, [placement("Brazier", (3, 3))], [character("Constance", 2, 4)])
    constance = place_character(scene, 0, (2, 3), "east", ["Rapier"])
    rochefort = named(scene, "Rochefort", (4, 4), health=3)
    _, requests = play(scene, interact(scene, constance, 0, "Knocking over a Brazier"),
                       [("roll:challenge", {"faces": [4, 5, 1, 1]})])
    assert len(requests) == 1 and scene.get(rochefort)["health"] == 3 - 1


# -- the Chest -------------------------------------------------------------------------------


def test_opening_a_chest_draws_an_equipment_card_the_character_holds():
    """"Open the Chest to draw an Equipment card, then remove the Chest from the map":
    no challenge; the card goes to the Character's cards and items; decks conserved."""
    scene = terrain_scene(ROWS, [placement("Chest", (3, 2))], [character("Aramis", 3, 3)],
                          order={"Equipment": ["Rapier"]})
    aramis = place_character(scene, 0, (2, 2), "east", [])
    assert interact_options(scene, aramis) == [{"tile": 0, "name": "Open Chest", "challenge": None}]
    result, requests = play(scene, interact(scene, aramis, 0, "Open Chest"), [])
    assert requests == [] and result["passed"] and result["successes"] is None
    card = scene.decks.id_of("Equipment", "Rapier")
    assert scene.game["characters"][0]["cards"] == [card] and scene.game["characters"][0]["items"] == ["Rapier"]
    assert scene.battle["terrain"]["removed"] == [0] and scene.decks.faults(scene.game) == []


# -- the Chandelier ---------------------------------------------------------------------------

CHANDELIER_ROWS = ["......"] * 5
#: A Chandelier over (3, 2) (4, 2) (3, 3) (4, 3).
CHANDELIER = placement("Chandelier", (3, 2))


def test_porthos_swings_onto_a_guard_and_the_chandelier_falls():
    """"Porthos can swing across to land on a Guard": from (2, 2), west of the tile, to
    the diagonally-opposite square (5, 3); the Guard there is moved to an adjacent empty
    square the players choose and Wounded; then the Chandelier falls: the Guard under it
    is Defeated, Rochefort under it takes 1 Wound; the tile leaves the map."""
    scene = terrain_scene(CHANDELIER_ROWS, [CHANDELIER], [character("Porthos", 4, 3)])
    porthos = place_character(scene, 0, (2, 2), "east", ["Broadsword"])
    landing_guard = place_enemy(scene, "Cardinal's Guard", (5, 3))
    under = place_enemy(scene, "Cardinal's Guard", (3, 3))
    rochefort = named(scene, "Rochefort", (4, 2), health=3)
    assert interact_options(scene, porthos)[0]["name"] == "Chandelier Swing"
    result, requests = play(scene, interact(scene, porthos, 0, "Chandelier Swing"),
                            [("roll:challenge", {"faces": [5, 5, 5]}), ("pick:square", {"pick": [6, 3]})])
    assert result["passed"]
    assert [6, 3] in requests[1]["options"] and [5, 3] not in requests[1]["options"]
    assert [4, 2] not in requests[1]["options"]            # Rochefort's square is not empty
    assert scene.square(porthos) == (5, 3) and scene.square(landing_guard) == (6, 3)
    assert scene.get(landing_guard)["wounded"] is True
    assert not scene.on_board(under) and scene.get(rochefort)["health"] == 3 - 1
    assert scene.game["characters"][0]["health"] == 5          # Porthos landed off the tile
    assert scene.battle["terrain"]["removed"] == [0] and scene.decks.log == []


def test_athos_swings_into_an_empty_square_and_a_wounded_guard_would_be_defeated():
    """"Athos would merely land in an empty square"; a Wounded (non-named) Enemy on the
    landing square is Defeated by the 1 Wound ("if the Enemy was non-named and already
    Wounded, it is Defeated")."""
    scene = terrain_scene(CHANDELIER_ROWS, [CHANDELIER], [character("Athos", 3, 4)])
    athos = place_character(scene, 0, (3, 4), "north", ["Rapier"])       # south of (3, 3)
    _, requests = play(scene, interact(scene, athos, 0, "Chandelier Swing"),
                       [("roll:challenge", {"faces": [5, 5, 5, 1]})])
    assert len(requests) == 1 and scene.square(athos) == (4, 1)
    scene = terrain_scene(CHANDELIER_ROWS, [CHANDELIER], [character("Porthos", 4, 3)])
    porthos = place_character(scene, 0, (2, 2), "east", ["Broadsword"])
    wounded = place_enemy(scene, "Cardinal's Guard", (5, 3), wounded=True)
    play(scene, interact(scene, porthos, 0, "Chandelier Swing"),
         [("roll:challenge", {"faces": [5, 5, 5]}), ("pick:square", {"pick": [6, 3]})])
    assert not scene.on_board(wounded) and scene.square(porthos) == (5, 3)


def test_dartagnan_fails_the_swing_takes_two_wounds_and_the_chandelier_stays():
    """"D'Artagnan attempts to Swing into Guard and fails the Movement challenge. He
    remains where he is and takes 2 Wounds. Since he did not succeed in swinging on the
    Chandelier, it remains intact and the Guards underneath are fine."""
    scene = terrain_scene(CHANDELIER_ROWS, [CHANDELIER], [character("D'Artagnan", 4, 3)])
    dart = place_character(scene, 0, (2, 3), "east", ["Rapier"])
    guards = [place_enemy(scene, "Cardinal's Guard", sq) for sq in ((3, 2), (4, 3))]
    result, _ = play(scene, interact(scene, dart, 0, "Chandelier Swing"), [("roll:challenge", {"faces": [4, 1, 2]})])
    assert result["passed"] is False
    assert scene.square(dart) == (2, 3) and scene.game["characters"][0]["health"] == 5 - 2
    assert all(scene.on_board(g) and not scene.get(g)["wounded"] for g in guards)
    assert scene.battle["terrain"] == new_terrain() and len(tile_squares(scene.board, 0)) == 4


def test_breaking_the_chain_with_a_ranged_attack_against_4_defense():
    """"A Character with a Ranged Attack may target the Chandelier Tile (4 Defense) to
    break the chain ... If successful, the Chandelier falls. Otherwise, nothing happens
    and the Attack is wasted": the Pistol (3 dice) rolls 5 6 1 (3 Successes: wasted),
    then 4 6 6 (5: the Chandelier falls on the Guard under it). A Melee Weapon cannot."""
    scene = terrain_scene(["......"] * 7, [CHANDELIER], [character("Athos", 3, 4)])
    athos = place_character(scene, 0, (3, 6), "north", ["Pistol"])
    guard = place_enemy(scene, "Cardinal's Guard", (3, 3))
    pistol = scene.get(athos)["weapons"][0]
    assert tile_targets(scene, athos, pistol) == [0]
    result, requests = play(scene, attack_tile(scene, athos, pistol, 0), [("roll:attack", {"faces": [5, 6, 1]})])
    assert requests[0]["dice"] == 3 and requests[0]["target"] == 4 and requests[0]["tile"] == 0
    assert result["passed"] is False and result["successes"] == 3 and scene.on_board(guard)
    result, _ = play(scene, attack_tile(scene, athos, pistol, 0), [("roll:attack", {"faces": [4, 6, 6]})])
    assert result["passed"] and not scene.on_board(guard) and scene.battle["terrain"]["removed"] == [0]
    assert tile_targets(scene, athos, pistol) == [] and scene.decks.log == []
    melee = terrain_scene(["......"] * 7, [CHANDELIER], [character("Porthos", 4, 3)])
    porthos = place_character(melee, 0, (3, 4), "north", ["Broadsword"])
    assert tile_targets(melee, porthos, melee.get(porthos)["weapons"][0]) == []
    with pytest.raises(ValueError, match="cannot be attacked"):
        next(attack_tile(melee, porthos, melee.get(porthos)["weapons"][0], 0))


# -- the Wagon ---------------------------------------------------------------------------------

WAGON_ROWS = ["........."] * 5
#: A Wagon over (2, 2) (3, 2) (2, 3) (3, 3), its arrow east.
WAGON = placement("Wagon", (2, 2), facing="east")


def test_athos_rolls_the_wagon_three_squares_defeating_a_guard_and_wounding_rochefort():
    """Wagon Example: "D'Artagnan is standing on top of the wagon ... Athos uses his
    action to push the wagon, making a 4-movement test and getting 6 successes! The wagon
    moves forward 3 squares. This defeats the guard and causes Rochefort to take 1 Wound.
    Rochefort occupies the wagon's end point and is forced to jump aside." D'Artagnan
    rides it; Rochefort goes to the nearest empty square the players choose."""
    scene = terrain_scene(WAGON_ROWS, [WAGON], [character("Athos", 3, 4), character("D'Artagnan", 4, 3)])
    athos = place_character(scene, 0, (1, 3), "east", ["Rapier"])          # behind the Wagon
    dart = place_character(scene, 1, (3, 2), "east", ["Rapier"])           # on top of it
    guard = place_enemy(scene, "Cardinal's Guard", (4, 2))
    rochefort = named(scene, "Rochefort", (6, 3))
    assert interact_options(scene, athos) == [{"tile": 0, "name": "Wagon Roll",
                                               "challenge": {"stat": "Movement", "successes": 4}}]
    result, requests = play(scene, interact(scene, athos, 0, "Wagon Roll"),
                            [("roll:challenge", {"faces": [6, 6, 5, 4]}), ("pick:square", {"pick": [7, 3]})])
    assert result["successes"] == 6 and result["passed"]
    roll_event = next(e for e in scene.events if e["event"] == "wagon-roll")
    assert roll_event["spaces"] == 3 and roll_event["moved"] == 3 and roll_event["to"] == [5, 2]
    assert roll_event["hit"] == [guard, rochefort]
    assert not scene.on_board(guard) and scene.get(rochefort)["health"] == 4 - 1
    assert sorted(requests[1]["options"]) == [[6, 4], [7, 3]]               # 1 Movement point each
    assert scene.square(rochefort) == (7, 3) and scene.square(dart) == (6, 2)
    assert scene.battle["terrain"] == {"removed": [], "moved": {"0": {"at": [5, 2]}}}
    assert set(tile_squares(scene.board, 0)) == {(5, 2), (6, 2), (5, 3), (6, 3)}
    assert "Elevated" in scene.board.square_keywords((6, 2)) and scene.board.tiles_at((2, 2)) == ()


def test_the_wagon_stops_at_another_terrain_tile_and_leaves_the_map_over_an_edge():
    """"It rolls ... until it reaches another Terrain Tile, or completely leaves the map
    by clearing an edge": 8 Successes (5 squares) stop after 2 before a Column; on a
    narrow map the same roll takes it off (removed; its rider steps off where it left)."""
    scene = terrain_scene(WAGON_ROWS, [WAGON, placement("Column", (6, 3))], [character("Athos", 3, 4)])
    athos = place_character(scene, 0, (1, 2), "east", ["Rapier"])
    play(scene, interact(scene, athos, 0, "Wagon Roll"), [("roll:challenge", {"faces": [6, 6, 6, 6]})])
    assert scene.battle["terrain"]["moved"] == {"0": {"at": [4, 2]}}
    scene = terrain_scene(["....."] * 4, [WAGON], [character("Athos", 3, 4), character("D'Artagnan", 4, 3)])
    athos = place_character(scene, 0, (1, 2), "east", ["Rapier"])
    dart = place_character(scene, 1, (2, 3), "east", ["Rapier"])
    play(scene, interact(scene, athos, 0, "Wagon Roll"), [("roll:challenge", {"faces": [6, 6, 6, 6]})])
    assert scene.battle["terrain"] == {"removed": [0], "moved": {}}
    assert scene.square(dart) == (4, 3) and scene.board.tiles_at((4, 3)) == ()


def test_no_wagon_roll_from_its_front_or_on_top_and_a_failed_roll_does_nothing():
    scene = terrain_scene(WAGON_ROWS, [WAGON], [character("Athos", 3, 4), character("Porthos", 4, 3)])
    front = place_character(scene, 0, (4, 2), "west", ["Rapier"])
    top = place_character(scene, 1, (2, 2), "west", ["Rapier"])
    assert interact_options(scene, front) == [] and interact_options(scene, top) == []
    scene = terrain_scene(WAGON_ROWS, [WAGON], [character("Athos", 3, 4)])
    side = place_character(scene, 0, (2, 4), "north", ["Rapier"])
    result, _ = play(scene, interact(scene, side, 0, "Wagon Roll"), [("roll:challenge", {"faces": [6, 5, 1, 1]})])
    assert result["passed"] is False and scene.battle["terrain"] == new_terrain()


# -- the Banner Slide ----------------------------------------------------------------------------

BANNER_ROWS = ["....."] * 4


def test_dartagnan_slides_down_the_banner_two_successes_one_wound():
    """Banner Slide Example: "D'Artagnan hops over the railing to slide down the banner,
    making a movement test. He only gets two successes, so he suffers 1 Wound." He lands
    across the railing either way."""
    balcony = placement("Balcony", (2, 2), banner=True)
    scene = terrain_scene(BANNER_ROWS, [balcony], [character("D'Artagnan", 4, 3)])
    dart = place_character(scene, 0, (2, 2), "south", ["Rapier"])
    assert interact_options(scene, dart) == [{"tile": 0, "name": "Banner Slide",
                                              "challenge": {"stat": "Movement", "successes": 3}}]
    result, _ = play(scene, interact(scene, dart, 0, "Banner Slide"), [("roll:challenge", {"faces": [5, 4, 2]})])
    assert result["passed"] is False and result["successes"] == 2
    assert scene.square(dart) == (2, 3) and scene.game["characters"][0]["health"] == 5 - 1
    scene = terrain_scene(BANNER_ROWS, [balcony], [character("D'Artagnan", 4, 3)])
    dart = place_character(scene, 0, (3, 2), "south", ["Rapier"])
    play(scene, interact(scene, dart, 0, "Banner Slide"), [("roll:challenge", {"faces": [5, 4, 6]})])
    assert scene.square(dart) == (3, 3) and scene.game["characters"][0]["health"] == 5


def test_no_banner_slide_without_a_banner_from_low_ground_or_onto_a_figure():
    plain = terrain_scene(BANNER_ROWS, [placement("Balcony", (2, 2))], [character("D'Artagnan", 4, 3)])
    assert interact_options(plain, place_character(plain, 0, (2, 2), "south", ["Rapier"])) == []
    scene = terrain_scene(BANNER_ROWS, [placement("Balcony", (2, 2), banner=True)], [character("D'Artagnan", 4, 3)])
    low = place_character(scene, 0, (2, 3), "north", ["Rapier"])
    assert interact_options(scene, low) == []
    scene = terrain_scene(BANNER_ROWS, [placement("Balcony", (2, 2), banner=True)], [character("D'Artagnan", 4, 3)])
    dart = place_character(scene, 0, (2, 2), "south", ["Rapier"])
    place_enemy(scene, "Cardinal's Guard", (2, 3))
    assert interact_options(scene, dart) == []


# -- refused answers change nothing ------------------------------------------------------------


def test_bad_answers_and_actions_are_refused_with_nothing_changed():
    """A direction, an Enemy or a square outside the request's options is refused by the
    answer check (the generator never sees it); an action the Character cannot take now
    raises ValueError before anything changes."""
    scene = terrain_scene(ROWS, [placement("Barrel", (2, 2))], [character("D'Artagnan", 4, 3)])
    dart = place_character(scene, 0, (1, 2), "east", ["Rapier"])
    place_enemy(scene, "Cardinal's Guard", (3, 2))
    before = snapshot(scene)
    for tile, name in ((0, "Open Chest"), (3, "Kicking a Barrel"), ("0", "Kicking a Barrel")):
        with pytest.raises(ValueError):
            next(interact(scene, dart, tile, name))
    far = terrain_scene(ROWS, [placement("Barrel", (5, 4))], [character("D'Artagnan", 4, 3)])
    far_dart = place_character(far, 0, (1, 1), "east", ["Rapier"])
    with pytest.raises(ValueError, match="cannot take"):
        next(interact(far, far_dart, 0, "Kicking a Barrel"))
    assert snapshot(scene) == before and scene.events == []
    generator = interact(scene, dart, 0, "Kicking a Barrel")
    roll = next(generator)
    pick = generator.send({"faces": [6, 6, 1]})
    assert pick["kind"] == "pick" and pick["for"] == "direction"
    mid = snapshot(scene)
    for answer in ({"pick": "up"}, {"pick": "north-north"}, {"direction": "east"}, {"pick": [3, 2]}):
        with pytest.raises(AnswerError):
            check_battle_answer(pick, answer, scene.rule)
    assert snapshot(scene) == mid
    with pytest.raises(AnswerError):
        check_battle_answer(roll, {"faces": [7, 1, 1]}, scene.rule)


def test_a_brazier_enemy_pick_refuses_a_figure_not_adjacent():
    scene = terrain_scene(["......"] * 5, [placement("Brazier", (3, 3))], [character("Constance", 2, 4)])
    constance = place_character(scene, 0, (2, 3), "east", ["Rapier"])
    near = [place_enemy(scene, "Cardinal's Guard", sq) for sq in ((4, 2), (4, 3))]
    far = place_enemy(scene, "Cardinal's Guard", (6, 5))
    generator = interact(scene, constance, 0, "Knocking over a Brazier")
    next(generator)
    pick = generator.send({"faces": [6, 6, 1, 1]})
    with pytest.raises(AnswerError):
        check_battle_answer(pick, {"pick": far}, scene.rule)
    with pytest.raises(AnswerError):
        check_battle_answer(pick, {"pick": constance}, scene.rule)
    assert all(scene.on_board(f) for f in near + [far])


# -- the board as terrain left it -----------------------------------------------------------------


def test_board_now_keeps_tile_indexes_and_caches_by_terrain():
    """Removed tiles leave the board but keep their indexes; a moved tile stands at its
    new ``at``; the same terrain gives the same Board object."""
    board = pack_board({"test": rows_layout(WAGON_ROWS, [WAGON, placement("Barrel", (8, 4))], legend=NO_LEGEND)})
    untouched = board_now(board, "test", None)
    assert untouched.tiles_at((8, 4)) == (1,) and board_now(board, "test", new_terrain()) is untouched
    gone = board_now(board, "test", {"removed": [0], "moved": {}})
    assert gone.tiles_at((2, 2)) == () and gone.tiles_at((8, 4)) == (1,) and gone.removed == frozenset({0})
    moved = board_now(board, "test", {"removed": [], "moved": {"0": {"at": [4, 3]}}})
    assert moved.tiles_at((5, 4)) == (0,) and moved.tiles_at((2, 2)) == ()
    assert board_now(board, "test", {"removed": [], "moved": {"0": {"at": [4, 3]}}}) is moved
    assert figure_at({"characters": [], "enemies": [], "named": []}, (1, 1)) is None
