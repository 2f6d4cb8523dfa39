"""docs/board.md and the README's Battle boards paragraph stay true: every
``cardforge board`` command they show runs on the shipped content (exit 0), and the
keyword marks example is what :func:`keyword_marks` gives."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from _helpers import ROOT
from cardforge_compiler.cli import cli
from cardforge_compiler.picture.scene import keyword_marks

DOCS = {"docs/board.md": (ROOT / "docs" / "board.md").read_text(encoding="utf-8"),
        "README.md": (ROOT / "README.md").read_text(encoding="utf-8")}


def _commands() -> list[tuple[str, str]]:
    """``(doc, command)`` for each ``cardforge board`` line of a ``sh`` block."""
    found = []
    for doc, text in DOCS.items():
        for block in re.findall(r"```sh\n(.*?)```", text, re.S):
            found += [(doc, line.strip()) for line in block.splitlines() if line.strip().startswith("cardforge board ")]
    return found


COMMANDS = _commands()


def test_the_docs_show_board_commands() -> None:
    assert {doc for doc, _ in COMMANDS} == set(DOCS) and len(COMMANDS) >= 6


@pytest.mark.parametrize(("doc", "command"), COMMANDS, ids=[f"{d}:{c[16:]}" for d, c in COMMANDS])
def test_every_board_command_in_the_docs_runs(doc: str, command: str, gascony_bundle: Path, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    args = shlex.split(command)[1:]
    args = [str(gascony_bundle) if a == "build/gascony.bundle.json" else a for a in args]
    args = [str(ROOT / a) if a.rstrip("/") == "content" else a for a in args]
    if "-o" in args:                          # written into a scratch folder, not the repository
        args[args.index("-o") + 1] = str(tmp_path / Path(args[args.index("-o") + 1]).name)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, f"{doc}: {command}\n{result.output}{result.stderr}"
    if "-o" in args:
        assert Path(args[args.index("-o") + 1]).stat().st_size > 0


def test_the_keyword_marks_example() -> None:
    marks = keyword_marks({"Cover": {}, "Elevated": {}, "Throne": {}, "Tree": {}})
    assert marks == {"Cover": "C", "Elevated": "E", "Throne": "T", "Tree": "Tr"}
    text = " ".join(DOCS["docs/board.md"].split())
    assert "(`Cover` `C`, `Elevated` `E`; `Throne` `T`, then `Tree` `Tr`," in text
