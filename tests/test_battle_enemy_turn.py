"""The Enemy turn (``battle.enemy_turn``) with the SHIPPED Gascony's Legacy cards: the
Battle Round Example's Enemy turn on a board built to match its text, a Named Enemy's
threat portion, the attack targets, double attacks and ``on_hit``, and the effects
``activate`` and ``attack`` of Threat cards played through ``scene.enemy_turn`` and
``scene.enemy_attack``. Every Enemy move is replayed through ``legal_enemy_path``."""

from __future__ import annotations

import pytest
from _battle_helpers import fx
from _enemy_helpers import GUARD, MARKSMAN, board_scene, drive, enemies, gascony, moves, responder

from cardforge_runtime.battle.enemy_turn import activate, activation_order, enemy_attack, enemy_turn, hits, wire
from cardforge_runtime.battle.state import add_named
from cardforge_runtime.board import cover
from cardforge_runtime.errors import EngineError

#: "a narrow Parisian street": the street (rows 4-6) and, to the north-west, a bent
#: alley (1, 1) -> (3, 1) -> (3, 3) where the second Marksman waits out of sight.
STREET = ["...######",
          "##.######",
          "##.######",
          ".........",
          ".........",
          "........."]


def _example():
    scene, (athos, porthos) = board_scene(STREET, [("Athos", (5, 5), "north", ["Rapier"]),
                                                   ("Porthos", (9, 6), "north", ["Broadsword"])])
    scene.game["characters"][0]["health"] = 4      # "Neither has full Health or Destiny (Athos has no Destiny)"
    guards = enemies(scene, (GUARD, (4, 5)), (GUARD, (1, 4)))
    marksmen = enemies(scene, (MARKSMAN, (1, 5)), (MARKSMAN, (1, 1)))
    return scene, athos, porthos, guards, marksmen


def test_the_battle_round_examples_enemy_turn() -> None:
    """"Guards are Melee Enemies and move first. One is already adjacent to Athos, so
    does not move. The other cannot reach a square adjacent to a Character and outside
    an Attack Pattern, so it moves to the nearest square adjacent to Athos as well. [...]
    The rightmost Marksman has line of sight on Athos already and will not move, but
    the other one will have to move 1 square to gain Line of Sight. Porthos is not in
    range of the Guards, and is not the nearest character for the Marksmen, so Athos
    will be attacked by all of them; he could receive a total of 6 (2+2+1+1) damage!
    [...] Athos [...] gets 1, 1, 3, 3, 6. His Rapier's ability lets him reroll 1s,
    which gets him 2, 3, 3, 3, 6. [...] Athos takes 2 Wounds in total."""
    scene, athos, porthos, (stays, comes), (sees, hidden) = _example()
    _, requests = drive(scene, enemy_turn(scene), [
        {"faces": [1, 1, 3, 3, 6]},                          # Athos's Defense roll: his Movement, 5 dice
        {"reroll": [0, 1], "faces": [2, 3]},                 # the Rapier's free reroll of the 1s
        {"defend": [None, 0, 1, 1, 0]},                      # the 3s on the Marksmen (Cover), the 6 on the Guards
    ])
    assert [(m["figure"], m["from"], m["to"], m["cost"], m["priority"]) for m in moves(scene)] == [
        (stays, [4, 5], [4, 5], 0, "stay-if-can-attack"),
        (comes, [1, 4], [4, 4], 3, "adjacent-in-pattern"),
        (sees, [1, 5], [1, 5], 0, "stay-if-line-of-sight"),
        (hidden, [1, 1], [2, 1], 1, "toward-line-of-sight")]
    assert scene.replayed == 4
    attacks = [(e["figure"], e["targets"], e["damage"]) for e in scene.events if e["event"] == "enemy-attack"]
    assert attacks == [(stays, [athos], 2), (comes, [athos], 2), (sees, [athos], 1), (hidden, [athos], 1)]
    assert [r["kind"] for r in requests] == ["roll", "reroll", "defend"]
    assert requests[0]["dice"] == 5 and requests[0]["groups"] == [
        {"advantage": False, "disadvantage": False, "damage": 4, "attacks": [stays, comes]},
        {"advantage": True, "disadvantage": False, "damage": 2, "attacks": [sees, hidden]}]
    assert all(cover(scene.board, scene.square(m), (5, 5), scene.figures()) for m in (sees, hidden))
    defense = next(e for e in scene.events if e["event"] == "defense")
    assert (defense["faces"], defense["damage"], defense["blocked"], defense["wounds"]) == ([2, 3, 3, 3, 6], 6, 4, 2)
    assert scene.game["characters"][0]["health"] == 2 and scene.game["characters"][1]["health"] == 5


