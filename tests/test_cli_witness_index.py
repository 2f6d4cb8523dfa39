"""``cardforge explore --witness-dir DIR`` run again after the content was fixed: the
folder holds exactly the current findings' files, by the index cardforge writes there
(``cardforge-witnesses.json``, cli/witness_index.py); files it did not write are never
removed. Was: the first run's witnesses stayed beside the new ones, to be replayed by
mistake."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardforge_compiler.cli import cli
from _helpers import ROOT

GATE_FILE = "gate-CF901-card-12.answers.json"
TAVERN_FILES = ["tavern-CF902-card-1.answers.json", "tavern-CF903-card-4.answers.json"]


def explore(folder: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["explore", str(folder / "pack"), "--witness-dir", str(folder / "w"), *args])
    return result.exit_code, result.stderr


def fix_gate(folder: Path) -> None:
    """Card 12's first option no longer needs `knows_secret`: nothing is stuck."""
    gate = folder / "pack" / "gate.yaml"
    text = gate.read_text(encoding="utf-8")
    assert text.count("            if: knows_secret\n") == 1
    gate.write_text(text.replace("            if: knows_secret\n", ""), encoding="utf-8")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "tests" / "playtest", tmp_path / "pack")
    return tmp_path


def test_a_rerun_leaves_exactly_the_current_findings(folder: Path) -> None:
    assert explore(folder) == (1, "")
    assert sorted(p.name for p in (folder / "w").iterdir()) == [
        "cardforge-witnesses.json", GATE_FILE, "playtest.bundle.json", *TAVERN_FILES]
    fix_gate(folder)
    code, err = explore(folder)
    assert code == 0                                         # only the tavern's warnings are left
    assert err == (f"removed {(folder / 'w' / GATE_FILE).as_posix()}: a witness of an earlier run that this run did "
                   "not find\n")
    assert sorted(p.name for p in (folder / "w").iterdir()) == [
        "cardforge-witnesses.json", "playtest.bundle.json", *TAVERN_FILES]
    index = json.loads((folder / "w" / "cardforge-witnesses.json").read_text(encoding="utf-8"))
    assert index == {"format": "cardforge-witnesses", "version": 1, "files": [
        {"file": "playtest.bundle.json", "pack": "playtest", "story": None},
        {"file": TAVERN_FILES[0], "pack": "playtest", "story": "tavern"},
        {"file": TAVERN_FILES[1], "pack": "playtest", "story": "tavern"}]}


def test_files_cardforge_did_not_write_are_kept(folder: Path) -> None:
    w = folder / "w"
    w.mkdir()
    (w / "mine.answers.json").write_text("[{}]\n", encoding="utf-8")          # never in the index
    assert explore(folder)[0] == 1
    (w / "notes.answers.json").write_text("my notes\n", encoding="utf-8")     # listed below, but no answers file
    shutil.copy(w / GATE_FILE, folder / "outside.answers.json")               # listed below, outside the folder
    index = json.loads((w / "cardforge-witnesses.json").read_text(encoding="utf-8"))
    index["files"] += [{"file": "notes.answers.json", "pack": "playtest", "story": "gate"},
                       {"file": "../outside.answers.json", "pack": "playtest", "story": "gate"}]
    (w / "cardforge-witnesses.json").write_text(json.dumps(index), encoding="utf-8")
    fix_gate(folder)
    assert explore(folder)[0] == 0
    assert sorted(p.name for p in w.iterdir()) == [
        "cardforge-witnesses.json", "mine.answers.json", "notes.answers.json", "playtest.bundle.json", *TAVERN_FILES]
    assert (w / "notes.answers.json").read_text(encoding="utf-8") == "my notes\n"
    assert (folder / "outside.answers.json").is_file()
    index = json.loads((w / "cardforge-witnesses.json").read_text(encoding="utf-8"))
    assert [e["file"] for e in index["files"]] == ["playtest.bundle.json", *TAVERN_FILES]


def test_a_rerun_of_one_story_keeps_the_other_stories_witnesses(folder: Path) -> None:
    assert explore(folder)[0] == 1
    fix_gate(folder)
    assert explore(folder, "--story", "tavern") == (0, "")
    assert sorted(p.name for p in (folder / "w").iterdir()) == [
        "cardforge-witnesses.json", GATE_FILE, "playtest.bundle.json", *TAVERN_FILES]
    assert explore(folder, "--story", "gate")[0] == 0
    assert sorted(p.name for p in (folder / "w").iterdir()) == [
        "cardforge-witnesses.json", "playtest.bundle.json", *TAVERN_FILES]


@pytest.mark.parametrize(("name", "code"), [(GATE_FILE, 1), ("cardforge-witnesses.json", 1),
                                            ("playtest.bundle.json", 2)])
def test_a_link_where_a_witness_goes_is_replaced_never_written_through(folder: Path, name: str, code: int) -> None:
    # was (breaker, 2026-12-01): a link named like a witness made explore overwrite the file it named;
    # one named like the bundle is refused (it names no cardforge bundle), as any such file is
    (folder / "w").mkdir()
    victim = folder / "victim.txt"
    victim.write_text("precious\n", encoding="utf-8")
    (folder / "w" / name).symlink_to(victim)
    assert explore(folder)[0] == code
    assert victim.read_text(encoding="utf-8") == "precious\n"
    if code == 1:
        assert not (folder / "w" / name).is_symlink() and (folder / "w" / name).is_file()
