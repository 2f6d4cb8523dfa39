"""The content-hash cache: each content file's parsed (and, in memory, validated)
documents, kept by the hash of the file's bytes, so that ``lint``, ``build`` and
``watch`` parse only the files that changed (docs/watch.md).

An entry (:class:`FileEntry`) is what the load stage made of one file: its parsed
documents as plain data, its diagnostics, and what it recorded on the
:class:`~cardforge_compiler.load.SourceFile`; in memory also what validating them
gave (:class:`Validated`: the models, which ``cardforge watch`` reuses from run to
run; a new process validates again, 0.25 s for 10,000 cards, a sixth of parsing
them). It is keyed by the SHA-256 of the file's bytes
within a *code fingerprint* (:func:`code_fingerprint`: cardforge's version, the
source of the compiler and the runtime, which hold the schema, and the Python and
pydantic versions), so an entry made by other code is never read.

Entries live in memory (a :class:`ContentCache` kept by ``cardforge watch`` between
runs) and on disk, in the cache folder (:func:`default_root`: ``.cardforge-cache/``
in the current folder, as ruff keeps ``.ruff_cache/``, or ``$CARDFORGE_CACHE_DIR``),
one file per entry, written atomically. The folder holds a ``CACHEDIR.TAG`` (backup
tools skip it) and a ``.gitignore`` of ``*``. An entry that cannot be read (cut
short, corrupt, another format) is ignored and written again; a folder that cannot
be written only costs speed: the cache never changes what cardforge reports.

cardforge only ever writes into or removes from a folder it owns (:func:`cache_folder`):
one it creates, an empty one, or one holding nothing but what it writes there (its
``CACHEDIR.TAG``, ``.gitignore`` and ``files-<fingerprint>`` folders of entries). When
``$CARDFORGE_CACHE_DIR`` names any other folder (``.``, a project), the cache goes into
``.cardforge-cache/`` inside it; the user's files are never touched.
"""

from __future__ import annotations

import copy
import hashlib
import os
import pickle
import re
import shutil
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cardforge_compiler.diagnostics import Diagnostic

__all__ = ["CACHE_DIR_NAME", "ContentCache", "FileEntry", "Validated", "cache_folder", "code_fingerprint", "content_hash",
           "default_root", "shown"]

#: The cache folder's name, in the current folder unless ``$CARDFORGE_CACHE_DIR`` names one.
CACHE_DIR_NAME = ".cardforge-cache"
#: The first bytes of every entry file; another format (or a cut-short file) is not read.
MAGIC = b"cardforge-cache 1\n"
CACHEDIR_TAG = (b"Signature: 8a477f597d28d172789f06886806bc55\n"
                b"# This file is a cache directory tag created by cardforge.\n"
                b"# For information about cache directory tags, see https://bford.info/cachedir/\n")
GITIGNORE = b"# created by cardforge\n*\n"
#: The folder of one code's entries (``files-`` and the 16 hex digits of :func:`code_fingerprint`).
ENTRIES_FOLDER = re.compile(r"files-[0-9a-f]{16}")
#: What such a folder holds: entries, and the temporary files of a write cut short (emit.write_atomically).
ENTRY_FILE = re.compile(r"\.?[0-9a-f]{64}\.pickle(\.[0-9]+\.[^/]*\.tmp)?")


@dataclass
class Validated:
    """What validating a file's documents gave (kept in memory only: models are not
    written to disk): ``display``, the file's name then; ``(index, model)`` of each
    valid document, the validate diagnostics (CF101-CF108), and the ``kinds`` and
    ``invalid`` it recorded."""

    display: str
    documents: list[tuple[int, Any]] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    kinds: set[str] = field(default_factory=set)
    invalid: set[tuple[str, str]] = field(default_factory=set)