def test_the_example_guard_had_no_square_outside_a_pattern_within_reach() -> None:
    """The second Guard's 4 points reach no square beside a Character outside his
    Attack Patterns (the text's reason for 2A 3); a square beside Athos in his pattern
    is 3 points away."""
    from cardforge_runtime.battle.enemy_move import attack_pattern_squares, routes
    scene, athos, porthos, (_, comes), _ = _example()
    pattern = attack_pattern_squares(scene)
    people = [scene.square(athos), scene.square(porthos)]
    beside = {sq: cost for sq, cost in routes(scene, comes).ends.items()
              if any(max(abs(sq[0] - p[0]), abs(sq[1] - p[1])) == 1 for p in people)}
    assert beside == {(4, 4): 3} and (4, 4) in pattern


def _richelieu(top: list[str], **more):
    scene, ids = board_scene(["......."] * 5, [("Athos", (4, 5), "north", ["Rapier"]),
                                               ("Porthos", (7, 1), "west", ["Broadsword"])],
                             order={"Cardinal Richelieu": top}, **more)
    health = scene.named_enemies["Cardinal Richelieu"]["health"]["2"]
    cardinal = add_named(scene.battle, "Cardinal Richelieu", (4, 1), health)["id"]
    return scene, ids, cardinal


def test_a_named_enemy_draws_and_resolves_the_threat_portion_then_does_nothing_more() -> None:
    """"1. Named Enemy: Draw & Resolve Threat Card(s) [...] resolve only the top
    portion, and place the card in a discard pile [...] Note: Some Named Enemy cards
    will instruct you to draw multiple cards": Affairs of State heals the Cardinal and
    draws the next threat, The Cardinal Steps Forward (3 squares toward the nearest
    Character, then an attack on an adjacent one)."""
    scene, (athos, porthos), cardinal = _richelieu(["Affairs of State", "The Cardinal Steps Forward"])
    scene.get(cardinal)["health"] = 3
    _, requests = drive(scene, enemy_turn(scene), [{"faces": [1, 2, 2, 3, 3]}])
    events = [e["event"] for e in scene.events]
    assert events[0] == "threat" and scene.events[0]["figure"] == cardinal
    cards = [(e["name"], e["portion"], e["fate"]) for e in scene.events if e["event"] == "card"]
    assert cards == [("Affairs of State", "threat", "discard"), ("The Cardinal Steps Forward", "threat", "discard")]
    assert scene.get(cardinal)["health"] == 4
    assert "enemy-move" not in events            # the Cardinal does nothing more; no other Enemy
    step = next(e for e in scene.events if e["event"] == "move")
    assert step["figure"] == cardinal and step["to"] == [6, 1]        # 3 squares toward Porthos, the nearest
    attack = next(e for e in scene.events if e["event"] == "enemy-attack")
    damage = scene.named_enemies["Cardinal Richelieu"]["damage"]
    assert (attack["figure"], attack["targets"], attack["damage"]) == (cardinal, [porthos], damage)
    assert [(r["kind"], r["for"], r["character"]) for r in requests] == [("roll", "defense", 1)]   # in his pattern
    assert scene.game["characters"][1]["health"] == 5 - damage


