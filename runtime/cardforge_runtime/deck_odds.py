"""Deck odds: the exact chance that a card turns up within the first draws of a
freshly shuffled deck (standard library only).

Gascony's Legacy, Setup and Battle Cards - Setup: a deck is shuffled, then cards are
drawn from the top. After a fair shuffle every order of the cards is equally likely,
so whether at least one of ``k`` copies of a card lies among the top ``n`` of ``N``
cards follows the hypergeometric law::

    P(within n) = 1 - C(N - k, n) / C(N, n)

This is the chance among the first ``n`` draws of a fresh shuffle with no card put
back meanwhile (a "Reshuffle the Deck" card such as Duck!, or an empty draw pile,
starts a new shuffle: ``cardforge_runtime.decks`` plays those). Front ends (the
``cardforge stats`` command, a deck viewer) call these functions; the numbers are
``Fraction`` so nothing is rounded before it is shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb

__all__ = ["chance_within", "deck_odds"]


def _whole(name: str, value: object, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise ValueError(f"{name} must be a whole number of at least {low}, not {value!r}")
    return value


def chance_within(deck_size: int, copies: int, draws: int) -> Fraction:
    """The exact chance that at least one of ``copies`` copies of a card is among the
    first ``draws`` cards drawn from a freshly shuffled deck of ``deck_size`` cards:
    ``1 - C(deck_size - copies, draws) / C(deck_size, draws)``.

    Drawing more cards than the deck holds draws the whole deck (chance 1 for a card
    it holds); a card with no copies, or no draw, has chance 0.

    Args:
        deck_size: cards in the deck (0 or more).
        copies: copies of the card in it (0 to ``deck_size``).
        draws: cards drawn from the top (0 or more).

    Raises:
        ValueError: a value is not a whole number, is negative, or ``copies`` is more
            than ``deck_size``.
    """
    size = _whole("deck_size", deck_size, 0)
    k = _whole("copies", copies, 0)
    n = _whole("draws", draws, 0)
    if k > size:
        raise ValueError(f"copies ({k}) cannot be more than the deck's {size} cards")
    n = min(n, size)
    if k == 0 or n == 0:
        return Fraction(0)
    return 1 - Fraction(comb(size - k, n), comb(size, n))


def deck_odds(counts: Sequence[int], draws: int) -> list[list[Fraction]]:
    """For a deck whose cards have these ``counts`` (copies of each card; the deck
    holds their sum), the chance of each card within the first 1, 2, ..., ``draws``
    draws of a fresh shuffle: ``result[i][n - 1] == chance_within(sum(counts),
    counts[i], n)``.

    Raises:
        ValueError: a count is not a whole number of at least 0; ``draws`` is not a
            whole number of at least 1.
    """
    for count in counts:
        _whole("a card's count", count, 0)
    _whole("draws", draws, 1)
    size = sum(counts)
    return [[chance_within(size, k, n) for n in range(1, draws + 1)] for k in counts]
