"""The answer checks of buying, selling and trading: the ``purchase`` request (Gascony's
Legacy, Event Cards) and the ``between`` request (Between Story Cards: the Porter,
selling, trading), and the value of a sale.

Each check raises ``AnswerError`` or returns ``None`` and changes nothing; the
engine side of the same rules is ``between``. ``requests.ANSWER_CHECKS`` holds
``check_purchase`` and ``check_between`` beside the checks of the other kinds.

Dependencies: ``answer_fields`` and ``dice`` (the checks' signature) only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardforge_runtime.answer_fields import AnswerError, only_fields
from cardforge_runtime.dice import DiceRule

__all__ = ["check_between", "check_leave", "check_purchase", "sale_value"]


def sale_value(cost: int) -> int:
    """Coins a sale brings: half the cost, rounded up (Gascony's Legacy, Between Story
    Cards, Sell Equipment)."""
    return (cost + 1) // 2


def _sales(request: Mapping[str, Any], sales: Any) -> int:
    """Check ``sales`` (``[{"character", "item", "cost"}]``, each item held by that
    Character, as many copies as sold; ``cost`` the one in the request's ``costs`` when
    the item was bought in this story, else the cost the players read off the card);
    return the coins they bring."""
    if not isinstance(sales, list):
        raise AnswerError('"sell" is a list of sales: {"character": c, "item": name, "cost": coins}')
    sold: dict[tuple[int, str], int] = {}
    coins = 0
    for sale in sales:
        if not isinstance(sale, Mapping) or set(sale) != {"character", "item", "cost"}:
            raise AnswerError('each sale is {"character": c, "item": name, "cost": coins}')
        character, item, cost = sale["character"], sale["item"], sale["cost"]
        if type(character) is not int or character not in request["characters"]:
            raise AnswerError(f"'character' must be a Character's position, not {character!r}")
        if isinstance(cost, bool) or not isinstance(cost, int) or cost < 0:
            raise AnswerError("a sale needs the item's cost in coins (a whole number, 0 or more)")
        if not isinstance(item, str):
            raise AnswerError(f"'item' is the name of the item sold, not {item!r}")
        sold[(character, item)] = sold.get((character, item), 0) + 1
        if request["items"][character].count(item) < sold[(character, item)]:
            raise AnswerError(f"Character {character} does not hold {item!r} to sell")
        known = request["costs"].get(item)
        if known is not None and cost != known:
            # the engine saw what it cost: half of that, never a cost the answer makes up (docs/rulings.md)
            raise AnswerError(f"{item!r} was bought for {known} coins in this story: it sells at cost {known}, "
                              f"not {cost}")
        coins += sale_value(cost)
    return coins


def check_purchase(request: Mapping[str, Any], answer: Mapping[str, Any], rule: DiceRule) -> None:
    """``{"buy": [...], "sell"?: [...]}``: each buy ``{"offer": i, "character": c}``
    (``character`` may be left out only when one Character is in play), an offer of
    the request (a fixed offer or a card drawn from the deck) bought once, costing no
    more than the party's ``coins`` plus what the sales bring (sales come first:
    whenever buying is possible selling is too, Gascony's Legacy, Between Story Cards)."""
    only_fields("purchase", answer, "buy", "sell")
    earned = _sales(request, answer["sell"]) if "sell" in answer else 0
    _buys(request, answer.get("buy"), request["offers"], request["coins"] + earned)


