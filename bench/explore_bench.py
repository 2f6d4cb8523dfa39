#!/usr/bin/env python3
"""Benchmark the state explorer (issue 11, Speed; docs/explore.md).

    python bench/explore_bench.py [--bundle PATH] [--stories act-1,...] [--cards N] [--lint-runs N] [--skip-lint]

1. Each shipped Act of Gascony's Legacy explored to the end (``explore_story``, the
   default budget and bound): its states, setups and answers, the time it took and
   the states explored per second. Target (issue 11): each Act complete in under 1 s.
2. The synthetic pack of bench/generate.py (10,000 cards, layout ``single``, seed 1:
   the pack bench/run.py lints) compiled in this process with the explore stage of
   ``cardforge lint`` (``compile_paths(..., explore_budget=DEFAULT_LINT_BUDGET)``) and
   without it: how many stories and states the explorer reached within the default
   lint budget (``explore.stage.DEFAULT_LINT_BUDGET``), how many stories it completed
   and what the budget cut short. Target: the explorer stays within that budget.
3. ``cardforge lint`` of that pack with exploration on (the default) and with
   ``--no-explore``, each in its own process, best of ``--lint-runs``, by wall and by
   CPU time (``getrusage`` of the children). Target: with exploration within 2x of
   without.

Each time is given by wall clock (``time.perf_counter``: what a user waits) and, for
the in-process parts and lint, by CPU time (``time.process_time``: what the explorer costs, the
figure to compare between runs on a shared machine; the verdicts use it). The load
average is printed before and after. Bundles and packs go to bench/.cache/ (the pack
is reused while bench/generate.py is unchanged). Exit 0 always (targets are printed,
not enforced).
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
CACHE = BENCH / ".cache"
STORIES = ("act-1", "act-2", "act-3", "act-4")
ACT_MAX_S = 1.0            # issue 11: each shipped Act explored completely in under 1 s
LINT_EXPLORE_MAX = 2.0     # issue 11: lint of the 10k pack with exploration within 2x of --no-explore


def verdict(ok: bool) -> str:
    return "PASS" if ok else "not met"


def fmt_s(s: float) -> str:
    return f"{s * 1000:.0f} ms" if s < 1 else f"{s:.2f} s"


def table(rows: list[list[str]], header: list[str]) -> str:
    widths = [max(len(str(c)) for c in col) for col in zip(header, *rows)]
    line = lambda cells: "  ".join(str(c).ljust(w) for c, w in zip(cells, widths)).rstrip()  # noqa: E731
    return "\n".join([line(header), "  ".join("-" * w for w in widths), *(line(r) for r in rows)])


def log(msg: str) -> None:
    print(f"[explore-bench] {msg}", file=sys.stderr, flush=True)


def _bundle(path: str | None) -> str:
    if path is not None:
        return path
    CACHE.mkdir(parents=True, exist_ok=True)
    out = CACHE / "gascony.bundle.json"
    subprocess.run([sys.executable, "-m", "cardforge_compiler", "build", str(ROOT / "content" / "gascony"),
                    "-o", str(out)], check=True, capture_output=True)
    return str(out)


def acts(bundle_path: str, stories: list[str]) -> list[list[str]]:
    """Part 1: each shipped Act explored to the end."""
    from cardforge_compiler.explore import explore_story
    from cardforge_runtime import load_bundle

    bundle = load_bundle(bundle_path)
    rows, targets = [], []
    states = cpu_all = 0.0
    for story in stories:
        wall, cpu = time.perf_counter(), time.process_time()
        exploration = explore_story(bundle, "gascony", story)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        states += exploration.states
        cpu_all += cpu
        rows.append([story, f"{exploration.states:,}", str(len(exploration.setups)), f"{exploration.answers:,}",
                     "yes" if exploration.complete else "no", fmt_s(wall), fmt_s(cpu),
                     f"{exploration.states / cpu:,.0f}", f"{exploration.answers / cpu:,.0f}"])
        targets.append([f"explore {story} complete < {ACT_MAX_S:g} s (CPU)", fmt_s(cpu),
                        verdict(exploration.complete and cpu < ACT_MAX_S)])
    rows.append(["all", f"{states:,.0f}", "", "", "", "", fmt_s(cpu_all), f"{states / cpu_all:,.0f}", ""])
    print("the state explorer on each shipped Act (default budget and bound)")
    print(table(rows, ["story", "states", "setups", "answers", "complete", "wall", "CPU", "states/s (CPU)",
                       "answers/s (CPU)"]))
    return targets


def synthetic(cards: int) -> tuple[Path, list[list[str]]]:
    """Part 2: the explore stage of lint on the synthetic pack, in this process."""
    sys.path.insert(0, str(BENCH))
    import run  # noqa: E402  (bench/run.py: the same cached pack)

    from cardforge_compiler.explore.stage import DEFAULT_LINT_BUDGET
    from cardforge_compiler.pipeline import compile_paths

    pack, _ = run.ensure_pack(cards, "single")
    wall, cpu = time.perf_counter(), time.process_time()
    plain = compile_paths([str(pack)])
    plain_wall, plain_cpu = time.perf_counter() - wall, time.process_time() - cpu
    wall, cpu = time.perf_counter(), time.process_time()
    result = compile_paths([str(pack)], explore_budget=DEFAULT_LINT_BUDGET)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    explorations = result.explorations
    states = sum(e.states for e in explorations)
    reached = sum(1 for e in explorations if e.states > 0)
    complete = sum(1 for e in explorations if e.complete)
    cut = len(explorations) - complete
    explore_cpu = cpu - plain_cpu
    print()
    print(f"the explore stage of lint on the {cards:,}-card synthetic pack (bench/generate.py, layout single), "
          f"budget DEFAULT_LINT_BUDGET = {DEFAULT_LINT_BUDGET:,} states")
    if result.explore_skipped:
        print(f"  exploration skipped: {result.explore_skipped}")
    print(f"  stories: {len(explorations):,} explored of {sum(len(p.stories) for p in result.packs):,}; "
          f"{reached:,} reached at least one state; {complete:,} complete, {cut:,} cut short by the budget")
    print(f"  states: {states:,} expanded in all ({states / max(explore_cpu, 1e-9):,.0f} states/s CPU); "
          f"diagnostics: {len(plain.diagnostics):,} without, {len(result.diagnostics):,} with exploration")
    print(f"  compile_paths: {fmt_s(plain_wall)} wall, {fmt_s(plain_cpu)} CPU without; {fmt_s(wall)} wall, "
          f"{fmt_s(cpu)} CPU with exploration (the explorer: {fmt_s(explore_cpu)} CPU)")
    for e in explorations[:3]:
        print(f"  {e.story}: {e.summary()}")
    within = states <= DEFAULT_LINT_BUDGET and not result.explore_skipped
    return pack, [[f"explore {cards:,}-card pack within the lint budget ({DEFAULT_LINT_BUDGET:,} states)",
                   f"{states:,} states, {reached:,} stories", verdict(within)]]


def lint_ratio(pack: Path, runs: int) -> list[list[str]]:
    """Part 3: ``cardforge lint`` with and without exploration, each in its own process."""
    cardforge = [sys.executable, "-m", "cardforge_compiler", "lint", "--no-cache"]   # cold (bench/watch_bench.py)
    best, best_cpu = {}, {}
    for label, extra in (("explore", []), ("no-explore", ["--no-explore"])):
        times, cpus = [], []
        for _ in range(runs):
            began, used = time.perf_counter(), _children_cpu()
            done = subprocess.run([*cardforge, *extra, str(pack)], capture_output=True, text=True)
            times.append(time.perf_counter() - began)
            cpus.append(_children_cpu() - used)
            if done.returncode not in (0, 1):
                log(f"lint {label} exited {done.returncode}: {done.stderr[-500:]}")
        best[label], best_cpu[label] = min(times), min(cpus)
    ratio = best["explore"] / best["no-explore"]
    ratio_cpu = best_cpu["explore"] / best_cpu["no-explore"]
    print()
    print(f"cardforge lint of the synthetic pack (best of {runs}, interpreter start included): "
          f"{fmt_s(best['explore'])} wall, {fmt_s(best_cpu['explore'])} CPU with exploration; "
          f"{fmt_s(best['no-explore'])} wall, {fmt_s(best_cpu['no-explore'])} CPU with --no-explore "
          f"({ratio:.2f}x wall, {ratio_cpu:.2f}x CPU)")
    return [[f"lint({pack.name}) with exploration <= {LINT_EXPLORE_MAX:g}x --no-explore (CPU)",
             f"{ratio_cpu:.2f}x", verdict(ratio_cpu <= LINT_EXPLORE_MAX)]]


def _children_cpu() -> float:
    """CPU seconds (user + system) of the child processes waited for so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bundle", help="the Gascony bundle (default: build content/gascony/ into bench/.cache/)")
    parser.add_argument("--stories", default=",".join(STORIES), help="the Acts to explore (default: all four)")
    parser.add_argument("--cards", type=int, default=10_000, help="cards of the synthetic pack (default 10,000)")
    parser.add_argument("--lint-runs", type=int, default=3, help="cardforge lint runs each way (best of)")
    parser.add_argument("--skip-lint", action="store_true", help="skip parts 2 and 3 (the synthetic pack)")
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    targets = acts(_bundle(args.bundle), args.stories.split(","))
    if not args.skip_lint:
        pack, more = synthetic(args.cards)
        targets += more
        targets += lint_ratio(pack, args.lint_runs)
    print()
    print(table(targets, ["target", "measured", "verdict"]))
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
