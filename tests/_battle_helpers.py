"""Hand-built Battle fixtures for the attack and effect tests: a pack in the shapes
of the issue 9 contract (bundle 1.5.0: enemies, named_enemies, threat_decks, decks,
effects as {"kind", ...params}), the rulebook's cards written as data, and the real
deck engine (cardforge_runtime.decks through battle.deck_access) with a
fixed order on top of the draw piles so that tests choose which card comes next."""

from __future__ import annotations

import copy
from typing import Any

from _board_helpers import board_from_rows

from cardforge_runtime.answer_fields import AnswerError
from cardforge_runtime.battle.answers import check_battle_answer
from cardforge_runtime.battle.scene import Scene
from cardforge_runtime.battle.state import add_character, add_enemy, add_named, new_battle
from cardforge_runtime.battle.deck_access import GameDecks
from cardforge_runtime.decks import check_conservation, deck_rng, new_piles
from cardforge_runtime.dice import DiceRule
from cardforge_runtime.effect_fields import (DICE_RULE_DEFAULTS, ENEMY_PRIORITY_DEFAULTS, STATUS_TOKEN_DEFAULTS,
                                             effect_defaults)
from cardforge_runtime.pcg import Pcg32


def fx(kind: str, **params: Any) -> dict[str, Any]:
    """An effect as the bundle writes it: every parameter, defaults filled."""
    return {"kind": kind, **effect_defaults(kind), **params}


GUARD = {"name": "Cardinal's Guard", "type": "melee", "damage": 2, "movement": 4,
         "defense": {"wounded": 2, "defeated": 3}, "range": None, "attack": None, "attacks": 1,
         "retarget_on_kill": False, "supply": 6, "on_hit": [],
         "priorities": {"move": ["stay-if-can-attack", "adjacent-outside-pattern", "adjacent-in-pattern",
                                 "toward-nearest"],
                        "target": [{"kind": "among", "value": "adjacent"}, {"kind": "players-choice"}]},
         "text": "Moves the fewest number of squares toward the nearest Character, then attacks 1 adjacent Character."}
MARKSMAN = {**GUARD, "name": "Marksman", "type": "ranged", "damage": 1, "range": 6,
            "defense": {"wounded": 1, "defeated": 2}, "supply": 4}
RICHELIEU = {"name": "Cardinal Richelieu", "health": {"1": 4, "2": 5, "3": 6, "4": 7}, "defense": 3, "damage": 2,
             "movement": 3, "threat_deck": "Cardinal Richelieu", "falls_on_purpose": False, "text": ""}

#: The predicate "this is adjacent to you", as a bundle writes it.
ADJACENT = {"kind": "adjacent", "value": None}

DOOM = [fx("status", token="Doom", who="you", if_held=[fx("wound", who="you", amount=1)]),
        fx("push", who="you", squares=1, away_from="this")]
GUARDS = {"name": "Guards!", "count": 1,
          "threat": [fx("activate", enemy="Cardinal's Guard", adjacent_to="this"),
                     fx("spawn", enemy="Cardinal's Guard", per_player=1, where="empty-adjacent-to-this"),
                     fx("return-to-box")],
          "reaction": DOOM,
          "text": {"threat": "All Cardinal's Guards adjacent to the Cardinal activate. Then, if there are any "
                             "Cardinal's Guards in the Supply, place up to 1 per player in empty spaces adjacent to "
                             "the Cardinal, if possible, and return this card to the box.",
                   "reaction": "Doom: Gain a Doom token. If you already have one, suffer 1 Wound instead. Then, you "
                               "are pushed 1 square if possible."}}
THREAT_DECK = {"name": "Cardinal Richelieu", "when_empty": "reshuffle", "text": "",
               "cards": [GUARDS, {"name": "Scheme", "count": 2, "threat": [], "reaction": DOOM,
                         "text": {"threat": "", "reaction": ""}}]}

DODGE = {"name": "Dodge", "count": 1, "text": "", "effects": [
    fx("if", **{"if": ADJACENT, "then": [fx("wound", who="you", amount=1)], "else": []}),
    fx("place", who="this", at="behind-you")]}
DUCK = {"name": "Duck!", "count": 2, "text": "", "effects": [fx("cancel-wound"), fx("reshuffle")]}
COUNTERATTACK = {"name": "Counterattack", "count": 2, "text": "", "effects": [
    fx("if", **{"if": ADJACENT, "then": [fx("wound", who="you", amount=1)], "else": []})]}
REACTION = {"name": "Reaction", "role": "reaction", "box_counts": None, "text": "", "cards": [DODGE, DUCK, COUNTERATTACK]}
LOOT = {"name": "Loot", "role": "loot", "box_counts": None, "text": "", "cards": [
    {"name": "Cross", "count": 2, "effects": [fx("gain", who="you", destiny=1)], "keep": False, "use": [], "text": ""},
    {"name": "Nothing", "count": 2, "effects": [], "keep": False, "use": [], "text": ""},
    {"name": "Broken Sword", "count": 1, "effects": [fx("discard-weapon")], "keep": False, "use": [], "text": ""},
    {"name": "Bandage", "count": 1, "effects": [], "keep": True, "use": [fx("heal", who="you", amount=1)], "text": ""}]}


