"""Conditions: parser (with where each node was written), typing by the bundle
format's ``condition_type``, static evaluation; property tests."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardforge_compiler.conditions import (
    ConditionSyntaxError,
    ConditionTypeError,
    condition_text,
    parse_condition,
    parse_condition_spans,
    static_value,
)
from cardforge_runtime.conditions import evaluate_condition
from cardforge_runtime.format import condition_type

NAMES = {"met_athos": "bool", "duels": "number", "players": "number", "coins": "number"}


def test_examples_from_the_format() -> None:
    assert parse_condition("not met_athos") == {"op": "not", "arg": {"op": "name", "name": "met_athos"}}
    assert parse_condition("coins >= 3") == {"op": ">=", "left": {"op": "name", "name": "coins"},
                                             "right": {"op": "const", "value": 3}}
    assert parse_condition('has("Rapier") and players > 2') == {
        "op": "and", "args": [
            {"op": "call", "name": "has", "args": [{"op": "const", "value": "Rapier"}]},
            {"op": ">", "left": {"op": "name", "name": "players"}, "right": {"op": "const", "value": 2}},
        ]}


def test_precedence_not_binds_tighter_than_and_than_or() -> None:
    tree = parse_condition("not a or b and c")
    assert tree["op"] == "or"
    assert tree["args"][0]["op"] == "not"
    assert tree["args"][1]["op"] == "and"


@pytest.mark.parametrize("source, column", [("met_athos and", 14), ("coins => 3", 7), ("a && b", 3),
                                            ("(a", 3), ("", 1), ("a b", 3), ("3 +", 3)])
def test_syntax_errors_have_a_column(source: str, column: int) -> None:
    with pytest.raises(ConditionSyntaxError) as info:
        parse_condition(source)
    assert info.value.column == column


def test_nesting_is_bounded() -> None:
    with pytest.raises(ConditionSyntaxError):
        parse_condition("(" * 1000 + "a" + ")" * 1000)
    with pytest.raises(ConditionSyntaxError):
        parse_condition("not " * 1000 + "a")


@pytest.mark.parametrize("source, path, column", [
    ("not coins", ("arg",), 5), ("met_athos > 2", ("left",), 1), ("duels and met_athos", ("args", 0), 1),
    ("has(3)", ("args", 0), 5), ("coins == true", ("right",), 10), ("has()", (), 1), ("coins", (), 1),
    ('duels >= "3"', ("right",), 10), ("met_athos and not (duels or x)", ("args", 1, "arg", "args", 0), 20),
])
def test_type_errors_point_at_the_offending_token(source: str, path: tuple, column: int) -> None:
    """The format's condition_type names the offending node; the parser's spans say
    where it was written."""
    tree, spans = parse_condition_spans(source)
    with pytest.raises(ConditionTypeError) as info:
        condition_type(tree, NAMES, "bool")
    assert info.value.path == path
    assert spans[path][0] == column


def test_unknown_names_and_functions() -> None:
    with pytest.raises(ConditionTypeError) as info:
        condition_type(parse_condition("not met_athoss"), NAMES)
    assert (info.value.path, info.value.field) == (("arg",), "name")
    with pytest.raises(ConditionTypeError) as info:
        condition_type(parse_condition('hass("x")'), NAMES)
    assert (info.value.path, info.value.field) == ((), "name")


def test_negative_numbers() -> None:
    """Counters go below zero (``add: {debt: -2}``), so conditions compare with
    negative numbers; the runtime evaluates the same tree."""
    tree = parse_condition("debt < -1")
    assert tree == {"op": "<", "left": {"op": "name", "name": "debt"}, "right": {"op": "const", "value": -1}}
    assert condition_type(tree, {"debt": "number"}) == "bool"
    assert evaluate_condition(tree, {"debt": -2}) is True
    assert parse_condition("-3 == debt")["left"] == {"op": "const", "value": -3}
    assert parse_condition_spans("debt >= -12")[1][("right",)] == (9, 12)
    for bad, column in (("debt < -", 9), ("debt < - x", 10), ("-", 2), ("debt - 1", 6), ("debt < - 1", 8)):
        with pytest.raises(ConditionSyntaxError) as info:
            parse_condition(bad)
        assert info.value.column == column, bad


def test_static_value() -> None:
    assert static_value(parse_condition("met_athos"), {"met_athos": False}) is False
    assert static_value(parse_condition("met_athos or duels > 1"), {"met_athos": False}) is None
    assert static_value(parse_condition("met_athos and duels > 1"), {"met_athos": False}) is False
    assert static_value(parse_condition("not met_athos or x"), {"met_athos": False}) is True
    assert static_value(parse_condition("duels >= 0"), {"duels": 0}) is True


# ---------------------------------------------------------------- properties
names = st.sampled_from(["met_athos", "duels", "coins", "flag_b"])
atoms = st.one_of(
    st.integers(min_value=-(10**6), max_value=10**6).map(lambda v: {"op": "const", "value": v}),
    st.booleans().map(lambda v: {"op": "const", "value": v}),
    # Quoted text never starts or ends with a space (names never do).
    st.text(alphabet="abcXYZ -é", max_size=8).filter(lambda v: v == v.strip()).map(
        lambda v: {"op": "const", "value": v}),
    names.map(lambda n: {"op": "name", "name": n}),
)
comparisons = st.builds(lambda a, op, b: {"op": op, "left": a, "right": b}, atoms,
                        st.sampled_from(["==", "!=", "<", "<=", ">", ">="]), atoms)
trees = st.recursive(
    st.one_of(atoms, comparisons),
    lambda inner: st.one_of(
        inner.map(lambda t: {"op": "not", "arg": t}),
        st.lists(inner, min_size=2, max_size=3).map(lambda a: {"op": "and", "args": a}),
        st.lists(inner, min_size=2, max_size=3).map(lambda a: {"op": "or", "args": a}),
    ),
    max_leaves=10,
)


@given(trees)
@settings(max_examples=300)
def test_printing_then_parsing_gives_the_same_tree(tree: dict) -> None:
    """``condition_text`` (what ``cardforge path`` shows) reads back to the same tree."""
    assert parse_condition(condition_text(tree)) == tree


@given(st.text(max_size=40))
@settings(max_examples=500)
def test_the_parser_never_fails_other_than_with_a_syntax_error(source: str) -> None:
    try:
        parse_condition(source)
    except ConditionSyntaxError as exc:
        assert 1 <= exc.column <= len(source) + 1


@given(st.booleans(), st.integers(min_value=0, max_value=5), st.booleans())
def test_static_evaluation_agrees_with_the_runtime(flag: bool, duels: int, other: bool) -> None:
    tree = parse_condition("(met_athos or duels > 2) and not flag_b")
    env = {"met_athos": flag, "duels": duels, "flag_b": other}
    assert static_value(tree, env) == evaluate_condition(tree, env)


def test_quoted_names_are_nfc_and_never_padded() -> None:
    """A condition saved in NFD names the same item as a pack saved in NFC; a quoted
    name with a space at either end is refused where it stands."""
    import unicodedata

    tree = parse_condition(unicodedata.normalize("NFD", 'has("Épée")'))
    assert tree["args"][0]["value"] == unicodedata.normalize("NFC", "Épée")
    with pytest.raises(ConditionSyntaxError) as caught:
        parse_condition('coins > 2 and has("Rapier ")')
    assert caught.value.column == 19 and "'Rapier\u2420'" in caught.value.message
    assert caught.value.hint == 'write "Rapier"'


def test_the_condition_language_is_the_bundle_formats_own() -> None:
    """Nothing about the format is written twice: the compiler's built-in names and
    functions are the runtime's objects, and the compiler has no type checker of its own."""
    import cardforge_compiler.conditions as compiler_conditions
    from cardforge_runtime import format as bundle_format

    assert compiler_conditions.BUILTIN_NAMES is bundle_format.BUILTIN_NAMES
    assert compiler_conditions.FUNCTIONS is bundle_format.FUNCTIONS
    assert compiler_conditions.ConditionTypeError is bundle_format.ConditionTypeError
    assert not hasattr(compiler_conditions, "type_of")


def test_a_condition_that_cannot_be_parsed_still_spells_its_declared_names() -> None:
    """One fault, one report: the words of a condition with a syntax error name the
    flags and counters it reads (text in quotes and built-in names are not reads)."""
    from cardforge_compiler.resolve import spelled_names

    names = {"players": "number", "bribed_guard": "bool", "alarms": "number", "Rope": "bool"}
    assert spelled_names('bribed_guard and alarms > - 1 and has("Rope") and players >', names) == (
        "bribed_guard", "alarms")
    assert spelled_names("alarms >= alarms &&", names) == ("alarms", "alarms")
    assert spelled_names('has("alarms', names) == ()
