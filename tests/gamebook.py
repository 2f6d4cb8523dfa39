"""Test tooling (issue 11, checks against real content): read a gamebook excerpt
written as plain text in the shape of a classic numbered-section adventure
(tests/explore/books/*.txt) and convert it into a cardforge story, and read the
author's notes at its end.

The text: a title line, a line of description, then numbered sections (``14.`` on a
line of its own, then the section's prose), then a ``Notes:`` block of ``- `` items.
Each section is cut into sentences; each sentence is either plain prose (a ``text``
step) or one of these idioms, and nothing else (:class:`BookError` names the section
and the sentence otherwise, so that a test never passes on a misread book):

========================================================  ==========================================
idiom                                                     story step
========================================================  ==========================================
``... you find a Rope (note it on your Adventure Sheet)``  ``gain: {items: [Rope], who: one}``
``Cross the Rope off your Adventure Sheet.``              ``lose: {items: [Rope], who: one}``
``Note the code word ORCHID.``                            ``set: {orchid: true}`` (a flag per code word)
``Lose 1 STAMINA point.``                                 ``lose: {health: 1}`` (each Character)
``Turn to 40.`` (the only way on)                         ``goto: 40``
``If you wish to ..., turn to 40.`` (two or more)         a ``choice`` option (the sentence is its text)
``If you have a Rope, turn to 40.`` (in a choice)         an option with ``if: has("Rope")``
``If you know the code word ORCHID, turn to 52.``         an option with ``if: orchid``
``If you have a Rope, turn to 40, otherwise turn to 30.``  ``if: has("Rope")``, ``then: [goto 40]``, ``else: [goto 30]``
``Roll two dice: if the total is equal to or less than    ``challenge: {stat: Prowess, successes: 2}``
your SKILL, turn to 35; if it is higher, turn to 48.``    (``LUCK``: ``Movement``), pass 35, fail 48
``Your adventure ends here.``                             ``defeat``
``Your quest is complete.``                               ``victory``
========================================================  ==========================================

A section starts at a line holding only its number and a full stop, so a ``turn to``
wrapped with its number alone on the next line would start a section: the converter
then fails (an empty, repeated or out-of-order section) rather than read on.

A test of SKILL or LUCK becomes a 2-Success Challenge (3 dice in the explorer tests'
pack): like the book's roll, either outcome can happen, which is all reachability needs.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["BookError", "Notes", "convert", "notes", "story_yaml"]

#: An item's name: capitalised words ("Rope", "Crystal Lamp").
NAME = r"[A-Z][a-z]+(?: [A-Z][a-z]+)*"
#: Words that belong to an idiom: a sentence holding one and matching no idiom is an error.
KEYWORDS = re.compile(r"turn to|code word|Adventure Sheet|STAMINA|SKILL|LUCK|dice|\bIf you\b|Otherwise|"
                      r"Your adventure|Your quest", re.I)
STATS = {"SKILL": "Prowess", "LUCK": "Movement"}

GAIN = re.compile(rf"\b(?:a|an|the) (?P<item>{NAME}) \(note it on your Adventure Sheet\)")
LOSE = re.compile(rf"^Cross the (?P<item>{NAME}) off your Adventure Sheet\.$")
NOTE = re.compile(r"^Note the code word (?P<word>[A-Z]+)\.$")
WOUND = re.compile(r"^Lose (?P<n>[1-9]) STAMINA points?\.$")
GOTO = re.compile(r"^Turn to (?P<to>\d+)\.$")
HAVE = re.compile(rf"^If you have (?:a|an|the) (?P<item>{NAME}), turn to (?P<to>\d+)"
                  r"(?:, otherwise turn to (?P<else>\d+))?\.$")
KNOW = re.compile(r"^If you know the code word (?P<word>[A-Z]+), turn to (?P<to>\d+)"
                  r"(?:, otherwise turn to (?P<else>\d+))?\.$")
OPTION = re.compile(r"^If you (?:wish to|want to|prefer to|would rather) [^,]+, turn to (?P<to>\d+)\.$")
ROLL = re.compile(r"^Roll two dice: if the total is equal to or less than your (?P<stat>SKILL|LUCK), "
                  r"turn to (?P<to>\d+); if it is higher, turn to (?P<else>\d+)\.$")
DEFEAT = "Your adventure ends here."
VICTORY = "Your quest is complete."


class BookError(ValueError):
    """A gamebook text the converter cannot read: the message names the section
    (``section 60: ...``) and quotes the sentence."""


@dataclass
class Notes:
    """The author's notes: ``unreachable`` (sections that "cannot be reached"),
    ``never_turned_to`` (sections no section turns to: a misprint), ``never_open``
    (``(section, target)``: "at 90 the turn to 115 is never open"), ``reachable``
    (sections the notes say "can be reached") and ``strands`` (sections that "strand
    the players": play stops there, stuck, on some line of play)."""

    unreachable: set[int] = field(default_factory=set)
    never_turned_to: set[int] = field(default_factory=set)
    never_open: set[tuple[int, int]] = field(default_factory=set)
    reachable: set[int] = field(default_factory=set)
    strands: set[int] = field(default_factory=set)


def _split(text: str) -> tuple[str, list[tuple[int, str]], str]:
    """The title, the sections ``(number, prose on one line)`` in order, and the notes."""
    head, sep, notes_text = text.partition("\nNotes:\n")
    if not sep:
        raise BookError("no `Notes:` block")
    parts = re.split(r"(?m)^(\d+)\.\n", head)
    title = parts[0].strip().splitlines()[0].title()
    sections = []
    for number, prose in zip(parts[1::2], parts[2::2], strict=True):
        prose = " ".join(prose.split())
        if not prose:
            raise BookError(f"section {number}: empty")
        sections.append((int(number), prose))
    numbers = [n for n, _ in sections]
    if not numbers or numbers != sorted(set(numbers)):
        raise BookError(f"sections out of order or repeated: {numbers}")
    return title, sections, notes_text


def _section(number: int, prose: str, known: set[int], flags: list[str]) -> list[dict[str, Any]]:
    """The steps of one section (see the module's table)."""
    steps: list[dict[str, Any]] = []
    options: list[dict[str, Any]] = []
    ending: list[dict[str, Any]] = []
    narrative: list[str] = []

    def fail(sentence: str, why: str) -> BookError:
        return BookError(f"section {number}: {why}: {sentence!r}")

    def target(sentence: str, to: str) -> int:
        if int(to) not in known:
            raise fail(sentence, f"no section {to}")
        return int(to)

    def flag(word: str) -> str:
        name = word.lower()
        if name not in flags:
            flags.append(name)
        return name

    def effect(step: dict[str, Any], sentence: str) -> None:
        if options or ending:
            raise fail(sentence, "an effect after the way on")
        if narrative:
            steps.append({"text": " ".join(narrative)})
            narrative.clear()
        steps.append(step)

    for sentence in re.split(r"(?<=[.!?])\s+", prose):
        if ending:
            raise fail(sentence, "text after the section's end")
        if m := GAIN.search(sentence):
            prose_only = GAIN.sub(lambda g: g[0].split(" (")[0], sentence, count=1)
            if KEYWORDS.search(prose_only):
                raise fail(sentence, "more than one idiom in one sentence")
            narrative.append(prose_only)
            effect({"gain": {"items": [m["item"]], "who": "one"}}, sentence)
        elif m := LOSE.match(sentence):
            effect({"lose": {"items": [m["item"]], "who": "one"}}, sentence)
        elif m := NOTE.match(sentence):
            effect({"set": {flag(m["word"]): True}}, sentence)
        elif m := WOUND.match(sentence):
            effect({"lose": {"health": int(m["n"])}}, sentence)
        elif m := (HAVE.match(sentence) or KNOW.match(sentence)):
            condition = f'has("{m["item"]}")' if "item" in m.groupdict() else flag(m["word"])
            if m["else"]:
                ending.append({"if": condition, "then": [{"goto": target(sentence, m["to"])}],
                               "else": [{"goto": target(sentence, m["else"])}]})
            else:
                options.append({"text": sentence, "if": condition, "goto": target(sentence, m["to"])})
        elif m := OPTION.match(sentence):
            options.append({"text": sentence, "goto": target(sentence, m["to"])})
        elif m := GOTO.match(sentence):
            ending.append({"goto": target(sentence, m["to"])})
        elif m := ROLL.match(sentence):
            ending.append({"challenge": {"stat": STATS[m["stat"]], "successes": 2,
                                         "pass": [{"goto": target(sentence, m["to"])}],
                                         "fail": [{"goto": target(sentence, m["else"])}]}})
        elif sentence in (DEFEAT, VICTORY):
            ending.append({"defeat" if sentence == DEFEAT else "victory": " ".join(narrative) or sentence})
            narrative.clear()
        elif KEYWORDS.search(sentence):
            raise fail(sentence, "an idiom the converter does not know")
        else:
            narrative.append(sentence)
    if options and ending:
        raise BookError(f"section {number}: both options and a single way on")
    if len(options) == 1:
        raise BookError(f"section {number}: a choice of one option: {options[0]['text']!r}")
    if not options and not ending:
        raise BookError(f"section {number}: no way on (no `turn to`, no end)")
    if narrative:
        steps.append({"text": " ".join(narrative)})
    return steps + (ending or [{"choice": options}])


def convert(text: str) -> dict[str, Any]:
    """The story document (``kind: story``, id ``act-1``) of a gamebook excerpt: one
    card per section (id = the section's number, title ``Section N``), starting at the
    first section, a flag per code word.

    Raises:
        BookError: anything the converter does not read (the section and sentence).
    """
    title, sections, _ = _split(text)
    known = {n for n, _ in sections}
    flags: list[str] = []
    cards = [{"id": n, "title": f"Section {n}", "steps": _section(n, prose, known, flags)} for n, prose in sections]
    return {"kind": "story", "id": "act-1", "title": title, "start": sections[0][0], "flags": flags, "cards": cards}


def story_yaml(story: dict[str, Any]) -> str:
    """The story written as YAML (block style, every scalar in JSON's flow style, which
    YAML 1.2 reads as is): one line per key, so a diagnostic's line points at it."""
    lines: list[str] = []

    def emit(value: Any, indent: int, lead: str) -> None:
        if isinstance(value, dict):
            for i, (key, item) in enumerate(value.items()):
                prefix = lead if i == 0 else " " * indent
                if isinstance(item, (dict, list)) and item:
                    lines.append(f"{prefix}{key}:")
                    emit(item, indent + 2, " " * (indent + 2))
                else:
                    lines.append(f"{prefix}{key}: {json.dumps(item)}")
        else:
            for i, item in enumerate(value):
                prefix = lead if i == 0 else " " * indent
                if isinstance(item, (dict, list)):
                    emit(item, indent + 2, f"{prefix}- ")
                else:
                    lines.append(f"{prefix}- {json.dumps(item)}")

    emit(story, 0, "")
    return "\n".join(lines) + "\n"


def notes(text: str) -> Notes:
    """The author's notes of an excerpt. Each ``- `` item starts ``N cannot be
    reached``, ``N is never turned to``, ``N can be reached`` or ``N strands the
    players``; ``at N the turn to M is
    never open`` anywhere in an item names a way on the notes say is never open.

    Raises:
        BookError: an item that says none of these.
    """
    out = Notes()
    for item in re.split(r"(?m)^- ", _split(text)[2])[1:]:
        item = " ".join(item.split())
        m = re.match(r"(\d+) (cannot be reached|is never turned to|can be reached|strands the players)\b", item)
        if m is None:
            raise BookError(f"a note the tests do not read: {item!r}")
        {"cannot be reached": out.unreachable, "is never turned to": out.never_turned_to,
         "can be reached": out.reachable, "strands the players": out.strands}[m[2]].add(int(m[1]))
        out.never_open |= {(int(a), int(b)) for a, b in re.findall(r"at (\d+) the turn to (\d+) is never open", item)}
    return out


def read(path: Path) -> tuple[dict[str, Any], Notes]:
    """The story and the notes of the excerpt at ``path``."""
    text = path.read_text(encoding="utf-8")
    return convert(text), notes(text)
