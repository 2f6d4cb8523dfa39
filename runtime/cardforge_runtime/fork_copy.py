"""What a ``Session.fork`` copies, made cheap for tools that fork thousands of times
(the state explorer forks about 25,000 times in Gascony's Legacy's Act I): the
checkpoint's state read back from bytes written once, its generators copied from
numbers read once, and the callback through which a session's rules tell it a card
was drawn, which holds no reference to the session (docs/runtime.md, Observers and
forks: Cost).

Depends on ``pcg`` and ``state`` only.
"""

from __future__ import annotations

import marshal
import weakref
from collections.abc import Callable, Mapping
from typing import Any

from cardforge_runtime.pcg import Pcg32
from cardforge_runtime.state import copy_json

__all__ = ["Frozen", "Numbers", "copy_state", "generator_numbers", "new_generators", "weak_callback"]

#: ``(state, its marshal bytes)``: a checkpoint's state as forks copy it.
Frozen = tuple[dict[str, Any], bytes]
#: ``(checkpoint, (state, increment, deck state, deck increment))``: its generators.
Numbers = tuple[Mapping[str, Any], tuple[int, int, int, int]]


def copy_state(state: dict[str, Any], frozen: Frozen | None) -> tuple[dict[str, Any], Frozen | None]:
    """A new copy of ``state`` (a checkpoint's: never changed), and the ``frozen``
    bytes to keep for the next copy of the same state: ``marshal`` bytes written once
    and read back for each copy (about half the time of ``copy_json``; the same JSON
    data: dicts in order, lists, text, numbers, true/false, null; nothing shared with
    ``state`` nor between copies). A state ``marshal`` cannot write (not JSON data)
    is copied by ``copy_json``."""
    if frozen is None or frozen[0] is not state:
        try:
            frozen = (state, marshal.dumps(state))
        except ValueError:
            return copy_json(state), frozen
    return marshal.loads(frozen[1]), frozen


def generator_numbers(checkpoint: Mapping[str, Any]) -> Numbers:
    """``checkpoint``'s generators as numbers (``Pcg32.from_json`` of its ``rng`` and
    ``deck_rng``: read once per checkpoint).

    Raises:
        ValueError: as ``Pcg32.from_json``."""
    rng, deck = Pcg32.from_json(checkpoint["rng"]), Pcg32.from_json(checkpoint["deck_rng"])
    return checkpoint, (rng.state, rng.increment, deck.state, deck.increment)


def new_generators(numbers: tuple[int, int, int, int]) -> tuple[Pcg32, Pcg32]:
    """New dice and deck generators at the given ``(state, increment)`` pairs."""
    rng, deck = Pcg32.__new__(Pcg32), Pcg32.__new__(Pcg32)
    rng.state, rng.increment, deck.state, deck.increment = numbers
    return rng, deck


def weak_callback(owner: Any, method: str) -> Callable[[], None]:
    """A callable that calls ``owner.<method>()`` without holding ``owner``: a session's
    rules call it back so, and hold no reference cycle, so a session nobody holds any
    more (a look-ahead fork the explorer dropped) is freed at once, even while the
    cyclic collector is paused (the compiler pauses it while it works). The owner
    drives whatever calls it, so it is alive whenever it is called."""
    ref = weakref.ref(owner)

    def call() -> None:
        getattr(ref(), method)()

    return call
