"""The exact probability of each ending of a story: an absorbing Markov chain over the
graph the state explorer builds (``cardforge_compiler.explore``), solved with exact
``Fraction`` arithmetic.

The graph (the explorer's ``Exploration.graph``, or any object with these four
attributes):

- ``start: dict[node, Fraction]``: where play begins (weights summing to 1);
- ``edges: dict[node, list[tuple[Fraction, node]]]``: from each node, the chance of
  each next node (weights summing to 1; the players choose uniformly among the options
  on offer, dice come up with their exact chances, no Destiny rerolls);
- ``terminal: dict[node, str]``: nodes where the story is over, with the result
  (``"victory"``, ``"defeat"``, ``"stuck"``, ...);
- ``open: set[node]``: nodes the explorer did not expand (its budget ran out).

Nodes are any hashable keys. Terminal and open nodes absorb: edges out of them, if
any, are not followed. For every result ``r`` the answer is the chance of reaching a
terminal node with result ``r``; mass that stays forever among nodes that can reach no
terminal or open node (a loop with no way out) is the "never ends" mass. When
``open`` is not empty the chance is a bound: at least the chance of reaching ``r``
without passing an open node, at most that plus the chance of reaching an open node
(whatever happens beyond it).

How: the transient nodes' absorption chances satisfy ``x = P x + b``; the strongly
connected components of the transient graph (networkx's ``condensation``) are solved
one at a time, sinks first, by Gaussian elimination over ``Fraction`` on sparse
rows. A component with no edge leaving it is a trap (every chance 0); any other has a
non-singular ``I - P`` (a sub-stochastic irreducible block that leaks).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

__all__ = ["MAX_WORK", "OPEN", "EndingOdds", "OddsTooCostly", "StoryGraph", "ending_odds", "ending_section", "story_results"]

#: The outcome key under which mass that reaches an open node is counted.
OPEN = "\0open"

Node = Hashable


class StoryGraph(Protocol):
    """What :func:`ending_odds` reads (the explorer's ``Exploration.graph``)."""

    start: Mapping[Any, Fraction]
    edges: Mapping[Any, list[tuple[Fraction, Any]]]
    terminal: Mapping[Any, str]
    open: set[Any]


@dataclass(frozen=True)
class EndingOdds:
    """The chance of each ending, exact.

    Attributes:
        low: ``{result: chance}`` for every result named in ``terminal`` (sorted by
            name): the chance of reaching that result without passing an open node.
            Exact when ``open`` is 0.
        open: the chance of reaching an open (unexpanded) node first: 0 when the
            exploration was complete.
        never: the chance of never reaching a terminal or open node (play loops
            forever among nodes that cannot reach one: a trap).
        states: the number of nodes reachable from the start.

    ``sum(low.values()) + open + never == 1`` exactly.
    """

    low: dict[str, Fraction]
    open: Fraction
    never: Fraction
    states: int = 0
    high: dict[str, Fraction] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "high", {r: p + self.open for r, p in self.low.items()})

    @property
    def exact(self) -> bool:
        """True when no mass reaches an open node: every chance is exact."""
        return self.open == 0

    @property
    def never_high(self) -> Fraction:
        """The most the "never ends" chance can be: ``never`` plus the open mass."""
        return self.never + self.open


def _weight(value: Any, where: str) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        raise ValueError(f"{where}: a weight must be an exact Fraction (or int), not {value!r}")
    value = Fraction(value)
    if value < 0:
        raise ValueError(f"{where}: a weight must be at least 0, not {value}")
    return value


def _check(graph: StoryGraph) -> tuple[dict[Node, Fraction], dict[Node, dict[Node, Fraction]]]:
    """The start weights and the transient nodes' edges reachable from the start
    (``{node: {next: chance}}``, zero weights and parallel edges merged), checked.

    Raises:
        ValueError: a negative or inexact weight; start weights or a node's edge
            weights that do not sum to 1; a reachable node that is neither terminal,
            open, nor has edges; a node both terminal and open.
    """
    both = set(graph.terminal) & set(graph.open)
    if both:
        raise ValueError(f"{len(both)} node(s) are both terminal and open, e.g. {next(iter(both))!r}")
    start: dict[Node, Fraction] = {}
    for node, weight in graph.start.items():
        start[node] = start.get(node, Fraction(0)) + _weight(weight, f"start weight of {node!r}")
    if sum(start.values(), Fraction(0)) != 1:
        raise ValueError(f"the start weights sum to {sum(start.values(), Fraction(0))}, not 1")
    edges: dict[Node, dict[Node, Fraction]] = {}
    stack = [n for n, w in start.items() if w]
    seen = set(stack)
    while stack:
        node = stack.pop()
        if node in graph.terminal or node in graph.open:
            continue
        out = graph.edges.get(node)
        if not out:
            raise ValueError(f"node {node!r} has no edges and is neither terminal nor open")
        merged: dict[Node, Fraction] = {}
        for weight, nxt in out:
            weight = _weight(weight, f"edge {node!r} -> {nxt!r}")
            if weight:
                merged[nxt] = merged.get(nxt, Fraction(0)) + weight
        total = sum(merged.values(), Fraction(0))
        if total != 1:
            raise ValueError(f"the edges out of node {node!r} sum to {total}, not 1")
        edges[node] = merged
        for nxt in merged:
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return start, edges


