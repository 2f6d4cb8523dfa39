"""A Character answering the Enemies' attacks: automatic Wounds, then one Defense roll.

``defend(scene, defender, attacks)`` is a generator in the manner of ``attack.attack``:
it yields requests where the players roll or choose and returns the ``Defense``
record. The Enemy turn (the Battle rounds of issue 10) decides which Enemies attack
whom and calls it once per Character, with every attack that Character receives
("3. Enemy Attacks: Determine the target of each Enemy's Attack, then: a. Suffer
automatic Wounds b. Roll Defense"):

1. **Automatic Wounds**: a Melee attack from a square outside the defender's Melee
   Attack Patterns (``attack.melee_cover``) deals Wounds equal to its damage.
2. **Defense roll**, against every Ranged attack and every Melee attack from inside
   those patterns: dice equal to the pack's ``battle_stats.defense`` stat (Movement;
   through ``rolls.stat_value``), plus the held tokens' ``dice_modifier`` (Despair -1),
   the ``while_on.defense_dice`` of the terrain tiles the defender stands on (the
   Haystack, +1), the ``extra_dice`` dice rules ``on`` defense of the Weapons in use,
   at most the dice rule's maximum (6). The Weapons' dice rules on defense apply
   (the Rapier's free reroll of 1s), then Destiny rerolls (``dice_rules.roll_with_rules``).
3. **Blocking**: each Success blocks 1 damage. A die counts with the Advantage or
   Disadvantage of the attacks it is given to: against a Ranged attack the defender
   has Advantage in Cover (``board.cover`` from the attacker) and Disadvantage when
   standing on a square whose keyword has ``elevated.ranged_defense_disadvantage``
   (Elevated; both cancel). The attacks are grouped by those flags; each group's damage
   is totalled ("each player totals up the amount of damage they may receive"); with
   two or more groups the players give each die to one group (a ``defend`` request,
   with the assignment that blocks the most suggested), the dice of a group block at
   most its damage. What is not blocked is suffered as Wounds.

A Character who Falls from the automatic Wounds rolls no Defense: "Enemies ignore
Fallen Characters" (docs/rulings.md, "The Defense roll").

Rule sources: Gascony's Legacy, "Enemy Attacks" (3A Suffer Automatic Wounds, 3B Roll
Defense), "Terrain Tiles" (Cover: "If you are defending against a Ranged Attack and you
have Cover, you have Advantage against that Attack"; Elevated: "They gain Disadvantage
when defending against Ranged attacks"; Haystack: "+1 die when rolling for defense"),
"Battle Round Example" (Athos's Defense roll). Dependencies: ``board``, ``rolls``,
``battle.attack``, ``battle.dice_rules``, ``battle.effects``.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import product
from typing import Any

from cardforge_runtime.battle.attack import melee_cover
from cardforge_runtime.battle.dice_rules import roll_with_rules, rules_for
from cardforge_runtime.battle.effects import wound_figure
from cardforge_runtime.battle.scene import Scene
from cardforge_runtime.board import cover
from cardforge_runtime.dice import DiceRule
from cardforge_runtime.rolls import stat_value

__all__ = ["Defense", "best_blocking", "blocked_by", "defend", "defense_dice", "defense_stat"]

Request = dict[str, Any]


@dataclass
class Defense:
    """What ``defend`` did.

    Attributes:
        defender: the Character figure id.
        automatic: Enemy figure id -> the Wounds its Melee attack from outside the
            defender's Attack Patterns dealt, in the order given.
        groups: the defended attacks grouped by their flags, each ``{"advantage",
            "disadvantage", "damage" (the group's total), "attacks": [Enemy figure
            ids]}``, in the order of their first attack.
        dice, doom: the Defense roll's settings (``dice`` 0 when nothing was defended).
        faces: the final dice; assigned: per die, the index of the group it blocks
            for (``None``: unused).
        blocked: the damage the roll blocked; wounds: the Wounds suffered in all
            (automatic and not blocked).
    """

    defender: int
    automatic: dict[int, int] = field(default_factory=dict)
    groups: list[dict[str, Any]] = field(default_factory=list)
    dice: int = 0
    doom: bool = False
    faces: list[int] = field(default_factory=list)
    assigned: list[int | None] = field(default_factory=list)
    blocked: int = 0
    wounds: int = 0


def defense_stat(scene: Scene) -> str:
    """The stat a Character rolls for Defense: the pack's ``battle_stats.defense``
    (Gascony's Legacy, Roll Defense: "roll a number of dice equal to their Movement Stat").

    Raises:
        EngineError: the pack names none.
    """
    return scene.battle_stat("defense", "Defense rolls")


def _weapon_rules(scene: Scene, defender: int) -> list[Mapping[str, Any]]:
    return [r for card in scene.get(defender)["weapons"] for r in rules_for(scene.decks.card(card), "defense")]


def _tiles_defense_dice(scene: Scene, square: tuple[int, int]) -> int:
    tiles = (scene.pack.get("board") or {}).get("terrain_tiles") or {}
    placed = scene.board.layout["terrain_tiles"]
    return sum(((tiles.get(placed[i]["tile"]) or {}).get("while_on") or {}).get("defense_dice", 0)
               for i in scene.board.tiles_at(square))


def defense_dice(scene: Scene, defender: int) -> dict[str, Any]:
    """How Character figure ``defender``'s Defense roll is made: ``{"dice", "doom"}``:
    the ``battle_stats.defense`` stat (``rolls.stat_value``), plus the held tokens'
    ``dice_modifier``, the ``while_on.defense_dice`` of the terrain tiles on its square
    and the ``extra_dice`` of its Weapons' dice rules on defense, from 0 to the dice
    rule's maximum; ``doom``: a held token with ``six_counts``.

    Raises:
        EngineError: the pack's ``battle_stats`` names no ``defense`` stat.
    """
    character = scene.character(defender)
    held = [scene.tokens[t] for t in character["status"] if t in scene.tokens]
    modifier = sum(t.get("dice_modifier", 0) for t in held)
    modifier += _tiles_defense_dice(scene, scene.square(defender))
    modifier += sum(r.get("extra_dice", 0) for r in _weapon_rules(scene, defender))
    base = stat_value(character, defense_stat(scene), scene.tokens)
    return {"dice": scene.rule.dice_count(base, modifier), "doom": any("six_counts" in t for t in held)}


def _ranged(scene: Scene, enemy: int, given: Mapping[str, Any]) -> bool:
    if given.get("ranged") is not None:
        return bool(given["ranged"])
    if scene.kind(enemy) == "enemy":
        return scene.enemies[scene.get(enemy)["enemy"]]["type"] == "ranged"
    return False


def _flags(scene: Scene, defender: int, enemy: int, ranged: bool) -> tuple[bool, bool]:
    """(advantage, disadvantage) of ``defender`` against ``enemy``'s attack, after
    cancelling."""
    if not ranged:
        return False, False
    here = scene.square(defender)
    advantage = cover(scene.board, scene.square(enemy), here, scene.figures())
    disadvantage = any((scene.board.keyword(k).get("elevated") or {}).get("ranged_defense_disadvantage")
                       for k in scene.board.square_keywords(here))
    if advantage and disadvantage:
        return False, False
    return bool(advantage), bool(disadvantage)


def best_blocking(rule: DiceRule, faces: Sequence[int], groups: Sequence[Mapping[str, Any]], *,
                  doom: bool = False) -> tuple[list[int | None], int]:
    """The assignment of ``faces`` to ``groups`` (each ``{"advantage", "disadvantage",
    "damage"}``) that blocks the most damage: ``(per die a group index or None,
    blocked)``; among equal ones the first in the order of ``itertools.product`` (lower
    group indexes on earlier dice). A suggestion shown to the players, never applied
    unasked when there is a choice."""
    best: tuple[list[int | None], int] = ([None] * len(faces), -1)
    for choice in product(range(len(groups)), repeat=len(faces)):
        blocked = blocked_by(rule, faces, groups, list(choice), doom=doom)
        if blocked > best[1]:
            best = (list(choice), blocked)
    return best[0], max(0, best[1])


def blocked_by(rule: DiceRule, faces: Sequence[int], groups: Sequence[Mapping[str, Any]],
               assigned: Sequence[int | None], *, doom: bool = False) -> int:
    """The damage ``faces`` block when die ``i`` goes to group ``assigned[i]``: per
    group, the Successes of its dice with its flags, at most its damage."""
    total = 0
    for index, group in enumerate(groups):
        successes = sum(rule.face_successes(f, advantage=group["advantage"], disadvantage=group["disadvantage"],
                                            doom=doom) for f, a in zip(faces, assigned) if a == index)
        total += min(group["damage"], successes)
    return total


def defend(scene: Scene, defender: int, attacks: Sequence[Mapping[str, Any]]
           ) -> Generator[Request, dict[str, Any], Defense]:
    """Character figure ``defender`` answers ``attacks`` (each ``{"figure": Enemy or
    Named Enemy figure id, "damage": n, "ranged": bool (optional: default the Enemy's
    ``type``; a Named Enemy's attack is Melee)}``). Returns the ``Defense``.

    Yields: a ``roll`` request ``for: "defense"`` (``stat``, ``dice``, ``doom``,
    ``advantage``/``disadvantage`` false: each group has its own, listed in
    ``groups``), the Weapons' free ``reroll`` requests and Destiny ``reroll`` requests
    (``dice_rules.roll_with_rules``), then, when two or more groups are defended, a
    ``defend`` request ``{"kind": "defend", "character", "faces", "groups",
    "suggested", "doom"}``: answer ``{"defend": [a group index or null per die]}``.
    Events: ``automatic-wounds``, ``roll``..., ``defense`` and ``wound`` (source
    ``"enemy-attack"``) go to ``scene.events``.

    Raises:
        ValueError: ``defender`` is not a Character figure or has Fallen, an attack names a figure
            that is not an Enemy or a Named Enemy, or a damage below 0.
        EngineError: a Defense roll in a pack whose ``battle_stats`` names no
            ``defense`` stat.
    """
    if scene.kind(defender) != "character":
        raise ValueError(f"figure {defender} is not a Character: only Characters roll Defense")
    if scene.character(defender)["fallen"]:
        raise ValueError(f"figure {defender} has Fallen: Enemies ignore Fallen Characters")
    for given in attacks:
        if scene.kind(given["figure"]) not in ("enemy", "named") or given["damage"] < 0:
            raise ValueError(f"an attack is {{'figure': an Enemy's id, 'damage': n >= 0}}, not {dict(given)!r}")
    result = Defense(defender)
    covered = set(melee_cover(scene, defender))
    defended = []
    for given in attacks:
        enemy, ranged = given["figure"], _ranged(scene, given["figure"], given)
        if not ranged and scene.square(enemy) not in covered:
            result.automatic[enemy] = result.automatic.get(enemy, 0) + given["damage"]
        else:
            defended.append((enemy, given["damage"], _flags(scene, defender, enemy, ranged)))
    character = scene.character(defender)
    for enemy, damage in result.automatic.items():
        scene.record({"event": "automatic-wounds", "figure": defender, "from": enemy, "damage": damage})
        if damage:
            wound_figure(scene, defender, damage, "enemy-attack")
        result.wounds += damage
    for enemy, damage, (advantage, disadvantage) in defended:
        group = next((g for g in result.groups if (g["advantage"], g["disadvantage"]) == (advantage, disadvantage)),
                     None)
        if group is None:
            group = {"advantage": advantage, "disadvantage": disadvantage, "damage": 0, "attacks": []}
            result.groups.append(group)
        group["damage"] += damage
        group["attacks"].append(enemy)
    total = sum(g["damage"] for g in result.groups)
    if not total or character["fallen"]:
        return result
    how = defense_dice(scene, defender)
    result.dice, result.doom = how["dice"], how["doom"]
    index = scene.get(defender)["character"]
    request = {"kind": "roll", "card": scene.game.get("card"), "character": index, "stat": defense_stat(scene),
               "dice": how["dice"], "advantage": False, "disadvantage": False, "doom": how["doom"],
               "for": "defense", "target": None, "so_far": 0, "groups": _public(result.groups)}
    result.faces = yield from roll_with_rules(scene, index, request, _weapon_rules(scene, defender))
    if len(result.groups) == 1:
        result.assigned = [0] * len(result.faces)
    else:
        suggested, _ = best_blocking(scene.rule, result.faces, result.groups, doom=result.doom)
        answer = yield {"kind": "defend", "character": index, "faces": list(result.faces),
                        "groups": _public(result.groups), "suggested": suggested, "doom": result.doom}
        result.assigned = list(answer["defend"])
    result.blocked = blocked_by(scene.rule, result.faces, result.groups, result.assigned, doom=result.doom)
    suffered = total - result.blocked
    scene.record({"event": "defense", "figure": defender, "faces": list(result.faces),
                  "assigned": list(result.assigned), "damage": total, "blocked": result.blocked, "wounds": suffered})
    if suffered:
        wound_figure(scene, defender, suffered, "enemy-attack")
    result.wounds += suffered
    return result


def _public(groups: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    return [{"advantage": g["advantage"], "disadvantage": g["disadvantage"], "damage": g["damage"],
             "attacks": list(g["attacks"])} for g in groups]
