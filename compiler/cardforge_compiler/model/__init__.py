"""The content model: pydantic models, the single source of truth for the format.

``schemas/*.schema.json`` are generated from these classes
(``cardforge schema --out schemas/``); ``docs/format.md`` is the guide. All models
are strict (no ``"yes"`` -> ``True``, no ``"3"`` -> ``3``) and forbid unknown keys.

Rule sources: Gascony's Legacy, "Story Cards", "Event Cards", "Challenges",
"Dice Rolls", "Battle Cards - Setup", "Ending a Battle", "Status Banner tokens",
"Character boards and standees", "Setup", "Component List", "Terrain Tiles".

One module per content kind: ``pack`` (the manifest: players, stats, status tokens,
dice, the Porter), ``characters`` (Character boards), ``story`` (stories and cards), ``steps``
(what resolves a card), ``board`` (the box's ``components`` and ``terrain-keyword``, and the
grid types), ``terrain`` (``terrain-tile``) and ``layout`` (``battle-layout``); ``_types``
holds the building blocks they share.
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
from cardforge_compiler.model.board import Components, TerrainKeyword
from cardforge_compiler.model.characters import Character
from cardforge_compiler.model.layout import BattleLayout
from cardforge_compiler.model.pack import Dice, Pack, Players, Porter, StatusToken
from cardforge_compiler.model.steps import STEP_KINDS, STEP_MODELS, Offer, Resources, Step, step_kind
from cardforge_compiler.model.story import Card, Story
from cardforge_compiler.model.terrain import TerrainTile

__all__ = [
    "BOARD_KINDS",
    "CARD_ID_TEXT",
    "DOCUMENT_MODELS",
    "BattleLayout",
    "Components",
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
    "TerrainKeyword",
    "TerrainTile",
    "shown_name",
    "step_kind",
]

#: The model for each document ``kind``.
DOCUMENT_MODELS: dict[str, type[_Model]] = {
    "pack": Pack,
    "story": Story,
    "components": Components,
    "terrain-keyword": TerrainKeyword,
    "terrain-tile": TerrainTile,
    "battle-layout": BattleLayout,
}
#: The kinds of the board documents (issue 8), each joining its pack's board.
BOARD_KINDS: tuple[str, ...] = ("components", "terrain-keyword", "terrain-tile", "battle-layout")
