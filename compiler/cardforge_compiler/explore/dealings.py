"""The sales and trades the state explorer tries Between Story Cards.

Between two Story Cards the players may sell Equipment and trade items between
Characters (Gascony's Legacy, Between Story Cards; the runtime's ``between`` request,
answered one action at a time until ``{}``). A sale or trade matters to what follows
only through what later cards read, so the explorer tries, besides ``{}`` (go on):

- **a sale** of each item the cards still playable read (``has()`` or a ``lose``: the
  items live at the request's ``next`` card, :func:`.live.liveness`), one answer per
  item a Character holds: per holder for an item whose holder matters
  (:func:`.states.held_apart`), else from its first holder (the party's count is what
  follows). The request comes again after each sale, so every set of such items is
  sold by some line of play. An item nothing reads is never sold (the coins it
  would bring are left out: docs/explore.md, What the model leaves out).
- **a trade** (only as the first action of the Between Story Cards, before any sale:
  selling after trading reaches the same states), one answer per way of handing the
  live items whose holder matters to other Characters (each copy to any Character),
  all in one answer. An item whose holder matters only to ``who: each`` losses of it
  alone (each Character loses one copy: Act III's Queen's Letter) is traded only
  while the party holds two copies or more, or while a card still playable can give
  the party another copy (:meth:`Dealings.regained`): of one copy, and no other to
  come, every Character loses it wherever it is.

A sale states the cost the runtime's check asks for (``between_answers._sales``):
the request's ``costs`` (bought in this story, or a deck card held), else the cost
printed on the pack's deck card of that name, else 0 (an item no deck deals and never
bought has no cost in the pack's data).

At most ``MAX_DEALS`` sales and ``MAX_DEALS`` trades are tried per request; when there
are more, :attr:`Dealings.cut` turns true and the exploration is not a proof.

Dependencies: :mod:`.live` (``Live``), :mod:`.walk`.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from cardforge_compiler.explore.live import Live
from cardforge_compiler.explore.states import held_apart
from cardforge_compiler.explore.walk import mappings

__all__ = ["MAX_DEALS", "Dealings"]

Answer = dict[str, Any]
#: At most this many sales, and this many trades, are tried at one ``between`` request.
MAX_DEALS = 6


class Dealings:
    """The sales and trades tried Between Story Cards in one story (module docstring).

    Args:
        pack: the bundle pack (JSON data): its decks' printed costs.
        story: the bundle story (JSON data): its losses of items.
        live: :func:`.live.liveness` of the story (``{card id: Live}``).
        apart: the items whose holder matters (:func:`.states.held_apart`).

    ``cut`` turns true once a request had more than ``MAX_DEALS`` sales or trades to try.
    """

    def __init__(self, pack: Mapping[str, Any], story: Mapping[str, Any], live: Mapping[int | None, Live],
                 apart: frozenset[str]) -> None:
        self.live, self.apart = live, apart
        self.each_only = apart - held_apart(story, plain=frozenset({"one", "each"}))
        self.printed: dict[str, int] = {}
        dealt: set[str] = set()
        for deck in pack.get("decks") or ():
            for card in deck.get("cards", ()):
                dealt.add(card["name"])
                if card.get("cost") is not None:
                    self.printed.setdefault(card["name"], card["cost"])
        self.cut = False
        # what each card's steps can give the party (a step that deals from the decks:
        # whatever a deck holds), and the cards each one leads to
        self._gives: dict[int, frozenset[str]] = {}
        for card in story["cards"]:
            given: set[str] = set()
            for node in mappings(card["steps"]):
                gain = node if node.get("kind") == "gain" else (node.get("per_success") or {}).get("gain")
                if isinstance(gain, Mapping) and gain.get("items"):
                    given.update(gain["items"])
                if node.get("kind") in ("purchase", "battle", "loot", "draw"):
                    given.update(dealt)
            self._gives[card["id"]] = frozenset(given)
        self._next: dict[int, set[int]] = {}
        for edge in story.get("edges", ()):
            if edge.get("to") is not None:
                self._next.setdefault(edge["from"], set()).add(edge["to"])
        self._regained: dict[int, frozenset[str]] = {}

    def cost(self, request: Mapping[str, Any], item: str) -> int:
        """The cost a sale of ``item`` states: the request's ``costs`` (what the
        runtime requires), else the pack's printed cost of a deck card of that name,
        else 0."""
        known = request["costs"].get(item)
        if known is not None:
            return known
        return self.printed.get(item, 0)

    def answers(self, request: Mapping[str, Any], given: Sequence[Answer] = ()) -> list[Answer]:
        """The answers besides ``{}`` to a ``between`` request: sales, then trades
        (module docstring). ``given``: the answers given since the card's ``card``
        request (trades are tried only before any sale or trade of this Between
        Story Cards)."""
        live = self.live.get(request["next"])
        items = live.items if live is not None else frozenset()
        if not items:
            return []
        sales = self._sales(request, items)
        dealt = any("sell" in answer or "trade" in answer for answer in given)
        traded = items & self.apart
        if traded & self.each_only:
            held = [item for items_held in request["items"] for item in items_held]
            again = self.regained(request["next"])
            traded = frozenset(item for item in traded
                               if item not in self.each_only or held.count(item) > 1 or item in again)
        trades = [] if dealt else self._trades(request, traded)
        return sales + trades

    def regained(self, card: int) -> frozenset[str]:
        """The items the party can be given from the start of ``card`` on: by a step
        of a card the story graph reaches from it (``card`` included), a ``gain`` or
        a roll's ``per_success`` gain of items, or any item a deck deals where a step
        deals from the decks (a purchase, a Battle, Loot). Worked out once per card."""
        known = self._regained.get(card)
        if known is None:
            seen, todo, items = {card}, [card], set()
            while todo:
                at = todo.pop()
                items |= self._gives.get(at, frozenset())
                for after in self._next.get(at, ()):
                    if after not in seen:
                        seen.add(after)
                        todo.append(after)
            known = self._regained[card] = frozenset(items)
        return known

    def _sales(self, request: Mapping[str, Any], items: frozenset[str]) -> list[Answer]:
        sales, seen = [], set()
        for character, held in zip(request["characters"], request["items"]):
            for item in sorted(set(held) & items):
                who = character if item in self.apart else None
                if (who, item) in seen:
                    continue
                seen.add((who, item))
                sales.append({"sell": [{"character": character, "item": item, "cost": self.cost(request, item)}]})
        if len(sales) > MAX_DEALS:
            self.cut = True
            sales = sales[:MAX_DEALS]
        return sales

    def _trades(self, request: Mapping[str, Any], items: frozenset[str]) -> list[Answer]:
        characters = list(request["characters"])
        if len(characters) < 2 or not items:
            return []
        copies = [(character, item) for character, held in zip(characters, request["items"])
                  for item in sorted(held) if item in items]
        if not copies:
            return []
        now = _holders(copies)
        trades, seen = [], {now}
        for takers in itertools.product(characters, repeat=len(copies)):
            after = _holders([(taker, item) for taker, (_, item) in zip(takers, copies)])
            if after in seen:
                continue
            seen.add(after)
            if len(trades) == MAX_DEALS:
                self.cut = True
                break
            trades.append({"trade": [{"from": giver, "to": taker, "item": item}
                                     for taker, (giver, item) in zip(takers, copies) if taker != giver]})
        return trades


def _holders(copies: Sequence[tuple[int, str]]) -> tuple:
    """Who holds how many of each item: ``((character, item, count), ...)``, sorted."""
    counted: dict[tuple[int, str], int] = {}
    for character, item in copies:
        counted[(character, item)] = counted.get((character, item), 0) + 1
    return tuple(sorted((c, i, n) for (c, i), n in counted.items()))
