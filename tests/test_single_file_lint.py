"""Single files of a pack are checked against the whole pack (README: "a story file is
checked against the pack.yaml in its folder or above it"; docs/format.md, Packs): the
pack's manifest, board documents and other stories are read as context, only the
named files' diagnostics are reported, and errors in the context are counted in a note."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from _helpers import CONTENT

from cardforge_compiler.pipeline import compile_paths

SHIPPED_FILES = sorted(p.relative_to(CONTENT).as_posix() for p in CONTENT.rglob("*.yaml"))


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cardforge_compiler", *args], capture_output=True, text=True,
                          cwd=cwd, check=False)


@pytest.mark.parametrize("name", [n for n in SHIPPED_FILES if n.startswith(("act", "layouts/carmes"))])
def test_each_shipped_act_and_a_layout_lint_clean_alone(name: str) -> None:
    result = compile_paths([str(CONTENT / name)])
    assert [d.code for d in result.diagnostics] == []
    assert result.context_errors == []


def test_the_readme_tour_command_is_clean(tmp_path: Path) -> None:
    root = CONTENT.parent.parent
    run = _cli("lint", "content/gascony/act1.yaml", "--format", "json", cwd=root)
    assert run.returncode == 0, run.stdout
    report = json.loads(run.stdout)
    assert report["diagnostics"] == []
    assert report["summary"]["files"] == 2 and report["summary"]["stories"] == 1
    built = _cli("build", "content/gascony/act1.yaml", "-o", str(tmp_path / "a1.json"), cwd=root)
    assert built.returncode == 0, built.stderr
    bundle = json.loads((tmp_path / "a1.json").read_text())
    (pack,) = bundle["packs"]
    assert [s["id"] for s in pack["stories"]] == ["act-1"]
    assert "carmes-deschaux-courtyard" in pack["board"]["layouts"]


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    folder = tmp_path / "gascony"
    shutil.copytree(CONTENT, folder)
    return folder


def test_a_truly_missing_layout_is_still_cf312_alone(pack: Path) -> None:
    act1 = pack / "act1.yaml"
    act1.write_text(act1.read_text().replace("layout: carmes-deschaux-courtyard", "layout: carmes-deschaux-yard"))
    result = compile_paths([str(act1)])
    assert [(d.code, d.file.rsplit("/", 1)[-1]) for d in result.diagnostics] == [("CF312", "act1.yaml")]
    assert "'carmes-deschaux-yard'" in result.diagnostics[0].message
    assert result.diagnostics[0].hint == "did you mean 'carmes-deschaux-courtyard'?"


def _plant_layout_fault(pack: Path) -> Path:
    layout = pack / "layouts" / "carmes-deschaux-courtyard.yaml"
    layout.write_text(layout.read_text().replace("terrain_tiles:\n", "terrain_tiles:\n  - {tile: Statue, at: [8, 6]}\n",
                                                 1))
    return layout


def test_context_diagnostics_are_not_shown_but_noted(pack: Path) -> None:
    _plant_layout_fault(pack)
    whole = compile_paths([str(pack)])
    assert [d.code for d in whole.diagnostics] == ["CF702"]
    alone = compile_paths([str(pack / "act1.yaml")])
    assert alone.diagnostics == []
    assert [d.code for d in alone.context_errors] == ["CF702"]
    run = _cli("lint", "gascony/act1.yaml", cwd=pack.parent)
    assert run.returncode == 0
    assert run.stdout.splitlines()[-1] == (
        "note: 1 error in gascony/layouts/carmes-deschaux-courtyard.yaml, read as the context of the files named, "
        "not shown: lint the pack folder to see them")
    github = _cli("lint", "gascony/act1.yaml", "--format", "github", cwd=pack.parent)
    assert github.returncode == 0 and github.stdout == (
        "::notice::1 error in gascony/layouts/carmes-deschaux-courtyard.yaml, read as the context of the files named, "
        "not shown: lint the pack folder to see them\n")
    # A bundle holds the pack's board whole: the build fails.
    built = _cli("build", "gascony/act1.yaml", "-o", "a1.json", cwd=pack.parent)
    assert built.returncode == 1 and not (pack.parent / "a1.json").exists()
    assert "note: 1 error in gascony/layouts/carmes-deschaux-courtyard.yaml" in built.stdout


def test_a_file_named_with_its_context_is_checked_once(pack: Path) -> None:
    layout = _plant_layout_fault(pack)
    alone = compile_paths([str(layout)])
    both = compile_paths([str(pack / "act1.yaml"), str(layout)])
    twice = compile_paths([str(layout), str(pack / "act1.yaml"), str(layout), str(pack)])
    for result in (alone, both, twice):
        assert [d.code for d in result.diagnostics] == ["CF702"]
        assert result.context_errors == []
    assert len({f.path.resolve() for f in both.files}) == len(both.files)
    assert sum(not f.context for f in both.files) == 3          # the two named and pack.yaml
    assert sum(not f.context for f in twice.files) == len(both.files)


@pytest.mark.parametrize("name", ["act1.yaml", "layouts/carmes-deschaux-courtyard.yaml", "act3.yaml"])
def test_a_file_alone_gets_what_the_pack_lint_says_about_it(pack: Path, name: str) -> None:
    _plant_layout_fault(pack)
    act3 = pack / "act3.yaml"
    act3.write_text(act3.read_text().replace("stat: ", "stat: X", 1))
    whole = compile_paths([str(pack)])
    alone = compile_paths([str(pack / name)])
    mine = [(d.code, d.message, d.line, d.column) for d in whole.diagnostics if d.file.endswith("/" + name)]
    assert bool(mine) == (name != "act1.yaml")      # the planted faults are in the layout and act3
    assert [(d.code, d.message, d.line, d.column) for d in alone.diagnostics] == mine


@pytest.mark.parametrize("fault", [
    ("title:", "title: [The Carmes-Deschaux Courtyard", "CF003"),     # a syntax error after the id
    ("id: carmes-deschaux-courtyard", "id: carmes-deschaux-courtyard\n\tgrid: 1", "CF005"),
    ("kind: battle-layout", "kind: battle-layout\nkind: battle-layout", "CF004"),
])
def test_a_layout_that_fails_to_load_is_not_also_unknown(pack: Path, fault: tuple[str, str, str]) -> None:
    old, new, code = fault
    layout = pack / "layouts" / "carmes-deschaux-courtyard.yaml"
    layout.write_text(layout.read_text().replace(old, new, 1))
    whole = compile_paths([str(pack)])
    assert [(d.code, d.file.rsplit("/", 1)[-1]) for d in whole.diagnostics] == [
        (code, "carmes-deschaux-courtyard.yaml")]
    alone = compile_paths([str(pack / "act1.yaml")])
    assert alone.diagnostics == [] and [d.code for d in alone.context_errors] == [code]
    # the layout the story names is still unknown when the broken file holds another one
    other = pack / "act1.yaml"
    other.write_text(other.read_text().replace("layout: carmes-deschaux-courtyard", "layout: carmes-deschaux-yard"))
    assert [d.code for d in compile_paths([str(other)]).diagnostics] == ["CF312"]
