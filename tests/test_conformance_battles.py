"""The Battle conformance transcripts of tests/conformance/ hold the rulebook's numbers.

The transcripts themselves replay in tests/test_conformance.py (in memory and through a
save and load after every answer); here each number the rulebook prints in its Battle
Round Example (Gascony's Legacy, "Battle Round Example") is read back from the recorded
events of ``battle-round-example.transcript.json``, so that a reader sees each one
checked, and the Act Battles are checked to end on an objective.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent / "conformance"

# figure ids of the example's setup (its `setup` event): the Guards Porthos attacks,
# the near and the other Guard, the corner and the rightmost Marksman; Athos, Porthos
TOP_GUARD, BOTTOM_GUARD, NEAR_GUARD, OTHER_GUARD, CORNER_MARKSMAN, RIGHT_MARKSMAN = 1, 2, 3, 4, 5, 6
ATHOS, PORTHOS = 7, 8


def _transcript(name: str) -> dict:
    return json.loads((HERE / f"{name}.transcript.json").read_text(encoding="utf-8"))


def _played(transcript: dict) -> list[dict]:
    """The accepted steps (refused answers left out)."""
    return [step for step in transcript["steps"] if "rejected" not in step]


@pytest.fixture(scope="module")
def example() -> list[dict]:
    """The accepted steps of the Battle Round Example's first round (up to Upkeep)."""
    steps = _played(_transcript("battle-round-example"))
    end = next(i for i, step in enumerate(steps) if any(e["event"] == "upkeep" for e in step["events"]))
    return steps[:end + 1]


def _events(steps: list[dict], event: str, **match) -> list[dict]:
    return [e for step in steps for e in step["events"]
            if e["event"] == event and all(e.get(k) == v for k, v in match.items())]


def test_the_setup_is_the_examples(example):
    """Athos and Porthos on their Start squares facing east, four Guards and two Marksmen;
    neither has full Health or Destiny, Athos has none ("Athos has no Destiny")."""
    transcript = _transcript("battle-round-example")
    assert transcript["setup"]["players"] == 2 and transcript["setup"]["battles"] == "engine"
    assert _events(example, "deploy") == [
        {"event": "deploy", "figure": ATHOS, "character": 0, "square": [1, 1], "facing": "east"},
        {"event": "deploy", "figure": PORTHOS, "character": 1, "square": [1, 4], "facing": "east"}]
    setup = _events(example, "setup")[0]
    assert [(e["enemy"], e["figure"]) for e in setup["enemies"]] == [
        ("Cardinal's Guard", TOP_GUARD), ("Cardinal's Guard", BOTTOM_GUARD), ("Cardinal's Guard", NEAR_GUARD),
        ("Cardinal's Guard", OTHER_GUARD), ("Marksman", CORNER_MARKSMAN), ("Marksman", RIGHT_MARKSMAN)]
    before_battle = {c["path"]: c["to"] for step in example[:2] for c in step["changes"]}
    assert before_battle["/characters/0/destiny"] == 0 and before_battle["/characters/1/destiny"] == 2
    assert before_battle["/characters/0/health"] == 4 and before_battle["/characters/1/health"] == 4


def test_all_for_one_gives_m_and_c_and_porthos_goes_first(example):
    assert _events(example, "stones") == [{"event": "stones", "round": 1, "faces": ["Movement", "Courage"]}]
    assert _events(example, "turn")[0] == {"event": "turn", "round": 1, "character": 1, "figure": PORTHOS}


