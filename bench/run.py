#!/usr/bin/env python3
"""Benchmark cardforge against a plain PyYAML (libyaml) parse of the same files.

    python bench/run.py [--sizes 1000,10000,100000] [--layouts single,split]
                        [--cardforge PATH] [--repeat N] [--floor-only] [--no-profile]

For each size and layout a synthetic pack is generated (bench/generate.py) into
bench/.cache/ (reused while the generator is unchanged), then measured, every
measurement in its own child process run under a small wrapper process that
reports the child's wall time and peak RSS (so one run's peak never leaks into
the next):

* ``floor (GC on)``: ``yaml.load_all(f, Loader=yaml.CSafeLoader)`` on every YAML
  file of the pack, keeping the documents, as a plain user calls it
  (interpreter start and import included);
* ``floor (GC off)``: the same with the garbage collector disabled (as cardforge
  itself runs): the limit of parsing this YAML at all, the one targets use;
* ``lint``:  ``cardforge lint DIR``;
* ``build``: ``cardforge build DIR -o OUT`` (and the bundle's size);
* ``check-bundle``: ``cardforge check-bundle OUT`` on the bundle just built;
* ``runtime``: bench/runtime_bench.py on that bundle: ``load_bundle`` and
  10,000 scripted answers through ``cardforge_runtime.Session``, both timed
  inside the process; then once more under cProfile (``--no-profile`` skips it).

Once per run (not per size): ``board``, bench/runtime_bench.py --board: the board
geometry on the 12 x 12 board with 20 terrain tiles of the board conformance case
``dense-12x12``: all-pairs line of sight and Cover (20,736 pairs) and reachable
squares from every square with a budget of 6, times inside the process; and
``board-lint``, ``cardforge lint`` (best of 3) on a pack of 200 distinct battle
layouts (bench/generate_boards.py: the shipped Gascony layouts turned, widened and
thinned; every one used by a Battle; lint reports nothing).

``check-bundle`` and ``runtime`` run for sizes up to RUNTIME_MAX_CARDS (the
targets are at 10k cards); the profile, on the first layout at the largest of
those sizes.

Wall time is the best of 3 runs for sizes <= 10k cards and 1 run above (see
``--repeat``); peak memory is the largest of those runs. ``cardforge --version``
and ``cardforge --help`` are timed best of 5. A table goes to stdout, progress
to stderr, and everything to bench/results.json. Exit status: 0 when every
command ran and exited 0, 1 when one failed, 2 on a usage/setup error.
Targets are printed beside the measurements but do not change the exit status.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import resource
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

BENCH = Path(__file__).resolve().parent
CACHE = BENCH / ".cache"
RESULTS = BENCH / "results.json"
LAYOUTS = ("single", "split")

# Targets (also in bench/README.md).
BUILD_VS_FLOOR_MAX = 2.0  # build(10k) <= 2x the PyYAML C parse (GC off) of the same files
CHECK_VS_BUILD_MAX = 1.0  # check-bundle(10k) not slower than build of the same content
# inkjs on an ink story of the same shape (issue 7): loads in 0.29 s, 10,000 choices in 0.6 s
RUNTIME_LOAD_MAX_S = 0.29  # load_bundle of the 10k-card bundle
RUNTIME_ANSWERS_MAX_S = 0.6  # 10,000 scripted answers through Session
RUNTIME_ANSWERS = 10000
RUNTIME_MAX_CARDS = 10000  # check-bundle and runtime are measured up to this size
PROFILE_TOP = 8  # functions per phase shown in the report (results.json keeps 25)
LINEAR_MAX = 1.25  # time per card at 100k <= 1.25x time per card at 10k
PEAK_100K_MAX_MB = 1536.0  # < 1.5 GB peak RSS at 100k
STARTUP_MAX_S = 0.100  # --version / --help < 100 ms
BOARD_LINT_LAYOUTS = 200  # issue 8: "Report: lint of a pack with 200 layouts"
BOARD_LINT_MAX_S = 3.0  # lint of those 200 layouts (15 ms a layout, interpreter start included)
BOARD_SIGHT_MAX_S = 1.0  # all-pairs line of sight + Cover, 12x12 board, 20 terrain tiles (a front end, every move)

FLOOR_CODE = r"""
import json, os, sys, time
import yaml
if not hasattr(yaml, "CSafeLoader"):
    sys.exit("bench: PyYAML %s in %s has no yaml.CSafeLoader (built without libyaml): "
             "the floor needs the C parser" % (yaml.__version__, sys.executable))
