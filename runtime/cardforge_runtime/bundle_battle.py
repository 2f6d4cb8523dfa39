"""The checks ``load_bundle`` runs on a pack's Battle-round fields (format 1.6.0): the
manifest's ``battle_round`` (``null`` or every field: ``move_stat`` one of the pack's
stats, phases in order, the turn's
limits, the Actions, Rescue's healing) and each Battle step's ``meet`` (one per
objective, the same as ``format.objective_meet`` reads its text: one grammar) and
``upkeep`` effects (the effect vocabulary, checked as a card's effects are).
The definitions are ``battle_fields``' (re-exported by ``format``).

Dependencies: ``battle_fields``, ``bundle_fields``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from cardforge_runtime.battle_fields import BATTLE_ACTIONS, BATTLE_PHASES, BATTLE_ROUND_RANGES, objective_meet
from cardforge_runtime.bundle_fields import FieldChecker

__all__ = ["ROUNDS_SINCE_MINOR", "battle_steps", "check_battle_rounds"]

#: The minor version of the bundle format (major 1) from which every pack has
#: ``battle_round`` and every Battle step ``meet`` and ``upkeep``.
ROUNDS_SINCE_MINOR = 6


def battle_steps(steps: Any, path: str) -> Iterator[tuple[Mapping[str, Any], str]]:
    """Every ``battle`` step among ``steps`` (a story card's, checked), with its JSON
    path, looking inside choices' options and ``if`` branches."""
    for i, step in enumerate(steps or ()):
        where = f"{path}[{i}]"
        kind = step.get("kind")
        if kind == "battle":
            yield step, where
        elif kind == "choice":
            for j, option in enumerate(step["options"]):
                yield from battle_steps(option["steps"], f"{where}.options[{j}].steps")
        elif kind == "if":
            yield from battle_steps(step["then"], f"{where}.then")
            yield from battle_steps(step["else"], f"{where}.else")
        elif kind == "challenge":
            yield from battle_steps(step.get("pass"), f"{where}.pass")
            yield from battle_steps(step.get("fail"), f"{where}.fail")


def check_battle_rounds(c: FieldChecker, pack: Mapping[str, Any], path: str, effects: Any, *,
                        required: bool) -> None:
    """Check ``pack``'s ``battle_round`` and its Battle steps' ``meet`` and ``upkeep``.
    ``effects``: the pack's effect checker (``bundle_decks``, ``effects(list, path)``);
    ``required``: the fields must be present (format 1.6.0 and later).

    Raises:
        BundleError: the first fault, naming its JSON path.
    """
    if required or "battle_round" in pack:
        rounds = c.field(pack, "battle_round", path, "object?")
        if rounds is not None:
            _battle_round(c, rounds, f"{path}.battle_round", pack["stats"])
    for s, story in enumerate(pack.get("stories") or ()):
        for c_i, card in enumerate(story["cards"]):
            for step, where in battle_steps(card["steps"], f"{path}.stories[{s}].cards[{c_i}].steps"):
                for i, objective in enumerate(step["objectives"]):
                    at = f"{where}.objectives[{i}]"
                    meet = c.field(objective, "meet", at, "object", optional=not required)
                    if meet is not None and dict(meet) != objective_meet(objective["objective"]):
                        c.fail(f"{at}.meet", f"expected {objective_meet(objective['objective'])} "
                                             f"(format.objective_meet of {objective['objective']!r})")
                upkeep = c.field(step, "upkeep", where, "list", optional=not required)
                if upkeep is not None:
                    effects.effects(upkeep, f"{where}.upkeep")


def _battle_round(c: FieldChecker, rounds: Mapping[str, Any], path: str, stats: list[str]) -> None:
    if c.field(rounds, "move_stat", path, "text") not in stats:
        c.fail(f"{path}.move_stat", f"expected one of the pack's stats ({', '.join(stats)}), "
                                    f"found {rounds['move_stat']!r}")
    phases = _names(c, rounds, "phases", path, BATTLE_PHASES)
    order = [BATTLE_PHASES.index(p) for p in phases]
    if order != sorted(set(order)) or "character-turns" not in phases:
        c.fail(f"{path}.phases", f"expected some of {', '.join(BATTLE_PHASES)}, once each in this order, "
                                 "character-turns among them")
    turn = c.obj(c.field(rounds, "turn", path, "object"), f"{path}.turn")
    for key in ("move", "action", "attack"):
        c.count(turn, key, f"{path}.turn", *BATTLE_ROUND_RANGES[key])
    actions = _names(c, rounds, "actions", path, BATTLE_ACTIONS)
    if len(set(actions)) != len(actions):
        c.fail(f"{path}.actions", "each Action is listed once")
    rescue = c.obj(c.field(rounds, "rescue", path, "object"), f"{path}.rescue")
    c.count(rescue, "heal", f"{path}.rescue", *BATTLE_ROUND_RANGES["heal"])


def _names(c: FieldChecker, obj: Mapping[str, Any], key: str, path: str, allowed: tuple[str, ...]) -> list[str]:
    values = c.texts(obj, key, path) or []
    for i, value in enumerate(values):
        if value not in allowed:
            c.fail(f"{path}.{key}[{i}]", f"expected one of {', '.join(allowed)}, found {value!r}")
    return values
