"""The answer checks of the Battle rounds' requests ``deploy`` and ``turn``
(docs/runtime.md, "Battle rounds"), and ``check_round_answer``, the one check of every
request a Battle makes (these; ``prepare``, ``stones``, the Attack's and the Defense
roll's ``assign``, ``pips``, ``defend`` and a ``reroll`` answered with a Stone through
``battle.answers``; the story's kinds through ``requests``). Each check reads only the request and the answer: an answer
the check lets through is one the engine can play, and a refused one changes nothing.

Rule sources: Gascony's Legacy, "Battle Cards - Setup" 6, "Prepare", "1. All for One!",
"2. Character Turns", "Move". Dependencies: ``requests``, ``answer_fields``,
``battle.answers``, ``board``, ``limits``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardforge_runtime.answer_fields import AnswerError, only_fields
from cardforge_runtime.battle.answers import check_battle_answer
from cardforge_runtime.board import DIRECTIONS, turns_between
from cardforge_runtime.dice import DiceRule
from cardforge_runtime.requests import plain_answer

__all__ = ["ROUND_CHECKS", "check_deploy", "check_round_answer", "check_turn"]


def _square(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)


def _facing(answer: Mapping[str, Any]) -> str:
    facing = answer.get("facing")
    if facing not in DIRECTIONS or type(facing) is not str:
        raise AnswerError(f'give "facing": one of {", ".join(DIRECTIONS)}')
    return facing


def check_deploy(request: Mapping[str, Any], answer: Mapping[str, Any], rule: DiceRule) -> None:
    """``{"square": one of squares, "facing": one of facings}``."""
    only_fields("deploy", answer, "square", "facing")
    if not _square(answer.get("square")) or answer["square"] not in request["squares"]:
        raise AnswerError(f'give "square": one of the free Start squares {request["squares"]}')
    _facing(answer)


def _option(request: Mapping[str, Any], do: str, action: str | None = None) -> Mapping[str, Any]:
    for option in request["options"]:
        if option["do"] == do and (action is None or option.get("action") == action):
            return option
    offered = sorted({o["do"] + (f" {o['action']}" if "action" in o else "") for o in request["options"]})
    raise AnswerError(f"not on offer now: give one of {', '.join(offered)}")


def _in(value: Any, allowed: list[Any]) -> bool:
    return any(type(value) is type(a) and value == a for a in allowed)


def check_turn(request: Mapping[str, Any], answer: Mapping[str, Any], rule: DiceRule) -> None:
    """A ``turn`` answer: one of the options on offer, with what it needs (see
    docs/runtime.md, "Battle rounds": the ``turn`` request)."""
    do = answer.get("do")
    if type(do) is not str:
        raise AnswerError('give "do": move, action, attack, stone, use, objective, exit, return or end')
    if do in ("end", "exit"):
        only_fields("turn", answer, "do")
        _option(request, do)
        return
    if do == "return":
        only_fields("turn", answer, "do", "to")
        option = _option(request, "return")
        if not _square(answer.get("to")) or answer["to"] not in option["squares"]:
            raise AnswerError(f'give "to": one of the free squares of the Exit area {option["squares"]}')
        return
    if do == "move":
        only_fields("turn", answer, "do", "to", "facing")
        option = _option(request, "move")
        costs = {tuple(s["to"]): s["cost"] for s in option["squares"]}
        if not _square(answer.get("to")) or tuple(answer["to"]) not in costs:
            raise AnswerError('give "to": one of the squares on offer')
        cost = costs[tuple(answer["to"])] + turns_between(option["facing"], _facing(answer))
        if cost > option["points"]:
            raise AnswerError(f"that move and turn cost {cost} Movement points; {option['points']} are left")
        return
    if do == "action":
        action = answer.get("action")
        option = _option(request, "action", action if type(action) is str else "")
        if action == "rescue":
            only_fields("turn", answer, "do", "action", "figure")
            if not _in(answer.get("figure"), option["figures"]):
                raise AnswerError(f'give "figure": one of the Fallen allies {option["figures"]}')
        elif action == "trade":
            only_fields("turn", answer, "do", "action", "figure", "give", "take")
            if not _in(answer.get("figure"), option["figures"]):
                raise AnswerError(f'give "figure": one of the allies {option["figures"]}')
            theirs = next(p["cards"] for p in option["partners"] if p["figure"] == answer["figure"])
            for key, held in (("give", option["cards"]), ("take", theirs)):
                value = answer.get(key)
                if not isinstance(value, list) or any(not _in(c, held) for c in value) or len(set(value)) != len(value):
                    raise AnswerError(f'give "{key}": some of the cards {held}, each once')
            if not answer["give"] and not answer["take"]:
                raise AnswerError("a Trade gives or takes at least one card")
        elif action == "interact":
            only_fields("turn", answer, "do", "action", "tile", "name")
            if not any(_in(answer.get("tile"), [t["tile"]]) and answer.get("name") == t["name"] for t in option["tiles"]):
                raise AnswerError('give "tile" and "name": one of the terrain actions on offer')
        elif action == "search":
            only_fields("turn", answer, "do", "action", "at")
            if not _square(answer.get("at")) or answer["at"] not in option["squares"]:
                raise AnswerError(f'give "at": one of the Search tokens in reach {option["squares"]}')
        else:
            only_fields("turn", answer, "do", "action")
        return
    if do == "attack":
        only_fields("turn", answer, "do", "weapon", "target", "tile")
        option = _option(request, "attack")
        weapon = next((w for w in option["weapons"] if _in(answer.get("weapon"), [w["card"]])), None)
        if weapon is None:
            raise AnswerError(f'give "weapon": one of {[w["card"] for w in option["weapons"]]}')
        if "target" in answer and "tile" in answer:
            raise AnswerError('give "target" or "tile", not both')
        if "tile" in answer and not _in(answer["tile"], weapon["tiles"]):
            raise AnswerError(f'give "tile": one of {weapon["tiles"]}')
        if "target" in answer and (weapon["attack"] != "ranged" or not _in(answer["target"], weapon["targets"])):
            raise AnswerError(f'"target" is for a Ranged Weapon: one of {weapon["targets"]}')
        if "tile" not in answer and not weapon["targets"]:
            raise AnswerError(f'give "tile": {weapon["name"]} has no Enemy to attack, only {weapon["tiles"]}')
        return
    if do == "stone":
        only_fields("turn", answer, "do", "stone", "option")
        option = _option(request, "stone")
        if not any(_in(answer.get("stone"), [s["stone"]]) and _in(answer.get("option"), [o["option"] for o in s["options"]])
                   for s in option["stones"]):
            raise AnswerError('give "stone" and "option": one of the Stones of Chance options on offer')
        return
    if do == "use":
        only_fields("turn", answer, "do", "card")
        option = _option(request, "use")
        cards = [c["card"] for c in option["cards"]]
        if not _in(answer.get("card"), cards):
            raise AnswerError(f'give "card": one of the kept cards to use {cards}')
        return
    if do == "objective":
        only_fields("turn", answer, "do", "objective")
        option = _option(request, "objective")
        if not _in(answer.get("objective"), option["objectives"]):
            raise AnswerError(f'give "objective": one of {option["objectives"]}')
        return
    _option(request, do)
    raise AnswerError(f"unknown turn option {do!r}")


#: The Battle rounds' own answer checks, by request kind.
ROUND_CHECKS = {"deploy": check_deploy, "turn": check_turn}


def check_round_answer(request: Mapping[str, Any], answer: Any, rule: DiceRule) -> dict[str, Any]:
    """The answer (as a dict) if it fits ``request``, any request a story or a Battle
    makes.

    Raises:
        AnswerError: not a JSON object within the input limits, or does not fit.
    """
    answer = plain_answer(answer)
    check = ROUND_CHECKS.get(request["kind"])
    if check is None:
        return check_battle_answer(request, dict(answer), rule, plain=True)
    check(request, answer, rule)
    return dict(answer)
