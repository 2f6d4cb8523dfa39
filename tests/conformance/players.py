"""A random player for the generated conformance transcripts (tests/conformance/generated/).

``random_answer(request, rng, sides)`` gives one answer to ``request`` chosen with
``rng`` (a ``random.Random``): a legal answer of every kind (options, Characters,
auto or typed faces with and without ``advantage``/``disadvantage``, ``false`` ones
too, rerolls of random dice, purchases within the purse, Battle objectives or a lost
Battle, Between Story Cards actions), and now and then (``MISTAKES`` of the time) an answer the engine must refuse.
The answers are recorded in the transcripts, so a port replays them without this
module; only re-recording uses it.
"""

from __future__ import annotations

import random
from typing import Any

#: How often the player sends an answer that is never legal.
MISTAKES = 0.05
#: Answers that no request accepts (a key no kind takes, a number that is not one...).
_NEVER_LEGAL: list[dict[str, Any]] = [
    {"option": -1}, {"unexpected": 1}, {"auto": False}, {"character": 99}, {"keep": 1}, {"option": 1.0},
    {"faces": [0]}, {"objective": True},
]


def random_answer(request: dict[str, Any], rng: random.Random, sides: int) -> dict[str, Any]:
    """One answer to ``request`` (a pending request; never ``end``)."""
    if rng.random() < MISTAKES:
        return dict(rng.choice(_NEVER_LEGAL))
    kind = request["kind"]
    if kind in ("text", "card"):
        return {}
    if kind == "choice":
        return {"option": rng.choice(request["options"])["option"]}
    if kind == "character":
        return {"character": rng.choice(request["characters"])}
    if kind == "roll":
        answer: dict[str, Any] = ({"auto": True} if rng.random() < 0.5
                                  else {"faces": [rng.randint(1, sides) for _ in range(request["dice"])]})
        for flag in ("advantage", "disadvantage"):
            if rng.random() < 0.3:
                answer[flag] = rng.random() < 0.6
        return answer
    if kind == "reroll":
        dice = len(request["faces"])
        if rng.random() < 0.4:
            return {"keep": True}
        positions = sorted(rng.sample(range(dice), rng.randint(1, dice)))
        if rng.random() < 0.5:
            return {"reroll": positions, "auto": True}
        return {"reroll": positions, "faces": [rng.randint(1, sides) for _ in positions]}
    if kind == "purchase":
        left, buy = request["coins"], []
        for offer in request["offers"]:
            if offer["cost"] <= left and rng.random() < 0.5:
                left -= offer["cost"]
                buy.append({"offer": offer["offer"], "character": rng.choice(request["characters"])})
        rng.shuffle(buy)
        return {"buy": buy}
    if kind == "leave":
        cards = list(request["cards"])
        rng.shuffle(cards)
        left, carried = [], sum(c["hands"] for c in cards)
        for card in cards:
            if carried <= request["hands"]:
                break
            left.append(card["card"])
            carried -= card["hands"]
        return {"leave": left}
    if kind == "battle":
        if rng.random() < 0.15:
            return {"lost": True}
        return {"objective": rng.choice(request["objectives"])["objective"]}
    if kind == "between":
        return _between(request, rng)
    if kind == "pick":
        return {"pick": rng.choice(request["options"])}
    raise ValueError(f"no answer for a {kind!r} request: teach tests/conformance/players.py this kind")


def _between(request: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Between Story Cards: mostly go on; now and then call the Porter, sell an item
    or trade one (each answer is one action; the request comes again after it)."""
    roll = rng.random()
    held = [(who, item) for who, items in zip(request["characters"], request["items"]) for item in items]
    if roll < 0.3 and request.get("porter"):
        left, buy = request["coins"], []
        for offer in request["porter"]:
            if offer["cost"] <= left and rng.random() < 0.5:
                left -= offer["cost"]
                buy.append({"offer": offer["offer"], "character": rng.choice(request["characters"])})
        return {"porter": buy}
    if roll < 0.15 and held:
        who, item = rng.choice(held)
        cost = rng.randint(0, 6)         # the cost read off the card, unless the engine saw it bought
        return {"sell": [{"character": who, "item": item, "cost": request["costs"].get(item, cost)}]}
    if roll < 0.2 and held and len(request["characters"]) > 1:
        who, item = rng.choice(held)
        return {"trade": [{"from": who, "to": rng.choice([c for c in request["characters"] if c != who]), "item": item}]}
    return {}
