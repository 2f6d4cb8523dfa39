"""The story steps of the bundle format that terrain actions share with story cards
(``format.ACTION_STEP_KINDS``: text, gain, lose, set, add, clear), as pydantic models:
part of the source of ``schemas/bundle.schema.json``, used by
:mod:`cardforge_compiler.bundle_model` (story cards) and
:mod:`cardforge_compiler.bundle_board_model` (terrain actions), defined once here.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field

from cardforge_compiler.model import Resources

__all__ = ["ACTION_STEPS_OUT", "ClearOut", "Condition", "ResourcesOut", "TextOut", "ValuesOut"]


#: A condition tree field (story cards, effects' ``condition`` predicates, ``on_death`` options).
Condition = Annotated[dict[str, Any], Field(
    description="A condition syntax tree: {op: const|name|not|and|or|==|!=|<|<=|>|>=|call, ...}; "
                "see docs/bundle.md, Conditions.",
    json_schema_extra={"x-cardforge-condition": True},  # replaced by a $ref in schema.py
)]


class _Out(BaseModel):
    # Readers ignore keys they do not know: a 1.x minor version may add some, and a
    # 1.0 schema must still accept such a bundle (docs/bundle.md, Versioning).
    model_config = ConfigDict(extra="ignore")


class TextOut(_Out):
    """Text shown to the players."""

    kind: Literal["text"]
    text: str


class ResourcesOut(Resources):
    """Coins (party), Destiny, health, status tokens and items gained or lost."""

    kind: Literal["gain", "lose"]


class ValuesOut(_Out):
    """Flags and counters set (`set`) or added to (`add`)."""

    kind: Literal["set", "add"]
    values: dict[str, Union[bool, int]]


class ClearOut(_Out):
    """Flags reset to false and counters to their starting value."""

    kind: Literal["clear"]
    names: list[str]


#: The bundle models of the step kinds a terrain action may use.
ACTION_STEPS_OUT = (TextOut, ResourcesOut, ValuesOut, ClearOut)
