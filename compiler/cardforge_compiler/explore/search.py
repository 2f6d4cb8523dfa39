"""The search: every state a story can reach, played by the runtime itself.

Each **node** is a state at the moment a card is drawn (its ``card`` request), told
apart by :class:`~.states.Abstraction`; the root of each setup is the story's start.
Expanding a node plays its card from that request with every answer the explorer
tries (:func:`~.answers.answers_for`), one ``Session.fork`` per alternative, until
each line of play draws the next card (a child node) or ends (a terminal node:
Victory, Defeat, or ``stuck``). Nodes are expanded fewest answers first, so the
first time something is seen it is seen by (nearly) the shortest line of play: its
**witness**. An observer (``Session.observe``) records every step run, choice offered,
condition evaluated and branch taken, each with its witness.

The edges carry exact chances (``Fraction``): a choice's options alike, dice by the
dice rule; so the graph is also the Markov chain of ``cardforge stats``.

Dependencies: ``cardforge_runtime`` (``Session``), :mod:`.answers`, :mod:`.states`,
:mod:`.setups`.
"""

from __future__ import annotations

import heapq
import itertools
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from cardforge_compiler.explore.answers import MAX_OFFERS, ONE, answers_for
from cardforge_compiler.explore.dealings import Dealings
from cardforge_compiler.explore.live import liveness
from cardforge_compiler.explore.setups import Setup, story_setups
from cardforge_compiler.explore.states import Abstraction, held_apart, relevant_items
from cardforge_runtime import Session
from cardforge_runtime.bundle import Bundle
from cardforge_runtime.dice import DiceRule
from cardforge_runtime.errors import EngineError

__all__ = ["Graph", "Node", "Records", "Search", "Witness"]

Path = tuple[Any, ...]
Answer = dict[str, Any]


@dataclass(eq=False)
class Node:
    """A state reached (or the start of a setup, ``parent`` ``None``): ``key`` (the
    setup's position and the abstract state; a terminal's ``("end", setup, card,
    result, reason)``), the ``segment`` of answers from the parent's card request to
    this one, ``depth`` (answers from the start), the ``card`` drawn."""

    key: tuple
    setup: int
    parent: Node | None
    segment: tuple[Answer, ...]
    depth: int
    card: int | None
    expanded: bool = False

    def answers(self) -> list[Answer]:
        """Every answer from the start of the setup to this node, in order."""
        parts = []
        node: Node | None = self
        while node is not None:
            parts.append(node.segment)
            node = node.parent
        return [answer for segment in reversed(parts) for answer in segment]


@dataclass
class _Line:
    """One line of play inside a card: its session, the answers since the node's
    card request, its chance, the step it is at, (last step, last choice that
    offered nothing) of its last answer, and ``acted``: the Characters who rolled or
    were picked since the card request, in order (who rolled a Challenge is not in
    the state, yet its branches act on them)."""

    session: Session
    extra: tuple[Answer, ...]
    chance: Fraction
    step: Path | None
    last: tuple
    acted: tuple[int, ...] = ()
    key: tuple | None = None        # the state's abstract key, once worked out (the state has not changed since)


@dataclass(frozen=True)
class Witness:
    """A line of play from the start: the ``setup`` and the ``answers`` (every die
    given as faces, so ``cardforge play --answers`` replays it with any seed's dice;
    the decks are shuffled by seed 0)."""

    setup: Setup
    answers: tuple[Answer, ...]

    def as_json(self) -> dict[str, Any]:
        """``{"setup": {...}, "answers": [...]}``."""
        return {"setup": self.setup.as_json(), "answers": list(self.answers)}


