"""cardforge_runtime.format: the one definition of the bundle format (condition
typing, built-in names, content hash, set/add/clear)."""

from __future__ import annotations

import hashlib
import json

import pytest

from cardforge_runtime import load_bundle
from cardforge_runtime.format import (
    BUILTIN_NAMES,
    FUNCTIONS,
    MAX_NESTING,
    ConditionTypeError,
    apply_values,
    condition_names,
    condition_type,
    content_hash,
    content_hash_of_canonical,
)
from _runtime_helpers import make_bundle

NAMES = condition_names(["met_athos"], ["gold"])


def const(value):
    return {"op": "const", "value": value}


def name(text):
    return {"op": "name", "name": text}


def test_names_and_functions():
    assert dict(BUILTIN_NAMES) == {"players": "number", "characters": "number", "coins": "number"}
    assert dict(FUNCTIONS) == {"has": (("text",), "bool"), "status": (("text",), "bool")}
    assert NAMES == {"players": "number", "characters": "number", "coins": "number", "met_athos": "bool",
                     "gold": "number"}
    with pytest.raises(TypeError):
        BUILTIN_NAMES["gold"] = "number"    # read-only: nobody can widen the format by accident


@pytest.mark.parametrize(("tree", "want", "kind"), [
    (const(-1), None, "number"),
    ({"op": "<", "left": name("gold"), "right": const(-1)}, "bool", "bool"),
    (const("Rapier"), None, "text"),
    ({"op": "call", "name": "has", "args": [const("Rapier")]}, "bool", "bool"),
    ({"op": "and", "args": [name("met_athos"), {"op": "not", "arg": const(False)}]}, "bool", "bool"),
    ({"op": "==", "left": const("a"), "right": const("b")}, "bool", "bool"),
    (name("players"), None, "number"),
])
def test_well_typed_trees(tree, want, kind):
    assert condition_type(tree, NAMES, want) == kind


@pytest.mark.parametrize(("tree", "path", "field", "reason", "expected", "found"), [
    # gold >= "3": the quoted number is at fault, not the comparison
    ({"op": ">=", "left": name("gold"), "right": const("3")}, ("right",), None,
     "'>=' cannot compare number with text", "number", "text"),
    ({"op": ">=", "left": const("3"), "right": name("gold")}, ("left",), None,
     "'>=' cannot compare text with number", "number", "text"),
    ({"op": "==", "left": name("gold"), "right": const("3")}, ("right",), None,
     "'==' cannot compare number with text", "number", "text"),
    ({"op": "==", "left": const(True), "right": name("gold")}, ("left",), None,
     "'==' cannot compare bool with number", "number", "bool"),
    ({"op": "and", "args": [name("met_athos"), {"op": "<", "left": name("golt"), "right": const(3)}]},
     ("args", 1, "left"), "name", "'golt' is not a flag or counter of this story nor a built-in name", None, None),
    ({"op": "not", "arg": name("gold")}, ("arg",), None, "expected a bool value, found a number one", "bool", "number"),
    ({"op": "call", "name": "has", "args": [const(3)]}, ("args", 0), None,
     "expected a text value, found a number one", "text", "number"),
    ({"op": "call", "name": "holds", "args": [const("x")]}, (), "name",
     "unknown function 'holds' (expected one of has, status)", None, None),
    ({"op": "call", "name": "has", "args": []}, (), "args", "has() takes one argument", None, None),
    ({"op": "or", "args": [const(True)]}, (), "args", "'or' joins two or more conditions", None, None),
    ({"op": "xor"}, (), "op", "unknown condition node 'xor'", None, None),
    ({"op": "const", "value": 1.5}, (), "value", "expected a number, true/false or text, found float", None, None),
    ({"op": "not", "arg": [1]}, ("arg",), None, "expected an object, found a list", None, None),
    ({"op": "<", "left": name("gold")}, (), None, "missing field 'right'", None, None),
    (name("gold"), (), None, "expected a bool value, found a number one", "bool", "number"),
])
def test_a_fault_points_at_the_offending_node(tree, path, field, reason, expected, found):
    with pytest.raises(ConditionTypeError) as caught:
        condition_type(tree, NAMES)
    error = caught.value
    assert (error.path, error.field, error.reason, error.expected, error.found) == (path, field, reason, expected, found)
    assert str(error) == reason


def test_nesting_is_limited():
    tree = const(True)
    for _ in range(MAX_NESTING):
        tree = {"op": "not", "arg": tree}
    assert condition_type(tree, NAMES) == "bool"
    with pytest.raises(ConditionTypeError, match=f"nested more than {MAX_NESTING} deep") as caught:
        condition_type({"op": "not", "arg": tree}, NAMES)
    assert caught.value.path == ("arg",) * (MAX_NESTING + 1)


def test_a_negative_constant_loads_and_plays():
    from cardforge_runtime import Session

    option = {"text": "In debt", "if": {"op": "<", "left": name("debt"), "right": const(-1)}, "if_source": "debt < -1",
              "steps": [{"kind": "victory", "text": "Debtor"}], "goto": None}
    steps = [{"kind": "add", "values": {"debt": -3}},
             {"kind": "choice", "options": [option, {"text": "Go", "if": None, "if_source": None,
                                                     "steps": [{"kind": "defeat", "text": "Lost"}], "goto": None}]}]
    session = Session.start(load_bundle(make_bundle([{"id": 1, "steps": steps}], counters={"debt": 0})), "s")
    session.answer({})
    assert [o["text"] for o in session.pending["options"]] == ["In debt", "Go"]


def test_content_hash_is_sha256_of_canonical_packs():
    packs = [{"id": "é", "b": [1, {"z": 1, "a": None}]}]
    expected = hashlib.sha256(json.dumps({"packs": packs}, sort_keys=True, ensure_ascii=False,
                                         separators=(",", ":")).encode()).hexdigest()
    assert content_hash(packs) == "sha256:" + expected
    pieces = [b"[", json.dumps(packs[0], sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode(), b"]"]
    assert content_hash_of_canonical(pieces) == content_hash(packs)
    data = make_bundle([{"id": 1, "steps": [{"kind": "victory", "text": "x"}]}])
    assert load_bundle(data).content_hash == content_hash(data["packs"])


def test_set_add_clear():
    flags, counters, starts = {"f": False}, {"n": 2}, {"n": 2}
    apply_values("set", {"f": True, "n": 7}, flags, counters, starts)
    assert (flags, counters) == ({"f": True}, {"n": 7})
    apply_values("add", {"n": -9}, flags, counters, starts)
    assert counters == {"n": -2}
    apply_values("clear", ["f", "n"], flags, counters, starts)
    assert (flags, counters) == ({"f": False}, {"n": 2})
    merged = {"f": True, "n": 5}       # one dict of names, as a static analysis keeps them
    apply_values("clear", ["f", "n"], merged, merged, starts)
    assert merged == {"f": False, "n": 2}
    with pytest.raises(ValueError, match="not a set, add or clear"):
        apply_values("gain", {}, flags, counters, starts)