def test_porthos_moves_3_and_rolls_3456_plus_a_pip_for_5_successes_3_and_2(example):
    assert _events(example, "character-move", figure=PORTHOS) == [
        {"event": "character-move", "figure": PORTHOS, "from": [1, 4], "to": [2, 2], "facing": "east", "cost": 3}]
    attack = _events(example, "attack", figure=PORTHOS)[0]
    assert (attack["targets"], attack["dice"]) == ([TOP_GUARD, BOTTOM_GUARD], 4)      # both Guards, 4 Prowess dice
    assert _events(example, "roll", character=1) == [
        {"event": "roll", "character": 1, "for": "attack", "faces": [3, 4, 5, 6], "successes": 4}]
    assert _events(example, "pips") == [
        {"event": "pips", "character": 1, "dice": [0], "faces": [4, 4, 5, 6], "successes": 5}]  # +1 pip on the 3
    assert _events(example, "successes", figure=TOP_GUARD) == [
        {"event": "successes", "figure": TOP_GUARD, "successes": 3, "result": "defeated"}]   # Guard 2/3
    assert _events(example, "successes", figure=BOTTOM_GUARD) == [
        {"event": "successes", "figure": BOTTOM_GUARD, "successes": 2, "result": "wounded"}]


def test_counterattack_wounds_porthos_once_then_he_draws_the_cross(example):
    cards = _events(example, "card", you=PORTHOS, portion="effects")      # drawn (the Cross's use is below)
    assert [(c["name"], c["this"]) for c in cards] == [("Counterattack", BOTTOM_GUARD), ("Cross", None)]
    assert _events(example, "wound", figure=PORTHOS) == [
        {"event": "wound", "figure": PORTHOS, "amount": 1, "result": "wounded", "source": "effect"}]
    # the Reaction first, then the Loot (one per Guard Defeated by the Melee Attack)
    step = next(s for s in example if cards[0] in s["events"])
    kinds = [e["event"] for e in step["events"]]
    assert kinds.index("wound") < [i for i, k in enumerate(kinds) if k == "card"][1]


def test_porthos_discards_the_cross_at_once_to_regain_a_destiny(example):
    """"Then, he draws a Loot - Cross. He discards it to regain one of his Destiny tokens."
    The turn after his Attack offers the Cross's use; using it costs no Action (his
    Talent is his Action next) and his Destiny goes from 2 to 3."""
    after_attack = next(s for s in example if _events([s], "card", name="Cross"))
    step = example[example.index(after_attack) + 1]
    turn = step["request"]
    assert turn["kind"] == "turn" and turn["character"] == 1
    assert {"do": "use", "cards": [{"card": "Loot#3", "item": "Cross", "helps": True}]} in turn["options"]
    assert step["answer"] == {"do": "use", "card": "Loot#3"}
    assert [(c["name"], c["portion"], c["you"], c["fate"]) for c in _events([step], "card")] == [
        ("Cross", "use", PORTHOS, "discard")]
    assert _events([step], "use") == [
        {"event": "use", "figure": PORTHOS, "character": 1, "card": "Loot#3", "item": "Cross"}]
    assert {"path": "/characters/1/destiny", "from": 2, "to": 3} in step["changes"]
    assert not [c for c in step["changes"] if c["path"].startswith("/battle/turn/")]     # no Action spent
    after = example[example.index(step) + 1]
    assert after["answer"] == {"do": "action", "action": "talent"}
    assert not any(o["do"] == "use" for o in after["request"]["options"])               # discarded: gone


def test_corps_a_corps_kicks_the_barrel_through_the_wounded_guard_with_no_loot(example):
    assert _events(example, "ability", figure=PORTHOS) == [
        {"event": "ability", "figure": PORTHOS, "character": 1, "ability": "talent", "name": "Corps-à-corps",
         "as": "action"}]
    assert _events(example, "interact-result") == [
        {"event": "interact-result", "figure": PORTHOS, "tile": 0, "successes": 4, "needed": 3, "passed": True}]
    assert _events(example, "roll-in-line") == [
        {"event": "roll-in-line", "tile": 0, "direction": "south", "path": [[3, 3], [3, 4]]}]
    kick = next(s for s in example if _events([s], "roll-in-line"))
    assert _events([kick], "wound") == [
        {"event": "wound", "figure": BOTTOM_GUARD, "amount": 1, "result": "defeated", "source": "terrain"}]
    assert _events([kick], "card") == [] and _events([kick], "remove-tile") == [{"event": "remove-tile", "tile": 0}]
    assert _events(example, "turn-end")[0] == {"event": "turn-end", "character": 1, "reason": "end"}


