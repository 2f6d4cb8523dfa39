"""Shared fixtures (helpers live in tests/_helpers.py)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _no_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")


@pytest.fixture(autouse=True)
def _own_cache(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Each test's ``lint``/``build`` use a content-hash cache of their own (docs/watch.md),
    empty at the start: never one another test (or a patched compiler) filled, nor the
    checkout's ``.cardforge-cache/``."""
    monkeypatch.setenv("CARDFORGE_CACHE_DIR", str(tmp_path_factory.mktemp("cardforge-cache")))


@pytest.fixture(scope="session")
def gascony_bundle(tmp_path_factory: pytest.TempPathFactory):
    """The shipped Gascony's Legacy pack (content/gascony/) compiled once per test run; the
    path of the bundle."""
    import subprocess
    import sys

    from _helpers import CONTENT

    output = tmp_path_factory.mktemp("bundle") / "gascony.bundle.json"
    result = subprocess.run([sys.executable, "-m", "cardforge_compiler", "build", str(CONTENT), "-o", str(output)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    return output


@pytest.fixture(scope="session")
def bundle_data(gascony_bundle):
    """The shipped Gascony bundle's JSON data (``gascony_bundle``, read once per run)."""
    import json

    return json.loads(gascony_bundle.read_text(encoding="utf-8"))
