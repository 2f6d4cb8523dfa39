"""References between cards and to the pack manifest (resolve stage).

Runs before the story graph is built, so a reference to a missing card is reported
as exactly that, at the reference (Gascony's Legacy, Navigating Story Cards).
"""

from __future__ import annotations

from collections.abc import Iterator

from cardforge_compiler.checks import check
from cardforge_compiler.diagnostics import Diagnostic, card_hint, did_you_mean, listed
from cardforge_compiler.conditions import node_at
from cardforge_compiler.resolve import PackIR, StoryIR

__all__ = ["battle_layouts", "card_references", "items_asked_for", "items_lost", "never_provided",
           "stats_and_status_tokens", "story_start"]


def targets(ref) -> Iterator[tuple[int, tuple]]:  # noqa: ANN001
    """Every card a step refers to, with the data path of the reference."""
    step, kind, path = ref.step, ref.kind, ref.path
    if kind == "goto":
        yield step.goto, (*path, "goto")
    elif kind == "choice":
        for j, option in enumerate(step.choice):
            if option.goto is not None:
                yield option.goto, (*path, "choice", j, "goto")
    elif kind == "battle":
        for j, objective in enumerate(step.battle.objectives):
            if objective.goto is not None:
                yield objective.goto, (*path, "battle", "objectives", j, "goto")


def _missing(story: StoryIR, target: int, path: tuple) -> Diagnostic:
    for other in (*story.pack.stories, *story.pack.context_stories):
        if other is not story and target in other.cards:
            return Diagnostic("CF306", f"card {target} belongs to story '{other.id}', not '{story.id}'",
                              **story.where(path),
                              hint="a story proceeds only to its own cards; link to a card of this story")
    return Diagnostic("CF301", f"card {target} does not exist in story '{story.id}'", **story.where(path),
                      hint=card_hint(target, story.cards))


@check("resolve", "CF301", "CF306")
def card_references(story: StoryIR) -> Iterator[Diagnostic]:
    """Every ``goto`` (step, option, battle objective) names a card of this story."""
    for _card, ref in story.step_refs:
        for target, path in targets(ref):
            if target not in story.cards:
                yield _missing(story, target, path)


@check("resolve", "CF303", "CF306")
def story_start(story: StoryIR) -> Iterator[Diagnostic]:
    """The story's ``start`` is one of its own cards."""
    start = story.model.start
    if start not in story.cards:
        diag = _missing(story, start, ("start",))
        if diag.code == "CF306":
            diag.hint = "a story starts at one of its own cards: name a card of this story"
        else:
            diag = Diagnostic("CF303", f"the start card {start} is not a card of story '{story.id}'",
                              **story.where(("start",)), hint=diag.hint)
        yield diag


@check("resolve", "CF312")
def battle_layouts(story: StoryIR) -> Iterator[Diagnostic]:
    """Every Battle names a ``battle-layout`` of the pack by its id (Gascony's Legacy,
    Battle Cards - Setup: "Set up the Battle as shown on the card"). A layout that is
    in the pack but failed validation is not reported again."""
    pack = story.pack
    layouts = sorted(pack.layouts)
    for _card, ref in story.step_refs:
        if ref.kind != "battle":
            continue
        layout = ref.step.battle.layout
        if layout in pack.layouts or pack.defined_but_invalid("battle-layout", layout):
            continue
        near = did_you_mean(layout, layouts)
        if near:
            hint = near
        elif layouts:
            hint = f"the pack's layouts are {listed(layouts)}"
        else:
            hint = f"add a document with `kind: battle-layout` and `id: {layout}` to the pack"
        yield Diagnostic("CF312", f"no battle layout '{layout}' in pack '{pack.pack.id if pack.pack else pack.display}'",
                         **story.where((*ref.path, "battle", "layout")), hint=hint)


