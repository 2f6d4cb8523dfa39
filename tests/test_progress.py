"""Progress: drawn on a terminal's standard error (lint, build, explore, test --random,
simulate), never in a pipe, in CI, on a dumb terminal or with --format other than
text; no colour with NO_COLOR; and drawing it changes no result."""

from __future__ import annotations

import io
import os
import pty
import re
import select
import subprocess
import sys
from pathlib import Path

import pytest

from _helpers import CONTENT

SGR = re.compile(rb"\x1b\[[0-9;]*m")         # colour and style codes
ANY_ESCAPE = re.compile(rb"\x1b")


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "NO_COLOR", "TERM")}
    env.update({"CARDFORGE_PROGRESS_DELAY": "0", "TERM": "xterm", "COLUMNS": "100"}, **extra)
    return env


def in_terminal(*args: str, **env: str) -> bytes:
    """What ``cardforge ARGS`` writes on a terminal (standard output and error both
    on the pseudo-terminal), until it exits."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: a terminal session
        os.execve(sys.executable, [sys.executable, "-m", "cardforge_compiler", *args], _env(**env))
    screen = b""
    while True:
        ready, _, _ = select.select([fd], [], [], 120)
        assert ready, f"timed out; screen so far:\n{screen.decode(errors='replace')}"
        try:
            chunk = os.read(fd, 65536)
        except OSError:             # the child closed the terminal
            break
        if not chunk:
            break
        screen += chunk
    os.waitpid(pid, 0)
    os.close(fd)
    return screen


def in_pipes(*args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cardforge_compiler", *args], capture_output=True, env=_env(**env))


@pytest.mark.parametrize(("args", "bars"), [
    (("lint", str(CONTENT), "--no-explore"), [b"loading files  [", b"]  23/23", b"checking stories  [", b"]  8/8"]),
    (("lint", str(CONTENT), "--explore-budget", "400"), [b"loading files  [", b"exploring  [", b"]  400/400"]),
    (("build", str(CONTENT), "-o", "{tmp}/g.json"), [b"loading files  [", b"checking stories  ["]),
    (("explore", str(CONTENT), "--story", "act-4"), [b"exploring act-4  [", b"]  200000/200000"]),
    (("test", str(CONTENT), "--story", "act-4", "--random", "3", "--battles", "outcome", "--transcripts", "{tmp}/t"),
     [b"playing act-4  [", b"]  3/3"]),
    (("simulate", str(CONTENT), "--battle", "102", "--runs", "3", "--players", "1", "--workers", "1"),
     [b"simulating Battle 102  [", b"]  3/3"]),
], ids=["lint", "lint-explorer", "build", "explore", "test", "simulate"])
def test_progress_on_a_terminal_without_colour(args: tuple[str, ...], bars: list[bytes], tmp_path: Path):
    args = tuple(a.replace("{tmp}", str(tmp_path)) for a in args)
    screen = in_terminal(*args, NO_COLOR="1")
    for bar in bars:
        assert bar in screen, screen[-1500:]
    assert not SGR.search(screen)                     # NO_COLOR: no colour, the bar included
    # The same command in pipes: the same output, and no progress at all.
    piped = in_pipes(*args, NO_COLOR="1")
    assert b"[#" not in piped.stderr and b"\r" not in piped.stderr and not ANY_ESCAPE.search(piped.stderr)
    for bar in bars:
        assert bar.split(b"  [")[0] not in piped.stderr, piped.stderr[-500:]
    report = piped.stdout.replace(b"\n", b"\r\n")
    assert report and screen.endswith(report), (screen[-800:], report[-800:])


@pytest.mark.parametrize("env", [{"CI": "true"}, {"TERM": "dumb"}], ids=["CI", "TERM=dumb"])
def test_no_progress_in_ci_logs_or_on_a_dumb_terminal(env: dict[str, str]):
    screen = in_terminal("lint", str(CONTENT), "--no-explore", **env)
    assert screen.startswith(b"no problems in 23 files (4 stories, 54 cards, ") and b"loading files" not in screen


@pytest.mark.parametrize("fmt", ["json", "github"])
def test_no_progress_with_a_format_for_tools(fmt: str):
    screen = in_terminal("lint", str(CONTENT), "--no-explore", "--format", fmt)
    assert b"loading files" not in screen and b"checking stories" not in screen


def test_the_bar_waits_for_its_delay_and_ends_each_stage():
    from cardforge_compiler.progress import Progress

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    quiet = Terminal()
    waiting = Progress(quiet, delay=3600)
    for done in range(1, 11):
        waiting("loading files", done, 10)
    waiting.close()
    assert quiet.getvalue() == ""                     # a short task shows nothing
    screen = Terminal()
    drawn = Progress(screen, delay=0)
    drawn("loading files", 5, 10)
    drawn("loading files", 10, 10)
    drawn("checking stories", 1, 2)
    drawn.close()
    lines = [line.split("\r")[-1] for line in screen.getvalue().split("\n")]
    assert lines[0].startswith("loading files  [######") and lines[0].endswith("10/10\x1b[?25h")
    assert lines[1].startswith("checking stories  [###############---------------]  1/2")


def test_exploring_in_steps_is_the_same_exploration():
    """The explorer run in steps (as with a bar) finds what one run finds: Act I
    within a budget it does not finish in, Act IV to completion."""
    from cardforge_compiler import __version__
    from cardforge_compiler.cli.states import explore_in_steps
    from cardforge_compiler.emit import build_bundle
    from cardforge_compiler.explore import explore_story
    from cardforge_compiler.pipeline import compile_paths
    from cardforge_runtime import load_bundle

    pack = compile_paths([str(CONTENT)]).packs[0]
    bundle = load_bundle(build_bundle([pack], __version__))
    told = []
    for story, budget in (("act-1", 1_700), ("act-4", 5_000)):
        one = explore_story(bundle, "gascony", story, budget=budget, bound=3)
        steps = explore_in_steps(bundle, "gascony", story, budget=budget, bound=3,
                                 progress=lambda *a: told.append(a))
        assert (steps.states, steps.answers, steps.complete, steps.budget) == (
            one.states, one.answers, one.complete, one.budget)
        assert [repr(f) for f in steps.findings] == [repr(f) for f in one.findings]
    assert told[:3] == [("exploring act-1", 500, 1_700), ("exploring act-1", 1_000, 1_700),
                        ("exploring act-1", 1_500, 1_700)]
    assert told[3:] == [("exploring act-1", 1_700, 1_700), ("exploring act-4", 5_000, 5_000)]


def test_the_progress_page_names_every_stage_and_the_delay():
    from cardforge_compiler.progress import DELAY

    page = (CONTENT.parent.parent / "docs" / "progress.md").read_text(encoding="utf-8")
    assert DELAY == 0.5 and "the work has lasted half a second" in page
    for label in ("`loading files`", "`checking stories`", "`exploring`", "`exploring STORY`", "`playing STORY`",
                  "`simulating Battle CARD`", "`NO_COLOR`", "`CI`", "`TERM`", "`CARDFORGE_PROGRESS_DELAY=SECONDS`"):
        assert label in page, label
