"""YAML 1.2 to plain data, for the load stage (:mod:`cardforge_compiler.load`).

Documents are built straight from the events of ruamel.yaml's C-backed parser
(libyaml through ``ruamel.yaml.clib``): no node tree, no recursion, and ruamel.yaml's
constructor (which costs more than the parse itself) is not used. Every limit is
checked as the events arrive, so a hostile file is refused after reading no more of
it than the limit: 100,000 ``[`` cost what 65 do (libyaml's own time grows with the
square of the nesting).

What the construction does differently from ruamel.yaml's safe loading:

- plain scalars resolve by the YAML 1.2 core schema, always (``yes``/``no`` stay text);
- timestamps stay the text the author wrote;
- integers not written plainly (``010``, ``08``, ``1_000``, ``0x10``) and all
  floats (``1e3``, ``2.5``) become :class:`NumberText`, a ``str`` that remembers
  it was written as a number, so validation quotes the author's text;
- ``!!set``, ``!!omap``, ``!!pairs`` and ``!!binary`` are refused like any other
  tag that builds something other than plain data.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.events import (
    AliasEvent,
    DocumentEndEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
)
from ruamel.yaml.nodes import ScalarNode, SequenceNode
from ruamel.yaml.resolver import VersionedResolver, implicit_resolvers
from ruamel.yaml.tag import Tag

__all__ = ["MAX_ALIAS_RATIO", "MAX_DEPTH", "LoadError", "NumberText", "c_parser_active", "documents", "make_yaml"]

#: Deepest nesting of collections a document may have ("too-deep", CF009).
MAX_DEPTH = 64
#: Aliases may expand a collection to at most this many times the document's node count.
MAX_ALIAS_RATIO = 100
#: A whole number written plainly: no sign other than '-', no leading zero, at most
#: 15 digits (exact in a JavaScript front end; longer numbers stay text).
_PLAIN_INT = re.compile(r"-?(?:0|[1-9][0-9]{0,14})\Z")


class NumberText(str):
    """Text the author wrote as a number, but not as a plain whole number.

    ``011``, ``08``, ``1e3``, ``1_000``, ``0x10``, ``2.5``: kept as the exact text so
    that messages quote it and so that ``011`` can never silently become card 11.
    """

    __slots__ = ()


def _yaml12_table() -> dict[str | None, list[tuple[Tag, Any]]]:
    table: dict[str | None, list[tuple[Tag, Any]]] = {}
    for versions, tag, regexp, first in implicit_resolvers:
        if (1, 2) in versions:
            shared = _TAGS.setdefault(tag, Tag(suffix=tag))
            for char in first or [None]:
                table.setdefault(char, []).append((shared, regexp))
    return table


_TAGS: dict[str, Tag] = {}
_IMPLICIT = _yaml12_table()
_STR_TAG = Tag(suffix="tag:yaml.org,2002:str")
_SEQ_TAG = Tag(suffix="tag:yaml.org,2002:seq")
_MAP_TAG = Tag(suffix="tag:yaml.org,2002:map")
_BOOL_TRUE = frozenset({"true", "True", "TRUE"})


class _Resolver(VersionedResolver):
    """YAML 1.2 core-schema resolution, always (a ``%YAML 1.1`` directive does not
    bring back ``yes``/``no`` booleans), with one shared tag object per type: the
    version-aware resolver of ruamel.yaml re-derives its tables for every scalar."""

    def resolve(self, kind: Any, value: Any, implicit: Any) -> Tag:
        if kind is ScalarNode:
            if implicit[0]:
                for tag, regexp in _IMPLICIT.get(value[:1], ()):
                    if regexp.match(value):
                        return tag
            return _STR_TAG
        return _SEQ_TAG if kind is SequenceNode else _MAP_TAG


class LoadError(Exception):
    """A construction problem found while turning YAML nodes into data: a
    diagnostic ``code``, a ``message`` and the node's 0-based ``mark``."""

    def __init__(self, code: str, message: str, mark: Any, hint: str | None = None) -> None:
        super().__init__(message)
        self.code, self.message, self.mark, self.hint = code, message, mark, hint


_PLAIN_TAGS = {f"tag:yaml.org,2002:{name}" for name in ("str", "int", "float", "bool", "null", "seq", "map",
                                                          "timestamp", "merge")}


def _short_tag(name: str) -> str:
    return "!!" + name[len("tag:yaml.org,2002:"):] if name.startswith("tag:yaml.org,2002:") else name


