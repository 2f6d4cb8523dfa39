"""Requests and answers: one typed shape per request kind, one answer check per kind.

Whenever the engine needs the players it yields a **request** (plain JSON data with a
``kind``); the front end replies with an **answer** (a JSON object). Each request kind
has its ``TypedDict`` (the story's and the campaign's in ``request_shapes``, the Battle
rounds' in ``battle_requests``; all re-exported here, and ``REQUEST_SHAPES`` maps every
kind the runtime yields to its shape) and its answer check; ``check_answer`` picks the
check of a story kind by the request's ``kind`` (a Battle's requests:
``battle.round_answers.check_round_answer``; a campaign's ``keep``:
``campaign_steps.check_keep``). A refused answer raises ``AnswerError`` and changes
nothing (docs/runtime.md, Requests and answers, lists the rules). Whole numbers are
JSON integers only: ``1.0`` and ``true`` are never taken for ``1``. The checks of
buying, selling and trading (``purchase``, ``between``) are in ``between_answers``;
``AnswerError`` is defined in ``answer_fields`` and exported here too.

This module is low in the runtime: it imports only ``answer_fields``,
``between_answers``, ``dice`` (to check dice faces), ``limits`` (the input limits
every answer is checked against first) and the two modules of shapes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from cardforge_runtime.answer_fields import AnswerError, only_fields
from cardforge_runtime.battle_requests import (
    AssignRequest,
    DefendRequest,
    DeployRequest,
    PipsRequest,
    PrepareRequest,
    RoundRequest,
    StonesRequest,
    TurnRequest,
)
from cardforge_runtime.between_answers import check_between, check_leave, check_purchase
from cardforge_runtime.dice import DiceRule
from cardforge_runtime.limits import PlainDataError, check_plain_data
from cardforge_runtime.request_shapes import (
    BattleRequest,
    BetweenRequest,
    CardRequest,
    CharacterRequest,
    ChoiceRequest,
    EndRequest,
    KeepRequest,
    LeaveRequest,
    PickRequest,
    PurchaseRequest,
    Request,
    RerollRequest,
    RollRequest,
    TextRequest,
)

__all__ = [
    "ANSWER_CHECKS",
    "AnswerError",
    "AnyRequest",
    "AssignRequest",
    "BattleRequest",
    "BetweenRequest",
    "CardRequest",
    "CharacterRequest",
    "ChoiceRequest",
    "DefendRequest",
    "DeployRequest",
    "EndRequest",
    "KeepRequest",
    "LeaveRequest",
    "PickRequest",
    "PipsRequest",
    "PrepareRequest",
    "PurchaseRequest",
    "REQUEST_SHAPES",
    "Request",
    "RerollRequest",
    "RollRequest",
    "RoundRequest",
    "StonesRequest",
    "TextRequest",
    "TurnRequest",
    "check_answer",
    "check_plain_answer",
    "plain_answer",
]

#: Any request the runtime yields: a story's, a Battle's or a campaign's.
AnyRequest = Request | RoundRequest | KeepRequest

#: The shape of every request kind the runtime yields, by ``kind``. Read-only.
REQUEST_SHAPES: Mapping[str, type] = MappingProxyType({
    shape.__annotations__["kind"].__args__[0]: shape
    for shape in (TextRequest, CardRequest, ChoiceRequest, CharacterRequest, RollRequest, RerollRequest,
                  PurchaseRequest, BetweenRequest, LeaveRequest, BattleRequest, PickRequest, EndRequest,
                  KeepRequest, DeployRequest, PrepareRequest, StonesRequest, TurnRequest, PipsRequest,
                  AssignRequest, DefendRequest)
})


# -- the answer checks ------------------------------------------------------------------




def _index(answer: Mapping[str, Any], key: str, allowed: list[int], what: str) -> int:
    if key not in answer:
        raise AnswerError(f"{key!r} is missing: give one of {', '.join(map(str, allowed))} ({what})")
    value = answer[key]
    if isinstance(value, bool) or not isinstance(value, int) or value not in allowed:
        raise AnswerError(f"{key!r} must be one of {', '.join(map(str, allowed))} ({what}), not {value!r}")
    return value


def _flag(answer: Mapping[str, Any], key: str) -> None:
    if key in answer and not isinstance(answer[key], bool):
        raise AnswerError(f"{key!r} is true or false")


def check_nothing(request: Mapping[str, Any], answer: Mapping[str, Any], rule: DiceRule) -> None:
    """``text`` and ``card``: the answer is ``{}``."""
    only_fields(request["kind"], answer)


def check_end(request: Mapping[str, Any], answer: Mapping[str, Any], rule: DiceRule) -> None:
    """``end``: no answer is taken."""
    raise AnswerError("the story has ended; there is nothing to answer")


def check_choice(request: Mapping[str, Any], answer: Mapping[str, Any], rule: DiceRule) -> None:
    """``{"option": i}``, ``i`` one of the options on offer."""
    only_fields("choice", answer, "option")
    _index(answer, "option", [o["option"] for o in request["options"]], "the options on offer")


def check_character(request: Mapping[str, Any], answer: Mapping[str, Any], rule: DiceRule) -> None:
    """``{"character": i}``, ``i`` one of the ``characters`` who can."""
    only_fields("character", answer, "character")
    _index(answer, "character", request["characters"], "the Characters who can")


def check_roll(request: Mapping[str, Any], answer: Mapping[str, Any], rule: DiceRule) -> None:
    """``{"faces": [...]}`` (one face per die, each from 1 to the pack's sides) or
    ``{"auto": true}``; ``advantage``/``disadvantage`` true or false."""
    only_fields("roll", answer, "faces", "auto", "advantage", "disadvantage")
    _flag(answer, "advantage"), _flag(answer, "disadvantage")
    if ("faces" in answer) == (answer.get("auto") is True):
        raise AnswerError('give the dice as {"faces": [...]} or ask {"auto": true} to have them rolled')
    if "auto" in answer and answer["auto"] is not True:
        raise AnswerError('"auto" must be true')
    if "faces" in answer:
        problem = rule.check_faces(answer["faces"], request["dice"])
        if problem:
            raise AnswerError(problem)


def check_reroll(request: Mapping[str, Any], answer: Mapping[str, Any], rule: DiceRule) -> None:
    """``{"keep": true}``, or ``{"reroll": [positions], "faces": [...]}`` /
    ``{"reroll": [...], "auto": true}``: positions from 0, each once, increasing (a
    Weapon's free reroll, ``for: "weapon-reroll"``: only among the request's ``positions``)."""
    if "keep" in answer:
        only_fields("reroll", answer, "keep")
        if answer["keep"] is not True:
            raise AnswerError('"keep" must be true (to reroll, give "reroll" instead)')
        return
    only_fields("reroll", answer, "reroll", "faces", "auto")
    chosen = answer.get("reroll")
    dice = len(request["faces"])
    if (not isinstance(chosen, list) or not chosen
            or any(isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < dice for i in chosen)
            or chosen != sorted(set(chosen))):
        raise AnswerError(f'{{"keep": true}}, or "reroll": die positions from 0 to {dice - 1}, '
                          "each once, in increasing order")
    if ("faces" in answer) == (answer.get("auto") is True):
        raise AnswerError('give the new dice as "faces" (one per position, in the same order) or "auto": true')
    if "auto" in answer and answer["auto"] is not True:
        raise AnswerError('"auto" must be true')
    if "positions" in request and not set(chosen) <= set(request["positions"]):
        raise AnswerError(f'this free reroll may reroll only the dice at positions {request["positions"]}')
    if "faces" in answer:
        problem = rule.check_faces(answer["faces"], len(chosen))
        if problem:
            raise AnswerError(problem)




def check_battle(request: Mapping[str, Any], answer: Mapping[str, Any], rule: DiceRule) -> None:
    """``{"objective": i}`` (an objective met) or ``{"lost": true}``."""
    if answer.get("lost") is True:
        only_fields("battle", answer, "lost")
    else:
        only_fields("battle", answer, "objective")
        _index(answer, "objective", [o["objective"] for o in request["objectives"]], "the Battle's objectives")


def _same(value: Any, option: Any) -> bool:
    """Whether ``value`` is ``option`` as JSON data: equal and of the same types all
    the way down (``true`` is not the figure ``1``, ``[1.0, 2.0]`` not the square ``[1, 2]``)."""
    if type(value) is not type(option):
        return False
    if isinstance(option, list):
        return len(value) == len(option) and all(_same(v, o) for v, o in zip(value, option))
    return bool(value == option)


def check_pick(request: Mapping[str, Any], answer: Mapping[str, Any], rule: DiceRule) -> None:
    """``{"pick": p}``, ``p`` one of the request's ``options`` (as JSON data)."""
    only_fields("pick", answer, "pick")
    if "pick" not in answer or not any(_same(answer["pick"], option) for option in request["options"]):
        raise AnswerError(f'give "pick": one of {request["options"]}')


#: The answer check of each request kind: ``check(request, answer, rule)`` raises
#: ``AnswerError`` or returns ``None``. Read-only.
ANSWER_CHECKS: Mapping[str, Callable[[Mapping[str, Any], Mapping[str, Any], DiceRule], None]] = MappingProxyType({
    "text": check_nothing,
    "card": check_nothing,
    "end": check_end,
    "choice": check_choice,
    "character": check_character,
    "roll": check_roll,
    "reroll": check_reroll,
    "purchase": check_purchase,
    "between": check_between,
    "battle": check_battle,
    "leave": check_leave,
    "pick": check_pick,
})


def check_answer(request: Mapping[str, Any], answer: Any, rule: DiceRule) -> dict[str, Any]:
    """The answer (as a new dict) if it fits ``request``.

    Args:
        request: the pending request (one of the ``*Request`` shapes).
        answer: what the front end sent.
        rule: the pack's dice rule (to check dice faces).

    Raises:
        AnswerError: not a JSON object, beyond the input limits
            (``limits.check_plain_data``: depth, numbers, text), or does not fit;
            ``reason`` says why.
    """
    return check_plain_answer(request, plain_answer(answer), rule)


def check_plain_answer(request: Mapping[str, Any], answer: Mapping[str, Any], rule: DiceRule) -> dict[str, Any]:
    """``check_answer`` for an answer that ``plain_answer`` let through already (the
    Battle rounds' check makes that check first): the answer (as a new dict) if it
    fits ``request``.

    Raises:
        AnswerError: it does not fit; ``reason`` says why.
    """
    ANSWER_CHECKS[request["kind"]](request, answer, rule)
    return dict(answer)


def plain_answer(answer: Any) -> Mapping[str, Any]:
    """``answer`` if it is a JSON object with text keys within the input limits
    (``limits.check_plain_data``): the first check of every answer, story or Battle.

    Raises:
        AnswerError: it is not.
    """
    try:
        check_plain_data(answer)
    except PlainDataError as error:
        raise AnswerError(f"the answer is not plain JSON data within the limits: {error}") from None
    if type(answer) is dict:                            # check_plain_data took only text keys
        return answer
    if not isinstance(answer, Mapping) or not all(isinstance(key, str) for key in answer):
        raise AnswerError("an answer is a JSON object")
    return answer
