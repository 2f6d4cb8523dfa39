"""Dice Rolls, as the engine plays them: one Character rolls for a stat, then may spend
Destiny to reroll (Gascony's Legacy, Dice Rolls: Advantage/Disadvantage, Doom,
Despair, the dice cap, Destiny rerolls).

``roll`` is a generator in the manner of ``story``: it yields the ``roll`` and
``reroll`` requests, receives checked answers and returns the Successes; it changes
the Character's Destiny in place and passes each roll to ``record`` (docs/runtime.md,
Log). Counting Successes is ``dice.DiceRule``'s.

Dependencies: ``dice``, ``pcg``; ``story`` calls it.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping
from typing import Any

from cardforge_runtime.dice import DiceRule
from cardforge_runtime.pcg import Pcg32

__all__ = ["destiny_rerolls", "roll", "roll_dice", "stat_value"]


def stat_value(character: Mapping[str, Any], stat: str, tokens: Mapping[str, Mapping[str, Any]]) -> int:
    """The value of ``character``'s ``stat`` as a roll reads it: the board's value
    (``character["stats"][stat]``) changed by the ``stat_modifier`` ``{stat, by,
    floor}`` of every status token held for that stat, once per token held (a
    ``stacks`` token counts each copy), never taken below ``floor`` by the tokens
    (a value already below it stays). Tokens unknown to ``tokens`` change nothing.

    Rule: Enemy Attack, Poison: "Each Fatigue token you have reduces your Action
    Points attribute by 1 while you have it. You cannot reduce your Action Points
    attribute below 3".

    Raises:
        KeyError: the Character has no ``stat``."""
    base = character["stats"][stat]
    value, floor = base, None
    for token in character["status"]:
        modifier = (tokens.get(token) or {}).get("stat_modifier")
        if modifier and modifier["stat"] == stat:
            value += modifier["by"]
            if modifier.get("floor") is not None:
                floor = modifier["floor"] if floor is None else max(floor, modifier["floor"])
    if floor is not None and value < floor:
        value = min(base, floor)
    return value


def roll_dice(character: Mapping[str, Any], stat: str, *, tokens: Mapping[str, Mapping[str, Any]],
              rule: DiceRule) -> tuple[int, bool]:
    """The dice ``character`` rolls for ``stat`` and whether Doom applies, from the
    status tokens they hold (``character["status"]``, names of ``tokens``): the stat
    as ``stat_value`` reads it plus every held token's ``dice_modifier`` (Despair: 1
    die fewer), within 0 and ``rule.max_dice``; Doom when any held token has
    ``six_counts``. Tokens unknown to ``tokens`` change nothing.

    Rule: Gascony's Legacy, Dice Rolls ("at most 6 dice"), the Despair and Doom
    tokens (Status Banner tokens). ``roll`` rolls these; ``cardforge stats`` counts them.

    Raises:
        KeyError: the Character has no ``stat``."""
    held = [tokens[t] for t in character["status"] if t in tokens]
    modifier = sum(t.get("dice_modifier", 0) for t in held)
    doom = any("six_counts" in t for t in held)
    return rule.dice_count(stat_value(character, stat, tokens), modifier), doom


def roll(state: dict[str, Any], index: int, stat: str, purpose: str, target: int | None, so_far: int, *,
         tokens: Mapping[str, Mapping[str, Any]], rule: DiceRule, rng: Pcg32,
         record: Callable[[dict[str, Any]], None], stones: Any = None,
         ) -> Generator[dict[str, Any], dict[str, Any], int]:
    """Character ``index`` of ``state`` rolls for ``stat``, then may spend Destiny to
    reroll (Gascony's Legacy, Dice Rolls). Yields the ``roll`` request, then a
    ``reroll`` request while a reroll may help; receives checked answers (dice
    typed in, or rolled with ``rng``). ``purpose`` (``"challenge"``/``"roll"``),
    ``target`` (the Successes needed, or ``None``) and ``so_far`` (Successes of
    earlier rollers of a ``who: all`` step) go into the requests. ``tokens``: the
    pack's status tokens by name (dice modifiers, Doom, stat modifiers: ``stat_value``).
    ``stones``: the Stones of Chance the roller may spend during its rerolls (a Battle's
    challenge in a Character turn: ``battle.stones.reroll_stones``; ``destiny_rerolls``).
    Returns the Successes."""
    character = state["characters"][index]
    dice, doom = roll_dice(character, stat, tokens=tokens, rule=rule)
    request = {"kind": "roll", "card": state["card"], "character": index, "stat": stat, "dice": dice,
               "advantage": False, "disadvantage": False, "doom": doom, "for": purpose, "target": target,
               "so_far": so_far}
    answer = yield request
    advantage, disadvantage = answer.get("advantage", False), answer.get("disadvantage", False)
    faces = list(answer["faces"]) if "faces" in answer else [rng.die(rule.sides) for _ in range(dice)]
    successes = rule.successes(faces, advantage=advantage, disadvantage=disadvantage, doom=doom)
    record({"event": "roll", "character": index, "stat": stat, "faces": list(faces), "successes": successes})
    faces = yield from destiny_rerolls(character, {**request, "advantage": advantage, "disadvantage": disadvantage},
                                       faces, rule=rule, rng=rng, record=record, index=index,
                                       done=lambda n: target is not None and so_far + n >= target, stones=stones)
    return rule.successes(faces, advantage=advantage, disadvantage=disadvantage, doom=doom)


def destiny_rerolls(character: dict[str, Any], request: Mapping[str, Any], faces: list[int], *, rule: DiceRule,
                    rng: Pcg32, record: Callable[[dict[str, Any]], None], index: int,
                    done: Callable[[int], bool] = lambda successes: False, stones: Any = None,
                    ) -> Generator[dict[str, Any], dict[str, Any], list[int]]:
    """After a roll, the Character may spend Destiny tokens to reroll any or all of
    the dice, with no limit per roll (Gascony's Legacy, Dice Rolls: Spending Destiny
    Tokens). Yields a ``reroll`` request (``request``'s fields, the ``faces``, their
    ``successes`` and the Character's ``destiny``) while the Character has Destiny and
    ``done(successes)`` is false; each reroll costs 1 Destiny (``character`` changed in
    place) and is passed to ``record``. Returns the final faces.

    ``stones``: in a Battle, the Stones of Chance the roller may spend meanwhile
    (``battle.stones.RerollStones``: ``offer()`` -> a listing, ``spend(answer)`` -> a
    generator): while it offers some, the request carries them as ``stones`` and is
    asked even with no Destiny left; an answer ``{"stone", "option"}`` spends one and
    the request is asked again (Battle Round Example: a Destiny gained from a stone is
    spent at once)."""
    advantage, disadvantage, doom = request["advantage"], request["disadvantage"], request["doom"]
    successes = rule.successes(faces, advantage=advantage, disadvantage=disadvantage, doom=doom)
    while faces and not done(successes):
        offered = stones.offer() if stones is not None else []
        if character["destiny"] <= 0 and not offered:
            break
        asked = {**request, "kind": "reroll", "faces": list(faces), "successes": successes,
                 "destiny": character["destiny"]}
        if offered:
            asked["stones"] = offered
        answer = yield asked
        if answer.get("keep"):
            break
        if "stone" in answer:
            yield from stones.spend(answer)
            continue
        character["destiny"] -= 1
        chosen = answer["reroll"]
        new = list(answer["faces"]) if "faces" in answer else [rng.die(rule.sides) for _ in chosen]
        replaced = dict(zip(chosen, new))
        faces = [replaced.get(position, face) for position, face in enumerate(faces)]
        successes = rule.successes(faces, advantage=advantage, disadvantage=disadvantage, doom=doom)
        record({"event": "reroll", "character": index, "dice": chosen, "faces": list(faces),
                "successes": successes})
    return faces
