"""The JSON Schema of ``cardforge lint --format json`` (and ``build --format json``;
docs/diagnostics.md, "Machine-readable output"), published as
``schemas/lint-report.schema.json`` by ``cardforge schema``
(:func:`cardforge_compiler.schema.generate_schemas`). Only draft-07 keywords, like the
other published schemas. Plain data: importing it loads nothing."""

from __future__ import annotations

from typing import Any

__all__ = ["LINT_REPORT_SCHEMA"]

_COUNT = {"type": "integer", "minimum": 0}
_TEXT_OR_NULL = {"type": ["string", "null"]}
_POSITION = {"type": ["integer", "null"], "minimum": 1}

_COUNTS = ("files", "packs", "stories", "cards", "checks_run", "errors", "warnings", "context_errors")
_SUMMARY = {
    "type": "object",
    "description": "The counts of the content compiled: `files` (the files checked: those named and the `pack.yaml` "
                   "of their packs), `packs` (with a valid manifest), `stories`, `cards`, `checks_run`, `errors`, "
                   "`warnings` (reported), `context_errors` (errors in files read only as the context of the files "
                   "named, not reported).",
    "required": list(_COUNTS),
    "additionalProperties": False,
    "properties": {**{k: _COUNT for k in _COUNTS},
                   "suppressed": {**_COUNT, "description": "Diagnostics silenced by `# cardforge: ignore[...]` "
                                                           "comments (docs/suppressions.md)."}},
}

_WITNESS = {
    "type": "object",
    "description": "The shortest line of play that shows a state explorer finding: the setup and the answers "
                   "that `cardforge play --answers FILE` replays.",
    "required": ["setup", "answers"],
    "additionalProperties": False,
    "properties": {
        "setup": {"type": "object", "required": ["players", "characters", "seed", "battles"],
                  "additionalProperties": False,
                  "properties": {"players": {"type": "integer", "minimum": 1},
                                 "characters": {"type": "array", "items": {"type": "string"}},
                                 "seed": _COUNT, "battles": {"type": "string"}}},
        "answers": {"type": "array", "items": {"type": "object"}},
    },
}

_DIAGNOSTIC = {
    "type": "object",
    "description": "One diagnostic, in the order of the text output.",
    "required": ["code", "name", "severity", "message", "file", "line", "column", "path", "card", "hint"],
    "additionalProperties": False,
    "properties": {
        "code": {"type": "string", "pattern": "^CF[0-9]{3}$"},
        "name": {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"},
        "severity": {"enum": ["error", "warning"]},
        "message": {"type": "string"},
        "file": {**_TEXT_OR_NULL, "description": "The file as named on the command line (null: no file)."},
        "line": _POSITION,
        "column": {**_POSITION, "description": "1-based, in characters (Unicode code points)."},
        "path": {**_TEXT_OR_NULL, "description": "The data path from the document's root: "
                                                 "`cards[0].steps[0].choice[1].goto`."},
        "card": {"type": ["integer", "null"], "description": "The printed number of the story card it lies in."},
        "hint": _TEXT_OR_NULL,
        "url": {"type": "string", "description": "The code's section of docs/diagnostics.md."},
        "witness": _WITNESS,
    },
}

_EXPLORED = {
    "type": "object",
    "required": ["pack", "story", "states", "complete", "proven", "summary"],
    "additionalProperties": False,
    "properties": {
        "pack": {"type": "string"}, "story": {"type": "string"}, "states": _COUNT,
        "complete": {"type": "boolean", "description": "Not stopped by the budget."},
        "proven": {"type": "boolean", "description": "Its findings hold for every line of play."},
        "summary": {"type": "string"},
    },
}

#: ``schemas/lint-report.schema.json`` (without its ``$schema``/``$id`` head, which
#: ``generate_schemas`` adds).
LINT_REPORT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["version", "summary", "diagnostics"],
    "additionalProperties": False,
    "properties": {
        "version": {"const": 1, "description": "The version of this report format."},
        "summary": _SUMMARY,
        "diagnostics": {"type": "array", "items": _DIAGNOSTIC},
        "suppressed": {"type": "array", "items": _DIAGNOSTIC, "minItems": 1,
                       "description": "Only when comments suppressed some (docs/suppressions.md): the diagnostics "
                                      "they silenced, in the form of `diagnostics`."},
        "exploration": {
            "type": "object",
            "description": "`cardforge lint` only, unless `--no-explore`: the state explorer's run.",
            "required": ["skipped", "stories"],
            "additionalProperties": False,
            "properties": {
                "skipped": {**_TEXT_OR_NULL, "description": "Why the explorer did not run, else null."},
                "stories": {"type": "array", "items": _EXPLORED},
            },
        },
    },
}
