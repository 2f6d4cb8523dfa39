"""The checks of the answers to the Battle's requests (``pick``, ``assign``, ``pips``,
``defend``, ``stones``, ``prepare``, and a ``reroll`` answered with a Stone of Chance;
the attack's and the Defense's ``roll`` and ``reroll`` requests are otherwise the
story's and use its checks).

A front end (or the Battle session of issue 10) checks an answer with
``check_battle_answer`` before sending it into the generator; a refused answer raises
``AnswerError`` and changes nothing (docs/runtime.md, "Attacks": requests).

| request | answer |
|---|---|
| ``pick`` (``options``) | ``{"pick": one of options}`` |
| ``assign`` (``targets``, ``successes``, ``faces``) | ``{"assign": [{"figure": id, "successes": n}, ...]}`` (1) |

(1) each target at most once, n >= 0, the total at most ``successes``, and, unless the
request says ``split_sixes``, possible giving each die whole to one target (a 6 is not
split).
| ``pips`` (``faces``, ``dice_count``) | ``{"dice": [positions]}``: up to ``dice_count`` positions from 0, each once |
| ``defend`` (``faces``, ``groups``) | ``{"defend": [per die, a group index from 0 or null]}`` |
| ``stones`` (``count``, ``faces``) | ``{"auto": true}`` or ``{"faces": [count faces]}`` (``battle.stones``) |
| ``prepare`` (``cards``) | ``{"keep": true}`` or ``{"equip": [card ids], "flip": bool}`` (``battle.prepare``) |
| ``reroll`` with ``stones`` | also ``{"stone": k, "option": j}``, a listed pair; no ``reroll`` at 0 Destiny (2) |

(2) in the roller's Character turn a ``reroll`` request lists the Stones of Chance it
may spend meanwhile; with no Destiny left it is asked only for them (or ``keep``).

Dependencies: ``answer_fields``, ``requests``, ``dice``, ``battle.stones``, ``battle.prepare``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardforge_runtime.answer_fields import AnswerError, only_fields
from cardforge_runtime.battle.prepare import check_prepare
from cardforge_runtime.battle.stones import check_stone_choice, check_stones
from cardforge_runtime.dice import DiceRule
from cardforge_runtime.requests import check_answer, check_plain_answer

__all__ = ["check_battle_answer", "dice_assignable"]


def _whole(value: Any) -> bool:
    return type(value) is int and value >= 0


def dice_assignable(rule: DiceRule, request: Mapping[str, Any], counts: list[int]) -> bool:
    """Whether Successes ``counts`` can be given from the request's ``faces`` with
    whole dice: a die worth 2 (a 6) is not split across targets unless the request
    says ``split_sixes`` ("Attack Roll Modifications"); a die worth more than a target
    needs is counted whole."""
    flags = {k: bool(request.get(k)) for k in ("advantage", "disadvantage", "doom")}
    worth = [rule.face_successes(f, **flags) for f in request["faces"]]
    if request.get("split_sixes"):
        return sum(counts) <= sum(worth)
    pairs = min(worth.count(2), sum(n // 2 for n in counts))
    return sum(counts) - 2 * pairs <= worth.count(1)


def check_battle_answer(request: Mapping[str, Any], answer: Any, rule: DiceRule, *,
                        plain: bool = False) -> dict[str, Any]:
    """Check ``answer`` against a Battle ``request`` and return it as a dict.
    ``plain``: the answer passed ``requests.plain_answer`` already (the Battle rounds'
    check), so a story request's check does not walk it again.

    Raises:
        AnswerError: the answer does not fit (what was expected, in one sentence).
    """
    kind = request.get("kind")
    if kind == "reroll" and isinstance(answer, dict) and ("stone" in answer or "option" in answer):
        only_fields("reroll", answer, "stone", "option")
        check_stone_choice(request.get("stones") or [], answer)
        return answer
    if kind == "reroll" and isinstance(answer, dict) and "reroll" in answer and not request.get("free") \
            and request.get("destiny") == 0:
        raise AnswerError('no Destiny token left to reroll: give {"keep": true}, or spend a listed stone '
                          '{"stone": k, "option": j}')
    if kind not in ("assign", "pips", "defend", "stones", "prepare"):
        # ``pick`` too: ``requests.check_pick``
        return check_plain_answer(request, answer, rule) if plain else check_answer(request, answer, rule)
    if not isinstance(answer, dict):
        raise AnswerError(f"an answer is a JSON object, not {type(answer).__name__}")
    if kind == "stones":
        check_stones(request, answer)
        return answer
    if kind == "prepare":
        check_prepare(request, answer)
        return answer
    if kind == "defend":
        only_fields("defend", answer, "defend")
        given, size, groups = answer.get("defend"), len(request["faces"]), len(request["groups"])
        if (not isinstance(given, list) or len(given) != size
                or any(g is not None and (type(g) is not int or not 0 <= g < groups) for g in given)):
            raise AnswerError(f'give "defend": a list of {size} entries, one per die: the index of the group of '
                              f"attacks it blocks (0 to {groups - 1}) or null")
    elif kind == "pips":
        only_fields("pips", answer, "dice")
        chosen = answer.get("dice")
        size = len(request["faces"])
        if (not isinstance(chosen, list) or len(chosen) > request["dice_count"]
                or any(type(i) is not int or not 0 <= i < size for i in chosen) or len(set(chosen)) != len(chosen)):
            raise AnswerError(f'give "dice": up to {request["dice_count"]} die positions from 0 to {size - 1}, each once')
    else:
        only_fields("assign", answer, "assign")
        entries = answer.get("assign")
        ids = [t["figure"] for t in request["targets"]]
        if not isinstance(entries, list) or any(
                not isinstance(e, dict) or set(e) != {"figure", "successes"} or e["figure"] not in ids
                or not _whole(e["successes"]) for e in entries):
            raise AnswerError(f'give "assign": [{{"figure": one of {ids}, "successes": a whole number >= 0}}, ...]')
        figures = [e["figure"] for e in entries]
        if len(set(figures)) != len(figures):
            raise AnswerError("each target is given its Successes once")
        counts = [e["successes"] for e in entries]
        if sum(counts) > request["successes"]:
            raise AnswerError(f"{sum(counts)} Successes assigned, but the roll has {request['successes']}")
        if not dice_assignable(rule, request, counts):
            raise AnswerError("a 6 counts 2 Successes that cannot be split across targets with this Weapon: "
                              "give each die to one target")
    return answer
