"""The pack manifest's Battle rules (format 1.5.0): how many hands' worth of
Equipment a Character carries, which deck plays which part, the Stones of Chance,
the difficulty options, the pack-wide Enemy rules and what a Character's death does
(Gascony's Legacy, Character boards, All for One board & Stones of Chance,
Difficulty Adjustments, Enemy Turn; the second ruleset, "Enemy Attack")."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field, model_validator
from pydantic_core import PydanticCustomError

from cardforge_runtime.format import ABILITY_RULES, ACTIVATION_ORDERS, COVERS, DECK_ROLES, ON_DEATH_EFFECTS

from cardforge_compiler.model._types import NameText, Text, _Model
from cardforge_compiler.model.effects import Effect, ranged
from cardforge_compiler.model.enemies import Priorities

__all__ = ["BattleStats", "Carry", "DeathOption", "DifficultyOption", "EnemyRules", "OnDeath", "StartDraws", "StatModifier",
           "StoneFace", "StoneOption", "StonesOfChance", "TokenRules"]


class StatModifier(_Model):
    """A status token's change to a stat while held (the second ruleset: Fatigue,
    Action Points -1, never below 3): ``stat``, ``by``, ``floor``."""

    stat: NameText
    by: ranged("stat_by")  # type: ignore[valid-type]
    floor: ranged("stat_floor") = 0  # type: ignore[valid-type]


class TokenRules(_Model):
    """The status-token fields of format 1.5.0 (mixed into ``StatusToken``):
    ``covers`` the ability the banner covers (``talent``/``support``/``none``; the
    transcriber's note: Despair covers Support, Doom covers Talent), ``removed_by`` the
    Stone of Chance face that removes it, ``stat_modifier``, ``stacks`` (held more
    than once)."""

    covers: Literal[COVERS] = "none"  # type: ignore[valid-type]
    removed_by: NameText | None = None
    stat_modifier: StatModifier | None = None
    stacks: bool = False


class BattleStats(_Model):
    """The stats a Character rolls in a Battle (``battle_stats``): ``melee`` for a
    Melee attack (Gascony's Legacy, Attack Rolls: "Melee weapons roll your Prowess
    Stat") and ``defense`` to Defend (Enemy Attacks, Roll Defense: "equal to their
    Movement Stat"); each one of the pack's ``stats`` (CF304), or left out."""

    melee: NameText | None = None
    defense: NameText | None = None


class Carry(_Model):
    """What a Character carries (Gascony's Legacy, Equipment cards: at most 2 hands'
    worth of Equipment)."""

    hands: ranged("carry_hands")  # type: ignore[valid-type]


#: Which deck plays which part: role -> the name of a ``kind: deck`` document.
DeckRoles = dict[Literal[tuple(r for r in DECK_ROLES if r != "other")], NameText]  # type: ignore[misc]


class StoneOption(_Model):
    """What a Stone of Chance face can be spent on: a ``name`` and its ``effects``."""

    name: NameText
    effects: Annotated[list[Effect], Field(min_length=1)]


class StoneFace(_Model):
    """A face of the Stones of Chance and its options (All for One board)."""

    face: NameText
    options: Annotated[list[StoneOption], Field(min_length=1)]


class StonesOfChance(_Model):
    """The Stones of Chance (All for One board): ``per_character`` stones and the
    ``faces`` with what each can be spent on."""

    per_character: ranged("stones") = 1  # type: ignore[valid-type]
    faces: Annotated[list[StoneFace], Field(min_length=1)]


class StartDraws(_Model):
    """Cards each Character draws at Setup (easier: 1 Loot card per Character)."""

    deck: NameText
    per_character: ranged("draw_count") = 1  # type: ignore[valid-type]


class DifficultyOption(_Model):
    """A named difficulty option (Gascony's Legacy, Difficulty Adjustments):
    ``remove_cards`` (deck -> card names taken out), ``start_draws``,
    ``character_count`` (added to the number of Characters for per-player values),
    ``severe_wounds``, ``destiny_start`` (added to starting Destiny), ``abilities``
    (``any`` or ``stones-only``)."""

    name: NameText
    text: str = ""
    remove_cards: dict[NameText, Annotated[list[NameText], Field(min_length=1)]] = Field(default_factory=dict)
    start_draws: StartDraws | None = None
    character_count: ranged("character_count") = 0  # type: ignore[valid-type]
    severe_wounds: bool = True
    destiny_start: ranged("destiny_start") = 0  # type: ignore[valid-type]
    abilities: Literal[ABILITY_RULES] = "any"  # type: ignore[valid-type]


class EnemyDefaults(_Model):
    """Default priorities by Enemy type."""

    melee: Priorities | None = None
    ranged: Priorities | None = None


class EnemyRules(_Model):
    """Pack-wide Enemy turn rules: ``activation_order`` and default ``priorities`` per
    type (used for an Enemy that gives none)."""

    activation_order: Literal[ACTIVATION_ORDERS] = "melee-then-ranged"  # type: ignore[valid-type]
    defaults: EnemyDefaults = Field(default_factory=EnemyDefaults)


class DeathOption(_Model):
    """An option when a Character dies (the second ruleset): ``name``, ``effect``
    (restart, retire, revive) and the story condition ``if`` under which it is open."""

    name: NameText
    effect: Literal[ON_DEATH_EFFECTS[1:]]  # type: ignore[valid-type]
    if_: Text | None = Field(default=None, alias="if")


class OnDeath(_Model):
    """What a Character's death does: ``effect: lose-game`` or ``options``."""

    effect: Literal["lose-game"] | None = None
    options: Annotated[list[DeathOption], Field(min_length=1)] | None = None

    model_config = ConfigDict(json_schema_extra={"oneOf": [{"required": ["effect"]}, {"required": ["options"]}]})

    @model_validator(mode="after")
    def _one(self) -> OnDeath:
        if (self.effect is None) == (self.options is None):
            raise PydanticCustomError("one_of", "give exactly one of `effect` or `options`", {
                "hint": "write `on_death: {effect: lose-game}` or a list of `options`"})
        return self
