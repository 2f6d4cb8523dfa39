"""The answers the state explorer tries (``explore/answers.py``), checked by
hypothesis against brute force: ``faces_for`` gives faces counting exactly the
successes asked whenever some faces do (every face of up to 3 dice tried, under any
pack's dice rule, with Advantage, Disadvantage and Doom), ``answers_for``'s chances add
up to exactly 1 for every request kind, and a challenge's roll tries each number of
successes below what it still needs and one that reaches it, with the chance of
reaching it or more."""

from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from cardforge_compiler.explore.answers import MAX_OFFERS, answers_for, faces_for
from cardforge_runtime.dice import DiceRule

GASCONY = DiceRule()
FLAG_NAMES = ("advantage", "disadvantage", "doom")


@st.composite
def dice_rules(draw: st.DrawFn) -> DiceRule:
    """Any pack's dice rule: 2 to 8 sides, each face blank, single or double (a face
    in both lists counts as double, as the runtime reads it), Advantage and
    Disadvantage faces anywhere, Doom counting 0 to 2 for a double face."""
    sides = draw(st.integers(2, 8))
    faces = st.lists(st.integers(1, sides), unique=True, max_size=sides)
    return DiceRule(sides=sides, max_dice=6, single_success=tuple(draw(faces)), double_success=tuple(draw(faces)),
                    advantage_adds=tuple(draw(faces)), disadvantage_removes=tuple(draw(faces)),
                    doom_counts=draw(st.integers(0, 2)))


flag_sets = st.fixed_dictionaries({name: st.booleans() for name in FLAG_NAMES})


def achievable(rule: DiceRule, dice: int, flags: dict[str, bool]) -> set[int]:
    """Every total of successes some faces of ``dice`` dice count (brute force)."""
    return {rule.successes(faces, **flags) for faces in itertools.product(range(1, rule.sides + 1), repeat=dice)}


@settings(max_examples=300, deadline=None)
@given(rule=dice_rules(), dice=st.integers(0, 3), flags=flag_sets)
def test_faces_for_counts_exactly_the_successes_asked_or_is_none(rule, dice, flags):
    totals = achievable(rule, dice, flags)
    for k in range(0, 2 * 3 * 2 + 2):
        faces = faces_for(k, dice, rule, flags)
        if k in totals:
            assert faces is not None, (k, dice, rule, flags)
            assert len(faces) == dice and all(1 <= f <= rule.sides for f in faces)
            assert rule.successes(faces, **flags) == k
        else:
            assert faces is None, (k, dice, rule, flags, faces)


def test_faces_for_gascony_examples():
    """The docstring's example and the faces chosen: highest face of each worth,
    lowest blank face, counting dice first."""
    none = dict.fromkeys(FLAG_NAMES, False)
    assert faces_for(3, 3, GASCONY, none) == [6, 5, 1]
    assert faces_for(0, 3, GASCONY, none) == [1, 1, 1]
    assert faces_for(6, 3, GASCONY, none) == [6, 6, 6]
    assert faces_for(7, 3, GASCONY, none) is None
    assert faces_for(4, 3, GASCONY, {**none, "doom": True}) is None     # a 6 counts 1 under Doom
    assert faces_for(3, 3, GASCONY, {**none, "doom": True}) == [6, 6, 6]
    assert faces_for(0, 0, GASCONY, none) == []


def roll_request(dice: int, flags: dict[str, bool], target: int | None = None, so_far: int = 0) -> dict:
    return {"kind": "roll", "for": "challenge" if target is not None else "roll", "card": 1, "character": 0,
            "stat": "Prowess", "dice": dice, "target": target, "so_far": so_far, **flags}


@settings(max_examples=300, deadline=None)
@given(rule=dice_rules(), dice=st.integers(0, 6), flags=flag_sets)
def test_a_roll_step_tries_each_number_of_successes_with_its_exact_chance(rule, dice, flags):
    answers = answers_for(roll_request(dice, flags), rule)
    table = rule.distribution(dice, **flags)
    assert sum(chance for _, chance in answers) == 1
    got = {rule.successes(answer["faces"], **flags): chance for answer, chance in answers}
    assert len(got) == len(answers)                      # one answer per number of successes
    assert got == {k: p for k, p in enumerate(table) if p}


