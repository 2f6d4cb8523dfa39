"""The pack manifest's ``battle_round`` (format 1.6.0): present, the pack's Battles are
played by the engine in Battle rounds (Gascony's Legacy, Battle Rounds: 1. All for
One!, 2. Character Turns, 3. Enemy Turn, 4. Upkeep; Actions; Rescue a Fallen Ally).
The vocabularies and ranges are the runtime's (``cardforge_runtime.format``)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator
from pydantic_core import PydanticCustomError

from cardforge_runtime.format import BATTLE_ACTIONS, BATTLE_PHASES, BATTLE_ROUND_DEFAULTS, BATTLE_ROUND_RANGES

from cardforge_compiler.model._types import NameText, _Model

__all__ = ["BattleRound", "Rescue", "TurnLimits"]


def _count(key: str):  # noqa: ANN202 - an Annotated type
    low, high = BATTLE_ROUND_RANGES[key]
    return Annotated[int, Field(ge=low, le=high, strict=True)]


class TurnLimits(_Model):
    """A Character turn (2. Character Turns): "each Character may Move, perform 1 Action
    and make 1 Attack": how many of each (0 or 1)."""

    move: _count("move") = BATTLE_ROUND_DEFAULTS["turn"]["move"]  # type: ignore[valid-type]
    action: _count("action") = BATTLE_ROUND_DEFAULTS["turn"]["action"]  # type: ignore[valid-type]
    attack: _count("attack") = BATTLE_ROUND_DEFAULTS["turn"]["attack"]  # type: ignore[valid-type]


class Rescue(_Model):
    """Rescue a Fallen Ally: "Flip up to 2 of their Health tokens to the gold side"."""

    heal: _count("heal") = BATTLE_ROUND_DEFAULTS["rescue"]["heal"]  # type: ignore[valid-type]


class BattleRound(_Model):
    """How the engine plays a Battle round: ``move_stat``, the stat whose value is a
    Character's Movement points (Move: "spending Movement points up to your Character's
    Movement Stat"; one of the pack's stats: ``load_bundle`` refuses another), its ``phases`` (in the rulebook's order,
    ``character-turns`` among them), the Character ``turn``'s limits, the ``actions``
    a Character may take and what ``rescue`` heals."""

    move_stat: NameText
    phases: Annotated[list[Literal[BATTLE_PHASES]], Field(min_length=1)] = Field(  # type: ignore[valid-type]
        default_factory=lambda: list(BATTLE_PHASES))
    turn: TurnLimits = Field(default_factory=TurnLimits)
    actions: list[Literal[BATTLE_ACTIONS]] = Field(default_factory=lambda: list(BATTLE_ACTIONS))  # type: ignore[valid-type]
    rescue: Rescue = Field(default_factory=Rescue)

    @field_validator("phases")
    @classmethod
    def _in_order(cls, phases: list[str]) -> list[str]:
        order = [BATTLE_PHASES.index(p) for p in phases]
        if order != sorted(set(order)) or "character-turns" not in phases:
            raise PydanticCustomError("phases", "the phases of a Battle round are listed once each, in the order "
                                      "{order}, character-turns among them", {
                                          "order": ", ".join(BATTLE_PHASES),
                                          "hint": f"write `phases: [{', '.join(BATTLE_PHASES)}]`"})
        return phases

    @field_validator("actions")
    @classmethod
    def _once_each(cls, actions: list[str]) -> list[str]:
        if len(set(actions)) != len(actions):
            raise PydanticCustomError("actions", "each Action is listed once", {
                "hint": f"the Actions are {', '.join(BATTLE_ACTIONS)}"})
        return actions
