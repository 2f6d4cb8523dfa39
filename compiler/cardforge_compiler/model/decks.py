"""``kind: threat-deck`` and ``kind: deck``: Threat decks of Named Enemies and the
decks of cards (Reaction, Loot, Equipment, the second ruleset's Response...) as data
(Gascony's Legacy, Component List: Equipment cards, Loot cards, Enemy Reaction cards,
Named Enemy Tracker card; Battle: Attack, Attack Rolls, Assigning Successes; the
second ruleset, "Enemy Attack"). Card effects use the closed effect vocabulary
(``model.effects``); a Weapon's special rule is data the dice rules apply
(``DiceRule``); its Attack Pattern is a grid (``model.patterns``).

A card's fields depend on its deck's ``role`` (``format.CARD_ROLE_FIELDS``): a
``kind: deck`` document validates each card against the role it declares.
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, ConfigDict, Field, model_validator
from pydantic_core import PydanticCustomError

from cardforge_runtime.format import (
    ATTACK_KINDS,
    CARD_ROLE_FIELDS,
    DECK_ROLES,
    DICE_RULE_KINDS,
    DICE_RULE_ON,
    HANDS,
    SLOTS,
    WHEN_EMPTY,
)

from cardforge_compiler.model._types import NameText, _Model
from cardforge_compiler.model.effects import Effect, ranged
from cardforge_compiler.model.patterns import check_pattern

__all__ = ["DeckCard", "Deck", "DiceRule", "Pattern", "ThreatCard", "ThreatDeck", "ThreatText"]

Face = Annotated[int, Field(ge=1, le=20)]
#: An Attack Pattern grid: rows of ``x . F f o`` (``model.patterns``).
#: (No rows is one of ``check_pattern``'s faults, CF825 like the others: ``minItems``
#: is the schema's only.)
Pattern = Annotated[list[Annotated[str, Field(json_schema_extra={"pattern": "^[x.Ffo]+$"})]],
                    Field(json_schema_extra={"minItems": 1}), AfterValidator(check_pattern)]


class DiceRule(_Model):
    """A Weapon's special rule on dice (Gascony's Legacy, Equipment cards: the
    Broadsword's +1 pip, the Rapier's reroll of 1s): ``on`` attack, defense or any
    roll; exactly one of ``add_pips`` (+n pips to ``dice_count`` dice of the roller's
    choice), ``reroll_faces`` (faces rerolled once, free), ``extra_dice`` (+n dice,
    still at most the maximum) or ``advantage: true``."""

    on: Literal[DICE_RULE_ON] = "any"  # type: ignore[valid-type]
    add_pips: ranged("pips") | None = None  # type: ignore[valid-type]
    dice_count: ranged("dice_count") | None = None  # type: ignore[valid-type]
    reroll_faces: Annotated[list[Face], Field(min_length=1)] | None = None
    extra_dice: ranged("extra_dice") | None = None  # type: ignore[valid-type]
    advantage: Literal[True] | None = None

    model_config = ConfigDict(json_schema_extra={
        "oneOf": [{"required": [k]} for k in DICE_RULE_KINDS],
        "allOf": [{"if": {"required": ["dice_count"]}, "then": {"required": ["add_pips"]}}]})

    @model_validator(mode="after")
    def _one_rule(self) -> DiceRule:
        given = [k for k in DICE_RULE_KINDS if getattr(self, k) is not None]
        if len(given) != 1:
            raise PydanticCustomError("one_of", "a dice rule has exactly one of {kinds}; found {n}", {
                "kinds": ", ".join(DICE_RULE_KINDS), "n": len(given),
                "hint": "write one rule per list item: `- {on: attack, add_pips: 1}`"})
        if self.dice_count is not None and self.add_pips is None:
            raise PydanticCustomError("one_of", "`dice_count` goes with `add_pips`", {
                "hint": "remove `dice_count`, or add `add_pips:`"})
        return self


#: The role of the deck whose cards are being validated (set by ``Deck``).
_ROLE: ContextVar[str | None] = ContextVar("deck_role", default=None)
#: The fields every card may carry, whatever its deck's role.
_COMMON = ("name", "count", "text")


class DeckCard(_Model):
    """A card of a ``kind: deck`` (Gascony's Legacy, Equipment, Loot and Enemy
    Reaction cards): ``name``, ``count`` (copies; default 1), ``text`` as printed, and
    the fields of its deck's role (``format.CARD_ROLE_FIELDS``):

    - reaction: ``effects`` (required). response: ``value`` (added to the attack), ``effects``.
    - loot: ``effects`` (when drawn), ``keep`` (the Character keeps it as an item),
      ``use`` (effects when discarded to use it).
    - equipment: ``hands`` 1|2, ``slot`` primary|secondary, ``attack`` melee|ranged,
      ``pattern`` (a grid), ``cost`` (Coins) all required; ``value`` (dice of a ranged
      attack; required for ranged), ``range`` (ranged; absent = unlimited), ``dice``
      rules, ``split_sixes``, ``effects``, ``unarmed`` (the Unarmed card).
    """

    name: NameText
    count: ranged("card_count") = 1  # type: ignore[valid-type]
    text: str = ""
    effects: list[Effect] | None = None
    keep: bool | None = None
    use: list[Effect] | None = None
    value: Annotated[int, Field(ge=0, le=20)] | None = None
    hands: Literal[HANDS] | None = None  # type: ignore[valid-type]
    slot: Literal[SLOTS] | None = None  # type: ignore[valid-type]
    attack: Literal[ATTACK_KINDS] | None = None  # type: ignore[valid-type]
    range: ranged("weapon_range") | None = None  # type: ignore[valid-type]
    pattern: Pattern | None = None
    cost: ranged("cost") | None = None  # type: ignore[valid-type]
    dice: list[DiceRule] | None = None
    split_sixes: bool | None = None
    unarmed: bool | None = None

    @model_validator(mode="after")
    def _fields_of_role(self) -> DeckCard:
        role = _ROLE.get()
        if role is None:
            return self
        fields = CARD_ROLE_FIELDS[role]
        for key in self.model_fields_set:
            if key not in _COMMON and key not in fields:
                raise PydanticCustomError("one_of", "`{key}` is not a field of a {role} card", {
                    "key": key, "role": role,
                    "hint": f"a {role} card has: {', '.join((*_COMMON, *fields))}"})
        for key, default in fields.items():
            if default is None and getattr(self, key) is None and key not in ("value", "range"):
                raise PydanticCustomError("one_of", "{article} {role} card needs `{key}`", {
                    "key": key, "role": role, "article": "an" if role[0] in "aeiou" else "a",
                    "hint": f"add `{key}:`"})
        if role == "equipment":
            if self.attack == "ranged" and self.value is None:
                raise PydanticCustomError("one_of", "a ranged Weapon needs `value` (the dice its attack rolls)", {
                    "hint": "add `value:` with its listed Attack value"})
            if self.attack == "melee" and self.range is not None:
                raise PydanticCustomError("one_of", "`range` is for ranged Weapons; this one is melee", {
                    "hint": "remove `range:`, or write `attack: ranged`"})
            if self.value is not None and self.value < 1:
                raise PydanticCustomError("one_of", "a Weapon's `value` is at least 1", {"hint": "write `value: 1` or more"})
        if role == "response" and self.value is not None and self.value > 12:
            raise PydanticCustomError("one_of", "a Response card's `value` is at most 12", {"hint": "write 0 to 12"})
        return self


def _role_rule(role: str) -> dict[str, Any]:
    """The rules of ``DeckCard._fields_of_role`` for ``role`` in JSON Schema keywords
    that draft-07 editors also apply."""
    fields = CARD_ROLE_FIELDS[role]
    required = [k for k, v in fields.items() if v is None and k not in ("value", "range")]
    items: dict[str, Any] = {"propertyNames": {"enum": [*_COMMON, *fields]}}
    if required:
        items["required"] = required
    if role == "equipment":
        items["allOf"] = [
            {"if": {"properties": {"attack": {"const": "ranged"}}, "required": ["attack"]},
             "then": {"required": ["value"], "properties": {"value": {"minimum": 1}}}},
            {"if": {"properties": {"attack": {"const": "melee"}}, "required": ["attack"]},
             "then": {"not": {"required": ["range"]}}}]
    if role == "response":
        items["properties"] = {"value": {"maximum": 12}}
    return {"if": {"properties": {"role": {"const": role}}, "required": ["role"]},
            "then": {"properties": {"cards": {"items": items}}}}


_ROLE_RULES = [_role_rule(role) for role in DECK_ROLES]


class Deck(_Model):
    """A deck of cards (``kind: deck``): ``name`` (Equipment, Loot, Reaction...),
    ``role`` (``format.DECK_ROLES``: which part it plays), ``box_counts`` (the number of
    cards the box holds, checked against the counts when given) and its ``cards``."""

    kind: Literal["deck"]
    name: NameText
    role: Literal[DECK_ROLES]  # type: ignore[valid-type]
    box_counts: ranged("box_counts") | None = None  # type: ignore[valid-type]
    cards: list[DeckCard] = Field(default_factory=list)
    text: str = ""

    model_config = ConfigDict(json_schema_extra={"allOf": _ROLE_RULES})

    @model_validator(mode="wrap")
    @classmethod
    def _cards_of_role(cls, data: Any, handler: Any) -> Deck:
        role = data.get("role") if isinstance(data, dict) else None
        token = _ROLE.set(role if role in DECK_ROLES else None)
        try:
            return handler(data)
        finally:
            _ROLE.reset(token)


class ThreatText(_Model):
    """The printed text of a Threat card's two portions."""

    threat: str = ""
    reaction: str = ""


