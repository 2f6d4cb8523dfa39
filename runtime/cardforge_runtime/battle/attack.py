"""An Attack, from choosing its targets to the last Loot card.

``attack(scene, attacker, weapon)`` is a generator in the manner of ``story``: it
yields requests where the players choose or roll (the Ranged target, the roll, the
Weapon's free rerolls, Destiny rerolls, which dice get pips, how the Successes are
split, the order of Reactions and whatever the Reaction cards ask) and returns the
``Attack`` record. It follows "Attack Rolls":

1. Ranged: select 1 target in line of sight, in the Attack Pattern and in Range
   (before rolling). Melee: every Enemy in the pattern and in line of sight.
2. Roll: Prowess for a Melee Weapon, the Weapon's ``value`` for a Ranged one; +
   ``extra_dice`` of the Weapon and the Stones of Chance; Despair -1; at most 6.
   Advantage: a Melee attack from a square whose keyword has
   ``elevated.melee_advantage`` (Elevated), a Ranged attack from High Ground against
   a target on Low Ground (``board.high_ground_advantage``: the keyword data's
   ``elevated.ranged_advantage_over_low_ground``, a Balcony's Railing), or a Weapon
   rule ``advantage``; Disadvantage: a Ranged attack against a target in Cover.
3. Modify the roll (``dice_rules``).
4. Assign the Successes (an ``assign`` request when there are several targets; a 6
   is not split across targets unless the Weapon says ``split_sixes``).
5. Resolve Reactions for surviving Enemies, one at a time (every Enemy in a Melee
   pattern, even with 0 Successes; only the Ranged target): a Reaction card for an
   Enemy, the Reaction portion of its Threat card for a Named Enemy (none for an
   Enemy when the pack has no Reaction deck: the event ``no-deck``).
6. Draw Loot for each Enemy defeated by a Melee Attack (none without a Loot deck:
   ``no-deck``).

``terrain_wounds`` is the other way Enemies are hurt: no Reaction and no Loot.

Rule sources: Gascony's Legacy, "Attack", "Attack Rolls", "Assigning Successes to
Enemies", "Assigning Successes to Named Enemies", "Attack Roll Modifications",
"Loot cards", "Battle Round Example", "Terrain Tiles" (Elevated, Cover), "Balconies
and Railings" (High Ground; "Melee Attacks cannot be made across a railing": the
Attack Pattern's squares, ``board.pattern_squares(melee=True)``), "Enemies and
Terrain".
Dependencies: ``board``, ``battle.*`` below it.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping
from dataclasses import dataclass, field
from typing import Any

from cardforge_runtime.battle.dice_rules import roll_with_rules, rules_for
from cardforge_runtime.battle.effects import draw_and_resolve, hold_card, resolve_card, wound_figure
from cardforge_runtime.battle.patterns import melee_cover, weapon_squares
from cardforge_runtime.battle.resolution import Resolution
from cardforge_runtime.battle.scene import Scene
from cardforge_runtime.battle.state import KINDS, remove_figure
from cardforge_runtime.battle.targets import pick
from cardforge_runtime.board import cover, high_ground_advantage, line_of_sight
from cardforge_runtime.rolls import stat_value

__all__ = ["Attack", "attack", "attack_dice", "check_slots", "defense_of", "melee_cover", "melee_stat",
           "targets_of", "terrain_wounds"]

Request = dict[str, Any]


@dataclass
class Attack:
    """What an Attack did (returned by ``attack``; also what ``cancel-wound`` and
    ``discard-weapon`` act on while its Reactions resolve).

    Attributes:
        attacker: the Character figure id; weapon: the Equipment card id attacked with.
        melee: a Melee Weapon (else Ranged).
        targets: the Enemy / Named Enemy figure ids attacked (in the pattern, or the one
            Ranged target).
        dice, advantage, disadvantage, doom: the roll's settings.
        faces: the final dice; successes: their Successes.
        assigned: figure id -> Successes assigned.
        results: figure id -> ``"defeated"`` | ``"wounded"`` | ``"unchanged"`` (after
            Reactions: a ``cancel-wound`` sets ``"unchanged"``).
        reactions, loot: the card ids drawn, in order.
    """

    attacker: int
    weapon: str
    melee: bool
    targets: list[int]
    dice: int = 0
    advantage: bool = False
    disadvantage: bool = False
    doom: bool = False
    faces: list[int] = field(default_factory=list)
    successes: int = 0
    assigned: dict[int, int] = field(default_factory=dict)
    results: dict[int, str] = field(default_factory=dict)
    reactions: list[str] = field(default_factory=list)
    loot: list[str] = field(default_factory=list)
    before: dict[int, Any] = field(default_factory=dict)

    def cancel_wound(self, scene: Scene, figure_id: int) -> None:
        """The Enemy ``figure_id`` is not Wounded from this Attack ("Duck!"): a token
        this Attack flipped to its Wounded side is flipped back; a Named Enemy's
        tracker goes back up by the Wound this Attack dealt."""
        if self.results.get(figure_id) != "wounded" or not scene.on_board(figure_id):
            return
        item = scene.get(figure_id)
        if "wounded" in item:
            item["wounded"] = self.before[figure_id]
        else:
            item["health"] = self.before[figure_id]
        self.results[figure_id] = "unchanged"
        scene.record({"event": "cancel-wound", "figure": figure_id})

    def discard_weapon(self, scene: Scene) -> None:
        """The Weapon attacked with goes to its discard pile (Broken Sword, the harder
        game); the Unarmed card never leaves play."""
        if scene.decks.card(self.weapon).get("unarmed"):
            return
        figure = scene.get(self.attacker)
        if self.weapon in figure["weapons"]:
            figure["weapons"].remove(self.weapon)
        character = scene.character(self.attacker)
        if self.weapon in character.get("cards", []):
            character["cards"].remove(self.weapon)
            name = scene.decks.card(self.weapon)["name"]
            if name in character["items"]:
                character["items"].remove(name)
        scene.decks.discard(self.weapon)
        scene.record({"event": "discard-weapon", "figure": self.attacker, "card": self.weapon})


def _enemy_ids(scene: Scene, squares: list[tuple[int, int]]) -> list[int]:
    # who stands where, as ``figure_at`` finds them (the first figure in kind order)
    standing: dict[tuple[int, int], tuple[str, int]] = {}
    for key, kind in KINDS.items():
        for item in scene.battle[key]:
            c, r = item["square"]
            standing.setdefault((c, r), (kind, item["id"]))
    out = []
    for square in squares:
        found = standing.get((square[0], square[1]))
        if found is not None and found[0] in ("enemy", "named"):
            out.append(found[1])
    return out


def targets_of(scene: Scene, attacker: int, weapon: Mapping[str, Any]) -> list[int]:
    """The Enemies and Named Enemies ``weapon`` can attack from Character figure
    ``attacker``: Melee, those in the Attack Pattern and in line of sight (all are
    attacked); Ranged, the candidates for its one target (pattern rays, Range, line of
    sight). In pattern order."""
    me = scene.get(attacker)
    here = scene.square(attacker)
    squares = weapon_squares(scene.board, here, me["facing"], me["flipped"], weapon)   # figures never block sight
    if weapon["attack"] == "melee":
        squares = [sq for sq in squares if line_of_sight(scene.board, here, sq)]    # figures never block it
    return _enemy_ids(scene, squares)


def melee_stat(scene: Scene) -> str:
    """The stat a Character rolls for a Melee attack: the pack's ``battle_stats.melee``
    (Gascony's Legacy, Attack Rolls: "Melee weapons roll your Prowess Stat").

    Raises:
        EngineError: the pack names none.
    """
    return scene.battle_stat("melee", "Melee attacks")


def attack_dice(scene: Scene, attacker: int, weapon: Mapping[str, Any], target: int | None = None,
                extra_dice: int = 0, stat: str | None = None) -> dict[str, Any]:
    """How the attack roll is made: ``{"dice", "advantage", "disadvantage", "doom"}``.

    Dice: the Character's ``stat`` (Melee; default: the pack's ``battle_stats.melee``,
    Prowess in Gascony's Legacy; with its status tokens' ``stat_modifier``:
    ``rolls.stat_value``) or the Weapon's ``value`` (Ranged), plus the Weapon's
    ``extra_dice`` rules and ``extra_dice`` (Stones of Chance), plus the status tokens'
    ``dice_modifier`` (Despair -1), from 0 to the dice rule's maximum (6). Advantage:
    Melee from a square with ``elevated.melee_advantage``, Ranged from High Ground
    against ``target`` on Low Ground (``board.high_ground_advantage``), or a Weapon
    rule ``advantage``. Disadvantage: Ranged against ``target`` in Cover. Doom: a held
    token with ``six_counts``.

    Raises:
        EngineError: a Melee attack in a pack whose ``battle_stats`` names no
            ``melee`` stat."""
    character = scene.character(attacker)
    melee = weapon["attack"] == "melee"
    rules = rules_for(weapon, "attack")
    base = stat_value(character, stat or melee_stat(scene), scene.tokens) if melee else weapon["value"]
    modifier = extra_dice + sum(r.get("extra_dice", 0) for r in rules)
    modifier += sum(scene.tokens[t].get("dice_modifier", 0) for t in character["status"] if t in scene.tokens)
    here = scene.square(attacker)
    advantage = any(r.get("advantage") for r in rules)
    if melee:
        advantage |= any((scene.board.keyword(k).get("elevated") or {}).get("melee_advantage")
                         for k in scene.board.square_keywords(here))
    elif target is not None:
        advantage |= high_ground_advantage(scene.board, here, scene.square(target))
    disadvantage = (not melee and target is not None
                    and cover(scene.board, here, scene.square(target), scene.figures()))
    doom = any("six_counts" in scene.tokens[t] for t in character["status"] if t in scene.tokens)
    return {"dice": scene.rule.dice_count(base, modifier), "advantage": bool(advantage),
            "disadvantage": bool(disadvantage), "doom": doom}


def defense_of(scene: Scene, figure_id: int, reduce: int = 0) -> dict[str, int]:
    """The Defense of an Enemy (``{"wounded", "defeated"}``) or a Named Enemy
    (``{"wounded"}``), lowered by ``reduce``, never below 1 ("Attack Roll
    Modifications": "the minimum possible defense value is 1/1")."""
    item = scene.get(figure_id)
    if scene.kind(figure_id) == "enemy":
        defense = scene.enemies[item["enemy"]]["defense"]
        return {"wounded": max(1, defense["wounded"] - reduce), "defeated": max(1, defense["defeated"] - reduce)}
    return {"wounded": max(1, scene.named_enemies[item["enemy"]]["defense"] - reduce)}


def check_slots(scene: Scene, attacker: int) -> None:
    """Check that Character figure ``attacker`` uses at most one primary and one
    secondary Weapon: its ``weapons`` (the Weapons in use) hold at most one Equipment
    card of each ``slot``. Gascony's Legacy, Equipment cards: "A character can carry
    either type of weapon in either hand, but can only use one primary weapon and one
    secondary weapon" (a Weapon carried but not used stays in the Character's
    ``cards``; docs/rulings.md, "One primary and one secondary Weapon").

    Raises:
        ValueError: two or more Weapons of one slot in use (naming them)."""
    by_slot: dict[str, list[str]] = {}
    for card in scene.get(attacker)["weapons"]:
        data = scene.decks.card(card)
        if data.get("slot") is not None:
            by_slot.setdefault(data["slot"], []).append(f"{card} ({data['name']})")
    for slot, cards in sorted(by_slot.items()):
        if len(cards) > 1:
            raise ValueError(f"figure {attacker} uses {len(cards)} {slot} Weapons ({', '.join(cards)}): a Character "
                             f"can only use one primary weapon and one secondary weapon (Equipment cards); "
                             f"keep one {slot} Weapon in its weapons and carry the others in its cards")


def attack(scene: Scene, attacker: int, weapon: str, *, target: int | None = None, extra_dice: int = 0,
           stat: str | None = None) -> Generator[Request, dict[str, Any], Attack]:
    """Character figure ``attacker`` attacks with Equipment card ``weapon`` (one of its
    ``weapons``, or the Unarmed card). ``target``: the Ranged target when already
    chosen (else the players are asked, before the roll). ``extra_dice``: dice added by
    Stones of Chance. Returns the ``Attack``; events go to ``scene.events``.

    Raises:
        ValueError: the Weapon is not equipped (nor Unarmed), the figure uses two
            Weapons of one slot (``check_slots``), no Enemy can be attacked with it,
            ``target`` is not one the Ranged Weapon can attack.
        EngineError: a Melee attack in a pack whose ``battle_stats`` names no
            ``melee`` stat.
    """
    data = scene.decks.card(weapon)
    me = scene.get(attacker)
    if weapon not in me["weapons"] and not data.get("unarmed"):
        raise ValueError(f"{weapon} ({data['name']}) is not equipped by figure {attacker}")
    check_slots(scene, attacker)
    options = targets_of(scene, attacker, data)
    if not options:
        raise ValueError(f"no Enemy is in the Attack Pattern of {data['name']}")
    melee = data["attack"] == "melee"
    if not melee:
        if target is None:
            target = yield from pick("ranged-target", options, figure=attacker, weapon=weapon)
        elif target not in options:
            raise ValueError(f"figure {target} is not in line of sight, the Attack Pattern and the Range of {data['name']}")
        options = [target]
    result = Attack(attacker, weapon, melee, list(options))
    if melee:
        stat = stat or melee_stat(scene)
    how = attack_dice(scene, attacker, data, None if melee else target, extra_dice, stat)
    result.dice, result.advantage, result.disadvantage, result.doom = (
        how["dice"], how["advantage"], how["disadvantage"], how["doom"])
    index = me["character"]
    scene.record({"event": "attack", "figure": attacker, "weapon": weapon, "targets": list(options), **how})
    request = {"kind": "roll", "card": scene.game.get("card"), "character": index, "stat": stat if melee else None,
               "dice": how["dice"], "advantage": how["advantage"], "disadvantage": how["disadvantage"],
               "doom": how["doom"], "for": "attack", "target": None, "so_far": 0}
    result.faces = yield from roll_with_rules(scene, index, request, rules_for(data, "attack"))
    flags = {"advantage": result.advantage, "disadvantage": result.disadvantage, "doom": result.doom}
    result.successes = scene.rule.successes(result.faces, **flags)
    result.assigned = yield from _assign(scene, result, bool(data.get("split_sixes")), flags)
    for figure_id in result.targets:
        _apply(scene, result, figure_id)
    yield from _reactions(scene, result)
    if melee:
        yield from _loot(scene, result)
    return result


def _assign(scene: Scene, result: Attack, split_sixes: bool, flags: Mapping[str, bool],
            ) -> Generator[Request, dict[str, Any], dict[int, int]]:
    if len(result.targets) == 1 or result.successes == 0:
        return {t: (result.successes if i == 0 else 0) for i, t in enumerate(result.targets)}
    targets = []
    for t in result.targets:
        item = scene.get(t)
        targets.append({"figure": t, "enemy": item["enemy"], "defense": defense_of(scene, t),
                        "wounded": item.get("wounded", False), "health": item.get("health")})
    answer = yield {"kind": "assign", "character": scene.get(result.attacker)["character"], "faces": list(result.faces),
                    "successes": result.successes, "targets": targets, "split_sixes": split_sixes, **flags}
    assigned = {t: 0 for t in result.targets}
    for entry in answer["assign"]:
        assigned[entry["figure"]] = entry["successes"]
    scene.record({"event": "assign", "assigned": [{"figure": t, "successes": n} for t, n in assigned.items()]})
    return assigned


def _apply(scene: Scene, result: Attack, figure_id: int) -> None:
    """Assigning Successes to Enemies / Named Enemies."""
    successes = result.assigned.get(figure_id, 0)
    item = scene.get(figure_id)
    defense = defense_of(scene, figure_id)
    outcome = "unchanged"
    if scene.kind(figure_id) == "enemy":
        result.before[figure_id] = item["wounded"]
        if successes >= defense["defeated"] or (successes >= defense["wounded"] and item["wounded"]):
            outcome = "defeated"
        elif successes >= defense["wounded"]:
            item["wounded"] = True
            outcome = "wounded"
    elif successes >= defense["wounded"]:
        result.before[figure_id] = item["health"]
        item["health"] -= 1
        outcome = "defeated" if item["health"] <= 0 else "wounded"
    if outcome == "defeated":
        remove_figure(scene.battle, figure_id)
    result.results[figure_id] = outcome
    scene.record({"event": "successes", "figure": figure_id, "successes": successes, "result": outcome})


def _reactions(scene: Scene, result: Attack) -> Generator[Request, dict[str, Any], None]:
    """Resolve Reactions for surviving Enemies, one at a time, in the order the players
    choose."""
    waiting = [t for t in result.targets if result.results[t] != "defeated"]
    reaction_deck = scene.deck_for("reaction")
    if reaction_deck is None:
        # no Reaction deck (the second ruleset): an Enemy does not react; a Named Enemy
        # still reacts with its Threat card's reaction portion
        for figure_id in [t for t in waiting if scene.kind(t) != "named"]:
            scene.record({"event": "no-deck", "role": "reaction", "figure": figure_id})
            waiting.remove(figure_id)
    while waiting:
        waiting = [t for t in waiting if scene.on_board(t)]
        chosen = yield from pick("reaction", waiting, figure=result.attacker)
        if chosen is None:
            return
        waiting.remove(chosen)
        if scene.kind(chosen) == "named":
            deck, portion = scene.named_enemies[scene.get(chosen)["enemy"]]["threat_deck"], "reaction"
        else:
            deck, portion = reaction_deck, "effects"
        card = yield from draw_and_resolve(scene, deck, Resolution(result.attacker, chosen, None, portion, result))
        if card is not None:
            result.reactions.append(card)


def _loot(scene: Scene, result: Attack) -> Generator[Request, dict[str, Any], None]:
    """Draw Loot for Enemies defeated by a Melee Attack (one card each). A card with
    ``keep`` goes to the Character (``cards`` and ``items``), who then keeps within
    the pack's ``carry.hands`` (``deck_play.settle_hands``: a ``leave`` request when
    over); the others are discarded after their effects."""
    deck = scene.deck_for("loot")
    for figure_id in result.targets:
        if result.results[figure_id] != "defeated":
            continue
        if deck is None:  # no Loot deck (the second ruleset): nothing to draw
            scene.record({"event": "no-deck", "role": "loot", "figure": figure_id})
            continue
        card = scene.decks.draw(deck)
        if card is None:
            scene.record({"event": "no-card", "deck": deck})
            continue
        result.loot.append(card)
        data = scene.decks.card(card)
        res = Resolution(result.attacker, None, card, "effects", result)
        if data.get("keep"):
            yield from resolve_card(scene, card, res, fate="keep")
            if res.fate != "discard":  # reshuffled or boxed by its own effects: not kept
                continue
            yield from hold_card(scene, result.attacker, card)
        else:
            yield from resolve_card(scene, card, res)


def terrain_wounds(scene: Scene, figure_id: int, amount: int = 1) -> str:
    """Terrain hurts figure ``figure_id`` (the Barrel: "Wounded Enemies in its path are
    Defeated, and other Enemies become Wounded. Named Enemies take 1 Wound"): ``amount``
    Wounds with no Reaction and no Loot (Battle Round Example: "Since the Guard was not
    defeated by a Melee Attack, Porthos does not draw Loot"). Returns what happened
    (``effects.wound_figure``)."""
    return wound_figure(scene, figure_id, amount, "terrain")
