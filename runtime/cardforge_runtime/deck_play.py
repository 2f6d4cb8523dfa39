"""The story session's use of the decks: Setup, purchases and sales of deck cards,
gaining and losing deck cards, the hands a Character carries, difficulty.

Rules followed (Gascony's Legacy): Setup 3-4 (shuffle the Loot, Equipment and
Reaction decks; 1 Equipment card per Character under the Porter) and the Starting
Equipment of each Character board (``weapons``: taken from the Equipment deck);
Equipment cards ("Characters can only carry 2 hands worth of equipment at once": the
pack's ``carry.hands``); Loot cards; Between Story Cards (Call The Porter: unbought
cards are discarded; Sell Equipment: into the discard pile beside its deck);
Difficulty Adjustments (``difficulty`` options of the pack). The piles and named
operations are ``decks``; this module decides which operation a rule calls for.

Every function changes the game state (``state.initial_state``'s shape) in place; the
generators yield ``leave`` requests when a Character carries too many hands.

Loot (drawing, keeping, using) is ``loot``'s.

Dependencies: ``decks``.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Mapping
from typing import Any

from cardforge_runtime import decks as D
from cardforge_runtime.pcg import Pcg32

__all__ = ["card_costs", "carry_decks", "deck_by_role", "deck_lists", "decks_by_name", "decks_in_play", "difficulty_of",
           "draw_offers", "gain_card", "lose_card", "move_card", "set_up_decks", "set_up_threat_deck", "set_up_threat_decks",
           "settle_hands"]

Record = Callable[[dict[str, Any]], None]


def decks_by_name(pack: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    """The pack's decks (bundle ``decks``, a list) by name; ``{}`` for a pack without."""
    decks = pack.get("decks")
    return {deck["name"]: deck for deck in decks} if isinstance(decks, list) else {}


