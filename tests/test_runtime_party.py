"""Steps that name Characters (issue 7, item 27; format 1.2): ``character`` acts when
in the party, ``otherwise`` says what happens when not, ``except`` bars Characters,
and ``in_party()`` tests the party. Bundles are made by hand; the compiler side
(model, lint CF310, emit) is tested at the end."""

from __future__ import annotations

import pytest

from _helpers import STORY_HEAD
from _runtime_helpers import advance, make_bundle
from cardforge_runtime import BundleError, Session, load_bundle

WIN = {"kind": "victory", "text": "Won."}


def start(cards, characters=("Anne", "Bertrand")):
    return Session.start(load_bundle(make_bundle(cards)), "s", players=1, characters=list(characters), seed=1)


def duel(**named):
    return {"kind": "challenge", "stat": "Prowess", "successes": 1, "who": "one", **named,
            "pass": [{"kind": "gain", "items": ["Medal"], "who": "one"}], "fail": [], }


def test_the_named_character_rolls_without_a_request():
    session = start([{"id": 1, "steps": [duel(character="Bertrand", otherwise="pick"), WIN]}])
    request = advance(session)
    assert (request["kind"], request["character"]) == ("roll", 1)
    session.answer({"faces": [6, 1]})
    assert session.state["characters"][1]["items"] == ["Medal"]   # the branch's who: one is the roller


@pytest.mark.parametrize(("otherwise", "expected"), [("pick", "character"), ("skip", "end")])
def test_otherwise_when_the_named_character_is_not_in_the_party(otherwise, expected):
    session = start([{"id": 1, "steps": [duel(character="Claire", otherwise=otherwise), WIN]}])
    request = advance(session)
    assert request["kind"] == expected
    if expected == "character":
        assert request["characters"] == [0, 1]
    else:
        assert session.state["result"] == "victory" and session.state["characters"][0]["items"] == ["Rapier"]


def test_a_fallen_named_character_does_not_roll_but_is_still_in_the_party():
    session = start([{"id": 1, "steps": [
        {"kind": "lose", "health": 2, "character": "Bertrand", "otherwise": "skip", "who": "one"},
        {"kind": "if", "condition": {"op": "call", "name": "in_party", "args": [{"op": "const", "value": "Bertrand"}]},
         "then": [duel(character="Bertrand", otherwise="skip")], "else": [{"kind": "defeat", "text": "Gone."}]},
        WIN]}])
    advance(session)
    assert session.state["characters"][1]["fallen"] is True
    assert session.state["result"] == "victory"                    # in_party held; the duel was skipped


def test_except_bars_a_character_from_picks_and_from_each():
    session = start([{"id": 1, "steps": [
        {"kind": "lose", "destiny": 1, "who": "each", "except": ["Bertrand"]},
        {"kind": "lose", "health": 1, "who": "one", "except": ["Anne"]},
        {"kind": "gain", "items": ["Medal"], "who": "one", "except": ["Anne", "Bertrand"]},
        {"kind": "gain", "items": ["Cup"], "who": "one", "except": ["Anne", "Bertrand", "Claire"]},
        WIN]}], characters=("Anne", "Bertrand", "Claire"))
    request = advance(session)
    assert request["kind"] == "character" and request["characters"] == [1, 2]
    session.answer({"character": 1})
    characters = session.state["characters"]
    assert [c["destiny"] for c in characters] == [1, 1, 0]
    assert [c["health"] for c in characters] == [3, 1, 1]
    # Only Claire may take the Medal (no request); nobody may take the Cup (the step does nothing).
    assert [c["items"] for c in characters] == [["Rapier"], [], ["Medal"]]
    assert session.state["result"] == "victory"


def test_a_named_step_inside_a_branch_wins_over_the_acting_character():
    session = start([{"id": 1, "steps": [
        {**duel(), "pass": [{"kind": "gain", "items": ["Medal"], "who": "one", "character": "Anne"}]}, WIN]}])
    advance(session)
    session.answer({"character": 1})
    session.answer({"faces": [6, 1]})
    assert session.state["characters"][0]["items"] == ["Rapier", "Medal"]
    assert session.state["characters"][1]["items"] == []


