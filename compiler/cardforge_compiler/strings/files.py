"""Translation files: a string table written as PO (gettext, with polib), XLIFF 1.2
(stdlib XML) or CSV (stdlib), and read back. docs/strings.md shows each.

Every format keeps, per text: its stable id (PO ``msgctxt``, XLIFF ``trans-unit``
``id``, CSV ``id``), the source text it translates (``msgid``, ``<source>``,
``source``: how lint tells a stale translation), the translation (``msgstr``,
``<target>``, ``target``; empty: not translated), whether it awaits review (PO's
``fuzzy`` flag, XLIFF's ``state="needs-review-translation"``, CSV's ``status``
``fuzzy``) and its source references (``file:line``, relative to the pack folder).
Output is deterministic: entries in reading order, no dates.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree import ElementTree as ET

__all__ = ["FORMATS", "LOCALE_PATTERN", "SUFFIXES", "Entry", "TranslationFileError", "format_of", "read_table",
           "write_table"]

#: The formats of ``cardforge strings export --format``.
FORMATS = ("po", "xliff", "csv")
#: A translation file's format by its suffix (``.pot``: a PO template).
SUFFIXES = {".po": "po", ".pot": "po", ".xlf": "xliff", ".xliff": "xliff", ".csv": "csv"}
#: A locale: a BCP 47 language tag such as ``fr``, ``pt-BR`` or gettext's ``pt_BR``.
LOCALE_PATTERN = r"^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$"

_XLIFF_NS = "urn:oasis:names:tc:xliff:document:1.2"
_CSV_COLUMNS = ("id", "source", "target", "status", "references")
#: XLIFF 1.2 target states: not translated yet; translated but awaiting review.
_XLIFF_EMPTY = frozenset({"new", "needs-translation"})
_XLIFF_REVIEW = frozenset({"needs-review-translation", "needs-review-adaptation", "needs-review-l10n",
                           "needs-adaptation", "needs-l10n"})


@dataclass
class Entry:
    """One text of a string table: ``id``, ``source`` text, ``target`` (the
    translation; ``""``: none), ``fuzzy`` (awaits review), ``refs``
    (``("act1.yaml", 23)`` pairs) and, when read from a file, its 1-based ``line``."""

    id: str
    source: str
    target: str = ""
    fuzzy: bool = False
    refs: list[tuple[str, int]] = field(default_factory=list)
    line: int = 0


class TranslationFileError(Exception):
    """A translation file that cannot be read as its format says: ``line`` (1-based,
    0 when not known) and the reason."""

    def __init__(self, reason: str, line: int = 0) -> None:
        super().__init__(reason)
        self.line = line


def format_of(path: Path) -> str | None:
    """The format of a translation file by its suffix, or ``None``."""
    return SUFFIXES.get(path.suffix.lower())


# -- writing -------------------------------------------------------------------------


def write_table(entries: Iterable[Entry], fmt: str, *, locale: str | None, source_locale: str, project: str) -> bytes:
    """A string table as the bytes of a ``fmt`` file (UTF-8). ``locale`` ``None``:
    a template (no translations). ``project`` names the content (``gascony 1.0.0``).

    Raises:
        ValueError: ``xliff`` of a text holding a control character XML 1.0 cannot hold.
    """
    entries = list(entries)
    if fmt == "po":
        return _write_po(entries, locale, project)
    if fmt == "xliff":
        return _write_xliff(entries, locale, source_locale, project)
    return _write_csv(entries)


def _write_po(entries: list[Entry], locale: str | None, project: str) -> bytes:
    import polib

    po = polib.POFile(wrapwidth=78)
    po.header = "String table of cardforge content: msgctxt is each text's stable id (docs/strings.md)."
    po.metadata = {
        "Project-Id-Version": project,
        "Language": locale or "",
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "X-Generator": "cardforge",
    }
    for e in entries:
        po.append(polib.POEntry(msgctxt=e.id, msgid=e.source, msgstr=e.target,
                                occurrences=[(file, str(line)) for file, line in e.refs],
                                flags=["fuzzy"] if e.fuzzy else []))
    return (str(po).rstrip("\n") + "\n").encode("utf-8")


#: What XML 1.0 cannot hold, even escaped: C0 controls but tab, newline and CR; U+FFFE, U+FFFF; lone surrogates.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def _write_xliff(entries: list[Entry], locale: str | None, source_locale: str, project: str) -> bytes:
    for e in entries:
        bad = _NOT_XML.search(e.source + e.target)
        if bad:
            raise ValueError(f"the text {e.id!r} holds the control character U+{ord(bad.group()):04X}, which XML "
                             "cannot hold: export it as po or csv")
    carriage = ""
    if any("\r" in e.source + e.target for e in entries):
        carriage = _stand_in(text for e in entries for text in (e.id, e.source, e.target, *(f for f, _ in e.refs)))
        entries = [Entry(e.id, e.source.replace("\r", carriage), e.target.replace("\r", carriage), e.fuzzy, e.refs)
                   for e in entries]
    ET.register_namespace("", _XLIFF_NS)
    root = ET.Element(f"{{{_XLIFF_NS}}}xliff", {"version": "1.2"})
    attrs = {"original": project, "source-language": source_locale, "datatype": "plaintext"}
    if locale:
        attrs["target-language"] = locale
    body = ET.SubElement(ET.SubElement(root, f"{{{_XLIFF_NS}}}file", attrs), f"{{{_XLIFF_NS}}}body")
    for e in entries:
        unit = ET.SubElement(body, f"{{{_XLIFF_NS}}}trans-unit",
                             {"id": e.id, "resname": e.id, "{http://www.w3.org/XML/1998/namespace}space": "preserve"})
        ET.SubElement(unit, f"{{{_XLIFF_NS}}}source").text = e.source
        if locale:
            state = "needs-review-translation" if e.fuzzy else ("translated" if e.target else "needs-translation")
            ET.SubElement(unit, f"{{{_XLIFF_NS}}}target", {"state": state}).text = e.target
        for file, line in e.refs:
            group = ET.SubElement(unit, f"{{{_XLIFF_NS}}}context-group", {"purpose": "location"})
            ET.SubElement(group, f"{{{_XLIFF_NS}}}context", {"context-type": "sourcefile"}).text = file
            ET.SubElement(group, f"{{{_XLIFF_NS}}}context", {"context-type": "linenumber"}).text = str(line)
    ET.indent(root, space="  ")
    data = ET.tostring(root, encoding="utf-8", xml_declaration=False)
    if carriage:    # a parser reads a raw CR as LF (XML 1.0, 2.11): the texts' CRs as references, which it keeps
        data = data.replace(carriage.encode("utf-8"), b"&#13;")
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + data + b"\n"


def _stand_in(texts: Iterable[str]) -> str:
    """A private-use string found in none of ``texts``, to stand for a character
    ElementTree would write raw."""
    every = "\0".join(texts)
    stand = "\ue000"
    while stand in every:
        stand += "\ue001"
    return stand + "\ue002"


def _write_csv(entries: list[Entry]) -> bytes:
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\n")
    # csv quotes a field holding a character of the line terminator, "\n": one holding a CR needs quoting too,
    # or a reader ends the row there. Such a row is written with every field quoted.
    quoted = csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_ALL)
    writer.writerow(_CSV_COLUMNS)
    for e in entries:
        row = [e.id, e.source, e.target, "fuzzy" if e.fuzzy else "", " ".join(f"{file}:{line}" for file, line in e.refs)]
        (quoted if any("\r" in cell for cell in row) else writer).writerow(row)
    return out.getvalue().encode("utf-8")


# -- reading -------------------------------------------------------------------------


def read_table(path: Path) -> tuple[str | None, list[Entry]]:
    """A translation file's locale (as the file states it: PO ``Language``, XLIFF
    ``target-language``; ``None`` when it states none, and always for CSV) and its
    entries, in file order (PO obsolete ``#~`` entries left out).

    Raises:
        TranslationFileError: not readable, not UTF-8, or not well-formed for its format.
        ValueError: the suffix names no format (:data:`SUFFIXES`).
    """
    fmt = format_of(path)
    if fmt is None:
        raise ValueError(f"{path}: not a translation file (expected one of {', '.join(sorted(SUFFIXES))})")
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except OSError as exc:
        raise TranslationFileError(f"cannot read file: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise TranslationFileError(f"not UTF-8 text (byte {exc.start})") from None
    if fmt == "po":
        return _read_po(text)
    if fmt == "xliff":
        return _read_xliff(text)
    return None, _read_csv(text)


def _read_po(text: str) -> tuple[str | None, list[Entry]]:
    import polib

    try:
        po = polib.pofile(_LinesAtLF(text if text.endswith("\n") else text + "\n"),   # never read as a file name
                          wrapwidth=78)
    except (OSError, ValueError) as exc:   # polib: "Syntax error in po file (line 12)"
        found = re.search(r"line (\d+)", str(exc))
        raise TranslationFileError(f"not a well-formed PO file: {exc}", int(found[1]) if found else 0) from None
    _check_po_strings(text)     # what polib lets through
    entries = [Entry(e.msgctxt or "", e.msgid, e.msgstr, "fuzzy" in e.flags,
                     [(file, int(line)) if str(line).isdigit() else (file, 0) for file, line in e.occurrences],
                     e.linenum)
               for e in po if not e.obsolete]
    return po.metadata.get("Language") or None, entries


#: A PO line holding a string: a keyword (``msgid``, ``msgstr[0]``...) or none (a continuation), then
#: the string; ``#~`` (obsolete) and ``#|`` (previous) lines hold the same after their mark.
_PO_STRING_LINE = re.compile(r'(?:#[~|]\s*)?(?:(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+)?(?=")(.*)', re.S)
_PO_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"', re.S)
_PO_ESCAPES = frozenset('\\"ntrvbf')


def _check_po_strings(text: str) -> None:
    """Refuse a PO string polib would read as something else: one not closed on its
    line (polib reads ``msgid "a`` as an empty string), with text after its closing
    quote, or with an escape polib does not know (gettext's ``\\a``, ``\\x41``, octal:
    polib keeps them as written).

    Raises:
        TranslationFileError: at the first such line.
    """
    for number, raw in enumerate(text.split("\n"), 1):
        line = raw.strip()                      # as polib strips each line
        found = _PO_STRING_LINE.fullmatch(line) if line[:1] in ('"', "m", "#") else None
        if found is None or (line.startswith("#") and not line.startswith(("#~", "#|"))):
            continue
        string = _PO_STRING.fullmatch(found[1])
        if string is None:
            why = ("a string is not closed: expected a \" at the end of the line (a quote inside is written \\\")"
                   if _PO_STRING.match(found[1]) is None else "text after the string's closing \": a quote inside "
                   "a string is written \\\"")
            raise TranslationFileError(f"not a well-formed PO file: {why}", number)
        for escape in re.finditer(r"\\(.)", string[1], re.S):
            if escape[1] not in _PO_ESCAPES:
                raise TranslationFileError(f"not a well-formed PO file: the escape \\{escape[1]} is not one of "
                                           "\\n \\t \\r \\v \\b \\f \\\\ \\\"", number)


class _LinesAtLF(str):
    """A PO file's text that polib splits into lines at line feeds only, as gettext
    does: ``str.splitlines`` also splits at U+2028, U+0085, U+001C... which a PO
    string holds as they are (polib writes them raw)."""

    __slots__ = ()

    def splitlines(self, keepends: bool = False) -> list[str]:  # type: ignore[override]
        """The lines, split at ``\\n`` (a ``\\r`` before it kept: polib strips it)."""
        lines = self.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        return [line + "\n" for line in lines] if keepends else lines


def _read_xliff(text: str) -> tuple[str | None, list[Entry]]:
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        raise TranslationFileError("an XLIFF file may not declare a DOCTYPE or entities")
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise TranslationFileError(f"not well-formed XML: {exc}", exc.position[0]) from None
    ns = {"x": _XLIFF_NS}
    if root.tag != f"{{{_XLIFF_NS}}}xliff" or root.get("version") != "1.2":
        raise TranslationFileError("not an XLIFF 1.2 file: expected <xliff version=\"1.2\" "
                                   f"xmlns=\"{_XLIFF_NS}\">", 1)
    locale = None
    entries = []
    lines = _unit_lines(text)
    for file in root.findall("x:file", ns):
        locale = locale or file.get("target-language")
        for unit in file.iterfind(".//x:trans-unit", ns):
            uid = unit.get("id") or ""
            source = unit.find("x:source", ns)
            target = unit.find("x:target", ns)
            state = target.get("state", "") if target is not None else "new"
            value = "" if target is None or state in _XLIFF_EMPTY else "".join(target.itertext())
            entries.append(Entry(uid, "".join(source.itertext()) if source is not None else "", value,
                                 state in _XLIFF_REVIEW, [], lines.get(uid, 0)))
    return locale, entries


def _unit_lines(text: str) -> dict[str, int]:
    """The line of each ``<trans-unit id="...">`` (the first with that id)."""
    from xml.sax.saxutils import unescape

    lines: dict[str, int] = {}
    for match in re.finditer(r"<trans-unit\b[^>]*?\sid=\"([^\"]*)\"", text):
        lines.setdefault(unescape(match[1], {"&quot;": '"'}), text.count("\n", 0, match.start()) + 1)
    return lines


def _read_csv(text: str) -> list[Entry]:
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next(reader, None)
        if header is None or not {"id", "source", "target"} <= set(header):
            raise TranslationFileError("a CSV string table needs a header row with the columns id, source and "
                                       f"target (and optionally status, references); found {header or 'nothing'}", 1)
        column = {name: header.index(name) for name in _CSV_COLUMNS if name in header}
        entries = []
        last = reader.line_num
        for row in reader:
            start, last = last + 1, reader.line_num     # a quoted cell may span lines: the row's first
            if not any(row):
                continue
            if len(row) != len(header):
                raise TranslationFileError(f"expected {len(header)} columns, found {len(row)}", start)
            cell = {name: row[index] for name, index in column.items()}
            entries.append(Entry(cell["id"], cell["source"], cell["target"], cell.get("status", "") == "fuzzy", [],
                                 start))
    except csv.Error as exc:
        raise TranslationFileError(f"not well-formed CSV: {exc}", reader.line_num) from None
    return entries
