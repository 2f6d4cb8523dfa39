"""docs/explore.md shows real output: every ``$ cardforge ...`` block of the page is run
(in a scratch folder that links ``content/`` and ``tests/``, so that the witnesses the
page writes to ``build/witnesses`` land there), in the page's order, and what it shows
must be what the command prints: the whole output, or for an excerpt (a block with a
``  ...`` line) each part between the ``...`` lines, in order. The witness file and the
JSON document the page shows are checked against the files and the document written.
The README's tour of the explorer, of ``cardforge test --random`` and of the ending odds
is checked the same way."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardforge_compiler.cli import cli
from _helpers import ROOT

PAGE = (ROOT / "docs" / "explore.md").read_text(encoding="utf-8")
README = (ROOT / "README.md").read_text(encoding="utf-8")
#: The exit status of each command the page and the README run.
CODES = {"explore tests/playtest/": 1, "play build/witnesses/playtest.bundle.json": 3,
         "explore content/gascony": 0, "lint content/": 0, "test content/gascony/": 0, "stats content/gascony": 0}


def _blocks(text: str = PAGE) -> list[tuple[str, str]]:
    """``(command, output shown)`` of each ``$ cardforge ...`` block, in page order."""
    return [tuple(block.partition("\n")[::2]) for block in re.findall(r"```\n\$ (cardforge .*?)```", text, re.S)]


def _parts(shown: str) -> list[str]:
    """The parts of an excerpt between its ``  ...`` lines (the whole output when none)."""
    return [part for part in re.split(r"(?m)^  \.\.\.\n", shown) if part]


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("explore-docs")
    for name in ("content", "tests"):
        (folder / name).symlink_to(ROOT / name, target_is_directory=True)
    return folder


def _run_all(folder: Path, text: str) -> list[tuple[str, int, str]]:
    """Each block's command of ``text``, run in ``folder``: ``(command, exit status, standard output)``."""
    import os

    out = []
    here = Path.cwd()
    os.chdir(folder)
    try:
        for command, _ in _blocks(text):
            result = CliRunner().invoke(cli, shlex.split(command)[1:])
            out.append((command, result.exit_code, result.stdout))
    finally:
        os.chdir(here)
    return out


def _check_shown(runs: list[tuple[str, int, str]], text: str) -> None:
    for (command, code, out), (_, shown) in zip(runs, _blocks(text), strict=True):
        expected = next(c for prefix, c in CODES.items() if command.startswith(f"cardforge {prefix}"))
        assert code == expected, (command, out)
        parts = _parts(shown)
        if len(parts) == 1 and "  ...\n" not in shown:
            assert out == shown, command
            continue
        at = 0
        for part in parts:
            found = out.find(part, at)
            assert found >= 0 and (found == 0 or out[found - 1] == "\n"), (command, part)
            at = found + len(part)


@pytest.fixture(scope="module")
def runs(scratch: Path) -> list[tuple[str, int, str]]:
    return _run_all(scratch, PAGE)


def test_the_page_runs_these_commands() -> None:
    assert [command for command, _ in _blocks()] == [
        "cardforge explore tests/playtest/ --witness-dir build/witnesses",
        "cardforge play build/witnesses/playtest.bundle.json --story gate --players 1 --characters Athos,Porthos "
        "--seed 0 --battles table --answers build/witnesses/gate-CF901-card-12.answers.json",
        "cardforge explore content/gascony --story act-4 --witness-dir build/witnesses",
        "cardforge lint content/"]


def test_the_page_shows_real_output(runs: list[tuple[str, int, str]]) -> None:
    _check_shown(runs, PAGE)


def test_the_readme_shows_real_output(scratch: Path) -> None:
    assert [command for command, _ in _blocks(README)] == [
        "cardforge explore content/gascony --story act-4",
        "cardforge test content/gascony/ --story act-1 --random 20 --seed 1 --battles outcome",
        "cardforge stats content/gascony --story act-4"]
    _check_shown(_run_all(scratch, README), README)


