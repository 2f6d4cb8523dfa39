"""The diagnostics registry (cardforge_compiler.codes): every code's data is there,
every example lints to exactly its code with a message its template matches, and
every code a check can emit is registered (Yarn Spinner's habit: each code's data in
one place, and tested)."""

from __future__ import annotations

import json
import re
import tomllib

import pytest
from click.testing import CliRunner

from cardforge_compiler import __version__
from cardforge_compiler.cli import cli
from cardforge_compiler.codes import CODES, DOCS_URL, STAGES, lookup, template_pattern, write_example
from cardforge_compiler.codes._demo_decks import DECKS
from cardforge_compiler.diagnostics import RULES, Diagnostic, Severity
from _helpers import GOLDEN, ROOT


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


def test_rules_is_the_registry_in_family_order() -> None:
    assert RULES is CODES
    assert len(CODES) == 117
    assert list(CODES)[:3] == ["CF001", "CF002", "CF003"] and list(CODES)[-1] == "CF908"
    families = [code[2] for code in CODES]
    assert families == sorted(families)
    assert RULES["CF402"].name == "dead-end" and RULES["CF402"].severity is Severity.ERROR


@pytest.mark.parametrize("code", list(CODES))
def test_every_code_has_all_its_data(code: str) -> None:
    entry = CODES[code]
    assert entry.stage in STAGES
    assert entry.summary.endswith(".") and "\n" not in entry.summary
    assert entry.template and entry.explanation and entry.fix
    assert entry.examples
    assert _version(entry.since) <= _version(__version__), f"{code} since {entry.since} > {__version__}"


def test_docs_url_is_the_documentation_url_of_pyproject() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["urls"]["Documentation"] == DOCS_URL
    assert CODES["CF402"].url == "https://github.com/cardforge/cardforge/blob/main/docs/diagnostics.md#cf402-dead-end"
    # The anchor is the one GitHub makes for the code's heading on docs/diagnostics.md.
    page = (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8")
    for entry in CODES.values():
        heading = f"## {entry.code} {entry.name}"
        assert heading in page
        assert re.sub(r"[^a-z0-9 -]", "", heading[3:].lower()).replace(" ", "-") == entry.anchor


def _lint_example(code: str, tmp_path, monkeypatch) -> dict:  # noqa: ANN001
    example = CODES[code].examples[0]
    write_example(example, str(tmp_path))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("NO_COLOR", "1")
    result = CliRunner().invoke(cli, [*example.cmd, "--format", "json"])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.output)


@pytest.mark.parametrize("code", list(CODES))
def test_every_example_lints_to_exactly_its_code(code: str, tmp_path, monkeypatch) -> None:  # noqa: ANN001
    """Each code's example reports that code, and only the other codes it says the
    same fault causes (``also``); every message of the code matches its template."""
    report = _lint_example(code, tmp_path, monkeypatch)
    found = {d["code"] for d in report["diagnostics"]}
    assert found == {code, *CODES[code].examples[0].also}
    pattern = template_pattern(CODES[code].template)
    for diag in report["diagnostics"]:
        assert diag["url"] == CODES[diag["code"]].url
        if diag["code"] == code:
            assert pattern.fullmatch(diag["message"]), (CODES[code].template, diag["message"])


def test_template_pattern() -> None:
    pattern = template_pattern("card {card} does not exist in story '{story}' (a.b)")
    assert pattern.fullmatch("card 3 does not exist in story 'act-1' (a.b)")
    assert not pattern.fullmatch("card 3 does not exist in story 'act-1' (axb)")
    assert not pattern.fullmatch("card 3 is missing")


def test_every_code_a_check_can_emit_is_registered() -> None:
    """Every ``"CFnnn"`` written in the compiler's sources (the checks, the loader,
    the explorer: whatever makes a Diagnostic) is a registered code, and every
    registered code is written somewhere (a code no source emits is dead)."""
    written: dict[str, set[str]] = {}
    package = ROOT / "compiler" / "cardforge_compiler"
    for source in package.rglob("*.py"):
        if "codes" in source.relative_to(package).parts:
            continue
        for match in re.finditer(r"""["'](CF\d{3})["']""", source.read_text(encoding="utf-8")):
            written.setdefault(match.group(1), set()).add(source.name)
    assert {code: sorted(files) for code, files in written.items() if code not in RULES} == {}
    assert sorted(set(RULES) - set(written)) == []


def test_a_diagnostic_with_an_unregistered_code_cannot_be_made() -> None:
    with pytest.raises(ValueError, match="diagnostic code 'CF999' is not registered"):
        Diagnostic("CF999", "a message")
    assert Diagnostic("CF301", "card 3 does not exist").severity is Severity.ERROR


def test_the_demo_decks_are_the_golden_ok_decks() -> None:
    """The Enemy and deck examples are built on tests/golden/ok-decks (a clean case the
    golden test lints): the registry's copy must not drift from it."""
    expected = {}
    for source in sorted((GOLDEN / "ok-decks").glob("*.yaml")):
        text = "".join(line for line in source.read_text(encoding="utf-8").splitlines(keepends=True)
                       if not line.startswith("# "))
        expected[f"demo/{source.name}"] = text.replace("id: golden", "id: demo").replace("Golden Test Pack",
                                                                                           "Demo Pack")
    assert DECKS == expected


@pytest.mark.parametrize("code, case", [
    ("CF901", "stuck-in-play"), ("CF902", "flag-set-only-later"), ("CF903", "flag-set-only-later"),
    ("CF904", "condition-always-true"), ("CF905", "condition-always-false"), ("CF906", "ending-never-reached"),
    ("CF907", "never-won-in-play"), ("CF908", "state-trap")])
def test_the_explorer_examples_are_their_golden_cases(code: str, case: str) -> None:
    text = (GOLDEN / case / "story.yaml").read_text(encoding="utf-8")
    story = "".join(line for line in text.splitlines(keepends=True) if not line.startswith("#"))
    assert CODES[code].examples[0].files == {"demo/story.yaml": story}


def test_lookup_by_code_or_name_in_any_case() -> None:
    assert lookup("cf402") is CODES["CF402"]
    assert lookup(" Dead-End ") is CODES["CF402"]
    assert lookup("CF999") is None and lookup("dead end") is None
