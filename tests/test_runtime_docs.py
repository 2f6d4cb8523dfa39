"""docs/runtime.md stays true: its test vectors, its probability table and the
shape of every request it shows are checked against the runtime."""

from __future__ import annotations

import json
import re

import pytest

from _helpers import ROOT
from cardforge_runtime import DiceRule, Pcg32

DOC = (ROOT / "docs" / "runtime.md").read_text(encoding="utf-8")
TRANSCRIPTS = sorted((ROOT / "tests" / "conformance").glob("*.transcript.json"))


def _rows(header: str) -> list[list[str]]:
    start = DOC.index(header)
    lines = DOC[start:].splitlines()[2:]
    rows = []
    for line in lines:
        if not line.startswith("|"):
            break
        rows.append([cell.strip().strip("`") for cell in line.strip("|").split("|")])
    return rows


def test_pcg32_vectors_in_the_docs():
    rows = _rows("| seed | first 4 `next_u32()` (hex) |")
    assert len(rows) == 5
    for seed, outputs, dice, shuffled in rows:
        rng = Pcg32(int(seed))
        assert outputs == " ".join(f"{rng.next_u32():08x}" for _ in range(4))
        rng = Pcg32(int(seed))
        assert dice == " ".join(str(rng.die()) for _ in range(10))
        items = list(range(10))
        Pcg32(int(seed)).shuffle(items)
        assert shuffled == str(items)


def test_probability_table_in_the_docs():
    rows = _rows("| dice | ≥1 | ≥2 |")
    rule = DiceRule()
    assert [row[0] for row in rows] == ["1", "2", "3", "4", "5", "6"]
    for row in rows:
        dice = int(row[0])
        assert row[1:] == [f"{float(rule.probability_at_least(n, dice)) * 100:.1f}%" for n in range(1, 7)]


def _real_requests() -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = {}
    for path in TRANSCRIPTS:
        transcript = json.loads(path.read_text(encoding="utf-8"))
        for request in [s["request"] for s in transcript["steps"]] + [transcript["pending"]]:
            found.setdefault(request["kind"], []).append(request)
    return found


def _doc_requests() -> list[dict]:
    section = DOC[DOC.index("## Requests and answers"):DOC.index("## How the steps play")]
    examples = []
    for block in re.findall(r"```json\n(.*?)```", section, re.S):
        for text in re.split(r"\n(?=\{)", block.strip()):
            data = json.loads(text.replace('"...": "..."', '"etc": 0'))
            if "kind" in data:
                examples.append(data)
    return examples


@pytest.mark.parametrize("example", _doc_requests(), ids=lambda e: e["kind"])
def test_every_request_shown_in_the_docs_has_the_real_keys(example):
    real = _real_requests()[example["kind"]]
    shapes = {tuple(sorted(r)) for r in real if r.get("for") == example.get("for")}
    assert tuple(sorted(example)) in shapes