def test_the_witness_file_and_the_json_document(runs: list[tuple[str, int, str]], scratch: Path) -> None:
    assert runs, "the page's commands ran"
    shown = re.search(r"`build/witnesses/gate-CF901-card-12.answers.json` one per line:\n\n```json\n(.*?)```",
                      PAGE, re.S).group(1)
    assert (scratch / "build" / "witnesses" / "gate-CF901-card-12.answers.json").read_text(encoding="utf-8") == shown

    import os

    here = Path.cwd()
    os.chdir(scratch)
    try:
        result = CliRunner().invoke(cli, ["explore", "content/gascony", "--story", "act-4", "--witness-dir",
                                          "build/witnesses", "--format", "json"])
    finally:
        os.chdir(here)
    assert result.exit_code == 0
    real = json.loads(result.stdout)
    document = json.loads(re.search(r"## The JSON document\n.*?```json\n(.*?)```", PAGE, re.S).group(1))
    setups = document["stories"][0]["setups"]
    assert setups[0] == real["stories"][0]["setups"][0]
    assert setups[1] == {"...": f"{len(real['stories'][0]['setups']) - 1} more"}
    document["stories"][0]["setups"] = real["stories"][0]["setups"]
    assert document == real


def test_the_json_fields_are_all_documented() -> None:
    table = PAGE[PAGE.index("| `format`, `version` |"):].split("\n\n")[0]
    documented = {name for row in table.splitlines() for name in re.findall(r"`([a-z_]+)(?:\[\])?`", row.split("|")[1])}
    real_keys = {"format", "version", "stories", "pack", "story", "setups", "states", "answers", "budget", "bound",
                 "complete", "clamped", "deck_items", "proven", "summary", "findings"}
    assert real_keys <= documented, real_keys - documented


def test_the_speed_table_counts_are_the_explorers() -> None:
    """The fast rows of the speed table (Acts III and IV) give the explorer's real counts."""
    from cardforge_compiler import __version__
    from cardforge_compiler.emit import build_bundle
    from cardforge_compiler.explore import explore_story
    from cardforge_compiler.pipeline import compile_paths
    from cardforge_runtime import load_bundle

    result = compile_paths([str(ROOT / "content" / "gascony")])
    pack = next(p for p in result.packs if p.manifest is not None)
    bundle = load_bundle(build_bundle([pack], __version__))
    for story in ("act-3", "act-4"):
        e = explore_story(bundle, "gascony", story)
        row = f"| `{story}` | {len(e.setups)} | {e.states:,} | {e.answers:,} | under 1 s |"
        assert row in PAGE, row


def test_the_stats_page_shows_real_ending_odds() -> None:
    """docs/stats.md, Ending odds: its table is the first section of the real text, its
    JSON the first of the story's real ``endings``, and its list of sections the real one."""
    stats = (ROOT / "docs" / "stats.md").read_text(encoding="utf-8")
    section = stats[stats.index("## Ending odds"):]
    text = CliRunner().invoke(cli, ["stats", str(ROOT / "content" / "gascony"), "--story", "act-4"])
    shown = re.search(r"\(the first of its five sections\):\n\n```\n(.*?)```", section, re.S).group(1)
    assert text.exit_code == 0 and f"\n\n{shown}\n" in text.stdout
    assert text.stdout.count("\nEnding odds of 'act-4' ") == 5
    for party, victory in [("in Solo Play (D'Artagnan, Athos, Porthos)", "42.2%"),
                           ("in Solo Play (D'Artagnan, Athos, Porthos, Aramis)", "42.2%"),
                           ("with 3 players (D'Artagnan, Athos, Porthos)", "42.2%"),
                           ("with 4 players (D'Artagnan, Athos, Porthos, Aramis)", "42.2%")]:
        assert f"`... {party}` ({victory}" in " ".join(section.split()), party
        block = text.stdout[text.stdout.index(f"Ending odds of 'act-4' {party}:"):]
        assert block.split("\n\n")[0].rstrip("\n").endswith(f"| victory    |  {victory} |\n| never ends |   0.0% |"), party
    data = CliRunner().invoke(cli, ["stats", str(ROOT / "content" / "gascony"), "--story", "act-4",
                                    "--format", "json"])
    endings = json.loads(data.stdout)["packs"][0]["stories"][0]["endings"]
    assert json.loads(re.search(r"```json\n(.*?)```", section, re.S).group(1)) == endings[0]
    assert [(e["setup"]["players"], len(e["setup"]["characters"])) for e in endings] == [
        (1, 2), (1, 3), (1, 4), (3, 3), (4, 4)]


def test_the_help_of_cardforge_explore_keeps_its_example_lines() -> None:
    result = CliRunner().invoke(cli, ["explore", "--help"])
    assert result.exit_code == 0 and "\\b" not in result.stdout
    assert ("  Example:\n    cardforge explore content/gascony --story act-1\n"
            "    cardforge explore content/ --witness-dir build/witnesses --format json\n") in result.stdout
