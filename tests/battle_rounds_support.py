"""What the Battle-round tests share: answer policies that only give legal answers
(each is checked by the engine's own answer check before it is given)."""

from __future__ import annotations

import random
from typing import Any

from cardforge_runtime.board import range_between

def _exit_distance(square: list[int], exits: list[list[int]]) -> int:
    return min(range_between(tuple(square), tuple(e)) for e in exits) if exits else 0


def story_answer(request: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A legal answer to a story request (not a Battle's)."""
    kind = request["kind"]
    if kind == "choice":
        return {"option": request["options"][0]["option"]}
    if kind == "character":
        return {"character": request["characters"][0]}
    if kind in ("text", "card", "between"):
        return {}
    if kind == "roll":
        return {"auto": True}
    if kind == "reroll":
        return {"keep": True}
    if kind == "purchase":
        return {"buy": []}
    if kind == "leave":
        return {"leave": [request["cards"][0]["card"]]}
    if kind == "pick":
        return {"pick": request["options"][0]}
    raise AssertionError(f"no answer for {kind}")


def battle_answer(request: dict[str, Any], rng: random.Random, *, exits: list[list[int]] | None = None,
                  greedy: float = 1.0, fallen: list[list[int]] | None = None) -> dict[str, Any]:
    """A legal answer to any request of a Battle. With probability ``greedy`` a turn
    leaves by an Exit (when no ally has Fallen), rescues, attacks or searches when it
    can, else moves toward a Fallen ally's square
    (``fallen``) or an Exit square (``exits``), or ends; otherwise a random legal option."""
    kind = request["kind"]
    if kind == "deploy":
        return {"square": request["squares"][0], "facing": "east"}
    if kind == "prepare":
        return {"keep": True}
    if kind == "stones":
        return {"auto": True}
    if kind == "pips":
        return {"dice": list(request["suggested"])}
    if kind == "assign":
        return {"assign": [{"figure": request["targets"][0]["figure"], "successes": 0}]}
    if kind == "defend":
        return {"defend": list(request["suggested"])}
    if kind == "character":
        return {"character": rng.choice(request["characters"])}
    if kind == "pick":
        return {"pick": rng.choice(request["options"])}
    if kind != "turn":
        return story_answer(request, rng)
    options = {o["do"]: o for o in request["options"]}
    actions = {o["action"]: o for o in request["options"] if o["do"] == "action"}
    if rng.random() < greedy:
        if "exit" in options and not fallen:
            return {"do": "exit"}
        if "return" in options and fallen:
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
            best = min(move["squares"], key=lambda s: (_exit_distance(s["to"], goals), s["cost"]))
            return {"do": "move", "to": best["to"], "facing": move["facing"]}
        return {"do": "end"}
    option = rng.choice(request["options"])
    do = option["do"]
    if do == "move":
        square = rng.choice(option["squares"])
        return {"do": "move", "to": square["to"], "facing": option["facing"]}
    if do == "attack":
        return {"do": "attack", "weapon": rng.choice(option["weapons"])["card"]}
    if do == "action":
        action = option["action"]
        if action == "search":
            return {"do": "action", "action": action, "at": rng.choice(option["squares"])}
        if action == "rescue":
            return {"do": "action", "action": action, "figure": rng.choice(option["figures"])}
        if action == "trade":
            partner = rng.choice(option["partners"])
            return {"do": "action", "action": action, "figure": partner["figure"],
                    "give": option["cards"][:1], "take": partner["cards"][:1]}
        if action == "interact":
            tile = rng.choice(option["tiles"])
            return {"do": "action", "action": action, "tile": tile["tile"], "name": tile["name"]}
        return {"do": "action", "action": action}
    if do == "stone":
        stone = rng.choice(option["stones"])
        return {"do": "stone", "stone": stone["stone"], "option": rng.choice(stone["options"])["option"]}
    if do == "objective":
        return {"do": "objective", "objective": option["objectives"][0]}
    if do == "exit":
        return {"do": "exit"}
    if do == "use":
        return {"do": "use", "card": rng.choice(option["cards"])["card"]}
    if do == "return":
        return {"do": "return", "to": rng.choice(option["squares"])}
    return {"do": "end"}