@dataclass
class Graph:
    """The explored states as an absorbing Markov chain: ``start`` (each setup's
    root, alike), ``edges`` (node key -> ``[(chance, node key)]``, the chances of a
    node adding up to 1), ``terminal`` (node key -> ``"victory"``, ``"defeat"`` or
    ``"stuck"``), ``open`` (node keys left unexpanded by the budget)."""

    start: dict[tuple, Fraction] = field(default_factory=dict)
    edges: dict[tuple, list[tuple[Fraction, tuple]]] = field(default_factory=dict)
    terminal: dict[tuple, str] = field(default_factory=dict)
    open: set[tuple] = field(default_factory=set)


class Records:
    """What was seen, each with the shortest line of play that showed it
    (``(answers from the start, node, extra answers)``): ``steps`` (step path),
    ``choices`` (choice path), ``offered`` ((choice path, option)), ``conditions``
    ((path, value)), ``branches`` ((path, value)), ``cards`` (card id), ``ends``
    ((result, reason, card, path of the step or card it ended at))."""

    def __init__(self) -> None:
        self.steps: dict[Path, tuple] = {}
        self.choices: dict[Path, tuple] = {}
        self.offered: dict[tuple, tuple] = {}
        self.conditions: dict[tuple, tuple] = {}
        self.branches: dict[tuple, tuple] = {}
        self.cards: dict[int, tuple] = {}
        self.ends: dict[tuple, tuple] = {}

    @staticmethod
    def note(table: dict, key: Any, where: tuple) -> None:
        """Keep ``where`` for ``key`` when it is the first or a shorter line."""
        old = table.get(key)
        if old is None or where[0] < old[0]:
            table[key] = where


def _request_text(request: Mapping[str, Any]) -> str:
    """The pending request as a merge key part: its ``repr``. Equal reprs are equal
    JSON (a merge ``json.dumps(..., sort_keys=True)`` would make too), in a third of
    the time; two equal requests the runtime built with their keys in another order
    would be told apart (never merged wrongly: at worst one more state). The
    soundness tests replace it to keep every line of play apart."""
    return repr(request)


