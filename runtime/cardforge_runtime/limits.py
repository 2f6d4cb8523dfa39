"""The limits on every input, and on the nesting of a bundle's steps and conditions.

Every input path of the runtime (a bundle, a save, an answer, a setup, any value
given to the Python API) calls ``check_plain_data`` before any other work: one depth
limit (``MAX_DEPTH``), one number limit (``MAX_NUMBER``), one text check (no lone
surrogate). ``MAX_NESTING`` bounds steps and condition trees inside a bundle.
``json_type`` names a value's JSON type in messages.

The lowest layer of the format: it imports nothing of the runtime; ``format``
re-exports every name (the compiler imports them from there).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = [
    "MAX_DEPTH",
    "MAX_NESTING",
    "MAX_NUMBER",
    "PlainDataError",
    "check_parsed_json",
    "check_plain_data",
    "json_type",
]

#: The deepest nesting of steps (a step inside an option, a branch...), and of
#: condition trees (a node inside a node), that a bundle may hold. The compiler's
#: YAML is at most 64 levels deep, so real content stays far below.
MAX_NESTING = 64

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


def check_parsed_json(value: Any, text: str) -> None:
    """``check_plain_data(value)`` for the ``value`` that ``json.loads(text)`` returned,
    ``text`` having been decoded from strict UTF-8 (as ``bundle.read_json`` does): the
    same verdict and the same error, in less time on large files.

    Such a value holds only dicts with text keys, lists, text, whole numbers,
    floats, true/false and null, and its texts can hold a lone surrogate only
    through a ``\\uD800``-``\\uDFFF`` escape (strict UTF-8 refuses an encoded
    one): when ``text`` holds no ``\\ud``/``\\uD`` at all, only the depth, the
    numbers and the floats are walked.

    Raises:
        PlainDataError: as ``check_plain_data``.
    """
    if ("\\u" in text and ("\\ud" in text or "\\uD" in text)) or type(value) not in (dict, list):
        check_plain_data(value)
    elif _parsed_fault(value):
        raise _locate(value)


def _parsed_fault(value: Any) -> bool:
    """Whether JSON-parsed ``value`` (a dict or a list) without lone surrogates is
    nested too deep or holds a number beyond the limits (``check_parsed_json``)."""
    stack = [(value, 1)]
    pop, push = stack.pop, stack.append
    low, high = -MAX_NUMBER, MAX_NUMBER
    while stack:
        node, depth = pop()
        if depth >= MAX_DEPTH:
            return True
        inner = depth + 1
        for item in (node.values() if type(node) is dict else node):
            kind = type(item)
            if kind is str:
                continue
            if kind is dict or kind is list:
                if item:
                    push((item, inner))
            elif kind is int:
                if not low <= item <= high:
                    return True
            elif kind is float and _scalar_fault(item) is not None:
                return True
    return False


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
