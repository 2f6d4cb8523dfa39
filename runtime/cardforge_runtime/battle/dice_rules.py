"""An attack roll with the Weapon's dice rules (bundle 1.5.0, an Equipment card's
``dice``, ``effect_fields.DICE_RULE_KINDS``): how many dice, Advantage and
Disadvantage, the free rerolls of some faces, Destiny rerolls and added pips.

A Weapon's dice rules are a list of objects with ``on`` (``attack`` | ``defense`` |
``any``, default ``any``) and exactly one of ``add_pips`` (+n to ``dice_count`` dice of
the roller's choice: the players are asked which, with a suggestion), ``reroll_faces``
(dice showing those faces are rerolled once, free), ``extra_dice`` (+n dice, still at
most the maximum) or ``advantage: true``.

The order of an attack roll (docs/rulings.md, "The order of an attack roll"): roll;
free rerolls of the Weapon's ``reroll_faces`` (once, on the first roll, if the roller
wants it: the Battle Round Example's Athos rolls 1, 2, 4 and goes straight to a Destiny
reroll of the misses); Destiny
rerolls (any number, ``rolls.destiny_rerolls``); then added pips (a pip added before a
reroll would be lost with the die).

Rule sources: Gascony's Legacy, "Dice Rolls", "Attack Rolls" ("Modify your roll using
card effects, abilities, and by spending Destiny tokens"), "Battle Round Example"
(Porthos's Broadsword adds 1 pip to the 3; Athos's Rapier rerolls 1s).
Dependencies: ``dice``, ``rolls``, ``battle.scene``.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from typing import Any

from cardforge_runtime.battle.scene import Scene
from cardforge_runtime.battle.stones import reroll_stones
from cardforge_runtime.dice import DiceRule
from cardforge_runtime.answer_fields import AnswerError
from cardforge_runtime.rolls import destiny_rerolls

__all__ = ["best_pips", "roll_with_rules", "rules_for"]

Request = dict[str, Any]


def rules_for(weapon: Mapping[str, Any], on: str) -> list[Mapping[str, Any]]:
    """The Weapon's dice rules that apply to a roll ``on`` (``attack`` / ``defense``):
    those with ``on`` equal to it or ``any`` (the default)."""
    return [r for r in weapon.get("dice") or () if r.get("on", "any") in (on, "any")]


def best_pips(rule: DiceRule, faces: Sequence[int], pips: int, count: int, *, advantage: bool = False,
              disadvantage: bool = False, doom: bool = False) -> list[int]:
    """Up to ``count`` die positions whose ``+pips`` gains the most Successes, each
    gaining at least one (a suggestion shown to the players, never applied unasked):
    the largest gain first, then the lowest position. ``[]`` when no die gains."""
    def gain(face: int) -> int:
        new = min(rule.sides, face + pips)
        return (rule.face_successes(new, advantage=advantage, disadvantage=disadvantage, doom=doom)
                - rule.face_successes(face, advantage=advantage, disadvantage=disadvantage, doom=doom))
    ranked = sorted((-gain(f), i) for i, f in enumerate(faces) if gain(f) > 0)
    return sorted(i for _, i in ranked[:count])


def roll_with_rules(scene: Scene, index: int, request: Request, weapon_rules: Sequence[Mapping[str, Any]],
                    ) -> Generator[Request, dict[str, Any], list[int]]:
    """Roll ``request["dice"]`` dice for Character ``index`` of the game state and apply
    ``weapon_rules`` (already filtered by ``rules_for``) and Destiny rerolls.

    Yields, in order: ``request`` (a ``roll`` request: answer ``{"faces": [...]}`` or
    ``{"auto": true}``; its ``advantage`` / ``disadvantage`` are the engine's and an
    answer's flags are ignored); for each ``reroll_faces`` rule with dice to reroll, a
    ``reroll`` request ``for: "weapon-reroll"``, ``free: true`` with the ``positions``
    it may reroll (answer ``{"keep": true}`` to decline, or ``{"reroll": [some of
    those positions], "faces"/"auto"}``: the free reroll is the roller's to use, Battle
    Round Example: "His Rapier's ability lets him reroll 1s"; no Destiny spent); the
    ``reroll`` requests of Destiny (in the roller's own Character turn they carry the
    Stones of Chance it may spend meanwhile, ``battle.stones.RerollStones``, and are
    asked even with no Destiny while a stone is offered); for each ``add_pips`` rule a ``pips`` request
    ``{"kind": "pips", "faces", "pips", "dice_count", "suggested"}`` (answer
    ``{"dice": [positions]}``, up to ``dice_count``, each once) unless no die can
    change. Returns the final faces; events ``roll``, ``weapon-reroll``, ``reroll``,
    ``pips`` go to ``scene.events``.
    """
    rule = scene.rule
    character = scene.game["characters"][index]
    flags = {"advantage": request["advantage"], "disadvantage": request["disadvantage"], "doom": request["doom"]}
    answer = yield request
    faces = _dice(scene, answer, request["dice"])
    scene.record({"event": "roll", "character": index, "for": request["for"], "faces": list(faces),
                  "successes": rule.successes(faces, **flags)})
    for weapon_rule in weapon_rules:
        if weapon_rule.get("reroll_faces"):
            positions = [i for i, f in enumerate(faces) if f in weapon_rule["reroll_faces"]]
            if positions:
                answer = yield {**request, "kind": "reroll", "for": "weapon-reroll", "free": True,
                                "positions": positions, "faces": list(faces),
                                "successes": rule.successes(faces, **flags), "destiny": character["destiny"]}
                if answer.get("keep"):
                    scene.record({"event": "weapon-reroll", "character": index, "dice": [], "faces": list(faces),
                                  "successes": rule.successes(faces, **flags)})
                    continue
                chosen = list(answer["reroll"])
                if not set(chosen) <= set(positions):
                    raise AnswerError(f"the Weapon's free reroll may reroll only the dice at {positions}")
                new = _dice(scene, answer, len(chosen))
                faces = [new[chosen.index(i)] if i in chosen else f for i, f in enumerate(faces)]
                scene.record({"event": "weapon-reroll", "character": index, "dice": chosen, "faces": list(faces),
                              "successes": rule.successes(faces, **flags)})
    faces = yield from destiny_rerolls(character, request, faces, rule=rule, rng=scene.rng, record=scene.record,
                                       index=index, stones=reroll_stones(scene, index))
    for weapon_rule in weapon_rules:
        if weapon_rule.get("add_pips"):
            pips, count = weapon_rule["add_pips"], weapon_rule.get("dice_count", 1)
            if all(f >= rule.sides for f in faces):
                continue
            answer = yield {"kind": "pips", "character": index, "faces": list(faces), "pips": pips,
                            "dice_count": count, "suggested": best_pips(rule, faces, pips, count, **flags), **flags}
            chosen = answer["dice"]
            faces = [min(rule.sides, f + pips) if i in chosen else f for i, f in enumerate(faces)]
            scene.record({"event": "pips", "character": index, "dice": list(chosen), "faces": list(faces),
                          "successes": rule.successes(faces, **flags)})
    return faces


def _dice(scene: Scene, answer: Mapping[str, Any], count: int) -> list[int]:
    if "faces" in answer:
        return list(answer["faces"])
    return [scene.rng.die(scene.rule.sides) for _ in range(count)]
