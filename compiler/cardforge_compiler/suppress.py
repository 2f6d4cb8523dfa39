"""Apply suppression comments (``# cardforge: ignore[CF401]``) to a run's diagnostics.

Each file's comments are read with its text (:func:`cardforge_compiler.suppress_read.read_suppressions`,
kept in ``SourceFile.suppressions``); :func:`apply_suppressions` takes the
positioned diagnostics of a run and splits them into those reported and those
suppressed, and adds the warnings about the comments themselves:

- ``CF011`` unknown-suppression: a comment that is not a suppression cardforge reads
  (``# cardforge: ignor[CF401]``, no brackets, nothing named), names a code or rule
  name cardforge does not know, or one that cannot be suppressed (:func:`is_suppressible`);
- ``CF012`` unused-suppression: a code named that suppressed nothing in this run.
  Not reported where the run could not tell: for a ``CF9xx`` code unless the state
  explorer ran and proved the story the comment is in (``lint`` without
  ``--no-explore``, on content without errors, within the budget; the story, not the
  file: a file may hold several, ``---``), for a code of a stage that did not run
  (the translation checks, ``CF65x``, skip content with errors), and in a file that
  could not be read or holds a document of the wrong shape (``CF0xx``/``CF1xx``
  errors: the later stages skipped it).

Suppressed diagnostics are kept (``CompileResult.suppressed``): they are counted in
the summary (``N suppressed``) and in ``--format json``. docs/suppressions.md.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from cardforge_compiler.diagnostics import RULES, Diagnostic, Severity, closest, did_you_mean
from cardforge_compiler.load import SourceFile
from cardforge_compiler.suppress_read import FILE, Suppression

__all__ = ["SUPPRESSIBLE_ERRORS", "Suppressed", "apply_suppressions", "is_suppressible", "resolve_name"]

#: Families whose errors can be suppressed: those about play (the story graph and its
#: flags and choices, CF4xx/CF5xx; the state explorer, CF9xx), after which the bundle
#: is built just the same. Any other error means content the bundle cannot hold or the
#: runtime refuses (a file not read, a document of the wrong shape, a card or name that
#: does not exist): it cannot be suppressed. Warnings can, but CF011/CF012 themselves.
SUPPRESSIBLE_ERRORS = ("CF4", "CF5", "CF9")
#: The families of errors whose suppressions are not checked for use in a file that has
#: one: the file, or a document of it, was left out of the later stages.
_UNCHECKED = ("CF0", "CF1")

_NAMES = {rule.name: code for code, rule in RULES.items()}


def is_suppressible(code: str) -> bool:
    """Whether a comment may suppress ``code``: a warning (but CF011 and CF012), or an
    error of :data:`SUPPRESSIBLE_ERRORS`."""
    if code in ("CF011", "CF012"):
        return False
    return RULES[code].severity is Severity.WARNING or code.startswith(SUPPRESSIBLE_ERRORS)


def resolve_name(written: str) -> str | None:
    """The code a suppression names: ``CF401``, ``cf401`` or ``unreachable-card``
    (any case) give ``"CF401"``; ``None`` for a name cardforge does not know."""
    upper, lower = written.upper(), written.lower()
    if upper in RULES:
        return upper
    return _NAMES.get(lower)


@dataclass
class Suppressed:
    """What :func:`apply_suppressions` made of a run's diagnostics: ``kept`` (reported,
    with the new CF011/CF012 warnings, sorted) and ``suppressed`` (covered by a
    comment; sorted)."""

    kept: list[Diagnostic] = field(default_factory=list)
    suppressed: list[Diagnostic] = field(default_factory=list)


_FORMS = ("write `# cardforge: ignore[CF401]` (this line and what is nested under it) or "
          "`# cardforge: ignore-file[CF401]` (the whole file); see docs/suppressions.md")


def _malformed(sf: SourceFile, supp: Suppression) -> Diagnostic:
    if supp.problem == "verb":
        verb = supp.written.split(":", 1)[1].strip().split("[")[0]
        message = f"'{supp.written}' is not a suppression cardforge reads"
        guess = closest(verb, ["ignore", "ignore-file"])
        hint = f"did you mean `# cardforge: {guess}[...]`?" if guess else _FORMS
    elif supp.problem == "brackets":
        message = f"'{supp.written}' names no code in brackets: cardforge has no suppression of everything"
        hint = "name the codes it suppresses: `# cardforge: ignore[CF401]`"
    else:
        message = f"'{supp.written}' names no code"
        hint = "name the codes it suppresses, or remove the comment"
    return Diagnostic("CF011", message, file=sf.display, line=supp.line, column=supp.column, hint=hint)


def _guess(name: str) -> str | None:
    """"did you mean" a code (``CF4O1``, with a letter O, -> ``CF401``) or a rule name."""
    if name[:2].upper() == "CF":
        digits = name[2:].upper().replace("O", "0").replace("I", "1").replace("L", "1")
        if "CF" + digits in RULES:
            return f"did you mean {'CF' + digits}?"
        return did_you_mean(name.upper(), list(RULES))
    return did_you_mean(name.lower(), list(_NAMES))


def _unknown(sf: SourceFile, supp: Suppression, name: str, column: int, code: str | None) -> Diagnostic:
    if code is None and len(name.split()) > 1:        # `ignore[CF401 CF402]`: a comma left out
        verb = "ignore-file" if supp.scope == FILE else "ignore"
        return Diagnostic("CF011", f"'{name}' is not a cardforge diagnostic code or rule name: several names "
                                   f"must be separated by commas", file=sf.display, line=supp.line, column=column,
                          hint=f"write `# cardforge: {verb}[{', '.join(name.split())}]`")
    if code is None:
        return Diagnostic("CF011", f"'{name}' is not a cardforge diagnostic code or rule name", file=sf.display,
                          line=supp.line, column=column,
                          hint=_guess(name) or "name a code such as CF401 or a rule name such as unreachable-card "
                                               "(docs/diagnostics.md lists them)")
    why = ("it is about the suppression comments themselves" if code in ("CF011", "CF012")
           else "the bundle cannot hold such content, or the runtime refuses it (only the errors CF4xx, CF5xx "
                "and CF9xx, about play, and warnings can be suppressed)")
    return Diagnostic("CF011", f"{code} ({RULES[code].name}) cannot be suppressed: {why}",
                      file=sf.display, line=supp.line, column=column,
                      hint=f"fix the problem itself, and remove {name} from the comment")


def _unused(sf: SourceFile, supp: Suppression, name: str, column: int, code: str) -> Diagnostic:
    where = ("in this file" if supp.scope == FILE
             else "anywhere: no YAML follows the comment" if not supp.first
             else f"on line {supp.first}" if supp.first == supp.last
             else f"on lines {supp.first}-{supp.last}")
    return Diagnostic("CF012", f"the suppression of {code} ({RULES[code].name}) suppressed nothing: no {code} is "
                               f"reported {where}",
                      file=sf.display, line=supp.line, column=column,
                      hint=f"remove {name} from the comment (or the comment, if it names nothing else)")


def _proven(display: str, supp: Suppression, proven: set[tuple[str, int]], in_file: dict[str, set[int]]) -> bool:
    """Whether the explorer proved what ``supp`` covers: its document's story, or
    (``ignore-file``) every story of the file."""
    if supp.scope == FILE:
        documents = in_file.get(display)
        return bool(documents) and all((display, index) in proven for index in documents)
    return (display, supp.document) in proven


def apply_suppressions(diagnostics: Iterable[Diagnostic], files: Iterable[SourceFile],
                       proven: set[tuple[str, int]] | None = None, *,
                       stories: set[tuple[str, int]] | None = None,
                       stages_skipped: Iterable[str] = ()) -> Suppressed:
    """Split ``diagnostics`` (positioned: ``line`` filled in) into those reported and
    those a comment of their file suppresses, and add CF011/CF012 about the comments.

    ``proven``: the stories the state explorer proved in this run, as (file
    ``SourceFile.display``, 0-based document index) (``None`` or empty: it did not
    run); a ``CF9xx`` code named may be called unused only in a proven story's
    document (:attr:`Suppression.document`), and by an ``ignore-file`` comment only
    when every story of the file (``stories``, the same pairs) was proven.
    ``stages_skipped``: the stages (``RULES[code].stage``, e.g. ``"translations"``)
    that did not run: their codes are never called unused. A diagnostic is suppressed when its
    file has a suppression naming its code (or rule name) that covers its line (a
    ``FILE`` one covers every diagnostic of the file, those without a line too).
    Never raises.
    """
    proven = proven or set()
    skipped = set(stages_skipped)
    in_file: dict[str, set[int]] = {}
    for display, index in stories or ():
        in_file.setdefault(display, set()).add(index)
    out = Suppressed()
    by_file = {sf.display: sf for sf in files if sf.suppressions}
    # (file, comment index, name index) -> the code it suppresses; and those that did
    named: dict[str, list[tuple[Suppression, int, str]]] = {}
    notes: list[Diagnostic] = []
    for display, sf in by_file.items():
        entries = named.setdefault(display, [])
        for supp in sf.suppressions:
            if supp.problem is not None:
                notes.append(_malformed(sf, supp))
                continue
            for index, (name, column) in enumerate(supp.names):
                code = resolve_name(name)
                if code is None or not is_suppressible(code):
                    notes.append(_unknown(sf, supp, name, column, code))
                else:
                    entries.append((supp, index, code))
    used: set[tuple[int, int]] = set()
    diagnostics = list(diagnostics)
    for diag in diagnostics:
        hits = [(supp, index) for supp, index, code in named.get(diag.file or "", ())
                if code == diag.code and supp.covers(diag.line)]
        if hits:
            used.update((id(supp), index) for supp, index in hits)
            out.suppressed.append(diag)
        else:
            out.kept.append(diag)
    unchecked = {d.file for d in diagnostics
                 if d.code.startswith(_UNCHECKED) and d.severity is Severity.ERROR}
    for display, entries in named.items():
        sf = by_file[display]
        if sf.failed or display in unchecked:
            continue
        for supp, index, code in entries:
            if (id(supp), index) in used or RULES[code].stage in skipped:
                continue
            if code.startswith("CF9") and not _proven(display, supp, proven, in_file):
                continue
            name, column = supp.names[index]
            notes.append(_unused(sf, supp, name, column, code))
    out.kept = sorted(out.kept + notes, key=Diagnostic.sort_key)
    out.suppressed.sort(key=Diagnostic.sort_key)
    return out
