"""Story conditions written in a pack's effects and ``on_death`` options (stage
``pack``, once per pack): the ``if`` effect's ``{condition: "..."}`` predicate of a
Threat card, deck card, Enemy ``on_hit``, Character ability or Stone of Chance option,
and the ``if`` of each ``on_death`` option. Each parses (CF201), names only what every
story of the pack declares, the built-in names and the functions (CF202), and is a
well-typed true/false condition (CF203), reported at the line and column of the
offending token, exactly as a story card's ``if``
(:mod:`cardforge_compiler.checks.conditions`). Only reads
:attr:`~cardforge_compiler.resolve.PackIR.conditions`.
"""

from __future__ import annotations

from collections.abc import Iterator

from cardforge_compiler.checks import check
from cardforge_compiler.checks.conditions import condition_problems
from cardforge_compiler.diagnostics import Diagnostic, did_you_mean
from cardforge_compiler.resolve import PackIR

__all__ = ["pack_conditions"]


@check("pack", "CF201", "CF202", "CF203")
def pack_conditions(pack: PackIR) -> Iterator[Diagnostic]:
    """Every story condition of the pack's effects and ``on_death`` options parses,
    reads only names every story of the pack declares (or built-in names), and is
    true or false."""
    conditions = pack.conditions
    stories = [s.id for s in (*pack.stories, *pack.context_stories)]

    def unknown(name: str) -> str:
        if name in conditions.left_out:
            return (f"a pack's card or rule is played in any story of the pack, so its condition reads only the "
                    f"flags and counters every story declares alike: {conditions.left_out[name]}")
        meant = did_you_mean(name, sorted(conditions.names))
        if meant:
            return meant
        if not stories:
            return "the pack has no story: a pack's card or rule reads only players, characters, coins and functions"
        return (f"declare it under `flags:` or `counters:` of every story of the pack ({', '.join(sorted(stories))}): "
                "a pack's card or rule is played in any of them")

    for doc, condition in conditions.parsed:
        yield from condition_problems(condition, pack.board_where(doc, condition.path), unknown)