def weapon(name: str, attack: str, pattern: list[list[int]], *, value: int | None = None, range_: int | None = None,
           dice: list | None = None, split_sixes: bool = False, unarmed: bool = False,
           slot: str = "primary") -> dict[str, Any]:
    return {"name": name, "count": 1, "hands": 1, "slot": slot, "attack": attack, "value": value,
            "range": range_, "pattern": pattern, "cost": 0 if unarmed else 8, "dice": dice or [],
            "split_sixes": split_sixes, "effects": [], "unarmed": unarmed, "text": ""}


#: The Broadsword: "add 1 pip to 1 die" (Battle Round Example). Pattern: the square
#: ahead and the one ahead-right (the two Guards of the example stand there).
def dice_rule(**given: Any) -> dict[str, Any]:
    """A Weapon's dice rule as a bundle writes it (every key, defaults filled)."""
    return {**DICE_RULE_DEFAULTS, **given}


BROADSWORD = weapon("Broadsword", "melee", [[0, 1], [1, 1]], dice=[dice_rule(add_pips=1)])
RAPIER = weapon("Rapier", "melee", [[-1, 1], [0, 1]], dice=[dice_rule(reroll_faces=[1])])
SPLITTER = weapon("Flail", "melee", [[0, 1], [1, 1]], split_sixes=True)
PISTOL = weapon("Pistol", "ranged", [[0, 1]], value=3, range_=4, slot="secondary")   # as shipped
UNARMED = weapon("Unarmed", "melee", [[0, 1]], unarmed=True)
EQUIPMENT = {"name": "Equipment", "role": "equipment", "box_counts": None, "text": "",
             "cards": [BROADSWORD, RAPIER, SPLITTER, PISTOL, UNARMED]}

PACK = {
    "id": "test", "players": {"min": 1, "max": 4, "solo_characters": 2},
    # no removed_by: this pack has no Stones of Chance whose faces could remove a token (load_bundle checks it)
    "status_tokens": [{**STATUS_TOKEN_DEFAULTS, "name": "Despair", "dice_modifier": -1, "covers": "support"},
                      {**STATUS_TOKEN_DEFAULTS, "name": "Doom", "dice_modifier": 0, "six_counts": 1, "covers": "talent"},
                      {**STATUS_TOKEN_DEFAULTS, "name": "Defending", "dice_modifier": 0}],
    "enemies": [GUARD, MARKSMAN], "named_enemies": [RICHELIEU], "threat_decks": [THREAT_DECK],
    "decks": [EQUIPMENT, LOOT, REACTION],
    "deck_roles": {"equipment": "Equipment", "loot": "Loot", "reaction": "Reaction"},
    "battle_stats": {"melee": "Prowess", "defense": "Movement"},
    "carry": {"hands": 2}, "difficulty": [],
    # the faces that remove the tokens above (load_bundle refuses a removed_by naming no face)
    "stones_of_chance": {"per_character": 1, "faces": [
        {"face": "Loyalty", "options": [{"name": "Remove Despair", "effects": [{"kind": "remove-status", "who": "you",
                                                                             "token": "Despair"}]}]},
        {"face": "Altruism", "options": [{"name": "Remove Doom", "effects": [{"kind": "remove-status", "who": "you",
                                                                            "token": "Doom"}]}]}]},
    "enemy_rules": {"activation_order": "melee-then-ranged", "defaults": copy.deepcopy(ENEMY_PRIORITY_DEFAULTS)},
    "on_death": {"effect": "lose-game", "options": []},
}


class TestDecks(GameDecks):
    """The real deck engine (``battle.deck_access.GameDecks`` on ``decks``), with the
    cards named in ``order`` moved to the top of their draw piles (top first), so
    that a test chooses which card comes next, and a log of the operations."""

    def __init__(self, pack: dict[str, Any], order: dict[str, list[str]] | None = None) -> None:
        bundle = list(pack["decks"]) + list(pack["threat_decks"])
        super().__init__({deck["name"]: new_piles(deck) for deck in bundle}, bundle, deck_rng(11))
        self.bundle = bundle
        self.log: list[tuple[str, str]] = []
        for name, wanted in (order or {}).items():
            draw = self.piles[name]["draw"]
            top = []
            for card_name in wanted:
                found = next(i for i in draw if self.card(i)["name"] == card_name and i not in top)
                top.append(found)
            self.piles[name]["draw"] = top + [i for i in draw if i not in top]

    def draw(self, deck: str) -> str | None:
        card = super().draw(deck)
        self.log.append(("draw", str(card)))
        return card

    def id_of(self, deck: str, name: str) -> str:
        """The first instance id of card ``name`` (the Unarmed card's number too)."""
        number = 0
        for card in self.decks[deck]["cards"]:
            number += 1
            if card["name"] == name:
                return f"{deck}#{number}"
            number += card.get("count", 1) - 1
        raise KeyError(name)

    def names(self, deck: str, pile: str) -> list[str]:
        return [self.card(i)["name"] for i in self.piles[deck][pile]]

    def faults(self, game: dict[str, Any]) -> list[str]:
        """``decks.check_conservation`` of these piles and the Characters' cards."""
        return check_conservation({"decks": self.piles, "characters": game["characters"]}, self.bundle)


