"""Draw chains end (``cardforge_runtime.draw_chain``; docs/rulings.md, "A card drawn
twice in one chain"): cards whose effects draw from their own deck, in a deck that
reshuffles its discard pile when the draw pile runs out, drew one another again and
again (a Threat deck of n cards that each say "draw 2 Threat cards" drew 2**n - 1 cards:
about a million for 20). Within one chain a card instance is drawn at most once."""

from __future__ import annotations

import copy
import json

import pytest

from _battle_helpers import PACK, character, fx, place_named, play, scene_of
from _runtime_helpers import TEST_DECKS, make_bundle
from hypothesis import given, settings
from hypothesis import strategies as st

from cardforge_runtime import Session, load_bundle
from cardforge_runtime import decks as D
from cardforge_runtime.battle.effects import Resolution, draw_and_resolve
from cardforge_runtime.errors import EngineError

ROWS = ["......"] * 6


def threat_card(name: str, threat: list, count: int = 1) -> dict:
    return {"name": name, "count": count, "threat": threat, "reaction": [], "text": {"threat": "", "reaction": ""}}


def cardinal_with(cards: list[dict], order: list[str] | None = None, when_empty: str = "reshuffle"):
    """A Battle whose Cardinal Richelieu has a Threat deck of ``cards`` (``order``: the
    names on top of its draw pile)."""
    pack = copy.deepcopy(PACK)
    pack["threat_decks"] = [{"name": "Cardinal Richelieu", "when_empty": when_empty, "text": "", "cards": cards}]
    scene = scene_of(ROWS, [character("Athos", 3, 3)], pack=pack, order={"Cardinal Richelieu": order or []})
    return scene, place_named(scene, "Cardinal Richelieu", (3, 3))


def enemy_turn_draw(scene, cardinal):
    """The Enemy Turn's Threat card (Named Enemy: "draw the top card from its Threat
    deck, resolve only the top portion")."""
    return play(scene, draw_and_resolve(scene, "Cardinal Richelieu", Resolution(this=cardinal, portion="threat")), [])


def deck_events(scene) -> list[tuple]:
    keys = {"card": ("card", "fate"), "no-card": ("deck",), "chain-ends": ("deck", "card", "reason")}
    return [(e["event"], *(e[k] for k in keys[e["event"]])) for e in scene.events if e["event"] in keys]


def test_a_threat_deck_whose_every_card_draws_two_more_draws_each_card_once():
    """Three copies of "draw 2 Threat cards": the first draws the second, which draws
    the third, which finds both piles empty; then each further draw meets a card the
    chain already drew (the third, reshuffled back from the discard pile): the chain
    ends there, the card stays on top. Before the rule: 7 cards (2**3 - 1)."""
    scene, cardinal = cardinal_with([threat_card("Again", [fx("draw", count=2)], count=3)])
    first, second, third = scene.decks.piles["Cardinal Richelieu"]["draw"]
    enemy_turn_draw(scene, cardinal)
    assert deck_events(scene) == [
        ("card", first, "discard"), ("card", second, "discard"), ("card", third, "discard"),
        ("no-card", "Cardinal Richelieu"), ("no-card", "Cardinal Richelieu"),
        ("chain-ends", "Cardinal Richelieu", third, "drawn-in-chain"),
        ("chain-ends", "Cardinal Richelieu", third, "drawn-in-chain"),
    ]
    assert scene.decks.piles["Cardinal Richelieu"] == {"draw": [third], "discard": [second, first], "box": []}
    assert scene.decks.faults(scene.game) == []
    # the next Enemy Turn is a new chain: it draws again, the third card first
    enemy_turn_draw(scene, cardinal)
    assert [e for e in deck_events(scene)[7:] if e[0] == "card"][0] == ("card", third, "discard")
    assert scene.decks.faults(scene.game) == []