root, gc_mode = sys.argv[1], sys.argv[2]
if gc_mode == "off":
    import gc
    gc.disable()
files = []
for d, dirs, names in os.walk(root):
    dirs.sort()
    files += [os.path.join(d, n) for n in sorted(names) if n.endswith((".yaml", ".yml"))]
t0 = time.perf_counter()
docs = []
for f in files:
    with open(f, "rb") as fh:
        docs.extend(yaml.load_all(fh, Loader=yaml.CSafeLoader))
t1 = time.perf_counter()
print(json.dumps({"files": len(files), "documents": len(docs), "parse_s": t1 - t0, "gc": gc_mode}))
"""


# ---------------------------------------------------------------- the wrapper


def measure_child(out_path: str, err_path: str, cmd: list[str]) -> int:
    """Run in the wrapper process: run ``cmd``, print one JSON line about it."""
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        t0 = time.perf_counter()
        proc = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=out, stderr=err)
        wall = time.perf_counter() - t0
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    # ru_maxrss is in KiB on Linux, in bytes on macOS
    rss_kib = ru.ru_maxrss / 1024 if sys.platform == "darwin" else ru.ru_maxrss
    print(json.dumps({
        "rc": proc.returncode,
        "wall_s": wall,
        "user_s": ru.ru_utime,
        "sys_s": ru.ru_stime,
        "maxrss_mib": rss_kib / 1024,
    }))
    return 0


def tail(path: Path, n: int = 2000) -> str:
    try:
        data = path.read_bytes()
    except OSError:
        return ""
    return data[-n:].decode("utf-8", "replace")


def last_line(path: Path) -> str:
    lines = [ln for ln in tail(path, 4000).splitlines() if ln.strip()]
    return lines[-1].strip() if lines else ""


def run_once(cmd: list[str], tag: str) -> dict:
    logs = CACHE / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    out, err = logs / f"{tag}.out", logs / f"{tag}.err"
    wrapper = [sys.executable, str(Path(__file__).resolve()), "--measure", str(out), str(err), "--", *cmd]
    proc = subprocess.run(wrapper, capture_output=True, text=True)
    if proc.returncode != 0 or not proc.stdout.strip():
        raise SystemExit(f"bench: the measuring wrapper failed for {cmd}:\n{proc.stderr}")
    res = json.loads(proc.stdout.strip().splitlines()[-1])
    res["stdout_path"], res["stderr_path"] = str(out), str(err)
    res["summary"] = last_line(out) or last_line(err)
    if res["rc"] == 0 and out.stat().st_size < 65536:
        try:  # the floor and runtime_bench report their own numbers as one JSON line
            res["child"] = json.loads(out.read_text().strip().splitlines()[-1])
        except (ValueError, IndexError):
            pass
    if res["rc"] != 0:
        res["stdout_tail"], res["stderr_tail"] = tail(out), tail(err)
    return res


def run_best(cmd: list[str], tag: str, repeat: int) -> dict:
    """Best wall time of ``repeat`` runs; peak RSS is the largest of them."""
    runs = []
    for _ in range(repeat):
        res = run_once(cmd, tag)
        runs.append(res)
        if res["rc"] != 0:
            break  # a failing command: no point repeating it
    return combine(runs, cmd)


def combine(runs: list[dict], cmd: list[str]) -> dict:
    """One measurement from several runs of ``cmd``: the run with the best wall time (the
    last run when one failed), with every wall time, the largest peak RSS, and the child's
    own JSON line of each run (``child_all``) when it prints one."""
    best = min(runs, key=lambda r: r["wall_s"]) if all(r["rc"] == 0 for r in runs) else runs[-1]
    out = dict(best)
    out["runs"] = len(runs)
    out["wall_all_s"] = [r["wall_s"] for r in runs]
    out["maxrss_mib"] = max(r["maxrss_mib"] for r in runs)
    # CPU time (user + sys) is much less disturbed than wall time by other work on the machine
    out["cpu_s"] = min(r["user_s"] + r["sys_s"] for r in runs)
    children = [r["child"] for r in runs if "child" in r]
    if children:
        out["child_all"] = children
    out["cmd"] = ["<floor: PyYAML CSafeLoader>" if c == FLOOR_CODE else c for c in cmd]
    return out


# --------------------------------------------------------------- the packs


def generator_digest() -> str:
    return hashlib.sha256((BENCH / "generate.py").read_bytes()).hexdigest()[:16]


def ensure_board_pack() -> Path:
    """Generate (or reuse) the pack of BOARD_LINT_LAYOUTS distinct layouts (bench/generate_boards.py)."""
    if str(BENCH) not in sys.path:
        sys.path.insert(0, str(BENCH))
    import generate_boards  # noqa: E402  (bench/generate_boards.py)

    pack = CACHE / "packs" / f"board-{BOARD_LINT_LAYOUTS}"
    stamp = CACHE / "packs" / f"board-{BOARD_LINT_LAYOUTS}.stamp.json"
    sources = [BENCH / "generate_boards.py", *sorted(generate_boards.GASCONY.rglob("*.yaml"))]
    key = hashlib.sha256(b"".join(p.read_bytes() for p in sources)).hexdigest()[:16]
    if pack.is_dir() and stamp.is_file() and json.loads(stamp.read_text()).get("key") == key:
        return pack
    log(f"generating {BOARD_LINT_LAYOUTS} layouts -> {pack}")
    generate_boards.generate(pack, BOARD_LINT_LAYOUTS)
    stamp.write_text(json.dumps({"key": key}))
    return pack


def ensure_pack(size: int, layout: str) -> tuple[Path, dict]:
    """Generate (or reuse) the pack for (size, layout)."""
    if str(BENCH) not in sys.path:
        sys.path.insert(0, str(BENCH))
    import generate  # noqa: E402  (bench/generate.py)

    name = f"{layout}-{size}"
    pack = CACHE / "packs" / name
    stamp = CACHE / "packs" / f"{name}.stamp.json"
    key = {"generator": generator_digest(), "cards": size, "layout": layout, "seed": 1}
    if pack.is_dir() and stamp.is_file():
        try:
            saved = json.loads(stamp.read_text())
        except ValueError:
            saved = {}
        if saved.get("key") == key:
            return pack, saved["info"]
    log(f"generating {size} cards, layout {layout} -> {pack}")
    info = generate.generate(size, layout, pack, seed=1)
    stamp.write_text(json.dumps({"key": key, "info": info}))
    return pack, info


# ---------------------------------------------------------------- reporting


def log(msg: str) -> None:
    print(f"[bench] {msg}", file=sys.stderr, flush=True)


def fmt_s(s: float | None) -> str:
    if s is None:
        return "-"
    return f"{s * 1000:.0f} ms" if s < 1 else f"{s:.2f} s"


def fmt_rate(r: float | None) -> str:
    if r is None:
        return "-"
    return f"{r / 1000:.1f}k" if r < 1e6 else f"{r / 1e6:.2f}M"


def table(rows: list[list[str]], header: list[str]) -> str:
    widths = [max(len(str(x)) for x in col) for col in zip(header, *rows)]
    right = [i > 1 for i in range(len(header))]

    def line(cells):
        return "  ".join(
            str(c).rjust(w) if r else str(c).ljust(w) for c, w, r in zip(cells, widths, right)
        ).rstrip()

    sep = "  ".join("-" * w for w in widths)
    return "\n".join([line(header), sep, *(line(r) for r in rows)])


def verdict(ok: bool | None) -> str:
    return {True: "PASS", False: "FAIL", None: "n/a"}[ok]


def evaluate_targets(results: dict) -> list[dict]:
    runs = {(r["cards"], r["layout"]): r for r in results["runs"]}
    targets = []

    def m(size, layout, step):
        r = runs.get((size, layout))
        if not r:
            return None
        x = r["measurements"].get(step)
        return x if x and x.get("rc") == 0 else None

    def target(name, value, shown, passes, digits=2):
        """Record one target: ``value`` (None when not measured), how to show it, the pass test."""
        targets.append({
            "target": name,
            "value": None if value is None else round(value, digits),
            "shown": "-" if value is None else shown(value),
            "ok": None if value is None else passes(value),
        })

    for layout in LAYOUTS:
        b, f = m(10000, layout, "build"), m(10000, layout, "floor-gc-off")
        target(f"build(10k, {layout}) <= {BUILD_VS_FLOOR_MAX:g}x PyYAML C parse, GC off",
               b["wall_s"] / f["wall_s"] if b and f else None,
               lambda v: f"{v:.2f}x", lambda v: v <= BUILD_VS_FLOOR_MAX)
    for layout in LAYOUTS:
        c, b = m(10000, layout, "check-bundle"), m(10000, layout, "build")
        target(f"check-bundle(10k, {layout}) not slower than build of the same content",
               c["wall_s"] / b["wall_s"] if c and b else None,
               lambda v: f"{v:.2f}x", lambda v: v <= CHECK_VS_BUILD_MAX)
    for layout in LAYOUTS:
        rt = m(10000, layout, "runtime")
        target(f"runtime(10k, {layout}): load_bundle < {RUNTIME_LOAD_MAX_S:g} s (inkjs)",
               rt["load_s"] if rt else None, fmt_s, lambda v: v < RUNTIME_LOAD_MAX_S, digits=3)
        target(f"runtime(10k, {layout}): {RUNTIME_ANSWERS:,} answers < {RUNTIME_ANSWERS_MAX_S:g} s (inkjs)",
               rt["answers_s"] if rt else None, fmt_s, lambda v: v < RUNTIME_ANSWERS_MAX_S, digits=3)
    for layout in LAYOUTS:
        for step in ("lint", "build"):
            small, big = m(10000, layout, step), m(100000, layout, step)
            target(f"{step}(100k, {layout}) linear: per-card time <= {LINEAR_MAX:g}x that of 10k",
                   (big["wall_s"] / 100000) / (small["wall_s"] / 10000) if small and big else None,
                   lambda v: f"{v:.2f}x", lambda v: v <= LINEAR_MAX)
    for layout in LAYOUTS:
        for step in ("lint", "build"):
            big = m(100000, layout, step)
            target(f"{step}(100k, {layout}) peak RSS < 1.5 GB", big["maxrss_mib"] if big else None,
                   lambda v: f"{v:.0f} MiB", lambda v: v < PEAK_100K_MAX_MB, digits=1)
    bd = results.get("board")
    bd_ok = bd is not None and bd.get("rc") == 0 and "child" in bd
    target(f"board: all-pairs line of sight + Cover, 12x12, 20 tiles (20,736 pairs) < {BOARD_SIGHT_MAX_S:g} s",
           bd["child"]["sight_cold_s"] if bd_ok else None, fmt_s, lambda v: v < BOARD_SIGHT_MAX_S, digits=3)
    bl = results.get("board-lint")
    target(f"board-lint: cardforge lint of {BOARD_LINT_LAYOUTS} distinct layouts < {BOARD_LINT_MAX_S:g} s",
           bl["wall_s"] if bl and bl.get("rc") == 0 else None, fmt_s, lambda v: v < BOARD_LINT_MAX_S, digits=3)
    for name in ("version", "help"):
        s = results.get("startup", {}).get(name)
        ok_run = s is not None and s.get("rc") == 0
        target(f"cardforge --{name} < {STARTUP_MAX_S * 1000:.0f} ms", s["wall_s"] if ok_run else None,
               fmt_s, lambda v: v < STARTUP_MAX_S, digits=4)
    return targets


STEP_NAMES = {
    "floor-gc-on": "floor (GC on)",
    "floor-gc-off": "floor (GC off)",
}


def ratio(x: dict, ref: dict | None) -> str:
    """``x``'s wall time over ``ref``'s, or "-" when either failed or is missing."""
    if x["rc"] != 0 or not ref or ref["rc"] != 0:
        return "-"
    return f"{x['wall_s'] / ref['wall_s']:.2f}x"


def report(results: dict) -> str:
    rows = []
    for r in results["runs"]:
        ms = r["measurements"]
        floors = [ms.get("floor-gc-off"), ms.get("floor-gc-on")]
        build = ms.get("build")
        for step in ("floor-gc-on", "floor-gc-off", "lint", "build", "check-bundle"):
            x = ms.get(step)
            if x is None:
                continue
            ok = x["rc"] == 0
            wall = x["wall_s"] if ok else None
            bundle = x.get("bundle_bytes")
            rows.append([
                f"{r['cards']:,}",
                r["layout"],
                str(r["files"]),
                f"{r['bytes'] / 2**20:.1f}",
                STEP_NAMES.get(step, step),
                fmt_s(wall) if ok else f"FAILED rc={x['rc']}",
                fmt_s(x["cpu_s"]) if ok else "-",
                str(x["runs"]),
                fmt_rate(r["cards"] / wall) if wall else "-",
                f"{x['maxrss_mib']:.0f}",
                "-" if bundle is None else f"{bundle / 2**20:.2f}",
                *(ratio(x, f) for f in floors),
                ratio(x, build) if step == "check-bundle" else "",
            ])
    out = [table(rows, ["cards", "layout", "files", "YAML MiB", "step", "wall (best)", "cpu (best)", "runs",
                        "cards/s", "peak MiB", "bundle MiB", "vs floor GC off", "vs floor GC on",
                        "vs build"])]
    out.append("")
    out.append("floor (GC on): PyYAML's C parser as a plain user calls it; floor (GC off): the "
               "same with the garbage\ncollector disabled, as cardforge runs: the limit of "
               "parsing this YAML at all. Targets use GC off and wall\ntimes; cpu is user + sys "
               "time, less disturbed by other work on a shared machine.")
    rt_rows = []
    for r in results["runs"]:
        x = r["measurements"].get("runtime")
        if x is None:
            continue
        if x["rc"] != 0:
            rt_rows.append([f"{r['cards']:,}", r["layout"], f"FAILED rc={x['rc']}"] + [""] * 9)
            continue
        rt_rows.append([
            f"{r['cards']:,}", r["layout"], f"{x['bundle_bytes'] / 2**20:.2f}", fmt_s(x["load_s"]),
            fmt_s(x["load_cpu_s"]), f"{x['answers']:,}", str(x["sessions"]), fmt_s(x["answers_s"]),
            fmt_s(x["answers_cpu_s"]),
            f"{x['answers'] / x['answers_s'] / 1000:.1f}k", str(x["runs"]), f"{x['maxrss_mib']:.0f}",
        ])
    if rt_rows:
        out.append("")
        out.append("runtime: load_bundle, then scripted answers through Session (times inside the "
                   "process, each the best of its runs)")
        out.append(table(rt_rows, ["cards", "layout", "bundle MiB", "load", "load cpu", "answers",
                                   "sessions", "answer time", "answer cpu", "answers/s", "runs",
                                   "peak MiB"]))
    for r in results["runs"]:
        prof = r.get("profile")
        if not prof:
            continue
        for phase in ("load", "answers"):
            data = prof.get(phase) or {}
            out.append("")
            out.append(f"profile {r['layout']}-{r['cards']} {phase} (cProfile, own time; "
                       f"{prof['dir']}/{phase}.prof):")
            for f in data.get("top", [])[:PROFILE_TOP]:
                out.append(f"  {f['own_s']:7.3f} s own {f['cumulative_s']:7.3f} s cum "
                           f"{f['calls']:>9,} calls  {f['function']}")
            for v in data.get("called_from_runtime", [])[:2]:
                callers = ", ".join(f"{c['caller']} {c['cumulative_s']:.3f} s"
                                    for c in v["called_from"])
                out.append(f"  {v['function']} is called from: {callers}")
    bd = results.get("board")
    if bd:
        out.append("")
        if bd.get("rc") == 0 and "child" in bd:
            c = bd["child"]
            out.append(f"board geometry ({c['case']}: {c['squares']} squares, {c['terrain_tiles']} terrain tiles; "
                       f"best of {c['repeat']}, times inside the process)")
            out.append(table([
                [f"all-pairs line of sight + Cover ({c['pairs']:,} pairs; {c['in_sight']:,} in sight, "
                 f"{c['with_cover']:,} with Cover)", fmt_s(c["sight_cold_s"]), fmt_s(c["sight_s"])],
                [f"reachable from every square, budget {c['budget']} ({c['reachable']:,} squares)",
                 fmt_s(c["reach_cold_s"]), fmt_s(c["reach_s"])],
                ["build_board", fmt_s(c["build_s"]), "-"],
            ], ["board geometry", "fresh board", "again, figures moved"]))
        else:
            out.append(f"board geometry: FAILED rc={bd.get('rc')}: {bd.get('stderr_tail', '')}")
    bl = results.get("board-lint")
    if bl:
        out.append("")
        out.append(f"board-lint: cardforge lint of {BOARD_LINT_LAYOUTS} distinct layouts: "
                   + (f"{fmt_s(bl['wall_s'])} (best of {bl['runs']}), {bl['maxrss_mib']:.0f} MiB peak; "
                      f"lint said: {bl.get('summary', '')}" if bl.get("rc") == 0
                      else f"FAILED rc={bl.get('rc')}: {bl.get('stderr_tail') or bl.get('stdout_tail') or ''}"))
    st = results.get("startup") or {}
    if st:
        out.append("")
        out.append(table(
            [[f"cardforge --{k}", fmt_s(v["wall_s"]) if v["rc"] == 0 else f"FAILED rc={v['rc']}",
              str(v["runs"]), f"{v['maxrss_mib']:.0f}"] for k, v in st.items()],
            ["command", "wall (best)", "runs", "peak MiB"],
        ))
    out.append("")
    out.append(table(
        [[t["target"], t["shown"], verdict(t["ok"])] for t in results["targets"]],
        ["target", "measured", "verdict"],
    ))
    return "\n".join(out)


def write_results(results: dict) -> None:
    results["targets"] = evaluate_targets(results)
    tmp = RESULTS.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(results, indent=2) + "\n")
    tmp.replace(RESULTS)


# --------------------------------------------------------------------- main


def default_cardforge() -> Path:
    return Path(sys.executable).parent / "cardforge"


def cold_args(cardforge: Path) -> list[str]:
    """``["--no-cache"]`` when this cardforge has a content-hash cache (docs/watch.md):
    every lint and build here is measured cold, whatever an earlier run left in
    ``.cardforge-cache/`` (bench/watch_bench.py measures the cache)."""
    if cardforge not in _COLD:
        shown = subprocess.run([str(cardforge), "lint", "--help"], capture_output=True, text=True)
        _COLD[cardforge] = ["--no-cache"] if "--no-cache" in shown.stdout else []
    return _COLD[cardforge]


_COLD: dict[Path, list[str]] = {}


def runtime_python(cardforge: Path) -> str:
    """The Python of the cardforge install being measured (it has ``cardforge_runtime``)."""
    beside = cardforge.parent / "python"
    return str(beside) if beside.is_file() else sys.executable


RUNTIME_KEYS = ("bundle_bytes", "stories", "answers", "sessions", "requests", "results", "digest",
                "players", "seed")


def runtime_cmd(python: str, bundle: Path) -> list[str]:
    return [python, str(BENCH / "runtime_bench.py"), str(bundle), "--answers", str(RUNTIME_ANSWERS)]


def runtime_summary(res: dict) -> dict:
    """The runtime measurement from bench/runtime_bench.py's runs: load and answer times are
    each the best of the runs; the counts must agree between runs (they are deterministic)."""
    if res["rc"] != 0:
        return res
    children = res.get("child_all", [])
    if len(children) != res["runs"]:
        res["rc"] = -1
        res["stderr_tail"] = "runtime_bench.py printed no result line"
        return res
    first = children[0]
    for key in RUNTIME_KEYS:
        if any(c[key] != first[key] for c in children):
            res["rc"] = -1
            res["stderr_tail"] = f"runtime_bench.py runs disagree on {key!r}: not deterministic"
            return res
        res[key] = first[key]
    for key in ("load_s", "answers_s", "load_cpu_s", "answers_cpu_s"):
        res[key] = min(c[key] for c in children)
        res[key.replace("_s", "_all_s")] = [c[key] for c in children]
    return res


def runtime_profile(python: str, bundle: Path, tag: str) -> dict | None:
    """One more runtime_bench.py run under cProfile: the hot spots of load and answers."""
    pdir = CACHE / "profile" / tag
    cmd = [*runtime_cmd(python, bundle), "--profile", str(pdir)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0 or not proc.stdout.strip():
        log(f"{tag}: the profile run failed:\n{proc.stderr[-2000:]}")
        return None
    data = json.loads(proc.stdout.strip().splitlines()[-1]).get("profile", {})
    return {"dir": str(pdir), **data}


def check_floor_python() -> str:
    code = (
        "import yaml, sys\n"
        "if not hasattr(yaml, 'CSafeLoader'):\n"
        "    sys.exit('no CSafeLoader')\n"
        "print(yaml.__version__)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(
            f"bench: {sys.executable} cannot run the floor: PyYAML with its C loader "
            f"(yaml.CSafeLoader, i.e. libyaml) is required.\n{proc.stderr.strip()}"
        )
    return proc.stdout.strip()


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--measure"]:
        if len(argv) < 5 or argv[3] != "--":
            print("usage: run.py --measure OUT ERR -- CMD...", file=sys.stderr)
            return 2
        return measure_child(argv[1], argv[2], argv[4:])

    ap = argparse.ArgumentParser(description="Benchmark cardforge lint/build against a PyYAML C parse.")
    ap.add_argument("--sizes", default="1000,10000,100000",
                    help="comma-separated card counts (default: 1000,10000,100000)")
    ap.add_argument("--layouts", default="single,split", help="comma-separated: single, split")
    ap.add_argument("--cardforge", default=None,
                    help="the cardforge executable (default: the one next to this Python)")
    ap.add_argument("--repeat", type=int, default=None,
                    help="runs per measurement (default: 3 for sizes <= 10k, 1 above)")
    ap.add_argument("--floor-only", action="store_true",
                    help="only measure the PyYAML parse (no cardforge needed)")
    ap.add_argument("--no-profile", action="store_true",
                    help="skip the cProfile run of the runtime")
    args = ap.parse_args(argv)

    try:
        sizes = [int(s.replace("_", "")) for s in args.sizes.split(",") if s.strip()]
    except ValueError:
        ap.error(f"--sizes: not a list of numbers: {args.sizes!r}")
    if not sizes or min(sizes) < 1:
        ap.error("--sizes: give positive card counts")
    layouts = [s.strip() for s in args.layouts.split(",") if s.strip()]
    for lay in layouts:
        if lay not in LAYOUTS:
            ap.error(f"--layouts: unknown layout {lay!r} (single, split)")

    pyyaml_version = check_floor_python()
    cardforge = None
    cf_version = None
    if not args.floor_only:
        cardforge = Path(args.cardforge) if args.cardforge else default_cardforge()
        if not (cardforge.is_file() and os.access(cardforge, os.X_OK)):
            print(f"bench: cardforge executable not found at {cardforge}: install the project "
                  f"into this environment, pass --cardforge PATH, or use --floor-only",
                  file=sys.stderr)
            return 2
        proc = subprocess.run([str(cardforge), "--version"], capture_output=True, text=True)
        cf_version = (proc.stdout or proc.stderr).strip()

    CACHE.mkdir(parents=True, exist_ok=True)
    results: dict = {
        "meta": {
            "date": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "python": sys.executable,
            "python_version": platform.python_version(),
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "pyyaml": pyyaml_version,
            "cardforge": str(cardforge) if cardforge else None,
            "cardforge_version": cf_version,
            "generator": generator_digest(),
            "sizes": sizes,
            "layouts": layouts,
        },
        "startup": {},
        "runs": [],
    }
    failed = False

    if cardforge:
        for name in ("version", "help"):
            log(f"cardforge --{name} (best of 5)")
            res = run_best([str(cardforge), f"--{name}"], f"startup-{name}", 5)
            results["startup"][name] = res
            failed |= res["rc"] != 0

    if cardforge:
        log("board geometry: runtime_bench.py --board")
        results["board"] = run_once([runtime_python(cardforge), str(BENCH / "runtime_bench.py"), "--board"], "board")
        failed |= results["board"]["rc"] != 0
        board_pack = ensure_board_pack()
        log(f"board-lint: cardforge lint of {BOARD_LINT_LAYOUTS} layouts (best of 3)")
        results["board-lint"] = run_best([str(cardforge), "lint", str(board_pack), *cold_args(cardforge)],
                                         "board-lint", 3)
        failed |= results["board-lint"]["rc"] != 0

    # the runtime is profiled once: on the first layout, at the largest size it is measured at
    small = [n for n in sizes if n <= RUNTIME_MAX_CARDS]
    profiled = (max(small), layouts[0]) if small else None
    for size in sizes:
        repeat = args.repeat or (3 if size <= 10000 else 1)
        for layout in layouts:
            pack, info = ensure_pack(size, layout)
            entry = dict(info)
            entry["pack"] = str(pack)
            entry["measurements"] = {}
            results["runs"].append(entry)
            tag = f"{layout}-{size}"
            bundle = CACHE / "out" / f"{tag}.json"
            bundle.parent.mkdir(parents=True, exist_ok=True)
            if bundle.exists():
                bundle.unlink()

            # (key, what the log says, command, needs the bundle)
            steps: list[tuple[str, str, list[str], bool]] = [
                (f"floor-gc-{mode}", f"floor (PyYAML CSafeLoader, GC {mode})",
                 [sys.executable, "-c", FLOOR_CODE, str(pack), mode], False)
                for mode in ("on", "off")
            ]
            if cardforge:
                steps += [
                    ("lint", "cardforge lint", [str(cardforge), "lint", str(pack), *cold_args(cardforge)], False),
                    ("build", "cardforge build",
                     [str(cardforge), "build", str(pack), "-o", str(bundle), *cold_args(cardforge)], False),
                ]
                if size <= RUNTIME_MAX_CARDS:
                    steps += [
                        ("check-bundle", "cardforge check-bundle",
                         [str(cardforge), "check-bundle", str(bundle)], True),
                        ("runtime", f"runtime: load_bundle and {RUNTIME_ANSWERS:,} answers",
                         runtime_cmd(runtime_python(cardforge), bundle), True),
                    ]
            # Rounds: each round runs every step once, so that a slow spell of a shared
            # machine hits all the steps a ratio compares, not just one of them.
            runs: dict[str, list[dict]] = {key: [] for key, *_ in steps}
            for n in range(repeat):
                for key, what, cmd, needs_bundle in steps:
                    if runs[key] and runs[key][-1]["rc"] != 0:
                        continue  # a failing command: no point repeating it
                    if needs_bundle and not (runs["build"] and runs["build"][-1]["rc"] == 0):
                        continue
                    log(f"{tag}: {what} (round {n + 1}/{repeat})")
                    res = run_once(cmd, f"{tag}-{key}")
                    runs[key].append(res)
                    if key.startswith("floor") and res["rc"] != 0:
                        # the floor is the reference: without it the run means nothing
                        write_results(results)
                        raise SystemExit(f"bench: the PyYAML floor failed:\n{res.get('stderr_tail', '')}")
            for key, _what, cmd, _needs in steps:
                if not runs[key]:
                    continue
                res = combine(runs[key], cmd)
                if key == "build":
                    res["bundle_bytes"] = bundle.stat().st_size if bundle.exists() else None
                if key == "runtime":
                    res = runtime_summary(res)
                entry["measurements"][key] = res
                failed |= res["rc"] != 0
            rt = entry["measurements"].get("runtime")
            if rt and rt["rc"] == 0 and not args.no_profile and (size, layout) == profiled:
                log(f"{tag}: runtime under cProfile")
                entry["profile"] = runtime_profile(runtime_python(cardforge), bundle, tag)
            write_results(results)

    write_results(results)
    print(f"cardforge benchmark: {cf_version or 'floor only'}; Python {platform.python_version()}, "
          f"PyYAML {pyyaml_version}, {os.cpu_count()} CPUs")
    print(report(results))
    for r in results["runs"]:
        for step, x in r["measurements"].items():
            if x["rc"] != 0:
                print(f"\n{step} failed on {r['layout']}-{r['cards']} (rc={x['rc']}): "
                      f"{' '.join(x['cmd'])}\n{x.get('stderr_tail') or x.get('stdout_tail') or ''}")
    said = [(f"{r['layout']}-{r['cards']}", r["measurements"]["lint"].get("summary", ""))
            for r in results["runs"] if "lint" in r["measurements"]]
    if said:
        print("\ncardforge lint said (a generated pack should have no problems):")
        for tag, line in said:
            print(f"  {tag}: {line}")
    print(f"\nresults: {RESULTS}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