class ThreatCard(_Model):
    """A Threat card (Gascony's Legacy, Named Enemy Tracker card and its Threat deck):
    ``name``, ``count``, its ``threat`` effects (top portion, resolved in the Enemy
    turn) and ``reaction`` effects (bottom portion, when the Named Enemy is attacked
    and not defeated), and the printed ``text`` of each."""

    name: NameText
    count: ranged("card_count") = 1  # type: ignore[valid-type]
    threat: list[Effect] = Field(default_factory=list)
    reaction: list[Effect] = Field(default_factory=list)
    #: the reaction portion's own printed name ("Doom" under "Guards!"); ``None``: none printed
    reaction_name: NameText | None = None
    text: ThreatText = Field(default_factory=ThreatText)


class ThreatDeck(_Model):
    """A Named Enemy's Threat deck (``kind: threat-deck``): ``name`` (a Named Enemy's
    ``threat_deck`` names it), ``when_empty`` (``reshuffle``: the discard pile back
    into the draw pile, shuffled; ``nothing``; absent: no rule given, which a check
    reports when every card can return to the box; the bundle writes ``reshuffle``)
    and its ``cards``."""

    kind: Literal["threat-deck"]
    name: NameText
    when_empty: Literal[WHEN_EMPTY] | None = None  # type: ignore[valid-type]
    cards: list[ThreatCard] = Field(default_factory=list)
    text: str = ""
