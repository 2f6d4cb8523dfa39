"""Stage 2, validate, for the Enemy and deck documents: what pydantic's errors on an
effect list mean to an author (an effect is a one-key mapping whose key names one of
the format's effect kinds, ``format.EFFECTS``; Gascony's Legacy, Enemy Reaction
cards, Threat cards)."""

from __future__ import annotations

from typing import Any

from cardforge_runtime.format import EFFECTS

from cardforge_compiler.diagnostics import Diagnostic, did_you_mean

__all__ = ["deck_effect_diagnostic"]


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
