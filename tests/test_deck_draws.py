"""CF836 draw-loop (``checks/deck_draws.py``): a deck or Threat deck whose every card
draws again, from it or from decks that draw back into it, and which is reshuffled: a
chain of draws there never ends by itself, only by the engine's rule (docs/rulings.md,
"A card drawn twice in one chain")."""

from __future__ import annotations

from pathlib import Path

import pytest
from _decks_helpers import DECKS, THREATS, decks_pack

from cardforge_compiler.pipeline import compile_paths

LOOT = "  - name: Nothing\n  - name: Cross\n    effects: [{gain: {destiny: 1}}]\n"
REACTION = """  - name: Duck!
    count: 2
    effects: [{cancel-wound: {}}, {reshuffle: {}}]
    text: The Enemy is not Wounded from this Attack. Reshuffle the Deck.
  - name: Counterattack
    effects:
      - if: adjacent
        then: [{wound: {who: you, amount: 1}}]
"""
GUARDS = """      - activate: {enemy: Cardinal's Guard, adjacent_to: this}
      - spawn: {enemy: Cardinal's Guard, per_player: 1, where: empty-adjacent-to-this}
      - return-to-box: {}
"""
SELF_LOOT = ("  - name: Nothing\n    effects: [{draw: {}}]\n"
             "  - name: Cross\n    effects: [{gain: {destiny: 1}}, {draw: {count: 2}}]\n")
SELF_MESSAGE = ("every card of deck 'Loot' draws another card of it and the deck is reshuffled when it runs out: a chain "
                "of draws never ends by itself (the engine stops it at the first card it would draw twice, after at "
                "most 2 cards)")


def _draw_loops(tmp_path: Path, **replace: str) -> list[tuple]:
    result = compile_paths([str(decks_pack(tmp_path, **replace))])
    return [(d.code, Path(d.file).name, d.line, d.column, d.message) for d in result.diagnostics if d.code == "CF836"]


def test_a_loot_deck_whose_every_card_draws_from_it(tmp_path: Path) -> None:
    assert DECKS.count(LOOT) == 1
    assert _draw_loops(tmp_path, decks=DECKS.replace(LOOT, SELF_LOOT)) == [
        ("CF836", "decks.yaml", 20, 16, SELF_MESSAGE)]
    (found,) = [d for d in compile_paths([str(tmp_path / "pack")]).diagnostics if d.code == "CF836"]
    assert (found.severity.value, found.hint) == ("warning", "give the deck a card that draws nothing, or put a `draw` "
                                                             "under an `if`, so that a chain can end by itself")


@pytest.mark.parametrize("ending", [
    "  - name: Nothing\n    effects: [{draw: {}}]\n  - name: Cross\n    effects: [{gain: {destiny: 1}}]\n",
    "  - name: Nothing\n    effects: [{draw: {}}]\n  - name: Cross\n    effects:\n      - if: adjacent\n"
    "        then: [{draw: {}}]\n",
    # an Equipment card drawn is held, not resolved: the chain stops there
    "  - name: Nothing\n    effects: [{draw: {deck: Equipment}}]\n  - name: Cross\n    effects: [{draw: {deck: Equipment}}]\n",
])
def test_a_card_that_may_draw_nothing_lets_the_chain_end(ending: str, tmp_path: Path) -> None:
    assert _draw_loops(tmp_path, decks=DECKS.replace(LOOT, ending)) == []


def test_two_decks_drawing_each_other_are_each_reported(tmp_path: Path) -> None:
    reaction = REACTION.replace("[{cancel-wound: {}}, {reshuffle: {}}]", "[{cancel-wound: {}}, {draw: {deck: Loot}}]")
    reaction = reaction.replace("        then: [{wound: {who: you, amount: 1}}]\n",
                                "        then: [{wound: {who: you, amount: 1}}]\n      - draw: {deck: Loot}\n")
    loot = ("  - name: Nothing\n    effects: [{draw: {deck: Reaction}}]\n"
            "  - name: Cross\n    effects: [{draw: {deck: Reaction}}]\n")
    decks = DECKS.replace(REACTION, reaction).replace(LOOT, loot)
    assert _draw_loops(tmp_path, decks=decks) == [
        ("CF836", "decks.yaml", 8, 36, "every card of deck 'Reaction' draws again, from deck 'Loot', whose every card "
                                       "draws again, back to it, and the deck is reshuffled when it runs out: a chain of "
                                       "draws never ends by itself (the engine stops it at the first card it would draw "
                                       "twice)"),
        ("CF836", "decks.yaml", 21, 16, "every card of deck 'Loot' draws again, from deck 'Reaction', whose every card "
                                        "draws again, back to it, and the deck is reshuffled when it runs out: a chain "
                                        "of draws never ends by itself (the engine stops it at the first card it would "
                                        "draw twice)"),
    ]


def test_a_deck_that_only_draws_into_a_loop_elsewhere_is_not_reported(tmp_path: Path) -> None:
    reaction = REACTION.replace("[{cancel-wound: {}}, {reshuffle: {}}]", "[{cancel-wound: {}}, {draw: {deck: Loot}}]")
    reaction = reaction.replace("        then: [{wound: {who: you, amount: 1}}]\n",
                                "        then: [{wound: {who: you, amount: 1}}]\n      - draw: {deck: Loot}\n")
    assert _draw_loops(tmp_path, decks=DECKS.replace(REACTION, reaction).replace(LOOT, SELF_LOOT)) == [
        ("CF836", "decks.yaml", 21, 16, SELF_MESSAGE)]


