"""The board of the Battle Round Example (Gascony's Legacy, "Battle Round Example"):
every geometric fact of the example's text, proved on the example's layout with the
shipped pieces and the runtime's own geometry (docs/rulings.md, "The Battle Round
Example's board"; the figures' squares: tests/_example_board.py).

The facts, line by line of the example:

1. "Porthos ... decides to move, positioning to get both Cardinal's Guards in his
   Broadsword's Attack Pattern by spending his 3 movement points, and Attacks."
2. "Porthos takes 1 Wound because he's adjacent to the surviving Guard" (Counterattack).
3. "Porthos rolls the barrel through the Wounded Guard, defeating him" (Barrel: "roll it
   in any straight line until it reaches a Character, tile edge or other Terrain tile";
   "While adjacent to (or on top of) a Barrel").
4. "Athos ... spending the M Stone of Chance to increase his Movement stat to 6. This
   allows him to move 6 squares up to the nearest Guard. The Guard is not inside his
   Rapier's Attack Pattern, so he uses his Action to Prepare, flipping his Stance. Next,
   Athos Attacks" (that Guard alone: one Reaction).
5. "Guards are Melee Enemies and move first. One is already adjacent to Athos, so does
   not move. The other cannot reach a square adjacent to a Character and outside an
   Attack Pattern, so it moves to the nearest square adjacent to Athos as well."
6. "The rightmost Marksman has line of sight on Athos already and will not move, but
   the other one will have to move 1 square to gain Line of Sight."
7. "Porthos is not in range of the Guards, and is not the nearest character for the
   Marksmen, so Athos will be attacked by all of them; he could receive a total of 6
   (2+2+1+1) damage! Luckily both Guards are within his Attack Pattern, and also
   providing Cover against the Marksmen."
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping

import pytest
import _battle_helpers
from _battle_helpers import character, place_character, place_enemy
from _example_board import (ATHOS_AT, ATHOS_FACING, ATHOS_PATH, ATHOS_START, BARREL, BARREL_DIRECTION, BARREL_STOPS,
                            BATTLE_CARD, BOTTOM_GUARD, CORNER_MARKSMAN, CORNER_MARKSMAN_TO, LAYOUT_ID, NEAR_GUARD,
                            OTHER_GUARD, OTHER_GUARD_PATH, PORTHOS_AT, PORTHOS_FACING, PORTHOS_PATH, PORTHOS_START,
                            RIGHT_MARKSMAN, STORY_ID, TOP_GUARD, board, bundle, compiled, pack)

from cardforge_runtime import Session, load_bundle
from cardforge_runtime.battle.attack import targets_of
from cardforge_runtime.battle.patterns import weapon_squares
from cardforge_runtime.battle.scene import Scene
from cardforge_runtime.battle.state import new_battle
from cardforge_runtime.board import (DIRECTIONS, adjacent, adjacent_squares, build_board, cover,
                                     deployment_for, line_of_sight, nearest, path_cost, reachable, step_cost)
from cardforge_runtime.dice import DiceRule
from cardforge_runtime.pcg import Pcg32

Square = tuple[int, int]
GUARD, MARKSMAN = "Cardinal's Guard", "Marksman"
STEP = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}


# --- the shipped pieces -------------------------------------------------------------

@pytest.fixture(scope="module")
def the_board():
    return board()


@pytest.fixture(scope="module")
def board_after():
    """The board after Porthos's turn: the Barrel rolled and removed."""
    return board(barrel=False)


@pytest.fixture(scope="module")
def shipped():
    data = pack()
    weapons = {card["name"]: card for deck in data["decks"] if deck["name"] == "Equipment" for card in deck["cards"]}
    return {"pack": data, "weapons": weapons, "enemies": {e["name"]: e for e in data["enemies"]},
            "characters": {c["name"]: c for c in data["characters"]},
            "tiles": data["board"]["terrain_tiles"]}


