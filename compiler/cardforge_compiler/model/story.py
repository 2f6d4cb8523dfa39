"""A Story (an Act) and its story cards (Gascony's Legacy, Story Cards)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from cardforge_compiler.model._types import Amount, CardId, Ident, Name, Text, _Model
from cardforge_compiler.model.steps import Step

__all__ = ["Card", "Story"]


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
