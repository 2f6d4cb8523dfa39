"""Diagnostics: every problem cardforge reports, with a stable code.

Each code is registered once, as data, in ``cardforge_compiler.codes`` (one module
per family): its short kebab-case name, severity, one-line summary, message template,
explanation, fix and examples; :data:`RULES` is that registry. ``docs/diagnostics.md``
is generated from it, ``tests/golden/`` holds an example input that triggers each code
(a meta-test requires it), and a :class:`Diagnostic` with an unregistered code cannot
be made. Codes are never reused.

The hints the checks add to a message ("did you mean", the choices, nearby card ids)
are in ``hints`` and re-exported here.

Families:

- ``CF0xx`` reading files and YAML (stage ``load``)
- ``CF1xx`` document shape against the schemas (stage ``validate``)
- ``CF2xx`` conditions (stage ``resolve``)
- ``CF3xx`` references between documents and cards (stage ``resolve``)
- ``CF4xx`` story graph: reachability, dead ends, traps (stage ``analyse``)
- ``CF5xx`` flags, counters and choices (stage ``analyse``)
- ``CF6xx`` card text against the card's steps (stage ``resolve``)
- ``CF7xx`` battle boards: components, terrain keywords, terrain tiles and battle
  layouts (stage ``board``, once per pack)
- ``CF9xx`` the state explorer: what play can reach, with witnesses (stage
  ``explore``, ``cardforge lint`` only)
- ``CF8xx`` Enemies, Named Enemies, Threat decks and decks, once per pack: the names
  they use and are used by (CF801-CF819, stage ``pack``), their composition and
  per-player counts (CF820-CF839, stage ``board``; CF825, a malformed Attack Pattern
  grid, at ``validate``); CF860-CF869 the pack's ``campaign`` (stage ``pack``)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardforge_compiler.codes import CODES, Severity
from cardforge_compiler.codes import Code as Rule
from cardforge_compiler.codes._registry import code as register
# The hints a diagnostic's message or help gives (re-exported: checks import them from here).
from cardforge_compiler.hints import card_hint, choices_hint, closest, did_you_mean, listed, near_cards

__all__ = [
    "Diagnostic",
    "RULES",
    "Rule",
    "Severity",
    "card_hint",
    "choices_hint",
    "closest",
    "did_you_mean",
    "listed",
    "near_cards",
    "rule",
]


#: Every registered code (``CF301`` -> its :class:`Rule`), in documentation order:
#: the registry ``cardforge_compiler.codes`` (one data module per family), where each
#: code's name, severity, summary, message template, explanation, fix and examples are.
RULES: dict[str, Rule] = CODES


def rule(code: str, name: str, severity: Severity, summary: str) -> Rule:
    """Register a rule with only its name, severity and summary, and return it (the
    former way; a new code belongs in its family's module of ``cardforge_compiler.codes``
    with all its data, which the meta-tests require). Raises ``ValueError`` on a
    reused code or name."""
    return register(code, name, severity, summary)


@dataclass
class Diagnostic:
    """One problem found in the content.

    ``file`` is the path as the user named it (relative paths stay relative);
    ``line``/``column`` are 1-based, ``None`` when the problem concerns a whole file;
    ``doc`` (0-based document index in the file) and ``path`` (keys and list indexes
    from the document root) locate it in the data and let the locator fill in
    ``line``/``column`` lazily; ``anchor`` says which position to use: the ``key``
    of the last path element, its ``value``, or its containing ``mapping``;
    ``offset`` (``None``: none) moves the column that many characters into a one-line
    value's text, past its opening quote if quoted (a position inside a condition; 0:
    its first character); ``card`` is the story card the path lies in
    (its printed number, shown instead of the list index ``cards[3]``); ``within``
    (``(words, depth)``) names, in words, the Enemy or deck document and card that the
    first ``depth`` parts of ``path`` lead to (``Threat deck 'Rochefort', card 'Feint'``),
    shown instead of those parts, since a file holds several such documents; ``see``
    (``(file, doc, path)``) is a second place the message refers to, such as the
    first definition of a card: the locator appends its line, ``(line 30)``;
    ``witness`` (the state explorer's findings, CF9xx) is the line of play that shows
    it: ``{"setup": {"players", "characters", "seed", "battles"}, "answers": [...]}``.
    """

    code: str
    message: str
    file: str | None = None
    line: int | None = None
    column: int | None = None
    doc: int | None = None
    path: tuple[str | int, ...] = ()
    anchor: str = "value"
    offset: int | None = None
    hint: str | None = None
    severity: Severity = field(default=Severity.ERROR)
    card: int | None = None
    see: tuple[str, int, tuple] | None = None
    within: tuple[str, int] | None = None
    witness: dict[str, Any] | None = field(default=None, compare=False, hash=False)

    def __post_init__(self) -> None:
        registered = RULES.get(self.code)
        if registered is None:
            raise ValueError(f"diagnostic code {self.code!r} is not registered in cardforge_compiler.codes")
        self.severity = registered.severity

    @property
    def url(self) -> str:
        """The code's documentation page (``...docs/diagnostics.md#cf301-unknown-card``)."""
        return RULES[self.code].url

    @property
    def name(self) -> str:
        """The rule's kebab-case name, e.g. ``unknown-card``."""
        return RULES[self.code].name

    def sort_key(self) -> tuple:
        """Order: file, line, column, code, message (deterministic output)."""
        return (self.file or "", self.line or 0, self.column or 0, self.code, self.message)

    def field_path(self) -> str:
        """Where in the document, as authors read it: ``card 14: steps[0].choice[1].goto``
        (the card by its printed number), ``Threat deck 'Rochefort', card 'Feint':
        threat[0].activate.enemy`` (an Enemy or deck document by its name), or the data
        path ``players.min``."""
        if self.card is not None and len(self.path) >= 2 and self.path[0] == "cards":
            rest = _data_path(self.path[2:])
            return f"card {self.card}" + (f": {rest}" if rest not in ("", "id") else "")
        if self.within is not None:
            words, depth = self.within
            rest = _data_path(self.path[depth:])
            return words + (f": {rest}" if rest not in ("", "name") else "")
        return self.data_path()

    def data_path(self) -> str:
        """The data path from the document's root: ``cards[2].steps[0].choice[1].goto``."""
        return _data_path(self.path)

    def to_dict(self) -> dict:
        """Plain data for ``--format json`` (documented in ``docs/diagnostics.md``);
        ``witness`` only for the state explorer's findings."""
        return {
            "code": self.code,
            "name": self.name,
            "severity": self.severity.value,
            "message": self.message,
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "path": self.data_path() or None,
            "card": self.card,
            "hint": self.hint,
            "url": self.url,
            **({"witness": self.witness} if self.witness is not None else {}),
        }


def _data_path(path: tuple) -> str:
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out
