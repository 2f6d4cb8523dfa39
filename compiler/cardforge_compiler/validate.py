"""Stage 2, validate: check each document's shape against the pydantic models.

Every problem of every document is reported (pydantic collects them all), each
turned into a diagnostic with a stable code, the field path, what was expected,
the text the author wrote and, for misspelled keys, kinds and step kinds, a
"did you mean". Steps are discriminated on their first key, so a malformed step
names its kind and the offending field, never "not valid under any of the given
schemas".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from cardforge_runtime.format import BOARD_EFFECTS, NAME_PATTERN

from cardforge_compiler.diagnostics import Diagnostic, did_you_mean
from cardforge_compiler.load import NumberText, SourceFile
from cardforge_compiler.model import DOCUMENT_MODELS, STEP_KINDS, STEP_MODELS, _card_id
from cardforge_compiler.model_paths import bounds_at, fields_of, model_for_mapping
from cardforge_compiler.validate_locs import TYPE_ERRORS, best_branches, follow
from cardforge_compiler.validate_decks import deck_effect_diagnostic, pattern_diagnostic
from cardforge_compiler.validate_board import TAG_HINTS, TAG_NOUNS, effect_diagnostic, pair_at

__all__ = ["Document", "validate_document"]

_YAML11_BOOLS = frozenset({"yes", "no", "on", "off", "y", "n", "Yes", "No", "On", "Off", "YES", "NO", "ON", "OFF"})
_EXPECTED = TYPE_ERRORS

_TYPE_HINTS = {
    "text": "write text here; put it in quotes if it looks like a number or true/false",
    "a whole number": "write a whole number here, such as 3, without quotes",
    "true or false": "write true or false here, without quotes",
    "a list": "write a list here: [a, b] on one line, or one `- item` per line",
    "a mapping": "write `key: value` pairs here, indented under the key",
}


@dataclass
class Document:
    """A validated document: its model (a ``DOCUMENT_MODELS`` class), the raw data (``None``
    once the pipeline has let it go), and where it came from (``source``: file,
    ``index``: 0-based document number)."""

    model: Any
    raw: dict | None
    source: SourceFile
    index: int


def _shown(value: Any) -> str:
    """The value as the author wrote it (NumberText keeps the source text)."""
    if isinstance(value, NumberText):
        return str(value) if len(value) <= 40 else f"{str(value)[:37]}... ({len(value)} characters)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "nothing (null)"
    if isinstance(value, str):
        value = value.replace("\n", "\\n").replace("\t", "\\t")
        return f"'{value}'" if len(value) <= 40 else f"'{value[:37]}...'"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return str(value)


def _translate(errors: list[dict], raw: dict, sf: SourceFile, index: int, doc_model: type[BaseModel]) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    merged: dict[tuple, Diagnostic] = {}
    for err in errors:
        etype, loc = err["type"], tuple(err["loc"])
        path, value, is_key = follow(raw, loc)
        where = dict(file=sf.display, doc=index, path=tuple(path), card=_card_of(raw, path))
        if etype == "missing":
            field = loc[-1]
            owner = _owner(path)
            out.append(Diagnostic("CF102", f"{owner} is missing required field '{field}'", anchor="mapping",
                                  hint=f"add `{field}:`", **where))
        elif etype == "extra_forbidden":
            key = path[-1] if path else loc[-1]
            parent = path[:-1]
            mapping = _get(raw, parent)
            model = model_for_mapping(list(parent), mapping, doc_model)
            allowed = fields_of(model) if model else []
            hint = did_you_mean(key, allowed) or (f"allowed here: {', '.join(allowed)}" if allowed else None)
            if key in STEP_MODELS and model in STEP_MODELS.values():
                hint = f"a step has one kind: put `{key}` in a step of its own (`- {key}: ...`)"
            out.append(Diagnostic("CF103", f"unknown field '{key}'", anchor="key", hint=hint, **where))
        elif etype == "union_tag_not_found":
            key = str((err.get("ctx") or {}).get("discriminator", "")).strip("'")
            out.append(Diagnostic("CF102", f"{_owner(path)} is missing required field '{key}'", anchor="mapping",
                                  hint=TAG_HINTS.get(key, f"add `{key}:`"), **where))
        elif etype == "union_tag_invalid":
            ctx = err.get("ctx") or {}
            key = str(ctx.get("discriminator", "")).strip("'")
            tags = re.findall(r"'([^']*)'", str(ctx.get("expected_tags", "")))
            tag = _get(raw, [*path, key]) if isinstance(value, dict) and key in value else ctx.get("tag")
            out.append(Diagnostic("CF105", f"unknown {TAG_NOUNS.get(key, key)} {_shown(tag)}",
                                  hint=did_you_mean(tag, tags) or f"one of: {', '.join(tags)}",
                                  **{**where, "path": (*where["path"], key)}))
        elif etype == "unknown_step":
            out.append(_step_diagnostic(value, where))
        elif etype == "unknown_deck_effect":
            out.append(deck_effect_diagnostic(value, where, _shown(value)))
        elif etype == "unknown_effect":
            out.append(effect_diagnostic(value, where, _shown(value)))
        elif etype == "pattern":
            out.append(pattern_diagnostic(err, where))
        elif etype == "card_id":
            out.append(Diagnostic("CF108", f"a card id is the printed number, such as 11; got {_shown(value)}",
                                  hint=_card_id_hint(value), **where))
        elif etype in _EXPECTED:
            key = (tuple(path), "type")
            expected = _EXPECTED[etype]
            if key in merged:
                previous = merged[key]
                if expected not in previous.message:
                    previous.message = previous.message.replace(", got", f" or {expected}, got", 1)
                continue
            hint = None
            if etype == "bool_type" and isinstance(value, str) and value in _YAML11_BOOLS:
                hint = f"YAML 1.2 reads {value} as text: write true or false"
            elif isinstance(value, NumberText):
                hint = ("numbers have at most 15 digits" if str(value).lstrip("-").isdigit() and len(str(value)) > 15
                        else "write a plain whole number: no leading zeros, '+', exponents, underscores or decimals")
            elif etype == "string_type" and isinstance(value, (int, bool)):
                hint = "quote the value to make it text"
            elif etype == "int_type" and isinstance(value, str) and value.strip().isdigit():
                hint = "remove the quotes: a quoted value is text"
            elif expected == "a mapping" and isinstance(value, str) and value in BOARD_EFFECTS:
                hint = f"a board effect is a mapping: write `- board: {value}`"
            elif etype == "list_type" and isinstance(value, str):
                hint = f"write a list: [{value}]"
            else:
                hint = _TYPE_HINTS[expected]
            if is_key and etype == "string_type" and isinstance(value, int):
                diag = Diagnostic("CF104", f"the key {value} is not text: keys here are names", anchor="key",
                                  hint=f'quote it if it is meant as text: "{value}"', **where)
            else:
                diag = Diagnostic("CF104", f"expected {expected}, got {_shown(value)}",
                                  anchor="key" if is_key else "value", hint=hint, **where)
            merged[key] = diag
            out.append(diag)
        else:
            message, hint = _invalid_value(etype, err, value, path, doc_model)
            anchor = "key" if is_key else ("mapping" if etype == "one_of" else "value")
            out.append(Diagnostic("CF105", message, anchor=anchor, hint=hint, **where))
    return _merge_misspelled_required(out)


def _card_of(raw: Any, path: list[str | int]) -> int | None:
    """The printed number of the card a path lies in, when the card's id is valid."""
    if len(path) < 2 or path[0] != "cards" or not isinstance(path[1], int):
        return None
    card = raw["cards"][path[1]]
    try:
        return _card_id(card.get("id") if isinstance(card, dict) else None)
    except ValueError:
        return None


