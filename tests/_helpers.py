"""Shared test helpers (tests/ is on sys.path through pytest's `pythonpath`)."""

from __future__ import annotations

import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
GOLDEN = Path(__file__).resolve().parent / "golden"
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def render(diagnostics, base: Path) -> str:  # noqa: ANN001
    """Diagnostics as the text report prints them, paths relative to ``base``."""
    from cardforge_compiler.report import text_lines

    lines = []
    for diag in diagnostics:
        text = ANSI.sub("", text_lines(diag))
        lines.append(text.replace(base.as_posix() + "/", ""))
    return "\n".join(lines) + ("\n" if lines else "")


def update_golden() -> bool:
    """``CARDFORGE_UPDATE_GOLDEN=1 pytest`` rewrites expected files instead of comparing."""
    return os.environ.get("CARDFORGE_UPDATE_GOLDEN") == "1"


MANIFEST = """\
kind: pack
id: test
title: Test pack
version: 1.0.0
players: {min: 1, max: 4, solo_characters: 2}
stats: [Prowess, Movement]
status_tokens:
  - {name: Despair, dice_modifier: -1}
  - {name: Doom, six_counts: 1}
dice: {sides: 6, max_dice: 6, single_success: [4, 5], double_success: [6], advantage_adds: [3],
       disadvantage_removes: [4], reroll: destiny}
"""


def write_pack(folder: Path, story: str) -> Path:
    """A pack folder with the standard manifest and one story file; returns the folder."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pack.yaml").write_text(MANIFEST, encoding="utf-8")
    (folder / "story.yaml").write_text(story, encoding="utf-8")
    return folder
