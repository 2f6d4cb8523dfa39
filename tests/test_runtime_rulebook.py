"""Readings of the rulebook the engine follows outside Battles (issue 7, items 25, 26,
29, 30; docs/rulings.md): Solo Play counts, losing an item, Between Story Cards, and
the readings the rulebook leaves open. Bundles are made by hand."""

from __future__ import annotations

import pytest

from _runtime_helpers import TEST_DECKS, advance, make_bundle
from cardforge_runtime import Session, SessionError, load_bundle

GOTO_END = {"kind": "victory", "text": "Won."}
#: The Porter of Gascony's Legacy (Setup 4: "1 Equipment card per Character").
PORTER = {"deck": "Equipment", "cards_per_character": 1}


def start(cards, **options):
    setup = {k: options.pop(k) for k in ("players", "characters", "seed") if k in options}
    options.setdefault("decks", TEST_DECKS)
    return Session.start(load_bundle(make_bundle(cards, **options)), "s", **{"players": 1, "seed": 1, **setup})


def players_is(count):
    return {"op": "==", "left": {"op": "name", "name": "players"}, "right": {"op": "const", "value": count}}


def characters_is(count):
    return {"op": "==", "left": {"op": "name", "name": "characters"}, "right": {"op": "const", "value": count}}


# -- item 25: Solo Play is "set up for 2 players" ----------------------------------------

SOLO_CARDS = [{"id": 1, "steps": [
    {"kind": "purchase", "deck": "Equipment", "per_player": 1},
    {"kind": "if", "condition": players_is(2), "then": [{"kind": "set", "values": {"two": True}}], "else": []},
    {"kind": "if", "condition": characters_is(4), "then": [{"kind": "set", "values": {"four": True}}], "else": []},
    GOTO_END]}]


@pytest.mark.parametrize(("players", "characters", "draw", "two", "four"), [
    (1, None, 2, True, False),                                        # Solo Play: set up for 2 players, 2 Characters
    (1, ["Anne", "Bertrand", "Claire"], 2, True, False),              # up to 4 Characters: still set up for 2 players
    (2, None, 2, True, False),
    (3, None, 3, False, False),
])
def test_solo_play_counts_as_set_up_for_two_players(players, characters, draw, two, four):
    """Gascony's Legacy, Solo Play: "Set up the game for 2 players and take control of
    both Characters [...] up to 4 Characters": card 12's "1 Equipment card per player"
    draws 2 in Solo Play, and `players` reads 2; the state keeps the 1 person playing."""
    session = start(SOLO_CARDS, players=players, characters=characters, flags=["two", "four"])
    request = advance(session)
    assert request["kind"] == "purchase" and request["draw"] == draw
    session.answer({"buy": []})
    advance(session)
    assert session.state["flags"] == {"two": two, "four": four}
    assert session.state["players"] == players


def test_solo_play_may_control_four_characters():
    boards = [{"name": n, "stats": {"Prowess": 1, "Movement": 1}, "destiny": 1, "health": 1, "items": []}
              for n in ("A", "B", "C", "D", "E")]
    bundle = load_bundle(make_bundle(SOLO_CARDS, flags=["two", "four"], characters=boards, decks=TEST_DECKS))
    session = Session.start(bundle, "s", players=1, characters=["A", "B", "C", "D"])
    assert advance(session)["draw"] == 2
    session.answer({"buy": []})
    advance(session)
    assert session.state["flags"] == {"two": True, "four": True}


def test_solo_play_with_four_characters_puts_four_cards_under_the_porter():
    """Setup 4: "place 1 Equipment card per Character face-down, underneath [the
    Porter]": with Solo Play and 4 Characters, 4 cards; Solo Play: "Set up the game
    for 2 players", so a per-player purchase (card 12 "Draw 1 Equipment card per
    player") draws 2 (docs/rulings.md, Solo Play counts)."""
    boards = [{"name": n, "stats": {"Prowess": 1, "Movement": 1}, "destiny": 1, "health": 1, "items": []}
              for n in ("A", "B", "C", "D")]
    cards = [{"id": 1, "steps": [{"kind": "goto", "card": 2}]},
             {"id": 2, "steps": [{"kind": "purchase", "deck": "Equipment", "per_player": 1}, GOTO_END]}]
    session = Session.start(load_bundle(make_bundle(cards, characters=boards, porter=PORTER, decks=TEST_DECKS)), "s", players=1,
                            characters=["A", "B", "C", "D"], seed=1)
    while session.pending["kind"] in ("text", "card"):
        session.answer({})
    assert session.pending["kind"] == "between" and len(session.pending["porter"]) == 4
    assert session.pending["characters"] == [0, 1, 2, 3]
    session.answer({})
    assert advance(session) == {**session.pending, "kind": "purchase", "draw": 2}
    assert session.state["players"] == 1


