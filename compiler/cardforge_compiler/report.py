"""Output formats shared by the command line, the terminal player and the tests.

``lint`` and ``build`` report diagnostics as ``text`` (people), ``concise`` (one line
each), ``json`` (tools; its JSON Schema is :mod:`.report_schema`), ``github`` (GitHub
Actions workflow commands, within GitHub's limits: :mod:`.report_github`) or ``sarif``
(SARIF 2.1.0 for code scanning: :mod:`.report_sarif`). Exit codes live here too, so
that every command and front end uses the same ones.

Author text (card text, option text, names, keys, file names) is untrusted: a
bundle or a content file must not be able to drive the terminal or forge a CI
annotation. So, in every human format:

- control characters (C0, DEL, C1, U+2028/U+2029) and lone surrogates are shown
  escaped (:func:`shown`: ``\\n``, ``\\x1b``, ``\\u2028``), so author text never
  starts a new line nor moves the cursor;
- no output line begins with author text: each line starts with cardforge's own
  words or marks (GitHub's runner strips leading spaces before it looks for
  ``::``, so an indent alone is not enough). :func:`safe_lead` puts ``./`` before
  a file path that starts with anything other than a letter, digit, ``.``, ``/``,
  ``_`` or ``~``.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

import click

from cardforge_compiler.codes._registry import DOCS_URL

if TYPE_CHECKING:
    from cardforge_compiler.diagnostics import Diagnostic
    from cardforge_compiler.pipeline import CompileResult

__all__ = [
    "EXIT_CLEAN",
    "EXIT_PROBLEMS",
    "EXIT_STUCK",
    "EXIT_USAGE",
    "EXIT_INTERRUPTED",
    "FORMATS",
    "ConfigError",
    "DOCS_URL",
    "concise_line",
    "github_line",
    "help_uri",
    "json_report",
    "plural",
    "report",
    "safe_lead",
    "shown",
    "summary",
    "text_lines",
    "trailer",
    "verdict_line",
]

#: Exit codes of every command: clean; problems found; usage, configuration or internal
#: error; (``play``) the story got stuck, a content error; interrupted with Ctrl-C.
EXIT_CLEAN, EXIT_PROBLEMS, EXIT_USAGE, EXIT_STUCK, EXIT_INTERRUPTED = 0, 1, 2, 3, 130

FORMATS = ("text", "json", "github", "concise", "sarif")

#: Where the documentation is published (pyproject's ``[project.urls] Documentation``);
#: :func:`help_uri` links each code's section of ``diagnostics.md`` from it.
def help_uri(code: str) -> str:
    """The web address of a registered code's section of ``docs/diagnostics.md``:
    ``help_uri("CF402")`` is ``<DOCS_URL>diagnostics.md#cf402-dead-end`` (the anchor
    GitHub gives the heading ``## CF402 dead-end``; the registry's ``Code.url``).
    Raises ``KeyError`` for a code that is not registered."""
    from cardforge_compiler.diagnostics import RULES

    return RULES[code].url


class ConfigError(click.ClickException):
    """A usage or configuration error: exit code 2 (click's own exit 1 would look
    like "problems found"). The message is shown as ``Error: <message>``, with
    control characters escaped (it may quote a story id or a name from the content)."""

    exit_code = EXIT_USAGE

    def format_message(self) -> str:
        return shown(self.message)


_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def shown(text: str) -> str:
    """``text`` safe to print on one terminal line: control characters (C0, DEL, C1,
    U+2028, U+2029), the bidirectional overrides and isolates (U+202A-U+202E,
    U+2066-U+2069, which reorder what follows on the line) and lone surrogates escaped as ``\\n``, ``\\r``, ``\\t``, ``\\x1b``,
    ``\\u2028``. Printable text, including non-ASCII letters, is unchanged."""
    return _CONTROL.sub(_escape, text)


_SAFE_START = re.compile(r"[\w./~]")


def safe_lead(path: str) -> str:
    """A file path (escaped with :func:`shown`) fit to begin an output line: ``./``
    is put before a path that starts with anything but a letter, digit, ``.``, ``/``,
    ``_`` or ``~`` (``::error x.yaml`` becomes ``./::error x.yaml``, the same file)."""
    path = shown(path)
    return path if _SAFE_START.match(path) else "./" + path


def plural(n: int, word: str) -> str:
    """``1 story``, ``2 stories``, ``3 successes``, ``4 coins``: a count and its noun."""
    if n == 1:
        return f"{n} {word}"
    if word.endswith("y"):
        return f"{n} {word[:-1]}ies"
    return f"{n} {word}es" if word.endswith("s") else f"{n} {word}s"


_COLOURS = {"error": "red", "warning": "yellow"}


def text_lines(diag: Diagnostic, more: tuple[str, ...] = ()) -> str:
    """One diagnostic in the ``text`` format: ``file:line:col: CODE severity: message
    [name]``, then ``  at <field path>``, ``  help: <hint>`` and ``  witness: ...``
    lines when there are, and last ``  = see: <the code's section of
    docs/diagnostics.md>`` (with colour when click enables it); ``more``, lines
    that begin with cardforge's text, go just before the ``see`` line. Every line
    begins with cardforge's text."""
    where = safe_lead(diag.file) if diag.file else "<input>"
    if diag.line is not None:
        where += f":{diag.line}:{diag.column}"
    severity = click.style(diag.severity.value, fg=_COLOURS[diag.severity.value], bold=True)
    out = (f"{click.style(where, bold=True)}: {click.style(diag.code, bold=True)} {severity}: "
           f"{shown(diag.message)} [{diag.name}]")
    if diag.path:
        out += f"\n  at {shown(diag.field_path())}"
    if diag.hint:
        out += f"\n  {click.style('help', fg='cyan')}: {shown(diag.hint)}"
    if diag.witness is not None:
        out += f"\n  witness: {shown(witness_words(diag.witness))}"
    return "\n".join((out, *more, f"  = see: {diag.url}"))


