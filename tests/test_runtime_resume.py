"""A save written by the engine always loads again on the bundle it was written for
(issue 7, item 20): over every conformance transcript, play to any step, save, fix a
card's text and rebuild, resume (it warns), play on, save, and resume again on the
rebuilt bundle: the second resume is exact and silent, however often this repeats."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardforge_runtime import AnswerError, Session, load_bundle

HERE = Path(__file__).resolve().parent / "conformance"
TRANSCRIPTS = {p.name.removesuffix(".transcript.json"): json.loads(p.read_text(encoding="utf-8"))
               for p in sorted(HERE.glob("*.transcript.json"))}
BUNDLES = {name: json.loads((HERE / name).read_text(encoding="utf-8"))
           for name in {t["bundle"] for t in TRANSCRIPTS.values()}}


def answers(transcript: dict) -> list[dict]:
    return [step["answer"] for step in transcript["steps"] if "rejected" not in step]


def rebuilt(transcript: dict, edits: int) -> object:
    """The transcript's bundle with the text of ``edits`` cards rewritten (a typo fix);
    different ``edits`` give different bundles, however few cards the story has."""
    data = copy.deepcopy(BUNDLES[transcript["bundle"]])
    pack = next(p for p in data["packs"] if p["id"] == transcript["pack"])
    story = next(s for s in pack["stories"] if s["id"] == transcript["story"])
    for card in story["cards"][:edits]:
        card["text"] += f" (typo fixed, edit {edits})"
    return load_bundle(data)


def play(session: Session, given: list[dict]) -> None:
    for answer in given:
        if session.finished:
            return
        try:
            session.answer(answer)
        except AnswerError:
            return          # after a rewind to the card's start the recorded answers may not fit: stop there


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(sorted(TRANSCRIPTS)), cut=st.floats(0, 1), later=st.integers(0, 6),
       edits=st.integers(1, 3))
def test_a_save_written_by_the_engine_loads_again(name, cut, later, edits):
    transcript = TRANSCRIPTS[name]
    recorded = answers(transcript)
    setup = transcript["setup"]
    original = load_bundle(HERE / transcript["bundle"])
    session = Session.start(original, transcript["story"], players=setup["players"], characters=setup["characters"],
                            seed=setup["seed"], pack=transcript["pack"])
    first = int(cut * len(recorded))
    play(session, recorded[:first])
    save = json.dumps(session.save())

    for generation in range(1, 3):                   # rebuild, resume, play on, save, resume; then once more
        bundle = rebuilt(transcript, edits + generation)
        resumed = Session.load(bundle, save)
        assert resumed.warnings and resumed.warnings[0].startswith("the bundle changed since this save")
        play(resumed, json.loads(save)["answers"])    # the answers given on the card again
        play(resumed, recorded[first:first + later])
        save = json.dumps(resumed.save())
        again = Session.load(bundle, save)            # the bundle this save was written for
        assert again.warnings == []
        assert (again.pending, again.state, again.log) == (resumed.pending, resumed.state, resumed.log)
        assert json.dumps(again.save()) == save
        first += later


@pytest.mark.parametrize("name", sorted(TRANSCRIPTS))
def test_a_save_of_version_1_still_loads(name):
    """Saves written before version 2 (no ``origin``, no Between Story Cards) are
    carried over from their checkpoint, with a warning; they then save as version 2
    and reload exactly."""
    transcript = TRANSCRIPTS[name]
    setup = transcript["setup"]
    session = Session.start(load_bundle(HERE / transcript["bundle"]), transcript["story"], players=setup["players"],
                            characters=setup["characters"], seed=setup["seed"], pack=transcript["pack"])
    play(session, answers(transcript)[:5])
    old = session.save()
    old["version"] = 1
    del old["origin"]
    del old["checkpoint"]["state"]["porter_called"]
    old["setup"]["seed"] = int(old["setup"]["seed"])     # version 1 stored the seed as a number
    for key in ("decks", "porter", "offer"):             # nor any deck state (version 4)
        del old["checkpoint"]["state"][key]
    for character in old["checkpoint"]["state"]["characters"]:
        del character["cards"]
    del old["checkpoint"]["deck_rng"], old["setup"]["difficulty"]
    resumed = Session.load(session.bundle, old)
    assert resumed.warnings[0].startswith("this save was written by an older engine (save version 1)")
    deck_state = ("decks", "porter", "offer")

    def without_decks(state):
        return {**{k: v for k, v in state.items() if k not in deck_state},
                "characters": [{k: v for k, v in c.items() if k != "cards"} for c in state["characters"]]}
    assert without_decks(resumed.state) == without_decks({**session.save()["checkpoint"]["state"],
                                                          "card": resumed.state["card"]})
    again = Session.load(session.bundle, resumed.save())
    assert again.warnings == [] and again.save() == resumed.save()
