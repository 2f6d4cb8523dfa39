"""``cardforge fmt``: the canonical layout of a content file (docs/fmt.md).

The file is read with ruamel.yaml's round-trip loader and written back with:

- mappings indented by 2, list items by 4 with the dash at 2 (``cards:`` then
  ``  - id: 11``), as the shipped content is written;
- the keys of every mapping the content model describes in the order it lists its
  fields (:mod:`cardforge_compiler.fmt_order`), a keyed union's kind key first;
- every comment kept (the modeline, end-of-line comments on their line, comment lines
  and blank lines between entries), block scalars (``>-``, ``|``) and quotes as written;
  lines are never re-wrapped; the file ends with one newline, line ends are LF, a
  byte-order mark is dropped.

A mapping whose keys have comment lines or blank lines between them (or after a key
that would move) keeps its key order: moving the keys would part the comment from
what it describes. The result is idempotent (formatting twice gives what formatting
once does).

Safety: a file that does not load (bad YAML, a duplicate key, a tag, too deep) is
never rewritten (:class:`FormatError`); and before anything is returned, the
formatted text is loaded again by the compiler's own loader
(:func:`cardforge_compiler.yaml_data.documents`) and compared with the original's
data, value for value and type for type (``NumberText`` ``010`` stays ``010``): any
difference is a :class:`FormatError` and the file is left alone. What each suppression
comment covers, as data paths (:mod:`cardforge_compiler.fmt_suppress`), is compared
too: where reordering would change it, the mappings on its lines keep their order (then
every mapping), else the file is refused. So formatting can change what a person reads
but never what lint or the bundle sees. Documents whose ``kind`` is not a cardforge kind
are not touched; comments after a last ``...`` are kept as written.
"""

from __future__ import annotations

import io
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from cardforge_compiler.fmt_comments import _indent_comments, comments
from cardforge_compiler.fmt_order import Schema, child_schema, document_schema, item_schema, key_order

__all__ = ["FormatError", "Formatted", "comments", "format_text"]


#: Lines are never re-wrapped (a long line stays one line).
_WIDTH = 1 << 20


class FormatError(Exception):
    """A file ``cardforge fmt`` leaves unchanged: ``message`` says why, ``line`` and
    ``column`` (1-based, or ``None``) where."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None,
                 lint_explains: bool = False) -> None:
        super().__init__(message)
        self.message, self.line, self.column = message, line, column
        self.lint_explains = lint_explains      # the file does not load: `cardforge lint FILE` says more


@dataclass(frozen=True)
class Formatted:
    """The result of :func:`format_text`: the canonical ``text``; ``kept``, how many
    mappings kept their key order because comments sit between their keys or a
    suppression comment would otherwise cover other data; ``content``, whether the file
    holds a cardforge document (a mapping whose ``kind`` is a cardforge kind: other YAML
    files, a CI workflow or a Kubernetes Deployment, are returned as they are and
    ``cardforge fmt`` leaves them alone)."""

    text: str
    kept: int
    content: bool


def _yaml() -> Any:
    from ruamel.yaml import YAML

    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.width = _WIDTH
    yaml.allow_duplicate_keys = False
    yaml.brace_single_entry_mapping_in_flow_sequence = True     # [{gain: 1}] stays so, not [gain: 1]
    yaml.representer.add_representer(type(None), _represent_null)
    return yaml


def _represent_null(representer: Any, _data: None) -> Any:
    """``null`` written as ``null`` (ruamel.yaml writes nothing after ``key:``, which
    reads like a line left unfinished)."""
    return representer.represent_scalar("tag:yaml.org,2002:null", "null")


def _only_eol(token: Any) -> bool:
    """Whether a comment token is only an end-of-line comment (``# ...`` and its line
    end), not comment lines or blank lines that stand between entries."""
    value = getattr(token, "value", "")
    return value.startswith("#") and "\n" not in value.rstrip("\n") and value.count("\n") <= 1


def _tokens(items: Any) -> list[Any]:
    out: list[Any] = []
    for part in items or ():
        if isinstance(part, list):
            out.extend(t for t in part if t is not None)
        elif part is not None:
            out.append(part)
    return out


def _tail_has_lines(container: Any, key: Any) -> bool:
    """Whether comment or blank lines follow the entry ``key`` of ``container`` (in its
    own comment slots, or at the end of its value's last entry, where ruamel.yaml keeps
    the lines that come before the next key)."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    entry = container.ca.items.get(key)
    if entry is not None and len(entry) > 2 and entry[2] is not None and not _only_eol(entry[2]):
        return True
    value = container[key]
    if isinstance(value, CommentedMap) and len(value):
        return _tail_has_lines(value, list(value)[-1])
    if isinstance(value, CommentedSeq) and len(value):
        return _tail_has_lines(value, len(value) - 1)
    return False


