"""The building blocks every content model shares: card ids, identifiers, flag and
counter names, names of things (stats, items, Characters...) kept in NFC, counts,
and the strict base model."""

from __future__ import annotations

import re
import unicodedata
from typing import Annotated, Any, Callable, Literal, Union

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    PlainValidator,
    Tag,
    WithJsonSchema,
)
from pydantic_core import PydanticCustomError

from cardforge_runtime.format import NAME_PATTERN, OTHERWISE, RANGES, is_name

__all__ = ["CARD_ID_TEXT", "Amount", "CardId", "Count", "Ident", "Name", "NameText", "Otherwise", "Text", "Who",
           "keyed_union", "shown_name"]

#: How a card id is written as text: the printed number, no leading zeros, at most 9 digits.
CARD_ID_TEXT = re.compile(r"[1-9][0-9]{0,8}\Z")
#: The largest card id: nine digits (printed card numbers are far smaller).
MAX_CARD_ID = 999_999_999


def _card_id(value: Any) -> int:
    """A card id: the printed number, ``11`` or ``"11"``; never ``011`` or ``1e1``."""
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_CARD_ID:
        return value
    if isinstance(value, str) and CARD_ID_TEXT.match(value):
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
    if not is_name(value.strip()):      # the runtime's one name rule: here, a control character
        raise PydanticCustomError(
            "name_control", "{shown} holds a control character: a name is shown in terminals",
            {"shown": shown_name(value),
             "hint": "remove the control character (a tab, an escape...) from the name"})
    return unicodedata.normalize("NFC", value)


#: A name: a stat, status token, item, Character or deck.
#: A name's pattern for editors: no space at either end, no control character (C0,
#: DEL, C1) anywhere: the runtime's one name rule (``format.is_name``).
_NAME_PATTERN = r"^[^\s\x00-\x1f\x7f-\x9f]([^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f])?$"
NameText = Annotated[str, Field(min_length=1, json_schema_extra={"pattern": _NAME_PATTERN}),
                     AfterValidator(_name)]
Count = Annotated[int, Field(ge=RANGES["count"][0], le=RANGES["count"][1])]
#: A counter's value or change: kept well inside what every front end counts exactly.
Amount = Annotated[int, Field(ge=RANGES["amount"][0], le=RANGES["amount"][1])]
Who = Literal["one", "each", "all"]

Otherwise = Literal[OTHERWISE]  # type: ignore[valid-type]


class _Model(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", populate_by_name=False)


def keyed_union(models: dict[str, type[BaseModel]], error_type: str,
                error_message: str) -> tuple[Callable[[Any], str | None], Any]:
    """A union of models told apart by which key a mapping has: ``models`` maps each
    kind (``"gain"``, ``"porter-reset"``...) to the model of a mapping keyed by it.

    Returns ``(kind_of, union)``: ``kind_of(value)`` is the kind of a raw mapping (its
    first key that names one) or of a validated model (``None`` when neither), and
    ``union`` is the ``Annotated`` type whose discriminator is ``kind_of``; a mapping
    naming no kind fails with ``error_type`` and ``error_message``.
    """
    kind_of_model = {cls: kind for kind, cls in models.items()}

    def kind_of(value: Any) -> str | None:
        if isinstance(value, dict):
            return next((key for key in value if key in models), None)
        return kind_of_model.get(type(value))

    union = Annotated[
        Union[tuple(Annotated[cls, Tag(kind)] for kind, cls in models.items())],  # type: ignore[misc]
        Discriminator(kind_of, custom_error_type=error_type, custom_error_message=error_message),
    ]
    return kind_of, union
