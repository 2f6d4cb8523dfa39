"""``--format github``: GitHub Actions workflow commands, within GitHub's limits.

GitHub shows at most 10 annotations of each type (error, warning, notice) from one
step and 50 from one job; the rest are dropped without a word. So cardforge writes
the errors first (at most :data:`MAX_PER_TYPE`), then the warnings (at most
:data:`MAX_PER_TYPE`), and groups every diagnostic left over in one ``::notice``
line with its count by code. With ``GITHUB_STEP_SUMMARY`` set (as in every Actions
step) it also appends a Markdown summary to that file: the counts by code and every
diagnostic (the first :data:`MAX_SUMMARY_LINES`), so nothing is lost. One step
writes at most 10 errors, 10 warnings and 2 notices: 22 of a job's 50.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from typing import TYPE_CHECKING

import click

from cardforge_compiler.report import context_note, github_line, plural, shown, text_lines, verdict_line

if TYPE_CHECKING:
    from cardforge_compiler.diagnostics import Diagnostic
    from cardforge_compiler.pipeline import CompileResult

__all__ = ["MAX_PER_JOB", "MAX_PER_TYPE", "MAX_SUMMARY_LINES", "github_lines", "github_report", "step_summary"]

#: GitHub's limits: annotations of one type shown from a step, and of all types from a job.
MAX_PER_TYPE, MAX_PER_JOB = 10, 50
#: Diagnostics listed one by one in the step summary (a step summary holds at most 1 MiB).
MAX_SUMMARY_LINES = 1000

_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _annotated(diagnostics: list[Diagnostic]) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """The diagnostics to write as annotations (errors first, then warnings, at most
    :data:`MAX_PER_TYPE` of each, each kind in report order) and those left over."""
    shown_: list[Diagnostic] = []
    for severity in ("error", "warning"):
        shown_ += [d for d in diagnostics if d.severity.value == severity][:MAX_PER_TYPE]
    kept = {id(d) for d in shown_}
    return shown_, [d for d in diagnostics if id(d) not in kept]


def _by_code(diagnostics: list[Diagnostic]) -> list[tuple[str, str, str, int]]:
    """``(code, name, severity, count)`` per code, in code order."""
    counts = Counter(d.code for d in diagnostics)
    first = {d.code: d for d in reversed(diagnostics)}
    return [(code, first[code].name, first[code].severity.value, counts[code]) for code in sorted(counts)]


def github_lines(result: CompileResult, summary_written: bool = False) -> list[str]:
    """The workflow commands for ``result``: the annotated diagnostics (:func:`github_line`
    each), then, when some are left over, one ``::notice`` with their count by code
    (``::notice title=cardforge::12 more problems not annotated (GitHub shows at most
    10 errors and 10 warnings of a step): 11 CF301 unknown-card, 1 CF402 dead-end``,
    ``; the step summary lists them all`` when ``summary_written``), then the context
    note (``::notice::1 error in ...``) when there is one."""
    annotated, rest = _annotated(result.diagnostics)
    lines = [github_line(d) for d in annotated]
    if rest:
        counts = ", ".join(f"{n} {code} {name}" for code, name, _, n in _by_code(rest))
        lines.append(f"::notice title=cardforge::{plural(len(rest), 'more problem')} not annotated (GitHub shows at "
                     f"most {MAX_PER_TYPE} errors and {MAX_PER_TYPE} warnings of a step): {counts}"
                     + ("; the step summary lists them all" if summary_written else ""))
    note = context_note(result)
    if note:
        lines.append("::notice::" + shown(note.removeprefix("note: ")).replace("%", "%25"))
    return lines


def _fence(lines: list[str]) -> str:
    """A Markdown code fence longer than any run of backticks in ``lines``, so that
    author text cannot close it."""
    longest = max((len(run) for line in lines for run in re.findall("`+", line)), default=0)
    return "`" * max(3, longest + 1)


def step_summary(result: CompileResult) -> str:
    """The Markdown appended to ``$GITHUB_STEP_SUMMARY``: a heading with the verdict,
    a table of counts by code (code, name, severity, count, annotated) and every
    diagnostic in the ``text`` format's first line inside a code block (the first
    :data:`MAX_SUMMARY_LINES`; then ``... and N more``). Author text stays inside
    the code block (escaped with :func:`shown`; the fence outgrows its backticks)."""
    annotated, _ = _annotated(result.diagnostics)
    on_screen = Counter(d.code for d in annotated)
    out = [f"### cardforge: {verdict_line(result)}", ""]
    if result.diagnostics:
        out += ["| code | name | severity | count | annotated |", "|---|---|---|---:|---:|"]
        out += [f"| {code} | {name} | {severity} | {n} | {on_screen[code]} |"
                for code, name, severity, n in _by_code(result.diagnostics)]
        listed = [_ANSI.sub("", text_lines(d)).split("\n", 1)[0] for d in result.diagnostics[:MAX_SUMMARY_LINES]]
        left = len(result.diagnostics) - len(listed)
        if left:
            listed.append(f"... and {plural(left, 'more diagnostic')}: run `cardforge lint` to see them")
        fence = _fence(listed)
        out += ["", fence + "text", *listed, fence]
    note = context_note(result)
    if note:
        out += ["", shown(note)]
    return "\n".join(out) + "\n\n"


def github_report(result: CompileResult) -> None:
    """Print :func:`github_lines` to stdout; first append :func:`step_summary` to the
    file named by ``GITHUB_STEP_SUMMARY`` when it is set (appended, as GitHub asks of
    every step; a file that cannot be written is said on stderr, and the exit code is
    unchanged)."""
    written = False
    target = os.environ.get("GITHUB_STEP_SUMMARY")
    if target:
        try:
            with open(target, "a", encoding="utf-8") as handle:
                handle.write(step_summary(result))
            written = True
        except OSError as error:
            click.echo(f"cardforge: cannot write GITHUB_STEP_SUMMARY ({shown(target)}): "
                       f"{error.strerror or error}", err=True)
    for line in github_lines(result, summary_written=written):
        click.echo(line)
