"""The automatic players of ``cardforge simulate``: a policy answers every request a
Battle makes (docs/runtime.md, "Battle rounds") from the request and a read-only look
at the table (``Table``), and nothing else: it never changes the state, and every
answer it gives is checked by the runtime's own ``check_round_answer`` before it is
sent (``answer_checked``), so a policy can never play an illegal answer unnoticed.

Two policies (docs/simulate.md, "Policies"):

- ``greedy``: the Characters fight. A turn first uses a kept card whose ``use`` helps
  now (the ``use`` option's ``helps``: a Cross below the Destiny maximum), then Attacks the most hurt Enemy in reach (a
  Wounded Enemy first, then the Named Enemy with the least health left), spending a
  Stone of Chance that adds an Attack die first; else Rescues a Fallen ally, Searches
  a Search token, leaves by an Exit when the Battle is won by reaching it, no Enemy
  is left to fight and no ally lies Fallen (one who left comes back only for a Fallen
  ally); else Moves toward the nearest Enemy (toward the objective's
  squares when the Battle has no Enemy to defeat, or none is left), facing it; the
  last Character of a round spends the Stones left (they are lost otherwise). Rolls
  are automatic; a Weapon's free reroll is always taken; Destiny rerolls the failed
  dice while more than half the dice failed and 2 or more Destiny are left (a Stone
  that gives Destiny is spent first); Successes go to the most hurt target first,
  enough to Defeat it; Defense dice and added pips follow the request's
  ``suggested`` best answer.
- ``random``: a uniformly random legal answer to every request: each level of a
  choice (which option, then which square, target, stone...) drawn uniformly.

Rule sources: Gascony's Legacy, "Battle Rounds", "Attack Rolls", "Enemy Attacks".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardforge_runtime.answer_fields import AnswerError
from cardforge_runtime.battle.answers import dice_assignable
from cardforge_runtime.battle.round_answers import check_round_answer
from cardforge_runtime.board import DIRECTIONS, range_between, turns_between
from cardforge_runtime.dice import DiceRule
from cardforge_runtime.pcg import Pcg32

__all__ = ["POLICIES", "PolicyError", "Table", "answer_checked", "greedy", "random_policy"]

Request = Mapping[str, Any]
Answer = dict[str, Any]

#: The effect kinds of Stones of Chance options the greedy policy spends before an Attack.
ATTACK_STONES = ("extra-attack-die",)


class PolicyError(Exception):
    """A policy gave an answer the runtime refuses (a defect of the policy), or met a
    request it cannot answer. ``request``, ``answer``: what was asked and given."""

    def __init__(self, message: str, request: Request, answer: Any = None) -> None:
        super().__init__(message)
        self.request = request
        self.answer = answer


@dataclass
class Table:
    """What a policy may read: the game state (``state``, its ``battle`` included;
    never changed), the bundle pack, the Battle step, the pack's dice rule and the
    policy's own generator (``rng``, PCG32 stream 56, docs/simulate.md "Seeds")."""

    state: dict[str, Any]
    pack: Mapping[str, Any]
    step: Mapping[str, Any]
    rule: DiceRule
    rng: Pcg32
    kinds: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.kinds = {o["meet"]["kind"] for o in self.step["objectives"] if "meet" in o}

    def choice(self, items: Sequence[Any]) -> Any:
        """One of ``items``, uniformly (``rng.below``)."""
        return items[self.rng.below(len(items))]

    def coin(self) -> bool:
        return self.rng.below(2) == 1


# -- reading the table ----------------------------------------------------------------


def _enemies(table: Table) -> list[dict[str, Any]]:
    battle = table.state["battle"]
    return list(battle["enemies"]) + list(battle["named"])


def hurt(figure: Mapping[str, Any]) -> int:
    """Wounds still needed to Defeat an Enemy figure: a Named Enemy's health; an Enemy
    1 when Wounded, else 2 (Assigning Successes)."""
    if "health" in figure:
        return int(figure["health"])
    return 1 if figure.get("wounded") else 2


