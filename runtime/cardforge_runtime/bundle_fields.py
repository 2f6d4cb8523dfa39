"""Typed field access for ``load_bundle``'s checks: ``BundleError`` and
``FieldChecker``, whose methods read one field of a bundle object and raise
``BundleError`` naming the JSON path (``$.packs[0].stories[1].cards[3].goto``) when it
is missing or has the wrong type or range. Used by ``bundle_checks`` (stories) and
``bundle_board`` (boards).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NoReturn

from cardforge_runtime.format import ConditionTypeError, condition_type, json_type

__all__ = ["BundleError", "FieldChecker"]

#: The concrete types each kind of ``FieldChecker.field`` accepts at once; any other
#: type (a subclass, another Mapping, a wrong type) takes the careful check.
_FAST_TYPES: dict[str, frozenset[type]] = {
    "text": frozenset({str}),
    "int": frozenset({int}),
    "bool": frozenset({bool}),
    "list": frozenset({list}),
    "object": frozenset({dict}),
    "int?": frozenset({int, type(None)}),
    "text?": frozenset({str, type(None)}),
    "object?": frozenset({dict, type(None)}),
}
_MISSING = object()


class BundleError(ValueError):
    """The bundle cannot be played: unreadable, another format or major version, or
    a field the engine needs is missing or wrong. The message names the place."""


class FieldChecker:
    """Reads typed fields of a bundle and raises ``BundleError`` at the first one the
    engine cannot use; every message starts with the bundle's ``name`` and the path."""

    def __init__(self, name: str) -> None:
        """``name``: the bundle as messages name it (its file name, or ``<bundle>``)."""
        self.name = name

    def fail(self, path: str, message: str) -> NoReturn:
        """Stop the load: raises ``BundleError`` ``"<name>: <path>: <message>"``, ``path``
        the JSON path of the faulty value (``$.packs[0].board.layouts.yard.grid``)."""
        raise BundleError(f"{self.name}: {path}: {message}")

    def condition(self, node: Any, path: str, names: Mapping[str, str], want: str | None = None, *,
                  pack_wide: bool = False) -> str:
        """Check a condition tree at ``path`` (``format.condition_type``: ``names`` the
        names it may read, with their types; ``want`` the type it must have) and return
        its type; ``BundleError`` at the offending node
        (``$.packs[0].stories[0].cards[2].steps[0].condition.args[0].name: 'gold' is not a
        flag or counter of this story nor a built-in name``). ``pack_wide``: a condition
        of the pack's effects or ``on_death`` (``format.pack_condition_names``), whose
        unknown name is said to be no flag or counter every story of the pack declares."""
        try:
            return condition_type(node, names, want)
        except ConditionTypeError as error:
            where = path + "".join(f"[{key}]" if isinstance(key, int) else f".{key}" for key in error.path)
            reason = error.reason
            if pack_wide and error.field == "name":
                named = node
                for key in error.path:
                    named = named[key]
                if named.get("op") == "name":
                    reason = (f"{named['name']!r} is not a flag or counter that every story of the pack declares "
                              f"(with one type) nor a built-in name")
            self.fail(where + (f".{error.field}" if error.field else ""), reason)

    def obj(self, value: Any, path: str) -> Mapping[str, Any]:
        """``value`` itself when it is a JSON object (a ``Mapping``); else ``BundleError``
        at ``path`` ("expected an object, found a list")."""
        if type(value) is not dict and not isinstance(value, Mapping):
            self.fail(path, f"expected an object, found {json_type(value)}")
        return value

    def field(self, obj: Mapping[str, Any], key: str, path: str, kind: str, *, optional: bool = False) -> Any:
        """The value of ``obj[key]`` (``obj`` at ``path``), checked to be of ``kind``: ``text``,
        ``int`` (a whole number, never true/false), ``bool``, ``list``, ``object``, or one of
        those with ``?`` (null allowed). A missing key is ``None`` when ``optional``, else
        ``BundleError`` at ``path`` ("missing field 'grid'"); a wrong type is ``BundleError``
        at ``path.key`` naming what was expected and found."""
        value = obj.get(key, _MISSING)
        if type(value) in _FAST_TYPES[kind]:
            # the usual case, decided on the concrete type alone (``load_bundle``
            # pays this once per field of an 8 MB bundle)
            return value
        if value is _MISSING:
            if optional:
                return None
            self.fail(path, f"missing field {key!r}")
        ok = {
            "text": isinstance(value, str),
            "int": isinstance(value, int) and not isinstance(value, bool),
            "bool": isinstance(value, bool),
            "list": isinstance(value, list),
            "object": isinstance(value, Mapping),
            "int?": value is None or (isinstance(value, int) and not isinstance(value, bool)),
            "text?": value is None or isinstance(value, str),
            "object?": value is None or isinstance(value, Mapping),
        }[kind]
        if not ok:
            expected = {"text": "text", "int": "a whole number", "bool": "true/false", "list": "a list",
                        "object": "an object", "int?": "a whole number or null", "text?": "text or null",
                        "object?": "an object or null"}[kind]
            self.fail(f"{path}.{key}", f"expected {expected}, found {json_type(value)}")
        return value

    def count(self, obj: Mapping[str, Any], key: str, path: str, low: int, high: int, *, optional: bool = False) -> Any:
        """``obj[key]`` as a whole number from ``low`` to ``high`` (inclusive; the ranges of
        ``format.RANGES``), ``None`` when missing and ``optional``. Raises ``BundleError`` at
        ``path.key`` when it is not a whole number or out of range."""
        value = self.field(obj, key, path, "int", optional=optional)
        if value is not None and not low <= value <= high:
            self.fail(f"{path}.{key}", f"expected a whole number from {low} to {high}, found {value}")
        return value

    def texts(self, obj: Mapping[str, Any], key: str, path: str, *, optional: bool = False) -> list[str] | None:
        """``obj[key]`` as a list of text (``None`` when missing and ``optional``). Raises
        ``BundleError`` at ``path.key`` (not a list) or ``path.key[i]`` (an item not text)."""
        values = self.field(obj, key, path, "list", optional=optional)
        for i, value in enumerate(values or []):
            if not isinstance(value, str):
                self.fail(f"{path}.{key}[{i}]", f"expected text, found {json_type(value)}")
        return values

    def choice(self, obj: Mapping[str, Any], key: str, path: str, allowed: tuple[Any, ...], *,
               nullable: bool = False) -> Any:
        """A field whose value is one of ``allowed`` (or null, when ``nullable``).
        Raises ``BundleError`` at ``path`` when missing, at ``path.key`` naming the allowed
        values otherwise."""
        value = obj.get(key, _MISSING)
        if value is _MISSING:
            self.fail(path, f"missing field {key!r}")
        if (value is None and nullable) or (type(value) is type(allowed[0]) and value in allowed):
            return value
        found = repr(value) if type(value) in (str, int) else json_type(value)
        self.fail(f"{path}.{key}", f"expected one of {', '.join(map(str, allowed))}"
                                   f"{' or null' if nullable else ''}, found {found}")

    def pair(self, value: Any, path: str, low: int, highs: tuple[int, int]) -> list[int]:
        """``[a, b]``: two whole numbers, ``low <= a <= highs[0]``, ``low <= b <= highs[1]``.
        A square ``[column, row]`` or a size/grid ``[columns, rows]`` (docs/format.md,
        Coordinates). Raises ``BundleError`` at ``path`` (not a pair) or ``path[i]``."""
        if type(value) is not list or len(value) != 2:
            self.fail(path, f"expected a pair [a, b] of whole numbers, found {json_type(value)}"
                      + (f" of {len(value)} items" if isinstance(value, list) else ""))
        for i, (number, high) in enumerate(zip(value, highs)):
            if isinstance(number, bool) or not isinstance(number, int) or not low <= number <= high:
                self.fail(f"{path}[{i}]", f"expected a whole number from {low} to {high}, found {number!r}")
        return value