@settings(max_examples=300, deadline=None)
@given(rule=dice_rules(), dice=st.integers(0, 6), flags=flag_sets, target=st.integers(0, 8), so_far=st.integers(0, 4))
def test_a_challenge_roll_merges_every_result_that_reaches_what_it_still_needs(rule, dice, flags, target, so_far):
    answers = answers_for(roll_request(dice, flags, target, so_far), rule)
    table = rule.distribution(dice, **flags)
    need = target - so_far
    assert sum(chance for _, chance in answers) == 1
    got = [(rule.successes(answer["faces"], **flags), chance) for answer, chance in answers]
    below = [(k, p) for k, p in enumerate(table) if p and k < need]
    reach = rule.probability_at_least(need, dice, **flags)
    expected = below + ([(min(k for k, p in enumerate(table) if p and k >= need), reach)] if reach else [])
    assert got == expected
    assert sum(1 for k, _ in got if k >= need) <= 1


def test_a_gascony_challenge_of_3_on_3_dice():
    """3 dice needing 3: 0, 1, 2 successes apart, and one answer passing with 72/216."""
    none = dict.fromkeys(FLAG_NAMES, False)
    answers = answers_for(roll_request(3, none, target=3), GASCONY)
    assert answers == [({"faces": [1, 1, 1]}, Fraction(27, 216)), ({"faces": [5, 1, 1]}, Fraction(54, 216)),
                       ({"faces": [6, 1, 1]}, Fraction(63, 216)), ({"faces": [6, 5, 1]}, Fraction(1, 3))]


names = st.text("abcdefgh", min_size=1, max_size=3)


@settings(max_examples=200, deadline=None)
@given(count=st.integers(1, 9))
def test_choices_characters_picks_and_battles_are_uniform(count):
    requests = [
        {"kind": "choice", "card": 1, "options": [{"option": i, "text": f"o{i}"} for i in range(count)]},
        {"kind": "character", "card": 1, "for": "challenge", "characters": list(range(count))},
        {"kind": "pick", "for": "remove-status", "options": [f"t{i}" for i in range(count)]},
    ]
    for request in requests:
        answers = answers_for(request, GASCONY)
        assert len(answers) == count and {chance for _, chance in answers} == {Fraction(1, count)}
        assert sum(chance for _, chance in answers) == 1
    battle = {"kind": "battle", "card": 1, "layout": "l",
              "objectives": [{"objective": i, "text": "x", "goto": 2, "victory": False} for i in range(count)]}
    answers = answers_for(battle, GASCONY)
    assert [a for a, _ in answers] == [{"objective": i} for i in range(count)] + [{"lost": True}]
    assert sum(chance for _, chance in answers) == 1 and len({c for _, c in answers}) == 1


@settings(max_examples=300, deadline=None)
@given(costs=st.lists(st.integers(0, 5), max_size=8), coins=st.integers(0, 12), carriers=st.integers(1, 3))
def test_a_purchase_tries_every_affordable_set_of_offers(costs, coins, carriers):
    offers = [{"offer": i, "item": f"I{i}", "cost": c, "card": None} for i, c in enumerate(costs)]
    request = {"kind": "purchase", "card": 1, "coins": coins, "offers": offers, "deck": None, "draw": 0, "asked": 0,
               "characters": list(range(carriers))}
    answers = answers_for(request, GASCONY)
    assert sum(chance for _, chance in answers) == 1
    bought = [tuple(b["offer"] for b in answer["buy"]) for answer, _ in answers]
    expected = [chosen for size in range(min(len(costs), MAX_OFFERS) + 1)
                for chosen in itertools.combinations(range(len(costs)), size)
                if sum(costs[i] for i in chosen) <= coins]
    assert bought == expected
    assert () in bought                                   # buying nothing is always tried


@settings(max_examples=200, deadline=None)
@given(hands=st.lists(st.integers(0, 2), max_size=5), free=st.integers(0, 4))
def test_the_one_answer_requests_have_chance_1(hands, free):
    cards = [{"card": f"E#{i}", "item": f"I{i}", "hands": h} for i, h in enumerate(hands)]
    leave = answers_for({"kind": "leave", "card": 1, "character": 0, "hands": free, "cards": cards}, GASCONY)
    assert len(leave) == 1 and leave[0][1] == 1
    kept = [c for c in cards if c["card"] not in leave[0][0]["leave"]]
    assert sum(c["hands"] for c in kept) <= free
    assert kept == cards[:len(kept)]                      # the last cards listed are left
    for kind in ("text", "card", "between"):
        assert answers_for({"kind": kind}, GASCONY) == [({}, Fraction(1))]
    assert answers_for({"kind": "reroll"}, GASCONY) == [({"keep": True}, Fraction(1))]


def test_a_request_the_explorer_does_not_play_is_refused():
    import pytest

    with pytest.raises(ValueError, match="'turn'"):
        answers_for({"kind": "turn"}, GASCONY)
