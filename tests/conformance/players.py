"""The random player: the generated conformance transcripts (tests/conformance/generated/)
and the tests that want random legal answers (pytest's ``pythonpath`` holds
tests/conformance; the deterministic counterpart is ``greedy.py``).

``random_answer(request, rng, sides)`` gives one answer to ``request`` chosen with
``rng`` (a ``random.Random``): a legal answer of every kind (options, Characters,
auto or typed faces with and without ``advantage``/``disadvantage``, ``false`` ones
too, rerolls of random dice, purchases within the purse, Battle objectives or a lost
Battle, Between Story Cards actions), and now and then (``MISTAKES`` of the time) an answer the engine must refuse.
Every request but dice is answered by ``cardforge test``'s random player
(``cardforge_compiler.playtest.answers.random_answer``, one implementation of a random
legal story answer); this module adds dice typed in by hand, ``advantage`` and
``disadvantage`` flags, and the mistakes.
The answers are recorded in the transcripts, so a port replays them without this
module; only re-recording uses it.

``battle_answer(request, rng, ...)`` answers the requests of a Battle played by the
engine with a look at the request only (no Session: the fuzz drives ``run_battle``):
a random legal option, or with probability ``greedy`` a turn that makes for the given
squares (Exits, Fallen allies) and rescues, attacks or searches on the way.
"""

from __future__ import annotations

import random
from typing import Any

from greedy import first_answer

from cardforge_compiler.playtest.answers import NoAnswer
from cardforge_compiler.playtest.answers import random_answer as story_answer
from cardforge_compiler.simulate.policies import random_policy
from cardforge_runtime.board import range_between

#: How often the player sends an answer that is never legal.
MISTAKES = 0.05
#: Answers that no request accepts (a key no kind takes, a number that is not one...).
_NEVER_LEGAL: list[dict[str, Any]] = [
    {"option": -1}, {"unexpected": 1}, {"auto": False}, {"character": 99}, {"keep": 1}, {"option": 1.0},
    {"faces": [0]}, {"objective": True},
]


def random_answer(request: dict[str, Any], rng: random.Random, sides: int, *,
                  mistakes: float = MISTAKES) -> dict[str, Any]:
    """One answer to ``request`` (a pending request; never ``end``); ``mistakes``: how
    often the answer is one no request accepts (``0``: always a legal answer)."""
    if mistakes and rng.random() < mistakes:
        return dict(rng.choice(_NEVER_LEGAL))
    kind = request["kind"]
    if kind == "roll":
        answer: dict[str, Any] = ({"auto": True} if rng.random() < 0.5
                                  else {"faces": [rng.randint(1, sides) for _ in range(request["dice"])]})
        for flag in ("advantage", "disadvantage"):
            if rng.random() < 0.3:
                answer[flag] = rng.random() < 0.6
        return answer
    if kind == "reroll":
        dice = len(request["faces"])
        if rng.random() < 0.4:
            return {"keep": True}
        positions = sorted(rng.sample(range(dice), rng.randint(1, dice)))
        if rng.random() < 0.5:
            return {"reroll": positions, "auto": True}
        return {"reroll": positions, "faces": [rng.randint(1, sides) for _ in positions]}
    try:
        return story_answer(request, rng)
    except NoAnswer:
        raise ValueError(f"no answer for a {kind!r} request: teach tests/conformance/players.py this kind") from None


def _goal_distance(square: list[int], goals: list[list[int]]) -> int:
    return min(range_between(tuple(square), tuple(g)) for g in goals) if goals else 0


def battle_answer(request: dict[str, Any], rng: random.Random, *, exits: list[list[int]] | None = None,
                  greedy: float = 1.0, fallen: list[list[int]] | None = None) -> dict[str, Any]:
    """A legal answer to any request of a Battle played by the engine, from the request
    alone. ``deploy``: the first square, facing east; ``character`` and ``pick``: at
    random; a ``turn``: with probability ``greedy`` it leaves by an Exit (when no ally
    has Fallen) or comes back by it (when one has), rescues, attacks or searches when it can, else moves toward a Fallen
    ally's square (``fallen``) or an Exit square (``exits``), or ends; otherwise a random
    legal option; every other request as ``greedy.first_answer``."""
    kind = request["kind"]
    if kind == "deploy":
        return {"square": request["squares"][0], "facing": "east"}
    if kind in ("character", "pick"):
        return random_answer(request, rng, 0, mistakes=0)
    if kind != "turn":
        return first_answer(request)
    options = {o["do"]: o for o in request["options"]}
    actions = {o["action"]: o for o in request["options"] if o["do"] == "action"}
    if rng.random() < greedy:
        if "exit" in options and not fallen:
            return {"do": "exit"}
        if "return" in options and fallen:      # left by an Exit: back for a Fallen ally
            return {"do": "return", "to": options["return"]["squares"][0]}
        if "rescue" in actions:
            return {"do": "action", "action": "rescue", "figure": actions["rescue"]["figures"][0]}
        if "attack" in options:
            return {"do": "attack", "weapon": options["attack"]["weapons"][0]["card"]}
        if "search" in actions:
            return {"do": "action", "action": "search", "at": actions["search"]["squares"][0]}
        goals = (fallen or []) or exits or []
        if "move" in options and goals:
            move = options["move"]
            best = min(move["squares"], key=lambda s: (_goal_distance(s["to"], goals), s["cost"]))
            return {"do": "move", "to": best["to"], "facing": move["facing"]}
        return {"do": "end"}
    return random_turn(request, rng)


def answer_until_offered(session, action: str, rng: random.Random, *, exits: list[list[int]] | None = None) -> None:
    """Answer ``session``'s Battle requests with ``battle_answer`` (``rng``, ``exits``)
    until a ``turn`` request offers the Action ``action`` (``"trade"``, ``"rescue"``...)."""
    while not (session.pending["kind"] == "turn"
               and any(o.get("action") == action for o in session.pending["options"])):
        session.answer(battle_answer(session.pending, rng, exits=exits))


class _Draws:
    """The two draws the simulator's random policy makes (``Table.choice``, ``Table.coin``),
    from a ``random.Random``: enough for its answer to a ``turn`` request, which reads
    nothing else of the table."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choice(self, items: list[Any]) -> Any:
        return self.rng.choice(items)

    def coin(self) -> bool:
        return self.rng.random() < 0.5


def random_turn(request: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random legal answer to a Battle ``turn`` request: the simulator's ``random``
    policy (``cardforge simulate --policy random``: each level of the choice drawn
    uniformly), drawing with ``rng``."""
    return random_policy(request, _Draws(rng))
