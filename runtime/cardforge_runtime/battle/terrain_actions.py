"""Terrain actions in a Battle: the Interact Action on a terrain tile, and Attacks that
target a tile.

- ``interact_options(scene, figure)``: the terrain actions Character figure ``figure``
  may take now (the ``turn`` request's ``interact`` entry): each placed tile still on
  the board whose action's ``from`` the Character's square satisfies;
- ``interact(scene, figure, tile, name, auto_successes=None)``: take one (a generator
  in the manner of ``attack.attack``): the challenge roll (the story's ``roll`` and
  ``reroll`` requests, ``for: "challenge"``; a Character-turn ``auto_successes`` of
  the challenge's stat replaces the roll: Corps-à-corps), then the action's
  ``success`` or ``failure`` effects (``terrain_effects.run_steps``);
- ``tile_targets(scene, figure, weapon)`` and ``attack_tile(scene, figure, weapon,
  tile)``: a tile with ``targets`` attacked (Breaking the Chain: a Ranged Attack
  against 4 Defense; Successes >= ``targets.defense`` play its ``success`` effects,
  else its ``failure`` effects).

Where a Character must stand (``from``, ``board_fields.ACTION_FROM``): ``adjacent``
(one of the 8 squares around the tile, not on it), ``adjacent-or-on``, ``on``,
``edge-adjacent`` (sharing an edge with a square of the tile, not on it),
``beside-or-behind`` (sharing an edge with a side or the rear of the tile, not on it
and not in front of it: the rear is opposite the placement's ``facing``),
``high-ground-by-banner`` (on a square of the tile bordering a railing edge that shows
a banner, with an empty square across it). An action whose effects need a square to go
to (``swing-diagonal``: the square diagonally opposite; ``slide-over-railing``: the
square across the railing) is offered only when that square can take the Character
(docs/rulings.md, "Terrain actions"). "When Interacting with a Terrain Tile, and/or
making a Challenge, your facing does not matter."

No tile, keyword or action name appears here: only the data fields of the pack's
``board`` (``terrain_tiles[name].actions``, ``targets``).

Rule sources: Gascony's Legacy, "Terrain Tiles", "Enemies and Terrain", "Battle Round
Example" (Corps-à-corps: "automatically get 4 success on the roll"), "Challenges".
Dependencies: ``board``, ``rolls``, ``battle.*``.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping
from typing import Any

from cardforge_runtime.battle.attack import attack_dice
from cardforge_runtime.battle.dice_rules import roll_with_rules, rules_for
from cardforge_runtime.battle.patterns import weapon_squares
from cardforge_runtime.battle.scene import Scene
from cardforge_runtime.battle.terrain_effects import run_steps
from cardforge_runtime.battle.terrain_squares import Acting, banner_landings, pack_board, swing_landing
from cardforge_runtime.battle.terrain_state import tiles_of
from cardforge_runtime.board import adjacent, line_of_sight
from cardforge_runtime.board.grid import STEP
from cardforge_runtime.errors import EngineError
from cardforge_runtime.rolls import roll

__all__ = ["attack_tile", "interact", "interact_options", "tile_action", "tile_targets"]

Square = tuple[int, int]
Request = dict[str, Any]


def _tile_data(scene: Scene, tile: int) -> Mapping[str, Any]:
    """The bundle object of the terrain tile placed as ``tile``."""
    name = scene.board.layout["terrain_tiles"][tile]["tile"]
    return pack_board(scene)["terrain_tiles"][name]


def tile_action(scene: Scene, tile: int, name: str) -> Mapping[str, Any]:
    """The action ``name`` of the terrain tile placed as ``tile`` (its bundle object).

    Raises:
        ValueError: no such placed tile, or its tile has no action of that name."""
    tiles = scene.board.layout["terrain_tiles"]
    if type(tile) is not int or not 0 <= tile < len(tiles):
        raise ValueError(f"no terrain tile {tile!r} is placed on layout {scene.board.layout_id!r}")
    for action in _tile_data(scene, tile).get("actions") or ():
        if action["name"] == name:
            return action
    raise ValueError(f"terrain tile {tile} ({tiles[tile]['tile']}) has no action {name!r}")


def _edge_neighbour(here: Square, squares: tuple[Square, ...]) -> list[str]:
    """The directions ``d`` such that ``here`` is the square at ``d`` of a tile square."""
    out = []
    for name, (dc, dr) in STEP.items():
        if (here[0] - dc, here[1] - dr) in squares:
            out.append(name)
    return out


def _stands_right(scene: Scene, tile: int, squares: tuple[Square, ...], where: str, here: Square) -> bool:
    """Whether a Character on ``here`` satisfies ``from: where`` for placed tile ``tile``."""
    on = here in squares
    if where == "on":
        return on
    if where == "adjacent-or-on":
        return on or any(adjacent(here, s) for s in squares)
    if where == "adjacent":
        return not on and any(adjacent(here, s) for s in squares)
    if where == "edge-adjacent":
        return not on and bool(_edge_neighbour(here, squares))
    if where == "beside-or-behind":
        facing = scene.board.layout["terrain_tiles"][tile].get("facing")
        if facing not in STEP:
            raise EngineError(f"terrain tile {tile} has an action from beside-or-behind but no facing (its front)")
        return not on and any(d != facing for d in _edge_neighbour(here, squares))
    if where == "high-ground-by-banner":
        return bool(banner_landings(scene, tile, here))
    raise EngineError(f"unknown action position {where!r} (board_fields.ACTION_FROM)")


def _effects_possible(scene: Scene, tile: int, action: Mapping[str, Any], here: Square) -> bool:
    """Whether the squares the action's effects move the Character to exist now."""
    kinds = {step.get("board") for step in list(action.get("success") or ()) + list(action.get("failure") or ())}
    if "swing-diagonal" in kinds and swing_landing(scene, tile, here) is None:
        return False
    return not ("slide-over-railing" in kinds and not banner_landings(scene, tile, here))


