"""The story session's decks (cardforge_runtime.deck_play, between, story): Setup
(Starting Weapons, the Porter's cards, shuffles), purchases of real cards, sales to
the discard pile, gains and losses of deck cards (docs/rulings.md, Gaining a deck
card), the hands a Character carries (``leave``), Loot, difficulty options, saves
of version 4 and older saves carried over. Bundles are made by hand in the deck
shape of format 1.5.0 (tests/_runtime_helpers.py, TEST_DECKS)."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from _runtime_helpers import TEST_DECKS, advance, make_bundle
from cardforge_runtime import AnswerError, Session, SessionError, load_bundle
from cardforge_runtime import decks as D
from cardforge_runtime.deck_play import decks_by_name
from cardforge_runtime.loot import draw_loot
from cardforge_runtime.pcg import Pcg32


def drive(play):
    """Run a generator that must ask nothing; its return value."""
    try:
        request = next(play)
    except StopIteration as stop:
        return stop.value
    raise AssertionError(f"asked {request}")

GOTO_END = {"kind": "victory", "text": "Won."}
BOARDS = [
    {"name": "Anne", "stats": {"Prowess": 3, "Movement": 2}, "destiny": 3, "health": 3, "items": [],
     "weapons": ["Dagger"]},
    {"name": "Bertrand", "stats": {"Prowess": 2, "Movement": 6}, "destiny": 1, "health": 2, "items": [], "weapons": []},
]
DIFFICULTY = [{"name": "easier", "remove_cards": {"Loot": ["Coins"]}, "start_draws": {"deck": "Loot", "per_character": 1},
               "character_count": -1, "severe_wounds": False},
              {"name": "harder", "destiny_start": -2, "abilities": "stones-only"}]


def bundle(cards, **fields):
    options = {"characters": BOARDS, "decks": TEST_DECKS, "carry": {"hands": 2}, "difficulty": DIFFICULTY,
               "porter": {"deck": "Equipment", "cards_per_character": 1}, **fields}
    return load_bundle(make_bundle(cards, **options))


def start(cards, players=2, seed=3, difficulty=None, difficulty_options=None, **fields):
    if difficulty_options is not None:
        fields["difficulty"] = difficulty_options
    return Session.start(bundle(cards, **fields), "s", players=players, seed=seed, difficulty=difficulty)


def conserved(session):
    state = session.state
    return D.check_conservation(state, list(decks_by_name(session.bundle.data["packs"][0]).values())) == []


def test_setup_takes_starting_weapons_then_shuffles_then_fills_the_porter():
    session = start([{"id": 1, "steps": [GOTO_END]}], seed=3)
    anne, bertrand = session.state["characters"]
    # Setup 1f: "The Character's Starting Weapon from the Equipment deck": the first Dagger (bundle order)
    assert anne["items"] == ["Dagger"] and anne["cards"] == ["Equipment#5"] and bertrand["cards"] == []
    pile = ["Equipment#2", "Equipment#3", "Equipment#4", "Equipment#6", "Equipment#7", "Equipment#8"]
    rng = D.deck_rng(3)
    rng.shuffle(pile)                     # Equipment first (name order), then Loot, then Supplies
    assert session.state["porter"] == pile[:2] and session.state["decks"]["Equipment"]["draw"] == pile[2:]
    assert conserved(session)


def test_setup_takes_a_card_for_a_boards_item_that_is_a_deck_card_as_a_rebuilt_save_does():
    """A board's other ``items`` naming a deck card (a whole board given at Setup)
    hold a copy of the card, as a gain and ``carry_decks`` do: the deck no longer
    has it, so it is not also drawn or bought (all were left in the deck before)."""
    boards = [{**BOARDS[0], "items": ["Musket", "Letter"]}, BOARDS[1]]
    session = start([{"id": 1, "steps": [GOTO_END]}], characters=boards, porter=None, carry=None)
    anne = session.state["characters"][0]
    names = [D.card_of(decks_by_name(session.bundle.data["packs"][0]), c)["name"] for c in anne["cards"]]
    assert anne["items"] == ["Musket", "Letter", "Dagger"] and names == ["Musket", "Dagger"]
    assert len(session.state["decks"]["Equipment"]["draw"]) == 7 - 2      # 3 Muskets and 4 Daggers, less 2 held
    assert conserved(session)


def test_a_gain_takes_a_copy_from_the_draw_pile_then_the_discard_pile_then_none():
    gain = {"kind": "gain", "items": ["Musket"], "who": "one", "character": "Bertrand"}
    session = start([{"id": 1, "steps": [gain, gain, gain, {"kind": "lose", "items": ["Musket"], "who": "one",
                                                            "character": "Bertrand"}, gain, gain, GOTO_END]}],
                    carry=None, porter=None, seed=5)
    advance(session)
    bertrand = session.state["characters"][1]
    # three Muskets in the deck: each gain takes one, then the loss discards one and the next gain takes it back
    assert bertrand["items"] == ["Musket"] * 4 and len(bertrand["cards"]) == 3
    assert session.state["decks"]["Equipment"]["discard"] == []
    assert all(D.card_of(decks_by_name(session.bundle.data["packs"][0]), c)["name"] == "Musket" for c in bertrand["cards"])
    assert conserved(session)


def test_a_purchase_says_how_many_cards_were_asked_for_when_the_deck_runs_short():
    # 7 Equipment cards to draw: Anne's Starting Dagger and the Porter's 2 leave 4 for 3 x 2 players
    cards = [{"id": 1, "steps": [{"kind": "purchase", "deck": "Equipment", "per_player": 3}, GOTO_END]}]
    request = advance(start(cards, seed=3))
    assert (request["asked"], request["draw"], len(request["offers"])) == (6, 4, 4)
    cards = [{"id": 1, "steps": [{"kind": "purchase", "deck": "Equipment", "per_player": 1}, GOTO_END]}]
    request = advance(start(cards, seed=3))
    assert (request["asked"], request["draw"]) == (2, 2)
    cards = [{"id": 1, "steps": [{"kind": "purchase", "offers": [{"item": "Rope", "cost": 1}]}, GOTO_END]}]
    assert advance(start(cards, seed=3))["asked"] == 0


def test_a_purchase_sale_and_leave_move_real_cards():
    cards = [{"id": 1, "steps": [{"kind": "gain", "coins": 9, "who": "each"},
                                 {"kind": "purchase", "deck": "Equipment", "per_player": 2}, GOTO_END]}]
    session = start(cards, seed=3)
    request = advance(session)
    musket = next(o for o in request["offers"] if o["item"] == "Musket")
    dagger = next(o for o in request["offers"] if o["item"] == "Dagger")
    entry = session.answer({"sell": [{"character": 0, "item": "Dagger", "cost": 1}],
                            "buy": [{"offer": musket["offer"], "character": 0}, {"offer": dagger["offer"], "character": 0}]})
    assert entry["events"][0] == {"event": "sale", "character": 0, "item": "Dagger", "cost": 1, "coins": 1}
    assert "Equipment#5" in session.state["decks"]["Equipment"]["discard"]          # the sold Starting Weapon
    leave = session.pending
    assert leave == {"kind": "leave", "card": 1, "character": 0, "hands": 2,
                     "cards": [{"card": musket["card"], "item": "Musket", "hands": 2},
                               {"card": dagger["card"], "item": "Dagger", "hands": 1}]}
    before = session.state
    for bad, reason in [({"leave": []}, "would still carry 3 hands"), ({"leave": ["Equipment#99"]}, "lists the Equipment"),
                        ({"leave": [dagger["card"]] * 2}, "each card is left once"), ({}, "lists the Equipment")]:
        with pytest.raises(AnswerError, match=reason):
            session.answer(bad)
        assert session.state == before                  # a refused answer changes nothing
    entry = session.answer({"leave": [dagger["card"]]})
    assert entry["events"] == [{"event": "leave", "character": 0, "card": dagger["card"], "item": "Dagger"}]
    assert session.state["characters"][0]["items"] == ["Musket"]
    assert session.state["decks"]["Equipment"]["discard"][-1] == dagger["card"]
    assert conserved(session)


def test_a_trade_moves_the_card_and_may_ask_to_leave():
    cards = [{"id": 1, "steps": [{"kind": "gain", "items": ["Musket"], "who": "one", "character": "Bertrand"},
                                 {"kind": "goto", "card": 2}]}, {"id": 2, "steps": [GOTO_END]}]
    session = start(cards)
    while session.pending["kind"] != "between":
        session.answer({})
    session.answer({"trade": [{"from": 1, "to": 0, "item": "Musket"}]})
    assert session.pending["kind"] == "leave" and session.pending["character"] == 0
    assert [c["item"] for c in session.pending["cards"]] == ["Dagger", "Musket"]
    session.answer({"leave": [session.pending["cards"][1]["card"]]})
    assert session.state["characters"][0]["items"] == ["Dagger"] and session.state["characters"][1]["cards"] == []
    assert conserved(session)


def test_loot_applies_its_effects_and_keeps_or_discards():
    session = start([{"id": 1, "steps": [GOTO_END]}])
    state, pack = session.state, session.bundle.data["packs"][0]
    events = []
    results = [drive(draw_loot(state, pack, 1, D.deck_rng(1), events.append)) for _ in range(5)]
    names = sorted(r["item"] for r in results)
    assert names == ["Buckler", "Coins", "Coins", "Cross", "Cross"]
    assert state["coins"] == 4 and state["characters"][1]["destiny"] == 1       # Cross: +1 Destiny, at most the maximum
    assert state["characters"][1]["items"] == ["Buckler"] and len(state["decks"]["Loot"]["discard"]) == 4
    assert [e["kept"] for e in events if e["event"] == "loot"] == [r["item"] == "Buckler" for r in results]
    assert D.check_conservation(state, pack["decks"]) == []
    assert drive(draw_loot(state, {**pack, "decks": [d for d in pack["decks"] if d["role"] != "loot"]}, 0,
                           D.deck_rng(1), events.append)) is None


def test_loot_reshuffle_and_return_to_box_place_the_card_itself():
    decks = copy.deepcopy(TEST_DECKS)
    decks[1]["cards"] = [{"name": "Duck", "count": 1, "effects": [{"kind": "reshuffle"}]},
                         {"name": "Gone", "count": 1, "effects": [{"kind": "return-to-box"}, {"kind": "discard-weapon"}]}]
    session = start([{"id": 1, "steps": [GOTO_END]}], decks=decks)
    state, pack = session.state, session.bundle.data["packs"][0]
    events = []
    first = drive(draw_loot(state, pack, 0, D.deck_rng(2), events.append))
    second = drive(draw_loot(state, pack, 0, D.deck_rng(2), events.append))
    gone = first if first["item"] == "Gone" else second
    assert {"event": "no-attack", "effect": "discard-weapon"} in events   # no Attack to discard a Weapon of
    assert state["decks"]["Loot"]["box"] == [gone["card"]] and state["decks"]["Loot"]["discard"] == []
    assert D.check_conservation(state, pack["decks"]) == []


def test_the_easier_game():
    cards = [{"id": 1, "steps": [{"kind": "purchase", "deck": "Equipment", "per_player": 1},
                                 {"kind": "lose", "health": 9, "who": "one", "character": "Bertrand"}, GOTO_END]}]
    session = start(cards, difficulty="easier", seed=4)
    state = session.state
    loot = state["decks"]["Loot"]
    assert sorted(loot["box"]) == ["Loot#3", "Loot#4"]               # Coins removed at Setup
    assert len(loot["discard"]) + sum(c["items"].count("Buckler") for c in state["characters"]) == 2
    entry = session.answer({})                                       # the start draws are in the first entry
    # each card's own events (the one effect interpreter's, as in a Battle), then its loot entry
    assert [e["event"] for e in entry["events"] if e["event"] in ("card", "loot")] == ["card", "loot"] * 2
    assert [e["character"] for e in entry["events"] if e["event"] == "loot"] == [0, 1]
    request = advance(session)
    assert request["draw"] == 1                                      # 2 players count as 1
    session.answer({"buy": []})
    advance(session)
    bertrand = session.state["characters"][1]
    assert bertrand["fallen"] and bertrand["health_max"] == 2        # no Severe Wound


def test_the_harder_game_and_unknown_difficulties():
    session = start([{"id": 1, "steps": [GOTO_END]}], difficulty="harder")
    assert [c["destiny"] for c in session.state["characters"]] == [1, 0]
    assert session.save()["setup"]["difficulty"] == "harder"
    with pytest.raises(SessionError, match="no difficulty 'hardest' in Test Pack \\(it has: easier, harder\\)"):
        start([{"id": 1, "steps": [GOTO_END]}], difficulty="hardest")


def test_a_destiny_start_rise_stops_at_the_maximum():
    # "They can still gain additional Destiny up to their maximum" (Difficulty Adjustments):
    # a difficulty that adds Destiny never starts a Character above it ("Destiny 4/3")
    generous = [*DIFFICULTY, {"name": "generous", "destiny_start": 1}]
    boards = [{**BOARDS[0], "destiny_start": 1}, BOARDS[1]]
    session = start([{"id": 1, "steps": [GOTO_END]}], difficulty="generous", difficulty_options=generous,
                    characters=boards)
    assert [(c["destiny"], c["destiny_max"]) for c in session.state["characters"]] == [(1, 3), (1, 1)]
    session = start([{"id": 1, "steps": [GOTO_END]}], difficulty="generous", difficulty_options=generous)
    assert [(c["destiny"], c["destiny_max"]) for c in session.state["characters"]] == [(3, 3), (1, 1)]


def test_deck_state_survives_save_and_load_and_an_edited_pile_is_refused():
    cards = [{"id": 1, "steps": [{"kind": "gain", "coins": 9, "who": "each"},
                                 {"kind": "purchase", "deck": "Equipment", "per_player": 1}, {"kind": "goto", "card": 2}]},
             {"id": 2, "steps": [{"kind": "purchase", "deck": "Equipment", "per_player": 1}, GOTO_END]}]
    session = start(cards, seed=9)
    advance(session)
    session.answer({"buy": [{"offer": 0, "character": 1}]})
    advance(session)
    save = session.save()
    assert save["version"] == 5 and set(save["checkpoint"]) == {"state", "rng", "deck_rng", "log_length"}
    resumed = Session.load(session.bundle, json.dumps(save))
    assert resumed.state == session.state and resumed.pending == session.pending
    edited = copy.deepcopy(save)
    edited["checkpoint"]["state"]["decks"]["Equipment"]["draw"].append("Equipment#2")
    edited["content_hash"] = "sha256:" + "1" * 64                  # carried over: the state is checked
    with pytest.raises(SessionError, match="damaged"):
        Session.load(session.bundle, edited)


def test_an_older_save_gets_fresh_decks_with_a_warning():
    cards = [{"id": 1, "steps": [{"kind": "goto", "card": 2}]}, {"id": 2, "steps": [GOTO_END]}]
    session = start(cards, seed=2)
    advance(session)
    save = session.save()
    old = copy.deepcopy(save)
    old["version"] = 3
    for key in ("decks", "porter"):
        del old["checkpoint"]["state"][key]
    for character in old["checkpoint"]["state"]["characters"]:
        del character["cards"]
    del old["checkpoint"]["deck_rng"]
    del old["setup"]["difficulty"]
    resumed = Session.load(session.bundle, old)
    assert any("the decks are built fresh" in w for w in resumed.warnings)
    assert resumed.state["characters"][0]["cards"] == ["Equipment#5"]     # her Dagger takes its card
    assert conserved(resumed) and resumed.save()["version"] == 5


def _rebuilt(session, change):
    """The session's bundle rebuilt with its decks changed by ``change(decks)``."""
    decks = copy.deepcopy(TEST_DECKS)
    change(decks)
    data = make_bundle([{"id": 1, "steps": [{"kind": "goto", "card": 2}]}, {"id": 2, "steps": [GOTO_END]}],
                       characters=BOARDS, decks=decks, carry={"hands": 2}, difficulty=DIFFICULTY,
                       porter={"deck": "Equipment", "cards_per_character": 1})
    data["content_hash"] = "sha256:" + "2" * 64
    return load_bundle(data)


