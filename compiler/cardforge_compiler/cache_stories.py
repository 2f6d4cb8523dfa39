"""What ``cardforge watch`` reuses of an unchanged story from one run to the next,
in memory: its resolve and analyse results, and the diagnostics of its story checks
while nothing they read from the rest of the pack changed (docs/watch.md); and a
pack's analysed battle layouts (``PackIR.board_layouts``: runtime boards, movement
graphs) while its manifest, board, Enemy and deck documents are the same; and the
state explorer's findings while every document of every pack is equal to the last
run's (a save that changed nothing, or only comments or layout), read from the same
file under the same names, with the same budget (otherwise the explore stage reuses
the explorations of unchanged stories itself: :meth:`StoryReuse.explore_memo`,
:mod:`cardforge_compiler.explore.memo`).

A story is unchanged when its document is the very model object of the last run:
the content-hash cache (:mod:`cardforge_compiler.cache`) hands out the same models
for a file whose bytes did not change. Resolve (:func:`~cardforge_compiler.resolve.resolve_story`)
and analyse (:func:`~cardforge_compiler.analyse.analyse_story`) read the story alone,
so their results are reused as they are. The story checks (stages ``resolve`` and
``analyse``) also read the pack; their diagnostics are reused only when the story is
shown under the same name and document number and the *pack context* is the same:
the same manifest, board, Enemy and deck documents (the same model objects), the same
invalid documents, items provided and names read by the pack's conditions, and the
same stories holding the same card ids (``CF306`` names the story a card is in). A
check that starts reading something else of the pack must add it to :func:`_context`;
tests/test_cache.py compares a watched sequence of edits with full lints.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from cardforge_compiler.diagnostics import Diagnostic
from cardforge_compiler.resolve import PackIR, StoryIR

__all__ = ["StoryReuse"]


@dataclass
class _Kept:
    """What was made of one story document: ``model`` (kept so that its identity
    stays meaningful), the resolve/analyse results, and the story checks' diagnostics
    with the name, document number and pack context they were made under."""

    model: Any
    cards: dict
    names: dict
    parsed: list
    conditions: dict
    step_refs: list
    analysis: Any
    context: Any = None
    diagnostics: list[Diagnostic] | None = None
    used: bool = True


@dataclass
class _PackContext:
    """What the story checks read from a pack besides the story: documents by
    identity (``objects``), the rest by value (``values``)."""

    objects: tuple
    values: tuple

    def same_as(self, other: _PackContext | None) -> bool:
        return (other is not None and len(self.objects) == len(other.objects)
                and all(a is b for a, b in zip(self.objects, other.objects, strict=True))
                and self.values == other.values)


def _context(pack: PackIR) -> _PackContext:
    """The pack context of the story checks (see the module's docstring)."""
    objects = tuple(doc.model for doc in (pack.manifest, *pack.board_docs, *pack.deck_docs) if doc is not None)
    stories = tuple((story.id, story.doc.source.display, frozenset(story.cards))
                    for story in (*pack.stories, *pack.context_stories))
    values = (pack.display, str(pack.root), frozenset(pack.invalid), tuple(sorted(pack.layouts)),
              pack.item_sources, frozenset(pack.conditions.read), stories)
    return _PackContext(objects, values)


class StoryReuse:
    """One run's use of the kept stories (``kept``: a ``ContentCache.stories``)."""

    def __init__(self, kept: dict[Any, Any]) -> None:
        self.kept = kept
        for item in kept.values():
            if isinstance(item, _Kept):
                item.used = False
        self._same_context: dict[int, tuple[_PackContext, bool]] = {}

    @staticmethod
    def _key(story: StoryIR) -> tuple:
        return (id(story.doc.model), story.doc.source.display, story.doc.index)

    def resolved(self, story: StoryIR) -> bool:
        """Give ``story`` the resolve and analyse results kept for its model and
        return ``True``, or return ``False`` (then resolve and analyse it)."""
        kept = self.kept.get(self._key(story))
        if not isinstance(kept, _Kept) or kept.model is not story.doc.model:
            return False
        for card in kept.cards.values():
            card.doc = story.doc
        story.cards = kept.cards
        story.names, story.parsed, story.conditions = kept.names, kept.parsed, kept.conditions
        story.__dict__["step_refs"] = kept.step_refs
        story.analysis = kept.analysis
        kept.analysis.story = story
        kept.used = True
        return True

    def _pack_context(self, pack: PackIR) -> tuple[_PackContext, bool]:
        """This run's context of ``pack`` and whether it is the one of the last run."""
        if id(pack) not in self._same_context:
            now = _context(pack)
            before = self.kept.get(("pack", pack.display, str(pack.root)))
            self._same_context[id(pack)] = (now, now.same_as(before))
            self.kept[("pack", pack.display, str(pack.root))] = now
        return self._same_context[id(pack)]

    def checked(self, story: StoryIR) -> list[Diagnostic] | None:
        """Copies of the story checks' diagnostics kept for ``story``, when they still
        hold; else ``None``."""
        kept = self.kept.get(self._key(story))
        _now, same = self._pack_context(story.pack)
        if not isinstance(kept, _Kept) or kept.model is not story.doc.model or kept.diagnostics is None or not same:
            return None
        return [copy.copy(d) for d in kept.diagnostics]

    def keep(self, story: StoryIR, diagnostics: list[Diagnostic]) -> None:
        """Keep what was made of ``story`` this run (copies of its diagnostics:
        later stages position them in place)."""
        now, _same = self._pack_context(story.pack)
        self.kept[self._key(story)] = _Kept(
            story.doc.model, story.cards, story.names, story.parsed, story.conditions, story.step_refs,
            story.analysis, context=now, diagnostics=[copy.copy(d) for d in diagnostics])

    @staticmethod
    def _board_sources(pack: PackIR) -> tuple:
        return tuple((doc.model, doc.source.display, doc.source.rel, doc.index)
                     for doc in (pack.manifest, *pack.board_docs, *pack.deck_docs) if doc is not None)

    def layouts(self, pack: PackIR) -> None:
        """Give ``pack`` the battle layouts analysed in the last run when every
        document they are made of (:func:`~cardforge_compiler.boards.layout_irs` reads
        the board documents, their files' names and the manifest) is the same model
        object, from the same file; call before the pack's checks."""
        kept = self.kept.get(("layouts", pack.display, str(pack.root)))
        now = self._board_sources(pack)
        if kept is None or len(kept[0]) != len(now) or not all(
                a[0] is b[0] and a[1:] == b[1:] for a, b in zip(kept[0], now, strict=True)):
            return
        for layout_id, layout in kept[1].items():
            layout.doc = pack.layouts[layout_id]
        pack.__dict__["board_layouts"] = kept[1]

    def keep_layouts(self, pack: PackIR) -> None:
        """Keep the battle layouts the pack's checks analysed (if they did)."""
        if "board_layouts" in pack.__dict__:
            self.kept[("layouts", pack.display, str(pack.root))] = (self._board_sources(pack),
                                                                     pack.__dict__["board_layouts"])

    @staticmethod
    def _explore_key(packs: list[PackIR], budget: int) -> tuple:
        """What the explore stage's findings depend on: the budget, and every document
        of every pack (models compared by value: equal for a comment-only edit) with
        the file it came from."""
        return (budget, tuple(
            (pack.display, str(pack.root), tuple(
                (doc.source.display, doc.source.rel, doc.index, doc.model)
                for doc in (pack.manifest, *pack.board_docs, *pack.deck_docs,
                            *(story.doc for story in (*pack.stories, *pack.context_stories)))
                if doc is not None))
            for pack in packs))

    def explored(self, result: Any, diagnostics: list[Diagnostic], packs: list[PackIR], budget: int) -> bool:
        """Give ``result`` (and ``diagnostics``) the last run's explore stage and return
        ``True`` when its key (:meth:`_explore_key`) is the same; else ``False``."""
        kept = self.kept.get("explore")
        if kept is None or kept[0] != self._explore_key(packs, budget):
            return False
        _key, found, explorations, skipped, checks, proven_stories = kept
        diagnostics.extend(copy.copy(d) for d in found)
        result.explorations.extend(explorations)
        result.proven_stories |= proven_stories
        result.explore_skipped = skipped
        result.checks_run += checks
        return True

    def keep_explored(self, result: Any, found: list[Diagnostic], checks: int, packs: list[PackIR],
                      budget: int) -> None:
        """Keep this run's explore stage: its diagnostics (copies, not yet positioned),
        explorations, note, checks run and the stories proven."""
        self.kept["explore"] = (self._explore_key(packs, budget), [copy.copy(d) for d in found],
                                list(result.explorations), result.explore_skipped, checks, set(result.proven_stories))

    def explore_memo(self) -> Any:
        """The explore stage's memo of explorations by story
        (:class:`~cardforge_compiler.explore.memo.ExploreMemo`), kept from run to run."""
        from cardforge_compiler.explore.memo import ExploreMemo

        memo = self.kept.get("explore-memo")
        if not isinstance(memo, ExploreMemo):
            memo = self.kept["explore-memo"] = ExploreMemo()
        return memo

    def forget_others(self) -> None:
        """Drop what was kept of stories not met this run."""
        for key in [k for k, v in self.kept.items() if isinstance(v, _Kept) and not v.used]:
            del self.kept[key]
