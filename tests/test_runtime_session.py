"""The session engine: setup, answers, every step kind, and the rules it follows
(Gascony's Legacy: Challenges, Dice Rolls, Suffering Wounds, Fallen Characters,
Objective, Solo Play). Bundles are made by hand (tests/_runtime_helpers.py)."""

from __future__ import annotations

import json

import pytest

from _runtime_helpers import TEST_DECKS, BOARDS, advance, make_bundle
from cardforge_runtime import AnswerError, EngineError, Session, SessionError, load_bundle
from cardforge_runtime.story import StoryRules


def start(cards, **options):
    setup = {k: options.pop(k) for k in ("players", "characters", "seed") if k in options}
    return Session.start(load_bundle(make_bundle(cards, **options)), "s", **{"players": 1, "seed": 1, **setup})


GOTO_END = {"kind": "victory", "text": "Won."}


# -- setup ------------------------------------------------------------------------

def test_solo_play_takes_two_characters_by_default():
    session = start([{"id": 1, "steps": [GOTO_END]}])
    assert [c["name"] for c in session.state["characters"]] == ["Anne", "Bertrand"]
    assert session.state["players"] == 1
    anne = session.state["characters"][0]
    assert anne == {"name": "Anne", "stats": {"Prowess": 3, "Movement": 2}, "destiny": 2, "destiny_max": 2,
                    "health": 3, "health_max": 3, "status": [], "items": ["Rapier"], "cards": [], "fallen": False}


def test_a_solo_player_may_control_more_characters():
    session = start([{"id": 1, "steps": [GOTO_END]}], characters=["Claire", "Anne", "Bertrand"])
    assert [c["name"] for c in session.state["characters"]] == ["Claire", "Anne", "Bertrand"]


@pytest.mark.parametrize(("setup", "message"), [
    ({"players": 0}, "1 to 4 players, not 0"),
    ({"players": 5}, "1 to 4 players, not 5"),
    ({"players": 2, "characters": ["Anne"]}, "2 players control 2 Characters"),
    ({"players": 1, "characters": ["Anne"]}, "one player controls 2 to 4 Characters"),
    ({"players": 2, "characters": ["Anne", "Zorro"]}, "no Character named 'Zorro' in the pack (it has: Anne, Bertrand, Claire)"),
    ({"players": 2, "characters": ["Anne", "Anne"]}, "each Character plays once: Anne twice"),
    ({"players": 4}, "the pack defines 3 Character(s); name 4 Characters"),
    ({"seed": -1}, "the seed must be a whole number"),
    ({"seed": 2**64}, "seed: a whole number beyond"),
    ({"characters": "Anne"}, "a list of Character names or boards"),
    ({"players": 2, "characters": ["Anne", {"name": "X", "stats": {"Prowess": 1}, "destiny": 1, "health": 1}]},
     "Character 'X' needs a whole number from 0 to 6 for each stat"),
])
def test_a_bad_setup_is_refused_with_the_reason(setup, message):
    with pytest.raises(SessionError, match=message.replace("(", r"\(").replace(")", r"\)")):
        start([{"id": 1, "steps": [GOTO_END]}], **setup)


def test_an_unknown_story_names_the_known_ones():
    with pytest.raises(SessionError, match="no story 'nope'; the bundle has: test/s"):
        Session.start(load_bundle(make_bundle([{"id": 1, "steps": [GOTO_END]}])), "nope")


def test_whole_boards_work_without_pack_characters():
    bundle = make_bundle([{"id": 1, "steps": [GOTO_END]}], characters=[])
    del bundle["packs"][0]["characters"]          # a format 1.0 bundle
    with pytest.raises(SessionError, match="defines 0 Character"):
        Session.start(load_bundle(bundle), "s")
    session = Session.start(load_bundle(bundle), "s", players=2, characters=BOARDS[:2])
    assert session.state["characters"][1]["name"] == "Bertrand"


# -- requests, answers and the introduction -------------------------------------------