def _buys(request: Mapping[str, Any], buys: Any, offers: list[Mapping[str, Any]], coins: int,
          key: str = "buy") -> None:
    """Check purchases: ``{"offer": i, "character": c}`` of ``offers``, each bought
    once, costing at most ``coins`` in all."""
    if not isinstance(buys, list):
        raise AnswerError(f"{key!r} is a list of purchases ([] to buy nothing)")
    total, bought = 0, set()
    by_number = {o["offer"]: o for o in offers}
    for buy in buys:
        if not isinstance(buy, Mapping) or not all(isinstance(key, str) for key in buy):
            raise AnswerError("each purchase is an object")
        if set(buy) - {"offer", "character"} or "offer" not in buy:
            raise AnswerError('a purchase is {"offer": i, "character": c}: buy an offer of the request by its number')
        if "character" not in buy and len(request["characters"]) > 1:
            # the players choose who carries it (Gascony's Legacy, Event Cards): never a silent default
            raise AnswerError("who carries it? each purchase needs its 'character' (a Character's position) "
                              "when more than one Character is in play")
        character = buy.get("character", request["characters"][0])
        if type(character) is not int or character not in request["characters"]:
            raise AnswerError(f"'character' must be a Character's position, not {character!r}")
        offer = buy["offer"]
        if type(offer) is not int or offer not in by_number:
            raise AnswerError(f"no offer {offer!r} here (the offers are numbered {sorted(by_number)})")
        if offer in bought:
            raise AnswerError(f"offer {offer} is bought twice")
        bought.add(offer)
        total += by_number[offer]["cost"]
    if total > coins:
        raise AnswerError(f"these cost {total} coins; the party has {coins}")


def check_between(request: Mapping[str, Any], answer: Mapping[str, Any], rule: DiceRule) -> None:
    """``{}`` (go on), or one action: ``{"porter": [{"offer", "character"}]}``
    (offers of the request's ``porter``, once per Story; refused when the request has no
    ``porter``, a pack without a Porter), ``{"sell": [{"character", "item",
    "cost"}]}``, ``{"trade": [{"from", "to", "item"}]}`` (items held by ``from``)."""
    has_porter = "porter" in request
    if "porter" in answer and not has_porter:
        raise AnswerError("this pack has no Porter to call: sell or trade (or {} to go on)")
    only_fields("between", answer, *(("porter", "sell", "trade") if has_porter else ("sell", "trade")))
    if len(answer) > 1:
        raise AnswerError(f"one action at a time: {'porter, ' if has_porter else ''}sell or trade (or {{}} to go on)")
    if "porter" in answer:
        if not request["porter"]:
            raise AnswerError("the Porter has no cards to offer: he was called this Story (or his deck was empty)")
        _buys(request, answer["porter"], request["porter"], request["coins"], "porter")
    elif "sell" in answer:
        _sales(request, answer["sell"])
    elif "trade" in answer:
        moves = answer["trade"]
        if not isinstance(moves, list):
            raise AnswerError('"trade" is a list of {"from": c, "to": c, "item": name}')
        held = [list(items) for items in request["items"]]
        for move in moves:
            if not isinstance(move, Mapping) or set(move) != {"from", "to", "item"}:
                raise AnswerError('each trade is {"from": c, "to": c, "item": name}')
            giver, taker, item = move["from"], move["to"], move["item"]
            for who in (giver, taker):
                if type(who) is not int or who not in request["characters"]:
                    raise AnswerError(f"'from' and 'to' must be Characters' positions, not {who!r}")
            if giver == taker:
                raise AnswerError("a trade is between two Characters")
            if not isinstance(item, str) or item not in held[giver]:
                raise AnswerError(f"Character {giver} does not hold {item!r} to trade")
            held[giver].remove(item)
            held[taker].append(item)


def check_leave(request: Mapping[str, Any], answer: Mapping[str, Any], rule: DiceRule) -> None:
    """``{"leave": [card ids]}``: Equipment cards of the request's ``cards``, each once,
    leaving the Character with at most ``hands`` hands of Equipment (Gascony's Legacy,
    Equipment cards: "Characters can only carry 2 hands worth of equipment at once")."""
    only_fields("leave", answer, "leave")
    left = answer.get("leave")
    hands = {c["card"]: c["hands"] for c in request["cards"]}
    if not isinstance(left, list) or not all(isinstance(card, str) and card in hands for card in left):
        raise AnswerError(f'"leave" lists the Equipment cards to leave, of {", ".join(hands)}')
    if len(set(left)) != len(left):
        raise AnswerError("each card is left once")
    carried = sum(hands.values()) - sum(hands[card] for card in left)
    if carried > request["hands"]:
        raise AnswerError(f"Character {request['character']} would still carry {carried} hands of Equipment; "
                          f"at most {request['hands']}: leave more")
