"""The card checkpoint of a ``Session`` and the twins made from it: ``fork`` (a second
session at the same point, for tools that try one answer here and another there) and
``observe`` (an observer told of every step played). A mixin of ``session.Session``,
which holds the attributes these methods read (``session.Session.__init__``).

The checkpoint is the state and the generators when the current card was drawn: a
save resumes from it, a fork starts from it and replays the answers since (the story
interpreter is a generator, which cannot be copied). It is taken when first needed,
and its copies for forks are made cheap by ``fork_copy`` (docs/runtime.md, Observers
and forks).

Dependencies: ``fork_copy``, ``pcg``, ``state``, ``trace``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardforge_runtime.fork_copy import Frozen, Numbers, copy_state, generator_numbers, new_generators
from cardforge_runtime.pcg import Pcg32
from cardforge_runtime.state import copy_json
from cardforge_runtime.trace import Observer, step_paths

if TYPE_CHECKING:
    from cardforge_runtime.session import Session

__all__ = ["Forking"]


class Forking:
    """The checkpoint, ``fork`` and ``observe`` of ``session.Session`` (module docstring)."""

    # set by ``session.Session.__init__`` (and its ``_begin``); read and set here
    _bundle: Any
    _pack: dict[str, Any]
    _story: dict[str, Any]
    _setup: dict[str, Any]
    _state: dict[str, Any]
    _log: list[dict[str, Any]]
    _rng: Pcg32
    _deck_rng: Pcg32
    _point: dict[str, Any] | None
    _point_length: int
    _since: list[dict[str, Any]]
    _answering: bool
    _origin: dict[str, Any] | None
    _observer: Observer | None
    _rules: Any
    _paths: dict[int, Any] | None
    _logging: bool
    _generators: Numbers | None
    _frozen: Frozen | None

    def _card_drawn(self) -> None:
        """A new card is drawn: the checkpoint a save resumes from moves here. It is
        taken (``_checkpoint``) when first needed: the card's request comes next and
        nothing changes the state or the generators before it is answered (``_apply``
        takes it first), forked or saved; a look-ahead twin dropped at the card
        request (the state explorer's, at a state it knows) never copies it."""
        self._point = None
        self._point_length = len(self._log) + (1 if self._answering else 0)
        self._since = []

    @property
    def _checkpoint(self) -> dict[str, Any]:
        """The state and generators when the current card was drawn, and how many log
        entries precede that point (``_snapshot``): taken now if not yet."""
        point = self._point
        if point is None:
            point = self._point = self._snapshot()
            point["log_length"] = self._point_length
        return point

    @_checkpoint.setter
    def _checkpoint(self, point: dict[str, Any]) -> None:
        self._point = point

    def _snapshot(self) -> dict[str, Any]:
        """The state and generator now, and how many log entries precede this point
        (the answer being handled counts: it is logged once its changes are known)."""
        snapshot = {"state": copy_json(self._state), "rng": self._rng.to_json(), "deck_rng": self._deck_rng.to_json(),
                    "log_length": len(self._log) + (1 if self._answering else 0)}
        self._generators = (snapshot, (self._rng.state, self._rng.increment, self._deck_rng.state,
                                       self._deck_rng.increment))
        return snapshot

    def _checkpoint_generators(self) -> tuple[Pcg32, Pcg32]:
        """New generators as they were at the checkpoint (a fork starts from them):
        read from its JSON once per checkpoint (``fork_copy``)."""
        if self._generators is None or self._generators[0] is not self._checkpoint:
            self._generators = generator_numbers(self._checkpoint)
        return new_generators(self._generators[1])

    def _checkpoint_state(self) -> dict[str, Any]:
        """A new copy of the checkpoint's state (a fork starts from it), from bytes
        written once per checkpoint (``fork_copy.copy_state``)."""
        state, self._frozen = copy_state(self._checkpoint["state"], self._frozen)
        return state

    def fork(self, *, log: bool = True) -> Session:
        """A second session at this very point: the same pending request, state and
        generators, so that a tool can try one answer here and another there
        (cardforge's state explorer does). The two share nothing that either
        changes: answering one never changes the other, and the same answer gives
        the same log entry in both.

        The twin replays the answers given since the current card was drawn from that
        card's checkpoint, as ``load`` does; its ``log`` holds only those answers'
        entries, and its ``save`` replays from that checkpoint (its ``origin``), so it
        loads; its ``transcript`` is not a whole playthrough (its steps start at the
        card). While nothing is logged before the checkpoint (the story's first card
        has no introduction before it), the twin replays from the story's start
        instead, so that its first entry holds what happened before the first request
        (the easier game's Loot drawn at the start), as the original's does. It has
        no observer. O(state + answers since the card was drawn) (docs/runtime.md,
        Observers and forks).

        ``log=False`` makes a **look-ahead** twin, for tools that try many answers
        (the state explorer): it keeps no log and works out no changes (each
        ``answer`` returns ``{"request", "answer", "events", "changes": []}``, shared
        with the session: do not change them), which saves copying the state at every
        answer; ``save`` and ``transcript`` refuse it (``SessionError``)."""
        twin = type(self)(self._bundle, self._pack, self._story, self._setup, like=self)
        twin._paths = self._paths
        twin._logging = log
        if self._checkpoint["log_length"] == 0 and self._origin is None:
            twin._state = twin._initial_state()
            twin._begin(None)
        else:
            # checkpoints are only read (a save copies them), so the twin shares this one's
            checkpoint = {**self._checkpoint, "log_length": 0}
            twin._origin = checkpoint                   # its log starts here: so does a replay of its save
            twin._state = self._checkpoint_state()
            twin._frozen = self._frozen
            twin._rng, twin._deck_rng = self._checkpoint_generators()
            twin._generators = (checkpoint, self._generators[1])       # the same generators: not read again
            twin._begin(twin._state["card"], checkpoint)
        for answer in self._since:                      # checked when this session was given them
            twin._apply(copy_json(answer), answer)
        return twin

    def observe(self, observer: Observer | None) -> None:
        """Tell ``observer(event, path, value)`` of every step, choice on offer,
        condition and branch played from now on (events ``"step"``, ``"offered"``,
        ``"condition"``, ``"branch"``; ``path`` the bundle path of the step or option:
        ``cardforge_runtime.trace``; docs/runtime.md, Observers and forks). It may be
        set at any time (before the first answer; on a ``fork``, which has none);
        another replaces it, ``None`` stops it. Observers only read: the play, the log
        and saves are the same with or without one. The replay that undoes an answer
        the engine failed on (``EngineError``) is not told again."""
        self._observer = observer
        if self._rules is not None:
            self._rules.observer = observer
            self._rules._paths = self._story_paths() if observer is not None else {}

    def _story_paths(self) -> dict[int, Any]:
        """``trace.step_paths`` of the story, computed once per bundle and story (the
        sessions of a bundle play its own story data, never changed)."""
        if self._paths is None:
            cache = self._bundle._step_paths
            cached = cache.get(id(self._story))
            if cached is None or cached[0] is not self._story:     # the cache holds the story: ids stay unique
                cached = cache[id(self._story)] = (self._story, step_paths(self._story))
            self._paths = cached[1]
        return self._paths
