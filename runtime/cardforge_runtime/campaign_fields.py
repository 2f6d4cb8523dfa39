"""The vocabulary of a pack's ``campaign`` (bundle format 1.6.0): the stories played in
order and the Campaign Mode steps between them, defined once (the compiler's model,
``emit``, ``load_bundle`` and ``campaign`` read these).

Gascony's Legacy, Campaign Mode: "At the end of that game, players perform the
following steps for each Character to prepare for the next Story": 1. "Keep 2 hands
worth of Weapons of their choice"; 2. "Gain 2 Destiny, up to their maximum value";
3. "If the Character is missing any Health tokens from becoming Fallen, they regain 1
of them. Then, flip all Health tokens back to the gold side"; 4. "Discard all Coins and
Loot cards"; 5. "Shuffle all discard piles back into their decks"; 6. "If players used
the Porter, flip him to the available side and place 1 Equipment card per player
underneath him again"; 7. "Set up the next Story" (the next story's Session).

A bundle writes each step as ``{"step": <name>, **params}`` with every parameter
present (``CAMPAIGN_STEPS`` gives the defaults); YAML writes a one-key mapping
(``- gain: {destiny: 2}``; ``- discard: [coins, loot]``; ``- reshuffle-decks: {}``).

Dependencies: none.
"""

from __future__ import annotations

from typing import Any

__all__ = ["CAMPAIGN_DISCARDS", "CAMPAIGN_RANGES", "CAMPAIGN_STEPS", "MAX_CAMPAIGN_STORIES"]

#: What the ``discard`` step may discard: ``coins`` (the party's pool to 0: Coins
#: belong to the party, docs/rulings.md) and ``loot`` (every card of a ``loot`` deck a
#: Character holds, onto its deck's discard pile).
CAMPAIGN_DISCARDS: tuple[str, ...] = ("coins", "loot")

#: The whole-number ranges of the steps' parameters.
CAMPAIGN_RANGES: dict[str, tuple[int, int]] = {
    "hands": (1, 4),          # as carry.hands
    "destiny": (1, 20),       # as a board's destiny
    "fallen": (1, 20),        # as a board's health
    "per_player": (1, 10),    # as porter.cards_per_character (format.MAX_PORTER_CARDS)
}

#: The most stories a campaign plays.
MAX_CAMPAIGN_STORIES = 100

#: The Campaign Mode steps (a closed vocabulary), in the rulebook's order: name ->
#: (what it does, its parameters: name -> default; ``discard``'s ``what`` has no
#: default). ``docs/format.md``, Campaign, says the same in words.
CAMPAIGN_STEPS: dict[str, tuple[str, dict[str, Any]]] = {
    "keep-weapons": (
        "Campaign Mode 1: each Character who holds Weapons (Equipment cards that need hands) keeps those "
        "of their choice, at most `hands` hands' worth (a `keep` request per such Character); the others go "
        "to their deck's discard pile", {"hands": 2}),
    "gain": ("Campaign Mode 2: each Character gains `destiny` Destiny, up to their maximum", {"destiny": 2}),
    "regain-health": (
        "Campaign Mode 3: a Character missing Health tokens from becoming Fallen (Severe Wounds) regains up to "
        "`fallen` of them; then every Health token is flipped to the gold side (a Fallen Character stands up)",
        {"fallen": 1}),
    "discard": ("Campaign Mode 4: discard `what`: `coins` (the party's pool) and/or `loot` (Loot cards held)",
                {"what": None}),
    "reshuffle-decks": ("Campaign Mode 5: every deck's discard pile is shuffled back into its draw pile "
                        "(held cards, the Porter's and the box stay)", {}),
    "porter-reset": (
        "Campaign Mode 6: if the players called the Porter in the Story, he is available again with "
        "`per_player` cards of his deck per player (Solo Play counts as its Characters) drawn under him",
        {"per_player": 1}),
}
