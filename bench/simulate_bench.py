#!/usr/bin/env python3
"""Benchmark ``cardforge simulate``: simulated Battles per second with the greedy policy.

    python bench/simulate_bench.py [--bundle PATH] [--runs N] [--each N] [--profile-runs N]

1. Every shipped Gascony Battle at 4 players, one worker: Battles per second (so the
   slowest Battle is known, not only the largest).
2. The largest shipped Battle (the layout with the most squares; ties: the most
   Enemy deployment entries): Battles per second with one worker (in this process)
   and with every core (the process pool of ``runner.simulate``), and the time a
   10,000-run report would take at that rate. Target (issue 10): under 2 minutes on
   a 2-core machine (about 40 Battles/s per core). The same for the slowest shipped
   Battle, the one that decides how long a sweep of every Battle takes.
3. Where the time goes: cProfile over the largest and the slowest Battle's runs, the
   top functions by own time and by cumulative time.

Each rate is given twice: by wall time (``time.perf_counter``: what a user waits) and
by CPU time (``time.process_time``, the pool workers' through ``getrusage``: what the
engine costs, the figure to compare between runs on a shared machine). The load
average (``os.getloadavg``) is printed before and after: on a busy machine the wall
rates fall and the CPU rates hold. The bundle is built from content/gascony/ into
bench/.cache/ when none is given. Exit 0 always (targets are printed, not enforced).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "bench" / ".cache"
TARGET_SECONDS = 120.0
TARGET_RUNS = 10_000
TARGET_PER_CORE = 40.0


def _bundle(path: str | None) -> dict:
    if path is None:
        CACHE.mkdir(parents=True, exist_ok=True)
        out = CACHE / "gascony.bundle.json"
        subprocess.run([sys.executable, "-m", "cardforge_compiler", "build", str(ROOT / "content" / "gascony"),
                        "-o", str(out)], check=True, capture_output=True)
        path = str(out)
    return json.loads(Path(path).read_text(encoding="utf-8"))


def _battles(data: dict) -> list[tuple[str, int, str]]:
    pack = data["packs"][0]
    return [(story["id"], card["id"], step["layout"]) for story in pack["stories"] for card in story["cards"]
            for step in card["steps"] if step["kind"] == "battle"]


def largest(data: dict) -> tuple[str, int, str]:
    """The shipped Battle on the layout with the most squares (ties: most deployment entries)."""
    from cardforge_runtime.board import build_board

    pack = data["packs"][0]

    def size(entry: tuple[str, int, str]) -> tuple[int, int]:
        layout = entry[2]
        return (len(list(build_board(pack["board"], layout).squares())), len(pack["board"]["layouts"][layout]["deployment"]))
    return max(_battles(data), key=size)


def _rate(data: dict, story: str, card: int, runs: int, workers: int) -> tuple[float, float, float]:
    """``(Battles/s by wall time, Battles/s per core by CPU time, mean rounds)``."""
    from cardforge_compiler.simulate.runner import BattleCase, simulate

    case = BattleCase(data, story, card, policy="greedy")
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu, start = time.process_time(), time.perf_counter()
    played = simulate(case, [4], runs, 0, workers=workers)
    seconds = time.perf_counter() - start
    used = time.process_time() - cpu
    if workers > 1:          # the pool's workers have been joined: their CPU time is ours to read
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = (after.ru_utime + after.ru_stime) - (children.ru_utime + children.ru_stime)
    return len(played) / seconds, len(played) / max(used, 1e-9), sum(r["rounds"] for r in played) / len(played)


def _load() -> str:
    return "load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg()) + f" ({os.cpu_count()} CPUs)"


def _report(name: str, data: dict, battle: tuple[str, int, str], runs: int, cores: int) -> None:
    story, card, layout = battle
    one, one_cpu, rounds = _rate(data, story, card, runs, 1)
    every, every_cpu, _ = _rate(data, story, card, runs * max(1, cores), cores)
    projected = TARGET_RUNS / every
    quiet = TARGET_RUNS / (every_cpu * cores)
    print(f"\n{name}: card {card} ({layout}, {story}), 4 players, {rounds:.2f} rounds on average")
    print(f"  1 worker:   {one:7.1f} Battles/s wall, {one_cpu:7.1f} Battles/s per CPU second")
    print(f"  {cores} workers:  {every:7.1f} Battles/s wall ({every / cores:.1f} per core), "
          f"{every_cpu:7.1f} Battles/s per CPU second of a worker")
    print(f"  a {TARGET_RUNS:,}-run report: {projected:6.1f} s at the wall rate, {quiet:6.1f} s on {cores} idle cores "
          f"(target: under {TARGET_SECONDS:.0f} s on 2 cores, {TARGET_PER_CORE:.0f} Battles/s per core: "
          f"{'met' if quiet < TARGET_SECONDS * 2 / cores else 'NOT met'} by CPU time, "
          f"{'met' if projected < TARGET_SECONDS else 'not met'} by wall time under this load)")


def _profile(data: dict, battle: tuple[str, int, str], runs: int, top: int) -> None:
    from cardforge_compiler.simulate.runner import BattleCase, simulate

    story, card, layout = battle
    simulate(BattleCase(data, story, card), [4], 1, 1, workers=1)      # boards and caches warm, as in a sweep
    profile = cProfile.Profile()
    profile.enable()
    simulate(BattleCase(data, story, card), [4], runs, 1, workers=1)
    profile.disable()
    for order in ("tottime", "cumulative"):
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats(order).print_stats(top)
        lines = [line for line in out.getvalue().splitlines() if line.strip()]
        start = next(i for i, line in enumerate(lines) if "ncalls" in line)
        print(f"\nwhere the time goes (card {card} {layout}, {runs} runs, cProfile by {order}):")
        print("\n".join(line.replace(str(ROOT) + "/", "") for line in lines[start:start + top + 1]))


def main(argv: list[str] | None = None) -> int:
    from cardforge_compiler.simulate.runner import default_workers

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bundle")
    parser.add_argument("--runs", type=int, default=200, help="runs per measurement of the largest Battle")
    parser.add_argument("--each", type=int, default=20, help="runs per Battle in the overview")
    parser.add_argument("--profile-runs", type=int, default=40)
    args = parser.parse_args(argv)
    data = _bundle(args.bundle)
    cores = default_workers()
    print(f"simulate bench: {_load()}")

    print("simulate: greedy policy, 4 players, one worker, every shipped Battle")
    print(f"| {'Battle':<34} | Battles/s | per CPU s | mean rounds |")
    slowest = None
    for story, card, layout in _battles(data):
        rate, cpu, rounds = _rate(data, story, card, args.each, 1)
        print(f"| {f'{card} {layout}':<34} | {rate:9.1f} | {cpu:9.1f} | {rounds:11.2f} |")
        if slowest is None or cpu < slowest[0]:
            slowest = (cpu, (story, card, layout))
    assert slowest is not None
    big = largest(data)
    _report("largest shipped Battle", data, big, args.runs, cores)
    _report("slowest shipped Battle", data, slowest[1], max(1, args.runs // 4), cores)
    for battle in dict.fromkeys([big, slowest[1]]):
        _profile(data, battle, args.profile_runs, 15)
    print(f"\nsimulate bench done: {_load()}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "compiler"))
    sys.exit(main())