def test_introduction_then_card_then_text():
    session = start([{"id": 1, "title": "One", "text": "Read me.", "steps": [{"kind": "text", "text": "Hello"}, GOTO_END]}],
                    introduction="Once upon a time.")
    assert session.pending == {"kind": "text", "card": None, "text": "Once upon a time."}
    entry = session.answer({})
    assert entry["changes"] == [{"path": "/card", "from": None, "to": 1}]
    assert session.pending == {"kind": "card", "card": 1, "title": "One", "text": "Read me."}
    session.answer({})
    assert session.pending == {"kind": "text", "card": 1, "text": "Hello"}
    session.answer({})
    assert session.pending == {"kind": "end", "card": 1, "result": "victory", "text": "Won.", "reason": "card", "character": None}
    assert session.finished and session.state["result"] == "victory"
    with pytest.raises(AnswerError, match="the story has ended"):
        session.answer({})


@pytest.mark.parametrize("answer", [{"go": 1}, [], "yes", None])
def test_a_refused_answer_changes_nothing(answer):
    session = start([{"id": 1, "steps": [GOTO_END]}])
    before = (session.pending, session.state, session.log, session.save())
    with pytest.raises(AnswerError):
        session.answer(answer)
    assert (session.pending, session.state, session.log, session.save()) == before


def choice_card():
    return [{"id": 1, "steps": [{"kind": "choice", "options": [
        {"text": "Rich", "if": {"op": ">=", "left": {"op": "name", "name": "coins"}, "right": {"op": "const", "value": 5}},
         "if_source": "coins >= 5", "steps": [], "goto": 2},
        {"text": "Earn", "if": None, "if_source": None, "steps": [{"kind": "gain", "coins": 6, "who": "each"}], "goto": None},
        {"text": "Leave", "if": None, "if_source": None, "steps": [], "goto": 2}]}, {"kind": "goto", "card": 1}]},
        {"id": 2, "steps": [GOTO_END]}]


def test_choice_offers_only_options_whose_condition_holds():
    session = start(choice_card())
    assert advance(session)["options"] == [{"option": 1, "text": "Earn"}, {"option": 2, "text": "Leave"}]
    with pytest.raises(AnswerError, match="'option' must be one of 1, 2"):
        session.answer({"option": 0})
    entry = session.answer({"option": 1})
    assert entry["changes"] == [{"path": "/coins", "from": 0, "to": 6}]
    assert advance(session)["options"][0] == {"option": 0, "text": "Rich"}   # the card was drawn again


def test_a_choice_with_nothing_on_offer_ends_stuck():
    cards = choice_card()
    cards[0]["steps"][0]["options"] = cards[0]["steps"][0]["options"][:1]
    session = start(cards)
    assert advance(session) == {"kind": "end", "card": 1, "result": "stuck", "text": None, "reason": "no_option",
                                "character": None}


# -- dice -----------------------------------------------------------------------------

def challenge(stat="Prowess", successes=3, who="one", passed=None, failed=None):
    return {"kind": "challenge", "stat": stat, "successes": successes, "who": who,
            "pass": passed if passed is not None else [{"kind": "victory", "text": "Pass."}],
            "fail": failed if failed is not None else [{"kind": "defeat", "text": "Fail."}]}


def test_roll_request_counts_despair_and_caps_at_six_dice():
    boards = [{"name": "Giant", "stats": {"Prowess": 6, "Movement": 1}, "destiny": 1, "destiny_start": 0, "health": 3},
              {"name": "Small", "stats": {"Prowess": 1, "Movement": 1}, "destiny": 1, "destiny_start": 0, "health": 3}]
    data = make_bundle([{"id": 1, "steps": [{"kind": "gain", "status": ["Despair", "Doom"], "who": "each"},
                                            challenge(who="all", successes=12)]}], characters=boards)
    data["packs"][0]["dice"]["max_dice"] = 4
    session = Session.start(load_bundle(data), "s", players=1, seed=1)
    request = advance(session)
    assert request["kind"] == "roll" and request["character"] == 0
    assert (request["dice"], request["doom"], request["target"], request["so_far"]) == (4, True, 12, 0)   # 6 - 1, capped at 4
    session.answer({"faces": [6, 6, 6, 6]})
    assert session.log[-1]["events"] == [{"event": "roll", "character": 0, "stat": "Prowess", "faces": [6] * 4,
                                          "successes": 4}]       # Doom: each 6 counts one
    assert session.pending["dice"] == 0 and session.pending["so_far"] == 4   # Prowess 1 - 1
    with pytest.raises(AnswerError, match="0 dice are rolled, so give 0 faces, not 1"):
        session.answer({"faces": [4]})
    session.answer({"faces": []})
    assert session.log[-1]["events"][-1] == {"event": "challenge", "stat": "Prowess", "target": 12, "character": None,
                                             "successes": 4, "passed": False}


