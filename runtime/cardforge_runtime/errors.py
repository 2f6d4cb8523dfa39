"""The engine's own failure, shared by every runtime module (a low module: it imports
nothing of the runtime, so the board geometry can raise it without importing the
story rules)."""

from __future__ import annotations

__all__ = ["EngineError"]


class EngineError(RuntimeError):
    """The engine failed while applying an answer that fit the request: a bug in
    ``cardforge_runtime``, or a bundle its checks let through. Not the answer's
    fault, so not an ``AnswerError``; the session is rewound to exactly where it was
    before the answer (``Session.answer``). Please report it. Building a board from a
    bundle's ``board`` object (``board.build_board``) raises it too, the message
    starting with the JSON path of the faulty value.

    Attributes:
        reason: what failed, in one sentence (the underlying exception is also
            ``__cause__``).
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