def test_a_threat_that_activates_guards_moves_them_and_they_act_again_in_their_phase() -> None:
    """Guards!: "All Cardinal's Guards adjacent to the Cardinal activate" (they move
    and attack at once, ``scene.enemy_turn``), then up to 1 per player more are placed
    beside him; then every Guard moves and attacks in the Enemy Movement and Attacks."""
    scene, (athos, porthos), cardinal = _richelieu(["Guards!"], supply={GUARD: 3, MARKSMAN: 0})
    guard, = enemies(scene, (GUARD, (4, 2)))
    drive(scene, enemy_turn(scene), responder(6))
    kinds = [e["event"] for e in scene.events]
    assert kinds.index("activate") < kinds.index("spawn")
    first = [e for e in moves(scene) if e["figure"] == guard]
    assert len(first) == 2 and scene.replayed == len(moves(scene)) >= 4
    spawned = next(e for e in scene.events if e["event"] == "spawn")["figures"]
    assert len(spawned) == 2 and {e["figure"] for e in moves(scene)} == {guard, *spawned}
    assert scene.enemy_turn is activate and scene.enemy_attack is enemy_attack


def test_melee_enemies_attack_the_adjacent_character_the_players_choose() -> None:
    """"For Melee Enemies, players choose which adjacent Character they attack": a
    ``pick`` ``for: "target"`` with exactly the standing adjacent Characters (Aramis,
    Fallen, is never one); a refused answer changes nothing."""
    from _battle_helpers import AnswerError

    from cardforge_runtime.battle.answers import check_battle_answer
    scene, (athos, porthos, aramis) = board_scene(["....."] * 3, [
        ("Athos", (2, 2), "east", ["Rapier"]), ("Porthos", (4, 2), "west", ["Broadsword"]),
        ("Aramis", (3, 1), "south", ["Rapier"])], fallen=(2,))
    guard, = enemies(scene, (GUARD, (3, 3)))
    play = enemy_turn(scene)
    move = next(play)
    assert move == {"kind": "pick", "for": "target", "options": [athos, porthos], "figure": guard, "card": 7}
    with pytest.raises(AnswerError):
        check_battle_answer(move, {"pick": aramis}, scene.rule)
    request = play.send({"pick": porthos})
    assert request["kind"] == "roll" and request["character"] == 1


def test_a_ranged_enemy_attacks_the_nearest_character_in_its_line_of_sight() -> None:
    scene, (athos, porthos) = board_scene(["......."] * 3, [("Athos", (1, 1), "south", ["Rapier"]),
                                                            ("Porthos", (5, 3), "north", ["Broadsword"])])
    marksman, = enemies(scene, (MARKSMAN, (7, 3)))
    drive(scene, enemy_turn(scene), responder(1))
    assert [e["targets"] for e in scene.events if e["event"] == "enemy-attack"] == [[porthos]]


def _double(pack_changes: dict):
    pack = gascony()
    guard = next(e for e in pack["enemies"] if e["name"] == GUARD)
    guard.update(pack_changes)
    scene, ids = board_scene(["....."] * 3, [("Athos", (2, 2), "north", ["Rapier"]),
                                             ("Porthos", (4, 2), "north", ["Broadsword"])], pack=pack)
    return scene, ids


def test_two_attacks_and_a_new_target_after_a_kill() -> None:
    """``attacks: 2`` with ``retarget_on_kill`` (the second ruleset's Double Attack: "If
    the enemy kills its target with the first attack, then it chooses a new target for
    the second attack"): Athos Falls to the first attack, the second goes to Porthos."""
    scene, (athos, porthos) = _double({"attacks": 2, "retarget_on_kill": True})
    scene.game["characters"][0]["health"] = 2
    guard, = enemies(scene, (GUARD, (3, 3)))                      # behind both: automatic Wounds
    drive(scene, enemy_turn(scene), [{"pick": athos}])
    assert scene.game["characters"][0]["fallen"]
    assert [e["targets"] for e in scene.events if e["event"] == "enemy-attack"] == [[athos], [porthos]]
    assert scene.game["characters"][1]["health"] == 3