def _most_hurt(table: Table, figure_ids: Sequence[int]) -> int:
    by_id = {f["id"]: f for f in _enemies(table)}
    known = [i for i in figure_ids if i in by_id]
    if not known:
        return figure_ids[0]
    return min(known, key=lambda i: (hurt(by_id[i]), i))


def _goals(table: Table) -> list[tuple[int, int]]:
    """Where a greedy Character moves: the Enemies (when an objective defeats them, or
    there is nothing else to go for), else the unrevealed Search tokens an objective
    reveals, else the Exit squares."""
    battle = table.state["battle"]
    enemies = [tuple(f["square"]) for f in _enemies(table)]
    if enemies and table.kinds & {"defeat-all", "defeat"}:
        return enemies
    tokens = {o["meet"].get("token") for o in table.step["objectives"] if o.get("meet", {}).get("kind") == "reveal"}
    squares = [tuple(t["at"]) for t in battle["search_tokens"] if not t["revealed"] and t["token"] in tokens]
    if squares:
        return squares
    if "reach-exit" in table.kinds:
        layout = table.pack["board"]["layouts"][battle["layout"]]
        exits = [tuple(sq) for area in layout["exits"] for sq in area["squares"]]
        if exits:
            return exits
    return enemies


def _distance(square: Sequence[int], goals: Sequence[tuple[int, int]]) -> int:
    return min((range_between(tuple(square), g) for g in goals), default=0)


def _facing_toward(square: Sequence[int], goals: Sequence[tuple[int, int]]) -> str | None:
    if not goals:
        return None
    goal = min(goals, key=lambda g: (range_between(tuple(square), g), g))
    dc, dr = goal[0] - square[0], goal[1] - square[1]
    if dc == 0 and dr == 0:
        return None
    if abs(dc) >= abs(dr):
        return "east" if dc > 0 else "west"
    return "south" if dr > 0 else "north"


def _stone_effects(table: Table, face: str, option: int) -> list[str]:
    for entry in table.pack.get("stones_of_chance", {}).get("faces", ()):
        if entry["face"] == face and option < len(entry["options"]):
            return [e["kind"] for e in entry["options"][option]["effects"]]
    return []


def _stone_with(table: Table, turn_option: Mapping[str, Any] | None, kinds: Sequence[str]) -> Answer | None:
    for stone in (turn_option or {}).get("stones", ()):
        for option in stone["options"]:
            if set(_stone_effects(table, stone["face"], option["option"])) & set(kinds):
                return {"do": "stone", "stone": stone["stone"], "option": option["option"]}
    return None


def _last_to_play(table: Table, character: int) -> bool:
    battle = table.state["battle"]
    waiting = [i for i, c in enumerate(table.state["characters"])
               if i not in battle["turns_taken"] and i != character and not c["fallen"]]
    return not waiting


def _failed(rule: DiceRule, request: Request) -> list[int]:
    flags = {k: bool(request.get(k)) for k in ("advantage", "disadvantage", "doom")}
    return [i for i, f in enumerate(request["faces"]) if rule.face_successes(f, **flags) == 0]


# -- greedy ---------------------------------------------------------------------------


