"""The setups the state explorer starts from: every player count of the pack, and the
Characters in play when the story can tell them apart.

Gascony's Legacy, Setup and Solo Play: one Character per player; one player controls
``players.solo_characters`` (2) up to ``players.max`` (4) Characters. A story reads
*which* Characters are in play only through ``in_party("...")``, the steps that
name a Character (``character``, ``except``) and the items their boards start with.
A setup is one per set of those Characters in play, the rest being the pack's first
others, which stand in for the Characters the story does not tell apart. The
explorer tries every outcome of every roll, so their stats matter only where a roll
cannot reach a target with their dice or where Health decides when they Fall: a
limit of the model (docs/explore.md, What the model leaves out).

Dependencies: ``cardforge_runtime.setup``.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from cardforge_compiler.explore.walk import mappings

from cardforge_runtime.setup import players_set_up

__all__ = ["Setup", "named_characters", "story_setups"]


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


def named_characters(story: Mapping[str, Any]) -> set[str]:
    """The Characters a story tells apart: those ``in_party("...")`` asks for and those
    a step names (``character``, ``except``)."""
    names: set[str] = set()
    for node in mappings(story["cards"]):
        if node.get("op") == "call" and node.get("name") == "in_party":
            names.update(arg["value"] for arg in node["args"] if arg.get("op") == "const")
        if "kind" in node:
            if isinstance(node.get("character"), str):
                names.add(node["character"])
            names.update(node.get("except") or ())
    return names


def _holders(pack: Mapping[str, Any], story: Mapping[str, Any]) -> set[str]:
    """The Characters whose boards start with an item the story can ask about
    (``states.relevant_items``): a party with them plays differently."""
    from cardforge_compiler.explore.states import relevant_items

    items = relevant_items(story)
    return {board["name"] for board in pack.get("characters", []) if items & set(board.get("items") or ())}


def _parties(boards: list[str], named: set[str], count: int) -> Iterator[tuple[str, ...]]:
    """The parties of ``count`` Characters that differ in whom the story names: every
    set of the named Characters that fits, the rest the pack's first others, in the
    pack's order."""
    others = [name for name in boards if name not in named]
    listed = [name for name in boards if name in named]
    for size in range(min(count, len(listed)) + 1):
        for chosen in itertools.combinations(listed, size):
            if count - size <= len(others):
                party = set(chosen) | set(others[: count - size])
                yield tuple(name for name in boards if name in party)


def story_setups(pack: Mapping[str, Any], story: Mapping[str, Any]) -> list[Setup]:
    """The setups to explore, in order: player counts from ``players.min`` to ``max``;
    for one player, every Character count from ``solo_characters`` up to ``max``;
    per count, one party per set of the Characters the story names
    (:func:`named_characters`, and the Characters whose boards start with an item
    the story asks about: they are told apart too) that fits, filled with the
    pack's first others. Counts the pack has too few boards for are left out, and
    so is a setup that plays as an earlier one: the runtime counts players as the
    game is set up for them (``setup.players_set_up``: Solo Play is set up for 2),
    so Solo Play with 2 Characters is the 2-player game. ``[]`` for a pack without
    Character boards (format 1.0)."""
    limits = pack["players"]
    boards = [board["name"] for board in pack.get("characters", [])]
    named = named_characters(story) | _holders(pack, story)
    setups = []
    seen = set()
    for players in range(limits["min"], limits["max"] + 1):
        solo = limits["solo_characters"]
        counts = range(solo, max(solo, limits["max"]) + 1) if players == 1 else (players,)
        for count in counts:
            if count > len(boards):
                continue
            chosen = _parties(boards, named, count)
            for names in chosen:
                # Solo Play with 2 Characters is set up for 2 players: the same game as 2 players
                alike = (players_set_up(limits, players), tuple(names))
                if alike not in seen:
                    seen.add(alike)
                    setups.append(Setup(players, tuple(names)))
    return setups