class _Frame:
    """A collection being built from parser events."""

    __slots__ = ("data", "is_map", "mark", "anchor", "size", "key", "key_mark", "key_text", "key_lines", "merged")

    def __init__(self, is_map: bool, mark: Any, anchor: str | None) -> None:
        self.data: Any = {} if is_map else []
        self.is_map, self.mark, self.anchor = is_map, mark, anchor
        self.size = 1                       # values this collection expands to, aliases included
        self.key: Any = _NO_KEY             # a mapping's key waiting for its value
        self.key_mark: Any = None
        self.key_text = ""
        self.key_lines: dict[Any, int] = {}
        self.merged: list[dict] = []


_NO_KEY = object()
_MERGE = object()                       # the key '<<' of a merge
# (tag name, the ``match`` of its pattern) by first character. ruamel.yaml hands out its
# patterns wrapped for lazy compiling (``util.LazyEval``), which costs a Python call per
# attribute read: the bound ``match`` is taken once here, not once per plain scalar.
_TAG_NAMES: dict[str | None, list[tuple[str, Any]]] = {
    char: [(tag.suffix, regexp.match) for tag, regexp in entries] for char, entries in _IMPLICIT.items()}


def _event_scalar(event: Any) -> Any:
    """The value of a scalar event: YAML 1.2 core-schema resolution of plain scalars,
    explicit tags of plain data honoured, any other tag refused (CF007)."""
    value, tag = event.value, event.tag
    if tag is None or tag == "!":
        if not event.implicit[0]:
            return value                    # quoted, or '!': text
        for name, match in _TAG_NAMES.get(value[:1], ()):
            if match(value):
                tag = name
                break
        else:
            return value
    if tag == "tag:yaml.org,2002:str":
        return value
    if tag == "tag:yaml.org,2002:int":
        return int(value) if _PLAIN_INT.match(value) else NumberText(value)
    if tag == "tag:yaml.org,2002:bool":
        return value in _BOOL_TRUE
    if tag == "tag:yaml.org,2002:null":
        return None
    if tag == "tag:yaml.org,2002:float":
        return NumberText(value)
    if tag == "tag:yaml.org,2002:timestamp":
        return str(value)
    if tag == "tag:yaml.org,2002:merge":
        return _MERGE
    raise LoadError("CF007", f"the tag {_short_tag(tag)} builds something other than plain data", event.start_mark,
                    "remove the tag; write the value as plain YAML text, number, list or mapping")


