"""Conditions: parse ``if`` expressions into syntax trees and type-check them.

Grammar (lowest precedence first)::

    expr    := and ("or" and)*
    and     := not ("and" not)*
    not     := "not" not | compare
    compare := atom (("==" | "!=" | "<" | "<=" | ">" | ">=") atom)?
    atom    := NUMBER | STRING | "true" | "false" | NAME | NAME "(" args ")" | "(" expr ")"

Trees are the plain-data shape the runtime evaluates
(:mod:`cardforge_runtime.conditions`). Nothing is ever passed to ``eval``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardforge_compiler.model import shown_name
from cardforge_runtime.conditions import evaluate_condition

__all__ = [
    "BUILTIN_NAMES",
    "FUNCTIONS",
    "KEYWORDS",
    "ConditionSyntaxError",
    "ConditionTypeError",
    "UnknownName",
    "names_read",
    "parse_condition",
    "static_value",
    "type_of",
]

#: Names every condition may read, with their type.
BUILTIN_NAMES: dict[str, str] = {"players": "number", "characters": "number", "coins": "number"}
#: Functions: name -> (argument types, result type).
FUNCTIONS: dict[str, tuple[tuple[str, ...], str]] = {"has": (("text",), "bool"), "status": (("text",), "bool")}
MAX_NESTING = 32

_TOKEN = re.compile(
    r"\s*(?:(?P<number>[0-9]+)|(?P<string>\"[^\"\\]*\"|'[^'\\]*')|(?P<name>[A-Za-z_][A-Za-z0-9_]*)"
    r"|(?P<op>==|!=|<=|>=|<|>|\(|\)|,)|(?P<bad>\S))"
)
#: Words of the condition language: never usable as flag or counter names.
KEYWORDS = frozenset({"and", "or", "not", "true", "false"})


@dataclass
class ConditionSyntaxError(Exception):
    """The condition cannot be parsed; ``column`` is 1-based within the condition."""

    message: str
    column: int
    hint: str | None = None


@dataclass
class ConditionTypeError(Exception):
    """The condition mixes types, e.g. ``not coins`` or ``met_athos > 2``."""

    message: str


@dataclass
class UnknownName(Exception):
    """The condition reads a name that is neither declared nor built in."""

    name: str
    kind: str = "name"


def _tokens(source: str) -> list[tuple[str, str, int]]:
    out: list[tuple[str, str, int]] = []
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
        out.append((kind, value, column))
        pos = match.end()
    out.append(("end", "", len(source) + 1))
    return out


class _Parser:
    def __init__(self, source: str) -> None:
        self.tokens = _tokens(source)
        self.pos = 0
        self.depth = 0

    def peek(self) -> tuple[str, str, int]:
        return self.tokens[self.pos]

    def take(self) -> tuple[str, str, int]:
        token = self.tokens[self.pos]
        self.pos += 1
        return token

    def expect(self, value: str) -> None:
        kind, text, column = self.take()
        if text != value:
            found = f"'{text}'" if kind != "end" else "the end"
            raise ConditionSyntaxError(f"expected '{value}', found {found}", column)

    def parse(self) -> dict:
        tree = self.expr()
        kind, text, column = self.peek()
        if kind != "end":
            raise ConditionSyntaxError(f"unexpected '{text}' after a complete condition", column)
        return tree

    def expr(self) -> dict:
        args = [self.conj()]
        while self.peek()[1] == "or" and self.peek()[0] == "keyword":
            self.take()
            args.append(self.conj())
        return args[0] if len(args) == 1 else {"op": "or", "args": args}

    def conj(self) -> dict:
        args = [self.neg()]
        while self.peek()[1] == "and" and self.peek()[0] == "keyword":
            self.take()
            args.append(self.neg())
        return args[0] if len(args) == 1 else {"op": "and", "args": args}

    def neg(self) -> dict:
        if self.peek()[:2] == ("keyword", "not"):
            self.take()
            self.enter()
            node = {"op": "not", "arg": self.neg()}
            self.depth -= 1
            return node
        return self.compare()

    def enter(self) -> None:
        self.depth += 1
        if self.depth > MAX_NESTING:
            raise ConditionSyntaxError(f"condition nests deeper than {MAX_NESTING} levels", self.peek()[2])

    def compare(self) -> dict:
        left = self.atom()
        kind, text, _ = self.peek()
        if kind == "op" and text in ("==", "!=", "<", "<=", ">", ">="):
            self.take()
            right = self.atom()
            return {"op": text, "left": left, "right": right}
        return left

    def atom(self) -> dict:
        kind, text, column = self.take()
        if kind == "number":
            return {"op": "const", "value": int(text)}
        if kind == "string":
            value = text[1:-1]
            if value != value.strip():
                raise ConditionSyntaxError(f"{shown_name(value)} in quotes starts or ends with a space: names "
                                           f"never do", column, hint=f"write \"{value.strip()}\"")
            # Names are compared in Unicode NFC, as the pack's names are stored.
            return {"op": "const", "value": unicodedata.normalize("NFC", value)}
        if kind == "keyword" and text in ("true", "false"):
            return {"op": "const", "value": text == "true"}
        if kind == "name":
            if self.peek()[1] == "(":
                self.take()
                args = []
                if self.peek()[1] != ")":
                    args.append(self.expr())
                    while self.peek()[1] == ",":
                        self.take()
                        args.append(self.expr())
                self.expect(")")
                return {"op": "call", "name": text, "args": args}
            return {"op": "name", "name": text}
        if text == "(":
            self.enter()
            node = self.expr()
            self.expect(")")
            self.depth -= 1
            return node
        found = f"'{text}'" if kind != "end" else "the end of the condition"
        raise ConditionSyntaxError(f"expected a value, found {found}", column)


def parse_condition(source: str) -> dict:
    """Parse a condition into a syntax tree.

    Raises:
        ConditionSyntaxError: with a message and a 1-based column.
    """
    if not source.strip():
        raise ConditionSyntaxError("empty condition", 1)
    return _Parser(source).parse()


def type_of(tree: Mapping[str, Any], names: Mapping[str, str]) -> str:
    """The type (``bool``, ``number``, ``text``) of a tree; ``names`` maps every
    readable name to its type.

    Raises:
        UnknownName: a name or function that is not known.
        ConditionTypeError: operands of the wrong type.
    """
    op = tree["op"]
    if op == "const":
        value = tree["value"]
        return "bool" if isinstance(value, bool) else "number" if isinstance(value, int) else "text"
    if op == "name":
        if tree["name"] not in names:
            raise UnknownName(tree["name"])
        return names[tree["name"]]
    if op == "not":
        if type_of(tree["arg"], names) != "bool":
            raise ConditionTypeError("'not' needs true/false, not " + _a(type_of(tree["arg"], names)))
        return "bool"
    if op in ("and", "or"):
        for arg in tree["args"]:
            kind = type_of(arg, names)
            if kind != "bool":
                raise ConditionTypeError(f"'{op}' joins true/false values, not {_a(kind)}")
        return "bool"
    if op == "call":
        if tree["name"] not in FUNCTIONS:
            raise UnknownName(tree["name"], "function")
        params, result = FUNCTIONS[tree["name"]]
        if len(params) != len(tree["args"]):
            raise ConditionTypeError(f"{tree['name']}() takes {len(params)} argument(s), got {len(tree['args'])}")
        for param, arg in zip(params, tree["args"]):
            kind = type_of(arg, names)
            if kind != param:
                raise ConditionTypeError(f"{tree['name']}() takes {_a(param)}, not {_a(kind)}")
        return result
    left, right = type_of(tree["left"], names), type_of(tree["right"], names)
    if op in ("==", "!="):
        if left != right:
            raise ConditionTypeError(f"'{op}' compares {_a(left)} with {_a(right)}")
    elif left != "number" or right != "number":
        raise ConditionTypeError(f"'{op}' compares numbers, not {_a(left if left != 'number' else right)}")
    return "bool"


def _a(kind: str) -> str:
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