def test_two_cards_drawing_each_other_with_a_reshuffle_end_and_keep_every_card():
    """"Plot": draw 2 Threat cards; "Counterplot": draw 1 Threat card, then reshuffle
    the deck (this card too). The Counterplot goes back into the draw pile, where
    Plot's second draw meets it again: not drawn twice."""
    plot = threat_card("Plot", [fx("draw", count=2)])
    counterplot = threat_card("Counterplot", [fx("draw", count=1), fx("reshuffle")])
    scene, cardinal = cardinal_with([plot, counterplot], order=["Plot"])
    enemy_turn_draw(scene, cardinal)
    plot_id, counter_id = "Cardinal Richelieu#1", "Cardinal Richelieu#2"
    assert deck_events(scene) == [
        ("card", plot_id, "discard"), ("card", counter_id, "reshuffle"), ("no-card", "Cardinal Richelieu"),
        ("chain-ends", "Cardinal Richelieu", counter_id, "drawn-in-chain"),
    ]
    assert scene.decks.piles["Cardinal Richelieu"] == {"draw": [counter_id], "discard": [plot_id], "box": []}
    assert scene.decks.faults(scene.game) == []


def test_a_card_drawn_twice_by_different_chains_is_drawn_each_time():
    """The rule is per chain: a deck whose card draws nothing is drawn through over and
    over by separate Enemy Turns (2 cards, 5 turns: 5 cards, no chain-ends)."""
    scene, cardinal = cardinal_with([threat_card("Scheme", [], count=2)])
    for _ in range(5):
        enemy_turn_draw(scene, cardinal)
    assert [e[0] for e in deck_events(scene)] == ["card"] * 5
    assert scene.decks.faults(scene.game) == []


@settings(max_examples=60, deadline=None)
@given(cards=st.lists(st.tuples(st.integers(1, 3), st.integers(0, 3), st.booleans()), min_size=1, max_size=4),
       when_empty=st.sampled_from(["reshuffle", "nothing"]))
def test_every_chain_draws_each_card_at_most_once_and_keeps_every_card(cards, when_empty):
    """Any Threat deck of cards that draw 0-3 more cards (some reshuffling the deck),
    up to 12 instances: one Enemy Turn resolves at most as many cards as the deck
    holds, each instance at most once, and every card is somewhere afterwards."""
    deck = [threat_card(f"Card {i}", [fx("draw", count=draws)] * bool(draws) + [fx("reshuffle")] * shuffles, count)
            for i, (count, draws, shuffles) in enumerate(cards)]
    scene, cardinal = cardinal_with(deck, when_empty=when_empty)
    enemy_turn_draw(scene, cardinal)
    drawn = [e[1] for e in deck_events(scene) if e[0] == "card"]
    assert len(drawn) == len(set(drawn)) <= sum(count for count, _, _ in cards)
    assert scene.decks.faults(scene.game) == []


# -- a save in the middle of a chain ------------------------------------------------------


def chain_session():
    """The easier game with Loot that draws: each "Again" finds an Equipment card (a
    Musket: over 2 hands, a `leave` request in the middle of the chain), then draws 2
    more Loot cards from its own deck."""
    decks = copy.deepcopy(TEST_DECKS)
    decks[0]["cards"] = [{"name": "Unarmed", "count": 1, "unarmed": True, "hands": 1, "cost": 0},
                         {"name": "Musket", "count": 3, "hands": 2, "cost": 3},
                         {"name": "Dagger", "count": 1, "hands": 1, "cost": 1}]
    decks[1]["cards"] = [{"name": "Again", "count": 3,
                          "effects": [{"kind": "draw", "deck": "Equipment"}, {"kind": "draw", "count": 2}]}]
    boards = [{"name": "Anne", "stats": {"Prowess": 3, "Movement": 2}, "destiny": 3, "health": 3, "items": [],
               "weapons": ["Dagger"]},
              {"name": "Bertrand", "stats": {"Prowess": 2, "Movement": 6}, "destiny": 1, "health": 2, "items": [],
               "weapons": []}]
    bundle = load_bundle(make_bundle([{"id": 1, "steps": [{"kind": "victory", "text": "Won."}]}], characters=boards,
                                     decks=decks, carry={"hands": 2},
                                     difficulty=[{"name": "easier", "start_draws": {"deck": "Loot", "per_character": 1}}]))
    return Session.start(bundle, "s", players=2, seed=3, difficulty="easier")


