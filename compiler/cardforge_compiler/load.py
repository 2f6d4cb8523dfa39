"""Stage 1, load: find content files, read them and parse YAML into plain data.

The fast path is ruamel.yaml's C-backed parser (libyaml through
``ruamel.yaml.clib``) with a YAML 1.2 resolver, and our own iterative
construction of plain data straight from its events (:func:`_documents`: no node
tree, no recursion; ruamel.yaml's constructor costs more than the parse itself).
Every limit is checked as the events arrive, so a hostile file is refused after
reading no more of it than the limit: 100,000 ``[`` cost what 65 do (libyaml's
own time grows with the square of the nesting). Positions are not stored while loading: a diagnostic carries the data
path of the problem, and :mod:`cardforge_compiler.locate` recomposes only the
files that have diagnostics to turn paths into ``line:column``.

What the construction does differently from ruamel.yaml's safe loading:

- timestamps stay the text the author wrote;
- integers not written plainly (``010``, ``08``, ``1_000``, ``0x10``) and all
  floats (``1e3``, ``2.5``) become :class:`NumberText`, a ``str`` that remembers
  it was written as a number, so validation quotes the author's text;
- ``!!set``, ``!!omap``, ``!!pairs`` and ``!!binary`` are refused like any other
  tag that builds something other than plain data.
"""

from __future__ import annotations

import contextlib
import errno
import gc
import os
import re
import stat
import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any, TypeVar

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
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

from cardforge_compiler.diagnostics import Diagnostic

__all__ = [
    "LOAD_STACK_BYTES",
    "MAX_DEPTH",
    "NumberText",
    "SourceFile",
    "c_parser_active",
    "discover",
    "gc_paused",
    "load_files",
    "make_yaml",
    "run_with_stack",
]

#: Deepest nesting of collections a document may have ("too-deep", CF009).
MAX_DEPTH = 64
#: Aliases may expand a collection to at most this many times the document's node count.
MAX_ALIAS_RATIO = 100
#: Stack for the thread that parses. Loading builds data from parser events without
#: recursion and stops at ``MAX_DEPTH``; :mod:`cardforge_compiler.locate` composes node
#: trees (libyaml's composer recurses in C) of files that loaded, so within that depth.
LOAD_STACK_BYTES = 256 * 1024 * 1024

#: A whole number written plainly: no sign other than '-', no leading zero, at most
#: 15 digits (exact in a JavaScript front end; longer numbers stay text).
_PLAIN_INT = re.compile(r"-?(?:0|[1-9][0-9]{0,14})\Z")
T = TypeVar("T")


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
_TAG_NAMES: dict[str | None, list[tuple[str, Any]]] = {
    char: [(tag.suffix, regexp) for tag, regexp in entries] for char, entries in _IMPLICIT.items()}


def _event_scalar(event: Any) -> Any:
    """The value of a scalar event: YAML 1.2 core-schema resolution of plain scalars,
    explicit tags of plain data honoured, any other tag refused (CF007)."""
    value, tag = event.value, event.tag
    if tag is None or tag == "!":
        if not event.implicit[0]:
            return value                    # quoted, or '!': text
        for name, regexp in _TAG_NAMES.get(value[:1], ()):
            if regexp.match(value):
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