#: The ``from`` positions ``_stands_right`` only grants on a tile square or next to one.
_NEAR_ONLY = frozenset({"on", "adjacent-or-on", "adjacent", "edge-adjacent"})


def _around(board: Any, tile: int, squares: tuple[Square, ...]) -> frozenset[Square]:
    """The squares of placed tile ``tile`` and the 8 around each (kept on the board)."""
    key = ("tile-around", tile)
    found = board.cache.get(key)
    if found is None:
        found = board.cache[key] = frozenset((c + dc, r + dr) for c, r in squares
                                             for dc in (-1, 0, 1) for dr in (-1, 0, 1))
    return found


def interact_options(scene: Scene, figure: int) -> list[dict[str, Any]]:
    """The terrain actions Character figure ``figure`` may take now, in tile order then
    action order: ``[{"tile": index, "name": action name, "challenge": {"stat",
    "successes"} | None}]`` (the ``turn`` request's ``interact`` entry). A Fallen
    Character has none.

    Raises:
        EngineError: the pack has no board, an action with an unknown ``from`` or a
            ``beside-or-behind`` tile placed without a facing."""
    if scene.kind(figure) != "character" or scene.character(figure)["fallen"]:
        return []
    here = scene.square(figure)
    out = []
    for tile, squares in tiles_of(scene.board).items():
        near = here in _around(scene.board, tile, squares)
        for action in _tile_data(scene, tile).get("actions") or ():
            if action.get("action", "interact") != "interact":
                continue
            if action["from"] in _NEAR_ONLY and not near:
                continue        # _stands_right needs the tile on or next to ``here``
            if _stands_right(scene, tile, squares, action["from"], here) and _effects_possible(scene, tile, action, here):
                challenge = action.get("challenge")
                out.append({"tile": tile, "name": action["name"],
                            "challenge": None if challenge is None else {"stat": challenge["stat"],
                                                                        "successes": challenge["successes"]}})
    return out


def interact(scene: Scene, figure: int, tile: int, name: str, auto_successes: Mapping[str, Any] | None = None, *,
             counter_starts: Mapping[str, int] | None = None) -> Generator[Request, dict[str, Any], dict[str, Any]]:
    """Character figure ``figure`` takes terrain action ``name`` of placed tile ``tile``
    (the Interact Action). A generator: yields the challenge's ``roll`` request (``for:
    "challenge"``, ``target`` the Successes needed) and ``reroll`` requests (Destiny),
    then the ``pick`` requests of the effects; returns ``{"tile", "name", "passed",
    "successes", "needed", "auto"}``.

    Args:
        auto_successes: the turn's ``{"stat", "successes"}`` (Corps-à-corps: "Interact
            with a Terrain Tile that requires a Movement Challenge ... and
            automatically get 4 success on the roll"): used instead of the roll when
            the action has a challenge of that stat (the result's ``auto`` says so: the
            caller then clears it); else ignored.
        counter_starts: the story's counters, for ``set`` / ``add`` / ``clear`` steps.

    Events: ``interact`` (``figure``, ``tile``, ``name``), ``roll`` / ``reroll`` or
    ``auto-successes``, ``interact-result`` (``successes``, ``needed``, ``passed``),
    then the effects' events (docs/runtime.md, "Terrain actions").

    Raises:
        ValueError: before anything changes, when the action is not one of
            ``interact_options(scene, figure)``.
        EngineError: as ``interact_options``, ``terrain_effects.run_steps``.
    """
    if not any(o["tile"] == tile and o["name"] == name for o in interact_options(scene, figure)):
        tile_action(scene, tile, name)          # names an unknown tile or action first
        raise ValueError(f"figure {figure} cannot take {name!r} of terrain tile {tile} from "
                         f"{list(scene.square(figure))} now")
    action = tile_action(scene, tile, name)
    challenge = action.get("challenge")
    index = scene.get(figure)["character"]
    scene.record({"event": "interact", "figure": figure, "tile": tile, "name": name})
    successes, needed, auto = None, None, False
    if challenge is not None:
        needed = challenge["successes"]
        if auto_successes is not None and auto_successes.get("stat") == challenge["stat"]:
            successes, auto = int(auto_successes["successes"]), True
            scene.record({"event": "auto-successes", "character": index, "stat": challenge["stat"],
                          "successes": successes})
        else:
            state = scene.game if "card" in scene.game else {**scene.game, "card": None}
            successes = yield from roll(state, index, challenge["stat"], "challenge", needed, 0, tokens=scene.tokens,
                                        rule=scene.rule, rng=scene.rng, record=scene.record)
    passed = needed is None or successes >= needed
    scene.record({"event": "interact-result", "figure": figure, "tile": tile, "successes": successes,
                  "needed": needed, "passed": passed})
    acting = Acting(figure, tile, needed, successes, dict(counter_starts or {}))
    yield from run_steps(scene, action["success"] if passed else action.get("failure") or [], acting)
    return {"tile": tile, "name": name, "passed": passed, "successes": successes, "needed": needed, "auto": auto}


