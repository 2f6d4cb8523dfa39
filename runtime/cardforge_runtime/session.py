"""The public session API: one playthrough of one story of a bundle.

A ``Session`` walks a story's cards step by step. Whenever it needs the players it
stops and exposes a **request** (``session.pending``, plain JSON data); the front end
shows it and calls ``session.answer(...)`` with an **answer** (plain JSON data). A
wrong answer raises ``AnswerError`` and changes nothing. Every answer is appended to
``session.log`` with the dice rolled and the state it changed. The exact JSON of
every request and answer is in ``docs/runtime.md``.

The session ties the runtime's parts together and owns what a save needs: the game
state (``state``), the generator, the checkpoint taken when each card is drawn, the
answers since and the log. The rules that change the state are in ``story``; the
request shapes and answer checks in ``requests``; setup and save checks in
``setup``; writing a save and loading one back (replay or carry-over) in ``saves``.
Front ends (the terminal player, a web port) use this module alone.

All randomness comes from the session's ``Pcg32`` generator, seeded at the start, so
the same bundle, seed and answers give the same playthrough anywhere.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardforge_runtime.bundle import Bundle
from cardforge_runtime.campaign_carry import apply_carried
from cardforge_runtime.dice import DiceRule
from cardforge_runtime.fork_copy import Frozen, Numbers, weak_callback
from cardforge_runtime.pcg import Pcg32
from cardforge_runtime.battle.round_answers import check_round_answer
from cardforge_runtime.saves import load_save, save_data
from cardforge_runtime.session_fork import Forking
from cardforge_runtime.deck_play import difficulty_of, set_up_decks
from cardforge_runtime.decks import deck_rng
from cardforge_runtime.setup import (
    TRANSCRIPT_FORMAT,
    TRANSCRIPT_VERSION,
    SessionError,
    check_setup,
    seed_text,
)
from cardforge_runtime.state import copy_json, diff, initial_state, update_copy
from cardforge_runtime.story import EngineError, Play, StoryRules
from cardforge_runtime.trace import Observer

__all__ = ["Session"]

Request = dict[str, Any]
Answer = dict[str, Any]


class Session(Forking):
    """One playthrough of one story of a bundle.

    Create it with ``Session.start`` (a new game) or ``Session.load`` (a saved one).

    Attributes (read-only; each returns a copy):
        pending: the request waiting for an answer (a dict with a ``kind``).
        state: the game state: ``pack``, ``story``, ``card`` (the current card, ``None``
            before the first), ``players``, ``coins``, ``flags``, ``counters``,
            ``porter_called``,
            ``characters`` (``name``, ``stats``, ``destiny``, ``destiny_max``, ``health``,
            ``health_max``, ``status``, ``items``, ``fallen``) and ``result``
            (``None``, ``"victory"``, ``"defeat"`` or ``"stuck"``).
        log: one entry per answer: ``{"request", "answer", "events", "changes"}``.
        finished: whether the story has ended (``pending["kind"] == "end"``).
        warnings: notes from ``load`` (the bundle changed since the save).
    """

    def __init__(self, bundle: Bundle, pack: dict[str, Any], story: dict[str, Any], setup: dict[str, Any],
                 like: Session | None = None) -> None:
        self._bundle = bundle
        self._pack = pack
        self._story = story
        self._setup = setup
        # the story's cards by id, made once per session and its forks (StoryRules reads it)
        self._cards: dict[int, Any] = like._cards if like is not None else {card["id"]: card for card in story["cards"]}
        if like is None:
            self._rule = DiceRule.from_pack(pack)
            self._difficulty = difficulty_of(pack, setup.get("difficulty"))
        else:                                           # a fork: the same pack and setup, read only
            self._rule, self._difficulty = like._rule, like._difficulty
        if like is None or like._checkpoint["log_length"] == 0 and like._origin is None:
            self._rng = Pcg32(setup["seed"])
            self._deck_rng = deck_rng(setup["seed"])    # shuffles: stream 55 (docs/runtime.md, Randomness)
        # else: a fork that starts from ``like``'s checkpoint, which sets both generators
        self._state: dict[str, Any] = {}
        self._log: list[dict[str, Any]] = []
        self._rules: StoryRules | None = None
        self._point: dict[str, Any] | None = {}         # the checkpoint (``_checkpoint``); None: not taken yet
        self._point_length = 0                          # its log_length while not taken yet
        self._since: list[Answer] = []
        self._pending: Request = {}
        self._seen: dict[str, Any] = {}
        self._answering = False
        self._program: Play | None = None
        self._origin: dict[str, Any] | None = None      # where replay starts on this bundle (None: the story's start)
        self._observer: Observer | None = None
        self._paths: dict[int, Any] | None = None       # trace.step_paths of the story, made once (forks share it)
        self._logging = True                            # False: a look-ahead fork (fork(log=False))
        # (a checkpoint, its generators' (state, increment) pairs): read once, for forks
        self._generators: Numbers | None = None
        # (a checkpoint's state, its ``marshal`` bytes): the copy forks start from
        self._frozen: Frozen | None = None
        self.warnings: list[str] = []

    # -- creating -------------------------------------------------------------

    @classmethod
    def start(cls, bundle: Bundle, story: str, *, players: int | None = None,
              characters: Sequence[str | Mapping[str, Any]] | None = None, seed: int = 0,
              pack: str | None = None, difficulty: str | None = None, battles: str | None = None,
              carried: Mapping[str, Any] | None = None) -> Session:
        """Start a new playthrough of ``story``.

        Args:
            bundle: a bundle from ``load_bundle``.
            story: the story's id (``"act-1"``).
            players: how many players, within the pack's ``players.min``..``max``
                (default: the pack's minimum).
            characters: the Characters in play, as names of the pack's ``characters``
                or as whole boards (``{"name", "stats": {stat: dice}, "destiny",
                "health", "items"?}``). Default: the pack's first Characters, one per
                player, or ``players.solo_characters`` for one player (Gascony's
                Legacy, Solo Play: a solo player controls 2 Characters, up to 4).
            seed: seeds the random generator, 0 to 2**64 - 1 (or its decimal text,
                as saves and transcripts store it).
            pack: the pack id, needed only when two packs share the story id.
            difficulty: the name of one of the pack's ``difficulty`` options
                (Gascony's Legacy, Difficulty Adjustments: ``"easier"``,
                ``"harder"``), or ``None`` for the standard game.
            battles: ``"engine"`` (the engine plays each Battle in Battle rounds,
                docs/runtime.md "Battle rounds") or ``"table"`` (a ``battle`` request:
                played at the table); default ``"engine"`` when the pack has a
                ``battle_round``, else ``"table"``.
            carried: start from what an earlier Story carried over (Gascony's Legacy,
                Campaign Mode; the shape is ``campaign_carry``'s, docs/runtime.md,
                Campaigns): the Characters' Destiny, Health tokens, items and cards,
                the coins, the decks and the Porter's cards, instead of a fresh Setup
                of the decks (the Characters must be ``characters``, in order). The
                setup, saves and transcripts hold it. ``None``: a fresh Setup.

        Raises:
            SessionError: unknown story, Character or difficulty, wrong counts, bad
                seed, ``battles="engine"`` for a pack without ``battle_round``, a
                carried state that does not fit the pack and Characters.
        """
        if not isinstance(story, str) or not (pack is None or isinstance(pack, str)):
            raise SessionError("the story id (and the pack id, when given) must be text")
        try:
            pack_data, story_data = bundle._find(story, pack)
        except KeyError as error:
            raise SessionError(error.args[0]) from None
        setup = {"players": players, "characters": characters, "seed": seed, "difficulty": difficulty,
                 "battles": battles}
        if carried is not None:
            setup["carried"] = carried
        setup = check_setup(pack_data, setup)
        session = cls(bundle, pack_data, story_data, setup)
        session._state = session._initial_state()
        session._begin(None)
        return session

    @classmethod
    def load(cls, bundle: Bundle, save: Mapping[str, Any] | str) -> Session:
        """Resume a session from ``save()``'s data (or its JSON text).

        When the bundle is the one the save was made with (same ``content_hash``), the
        session resumes exactly where it was: the answers are replayed from the save's
        ``origin`` (the start of the story, or the card where an earlier resume on
        this bundle began), and the replay must give back this very save. When the
        bundle was rebuilt since, the save is carried over (``carry.carry_over``):
        play resumes at the start of the current card, with the state the players had
        when they drew it, fitted to what the pack and story now define, and
        ``warnings`` names every difference and every value dropped.

        Raises:
            SessionError: not a save; a save of another story; a story or card id the
                bundle no longer has (the message names each missing id); a
                difference that cannot be carried over; a damaged value.
        """
        return load_save(cls, bundle, save)

    def _initial_state(self) -> dict[str, Any]:
        state = initial_state(self._pack, self._story, self._setup, self._difficulty)
        if self._setup.get("carried") is None:
            set_up_decks(state, self._pack, self._setup, self._deck_rng)
        else:
            apply_carried(state, self._setup["carried"], self._difficulty)      # a campaign's next Story
        return state

    def _begin(self, card: int | None, checkpoint: dict[str, Any] | None = None) -> None:
        """Run from the start of the story (``card`` None) or of ``card``, whose
        ``checkpoint`` (state and generator when it was drawn) is already restored."""
        self._checkpoint = checkpoint or self._snapshot()
        self._since = []
        self._answering = False
        self._rules = StoryRules(self._pack, self._story, self._rule, self._state, self._rng, weak_callback(self, "_card_drawn"),
                                 self._deck_rng, self._difficulty, self._setup["battles"], self._observer,
                                 self._story_paths() if self._observer is not None else None, self._cards)
        self._program = self._rules.run(card)
        self._pending = next(self._program)
        self._seen = copy_json(self._state) if self._logging else {}

    # -- the public surface ---------------------------------------------------

    @property
    def pending(self) -> Request:
        """The request waiting for an answer (docs/runtime.md, Requests and answers)."""
        return copy_json(self._pending)

    @property
    def state(self) -> dict[str, Any]:
        """The game state (docs/runtime.md, State)."""
        return copy_json(self._state)

    def pending_view(self) -> Request:
        """The pending request itself, not a copy (``pending`` copies it): for tools
        that read it after every answer (the state explorer). Read only, like
        ``state_view``: changing it changes the game. O(1)."""
        return self._pending

    def state_view(self) -> dict[str, Any]:
        """The game state itself, not a copy (``state`` copies it): for tools that
        read the state after every answer (the state explorer). Read only: changing
        it changes the game, and it changes as the session plays on. O(1)."""
        return self._state

    @property
    def log(self) -> list[dict[str, Any]]:
        """Every log entry so far, oldest first."""
        return copy_json(self._log)

    @property
    def finished(self) -> bool:
        """Whether the story has ended (the pending request is ``end``)."""
        return self._pending.get("kind") == "end"

    @property
    def seed(self) -> int:
        """The seed of the session's generator."""
        return self._setup["seed"]

    @property
    def difficulty(self) -> str | None:
        """The name of the pack's difficulty option in play (``None``: the standard game)."""
        return self._setup["difficulty"]

    @property
    def bundle(self) -> Bundle:
        """The bundle being played."""
        return self._bundle

    @property
    def dice_rule(self) -> DiceRule:
        """The pack's dice rule (to show which faces are successes, or probabilities)."""
        return self._rule

    def check_answer(self, answer: Mapping[str, Any]) -> None:
        """Raise ``AnswerError`` if ``answer`` does not fit ``pending``; change nothing.

        ``answer`` runs the same check first, so calling this is optional (a front
        end can use it to validate a form before sending it)."""
        check_round_answer(self._pending, answer, self._rule)

    def answer(self, answer: Mapping[str, Any]) -> dict[str, Any]:
        """Answer the pending request and run on to the next one.

        Args:
            answer: a JSON object fitting ``pending`` (docs/runtime.md, Answers).

        Returns:
            The log entry just appended: ``{"request", "answer", "events",
            "changes"}``; ``events`` lists dice rolled and challenges resolved
            (the first entry also what happened before the first request: the
            easier game's Loot drawn at the start of the Story),
            ``changes`` every state value that changed (``{"path": "/coins", "from":
            0, "to": 3}``). The next request is then ``pending``.

        Raises:
            AnswerError: the answer does not fit (the session is unchanged).
            EngineError: the engine failed on an answer that fit (a bug); the
                session is rewound to exactly where it was.
        """
        return self._apply(copy_json(check_round_answer(self._pending, answer, self._rule)))

    def _apply(self, checked: Answer, kept: Answer | None = None) -> dict[str, Any]:
        """``answer`` once the answer is checked: ``checked`` is the session's own copy
        (sent to the rules), fitting ``pending``. A fork replays through here the
        answers its original checked (they fit: the same requests come back), giving
        as ``kept`` the original's own copy kept for a rewind: never changed by
        either session (they only read and copy it), the twin keeps it too."""
        request = self._pending
        assert self._program is not None and self._rules is not None
        # The session owns each copy below: the answer sent to the rules (they may
        # keep parts of it in events), the one kept for a rewind and the one logged;
        # no two of them, nor anything the caller holds, share a list or a dict (a
        # fork's kept answers are its original's, which both only read).
        checkpoint, since = self._checkpoint, list(self._since)
        self._since.append(copy_json(checked) if kept is None else kept)
        self._answering = True
        try:
            self._pending = self._program.send(checked)
        except Exception as error:  # noqa: BLE001 - a bug, or a bundle the checks let through: undo
            self._answering = False
            self._rewind(checkpoint, since)
            raise EngineError(f"the engine could not apply this answer ({type(error).__name__}: {error}); "
                              "nothing changed (a bug in cardforge_runtime or a bundle its checks let through: "
                              "please report it)") from error
        finally:
            self._answering = False
        if not self._logging:
            entry = {"request": request, "answer": checked, "events": self._rules.events, "changes": []}
            self._rules.events = []
            return entry
        # What the answer changed: the state against ``_seen``, the session's copy of
        # it as it was before; then ``_seen`` catches up (its old values, the "from"
        # of the changes, become the log's alone).
        changes = diff(self._seen, self._state)
        update_copy(self._seen, self._state)
        for change in changes:
            change["to"] = copy_json(change["to"])
        entry = {
            "request": copy_json(request),
            "answer": copy_json(checked),
            "events": self._rules.events,
            "changes": changes,
        }
        self._log.append(entry)
        self._rules.events = []
        return copy_json(entry)

    def _rewind(self, checkpoint: dict[str, Any], since: list[Answer]) -> None:
        """Go back to ``checkpoint`` and replay ``since``: the session as it was. The
        observer, if any, is not told of the replay (it was told of those steps once)."""
        observer, self._observer = self._observer, None
        try:
            self._state = copy_json(checkpoint["state"])
            self._rng = Pcg32.from_json(checkpoint["rng"])
            self._deck_rng = Pcg32.from_json(checkpoint["deck_rng"])
            self._log = self._log[: checkpoint["log_length"]]
            self._begin(self._state["card"], copy_json(checkpoint))
            for answer in since:
                self.answer(answer)
        finally:
            self.observe(observer)

    def save(self) -> dict[str, Any]:
        """The whole session as JSON data, for ``Session.load``.

        Holds the bundle's ``content_hash``, the ids it refers to (``references``:
        pack, story and current card), the setup (players, Characters, seed), the
        state and generator at the moment the current card was drawn
        (``checkpoint``), where a replay on this bundle starts (``origin``: ``None``
        for the story's start, or the checkpoint where the session was resumed on
        this bundle after a rebuild, or where a ``fork``'s log begins), the answers
        given since, and the log.
        """
        if not self._logging:
            raise SessionError("a look-ahead fork (fork(log=False)) keeps no log and cannot be saved")
        return save_data(self)

    def transcript(self) -> dict[str, Any]:
        """The playthrough so far as a conformance transcript (docs/runtime.md,
        Conformance transcripts): ``{"format": "cardforge-transcript", "version": 3,
        "content_hash", "pack", "story", "setup", "initial_state", "steps": [log
        entries], "pending": the request now waiting}``. Another engine that starts
        from ``setup`` and gives the ``answer`` of each step must produce the same
        requests, events and changes."""
        if not self._logging:
            raise SessionError("a look-ahead fork (fork(log=False)) keeps no log and has no transcript")
        fresh = Session.start(self._bundle, self._story["id"], players=self._setup["players"],
                              characters=self._setup["characters"], seed=self._setup["seed"], pack=self._pack["id"],
                              difficulty=self._setup["difficulty"], battles=self._setup["battles"],
                              carried=self._setup.get("carried"))
        return copy_json({
            "format": TRANSCRIPT_FORMAT,
            "version": TRANSCRIPT_VERSION,
            "content_hash": self._bundle.content_hash,
            "pack": self._pack["id"],
            "story": self._story["id"],
            "setup": {**self._setup, "seed": seed_text(self._setup["seed"])},
            "initial_state": fresh._state,
            "steps": self._log,
            "pending": self._pending,
        })

    def probability(self, successes: int, dice: int, *, advantage: bool = False, disadvantage: bool = False,
                    doom: bool = False) -> float:
        """The chance (0 to 1) that one roll of ``dice`` dice reaches ``successes``
        under this pack's dice rule (``DiceRule.probability_at_least``)."""
        return float(self._rule.probability_at_least(successes, dice, advantage=advantage,
                                                     disadvantage=disadvantage, doom=doom))

