"""The shipped Enemies, Threat decks, Reaction/Loot/Equipment decks and Character
abilities agree with every number the rulebook prints or its examples imply (Gascony's
Legacy: Enemy Reference cards, Enemy Reaction cards, Named Enemy Tracker card, Status
Banner tokens, All for One!, Difficulty Adjustments, the Battle Round Example), and the
Enemy Attack pack says the second ruleset's rules as data ("Enemy Attack")."""

from __future__ import annotations

import pytest

from cardforge_compiler import __version__
from cardforge_compiler.emit import build_bundle
from cardforge_compiler.pipeline import compile_paths
from cardforge_runtime import load_bundle
from _helpers import SHIPPED


@pytest.fixture(scope="module")
def packs() -> dict:
    result = compile_paths([str(SHIPPED)])
    assert [f"{d.file}:{d.line}: {d.code} {d.message}" for d in result.diagnostics] == []
    bundle = build_bundle(result.packs, __version__)
    load_bundle(bundle)                       # the runtime takes all three packs
    return {pack["id"]: pack for pack in bundle["packs"]}


def _by_name(items: list[dict]) -> dict[str, dict]:
    return {item["name"]: item for item in items}


def _cards(pack: dict, deck: str) -> dict[str, dict]:
    return _by_name(_by_name(pack["decks"])[deck]["cards"])


def test_the_cardinals_guard_is_the_printed_reference_card(packs) -> None:  # noqa: ANN001
    """Enemy Reference cards: "Cardinal's Guard. Type: Melee. Damage 2, Movement 4,
    Defense 2/3. Priorities: "Moves the fewest number of squares toward the nearest
    Character, then attacks 1 adjacent Character."" Its priorities are 2A Melee Enemy
    Movement 1-4 and "players choose which adjacent Character they attack"."""
    guard = _by_name(packs["gascony"]["enemies"])["Cardinal's Guard"]
    assert (guard["type"], guard["damage"], guard["movement"], guard["defense"]) == (
        "melee", 2, 4, {"wounded": 2, "defeated": 3})
    assert guard["text"] == ("Moves the fewest number of squares toward the nearest Character, then attacks 1 "
                             "adjacent Character.")
    assert guard["priorities"] == {
        "move": ["stay-if-can-attack", "adjacent-outside-pattern", "adjacent-in-pattern", "toward-nearest"],
        "target": [{"kind": "among", "value": "adjacent"}, {"kind": "players-choice"}]}
    assert guard["supply"] == 10


def test_athos_could_receive_two_plus_two_plus_one_plus_one_damage(packs) -> None:  # noqa: ANN001
    """Battle Round Example: two Guards and two Marksmen attack Athos; "he could receive a
    total of 6 (2+2+1+1) damage!" The Marksmen are the Ranged Enemies ("The Ranged Enemies
    move next"), with line of sight and no printed Range; Ranged Enemies "attack the
    nearest Character in their Line of Sight"."""
    enemies = _by_name(packs["gascony"]["enemies"])
    guard, marksman = enemies["Cardinal's Guard"], enemies["Marksman"]
    assert [guard["damage"], guard["damage"], marksman["damage"], marksman["damage"]] == [2, 2, 1, 1]
    assert sum([guard["damage"]] * 2 + [marksman["damage"]] * 2) == 6
    assert (marksman["type"], marksman["range"]) == ("ranged", None)
    assert marksman["priorities"]["target"] == [{"kind": "among", "value": "line-of-sight"}, {"kind": "nearest"},
                                                {"kind": "players-choice"}]