def test_the_shipped_pieces_are_the_examples(shipped):
    """The numbers the example states, read from content/gascony/ (not copied here)."""
    athos, porthos = shipped["characters"]["Athos"], shipped["characters"]["Porthos"]
    assert porthos["stats"]["Movement"] == 3 and athos["stats"]["Movement"] == 5    # "his 3 movement points"; 5 + M = 6
    assert porthos["stats"]["Prowess"] == 4 and athos["stats"]["Prowess"] == 3      # "rolls 4 dice", "rolling 3 dice"
    assert porthos["weapons"] == ["Broadsword"] and athos["weapons"] == ["Rapier"]
    assert shipped["weapons"]["Broadsword"]["attack"] == shipped["weapons"]["Rapier"]["attack"] == "melee"
    guard, marksman = shipped["enemies"][GUARD], shipped["enemies"][MARKSMAN]
    assert (guard["type"], guard["damage"], guard["movement"]) == ("melee", 2, 4)
    assert guard["defense"] == {"wounded": 2, "defeated": 3}                         # "defense values of 2/3"
    assert (marksman["type"], marksman["damage"], marksman["movement"], marksman["range"]) == ("ranged", 1, 3, None)
    barrel = shipped["tiles"]["Barrel"]
    kick = barrel["actions"][0]
    assert kick["from"] == "adjacent-or-on" and kick["challenge"] == {"stat": "Movement", "successes": 3}
    assert [effect["board"] for effect in kick["success"]] == ["roll-in-line", "remove-tile"]


def test_the_layout_and_its_story_lint_clean_in_the_gascony_pack():
    """Every check of the compiler (the layout checks CF702-CF716 too) runs on the
    fixture compiled with the shipped pack: no diagnostic at all."""
    diagnostics, data = compiled()
    assert diagnostics == ()
    story = next(s for p in data["packs"] for s in p["stories"] if s["id"] == STORY_ID)
    card = next(c for c in story["cards"] if c["id"] == BATTLE_CARD)
    assert [step["layout"] for step in card["steps"] if step["kind"] == "battle"] == [LAYOUT_ID]
    loaded = load_bundle(data)                       # the runtime reads it, for the tests that play it
    assert build_board(loaded.board("gascony"), LAYOUT_ID).columns == 16


def test_the_fixture_story_sets_the_battle_up_on_this_board():
    """A session of the fixture story reaches card 901's Battle on this layout (played
    at the table here: the engine plays it in tests/conformance/battle-round-example),
    and the objective met wins it."""
    session = Session.start(load_bundle(bundle()), STORY_ID, players=2, characters=["Athos", "Porthos"], seed=7,
                            battles="table")
    seen = []
    while session.pending["kind"] != "battle":
        seen.append(session.pending["kind"])
        session.answer({})
    assert seen == ["text", "card"]
    assert session.pending == {"kind": "battle", "card": BATTLE_CARD, "layout": LAYOUT_ID, "objectives": [
        {"objective": 0, "text": "Defeat all Enemies", "goto": 902, "victory": False}]}
    session.answer({"objective": 0})
    while not session.finished:
        session.answer({})
    assert session.pending["result"] == "victory" and session.pending["card"] == 902


def test_two_players_set_up_four_guards_and_two_marksmen(shipped):
    layout = shipped["pack"]["board"]["layouts"][LAYOUT_ID]
    placed = [(d.enemy, d.square) for d in deployment_for(layout, 2)]
    assert placed == [(GUARD, TOP_GUARD), (GUARD, BOTTOM_GUARD), (GUARD, NEAR_GUARD), (GUARD, OTHER_GUARD),
                      (MARKSMAN, CORNER_MARKSMAN), (MARKSMAN, RIGHT_MARKSMAN)]
    assert {tuple(sq) for sq in layout["start"]} >= {ATHOS_START, PORTHOS_START}
    assert [t["tile"] for t in layout["terrain_tiles"]] == ["Barrel"] and layout["terrain_tiles"][0]["at"] == [*BARREL]


# --- helpers: the example's moments ------------------------------------------------

def figures(characters: Iterable[Square], enemies: Iterable[Square]) -> dict[Square, str]:
    return {**{sq: "enemy" for sq in enemies}, **{sq: "character" for sq in characters}}


def pattern(board, shipped, weapon: str, square: Square, facing: str, flipped: bool, figs=None) -> list[Square]:
    return weapon_squares(board, square, facing, flipped, shipped["weapons"][weapon], figs)


