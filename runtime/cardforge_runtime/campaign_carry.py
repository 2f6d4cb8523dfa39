"""What one Story of a campaign hands to the next: the **carried state**, taken from a
finished Story's game state (``carry_of``), changed by the Campaign Mode steps
(``campaign_steps``), checked (``check_carried``) and played from by the next Story's
``Session`` (``Session.start(..., carried=...)``, which calls ``apply_carried``)::

    {"characters": [{"name", "destiny", "health", "health_max", "fallen", "items", "cards"}],
     "coins": 0, "costs": {item: cost}, "decks": {deck: {"draw", "discard", "box"}},
     "porter": [card ids], "porter_called": false}

Status tokens are not carried: every Story's Setup begins without them, and Campaign
Mode names what carries over (docs/rulings.md, "What a campaign carries"). Threat decks
are not carried either: each Battle's Setup sets its Threat decks up whole
(``deck_play.set_up_threat_deck``). ``porter_called`` is read by the ``porter-reset``
step only: each Story begins with the Porter's "Once per Story" unused.

Rule source: Gascony's Legacy, Campaign Mode ("performs the following steps for each
Character to prepare for the next Story (or write down the results to save their
campaign progress for later)").

Dependencies: ``decks``, ``deck_play``, ``limits``, ``setup``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardforge_runtime.deck_play import decks_by_name
from cardforge_runtime.decks import card_of, check_conservation
from cardforge_runtime.limits import MAX_NUMBER
from cardforge_runtime.setup import SessionError

__all__ = ["CARRIED_CHARACTER_FIELDS", "apply_carried", "carry_of", "check_carried"]

#: The fields of each Character that a campaign carries from one Story to the next.
CARRIED_CHARACTER_FIELDS: tuple[str, ...] = ("name", "destiny", "health", "health_max", "fallen", "items", "cards")


def carry_of(state: Mapping[str, Any], pack: Mapping[str, Any]) -> dict[str, Any]:
    """The carried state of a finished Story's game ``state`` (a copy): each
    Character's ``CARRIED_CHARACTER_FIELDS``, the party's ``coins``, the ``costs`` of
    the items still held, the piles of the pack's ``decks`` (Threat decks left out),
    the Porter's cards and whether he was called this Story."""
    held = {item for character in state["characters"] for item in character["items"]}
    decks = decks_by_name(pack)
    return {
        "characters": [{key: _copy(character[key]) for key in CARRIED_CHARACTER_FIELDS}
                       for character in state["characters"]],
        "coins": state["coins"],
        "costs": {item: cost for item, cost in sorted(state["costs"].items()) if item in held},
        "decks": {name: {pile: list(piles[pile]) for pile in ("draw", "discard", "box")}
                  for name, piles in sorted(state["decks"].items()) if name in decks},
        "porter": list(state["porter"]),
        "porter_called": bool(state["porter_called"]),
    }


def _copy(value: Any) -> Any:
    return list(value) if isinstance(value, list) else value


