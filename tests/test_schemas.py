"""The published JSON Schemas: generated from the models, valid 2020-12, resolvable
offline as files, and giving the same verdict as ``cardforge lint`` on every shipped and
fixture document with a draft-07 validator (what editors apply) as with 2020-12."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft7Validator, Draft202012Validator
from referencing import Registry, Resource
from referencing.exceptions import NoSuchResource
from referencing.jsonschema import DRAFT7, DRAFT202012

from cardforge_compiler.load import discover, load_files
from cardforge_compiler.schema import generate_schemas, schema_bytes
from cardforge_compiler.validate import validate_document
from _helpers import CONTENT, GOLDEN, ROOT

SCHEMAS = ROOT / "schemas"


def committed() -> dict[str, dict]:
    return {p.name: json.loads(p.read_text(encoding="utf-8")) for p in sorted(SCHEMAS.glob("*.schema.json"))}


def test_committed_schemas_match_the_models() -> None:
    """Run `cardforge schema --out schemas/` after changing a model."""
    generated = generate_schemas()
    assert sorted(generated) == sorted(p.name for p in SCHEMAS.glob("*.schema.json"))
    for name, body in generated.items():
        assert (SCHEMAS / name).read_bytes() == schema_bytes(body), f"{name} is out of date"


DRAFT_07_ONLY = {"$schema", "$id", "$ref", "$defs", "$comment", "title", "description", "default", "examples",
                 "type", "enum", "const", "properties", "additionalProperties", "patternProperties", "propertyNames",
                 "required", "minProperties", "maxProperties", "items", "additionalItems", "minItems", "maxItems",
                 "uniqueItems", "contains", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
                 "multipleOf", "minLength", "maxLength", "pattern", "format", "allOf", "anyOf", "oneOf", "not",
                 "if", "then", "else"}


@pytest.mark.parametrize("name", sorted(generate_schemas()))
def test_schemas_pass_the_2020_12_and_draft_07_metaschemas(name: str) -> None:
    schema = committed()[name]
    Draft202012Validator.check_schema(schema)
    Draft7Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == name                              # a file name: refs resolve beside it


def _keywords(node, out: set) -> set:  # noqa: ANN001
    """Every keyword used in a schema (the names under ``properties`` and ``$defs`` are not keywords)."""
    if isinstance(node, dict):
        for key, value in node.items():
            out.add(key)
            children = value.values() if key in ("properties", "$defs", "patternProperties") and isinstance(value, dict) \
                else [value]
            for child in children:
                _keywords(child, out)
    elif isinstance(node, list):
        for child in node:
            _keywords(child, out)
    return out


@pytest.mark.parametrize("name", sorted(generate_schemas()))
def test_every_rule_is_in_keywords_draft_07_enforces(name: str) -> None:
    """`dependentRequired` (and other 2019-09+ keywords) are ignored by a draft-07 editor."""
    assert _keywords(committed()[name], set()) - DRAFT_07_ONLY == set()


def _validator(cls):  # noqa: ANN001, ANN202
    """A plain offline validator of ``cls``'s draft: a relative reference is a file in
    the schemas folder, read with the same draft. An editor applying draft-07 applies it
    to every file, so ``$schema`` is dropped (jsonschema would switch to 2020-12 on it)."""
    specification = DRAFT7 if cls is Draft7Validator else DRAFT202012

    def read(name: str) -> dict:
        schema = json.loads((SCHEMAS / name).read_text(encoding="utf-8"))
        if cls is Draft7Validator:
            schema.pop("$schema")
        return schema

    def retrieve(uri: str) -> Resource:
        if "/" in uri or ":" in uri or not (SCHEMAS / uri).is_file():
            raise NoSuchResource(ref=uri)
        return Resource(read(uri), specification)

    return cls(read("document.schema.json"), registry=Registry(retrieve=retrieve))


def test_document_schema_refs_resolve_as_files_offline() -> None:
    for cls in (Draft7Validator, Draft202012Validator):
        validator = _validator(cls)
        errors = list(validator.iter_errors({"kind": "story", "id": "s"}))
        assert "'title' is a required property" in [e.message for e in errors]     # story.schema.json was read


def test_purchase_per_player_needs_a_deck_in_draft_07_too() -> None:
    story = {"kind": "story", "id": "s", "title": "T", "start": 1, "cards": [{"id": 1, "title": "One", "steps": [
        {"purchase": {"offers": [{"item": "Rope", "cost": 1}], "per_player": 2}}, {"victory": "Won."}]}]}
    for cls in (Draft7Validator, Draft202012Validator):
        messages = [e.message for e in _validator(cls).iter_errors(story)]
        assert messages and all("deck" in m for m in messages), (cls.__name__, messages)
        del story["cards"][0]["steps"][0]["purchase"]["per_player"]
        assert list(_validator(cls).iter_errors(story)) == []
        story["cards"][0]["steps"][0]["purchase"]["per_player"] = 2


def _json_like(value):  # noqa: ANN001, ANN202
    """What an editor sees: mapping keys are text."""
    if isinstance(value, dict):
        return {str(k): _json_like(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_json_like(v) for v in value]
    return value


def _documents() -> list[tuple[str, Path]]:
    folders = [CONTENT] + sorted(p for p in GOLDEN.iterdir() if p.is_dir())
    return [(folder.name, folder) for folder in folders]


@pytest.mark.parametrize("cls", [Draft7Validator, Draft202012Validator], ids=["draft-07", "2020-12"])
@pytest.mark.parametrize("name, folder", _documents(), ids=[n for n, _ in _documents()])
def test_lint_and_the_published_schemas_agree(name: str, folder: Path, cls) -> None:  # noqa: ANN001
    files, _ = discover([str(folder)])
    load_files(files)
    diagnostics = [d for sf in files for index, raw in enumerate(sf.documents) if raw is not None
                   for d in validate_document(sf, index, raw)[1]]
    flagged = {(d.file, d.doc) for d in diagnostics if d.code.startswith("CF1") and d.code not in ("CF107", "CF109")}
    validator = _validator(cls)
    for sf in files:
        for index, document in enumerate(sf.documents):
            if document is None:
                continue
            errors = list(validator.iter_errors(_json_like(document)))
            schema_says = bool(errors)
            lint_says = (sf.display, index) in flagged
            assert schema_says == lint_says, (
                f"{sf.display} document {index}: schema {'rejects' if schema_says else 'accepts'}, "
                f"lint {'rejects' if lint_says else 'accepts'}; schema errors: {[e.message for e in errors[:3]]}")


@pytest.mark.parametrize(("effect", "message"), [
    ({"lose": {"helth": 1}}, "Additional properties are not allowed ('helth' was unexpected)"),
    ({"board": "wagon-roll"}, "'minus' is a required property"),
    ({"goto": 3}, "is not valid under any of the given schemas"),
])
def test_an_editor_names_the_fault_of_a_terrain_actions_effect(effect: dict, message: str) -> None:
    """A terrain action's effect is a board effect or a story step of ACTION_STEP_KINDS:
    the schema chooses on its key, so an editor reports the field at fault (a step it
    may not use, such as `goto`, matches no choice)."""
    schema = json.loads((SCHEMAS / "terrain-tile.schema.json").read_text())
    tile = {"kind": "terrain-tile", "name": "X", "size": [1, 1],
            "actions": [{"name": "A", "from": "on", "success": [effect]}]}
    found = [e.message for e in Draft202012Validator(schema).iter_errors(tile)]
    assert len(found) == 1 and message in found[0], found