def _invalid_value(etype: str, err: dict, value: Any, path: list[str | int],
                   doc_model: type[BaseModel]) -> tuple[str, str]:
    """Message and hint, in our words, for a value of the right type that is not allowed."""
    ctx = err.get("ctx") or {}
    if etype == "literal_error":
        allowed = re.findall(r"'([^']*)'", ctx["expected"]) or re.findall(r"-?[0-9]+", ctx["expected"])
        hint = did_you_mean(value, allowed) if isinstance(value, str) else None
        return f"expected {ctx['expected']}, got {_shown(value)}", hint or f"this field takes one of: {', '.join(allowed)}"
    pair = pair_at(path)
    if etype in ("too_short", "too_long") and pair and isinstance(value, list):
        return (f"expected {pair}: 2 whole numbers, got {len(value)}",
                f"write {pair}, such as [3, 2]" + (" (1-based)" if "column," in pair else ""))
    if etype == "too_short":
        got = "an empty list" if isinstance(value, list) and not value else _shown(value)
        return (f"needs at least {ctx['min_length']} item(s), got {got}",
                "add an item to the list, or remove the field if it is optional")
    if etype == "too_long":
        return f"holds more than {ctx['max_length']} items", f"keep it to {ctx['max_length']} items or fewer"
    if etype == "string_too_short":
        return "expected some text, got an empty text", "write the text, or remove the field if it is optional"
    if etype == "string_too_long":
        return (f"{_shown(value)} is longer than {ctx['max_length']} characters",
                f"shorten it to {ctx['max_length']} characters or fewer")
    if etype == "string_pattern_mismatch":
        words = _pattern_words(ctx["pattern"])
        return f"{_shown(value)} is not allowed here: {words}", _pattern_hint(ctx["pattern"], value)
    if etype in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        low, high = bounds_at(doc_model, path)
        if low is not None and high is not None:
            above = not etype.startswith("greater")
            return (f"expected a whole number from {low} to {high}, got {_shown(value)}",
                    f"{_shown(value)} is {'above the largest' if above else 'below the smallest'} value allowed here, "
                    f"{high if above else low}")
        bound = ctx.get("ge", ctx.get("le", ctx.get("gt", ctx.get("lt"))))
        side = "at least" if etype.startswith("greater") else "at most"
        return f"expected {side} {bound}, got {_shown(value)}", f"use a number {side} {bound}"
    if "hint" in ctx:
        return err["msg"], ctx["hint"]
    message = err["msg"]
    if not message[:1].islower():
        message = f"{message[0].lower()}{message[1:]} (got {_shown(value)})"
    return message, "docs/format.md lists what each field takes"


