"""``kind: enemy`` and ``kind: named-enemy``: Enemy Reference cards and Named Enemy
Tracker cards as data (Gascony's Legacy, Component List: Enemy Reference cards and
tokens, Named Enemy Tracker card; Battle: Enemy Turn, Attack; the second ruleset,
"Enemy Attack"), and an Enemy's priorities (how it moves and whom it attacks), a
closed vocabulary of the bundle format (``format.MOVEMENT_STEPS``,
``format.TARGET_SELECTORS``).

An Enemy's supply (its tokens in the box) is not written here: it is the
components' ``enemy_tokens`` count, which emit copies into the bundle.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field, model_validator
from pydantic_core import PydanticCustomError

from cardforge_runtime.format import ENEMY_TYPES, MOVEMENT_STEPS, NAMED_ENEMY_PLAYER_COUNTS

from cardforge_compiler.model._types import NameText, _Model
from cardforge_compiler.model.effects import Effect, TargetRule, per_count, ranged

__all__ = ["Enemy", "EnemyDefense", "NamedEnemy", "Priorities"]


class Priorities(_Model):
    """How an Enemy moves and whom it attacks (Gascony's Legacy, Enemy Reference
    cards; the second ruleset, "Enemy Attack"): ``move``, movement steps tried in
    order (``format.MOVEMENT_STEPS``); ``target``, a target rule: selectors applied
    left to right to the candidate Characters (``format.TARGET_SELECTORS``), ending
    with ``players-choice`` where ties are left to the players."""

    move: Annotated[list[Literal[MOVEMENT_STEPS]], Field(min_length=1)]  # type: ignore[valid-type]
    target: TargetRule


class EnemyDefense(_Model):
    """An Enemy's Defense (Gascony's Legacy, Enemy Reference cards: "Wounded 2 /
    Defeated 3"): the successes that Wound it and those that Defeat it outright."""

    wounded: ranged("enemy_defense")  # type: ignore[valid-type]
    defeated: ranged("enemy_defense")  # type: ignore[valid-type]


class Enemy(_Model):
    """An Enemy Reference card (``kind: enemy``): ``type`` melee or ranged, ``damage``,
    ``movement``, ``defense`` (Wounded / Defeated), for a ranged Enemy its ``range``
    (squares; absent = unlimited), its ``attack`` value (dice, or the number a Response
    card is added to in the second ruleset, melee or ranged; absent = its damage),
    ``attacks`` per Enemy turn, ``retarget_on_kill`` (a further attack picks a new
    target when the first kills: the second ruleset's double attack), ``priorities``
    (absent: the pack's ``enemy_rules`` default for its type), ``on_hit`` effects on a
    Character it hits (poison: Fatigue) and the card's ``text``."""

    kind: Literal["enemy"]
    name: NameText
    type: Literal[ENEMY_TYPES]  # type: ignore[valid-type]
    damage: ranged("damage")  # type: ignore[valid-type]
    movement: ranged("movement")  # type: ignore[valid-type]
    defense: EnemyDefense
    range: ranged("enemy_range") | None = None  # type: ignore[valid-type]
    attack: ranged("attack_value") | None = None  # type: ignore[valid-type]
    attacks: ranged("attacks") = 1  # type: ignore[valid-type]
    retarget_on_kill: bool = False
    priorities: Priorities | None = None
    on_hit: list[Effect] = Field(default_factory=list)
    text: str = ""

    model_config = ConfigDict(json_schema_extra={"allOf": [
        {"if": {"properties": {"type": {"const": "melee"}}, "required": ["type"]},
         "then": {"not": {"required": ["range"], "properties": {"range": {"type": "integer"}}}}}]})

    @model_validator(mode="after")
    def _ranged_fields(self) -> Enemy:
        if self.type == "melee" and self.range is not None:
            raise PydanticCustomError("one_of", "`{key}` is for ranged Enemies; this one is melee", {
                "key": "range", "hint": "remove `range:`, or write `type: ranged`"})
        if self.defense.defeated < self.defense.wounded:
            raise PydanticCustomError("one_of", "Defense `defeated` ({d}) is below `wounded` ({w})", {
                "d": self.defense.defeated, "w": self.defense.wounded,
                "hint": "Defeating an Enemy takes at least as many successes as Wounding it"})
        return self


class NamedEnemy(_Model):
    """A Named Enemy and its Tracker card (``kind: named-enemy``; Gascony's Legacy,
    Named Enemy Tracker card): ``health`` by number of Characters (keys 1 to 4),
    ``defense`` (successes that Wound it; a Named Enemy is never Defeated in one
    Attack), ``damage`` and ``movement`` (for threat effects that use them), its
    ``threat_deck`` (the name of a ``threat-deck`` document), ``falls_on_purpose``
    (health that falls as the party grows is meant, not a warning) and ``text``."""

    kind: Literal["named-enemy"]
    name: NameText
    health: per_count("named_health")  # type: ignore[valid-type]
    defense: ranged("enemy_defense")  # type: ignore[valid-type]
    damage: ranged("damage") = 0  # type: ignore[valid-type]
    movement: ranged("movement") = 0  # type: ignore[valid-type]
    threat_deck: NameText
    falls_on_purpose: bool = False
    text: str = ""

    model_config = ConfigDict(json_schema_extra=lambda schema: schema["properties"]["health"].update(
        required=[str(n) for n in NAMED_ENEMY_PLAYER_COUNTS]))

    @model_validator(mode="after")
    def _every_count(self) -> NamedEnemy:
        missing = [n for n in NAMED_ENEMY_PLAYER_COUNTS if n not in self.health]
        if missing:
            raise PydanticCustomError("one_of", "`health` gives no value for {missing} Character(s)", {
                "missing": ", ".join(map(str, missing)),
                "hint": "the Tracker card gives health for 1, 2, 3 and 4 Characters: `health: {1: 4, 2: 5, 3: 6, 4: 7}`"})
        return self
