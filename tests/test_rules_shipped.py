"""The rulebook's Battle examples and rules played on the SHIPPED content's cards
(content/gascony, content/enemy-attack compiled and built once), where the hand-built
pack of ``_battle_helpers`` could differ from what ships: the Broadsword's pattern, the
Cross kept as an item, "Guards!" with its ``if in_supply``, the Rapier's optional
reroll, Fallen Foe's Blade, the easier game's Character count, stacking Fatigue and
one primary and one secondary Weapon (Gascony's Legacy, "Battle Round Example",
"Named Enemies", "Enemy Reaction cards", "Equipment cards", "Difficulty Adjustments";
Enemy Attack, "Poison")."""

from __future__ import annotations

import copy

import pytest
from _battle_helpers import AnswerError, character, fx, place_character, place_enemy, place_named, play, scene_of
from _helpers import SHIPPED

from cardforge_compiler import __version__
from cardforge_compiler.emit import build_bundle
from cardforge_compiler.pipeline import compile_paths
from cardforge_runtime.battle.attack import attack, attack_dice
from cardforge_runtime.battle.effects import draw_and_resolve, run
from cardforge_runtime.battle.predicates import holds
from cardforge_runtime.battle.resolution import Resolution
from cardforge_runtime.battle.state import figure
from cardforge_runtime import decks as D
from cardforge_runtime import effects as core
from cardforge_runtime.deck_play import decks_by_name
from cardforge_runtime.loot import StoryTable, draw_loot
from cardforge_runtime.rolls import stat_value

FLOOR = ["......."] * 7


@pytest.fixture(scope="module")
def packs() -> dict:
    result = compile_paths([str(SHIPPED)])
    assert not result.errors
    return {pack["id"]: pack for pack in build_bundle(result.packs, __version__)["packs"]}


@pytest.fixture()
def gascony(packs) -> dict:  # noqa: ANN001
    return copy.deepcopy(packs["gascony"])


# -- the Battle Round Example ------------------------------------------------------------


def test_porthos_broadsword_attack_on_two_guards_with_the_shipped_cards(gascony) -> None:  # noqa: ANN001
    """3456, +1 pip on the 3: 5 Successes; 3 defeat the top Guard, 2 wound the other;
    Counterattack first (1 Wound, adjacent), then Loot: the shipped Cross is kept
    (``keep: true``: "He discards it to regain one of his Destiny tokens" is its
    ``use``, loot.use_card, outside this attack)."""
    scene = scene_of(FLOOR, [character("Porthos", 4, 3, destiny=1, health=4)], pack=gascony,
                     order={"Reaction": ["Counterattack"], "Loot": ["Cross"]})
    porthos = place_character(scene, 0, (3, 4), "north", ["Broadsword"])
    top = place_enemy(scene, "Cardinal's Guard", (3, 3))
    bottom = place_enemy(scene, "Cardinal's Guard", (4, 3))
    result, requests = play(scene, attack(scene, porthos, scene.get(porthos)["weapons"][0]), [
        ("roll:attack", {"faces": [3, 4, 5, 6]}),
        ("reroll", {"keep": True}),
        ("pips", {"dice": [0]}),
        ("assign", {"assign": [{"figure": top, "successes": 3}, {"figure": bottom, "successes": 2}]}),
    ])
    assert requests[0]["dice"] == 4 and requests[2]["suggested"] == [0]
    assert sorted(t["figure"] for t in requests[3]["targets"]) == [top, bottom]   # both in the pattern
    assert result.faces == [4, 4, 5, 6] and result.successes == 5
    assert result.results == {top: "defeated", bottom: "wounded"}
    porthos_now = scene.game["characters"][0]
    assert porthos_now["health"] == 3                                  # Counterattack
    assert [e["name"] for e in scene.events if e["event"] == "card"] == ["Counterattack", "Cross"]
    assert "Cross" in porthos_now["items"] and porthos_now["destiny"] == 1   # kept, not yet used
    assert scene.decks.names("Loot", "discard") == []
    assert scene.decks.faults(scene.game) == []