def leave_a_musket(request: dict) -> dict:
    return {"leave": [next(c["card"] for c in request["cards"] if c["item"] == "Musket")]}


def play_to_the_end(session, save_at: int | None = None):
    """Answer every request (leave a Musket; ``{}`` otherwise); with ``save_at``, save
    at that request and go on with the loaded session instead. The session played."""
    asked = 0
    while session.pending["kind"] != "end":
        if asked == save_at:
            session = Session.load(session.bundle, json.dumps(session.save()))
        request = session.pending
        session.answer(leave_a_musket(request) if request["kind"] == "leave" else {})
        asked += 1
    return session


def test_a_save_in_the_middle_of_a_chain_resumes_it_unchanged():
    session = chain_session()
    assert session.pending["kind"] == "leave" and session.pending["character"] == 0      # inside the first chain
    straight = play_to_the_end(chain_session())
    events = [(e["event"], e.get("card"), e.get("character")) for entry in straight.log for e in entry["events"]
              if e["event"] in ("card", "leave", "no-card", "chain-ends", "loot")]
    anne = [("card", "Loot#1", None), ("card", "Equipment#2", None), ("leave", "Equipment#2", 0),
            ("card", "Loot#3", None), ("card", "Equipment#3", None), ("leave", "Equipment#3", 0),
            ("card", "Loot#2", None), ("card", "Equipment#4", None), ("leave", "Equipment#4", 0),
            ("no-card", None, None), ("no-card", None, None),
            ("chain-ends", "Loot#2", None), ("chain-ends", "Loot#2", None), ("loot", "Loot#1", 0)]
    bertrand = [("card", "Loot#2", None), ("card", "Equipment#4", None),
                ("card", "Loot#3", None), ("card", "Equipment#3", None), ("leave", "Equipment#4", 1),
                ("card", "Loot#1", None), ("card", "Equipment#2", None), ("leave", "Equipment#3", 1),
                ("no-card", None, None), ("no-card", None, None),
                ("chain-ends", "Loot#1", None), ("chain-ends", "Loot#1", None), ("loot", "Loot#2", 1)]
    assert events == anne + bertrand
    assert straight.state["decks"]["Loot"] == {"draw": ["Loot#1"], "discard": ["Loot#3", "Loot#2"], "box": []}
    assert straight.state["decks"]["Equipment"] == {"draw": [], "discard": ["Equipment#4", "Equipment#3"], "box": []}
    assert [c["cards"] for c in straight.state["characters"]] == [["Equipment#5"], ["Equipment#2"]]
    decks = list(straight.bundle.data["packs"][0]["decks"])
    assert D.check_conservation(straight.state, decks) == []
    for save_at in range(5):       # at each of the 5 leave requests, 3 of them inside the first chain
        resumed = play_to_the_end(chain_session(), save_at=save_at)
        assert resumed.state == straight.state and resumed.log == straight.log


# -- the portion a drawn card resolves (draw_chain.drawn_portion) ----------------------


def cross_deck_scene(threat_card_effects: list, reaction_card_effects: list, order: dict[str, list[str]]):
    """A Battle with Athos adjacent to Cardinal Richelieu, whose Threat deck holds
    "Call" (both portions ``threat_card_effects``) over "Guards!" and "Scheme", and a
    Reaction deck holding "Summon" (``reaction_card_effects``) over Counterattack
    ("if adjacent, you suffer 1 Wound")."""
    from _battle_helpers import place_character
    pack = copy.deepcopy(PACK)
    pack["threat_decks"][0]["cards"].insert(0, {"name": "Call", "count": 1, "threat": threat_card_effects,
                                                "reaction": threat_card_effects,
                                                "text": {"threat": "", "reaction": ""}})
    reaction = next(d for d in pack["decks"] if d["name"] == "Reaction")
    reaction["cards"].insert(0, {"name": "Summon", "count": 1, "effects": reaction_card_effects, "text": ""})
    scene = scene_of(ROWS, [character("Athos", 3, 3)], pack=pack, order=order)
    cardinal = place_named(scene, "Cardinal Richelieu", (3, 3))
    athos = place_character(scene, 0, (3, 4), "north", ["Rapier"])
    return scene, cardinal, athos