def test_athos_spends_m_for_6_movement_prepares_and_rolls_124(example):
    assert _events(example, "stone", figure=ATHOS)[0]["face"] == "Movement"
    assert _events(example, "character-move", figure=ATHOS) == [
        {"event": "character-move", "figure": ATHOS, "from": [1, 1], "to": [7, 1], "facing": "east", "cost": 6}]
    assert _events(example, "prepare", figure=ATHOS)[-1] == {
        "event": "prepare", "figure": ATHOS, "character": 0, "weapons": ["Equipment#2"], "flipped": True}
    attack = _events(example, "attack", figure=ATHOS)[0]
    assert (attack["targets"], attack["dice"]) == ([NEAR_GUARD], 3)
    assert _events(example, "roll", character=0, **{"for": "attack"}) == [
        {"event": "roll", "character": 0, "for": "attack", "faces": [1, 2, 4], "successes": 1}]


def test_athos_spends_c_for_a_destiny_and_rerolls_to_254_then_duck(example):
    courage = next(s for s in example if _events([s], "stone", face="Courage"))
    assert courage["request"]["kind"] == "reroll"                       # spent mid-roll
    assert {"path": "/characters/0/destiny", "from": 0, "to": 1} in courage["changes"]
    reroll = example[example.index(courage) + 1]
    assert _events([reroll], "reroll") == [
        {"event": "reroll", "character": 0, "dice": [0, 1], "faces": [2, 5, 4], "successes": 2}]
    assert {"path": "/characters/0/destiny", "from": 1, "to": 0} in reroll["changes"]   # spent at once
    assert _events([reroll], "successes") == [
        {"event": "successes", "figure": NEAR_GUARD, "successes": 2, "result": "wounded"}]
    assert [c["name"] for c in _events([reroll], "card")] == ["Duck!"]
    assert _events([reroll], "cancel-wound") == [{"event": "cancel-wound", "figure": NEAR_GUARD}]


def test_the_enemy_turn_one_guard_stays_one_comes_one_marksman_stays_one_moves_1(example):
    moves = {e["figure"]: (e["to"], e["cost"]) for e in _events(example, "enemy-move")}
    assert moves == {NEAR_GUARD: ([8, 2], 0), OTHER_GUARD: ([8, 1], 3),
                     CORNER_MARKSMAN: ([13, 3], 1), RIGHT_MARKSMAN: ([16, 1], 0)}
    order = [e["figure"] for e in _events(example, "enemy-move")]
    assert order == [NEAR_GUARD, OTHER_GUARD, CORNER_MARKSMAN, RIGHT_MARKSMAN]     # Melee first, then Ranged
    attacks = _events(example, "enemy-attack")
    assert [(a["figure"], a["targets"], a["damage"]) for a in attacks] == [
        (NEAR_GUARD, [ATHOS], 2), (OTHER_GUARD, [ATHOS], 2), (CORNER_MARKSMAN, [ATHOS], 1),
        (RIGHT_MARKSMAN, [ATHOS], 1)]                                          # 2+2+1+1 = 6, all on Athos