def _matches(target_attack: str, weapon: Mapping[str, Any]) -> bool:
    return target_attack == "any" or target_attack == weapon["attack"]


def tile_targets(scene: Scene, figure: int, weapon: str) -> list[int]:
    """The placed tiles Character figure ``figure`` may attack with Equipment card
    ``weapon``: tiles still on the board whose ``targets.attack`` is the Weapon's kind
    (or ``any``) with a square the Weapon reaches (``patterns.weapon_squares``: Range
    and line of sight for a Ranged Weapon; the pattern and line of sight for a Melee
    one), in tile order. Breaking the Chain: "A Character with a Ranged Attack may
    target the Chandelier Tile"."""
    data = scene.decks.card(weapon)
    me = scene.get(figure)
    here = scene.square(figure)
    candidates = []
    for tile, squares in tiles_of(scene.board).items():
        targets = _tile_data(scene, tile).get("targets")
        if targets and _matches(targets["attack"], data):
            candidates.append((tile, squares))
    if not candidates:
        return []
    # figures never block line of sight: the pattern and sight are the board's
    reach = set(weapon_squares(scene.board, here, me["facing"], me["flipped"], data))
    return [tile for tile, squares in candidates
            if any(sq in reach and line_of_sight(scene.board, here, sq) for sq in squares)]


def attack_tile(scene: Scene, figure: int, weapon: str, tile: int, *, extra_dice: int = 0,
                ) -> Generator[Request, dict[str, Any], dict[str, Any]]:
    """Character figure ``figure`` attacks placed tile ``tile`` with Equipment card
    ``weapon`` (an Attack: the Weapon's dice as ``attack.attack_dice`` counts them, with
    no Cover and no High Ground for a tile; ``extra_dice`` from Stones of Chance). A
    generator: the ``roll`` request ``for: "attack"`` (``target``: the tile's Defense,
    ``tile``), the Weapon's free rerolls, Destiny rerolls and pips
    (``dice_rules.roll_with_rules``), then the ``success`` effects when the Successes
    reach ``targets.defense``, else its ``failure`` effects ("Otherwise, nothing happens
    and the Attack is wasted"). No Reaction, no Loot. Returns ``{"tile", "weapon",
    "faces", "successes", "defense", "passed"}``. Events: ``attack-tile``, ``roll``...,
    ``attack-tile-result``, the effects' events.

    Raises:
        ValueError: before anything changes, when ``tile`` is not one of
            ``tile_targets(scene, figure, weapon)`` or the Weapon is not equipped.
    """
    data = scene.decks.card(weapon)
    if weapon not in scene.get(figure)["weapons"] and not data.get("unarmed"):
        raise ValueError(f"{weapon} ({data['name']}) is not equipped by figure {figure}")
    if tile not in tile_targets(scene, figure, weapon):
        raise ValueError(f"terrain tile {tile!r} cannot be attacked with {data['name']} from "
                         f"{list(scene.square(figure))}")
    targets = _tile_data(scene, tile)["targets"]
    how = attack_dice(scene, figure, data, None, extra_dice)
    how["disadvantage"] = False
    index = scene.get(figure)["character"]
    scene.record({"event": "attack-tile", "figure": figure, "weapon": weapon, "tile": tile, **how})
    request = {"kind": "roll", "card": scene.game.get("card"), "character": index,
               "stat": scene.battle_stat("melee", "Melee attacks") if data["attack"] == "melee" else None,
               "dice": how["dice"], "advantage": how["advantage"], "disadvantage": False, "doom": how["doom"],
               "for": "attack", "target": targets["defense"], "so_far": 0, "tile": tile}
    faces = yield from roll_with_rules(scene, index, request, rules_for(data, "attack"))
    successes = scene.rule.successes(faces, advantage=how["advantage"], disadvantage=False, doom=how["doom"])
    passed = successes >= targets["defense"]
    scene.record({"event": "attack-tile-result", "figure": figure, "tile": tile, "successes": successes,
                  "defense": targets["defense"], "passed": passed})
    yield from run_steps(scene, targets["success"] if passed else targets.get("failure") or [],
                         Acting(figure, tile, targets["defense"], successes))
    return {"tile": tile, "weapon": weapon, "faces": list(faces), "successes": successes,
            "defense": targets["defense"], "passed": passed}
