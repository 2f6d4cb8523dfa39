"""The story graph (analyse stage): unreachable cards, traps, cards doomed to Defeat.

Uses networkx: descendants of the start for reachability; reverse multi-source
search from the ending cards for "can this card still end the story".
"""

from __future__ import annotations

from collections.abc import Iterator

import networkx as nx

from cardforge_compiler.analyse import StoryAnalysis
from cardforge_compiler.checks import check
from cardforge_compiler.diagnostics import Diagnostic, listed

__all__ = ["traps", "unreachable_cards"]


def _cards(ids) -> str:  # noqa: ANN001
    return listed(sorted(ids))


def _can_reach(graph: nx.MultiDiGraph, targets: set[int]) -> set[int]:
    """Cards from which one of ``targets`` can be reached (the targets included)."""
    if not targets:
        return set()
    return set(nx.multi_source_dijkstra_path_length(graph.reverse(copy=False), targets))


@check("analyse", "CF401")
def unreachable_cards(analysis: StoryAnalysis) -> Iterator[Diagnostic]:
    """Cards that no path from the story's start reaches, reported once per
    unreachable region, at the card where a link is missing (the entry of the
    region: the smallest card of each region that nothing outside it leads to);
    the message names the cards that are unreachable only because of it."""
    story = analysis.story
    if story.model.start not in story.cards:
        return
    reachable = analysis.reachable
    lost = [c for c in story.cards if c not in reachable]
    if not lost:
        return
    condensed = nx.condensation(analysis.graph.subgraph(lost))
    for component in sorted(condensed.nodes, key=lambda n: min(condensed.nodes[n]["members"])):
        if condensed.in_degree(component) != 0:
            continue
        members = condensed.nodes[component]["members"]
        entry = min(members)
        behind = (set(members) | {m for d in nx.descendants(condensed, component)
                                  for m in condensed.nodes[d]["members"]}) - {entry}
        before = [c for c in sorted(reachable) if c < entry]
        near = before[-1] if before else min(reachable)
        also = f" (nor can card(s) {_cards(behind)}, reached only through it)" if behind else ""
        yield Diagnostic("CF401", f"card {entry} cannot be reached from the start card {story.model.start}{also}",
                         **story.where((*story.cards[entry].path, "id")),
                         hint=f"no reachable card links here: add `goto: {entry}` to a reachable card, such as {near}")


@check("analyse", "CF403", "CF404")
def traps(analysis: StoryAnalysis) -> Iterator[Diagnostic]:
    """Reachable cards from which no ending can be reached (a loop with no way out),
    and cards from which every path ends in Defeat."""
    story, graph = analysis.story, analysis.graph
    reachable = analysis.reachable
    ending = _can_reach(graph, set(analysis.endings))
    winning = _can_reach(graph, {c for c, kinds in analysis.endings.items() if "victory" in kinds})
    explained = _can_reach(graph, set(analysis.dead_ends) | {c for c, _ in analysis.stuck_choices} | analysis.broken)
    for card_id in sorted(reachable - ending - explained):
        loop = {card_id} | nx.descendants(graph, card_id)
        yield Diagnostic(
            "CF403", f"no ending can be reached from card {card_id}: it leads only to card(s) {_cards(loop)}, "
                     f"a loop with no way out",
            **story.where((*story.cards[card_id].path, "id")),
            hint="give one card of the loop a way out (a goto to a card that can reach Victory)")
    for card_id in sorted((reachable & ending) - winning - explained):
        if graph.out_degree(card_id) == 0:
            continue  # a Defeat card itself
        yield Diagnostic("CF404", f"every path from card {card_id} ends in Defeat",
                         **story.where((*story.cards[card_id].path, "id")),
                         hint="if that is intended, ignore this warning; otherwise add a way to Victory")
