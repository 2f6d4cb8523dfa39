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
TRANSCRIPTS = sorted(HERE.glob("*.transcript.json"))


def _start(transcript: dict) -> Session:
    bundle = load_bundle(HERE / transcript["bundle"])
    assert bundle.content_hash == transcript["content_hash"]
    setup = transcript["setup"]
    return Session.start(bundle, transcript["story"], players=setup["players"], characters=setup["characters"],
                         seed=setup["seed"], pack=transcript["pack"])


@pytest.mark.parametrize("round_trip", [False, True], ids=["in-memory", "saved-every-step"])
@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: p.name.removesuffix(".transcript.json"))
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
    assert sorted(f"{c['name']}.transcript.json" for c in cases) == [p.name for p in TRANSCRIPTS]
    kinds, results, rejected = set(), set(), set()
    for path in TRANSCRIPTS:
        transcript = json.loads(path.read_text(encoding="utf-8"))
        kinds |= {s["request"]["kind"] for s in transcript["steps"]}
        rejected |= {s["request"]["kind"] for s in transcript["steps"] if "rejected" in s}
        results.add((transcript["pending"]["result"], transcript["pending"]["reason"]))
    assert kinds == {"text", "card", "choice", "character", "roll", "reroll", "purchase", "between", "battle"}
    assert rejected == kinds
    assert {("victory", "card"), ("victory", "objective"), ("defeat", "all_fallen"), ("defeat", "no_health"),
            ("defeat", "battle_lost")} <= results


def test_transcripts_are_up_to_date():
    """Re-recording from the answers files gives the committed transcripts."""
    result = subprocess.run([sys.executable, str(HERE / "record.py"), "--check"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
