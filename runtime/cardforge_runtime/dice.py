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

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
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
        """Total Successes of a roll: the sum of ``face_successes`` over ``faces``."""
        return sum(self.face_successes(f, advantage=advantage, disadvantage=disadvantage, doom=doom) for f in faces)

    def distribution(self, dice: int, *, advantage: bool = False, disadvantage: bool = False,
                     doom: bool = False) -> list[Fraction]:
        """The exact chance of each total: item ``k`` is P(exactly ``k`` Successes)
        when rolling ``dice`` dice once (no reroll). The list sums to 1.

        Raises:
            ValueError: ``dice`` is negative or more than ``max_dice``.
        """
        if isinstance(dice, bool) or not isinstance(dice, int) or not 0 <= dice <= self.max_dice:
            raise ValueError(f"dice must be from 0 to {self.max_dice}, not {dice!r}")
        one = [0] * 3
        for face in range(1, self.sides + 1):
            value = self.face_successes(face, advantage=advantage, disadvantage=disadvantage, doom=doom)
            one.extend([0] * (value + 1 - len(one)))
            one[value] += 1
        counts = [1]  # ways to reach each total, out of sides ** n
        for _ in range(dice):
            nxt = [0] * (len(counts) + len(one) - 1)
            for total, ways in enumerate(counts):
                if ways:
                    for value, n in enumerate(one):
                        nxt[total + value] += ways * n
            counts = nxt
        while len(counts) > 1 and counts[-1] == 0:
            counts.pop()
        whole = self.sides**dice
        return [Fraction(ways, whole) for ways in counts]

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
