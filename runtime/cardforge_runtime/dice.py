"""Dice: counting successes, how many dice to roll, and exact probabilities.

Gascony's Legacy, Dice Rolls: each die result of 4 or 5 counts as 1 Success and a 6
as 2 Successes; with Advantage a 3 also counts as 1 Success; with Disadvantage a 4 no
longer counts; with both, the two cancel. Doom: each 6 counts as only 1 Success.
Despair: roll 1 fewer die. At most 6 dice are rolled at once. After rolling, a
Destiny token may be spent to reroll any or all of the dice, with no limit per roll.

A pack may change the numbers (its ``dice`` rule and ``status_tokens`` in the bundle);
``DiceRule`` holds them, and its defaults are Gascony's Legacy.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, combinations_with_replacement
from math import factorial
from typing import Any

__all__ = ["DiceRule"]


@dataclass(frozen=True)
class DiceRule:
    """The dice rule of a pack (Gascony's Legacy, Dice Rolls).

    Attributes:
        sides: faces per die, numbered 1 to ``sides``.
        max_dice: the most dice rolled at once (6).
        single_success: faces worth 1 Success ((4, 5)).
        double_success: faces worth 2 Successes ((6,)).
        advantage_adds: faces that become 1 Success with Advantage ((3,)).
        disadvantage_removes: faces that stop counting with Disadvantage ((4,)).
        doom_counts: Successes a ``double_success`` face counts under Doom (1).
    """

    sides: int = 6
    max_dice: int = 6
    single_success: tuple[int, ...] = (4, 5)
    double_success: tuple[int, ...] = (6,)
    advantage_adds: tuple[int, ...] = (3,)
    disadvantage_removes: tuple[int, ...] = (4,)
    doom_counts: int = 1

    @classmethod
    def from_pack(cls, pack: Mapping[str, Any]) -> DiceRule:
        """The rule of a bundle pack: its ``dice`` object, and ``doom_counts`` from
        the smallest ``six_counts`` among its ``status_tokens`` (1 when none gives one).

        The pack must already be checked (``load_bundle`` does).
        """
        dice = pack["dice"]
        counts = [t["six_counts"] for t in pack["status_tokens"] if "six_counts" in t]
        return cls(
            sides=dice["sides"],
            max_dice=dice["max_dice"],
            single_success=tuple(dice["single_success"]),
            double_success=tuple(dice["double_success"]),
            advantage_adds=tuple(dice["advantage_adds"]),
            disadvantage_removes=tuple(dice["disadvantage_removes"]),
            doom_counts=min(counts, default=1),
        )

    def dice_count(self, stat: int, modifier: int = 0) -> int:
        """How many dice to roll: ``stat`` plus ``modifier`` (Despair: -1 per token
        held), never fewer than 0 and never more than ``max_dice``."""
        return max(0, min(self.max_dice, stat + modifier))

    def face_successes(self, face: int, *, advantage: bool = False, disadvantage: bool = False,
                       doom: bool = False) -> int:
        """Successes one die result counts (0, 1 or 2 with the default rule).

        Advantage and Disadvantage together cancel. Doom makes a double-success face
        count ``doom_counts``.

        Raises:
            ValueError: ``face`` is not from 1 to ``sides``.
        """
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= self.sides:
            raise ValueError(f"a die shows 1 to {self.sides}, not {face!r}")
        if advantage and disadvantage:
            advantage = disadvantage = False
        if face in self.double_success:
            value = self.doom_counts if doom else 2
        elif face in self.single_success:
            value = 1
        else:
            value = 0
        if advantage and value == 0 and face in self.advantage_adds:
            value = 1
        if disadvantage and face in self.disadvantage_removes:
            value = 0
        return value

    def successes(self, faces: Iterable[int], *, advantage: bool = False, disadvantage: bool = False,
                  doom: bool = False) -> int:
        """Total Successes of a roll: the sum of ``face_successes`` over ``faces``.

        Raises:
            ValueError: a face is not from 1 to ``sides``."""
        table = _face_table(self, bool(advantage), bool(disadvantage), bool(doom))
        total = 0
        for face in faces:
            value = table.get(face) if type(face) is int else None
            if value is None:                           # not a plain face: the careful check (it raises)
                value = self.face_successes(face, advantage=advantage, disadvantage=disadvantage, doom=doom)
            total += value
        return total

    def distribution(self, dice: int, *, advantage: bool = False, disadvantage: bool = False,
                     doom: bool = False) -> list[Fraction]:
        """The exact chance of each total: item ``k`` is P(exactly ``k`` Successes)
        when rolling ``dice`` dice once (no reroll). The list sums to 1.

        Raises:
            ValueError: ``dice`` is negative or more than ``max_dice``.
        """
        one = [Fraction(0)] * 3
        for face in range(1, self.sides + 1):
            value = self.face_successes(face, advantage=advantage, disadvantage=disadvantage, doom=doom)
            one.extend([Fraction(0)] * (value + 1 - len(one)))
            one[value] += Fraction(1, self.sides)
        return self._convolve(one, dice)

    def probability_at_least(self, successes: int, dice: int, *, advantage: bool = False,
                             disadvantage: bool = False, doom: bool = False) -> Fraction:
        """The exact chance that one roll of ``dice`` dice counts at least
        ``successes`` Successes (a "``successes``-Stat Challenge" passed without
        rerolls). Any ``successes`` of 0 or less gives 1.

        Raises:
            ValueError: as ``distribution``; ``successes`` is not a whole number.
        """
        if isinstance(successes, bool) or not isinstance(successes, int):
            raise ValueError(f"successes must be a whole number, not {type(successes).__name__}")
        table = self.distribution(dice, advantage=advantage, disadvantage=disadvantage, doom=doom)
        return sum(table[max(successes, 0):], Fraction(0))

    def weapon_distribution(self, dice: int, *, reroll_faces: Sequence[Sequence[int]] = (),
                            pips: Sequence[tuple[int, int]] = (), advantage: bool = False,
                            disadvantage: bool = False, doom: bool = False) -> list[Fraction]:
        """The exact chance of each total of one roll of ``dice`` dice with a Weapon's
        dice rules (bundle 1.5.0, an Equipment card's ``dice``): item ``k`` is
        P(exactly ``k`` Successes). The list sums to 1.

        In the order of an attack roll (docs/rulings.md, "The order of an attack
        roll"; Gascony's Legacy, Battle Round Example: the Rapier rerolls 1s, the
        Broadsword adds 1 pip): each item of ``reroll_faces`` is one free reroll of
        every die showing one of those faces (one rule each, in order); then each
        ``(pips, dice_count)`` of ``pips`` adds ``pips`` to up to ``dice_count`` dice
        (never above ``sides``), on the dice where they gain the most Successes (the
        players choose; this assumes the best choice). No Destiny rerolls. With no
        rules this is :meth:`distribution`.

        Raises:
            ValueError: as ``distribution``; a face not from 1 to ``sides``; pips or
                a dice count below 0.
        """
        flags = {"advantage": advantage, "disadvantage": disadvantage, "doom": doom}
        if not pips:
            weights = self._face_weights(reroll_faces)
            one: list[Fraction] = [Fraction(0)] * 3
            for face, weight in weights.items():
                value = self.face_successes(face, **flags)
                one.extend([Fraction(0)] * (value + 1 - len(one)))
                one[value] += weight
            return self._convolve(one, dice)
        if isinstance(dice, bool) or not isinstance(dice, int) or not 0 <= dice <= self.max_dice:
            raise ValueError(f"dice must be from 0 to {self.max_dice}, not {dice!r}")
        for added, count in pips:
            if added < 0 or count < 0:
                raise ValueError(f"pips and dice_count must be at least 0, not {added!r} and {count!r}")
        weights = self._face_weights(reroll_faces)
        totals: dict[int, Fraction] = {}
        memo: dict[tuple[tuple[int, ...], int], int] = {}
        for faces in combinations_with_replacement(sorted(weights), dice):
            chance = Fraction(factorial(dice))
            for face in set(faces):
                chance = chance / factorial(faces.count(face)) * weights[face] ** faces.count(face)
            if chance:
                best = self._best_with_pips(faces, pips, flags, memo)
                totals[best] = totals.get(best, Fraction(0)) + chance
        return [totals.get(k, Fraction(0)) for k in range(max(totals, default=0) + 1)]

    def _face_weights(self, reroll_faces: Sequence[Sequence[int]]) -> dict[int, Fraction]:
        """The chance of each face of one die after the free rerolls, in order."""
        weights = {face: Fraction(1, self.sides) for face in range(1, self.sides + 1)}
        for rerolled in reroll_faces:
            for face in rerolled:
                self.face_successes(face)                   # raises for a face off the die
            again = sum((weights[f] for f in set(rerolled)), Fraction(0))
            weights = {f: (0 if f in rerolled else w) + again / self.sides for f, w in weights.items()}
        return weights

    def _convolve(self, one: list[Fraction], dice: int) -> list[Fraction]:
        """The exact chance of each total of ``dice`` independent dice, each counting
        ``k`` Successes with chance ``one[k]`` (trailing zeros dropped).

        Raises:
            ValueError: ``dice`` is negative or more than ``max_dice``.
        """
        if isinstance(dice, bool) or not isinstance(dice, int) or not 0 <= dice <= self.max_dice:
            raise ValueError(f"dice must be from 0 to {self.max_dice}, not {dice!r}")
        totals = [Fraction(1)]
        for _ in range(dice):
            nxt = [Fraction(0)] * (len(totals) + len(one) - 1)
            for total, p in enumerate(totals):
                if p:
                    for value, q in enumerate(one):
                        nxt[total + value] += p * q
            totals = nxt
        while len(totals) > 1 and totals[-1] == 0:
            totals.pop()
        return totals

    def _best_with_pips(self, faces: tuple[int, ...], pips: Sequence[tuple[int, int]], flags: dict[str, bool],
                        memo: dict[tuple[tuple[int, ...], int], int] | None = None) -> int:
        """The most Successes ``faces`` can count once each ``(pips, dice_count)`` is
        added to up to ``dice_count`` dice of the roller's choice (every choice tried;
        ``memo`` keeps the answers by sorted faces and rules left)."""
        if not pips:
            return self.successes(faces, **flags)
        memo = {} if memo is None else memo
        key = (tuple(sorted(faces)), len(pips))
        if key not in memo:
            (added, count), rest = pips[0], pips[1:]
            best = self._best_with_pips(faces, rest, flags, memo)
            for n in range(1, min(count, len(faces)) + 1):
                for chosen in combinations(range(len(faces)), n):
                    new = tuple(min(self.sides, f + added) if i in chosen else f for i, f in enumerate(faces))
                    best = max(best, self._best_with_pips(new, rest, flags, memo))
            memo[key] = best
        return memo[key]

    def check_faces(self, faces: Sequence[Any], dice: int) -> str | None:
        """Why ``faces`` is not a roll of ``dice`` dice, or ``None`` when it is."""
        if not isinstance(faces, list):
            return f"faces must be a list of {dice} die results"
        if len(faces) != dice:
            return f"{dice} dice are rolled, so give {dice} faces, not {len(faces)}"
        for face in faces:
            if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= self.sides:
                return f"a die shows a whole number from 1 to {self.sides}, not {face!r}"
        return None


@functools.lru_cache(maxsize=256)
def _face_table(rule: DiceRule, advantage: bool, disadvantage: bool, doom: bool) -> dict[int, int]:
    """``{face: DiceRule.face_successes(face, ...)}`` for every face of ``rule``: worked
    out once per rule and flags (``successes`` reads it for every roll)."""
    return {face: rule.face_successes(face, advantage=advantage, disadvantage=disadvantage, doom=doom)
            for face in range(1, rule.sides + 1)}
