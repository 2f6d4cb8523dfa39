"""``--characters`` (cli/characters.py): a comma-separated list read against the pack's
Character names, so that a name holding a comma is matched whole, the option repeated
for one name each, and a name the pack lacks a usage error (exit 2) listing the pack's
Characters. Was: ``cardforge play`` split the text at every comma, so no Character
whose name holds one could be named."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardforge_compiler.cli import cli
from cardforge_compiler.cli.characters import character_names, characters_options
from cardforge_compiler.report import ConfigError
from _helpers import ROOT

BOARDS = ["Athos, the Elder", "Athos", "Porthos", "Aramis"]


@pytest.mark.parametrize(("values", "names"), [
    (("Athos,Porthos",), ["Athos", "Porthos"]),
    (("Athos, Porthos",), ["Athos", "Porthos"]),
    (("Athos, the Elder,Porthos",), ["Athos, the Elder", "Porthos"]),
    (("Porthos,Athos, the Elder",), ["Porthos", "Athos, the Elder"]),
    (("Athos, the Elder", "Aramis"), ["Athos, the Elder", "Aramis"]),
    (("Athos", "Porthos,Aramis"), ["Athos", "Porthos", "Aramis"]),
    ((), None),
])
def test_names_are_read_against_the_pack(values: tuple[str, ...], names: list[str] | None) -> None:
    assert character_names(values, BOARDS) == names


def test_an_unknown_name_lists_the_pack_s_characters() -> None:
    with pytest.raises(ConfigError) as caught:
        character_names(("Athos,Portos",), BOARDS, "playtest")
    # quoted: "Athos, the Elder, Athos" read two ways (breaker, 2026-12-01)
    assert caught.value.format_message() == ("--characters: no Character named 'Portos' in pack 'playtest' (Characters: "
                                             "'Athos, the Elder', 'Athos', 'Porthos', 'Aramis'); did you mean 'Porthos'?")
    with pytest.raises(ConfigError) as caught:
        character_names(("Portos",), ("Athos", "Porthos"), "playtest")
    assert caught.value.format_message() == ("--characters: no Character named 'Portos' in pack 'playtest' (Characters: "
                                             "Athos, Porthos); did you mean 'Porthos'?")


@pytest.mark.parametrize(("names", "words"), [
    (["Athos", "Porthos"], ["--characters", "Athos,Porthos"]),
    (["Athos, the Elder", "Porthos"], ["--characters", "Athos, the Elder,Porthos"]),
])
def test_replay_options_read_back_as_the_names(names: list[str], words: list[str]) -> None:
    assert characters_options(names, BOARDS) == words
    assert character_names(words[1::2], BOARDS) == names


def test_replay_options_name_each_character_when_a_list_would_read_otherwise() -> None:
    boards = ["A", "B", "A,B"]          # "A,B" as a list would read as the one Character "A,B"
    assert characters_options(["A", "B"], boards) == ["--characters", "A", "--characters", "B"]
    assert character_names(["A", "B"], boards) == ["A", "B"]
    assert character_names(["A,B"], boards) == ["A,B"]


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """tests/playtest/ with its first Character renamed ``Athos, the Elder``, built."""
    import shutil

    folder = tmp_path_factory.mktemp("characters")
    shutil.copytree(ROOT / "tests" / "playtest", folder / "pack")
    manifest = folder / "pack" / "pack.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("name: Athos", "name: Athos, the Elder"),
                        encoding="utf-8")
    built = folder / "pt.bundle.json"
    result = CliRunner().invoke(cli, ["build", str(folder / "pack"), "-o", str(built)])
    assert result.exit_code == 0, result.stderr
    (folder / "answers.json").write_text(json.dumps([{}, {"option": 2}, {}, {}]), encoding="utf-8")
    return built


def _play(bundle: Path, *characters: str) -> tuple[int, str, str]:
    args = ["play", str(bundle), "--story", "gate", "--players", "1", "--seed", "0", "--battles", "table",
            "--answers", str(bundle.parent / "answers.json")]
    for value in characters:
        args += ["--characters", value]
    result = CliRunner().invoke(cli, args)
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("characters", [("Athos, the Elder,Porthos",), ("Athos, the Elder", "Porthos"),
                                        ("Porthos,Athos, the Elder",)])
def test_play_takes_a_character_named_with_a_comma(bundle: Path, characters: tuple[str, ...]) -> None:
    code, out, _ = _play(bundle, *characters)
    assert code == 3                                   # the witness's stuck end, as with the default Characters
    party = [line for line in out.splitlines() if line.startswith("  - ")][-2:]
    names = [name.strip() for value in characters for name in
             (["Athos, the Elder", "Porthos"] if value.startswith("Athos, the Elder,") else
              ["Porthos", "Athos, the Elder"] if value.startswith("Porthos,") else [value])]
    assert [line.split(":")[0] for line in party] == [f"  - {name}" for name in names]


def test_play_names_the_pack_s_characters_for_an_unknown_one(bundle: Path) -> None:
    code, out, err = _play(bundle, "Athos,Porthos")
    assert (code, out) == (2, "")
    assert err == ("Error: --characters: no Character named 'Athos' in pack 'playtest' (Characters: 'Athos, the Elder', "
                   "'Porthos', 'Aramis', \"D'Artagnan\"); did you mean 'Porthos'?\n")
