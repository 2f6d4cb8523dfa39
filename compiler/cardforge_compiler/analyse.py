"""Stage 4, analyse: the control flow inside each card and one graph per story.

Inside a card, steps run in order; ``goto``, ``victory``, ``defeat`` and ``battle``
end the card; a branch (choice option, challenge outcome, ``if``) that does not
end the card continues after the step that holds it. The flow walk records every
way forward (an :class:`Edge`), every ending, every place where control can run
off the end of the card (a dead end), steps that can never run, and options
that can never be offered.

The story graph (``networkx.MultiDiGraph``) has exactly the story's cards as
nodes and one edge per way forward, carrying ``via`` (``goto``, ``option``,
``pass``, ``fail``, ``objective``, ``then``, ``else``), a ``label`` and the
``conditions`` it needs. References are checked before (resolve stage), and an
edge to a card that does not exist is never added.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import networkx as nx

from cardforge_compiler.conditions import static_value
from cardforge_compiler.model import step_kind
from cardforge_compiler.resolve import CardIR, StoryIR

__all__ = ["Edge", "StoryAnalysis", "analyse_story", "witness_path"]


@dataclass(frozen=True)
class Edge:
    """A way forward from card ``source`` to card ``target`` (``target`` is ``None``
    for an ending: then ``via`` is ``victory`` or ``defeat``)."""

    source: int
    target: int | None
    via: str
    label: str
    conditions: tuple[dict, ...]
    path: tuple


@dataclass
class StoryAnalysis:
    """Everything the analyse-stage checks and the emitter need about one story.

    ``broken`` holds the cards with a reference to a card that does not exist
    (already reported as CF301/CF306): graph checks do not blame them again."""

    story: StoryIR
    graph: Any = None
    edges: list[Edge] = field(default_factory=list)
    endings: dict[int, set[str]] = field(default_factory=dict)
    dead_ends: dict[int, list[tuple[tuple, str]]] = field(default_factory=dict)
    unreachable_steps: list[tuple[int, tuple]] = field(default_factory=list)
    never_offered: list[tuple[int, tuple, str]] = field(default_factory=list)
    stuck_choices: list[tuple[int, tuple]] = field(default_factory=list)
    broken: set[int] = field(default_factory=set)
    known: dict[str, Any] = field(default_factory=dict)
    writes: dict[str, list[tuple]] = field(default_factory=dict)
    reads: dict[str, list[tuple]] = field(default_factory=dict)

    @property
    def reachable(self) -> set[int]:
        """Cards reachable from the story's start (empty if the start is invalid)."""
        start = self.story.model.start
        if start not in self.graph:
            return set()
        return {start} | nx.descendants(self.graph, start)


def _usage(analysis: StoryAnalysis) -> None:
    """Which names are written where, which are read where, and the value of every
    name that no step can change (flags nothing sets true; counters nothing changes)."""
    from cardforge_compiler.conditions import names_read

    story = analysis.story
    changed: set[str] = set()
    for _card, ref in story.step_refs:
        if ref.kind in ("set", "add"):
            for name, value in getattr(ref.step, ref.kind).items():
                analysis.writes.setdefault(name, []).append((*ref.path, ref.kind, name))
                initial = story.model.counters.get(name, False)
                if ref.kind == "add" or value != initial:
                    changed.add(name)
        elif ref.kind == "clear":
            for j, name in enumerate(ref.step.clear):
                analysis.writes.setdefault(name, []).append((*ref.path, "clear", j))
    for path, tree in story.conditions.items():
        for name in names_read(tree):
            analysis.reads.setdefault(name, []).append(path)
    analysis.known = {flag: False for flag in story.model.flags if flag not in changed}
    analysis.known.update({c: v for c, v in story.model.counters.items() if c not in changed})


