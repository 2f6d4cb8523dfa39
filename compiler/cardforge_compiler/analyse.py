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

import difflib
import functools
from collections import deque
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

from cardforge_compiler.conditions import names_read, static_value
from cardforge_compiler.model import step_kind
from cardforge_compiler.resolve import CardIR, StoryIR
from cardforge_runtime.format import apply_values

__all__ = ["Edge", "StoryAnalysis", "analyse_story", "witness_path"]


@dataclass(frozen=True)
class Edge:
    """A way forward from card ``source`` to card ``target`` (``target`` is ``None``
    for an ending: then ``via`` is ``victory`` or ``defeat``). ``conditions`` must
    all hold to take it; ``effects`` are the ``set``/``add``/``clear`` steps met on
    the way inside the card (``(kind, step)`` pairs)."""

    source: int
    target: int | None
    via: str
    label: str
    conditions: tuple[dict, ...]
    path: tuple
    effects: tuple = ()


@dataclass
class StoryAnalysis:
    """Everything the analyse-stage checks and the emitter need about one story.

    ``broken`` holds the cards with a reference to a card that does not exist
    (already reported as CF301/CF306): graph checks do not blame them again.

    ``known`` holds the value of every name that no write that can run changes.
    Only writes that can run count (Gascony's Legacy, Event Cards: "What's
    available may be based on your decisions"): a flag set only in an option that
    is never offered, or on a card that cannot be reached, is never set. The
    analysis starts from "every write runs" and drops the writes the flow never
    reaches until nothing changes (a write guarded only by its own flag is still
    counted: the result is never stricter than play)."""

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
    ran_writes: set[tuple[int, tuple]] = field(default_factory=set)
    live_writes: set[tuple] | None = None

    def runs(self, step_path: tuple) -> bool:
        """Whether the ``set``/``add``/``clear`` step at ``step_path`` can run: its
        card is reachable and the flow reaches it (``live_writes`` is ``None`` when
        every one can)."""
        return self.live_writes is None or step_path in self.live_writes

    @functools.cached_property
    def reachable(self) -> set[int]:
        """Cards reachable from the story's start (empty if the start is invalid);
        computed once, after the graph is built."""
        start = self.story.model.start
        if start not in self.graph:
            return set()
        return {start} | nx.descendants(self.graph, start)


def _usage(analysis: StoryAnalysis) -> None:
    """Which names are written where (every ``set``/``add``/``clear``, whether it
    can run or not) and which are read where."""
    story = analysis.story
    for _card, ref in story.step_refs:
        if ref.kind in ("set", "add"):
            for name in getattr(ref.step, ref.kind):
                analysis.writes.setdefault(name, []).append((*ref.path, ref.kind, name))
        elif ref.kind == "clear":
            for j, name in enumerate(ref.step.clear):
                analysis.writes.setdefault(name, []).append((*ref.path, "clear", j))
    # A condition with a type error still reads its names, a misspelled name reads
    # the declared name it resembles (the one CF202's "did you mean" names), and a
    # condition that cannot be parsed reads the declared names its words spell: one
    # fault, one report, never a CF504 beside it.
    declared = sorted(set(story.model.flags) | set(story.model.counters))
    for condition in story.parsed:
        read = names_read(condition.tree) if condition.tree is not None else list(condition.spelled)
        for name in read:
            if name not in story.names:
                meant = difflib.get_close_matches(name, declared, n=1, cutoff=0.6)
                name = meant[0] if meant else name
            analysis.reads.setdefault(name, []).append(condition.path)


def _known(story: StoryIR, live: set[tuple] | None) -> dict[str, Any]:
    """The value of every name that no step among ``live`` (step paths; ``None``:
    every step) changes: flags nothing sets true stay false, counters nothing
    changes keep their start."""
    changed: set[str] = set()
    for _card, ref in story.step_refs:
        if ref.kind not in ("set", "add") or (live is not None and ref.path not in live):
            continue
        for name, value in getattr(ref.step, ref.kind).items():
            if ref.kind == "add" or value != story.model.counters.get(name, False):
                changed.add(name)
    known: dict[str, Any] = {flag: False for flag in story.model.flags if flag not in changed}
    known.update({c: v for c, v in story.model.counters.items() if c not in changed})
    return known


def _may_do_nothing(challenge: Any) -> bool:
    """Whether a Challenge may run neither branch (docs/format.md, Cards that name a
    Character): its named ``character`` cannot act and ``otherwise`` is ``skip``, or
    ``except`` bars every Character in play (whatever its ``who``)."""
    skipped = challenge.character is not None and challenge.otherwise == "skip"
    return skipped or bool(challenge.except_)


