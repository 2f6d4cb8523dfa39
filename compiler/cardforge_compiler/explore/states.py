"""The abstract state the explorer tells states apart by, at each card drawn.

Two game states are **the same** to the explorer when everything that can change
what happens next is the same: the card, the story's flags and counters, the party's
coins, and per Character their Health tokens (gold and left: a severe Wound), status
tokens, whether they have Fallen and the items the story can ask about (``has()``
in a condition, or a ``lose`` of items): counted for the party, except the items
whose holder matters (:func:`held_apart`), counted per Character. What is left out
cannot change which
options are offered or which branch runs: Destiny (the explorer never rerolls),
items no condition reads, the order of the decks (one shuffle, seed 0) and the
Porter's cards (never called).

Counters, coins and copies of an item are tracked exactly up to ``bound`` and
abstracted beyond it (``"above"``/``"below"``): states that differ only there are
merged, so the exploration ends on stories that count without limit, and says so
(``clamped``).

Dependencies: the standard library only.
"""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cardforge_compiler.explore.walk import mappings

from cardforge_compiler.explore.live import Live

__all__ = ["Abstraction", "held_apart", "relevant_items"]


def relevant_items(story: Mapping[str, Any]) -> frozenset[str]:
    """The items a story can ask about: the argument of every ``has("...")`` in its
    conditions and every item a ``lose`` step (or a roll's ``per_success`` loss) takes."""
    items: set[str] = set()
    for node in mappings(story["cards"]):
        if node.get("op") == "call" and node.get("name") == "has":
            items.update(arg["value"] for arg in node["args"] if arg.get("op") == "const")
        if node.get("kind") == "lose" and node.get("items"):
            items.update(node["items"])
        lose = node.get("per_success", {}).get("lose") if node.get("kind") == "roll" else None
        if lose and lose.get("items"):
            items.update(lose["items"])
    return frozenset(items)


def held_apart(story: Mapping[str, Any], *, plain: frozenset[str] = frozenset({"one"})) -> frozenset[str]:
    """The items whose holder can change what happens, not only how many the party
    holds: those of a ``lose`` that is not a plain ``who: one`` loss of one copy of
    one item (several items or copies are taken from one Character who holds them
    all, ``party.holders``; ``who: each``, ``character`` and ``except`` take from
    given Characters) and those a roll's ``per_success`` loses (from the roller).
    A plain ``who: one`` loss of one item takes it from any holder: the party's count
    tells what follows. ``plain``: the ``who`` of the losses counted as plain (the
    sales and trades Between Story Cards also pass ``each``: :mod:`.dealings`)."""
    items: set[str] = set()
    for node in mappings(story["cards"]):
        if node.get("kind") == "lose" and node.get("items"):
            if not (len(node["items"]) == 1 and node.get("who") in plain and not node.get("character")
                    and not node.get("except")):
                items.update(node["items"])
        lose = node.get("per_success", {}).get("lose") if node.get("kind") == "roll" else None
        if lose and lose.get("items"):
            items.update(lose["items"])
    return frozenset(items)


@dataclass
class Abstraction:
    """The key of a state (:meth:`key`) for one story: ``live`` (:func:`.live.liveness`:
    what each card's future can still read), ``bound`` up to which counters, coins
    and copies are exact, ``apart``: the items counted per Character
    (:func:`held_apart`; the others are counted for the party). ``clamped`` turns
    true once a key had a value beyond the bound."""

    live: Mapping[int | None, Live]
    bound: int
    clamped: bool = False
    apart: frozenset[str] = frozenset()
    #: per card: its live names sorted, and an ``itemgetter`` of them (``None``: fewer than 2)
    _sorted_names: dict[int | None, tuple[tuple[str, ...], Any]] = field(default_factory=dict, repr=False,
                                                                          compare=False)

    def _cap(self, value: int) -> int | str:
        if value > self.bound:
            self.clamped = True
            return "above"
        if value < -self.bound:
            self.clamped = True
            return "below"
        return value

    def _named(self, table: Mapping[str, Any], names: frozenset[str], card: int | None, cap: Any) -> tuple:
        """``((name, value), ...)`` of the live ``names`` in ``table`` (flags or
        counters), sorted by name, each value through ``cap`` (if any): walking the
        smaller of the two (a story of many flags of which few are live, or the
        reverse), the same tuple either way."""
        if len(names) < len(table):
            plan = self._sorted_names.get(card)
            if plan is None:
                ordered = tuple(sorted(names))
                plan = self._sorted_names[card] = (ordered, operator.itemgetter(*ordered) if len(ordered) > 1 else None)
            ordered, values_of = plan
            if values_of is not None and table.keys() >= names:
                # every live name is in the table (a story that sets its names up front):
                # the values at once, capped only when one is beyond the bound
                values = values_of(table)
                if cap is not None and not all(type(v) is int and -self.bound <= v <= self.bound for v in values):
                    values = map(cap, values)
                return tuple(zip(ordered, values))
            if cap is None:
                return tuple((k, table[k]) for k in ordered if k in table)
            return tuple((k, cap(table[k])) for k in ordered if k in table)
        if cap is None:
            items = [(k, v) for k, v in table.items() if k in names]
        else:
            bound = self.bound                          # a whole number within the bound is its own cap
            items = [(k, v if type(v) is int and -bound <= v <= bound else cap(v))
                     for k, v in table.items() if k in names]
        items.sort()
        return tuple(items)

    def key(self, state: Mapping[str, Any]) -> tuple:
        """A hashable key of ``state`` (the runtime's state: docs/runtime.md, State):
        what is live at its card, counted up to the bound. Called at every card drawn
        and for the lines of play the explorer may merge (``Search._merge``;
        ``clamped`` so tells of the keys that told states apart): written for speed, it
        builds the same tuple as the plain reading above (tests/test_explore_speed_invariants.py)."""
        live = self.live[state["card"]]
        wounds, live_items, tokens, names = live.wounds, live.items, live.tokens, live.names
        cap = self._cap
        held: dict[str, int] = {}
        characters = []
        apart = self.apart
        for c in state["characters"]:
            if live_items:
                for item in c["items"]:
                    if item in live_items and item not in apart:
                        held[item] = held.get(item, 0) + 1
            health, most = c["health"], c["health_max"]
            if wounds is not None:
                health, most = min(health, wounds + 1), min(most, wounds + 1)
            status = c["status"]
            if status and tokens:
                counted: dict[str, int] = {}
                for token in status:
                    if token in tokens:
                        counted[token] = counted.get(token, 0) + 1
                marks = tuple(sorted(counted.items()))
            else:
                marks = ()
            characters.append((health, most, c["fallen"], marks))
        if apart & live_items:
            held_by = tuple(tuple(sorted((item, cap(n)) for item, n in Counter(c["items"]).items()
                                         if item in apart and item in live_items)) for c in state["characters"])
        else:
            held_by = ()
        return (state["card"],
                (tuple(sorted((item, cap(n)) for item, n in held.items())), held_by),
                self._named(state["flags"], names, state["card"], None),
                self._named(state["counters"], names, state["card"], cap),
                cap(state["coins"]) if live.coins else None,
                tuple(characters))
