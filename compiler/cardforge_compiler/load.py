"""Stage 1, load: find content files, read them and parse YAML into plain data.

The fast path is ruamel.yaml's C-backed safe loader (libyaml through
``ruamel.yaml.clib``) with a constructor that keeps YAML 1.2 semantics and plain
data only. Positions are not stored while loading: a diagnostic carries the data
path of the problem, and :mod:`cardforge_compiler.locate` recomposes only the
files that have diagnostics to turn paths into ``line:column``.

What the constructor changes from ruamel.yaml's safe loading:

- timestamps stay the text the author wrote;
- integers not written plainly (``010``, ``08``, ``1_000``, ``0x10``) and all
  floats (``1e3``, ``2.5``) become :class:`NumberText`, a ``str`` that remembers
  it was written as a number, so validation quotes the author's text;
- ``!!set``, ``!!omap``, ``!!pairs`` and ``!!binary`` are refused like any other
  tag that builds something other than plain data.
"""

from __future__ import annotations

import gc
import os
import re
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any, TypeVar

from ruamel.yaml import YAML
from ruamel.yaml.constructor import ConstructorError, DuplicateKeyError, SafeConstructor
from ruamel.yaml.error import MarkedYAMLError, YAMLError

from cardforge_compiler.diagnostics import Diagnostic

__all__ = [
    "LOAD_STACK_BYTES",
    "MAX_DEPTH",
    "NumberText",
    "SourceFile",
    "c_parser_active",
    "discover",
    "load_files",
    "make_yaml",
    "run_with_stack",
]

#: Deepest nesting of collections a document may have ("too-deep", CF009).
MAX_DEPTH = 64
#: Aliases may expand a document to at most this many times its own node count.
MAX_ALIAS_RATIO = 100
#: Stack for the thread that parses: libyaml's composer recurses in C, so a
#: hostile file nested 100k levels deep would crash a default 8 MiB stack.
LOAD_STACK_BYTES = 256 * 1024 * 1024
#: Upper bound of nesting the parser is allowed to attempt on that stack.
_SAFE_PARSE_DEPTH = 150_000

_PLAIN_INT = re.compile(r"[-+]?(?:0|[1-9][0-9]*)\Z")
T = TypeVar("T")


class NumberText(str):
    """Text the author wrote as a number, but not as a plain whole number.

    ``011``, ``08``, ``1e3``, ``1_000``, ``0x10``, ``2.5``: kept as the exact text so
    that messages quote it and so that ``011`` can never silently become card 11.
    """

    __slots__ = ()


class _Constructor(SafeConstructor):
    """Safe constructor with YAML 1.2 plain-data semantics (see module docstring)."""

    def construct_yaml_int(self, node: Any) -> int | NumberText:  # type: ignore[override]
        text = node.value
        if _PLAIN_INT.match(text):
            return int(text)
        return NumberText(text)

    def construct_yaml_float(self, node: Any) -> NumberText:  # type: ignore[override]
        return NumberText(node.value)

    def construct_yaml_timestamp(self, node: Any, values: Any = None) -> str:  # type: ignore[override]
        return str(node.value)

    def construct_not_plain(self, node: Any) -> Any:
        raise ConstructorError(
            None, None, f"the tag {node.tag!r} builds something other than plain data", node.start_mark
        )


_Constructor.add_constructor("tag:yaml.org,2002:int", _Constructor.construct_yaml_int)
_Constructor.add_constructor("tag:yaml.org,2002:float", _Constructor.construct_yaml_float)
_Constructor.add_constructor("tag:yaml.org,2002:timestamp", _Constructor.construct_yaml_timestamp)
for _tag in ("set", "omap", "pairs", "binary"):
    _Constructor.add_constructor(f"tag:yaml.org,2002:{_tag}", _Constructor.construct_not_plain)