class Search:
    """Explore one story of a loaded bundle (see the module docstring).

    Args:
        bundle: from ``load_bundle``.
        pack, story: the bundle's pack and story (JSON data, as ``Bundle.find_story`` gives).
        budget: the most states (card-level nodes) to expand.
        bound: counters, coins and copies of an item are exact up to this.
    """

    def __init__(self, bundle: Bundle, pack: Mapping[str, Any], story: Mapping[str, Any], *, budget: int,
                 bound: int) -> None:
        self.bundle, self.pack, self.story = bundle, pack, story
        self.budget = budget
        self.rule = DiceRule.from_pack(pack)
        self.items = relevant_items(story)
        self.abstraction = Abstraction(liveness(pack, story), bound, apart=held_apart(story))
        #: the sales and trades tried Between Story Cards (its ``cut``: some were not tried)
        self.dealings = Dealings(pack, story, self.abstraction.live, self.abstraction.apart)
        self.setups: list[Setup] = story_setups(pack, story)
        self.card_index = {card["id"]: i for i, card in enumerate(story["cards"])}
        self.records = Records()
        self.graph = Graph()
        self.nodes: dict[tuple, Node] = {}
        self.expanded = 0
        self.answered = 0
        self.errors: list[tuple[str, tuple]] = []
        #: a purchase could pay for more than ``MAX_OFFERS`` offers, and such sets were not tried
        self.purchases_cut = False
        self._heap: list[tuple[int, int, Node, Session]] = []
        self._order = itertools.count()
        self._where: tuple = (0, None, ())
        self._last_step: Path | None = None
        self._last_empty: Path | None = None

    # -- the observer -----------------------------------------------------------

    def _observe(self, event: str, path: Path, value: Any) -> None:
        where, records = self._where, self.records
        if event == "step":
            self._last_step = path
            Records.note(records.steps, path, where)
        elif event == "offered":
            Records.note(records.choices, path, where)
            for option in value:
                Records.note(records.offered, (path, option), where)
            if not value:
                self._last_empty = path
        elif event == "condition":
            Records.note(records.conditions, (path, value), where)
        elif event == "branch":
            Records.note(records.branches, (path, value), where)

    # -- the search -------------------------------------------------------------

    def run(self, *, keep: bool = False) -> None:
        """Explore until every state is expanded or the budget is spent. With
        ``keep`` the states left open keep their sessions, so that ``run`` again,
        after ``budget`` was raised, goes on where it stopped (the lint stage hands
        what smaller stories left over to the larger ones); without, they are
        dropped (their keys stay in ``graph.open``)."""
        if not self.graph.start:
            roots = []
            for index, setup in enumerate(self.setups):
                started = Session.start(self.bundle, self.story["id"], players=setup.players,
                                        characters=list(setup.characters), seed=0, pack=self.pack["id"],
                                        battles="table")
                session = started.fork(log=False)
                root = Node(("setup", index), index, None, (), 0, None)
                self.nodes[root.key] = root
                roots.append(root)
                self._push(root, session)
            for root in roots:
                self.graph.start[root.key] = Fraction(1, len(roots))
        while self._heap and self.expanded < self.budget:
            _, _, node, session = heapq.heappop(self._heap)
            if node.expanded:
                continue
            node.expanded = True
            self.expanded += 1
            self._expand(node, session)
        self.graph.open = {node.key for _, _, node, _ in self._heap if not node.expanded}
        if not keep:
            self._heap.clear()

    def release(self) -> None:
        """Drop the sessions of the states left open by ``run(keep=True)`` (it can no
        longer go on; ``graph.open`` still names them)."""
        self._heap.clear()

    def _push(self, node: Node, session: Session) -> None:
        heapq.heappush(self._heap, (node.depth, next(self._order), node, session))

    def _expand(self, node: Node, session: Session) -> None:
        """Play the node's card with every answer tried, one request at a time for
        all lines of play at once. Lines that reach the same state at the same step with the same request pending are
        merged (their chances add up), so that outcomes that change nothing the
        explorer tells apart (Destiny from a roll) cost once; lines where different
        Characters rolled or were picked are not merged (the Character who rolled a
        Challenge suffers its branch's ``who: one`` Wounds). A line that no other
        line can merge with is not keyed (:meth:`_merge`)."""
        edges: dict[tuple, Fraction] = defaultdict(Fraction)
        level = [_Line(session, (), Fraction(1), None, (None, None))]
        while level:
            news: list[_Line] = []
            for line in level:
                request = line.session.pending_view()
                kind = request["kind"]
                if kind == "card" and (line.extra or node.parent is None):
                    self._child(node, line.session, line.extra, line.chance, edges, line.key)
                    continue
                if kind == "end":
                    self._terminal(node, request, line.extra, line.chance, edges, line.last)
                    continue
                tries = answers_for(request, self.rule, self.dealings, line.extra)
                if kind == "purchase" and not self.purchases_cut:
                    costs = sorted(offer["cost"] for offer in request["offers"])
                    self.purchases_cut = len(costs) > MAX_OFFERS and sum(costs[:MAX_OFFERS + 1]) <= request["coins"]
                players = [line.session.fork(log=False) for _ in tries[1:]] + [line.session]
                for player, (answer, weight) in zip(players, tries[1:] + tries[:1]):
                    new = self._answer(node, line, player, answer, weight)
                    if new is None:
                        continue
                    if kind in ("roll", "character"):
                        new.acted = (*line.acted, request["character"] if kind == "roll" else answer["character"])
                    else:
                        new.acted = line.acted
                    news.append(new)
            level = self._merge(news) if len(news) > 1 else news
        self.graph.edges[node.key] = sorted(((w, k) for k, w in edges.items()), key=lambda e: repr(e[1]))

    def _merge(self, lines: list[_Line]) -> list[_Line]:
        """Merge the lines (in order) that reached the same state at the same step
        with the same request pending: the first of each keeps its place and the
        chances of the others. Who acted matters only inside a Challenge's branch
        (its actor). Only lines that share their step (and actor) and their
        request's kind, ``card``, ``character``, ``so_far`` and ``faces`` can merge, so the state's key and
        the request's text are worked out for those alone (the same merges as
        keying every line, at a fraction of the cost)."""
        places: dict[tuple, int] = {}
        short = []
        for new in lines:
            step = new.step
            inside = step is not None and ("pass" in step or "fail" in step)
            request = new.session.pending_view()
            get = request.get
            faces = get("faces")
            # a few parts of the request too (equal requests have them equal): lines
            # that differ there cannot merge either
            place = (step, new.acted if inside else (), request["kind"], get("card"), get("character"),
                     get("so_far"), tuple(faces) if type(faces) is list else faces)
            try:
                places[place] = places.get(place, 0) + 1
            except TypeError:                           # a part that is not hashable: not compared
                place = (step, new.acted if inside else (), request["kind"])
                places[place] = places.get(place, 0) + 1
            short.append(place)
        if len(places) == len(lines):
            return lines                                # no two lines at one step: nothing merges
        merged: dict[tuple, _Line] = {}
        for new, place in zip(lines, short):
            if places[place] == 1:
                merged[(id(new),)] = new
                continue
            player = new.session
            new.key = self.abstraction.key(player.state_view())
            key = (new.key, place[:2], _request_text(player.pending_view()))
            if key in merged:
                merged[key].chance += new.chance
            else:
                merged[key] = new
        return list(merged.values())

    def _answer(self, node: Node, line: _Line, player: Session, answer: Answer, weight: Fraction) -> _Line | None:
        """Give ``answer`` on ``player`` (the line's session or its fork), observed;
        the line it makes, or ``None`` when the engine failed (noted in ``errors``)."""
        extra = (*line.extra, answer)
        player.observe(self._observe)
        self._where = (node.depth + len(extra), node, extra)
        self._last_step = self._last_empty = None
        self.answered += 1
        try:
            player.answer(answer)
        except EngineError as error:
            self.errors.append((str(error), self._where))
            return None
        finally:
            player.observe(None)
        step = self._last_step if self._last_step is not None else line.step
        chance = line.chance if weight is ONE else line.chance * weight
        return _Line(player, extra, chance, step, (step, self._last_empty))

    def _child(self, node: Node, session: Session, extra: tuple, chance: Fraction, edges: dict,
               known_key: tuple | None = None) -> None:
        state = session.state_view()
        key = (node.setup, known_key if known_key is not None else self.abstraction.key(state))
        edges[key] += chance
        depth = node.depth + len(extra)
        Records.note(self.records.cards, state["card"], (depth, node, extra))
        known = self.nodes.get(key)
        if known is None:
            child = Node(key, node.setup, node, extra, depth, state["card"])
            self.nodes[key] = child
            self._push(child, session)
        elif not known.expanded and depth < known.depth:
            known.parent, known.segment, known.depth = node, extra, depth
            self._push(known, session)

    def _terminal(self, node: Node, request: Mapping[str, Any], extra: tuple, chance: Fraction, edges: dict,
                  last: tuple) -> None:
        """A line of play ended: its ``end`` request, and ``last`` = (the last step
        run, the last choice that offered nothing) in the answer that ended it."""
        card = request["card"]
        result, reason = request["result"], request["reason"]
        last_step, last_empty = last
        if reason == "no_option" and last_empty is not None:
            place = last_empty
        elif reason == "objective" and last_step is not None:
            place = (*last_step, "objectives", extra[-1]["objective"])
        elif reason in ("card", "not_held", "battle_lost") and last_step is not None:
            place = last_step
        else:
            place = ("cards", self.card_index[card]) if card in self.card_index else ()
        key = ("end", node.setup, card, result, reason, place)
        edges[key] += chance
        self.graph.terminal[key] = result
        Records.note(self.records.ends, (result, reason, card, place), (node.depth + len(extra), node, extra))