def test_two_attacks_without_retargeting_hit_the_same_character_in_one_defense() -> None:
    scene, (athos, porthos) = _double({"attacks": 2})
    guard, = enemies(scene, (GUARD, (3, 3)))
    drive(scene, enemy_turn(scene), [{"pick": porthos}])
    wounds = [e for e in scene.events if e["event"] == "automatic-wounds"]
    assert wounds == [{"event": "automatic-wounds", "figure": porthos, "from": guard, "damage": 4}]


def test_on_hit_effects_follow_an_attack_that_was_not_all_blocked() -> None:
    """``on_hit`` (the second ruleset's Poison): the Enemy's effects with ``you`` the
    Character hit; a fully blocked attack does not hit."""
    scene, (athos, porthos) = _double({"on_hit": [fx("status", token="Despair", who="you")]})
    scene.get(porthos)["square"] = [5, 3]
    guard, = enemies(scene, (GUARD, (2, 1)))                      # in Athos's pattern: a Defense roll
    drive(scene, enemy_turn(scene), [{"faces": [6, 1, 1, 1, 1]}, {"keep": True}])
    assert scene.game["characters"][0]["status"] == []
    scene.events.clear()
    drive(scene, enemy_turn(scene), [{"faces": [1, 1, 1, 1, 1]}, {"keep": True}])
    assert scene.game["characters"][0]["status"] == ["Despair"]
    assert hits(scene, type("D", (), {"automatic": {}, "groups": [], "faces": [], "assigned": [], "doom": False})()) == []


def test_enemy_attack_effect_skips_fallen_characters_and_terrain() -> None:
    scene, (athos,) = board_scene(["..."], [("Athos", (1, 1), "east", ["Rapier"])], fallen=(0,))
    guard, = enemies(scene, (GUARD, (2, 1)))
    assert drive(scene, enemy_attack(scene, guard, athos, 2), [])[1] == []
    drive(scene, enemy_attack(scene, guard, {"terrain": [3, 1]}, 2), [])
    assert scene.events == [{"event": "enemy-attack", "figure": guard, "targets": [{"terrain": [3, 1]}], "damage": 2,
                             "resolved": False}]
    assert scene.game["characters"][0]["health"] == 5


def test_activation_orders() -> None:
    """``melee-then-ranged``: Melee Enemies, then Ranged ones, each in board order;
    ``nearest-first``: the fewest Movement points to a standing Character first."""
    scene, _ = board_scene(["......"], [("Athos", (6, 1), "west", ["Rapier"])])
    far_marksman, far_guard, near_marksman = enemies(scene, (MARKSMAN, (1, 1)), (GUARD, (2, 1)), (MARKSMAN, (4, 1)))
    assert activation_order(scene, [far_marksman, far_guard, near_marksman]) == [far_guard, far_marksman, near_marksman]
    scene.pack["enemy_rules"]["activation_order"] = "nearest-first"
    assert activation_order(scene, [far_marksman, far_guard, near_marksman]) == [near_marksman, far_guard, far_marksman]
    scene.pack["enemy_rules"]["activation_order"] = "alphabetical"
    with pytest.raises(EngineError, match="unknown activation order"):
        activation_order(scene, [far_guard])


def test_an_enemy_with_an_attack_value_is_refused_with_a_clear_error() -> None:
    scene, _ = board_scene(["...."], [("Athos", (4, 1), "west", ["Rapier"])])
    guard, = enemies(scene, (GUARD, (1, 1)))
    scene.enemies[GUARD]["attack"] = 3
    with pytest.raises(EngineError, match="Response card"):
        drive(scene, activate(scene, [guard]), [])


def test_wire_keeps_what_the_scene_was_given() -> None:
    scene, _ = board_scene(["."], [("Athos", (1, 1), "west", ["Rapier"])])
    mine = object()
    scene.enemy_attack = mine  # type: ignore[assignment]
    wire(scene)
    assert scene.enemy_turn is activate and scene.enemy_attack is mine


