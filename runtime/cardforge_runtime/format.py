"""The bundle format, defined once: its name and version, the names and functions a
condition may use, condition typing, the content hash and the effect of ``set``,
``add`` and ``clear`` on flags and counters.

The runtime owns the format; the compiler (``emit``, the condition checks,
``check-bundle``) and ``load_bundle`` call these definitions, so nothing about the
format is written twice. See ``docs/bundle.md``.

Versioning: the compiler writes ``format`` and ``format_version`` into every bundle.
A reader must refuse a bundle whose format name differs or whose major version it
does not know, and must ignore keys it does not know (a newer minor version may add
them). Bump the minor version for additions a reader may ignore, the major version
for anything else.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, MutableMapping, Sequence
from types import MappingProxyType
from typing import Any

__all__ = [
    "BUILTIN_NAMES",
    "BUNDLE_FORMAT",
    "BUNDLE_FORMAT_VERSION",
    "COMPARISONS",
    "FUNCTIONS",
    "MAX_DEPTH",
    "MAX_NESTING",
    "OTHERWISE",
    "MAX_NUMBER",
    "NAME_PATTERN",
    "MAX_PLAYERS",
    "PlainDataError",
    "ConditionTypeError",
    "apply_values",
    "canonical_json",
    "check_plain_data",
    "condition_names",
    "condition_type",
    "content_hash",
    "content_hash_of_canonical",
    "json_type",
    "player_limits",
]

#: The ``format`` of every bundle.
BUNDLE_FORMAT = "cardforge-bundle"
#: The semantic version of the bundle format this runtime reads and the compiler writes.
BUNDLE_FORMAT_VERSION = "1.2.0"

#: The deepest nesting of steps (a step inside an option, a branch...), and of
#: condition trees (a node inside a node), that a bundle may hold. The compiler's
#: YAML is at most 64 levels deep, so real content stays far below.
MAX_NESTING = 64

#: What a flag or counter name looks like (the names a condition reads; they also
#: appear in the JSON-Pointer paths of changes, ``/flags/<name>``): a letter or
#: ``_``, then letters, digits and ``_``. Never empty.
NAME_PATTERN = r"[A-Za-z_][A-Za-z0-9_]*"

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

#: What a step that names a ``character`` does when that Character cannot act
#: (format 1.2; docs/bundle.md, Steps): ``pick`` (the group picks another, as for
#: ``who: one``) or ``skip`` (the step does nothing).
OTHERWISE: tuple[str, ...] = ("pick", "skip")

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


def json_type(value: Any) -> str:
    """How a message names the JSON type of ``value``: ``"null"``, ``"true/false"``,
    ``"a number"``, ``"text"``, ``"a list"``, ``"an object"``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    return type(value).__name__


# -- the content hash --------------------------------------------------------------


def canonical_json(data: Any) -> bytes:
    """``data`` as canonical JSON: keys sorted, no spaces, UTF-8 (``ensure_ascii``
    off), no NaN or infinities. The form the content hash is computed over, and the
    compact form of a bundle file.

    Raises:
        TypeError / ValueError: not plain JSON data (a set, NaN...).
        RecursionError: nested too deeply for the JSON writer.
    """
    return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")


def content_hash(packs: Sequence[Mapping[str, Any]]) -> str:
    """The fingerprint of a bundle's packs (docs/bundle.md, ``content_hash``):
    ``"sha256:<64 hex digits>"``, the SHA-256 of ``canonical_json({"packs": packs})``.

    Raises:
        TypeError / ValueError / RecursionError: as ``canonical_json``.
    """
    return content_hash_of_canonical([canonical_json(list(packs))])


def content_hash_of_canonical(packs_json: Iterable[bytes]) -> str:
    """``content_hash`` from the canonical JSON of the packs list, given in pieces
    whose concatenation is ``canonical_json(packs)`` (``b"["``, each pack, commas,
    ``b"]"``): a writer that streams a large bundle hashes it without building the
    whole list."""
    digest = hashlib.sha256(b'{"packs":')
    for piece in packs_json:
        digest.update(piece)
    digest.update(b"}")
    return "sha256:" + digest.hexdigest()


# -- set, add, clear -----------------------------------------------------------------


