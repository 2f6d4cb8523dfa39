"""The greedy player of the Battle conformance cases (cases.json entries with a ``"policy"``),
and the tests' one deterministic player (pytest's ``pythonpath`` holds tests/conformance;
its random-legal counterpart is ``players.py``).

``greedy_answer(session, aim, sixes, aims=..., choices=...)`` answers ``session.pending``
with no randomness, so the answers depend only on the requests (and the case's seed):

- story requests: ``text``/``card``/``between`` go on (``{}``), a ``choice`` takes its
  first option (or the option ``choices`` names for its card), a ``character`` request
  its first Character, a ``roll`` is rolled by the engine (``{"auto": true}``), a
  ``reroll`` keeps the dice, a ``purchase`` buys nothing, a ``leave`` leaves the last
  cards until the hands fit, a ``pick`` takes its first option, Campaign Mode's ``keep``
  keeps the first Weapons that fit the hands, a ``battle`` played at the table is won by
  its first objective (``first_answer(request)``: all the answers that need no look at
  the board);
- Battle requests: ``deploy`` the first Start square facing the nearest goal of the aim,
  ``prepare`` keeps, ``stones`` rolled by the engine, ``pips`` and ``defend`` take the
  request's ``suggested`` dice, ``assign`` gives every Success to the first target;
- the ``turn``, by the Battle's aim (``aims`` per Battle card, else ``aim``):

  - ``"enemies"``: declare a table objective when offered, use a kept card whose ``use``
    helps now (``helps``: the Cross below the Destiny maximum), Search a token when offered,
    Attack with the first Weapon (a Ranged one at its first target), else Move to the
    square (and facing, its turning paid) nearest to an Enemy or a Search token (an
    Exit square when none is left), else end;
  - ``"exit"``: never Attack, Move toward the nearest free Exit square and stay there
    (never ``exit``: Reach Exit is met when the Exit area holds every Character);
  - ``"all"`` (Defeat all Enemies): as ``enemies`` but never Search, and only Enemies
    and Named Enemies are goals;
  - ``"named"`` (Defeat <name>): Attack, with the first Weapon that reaches the Named
    Enemy of the objective (a Ranged one at it) else the first Weapon with a target;
    Move toward that Named Enemy;
  - ``"leave"`` (Reach Exit by leaving the map): Rescue an adjacent Fallen ally; Move
    toward the free squares of the Exit area (the one a Character already left by, else
    the one nearest to a Character) or, while an ally is Fallen, toward the Fallen; then
    an Attack that meets no other objective (never the Named Enemy of a Defeat <name>
    objective, never the last Enemies of a Defeat all Enemies one); then ``exit`` on
    that area while no Character on the board is Fallen (leaving them would lose);
  - ``"clear"``: as ``leave``, but Attack before moving and make for the Enemies the
    same rule allows to Defeat first, then for the Exit;
  - ``"reveal"`` (Reveal X): Rescue (and make for the Fallen) as ``leave``; Search the
    token the objective names when it is in reach, else Move toward it, then an Attack
    as ``leave``'s.

  Distances are squares (``|dx| + |dy|``); ties go to the first in the request's order.

The answers are written to the case's ``NAME.answers.json`` by ``record.py`` and kept
in its transcript, so a port replays them without this module.
"""

from __future__ import annotations

from typing import Any

FACINGS = ["north", "east", "south", "west"]
AIMS_ADDED = ("all", "named", "reveal", "leave", "clear")
AIMS = ("enemies", "exit") + AIMS_ADDED


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


_OBJECTIVES: dict[tuple, list[dict[str, Any]]] = {}


def _objective(session, kind: str) -> dict[str, Any] | None:
    """The ``meet`` of the Battle's first objective of ``kind`` (``None``: it has none)."""
    battle = session.state["battle"]
    key = (session.bundle.content_hash, session.state["pack"], session.state["story"], battle["step"][0], battle["layout"])
    if key not in _OBJECTIVES:
        _, story = session.bundle.find_story(session.state["story"], session.state["pack"])
        card = next(c for c in story["cards"] if c["id"] == battle["step"][0])
        step = next(s for s in _walk(card["steps"]) if s["kind"] == "battle" and s["layout"] == battle["layout"])
        _OBJECTIVES[key] = [o["meet"] for o in step["objectives"]]
    return next((meet for meet in _OBJECTIVES[key] if meet["kind"] == kind), None)


