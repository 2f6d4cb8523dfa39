"""Walking a bundle story's data: every mapping inside it (steps, options, conditions),
for the explorer's static readings of a story (:mod:`.live`, :mod:`.setups`,
:mod:`.states`).

Dependencies: the standard library only.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

__all__ = ["mappings"]


def mappings(value: Any) -> Iterator[Mapping[str, Any]]:
    """Every mapping inside ``value`` (a bundle story or any part of it: its cards,
    steps, options and condition trees), depth first; lists are walked through.
    O(size of ``value``)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Mapping):
            yield item
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
