"""The compiler never builds what its runtime refuses (issue 7, item 22): every clean
golden pack and the shipped content build into bundles that ``load_bundle`` accepts,
and for the pack's players, lint and ``load_bundle`` draw the line in the same place
(one rule, ``cardforge_runtime.format.player_limits``)."""

from __future__ import annotations

import copy
import itertools
from pathlib import Path

import pytest

from cardforge_compiler.pipeline import compile_paths
from cardforge_runtime import BundleError, load_bundle
from _helpers import CONTENT, MANIFEST, WON_AT_ONCE, build_pack, copy_golden, golden_cases, write_pack

OK_CASES = [case for case in golden_cases() if case.name.startswith("ok-")]


def _bundle(folder: Path) -> dict:
    return build_pack(folder, codes=None)


@pytest.mark.parametrize("case", OK_CASES, ids=[c.name for c in OK_CASES])
def test_every_clean_golden_pack_loads(case: Path, tmp_path: Path) -> None:
    bundle = load_bundle(_bundle(copy_golden(case, tmp_path / case.name)))
    assert bundle.hash_matches


def test_the_shipped_content_loads() -> None:
    assert load_bundle(_bundle(CONTENT)).hash_matches


def test_lint_and_load_bundle_agree_on_players(tmp_path: Path) -> None:
    """For every (min, max, solo_characters) around the limits: lint reports a
    players fault exactly when ``load_bundle`` refuses those players."""
    reference = _bundle(write_pack(tmp_path / "reference", WON_AT_ONCE))
    values = (0, 1, 2, 4, 12, 13)
    for low, high, solo in itertools.product(values, values, values):
        players = f"players: {{min: {low}, max: {high}, solo_characters: {solo}}}"
        folder = write_pack(tmp_path / f"p{low}-{high}-{solo}", WON_AT_ONCE)
        (folder / "pack.yaml").write_text(MANIFEST.replace("players: {min: 1, max: 4, solo_characters: 2}", players))
        lint_refuses = any(d.path[:1] == ("players",) for d in compile_paths([str(folder)]).errors)
        edited = copy.deepcopy(reference)
        edited["packs"][0]["players"] = {"min": low, "max": high, "solo_characters": solo}
        try:
            load_bundle(edited)
            engine_refuses = False
        except BundleError:
            engine_refuses = True
        assert lint_refuses == engine_refuses, (low, high, solo)
