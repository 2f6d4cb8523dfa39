"""``--format sarif`` (compiler/cardforge_compiler/report_sarif.py): SARIF 2.1.0 that
the official OASIS schema accepts (vendored in tests/sarif/), rules with help URIs into
docs/diagnostics.md, 1-based regions, relative URIs and fingerprints that survive
edits elsewhere in the file."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from urllib.parse import urlsplit

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from click.testing import CliRunner

from cardforge_compiler.cli import cli
from cardforge_compiler.diagnostics import RULES
from cardforge_compiler.report import DOCS_URL, help_uri
from cardforge_compiler.report_sarif import FINGERPRINT_KEY, SARIF_SCHEMA_URI, artifact_uri
from _helpers import ROOT, copy_golden

SARIF_SCHEMA = Path(__file__).parent / "sarif" / "sarif-schema-2.1.0.json"


@cache
def _validator() -> jsonschema.Draft4Validator:
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft4Validator.check_schema(schema)
    return jsonschema.Draft4Validator(schema, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER)


def _problems(log: dict) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in _validator().iter_errors(log)]


def _sarif(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["lint", *args, "--format", "sarif"])
    return result.exit_code, result.stdout


@pytest.fixture
def cwd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_vendored_schema_is_the_official_one() -> None:
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    assert schema["id"] == SARIF_SCHEMA_URI
    assert schema["title"] == "Static Analysis Results Format (SARIF) Version 2.1.0 JSON Schema"
    assert schema["properties"]["version"]["enum"] == ["2.1.0"]


def test_a_faulty_story_gives_a_valid_log_with_its_rule_region_and_help(cwd: Path) -> None:
    copy_golden("unknown-card", cwd / "uc")
    code, out = _sarif("uc")
    assert code == 1
    log = json.loads(out)
    assert _problems(log) == []
    assert log["$schema"] == SARIF_SCHEMA_URI and log["version"] == "2.1.0"
    (run,) = log["runs"]
    driver = run["tool"]["driver"]
    assert driver["name"] == "cardforge" and driver["informationUri"] == "https://github.com/cardforge/cardforge"
    assert [r["id"] for r in driver["rules"]] == sorted(RULES)
    (result,) = run["results"]
    rule = driver["rules"][result["ruleIndex"]]
    assert rule == {
        "id": "CF301",
        "name": "unknown-card",
        "shortDescription": {"text": "A reference names a story card that does not exist."},
        "fullDescription": {"text": "CF301 unknown-card (error): A reference names a story card that does not exist."},
        "helpUri": "https://github.com/cardforge/cardforge/blob/main/docs/diagnostics.md#cf301-unknown-card",
        "help": {"text": "A reference names a story card that does not exist. See "
                         "https://github.com/cardforge/cardforge/blob/main/docs/diagnostics.md#cf301-unknown-card",
                 "markdown": "A reference names a story card that does not exist.\n\n[CF301 unknown-card]"
                             "(https://github.com/cardforge/cardforge/blob/main/docs/diagnostics.md#cf301-unknown-card)"},
        "defaultConfiguration": {"level": "error"},
    }
    fingerprint = result.pop("partialFingerprints")[FINGERPRINT_KEY]
    assert re.fullmatch("[0-9a-f]{64}:1", fingerprint)
    assert result == {
        "ruleId": "CF301",
        "ruleIndex": sorted(RULES).index("CF301"),
        "level": "error",
        "message": {"text": "card 99 does not exist in story 'act-1' (help: this story's cards are 1, 2)"},
        "locations": [{
            "physicalLocation": {"artifactLocation": {"uri": "uc/story.yaml", "uriBaseId": "%SRCROOT%"},
                                 "region": {"startLine": 14, "startColumn": 19}},
            "logicalLocations": [{"fullyQualifiedName": "card 1: steps[0].choice[1].goto", "kind": "member"}],
        }],
        "properties": {"name": "unknown-card", "path": "cards[0].steps[0].choice[1].goto", "card": 1,
                       "hint": "this story's cards are 1, 2"},
    }
    assert run["columnKind"] == "unicodeCodePoints"
    assert run["invocations"] == [{"executionSuccessful": True, "toolExecutionNotifications": [
        {"level": "note", "message": {"text": "1 error, 0 warnings in 2 files (1 story, 2 cards, 72 checks run)"}},
        {"level": "note", "message": {"text": "state explorer: not run: the content has errors; fix them first"}}]}]
    assert run["properties"]["summary"]["errors"] == 1


def test_the_region_is_where_the_text_format_points(cwd: Path) -> None:
    """1-based line and column, the same numbers as ``file:line:col`` in the text output."""
    copy_golden("duplicate-card", cwd / "dc")
    text = CliRunner().invoke(cli, ["lint", "dc", "--no-explore"]).stdout
    (result,) = json.loads(_sarif("dc", "--no-explore")[1])["runs"][0]["results"]
    region = result["locations"][0]["physicalLocation"]["region"]
    assert text.startswith(f"dc/story.yaml:{region['startLine']}:{region['startColumn']}: CF302 ")
    assert region == {"startLine": 19, "startColumn": 9}


def test_explorer_findings_carry_their_witness_and_validate(cwd: Path) -> None:
    copy_golden("never-won-in-play", cwd / "nw")
    code, out = _sarif("nw")
    log = json.loads(out)
    assert code == 1 and _problems(log) == []
    results = log["runs"][0]["results"]
    assert [r["ruleId"] for r in results] == ["CF907", "CF902", "CF903"]
    assert [r["level"] for r in results] == ["error", "warning", "warning"]
    assert "witness" not in results[0]["properties"]
    assert results[1]["properties"]["witness"]["setup"] == {"players": 1, "characters": ["Athos", "Porthos"],
                                                            "seed": 0, "battles": "table"}


def test_clean_content_gives_an_empty_valid_log_byte_identical_across_runs(cwd: Path) -> None:
    copy_golden("ok-minimal", cwd / "ok")
    code, first = _sarif("ok")
    assert code == 0
    log = json.loads(first)
    assert _problems(log) == [] and log["runs"][0]["results"] == []
    assert _sarif("ok")[1] == first
    assert str(cwd) not in first


def _fingerprints(out: str) -> list[str]:
    return [r["partialFingerprints"][FINGERPRINT_KEY] for r in json.loads(out)["runs"][0]["results"]]


def test_fingerprints_survive_lines_added_elsewhere_and_tell_problems_apart(cwd: Path) -> None:
    """A card added above and comment lines move every line (and the ``(line 15)``
    the message quotes); the fingerprints stay. Another problem has another one."""
    pack = copy_golden("duplicate-card", cwd / "dc")
    before = json.loads(_sarif("dc", "--no-explore")[1])["runs"][0]["results"]
    story = pack / "story.yaml"
    text = story.read_text(encoding="utf-8")
    story.write_text("# a note\n# another\n" + text.replace(
        "cards:\n", "cards:\n  - id: 7\n    title: Unused\n    steps:\n      - goto: 1\n", 1), encoding="utf-8")
    after = json.loads(_sarif("dc", "--no-explore")[1])["runs"][0]["results"]
    assert [r["ruleId"] for r in before] == ["CF302"]
    assert [r["ruleId"] for r in after] == ["CF401", "CF302"]     # card 7 is unreachable
    assert before[0]["message"]["text"] != after[1]["message"]["text"]     # (line 15) -> (line 22)
    assert before[0]["locations"][0]["physicalLocation"]["region"]["startLine"] == 19
    assert after[1]["locations"][0]["physicalLocation"]["region"]["startLine"] == 25
    assert after[1]["partialFingerprints"] == before[0]["partialFingerprints"]
    assert after[0]["partialFingerprints"] != after[1]["partialFingerprints"]


def test_alike_problems_get_occurrence_numbers(cwd: Path) -> None:
    """Two results with the same code, file, place and message are told apart by
    ``:1``, ``:2``; the same problem in another file has another fingerprint."""
    from dataclasses import replace

    from cardforge_compiler.pipeline import compile_paths
    from cardforge_compiler.report_sarif import sarif_log

    copy_golden("unknown-card", cwd / "one")
    result = compile_paths(["one"], explore_budget=None)
    (first,) = result.diagnostics
    result.diagnostics += [replace(first), replace(first, file="one/other.yaml")]
    marks = [r["partialFingerprints"][FINGERPRINT_KEY] for r in sarif_log(result)["runs"][0]["results"]]
    assert [m.split(":")[1] for m in marks] == ["1", "2", "1"]
    assert marks[0].split(":")[0] == marks[1].split(":")[0] != marks[2].split(":")[0]


def test_artifact_uris_are_relative_percent_encoded_and_never_name_the_current_folder(cwd: Path) -> None:
    assert artifact_uri("content/act 1.yaml") == ("content/act%201.yaml", "%SRCROOT%")
    assert artifact_uri("./a/../b#1.yaml") == ("b%231.yaml", "%SRCROOT%")
    assert artifact_uri("épée/100%.yaml") == ("%C3%A9p%C3%A9e/100%25.yaml", "%SRCROOT%")
    assert artifact_uri(str(cwd / "sub" / "x.yaml")) == ("sub/x.yaml", "%SRCROOT%")
    outside = cwd.parent / "elsewhere.yaml"
    assert artifact_uri(str(outside)) == (outside.as_uri(), None)
    copy_golden("unknown-card", cwd / "uc")
    log = json.loads(_sarif(str(cwd / "uc"))[1])
    assert _problems(log) == []
    location = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert location == {"uri": "uc/story.yaml", "uriBaseId": "%SRCROOT%"}


def test_every_help_uri_is_a_heading_of_the_diagnostics_page() -> None:
    """GitHub's anchor of ``## CF402 dead-end`` is ``cf402-dead-end``: each rule's
    helpUri points at its section."""
    page = (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8")
    anchors = {re.sub(r"[^\w\- ]", "", h.lower()).replace(" ", "-")
               for h in re.findall(r"^## (CF\d{3} [a-z0-9-]+)$", page, flags=re.M)}
    for code in RULES:
        uri = help_uri(code)
        parts = urlsplit(uri)
        assert uri.startswith(DOCS_URL + "diagnostics.md#") and parts.scheme == "https" and parts.netloc
        assert parts.fragment in anchors, code
    assert help_uri("CF402") == "https://github.com/cardforge/cardforge/blob/main/docs/diagnostics.md#cf402-dead-end"


def test_the_schema_check_is_not_vacuous(cwd: Path) -> None:
    """The validator rejects what a wrong writer would produce: a 0-based line, an
    unknown level, a result without a message."""
    copy_golden("unknown-card", cwd / "uc")
    log = json.loads(_sarif("uc")[1])
    result = log["runs"][0]["results"][0]
    result["locations"][0]["physicalLocation"]["region"]["startLine"] = 0
    result["level"] = "fatal"
    del result["message"]
    assert sorted(_problems(log)) == [
        "runs/0/results/0/level: 'fatal' is not one of ['none', 'note', 'warning', 'error']",
        "runs/0/results/0/locations/0/physicalLocation/region/startLine: 0 is less than the minimum of 1",
        "runs/0/results/0: 'message' is a required property",
    ]


def test_build_reports_in_sarif_too(cwd: Path) -> None:
    """``build --format sarif``: the same log on stdout; a failed build writes no bundle,
    a clean one writes it and prints a log with no results."""
    copy_golden("unknown-card", cwd / "uc")
    copy_golden("ok-minimal", cwd / "ok")
    failed = CliRunner().invoke(cli, ["build", "uc", "-o", "uc.json", "--format", "sarif"])
    log = json.loads(failed.stdout)
    assert failed.exit_code == 1 and _problems(log) == [] and not (cwd / "uc.json").exists()
    assert [r["ruleId"] for r in log["runs"][0]["results"]] == ["CF301"]
    built = CliRunner().invoke(cli, ["build", "ok", "-o", "ok.json", "--format", "sarif"])
    log = json.loads(built.stdout)
    assert built.exit_code == 0 and _problems(log) == [] and log["runs"][0]["results"] == []
    assert json.loads((cwd / "ok.json").read_bytes())["format"] == "cardforge-bundle"


_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=30)
_PATHS = st.lists(st.one_of(st.integers(0, 5), st.text("abc:/ \n`", min_size=1, max_size=6)), max_size=4)


@settings(max_examples=60, deadline=None)
@given(diagnostics=st.lists(st.tuples(st.sampled_from(sorted(RULES)), _TEXT, _TEXT, st.integers(1, 10**6),
                                      st.integers(1, 400), _PATHS, st.one_of(st.none(), _TEXT)), max_size=6))
def test_any_diagnostics_give_a_valid_deterministic_log(compiled: object, diagnostics: list) -> None:
    """Whatever the author wrote (control characters, odd file names, any code), the
    log is valid SARIF, its URIs are percent-encoded relative references, and the
    same diagnostics give the same bytes."""
    from cardforge_compiler.diagnostics import Diagnostic
    from cardforge_compiler.report_sarif import sarif_log

    compiled.diagnostics = [Diagnostic(code, message, file=file or "x", line=line, column=column, path=tuple(path),
                                       hint=hint) for code, message, file, line, column, path, hint in diagnostics]
    log = sarif_log(compiled)
    assert _problems(log) == []
    assert json.dumps(sarif_log(compiled)) == json.dumps(log)
    for result in log["runs"][0]["results"]:
        location = result["locations"][0]["physicalLocation"]["artifactLocation"]
        if "uriBaseId" in location:
            assert re.fullmatch(r"[A-Za-z0-9/\-._~!$&'()*+,;=@%]*", location["uri"]), location
        else:
            assert location["uri"].startswith("file:///")


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> object:
    from cardforge_compiler.pipeline import compile_paths

    return compile_paths([str(copy_golden("ok-minimal", tmp_path_factory.mktemp("p") / "ok"))], explore_budget=None)


def test_suppressed_diagnostics_are_results_marked_in_source(cwd: Path) -> None:
    """A diagnostic a `# cardforge: ignore[...]` comment silences stays in the log,
    marked ``inSource`` (code scanning shows it as dismissed); the rest carry no mark."""
    copy_golden("ok-suppressions", cwd / "ok")
    code, out = _sarif("ok")
    assert code == 0
    log = json.loads(out)
    assert _problems(log) == []
    results = log["runs"][0]["results"]
    assert [(r["ruleId"], r["locations"][0]["physicalLocation"]["region"]["startLine"], r.get("suppressions"))
            for r in results] == [("CF601", 14, [{"kind": "inSource"}]), ("CF504", 17, [{"kind": "inSource"}]),
                                  ("CF905", 18, [{"kind": "inSource"}]), ("CF401", 27, [{"kind": "inSource"}]),
                                  ("CF402", 27, [{"kind": "inSource"}])]
    copy_golden("ok-minimal", cwd / "plain")
    (cwd / "plain" / "story.yaml").write_text(
        (cwd / "plain" / "story.yaml").read_text(encoding="utf-8").replace("goto: 2", "goto: 99", 1), encoding="utf-8")
    plain = json.loads(_sarif("plain")[1])["runs"][0]["results"]
    assert [r["ruleId"] for r in plain] == ["CF301"] and "suppressions" not in plain[0]
