"""Replay the conformance transcripts of tests/conformance/ (docs/runtime.md,
Conformance transcripts): the requests, events and changes must match exactly,
refused answers must be refused without a change, and the same holds when the
session goes through a JSON save and load after every answer."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardforge_runtime import AnswerError, Session, load_bundle

HERE = Path(__file__).resolve().parent / "conformance"
RECORDED = sorted(HERE.glob("*.transcript.json"))
GENERATED = sorted((HERE / "generated").glob("*.transcript.json"))
TRANSCRIPTS = RECORDED + GENERATED


def _start(transcript: dict) -> Session:
    bundle = load_bundle(HERE / transcript["bundle"])
    assert bundle.content_hash == transcript["content_hash"]
    setup = transcript["setup"]
    return Session.start(bundle, transcript["story"], players=setup["players"], characters=setup["characters"],
                         seed=setup["seed"], pack=transcript["pack"], difficulty=setup.get("difficulty"),
                         battles=setup.get("battles"))


@pytest.mark.parametrize("round_trip", [False, True], ids=["in-memory", "saved-every-step"])
@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: str(p.relative_to(HERE)).removesuffix(".transcript.json"))
def test_transcript_replays_exactly(path: Path, round_trip: bool):
    transcript = json.loads(path.read_text(encoding="utf-8"))
    session = _start(transcript)
    assert session.state == transcript["initial_state"]
    for number, step in enumerate(transcript["steps"]):
        assert session.pending == step["request"], f"step {number}"
        if "rejected" in step:
            before = (session.state, session.log, session.pending)
            with pytest.raises(AnswerError):
                session.answer(step["answer"])
            assert (session.state, session.log, session.pending) == before, f"step {number} changed the session"
            continue
        entry = session.answer(step["answer"])
        assert entry == step, f"step {number}"
        if round_trip:
            session = Session.load(session.bundle, json.dumps(session.save()))
    assert session.pending == transcript["pending"]
    assert session.pending["kind"] == "end"


def test_every_case_has_a_transcript_and_every_request_kind_is_covered():
    cases = json.loads((HERE / "cases.json").read_text(encoding="utf-8"))
    assert sorted(f"{c['name']}.transcript.json" for c in cases) == [p.name for p in RECORDED]
    generated = json.loads((HERE / "generated.json").read_text(encoding="utf-8"))
    assert sorted(f"{c['name']}.transcript.json" for c in generated) == [p.name for p in GENERATED]
    kinds, results, rejected = set(), set(), set()
    for path in TRANSCRIPTS:
        transcript = json.loads(path.read_text(encoding="utf-8"))
        kinds |= {s["request"]["kind"] for s in transcript["steps"]}
        rejected |= {s["request"]["kind"] for s in transcript["steps"] if "rejected" in s}
        results.add((transcript["pending"]["result"], transcript["pending"]["reason"]))
    assert kinds == {"text", "card", "choice", "character", "roll", "reroll", "purchase", "between", "leave", "battle", "pick",
                     # a Battle played by the engine (the Battle Round Example, the Acts' Battles)
                     "deploy", "prepare", "stones", "turn", "pips", "assign", "defend"}
    assert rejected == kinds
    assert {("victory", "card"), ("victory", "objective"), ("defeat", "all_fallen"), ("defeat", "no_health"),
            ("defeat", "battle_lost")} <= results


def test_transcripts_are_up_to_date():
    """Re-recording from the answers files gives the committed transcripts."""
    result = subprocess.run([sys.executable, str(HERE / "record.py"), "--check"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def _load(name: str) -> dict:
    return json.loads((HERE / f"{name}.transcript.json").read_text(encoding="utf-8"))


def _events(transcript: dict, event: str) -> list[dict]:
    return [e for step in transcript["steps"] for e in step.get("events", []) if e["event"] == event]


def test_the_recorded_cases_hold_a_port_to_the_rules_the_shipped_acts_never_use():
    """Issue 7, item 31: each case a port written from the docs got wrong."""
    # answers with advantage / disadvantage (true, false, both), and the reroll
    # request carrying them
    advantage = _load("edges-advantage")
    answers = [s["answer"] for s in advantage["steps"] if s["request"]["kind"] == "roll" and "rejected" not in s]
    assert {"advantage": True, "disadvantage": False} == {k: answers[0][k] for k in ("advantage", "disadvantage")}
    assert any(a.get("disadvantage") is True and "advantage" not in a for a in answers)
    assert any(a.get("advantage") is True and a.get("disadvantage") is True for a in answers)
    assert any(a.get("advantage") is False and "disadvantage" not in a for a in answers)
    rerolls = [s["request"] for s in advantage["steps"] if s["request"]["kind"] == "reroll"]
    assert any(r["advantage"] for r in rerolls) and any(r["disadvantage"] for r in rerolls)
    # other dice: an eight-sided die; Disadvantage zeroes the listed double-success 8
    bundle = json.loads((HERE / advantage["bundle"]).read_text(encoding="utf-8"))
    assert bundle["packs"][0]["dice"]["sides"] == 8 and 8 in bundle["packs"][0]["dice"]["disadvantage_removes"]
    assert {"event": "roll", "character": 1, "stat": "Prowess", "faces": [8, 2], "successes": 0} in _events(advantage, "roll")
    # a Challenge for all inside a Challenge's branch keeps the outer acting Character
    nested = [e for e in _events(advantage, "challenge") if e["stat"] == "Movement" and e["target"] == 3]
    assert nested == [{"event": "challenge", "stat": "Movement", "target": 3, "character": 1, "successes": 2,
                       "passed": False}]
    # a who: all roll whose effect is who: one: the group picks once, Wounds per
    # success, the lose conditions checked after each (Kim's first Wound ends it)
    all_one = _load("edges-all-one")
    card_3 = [s for s in all_one["steps"] if s["request"]["card"] == 3]
    assert sum(e["successes"] for s in card_3 for e in s["events"] if e["event"] == "roll") == 3
    assert [s["answer"] for s in card_3 if s["request"]["kind"] == "character"] == [{"character": 2}]
    assert card_3[-1]["changes"] == [{"path": "/characters/2/fallen", "from": False, "to": True},
                                     {"path": "/characters/2/health", "from": 1, "to": 0},
                                     {"path": "/characters/2/health_max", "from": 1, "to": 0},
                                     {"path": "/result", "from": None, "to": "defeat"}]   # one Wound of three
    assert all_one["pending"]["reason"] == "no_health" and all_one["pending"]["character"] == 2
    # an acting Character who Falls in their own branch: the roll is skipped, the
    # Challenge is resolved with 0 successes without a roll
    fallen = _load("edges-fallen-actor")
    falls = [s for s in fallen["steps"] if {"path": "/characters/1/fallen", "from": False, "to": True} in s.get("changes", [])]
    assert len(falls) == 1
    assert [e for e in falls[0]["events"] if e["event"] != "challenge" or e["stat"] == "Movement"] == [
        {"event": "challenge", "stat": "Movement", "target": 1, "character": 1, "successes": 0, "passed": False}]
    assert fallen["pending"]["result"] == "victory"
    # seeds above 2**53 (a JavaScript number cannot hold them)
    seeds = [int(json.loads(p.read_text(encoding="utf-8"))["setup"]["seed"]) for p in TRANSCRIPTS]
    assert max(seeds) == 2**64 - 1 and sum(seed > 2**53 for seed in seeds) >= 10


def test_the_generated_set_covers_every_request_kind_ending_and_refusal():
    """Random legal answers (and some refused ones) over the shipped Acts, the rules
    pack and the edge pack, with fixed seeds: what a port replays beyond the cases."""
    assert len(GENERATED) >= 30
    stories, kinds, rejected, endings, events = set(), set(), set(), set(), set()
    for path in GENERATED:
        transcript = json.loads(path.read_text(encoding="utf-8"))
        stories.add(transcript["story"])
        kinds |= {s["request"]["kind"] for s in transcript["steps"]}
        events |= {e["event"] for s in transcript["steps"] for e in s.get("events", [])}
        rejected |= {s["request"]["kind"] for s in transcript["steps"] if "rejected" in s}
        endings.add((transcript["pending"]["result"], transcript["pending"]["reason"]))
    assert stories == {"act-1", "act-2", "act-3", "act-4", "trials", "edges", "rolls", "armoury"}
    assert kinds == {"text", "card", "choice", "character", "roll", "reroll", "purchase", "battle", "between", "leave"}
    assert {"porter", "sale", "trade", "purchase", "roll", "reroll", "challenge", "leave", "loot"} <= events
    assert len(rejected) >= 5
    assert {("victory", "card"), ("defeat", "no_health"), ("defeat", "battle_lost")} <= endings