def concise_line(diag: Diagnostic) -> str:
    """One diagnostic on one line, for ``--format concise``: ``file:line:col: CODE
    message`` (``file: CODE message`` for a problem of a whole file; no field path,
    hint or witness). Author text is escaped as in :func:`text_lines`."""
    where = safe_lead(diag.file) if diag.file else "<input>"
    if diag.line is not None:
        where += f":{diag.line}:{diag.column}"
    return f"{where}: {diag.code} {shown(diag.message)}"


def witness_words(witness: dict[str, Any]) -> str:
    """``14 answers from the start, 2 players (D'Artagnan, Athos); cardforge explore
    --witness-dir DIR writes them``: a state explorer finding's witness in words."""
    setup = witness["setup"]
    who = ", ".join(setup["characters"])
    players = f"Solo Play ({who})" if setup["players"] == 1 else f"{setup['players']} players ({who})"
    return (f"{plural(len(witness['answers']), 'answer')} from the start, {players}; "
            f"`cardforge explore --witness-dir DIR` writes them for `cardforge play --answers`")


def github_line(diag: Diagnostic) -> str:
    """One diagnostic as a GitHub Actions workflow command
    (``::error file=F,line=L,col=C,title=CODE name::message``), escaped as the runner
    unescapes it: ``%``, CR and LF everywhere, ``:`` and ``,`` in properties; other
    control characters are shown escaped (:func:`shown`)."""

    def esc(text: str) -> str:
        text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
        return shown(text)

    def prop(text: str) -> str:
        return esc(text).replace(":", "%3A").replace(",", "%2C")

    props = [f"file={prop(diag.file)}"] if diag.file else []
    if diag.line is not None:
        props += [f"line={diag.line}", f"col={diag.column}"]
    props.append(f"title={diag.code} {diag.name}")
    message = diag.message + (f" (help: {diag.hint})" if diag.hint else "")
    return f"::{diag.severity.value} {','.join(props)}::{esc(message)}"


def summary(result: CompileResult) -> dict[str, int]:
    """The counts of a run: files, packs, stories, cards, checks run, errors, warnings,
    errors in context files, and (``suppressed``, only when there are some) the
    diagnostics suppressed by comments (docs/suppressions.md)."""
    return {
        "files": len(result.named_files),
        "packs": sum(1 for p in result.packs if p.manifest is not None),
        "stories": result.story_count,
        "cards": result.card_count,
        "checks_run": result.checks_run,
        "errors": len(result.errors),
        "warnings": len(result.warnings),
        "context_errors": len(result.context_errors),
        # only when comments suppressed some (docs/suppressions.md): reports without stay as they were
        **({"suppressed": len(result.suppressed)} if result.suppressed else {}),
    }


def report(result: CompileResult, fmt: str) -> None:
    """Print the diagnostics of ``result`` to stdout in ``fmt`` (one of :data:`FORMATS`).

    ``json``: :func:`json_report` (``docs/diagnostics.md``, ``schemas/lint-report.schema.json``),
    with ``"suppressed": [...]`` when comments suppressed some (docs/suppressions.md);
    ``github``: workflow commands within GitHub's limits (:mod:`.report_github`);
    ``sarif``: one SARIF 2.1.0 log (:mod:`.report_sarif`); ``text``: the diagnostics,
    then a summary line (``(N suppressed)`` when N > 0); ``concise``: one line per
    diagnostic, then the same summary.
    """
    if fmt == "json":
        click.echo(json.dumps(json_report(result), indent=2, ensure_ascii=False))
        return
    if fmt == "sarif":
        from cardforge_compiler.report_sarif import sarif_log

        click.echo(json.dumps(sarif_log(result), indent=2, ensure_ascii=False))
        return
    if fmt == "github":
        from cardforge_compiler.report_github import github_report

        github_report(result)
        return
    line = concise_line if fmt == "concise" else text_lines
    for diag in result.diagnostics:
        click.echo(line(diag))
    for tail in trailer(result):
        click.echo(tail)


