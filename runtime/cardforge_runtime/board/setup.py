"""Setting up a Battle layout for a number of Characters: which deployment squares
get an Enemy token (Gascony's Legacy, "Battle Cards - Setup", 4).

Reads a layout object of a bundle's ``board`` (docs/bundle.md, Board): its
``deployment`` areas, each ``{"enemy": name, "squares": [{"at": [c, r],
"players": n}, ...]}``. The number of Characters is the game's set-up count
(``cardforge_runtime.setup.players_set_up``: Solo Play counts as the pack's
``players.solo_characters``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

__all__ = ["Deployed", "deployment_for"]


class Deployed(NamedTuple):
    """One Enemy token set up on a deployment square.

    Attributes:
        enemy: the Enemy the area's tokens are (``components.enemy_tokens``).
        square: its ``(column, row)`` square, 1-based.
        area, index: where the square is written: ``deployment[area].squares[index]``
            of the layout (0-based), for messages that point at it.
    """

    enemy: str
    square: tuple[int, int]
    area: int
    index: int


def deployment_for(layout: Mapping[str, Any], characters: int) -> list[Deployed]:
    """The Enemy tokens a layout sets up for ``characters`` Characters.

    Args:
        layout: a layout object of the bundle's ``board.layouts`` (only its
            ``deployment`` is read).
        characters: the number of Characters the game is set up for, a whole number
            >= 0 (Solo Play: ``players_set_up``).

    Returns:
        A ``Deployed`` for each deployment square whose number is equal to or less
        than ``characters``, in the layout's authored order (area by area, square
        by square).

    Raises:
        ValueError: ``characters`` is not a whole number >= 0.

    Rule: Gascony's Legacy, "Battle Cards - Setup", 4: "Place Enemies in any square
    with a number equal to or less than the number of characters".
    """
    if type(characters) is not int or characters < 0:
        raise ValueError(f"a number of Characters is a whole number >= 0, got {characters!r}")
    return [Deployed(area["enemy"], (spot["at"][0], spot["at"][1]), a, i)
            for a, area in enumerate(layout["deployment"])
            for i, spot in enumerate(area["squares"]) if spot["players"] <= characters]
