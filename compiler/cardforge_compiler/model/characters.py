"""Character boards (Gascony's Legacy, "Character boards and standees", "Setup")."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from cardforge_runtime.format import RANGES

from cardforge_compiler.model._types import NameText, _Model

__all__ = ["Character"]


class Character(_Model):
    """A Character Board (Gascony's Legacy, Character boards and standees; Setup):
    ``name``, a value for each of the pack's ``stats`` (Prowess, Movement), the
    maximum Destiny tokens (3 or 4 in the box) and Health tokens (4 or 5), and the
    ``items`` the Character starts with (the Starting Weapon)."""

    name: NameText
    stats: dict[NameText, Annotated[int, Field(ge=RANGES["stat"][0], le=RANGES["stat"][1])]]
    destiny: Annotated[int, Field(ge=RANGES["destiny"][0], le=RANGES["destiny"][1])]
    health: Annotated[int, Field(ge=RANGES["health"][0], le=RANGES["health"][1])]
    items: list[NameText] = Field(default_factory=list)