def _documents(text: str) -> Iterator[Any]:
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
    if not isinstance(key, str):
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
    events into data (:func:`_documents`); :mod:`cardforge_compiler.locate` composes
    node trees with it to find positions."""
    yaml = YAML(typ="safe", pure=False)
    yaml.Resolver = _Resolver
    return yaml


def c_parser_active() -> bool:
    """True when the loader really parses with libyaml (ruamel.yaml 0.19 silently
    falls back to pure Python, about 6x slower, without the ``oldlibyaml`` extra)."""
    return make_yaml().Parser.__name__ == "CParser"


def run_with_stack(fn: Callable[[], T], stack_bytes: int = LOAD_STACK_BYTES) -> T:
    """Run ``fn()`` in a thread with a large stack and return its result (or raise
    its exception). Used around every libyaml parse."""
    result: list[Any] = []
    error: list[BaseException] = []

    def target() -> None:
        try:
            result.append(fn())
        except BaseException as exc:  # re-raised in the caller's thread
            error.append(exc)

    old = threading.stack_size(stack_bytes)
    try:
        worker = threading.Thread(target=target, name="cardforge-load")
        worker.start()
    finally:
        threading.stack_size(old)
    worker.join()
    if error:
        raise error[0]
    return result[0]


@dataclass
class SourceFile:
    """One content file.

    ``display`` is the path shown in diagnostics (as the user named it, ``/``
    separated); ``pack_root`` the folder holding its pack's ``pack.yaml`` (``None``
    if there is none); ``rel`` its path relative to the pack root (used in the
    bundle: never an absolute path); ``documents`` the parsed YAML documents as
    plain data (empty if the file could not be parsed, or if they were handed to a
    sink); ``kinds`` the ``kind`` of each document, valid or not.
    """

    path: Path
    display: str
    pack_root: Path | None = None
    rel: str = ""
    text: str | None = None
    documents: list[Any] = field(default_factory=list)
    kinds: set[str] = field(default_factory=set)
    failed: bool = False


def _is_yaml(path: Path) -> bool:
    return path.suffix in (".yaml", ".yml")


def not_a_file(path: Path) -> str | None:
    """What ``path`` is when it is not a regular file or a folder, in words, or ``None``.

    ``"a symbolic link loop"``, ``"a symbolic link to 'x.yaml', which does not exist"``,
    ``"a named pipe (FIFO)"``, ``"a socket"``, ``"a device"``; ``"no such file or folder"``
    when nothing is there; ``"cannot be read: <reason>"`` for other errors.
    """
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "a symbolic link loop (the link leads back to itself)"
        try:
            is_link = stat.S_ISLNK(os.lstat(path).st_mode)
        except OSError:
            is_link = False
        if is_link and exc.errno in (errno.ENOENT, errno.ENOTDIR):
            return f"a symbolic link to '{os.readlink(path)}', which does not exist (a dangling link)"
        if exc.errno in (errno.ENOENT, errno.ENOTDIR):
            return "no such file or folder"
        return f"cannot be read: {exc.strerror or exc}"
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO), not a regular file"
    if stat.S_ISSOCK(mode):
        return "a socket, not a regular file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device, not a regular file"
    return "not a regular file"


def _find_pack_root(directory: Path) -> Path | None:
    for candidate in (directory, *directory.parents):
        if (candidate / "pack.yaml").is_file():
            return candidate
    return None


def discover(paths: Iterable[str]) -> tuple[list[SourceFile], list[Diagnostic]]:
    """Expand the paths the user gave into content files, sorted, without duplicates.

    Folders are searched recursively for ``*.yaml``/``*.yml``; each file is assigned
    to the pack whose ``pack.yaml`` is in its folder or the nearest folder above (a
    ``pack.yaml`` above a named file is loaded too, so that a single story file can be
    linted against its manifest).

    Returns the files and ``CF001``/``CF010`` diagnostics for paths that are missing,
    unreadable or hold no YAML files, and ``CF001`` for each ``*.yaml``/``*.yml`` entry
    of a folder that is not a regular file (a dangling symbolic link, a link loop, a
    FIFO, a socket, a device): never skipped without a word.
    """
    files: dict[Path, SourceFile] = {}
    diagnostics: list[Diagnostic] = []

    def add(path: Path, display: str) -> None:
        key = path.resolve()
        if key not in files:
            files[key] = SourceFile(path=path, display=display)

    for given in paths:
        root = Path(given)
        shown = PurePosixPath(Path(given).as_posix())
        what = not_a_file(root)
        if what is None and root.is_dir():
            try:
                entries = sorted(p for p in root.rglob("*") if _is_yaml(p) and not p.is_dir())
            except OSError as exc:
                diagnostics.append(Diagnostic("CF001", f"cannot read folder: {exc.strerror}", file=str(shown)))
                continue
            found = []
            for p in entries:
                display = str(shown / p.relative_to(root).as_posix())
                problem = not_a_file(p)
                if problem is None:
                    found.append((p, display))
                else:
                    diagnostics.append(Diagnostic("CF001", f"this content file is {problem}", file=display,
                                                  hint="make it a regular YAML file, or remove it from the folder"))
            if not entries:
                diagnostics.append(
                    Diagnostic("CF010", "no YAML files (*.yaml, *.yml) in this folder", file=str(shown),
                               hint="point cardforge at a content pack folder such as content/")
                )
            for p, display in found:
                add(p, display)
        elif what is None:
            add(root, str(shown))
        elif what == "no such file or folder":
            diagnostics.append(Diagnostic("CF001", what, file=str(shown),
                                          hint="check the path; cardforge takes files or folders"))
        else:
            diagnostics.append(Diagnostic("CF001", f"this path is {what}", file=str(shown),
                                          hint="cardforge reads regular YAML files and folders of them"))

    # Attach each file to its pack and pull in manifests that lie above named files.
    for sf in list(files.values()):
        sf.pack_root = _find_pack_root(sf.path.resolve().parent)
        if sf.pack_root is not None:
            manifest = sf.pack_root / "pack.yaml"
            if manifest.resolve() not in files:
                rel_to_file = os.path.relpath(manifest, sf.path.parent)
                display = str(PurePosixPath(sf.display).parent / PurePosixPath(Path(rel_to_file).as_posix()))
                add(manifest, os.path.normpath(display).replace(os.sep, "/"))
                files[manifest.resolve()].pack_root = sf.pack_root
    for sf in files.values():
        if sf.pack_root is not None:
            sf.rel = sf.path.resolve().relative_to(sf.pack_root.resolve()).as_posix()
        else:
            sf.rel = sf.path.name
    ordered = sorted(files.values(), key=lambda f: (str(f.pack_root or ""), f.rel, f.display))
    return ordered, diagnostics


def _position(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return line, column


def _decode(sf: SourceFile, raw: bytes) -> tuple[str | None, list[Diagnostic]]:
    """Decode UTF-8, accept byte-order marks at document starts, and turn CR and CRLF
    line ends into LF so that line numbers match what editors show."""
    for bom, name in ((b"\xff\xfe\x00\x00", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32"),
                      (b"\xff\xfe", "UTF-16"), (b"\xfe\xff", "UTF-16")):
        if raw.startswith(bom):
            return None, [Diagnostic("CF002", f"the file is {name}, not UTF-8", file=sf.display, line=1, column=1,
                                     hint="save the file as UTF-8 (most editors: 'Save with encoding')")]
    if b"\r" in raw:
        raw = raw.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        prefix = raw[: exc.start].decode("utf-8", errors="replace")
        line, column = _position(prefix, len(prefix))
        return None, [Diagnostic(
            "CF002", f"byte 0x{raw[exc.start]:02x} at offset {exc.start} is not UTF-8",
            file=sf.display, line=line, column=column,
            hint="save the file as UTF-8 (most editors: 'Save with encoding')",
        )]
    # A byte-order mark is allowed at the start of the stream and of each document.
    if "\ufeff" in text:
        text = text.lstrip("\ufeff").replace("\n\ufeff", "\n")
    return text, []


def _yaml_error(sf: SourceFile, exc: BaseException) -> Diagnostic:
    """A libyaml error as a diagnostic. When the problem is found only at the end of
    the file (an unclosed quote or bracket), it points where the construct began."""
    problem_mark = getattr(exc, "problem_mark", None)
    context_mark = getattr(exc, "context_mark", None)
    problem = getattr(exc, "problem", None) or str(exc).strip().splitlines()[0]
    context = getattr(exc, "context", None)
    mark = problem_mark or context_mark
    text = sf.text or ""
    bad = re.search(r"unacceptable character #x([0-9a-fA-F]+)", str(exc))
    if bad and mark is None:
        char = chr(int(bad.group(1), 16))
        index = text.find(char)
        line, column = _position(text, index) if index >= 0 else (None, None)
        return Diagnostic("CF003", f"the character U+{ord(char):04X} is not allowed in YAML", file=sf.display,
                          line=line, column=column, hint="delete it (control characters cannot appear in content)")
    lines = text.split("\n")
    if mark is not None and 0 <= mark.line < len(lines):
        src = lines[mark.line]
        indent = src[: len(src) - len(src.lstrip(" \t"))]
        if "\t" in indent:
            return Diagnostic("CF005", "tab character used for indentation", file=sf.display,
                              line=mark.line + 1, column=indent.index("\t") + 1,
                              hint="YAML indents with spaces only: replace the tab with spaces")
    at_end = problem_mark is not None and problem_mark.index >= len(text.rstrip())
    if at_end and context_mark is not None:
        what = context.replace("while scanning ", "").replace("while parsing ", "") if context else "something"
        message = f"{what} starting here is never closed ({problem})"
        mark = context_mark
    elif context and context_mark is not None and problem_mark is not None:
        message = f"{problem} ({context} at line {context_mark.line + 1}, column {context_mark.column + 1})"
    else:
        message = f"{context}: {problem}" if context else str(problem)
    line = mark.line + 1 if mark is not None else None
    column = mark.column + 1 if mark is not None else None
    hint = "check indentation, quotes and the ':' after each key"
    if "alias" in message:
        hint = "an alias `*name` needs an anchor `&name` earlier in the same document"
    elif "quoted scalar" in message:
        hint = "close the quote; inside double quotes write \\\" for a quote character"
    elif "mapping values are not allowed" in message:
        hint = "a ': ' inside plain text starts a mapping: put such text in quotes; otherwise check this line's indentation"
    return Diagnostic("CF003", message, file=sf.display, line=line, column=column, hint=hint)


#: Called with each document as soon as it is built: ``sink(file, index, data)``.
DocumentSink = Callable[["SourceFile", int, Any], None]


def _parse(sf: SourceFile, sink: DocumentSink | None = None) -> list[Diagnostic]:
    """Parse one decoded file. Documents go to ``sink`` one by one (so that a caller
    can validate each and let its raw data go), or into ``sf.documents``."""
    text = sf.text
    assert text is not None
    sf.documents = []
    count = 0
    try:
        for index, data in enumerate(_documents(text)):
            count += data is not None
            if sink is None:
                sf.documents.append(data)
            elif data is not None:
                sink(sf, index, data)
    except LoadError as exc:
        line, column = (exc.mark.line + 1, exc.mark.column + 1) if exc.mark is not None else (1, 1)
        return [Diagnostic(exc.code, exc.message, file=sf.display, line=line, column=column,
                           hint=exc.hint or "check the YAML at this position")]
    except (MarkedYAMLError, YAMLError) as exc:
        return [_yaml_error(sf, exc)]
    except RecursionError:
        return [Diagnostic("CF009", "nesting is too deep to load", file=sf.display, line=1, column=1)]
    if not count:
        return [Diagnostic("CF006", "the file holds no YAML document", file=sf.display, line=1, column=1,
                           hint="add a document with `kind` and `id`, or delete the file")]
    return []


def load_files(files: list[SourceFile], sink: DocumentSink | None = None) -> list[Diagnostic]:
    """Read, decode and parse every file in place (``SourceFile.text``, and
    ``SourceFile.documents`` unless a ``sink`` takes each document instead).

    Returns diagnostics ``CF001``-``CF009``; never raises for bad input. Runs the
    parser in a thread with a large stack, with the cyclic garbage collector paused
    (loading builds many small objects that it would rescan again and again).
    """

    def work() -> list[Diagnostic]:
        out: list[Diagnostic] = []
        for sf in files:
            try:
                raw = sf.path.read_bytes()
            except OSError as exc:
                out.append(Diagnostic("CF001", f"cannot read file: {exc.strerror or exc}", file=sf.display))
                continue
            sf.text, problems = _decode(sf, raw)
            out.extend(problems)
            if sf.text is not None:
                problems = _parse(sf, sink)
                out.extend(problems)
            sf.failed = bool(problems)
        return out

    with gc_paused():
        return run_with_stack(work)


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector: loading and checking build many long-lived
    objects that it would otherwise rescan again and again (3-4x slower at 10k cards)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
