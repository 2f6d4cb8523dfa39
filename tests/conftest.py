"""Shared test helpers."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
GOLDEN = Path(__file__).resolve().parent / "golden"
ANSI = re.compile(r"\x1b\[[0-9;]*m")


@pytest.fixture(autouse=True)
def _no_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")


def render(diagnostics, base: Path) -> str:  # noqa: ANN001
    """Diagnostics as the text report prints them, paths relative to ``base``."""
    from cardforge_compiler.cli import _text

    lines = []
    for diag in diagnostics:
        text = ANSI.sub("", _text(diag))
        lines.append(text.replace(base.as_posix() + "/", ""))
    return "\n".join(lines) + ("\n" if lines else "")


def update_golden() -> bool:
    """``CARDFORGE_UPDATE_GOLDEN=1 pytest`` rewrites expected files instead of comparing."""
    return os.environ.get("CARDFORGE_UPDATE_GOLDEN") == "1"