def scene(board, shipped, characters: list[tuple[str, Square, str, bool]], enemies: list[tuple[str, Square, bool]]):
    """A Scene on the example's board: ``characters`` (name, square, facing, flipped)
    with their Starting Weapons, ``enemies`` (name, square, wounded). Returns (scene,
    Character figure ids, Enemy figure ids)."""
    data = shipped["pack"]
    game = {"card": 1, "players": 2, "coins": 0, "flags": {}, "counters": {}, "difficulty": None,
            "characters": [character(name, **{k.lower(): v for k, v in shipped["characters"][name]["stats"].items()})
                           for name, *_ in characters]}
    battle = new_battle({e: 10 for e in shipped["enemies"]})
    decks = _battle_helpers.TestDecks(data)
    game["decks"] = decks.piles
    sc = Scene(board, battle, game, data, decks, DiceRule(), Pcg32(5))
    ids = [place_character(sc, i, sq, facing, shipped["characters"][name]["weapons"], flipped)
           for i, (name, sq, facing, flipped) in enumerate(characters)]
    foes = [place_enemy(sc, name, sq, wounded) for name, sq, wounded in enemies]
    return sc, ids, foes


def enemy_reach(board, start: Square, figs: Mapping[Square, str], patterns: set[Square],
                budget: int | None = None) -> dict[Square, int]:
    """The squares an Enemy on ``start`` may end a legal move on, with the fewest
    Movement points, computed by hand with ``board.step_cost`` (docs/rulings.md, "Enemy
    movement"): Enemies pass Enemies but not Characters, never climb Elevated tiles
    (the keyword data, through ``step_cost``), stop on entering a square of a
    Character's Melee Attack Pattern (``patterns``), never pass an occupied square
    inside one, never end on an occupied square."""
    others = {sq: kind for sq, kind in figs.items() if sq != start}
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        cost, here = heapq.heappop(heap)
        if cost > best[here] or (here != start and here in patterns):
            continue
        for there in adjacent_squares(board, here):
            step = step_cost(board, here, there, "enemy", others)
            if step is None or (there in patterns and there in others):
                continue
            total = cost + step
            if (budget is None or total <= budget) and total < best.get(there, total + 1):
                best[there] = total
                heapq.heappush(heap, (total, there))
    return {sq: c for sq, c in best.items() if sq == start or sq not in others}


def legal_enemy_path(board, path: list[Square], figs, patterns: set[Square]) -> int | None:
    """The cost of an Enemy's ``path`` when legal (every square before the last outside
    every pattern), else None."""
    if any(sq in patterns for sq in path[1:-1]):
        return None
    return path_cost(board, path, "enemy", {sq: k for sq, k in figs.items() if sq != path[0]})


def roll(board, start: Square, direction: str, figs: Mapping[Square, str]) -> list[Square]:
    """The squares a Barrel kicked from ``start`` rolls into, in order (docs/rulings.md,
    "How far the Barrel rolls": orthogonal, through Enemies, stopping in the last square
    before a Character, a wall or the map's edge, or another Terrain tile)."""
    dc, dr = STEP[direction]
    out: list[Square] = []
    here = start
    while True:
        there = (here[0] + dc, here[1] + dr)
        if not board.in_grid(there) or not board.on_map(there) or board.tiles_at(there) \
                or figs.get(there) == "character":
            return out
        out.append(there)
        here = there


# --- 1-3. Porthos's turn -------------------------------------------------------------

def both_guards_in_broadsword(board, shipped, square, facing, flipped=False) -> bool:
    squares = pattern(board, shipped, "Broadsword", square, facing, flipped)
    return TOP_GUARD in squares and BOTTOM_GUARD in squares