class _CardFlow:
    def __init__(self, analysis: StoryAnalysis, card: CardIR) -> None:
        self.analysis = analysis
        self.story = analysis.story
        self.card = card
        self.effects: tuple = ()

    def edge(self, target: int, path: tuple, via: str, label: str, conds: tuple) -> None:
        self.analysis.edges.append(Edge(self.card.id, target, via, label, conds, path, self.effects))
        if target not in self.story.cards:
            self.analysis.broken.add(self.card.id)

    def ending(self, kind: str, path: tuple, label: str, conds: tuple) -> None:
        self.analysis.endings.setdefault(self.card.id, set()).add(kind)
        self.analysis.edges.append(Edge(self.card.id, None, kind, label, conds, path, self.effects))

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
            before = self.effects
            if kind in ("set", "add", "clear"):
                self.effects = (*self.effects, (kind, getattr(step, kind)))
                self.analysis.ran_writes.add((self.card.id, here))
            elif kind == "goto":
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
                    self.effects = before
                    path = (*here, "challenge", outcome)
                    what = f"the {outcome} branch of the {challenge.successes}-{challenge.stat} Challenge"
                    alive += self.flow(branch, path, (path, what), conds, outcome,
                                       f"{challenge.successes}-{challenge.stat} Challenge: {outcome}")
                self.effects = before
                if _may_do_nothing(challenge):
                    alive.append(((*here, "challenge"), f"the {challenge.successes}-{challenge.stat} Challenge "
                                  "when nobody can take it (`otherwise: skip`, or `except` bars everyone in play)"))
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
                    self.effects = before
                    alive += self.flow(branch, (*here, name), entry, branch_conds, name, f"{name}: {step.if_}")
            self.effects = before if kind in ("choice", "challenge", "if") else self.effects
        return alive

    def choice(self, step: Any, here: tuple, conds: tuple) -> list:
        alive: list = []
        offered = 0
        before = self.effects
        for j, option in enumerate(step.choice):
            self.effects = before
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
            elif option.goto is not None:
                self.analysis.unreachable_steps.append((self.card.id, (*path, "goto")))
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
    live: set[tuple] | None = None
    while True:
        _flow_and_graph(analysis, live)
        runs = {path for card, path in analysis.ran_writes if card in analysis.reachable}
        if live is None and len(runs) == len(_write_steps(story)) or runs == live:
            break
        live = runs  # fewer writes can run: more names are known, perhaps fewer writes run
    analysis.live_writes = live
    return analysis


def _write_steps(story: StoryIR) -> list[tuple]:
    return [ref.path for _card, ref in story.step_refs if ref.kind in ("set", "add", "clear")]


def _flow_and_graph(analysis: StoryAnalysis, live: set[tuple] | None) -> None:
    """One pass: the known values given the ``live`` writes, every card's flow, the graph."""
    story = analysis.story
    analysis.known = _known(story, live)
    for name in ("edges", "unreachable_steps", "never_offered", "stuck_choices"):
        setattr(analysis, name, [])
    analysis.endings, analysis.dead_ends, analysis.broken, analysis.ran_writes = {}, {}, set(), set()
    analysis.__dict__.pop("reachable", None)
    for card in story.cards.values():
        _CardFlow(analysis, card).run()
    graph = nx.MultiDiGraph()
    for card_id, card in story.cards.items():
        graph.add_node(card_id, title=card.model.title, endings=sorted(analysis.endings.get(card_id, ())))
    for edge in analysis.edges:
        if edge.target is not None and edge.target in story.cards:
            graph.add_edge(edge.source, edge.target, via=edge.via, label=edge.label, conditions=edge.conditions,
                           effects=edge.effects)
    assert set(graph.nodes) == set(story.cards), "story graph must hold exactly the declared cards"
    analysis.graph = graph


#: States a witness search may visit before it settles for the graph's shortest path.
WITNESS_STATE_LIMIT = 200_000


def _apply(state: dict[str, Any], effects: tuple, counter_starts: dict[str, int]) -> dict[str, Any]:
    """The flags and counters after an edge's ``set``/``add``/``clear`` steps, by the
    bundle format's own rule (``apply_values``); a step naming an undeclared name
    (already reported) changes nothing."""
    state = dict(state)
    for kind, payload in effects:
        try:
            apply_values(kind, payload, state, state, counter_starts)
        except KeyError:
            continue
    return state


def witness_path(analysis: StoryAnalysis, card: int) -> list[tuple[int, dict | None]] | None:
    """A shortest way from the story's start to ``card`` that respects flags and
    counters: a list of ``(card, edge data leading to the next card)``, or ``None``
    when the card cannot be reached.

    Searches breadth first over (card, values of the story's flags and counters),
    applying each edge's ``set``/``add``/``clear`` effects and skipping an edge whose
    condition is then certainly false. Built-in names (``players``, ``coins``) and
    functions (``has``) are not simulated: conditions on them are assumed to hold and
    are shown in the output. Past ``WITNESS_STATE_LIMIT`` states it falls back to
    the graph's shortest path, ignoring conditions.
    """
    graph, story = analysis.graph, analysis.story
    start = story.model.start
    if start not in graph or card not in graph:
        return None
    if card not in analysis.reachable:
        return None
    initial: dict[str, Any] = {flag: False for flag in story.model.flags}
    initial.update(story.model.counters)
    names = sorted(initial)

    def key(node: int, state: dict[str, Any]) -> tuple:
        return (node, *(state.get(n) for n in names))

    first = key(start, initial)
    parent: dict[tuple, tuple[tuple, dict] | None] = {first: None}
    queue = deque([(start, initial, first)])
    found = first if start == card else None
    while queue and found is None and len(parent) < WITNESS_STATE_LIMIT:
        node, state, here = queue.popleft()
        for _, target, data in sorted(graph.out_edges(node, data=True),
                                      key=lambda e: (len(e[2]["conditions"]), e[1])):
            if any(static_value(c, state) is False for c in data["conditions"]):
                continue
            after = _apply(state, data["effects"], story.model.counters)
            nxt = key(target, after)
            if nxt in parent:
                continue
            parent[nxt] = (here, data)
            if target == card:
                found = nxt
                break
            queue.append((target, after, nxt))
    if found is None:
        nodes = nx.shortest_path(graph, start, card)
        steps = []
        for a, b in zip(nodes, nodes[1:]):
            options = sorted(graph.get_edge_data(a, b).values(), key=lambda d: (len(d["conditions"]), d["via"]))
            steps.append((a, options[0]))
        return [*steps, (card, None)]
    out: list[tuple[int, dict | None]] = [(card, None)]
    link = parent[found]
    while link is not None:
        previous, data = link
        out.append((previous[0], data))
        link = parent[previous]
    out.reverse()
    return out