def test_a_fallen_acting_character_challenge_counts_no_successes_without_a_roll():
    """A Fallen acting Character's `who: one` Challenge inside their own branch is
    resolved without a roll: 0 successes, so it fails unless its target is 0; a `who:
    one` roll there is skipped (docs/rulings.md, A Fallen acting Character). (A target
    of 0 is outside the format's range, format.RANGES["successes"].)"""
    cards = [{"id": 1, "steps": [
        {"kind": "challenge", "stat": "Prowess", "successes": 3, "who": "one", "pass": [], "fail": [
            {"kind": "lose", "health": 9, "who": "one"},
            {"kind": "roll", "stat": "Movement", "who": "one", "per_success": {"gain": {"coins": 1, "who": "one"}}},
            {"kind": "challenge", "stat": "Movement", "successes": 1, "who": "one",
             "pass": [{"kind": "set", "values": {"passed": True}}], "fail": []}]},
        GOTO_END]}]
    session = start(cards, players=3, characters=["Anne", "Bertrand", "Claire"], flags=["passed"])
    advance(session)
    session.answer({"character": 1})                              # Bertrand takes the Challenge
    session.answer({"faces": [1, 1]})
    entry = session.answer({"keep": True})                        # fails; loses 9 Health; Falls
    assert session.state["characters"][1]["fallen"] is True
    events = [e for e in entry["events"] if e["event"] in ("roll", "challenge")]
    assert events == [
        {"event": "challenge", "character": 1, "stat": "Prowess", "target": 3, "successes": 0, "passed": False},
        {"event": "challenge", "character": 1, "stat": "Movement", "target": 1, "successes": 0, "passed": False}]
    assert session.finished and session.state["flags"] == {"passed": False}
    assert session.state["coins"] == 0                            # the roll was skipped


# -- item 30: the rulings of docs/rulings.md --------------------------------------------

def test_coins_belong_to_the_party():
    """Coins are one pool: `who` does not ask for Coins, and a loss stops at 0."""
    cards = [{"id": 1, "steps": [{"kind": "gain", "coins": 4, "who": "one"},
                                 {"kind": "gain", "coins": 2, "who": "each"}, {"kind": "text", "text": "Paid."},
                                 {"kind": "lose", "coins": 9, "who": "one"}, GOTO_END]}]
    session = start(cards, players=2)
    advance(session)
    assert session.finished and session.state["coins"] == 0
    kinds = [entry["request"]["kind"] for entry in session.log]
    assert "character" not in kinds
    changes = [c for entry in session.log for c in entry["changes"] if c["path"] == "/coins"]
    assert changes == [{"path": "/coins", "from": 0, "to": 6}, {"path": "/coins", "from": 6, "to": 0}]


def test_healing_does_not_stand_a_fallen_character_up():
    cards = [{"id": 1, "steps": [{"kind": "lose", "health": 2, "who": "one"},
                                 {"kind": "gain", "health": 2, "who": "each"},
                                 {"kind": "challenge", "stat": "Prowess", "successes": 1, "who": "each",
                                  "pass": [], "fail": []}, GOTO_END]}]
    session = start(cards, players=2)
    advance(session)
    session.answer({"character": 1})                              # Bertrand (2 Health) Falls
    bertrand = session.state["characters"][1]
    assert (bertrand["health"], bertrand["health_max"], bertrand["fallen"]) == (1, 1, True)
    request = session.pending
    assert request["kind"] == "roll" and request["character"] == 0      # healed, still Fallen: does not roll