def test_porthos_spends_exactly_his_3_movement_points_to_get_both_guards_in_his_broadsword(the_board, shipped):
    before = figures([ATHOS_START], [TOP_GUARD, BOTTOM_GUARD, NEAR_GUARD, OTHER_GUARD, CORNER_MARKSMAN,
                                     RIGHT_MARKSMAN])
    movement = shipped["characters"]["Porthos"]["stats"]["Movement"]
    assert path_cost(the_board, PORTHOS_PATH, "character", before, PORTHOS_FACING, PORTHOS_FACING) == movement == 3
    ends = reachable(the_board, PORTHOS_START, None, "character", before, facing=PORTHOS_FACING)
    # the cheapest squares and facings with both Guards in the pattern cost 3: fewer points would not do
    good = {(sq, f): cost for (sq, f), cost in ends.items() if both_guards_in_broadsword(the_board, shipped, sq, f)}
    assert min(good.values()) == 3
    assert [key for key, cost in good.items() if cost == 3] == [(PORTHOS_AT, PORTHOS_FACING)]
    # either Stance (his is unflipped): both Guards ahead-left and ahead-right
    assert both_guards_in_broadsword(the_board, shipped, PORTHOS_AT, PORTHOS_FACING, flipped=True)


def test_porthos_attacks_both_guards_and_is_adjacent_to_the_bottom_one(the_board, shipped):
    sc, (porthos,), (top, bottom, *_) = scene(
        the_board, shipped, [("Porthos", PORTHOS_AT, PORTHOS_FACING, False)],
        [(GUARD, TOP_GUARD, False), (GUARD, BOTTOM_GUARD, False), (GUARD, NEAR_GUARD, False),
         (GUARD, OTHER_GUARD, False), (MARKSMAN, CORNER_MARKSMAN, False), (MARKSMAN, RIGHT_MARKSMAN, False)])
    broadsword = sc.decks.card(sc.get(porthos)["weapons"][0])
    assert broadsword["name"] == "Broadsword"
    assert sorted(targets_of(sc, porthos, broadsword)) == sorted([top, bottom])   # the two Guards, no one else
    assert adjacent(PORTHOS_AT, BOTTOM_GUARD)          # Counterattack: "adjacent to the surviving Guard"
    assert adjacent(PORTHOS_AT, TOP_GUARD)


def test_the_barrel_rolls_south_through_the_wounded_guard_alone_and_stops_at_the_tile_edge(the_board, shipped):
    assert adjacent(PORTHOS_AT, BARREL)                          # "While adjacent to (or on top of) a Barrel"
    assert [the_board.layout["terrain_tiles"][i]["tile"] for i in the_board.tiles_at(BARREL)] == ["Barrel"]
    # after the Attack: the top Guard Defeated (gone), the bottom Guard Wounded
    after = figures([PORTHOS_AT, ATHOS_START], [BOTTOM_GUARD, NEAR_GUARD, OTHER_GUARD, CORNER_MARKSMAN,
                                                RIGHT_MARKSMAN])
    path = roll(the_board, BARREL, BARREL_DIRECTION, after)
    assert path == [BOTTOM_GUARD, BARREL_STOPS]
    assert [sq for sq in path if after.get(sq) == "enemy"] == [BOTTOM_GUARD]       # the Wounded Guard only
    nxt = (BARREL_STOPS[0] + STEP[BARREL_DIRECTION][0], BARREL_STOPS[1] + STEP[BARREL_DIRECTION][1])
    assert not the_board.in_grid(nxt)                            # stopped by the tile edge
    # the only straight line through the Wounded Guard
    through = [d for d in DIRECTIONS if BOTTOM_GUARD in roll(the_board, BARREL, d, after)]
    assert through == [BARREL_DIRECTION]


# --- 4. Athos's turn -----------------------------------------------------------------

def after_porthos() -> dict[Square, str]:
    """Porthos's turn is over: the top Guard Defeated by the Broadsword, the bottom one
    by the Barrel, which is removed from the map (``board_after``)."""
    return figures([PORTHOS_AT, ATHOS_START], [NEAR_GUARD, OTHER_GUARD, CORNER_MARKSMAN, RIGHT_MARKSMAN])


