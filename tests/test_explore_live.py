"""What is live at each card (``explore/live.py``), exactly, on small crafted stories
(docs of ``liveness``): a flag read only before a card is dead after it, coins are
live while a purchase is still to come, status tokens while a challenge or roll is,
items while ``has()`` or a loss of them is; the Wounds bound is the sum along the
worst path, and no bound (``None``) once a card that wounds lies on a loop."""

from __future__ import annotations

import pytest

from _explore_helpers import compile_story
from cardforge_compiler.explore.live import Live, liveness

TOKENS = frozenset({"Despair", "Doom"})
NONE: frozenset[str] = frozenset()

MARKET = """\
  - id: 1
    title: The Gate
    steps:
      - choice:
          - text: Talk to the guard
            steps: [{set: {met: true}}]
            goto: 2
          - text: Walk past
            goto: 2
  - id: 2
    title: The Yard
    steps:
      - if: met
        then: [{gain: {coins: 2}}]
      - goto: 3
  - id: 3
    title: The Market
    steps:
      - purchase: {offers: [{item: Rope, cost: 2}]}
      - goto: 4
  - id: 4
    title: The Wall
    steps:
      - challenge: {stat: Movement, successes: 2, pass: [{goto: 5}], fail: [{goto: 5}]}
  - id: 5
    title: The Roof
    steps:
      - if: has("Rope") and status("Doom")
        then: [{victory: You climb down.}]
        else: [{defeat: You are caught.}]
"""


def live_of(tmp_path, cards: str, **story) -> dict:
    data = compile_story(tmp_path / "pack", cards, **story)
    pack = data["packs"][0]
    return liveness(pack, pack["stories"][0])


def test_flags_coins_items_and_tokens_live_exactly_where_a_later_card_reads_them(tmp_path):
    live = live_of(tmp_path, MARKET, flags="[met]")
    rope, doom = frozenset({"Rope"}), frozenset({"Doom"})
    assert live == {
        1: Live(frozenset({"met"}), True, rope, TOKENS, 0),
        2: Live(frozenset({"met"}), True, rope, TOKENS, 0),      # card 2 reads `met` itself
        3: Live(NONE, True, rope, TOKENS, 0),                    # `met` is read only before card 3: dead
        4: Live(NONE, False, rope, TOKENS, 0),                   # no purchase after the market: coins dead
        5: Live(NONE, False, rope, doom, 0),                     # no roll after the wall: only `status("Doom")`
        None: Live(frozenset({"met"}), True, rope, TOKENS, 0),   # the start is the start card's
    }


WOUNDS = """\
  - id: 1
    title: The Ambush
    steps:
      - lose: {health: 1}
      - choice:
          - {text: Through the thorns, goto: 2}
          - {text: Along the river, goto: 3}
  - id: 2
    title: The Thorns
    steps:
      - lose: {health: 2}
      - lose: {health: 1, who: one}
      - goto: 4
  - id: 3
    title: The River
    steps:
      - lose: {health: 1}
      - goto: 4
  - id: 4
    title: The Bridge
    steps:
      - choice:
          - {text: Cross, goto: 5}
          - {text: Rest, goto: 6}
  - id: 5
    title: The Far Bank
    steps:
      - victory: Safe.
  - id: 6
    title: The Camp
    steps:
      - roll: {stat: Prowess, who: one, per_success: {lose: {health: 1}}}
      - goto: 5
"""


def test_the_wounds_bound_is_the_sum_along_the_worst_path(tmp_path):
    """Card 2 wounds 2 + 1, card 3 wounds 1; card 6's roll wounds at most 1 per Success
    of the most dice (6 dice, each a double: 12) of each Character (2 in the DUO
    pack): 24."""
    live = live_of(tmp_path, WOUNDS)
    assert {card: live[card].wounds for card in (1, 2, 3, 4, 5, 6, None)} == {
        6: 24, 5: 0, 4: 24, 3: 1 + 24, 2: 3 + 24, 1: 1 + 3 + 24, None: 1 + 3 + 24}


def test_a_loop_that_wounds_has_no_bound_and_a_loop_that_does_not_keeps_it(tmp_path):
    cards = """\
  - id: 1
    title: The Crossroads
    steps:
      - choice:
          - {text: The maze, goto: 2}
          - {text: The duel, goto: 4}
  - id: 2
    title: The Maze
    steps:
      - choice:
          - {text: Again, goto: 3}
          - {text: Out, goto: 4}
  - id: 3
    title: The Maze Again
    steps:
      - goto: 2
  - id: 4
    title: The Duel
    steps:
      - lose: {health: 2}
      - choice:
          - {text: Again, goto: 5}
          - {text: Yield, goto: 6}
  - id: 5
    title: The Second Bout
    steps:
      - lose: {health: 1}
      - goto: 4
  - id: 6
    title: The End
    steps:
      - defeat: You yield.
"""
    live = live_of(tmp_path, cards)
    assert {card: live[card].wounds for card in (1, 2, 3, 4, 5, 6)} == {
        1: None, 2: None, 3: None, 4: None, 5: None, 6: 0}
    # without the wounds in the duel loop, the maze loop keeps a bound
    live = live_of(tmp_path / "calm", cards.replace("lose: {health: 1}", "text: A bout.")
                   .replace("lose: {health: 2}", "lose: {coins: 0}"))
    assert {card: live[card].wounds for card in (1, 2, 3, 4, 5, 6)} == {1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0}


@pytest.mark.parametrize(("step", "expected"), [
    ("lose: {items: [Rope], who: one}", Live(NONE, False, frozenset({"Rope"}), NONE, 0)),
    ("roll: {stat: Prowess, who: one, per_success: {lose: {items: [Rope]}}}", Live(NONE, False, frozenset({"Rope"}), TOKENS, 0)),
    ("if: coins >= 2\n        then: [{text: Rich.}]", Live(NONE, True, NONE, NONE, 0)),
    ("if: status(\"Despair\")\n        then: [{text: Sad.}]", Live(NONE, False, NONE, frozenset({"Despair"}), 0)),
])
def test_what_each_kind_of_step_makes_live(tmp_path, step, expected):
    cards = f"""\
  - id: 1
    title: The Inn
    steps:
      - gain: {{items: [Rope]}}
      - goto: 2
  - id: 2
    title: The Test
    steps:
      - {step}
      - victory: Done.
"""
    live = live_of(tmp_path, cards)
    assert live[2] == expected
    assert live[1] == expected                            # card 1 reads nothing of its own
