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
    """A Threat deck."""

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
    """A deck of cards."""

    name: str
    role: Literal[DECK_ROLES]  # type: ignore[valid-type]
    box_counts: Optional[_r("box_counts")]  # type: ignore[valid-type]
    text: str
    cards: list[CardOut]


class AbilityOut(_Out):
    """A Talent or Support ability."""

    name: str
    text: str
    effects: list[EffectOut]  # type: ignore[valid-type]


class StatModifierOut(_Out):
    stat: str
    by: _r("stat_by")  # type: ignore[valid-type]
    floor: _r("stat_floor")  # type: ignore[valid-type]


class StoneOptionOut(_Out):
    name: str
    effects: list[EffectOut]  # type: ignore[valid-type]


class StoneFaceOut(_Out):
    face: str
    options: list[StoneOptionOut]


class StonesOut(_Out):
    per_character: _r("stones")  # type: ignore[valid-type]
    faces: list[StoneFaceOut]


class StartDrawsOut(_Out):
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
    melee: PrioritiesOut
    ranged: PrioritiesOut


class EnemyRulesOut(_Out):
    activation_order: Literal[ACTIVATION_ORDERS]  # type: ignore[valid-type]
    defaults: EnemyDefaultsOut


class DeathOptionOut(_Out):
    """An ``on_death`` option: open when its condition ``if`` holds (a tree, null: always), ``if_source`` its text."""

    name: str
    effect: Literal[ON_DEATH_EFFECTS[1:]]  # type: ignore[valid-type]
    if_: Optional[Condition] = Field(..., alias="if")
    if_source: Optional[str]


class OnDeathOut(_Out):
    effect: Optional[Literal["lose-game"]]
    options: list[DeathOptionOut]


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
