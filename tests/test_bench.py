"""The benchmark's own tools work end to end on a small pack (the timings are
``make bench``'s business, never asserted here): ``bench/generate.py`` writes a
pack that lints clean and builds, and ``bench/runtime_bench.py`` plays it with
the same answers, requests and final state on every run."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from _helpers import ROOT

CARDFORGE = [sys.executable, "-m", "cardforge_compiler"]
ANSWERS = 300


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*args], capture_output=True, text=True, cwd=ROOT, timeout=300)


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    work = tmp_path_factory.mktemp("bench")
    pack, bundle = work / "pack", work / "bench.bundle.json"
    made = _run(sys.executable, "bench/generate.py", "--cards", "100", "--out", str(pack))
    assert made.returncode == 0, made.stderr
    lint = _run(*CARDFORGE, "lint", str(pack))
    assert lint.returncode == 0 and "no problems" in lint.stdout and "100 cards" in lint.stdout, lint.stdout
    built = _run(*CARDFORGE, "build", str(pack), "-o", str(bundle))
    assert built.returncode == 0, built.stdout + built.stderr
    return bundle


def _play(bundle: Path) -> dict:
    run = _run(sys.executable, "bench/runtime_bench.py", str(bundle), "--answers", str(ANSWERS))
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_the_runtime_bench_replays_the_same_game_every_run(bundle: Path) -> None:
    first, second = _play(bundle), _play(bundle)
    deterministic = ("answers", "sessions", "requests", "results", "digest", "stories", "bundle_bytes")
    assert {k: first[k] for k in deterministic} == {k: second[k] for k in deterministic}
    assert first["answers"] == sum(first["requests"].values()) == ANSWERS
    assert first["stories"] == 1 and first["bundle_bytes"] == bundle.stat().st_size
    # the generated pack reaches the kinds of request a front end answers most
    assert {"card", "choice", "roll", "between"} <= set(first["requests"])
