"""The content model: pydantic models, the single source of truth for the format.

``schemas/*.schema.json`` are generated from these classes
(``cardforge schema --out schemas/``); ``docs/format.md`` is the guide. All models
are strict (no ``"yes"`` -> ``True``, no ``"3"`` -> ``3``) and forbid unknown keys.

Rule sources: Gascony's Legacy, "Story Cards", "Event Cards", "Challenges",
"Dice Rolls", "Battle Cards - Setup", "Ending a Battle", "Status Banner tokens",
"Character boards and standees", "Setup".
"""

from __future__ import annotations

import re
import unicodedata
from typing import Annotated, Any, Literal, Union

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    PlainValidator,
    Tag,
    WithJsonSchema,
    model_validator,
)
from pydantic_core import PydanticCustomError

from cardforge_runtime.format import MAX_PLAYERS, NAME_PATTERN, OTHERWISE

__all__ = [
    "Card",
    "Character",
    "CardId",
    "DOCUMENT_MODELS",
    "Pack",
    "STEP_KINDS",
    "Step",
    "STEP_MODELS",
    "Story",
    "step_kind",
]

_CARD_ID_TEXT = re.compile(r"[1-9][0-9]{0,8}\Z")
#: The largest card id: nine digits (printed card numbers are far smaller).
MAX_CARD_ID = 999_999_999


def _card_id(value: Any) -> int:
    """A card id: the printed number, ``11`` or ``"11"``; never ``011`` or ``1e1``."""
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_CARD_ID:
        return value
    if isinstance(value, str) and _CARD_ID_TEXT.match(value):
        return int(value)
    shown = str(value).lower() if isinstance(value, bool) else str(value)
    raise PydanticCustomError(
        "card_id",
        "a card id is the printed number, such as 11; got {shown}",
        {"shown": shown},
    )


CardId = Annotated[
    int,
    PlainValidator(_card_id),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "integer", "minimum": 1, "maximum": MAX_CARD_ID},
                {"type": "string", "pattern": "^[1-9][0-9]{0,8}$"},
            ],
            "description": "A story card's printed number: 11 or \"11\" (no leading zeros, at most 9 digits).",
        }
    ),
]
Ident = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=64)]
#: A flag or counter name: the bundle format's ``NAME_PATTERN``.
Name = Annotated[str, Field(pattern=f"^{NAME_PATTERN}$", max_length=64)]
Text = Annotated[str, Field(min_length=1)]


def shown_name(name: str) -> str:
    """A name in quotes with its edge spaces made visible: ``'Rapier␠'``."""
    core = name.strip()
    start = name[: len(name) - len(name.lstrip())] if core else name
    end = name[len(name.rstrip()):] if core else ""

    def visible(spaces: str) -> str:
        return "".join("\u2420" if c == " " else "\u2409" if c == "\t" else f"\\u{ord(c):04x}" for c in spaces)

    return f"'{visible(start)}{core}{visible(end)}'"


def _name(value: str) -> str:
    """A name (stat, status token, item, Character, deck): no spaces at either end,
    stored in Unicode NFC so that the same letters always make the same name,
    whichever way an editor encoded them (``é`` as one code point or as ``e`` and a
    combining accent)."""
    if value != value.strip():
        where = ("starts and ends" if value[:1].isspace() and value[-1:].isspace()
                 else "starts" if value[:1].isspace() else "ends")
        raise PydanticCustomError(
            "name_spaces", "{shown} {where} with a space: a name cannot start or end with spaces",
            {"shown": shown_name(value), "where": where,
             "hint": f"write '{value.strip()}': names are compared letter for letter, so "
                     f"has(\"{value.strip()}\") would never match {shown_name(value)}"})
    return unicodedata.normalize("NFC", value)


#: A name: a stat, status token, item, Character or deck.
NameText = Annotated[str, Field(min_length=1, json_schema_extra={"pattern": r"^\S([\s\S]*\S)?$"}),
                     AfterValidator(_name)]
Count = Annotated[int, Field(ge=0, le=1000)]
#: A counter's value or change: kept well inside what every front end counts exactly.
Amount = Annotated[int, Field(ge=-1_000_000, le=1_000_000)]
Who = Literal["one", "each", "all"]
Otherwise = Literal[OTHERWISE]  # type: ignore[valid-type]


