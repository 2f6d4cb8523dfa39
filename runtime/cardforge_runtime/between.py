"""Between Story Cards, as the engine plays it: the Porter, selling and trading
between Characters, and paying for what is bought.

Rules followed (Gascony's Legacy, Between Story Cards): once a card is complete and
before the next one is drawn, the players may call the Porter when the pack has one
(its ``porter``: once per Story, buy any of the cards under him, ``cards_per_character``
per Character placed at Setup; a pack without one never offers him), sell Equipment (half
its cost in Coins, rounded up; also whenever buying is possible) and trade items
between Characters (Coins are the party's: docs/rulings.md). The answers reaching
these functions were checked by ``between_answers``; each changes the game state
(``state.initial_state``'s shape) in place and passes what happened to ``record``
(docs/runtime.md, Log).

Dependencies: ``between_answers`` (the sale value); ``story`` calls it.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping
from typing import Any

from cardforge_runtime.between_answers import sale_value
from cardforge_runtime.format import add_coins

__all__ = ["between", "buy", "sell"]

#: Called with each event, in order (``StoryRules`` appends it to its ``events``).
Record = Callable[[dict[str, Any]], None]


def sell(state: dict[str, Any], record: Record, sales: list[dict[str, Any]]) -> None:
    """Gascony's Legacy, Between Story Cards, Sell Equipment: the item leaves its
    Character; the party receives half its cost in Coins, rounded up."""
    for sale in sales:
        character = state["characters"][sale["character"]]
        items = list(character["items"])
        items.remove(sale["item"])
        character["items"] = items
        coins = sale_value(sale["cost"])
        state["coins"] = add_coins(state["coins"], coins)
        record({"event": "sale", "character": sale["character"], "item": sale["item"],
                       "cost": sale["cost"], "coins": coins})


def buy(state: dict[str, Any], record: Record, buys: list[dict[str, Any]], offers: list[dict[str, Any]]) -> None:
    """Checked purchases (``{"offer": i}`` of ``offers``, or ``{"item", "cost"}``),
    each with its ``character`` (left out only when one Character is in play: that
    one): the party pays, the item goes to its Character."""
    for purchase in buys:
        bought = offers[purchase["offer"]] if "offer" in purchase else purchase
        item, cost = bought["item"], bought["cost"]
        state["costs"][item] = cost             # what a sale of this item pays half of (docs/rulings.md)
        index = purchase.get("character", 0)
        state["coins"] = add_coins(state["coins"], -cost)
        character = state["characters"][index]
        character["items"] = character["items"] + [item]
        record({"event": "purchase", "character": index, "item": item, "cost": cost})


def between(state: dict[str, Any], record: Record, card: int, next_card: int,
            porter: Mapping[str, Any] | None) -> Generator[dict[str, Any], dict[str, Any], None]:
    """Gascony's Legacy, Between Story Cards: card ``card`` is complete and
    ``next_card`` comes next. Yields the ``between`` request until the answer is
    ``{}`` (go on); each other answer is one action: ``porter`` (once per Story, only
    when the pack has a ``porter``: ``{"deck", "cards_per_character"}``, else ``None``),
    ``sell`` or ``trade``. The request's ``porter`` is the number of cards under him
    (``cards_per_character`` per Character, 0 once called); it is absent when the pack
    has no Porter."""
    characters = state["characters"]
    while True:
        request = {"kind": "between", "card": card, "next": next_card, "coins": state["coins"],
                   "characters": list(range(len(characters))),
                   "items": [list(c["items"]) for c in characters], "costs": dict(state["costs"])}
        if porter is not None:
            request["porter"] = 0 if state["porter_called"] else porter["cards_per_character"] * len(characters)
        answer = yield request
        if "porter" in answer:
            state["porter_called"] = True
            record({"event": "porter"})
            buy(state, record, answer["porter"], [])
        elif "sell" in answer:
            sell(state, record, answer["sell"])
        elif "trade" in answer:
            for move in answer["trade"]:
                giver, taker = characters[move["from"]], characters[move["to"]]
                items = list(giver["items"])
                items.remove(move["item"])
                giver["items"] = items
                taker["items"] = taker["items"] + [move["item"]]
                record({"event": "trade", **move})
        else:
            return None
