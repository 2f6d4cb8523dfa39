"""The Defense roll (``battle.defense.defend``) with the rulebook's own numbers: Athos's
Defense in the Battle Round Example, played on the SHIPPED Gascony cards (Gascony's
Legacy, "Enemy Attacks": 3A Suffer Automatic Wounds, 3B Roll Defense; "Terrain Tiles":
Cover, Elevated, Haystack)."""

from __future__ import annotations

import copy

import pytest
from _battle_helpers import AnswerError, character, place_character, place_enemy, place_named, play, scene_of
from _board_helpers import board_from_rows, placement
from _helpers import SHIPPED

from cardforge_compiler import __version__
from cardforge_compiler.emit import build_bundle
from cardforge_compiler.pipeline import compile_paths
from cardforge_runtime.battle.answers import check_battle_answer
from cardforge_runtime.battle.defense import best_blocking, defend, defense_dice
from cardforge_runtime.board import cover
from cardforge_runtime.dice import DiceRule

FLOOR = ["......."] * 7
ATHOS = (3, 4)                  # facing north: his Rapier covers (2, 3), (3, 3) and (2, 4)
GUARDS = [(3, 3), (2, 4)]       # "both Guards are within his Attack Pattern"
MARKSMEN = [(3, 1), (1, 4)]     # each behind a Guard: "also providing Cover against the Marksmen"


@pytest.fixture(scope="module")
def packs() -> dict:
    result = compile_paths([str(SHIPPED)])
    assert not result.errors
    return {pack["id"]: pack for pack in build_bundle(result.packs, __version__)["packs"]}


@pytest.fixture()
def gascony(packs) -> dict:  # noqa: ANN001
    return copy.deepcopy(packs["gascony"])


def example(gascony, rows=FLOOR, **athos):  # noqa: ANN001, ANN003, ANN201
    """Athos (the shipped board: Movement 5, a Rapier; no Destiny left, 4 of 5 Health)
    attacked by the two Guards (2 damage each) and the two Marksmen (1 each)."""
    scene = scene_of(rows, [character("Athos", 3, 5, destiny=0, health=athos.pop("health", 4), **athos)],
                     pack=gascony)
    me = place_character(scene, 0, ATHOS, "north", ["Rapier"])
    guards = [place_enemy(scene, "Cardinal's Guard", sq) for sq in GUARDS]
    marksmen = [place_enemy(scene, "Marksman", sq) for sq in MARKSMEN]
    attacks = [{"figure": g, "damage": 2} for g in guards] + [{"figure": m, "damage": 1} for m in marksmen]
    return scene, me, guards, marksmen, attacks


def test_athos_defense_roll_in_the_battle_round_example(gascony) -> None:  # noqa: ANN001
    """"he could receive a total of 6 (2+2+1+1) damage! Luckily both Guards are within
    his Attack Pattern, and also providing Cover against the Marksmen. Athos rolls a
    number of dice equal to his Movement stat and gets 1, 1, 3, 3, 6. His Rapier's
    ability lets him reroll 1s, which gets him 2, 3, 3, 3, 6. He can cancel out the
    Ranged Attack using his 3s since he has Advantage (Cover) against these Ranged
    Attacks. [...] The 6 cancels 2 of the 4 damage from the Guards, so Athos takes 2
    Wounds in total."""
    scene, athos, guards, marksmen, attacks = example(gascony)
    assert all(cover(scene.board, sq, ATHOS, scene.figures()) for sq in MARKSMEN)
    result, requests = play(scene, defend(scene, athos, attacks), [
        ("roll:defense", {"faces": [1, 1, 3, 3, 6]}),
        ("reroll", {"reroll": [0, 1], "faces": [2, 3]}),
        ("defend", {"defend": [None, 0, 1, 1, 0]}),
    ])
    assert requests[0]["dice"] == 5 and requests[0]["stat"] == "Movement"     # his Movement stat
    assert requests[1]["for"] == "weapon-reroll" and requests[1]["positions"] == [0, 1]   # the Rapier's 1s
    assert result.automatic == {}                                   # both Guards inside his pattern
    assert result.groups == [
        {"advantage": False, "disadvantage": False, "damage": 4, "attacks": guards},
        {"advantage": True, "disadvantage": False, "damage": 2, "attacks": marksmen}]
    assert result.faces == [2, 3, 3, 3, 6]
    assert requests[2]["suggested"] == [0, 0, 1, 1, 0]              # the 3s on the Marksmen, the 6 on the Guards
    assert result.blocked == 4 and result.wounds == 2
    assert scene.game["characters"][0]["health"] == 2


