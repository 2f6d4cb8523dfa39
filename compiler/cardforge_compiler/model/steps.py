"""The steps that resolve a story card: text, choices, Challenges, rolls, gains and
losses, purchases, flags and counters, conditions, Battles, gotos and endings
(Gascony's Legacy, "Story Cards", "Event Cards", "Challenges", "Dice Rolls",
"Battle Cards - Setup", "Ending a Battle")."""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import (
    ConfigDict,
    Field,
    model_validator,
)
from pydantic_core import PydanticCustomError

from cardforge_runtime.format import RANGES

from cardforge_compiler.model.effects import Effect
from cardforge_compiler.model._types import (
    Amount,
    CardId,
    Count,
    Ident,
    Name,
    NameText,
    Otherwise,
    Text,
    Who,
    _Model,
    keyed_union,
)

__all__ = ["STEP_KINDS", "STEP_MODELS", "Offer", "Resources", "Step", "step_kind"]


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
    successes: Annotated[int, Field(ge=RANGES["successes"][0], le=RANGES["successes"][1])]
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
    per_player: Annotated[int, Field(ge=RANGES["per_player"][0], le=RANGES["per_player"][1])] | None = None
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
    """Set up a Battle layout and fight until an objective is met; ``upkeep``: the
    effects of the Upkeep phase of each Battle round (Battle Rounds, 4. Upkeep: "Apply
    any Upkeep effects listed on the Battle card"; format 1.6.0)."""

    layout: Ident
    objectives: Annotated[list[Objective], Field(min_length=1)]
    upkeep: list[Effect] = Field(default_factory=list)


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


#: ``step_kind(value)``: the kind of a step, its first key that names a step kind (``None``
#: if none), raw mappings and validated step models alike. ``Step``: one step.
step_kind, Step = keyed_union(STEP_MODELS, "unknown_step", "a step's first key must name its kind")

for _cls in (Option, Challenge, IfStep):
    _cls.model_rebuild()
