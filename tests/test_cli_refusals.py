"""``--format json`` of ``cardforge test``, ``stats`` and ``explore`` when the command
refuses its input (content with errors, an unknown story, a missing path): one JSON
document on standard output all the same, with lint's ``summary`` and ``diagnostics``
and the ``error`` that ended it, and the exit code and standard error as without
``--format json`` (cli/refusals.py; docs/playtest.md, docs/stats.md, docs/explore.md)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from cardforge_compiler.cli import cli
from _helpers import ROOT

PLAYTEST = ROOT / "tests" / "playtest"

#: Each command's arguments (before PATH's place) and the head of its document.
COMMANDS = {
    "test": (["test", "{path}", "--story", "{story}", "--random", "3", "--format", "json"],
             {"format": "cardforge-playtest", "version": 1, "seed": 0, "games": 3, "players": None, "battles": None,
              "min_coverage": 0.0, "stories": [], "passed": False}),
    "stats": (["stats", "{path}", "--story", "{story}", "--format", "json"], {"version": 1, "draws": 3, "packs": []}),
    "explore": (["explore", "{path}", "--story", "{story}", "--format", "json"],
                {"format": "cardforge-explore", "version": 1, "stories": []}),
}
NOTHING = {"test": "no report", "stats": "no tables", "explore": "nothing explored"}


def run(args: list[str], path: Path | str, story: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, [a.format(path=path, story=story) for a in args])
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def broken(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """tests/playtest/ with story ``gate``'s two ``goto: 13`` made ``goto: 99``."""
    folder = tmp_path_factory.mktemp("broken") / "pack"
    shutil.copytree(PLAYTEST, folder)
    gate = folder / "gate.yaml"
    gate.write_text(gate.read_text(encoding="utf-8").replace("goto: 13", "goto: 99"), encoding="utf-8")
    return folder


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_json_of_content_with_errors_is_a_document_with_the_diagnostics(command: str, broken: Path) -> None:
    args, head = COMMANDS[command]
    code, out, err = run(args, broken, "gate")
    assert code == 1
    document = json.loads(out)
    message = f"the content has 3 errors: {NOTHING[command]} (run cardforge lint {broken})"
    assert {k: document[k] for k in head} == head
    assert document["error"] == {"exit_code": 1, "message": message}
    assert document["summary"] == {"files": 3, "packs": 1, "stories": 2, "cards": 7, "checks_run": 90,
                                   "errors": 3, "warnings": 0, "context_errors": 0}
    assert [(d["code"], d["line"], d["card"]) for d in document["diagnostics"]] == [
        ("CF301", 33, 12), ("CF301", 36, 12), ("CF401", 37, 13)]
    assert err.splitlines()[-1] == f"{command}: {message}"


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_json_of_an_unknown_story_is_a_document_with_the_usage_error(command: str) -> None:
    args, head = COMMANDS[command]
    code, out, err = run(args, PLAYTEST, "gat")
    assert code == 2
    document = json.loads(out)
    said = ("--story 'gat': no such story (stories: gate, tavern); did you mean 'gate'?" if command == "stats"
            else "no story 'gat' (stories: gate, tavern); did you mean 'gate'?")
    assert document == {**head, "error": {"exit_code": 2, "message": said}, "summary": None, "diagnostics": []}
    assert err == f"Error: {said}\n"


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_json_of_a_missing_path_is_a_document_with_its_diagnostic(command: str, tmp_path: Path) -> None:
    args, head = COMMANDS[command]
    missing = (tmp_path / "nowhere").as_posix()
    code, out, _ = run(args, missing, "gate")
    assert code == 2
    document = json.loads(out)
    assert document["error"] == {"exit_code": 2, "message": f"{missing}: no such file or folder"}
    assert [(d["code"], d["file"]) for d in document["diagnostics"]] == [("CF001", missing)]


def test_text_of_content_with_errors_is_still_nothing_on_stdout(broken: Path) -> None:
    for args, _ in COMMANDS.values():
        text = [a for a in args if a not in ("--format", "json")]
        code, out, _ = run(text, broken, "gate")
        assert (code, out) == (1, "")


def test_the_playtest_failure_document_fits_the_published_schema(broken: Path) -> None:
    schema = json.loads((ROOT / "schemas" / "playtest.schema.json").read_text(encoding="utf-8"))
    for path, story in ((broken, "gate"), (PLAYTEST, "gat")):
        document = json.loads(run(COMMANDS["test"][0], path, story)[1])
        jsonschema.Draft7Validator(schema).validate(document)
        jsonschema.Draft202012Validator(schema).validate(document)
    with pytest.raises(jsonschema.ValidationError, match="'summary' is a required property"):
        jsonschema.Draft7Validator(schema).validate({k: v for k, v in document.items() if k != "summary"})


def _shown_after(page: str, lead: str) -> dict:
    """The JSON block of docs/PAGE that follows the text ``lead``."""
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    return json.loads(re.search(re.escape(lead) + r".*?```json\n(.*?)```", text, re.S).group(1))


def test_the_pages_show_real_documents(broken: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/explore.md, docs/stats.md: the unknown story's whole document; docs/playtest.md:
    the broken content's, the diagnostics after the first abridged."""
    monkeypatch.chdir(ROOT)
    for page, command in (("explore.md", "explore"), ("stats.md", "stats")):
        lead = f"`cardforge {command} tests/playtest/ --story gat --format json` (exit 2):"
        code, out, _ = run(COMMANDS[command][0], "tests/playtest/", "gat")
        assert code == 2
        assert _shown_after(page, lead) == json.loads(out), page
    shutil.copytree(broken, tmp_path / "pt")
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(COMMANDS["test"][0], "pt/", "gate")
    real = json.loads(out)
    shown = _shown_after("playtest.md", "(`cardforge test pt/ --story gate --random 3\n--format json`, exit 1;")
    assert code == 1 and shown["diagnostics"][1:] == [{"...": "CF301 at line 36, CF401 at line 37"}]
    assert [(d["code"], d["line"]) for d in real["diagnostics"][1:]] == [("CF301", 36), ("CF401", 37)]
    assert shown == {**real, "diagnostics": [real["diagnostics"][0], *shown["diagnostics"][1:]]}
