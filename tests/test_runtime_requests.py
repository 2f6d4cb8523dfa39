"""cardforge_runtime.requests: one TypedDict and one answer check per request kind.
The shapes are held to what the engine really sends: every request of every
conformance transcript has exactly the keys its kind's TypedDict declares."""

from __future__ import annotations

import json
from pathlib import Path
from typing import get_args, get_type_hints

import pytest

from cardforge_runtime import requests as rq

HERE = Path(__file__).resolve().parent / "conformance"
SHAPES = {get_args(get_type_hints(shape)["kind"])[0]: shape for shape in get_args(rq.Request)}


def test_one_shape_and_one_check_per_kind():
    assert set(SHAPES) == set(rq.ANSWER_CHECKS) == {"text", "card", "choice", "character", "roll", "reroll",
                                                     "purchase", "between", "leave", "battle", "pick", "end"}
    with pytest.raises(TypeError):
        rq.ANSWER_CHECKS["choice"] = rq.check_nothing      # read-only: no caller can loosen a check


def _requests():
    """The requests of the transcripts whose Battles are played at the table (the
    engine's Battle requests, in the Battle cases, have no TypedDict in
    ``cardforge_runtime.requests``: their shapes are in docs/runtime.md, Battle rounds)."""
    for path in sorted(HERE.glob("*.transcript.json")):
        transcript = json.loads(path.read_text(encoding="utf-8"))
        if transcript["setup"].get("battles") == "engine":
            continue
        for step in transcript["steps"]:
            yield path.name, step["request"]
        yield path.name, transcript["pending"]


def test_every_recorded_request_fits_its_shape():
    seen = set()
    for name, request in _requests():
        shape = SHAPES[request["kind"]]
        keys = set(request)
        assert shape.__required_keys__ <= keys <= shape.__required_keys__ | shape.__optional_keys__, (name, request)
        seen.add(request["kind"])
    assert seen >= {"text", "card", "choice", "character", "roll", "reroll", "end"}
