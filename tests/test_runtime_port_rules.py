"""Issue 7, item 32: rules a port written from docs/runtime.md had to guess, each
now written down there and held here: seeds as text in saves and transcripts (no
number a JavaScript JSON.parse would round), version 1 saves still load, "advantage":
false is an answer, no reroll once the target is reached, no_health before
all_fallen, a Fallen acting Character's Challenge."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from _helpers import ROOT
from _runtime_helpers import advance, make_bundle
from cardforge_runtime import SAVE_VERSION, Session, SessionError, load_bundle

CONFORMANCE = ROOT / "tests" / "conformance"
TRANSCRIPTS = sorted(CONFORMANCE.glob("*.transcript.json")) + sorted((CONFORMANCE / "generated").glob("*.transcript.json"))
SAFE = 2**53 - 1


def _numbers(value: Any) -> list[int]:
    stack, found = [value], []
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, int) and not isinstance(node, bool):
            found.append(node)
    return found


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: p.name)
def test_no_number_in_a_transcript_or_its_save_is_beyond_what_json_parse_keeps(path: Path):
    transcript = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(transcript["setup"]["seed"], str) and transcript["version"] == 5 == SAVE_VERSION
    assert max(map(abs, _numbers(transcript)), default=0) <= SAFE
    bundle = load_bundle(CONFORMANCE / transcript["bundle"])
    session = Session.start(bundle, transcript["story"], players=transcript["setup"]["players"],
                            characters=transcript["setup"]["characters"], seed=transcript["setup"]["seed"],
                            difficulty=transcript["setup"]["difficulty"], battles=transcript["setup"]["battles"])
    for step in transcript["steps"][:8]:
        if "rejected" not in step:
            session.answer(step["answer"])
    save = session.save()
    assert save["setup"]["seed"] == transcript["setup"]["seed"]
    assert max(map(abs, _numbers(save)), default=0) <= SAFE


def _big_seed_session() -> Session:
    transcript = json.loads((CONFORMANCE / "edges-all-one.transcript.json").read_text(encoding="utf-8"))
    session = Session.start(load_bundle(CONFORMANCE / transcript["bundle"]), "edges", players=3, seed=2**64 - 1)
    for step in transcript["steps"][:10]:
        if "rejected" not in step:
            session.answer(step["answer"])
    return session


def test_a_version_1_save_with_a_number_seed_still_loads_and_saves_as_the_current_version():
    session = _big_seed_session()
    save = session.save()
    assert save["version"] == SAVE_VERSION and save["setup"]["seed"] == "18446744073709551615"
    old = json.loads(json.dumps(save))
    old["version"], old["setup"]["seed"] = 1, 2**64 - 1
    del old["origin"]
    loaded = Session.load(session.bundle, json.dumps(old))
    # A version 1 log has no Between Story Cards requests, so it is not replayed: the
    # save is carried over from its checkpoint, at the start of its card, with a warning.
    resaved = loaded.save()
    assert loaded.seed == 2**64 - 1 and resaved["version"] == SAVE_VERSION and resaved["setup"] == save["setup"]
    assert resaved["checkpoint"] == save["checkpoint"] and resaved["answers"] == []
    assert loaded.state["card"] == session.state["card"] and loaded.warnings
    assert Session.load(session.bundle, json.dumps(resaved)).save() == resaved


@pytest.mark.parametrize("seed", ["-1", "007", " 1", "1.0", "18446744073709551616", "", "١٢"])
def test_a_seed_given_as_text_is_decimal_digits_within_range(seed):
    bundle = load_bundle(CONFORMANCE / "bundles" / "edges.bundle.json")
    with pytest.raises(SessionError, match="the seed must be"):
        Session.start(bundle, "edges", seed=seed)
    assert Session.start(bundle, "edges", seed="0").seed == 0
    assert Session.start(bundle, "edges", seed="18446744073709551615").seed == 2**64 - 1


def _challenge_bundle(characters: list | None = None, steps: list | None = None) -> Any:
    return load_bundle(make_bundle([{"id": 1, "steps": steps or [
        {"kind": "challenge", "stat": "Prowess", "successes": 1, "who": "one", "pass": [], "fail": []},
        {"kind": "victory", "text": "Done."}]}], characters=characters))


def test_advantage_false_is_an_answer_and_the_reroll_request_carries_the_roll_answers_flags():
    session = Session.start(_challenge_bundle(), "s", seed=3)
    advance(session)
    session.answer({"character": 0})
    session.answer({"faces": [1, 1, 1], "advantage": False, "disadvantage": True})
    reroll = session.pending
    assert reroll["kind"] == "reroll" and reroll["advantage"] is False and reroll["disadvantage"] is True


def test_no_reroll_is_offered_once_the_challenge_target_is_reached():
    session = Session.start(_challenge_bundle(), "s", seed=3)
    advance(session)
    session.answer({"character": 0})                        # Anne: 2 Destiny
    entry = session.answer({"faces": [6, 1, 1]})
    assert entry["events"][-1]["passed"] is True
    assert session.pending["kind"] == "end"


def test_no_health_is_checked_before_all_fallen():
    boards = [{"name": "A", "stats": {"Prowess": 1, "Movement": 1}, "destiny": 1, "health": 2, "items": []},
              {"name": "B", "stats": {"Prowess": 1, "Movement": 1}, "destiny": 1, "health": 1, "items": []}]
    bundle = _challenge_bundle(boards, [{"kind": "lose", "health": 5, "who": "each"}, {"kind": "victory", "text": "?"}])
    session = Session.start(bundle, "s", seed=1)
    advance(session)
    assert session.state["characters"][0]["fallen"] and session.state["characters"][1]["fallen"]   # both Fell
    assert session.pending == {"kind": "end", "card": 1, "result": "defeat", "text": None, "reason": "no_health",
                               "character": 1}


def test_the_dice_lists_mean_the_same_for_any_die():
    """docs/runtime.md, Dice: cancel first; double/single/other; Advantage adds a face
    that counts 0; Disadvantage zeroes a listed face whatever it counted, after Doom."""
    pack = json.loads((CONFORMANCE / "bundles" / "edges.bundle.json").read_text(encoding="utf-8"))["packs"][0]
    from cardforge_runtime import DiceRule

    rule = DiceRule.from_pack(pack)          # d8: single 5, 6; double 7, 8; adds 3, 4; removes 5, 8
    count = rule.face_successes
    assert [count(f) for f in range(1, 9)] == [0, 0, 0, 0, 1, 1, 2, 2]
    assert [count(f, advantage=True) for f in range(1, 9)] == [0, 0, 1, 1, 1, 1, 2, 2]
    assert [count(f, disadvantage=True) for f in range(1, 9)] == [0, 0, 0, 0, 0, 1, 2, 0]
    assert [count(f, disadvantage=True, doom=True) for f in range(1, 9)] == [0, 0, 0, 0, 0, 1, 1, 0]
    assert [count(f, advantage=True, disadvantage=True) for f in range(1, 9)] == [count(f) for f in range(1, 9)]
    assert [count(f, doom=True) for f in range(1, 9)] == [0, 0, 0, 0, 1, 1, 1, 1]


def test_a_winning_objective_has_goto_null_and_the_others_a_card():
    seen = set()
    for path in TRANSCRIPTS:
        for step in json.loads(path.read_text(encoding="utf-8"))["steps"]:
            if step["request"]["kind"] == "battle":
                for objective in step["request"]["objectives"]:
                    assert (objective["goto"] is None) == objective["victory"]
                    seen.add(objective["victory"])
    assert seen == {True, False}


def test_changes_list_characters_by_position_as_numbers():
    from cardforge_runtime.state import diff

    before = {"characters": [{"health": 1} for _ in range(12)], "coins": 0}
    after = {"characters": [{"health": 0} for _ in range(12)], "coins": 1}
    assert [c["path"] for c in diff(before, after)] == [f"/characters/{i}/health" for i in range(12)] + ["/coins"]