def documents(text: str) -> Iterator[Any]:
    """Each YAML document of ``text`` as plain data (``None`` for an empty one), built
    straight from libyaml's parser events, without a node tree and without recursion.

    Raises :class:`LoadError` at the offending place, as soon as it is read: nesting
    deeper than ``MAX_DEPTH`` (CF009: the parser is stopped there, so that a file of
    100,000 ``[`` costs no more than its first 65); aliases that expand a collection to
    more than ``MAX_ALIAS_RATIO`` times the document's node count (CF008, an "alias
    bomb"), or an alias inside the collection it names (CF008); an undefined alias
    (CF003); a duplicate key (CF004); a tag that builds objects (CF007); a key that is a
    list or a mapping (CF003) or not text (CF104). Aliases become shared objects.
    """
    anchors: dict[str, tuple[Any, int]] = {}
    stack: list[_Frame] = []
    unique = 0                              # nodes written in the document, aliases counted once
    root: Any = None
    for event in make_yaml().parse(text):
        kind = type(event)
        if kind is ScalarEvent or kind is AliasEvent:
            if kind is ScalarEvent:
                value, size = _event_scalar(event), 1
                if event.anchor is not None:
                    anchors[event.anchor] = (value, 1)
            else:
                if event.anchor not in anchors:
                    open_frame = next((f for f in stack if f.anchor == event.anchor), None)
                    if open_frame is not None:
                        raise LoadError("CF008", "an alias refers to a collection that contains it (a cycle)",
                                        open_frame.mark, "write the data out plainly")
                    raise LoadError("CF003", f"found undefined alias {event.anchor!r}", event.start_mark,
                                    "an alias `*name` needs an anchor `&name` earlier in the same document")
                value, size = anchors[event.anchor]
            top = stack[-1] if stack else None
            if value is _MERGE and (top is None or not top.is_map or top.key is not _NO_KEY):
                value = event.value                 # '<<' is a merge only as a key
            if top is None:
                root = value
                continue
            unique += 1
            if not top.is_map:
                top.data.append(value)
                top.size += size
            elif top.key is _NO_KEY:
                if isinstance(value, (dict, list)):
                    raise LoadError("CF003", "a mapping key must be plain text or a number, not a list or mapping",
                                    event.start_mark, "write the key as plain text")
                top.key, top.key_mark = value, event.start_mark
                top.key_text = event.value if kind is ScalarEvent else str(value)
                top.size += 1
            else:
                _set(top, value, event.start_mark)
                top.size += size
        elif kind is SequenceStartEvent or kind is MappingStartEvent:
            if len(stack) + 1 > MAX_DEPTH:
                raise LoadError("CF009", f"nesting is deeper than {MAX_DEPTH} levels", event.start_mark,
                                "content never needs this much nesting: flatten the data")
            if event.tag not in (None, "!") and event.tag not in _PLAIN_TAGS:
                raise LoadError("CF007", f"the tag {_short_tag(event.tag)} builds something other than plain data",
                                event.start_mark, "remove the tag; content is plain data only")
            if stack:
                top = stack[-1]
                if top.is_map and top.key is _NO_KEY:
                    raise LoadError("CF003", "a mapping key must be plain text or a number, not a list or mapping",
                                    event.start_mark, "write the key as plain text")
                unique += 1
            unique += 1
            if event.anchor is not None:
                anchors.pop(event.anchor, None)        # an alias to it now is a cycle
            stack.append(_Frame(kind is MappingStartEvent, event.start_mark, event.anchor))
        elif kind is SequenceEndEvent or kind is MappingEndEvent:
            frame = stack.pop()
            if frame.is_map:
                for source in frame.merged:
                    for k, v in source.items():
                        frame.data.setdefault(k, v)
            if frame.size > unique * MAX_ALIAS_RATIO + 10_000:
                raise LoadError("CF008", f"aliases expand this part of the document more than {MAX_ALIAS_RATIO} "
                                         f"times over (an alias bomb)", frame.mark,
                                "use anchors and aliases only for small repeated pieces, or write the data out")
            if frame.anchor is not None:
                anchors[frame.anchor] = (frame.data, frame.size)
            if not stack:
                root = frame.data
                continue
            top = stack[-1]
            if not top.is_map:
                top.data.append(frame.data)
            else:
                _set(top, frame.data, frame.mark)
            top.size += frame.size
        elif kind is DocumentEndEvent:
            yield root
            root, anchors, unique = None, {}, 0


def _set(frame: _Frame, value: Any, value_mark: Any) -> None:
    """Store ``value`` under the pending key of a mapping being built."""
    key, frame.key = frame.key, _NO_KEY
    if key is _MERGE:
        sources = value if isinstance(value, list) else [value]
        if not all(isinstance(v, dict) for v in sources):
            raise LoadError("CF003", "a merge key '<<' takes a mapping or a list of mappings", value_mark)
        frame.merged.extend(sources)
        return
    if not isinstance(key, str) and (type(key) is not int):
        # whole numbers are keys too: a count of Characters (``health: {1: 4, 2: 5}``)
        shown = frame.key_text or "null"
        raise LoadError("CF104", f"the key {shown} is not text: keys are names", frame.key_mark,
                        f'quote it if it is meant as text: "{shown}"')
    if key in frame.data:
        raise LoadError("CF004", f"duplicate key '{frame.key_text}' (first at line {frame.key_lines[key]})",
                        frame.key_mark, "each key may appear once in a mapping; remove or rename one of them")
    frame.key_lines[key] = frame.key_mark.line + 1
    frame.data[key] = value


def make_yaml() -> YAML:
    """A ruamel.yaml parser: safe, C-backed (libyaml) when ``ruamel.yaml.clib`` is
    installed, resolving plain scalars by the YAML 1.2 core schema. Loading turns its
    events into data (:func:`documents`); :mod:`cardforge_compiler.locate` composes
    node trees with it to find positions."""
    yaml = YAML(typ="safe", pure=False)
    yaml.Resolver = _Resolver
    return yaml


def c_parser_active() -> bool:
    """True when the loader really parses with libyaml (ruamel.yaml 0.19 silently
    falls back to pure Python, about 6x slower, without the ``oldlibyaml`` extra)."""
    return make_yaml().Parser.__name__ == "CParser"
