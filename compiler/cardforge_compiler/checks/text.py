"""Card text against card steps (resolve stage).

A printed card says what happens ("pay for his care (2 coins)", "suffer 2 Wounds",
"recover 1 Destiny"); its steps do it. When the text states a number of coins,
Wounds or Destiny that no step of the same card gives or takes, one of them is
wrong, and players reading the card aloud are misled (Gascony's Legacy, Story
Cards: the card's text is read, then its effect is resolved).

What counts, on one card (nested steps included):

- stated: a whole number, in digits or as a word from one to twelve, directly
  followed by ``coin(s)``, ``Wound(s)`` or ``Destiny`` (any case), in the card's
  ``text``, its text steps, its choice options' text and its ``victory``/``defeat``
  text;
- given or taken: ``gain``/``lose`` (and a ``roll``'s ``per_success``) ``coins``,
  ``health`` (Wounds suffered or healed) and ``destiny``; for coins also the
  ``cost`` of a purchase offer. A condition (``if: coins >= 2``) gives and takes
  nothing: a text that names the price must match the step that takes it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from cardforge_compiler.checks import check
from cardforge_compiler.diagnostics import Diagnostic
from cardforge_compiler.resolve import StoryIR

__all__ = ["stated_amounts", "text_matches_steps"]

_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
          "ten": 10, "eleven": 11, "twelve": 12}
#: Number words and units in any ASCII case (``(?ai:...)``): IGNORECASE alone would also
#: take 'ſ' for 's' and 'ı' for 'i' ("2 deſtiny"), which no table below names.
_STATED = re.compile(r"\b(?P<number>[0-9]+|(?ai:" + "|".join(_WORDS) + r"))\s+(?P<unit>(?ai:coins?|wounds?|destiny))\b")
#: The resource of each unit as the text names it, and how a message names it.
_UNITS = {"coin": "coins", "coins": "coins", "wound": "health", "wounds": "health", "destiny": "destiny"}
_SHOWN = {"coins": "coins", "health": "Wounds", "destiny": "Destiny"}


def stated_amounts(text: str) -> Iterator[tuple[str, int, str]]:
    """Each ``(resource, number, phrase)`` a text states: ``("coins", 4, "4 coins")``;
    resource is ``coins``, ``health`` (Wounds) or ``destiny``."""
    # Most texts name no unit at all: three substring tests of the lowered text cost far
    # less than the regex scan (10k-card bench pack: 0.14 s -> 0.02 s), and lowering
    # keeps every ASCII letter that a match needs.
    lowered = text.lower()
    if "coin" not in lowered and "wound" not in lowered and "destiny" not in lowered:
        return
    for match in _STATED.finditer(text):
        word = match["number"].lower()
        number = _WORDS[word] if word in _WORDS else int(word)
        yield _UNITS[match["unit"].lower()], number, match.group(0)


def _texts(card, refs) -> Iterator[tuple[str, tuple]]:  # noqa: ANN001
    """The card's author text with the data path of each."""
    if card.model.text:
        yield card.model.text, (*card.path, "text")
    for ref in refs:
        if ref.kind == "text":
            yield ref.step.text, (*ref.path, "text")
        elif ref.kind in ("victory", "defeat"):
            yield getattr(ref.step, ref.kind), (*ref.path, ref.kind)
        elif ref.kind == "choice":
            for j, option in enumerate(ref.step.choice):
                yield option.text, (*ref.path, "choice", j, "text")


def _moved(refs) -> dict[str, set[int]]:  # noqa: ANN001
    """The amounts of each resource the card's steps give or take."""
    moved: dict[str, set[int]] = {"coins": set(), "health": set(), "destiny": set()}
    for ref in refs:
        effects: list[Any] = []
        if ref.kind in ("gain", "lose"):
            effects.append(getattr(ref.step, ref.kind))
        elif ref.kind == "roll":
            effects.extend(e for e in (ref.step.roll.per_success.gain, ref.step.roll.per_success.lose) if e)
        elif ref.kind == "purchase":
            moved["coins"].update(offer.cost for offer in ref.step.purchase.offers or [])
        for effect in effects:
            for resource in moved:
                if getattr(effect, resource) is not None:
                    moved[resource].add(getattr(effect, resource))
    return moved


@check("resolve", "CF601")
def text_matches_steps(story: StoryIR) -> Iterator[Diagnostic]:
    """Every number of coins, Wounds or Destiny a card's text states is given or
    taken by a step of that card."""
    by_card: dict[int, list] = {}
    for card, ref in story.step_refs:
        by_card.setdefault(id(card), []).append(ref)
    for card in story.cards.values():
        refs = by_card.get(id(card), [])
        moved = None
        for text, path in _texts(card, refs):
            for resource, number, phrase in stated_amounts(text):
                moved = moved if moved is not None else _moved(refs)
                if number in moved[resource]:
                    continue
                shown = _SHOWN[resource]
                amounts = sorted(moved[resource])
                hint = (f"the steps of card {card.id} give or take {shown}: {', '.join(map(str, amounts))}; make the "
                        f"text and the steps agree" if amounts else
                        f"no step of card {card.id} gives or takes {shown}: add the `gain`/`lose` step, "
                        f"or reword the text")
                yield Diagnostic("CF601", f"the text says '{phrase}', but no step of card {card.id} gives or takes "
                                          f"{_amount(number, resource)}", **story.where(path), hint=hint)


def _amount(number: int, resource: str) -> str:
    """``2 coins``, ``1 coin``, ``1 Wound``, ``3 Destiny``."""
    shown = _SHOWN[resource]
    return f"{number} {shown[:-1] if number == 1 and shown.endswith('s') else shown}"
