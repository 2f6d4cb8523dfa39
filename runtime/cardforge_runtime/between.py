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

Deck cards (docs/runtime.md, Decks): a purchase from a deck draws real cards, offered
with their printed costs beside the card's fixed offers; cards not bought go to the
deck's discard pile; the Porter's cards were drawn at Setup (``deck_play``); a card
sold goes to its deck's discard pile; a card traded goes with its item. After every
purchase, Porter or trade, a Character over the hands they carry is asked what to
leave (``deck_play.settle_hands``).

Dependencies: ``between_answers`` (the sale value), ``deck_play``, ``decks``;
``story`` calls it.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping
from typing import Any

from cardforge_runtime import decks as D
from cardforge_runtime.between_answers import sale_value
from cardforge_runtime.deck_play import card_costs, decks_by_name, draw_offers, gain_card, move_card, settle_hands
from cardforge_runtime.format import add_coins
from cardforge_runtime.loot import use_card
from cardforge_runtime.pcg import Pcg32

__all__ = ["between", "buy", "offers_of", "purchase", "sell", "usable"]

Play = Generator[dict[str, Any], dict[str, Any], None]

#: Called with each event, in order (``StoryRules`` appends it to its ``events``).
Record = Callable[[dict[str, Any]], None]


def sell(state: dict[str, Any], pack: Mapping[str, Any], record: Record, sales: list[dict[str, Any]]) -> None:
    """Gascony's Legacy, Between Story Cards, Sell Equipment: the item leaves its
    Character ("place it in the discard pile beside the Equipment deck": the card
    behind it, if any, goes to its deck's discard pile); the party receives half its
    cost in Coins, rounded up."""
    for sale in sales:
        character = state["characters"][sale["character"]]
        items = list(character["items"])
        items.remove(sale["item"])
        character["items"] = items
        move_card(state, pack, sale["character"], None, sale["item"])
        coins = sale_value(sale["cost"])
        state["coins"] = add_coins(state["coins"], coins)
        record({"event": "sale", "character": sale["character"], "item": sale["item"],
                "cost": sale["cost"], "coins": coins})


def usable(state: Mapping[str, Any], pack: Mapping[str, Any]) -> list[list[dict[str, str]]]:
    """The kept cards each Character may discard to use (those with ``use`` effects:
    a Loot card kept), as ``[[{"card", "item"}], ...]`` by position."""
    decks = decks_by_name(pack)
    printed = [[(c, D.card_of(decks, c)) for c in character["cards"]] for character in state["characters"]]
    return [[{"card": c, "item": card["name"]} for c, card in held if card.get("use")] for held in printed]


def offers_of(pack: Mapping[str, Any], fixed: list[dict[str, Any]], cards: list[str]) -> list[dict[str, Any]]:
    """The offers of a purchase: the card's fixed ``offers`` (``card`` ``None``), then
    each deck card drawn with its printed name and cost, numbered from 0:
    ``[{"offer", "item", "cost", "card"}]``."""
    decks = decks_by_name(pack)
    offers = [{"item": o["item"], "cost": o["cost"], "card": None} for o in fixed]
    printed = [(c, D.card_of(decks, c)) for c in cards]
    offers += [{"item": card["name"], "cost": card.get("cost", 0), "card": c} for c, card in printed]
    return [{"offer": i, **o} for i, o in enumerate(offers)]


def buy(state: dict[str, Any], pack: Mapping[str, Any], record: Record, buys: list[dict[str, Any]],
        offers: list[dict[str, Any]]) -> None:
    """Checked purchases (``{"offer": i, "character": c}`` of ``offers``; ``character``
    left out only when one Character is in play: that one): the party pays, the item
    goes to its Character, with its card when it is a deck card: the card drawn for
    the offer, or, for a fixed offer whose item is the name of a card of a deck (the
    Acts' "Rapier, cost 4"), a copy taken from that deck as a gain takes one
    (``deck_play.gain_card``; docs/rulings.md, Gaining a deck card), so that it counts
    toward the hands the Character carries (Gascony's Legacy, Equipment cards:
    "Characters can only carry 2 hands worth of equipment at once"); every deck card
    on offer and not bought goes to its deck's discard pile."""
    bought = set()
    for purchase in buys:
        offer = offers[purchase["offer"]]
        bought.add(purchase["offer"])
        item, cost = offer["item"], offer["cost"]
        state["costs"][item] = cost             # what a sale of this item pays half of (docs/rulings.md)
        index = purchase.get("character", 0)
        state["coins"] = add_coins(state["coins"], -cost)
        character = state["characters"][index]
        character["items"] = character["items"] + [item]
        card = offer["card"]
        if card is not None:
            character["cards"].append(card)
        else:
            card = gain_card(state, pack, index, item)
        record({"event": "purchase", "character": index, "item": item, "cost": cost, "card": card})
    for offer in offers:
        if offer["card"] is not None and offer["offer"] not in bought:
            D.discard(state["decks"][D.deck_of(offer["card"])], offer["card"])


