"""The Upkeep phase: the Battle step's ``upkeep`` effects, and whom their ``you`` names.

Gascony's Legacy, "4. Upkeep": "Apply any "End of Round" or Upkeep Phase effects.
These effects might be found on a Special Rules card, the Battle Card, Equipment, or
Enemies." A Battle card's effects are read by the whole party: no one drew the card and
no Enemy resolves it, so its ``you`` (written, or the default ``who`` of ``gain``,
``heal``, ``status``... ) is **each Character in play**, one after another: an Upkeep
effect that names ``you`` (``names_you``: its ``who`` or another subject parameter,
``at: behind-you``, an ``if`` whose predicate reads ``you`` or whose branches name it)
is played once per Character figure on the board, Fallen ones included, in Character
index order, with ``you`` that figure; any other effect is played once. ``this`` names
nothing in the Upkeep (no Enemy resolves the card): such an effect stops the engine as
on any card without a ``this`` (docs/rulings.md, "Whom an Upkeep effect names").

Dependencies: ``battle.effects``, ``effect_fields``.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from typing import Any

from cardforge_runtime.battle.effects import run
from cardforge_runtime.battle.resolution import Resolution
from cardforge_runtime.battle.scene import Scene
from cardforge_runtime.effect_fields import CHOICE_SUBJECTS, CHOICES, EFFECTS, PREDICATE_SUBJECTS, effect_defaults

__all__ = ["names_you", "upkeep"]

Play = Generator[dict[str, Any], dict[str, Any], None]


def names_you(effect: Mapping[str, Any]) -> bool:
    """Whether ``effect`` (a bundle effect, ``{"kind", ...params}``; parameters left
    out take their defaults) names ``you``: a parameter of kind ``subject`` or a choice
    (``effect_fields.CHOICE_SUBJECTS``) whose value is ``you`` / ``behind-you``, an
    ``if`` whose predicate reads ``you`` (``PREDICATE_SUBJECTS``) or whose ``then`` /
    ``else`` effects name it, or an ``if_held`` list that does."""
    kind = effect["kind"]
    if kind not in EFFECTS:
        return False
    params = {**effect_defaults(kind), **effect}
    for name, (value_kind, _required, _default) in EFFECTS[kind][1].items():
        value = params.get(name)
        if value_kind == "effects":
            if any(names_you(e) for e in value or ()):
                return True
        elif value_kind == "predicate":
            predicate = value.get("kind") if isinstance(value, Mapping) else value
            if "you" in PREDICATE_SUBJECTS.get(predicate, ()):
                return True
        elif (value_kind == "subject" or value_kind in CHOICES) and isinstance(value, str):
            if CHOICE_SUBJECTS.get(value) == "you":
                return True
    return False


def _characters(scene: Scene) -> list[int]:
    """The Character figures on the board, Fallen included, in Character index order."""
    return [f["id"] for f in sorted(scene.battle["characters"], key=lambda f: f["character"])]


def upkeep(scene: Scene, effects: Sequence[Mapping[str, Any]]) -> Play:
    """Play the Upkeep ``effects`` in order (module docstring): each that ``names_you``
    once per Character figure on the board with ``you`` that figure, the others once
    (``you`` none)."""
    for effect in effects:
        if names_you(effect):
            for figure_id in _characters(scene):
                if scene.on_board(figure_id):
                    yield from run(scene, [effect], Resolution(figure_id, None, None, "upkeep", None))
        else:
            yield from run(scene, [effect], Resolution(None, None, None, "upkeep", None))