def check_carried(pack: Mapping[str, Any], boards: list[Mapping[str, Any]], carried: Any) -> dict[str, Any]:
    """Check a carried state against the pack and the setup's Character ``boards``
    (``setup.check_setup``'s) and return a copy with its keys in order.

    Every Character of the setup, in order, by name; Destiny 0 to the board's maximum;
    ``health_max`` 1 to the board's Health, ``health`` 0 to it, ``fallen`` when
    ``health`` is 0 (healing does not stand a Fallen Character up), and not every Character Fallen (that Story was lost); items as
    text; every card instance of the pack's decks in exactly one place
    (``decks.check_conservation``) and each held card named among its holder's items;
    coins and costs whole numbers from 0.

    Raises:
        SessionError: ``the carried state is damaged: <what>``.
    """
    def whole(value: Any, low: int, high: int) -> bool:
        return type(value) is int and low <= value <= high

    def check(ok: Any, what: str) -> None:
        if not ok:
            raise SessionError(f"the carried state is damaged: {what}")

    try:
        check(isinstance(carried, Mapping), "it is not an object")
        allowed = {"characters", "coins", "costs", "decks", "porter", "porter_called"}
        check(set(carried) - allowed == set(), f"unknown keys {sorted(set(carried) - allowed)}")
        characters = carried["characters"]
        check(isinstance(characters, list) and len(characters) == len(boards), "the Characters differ from the setup")
        out_characters = []
        for character, board in zip(characters, boards):
            name = board["name"]
            check(isinstance(character, Mapping) and set(character) == set(CARRIED_CHARACTER_FIELDS)
                  and character["name"] == name, f"Character {name!r} (expected the fields "
                                                  f"{', '.join(CARRIED_CHARACTER_FIELDS)})")
            check(whole(character["destiny"], 0, board["destiny"]), f"{name}'s Destiny")
            check(whole(character["health_max"], 1, board["health"])
                  and whole(character["health"], 0, character["health_max"]), f"{name}'s Health")
            check(type(character["fallen"]) is bool and (character["fallen"] or character["health"] > 0),
                  f"{name} has no Health token left but has not Fallen")
            check(isinstance(character["items"], list) and all(type(i) is str for i in character["items"])
                  and isinstance(character["cards"], list) and all(type(c) is str for c in character["cards"]),
                  f"{name}'s items or cards")
            out_characters.append({key: _copy(character[key]) for key in CARRIED_CHARACTER_FIELDS})
        check(not all(c["fallen"] for c in out_characters), "every Character has Fallen")
        check(whole(carried["coins"], 0, MAX_NUMBER), "the coins")
        costs = carried["costs"]
        check(isinstance(costs, Mapping) and all(type(k) is str and whole(v, 0, MAX_NUMBER) for k, v in costs.items()),
              "the costs of items bought")
        decks = decks_by_name(pack)
        piles = carried["decks"]
        check(isinstance(piles, Mapping) and sorted(piles) == sorted(decks), "the decks differ from the pack's")
        for deck in piles.values():
            check(isinstance(deck, Mapping) and sorted(deck) == ["box", "discard", "draw"]
                  and all(isinstance(p, list) and all(type(c) is str for c in p) for p in deck.values()),
                  "a deck's piles")
        check(isinstance(carried["porter"], list) and all(type(c) is str for c in carried["porter"]), "the Porter's cards")
        check(type(carried.get("porter_called", False)) is bool, "porter_called")
        faults = check_conservation({"decks": piles, "characters": out_characters, "porter": carried["porter"]},
                                    list(decks.values()))
        check(not faults, "; ".join(faults[:3]))
        for character in out_characters:
            names = [card_of(decks, card)["name"] for card in character["cards"]]
            check(all(names.count(n) <= character["items"].count(n) for n in names),
                  f"{character['name']} holds a card that is not among their items")
    except (KeyError, TypeError, AttributeError) as error:
        raise SessionError(f"the carried state is damaged: a value is missing or has the wrong type ({error})") from None
    out = {"characters": out_characters, "coins": carried["coins"], "costs": dict(sorted(costs.items())),
           "decks": {name: {pile: list(piles[name][pile]) for pile in ("draw", "discard", "box")}
                     for name in sorted(piles)},
           "porter": list(carried["porter"])}
    if "porter_called" in carried:
        out["porter_called"] = carried["porter_called"]
    return out


def apply_carried(state: dict[str, Any], carried: Mapping[str, Any], difficulty: Mapping[str, Any] | None) -> None:
    """Set up a Story's initial ``state`` (``state.initial_state``'s, before any deck
    is dealt) from a checked carried state: each Character's Destiny, Health tokens,
    Fallen state, items and cards; the coins, costs, decks and the Porter's cards. The
    Porter is available (``porter_called`` false: "Once per Story").

    The harder game's ``destiny_start`` (-2, "Characters begin each Story with 2 fewer
    Destiny tokens") applies to the carried Destiny, never below 0 (docs/rulings.md,
    "The harder game in a campaign").
    """
    change = (difficulty or {}).get("destiny_start", 0)
    for character, carried_one in zip(state["characters"], carried["characters"]):
        for key in ("destiny", "health", "health_max", "fallen"):
            character[key] = carried_one[key]
        character["items"] = list(carried_one["items"])
        character["cards"] = list(carried_one["cards"])
        if change:
            character["destiny"] = min(character["destiny_max"], max(0, character["destiny"] + change))
    state["coins"] = carried["coins"]
    state["costs"] = dict(carried["costs"])
    state["decks"] = {name: {pile: list(piles[pile]) for pile in ("draw", "discard", "box")}
                      for name, piles in carried["decks"].items()}
    state["porter"] = list(carried["porter"])
    state["offer"] = []
    state["porter_called"] = False
