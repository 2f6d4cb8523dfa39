"""Read suppression comments (``# cardforge: ignore[CF401]``) from a content file's text.

A pure function of the text (:func:`read_suppressions`), returning plain frozen data
(:class:`Suppression`: numbers, strings and tuples), so that a file's suppressions
can be kept, cached and compared with the file itself. Nothing here knows the
diagnostic codes: :mod:`cardforge_compiler.suppress` resolves the names written and
applies them (docs/suppressions.md).

The fast loader (libyaml events) keeps no comments, so comments are found here by a
light scan of the lines: a ``#`` at the start of a line or after a space or tab,
outside a quoted text (one that opens where a value starts, and may run over several
lines) and outside the content lines of a block scalar (``|``, ``>``). Only files
whose text holds ``cardforge`` are scanned at all.

Forms (docs/suppressions.md):

- ``# cardforge: ignore[CODE, ...]`` at the end of a line: that line, and every line
  nested under it (more indented: the whole card for a card's ``- id:`` line);
- the same comment on a line of its own: the next line that holds YAML (blank and
  comment lines skipped), and every line nested under that one;
- ``# cardforge: ignore-file[CODE, ...]`` anywhere: the whole file.

A CODE is a code (``CF401``) or a rule name (``unreachable-card``), in any case; a
reason may follow the closing bracket.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["LINE", "FILE", "Suppression", "read_suppressions"]

#: The scopes of a suppression: lines (the line and what is nested under it), the whole file.
LINE, FILE = "line", "file"

#: A comment that speaks to cardforge: ``# cardforge: <verb>[<codes>] <reason>``.
_DIRECTIVE = re.compile(r"#[ \t]*cardforge[ \t]*:[ \t]*(?P<verb>[^\s\[\]]*)[ \t]*(?P<open>\[)?(?P<codes>[^\]]*)(?P<close>\])?")
#: A value that starts a block scalar: ``key: |``, ``- >-``, ``text: |2+``.
_BLOCK_SCALAR = re.compile(r"(?:^|[:-][ \t]+)[|>][0-9+-]*$")
#: Where a quoted scalar may open: after one of these (or at the start of the line).
_VALUE_START = set(":-[{,?")


@dataclass(frozen=True)
class Suppression:
    """One ``# cardforge:`` comment of a file.

    ``line`` and ``column`` (1-based) are where its ``#`` is; ``scope`` is :data:`LINE`
    or :data:`FILE`; ``first``/``last`` (1-based, inclusive) the lines a :data:`LINE`
    suppression covers (``0``, ``0``: none, an own-line comment with no YAML after
    it; ``0``, ``0`` too for :data:`FILE`, which covers every line); ``names`` each
    code or rule name written between the brackets, as written, with its 1-based
    column; ``problem`` why the comment is not a suppression cardforge reads
    (``None`` when it is one): ``"verb"`` (not ``ignore`` or ``ignore-file``),
    ``"brackets"`` (no ``[...]``), ``"empty"`` (``[]`` names nothing).
    """

    line: int
    column: int
    scope: str
    first: int
    last: int
    names: tuple[tuple[str, int], ...]
    problem: str | None = None
    written: str = ""

    def covers(self, line: int | None) -> bool:
        """Whether this suppression covers 1-based ``line`` (``None``: a diagnostic
        about a whole file, covered only by :data:`FILE`)."""
        if self.scope == FILE:
            return True
        return line is not None and self.first <= line <= self.last


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _comment_start(line: str, quote: str | None) -> tuple[int | None, str | None]:
    """Where the comment of ``line`` starts (0-based, ``None``: no comment) and the
    quote still open at its end (``quote``: the one open at its start)."""
    i, n = 0, len(line)
    last = ""                       # the last character before i that is not a space
    while i < n:
        char = line[i]
        if quote == '"':
            if char == "\\":
                i += 2
                continue
            if char == '"':
                quote = None
        elif quote == "'":
            if char == "'":
                if i + 1 < n and line[i + 1] == "'":
                    i += 2
                    continue
                quote = None
        elif char == "#" and (i == 0 or line[i - 1] in " \t"):
            return i, None
        elif char in "'\"" and (not last or last in _VALUE_START):
            quote = char
        if char not in " \t":
            last = char
        i += 1
    return None, quote


def _scope(lines: list[str], content: list[bool], opens_key: bool, target: int) -> tuple[int, int]:
    """The 0-based lines covered from ``target``: it and the lines nested under it
    (more indented; for a key that ends with ``:``, a list at its own indentation
    too), blank and comment lines skipped."""
    base = _indent(lines[target])
    last = target
    for j in range(target + 1, len(lines)):
        if not content[j]:
            continue
        text = lines[j]
        if text.startswith(("---", "...")):
            break
        indent = _indent(text)
        if indent > base or (opens_key and indent == base and text[indent:].startswith("-")):
            last = j
        else:
            break
    return target, last


def read_suppressions(text: str) -> tuple[Suppression, ...]:
    """Every ``# cardforge:`` comment of ``text`` (LF line ends), in line order, as
    :class:`Suppression`; ``()`` when there is none (the common case: one substring
    search). Never raises."""
    if "cardforge" not in text:
        return ()
    lines = text.split("\n")
    content = [False] * len(lines)             # the line holds YAML, not only a comment
    keys = [False] * len(lines)                # the line ends with a key whose value is under it
    found: list[tuple[int, int, re.Match[str], bool]] = []
    quote: str | None = None
    block: int | None = None                   # the indentation a block scalar's lines exceed
    for number, line in enumerate(lines):
        if block is not None:
            if not line.strip() or _indent(line) > block:
                content[number] = bool(line.strip())
                continue
            block = None
        if quote is None and line.startswith(("---", "...")):
            content[number] = True
            after = line[3:]
            at = after.find(" #")
            if at >= 0:
                match = _DIRECTIVE.match(after, at + 1)
                if match:
                    found.append((number, 3 + at + 1, match, True))
            continue
        was_open = quote is not None
        start, quote = _comment_start(line, quote)
        before = line if start is None else line[:start]
        content[number] = bool(before.strip()) or was_open
        if start is not None:
            match = _DIRECTIVE.match(line, start)
            if match:
                found.append((number, start, match, content[number]))
        if quote is None and _BLOCK_SCALAR.search(before.rstrip()):
            head = re.match(r" *(?:- +)*", before).group()   # type: ignore[union-attr]
            # `- |`: the item is the scalar, its lines are indented past the dash (-1: the
            # document is the scalar); `key: |`: past the key
            block = head.rstrip().rfind("-") if before[len(head):][:1] in "|>" else len(head)
        keys[number] = before.rstrip().endswith(":")
    return tuple(_suppression(lines, content, keys, *item) for item in found)


def _suppression(lines: list[str], content: list[bool], keys: list[bool], number: int, start: int, match: re.Match[str],
                 trailing: bool) -> Suppression:
    verb = match.group("verb").lower()
    names: list[tuple[str, int]] = []
    if match.group("open"):
        offset = match.start("codes")
        for part in match.group("codes").split(","):
            name = part.strip()
            if name:
                names.append((name, offset + len(part) - len(part.lstrip()) + 1))
            offset += len(part) + 1
    problem = None
    if verb not in ("ignore", "ignore-file"):
        problem = "verb"
    elif not match.group("open") or not match.group("close"):
        problem = "brackets"
    elif not names:
        problem = "empty"
    scope = FILE if verb == "ignore-file" else LINE
    first = last = 0
    if scope == LINE and problem is None:
        target = number if trailing else next(
            (j for j in range(number + 1, len(lines)) if content[j]), None)
        if target is not None and not lines[target].startswith(("---", "...")):
            first, last = (j + 1 for j in _scope(lines, content, keys[target], target))
    end = match.end("close") if match.group("close") else match.end()
    return Suppression(line=number + 1, column=start + 1, scope=scope, first=first, last=last,
                       names=tuple(names), problem=problem, written=lines[number][start:end])
