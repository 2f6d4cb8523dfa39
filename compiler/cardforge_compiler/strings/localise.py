"""A bundle in another language: each translatable text (:mod:`.table`) replaced by
its translation, the pack marked with its ``locale`` (bundle format 1.7.0,
docs/bundle.md), the content hash computed again. Nothing else changes: the rules,
conditions, names and card numbers are the same, so the runtime plays the bundle
as it plays the source one.

As gettext does, a translation is used only when it is current: an entry that is
empty, awaits review (fuzzy) or was made for other source text (stale) leaves the
text in the source language, and is counted (:class:`Outcome`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cardforge_runtime.format import content_hash

from cardforge_compiler.strings.files import Entry
from cardforge_compiler.strings.table import pack_slots

__all__ = ["Outcome", "localise"]


@dataclass
class Outcome:
    """What :func:`localise` did: texts ``translated``, and the ids ``missing`` (no
    entry, or an empty one), ``stale`` (fuzzy, or made for other source text) and
    ``unknown`` (entries naming no text of the bundle), each in order."""

    translated: int = 0
    missing: list[str] = field(default_factory=list)
    stale: list[str] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        """Every translatable text of the bundle."""
        return self.translated + len(self.missing) + len(self.stale)


def localise(bundle: dict[str, Any], entries: Mapping[str, Entry], locale: str) -> Outcome:
    """Replace, in place, each text of ``bundle`` that ``entries`` (by id) translate;
    set ``locale`` on every pack with at least one text translated; recompute
    ``content_hash``. A choice option's text is also replaced in the ``label`` of the
    story graph's edges that carry it (``via: "option"`` from its card).

    Args:
        bundle: a bundle as ``emit.build_bundle`` makes it (plain data).
        entries: the translation file's entries by id (:func:`.files.read_table`).
        locale: the translations' language tag (``fr``), already checked.
    """
    outcome = Outcome()
    known: set[str] = set()
    for pack in bundle["packs"]:
        labels: dict[tuple[str, int, str], str] = {}
        before = outcome.translated
        for slot in list(pack_slots(pack)):
            known.add(slot.id)
            entry = entries.get(slot.id)
            if entry is None or not entry.target:
                outcome.missing.append(slot.id)
                continue
            if entry.fuzzy or entry.source != slot.text:
                outcome.stale.append(slot.id)
                continue
            if slot.option and slot.story is not None and slot.card is not None:
                labels.setdefault((slot.story, slot.card, slot.text), entry.target)
            slot.holder[slot.key] = entry.target
            outcome.translated += 1
        for story in pack["stories"]:
            for edge in story["edges"]:
                label = labels.get((story["id"], edge["from"], edge["label"])) if edge["via"] == "option" else None
                if label is not None:
                    edge["label"] = label
        if outcome.translated > before:
            pack["locale"] = locale
    outcome.unknown = [eid for eid in entries if eid not in known]
    bundle["content_hash"] = content_hash(bundle["packs"])
    return outcome
