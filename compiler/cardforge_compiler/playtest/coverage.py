"""What random playthroughs covered of a story: the universe (every card, every
choice option, both outcomes of every challenge, both branches of every ``if``) read
from the bundle story, and a ``Coverage`` that an observer of each game
(``Session.observe``, ``cardforge_runtime.trace``) and the ``card`` requests fill in.

Items are keyed by their bundle path, the one ``cardforge_runtime.trace.step_paths``
gives (``("cards", 2, "steps", 0, "options", 1)``); a challenge outcome or an ``if``
branch is its step's path plus ``"pass"``/``"fail"`` or ``"then"``/``"else"``. The
overall coverage counts cards, options and challenge outcomes (docs/playtest.md,
"Coverage"); ``if`` branches are reported beside it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardforge_runtime.trace import Path, step_paths

__all__ = ["KINDS", "OVERALL", "Coverage", "Universe", "node_at", "where"]

#: The kinds of items, in report order: ``(key, what the text report calls them)``.
KINDS = (("cards", "cards"), ("options", "options"), ("challenge_outcomes", "challenge outcomes"),
         ("if_branches", "if branches"))
#: The kinds the overall coverage counts.
OVERALL = ("cards", "options", "challenge_outcomes")


def node_at(story: Mapping[str, Any], path: Sequence[str | int]) -> Any:
    """The part of the bundle ``story`` at ``path`` (``KeyError``/``IndexError`` if none)."""
    node: Any = story
    for key in path:
        node = node[key]
    return node


@dataclass(frozen=True)
class Universe:
    """Every item of a bundle story that a game can cover, each kind in story order
    (cards by position, then steps depth first): ``cards`` the card paths
    (``("cards", i)``), ``options`` the option paths, ``challenge_outcomes`` and
    ``if_branches`` the step paths plus the outcome."""

    cards: tuple[Path, ...]
    options: tuple[Path, ...]
    challenge_outcomes: tuple[Path, ...]
    if_branches: tuple[Path, ...]

    @classmethod
    def of(cls, story: Mapping[str, Any]) -> Universe:
        """The universe of bundle ``story`` (a story of ``load_bundle(...).data``)."""
        paths = list(step_paths(story).values())        # story order: depth first, as trace walks it
        options, challenges, ifs = [], [], []
        for path in paths:
            if path[-2] == "options":
                options.append(path)
                continue
            kind = node_at(story, path)["kind"]
            if kind == "challenge":
                challenges += [(*path, "pass"), (*path, "fail")]
            elif kind == "if":
                ifs += [(*path, "then"), (*path, "else")]
        cards = tuple(("cards", i) for i in range(len(story["cards"])))
        return cls(cards, tuple(options), tuple(challenges), tuple(ifs))

    def items(self, kind: str) -> tuple[Path, ...]:
        """The items of ``kind`` (one of ``KINDS``' keys)."""
        return getattr(self, kind)


@dataclass
class Coverage:
    """What the games of one story covered so far (sets of item paths) and how often
    each option was on offer (``offered``); ``observe`` is the session observer
    (``observer(event, path, value)``), ``card_drawn`` takes a ``card`` request's card
    position."""

    covered: dict[str, set[Path]] = field(default_factory=lambda: {kind: set() for kind, _ in KINDS})
    offered: dict[Path, int] = field(default_factory=dict)

    def observe(self, event: str, path: Path, value: Any) -> None:
        """The observer of a session (``Session.observe``): choices' options on offer
        and taken, challenge outcomes and ``if`` branches."""
        if event == "offered":
            for option in value:
                key = (*path, "options", option)
                self.offered[key] = self.offered.get(key, 0) + 1
        elif event == "branch":
            if isinstance(value, int):
                self.covered["options"].add((*path, "options", value))
            elif value in ("pass", "fail"):
                self.covered["challenge_outcomes"].add((*path, value))
            else:
                self.covered["if_branches"].add((*path, value))

    def card_drawn(self, index: int) -> None:
        """Card ``index`` (its position in the story's ``cards``) was drawn."""
        self.covered["cards"].add(("cards", index))

    def count(self, universe: Universe, kind: str) -> tuple[int, int]:
        """``(covered, total)`` items of ``kind`` of ``universe``."""
        items = universe.items(kind)
        return sum(1 for item in items if item in self.covered[kind]), len(items)

    def missing(self, universe: Universe, kind: str) -> list[Path]:
        """The items of ``kind`` never covered, in story order."""
        return [item for item in universe.items(kind) if item not in self.covered[kind]]


def where(story: Mapping[str, Any], path: Path) -> str:
    """Where ``path`` is, as an author counts (from 1): ``"card 12"``, ``"card 12,
    step 2, option 1"``, ``"card 13, step 1, fail"``, ``"card 12, step 2, option 1,
    step 3, pass"``: the card's id, then each step and option by position."""
    parts = [f"card {story['cards'][path[1]]['id']}"]
    rest = list(path[2:])
    while rest:
        key = rest.pop(0)
        if key == "steps":
            parts.append(f"step {rest.pop(0) + 1}")
        elif key == "options":
            parts.append(f"option {rest.pop(0) + 1}")
        else:                                            # pass/fail/then/else: the branch, then its steps
            parts.append(str(key))
            if rest and isinstance(rest[0], int):
                parts.append(f"step {rest.pop(0) + 1}")
    return ", ".join(parts)
