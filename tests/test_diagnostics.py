"""Hints shared by many diagnostics: near misses for card numbers, capped lists."""

from __future__ import annotations

from cardforge_compiler.diagnostics import card_hint, did_you_mean, listed, near_cards


def test_near_cards_prefer_swapped_digits_then_off_by_one() -> None:
    assert near_cards(21, [12, 20, 22, 5]) == [12, 20, 22]
    assert near_cards(135, [153, 315, 136, 134]) == [153, 315, 134]
    assert near_cards(7, [100, 200]) == []


def test_a_missing_card_hint_never_lists_a_whole_story() -> None:
    ids = range(1, 351)
    hint = card_hint(9999, ids)
    assert hint == "the cards of this story numbered closest to 9999 are 343, 344, 345, 346, 347, 348, 349, 350 " \
                   "(350 cards in all)"
    assert len(card_hint(5000, ids)) < 120
    assert card_hint(99, [1, 2]) == "this story's cards are 1, 2"
    assert card_hint(31, ids) == "did you mean 13, 30 or 32?"


def test_listed_caps_at_eight() -> None:
    assert listed(range(10)) == "0, 1, 2, 3, 4, 5, 6, 7 and 2 more"
    assert listed([3]) == "3"


def test_did_you_mean_prefers_the_same_word_in_another_case() -> None:
    sides = ["Hallway A", "Hallway B", "Medium A", "Medium B", "Large A"]
    assert did_you_mean("hallway a", sides) == "did you mean 'Hallway A'?"
    assert did_you_mean("medium a", sides) == "did you mean 'Medium A'?"
    assert did_you_mean("HALLWAY A", sides) == "did you mean 'Hallway A'?"
    # Otherwise compared case-folded: a typo in another case still finds its word.
    assert did_you_mean("HALWAY B", sides) == "did you mean 'Hallway B'?"
    assert did_you_mean("movment", ["Movement", "Might"]) == "did you mean 'Movement'?"
    # Two choices that differ only by case: the first given.
    assert did_you_mean("COVER", ["cover", "Cover"]) == "did you mean 'cover'?"
    assert did_you_mean("Zzzz", sides) is None
    assert did_you_mean(120, [12, 130]) == "did you mean 12?"
