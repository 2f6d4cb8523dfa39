"""Read suppression comments (``# cardforge: ignore[CF401]``) from a content file's text.

A pure function of the text (:func:`read_suppressions`), returning plain frozen data
(:class:`Suppression`: numbers, strings and tuples), so that a file's suppressions
can be kept, cached and compared with the file itself. Nothing here knows the
diagnostic codes: :mod:`cardforge_compiler.suppress` resolves the names written and
applies them (docs/suppressions.md).

The fast loader (libyaml events) keeps no comments, so comments are found here with
the YAML parser's own events (libyaml's, as the loader's): every character of a
scalar (of any style, quoted over several lines or a block scalar, with its anchor
and tag) is text, and a ``#`` outside them, after white space, starts a comment. So
a ``# cardforge:`` in card text never suppresses anything, and prose quotes
(``Well, 'tis the Fair``) never hide a real comment. Only files whose text holds
``# cardforge:`` are parsed here at all: most files never pay it; one that does
costs about 1.5x its load (the parse again, and the blanking).

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
from bisect import bisect_right
from dataclasses import dataclass, replace

__all__ = ["LINE", "FILE", "Suppression", "read_suppressions"]

#: The scopes of a suppression: lines (the line and what is nested under it), the whole file.
LINE, FILE = "line", "file"

#: A comment that speaks to cardforge: ``# cardforge: <verb>[<codes>] <reason>``.
_DIRECTIVE = re.compile(r"#[ \t]*cardforge[ \t]*:[ \t]*(?P<verb>[^\s\[\]]*)[ \t]*(?P<open>\[)?(?P<codes>[^\]]*)(?P<close>\])?")
#: What a scalar's text is blanked with (:func:`_blank_scalars`): all but white space.
_X = re.compile(r"[^ \t\n]")
#: A ``#`` that starts a comment, in text whose scalars are blanked: at the start of the line or after white space.
_HASH = re.compile(r"(?:^|(?<=[ \t]))#")


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
    ``"brackets"`` (no ``[...]``), ``"empty"`` (``[]`` names nothing); ``written``
    the comment up to its closing bracket; ``document`` the 0-based YAML document
    (of a file of several, ``---``) of the lines it covers (or of the comment itself,
    when it covers none), so that a story of the file can be told from the others.
    """

    line: int
    column: int
    scope: str
    first: int
    last: int
    names: tuple[tuple[str, int], ...]
    problem: str | None = None
    written: str = ""
    document: int = 0

    def covers(self, line: int | None) -> bool:
        """Whether this suppression covers 1-based ``line`` (``None``: a diagnostic
        about a whole file, covered only by :data:`FILE`)."""
        if self.scope == FILE:
            return True
        return line is not None and self.first <= line <= self.last


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _blank_scalars(text: str) -> tuple[str, list[int]]:
    """``text`` with every scalar the YAML parser reads that holds a ``#`` (in every
    style, quoted over several lines or a block scalar's lines, with its anchor and
    tag) blanked: each character but white space replaced by ``x``. A ``#`` left that
    starts a line or follows white space then starts a comment. The parser is the
    loader's own (libyaml, through :func:`cardforge_compiler.yaml_data.make_yaml`), so
    the two never disagree about what is text. Where the parser stops (YAML that does
    not parse, or nesting deeper than the loader's ``MAX_DEPTH``: the loader refuses
    the file there too), the rest of the text is blanked: no comment is read after it.
    Also returns the 0-based line where each document starts (as the parser saw it)."""
    from ruamel.yaml.error import YAMLError
    from ruamel.yaml.events import CollectionEndEvent, CollectionStartEvent, DocumentStartEvent, ScalarEvent

    from cardforge_compiler.yaml_data import MAX_DEPTH, make_yaml

    starts = [0]
    for line in text.split("\n")[:-1]:
        starts.append(starts[-1] + len(line) + 1)
    find = text.find
    pieces: list[str] = []
    done = depth = 0                           # text[:done] is in pieces
    event = None
    documents: list[int] = []
    try:
        for event in make_yaml().parse(text):
            kind = event.__class__
            if kind is ScalarEvent:
                begin, end = event.start_mark, event.end_mark
                first, last = starts[begin.line] + begin.column, starts[end.line] + end.column
                if find("#", first, last) < 0 or first < done:
                    continue
                pieces.append(text[done:first])
                if event.style in ("|", ">"):  # its header line may end with a comment
                    eol = find("\n", first, last)
                    eol = last if eol < 0 else eol
                    pieces.append(text[first:eol])
                    first = eol
                pieces.append(_X.sub("x", text[first:last]))
                done = last
            elif issubclass(kind, CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    break
            elif issubclass(kind, CollectionEndEvent):
                depth -= 1
            elif kind is DocumentStartEvent:
                documents.append(event.start_mark.line)
        else:
            return "".join(pieces) + text[done:], documents
    except (YAMLError, IndexError):           # IndexError: a mark past the text, never seen
        pass
    if event is not None:                      # what comes before the last event's end is known
        end = event.end_mark
        known = min(len(text), starts[min(end.line, len(starts) - 1)] + end.column)
        if known > done:
            pieces.append(text[done:known])
            done = known
    return "".join(pieces) + _X.sub("x", text[done:]), documents


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
    search). A comment is what the YAML scanner calls one: a ``# cardforge:`` inside
    a scalar of any style is text. Never raises."""
    if "cardforge" not in text or not _DIRECTIVE.search(text):
        return ()
    lines = text.split("\n")
    blanked, documents = _blank_scalars(text)
    blanked = blanked.split("\n")
    content = [False] * len(lines)             # the line holds YAML, not only a comment
    keys = [False] * len(lines)                # the line ends with a key whose value is under it
    found: list[tuple[int, int, re.Match[str], bool]] = []
    for number, line in enumerate(lines):
        hash_ = _HASH.search(blanked[number]) if "#" in blanked[number] else None
        start = hash_.start() if hash_ else -1
        before = blanked[number] if start < 0 else blanked[number][:start]
        content[number] = bool(before.strip())
        if start >= 0:
            match = _DIRECTIVE.match(line, start)
            if match:
                found.append((number, start, match, content[number]))
        keys[number] = line[:len(before)].rstrip().endswith(":")
    found_ = (_suppression(lines, content, keys, *item) for item in found)
    return tuple(replace(supp, document=max(0, bisect_right(documents, (supp.first or supp.line) - 1) - 1))
                 for supp in found_)


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