def _greedy_turn(request: Request, table: Table) -> Answer:
    options = {o["do"]: o for o in request["options"] if o["do"] != "action"}
    actions = {o["action"]: o for o in request["options"] if o["do"] == "action"}
    turn = table.state["battle"]["turn"] or {}
    fallen = any(table.state["characters"][f["character"]]["fallen"] for f in table.state["battle"]["characters"])
    if "return" in options:         # left by an Exit: back only for a Fallen ally still on the board
        return {"do": "return", "to": options["return"]["squares"][0]} if fallen else {"do": "end"}
    if "objective" in options:
        return {"do": "objective", "objective": options["objective"]["objectives"][0]}
    helps = [c["card"] for c in options.get("use", {}).get("cards", ()) if c["helps"]]
    if helps:
        return {"do": "use", "card": helps[0]}
    attack = options.get("attack")
    weapons = [w for w in (attack or {}).get("weapons", ()) if w["targets"]]
    if weapons:
        extra = _stone_with(table, options.get("stone"), ATTACK_STONES)
        if extra is not None and not turn.get("extra_attack_dice"):
            return extra
        target = {w["card"]: _most_hurt(table, w["targets"]) for w in weapons}
        by_id = {f["id"]: f for f in _enemies(table)}
        best = min(weapons, key=lambda w: (hurt(by_id[target[w["card"]]]) if target[w["card"]] in by_id else 99,
                                           -len(w["targets"])))
        answer: Answer = {"do": "attack", "weapon": best["card"]}
        if best["attack"] == "ranged" and len(best["targets"]) > 1:
            answer["target"] = target[best["card"]]
        return answer
    second = _stone_with(table, options.get("stone"), ("second-attack",))
    if second is not None and turn.get("attacks") and any(w["targets"] for w in _all_weapons(request)):
        return second
    if "rescue" in actions:
        return {"do": "action", "action": "rescue", "figure": actions["rescue"]["figures"][0]}
    if "search" in actions:
        return {"do": "action", "action": "search", "at": actions["search"]["squares"][0]}
    goals = _goals(table)
    if "exit" in options and "reach-exit" in table.kinds and not fallen \
            and not (_enemies(table) and table.kinds & {"defeat-all", "defeat"}):
        return {"do": "exit"}
    move = options.get("move")
    if move is not None and goals:
        here = _distance(_square_of(table, request["figure"]), goals)
        best_square = min(move["squares"], key=lambda s: (_distance(s["to"], goals), s["cost"], s["to"]))
        if _distance(best_square["to"], goals) < here or (_facing_toward(best_square["to"], goals) not in (None, move["facing"])):
            facing = _facing_toward(best_square["to"], goals) or move["facing"]
            if best_square["cost"] + turns_between(move["facing"], facing) > move["points"]:
                facing = move["facing"]
            return {"do": "move", "to": best_square["to"], "facing": facing}
    if "stone" in options and _last_to_play(table, request["character"]):
        stone = options["stone"]["stones"][0]
        return {"do": "stone", "stone": stone["stone"], "option": stone["options"][0]["option"]}
    return {"do": "end"}


def _all_weapons(request: Request) -> list[Mapping[str, Any]]:
    return [w for o in request["options"] if o["do"] == "attack" for w in o["weapons"]]


def _square_of(table: Table, figure_id: int) -> list[int]:
    for f in table.state["battle"]["characters"]:
        if f["id"] == figure_id:
            return f["square"]
    raise PolicyError(f"figure {figure_id} is not on the board", {"figure": figure_id})


def _greedy_assign(request: Request, table: Table) -> Answer:
    targets = sorted(request["targets"], key=lambda t: (t["health"] if t.get("health") is not None
                                                        else (1 if t["wounded"] else 2), t["figure"]))
    left = request["successes"]
    counts: dict[int, int] = {}
    for target in targets:
        if left <= 0:
            break
        defense = target["defense"]
        need = defense["wounded"] if (target["wounded"] or target.get("health") is not None) else defense["defeated"]
        if target.get("health") is not None:
            need = min(left, need * max(1, target["health"]))
        give = min(left, need)
        trial = {**counts, target["figure"]: give}
        if dice_assignable(table.rule, request, list(trial.values())):
            counts, left = trial, left - give
    if not counts:
        counts = {targets[0]["figure"]: 0}
    return {"assign": [{"figure": f, "successes": n} for f, n in counts.items()]}


