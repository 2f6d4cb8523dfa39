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
grid types), ``terrain`` (``terrain-tile``), ``layout`` (``battle-layout``), ``enemies``
(``enemy``, ``named-enemy``), ``decks`` (``threat-deck``, ``deck``; ``patterns`` the
Attack Pattern grid), ``effects`` (the effect vocabulary) and ``pack_rules`` (the
manifest's Battle rules); ``_types``
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
from cardforge_compiler.model.characters import Ability, Character
from cardforge_compiler.model.decks import Deck, DeckCard, DiceRule, ThreatCard, ThreatDeck
from cardforge_compiler.model.effects import EFFECT_MODELS, Effect, effect_kind
from cardforge_compiler.model.enemies import Enemy, NamedEnemy, Priorities
from cardforge_compiler.model.layout import BattleLayout
from cardforge_compiler.model.pack import Dice, Pack, Players, Porter, StatusToken
from cardforge_compiler.model.steps import STEP_KINDS, STEP_MODELS, Offer, Resources, Step, step_kind
from cardforge_compiler.model.story import Card, Story
from cardforge_compiler.model.terrain import TerrainTile

__all__ = [
    "BOARD_KINDS",
    "DECK_KINDS",
    "EFFECT_MODELS",
    "Ability",
    "Deck",
    "DeckCard",
    "DiceRule",
    "Effect",
    "Enemy",
    "NamedEnemy",
    "Priorities",
    "ThreatCard",
    "ThreatDeck",
    "effect_kind",
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
    "enemy": Enemy,
    "named-enemy": NamedEnemy,
    "threat-deck": ThreatDeck,
    "deck": Deck,
}
#: The kinds of the board documents (issue 8), each joining its pack's board.
BOARD_KINDS: tuple[str, ...] = ("components", "terrain-keyword", "terrain-tile", "battle-layout")
#: The kinds of the Enemy and deck documents (issue 9), each joining its pack by name.
DECK_KINDS: tuple[str, ...] = ("enemy", "named-enemy", "threat-deck", "deck")