@pytest.mark.parametrize(("when_empty", "extra", "expected"), [
    ("reshuffle", "", "is reshuffled when it runs out"),
    ("nothing", "      - reshuffle: {}\n", "is reshuffled by its cards"),
    ("nothing", "", None),     # the chain ends when the draw pile does
])
def test_a_threat_deck_whose_every_threat_draws_another(when_empty: str, extra: str, expected: str | None,
                                                        tmp_path: Path) -> None:
    assert THREATS.count(GUARDS) == 1 and "when_empty: nothing" in THREATS
    threats = THREATS.replace(GUARDS, "      - draw: {count: 2}\n" + extra).replace(
        "when_empty: nothing", f"when_empty: {when_empty}")
    found = _draw_loops(tmp_path, threats=threats)
    if expected is None:
        assert found == []
        return
    assert found == [("CF836", "threats.yaml", 7, 9, "every card of Threat deck 'Cardinal Richelieu' (threat portion) "
                                                     f"draws another card of it and the deck {expected}: a chain of "
                                                     "draws never ends by itself (the engine stops it at the first card "
                                                     "it would draw twice, after at most 1 cards)")]


def test_a_threat_that_draws_reactions_follows_the_portion(tmp_path: Path) -> None:
    """A threat that draws with `portion: reaction` continues the chain only if the
    reactions draw again: here they do not (Doom), so the chain ends."""
    threats = THREATS.replace(GUARDS, "      - draw: {portion: reaction}\n").replace("when_empty: nothing",
                                                                                   "when_empty: reshuffle")
    assert _draw_loops(tmp_path, threats=threats) == []
    looping = threats.replace("      - push: {who: you, squares: 1, away_from: this}\n",
                              "      - draw: {}\n")
    # reported at the reaction portion's own draw, not at the threat that feeds it
    assert [f[2:4] for f in _draw_loops(tmp_path, threats=looping)] == [(10, 9)]


# -- CF837: a draw into a Threat deck says which portion resolves --------------------


def _codes(tmp_path: Path, code: str, **replace: str) -> list[tuple]:
    result = compile_paths([str(decks_pack(tmp_path, **replace))])
    return [(d.code, Path(d.file).name, d.line, d.column, d.message, d.hint) for d in result.diagnostics
            if d.code == code]


CF837_MESSAGE = ("card 'Cross' of deck 'Loot' draws from Threat deck 'Cardinal Richelieu' without saying which portion "
                 "of the drawn card resolves (a Threat card has a threat and a reaction portion; this card has neither)")
CF837_HINT = "write `draw: {deck: Cardinal Richelieu, portion: threat}` or `portion: reaction`"


@pytest.mark.parametrize("effects", [
    "    effects: [{draw: {deck: Cardinal Richelieu}}]\n",
    "    effects:\n      - if: adjacent\n        then: [{draw: {deck: Cardinal Richelieu}}]\n",
])
def test_a_loot_card_drawing_a_threat_card_must_name_the_portion(effects: str, tmp_path: Path) -> None:
    assert DECKS.count(LOOT) == 1
    loot = LOOT.replace("    effects: [{gain: {destiny: 1}}]\n", effects)
    (found,) = _codes(tmp_path, "CF837", decks=DECKS.replace(LOOT, loot))
    assert found[0:2] == ("CF837", "decks.yaml") and found[4:] == (CF837_MESSAGE, CF837_HINT)
    line = (DECKS.split(LOOT)[0] + loot).splitlines().index(next(x for x in loot.splitlines() if "draw" in x)) + 1
    assert found[2] == line
    named = loot.replace("{deck: Cardinal Richelieu}", "{deck: Cardinal Richelieu, portion: reaction}")
    assert _codes(tmp_path, "CF837", decks=DECKS.replace(LOOT, named)) == []


def test_a_threat_card_draws_either_way_without_a_portion(tmp_path: Path) -> None:
    """A Threat card's own portion is passed on to the Threat card it draws, and a plain
    deck's card resolves its effects: neither needs a ``portion``."""
    threats = THREATS.replace(GUARDS, "      - draw: {}\n      - draw: {deck: Reaction}\n")
    assert _codes(tmp_path, "CF837", threats=threats) == []


def test_a_threat_drawing_reactions_that_draw_threats_back_is_a_loop(tmp_path: Path) -> None:
    """A Threat card's draw from the Reaction deck (no ``portion``) resolves the
    Reaction cards' effects (``draw_chain.drawn_portion``), which draw threats back:
    a loop (it was followed into the Reaction cards' nonexistent threat portion and
    missed)."""
    threats = THREATS.replace(GUARDS, "      - draw: {deck: Reaction}\n").replace("when_empty: nothing",
                                                                                "when_empty: reshuffle")
    reaction = ("  - name: Duck!\n    count: 2\n    effects: [{draw: {deck: Cardinal Richelieu, portion: threat}}]\n"
                "  - name: Counterattack\n    effects: [{draw: {deck: Cardinal Richelieu, portion: threat}}]\n")
    assert DECKS.count(REACTION) == 1
    found = _draw_loops(tmp_path, threats=threats, decks=DECKS.replace(REACTION, reaction))
    assert [(f[1], f[4].split(",")[0]) for f in found] == [
        ("decks.yaml", "every card of deck 'Reaction' draws again"),
        ("threats.yaml", "every card of Threat deck 'Cardinal Richelieu' (threat portion) draws again")]
