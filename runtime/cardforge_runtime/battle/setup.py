"""Battle Cards - Setup 1-7: the board, Search tokens, Enemies, Named Enemies, Threat
decks, then each Character placed by the players and a free Prepare.

``new_round_state(pack, layout_id, card, path)`` is the Battle state of a Battle about to
be set up (``battle.state``'s figures plus the round fields, docs/runtime.md "Battle
rounds"); ``set_up(scene)`` is a generator in the manner of the story rules: it places
what the layout shows, then yields a ``deploy`` request and a ``prepare`` request per
Character in index order.

1-2. Map and Terrain tiles: the layout (``scene.board``, built by the caller).
3. Search tokens: the tokens shown as A/B/C on their squares; the pack's other Search
   tokens (``board.components.search_tokens``) shuffled with the **deck generator**
   (stream 55) and placed one per ``?`` square, in the layout's order (unrevealed).
4. Enemies on every deployment square numbered up to the Battle's Character count
   (``board.deployment_for`` with ``Scene.players_set_up()``: Solo Play, the easier game).
5. Named Enemies on their squares, their tracker at ``named_health`` for that count;
   their Threat decks shuffled (``deck_play.set_up_threat_decks``, deck generator).
6. Each Character, in index order: a ``deploy`` request (a free Start square and a
   facing), then a free ``prepare`` request (Weapons equipped and the Stance).
7. Exit edges: the layout's Exit areas (``scene.exits``, read by the objectives).

A Fallen Character (Fallen earlier in the story) is placed too, lying on their square,
and gets no Prepare (docs/rulings.md, "A Battle begun with a Fallen Character").

Rule sources: Gascony's Legacy, "Battle Cards - Setup", "Prepare", "Stance tokens",
"Equipment cards". Dependencies: ``battle.state``, ``battle.prepare``, ``board``,
``deck_play``.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping
from typing import Any

from cardforge_runtime.battle.prepare import prepare
from cardforge_runtime.battle.scene import Scene
from cardforge_runtime.battle.state import add_character, add_enemy, add_named, named_health, new_battle, occupied
from cardforge_runtime.board import DIRECTIONS, deployment_for
from cardforge_runtime.deck_play import set_up_threat_decks
from cardforge_runtime.format import RANDOM_SEARCH_TOKEN

__all__ = ["exit_areas", "new_round_state", "set_up"]

Request = dict[str, Any]


def new_round_state(pack: Mapping[str, Any], layout_id: str, card: int, path: list[int]) -> dict[str, Any]:
    """The state of a Battle not yet set up: no figures, the supply of every Enemy
    (``supply``), ``layout``, ``step`` ``[card, path...]`` (the Battle step's place in
    its card), ``round`` 0, ``phase`` ``"setup"``, no Stones, no turn, no Search token,
    no Character gone through an Exit (``exited``), no terrain change, ``objective``
    ``None``."""
    battle = new_battle({enemy["name"]: enemy["supply"] for enemy in pack.get("enemies") or ()})
    battle.update({"layout": layout_id, "step": [card, *path], "round": 0, "phase": "setup", "stones": [],
                   "turns_taken": [], "turn": None, "search_tokens": [], "exited": [],
                   "terrain": {"removed": [], "moved": {}}, "objective": None})
    return battle


def exit_areas(layout: Mapping[str, Any]) -> list[list[tuple[int, int]]]:
    """The squares of each Exit area of a bundle layout (Setup 7)."""
    return [[(sq[0], sq[1]) for sq in area["squares"]] for area in layout.get("exits") or ()]


def _search_tokens(scene: Scene, layout: Mapping[str, Any], rng: Any) -> None:
    """Setup 3: fixed tokens where shown; the others shuffled onto the ``?`` squares."""
    placed = layout.get("search_tokens") or []
    fixed = [t["token"] for t in placed if t["token"] != RANDOM_SEARCH_TOKEN]
    box = [t for t in (scene.pack.get("board") or {}).get("components", {}).get("search_tokens", []) if t not in fixed]
    rng.shuffle(box)
    tokens = []
    for spot in placed:
        token = spot["token"]
        if token == RANDOM_SEARCH_TOKEN:
            if not box:
                continue            # no token left for this square (lint CF714 warns of it)
            token = box.pop(0)
        tokens.append({"at": list(spot["at"]), "token": token, "revealed": False})
    scene.battle["search_tokens"] = tokens


def set_up(scene: Scene, deck_rng: Any) -> Generator[Request, dict[str, Any], None]:
    """Battle Cards - Setup 3-6 on ``scene`` (its ``battle`` from ``new_round_state``,
    its ``board`` the layout's). ``deck_rng``: the deck generator (stream 55), which
    places the random Search tokens and shuffles the Threat decks. Yields ``deploy``
    and ``prepare`` requests; events ``setup`` (``enemies``, ``named``, ``search_tokens``
    placed) and ``deploy`` (``figure``, ``character``, ``square``, ``facing``)."""
    battle = scene.battle
    layout = scene.pack["board"]["layouts"][battle["layout"]]
    scene.exits = exit_areas(layout)
    _search_tokens(scene, layout, deck_rng)
    count = scene.players_set_up()
    for deployed in deployment_for(layout, count):
        if not occupied(battle, deployed.square) and battle["supply"].get(deployed.enemy, 0) > 0:
            add_enemy(battle, deployed.enemy, deployed.square)
    for spot in layout.get("named_enemies") or ():
        add_named(battle, spot["name"], spot["at"], named_health(scene.named_enemies[spot["name"]], count))
    set_up_threat_decks(scene.game, scene.pack, [spot["name"] for spot in layout.get("named_enemies") or ()], deck_rng)
    scene.record({"event": "setup", "layout": battle["layout"], "characters": count,
                  "enemies": [{"figure": e["id"], "enemy": e["enemy"], "square": list(e["square"])}
                              for e in battle["enemies"]],
                  "named": [{"figure": n["id"], "enemy": n["enemy"], "square": list(n["square"]), "health": n["health"]}
                            for n in battle["named"]],
                  "search_tokens": len(battle["search_tokens"])})
    card = scene.game.get("card")
    for index, character in enumerate(scene.game["characters"]):
        free = [list(sq) for sq in layout["start"] if not occupied(battle, sq)]
        answer = yield {"kind": "deploy", "card": card, "character": index, "squares": free,
                        "facings": list(DIRECTIONS)}
        figure = add_character(battle, index, answer["square"], answer["facing"],
                               weapons=_starting_weapons(scene, index))
        scene.record({"event": "deploy", "figure": figure["id"], "character": index, "square": list(figure["square"]),
                      "facing": figure["facing"]})
        if not character["fallen"]:
            yield from prepare(scene, figure["id"])


def weapons_held(scene: Scene, index: int) -> list[tuple[str, dict[str, Any]]]:
    """The Weapon cards (Equipment cards with an ``attack``) Character ``index`` holds:
    ``(card id, bundle card)`` in the order held."""
    out = []
    for card in scene.game["characters"][index]["cards"]:
        data = scene.decks.card(card)
        if data.get("attack") and not data.get("unarmed"):
            out.append((card, data))
    return out


def _starting_weapons(scene: Scene, index: int) -> list[str]:
    """What a Character has equipped before their free Prepare: the Weapon cards they
    hold, in the order held, while they fit one primary and one secondary slot and the
    pack's ``carry.hands`` ("Tuck it under the side of the character board matching your
    Stance token"); the Prepare that follows lets the players change it."""
    chosen: list[str] = []
    slots: set[str] = set()
    hands = 0
    limit = ((scene.pack.get("carry") or {}).get("hands")) or 2
    for card, data in weapons_held(scene, index):
        if data["slot"] in slots or hands + data["hands"] > limit:
            continue
        chosen.append(card)
        slots.add(data["slot"])
        hands += data["hands"]
    return chosen
