"""docs/runtime.md, "Battle state" and "Attacks": the shapes shown are the engine's."""

from __future__ import annotations

import json
import re
from pathlib import Path

from _battle_helpers import character, place_character, place_enemy, play, scene_of

from cardforge_runtime.battle.attack import attack

DOC = (Path(__file__).resolve().parents[1] / "docs" / "runtime.md").read_text(encoding="utf-8")
FLOOR = ["......"] * 6


def _section(start: str, end: str) -> str:
    return DOC[DOC.index(start):DOC.index(end)]


def _real_requests() -> list[dict]:
    scene = scene_of(FLOOR, [character("Porthos", 4, 3)], order={"Reaction": ["Counterattack"]})
    porthos = place_character(scene, 0, (3, 4), "north", ["Broadsword", "Pistol"])
    top, bottom = place_enemy(scene, "Cardinal's Guard", (3, 3)), place_enemy(scene, "Cardinal's Guard", (4, 3))
    _, melee = play(scene, attack(scene, porthos, scene.get(porthos)["weapons"][0]), [
        ("roll:attack", {"faces": [3, 4, 5, 6]}), ("pips", {"dice": [0]}),
        ("assign", {"assign": [{"figure": top, "successes": 3}, {"figure": bottom, "successes": 2}]})])
    scene.get(porthos)["facing"] = "east"
    place_enemy(scene, "Marksman", (5, 4))
    place_enemy(scene, "Marksman", (6, 4))
    _, ranged = play(scene, attack(scene, porthos, scene.get(porthos)["weapons"][1]), [
        ("pick:ranged-target", {"pick": 5}), ("roll:attack", {"faces": [1, 1, 1]}), ("reroll", {"keep": True})])
    return melee + ranged


def test_every_request_shown_has_the_real_keys():
    shown = [json.loads(line) for block in re.findall(r"```json\n(.*?)```", _section("## Attacks", "**Effects**"), re.S)
             for line in block.strip().splitlines()]
    real = _real_requests()
    assert {r["kind"] for r in shown} == {"pick", "pips", "assign"}
    for example in shown:
        shapes = {tuple(sorted(r)) for r in real if r["kind"] == example["kind"] and r.get("for") == example.get("for")}
        assert tuple(sorted(example)) in shapes, example
        if example["kind"] == "assign":
            assert set(example["targets"][0]) == set(next(r for r in real if r["kind"] == "assign")["targets"][0])


def test_the_battle_state_shown_has_the_real_keys():
    shown = json.loads(re.search(r"```json\n(.*?)```", _section("## Battle state", "## Attacks"), re.S).group(1))
    scene = scene_of(FLOOR, [character("Porthos", 4, 3), character("Athos", 3, 3)])
    place_character(scene, 0, (3, 4), "north", ["Broadsword"])
    place_enemy(scene, "Cardinal's Guard", (3, 3))
    from _battle_helpers import place_named
    place_named(scene, "Cardinal Richelieu", (5, 2))
    assert set(shown) == set(scene.battle)
    for key in ("characters", "enemies", "named"):
        assert set(shown[key][0]) == set(scene.battle[key][0])


def test_the_fixture_pack_passes_the_bundle_checks_of_format_1_5():
    """The hand-built pack of these tests has the shapes load_bundle accepts
    (bundle_decks.check_decks), so the engine is tested on real bundle data."""
    import copy

    from _battle_helpers import PACK

    from cardforge_runtime.bundle_decks import check_decks
    from cardforge_runtime.bundle_fields import FieldChecker

    check_decks(FieldChecker("fixture"), {**copy.deepcopy(PACK), "characters": []}, "$.packs[0]",
                {"Prowess", "Movement"})
