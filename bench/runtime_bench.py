#!/usr/bin/env python3
"""Time the runtime on a bundle: ``load_bundle``, then scripted answers through ``Session``.

    python bench/runtime_bench.py BUNDLE [--answers 10000] [--players 2] [--seed 1]
                                         [--profile DIR] [--top 25]

What a front end pays: loading the bundle on start, then one answer per
request, reading ``session.pending`` before each (as a front end shows it).
Only the public API of ``cardforge_runtime`` is used (docs/runtime.md).

1. ``load``: one ``load_bundle(BUNDLE)`` call (the file read, JSON parse and
   every check), timed with ``time.perf_counter`` (and ``time.process_time``
   for the CPU time); interpreter start and the import are not in it (they
   are in the wall time ``bench/run.py`` reports).
2. The script: a first, untimed pass plays the bundle's stories in order, one
   session after another (``Session.start(bundle, story, players=N, seed=S)``),
   answering every request with a fixed, seeded policy until ``--answers``
   answers are given: a choice takes one of the options on offer, rolls are
   ``{"auto": true}``, a reroll is kept or spends Destiny on the dice that
   missed, a purchase buys the first offer it can pay for, a Battle meets one of
   its objectives, a Character pick takes one of those offered, between Story
   cards the party goes on to the next card. When a story ends, the next one
   starts (from the first again after the last).
3. ``answers``: the timed pass replays exactly those answers: for each session,
   ``Session.start``, then per answer ``session.pending`` and
   ``session.answer(a)``. It must end where the first pass ended (same
   requests, results and final state digest), else the run fails: the numbers
   it prints (answers, sessions, results, requests by kind, digest) are
   deterministic for a bundle, a player count and a seed.

``--board [CASE]`` measures the board geometry instead (no bundle): on the board of
a board conformance case (default ``tests/conformance/board/dense-12x12.json``: 12 x
12 squares, 20 terrain tiles of every kind, railings among them), best of
``--repeat`` runs (default 5):

- ``build_s``: ``board.build_board`` from the case's pack ``board`` object;
- ``sight_cold_s``: ``board.sight_table`` over every ordered pair of squares
  (12 x 12 = 144 squares, 20,736 pairs: line of sight and Cover) on a freshly
  built board, its per-board caches built on the way; ``sight_s``: the same on
  the same board with the figures moved (what a front end pays every move);
- ``reach_cold_s`` / ``reach_s``: ``board.reachable`` from every square with a
  budget of 6 (Characters), on a fresh board, then again.

Counts (pairs in sight, pairs with Cover, reachable squares) and a digest of the
answers are deterministic.

Prints one JSON line on stdout. Exit status 1 when the replay does not
reproduce the script or the runtime raises (its documented errors as one line,
anything else with its traceback), 2 on a usage error.

``--profile DIR`` runs the load and the timed pass once more under cProfile
(after the timed runs, so the times above are not profiled ones), writes
``DIR/load.prof`` and ``DIR/answers.prof`` (``python -m pstats``) and prints the
``--top`` functions of each, by own time, to stderr.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

from cardforge_runtime import AnswerError, BundleError, Session, SessionError, load_bundle


def policy(rng: random.Random, request: dict) -> dict:
    """The scripted answer to ``request`` (docs/runtime.md, Requests and answers)."""
    kind = request["kind"]
    if kind in ("text", "card", "between"):
        return {}  # between Story cards: go on, draw the next card
    if kind == "choice":
        options = request["options"]
        # mostly the first option on offer (the generated packs' way forward),
        # sometimes another one (loops back, gated options)
        pick = options[0] if rng.random() < 0.7 else rng.choice(options)
        return {"option": pick["option"]}
    if kind == "character":
        return {"character": rng.choice(request["characters"])}
    if kind == "roll":
        return {"auto": True}
    if kind == "reroll":
        missed = [i for i, face in enumerate(request["faces"]) if face < 4]
        if missed and rng.random() < 0.5:
            return {"reroll": missed, "auto": True}
        return {"keep": True}
    if kind == "purchase":
        for offer in request["offers"]:
            if offer["cost"] <= request["coins"]:
                return {"buy": [{"offer": offer["offer"], "character": request["characters"][0]}]}
        return {"buy": []}
    if kind == "battle":
        return {"objective": rng.choice(request["objectives"])["objective"]}
    raise ValueError(f"no scripted answer for a {kind!r} request")


def make_script(bundle, answers: int, players: int, seed: int) -> tuple[list[tuple[str, list[dict]]], dict]:
    """Play ``answers`` answers with ``policy``: ``[(story id, [answer, ...]), ...]`` and a summary."""
    rng = random.Random(seed)
    stories = [story for _pack, story, _title in bundle.stories()]
    script: list[tuple[str, list[dict]]] = []
    given = 0
    kinds: Counter = Counter()
    results: Counter = Counter()
    session = None
    while given < answers:
        story = stories[len(script) % len(stories)]
        session = Session.start(bundle, story, players=players, seed=seed + len(script))
        script.append((story, []))
        while not session.finished and given < answers:
            request = session.pending
            answer = policy(rng, request)
            kinds[request["kind"]] += 1
            session.answer(answer)
            script[-1][1].append(answer)
            given += 1
        if session.finished:
            results[session.pending["result"]] += 1
    return script, {"kinds": dict(sorted(kinds.items())), "results": dict(sorted(results.items())),
                    "digest": digest(session)}


def digest(session) -> str:
    """A short fingerprint of where a session stands (its state and pending request)."""
    data = json.dumps([session.state, session.pending], sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(data.encode("utf-8")).hexdigest()[:16]


def replay(bundle, script: list[tuple[str, list[dict]]], players: int, seed: int):
    """The timed pass: start each session and give it its answers, reading ``pending`` first."""
    session = None
    for n, (story, answers) in enumerate(script):
        session = Session.start(bundle, story, players=players, seed=seed + n)
        for answer in answers:
            session.pending  # noqa: B018 - a front end reads the request before answering
            session.answer(answer)
    return session


def top_functions(prof_path: Path, top: int) -> list[dict]:
    """The ``top`` functions of a cProfile dump by own time."""
    import pstats

    st = pstats.Stats(str(prof_path))
    rows = []
    for (filename, line, name), (_cc, ncalls, tottime, cumtime, _callers) in st.stats.items():
        rows.append({"function": f"{Path(filename).name}:{line}({name})", "calls": ncalls,
                     "own_s": round(tottime, 4), "cumulative_s": round(cumtime, 4)})
    rows.sort(key=lambda r: -r["own_s"])
    return rows[:top]


def runtime_callers(prof_path: Path, top: int) -> list[dict]:
    """Where the time of the ``top`` heaviest functions goes, seen from the runtime.

    For each of the ``top`` functions by own time that is not itself in
    ``cardforge_runtime`` (``copy.deepcopy``, the ``json`` module...), the (at most
    4) runtime functions calling it directly that spend the most in it, with the
    cumulative time of those calls: which line of the engine to look at.
    """
    import pstats

    st = pstats.Stats(str(prof_path))
    heavy = sorted(st.stats.items(), key=lambda kv: -kv[1][2])
    out = []
    for (filename, line, name), (_cc, _nc, tottime, _ct, callers) in heavy:
        if "cardforge_runtime" in filename:
            continue
        via = sorted(
            ({"caller": f"{Path(cf).name}:{cl}({cn})", "calls": nc, "cumulative_s": round(ct, 4)}
             for (cf, cl, cn), (_c, nc, _t, ct) in callers.items()
             if "cardforge_runtime" in cf and ct >= 0.001),
            key=lambda r: -r["cumulative_s"])[:4]
        if via:
            out.append({"function": f"{Path(filename).name}:{line}({name})", "own_s": round(tottime, 4),
                        "called_from": via})
        if len(out) == top:
            break
    return out


BOARD_CASE = Path(__file__).resolve().parent.parent / "tests" / "conformance" / "board" / "dense-12x12.json"


def board_bench(case_path: Path, repeat: int) -> dict:
    """Time the board geometry on a board conformance case (see the module docstring)."""
    from cardforge_runtime.board import build_board, reachable, sight_table

    case = json.loads(case_path.read_text(encoding="utf-8"))
    kept: dict = {}
    best: dict[str, float] = {}

    def reach_all(board):
        return [reachable(board, sq, 6) for sq in board.squares()]

    def timed(key, fn, *args):
        t0 = time.perf_counter()
        result = fn(*args)
        best[key] = min(best.get(key, float("inf")), time.perf_counter() - t0)
        return result

    figures = {(2, 2): "character", (11, 11): "character", (6, 6): "enemy", (7, 3): "enemy"}
    moved = {(3, 2): "character", (11, 10): "character", (6, 5): "enemy", (8, 3): "enemy"}
    for _ in range(repeat):
        board = timed("build_s", build_board, case["board"], case["layout"])
        table = timed("sight_cold_s", sight_table, board, figures)
        again = timed("sight_s", sight_table, board, moved)
        fresh = build_board(case["board"], case["layout"])
        reach = timed("reach_cold_s", reach_all, fresh)
        timed("reach_s", reach_all, fresh)
        kept = {"table": table, "again": again, "reach": reach}
    table, again, reach = kept["table"], kept["again"], kept["reach"]
    digest = hashlib.sha256(json.dumps([sorted((str(k), v) for k, v in table.items()),
                                        [sorted(r.items()) for r in reach]]).encode()).hexdigest()[:16]
    return {
        "case": case_path.name, "squares": len(list(board.squares())), "terrain_tiles": len(board.layout["terrain_tiles"]),
        "pairs": len(table), "in_sight": sum(v[0] for v in table.values()),
        "with_cover": sum(v[1] for v in table.values()), "in_sight_moved": sum(v[0] for v in again.values()),
        "reachable": sum(len(r) for r in reach), "budget": 6, "digest": digest, "repeat": repeat,
        **{k: round(v, 6) for k, v in best.items()},
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Time load_bundle and scripted answers through Session.")
    ap.add_argument("bundle", type=Path, nargs="?")
    ap.add_argument("--board", type=Path, nargs="?", const=BOARD_CASE, default=None,
                    help="time the board geometry on a board conformance case instead (default: dense-12x12)")
    ap.add_argument("--repeat", type=int, default=5, help="--board: runs (the best is kept)")
    ap.add_argument("--answers", type=int, default=10000)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--profile", type=Path, default=None, help="also profile; write .prof files here")
    ap.add_argument("--top", type=int, default=25)
    args = ap.parse_args(argv)
    if args.board is not None:
        if args.repeat < 1:
            ap.error("--repeat must be at least 1")
        print(json.dumps(board_bench(args.board, args.repeat)))
        return 0
    if args.bundle is None:
        ap.error("give a BUNDLE (or --board)")
    if args.answers < 1:
        ap.error("--answers must be at least 1")

    try:
        t0, c0 = time.perf_counter(), time.process_time()
        bundle = load_bundle(args.bundle)
        load_s, load_cpu_s = time.perf_counter() - t0, time.process_time() - c0

        script, expected = make_script(bundle, args.answers, args.players, args.seed)
        t0, c0 = time.perf_counter(), time.process_time()
        session = replay(bundle, script, args.players, args.seed)
        answers_s, answers_cpu_s = time.perf_counter() - t0, time.process_time() - c0
    except (BundleError, SessionError, AnswerError) as error:
        # anything else is a runtime bug: its traceback is what its owners need
        print(f"runtime_bench: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    got = digest(session)
    if got != expected["digest"]:
        print(f"runtime_bench: the timed replay ended elsewhere than the script "
              f"({got} != {expected['digest']})", file=sys.stderr)
        return 1

    out = {
        "bundle_bytes": args.bundle.stat().st_size,
        "stories": len(bundle.stories()),
        "load_s": load_s,
        "load_cpu_s": load_cpu_s,
        "answers": sum(len(a) for _s, a in script),
        "sessions": len(script),
        "answers_s": answers_s,
        "answers_cpu_s": answers_cpu_s,
        "requests": expected["kinds"],
        "results": expected["results"],
        "digest": expected["digest"],
        "players": args.players,
        "seed": args.seed,
    }
    if args.profile:
        import cProfile

        args.profile.mkdir(parents=True, exist_ok=True)
        prof = cProfile.Profile()
        prof.runcall(load_bundle, args.bundle)
        prof.dump_stats(args.profile / "load.prof")
        prof = cProfile.Profile()
        prof.runcall(replay, bundle, script, args.players, args.seed)
        prof.dump_stats(args.profile / "answers.prof")
        out["profile"] = {}
        for name in ("load", "answers"):
            rows = top_functions(args.profile / f"{name}.prof", args.top)
            via = runtime_callers(args.profile / f"{name}.prof", 3)
            out["profile"][name] = {"top": rows, "called_from_runtime": via}
            print(f"\n{name}: top {len(rows)} functions by own time (cProfile)", file=sys.stderr)
            print(f"{'own s':>8} {'cum s':>8} {'calls':>9}  function", file=sys.stderr)
            for r in rows:
                print(f"{r['own_s']:8.3f} {r['cumulative_s']:8.3f} {r['calls']:9d}  {r['function']}",
                      file=sys.stderr)
            for v in via:
                print(f"{v['function']} (own {v['own_s']:.3f} s) is called from the runtime by:",
                      file=sys.stderr)
                for c in v["called_from"]:
                    print(f"    {c['cumulative_s']:8.3f} s {c['calls']:7d} calls  {c['caller']}", file=sys.stderr)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