def test_a_fallen_character_takes_no_wounds_and_does_not_roll():
    cards = [{"id": 1, "steps": [{"kind": "lose", "health": 2, "who": "one"},
                                 {"kind": "lose", "health": 3, "who": "each"},
                                 {"kind": "roll", "stat": "Prowess", "who": "all",
                                  "per_success": {"gain": {"coins": 1, "who": "each"}}},
                                 {"kind": "lose", "health": 1, "who": "one"}, GOTO_END]}]
    session = start(cards, players=3, characters=["Anne", "Bertrand", "Claire"])
    advance(session)
    session.answer({"character": 1})                              # Bertrand Falls
    after = session.state["characters"]
    assert [(c["health"], c["health_max"], c["fallen"]) for c in after] == [(0, 2, True), (0, 1, True), (0, 0, True)]
    # Claire (1 Health) Falls with her last token gone: no Health left, the players lose at once
    assert session.pending["reason"] == "no_health" and session.pending["character"] == 2
    assert after[1] == {**after[1], "health": 0, "health_max": 1, "fallen": True}   # no second severe Wound


def test_a_fallen_character_is_not_picked_to_roll_or_lose():
    cards = [{"id": 1, "steps": [{"kind": "lose", "health": 2, "who": "one"},
                                 {"kind": "roll", "stat": "Prowess", "who": "all",
                                  "per_success": {"gain": {"coins": 1, "who": "each"}}},
                                 {"kind": "lose", "health": 1, "who": "one"}, GOTO_END]}]
    session = start(cards, players=3, characters=["Anne", "Bertrand", "Claire"])
    advance(session)
    session.answer({"character": 1})                              # Bertrand Falls
    rollers = []
    while session.pending["kind"] in ("roll", "reroll"):
        if session.pending["kind"] == "roll":
            rollers.append(session.pending["character"])
            session.answer({"faces": [1] * session.pending["dice"]})
        else:
            session.answer({"keep": True})
    assert rollers == [0, 2]
    assert session.pending == {**session.pending, "kind": "character", "characters": [0, 2], "for": "lose"}


def test_a_story_may_begin_below_maximum_destiny():
    boards = [{"name": "Anne", "stats": {"Prowess": 3, "Movement": 2}, "destiny": 3, "health": 3, "destiny_start": 1},
              "Bertrand"]
    cards = [{"id": 1, "steps": [{"kind": "gain", "destiny": 5, "who": "each"}, GOTO_END]}]
    session = start(cards, characters=boards)
    anne = session.state["characters"][0]
    assert (anne["destiny"], anne["destiny_max"]) == (1, 3)
    advance(session)
    assert [c["destiny"] for c in session.state["characters"]] == [3, 1]      # gains stop at the maximum
    with pytest.raises(SessionError, match="destiny_start must be a whole number from 0 to its destiny"):
        start(cards, characters=[{**boards[0], "destiny_start": 4}, "Bertrand"])


# -- item 26: "lose an item" is taken from a holder ---------------------------------------

LOSE_LANTERN = {"kind": "lose", "items": ["Lantern"], "who": "one"}


def test_an_item_is_lost_by_a_holder():
    cards = [{"id": 1, "steps": [{"kind": "gain", "items": ["Lantern"], "who": "one"}, LOSE_LANTERN, GOTO_END]}]
    session = start(cards, players=3, characters=["Anne", "Bertrand", "Claire"])
    advance(session)
    session.answer({"character": 2})                              # Claire finds the Lantern
    assert session.finished                                        # one holder: no question asked
    assert [c["items"] for c in session.state["characters"]] == [["Rapier"], [], []]


def test_the_group_picks_among_holders_only():
    cards = [{"id": 1, "steps": [{"kind": "gain", "items": ["Lantern"], "who": "each"},
                                 {"kind": "lose", "items": ["Rapier"], "who": "one"},
                                 {"kind": "lose", "items": ["Lantern"], "who": "one"}, GOTO_END]}]
    session = start(cards, players=3, characters=["Anne", "Bertrand", "Claire"])
    advance(session)
    assert session.state["characters"][0]["items"] == ["Lantern"]      # only Anne held the Rapier: no question
    assert session.pending == {"kind": "character", "card": 1, "characters": [0, 1, 2], "for": "lose",
                               "effect": {"items": ["Lantern"], "who": "one"}}
    session.answer({"character": 1})
    assert [c["items"] for c in session.state["characters"]] == [["Lantern"], [], ["Lantern"]]