@check("resolve", "CF304", "CF305")
def stats_and_status_tokens(story: StoryIR) -> Iterator[Diagnostic]:
    """Challenges and rolls test a stat of the pack; status tokens gained or lost are
    the pack's (Gascony's Legacy, Challenges; Status Banner tokens)."""
    pack = story.pack.pack
    if pack is None:
        return
    stats = list(pack.stats)
    tokens = [t.name for t in pack.status_tokens]
    for _card, ref in story.step_refs:
        stat_path = None
        if ref.kind == "challenge":
            stat, stat_path = ref.step.challenge.stat, (*ref.path, "challenge", "stat")
        elif ref.kind == "roll":
            stat, stat_path = ref.step.roll.stat, (*ref.path, "roll", "stat")
        if stat_path is not None and stat not in stats:
            yield Diagnostic("CF304", f"'{stat}' is not a stat of pack '{pack.id}'", **story.where(stat_path),
                             hint=did_you_mean(stat, stats) or f"the pack's stats are {', '.join(stats)}")
        effects = []
        if ref.kind in ("gain", "lose"):
            effects.append((getattr(ref.step, ref.kind), (*ref.path, ref.kind)))
        elif ref.kind == "roll":
            per = ref.step.roll.per_success
            for name in ("gain", "lose"):
                if getattr(per, name) is not None:
                    effects.append((getattr(per, name), (*ref.path, "roll", "per_success", name)))
        for resources, path in effects:
            for j, token in enumerate(resources.status or []):
                if token not in tokens:
                    yield Diagnostic(
                        "CF305", f"'{token}' is not a status token of pack '{pack.id}'",
                        **story.where((*path, "status", j)),
                        hint=did_you_mean(token, tokens) or f"status tokens: {', '.join(tokens) or 'none'}")


@check("resolve", "CF308")
def items_asked_for(story: StoryIR) -> Iterator[Diagnostic]:
    """Every item a condition asks for with ``has("...")`` can be provided by
    something in the pack: a Character board (items, Starting Weapons), a ``gain``
    (step or effect), a purchase offer, a card of an Equipment deck, a Loot card the
    Character keeps (like a flag that is read, an item must be obtainable somewhere).
    A purchase or Porter that draws from a deck no ``kind: deck`` document describes
    may provide any item: then only a near miss of a provided item is reported."""
    for condition in story.parsed:
        if condition.tree is None or condition.error is not None:
            continue
        for node_path in sorted(condition.spans, key=condition.spans.__getitem__):
            node = node_at(condition.tree, node_path)
            if node["op"] != "call" or node["name"] != "has" or not node["args"]:
                continue
            arg = node["args"][0]
            if arg["op"] != "const":
                continue
            item = arg["value"]
            missing = never_provided(story.pack, item)
            if missing is None:
                continue
            message, hint = missing
            if not story.pack.item_sources[1]:
                message += f": has(\"{item}\") is never true"
            yield Diagnostic("CF308", message, **story.where(condition.path),
                             offset=condition.column((*node_path, "args", 0)) - 1, hint=hint)


def never_provided(pack: PackIR, item: str) -> tuple[str, str] | None:
    """``(message, hint)`` when nothing in ``pack`` can provide ``item`` (see
    :attr:`~cardforge_compiler.resolve.PackIR.item_sources`), else ``None``. A pack
    whose purchases or Porter draw from a deck that no document describes may provide
    any item: then only a near miss of a provided item is reported. Shared with the
    pack's own conditions (``checks.pack_conditions``)."""
    provided, decks = pack.item_sources
    if item in provided:
        return None
    meant = did_you_mean(item, sorted(provided))
    if decks and meant is None:
        return None
    message = f"'{item}' is provided by no Character board, gain, purchase offer or deck card"
    if decks:
        message += f" (only a card of deck '{decks[0]}' could be it)"
    return message, meant or ("give the item somewhere (`gain: {items: [...]}`, an offer, a Character board, a "
                              "card of the Equipment deck or a Loot card with `keep: true`), or fix its name")


