"""The published JSON Schemas: generated from the models, valid 2020-12, and giving
the same verdict as ``cardforge lint`` on every shipped and fixture document."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from cardforge_compiler.load import discover, load_files
from cardforge_compiler.schema import SCHEMA_BASE, generate_schemas, schema_bytes
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


@pytest.mark.parametrize("name", sorted(generate_schemas()))
def test_schemas_pass_the_2020_12_metaschema(name: str) -> None:
    schema = committed()[name]
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"].endswith("/" + name)


def _validator() -> Draft202012Validator:
    schemas = committed()
    registry = Registry().with_resources(
        (SCHEMA_BASE + name, Resource.from_contents(body)) for name, body in schemas.items())
    return Draft202012Validator(schemas["document.schema.json"], registry=registry)


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


@pytest.mark.parametrize("name, folder", _documents(), ids=[n for n, _ in _documents()])
def test_lint_and_the_published_schemas_agree(name: str, folder: Path) -> None:
    files, _ = discover([str(folder)])
    load_files(files)
    diagnostics = [d for sf in files for index, raw in enumerate(sf.documents) if raw is not None
                   for d in validate_document(sf, index, raw)[1]]
    flagged = {(d.file, d.doc) for d in diagnostics if d.code.startswith("CF1") and d.code not in ("CF107", "CF109")}
    validator = _validator()
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