def test_an_acting_character_without_the_item_does_not_lose_it():
    cards = [{"id": 1, "steps": [{"kind": "gain", "items": ["Lantern"], "who": "one"},
                                 {"kind": "challenge", "stat": "Prowess", "successes": 1, "who": "one",
                                  "pass": [LOSE_LANTERN], "fail": []}, GOTO_END]}]
    session = start(cards, players=2)
    advance(session)
    session.answer({"character": 1})                              # Bertrand holds the Lantern
    session.answer({"character": 0})                              # Anne takes the Challenge
    session.answer({"faces": [6, 1, 1]})                          # and passes it
    advance(session, "reroll")
    assert session.finished
    assert [c["items"] for c in session.state["characters"]] == [["Rapier"], []]


def test_an_item_nobody_holds_is_not_lost():
    guarded = [{"id": 1, "steps": [
        {"kind": "if", "condition": {"op": "call", "name": "has", "args": [{"op": "const", "value": "Lantern"}]},
         "then": [LOSE_LANTERN], "else": [{"kind": "lose", "health": 1, "who": "each"}]}, GOTO_END]}]
    session = start(guarded, players=2)
    advance(session)
    assert session.finished and [c["health"] for c in session.state["characters"]] == [2, 1]   # the alternative
    unguarded = [{"id": 1, "steps": [LOSE_LANTERN, {"kind": "set", "values": {"given": True}}, GOTO_END]}]
    session = start(unguarded, players=2, flags=["given"])
    assert advance(session) == {"kind": "end", "card": 1, "result": "stuck", "text": None, "reason": "not_held",
                                "character": None}
    assert session.state["flags"] == {"given": False}              # the card's effects do not go on


# -- item 29: Between Story Cards ----------------------------------------------------------

from cardforge_runtime import AnswerError  # noqa: E402

BETWEEN_CARDS = [
    {"id": 1, "steps": [{"kind": "gain", "coins": 5, "who": "each"},
                        {"kind": "gain", "items": ["Lantern"], "who": "each"}, {"kind": "goto", "card": 2}]},
    {"id": 2, "steps": [{"kind": "choice", "options": [
        {"text": "On", "if": None, "if_source": None, "steps": [], "goto": 3}]}]},
    {"id": 3, "steps": [{"kind": "battle", "layout": "yard",
                         "objectives": [{"objective": "Defeat all Enemies", "goto": 4}]}]},
    {"id": 4, "steps": [{"kind": "purchase", "offers": [{"item": "Rope", "cost": 4}]}, GOTO_END]},
]


def to_between(session):
    while session.pending["kind"] in ("text", "card"):
        session.answer({})
    return session.pending


def test_a_goto_does_not_draw_the_next_card_at_once():
    """Gascony's Legacy, Between Story Cards: "When you complete a story card, before
    setting up the next one, players may do any or all of the following": a goto, an
    option's goto and a Battle objective's goto each stop at a `between` request."""
    session = start(BETWEEN_CARDS, players=2, porter=PORTER)
    assert to_between(session) == {"kind": "between", "card": 1, "next": 2, "coins": 5, "characters": [0, 1],
                                   "items": [["Rapier", "Lantern"], ["Lantern"]], "costs": {}, "usable": [[], []],
                                   "porter": [{"offer": 0, "item": "Musket", "cost": 3, "card": "Equipment#2"},
                                              {"offer": 1, "item": "Dagger", "cost": 1, "card": "Equipment#7"}]}
    assert session.state["card"] == 1
    session.answer({})
    assert session.pending["kind"] == "card" and session.pending["card"] == 2
    session.answer({})
    session.answer({"option": 0})
    assert session.pending["kind"] == "between" and session.pending["next"] == 3
    session.answer({})
    session.answer({})
    session.answer({"objective": 0})
    assert session.pending["kind"] == "between" and (session.pending["card"], session.pending["next"]) == (3, 4)


