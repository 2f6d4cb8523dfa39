"""Shared fixtures (helpers live in tests/_helpers.py)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _no_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
