"""The session's random number generator: PCG32 (PCG-XSH-RR 64/32).

Every random result of a playthrough (dice the engine rolls, shuffles) comes from
one ``Pcg32`` so that a front end in any language reproduces a playthrough from its
seed. The algorithm is Melissa O'Neill's reference ``pcg32_random_r`` (pcg-random.org,
``pcg_basic.c``): 64-bit state, 64-bit odd increment, 32-bit output. Dice use the
reference's unbiased ``pcg32_boundedrand_r``; shuffles are Fisher-Yates from the last
position down, as in the reference ``pcg32-demo``. ``docs/runtime.md`` gives the
algorithm step by step with test vectors.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Any

__all__ = ["Pcg32", "DEFAULT_STREAM"]

_MASK64 = (1 << 64) - 1
_MASK32 = (1 << 32) - 1
_MULTIPLIER = 6364136223846793005

#: The stream (``initseq``) every session uses. 54 is the reference demo's value, so
#: ``Pcg32(42)`` reproduces the published ``pcg32-demo`` output.
DEFAULT_STREAM = 54


class Pcg32:
    """PCG32 seeded like ``pcg32_srandom_r(rng, seed, stream)``.

    Args:
        seed: the initial state, a whole number from 0 to 2**64 - 1.
        stream: the stream selector (``initseq``), 0 to 2**63 - 1; sessions use
            ``DEFAULT_STREAM``.

    Raises:
        ValueError: a seed or stream that is not a whole number in range.
    """

    __slots__ = ("state", "increment")

    def __init__(self, seed: int, stream: int = DEFAULT_STREAM) -> None:
        for name, value, limit in (("seed", seed, _MASK64), ("stream", stream, (1 << 63) - 1)):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= limit:
                raise ValueError(f"the {name} must be a whole number from 0 to {limit}, not {value!r}")
        self.state = 0
        self.increment = ((stream << 1) | 1) & _MASK64
        self.next_u32()
        self.state = (self.state + seed) & _MASK64
        self.next_u32()

    def next_u32(self) -> int:
        """The next output: a whole number from 0 to 2**32 - 1."""
        old = self.state
        self.state = (old * _MULTIPLIER + self.increment) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & _MASK32
        rotation = old >> 59
        return ((xorshifted >> rotation) | (xorshifted << ((-rotation) & 31))) & _MASK32

    def below(self, bound: int) -> int:
        """A uniform whole number from 0 to ``bound - 1`` (``pcg32_boundedrand_r``).

        Outputs below ``2**32 mod bound`` are thrown away and drawn again, so every
        result is equally likely.

        Raises:
            ValueError: ``bound`` is not from 1 to 2**32.
        """
        if isinstance(bound, bool) or not isinstance(bound, int) or not 1 <= bound <= 1 << 32:
            raise ValueError(f"bound must be a whole number from 1 to 2**32, not {bound!r}")
        threshold = ((1 << 32) - bound) % bound
        while True:
            value = self.next_u32()
            if value >= threshold:
                return value % bound

    def die(self, sides: int = 6) -> int:
        """One die roll: a face from 1 to ``sides`` (``below(sides) + 1``)."""
        return self.below(sides) + 1

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Shuffle ``items`` in place: for ``i`` from ``len - 1`` down to 1, swap
        position ``i`` with position ``below(i + 1)`` (Fisher-Yates, as in the
        reference ``pcg32-demo``)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def to_json(self) -> dict[str, str]:
        """The generator's state as ``{"state": "<16 hex digits>", "increment": "<16 hex digits>"}``.

        Hex text, because JSON numbers in most languages cannot hold 64 bits exactly.
        """
        return {"increment": f"{self.increment:016x}", "state": f"{self.state:016x}"}

    @classmethod
    def from_json(cls, data: Any) -> Pcg32:
        """The generator whose state ``to_json`` returned.

        Raises:
            ValueError: ``data`` is not two 16-digit hex strings with an odd increment.
        """
        try:
            state, increment = data["state"], data["increment"]
            if not all(isinstance(v, str) and len(v) == 16 and all(c in "0123456789abcdefABCDEF" for c in v)
                       for v in (state, increment)):
                raise ValueError
            rng = cls.__new__(cls)
            rng.state, rng.increment = int(state, 16), int(increment, 16)
        except (TypeError, KeyError, ValueError):
            raise ValueError(f"not a generator state (two 16-digit hex strings): {data!r}") from None
        if not rng.increment & 1:
            raise ValueError("a generator's increment must be odd")
        return rng
