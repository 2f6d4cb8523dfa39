"""cardforge_runtime.requests: one TypedDict and one answer check per request kind.
The shapes are held to what the engine really sends: every request of every
conformance transcript (story, generated and Battle cases, the Battles played by the
engine included) fits its kind's TypedDict, keys and value types (``_shapes``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from _shapes import request_problems

from cardforge_runtime import requests as rq

HERE = Path(__file__).resolve().parent / "conformance"
BATTLE_KINDS = {"deploy", "prepare", "stones", "turn", "pips", "assign", "defend"}


def test_one_shape_and_one_check_per_kind():
    story = {"text", "card", "choice", "character", "roll", "reroll", "purchase", "between", "leave", "battle", "pick",
             "end"}
    assert set(rq.ANSWER_CHECKS) == story
    assert set(rq.REQUEST_SHAPES) == story | BATTLE_KINDS | {"keep"}
    with pytest.raises(TypeError):
        rq.ANSWER_CHECKS["choice"] = rq.check_nothing      # read-only: no caller can loosen a check


def _requests():
    """Every request of every conformance transcript (``tests/conformance`` and its
    ``generated/``): each step's and the pending one."""
    paths = sorted(HERE.glob("*.transcript.json")) + sorted((HERE / "generated").glob("*.transcript.json"))
    assert len(paths) >= 20
    for path in paths:
        transcript = json.loads(path.read_text(encoding="utf-8"))
        for i, step in enumerate(transcript["steps"]):
            yield f"{path.name} step {i}", step["request"]
        yield f"{path.name} pending", transcript["pending"]


def test_every_recorded_request_fits_its_shape():
    seen: dict[str, int] = {}
    problems = []
    for name, request in _requests():
        problems += [f"{name}: {p}" for p in request_problems(request)]
        seen[request["kind"]] = seen.get(request["kind"], 0) + 1
    assert problems == []
    # the transcripts ask every kind but the campaign's keep (tests/test_campaign.py)
    assert set(seen) == set(rq.REQUEST_SHAPES) - {"keep"}, seen


@pytest.mark.parametrize(("request_", "problem"), [
    ({"kind": "use", "card": 1}, "no request shape for the kind 'use'"),
    ({"kind": "deploy", "card": 1, "character": 0, "squares": [[1, 2]]}, "DeployRequest needs 'facings'"),
    ({"kind": "stones", "card": 1, "round": 1, "count": 2, "faces": ["Movement"], "extra": 1},
     "StonesRequest has no key 'extra'"),
    ({"kind": "stones", "card": 1, "round": True, "count": 2, "faces": ["Movement"]}, "$.round: True is not int"),
    ({"kind": "turn", "card": 1, "round": 1, "character": 0, "figure": 1, "stones": [],
      "options": [{"do": "action", "action": "rescue", "figures": ["3"]}]}, "$.options[0].figures[0]: '3' is not int"),
    ({"kind": "turn", "card": 1, "round": 1, "character": 0, "figure": 1, "stones": [],
      "options": [{"do": "use", "card": "Loot#1"}]}, "$.options[0]: UseOption needs 'cards'"),
    ({"kind": "pick", "for": "somewhere", "options": [1, 2]}, "$.for: 'somewhere' is not one of"),
])
def test_a_request_off_its_shape_is_named(request_, problem):
    problems = request_problems(request_)
    assert any(problem in p for p in problems), problems
