"""Terrain actions the Battle engine can play (board stage, once per pack): CF718.

The runtime resolves a terrain tile's actions and targets on the board
(``cardforge_runtime.battle.terrain_actions``); a few combinations of the data have no
meaning there, and the engine would stop with an engine error in the middle of a
Battle. Each is reported at the effect or the ``from`` that cannot be played:

- ``roll-in-line`` on a tile larger than 1 x 1 (a rolled tile is one square: the Barrel);
- ``wagon-roll`` or ``wound-per-missing-success`` in an action without a
  ``challenge`` (both count the challenge's Successes);
- ``wagon-roll`` or ``from: beside-or-behind`` on a tile without ``arrow: true`` (the
  tile rolls toward its arrow; its front is where the arrow points).

Rule sources: Gascony's Legacy, "Terrain Tiles" (Barrel, Wagon, Banner Slide).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardforge_compiler.checks import check
from cardforge_compiler.diagnostics import Diagnostic
from cardforge_compiler.resolve import PackIR

__all__ = ["terrain_actions_playable"]

#: The board effects that count the challenge's Successes.
_NEED_SUCCESSES = ("wagon-roll", "wound-per-missing-success")


def _board(effect: Any) -> str | None:
    return getattr(effect, "board", None)


@check("board", "CF718")
def terrain_actions_playable(pack: PackIR) -> Iterator[Diagnostic]:
    """Every terrain action and tile target holds only effects the engine can play on
    that tile (module docstring)."""
    for doc in pack.terrain_tiles.values():
        tile = doc.model
        for path, effects in tile.effect_lists():
            action = tile.actions[path[1]] if path[0] == "actions" else None
            for k, effect in enumerate(effects):
                kind = _board(effect)
                where = pack.board_where(doc, (*path, k, "board"))
                if kind == "roll-in-line" and list(tile.size) != [1, 1]:
                    yield Diagnostic(
                        "CF718", f"terrain tile '{tile.name}' is {tile.size[0]} x {tile.size[1]}, but `roll-in-line` "
                                 "rolls a 1 x 1 tile", **where,
                        hint="give the tile `size: [1, 1]`, or use another effect")
                if kind in _NEED_SUCCESSES and action is not None and action.challenge is None:
                    yield Diagnostic(
                        "CF718", f"`{kind}` counts the challenge's Successes, but action '{action.name}' of terrain "
                                 f"tile '{tile.name}' has no `challenge`", **where,
                        hint="add `challenge: {stat: Movement, successes: 4}` to the action")
                if kind == "wagon-roll" and not tile.arrow:
                    yield Diagnostic(
                        "CF718", f"`wagon-roll` rolls terrain tile '{tile.name}' toward its arrow, but it has none",
                        **where, hint="give the terrain-tile `arrow: true` (layouts then give its `facing`)")
        for i, action in enumerate(tile.actions):
            if action.from_ == "beside-or-behind" and not tile.arrow:
                yield Diagnostic(
                    "CF718", f"action '{action.name}' is taken from beside or behind terrain tile '{tile.name}', "
                             "which has no arrow to tell its front", **pack.board_where(doc, ("actions", i, "from")),
                    hint="give the terrain-tile `arrow: true` (layouts then give its `facing`), or another `from`")
