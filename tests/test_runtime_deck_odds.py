"""Deck odds (``cardforge_runtime.deck_odds``): exact values by hand, and
properties (hypothesis) against brute-force enumeration of every shuffle."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardforge_runtime.deck_odds import chance_within, deck_odds

# Small decks: up to 4 distinct cards, 7 cards in all (7! = 5040 orders to enumerate).
small_decks = st.lists(st.integers(min_value=1, max_value=3), min_size=1, max_size=4).filter(lambda c: sum(c) <= 7)


def brute_force(counts: list[int], draws: int) -> list[Fraction]:
    """Each card's chance within the first ``draws`` cards, counted over every order of
    the deck's instances (all equally likely after a fair shuffle)."""
    instances = [i for i, k in enumerate(counts) for _ in range(k)]
    hits = [0] * len(counts)
    orders = 0
    for order in itertools.permutations(instances):
        orders += 1
        for card in set(order[:draws]):
            hits[card] += 1
    return [Fraction(h, orders) for h in hits]


def test_values_by_hand():
    # 2 Duck! among 20 Reaction cards: 1/10 on the first draw; 1 - (18*17)/(20*19) = 37/190 within 2.
    assert chance_within(20, 2, 1) == Fraction(1, 10)
    assert chance_within(20, 2, 2) == Fraction(37, 190)
    # 1 card in 4: 1/4, 1/2, 3/4, then certain.
    assert [chance_within(4, 1, n) for n in range(1, 6)] == [Fraction(1, 4), Fraction(1, 2), Fraction(3, 4), 1, 1]
    # 3 copies in 5: within 3 draws it is certain (only 2 other cards).
    assert chance_within(5, 3, 3) == 1
    assert chance_within(5, 3, 2) == 1 - Fraction(1, 10)


def test_edges():
    assert chance_within(0, 0, 3) == 0          # an empty deck
    assert chance_within(5, 0, 3) == 0          # a card with no copies
    assert chance_within(5, 2, 0) == 0          # no draw
    assert chance_within(5, 5, 1) == 1          # every card is this card


@pytest.mark.parametrize(("args", "message"), [
    ((3, 4, 1), "copies (4) cannot be more than the deck's 3 cards"),
    ((-1, 0, 1), "deck_size must be a whole number of at least 0"),
    ((3, 1, -2), "draws must be a whole number of at least 0"),
    ((3, True, 1), "copies must be a whole number"),
    ((3.0, 1, 1), "deck_size must be a whole number"),
])
def test_bad_input_is_refused(args, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        chance_within(*args)


def test_deck_odds_refuses_bad_draws_and_counts():
    with pytest.raises(ValueError, match="draws must be a whole number of at least 1"):
        deck_odds([1, 2], 0)
    with pytest.raises(ValueError, match="a card's count"):
        deck_odds([1, -2], 2)


@settings(max_examples=60, deadline=None)
@given(counts=small_decks, draws=st.integers(min_value=1, max_value=8))
def test_matches_brute_force_enumeration(counts, draws):
    table = deck_odds(counts, draws)
    for n in range(1, draws + 1):
        assert [row[n - 1] for row in table] == brute_force(counts, n)


@settings(max_examples=200)
@given(counts=st.lists(st.integers(min_value=0, max_value=6), min_size=1, max_size=8).filter(lambda c: sum(c) > 0),
       draws=st.integers(min_value=1, max_value=12))
def test_sums_and_monotony(counts, draws):
    size = sum(counts)
    table = deck_odds(counts, draws)
    # One draw: exactly one card turns up, so the chances sum to 1 (each is the card's share).
    assert sum(row[0] for row in table) == 1
    assert [row[0] for row in table] == [Fraction(k, size) for k in counts]
    for k, row in zip(counts, table):
        assert all(0 <= p <= 1 for p in row)
        assert row == sorted(row)                                  # never falls as more cards are drawn
        if draws >= size:
            assert row[size - 1:] == [Fraction(1 if k else 0)] * (draws - size + 1)   # the whole deck drawn
    # More copies of a card never make it rarer.
    for n in range(1, draws + 1):
        assert all(chance_within(size + 1, k, n) <= chance_within(size + 1, k + 1, n) for k in range(size))
