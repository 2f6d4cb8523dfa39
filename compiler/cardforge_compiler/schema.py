"""Generate the published JSON Schemas (draft 2020-12) from the pydantic models.

``cardforge schema --out schemas/`` writes them; ``--check`` (and a test) fails
when the committed files differ from what the models generate.

Two promises to editors and plain validators (tested with jsonschema's
``Draft7Validator`` and ``Draft202012Validator`` over every golden fixture):

- every rule is stated in keywords that a draft-07 validator also enforces (the VS
  Code YAML extension applies draft-07): ``dependentRequired`` and
  ``dependentSchemas`` from the models become ``if``/``then``;
- each schema's ``$id`` is its bare file name, and ``document.schema.json`` refers to
  the others by file name, so references resolve as file paths from the schema's
  own folder, offline (no ``https://`` base that no server answers).
"""

from __future__ import annotations

import json
from typing import Any

from cardforge_compiler.bundle_model import CONDITION_TREE_SCHEMA, Bundle
from cardforge_compiler.bundle_step_model import ACTION_STEPS_OUT
from cardforge_compiler.model import DOCUMENT_MODELS, STEP_MODELS
from cardforge_compiler.playtest.schema import PLAYTEST_SCHEMA
from cardforge_compiler.report_schema import LINT_REPORT_SCHEMA

__all__ = ["generate_schemas", "schema_bytes"]

DIALECT = "https://json-schema.org/draft/2020-12/schema"


def _head(name: str, title: str, description: str) -> dict[str, Any]:
    return {"$schema": DIALECT, "$id": name, "title": title, "description": description}


def generate_schemas() -> dict[str, dict[str, Any]]:
    """Every published schema, keyed by file name."""
    out: dict[str, dict[str, Any]] = {}
    for kind, model in DOCUMENT_MODELS.items():
        body = _draft7_rules(_closed_names(_kind_choice(_step_choice(model.model_json_schema(by_alias=True)))))
        body.pop("title", None)
        body.pop("description", None)
        out[f"{kind}.schema.json"] = {
            **_head(f"{kind}.schema.json", f"cardforge {kind}", (model.__doc__ or "").strip().split("\n")[0]),
            **body,
        }
    kinds = sorted(DOCUMENT_MODELS)
    out["document.schema.json"] = {
        **_head("document.schema.json", "cardforge document",
                "Any cardforge content document; its `kind` picks the schema."),
        "type": "object",
        "required": ["kind"],
        "properties": {"kind": {"enum": kinds}},
        "allOf": [
            {"if": {"properties": {"kind": {"const": kind}}, "required": ["kind"]},
             "then": {"$ref": f"{kind}.schema.json"}}
            for kind in kinds
        ],
    }
    body = Bundle.model_json_schema(by_alias=True, mode="serialization")
    body.pop("title", None)
    body.pop("description", None)
    body = _board_fields_required(_draft7_rules(_open_objects(_kind_choice(_link_conditions(body)))))
    body.setdefault("$defs", {})["ConditionTree"] = _open_objects(CONDITION_TREE_SCHEMA)
    out["bundle.schema.json"] = {
        **_head("bundle.schema.json", "cardforge bundle", "A compiled cardforge bundle (docs/bundle.md)."),
        **body,
    }
    out["playtest.schema.json"] = {
        **_head("playtest.schema.json", "cardforge playtest report",
                "The report of `cardforge test --format json` (docs/playtest.md)."),
        **PLAYTEST_SCHEMA,
    }
    out["lint-report.schema.json"] = {
        **_head("lint-report.schema.json", "cardforge lint report",
                "The report of `cardforge lint --format json` and `cardforge build --format json` "
                "(docs/diagnostics.md)."),
        **LINT_REPORT_SCHEMA,
    }
    return out


def _draft7_rules(node: Any) -> Any:
    """Restate ``dependentRequired`` (``{"a": ["b"]}``: with ``a``, ``b`` is required)
    and ``dependentSchemas`` (``{"a": S}``: with ``a``, the object also fits ``S``) as
    ``if``/``then`` in ``allOf``: draft 2019-09 keywords that a draft-07 validator
    ignores without a word, so an editor would show no problem where lint has one."""
    if isinstance(node, dict):
        out = {k: _draft7_rules(v) for k, v in node.items() if k not in ("dependentRequired", "dependentSchemas")}
        rules = [{"if": {"required": [key]}, "then": {"required": list(needed)}}
                 for key, needed in node.get("dependentRequired", {}).items()]
        rules += [{"if": {"required": [key]}, "then": _draft7_rules(schema)}
                  for key, schema in node.get("dependentSchemas", {}).items()]
        if rules:
            out["allOf"] = out.get("allOf", []) + rules
        return out
    if isinstance(node, list):
        return [_draft7_rules(v) for v in node]
    return node


