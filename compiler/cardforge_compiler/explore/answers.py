"""The answers the state explorer gives to each request, with the chance of each.

The explorer plays the runtime itself (``Session``), so every effect and condition
follows the runtime's own rules; what it chooses is which answers to try. For each
request it tries (docs/explore.md, The model):

| request | answers tried | chance of each |
|---|---|---|
| ``text``, ``card`` | ``{}`` | 1 |
| ``between`` | ``{}`` (go on), and the sales and trades of :mod:`.dealings` (never Porter or kept card) | uniform |
| ``choice`` | every option on offer | uniform |
| ``character`` | every Character listed | uniform |
| ``roll`` | one face list per outcome (see below) | the dice rule's exact chance |
| ``reroll`` | ``{"keep": true}`` (no Destiny spent) | 1 |
| ``purchase`` | every set of offers the party can pay for, carried by the first Character listed | uniform |
| ``leave`` | the last cards listed, until the rest fit the hands | 1 |
| ``pick`` | every option | uniform |
| ``battle`` | every objective, and a lost Battle | uniform |

A roll's **outcomes**: for a challenge, each number of successes below what it still
needs, and one reaching it; for a ``roll`` step, each number of successes; the
chances from the dice rule (Gascony's Legacy, Dice Rolls), no Destiny rerolls.

Dependencies: ``cardforge_runtime.dice``, :mod:`.dealings` (the ``between`` answers).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from cardforge_runtime.dice import DiceRule

if TYPE_CHECKING:
    from collections.abc import Sequence

    from cardforge_compiler.explore.dealings import Dealings

__all__ = ["MAX_OFFERS", "ONE", "answers_for", "faces_for"]

Answer = dict[str, Any]
#: A purchase with more offers than this tries only sets of at most ``MAX_OFFERS`` offers.
MAX_OFFERS = 6
#: The chance of the one answer tried (the search keeps a line's chance as it is).
ONE = Fraction(1)


def faces_for(successes: int, dice: int, rule: DiceRule, flags: Mapping[str, bool]) -> list[int] | None:
    """Faces of ``dice`` dice that count exactly ``successes`` under the dice rule and
    the roll's ``flags`` (``advantage``, ``disadvantage``, ``doom``), or ``None`` when
    no faces do: the highest face of each worth and the lowest blank face, counting
    dice first (``[6, 5, 1]`` for 3 successes on 3 dice in Gascony's Legacy)."""
    face_of: dict[int, int] = {}
    for face in range(1, rule.sides + 1):
        worth = rule.face_successes(face, **flags)
        if worth == 0:
            face_of.setdefault(0, face)
        else:
            face_of[worth] = face
    for combo in itertools.combinations_with_replacement(sorted(face_of, reverse=True), dice):
        if sum(combo) == successes:
            return [face_of[worth] for worth in combo]
    return None


def _roll_answers(request: Mapping[str, Any], rule: DiceRule) -> list[tuple[Answer, Fraction]]:
    target = request.get("target")
    need = None if target is None else target - request.get("so_far", 0)
    outcomes = _roll_outcomes(rule, request["dice"], bool(request["advantage"]), bool(request["disadvantage"]),
                              bool(request["doom"]), need)
    return [({"faces": list(faces)}, chance) for faces, chance in outcomes]


@functools.lru_cache(maxsize=4096)
def _roll_outcomes(rule: DiceRule, dice: int, advantage: bool, disadvantage: bool, doom: bool,
                   need: int | None) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """``(faces, chance)`` of each outcome of a roll (module docstring), worked out once
    per rule and roll shape: the explorer meets the same few shapes thousands of times."""
    flags = {"advantage": advantage, "disadvantage": disadvantage, "doom": doom}
    chances = rule.distribution(dice, **flags)
    outcomes: list[tuple[int, Fraction]] = []
    for k, chance in enumerate(chances):
        if chance == 0:
            continue
        if need is not None and k >= need:
            outcomes.append((k, sum(chances[k:], Fraction(0))))
            break
        outcomes.append((k, chance))
    answers = []
    for k, chance in outcomes:
        faces = faces_for(k, dice, rule, flags)
        if faces is not None:
            answers.append((tuple(faces), chance))
    return tuple(answers)


def _purchase_answers(request: Mapping[str, Any]) -> list[tuple[Answer, Fraction]]:
    offers = request["offers"]
    carrier = {"character": request["characters"][0]} if len(request["characters"]) > 1 else {}
    most = min(len(offers), MAX_OFFERS)
    sets = []
    for size in range(most + 1):
        for chosen in itertools.combinations(offers, size):
            if sum(offer["cost"] for offer in chosen) <= request["coins"]:
                sets.append({"buy": [{"offer": offer["offer"], **carrier} for offer in chosen]})
    return _uniform(sets)


def _leave_answer(request: Mapping[str, Any]) -> Answer:
    cards = list(request["cards"])
    left = []
    while cards and sum(card["hands"] for card in cards) > request["hands"]:
        left.append(cards.pop()["card"])
    return {"leave": left}


def _uniform(answers: list[Answer]) -> list[tuple[Answer, Fraction]]:
    chance = ONE if len(answers) == 1 else Fraction(1, len(answers))
    return [(answer, chance) for answer in answers]


def answers_for(request: Mapping[str, Any], rule: DiceRule, dealings: Dealings | None = None,
                given: Sequence[Answer] = ()) -> list[tuple[Answer, Fraction]]:
    """The answers the explorer tries for ``request`` (a pending request, never
    ``end``), each with its chance; the chances add up to 1. ``dealings``: the
    story's sales and trades Between Story Cards (none: a ``between`` request is
    answered ``{}`` only); ``given``: the answers given since the card's ``card``
    request (``Dealings.answers`` tries trades only before any sale or trade).

    Raises:
        ValueError: a request kind the explorer does not play (a Battle round's:
            the explorer plays Battles at the table).
    """
    kind = request["kind"]
    if kind == "between" and dealings is not None:
        return _uniform([{}, *dealings.answers(request, given)])
    if kind in ("text", "card", "between"):
        return [({}, ONE)]
    if kind == "choice":
        return _uniform([{"option": option["option"]} for option in request["options"]])
    if kind == "character":
        return _uniform([{"character": index} for index in request["characters"]])
    if kind == "roll":
        return _roll_answers(request, rule)
    if kind == "reroll":
        return [({"keep": True}, ONE)]
    if kind == "purchase":
        return _purchase_answers(request)
    if kind == "leave":
        return [(_leave_answer(request), ONE)]
    if kind == "pick":
        return _uniform([{"pick": option} for option in request["options"]])
    if kind == "battle":
        return _uniform([{"objective": o["objective"]} for o in request["objectives"]] + [{"lost": True}])
    raise ValueError(f"the state explorer does not answer {kind!r} requests")
