"""The setups the state explorer starts from: every player count of the pack, and the
Characters in play when the story can tell them apart.

Gascony's Legacy, Setup and Solo Play: one Character per player; one player controls
``players.solo_characters`` (2) up to ``players.max`` (4) Characters. A story reads
*which* Characters are in play only through ``in_party("...")`` and the steps that
name a Character (``character``, ``except``); when it has none of these, the pack's
first Characters stand for every choice of the same size (their stats do not
matter: the explorer tries every outcome of every roll). Otherwise every set of the
pack's Characters of each size is a setup of its own.

Dependencies: the standard library only.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["Setup", "names_characters", "story_setups"]


@dataclass(frozen=True)
class Setup:
    """One way to start the story: ``players`` (1 is Solo Play) and the names of the
    ``characters`` in play, in position order. The explorer plays every setup with
    seed 0 (deck shuffles only: every die is given as faces) and Battles at the table."""

    players: int
    characters: tuple[str, ...]

    def options(self) -> list[str]:
        """The ``cardforge play`` options that start this setup, as arguments."""
        return ["--players", str(self.players), "--characters", ",".join(self.characters), "--seed", "0",
                "--battles", "table"]

    def words(self) -> str:
        """``2 players (D'Artagnan, Athos)`` / ``Solo Play (D'Artagnan, Athos, Porthos)``."""
        who = ", ".join(self.characters)
        return f"Solo Play ({who})" if self.players == 1 else f"{self.players} players ({who})"

    def as_json(self) -> dict[str, Any]:
        """``{"players", "characters", "seed": 0, "battles": "table"}``."""
        return {"players": self.players, "characters": list(self.characters), "seed": 0, "battles": "table"}


def _nodes(value: Any) -> Iterator[Mapping[str, Any]]:
    """Every mapping inside ``value`` (a bundle story or part of it), depth first."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Mapping):
            yield item
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def names_characters(story: Mapping[str, Any]) -> bool:
    """Whether the story can tell Characters apart: an ``in_party`` call in a
    condition, or a step that names a ``character`` or an ``except`` list."""
    for node in _nodes(story["cards"]):
        if node.get("op") == "call" and node.get("name") == "in_party":
            return True
        if "kind" in node and ("character" in node or "except" in node):
            return True
    return False


def story_setups(pack: Mapping[str, Any], story: Mapping[str, Any]) -> list[Setup]:
    """The setups to explore, in order: player counts from ``players.min`` to ``max``;
    for one player, every Character count from ``solo_characters`` up to ``max``;
    per count, the pack's first Characters, or every set of that size (in the pack's
    order) when :func:`names_characters`. Counts the pack has too few boards for are
    left out. ``[]`` for a pack without Character boards (format 1.0)."""
    limits = pack["players"]
    boards = [board["name"] for board in pack.get("characters", [])]
    every = names_characters(story)
    setups = []
    for players in range(limits["min"], limits["max"] + 1):
        solo = limits["solo_characters"]
        counts = range(solo, max(solo, limits["max"]) + 1) if players == 1 else (players,)
        for count in counts:
            if count > len(boards):
                continue
            chosen = itertools.combinations(boards, count) if every else [tuple(boards[:count])]
            setups.extend(Setup(players, tuple(names)) for names in chosen)
    return setups