def _saved_game():
    cards = [{"id": 1, "steps": [{"kind": "goto", "card": 2}]}, {"id": 2, "steps": [GOTO_END]}]
    session = start(cards, seed=2)
    advance(session)
    assert session.state["characters"][0]["cards"] == ["Equipment#5"]       # Anne's Dagger
    return session, json.loads(json.dumps(session.save()))


def _counts(decks, deck, **counts):
    for card in next(d for d in decks if d["name"] == deck)["cards"]:
        card["count"] = counts.get(card["name"], card["count"])


@pytest.mark.parametrize(("change", "said"), [
    # the same instance ids, other cards behind them: Equipment#5 is now a Musket
    (lambda decks: _counts(decks, "Equipment", Musket=4, Dagger=3), "deck 'Equipment': 'Musket' 3 -> 4 copies, "
                                                                    "'Dagger' 4 -> 3 copies"),
    # a rename: the same ids, a card that no longer exists behind two of them
    (lambda decks: decks[1]["cards"][1].update(name="Purse"), "deck 'Loot': 'Coins' removed, 'Purse' added"),
    # a card removed: fewer instances
    (lambda decks: decks[1]["cards"].pop(0), "deck 'Loot': 'Cross' removed"),
])
def test_a_save_on_a_bundle_whose_decks_changed_gets_fresh_decks_and_says_why(change, said):
    """docs/runtime.md, Saves: "A save carried over onto a bundle whose decks changed
    gets fresh decks": the save's ``deck_lists`` (each deck's cards and counts, which
    number the instances) tell what changed, even when the instance ids are the same;
    every card then names a card of the new bundle, Anne keeps her Dagger, and play goes on."""
    session, save = _saved_game()
    assert save["deck_lists"]["Equipment"] == [["Unarmed", 1], ["Musket", 3], ["Dagger", 4]]
    bundle2 = _rebuilt(session, change)
    resumed = Session.load(bundle2, json.dumps(save))
    note = next(w for w in resumed.warnings if "the decks are built fresh" in w)
    assert said in note
    pack2 = decks_by_name(bundle2.data["packs"][0])
    anne = resumed.state["characters"][0]
    assert [D.card_of(pack2, c)["name"] for c in anne["cards"]] == anne["items"] == ["Dagger"]
    assert D.check_conservation(resumed.state, list(pack2.values())) == []
    assert resumed.save()["deck_lists"]["Equipment"] == [[c["name"], c["count"]] for c in pack2["Equipment"]["cards"]]
    advance(resumed)
    assert resumed.pending["kind"] == "end"