def _walk(steps):
    for step in steps:
        yield step
        for key in ("then", "else", "pass", "fail"):
            yield from _walk(step.get(key) or [])
        for option in step.get("options") or []:
            yield from _walk(option.get("steps") or [])


def _leave_area(session) -> int:
    """The Exit area the ``leave`` aim makes for: the one a Character already left by,
    else the one with the square nearest to a Character on the board (during the
    deployment, to a free Start square), the first of equals."""
    battle = session.state["battle"]
    if battle.get("exited"):
        return battle["exited"][0]["area"]
    layout = session.bundle.board(session.state["pack"])["layouts"][battle["layout"]]
    squares = [c["square"] for c in battle["characters"]] or session.pending["squares"]   # a deploy: its Start squares
    return min(range(len(layout["exits"])),
               key=lambda a: min(_distance(sq, c) for sq in layout["exits"][a]["squares"] for c in squares))


def _goals(session, aim: str) -> list[tuple[int, int]]:
    battle = session.state["battle"]
    if aim == "exit":
        return _exits(session)
    if aim in ("leave", "reveal", "clear") and _fallen(session):
        return _fallen(session)                     # to Rescue them first
    if aim == "clear" and (foes := _foes(session)):
        return foes
    if aim in ("leave", "clear"):
        layout = session.bundle.board(session.state["pack"])["layouts"][battle["layout"]]
        taken = {tuple(c["square"]) for c in battle["characters"]}
        return [tuple(sq) for sq in layout["exits"][_leave_area(session)]["squares"] if tuple(sq) not in taken]
    if aim == "all":
        return [tuple(e["square"]) for e in battle["enemies"]] + [tuple(n["square"]) for n in battle["named"]]
    if aim == "named":
        name = _objective(session, "defeat")["enemy"]
        return [tuple(n["square"]) for n in battle["named"] if n["enemy"] == name]
    if aim == "reveal":
        token = _objective(session, "reveal")["token"]
        return [tuple(t["at"]) for t in battle["search_tokens"] if t["token"] == token and not t["revealed"]]
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
    if aim in AIMS_ADDED:
        return _aimed_turn(session, request, aim, options)
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


def _fallen(session) -> list[tuple[int, int]]:
    """The squares of the Fallen Characters on the board."""
    characters = session.state["characters"]
    return [tuple(c["square"]) for c in session.state["battle"]["characters"] if characters[c["character"]]["fallen"]]


def _spared(session) -> set[int]:
    """The figures an Attack of ``leave``, ``reveal`` and ``clear`` never targets: the
    Named Enemy of a Defeat <name> objective."""
    meet = _objective(session, "defeat")
    return {n["id"] for n in session.state["battle"]["named"] if meet is not None and n["enemy"] == meet["enemy"]}


def _foes(session) -> list[tuple[int, int]]:
    """The squares ``clear`` closes in on: every Enemy and Named Enemy but the spared
    ones, none when only one is left in a Battle with a Defeat all Enemies objective."""
    battle = session.state["battle"]
    foes = [f for f in battle["enemies"] + battle["named"] if f["id"] not in _spared(session)]
    if _objective(session, "defeat-all") is not None and len(battle["enemies"]) + len(battle["named"]) <= 1:
        return []
    return [tuple(f["square"]) for f in foes]


