"""Where a command's ``-o FILE`` may write: one check shared by every ``-o`` of the CLI
(``build``, ``board``, ``graph``, ``strings export``, ``strings import``).

An output is never written over what cardforge reads or what another command owns:

- the content read (a file named as an input, whatever its name; any ``.yaml`` or
  ``.yml`` file: the loader reads those in every content folder);
- a translation file of a pack (``.po``, ``.pot``, ``.xlf``, ``.xliff`` or ``.csv`` in
  a ``translations/`` folder), unless the command writes string tables;
- a cardforge bundle, unless the command writes bundles; a command that writes bundles
  replaces nothing else (the model of ``cardforge build``: delete the file first).

``write_atomically`` writes through a symbolic link (the file it names is replaced,
the link stays), so the file the link names is judged, not the link's name: ``ln -s
story.yaml link.svg; cardforge graph . -o link.svg`` is refused. A link loop is left
to the write, which fails with its own message.
"""

from __future__ import annotations

import os
from pathlib import Path

from cardforge_compiler.report import ConfigError

__all__ = ["WRITES", "check_output", "is_bundle", "write_output"]

#: What a command writes: a picture (board, graph), a string table (strings export),
#: a bundle (build, strings import).
WRITES = ("picture", "table", "bundle")
_CONTENT_SUFFIXES = (".yaml", ".yml")


def is_bundle(path: Path) -> bool:
    """Whether ``path`` is a file that a cardforge build wrote (so it may be replaced or removed)."""
    try:
        with path.open("rb") as handle:
            head = handle.read(4096)
    except OSError:
        return False
    from cardforge_runtime.format import BUNDLE_FORMAT

    return path.is_file() and f'"{BUNDLE_FORMAT}"'.encode() in head


def _resolved(path: Path) -> Path | None:
    try:
        return path.resolve()
    except (OSError, RuntimeError):         # a symbolic link loop (RuntimeError before Python 3.13)
        return None


def _is_translation(path: Path) -> bool:
    from cardforge_compiler.checks.translations import TRANSLATIONS_FOLDER
    from cardforge_compiler.strings.files import SUFFIXES

    return path.parent.name == TRANSLATIONS_FOLDER and path.suffix.lower() in SUFFIXES


def _same_file(target: Path, given: str) -> bool:
    try:
        return os.path.samefile(target, given)       # also a hard link to a file named
    except OSError:
        return False


def _inside(target: Path, given: str) -> bool:
    folder = _resolved(Path(given))
    return folder is not None and folder in target.parents


def _reason(output: Path, target: Path, inputs: tuple[str, ...], writes: str) -> str | None:
    """Why ``output`` (naming ``target``, the file it resolves to) may not be written by
    a command that writes ``writes``, or ``None``."""
    exists = target.is_file()
    content = target.suffix.lower() in _CONTENT_SUFFIXES or output.suffix.lower() in _CONTENT_SUFFIXES
    if exists and any(_same_file(target, given) or (content and _inside(target, given)) for given in inputs if given):
        return "one of the content files read"
    if content:
        return "a content file"
    if writes != "table" and (_is_translation(target) or _is_translation(output)):
        return "a translation file of a pack (its translations/ folder)"
    if writes != "bundle" and exists and is_bundle(target):
        return "a cardforge bundle"
    if writes == "picture" and ".json" in (target.suffix.lower(), output.suffix.lower()):
        return "named as a bundle (.json)"
    return None


def check_output(output: Path, inputs: tuple[str, ...], *, writes: str, advice: str) -> None:
    """Refuse (``ConfigError``, exit 2) to write a ``writes`` output (:data:`WRITES`) at
    ``output`` for a command reading ``inputs`` (files or folders), as the module says;
    the message names the file a link leads to and ends with ``advice`` (what to
    write instead). Call it before the content is compiled: it reads no content."""
    target = _resolved(output)
    if target is None:
        return
    reason = _reason(output, target, inputs, writes)
    if reason is not None:
        said = f"links to {target}, {reason}" if output.is_symlink() else f"is {reason}"
        raise ConfigError(f"{output} {said}: {advice}")
    if writes == "bundle" and target.exists():
        if not target.is_file():
            raise ConfigError(f"{output} exists and is not a regular file: choose another output path")
        if not is_bundle(target):
            raise ConfigError(f"{output} exists and is not a cardforge bundle: refusing to replace it "
                              f"(delete it first, or choose another path)")


def write_output(output: Path, data: bytes | list[bytes]) -> None:
    """Write ``data`` (bytes, or chunks in order) to ``output`` atomically
    (:func:`cardforge_compiler.emit.write_atomically`: a complete file or none).
    Raises :class:`~cardforge_compiler.report.ConfigError` (exit 2) ``cannot write
    OUTPUT: <reason>`` when the system refuses (a missing folder, no permission, a
    full disk)."""
    from cardforge_compiler.emit import write_atomically
    from cardforge_compiler.report import ConfigError

    try:
        write_atomically(output, data)
    except OSError as exc:
        raise ConfigError(f"cannot write {output}: {exc.strerror or exc}") from None
