"""Stage 2, validate, for the Enemy and deck documents: what pydantic's errors on an
effect list mean to an author (an effect is a one-key mapping whose key names one of
the format's effect kinds, ``format.EFFECTS``; Gascony's Legacy, Enemy Reaction
cards, Threat cards), and what a malformed Attack Pattern grid is (``CF825``, the
code of every grid fault, beside the checks' CF823/CF824; Gascony's Legacy, Equipment
cards: the Attack Pattern)."""

from __future__ import annotations

from typing import Any

from cardforge_runtime.format import EFFECTS

from cardforge_compiler.diagnostics import Diagnostic, did_you_mean

__all__ = ["DECK_EFFECT_LISTS", "deck_effect_diagnostic", "pattern_diagnostic"]

#: The fields that hold an effect list in the Enemy, deck and pack models (besides an
#: ``if`` effect's ``then``/``else``, which are story-step list names too): after an
#: index into one, pydantic's error location holds the effect kind as a tag.
DECK_EFFECT_LISTS = frozenset({"effects", "use", "threat", "reaction", "on_hit", "if_held"})


def deck_effect_diagnostic(value: Any, where: dict, got: str) -> Diagnostic:
    """CF105 for an effect whose first key names no effect kind (a mapping), CF104 for
    an effect that is not a mapping (``got``: the value as the author wrote it).
    ``where`` locates the diagnostic (file, doc, path)."""
    kinds = tuple(EFFECTS)
    if isinstance(value, dict):
        first = next(iter(value), None)
        if first is None:
            return Diagnostic("CF105", "empty effect: an effect is a mapping whose key names its kind",
                              anchor="value", hint="effect kinds: " + ", ".join(kinds), **where)
        hint = did_you_mean(str(first), kinds) or "effect kinds: " + ", ".join(kinds)
        return Diagnostic("CF105", f"unknown effect kind '{first}'", anchor="key",
                          **{**where, "path": (*where["path"], first)}, hint=hint)
    word = got.strip("'").rstrip(":")
    hint = (f"write `- {word}: {{}}` (an effect is a mapping)" if word in EFFECTS
            else "an effect is a mapping such as `- push: {who: you, squares: 1}`")
    return Diagnostic("CF104", f"expected an effect (a mapping such as `push: {{squares: 1}}`), got {got}",
                      anchor="value", hint=hint, **where)


def pattern_diagnostic(err: dict, where: dict) -> Diagnostic:
    """CF825 for an Attack Pattern grid that ``model.patterns.check_pattern`` refused
    (``err``: pydantic's error of type ``pattern``, its context giving the 1-based row
    ``r`` and column ``c`` when the fault lies in one square), located at that row
    (and column) of the grid, else at the ``pattern`` field."""
    ctx = err.get("ctx") or {}
    row, column = ctx.get("r"), ctx.get("c")
    if isinstance(row, int):
        where = {**where, "path": (*where["path"], row - 1),
                 "offset": column - 1 if isinstance(column, int) else None}
    message = err["msg"] if err["msg"].startswith("an Attack Pattern") else f"Attack Pattern: {err['msg']}"
    return Diagnostic("CF825", message, anchor="value",
                      hint=ctx.get("hint", "docs/format.md, Attack Pattern grid"), **where)
