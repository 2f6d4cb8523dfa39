"""References between cards and to the pack manifest (resolve stage).

Runs before the story graph is built, so a reference to a missing card is reported
as exactly that, at the reference (Gascony's Legacy, Navigating Story Cards).
"""

from __future__ import annotations

from collections.abc import Iterator

from cardforge_compiler.checks import check
from cardforge_compiler.diagnostics import Diagnostic, card_hint, did_you_mean
from cardforge_compiler.conditions import node_at
from cardforge_compiler.resolve import StoryIR

__all__ = ["card_references", "items_asked_for", "stats_and_status_tokens", "story_start"]


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
    for other in story.pack.stories:
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
    something in the pack: a Character board, a ``gain``, a purchase offer (like a
    flag that is read, an item must be obtainable somewhere). A pack that draws
    from a deck may provide any item, since the format does not list a deck's cards:
    then only a near miss of a provided item is reported."""
    provided, decks = story.pack.item_sources
    for condition in story.parsed:
        if condition.tree is None or condition.error is not None:
            continue
        for node_path in sorted(condition.spans, key=condition.spans.__getitem__):
            node = node_at(condition.tree, node_path)
            if node["op"] != "call" or node["name"] != "has" or not node["args"]:
                continue
            arg = node["args"][0]
            if arg["op"] != "const" or arg["value"] in provided:
                continue
            item = arg["value"]
            meant = did_you_mean(item, sorted(provided))
            if decks and meant is None:
                continue
            if decks:
                message = (f"'{item}' is provided by no Character board, gain or purchase offer (only a card of "
                           f"deck '{decks[0]}' could be it)")
            else:
                message = f"'{item}' is provided by no Character board, gain or purchase offer: has(\"{item}\") " \
                          f"is never true"
            yield Diagnostic(
                "CF308", message,
                **story.where(condition.path), offset=condition.column((*node_path, "args", 0)) - 1,
                hint=meant or "give the item somewhere (`gain: {items: [...]}`, an offer, a Character board), "
                              "or fix its name")