def test_athos_moves_6_squares_up_to_the_nearest_guard_with_the_movement_stone(board_after, shipped):
    assert board_after.tiles_at(BARREL) == ()
    figs = after_porthos()
    movement = shipped["characters"]["Athos"]["stats"]["Movement"] + 1          # the M Stone: "to 6"
    assert movement == 6 and len(ATHOS_PATH) - 1 == 6
    assert path_cost(board_after, ATHOS_PATH, "character", figs, ATHOS_FACING, ATHOS_FACING) == 6
    # the nearest Guard, counted in Athos's Movement points to a square adjacent to it
    to_guard = {guard: nearest(board_after, ATHOS_START, adjacent_squares(board_after, guard), "character", figs)
                for guard in (NEAR_GUARD, OTHER_GUARD)}
    assert to_guard[NEAR_GUARD] == (6, (ATHOS_AT,))
    assert to_guard[OTHER_GUARD][0] > 6
    # without the stone (5 points) no square adjacent to a Guard is reachable
    five = reachable(board_after, ATHOS_START, 5, "character", figs)
    assert not any(adjacent(sq, g) for sq in five for g in (NEAR_GUARD, OTHER_GUARD))


def test_the_guard_is_outside_athoss_rapier_until_he_flips_his_stance(board_after, shipped):
    figs = after_porthos()
    assert NEAR_GUARD not in pattern(board_after, shipped, "Rapier", ATHOS_AT, ATHOS_FACING, False, figs)
    assert NEAR_GUARD in pattern(board_after, shipped, "Rapier", ATHOS_AT, ATHOS_FACING, True, figs)
    # no square and facing within his 6 points has it in the unflipped pattern: Prepare it is
    ends = reachable(board_after, ATHOS_START, 6, "character", figs, facing=ATHOS_FACING)
    assert not [k for k in ends if NEAR_GUARD in pattern(board_after, shipped, "Rapier", *k, False, figs)]


def test_athos_attacks_the_near_guard_alone(board_after, shipped):
    sc, (_, athos), (near, *_) = scene(
        board_after, shipped, [("Porthos", PORTHOS_AT, PORTHOS_FACING, False), ("Athos", ATHOS_AT, ATHOS_FACING, True)],
        [(GUARD, NEAR_GUARD, False), (GUARD, OTHER_GUARD, False), (MARKSMAN, CORNER_MARKSMAN, False),
         (MARKSMAN, RIGHT_MARKSMAN, False)])
    rapier = sc.decks.card(sc.get(athos)["weapons"][0])
    assert rapier["name"] == "Rapier"
    assert targets_of(sc, athos, rapier) == [near]         # one Reaction: the Guard's "Duck!"


# --- 5-7. The Enemy turn ---------------------------------------------------------------

def patterns_now(board, shipped) -> set[Square]:
    """The squares of the standing Characters' Melee Attack Patterns in the Enemy turn:
    Porthos's Broadsword (unflipped, east) and Athos's Rapier (flipped, east)."""
    return (set(pattern(board, shipped, "Broadsword", PORTHOS_AT, PORTHOS_FACING, False))
            | set(pattern(board, shipped, "Rapier", ATHOS_AT, ATHOS_FACING, True)))


def melee_rows(board, shipped, guard: Square, figs) -> dict[int, object]:
    """The Melee movement priorities of the Guard on ``guard``, row by row ("2A. Melee
    Enemy Movement"): 1, whether it is adjacent to a Character already; 2 and 3, the
    squares adjacent to a Character (empty), outside / inside an Attack Pattern, that it
    reaches this turn, with their cost."""
    patterns = patterns_now(board, shipped)
    reach = enemy_reach(board, guard, figs, patterns, shipped["enemies"][GUARD]["movement"])
    people = [sq for sq, kind in figs.items() if kind == "character"]
    beside = {sq for who in people for sq in adjacent_squares(board, who) if board.on_map(sq) and sq not in figs}
    return {1: any(adjacent(guard, who) for who in people),
            2: {sq: c for sq, c in reach.items() if sq in beside and sq not in patterns},
            3: {sq: c for sq, c in reach.items() if sq in beside and sq in patterns}}


def enemy_turn_start() -> dict[Square, str]:
    return figures([PORTHOS_AT, ATHOS_AT], [NEAR_GUARD, OTHER_GUARD, CORNER_MARKSMAN, RIGHT_MARKSMAN])


def test_the_patterns_of_the_enemy_turn(board_after, shipped):
    assert pattern(board_after, shipped, "Rapier", ATHOS_AT, ATHOS_FACING, True) == [(7, 2), (8, 2), (8, 1)]
    assert set(pattern(board_after, shipped, "Broadsword", PORTHOS_AT, PORTHOS_FACING, False)) == \
        {TOP_GUARD, BARREL, BOTTOM_GUARD, (2, 3)}


