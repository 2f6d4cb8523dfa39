"""The explore stage of ``cardforge lint``: explore every story of content that has
no errors, within one budget for the whole run (docs/explore.md, In lint).

Each pack is emitted as a bundle in memory (as ``cardforge build`` would) and loaded
by the runtime; its stories are explored smallest first (fewest cards), each with an
equal share of what is left of half the budget, so that a story that finishes early
leaves its share to the larger ones; then the rest goes, in rounds, to the stories
that did not finish, each going on where it stopped and at most doubling what it
has explored in a round: so a story that needs a little more than an equal share is
still proven, and a story that never finishes (a loop) cannot take it all. The ``explore`` checks
(:mod:`cardforge_compiler.checks.states`) turn the findings into diagnostics at the
author's lines. ``cardforge watch`` replays the sharing from what earlier runs
learnt of each story (:mod:`.memo`), searching again only where that is not known.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from cardforge_compiler.explore import DEFAULT_BOUND, Exploration, exploration_of, run_search, start_search
from cardforge_compiler.explore.memo import ExploreMemo, Record, story_key
from cardforge_compiler.explore.search import Search
from cardforge_compiler.resolve import PackIR, StoryIR
from cardforge_runtime.bundle import Bundle

__all__ = ["DEFAULT_LINT_BUDGET", "ExploredStory", "explore_packs"]

#: States ``cardforge lint`` explores in all, by default (``--explore-budget``).
DEFAULT_LINT_BUDGET = 1_500


@dataclass
class ExploredStory:
    """A story of the content (``story``) and what exploring it found."""

    story: StoryIR
    exploration: Exploration


def explore_packs(packs: list[PackIR], budget: int,
                  progress: Callable[[str, int, int], None] | None = None,
                  memo: ExploreMemo | None = None) -> Iterator[ExploredStory]:
    """Explore every story of ``packs`` (resolved and analysed, without errors),
    sharing ``budget`` states among them, never more in all (module docstring): half
    in equal shares, the fewest cards first; the rest in rounds to the stories cut
    short, each at most doubling what it explored. A story whose share is 0 is not
    explored (its exploration is not complete). Yields them in content order.
    ``progress`` (optional) is told ``("exploring", states, budget)`` after each run.
    With ``memo`` (``cardforge watch``, :mod:`.memo`), what earlier runs learnt of a
    story whose pack manifest and story are the same is used instead of searching
    again: the same explorations.

    Raises:
        BundleError: a pack read in part (single files named, the rest read as
            context) that the runtime cannot load alone, e.g. its campaign names
            stories of files not named (the caller says the explorer did not run).
    """
    stories = [(pack, story) for pack in packs if pack.manifest is not None for story in pack.stories]
    if memo is None:
        plays = _live_plays(packs, stories)
    else:
        memo.begin()
        plays = _memo_plays(packs, stories, memo)
    # the smallest stories first (fewest cards; then in content order): a story that
    # finishes within its share leaves the rest to the larger ones
    order = sorted(range(len(stories)), key=lambda i: (len(stories[i][1].cards), i))
    first = budget // 2                 # the rest is kept for the later rounds
    for done, index in enumerate(order):
        play = plays[index]
        play.run(first // (len(stories) - done))
        first -= play.expanded
        if progress:
            progress("exploring", sum(p.expanded for p in plays if p.budget is not None), budget)
    # the later rounds: what is left goes on to the stories cut short, in the same
    # order, each at most doubling what it has explored, so that a story a little
    # larger than its share finishes in the next round and none takes all the rest
    left = budget - sum(play.expanded for play in plays)
    while left > 0:
        cut = [index for index in order if plays[index].open]
        if not cut:
            break
        for index in cut:
            if not left:
                break
            play = plays[index]
            before = play.expanded
            play.run(play.budget + min(left, max(1, before)))
            left -= play.expanded - before
            if progress:
                progress("exploring", budget - left, budget)
    for index in range(len(stories)):
        pack, story = stories[index]
        yield ExploredStory(story, plays[index].exploration(pack.pack.id, story.model.id))
    if memo is not None:
        memo.end()


class _Play:
    """One story's search as the allocation sees it: ``run(budget)`` (its last budget
    raised to ``budget``), then ``expanded`` and ``open``; ``exploration()`` at the end.
    ``start(budget)`` makes the search (:func:`start_search`)."""

    def __init__(self, start: Callable[[int], Search]) -> None:
        self._start = start
        self.search: Search | None = None
        self.budget: int | None = None
        self.expanded = 0
        self.open = True

    def _run_search(self, budget: int) -> None:
        if self.search is None:
            self.search = self._start(budget)
        self.search.budget = budget
        run_search(self.search, keep=True)
        self.expanded, self.open = self.search.expanded, bool(self.search.graph.open)

    def run(self, budget: int) -> None:
        self.budget = budget
        self._run_search(budget)

    def exploration(self, pack_id: str, story_id: str) -> Exploration:
        assert self.search is not None and self.budget is not None
        self.search.release()
        return exploration_of(self.search, pack_id, story_id)


class _Recalled(_Play):
    """A :class:`_Play` that answers from its :class:`~.memo.Record` where it can and
    searches (and teaches the record) where it cannot."""

    def __init__(self, start: Callable[[int], Search], record: Record) -> None:
        super().__init__(start)
        self.record = record

    def run(self, budget: int) -> None:
        self.budget = budget
        known = self.record.known(budget) if self.search is None else None
        if known is not None:
            self.expanded, self.open = known
            return
        self._run_search(budget)
        self.record.learn(budget, self.expanded, self.open)

    def exploration(self, pack_id: str, story_id: str) -> Exploration:
        assert self.budget is not None
        if self.search is None:
            kept = self.record.exploration(self.budget)
            if kept is not None:
                return kept
            self._run_search(self.budget)
            self.record.learn(self.budget, self.expanded, self.open)
        exploration = super().exploration(pack_id, story_id)
        self.record.final = (self.budget, exploration)
        return exploration


def _live_plays(packs: list[PackIR], stories: list[tuple[PackIR, StoryIR]]) -> list[_Play]:
    """Plays of the stories on a bundle of their whole pack (built when first needed)."""
    from cardforge_compiler import __version__
    from cardforge_compiler.emit import build_bundle
    from cardforge_runtime import load_bundle

    by_pack: dict[int, Bundle] = {}

    def starter(pack: PackIR, story: StoryIR) -> Callable[[int], Search]:
        def start(budget: int) -> Search:
            if id(pack) not in by_pack:
                by_pack[id(pack)] = load_bundle(build_bundle([pack], __version__))
            return start_search(by_pack[id(pack)], pack.pack.id, story.model.id, budget=budget)
        return start

    return [_Play(starter(pack, story)) for pack, story in stories]


def _memo_plays(packs: list[PackIR], stories: list[tuple[PackIR, StoryIR]], memo: ExploreMemo) -> list[_Play]:
    """Plays that recall what ``memo`` knows; a story searched again is played on a
    bundle of its pack's manifest and itself alone (all its search reads), checked as
    ``load_bundle`` checks a bundle (its campaign left out of the check: it names the
    pack's other stories)."""
    import json

    from cardforge_compiler import __version__
    from cardforge_compiler.emit import _head, _manifest
    from cardforge_runtime import load_bundle
    from cardforge_runtime.format import canonical_json, content_hash_of_canonical

    manifests = {id(pack): canonical_json({**_manifest(pack), "stories": []}) for pack in packs
                 if pack.manifest is not None}

    def starter(pack: PackIR, story: StoryIR, story_json: bytes) -> Callable[[int], Search]:
        def start(budget: int) -> Search:
            data = json.loads(manifests[id(pack)])
            data["stories"] = [json.loads(story_json)]
            checked = canonical_json([{**data, "campaign": None}])
            load_bundle({**_head(content_hash_of_canonical([checked]), __version__), "packs": json.loads(checked)})
            packs_json = canonical_json([data])
            content_hash = content_hash_of_canonical([packs_json])
            bundle = Bundle({**_head(content_hash, __version__), "packs": json.loads(packs_json)}, content_hash)
            return start_search(bundle, pack.pack.id, story.model.id, budget=budget)
        return start

    keyed = []
    for pack, story in stories:
        story_json = memo.story_json(story)
        key = story_key(pack.pack.id, story.model.id, manifests[id(pack)], story_json, DEFAULT_BOUND)
        keyed.append((pack, story, story_json, key, key in memo.records))
    # a pack most of whose stories are new (the first run) is played on one bundle of
    # the whole pack, as without a memo: checking a bundle per story would check its
    # manifest again each time
    whole = _live_plays(packs, stories)
    new = {id(pack) for pack, *_ in keyed
           if 4 * sum(not known for p, *_, known in keyed if p is pack) > sum(p is pack for p, *_ in keyed)}
    plays: list[_Play] = []
    for (pack, story, story_json, key, _known), live in zip(keyed, whole, strict=True):
        start = live._start if id(pack) in new else starter(pack, story, story_json)
        plays.append(_Recalled(start, memo.record(key)))
    return plays