def apply_values(kind: str, payload: Mapping[str, Any] | Sequence[str], flags: MutableMapping[str, bool],
                 counters: MutableMapping[str, int], counter_starts: Mapping[str, int]) -> None:
    """Apply a ``set``, ``add`` or ``clear`` step to flags and counters, in place.

    Args:
        kind: ``"set"``, ``"add"`` or ``"clear"``.
        payload: the step's ``values`` (``set``/``add``: name -> true/false or whole
            number) or ``names`` (``clear``: a list of names).
        flags: the flags' current values (name -> true/false).
        counters: the counters' current values (name -> whole number). ``flags`` and
            ``counters`` may be the same mapping (a caller that keeps one dict of
            names).
        counter_starts: the story's ``counters`` (name -> starting value); which names
            are counters is decided by it.

    Effects (docs/bundle.md, Steps): ``set`` gives each counter or flag the value;
    ``add`` adds a whole number (negative ones too) to each counter, stopping at
    ``±MAX_NUMBER`` (so every state the engine writes, and every save, is within the
    limits of every input); ``clear`` puts each counter back to its starting value and
    each flag to ``false``.

    Raises:
        ValueError: an unknown ``kind``.
        KeyError: ``add`` of a name that is not a counter.
    """
    if kind == "set":
        for name, value in payload.items():  # type: ignore[union-attr]
            (counters if name in counter_starts else flags)[name] = value
    elif kind == "add":
        for name, value in payload.items():  # type: ignore[union-attr]
            counters[name] = max(-MAX_NUMBER, min(MAX_NUMBER, counters[name] + value))
    elif kind == "clear":
        for name in payload:
            if name in counter_starts:
                counters[name] = counter_starts[name]
            else:
                flags[name] = False
    else:
        raise ValueError(f"not a set, add or clear step: {kind!r}")


# -- the limits on every input -------------------------------------------------------

#: The deepest nesting of JSON values any input may have: a bundle, a save, an
#: answer, a value given to the Python API (a list or an object inside another counts
#: one level; a bare number or text is 1 deep). Real bundles are about 20 deep; the
#: deepest the compiler can write (YAML 64 levels, conditions 32 levels) stays below.
MAX_DEPTH = 200

#: The largest magnitude of a whole number in any input: ``2**64 - 1`` (the largest
#: seed). Real content stays far below (costs are at most 10**9, counts 99). A port
#: whose numbers are IEEE doubles (JavaScript) holds whole numbers exactly only up to
#: ``2**53 - 1``: it uses BigInt or refuses a bundle with larger numbers.
MAX_NUMBER = (1 << 64) - 1


class PlainDataError(ValueError):
    """An input is not plain JSON data within the limits (``check_plain_data``).

    Attributes:
        path: where, as ``$``-notation (``"$.packs[0].title"``; ``"$"`` is the root);
            the message shortens a path of more than 100 characters.
        reason: what is wrong, in one sentence that never repeats the value itself
            (``"text with a lone surrogate (\\\\ud800) is not Unicode text"``).
    """

    def __init__(self, path: str, reason: str) -> None:
        shown = path if len(path) <= 100 else f"{path[:48]} ... {path[-48:]}"
        super().__init__(f"{shown}: {reason}")
        self.path = path
        self.reason = reason


def check_plain_data(value: Any) -> None:
    """Check that ``value`` is plain JSON data within the input limits, before any
    other work looks at it. Every input path of the runtime calls it first: a bundle
    (``load_bundle``), a save (``Session.load``), an answer (``Session.answer``,
    ``check_answer``), the setup given to ``Session.start``, any JSON file read.

    The one depth limit: nesting at most ``MAX_DEPTH`` levels. The one number limit:
    whole numbers from ``-MAX_NUMBER`` to ``MAX_NUMBER``, and no NaN or infinity. The
    one text check: every text (object keys too) is Unicode text that UTF-8 can
    encode, so no lone surrogate (``"\\ud800"``, which JSON's ``\\u`` escapes can
    spell). Only objects with text keys, lists (tuples from Python), text, numbers,
    true/false and null are JSON data. The walk is iterative: it never recurses,
    whatever the input.

    Raises:
        PlainDataError: the first fault in document order, with its path.
    """
    if _first_fault(value):
        raise _locate(value)


