"""Stage 1, load: find content files, read them and parse YAML into plain data.

Files are found (:func:`discover`: folders searched for ``*.yaml``/``*.yml``, each
file attached to its pack, anything that is not a regular file reported), read,
decoded (UTF-8, byte-order marks, CR/CRLF line ends) and parsed into plain data by
:mod:`cardforge_compiler.yaml_data` (libyaml's events, every limit checked as they
arrive). Positions are not stored while loading: a diagnostic carries the data
path of the problem, and :mod:`cardforge_compiler.locate` recomposes only the
files that have diagnostics to turn paths into ``line:column``.
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

from ruamel.yaml.error import MarkedYAMLError, YAMLError

from cardforge_compiler.diagnostics import Diagnostic
from cardforge_compiler.suppress_read import Suppression, read_suppressions
from cardforge_compiler.yaml_data import MAX_DEPTH, LoadError, NumberText, c_parser_active, documents, make_yaml

__all__ = [
    "LOAD_STACK_BYTES",
    "MAX_DEPTH",
    "NumberText",
    "SourceFile",
    "c_parser_active",
    "discover",
    "gc_paused",
    "load_bytes",
    "load_files",
    "make_yaml",
    "run_with_stack",
]

#: Stack for the thread that parses. Loading builds data from parser events without
#: recursion and stops at ``MAX_DEPTH``; :mod:`cardforge_compiler.locate` composes node
#: trees (libyaml's composer recurses in C) of files that loaded, so within that depth.
LOAD_STACK_BYTES = 256 * 1024 * 1024
T = TypeVar("T")

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
    sink); ``kinds`` the ``kind`` of each document, valid or not; ``invalid`` the
    ``(kind, id or name)`` of each document that failed validation (``""`` when it
    has none), so that a reference to it is not also reported as unknown;
    ``failed`` whether the file could not be read or parsed; ``context`` whether the
    user did not name it: a file of the pack of a named file, read so that the named
    file is checked against its whole pack (its own diagnostics are not reported);
    ``implied`` whether it is a pack's ``pack.yaml`` the user did not name, loaded
    because a named file lies in its pack (its diagnostics are reported, but a
    translation of its title is not judged: docs/strings.md);
    ``suppressions`` its ``# cardforge: ignore[...]`` comments, read from ``text``
    (:func:`cardforge_compiler.suppress_read.read_suppressions`: plain frozen data, a
    function of the text alone, kept with the file; docs/suppressions.md).
    """

    path: Path
    display: str
    pack_root: Path | None = None
    rel: str = ""
    text: str | None = None
    documents: list[Any] = field(default_factory=list)
    kinds: set[str] = field(default_factory=set)
    invalid: set[tuple[str, str]] = field(default_factory=set)
    failed: bool = False
    context: bool = False
    implied: bool = False
    suppressions: tuple[Suppression, ...] = ()


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
    linted against its manifest). The other content files of the pack of a named file
    are loaded as its *context* (``SourceFile.context``): a story is checked against
    the pack's board documents and other stories, a layout against the pack's
    components, terrain and the Battles that use it.

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

    # Attach each file to its pack and pull in manifests that lie above named files,
    # then the rest of each such pack as context.
    named_in: dict[Path, SourceFile] = {}
    for sf in list(files.values()):
        sf.pack_root = _find_pack_root(sf.path.resolve().parent)
        if sf.pack_root is not None:
            named_in.setdefault(sf.pack_root.resolve(), sf)
            manifest = sf.pack_root / "pack.yaml"
            if manifest.resolve() not in files:
                add(manifest, _display_from(sf, manifest))
                files[manifest.resolve()].pack_root = sf.pack_root
                files[manifest.resolve()].implied = True
    for pack_root, named in named_in.items():
        for p in _pack_files(pack_root):
            if p.resolve() not in files:
                add(p, _display_from(named, p))
                files[p.resolve()].pack_root = named.pack_root
                files[p.resolve()].context = True
    for sf in files.values():
        if sf.pack_root is not None:
            sf.rel = sf.path.resolve().relative_to(sf.pack_root.resolve()).as_posix()
        else:
            sf.rel = sf.path.name
    ordered = sorted(files.values(), key=lambda f: (str(f.pack_root or ""), f.rel, f.display))
    return ordered, diagnostics


def _display_from(named: SourceFile, path: Path) -> str:
    """How to show ``path``, a file of the pack of the named file ``named``: relative to
    the way the user named that file (``content/gascony/layouts/x.yaml`` for
    ``content/gascony/act1.yaml``)."""
    rel_to_file = os.path.relpath(path, named.path.parent)
    display = str(PurePosixPath(named.display).parent / PurePosixPath(Path(rel_to_file).as_posix()))
    return os.path.normpath(display).replace(os.sep, "/")


def _pack_files(pack_root: Path) -> list[Path]:
    """The regular ``*.yaml``/``*.yml`` files of the pack at ``pack_root``, sorted: its
    folder and subfolders, except those of a nested pack (a folder with its own
    ``pack.yaml``). Entries that cannot be read are left out: they belong to no named file."""
    try:
        entries = sorted(p for p in pack_root.rglob("*") if _is_yaml(p) and not p.is_dir())
    except OSError:
        return []
    return [p for p in entries if not_a_file(p) is None and _find_pack_root(p.resolve().parent) == pack_root]


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
        for index, data in enumerate(documents(text)):
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
            out.extend(load_bytes(sf, raw, sink))
        return out

    with gc_paused():
        return run_with_stack(work)


def load_bytes(sf: SourceFile, raw: bytes, sink: DocumentSink | None = None) -> list[Diagnostic]:
    """Decode and parse the bytes ``raw`` read from ``sf`` (as :func:`load_files` does
    for each file; call it inside :func:`run_with_stack`). Returns ``CF002``-``CF009``."""
    sf.text, problems = _decode(sf, raw)
    out = list(problems)
    if sf.text is not None:
        sf.suppressions = read_suppressions(sf.text)
        problems = _parse(sf, sink)
        out.extend(problems)
        if problems:
            _salvage_identities(sf)
    sf.failed = bool(problems)
    return out


#: A top-level ``kind:``, ``id:`` or ``name:`` line, and a document start.
_TOP_KEY = re.compile(r"""^(kind|id|name)[ \t]*:[ \t]*["']?([^"'#\s][^"'#]*?)["']?[ \t]*(?:#.*)?$""", re.MULTILINE)
_DOC_START = re.compile(r"^---", re.MULTILINE)


def _salvage_identities(sf: SourceFile) -> None:
    """After a file failed to parse, record the ``(kind, id or name)`` its documents'
    top-level lines spell in ``sf.invalid`` (``""`` when a document spells no id),
    as validation does for a document that fails: a reference to a layout, tile or
    keyword whose file has a YAML error is not also reported as unknown."""
    for chunk in _DOC_START.split(sf.text or ""):
        keys: dict[str, str] = {}
        for match in _TOP_KEY.finditer(chunk):
            keys.setdefault(match.group(1), match.group(2).strip())
        if "kind" in keys:
            sf.kinds.add(keys["kind"])
            sf.invalid.add((keys["kind"], keys.get("id", keys.get("name", ""))))


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector: loading and checking build many long-lived
    objects that it would otherwise rescan again and again (3-4x slower at 10k cards).

    On the way out, what was built goes straight to the oldest generation
    (``gc.freeze`` then ``gc.unfreeze``): enabled again with everything still young,
    the collector's next run would scan it all at once, about 0.3 s after a 10k-card
    compile (``make bench``). It stays collectable, by a full collection."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.freeze()
            gc.unfreeze()
            gc.enable()