def decks_in_play(pack: Mapping[str, Any], state: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The bundle decks whose piles ``state["decks"]`` holds: the pack's ``decks``
    and the Threat decks (``threat_decks``) a Battle has set up
    (``set_up_threat_deck``), for ``decks.check_conservation``."""
    present = state.get("decks", {}) if isinstance(state, Mapping) else {}
    threat = [deck for deck in pack.get("threat_decks") or [] if isinstance(present, Mapping) and deck["name"] in present]
    return list(decks_by_name(pack).values()) + threat


def set_up_threat_deck(state: dict[str, Any], pack: Mapping[str, Any], name: str, rng: Pcg32) -> None:
    """Battle Setup 5d: "Shuffle the Threat deck for the Named Enemy and place it
    beside their reference card": the Threat deck ``name`` of the pack's
    ``threat_decks`` gets piles under ``state["decks"]``, its draw pile shuffled with
    the deck generator. Which portion of a drawn card resolves is the caller's
    (threat in the Enemy turn, reaction when the Named Enemy is attacked); the card
    then goes to ``decks.discard`` or ``decks.to_box``.

    Each Battle's Setup sets the whole deck up: when an earlier Battle of the story
    left piles for it, every card comes back to the draw pile, the discard pile and
    the cards that Battle returned to the box ("Guards!") alike, in bundle order
    (``decks.new_piles``), then one shuffle (docs/rulings.md, "A Threat deck at each
    Battle's Setup"). A Threat card is never held, so no card is lost or doubled.

    Raises:
        KeyError: the pack has no Threat deck ``name``.
    """
    deck = next((d for d in pack.get("threat_decks") or [] if d["name"] == name), None)
    if deck is None:
        raise KeyError(f"no Threat deck {name!r} to set up")
    state["decks"][name] = D.new_piles(deck)
    D.shuffle_at_setup(state["decks"][name], rng)


def set_up_threat_decks(state: dict[str, Any], pack: Mapping[str, Any], named_enemies: Iterable[str],
                        rng: Pcg32) -> list[str]:
    """Battle Setup 5d for every Named Enemy of a Battle (names of the pack's
    ``named_enemies``): each Threat deck they use is set up once
    (``set_up_threat_deck``), in name order, even when two Named Enemies share one.

    Returns:
        The names of the Threat decks set up, in that order.

    Raises:
        KeyError: no such Named Enemy, or no Threat deck of that name.
    """
    by_name = {enemy["name"]: enemy for enemy in pack.get("named_enemies") or []}
    wanted = set()
    for enemy in named_enemies:
        if enemy not in by_name:
            raise KeyError(f"no Named Enemy {enemy!r} in the pack")
        wanted.add(by_name[enemy]["threat_deck"])
    for name in sorted(wanted):
        set_up_threat_deck(state, pack, name, rng)
    return sorted(wanted)


def deck_by_role(pack: Mapping[str, Any], role: str) -> str | None:
    """The name of the deck that plays ``role`` (``equipment``, ``loot``...): the one
    the pack's ``deck_roles`` names, else the first deck (by name) of that ``role``;
    ``None`` when the pack has none."""
    named = pack.get("deck_roles")
    if isinstance(named, Mapping) and named.get(role):
        return named[role]
    for name, deck in sorted(decks_by_name(pack).items()):
        if deck.get("role") == role:
            return name
    return None


def difficulty_of(pack: Mapping[str, Any], name: str | None) -> dict[str, Any]:
    """The pack's difficulty option called ``name`` (``{}`` for ``None``: the standard
    game). Gascony's Legacy, Difficulty Adjustments."""
    if name is None:
        return {}
    return next(dict(option) for option in pack.get("difficulty", []) if option["name"] == name)


def set_up_decks(state: dict[str, Any], pack: Mapping[str, Any], setup: Mapping[str, Any], rng: Pcg32) -> None:
    """Setup: every deck of the pack out of the box (``decks.new_piles``); the
    difficulty's ``remove_cards`` into the box; each Character's Starting Weapons
    (board ``weapons``) taken from the Equipment deck, and each of the board's other
    ``items`` that names a card of a deck takes a copy as a gain does (``gain_card``,
    as ``carry_decks`` does for a save: docs/rulings.md, Gaining a deck card; with no
    copy left the Character has the item without a card); every draw pile shuffled
    (``shuffle_at_setup``, decks in name order); then the Porter's cards drawn from
    his deck (``cards_per_character`` per Character).

    Sets ``state["decks"]``, ``state["porter"]`` and each Character's ``cards``.
    """
    decks = decks_by_name(pack)
    state["decks"] = {name: D.new_piles(deck) for name, deck in sorted(decks.items())}
    state["porter"], state["offer"] = [], []
    for character in state["characters"]:
        character.setdefault("cards", [])
    for deck, names in sorted(difficulty_of(pack, setup.get("difficulty")).get("remove_cards", {}).items()):
        piles = state["decks"].get(deck)
        for card in list(piles["draw"]) if piles else []:
            if D.card_of(decks, card)["name"] in names:
                piles["draw"].remove(card)
                D.to_box(piles, card)
    equipment = deck_by_role(pack, "equipment")
    for index, (character, board) in enumerate(zip(state["characters"], setup["characters"])):
        for item in board.get("items", []):
            gain_card(state, pack, index, item)
        for weapon in board.get("weapons", []):
            piles = state["decks"].get(equipment) if equipment else None
            card = D.take_named(piles, weapon, decks) if piles else None
            if card is not None:
                character["cards"].append(card)
    for name in sorted(state["decks"]):
        D.shuffle_at_setup(state["decks"][name], rng)
    _fill_porter(state, pack, rng)


def deck_lists(pack: Mapping[str, Any], state: Mapping[str, Any]) -> dict[str, list[list[Any]]]:
    """What numbers the card instances of ``state``: for each deck in play
    (``decks_in_play``, by name), its cards' ``[name, count]`` in bundle order (the
    Unarmed card too: it takes a number). A save stores it (``deck_lists``) so that a
    rebuilt bundle can tell whether ``"Equipment#5"`` is still the same card."""
    return {deck["name"]: [[card["name"], card.get("count", 1)] for card in deck["cards"]]
            for deck in sorted(decks_in_play(pack, state), key=lambda d: d["name"])}


def carry_decks(state: Any, pack: Mapping[str, Any], older: bool, rng: Pcg32,
                saved_lists: Any = None) -> str | None:
    """A save's checkpoint state carried over (``Session.load``): when the save is
    ``older`` than version 4 (no deck state), or the decks changed since it was
    written, the decks are built fresh: every deck out of the box; each item a
    Character holds that is a deck card takes a copy (``gain_card``); every draw pile
    shuffled; the Porter's cards drawn unless he was called.

    The decks changed when the state holds other card instances than the pack's decks
    now have, or when the save's ``saved_lists`` (``deck_lists`` of the bundle it was
    written on) differ from this pack's: the same instance ids may stand for other
    cards (a count or a name changed). A save without ``saved_lists`` (written before
    them) is checked by the cards held: each must be named among its holder's items.

    Returns the warning to give (naming what changed), or ``None`` (the decks fit: a
    card in two places is left for ``state.checked_state`` to refuse as damaged). A
    state that is not a save's shape is left as it is for ``checked_state`` to refuse."""
    decks = list(decks_by_name(pack).values())
    changes = _changes(saved_lists, {deck["name"]: [[c["name"], c.get("count", 1)] for c in deck["cards"]]
                                     for deck in decks}, {deck["name"] for deck in pack.get("threat_decks") or []})
    if not older and not changes and _same_cards(state, decks) and (saved_lists is not None or _held_fit(state, pack)):
        return None
    if not (isinstance(state, dict) and isinstance(state.get("characters"), list)
            and all(isinstance(c, dict) and isinstance(c.get("items"), list) for c in state["characters"])):
        return None
    state["decks"] = {deck["name"]: D.new_piles(deck) for deck in sorted(decks, key=lambda d: d["name"])}
    state["porter"], state["offer"] = [], []
    for index, character in enumerate(state["characters"]):
        character["cards"] = []
        for item in character["items"]:
            gain_card(state, pack, index, item)
    for name in sorted(state["decks"]):
        D.shuffle_at_setup(state["decks"][name], rng)
    if not state.get("porter_called"):
        _fill_porter(state, pack, rng)
    why = (f"the decks changed since this save ({'; '.join(changes)})" if changes else
           "the save holds no deck state that fits this bundle's decks")
    return f"the decks are built fresh and shuffled: {why} (each item held that is a deck card takes its card)"


def _changes(saved: Any, now: dict[str, list[list[Any]]], threat: set[str]) -> list[str]:
    """What changed between a save's ``deck_lists`` and the pack's, one text per deck
    that changed (``deck 'Loot': 'Coins' removed, 'Purse' added``); ``[]`` when
    ``saved`` is ``None`` or not a mapping (a save without them), or nothing changed.
    Threat decks (``threat``: their names; a Battle's) in ``saved`` are not compared."""
    if not isinstance(saved, Mapping):
        return []
    out = []
    for name in sorted(set(saved) | set(now)):
        if name not in now:
            if name not in threat:
                out.append(f"deck {name!r} removed")
            continue
        if name not in saved:
            out.append(f"deck {name!r} added")
            continue
        old, new = saved[name], now[name]
        if old == new:
            continue
        if not _is_list(old):
            out.append(f"deck {name!r}: its cards")
            continue
        before, after = _by_card(old), _by_card(new)
        said = [f"{card!r} removed" for card in before if card not in after]
        said += [f"{card!r} added" for card in after if card not in before]
        said += [f"{card!r} {before[card]} -> {after[card]} copies" for card in after
                 if card in before and before[card] != after[card]]
        out.append(f"deck {name!r}: {', '.join(said) or 'its cards are in another order'}")
    return out


def _is_list(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(c, list) and len(c) == 2 and isinstance(c[0], str) and type(c[1]) is int for c in value)


def _by_card(cards: list[list[Any]]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for name, count in cards:
        counts[name] = counts.get(name, 0) + count
    return counts


def _held_fit(state: Any, pack: Mapping[str, Any]) -> bool:
    """Whether every card a Character holds is, by the pack's decks, a card named
    among their ``items`` (as often as held)."""
    decks = decks_by_name(pack)
    try:
        for character in state["characters"]:
            items = list(character["items"])
            for card in character.get("cards", []):
                items.remove(D.card_of(decks, card)["name"])
    except (KeyError, TypeError, ValueError, AttributeError):
        return False
    return True


def _same_cards(state: Any, decks: list[Mapping[str, Any]]) -> bool:
    """Whether ``state`` holds the same decks and card instances as ``decks`` (each
    somewhere; a card in two places is a damaged save, not changed decks)."""
    try:
        faults = D.check_conservation(state, decks)
        return sorted(state["decks"]) == sorted(d["name"] for d in decks) \
            and not any(" is nowhere" in f or " is not a card of any deck" in f for f in faults)
    except (KeyError, TypeError, AttributeError, ValueError):
        return False


def _fill_porter(state: dict[str, Any], pack: Mapping[str, Any], rng: Pcg32) -> None:
    """Setup 4: "place 1 Equipment card per Character face-down, underneath [the
    Porter]": the pack's ``porter.cards_per_character`` per Character, drawn from his
    deck (none when the pack has no Porter or no such deck)."""
    porter = pack.get("porter")
    if porter is not None and porter["deck"] in state["decks"]:
        for _ in range(porter["cards_per_character"] * len(state["characters"])):
            card = D.draw(state["decks"][porter["deck"]], rng)
            if card is not None:
                state["porter"].append(card)


def card_costs(state: Mapping[str, Any], pack: Mapping[str, Any]) -> dict[str, int]:
    """What a sale of each item pays half of: the cost each item was bought at in
    this story (``state["costs"]``), and the printed cost of every card a Character
    holds (Between Story Cards, Sell Equipment)."""
    decks = decks_by_name(pack)
    costs = dict(state["costs"])
    for character in state["characters"]:
        for card in character.get("cards", []):
            bundle_card = D.card_of(decks, card)
            printed = bundle_card.get("cost")
            if printed is not None:
                costs[bundle_card["name"]] = printed
    return dict(sorted(costs.items()))


def draw_offers(state: dict[str, Any], pack: Mapping[str, Any], deck: str, count: int, rng: Pcg32) -> list[str]:
    """Draw ``count`` cards from ``deck`` to offer for purchase (fewer when both piles
    run out); the caller discards those not bought."""
    piles = state["decks"].get(deck)
    drawn = []
    for _ in range(count if piles is not None else 0):
        card = D.draw(piles, rng)
        if card is None:
            break
        drawn.append(card)
    return drawn


def move_card(state: dict[str, Any], pack: Mapping[str, Any], giver: int, taker: int | None, item: str) -> None:
    """The card behind ``item`` that Character ``giver`` holds (if any) goes to
    Character ``taker``, or to its deck's discard pile when ``taker`` is ``None`` (a
    sale, a loss, an item left). The ``items`` names are the caller's concern."""
    decks = decks_by_name(pack)
    held = state["characters"][giver].get("cards", [])
    card = next((c for c in held if D.card_of(decks, c)["name"] == item), None)
    if card is None:
        return
    held.remove(card)
    if taker is None:
        D.discard(state["decks"][D.deck_of(card)], card)
    else:
        state["characters"][taker]["cards"].append(card)


def gain_card(state: dict[str, Any], pack: Mapping[str, Any], index: int, item: str) -> str | None:
    """A Character gains ``item``: when a deck of the pack has a card of that name,
    a copy is taken from its draw pile, else its discard pile, and held
    (docs/rulings.md, Gaining a deck card); ``None`` when no deck has one left (the
    Character still gains the item, without a card)."""
    decks = decks_by_name(pack)
    for name in sorted(decks):
        if any(card["name"] == item for card in decks[name]["cards"]):
            card = D.take_named(state["decks"][name], item, decks)
            if card is not None:
                state["characters"][index]["cards"].append(card)
                return card
    return None


def lose_card(state: dict[str, Any], pack: Mapping[str, Any], index: int, item: str) -> None:
    """A Character loses ``item``: the card behind it (if any) to its discard pile."""
    move_card(state, pack, index, None, item)


def _hands(pack: Mapping[str, Any], card: str, decks: Mapping[str, Mapping[str, Any]] | None = None) -> int:
    return D.card_of(decks if decks is not None else decks_by_name(pack), card).get("hands", 0) or 0


def settle_hands(state: dict[str, Any], pack: Mapping[str, Any], record: Record,
                 who: list[int] | None = None) -> Generator[dict[str, Any], dict[str, Any], None]:
    """Gascony's Legacy, Equipment cards: "Characters can only carry 2 hands worth of
    equipment at once" (the pack's ``carry.hands``; no limit without ``carry``). For
    each Character (of ``who``, default all) whose Equipment cards need more hands,
    yield a ``leave`` request; the answer's cards (checked: they bring the Character
    within the limit) go to the discard pile and leave ``items``."""
    limit = (pack.get("carry") or {}).get("hands")
    if limit is None:
        return
    decks = decks_by_name(pack)
    for index in who if who is not None else range(len(state["characters"])):
        character = state["characters"][index]
        carried = [{"card": c, "item": D.card_of(decks, c)["name"], "hands": _hands(pack, c, decks)}
                   for c in character.get("cards", []) if _hands(pack, c, decks)]
        if sum(c["hands"] for c in carried) <= limit:
            continue
        answer = yield {"kind": "leave", "card": state["card"], "character": index, "hands": limit, "cards": carried}
        for card in answer["leave"]:
            name = D.card_of(decks, card)["name"]
            character["cards"].remove(card)
            items = list(character["items"])
            items.remove(name)
            character["items"] = items
            D.discard(state["decks"][D.deck_of(card)], card)
            record({"event": "leave", "character": index, "card": card, "item": name})
