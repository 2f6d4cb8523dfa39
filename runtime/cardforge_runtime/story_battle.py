"""A story's ``battle`` step: played by the engine in Battle rounds, or asked of the
players with a ``battle`` request (played at the table).

``battle_step`` is a generator in the manner of the story rules: it yields the
requests and returns the Battle's outcome, ``{"objective": i}`` (the objective met) or
``{"lost": reason, "character": i | None}``, which ``story.StoryRules`` maps to the
objective's ``goto``, Victory or Defeat (Gascony's Legacy, Battle Cards, Ending a
Battle). ``with_card`` gives every request of a Battle the Battle card's id.

Dependencies: ``battle.rounds``, ``pcg``; never ``story`` or ``session``.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping
from typing import Any

from cardforge_runtime.battle.rounds import make_scene, play_battle
from cardforge_runtime.pcg import Pcg32

__all__ = ["battle_step", "step_path", "with_card"]

Play = Generator[dict[str, Any], dict[str, Any], Any]


def battle_step(step: Mapping[str, Any], *, battles: str, pack: Mapping[str, Any], state: dict[str, Any],
                card_steps: list[dict[str, Any]], rng: Pcg32, deck_rng: Pcg32, difficulty: Mapping[str, Any],
                record: Callable[[dict[str, Any]], None]) -> Play:
    """Play the ``battle`` step ``step`` of the current card (``state["card"]``, whose
    steps are ``card_steps``) and return its outcome (module docstring).

    ``battles`` ``"engine"``: the Battle is played in Battle rounds
    (``battle.rounds.play_battle``; every request carries ``card``); after it the state's
    ``battle`` is ``None``, the Characters keeping their Wounds, Fallen state and cards
    (docs/rulings.md, "After a Battle"); a loss has its real reason, ``all_fallen`` or
    ``no_health``. ``"table"``: one ``battle`` request ``{"kind": "battle", "card",
    "layout", "objectives": [{"objective", "text", "goto", "victory"}]}``, answered
    ``{"objective": i}`` or ``{"lost": true}`` (reason ``battle_lost``).
    """
    card = state["card"]
    if battles == "engine":
        scene = make_scene(pack, state, step, step_path(card_steps, step) or [], rng, deck_rng,
                           difficulty=difficulty.get("name"), sink=record)
        outcome = yield from with_card(play_battle(scene, step, deck_rng), card)
        state["battle"] = None
        return outcome
    objectives = [{"objective": i, "text": o["objective"], "goto": o.get("goto"), "victory": o.get("goto") is None}
                  for i, o in enumerate(step["objectives"])]
    answer = yield {"kind": "battle", "card": card, "layout": step["layout"], "objectives": objectives}
    if answer.get("lost"):
        return {"lost": "battle_lost", "character": None}
    return {"objective": answer["objective"]}


def step_path(steps: list[dict[str, Any]], target: dict[str, Any]) -> list[Any] | None:
    """Where ``target`` (a step object) sits among a card's ``steps``: indices and
    branch names (``[0, "then", 1]``), or ``None``."""
    for i, step in enumerate(steps):
        if step is target:
            return [i]
        branches = [(k, step[k]) for k in ("then", "else", "pass", "fail") if isinstance(step.get(k), list)]
        branches += [(f"options/{j}", o["steps"]) for j, o in enumerate(step.get("options") or ())]
        for name, inner in branches:
            found = step_path(inner, target)
            if found is not None:
                return [i, name, *found]
    return None


def with_card(play: Play, card: int | None) -> Play:
    """``play``'s requests, each with ``"card"`` (every request in a Battle carries the
    Battle card's id; the Attack's and effects' own requests do not set it); answers
    and the returned value pass through."""
    try:
        request = next(play)
        while True:
            if "card" not in request:
                request = {"kind": request["kind"], "card": card, **request}
            answer = yield request
            request = play.send(answer)
    except StopIteration as done:
        return done.value
