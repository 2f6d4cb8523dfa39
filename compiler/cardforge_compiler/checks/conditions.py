"""Conditions and the flags and counters they read (resolve stage).

Reports what :func:`~cardforge_compiler.resolve.resolve_story` found while it
declared the story's names and parsed and typed every ``if`` (choice options and
``if`` steps): reserved or doubly declared names, syntax errors, unknown names,
type errors, unknown status tokens; and checks that ``set``, ``add`` and ``clear``
name declared flags and counters with values of the right type. Only reads.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from cardforge_compiler.checks import check
from cardforge_compiler.conditions import (
    BUILTIN_NAMES,
    FUNCTIONS,
    ConditionSyntaxError,
    ConditionTypeError,
    a_kind,
    node_at,
)
from cardforge_compiler.diagnostics import Diagnostic, did_you_mean
from cardforge_compiler.resolve import RESERVED, ConditionIR, StoryIR

__all__ = ["condition_problems", "conditions", "declarations", "state_steps"]


def _unknown_status_token(story: StoryIR, condition: ConditionIR) -> tuple[str, tuple] | None:
    """The first ``status("X")`` argument that names no status token of the pack,
    with the path of that argument in the tree."""
    if story.pack.pack is None or condition.tree is None:
        return None
    tokens = {t.name for t in story.pack.pack.status_tokens}
    for path in sorted(condition.spans, key=condition.spans.__getitem__):
        node = node_at(condition.tree, path)
        if node["op"] == "call" and node["name"] == "status" and node["args"]:
            arg = node["args"][0]
            if arg["op"] == "const" and arg["value"] not in tokens:
                return arg["value"], (*path, "args", 0)
    return None


@check("resolve", "CF105")
def declarations(story: StoryIR) -> Iterator[Diagnostic]:
    """Flags and counters are declared once and are not words of the condition language."""
    model = story.model
    for j, flag in enumerate(model.flags):
        if flag in RESERVED:
            yield Diagnostic("CF105", f"'{flag}' is a word of the condition language and cannot be a flag",
                             **story.where(("flags", j)), hint="choose another name")
        elif flag in model.flags[:j]:
            yield Diagnostic("CF105", f"'{flag}' is declared twice", **story.where(("flags", j)),
                             hint="remove the second one")
    for counter in model.counters:
        if counter in RESERVED:
            yield Diagnostic("CF105", f"'{counter}' is a word of the condition language and cannot be a counter",
                             **story.where(("counters", counter), "key"), hint="choose another name")
        elif counter in model.flags or counter in BUILTIN_NAMES:
            yield Diagnostic("CF105", f"'{counter}' is declared twice (as a flag or built-in, and as a counter)",
                             **story.where(("counters", counter), "key"), hint="give the counter another name")


@check("resolve", "CF201", "CF202", "CF203", "CF305")
def conditions(story: StoryIR) -> Iterator[Diagnostic]:
    """Every condition parses, names only declared flags, counters and functions,
    is well typed, names status tokens of the pack, and is true or false."""
    for condition in story.parsed:
        yield from _condition(story, condition)


def condition_problems(condition: ConditionIR, where: dict, unknown_name: Callable[[str], str]) -> Iterator[Diagnostic]:
    """CF201 (the condition cannot be parsed), CF202 (an unknown name or function) or
    CF203 (a type mismatch) for ``condition``'s error, if any, at the offending column
    of its text. ``where``: the keyword arguments that locate the condition's text
    (``StoryIR.where``, ``PackIR.board_where``); ``unknown_name(name)``: the hint for an
    unknown name (the "did you mean" or where to declare it). Shared by the story
    conditions and those of a pack's effects and ``on_death`` options."""
    exc = condition.error
    if isinstance(exc, ConditionSyntaxError):
        yield Diagnostic("CF201", f"{exc.message} (column {exc.column} of the condition)",
                         **where, offset=exc.column - 1,
                         hint=exc.hint or "conditions look like: not met_athos, coins >= 3, has(\"Rapier\") and "
                                          "players > 2")
    elif isinstance(exc, ConditionTypeError):
        yield _type_error(condition, exc, where, unknown_name)


def _condition(story: StoryIR, condition: ConditionIR) -> Iterator[Diagnostic]:
    path = condition.path
    if condition.error is not None:
        yield from condition_problems(condition, story.where(path), lambda name: (
            did_you_mean(name, sorted(story.names)) or f"declare it under `flags:` or `counters:` of story "
                                                       f"'{story.id}'"))
        return
    unknown = _unknown_status_token(story, condition)
    if unknown is not None:
        token, at = unknown
        tokens = [t.name for t in story.pack.pack.status_tokens] if story.pack.pack else []
        yield Diagnostic("CF305", f"'{token}' is not a status token of this pack", **story.where(path),
                         offset=condition.column(at) - 1,
                         hint=did_you_mean(token, tokens) or f"status tokens: {', '.join(tokens) or 'none'}")