def _greedy_reroll(request: Request, table: Table) -> Answer:
    if request.get("free"):
        return {"reroll": list(request["positions"]), "auto": True}
    failed = _failed(table.rule, request)
    dice = len(request["faces"])
    wants = failed and 2 * len(failed) > dice
    if wants and request.get("stones") and request["destiny"] < 2:
        stone = request["stones"][0]
        return {"stone": stone["stone"], "option": stone["options"][0]["option"]}
    if wants and request["destiny"] >= 2:
        return {"reroll": failed, "auto": True}
    return {"keep": True}


def _leave(request: Request, pick: Callable[[Sequence[Any]], Any]) -> list[str]:
    """Cards to leave until the rest fit the ``hands``: each next one ``pick``ed from
    those still carried (greedy: the first listed; random: uniformly)."""
    carried = list(request["cards"])
    left: list[str] = []
    while sum(c["hands"] for c in carried) > request["hands"]:
        card = pick(carried)
        carried.remove(card)
        left.append(card["card"])
    return left


def _story_answer(request: Request, table: Table, pick: Callable[[Sequence[Any]], Any]) -> Answer:
    kind = request["kind"]
    if kind == "choice":
        return {"option": pick([o["option"] for o in request["options"]])}
    if kind == "character":
        return {"character": pick(request["characters"])}
    if kind in ("text", "card", "between"):
        return {}
    if kind == "roll":
        return {"auto": True}
    if kind == "purchase":
        return {"buy": []}
    if kind == "leave":
        return {"leave": _leave(request, pick)}
    if kind == "pick":
        return {"pick": pick(request["options"])}
    raise PolicyError(f"the policy has no answer to a {kind!r} request", request)


def greedy(request: Request, table: Table) -> Answer:
    """The greedy policy's answer to ``request`` (module docstring)."""
    kind = request["kind"]
    if kind == "turn":
        return _greedy_turn(request, table)
    if kind == "deploy":
        goals = [tuple(f["square"]) for f in _enemies(table)] or _goals(table)
        square = min(request["squares"], key=lambda s: (_distance(s, goals), s))
        return {"square": square, "facing": _facing_toward(square, goals) or request["facings"][0]}
    if kind == "prepare":
        return {"keep": True}
    if kind == "stones":
        return {"auto": True}
    if kind == "reroll":
        return _greedy_reroll(request, table)
    if kind == "pips":
        return {"dice": list(request["suggested"])}
    if kind == "assign":
        return _greedy_assign(request, table)
    if kind == "defend":
        return {"defend": list(request["suggested"])}
    if kind == "pick" and request.get("for") in ("ranged-target", "target") and request["options"]:
        if all(isinstance(o, int) for o in request["options"]):
            return {"pick": _most_hurt(table, request["options"])}
    if kind == "pick" and request.get("for") == "enemy-target":
        characters = {f["id"]: table.state["characters"][f["character"]] for f in table.state["battle"]["characters"]}
        return {"pick": max(request["options"], key=lambda i: (characters[i]["health"] if i in characters else 0, -i))}
    return _story_answer(request, table, lambda items: items[0])


# -- random ---------------------------------------------------------------------------


