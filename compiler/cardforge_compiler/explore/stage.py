"""The explore stage of ``cardforge lint``: explore every story of content that has
no errors, within one budget for the whole run (docs/explore.md, In lint).

Each pack is emitted as a bundle in memory (as ``cardforge build`` would) and loaded
by the runtime; its stories are explored smallest first (fewest cards), each with an
equal share of what is left of half the budget, so that a story that finishes early
leaves its share to the larger ones; then the other half, and what the first round
left, goes to the stories that did not finish, those with the fewest states left
open first, each going on where it stopped and taking what it needs: so a story
that needs a little more than an equal share is still proven. The ``explore`` checks
(:mod:`cardforge_compiler.checks.states`) turn the findings into diagnostics at the
author's lines.
"""

from __future__ import annotations

from collections.abc import Iterator
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


def explore_packs(packs: list[PackIR], budget: int) -> Iterator[ExploredStory]:
    """Explore every story of ``packs`` (resolved and analysed, without errors),
    sharing ``budget`` states among them (at least 1 each) in two rounds (module
    docstring): half in equal shares, the fewest cards first; the rest to the stories
    cut short, the fewest states left open first. Yields them in content order.

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
    first = budget // 2                 # the rest is kept for the second round
    by_pack = {}
    searches = {}
    for done, index in enumerate(order):
        pack, story = stories[index]
        if id(pack) not in by_pack:
            by_pack[id(pack)] = load_bundle(build_bundle([pack], __version__))
        share = max(1, first // (len(stories) - done))
        search = searches[index] = start_search(by_pack[id(pack)], pack.pack.id, story.model.id, budget=share)
        run_search(search, keep=True)
        first = max(0, first - search.expanded)
    # the second round: what is left goes on to the stories cut short, those with the
    # fewest states left open first (the nearest to done), each taking what it needs
    left = max(0, budget - sum(search.expanded for search in searches.values()))
    for index in sorted((i for i in order if searches[i].graph.open), key=lambda i: (len(searches[i].graph.open), i)):
        if not left:
            break
        search = searches[index]
        before = search.expanded
        search.budget += left
        run_search(search, keep=True)
        left -= search.expanded - before
    for index in range(len(stories)):
        pack, story = stories[index]
        searches[index].release()
        yield ExploredStory(story, exploration_of(searches[index], pack.pack.id, story.model.id))
