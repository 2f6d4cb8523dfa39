"""Requests and answers: one typed shape per request kind, one answer check per kind.

Whenever the engine needs the players it yields a **request** (plain JSON data with a
``kind``); the front end replies with an **answer** (a JSON object). This module gives
each request kind its ``TypedDict`` and its answer check; ``check_answer`` picks the
check by the request's ``kind``. A refused answer raises ``AnswerError`` and changes
nothing (docs/runtime.md, Requests and answers, lists the rules). Whole numbers are
JSON integers only: ``1.0`` and ``true`` are never taken for ``1``. The checks of
buying, selling and trading (``purchase``, ``between``) are in ``between_answers``;
``AnswerError`` is defined in ``answer_fields`` and exported here too.

This module is low in the runtime: it imports only ``answer_fields``,
``between_answers``, ``dice`` (to check dice faces) and ``limits`` (the input limits
every answer is checked against first).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Literal, NotRequired, TypedDict

from cardforge_runtime.answer_fields import AnswerError, only_fields
from cardforge_runtime.between_answers import check_between, check_leave, check_purchase
from cardforge_runtime.dice import DiceRule
from cardforge_runtime.limits import PlainDataError, check_plain_data

__all__ = [
    "ANSWER_CHECKS",
    "AnswerError",
    "BattleRequest",
    "BetweenRequest",
    "CardRequest",
    "CharacterRequest",
    "LeaveRequest",
    "PickRequest",
    "ChoiceRequest",
    "EndRequest",
    "PurchaseRequest",
    "RerollRequest",
    "Request",
    "RollRequest",
    "TextRequest",
    "check_answer",
    "plain_answer",
]


# -- the requests (docs/runtime.md, Requests and answers) ----------------------------


class TextRequest(TypedDict):
    """Text to show (a story's introduction has ``card`` ``None``). Answer: ``{}``."""
    kind: Literal["text"]
    card: int | None
    text: str


class CardRequest(TypedDict):
    """A story card is drawn: show its title and text. Answer: ``{}``."""
    kind: Literal["card"]
    card: int
    title: str
    text: str


class ChoiceOption(TypedDict):
    """One option of a ``choice`` request: ``option``, its index among the step's options
    (the answer's ``{"option": i}``), and its ``text`` (Gascony's Legacy, Event Cards)."""
    option: int
    text: str


class ChoiceRequest(TypedDict):
    """The group chooses one option (Gascony's Legacy, Event Cards). Answer:
    ``{"option": i}``."""
    kind: Literal["choice"]
    card: int
    options: list[ChoiceOption]


#: The group picks a Character among ``characters`` (positions). ``for`` says what
#: for: ``"challenge"`` (with ``stat`` and ``successes``), ``"roll"`` (with
#: ``stat``), ``"gain"``/``"lose"`` (with ``effect``). Answer: ``{"character": i}``.
CharacterRequest = TypedDict("CharacterRequest", {
    "kind": Literal["character"],
    "card": int,
    "characters": list[int],
    "for": str,
    "stat": NotRequired[str],
    "successes": NotRequired[int],
    "effect": NotRequired[dict[str, Any]],
})

class _DiceRequest(TypedDict):
    """The fields a ``roll`` and a ``reroll`` request share (not a request kind of
    its own)."""
    card: int
    character: int
    stat: str
    dice: int
    advantage: bool
    disadvantage: bool
    doom: bool
    target: int | None
    so_far: int


#: What a roll is for: ``"challenge"`` or ``"roll"`` (the key ``for`` is a Python
#: keyword, hence the functional form of the two dice requests below).
_For = TypedDict("_For", {"for": str})


class RollRequest(_DiceRequest, _For):
    """A Character rolls ``dice`` dice for ``stat`` (Gascony's Legacy, Dice Rolls).
    Answer: ``{"faces": [...]}`` or ``{"auto": true}``, with ``advantage`` /
    ``disadvantage`` true or false."""
    kind: Literal["roll"]


class RerollRequest(_DiceRequest, _For):
    """After a roll, the Character may spend 1 Destiny to reroll some dice (Gascony's
    Legacy, Dice Rolls). The roll request's fields, and the ``faces`` rolled, their
    ``successes`` and the Character's ``destiny``. Answer: ``{"keep": true}`` or
    ``{"reroll": [positions], "faces": [...]}`` / ``{"reroll": [...], "auto": true}``."""
    kind: Literal["reroll"]
    faces: list[int]
    successes: int
    destiny: int


class PurchaseOffer(TypedDict):
    """An offer: a fixed offer of the card (``card`` ``None``) or a deck card drawn
    (``card`` its instance id, ``item`` and ``cost`` printed on it)."""
    offer: int
    item: str
    cost: int
    card: str | None


class PurchaseRequest(TypedDict):
    """Players may purchase (Gascony's Legacy, Event Cards): the ``offers``, the card's
    fixed offers then the ``draw`` cards drawn from ``deck`` (``None``: no deck) of the
    ``asked`` (``per_player`` x players; fewer drawn when the deck runs out, 0 without a deck);
    ``items`` is what each
    Character holds (they may sell it: Between Story Cards, Sell Equipment);
    ``costs`` the cost of each item bought in this story (a sale of it uses that).
    Answer: ``{"buy": [{"offer", "character"}], "sell"?: [...]}``."""
    kind: Literal["purchase"]
    card: int
    coins: int
    offers: list[PurchaseOffer]
    deck: str | None
    draw: int
    asked: int
    characters: list[int]
    items: list[list[str]]
    costs: dict[str, int]


class _BetweenFields(TypedDict):
    kind: Literal["between"]
    card: int
    next: int
    coins: int
    characters: list[int]
    items: list[list[str]]
    costs: dict[str, int]
    usable: list[list[dict[str, str]]]


class BetweenRequest(_BetweenFields, total=False):
    """Between Story Cards (Gascony's Legacy): card ``card`` is complete and ``next``
    is drawn once the players go on. ``coins`` the party's; ``items`` what each
    Character holds; ``costs`` as in a purchase; ``porter`` the cards under the Porter
    as offers while he may still be called this Story (drawn at Setup, the pack's
    ``porter.cards_per_character`` per Character), ``[]`` once called, and absent
    when the pack has no Porter. Answer: ``{}`` (go on), or one action: ``{"porter":
    [{"offer", "character"}]}`` (only with ``porter``), ``{"sell": [sales]}``,
    ``{"trade": [moves]}``, ``{"use": [{"character", "card"}]}`` (kept cards of
    ``usable``, each Character's list); the request then comes again."""
    porter: list[PurchaseOffer]


class LeaveCard(TypedDict):
    """One Equipment card a ``leave`` request offers: ``card``, its deck instance id
    (``"<deck>#<n>"``, the answer names it), the ``item`` it is, and the ``hands`` it
    takes (1 or 2) (Gascony's Legacy, Equipment cards)."""
    card: str
    item: str
    hands: int


class LeaveRequest(TypedDict):
    """Character ``character`` carries more than ``hands`` hands of Equipment (Gascony's
    Legacy, Equipment cards): which of ``cards`` do they leave (to the discard pile)?
    Answer: ``{"leave": [card ids]}``."""
    kind: Literal["leave"]
    card: int | None
    character: int
    hands: int
    cards: list[LeaveCard]


class BattleObjective(TypedDict):
    """One objective of a ``battle`` request: ``objective``, its index (the answer's
    ``{"objective": i}``), its ``text``, and where winning it leads: ``goto`` a card id,
    or ``None`` with ``victory`` true when it wins the story (Gascony's Legacy, Battle
    Cards)."""
    objective: int
    text: str
    goto: int | None
    victory: bool


class BattleRequest(TypedDict):
    """The players fight a Battle on ``layout``; the front end reports the objective
    met. Answer: ``{"objective": i}`` or ``{"lost": true}``."""
    kind: Literal["battle"]
    card: int
    layout: str
    objectives: list[BattleObjective]


#: The players choose one of ``options`` (``effects.pick``): a card's effect that
#: leaves them a choice, e.g. which negative Status Banner token "Remove 1 negative
#: Status Banner token" removes (``for: "remove-status"``, with the ``character``), and
#: a Battle's picks (docs/runtime.md, Attacks: ``figure``, ``weapon``, ``enemy``,
#: ``left`` say what about). Answer: ``{"pick": one of options}``.
PickRequest = TypedDict("PickRequest", {
    "kind": Literal["pick"],
    "for": str,
    "options": list[Any],
    "character": NotRequired[int],
    "figure": NotRequired[int],
    "weapon": NotRequired[str],
    "enemy": NotRequired[str],
    "left": NotRequired[int],
})


class EndRequest(TypedDict):
    """The story has ended: ``result`` ``"victory"``, ``"defeat"`` or ``"stuck"``, the
    card's ``text`` (``None`` when a rule ends it), the ``reason`` code and the
    ``character`` it concerns. No answer is taken."""
    kind: Literal["end"]
    card: int | None
    result: str
    text: str | None
    reason: str
    character: int | None


Request = (TextRequest | CardRequest | ChoiceRequest | CharacterRequest | RollRequest | RerollRequest
           | PurchaseRequest | BetweenRequest | LeaveRequest | BattleRequest | PickRequest | EndRequest)


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
    answer = plain_answer(answer)
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
    if not isinstance(answer, Mapping) or not all(isinstance(key, str) for key in answer):
        raise AnswerError("an answer is a JSON object")
    return answer
