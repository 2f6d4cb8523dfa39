"""``--format sarif``: the diagnostics as one SARIF 2.1.0 log, for code scanning
(GitHub's ``upload-sarif``, editors' SARIF viewers).

The log holds one run. ``tool.driver`` lists every registered rule (in code order,
so a rule's ``ruleIndex`` is the same in every log of one cardforge version) with
its ``id`` (``CF402``), ``name`` (``dead-end``), descriptions, ``helpUri`` (its
section of docs/diagnostics.md: :func:`cardforge_compiler.report.help_uri`) and
``defaultConfiguration.level``. Each diagnostic is a result with ``ruleId``,
``ruleIndex``, ``level``, ``message`` (the hint appended as ``(help: ...)``, as in
``--format github``), a location relative to ``%SRCROOT%`` (the current folder) with
a 1-based region (columns count Unicode code points: ``columnKind``), and
``partialFingerprints`` (:func:`fingerprint`). ``invocations`` says the run
succeeded and carries the summary line, the state explorer's line and the context
note as notifications. The same input gives the same bytes: no time, no absolute
path (a file outside the current folder is named by its own ``file:`` URI).
"""

from __future__ import annotations

import hashlib
import os
import posixpath
import re
from collections import Counter
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from cardforge_compiler import __version__
from cardforge_compiler.report import context_note, exploration_note, help_uri, summary, verdict_line

if TYPE_CHECKING:
    from cardforge_compiler.diagnostics import Diagnostic, Rule
    from cardforge_compiler.pipeline import CompileResult

__all__ = ["FINGERPRINT_KEY", "SARIF_SCHEMA_URI", "SARIF_VERSION", "artifact_uri", "fingerprint", "sarif_log",
           "sarif_rules"]

SARIF_VERSION = "2.1.0"
#: The ``$schema`` of the log: the OASIS standard's published schema (2.1.0, errata 01).
SARIF_SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
#: The name of cardforge's fingerprint in ``partialFingerprints`` (versioned: a new
#: way of computing it gets a new name, so old alerts are not matched wrongly).
FINGERPRINT_KEY = "cardforgeFingerprint/v1"
#: The base every relative ``artifactLocation.uri`` is resolved against.
SRCROOT = "%SRCROOT%"
INFORMATION_URI = "https://github.com/cardforge/cardforge"

# Positions a message may quote: a second place's line (``(line 30)``, ``(file.yaml:30)``),
# a YAML error's ``at line 3, column 5``. Left out of fingerprints: edits elsewhere move them.
_POSITIONS = re.compile(r"\b(line|column) \d+|(?<=\.yaml):\d+|(?<=\.yml):\d+")


def sarif_rules() -> list[Rule]:
    """Every registered rule, in code order: ``tool.driver.rules`` and the ``ruleIndex`` of each code."""
    from cardforge_compiler.diagnostics import RULES

    return [RULES[code] for code in sorted(RULES)]


def _rule(rule: Rule) -> dict[str, Any]:
    uri = help_uri(rule.code)
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": f"{rule.code} {rule.name} ({rule.severity.value}): {rule.summary}"},
        "helpUri": uri,
        "help": {"text": f"{rule.summary} See {uri}",
                 "markdown": f"{rule.summary}\n\n[{rule.code} {rule.name}]({uri})"},
        "defaultConfiguration": {"level": rule.severity.value},
    }


def artifact_uri(file: str, cwd: Path | None = None) -> tuple[str, str | None]:
    """``(uri, uriBaseId)`` of a diagnostic's file: a relative path (as given, or an
    absolute path inside ``cwd``, the current folder by default) becomes a
    percent-encoded relative URI with ``uriBaseId`` ``%SRCROOT%``
    (``content/gascony/act%201.yaml``); an absolute path outside ``cwd`` its
    ``file:`` URI with no base. Separators become ``/``; ``./`` and ``a/../`` are
    folded (``posixpath.normpath``)."""
    path = PurePath(file)
    if path.is_absolute():
        base = (cwd or Path.cwd()).resolve()
        try:
            rel = Path(os.path.abspath(path)).relative_to(base)
        except ValueError:
            return Path(os.path.abspath(path)).as_uri(), None
        text = rel.as_posix()
    else:
        text = posixpath.normpath(path.as_posix())
    return quote(text, safe="/-._~!$&'()*+,;=@"), SRCROOT


