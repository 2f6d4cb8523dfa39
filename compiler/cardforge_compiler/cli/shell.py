"""Shell words for the commands cardforge prints for people to copy and paste (the
``cardforge play ... --answers FILE`` replay lines of ``cardforge explore`` and
``cardforge test``): each argument quoted so that a POSIX shell (bash, zsh, dash)
reads it back as it was, and the whole command kept on one terminal line.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

__all__ = ["shell_command", "shell_path", "shell_word"]

#: What cannot stand inside '...' on one line: C0 and C1 controls, DEL, the line and
#: paragraph separators, bidirectional overrides and isolates, lone surrogates (a file
#: name's undecodable bytes, ``os.fsdecode``'s surrogate escapes).
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t", "\\": "\\\\", "'": "\\'"}


def _ansi_c(char: str) -> str:
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:          # a byte of the file name that is not UTF-8
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def shell_word(text: str) -> str:
    """``text`` as one shell word: unchanged when it needs no quoting (``Athos``),
    in single quotes otherwise (``'my dir/x.json'``, ``'D'"'"'Artagnan'``, as
    ``shlex.quote``), and as ``$'...'`` with escapes when it holds a character that
    cannot be shown on one line (``$'a\\nb'``: bash, zsh, ksh and POSIX 2024 shells)."""
    if not _UNPRINTABLE.search(text):
        return shlex.quote(text)
    return "$'" + re.sub(r"[\\']|" + _UNPRINTABLE.pattern, lambda m: _ansi_c(m.group()), text) + "'"


def shell_path(path: Path | str) -> str:
    """A file path as one shell word (:func:`shell_word`), with ``./`` put before a
    relative path that starts with ``-`` (else ``cardforge play`` would read it as an
    option)."""
    text = path.as_posix() if isinstance(path, Path) else str(path)
    return shell_word("./" + text if text.startswith("-") else text)


def shell_command(*words: str) -> str:
    """Words already quoted (:func:`shell_word`, :func:`shell_path`) or plain
    (options, numbers, ids), joined into one command line."""
    return " ".join(words)