def test_athos_defends_11336_rerolls_the_1s_to_23336_and_takes_2_wounds(example):
    assert _events(example, "roll", **{"for": "defense"}) == [
        {"event": "roll", "character": 0, "for": "defense", "faces": [1, 1, 3, 3, 6], "successes": 2}]
    assert _events(example, "weapon-reroll", character=0)[-1] == {
        "event": "weapon-reroll", "character": 0, "dice": [0, 1], "faces": [2, 3, 3, 3, 6], "successes": 2}
    defend = next(s for s in example if s["request"]["kind"] == "defend")
    # the Guards' 4 without Advantage, the Marksmen's 2 with it (Cover behind the Guards)
    assert defend["request"]["groups"] == [
        {"advantage": False, "disadvantage": False, "damage": 4, "attacks": [NEAR_GUARD, OTHER_GUARD]},
        {"advantage": True, "disadvantage": False, "damage": 2, "attacks": [CORNER_MARKSMAN, RIGHT_MARKSMAN]}]
    assert _events(example, "defense") == [
        {"event": "defense", "figure": ATHOS, "faces": [2, 3, 3, 3, 6], "assigned": [None, 1, 1, 1, 0],
         "damage": 6, "blocked": 4, "wounds": 2}]
    assert _events(example, "wound", figure=ATHOS) == [
        {"event": "wound", "figure": ATHOS, "amount": 2, "result": "wounded", "source": "enemy-attack"}]
    assert {"path": "/characters/0/health", "from": 4, "to": 2} in example[-1]["changes"]
    assert _events(example, "upkeep") == [{"event": "upkeep", "round": 1, "effects": 0}]


def test_the_example_battle_is_then_won_on_its_objective():
    transcript = _transcript("battle-round-example")
    ends = _events(_played(transcript), "battle-end")
    assert ends == [{"event": "battle-end", "round": 5, "outcome": {"objective": 0}}]
    assert transcript["pending"]["result"] == "victory" and transcript["pending"]["card"] == 902


@pytest.mark.parametrize("act", [1, 2, 3, 4])
def test_each_act_has_a_battle_played_by_the_engine_to_an_objective(act):
    """``battles-act-N``: the Act played with the greedy player (tests/conformance/greedy.py),
    every Battle by the engine in Battle rounds, each ending on one of its objectives."""
    transcript = _transcript(f"battles-act-{act}")
    assert transcript["story"] == f"act-{act}" and transcript["setup"]["battles"] == "engine"
    steps = _played(transcript)
    ends = _events(steps, "battle-end")
    assert ends and all("objective" in e["outcome"] for e in ends)
    assert {"turn", "stones", "deploy"} <= {s["request"]["kind"] for s in steps}
    assert _events(steps, "enemy-move") and _events(steps, "defense")
    assert transcript["pending"]["result"] == "victory"
    answers = json.loads((HERE / f"battles-act-{act}.answers.json").read_text(encoding="utf-8"))
    assert answers == [step["answer"] for step in transcript["steps"]]


def _met_kinds(name: str) -> set[str]:
    """The kinds of the objectives that end the Battles of case ``name``."""
    transcript = _transcript(name)
    bundle = json.loads((HERE / transcript["bundle"]).read_text(encoding="utf-8"))
    story = next(s for p in bundle["packs"] for s in p["stories"] if s["id"] == transcript["story"])
    met = set()
    for step in _played(transcript):
        for end in _events([step], "battle-end"):
            if "objective" in end["outcome"]:
                card = next(c for c in story["cards"] if c["id"] == step["request"]["card"])
                battle = next(s for s in card["steps"] if s["kind"] == "battle")
                met.add(battle["objectives"][end["outcome"]["objective"]]["meet"]["kind"])
    return met


def test_the_battle_cases_reach_every_kind_of_objective_met():
    """Defeat all Enemies, Defeat Rochefort and Reveal A among the Act Battles of
    ``battles-act-N``; Reach Exit too with the ``objectives-*`` cases (each pair of a
    shipped Battle and its objective: tests/test_conformance_objectives.py)."""
    acts = set().union(*(_met_kinds(f"battles-act-{act}") for act in (1, 2, 3, 4)))
    assert acts == {"defeat-all", "defeat", "reveal"}
    objectives = [p.name.removesuffix(".transcript.json") for p in sorted(HERE.glob("objectives-*.transcript.json"))]
    assert len(objectives) == 8
    assert acts.union(*(_met_kinds(name) for name in objectives)) == {"defeat-all", "defeat", "reveal", "reach-exit"}