def _first_fault(value: Any) -> bool:
    """Whether ``value`` has a fault (fast: no paths kept, containers of the usual
    types walked inline; anything unusual goes to the careful per-node check)."""
    if type(value) not in (dict, list):
        return _node_fault(value, 1)
    stack = [(value, 1)]
    pop, push = stack.pop, stack.append
    low, high = -MAX_NUMBER, MAX_NUMBER
    while stack:
        node, depth = pop()
        if depth >= MAX_DEPTH and node:
            return True
        inner = depth + 1
        if type(node) is dict:
            for key in node:
                if type(key) is not str or (not key.isascii() and _bad_text(key)):
                    return True
            items = node.values()
        else:
            items = node
        for item in items:
            kind = type(item)
            if kind is str:
                if not item.isascii() and _bad_text(item):
                    return True
            elif kind is int:
                if not low <= item <= high:
                    return True
            elif kind is dict or kind is list:
                if item:
                    push((item, inner))
            elif item is None or kind is bool:
                continue
            elif _node_fault(item, inner):
                return True
    return False


def _node_fault(node: Any, depth: int) -> bool:
    """Whether one value of an unusual type (a tuple, another Mapping, a float, a
    subclass...) has a fault; containers are walked by the careful ``_locate``."""
    if isinstance(node, (str, Mapping, list, tuple)):
        try:
            _locate(node, depth)
        except LookupError:
            return False
        return True
    return _scalar_fault(node) is not None


def _locate(value: Any, depth: int = 1) -> PlainDataError:
    """The first fault of ``value`` (``depth`` levels deep) in document order, with
    its path: the careful walk, run when ``_first_fault`` found a fault.

    Raises:
        LookupError: ``value`` has no fault.
    """
    stack: list[tuple[Any, int, str]] = [(value, depth, "$")]
    while stack:
        node, depth, path = stack.pop()
        if isinstance(node, str):
            if _bad_text(node):
                return PlainDataError(path, "text with a lone surrogate (a \\ud800-\\udfff escape that is not "
                                            "half of a pair) is not Unicode text")
        elif isinstance(node, (Mapping, list, tuple)):
            if depth >= MAX_DEPTH and node:
                return PlainDataError(path, f"nested more than {MAX_DEPTH} levels deep (the limit of every input)")
            if isinstance(node, Mapping):
                children = []
                for key, item in node.items():
                    if type(key) is not str:
                        return PlainDataError(path, f"an object key must be text, not {json_type(key)}")
                    if _bad_text(key):
                        return PlainDataError(path, "a key with a lone surrogate (a \\ud800-\\udfff escape that is "
                                                    "not half of a pair) is not Unicode text")
                    children.append((item, depth + 1, f"{path}.{key}"))
            else:
                children = [(item, depth + 1, f"{path}[{i}]") for i, item in enumerate(node)]
            stack.extend(reversed(children))
        else:
            reason = _scalar_fault(node)
            if reason is not None:
                return PlainDataError(path, reason)
    raise LookupError("no fault")


def _bad_text(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _scalar_fault(node: Any) -> str | None:
    if node is None or node is True or node is False:
        return None
    if type(node) is int or (isinstance(node, int) and not isinstance(node, bool)):
        if -MAX_NUMBER <= node <= MAX_NUMBER:
            return None
        return f"a whole number beyond ±{MAX_NUMBER} (2**64 - 1, the limit of every input)"
    if isinstance(node, float):
        if node != node or node in (float("inf"), float("-inf")):
            return "not a finite number (NaN and infinities are not JSON)"
        return None
    return f"not JSON data: {type(node).__name__}"


# -- the pack's players ----------------------------------------------------------------

#: The most players a pack may name (and the most Characters one player may control
#: in Solo Play).
MAX_PLAYERS = 12


def player_limits(min_players: int, max_players: int) -> dict[str, tuple[int, int]]:
    """The range each field of a pack's ``players`` must lie in, given its ``min``
    and ``max``: ``min`` from 1 to ``MAX_PLAYERS``, ``max`` from ``min`` to
    ``MAX_PLAYERS``, and ``solo_characters`` (the Characters one player alone
    controls; Gascony's Legacy, Solo Play) from 1 to ``max``. The one rule the
    compiler's lint and ``load_bundle`` both apply, so that the compiler cannot
    build a pack the engine refuses.

    Returns:
        ``{"min": (low, high), "max": (low, high), "solo_characters": (low, high)}``,
        bounds inclusive.
    """
    return {"min": (1, MAX_PLAYERS), "max": (min_players, MAX_PLAYERS), "solo_characters": (1, max_players)}
