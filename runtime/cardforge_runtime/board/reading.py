"""Reading a bundle's ``board`` object for ``grid.build_board``: every field read through
a check that turns a missing or mistyped value into ``EngineError`` whose message
starts with the JSON path of the value (``board.keywords['Cover'].movement: missing
`stop```), so a damaged bundle never crashes the board with a Python traceback."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardforge_runtime.board_fields import DIRECTIONS, KEYWORD_DEFAULTS, LINK_DEFAULTS, MOVE_SCOPES, MOVE_WHEN, SEES
from cardforge_runtime.errors import EngineError

__all__ = ["DIRECTIONS", "direction", "fail", "field", "keyword_data", "pair", "square_keywords"]


def fail(path: str, message: str) -> EngineError:
    """An ``EngineError`` for the value at JSON ``path``."""
    return EngineError(f"{path}: {message}")


def field(obj: Any, key: str, path: str, kind: type | tuple[type, ...]) -> Any:
    """``obj[key]``, which must be present and of type ``kind`` (a bool is no int)."""
    if not isinstance(obj, Mapping) or key not in obj:
        raise fail(path, f"missing `{key}`")
    value = obj[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise fail(f"{path}.{key}", f"expected {getattr(kind, '__name__', kind)}, got {value!r}")
    return value


def pair(obj: Mapping, key: str, path: str) -> tuple[int, int]:
    """``obj[key]`` as two whole numbers >= 1 (a grid, a size, a square)."""
    value = field(obj, key, path, list)
    if len(value) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 1 for v in value):
        raise fail(f"{path}.{key}", f"expected two whole numbers >= 1, got {value!r}")
    return value[0], value[1]


def keyword_data(keywords: Mapping, name: Any, path: str, applies_to: str) -> Mapping:
    """The checked bundle object of keyword ``name`` (every ``movement``/``sight`` field
    present, multipliers whole numbers >= 1, closed vocabularies, a ``link`` null or
    with its ``move_cost``, ``attack`` and ``sight``), which must lie on a
    ``square`` or an ``edge`` as ``applies_to`` says; ``path`` names where it is used."""
    if not isinstance(name, str) or name not in keywords:
        raise fail(path, f"unknown keyword {name!r} (the pack defines {sorted(keywords)})")
    data = keywords[name]
    kpath = f"board.keywords[{name!r}]"
    if field(data, "applies_to", kpath, str) != applies_to:
        raise fail(path, f"keyword {name!r} applies to {data['applies_to']}, not to a {applies_to}")
    for part in ("movement", "sight"):
        block = field(data, part, kpath, Mapping)
        for name_ in KEYWORD_DEFAULTS[part]:
            if name_ not in block:
                raise fail(f"{kpath}.{part}", f"missing `{name_}`")
    for name_ in ("enter", "leave"):
        value = data["movement"][name_]
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise fail(f"{kpath}.movement.{name_}", f"expected a whole number >= 1, got {value!r}")
    for part, name_, allowed in (("movement", "when", MOVE_WHEN), ("movement", "scope", MOVE_SCOPES),
                                 ("sight", "sees", SEES)):
        if data[part][name_] not in allowed:
            raise fail(f"{kpath}.{part}.{name_}", f"expected one of {', '.join(allowed)}, got {data[part][name_]!r}")
    if data.get("elevated") is not None and not isinstance(data["elevated"], Mapping):
        raise fail(f"{kpath}.elevated", "expected an object or null")
    link = data.get("link")
    if link is not None:
        if not isinstance(link, Mapping):
            raise fail(f"{kpath}.link", "expected an object or null")
        for name_ in LINK_DEFAULTS:
            if name_ not in link:
                raise fail(f"{kpath}.link", f"missing `{name_}`")
        cost = link["move_cost"]
        if cost is not None and (not isinstance(cost, int) or isinstance(cost, bool) or cost < 1):
            raise fail(f"{kpath}.link.move_cost", f"expected a whole number >= 1 or null, got {cost!r}")
        for name_ in ("attack", "sight"):
            field(link, name_, f"{kpath}.link", bool)
    return data


def square_keywords(keywords: Mapping, piece: Mapping, path: str) -> list[str]:
    """The checked square keyword names of a map tile side or terrain tile at ``path``."""
    names = field(piece, "keywords", path, list)
    for i, name in enumerate(names):
        keyword_data(keywords, name, f"{path}.keywords[{i}]", "square")
    return names


def direction(value: Any, path: str) -> str:
    """``value`` if it is one of the 4 directions."""
    if value not in DIRECTIONS:
        raise fail(path, f"expected one of {', '.join(DIRECTIONS)}, got {value!r}")
    return value
