"""The session's copies in and out (docs/runtime.md, Sessions: ``pending``, ``state``
and ``log`` are copies): nothing it hands out, and nothing a front end gives it, is
shared with the session's own data; and the two helpers that make answering cheap,
``state.copy_json`` and ``state.diff``, give what ``copy.deepcopy`` and a full walk of
the state give."""

from __future__ import annotations

import copy
import enum
from collections import OrderedDict
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from _runtime_helpers import make_bundle
from cardforge_runtime import Session, load_bundle
from cardforge_runtime.state import copy_json, diff, update_copy
from cardforge_runtime.story import StoryRules

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=30,
)


def containers(value: Any) -> list[Any]:
    """Every dict and list inside ``value`` (itself included)."""
    found = []
    if isinstance(value, (dict, list)):
        found.append(value)
    for item in value.values() if isinstance(value, dict) else value if isinstance(value, (list, tuple)) else []:
        found += containers(item)
    return found


# -- copy_json ----------------------------------------------------------------------

@given(JSON)
def test_copy_json_equals_deepcopy_and_shares_no_dict_or_list(data):
    copied = copy_json(data)
    assert copied == copy.deepcopy(data) and repr(copied) == repr(data)
    originals = {id(c) for c in containers(data)}
    assert not originals & {id(c) for c in containers(copied)}


def test_copy_json_copies_values_that_are_not_json_as_deepcopy_does():
    class Level(enum.IntEnum):
        HIGH = 2

    inner = [1, 2]
    data = {"ordered": OrderedDict(a=[1]), "pair": (inner, "x"), "level": Level.HIGH, "list": [(3, 4)]}
    copied = copy_json(data)
    assert copied == copy.deepcopy(data)
    assert type(copied["ordered"]) is OrderedDict and copied["ordered"]["a"] is not data["ordered"]["a"]
    assert type(copied["pair"]) is tuple and copied["pair"][0] is not inner
    assert copied["level"] is Level.HIGH


# -- diff ---------------------------------------------------------------------------

def full_walk(before: Any, after: Any, path: str = "") -> list[dict[str, Any]]:
    """``diff`` as it was first written: every key of every dict visited."""
    if isinstance(before, dict) and isinstance(after, dict):
        changes = []
        for key in sorted(set(before) | set(after)):
            changes += full_walk(before.get(key), after.get(key), f"{path}/{key}")
        return changes
    if path == "/characters" and isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        changes = []
        for i, (old, new) in enumerate(zip(before, after)):
            changes += full_walk(old, new, f"{path}/{i}")
        return changes
    return [] if before == after else [{"path": path, "from": before, "to": after}]


CHARACTER = st.fixed_dictionaries({
    "name": st.sampled_from(["Anne", "Bertrand"]), "destiny": st.integers(0, 2), "health": st.integers(0, 2),
    "fallen": st.booleans(), "status": st.lists(st.sampled_from(["Despair", "Doom"]), max_size=2),
    "items": st.lists(st.sampled_from(["Rope", "Rapier"]), max_size=2),
    "stats": st.dictionaries(st.sampled_from(["Prowess", "Movement"]), st.integers(1, 2)),
})
STATE = st.fixed_dictionaries({
    "card": st.none() | st.integers(1, 3), "coins": st.integers(0, 2), "result": st.none() | st.just("victory"),
    "flags": st.dictionaries(st.sampled_from("abc"), st.booleans()),
    "counters": st.dictionaries(st.sampled_from("xyz"), st.integers(0, 1) | st.none()),
    "characters": st.lists(CHARACTER, min_size=1, max_size=3),
})


@given(STATE, STATE)
def test_diff_lists_what_a_full_walk_lists_on_states(before, after):
    assert diff(before, after) == full_walk(before, after)
    assert diff(before, copy.deepcopy(before)) == []


@given(JSON, JSON)
def test_diff_lists_what_a_full_walk_lists_on_any_json(before, after):
    assert diff(before, after) == full_walk(before, after)


@given(STATE, STATE)
def test_update_copy_catches_up_without_touching_what_diff_listed(before, after):
    """``Session.answer`` lists the changes from its copy of the state, then brings
    that copy up to date: the copy must equal the state, share nothing with it, and
    leave the ``from`` values just listed as they were."""
    copied = copy_json(before)
    changes = diff(copied, after)
    listed = copy.deepcopy(changes)
    update_copy(copied, after)
    assert copied == after and changes == listed
    assert not {id(c) for c in containers(copied)} & {id(c) for c in containers(after)}
    update_copy(copied, {"card": 2})
    assert copied == {"card": 2}


