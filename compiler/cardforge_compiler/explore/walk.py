"""Walking a bundle story's data: every mapping inside it (steps, options, conditions),
for the explorer's static readings of a story (:mod:`.live`, :mod:`.setups`,
:mod:`.states`).

Dependencies: the standard library only.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

__all__ = ["mappings"]


#: Values that hold no mapping: never pushed on the walk's stack.
_SCALARS = frozenset({str, int, float, bool, type(None)})


def mappings(value: Any) -> Iterator[Mapping[str, Any]]:
    """Every mapping inside ``value`` (a bundle story or any part of it: its cards,
    steps, options and condition trees), depth first; lists are walked through.
    O(size of ``value``). Plain dicts and lists (a loaded bundle's) are told by their
    type, text and numbers never pushed (the explorer walks a story several times
    before it plays it: a tenth of lint's exploration of a 10,000-card pack)."""
    stack = [value]
    pop, extend = stack.pop, stack.extend
    scalars = _SCALARS
    while stack:
        item = pop()
        kind = type(item)
        if kind is dict:
            yield item
            extend([v for v in item.values() if type(v) not in scalars])
        elif kind is list:
            extend([v for v in item if type(v) not in scalars])
        elif isinstance(item, Mapping):
            yield item
            extend(item.values())
        elif isinstance(item, list):
            extend(item)
