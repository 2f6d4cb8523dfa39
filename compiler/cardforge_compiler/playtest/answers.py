"""A random legal answer to every request a story makes (docs/runtime.md, "Requests
and answers"): the random player of ``cardforge test --random`` (docs/playtest.md).

``random_answer(request, rng)`` draws with ``rng``, a ``random.Random`` (or anything
with its ``random``, ``choice``, ``randint``, ``sample`` and ``shuffle``), so that the
same generator seed gives the same answers. The answers are always legal (the
runtime never refuses them) and plain: dice are rolled by the engine (``{"auto":
true}``, fair dice from the session's seeded PCG32), a ``reroll`` is declined 40 % of
the time and otherwise spends 1 Destiny on a random non-empty set of dice (Gascony's
Legacy, Dice Rolls: no limit but the Destiny); every other choice is uniform among
what the request offers:

| request | answer |
|---|---|
| ``text``, ``card`` | ``{}`` |
| ``choice`` / ``character`` / ``pick`` | one of the options, Characters, picks |
| ``purchase`` | each offer in turn bought with chance 1/2 while the purse allows, for a random Character |
| ``leave`` | random cards left until the rest fit the ``hands`` |
| ``keep`` (Campaign Mode) | random Weapons kept within the ``hands`` |
| ``battle`` (at the table) | lost 15 % of the time, else a random objective |
| ``between`` | go on mostly; 30 % call the Porter (when he can be called), else 15 % sell or 5 % trade an item |

The test suite's random player (tests/conformance/players.py) reuses it for every
request but dice, which it also types in by hand. Battle rounds are not answered
here: ``cardforge test`` gives them to the simulator's policy
(:mod:`cardforge_compiler.simulate.policies`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

__all__ = ["LOST_BATTLE", "NoAnswer", "Random", "random_answer"]

Request = Mapping[str, Any]
Answer = dict[str, Any]

#: How often a Battle played at the table is answered as lost (``{"lost": true}``).
LOST_BATTLE = 0.15
#: How often a ``reroll`` request is declined (``{"keep": true}``).
KEEP_DICE = 0.4


class Random(Protocol):
    """What the player draws with: ``random.Random``'s methods it calls."""

    def random(self) -> float: ...
    def choice(self, seq: Any) -> Any: ...
    def randint(self, a: int, b: int) -> int: ...
    def sample(self, population: Any, k: int) -> list[Any]: ...
    def shuffle(self, x: list[Any]) -> None: ...


class NoAnswer(ValueError):
    """A request the random player has no answer to (a kind it does not know)."""


def _buy(offers: list[Mapping[str, Any]], coins: int, characters: list[int], rng: Random) -> list[Answer]:
    """Each offer in turn bought with chance 1/2 while ``coins`` last, for a random
    Character of ``characters``."""
    left, buy = coins, []
    for offer in offers:
        if offer["cost"] <= left and rng.random() < 0.5:
            left -= offer["cost"]
            buy.append({"offer": offer["offer"], "character": rng.choice(characters)})
    return buy


def _purchase(request: Request, rng: Random) -> Answer:
    buy = _buy(request["offers"], request["coins"], request["characters"], rng)
    rng.shuffle(buy)
    return {"buy": buy}


def _leave(request: Request, rng: Random) -> Answer:
    cards = list(request["cards"])
    rng.shuffle(cards)
    left, carried = [], sum(c["hands"] for c in cards)
    for card in cards:
        if carried <= request["hands"]:
            break
        left.append(card["card"])
        carried -= card["hands"]
    return {"leave": left}


def _keep(request: Request, rng: Random) -> Answer:
    cards = list(request["cards"])
    rng.shuffle(cards)
    kept, hands = [], 0
    for card in cards:
        if hands + card["hands"] <= request["hands"]:
            kept.append(card["card"])
            hands += card["hands"]
    return {"keep": kept}


def _battle(request: Request, rng: Random) -> Answer:
    if rng.random() < LOST_BATTLE:
        return {"lost": True}
    return {"objective": rng.choice(request["objectives"])["objective"]}


def _between(request: Request, rng: Random) -> Answer:
    """Between Story Cards: mostly go on; now and then call the Porter, sell an item
    or trade one (each answer is one action; the request comes again after it). A
    sale's cost is the one the request's ``costs`` holds, else a cost from 0 to 6 (the
    price printed on the card, which the request does not say)."""
    roll = rng.random()
    held = [(who, item) for who, items in zip(request["characters"], request["items"]) for item in items]
    if roll < 0.3 and request.get("porter"):
        return {"porter": _buy(request["porter"], request["coins"], request["characters"], rng)}
    if roll < 0.15 and held:
        who, item = rng.choice(held)
        cost = rng.randint(0, 6)
        return {"sell": [{"character": who, "item": item, "cost": request["costs"].get(item, cost)}]}
    if roll < 0.2 and held and len(request["characters"]) > 1:
        who, item = rng.choice(held)
        return {"trade": [{"from": who, "to": rng.choice([c for c in request["characters"] if c != who]), "item": item}]}
    return {}


def _reroll(request: Request, rng: Random) -> Answer:
    if rng.random() < KEEP_DICE:
        return {"keep": True}
    dice = len(request["faces"])
    return {"reroll": sorted(rng.sample(range(dice), rng.randint(1, dice))), "auto": True}


_ANSWERS: dict[str, Callable[[Request, Random], Answer]] = {
    "text": lambda request, rng: {},
    "card": lambda request, rng: {},
    "choice": lambda request, rng: {"option": rng.choice(request["options"])["option"]},
    "character": lambda request, rng: {"character": rng.choice(request["characters"])},
    "roll": lambda request, rng: {"auto": True},
    "reroll": _reroll,
    "purchase": _purchase,
    "leave": _leave,
    "keep": _keep,
    "battle": _battle,
    "between": _between,
    "pick": lambda request, rng: {"pick": rng.choice(request["options"])},
}


def random_answer(request: Request, rng: Random) -> Answer:
    """A random legal answer to ``request`` (a story's pending request, never
    ``end``; module docstring), drawn with ``rng``.

    Raises:
        NoAnswer: a request kind the player does not know (a Battle round's
            ``turn``, ``deploy``..., or ``end``).
    """
    kind = request["kind"]
    answer = _ANSWERS.get(kind)
    if answer is None:
        raise NoAnswer(f"the random player has no answer to a {kind!r} request")
    return answer(request, rng)
