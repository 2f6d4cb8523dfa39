"""Every shipped Battle plays to each of its objectives in a recorded transcript (issue 10,
"Done when").

The pairs (Battle, objective) are computed from the shipped pack (``content/gascony/``,
compiled by the ``gascony_bundle`` fixture): each ``battle`` step of each story card and
each of its objectives. A pair is covered when a conformance transcript of
``tests/conformance/`` played with ``battles: "engine"`` holds a ``battle-end`` event on
that card whose outcome is that objective (the objective read from the transcript's own
frozen bundle, so a reworded or reordered objective counts as not covered until the case
is re-recorded). A new Battle, or a new objective, without a transcript fails
``test_every_shipped_battle_objective_ends_a_recorded_transcript``; the planted fault of
``test_the_coverage_test_fails_without_a_case`` shows that it can.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent / "conformance"
RECORDED = sorted(HERE.glob("*.transcript.json"))

Pair = tuple[str, str, int, int, str]     # pack, story, card, objective index, objective text


def _battles(steps: list[dict[str, Any]]):
    """The ``battle`` steps among ``steps``, nested ones included."""
    for step in steps:
        if step["kind"] == "battle":
            yield step
        for key in ("then", "else", "pass", "fail"):
            yield from _battles(step.get(key) or [])
        for option in step.get("options") or []:
            yield from _battles(option.get("steps") or [])


def battle_objectives(bundle: dict[str, Any]) -> set[Pair]:
    """Every (pack, story, Battle card, objective index, objective text) of a bundle."""
    pairs = set()
    for pack in bundle["packs"]:
        for story in pack["stories"]:
            for card in story["cards"]:
                for battle in _battles(card["steps"]):
                    pairs |= {(pack["id"], story["id"], card["id"], i, objective["objective"])
                              for i, objective in enumerate(battle["objectives"])}
    return pairs


def ended_objectives(paths: list[Path]) -> set[Pair]:
    """The pairs that end a Battle played by the engine in the transcripts ``paths``."""
    ended, bundles = set(), {}
    for path in paths:
        transcript = json.loads(path.read_text(encoding="utf-8"))
        if transcript["setup"].get("battles") != "engine":
            continue
        if transcript["bundle"] not in bundles:
            bundles[transcript["bundle"]] = json.loads((HERE / transcript["bundle"]).read_text(encoding="utf-8"))
        objectives = {(p[1], p[2], p[3]): p for p in battle_objectives(bundles[transcript["bundle"]])
                      if p[0] == transcript["pack"]}
        for step in transcript["steps"]:
            for event in step.get("events", []):
                if event["event"] == "battle-end" and "objective" in event["outcome"]:
                    ended.add(objectives[(transcript["story"], step["request"]["card"], event["outcome"]["objective"])])
    return ended


def _shipped(gascony_bundle: Path) -> set[Pair]:
    pairs = battle_objectives(json.loads(gascony_bundle.read_text(encoding="utf-8")))
    assert len(pairs) >= 22 and len({p[2] for p in pairs}) >= 11     # 11 Battles, 2 objectives each today
    return pairs


def test_every_shipped_battle_objective_ends_a_recorded_transcript(gascony_bundle):
    missing = _shipped(gascony_bundle) - ended_objectives(RECORDED)
    assert not missing, "no recorded transcript ends these Battles on these objectives (add a case to " \
        "tests/conformance/cases.json, docs/runtime.md, Conformance transcripts): " + \
        "; ".join(f"{story} card {card}: objective {i} {text!r}" for _, story, card, i, text in sorted(missing))


def test_the_coverage_test_fails_without_a_case(gascony_bundle):
    """Planted fault: without ``objectives-act-4-exit-reveal`` the palace's Reveal A (card
    48, objective 1) and the Porte Saint-Denis's Reach Exit (card 43, objective 1) are ended
    by no transcript."""
    dropped = [p for p in RECORDED if p.name != "objectives-act-4-exit-reveal.transcript.json"]
    assert len(dropped) == len(RECORDED) - 1
    missing = _shipped(gascony_bundle) - ended_objectives(dropped)
    assert {(p[2], p[3]) for p in missing} == {(48, 1), (43, 1)}


def test_a_battle_case_loses_a_battle_with_every_character_fallen():
    """``objectives-act-1-lost``: the Carmes-Deschaux courtyard lost, both Characters
    Fallen on the board; the story ends in defeat."""
    transcript = json.loads((HERE / "objectives-act-1-lost.transcript.json").read_text(encoding="utf-8"))
    ends = [(step["request"]["card"], e) for step in transcript["steps"] for e in step.get("events", [])
            if e["event"] == "battle-end"]
    assert ends == [(102, {"event": "battle-end", "round": 3, "outcome": {"lost": "all_fallen", "character": None}})]
    state = json.loads(json.dumps(transcript["initial_state"]))
    for step in transcript["steps"]:
        for change in step.get("changes", []):
            if change["path"].startswith("/characters/") and change["path"].endswith("/fallen"):
                state["characters"][int(change["path"].split("/")[2])]["fallen"] = change["to"]
    assert [c["fallen"] for c in state["characters"]] == [True, True]
    assert (transcript["pending"]["result"], transcript["pending"]["reason"]) == ("defeat", "all_fallen")
