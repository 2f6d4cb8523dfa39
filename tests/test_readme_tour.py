"""The README's tour leaves the repository clean: every command of the README and the
docs that writes a file (``-o``, ``--save``, ``--transcript``, ``--transcripts``,
``--witness-dir``) writes it under ``build/``, which .gitignore keeps out of git, and
the commands that read such a file back (``--resume``) read it there. The commands are
those of the ```sh blocks and the ``$ cardforge ...`` lines of the output blocks."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WRITES = ("-o", "--output", "--save", "--transcript", "--resume", "--transcripts", "--witness-dir")


def _commands(text: str) -> list[str]:
    """The ``cardforge`` command lines of the ```sh blocks of ``text`` (continued lines
    joined), and the ``$ cardforge ...`` lines of its output blocks."""
    out = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        for line in block.replace("\\\n", " ").splitlines():
            line = line.split("  #", 1)[0].strip()
            if line.startswith("cardforge "):
                out.append(line)
    out += re.findall(r"^\$ (cardforge .*)$", text, re.M)
    return out


def test_the_tour_writes_its_files_under_build():
    docs = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    written = []
    for doc in docs:
        for command in _commands(doc.read_text(encoding="utf-8")):
            words = shlex.split(command)
            for flag, value in zip(words, words[1:]):
                if flag in WRITES:
                    written.append((doc.name, value))
    assert len(written) >= 6 and ("README.md", "build/act1.save.json") in written
    assert ("README.md", "build/witnesses") in written and ("explore.md", "build/witnesses") in written
    outside = [(doc, path) for doc, path in written if not path.startswith("build/")]
    assert not outside, outside
    assert "build/" in (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
