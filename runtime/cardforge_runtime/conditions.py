"""Evaluate the condition syntax trees stored in a bundle.

A condition tree is plain JSON data (see ``docs/bundle.md``, "Conditions"):

- ``{"op": "const", "value": 3}`` (number, true/false or text)
- ``{"op": "name", "name": "coins"}``
- ``{"op": "not", "arg": TREE}``
- ``{"op": "and" | "or", "args": [TREE, TREE, ...]}``
- ``{"op": "==" | "!=" | "<" | "<=" | ">" | ">=", "left": TREE, "right": TREE}``
- ``{"op": "call", "name": "has" | "status", "args": [TREE]}``

Used for choice options offered only "if" their condition holds (Gascony's Legacy,
Event Cards: "What's available may be based on your decisions").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from cardforge_runtime.limits import PlainDataError, check_plain_data

__all__ = ["ConditionError", "condition_env", "evaluate_condition", "evaluate_loaded"]

_COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}


class ConditionError(ValueError):
    """A condition tree is malformed or names something the environment lacks."""


def evaluate_condition(
    tree: Mapping[str, Any],
    names: Mapping[str, bool | int | str],
    functions: Mapping[str, Callable[..., bool | int | str]] | None = None,
) -> bool | int | str:
    """Evaluate one condition tree.

    Args:
        tree: a condition syntax tree as stored in a bundle.
        names: the value of every name the tree reads (flags, counters, ``players``...).
        functions: the callables for ``call`` nodes, e.g. ``{"has": has_item}``.

    Returns:
        The value of the expression (``bool`` for a whole condition).

    Raises:
        ConditionError: beyond the input limits (``limits.check_plain_data``: nested
            more than ``MAX_DEPTH``, a huge number, a lone surrogate), unknown
            operator, unknown name or function, malformed node.
    """
    try:
        check_plain_data(tree)
    except PlainDataError as error:
        raise ConditionError(f"the condition is not plain JSON data within the limits: {error}") from None
    return evaluate_loaded(tree, names, functions or {})


def condition_env(state: Mapping[str, Any], players: int) -> tuple[dict[str, Any], dict[str, Callable[..., Any]]]:
    """The names and functions a story condition is evaluated with, for game state
    ``state`` (``state.initial_state``'s shape): its flags and counters, ``players``
    (the number of players the game is set up for), ``characters``, ``coins``, and
    ``has(item)``, ``status(token)``, ``in_party(name)`` over its Characters. The one
    environment of story cards' ``if`` and of the effects' ``condition`` predicate."""
    names: dict[str, Any] = {**state["flags"], **state["counters"], "players": players,
                             "characters": len(state["characters"]), "coins": state["coins"]}
    characters = state["characters"]
    functions: dict[str, Callable[..., Any]] = {
        "has": lambda item: any(item in c["items"] for c in characters),
        "status": lambda token: any(token in c["status"] for c in characters),
        "in_party": lambda name: any(c["name"] == name for c in characters),
    }
    return names, functions


def evaluate_loaded(
    tree: Mapping[str, Any],
    names: Mapping[str, bool | int | str],
    functions: Mapping[str, Callable[..., bool | int | str]],
) -> bool | int | str:
    """``evaluate_condition`` for a tree of a bundle ``load_bundle`` accepted: its
    input limits and types are already checked, so the engine's hot path (every
    option offered, every ``if``) skips the limits walk.

    Raises:
        ConditionError: a malformed node (not expected after ``load_bundle``).
    """
    try:
        return _evaluate(tree, names, functions)
    except (KeyError, TypeError, IndexError) as error:
        raise ConditionError(f"malformed condition ({type(error).__name__}: {error})") from None


def _evaluate(tree: Any, names: Mapping[str, Any], functions: Mapping[str, Callable[..., Any]]) -> Any:
    op = tree.get("op") if isinstance(tree, Mapping) else None
    if op == "const":
        return tree["value"]
    if op == "name":
        try:
            return names[tree["name"]]
        except KeyError:
            raise ConditionError(f"unknown name {tree.get('name')!r}") from None
    if op == "not":
        return not _evaluate(tree["arg"], names, functions)
    if op == "and":
        return all(_evaluate(a, names, functions) for a in tree["args"])
    if op == "or":
        return any(_evaluate(a, names, functions) for a in tree["args"])
    if op in _COMPARE:
        left = _evaluate(tree["left"], names, functions)
        right = _evaluate(tree["right"], names, functions)
        return _COMPARE[op](left, right)
    if op == "call":
        fn = functions.get(tree.get("name"))
        if fn is None:
            raise ConditionError(f"unknown function {tree.get('name')!r}")
        return fn(*(_evaluate(a, names, functions) for a in tree["args"]))
    raise ConditionError(f"malformed condition node: {tree!r}")