def test_athos_cannot_block_the_guards_with_his_3s(gascony) -> None:  # noqa: ANN001
    """"he can't use the 3s to prevent any damage from the Guards since he doesn't have
    Advantage when defending against them": the same dice given otherwise block only
    the 6's 2 damage."""
    scene, athos, _guards, _marksmen, attacks = example(gascony, health=5)
    result, _ = play(scene, defend(scene, athos, attacks), [
        ("roll:defense", {"faces": [2, 3, 3, 3, 6]}),
        ("defend", {"defend": [None, 0, 0, 0, 0]}),
    ])
    assert result.blocked == 2 and result.wounds == 4 and scene.game["characters"][0]["health"] == 1


def test_a_melee_attack_from_outside_the_pattern_wounds_without_a_roll(gascony) -> None:  # noqa: ANN001
    """3A: "if there are any Melee Enemies Attacking you from outside your Character's
    Attack Pattern(s), you must take 1 Wound for each point of damage they deal"; with
    nothing left to defend, no roll."""
    scene = scene_of(FLOOR, [character("Athos", 3, 5, health=5)], pack=gascony)
    athos = place_character(scene, 0, ATHOS, "north", ["Rapier"])
    behind = place_enemy(scene, "Cardinal's Guard", (3, 5))
    result, requests = play(scene, defend(scene, athos, [{"figure": behind, "damage": 2}]), [])
    assert requests == [] and result.automatic == {behind: 2} and result.wounds == 2
    assert scene.game["characters"][0]["health"] == 3
    assert [e["source"] for e in scene.events if e["event"] == "wound"] == ["enemy-attack"]


def test_one_group_needs_no_assignment_and_a_six_blocks_two(gascony) -> None:  # noqa: ANN001
    """Only the two Guards inside the pattern (4 damage): no choice to make, the roll's
    Successes block up to the damage."""
    scene, athos, guards, _marksmen, _ = example(gascony, health=5)
    result, requests = play(scene, defend(scene, athos, [{"figure": g, "damage": 2} for g in guards]), [
        ("roll:defense", {"faces": [6, 4, 2, 2, 2]}),
    ])
    assert [r["kind"] for r in requests] == ["roll"] and result.blocked == 3 and result.wounds == 1


def test_falling_to_automatic_wounds_ends_the_defense(gascony) -> None:  # noqa: ANN001
    """A Character Fallen from the automatic Wounds rolls no Defense ("Enemies ignore
    Fallen Characters")."""
    scene = scene_of(FLOOR, [character("Athos", 3, 5, health=2)], pack=gascony)
    athos = place_character(scene, 0, ATHOS, "north", ["Rapier"])
    behind = place_enemy(scene, "Cardinal's Guard", (3, 5))
    shooter = place_enemy(scene, "Marksman", (6, 4))
    result, requests = play(scene, defend(scene, athos, [{"figure": behind, "damage": 2},
                                                         {"figure": shooter, "damage": 1}]), [])
    assert requests == [] and scene.game["characters"][0]["fallen"] and result.faces == []
    with pytest.raises(ValueError, match="Fallen"):
        next(defend(scene, athos, [{"figure": shooter, "damage": 1}]))
    with pytest.raises(ValueError, match="not a Character"):
        next(defend(scene, shooter, [{"figure": behind, "damage": 1}]))


def test_terrain_and_tokens_change_the_defense_dice(gascony) -> None:  # noqa: ANN001
    """Haystack: "receives +1 die when rolling for defense"; Despair: "Roll 1 fewer
    dice on all checks"; at most 6; Elevated: "They gain Disadvantage when defending
    against Ranged attacks" (a 4 then blocks nothing)."""
    rows = ["......."] * 7
    scene = scene_of(rows, [character("Athos", 3, 6)], pack=gascony)
    scene.board = board_from_rows(rows, [placement("Haystack", (3, 4))])
    athos = place_character(scene, 0, ATHOS, "north", ["Rapier"])
    assert defense_dice(scene, athos) == {"dice": 6, "doom": False}           # 6 + 1, at most 6
    scene.game["characters"][0]["stats"]["Movement"] = 4
    assert defense_dice(scene, athos)["dice"] == 5
    scene.game["characters"][0]["status"] = ["Despair", "Doom"]
    assert defense_dice(scene, athos) == {"dice": 4, "doom": True}
    high = scene_of(["...K..."] + ["......."] * 6, [character("Aramis", 3, 3, health=5)], pack=gascony)
    aramis = place_character(high, 0, (4, 1), "south", ["Rapier"])
    shooter = place_enemy(high, "Marksman", (4, 6))
    result, _ = play(high, defend(high, aramis, [{"figure": shooter, "damage": 1}]), [
        ("roll:defense", {"faces": [4, 2, 2]})])
    assert result.groups[0]["disadvantage"] is True and result.blocked == 0 and result.wounds == 1