def purchase(state: dict[str, Any], pack: Mapping[str, Any], record: Record, step: Mapping[str, Any],
             per_player: int, rng: Pcg32) -> Play:
    """Players may purchase these (Gascony's Legacy, Event Cards): the step's fixed
    offers and, with a ``deck``, ``per_player`` x players cards drawn from it (the
    deck generator; fewer when the deck runs out: the request's ``asked`` is how many
    were to be drawn, ``draw`` how many were). They may sell first (Between Story
    Cards: "You can also sell Equipment whenever you have the opportunity to buy
    Equipment"). Then a Character over their hands leaves Equipment."""
    deck = step.get("deck")
    asked = step.get("per_player", 1) * per_player if deck is not None else 0
    cards = draw_offers(state, pack, deck, asked, rng) if deck is not None else []
    offers = offers_of(pack, step.get("offers", []), cards)
    state["offer"] = list(cards)            # on the table while the players choose (decks.check_conservation)
    answer = yield {"kind": "purchase", "card": state["card"], "coins": state["coins"], "offers": offers,
                    "deck": deck, "draw": len(cards), "asked": asked, "characters": list(range(len(state["characters"]))),
                    "items": [list(c["items"]) for c in state["characters"]], "costs": card_costs(state, pack)}
    state["offer"] = []
    sell(state, pack, record, answer.get("sell", []))
    buy(state, pack, record, answer["buy"], offers)
    yield from settle_hands(state, pack, record)


def between(state: dict[str, Any], pack: Mapping[str, Any], record: Record, card: int, next_card: int,
            rng: Pcg32, *, difficulty: Mapping[str, Any] | None = None) -> Play:
    """Gascony's Legacy, Between Story Cards: card ``card`` is complete and
    ``next_card`` comes next. Yields the ``between`` request until the answer is
    ``{}`` (go on); each other answer is one action: ``porter`` (once per Story, only
    when the pack has a ``porter``), ``sell``, ``trade`` or ``use`` (a kept Loot card
    with ``use`` effects, listed per Character in ``usable``: ``loot.use_card``, in the
    answer's order; a card that an earlier one took away is skipped, logged as
    ``{"event": "use-skipped", "character", "card", "reason": "not-held"}``). The request's ``porter``
    lists the cards under him as offers (``offers_of``; ``[]`` once called: "Any
    unpurchased cards are discarded"); it is absent when the pack has no Porter.
    ``difficulty``: the pack's difficulty option in play (``{}``/``None``: the
    standard game), which a ``use`` plays under (Severe Wounds, Character count)."""
    option = difficulty or {}
    characters = state["characters"]
    porter = pack.get("porter")
    while True:
        request = {"kind": "between", "card": card, "next": next_card, "coins": state["coins"],
                   "characters": list(range(len(characters))),
                   "items": [list(c["items"]) for c in characters], "costs": card_costs(state, pack),
                   "usable": usable(state, pack)}
        if porter is not None:
            request["porter"] = [] if state["porter_called"] else offers_of(pack, [], state["porter"])
        answer = yield request
        if "porter" in answer:
            state["porter_called"] = True
            record({"event": "porter"})
            state["porter"] = []
            buy(state, pack, record, answer["porter"], request["porter"])
            yield from settle_hands(state, pack, record)
        elif "sell" in answer:
            sell(state, pack, record, answer["sell"])
        elif "trade" in answer:
            for move in answer["trade"]:
                giver, taker = characters[move["from"]], characters[move["to"]]
                items = list(giver["items"])
                items.remove(move["item"])
                giver["items"] = items
                taker["items"] = taker["items"] + [move["item"]]
                move_card(state, pack, move["from"], move["to"], move["item"])
                record({"event": "trade", **move})
            yield from settle_hands(state, pack, record)
        elif "use" in answer:
            for use in answer["use"]:
                if use["card"] not in characters[use["character"]].get("cards", []):
                    # an earlier card of this answer took it away (a `use` that loses
                    # its item): it can no longer be used, and is skipped
                    record({"event": "use-skipped", "character": use["character"], "card": use["card"],
                            "reason": "not-held"})
                    continue
                yield from use_card(state, pack, use["character"], use["card"], rng, record,
                                    severe=option.get("severe_wounds", True), difficulty=option.get("name"))
        else:
            return None
