"""Dice (Gascony's Legacy, Dice Rolls) and the PCG32 generator: exact values by
hand, the reference generator's published output, and properties (hypothesis)."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardforge_runtime import DiceRule, Pcg32

RULE = DiceRule()
modifiers = st.fixed_dictionaries({"advantage": st.booleans(), "disadvantage": st.booleans(), "doom": st.booleans()})


# -- counting successes ---------------------------------------------------------

@pytest.mark.parametrize(("face", "plain", "advantage", "disadvantage", "both", "doom"), [
    (1, 0, 0, 0, 0, 0),
    (2, 0, 0, 0, 0, 0),
    (3, 0, 1, 0, 0, 0),   # Advantage: 3 is a success
    (4, 1, 1, 0, 1, 1),   # Disadvantage: 4 no longer counts; both cancel
    (5, 1, 1, 1, 1, 1),
    (6, 2, 2, 2, 2, 1),   # Doom: a 6 counts one
])
def test_face_successes_follow_the_rulebook(face, plain, advantage, disadvantage, both, doom):
    assert RULE.face_successes(face) == plain
    assert RULE.face_successes(face, advantage=True) == advantage
    assert RULE.face_successes(face, disadvantage=True) == disadvantage
    assert RULE.face_successes(face, advantage=True, disadvantage=True) == both
    assert RULE.face_successes(face, doom=True) == doom


def test_successes_of_whole_rolls():
    assert RULE.successes([4, 5, 6]) == 4
    assert RULE.successes([6, 6, 6, 6, 6, 6]) == 12
    assert RULE.successes([6, 6], doom=True) == 2
    assert RULE.successes([3, 4], advantage=True, disadvantage=True) == 1
    assert RULE.successes([]) == 0


@pytest.mark.parametrize("face", [0, 7, -1, True, "6", None])
def test_a_face_outside_the_die_is_refused(face):
    with pytest.raises(ValueError):
        RULE.face_successes(face)


def test_dice_count_applies_despair_and_the_six_dice_cap():
    assert RULE.dice_count(4) == 4
    assert RULE.dice_count(4, -1) == 3       # Despair: roll 1 fewer die
    assert RULE.dice_count(9) == 6           # never more than 6 dice
    assert RULE.dice_count(7, -1) == 6       # the cap applies after Despair
    assert RULE.dice_count(0, -1) == 0


# -- exact probabilities ------------------------------------------------------------

def test_one_die_by_hand():
    assert RULE.distribution(1) == [Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)]
    assert RULE.distribution(1, advantage=True) == [Fraction(1, 3), Fraction(1, 2), Fraction(1, 6)]
    assert RULE.distribution(1, disadvantage=True) == [Fraction(2, 3), Fraction(1, 6), Fraction(1, 6)]
    assert RULE.distribution(1, doom=True) == [Fraction(1, 2), Fraction(1, 2)]
    assert RULE.distribution(0) == [Fraction(1)]


def test_two_dice_by_hand():
    # 0 successes: both dice in {1,2,3}: 9/36; 1: one die 4/5 and the other 1-3: 2*2*3 = 12/36;
    # 2: a 6 and a 1-3 (6) or two of 4/5 (4): 10/36; 3: a 6 and a 4/5: 4/36; 4: two 6s: 1/36.
    assert RULE.distribution(2) == [Fraction(n, 36) for n in (9, 12, 10, 4, 1)]
    # A 2-Prowess Challenge with 2 dice and Advantage: 1 - P(0) - P(1) = 1 - 4/36 - 12/36.
    assert RULE.probability_at_least(2, 2, advantage=True) == Fraction(20, 36)
    assert RULE.probability_at_least(0, 3) == 1
    assert RULE.probability_at_least(13, 6) == 0


@given(dice=st.integers(0, 3), mods=modifiers)
def test_distribution_matches_enumerating_every_roll(dice, mods):
    counts: dict[int, int] = {}
    for roll in itertools.product(range(1, 7), repeat=dice):
        total = RULE.successes(roll, **mods)
        counts[total] = counts.get(total, 0) + 1
    expected = [Fraction(counts.get(k, 0), 6**dice) for k in range(max(counts) + 1)]
    assert RULE.distribution(dice, **mods) == expected


@given(dice=st.integers(0, 6), mods=modifiers)
def test_distribution_is_a_probability_distribution(dice, mods):
    table = RULE.distribution(dice, **mods)
    assert sum(table) == 1 and all(p >= 0 for p in table)
    at_least = [RULE.probability_at_least(n, dice, **mods) for n in range(len(table) + 1)]
    assert at_least == sorted(at_least, reverse=True)          # harder targets are never likelier
    assert at_least[0] == 1 and at_least[-1] == 0


@given(dice=st.integers(1, 6), target=st.integers(1, 6), mods=modifiers)
def test_advantage_never_hurts_and_disadvantage_never_helps(dice, target, mods):
    base = RULE.probability_at_least(target, dice, doom=mods["doom"])
    assert RULE.probability_at_least(target, dice, advantage=True, doom=mods["doom"]) >= base
    assert RULE.probability_at_least(target, dice, disadvantage=True, doom=mods["doom"]) <= base
    assert RULE.probability_at_least(target, dice, advantage=True, disadvantage=True, doom=mods["doom"]) == base


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), dice=st.integers(1, 6), target=st.integers(1, 8), mods=modifiers)
def test_the_sampler_agrees_with_the_exact_probability(seed, dice, target, mods):
    """Roll 3,000 times with the session generator: the share of rolls reaching the
    target must sit within 5 standard errors of the exact probability."""
    rng = Pcg32(seed)
    trials = 3000
    hits = sum(RULE.successes([rng.die() for _ in range(dice)], **mods) >= target for _ in range(trials))
    p = float(RULE.probability_at_least(target, dice, **mods))
    tolerance = 5 * math.sqrt(p * (1 - p) / trials) + 1e-9
    assert abs(hits / trials - p) <= tolerance


def test_the_pack_rule_comes_from_the_bundle():
    pack = {"dice": {"sides": 8, "max_dice": 5, "single_success": [6, 7], "double_success": [8],
                     "advantage_adds": [5], "disadvantage_removes": [6]},
            "status_tokens": [{"name": "Despair", "dice_modifier": -1}, {"name": "Doom", "dice_modifier": 0, "six_counts": 1}]}
    rule = DiceRule.from_pack(pack)
    assert (rule.sides, rule.max_dice, rule.doom_counts) == (8, 5, 1)
    assert rule.distribution(1) == [Fraction(5, 8), Fraction(2, 8), Fraction(1, 8)]


# -- PCG32 ----------------------------------------------------------------------

def test_pcg32_reproduces_the_reference_demo():
    """O'Neill's pcg32-demo (pcg-random.org, pcg-c-basic), round 1, seeded (42, 54)."""
    rng = Pcg32(42)
    assert [rng.next_u32() for _ in range(6)] == [0xA15C02B7, 0x7B47F409, 0xBA1D3330, 0x83D2F293, 0xBFA4784B, 0xCBED606E]
    assert "".join("H" if rng.below(2) else "T" for _ in range(65)) == (
        "HHTTTHTHHHTHTTTHHHHHTTTHHHTHTHTHTTHTTTHHHHHHTTTTHHTTTTTHTTTTTTTHT")
    assert " ".join(str(rng.die()) for _ in range(33)) == "3 4 1 1 2 2 3 2 4 3 2 4 3 3 5 2 3 1 3 1 5 1 4 1 5 6 4 6 6 2 6 3 3"
    cards = list(range(52))
    rng.shuffle(cards)
    shown = " ".join("A23456789TJQK"[c // 4] + "hcds"[c % 4] for c in cards)
    assert shown.startswith("Qd Ks 6d 3s 3d 4c 3h Td Kc 5c Jh Kd Jd As 4s 4h Ad Th Ac Jc 7s Qs")


def test_pcg32_state_round_trips_through_json():
    rng = Pcg32(2**64 - 1, 7)
    rng.next_u32()
    copy = Pcg32.from_json(rng.to_json())
    assert [copy.next_u32() for _ in range(5)] == [rng.next_u32() for _ in range(5)]


@pytest.mark.parametrize("bad", [-1, 2**64, 1.5, True, "1"])
def test_pcg32_refuses_a_bad_seed(bad):
    with pytest.raises(ValueError):
        Pcg32(bad)


@pytest.mark.parametrize("bad", [None, {}, {"state": "0", "increment": "1"}, {"state": "0" * 16, "increment": "0" * 16},
                                 {"state": "zz" * 8, "increment": "0" * 15 + "1"}])
def test_pcg32_refuses_a_bad_state(bad):
    with pytest.raises(ValueError):
        Pcg32.from_json(bad)


@given(seed=st.integers(0, 2**64 - 1), bound=st.integers(1, 2**32))
def test_below_stays_in_range(seed, bound):
    assert 0 <= Pcg32(seed).below(bound) < bound


@given(seed=st.integers(0, 2**64 - 1), n=st.integers(0, 30))
def test_shuffle_is_a_permutation(seed, n):
    items = list(range(n))
    Pcg32(seed).shuffle(items)
    assert sorted(items) == list(range(n))


# -- a Weapon's dice rules (weapon_distribution) ----------------------------------

def test_weapon_distribution_without_rules_is_the_plain_distribution():
    for dice in range(7):
        for flags in ({}, {"advantage": True}, {"disadvantage": True}, {"doom": True}):
            assert RULE.weapon_distribution(dice, **flags) == RULE.distribution(dice, **flags)
            assert RULE.weapon_distribution(dice, pips=[(0, 1)], **flags) == RULE.distribution(dice, **flags)


def test_weapon_rules_by_hand():
    # The Rapier rerolls 1s once: a 1 is left 1/36 of the time; 2-6 each 1/6 + 1/36 = 7/36.
    # 0 Successes: 1, 2, 3 = 15/36; 1: 4, 5 = 14/36; 2: 6 = 7/36.
    assert RULE.weapon_distribution(1, reroll_faces=[[1]]) == [Fraction(15, 36), Fraction(14, 36), Fraction(7, 36)]
    # The Broadsword's +1 pip on 1 die: 1..6 become 2 3 4 5 6 6: 0, 0, 1, 1, 2, 2 Successes.
    assert RULE.weapon_distribution(1, pips=[(1, 1)]) == [Fraction(1, 3), Fraction(1, 3), Fraction(1, 3)]
    # Battle Round Example: Porthos rolls 3 4 5 6; the pip turns the 3 into a 4: 5 Successes.
    assert RULE._best_with_pips((3, 4, 5, 6), [(1, 1)], {}) == 5
    # With Advantage the 3 already counts: the pip goes on the 5 (a 6: 2 Successes) for 6.
    assert RULE._best_with_pips((3, 4, 5, 6), [(1, 1)], {"advantage": True}) == 6


def _brute(dice, rerolled, pip, count, flags):
    """Every first roll and every free reroll enumerated; the pips put where they gain
    most (one rule: each die's gain is its own, so the largest gains are best)."""
    sides = RULE.sides
    totals: dict[int, Fraction] = {}
    for first in itertools.product(range(1, sides + 1), repeat=dice):
        again = [i for i, f in enumerate(first) if f in rerolled]
        for new in itertools.product(range(1, sides + 1), repeat=len(again)):
            faces = list(first)
            for i, f in zip(again, new):
                faces[i] = f
            gains = sorted((RULE.face_successes(min(sides, f + pip), **flags) - RULE.face_successes(f, **flags)
                            for f in faces), reverse=True)
            total = RULE.successes(faces, **flags) + sum(g for g in gains[:count] if g > 0)
            totals[total] = totals.get(total, Fraction(0)) + Fraction(1, sides ** (dice + len(again)))
    return [totals.get(k, Fraction(0)) for k in range(max(totals) + 1)]


@settings(max_examples=40, deadline=None)
@given(dice=st.integers(min_value=1, max_value=3), rerolled=st.sets(st.integers(min_value=1, max_value=6), max_size=2),
       pip=st.integers(min_value=0, max_value=2), count=st.integers(min_value=0, max_value=2), flags=modifiers)
def test_weapon_distribution_matches_enumeration(dice, rerolled, pip, count, flags):
    got = RULE.weapon_distribution(dice, reroll_faces=[sorted(rerolled)], pips=[(pip, count)], **flags)
    assert got == _brute(dice, rerolled, pip, count, flags)
    assert sum(got) == 1


def test_weapon_distribution_refuses_bad_rules():
    with pytest.raises(ValueError, match="dice must be from 0 to 6"):
        RULE.weapon_distribution(7, pips=[(1, 1)])
    with pytest.raises(ValueError, match="a die shows 1 to 6"):
        RULE.weapon_distribution(2, reroll_faces=[[7]])
    with pytest.raises(ValueError, match="at least 0"):
        RULE.weapon_distribution(2, pips=[(-1, 1)])