def _solve(rows: dict[Node, dict[Node, Fraction]], rhs: dict[Node, dict[str, Fraction]],
           limit: int) -> dict[Node, dict[str, Fraction]]:
    """Solve ``A x = b`` exactly by Gaussian elimination on sparse rows, then back
    substitution: ``rows[v]`` is row ``v`` of ``A`` (``{column: coefficient}``, the
    columns are the same keys as the rows), ``rhs[v]`` its right-hand side
    (``{outcome: value}``, one system per outcome, solved together). ``A`` must be
    non-singular. Columns are eliminated in the order of ``rows`` (a story's forward
    order keeps the fill-in small). Returns ``{v: {outcome: value}}`` (zero values left
    out). The inputs are consumed.

    Raises:
        OddsTooCostly: the elimination would take more than ``limit`` row
            operations (a large component that fills in: each operation is a
            product of fractions, tens of microseconds).
    """
    where: dict[Node, set[Node]] = {}            # column -> rows not yet pivots that hold it
    for v, row in rows.items():
        for c in row:
            where.setdefault(c, set()).add(v)
    order: list[tuple[Node, Node]] = []          # (column, its pivot row), in elimination order
    work = 0                                     # row operations so far (each a Fraction product)
    for col in list(rows):
        candidates = where.pop(col, set())
        if not candidates:
            raise ArithmeticError("singular system: a component that leaks has no pivot")   # pragma: no cover
        pivot = col if col in candidates else min(candidates, key=lambda v: (len(rows[v]), str(v)))
        candidates.discard(pivot)
        row, b = rows[pivot], rhs[pivot]
        for c in row:
            if c != col:
                where[c].discard(pivot)
        work += len(candidates) * len(row)
        if work > limit:
            raise OddsTooCostly(f"more than {limit:,} steps of elimination: the chain is too large to solve exactly")
        for other in candidates:
            target, target_b = rows[other], rhs[other]
            factor = target.pop(col) / row[col]
            for c, value in row.items():
                if c == col:
                    continue
                new = target.get(c, Fraction(0)) - factor * value
                if new:
                    target[c] = new
                    where[c].add(other)
                else:
                    target.pop(c, None)
                    where[c].discard(other)
            for o, value in b.items():
                new = target_b.get(o, Fraction(0)) - factor * value
                if new:
                    target_b[o] = new
                else:
                    target_b.pop(o, None)
        order.append((col, pivot))
    solved: dict[Node, dict[str, Fraction]] = {}
    for col, pivot in reversed(order):
        row, total = rows[pivot], dict(rhs[pivot])
        for c, value in row.items():
            if c != col:
                for o, x in solved[c].items():
                    total[o] = total.get(o, Fraction(0)) - value * x
        solved[col] = {o: v / row[col] for o, v in total.items() if v}
    return solved


def _components(edges: Mapping[Node, Mapping[Node, Fraction]]) -> Iterable[list[Node]]:
    """The strongly connected components of the transient graph, each before any
    component that leads to it (sinks first), each's nodes in the order of ``edges``
    (the order the elimination follows)."""
    import networkx as nx

    digraph = nx.DiGraph()
    digraph.add_nodes_from(edges)
    digraph.add_edges_from((v, w) for v, out in edges.items() for w in out if w in edges)
    dag = nx.condensation(digraph)
    position = {v: i for i, v in enumerate(edges)}
    for component in reversed(list(nx.topological_sort(dag))):
        yield sorted(dag.nodes[component]["members"], key=position.__getitem__)


class OddsTooCostly(ArithmeticError):
    """The exact solution would take too long (:func:`ending_odds`'s ``limit``)."""


#: The most row operations one component's elimination may take (``ending_odds``): a
#: few hundred states of one loop that all reach each other can otherwise take minutes.
MAX_WORK = 100_000