def _head_has_lines(mapping: Any, key: Any) -> bool:
    """Whether comment or blank lines stand just before ``key`` (ruamel.yaml 0.19 keeps
    some of them in the key's own slot)."""
    entry = mapping.ca.items.get(key)
    return bool(entry is not None and len(entry) > 1 and entry[1])


def _reorder(mapping: Any, order: list[Any], is_root: bool) -> bool:
    """Put ``mapping``'s keys in ``order`` when that moves no comment line away from its
    place; returns False when the order was kept for that reason."""
    keys = list(mapping)
    if keys == order:
        return True
    if getattr(mapping, "merge", None) or getattr(mapping, "_ref", None):
        return True             # a `<<: *base` merge, or merged into another: its keys are not all its own
    last = len(keys) - 1
    for i, key in enumerate(keys):
        if _head_has_lines(mapping, key) and not (i == 0 and order[0] == key):
            return False
        if _tail_has_lines(mapping, key) and not (i == last and order[-1] == key):
            return False
    if not is_root and order[0] != keys[0]:
        if getattr(mapping.ca, "comment", None):
            return False
        first = mapping.ca.items.get(keys[0])
        if first is not None and len(first) > 2 and first[2] is not None:
            return False        # `- title: X  # cardforge: ignore[...]`: a comment on an item's first line stays there
    items = [(key, mapping[key]) for key in order]
    for key in keys:
        del mapping[key]
    for key, value in items:
        mapping[key] = value
    return True


def _pinned(mapping: Any, pinned: set[int] | None) -> bool:
    """Whether ``mapping`` keeps its key order because it starts or has a key on one of
    the 0-based lines ``pinned`` (lines whose suppression comment reordering would
    move onto other data; ``None``: none)."""
    if not pinned:
        return False
    lines = {mapping.lc.line} | {mapping.lc.key(key)[0] for key in mapping}
    return bool(lines & pinned)


def _canonical(node: Any, schema: Schema | None, is_root: bool, kept: list[int],
               pinned: set[int] | None = None) -> None:
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    if isinstance(node, CommentedMap):
        if is_root:
            schema = document_schema(node.get("kind"))
        order, obj = key_order(schema, node)
        if order is not None and order != list(node) and _pinned(node, pinned):
            kept[0] += 1
        elif order is not None and not _reorder(node, order, is_root):
            kept[0] += 1
        for key in list(node):
            _canonical(node[key], child_schema(obj, key), False, kept, pinned)
    elif isinstance(node, CommentedSeq):
        items = item_schema(schema)
        for value in node:
            _canonical(value, items, False, kept, pinned)


def _same(a: Any, b: Any) -> bool:
    """Equal data, type for type (``True`` is not ``1``, ``NumberText`` not ``str``);
    mappings compared as sets of entries (their order is what fmt may change)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return bool(a == b)


def _load_plain(text: str) -> list[Any]:
    from ruamel.yaml.error import MarkedYAMLError, YAMLError

    from cardforge_compiler.load import run_with_stack
    from cardforge_compiler.yaml_data import LoadError, documents

    try:
        return run_with_stack(lambda: list(documents(text)))
    except LoadError as exc:
        raise FormatError(f"{exc.message} ({exc.code})", exc.mark.line + 1, exc.mark.column + 1, True) from exc
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or exc.context or "not valid YAML"
        raise FormatError(f"not valid YAML: {problem}", mark.line + 1 if mark else None,
                          mark.column + 1 if mark else None, True) from exc
    except YAMLError as exc:
        raise FormatError(f"not valid YAML: {exc}", lint_explains=True) from exc


def _layout(text: str, pinned: set[int] | None) -> tuple[str, int]:
    """``text`` (which loads) laid out canonically, and how many mappings kept their
    order; the mappings on the 0-based lines ``pinned`` keep theirs."""
    yaml = _yaml()
    kept = [0]
    try:
        docs = list(yaml.load_all(text))
    except Exception as exc:  # noqa: BLE001 - any round-trip failure leaves the file alone
        raise FormatError(f"cannot be read for formatting: {exc}") from exc
    out = io.StringIO()
    try:
        for doc in docs:
            _canonical(doc, None, True, kept, pinned)
        yaml.explicit_start = directive = text.startswith("%")    # a %YAML directive needs its `---`
        yaml.dump_all(docs, out)
    except Exception as exc:  # noqa: BLE001
        raise FormatError(f"cannot be laid out ({type(exc).__name__}: {exc})") from exc
    result = out.getvalue()
    if not directive and result.startswith("---\n"):        # the first document needs no `---`
        result = result[4:]
    try:
        _load_plain(result)
        result = _indent_comments(result.rstrip("\n") + "\n")
    except FormatError as exc:
        raise FormatError(f"formatting would make the file unreadable ({exc.message})") from exc
    return result, kept[0]


def _keep_suppressions(text: str, result: str, kept: int) -> tuple[str, int]:
    """``result``, or ``text`` laid out again with the mappings kept in their order
    where reordering would change what a suppression covers (the mappings on its lines
    first, then every mapping); :class:`FormatError` when even that would (a quoted text
    over several lines is joined onto one: a comment after it moves onto its key)."""
    from cardforge_compiler.fmt_suppress import changed, coverage, describe

    supps, before = coverage(text)
    if not supps:
        return result, kept
    after = coverage(result)[1]
    moved = changed(before, after)
    if moved:                   # keep the order of the mappings on those suppressions' lines
        lines = {n - 1 for i in moved for n in (supps[i].line, *range(supps[i].first, supps[i].last + 1))}
        result, kept = _layout(text, lines)
        after = coverage(result)[1]
        moved = changed(before, after)
    if moved:                   # then of every mapping: indentation only
        result, kept = _layout(text, set(range(text.count("\n") + 1)))
        after = coverage(result)[1]
        moved = changed(before, after)
    if not moved:
        return result, kept
    supp = supps[moved[0]]
    written, was = before[moved[0]]
    now = next((cov for i, (w, cov) in enumerate(after) if w == written and i in changed(after, before)), None)
    raise FormatError(f"formatting would change what the suppression `{written}` (line {supp.line}) covers: "
                      f"{describe(was)} now, {describe(now)} after (put the comment on the line of what it "
                      f"suppresses)", supp.line, supp.column)


def _is_content(doc: Any) -> bool:
    """Whether a loaded document is a cardforge document: a mapping whose ``kind`` is
    one of the content model's kinds (``story``, ``deck``...; not ``Deployment``)."""
    from cardforge_compiler.model import DOCUMENT_MODELS

    return isinstance(doc, dict) and isinstance(doc.get("kind"), str) and doc["kind"] in DOCUMENT_MODELS