def _step_choice(node: Any) -> Any:
    """Replace the ``oneOf`` over step models by a choice on the step's kind key, so
    that editors say "unknown field 'x'" or "'successes' is required" for a step
    instead of "not valid under any of the given schemas" (the same verdict; the
    compiler discriminates on the first kind key in the same way)."""
    refs = {f"#/$defs/{cls.__name__}": kind for kind, cls in STEP_MODELS.items()}
    if isinstance(node, dict):
        options = node.get("oneOf")
        if isinstance(options, list) and options and all(isinstance(o, dict) for o in options):
            steps = [o for o in options if o.get("$ref") in refs]
            board = [o for o in options if (o.get("discriminator") or {}).get("propertyName") == "board"]
            if steps and len(board) == 1 and len(steps) + 1 == len(options):
                # a terrain action's effect: a named board effect or a step of ACTION_STEP_KINDS
                kinds = ["board", *(refs[o["$ref"]] for o in steps)]
                return {
                    "type": "object",
                    "description": "An effect: a board effect (`board: NAME`) or a step of "
                                   + ", ".join(kinds[1:]) + ".",
                    "minProperties": 1,
                    "anyOf": [{"required": [kind]} for kind in kinds],
                    "allOf": [{"if": {"required": ["board"]}, "then": _step_choice(board[0])},
                              *({"if": {"required": [refs[o["$ref"]]]}, "then": o} for o in steps)],
                }
        if isinstance(options, list) and options and all(o.get("$ref") in refs for o in options):
            return {
                "type": "object",
                "description": "A step: a mapping whose key names its kind (" + ", ".join(STEP_MODELS) + ").",
                "minProperties": 1,
                "anyOf": [{"required": [kind]} for kind in STEP_MODELS],
                "allOf": [{"if": {"required": [refs[o["$ref"]]]}, "then": o} for o in options],
            }
        return {k: _step_choice(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_step_choice(v) for v in node]
    return node


def _closed_names(node: Any) -> Any:
    """Turn pydantic's ``patternProperties`` for a mapping whose keys are names
    (``counters``, ``set``, ``add``) into ``propertyNames`` + ``additionalProperties``:
    with ``patternProperties`` alone a key that does not match the pattern is simply
    unchecked, while the compiler rejects it (``CF105``)."""
    if isinstance(node, dict):
        patterns = node.get("patternProperties")
        if isinstance(patterns, dict) and len(patterns) == 1 and "additionalProperties" not in node:
            (pattern, value), = patterns.items()
            out = {k: _closed_names(v) for k, v in node.items() if k != "patternProperties"}
            out["propertyNames"] = {**node.get("propertyNames", {}), "pattern": pattern}
            out["additionalProperties"] = _closed_names(value)
            return out
        return {k: _closed_names(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_closed_names(v) for v in node]
    return node


def _kind_choice(node: Any) -> Any:
    """Replace pydantic's ``oneOf`` + OpenAPI ``discriminator`` (which JSON Schema
    validators ignore) by an ``if``/``then`` per value of the discriminating key, so
    a malformed bundle step or board effect (``board: wound``) is reported field by
    field."""
    if isinstance(node, dict):
        disc = node.get("discriminator")
        if isinstance(disc, dict) and "oneOf" in node:
            key, mapping = disc["propertyName"], disc["mapping"]
            return {
                "type": "object",
                "required": [key],
                "properties": {key: {"enum": sorted(mapping)}},
                "allOf": [{"if": {"properties": {key: {"const": value}}, "required": [key]}, "then": {"$ref": ref}}
                          for value, ref in sorted(mapping.items())],
            }
        out = {k: _kind_choice(v) for k, v in node.items()}
        either = out.get("anyOf")
        if isinstance(either, list) and len(either) == 2 and all(_is_kind_choice(m) for m in either):
            # a terrain action's effect: a board effect (`board`) or a story step (`kind`)
            rest = {k: v for k, v in out.items() if k != "anyOf"}
            return {**rest, "if": {"required": either[0]["required"]}, "then": either[0], "else": either[1]}
        return out
    if isinstance(node, list):
        return [_kind_choice(v) for v in node]
    return node


def _is_kind_choice(node: Any) -> bool:
    """Whether ``node`` is a choice ``_kind_choice`` wrote (one required key, ``allOf``)."""
    return isinstance(node, dict) and node.get("type") == "object" and len(node.get("required", ())) == 1 \
        and "allOf" in node


def _board_fields_required(schema: dict[str, Any]) -> dict[str, Any]:
    """Mark every property of the board's objects required (a bundle writes every
    board field, defaults filled: docs/bundle.md, Board): the definitions reachable
    from ``BoardOut``, whose models are derived from the content models and keep their
    defaults). The story steps terrain actions share with story cards
    (``bundle_step_model``) keep their own rules: they are written as a card's are."""
    defs = schema.get("$defs", {})
    todo, seen = ["BoardOut"], {model.__name__ for model in ACTION_STEPS_OUT}
    while todo:
        name = todo.pop()
        if name in seen or name not in defs:
            continue
        seen.add(name)
        stack: list[Any] = [defs[name]]
        while stack:
            node = stack.pop()
            if isinstance(node, dict):
                ref = node.get("$ref")
                if isinstance(ref, str) and ref.startswith("#/$defs/"):
                    todo.append(ref.rsplit("/", 1)[1])
                if node.get("type") == "object" and isinstance(node.get("properties"), dict):
                    node["required"] = sorted(node["properties"])
                stack.extend(node.values())
            elif isinstance(node, list):
                stack.extend(node)
    return schema


def _open_objects(node: Any) -> Any:
    """Drop ``additionalProperties: false``: bundle readers ignore unknown keys."""
    if isinstance(node, dict):
        return {k: _open_objects(v) for k, v in node.items() if not (k == "additionalProperties" and v is False)}
    if isinstance(node, list):
        return [_open_objects(v) for v in node]
    return node


def _link_conditions(node: Any) -> Any:
    """Replace the placeholder of a condition field by a ``$ref`` to ``ConditionTree``."""
    if isinstance(node, dict):
        if node.get("x-cardforge-condition"):
            return {"$ref": "#/$defs/ConditionTree"}
        return {k: _link_conditions(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_link_conditions(v) for v in node]
    return node


def schema_bytes(schema: dict[str, Any]) -> bytes:
    """A schema file's exact bytes: sorted keys, 2-space indent, trailing newline."""
    return (json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8")
