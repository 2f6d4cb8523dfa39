"""When a Battle ends: an objective met, or the players lost.

``check_end(scene)`` runs after every event of a Battle (``Scene.record`` calls it once
``scene.watch_end`` is set) and raises ``BattleEnded`` the moment the Battle is over,
in any phase, in the middle of an Attack or of the Enemy turn: the generators above it
are abandoned and the Battle rounds (``battle.rounds.play_battle``) catch it.

Objectives (``scene.objectives``: each objective's ``meet``, ``format.objective_meet``):

- ``defeat-all``: no Enemy and no Named Enemy on the board ("When there are no Enemies
  left on the map, this objective is complete");
- ``defeat``: no Named Enemy of that name on the board (its tracker reached the
  Defeated space, or it left the board);
- ``reach-exit``: every Character in play, Fallen ones included, stands on a square of
  one Exit area or has left the map through it ("When an Exit Area contains all
  Characters in play, even if some of those Characters have fallen"; Setup 7: "pieces
  can exit the map by moving off the edge"; docs/rulings.md, "Leaving by the Exit");
- ``reveal``: Search token ``token`` revealed by a Search ("Reveal A/B/C");
- ``table``: never by itself: the players declare it in a Character turn.

The players lose (Suffering Wounds, Fallen Characters, Objective) when one Character has
no more Health tokens (``no_health``) or every Character has Fallen (``all_fallen``):
``wounds.lost``, checked **before** the objectives (a death loses the game even when the
same event met an objective). A Character who left the map by an Exit has not Fallen:
the Characters still on the board all Fallen is no loss ("If all Characters have
Fallen"); the one who left may come back to Rescue them (docs/rulings.md, "Leaving by
the Exit"). Two objectives met by one event: the first in the card's order
(docs/rulings.md, "Two objectives met at once").

Rule sources: Gascony's Legacy, "Battle Rounds" (Common Battle Objectives), "Ending a
Battle", "Suffering Wounds". Dependencies: ``wounds``, ``battle.scene`` (read only).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardforge_runtime.wounds import lost

if TYPE_CHECKING:
    from cardforge_runtime.battle.scene import Scene

__all__ = ["BattleEnded", "check_end", "ending", "objective_met"]


class BattleEnded(Exception):
    """The Battle is over. ``outcome``: ``{"objective": i}`` (objective ``i`` of the
    Battle step met) or ``{"lost": "all_fallen" | "no_health", "character": i | None}``
    (the Character with no Health token left, ``None`` for ``all_fallen``)."""

    def __init__(self, outcome: dict[str, Any]) -> None:
        super().__init__(outcome)
        self.outcome = outcome


def objective_met(scene: Scene, meet: dict[str, Any]) -> bool:
    """Whether the objective ``meet`` (``format.objective_meet``'s shape) holds now."""
    battle = scene.battle
    kind = meet["kind"]
    if kind == "defeat-all":
        return not battle["enemies"] and not battle["named"]
    if kind == "defeat":
        return not any(n["enemy"] == meet["enemy"] for n in battle["named"])
    if kind == "reach-exit":
        squares = [tuple(c["square"]) for c in battle["characters"]]
        gone = {e["area"] for e in battle.get("exited", ())}
        return any(all(sq in area for sq in squares) and gone <= {a} for a, area in enumerate(scene.exits)) \
            and bool(squares or gone)
    if kind == "reveal":
        return any(t["token"] == meet["token"] and t["revealed"] for t in battle.get("search_tokens", ()))
    return False        # table: declared by the players


def ending(scene: Scene) -> dict[str, Any] | None:
    """The Battle's outcome if it is over now (``BattleEnded.outcome``), else ``None``."""
    loss = lost(scene.game["characters"])
    if loss is not None:
        return {"lost": loss[0], "character": loss[1]}
    for i, meet in enumerate(scene.objectives):
        if objective_met(scene, meet):
            return {"objective": i}
    return None


def check_end(scene: Scene) -> None:
    """Raise ``BattleEnded`` when the Battle is over (``ending``); else nothing.

    Raises:
        BattleEnded: with the outcome.
    """
    outcome = ending(scene)
    if outcome is not None:
        raise BattleEnded(outcome)
