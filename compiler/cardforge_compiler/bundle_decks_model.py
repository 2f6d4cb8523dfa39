"""Enemies, Named Enemies, Threat decks, decks and the manifest's Battle rules in a
bundle (format 1.5.0) as pydantic models: part of the source of
``schemas/bundle.schema.json`` (with :mod:`cardforge_compiler.bundle_model`). Every
field is required (a bundle writes every one, defaults filled: docs/bundle.md,
Enemies and decks); objects stay open (a newer minor version may add keys). The
effect models are built from the format's ``EFFECTS`` (``{"kind": ..., ...params}``),
so the vocabulary is written once; ``load_bundle`` (``bundle_decks``) checks the
meaning.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, create_model

from cardforge_compiler.bundle_step_model import Condition
from cardforge_runtime.format import (
    ABILITY_RULES,
    ACTIVATION_ORDERS,
    ATTACK_KINDS,
    BATTLE_ACTIONS,
    BATTLE_PHASES,
    BATTLE_STATS,
    CHOICES,
    DECK_ROLES,
    DICE_RULE_ON,
    EFFECTS,
    ENEMY_TYPES,
    MOVEMENT_STEPS,
    ON_DEATH_EFFECTS,
    PREDICATES,
    RANGES,
    SLOTS,
    SUBJECTS,
    TARGET_SELECTORS,
    WHEN_EMPTY,
)

__all__ = ["AbilityOut", "CharacterOut", "DeckOut", "EnemyOut", "NamedEnemyOut", "PackRulesOut",
           "StatModifierOut", "ThreatDeckOut"]


class _Out(BaseModel):
    model_config = ConfigDict(extra="ignore")


def _r(key: str) -> Any:
    low, high = RANGES[key]
    return Annotated[int, Field(ge=low, le=high)]


class PredicateOut(_Out):
    """A predicate of an ``if`` effect: ``kind`` (``format.PREDICATES``) and its ``value`` (null for none; a
    condition tree for ``condition``, whose text is ``source``)."""

    kind: Literal[tuple(PREDICATES)]  # type: ignore[valid-type]
    value: Union[str, Condition, None]
    source: Optional[str] = None


class SelectorOut(_Out):
    """A target selector: ``kind`` (``format.TARGET_SELECTORS``) and its parameters."""

    kind: Literal[tuple(TARGET_SELECTORS)]  # type: ignore[valid-type]


class TargetSubjectOut(_Out):
    """An effect subject picked by a target rule: ``{"target": [selectors]}``."""

    target: list[SelectorOut]


def _param(kind: str) -> Any:
    if kind == "effects":
        return list["EffectOut"]
    if kind == "predicate":
        return PredicateOut
    if kind == "target-rule":
        return list[SelectorOut]
    if kind == "per-count":
        return dict[str, _r("spawn_count")]
    if kind == "names":
        return list[str]
    if kind == "condition":
        return Condition
    if kind == "name":
        return str
    if kind == "bool":
        return bool
    if kind == "subject":
        return Union[Literal[SUBJECTS], TargetSubjectOut]  # type: ignore[valid-type]
    if kind in CHOICES:
        return Literal[CHOICES[kind]]  # type: ignore[valid-type]
    return _r(kind)


def _effect_out(name: str, doc: str, params: dict[str, tuple[str, bool, Any]]) -> type[_Out]:
    fields: dict[str, Any] = {"kind": (Literal[name], ...)}
    for param, (kind, required, default) in params.items():
        annotation = _param(kind)
        optional = not required and default is None and kind != "effects"
        key = f"{param}_" if param in ("if", "else") else param
        fields[key] = (Optional[annotation] if optional else annotation, Field(..., alias=param))
    title = "".join(p.capitalize() for p in name.split("-")) + "EffectOut"
    model = create_model(title, __base__=_Out, __module__=__name__, **fields)
    model.__doc__ = f"Effect `{name}` in a bundle: {doc}"
    return model


_EFFECT_OUTS = [_effect_out(name, doc, params) for name, (doc, params) in EFFECTS.items()]
#: An effect in a bundle: ``{"kind": <effect>, ...every parameter}``.
EffectOut = Annotated[Union[tuple(_EFFECT_OUTS)], Field(discriminator="kind")]  # type: ignore[valid-type]
for _model in _EFFECT_OUTS:
    _model.model_rebuild(force=True, _types_namespace={"EffectOut": EffectOut})


class PrioritiesOut(_Out):
    """An Enemy's movement steps and target rule."""

    move: list[Literal[MOVEMENT_STEPS]]  # type: ignore[valid-type]
    target: list[SelectorOut]