def _pattern_hint(pattern: str, value: Any) -> str:
    if "\\." in pattern:
        return "write three whole numbers joined by dots: major.minor.patch, such as 1.0.0"
    if isinstance(value, str) and value.strip() != value:
        return "remove the spaces at the start and end"
    if pattern.startswith("^[a-z0-9]"):
        suggestion = re.sub(r"[^a-z0-9_-]+", "-", str(value).lower()).strip("-_")
        return f"for instance '{suggestion}'" if suggestion else "for instance 'act-1'"
    suggestion = re.sub(r"[^A-Za-z0-9_]+", "_", str(value)).strip("_")
    if suggestion[:1].isdigit():
        suggestion = f"_{suggestion}"
    return f"for instance '{suggestion}'" if suggestion else "for instance 'met_athos'"


def _merge_misspelled_required(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """A misspelled required key gives "unknown field 'tittle'" and "missing 'title'";
    keep only the first, which says "did you mean 'title'?" and that it is required."""
    missing = {(d.path, d.message.rsplit("'", 2)[1]): d for d in diagnostics if d.code == "CF102"}
    drop = set()
    for diag in diagnostics:
        if diag.code == "CF103" and diag.hint and diag.hint.startswith("did you mean '"):
            wanted = diag.hint.split("'")[1]
            twin = missing.get((diag.path[:-1], wanted))
            if twin is not None:
                drop.add(id(twin))
                diag.hint += f" ('{wanted}' is required)"
    return [d for d in diagnostics if id(d) not in drop]


def _pattern_words(pattern: str) -> str:
    return {
        r"^[a-z0-9][a-z0-9_-]*$": "ids use lower-case letters, digits, '-' and '_'",
        f"^{NAME_PATTERN}$": "names use letters, digits and '_', and do not start with a digit",
    }.get(pattern, "expected a semantic version such as 1.0.0" if "\\." in pattern else f"must match {pattern}")


def _card_id_hint(value: Any) -> str:
    text = str(value)
    digits = text.lstrip("+0")
    if text.lstrip("+").isdigit() and text.isascii() and digits and len(digits) <= 9:
        return f"write {digits}"
    return "card ids are whole numbers from 1 to 999999999, written without signs or leading zeros"


def _owner(path: list[str | int]) -> str:
    for part in reversed(path):
        if isinstance(part, str):
            return {"cards": "card", "choice": "option", "objectives": "objective", "offers": "offer",
                    "status_tokens": "status token", "characters": "character", "map_tiles": "map tile",
                    "sides": "map tile side", "terrain_tiles": "terrain tile", "enemy_tokens": "enemy tokens",
                    "actions": "action", "success": "effect", "failure": "effect",
                    "edges": "edge", "search_tokens": "Search token", "deployment": "deployment area",
                    "squares": "square", "named_enemies": "Named Enemy", "exits": "exit area",
                    "challenge": "challenge", "targets": "'targets'"}.get(part, f"'{part}'")
    return "the document"


def _get(raw: Any, path: list[str | int]) -> Any:
    node = raw
    for part in path:
        node = node[part]
    return node


def _step_diagnostic(value: Any, where: dict) -> Diagnostic:
    if isinstance(value, dict):
        first = next(iter(value), None)
        if first is None:
            return Diagnostic("CF106", "empty step: a step is a mapping whose first key names its kind",
                              anchor="value", hint=f"step kinds: {', '.join(STEP_KINDS)}", **where)
        hint = did_you_mean(first, STEP_KINDS) or f"step kinds: {', '.join(STEP_KINDS)}"
        return Diagnostic("CF106", f"unknown step kind '{first}'", anchor="key",
                          **{**where, "path": (*where["path"], first)}, hint=hint)
    example = "text: ..." if isinstance(value, str) else "goto: 12"
    hint = f"write `- {example}`"
    if isinstance(value, str):
        word = re.match(r"\s*([a-z]+)\s*:?\s*(.*)", value)
        if word and word.group(1) in STEP_MODELS:
            rest = word.group(2).strip() or "..."
            hint = f"write `- {word.group(1)}: {rest}` (a space after the colon)"
    return Diagnostic("CF104", f"expected a step (a mapping such as `{example}`), got {_shown(value)}",
                      anchor="value", hint=hint, **where)


def validate_document(sf: SourceFile, index: int, raw: Any) -> tuple[Document | None, list[Diagnostic]]:
    """Validate one loaded document against the model of its ``kind``.

    Returns the document (``None`` if it has errors) and diagnostics ``CF101``-``CF108``.
    """
    if not isinstance(raw, dict):
        return None, [Diagnostic("CF104", f"expected a mapping with `kind` and `id`, got {_shown(raw)}",
                                 file=sf.display, doc=index, hint="start the document with `kind: story`")]
    kind = raw.get("kind")
    if isinstance(kind, str):
        sf.kinds.add(kind)
    model = DOCUMENT_MODELS.get(kind) if isinstance(kind, str) else None
    if model is None:
        kinds = sorted(DOCUMENT_MODELS)
        if "kind" not in raw:
            return None, [Diagnostic("CF101", "document has no `kind`", file=sf.display, doc=index, anchor="mapping",
                                     hint=f"add `kind:` with one of: {', '.join(kinds)}")]
        return None, [Diagnostic("CF101", f"unknown kind {_shown(kind)}", file=sf.display, doc=index,
                                 path=("kind",), hint=did_you_mean(kind, kinds) or f"kinds: {', '.join(kinds)}")]
    try:
        return Document(model.model_validate(raw), raw, sf, index), []
    except ValidationError as exc:
        ident = next((raw[k] for k in ("id", "name") if isinstance(raw.get(k), str)), "")
        sf.invalid.add((kind, ident))
        return None, _translate(best_branches(exc.errors(include_url=False), raw), raw, sf, index, model)