def test_the_guard_adjacent_to_athos_does_not_move(board_after, shipped):
    rows = melee_rows(board_after, shipped, NEAR_GUARD, enemy_turn_start())
    assert rows[1] is True and adjacent(NEAR_GUARD, ATHOS_AT)


def test_the_other_guard_moves_to_the_nearest_square_adjacent_to_athos_inside_his_pattern(board_after, shipped):
    figs = enemy_turn_start()
    patterns = patterns_now(board_after, shipped)
    rows = melee_rows(board_after, shipped, OTHER_GUARD, figs)
    assert rows[1] is False
    assert rows[2] == {}                               # "cannot reach a square ... outside an Attack Pattern"
    # not this turn, nor ever: Athos and the near Guard close the street
    anywhere = enemy_reach(board_after, OTHER_GUARD, figs, patterns)
    outside = {sq for who in (ATHOS_AT, PORTHOS_AT) for sq in adjacent_squares(board_after, who)
               if board_after.on_map(sq) and sq not in figs and sq not in patterns}
    assert outside and not outside & set(anywhere)
    assert rows[3] == {OTHER_GUARD_PATH[-1]: 3}         # one nearest square: ahead of Athos, 3 points
    assert legal_enemy_path(board_after, OTHER_GUARD_PATH, figs, patterns) == 3
    assert adjacent(OTHER_GUARD_PATH[-1], ATHOS_AT) and not adjacent(OTHER_GUARD_PATH[-1], PORTHOS_AT)
    # a plain shortest path would not do better: the square is the Guard's only way in
    assert reachable(board_after, OTHER_GUARD, 4, "enemy", figs)[OTHER_GUARD_PATH[-1]] == 3


def after_guards() -> dict[Square, str]:
    return figures([PORTHOS_AT, ATHOS_AT], [NEAR_GUARD, OTHER_GUARD_PATH[-1], CORNER_MARKSMAN, RIGHT_MARKSMAN])


def seen_characters(board, square: Square, figs) -> list[Square]:
    return [sq for sq, kind in figs.items() if kind == "character" and line_of_sight(board, square, sq, figs)]


def test_the_rightmost_marksman_sees_athos_and_stays(board_after):
    figs = after_guards()
    assert RIGHT_MARKSMAN[0] > CORNER_MARKSMAN[0]
    assert ATHOS_AT in seen_characters(board_after, RIGHT_MARKSMAN, figs)    # Ranged priority 1: no move


def test_the_other_marksman_moves_1_square_to_gain_line_of_sight(board_after, shipped):
    figs = after_guards()
    assert seen_characters(board_after, CORNER_MARKSMAN, figs) == []         # neither Athos nor Porthos
    patterns = patterns_now(board_after, shipped)
    reach = enemy_reach(board_after, CORNER_MARKSMAN, figs, patterns)
    seeing = {sq: c for sq, c in reach.items() if seen_characters(board_after, sq, {**figs, sq: "enemy"})}
    best = min(seeing.values())
    assert best == 1 and [sq for sq, c in seeing.items() if c == best] == [CORNER_MARKSMAN_TO]
    assert best <= shipped["enemies"][MARKSMAN]["movement"]
    assert ATHOS_AT in seen_characters(board_after, CORNER_MARKSMAN_TO, figs)


def after_enemy_moves() -> dict[Square, str]:
    return figures([PORTHOS_AT, ATHOS_AT], [NEAR_GUARD, OTHER_GUARD_PATH[-1], CORNER_MARKSMAN_TO, RIGHT_MARKSMAN])


def test_athos_is_attacked_by_all_four_for_6_damage(board_after, shipped):
    figs = after_enemy_moves()
    guards, marksmen = [NEAR_GUARD, OTHER_GUARD_PATH[-1]], [CORNER_MARKSMAN_TO, RIGHT_MARKSMAN]
    for guard in guards:       # Melee target: an adjacent Character; Porthos is not in range of the Guards
        assert [sq for sq in (ATHOS_AT, PORTHOS_AT) if adjacent(guard, sq)] == [ATHOS_AT]
    for marksman in marksmen:  # Ranged target: the nearest Character in line of sight; Porthos is not
        seen = seen_characters(board_after, marksman, figs)
        assert ATHOS_AT in seen
        assert nearest(board_after, marksman, seen, "enemy", figs, end=False)[1] == (ATHOS_AT,)
    damage = [shipped["enemies"][GUARD]["damage"]] * 2 + [shipped["enemies"][MARKSMAN]["damage"]] * 2
    assert damage == [2, 2, 1, 1] and sum(damage) == 6


