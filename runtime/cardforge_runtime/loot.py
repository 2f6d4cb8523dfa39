"""Loot: drawing a Loot card, keeping it, using a card kept, and the easier game's
Loot at the start of a Story.

Rules followed (Gascony's Legacy): Loot cards ("Whenever a Character defeats an Enemy
with a melee attack, they draw a Loot card [...] healing items, new Equipment cards,
and Junk; useless cards that are simply discarded. Some Loot cards also award a
Character with Coins"); the Battle Round Example (Porthos "draws a Loot - Cross. He
discards it to regain one of his Destiny tokens"); Difficulty Adjustments ("Each
player draws 1 Loot card at the beginning of the Story"). A card's effects (format
1.5.0, ``{"kind": ..., ...}``) apply to the Character who drew or uses it (``you``);
the effects that need a Battle or a choice are returned to the caller.

Dependencies: ``decks``, ``deck_play``, ``format`` (coins), ``wounds``.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping
from typing import Any

from cardforge_runtime import decks as D
from cardforge_runtime.deck_play import Record, deck_by_role, decks_by_name, settle_hands
from cardforge_runtime.format import add_coins
from cardforge_runtime.pcg import Pcg32
from cardforge_runtime.wounds import heal, wound

__all__ = ["apply_card_effects", "draw_loot", "start_draws", "use_card"]

#: The effects this module applies itself; any other is returned to the caller.
APPLIED = frozenset({"gain", "lose", "heal", "wound", "status", "reshuffle", "return-to-box"})


def apply_card_effects(state: dict[str, Any], index: int, effects: list[Mapping[str, Any]], piles: D.Piles,
                       card: str, rng: Pcg32, *, severe: bool = True) -> tuple[list[dict[str, Any]], bool]:
    """Apply a card's ``effects`` to Character ``index`` (``you``): ``gain``/``lose``
    (coins to the party; destiny within 0..maximum; health healed or suffered;
    status tokens), ``heal``, ``wound`` (``severe``: False in the easier game),
    ``status`` (gain a token), ``reshuffle`` (this card and its discard pile back into
    the draw pile, shuffled: ``decks.reshuffle_card_says``), ``return-to-box``.

    Returns:
        ``(others, placed)``: the effects not applied here (``discard-weapon``,
        ``remove-status`` (which negative token is the players' choice), ``draw``...),
        and whether the card itself was put back (reshuffled or boxed).
    """
    character = state["characters"][index]
    others, placed = [], False
    for written in effects:
        # a bundle writes every parameter, null where the card gives none: not given
        effect = {key: value for key, value in written.items() if value is not None}
        kind = effect["kind"]
        if kind in ("gain", "lose"):
            sign = 1 if kind == "gain" else -1
            if "coins" in effect:
                state["coins"] = add_coins(state["coins"], sign * effect["coins"])
            if "destiny" in effect:
                character["destiny"] = max(0, min(character["destiny_max"], character["destiny"] + sign * effect["destiny"]))
            if "health" in effect and sign > 0:
                heal(character, effect["health"])
            elif "health" in effect:
                wound(character, effect["health"], severe=severe)
            for token in effect.get("status", []):
                if sign > 0 and token not in character["status"]:
                    character["status"] = sorted(character["status"] + [token])
                elif sign < 0:
                    character["status"] = [t for t in character["status"] if t != token]
        elif kind == "heal":
            heal(character, effect["amount"])
        elif kind == "wound":
            wound(character, effect["amount"], severe=severe)
        elif kind == "status":
            if effect["token"] not in character["status"]:
                character["status"] = sorted(character["status"] + [effect["token"]])
        elif kind in ("reshuffle", "return-to-box"):
            if not placed:
                (D.to_box(piles, card) if kind == "return-to-box" else D.reshuffle_card_says(piles, card, rng))
            placed = True
        else:
            others.append(dict(written))
    return others, placed


def draw_loot(state: dict[str, Any], pack: Mapping[str, Any], index: int, rng: Pcg32, record: Record,
              *, severe: bool = True) -> dict[str, Any] | None:
    """Character ``index`` draws a Loot card and its ``effects`` apply to them
    (``apply_card_effects``). A card with ``keep: true`` is then held (its name in
    ``items``; its ``use`` effects apply when it is discarded to use it: ``use_card``);
    any other card goes to the discard pile (unless it was reshuffled or boxed). The
    caller then calls ``deck_play.settle_hands`` for the Character. Logged as
    ``{"event": "loot", "character", "card", "item", "kept"}``.

    Returns:
        ``{"card": id, "item": name, "kept": bool, "others": [effects]}``, ``others``
        the effects for the caller (the Battle's: ``discard-weapon``...); ``None``
        when the pack has no Loot deck or no card is left in it.
    """
    deck = deck_by_role(pack, "loot")
    piles = state["decks"].get(deck) if deck else None
    card = D.draw(piles, rng) if piles is not None else None
    if card is None:
        return None
    data = D.card_of(decks_by_name(pack), card)
    others, placed = apply_card_effects(state, index, data.get("effects", []), piles, card, rng, severe=severe)
    kept = bool(data.get("keep")) and not placed
    character = state["characters"][index]
    if kept:
        character["cards"].append(card)
        character["items"] = character["items"] + [data["name"]]
    elif not placed:
        D.discard(piles, card)
    record({"event": "loot", "character": index, "card": card, "item": data["name"], "kept": kept})
    return {"card": card, "item": data["name"], "kept": kept, "others": others}


def use_card(state: dict[str, Any], pack: Mapping[str, Any], index: int, card: str, rng: Pcg32, record: Record,
             *, severe: bool = True) -> list[dict[str, Any]]:
    """Character ``index`` discards the Loot card ``card`` they kept to use it: it
    leaves their ``cards`` and ``items``, its ``use`` effects apply to them, and it goes
    to the discard pile (unless an effect reshuffled or boxed it). Logged as
    ``{"event": "use", "character", "card", "item"}``.

    Returns:
        The effects for the caller (``apply_card_effects``'s ``others``).

    Raises:
        ValueError: the Character does not hold ``card``, or it has nothing to use.
    """
    character = state["characters"][index]
    data = D.card_of(decks_by_name(pack), card) if card in character["cards"] else None
    if data is None or not data.get("use"):
        raise ValueError(f"Character {index} holds no card {card!r} to use")
    character["cards"].remove(card)
    items = list(character["items"])
    items.remove(data["name"])
    character["items"] = items
    piles = state["decks"][D.deck_of(card)]
    others, placed = apply_card_effects(state, index, data["use"], piles, card, rng, severe=severe)
    if not placed:
        D.discard(piles, card)
    record({"event": "use", "character": index, "card": card, "item": data["name"]})
    return others


def start_draws(state: dict[str, Any], pack: Mapping[str, Any], difficulty: Mapping[str, Any], rng: Pcg32,
                record: Record) -> Generator[dict[str, Any], dict[str, Any], None]:
    """The easier game: "Each player draws 1 Loot card at the beginning of the Story":
    the difficulty's ``start_draws`` (``{"deck", "per_character"}``; none: nothing),
    Loot drawn by each Character in turn (``draw_loot``), then anyone over their
    hands leaves Equipment (``settle_hands``)."""
    draws = difficulty.get("start_draws")
    if not draws:
        return
    for index in range(len(state["characters"])):
        for _ in range(draws.get("per_character", 1)):
            draw_loot(state, pack, index, rng, record, severe=difficulty.get("severe_wounds", True))
    yield from settle_hands(state, pack, record)
