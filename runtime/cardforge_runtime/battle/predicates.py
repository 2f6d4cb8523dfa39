"""The predicates of the ``if`` effect (a closed list; docs/format.md, Effects).

Rule sources: Gascony's Legacy, "Enemy Reaction cards" ("Dodge": "If the Enemy is
adjacent to you"), "Named Enemy Tracker card" ("Doom": "If you already have one"),
"Difficulty Adjustments". Dependencies: ``board``, ``effects`` (the predicates of no board),
``battle.resolution``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardforge_runtime.battle.resolution import Resolution, behind, free_squares, one
from cardforge_runtime.battle.scene import Scene
from cardforge_runtime.battle.state import named_health
from cardforge_runtime.board import adjacent
from cardforge_runtime.effect_predicates import game_predicate
from cardforge_runtime.errors import EngineError

__all__ = ["holds"]


def holds(scene: Scene, predicate: Any, res: Resolution) -> bool:
    """Whether an ``if`` predicate holds (``effect_fields.PREDICATES``; the bundle
    writes ``{"kind": name, "value": value-or-null}``): ``adjacent`` (this is adjacent
    to you), ``has_status`` (you hold the token ``value``), ``empty`` (``value``
    ``behind-you``: that square is empty), ``in_supply`` (an Enemy named ``value`` is
    left in the supply), ``wounded`` (this is an Enemy on its Wounded side, or a Named
    Enemy below full health), ``difficulty`` (the game state's ``difficulty`` is
    ``value``), ``condition`` (the story condition tree ``value`` holds, evaluated as
    story cards' ``if``).

    Raises:
        EngineError: an unknown predicate.
    """
    if not isinstance(predicate, Mapping) or "kind" not in predicate:
        raise EngineError(f"unknown predicate {predicate!r}")
    name, value = predicate["kind"], predicate.get("value")
    if name in ("adjacent", "wounded"):
        if name == "adjacent":
            result = adjacent(scene.square(one(res, "you")), scene.square(one(res, "this")))
        else:
            item = scene.get(one(res, "this"))
            if "wounded" in item:
                result = item["wounded"]
            else:
                top = named_health(scene.named_enemies[item["enemy"]], scene.players_set_up())
                result = item["health"] < top
        return bool(result)
    if name == "empty" and value == "behind-you":
        square = behind(scene, res)
        return scene.board.in_grid(square) and bool(free_squares(scene, [square], "enemy"))
    if name == "in_supply":
        return scene.battle["supply"].get(value, 0) > 0
    you = scene.character(one(res, "you")) if name == "has_status" else None
    result = game_predicate(scene.game, predicate, you, scene.difficulty.get("name"),
                            players=scene.players_set_up())
    if result is not None:
        return result
    raise EngineError(f"unknown predicate {predicate!r}")
