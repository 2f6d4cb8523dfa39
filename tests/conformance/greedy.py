"""The greedy player of the Battle conformance cases (cases.json entries with ``"policy": "greedy"``),
and the tests' one deterministic player (pytest's ``pythonpath`` holds tests/conformance;
its random-legal counterpart is ``players.py``).

``greedy_answer(session)`` answers ``session.pending`` with no randomness, so the
answers depend only on the requests (and the case's seed):

- story requests: ``text``/``card``/``between`` go on (``{}``), a ``choice`` takes its
  first option, a ``character`` request its first Character, a ``roll`` is rolled by the
  engine (``{"auto": true}``), a ``reroll`` keeps the dice, a ``purchase`` buys nothing,
  a ``leave`` leaves the last cards until the hands fit, a ``pick`` takes its first option,
  Campaign Mode's ``keep`` keeps the first Weapons that fit the hands, a ``battle``
  played at the table is won by its first objective (``first_answer(request)``: all
  the answers that need no look at the board);
- Battle requests: ``deploy`` the first Start square facing the nearest Enemy,
  ``prepare`` keeps, ``stones`` rolled by the engine, ``pips`` and ``defend`` take the
  request's ``suggested`` dice, ``assign`` gives every Success to the first target;
- the ``turn`` (``aim`` ``"enemies"``): declare a table objective when offered, use a
  kept card whose ``use`` helps now (``helps``: the Cross below the Destiny maximum),
  Search a token when offered, Attack with the first
  Weapon (a Ranged one at its first target), else Move to the square (and facing, its
  turning paid) nearest to an Enemy or a Search token (an Exit square when none is
  left), else end; ``aim`` ``"exit"``: never Attack, Move toward the nearest free
  Exit square and stay there (never ``exit``: Reach Exit is met when the Exit area
  holds every Character).

The answers are written to the case's ``NAME.answers.json`` by ``record.py`` and kept
in its transcript, so a port replays them without this module.
"""

from __future__ import annotations

from typing import Any

FACINGS = ["north", "east", "south", "west"]


def _distance(a, b) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def _turns(a: str, b: str) -> int:
    d = abs(FACINGS.index(a) - FACINGS.index(b)) % 4
    return min(d, 4 - d)


def _toward(square, goal) -> str:
    dx, dy = goal[0] - square[0], goal[1] - square[1]
    if abs(dx) >= abs(dy):
        return "east" if dx > 0 else "west"
    return "south" if dy > 0 else "north"


def _exits(session) -> list[tuple[int, int]]:
    """The Exit squares no Character stands on."""
    layout = session.bundle.board(session.state["pack"])["layouts"][session.state["battle"]["layout"]]
    taken = {tuple(c["square"]) for c in session.state["battle"]["characters"]}
    return [tuple(sq) for area in layout["exits"] for sq in area["squares"] if tuple(sq) not in taken]


def _goals(session, aim: str) -> list[tuple[int, int]]:
    battle = session.state["battle"]
    if aim == "exit":
        return _exits(session)
    goals = [tuple(e["square"]) for e in battle["enemies"]] + [tuple(n["square"]) for n in battle["named"]]
    goals += [tuple(t["at"]) for t in battle["search_tokens"] if not t["revealed"]]
    return goals or _exits(session)


def _move(session, option: dict[str, Any], square, aim: str) -> dict[str, Any] | None:
    goals = _goals(session, aim)
    if not goals:
        return None
    here_facing, points = option["facing"], option["points"]
    best = None
    for entry in option["squares"]:
        goal = min(goals, key=lambda g: _distance(entry["to"], g))
        want = _toward(entry["to"], goal)
        for facing in FACINGS:
            cost = entry["cost"] + _turns(here_facing, facing)
            if cost <= points:
                key = (_distance(entry["to"], goal), facing != want, cost, entry["to"], facing)
                best = key if best is None or key < best else best
    if best is None or (list(best[3]) == list(square) and best[4] == here_facing):
        return None
    return {"do": "move", "to": best[3], "facing": best[4]}


