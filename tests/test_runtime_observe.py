"""``Session.fork`` and ``Session.observe`` (docs/runtime.md, Observers and forks).

A fork is a second session at the very same point: checked at every answer of the
shipped Acts' recorded conformance cases (tests/conformance/), at the very start of
the easier game (Loot drawn before the first answer) and inside Battles the engine
plays in Battle rounds. An observer is told of each step, choice on offer, condition
and branch with its bundle path: checked event by event on a small hand-made story,
against a walk of every shipped story's JSON, and on every recorded case, whose
transcripts must not change."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from _helpers import ROOT
from _runtime_helpers import make_bundle
from cardforge_runtime import EngineError, Session, load_bundle
from cardforge_runtime.story import StoryRules
from cardforge_runtime.trace import step_paths

HERE = ROOT / "tests" / "conformance"
RECORDED = sorted(HERE.glob("*.transcript.json"))
#: the shipped Acts played with Battles at the table, with Battles in Battle rounds
#: (the easier game for battles-act-1: Loot drawn at the start), and the decks cases
#: (the easier game's Loot before a first card with no introduction)
ACTS = ["act-1", "act-2", "act-3", "act-4"]
ENGINE_BATTLES = ["battles-act-1", "battles-act-2", "battles-act-3", "battles-act-4"]
EASIER = ["decks-easier", "decks-purchase"]


def _transcript(name: str) -> dict[str, Any]:
    return json.loads((HERE / f"{name}.transcript.json").read_text(encoding="utf-8"))


def _start(transcript: dict[str, Any]) -> Session:
    """A session at the start of a recorded case (as tests/test_conformance.py starts it)."""
    setup = transcript["setup"]
    return Session.start(load_bundle(HERE / transcript["bundle"]), transcript["story"], players=setup["players"],
                         characters=setup["characters"], seed=setup["seed"], pack=transcript["pack"],
                         difficulty=setup.get("difficulty"), battles=setup.get("battles"))


def _answers(transcript: dict[str, Any]) -> list[dict[str, Any]]:
    """The steps of a recorded case that the engine took (refused answers left out)."""
    return [step for step in transcript["steps"] if "rejected" not in step]


def _whole(session: Session) -> tuple[Any, ...]:
    return session.pending, session.state, session.log, session.save()


# -- fork ----------------------------------------------------------------------------------

def _fork_everywhere(name: str, every: int = 1) -> dict[str, int]:
    """Replay the recorded case ``name``, forking before every ``every``-th answer and
    the first answer to each kind of request: the fork has the same pending request
    and state, its log is the original's since the current card was drawn, the next
    answer gives the recorded log entry in both, and answering one leaves the other
    as it was (the twin answers first at the 1st, 3rd, ... fork, the original at the
    others). Returns how many forks were made per request kind."""
    transcript = _transcript(name)
    session = _start(transcript)
    forks: dict[str, int] = {}
    for number, step in enumerate(_answers(transcript)):
        kind = session.pending["kind"]
        if number % every and kind in forks:
            assert session.answer(step["answer"]) == step, f"{name} step {number}"
            continue
        forks[kind] = forks.get(kind, 0) + 1
        twin = session.fork()
        assert (twin.pending, twin.state) == (session.pending, session.state), f"{name} step {number}"
        since = twin.log
        assert since == session.log[len(session.log) - len(since):], f"{name} step {number}"
        kinds = [entry["request"]["kind"] for entry in since]      # from the card request on (or the story's start)
        assert "card" not in kinds[1:] and (kinds[:1] in ([], ["card"]) or since[0]["request"]["card"] is None)
        first, second = (twin, session) if sum(forks.values()) % 2 else (session, twin)
        before = _whole(second)
        entry = first.answer(step["answer"])
        assert _whole(second) == before, f"{name} step {number}: answering one changed the other"
        assert second.answer(step["answer"]) == entry == step, f"{name} step {number}"
        assert (twin.pending, twin.state) == (session.pending, session.state), f"{name} step {number}"
    assert session.pending == transcript["pending"]
    return forks


@pytest.mark.parametrize("name", ACTS + EASIER)
def test_a_fork_at_every_answer_of_a_recorded_case_plays_on_identically(name: str):
    forks = _fork_everywhere(name)
    assert sum(forks.values()) == len(_answers(_transcript(name)))


@pytest.mark.parametrize("name", ENGINE_BATTLES)
def test_a_fork_inside_a_battle_played_in_battle_rounds_plays_on_identically(name: str):
    """Forks every third answer and at the first request of each kind: among them
    requests of the Battle rounds, where the twin replays the whole Battle since its
    card was drawn."""
    forks = _fork_everywhere(name, every=3)
    assert {"deploy", "prepare", "stones", "turn"} <= set(forks)
    assert sum(forks[kind] for kind in ("deploy", "prepare", "stones", "turn", "pips", "assign", "defend")
               if kind in forks) >= 10


def test_a_fork_before_the_first_answer_of_the_easier_game_logs_the_loot_drawn_at_the_start():
    """decks-easier: the Loot is drawn at the start, before the first card, and logged
    with the first answer; a fork made before that answer logs it too (the twin,
    resumed at the first card's checkpoint, takes over what waits for the entry)."""
    transcript = _transcript("decks-easier")
    session = _start(transcript)
    first = transcript["steps"][0]
    assert session.pending["kind"] == "card" and session.pending["card"] == 1
    assert [e["event"] for e in first["events"]] == ["card", "loot", "card", "gain", "loot"]
    twin = session.fork()
    assert twin.log == [] and twin.answer(first["answer"]) == first
    assert session.answer(first["answer"]) == first


def test_a_fork_before_the_introduction_starts_the_story_again():
    """battles-act-1 (the easier game, 4 players): the introduction is pending and no
    card is drawn yet; the fork replays from the story's start, Loot and all, and
    plays the whole case on to the same end."""
    transcript = _transcript("battles-act-1")
    session = _start(transcript)
    assert session.pending["kind"] == "text" and session.pending["card"] is None
    assert "loot" in [e["event"] for e in transcript["steps"][0]["events"]]
    twin = session.fork()
    assert twin.save() == session.save()
    for number, step in enumerate(_answers(transcript)):
        assert twin.answer(step["answer"]) == step, f"step {number}"
    assert twin.pending == transcript["pending"] and session.log == []


@pytest.mark.parametrize("name, at", [("act-1", 20), ("act-3", 7), ("battles-act-2", 40)])
def test_a_fork_plays_the_rest_of_the_case_and_its_save_loads_at_the_same_point(name: str, at: int):
    transcript = _transcript(name)
    steps = _answers(transcript)
    session = _start(transcript)
    for step in steps[:at]:
        session.answer(step["answer"])
    twin = session.fork()
    resumed = Session.load(twin.bundle, json.dumps(twin.save()))
    assert (resumed.pending, resumed.state, resumed.log) == (twin.pending, twin.state, twin.log)
    assert resumed.save() == twin.save()
    for number, step in enumerate(steps[at:], start=at):
        assert twin.answer(step["answer"]) == step, f"step {number}"
        assert resumed.answer(step["answer"]) == step, f"step {number}"
    assert twin.pending == resumed.pending == transcript["pending"]
    assert session.log == [{k: s[k] for k in ("request", "answer", "events", "changes")} for s in steps[:at]]


def test_a_fork_of_a_fork_and_two_different_answers_part_ways():
    """The state explorer's use: one answer here, another there."""
    transcript = _transcript("act-1")
    session = _start(transcript)
    steps = _answers(transcript)
    number = next(i for i, s in enumerate(steps) if s["request"]["kind"] == "choice")
    for step in steps[:number]:
        session.answer(step["answer"])
    offered = [o["option"] for o in session.pending["options"]]
    assert len(offered) >= 2
    taken = steps[number]["answer"]["option"]
    other = next(o for o in offered if o != taken)
    twin = session.fork()
    again = twin.fork()
    before = _whole(session)
    twin.answer({"option": other})
    assert _whole(session) == before
    assert again.answer({"option": taken}) == session.answer({"option": taken}) == steps[number]
    assert twin.log[-1]["request"] == session.log[-1]["request"] and twin.log[-1]["answer"] == {"option": other}
    assert twin.pending != session.pending


# -- observe: a hand-made story, event by event --------------------------------------------

def _flag(name: str) -> dict[str, Any]:
    return {"op": "name", "name": name}


def _coins(op: str, value: int) -> dict[str, Any]:
    return {"op": op, "left": {"op": "name", "name": "coins"}, "right": {"op": "const", "value": value}}


def _option(text: str, steps: list, *, condition: dict | None = None, goto: int | None = None) -> dict[str, Any]:
    return {"text": text, "if": condition, "if_source": None if condition is None else text, "steps": steps,
            "goto": goto}


def _challenge(stat: str, successes: int, passed: list, failed: list) -> dict[str, Any]:
    return {"kind": "challenge", "stat": stat, "successes": successes, "who": "one", "pass": passed, "fail": failed}


#: Card 10 (position 0): a choice whose first option's ``if`` is false, whose second
#: holds a Challenge with a nested choice in its pass branch; card 20 (position 1): an
#: ``if`` step whose ``then`` holds a Challenge.
STORY = [
    {"id": 10, "steps": [
        {"kind": "text", "text": "A locked door."},
        {"kind": "choice", "options": [
            _option("Unlock", [{"kind": "text", "text": "Open."}], condition=_flag("key")),
            _option("Fight", [_challenge("Prowess", 1, [
                {"kind": "set", "values": {"key": True}},
                {"kind": "choice", "options": [
                    _option("Onward", [], goto=20),
                    _option("Buy", [], condition=_coins(">=", 5), goto=20)]}],
                [{"kind": "text", "text": "Ouch."}, {"kind": "goto", "card": 20}])]),
            _option("Flee", [{"kind": "defeat", "text": "Fled."}], condition=_coins("==", 0))]},
        {"kind": "goto", "card": 20}]},
    {"id": 20, "steps": [
        {"kind": "if", "condition": _flag("key"), "condition_source": "key",
         "then": [_challenge("Movement", 12, [{"kind": "victory", "text": "Flew."}],
                             [{"kind": "text", "text": "Missed."}])],
         "else": [{"kind": "defeat", "text": "No key."}]},
        {"kind": "victory", "text": "Won."}]},
]

C0, C1 = ("cards", 0, "steps"), ("cards", 1, "steps")
FIGHT = (*C0, 1, "options", 1, "steps", 0)          # the Challenge inside the option "Fight"

#: answers (after the first card request) and the events each gives, the pass way:
#: Anne passes the Prowess Challenge, takes the only option of the nested choice, the
#: key opens card 20's ``then``, where Bertrand fails a Movement Challenge
PASS_WAY = [
    ({}, [("step", (*C0, 0), None)]),
    ({}, [("step", (*C0, 1), None),
          ("condition", (*C0, 1, "options", 0), False),
          ("condition", (*C0, 1, "options", 2), True),
          ("offered", (*C0, 1), [1, 2])]),
    ({"option": 1}, [("branch", (*C0, 1), 1), ("step", FIGHT, None)]),
    ({"character": 0}, []),
    ({"faces": [6, 1, 1]}, [("branch", FIGHT, "pass"),
                            ("step", (*FIGHT, "pass", 0), None),
                            ("step", (*FIGHT, "pass", 1), None),
                            ("condition", (*FIGHT, "pass", 1, "options", 1), False),
                            ("offered", (*FIGHT, "pass", 1), [0])]),
    ({"option": 0}, [("branch", (*FIGHT, "pass", 1), 0)]),
    ({}, []),                                       # Between Story Cards: on to card 20
    ({}, [("step", (*C1, 0), None),
          ("condition", (*C1, 0), True),
          ("branch", (*C1, 0), "then"),
          ("step", (*C1, 0, "then", 0), None)]),
    ({"character": 1}, []),
    ({"faces": [1, 1, 1, 1, 1, 1]}, []),            # no success: Bertrand may reroll
    ({"keep": True}, [("branch", (*C1, 0, "then", 0), "fail"),
                      ("step", (*C1, 0, "then", 0, "fail", 0), None)]),
    ({}, [("step", (*C1, 1), None)]),
]
#: the fail way: Anne fails the Prowess Challenge (no key), card 20's ``else`` ends it
FAIL_WAY = PASS_WAY[:4] + [
    ({"faces": [1, 2, 3]}, []),                     # no success: Anne may reroll
    ({"keep": True}, [("branch", FIGHT, "fail"), ("step", (*FIGHT, "fail", 0), None)]),
    ({}, [("step", (*FIGHT, "fail", 1), None)]),
    ({}, []),                                       # Between Story Cards: on to card 20
    ({}, [("step", (*C1, 0), None),
          ("condition", (*C1, 0), False),
          ("branch", (*C1, 0), "else"),
          ("step", (*C1, 0, "else", 0), None)]),
]


def _story_session() -> Session:
    session = Session.start(load_bundle(make_bundle(STORY, flags=["key"])), "s", players=1, seed=3)
    assert session.pending["kind"] == "card" and session.pending["card"] == 10
    return session


def _play(session: Session, way: list, heard: list) -> list[list[tuple]]:
    """Answer ``way``'s answers; the events heard after each answer."""
    told = []
    for answer, _ in way:
        start = len(heard)
        session.answer(answer)
        told.append(heard[start:])
    return told


@pytest.mark.parametrize("way, kinds, end", [
    (PASS_WAY, ["card", "text", "choice", "character", "roll", "choice", "between", "card", "character", "roll",
                "reroll", "text"], ("victory", "Won.")),
    (FAIL_WAY, ["card", "text", "choice", "character", "roll", "reroll", "text", "between", "card"],
     ("defeat", "No key.")),
], ids=["pass-then", "fail-else"])
def test_an_observer_hears_each_step_offer_condition_and_branch_with_its_path(way, kinds, end):
    session = _story_session()
    heard: list[tuple] = []
    session.observe(lambda event, path, value: heard.append((event, path, value)))   # before the first answer
    told = _play(session, way, heard)
    assert [entry["request"]["kind"] for entry in session.log] == kinds
    assert told == [events for _, events in way]
    assert (session.pending["result"], session.pending["text"]) == end


def test_every_path_heard_is_the_path_of_that_step_or_option_in_the_bundle():
    data = make_bundle(STORY, flags=["key"])
    story = data["packs"][0]["stories"][0]
    for way in (PASS_WAY, FAIL_WAY):
        for _, events in way:
            for event, path, _ in events:
                node: Any = story
                for key in path:
                    node = node[key]
                assert ("kind" in node) == (event != "condition" or path[-2] != "options"), (event, path)


def test_observe_none_stops_and_a_new_observer_takes_over():
    session = _story_session()
    first: list[tuple] = []
    second: list[tuple] = []
    session.observe(lambda *event: first.append(event))
    session.answer({})
    session.observe(None)
    session.answer({})
    session.answer({"option": 1})
    session.observe(lambda *event: second.append(event))
    session.answer({"character": 0})
    session.answer({"faces": [6, 1, 1]})
    assert first == PASS_WAY[0][1]
    assert second == PASS_WAY[4][1]


def test_a_fork_has_no_observer_and_observes_on_its_own():
    """The twin of an observed session tells nobody until it is given an observer;
    then it hears what the original would (observe after a fork); answering the twin
    tells the original's observer nothing."""
    session = _story_session()
    heard: list[tuple] = []
    session.observe(lambda *event: heard.append(event))
    _play(session, PASS_WAY[:2], [])
    twin = session.fork()
    twin.answer({"option": 1})
    assert len(heard) == len(PASS_WAY[0][1] + PASS_WAY[1][1])
    again = session.fork()
    mine: list[tuple] = []
    again.observe(lambda *event: mine.append(event))
    told = _play(again, PASS_WAY[2:], mine)
    assert told == [events for _, events in PASS_WAY[2:]]
    assert len(heard) == len(PASS_WAY[0][1] + PASS_WAY[1][1])
    assert again.pending["result"] == "victory" and session.pending["kind"] == "choice"


def test_an_engine_failure_rewinds_without_telling_the_observer_the_replay_again(monkeypatch):
    """The answer the engine fails on is undone by a replay from the card's checkpoint;
    the observer heard the steps replayed once already and is not told them again."""
    session = Session.start(load_bundle(make_bundle([{"id": 1, "steps": [
        {"kind": "text", "text": "Hi."}, {"kind": "gain", "coins": 2, "who": "each"},
        {"kind": "victory", "text": "Won."}]}])), "s", players=1, seed=1)
    heard: list[tuple] = []
    session.observe(lambda event, path, value: heard.append((event, path)))
    session.answer({})
    real = StoryRules._apply
    calls = {"n": 0}

    def flaky(self, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        calls["n"] += 1
        if calls["n"] == 1:
            raise KeyError("boom")
        return real(self, *args, **kwargs)

    monkeypatch.setattr(StoryRules, "_apply", flaky)
    with pytest.raises(EngineError):
        session.answer({})
    assert heard == [("step", ("cards", 0, "steps", 0)), ("step", ("cards", 0, "steps", 1))]
    session.answer({})
    assert heard == [("step", ("cards", 0, "steps", 0)), ("step", ("cards", 0, "steps", 1)),
                     ("step", ("cards", 0, "steps", 1)), ("step", ("cards", 0, "steps", 2))]
    assert session.pending["result"] == "victory" and session.state["coins"] == 2


def test_an_observer_that_raises_fails_the_answer_and_the_session_is_as_before():
    """docs/runtime.md, Observers: an exception an observer raises is an EngineError
    and the answer is undone; the replay that undoes it does not call the observer
    (which would raise again, midway through the rewind)."""
    session = _story_session()
    session.answer({})

    def broken(event, path, value):  # noqa: ANN001, ANN202
        raise ValueError(f"cannot take {event}")

    before = _whole(session)
    session.observe(broken)
    with pytest.raises(EngineError, match="ValueError: cannot take step"):
        session.answer({})
    assert _whole(session) == before
    session.observe(None)
    session.answer({})
    assert session.pending["kind"] == "choice"


# -- observe: every shipped story and every recorded case -----------------------------------

_BRANCH_KEYS = ("steps", "pass", "fail", "then", "else")


def _walk(node: Any, path: tuple, found: dict[tuple, Any]) -> None:
    """Every step (a dict with a ``kind`` in a list of steps) and every option of a
    choice, wherever it is in ``node``: a walk of the JSON of its own, to hold
    ``step_paths`` to."""
    if isinstance(node, dict):
        if len(path) >= 2 and isinstance(path[-1], int) and (
                (path[-2] in _BRANCH_KEYS and "kind" in node) or path[-2] == "options"):
            found[path] = node
        for key, value in node.items():
            if key == "options" and node.get("kind") != "choice":
                continue
            _walk(value, (*path, key), found)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            _walk(value, (*path, i), found)


def _shipped_stories(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, dict]]:
    stories = []
    for pack in sorted(p for p in (ROOT / "content").iterdir() if (p / "pack.yaml").is_file()):
        output = tmp_path_factory.mktemp("bundle") / f"{pack.name}.bundle.json"
        done = subprocess.run([sys.executable, "-m", "cardforge_compiler", "build", str(pack), "-o", str(output)],
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr
        stories += [(f"{pack.name}/{s['id']}", s) for p in json.loads(output.read_text(encoding="utf-8"))["packs"]
                    for s in p["stories"]]
    for path in sorted((HERE / "bundles").glob("*.bundle.json")):
        stories += [(f"{path.name}/{s['id']}", s) for p in json.loads(path.read_text(encoding="utf-8"))["packs"]
                    for s in p["stories"]]
    return stories


def test_step_paths_covers_every_step_and_option_of_every_shipped_story(tmp_path_factory):
    stories = _shipped_stories(tmp_path_factory)
    names = {name for name, _ in stories}
    assert {"gascony/act-1", "gascony/act-2", "gascony/act-3", "gascony/act-4"} <= names
    kinds: set[str] = set()
    for name, story in stories:
        found: dict[tuple, Any] = {}
        _walk(story["cards"], ("cards",), found)
        paths = step_paths(story)
        assert {path: id(node) for path, node in found.items()} == {path: ident for ident, path in paths.items()}, name
        kinds |= {node["kind"] for node in found.values() if "kind" in node}
    assert {"text", "choice", "challenge", "roll", "if", "battle", "goto", "victory"} <= kinds


def test_step_paths_of_the_hand_made_story():
    story = make_bundle(STORY, flags=["key"])["packs"][0]["stories"][0]
    assert sorted(step_paths(story).values(), key=str) == sorted([
        (*C0, 0), (*C0, 1), (*C0, 2),
        (*C0, 1, "options", 0), (*C0, 1, "options", 0, "steps", 0),
        (*C0, 1, "options", 1), FIGHT,
        (*FIGHT, "pass", 0), (*FIGHT, "pass", 1), (*FIGHT, "pass", 1, "options", 0), (*FIGHT, "pass", 1, "options", 1),
        (*FIGHT, "fail", 0), (*FIGHT, "fail", 1),
        (*C0, 1, "options", 2), (*C0, 1, "options", 2, "steps", 0),
        (*C1, 0), (*C1, 0, "then", 0), (*C1, 0, "then", 0, "pass", 0), (*C1, 0, "then", 0, "fail", 0),
        (*C1, 0, "else", 0), (*C1, 1)], key=str)


@pytest.mark.parametrize("path", RECORDED, ids=lambda p: p.name.removesuffix(".transcript.json"))
def test_an_observer_changes_nothing_of_a_recorded_case(path: Path):
    """Every recorded case replays to the same transcript with an observer attached
    before the first answer; every path it heard is a step or option of the story."""
    transcript = json.loads(path.read_text(encoding="utf-8"))
    session = _start(transcript)
    heard: list[tuple] = []
    session.observe(lambda event, where, value: heard.append((event, where, value)))
    for number, step in enumerate(transcript["steps"]):
        if "rejected" in step:
            continue
        assert session.answer(step["answer"]) == step, f"step {number}"
    plain = _start(transcript)
    for step in _answers(transcript):
        plain.answer(step["answer"])
    assert session.transcript() == plain.transcript()
    assert session.pending == transcript["pending"]
    story = json.loads((HERE / transcript["bundle"]).read_text(encoding="utf-8"))
    story = next(s for p in story["packs"] if p["id"] == transcript["pack"] for s in p["stories"]
                 if s["id"] == transcript["story"])
    known = set(step_paths(story).values())
    assert heard and {where for _, where, _ in heard} <= known
    assert "step" in {event for event, _, _ in heard} <= {"step", "offered", "condition", "branch"}
    # each choice answered was heard as a branch taken among the options heard on offer
    offers = [value for event, _, value in heard if event == "offered" and value]
    chosen = [value for event, where, value in heard if event == "branch" and isinstance(value, int)]
    answered = [s["answer"]["option"] for s in _answers(transcript) if s["request"]["kind"] == "choice"]
    assert chosen == answered and len(offers) >= len(chosen)


# -- docs/runtime.md, Observers and forks ----------------------------------------------------

def _observers_section() -> str:
    doc = (ROOT / "docs" / "runtime.md").read_text(encoding="utf-8")
    return doc[doc.index("## Observers and forks"):doc.index("## Campaigns")]


def test_the_observer_example_in_the_docs_is_what_the_act_1_case_tells():
    """The events shown for card 13 of the act-1 case are the ones an observer hears
    from the card request to the roll of its Challenge, in order."""
    section = _observers_section()
    block = re.search(r"```text\n(.*?)```", section, re.S).group(1)
    shown = [ast.literal_eval(m) for m in re.findall(r'(\("\w+",\s+\(.*\),\s+.*\))\s*$', block, re.M)]
    answers = re.findall(r"^(\{.*?\})\s", block, re.M)
    assert [event for event, _, _ in shown] == ["step", "condition", "offered", "branch", "step", "branch", "step"]
    transcript = _transcript("act-1")
    session = _start(transcript)
    steps = _answers(transcript)
    at = next(i for i, s in enumerate(steps) if (s["request"]["kind"], s["request"]["card"]) == ("card", 13))
    for step in steps[:at]:
        session.answer(step["answer"])
    heard: list[tuple] = []
    session.observe(lambda event, path, value: heard.append((event, path, value)))
    given = [step["answer"] for step in steps[at:at + 4]]
    assert [json.dumps(a) for a in given[1:]] == answers
    for answer in given:
        session.answer(answer)
    assert heard == shown


def test_the_event_table_in_the_docs_names_the_four_events():
    rows = re.findall(r"^\| `(\w+)` \|", _observers_section(), re.M)
    assert rows == ["step", "offered", "condition", "branch"]
