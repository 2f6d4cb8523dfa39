"""A Character turn: Move, 1 Action and 1 Attack in any order, Stones of Chance spent.

``character_turn(scene, index)`` is a generator: it yields ``turn`` requests listing
only the legal options (docs/runtime.md, "Battle rounds") until the players answer
``{"do": "end"}`` or the Character Falls, and plays each answer:

- **Move** (once, before, between or after the rest; all points at once): points =
  the pack's ``battle_round.move_stat`` (through the held tokens' ``stat_modifier``) +
  ``turn.move_bonus``; ``squares`` every square reachable with them
  (``board.reachable``, cost without turning); the answer's cost is the path's plus 1
  per 90 degrees turned (``board.turns_between``); a keyword's ``enter_wounds`` on the
  way wounds the Character (``battle.entering``).
- **Action** (once): Prepare (``battle.prepare``), Talent / Support (``battle.abilities``),
  Rescue an adjacent Fallen ally (up to ``battle_round.rescue.heal`` Health
  tokens flipped gold, stood up, a ``pick`` ``for: "facing"``), Trade with an adjacent
  ally, standing or Fallen (held cards exchanged; then ``carry.hands``), Interact with terrain
  (``battle.terrain_actions``), Search a token on the Character's square or
  adjacent (revealed: the ``reveal`` objectives).
- **Attack** (once; a second one with another Weapon after a Prowess stone sets
  ``turn.second_attack``): ``battle.attack.attack`` with ``turn.extra_attack_dice``
  (then spent), or a tile target (``terrain_actions.attack_tile``).
- **Stone of Chance**: ``battle.stones``: ``stone_options`` / ``spend_stone``.
- **Use a kept card** (no Action; any number): ``battle.use``: ``use_option`` /
  ``use_card``.
- **Objective**: an objective of kind ``table`` declared met (``BattleEnded``).
- **Exit**: on a square of an Exit area of a Battle with a ``reach-exit`` objective,
  leave the map (the figure leaves the board; the turn ends; docs/rulings.md, "Leaving
  by the Exit"). A Character who left is still in play, inside that area: their turn
  offers ``{"do": "return", "squares"}`` (back onto a free square of the area, then a
  whole turn) or ``end``.

The answer check of ``turn`` is ``battle.round_answers.check_turn``.

Rule sources: Gascony's Legacy, "2. Character Turns", "Move", "Action" (Prepare, Use
Your Talent, Use Your Support Ability, Rescue a Fallen Ally, Trade Cards and Coins),
"Attack", "Search Tokens", "Fallen Characters". Dependencies: ``board``, ``rolls``,
``wounds``, ``deck_play``, ``battle.*``.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from cardforge_runtime.battle.attack import attack, targets_of
from cardforge_runtime.battle.entering import enter_after_move
from cardforge_runtime.battle.objectives import BattleEnded
from cardforge_runtime.battle.patterns import unarmed_card
from cardforge_runtime.battle import abilities, stones, terrain_actions, use
from cardforge_runtime.battle.prepare import prepare
from cardforge_runtime.battle.scene import Scene
from cardforge_runtime.battle.targets import pick
from cardforge_runtime.board import DIRECTIONS, adjacent, reachable, turns_between
from cardforge_runtime.deck_play import settle_hands
from cardforge_runtime.rolls import stat_value
from cardforge_runtime.wounds import heal

__all__ = ["character_turn", "move_points", "turn_options", "unarmed_card"]

Request = dict[str, Any]
Play = Generator[Request, dict[str, Any], None]


def _rounds(scene: Scene) -> dict[str, Any]:
    return scene.pack["battle_round"]


def move_points(scene: Scene, turn: dict[str, Any]) -> int:
    """The Character's Movement points this turn: the ``move_stat`` as a roll reads it
    (``rolls.stat_value``: the held tokens' ``stat_modifier``) + ``turn.move_bonus``."""
    character = scene.game["characters"][turn["character"]]
    return max(0, stat_value(character, _rounds(scene)["move_stat"], scene.tokens) + turn["move_bonus"])


def _allies(scene: Scene, figure_id: int, fallen: bool | None) -> list[int]:
    """The Characters adjacent to figure ``figure_id``: the Fallen ones (``True``,
    Rescue), the standing ones (``False``) or all (``None``, Trade: "Choose an adjacent
    Character")."""
    here = scene.square(figure_id)
    return [f["id"] for f in scene.battle["characters"]
            if f["id"] != figure_id and adjacent(here, tuple(f["square"]))
            and fallen in (None, scene.game["characters"][f["character"]]["fallen"])]


def _weapons(scene: Scene, figure_id: int) -> list[str]:
    """The Weapons figure ``figure_id`` may attack with: its equipped ones ("using one
    of your Equipped Weapons"), else the Unarmed card ("If you find yourself without a
    Weapon, you can still attack; use the Unarmed weapon card"; Gascony's Legacy, Attack)."""
    equipped = list(scene.get(figure_id)["weapons"])
    unarmed = unarmed_card(scene)
    return equipped or ([unarmed] if unarmed is not None else [])


def turn_options(scene: Scene, turn: dict[str, Any]) -> list[dict[str, Any]]:
    """The legal options of the ``turn`` request now (docs/runtime.md, "Battle rounds")."""
    figure_id = turn["figure"]
    me = scene.get(figure_id)
    limits = _rounds(scene)["turn"]
    options: list[dict[str, Any]] = []
    if not turn["moved"] and limits["move"]:
        points = move_points(scene, turn)
        reach = reachable(scene.board, scene.square(figure_id), points, "character", scene.figures())
        squares = [{"to": list(sq), "cost": cost} for sq, cost in sorted(reach.items(), key=lambda i: (i[0][1], i[0][0]))]
        if points > 0:
            options.append({"do": "move", "points": points, "facing": me["facing"], "squares": squares})
    if not turn["action"] and limits["action"]:
        options += _action_options(scene, turn)
    elif (granted := _granted_interact(scene, turn)):
        options.append({"do": "action", "action": "interact", "tiles": granted})
    allowed = limits["attack"] + (1 if turn["second_attack"] else 0)
    if len(turn["attacks"]) < allowed:
        weapons = []
        for card in _weapons(scene, figure_id):
            if card in turn["attacks"]:
                continue
            data = scene.decks.card(card)
            targets = targets_of(scene, figure_id, data)
            tiles = list(terrain_actions.tile_targets(scene, figure_id, card))
            if targets or tiles:
                weapons.append({"card": card, "name": data["name"], "attack": data["attack"], "targets": targets,
                                "tiles": tiles})
        if weapons:
            options.append({"do": "attack", "weapons": weapons})
    if scene.battle["stones"]:
        offered = stones.stone_options(scene, turn)
        if offered:
            options.append({"do": "stone", "stones": offered})
    if (kept := use.use_option(scene, turn)) is not None:
        options.append(kept)
    here = scene.square(figure_id)
    areas = [a for a, area in enumerate(scene.exits) if here in area]
    if areas and any(meet["kind"] == "reach-exit" for meet in scene.objectives):
        options.append({"do": "exit", "area": areas[0]})
    declared = [i for i, meet in enumerate(scene.objectives) if meet["kind"] == "table"]
    if declared:
        options.append({"do": "objective", "objectives": declared})
    options.append({"do": "end"})
    return options


def _granted_interact(scene: Scene, turn: dict[str, Any]) -> list[dict[str, Any]]:
    """The terrain actions an ability's automatic successes still grant this turn
    (``turn["auto_successes"]`` with ``action: "interact"``): those whose challenge uses
    its stat. That Interact is the ability's own, not the turn's Action ("The
    Corps-à-corps Talent lets Porthos Interact with a Terrain Tile that requires a
    Movement Challenge", Gascony's Legacy, Battle Round Example: his Action was the
    Talent)."""
    auto = turn.get("auto_successes")
    if not auto or auto.get("action") != "interact":
        return []
    return [t for t in terrain_actions.interact_options(scene, turn["figure"])
            if (t.get("challenge") or {}).get("stat") == auto.get("stat")]


def _action_options(scene: Scene, turn: dict[str, Any]) -> list[dict[str, Any]]:
    figure_id = turn["figure"]
    actions = _rounds(scene)["actions"]
    out: list[dict[str, Any]] = []
    for action in actions:
        if action == "prepare":
            out.append({"do": "action", "action": "prepare"})
        elif action == "rescue" and (fallen := _allies(scene, figure_id, True)):
            out.append({"do": "action", "action": "rescue", "figures": fallen})
        elif action == "trade" and (near := [f for f in _allies(scene, figure_id, None)   # a card to trade
                                             if scene.character(figure_id)["cards"] or scene.character(f)["cards"]]):
            me = scene.character(figure_id)
            out.append({"do": "action", "action": "trade", "figures": near, "cards": list(me["cards"]),
                        "partners": [{"figure": f, "cards": list(scene.character(f)["cards"])} for f in near]})
        elif action == "search":
            here = scene.square(figure_id)
            squares = [t["at"] for t in scene.battle["search_tokens"]
                       if not t["revealed"] and (tuple(t["at"]) == here or adjacent(here, tuple(t["at"])))]
            if squares:
                out.append({"do": "action", "action": "search", "squares": squares})
        elif action == "interact":
            tiles = terrain_actions.interact_options(scene, figure_id)
            if tiles:
                out.append({"do": "action", "action": "interact", "tiles": tiles})
    if any(a in actions for a in ("talent", "support")):
        out += [entry for entry in abilities.ability_actions(scene, turn) if entry.get("action") in actions]
    return out


def character_turn(scene: Scene, index: int) -> Play:
    """Character ``index``'s turn (standing, on the board). Sets ``battle["turn"]``
    while it lasts (``None`` after); events ``turn`` (start), ``character-move``,
    ``rescue``, ``trade``, ``search``, ``exit``, ``turn-end`` (``reason``: ``end`` /
    ``fallen`` / ``exit``)."""
    battle = scene.battle
    gone = next((e for e in battle["exited"] if e["character"] == index), None)
    figure_id = gone["figure"]["id"] if gone else next(f["id"] for f in battle["characters"] if f["character"] == index)
    turn = {"character": index, "figure": figure_id, "moved": False, "action": False, "attacks": [],
            "move_bonus": 0, "extra_attack_dice": 0, "second_attack": False, "auto_successes": None}
    battle["turn"] = turn
    scene.record({"event": "turn", "round": battle["round"], "character": index, "figure": figure_id})
    reason, playing = "end", True
    if gone is not None:
        taken = scene.figures()
        free = [list(sq) for sq in scene.exits[gone["area"]] if sq not in taken]
        options = ([{"do": "return", "area": gone["area"], "squares": free}] if free else []) + [{"do": "end"}]
        answer = yield {"kind": "turn", "card": scene.game.get("card"), "round": battle["round"], "character": index,
                        "figure": figure_id, "stones": list(battle["stones"]), "options": options}
        playing = answer["do"] == "return"
        if playing:
            _come_back(scene, gone, answer["to"])
    while playing:
        if scene.game["characters"][index]["fallen"]:
            reason = "fallen"
            break
        answer = yield {"kind": "turn", "card": scene.game.get("card"), "round": battle["round"], "character": index,
                        "figure": figure_id, "stones": list(battle["stones"]), "options": turn_options(scene, turn)}
        if answer["do"] == "end":
            break
        if answer["do"] == "exit":
            reason = "exit"
            _leave(scene, turn)
            break
        yield from _play(scene, turn, answer)
        _sync_weapons(scene)
    battle["turn"] = None
    battle["turns_taken"].append(index)
    scene.record({"event": "turn-end", "character": index, "reason": reason})


def _leave(scene: Scene, turn: dict[str, Any]) -> None:
    """The Character leaves the map through the Exit area they stand on (Setup 7:
    "pieces can exit the map by moving off the edge of a map tile"): their figure leaves
    the board and they count as in that Exit area (``battle["exited"]``; the
    ``reach-exit`` objective). Their turn ends; later turns may bring them back
    (``_come_back``)."""
    figure_id = turn["figure"]
    here = scene.square(figure_id)
    area = next(a for a, squares in enumerate(scene.exits) if here in squares)
    figure = scene.get(figure_id)
    scene.battle["characters"] = [f for f in scene.battle["characters"] if f["id"] != figure_id]
    scene.battle["turn"] = None
    scene.battle["exited"].append({"character": turn["character"], "area": area, "figure": figure})
    scene.record({"event": "exit", "figure": figure_id, "character": turn["character"], "from": list(here),
                  "area": area})


def _come_back(scene: Scene, gone: dict[str, Any], to: list[int]) -> None:
    """A Character who left by an Exit steps back onto the free square ``to`` of that
    Exit area, with the facing they left with, and plays a whole turn (they were in
    the area all along: "When an Exit Area contains all Characters in play [...]
    players exit the map", Gascony's Legacy, Common Battle Objectives; docs/rulings.md,
    "Leaving by the Exit"). Event ``return`` (``figure``, ``character``, ``to``,
    ``area``)."""
    figure = dict(gone["figure"], square=list(to))
    scene.battle["exited"] = [e for e in scene.battle["exited"] if e is not gone]
    scene.battle["characters"] = sorted([*scene.battle["characters"], figure], key=lambda f: f["character"])
    scene.record({"event": "return", "figure": figure["id"], "character": gone["character"], "to": list(to),
                  "area": gone["area"]})


def _play(scene: Scene, turn: dict[str, Any], answer: dict[str, Any]) -> Play:
    do = answer["do"]
    figure_id = turn["figure"]
    if do == "move":
        me = scene.get(figure_id)
        here = scene.square(figure_id)
        to = tuple(answer["to"])
        reach = reachable(scene.board, here, move_points(scene, turn), "character", scene.figures())
        cost = reach[to] + turns_between(me["facing"], answer["facing"])
        turn["moved"] = True
        me["square"], me["facing"] = list(to), answer["facing"]
        scene.record({"event": "character-move", "figure": figure_id, "from": list(here), "to": list(to),
                      "facing": answer["facing"], "cost": cost})
        enter_after_move(scene, figure_id, here)         # terrain that wounds on entering
    elif do == "action":
        if answer["action"] in ("talent", "support"):
            # the ability's own check of the Action, which marks it taken
            yield from abilities.use_ability(scene, turn, answer["action"], action=True)
        else:
            granted = answer["action"] == "interact" and any(
                t["tile"] == answer["tile"] and t["name"] == answer["name"] for t in _granted_interact(scene, turn))
            turn["action"] = turn["action"] or not granted
            yield from _action(scene, turn, answer)
    elif do == "attack":
        turn["attacks"].append(answer["weapon"])
        if "tile" in answer:
            extra, turn["extra_attack_dice"] = turn["extra_attack_dice"], 0
            yield from terrain_actions.attack_tile(scene, figure_id, answer["weapon"],
                                                                          answer["tile"], extra_dice=extra)
        else:
            extra, turn["extra_attack_dice"] = turn["extra_attack_dice"], 0
            yield from attack(scene, figure_id, answer["weapon"], target=answer.get("target"), extra_dice=extra)
    elif do == "stone":
        yield from stones.spend_stone(scene, turn, answer["stone"], answer["option"])
    elif do == "use":
        yield from use.use_card(scene, turn, answer["card"])
    elif do == "objective":
        scene.record({"event": "objective-declared", "objective": answer["objective"],
                      "character": turn["character"]})
        raise BattleEnded({"objective": answer["objective"]})


def _action(scene: Scene, turn: dict[str, Any], answer: dict[str, Any]) -> Play:
    action = answer["action"]
    figure_id = turn["figure"]
    if action == "prepare":
        yield from prepare(scene, figure_id)
    elif action == "rescue":
        ally = answer["figure"]
        character = scene.character(ally)
        before = character["health"]
        heal(character, _rounds(scene)["rescue"]["heal"])
        character["fallen"] = False
        facing = yield from pick("facing", list(DIRECTIONS), figure=ally)
        scene.get(ally)["facing"] = facing
        scene.record({"event": "rescue", "figure": figure_id, "rescued": ally, "healed": character["health"] - before,
                      "facing": facing})
    elif action == "trade":
        yield from _trade(scene, figure_id, answer["figure"], answer["give"], answer["take"])
    elif action == "search":
        token = next(t for t in scene.battle["search_tokens"] if t["at"] == list(answer["at"]) and not t["revealed"])
        token["revealed"] = True
        scene.record({"event": "search", "figure": figure_id, "at": list(token["at"]), "token": token["token"]})
    elif action == "interact":
        result = yield from terrain_actions.interact(scene, figure_id, answer["tile"], answer["name"],
                                             auto_successes=turn["auto_successes"])
        if result.get("auto"):
            turn["auto_successes"] = None        # Corps-a-corps's successes are used


def _trade(scene: Scene, me_id: int, ally_id: int, give: list[str], take: list[str]) -> Play:
    """Trade Cards and Coins: ``give`` (card ids) from me to the ally, ``take`` back;
    coins are the party's in this engine (nothing to trade). Then each keeps within the
    pack's ``carry.hands`` (a ``leave`` request when over)."""
    mine, theirs = scene.character(me_id), scene.character(ally_id)
    for cards, source, target in ((give, mine, theirs), (take, theirs, mine)):
        for card in cards:
            name = scene.decks.card(card)["name"]
            source["cards"].remove(card)
            items = list(source["items"])
            items.remove(name)
            source["items"] = items
            target["cards"].append(card)
            target["items"] = [*target["items"], name]
    scene.record({"event": "trade", "figure": me_id, "with": ally_id, "give": list(give), "take": list(take)})
    _sync_weapons(scene)
    indices = [scene.get(me_id)["character"], scene.get(ally_id)["character"]]
    yield from settle_hands(scene.game, scene.pack, scene.record, indices)


def _sync_weapons(scene: Scene) -> None:
    """A Weapon that left its Character's cards (traded, left over the hands, discarded)
    is no longer equipped."""
    for figure in scene.battle["characters"]:
        held = scene.game["characters"][figure["character"]]["cards"]
        kept = [card for card in figure["weapons"] if card in held]
        if kept != figure["weapons"]:
            figure["weapons"] = kept

