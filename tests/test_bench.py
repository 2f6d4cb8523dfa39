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


def test_the_board_bench_measures_the_dense_board_the_same_way_every_run() -> None:
    """``runtime_bench.py --board``: all-pairs line of sight and Cover on the 12 x 12
    board of the conformance case dense-12x12 (20 terrain tiles, 20,736 pairs) and
    reachable squares from every square; the counts and digest are deterministic."""
    runs = []
    for _ in range(2):
        run = _run(sys.executable, "bench/runtime_bench.py", "--board", "--repeat", "1")
        assert run.returncode == 0, run.stderr
        runs.append(json.loads(run.stdout))
    first, second = runs
    keys = ("squares", "terrain_tiles", "pairs", "in_sight", "with_cover", "reachable", "digest")
    assert {k: first[k] for k in keys} == {k: second[k] for k in keys}
    assert (first["squares"], first["terrain_tiles"], first["pairs"]) == (144, 20, 20736)
    assert 0 < first["with_cover"] < first["in_sight"] < first["pairs"]
    assert all(first[k] > 0 for k in ("sight_cold_s", "sight_s", "reach_cold_s", "reach_s"))


def test_the_board_lint_pack_has_200_distinct_layouts_that_lint_clean(tmp_path: Path) -> None:
    """``bench/generate_boards.py`` (the ``board-lint`` step): 200 layouts, the shipped
    ones turned, widened and thinned, no two with the same geometry (grid, map and
    terrain tiles), each used by a Battle, and lint has nothing to say."""
    from cardforge_compiler.pipeline import compile_paths

    pack = tmp_path / "boards"
    made = _run(sys.executable, "bench/generate_boards.py", "--out", str(pack))
    assert made.returncode == 0, made.stderr
    result = compile_paths([str(pack)])
    assert result.diagnostics == []
    layouts = result.packs[0].board_layouts
    assert len(layouts) == 200 and all(layout.board is not None for layout in layouts.values())
    geometries = {json.dumps([lay.model.grid, [p.model_dump() for p in lay.model.map_tiles],
                              [p.model_dump() for p in lay.model.terrain_tiles]], sort_keys=True, default=str)
                  for lay in layouts.values()}
    assert len(geometries) == 200


def test_simulate_bench_reports_rates_and_where_the_time_goes(gascony_bundle):
    """bench/simulate_bench.py end to end with tiny run counts: every shipped Battle's
    rate, the largest Battle with 1 and all workers, the 10,000-run projection and the
    cProfile tables (timings are make bench's business, not asserted)."""
    result = _run(sys.executable, "bench/simulate_bench.py", "--bundle", str(gascony_bundle), "--runs", "2",
                  "--each", "1", "--profile-runs", "1")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.count("\n| ") >= 12                      # the head and the 11 shipped Battles
    assert "largest shipped Battle: card 48 (palace-great-hall, act-4)" in out
    assert "1 worker:" in out and "a 10,000-run report:" in out
    assert "cProfile by tottime" in out and "cProfile by cumulative" in out


def test_explore_bench_reports_each_act_against_its_target(gascony_bundle):
    """bench/explore_bench.py end to end on the two small Acts, without the synthetic
    pack: each Act's states, setups and answers (exact: the explorer is deterministic),
    its rate and the 1 s target's verdict (timings are make bench's business)."""
    result = _run(sys.executable, "bench/explore_bench.py", "--bundle", str(gascony_bundle), "--stories",
                  "act-3,act-4", "--skip-lint")
    assert result.returncode == 0, result.stderr
    rows = {line.split()[0]: line.split() for line in result.stdout.splitlines() if line.startswith("act-")}
    assert rows["act-3"][1:5] == ["460", "8", "9,787", "yes"]
    assert rows["act-4"][1:5] == ["180", "5", "3,243", "yes"]
    assert "states/s (CPU)" in result.stdout
    verdicts = [line for line in result.stdout.splitlines() if line.startswith("explore act-")]
    assert [line.split()[1] for line in verdicts] == ["act-3", "act-4"]
    assert all(line.endswith(("PASS", "not met")) for line in verdicts)
