"""What a card's effects are resolved for, and the subjects they name.

``Resolution`` (``cardforge_runtime.effects``) says which card is being resolved and whom it concerns (``you``,
``this``, the Attack it answers, where the card goes afterwards); ``one`` and
``subjects`` turn an effect's ``who`` into figure ids; ``behind`` and ``free_squares``
are the squares effects place figures on. Shared by ``effects``, ``placement`` and
``predicates`` (docs/runtime.md, "Attacks").

Dependencies: ``board``, ``battle.scene``, ``battle.state``, ``battle.targets``.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from typing import Any

from cardforge_runtime.battle.scene import Scene
from cardforge_runtime.battle.state import figure_at
from cardforge_runtime.battle.targets import candidates, pick, select_targets
from cardforge_runtime.board.grid import STEP
from cardforge_runtime.board.terrain import square_rules
from cardforge_runtime.effects import Play, Request, Resolution
from cardforge_runtime.errors import EngineError

__all__ = ["Play", "Request", "Resolution", "behind", "free_squares", "one", "subjects"]


def one(res: Resolution, who: str) -> int:
    """The figure id ``who`` (``you`` / ``this``) names.

    Raises:
        EngineError: the card has no such subject.
    """
    figure_id = res.you if who == "you" else res.this if who == "this" else None
    if figure_id is None:
        raise EngineError(f"the effect names {who!r}, which this card does not have")
    return figure_id


def subjects(scene: Scene, who: Any, res: Resolution) -> Generator[Request, dict[str, Any], list[int]]:
    """The figures ``who`` names: ``you``, ``this`` (when still on the board) or a target
    rule (a list of selectors, ``targets.select_targets`` from ``this``); ``{"target":
    rule}`` measures from ``this``, or from ``you`` when the effect has no ``this`` (an
    ability: "an adjacent ally"); ``players-choice`` asks."""
    if who in ("you", "this"):
        figure_id = one(res, who)
        return [figure_id] if scene.on_board(figure_id) else []
    if isinstance(who, Mapping) and set(who) == {"target"}:
        # a target rule measured from this, or from you when no Enemy resolves it (an ability)
        origin = res.this if res.this is not None else res.you
        if origin is None:
            raise EngineError("a target rule needs this or you to measure from")
        return [t for t in (yield from select_targets(scene, who["target"], origin)) if isinstance(t, int)]
    if isinstance(who, list):
        if res.this is None:
            return (yield from select_targets_for_card(scene, who))
        return [t for t in (yield from select_targets(scene, who, res.this)) if isinstance(t, int)]
    raise EngineError(f"unknown subject {who!r}: expected you, this or a target rule")


def select_targets_for_card(scene: Scene, rule: list[Any]) -> Generator[Request, dict[str, Any], list[int]]:
    """A target rule with no ``this``: only the players' choice among the Characters."""
    if rule != ["players-choice"]:
        raise EngineError("a target rule other than players-choice needs the figure it measures from (this)")
    chosen = yield from pick("target", candidates(scene))
    return [] if chosen is None else [chosen]


def behind(scene: Scene, res: Resolution) -> tuple[int, int]:
    """The square directly behind ``you`` (opposite its facing; Reaction "Dodge": "the
    square directly behind you"), on the grid or not."""
    you = one(res, "you")
    c, r = scene.square(you)
    dc, dr = STEP[scene.get(you)["facing"]]
    return (c - dc, r - dr)



def free_squares(scene: Scene, squares: Sequence[tuple[int, int]], mover: str = "enemy") -> list[tuple[int, int]]:
    """Of ``squares``, those a ``mover`` (``"enemy"`` / ``"character"``) may be placed on:
    on the map, holding no figure, that kind may enter it and end a move there."""
    rules = square_rules(scene.board)
    out = []
    for sq in squares:
        if not scene.board.on_map(sq) or figure_at(scene.battle, sq) is not None:
            continue
        r = rules[scene.board.index(sq)]
        if r.stop and (r.enemies if mover == "enemy" else r.characters):
            out.append(sq)
    return out
