"""The state explorer: prove what the story graph cannot (docs/explore.md).

The graph checks (CF4xx, CF5xx) look at cards; what strands the players lives in the
*state*: flags, counters, items, coins, status tokens and Fallen Characters. The
explorer plays a story with the runtime itself (``cardforge_runtime.Session``), from
every setup, trying every option on offer, every outcome of every roll and Battle,
every purchase and the sales and trades Between Story Cards of what later cards read
(:mod:`.answers`, :mod:`.dealings`), and tells states apart by what can change what
happens next (:mod:`.states`). It reports what it saw (:mod:`.findings`), each with a
**witness**: the shortest answers file from the start that shows it.

``explore_story(bundle, pack_id, story_id)`` runs it on one story of a loaded bundle.
"""

from __future__ import annotations

import gc
from dataclasses import dataclass
from typing import Any

from cardforge_compiler.explore.answers import MAX_OFFERS
from cardforge_compiler.explore.dealings import MAX_DEALS
from cardforge_compiler.explore.findings import Finding, findings
from cardforge_compiler.explore.search import Graph, Search, Witness
from cardforge_compiler.explore.setups import Setup
from cardforge_compiler.explore.walk import mappings
from cardforge_runtime.bundle import Bundle

__all__ = ["DEFAULT_BOUND", "DEFAULT_BUDGET", "UNBOUNDED", "Exploration", "Finding", "Graph", "Setup", "Witness",
           "exploration_of", "explore_story", "run_search", "start_search"]

#: States (cards drawn, told apart by their abstract state) explored at most, by default.
DEFAULT_BUDGET = 200_000
#: Counters, coins and copies of an item are exact up to this, by default.
DEFAULT_BOUND = 20
#: A bound no count reaches: nothing is abstracted (the exploration then ends at its budget
#: when a count grows without end); ``cardforge stats`` explores with it for sound ranges.
UNBOUNDED = 2**62


@dataclass
class Exploration:
    """The result of exploring one story.

    Attributes:
        pack, story: the ids.
        setups: the setups explored (:class:`Setup`), in order.
        states: states expanded; ``answers``: answers given in all.
        budget, bound: as asked.
        complete: every state reached was expanded (the budget was not spent).
        clamped: some counter, coins or copies went beyond ``bound`` and were abstracted.
        deck_items: items a condition reads that a deck deals (the explorer plays one
            shuffle, so what depends on them is not proven).
        errors: ``(message, witness)`` of every answer the engine failed on (a bug).
        graph: the explored states as a Markov chain (:class:`Graph`).
        findings: what it reports (:class:`Finding`).
        purchases_cut: a purchase could pay for more than ``answers.MAX_OFFERS``
            offers, and such sets of offers were not tried.
        sales_cut: a ``between`` request had more than ``dealings.MAX_DEALS`` sales
            (or trades) of items later cards read, and the others were not tried.
    """

    pack: str
    story: str
    setups: list[Setup]
    states: int
    answers: int
    budget: int
    bound: int
    complete: bool
    clamped: bool
    deck_items: list[str]
    errors: list[tuple[str, Witness]]
    graph: Graph
    findings: list[Finding]
    purchases_cut: bool = False
    sales_cut: bool = False

    @property
    def proven(self) -> bool:
        """Whether the findings about every line of play (never offered, never
        drawn, ...) are proven: complete, nothing abstracted, no deck-dealt item read,
        every set of offers a purchase could pay for tried, every sale and trade
        Between Story Cards of an item later cards read tried."""
        return (self.complete and not self.clamped and not self.deck_items and not self.errors
                and not self.purchases_cut and not self.sales_cut)

    def summary(self) -> str:
        """One line: ``explored 1,204 states in 3 setups (5,310 answers); exploration
        complete`` and what cut it short or made it approximate."""
        setups = f"{len(self.setups)} setup" + ("" if len(self.setups) == 1 else "s")
        notes = []
        if self.clamped:
            notes.append(f"counters, coins and copies above {self.bound} abstracted")
        if self.deck_items:
            notes.append(f"conditions on items the decks deal ({', '.join(self.deck_items)}) follow one shuffle")
        if self.purchases_cut:
            notes.append(f"purchases of more than {MAX_OFFERS} offers not tried")
        if self.sales_cut:
            notes.append(f"sales or trades beyond {MAX_DEALS} at one Between Story Cards not tried")
        if self.errors:
            notes.append(f"the engine failed on {len(self.errors)} answers")
        if not self.complete:
            notes.append(f"stopped at the {self.budget:,}-state budget")
        elif not notes:
            notes.append("exploration complete")
        else:
            notes.append("exploration complete, so only what it saw is reported")
        states = f"{self.states:,} state" + ("" if self.states == 1 else "s")
        answers = f"{self.answers:,} answer" + ("" if self.answers == 1 else "s")
        return f"explored {states} in {setups} ({answers}); " + "; ".join(notes)


