"""Draw chains: every chain of draws ends.

A **chain** is the draws made because one card is resolved: the card a rule draws or
uses (the Enemy Turn's Threat card, a Reaction card, a Loot card, a kept card used)
starts it, and every card its effects draw (``draw``), and every card those draw, belong
to it. Cards that draw from their own deck, with a deck that reshuffles its discard
pile when the draw pile runs out, could otherwise draw each other again and again: a
deck of 20 cards that each say "draw 2 cards" drew 2**20 - 1 cards, about a million.

The rule (docs/rulings.md, "A card drawn twice in one chain"): within one chain a card
instance is drawn at most once. A draw whose top card (after the usual reshuffle of an
empty draw pile, ``decks.draw``) is one the chain already drew, or is resolving, puts
it back on top of the draw pile (``decks.put_back``) and takes nothing: event
``{"event": "chain-ends", "deck", "card", "reason": "drawn-in-chain"}``. The effects of
the cards being resolved still apply ("doing as much as possible"), and a later draw of
the same chain takes a card if the top one is new to it. So one chain draws at most
as many cards as the decks it draws from hold, whatever the cards say.

Rule sources: Gascony's Legacy, "Named Enemy" (Enemy Turn: "draw the top card from its
Threat deck, resolve only the top portion, and place the card in a discard pile [...]
Note: Some Named Enemy cards will instruct you to draw multiple cards": a drawn card is
a new card), "Enemy Reaction cards" ("Reshuffle the Deck").

Dependencies: none (the deck engine is passed in).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

__all__ = ["CHAIN_ENDS", "ChainDecks", "draw_in_chain"]

#: The event of a draw the chain rule refused.
CHAIN_ENDS = "chain-ends"


class ChainDecks(Protocol):
    """The deck operations a chain draw uses (``effects.DeckAccess``)."""

    def draw(self, deck: str) -> str | None: ...
    def put_back(self, card: str) -> None: ...


def draw_in_chain(decks: ChainDecks, deck: str, chain: list[str],
                  record: Callable[[dict[str, Any]], None]) -> str | None:
    """Draw the top card of ``deck`` for a chain (module docstring).

    Args:
        decks: the deck engine (``draw``: the top card, reshuffling an empty draw pile
            as the deck says; ``put_back``: a card back on top of its draw pile).
        deck: the deck's name.
        chain: the instance ids the chain has drawn or is resolving (shared by every
            ``effects.Resolution`` of the chain); the card drawn is appended.
        record: where the events go.

    Returns:
        The card id drawn; ``None`` when the deck has no card left (event
        ``{"event": "no-card", "deck"}``) or its top card was already drawn in this chain
        (put back; event ``{"event": "chain-ends", "deck", "card", "reason":
        "drawn-in-chain"}``).
    """
    card = decks.draw(deck)
    if card is None:
        record({"event": "no-card", "deck": deck})
        return None
    if card in chain:
        decks.put_back(card)
        record({"event": CHAIN_ENDS, "deck": deck, "card": card, "reason": "drawn-in-chain"})
        return None
    chain.append(card)
    return card
