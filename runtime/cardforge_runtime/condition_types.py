"""Condition typing: the names and functions a condition may use, and the check of a
condition tree as stored in a bundle (docs/bundle.md, Conditions).

``condition_type`` checks a tree and returns its type; ``condition_names`` gives the
names a story's conditions may read. The compiler (``resolve``, the condition checks)
and ``load_bundle`` both call them, through ``format``, which re-exports every name
here: one definition of the condition language. The evaluator is ``conditions``.

Dependencies: ``limits`` only (``MAX_NESTING``, ``json_type``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any

from cardforge_runtime.limits import MAX_NESTING, json_type

__all__ = [
    "BUILTIN_NAMES",
    "COMPARISONS",
    "FUNCTIONS",
    "TYPES",
    "ConditionTypeError",
    "condition_names",
    "condition_type",
    "pack_condition_names",
]

#: Names every condition may read besides a story's flags and counters, with their
#: type: ``players`` (number of players), ``characters`` (number of Characters in
#: play), ``coins`` (the party's coins). No flag or counter may use these names.
BUILTIN_NAMES: Mapping[str, str] = MappingProxyType({"players": "number", "characters": "number", "coins": "number"})

#: Functions a condition may call: name -> (argument types, result type).
#: ``has(item)``: a Character carries the item; ``status(token)``: a Character has
#: that status token; ``in_party(name)``: the Character of that board name is in
#: the party, Fallen or not (format 1.2).
FUNCTIONS: Mapping[str, tuple[tuple[str, ...], str]] = MappingProxyType({
    "has": (("text",), "bool"),
    "status": (("text",), "bool"),
    "in_party": (("text",), "bool"),
})

#: Comparison operators. ``==`` and ``!=`` compare two values of the same type;
#: the others compare two numbers.
COMPARISONS: tuple[str, ...] = ("==", "!=", "<", "<=", ">", ">=")

#: The condition types, as ``condition_type`` names them.
TYPES = ("bool", "number", "text")

Path = tuple[str | int, ...]


class ConditionTypeError(ValueError):
    """A condition tree is malformed or ill-typed.

    Attributes:
        path: the keys from the root of the tree down to the offending node, e.g.
            ``()`` (the root), ``("right",)`` or ``("args", 0, "left")``.
        reason: what is wrong, in one sentence (``"'>=' cannot compare number with
            text"``).
        expected: the type the node should have (``"bool"``, ``"number"``,
            ``"text"``), when a type is at fault; else ``None``.
        found: the type the node has, when a type is at fault; else ``None``.
        field: the key of the offending node that is at fault, when it is one field
            rather than the whole node (``"name"`` for an unknown name or function,
            ``"value"``, ``"op"``, ``"args"``); else ``None``.
    """

    def __init__(self, path: Path, reason: str, *, expected: str | None = None, found: str | None = None,
                 field: str | None = None) -> None:
        super().__init__(reason)
        self.path = tuple(path)
        self.reason = reason
        self.expected = expected
        self.found = found
        self.field = field

    def __repr__(self) -> str:
        return (f"ConditionTypeError(path={self.path!r}, reason={self.reason!r}, expected={self.expected!r}, "
                f"found={self.found!r}, field={self.field!r})")


def condition_names(flags: Iterable[str], counters: Iterable[str]) -> dict[str, str]:
    """The names a story's conditions may read, with their types: ``BUILTIN_NAMES``,
    each flag (``"bool"``) and each counter (``"number"``). The argument for
    ``condition_type``."""
    names = dict(BUILTIN_NAMES)
    names.update({flag: "bool" for flag in flags})
    names.update({counter: "number" for counter in counters})
    return names


def pack_condition_names(stories: Iterable[tuple[Iterable[str], Iterable[str]]]) -> dict[str, str]:
    """The names a condition of a pack's effects (the ``if`` effect's ``condition``
    predicate) or of its ``on_death`` options may read, with their types: a deck card,
    a Threat card, an Enemy or a Character ability is played in whichever story of the
    pack is in play, so such a condition reads ``BUILTIN_NAMES`` and the flags and
    counters that **every** story of the pack declares, each with the same type in all
    (a flag in one story and a counter in another is left out). A pack without stories
    gives the built-in names only.

    Args:
        stories: each story's ``(flags, counters)`` (names; a counters mapping gives
            its keys).

    Returns:
        name -> ``"bool"`` / ``"number"`` / ``"text"``, as ``condition_names``.
    """
    common: dict[str, str] | None = None
    for flags, counters in stories:
        names = {**{flag: "bool" for flag in flags}, **{counter: "number" for counter in counters}}
        common = names if common is None else {n: t for n, t in common.items() if names.get(n) == t}
    out = dict(BUILTIN_NAMES)
    out.update({n: t for n, t in (common or {}).items() if n not in BUILTIN_NAMES})
    return out


def condition_type(tree: Any, names: Mapping[str, str], want: str | None = "bool") -> str:
    """Check a condition tree as stored in a bundle and return its type.

    The tree is plain JSON data (docs/bundle.md, Conditions): ``const`` (a whole
    number, negative ones included, true/false or text), ``name``, ``not``,
    ``and``/``or`` (two or more arguments), the ``COMPARISONS`` and ``call`` of one of
    ``FUNCTIONS``. It is nested at most ``MAX_NESTING`` deep.

    Args:
        tree: the root node.
        names: every name the condition may read, with its type (``"bool"``,
            ``"number"``, ``"text"``): see ``condition_names``.
        want: the type the whole tree must have (``"bool"`` for a condition), or
            ``None`` to accept any.

    Returns:
        ``"bool"``, ``"number"`` or ``"text"``.

    Raises:
        ConditionTypeError: the first fault, in reading order, with ``path`` pointing
            at the offending node: an unknown name (the ``name`` node), a constant of
            the wrong type (``gold >= "3"`` points at ``("right",)``), a node that is
            not an object, a missing or malformed field, nesting beyond
            ``MAX_NESTING``.
    """
    return _type(tree, names, want, (), 0)


def _type(node: Any, names: Mapping[str, str], want: str | None, path: Path, depth: int) -> str:
    if depth > MAX_NESTING:
        raise ConditionTypeError(path, f"the condition is nested more than {MAX_NESTING} deep")
    if not isinstance(node, Mapping):
        raise ConditionTypeError(path, f"expected an object, found {json_type(node)}")
    op = node.get("op")
    if op == "const":
        if "value" not in node:
            raise ConditionTypeError(path, "missing field 'value'")
        kind = _value_type(node["value"])
        if kind is None:
            raise ConditionTypeError(path, f"expected a number, true/false or text, found {json_type(node['value'])}",
                                     field="value")
    elif op == "name":
        name = _field(node, "name", str, "text", path)
        if name not in names:
            raise ConditionTypeError(path, f"{name!r} is not a flag or counter of this story nor a built-in name",
                                     field="name")
        kind = names[name]
    elif op == "not":
        if "arg" not in node:
            raise ConditionTypeError(path, "missing field 'arg'")
        _type(node["arg"], names, "bool", (*path, "arg"), depth + 1)
        kind = "bool"
    elif op in ("and", "or"):
        args = _field(node, "args", list, "a list", path)
        if len(args) < 2:
            raise ConditionTypeError(path, f"'{op}' joins two or more conditions", field="args")
        for i, arg in enumerate(args):
            _type(arg, names, "bool", (*path, "args", i), depth + 1)
        kind = "bool"
    elif op in COMPARISONS:
        for side in ("left", "right"):
            if side not in node:
                raise ConditionTypeError(path, f"missing field {side!r}")
        left = _type(node["left"], names, None, (*path, "left"), depth + 1)
        right = _type(node["right"], names, None, (*path, "right"), depth + 1)
        _check_comparison(op, node, left, right, path)
        kind = "bool"
    elif op == "call":
        name = _field(node, "name", str, "text", path)
        if name not in FUNCTIONS:
            raise ConditionTypeError(path, f"unknown function {name!r} (expected one of {', '.join(FUNCTIONS)})",
                                     field="name")
        params, kind = FUNCTIONS[name]
        args = _field(node, "args", list, "a list", path)
        if len(args) != len(params):
            count = "one argument" if len(params) == 1 else f"{len(params)} arguments"
            raise ConditionTypeError(path, f"{name}() takes {count}", field="args")
        for i, (param, arg) in enumerate(zip(params, args)):
            _type(arg, names, param, (*path, "args", i), depth + 1)
    else:
        raise ConditionTypeError(path, f"unknown condition node {op!r}", field="op")
    if want is not None and kind != want:
        raise ConditionTypeError(path, f"expected a {want} value, found a {kind} one", expected=want, found=kind)
    return kind


def _check_comparison(op: str, node: Mapping[str, Any], left: str, right: str, path: Path) -> None:
    """Raise at the side at fault: for ``<``... the first side that is not a number;
    for ``==``/``!=`` of two types, the constant side when only one side is a
    constant (the author mistyped the literal), else the right side."""
    if op in ("==", "!=") and left == right:
        return
    if op not in ("==", "!=") and left == right == "number":
        return
    if op not in ("==", "!="):
        side, expected = ("left", "number") if left != "number" else ("right", "number")
    else:
        left_const = isinstance(node["left"], Mapping) and node["left"].get("op") == "const"
        right_const = isinstance(node["right"], Mapping) and node["right"].get("op") == "const"
        side, expected = ("left", right) if left_const and not right_const else ("right", left)
    found = left if side == "left" else right
    raise ConditionTypeError((*path, side), f"'{op}' cannot compare {left} with {right}", expected=expected,
                             found=found)


def _field(node: Mapping[str, Any], key: str, kind: type, what: str, path: Path) -> Any:
    if key not in node:
        raise ConditionTypeError(path, f"missing field {key!r}")
    value = node[key]
    if not isinstance(value, kind):
        raise ConditionTypeError(path, f"expected {what}, found {json_type(value)}", field=key)
    return value


def _value_type(value: Any) -> str | None:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "number"
    if isinstance(value, str):
        return "text"
    return None