def test_starting_weapons_and_their_rules_are_the_examples(packs) -> None:  # noqa: ANN001
    """Battle Round Example: "Athos with a Rapier, and Porthos with a Broadsword"; "he uses
    his Broadsword's ability to add 1 pip to the 3, making it a 4"; defending, "His
    Rapier's ability lets him reroll 1s" ("1, 1, 3, 3, 6" becomes "2, 3, 3, 3, 6"). "The
    Guard is not inside his Rapier's Attack Pattern, so he uses his Action to Prepare,
    flipping his Stance": the Rapier's pattern is not its own mirror image."""
    gascony = packs["gascony"]
    boards = _by_name(gascony["characters"])
    assert boards["Athos"]["weapons"] == ["Rapier"] and boards["Porthos"]["weapons"] == ["Broadsword"]
    equipment = _cards(gascony, "Equipment")
    rapier, broadsword = equipment["Rapier"], equipment["Broadsword"]
    assert [(r["on"], r["reroll_faces"]) for r in rapier["dice"]] == [("any", [1])]
    assert [(r["on"], r["add_pips"], r["dice_count"]) for r in broadsword["dice"]] == [("attack", 1, 1)]
    assert rapier["attack"] == broadsword["attack"] == "melee"
    mirrored = sorted([-right, forward] for right, forward in rapier["pattern"])
    assert mirrored != rapier["pattern"]
    # "Porthos has two swords" (Attack Pattern Examples): the Broadsword takes one hand.
    assert broadsword["hands"] == 1
    # Every Starting Weapon is a card of the Equipment deck; exactly one Unarmed card.
    assert all(weapon in equipment for board in gascony["characters"] for weapon in board["weapons"])
    assert [name for name, card in equipment.items() if card["unarmed"]] == ["Unarmed"]


def _offers(node) -> list[tuple[str, int]]:  # noqa: ANN001
    """Every ``(item, cost)`` of a purchase offer anywhere under ``node``."""
    if isinstance(node, dict):
        found = [(o["item"], o["cost"]) for o in node.get("offers") or []] if node.get("kind") == "purchase" else []
        return found + [offer for value in node.values() for offer in _offers(value)]
    if isinstance(node, list):
        return [offer for value in node for offer in _offers(value)]
    return []


def test_equipment_costs_equal_the_acts_purchase_offers(packs) -> None:  # noqa: ANN001
    """Equipment cards: "6. Cost". Every Weapon an Act offers is in the Equipment deck at the
    cost the Act asks; the goods that are not Weapons are not Equipment cards
    (docs/rulings.md, "Items the Acts sell that are not Weapons")."""
    gascony = packs["gascony"]
    equipment = _cards(gascony, "Equipment")
    offers = _offers(gascony["stories"])
    weapons = {item: cost for item, cost in offers if item in equipment}
    assert weapons == {"Rapier": 4, "Main-Gauche": 2, "Pistol": 4, "English Longsword": 5, "Pair of Pistols": 5}
    assert all(equipment[item]["cost"] == cost for item, cost in offers if item in equipment)
    goods = {item for item, _ in offers} - set(equipment)
    assert goods == {"Buff Coat", "Travelling Cloak", "Flask of Brandy", "Powder Horn", "Musketeer's Cassock"}
    assert "Flask of Brandy" in _cards(gascony, "Loot")          # the healing item is also Loot


def test_the_printed_reactions(packs) -> None:  # noqa: ANN001
    """Enemy Reaction cards, "Dodge": "If the Enemy is adjacent to you, suffer 1 Wound. Then
    if the square directly behind you is empty, place the Enemy there." Battle Round
    Example: "Counterattack! Porthos takes 1 Wound because he's adjacent to the surviving
    Guard"; "Duck!" reads: "The Enemy is not Wounded from this Attack. Reshuffle the Deck.\""""
    reactions = _cards(packs["gascony"], "Reaction")
    wound_if_adjacent = {"kind": "if", "if": {"kind": "adjacent", "value": None},
                         "then": [{"kind": "wound", "who": "you", "amount": 1}], "else": []}
    assert reactions["Dodge"]["effects"] == [
        wound_if_adjacent,
        {"kind": "if", "if": {"kind": "empty", "value": "behind-you"},
         "then": [{"kind": "place", "who": "this", "at": "behind-you"}], "else": []}]
    assert reactions["Counterattack"]["effects"] == [wound_if_adjacent]
    assert reactions["Duck!"]["effects"] == [{"kind": "cancel-wound"}, {"kind": "reshuffle"}]
    assert reactions["Duck!"]["text"] == "The Enemy is not Wounded from this Attack. Reshuffle the Deck."


