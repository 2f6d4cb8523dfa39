"""Conditions and the flags and counters they read (resolve stage).

Reports what :func:`~cardforge_compiler.resolve.resolve_story` found while it
declared the story's names and parsed and typed every ``if`` (choice options and
``if`` steps): reserved or doubly declared names, syntax errors, unknown names,
type errors, unknown status tokens; and checks that ``set``, ``add`` and ``clear``
name declared flags and counters with values of the right type. Only reads.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from cardforge_compiler.checks import check
from cardforge_compiler.conditions import (
    BUILTIN_NAMES,
    FUNCTIONS,
    ConditionSyntaxError,
    ConditionTypeError,
    UnknownName,
    _a,
)
from cardforge_compiler.diagnostics import Diagnostic, did_you_mean
from cardforge_compiler.resolve import RESERVED, ConditionIR, StoryIR

__all__ = ["conditions", "declarations", "state_steps"]


def _unknown_status_token(story: StoryIR, tree: dict) -> str | None:
    """The first ``status("X")`` argument that names no status token of the pack."""
    if story.pack.pack is None:
        return None
    tokens = {t.name for t in story.pack.pack.status_tokens}
    stack = [tree]
    while stack:
        node = stack.pop()
        if node["op"] == "call" and node["name"] == "status":
            arg = node["args"][0] if node["args"] else None
            if arg and arg["op"] == "const" and arg["value"] not in tokens:
                return arg["value"]
        stack.extend(node.get("args", []))
        stack.extend(node[k] for k in ("arg", "left", "right") if k in node)
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


def _condition(story: StoryIR, condition: ConditionIR) -> Iterator[Diagnostic]:
    source, path, exc = condition.source, condition.path, condition.error
    if isinstance(exc, ConditionSyntaxError):
        yield Diagnostic("CF201", f"{exc.message} (column {exc.column} of the condition)",
                         **story.where(path), offset=exc.column - 1,
                         hint=exc.hint or "conditions look like: not met_athos, coins >= 3, has(\"Rapier\") and "
                                          "players > 2")
        return
    if isinstance(exc, UnknownName):
        if exc.kind == "name" and re.search(rf"\b(?:has|status)\(\s*{re.escape(exc.name)}\s*\)", source):
            yield Diagnostic("CF202", f"unknown name '{exc.name}' in condition", **story.where(path),
                             hint=f'put the item or token in quotes: ("{exc.name}")')
            return
        pool = sorted(FUNCTIONS) if exc.kind == "function" else sorted(story.names)
        yield Diagnostic("CF202", f"unknown {exc.kind} '{exc.name}' in condition", **story.where(path),
                         hint=did_you_mean(exc.name, pool) or
                         (f"declare it under `flags:` or `counters:` of story '{story.id}'"
                          if exc.kind == "name" else f"functions: {', '.join(pool)}"))
        return
    if isinstance(exc, ConditionTypeError):
        yield Diagnostic("CF203", exc.message, **story.where(path),
                         hint="flags are true/false (`met_athos`, `not met_athos`); counters are "
                              "numbers to compare (`duels_won >= 2`)")
        return
    assert condition.tree is not None
    unknown_token = _unknown_status_token(story, condition.tree)
    if unknown_token is not None:
        tokens = [t.name for t in story.pack.pack.status_tokens] if story.pack.pack else []
        yield Diagnostic("CF305", f"'{unknown_token}' is not a status token of this pack", **story.where(path),
                         hint=did_you_mean(unknown_token, tokens) or f"status tokens: {', '.join(tokens) or 'none'}")
        return
    if condition.type != "bool":
        yield Diagnostic("CF203", f"a condition must be true or false, but this is {_a(condition.type)}",
                         **story.where(path), hint="compare it, e.g. `coins >= 3`")


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