def json_report(result: CompileResult) -> dict[str, Any]:
    """The ``--format json`` document: ``{"version": 1, "summary": {...},
    "diagnostics": [...]}``, plus ``suppressed`` when comments suppressed some
    (docs/suppressions.md) and ``exploration`` when the state explorer ran or was
    skipped (its JSON Schema: :data:`cardforge_compiler.report_schema.LINT_REPORT_SCHEMA`)."""
    payload: dict[str, Any] = {"version": 1, "summary": summary(result),
                               "diagnostics": [d.to_dict() for d in result.diagnostics]}
    if result.suppressed:
        payload["suppressed"] = [d.to_dict() for d in result.suppressed]
    if result.explorations or result.explore_skipped:
        payload["exploration"] = {
            "skipped": result.explore_skipped,
            "stories": [{"pack": e.pack, "story": e.story, "states": e.states, "complete": e.complete,
                         "proven": e.proven, "summary": e.summary()} for e in result.explorations]}
    return payload


def verdict_line(result: CompileResult) -> str:
    """``no problems in 38 files (6 stories, 59 cards, 382 checks run)`` or ``1 error,
    0 warnings in ...``: the summary line of the ``text`` and ``concise`` formats."""
    s = summary(result)
    verdict = ("no problems" if not result.diagnostics
               else f"{plural(s['errors'], 'error')}, {plural(s['warnings'], 'warning')}")
    if result.suppressed:
        verdict += f" ({s['suppressed']} suppressed)"
    return (f"{verdict} in {plural(s['files'], 'file')} ({plural(s['stories'], 'story')}, "
            f"{plural(s['cards'], 'card')}, {plural(s['checks_run'], 'check')} run)")


def trailer(result: CompileResult) -> list[str]:
    """The lines after the diagnostics in ``text`` and ``concise``: the summary line,
    then the state explorer's line and the context note when there are any."""
    return [line for line in (verdict_line(result), exploration_note(result), context_note(result)) if line]


def exploration_note(result: CompileResult) -> str | None:
    """One line on the state explorer's run (``None`` when it was not asked for):
    ``state explorer: 1,500 states; 4 stories proven; not proven: act-1, act-2
    (stopped at their share of the budget); `cardforge explore PATH --story ID` goes
    further`` (``--bound N`` named when counts were abstracted), or why it did not
    run."""
    if result.explore_skipped:
        return f"state explorer: not run: {result.explore_skipped}"
    runs = result.explorations
    if not runs:
        return None
    states = sum(e.states for e in runs)
    proven = sum(1 for e in runs if e.proven)
    why: dict[str, list[str]] = {}
    for e in runs:
        if not e.proven:
            reason = ("stopped at {their} share of the budget" if not e.complete
                      else e.summary().split("; ", 1)[1].removesuffix("; exploration complete, so only what it saw is "
                                                                        "reported"))
            why.setdefault(reason, []).append(e.story)
    line = f"state explorer: {states:,} {'state' if states == 1 else 'states'}; {plural(proven, 'story')} proven"
    if why:
        line += "; not proven: " + "; ".join(
            f"{', '.join(names)} ({reason.format(their='its' if len(names) == 1 else 'their')})"
            for reason, names in why.items())
        hints = []
        if any(not e.complete for e in runs):
            hints.append("`cardforge explore PATH --story ID` goes further")
        if any(e.clamped for e in runs if not e.proven):
            hints.append("`cardforge explore PATH --story ID --bound N` keeps higher counts exact")
        if hints:
            line += "; " + ", ".join(hints)
    return line


def context_note(result: CompileResult) -> str | None:
    """``note: ...`` when files read only as the context of the named files (the rest of
    their packs) have errors, which are not reported; ``None`` otherwise."""
    errors = result.context_errors
    if not errors:
        return None
    from cardforge_compiler.diagnostics import listed

    files = list(dict.fromkeys(d.file for d in errors))
    return (f"note: {plural(len(errors), 'error')} in {listed(shown(f) for f in files)}, read as the context of the "
            f"files named, not shown: lint the pack folder to see them")
