"""The deck engine: card instances, piles and the named operations on them.

A deck of the bundle (``pack["decks"]``: ``{"name", "role", "cards": [{"name",
"count", ...}]}``) is expanded into **card instances**, one per copy, in bundle order
with their counts; an instance id is ``"<deck>#<n>"`` with ``n`` from 1
(``"Reaction#7"``), and its card (name, cost, effects...) is looked up from the
bundle. The Unarmed card (``unarmed: true``) never leaves play and is never shuffled
(Gascony's Legacy, Equipment cards: "Characters without any Equipment must use the
Unarmed card"): it has no instance.

Deck state lives in the game state, ``state["decks"]``: per deck ``{"draw": [ids, top
first], "discard": [ids, top last], "box": [ids]}``. Cards held by a Character are in
``state["characters"][i]["cards"]`` (their names are also in ``items``); the Porter's
cards in ``state["porter"]``; the cards drawn for a purchase, while its request
waits, in ``state["offer"]``. A card being resolved exists only inside an operation.
``check_conservation`` proves every instance sits in exactly one of these places.

Randomness: every shuffle uses the **deck generator**, a ``Pcg32`` seeded with the
session seed on stream ``DECK_STREAM`` (55), apart from the dice generator (stream
54): dice never move it, decks never move the dice generator (docs/runtime.md,
Randomness).

Named operations and their scope (docs/runtime.md, Decks):

- ``shuffle_at_setup``: the draw pile is shuffled (Setup 3, "Shuffle each of the Loot,
  Equipment, and Reaction decks"). Other piles unchanged.
- ``draw``: the top card of the draw pile; when the draw pile is empty first
  ``reshuffle_when_empty``. ``None`` when both piles are empty.
- ``reshuffle_when_empty``: the discard pile becomes the draw pile, shuffled. Box and
  held cards unchanged.
- ``put_back``: a card drawn and not taken goes back on top of the draw pile (a draw
  chain meeting a card it already drew: ``draw_chain``). Other piles unchanged.
- ``discard`` / ``to_box``: a card (drawn, held or bought) onto the discard pile / into
  the box, where it stays: no reshuffle and no ``campaign_reset`` brings a box card
  back ("Guards!"; a Threat deck's box lasts one Battle: see below).
- ``reshuffle_card_says``: "Reshuffle the Deck" (Duck!): the discard pile and the card
  itself join the draw pile and the whole draw pile is shuffled. Box and held unchanged.
- ``end_of_story``: the discard pile joins the draw pile, shuffled; held cards, the
  Porter's and the box unchanged.
- ``campaign_reset``: Campaign Mode 5, "Shuffle all discard piles back into their
  decks": every deck's discard pile joins its draw pile, each shuffled; the box is
  unchanged.

A Threat deck's two portions are the caller's concern (the Battle resolves the threat
or the reaction); its piles have this same shape under ``state["decks"]``. Its box
lasts one Battle: each Battle's Setup sets the whole deck up again
(``deck_play.set_up_threat_deck``; docs/rulings.md, "A Threat deck at each Battle's Setup").

Dependencies: ``pcg`` only.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from cardforge_runtime.deck_odds import chance_within
from cardforge_runtime.pcg import Pcg32

__all__ = [
    "DECK_STREAM", "campaign_reset", "card_of", "chance_in_first", "check_conservation", "deck_of", "deck_rng", "discard", "draw",
    "end_of_story", "instance_ids", "new_piles", "put_back", "reshuffle_card_says", "reshuffle_when_empty", "shuffle_at_setup",
    "take_named", "to_box",
]

#: The PCG32 stream (``initseq``) of the deck generator; the dice use 54.
DECK_STREAM = 55

Piles = dict[str, list[str]]


def deck_rng(seed: int) -> Pcg32:
    """The deck generator of a session seeded with ``seed``: ``Pcg32(seed, 55)``.

    Raises:
        ValueError: a seed that is not a whole number from 0 to 2**64 - 1.
    """
    return Pcg32(seed, DECK_STREAM)


def instance_ids(deck: Mapping[str, Any]) -> list[str]:
    """The instance ids of a bundle deck, in bundle order, one per copy (``count``),
    numbered from 1: ``["Reaction#1", "Reaction#2", ...]``. The Unarmed card
    (``unarmed: true``) is numbered like the others but has no instance (it is not in
    the list)."""
    ids, number = [], 0
    for card in deck["cards"]:
        for _ in range(card.get("count", 1)):
            number += 1
            if not card.get("unarmed", False):
                ids.append(f"{deck['name']}#{number}")
    return ids


def deck_of(instance: str) -> str:
    """The deck name of an instance id (``"Reaction#7"`` -> ``"Reaction"``)."""
    return instance.rpartition("#")[0]


#: ``id(deck["cards"]) -> (that list, the running total of copies after each card)``:
#: worked out once per deck of a loaded pack (bundle data is read only, as the
#: bundle's other caches assume); at most ``_ENDS_MOST`` decks are remembered.
_ENDS: dict[int, tuple[list[Any], list[int]]] = {}
_ENDS_MOST = 512


def _card_ends(cards: list[Any]) -> tuple[list[Any], list[int]]:
    ends, number = [], 0
    for card in cards:
        number += card.get("count", 1)
        ends.append(number)
    if len(_ENDS) >= _ENDS_MOST:
        _ENDS.clear()
    _ENDS[id(cards)] = entry = (cards, ends)
    return entry


def card_of(decks: Mapping[str, Mapping[str, Any]], instance: str) -> dict[str, Any]:
    """The bundle card of an instance id, from the pack's decks by name.

    Raises:
        KeyError: no such deck or no such instance number.
    """
    deck = decks[deck_of(instance)]
    wanted = int(instance.rpartition("#")[2])
    cards = deck["cards"]
    ends = _ENDS.get(id(cards))
    if ends is None or ends[0] is not cards:
        ends = _card_ends(cards)
    at = bisect.bisect_left(ends[1], wanted)     # the first card whose copies reach the number
    if at < len(cards):
        return dict(cards[at])
    raise KeyError(f"no card {instance!r} in deck {deck['name']!r}")


def new_piles(deck: Mapping[str, Any]) -> Piles:
    """A deck as it comes out of the box: every instance in the draw pile, in bundle
    order (not shuffled yet: ``shuffle_at_setup``), empty discard pile and box."""
    return {"draw": instance_ids(deck), "discard": [], "box": []}


def shuffle_at_setup(piles: Piles, rng: Pcg32) -> None:
    """Setup: shuffle the draw pile (``Pcg32.shuffle``, Fisher-Yates from the last
    position down). Discard pile and box unchanged. (Gascony's Legacy, Setup 3.)"""
    rng.shuffle(piles["draw"])


def reshuffle_when_empty(piles: Piles, rng: Pcg32) -> None:
    """The draw pile is empty: the discard pile, shuffled, becomes the draw pile.
    Box and held cards unchanged; a no-op while the draw pile still has cards."""
    if piles["draw"]:
        return
    piles["draw"], piles["discard"] = piles["discard"], []
    rng.shuffle(piles["draw"])


def draw(piles: Piles, rng: Pcg32) -> str | None:
    """Take the top card of the draw pile (reshuffling the discard pile first when the
    draw pile is empty). The card is then in nobody's pile: the caller puts it
    somewhere (a hand, the discard pile, the box). ``None``: no card is left."""
    reshuffle_when_empty(piles, rng)
    return piles["draw"].pop(0) if piles["draw"] else None


def put_back(piles: Piles, card: str) -> None:
    """Put ``card`` (drawn, in no pile) back on top of the draw pile, as if it had not
    been drawn (a draw chain meets a card it already drew: ``draw_chain``; docs/rulings.md,
    "A card drawn twice in one chain"). Other piles unchanged."""
    piles["draw"].insert(0, card)


def discard(piles: Piles, card: str) -> None:
    """Put ``card`` (not in any pile) on top of the discard pile."""
    piles["discard"].append(card)


def to_box(piles: Piles, card: str) -> None:
    """Return ``card`` (not in any pile) to the box: out of the game; no reshuffle and
    no ``campaign_reset`` brings it back (a Threat deck is set up whole again at each
    Battle's Setup: ``deck_play.set_up_threat_deck``)."""
    piles["box"].append(card)


def reshuffle_card_says(piles: Piles, card: str, rng: Pcg32) -> None:
    """"Reshuffle the Deck" (Duck!): the discard pile and ``card`` itself (being
    resolved, in no pile) go into the draw pile, and the whole draw pile is shuffled.
    Box and held cards unchanged."""
    piles["draw"] = piles["draw"] + piles["discard"] + [card]
    piles["discard"] = []
    rng.shuffle(piles["draw"])


def end_of_story(piles: Piles, rng: Pcg32) -> None:
    """The end of a Story: the discard pile joins the draw pile and the draw pile is
    shuffled. Held cards, the Porter's and the box are unchanged."""
    piles["draw"] = piles["draw"] + piles["discard"]
    piles["discard"] = []
    rng.shuffle(piles["draw"])


def campaign_reset(decks: Mapping[str, Piles], rng: Pcg32) -> None:
    """Gascony's Legacy, Campaign Mode 5: "Shuffle all discard piles back into their
    decks": for each deck in name order, the discard pile joins the draw pile, which
    is shuffled. The box is unchanged; held cards stay held (a bought Rapier is not
    back in the Equipment deck)."""
    for name in sorted(decks):
        end_of_story(decks[name], rng)


def take_named(piles: Piles, name: str, decks: Mapping[str, Mapping[str, Any]]) -> str | None:
    """Take a copy of the card called ``name`` out of this deck: the topmost one in the
    draw pile, else the topmost in the discard pile (docs/rulings.md, Gaining a deck
    card). ``None``: no copy is left in either pile (held or in the box)."""
    for pile in ("draw", "discard"):
        order = piles[pile] if pile == "draw" else list(reversed(piles[pile]))
        for card in order:
            if card_of(decks, card)["name"] == name:
                piles[pile].remove(card)
                return card
    return None


def chance_in_first(deck: Mapping[str, Any], name: str, draws: int) -> Fraction:
    """The exact chance that at least one copy of the card ``name`` is among the
    first ``draws`` cards of ``deck`` freshly shuffled (every order equally likely:
    ``shuffle_at_setup``): ``1 - C(N - k, n) / C(N, n)`` for ``N`` instances, ``k``
    copies of the card and ``n = min(draws, N)`` draws (hypergeometric). The Unarmed
    card is not in the deck (chance 0).

    Raises:
        ValueError: ``draws`` is negative.
    """
    if draws < 0:
        raise ValueError(f"draws must be 0 or more, not {draws}")
    total = len(instance_ids(deck))
    copies = sum(card.get("count", 1) for card in deck["cards"] if card["name"] == name and not card.get("unarmed"))
    return chance_within(total, copies, draws)


def check_conservation(state: Mapping[str, Any], decks: Sequence[Mapping[str, Any]]) -> list[str]:
    """Every instance of every deck in exactly one place: a deck's draw pile, discard
    pile or box, a Character's ``cards``, the Porter's (``state["porter"]``) or on
    offer in a purchase (``state["offer"]``).

    Args:
        state: the game state (``state["decks"]``, ``characters[i]["cards"]``,
            ``porter``).
        decks: the bundle decks whose piles ``state["decks"]`` must hold (threat decks
            too, when a Battle set them up).

    Returns:
        One message per fault (a card missing, in two places, or unknown); ``[]``
        when the cards are all accounted for.
    """
    where: dict[str, list[str]] = {}

    def note(cards: Iterable[str], place: str) -> None:
        for card in cards:
            where.setdefault(card, []).append(place)

    for name, piles in sorted(state.get("decks", {}).items()):
        for pile in ("draw", "discard", "box"):
            note(piles[pile], f"{name} {pile} pile" if pile != "box" else f"{name} box")
    for index, character in enumerate(state.get("characters", [])):
        note(character.get("cards", []), f"Character {index}")
    note(state.get("porter", []), "the Porter")
    note(state.get("offer", []), "the purchase on offer")
    faults = []
    expected: set[str] = set()
    for deck in decks:
        for card in instance_ids(deck):
            expected.add(card)
            places = where.get(card, [])
            if not places:
                faults.append(f"card {card} is nowhere")
            elif len(places) > 1:
                faults.append(f"card {card} is in {len(places)} places: {', '.join(places)}")
    faults += [f"card {card} is not a card of any deck ({', '.join(where[card])})"
               for card in sorted(set(where) - expected)]
    return faults
