"""Character boards (Gascony's Legacy, "Character boards and standees", "Setup")."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from cardforge_runtime.format import RANGES

from cardforge_compiler.model._types import NameText, _Model
from cardforge_compiler.model.effects import Effect

__all__ = ["Ability", "Character"]


class Ability(_Model):
    """A Character's Talent or Support ability (Gascony's Legacy, Character boards:
    Porthos's Corps-a-corps, Aramis's healing): its ``name``, printed ``text`` and
    ``effects`` (the effect vocabulary, ``model.effects``)."""

    name: NameText
    text: str = ""
    effects: list[Effect] = Field(default_factory=list)


class Character(_Model):
    """A Character Board (Gascony's Legacy, Character boards and standees; Setup):
    ``name``, a value for each of the pack's ``stats`` (Prowess, Movement), the
    maximum Destiny tokens (3 or 4 in the box) and Health tokens (4 or 5), the
    Starting Weapon(s) ``weapons`` (names of Equipment cards, taken from the
    Equipment deck at Setup), other starting ``items``, and the ``talent`` and
    ``support`` abilities."""

    name: NameText
    stats: dict[NameText, Annotated[int, Field(ge=RANGES["stat"][0], le=RANGES["stat"][1])]]
    destiny: Annotated[int, Field(ge=RANGES["destiny"][0], le=RANGES["destiny"][1])]
    health: Annotated[int, Field(ge=RANGES["health"][0], le=RANGES["health"][1])]
    items: list[NameText] = Field(default_factory=list)
    weapons: list[NameText] = Field(default_factory=list)
    talent: Ability | None = None
    support: Ability | None = None
    #: what the Character is for the Enemies' target rules (``{prefer: {role: Magus}}``,
    #: the second ruleset's "then the Magus"); ``None``: no role
    role: NameText | None = None