def test_athos_attack_answered_by_duck_with_the_shipped_cards(gascony) -> None:  # noqa: ANN001
    """1 2 4, the Rapier's reroll of 1s declined, Destiny rerolls the misses: 2 5 4,
    2 Successes Wound the Guard, "Duck!": not Wounded, the Reaction deck reshuffled."""
    scene = scene_of(FLOOR, [character("Athos", 3, 5, destiny=1)], pack=gascony, order={"Reaction": ["Duck!"]})
    athos = place_character(scene, 0, (2, 4), "north", ["Rapier"])
    guard = place_enemy(scene, "Cardinal's Guard", (2, 3))
    earlier = scene.decks.piles["Reaction"]["draw"].pop()
    scene.decks.piles["Reaction"]["discard"].append(earlier)
    result, requests = play(scene, attack(scene, athos, scene.get(athos)["weapons"][0]), [
        ("roll:attack", {"faces": [1, 2, 4]}),
        ("reroll", {"keep": True}),
        ("reroll", {"reroll": [0, 1], "faces": [2, 5]}),
    ])
    assert requests[1]["for"] == "weapon-reroll" and requests[1]["free"] and requests[1]["positions"] == [0]
    assert result.faces == [2, 5, 4] and result.successes == 2
    assert result.results == {guard: "unchanged"} and figure(scene.battle, guard)[1]["wounded"] is False
    assert scene.game["characters"][0]["destiny"] == 0
    assert scene.decks.piles["Reaction"]["discard"] == []
    assert earlier in scene.decks.piles["Reaction"]["draw"]
    assert scene.decks.faults(scene.game) == []


def test_the_rapiers_free_reroll_taken_costs_no_destiny_and_rerolls_only_1s(gascony) -> None:  # noqa: ANN001
    """"His Rapier's ability lets him reroll 1s, which gets him 2, 3, 3, 3, 6" (the
    example's defense roll, here as an attack of 5 dice): taken, free; a die that is
    not a 1 cannot be rerolled for free."""
    scene = scene_of(FLOOR, [character("Athos", 5, 5, destiny=0)], pack=gascony, order={"Reaction": ["Parry"]})
    athos = place_character(scene, 0, (2, 4), "north", ["Rapier"])
    place_enemy(scene, "Cardinal's Guard", (2, 3))
    result, _ = play(scene, attack(scene, athos, scene.get(athos)["weapons"][0]), [
        ("roll:attack", {"faces": [1, 1, 3, 3, 6]}),
        ("reroll", {"reroll": [0, 1], "faces": [2, 3]}),
    ])
    assert result.faces == [2, 3, 3, 3, 6]
    assert [e["dice"] for e in scene.events if e["event"] == "weapon-reroll"] == [[0, 1]]
    wrong = scene_of(FLOOR, [character("Athos", 3, 5)], pack=gascony)
    athos = place_character(wrong, 0, (2, 4), "north", ["Rapier"])
    place_enemy(wrong, "Cardinal's Guard", (2, 3))
    with pytest.raises(AnswerError, match="only the dice at positions"):
        play(wrong, attack(wrong, athos, wrong.get(athos)["weapons"][0]), [
            ("roll:attack", {"faces": [1, 2, 4]}), ("reroll", {"reroll": [1], "faces": [6]})])


# -- Named Enemies and Reactions -----------------------------------------------------------


def _cardinal(gascony, players, *, difficulty=None, supply=6):  # noqa: ANN001, ANN202
    scene = scene_of(FLOOR, [character(f"Hero {i}", 3, 3) for i in range(players)], pack=gascony,
                     order={"Cardinal Richelieu": ["Guards!"]}, difficulty=difficulty,
                     supply={"Cardinal's Guard": supply, "Marksman": 4})
    for i in range(players):
        place_character(scene, i, (i * 2, 6), "north", ["Rapier"])
    return scene, place_named(scene, "Cardinal Richelieu", (3, 3))


def test_guards_with_the_shipped_card_places_1_per_player_then_goes_to_the_box(gascony) -> None:  # noqa: ANN001
    scene, cardinal = _cardinal(gascony, 3)
    next_id = scene.battle["next_id"]
    play(scene, draw_and_resolve(scene, "Cardinal Richelieu", Resolution(this=cardinal, portion="threat")),
         [("pick:spawn", {"pick": [3, 2]}), ("pick:spawn", {"pick": [4, 4]}), ("pick:spawn", {"pick": [2, 4]})])
    assert [(f["id"], f["square"]) for f in scene.battle["enemies"]] == [
        (next_id, [3, 2]), (next_id + 1, [4, 4]), (next_id + 2, [2, 4])]
    assert scene.battle["supply"]["Cardinal's Guard"] == 3
    assert scene.decks.names("Cardinal Richelieu", "box") == ["Guards!"]