def ending_odds(graph: StoryGraph, results: Iterable[str] = (), *, limit: int = MAX_WORK) -> EndingOdds:
    """The chance of each result of ``graph`` (module docstring), exact.

    Args:
        graph: ``start``, ``edges``, ``terminal``, ``open`` as described above; only
            the nodes reachable from the start are read.
        results: results the story can end with besides those named in ``terminal``
            (:func:`story_results`): when the exploration stopped short, a result it
            never reached still gets its range (0 up to the open mass).

    Returns:
        an :class:`EndingOdds`: ``low`` per result (every result named in
        ``terminal`` or ``results``, reached or not), the ``open`` mass and the
        ``never`` mass.

    Raises:
        OddsTooCostly: a component would take more than ``limit`` row operations.
        ValueError: the graph is malformed (``_check``: weights not summing to 1,
            negative or float weights, a reachable node with no edges that is neither
            terminal nor open, a node both terminal and open).

    Model (docs/stats.md, Ending odds): each node's edges carry the chances the
    explorer gives them (options chosen uniformly among those on offer; dice with the
    exact chances of Gascony's Legacy, Dice Rolls; no Destiny rerolls).
    """
    start, edges = _check(graph)

    def known(node: Node) -> dict[str, Fraction] | None:
        if node in graph.terminal:
            return {graph.terminal[node]: Fraction(1)}
        if node in graph.open:
            return {OPEN: Fraction(1)}
        return None

    value: dict[Node, dict[str, Fraction]] = {}
    for component in _components(edges):
        inside = set(component)
        leaks = any(w not in inside for v in component for w in edges[v])
        if not leaks:                           # a trap: play never leaves it
            for v in component:
                value[v] = {}
            continue
        rows: dict[Node, dict[Node, Fraction]] = {}
        rhs: dict[Node, dict[str, Fraction]] = {}
        for v in component:
            row = {v: Fraction(1)}
            b: dict[str, Fraction] = {}
            for w, p in edges[v].items():
                if w in inside:
                    row[w] = row.get(w, Fraction(0)) - p
                    if not row[w]:
                        del row[w]
                else:
                    for outcome, q in (known(w) or value[w]).items():
                        b[outcome] = b.get(outcome, Fraction(0)) + p * q
            rows[v], rhs[v] = row, b
        value.update(_solve(rows, rhs, limit))
    totals: dict[str, Fraction] = {}
    for node, weight in start.items():
        for outcome, q in (known(node) or value[node]).items():
            totals[outcome] = totals.get(outcome, Fraction(0)) + weight * q
    opened = totals.pop(OPEN, Fraction(0))
    low = {r: totals.get(r, Fraction(0)) for r in sorted({*graph.terminal.values(), *results})}
    never = 1 - sum(low.values(), Fraction(0)) - opened
    reachable = {n for n, w in start.items() if w} | set(edges) | {w for out in edges.values() for w in out}
    return EndingOdds(low=low, open=opened, never=never, states=len(reachable))


def story_results(story: Mapping[str, Any]) -> list[str]:
    """The results a bundle story (``Bundle.find_story``'s JSON) can end with: its
    cards' ``endings`` (docs/bundle.md: ``"victory"``/``"defeat"`` when a card's
    steps end the story), and ``defeat`` when it has a Battle (a Battle can be lost:
    Gascony's Legacy, Battles); sorted. ``stuck`` is not among them: it is never
    written, only reached."""
    from cardforge_compiler.explore.walk import mappings

    found = {result for card in story.get("cards", []) for result in card.get("endings", [])}
    if any(item.get("kind") == "battle" for item in mappings(story.get("cards", []))):
        found.add("defeat")
    return sorted(found)


def ending_section(graph: StoryGraph, results: Iterable[str] = ()) -> dict[str, Any]:
    """The ending odds of ``graph`` as the JSON document's ``endings`` section of a
    story (docs/stats.md, Ending odds)::

        {"states": 52, "exact": true,
         "results": [{"result": "victory", "low": CHANCE, "high": CHANCE}, ...],
         "open": CHANCE, "never_ends": {"low": CHANCE, "high": CHANCE}}

    ``CHANCE`` is ``stats.chance``'s ``{"fraction": "n/d", "percent": ...}``; ``low``
    and ``high`` are equal when ``exact`` (no open node reached); when not, each
    bound is rounded outward to a multiple of ``1/BOUND_DENOMINATOR`` (``low`` down,
    ``high`` and ``open`` up), so it still holds; ``results`` as
    :func:`ending_odds` takes them. Raises as :func:`ending_odds`."""
    from cardforge_compiler.stats import chance

    odds = ending_odds(graph, results)
    if odds.exact:
        low, high, opened, never = odds.low, odds.high, odds.open, (odds.never, odds.never_high)
    else:   # bounds: rounded outward, so that they still hold and stay short to print
        low = {r: _down(p) for r, p in odds.low.items()}
        high = {r: _up(p) for r, p in odds.high.items()}
        opened, never = _up(odds.open), (_down(odds.never), _up(odds.never_high))
    return {"states": odds.states, "exact": odds.exact,
            "results": [{"result": r, "low": chance(low[r]), "high": chance(high[r])} for r in low],
            "open": chance(opened),
            "never_ends": {"low": chance(never[0]), "high": chance(never[1])}}


#: The denominator bounds are rounded to (outward) when a chance is a range: deep
#: explorations give fractions of thousands of digits.
BOUND_DENOMINATOR = 10**12


def _down(p: Fraction) -> Fraction:
    """``p`` rounded down to a multiple of ``1/BOUND_DENOMINATOR``."""
    return Fraction(math.floor(p * BOUND_DENOMINATOR), BOUND_DENOMINATOR)


def _up(p: Fraction) -> Fraction:
    """``p`` rounded up to a multiple of ``1/BOUND_DENOMINATOR``."""
    return Fraction(math.ceil(p * BOUND_DENOMINATOR), BOUND_DENOMINATOR)
