"""The compiler writes the bundle format with the runtime's definitions
(``cardforge_runtime.format``), never its own copy: the content hash, the
canonical JSON, the name pattern, ``otherwise`` and the comparisons."""

from __future__ import annotations

import json
import re
import typing

import pytest
from pydantic import TypeAdapter

from cardforge_compiler import __version__
from cardforge_compiler.bundle_model import CONDITION_TREE_SCHEMA, NamedOut
from cardforge_compiler.conditions import parse_condition
from cardforge_compiler.emit import build_bundle, bundle_bytes, bundle_chunks
from cardforge_compiler.model import Name, Otherwise
from cardforge_compiler.pipeline import compile_paths
from cardforge_runtime import load_bundle
from cardforge_runtime.format import (
    COMPARISONS,
    NAME_PATTERN,
    OTHERWISE,
    canonical_json,
    content_hash,
)
from _helpers import CONTENT


@pytest.fixture(scope="module")
def packs():  # noqa: ANN201
    return compile_paths([str(CONTENT)]).packs


def test_the_bundle_is_the_formats_canonical_json_with_the_formats_hash(packs) -> None:  # noqa: ANN001
    bundle = build_bundle(packs, __version__)
    assert bundle["content_hash"] == content_hash(bundle["packs"])
    streamed = b"".join(bundle_chunks(packs, __version__))
    assert streamed == bundle_bytes(bundle) == canonical_json(json.loads(streamed)) + b"\n"
    assert load_bundle(json.loads(streamed)).hash_matches


def test_flag_and_counter_names_follow_the_formats_pattern() -> None:
    assert TypeAdapter(Name).json_schema()["pattern"] == f"^{NAME_PATTERN}$"
    for text in ("met_athos", "_x1", "Gold"):
        assert parse_condition(text) == {"op": "name", "name": text}
        assert re.fullmatch(NAME_PATTERN, text)


def test_otherwise_and_comparisons_are_the_formats() -> None:
    assert typing.get_args(Otherwise) == OTHERWISE
    assert set(typing.get_args(typing.get_args(NamedOut.model_fields["otherwise"].annotation)[0])) == set(OTHERWISE)
    enums = [b["properties"]["op"].get("enum") for b in CONDITION_TREE_SCHEMA["oneOf"]]
    assert list(COMPARISONS) in enums
    for op in COMPARISONS:
        assert parse_condition(f"1 {op} 2")["op"] == op
