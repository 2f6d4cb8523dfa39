"""Using a kept card in a Character turn: the ``turn`` request's ``use`` option.

A Character may discard a card they kept (a Loot card with ``keep: true`` and ``use``
effects: the Cross, "Discard this card to regain 1 Destiny token") during their own
turn, as often as they hold such cards; it is not one of the turn's Actions, so it
costs none (Gascony's Legacy, Battle Round Example: "Then, he draws a Loot - Cross. He
discards it to regain one of his Destiny tokens", in the same turn as his Attack and
before his Talent). The card's ``use`` effects are played by the one implementation
of using a kept card, ``loot.use_kept``, on the Battle's table
(``battle.effects.BattleTable``: ``you`` is the Character's figure), so a ``pick`` the
effects need (a status token to remove...) is asked as anywhere else in a Battle.

docs/runtime.md, "Battle rounds" (the ``turn`` request); docs/rulings.md, "Using a
Loot card kept". Dependencies: ``loot``, ``battle.effects``,
``battle.abilities`` (``effects_usable``).
"""

from __future__ import annotations

from collections.abc import Generator, Mapping
from typing import Any

from cardforge_runtime.battle.abilities import effects_usable
from cardforge_runtime.battle.effects import BattleTable
from cardforge_runtime.battle.scene import Scene
from cardforge_runtime.loot import use_kept

__all__ = ["use_card", "use_option"]

Play = Generator[dict[str, Any], dict[str, Any], None]


def use_option(scene: Scene, turn: Mapping[str, Any]) -> dict[str, Any] | None:
    """The ``turn`` request's ``use`` entry: ``{"do": "use", "cards": [{"card": id,
    "item": name, "helps": bool}]}``, the cards the turn's Character holds that have
    ``use`` effects, in the order held; ``helps``: each of those effects would do
    something now (``abilities.effects_usable``: Destiny below the maximum, a Wound to
    heal, a status token to remove...); a card that would not help may still be used
    ("Discard this card": the players' choice). ``None`` when there is none."""
    character = scene.game["characters"][turn["character"]]
    cards = []
    for card in character.get("cards", ()):
        effects = scene.decks.card(card).get("use")
        if effects:
            cards.append({"card": card, "item": scene.decks.card(card)["name"],
                          "helps": effects_usable(scene, turn, effects)})
    return {"do": "use", "cards": cards} if cards else None


def use_card(scene: Scene, turn: Mapping[str, Any], card: str) -> Play:
    """The turn's Character discards ``card`` (one of ``use_option``'s) to use it
    (``loot.use_kept`` on the Battle's table: events ``card``, the effects' own, then
    ``{"event": "use", "figure", "character", "card", "item"}``). The turn's Action,
    Move and Attacks are untouched.

    Raises:
        ValueError: the Character does not hold ``card`` or it has no ``use`` effects
            (the answer check, ``round_answers.check_turn``, refuses such answers first).
    """
    yield from use_kept(BattleTable(scene), turn["figure"], card)
