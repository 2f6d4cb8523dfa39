"""The parts of the Battle rounds that other modules of issue 10 provide, reached by
module name so that the turn loop names its calls once (the design contract of issue
10): ``stones`` (All for One, Stones of Chance: ``roll_stones``, ``stone_options``,
``spend_stone``), ``abilities`` (``ability_actions``, ``use_ability``),
``enemy_turn`` (``enemy_turn``, ``activate``, ``enemy_attack``) and
``terrain_actions`` (``interact_options``, ``interact``, ``tile_targets``,
``attack_tile``), each a module of ``cardforge_runtime.battle``.

``part(name)`` is the module, or ``None`` while this runtime does not have it (its
options are then not offered); ``part(name, required=True)`` raises ``EngineError``
naming the missing module instead (the Enemy turn: a Battle cannot be played without
it). Dependencies: ``errors``.
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType

from cardforge_runtime.errors import EngineError

__all__ = ["PARTS", "part"]

#: The modules of ``cardforge_runtime.battle`` the Battle rounds call, and what for.
PARTS = {"stones": "All for One and the Stones of Chance",
         "abilities": "Talents and Supports",
         "enemy_turn": "the Enemy turn",
         "terrain_actions": "terrain actions"}
_MISSING: set[str] = set()


def part(name: str, *, required: bool = False) -> ModuleType | None:
    """The module ``cardforge_runtime.battle.<name>`` (one of ``PARTS``), or ``None``
    when it is not in this runtime.

    Raises:
        EngineError: ``required`` and the module is missing.
    """
    full = f"cardforge_runtime.battle.{name}"
    module = sys.modules.get(full)
    if module is not None:
        return module
    try:
        if full in _MISSING:        # looked for once: not looked for on disk again
            raise ModuleNotFoundError(name=full)
        return importlib.import_module(full)
    except ModuleNotFoundError as error:
        if error.name != full:
            raise
        _MISSING.add(full)
        if required:
            raise EngineError(f"this runtime cannot play {PARTS[name]} yet: the module "
                              f"cardforge_runtime.battle.{name} is missing") from None
        return None