def _deck_items(pack: dict[str, Any], story: dict[str, Any], items: frozenset[str]) -> list[str]:
    """The items the story asks about that a deck may deal: cards of the pack's decks
    by name, and every such item when the story buys from (or the Porter deals from)
    a deck the pack does not describe (played as empty: what it would deal is
    unknown, as lint's CF308 says)."""
    decks = pack.get("decks") or []
    described = {deck["name"] for deck in decks}
    used = {node.get("deck") for node in mappings(story["cards"]) if node.get("kind") == "purchase"}
    if pack.get("porter"):
        used.add(pack["porter"].get("deck"))
    if (used - {None}) - described:
        return sorted(items)
    dealt = {card["name"] for deck in decks for card in deck.get("cards", [])}
    return sorted(items & dealt)


def explore_story(bundle: Bundle, pack_id: str, story_id: str, *, budget: int = DEFAULT_BUDGET,
                  bound: int = DEFAULT_BOUND) -> Exploration:
    """Explore story ``story_id`` of pack ``pack_id`` in ``bundle`` (from
    ``load_bundle``): at most ``budget`` states, counters exact up to ``bound``.

    Raises:
        KeyError: no such story (the message names the known ones).
        ValueError: ``budget`` below 1 or ``bound`` below 0.
    """
    if budget < 1 or bound < 0:
        raise ValueError("the budget must be at least 1 state and the bound at least 0")
    search = start_search(bundle, pack_id, story_id, budget=budget, bound=bound)
    run_search(search)
    return exploration_of(search, pack_id, story_id)


def start_search(bundle: Bundle, pack_id: str, story_id: str, *, budget: int = DEFAULT_BUDGET,
                 bound: int = DEFAULT_BOUND) -> Search:
    """The search of :func:`explore_story`, not run yet (``run_search`` runs it, as
    many times as its ``budget`` is raised; ``exploration_of`` reads it). A budget of
    0 explores nothing yet (every root left open).

    Raises:
        KeyError: no such story.
        ValueError: ``budget`` or ``bound`` below 0.
    """
    if budget < 0 or bound < 0:
        raise ValueError("the budget and the bound must be at least 0")
    pack, story = bundle.story_view(story_id, pack_id)     # read only: no copy of the whole pack per story
    return Search(bundle, pack, story, budget=budget, bound=bound)


def run_search(search: Search, *, keep: bool = False) -> None:
    """Run ``search`` up to its ``budget`` (``Search.run``; ``keep``: so that it can
    go on later)."""
    # The search makes and drops a session per line of play it tries, none of them in
    # a reference cycle (the runtime's sessions free at once): the cyclic collector,
    # paused meanwhile, would only rescan the graph as it grows (about 1/6 of the time).
    collecting = gc.isenabled()
    gc.disable()
    try:
        search.run(keep=keep)
    finally:
        if collecting:
            gc.enable()


def exploration_of(search: Search, pack_id: str, story_id: str) -> Exploration:
    """What ``search`` found, as an :class:`Exploration` with its findings."""
    complete = not search.graph.open
    deck_items = _deck_items(search.pack, search.story, search.items)
    errors = [(message, search_witness(search, where)) for message, where in search.errors]
    exploration = Exploration(pack_id, story_id, search.setups, search.expanded, search.answered, search.budget,
                              search.abstraction.bound, complete, search.abstraction.clamped, deck_items, errors, search.graph,
                              [], search.purchases_cut, search.dealings.cut)
    exploration.findings = findings(search, proven=exploration.proven)
    return exploration


def search_witness(search: Search, where: tuple) -> Witness:
    """The witness of a place the search noted (``(depth, node, extra answers)``)."""
    _, node, extra = where
    return Witness(search.setups[node.setup], tuple(node.answers()) + tuple(extra))