def test_the_porter_comes_once_per_story():
    """Call The Porter: "reveal the Equipment cards that were placed underneath it
    during setup. Players have the option to buy any of these Equipment cards. Any
    unpurchased cards are discarded." Once per Story."""
    session = start(BETWEEN_CARDS, players=2, porter=PORTER)
    porter = to_between(session)["porter"]
    assert [(o["item"], o["cost"]) for o in porter] == [("Musket", 3), ("Dagger", 1)]
    with pytest.raises(AnswerError, match="offer 0 is bought twice"):
        session.answer({"porter": [{"offer": 0, "character": 0}] * 2})
    with pytest.raises(AnswerError, match="no offer 2 here"):
        session.answer({"porter": [{"offer": 2, "character": 0}]})
    with pytest.raises(AnswerError, match="buy an offer of the request by its number"):
        session.answer({"porter": [{"item": "Musket", "cost": 3, "character": 0}]})
    entry = session.answer({"porter": [{"offer": 0, "character": 1}]})
    assert entry["events"] == [{"event": "porter"}, {"event": "purchase", "character": 1, "item": "Musket", "cost": 3,
                                                     "card": "Equipment#2"}]
    assert session.state["porter_called"] is True and session.state["coins"] == 2
    assert session.state["characters"][1]["cards"] == ["Equipment#2"] and session.state["porter"] == []
    assert session.state["decks"]["Equipment"]["discard"] == ["Equipment#7"]      # the Dagger not bought
    assert session.pending["porter"] == [] and session.pending["items"][1] == ["Lantern", "Musket"]
    with pytest.raises(AnswerError, match="the Porter has no cards to offer: he was called this Story"):
        session.answer({"porter": []})
    session.answer({})
    session.answer({})
    session.answer({"option": 0})
    assert session.pending["porter"] == []                         # still called, on the next card


def test_the_porter_holds_the_packs_cards_per_character():
    """The pack's ``porter.cards_per_character`` (Setup 4: "1 Equipment card per
    Character" in Gascony's Legacy; another pack may say 2): 2 per Character x 3,
    drawn from his deck at Setup."""
    session = start(BETWEEN_CARDS, players=3, porter={"deck": "Supplies", "cards_per_character": 2})
    assert [o["item"] for o in to_between(session)["porter"]] == ["Bandage"] * 6
    assert len(session.state["decks"]["Supplies"]["draw"]) == 2


def test_a_pack_without_a_porter_never_offers_him():
    """The Porter is a component of Gascony's Legacy ("Porter board"), not a rule of
    every game: a pack with no ``porter`` has none. Its between requests carry no
    ``porter``; a porter answer is refused, saying why; selling and trading remain."""
    session = start(BETWEEN_CARDS, players=2)
    request = to_between(session)
    assert request == {"kind": "between", "card": 1, "next": 2, "coins": 5, "characters": [0, 1],
                       "items": [["Rapier", "Lantern"], ["Lantern"]], "costs": {}, "usable": [[], []]}
    for answer in ({"porter": []}, {"porter": [{"item": "Musket", "cost": 3}]}, {"porter": [], "sell": []}):
        with pytest.raises(AnswerError, match="this pack has no Porter to call: sell or trade"):
            session.answer(answer)
    with pytest.raises(AnswerError, match="a between answer takes sell, trade, use; unexpected: option"):
        session.answer({"option": 0})
    with pytest.raises(AnswerError, match="one action at a time: sell, trade or use"):
        session.answer({"sell": [], "trade": []})
    session.answer({"sell": [{"character": 1, "item": "Lantern", "cost": 3}]})
    session.answer({"trade": [{"from": 0, "to": 1, "item": "Lantern"}]})
    assert session.state["porter_called"] is False and session.state["coins"] == 7
    session.answer({})
    session.answer({})
    session.answer({"option": 0})
    assert session.pending["kind"] == "between" and "porter" not in session.pending   # nor on any later card


def test_selling_brings_half_the_cost_rounded_up():
    session = start(BETWEEN_CARDS, players=2)
    to_between(session)
    for bad, reason in [({"sell": [{"character": 1, "item": "Rapier", "cost": 4}]}, "does not hold 'Rapier'"),
                        ({"sell": [{"character": 1, "item": "Lantern", "cost": 4}] * 2}, "does not hold 'Lantern'"),
                        ({"sell": [{"character": 0, "item": "Rapier"}]}, "each sale is"),
                        ({"sell": [{"character": 0, "item": "Rapier", "cost": -1}]}, "cost in coins"),
                        ({"sell": [{"character": 0, "item": ["Rapier"], "cost": 5}]}, "the name of the item sold"),
                        ({"sell": [{"character": 0, "item": {"x": 1}, "cost": 5}]}, "the name of the item sold"),
                        ({"sell": [], "trade": []}, "one action at a time")]:
        with pytest.raises(AnswerError, match=reason):
            session.answer(bad)
    entry = session.answer({"sell": [{"character": 0, "item": "Rapier", "cost": 5}]})
    assert entry["events"] == [{"event": "sale", "character": 0, "item": "Rapier", "cost": 5, "coins": 3}]
    assert session.state["coins"] == 8 and session.state["characters"][0]["items"] == ["Lantern"]


