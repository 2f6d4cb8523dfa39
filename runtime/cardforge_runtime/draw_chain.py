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

Which portion of a drawn card resolves (``drawn_portion``; docs/rulings.md, "The
portion a drawn card resolves"): a card of a plain deck (``kind: deck``) always
resolves its ``effects``; a Threat card resolves the ``portion`` the ``draw`` names,
else the drawing card's own portion when that is ``threat`` or ``reaction``; a card
with no such portion (a Reaction or Loot card) must name one (lint ``CF837``).

Rule sources: Gascony's Legacy, "Named Enemy" (Enemy Turn: "draw the top card from its
Threat deck, resolve only the top portion, and place the card in a discard pile [...]
Note: Some Named Enemy cards will instruct you to draw multiple cards": a drawn card is
a new card), "Enemy Reaction cards" ("Reshuffle the Deck").

Dependencies: none (the deck engine is passed in).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

__all__ = ["CHAIN_ENDS", "THREAT_PORTIONS", "ChainDecks", "draw_in_chain", "drawn_portion"]

#: The event of a draw the chain rule refused.
CHAIN_ENDS = "chain-ends"

#: The portions of a Threat card (``effect_fields.PORTIONS``): a drawing card in one of
#: them passes it on to the Threat card it draws.
THREAT_PORTIONS = ("threat", "reaction")


def drawn_portion(into_threat_deck: bool, portion: str | None, drawing: str) -> str | None:
    """The portion of a card drawn by a ``draw`` effect that resolves (module docstring).

    Args:
        into_threat_deck: the deck drawn from is a Threat deck (the pack's
            ``threat_decks``), not a plain deck.
        portion: the ``draw`` effect's ``portion`` (``threat`` / ``reaction``), or ``None``.
        drawing: the portion of the drawing card being resolved (``effects``, ``use``,
            ``threat`` or ``reaction``).

    Returns:
        ``"effects"`` for a plain deck's card (whatever ``portion`` says: it has no
        other); for a Threat card ``portion``, else ``drawing`` when it is a Threat
        portion, else ``None``: the draw does not say which portion (``CF837``; the
        engine raises ``EngineError``).
    """
    if not into_threat_deck:
        return "effects"
    if portion is not None:
        return portion
    return drawing if drawing in THREAT_PORTIONS else None


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