@dataclass
class FileEntry:
    """What loading one file gave, kept by the SHA-256 of its bytes.

    ``content``: that hash (hex); ``display``: the path shown in its diagnostics when
    the entry was made (they are shown under the file's current name when reused);
    ``documents``: ``(index, data)`` of each parsed document that is not empty, as
    plain data (``None`` in memory once validated); ``diagnostics``: the load
    diagnostics (CF002-CF009), not yet located; ``kinds``, ``invalid``: what a file
    that failed to parse still spells (``load._salvage_identities``); ``failed``: as
    loading left it on the ``SourceFile``; ``suppressions``: the file's suppression
    comments (:func:`cardforge_compiler.suppress_read.read_suppressions`, plain frozen
    data: not read again, a parse of their own); ``validated``: the validate stage's result
    (:class:`Validated`), in memory only. Entries on disk hold plain data only (no
    model class is pickled), so they never depend on how the models are built.
    A new per-file fact (such as suppression comments) is a new field with a
    default: the code fingerprint changes with the code, so an entry never meets
    code that expects another shape.
    """

    content: str
    display: str
    documents: list[tuple[int, Any]] | None = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    kinds: set[str] = field(default_factory=set)
    invalid: set[tuple[str, str]] = field(default_factory=set)
    failed: bool = False
    suppressions: tuple[Any, ...] = ()
    validated: Validated | None = None

    def __getstate__(self) -> dict[str, Any]:
        return {**self.__dict__, "validated": None}



def shown(diagnostics: list[Diagnostic], made_as: str, display: str) -> list[Diagnostic]:
    """Fresh copies of ``diagnostics`` made for the file named ``made_as`` (later stages
    position them in place), those of that file shown under ``display``."""
    return [replace(d, file=display) if d.file == made_as else copy.copy(d) for d in diagnostics]


_FINGERPRINT: str | None = None


def code_fingerprint() -> str:
    """A hash (hex, 16 characters) of what an entry depends on besides the file:
    cardforge's version, every ``.py`` file of the compiler and runtime packages
    (the loader, and the models, which are the schema), and the Python, pydantic and
    ruamel.yaml versions. Computed once per process (about 5 ms)."""
    global _FINGERPRINT
    if _FINGERPRINT is None:
        import pydantic
        import ruamel.yaml

        import cardforge_compiler
        import cardforge_runtime
        from cardforge_compiler import __version__

        digest = hashlib.sha256(f"{__version__}|{sys.version}|{pydantic.VERSION}|{ruamel.yaml.__version__}".encode())
        for package in (cardforge_compiler, cardforge_runtime):
            root = Path(package.__file__).parent
            for source in sorted(root.rglob("*.py")):
                digest.update(source.relative_to(root).as_posix().encode() + b"\0")
                digest.update(source.read_bytes() + b"\0")
        _FINGERPRINT = digest.hexdigest()[:16]
    return _FINGERPRINT


def default_root() -> Path:
    """The cache folder asked for: ``$CARDFORGE_CACHE_DIR`` when set (and not empty),
    else ``.cardforge-cache`` in the current folder (where the cache really goes:
    :func:`cache_folder`)."""
    return Path(os.environ.get("CARDFORGE_CACHE_DIR") or CACHE_DIR_NAME)


def cache_folder(root: Path) -> Path | None:
    """Where the cache asked for at ``root`` lives: ``root`` itself when cardforge owns
    it (:func:`owned`), else ``root/.cardforge-cache`` when it owns that, else ``None``
    (a user's folder at both places: no cache on disk)."""
    for candidate in (root, root / CACHE_DIR_NAME):
        if owned(candidate):
            return candidate
    return None


def owned(folder: Path) -> bool:
    """Whether cardforge may write into ``folder`` and remove old entries from it: it
    does not exist yet (cardforge would create it), is empty, or holds nothing but
    cardforge's own ``CACHEDIR.TAG`` (byte for byte), a ``.gitignore`` and
    ``files-<fingerprint>`` folders. A folder with anything else in it is the user's.
    Never raises (a folder that cannot be listed is not owned)."""
    try:
        names = os.listdir(folder)
    except FileNotFoundError:
        return True
    except OSError:       # a file, a folder that cannot be read, a file where a parent should be
        return not os.path.lexists(folder) and not folder.parent.is_file()
    if not names:
        return True
    try:
        if (folder / "CACHEDIR.TAG").read_bytes() != CACHEDIR_TAG:
            return False
    except OSError:
        return False
    return all(name in ("CACHEDIR.TAG", ".gitignore")
               or (ENTRIES_FOLDER.fullmatch(name) and (folder / name).is_dir() and not (folder / name).is_symlink())
               for name in names)


def _only_entries(folder: Path) -> bool:
    """Whether ``folder`` (a ``files-<fingerprint>`` folder) holds entry files only,
    so removing it removes nothing but cardforge's entries."""
    try:
        return all(ENTRY_FILE.fullmatch(entry.name) and entry.is_file(follow_symlinks=False)
                   for entry in os.scandir(folder))
    except OSError:
        return False


