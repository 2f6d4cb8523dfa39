"""``cardforge explain``: a code's data from the registry, as text or JSON."""

from __future__ import annotations

import json

from click.testing import CliRunner

from cardforge_compiler.cli import cli
from cardforge_compiler.codes import CODES


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), env={"NO_COLOR": "1"})
    return result.exit_code, result.stdout, result.stderr


def test_explain_prints_the_code_as_text() -> None:
    code, out, _ = run("explain", "CF301")
    assert code == 0
    lines = out.splitlines()
    assert lines[:5] == [
        "CF301 unknown-card: error, since 0.1.0, stage resolve",
        "A reference names a story card that does not exist.",
        "",
        "Message: card {card} does not exist in story '{story}'",
        "",
    ]
    assert lines[5] == "What it means"
    assert "Example" in lines and "How to fix" in lines
    assert "$ cardforge lint demo/" in lines
    assert "    title: The Road" in lines          # the example's file, indented
    assert "Correct the card number, or add the missing card to the story." in lines
    assert lines[-1] == "See: https://github.com/cardforge/cardforge/blob/main/docs/diagnostics.md#cf301-unknown-card"


def test_explain_takes_the_name_in_any_case() -> None:
    assert run("explain", "Dead-End")[1] == run("explain", "cf402")[1] == run("explain", "CF402")[1]
    assert run("explain", "dead-end")[1].startswith("CF402 dead-end: error, since 0.1.0, stage analyse\n")


def test_explain_json() -> None:
    code, out, _ = run("explain", "unreachable-card", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert list(data) == ["code", "name", "severity", "since", "stage", "summary", "url", "template", "explanation",
                          "fix", "examples"]
    assert (data["code"], data["name"], data["severity"], data["since"], data["stage"]) == (
        "CF401", "unreachable-card", "error", "0.1.0", "analyse")
    assert data["url"] == "https://github.com/cardforge/cardforge/blob/main/docs/diagnostics.md#cf401-unreachable-card"
    [example] = data["examples"]
    assert example["command"] == "cardforge lint demo/" and example["demo_manifest"] is True
    assert list(example["files"]) == ["demo/story.yaml"]
    # A file that is not UTF-8 is shown as the docs show it.
    latin = json.loads(run("explain", "CF002", "--format", "json")[1])["examples"][0]["files"]["demo/story.yaml"]
    assert "saved as Latin-1" in latin


def test_explain_list() -> None:
    code, out, _ = run("explain", "--list")
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == len(CODES)
    assert lines[0].split() == ["CF001", "error", "unreadable-file", "A", "file", "or", "folder", "is", "missing", "or",
                                "cannot", "be", "read."]
    listed = json.loads(run("explain", "--list", "--format", "json")[1])
    assert [c["code"] for c in listed] == list(CODES)
    assert listed[0] == {"code": "CF001", "name": "unreadable-file", "severity": "error", "since": "0.1.0", "stage": "load",
                         "summary": "A file or folder is missing or cannot be read.",
                         "url": "https://github.com/cardforge/cardforge/blob/main/docs/diagnostics.md#cf001-unreadable-file"}


def test_explain_unknown_code_is_a_usage_error_with_did_you_mean() -> None:
    code, out, err = run("explain", "CF4O2")
    assert (code, out) == (2, "")
    assert err == ("Error: no diagnostic code or name 'CF4O2': did you mean 'CF402' (dead-end)? "
                   "(`cardforge explain --list` lists them)\n")
    code, _, err = run("explain", "unknwn-card")
    assert code == 2 and "did you mean 'unknown-card' (CF301)?" in err
    code, _, err = run("explain", "zzzzzz")
    assert code == 2 and err == "Error: no diagnostic code or name 'zzzzzz' (`cardforge explain --list` lists them)\n"


def test_explain_needs_a_code_or_list() -> None:
    code, _, err = run("explain")
    assert code == 2 and "give a diagnostic CODE (such as CF402) or name (such as dead-end), or --list" in err
    code, _, err = run("explain", "CF402", "--list")
    assert code == 2 and "give a CODE or --list, not both" in err


def test_explain_help_has_examples() -> None:
    code, out, _ = run("explain", "--help")
    assert code == 0 and "Example:" in out and "cardforge explain CF402" in out
    assert "explain" in run("--help")[1]
