"""Replay the board conformance cases of tests/conformance/board/ (docs/runtime.md,
Board geometry: conformance cases): every query of every case must get exactly its
recorded answer, and the committed cases must be what record.py writes today."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardforge_runtime.board import (build_board, cover, line_of_sight, path_cost, pattern_squares, reachable,
                                     sight_table, step_cost)

HERE = Path(__file__).resolve().parent / "conformance" / "board"
CASES = sorted(HERE.glob("*.json"))


def _answer(board, query: dict):
    figures = {tuple(f["at"]): f["kind"] for f in query.get("figures", [])}
    kind, mover = query["query"], query.get("mover", "character")
    if kind == "line_of_sight":
        return line_of_sight(board, tuple(query["from"]), tuple(query["to"]), figures)
    if kind == "cover":
        return cover(board, tuple(query["from"]), tuple(query["to"]), figures)
    if kind == "step_cost":
        return step_cost(board, tuple(query["from"]), tuple(query["to"]), mover, figures)
    if kind == "path_cost":
        return path_cost(board, [tuple(s) for s in query["path"]], mover, figures, query.get("facing"),
                         query.get("end_facing"))
    if kind == "reachable":
        found = reachable(board, tuple(query["start"]), query["budget"], mover, figures)
        return sorted([[list(sq), cost] for sq, cost in found.items()], key=lambda e: (e[0][1], e[0][0]))
    if kind == "pattern_squares":
        return [list(s) for s in pattern_squares(board, tuple(query["square"]), query["facing"], query["pattern"],
                                                 query.get("flipped", False), query.get("melee", False))]
    if kind == "sight_table":
        table, squares = sight_table(board, figures), list(board.squares())
        return ["".join("." if not table[(a, b)][0] else "co"[not table[(a, b)][1]] for b in squares) for a in squares]
    raise AssertionError(f"unknown query {kind}")


def test_there_are_cases_of_every_query_kind():
    kinds = {q["query"] for path in CASES for q in json.loads(path.read_text(encoding="utf-8"))["queries"]}
    assert kinds == {"line_of_sight", "cover", "step_cost", "path_cost", "reachable", "pattern_squares", "sight_table"}


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_board_case_replays_exactly(path: Path):
    case = json.loads(path.read_text(encoding="utf-8"))
    assert case["format"] == "cardforge-board-case" and case["version"] == 1
    board = build_board(case["board"], case["layout"])
    for number, query in enumerate(case["queries"]):
        assert _answer(board, query) == query["expect"], f"query {number}: {query['query']}"


def test_the_committed_cases_are_current():
    run = subprocess.run([sys.executable, str(HERE / "record.py"), "--check"], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_docs_describe_every_query_kind_and_every_case():
    from _helpers import ROOT
    doc = (ROOT / "docs" / "runtime.md").read_text(encoding="utf-8")
    section = doc[doc.index("### Board conformance cases"):doc.index("## Conformance transcripts")]
    kinds = {q["query"] for path in CASES for q in json.loads(path.read_text(encoding="utf-8"))["queries"]}
    assert all(f"| `{kind}` |" in section for kind in kinds)
    rulebook = {"los-cover-example", "balcony-example", "movement-example", "staircase-example",
                "battle-round-example"}
    assert rulebook <= {p.stem for p in CASES} and all(f"`{name}`" in section for name in rulebook)
