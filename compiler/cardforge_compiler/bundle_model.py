"""The bundle format as pydantic models: the source of ``schemas/bundle.schema.json``.

The emitter (:mod:`cardforge_compiler.emit`) writes plain dicts for speed; tests
validate emitted bundles against the schema generated from these models, so the
two cannot drift apart unnoticed. ``docs/bundle.md`` is the guide.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Optional, Union

from pydantic import Field
from pydantic.json_schema import SkipJsonSchema

from cardforge_runtime.format import (
    BUNDLE_FORMAT,
    BUNDLE_FORMAT_VERSION,
    LOCALE_PATTERN,
    CAMPAIGN_DISCARDS,
    CAMPAIGN_RANGES,
    CAMPAIGN_STEPS,
    COMPARISONS,
    OBJECTIVE_KINDS,
    OTHERWISE,
)

from cardforge_compiler.bundle_board_model import BoardOut
from cardforge_compiler.bundle_step_model import ClearOut, Condition, ResourcesOut, TextOut, ValuesOut, _Out
from cardforge_compiler.bundle_decks_model import CharacterOut, EffectOut, PackRulesOut
from cardforge_compiler.model import Dice, Offer, Players, Porter, Resources, StatusToken

__all__ = ["Bundle"]


class OptionOut(_Out):
    """A choice option: `if` (condition tree or null: always offered), steps, then `goto` (or null)."""

    text: str
    if_: Condition | None = Field(alias="if")
    if_source: str | None
    steps: list[StepOut]
    goto: int | None


class ChoiceOut(_Out):
    """A group decision between options."""

    kind: Literal["choice"]
    options: list[OptionOut]


class NamedOut(_Out):
    """Who a step names (format 1.2): `character` acts when in the party (and, to roll,
    standing), else `otherwise` (`pick`: the group picks; `skip`: the step does
    nothing); `except`: Characters never picked nor taking part. All optional."""

    character: str | None = None
    otherwise: Literal[OTHERWISE] | None = None  # type: ignore[valid-type]
    except_: list[str] | None = Field(default=None, alias="except")


class ChallengeOut(NamedOut):
    """An "n-Stat Challenge": `successes` needed on dice equal to `stat`; then `pass` or `fail` steps."""

    kind: Literal["challenge"]
    stat: str
    successes: int
    who: Literal["one", "each", "all"]
    pass_: list[StepOut] = Field(alias="pass")
    fail: list[StepOut]


class PerSuccessOut(_Out):
    """The effect applied once per success of a roll: exactly one of `gain` or `lose`."""

    gain: Resources | None = None
    lose: Resources | None = None


class RollOut(NamedOut):
    """Roll dice equal to `stat` and apply `per_success` once per success."""

    kind: Literal["roll"]
    stat: str
    who: Literal["one", "each", "all"]
    per_success: PerSuccessOut


class PurchaseOut(_Out):
    """Cards drawn from `deck` (`per_player` per player) and/or fixed `offers` for sale."""

    kind: Literal["purchase"]
    deck: str | None = None
    per_player: int | None = None
    offers: list[Offer] | None = None


class IfOut(_Out):
    """Steps taken when `condition` holds (`then`), else `else`."""

    kind: Literal["if"]
    condition: Condition | None
    condition_source: str
    then: list[StepOut]
    else_: list[StepOut] = Field(alias="else")


class ObjectiveOut(_Out):
    """A Battle objective: meeting it leads to `goto` or to Victory (`victory` text)."""

    objective: str
    goto: int | None = None
    victory: str | None = None
    meet: MeetOut = Field(description=(
        "What meeting the objective means (since format 1.6.0; `format.objective_meet` of its text): "
        "`defeat-all`, `defeat` (`enemy`: a Named Enemy), `reach-exit`, `reveal` (`token`), or `table` "
        "(the players declare it met). An older bundle has none: read it from the text."))


class MeetOut(_Out):
    """An objective's meaning (format 1.6.0, Common Battle Objectives)."""

    kind: Literal[OBJECTIVE_KINDS]  # type: ignore[valid-type]
    enemy: str | SkipJsonSchema[None] = None
    token: str | SkipJsonSchema[None] = None


class BattleOut(_Out):
    """A Battle: set up `layout`, fight until an objective is met; `upkeep`: the
    effects of each round's Upkeep phase (since format 1.6.0, `[]` when none)."""

    kind: Literal["battle"]
    layout: str
    objectives: list[ObjectiveOut]
    upkeep: list[EffectOut] = Field(default_factory=list)  # type: ignore[valid-type]


class GotoOut(_Out):
    """Proceed to story card `card`."""

    kind: Literal["goto"]
    card: int


class EndingOut(_Out):
    """The story ends: `victory` (won) or `defeat` (lost), with text."""

    kind: Literal["victory", "defeat"]
    text: str


StepOut = Annotated[
    Union[TextOut, ChoiceOut, ChallengeOut, RollOut, ResourcesOut, PurchaseOut, ValuesOut, ClearOut, IfOut,
          BattleOut, GotoOut, EndingOut],
    Field(discriminator="kind"),
]


class CardOut(_Out):
    """A story card: id (printed number), title, read-aloud text, steps, and the endings it holds."""

    id: int
    title: str
    text: str
    steps: list[StepOut]
    endings: list[Literal["victory", "defeat"]]


class EdgeOut(_Out):
    """A way forward from card `from` to card `to` (null for an ending), with what it needs."""

    from_: int = Field(alias="from")
    to: int | None
    via: Literal["goto", "option", "pass", "fail", "objective", "then", "else", "victory", "defeat"]
    label: str
    condition: Condition | None


