"""Atomic writes (emit.write_atomically): a killed write leaves the old file intact, and
its temporary file is removed by the next write of the same output (issue 7, item 24)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from cardforge_compiler.emit import remove_stale_temp_files, write_atomically

CHILD = """
import sys, time
from pathlib import Path
from cardforge_compiler.emit import write_atomically

class Slow(list):
    def __iter__(self):
        yield b'{"format": "cardforge-bundle", "half": '
        Path(sys.argv[2]).write_text("writing")
        time.sleep(60)
        yield b'1}'

write_atomically(Path(sys.argv[1]), Slow())
"""


def _killed_while_writing(out: Path, flag: Path) -> None:
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(out), str(flag)])
    deadline = time.monotonic() + 30
    while not flag.exists():
        assert time.monotonic() < deadline and child.poll() is None, "the child never started writing"
        time.sleep(0.02)
    child.send_signal(signal.SIGKILL)
    child.wait()


def test_a_killed_write_leaves_the_old_file_and_the_next_write_cleans_up(tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    out.write_bytes(b"old")
    _killed_while_writing(out, tmp_path / "flag")
    left = sorted(p.name for p in tmp_path.glob(".out.json.*.tmp"))
    assert len(left) == 1 and out.read_bytes() == b"old"             # the old bundle stays intact
    write_atomically(out, b"new")
    assert out.read_bytes() == b"new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["flag", "out.json"]   # the stale temp file is gone


def test_the_temp_file_of_a_live_write_and_other_files_are_left_alone(tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    live = tmp_path / f".out.json.{os.getppid()}.abc.tmp"            # a running process (our parent)
    other = tmp_path / ".other.json.99999999.abc.tmp"                # another output's
    odd = tmp_path / ".out.json.notapid.tmp"
    for path in (live, other, odd):
        path.write_bytes(b"x")
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    stale = tmp_path / f".out.json.{dead.stdout.strip()}.abc.tmp"
    stale.write_bytes(b"x")
    assert remove_stale_temp_files(out) == [stale]
    assert live.exists() and other.exists() and odd.exists() and not stale.exists()


def test_a_build_killed_then_rerun_leaves_no_temp_file(tmp_path: Path) -> None:
    """The same through `cardforge build`: its own stale temp files are removed."""
    from _helpers import CONTENT

    out = tmp_path / "b.json"
    _killed_while_writing(out, tmp_path / "flag")
    assert list(tmp_path.glob(".b.json.*.tmp"))
    run = subprocess.run([sys.executable, "-m", "cardforge_compiler", "build", str(CONTENT), "-o", str(out)],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.json", "flag"]


def test_a_pipe_or_device_is_written_through_not_replaced_by_a_file(tmp_path: Path) -> None:
    """``-o /dev/null`` (or ``/dev/stdout``, a named pipe) run as root replaced the
    device node itself with a regular file: the atomic rename swapped the directory
    entry. A pipe or a device has no folder to rename in: the data is written into it."""
    import stat

    fifo = tmp_path / "picture.svg"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)     # a reader, so that the write does not block
    try:
        write_atomically(fifo, [b"<svg/>", b"\n"])
        assert os.read(reader, 100) == b"<svg/>\n"
    finally:
        os.close(reader)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["picture.svg"]


def test_a_symlink_is_written_through_and_kept(tmp_path: Path) -> None:
    """The link stays a link; the file it names gets the new text, atomically."""
    target = tmp_path / "real" / "x.svg"
    target.parent.mkdir()
    target.write_bytes(b"old")
    link = tmp_path / "x.svg"
    link.symlink_to(target)
    write_atomically(link, b"new")
    assert link.is_symlink() and target.read_bytes() == b"new"


def test_a_folder_is_refused(tmp_path: Path) -> None:
    import pytest

    with pytest.raises(IsADirectoryError):
        write_atomically(tmp_path, b"x")
    assert list(tmp_path.iterdir()) == []
