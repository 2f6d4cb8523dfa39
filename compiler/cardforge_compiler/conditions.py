"""Conditions: parse ``if`` expressions into syntax trees.

Grammar (lowest precedence first)::

    expr    := and ("or" and)*
    and     := not ("and" not)*
    not     := "not" not | compare
    compare := atom (("==" | "!=" | "<" | "<=" | ">" | ">=") atom)?
    atom    := "-"? NUMBER | STRING | "true" | "false" | NAME | NAME "(" args ")" | "(" expr ")"

Trees are the plain-data shape of the bundle format: what a condition may read,
which functions exist and how a tree is typed are defined once, by the runtime
(:mod:`cardforge_runtime.format`: ``BUILTIN_NAMES``, ``FUNCTIONS``,
``condition_type``); this module only turns the authors' text into trees, keeping
where each node was written (:func:`parse_condition_spans`) so that a diagnostic
can point at the offending token. Nothing is ever passed to ``eval``.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardforge_compiler.model import shown_name
from cardforge_runtime.conditions import evaluate_condition
from cardforge_runtime.format import (
    BUILTIN_NAMES,
    COMPARISONS,
    FUNCTIONS,
    MAX_NESTING,
    NAME_PATTERN,
    ConditionTypeError,
)

__all__ = [
    "BUILTIN_NAMES",
    "FUNCTIONS",
    "KEYWORDS",
    "ConditionSyntaxError",
    "ConditionTypeError",
    "Spans",
    "a_kind",
    "condition_text",
    "names_read",
    "node_at",
    "parse_condition",
    "parse_condition_spans",
    "static_value",
]

#: Where each node of a tree was written: its path from the root (as
#: ``ConditionTypeError.path``) -> (first column, column after the last), 1-based.
Spans = dict[tuple, tuple[int, int]]

_TOKEN = re.compile(
    r"\s*(?:(?P<number>[0-9]+)|(?P<string>\"[^\"\\]*\"|'[^'\\]*')|(?P<name>" + NAME_PATTERN + ")"
    r"|(?P<op>==|!=|<=|>=|<|>|\(|\)|,|-)|(?P<bad>\S))"
)
#: Words of the condition language: never usable as flag or counter names.
KEYWORDS = frozenset({"and", "or", "not", "true", "false"})
#: Parentheses and ``not`` nested deeper than this are refused while parsing (the
#: tree's own depth is bounded by the format's ``MAX_NESTING``).
_MAX_PARSE_DEPTH = MAX_NESTING // 2


@dataclass
class ConditionSyntaxError(Exception):
    """The condition cannot be parsed; ``column`` is 1-based within the condition;
    ``hint`` says how to fix it, when there is more to say than the grammar."""

    message: str
    column: int
    hint: str | None = None


def _tokens(source: str) -> list[tuple[str, str, int, int]]:
    """``(kind, text, first column, column after it)`` for each token, then ``end``."""
    out: list[tuple[str, str, int, int]] = []
    pos = 0
    while pos < len(source):
        match = _TOKEN.match(source, pos)
        if match is None or match.end() == pos:
            break
        kind = match.lastgroup
        if kind is None:
            break
        value = match.group(kind)
        column = match.start(kind) + 1
        if kind == "bad":
            if value in "\"'":
                rest = source[column:]
                if "\\" in rest:
                    raise ConditionSyntaxError("text in quotes cannot hold escapes such as \\\"", column)
                raise ConditionSyntaxError("text in quotes is never closed", column)
            hint = " (use 'and', 'or', 'not')" if value in "&|!" else (
                " (compare with '==', '>=' or '<=')" if value == "=" else "")
            raise ConditionSyntaxError(f"unexpected character {value!r}{hint}", column)
        if kind == "number" and len(value) > 15:
            raise ConditionSyntaxError("number too large (at most 15 digits)", column)
        if kind == "name" and value in KEYWORDS:
            kind = "keyword"
        out.append((kind, value, column, column + len(value)))
        pos = match.end()
    out.append(("end", "", len(source) + 1, len(source) + 1))
    return out


class _Parser:
    def __init__(self, source: str) -> None:
        self.tokens = _tokens(source)
        self.pos = 0
        self.depth = 0
        self.spans: dict[int, tuple[int, int]] = {}
        self.last_end = 1

    def peek(self) -> tuple[str, str, int, int]:
        return self.tokens[self.pos]

    def take(self) -> tuple[str, str, int, int]:
        token = self.tokens[self.pos]
        self.pos += 1
        self.last_end = token[3]
        return token

    def node(self, node: dict, start: int) -> dict:
        self.spans[id(node)] = (start, self.last_end)
        return node

    def expect(self, value: str) -> None:
        kind, text, column, _ = self.take()
        if text != value:
            found = f"'{text}'" if kind != "end" else "the end"
            raise ConditionSyntaxError(f"expected '{value}', found {found}", column)

    def parse(self) -> dict:
        tree = self.expr()
        kind, text, column, _ = self.peek()
        if kind != "end":
            raise ConditionSyntaxError(f"unexpected '{text}' after a complete condition", column)
        return tree

    def expr(self) -> dict:
        start = self.peek()[2]
        args = [self.conj()]
        while self.peek()[1] == "or" and self.peek()[0] == "keyword":
            self.take()
            args.append(self.conj())
        return args[0] if len(args) == 1 else self.node({"op": "or", "args": args}, start)

    def conj(self) -> dict:
        start = self.peek()[2]
        args = [self.neg()]
        while self.peek()[1] == "and" and self.peek()[0] == "keyword":
            self.take()
            args.append(self.neg())
        return args[0] if len(args) == 1 else self.node({"op": "and", "args": args}, start)

    def neg(self) -> dict:
        if self.peek()[:2] == ("keyword", "not"):
            start = self.take()[2]
            self.enter()
            node = {"op": "not", "arg": self.neg()}
            self.depth -= 1
            return self.node(node, start)
        return self.compare()

    def enter(self) -> None:
        self.depth += 1
        if self.depth > _MAX_PARSE_DEPTH:
            raise ConditionSyntaxError(f"condition nests deeper than {_MAX_PARSE_DEPTH} levels", self.peek()[2])

    def compare(self) -> dict:
        start = self.peek()[2]
        left = self.atom()
        kind, text, _, _ = self.peek()
        if kind == "op" and text in COMPARISONS:
            self.take()
            right = self.atom()
            return self.node({"op": text, "left": left, "right": right}, start)
        return left

    def atom(self) -> dict:
        kind, text, column, _ = self.take()
        if text == "-" and kind == "op":
            number = self.peek()
            if number[0] != "number":
                found = f"'{number[1]}'" if number[0] != "end" else "the end of the condition"
                raise ConditionSyntaxError(f"expected a number after '-', found {found}", number[2])
            if number[2] != column + 1:
                raise ConditionSyntaxError("a negative number is written without a space after '-'", column,
                                           hint=f"write -{number[1]}")
            self.take()
            return self.node({"op": "const", "value": -int(number[1])}, column)
        if kind == "number":
            return self.node({"op": "const", "value": int(text)}, column)
        if kind == "string":
            value = text[1:-1]
            if value != value.strip():
                raise ConditionSyntaxError(f"{shown_name(value)} in quotes starts or ends with a space: names "
                                           f"never do", column, hint=f"write \"{value.strip()}\"")
            # Names are compared in Unicode NFC, as the pack's names are stored.
            return self.node({"op": "const", "value": unicodedata.normalize("NFC", value)}, column)
        if kind == "keyword" and text in ("true", "false"):
            return self.node({"op": "const", "value": text == "true"}, column)
        if kind == "name":
            if self.peek()[1] == "(":
                self.take()
                self.enter()
                args = []
                if self.peek()[1] != ")":
                    args.append(self.expr())
                    while self.peek()[1] == ",":
                        self.take()
                        args.append(self.expr())
                self.expect(")")
                self.depth -= 1
                return self.node({"op": "call", "name": text, "args": args}, column)
            return self.node({"op": "name", "name": text}, column)
        if text == "(":
            self.enter()
            node = self.expr()
            self.expect(")")
            self.depth -= 1
            return node
        found = f"'{text}'" if kind != "end" else "the end of the condition"
        raise ConditionSyntaxError(f"expected a value, found {found}", column)


def parse_condition_spans(source: str) -> tuple[dict, Spans]:
    """Parse a condition into a syntax tree, and say where each node was written.

    Returns the tree and its :data:`Spans` (a node in parentheses spans what is
    inside them).

    Raises:
        ConditionSyntaxError: with a message and a 1-based column; also when the
            tree would nest deeper than the format's ``MAX_NESTING``.
    """
    if not source.strip():
        raise ConditionSyntaxError("empty condition", 1)
    parser = _Parser(source)
    tree = parser.parse()
    spans: Spans = {}
    stack: list[tuple[dict, tuple, int]] = [(tree, (), 0)]
    while stack:
        node, path, depth = stack.pop()
        spans[path] = parser.spans[id(node)]
        if depth > MAX_NESTING:
            raise ConditionSyntaxError(f"condition nests deeper than {MAX_NESTING} levels", spans[path][0])
        for key in ("arg", "left", "right"):
            if key in node:
                stack.append((node[key], (*path, key), depth + 1))
        for i, arg in enumerate(node.get("args", ())):
            stack.append((arg, (*path, "args", i), depth + 1))
    return tree, spans


def parse_condition(source: str) -> dict:
    """Parse a condition into a syntax tree (see :func:`parse_condition_spans`).

    Raises:
        ConditionSyntaxError: with a message and a 1-based column.
    """
    return parse_condition_spans(source)[0]


def node_at(tree: Mapping[str, Any], path: tuple) -> Any:
    """The node of ``tree`` at ``path`` (keys and list indexes from the root, as
    ``ConditionTypeError.path``)."""
    node: Any = tree
    for part in path:
        node = node[part]
    return node


def a_kind(kind: str) -> str:
    """How messages name a condition type: ``a number``, ``a true/false value``, ``text``."""
    return {"bool": "a true/false value", "number": "a number", "text": "text"}[kind]


def names_read(tree: Mapping[str, Any]) -> list[str]:
    """Every name a tree reads, in order of appearance, with repeats."""
    op = tree["op"]
    if op == "name":
        return [tree["name"]]
    if op == "not":
        return names_read(tree["arg"])
    if op in ("and", "or", "call"):
        return [n for arg in tree["args"] for n in names_read(arg)]
    if op == "const":
        return []
    return names_read(tree["left"]) + names_read(tree["right"])


_UNKNOWN = object()


def static_value(tree: Mapping[str, Any], known: Mapping[str, Any]) -> Any:
    """Evaluate what can be known before play: ``known`` gives the values of names
    that never change (flags nothing sets are false; counters nothing changes keep
    their start). Returns the value, or ``None`` when it depends on play."""
    value = _static(tree, known)
    return None if value is _UNKNOWN else value


def _static(tree: Mapping[str, Any], known: Mapping[str, Any]) -> Any:
    op = tree["op"]
    if op == "const":
        return tree["value"]
    if op == "name":
        return known.get(tree["name"], _UNKNOWN)
    if op == "call":
        return _UNKNOWN
    if op == "not":
        value = _static(tree["arg"], known)
        return _UNKNOWN if value is _UNKNOWN else not value
    if op in ("and", "or"):
        values = [_static(arg, known) for arg in tree["args"]]
        decisive = op == "or"
        if any(v is not _UNKNOWN and bool(v) is decisive for v in values):
            return decisive
        return _UNKNOWN if any(v is _UNKNOWN for v in values) else not decisive
    left, right = _static(tree["left"], known), _static(tree["right"], known)
    if left is _UNKNOWN or right is _UNKNOWN:
        return _UNKNOWN
    return evaluate_condition({"op": op, "left": {"op": "const", "value": left},
                               "right": {"op": "const", "value": right}}, {})


def condition_text(tree: Mapping[str, Any]) -> str:
    """A condition tree written back in the condition language, as an author would
    write it (``parse_condition`` reads it back to the same tree); ``and``/``or``
    in parentheses."""
    op = tree["op"]
    if op == "const":
        value = tree["value"]
        return json.dumps(value, ensure_ascii=False) if isinstance(value, (bool, str)) else str(value)
    if op == "name":
        return tree["name"]
    if op == "not":
        return f"not {condition_text(tree['arg'])}"
    if op in ("and", "or"):
        return "(" + f" {op} ".join(condition_text(a) for a in tree["args"]) + ")"
    if op == "call":
        return f"{tree['name']}(" + ", ".join(condition_text(a) for a in tree["args"]) + ")"
    return f"{condition_text(tree['left'])} {op} {condition_text(tree['right'])}"
