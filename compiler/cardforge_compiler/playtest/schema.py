"""The JSON Schema of ``cardforge test --format json`` (docs/playtest.md, "The JSON
document"), published as ``schemas/playtest.schema.json`` by ``cardforge schema``
(:func:`cardforge_compiler.schema.generate_schemas`). Only draft-07 keywords, like the
other published schemas. Plain data: importing it loads nothing."""

from __future__ import annotations

from typing import Any

__all__ = ["PLAYTEST_SCHEMA"]

_COUNT = {"type": "integer", "minimum": 0}
_SHARE = {
    "type": "object",
    "description": "A share: items covered of the total, the exact fraction as text (\"47/50\"; \"1\" when the "
                   "total is 0) and the percentage rounded to 2 places.",
    "required": ["covered", "total", "fraction", "percent"],
    "additionalProperties": False,
    "properties": {"covered": _COUNT, "total": _COUNT, "fraction": {"type": "string", "pattern": "^[0-9]+(/[0-9]+)?$"},
                   "percent": {"type": "number", "minimum": 0, "maximum": 100}},
}
_ENDING = {
    "type": "object",
    "required": ["games", "reasons"],
    "additionalProperties": False,
    "properties": {"games": _COUNT,
                   "reasons": {"type": "object", "description": "Games per reason (the end request's, or answers, "
                                                                "rounds, engine, player, policy).",
                               "additionalProperties": _COUNT}},
}
_RESULTS = ["victory", "defeat", "stuck", "unfinished", "error"]
_GAME = {
    "type": "object",
    "required": ["game", "seed", "result", "reason", "card", "answers"],
    "additionalProperties": False,
    "properties": {
        "game": {"type": "integer", "minimum": 1},
        "seed": {"type": "string", "pattern": "^[0-9]+$", "description": "The session's seed (decimal text)."},
        "result": {"enum": _RESULTS},
        "reason": {"type": "string"},
        "card": {"type": ["integer", "null"], "description": "The card the game ended on."},
        "answers": _COUNT,
        "message": {"type": ["string", "null"], "description": "What went wrong (an error), else null."},
        "files": {"type": ["object", "null"], "required": ["transcript", "answers", "replay"],
                  "additionalProperties": False,
                  "properties": {"transcript": {"type": "string"}, "answers": {"type": "string"},
                                 "replay": {"type": "string"}}},
    },
}
_UNCOVERED = {
    "type": "object",
    "required": ["kind", "what", "card", "path", "where", "text"],
    "additionalProperties": False,
    "properties": {
        "kind": {"enum": ["cards", "options", "challenge_outcomes", "if_branches"]},
        "what": {"enum": ["card", "option", "challenge outcome", "if branch"]},
        "card": {"type": "integer"},
        "path": {"type": "array", "items": {"type": ["string", "integer"]},
                 "description": "The item's JSON path in the bundle story (an outcome ends with pass/fail/then/else)."},
        "where": {"type": "string", "description": "\"card 12, step 2, option 1\": positions from 1."},
        "text": {"type": "string"},
        "offered": {**_COUNT, "description": "Options only: how often it was on offer."},
    },
}
_STORY = {
    "type": "object",
    "required": ["pack", "story", "title", "battles", "players", "games", "coverage", "meets_min_coverage", "endings",
                 "engine_errors", "uncovered", "failed_games", "played"],
    "additionalProperties": False,
    "properties": {
        "pack": {"type": "string"}, "story": {"type": "string"}, "title": {"type": "string"},
        "battles": {"enum": ["engine", "outcome"]},
        "players": {"type": "integer", "minimum": 1},
        "games": _COUNT,
        "coverage": {"type": "object", "required": ["cards", "options", "challenge_outcomes", "if_branches", "overall"],
                     "additionalProperties": False,
                     "properties": {k: _SHARE for k in ("cards", "options", "challenge_outcomes", "if_branches",
                                                        "overall")}},
        "meets_min_coverage": {"type": "boolean"},
        "endings": {"type": "object", "required": _RESULTS, "additionalProperties": False,
                    "properties": {r: _ENDING for r in _RESULTS}},
        "engine_errors": _COUNT,
        "uncovered": {"type": "array", "items": _UNCOVERED},
        "failed_games": {"type": "array", "items": {"type": "integer", "minimum": 1}},
        "played": {"type": "array", "items": _GAME},
    },
}

_NULLABLE_TEXT = {"type": ["string", "null"]}
_NULLABLE_COUNT = {"type": ["integer", "null"], "minimum": 0}
#: A diagnostic as ``cardforge lint --format json`` gives it (docs/diagnostics.md).
_DIAGNOSTIC = {
    "type": "object",
    "required": ["code", "name", "severity", "message", "file", "line", "column", "path", "card", "hint", "url"],
    "properties": {
        "code": {"type": "string", "pattern": "^CF[0-9]{3}$"}, "name": {"type": "string"},
        "severity": {"enum": ["error", "warning"]}, "message": {"type": "string"}, "file": _NULLABLE_TEXT,
        "line": _NULLABLE_COUNT, "column": _NULLABLE_COUNT, "path": _NULLABLE_TEXT,
        "card": {"type": ["integer", "null"]}, "hint": _NULLABLE_TEXT,
        "url": {"type": "string", "description": "The code's section of docs/diagnostics.md."},
    },
}
#: The counts of ``cardforge lint --format json``'s ``summary`` (docs/diagnostics.md).
_SUMMARY = {
    "type": ["object", "null"],
    "description": "The counts of the content compiled, as `cardforge lint --format json` gives them; null when "
                   "none was (a usage error).",
    "required": ["files", "packs", "stories", "cards", "checks_run", "errors", "warnings", "context_errors"],
    "additionalProperties": False,
    "properties": {k: _COUNT for k in ("files", "packs", "stories", "cards", "checks_run", "errors", "warnings",
                                       "context_errors", "suppressed")},
}
_ERROR = {
    "type": "object",
    "description": "Only when nothing was played: why (the content has errors: exit 1; a usage error: exit 2), "
                   "as said on standard error; `stories` is then empty.",
    "required": ["exit_code", "message"],
    "additionalProperties": False,
    "properties": {"exit_code": {"enum": [1, 2]}, "message": {"type": "string"}},
}

#: ``schemas/playtest.schema.json`` (without its ``$schema``/``$id`` head, which
#: ``generate_schemas`` adds).
PLAYTEST_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["format", "version", "seed", "games", "players", "battles", "min_coverage", "stories", "passed"],
    "additionalProperties": False,
    "properties": {
        "format": {"const": "cardforge-playtest"},
        "version": {"const": 1},
        "seed": {"type": "integer", "minimum": 0},
        "games": {"type": "integer", "minimum": 1},
        "players": {"type": ["integer", "null"]},
        "battles": {"enum": ["engine", "outcome", None]},
        "min_coverage": {"type": "number", "minimum": 0, "maximum": 1},
        "stories": {"type": "array", "items": _STORY},
        "passed": {"type": "boolean"},
        "error": _ERROR,
        "summary": _SUMMARY,
        "diagnostics": {"type": "array", "items": _DIAGNOSTIC,
                        "description": "With `error`: the diagnostics of the content, as `cardforge lint --format "
                                       "json` gives them ([] for a usage error)."},
    },
    "if": {"required": ["error"]},
    "then": {"required": ["summary", "diagnostics"]},
}