@pytest.mark.parametrize(("step", "message"), [
    (duel(character="Zorro"), "'Zorro' is not a Character board of the pack"),
    (duel(character="Anne", otherwise="later"), "expected one of pick, skip, found 'later'"),
    (duel(otherwise="skip"), "'otherwise' is given without a 'character'"),
    ({**duel(character="Anne"), "who": "all"}, "a step that names a 'character' has who 'one'"),
    ({"kind": "gain", "coins": 1, "who": "each", "except": ["Zorro"]}, "'Zorro' is not a Character board"),
    ({"kind": "roll", "stat": "Prowess", "who": "each",
      "per_success": {"gain": {"destiny": 1, "who": "one", "character": "Anne", "otherwise": "pick"}}},
     "'character' and 'except' belong on the roll"),
])
def test_load_bundle_refuses_bad_named_characters(step, message):
    with pytest.raises(BundleError, match=message):
        load_bundle(make_bundle([{"id": 1, "steps": [step, WIN]}]))


# -- the compiler: format, lint, bundle ---------------------------------------------

NAMED_STORY = STORY_HEAD + """\
  - id: 1
    title: The Inn
    steps:
      - if: in_party("Porthos") and not in_party("Aramis")
        then:
          - challenge:
              stat: Prowess
              successes: 3
              character: Porthos
              pass: [{lose: {health: 1, character: Aramis, otherwise: skip}}]
              fail: [{roll: {stat: Movement, except: [Porthos], per_success: {gain: {coins: 1}}}}]
      - victory: You reach Paris.
"""


def _compiled(tmp_path, story):
    from cardforge_compiler.pipeline import compile_paths
    from _helpers import write_pack

    return compile_paths([str(write_pack(tmp_path / "pack", story))])


def test_named_steps_compile_into_the_bundle_and_load(tmp_path):
    from cardforge_compiler.bundle_check import check_bundle_data
    from _helpers import build_pack, write_pack

    bundle = build_pack(write_pack(tmp_path / "pack", NAMED_STORY))
    step = bundle["packs"][0]["stories"][0]["cards"][0]["steps"][0]
    assert step["condition"]["args"][0] == {"op": "call", "name": "in_party", "args": [{"op": "const", "value": "Porthos"}]}
    duel_step = step["then"][0]
    assert (duel_step["who"], duel_step["character"], duel_step["otherwise"]) == ("one", "Porthos", "pick")
    assert duel_step["pass"][0] == {"kind": "lose", "health": 1, "who": "one", "character": "Aramis", "otherwise": "skip"}
    assert duel_step["fail"][0]["except"] == ["Porthos"] and "character" not in duel_step["fail"][0]
    assert check_bundle_data(bundle) == []
    load_bundle(bundle)


@pytest.mark.parametrize(("good", "bad", "message"), [
    ("character: Porthos", "character: Porthos\n              who: each", "leave `who` out or give `who: one`"),
    ("character: Porthos", "otherwise: skip", "`otherwise` says what happens when the named `character` cannot act"),
    ("except: [Porthos], per_success: {gain: {coins: 1}}", "per_success: {gain: {coins: 1, except: [Porthos]}}",
     "put `character`/`except` on the roll itself"),
])
def test_bad_named_fields_are_cf105(tmp_path, good, bad, message):
    story = NAMED_STORY.replace(good, bad, 1)
    assert story != NAMED_STORY
    result = _compiled(tmp_path, story)
    assert [(d.code, message in d.message) for d in result.diagnostics] == [("CF105", True)]


def test_unknown_names_are_cf310_with_did_you_mean(tmp_path):
    story = NAMED_STORY.replace('in_party("Aramis")', 'in_party("Aramiss")').replace("[Porthos]", "[Portos]")
    result = _compiled(tmp_path, story)
    assert [(d.code, d.message, d.hint, d.column) for d in result.diagnostics] == [
        ("CF310", "'Aramiss' is not a Character of pack 'test'", "did you mean 'Aramis'?", 50),
        ("CF310", "'Portos' is not a Character of pack 'test'", "did you mean 'Porthos'?", 55),
    ]


@pytest.mark.parametrize("who", ["one", "each", "all"])
def test_a_challenge_that_bars_everyone_does_nothing_whatever_its_who(who):
    """docs/format.md: when `except` leaves nobody, the step does nothing; a `who: all`
    Challenge ran its `fail` branch with 0 successes instead (breaker)."""
    challenge = {"kind": "challenge", "stat": "Prowess", "successes": 1, "who": who, "except": ["Anne", "Bertrand"],
                 "pass": [{"kind": "defeat", "text": "Passed."}], "fail": [{"kind": "defeat", "text": "Failed."}]}
    session = start([{"id": 1, "steps": [challenge, WIN]}])
    advance(session)
    assert session.state["result"] == "victory"
    assert not any(e["event"] == "challenge" for entry in session.log for e in entry["events"])
