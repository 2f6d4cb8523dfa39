"""Terrain that wounds a figure entering it, on a Character's Move (``battle.entering``;
a keyword's ``movement.enter_wounds``, docs/format.md). The keywords are the shipped
Descent props' (content/descent-props/keywords.yaml, compiled): the Pit ("When a
figure moves into a pit, it suffers 1 wound (ignoring armor) [...] It costs two
movement points to move out of a pit", ``scope: area``) and Lava ("If a figure enters
a lava space, it suffers 2 wounds", ``scope: square``), placed on a Battle board and
entered through the ``turn`` request's Move."""

from __future__ import annotations

import copy

import pytest
from _battle_helpers import PACK, character, place_character, scene_of
from _board_helpers import KEYWORDS, LEGEND, TILES, pack_board, rows_layout, tile
from _helpers import ROOT

from cardforge_runtime.battle.entering import move_path, path_wounds
from cardforge_runtime.battle.round_answers import check_turn
from cardforge_runtime.battle.turn import character_turn
from cardforge_runtime.board import build_board

ROUND = {"phases": ["all-for-one", "character-turns", "enemy-turn", "upkeep"], "move_stat": "Movement",
         "turn": {"move": 1, "action": 1, "attack": 1}, "actions": ["prepare"], "rescue": {"heal": 2}}


@pytest.fixture(scope="module")
def descent():
    """The Pit and Lava keywords as the compiler writes them into a bundle."""
    from cardforge_compiler import __version__
    from cardforge_compiler.emit import build_bundle
    from cardforge_compiler.pipeline import compile_paths

    result = compile_paths([str(ROOT / "content" / "descent-props")])
    assert result.errors == []
    keywords = build_bundle(result.packs, __version__)["packs"][0]["board"]["keywords"]
    assert (keywords["Pit"]["movement"]["enter_wounds"], keywords["Lava"]["movement"]["enter_wounds"]) == (1, 2)
    return {"Pit": keywords["Pit"], "Lava": keywords["Lava"]}


def _pack_board(descent, rows):
    """The pack's ``board``: the shipped keywords and tiles plus the Pit and Lava on
    1x1 tiles, and the layout ``test`` drawn by ``rows`` (``P`` a pit, ``L`` lava)."""
    keywords = {**KEYWORDS, **descent}
    tiles = {**TILES, "Pit": tile([1, 1], ["Pit"]), "Lava": tile([1, 1], ["Lava"])}
    layout = rows_layout(rows, legend={**LEGEND, "P": "Pit", "L": "Lava"})
    return pack_board({"test": layout}, keywords, tiles)


def _board(descent, rows):
    return build_board(_pack_board(descent, rows), "test")


def _scene(descent, rows, at, health=5):
    pack = {**copy.deepcopy(PACK), "battle_round": ROUND, "board": _pack_board(descent, rows)}
    scene = scene_of(rows, [character("Porthos", 4, 5, health=health)], pack=pack)
    scene.board = _board(descent, rows)
    scene.battle.update({"layout": "test", "terrain": {"removed": [], "moved": {}}, "round": 1,
                         "phase": "character-turns", "stones": [], "turns_taken": [], "turn": None,
                         "search_tokens": [], "exited": []})
    figure = place_character(scene, 0, at, "east", ["Broadsword"])
    return scene, figure


def _move(scene, to, facing="east"):
    """Play one Character turn: the Move to ``to``, then end; the events of the Move."""
    play = character_turn(scene, 0)
    request = next(play)
    answer = {"do": "move", "to": list(to), "facing": facing}
    check_turn(request, answer, scene.rule)
    start = len(scene.events)
    request = play.send(answer)
    events = scene.events[start:]
    if request is not None and request["kind"] == "turn":
        with pytest.raises(StopIteration):
            play.send({"do": "end"})
    return events


