"""What the explorer reports, from what the search saw (:class:`~.search.Records`) and
its graph: each finding with the bundle path it concerns and its witness.

| finding | when | witness reaches |
|---|---|---|
| ``stuck`` | a line of play ends ``stuck`` (no option on offer, an item nobody holds lost, no way on) | the end |
| ``trap`` | a reachable state from which no ending can be reached | the first state of the trap |
| ``never-offered`` | an option with ``if`` whose choice is reached, never on offer | the choice (the option is not on offer) |
| ``always-true`` / ``always-false`` | a condition with the same value every time it is evaluated | an evaluation |
| ``never-drawn`` | a card no line of play draws | a card that leads to it in the graph (the message: why the way is closed) |
| ``ending-never-reached`` | a Victory or Defeat (step or Battle objective) on a card that is drawn, never reached | the card |
| ``never-won`` | no line of play reaches Victory | none |

``stuck`` is always reported: its witness shows it. The others say something of
*every* line of play, so they are reported only when the exploration is a proof
(``proven``: finished within the budget, nothing beyond the bound, no condition on an
item the decks deal).

Dependencies: the standard library and :mod:`.search`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from cardforge_compiler.explore.search import Search, Witness

__all__ = ["Finding", "findings"]

Path = tuple[Any, ...]


@dataclass(frozen=True)
class Finding:
    """One finding: ``kind`` (the table above), ``path`` in the bundle story
    (``("cards", 2, "steps", 0)``; ``()`` for the whole story), the ``card`` id it lies
    on (``None``: the story), a ``message`` and a ``hint`` in words, and the
    ``witness`` (``None`` for ``never-won``); ``step``: the kind of the step at
    ``path`` when the finding is about the step itself (``"choice"``, ``"lose"``)."""

    kind: str
    path: Path
    card: int | None
    message: str
    hint: str
    witness: Witness | None
    step: str | None = None


def _walk(steps: list[Mapping[str, Any]], base: Path) -> Iterator[tuple[Path, Mapping[str, Any]]]:
    for j, step in enumerate(steps):
        path = (*base, j)
        yield path, step
        if step["kind"] == "choice":
            for k, option in enumerate(step["options"]):
                yield from _walk(option["steps"], (*path, "options", k, "steps"))
        for key in {"challenge": ("pass", "fail"), "if": ("then", "else")}.get(step["kind"], ()):
            yield from _walk(step[key], (*path, key))


def _code(source: str | None) -> str:
    return f"`{source}`" if source else "its condition"


class _Report:
    def __init__(self, search: Search) -> None:
        self.search = search
        self.story = search.story
        self.records = search.records
        self.cards = search.story["cards"]

    def witness(self, where: tuple | None) -> Witness | None:
        if where is None:
            return None
        _, node, extra = where
        return Witness(self.search.setups[node.setup], tuple(node.answers()) + tuple(extra))

    def card_of(self, path: Path) -> int | None:
        return self.cards[path[1]]["id"] if len(path) >= 2 else None

    def steps(self) -> Iterator[tuple[Path, Mapping[str, Any]]]:
        for i, card in enumerate(self.cards):
            yield from _walk(card["steps"], ("cards", i, "steps"))

    # -- always reported ----------------------------------------------------------

    def stuck(self) -> Iterator[Finding]:
        for (result, reason, card, place), where in sorted(self.records.ends.items(), key=lambda e: repr(e[0])):
            if result != "stuck":
                continue
            witness = self.witness(where)
            if reason == "no_option":
                step = self._step(place)
                sources = ", ".join(_code(o.get("if_source")) for o in step["options"]) if step else ""
                yield Finding("stuck", place, card,
                              f"in play this choice on card {card} can offer no option, and the story stops "
                              f"(`stuck`): every option's condition is false ({sources})",
                              "add an option without `if`, or make sure every way to this card sets what one "
                              "option reads", witness, "choice")
            elif reason == "not_held":
                yield Finding("stuck", place, card,
                              f"in play this loss on card {card} can come when no Character holds the item, and the "
                              f"story stops (`stuck`)",
                              "guard the loss with `if: has(\"...\")` and give the card's alternative in `else`",
                              witness, "lose")
            else:
                yield Finding("stuck", place, card,
                              f"in play the steps of card {card} can run out with no way on, and the story stops "
                              f"(`stuck`)",
                              "end every branch with `goto: N`, `victory:` or `defeat:`", witness)

    def _step(self, path: Path) -> Mapping[str, Any] | None:
        node: Any = self.story
        try:
            for part in path:
                node = node[part]
        except (KeyError, IndexError, TypeError):
            return None
        return node if isinstance(node, Mapping) else None

    # -- reported when the exploration is a proof -----------------------------------

    def traps(self) -> Iterator[Finding]:
        graph = self.search.graph
        into: dict[tuple, set[tuple]] = {}
        for source, edges in graph.edges.items():
            for _, target in edges:
                into.setdefault(target, set()).add(source)
        ending = set(graph.terminal)
        stack = list(ending)
        while stack:
            for source in into.get(stack.pop(), ()):
                if source not in ending:
                    ending.add(source)
                    stack.append(source)
        nodes = self.search.nodes
        trapped = [node for key, node in nodes.items() if node.expanded and key not in ending]
        seen_cards: set[int] = set()
        for node in sorted(trapped, key=lambda n: (n.depth, repr(n.key))):
            if node.parent is not None and node.parent.key not in ending or node.card in seen_cards:
                continue
            loop = sorted({n.card for n in self._forward(node)} - {None})
            seen_cards.update(loop)
            index = self.search.card_index[node.card]
            witness = self.witness((node.depth, node, ()))
            yield Finding("trap", ("cards", index), node.card,
                          f"in play the players can reach card {node.card} in a state from which no ending can be "
                          f"reached: they go round card{'s' if len(loop) > 1 else ''} "
                          f"{', '.join(map(str, loop))} for ever",
                          "give the loop a way out that does not depend on what the players can no longer change",
                          witness)

    def _forward(self, start: Any) -> list[Any]:
        edges, nodes = self.search.graph.edges, self.search.nodes
        seen, stack = {start.key}, [start.key]
        while stack:
            for _, target in edges.get(stack.pop(), ()):
                if target not in seen and target in nodes:
                    seen.add(target)
                    stack.append(target)
        return [nodes[key] for key in seen]

    def conditions(self) -> Iterator[Finding]:
        records = self.records
        for path, step in self.steps():
            card = self.card_of(path)
            if step["kind"] == "choice" and path in records.choices:
                for k, option in enumerate(step["options"]):
                    if option.get("if") is None:
                        continue
                    opath = (*path, "options", k)
                    source = _code(option.get("if_source"))
                    if (path, k) not in records.offered:
                        witness = self.witness(records.choices[path])
                        yield Finding("never-offered", opath, card,
                                      f"this option on card {card} is never offered in play: {source} is false "
                                      f"every time the choice is reached",
                                      "set what the condition reads on a card the players play before this one, "
                                      "or remove the option", witness)
                    elif (opath, False) not in records.conditions:
                        witness = self.witness(records.conditions.get((opath, True)))
                        yield Finding("always-true", opath, card,
                                      f"{source} is true every time this choice on card {card} is reached: the "
                                      f"condition never hides the option", "remove the `if`, or check what it reads",
                                      witness)
            elif step["kind"] == "if":
                seen = [value for value in (True, False) if (path, value) in records.conditions]
                if len(seen) == 1:
                    value = seen[0]
                    witness = self.witness(records.conditions[(path, value)])
                    branch = "`else`" if value else "`then`"
                    yield Finding("always-true" if value else "always-false", path, card,
                                  f"{_code(step.get('condition_source'))} is {'true' if value else 'false'} every "
                                  f"time card {card} plays it: the {branch} branch never runs",
                                  "check the flags, counters and items it reads, or remove the `if`", witness)

    def cards_and_endings(self) -> Iterator[Finding]:
        records, story = self.records, self.story
        sources: dict[int, list[int]] = {}
        for edge in story.get("edges", []):
            sources.setdefault(edge["to"], []).append(edge["from"])
        for i, card in enumerate(self.cards):
            if card["id"] in records.cards:
                continue
            drawn = [s for s in sorted(set(sources.get(card["id"], []))) if s in records.cards]
            witness = self.witness(records.cards[drawn[0]]) if drawn else None
            leading = sorted(set(sources.get(card["id"], [])))
            undrawn = [c for c in leading if c not in records.cards]
            via = (self._never_led_on(drawn, card["id"], undrawn) if drawn
                   else f"no card that leads to it ({', '.join(f'card {c}' for c in leading)}) is drawn either: "
                        + ("its finding shows where play stops short of it" if len(leading) == 1
                           else "their findings show where play stops short of them") if leading
                   else "no card leads to it")
            yield Finding("never-drawn", ("cards", i), card["id"], f"card {card['id']} is never drawn in play: {via}",
                          "look at the conditions on the ways to this card: a flag set only later, an item no one "
                          "can hold there", witness)
        ends = {place for (result, _, _, place) in records.ends if result != "stuck"}
        for path, step in self.steps():
            card = self.card_of(path)
            if card not in records.cards:
                continue
            if step["kind"] in ("victory", "defeat") and path not in records.steps:
                yield Finding("ending-never-reached", path, card,
                              f"this {'Victory' if step['kind'] == 'victory' else 'Defeat'} on card {card} is never "
                              f"reached in play", "check the conditions and branches that lead to it",
                              self.witness(records.cards[card]))
            if step["kind"] == "battle":
                for k, objective in enumerate(step["objectives"]):
                    if objective.get("goto") is None and (*path, "objectives", k) not in ends:
                        yield Finding("ending-never-reached", (*path, "objectives", k), card,
                                      f"the Victory of objective {objective['objective']!r} on card {card} is never "
                                      f"reached in play", "check what leads to this Battle",
                                      self.witness(records.cards[card]))

    def _never_led_on(self, drawn: list[int], target: int, undrawn: list[int] = ()) -> str:
        """Why no line of play goes from ``drawn[0]`` (the card the witness reaches) on
        to card ``target``: for each way there on that card (a ``goto`` step, an
        option's or a Battle objective's ``goto``), the first place on the way that
        play never passes, with the condition that blocks it and its value when the
        search recorded one; the other cards drawn that lead to it too; and the cards
        that lead to it but are never drawn themselves (``undrawn``)."""
        index = self.search.card_index[drawn[0]]
        ways = [self._blocked(place, target) for place in self._ways(index, target)]
        out = f"the witness reaches card {drawn[0]}, where {'; and '.join(ways) or 'no state leads on to it'}"
        if len(drawn) > 1:
            others = ", ".join(map(str, drawn[1:]))
            out += (f" (the story graph leads to it from card{'s' if len(drawn) > 2 else ''} {others} too, drawn "
                    f"as well, and no state there leads on to it either)")
        if undrawn:
            names = ", ".join(map(str, undrawn))
            out += (f" (and from card{'s' if len(undrawn) > 1 else ''} {names}, never drawn "
                    f"{'themselves' if len(undrawn) > 1 else 'itself'})")
        return out

    def _ways(self, index: int, target: int) -> Iterator[Path]:
        """The bundle paths of the ways from card ``cards[index]`` to ``target``: a
        ``goto`` step, an option (``(..., "options", k)``) or a Battle objective
        (``(..., "objectives", k)``) whose ``goto`` is ``target``."""
        for path, step in _walk(self.cards[index]["steps"], ("cards", index, "steps")):
            if step["kind"] == "goto" and step["card"] == target:
                yield path
            elif step["kind"] == "choice":
                yield from ((*path, "options", k) for k, o in enumerate(step["options"]) if o.get("goto") == target)
            elif step["kind"] == "battle":
                yield from ((*path, "objectives", k) for k, o in enumerate(step["objectives"])
                            if o.get("goto") == target)

    def _blocked(self, place: Path, target: int) -> str:
        """In words, the first place on the way ``place`` (from :meth:`_ways`) that
        play never passes (``records``: the steps played, options offered, conditions
        with their values, branches taken), and why."""
        records = self.records
        path, rest = place[:4], place[4:]
        while True:
            step = self._step(path)
            assert step is not None, path
            if path not in records.steps:
                return self._not_played(path, step)
            if not rest:            # a goto step played draws the card: not expected here
                return f"no state leads on to card {target}"
            key, k, rest = rest[0], rest[1], rest[2:]
            if key == "options":
                option = step["options"][k]
                label = f"the option {option['text']!r}"
                if (path, k) not in records.offered:
                    why = ""
                    if option.get("if") is not None and ((*path, "options", k), True) not in records.conditions:
                        why = f": its condition {_code(option.get('if_source'))} is false in every state reached"
                    return f"{label}{' to card ' + str(target) if not rest else ''} is never offered{why}"
                if not rest:
                    return (f"{label} to card {target} is offered, but its steps end the card every time before "
                            f"its `goto`")
                path, rest = (*path, "options", k, "steps", rest[1]), rest[2:]
            elif key in ("then", "else"):
                if (path, key) not in records.branches:
                    value = "false" if key == "then" else "true"
                    return (f"the `if` {_code(step.get('condition_source'))} is {value} in every state reached, so "
                            f"its `{key}` steps never run")
                path = (*path, key, k)
            elif key in ("pass", "fail"):
                if (path, key) not in records.branches:
                    return (f"the challenge never {'passes' if key == 'pass' else 'fails'} in play, so its `{key}` "
                            f"steps never run")
                path = (*path, key, k)
            else:                   # a Battle objective
                return f"the Battle objective {step['objectives'][k]['objective']!r} is never met in play"

    def _not_played(self, path: Path, step: Mapping[str, Any]) -> str:
        """Why the step at ``path`` is never played: the step before it (when it is
        played) ends the card every time."""
        what = f"the `{step['kind']}` step on the way"
        if path[-1] > 0:
            before = (*path[:-1], path[-1] - 1)
            previous = self._step(before)
            if before in self.records.steps and previous is not None:
                return f"{what} is never played: the `{previous['kind']}` step before it ends the card every time"
        return f"{what} is never played"

    def never_won(self) -> Iterator[Finding]:
        wins = any(step["kind"] == "victory" or (step["kind"] == "battle"
                                                 and any(o.get("goto") is None for o in step["objectives"]))
                   for _, step in self.steps())
        if wins and "victory" not in self.search.graph.terminal.values():
            yield Finding("never-won", (), None,
                          f"story {self.story['id']!r} can never be won in play: no reachable state leads to Victory",
                          "look at the endings the explorer reports as never reached", None)


def findings(search: Search, *, proven: bool) -> list[Finding]:
    """The findings of a finished search (``stuck`` always; the others only when
    ``proven``), in story order."""
    report = _Report(search)
    out = list(report.stuck())
    if proven and search.setups:        # no setup (no Character boards): nothing was played, nothing proven
        out += list(report.traps())
        out += list(report.conditions())
        out += list(report.cards_and_endings())
        out += list(report.never_won())
    return out
