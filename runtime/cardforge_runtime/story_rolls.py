"""The story's dice steps: a ``challenge`` ("n-Stat Challenge") and a ``roll`` step
(Gascony's Legacy, Challenges, Dice Rolls), for ``who: one``, ``each`` and ``all``.

``RollSteps`` is a part of ``story.StoryRules`` (its base class): its methods are
generators in the manner of the story rules and read the rules' state, dice rule,
generator and log, and call the interpreter's own steps (``_steps`` for a Challenge's
``pass`` / ``fail``), Characters (``_one``, ``_targets``) and changes (``_apply``),
which ``StoryRules`` defines. One Character's roll and its Destiny rerolls are
``rolls.roll``'s; items gained are carried within the hands (``deck_play.settle_hands``).

Dependencies: ``rolls``, ``party``, ``deck_play``, ``dice``, ``pcg``; never ``story``.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping
from typing import Any

from cardforge_runtime import party
from cardforge_runtime.deck_play import settle_hands
from cardforge_runtime.dice import DiceRule
from cardforge_runtime.party import allowed
from cardforge_runtime.pcg import Pcg32
from cardforge_runtime.rolls import roll

__all__ = ["RollSteps"]

Play = Generator[dict[str, Any], dict[str, Any], Any]


class RollSteps:
    """The ``challenge`` and ``roll`` steps of ``story.StoryRules`` (module docstring).

    Attributes read (set by ``StoryRules``): ``state``, ``pack``, ``rule``, ``tokens``
    (the pack's status tokens by name), ``rng``, ``events`` and ``_record``.
    """

    state: dict[str, Any]
    pack: Mapping[str, Any]
    rule: DiceRule
    tokens: dict[str, Any]
    rng: Pcg32
    events: list[dict[str, Any]]
    _record: Callable[[dict[str, Any]], None]
    observer: Any
    _observe: Callable[..., None]
    _steps: Callable[..., Play]
    _one: Callable[..., Play]
    _targets: Callable[..., Play]
    _apply: Callable[..., Any]

    def _roll(self, index: int, stat: str, purpose: str, target: int | None, so_far: int = 0) -> Play:
        """One Character rolls for ``stat`` (``rolls.roll``); returns the Successes."""
        return roll(self.state, index, stat, purpose, target, so_far, tokens=self.tokens, rule=self.rule,
                    rng=self.rng, record=self._record)

    def _challenge(self, step: dict[str, Any], actor: int | None) -> Play:
        """An "n-Stat Challenge" (Gascony's Legacy, Challenges)."""
        stat, target, who = step["stat"], step["successes"], step["who"]
        if who == "each":
            for index in allowed(self.state, step, list(range(len(self.state["characters"])))):
                if self.state["characters"][index]["fallen"]:
                    continue
                successes = yield from self._roll(index, stat, "challenge", target)
                outcome = yield from self._resolve(step, successes, index)
                if outcome is not None:
                    return outcome
            return None
        if who == "all":
            rollers = allowed(self.state, step, party.standing(self.state))
            if not rollers:             # `except` left nobody: the step does nothing (docs/format.md)
                return None
            total = 0
            for index in rollers:
                total += yield from self._roll(index, stat, "challenge", target, total)
            return (yield from self._resolve(step, total, actor))
        actor = yield from self._one(step, actor, {"for": "challenge", "stat": stat, "successes": target},
                                     party.standing(self.state), True)
        if actor is None:
            return None
        if self.state["characters"][actor]["fallen"]:
            # The acting Character Fell inside their own branch: a Fallen Character
            # does not roll (as a ``roll`` step skips them), so the Challenge is
            # resolved with 0 successes, without a roll (docs/runtime.md, How the
            # steps play).
            return (yield from self._resolve(step, 0, actor))
        successes = yield from self._roll(actor, stat, "challenge", target)
        return (yield from self._resolve(step, successes, actor))

    def _resolve(self, step: dict[str, Any], successes: int, actor: int | None) -> Play:
        passed = successes >= step["successes"]
        self.events.append({"event": "challenge", "stat": step["stat"], "target": step["successes"], "character": actor,
                             "successes": successes, "passed": passed})
        if self.observer is not None:
            self._observe("branch", step, "pass" if passed else "fail")
        return (yield from self._steps(step["pass"] if passed else step["fail"], actor))

    def _roll_step(self, step: dict[str, Any], actor: int | None) -> Play:
        """A ``roll``: apply ``per_success`` once per Success. With ``who: one`` or
        ``each`` the effect goes to the Character who rolled (coins to the party); with
        ``all`` the Successes are added up and the effect's own ``who`` applies. Items
        gained are carried within the hands (``deck_play.settle_hands``: a ``leave``
        request when over), as a ``gain`` step's."""
        kind = "gain" if "gain" in step["per_success"] else "lose"
        effect = step["per_success"][kind]
        stat, who = step["stat"], step["who"]
        if who == "all":
            total = 0
            for index in allowed(self.state, step, party.standing(self.state)):
                total += yield from self._roll(index, stat, "roll", None, total)
            if total == 0:
                return None
            targets = yield from self._targets(kind, effect, actor)
            ending = self._apply(kind, effect, targets, total)
            if ending is None and kind == "gain" and effect.get("items"):
                yield from settle_hands(self.state, self.pack, self._record, targets)
            return ending
        if who == "one":
            roller = yield from self._one(step, actor, {"for": "roll", "stat": stat}, party.standing(self.state), True)
            rollers = [] if roller is None else [roller]
        else:
            rollers = allowed(self.state, step, list(range(len(self.state["characters"]))))
        for index in rollers:
            if self.state["characters"][index]["fallen"]:
                continue
            successes = yield from self._roll(index, stat, "roll", None)
            ending = self._apply(kind, effect, [index], successes) if successes else None
            if ending is not None:
                return ending
            if successes and kind == "gain" and effect.get("items"):    # Equipment cards: 2 hands at most
                yield from settle_hands(self.state, self.pack, self._record, [index])
        return None