def test_a_save_on_a_bundle_whose_decks_did_not_change_keeps_its_deck_state():
    session, save = _saved_game()
    resumed = Session.load(_rebuilt(session, lambda decks: None), json.dumps(save))
    assert not any("the decks" in w for w in resumed.warnings)
    assert resumed.state["decks"] == session.state["decks"] and resumed.state["porter"] == session.state["porter"]


def test_a_save_without_deck_lists_whose_held_cards_changed_gets_fresh_decks():
    """A version 4 save written before ``deck_lists``: the cards held are checked against
    the items their holders have; a held card that names another card now means the
    decks changed."""
    session, save = _saved_game()
    del save["deck_lists"]
    resumed = Session.load(_rebuilt(session, lambda d: _counts(d, "Equipment", Musket=4, Dagger=3)), save)
    assert any("the decks are built fresh" in w for w in resumed.warnings)
    assert resumed.state["characters"][0]["cards"] == ["Equipment#6"]      # a Dagger of the new deck
    same = Session.load(session.bundle, save)                           # the same bundle: it replays
    assert same.state == session.state


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**64 - 1), st.lists(st.integers(0, 10**6), min_size=20, max_size=20))
def test_no_card_is_lost_through_any_playthrough_and_save_load(seed, choices):
    """Property: random legal answers (purchases, sales, trades, the Porter, leaves),
    a JSON save and load after every answer: every card stays in exactly one place."""
    cards = [{"id": 1, "steps": [{"kind": "gain", "coins": 20, "who": "each"},
                                 {"kind": "purchase", "deck": "Equipment", "per_player": 2}, {"kind": "goto", "card": 2}]},
             {"id": 2, "steps": [{"kind": "gain", "items": ["Musket", "Dagger"], "who": "one", "character": "Anne"},
                                 {"kind": "purchase", "deck": "Equipment", "per_player": 2}, GOTO_END]}]
    session = start(cards, seed=seed)
    for choice in choices:
        request = session.pending
        kind = request["kind"]
        if kind == "end":
            break
        if kind == "purchase":
            affordable = [o for o in request["offers"] if o["cost"] <= request["coins"]]
            answer = {"buy": [{"offer": o["offer"], "character": choice % 2} for o in affordable[: choice % 3]]}
        elif kind == "leave":
            answer = {"leave": [c["card"] for c in request["cards"]]}
        elif kind == "between":
            held = [(i, item) for i, items in enumerate(request["items"]) for item in items]
            options = [{}]
            if request.get("porter"):
                options.append({"porter": [{"offer": 0, "character": choice % 2}]
                                if request["porter"][0]["cost"] <= request["coins"] else []})
            if held:
                who, item = held[choice % len(held)]
                options.append({"trade": [{"from": who, "to": 1 - who, "item": item}]})
                if item in request["costs"]:
                    options.append({"sell": [{"character": who, "item": item, "cost": request["costs"][item]}]})
            answer = options[choice % len(options)]
        elif kind == "character":
            answer = {"character": request["characters"][choice % len(request["characters"])]}
        else:
            answer = {}
        session.answer(answer)
        assert conserved(session)
        session = Session.load(session.bundle, json.dumps(session.save()))


