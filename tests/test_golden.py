"""Golden tests: each folder in tests/golden/ is a pack with one fault (or none),
beside ``expected.txt``, the exact diagnostics ``cardforge lint`` must report
(the state explorer included, within lint's default budget).
Cases share one manifest, ``tests/golden/pack.yaml``; a case carries its own
``pack.yaml`` only when the fault is in it (``missing-pack`` has none at all).

Regenerate after a deliberate change with ``CARDFORGE_UPDATE_GOLDEN=1 make test``
and review the diff.
"""

from __future__ import annotations

import re

import pytest

from cardforge_compiler.diagnostics import RULES
from cardforge_compiler.explore.stage import DEFAULT_LINT_BUDGET
from cardforge_compiler.pipeline import compile_paths
from _helpers import copy_golden, golden_cases, render, update_golden

CASES = golden_cases()


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_golden(case, tmp_path, monkeypatch) -> None:  # noqa: ANN001
    pack = copy_golden(case, tmp_path / case.name)
    monkeypatch.chdir(pack)
    result = compile_paths(["."], explore_budget=DEFAULT_LINT_BUDGET)   # as `cardforge lint` does
    actual = render(result.diagnostics, pack).replace("./", "")
    expected_file = case / "expected.txt"
    if update_golden():
        expected_file.write_text(actual, encoding="utf-8")
    assert expected_file.is_file(), f"{case.name}: expected.txt is missing"
    assert actual == expected_file.read_text(encoding="utf-8")


def test_every_code_has_a_golden_example() -> None:
    """Like Yarn Spinner: every diagnostic code is triggered by at least one example."""
    seen = set()
    for case in CASES:
        expected = (case / "expected.txt").read_text(encoding="utf-8") if (case / "expected.txt").exists() else ""
        seen.update(code for code in RULES if f": {code} " in expected)
    exercised_elsewhere = {"CF001", "CF010"}  # need a missing path / empty folder: tests/test_cli.py
    assert sorted(set(RULES) - seen - exercised_elsewhere) == []


def test_golden_cases_with_faults_name_one_code() -> None:
    """A fault folder is named after what it breaks; 'ok-' folders must be clean."""
    for case in CASES:
        text = (case / "expected.txt").read_text(encoding="utf-8") if (case / "expected.txt").exists() else ""
        if case.name.startswith("ok-"):
            assert text == "", case.name
        else:
            assert text, f"{case.name} reports nothing"


def test_every_diagnostic_has_a_hint() -> None:
    """Every diagnostic says how to fix it: a `help:` line in our own words."""
    missing = []
    for case in CASES:
        text = (case / "expected.txt").read_text(encoding="utf-8") if (case / "expected.txt").exists() else ""
        for block in re.split(r"\n(?=\S)", text.strip()):
            if block and "\n  help: " not in block:
                missing.append(f"{case.name}: {block.splitlines()[0]}")
    assert missing == []


def _codes(case) -> set[str]:  # noqa: ANN001
    text = (case / "expected.txt").read_text(encoding="utf-8") if (case / "expected.txt").exists() else ""
    return set(re.findall(r"^\S+:\d+:\d+: (CF\d{3}) ", text, flags=re.M))


EXPLORER_CASES = [c for c in CASES if _codes(c) and all(code.startswith("CF9") for code in _codes(c))]


def test_explorer_cases_are_the_ones_expected() -> None:
    """The cases only the state explorer sees (one per CF9xx code at least)."""
    assert [c.name for c in EXPLORER_CASES] == [
        "condition-always-false", "condition-always-true", "ending-never-reached", "flag-set-only-later",
        "never-won-in-play", "state-trap", "stuck-in-play"]


@pytest.mark.parametrize("case", EXPLORER_CASES, ids=[c.name for c in EXPLORER_CASES])
def test_explorer_cases_lint_clean_without_the_explorer(case, tmp_path, monkeypatch) -> None:  # noqa: ANN001
    """What these cases show, the graph checks cannot see: `cardforge lint --no-explore
    --strict` reports nothing at all (no error, no warning)."""
    pack = copy_golden(case, tmp_path / case.name)
    monkeypatch.chdir(pack)
    assert compile_paths(["."]).diagnostics == []