#: A document end marker line: ``...``, maybe with a comment.
_END = re.compile(r"^\.\.\.(?:[ \t]+#.*)?[ \t]*$", re.M)


def _split_end(text: str) -> tuple[str, str]:
    """``text`` cut before its last ``...`` document end marker when only comment and
    blank lines follow it and a comment is among them (``("text", "")`` otherwise)."""
    ends = list(_END.finditer(text))
    if not ends:
        return text, ""
    cut = ends[-1].start()
    rest = text[cut:].split("\n")
    if not all(not line.strip() or line.lstrip().startswith("#") for line in rest[1:]) or "#" not in text[cut:]:
        return text, ""
    return text[:cut], "\n".join(line.rstrip() for line in rest).rstrip("\n") + "\n"


def format_text(text: str) -> Formatted:
    """The canonical layout of a content file's ``text`` (see the module docstring).

    Raises :class:`FormatError` when the text does not load (with the 1-based line
    and column of the problem), or when the formatted text would not load to exactly
    the same data: the caller then leaves the file as it is.
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = re.sub("(^|\n)\ufeff", r"\1", text)     # byte-order marks (YAML allows one before each document)
    head, tail = _split_end(text)
    if tail:            # ruamel.yaml drops comments after a last `...`: they are kept as written
        formatted = format_text(head)
        return Formatted(formatted.text + tail, formatted.kept, formatted.content)
    before = _load_plain(text)
    lines = text.split("\n")
    first = next((i for i, line in enumerate(lines) if line.strip() and not line.lstrip().startswith("#")), None)
    if first is not None and lines[first].rstrip() == "---":
        text = "\n".join(lines[:first] + lines[first + 1:])     # the first document needs no `---`
    if all(doc is None for doc in before):       # empty, or comments only: nothing to lay out
        return Formatted(text.rstrip() + "\n" if text.strip() else "", 0, False)
    if not any(_is_content(doc) for doc in before):     # a CI workflow, a Kubernetes Deployment: not ours
        return Formatted(text, 0, False)
    result, kept = _layout(text, None)
    result, kept = _keep_suppressions(text, result, kept)
    after = _load_plain(result)
    if len(before) != len(after) or not all(_same(a, b) for a, b in zip(before, after)):
        raise FormatError("formatting would change the file's data (a cardforge fmt bug)")
    lost = Counter(comments(text)) - Counter(comments(result))        # moved with their keys, never lost
    if lost:
        first = next(iter(lost))
        if _END.search(text):
            raise FormatError(f"formatting would lose the comment `{first}`: comments after a `...` document end "
                              f"marker are kept only after the last document (remove the `...` line: `---` alone "
                              f"starts the next document)")
        raise FormatError(f"formatting would lose or change the comment `{first}` (a cardforge fmt bug)")
    return Formatted(result, kept, True)
