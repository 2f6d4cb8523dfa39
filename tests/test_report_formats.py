"""``lint``/``build`` output formats besides SARIF (tests/test_report_sarif.py):
``--format concise``, ``--exit-zero``, ``--format json`` against its published JSON
Schema (schemas/lint-report.schema.json) and ``--format github`` within GitHub's
annotation limits, with the step summary."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from cardforge_compiler.cli import cli
from cardforge_compiler.report_github import MAX_PER_TYPE, _fence
from _helpers import ROOT, copy_golden

LINT_REPORT_SCHEMA = ROOT / "schemas" / "lint-report.schema.json"


def run(*args: str, env: dict[str, str | None] | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), env={"GITHUB_STEP_SUMMARY": None, **(env or {})})
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def cwd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


# --- concise and --exit-zero -------------------------------------------------------------------------------------

def test_concise_is_one_line_per_diagnostic_then_the_summary(cwd: Path) -> None:
    copy_golden("never-won-in-play", cwd / "nw")
    code, out, _ = run("lint", "nw", "--format", "concise")
    assert code == 1
    assert out.splitlines() == [
        "nw/story.yaml:7:8: CF907 story 'act-1' can never be won in play: no reachable state leads to Victory",
        "nw/story.yaml:15:17: CF902 this option on card 1 is never offered in play: `knows_password` is false every "
        "time the choice is reached",
        "nw/story.yaml:19:9: CF903 card 2 is never drawn in play: the witness reaches card 1, where the option 'Give "
        "the password' to card 2 is never offered: its condition `knows_password` is false in every state reached",
        "1 error, 2 warnings in 2 files (1 story, 3 cards, 76 checks run)",
        "state explorer: 15 states; 1 story proven",
    ]
    text = run("lint", "nw")[1]
    assert out.splitlines()[-2:] == text.splitlines()[-2:]


def test_concise_escapes_author_text_and_build_accepts_it(cwd: Path) -> None:
    pack = copy_golden("ok-minimal", cwd / "ok")
    (pack / "extra.yaml").write_text('kind: story\nid: x\ntitle: X\nstart: 1\n"bad\\nkey": 1\ncards: []\n',
                                     encoding="utf-8")
    code, out, _ = run("lint", "ok", "--format", "concise", "--no-explore")
    assert code == 1
    assert "\n" not in out.splitlines()[0] and "'bad\\nkey'" in out.splitlines()[0]
    (pack / "extra.yaml").unlink()
    code, out, _ = run("build", "ok", "-o", "b.json", "--format", "concise")
    assert code == 0 and out.startswith("cardforge build: 1 pack, 1 story, ")


def test_exit_zero_reports_but_does_not_fail(cwd: Path) -> None:
    copy_golden("unknown-card", cwd / "uc")
    copy_golden("no-victory", cwd / "nv")
    assert run("lint", "uc")[0] == 1
    code, out, _ = run("lint", "uc", "--exit-zero")
    assert code == 0 and "CF301 error: card 99 does not exist" in out
    assert run("lint", "nv", "--strict", "--no-explore")[0] == 1
    assert run("lint", "nv", "--strict", "--no-explore", "--exit-zero")[0] == 0
    for fmt in ("json", "sarif", "github", "concise"):
        assert run("lint", "uc", "--format", fmt, "--exit-zero")[0] == 0
    # still 2 on a usage error
    assert run("lint", "", "--exit-zero")[0] == 2
    assert run("lint", "uc", "--exit-zero", "--format", "xml")[0] == 2


# --- json against its JSON Schema --------------------------------------------------------------------------------

@cache
def _validators() -> tuple[jsonschema.Validator, ...]:
    schema = json.loads(LINT_REPORT_SCHEMA.read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema), jsonschema.Draft7Validator(schema)


def _problems(report: dict) -> list[str]:
    return sorted({f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
                   for v in _validators() for e in v.iter_errors(report)})


@pytest.mark.parametrize(("case", "args", "codes"), [
    ("unknown-card", ("lint",), ["CF301"]),
    ("never-won-in-play", ("lint",), ["CF907", "CF902", "CF903"]),
    ("ok-minimal", ("lint",), []),
    ("no-victory", ("lint", "--no-explore"), ["CF404"]),
    ("unknown-card", ("build", "-o", "b.json"), ["CF301"]),
    ("ok-suppressions", ("lint",), []),
])
def test_json_reports_validate_against_the_published_schema(cwd: Path, case: str, args: tuple[str, ...],
                                                            codes: list[str]) -> None:
    copy_golden(case, cwd / "p")
    out = run(*args[:1], "p", *args[1:], "--format", "json")[1]
    report = json.loads(out)
    assert _problems(report) == []
    assert [d["code"] for d in report["diagnostics"]] == codes
    assert ("exploration" in report) == (args == ("lint",))
    assert [d["code"] for d in report.get("suppressed", [])] == (
        ["CF601", "CF504", "CF905", "CF401", "CF402"] if case == "ok-suppressions" else [])


def test_the_explorer_section_and_witness_are_described(cwd: Path) -> None:
    copy_golden("never-won-in-play", cwd / "nw")
    report = json.loads(run("lint", "nw", "--format", "json")[1])
    assert report["exploration"]["skipped"] is None
    assert [(s["story"], s["complete"], s["proven"]) for s in report["exploration"]["stories"]] == [
        ("act-1", True, True)]
    assert report["diagnostics"][1]["witness"]["setup"]["characters"] == ["Athos", "Porthos"]
    schema = json.loads(LINT_REPORT_SCHEMA.read_text(encoding="utf-8"))
    assert schema["$id"] == "lint-report.schema.json"
    assert set(schema["properties"]) == {"version", "summary", "diagnostics", "suppressed", "exploration"}


def test_the_json_schema_check_is_not_vacuous(cwd: Path) -> None:
    copy_golden("never-won-in-play", cwd / "nw")
    report = json.loads(run("lint", "nw", "--format", "json")[1])
    report["diagnostics"][0]["line"] = 0
    report["diagnostics"][1]["witness"]["setup"].pop("seed")
    report["exploration"]["stories"][0]["states"] = "many"
    del report["summary"]["errors"]
    report["extra"] = True
    assert _problems(report) == [
        ": Additional properties are not allowed ('extra' was unexpected)",
        "diagnostics/0/line: 0 is less than the minimum of 1",
        "diagnostics/1/witness/setup: 'seed' is a required property",
        "exploration/stories/0/states: 'many' is not of type 'integer'",
        "summary: 'errors' is a required property",
    ]


# --- github within GitHub's limits ---------------------------------------------------------------------------------

def _many_problems(folder: Path) -> Path:
    """A pack whose story has 12 unknown cards (CF301), 12 unused flags (CF505) and an
    unreachable step (CF405): 12 errors, 13 warnings."""
    pack = copy_golden("ok-minimal", folder)
    for extra in pack.glob("*.yaml"):
        if extra.name != "pack.yaml":
            extra.unlink()
    lines = ["kind: story", "id: s", "title: Many", "start: 1",
             "flags: [" + ", ".join(f"f{i}" for i in range(12)) + "]", "cards:",
             "  - id: 1", "    title: One", "    steps:", "      - choice:"]
    for i in range(12):
        lines += [f"          - text: Way {i}", f"            goto: {90 + i}"]
    (pack / "story.yaml").write_text("\n".join([*lines, "      - victory: Done"]) + "\n", encoding="utf-8")
    return pack


NOTICE = ("::notice title=cardforge::5 more problems not annotated (GitHub shows at most 10 errors and 10 warnings of "
          "a step): 2 CF301 unknown-card, 1 CF405 unreachable-step, 2 CF505 unused-name")


def test_github_keeps_to_ten_errors_and_ten_warnings_then_one_notice(cwd: Path) -> None:
    _many_problems(cwd / "many")
    code, out, err = run("lint", "many", "--format", "github")
    lines = out.splitlines()
    assert code == 1 and err == ""
    assert [line.split(" ", 1)[0] for line in lines] == ["::error"] * MAX_PER_TYPE + ["::warning"] * MAX_PER_TYPE + [
        "::notice"]
    assert lines[0] == ("::error file=many/story.yaml,line=12,col=19,title=CF301 unknown-card::card 90 does not exist "
                        "in story 's' (help: this story's cards are 1)")
    assert lines[9].startswith("::error file=many/story.yaml,line=30,col=19,")
    assert lines[10].startswith("::warning file=many/story.yaml,line=5,col=9,title=CF505 unused-name::'f0'")
    assert lines[-1] == NOTICE


def test_github_writes_every_problem_to_the_step_summary(cwd: Path) -> None:
    _many_problems(cwd / "many")
    (cwd / "summary.md").write_text("earlier step\n", encoding="utf-8")
    code, out, _ = run("lint", "many", "--format", "github", env={"GITHUB_STEP_SUMMARY": str(cwd / "summary.md")})
    assert code == 1
    assert out.splitlines()[-1] == NOTICE + "; the step summary lists them all"
    summary = (cwd / "summary.md").read_text(encoding="utf-8").split("\n")
    assert summary[:9] == [
        "earlier step",
        "### cardforge: 12 errors, 13 warnings in 2 files (1 story, 1 card, 72 checks run)",
        "",
        "| code | name | severity | count | annotated |",
        "|---|---|---|---:|---:|",
        "| CF301 | unknown-card | error | 12 | 10 |",
        "| CF405 | unreachable-step | warning | 1 | 0 |",
        "| CF505 | unused-name | warning | 12 | 10 |",
        "",
    ]
    assert summary[9] == "```text" and summary[10 + 25] == "```" and summary[-2:] == ["", ""]
    assert summary[10] == "many/story.yaml:5:9: CF505 warning: 'f0' is declared but never used [unused-name]"
    assert summary[10 + 24] == ("many/story.yaml:35:9: CF405 warning: this step on card 1 never runs: the step before "
                                "it always ends the card [unreachable-step]")


def test_github_with_few_problems_has_no_notice_and_an_unwritable_summary_is_said(cwd: Path) -> None:
    copy_golden("unknown-card", cwd / "uc")
    code, out, err = run("lint", "uc", "--format", "github", env={"GITHUB_STEP_SUMMARY": str(cwd / "no" / "x.md")})
    assert code == 1 and out.count("\n") == 1 and out.startswith("::error file=uc/story.yaml,line=14,col=19,")
    assert err.startswith("cardforge: cannot write GITHUB_STEP_SUMMARY (") and "No such file or directory" in err


def test_the_step_summary_fence_outgrows_author_backticks() -> None:
    assert _fence(["plain"]) == "```"
    assert _fence(["a ```` b", "`` c"]) == "`````"


def test_every_format_is_documented() -> None:
    from cardforge_compiler.report import FORMATS

    page = (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8")
    assert [f for f in FORMATS if f != "text" and f"### `--format {f}`" not in page] == []
    assert "`cardforge lint --exit-zero`" in page and "schemas/lint-report.schema.json" in page
