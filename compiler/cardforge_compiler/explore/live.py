"""What is still **live** when a card is drawn: the parts of the state that some card
the players can still play can read. The explorer leaves the rest out of a state's
key (:mod:`.states`), so that states differing only in what no later card can see
are explored once (a classic live-variable analysis, over the story graph).

From a card, the cards still playable are those the story graph reaches (its
``edges``, a goto or an option's or objective's goto). Over them:

- a flag or counter is live when a condition reads it;
- coins are live when a condition reads ``coins`` or a ``purchase`` is offered (what
  the party can pay for);
- an item is live when ``has("...")`` asks for it or a ``lose`` takes it;
- a status token is live when ``status("...")`` asks for it, or for any token when a
  ``challenge`` or ``roll`` follows (tokens change the dice: Despair, Doom);
- Health: the most Wounds one Character can still suffer (``wounds``), the sum of
  the largest ``lose`` of health on each card of the worst path (a roll's
  ``per_success`` loss counted at the most successes of the most dice), ``None``
  (no limit) when a card that wounds lies on a loop. A Character with more Health
  tokens than that can no longer Fall, so more Health is the same state.

Dependencies: networkx (the condensation of the story graph).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardforge_compiler.explore.walk import mappings

__all__ = ["Live", "liveness"]


@dataclass(frozen=True)
class Live:
    """What is live at a card (module docstring): ``names`` (flags and counters),
    ``coins``, ``items``, ``tokens`` (status tokens), ``wounds`` (the most Wounds one
    Character can still suffer; ``None``: no limit)."""

    names: frozenset[str]
    coins: bool
    items: frozenset[str]
    tokens: frozenset[str]
    wounds: int | None


def _local(card: Mapping[str, Any], all_tokens: frozenset[str], most_successes: int, characters: int) -> Live:
    names: set[str] = set()
    items: set[str] = set()
    tokens: set[str] = set()
    coins = False
    wounds = 0
    for node in mappings(card["steps"]):
        op, kind = node.get("op"), node.get("kind")
        if op == "name":
            if node["name"] == "coins":
                coins = True
            else:
                names.add(node["name"])
        elif op == "call":
            values = {arg["value"] for arg in node["args"] if arg.get("op") == "const"}
            if node["name"] == "has":
                items |= values
            elif node["name"] == "status":
                tokens |= values
        if kind == "purchase":
            coins = True
        elif kind in ("challenge", "roll"):
            tokens |= all_tokens
        if kind == "lose":
            items |= set(node.get("items") or ())
            wounds += node.get("health") or 0
        if kind == "roll":
            lose = node.get("per_success", {}).get("lose") or {}
            items |= set(lose.get("items") or ())
            wounds += (lose.get("health") or 0) * most_successes * characters
    return Live(frozenset(names), coins, frozenset(items), frozenset(tokens), wounds)


def liveness(pack: Mapping[str, Any], story: Mapping[str, Any]) -> dict[int | None, Live]:
    """``{card id: Live}`` for every card of a bundle story, and ``None`` (the
    story's start, before its first card: the start card's). O(cards + edges)."""
    import networkx as nx

    all_tokens = frozenset(token["name"] for token in pack["status_tokens"])
    dice = pack["dice"]
    most_successes = 2 * dice["max_dice"]           # every die a double success
    characters = max(1, pack["players"]["max"])
    graph = nx.DiGraph()
    local = {}
    for card in story["cards"]:
        graph.add_node(card["id"])
        local[card["id"]] = _local(card, all_tokens, most_successes, characters)
    graph.add_edges_from((edge["from"], edge["to"]) for edge in story.get("edges", ())
                         if edge["from"] in local and edge["to"] in local)
    condensed = nx.condensation(graph)
    live_of: dict[int, Live] = {}
    for component in reversed(list(nx.topological_sort(condensed))):
        members = condensed.nodes[component]["members"]
        parts = [local[card] for card in members]
        loop = len(members) > 1 or any(graph.has_edge(card, card) for card in members)
        below = [live_of[nxt] for nxt in condensed.successors(component)]
        here_wounds = sum(p.wounds or 0 for p in parts)
        if loop and here_wounds:
            wounds: int | None = None
        elif any(b.wounds is None for b in below):
            wounds = None
        else:
            wounds = here_wounds + max((b.wounds or 0 for b in below), default=0)
        live_of[component] = Live(
            frozenset().union(*(p.names for p in parts), *(b.names for b in below)),
            any(p.coins for p in parts) or any(b.coins for b in below),
            frozenset().union(*(p.items for p in parts), *(b.items for b in below)),
            frozenset().union(*(p.tokens for p in parts), *(b.tokens for b in below)),
            wounds)
    mapping = condensed.graph["mapping"]
    out: dict[int | None, Live] = {card: live_of[mapping[card]] for card in local}
    out[None] = out.get(story["start"], Live(frozenset(), True, frozenset(), all_tokens, None))
    return out
