"""What each suppression comment covers, as data paths, for ``cardforge fmt``
(:mod:`cardforge_compiler.fmt`; docs/fmt.md, docs/suppressions.md).

A suppression (``# cardforge: ignore[CF504]``) covers lines
(:func:`cardforge_compiler.suppress_read.read_suppressions`), and a diagnostic is
placed on a line by the position of its data path (:mod:`cardforge_compiler.locate`:
the key of a path's last element, its value, or the mapping that holds it). So what a
suppression covers is the set of ``(document, path, "key"|"value")`` whose position
lies on one of its lines. Formatting moves lines; it must never change that set:
``id: 2  # cardforge: ignore[CF504]`` as a card's last key covers the ``id`` only,
while on ``- id: 2`` it would cover the whole card.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

__all__ = ["Coverage", "changed", "coverage", "describe"]

#: One suppression: (its comment as written, the data it covers); ``covered`` is
#: ``None`` for a whole-file (``ignore-file``) one.
Coverage = tuple[str, "frozenset[tuple[int, tuple[Any, ...], str]] | None"]


def _positions(text: str) -> list[tuple[int, int, tuple[Any, ...], str]]:
    """Every ``(0-based line, document, path, "key"|"value")`` of ``text``'s data, as
    the loader's node tree places it (aliases followed, as :mod:`locate` does)."""
    from ruamel.yaml.nodes import MappingNode, SequenceNode

    from cardforge_compiler.load import make_yaml, run_with_stack

    out: list[tuple[int, int, tuple[Any, ...], str]] = []

    def walk(doc: int, node: Any, path: tuple[Any, ...]) -> None:
        out.append((node.start_mark.line, doc, path, "value"))
        if isinstance(node, MappingNode):
            for key_node, value_node in node.value:
                key = (*path, str(key_node.value))
                out.append((key_node.start_mark.line, doc, key, "key"))
                walk(doc, value_node, key)
        elif isinstance(node, SequenceNode):
            for index, item in enumerate(node.value):
                walk(doc, item, (*path, index))

    def work() -> None:
        for doc, root in enumerate(make_yaml().compose_all(text)):
            if root is not None:
                walk(doc, root, ())

    run_with_stack(work)
    return out


def coverage(text: str) -> tuple[list[Any], list[Coverage]]:
    """The suppressions of ``text`` (``read_suppressions``) and, for each, what it
    covers. Only suppressions cardforge reads (well formed) count. ``text`` must load."""
    from cardforge_compiler.suppress_read import FILE, read_suppressions

    supps = [s for s in read_suppressions(text) if s.problem is None]
    if not supps:
        return [], []
    positions = _positions(text) if any(s.scope != FILE for s in supps) else []
    out: list[Coverage] = []
    for supp in supps:
        if supp.scope == FILE:
            out.append((supp.written, None))
        else:
            out.append((supp.written, frozenset((doc, path, anchor) for line, doc, path, anchor in positions
                                                if supp.covers(line + 1))))
    return supps, out


def changed(before: list[Coverage], after: list[Coverage]) -> list[int]:
    """The indexes into ``before`` of the suppressions whose coverage ``after`` does
    not have (compared as a multiset: comments move with their keys)."""
    left = Counter(after)
    out = []
    for i, item in enumerate(before):
        if left[item] > 0:
            left[item] -= 1
        else:
            out.append(i)
    return out


def _path(path: tuple[Any, ...]) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else f".{part}" if text else str(part)
    return text or "the document"


def describe(covered: frozenset[tuple[int, tuple[Any, ...], str]] | None) -> str:
    """What a suppression covers, in words: the outermost data paths (``cards[1].id``)."""
    if covered is None:
        return "the whole file"
    paths = {path for _, path, _ in covered}
    tops = sorted((p for p in paths if not any(p[:n] in paths for n in range(len(p)))), key=lambda p: (len(p), str(p)))
    if not tops:
        return "nothing"
    shown = ", ".join(_path(p) for p in tops[:3])
    return shown + (f" and {len(tops) - 3} more" if len(tops) > 3 else "")
