"""CF903 (card never drawn in play) says why: its witness reaches a card that leads to
the card never drawn in the story graph, and the message names the place on that card
where the way on is closed in every line of play (an option never offered, an `if`
whose branch never runs, a step never played, an option whose steps always end the
card first) with the condition that closes it (explore/findings.py, ``_never_led_on``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from _explore_helpers import compile_story, explore

END = """\
  - id: {n}
    title: End {n}
    steps:
      - victory: Done.
"""


def _never_drawn(tmp_path: Path, cards: str, ends: tuple[int, ...]) -> list[tuple[int, str, list | None]]:
    """``(card, message, witness answers)`` of each CF903 finding of the story."""
    data = compile_story(tmp_path / "pack", cards + "".join(END.format(n=n) for n in ends))
    exploration = explore(data)
    assert exploration.proven
    return [(f.card, f.message, list(f.witness.answers) if f.witness else None)
            for f in exploration.findings if f.kind == "never-drawn"]


CASES = {
    "if-then": ("""\
  - id: 1
    title: The Fair
    steps:
      - gain: {coins: 3}
      - if: coins >= 5
        then:
          - goto: 3
      - goto: 2
""", (2, 3), "the `if` `coins >= 5` is false in every state reached, so its `then` steps never run"),
    "if-else": ("""\
  - id: 1
    title: The Fair
    steps:
      - gain: {coins: 3}
      - if: coins >= 1
        then:
          - goto: 2
        else:
          - goto: 3
""", (2, 3), "the `if` `coins >= 1` is true in every state reached, so its `else` steps never run"),
    "challenge-pass": ("""\
  - id: 1
    title: The Wall
    steps:
      - challenge:
          stat: Movement
          successes: 7
          pass:
            - goto: 3
          fail:
            - goto: 2
""", (2, 3), "the challenge never passes in play, so its `pass` steps never run"),
    "step-after": ("""\
  - id: 1
    title: The Fair
    steps:
      - gain: {coins: 6}
      - if: coins >= 5
        then:
          - goto: 2
      - goto: 3
""", (2, 3), "the `goto` step on the way is never played: the `if` step before it ends the card every time"),
    "option-steps": ("""\
  - id: 1
    title: The Fair
    steps:
      - gain: {coins: 6}
      - choice:
          - text: Buy the horse
            steps:
              - if: coins >= 5
                then:
                  - defeat: The horse throws you.
            goto: 3
          - text: Walk
            goto: 2
""", (2, 3), "the option 'Buy the horse' to card 3 is offered, but its steps end the card every time before its "
             "`goto`"),
    "option-inside-if": ("""\
  - id: 1
    title: The Fair
    steps:
      - gain: {coins: 3}
      - if: coins >= 1
        then:
          - choice:
              - text: Buy the horse
                if: coins >= 5
                goto: 3
              - text: Walk
                goto: 2
      - goto: 2
""", (2, 3), "the option 'Buy the horse' to card 3 is never offered: its condition `coins >= 5` is false in every "
             "state reached"),
}


@pytest.mark.parametrize("name", CASES)
def test_the_message_says_where_the_way_on_is_closed(tmp_path: Path, name: str) -> None:
    cards, ends, why = CASES[name]
    assert _never_drawn(tmp_path, cards, ends) == [
        (3, f"card 3 is never drawn in play: the witness reaches card 1, where {why}", [])]


def test_every_way_on_the_card_and_every_other_card_drawn_are_named(tmp_path: Path) -> None:
    cards = """\
  - id: 1
    title: The Crossroads
    steps:
      - choice:
          - text: North
            goto: 2
          - text: South
            goto: 4
  - id: 2
    title: The Bridge
    steps:
      - choice:
          - text: Pay the toll
            if: coins >= 2
            goto: 5
          - text: Show the pass
            if: has("Pass")
            goto: 5
          - text: Turn back
            goto: 3
  - id: 4
    title: The Ford
    steps:
      - choice:
          - text: Wade across
            if: has("Rope")
            goto: 5
          - text: Give up
            goto: 3
"""
    assert _never_drawn(tmp_path, cards, (3, 5)) == [(5, (
        "card 5 is never drawn in play: the witness reaches card 2, where the option 'Pay the toll' to card 5 is never "
        "offered: its condition `coins >= 2` is false in every state reached; and the option 'Show the pass' to card "
        "5 is never offered: its condition `has(\"Pass\")` is false in every state reached (the story graph leads to "
        "it from card 4 too, drawn as well, and no state there leads on to it either)"), [{}, {"option": 0}, {}])]


def test_a_card_leading_in_that_is_never_drawn_itself_is_named_too(tmp_path: Path) -> None:
    # was (breaker, 2026-12-01): card 4 reached from cards 1 and 6; card 6, never drawn, went unnamed
    cards = """\
  - id: 1
    title: The Gate
    steps:
      - choice:
          - text: Climb
            if: has("Rope")
            goto: 4
          - text: Knock
            if: has("Key")
            goto: 6
          - text: Leave
            goto: 3
  - id: 6
    title: The Porter's Lodge
    steps:
      - goto: 4
"""
    found = _never_drawn(tmp_path, cards, (3, 4))
    assert [(card, message) for card, message, _ in found] == [
        (6, "card 6 is never drawn in play: the witness reaches card 1, where the option 'Knock' to card 6 is never "
            "offered: its condition `has(\"Key\")` is false in every state reached"),
        (4, "card 4 is never drawn in play: the witness reaches card 1, where the option 'Climb' to card 4 is never "
            "offered: its condition `has(\"Rope\")` is false in every state reached (and from card 6, never drawn "
            "itself)")]