def test_selling_whenever_buying_is_possible():
    """Between Story Cards: "You can also sell Equipment whenever you have the
    opportunity to buy Equipment": sales come first and pay for the purchases."""
    session = start(BETWEEN_CARDS, players=2)
    for answer in [{}, {}, {}, {"option": 0}, {}, {}, {"objective": 0}, {}, {}]:
        session.answer(answer)
    request = session.pending
    assert request["kind"] == "purchase" and request["coins"] == 5 and request["items"] == [["Rapier", "Lantern"], ["Lantern"]]
    session.answer({"sell": [{"character": 0, "item": "Lantern", "cost": 3}, {"character": 1, "item": "Lantern", "cost": 3}],
                    "buy": [{"offer": 0, "character": 1}]})
    assert session.state["coins"] == 5 + 2 + 2 - 4
    assert [c["items"] for c in session.state["characters"]] == [["Rapier"], ["Rope"]]


def test_trading_items_between_characters():
    session = start(BETWEEN_CARDS, players=2)
    to_between(session)
    for bad, reason in [({"trade": [{"from": 1, "to": 0, "item": "Rapier"}]}, "does not hold 'Rapier'"),
                        ({"trade": [{"from": 0, "to": 0, "item": "Rapier"}]}, "between two Characters"),
                        ({"trade": [{"from": 0, "to": 2, "item": "Rapier"}]}, "Characters' positions")]:
        with pytest.raises(AnswerError, match=reason):
            session.answer(bad)
    entry = session.answer({"trade": [{"from": 0, "to": 1, "item": "Rapier"}, {"from": 1, "to": 0, "item": "Lantern"},
                                      {"from": 1, "to": 0, "item": "Rapier"}]})
    assert len(entry["events"]) == 3 and entry["events"][0] == {"event": "trade", "from": 0, "to": 1, "item": "Rapier"}
    assert [c["items"] for c in session.state["characters"]] == [["Lantern", "Lantern", "Rapier"], []]


def test_coins_stay_within_the_number_limit_so_every_save_loads_again():
    """A sale's coins stop at MAX_NUMBER (2**64 - 1), as counters do: a save of the
    party's Coins past the limit could not be read back (the input limits)."""
    from cardforge_runtime.limits import MAX_NUMBER
    session = start(BETWEEN_CARDS, players=2, porter=PORTER)
    to_between(session)
    session.answer({"sell": [{"character": 0, "item": "Rapier", "cost": MAX_NUMBER},
                             {"character": 0, "item": "Lantern", "cost": MAX_NUMBER}]})
    assert session.state["coins"] == MAX_NUMBER
    resumed = Session.load(session.bundle, session.save())
    assert resumed.state["coins"] == MAX_NUMBER and resumed.save() == session.save()
    session.answer({"porter": [{"offer": 0, "character": 1}]})
    assert session.state["coins"] == MAX_NUMBER - 3
    assert Session.load(session.bundle, session.save()).save() == session.save()


def test_who_carries_a_purchase_is_asked_when_several_characters_could():
    """The players choose who carries what they buy: with more than one Character in
    play a purchase (offer, deck card or the Porter's) without ``character`` is
    refused, never given to Character 0; with one Character it may be left out."""
    session = start(BETWEEN_CARDS, players=2, porter=PORTER)
    to_between(session)
    with pytest.raises(AnswerError, match="who carries it\\? each purchase needs its 'character'"):
        session.answer({"porter": [{"offer": 0}]})
    while session.pending["kind"] != "purchase":
        kind = session.pending["kind"]
        session.answer({"option": 0} if kind == "choice" else {"objective": 0} if kind == "battle" else {})
    with pytest.raises(AnswerError, match="who carries it\\?"):
        session.answer({"buy": [{"offer": 0}]})
    session.answer({"buy": [{"offer": 0, "character": 1}]})
    assert session.state["characters"][1]["items"] == ["Lantern", "Rope"]

    data = make_bundle(BETWEEN_CARDS, porter=PORTER, decks=TEST_DECKS)
    data["packs"][0]["players"]["solo_characters"] = 1
    alone = Session.start(load_bundle(data), "s", players=1, characters=["Bertrand"], seed=1)
    porter = to_between(alone)["porter"]
    alone.answer({"porter": [{"offer": 0}]})
    assert alone.state["characters"][0]["items"] == ["Lantern", porter[0]["item"]]


