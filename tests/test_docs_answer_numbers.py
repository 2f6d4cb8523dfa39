"""docs/explore.md and docs/playtest.md, "Numbers in answers files": answers files count
options, Characters and offers from 0, `cardforge play` shows them from 1. Each block the
section shows is what `cardforge play` prints for the answers the section gives."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardforge_compiler.cli import cli
from _helpers import ROOT


def _section(page: str) -> str:
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    return text.split("### Numbers in answers files\n", 1)[1].split("\n#", 1)[0]


def _play(bundle: Path, story: str, answers: list) -> str:
    path = bundle.parent / f"{story}.answers.json"
    path.write_text(json.dumps(answers), encoding="utf-8")
    result = CliRunner().invoke(cli, ["play", str(bundle), "--story", story, "--players", "1", "--seed", "0",
                                      "--battles", "table", "--answers", str(path)])
    assert result.exit_code == 1, result.stderr          # the answers run out: what the section shows is played
    return result.stdout


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    built = tmp_path_factory.mktemp("numbers") / "playtest.bundle.json"
    result = CliRunner().invoke(cli, ["build", str(ROOT / "tests" / "playtest"), "-o", str(built)])
    assert result.exit_code == 0, result.stderr
    return built


@pytest.mark.parametrize("page", ["explore.md", "playtest.md"])
def test_the_section_shows_what_play_prints(page: str, bundle: Path) -> None:
    section = _section(page)
    answers = [json.loads(a) for a in re.findall(r"the\s+answers\s+`(\[.*?\])`", section.replace("\n", " "))]
    answers += [json.loads(a) for a in re.findall(r"and `gate` with `(\[.*?\])`", section.replace("\n", " "))]
    assert answers == [[{}, {"option": 1}, {}, {}, {"character": 1}],
                       [{}, {"option": 1}, {"buy": [{"offer": 0, "character": 0}]}, {}, {}, {"option": 1}]]
    blocks = re.findall(r"```\n(.*?)```", section, re.S)
    assert len(blocks) == 3
    tavern, gate = _play(bundle, "tavern", answers[0]), _play(bundle, "gate", answers[1])
    for block, out in ((blocks[0], tavern), (blocks[1], tavern), (blocks[2], gate)):
        assert f"\n{block}" in out, block
    # the numbers the section states: screen 2 is option 1, screen 2. is Character 1, screen 1 is option 1
    assert [b.splitlines()[0].split()[0] for b in blocks] == ["2", "2.", "1"]


def test_both_pages_say_the_same() -> None:
    assert _section("explore.md") == _section("playtest.md")