def test_guards_with_no_guard_in_the_supply_is_discarded_not_boxed(gascony) -> None:  # noqa: ANN001
    """The shipped card's ``if: {in_supply}`` covers the return to the box too
    (docs/rulings.md, "Guards!"); the hand-built card always goes to the box."""
    scene, cardinal = _cardinal(gascony, 2, supply=0)
    play(scene, draw_and_resolve(scene, "Cardinal Richelieu", Resolution(this=cardinal, portion="threat")), [])
    assert scene.battle["enemies"] == []
    assert scene.decks.names("Cardinal Richelieu", "box") == []
    assert scene.decks.names("Cardinal Richelieu", "discard") == ["Guards!"]


def test_doom_with_the_shipped_card(gascony) -> None:  # noqa: ANN001
    scene, cardinal = _cardinal(gascony, 1)
    hero = scene.battle["characters"][0]["id"]
    scene.get(hero)["square"] = [3, 4]
    doom = next(c for c in gascony["threat_decks"][0]["cards"] if c["name"] == "Guards!")["reaction"]
    hero_state = scene.game["characters"][0]
    play(scene, run(scene, doom, Resolution(you=hero, this=cardinal, portion="reaction")), [])
    assert hero_state["status"] == ["Doom"] and hero_state["health"] == 5 and scene.get(hero)["square"] == [3, 5]
    play(scene, run(scene, doom, Resolution(you=hero, this=cardinal, portion="reaction")), [])
    assert hero_state["status"] == ["Doom"] and hero_state["health"] == 4 and scene.get(hero)["square"] == [3, 6]


def test_dodge_with_the_shipped_card(gascony) -> None:  # noqa: ANN001
    scene = scene_of(FLOOR, [character("Athos", 3, 5)], pack=gascony, order={"Reaction": ["Dodge"]})
    athos = place_character(scene, 0, (3, 4), "north", ["Rapier"])
    guard = place_enemy(scene, "Cardinal's Guard", (3, 3))
    play(scene, draw_and_resolve(scene, "Reaction", Resolution(you=athos, this=guard)), [])
    assert scene.game["characters"][0]["health"] == 4
    assert scene.get(guard)["square"] == [3, 5]
    assert scene.decks.names("Reaction", "discard") == ["Dodge"]


# -- the easier game's Character count ------------------------------------------------------


def test_the_easier_game_counts_one_character_fewer_everywhere(gascony) -> None:  # noqa: ANN001
    """Difficulty Adjustments (easier): "Treat your Character count as 1 lower than the
    number of players": 3 players place 2 Guards, and the Cardinal's tracker is the
    2-Character value (5, not 6: docs/rulings.md, "The easier game's Character count")."""
    scene, cardinal = _cardinal(gascony, 3, difficulty="easier")
    assert scene.players_set_up() == 2
    assert scene.get(cardinal)["health"] == 5
    play(scene, draw_and_resolve(scene, "Cardinal Richelieu", Resolution(this=cardinal, portion="threat")),
         [("pick:spawn", {"pick": [3, 2]}), ("pick:spawn", {"pick": [4, 4]})])
    assert len(scene.battle["enemies"]) == 2
    assert not holds(scene, {"kind": "wounded", "value": None}, Resolution(this=cardinal))
    play(scene, run(scene, [fx("heal", who="this", amount=3)], Resolution(this=cardinal)), [])
    assert scene.get(cardinal)["health"] == 5                          # healed up to the lowered tracker
    at_least_3 = {"kind": "condition", "value": {"op": ">=", "left": {"op": "name", "name": "players"},
                                                 "right": {"op": "const", "value": 3}}}
    assert not holds(scene, at_least_3, Resolution(this=cardinal))    # a condition counts 2 too
    standard, _ = _cardinal(gascony, 3)
    assert standard.players_set_up() == 3
    solo, _ = _cardinal(gascony, 1, difficulty="easier")               # Solo Play sets up for 2: 2 - 1
    solo.game["players"] = 1
    assert solo.players_set_up() == 1


# -- stacking status tokens ---------------------------------------------------------------


