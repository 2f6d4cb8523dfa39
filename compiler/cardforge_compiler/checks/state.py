"""Flags and counters (analyse stage): read but never set, set but never read,
declared but never used. (Gascony's Legacy, Event Cards: "What's available may be
based on your decisions".)
"""

from __future__ import annotations

from collections.abc import Iterator

from cardforge_compiler.analyse import StoryAnalysis
from cardforge_compiler.checks import check
from cardforge_compiler.diagnostics import Diagnostic
from cardforge_compiler.resolve import RESERVED

__all__ = ["flag_usage"]


@check("analyse", "CF503", "CF504", "CF505")
def flag_usage(analysis: StoryAnalysis) -> Iterator[Diagnostic]:
    """Each declared flag and counter is both set (changed) somewhere and read
    somewhere (a condition of the pack's effects or ``on_death`` options reads it in
    every story); a name is set only by a write that can run (see
    :class:`~cardforge_compiler.analyse.StoryAnalysis`)."""
    story = analysis.story
    model = story.model
    declared = [(name, ("flags", j), "value") for j, name in enumerate(model.flags)]
    declared += [(name, ("counters", name), "key") for name in model.counters]
    # a condition of the pack's effects or on_death options reads it in every story
    # (resolve_pack_conditions): used, even if no card of this story reads it
    pack_read = story.pack.conditions.read
    for name, decl_path, anchor in declared:
        if name in RESERVED:
            continue  # refused as a declaration (CF105): not a flag or counter at all
        reads, writes = analysis.reads.get(name, []), analysis.writes.get(name, [])
        if not reads and not writes and name not in pack_read:
            yield Diagnostic("CF505", f"'{name}' is declared but never used", **story.where(decl_path, anchor),
                             hint="remove it from the declarations, or use it")
        elif reads and name in analysis.known:
            value = analysis.known[name]
            shown = "false" if value is False else str(value)
            dead = [w for w in writes if w[-2] != "clear" and not analysis.runs(w[:-2])]
            if dead:
                card = story.where(dead[0])["card"]
                yield Diagnostic("CF503", f"'{name}' is read, but no step that can run changes it: it is always "
                                          f"{shown}", **story.where(reads[0]),
                                 hint=f"the step on card {card} that changes it never runs (its card cannot be "
                                      f"reached, or it is in an option never offered or a branch never taken)")
            else:
                yield Diagnostic("CF503", f"'{name}' is read, but no step ever changes it: it is always {shown}",
                                 **story.where(reads[0]),
                                 hint=f"add `set: {{{name}: true}}`" if value is False
                                 else f"add `add: {{{name}: 1}}`")
        elif writes and not reads and name not in pack_read:
            yield Diagnostic("CF504", f"'{name}' is set but nothing ever reads it", **story.where(writes[0], "key"),
                             hint="read it in an `if`, or remove the step that sets it")
