"""The registry of checks: one module per family, each check registered with the
codes it reports and the stage it runs in.

- ``pack`` checks take a :class:`~cardforge_compiler.resolve.PackIR` (the manifest;
  the names its Enemy and deck documents, manifest and layouts use: ``enemy_refs``,
  ``deck_refs``, ``effect_refs``);
- ``resolve`` checks take a :class:`~cardforge_compiler.resolve.StoryIR` and run
  before any graph exists (references, conditions);
- ``analyse`` checks take a :class:`~cardforge_compiler.analyse.StoryAnalysis`
  (flow of each card and the story graph);
- ``translations`` checks take a
  :class:`~cardforge_compiler.checks.translations.TranslationJob` (one translation
  file of a pack) and run only for packs that have a ``translations/`` folder, once
  the content has no errors (docs/strings.md);
- ``board`` checks take a :class:`~cardforge_compiler.resolve.PackIR` and run once
  per pack, after the ``pack`` checks: its components, terrain keywords, terrain
  tiles and battle layouts (``pack.board_docs``, ``pack.layouts``...), and its
  Enemies and decks (``pack.deck_docs``, ``pack.linked``...).

A check is a generator of diagnostics; it never raises for bad content.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from cardforge_compiler.diagnostics import RULES, Diagnostic

__all__ = ["CHECKS", "Check", "check", "checks_for"]


@dataclass(frozen=True)
class Check:
    """A registered check: its ``name``, ``stage`` (``pack``, ``resolve``, ``analyse`` or ``board``), the
    ``codes`` it may report and the function that runs it."""

    name: str
    stage: str
    codes: tuple[str, ...]
    run: Callable[[Any], Iterable[Diagnostic]]


CHECKS: list[Check] = []


def check(stage: str, *codes: str) -> Callable[[Callable[[Any], Iterable[Diagnostic]]], Callable[[Any], Iterable[Diagnostic]]]:
    """Register the decorated function as a check of ``stage`` reporting ``codes``."""
    for code in codes:
        if code not in RULES:
            raise ValueError(f"check reports unregistered code {code}")

    def register(fn: Callable[[Any], Iterable[Diagnostic]]) -> Callable[[Any], Iterable[Diagnostic]]:
        CHECKS.append(Check(f"{fn.__module__.rsplit('.', 1)[-1]}.{fn.__name__}", stage, codes, fn))
        return fn

    return register


def checks_for(stage: str) -> list[Check]:
    """The registered checks of one stage, in registration order (import order of
    the family modules below, then definition order)."""
    return [c for c in CHECKS if c.stage == stage]


# Import the families so that they register (order = run order).
from cardforge_compiler.checks import pack, references, conditions, party, text, flow, graph, state  # noqa: E402,F401
from cardforge_compiler.checks import board_refs  # noqa: E402,F401
from cardforge_compiler.checks import enemy_refs, deck_refs, effect_refs, effect_places, abilities, pack_conditions  # noqa: E402,F401
from cardforge_compiler.checks import board, inventory, placement, deployment, reachability  # noqa: E402,F401
from cardforge_compiler.checks import objectives  # noqa: E402,F401
from cardforge_compiler.checks import terrain_actions  # noqa: E402,F401
from cardforge_compiler.checks import decks, deck_draws, enemies, difficulty  # noqa: E402,F401
from cardforge_compiler.checks import campaign  # noqa: E402,F401
from cardforge_compiler.checks import states  # noqa: E402,F401
from cardforge_compiler.checks import translations  # noqa: E402,F401
