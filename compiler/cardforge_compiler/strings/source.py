"""Where each text of a compiled pack comes from: the translatable texts of a
:class:`~cardforge_compiler.resolve.PackIR` (:mod:`.table`'s slots over the bundle
data the pack compiles to) with the file and document that hold each, and their
lines (the source references of an exported string table)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardforge_compiler.strings.table import Slot, pack_slots

if TYPE_CHECKING:
    from cardforge_compiler.load import SourceFile
    from cardforge_compiler.resolve import PackIR

__all__ = ["Located", "pack_texts", "source_lines"]


@dataclass(frozen=True)
class Located:
    """A slot of a compiled pack and the document it was written in: ``source``
    (the file) and ``doc`` (its 0-based document index)."""

    slot: Slot
    source: SourceFile
    doc: int


def pack_texts(pack: PackIR) -> list[Located]:
    """Every translatable text of a pack's stories (those compiled: the named files'
    when single files are checked) and its title, in reading order. The pack needs a
    valid manifest and analysed stories (``compile_paths`` without errors)."""
    from cardforge_compiler.emit import _story  # the bundle's own story data: the texts a front end shows

    assert pack.pack is not None and pack.manifest is not None
    data = {"id": pack.pack.id, "title": pack.pack.title, "stories": [_story(story) for story in pack.stories]}
    stories = {story.id: story for story in pack.stories}
    paths = {(story.id, card.id): card.path for story in pack.stories for card in story.cards.values()}
    out = []
    for slot in pack_slots(data, paths):
        doc = pack.manifest if slot.story is None else stories[slot.story].doc
        out.append(Located(slot, doc.source, doc.index))
    return out


def source_lines(texts: list[Located], files: list[SourceFile]) -> dict[str, int]:
    """The 1-based line of each text (by slot id) in its file, found as a diagnostic's
    position is (:func:`cardforge_compiler.locate.locate`: each file composed once)."""
    from cardforge_compiler.diagnostics import Diagnostic
    from cardforge_compiler.locate import locate

    probes = {t.slot.id: Diagnostic("CF650", "", file=t.source.display, doc=t.doc, path=t.slot.path) for t in texts}
    locate(probes.values(), files)
    return {sid: probe.line or 1 for sid, probe in probes.items()}
