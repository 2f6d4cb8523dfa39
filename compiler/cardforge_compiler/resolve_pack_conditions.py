"""Stage 3, resolve, for the story conditions a pack writes outside its stories: the
``if`` effect's ``condition`` predicate (Threat cards, deck cards, Enemies' ``on_hit``,
Character abilities, Stones of Chance) and the ``if`` of the manifest's ``on_death``
options (the second ruleset's death options).

Such a condition belongs to no story: a Loot card is drawn in whichever story of the
pack is in play. It reads the built-in names and the flags and counters that **every**
story of the pack declares, with the same type in all (the bundle format's
``pack_condition_names``: ``load_bundle`` applies the same rule, and the engine
evaluates it with the story in play, which therefore always has those names). Each
condition is parsed and typed as a story card's ``if`` is
(:func:`~cardforge_compiler.resolve.resolve_story`); the checks of
:mod:`cardforge_compiler.checks.pack_conditions` report what went wrong (CF201-CF203)
and the analyse stage counts the names they read as read in every story.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cardforge_compiler.conditions import (
    ConditionSyntaxError,
    ConditionTypeError,
    names_read,
    parse_condition_spans,
)
from cardforge_compiler.validate import Document
from cardforge_runtime.format import condition_type, pack_condition_names

if TYPE_CHECKING:
    from cardforge_compiler.resolve import ConditionIR, PackIR

__all__ = ["PackConditions", "resolve_pack_conditions"]


@dataclass
class PackConditions:
    """The story conditions of a pack's effects and ``on_death`` options.

    Attributes:
        names: what they may read, with types (``format.pack_condition_names`` over
            every story of the pack, the files being checked and their context).
        left_out: a flag or counter some story declares that is not in ``names``, with
            why (``"declared by story 'act-1' but not by 'act-2'"``), for CF202's hint.
        parsed: ``(document, condition)`` for each, in load order (the manifest's
            effects and ``on_death`` first, then the Enemy and deck documents).
        read: every declared name they read (or, for one that cannot be parsed, that
            its words spell): a name read here is read in every story.
    """

    names: dict[str, str] = field(default_factory=dict)
    left_out: dict[str, str] = field(default_factory=dict)
    parsed: list[tuple[Document, ConditionIR]] = field(default_factory=list)
    read: set[str] = field(default_factory=set)


def _sources(pack: PackIR) -> Iterator[tuple[Document, str, tuple]]:
    """``(document, text, data path of the text)`` of every pack condition: the
    manifest's ``on_death`` options, then the effects in load order."""
    manifest = pack.pack
    if manifest is not None and pack.manifest is not None and manifest.on_death is not None:
        for i, option in enumerate(manifest.on_death.options or ()):
            if option.if_ is not None:
                yield pack.manifest, option.if_, ("on_death", "options", i, "if")
    for ref in pack.linked.effects:
        text = getattr(ref.effect.if_, "condition", None) if ref.kind == "if" else None
        if text is not None:
            yield ref.doc, text, (*ref.path, "if", "condition")


def _left_out(pack: PackIR, names: dict[str, str]) -> dict[str, str]:
    stories = [s.model for s in (*pack.stories, *pack.context_stories)]
    declared: dict[str, dict[str, str]] = {}           # name -> story id -> type
    for story in stories:
        for flag in story.flags:
            declared.setdefault(flag, {}).setdefault(story.id, "flag")
        for counter in story.counters:
            declared.setdefault(counter, {}).setdefault(story.id, "counter")
    out = {}
    for name, by_story in declared.items():
        if name in names:
            continue
        missing = [s.id for s in stories if s.id not in by_story]
        if missing:
            out[name] = f"story '{next(iter(by_story))}' declares it, story '{missing[0]}' does not"
        else:
            kinds = sorted(set(by_story.values()))
            out[name] = f"it is a {kinds[0]} in one story and a {kinds[-1]} in another"
    return out


def resolve_pack_conditions(pack: PackIR) -> PackConditions:
    """Parse and type every story condition of ``pack``'s effects and ``on_death``
    options (see the module's docstring). Never raises for bad content."""
    from cardforge_compiler.resolve import ConditionIR, spelled_names

    stories = [s.model for s in (*pack.stories, *pack.context_stories)]
    out = PackConditions(names=pack_condition_names((s.flags, s.counters) for s in stories))
    out.left_out = _left_out(pack, out.names)
    declared = {n: t for s in stories for n, t in (*((f, "bool") for f in s.flags),
                                                    *((c, "number") for c in s.counters))}
    for doc, source, path in _sources(pack):
        condition = ConditionIR(path, source)
        out.parsed.append((doc, condition))
        try:
            condition.tree, condition.spans = parse_condition_spans(source)
        except ConditionSyntaxError as exc:
            condition.error = exc
            condition.spelled = spelled_names(source, declared)
            out.read.update(condition.spelled)
            continue
        out.read.update(n for n in names_read(condition.tree) if n in declared)
        try:
            condition_type(condition.tree, out.names, "bool")
        except ConditionTypeError as exc:
            condition.error = exc
    return out
