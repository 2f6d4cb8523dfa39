"""The content model: pydantic models, the single source of truth for the format.

``schemas/*.schema.json`` are generated from these classes
(``cardforge schema --out schemas/``); ``docs/format.md`` is the guide. All models
are strict (no ``"yes"`` -> ``True``, no ``"3"`` -> ``3``) and forbid unknown keys.

Rule sources: Gascony's Legacy, "Story Cards", "Event Cards", "Challenges",
"Dice Rolls", "Battle Cards - Setup", "Ending a Battle", "Status Banner tokens",
"Character boards and standees", "Setup".

One module per content kind: ``pack`` (the manifest: players, stats, status tokens,
dice, the Porter), ``characters`` (Character boards), ``story`` (stories and cards) and ``steps``
(what resolves a card); ``_types`` holds the building blocks they share.
"""

from __future__ import annotations

from cardforge_compiler.model._types import (
    CARD_ID_TEXT,
    MAX_CARD_ID,
    CardId,
    Name,
    Otherwise,
    _card_id as _card_id,  # validate.py reads card ids the way the model does
    _Model,
    shown_name,
)
from cardforge_compiler.model.characters import Character
from cardforge_compiler.model.pack import Dice, Pack, Players, Porter, StatusToken
from cardforge_compiler.model.steps import STEP_KINDS, STEP_MODELS, Offer, Resources, Step, step_kind
from cardforge_compiler.model.story import Card, Story

__all__ = [
    "CARD_ID_TEXT",
    "DOCUMENT_MODELS",
    "MAX_CARD_ID",
    "STEP_KINDS",
    "STEP_MODELS",
    "Card",
    "CardId",
    "Character",
    "Dice",
    "Name",
    "Offer",
    "Otherwise",
    "Pack",
    "Players",
    "Porter",
    "Resources",
    "Step",
    "StatusToken",
    "Story",
    "shown_name",
    "step_kind",
]

#: The model for each document ``kind``.
DOCUMENT_MODELS: dict[str, type[_Model]] = {"pack": Pack, "story": Story}