def _type_error(condition: ConditionIR, exc: ConditionTypeError, at: dict,
                unknown_name: Callable[[str], str]) -> Diagnostic:
    """CF202 for an unknown name or function, CF203 for a type mismatch, pointing at
    the offending token: the bundle format's ``condition_type`` says which node is
    at fault (``exc.path``), the parser where that node was written."""
    assert condition.tree is not None
    node = node_at(condition.tree, exc.path)
    where = {**at, "offset": condition.column(exc.path) - 1}
    parent_path = exc.path[:-2] if exc.path[-2:-1] == ("args",) else exc.path[:-1]
    parent = node_at(condition.tree, parent_path) if exc.path else None
    if exc.field == "name" and node["op"] == "name":
        name = node["name"]
        if parent is not None and parent["op"] == "call":
            return Diagnostic("CF202", f"unknown name '{name}' in condition", **where,
                              hint=f'put the item or token in quotes: {parent["name"]}("{name}")')
        return Diagnostic("CF202", f"unknown name '{name}' in condition", **where, hint=unknown_name(name))
    if exc.field == "name" and node["op"] == "call":
        pool = sorted(FUNCTIONS)
        return Diagnostic("CF202", f"unknown function '{node['name']}' in condition", **where,
                          hint=did_you_mean(node["name"], pool) or f"functions: {', '.join(pool)}")
    if exc.field == "args" and node["op"] == "call":
        params = FUNCTIONS[node["name"]][0]
        return Diagnostic("CF203", f"{node['name']}() takes {len(params)} argument(s), got {len(node['args'])}",
                          **where, hint=f'for instance {node["name"]}("...")')
    found, expected = exc.found, exc.expected
    hint = "flags are true/false (`met_athos`, `not met_athos`); counters are numbers to compare (`duels_won >= 2`)"
    quoted_number = (node["op"] == "const" and isinstance(node["value"], str)
                     and re.fullmatch(r"-?[0-9]+", node["value"]) is not None and expected == "number")
    if quoted_number:
        hint = f"drop the quotes: {node['value']} is a number, \"{node['value']}\" is text"
    if parent is None:
        message = f"a condition must be true or false, but this is {a_kind(found)}"
        hint = "compare it, e.g. `coins >= 3`" if found == "number" else hint
    elif parent["op"] == "not":
        message = f"'not' needs true/false, not {a_kind(found)}"
    elif parent["op"] in ("and", "or"):
        message = f"'{parent['op']}' joins true/false values, not {a_kind(found)}"
    elif parent["op"] == "call":
        message = f"{parent['name']}() takes {a_kind(expected)}, not {a_kind(found)}"
        if found == "number" and not quoted_number:
            hint = f'put the name in quotes: {parent["name"]}("{node.get("value", "...")}")'
    elif parent["op"] in ("==", "!="):
        left, right = (found, expected) if exc.path[-1] == "left" else (expected, found)
        message = f"'{parent['op']}' compares {a_kind(left)} with {a_kind(right)}"
    else:
        message = f"'{parent['op']}' compares numbers, not {a_kind(found)}"
    return Diagnostic("CF203", message, **where, hint=hint)


@check("resolve", "CF202", "CF203")
def state_steps(story: StoryIR) -> Iterator[Diagnostic]:
    """``set``/``add``/``clear`` name declared flags and counters with values of
    their type."""
    declared = {n: t for n, t in story.names.items() if n not in BUILTIN_NAMES}
    for _card, ref in story.step_refs:
        if ref.kind == "set":
            items = [(n, v, (*ref.path, "set", n)) for n, v in ref.step.set.items()]
        elif ref.kind == "add":
            items = [(n, v, (*ref.path, "add", n)) for n, v in ref.step.add.items()]
        elif ref.kind == "clear":
            items = [(n, None, (*ref.path, "clear", j)) for j, n in enumerate(ref.step.clear)]
        else:
            continue
        for name, value, path in items:
            if name not in declared:
                yield Diagnostic("CF202", f"'{name}' is not a declared flag or counter",
                                 **story.where(path, "key" if value is not None else "value"),
                                 hint=did_you_mean(name, sorted(declared))
                                 or f"declare it under `flags:` or `counters:` of story '{story.id}'")
                continue
            kind = declared[name]
            if ref.kind == "add" and kind != "number":
                yield Diagnostic("CF203", f"'{name}' is a flag: `add` works on counters", **story.where(path),
                                 hint=f"use `set: {{{name}: true}}`")
            elif ref.kind == "set":
                given = "bool" if isinstance(value, bool) else "number"
                if given != kind:
                    wanted = "true or false" if kind == "bool" else "a number"
                    yield Diagnostic("CF203", f"'{name}' is a {'flag' if kind == 'bool' else 'counter'}: "
                                              f"set it to {wanted}", **story.where(path),
                                     hint=f"`set: {{{name}: true}}`" if kind == "bool" else
                                     f"`set: {{{name}: 0}}` gives it a value; `add: {{{name}: 1}}` counts up")
