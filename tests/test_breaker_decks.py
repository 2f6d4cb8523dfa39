"""Bad input thrown at the issue-9 features (Enemies, Threat decks, decks, the pack's
Battle rules) by a careless or hostile author, player or editor of saves and bundles,
each break found written down as a test: a clear diagnostic, ``BundleError``,
``SessionError`` or ``AnswerError``, never a traceback, a hang or a bundle the
runtime refuses."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardforge_runtime import Session, load_bundle
from cardforge_runtime import decks as D
from cardforge_runtime.effect_fields import effect_defaults
from cardforge_runtime.loot import apply_card_effects


def emitted(kind: str, **params: object) -> dict:
    """An effect as emit writes it into a bundle: every parameter, ``None`` where the
    author gave none."""
    return {"kind": kind, **effect_defaults(kind), **params}


# -- Loot effects as the bundle writes them ------------------------------------------


def test_loot_effects_with_every_parameter_written_apply_only_what_is_given():
    """A bundle writes `gain: {coins: 1}` as {"coins": 1, "destiny": null, "health":
    null, "status": null, "items": null}: the nulls are not given (Gascony's Legacy,
    Loot cards: "Some Loot cards also award a Character with Coins")."""
    character = {"destiny": 2, "destiny_max": 4, "health": 3, "health_max": 4, "status": [], "items": [],
                 "fallen": False}
    state = {"coins": 0, "characters": [character]}
    piles = {"draw": [], "discard": [], "box": []}
    rng = D.deck_rng(1)
    effects = [emitted("gain", coins=1, who="you"), emitted("gain", destiny=1, who="you"),
               emitted("lose", coins=1, who="you")]
    others, placed = apply_card_effects(state, 0, effects, piles, "Loot#1", rng)
    assert (state["coins"], character["destiny"], character["health"], character["status"]) == (0, 3, 3, [])
    assert (others, placed) == ([], False)


@pytest.mark.parametrize("seed", range(1, 13))
def test_the_easier_game_of_the_shipped_pack_starts_for_any_seed(gascony_bundle: Path, seed: int):
    """Difficulty Adjustments, easier: "Each player draws 1 Loot card at the beginning
    of the Story": whichever card comes (Coins, Heavy Purse...), the story starts."""
    bundle = load_bundle(gascony_bundle)
    session = Session.start(bundle, "act-1", players=2, seed=seed, difficulty="easier")
    standard = Session.start(bundle, "act-1", players=2, seed=seed)
    coins_at_start = session.state["coins"]
    session.answer({})                  # the story's opening text; its log entry holds the Setup events
    drawn = [e for entry in session.log for e in entry["events"] if e["event"] == "loot"]
    assert [e["character"] for e in drawn] == [0, 1]
    coins = {"Coins": 1, "Heavy Purse": 2}
    assert coins_at_start - standard.state["coins"] == sum(coins.get(e["item"], 0) for e in drawn)
