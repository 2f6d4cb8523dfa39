"""The breaker's findings on the Battle-round features (issue 10): bad input from a
hostile or careless user, each a test shown failing before its fix. Content through
``lint``/``build``, bundles through ``load_bundle``, answers and saves through
``Session``, and the ``play``/``simulate`` command lines."""

from __future__ import annotations

import shutil
from pathlib import Path

from _helpers import CONTENT, render


def _gascony_with(tmp_path: Path, old: str, new: str) -> Path:
    """A copy of the shipped Gascony pack whose pack.yaml has ``old`` replaced by ``new``."""
    folder = tmp_path / "gascony"
    shutil.copytree(CONTENT, folder)
    manifest = folder / "pack.yaml"
    text = manifest.read_text(encoding="utf-8")
    assert old in text
    manifest.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


def test_a_move_stat_that_is_not_a_stat_is_a_lint_error_not_a_bundle_load_bundle_refuses(tmp_path):
    """``battle_round.move_stat: Speed`` (the pack's stats are Prowess and Movement)
    used to pass lint and build; the bundle written was then refused by
    ``load_bundle``. Lint says so at the value, with the stats to choose from."""
    from cardforge_compiler.pipeline import compile_paths

    folder = _gascony_with(tmp_path, "  move_stat: Movement\n", "  move_stat: Speed\n")
    result = compile_paths([str(folder)])
    text = render(result.diagnostics, folder)
    line = 1 + (folder / "pack.yaml").read_text(encoding="utf-8").splitlines().index("  move_stat: Speed")
    assert text.startswith(f"pack.yaml:{line}:14: CF304 error: 'Speed' is not a stat of pack 'gascony'"), text
    assert "help: the Movement points are one of the pack's stats: Prowess, Movement" in text
    assert [d.code for d in result.errors] == ["CF304"]