def make_yaml() -> YAML:
    """A ruamel.yaml loader: safe, C-backed when ``ruamel.yaml.clib`` is installed,
    YAML 1.2, duplicate keys refused, plain data only."""
    yaml = YAML(typ="safe", pure=False)
    yaml.Constructor = _Constructor
    yaml.allow_duplicate_keys = False
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
    plain data (empty if the file could not be parsed).
    """

    path: Path
    display: str
    pack_root: Path | None = None
    rel: str = ""
    text: str | None = None
    documents: list[Any] = field(default_factory=list)


def _is_yaml(path: Path) -> bool:
    return path.suffix in (".yaml", ".yml")


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
    unreadable or hold no YAML files.
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
        if root.is_dir():
            try:
                found = sorted(p for p in root.rglob("*") if p.is_file() and _is_yaml(p))
            except OSError as exc:
                diagnostics.append(Diagnostic("CF001", f"cannot read folder: {exc.strerror}", file=str(shown)))
                continue
            if not found:
                diagnostics.append(
                    Diagnostic("CF010", "no YAML files (*.yaml, *.yml) in this folder", file=str(shown),
                               hint="point cardforge at a content pack folder such as content/")
                )
            for p in found:
                add(p, str(shown / p.relative_to(root).as_posix()))
        elif root.exists():
            add(root, str(shown))
        else:
            diagnostics.append(Diagnostic("CF001", "no such file or folder", file=str(shown),
                                          hint="check the path; cardforge takes files or folders"))

    # Attach each file to its pack and pull in manifests that lie above named files.
    for sf in list(files.values()):
        sf.pack_root = _find_pack_root(sf.path.parent)
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


def _nesting_bound(text: str) -> int:
    """An upper bound of the nesting depth of ``text``: flow brackets each open one
    level; block nesting costs at least one column every two levels."""
    widest = max((len(line) for line in text.split("\n")), default=0)
    return text.count("[") + text.count("{") + 2 * widest + 2


def _yaml_error(sf: SourceFile, exc: BaseException) -> Diagnostic:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    line = mark.line + 1 if mark is not None else None
    column = mark.column + 1 if mark is not None else None
    problem = getattr(exc, "problem", None) or str(exc).strip().splitlines()[0]
    context = getattr(exc, "context", None)
    if isinstance(exc, DuplicateKeyError):
        key = re.search(r'found duplicate key "(.*?)"', str(exc))
        first = getattr(exc, "context_mark", None)
        where = f" (first at line {first.line + 1})" if first is not None else ""
        return Diagnostic(
            "CF004", f"duplicate key '{key.group(1) if key else '?'}'{where}",
            file=sf.display, line=line, column=column,
            hint="each key may appear once in a mapping; remove or rename one of them",
        )
    if isinstance(exc, ConstructorError):
        tag = re.search(r"tag '?(!\S+?|tag:\S+?)'?(?:\s|$)", str(exc))
        return Diagnostic(
            "CF007", f"{problem}" if "plain data" in str(problem) else
            f"the tag {tag.group(1) if tag else ''} is not allowed: content is plain data only".replace("  ", " "),
            file=sf.display, line=line, column=column,
            hint="remove the tag; write the value as plain YAML text, number, list or mapping",
        )
    if mark is not None and sf.text is not None:
        lines = sf.text.split("\n")
        if 0 <= mark.line < len(lines):
            src = lines[mark.line]
            if "\t" in src[: mark.column + 1] or (mark.column < len(src) and src[mark.column] == "\t"):
                tab_col = src.index("\t") + 1
                return Diagnostic(
                    "CF005", "tab character used for indentation",
                    file=sf.display, line=line, column=tab_col,
                    hint="YAML indents with spaces only: replace the tab with spaces",
                )
    message = f"{context}: {problem}" if context else str(problem)
    return Diagnostic("CF003", message, file=sf.display, line=line, column=column,
                      hint="check indentation, quotes and the ':' after each key")


def _walk_limits(document: Any, unique_budget: int) -> tuple[str, str] | None:
    """Check depth, alias expansion and self reference of one document without
    recursion. Returns ``(code, message)`` for CF008/CF009, or ``None``."""
    expanded: dict[int, int] = {}
    on_path: set[int] = set()
    stack: list[tuple[Any, int, bool]] = [(document, 1, False)]
    while stack:
        node, depth, leaving = stack.pop()
        if not isinstance(node, (dict, list)):
            continue
        key = id(node)
        if leaving:
            on_path.discard(key)
            children = node.values() if isinstance(node, dict) else node
            expanded[key] = 1 + sum(expanded.get(id(c), 1) for c in children)
            if expanded[key] > unique_budget * MAX_ALIAS_RATIO + 10_000:
                return "CF008", f"aliases expand this document to more than {expanded[key]} values"
            continue
        if key in on_path:
            return "CF008", "an alias refers to a collection that contains it (a cycle)"
        if depth > MAX_DEPTH:
            return "CF009", f"nesting is deeper than {MAX_DEPTH} levels"
        if key in expanded:
            continue
        on_path.add(key)
        stack.append((node, depth, True))
        children = node.values() if isinstance(node, dict) else node
        stack.extend((c, depth + 1, False) for c in children)
    return None


def _parse(sf: SourceFile) -> list[Diagnostic]:
    text = sf.text
    assert text is not None
    if _nesting_bound(text) > _SAFE_PARSE_DEPTH:
        return [Diagnostic("CF009", "this file may nest deeper than can be parsed safely",
                           file=sf.display, line=1, column=1,
                           hint=f"content never needs more than {MAX_DEPTH} levels")]
    try:
        sf.documents = list(make_yaml().load_all(text))
    except (MarkedYAMLError, YAMLError) as exc:
        sf.documents = []
        return [_yaml_error(sf, exc)]
    except RecursionError:
        sf.documents = []
        return [Diagnostic("CF009", "nesting is too deep to load", file=sf.display, line=1, column=1)]
    diagnostics: list[Diagnostic] = []
    if not any(doc is not None for doc in sf.documents):
        diagnostics.append(Diagnostic("CF006", "the file holds no YAML document", file=sf.display, line=1, column=1,
                                      hint="add a document with `kind` and `id`, or delete the file"))
        return diagnostics
    if ("&" in text and "*" in text) or _nesting_bound(text) > MAX_DEPTH:
        for index, doc in enumerate(sf.documents):
            problem = _walk_limits(doc, unique_budget=max(1, text.count("\n")))
            if problem:
                code, message = problem
                diagnostics.append(Diagnostic(code, message, file=sf.display, doc=index, anchor="mapping",
                                              hint="write the data out plainly; content needs neither deep "
                                                   "nesting nor self-referring aliases"))
                sf.documents[index] = None
    return diagnostics


def load_files(files: list[SourceFile]) -> list[Diagnostic]:
    """Read, decode and parse every file in place (``SourceFile.text``/``documents``).

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
                out.extend(_parse(sf))
        return out

    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return run_with_stack(work)
    finally:
        if was_enabled:
            gc.enable()
