"""The Battle engine's caches never go stale (issue 10, "Speed").

The engine keeps derived data to play faster: one ``Board`` per layout and terrain
(``terrain_state.board_now``), per board the answers of movement (``movement._ends``),
line of sight and Weapon pattern squares, per ``Scene`` what the pack's data alone
gives (a Stone face's options, Character boards). Each is keyed by everything its
answer depends on, or depends on nothing that changes. This test plays every shipped
Battle with both simulator policies and, at every ``turn`` and ``pick`` request,
recomputes what the cached engine answered on a cold copy: a new ``Board`` built from
the layout and the current terrain (empty caches) and a new ``Scene`` (empty
``cache``). The ``turn`` request's options (moves, targets, actions, stones...) and
every Enemy's legal routes must be equal, after moves, defeats and terrain changes
alike; the fuzz must have seen each of those. The state stays plain JSON (a save never carries a cache).

``test_a_stale_cache_is_caught`` plants a fault (a movement memo that forgets the
figures) and checks that the comparison finds it.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from collections import OrderedDict

from _helpers import battle_cards

from cardforge_compiler.simulate.policies import POLICIES, Table, answer_checked
from cardforge_compiler.simulate.runner import _bundle_of, battle_step, run_seeds
from cardforge_runtime import Session
from cardforge_runtime.battle.enemy_routes import routes
from cardforge_runtime.battle.rounds import make_scene, play_battle
from cardforge_runtime.battle.turn import turn_options
from cardforge_runtime.board import build_board
from cardforge_runtime.board import movement
from cardforge_runtime.dice import DiceRule
from cardforge_runtime.pcg import Pcg32

#: Rounds played per Battle (enough for moves, defeats and terrain actions to happen).
MAX_ROUNDS = 6
SEEDS = (0,)




def _cold_board(scene):
    """The board of the Battle's layout and current terrain, built anew (empty caches)."""
    pack_board = scene.pack["board"]
    terrain = scene.battle.get("terrain") or {}
    layout_id = scene.board.layout_id
    layout = pack_board["layouts"][layout_id]
    moved = terrain.get("moved") or {}
    if moved:
        tiles = [dict(t) for t in layout["terrain_tiles"]]
        for index, at in moved.items():
            tiles[int(index)]["at"] = list(at["at"])
        pack_board = {**pack_board, "layouts": {**pack_board["layouts"],
                                                layout_id: {**layout, "terrain_tiles": tiles}}}
    return build_board(pack_board, layout_id, frozenset(int(i) for i in terrain.get("removed") or ()))


def _cold_scene(scene):
    """A copy of ``scene`` sharing its state but none of its caches."""
    return dataclasses.replace(scene, board=_cold_board(scene), events=[], sink=lambda event: None,
                               watch_end=False)


def _compare(scene, request, seen, where):
    """The differences between what the cached engine answers now and a cold copy."""
    out = []
    cold = _cold_scene(scene)
    if cold.board.removed != scene.board.removed:
        out.append(f"{where}: the board's removed tiles {sorted(scene.board.removed)} != {sorted(cold.board.removed)}")
    turn = scene.battle.get("turn")
    if request["kind"] == "turn" and turn is not None:
        fresh = turn_options(cold, copy.deepcopy(turn))
        if fresh != request["options"]:
            out.append(f"{where}: turn options differ from a cold computation after {seen['last']}")
        again = turn_options(scene, copy.deepcopy(turn))
        if again != fresh:
            out.append(f"{where}: turn options asked again differ from a cold computation")
    for enemy in scene.battle["enemies"]:
        warm, fresh = routes(scene, enemy["id"]), routes(cold, enemy["id"])
        if (warm.cost, warm.prev, warm.ends) != (fresh.cost, fresh.prev, fresh.ends):
            out.append(f"{where}: the routes of Enemy {enemy['id']} differ from a cold computation")
    return out


def _play(data, story, card, policy, seed, seen):
    """Play one Battle, comparing at every ``turn`` and ``pick`` request; the differences found."""
    bundle, checked = _bundle_of(data)
    story_seed, battle_seed, policy_seed = run_seeds(seed, card)
    session = Session.start(bundle, story, players=4, seed=story_seed)
    pack = checked["packs"][0]
    step = battle_step(pack, story, card)
    state = session.state
    state["card"] = card
    last: list[str] = []

    def sink(event):
        last.append(event["event"])
        if event["event"] in ("character-move", "enemy-move", "move", "push"):
            seen["moves"] += 1
        if (state.get("battle") or {}).get("terrain", {}).get("removed") or \
                (state.get("battle") or {}).get("terrain", {}).get("moved"):
            seen["terrain"] += 1

    decks = Pcg32(battle_seed, 55)
    scene = make_scene(pack, state, step, [], Pcg32(battle_seed, 54), decks, sink=sink)
    table = Table(state, pack, step, DiceRule.from_pack(pack), Pcg32(policy_seed, 56))
    play = play_battle(scene, step, decks)
    request = next(play)
    found = []
    standing = None
    while state["battle"]["round"] <= MAX_ROUNDS:
        assert json.loads(json.dumps(state)) == state, "the state is no longer plain JSON"
        enemies = len(state["battle"]["enemies"]) + len(state["battle"]["named"])
        if standing is not None and enemies < standing:
            seen["defeats"] += 1
        standing = enemies
        seen["last"] = ", ".join(last[-3:]) or "the start"
        if request["kind"] in ("turn", "pick"):      # the requests built from the cached answers
            seen["requests"] += 1
            found += _compare(scene, request, seen, f"{story} card {card} {policy} seed {seed} round "
                                                    f"{state['battle']['round']} {request['kind']}")
            last.clear()
        try:
            request = play.send(answer_checked(POLICIES[policy], request, table))
        except StopIteration:
            break
    play.close()
    return found


def _fuzz(data, seeds=SEEDS, policies=("greedy", "random")):
    seen = {"moves": 0, "defeats": 0, "terrain": 0, "requests": 0, "last": ""}
    found = []
    for story, card in battle_cards(data):
        for policy in policies:
            for seed in seeds:
                found += _play(data, story, card, policy, seed, seen)
    return found, seen


def test_cached_answers_equal_cold_ones_over_every_shipped_battle(bundle_data):
    """Every shipped Battle, both policies: at every ``turn`` and ``pick`` request the ``turn``
    options and the Enemies' routes equal a cold computation, and the fuzz went through
    moves, defeats and terrain changes."""
    found, seen = _fuzz(bundle_data)
    assert found == []
    assert seen["moves"] > 50 and seen["defeats"] > 5 and seen["terrain"] > 0, seen


def test_a_stale_cache_is_caught(bundle_data, monkeypatch):
    """The planted fault: a movement memo keyed without the figures (a move list kept
    after a figure moved or was defeated). The comparison must report it."""
    memo: OrderedDict = OrderedDict()
    walk = movement._walk

    def stale_ends(board, start, mover, others, budget, anywhere=False):
        key = (id(board), start, mover, budget, anywhere)          # forgets ``others``
        if key not in memo:
            memo[key] = walk(board, start, mover, others, budget, anywhere)
        return memo[key]

    monkeypatch.setattr(movement, "_ends", stale_ends)
    found, _ = _fuzz(bundle_data, policies=("random",))
    assert any("turn options differ" in f for f in found), found[:3]