class DefenseOut(_Out):
    """An Enemy's Defense, ``{"wounded", "defeated"}``: the Successes (1 to 12) an attack
    needs to wound it and to defeat it, ``defeated`` at least ``wounded`` (Gascony's
    Legacy, Component List: Enemy Reference cards)."""

    wounded: _r("enemy_defense")  # type: ignore[valid-type]
    defeated: _r("enemy_defense")  # type: ignore[valid-type]


class EnemyOut(_Out):
    """An Enemy (Enemy Reference card), defaults filled, with its ``supply``."""

    name: str
    type: Literal[ENEMY_TYPES]  # type: ignore[valid-type]
    damage: _r("damage")  # type: ignore[valid-type]
    movement: _r("movement")  # type: ignore[valid-type]
    defense: DefenseOut
    range: Optional[_r("enemy_range")]  # type: ignore[valid-type]
    attack: Optional[_r("attack_value")]  # type: ignore[valid-type]
    attacks: _r("attacks")  # type: ignore[valid-type]
    retarget_on_kill: bool
    priorities: PrioritiesOut
    on_hit: list[EffectOut]  # type: ignore[valid-type]
    supply: Annotated[int, Field(ge=0, le=99)]
    text: str


class NamedEnemyOut(_Out):
    """A Named Enemy and its Tracker card; ``health`` keyed by number of Characters ("1".."4")."""

    name: str
    health: dict[str, _r("named_health")]  # type: ignore[valid-type]
    defense: _r("enemy_defense")  # type: ignore[valid-type]
    damage: _r("damage")  # type: ignore[valid-type]
    movement: _r("movement")  # type: ignore[valid-type]
    threat_deck: str
    falls_on_purpose: bool
    text: str


class ThreatTextOut(_Out):
    """A Threat card's printed text, ``{"threat", "reaction"}``: its top (threat) and
    bottom (reaction) portions (Gascony's Legacy, Named Enemies: Threat decks)."""

    threat: str
    reaction: str


class ThreatCardOut(_Out):
    """A Threat card: its two portions' effects and text."""

    name: str
    count: _r("card_count")  # type: ignore[valid-type]
    threat: list[EffectOut]  # type: ignore[valid-type]
    reaction: list[EffectOut]  # type: ignore[valid-type]
    reaction_name: Optional[str] = None
    text: ThreatTextOut


class ThreatDeckOut(_Out):
    """A Named Enemy's Threat deck: ``name``, ``when_empty`` (``"reshuffle"`` or
    ``"nothing"``), ``text`` and its ``cards`` (Gascony's Legacy, Named Enemies)."""

    name: str
    when_empty: Literal[WHEN_EMPTY]  # type: ignore[valid-type]
    text: str
    cards: list[ThreatCardOut]


class DiceRuleOut(_Out):
    """A Weapon's dice rule, every key present."""

    on: Literal[DICE_RULE_ON]  # type: ignore[valid-type]
    add_pips: Annotated[int, Field(ge=0, le=6)]
    dice_count: _r("dice_count")  # type: ignore[valid-type]
    reroll_faces: list[int]
    extra_dice: Annotated[int, Field(ge=0, le=6)]
    advantage: bool