@pytest.mark.parametrize(("answer", "reason"), [
    ({"faces": [1, 2]}, "3 dice are rolled, so give 3 faces, not 2"),
    ({"faces": [1, 2, 7]}, "a die shows a whole number from 1 to 6, not 7"),
    ({"faces": [1, 2, True]}, "not True"),
    ({"auto": False}, "give the dice as"),
    ({"faces": [1, 2, 3], "auto": True}, "give the dice as"),
    ({"faces": [1, 2, 3], "advantage": "yes"}, "'advantage' is true or false"),
    ({"faces": [1, 2, 3], "luck": 1}, "unexpected: luck"),
])
def test_bad_dice_are_refused(answer, reason):
    session = start([{"id": 1, "steps": [challenge()]}], characters=["Anne", "Bertrand"])
    advance(session)
    session.answer({"character": 0})
    with pytest.raises(AnswerError, match=reason.replace("(", r"\(")):
        session.answer(answer)


def test_destiny_rerolls_until_kept_or_spent():
    session = start([{"id": 1, "steps": [challenge(successes=4)]}])
    advance(session)
    session.answer({"character": 0})                 # Anne: 3 dice, 2 Destiny
    session.answer({"faces": [1, 4, 2]})
    request = session.pending
    assert (request["kind"], request["faces"], request["successes"], request["destiny"]) == ("reroll", [1, 4, 2], 1, 2)
    for bad in ({"reroll": [0, 0], "faces": [6, 6]}, {"reroll": [2, 0], "faces": [6, 3]}, {"reroll": []}):
        with pytest.raises(AnswerError, match="die positions from 0 to 2, each once, in increasing order"):
            session.answer(bad)
    with pytest.raises(AnswerError, match='"keep" must be true'):
        session.answer({"keep": False})
    entry = session.answer({"reroll": [0, 2], "faces": [6, 3]})   # die 0 <- 6, die 2 <- 3
    assert entry["events"] == [{"event": "reroll", "character": 0, "dice": [0, 2], "faces": [6, 4, 3], "successes": 3}]
    assert entry["changes"] == [{"path": "/characters/0/destiny", "from": 2, "to": 1}]
    entry = session.answer({"reroll": [2], "faces": [5]})   # 4 successes: the target is reached, no more offers
    assert session.pending["kind"] == "end" and session.pending["result"] == "victory"
    assert entry["events"][-1] == {"event": "challenge", "stat": "Prowess", "target": 4, "character": 0, "successes": 4,
                                   "passed": True}


@pytest.mark.parametrize("auto", [False, 0, None, "1", 1, "true"])
@pytest.mark.parametrize("faces", [True, False])
def test_auto_other_than_true_is_refused_in_rolls_and_rerolls(auto, faces):
    """docs/runtime.md: any ``auto`` other than ``true`` is refused (issue 7, item 32:
    a reroll took ``"auto": false`` beside its faces)."""
    session = start([{"id": 1, "steps": [challenge(successes=4)]}])
    advance(session)
    session.answer({"character": 0})                 # Anne: 3 dice, 2 Destiny
    roll = {"faces": [1, 4, 2], "auto": auto} if faces else {"auto": auto}
    before = session.save()
    with pytest.raises(AnswerError, match='"auto" must be true|give the dice as'):
        session.answer(roll)
    assert session.save() == before
    session.answer({"faces": [1, 4, 2]})
    reroll = {"reroll": [0], "faces": [6], "auto": auto} if faces else {"reroll": [0], "auto": auto}
    before = session.save()
    with pytest.raises(AnswerError, match='"auto" must be true|give the new dice as'):
        session.answer(reroll)
    assert session.save() == before
    session.answer({"reroll": [0], "auto": True})    # true is taken
    assert session.log[-1]["events"][0]["event"] == "reroll"


def test_advantage_from_the_table_counts_threes():
    session = start([{"id": 1, "steps": [challenge(successes=3)]}])
    advance(session)
    session.answer({"character": 1})                  # Bertrand: 2 dice
    session.answer({"faces": [3, 6], "advantage": True})
    assert session.pending["kind"] == "end" and session.pending["result"] == "victory"


