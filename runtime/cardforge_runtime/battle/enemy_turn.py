"""The Enemy turn of a Battle round: Named Enemies' threats, Enemy movement, Enemy attacks.

``enemy_turn(scene)`` plays Gascony's Legacy's "3. Enemy Turn" in its order:

1. **Named Enemies**: each Named Enemy on the board, in board order, draws the top
   card of its Threat deck and resolves its threat portion (``effects.draw_and_resolve``:
   a card that says to draw more draws in the same chain); it does nothing more this
   turn. Event ``{"event": "threat", "figure", "enemy", "deck"}`` before each draw.
2. **Movement**: every Enemy on the board (those a threat spawned too), one at a time
   in the pack's ``enemy_rules.activation_order`` (``activation_order``), moves by its
   priorities (``enemy_move.move_enemy``: events ``enemy-move``, ties asked).
3. **Attacks**: each Enemy's target by its ``priorities.target``
   (``targets.select_targets``; Fallen Characters are never candidates; the players
   choose among adjacent Characters: ``pick`` ``for: "target"``), event
   ``{"event": "enemy-attack", "figure", "targets", "damage"}``; then per Character,
   in the game state's Character order, one ``defense.defend`` with every attack it
   receives (automatic Wounds first, then one Defense roll). An Enemy with
   ``attacks: n`` attacks n times; with ``retarget_on_kill`` its attacks after the
   first come one at a time after the Defense rolls, each at a new target when the
   last one has Fallen. ``on_hit`` effects run for each Enemy that hit (``you``: the
   Character, ``this``: the Enemy): its damage was not all blocked (docs/rulings.md,
   "Enemy attacks").

``activate(scene, figure_ids)`` is steps 2 and 3 for the given Enemies only (a Threat
card's ``activate`` effect: "All Cardinal's Guards adjacent to the Cardinal
activate"); ``enemy_attack(scene, enemy, character, damage)`` one attack (a Threat
card's ``attack`` effect). ``wire(scene)`` sets them as ``scene.enemy_turn`` and
``scene.enemy_attack``; ``enemy_turn`` wires the scene it plays.

Rule sources: Gascony's Legacy, "3. Enemy Turn" (1. Named Enemy, 2. Enemy Movement, 3.
Enemy Attacks, 3A, 3B), "Fallen Characters", "Battle Round Example"; the second
ruleset's "Attack Priority" (``nearest-first``: "Closest enemy attacks first") and
"Double Attack". Dependencies: ``board``, ``battle.enemy_move``, ``battle.defense``,
``battle.effects``, ``battle.targets``.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Sequence
from typing import Any

from cardforge_runtime.battle.defense import Defense, defend
from cardforge_runtime.battle.effects import draw_and_resolve, run
from cardforge_runtime.battle.enemy_move import move_enemy, priorities_of
from cardforge_runtime.battle.patterns import melee_cover
from cardforge_runtime.battle.resolution import Resolution
from cardforge_runtime.battle.scene import Scene
from cardforge_runtime.battle.targets import candidates, pick, select_targets
from cardforge_runtime.board import nearest
from cardforge_runtime.errors import EngineError

__all__ = ["activate", "activation_order", "enemy_attack", "enemy_attacks", "enemy_turn", "wire"]

Request = dict[str, Any]
Play = Generator[Request, dict[str, Any], None]


def wire(scene: Scene) -> Scene:
    """Give ``scene`` this module's ``activate`` as ``enemy_turn`` and ``enemy_attack``
    as ``enemy_attack`` (the ``activate`` and ``attack`` effects of Threat cards) where
    it has none. Returns ``scene``."""
    if scene.enemy_turn is None:
        scene.enemy_turn = activate
    if scene.enemy_attack is None:
        scene.enemy_attack = enemy_attack
    return scene


def _data(scene: Scene, figure_id: int) -> dict[str, Any]:
    name = scene.get(figure_id)["enemy"]
    return scene.enemies.get(name) or scene.named_enemies[name]


def activation_order(scene: Scene, figure_ids: Iterable[int]) -> list[int]:
    """The Enemies of ``figure_ids`` still on the board, in the order they act: the
    pack's ``enemy_rules.activation_order``: ``melee-then-ranged`` (Melee Enemies,
    then Ranged ones, each in the order given: board order, the order they were
    placed; docs/rulings.md, "Enemy movement") or ``nearest-first`` (the fewest
    Movement points to a standing Character first, ``board.nearest``; those that
    cannot reach one last; equal ones in the order given).

    Raises:
        EngineError: an unknown activation order.
    """
    ids = [i for i in figure_ids if scene.on_board(i) and scene.kind(i) == "enemy"]
    how = (scene.pack.get("enemy_rules") or {}).get("activation_order") or "melee-then-ranged"
    if how == "melee-then-ranged":
        return sorted(ids, key=lambda i: scene.enemies[scene.get(i)["enemy"]]["type"] != "melee")
    if how == "nearest-first":
        people = [scene.square(c) for c in candidates(scene)]
        figures = scene.figures()

        def distance(i: int) -> float:
            cost, _ = nearest(scene.board, scene.square(i), people, "enemy", figures, end=False)
            return float("inf") if cost is None else cost
        return sorted(ids, key=distance)
    raise EngineError(f"unknown activation order {how!r}: expected melee-then-ranged or nearest-first")


def _check_playable(scene: Scene, ids: Sequence[int]) -> None:
    for i in ids:
        data = scene.enemies[scene.get(i)["enemy"]]
        if data.get("attack") is not None:
            raise EngineError(f"Enemy {data['name']!r} attacks with an attack value and a Response card (the second "
                              "ruleset's Resolving Attacks), which the Enemy turn does not play")


def enemy_turn(scene: Scene) -> Play:
    """The whole Enemy turn (module docstring): Named Enemies' threats, movement,
    attacks. Yields the requests of threats, ties, targets and Defense rolls.

    Raises:
        EngineError: an Enemy the Enemy turn cannot play (an attack value), an
            unknown movement step or activation order; the effect interpreter's errors.
    """
    wire(scene)
    for named in [f["id"] for f in scene.battle["named"]]:
        if not scene.on_board(named):
            continue
        name = scene.get(named)["enemy"]
        deck = scene.named_enemies[name].get("threat_deck")
        if deck is None:
            continue
        scene.record({"event": "threat", "figure": named, "enemy": name, "deck": deck})
        yield from draw_and_resolve(scene, deck, Resolution(None, named, None, "threat"))
    yield from activate(scene, [f["id"] for f in scene.battle["enemies"]])


def activate(scene: Scene, figure_ids: Iterable[int]) -> Play:
    """Enemies ``figure_ids`` act now: each still on the board moves by its priorities,
    in ``activation_order``, then they attack (``enemy_attacks``). Named Enemies and
    figures no longer on the board are left out.

    Raises:
        EngineError: as ``enemy_turn``.
    """
    wire(scene)
    order = activation_order(scene, figure_ids)
    _check_playable(scene, order)
    for enemy in order:
        if scene.on_board(enemy):
            yield from move_enemy(scene, enemy)
    yield from enemy_attacks(scene, order)


def _target(scene: Scene, enemy: int) -> Generator[Request, dict[str, Any], int | None]:
    rule = priorities_of(scene, enemy)["target"]
    found = yield from select_targets(scene, rule, enemy, covers=lambda f: melee_cover(scene, f))
    people = [t for t in found if isinstance(t, int)]
    if len(people) > 1:        # a rule that leaves several: one attack, the players choose
        chosen = yield from pick("target", people, figure=enemy, card=scene.game.get("card"))
        people = [chosen]
    if not people and found:
        scene.record({"event": "enemy-attack", "figure": enemy, "targets": found, "damage": _data(scene, enemy)["damage"],
                      "resolved": False})
    return people[0] if people else None


def enemy_attacks(scene: Scene, figure_ids: Sequence[int]) -> Play:
    """Step 3 of the Enemy turn for Enemies ``figure_ids`` (in that order): every
    target first, then per Character (game state order) one ``defense.defend`` with
    all the attacks it receives, then the ``on_hit`` effects of those that hit. With
    ``attacks: n`` an Enemy adds n attacks; with ``retarget_on_kill`` its attacks after
    the first follow in later rounds of targets and Defense rolls, each at the last
    target if it still stands, else at a new one."""
    last: dict[int, int] = {}
    wave = 1
    while True:
        attackers = []
        for enemy in figure_ids:
            if not scene.on_board(enemy):
                continue
            data = _data(scene, enemy)
            if wave == 1 or (data.get("retarget_on_kill") and data.get("attacks", 1) >= wave):
                attackers.append(enemy)
        if not attackers:
            return
        aimed: dict[int, list[dict[str, Any]]] = {}
        for enemy in attackers:
            data = _data(scene, enemy)
            target = last.get(enemy)
            if target is None or not scene.on_board(target) or scene.character(target)["fallen"]:
                target = yield from _target(scene, enemy)
            if target is None:
                continue
            count = 1 if data.get("retarget_on_kill") else data.get("attacks", 1)
            last[enemy] = target
            scene.record({"event": "enemy-attack", "figure": enemy, "targets": [target], "damage": data["damage"]})
            aimed.setdefault(target, []).extend({"figure": enemy, "damage": data["damage"]} for _ in range(count))
        for character in sorted(aimed, key=lambda f: scene.get(f)["character"]):
            if scene.character(character)["fallen"]:
                continue
            result = yield from defend(scene, character, aimed[character])
            yield from _on_hit(scene, character, result)
        wave += 1


def hits(scene: Scene, result: Defense) -> list[int]:
    """The Enemies whose attack hit in Defense ``result``: those that dealt automatic
    Wounds, and those of a group of attacks whose damage was not all blocked (the
    Defense does not say which attack of a group a die stopped: docs/rulings.md,
    "Enemy attacks"). In order, each once."""
    out = [enemy for enemy, wounds in result.automatic.items() if wounds]
    for index, group in enumerate(result.groups):
        successes = sum(scene.rule.face_successes(f, advantage=group["advantage"], disadvantage=group["disadvantage"],
                                                  doom=result.doom)
                        for f, a in zip(result.faces, result.assigned, strict=False) if a == index)
        if min(successes, group["damage"]) < group["damage"]:
            out += [enemy for enemy in group["attacks"] if enemy not in out]
    return out


def _on_hit(scene: Scene, character: int, result: Defense) -> Play:
    for enemy in hits(scene, result):
        if scene.on_board(enemy) and _data(scene, enemy).get("on_hit"):
            yield from run(scene, _data(scene, enemy)["on_hit"], Resolution(character, enemy, None, "effects"))


def enemy_attack(scene: Scene, enemy: int, character: Any, damage: int) -> Play:
    """Enemy or Named Enemy figure ``enemy`` attacks Character figure ``character``
    for ``damage`` now (a Threat card's ``attack`` effect): one ``defense.defend``
    (automatic Wounds from outside the Character's patterns, else a Defense roll),
    then the Enemy's ``on_hit`` effects if it hit. A Fallen Character or a target that
    is not a Character figure (a terrain square from a ``fallback``) is not attacked
    (event ``enemy-attack`` with ``resolved: false`` for a terrain square)."""
    if not isinstance(character, int):
        scene.record({"event": "enemy-attack", "figure": enemy, "targets": [character], "damage": damage,
                      "resolved": False})
        return
    if not scene.on_board(character) or scene.character(character)["fallen"]:
        return
    result = yield from defend(scene, character, [{"figure": enemy, "damage": damage}])
    yield from _on_hit(scene, character, result)
