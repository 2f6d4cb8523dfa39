"""Answers: the check that an answer fits the pending request.

Every answer a front end sends is checked here before the engine runs it; a refused
answer raises ``AnswerError`` and changes nothing (docs/runtime.md, Requests and
answers, lists the rules). Whole numbers are JSON integers only: ``1.0`` and ``true``
are never taken for ``1``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardforge_runtime.dice import DiceRule

__all__ = ["AnswerError", "check_answer"]


class AnswerError(ValueError):
    """An answer does not fit the pending request; the session did not change.

    Attributes:
        reason: what is wrong, in one sentence.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason



def check_answer(request: dict[str, Any], answer: Any, rule: DiceRule) -> dict[str, Any]:
    """The answer if it fits ``request``; else ``AnswerError`` with the reason."""
    if not isinstance(answer, Mapping) or not all(isinstance(key, str) for key in answer):
        raise AnswerError("an answer is a JSON object")
    kind = request["kind"]

    def only(*allowed: str) -> None:
        extra = sorted(set(answer) - set(allowed))
        if extra:
            raise AnswerError(f"a {kind} answer takes {', '.join(allowed) or 'no fields'}; unexpected: {', '.join(extra)}")

    def index(key: str, allowed: list[int], what: str) -> int:
        if key not in answer:
            raise AnswerError(f"{key!r} is missing: give one of {', '.join(map(str, allowed))} ({what})")
        value = answer[key]
        if isinstance(value, bool) or not isinstance(value, int) or value not in allowed:
            raise AnswerError(f"{key!r} must be one of {', '.join(map(str, allowed))} ({what}), not {value!r}")
        return value

    def flag(key: str) -> None:
        if key in answer and not isinstance(answer[key], bool):
            raise AnswerError(f"{key!r} is true or false")

    if kind in ("text", "card"):
        only()
    elif kind == "end":
        raise AnswerError("the story has ended; there is nothing to answer")
    elif kind == "choice":
        only("option")
        index("option", [o["option"] for o in request["options"]], "the options on offer")
    elif kind == "character":
        only("character")
        index("character", request["characters"], "the Characters who can")
    elif kind == "roll":
        only("faces", "auto", "advantage", "disadvantage")
        flag("advantage"), flag("disadvantage")
        if ("faces" in answer) == (answer.get("auto") is True):
            raise AnswerError('give the dice as {"faces": [...]} or ask {"auto": true} to have them rolled')
        if "auto" in answer and answer["auto"] is not True:
            raise AnswerError('"auto" must be true')
        if "faces" in answer:
            problem = rule.check_faces(answer["faces"], request["dice"])
            if problem:
                raise AnswerError(problem)
    elif kind == "reroll":
        if "keep" in answer:
            only("keep")
            if answer["keep"] is not True:
                raise AnswerError('"keep" must be true (to reroll, give "reroll" instead)')
        else:
            only("reroll", "faces", "auto")
            chosen = answer.get("reroll")
            dice = len(request["faces"])
            if (not isinstance(chosen, list) or not chosen
                    or any(isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < dice for i in chosen)
                    or chosen != sorted(set(chosen))):
                raise AnswerError(f'{{"keep": true}}, or "reroll": die positions from 0 to {dice - 1}, '
                                  "each once, in increasing order")
            if ("faces" in answer) == (answer.get("auto") is True):
                raise AnswerError('give the new dice as "faces" (one per position, in the same order) or "auto": true')
            if "faces" in answer:
                problem = rule.check_faces(answer["faces"], len(chosen))
                if problem:
                    raise AnswerError(problem)
    elif kind == "purchase":
        only("buy")
        buys = answer.get("buy")
        if not isinstance(buys, list):
            raise AnswerError('"buy" is a list of purchases ([] to buy nothing)')
        total, bought, from_deck = 0, set(), 0
        for buy in buys:
            if not isinstance(buy, Mapping) or not all(isinstance(key, str) for key in buy):
                raise AnswerError("each purchase is an object")
            character = buy.get("character", 0)
            if type(character) is not int or character not in request["characters"]:
                raise AnswerError(f"'character' must be a Character's position, not {character!r}")
            if "offer" in buy:
                if set(buy) - {"offer", "character"}:
                    raise AnswerError('an offer purchase is {"offer": i, "character": c}')
                offer = buy["offer"]
                offers = {o["offer"]: o for o in request["offers"]}
                if type(offer) is not int or offer not in offers:
                    raise AnswerError(f"no offer {offer!r} on this card")
                if offer in bought:
                    raise AnswerError(f"offer {offer} is bought twice")
                bought.add(offer)
                total += offers[offer]["cost"]
            else:
                if set(buy) - {"item", "cost", "character"}:
                    raise AnswerError('a purchase is {"offer": i} or, from the deck, {"item": name, "cost": coins}')
                if request["deck"] is None:
                    raise AnswerError("this card draws no cards from a deck; buy its offers by number")
                if not isinstance(buy.get("item"), str) or not buy["item"]:
                    raise AnswerError("a card bought from the deck needs its item name")
                cost = buy.get("cost")
                if isinstance(cost, bool) or not isinstance(cost, int) or cost < 0:
                    raise AnswerError("a card bought from the deck needs its cost in coins")
                from_deck += 1
                total += cost
        if from_deck > request["draw"]:
            raise AnswerError(f"only {request['draw']} card(s) are drawn from the {request['deck']} deck")
        if total > request["coins"]:
            raise AnswerError(f"these cost {total} coins; the party has {request['coins']}")
    elif kind == "battle":
        if answer.get("lost") is True:
            only("lost")
        else:
            only("objective")
            index("objective", [o["objective"] for o in request["objectives"]], "the Battle's objectives")
    return dict(answer)