def test_a_named_enemy_attack_is_melee_and_defended_inside_the_pattern(gascony) -> None:  # noqa: ANN001
    scene = scene_of(FLOOR, [character("Athos", 3, 5, health=5)], pack=gascony)
    athos = place_character(scene, 0, ATHOS, "north", ["Rapier"])
    named = place_named(scene, "Cardinal Richelieu", (3, 3))
    result, _ = play(scene, defend(scene, athos, [{"figure": named, "damage": 2}]), [
        ("roll:defense", {"faces": [4, 1, 1, 1, 1]}), ("reroll", {"keep": True})])
    assert result.automatic == {} and result.blocked == 1 and result.wounds == 1


def test_defend_answers_are_checked() -> None:
    request = {"kind": "defend", "faces": [2, 3, 6], "groups": [{}, {}], "suggested": [0, 1, 0]}
    rule = DiceRule()
    assert check_battle_answer(request, {"defend": [None, 1, 0]}, rule) == {"defend": [None, 1, 0]}
    for wrong in ({"defend": [0, 1]}, {"defend": [0, 1, 2]}, {"defend": [0, 1, True]}, {"defend": [0, 0, 0], "x": 1}):
        with pytest.raises(AnswerError):
            check_battle_answer(request, wrong, rule)
    assert best_blocking(rule, [3, 6], [{"advantage": False, "disadvantage": False, "damage": 1},
                                        {"advantage": True, "disadvantage": False, "damage": 1}]) == ([1, 0], 2)


def test_the_defense_requests_shown_in_runtime_md_have_the_real_keys(gascony) -> None:  # noqa: ANN001
    """docs/runtime.md, "The Defense roll": the JSON shown is what ``defend`` yields."""
    import json
    import re
    from pathlib import Path
    doc = (Path(__file__).resolve().parents[1] / "docs" / "runtime.md").read_text(encoding="utf-8")
    start = doc.index("### The Defense roll")
    section = doc[start:re.search(r"\n#{2,3} ", doc[start + 1:]).start() + start + 1]   # to the next heading
    shown = [json.loads(line) for block in re.findall(r"```json\n(.*?)```", section, re.S)
             for line in block.strip().splitlines()]
    shown = [s for s in shown if s.get("kind") in ("roll", "defend")]     # the answers and rerolls between them
    scene, athos, _guards, _marksmen, attacks = example(gascony)
    _, real = play(scene, defend(scene, athos, attacks), [
        ("roll:defense", {"faces": [2, 3, 3, 3, 6]}), ("defend", {"defend": [None, 0, 1, 1, 0]})])
    assert [r["kind"] for r in shown] == [r["kind"] for r in real] == ["roll", "defend"]
    for example_shown, request in zip(shown, real):
        assert set(example_shown) == set(request) | {"card"}       # in a Session every request has card
        assert example_shown["groups"][0].keys() == request["groups"][0].keys()
    assert shown[1]["suggested"] == real[1]["suggested"]


def test_the_rolled_stats_are_the_packs_battle_stats_and_a_missing_one_is_named():
    """Attack Rolls ("Melee weapons roll your Prowess Stat") and Roll Defense ("a
    number of dice equal to their Movement Stat"): the stats are the pack's
    ``battle_stats``, and a pack naming none stops with the roll it lacks."""
    from _battle_helpers import PACK

    from cardforge_runtime.battle.attack import melee_stat
    from cardforge_runtime.battle.defense import defense_stat
    from cardforge_runtime.errors import EngineError

    scene = scene_of(["...."], [character("Athos", 3, 5)])
    assert (melee_stat(scene), defense_stat(scene)) == ("Prowess", "Movement")
    bare = scene_of(["...."], [character("Athos", 3, 5)], pack={**PACK, "battle_stats": {}})
    with pytest.raises(EngineError, match=r"names no stat for Melee attacks \(battle_stats\.melee\)"):
        melee_stat(bare)
    with pytest.raises(EngineError, match=r"names no stat for Defense rolls \(battle_stats\.defense\)"):
        defense_stat(bare)
