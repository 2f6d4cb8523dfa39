"""The hints a diagnostic gives: "did you mean X?" for a misspelled name, the choices
there are, a list kept short, the card ids near a missing one. Re-exported by
``diagnostics`` (the checks import them from there). Standard library only.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

__all__ = ["LIST_LIMIT", "card_hint", "choices_hint", "closest", "did_you_mean", "listed", "near_cards"]


def closest(word: object, choices: Iterable[object], *, cutoff: float | None = None) -> object | None:
    """The choice a misspelled ``word`` most likely meant, or ``None``.

    A choice equal to ``word`` but for case wins (``hallway a`` -> ``'Hallway A'``;
    the first such choice given); otherwise the closest choice by
    :func:`difflib.get_close_matches`, compared case-folded (``HALWAY B`` ->
    ``'Hallway B'``), at least ``cutoff`` alike (0 to 1; default 0.6, 0.75 for a
    number). ``choices`` may hold numbers (card ids): they are compared as text.
    """
    folded: dict[str, object] = {}
    for choice in choices:
        folded.setdefault(str(choice).casefold(), choice)
    key = str(word).casefold()
    if key in folded:
        return folded[key]
    if cutoff is None:
        cutoff = 0.75 if str(word).isdigit() else 0.6
    best = difflib.get_close_matches(key, list(folded), n=1, cutoff=cutoff)
    return folded[best[0]] if best else None


def did_you_mean(word: object, choices: Iterable[object], *, prefix: str = "did you mean ",
                 cutoff: float | None = None) -> str | None:
    """A "did you mean X?" hint for a misspelled ``word``: the choice :func:`closest`
    finds (``cutoff`` as there), or ``None``."""
    match = closest(word, choices, cutoff=cutoff)
    if match is None:
        return None
    shown = f"'{match}'" if isinstance(match, str) else str(match)
    return f"{prefix}{shown}?"


def choices_hint(name: object, choices: Iterable[object], what: str, add: str) -> str:
    """The hint for an unknown ``name``: "did you mean X?" when a choice is close,
    else "the pack's ``what`` are a, b, c" when there are choices, else ``add`` (how
    to define one)."""
    choices = list(choices)
    near = did_you_mean(name, choices)
    if near:
        return near
    if choices:
        return f"the pack's {what} are {listed(choices)}"
    return add


#: How many items a hint lists before it says "and N more".
LIST_LIMIT = 8


def listed(items: Iterable[object], limit: int = LIST_LIMIT) -> str:
    """``a, b, c and 5 more``: at most ``limit`` items, in the order given."""
    items = [str(i) for i in items]
    shown = ", ".join(items[:limit])
    return shown + (f" and {len(items) - limit} more" if len(items) > limit else "")


def near_cards(target: int, ids: Iterable[int], limit: int = 3) -> list[int]:
    """Card ids an author likely meant when writing ``target``: two neighbouring
    digits swapped (``21`` for ``12``), off by one, one digit wrong, missing or
    doubled (for numbers of two digits or more); best first, at most ``limit``."""
    pool = set(ids)
    text = str(target)
    tiers: list[list[str]] = [
        [text[:i] + text[i + 1] + text[i] + text[i + 2:] for i in range(len(text) - 1)],
        [str(target - 1), str(target + 1)],
        [text[:i] + d + text[i + 1:] for i in range(len(text)) for d in "0123456789"]
        + [text[:i] + text[i + 1:] for i in range(len(text))]
        + [text[:i] + d + text[i:] for i in range(len(text) + 1) for d in "0123456789"] if len(text) > 1 else [],
    ]
    found: list[int] = []
    for tier in tiers:
        for candidate in sorted(set(tier), key=lambda c: (abs(int(c or 0) - target), c)):
            if candidate and candidate[0] != "0" and int(candidate) in pool and int(candidate) not in found \
                    and int(candidate) != target:
                found.append(int(candidate))
    return found[:limit]


def card_hint(target: int, ids: Iterable[int], whose: str = "this story") -> str:
    """The hint for a reference to a card that does not exist: the near misses
    ("did you mean 12 or 21?"), else the cards numbered closest to it, never a
    list of every card."""
    ids = sorted(set(ids))
    near = near_cards(target, ids)
    if near:
        alternatives = ", ".join(map(str, near[:-1])) + (" or " if len(near) > 1 else "") + str(near[-1])
        return f"did you mean {alternatives}?"
    if len(ids) <= LIST_LIMIT:
        return f"{whose}'s cards are {listed(ids)}"
    closest = sorted(sorted(ids, key=lambda i: (abs(i - target), i))[:LIST_LIMIT])
    return f"the cards of {whose} numbered closest to {target} are {listed(closest)} ({len(ids)} cards in all)"
