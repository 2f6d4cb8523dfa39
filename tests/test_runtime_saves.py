"""Saves: a session saved mid-Act resumes identically; a save loads into a rebuilt
bundle when its ids still exist, and is refused (naming what is missing) otherwise."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from cardforge_runtime import Session, SessionError, load_bundle


def policy(request):
    """Answers that explore: the last option on offer, the last Character, auto dice,
    a reroll of the first die while Destiny lasts above 1, cheap purchases, leaving the
    first Equipment cards listed when a Character carries too many hands."""
    kind = request["kind"]
    if kind == "choice":
        return {"option": request["options"][-1]["option"]}
    if kind == "character":
        return {"character": request["characters"][-1]}
    if kind == "roll":
        return {"auto": True}
    if kind == "reroll":
        return {"reroll": [0], "auto": True} if request["destiny"] > 1 else {"keep": True}
    if kind == "purchase":
        cheap = [o for o in request["offers"] if o["cost"] <= request["coins"]][:1]
        return {"buy": [{"offer": o["offer"], "character": 1} for o in cheap]}
    if kind == "battle":
        return {"objective": 0}
    if kind == "leave":                     # carry at most `hands` hands: leave the first cards listed
        total, left = sum(c["hands"] for c in request["cards"]), []
        for card in request["cards"]:
            if total <= request["hands"]:
                break
            left.append(card["card"])
            total -= card["hands"]
        return {"leave": left}
    return {}


def play(session, limit=None):
    steps = 0
    while not session.finished and (limit is None or steps < limit):
        session.answer(policy(session.pending))
        steps += 1
    return session


@pytest.fixture(scope="module")
def bundle(gascony_bundle: Path):
    return load_bundle(gascony_bundle)


@pytest.mark.parametrize("story", ["act-1", "act-2", "act-3", "act-4"])
def test_a_session_saved_anywhere_resumes_identically(bundle, story):
    full = play(Session.start(bundle, story, players=2, seed=5, battles="table"))
    assert full.pending["result"] == "victory"
    for cut in range(0, len(full.log), 3):
        session = play(Session.start(bundle, story, players=2, seed=5, battles="table"), cut)
        resumed = Session.load(bundle, json.dumps(session.save()))
        assert not resumed.warnings
        assert (resumed.pending, resumed.state, resumed.log) == (session.pending, session.state, session.log)
        assert resumed.save() == session.save()
        play(resumed)
        assert resumed.log == full.log and resumed.state == full.state


def _mid_card(bundle, card):
    session = Session.start(bundle, "act-1", players=1, seed=3, battles="table")
    while session.state["card"] != card or session.pending["kind"] == "card":
        session.answer(policy(session.pending))
    return session


def _rebuilt(bundle, change):
    data = copy.deepcopy(bundle.data)
    story = data["packs"][0]["stories"][0]
    old = story["id"]
    change(story)
    campaign = data["packs"][0].get("campaign")
    if campaign and story["id"] != old:        # renamed where the campaign names it too, as lint requires (CF860)
        campaign["stories"] = [story["id"] if s == old else s for s in campaign["stories"]]
    return load_bundle(data)


def test_a_rebuilt_bundle_resumes_at_the_start_of_the_card(bundle):
    session = _mid_card(bundle, 13)
    drawn = session.save()["checkpoint"]["state"]

    def edit(story):
        story["cards"][2]["text"] = "Rewritten."
        story["flags"] = story["flags"] + ["new_flag"]

    rebuilt = _rebuilt(bundle, edit)
    save = session.save()
    save["checkpoint"]["state"]["flags"]["retired_flag"] = True     # a flag the story no longer declares
    resumed = Session.load(rebuilt, save)
    assert resumed.warnings and "resuming at the start of card 13" in resumed.warnings[0]
    assert resumed.pending == {"kind": "card", "card": 13, "title": "The Hôtel de Tréville", "text": "Rewritten."}
    state = resumed.state
    assert state["characters"] == drawn["characters"] and state["coins"] == drawn["coins"]
    assert "retired_flag" not in state["flags"] and state["flags"]["new_flag"] is False
    assert state["flags"]["sold_horse"] == drawn["flags"]["sold_horse"]
    assert len(resumed.log) == session.save()["checkpoint"]["log_length"]
    play(resumed)
    assert resumed.finished


def test_a_save_naming_a_missing_card_is_refused(bundle):
    session = _mid_card(bundle, 13)
    def renumber(node):
        if isinstance(node, dict):
            for key, value in node.items():
                node[key] = 913 if key in ("id", "card", "goto", "from", "to") and value == 13 else renumber(value)
        elif isinstance(node, list):
            node[:] = [renumber(value) for value in node]
        return node

    gone = _rebuilt(bundle, renumber)
    with pytest.raises(SessionError, match="it has no card 13 of story 'act-1'"):
        Session.load(gone, session.save())
    other = _rebuilt(bundle, lambda story: story.__setitem__("id", "act-one"))
    with pytest.raises(SessionError, match="it has no story 'act-1' of pack 'gascony'"):
        Session.load(other, session.save())


def damaged(save, change):
    data = copy.deepcopy(save)
    change(data)
    return data


@pytest.mark.parametrize(("change", "message"), [
    (lambda s: s.__setitem__("format", "x"), "not a cardforge save"),
    (lambda s: s.__setitem__("version", 6), "save version 6 is not readable"),
    (lambda s: s.__setitem__("version", True), "save version True is not readable"),
    (lambda s: s.__setitem__("version", 2.0), "save version 2.0 is not readable"),
    (lambda s: s.pop("checkpoint"), "the save is damaged"),
    (lambda s: s["checkpoint"].__setitem__("rng", {"state": "x"}), "the save is damaged"),
    (lambda s: s["checkpoint"]["rng"].__setitem__("state", "-000000000000001"), "the save is damaged"),
    (lambda s: s["checkpoint"].__setitem__("log_length", 10**6), "the save is damaged"),
    (lambda s: s["setup"].__setitem__("seed", "-4"), "the seed must be"),
    (lambda s: s["setup"].__setitem__("seed", "007"), "the seed must be"),
    (lambda s: s["setup"].__setitem__("seed", 7), "the save is damaged"),
    (lambda s: s.__setitem__("version", 1), "the save is damaged: a version 1 save stores its seed as a number"),
    # the replay must give back this very save, value for value and type for type (1.0 is not 1, 0 is not false)
    (lambda s: s["checkpoint"]["state"].__setitem__("players", True), "does not replay to itself"),
    (lambda s: s["checkpoint"]["state"].__setitem__("coins", float(s["checkpoint"]["state"]["coins"])),
     "does not replay to itself"),
    (lambda s: s["checkpoint"]["state"]["characters"][0].__setitem__(
        "health", float(s["checkpoint"]["state"]["characters"][0]["health"])), "does not replay to itself"),
    (lambda s: [flags.__setitem__(f, int(v)) for flags in [s["checkpoint"]["state"]["flags"]] for f, v in flags.items()],
     "does not replay to itself"),
    (lambda s: s["setup"].__setitem__("players", 1.0), "for 1 to 4 players, not 1.0"),
    (lambda s: s["checkpoint"]["state"].__setitem__("coins", 50), "does not replay to itself"),
    (lambda s: s["answers"].append({"option": 99}), "does not replay to itself"),
    (lambda s: s["log"][-1]["changes"].append({"path": "/coins", "from": 0, "to": 99}), "does not replay to itself"),
    (lambda s: s["log"][1]["events"].append({"event": "roll"}), "does not replay to itself"),   # before the checkpoint
    (lambda s: s["log"][2].__setitem__("answer", {"option": 9}), r"does not replay on this bundle \(answer 3: 'option'"),
    (lambda s: s["log"].append({"answer": {}}), "does not replay on this bundle"),
])
def test_a_damaged_save_is_refused(bundle, change, message):
    save = _mid_card(bundle, 13).save()
    with pytest.raises(SessionError, match=message):
        Session.load(bundle, damaged(save, change))


@pytest.mark.parametrize("change", [
    lambda s: s.__setitem__("coins", "many"),
    lambda s: s.__setitem__("coins", -5),
    lambda s: s["characters"].pop(),
    lambda s: s["characters"][0].__setitem__("stats", {}),
    lambda s: s["characters"][0].__setitem__("status", [{}]),
    lambda s: s["characters"][0].__setitem__("status", ["Doom", "Despair"]),       # not in sorted order
    lambda s: s["characters"][0].__setitem__("health", -3),
    lambda s: s["characters"][0].__setitem__("destiny", 10**6),
    lambda s: s["characters"][0].__setitem__("health", 0),          # no Health left, yet not Fallen
    lambda s: s["characters"][0].pop("name"),
    lambda s: s.__setitem__("result", "victory"),
    lambda s: s.__setitem__("story", "act-2"),
    lambda s: s.__setitem__("players", "2"),
    lambda s: s["counters"].__setitem__("duels_won", "2"),
    lambda s: s.__setitem__("flags", []),
])
def test_a_damaged_checkpoint_is_refused_by_a_rebuilt_bundle(bundle, change):
    """A rebuilt bundle resumes from the checkpoint state, so every value of it is checked."""
    save = _mid_card(bundle, 13).save()
    rebuilt = _rebuilt(bundle, lambda story: story["cards"][2].__setitem__("text", "Rewritten."))
    Session.load(rebuilt, save)                              # the undamaged save loads
    change(save["checkpoint"]["state"])
    with pytest.raises(SessionError, match="the save's checkpoint state is damaged"):
        Session.load(rebuilt, save)


def test_a_save_that_is_not_json(bundle):
    with pytest.raises(SessionError, match="not JSON"):
        Session.load(bundle, "{not json")