def test_a_threat_deck_shares_the_deck_state_and_survives_a_save():
    """A Battle sets up a Named Enemy's Threat deck (Setup 5d) under ``state["decks"]``:
    same piles, same generator; a card returned to the box stays there through a save."""
    from cardforge_runtime.deck_play import decks_in_play, set_up_threat_deck

    threat = {"name": "Cardinal Richelieu", "when_empty": "reshuffle", "cards": [
        {"name": "Guards!", "count": 1, "threat": [], "reaction": []},
        {"name": "Doom", "count": 2, "threat": [], "reaction": []}]}
    session = start([{"id": 1, "steps": [GOTO_END]}])
    pack = {**session.bundle.data["packs"][0], "threat_decks": [threat]}
    state = session.state
    set_up_threat_deck(state, pack, "Cardinal Richelieu", D.deck_rng(1))
    expected = ["Cardinal Richelieu#1", "Cardinal Richelieu#2", "Cardinal Richelieu#3"]
    D.deck_rng(1).shuffle(expected)
    assert state["decks"]["Cardinal Richelieu"] == {"draw": expected, "discard": [], "box": []}
    card = D.draw(state["decks"]["Cardinal Richelieu"], D.deck_rng(1))
    D.to_box(state["decks"]["Cardinal Richelieu"], card)
    assert D.check_conservation(json.loads(json.dumps(state)), decks_in_play(pack, state)) == []
    with pytest.raises(KeyError, match="no Threat deck 'Milady'"):
        set_up_threat_deck(state, pack, "Milady", D.deck_rng(1))


