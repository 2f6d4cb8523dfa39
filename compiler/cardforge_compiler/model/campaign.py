"""A pack's ``campaign`` (format 1.6.0): the stories played in order and the Campaign
Mode steps between them (Gascony's Legacy, Campaign Mode). The steps and their
parameters are the bundle format's (``cardforge_runtime.format.CAMPAIGN_STEPS``); each
is written as a one-key mapping, as effects and story steps are::

    campaign:
      stories: [act-1, act-2, act-3, act-4]
      between:
        - keep-weapons: {hands: 2}
        - gain: {destiny: 2}
        - regain-health: {fallen: 1}
        - discard: [coins, loot]
        - reshuffle-decks: {}
        - porter-reset: {per_player: 1}
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, create_model

from cardforge_runtime.format import CAMPAIGN_DISCARDS, CAMPAIGN_RANGES, CAMPAIGN_STEPS, MAX_CAMPAIGN_STORIES

from cardforge_compiler.model._types import Ident, _Model, keyed_union

__all__ = ["CAMPAIGN_STEP_MODELS", "Campaign", "CampaignStep", "campaign_step_kind"]


def _ranged(key: str) -> Any:
    low, high = CAMPAIGN_RANGES[key]
    return Annotated[int, Field(ge=low, le=high)]


def _step_model(name: str, doc: str, params: dict[str, Any]) -> type[_Model]:
    """``{name: {params}}``; ``discard`` takes its list itself (``discard: [coins, loot]``)."""
    title = "".join(part.capitalize() for part in name.split("-"))
    if name == "discard":
        value: Any = Annotated[list[Literal[CAMPAIGN_DISCARDS]], Field(min_length=1)]  # type: ignore[valid-type]
        field: Any = Field(alias=name)
    else:
        fields = {key: (_ranged(key), Field(default=default)) for key, default in params.items()}
        value = create_model(f"{title}Params", __base__=_Model, __module__=__name__, **fields)
        value.__doc__ = f"The parameters of `{name}`."
        field = Field(default_factory=value, alias=name)
    model = create_model(f"{title}Step", __base__=_Model, __module__=__name__,
                         **{name.replace("-", "_"): (value, field)})
    model.__doc__ = f"Campaign step `{name}`: {doc}."
    return model


#: The model of each Campaign Mode step, in the rulebook's order.
CAMPAIGN_STEP_MODELS: dict[str, type[_Model]] = {name: _step_model(name, doc, params)
                                                 for name, (doc, params) in CAMPAIGN_STEPS.items()}
#: ``campaign_step_kind(value)``: the kind of a campaign step, its first key that names
#: one (``None`` if none), raw mappings and validated models alike. ``CampaignStep``:
#: one Campaign Mode step, a mapping whose key names it.
campaign_step_kind, CampaignStep = keyed_union(
    CAMPAIGN_STEP_MODELS, "unknown_campaign_step", "a campaign step is one of: " + ", ".join(CAMPAIGN_STEPS))


class Campaign(_Model):
    """Campaign Mode (Gascony's Legacy): ``stories``, the ids of the pack's stories in
    play order (each once: CF860, CF861), and ``between``, the steps performed for each
    Character after each Story but the last (the rulebook's 1-6, in order; 7, setting
    up the next Story, is the next story's own Setup)."""

    stories: Annotated[list[Ident], Field(min_length=1, max_length=MAX_CAMPAIGN_STORIES)]
    between: list[CampaignStep] = Field(default_factory=list)

    def steps(self) -> list[tuple[str, Any]]:
        """Each step as ``(name, its parameters model or discard's list)``."""
        out = []
        for step in self.between:
            name = campaign_step_kind(step)
            assert name is not None
            out.append((name, getattr(step, name.replace("-", "_"))))
        return out
