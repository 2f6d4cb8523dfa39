"""Output formats (compiler/cardforge_compiler/report.py) and author text in them:
no line of a human format begins with author text, control characters are shown escaped."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from cardforge_compiler.cli import cli
from cardforge_compiler.diagnostics import Diagnostic
from cardforge_compiler.report import github_line, safe_lead, shown, text_lines
from _helpers import ANSI, write_pack

FORGED = "Go on\n::error file=README.md,line=1::injected\x1b[2J\r\x85\u2028end"


def forged(line: str) -> bool:
    """Whether GitHub's runner would read ``line`` as a workflow command (it strips
    leading spaces first), or the line holds a raw control character."""
    return line.lstrip().startswith("::") or any(c in line for c in "\x1b\r\x85\u2028")


def test_shown_escapes_control_characters_only() -> None:
    assert shown(FORGED) == "Go on\\n::error file=README.md,line=1::injected\\x1b[2J\\r\\x85\\u2028end"
    assert shown("Agilité, Épée, D'Artagnan ─ 剣") == "Agilité, Épée, D'Artagnan ─ 剣"
    assert shown("tab\there\x7f\ud800") == "tab\\there\\x7f\\ud800"


def test_safe_lead_puts_dot_slash_before_a_path_starting_with_punctuation() -> None:
    assert safe_lead("::error x.yaml") == "./::error x.yaml"
    assert safe_lead("content/act1.yaml") == "content/act1.yaml"
    assert safe_lead("../a.yaml") == "../a.yaml" and safe_lead("_a.yaml") == "_a.yaml"
    assert safe_lead("#x\n.yaml") == "./#x\\n.yaml"


def test_text_format_of_a_diagnostic_with_forged_text() -> None:
    diag = Diagnostic("CF103", f"unknown field '{FORGED}'", file="::error file=a::b.yaml", line=3, column=5,
                      path=("cards", 0, FORGED), hint=f"remove '{FORGED}'")
    assert ANSI.sub("", text_lines(diag)).split("\n") == [
        "./::error file=a::b.yaml:3:5: CF103 error: unknown field 'Go on\\n::error file=README.md,line=1::injected"
        "\\x1b[2J\\r\\x85\\u2028end' [unknown-field]",
        "  at cards[0].Go on\\n::error file=README.md,line=1::injected\\x1b[2J\\r\\x85\\u2028end",
        "  help: remove 'Go on\\n::error file=README.md,line=1::injected\\x1b[2J\\r\\x85\\u2028end'",
        "  = see: https://github.com/cardforge/cardforge/blob/main/docs/diagnostics.md#cf103-unknown-field",
    ]


def test_github_format_of_a_diagnostic_with_forged_text() -> None:
    diag = Diagnostic("CF103", f"unknown field '{FORGED}'", file="a,b:c.yaml", line=3, column=5, hint="remove it")
    assert github_line(diag) == (
        "::error file=a%2Cb%3Ac.yaml,line=3,col=5,title=CF103 unknown-field::unknown field 'Go on%0A::error "
        "file=README.md,line=1::injected\\x1b[2J%0D\\x85\\u2028end' (help: remove it)")


STORY = """\
kind: story
id: s
title: Forged
start: 1
cards:
  - id: 1
    title: One
    steps:
      - choice:
          - text: "Go on\\n::error file=README.md,line=1::injected\\e[2J"
            goto: 2
      - goto: 2
  - id: 2
    title: Two
    steps:
      - victory: Done
