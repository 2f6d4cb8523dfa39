"""What every answer check shares: ``AnswerError`` and the check that an answer
holds only the fields its request kind takes.

The lowest layer of the answer checks (docs/runtime.md, Requests and answers):
``requests`` and ``between_answers`` import it; it imports nothing of the runtime.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["AnswerError", "only_fields"]


class AnswerError(ValueError):
    """An answer does not fit the pending request; the session did not change.

    Attributes:
        reason: what is wrong, in one sentence.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def only_fields(kind: str, answer: Mapping[str, Any], *allowed: str) -> None:
    """Refuse an answer to a ``kind`` request holding a field not in ``allowed``.

    Raises:
        AnswerError: naming the fields taken and the unexpected ones.
    """
    for key in answer:                                  # the usual case, cheaply: every field allowed
        if key not in allowed:
            break
    else:
        return
    extra = sorted(set(answer) - set(allowed))
    if extra:
        raise AnswerError(f"a {kind} answer takes {', '.join(allowed) or 'no fields'}; unexpected: {', '.join(extra)}")
