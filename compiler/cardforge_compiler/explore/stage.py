"""The explore stage of ``cardforge lint``: explore every story of content that has
no errors, within one budget for the whole run (docs/explore.md, In lint).

Each pack is emitted as a bundle in memory (as ``cardforge build`` would) and loaded
by the runtime; its stories are explored smallest first (fewest cards), each with an
equal share of what is left of the budget, so that a story that finishes early
leaves its share to the larger ones. The ``explore`` checks (:mod:`cardforge_compiler.checks.states`) turn the
findings into diagnostics at the author's lines.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from cardforge_compiler.explore import Exploration, explore_story
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
    sharing ``budget`` states among them (at least 1 each): the stories with the
    fewest cards first, each with an equal share of what is left, so that what a
    small story does not use goes to the larger ones. Yields them in content order.

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
    left = budget
    by_pack = {}
    explored: dict[int, ExploredStory] = {}
    for done, index in enumerate(order):
        pack, story = stories[index]
        if id(pack) not in by_pack:
            by_pack[id(pack)] = load_bundle(build_bundle([pack], __version__))
        share = max(1, left // (len(stories) - done))
        exploration = explore_story(by_pack[id(pack)], pack.pack.id, story.model.id, budget=share)
        left = max(0, left - exploration.states)
        explored[index] = ExploredStory(story, exploration)
    for index in range(len(stories)):
        yield explored[index]