def test_moving_into_a_pit_wounds_once_and_a_step_within_it_does_not(descent):
    scene, figure = _scene(descent, ["......", ".PP...", "......"], (1, 2))
    events = _move(scene, (3, 2))                      # into the pit, then within it
    assert [e for e in events if e["event"] in ("character-move", "enter-wounds", "wound")] == [
        {"event": "character-move", "figure": figure, "from": [1, 2], "to": [3, 2], "facing": "east", "cost": 2},
        {"event": "enter-wounds", "figure": figure, "squares": [[2, 2]], "amount": 1},
        {"event": "wound", "figure": figure, "amount": 1, "result": "wounded", "source": "terrain"}]
    assert scene.game["characters"][0]["health"] == 4


def test_entering_lava_wounds_twice_and_a_move_around_it_does_not(descent):
    scene, figure = _scene(descent, ["......", ".L....", "......"], (1, 2))
    _move(scene, (2, 2))
    assert scene.game["characters"][0]["health"] == 3
    # to (3, 2): the one cheapest path (cost 2; round it diagonally costs 4) crosses the lava
    scene, figure = _scene(descent, ["......", ".L....", "......"], (1, 2))
    _move(scene, (3, 2))
    assert scene.game["characters"][0]["health"] == 3
    # to (2, 3): three cheapest paths of cost 2 (via the lava, via (1, 3), the
    # diagonal): the Move takes one that wounds no one
    scene, figure = _scene(descent, ["......", ".L....", "......"], (1, 2))
    events = _move(scene, (2, 3))
    assert [e["event"] for e in events if e["event"] in ("enter-wounds", "wound")] == []
    assert scene.game["characters"][0]["health"] == 5


def test_the_move_path_is_the_cheapest_then_the_least_wounding(descent):
    board = _board(descent, ["......", ".L....", "......"])
    path = move_path(board, (1, 2), (3, 2))
    assert path == [(1, 2), (2, 2), (3, 2)] and path_wounds(board, path) == 2
    path = move_path(board, (1, 2), (3, 1))
    assert path_wounds(board, path) == 0 and path[-1] == (3, 1)
    board = _board(descent, ["......", ".PP...", "......"])
    assert path_wounds(board, [(1, 2), (2, 2), (3, 2), (2, 2)]) == 1     # within the pit: no more
    assert path_wounds(board, [(1, 2), (2, 2), (2, 1), (2, 2)]) == 2     # out and in again: wounded again
    with pytest.raises(ValueError, match="no path"):
        move_path(_board(descent, ["..#..", "..#.."]), (1, 1), (5, 1))


def test_a_character_wounded_to_fallen_by_the_terrain_ends_the_turn(descent):
    scene, figure = _scene(descent, ["......", ".L....", "......"], (1, 2), health=2)
    play = character_turn(scene, 0)
    next(play)
    with pytest.raises(StopIteration):
        play.send({"do": "move", "to": [2, 2], "facing": "east"})
    assert scene.game["characters"][0]["fallen"] is True
    assert scene.events[-1] == {"event": "turn-end", "character": 0, "reason": "fallen"}


def test_an_enemy_crossing_lava_on_its_move_is_wounded_too(descent):
    """The same keyword data on an Enemy's move (``enemy_move.move_enemy``): a shipped
    Cardinal's Guard crossing a line of lava suffers its 2 Wounds: Wounded, then
    Defeated (Assigning Successes: a second Wound Defeats an Enemy)."""
    from _enemy_helpers import GUARD, board_scene, drive, enemies

    from cardforge_runtime.battle.enemy_move import move_enemy
    rows = [".L........"] * 3
    scene, (athos,) = board_scene(rows, [("Athos", (10, 2), "west", ["Rapier"])])
    scene.board = _board(descent, rows)
    guard, = enemies(scene, (GUARD, (1, 2)))
    move, _ = drive(scene, move_enemy(scene, guard), [])
    assert move.path[:2] == [(1, 2), (2, 2)] and move.to == (5, 2)
    assert [e for e in scene.events if e["event"] in ("enter-wounds", "wound")] == [
        {"event": "enter-wounds", "figure": guard, "squares": [[2, 2]], "amount": 2},
        {"event": "wound", "figure": guard, "amount": 2, "result": "defeated", "source": "terrain"}]
    assert not scene.on_board(guard)