def test_auto_rolls_come_from_the_seed():
    def play(seed):
        session = start([{"id": 1, "steps": [challenge(successes=1)]}], seed=seed)
        advance(session)
        session.answer({"character": 0})
        session.answer({"auto": True})
        return session.log[-1]["events"][0]["faces"]

    assert play(7) == play(7) == [2, 3, 2]           # docs/runtime.md: seed 7 rolls 2 3 2 3 ...
    assert play(0) == [6, 6, 3]


def test_roll_step_gives_each_roller_their_successes():
    session = start([{"id": 1, "steps": [{"kind": "lose", "destiny": 2, "who": "each"},
                                         {"kind": "roll", "stat": "Movement", "who": "each",
                                          "per_success": {"gain": {"destiny": 1, "who": "each"}}}, GOTO_END]}])
    advance(session)
    session.answer({"faces": [6, 1]})                 # Anne: 2 successes, Destiny 0 -> 2 (her maximum)
    entry = session.answer({"faces": [5, 1, 1, 1, 1, 1]})   # Bertrand: 1 success, Destiny 0 -> 1
    assert session.state["characters"][0]["destiny"] == 2 and session.state["characters"][1]["destiny"] == 1
    assert entry["changes"] == [{"path": "/characters/1/destiny", "from": 0, "to": 1},
                                {"path": "/result", "from": None, "to": "victory"}]


def test_each_challenge_runs_the_branch_for_each_roller():
    session = start([{"id": 1, "steps": [
        challenge(stat="Movement", successes=2, who="each", passed=[{"kind": "gain", "items": ["Medal"], "who": "one"}],
                  failed=[{"kind": "lose", "health": 1, "who": "one"}]), GOTO_END]}])
    advance(session)
    session.answer({"faces": [1, 1]})                 # Anne fails, and keeps her dice
    session.answer({"keep": True})
    assert session.state["characters"][0]["health"] == 2
    session.answer({"faces": [6, 1, 1, 1, 1, 1]})     # Bertrand passes
    characters = session.state["characters"]
    assert characters[0]["health"] == 2 and characters[1]["items"] == ["Medal"]


# -- effects ------------------------------------------------------------------------------

def test_status_tokens_are_held_once_and_destiny_stays_in_range():
    session = start([{"id": 1, "steps": [
        {"kind": "gain", "status": ["Despair"], "who": "each"},
        {"kind": "gain", "status": ["Despair", "Doom"], "who": "each"},
        {"kind": "gain", "destiny": 5, "who": "each"},
        {"kind": "lose", "coins": 3, "who": "each"},
        {"kind": "gain", "items": ["Rapier"], "who": "each"},
        {"kind": "lose", "items": ["Rapier"], "who": "each"},
        {"kind": "lose", "status": ["Doom"], "who": "each"}, GOTO_END]}])
    advance(session)
    anne = session.state["characters"][0]
    assert anne["status"] == ["Despair"] and anne["destiny"] == 2 and anne["items"] == ["Rapier"]
    assert session.state["coins"] == 0


def test_who_one_asks_the_group_and_lose_skips_the_fallen():
    session = start([{"id": 1, "steps": [{"kind": "lose", "health": 2, "who": "one"},
                                         {"kind": "lose", "health": 1, "who": "one"}, GOTO_END]}])
    request = advance(session)
    assert request == {"kind": "character", "card": 1, "characters": [0, 1], "for": "lose",
                       "effect": {"health": 2, "who": "one"}}
    with pytest.raises(AnswerError, match="'character' must be one of 0, 1"):
        session.answer({"character": 2})
    entry = session.answer({"character": 1})          # Bertrand: 2 -> 0: Fallen, a severe Wound
    # Only Anne is standing, so the next `lose` needs no request: it is hers.
    assert entry["changes"] == [{"path": "/characters/0/health", "from": 3, "to": 2},
                                {"path": "/characters/1/fallen", "from": False, "to": True},
                                {"path": "/characters/1/health", "from": 2, "to": 0},
                                {"path": "/characters/1/health_max", "from": 2, "to": 1},
                                {"path": "/result", "from": None, "to": "victory"}]


