"""Story conditions written in a pack's effects and ``on_death`` options (stage
``pack``, once per pack): the ``if`` effect's ``{condition: "..."}`` predicate of a
Threat card, deck card, Enemy ``on_hit``, Character ability or Stone of Chance option,
and the ``if`` of each ``on_death`` option. Each parses (CF201), names only what every
story of the pack declares, the built-in names and the functions (CF202), and is a
well-typed true/false condition (CF203), reported at the line and column of the
offending token, exactly as a story card's ``if``
(:mod:`cardforge_compiler.checks.conditions`). The text arguments of its functions
name what the pack has, as in a story card's ``if``: ``status("X")`` a status token
of the pack (CF305), ``has("X")`` an item something in the pack can provide (CF308,
:func:`~cardforge_compiler.checks.references.never_provided`), ``in_party("X")`` a
Character board (CF310). Only reads
:attr:`~cardforge_compiler.resolve.PackIR.conditions` and the manifest.
"""

from __future__ import annotations

from collections.abc import Iterator

from cardforge_compiler.checks import check
from cardforge_compiler.checks.conditions import condition_problems
from cardforge_compiler.checks.party import party_calls
from cardforge_compiler.checks.references import never_provided
from cardforge_compiler.conditions import node_at
from cardforge_compiler.diagnostics import Diagnostic, did_you_mean
from cardforge_compiler.resolve import ConditionIR, PackIR
from cardforge_compiler.validate import Document

__all__ = ["pack_conditions"]


@check("pack", "CF201", "CF202", "CF203", "CF305", "CF308", "CF310")
def pack_conditions(pack: PackIR) -> Iterator[Diagnostic]:
    """Every story condition of the pack's effects and ``on_death`` options parses,
    reads only names every story of the pack declares (or built-in names), is true
    or false, and asks its functions about status tokens, items and Characters the
    pack has."""
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
        if condition.error is not None:
            yield from condition_problems(condition, pack.board_where(doc, condition.path), unknown)
        elif condition.tree is not None:
            yield from _arguments(pack, doc, condition)


def _calls(condition: ConditionIR, function: str) -> Iterator[tuple[str, tuple]]:
    """The text argument of every ``function("...")`` call of ``condition``, in reading
    order, with the path of the argument's node."""
    assert condition.tree is not None
    for path in sorted(condition.spans, key=condition.spans.__getitem__):
        node = node_at(condition.tree, path)
        if node["op"] == "call" and node["name"] == function and node["args"]:
            arg = node["args"][0]
            if arg["op"] == "const" and isinstance(arg["value"], str):
                yield arg["value"], (*path, "args", 0)


def _arguments(pack: PackIR, doc: Document, condition: ConditionIR) -> Iterator[Diagnostic]:
    """CF305, CF308, CF310 for the arguments of ``status``, ``has`` and ``in_party``
    (module docstring), at the argument's column."""
    manifest = pack.pack
    if manifest is None:
        return

    def at(node_path: tuple) -> dict:
        return {**pack.board_where(doc, condition.path), "offset": condition.column(node_path) - 1}

    tokens = [t.name for t in manifest.status_tokens]
    for token, path in _calls(condition, "status"):
        if token not in tokens:
            yield Diagnostic("CF305", f"'{token}' is not a status token of pack '{manifest.id}'", **at(path),
                             hint=did_you_mean(token, tokens) or f"status tokens: {', '.join(tokens) or 'none'}")
    for item, path in _calls(condition, "has"):
        missing = never_provided(pack, item)
        if missing is not None:
            message, hint = missing
            if not pack.item_sources[1]:
                message += f": has(\"{item}\") is never true"
            yield Diagnostic("CF308", message, **at(path), hint=hint)
    boards = [c.name for c in manifest.characters]
    for name, path in sorted(party_calls(condition.tree), key=lambda c: condition.column(c[1])):
        if name not in boards:
            yield Diagnostic("CF310", f"'{name}' is not a Character of pack '{manifest.id}'", **at(path),
                             hint=did_you_mean(name, boards) or (
                                 f"the pack's Characters are {', '.join(boards)}" if boards
                                 else "the pack has no Character boards: add them under `characters:` in pack.yaml"))
