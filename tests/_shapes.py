"""Check JSON data against the request shapes of ``cardforge_runtime.requests``
(``request_problems``): a ``TypedDict`` (its required keys present, no other key, each value of its type), a
union (one member fits), ``Literal``, ``list[...]``, ``dict[str, ...]``, ``int``
(never ``true``), ``bool``, ``str``, ``None`` and ``Any``."""

from __future__ import annotations

import types
import typing
from typing import Any, get_args, get_origin, get_type_hints, is_typeddict

from cardforge_runtime.requests import REQUEST_SHAPES


def request_problems(request: Any) -> list[str]:
    """What in ``request`` does not fit its kind's shape (``REQUEST_SHAPES``); an unknown
    kind is a problem."""
    shape = REQUEST_SHAPES.get(request.get("kind")) if isinstance(request, dict) else None
    if shape is None:
        return [f"no request shape for the kind {(request.get('kind') if isinstance(request, dict) else request)!r}"]
    return shape_problems(request, shape)


def shape_problems(value: Any, shape: Any, where: str = "$") -> list[str]:
    """What in ``value`` does not fit ``shape`` (``[]``: it fits), each problem with
    its JSON path."""
    if shape is Any:
        return []
    if shape is type(None) or shape is None:
        return [] if value is None else [f"{where}: {value!r} is not null"]
    if is_typeddict(shape):
        return _typed_dict(value, shape, where)
    origin = get_origin(shape)
    if origin in (typing.Union, types.UnionType):
        members = get_args(shape)
        tried = [shape_problems(value, member, where) for member in members]
        if any(not problems for problems in tried):
            return []
        named = [m for m, problems in zip(members, tried) if is_typeddict(m) and _same_tags(value, m)]
        if len(named) == 1:                      # the member its Literal fields name: its problems
            return tried[members.index(named[0])]
        return [f"{where}: {value!r} fits none of {', '.join(_name(m) for m in members)}"]
    if origin is typing.Literal:
        allowed = get_args(shape)
        if any(type(value) is type(a) and value == a for a in allowed):
            return []
        return [f"{where}: {value!r} is not one of {list(allowed)}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {value!r} is not a list"]
        (item,) = get_args(shape)
        return [p for i, v in enumerate(value) for p in shape_problems(v, item, f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not an object"]
        key_type, item = get_args(shape)
        return [p for k, v in value.items()
                for p in ([] if isinstance(k, str) else [f"{where}: key {k!r} is not text"])
                + shape_problems(v, item, f"{where}.{k}")]
    if shape in (int, bool, str, float):
        return [] if type(value) is shape else [f"{where}: {value!r} is not {shape.__name__}"]
    raise TypeError(f"{where}: no check for the annotation {shape!r}")


def _typed_dict(value: Any, shape: Any, where: str) -> list[str]:
    if not isinstance(value, dict):
        return [f"{where}: {value!r} is not an object ({shape.__name__})"]
    required, optional = shape.__required_keys__, shape.__optional_keys__
    problems = [f"{where}: {shape.__name__} needs {key!r}" for key in sorted(required - set(value))]
    problems += [f"{where}: {shape.__name__} has no key {key!r}" for key in sorted(set(value) - required - optional)]
    hints = get_type_hints(shape)
    for key in sorted(set(value) & set(hints)):
        problems += shape_problems(value[key], hints[key], f"{where}.{key}")
    return problems


def _same_tags(value: Any, shape: Any) -> bool:
    """Whether ``value``'s fields match every ``Literal`` field of ``shape`` (``do``,
    ``action``, ``kind``): the member of a union it means to be."""
    if not isinstance(value, dict):
        return False
    hints = get_type_hints(shape)
    tags = {k: get_args(t) for k, t in hints.items() if get_origin(t) is typing.Literal and len(get_args(t)) <= 2
            and k in ("do", "action", "kind")}
    return bool(tags) and all(value.get(k) in allowed for k, allowed in tags.items())


def _name(shape: Any) -> str:
    return getattr(shape, "__name__", repr(shape))
