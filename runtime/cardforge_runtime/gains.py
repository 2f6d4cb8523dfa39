"""Gaining and losing: a story's ``gain`` or ``lose`` (a step, a roll's
``per_success``) or a card's ``gain``/``lose`` effect (``effects``) applied once to the
game state: coins to the party; Destiny, status
tokens, items and Health to each target Character (Gascony's Legacy, Story Cards;
Suffering Wounds and Healing Wounds; Status tokens). Whether the players have lost
after it is ``wounds.lost``'s question, asked by ``story``.

Dependencies: ``format``, ``effect_predicates`` (``stacks``), ``deck_play`` (a deck card gained
or lost), ``wounds``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardforge_runtime.deck_play import gain_card, lose_card
from cardforge_runtime.effect_predicates import stacks
from cardforge_runtime.format import add_coins
from cardforge_runtime.wounds import heal, wound

__all__ = ["apply_change"]


def apply_change(state: dict[str, Any], pack: Mapping[str, Any], kind: str, effect: Mapping[str, Any],
                 targets: list[int], severe: bool) -> None:
    """Apply one ``gain`` or ``lose`` (``kind``) of ``effect`` (``{"coins": 2}``,
    ``{"health": 1, "status": [...], "items": [...], "destiny": 1}``) to ``state`` in
    place: coins to the party (never below 0), the rest to each Character of
    ``targets`` (indexes). Destiny stays within 0 and the Character's ``destiny_max``;
    a status token is held once unless it stacks (docs/rulings.md, Stacking status
    tokens); an item gained that is a deck card is taken from its deck
    (``deck_play.gain_card``), one lost goes back (``lose_card``), an item not held
    is not lost; Health lost wounds (a Severe Wound unless ``severe`` is false, the
    easier game), Health gained heals."""
    sign = 1 if kind == "gain" else -1
    if "coins" in effect:
        state["coins"] = add_coins(state["coins"], sign * effect["coins"])
    for index in targets:
        character = state["characters"][index]
        if "destiny" in effect:
            character["destiny"] = max(0, min(character["destiny_max"], character["destiny"] + sign * effect["destiny"]))
        for token in effect.get("status", []):
            # one of each token, unless it stacks (Enemy Attack, Poison: "Each
            # Fatigue token you have"): then each gain adds a copy, each loss
            # takes one (docs/rulings.md, Stacking status tokens)
            if kind == "gain" and (token not in character["status"] or stacks(pack, token)):
                character["status"] = sorted(character["status"] + [token])
            elif kind == "lose" and token in character["status"]:
                held = list(character["status"])
                held.remove(token)
                character["status"] = held
        for item in effect.get("items", []):
            if kind == "gain":
                character["items"] = character["items"] + [item]
                gain_card(state, pack, index, item)        # docs/rulings.md, Gaining a deck card
            elif item in character["items"]:
                items = list(character["items"])
                items.remove(item)
                character["items"] = items
                lose_card(state, pack, index, item)
        if "health" in effect:
            if kind == "gain":
                heal(character, effect["health"])
            else:
                wound(character, effect["health"], severe=severe)
