"""Turn data paths into 1-based ``line:column`` positions, lazily.

Loading keeps no positions (that is what makes it fast). When diagnostics exist,
each affected file is composed once more with libyaml into a node tree (which has
marks), and every diagnostic's ``(doc, path)`` is followed down that tree: to the
key of the last path element (``anchor="key"``), to its value (``"value"``), or to
the mapping that holds it (``"mapping"``, used for a missing field).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ruamel.yaml.error import YAMLError
from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode

from cardforge_compiler.diagnostics import Diagnostic
from cardforge_compiler.load import SourceFile, make_yaml, run_with_stack

__all__ = ["locate"]


def _follow(node: Any, path: tuple[str | int, ...], anchor: str) -> Any:
    """The mark of the deepest node reachable along ``path``, and that node (``None``
    when the mark is not a value's own)."""
    mark = node.start_mark
    parent_mark = mark
    for depth, part in enumerate(path):
        last = depth == len(path) - 1
        if isinstance(node, MappingNode):
            for key_node, value_node in node.value:
                if str(key_node.value) == str(part):
                    parent_mark = node.start_mark
                    if last and anchor == "key":
                        return key_node.start_mark, key_node
                    node = value_node
                    break
            else:
                return mark, None
        elif isinstance(node, SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
            parent_mark = node.start_mark
            node = node.value[part]
        else:
            return mark, None
        mark = node.start_mark
    if anchor == "mapping" and not isinstance(node, (MappingNode, SequenceNode)):
        return parent_mark, None
    return mark, node


def locate(diagnostics: Iterable[Diagnostic], files: Iterable[SourceFile]) -> None:
    """Fill ``line``/``column`` of diagnostics that have a ``doc`` and ``path`` but no
    position yet, composing each affected file once. Never raises for bad input."""
    pending: dict[str, list[Diagnostic]] = {}
    seeing: list[Diagnostic] = []
    for diag in diagnostics:
        if diag.line is None and diag.doc is not None and diag.file is not None:
            pending.setdefault(diag.file, []).append(diag)
        if diag.see is not None:
            seeing.append(diag)
            pending.setdefault(diag.see[0], [])
    if not pending:
        return
    by_display = {sf.display: sf for sf in files}
    trees: dict[str, list[Any]] = {}

    def work() -> None:
        for display, diags in pending.items():
            sf = by_display.get(display)
            if sf is None or sf.text is None:
                continue
            needed = [d.doc for d in diags if d.doc is not None]
            needed += [d.see[1] for d in seeing if d.see[0] == display]
            last = max(needed, default=0)
            roots: list[Any] = []
            trees[display] = roots
            try:                    # only the documents needed: a later one may be hostile
                for root in make_yaml().compose_all(sf.text):
                    roots.append(root)
                    if len(roots) > last:
                        break
            except (YAMLError, RecursionError):
                continue
            for diag in diags:
                if diag.doc is None or diag.doc >= len(roots) or roots[diag.doc] is None:
                    continue
                mark, node = _follow(roots[diag.doc], diag.path, diag.anchor)
                diag.line, diag.column = mark.line + 1, mark.column + 1
                if diag.offset is not None and isinstance(node, ScalarNode) and node.end_mark.line == mark.line:
                    diag.column += diag.offset + (1 if node.style in ("'", '"') else 0)
        for diag in seeing:
            file, doc, path = diag.see  # type: ignore[misc]
            roots = trees.get(file)
            if roots is None or doc >= len(roots) or roots[doc] is None:
                diag.message += f" (in {file})" if file != diag.file else ""
                continue
            line = _follow(roots[doc], path, "value")[0].line + 1
            diag.message += f" (line {line})" if file == diag.file else f" ({file}:{line})"

    run_with_stack(work)