def character(name: str, prowess: int, movement: int, *, destiny: int = 0, destiny_max: int = 3, health: int = 5,
              status: list[str] | None = None, role: str | None = None) -> dict[str, Any]:
    out = {"name": name, "stats": {"Prowess": prowess, "Movement": movement}, "destiny": destiny,
           "destiny_max": destiny_max, "health": health, "health_max": 6, "status": list(status or []), "items": [],
           "fallen": False, "cards": []}
    if role is not None:
        out["role"] = role      # taken out by scene_of: a role is the Character board's (bundle 1.5.0)
    return out


def scene_of(rows: list[str], characters: list[dict[str, Any]], *, players: int | None = None,
             order: dict[str, list[str]] | None = None, supply: dict[str, int] | None = None,
             pack: dict[str, Any] | None = None, difficulty: str | None = None, **more: Any) -> Scene:
    """A Scene on a board drawn as rows ("." floor, "#" wall, letters: terrain tiles)."""
    pack = copy.deepcopy(pack or PACK)
    boards = [{"name": c["name"], "stats": dict(c["stats"]), "destiny": c["destiny_max"], "health": c["health_max"],
               "items": [], "weapons": [], "talent": None, "support": None, "role": c.pop("role", None)}
              for c in characters]
    if boards and not pack.get("characters"):
        pack["characters"] = boards
    game = {"card": 7, "players": players or len(characters), "coins": 0, "flags": {}, "counters": {},
            "characters": characters, "difficulty": difficulty}
    battle = new_battle(supply if supply is not None else {e["name"]: e["supply"] for e in pack["enemies"]})
    decks = TestDecks(pack, order)
    game["decks"] = decks.piles
    return Scene(board_from_rows(rows), battle, game, pack, decks, DiceRule(), Pcg32(5), **more)


def place_character(scene: Scene, index: int, square, facing: str, weapons: list[str], flipped: bool = False) -> int:
    ids = [scene.decks.id_of("Equipment", w) for w in weapons]  # type: ignore[attr-defined]
    held = [i for i in ids if not scene.decks.card(i).get("unarmed")]   # Unarmed never leaves play
    scene.game["characters"][index]["cards"] += held
    scene.game["characters"][index]["items"] += [scene.decks.card(i)["name"] for i in held]
    for i in held:
        if i in scene.decks.piles["Equipment"]["draw"]:  # type: ignore[attr-defined]
            scene.decks.piles["Equipment"]["draw"].remove(i)  # type: ignore[attr-defined]
    return add_character(scene.battle, index, square, facing, flipped=flipped, weapons=ids)["id"]


def place_enemy(scene: Scene, name: str, square, wounded: bool = False) -> int:
    figure = add_enemy(scene.battle, name, square)
    figure["wounded"] = wounded
    return figure["id"]


def place_named(scene: Scene, name: str, square) -> int:
    from cardforge_runtime.battle.state import named_health
    health = named_health(scene.named_enemies[name], scene.players_set_up())
    return add_named(scene.battle, name, square, health)["id"]


def play(scene: Scene, generator, answers: list[tuple[str, dict[str, Any]]]) -> tuple[Any, list[dict[str, Any]]]:
    """Drive ``generator``: each request must be of the next expected kind (``"pick:push"``
    names the ``for`` of a pick request too); each answer is checked with
    ``check_battle_answer`` before it is sent. Returns (the generator's value, requests)."""
    requests = []
    try:
        request = next(generator)
        while True:
            requests.append(request)
            assert answers, f"unexpected request {request}"
            kind, answer = answers.pop(0)
            got = request["kind"] + (f":{request['for']}" if request["kind"] in ("pick", "roll") else "")
            assert got == kind or request["kind"] == kind, f"expected {kind}, got {got}: {request}"
            check_battle_answer(request, answer, scene.rule)
            request = generator.send(answer)
    except StopIteration as stop:
        assert not answers, f"answers left over: {answers}"
        return stop.value, requests


__all__ = ["AnswerError", "TestDecks", "PACK", "character", "fx", "place_character", "place_enemy", "place_named",
           "play", "scene_of"]
