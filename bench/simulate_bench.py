#!/usr/bin/env python3
"""Benchmark ``cardforge simulate``: simulated Battles per second with the greedy policy.

    python bench/simulate_bench.py [--bundle PATH] [--runs N] [--profile-runs N]

1. Every shipped Gascony Battle at 4 players, one worker: Battles per second (so the
   slowest Battle is known, not only the largest).
2. The largest shipped Battle (the layout with the most squares; ties: the most
   Enemy deployment entries): Battles per second with one worker (in this process)
   and with every core (the process pool of ``runner.simulate``), and the time a
   10,000-run report would take at that rate. Target (issue 10): under 2 minutes on
   a 2-core machine (about 40 Battles/s per core).
3. Where the time goes: cProfile over the slowest Battle's runs, the top functions by
   own time and by cumulative time.

Times are wall times inside this process (``time.perf_counter``); the bundle is built
from content/gascony/ into bench/.cache/ when none is given. Exit 0 always (targets
are printed, not enforced).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "bench" / ".cache"
TARGET_SECONDS = 120.0
TARGET_RUNS = 10_000


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


def _rate(data: dict, story: str, card: int, runs: int, workers: int) -> tuple[float, float]:
    from cardforge_compiler.simulate.runner import BattleCase, simulate

    case = BattleCase(data, story, card, policy="greedy")
    start = time.perf_counter()
    played = simulate(case, [4], runs, 0, workers=workers)
    seconds = time.perf_counter() - start
    return len(played) / seconds, sum(r["rounds"] for r in played) / len(played)


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

    print("simulate: greedy policy, 4 players, one worker, every shipped Battle")
    print(f"| {'Battle':<34} | Battles/s | mean rounds |")
    slowest = None
    for story, card, layout in _battles(data):
        rate, rounds = _rate(data, story, card, args.each, 1)
        print(f"| {f'{card} {layout}':<34} | {rate:9.1f} | {rounds:11.2f} |")
        if slowest is None or rate < slowest[0]:
            slowest = (rate, story, card, layout)

    story, card, layout = largest(data)
    one, rounds = _rate(data, story, card, args.runs, 1)
    every, _ = _rate(data, story, card, args.runs * max(1, cores), cores)
    projected = TARGET_RUNS / every
    print(f"\nlargest shipped Battle: card {card} ({layout}, {story}), 4 players, {rounds:.2f} rounds on average")
    print(f"  1 worker:   {one:7.1f} Battles/s")
    print(f"  {cores} workers:  {every:7.1f} Battles/s ({every / cores:.1f} per core)")
    print(f"  a {TARGET_RUNS:,}-run report: {projected:6.1f} s at that rate (target: under {TARGET_SECONDS:.0f} s on 2 cores: "
          f"{'met' if projected < TARGET_SECONDS else 'NOT met'})")
    assert slowest is not None
    _, s_story, s_card, s_layout = slowest
    slow_one, _ = _rate(data, s_story, s_card, args.runs, 1)
    print(f"slowest shipped Battle: card {s_card} ({s_layout}): {slow_one:.1f} Battles/s with 1 worker; "
          f"a {TARGET_RUNS:,}-run report on {cores} cores: about {TARGET_RUNS / (slow_one * cores):.0f} s")

    from cardforge_compiler.simulate.runner import BattleCase, simulate

    profile = cProfile.Profile()
    profile.enable()
    simulate(BattleCase(data, s_story, s_card), [4], args.profile_runs, 1, workers=1)
    profile.disable()
    for order in ("tottime", "cumulative"):
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats(order).print_stats(15)
        lines = [line for line in out.getvalue().splitlines() if line.strip()]
        start = next(i for i, line in enumerate(lines) if "ncalls" in line)
        print(f"\nwhere the time goes (card {s_card}, {args.profile_runs} runs, cProfile by {order}):")
        print("\n".join(line.replace(str(ROOT) + "/", "") for line in lines[start:start + 16]))
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "compiler"))
    sys.exit(main())
