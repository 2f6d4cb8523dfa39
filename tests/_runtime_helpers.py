"""Small hand-made bundles for runtime tests (plain JSON data, no compiler)."""

from __future__ import annotations

import copy
from typing import Any

BOARDS = [
    {"name": "Anne", "stats": {"Prowess": 3, "Movement": 2}, "destiny": 2, "health": 3, "items": ["Rapier"]},
    {"name": "Bertrand", "stats": {"Prowess": 2, "Movement": 6}, "destiny": 1, "health": 2, "items": []},
    {"name": "Claire", "stats": {"Prowess": 1, "Movement": 1}, "destiny": 1, "health": 1, "items": []},
]


def make_bundle(cards: list[dict[str, Any]], *, flags: list[str] | None = None, counters: dict[str, int] | None = None,
                start: int | None = None, introduction: str = "", characters: list | None = None,
                porter: dict[str, Any] | None = None, decks: list[dict[str, Any]] | None = None,
                **pack_fields: Any) -> dict[str, Any]:
    """A one-pack, one-story bundle (format 1.1) around ``cards`` (``{"id", "steps"}``;
    title and text are filled in). With ``porter`` (``{"deck", "cards_per_character"}``)
    the pack has a Porter and the bundle is format 1.3."""
    full = [{"title": f"Card {c['id']}", "text": "", "endings": [], **c} for c in cards]
    bundle = {
        "format": "cardforge-bundle",
        "format_version": "1.1.0",
        "content_hash": "sha256:" + "0" * 64,
        "generator": {"name": "test", "version": "0"},
        "packs": [{
            "id": "test",
            "title": "Test Pack",
            "version": "1.0.0",
            "players": {"min": 1, "max": 4, "solo_characters": 2},
            "stats": ["Prowess", "Movement"],
            "status_tokens": [{"name": "Despair", "dice_modifier": -1}, {"name": "Doom", "dice_modifier": 0, "six_counts": 1}],
            "dice": {"sides": 6, "max_dice": 6, "single_success": [4, 5], "double_success": [6],
                     "advantage_adds": [3], "disadvantage_removes": [4], "reroll": "destiny"},
            "characters": copy.deepcopy(BOARDS if characters is None else characters),
            "source": "pack.yaml",
            "stories": [{
                "id": "s",
                "title": "Story",
                "start": start if start is not None else cards[0]["id"],
                "introduction": introduction,
                "flags": flags or [],
                "counters": counters or {},
                "source": "s.yaml",
                "cards": full,
                "edges": [],
            }],
        }],
    }
    if porter is not None:
        bundle["format_version"] = "1.3.0"
        bundle["packs"][0]["porter"] = porter
    if decks is not None:
        bundle["packs"][0]["decks"] = copy.deepcopy(decks)
    bundle["packs"][0].update(copy.deepcopy(pack_fields))
    return bundle


#: Decks for runtime tests, in the bundle's deck shape (format 1.5.0): no card is
#: named like an item the tests gain by name (Lantern, Rope, Rapier).
TEST_DECKS = [
    {"name": "Equipment", "role": "equipment", "cards": [
        {"name": "Unarmed", "count": 1, "unarmed": True, "hands": 1, "cost": 0},
        {"name": "Musket", "count": 3, "hands": 2, "cost": 3},
        {"name": "Dagger", "count": 4, "hands": 1, "cost": 1},
    ]},
    {"name": "Loot", "role": "loot", "cards": [
        {"name": "Cross", "count": 2, "effects": [{"kind": "gain", "destiny": 1}]},
        {"name": "Coins", "count": 2, "effects": [{"kind": "gain", "coins": 2}]},
        {"name": "Buckler", "count": 1, "keep": True, "hands": 1, "effects": []},
    ]},
    {"name": "Supplies", "role": "other", "cards": [{"name": "Bandage", "count": 8, "cost": 0}]},
]


def advance(session, *kinds_to_skip: str) -> dict[str, Any]:
    """Answer ``{}`` to text, card and between requests (going on to the next card:
    no Between Story Cards action); return the next request."""
    while session.pending["kind"] in ("text", "card", "between") + kinds_to_skip:
        session.answer({})
    return session.pending