class _Model(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", populate_by_name=False)


# ----------------------------------------------------------------------- steps
#: The rules of ``_Named`` in JSON Schema keywords that draft-07 editors also apply.
_NAMED_RULES: list[dict[str, Any]] = [
    {"if": {"required": ["character"]}, "then": {"properties": {"who": {"const": "one"}}}},
    {"if": {"required": ["otherwise"]}, "then": {"required": ["character"]}},
]
_NAMES_CHARACTERS = {"anyOf": [{"required": ["character"]}, {"required": ["except"]}]}


class _Named(_Model):
    """Who a step names (Gascony's Legacy: a card may tell which Character acts,
    "Let Porthos answer the insult"; the players choose otherwise).

    ``character``: the Character board name that acts (``challenge``, ``roll``) or
    is affected (``gain``, ``lose``) when that Character is in the party (and, to
    roll dice, has not Fallen); only with ``who: one``. ``otherwise`` (only with
    ``character``): when that Character cannot, ``pick`` (the default: the group
    picks, as for any ``who: one``) or ``skip`` (the step does nothing). A step
    with ``character`` and no ``who`` is ``who: one``.
    ``except``: Characters who never act or are affected by this step (the group
    never picks them; ``who: each``/``all`` leave them out), e.g. the duel against
    Athos on card 18."""

    character: Text | None = Field(default=None, description=(
        "The Character board name that acts or is affected when that Character is in the party "
        "(and, to roll dice, has not Fallen); implies who: one."))
    otherwise: Otherwise | None = Field(default=None, description=(
        "With `character`: when that Character cannot, `pick` (default: the group picks) or `skip` "
        "(the step does nothing)."))
    except_: Annotated[list[Text], Field(min_length=1)] | None = Field(default=None, alias="except", description=(
        "Characters who never act or are affected by this step (never picked; left out of who: each/all)."))

    @model_validator(mode="after")
    def _named_needs_one(self) -> _Named:
        if self.character is not None:
            if "who" in self.model_fields_set and self.who != "one":  # type: ignore[attr-defined]
                raise PydanticCustomError("one_of", "`character` names the one Character who acts: "
                                                    "leave `who` out or give `who: one`")
            self.who = "one"  # type: ignore[attr-defined]
        if self.otherwise is not None and self.character is None:
            raise PydanticCustomError("one_of", "`otherwise` says what happens when the named `character` "
                                                "cannot act: add `character:`")
        return self

    model_config = ConfigDict(json_schema_extra={"allOf": _NAMED_RULES})


class Resources(_Named):
    """What a ``gain`` or ``lose`` step changes. Coins belong to the party;
    Destiny and Health to Characters (``who``: ``each`` or ``one``); a Character has
    at most one of each status token (Gascony's Legacy, Status Banner tokens)."""

    coins: Count | None = None
    destiny: Count | None = None
    health: Count | None = None
    status: list[NameText] | None = None
    items: list[NameText] | None = None
    who: Literal["each", "one"] = "each"


class PerSuccess(_Model):
    """The effect a ``roll`` applies once per success."""

    gain: Resources | None = None
    lose: Resources | None = None

    @model_validator(mode="after")
    def _one_effect(self) -> PerSuccess:
        if (self.gain is None) == (self.lose is None):
            raise PydanticCustomError("one_of", "give exactly one of `gain` or `lose`", {
                "hint": "a roll applies one effect per success: keep `gain:` or `lose:`, not both"})
        return self

    model_config = ConfigDict(
        json_schema_extra={"oneOf": [{"required": ["gain"]}, {"required": ["lose"]}]}
    )


class Option(_Model):
    """One option of a choice: offered only when ``if`` holds; its steps run, then
    its ``goto`` (if any) ends the card."""

    text: Text
    if_: Text | None = Field(default=None, alias="if")
    steps: list[Step] = Field(default_factory=list)
    goto: CardId | None = None


class Challenge(_Named):
    """An "n-Stat Challenge": roll dice equal to ``stat``, pass with ``successes``
    or more (Gascony's Legacy, Challenges); ``character``/``except`` say who may."""

    stat: NameText
    successes: Annotated[int, Field(ge=1, le=12)]
    who: Who = "one"
    pass_: list[Step] = Field(alias="pass")
    fail: list[Step]


class Roll(_Named):
    """Roll dice equal to ``stat`` and apply ``per_success`` once per success
    (Gascony's Legacy, Event Cards: "A Priest"); ``character``/``except`` say who may."""

    stat: NameText
    who: Who = "each"
    per_success: PerSuccess

    @model_validator(mode="after")
    def _effect_goes_to_the_roller(self) -> Roll:
        effect = self.per_success.gain or self.per_success.lose
        if self.who != "all" and effect is not None and (effect.character is not None or effect.except_ is not None):
            raise PydanticCustomError("one_of", "with who: one or each the effect goes to the Character who "
                                                "rolled: put `character`/`except` on the roll itself")
        return self

    model_config = ConfigDict(json_schema_extra={"allOf": [*_NAMED_RULES, {
        "if": {"not": {"required": ["who"], "properties": {"who": {"const": "all"}}}},
        "then": {"properties": {"per_success": {"properties": {"gain": {"not": _NAMES_CHARACTERS},
                                                               "lose": {"not": _NAMES_CHARACTERS}}}}}}]})


class Offer(_Model):
    """A fixed item for sale at ``cost`` coins."""

    item: NameText
    cost: Count


class Purchase(_Model):
    """"Players may purchase these": draw ``per_player`` cards per player (1 if not
    given) from ``deck`` and/or offer fixed ``offers`` (Gascony's Legacy, Event Cards)."""

    deck: NameText | None = None
    per_player: Annotated[int, Field(ge=1, le=10)] | None = None
    offers: Annotated[list[Offer], Field(min_length=1)] | None = None

    @model_validator(mode="after")
    def _something_to_buy(self) -> Purchase:
        if self.deck is None and self.offers is None:
            raise PydanticCustomError("one_of", "a purchase needs a `deck` to draw from, `offers`, or both", {
                "hint": "add `deck: Equipment` or `offers: [{item: Rapier, cost: 3}]`"})
        if self.per_player is not None and self.deck is None:
            raise PydanticCustomError("one_of", "`per_player` counts cards drawn from a `deck`", {
                "hint": "add `deck:` naming the deck, or remove `per_player`"})
        return self

    model_config = ConfigDict(
        json_schema_extra={"anyOf": [{"required": ["deck"]}, {"required": ["offers"]}],
                           "dependentRequired": {"per_player": ["deck"]}}
    )


class Objective(_Model):
    """A Battle objective; meeting it ends the Battle and leads to ``goto`` or to
    Victory (Gascony's Legacy, Ending a Battle)."""

    objective: Text
    goto: CardId | None = None
    victory: Text | None = None

    @model_validator(mode="after")
    def _one_outcome(self) -> Objective:
        if (self.goto is None) == (self.victory is None):
            raise PydanticCustomError("one_of", "an objective needs exactly one of `goto` or `victory`", {
                "hint": "meeting an objective either leads to a card (`goto: N`) or wins (`victory: ...`)"})
        return self

    model_config = ConfigDict(
        json_schema_extra={"oneOf": [{"required": ["goto"]}, {"required": ["victory"]}]}
    )


class Battle(_Model):
    """Set up a Battle layout and fight until an objective is met."""

    layout: Ident
    objectives: Annotated[list[Objective], Field(min_length=1)]


class TextStep(_Model):
    """Text shown to the players."""

    text: Text


class ChoiceStep(_Model):
    """A group decision between options."""

    choice: Annotated[list[Option], Field(min_length=1)]


class ChallengeStep(_Model):
    """An "n-Stat Challenge" with its pass and fail branches (Gascony's Legacy, Challenges)."""

    challenge: Challenge


class RollStep(_Model):
    """Roll dice equal to a stat and apply an effect per success (Gascony's Legacy, Event Cards: "A Priest")."""

    roll: Roll


class GainStep(_Model):
    """Coins, Destiny, health, status tokens or items gained."""

    gain: Resources


class LoseStep(_Model):
    """Coins, Destiny, health (Wounds), status tokens or items lost."""

    lose: Resources


class PurchaseStep(_Model):
    """Equipment offered for purchase (Gascony's Legacy, Event Cards)."""

    purchase: Purchase


class SetStep(_Model):
    """Set flags (true/false) and counters (numbers)."""

    set: Annotated[dict[Name, Union[bool, Amount]], Field(min_length=1)]


class AddStep(_Model):
    """Add to counters (a negative number subtracts)."""

    add: Annotated[dict[Name, Amount], Field(min_length=1)]


class ClearStep(_Model):
    """Reset flags to false and counters to their starting value."""

    clear: Annotated[list[Name], Field(min_length=1)]


class IfStep(_Model):
    """Steps taken only when a condition holds (``then``), else ``else``."""

    if_: Text = Field(alias="if")
    then: list[Step]
    else_: list[Step] = Field(default_factory=list, alias="else")


class BattleStep(_Model):
    """A Battle card's setup and objectives (Gascony's Legacy, Battle Cards - Setup; Ending a Battle)."""

    battle: Battle


class GotoStep(_Model):
    """Proceed to another Story card (Gascony's Legacy, Navigating Story Cards)."""

    goto: CardId


class VictoryStep(_Model):
    """A Musketeer Resolution: the Story is won."""

    victory: Text


class DefeatStep(_Model):
    """The players lose."""

    defeat: Text


STEP_MODELS: dict[str, type[_Model]] = {
    "text": TextStep,
    "choice": ChoiceStep,
    "challenge": ChallengeStep,
    "roll": RollStep,
    "gain": GainStep,
    "lose": LoseStep,
    "purchase": PurchaseStep,
    "set": SetStep,
    "add": AddStep,
    "clear": ClearStep,
    "if": IfStep,
    "battle": BattleStep,
    "goto": GotoStep,
    "victory": VictoryStep,
    "defeat": DefeatStep,
}
#: Every step kind, in documentation order. A step's first key that is one of these names its kind.
STEP_KINDS: tuple[str, ...] = tuple(STEP_MODELS)


def step_kind(value: Any) -> str | None:
    """The kind of a step: its first key that names a step kind (``None`` if none).

    Works on raw mappings and on validated step models.
    """
    if isinstance(value, dict):
        for key in value:
            if key in STEP_MODELS:
                return key
        return None
    return _KIND_OF_MODEL.get(type(value))


_KIND_OF_MODEL: dict[type, str] = {cls: kind for kind, cls in STEP_MODELS.items()}

Step = Annotated[
    Union[tuple(Annotated[cls, Tag(kind)] for kind, cls in STEP_MODELS.items())],  # type: ignore[misc]
    Discriminator(step_kind, custom_error_type="unknown_step",
                  custom_error_message="a step's first key must name its kind"),
]

for _cls in (Option, Challenge, IfStep):
    _cls.model_rebuild()


# ----------------------------------------------------------------------- story
class Card(_Model):
    """A story card: its printed number, title, text read aloud when drawn, and the
    steps that resolve it (Gascony's Legacy, Story Cards)."""

    id: CardId
    title: Text
    text: str = ""
    steps: list[Step] = Field(default_factory=list)


class Story(_Model):
    """One Story (an Act): its cards, the card drawn first, its introduction, and
    the flags and counters its cards read and set."""

    kind: Literal["story"]
    id: Ident
    title: Text
    start: CardId
    introduction: str = ""
    flags: list[Name] = Field(default_factory=list)
    counters: dict[Name, Amount] = Field(default_factory=dict)
    cards: Annotated[list[Card], Field(min_length=1)]


# ------------------------------------------------------------------------ pack
class Players(_Model):
    """Player count, from ``min`` to ``max`` players (``min`` no more than ``max``);
    in Solo Play one player controls ``solo_characters`` Characters, no more than
    ``max`` (Gascony's Legacy, Solo Play)."""

    # How the three relate is the bundle format's rule (cardforge_runtime.format.
    # player_limits), checked by checks/pack.py as load_bundle checks it.

    min: Annotated[int, Field(ge=1, le=MAX_PLAYERS)]
    max: Annotated[int, Field(ge=1, le=MAX_PLAYERS)]
    solo_characters: Annotated[int, Field(ge=1, le=MAX_PLAYERS)] = 1


class StatusToken(_Model):
    """A status token and its effect on dice (Gascony's Legacy, Status Banner tokens):
    ``dice_modifier`` dice rolled (Despair: -1); ``six_counts`` successes a 6 counts
    (Doom: 1)."""

    name: NameText
    dice_modifier: Annotated[int, Field(ge=-6, le=6)] = 0
    six_counts: Annotated[int, Field(ge=0, le=2)] | None = None


class Character(_Model):
    """A Character Board (Gascony's Legacy, Character boards and standees; Setup):
    ``name``, a value for each of the pack's ``stats`` (Prowess, Movement), the
    maximum Destiny tokens (3 or 4 in the box) and Health tokens (4 or 5), and the
    ``items`` the Character starts with (the Starting Weapon)."""

    name: NameText
    stats: dict[NameText, Annotated[int, Field(ge=0, le=6)]]
    destiny: Annotated[int, Field(ge=1, le=20)]
    health: Annotated[int, Field(ge=1, le=20)]
    items: list[NameText] = Field(default_factory=list)


Face = Annotated[int, Field(ge=1, le=20)]


class Dice(_Model):
    """The dice rule (Gascony's Legacy, Dice Rolls)."""

    sides: Annotated[int, Field(ge=2, le=20)] = 6
    max_dice: Annotated[int, Field(ge=1, le=20)] = 6
    single_success: list[Face]
    double_success: list[Face] = Field(default_factory=list)
    advantage_adds: list[Face] = Field(default_factory=list)
    disadvantage_removes: list[Face] = Field(default_factory=list)
    #: What may be spent to reroll dice: ``destiny`` (a Destiny token rerolls any
    #: or all dice, with no limit per roll), the only rule of the box.
    reroll: Literal["destiny"] | None = None


class Pack(_Model):
    """A content pack's manifest (``pack.yaml``)."""

    kind: Literal["pack"]
    id: Ident
    title: Text
    version: Annotated[str, Field(pattern=r"^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$")]
    players: Players
    stats: Annotated[list[NameText], Field(min_length=1)]
    status_tokens: list[StatusToken] = Field(default_factory=list)
    dice: Dice
    characters: list[Character] = Field(default_factory=list)


#: The model for each document ``kind``.
DOCUMENT_MODELS: dict[str, type[_Model]] = {"pack": Pack, "story": Story}
