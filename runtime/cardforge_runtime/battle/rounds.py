"""Battle rounds: a Battle played from its Setup until an objective is met or the
players lose.

``play_battle(scene, step, deck_rng)`` is a generator in the manner of the story rules
(it yields requests, receives checked answers, changes ``scene.battle`` and
``scene.game`` in place) and returns the outcome (``objectives.BattleEnded.outcome``):

0. Setup (``battle.setup.set_up``): board, Search tokens, Enemies, Named Enemies,
   Threat decks; each Character deployed and a free Prepare. From here on the end is
   checked after every event (``scene.watch_end``).
1. All for One (phase ``all-for-one``): ``stones.roll_stones(scene)``.
2. Character turns (``character-turns``): the players choose who goes next (a
   ``character`` request ``for: "turn"``, not asked when one Character is left); a
   Fallen Character has no turn; one Rescued this round may still take theirs; one who
   left the map by an Exit still has theirs, to come back (``battle.turn.character_turn``).
   Then the unspent Stones of Chance are removed (event ``stones-removed``).
3. The Enemy turn (``enemy-turn``): ``enemy_turn.enemy_turn(scene)``.
4. Upkeep (``upkeep``): the Battle step's ``upkeep`` effects (``battle.upkeep``: an
   effect naming ``you`` is played for each Character in play), event ``upkeep``.
   Then the next round.

Phases the pack's ``battle_round.phases`` leaves out are skipped. ``run_battle`` plays a
Battle without a ``Session`` (the balance simulator).

Rule sources: Gascony's Legacy, "Battle Rounds" (1-4), "Ending a Battle", "Fallen
Characters". Dependencies: ``battle.*``, ``board``, ``decks``, ``deck_play``.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping
from typing import Any

from cardforge_runtime.battle.upkeep import upkeep
from cardforge_runtime.battle.deck_access import GameDecks
from cardforge_runtime.battle.objectives import BattleEnded, check_end
from cardforge_runtime.battle import enemy_turn as enemies
from cardforge_runtime.battle import stones
from cardforge_runtime.battle.scene import Scene
from cardforge_runtime.battle.setup import new_round_state, set_up
from cardforge_runtime.battle.terrain_state import board_now
from cardforge_runtime.battle.turn import character_turn
from cardforge_runtime.deck_play import decks_by_name, decks_in_play
from cardforge_runtime.decks import instance_ids
from cardforge_runtime.dice import DiceRule
from cardforge_runtime.format import objective_meet
from cardforge_runtime.pcg import Pcg32

__all__ = ["make_scene", "play_battle", "run_battle"]

Request = dict[str, Any]
Play = Generator[Request, dict[str, Any], Any]


def meets(step: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each objective's ``meet`` (an older bundle's objective: read from its text)."""
    return [dict(o.get("meet") or objective_meet(o["objective"])) for o in step["objectives"]]


def make_scene(pack: Mapping[str, Any], game: dict[str, Any], step: Mapping[str, Any], path: list[int],
               rng: Pcg32, deck_rng: Pcg32, *, difficulty: str | None = None, sink: Any = None) -> Scene:
    """The ``Scene`` of the Battle ``step`` (a bundle ``battle`` step at ``path`` in the
    current card ``game["card"]``): ``game["battle"]`` is set to a new round state
    (``battle.setup.new_round_state``); the board is the layout's (``terrain_state.
    board_now``: one ``Board`` per layout and process, its geometry caches shared by
    every Battle played on it); the deck engine the
    game's decks with the Threat decks (deck generator ``deck_rng``); the Enemy turn's
    ``activate`` and ``enemy_attack`` when the runtime has them."""
    battle = new_round_state(pack, step["layout"], game.get("card"), path)
    game["battle"] = battle
    bundle_decks = list(decks_by_name(pack).values()) + list(pack.get("threat_decks") or ())
    decks = GameDecks(game["decks"], bundle_decks, deck_rng)
    board = board_now(pack["board"], step["layout"], None)
    scene = Scene(board, battle, game, pack, decks, DiceRule.from_pack(pack), rng, difficulty_name=difficulty, sink=sink)
    enemies.wire(scene)
    scene.objectives = meets(step)
    return scene


