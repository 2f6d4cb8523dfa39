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
author's lines.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from cardforge_compiler.explore import Exploration, exploration_of, run_search, start_search
from cardforge_compiler.resolve import PackIR, StoryIR

__all__ = ["DEFAULT_LINT_BUDGET", "ExploredStory", "explore_packs"]

#: States ``cardforge lint`` explores in all, by default (``--explore-budget``).
DEFAULT_LINT_BUDGET = 1_500


@dataclass
class ExploredStory:
    """A story of the content (``story``) and what exploring it found."""

    story: StoryIR
    exploration: Exploration


def explore_packs(packs: list[PackIR], budget: int,
                  progress: Callable[[str, int, int], None] | None = None) -> Iterator[ExploredStory]:
    """Explore every story of ``packs`` (resolved and analysed, without errors),
    sharing ``budget`` states among them, never more in all (module docstring): half
    in equal shares, the fewest cards first; the rest in rounds to the stories cut
    short, each at most doubling what it explored. A story whose share is 0 is not
    explored (its exploration is not complete). Yields them in content order.
    ``progress`` (optional) is told ``("exploring", states, budget)`` after each run.

    Raises:
        BundleError: a pack read in part (single files named, the rest read as
            context) that the runtime cannot load alone, e.g. its campaign names
            stories of files not named (the caller says the explorer did not run).
    """
    from cardforge_compiler import __version__
    from cardforge_compiler.emit import build_bundle
    from cardforge_runtime import load_bundle

    stories = [(pack, story) for pack in packs if pack.manifest is not None for story in pack.stories]
    # the smallest stories first (fewest cards; then in content order): a story that
    # finishes within its share leaves the rest to the larger ones
    order = sorted(range(len(stories)), key=lambda i: (len(stories[i][1].cards), i))
    first = budget // 2                 # the rest is kept for the later rounds
    by_pack = {}
    searches = {}
    for done, index in enumerate(order):
        pack, story = stories[index]
        if id(pack) not in by_pack:
            by_pack[id(pack)] = load_bundle(build_bundle([pack], __version__))
        share = first // (len(stories) - done)
        search = searches[index] = start_search(by_pack[id(pack)], pack.pack.id, story.model.id, budget=share)
        run_search(search, keep=True)
        first -= search.expanded
        if progress:
            progress("exploring", sum(s.expanded for s in searches.values()), budget)
    # the later rounds: what is left goes on to the stories cut short, in the same
    # order, each at most doubling what it has explored, so that a story a little
    # larger than its share finishes in the next round and none takes all the rest
    left = budget - sum(search.expanded for search in searches.values())
    while left > 0:
        cut = [index for index in order if searches[index].graph.open]
        if not cut:
            break
        for index in cut:
            if not left:
                break
            search = searches[index]
            before = search.expanded
            search.budget += min(left, max(1, before))
            run_search(search, keep=True)
            left -= search.expanded - before
            if progress:
                progress("exploring", budget - left, budget)
    for index in range(len(stories)):
        pack, story = stories[index]
        searches[index].release()
        yield ExploredStory(story, exploration_of(searches[index], pack.pack.id, story.model.id))