THREAT = {"name": "Cardinal Richelieu", "when_empty": "reshuffle", "cards": [
    {"name": "Guards!", "count": 1, "threat": [], "reaction": []},
    {"name": "Doom", "count": 3, "threat": [], "reaction": []}]}


def test_a_second_battle_sets_the_whole_threat_deck_up_again():
    """docs/rulings.md, "A Threat deck at each Battle's Setup": a second Battle against
    the same Named Enemy in one story (Setup 5d, "Shuffle the Threat deck") gathers the
    whole deck, the card an earlier Battle returned to the box ("Guards!") and the
    discard pile with the draw pile, and shuffles it; nothing crashes, no card is lost."""
    from cardforge_runtime.deck_play import decks_in_play, set_up_threat_deck

    session = start([{"id": 1, "steps": [GOTO_END]}])
    pack = {**session.bundle.data["packs"][0], "threat_decks": [THREAT]}
    state, rng = session.state, D.deck_rng(4)
    set_up_threat_deck(state, pack, "Cardinal Richelieu", rng)      # the first Battle
    piles = state["decks"]["Cardinal Richelieu"]
    D.to_box(piles, D.draw(piles, rng))
    D.discard(piles, D.draw(piles, rng))
    assert len(piles["box"]) == 1 and len(piles["discard"]) == 1 and len(piles["draw"]) == 2
    expected, twin = D.instance_ids(THREAT), Pcg32.from_json(rng.to_json())
    twin.shuffle(expected)                                            # bundle order, then one shuffle
    set_up_threat_deck(state, pack, "Cardinal Richelieu", rng)      # the second Battle
    assert state["decks"]["Cardinal Richelieu"] == {"draw": expected, "discard": [], "box": []}
    assert D.check_conservation(state, decks_in_play(pack, state)) == []