def play_battle(scene: Scene, step: Mapping[str, Any], deck_rng: Pcg32) -> Play:
    """Play the Battle ``step`` on ``scene`` (``make_scene``) to its end; returns the
    outcome: ``{"objective": i}`` or ``{"lost": "all_fallen" | "no_health",
    "character": i | None}``. Event ``battle-end`` (``outcome``, ``round``)."""
    battle = scene.battle
    phases = scene.pack["battle_round"]["phases"]
    try:
        yield from set_up(scene, deck_rng)
        scene.watch_end = True
        check_end(scene)
        while True:
            battle["round"] += 1
            battle["turns_taken"] = []
            scene.record({"event": "round", "round": battle["round"]})
            for phase in phases:
                battle["phase"] = phase
                yield from _PHASES[phase](scene, step)
    except BattleEnded as ended:
        outcome = ended.outcome
    scene.watch_end = False
    _settle_cards(scene)
    battle["objective"] = outcome
    scene.record({"event": "battle-end", "round": battle["round"], "outcome": outcome})
    return outcome


def _settle_cards(scene: Scene) -> None:
    """A Battle that ended in the middle of a card's resolution (the Reaction whose
    Wound made the last Character Fall) leaves that card drawn and in no pile: it goes
    to its deck's discard pile (event ``card-returned``), so no card is ever lost."""
    where = {card for piles in scene.game["decks"].values() for pile in piles.values() for card in pile}
    where |= {card for character in scene.game["characters"] for card in character["cards"]}
    where |= set(scene.game.get("porter", ())) | set(scene.game.get("offer", ()))
    for deck in decks_in_play(scene.pack, scene.game):
        for card in instance_ids(deck):
            if card not in where:
                scene.decks.discard(card)
                scene.record({"event": "card-returned", "card": card, "deck": deck["name"]})


def _all_for_one(scene: Scene, step: Mapping[str, Any]) -> Play:
    if scene.pack.get("stones_of_chance"):
        yield from stones.roll_stones(scene)


def _character_turns(scene: Scene, step: Mapping[str, Any]) -> Play:
    battle = scene.battle
    characters = scene.game["characters"]
    while True:
        waiting = [i for i in range(len(characters)) if i not in battle["turns_taken"] and not characters[i]["fallen"]]
        if not waiting:
            break
        if len(waiting) == 1:
            chosen = waiting[0]
        else:
            answer = yield {"kind": "character", "card": scene.game.get("card"), "characters": waiting, "for": "turn",
                            "round": battle["round"]}
            chosen = answer["character"]
        yield from character_turn(scene, chosen)
    if battle["stones"]:
        removed, battle["stones"] = battle["stones"], []
        scene.record({"event": "stones-removed", "stones": removed})


def _enemy_turn(scene: Scene, step: Mapping[str, Any]) -> Play:
    yield from enemies.enemy_turn(scene)


def _upkeep(scene: Scene, step: Mapping[str, Any]) -> Play:
    effects = step.get("upkeep") or []
    scene.record({"event": "upkeep", "round": scene.battle["round"], "effects": len(effects)})
    if effects:
        yield from upkeep(scene, effects)       # `you`: each Character in play (battle.upkeep)


_PHASES = {"all-for-one": _all_for_one, "character-turns": _character_turns, "enemy-turn": _enemy_turn,
           "upkeep": _upkeep}


def run_battle(bundle_pack: Mapping[str, Any], step: Mapping[str, Any], game_state: dict[str, Any], rng: Pcg32,
               deck_rng: Pcg32, *, difficulty: str | None = None) -> Play:
    """The Battle ``step`` alone, for a simulator (no ``Session``, no log, no diffs):
    a generator of requests (the answers are not checked: check them with
    ``battle.round_answers.check_round_answer``) that returns the outcome. Events go to
    ``game_state``'s Battle scene (``events`` of the returned generator's scene are not
    kept). ``game_state`` is a story session's state (``Session.state``), changed in
    place; ``game_state["battle"]`` is ``None`` again afterwards.

    """
    scene = make_scene(bundle_pack, game_state, step, [], rng, deck_rng, difficulty=difficulty,
                       sink=lambda event: None)
    outcome = yield from play_battle(scene, step, deck_rng)
    game_state["battle"] = None
    return outcome


