"""The command line: exit codes (0 clean, 1 problems, 2 usage/internal), formats, files."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardforge_compiler import __version__
from cardforge_compiler.cli import cli, main
from _helpers import CONTENT, copy_golden, write_pack

WARNINGS_ONLY = """\
kind: story
id: s
title: Warnings only
start: 1
flags: [spoke]
cards:
  - id: 1
    title: One
    steps:
      - set: {spoke: true}
      - goto: 2
  - id: 2
    title: Two
    steps:
      - victory: Done
  - id: 3
    title: Island
    steps:
      - victory: Never reached
"""


def _case(name: str) -> str:
    """A golden case copied to a folder of its own with the shared manifest (as
    ``tests/golden/<case>`` it would be checked with every other case of the folder
    the shared ``pack.yaml`` makes one pack)."""
    return str(copy_golden(name, Path(tempfile.mkdtemp(prefix="cardforge-case-")) / name))


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_version_and_help() -> None:
    code, out, _ = run("--version")
    assert code == 0 and out.strip() == f"cardforge, version {__version__}"
    code, out, _ = run("--help")
    assert code == 0
    for command in ("lint", "build", "graph", "path", "board", "stats", "schema", "check-bundle"):
        assert command in out
    for command in ("lint", "build", "graph", "path", "board", "stats", "schema", "check-bundle"):
        code, out, _ = run(command, "--help")
        assert code == 0 and "Example:" in out, command


def test_lint_clean_content_exits_0() -> None:
    """The shipped content is clean, the state explorer included (its line last: the
    Acts it proved within lint's default budget, and those it stopped on)."""
    code, out, _ = run("lint", str(CONTENT))
    assert code == 0
    assert re.fullmatch(r"no problems in \d+ files \(\d+ stories, \d+ cards, \d+ checks run\)\n"
                        r"state explorer: [\d,]+ states; [^\n]+\n", out)


STUCK_EXPLORED = ("story.yaml:28:9: CF901 error: in play this choice on card 2 can offer no option, and the story "
                  "stops (`stuck`): every option's condition is false (`knows_secret`, `has(\"Rope\")`) "
                  "[stuck-in-play]\n")


def test_lint_runs_the_state_explorer_and_says_what_it_proved() -> None:
    """The issue's stuck card: the graph checks see nothing, the explorer finds it."""
    case = _case("stuck-in-play")
    code, out, _ = run("lint", case)
    assert code == 1
    assert out.replace(case + "/", "").startswith(STUCK_EXPLORED)
    assert out.endswith("1 error, 0 warnings in 2 files (1 story, 3 cards, 76 checks run)\n"
                        "state explorer: 41 states; 1 story proven\n")


def test_lint_no_explore_runs_the_graph_checks_only() -> None:
    code, out, _ = run("lint", "--no-explore", "--strict", _case("stuck-in-play"))
    assert (code, out) == (0, "no problems in 2 files (1 story, 3 cards, 72 checks run)\n")


def test_lint_explore_budget_cut_short_says_nothing_is_proven() -> None:
    """One state is not enough to see the stuck card: no finding, and the line says so."""
    code, out, _ = run("lint", "--explore-budget", "1", _case("stuck-in-play"))
    assert code == 0
    assert out == ("no problems in 2 files (1 story, 3 cards, 76 checks run)\n"
                   "state explorer: 1 state; 0 stories proven; not proven: act-1 (stopped at its share of the budget); "
                   "`cardforge explore PATH --story ID` goes further\n")


@pytest.mark.parametrize("budget", ["0", "-5", "many"])
def test_lint_explore_budget_below_one_is_a_usage_error(budget: str) -> None:
    code, out, err = run("lint", "--explore-budget", budget, _case("stuck-in-play"))
    assert code == 2 and out == ""
    assert "Invalid value for '--explore-budget'" in err


def test_lint_of_content_with_errors_says_the_explorer_did_not_run() -> None:
    code, out, _ = run("lint", _case("unknown-card"))
    assert code == 1 and "CF301" in out and "CF9" not in out
    assert out.endswith("state explorer: not run: the content has errors; fix them first\n")


def test_lint_json_has_the_exploration_and_each_finding_s_witness() -> None:
    code, out, _ = run("lint", "--format", "json", _case("stuck-in-play"))
    assert code == 1
    data = json.loads(out)
    assert data["exploration"] == {"skipped": None, "stories": [
        {"pack": "golden", "story": "act-1", "states": 41, "complete": True, "proven": True,
         "summary": "explored 41 states in 5 setups (140 answers); exploration complete"}]}
    (diag,) = data["diagnostics"]
    assert (diag["code"], diag["name"], diag["line"], diag["card"]) == ("CF901", "stuck-in-play", 28, 2)
    assert diag["witness"] == {"setup": {"players": 1, "characters": ["Athos", "Porthos"], "seed": 0,
                                         "battles": "table"},
                               "answers": [{}, {"option": 2}, {}, {}]}
    code, out, _ = run("lint", "--format", "json", _case("unknown-card"))
    assert json.loads(out)["exploration"] == {"skipped": "the content has errors; fix them first", "stories": []}
    code, out, _ = run("lint", "--format", "json", "--no-explore", _case("stuck-in-play"))
    assert "exploration" not in json.loads(out) and json.loads(out)["diagnostics"] == []


def test_lint_errors_exit_1_and_warnings_only_with_strict(tmp_path: Path) -> None:
    code, out, _ = run("lint", _case("unknown-card"))
    assert code == 1 and "CF301" in out
    warn_only = write_pack(tmp_path / "w", WARNINGS_ONLY.replace("  - id: 3\n    title: Island\n    steps:\n"
                                                                  "      - victory: Never reached\n", ""))
    code, out, _ = run("lint", str(warn_only))
    assert code == 0 and "CF504" in out
    code, _, _ = run("lint", "--strict", str(warn_only))
    assert code == 1


def test_missing_path_and_empty_folder(tmp_path: Path) -> None:
    code, out, _ = run("lint", str(tmp_path / "nope"))
    assert code == 1 and "CF001" in out
    (tmp_path / "empty").mkdir()
    code, out, _ = run("lint", str(tmp_path / "empty"))
    assert code == 1 and "CF010" in out


def test_usage_errors_exit_2() -> None:
    assert run("lint")[0] == 2
    assert run("lint", "--format", "xml", str(CONTENT))[0] == 2
    assert run("graph", str(CONTENT), "--story", "act-9")[0] == 2
    assert run("path", str(CONTENT), "--card", "999")[0] == 2
    assert run("path", str(CONTENT), "--card", "011")[0] == 2
    assert run("path", "--card", "13")[0] == 2                       # PATH... is required, as everywhere


@pytest.mark.parametrize("command", [["graph"], ["path", "--card", "13"]])
def test_content_that_is_not_there_is_a_usage_error(tmp_path: Path, command: list[str]) -> None:
    """A command that needs content exits 2 (usage) when the path given is missing or empty."""
    code, _, err = run(*command[:1], str(tmp_path / "nope"), *command[1:])
    assert code == 2 and "CF001" in err and "no such file or folder" in err
    (tmp_path / "empty").mkdir()
    code, _, err = run(*command[:1], str(tmp_path / "empty"), *command[1:])
    assert code == 2 and "CF010" in err


def test_every_content_command_takes_path_arguments() -> None:
    """lint, build, graph and path all take the content as PATH... arguments."""
    for command in ("lint", "build", "graph", "path"):
        code, out, _ = run(command, "--help")
        assert code == 0 and re.search(rf"Usage: .*{command} \[OPTIONS\] PATH\.\.\.", out), out


def test_graph_without_story_draws_every_story_one_cluster_each(tmp_path: Path) -> None:
    code, out, err = run("graph", _case("ok-minimal"))
    assert code == 0 and out.startswith("flowchart TD\n  c1["), err
    code, out, err = run("graph", str(CONTENT), "--no-explore")
    assert code == 0, err
    assert re.findall(r"^  subgraph (s\d)\[\"Act [IV]+: .* \((act-\d)\)\"\]$", out, flags=re.M) == [
        ("s0", "act-1"), ("s1", "act-2"), ("s2", "act-3"), ("s3", "act-4")]


def test_graph_of_a_story_that_failed_to_load_points_at_lint(tmp_path: Path) -> None:
    pack = copy_golden("ok-minimal", tmp_path / "pack")
    story = next(p for p in pack.glob("*.yaml") if p.name != "pack.yaml")
    story.write_text(story.read_text(encoding="utf-8").replace("cards:", "cardz:"), encoding="utf-8")
    code, _, err = run("graph", str(pack), "--story", "act-1")
    assert code == 2
    assert "(stories: none); the content has 1 error and a story that fails to load is left out: " \
           f"run cardforge lint {pack}" in err, err


def test_json_format_is_the_same_diagnostics_as_data() -> None:
    code, out, _ = run("lint", "--format", "json", _case("unknown-card"))
    assert code == 1
    payload = json.loads(out)
    assert payload["version"] == 1
    assert payload["summary"]["errors"] == len([d for d in payload["diagnostics"] if d["severity"] == "error"])
    first = payload["diagnostics"][0]
    assert set(first) == {"code", "name", "severity", "message", "file", "line", "column", "path", "card", "hint", "url"}
    assert first["url"] == f"https://github.com/cardforge/cardforge/blob/main/docs/diagnostics.md#{first['code'].lower()}-{first['name']}"
    assert first["code"] == "CF301" and first["line"] >= 1 and first["column"] >= 1


def test_github_annotations() -> None:
    code, out, _ = run("lint", "--format", "github", _case("unknown-card"))
    assert code == 1
    assert out.startswith("::error file=") and ",line=" in out and "title=CF301 unknown-card::" in out


def test_build_writes_the_bundle_and_a_report(tmp_path: Path) -> None:
    out_file = tmp_path / "out" / "bundle.json"
    code, out, _ = run("build", str(CONTENT), "-o", str(out_file))
    assert code == 0
    assert re.match(r"cardforge build: 1 pack, \d+ stories, \d+ cards\n  checks run: +\d+\n"
                    r"  diagnostics: 0 errors, 0 warnings\n  bundle: +\S+ \([\d,]+ bytes, sha256:", out)
    data = json.loads(out_file.read_bytes())
    assert data["format"] == "cardforge-bundle" and data["content_hash"].startswith("sha256:")
    assert [p.name for p in out_file.parent.iterdir()] == ["bundle.json"]


def test_failed_build_leaves_no_partial_or_stale_bundle(tmp_path: Path) -> None:
    out_file = tmp_path / "bundle.json"
    out_file.write_text('{"content_hash": "sha256:0", "format": "cardforge-bundle"}')
    code, _, err = run("build", _case("unknown-card"), "-o", str(out_file))
    assert code == 1 and "no bundle written" in err and "removed the stale" in err
    assert list(tmp_path.iterdir()) == []


def test_build_never_replaces_a_file_that_is_not_a_bundle(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("important")
    code, _, err = run("build", _case("unknown-card"), "-o", str(notes))
    assert code == 2 and "not a cardforge bundle" in err
    assert notes.read_text() == "important"
    pack = copy_golden("ok-minimal", tmp_path / "pack")
    code, _, err = run("build", str(pack), "-o", str(pack / "story.yaml"))
    assert code == 2 and "content files" in err
    code, _, err = run("build", str(pack), "-o", str(tmp_path))
    assert code == 2 and "is a directory" in err


def test_path_shows_a_witness() -> None:
    code, out, _ = run("path", str(CONTENT), "--card", "13")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("story 'act-1': card 13 is")
    assert lines[1].strip().startswith("11 ")
    assert lines[-1].strip().startswith("13 ")


def test_path_to_an_unreachable_card_exits_1(tmp_path: Path) -> None:
    code, out, _ = run("path", str(write_pack(tmp_path, WARNINGS_ONLY)), "--card", "3")
    assert code == 1 and "cannot be reached" in out


@pytest.mark.parametrize("fmt, marker", [("dot", "digraph"), ("mermaid", "flowchart TD")])
def test_graph(fmt: str, marker: str) -> None:
    code, out, _ = run("graph", str(CONTENT), "--story", "act-1", "--format", fmt)
    assert code == 0 and out.startswith(marker)
    assert "c11" in out and "c12" in out
    if fmt == "mermaid":
        assert '-->|"' in out  # labelled edges


def test_schema_check_passes_on_the_committed_schemas(tmp_path: Path) -> None:
    code, _, err = run("schema", "--out", "schemas", "--check")
    assert code == 0, err
    code, _, _ = run("schema", "--out", str(tmp_path), "--check")
    assert code == 1
    code, _, _ = run("schema", "--out", str(tmp_path))
    assert code == 0 and (tmp_path / "bundle.schema.json").is_file()


def test_check_bundle(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "cardforge-bundle",\n "packs": [}')
    code, out, _ = run("check-bundle", str(bad))
    assert code == 1 and "not JSON" in out and "line 2" in out
    assert out.endswith(f"{bad}: 1 problem\n")
    good = tmp_path / "good.json"
    assert run("build", str(CONTENT), "-o", str(good))[0] == 0
    code, out, err = run("check-bundle", str(good))
    assert (code, out, err) == (0, f"{good}: valid\n", "")             # the verdict is on stdout


def test_an_internal_error_is_one_line_and_exit_2(monkeypatch: pytest.MonkeyPatch, capsys) -> None:  # noqa: ANN001
    import cardforge_compiler.pipeline as pipeline

    def boom(paths, **options):  # noqa: ANN001, ANN003, ANN202  (lint passes explore_budget)
        raise RuntimeError("kaboom")

    monkeypatch.setattr(pipeline, "compile_paths", boom)
    monkeypatch.setattr("sys.argv", ["cardforge", "lint", str(CONTENT)])
    with pytest.raises(SystemExit) as info:
        main()
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "internal error: RuntimeError: kaboom" in err


def test_the_command_ends_fast_with_its_output_whole_and_its_exit_code(tmp_path: Path) -> None:
    """``cardforge`` (``cli.command``) skips the interpreter's teardown: what it printed to
    a pipe, its exit code and the bundle it wrote are those of the in-process CLI."""
    copy_golden("unknown-card", tmp_path / "pack")
    command = [sys.executable, "-m", "cardforge_compiler"]
    for args in (["lint", str(tmp_path / "pack")], ["lint", str(CONTENT), "--format", "json"]):
        done = subprocess.run([*command, *args], capture_output=True, text=True, check=False)
        assert (done.returncode, done.stdout, done.stderr) == run(*args)
    bundle = tmp_path / "out.json"
    done = subprocess.run([*command, "build", str(CONTENT), "-o", str(bundle)], capture_output=True, check=False)
    assert done.returncode == 0 and b"bundle:" in done.stdout
    in_process = tmp_path / "in-process.json"
    assert run("build", str(CONTENT), "-o", str(in_process))[0] == 0
    assert bundle.read_bytes() == in_process.read_bytes()
    done = subprocess.run([*command, "lint", str(tmp_path / "nowhere")], capture_output=True, text=True, check=False)
    assert done.returncode == 1 and "no such file or folder" in done.stdout


def test_relative_paths_are_shown_as_given(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy_golden("unknown-card", tmp_path / "pack")
    monkeypatch.chdir(tmp_path)
    code, out, _ = run("lint", "pack")
    assert code == 1 and out.splitlines()[0].startswith("pack/")


def test_several_packs_in_one_bundle(tmp_path: Path) -> None:
    """Story ids are unique within a pack; pack ids everywhere."""
    first = copy_golden("ok-minimal", tmp_path / "one")
    second = copy_golden("ok-minimal", tmp_path / "two")
    code, out, _ = run("lint", str(first), str(second))
    assert code == 1 and "CF107" in out and "a pack with id 'golden'" in out and "story with id" not in out
    manifest = second / "pack.yaml"
    manifest.write_text(manifest.read_text().replace("id: golden", "id: golden-two"))
    code, _, _ = run("build", str(first), str(second), "-o", str(tmp_path / "b.json"))
    assert code == 0
    bundle = json.loads((tmp_path / "b.json").read_bytes())
    assert [p["id"] for p in bundle["packs"]] == ["golden", "golden-two"]


def test_check_bundle_refuses_a_fifo_and_a_huge_number_without_hanging(tmp_path: Path) -> None:
    """A FIFO blocked the read forever (load_bundle refuses it as not a regular file);
    a number of 5,000 digits showed Python's own wording."""
    import os

    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    code, out, _ = run("check-bundle", str(fifo))
    assert code == 1 and "$: not a regular file (a folder, a pipe or a device)" in out
    huge = tmp_path / "huge.json"
    huge.write_text('{"format": "cardforge-bundle", "n": ' + "9" * 5000 + "}", encoding="utf-8")
    code, out, _ = run("check-bundle", str(huge))
    assert code == 1 and "a number has thousands of digits, beyond ±18446744073709551615" in out


def test_help_and_version_load_no_heavy_module() -> None:
    """``cardforge --help`` and ``--version`` start fast (bench: < 100 ms): the commands
    import pydantic, networkx, ruamel.yaml, jsonschema-rs and the runtime only when
    they run (``play`` included)."""
    import subprocess
    import sys

    code = ("import sys; from cardforge_compiler.cli import cli; "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'pydantic', 'networkx', 'ruamel', "
            "'jsonschema_rs', 'cardforge_runtime'}))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_a_closed_stdout_gives_no_traceback(tmp_path: Path) -> None:
    """``cardforge board ... >&-`` (standard output closed before Python starts:
    ``sys.stdout`` is None) ended in an AttributeError traceback while flushing the
    streams at exit. Like Python's own ``print``, nothing is shown and the command's
    exit code stands."""
    bundle = tmp_path / "b.json"
    assert run("build", str(CONTENT), "-o", str(bundle))[0] == 0
    layout = next(iter(json.loads(bundle.read_bytes())["packs"][0]["board"]["layouts"]))
    done = subprocess.run(["sh", "-c", 'exec "$@" >&-', "sh", sys.executable, "-m", "cardforge_compiler",
                           "board", str(bundle), "--layout", layout], capture_output=True, text=True, check=False)
    assert (done.returncode, done.stderr) == (0, "")


def test_graph_output_that_cannot_be_written_is_a_usage_error(tmp_path: Path) -> None:
    """``cardforge graph -o`` under a file, or into a link loop, was "internal error"."""
    copy_golden("ok-minimal", tmp_path / "pack")
    (tmp_path / "afile").write_text("x")
    (tmp_path / "loop1").symlink_to(tmp_path / "loop2")
    (tmp_path / "loop2").symlink_to(tmp_path / "loop1")
    for target in (tmp_path / "afile" / "g.dot", tmp_path / "loop1"):
        code, _, err = run("graph", str(tmp_path / "pack"), "-o", str(target))
        assert code == 2 and f"cannot write {target}" in err and "internal error" not in err, err


def test_lint_explore_budget_default_is_the_stage_s() -> None:
    """`cardforge lint --explore-budget` defaults to the explore stage's own default."""
    from cardforge_compiler.cli.build import lint
    from cardforge_compiler.explore.stage import DEFAULT_LINT_BUDGET

    option = next(p for p in lint.params if p.name == "explore_budget")
    assert option.default == DEFAULT_LINT_BUDGET == 1_500


def test_the_explorer_line_names_the_way_further_that_helps():
    """A story stopped by the budget: `cardforge explore` goes further; one whose counts
    were abstracted: a higher `--bound` (exploring longer would not help it)."""
    from types import SimpleNamespace

    from cardforge_compiler.report import exploration_note

    def run(story, complete, clamped, summary):
        return SimpleNamespace(story=story, states=10, complete=complete, clamped=clamped, proven=False,
                               summary=lambda: summary)

    counted = run("mill", True, True, "explored 10 states in 1 setup (9 answers); counters, coins and copies above "
                  "20 abstracted; exploration complete, so only what it saw is reported")
    result = SimpleNamespace(explore_skipped=None, explorations=[counted])
    assert exploration_note(result) == ("state explorer: 10 states; 0 stories proven; not proven: mill (counters, "
                                        "coins and copies above 20 abstracted); `cardforge explore PATH --story ID "
                                        "--bound N` keeps higher counts exact")
    result.explorations = [counted, run("act-1", False, False, ""), run("act-2", False, False, "")]
    assert exploration_note(result) == (
        "state explorer: 30 states; 0 stories proven; not proven: mill (counters, coins and copies above 20 "
        "abstracted); act-1, act-2 (stopped at their share of the budget); `cardforge explore PATH --story ID` goes "
        "further, `cardforge explore PATH --story ID --bound N` keeps higher counts exact")