class ContentCache:
    """Entries by content hash, in memory and (unless ``root`` is ``None``) on disk
    under ``root``. ``stories`` holds what ``cardforge watch`` reuses between runs in
    the same process (:mod:`cardforge_compiler.cache_stories`); ``hits`` and
    ``misses`` count lookups (for ``watch`` and the benchmark), ``touched`` the
    contents looked up or stored since :meth:`forget_untouched`."""

    def __init__(self, root: Path | None) -> None:
        self.root = root
        self.memory: dict[str, FileEntry] = {}
        self.stories: dict[Any, Any] = {}
        self.hits = 0
        self.misses = 0
        self.touched: set[str] = set()
        self._ready = False
        self._home: Path | None = None
        self._located = False

    @property
    def home(self) -> Path | None:
        """The cache folder cardforge owns (:func:`cache_folder` of ``root``, found once),
        or ``None``: no cache on disk."""
        if not self._located:
            self._home = None if self.root is None else cache_folder(self.root)
            self._located = True
        return None if self.root is None else self._home

    @property
    def folder(self) -> Path | None:
        """Where this code's entries are: ``<home>/files-<fingerprint>``."""
        home = self.home
        return None if home is None else home / f"files-{code_fingerprint()}"

    def get(self, content: str) -> FileEntry | None:
        """The entry for a file whose bytes hash to ``content``, or ``None``."""
        entry = self.memory.get(content)
        if entry is None and self.folder is not None:
            entry = self._read(self.folder / f"{content}.pickle", content)
            if entry is not None:
                self.memory[content] = entry
        if entry is None:
            self.misses += 1
        else:
            self.hits += 1
            self.touched.add(content)
        return entry

    def put(self, entry: FileEntry) -> None:
        """Keep ``entry`` in memory and write it to disk (atomically; a folder that
        cannot be written is skipped without a word)."""
        self.memory[entry.content] = entry
        self.touched.add(entry.content)
        if self.folder is None:
            return
        try:
            data = pickle.dumps(entry, protocol=pickle.HIGHEST_PROTOCOL)
        except (pickle.PicklingError, TypeError, AttributeError, RecursionError):  # pragma: no cover - plain data
            return
        try:
            self._prepare()
            from cardforge_compiler.emit import write_atomically

            write_atomically(self.folder / f"{entry.content}.pickle", [MAGIC, data])
        except OSError:
            self.root = None             # read-only or full: no more attempts this run

    def forget_untouched(self) -> None:
        """Drop the memory entries not looked up or stored since the last call
        (``watch``, after each run: only the files as they are now stay in memory;
        the disk keeps the rest)."""
        for key in [k for k in self.memory if k not in self.touched]:
            del self.memory[key]
        self.touched = set()

    @staticmethod
    def _read(path: Path, content: str) -> FileEntry | None:
        try:
            data = path.read_bytes()
        except OSError:
            return None
        if not data.startswith(MAGIC):
            return None
        try:
            entry = pickle.loads(data[len(MAGIC):])  # noqa: S301 - our own folder, like .pyc files
        except Exception:  # noqa: BLE001 - a corrupt entry is a miss, whatever the unpickler says
            return None
        if not isinstance(entry, FileEntry) or entry.content != content:
            return None
        return entry

    def _prepare(self) -> None:
        """Create the folder with its ``CACHEDIR.TAG`` and ``.gitignore`` once, and
        remove the folders of entries made by other code (another fingerprint) that
        hold entries only. Only ever in the folder cardforge owns (:attr:`home`)."""
        home, folder = self.home, self.folder
        if self._ready or home is None or folder is None:
            return
        created = not folder.is_dir()
        folder.mkdir(parents=True, exist_ok=True)
        for name, body in (("CACHEDIR.TAG", CACHEDIR_TAG), (".gitignore", GITIGNORE)):
            if not (home / name).is_file():
                (home / name).write_bytes(body)
        if created:
            for other in home.iterdir():
                if (other != folder and ENTRIES_FOLDER.fullmatch(other.name) and other.is_dir()
                        and not other.is_symlink() and _only_entries(other)):
                    shutil.rmtree(other, ignore_errors=True)
        self._ready = True


def content_hash(data: bytes) -> str:
    """The key of a file's entry: the SHA-256 of its bytes, hex."""
    return hashlib.sha256(data).hexdigest()
