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


def _json_after(heading: str) -> dict:
    section = DOC[DOC.index(heading):]
    return json.loads(re.search(r"```json\n(.*?)```", section, re.S).group(1))


def test_the_save_example_has_the_real_keys_version_and_a_text_seed():
    """Issue 7, item 32: seeds are decimal text in saves (JSON.parse rounds numbers
    above 2**53); the example must show the shape Session.save writes."""
    from cardforge_runtime import SAVE_VERSION, Session, load_bundle

    example = _json_after("## Saves")
    transcript = json.loads(TRANSCRIPTS[0].read_text(encoding="utf-8"))
    bundle = load_bundle(TRANSCRIPTS[0].parent / transcript["bundle"])
    real = Session.start(bundle, transcript["story"], players=transcript["setup"]["players"],
                         seed=transcript["setup"]["seed"]).save()
    assert set(example) == set(real) and example["version"] == real["version"] == SAVE_VERSION
    assert set(example["setup"]) == set(real["setup"])
    assert isinstance(example["setup"]["seed"], str) and isinstance(real["setup"]["seed"], str)


def test_the_transcript_example_has_the_real_version_and_a_text_seed():
    section = DOC[DOC.index("## Conformance transcripts"):]
    block = re.search(r"```json\n(.*?)```", section, re.S).group(1)
    real = json.loads(TRANSCRIPTS[0].read_text(encoding="utf-8"))
    assert f'"version": {real["version"]},' in block
    assert re.search(r'"seed": "\d+"', block) and isinstance(real["setup"]["seed"], str)


def test_the_limits_in_the_docs_are_the_runtimes():
    """Issue 7, item 21: the one depth, number and text limit, as format.py defines them."""
    from cardforge_runtime.format import MAX_DEPTH, MAX_NUMBER

    bundle_doc = (ROOT / "docs" / "bundle.md").read_text(encoding="utf-8")
    assert MAX_NUMBER == 2**64 - 1
    for doc in (DOC, bundle_doc):
        assert "### Limits of every input" in doc
        assert f"{MAX_DEPTH} levels" in doc and "2^64 - 1" in doc and "lone surrogate" in doc
    assert f"±{MAX_NUMBER}" in bundle_doc


def _board_snippet() -> str:
    section = DOC[DOC.index("## Board geometry"):]
    match = re.search(r"```python\n(.*?)```", section, re.S)
    assert match, "docs/runtime.md, Board geometry: no python example"
    return match.group(1)


def test_board_geometry_example_runs(gascony_bundle) -> None:  # noqa: ANN001
    """The Board geometry snippet runs as written (on the shipped pack, freshly built)."""
    code = _board_snippet()
    assert 'load_bundle("build/gascony.bundle.json")' in code
    exec(compile(code.replace("build/gascony.bundle.json", str(gascony_bundle).replace("\\", "/")),  # noqa: S102
                 "docs/runtime.md", "exec"), {})


@pytest.mark.parametrize("given, got", [("method", "method"), (None, "NoneType"), ([], "list")])
def test_build_board_names_what_it_got_instead_of_a_board(gascony_bundle, given, got) -> None:  # noqa: ANN001
    from cardforge_runtime import EngineError, load_bundle
    from cardforge_runtime.board import build_board

    bundle = load_bundle(gascony_bundle)
    value = bundle.board if given == "method" else given
    with pytest.raises(EngineError, match=rf"expected the pack's board object \(a dict.*got {got}"):
        build_board(value, "carmes-deschaux-courtyard")
