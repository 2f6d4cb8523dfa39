"""The registry's shapes: :class:`Code` (one diagnostic code and all its data),
:class:`Example` (an input that lints to it) and the functions the family modules
call to register them (:func:`code`, :func:`example`).

Pure standard library and no I/O, so that importing the registry costs a few
milliseconds (``cardforge --help`` and ``lint`` start as fast as before).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum

__all__ = ["CODES", "DOCS_URL", "E", "W", "Code", "Example", "Severity", "code", "example", "template_pattern"]

#: Where the documentation is published: ``[project.urls] Documentation`` in
#: pyproject.toml (a test keeps the two equal). Each code's page is
#: ``DOCS_URL + "diagnostics.md#cf402-dead-end"``.
DOCS_URL = "https://github.com/cardforge/cardforge/blob/main/docs/"

#: The version a code is first reported in, when a code does not say (no release yet).
FIRST_RELEASE = "0.1.0"

#: The stages that report diagnostics, in the order they run (docs/diagnostics.md).
STAGES = ("load", "validate", "resolve", "pack", "board", "analyse", "explore", "translations", "suppress")


class Severity(str, Enum):
    """How bad a diagnostic is: errors fail ``lint``; warnings fail it with ``--strict``."""

    ERROR = "error"
    WARNING = "warning"


E, W = Severity.ERROR, Severity.WARNING


@dataclass(frozen=True)
class Example:
    """An input that lints to its code: ``files`` (path relative to the example's
    folder -> text, or bytes for a file that is not UTF-8), the command's arguments
    ``cmd`` (``("lint", "demo/")``); ``pack``: write the demo manifest
    (``codes._demo.PACK``) as ``demo/pack.yaml`` unless ``files`` has one; ``dirs``:
    empty folders to create; ``show``: the text docs show for a file instead of its
    bytes; ``only``: the files the docs show (default: all), after ``note``;
    ``after``: a note shown after the output; ``also``: the other codes the same
    fault makes lint report (the meta-test requires exactly ``{code} | also``)."""

    files: dict[str, str | bytes]
    cmd: tuple[str, ...] = ("lint", "demo/")
    pack: bool = True
    dirs: tuple[str, ...] = ()
    show: dict[str, str] = field(default_factory=dict)
    only: tuple[str, ...] | None = None
    note: str = ""
    after: str = ""
    also: tuple[str, ...] = ()


def example(files: dict[str, str | bytes], cmd: tuple[str, ...] | list[str] = ("lint", "demo/"), pack: bool = True,
            show: dict[str, str] | None = None, dirs: tuple[str, ...] | list[str] = (),
            only: tuple[str, ...] | list[str] | None = None, note: str = "", after: str = "",
            also: tuple[str, ...] | list[str] = ()) -> Example:
    """An :class:`Example` (lists accepted for the tuples; ``note``/``after`` stripped)."""
    return Example(files=dict(files), cmd=tuple(cmd), pack=pack, dirs=tuple(dirs), show=dict(show or {}),
                   only=tuple(only) if only is not None else None, note=note.strip(), after=after.strip(),
                   also=tuple(also))


@dataclass(frozen=True)
class Code:
    """One diagnostic code and everything said about it, in one place.

    ``code`` (``CF402``), ``name`` (kebab-case, ``dead-end``), ``severity``,
    ``summary`` (one line), ``template`` (the message with ``{placeholders}``: what the
    check says, e.g. ``card {card} has no way forward``; a meta-test matches every
    example's message against it), ``stage`` (:data:`STAGES`), ``explanation`` (what
    it means, Markdown), ``fix`` (how to fix it, Markdown), ``examples`` and
    ``since`` (the version it was first reported in). Docs: docs/diagnostics.md is
    generated from these (docs/tools/build_doc.py)."""

    code: str
    name: str
    severity: Severity
    summary: str
    template: str = ""
    stage: str = ""
    explanation: str = ""
    fix: str = ""
    examples: tuple[Example, ...] = ()
    since: str = FIRST_RELEASE

    @property
    def anchor(self) -> str:
        """The heading's anchor on docs/diagnostics.md: ``cf402-dead-end``."""
        return f"{self.code.lower()}-{self.name}"

    @property
    def url(self) -> str:
        """The code's documentation page: ``<DOCS_URL>diagnostics.md#cf402-dead-end``."""
        return f"{DOCS_URL}diagnostics.md#{self.anchor}"


#: Every registered code, in the order of docs/diagnostics.md (family by family).
CODES: dict[str, Code] = {}

_CODE = re.compile(r"CF\d{3}")
_NAME = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


def code(code: str, name: str, severity: Severity, summary: str, *, template: str = "", stage: str = "",
         explanation: str = "", fix: str = "", examples: tuple[Example, ...] | list[Example] = (),
         since: str = FIRST_RELEASE) -> Code:
    """Register a code and return it. Texts are stripped. Raises ``ValueError`` on a
    malformed code or name, an unknown stage, or a code or name registered twice
    (codes are never reused)."""
    if not _CODE.fullmatch(code) or not _NAME.fullmatch(name):
        raise ValueError(f"diagnostic code {code!r} / name {name!r}: expected CF followed by 3 digits / kebab-case")
    if stage and stage not in STAGES:
        raise ValueError(f"diagnostic code {code}: unknown stage {stage!r}, expected one of {', '.join(STAGES)}")
    if code in CODES or any(c.name == name for c in CODES.values()):
        raise ValueError(f"diagnostic code {code} / {name} registered twice")
    CODES[code] = Code(code=code, name=name, severity=severity, summary=summary.strip(), template=template,
                       stage=stage, explanation=explanation.strip(), fix=fix.strip(), examples=tuple(examples),
                       since=since)
    return CODES[code]


_FIELD = re.compile(r"\{(\w*)\}")


def template_pattern(template: str) -> re.Pattern[str]:
    """A regular expression matching every message ``template`` stands for: its text
    literally, each ``{placeholder}`` as any text (possibly empty)."""
    parts = _FIELD.split(template)
    return re.compile("".join(re.escape(p) if i % 2 == 0 else ".*?" for i, p in enumerate(parts)), re.S)