def test_loot_and_difficulty(packs) -> None:  # noqa: ANN001
    """Battle Round Example: "he draws a Loot - Cross. He discards it to regain one of his
    Destiny tokens." Difficulty Adjustments: easier removes "Nothing" and "Broken Sword"
    from the Loot deck, draws 1 Loot card each, counts 1 Character fewer, no Severe
    Wounds; harder: 2 fewer Destiny, abilities only through Stones, and the Broken Sword
    discards the Weapon."""
    gascony = packs["gascony"]
    loot = _cards(gascony, "Loot")
    assert loot["Cross"]["keep"] is True
    assert [(e["kind"], e["destiny"]) for e in loot["Cross"]["use"]] == [("gain", 1)]
    easier, harder = _by_name(gascony["difficulty"])["easier"], _by_name(gascony["difficulty"])["harder"]
    assert easier["remove_cards"] == {"Loot": ["Nothing", "Broken Sword"]}
    assert all(name in loot for name in easier["remove_cards"]["Loot"])
    assert (easier["start_draws"], easier["character_count"], easier["severe_wounds"]) == (
        {"deck": "Loot", "per_character": 1}, -1, False)
    assert (harder["destiny_start"], harder["abilities"]) == (-2, "stones-only")
    broken = loot["Broken Sword"]["effects"]
    assert broken == [{"kind": "if", "if": {"kind": "difficulty", "value": "harder"},
                       "then": [{"kind": "discard-weapon"}], "else": []}]


def test_guards_and_doom_as_printed(packs) -> None:  # noqa: ANN001
    """Named Enemy Tracker card: Cardinal Richelieu's "Guards!" and its Reaction "Doom",
    word for word; every Named Enemy the layouts place has a Threat deck, and its health
    never falls as the party grows."""
    gascony = packs["gascony"]
    deck = _by_name(gascony["threat_decks"])["Cardinal Richelieu"]
    guards = _by_name(deck["cards"])["Guards!"]
    assert guards["text"]["threat"] == (
        "All Cardinal's Guards adjacent to the Cardinal activate. Then, if there are any Cardinal's Guards in "
        "the Supply, place up to 1 per player in empty spaces adjacent to the Cardinal, if possible, and return "
        "this card to the box.")
    assert guards["text"]["reaction"] == ("Doom: Gain a Doom token. If you already have one, suffer 1 Wound "
                                          "instead. Then, you are pushed 1 square if possible.")
    assert [e["kind"] for e in guards["threat"]] == ["activate", "if"]
    assert [e["kind"] for e in guards["threat"][1]["then"]] == ["spawn", "return-to-box"]
    assert [e["kind"] for e in guards["reaction"]] == ["status", "push"]
    assert guards["reaction_name"] == "Doom"                   # "Reaction: "Doom": ..."
    assert all(card["reaction_name"] == card["text"]["reaction"].split(":")[0]
               for threat in gascony["threat_decks"] for card in threat["cards"])
    named = _by_name(gascony["named_enemies"])
    placed = {n["name"] for layout in gascony["board"]["layouts"].values() for n in layout["named_enemies"]}
    assert placed == set(named) == {"Rochefort", "Comte de Wardes", "Cardinal Richelieu"}
    decks = {d["name"] for d in gascony["threat_decks"]}
    for enemy in named.values():
        assert enemy["threat_deck"] in decks
        health = [enemy["health"][str(n)] for n in (1, 2, 3, 4)]
        assert health == sorted(health), enemy["name"]