def _random_turn(request: Request, table: Table) -> Answer:
    option = table.choice(request["options"])
    do = option["do"]
    if do == "move":
        square = table.choice(option["squares"])
        facings = [f for f in DIRECTIONS if square["cost"] + turns_between(option["facing"], f) <= option["points"]]
        return {"do": "move", "to": square["to"], "facing": table.choice(facings)}
    if do == "attack":
        weapon = table.choice(option["weapons"])
        aims = [("target", t) for t in weapon["targets"]] if weapon["attack"] == "ranged" else []
        aims += [("tile", t) for t in weapon["tiles"]]
        if weapon["targets"] and weapon["attack"] != "ranged":
            aims.append(None)
        aim = table.choice(aims)
        return {"do": "attack", "weapon": weapon["card"], **({aim[0]: aim[1]} if aim else {})}
    if do == "action":
        action = option["action"]
        if action == "search":
            return {"do": "action", "action": action, "at": table.choice(option["squares"])}
        if action == "rescue":
            return {"do": "action", "action": action, "figure": table.choice(option["figures"])}
        if action == "trade":
            partner = table.choice(option["partners"])
            give = [c for c in option["cards"] if table.coin()]
            take = [c for c in partner["cards"] if table.coin()]
            if not give and not take:             # a Trade moves at least one card (the runtime refuses none)
                card = table.choice(option["cards"] + partner["cards"])
                give, take = ([card], []) if card in option["cards"] else ([], [card])
            return {"do": "action", "action": action, "figure": partner["figure"], "give": give, "take": take}
        if action == "interact":
            tile = table.choice(option["tiles"])
            return {"do": "action", "action": action, "tile": tile["tile"], "name": tile["name"]}
        return {"do": "action", "action": action}
    if do == "stone":
        stone = table.choice(option["stones"])
        return {"do": "stone", "stone": stone["stone"], "option": table.choice(stone["options"])["option"]}
    if do == "objective":
        return {"do": "objective", "objective": table.choice(option["objectives"])}
    if do == "use":
        return {"do": "use", "card": table.choice(option["cards"])["card"]}
    if do == "return":
        return {"do": "return", "to": table.choice(option["squares"])}
    return {"do": do}


def _random_assign(request: Request, table: Table) -> Answer:
    flags = {k: bool(request.get(k)) for k in ("advantage", "disadvantage", "doom")}
    counts = {t["figure"]: 0 for t in request["targets"]}
    figures = list(counts)
    for face in request["faces"]:
        worth = table.rule.face_successes(face, **flags)
        if worth:
            counts[table.choice(figures)] += worth
    return {"assign": [{"figure": f, "successes": n} for f, n in counts.items()]}


def random_policy(request: Request, table: Table) -> Answer:
    """The random policy's answer to ``request`` (module docstring)."""
    kind = request["kind"]
    if kind == "turn":
        return _random_turn(request, table)
    if kind == "deploy":
        return {"square": table.choice(request["squares"]), "facing": table.choice(request["facings"])}
    if kind == "prepare":
        return {"keep": True} if table.coin() else {"equip": list(request["equipped"]), "flip": table.coin()}
    if kind == "stones":
        return {"auto": True}
    if kind == "reroll":
        stones = [(s["stone"], o["option"]) for s in request.get("stones", ()) for o in s["options"]]
        choices: list[Answer] = [{"keep": True}]
        if request.get("free"):
            choices.append({"reroll": list(request["positions"]), "auto": True})
        elif request["destiny"] > 0:
            subset = [i for i in range(len(request["faces"])) if table.coin()]
            choices.append({"reroll": subset or [0], "auto": True})
        choices += [{"stone": s, "option": o} for s, o in stones]
        return table.choice(choices)
    if kind == "pips":
        return {"dice": [i for i in range(len(request["faces"])) if table.coin()][:request["dice_count"]]}
    if kind == "assign":
        return _random_assign(request, table)
    if kind == "defend":
        groups: list[Any] = [None, *range(len(request["groups"]))]
        return {"defend": [table.choice(groups) for _ in request["faces"]]}
    return _story_answer(request, table, table.choice)


#: The policies by name (``--policy``).
POLICIES: dict[str, Callable[[Request, Table], Answer]] = {"greedy": greedy, "random": random_policy}


def answer_checked(policy: Callable[[Request, Table], Answer], request: Request, table: Table) -> Answer:
    """``policy``'s answer to ``request``, checked by the runtime
    (``battle.round_answers.check_round_answer``).

    Raises:
        PolicyError: the runtime refuses the answer (the reason and the answer attached).
    """
    answer = policy(request, table)
    try:
        check_round_answer(request, answer, table.rule)
    except AnswerError as error:
        raise PolicyError(f"the runtime refuses the policy's answer to a {request['kind']!r} request: {error}",
                          request, answer) from None
    return answer
