"""Using a kept card in a Character turn (``battle.use``; the ``turn`` request's ``use``
option): Gascony's Legacy, Battle Round Example ("Then, he draws a Loot - Cross. He
discards it to regain one of his Destiny tokens"), docs/rulings.md "Using a Loot card
kept". Played on the Battle Round Example's bundle (the shipped pack, its Loot deck
and Characters) with the example's recorded answers, and on hand-built scenes for the
``helps`` flag and an effect that asks a ``pick``."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from _battle_helpers import PACK, character, fx, place_character, scene_of

from cardforge_runtime import AnswerError, Session, load_bundle
from cardforge_runtime.battle.use import use_card, use_option

HERE = Path(__file__).resolve().parent / "conformance"
PORTHOS, CROSS = 8, "Loot#3"


@pytest.fixture(scope="module")
def example_bundle():
    return load_bundle(HERE / "bundles" / "battle-round-example.bundle.json")


def _at_the_use(bundle) -> Session:
    """The Battle Round Example played up to Porthos's turn after his Attack (the Cross
    drawn), with the answers of tests/conformance/battle-round-example.answers.json."""
    session = Session.start(bundle, "battle-round-example", players=2, characters=["Athos", "Porthos"], seed=262)
    answers = json.loads((HERE / "battle-round-example.answers.json").read_text(encoding="utf-8"))
    for answer in answers[:answers.index({"do": "use", "card": CROSS})]:
        try:
            session.answer(answer)
        except AnswerError:
            pass                                  # the example's refused answers (recorded as such)
    return session


def _use_option(request):
    return next((o for o in request["options"] if o["do"] == "use"), None)


def test_porthos_uses_the_cross_in_his_turn_for_a_destiny_and_keeps_his_action(example_bundle):
    session = _at_the_use(example_bundle)
    request = session.pending
    assert request["kind"] == "turn" and request["figure"] == PORTHOS
    assert _use_option(request) == {"do": "use", "cards": [{"card": CROSS, "item": "Cross", "helps": True}]}
    porthos = session.state["characters"][1]
    assert (porthos["destiny"], porthos["destiny_max"]) == (2, 3)
    assert CROSS in porthos["cards"] and "Cross" in porthos["items"]
    turn_before = dict(session.state["battle"]["turn"])
    session.answer({"do": "use", "card": CROSS})
    porthos = session.state["characters"][1]
    assert porthos["destiny"] == 3
    assert CROSS not in porthos["cards"] and "Cross" not in porthos["items"]
    assert session.state["decks"]["Loot"]["discard"][-1] == CROSS          # discarded, not lost
    assert session.state["battle"]["turn"] == turn_before                   # no Action, Move or Attack spent
    events = session.log[-1]["events"]
    assert [e["event"] for e in events] == ["card", "gain", "use"]
    assert events[-1] == {"event": "use", "figure": PORTHOS, "character": 1, "card": CROSS, "item": "Cross"}
    after = session.pending
    assert after["kind"] == "turn" and _use_option(after) is None
    assert {"do": "action", "action": "talent", "name": "Corps-à-corps"} in after["options"]


BAD_USES = [{"do": "use"}, {"do": "use", "card": "Loot#1"}, {"do": "use", "card": [CROSS]},
            {"do": "use", "card": CROSS, "character": 1}, {"do": "use", "cards": [CROSS]}]


def test_use_answers_not_on_offer_are_refused_and_change_nothing(example_bundle):
    session = _at_the_use(example_bundle)
    before = json.dumps(session.save(), sort_keys=True)
    for answer in BAD_USES:
        with pytest.raises(AnswerError):
            session.answer(answer)
        assert json.dumps(session.save(), sort_keys=True) == before, answer
    session.answer({"do": "use", "card": CROSS})
    after = json.dumps(session.save(), sort_keys=True)
    with pytest.raises(AnswerError, match="not on offer"):
        session.answer({"do": "use", "card": CROSS})                         # used: no longer held
    assert json.dumps(session.save(), sort_keys=True) == after


def test_a_save_mid_turn_resumes_identically_before_and_after_the_use(example_bundle):
    session = _at_the_use(example_bundle)
    before = Session.load(example_bundle, json.loads(json.dumps(session.save())))
    assert before.pending == session.pending and before.state == session.state
    assert before.answer({"do": "use", "card": CROSS}) == session.answer({"do": "use", "card": CROSS})
    after = Session.load(example_bundle, json.loads(json.dumps(session.save())))
    assert after.pending == session.pending and after.state == session.state and after.save() == session.save()
    talent = {"do": "action", "action": "talent"}
    assert after.answer(talent) == session.answer(talent)


# -- hand-built scenes: `helps` and an effect that asks ------------------------------

SALTS = {"name": "Smelling Salts", "count": 1, "effects": [], "keep": True,
         "use": [fx("remove-status", who="you", token=None)], "text": ""}


def _scene(**given):
    pack = copy.deepcopy(PACK)
    loot = next(d for d in pack["decks"] if d["name"] == "Loot")
    loot["cards"].append(SALTS)
    scene = scene_of(["....."] * 3, [character("Porthos", 4, 3, **given)], pack=pack)
    figure = place_character(scene, 0, (1, 1), "east", ["Broadsword"])
    for name in ("Bandage", "Smelling Salts"):
        card = scene.decks.id_of("Loot", name)
        scene.decks.piles["Loot"]["draw"].remove(card)
        scene.game["characters"][0]["cards"].append(card)
        scene.game["characters"][0]["items"].append(name)
    turn = {"character": 0, "figure": figure, "moved": False, "action": False, "attacks": [], "move_bonus": 0,
            "extra_attack_dice": 0, "second_attack": False, "auto_successes": None}
    scene.battle["turn"] = turn
    return scene, turn


def test_helps_says_whether_the_cards_use_would_do_something_now():
    scene, turn = _scene(health=6)                       # full Health, no status token
    assert use_option(scene, turn) == {"do": "use", "cards": [
        {"card": "Loot#6", "item": "Bandage", "helps": False},
        {"card": "Loot#7", "item": "Smelling Salts", "helps": False}]}
    scene, turn = _scene(health=4, status=["Doom"])
    assert [c["helps"] for c in use_option(scene, turn)["cards"]] == [True, True]
    scene.game["characters"][0]["cards"] = ["Equipment#1"]
    assert use_option(scene, turn) is None


def test_a_use_whose_effect_needs_a_choice_asks_a_pick_in_the_battle():
    scene, turn = _scene(health=6, status=["Doom", "Despair"])
    play = use_card(scene, turn, "Loot#7")
    request = next(play)
    assert request == {"kind": "pick", "for": "remove-status", "options": ["Doom", "Despair"], "figure": turn["figure"]}
    with pytest.raises(StopIteration):
        play.send({"pick": "Despair"})
    porthos = scene.game["characters"][0]
    assert porthos["status"] == ["Doom"] and porthos["cards"] == ["Equipment#1", "Loot#6"]
    assert scene.decks.piles["Loot"]["discard"] == ["Loot#7"]
    assert [e["event"] for e in scene.events][-2:] == ["remove-status", "use"]


# -- the players that answer by themselves -------------------------------------------

USE_TURN = {"kind": "turn", "card": 901, "round": 1, "character": 0, "figure": 1, "stones": [],
            "options": [{"do": "use", "cards": [{"card": "Loot#6", "item": "Bandage", "helps": False},
                                                {"card": "Loot#7", "item": "Smelling Salts", "helps": True}]},
                        {"do": "end"}]}


def _table():
    from cardforge_compiler.simulate.policies import Table
    from cardforge_runtime.dice import DiceRule
    from cardforge_runtime.pcg import Pcg32
    state = {"characters": [character("Porthos", 4, 3)],
             "battle": {"turn": None, "enemies": [], "named": [], "search_tokens": [], "characters": [
                 {"id": 1, "character": 0, "square": [1, 1]}], "turns_taken": [], "exited": []}}
    return Table(state, PACK, {"objectives": [{"meet": {"kind": "table"}}]}, DiceRule(), Pcg32(1))


def test_the_simulators_greedy_policy_uses_a_kept_card_only_when_it_helps():
    from cardforge_compiler.simulate.policies import answer_checked, greedy
    assert answer_checked(greedy, USE_TURN, _table()) == {"do": "use", "card": "Loot#7"}
    useless = copy.deepcopy(USE_TURN)
    useless["options"][0]["cards"][1]["helps"] = False
    assert answer_checked(greedy, useless, _table()) == {"do": "end"}


def test_the_simulators_random_policy_and_the_terminal_list_the_use():
    from cardforge_compiler.play.battle_screen import turn_choices
    from cardforge_compiler.simulate.policies import answer_checked, random_policy
    table = _table()
    given = {json.dumps(answer_checked(random_policy, USE_TURN, table), sort_keys=True) for _ in range(40)}
    assert given == {'{"do": "end"}', '{"card": "Loot#6", "do": "use"}', '{"card": "Loot#7", "do": "use"}'}
    assert turn_choices(USE_TURN, str, str) == [
        ("Use Bandage (discard it; no Action)", {"do": "use", "card": "Loot#6"}, None),
        ("Use Smelling Salts (discard it; no Action)", {"do": "use", "card": "Loot#7"}, None),
        ("End the turn", {"do": "end"}, None)]