def test_status_banners_and_stones_of_chance(packs) -> None:  # noqa: ANN001
    """Status Banner tokens, transcriber's note: "Despair covers Support, Doom covers
    Talent", removed by a Loyalty / Altruism Stone; All for One!: the six faces."""
    gascony = packs["gascony"]
    tokens = _by_name(gascony["status_tokens"])
    assert (tokens["Despair"]["covers"], tokens["Despair"]["removed_by"]) == ("support", "Loyalty")
    assert (tokens["Doom"]["covers"], tokens["Doom"]["removed_by"]) == ("talent", "Altruism")
    faces = [(f["face"], len(f["options"])) for f in gascony["stones_of_chance"]["faces"]]
    assert faces == [("Prowess", 2), ("Movement", 2), ("Altruism", 1), ("Courage", 2), ("Loyalty", 1),
                     ("Mana Burst", 2)]
    assert gascony["carry"] == {"hands": 2} and gascony["on_death"]["effect"] == "lose-game"


def test_the_enemy_attack_rules_are_data(packs) -> None:  # noqa: ANN001
    """"Enemy Attack": "Closest enemy attacks first"; "attack the Weakest (least health),
    then Defending Hero, then Magus, then players choice"; insectoids/cultists attack
    portcullises (insectoids also doors) in their path; "Guards, Boneworms and the Demon
    have a poisonous attack, which gives a Fatigue token"; Fatigue "reduces your Action
    Points attribute by 1 [...] You cannot reduce your Action Points attribute below 3";
    "After Chi'leen and the Demon resolve an attack, they immediately make a second attack";
    a Response card's number is added to the attack; three options on a Hero's death."""
    pack = packs["enemy-attack"]
    assert pack["enemy_rules"]["activation_order"] == "nearest-first"
    enemies = _by_name(pack["enemies"])
    target = enemies["Guard"]["priorities"]["target"]
    assert [s["kind"] for s in target] == ["among", "weakest", "prefer", "prefer", "players-choice"]
    assert (target[2]["status"], target[3]["role"]) == ("Defending", "Magus")
    assert {c["name"]: c["role"] for c in pack["characters"]} == {
        "Brakka the Warrior": None, "Ysolde the Magus": "Magus", "Nim the Scout": None, "Father Odo": None}
    fallback = {name: next((s["terrain"] for s in e["priorities"]["target"] if s["kind"] == "fallback"), None)
                for name, e in enemies.items()}
    assert fallback == {"Insectoid": ["Portcullis", "Door"], "Cultist": ["Portcullis"], "Guard": None,
                        "Boneworm": None, "Chi'leen": None, "Demon": None}
    poisonous = {name for name, e in enemies.items()
                 if {"kind": "status", "token": "Fatigue", "who": "you", "if_held": []} in e["on_hit"]}
    assert poisonous == {"Guard", "Boneworm", "Demon"}
    assert {name for name, e in enemies.items() if e["attacks"] == 2 and e["retarget_on_kill"]} == {"Chi'leen", "Demon"}
    fatigue = _by_name(pack["status_tokens"])["Fatigue"]
    assert (fatigue["stat_modifier"], fatigue["stacks"]) == ({"stat": "Action Points", "by": -1, "floor": 3}, True)
    response = _by_name(pack["decks"])["Response"]
    assert response["role"] == "response" and {c["value"] for c in response["cards"]} == {0, 1, 2, 3}
    assert [o["effect"] for o in pack["on_death"]["options"]] == ["restart", "retire", "revive"]
    # claws, stings and blades are melee, with the attack value the Response card adds to
    assert {n: (e["type"], e["attack"], e["range"]) for n, e in enemies.items()} == {
        "Insectoid": ("melee", 3, None), "Cultist": ("ranged", 2, 3), "Guard": ("melee", 3, None),
        "Boneworm": ("melee", 2, None), "Chi'leen": ("melee", 3, None), "Demon": ("melee", 4, None)}
    assert enemies["Guard"]["priorities"]["target"][0] == {"kind": "among", "value": "adjacent"}
