"""Every ``-o`` of the CLI (build, board, graph, strings export, strings import) goes
through one check (``cli/output.py``): never onto the content read, a translation file
of a pack's ``translations/`` folder or a bundle, unless the command writes that kind
of file; a symbolic link is judged by the file it names (``write_atomically`` writes
through links). The breaker's cases: ``ln -s story.yaml link.svg; cardforge graph . -o
link.svg`` replaced story.yaml; ``graph -o translations/fr.po`` replaced a translation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardforge_compiler.cli import cli
from _helpers import copy_golden


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    return copy_golden("ok-translations", tmp_path / "pack")


def _command(name: str, pack: Path) -> list[str]:
    return {
        "graph": ["graph", str(pack), "--format", "svg", "--layout", "builtin", "--no-explore"],
        "board": ["board", str(pack), "--layout", "inn-stairs"],
        "strings export": ["strings", "export", str(pack), "--format", "po"],
        "strings import": ["strings", "import", str(pack), str(pack / "translations" / "fr.po"), "--locale", "fr"],
        "build": ["build", str(pack)],
    }[name]


COMMANDS = ("graph", "board", "strings export", "strings import", "build")


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("link", ["link.svg", "link.po", "link.json", "../out.svg"])
def test_a_link_onto_a_content_file_is_refused(pack: Path, command: str, link: str) -> None:
    """``ln -s story.yaml link.svg``: the output names a link to the story; writing
    through it replaced the story (graph, strings export, board)."""
    (pack / link).symlink_to(pack / "story.yaml")
    before = _files(pack)
    code, _, err = run(*_command(command, pack), "-o", str(pack / link))
    assert code == 2, err
    assert f"{pack / link} links to {pack / 'story.yaml'}, one of the content files read" in err, err
    assert "Traceback" not in err
    assert _files(pack) == before


@pytest.mark.parametrize("command", ["graph", "board", "strings import", "build"])
@pytest.mark.parametrize("link", [False, True])
def test_a_translation_file_is_only_written_by_strings_export(pack: Path, command: str, link: bool) -> None:
    """``cardforge graph -o translations/fr.po`` replaced the pack's French texts."""
    target = pack / "translations" / "fr.po"
    output = pack / "picture.svg" if link else target
    if link:
        output.symlink_to(target)
    before = _files(pack)
    code, _, err = run(*_command(command, pack), "-o", str(output))
    assert code == 2, err
    said = f"links to {target}, a translation file" if link else "is a translation file"
    assert f"{output} {said} of a pack (its translations/ folder)" in err, err
    assert _files(pack) == before


def test_strings_export_still_updates_a_pack_s_translation_file(pack: Path) -> None:
    """docs/strings.md's workflow: ``--merge translations/fr.po -o translations/fr.po``."""
    target = pack / "translations" / "fr.po"
    code, _, err = run("strings", "export", str(pack), "--locale", "fr", "--merge", str(target), "-o", str(target))
    assert code == 0, err
    assert "-> " + str(target) in err


@pytest.mark.parametrize("command", ["graph", "board", "strings export"])
def test_a_bundle_is_only_replaced_by_a_command_that_writes_bundles(pack: Path, tmp_path: Path,
                                                                       command: str) -> None:
    bundle = tmp_path / "game.bundle.json"
    code, _, err = run("build", str(pack), "-o", str(bundle))
    assert code == 0, err
    before = bundle.read_bytes()
    link = tmp_path / "out.txt"
    link.symlink_to(bundle)
    for output in (bundle, link):
        code, _, err = run(*_command(command, pack), "-o", str(output))
        assert code == 2 and "a cardforge bundle" in err, err
    assert bundle.read_bytes() == before
    code, _, err = run("build", str(pack), "-o", str(link))       # build replaces its own bundle, link kept
    assert code == 0 and link.is_symlink() and json.loads(bundle.read_bytes())["format"], err


@pytest.mark.parametrize("command", COMMANDS)
def test_a_content_file_of_another_pack_is_refused(pack: Path, tmp_path: Path, command: str) -> None:
    """Not one of the inputs, but content all the same (its suffix, through the link)."""
    other = copy_golden("ok-minimal", tmp_path / "other")
    link = tmp_path / "other.svg"
    link.symlink_to(other / "pack.yaml")
    before = _files(other)
    code, _, err = run(*_command(command, pack), "-o", str(link))
    assert code == 2 and f"links to {other / 'pack.yaml'}, a content file" in err, err
    assert _files(other) == before


def test_a_file_named_as_content_whatever_its_suffix_is_refused(tmp_path: Path) -> None:
    pack = copy_golden("ok-minimal", tmp_path / "pack")
    (pack / "story.yaml").rename(pack / "story.txt")
    link = tmp_path / "g.svg"
    link.symlink_to(pack / "story.txt")
    before = (pack / "story.txt").read_bytes()
    for command in ("graph", "strings export", "board"):
        args = _command(command, pack)
        args[args.index(str(pack))] = str(pack / "story.txt")
        code, _, err = run(*args, "-o", str(link))
        assert code == 2 and f"links to {pack / 'story.txt'}, one of the content files read" in err, err
    assert (pack / "story.txt").read_bytes() == before


def test_a_picture_may_replace_an_earlier_picture_and_write_through_a_link(pack: Path, tmp_path: Path) -> None:
    out = tmp_path / "pictures" / "act-1.svg"
    out.parent.mkdir()
    out.write_text("old", encoding="utf-8")
    link = tmp_path / "latest.svg"
    link.symlink_to(out)
    code, _, err = run(*_command("graph", pack), "-o", str(link))
    assert code == 0, err
    assert link.is_symlink() and "<svg" in out.read_text(encoding="utf-8")


def test_every_output_option_of_the_cli_goes_through_the_shared_check() -> None:
    """A new ``-o`` must call ``cli.output.check_output`` (scan of the command modules)."""
    import re

    from _helpers import ROOT

    folder = ROOT / "compiler" / "cardforge_compiler" / "cli"
    with_output = sorted(p.name for p in folder.glob("*.py")
                         if re.search(r'click\.option\("-o", "--output"', p.read_text(encoding="utf-8")))
    assert with_output == ["board.py", "build.py", "graph.py", "strings.py"]
    for name in with_output:
        text = (folder / name).read_text(encoding="utf-8")
        options = len(re.findall(r'click\.option\("-o", "--output"', text))
        assert text.count("check_output(output, ") == options, name
