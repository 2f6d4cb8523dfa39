"""What ``cardforge watch`` keeps of the explore stage from one run to the next: each
story's exploration, so that a re-lint plays again only the stories whose exploration
can have changed (docs/watch.md, What a re-lint reuses).

Why it holds (:mod:`.stage`): a story's search reads only the bundle's pack (its
manifest: everything but the stories) and the story itself, found by id
(``Bundle.story_view``, ``Session.start``); it is deterministic; and a search that is
run on with a raised budget (``run(keep=True)``) goes on exactly where it stopped, so
what it has explored depends only on its *last* budget: ``min(budget, N)`` states,
``N`` being what a search without a limit expands, open (not finished) exactly when
``budget < N``. So the stage's allocation of the shared budget, which reads only how
many states each story explored and whether it finished, can be replayed from what
was learnt of ``N`` in earlier runs (:class:`Record`), a search being run only where
that is not known, and the exploration of a story is reused when its last budget is
the same (or both are at least ``N``: the search finished either way; only
``Exploration.budget`` differs).

The key of a story (:func:`story_key`) is the canonical JSON of its pack's manifest
and of the story as the bundle writes them (``emit``), the ids and the bound: all
the search reads. The story's JSON is made again only when its resolve and analyse
results are new (:meth:`ExploreMemo.story_json`).
"""

from __future__ import annotations

import dataclasses
import hashlib
from dataclasses import dataclass
from typing import Any

__all__ = ["ExploreMemo", "Record"]


@dataclass
class Record:
    """What is known of one story's search (one key): ``size`` = ``N`` when some run
    finished it, ``open_at`` the largest budget at which it did not finish (``N`` is
    larger), ``final`` the last run's ``(last budget, Exploration)``."""

    size: int | None = None
    open_at: int = -1
    final: tuple[int, Any] | None = None

    def known(self, budget: int) -> tuple[int, bool] | None:
        """``(states explored, still open)`` at ``budget`` when known, else ``None``."""
        if self.size is not None and budget >= self.size:
            return self.size, False
        if budget <= self.open_at:
            return budget, True
        return None

    def learn(self, budget: int, expanded: int, still_open: bool) -> None:
        """Note what a search run up to ``budget`` did."""
        if still_open:
            self.open_at = max(self.open_at, budget)
        else:
            self.size = expanded

    def exploration(self, budget: int) -> Any | None:
        """The exploration at last budget ``budget``, when the kept one is it."""
        if self.final is None:
            return None
        kept_budget, exploration = self.final
        if kept_budget == budget:
            return exploration
        if self.size is not None and kept_budget >= self.size and budget >= self.size:
            return dataclasses.replace(exploration, budget=budget)
        return None


class ExploreMemo:
    """The records by story key (:func:`story_key`) and each story's emitted JSON,
    kept by a long-lived cache (``ContentCache.stories``)."""

    def __init__(self) -> None:
        self.records: dict[tuple, Record] = {}
        self._json: dict[tuple, tuple] = {}
        self._used: set[tuple] = set()
        self._used_json: set[tuple] = set()

    def begin(self) -> None:
        """Start a run: what it does not use is dropped by :meth:`end`."""
        self._used, self._used_json = set(), set()

    def story_json(self, story: Any) -> bytes:
        """The canonical JSON of ``story`` as the bundle writes it, made again unless
        its model, cards and analysis are the very objects of the last run (the cache
        and :class:`~cardforge_compiler.cache_stories.StoryReuse` hand those out for
        an unchanged file) and its file's name is the same."""
        from cardforge_compiler.emit import _story
        from cardforge_runtime.format import canonical_json

        slot = (story.pack.display, story.doc.source.display, story.doc.index)
        self._used_json.add(slot)
        kept = self._json.get(slot)
        if (kept is not None and kept[0] is story.model and kept[1] is story.cards and kept[2] is story.analysis
                and kept[3] == story.doc.source.rel):
            return kept[4]
        data = canonical_json(_story(story))
        self._json[slot] = (story.model, story.cards, story.analysis, story.doc.source.rel, data)
        return data

    def record(self, key: tuple) -> Record:
        """The record of ``key`` (a new one when unknown); marks it used this run."""
        self._used.add(key)
        return self.records.setdefault(key, Record())

    def end(self) -> None:
        """Drop the records and JSON of stories this run did not meet."""
        self.records = {k: v for k, v in self.records.items() if k in self._used}
        self._json = {k: v for k, v in self._json.items() if k in self._used_json}


def story_key(pack_id: str, story_id: str, manifest: bytes, story: bytes, bound: int) -> tuple:
    """The key of a story's search: ids, bound and the SHA-256 of the canonical JSON
    of the pack's manifest (without its stories) and of the story."""
    return (pack_id, story_id, bound, hashlib.sha256(manifest).hexdigest(), hashlib.sha256(story).hexdigest())