def test_diff_treats_a_missing_key_as_null_like_the_full_walk():
    assert diff({"flags": {"a": None}}, {"flags": {}}) == [] == full_walk({"flags": {"a": None}}, {"flags": {}})
    assert diff({"coins": 1}, {"coins": 2, "card": 3}) == [{"path": "/card", "from": None, "to": 3},
                                                            {"path": "/coins", "from": 1, "to": 2}]


# -- the session --------------------------------------------------------------------

CARDS = [
    {"id": 1, "steps": [{"kind": "gain", "items": ["Rope"], "who": "each"},
                        {"kind": "challenge", "stat": "Prowess", "successes": 4, "who": "one",
                         "pass": [{"kind": "goto", "card": 2}], "fail": [{"kind": "defeat", "text": "Fail."}]}]},
    {"id": 2, "steps": [{"kind": "gain", "items": ["Lamp"], "status": ["Doom"], "who": "each"},
                        {"kind": "victory", "text": "Won."}]},
]
# Anne (3 dice, 2 Destiny) takes the challenge, then rerolls twice (the answers' lists
# end up in the log's reroll events).
ANSWERS = [{}, {"character": 0}, {"faces": [1, 4, 2]}, {"reroll": [0, 2], "faces": [6, 3]},
           {"reroll": [2], "faces": [5]}, {}, {}]


def scribble(value: Any) -> None:
    """Change every dict and list inside ``value``, at every depth."""
    if isinstance(value, dict):
        for key in list(value):
            scribble(value[key])
            value[key] = "scribbled"
        value["scribbled"] = True
    elif isinstance(value, list):
        for item in value:
            scribble(item)
        value.append("scribbled")


def new_session() -> Session:
    return Session.start(load_bundle(make_bundle(copy.deepcopy(CARDS))), "s", players=1, seed=3)


def test_nothing_handed_out_or_given_is_shared_with_the_session():
    """A front end that changes whatever it got (``pending``, ``state``, ``log``, the
    entry ``answer`` returns, a save, a transcript) or the answers it gave, after the
    fact, changes nothing the session holds; and what it hands out has no list or dict
    in two places (a front end editing a save's answers leaves its log alone)."""
    untouched, session = new_session(), new_session()
    for answer in ANSWERS:
        untouched.answer(copy.deepcopy(answer))
        scribble(session.pending)
        given_answer = copy.deepcopy(answer)
        entry = session.answer(given_answer)
        for handed_out in (session.save(), session.transcript(), session.log):
            inside = containers(handed_out)     # as JSON gives it: no list or dict in two places
            assert len({id(c) for c in inside}) == len(inside)
        for value in (given_answer, entry, session.state, session.log, session.save(), session.transcript()):
            scribble(value)
    assert session.pending["kind"] == "end" and session.pending["result"] == "victory"
    assert session.log[3]["events"][0]["dice"] == [0, 2]
    assert session.save() == untouched.save() and session.transcript() == untouched.transcript()
    assert (session.pending, session.state) == (untouched.pending, untouched.state)


def test_the_log_keeps_its_values_whatever_the_rules_change_in_place_later(monkeypatch):
    """The ``to`` of a change is the session's own copy: rules that changed a list in
    place (an item appended to a Character's own list) later could not rewrite an
    entry already logged."""
    real = StoryRules._apply

    def gain_items_in_place(self, kind, effect, targets, times=1):
        if kind == "gain" and set(effect) == {"kind", "items", "who"}:
            for index in targets:
                self.state["characters"][index]["items"].extend(effect["items"] * times)
            return None
        return real(self, kind, effect, targets, times)

    monkeypatch.setattr(StoryRules, "_apply", gain_items_in_place)
    session = Session.start(load_bundle(make_bundle([{"id": 1, "steps": [
        {"kind": "gain", "items": ["Rope"], "who": "each"}, {"kind": "text", "text": "On."},
        {"kind": "gain", "items": ["Lamp"], "who": "each"}, {"kind": "victory", "text": "Won."}]}])),
        "s", players=1, seed=1)
    first = session.answer({})
    second = session.answer({})
    assert first["changes"] == [{"path": "/characters/0/items", "from": ["Rapier"], "to": ["Rapier", "Rope"]},
                                {"path": "/characters/1/items", "from": [], "to": ["Rope"]}]
    assert second["changes"][0] == {"path": "/characters/0/items", "from": ["Rapier", "Rope"],
                                    "to": ["Rapier", "Rope", "Lamp"]}
    assert session.log[0]["changes"] == first["changes"]
