"""Stage 2, validate, for the board documents: what pydantic's errors on terrain
actions and layouts mean to an author. A terrain action's ``success``/``failure``
effects are tagged ``board`` (a board effect) or by a step kind; squares, sizes and
grids are pairs (Gascony's Legacy, Terrain Tiles; Battle Cards - Setup; issue 8's
coordinates: ``[column, row]``, 1-based)."""

from __future__ import annotations

from typing import Any

from cardforge_runtime.format import ACTION_STEP_KINDS

from cardforge_compiler.diagnostics import Diagnostic, did_you_mean
from cardforge_compiler.model import STEP_MODELS

__all__ = ["EFFECT_LISTS", "TAG_HINTS", "TAG_NOUNS", "effect_diagnostic", "pair_at"]

#: What the value of a discriminating key names, for messages (``board: wound``).
TAG_NOUNS = {"board": "board effect"}
TAG_HINTS = {"board": "a board effect starts with `board:` naming it, such as `- board: remove-tile`"}

#: The lists of a terrain action's effects (``model.terrain.Effect``: tagged ``board``
#: or with the step kind).
EFFECT_LISTS = frozenset({"success", "failure"})


def pair_at(path: list[str | int]) -> str | None:
    """``[column, row]`` where the path holds a square, ``[columns, rows]`` where it
    holds a size or grid; ``None`` elsewhere (board documents)."""
    last = path[-1] if path else None
    if last in ("size", "grid"):
        return "[columns, rows]"
    if last == "at" or (isinstance(last, int) and len(path) > 1 and path[-2] in ("start", "squares")):
        return "[column, row]"
    return None


def effect_diagnostic(value: Any, where: dict, got: str) -> Diagnostic:
    """CF105 for a terrain action's effect that is neither a board effect nor a step of
    ``ACTION_STEP_KINDS`` (a mapping) or CF104 (not a mapping; ``got`` is the value as the
    author wrote it). ``where`` locates the diagnostic (file, doc, path)."""
    kinds = ("board", *ACTION_STEP_KINDS)
    if isinstance(value, dict):
        first = next(iter(value), None)
        hint = (did_you_mean(first, kinds) if first else None) or (
            "an effect starts with `board:` naming a board effect (`- board: remove-tile`), or is a step of: "
            + ", ".join(ACTION_STEP_KINDS) + " (`- lose: {health: 1, who: one}`)")
        if first in STEP_MODELS:
            message = f"a terrain action cannot use a '{first}' step (only {', '.join(ACTION_STEP_KINDS)})"
        else:
            message = "an effect is a board effect (`board: ...`) or a step of: " + ", ".join(ACTION_STEP_KINDS)
        return Diagnostic("CF105", message, anchor="mapping", hint=hint, **where)
    return Diagnostic("CF104", f"expected a mapping, got {got}", anchor="value",
                      hint="a board effect is a mapping: write `- board: remove-tile`", **where)