def test_fatigue_stacks_is_lost_one_at_a_time_and_lowers_action_points_to_3(packs) -> None:  # noqa: ANN001
    """Enemy Attack, Poison: "Each Fatigue token you have reduces your Action Points
    attribute by 1 [...] You cannot reduce your Action Points attribute below 3"."""
    pack = copy.deepcopy(packs["gascony"])
    fatigue = next(t for t in packs["enemy-attack"]["status_tokens"] if t["name"] == "Fatigue")
    pack["status_tokens"] = pack["status_tokens"] + [fatigue]
    scene = scene_of(FLOOR, [character("A", 3, 3)], pack=pack)
    hero = place_character(scene, 0, (1, 1), "north", ["Rapier"])
    res = Resolution(you=hero)
    for _ in range(3):
        play(scene, run(scene, [fx("gain", status=["Fatigue"])], res), [])
    status = scene.game["characters"][0]["status"]
    assert status == ["Fatigue"] * 3
    play(scene, run(scene, [fx("lose", status=["Fatigue"])], res), [])
    assert scene.game["characters"][0]["status"] == ["Fatigue"] * 2
    tokens = {t["name"]: t for t in pack["status_tokens"]}
    one = {"stats": {"Action Points": 5}, "status": ["Fatigue"]}
    assert stat_value(one, "Action Points", tokens) == 4
    assert stat_value({**one, "status": ["Fatigue"] * 3}, "Action Points", tokens) == 3      # the floor
    assert stat_value({"stats": {"Action Points": 2}, "status": ["Fatigue"]}, "Action Points", tokens) == 2
    play(scene, run(scene, [fx("status", token="Doom", who="you")] * 2, res), [])
    assert scene.game["characters"][0]["status"].count("Doom") == 1    # Doom does not stack


def test_a_stat_modifier_changes_the_dice_of_an_attack_roll(gascony) -> None:  # noqa: ANN001
    """The Melee attack reads the stat through its tokens' ``stat_modifier``."""
    gascony["status_tokens"].append({"name": "Weary", "dice_modifier": 0, "covers": "none", "removed_by": None,
                                     "stat_modifier": {"stat": "Prowess", "by": -1, "floor": 2}, "stacks": True})
    scene = scene_of(FLOOR, [character("Porthos", 4, 3, status=["Weary", "Weary", "Weary"])], pack=gascony)
    porthos = place_character(scene, 0, (3, 4), "north", ["Broadsword"])
    place_enemy(scene, "Cardinal's Guard", (3, 3))
    weapon = scene.decks.card(scene.get(porthos)["weapons"][0])
    assert attack_dice(scene, porthos, weapon)["dice"] == 2


# -- Equipment found and Weapons in use ----------------------------------------------------


def test_fallen_foes_blade_gives_a_two_handed_weapon_and_asks_what_to_leave(gascony) -> None:  # noqa: ANN001
    """Loot "Draw 1 Equipment card": Porthos holds the drawn Musket (2 hands) beside his
    Broadsword (1): over the 2 hands he carries, so a ``leave`` request; the card left
    goes to the Equipment discard pile."""
    scene = scene_of(FLOOR, [character("Porthos", 4, 3)], pack=gascony,
                     order={"Loot": ["Fallen Foe's Blade"], "Equipment": ["Musket"]})
    porthos = place_character(scene, 0, (3, 4), "north", ["Broadsword"])
    place_enemy(scene, "Cardinal's Guard", (3, 3))
    musket = scene.decks.piles["Equipment"]["draw"][0]
    _, requests = play(scene, attack(scene, porthos, scene.get(porthos)["weapons"][0]), [
        ("roll:attack", {"faces": [6, 6, 1, 1]}),
        ("pips", {"dice": [2]}),
        ("leave", {"leave": [musket]}),
    ])
    assert requests[-1]["hands"] == 2 and {c["item"] for c in requests[-1]["cards"]} == {"Broadsword", "Musket"}
    assert scene.decks.names("Equipment", "discard") == ["Musket"]
    assert scene.game["characters"][0]["items"] == ["Broadsword"]
    assert scene.decks.names("Loot", "discard") == ["Fallen Foe's Blade"]
    assert scene.decks.faults(scene.game) == []


