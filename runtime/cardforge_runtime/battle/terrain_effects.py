"""The effects of terrain actions, resolved on the board: the named board effects of
``board_fields.BOARD_EFFECTS`` and the story steps a terrain action may use
(``board_fields.ACTION_STEP_KINDS``).

``run_steps(scene, steps, acting)`` plays a terrain action's ``success`` or ``failure``
list (or a tile target's) in order. Each board effect reads only data fields: the
tile's squares on the current board (``terrain_state.board_now``), its placement's
``facing`` (a Wagon's arrow), edge marks with a ``banner``, the challenge's numbers.
What the players choose is asked with ``pick`` requests (``for``: ``direction``,
``enemy``, ``square``); an effect never picks silently. Figures hurt by terrain never
React and never give Loot (``attack.terrain_wounds``; Gascony's Legacy, "Enemies and
Terrain"); a Defeated Enemy's token goes back to the supply.

Rule sources: Gascony's Legacy, "Terrain Tiles" (Barrel, Brazier, Chest, Chandelier,
Wagon, Balconies and Railings: Banner Slide), "Enemies and Terrain". Rulings:
docs/rulings.md, "Terrain actions".
Dependencies: ``board``, ``battle.*`` below it, ``gains``, ``format``, ``deck_play``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardforge_runtime.battle import terrain_motion as motion
from cardforge_runtime.battle.attack import terrain_wounds
from cardforge_runtime.battle.effects import hold_card, wound_figure
from cardforge_runtime.battle.scene import Scene
from cardforge_runtime.battle.state import figure_at
from cardforge_runtime.battle.targets import pick
from cardforge_runtime.battle.terrain_squares import Acting, Play, actor, defeat, hurt, refresh_board, squares_of
from cardforge_runtime.battle.terrain_state import record_removed
from cardforge_runtime.board import adjacent
from cardforge_runtime.deck_play import settle_hands
from cardforge_runtime.errors import EngineError
from cardforge_runtime.format import apply_values
from cardforge_runtime.gains import apply_change

__all__ = ["Acting", "run_steps"]


def run_steps(scene: Scene, steps: Sequence[Mapping[str, Any]], acting: Acting) -> Play:
    """Play a terrain action's effect list in order: ``{"board": name, ...params}`` (a
    named board effect) or a story step (``{"kind": "lose", "health": 2, "who": "one"}``).

    Raises:
        EngineError: an effect outside both vocabularies, an effect that needs the
            acting Character or the challenge's Successes when there is none.
    """
    for step in steps:
        if "board" in step:
            handler = _BOARD.get(step["board"])
            if handler is None:
                raise EngineError(f"unknown board effect {step['board']!r} (board_fields.BOARD_EFFECTS)")
            yield from handler(scene, step, acting)
        else:
            yield from _story_step(scene, step, acting)


def _remove_tile(scene: Scene, effect: Mapping[str, Any], acting: Acting) -> Play:
    record_removed(scene.battle.setdefault("terrain", {}), acting.tile)
    refresh_board(scene)
    scene.record({"event": "remove-tile", "tile": acting.tile})
    return
    yield  # a generator


def _defeat_or_wound(scene: Scene, effect: Mapping[str, Any], acting: Acting) -> Play:
    squares = squares_of(scene, acting.tile)
    around = [sq for sq in scene.board.squares() if sq not in squares and any(adjacent(sq, s) for s in squares)]
    enemies = [found[1]["id"] for found in (figure_at(scene.battle, sq) for sq in around)
               if found is not None and found[0] in ("enemy", "named")]
    chosen = yield from pick("enemy", enemies, figure=acting.figure, tile=acting.tile)
    if chosen is None:
        scene.record({"event": "no-target", "tile": acting.tile})
        return
    if scene.kind(chosen) == "named":
        terrain_wounds(scene, chosen, 1)
    else:
        defeat(scene, chosen)


def _draw(scene: Scene, effect: Mapping[str, Any], acting: Acting) -> Play:
    figure_id = actor(acting, "draw")
    card = scene.decks.draw(effect["deck"])
    if card is None:
        scene.record({"event": "no-card", "deck": effect["deck"]})
        return
    scene.record({"event": "draw", "figure": figure_id, "deck": effect["deck"], "card": card})
    yield from hold_card(scene, figure_id, card)


def _fall(scene: Scene, effect: Mapping[str, Any], acting: Acting) -> Play:
    squares = squares_of(scene, acting.tile)
    scene.record({"event": "fall", "tile": acting.tile})
    for square in squares:
        found = figure_at(scene.battle, square)
        if found is not None:
            hurt(scene, found[1]["id"], defeat_enemy=True)
    return
    yield  # a generator


def _wound_per_missing_success(scene: Scene, effect: Mapping[str, Any], acting: Acting) -> Play:
    figure_id = actor(acting, "wound-per-missing-success")
    if acting.needed is None or acting.successes is None:
        raise EngineError("wound-per-missing-success needs a challenge roll")
    short = max(0, acting.needed - acting.successes)
    if short:
        wound_figure(scene, figure_id, short, "terrain")
    return
    yield  # a generator


# -- story steps ---------------------------------------------------------------------------


def _story_step(scene: Scene, step: Mapping[str, Any], acting: Acting) -> Play:
    kind = step.get("kind")
    if kind == "text":
        yield {"kind": "text", "card": scene.game.get("card"), "text": step["text"]}
    elif kind in ("gain", "lose"):
        given = {k: v for k, v in step.items() if k not in ("kind", "who") and v is not None}
        if step.get("who", "one") == "each":
            targets = [f["character"] for f in scene.battle["characters"]]
        else:
            targets = [scene.get(actor(acting, kind))["character"]]
        targets = targets if set(given) - {"coins"} else []
        apply_change(scene.game, scene.pack, kind, given, targets, scene.severe)
        scene.record({"event": kind, "characters": targets, **given, "source": "terrain"})
        if kind == "gain" and given.get("items"):
            yield from settle_hands(scene.game, scene.pack, scene.record, targets)
    elif kind in ("set", "add", "clear"):
        try:
            apply_values(kind, step["names"] if kind == "clear" else step["values"], scene.game["flags"],
                         scene.game["counters"], acting.counter_starts)
        except KeyError as error:
            raise EngineError(f"a terrain action's {kind} step names {error} which is no counter of the story") from None
        scene.record({"event": kind, "step": {k: v for k, v in step.items() if k != "kind"}, "source": "terrain"})
    else:
        raise EngineError(f"a terrain action's step {kind!r} is none of board_fields.ACTION_STEP_KINDS")


_BOARD: dict[str, Callable[[Scene, Mapping[str, Any], Acting], Play]] = {
    "roll-in-line": motion.roll_in_line,
    "remove-tile": _remove_tile,
    "defeat-or-wound": _defeat_or_wound,
    "draw": _draw,
    "swing-diagonal": motion.swing_diagonal,
    "fall": _fall,
    "wound-per-missing-success": _wound_per_missing_success,
    "slide-over-railing": motion.slide_over_railing,
    "wagon-roll": motion.wagon_roll,
}
