"""Standard output that cannot be written: every command exits 120 (as Python's own
exit does, cli/__init__.py), with no traceback and no "internal error" line: a pipe
whose reader is gone (``cardforge explore PATH | head -1``) silently, a full disk
(``> /dev/full``) with one line on standard error. Was: exit 1 from click's own
handling of a closed pipe (like "problems found"), and ``internal error: OSError``
(exit 2) for a full disk. Each command runs as the real console command."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from _helpers import ROOT

#: Each command, ``{tmp}`` and ``{bundle}`` filled in (the bundle of tests/playtest/).
COMMANDS = {
    "lint": ["lint", "tests/playtest/"],
    "build": ["build", "tests/playtest/", "-o", "{tmp}/built.bundle.json"],
    "explore": ["explore", "tests/playtest/", "--witness-dir", "{tmp}/witnesses"],
    "explore-json": ["explore", "tests/playtest/", "--format", "json"],
    "test": ["test", "tests/playtest/", "--random", "5", "--transcripts", "{tmp}/transcripts"],
    "test-junit": ["test", "tests/playtest/", "--random", "5", "--transcripts", "{tmp}/transcripts", "--format",
                   "junit"],
    "stats": ["stats", "tests/playtest/", "--story", "gate"],
    "graph": ["graph", "tests/playtest/", "--story", "gate"],
    "path": ["path", "tests/playtest/", "--card", "12"],
    "board": ["board", "content/descent-props", "--layout", "sunken-shrine", "--format", "text"],
    "simulate": ["simulate", "content/gascony", "--battle", "102", "--runs", "5"],
    "check-bundle": ["check-bundle", "{bundle}"],
    "play": ["play", "{bundle}", "--story", "gate", "--players", "1", "--seed", "0", "--battles", "table",
             "--answers", "{tmp}/gate.answers.json"],
    "help": ["--help"],
    "lint-help": ["lint", "--help"],
    "version": ["--version"],
}


@pytest.fixture(scope="module")
def where(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    tmp = tmp_path_factory.mktemp("closed")
    bundle = tmp / "playtest.bundle.json"
    done = cf(["build", "tests/playtest/", "-o", str(bundle)], stdout=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    (tmp / "gate.answers.json").write_text(json.dumps([{}, {"option": 2}, {}, {}]), encoding="utf-8")
    return {"tmp": tmp.as_posix(), "bundle": bundle.as_posix()}


def cf(args: list[str], stdout: int) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "CARDFORGE_DEBUG"}
    env["NO_COLOR"] = "1"
    return subprocess.run([sys.executable, "-m", "cardforge_compiler", *args], stdout=stdout, stderr=subprocess.PIPE,
                          text=True, cwd=ROOT, env=env, check=False)


def _args(name: str, where: dict[str, str]) -> list[str]:
    return [a.format(**where) for a in COMMANDS[name]]


def test_the_commands_print_on_stdout(where: dict[str, str]) -> None:
    """Each command of the list writes to standard output (else the tests below would
    prove nothing), with its usual exit status."""
    codes = {"lint": 1, "explore": 1, "explore-json": 1, "test": 1, "test-junit": 1, "play": 3}
    for name in COMMANDS:
        done = cf(_args(name, where), stdout=subprocess.PIPE)
        assert done.returncode == codes.get(name, 0) and done.stdout, (name, done.stderr)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_closed_pipe_exits_120_quietly(name: str, where: dict[str, str]) -> None:
    read, write = os.pipe()
    os.close(read)                              # the reader is gone, as `| head -1` after its line
    try:
        done = cf(_args(name, where), stdout=write)
    finally:
        os.close(write)
    assert done.returncode == 120, done.stderr
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr, done.stderr
    assert "cannot write the output" not in done.stderr


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_full_disk_exits_120_with_one_line(name: str, where: dict[str, str]) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full on this system")
    with open("/dev/full", "w", encoding="utf-8") as full:
        done = cf(_args(name, where), stdout=full.fileno())
    assert done.returncode == 120, done.stderr
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr, done.stderr
    assert done.stderr.splitlines()[-1] == "cardforge: cannot write the output: No space left on device"
    assert done.stderr.count("cannot write the output") == 1