def test_both_guards_are_in_athoss_pattern_and_give_him_cover_against_both_marksmen(board_after, shipped):
    figs = after_enemy_moves()
    guards = [NEAR_GUARD, OTHER_GUARD_PATH[-1]]
    rapier = pattern(board_after, shipped, "Rapier", ATHOS_AT, ATHOS_FACING, True, figs)
    assert all(guard in rapier for guard in guards)          # Defense roll against them, no automatic Wounds
    without_guards = {sq: kind for sq, kind in figs.items() if sq not in guards}
    for marksman in (CORNER_MARKSMAN_TO, RIGHT_MARKSMAN):
        assert line_of_sight(board_after, marksman, ATHOS_AT, figs)
        assert cover(board_after, marksman, ATHOS_AT, figs)                   # Advantage against the Marksmen
        assert not cover(board_after, marksman, ATHOS_AT, without_guards)     # ... and the Guards give it


def melee_move(board, shipped, at: Square, figs) -> tuple[int, list[Square], int]:
    """(priority that applies, tied destination squares, cost) for the Guard on ``at``:
    priorities 1-3 of "2A. Melee Enemy Movement" (4 is never needed in this example)."""
    rows = melee_rows(board, shipped, at, figs)
    if rows[1]:
        return 1, [at], 0
    for priority in (2, 3):
        if rows[priority]:
            best = min(rows[priority].values())
            return priority, sorted(sq for sq, c in rows[priority].items() if c == best), best
    raise AssertionError(f"the Guard on {at} would move toward the nearest Character (priority 4)")


def ranged_move(board, shipped, at: Square, figs) -> tuple[int, list[Square], int]:
    """The same for the Marksman on ``at``: "2B. Ranged Enemy Movement", 1 and 2."""
    if seen_characters(board, at, figs):
        return 1, [at], 0
    reach = enemy_reach(board, at, figs, patterns_now(board, shipped))
    seeing = {sq: c for sq, c in reach.items() if seen_characters(board, sq, {**figs, sq: "enemy"})}
    best = min(seeing.values())
    assert best <= shipped["enemies"][MARKSMAN]["movement"], "reached this turn"
    return 2, sorted(sq for sq, c in seeing.items() if c == best), best


def test_the_enemy_turn_row_by_row(board_after, shipped):
    """The whole movement phase by hand, in the rules' order (Melee Enemies, then Ranged
    ones; each move changes the figures the next one sees): each Enemy's priority, its
    one destination (no tie for the players to settle) and the points it spends."""
    figs = enemy_turn_start()
    rows = []
    for name, at, move in [(GUARD, NEAR_GUARD, melee_move), (GUARD, OTHER_GUARD, melee_move),
                           (MARKSMAN, RIGHT_MARKSMAN, ranged_move), (MARKSMAN, CORNER_MARKSMAN, ranged_move)]:
        priority, tied, cost = move(board_after, shipped, at, figs)
        assert len(tied) == 1, f"{name} on {at}: a tie {tied}"
        rows.append((name, at, priority, tied[0], cost))
        figs = {**{sq: k for sq, k in figs.items() if sq != at}, tied[0]: "enemy"}
    assert rows == [(GUARD, NEAR_GUARD, 1, NEAR_GUARD, 0),                 # "already adjacent to Athos"
                    (GUARD, OTHER_GUARD, 3, OTHER_GUARD_PATH[-1], 3),      # "adjacent to Athos as well"
                    (MARKSMAN, RIGHT_MARKSMAN, 1, RIGHT_MARKSMAN, 0),      # "will not move"
                    (MARKSMAN, CORNER_MARKSMAN, 2, CORNER_MARKSMAN_TO, 1)]  # "move 1 square"
    assert figs == after_enemy_moves()
