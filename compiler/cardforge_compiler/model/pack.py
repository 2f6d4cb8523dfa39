"""A content pack's manifest (``pack.yaml``): players, stats, status tokens, the dice
rule, the Character boards, the Porter and the Battle rules (``pack_rules``) (Gascony's Legacy, "Setup", "Solo Play",
"Status Banner tokens", "Dice Rolls", "Porter board", "Between Story Cards")."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from cardforge_runtime.format import MAX_PLAYERS, MAX_PORTER_CARDS, RANGES

from cardforge_compiler.model._types import Ident, NameText, Text, _Model
from cardforge_compiler.model.battle_round import BattleRound
from cardforge_compiler.model.campaign import Campaign
from cardforge_compiler.model.characters import Character
from cardforge_compiler.model.pack_rules import (
    BattleStats,
    Carry,
    DeckRoles,
    DifficultyOption,
    EnemyRules,
    OnDeath,
    StonesOfChance,
    TokenRules,
)

__all__ = ["Dice", "Pack", "Players", "Porter", "StatusToken"]


class Players(_Model):
    """Player count, from ``min`` to ``max`` players (``min`` no more than ``max``);
    in Solo Play one player controls ``solo_characters`` Characters, no more than
    ``max`` (Gascony's Legacy, Solo Play)."""

    # How the three relate is the bundle format's rule (cardforge_runtime.format.
    # player_limits), checked by checks/pack.py as load_bundle checks it.

    min: Annotated[int, Field(ge=1, le=MAX_PLAYERS)]
    max: Annotated[int, Field(ge=1, le=MAX_PLAYERS)]
    solo_characters: Annotated[int, Field(ge=1, le=MAX_PLAYERS)] = 1


class StatusToken(TokenRules):
    """A status token and its effect on dice (Gascony's Legacy, Status Banner tokens):
    ``dice_modifier`` dice rolled (Despair: -1); ``six_counts`` successes a 6 counts
    (Doom: 1); and (``TokenRules``) the ability it ``covers``, the Stone face it is
    ``removed_by``, a ``stat_modifier``, whether it ``stacks``."""

    name: NameText
    dice_modifier: Annotated[int, Field(ge=RANGES["dice_modifier"][0], le=RANGES["dice_modifier"][1])] = 0
    six_counts: Annotated[int, Field(ge=RANGES["six_counts"][0], le=RANGES["six_counts"][1])] | None = None


Face = Annotated[int, Field(ge=RANGES["face"][0], le=RANGES["face"][1])]


class Dice(_Model):
    """The dice rule (Gascony's Legacy, Dice Rolls)."""

    sides: Annotated[int, Field(ge=RANGES["sides"][0], le=RANGES["sides"][1])] = 6
    max_dice: Annotated[int, Field(ge=RANGES["max_dice"][0], le=RANGES["max_dice"][1])] = 6
    single_success: list[Face]
    double_success: list[Face] = Field(default_factory=list)
    advantage_adds: list[Face] = Field(default_factory=list)
    disadvantage_removes: list[Face] = Field(default_factory=list)
    #: What may be spent to reroll dice: ``destiny`` (a Destiny token rerolls any
    #: or all dice, with no limit per roll), the only rule of the box.
    reroll: Literal["destiny"] | None = None


class Porter(_Model):
    """The Porter, a component of the pack (Gascony's Legacy, "Porter board"; Setup 4:
    "place 1 Equipment card per Character face-down, underneath it"; Between Story
    Cards, "Call The Porter: Once per Story"): ``cards_per_character`` cards of
    ``deck`` wait under him, and once per Story, between Story cards, the players may
    buy any of them. A pack without a ``porter`` has none, and the engine never offers
    him."""

    deck: NameText
    cards_per_character: Annotated[int, Field(ge=1, le=MAX_PORTER_CARDS)] = 1


class Pack(_Model):
    """A content pack's manifest (``pack.yaml``): id, title, version, players, stats,
    status tokens, dice, Character boards, the Porter, and the Battle rules of format
    1.5.0 (``pack_rules``): ``battle_stats``, ``carry``, ``decks`` (role -> deck name),
    ``stones_of_chance``, ``difficulty``, ``enemy_rules``, ``on_death``; format 1.6.0's
    ``battle_round`` (``model.battle_round``: the Battles are played by the engine) and
    ``campaign`` (Campaign Mode: ``model.campaign``)."""

    kind: Literal["pack"]
    id: Ident
    title: Text
    version: Annotated[str, Field(pattern=r"^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$")]
    players: Players
    stats: Annotated[list[NameText], Field(min_length=1)]
    status_tokens: list[StatusToken] = Field(default_factory=list)
    dice: Dice
    characters: list[Character] = Field(default_factory=list)
    porter: Porter | None = None
    battle_stats: BattleStats | None = None
    carry: Carry | None = None
    decks: DeckRoles = Field(default_factory=dict)
    stones_of_chance: StonesOfChance | None = None
    difficulty: list[DifficultyOption] = Field(default_factory=list)
    enemy_rules: EnemyRules | None = None
    on_death: OnDeath | None = None
    battle_round: BattleRound | None = None
    campaign: Campaign | None = None