def _item_losses(ref) -> Iterator[tuple[object, tuple]]:  # noqa: ANN001
    """The ``lose`` effects of a step that take items, with their data paths: a
    ``lose`` step, and a roll's per-success ``lose``."""
    if ref.kind == "lose" and ref.step.lose.items:
        yield ref.step.lose, (*ref.path, "lose")
    elif ref.kind == "roll" and ref.step.roll.per_success.lose is not None and ref.step.roll.per_success.lose.items:
        yield ref.step.roll.per_success.lose, (*ref.path, "roll", "per_success", "lose")


def _requires(tree: dict, item: str, holds: bool = True) -> bool:
    """Whether a condition being ``holds`` (true, or false for an ``else``) implies
    ``has(item)``: ``has("X")`` itself, any part of an ``and`` (every part of an
    ``or``), through ``not``."""
    op = tree["op"]
    if op == "call":
        return (holds and tree["name"] == "has" and len(tree["args"]) == 1
                and tree["args"][0] == {"op": "const", "value": item})
    if op == "not":
        return _requires(tree["arg"], item, not holds)
    if op in ("and", "or"):
        parts = [_requires(arg, item, holds) for arg in tree["args"]]
        return any(parts) if (op == "and") == holds else all(parts)
    return False


def _guards(story: StoryIR, path: tuple) -> Iterator[tuple[dict | None, bool]]:
    """Every condition a step at ``path`` runs under: each enclosing ``if`` step
    (true in ``then``, false in ``else``) and each enclosing option's ``if``, as
    ``(tree, holds)``; the tree is ``None`` when the condition has an error of its
    own (reported by the condition checks)."""
    for k, part in enumerate(path):
        if part in ("then", "else") and k >= 1 and isinstance(path[k - 1], int):
            key, holds = (*path[:k], "if"), part == "then"
        elif part == "choice" and k + 2 < len(path) and path[k + 2] == "steps":
            key, holds = (*path[:k + 2], "if"), True
        else:
            continue
        if key in story.conditions:
            yield story.conditions[key], holds
        elif any(c.path == key for c in story.parsed):
            yield None, holds


@check("resolve", "CF309", "CF311")
def items_lost(story: StoryIR) -> Iterator[Diagnostic]:
    """Every item a step loses can be provided by something in the pack (as for
    ``has()``, CF308), and a ``who: one`` loss of items runs only where a ``has()``
    condition says someone holds them: otherwise the story ends ``stuck`` (reason
    ``not_held``) when nobody does (docs/rulings.md, Losing an item)."""
    for _card, ref in story.step_refs:
        for lose, path in _item_losses(ref):
            never = False
            for j, item in enumerate(lose.items):
                missing = never_provided(story.pack, item)
                if missing is None:
                    continue
                never = True
                message, hint = missing
                ending = ("this loss ends the story stuck (nobody holds it)" if lose.who == "one"
                          else "this loss never takes anything")
                yield Diagnostic("CF309", f"{message}: {ending}", **story.where((*path, "items", j)), hint=hint)
            if never or lose.who != "one":
                continue
            guards = list(_guards(story, ref.path))
            if any(tree is None for tree, _ in guards):
                continue  # the condition's own error is the one report
            unguarded = [item for item in lose.items
                         if not any(_requires(tree, item, holds) for tree, holds in guards)]
            if unguarded:
                test = " and ".join(f'has("{item}")' for item in unguarded)
                yield Diagnostic(
                    "CF311", f"this loses {', '.join(repr(i) for i in unguarded)} from one Character, but nothing "
                             f"checks that someone holds {'it' if len(unguarded) == 1 else 'them'}: if nobody does, "
                             f"the story ends stuck",
                    **story.where((*path, "items")),
                    hint=f"put the loss in an option or `if` step with `if: {test}`, and say in `else:` what "
                         f"happens without {'it' if len(unguarded) == 1 else 'them'}")