"""


def test_lint_never_starts_a_line_with_author_text(tmp_path: Path) -> None:
    """An unknown key holding a line break and a workflow command is quoted by CF103:
    it stays on the diagnostic's line, escaped, in the text and github formats."""
    pack = write_pack(tmp_path / "p", STORY)
    bad_key = pack / "story.yaml"
    bad_key.write_text(bad_key.read_text(encoding="utf-8").replace(
        "    title: Two\n", '    title: Two\n    "x\\n::error file=README.md,line=1::injected\\e[2J": 1\n'),
        encoding="utf-8")
    for fmt in ("text", "github"):
        result = CliRunner().invoke(cli, ["lint", str(pack), "--format", fmt])
        assert result.exit_code == 1
        assert "injected" in result.stdout                               # the text is shown...
        lines = result.stdout.splitlines()
        if fmt == "github":                                              # one command per diagnostic, ours
            assert len(lines) == 1 and all(line.startswith("::error file=") for line in lines), lines
            lines = [line.split("::", 2)[2] for line in lines]
        assert not [line for line in lines if forged(line)], result.stdout   # ...never as a line


def test_play_never_starts_a_line_with_author_text(tmp_path: Path) -> None:
    from _runtime_helpers import BOARDS, make_bundle

    boards = [dict(BOARDS[0], name="::warning::Anne\x1b[31m"), BOARDS[1]]
    bundle = make_bundle([
        {"id": 1, "title": FORGED, "text": FORGED, "steps": [
            {"kind": "text", "text": FORGED},
            {"kind": "choice", "options": [{"text": FORGED, "if": None, "if_source": None, "steps": [], "goto": 2}]}]},
        {"id": 2, "steps": [{"kind": "victory", "text": FORGED}]}], introduction=FORGED, characters=boards)
    bundle["packs"][0]["stories"][0]["title"] = FORGED
    path = tmp_path / "b.json"
    path.write_text(json.dumps(bundle), encoding="utf-8")
    (tmp_path / "a.json").write_text(json.dumps([{}, {}, {}, {"option": 0}, {}, {}]), encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "cardforge_compiler", "play", str(path), "--story", "s",
                             "--players", "2", "--seed", "1", "--answers", str(tmp_path / "a.json")],
                            capture_output=True, text=True, env={**os.environ, "NO_COLOR": "1", "COLUMNS": "60"})
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "injected" in result.stdout and "\\x1b[2J" in result.stdout
    assert not [line for line in lines if forged(line)], result.stdout
    assert lines[6:9] == ["│ Go on", "│ ::error", "│ file=README.md,line=1::injected\\x1b[2J\\r\\x85\\u2028end"]
    assert lines[lines.index("  1 │ Go on") + 1].startswith("    │ ::error")  # an option's number, then a margin
    assert "  - ::warning::Anne\\x1b[31m: Health 3/3, Destiny 2/2; items: Rapier" in lines


def test_graph_labels_and_usage_errors_escape_author_text(tmp_path: Path) -> None:
    story = STORY.replace("title: One", 'title: "One\\e[2J\\u0085"')
    pack = write_pack(tmp_path / "p", story.replace('"Go on\\n::error file=README.md,line=1::injected\\e[2J"',
                                                     '"Go\\e]0;pwned\\u0007 on"'))
    for fmt in ("mermaid", "dot"):
        result = CliRunner().invoke(cli, ["graph", str(pack), "--format", fmt])
        assert result.exit_code == 0, result.output
        assert "\x1b" not in result.stdout and "\x07" not in result.stdout and "\x85" not in result.stdout
        out = result.stdout if fmt == "mermaid" else result.stdout.replace("\\\\", "\\")   # DOT escapes '\\'
        assert "One\\x1b[2J" in out and "Go\\x1b]0;pwned\\x07 on" in out
    result = CliRunner().invoke(cli, ["graph", str(pack), "--story", "act\x1b[2J"])
    assert result.exit_code == 2 and "\x1b" not in result.output and "act\\x1b[2J" in result.output


def test_bidirectional_overrides_are_escaped() -> None:
    """U+202E (right-to-left override) and its kin reorder what follows on the line: a
    name typed at play time like '\\u202eZ' printed raw (breaker)."""
    from cardforge_compiler.report import shown

    assert shown("a\u202eZ\u2066b\u2069") == "a\\u202eZ\\u2066b\\u2069"
    assert shown("Épée ⚔") == "Épée ⚔"
