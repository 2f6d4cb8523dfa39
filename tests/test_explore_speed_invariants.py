"""The state explorer finds the same things, however fast it runs (issue 11, Speed).

tests/explore_speed/expected.json was recorded (tests/explore_speed/record.py) with
the explorer as it was before it was made faster: per shipped Act, the states and
answers, the graph's size, every finding (with its witness), the ending odds, and
digests of the whole graph (every node key, edge chance and terminal) and of the
records (every step, choice, option, condition, branch, card and ending seen, each
with the line of play that showed it first). An optimisation that changes any of
them (merges states it should not, explores in another order, drops a setup) fails
here; one that changes them on purpose records them again and says why."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from _explore_invariants import summary

EXPECTED = json.loads((Path(__file__).parent / "explore_speed" / "expected.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def bundle(gascony_bundle):
    from cardforge_runtime import load_bundle

    return load_bundle(gascony_bundle)


@pytest.mark.parametrize("story", sorted(EXPECTED))
def test_explorer_finds_what_it_found_before(bundle, story):
    got = summary(bundle, "gascony", story)
    expected = EXPECTED[story]
    # the plain numbers first, so that a failure says what moved
    for name in ("setups", "states", "answers", "nodes", "terminals", "edges", "complete", "clamped", "errors",
                 "findings", "odds"):
        assert got[name] == expected[name], name
    assert got["findings_sha256"] == expected["findings_sha256"]
    assert got["graph_sha256"] == expected["graph_sha256"]
    assert got["records_sha256"] == expected["records_sha256"]


def test_the_recorded_acts():
    """What was recorded: every shipped Act, each complete (no budget cut), exact odds."""
    assert sorted(EXPECTED) == ["act-1", "act-2", "act-3", "act-4"]
    assert [EXPECTED[s]["states"] for s in sorted(EXPECTED)] == [5354, 9570, 460, 180]
    assert [EXPECTED[s]["setups"] for s in sorted(EXPECTED)] == [16, 12, 8, 5]
    assert all(EXPECTED[s]["complete"] and EXPECTED[s]["odds"]["open"] == "0" for s in EXPECTED)
    assert EXPECTED["act-1"]["odds"]["low"] == {"defeat": "4/9", "victory": "5/9"}