def test_named_enemies_sharing_a_threat_deck_shuffle_it_once():
    """Two Named Enemies of one Battle with the same Threat deck: Setup 5d sets the deck
    up once (``set_up_threat_decks``, decks in name order), shuffled once with the deck
    generator; the generator moves as for one deck."""
    from cardforge_runtime.deck_play import decks_in_play, set_up_threat_decks

    named = [{"name": "Twin A", "threat_deck": "Cardinal Richelieu"}, {"name": "Twin B", "threat_deck": "Cardinal Richelieu"}]
    session = start([{"id": 1, "steps": [GOTO_END]}])
    pack = {**session.bundle.data["packs"][0], "threat_decks": [THREAT], "named_enemies": named}
    state = session.state
    set_up_threat_decks(state, pack, ["Twin B", "Twin A"], D.deck_rng(9))
    expected = D.instance_ids(THREAT)
    D.deck_rng(9).shuffle(expected)
    assert state["decks"]["Cardinal Richelieu"] == {"draw": expected, "discard": [], "box": []}
    assert D.check_conservation(state, decks_in_play(pack, state)) == []
    with pytest.raises(KeyError, match="no Named Enemy 'Milady'"):
        set_up_threat_decks(state, pack, ["Milady"], D.deck_rng(9))


def test_a_kept_loot_card_is_used_between_story_cards():
    """A Loot card with ``keep: true`` is held; between Story cards its holder may
    discard it to apply its ``use`` effects (docs/rulings.md, Using a Loot card kept)."""
    decks = copy.deepcopy(TEST_DECKS)
    decks[1]["cards"] = [{"name": "Salve", "count": 2, "keep": True, "effects": [], "use": [{"kind": "heal", "amount": 2}]}]
    cards = [{"id": 1, "steps": [{"kind": "lose", "health": 2, "who": "one", "character": "Anne"},
                                 {"kind": "goto", "card": 2}]}, {"id": 2, "steps": [GOTO_END]}]
    session = start(cards, decks=decks, difficulty="easier", seed=6)
    assert [c["items"] for c in session.state["characters"]] == [["Dagger", "Salve"], ["Salve"]]
    while session.pending["kind"] != "between":
        session.answer({})
    request = session.pending
    salve = session.state["characters"][0]["cards"][1]
    assert request["usable"] == [[{"card": salve, "item": "Salve"}],
                                 [{"card": session.state["characters"][1]["cards"][0], "item": "Salve"}]]
    for bad, reason in [({"use": [{"character": 1, "card": salve}]}, "has no card"),
                        ({"use": [{"character": 0, "card": salve}] * 2}, "used twice"),
                        ({"use": [{"character": 0}]}, "is a list of"), ({"use": [], "sell": []}, "one action at a time")]:
        with pytest.raises(AnswerError, match=reason):
            session.answer(bad)
    entry = session.answer({"use": [{"character": 0, "card": salve}]})
    assert entry["events"] == [
        {"event": "card", "card": salve, "name": "Salve", "portion": "use", "you": 0, "this": None, "fate": "discard"},
        {"event": "heal", "character": 0, "amount": 2},
        {"event": "use", "character": 0, "card": salve, "item": "Salve"}]
    anne = session.state["characters"][0]
    assert anne["health"] == 3 and anne["items"] == ["Dagger"] and session.state["decks"]["Loot"]["discard"] == [salve]
    assert session.pending["usable"][0] == [] and conserved(session)