def test_the_requests_and_events_shown_in_runtime_md_have_the_real_keys() -> None:
    """docs/runtime.md, "The Enemy turn": each request and event shown has the keys the
    engine gives it (the tied Guard, the Battle Round Example, a Named Enemy's threat)."""
    import json
    import re
    from pathlib import Path

    from test_battle_enemy_move import _tied_scene

    from cardforge_runtime.battle.enemy_move import move_enemy
    doc = (Path(__file__).resolve().parents[1] / "docs" / "runtime.md").read_text(encoding="utf-8")
    section = doc[doc.index("### The Enemy turn"):doc.index("## Battle rounds")]
    shown = [json.loads(line) for block in re.findall(r"```json\n(.*?)```", section, re.S)
             for line in block.strip().splitlines()]
    shown = [s for s in shown if "kind" in s or "event" in s]          # not the answers shown after the requests
    scene, (athos, porthos, _), guard = _tied_scene()
    _, real = drive(scene, move_enemy(scene, guard), [{"pick": athos}, {"pick": [7, 4]}])
    events = list(scene.events)
    scene, *_ = _example()
    drive(scene, enemy_turn(scene), responder(3))
    events += scene.events
    scene, (athos, porthos), cardinal = _richelieu(["Affairs of State"])
    drive(scene, enemy_turn(scene), responder(3))
    events += scene.events
    scene, (athos, porthos) = board_scene(["....."] * 3, [
        ("Athos", (2, 2), "east", ["Rapier"]), ("Porthos", (4, 2), "west", ["Broadsword"])])
    enemies(scene, (GUARD, (3, 3)))
    real += drive(scene, enemy_turn(scene), responder(3))[1]
    assert {e.get("event") or e.get("for") for e in shown} == {"enemy-target", "enemy-square", "target", "threat",
                                                                 "enemy-move", "enemy-attack"}
    for example in shown:
        if "event" in example:
            assert set(example) in [set(e) for e in events if e["event"] == example["event"]], example
        else:
            assert set(example) in [set(r) for r in real if r.get("for") == example["for"]], example


def test_a_threat_cards_move_is_a_legal_enemy_route_and_stops_in_a_pattern() -> None:
    """"The following rules apply to all Enemy Movement": The Cardinal Steps Forward
    (3 squares toward the nearest Character) stops on entering the square two ahead of
    Athos, in his English Longsword's reach, where a plain move would have gone on
    beside him; the route is replayed through ``legal_enemy_path`` with its 3 points."""
    from cardforge_runtime.battle.enemy_routes import legal_enemy_path
    scene, ids = board_scene(["......."] * 5, [("Athos", (4, 5), "north", ["English Longsword"])],
                             order={"Cardinal Richelieu": ["The Cardinal Steps Forward"]})
    cardinal = add_named(scene.battle, "Cardinal Richelieu", (4, 1), 5)["id"]
    drive(scene, enemy_turn(scene), [])
    step = next(e for e in scene.events if e["event"] == "move")
    assert (step["figure"], step["to"], step["path"], step["cost"]) == (cardinal, [4, 3], [[4, 1], [4, 2], [4, 3]], 2)
    scene.get(cardinal)["square"] = [4, 1]
    assert legal_enemy_path(scene, cardinal, step["path"], budget=3) is None
    assert "(the move ends there)" in legal_enemy_path(scene, cardinal, [[4, 1], [4, 2], [4, 3], [4, 4]], budget=3)


def test_the_same_answers_give_the_same_enemy_turn() -> None:
    """Saves resume by replay: the Enemy turn draws no randomness of its own, so the
    same board and the same answers give the same events and the same state."""
    def once():  # noqa: ANN202
        scene, _, _, _, _ = _example()
        scene.get(scene.battle["characters"][1]["id"])["square"] = [6, 6]      # Porthos nearer: ties and picks
        drive(scene, enemy_turn(scene), responder(4))
        return scene.events, scene.battle, scene.game["characters"]
    assert once() == once()