def _attack(session, options: dict[str, Any], aim: str) -> dict[str, Any] | None:
    """The Attack of the aims ``all`` and ``named`` (the Named Enemy of the objective
    first), or of ``leave`` and ``reveal`` when it can meet no other objective: never
    the Named Enemy of a Defeat <name> objective, never (a Melee Attack: its targets
    together) the last Enemies of a Battle with a Defeat all Enemies objective; the
    first Weapon that qualifies, a Ranged one at its first target; ``None``: no Attack."""
    if "attack" not in options:
        return None
    battle = session.state["battle"]
    named = [n["id"] for n in battle["named"] if aim == "named" and n["enemy"] == _objective(session, "defeat")["enemy"]]
    weapons = [w for w in options["attack"]["weapons"] if w["targets"]]
    if aim in ("leave", "reveal", "clear"):
        spared = _spared(session)
        left = len(battle["enemies"]) + len(battle["named"]) if _objective(session, "defeat-all") is not None else 99
        weapons = [dict(w, targets=[t for t in w["targets"] if t not in spared]) for w in weapons
                   if w["attack"] == "ranged" or not spared & set(w["targets"])]
        weapons = [w for w in weapons if w["targets"] and (1 if w["attack"] == "ranged" else len(w["targets"])) < left]
    weapon = next((w for w in weapons if set(named) & set(w["targets"])), weapons[0] if weapons else None)
    if weapon is None:
        return None
    answer = {"do": "attack", "weapon": weapon["card"]}
    if weapon["attack"] == "ranged":
        answer["target"] = next((t for t in weapon["targets"] if t in named), weapon["targets"][0])
    return answer


def _aimed_turn(session, request: dict[str, Any], aim: str, options: dict[str, Any]) -> dict[str, Any]:
    """The ``turn`` of the aims ``all``, ``named``, ``reveal``, ``leave`` and ``clear`` (the module docstring)."""
    if aim in ("leave", "reveal", "clear") and "action rescue" in options:
        return {"do": "action", "action": "rescue", "figure": options["action rescue"]["figures"][0]}
    if aim == "reveal" and "action search" in options:
        goals = [list(g) for g in _goals(session, aim)]
        at = next((sq for sq in options["action search"]["squares"] if sq in goals), None)
        if at is not None:
            return {"do": "action", "action": "search", "at": at}
    if aim in ("all", "named", "clear") and (attack := _attack(session, options, aim)) is not None:
        return attack
    if "move" in options:
        square = next(c["square"] for c in session.state["battle"]["characters"] if c["id"] == request["figure"])
        move = _move(session, options["move"], square, aim)
        if move is not None:
            return move
    if aim in ("leave", "reveal") and (attack := _attack(session, options, aim)) is not None:
        return attack
    leaving = aim in ("leave", "clear") and "exit" in options
    if leaving and options["exit"]["area"] == _leave_area(session) and not _fallen(session):
        return {"do": "exit"}
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


def greedy_answer(session, aim: str = "enemies", sixes: bool = False, *, aims: dict[str, str] | None = None,
                  choices: dict[str, int] | None = None) -> dict[str, Any]:
    """The greedy player's answer to ``session.pending`` (a ``Session``; never ``end``).
    ``aim``: one of ``AIMS`` (the module docstring): ``"enemies"`` (attack, else close in
    on the nearest Enemy or Search token), ``"exit"`` (never attack; make for the
    nearest free Exit square and stay), ``"all"``, ``"named"``, ``"leave"``, ``"clear"``,
    ``"reveal"`` (each plays for one kind of objective); ``aims``: ``{"<Battle card id>":
    aim}``, the aim of that card's Battle instead of ``aim``; ``choices``: ``{"<story card
    id>": option}``, the ``option`` number answered to that card's ``choice`` request
    (``ValueError`` when the request does not offer it: the route is gone); ``sixes``:
    the Characters' Attack rolls are rolled at the table, every die a 6 (``{"faces": [6,
    ...]}``). Raises ``ValueError`` for an unknown aim or a request kind it cannot answer."""
    request = session.pending
    kind = request["kind"]
    if session.state.get("battle") is not None and aims:
        aim = aims.get(str(session.state["battle"]["step"][0]), aim)
    if aim not in AIMS:
        raise ValueError(f"unknown aim {aim!r}: one of {', '.join(AIMS)}")
    if kind == "choice" and choices and str(request["card"]) in choices:
        option = choices[str(request["card"])]
        if option not in [o["option"] for o in request["options"]]:
            raise ValueError(f"card {request['card']}: option {option} is not offered")
        return {"option": option}
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