def fingerprint(diag: Diagnostic, uri: str) -> str:
    """The hex SHA-256 of what identifies a problem, whatever its line: the code, the
    file's URI, where in the document (:meth:`Diagnostic.field_path`: a story card by
    its printed number, an Enemy or deck by its name) and the message with the
    positions it quotes masked (``(line 30)`` -> ``(line #)``). So a problem keeps its
    fingerprint across runs and when lines are added elsewhere in the file; an
    occurrence number is added by :func:`sarif_log` when two are alike."""
    message = _POSITIONS.sub(lambda m: f"{m.group(1)} #" if m.group(1) else ":#", diag.message)
    key = "\x1f".join((diag.code, uri, diag.field_path(), message))
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def _result(diag: Diagnostic, index: dict[str, int], seen: Counter[str], suppressed: bool = False) -> dict[str, Any]:
    """One SARIF result; a ``suppressed`` one (``# cardforge: ignore[...]``,
    docs/suppressions.md) carries ``suppressions: [{"kind": "inSource"}]``, which code
    scanning shows as dismissed."""
    out: dict[str, Any] = {
        "ruleId": diag.code,
        "ruleIndex": index[diag.code],
        "level": diag.severity.value,
        "message": {"text": diag.message + (f" (help: {diag.hint})" if diag.hint else "")},
    }
    uri, base = artifact_uri(diag.file) if diag.file else ("", None)
    if diag.file:
        location: dict[str, Any] = {"uri": uri, **({"uriBaseId": base} if base else {})}
        physical: dict[str, Any] = {"artifactLocation": location}
        if diag.line is not None:
            physical["region"] = {"startLine": diag.line, "startColumn": diag.column or 1}
        place: dict[str, Any] = {"physicalLocation": physical}
        if diag.path:
            place["logicalLocations"] = [{"fullyQualifiedName": diag.field_path(), "kind": "member"}]
        out["locations"] = [place]
    digest = fingerprint(diag, uri)
    seen[digest] += 1
    out["partialFingerprints"] = {FINGERPRINT_KEY: f"{digest}:{seen[digest]}"}
    properties: dict[str, Any] = {"name": diag.name}
    if diag.path:
        properties["path"] = diag.data_path()
    if diag.card is not None:
        properties["card"] = diag.card
    if diag.hint:
        properties["hint"] = diag.hint
    if diag.witness is not None:
        properties["witness"] = diag.witness
    out["properties"] = properties
    if suppressed:
        out["suppressions"] = [{"kind": "inSource"}]
    return out


def sarif_log(result: CompileResult) -> dict[str, Any]:
    """The SARIF 2.1.0 log of ``result`` as plain data (``json.dumps`` it): the
    diagnostics reported, then those suppressed by comments (marked ``inSource``).
    Valid against the OASIS schema (tests/sarif/, checked by tests/test_report_sarif.py)."""
    rules = sarif_rules()
    index = {rule.code: i for i, rule in enumerate(rules)}
    seen: Counter[str] = Counter()
    notes = [line for line in (verdict_line(result), exploration_note(result), context_note(result)) if line]
    return {
        "$schema": SARIF_SCHEMA_URI,
        "version": SARIF_VERSION,
        "runs": [{
            "tool": {"driver": {
                "name": "cardforge",
                "version": __version__,
                "informationUri": INFORMATION_URI,
                "rules": [_rule(rule) for rule in rules],
            }},
            "invocations": [{
                "executionSuccessful": True,
                "toolExecutionNotifications": [{"level": "note", "message": {"text": note}} for note in notes],
            }],
            "columnKind": "unicodeCodePoints",
            "results": [*(_result(diag, index, seen) for diag in result.diagnostics),
                        *(_result(diag, index, seen, suppressed=True) for diag in result.suppressed)],
            "properties": {"summary": summary(result)},
        }],
    }