class CardOut(_Out):
    """A card of a deck: ``name``, ``count``, ``text`` and the fields of its deck's role
    (``format.CARD_ROLE_FIELDS``); an Equipment card's ``pattern`` as ``[right, forward]`` offsets."""

    name: str
    count: _r("card_count")  # type: ignore[valid-type]
    text: str
    effects: list[EffectOut] | None = None  # type: ignore[valid-type]
    use: list[EffectOut] | None = None  # type: ignore[valid-type]
    keep: bool | None = None
    value: Optional[int] = None
    hands: Literal[1, 2] | None = None
    slot: Literal[SLOTS] | None = None  # type: ignore[valid-type]
    attack: Literal[ATTACK_KINDS] | None = None  # type: ignore[valid-type]
    range: Optional[_r("weapon_range")] = None  # type: ignore[valid-type]
    pattern: list[Annotated[list[int], Field(min_length=2, max_length=2)]] | None = None
    cost: Optional[_r("cost")] = None  # type: ignore[valid-type]
    dice: list[DiceRuleOut] | None = None
    split_sixes: bool | None = None
    unarmed: bool | None = None


class DeckOut(_Out):
    """A deck of cards: ``name``, ``role`` (``format.DECK_ROLES``), ``box_counts``, ``text``
    and its ``cards`` in authored order (Gascony's Legacy, Component List)."""

    name: str
    role: Literal[DECK_ROLES]  # type: ignore[valid-type]
    box_counts: Optional[_r("box_counts")]  # type: ignore[valid-type]
    text: str
    cards: list[CardOut]


class AbilityOut(_Out):
    """A Character's Talent or Support ability: ``name``, ``text``, ``effects``
    (Gascony's Legacy, Character boards; Actions: "Use Your Talent")."""

    name: str
    text: str
    effects: list[EffectOut]  # type: ignore[valid-type]


class StatModifierOut(_Out):
    """A status token's ``stat_modifier``, ``{"stat", "by", "floor"}``: while the token is
    held, ``stat`` (one of the pack's stats) changes by ``by`` (-6 to 6), never below
    ``floor`` (Gascony's Legacy, Status Banner tokens: Despair's "1 fewer dice")."""

    stat: str
    by: _r("stat_by")  # type: ignore[valid-type]
    floor: _r("stat_floor")  # type: ignore[valid-type]


class StoneOptionOut(_Out):
    """What a Stone of Chance face lets a Character do, ``{"name", "effects"}``
    (Gascony's Legacy, All for One board & Stones of Chance)."""

    name: str
    effects: list[EffectOut]  # type: ignore[valid-type]


class StoneFaceOut(_Out):
    """A face of the Stones of Chance, ``{"face", "options"}``: its name (what a status
    token's ``removed_by`` names) and the options it offers (Gascony's Legacy, All for One
    board & Stones of Chance)."""

    face: str
    options: list[StoneOptionOut]


class StonesOut(_Out):
    """The pack's Stones of Chance, ``{"per_character", "faces"}``: how many each
    Character has and each face (Gascony's Legacy, All for One board & Stones of Chance)."""

    per_character: _r("stones")  # type: ignore[valid-type]
    faces: list[StoneFaceOut]


class StartDrawsOut(_Out):
    """A difficulty option's ``start_draws``, ``{"deck", "per_character"}``: each
    Character draws ``per_character`` cards of ``deck`` (one of the pack's decks) when
    the story starts (Gascony's Legacy, Difficulty Adjustments)."""

    deck: str
    per_character: _r("draw_count")  # type: ignore[valid-type]


class DifficultyOut(_Out):
    """A difficulty option, every field present."""

    name: str
    text: str
    remove_cards: dict[str, list[str]]
    start_draws: Optional[StartDrawsOut]
    character_count: _r("character_count")  # type: ignore[valid-type]
    severe_wounds: bool
    destiny_start: _r("destiny_start")  # type: ignore[valid-type]
    abilities: Literal[ABILITY_RULES]  # type: ignore[valid-type]


class EnemyDefaultsOut(_Out):
    """The default movement steps and target rule of a melee and of a ranged Enemy,
    ``{"melee", "ranged"}`` (Gascony's Legacy, Enemy Turn; Enemy Reference cards: Priorities)."""

    melee: PrioritiesOut
    ranged: PrioritiesOut


