"""Installing (issue 7, item 16): `make build` says it is installing and installs what
building needs only; `make test` adds the test tools from the `test` extra."""

from __future__ import annotations

import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

from _helpers import ROOT

TEST_TOOLS = {"pytest", "hypothesis", "ruff", "jsonschema", "referencing", "pyyaml"}


def _names(requirements: list[str]) -> set[str]:
    return {r.split(">")[0].split("<")[0].split("=")[0].split("[")[0].strip().lower() for r in requirements}


def test_the_package_needs_no_test_tool_and_the_test_extra_has_them() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert _names(project["dependencies"]) & TEST_TOOLS == set()
    assert {"pytest", "hypothesis", "ruff", "jsonschema", "referencing"} <= _names(project["optional-dependencies"]["test"])
    assert _names(project["optional-dependencies"]["bench"]) == {"pyyaml"}


def _dry_run(tmp_path: Path, target: str) -> str:
    """What `make TARGET` would run on a fresh clone (no .venv yet)."""
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy(ROOT / name, tmp_path / name)
    return subprocess.run(["make", "-n", target], cwd=tmp_path, capture_output=True, text=True, check=True).stdout


def test_make_build_says_it_installs_and_installs_the_package_only(tmp_path: Path) -> None:
    out = _dry_run(tmp_path, "build")
    assert "installing cardforge and what building needs" in out
    assert "pip install --disable-pip-version-check --progress-bar off -e ." in out
    assert "--quiet" not in out and "[test]" not in out and "[dev]" not in out


def test_make_test_adds_the_test_tools(tmp_path: Path) -> None:
    out = _dry_run(tmp_path, "test")
    assert "-e ." in out and "-e '.[test]'" in out and "installing the test tools" in out
    assert out.index("-e .\n") < out.index("-e '.[test]'")