class _CardFlow:
    def __init__(self, analysis: StoryAnalysis, card: CardIR) -> None:
        self.analysis = analysis
        self.story = analysis.story
        self.card = card

    def edge(self, target: int, path: tuple, via: str, label: str, conds: tuple) -> None:
        self.analysis.edges.append(Edge(self.card.id, target, via, label, conds, path))
        if target not in self.story.cards:
            self.analysis.broken.add(self.card.id)

    def ending(self, kind: str, path: tuple, label: str, conds: tuple) -> None:
        self.analysis.endings.setdefault(self.card.id, set()).add(kind)
        self.analysis.edges.append(Edge(self.card.id, None, kind, label, conds, path))

    def blocked(self, conds: tuple) -> bool:
        return any(static_value(c, self.analysis.known) is False for c in conds)

    def run(self) -> None:
        entry = (("cards", self.card.path[1], "id"), "card")
        alive = self.flow(self.card.model.steps, (*self.card.path, "steps"), entry, (), "goto", "")
        if alive:
            self.analysis.dead_ends[self.card.id] = alive

    def flow(self, steps: list, base: tuple, entry: tuple, conds: tuple, via: str, label: str) -> list:
        """Walk one step list; return the fall points (path, what) still alive at its end."""
        alive = [entry]
        for i, step in enumerate(steps):
            here = (*base, i)
            if not alive:
                self.analysis.unreachable_steps.append((self.card.id, here))
                break
            kind = step_kind(step)
            if kind == "goto":
                self.edge(step.goto, (*here, "goto"), via, label, conds)
                alive = []
            elif kind in ("victory", "defeat"):
                self.ending(kind, (*here, kind), label, conds)
                alive = []
            elif kind == "battle":
                for j, objective in enumerate(step.battle.objectives):
                    path = (*here, "battle", "objectives", j)
                    if objective.goto is not None:
                        self.edge(objective.goto, (*path, "goto"), "objective", objective.objective, conds)
                    else:
                        self.ending("victory", (*path, "victory"), objective.objective, conds)
                alive = []
            elif kind == "choice":
                alive = self.choice(step, here, conds)
            elif kind == "challenge":
                challenge = step.challenge
                alive = []
                for outcome, branch in (("pass", challenge.pass_), ("fail", challenge.fail)):
                    path = (*here, "challenge", outcome)
                    what = f"the {outcome} branch of the {challenge.successes}-{challenge.stat} Challenge"
                    alive += self.flow(branch, path, (path, what), conds, outcome,
                                       f"{challenge.successes}-{challenge.stat} Challenge: {outcome}")
            elif kind == "if":
                tree = self.story.conditions.get((*here, "if"))
                alive = []
                for name, branch, cond in (("then", step.then, tree),
                                           ("else", step.else_, {"op": "not", "arg": tree} if tree else None)):
                    branch_conds = (*conds, cond) if cond else conds
                    if self.blocked(branch_conds):
                        continue
                    if name == "then" or step.else_:
                        entry = ((*here, name), f"the `{name}` branch")
                    else:
                        entry = ((*here, "if"), "the `if` step when its condition fails")
                    alive += self.flow(branch, (*here, name), entry, branch_conds, name, f"{name}: {step.if_}")
        return alive

    def choice(self, step: Any, here: tuple, conds: tuple) -> list:
        alive: list = []
        offered = 0
        for j, option in enumerate(step.choice):
            path = (*here, "choice", j)
            tree = self.story.conditions.get((*path, "if"))
            option_conds = (*conds, tree) if tree else conds
            if option.if_ is not None and self.blocked(option_conds):
                self.analysis.never_offered.append((self.card.id, (*path, "if"), option.if_))
                continue
            offered += 1
            sub = self.flow(option.steps, (*path, "steps"), ((*path, "text"), f"option '{option.text}'"),
                            option_conds, "option", option.text)
            if option.goto is not None and sub:
                self.edge(option.goto, (*path, "goto"), "option", option.text, option_conds)
                sub = []
            alive += sub
        if offered == 0:
            self.analysis.stuck_choices.append((self.card.id, here))
        return alive


def analyse_story(story: StoryIR) -> StoryAnalysis:
    """Walk every card's flow and build the story graph.

    Returns a :class:`StoryAnalysis`. The graph's nodes are exactly the story's
    card ids (an ``AssertionError`` otherwise: that would be a compiler bug).
    """
    analysis = StoryAnalysis(story)
    _usage(analysis)
    for card in story.cards.values():
        _CardFlow(analysis, card).run()
    graph = nx.MultiDiGraph()
    for card_id, card in story.cards.items():
        graph.add_node(card_id, title=card.model.title, endings=sorted(analysis.endings.get(card_id, ())))
    for edge in analysis.edges:
        if edge.target is not None and edge.target in story.cards:
            graph.add_edge(edge.source, edge.target, via=edge.via, label=edge.label, conditions=edge.conditions)
    assert set(graph.nodes) == set(story.cards), "story graph must hold exactly the declared cards"
    analysis.graph = graph
    return analysis


def witness_path(analysis: StoryAnalysis, card: int) -> list[tuple[int, dict | None]] | None:
    """A shortest way from the story's start to ``card``: a list of ``(card, edge
    data leading to the next card)``; ``None`` when the card cannot be reached.
    Conditions on the way are reported, not solved."""
    start = analysis.story.model.start
    if start not in analysis.graph or card not in analysis.graph:
        return None
    try:
        nodes = nx.shortest_path(analysis.graph, start, card)
    except nx.NetworkXNoPath:
        return None
    out: list[tuple[int, dict | None]] = []
    for a, b in zip(nodes, nodes[1:]):
        options = list(analysis.graph.get_edge_data(a, b).values())
        options.sort(key=lambda d: (len(d["conditions"]), d["via"], d["label"]))
        out.append((a, options[0]))
    out.append((card, None))
    return out
