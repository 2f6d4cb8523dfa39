"""The pre-commit hooks (``.pre-commit-hooks.yaml``): ``pre-commit run`` in a temporary git
repository whose config names a hook repository holding this checkout's manifest, at a
commit, against a good pack (both hooks pass) and a bad one (lint fails with the
diagnostic; fmt rewrites the file and pre-commit reports it modified).

Offline: the hooks are ``language: system``, so pre-commit installs nothing; the
``cardforge`` they run is a script on ``PATH`` that starts this checkout's compiler
with the test's Python (as ``pip install cardforge`` beside pre-commit would)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from _helpers import ROOT, copy_golden

PRE_COMMIT = shutil.which("pre-commit", path=str(Path(sys.executable).parent)) or shutil.which("pre-commit")
pytestmark = pytest.mark.skipif(PRE_COMMIT is None or shutil.which("git") is None,
                                reason="pre-commit (the test extra) and git are needed")

BAD_STORY = """\
kind: story
id: act-2
title: Bad
start: 10
cards:
- title: Lost
  id: 10
  steps:
  - goto: 99
"""


def _run(cmd: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=300, check=False)


def _git_repo(folder: Path, env: dict[str, str]) -> str:
    """Commit everything in ``folder`` (a new repository); returns the commit's hash."""
    for cmd in (["git", "init", "-q", "-b", "main"], ["git", "add", "-A"], ["git", "commit", "-q", "-m", "init"]):
        result = _run(cmd, folder, env)
        assert result.returncode == 0, result.stderr
    return _run(["git", "rev-parse", "HEAD"], folder, env).stdout.strip()


@pytest.fixture()
def env(tmp_path: Path) -> dict[str, str]:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    script = bin_dir / "cardforge"
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m cardforge_compiler "$@"\n', encoding="utf-8")
    script.chmod(0o755)
    return {
        **{k: v for k, v in os.environ.items() if not k.startswith(("GIT_", "PRE_COMMIT"))},
        "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
        "PYTHONPATH": f"{ROOT / 'compiler'}{os.pathsep}{ROOT / 'runtime'}",
        "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-cache"),
        "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org",
        "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.org",
        "NO_COLOR": "1",
    }


def test_hooks_pass_a_good_pack_and_fail_a_bad_one(tmp_path: Path, env: dict[str, str]) -> None:
    hooks = tmp_path / "hooks"
    hooks.mkdir()
    shutil.copyfile(ROOT / ".pre-commit-hooks.yaml", hooks / ".pre-commit-hooks.yaml")
    rev = _git_repo(hooks, env)

    project = tmp_path / "project"
    pack = copy_golden("ok-minimal", project / "packs" / "demo")
    assert _run(["cardforge", "fmt", "packs/"], project, env).returncode == 0    # a good pack is formatted
    (pack / "expected.txt").unlink()
    (project / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {hooks}\n    rev: {rev}\n    hooks:\n"
        f"      - id: cardforge-lint\n        args: [packs/]\n"
        f"      - id: cardforge-fmt\n        files: ^packs/\n", encoding="utf-8")
    (project / "ci.yaml").write_text("on:\n    push: {}\n", encoding="utf-8")    # not content: never touched
    _git_repo(project, env)

    good = _run([PRE_COMMIT, "run", "--all-files"], project, env)
    assert good.returncode == 0, good.stdout + good.stderr
    assert "cardforge lint" in good.stdout and "cardforge fmt" in good.stdout
    assert good.stdout.count("Passed") == 2

    (pack / "act2.yaml").write_text(BAD_STORY, encoding="utf-8")
    assert _run(["git", "add", "-A"], project, env).returncode == 0
    bad = _run([PRE_COMMIT, "run", "--all-files"], project, env)
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert "packs/demo/act2.yaml:9:11: CF301 error: card 99 does not exist in story 'act-2' [unknown-card]\n" in bad.stdout
    assert "files were modified by this hook" in bad.stdout
    assert "reformatted packs/demo/act2.yaml\n1 file reformatted, 2 left unchanged\n" in bad.stdout
    assert (pack / "act2.yaml").read_text(encoding="utf-8") == (
        "kind: story\nid: act-2\ntitle: Bad\nstart: 10\ncards:\n  - id: 10\n    title: Lost\n    steps:\n"
        "      - goto: 99\n")
    assert (project / "ci.yaml").read_text(encoding="utf-8") == "on:\n    push: {}\n"

    # fixes12 D6: a change to a translation alone runs lint (it compares translations), and
    # fmt, handed the .po by the project's `files: ^packs/`, skips it with a note
    (pack / "act2.yaml").unlink()
    (pack / "translations").mkdir()
    (pack / "translations" / "fr.po").write_text('msgid ""\nmsgstr ""\n"Language: fr\\n"\n', encoding="utf-8")
    assert _run(["git", "add", "-A"], project, env).returncode == 0
    po = _run([PRE_COMMIT, "run", "--files", "packs/demo/translations/fr.po"], project, env)
    assert "cardforge lint" in po.stdout and "Skipped" not in po.stdout, po.stdout
    assert po.stdout.count("Passed") == 2, po.stdout + po.stderr