def _turn(session, request: dict[str, Any], aim: str) -> dict[str, Any]:
    options = {o["do"] + (" " + o["action"] if "action" in o else ""): o for o in request["options"]}
    if "objective" in options:
        return {"do": "objective", "objective": options["objective"]["objectives"][0]}
    helps = [c["card"] for c in options.get("use", {}).get("cards", ()) if c["helps"]]
    if helps:
        return {"do": "use", "card": helps[0]}
    if "action search" in options:
        return {"do": "action", "action": "search", "at": options["action search"]["squares"][0]}
    if "attack" in options and aim != "exit":
        weapon = options["attack"]["weapons"][0]
        if weapon["targets"]:
            answer = {"do": "attack", "weapon": weapon["card"]}
            if weapon["attack"] == "ranged":
                answer["target"] = weapon["targets"][0]
            return answer
        return {"do": "attack", "weapon": weapon["card"], "tile": weapon["tiles"][0]}
    if "move" in options:
        square = next(c["square"] for c in session.state["battle"]["characters"] if c["id"] == request["figure"])
        move = _move(session, options["move"], square, aim)
        if move is not None:
            return move
    return {"do": "end"}


def first_answer(request: dict[str, Any]) -> dict[str, Any]:
    """The greedy player's answer to a request that needs no look at the board: every
    story request (``text``/``card``/``between`` go on, the first option, Character or
    pick, rolls by the engine, rerolls kept, nothing bought, the last cards left until
    the hands fit, Campaign Mode's ``keep`` the first Weapons that fit, a ``battle``
    played at the table won by its first objective) and the Battle requests whose
    answer the request gives (``prepare`` keeps, ``stones`` rolled, ``pips``/``defend``
    the ``suggested`` dice, ``assign`` every Success to the first target).
    Raises ``ValueError`` for any other kind (``deploy``, ``turn``: ``greedy_answer``)."""
    kind = request["kind"]
    if kind in ("text", "card", "between"):
        return {}
    if kind == "choice":
        return {"option": request["options"][0]["option"]}
    if kind == "character":
        return {"character": request["characters"][0]}
    if kind in ("roll", "stones"):
        return {"auto": True}
    if kind == "reroll":
        return {"keep": True}
    if kind == "purchase":
        return {"buy": []}
    if kind == "leave":
        left, carried = [], sum(c["hands"] for c in request["cards"])
        for card in reversed(request["cards"]):
            if carried <= request["hands"]:
                break
            left.append(card["card"])
            carried -= card["hands"]
        return {"leave": left}
    if kind == "keep":
        kept, hands = [], 0
        for card in request["cards"]:
            if hands + card["hands"] <= request["hands"]:
                kept.append(card["card"])
                hands += card["hands"]
        return {"keep": kept}
    if kind == "battle":
        return {"objective": request["objectives"][0]["objective"]}
    if kind == "pick":
        return {"pick": request["options"][0]}
    if kind == "prepare":
        return {"keep": True}
    if kind in ("pips", "defend"):
        return {"dice" if kind == "pips" else "defend": request["suggested"]}
    if kind == "assign":
        return {"assign": [{"figure": request["targets"][0]["figure"], "successes": request["successes"]}]}
    raise ValueError(f"no greedy answer for a {kind!r} request: teach tests/conformance/greedy.py this kind")


def greedy_answer(session, aim: str = "enemies", sixes: bool = False) -> dict[str, Any]:
    """The greedy player's answer to ``session.pending`` (a ``Session``; never ``end``).
    ``aim``: ``"enemies"`` (attack, else close in on the nearest Enemy or Search token)
    or ``"exit"`` (never attack; make for the nearest free Exit square and stay);
    ``sixes``: the Characters' Attack rolls are rolled at the table, every die a 6
    (``{"faces": [6, ...]}``), to record a Battle won by Defeating its Enemies.
    Every request that needs no look at the board: ``first_answer``."""
    request = session.pending
    kind = request["kind"]
    if kind == "roll" and sixes and request.get("for") == "attack":
        return {"faces": [6] * request["dice"]}
    if kind == "deploy":
        square = request["squares"][0]
        goals = _goals(session, aim)
        facing = _toward(square, min(goals, key=lambda g: _distance(square, g))) if goals else request["facings"][0]
        return {"square": square, "facing": facing}
    if kind == "turn":
        return _turn(session, request, aim)
    return first_answer(request)
