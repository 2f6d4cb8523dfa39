"""The deck interface of the attack and effect rules (``scene.DeckAccess``) on the
deck engine: the game state's piles (``state["decks"]``), the deck generator, and the
bundle's decks and Threat decks by name.

Each method is one of ``decks``' named operations: ``draw`` (reshuffling an empty
draw pile first, except a Threat deck whose ``when_empty`` is ``nothing``),
``put_back``, ``discard``, ``to_box``, ``reshuffle`` (``reshuffle_card_says``: "Reshuffle the
Deck"), ``card`` (``card_of``). ``hold`` moves nothing: a drawn card is in no pile,
and the caller puts its id in the Character's ``cards``.

Dependencies: ``decks``, ``pcg``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from cardforge_runtime import decks
from cardforge_runtime.pcg import Pcg32

__all__ = ["GameDecks"]


class GameDecks:
    """``DeckAccess`` on the game state's deck piles.

    Args:
        piles: ``state["decks"]``: deck name -> ``{"draw", "discard", "box"}``
            (changed in place; set a Threat deck up with ``decks.new_piles`` and
            ``decks.shuffle_at_setup`` at the Battle's Setup 5d).
        bundle_decks: the pack's decks and Threat decks (bundle objects with ``name``
            and ``cards``).
        rng: the deck generator (``decks.deck_rng(seed)``), never the dice generator.
    """

    def __init__(self, piles: dict[str, dict[str, list[str]]], bundle_decks: Iterable[Mapping[str, Any]],
                 rng: Pcg32) -> None:
        self.piles = piles
        self.decks = {deck["name"]: deck for deck in bundle_decks}
        self.rng = rng

    def draw(self, deck: str) -> str | None:
        """The top card of ``deck`` (``decks.draw``), or ``None``. A Threat deck with
        ``when_empty: nothing`` is not reshuffled when its draw pile runs out."""
        piles = self.piles[deck]
        if not piles["draw"] and self.decks[deck].get("when_empty") == "nothing":
            return None
        return decks.draw(piles, self.rng)

    def put_back(self, card: str) -> None:
        """``card``, drawn and not taken, back on top of its deck's draw pile (``decks.put_back``)."""
        decks.put_back(self.piles[decks.deck_of(card)], card)

    def discard(self, card: str) -> None:
        """``card`` onto its deck's discard pile."""
        decks.discard(self.piles[decks.deck_of(card)], card)

    def to_box(self, card: str) -> None:
        """``card`` into its deck's box: it never comes back on a reshuffle."""
        decks.to_box(self.piles[decks.deck_of(card)], card)

    def reshuffle(self, card: str) -> None:
        """"Reshuffle the Deck": the discard pile and ``card`` into the draw pile, shuffled."""
        decks.reshuffle_card_says(self.piles[decks.deck_of(card)], card, self.rng)

    def hold(self, card: str) -> None:
        """``card`` is now held by a Character: in no pile (nothing to move)."""
        if any(card in pile for pile in self.piles[decks.deck_of(card)].values()):
            raise ValueError(f"{card} is still in a pile; only a drawn card can be held")

    def card(self, card: str) -> dict[str, Any]:
        """The bundle card of instance ``card``."""
        return decks.card_of(self.decks, card)