@pytest.mark.parametrize("portion", ["threat", "reaction"])
def test_a_threat_card_drawing_a_reaction_card_resolves_its_effects(portion):
    """A Threat card's "draw 1 Reaction card" (no ``portion``): the Reaction card has
    only ``effects``, and they resolve (they resolved its nonexistent ``threat`` /
    ``reaction`` portion: nothing happened)."""
    scene, cardinal, athos = cross_deck_scene([fx("draw", deck="Reaction")], [],
                                              {"Cardinal Richelieu": ["Call"], "Reaction": ["Counterattack"]})
    health = scene.game["characters"][0]["health"]
    play(scene, draw_and_resolve(scene, "Cardinal Richelieu", Resolution(you=athos, this=cardinal, portion=portion)),
         [])
    counterattack = scene.decks.id_of("Reaction", "Counterattack")
    drawn = [e for e in scene.events if e["event"] == "card" and e["card"] == counterattack]
    assert [e["portion"] for e in drawn] == ["effects"]
    assert scene.game["characters"][0]["health"] == health - 1             # Counterattack: 1 Wound
    assert scene.decks.piles["Reaction"]["discard"] == [counterattack]
    assert scene.decks.faults(scene.game) == []


def test_a_reaction_card_drawing_a_threat_card_must_say_which_portion():
    """A Reaction card's ``draw: {deck: <Threat deck>}`` with no ``portion``: a Threat
    card has no ``effects``, so which portion resolves is the card's to say (lint
    CF837); the engine refuses rather than resolve nothing (it resolved the Threat
    card's nonexistent ``effects``)."""
    scene, cardinal, athos = cross_deck_scene([], [fx("draw", deck="Cardinal Richelieu")],
                                              {"Reaction": ["Summon"], "Cardinal Richelieu": ["Scheme"]})
    with pytest.raises(EngineError, match="does not say which resolves"):
        play(scene, draw_and_resolve(scene, "Reaction", Resolution(you=athos, this=cardinal)), [])


def test_a_reaction_card_drawing_a_threat_card_resolves_the_portion_it_names():
    scene, cardinal, athos = cross_deck_scene([], [fx("draw", deck="Cardinal Richelieu", portion="reaction")],
                                              {"Reaction": ["Summon"], "Cardinal Richelieu": ["Scheme"]})
    play(scene, draw_and_resolve(scene, "Reaction", Resolution(you=athos, this=cardinal)), [])
    scheme = scene.decks.id_of("Cardinal Richelieu", "Scheme")
    assert [e["portion"] for e in scene.events if e["event"] == "card" and e["card"] == scheme] == ["reaction"]
    assert scene.game["characters"][0]["status"] == ["Doom"]              # Scheme's reaction: Doom


def test_drawn_portion():
    """A plain deck's card resolves ``effects`` whatever the draw says; a Threat card the
    portion named, else the drawing card's Threat portion, else none."""
    from cardforge_runtime.draw_chain import drawn_portion
    assert [drawn_portion(False, p, d) for p, d in [(None, "threat"), (None, "use"), ("reaction", "effects")]] == \
        ["effects"] * 3
    assert [drawn_portion(True, p, d) for p, d in [(None, "threat"), (None, "reaction"), ("threat", "reaction"),
                                                   ("reaction", "effects"), (None, "effects"), (None, "use")]] == \
        ["threat", "reaction", "threat", "reaction", None, None]