class EnemyRulesOut(_Out):
    """The pack's ``enemy_rules``, ``{"activation_order", "defaults"}``: the order Enemies
    activate in (``format.ACTIVATION_ORDERS``) and their default priorities
    (Gascony's Legacy, Enemy Turn; the second ruleset, "Enemy Attack")."""

    activation_order: Literal[ACTIVATION_ORDERS]  # type: ignore[valid-type]
    defaults: EnemyDefaultsOut


class DeathOptionOut(_Out):
    """An ``on_death`` option: open when its condition ``if`` holds (a tree, null: always), ``if_source`` its text."""

    name: str
    effect: Literal[ON_DEATH_EFFECTS[1:]]  # type: ignore[valid-type]
    if_: Optional[Condition] = Field(..., alias="if")
    if_source: Optional[str]


class OnDeathOut(_Out):
    """What a Character's death does, ``{"effect", "options"}``: exactly one given, the
    ``"lose-game"`` effect (Gascony's Legacy, Objective) or the options the players may
    take (the second ruleset, "Enemy Attack": hero death and its options)."""

    effect: Optional[Literal["lose-game"]]
    options: list[DeathOptionOut]


class BattleRoundOut(_Out):
    """A pack's Battle round (format 1.6.0): ``phases`` in order, the Character ``turn``'s
    limits (``move``, ``action``, ``attack``: 0 or 1), the ``actions`` a Character may
    take, what ``rescue`` heals (``heal`` Health tokens)."""

    move_stat: str = Field(description="The stat whose value is a Character's Movement points (one of `stats`).")
    phases: list[Literal[BATTLE_PHASES]]  # type: ignore[valid-type]
    turn: dict[Literal["move", "action", "attack"], Annotated[int, Field(ge=0, le=1)]]
    actions: list[Literal[BATTLE_ACTIONS]]  # type: ignore[valid-type]
    rescue: dict[Literal["heal"], Annotated[int, Field(ge=0, le=20)]]


class PackRulesOut(_Out):
    """The pack fields of format 1.5.0 (mixed into ``PackOut``); each is written by
    every 1.5 bundle, and missing from an older one."""

    battle_stats: Optional[dict[Literal[BATTLE_STATS], Optional[str]]] = Field(  # type: ignore[valid-type]
        default=None, description="The stat a Character rolls for a Melee attack (`melee`) and to Defend (`defense`).")
    carry: Optional[dict[str, _r("carry_hands")]] = None  # type: ignore[valid-type]
    deck_roles: dict[str, str] = Field(default_factory=dict, description=(
        "The manifest's `decks`: which deck plays which part (role -> deck name)."))
    stones_of_chance: Optional[StonesOut] = None
    difficulty: list[DifficultyOut] = Field(default_factory=list)
    enemy_rules: Optional[EnemyRulesOut] = None
    on_death: Optional[OnDeathOut] = None
    battle_round: Optional[BattleRoundOut] = Field(default=None, description=(
        "Since format 1.6.0: present, the pack's Battles are played by the engine in Battle rounds "
        "(docs/runtime.md, Battle rounds); null, at the table (the `battle` request)."))
    enemies: list[EnemyOut] = Field(default_factory=list)
    named_enemies: list[NamedEnemyOut] = Field(default_factory=list)
    threat_decks: list[ThreatDeckOut] = Field(default_factory=list)
    decks: list[DeckOut] = Field(default_factory=list)




class CharacterOut(_Out):
    """A Character board in a bundle: name, a value for every stat, maximum Destiny and
    Health tokens, starting items; since format 1.5.0 its Starting ``weapons`` (``[]``)
    and ``talent`` / ``support`` abilities (``null`` when none)."""

    name: str
    stats: dict[str, int]
    destiny: int
    health: int
    items: list[str]
    weapons: list[str] = Field(default_factory=list)
    talent: Optional[AbilityOut] = None
    support: Optional[AbilityOut] = None
    role: Optional[str] = None