def test_a_kept_card_that_an_earlier_use_of_the_answer_took_away_is_skipped():
    """A ``use`` answer listing two kept cards, where the first card's ``use`` loses
    the second card's item: the second is no longer held when its turn comes, so it is
    skipped with a ``use-skipped`` event (before: an engine error, the session rewound);
    nothing else changes, no card is lost."""
    decks = copy.deepcopy(TEST_DECKS)
    decks[1]["cards"] = [{"name": "Salve", "count": 1, "keep": True, "effects": [], "use": [{"kind": "heal", "amount": 2}]},
                         {"name": "Charm", "count": 1, "keep": True, "effects": [],
                          "use": [{"kind": "lose", "items": ["Salve"]}]}]
    cards = [{"id": 1, "steps": [{"kind": "gain", "items": ["Charm", "Salve"], "who": "one", "character": "Anne"},
                                 {"kind": "goto", "card": 2}]}, {"id": 2, "steps": [GOTO_END]}]
    session = start(cards, decks=decks)
    while session.pending["kind"] != "between":
        session.answer({})
    anne = session.state["characters"][0]
    charm, salve = anne["cards"][-2:]
    assert [c["item"] for c in session.pending["usable"][0]] == ["Charm", "Salve"]
    health = anne["health"]
    entry = session.answer({"use": [{"character": 0, "card": charm}, {"character": 0, "card": salve}]})
    assert entry["events"][-2:] == [
        {"event": "use", "character": 0, "card": charm, "item": "Charm"},
        {"event": "use-skipped", "character": 0, "card": salve, "reason": "not-held"}]
    assert not any(e["event"] == "heal" for e in entry["events"])
    anne = session.state["characters"][0]
    assert "Salve" not in anne["items"] and "Charm" not in anne["items"] and anne["health"] == health
    assert sorted(session.state["decks"]["Loot"]["discard"]) == sorted([charm, salve])
    assert session.pending["kind"] == "between" and session.pending["usable"][0] == [] and conserved(session)


def test_start_draws_come_from_the_deck_the_difficulty_names():
    """``start_draws.deck`` is honoured: drawn from that deck, not the Loot-role deck."""
    supplies = [{**DIFFICULTY[0], "remove_cards": {}, "start_draws": {"deck": "Supplies", "per_character": 2}}]
    session = Session.start(bundle([{"id": 1, "steps": [GOTO_END]}], difficulty=supplies), "s", players=2, seed=3,
                            difficulty="easier")
    entry = session.answer({})
    drawn = [e["card"] for e in entry["events"] if e["event"] == "loot"]
    assert [d.split("#")[0] for d in drawn] == ["Supplies"] * 4
    assert session.state["decks"]["Loot"]["discard"] == [] and len(session.state["decks"]["Supplies"]["discard"]) == 4
    assert conserved(session)