def test_only_one_primary_and_one_secondary_weapon_may_be_used(gascony) -> None:  # noqa: ANN001
    """Equipment cards: "can only use one primary weapon and one secondary weapon"."""
    scene = scene_of(FLOOR, [character("Athos", 3, 5)], pack=gascony)
    athos = place_character(scene, 0, (2, 4), "north", ["Rapier", "Dagger"])
    place_enemy(scene, "Cardinal's Guard", (2, 3))
    rapier = scene.get(athos)["weapons"][0]
    assert next(attack(scene, athos, rapier))["kind"] == "roll"          # a primary and a secondary: fine
    two = scene_of(FLOOR, [character("Athos", 3, 5)], pack=gascony)
    athos = place_character(two, 0, (2, 4), "north", ["Rapier", "Broadsword"])
    place_enemy(two, "Cardinal's Guard", (2, 3))
    with pytest.raises(ValueError, match=r"uses 2 primary Weapons .*Rapier.*Broadsword.*one primary weapon"):
        next(attack(two, athos, two.get(athos)["weapons"][0]))


# -- outside a Battle: the story's table (loot.StoryTable) plays the same effects --------


def _story_state(pack: dict, top: dict[str, str]) -> dict:
    """A one-Character game state on ``pack`` whose decks have the card named
    ``top[deck]`` on top of their draw piles."""
    names = decks_by_name(pack)
    piles = {n: D.new_piles(d) for n, d in names.items()}
    for deck, name in top.items():
        card = next(c for c in piles[deck]["draw"] if D.card_of(names, c)["name"] == name)
        piles[deck]["draw"].remove(card)
        piles[deck]["draw"].insert(0, card)
    return {"card": 1, "coins": 0, "players": 1, "decks": piles,
            "characters": [{"name": "Porthos", "destiny": 1, "destiny_max": 3, "health": 4, "health_max": 5,
                            "status": [], "items": [], "fallen": False, "cards": []}]}


def test_fallen_foes_blade_drawn_outside_a_battle_gives_its_equipment_card(gascony) -> None:  # noqa: ANN001
    """The easier game's Loot at the Story's start: Fallen Foe's Blade's Equipment card is
    held (``effects.hold_card`` through ``StoryTable.character_index``), then over 2 hands
    beside a Broadsword the players choose what to leave (``settle_hands``)."""
    state = _story_state(gascony, {"Loot": "Fallen Foe's Blade", "Equipment": "Musket"})
    names = decks_by_name(gascony)
    broadsword = next(c for c in state["decks"]["Equipment"]["draw"] if D.card_of(names, c)["name"] == "Broadsword")
    state["decks"]["Equipment"]["draw"].remove(broadsword)
    state["characters"][0]["cards"].append(broadsword)
    state["characters"][0]["items"].append("Broadsword")
    musket = state["decks"]["Equipment"]["draw"][0]
    events: list[dict] = []
    asked: list[dict] = []

    def answer(request: dict) -> dict:
        asked.append(request)
        assert request["kind"] == "leave"
        return {"leave": [musket]}

    gen = draw_loot(state, gascony, 0, D.deck_rng(1), events.append)
    try:
        request = next(gen)
        while True:
            request = gen.send(answer(request))
    except StopIteration:
        pass
    assert [r["kind"] for r in asked] == ["leave"]
    assert {c["item"] for c in asked[0]["cards"]} == {"Broadsword", "Musket"}
    assert state["characters"][0]["items"] == ["Broadsword"]
    assert state["decks"]["Equipment"]["discard"] == [musket]
    assert [e["name"] for e in events if e["event"] == "card"] == ["Fallen Foe's Blade", "Musket"]


def test_a_stacking_token_stacks_outside_a_battle(packs) -> None:  # noqa: ANN001
    """``stacks`` is the shared interpreter's: a Loot card's ``gain`` on the story's table
    adds a second Fatigue and a ``lose`` takes one copy (Enemy Attack, Poison)."""
    pack = copy.deepcopy(packs["gascony"])
    pack["status_tokens"] = pack["status_tokens"] + [
        next(t for t in packs["enemy-attack"]["status_tokens"] if t["name"] == "Fatigue")]
    state = _story_state(pack, {})
    table = StoryTable(state, pack, D.deck_rng(1), lambda e: None)
    res = Resolution(you=0)
    for effects in ([fx("gain", status=["Fatigue"])],) * 2 + ([fx("lose", status=["Fatigue"])],):
        for _ in core.run(table, effects, res):
            pytest.fail("no request expected")
    assert state["characters"][0]["status"] == ["Fatigue"]
    for _ in core.run(table, [fx("gain", status=["Fatigue"]), fx("status", token="Fatigue", who="you")], res):
        pytest.fail("no request expected")
    assert state["characters"][0]["status"] == ["Fatigue"] * 3

