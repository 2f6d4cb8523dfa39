"""Flow inside cards (analyse stage): dead ends, steps that never run, options that
can never be offered, choices that offer nothing.

Gascony's Legacy, Navigating Story Cards: "When a Story card is complete, it will
instruct you to proceed to another card, or it will list a Victory!".
"""

from __future__ import annotations

from collections.abc import Iterator

from cardforge_compiler.analyse import StoryAnalysis
from cardforge_compiler.checks import check
from cardforge_compiler.diagnostics import Diagnostic

__all__ = ["dead_ends", "never_offered", "unreachable_steps"]


@check("analyse", "CF402")
def dead_ends(analysis: StoryAnalysis) -> Iterator[Diagnostic]:
    """A card, or a branch inside it, that can finish without goto, victory,
    defeat or battle."""
    story = analysis.story
    for card_id, points in analysis.dead_ends.items():
        for path, what in points:
            if what == "card":
                message = f"card {card_id} has no way forward"
                anchor = "value"
            else:
                message = f"{what} on card {card_id} has no way forward, and nothing after it ends the card"
                anchor = "key" if path[-1] in ("pass", "fail", "then", "else") else "value"
            yield Diagnostic("CF402", message, **story.where(path, anchor),
                             hint="end it with `goto: N`, `victory:` or `defeat:`")


@check("analyse", "CF405")
def unreachable_steps(analysis: StoryAnalysis) -> Iterator[Diagnostic]:
    """Steps after a step that always ends the card."""
    for card_id, path in analysis.unreachable_steps:
        if path[-1] == "goto":
            yield Diagnostic("CF405", f"this option's `goto` on card {card_id} never runs: its steps always end the "
                                      f"card first", **analysis.story.where(path, "key"),
                             hint="remove the `goto`, or the step in the option that ends the card")
            continue
        yield Diagnostic("CF405", f"this step on card {card_id} never runs: the step before it always ends the card",
                         **analysis.story.where(path), hint="move it before the goto/victory/defeat/battle, or delete it")


@check("analyse", "CF501", "CF502")
def never_offered(analysis: StoryAnalysis) -> Iterator[Diagnostic]:
    """Options whose condition can never hold (it reads flags nothing sets, or
    counters nothing changes), and choices none of whose options can be offered."""
    story = analysis.story
    for card_id, path, source in analysis.never_offered:
        yield Diagnostic("CF501", f"this option on card {card_id} is never offered: `{source}` can never hold",
                         **story.where(path),
                         hint="set the flag or change the counter it reads somewhere, or remove the condition")
    for card_id, path in analysis.stuck_choices:
        yield Diagnostic("CF502", f"no option of this choice on card {card_id} can ever be offered: the players are "
                                  f"stuck", **story.where((*path, "choice"), "key"),
                         hint="add an option without `if`, or set the flags its options read")