def test_the_one_interpreter_plays_card_effects_outside_a_battle():
    """``effects.run`` on the story's table: the non-board effects work with no board
    (status with ``if_held``, heal, gain/lose, if on the difficulty); a board effect
    or a subject other than ``you`` is refused, never guessed."""
    from cardforge_runtime import effects
    from cardforge_runtime.errors import EngineError
    from cardforge_runtime.loot import StoryTable

    session = start([{"id": 1, "steps": [GOTO_END]}], difficulty="easier")
    state, pack = session.state, session.bundle.data["packs"][0]
    events = []
    table = StoryTable(state, pack, D.deck_rng(1), events.append, severe=False, difficulty="easier")
    anne = state["characters"][0]
    health, coins = anne["health"], state["coins"]
    play = [{"kind": "status", "token": "Doom", "who": "you", "if_held": [{"kind": "wound", "who": "you", "amount": 1}]}] * 2 + [
        {"kind": "gain", "who": "you", "coins": 3},
        {"kind": "if", "if": {"kind": "difficulty", "value": "easier"}, "then": [{"kind": "heal", "who": "you", "amount": 1}],
         "else": [{"kind": "lose", "who": "you", "coins": 3}]}]
    assert drive(effects.run(table, play, effects.Resolution(0))) is None
    assert anne["status"] == ["Doom"] and anne["health"] == health and state["coins"] == coins + 3
    assert [e["event"] for e in events] == ["status", "wound", "gain", "heal"]
    for bad, reason in [({"kind": "push", "who": "you", "squares": 1, "away_from": "this"}, "needs a Battle's board"),
                        ({"kind": "heal", "who": "this", "amount": 1}, "needs a Battle")]:
        with pytest.raises(EngineError, match=reason):
            drive(effects.run(table, [bad], effects.Resolution(0)))


def test_items_gained_per_success_of_a_roll_are_carried_within_the_hands():
    """A ``roll`` step's ``per_success`` gain of Equipment settles the hands as a
    ``gain`` step does: Anne (a Dagger, 1 hand) gaining a Musket (2 hands) must leave one."""
    cards = [{"id": 1, "steps": [{"kind": "roll", "stat": "Movement", "who": "one", "character": "Anne",
                                  "per_success": {"gain": {"items": ["Musket"], "who": "one"}}}, GOTO_END]}]
    session = start(cards, seed=3)
    while session.pending["kind"] != "roll":
        session.answer({})
    session.answer({"faces": [6] * session.pending["dice"]})
    while session.pending["kind"] not in ("leave", "end"):
        session.answer({"keep": True} if session.pending["kind"] == "reroll" else {})
    assert session.pending["kind"] == "leave" and session.pending["character"] == 0
    assert conserved(session)


def test_a_fixed_offer_of_a_deck_card_takes_its_card_and_counts_toward_the_hands():
    """Gascony's Legacy, Equipment cards: "Characters can only carry 2 hands worth of
    equipment at once". A story card's fixed offer of an Equipment card (Act I card
    17: "Rapier, cost 4") sells that card: bought, it is a copy taken from the deck
    (docs/rulings.md, Gaining a deck card), so Anne, with her Starting Dagger (1 hand),
    buying a Musket (2 hands) must leave one; an item no deck has stays a plain item."""
    cards = [{"id": 1, "steps": [{"kind": "gain", "coins": 9, "who": "each"},
                                 {"kind": "purchase", "offers": [{"item": "Musket", "cost": 3},
                                                                 {"item": "Rope", "cost": 1}]}, GOTO_END]}]
    session = start(cards, seed=3)
    musket_cards = [c for c in session.state["decks"]["Equipment"]["draw"]
                    if D.card_of(decks_by_name(session.bundle.data["packs"][0]), c)["name"] == "Musket"]
    advance(session)
    entry = session.answer({"buy": [{"offer": 0, "character": 0}, {"offer": 1, "character": 1}]})
    bought = entry["events"][0]
    assert bought["item"] == "Musket" and bought["card"] == musket_cards[0]          # the topmost copy
    assert entry["events"][1] == {"event": "purchase", "character": 1, "item": "Rope", "cost": 1, "card": None}
    assert session.state["characters"][0]["cards"] == ["Equipment#5", musket_cards[0]]
    assert musket_cards[0] not in session.state["decks"]["Equipment"]["draw"]
    assert session.pending["kind"] == "leave" and session.pending["character"] == 0
    assert [c["hands"] for c in session.pending["cards"]] == [1, 2]
    session.answer({"leave": ["Equipment#5"]})
    assert session.state["characters"][0]["items"] == ["Musket"]
    assert conserved(session)