class StoryOut(_Out):
    """A story: start card, introduction, declared flags and counters, cards and edges."""

    id: str
    title: str
    start: int
    introduction: str
    flags: list[str]
    counters: dict[str, int]
    source: str
    cards: list[CardOut]
    edges: list[EdgeOut]


def _campaign_count(key: str) -> Any:
    low, high = CAMPAIGN_RANGES[key]
    return Optional[Annotated[int, Field(ge=low, le=high)]]


class CampaignStepOut(_Out):
    """A Campaign Mode step (format 1.6.0; Gascony's Legacy, Campaign Mode): ``step``
    names it, and its parameters are present, each only on its own step
    (``keep-weapons``: ``hands``; ``gain``: ``destiny``; ``regain-health``: ``fallen``;
    ``discard``: ``what``; ``porter-reset``: ``per_player``; ``reshuffle-decks``: none)."""

    step: Literal[tuple(CAMPAIGN_STEPS)]  # type: ignore[valid-type]
    hands: _campaign_count("hands") = None  # type: ignore[valid-type]
    destiny: _campaign_count("destiny") = None  # type: ignore[valid-type]
    fallen: _campaign_count("fallen") = None  # type: ignore[valid-type]
    per_player: _campaign_count("per_player") = None  # type: ignore[valid-type]
    what: Optional[list[Literal[CAMPAIGN_DISCARDS]]] = None  # type: ignore[valid-type]


class CampaignOut(_Out):
    """A pack's campaign (format 1.6.0): its ``stories`` in play order and the steps
    ``between`` two of them."""

    stories: list[str]
    between: list[CampaignStepOut]


class PackOut(PackRulesOut):
    """A content pack: its manifest and stories; since format 1.5.0 its Battle rules,
    Enemies and decks (``PackRulesOut``)."""

    id: str
    title: str
    version: str
    players: Players
    stats: list[str]
    status_tokens: list[StatusToken]
    dice: Dice
    characters: list[CharacterOut] = Field(
        default_factory=list,
        description="The Character boards: name, a value for every stat, maximum Destiny and Health tokens, "
                    "starting items (since 1.5.0: weapons, talent, support). Always written since format "
                    "1.1.0; a 1.0 bundle has none: read it as [].")
    porter: Porter | None = Field(
        default=None,
        description="The Porter (Between Story Cards: once per Story, buy any of the cards_per_character cards "
                    "of deck per Character placed under him at Setup), only when the pack has one. Since format "
                    "1.3.0; a pack without it (and every pack of an older bundle) has no Porter.")
    board: BoardOut | SkipJsonSchema[None] = Field(
        default=None,
        description="The pack's board: components, terrain keywords, terrain tiles, map tile sides and Battle "
                    "layouts, every field present, defaults filled (docs/bundle.md, Board). Always written since "
                    "format 1.4.0; a pack of an older bundle has none: read it as no boards.")
    campaign: Optional[CampaignOut] = Field(
        default=None,
        description="Campaign Mode: the stories played in order and the steps between them (docs/bundle.md, "
                    "Campaign). Always written since format 1.6.0 (null: no campaign); an older bundle has none.")
    locale: Annotated[str, Field(pattern=f"^{LOCALE_PATTERN}$")] | SkipJsonSchema[None] = Field(
        default=None,
        description="The language tag of the pack's texts (`fr`, `pt-BR`) when `cardforge strings import` translated "
                    "them (docs/strings.md); absent: the authors' language. Since format 1.7.0.")
    source: str
    stories: list[StoryOut]


class Generator(_Out):
    """The tool that wrote the bundle."""

    name: str
    version: str


#: A ``format_version`` this reader knows: the same major version (docs/bundle.md, Versioning).
_SAME_MAJOR = rf"^{BUNDLE_FORMAT_VERSION.split('.')[0]}\.[0-9]+\.[0-9]+$"


class Bundle(_Out):
    """A cardforge bundle (``docs/bundle.md``)."""

    format: Literal[BUNDLE_FORMAT]  # type: ignore[valid-type]
    format_version: Annotated[str, Field(pattern=_SAME_MAJOR)]
    content_hash: Annotated[str, Field(pattern=r"^sha256:[0-9a-f]{64}$")]
    generator: Generator
    packs: list[PackOut]


for _cls in (OptionOut, ChallengeOut, IfOut):
    _cls.model_rebuild()

CONDITION_TREE_SCHEMA: dict[str, Any] = {
    "description": "A condition syntax tree (docs/bundle.md, Conditions).",
    "oneOf": [
        {"type": "object", "properties": {"op": {"const": "const"}, "value": {"type": ["boolean", "integer", "string"]}},
         "required": ["op", "value"], "additionalProperties": False},
        {"type": "object", "properties": {"op": {"const": "name"}, "name": {"type": "string"}},
         "required": ["op", "name"], "additionalProperties": False},
        {"type": "object", "properties": {"op": {"const": "not"}, "arg": {"$ref": "#/$defs/ConditionTree"}},
         "required": ["op", "arg"], "additionalProperties": False},
        {"type": "object", "properties": {"op": {"enum": ["and", "or"]},
                                          "args": {"type": "array", "items": {"$ref": "#/$defs/ConditionTree"},
                                                   "minItems": 2}},
         "required": ["op", "args"], "additionalProperties": False},
        {"type": "object", "properties": {"op": {"enum": list(COMPARISONS)},
                                          "left": {"$ref": "#/$defs/ConditionTree"},
                                          "right": {"$ref": "#/$defs/ConditionTree"}},
         "required": ["op", "left", "right"], "additionalProperties": False},
        {"type": "object", "properties": {"op": {"const": "call"}, "name": {"type": "string"},
                                          "args": {"type": "array", "items": {"$ref": "#/$defs/ConditionTree"}}},
         "required": ["op", "name", "args"], "additionalProperties": False},
    ],
}