def test_healing_does_not_pass_severe_wounds():
    """docs/rulings.md: healing does not stand a Fallen Character up (only Rescue does)."""
    session = start([{"id": 1, "steps": [{"kind": "lose", "health": 5, "who": "one"},
                                         {"kind": "gain", "health": 5, "who": "each"}, GOTO_END]}])
    advance(session)
    session.answer({"character": 0})
    anne = session.state["characters"][0]
    assert (anne["health"], anne["health_max"], anne["fallen"]) == (2, 2, True)


def test_all_fallen_is_a_defeat():
    session = start([{"id": 1, "steps": [{"kind": "lose", "health": 9, "who": "each"}, GOTO_END]}])
    assert advance(session) == {"kind": "end", "card": 1, "result": "defeat", "text": None, "reason": "all_fallen",
                                "character": None}


def test_a_character_without_health_tokens_is_a_defeat():
    session = start([{"id": 1, "steps": [{"kind": "lose", "health": 1, "who": "one"}, GOTO_END]}],
                    players=3, characters=["Anne", "Bertrand", "Claire"])
    advance(session)
    session.answer({"character": 2})                  # Claire has 1 Health token: it goes back to the box
    assert session.pending == {"kind": "end", "card": 1, "result": "defeat", "text": None, "reason": "no_health",
                               "character": 2}


def test_flags_counters_and_conditions():
    name = {"op": "name", "name": "tries"}
    cards = [{"id": 1, "steps": [
        {"kind": "set", "values": {"met": True, "tries": 5}},
        {"kind": "add", "values": {"tries": -2}},
        {"kind": "if", "condition": {"op": "and", "args": [
            {"op": "==", "left": name, "right": {"op": "const", "value": 3}},
            {"op": "call", "name": "has", "args": [{"op": "const", "value": "Rapier"}]}]},
         "condition_source": "tries == 3 and has(\"Rapier\")", "then": [{"kind": "clear", "names": ["tries", "met"]}],
         "else": [{"kind": "defeat", "text": "No."}]},
        {"kind": "if", "condition": {"op": "call", "name": "status", "args": [{"op": "const", "value": "Doom"}]},
         "condition_source": "status(\"Doom\")", "then": [{"kind": "defeat", "text": "Doomed."}], "else": []},
        GOTO_END]}]
    session = start(cards, flags=["met"], counters={"tries": 1})
    advance(session)
    assert session.state["flags"] == {"met": False} and session.state["counters"] == {"tries": 1}
    assert session.pending["result"] == "victory"


def test_purchases():
    """Event Cards: a purchase draws real cards from the deck (per player), offered
    with their printed names and costs after the card's fixed offers; bought by offer
    number; cards not bought go to the discard pile."""
    cards = [{"id": 1, "steps": [{"kind": "gain", "coins": 5, "who": "each"},
                                 {"kind": "purchase", "deck": "Equipment", "per_player": 1,
                                  "offers": [{"item": "Rope", "cost": 1}, {"item": "Lantern", "cost": 3}]}, GOTO_END]}]
    session = start(cards, players=2, decks=TEST_DECKS)
    request = advance(session)
    assert request == {"kind": "purchase", "card": 1, "coins": 5, "characters": [0, 1], "deck": "Equipment", "draw": 2,
                       "asked": 2, "items": [["Rapier"], []], "costs": {},
                       "offers": [{"offer": 0, "item": "Rope", "cost": 1, "card": None},
                                  {"offer": 1, "item": "Lantern", "cost": 3, "card": None},
                                  {"offer": 2, "item": "Musket", "cost": 3, "card": "Equipment#2"},
                                  {"offer": 3, "item": "Dagger", "cost": 1, "card": "Equipment#7"}]}
    for bad, reason in [({"buy": [{"offer": 1, "character": 0}, {"offer": 2, "character": 0}]},
                         "cost 6 coins; the party has 5"),
                        ({"buy": [{"offer": 0, "character": 0}, {"offer": 0, "character": 1}]}, "offer 0 is bought twice"),
                        ({"buy": [{"offer": 4, "character": 0}]}, "no offer 4"),
                        ({"buy": [{"item": "Musket", "cost": 3, "character": 0}]}, "by its number"),
                        ({"buy": [{"offer": 0}]}, "who carries it\\?"),
                        ({"buy": [{"offer": 0, "character": 2}]}, "'character' must be a Character's position"),
                        ({"buy": "all"}, "is a list")]:
        with pytest.raises(AnswerError, match=reason):
            session.answer(bad)
    entry = session.answer({"buy": [{"offer": 1, "character": 1}, {"offer": 3, "character": 0}]})
    assert entry["events"] == [{"event": "purchase", "character": 1, "item": "Lantern", "cost": 3, "card": None},
                               {"event": "purchase", "character": 0, "item": "Dagger", "cost": 1, "card": "Equipment#7"}]
    assert session.state["coins"] == 1
    assert session.state["characters"][0]["items"] == ["Rapier", "Dagger"]
    assert session.state["characters"][0]["cards"] == ["Equipment#7"]
    assert session.state["decks"]["Equipment"]["discard"] == ["Equipment#2"]       # the Musket not bought


