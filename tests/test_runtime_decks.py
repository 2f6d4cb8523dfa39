"""The deck engine (cardforge_runtime.decks): instance ids, the deck generator's test
vectors (docs/runtime.md, The deck generator), each named operation's scope with a
seeded order, and properties: a shuffle is a permutation; no card is lost or
duplicated through any sequence of operations and JSON round trips (save/load)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardforge_runtime import Pcg32
from cardforge_runtime import decks as D

REACTION = {"name": "Reaction", "role": "reaction", "cards": [
    {"name": "Dodge", "count": 2, "effects": []},
    {"name": "Duck!", "count": 1, "effects": [{"kind": "cancel-wound"}, {"kind": "reshuffle"}]},
    {"name": "Counterattack", "count": 3, "effects": []},
]}
EQUIPMENT = {"name": "Equipment", "role": "equipment", "cards": [
    {"name": "Unarmed", "count": 1, "unarmed": True, "cost": 0, "hands": 1},
    {"name": "Rapier", "count": 2, "cost": 3, "hands": 1},
    {"name": "Musket", "count": 1, "cost": 6, "hands": 2},
]}
BY_NAME = {deck["name"]: deck for deck in (REACTION, EQUIPMENT)}


def test_instance_ids_follow_bundle_order_and_counts():
    assert D.instance_ids(REACTION) == [f"Reaction#{n}" for n in range(1, 7)]
    # the Unarmed card is numbered but has no instance: it never leaves play
    assert D.instance_ids(EQUIPMENT) == ["Equipment#2", "Equipment#3", "Equipment#4"]
    assert D.card_of(BY_NAME, "Reaction#3")["name"] == "Duck!"
    assert D.card_of(BY_NAME, "Reaction#6")["name"] == "Counterattack"
    assert D.card_of(BY_NAME, "Equipment#4")["name"] == "Musket"
    with pytest.raises(KeyError):
        D.card_of(BY_NAME, "Reaction#7")


@pytest.mark.parametrize(("seed", "outputs", "shuffled", "deck"), [
    (0, [0x60388CD4, 0xEDDE4FC2, 0x649F2EE4, 0xACA6243B], [7, 3, 2, 8, 5, 1, 0, 9, 6, 4], [1, 2, 4, 3, 5]),
    (1, [0xF64E67B5, 0xADCDE906, 0x597BA899, 0xC2B5F3AD], [9, 7, 5, 2, 6, 4, 0, 1, 8, 3], [1, 2, 5, 3, 4]),
    (7, [0x50C876E3, 0x6D4F3247, 0x05EEA209, 0xD97EE704], [9, 8, 2, 0, 3, 7, 4, 1, 6, 5], [2, 3, 5, 4, 1]),
    (42, [0xADD2C78F, 0x335DE4AB, 0xB53E3ABC, 0x6763A1BB], [2, 0, 7, 1, 8, 6, 9, 4, 3, 5], [3, 2, 5, 4, 1]),
    (2**64 - 1, [0x9B6BDDA9, 0xF938F8CF, 0x6B8E14CC, 0xB8F1505F], [1, 6, 2, 9, 0, 5, 3, 8, 4, 7], [1, 2, 5, 4, 3]),
])
def test_deck_generator_vectors_match_the_docs(seed, outputs, shuffled, deck):
    rng = D.deck_rng(seed)
    assert rng.increment == (55 << 1) | 1
    assert [rng.next_u32() for _ in range(4)] == outputs
    rng, items = D.deck_rng(seed), list(range(10))
    rng.shuffle(items)
    assert items == shuffled
    piles = D.new_piles({"name": "D", "cards": [{"name": "c", "count": 5}]})
    D.shuffle_at_setup(piles, D.deck_rng(seed))
    assert piles == {"draw": [f"D#{n}" for n in deck], "discard": [], "box": []}


def test_deck_generator_is_not_the_dice_generator():
    assert [D.deck_rng(7).next_u32() for _ in range(1)] != [Pcg32(7).next_u32()]


def test_draw_reshuffles_the_discard_pile_when_empty_and_box_stays():
    piles = {"draw": ["Reaction#1"], "discard": ["Reaction#2", "Reaction#3", "Reaction#4"], "box": ["Reaction#5"]}
    rng = D.deck_rng(42)
    assert D.draw(piles, rng) == "Reaction#1"
    assert piles["draw"] == []
    card = D.draw(piles, rng)          # empty: discard pile shuffled into the draw pile first
    expected = ["Reaction#2", "Reaction#3", "Reaction#4"]
    D.deck_rng(42).shuffle(expected)
    assert card == expected[0] and piles["draw"] == expected[1:]
    assert piles["discard"] == [] and piles["box"] == ["Reaction#5"]   # a box card never comes back
    empty = {"draw": [], "discard": [], "box": ["Reaction#1"]}
    assert D.draw(empty, rng) is None


def test_duck_reshuffles_discard_and_itself_but_not_the_box():
    piles = {"draw": ["Reaction#1", "Reaction#2"], "discard": ["Reaction#4"], "box": ["Reaction#5"]}
    D.reshuffle_card_says(piles, "Reaction#3", D.deck_rng(7))
    expected = ["Reaction#1", "Reaction#2", "Reaction#4", "Reaction#3"]
    D.deck_rng(7).shuffle(expected)
    assert piles == {"draw": expected, "discard": [], "box": ["Reaction#5"]}


def test_end_of_story_and_campaign_reset_leave_held_and_box_cards():
    state = {
        "decks": {"Equipment": {"draw": ["Equipment#2"], "discard": ["Equipment#4"], "box": []},
                  "Reaction": {"draw": ["Reaction#1"], "discard": ["Reaction#2", "Reaction#3"],
                               "box": ["Reaction#4", "Reaction#5", "Reaction#6"]}},
        "characters": [{"cards": ["Equipment#3"]}], "porter": [],
    }
    D.campaign_reset(state["decks"], D.deck_rng(3))
    rng = D.deck_rng(3)
    equipment, reaction = ["Equipment#2", "Equipment#4"], ["Reaction#1", "Reaction#2", "Reaction#3"]
    rng.shuffle(equipment)     # name order: Equipment first
    rng.shuffle(reaction)
    assert state["decks"]["Equipment"] == {"draw": equipment, "discard": [], "box": []}
    assert state["decks"]["Reaction"] == {"draw": reaction, "discard": [], "box": ["Reaction#4", "Reaction#5", "Reaction#6"]}
    assert state["characters"][0]["cards"] == ["Equipment#3"]     # the bought Rapier stays bought
    assert D.check_conservation(state, [REACTION, EQUIPMENT]) == []


def test_take_named_prefers_the_draw_pile_then_the_discard_pile():
    piles = {"draw": ["Equipment#4", "Equipment#3"], "discard": ["Equipment#2"], "box": []}
    assert D.take_named(piles, "Rapier", BY_NAME) == "Equipment#3"
    assert D.take_named(piles, "Rapier", BY_NAME) == "Equipment#2"
    assert D.take_named(piles, "Rapier", BY_NAME) is None
    assert piles == {"draw": ["Equipment#4"], "discard": [], "box": []}


def test_conservation_names_each_fault():
    state = {"decks": {"Equipment": {"draw": ["Equipment#2", "Equipment#3"], "discard": ["Equipment#3"],
                                     "box": ["Equipment#9"]}},
             "characters": [{"cards": []}], "porter": []}
    assert D.check_conservation(state, [EQUIPMENT]) == [
        "card Equipment#3 is in 2 places: Equipment draw pile, Equipment discard pile",
        "card Equipment#4 is nowhere",
        "card Equipment#9 is not a card of any deck (Equipment box)",
    ]


# -- properties -------------------------------------------------------------------

@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**64 - 1), st.lists(st.text(max_size=3), max_size=30))
def test_a_shuffle_is_a_permutation(seed, items):
    shuffled = list(items)
    D.deck_rng(seed).shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)


OPERATIONS = st.lists(st.tuples(
    st.sampled_from(["draw-discard", "draw-box", "draw-hold", "hold-discard", "duck", "end", "campaign", "porter",
                     "porter-discard", "take", "save"]),
    st.sampled_from(["Reaction", "Equipment"]), st.integers(0, 2)), max_size=60)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**64 - 1), OPERATIONS)
def test_no_card_is_lost_or_duplicated(seed, operations):
    rng = D.deck_rng(seed)
    state = {"decks": {name: D.new_piles(deck) for name, deck in BY_NAME.items()},
             "characters": [{"cards": []}, {"cards": []}, {"cards": []}], "porter": []}
    for piles in state["decks"].values():
        D.shuffle_at_setup(piles, rng)
    for operation, name, who in operations:
        piles = state["decks"][name]
        hand = state["characters"][who]["cards"]
        if operation.startswith("draw"):
            card = D.draw(piles, rng)
            if card is not None and operation == "draw-discard":
                D.discard(piles, card)
            elif card is not None and operation == "draw-box":
                D.to_box(piles, card)
            elif card is not None:
                hand.append(card)
        elif operation == "hold-discard" and hand:
            card = hand.pop(0)
            D.discard(state["decks"][D.deck_of(card)], card)
        elif operation == "duck":
            card = D.draw(piles, rng)
            if card is not None:
                D.reshuffle_card_says(piles, card, rng)
        elif operation == "end":
            D.end_of_story(piles, rng)
        elif operation == "campaign":
            D.campaign_reset(state["decks"], rng)
        elif operation == "porter":
            card = D.draw(piles, rng)
            if card is not None:
                state["porter"].append(card)
        elif operation == "porter-discard" and state["porter"]:
            card = state["porter"].pop()
            D.discard(state["decks"][D.deck_of(card)], card)
        elif operation == "take":
            card = D.take_named(piles, D.card_of(BY_NAME, D.instance_ids(BY_NAME[name])[who])["name"], BY_NAME)
            if card is not None:
                hand.append(card)
        elif operation == "save":
            state = json.loads(json.dumps(state))
            rng = Pcg32.from_json(json.loads(json.dumps(rng.to_json())))
        assert D.check_conservation(state, list(BY_NAME.values())) == []
