"""CF601: a card's text states coins, Wounds or Destiny that no step of the card
gives or takes (issue 7, item 28). The golden case is
tests/golden/text-disagrees-with-steps; these test the reading of the text and the
shipped content."""

from __future__ import annotations

import shutil

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardforge_compiler.checks.text import _STATED, _UNITS, _WORDS, stated_amounts
from cardforge_compiler.pipeline import compile_paths
from _helpers import CONTENT, STORY_HEAD, write_pack


@pytest.mark.parametrize(("text", "expected"), [
    ("Pay for his care (2 coins)", [("coins", 2, "2 coins")]),
    ("a purse of twelve Coins and 1 coin more", [("coins", 12, "twelve Coins"), ("coins", 1, "1 coin")]),
    ("Suffer 2 Wounds, then recover one Destiny", [("health", 2, "2 Wounds"), ("destiny", 1, "one Destiny")]),
    ("Heal a wound; 3 musketeers; coin is coin; someone wounded", []),
    ("Four\ncoins", [("coins", 4, "Four\ncoins")]),
    ("2 deſtiny, ſix coins, fıve COİNS, 3 COINS", [("coins", 3, "3 COINS")]),
])
def test_stated_amounts(text, expected):
    assert list(stated_amounts(text)) == expected


_PIECES = st.sampled_from(["2 ", "one ", "Twelve\n", "coin", "COINS", "s", "Wound", "destiny", "deſtiny",
                           "coın", "COİN", "x", ". "])


@given(st.lists(_PIECES, max_size=12).map("".join))
def test_stated_amounts_skips_only_texts_the_pattern_cannot_match(text):
    """The quick test for texts that name no unit never hides a match of the pattern, and
    look-alike letters ('ſ', 'ı', 'İ') are not the units' letters (they raised KeyError)."""
    plain = [(_UNITS[m["unit"].lower()], _WORDS.get(m["number"].lower()) or int(m["number"]), m.group(0))
             for m in _STATED.finditer(text)]
    assert list(stated_amounts(text)) == plain


STORY = STORY_HEAD + """\
  - id: 1
    title: The Inn
    text: The innkeeper wants 3 coins.
    steps:
      - choice:
          - text: Pay him
            if: coins >= {condition}
            steps:
              - lose: {{coins: {lose}}}
            goto: 2
          - text: Sleep in the stable
            goto: 2
  - id: 2
    title: Paris
    steps:
      - roll: {{stat: Movement, per_success: {{gain: {{destiny: 1}}}}}}
      - victory: You reach Paris with 1 Destiny more per success.
"""


@pytest.mark.parametrize(("condition", "lose", "codes"), [
    (3, 3, []),          # the step takes 3
    (3, 2, ["CF601"]),   # a condition gives and takes nothing: the text's price is not what is taken
    (2, 2, ["CF601"]),
])
def test_amounts_on_the_card_count(tmp_path, condition, lose, codes):
    folder = write_pack(tmp_path / "pack", STORY.format(condition=condition, lose=lose))
    result = compile_paths([str(folder)])
    assert [d.code for d in result.diagnostics] == codes


def test_shipped_content_is_clean_and_a_planted_disagreement_is_found(tmp_path):
    assert compile_paths([str(CONTENT)]).diagnostics == []
    copy = tmp_path / "content"
    shutil.copytree(CONTENT, copy)
    act2 = copy / "act2.yaml"
    text = act2.read_text(encoding="utf-8")
    planted = text.replace("Pay the bill a second time (4 coins)", "Pay the bill a second time (5 coins)")
    assert planted != text
    act2.write_text(planted, encoding="utf-8")
    found = [(d.code, d.message) for d in compile_paths([str(copy)]).diagnostics]
    assert found == [("CF601", "the text says '5 coins', but no step of card 26 gives or takes 5 coins")]