def test_battles():
    cards = [{"id": 1, "steps": [{"kind": "battle", "layout": "yard", "objectives": [
        {"objective": "Defeat all Enemies", "goto": 2}, {"objective": "Reach Exit", "victory": "Out!"}]}]},
        {"id": 2, "steps": [GOTO_END]}]
    session = start(cards)
    assert advance(session) == {"kind": "battle", "card": 1, "layout": "yard", "objectives": [
        {"objective": 0, "text": "Defeat all Enemies", "goto": 2, "victory": False},
        {"objective": 1, "text": "Reach Exit", "goto": None, "victory": True}]}
    with pytest.raises(AnswerError):
        session.answer({"objective": 2})
    with pytest.raises(AnswerError):
        session.answer({"lost": True, "objective": 0})
    session.answer({"objective": 1})
    assert session.pending["reason"] == "objective" and session.pending["text"] == "Out!"
    lost = start(cards)
    advance(lost)
    lost.answer({"lost": True})
    assert lost.pending["reason"] == "battle_lost" and lost.state["result"] == "defeat"


def test_probability_uses_the_pack_rule():
    session = start([{"id": 1, "steps": [GOTO_END]}])
    assert session.probability(2, 2, advantage=True) == pytest.approx(20 / 36)


def test_same_seed_and_answers_give_the_same_log():
    def play():
        session = start(choice_card() + [], seed=99)
        for answer in [{}, {"option": 1}, {}, {}, {"option": 0}, {}]:       # {} after a goto: between
            session.answer(answer)
        return json.dumps(session.log)

    assert play() == play()


@pytest.mark.parametrize("buy", [{"offer": 0, "character": 1.0}, {"offer": 0.0}, {"offer": [0]}, {"offer": True},
                                 {"item": "Musket", "cost": 0, "character": 1.0}, {1: 0}])
def test_purchase_indexes_must_be_whole_numbers(buy):
    cards = [{"id": 1, "steps": [{"kind": "gain", "coins": 5, "who": "each"},
                                 {"kind": "purchase", "deck": "Equipment", "per_player": 1,
                                  "offers": [{"item": "Rope", "cost": 1}]}, GOTO_END]}]
    session = start(cards)
    advance(session)
    before = session.save()
    with pytest.raises(AnswerError):
        session.answer({"buy": [buy]})
    assert session.save() == before


def test_answers_with_keys_that_are_not_text_are_refused():
    session = start(choice_card())
    advance(session)
    with pytest.raises(AnswerError, match="an object key must be text"):
        session.answer({1: 0})


def test_an_engine_failure_undoes_the_answer(monkeypatch):
    """Should a step ever fail inside the engine, it is an EngineError (not the
    answer's fault: not an AnswerError) and the session is exactly as before; the
    next answer works."""
    session = start([{"id": 1, "steps": [{"kind": "gain", "coins": 2, "who": "each"},
                                         {"kind": "lose", "health": 1, "who": "one"}, GOTO_END]}], introduction="Hi.")
    session.answer({})
    before = (session.save(), session.pending)
    calls = {"n": 0}
    real = StoryRules._apply

    def flaky(self, *args, **kwargs):
        calls["n"] += 1
        if calls["n"] == 1:
            raise KeyError("boom")
        return real(self, *args, **kwargs)

    monkeypatch.setattr(StoryRules, "_apply", flaky)
    with pytest.raises(EngineError, match="the engine could not apply this answer .KeyError: 'boom'.; nothing changed") as caught:
        session.answer({})
    assert not isinstance(caught.value, AnswerError) and isinstance(caught.value.__cause__, KeyError)
    assert (session.save(), session.pending) == before
    session.answer({})
    assert session.state["coins"] == 2 and session.pending["kind"] == "character"