def test_a_sale_pays_half_what_the_item_cost_when_the_engine_saw_it_bought():
    """Between Story Cards, Sell Equipment: "receive half its cost in Coins, rounded
    up". An item bought in this story (an offer, a deck card, the Porter) sells at the
    cost it was bought at, and no other; an item the engine never saw priced (a
    starting item, a gain) sells at the cost the players read off its card
    (docs/rulings.md, Selling an item)."""
    session = start(BETWEEN_CARDS, players=2, porter=PORTER)
    to_between(session)
    session.answer({"porter": [{"offer": 0, "character": 1}]})
    assert session.pending["costs"] == {"Musket": 3} and session.state["costs"] == {"Musket": 3}
    with pytest.raises(AnswerError, match="'Musket' was bought for 3 coins in this story: it sells at cost 3, not 1000"):
        session.answer({"sell": [{"character": 1, "item": "Musket", "cost": 1000}]})
    entry = session.answer({"sell": [{"character": 1, "item": "Musket", "cost": 3}]})
    assert entry["events"][0]["coins"] == 2 and session.state["coins"] == 2 + 2
    session.answer({"sell": [{"character": 0, "item": "Rapier", "cost": 5}]})      # a starting item: its card's cost
    assert session.state["coins"] == 4 + 3
    while session.pending["kind"] != "purchase":
        kind = session.pending["kind"]
        session.answer({"option": 0} if kind == "choice" else {"objective": 0} if kind == "battle" else {})
    session.answer({"buy": [{"offer": 0, "character": 0}]})                          # Rope, 4 coins
    assert session.state["costs"] == {"Musket": 3, "Rope": 4}
    resumed = Session.load(session.bundle, session.save())
    assert resumed.state["costs"] == {"Musket": 3, "Rope": 4}


from hypothesis import given, settings, strategies as st  # noqa: E402


COSTS = st.one_of(st.integers(0, 6), st.just(2**64 - 1), st.integers(2**63, 2**64 - 1))   # a cost, or at the limit


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["porter", "sell"]), COSTS), max_size=6))
def test_every_save_the_engine_writes_loads_again_whatever_the_costs(actions):
    """Property (issue 7, item 20): whatever costs the answers name (up to the number
    limit), each save the engine writes loads again and gives back the same save."""
    session = start(BETWEEN_CARDS, players=2, porter=PORTER)
    to_between(session)
    for action, cost in actions:
        request = session.pending
        if action == "porter" and request["porter"]:
            affordable = [o for o in request["porter"] if o["cost"] <= request["coins"]]
            answer = {"porter": [{"offer": o["offer"], "character": 1} for o in affordable[:1]]}
        elif action == "sell" and request["items"][0]:
            item = request["items"][0][0]
            answer = {"sell": [{"character": 0, "item": item, "cost": request["costs"].get(item, cost)}]}
        else:
            continue
        session.answer(answer)
        assert Session.load(session.bundle, session.save()).save() == session.save()


def test_a_story_step_gains_a_stacking_token_again_and_loses_one_copy():
    """Enemy Attack, Poison: "Each Fatigue token you have reduces your Action Points
    attribute by 1" (the pack's ``stacks: true``; docs/rulings.md, Stacking status
    tokens): a story card's ``gain`` of a stacking token adds a copy each time, and a
    ``lose`` takes one copy, as the effect interpreter does; a token that does not
    stack is still held once ("A Character can only have one of each Status token at
    a time")."""
    tokens = [{"name": "Despair", "dice_modifier": -1},
              {"name": "Fatigue", "dice_modifier": 0, "stacks": True,
               "stat_modifier": {"stat": "Movement", "by": -1, "floor": 3}}]
    anne = {"who": "one", "character": "Anne"}
    steps = [{"kind": "gain", "status": ["Fatigue", "Despair"], **anne} for _ in range(3)]
    steps += [{"kind": "lose", "status": ["Fatigue"], **anne}, GOTO_END]
    session = start([{"id": 1, "steps": steps}], status_tokens=tokens, players=1)
    advance(session)
    assert sorted(session.state["characters"][0]["status"]) == ["Despair", "Fatigue", "Fatigue"]
