"""The public campaign API: a pack's stories played in order, the Characters, decks and
cards carried from one to the next (Gascony's Legacy, Campaign Mode).

A ``Campaign`` mirrors ``Session``: ``start`` / ``load``, ``pending``, ``answer``,
``check_answer``, ``state``, ``log``, ``finished``, ``save``, ``transcript``. It plays
each Story with a ``Session``; when one ends in Victory it takes the carried state
(``campaign_carry.carry_of``), plays the pack's Campaign Mode steps on it
(``campaign_steps.between_steps``: ``keep`` requests, one per Character holding
Weapons) and starts the next Story from it (``Session.start(..., carried=...)``). A
Story lost (Defeat) or stuck ends the campaign there, with that result
(docs/rulings.md, "A Story lost ends the campaign"); the last Story won ends it in
Victory. The difficulty is chosen at the start and holds for every Story.

Randomness: the first Story is played with the campaign's seed (so it plays as that
Story alone would with that seed); the campaign generator (``Pcg32(seed,
CAMPAIGN_STREAM)``, stream 56) shuffles the decks between Stories, draws the
Porter's cards, then draws the next Story's seed (64 bits: high word first).

Dependencies: ``campaign_carry``, ``campaign_steps``, ``campaign_saves`` (saves), ``session``,
``setup``, ``state``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardforge_runtime.answer_fields import AnswerError
from cardforge_runtime.bundle import Bundle
from cardforge_runtime.campaign_carry import carry_of
from cardforge_runtime.campaign_saves import (
    CAMPAIGN_SAVE_FORMAT,
    CAMPAIGN_SAVE_VERSION,
    campaign_pack,
    campaign_save_data,
    load_campaign,
)
from cardforge_runtime.campaign_steps import between_steps, check_keep
from cardforge_runtime.dice import DiceRule
from cardforge_runtime.pcg import Pcg32
from cardforge_runtime.session import Session
from cardforge_runtime.setup import check_setup, seed_text
from cardforge_runtime.state import copy_json, diff

__all__ = ["CAMPAIGN_SAVE_FORMAT", "CAMPAIGN_SAVE_VERSION", "CAMPAIGN_STREAM", "CAMPAIGN_TRANSCRIPT_FORMAT",
           "CAMPAIGN_TRANSCRIPT_VERSION", "Campaign"]

#: The stream of the campaign generator (the dice use 54, the decks 55).
CAMPAIGN_STREAM = 56
#: The ``format`` and version of a campaign transcript (``Campaign.transcript``).
CAMPAIGN_TRANSCRIPT_FORMAT = "cardforge-campaign-transcript"
CAMPAIGN_TRANSCRIPT_VERSION = 1


class Campaign:
    """A campaign of one pack: its ``campaign.stories`` in order.

    Create it with ``Campaign.start`` or ``Campaign.load``.

    Attributes (read-only; each returns a copy):
        pending: the request waiting for an answer: the current Story's (as
            ``Session.pending``), a ``keep`` request between Stories, or at the end
            the last Story's ``end`` request with ``"campaign": {"result",
            "stories": [{"story", "result"}]}``.
        state: the current Story's game state (between Stories: the state the last
            Story ended with, the Campaign Mode steps applied), plus ``"campaign":
            {"stories": [ids], "index": the Story in play, "phase": "story" |
            "between" | "end", "results": [{"story", "result"}], "result": None |
            "victory" | "defeat" | "stuck"}``.
        log: one entry per answer, each a ``Session`` log entry with ``"story"``
            (the Story it belongs to; a ``keep`` answer: the Story to come).
        session: the current Story's ``Session`` (``None`` between Stories).
        warnings: notes from ``load``.
    """

    def __init__(self, bundle: Bundle, pack: dict[str, Any], setup: dict[str, Any]) -> None:
        self._bundle = bundle
        self._pack = pack
        self._setup = setup
        self._stories: list[str] = list(pack["campaign"]["stories"])
        self._rng = Pcg32(setup["seed"], CAMPAIGN_STREAM)
        self._rule = DiceRule.from_pack(pack)
        self._results: list[dict[str, Any]] = []
        self._log: list[dict[str, Any]] = []        # entries of the Stories and steps before the current one
        self._session: Session | None = None
        self._between: dict[str, Any] | None = None  # {"carried", "start", "rng", "answers", "program", "pending", "view"}
        self._result: str | None = None
        self.warnings: list[str] = []

    # -- creating -------------------------------------------------------------

    @classmethod
    def start(cls, bundle: Bundle, pack: str | None = None, *, players: int | None = None,
              characters: Sequence[str | Mapping[str, Any]] | None = None, seed: int = 0,
              difficulty: str | None = None, battles: str | None = None) -> Campaign:
        """Start a campaign of ``pack`` (needed only when the bundle holds several).

        Args: as ``Session.start`` (players, characters, seed, difficulty, battles:
        chosen once, for every Story of the campaign).

        Raises:
            SessionError: the pack has no ``campaign`` (or no such pack), or the
                setup does not fit (as ``Session.start``).
        """
        pack_data = campaign_pack(bundle, pack)
        setup = check_setup(pack_data, {"players": players, "characters": characters, "seed": seed,
                                        "difficulty": difficulty, "battles": battles})
        campaign = cls(bundle, pack_data, setup)
        campaign._start_story(None, setup["seed"])
        return campaign

    @classmethod
    def load(cls, bundle: Bundle, save: Mapping[str, Any] | str) -> Campaign:
        """Resume a campaign from ``save()``'s data (or its JSON text). The Story in
        play is resumed by ``Session.load`` (replayed on the same bundle, carried
        over to a rebuilt one, with ``warnings``); between Stories the carried state
        is checked and the ``keep`` answers given are replayed.

        Raises:
            SessionError: not a campaign save, damaged, or not fitting the bundle.
        """
        return load_campaign(cls, bundle, save)

    def _start_story(self, carried: dict[str, Any] | None, seed: int) -> None:
        index = len(self._results)
        if carried is not None:
            carried = {key: value for key, value in carried.items() if key != "porter_called"}
        self._session = Session.start(self._bundle, self._stories[index], players=self._setup["players"],
                                      characters=self._setup["characters"], seed=seed, pack=self._pack["id"],
                                      difficulty=self._setup["difficulty"], battles=self._setup["battles"],
                                      carried=carried)
        self._between = None

    # -- the public surface ---------------------------------------------------

    @property
    def pending(self) -> dict[str, Any]:
        """The request waiting for an answer (docs/runtime.md, Campaigns)."""
        if self._between is not None:
            return copy_json(self._between["pending"])
        assert self._session is not None
        request = self._session.pending
        if self._result is not None:
            request["campaign"] = {"result": self._result, "stories": copy_json(self._results)}
        return request

    @property
    def state(self) -> dict[str, Any]:
        """The game state and the campaign's progress (see the class)."""
        state = copy_json(self._between["view"]) if self._between is not None else self._session.state  # type: ignore[union-attr]
        phase = "end" if self._result is not None else ("between" if self._between is not None else "story")
        index = len(self._results) - 1 if phase == "end" else len(self._results)
        state["campaign"] = {"stories": list(self._stories), "index": index, "phase": phase,
                             "results": copy_json(self._results), "result": self._result}
        return state

    @property
    def log(self) -> list[dict[str, Any]]:
        """Every log entry so far, oldest first, across the Stories."""
        return copy_json(self._log) + self._current_log()

    def _current_log(self) -> list[dict[str, Any]]:
        if self._between is not None:
            return copy_json(self._between["log"])
        assert self._session is not None
        story = self._session.state["story"]
        return [{"story": story, **entry} for entry in self._session.log]

    @property
    def session(self) -> Session | None:
        """The current Story's session (``None`` between Stories)."""
        return self._session if self._between is None else None

    @property
    def finished(self) -> bool:
        """Whether the campaign has ended (in Victory, Defeat, or stuck)."""
        return self._result is not None

    @property
    def seed(self) -> int:
        """The campaign's seed."""
        return self._setup["seed"]

    @property
    def difficulty(self) -> str | None:
        """The pack's difficulty option in play for the whole campaign."""
        return self._setup["difficulty"]

    @property
    def bundle(self) -> Bundle:
        """The bundle being played."""
        return self._bundle

    @property
    def dice_rule(self) -> DiceRule:
        """The pack's dice rule."""
        return self._rule

    def check_answer(self, answer: Mapping[str, Any]) -> None:
        """Raise ``AnswerError`` if ``answer`` does not fit ``pending``; change nothing."""
        if self._between is not None:
            check_keep(self._between["pending"], answer)
        else:
            assert self._session is not None
            self._session.check_answer(answer)

    def answer(self, answer: Mapping[str, Any]) -> dict[str, Any]:
        """Answer the pending request and run on to the next one: within a Story as
        ``Session.answer``; a Story ended in Victory runs the Campaign Mode steps up
        to their first ``keep`` request (their events join this answer's entry),
        then the next Story starts.

        Returns:
            The log entry just appended (``"story"`` added).

        Raises:
            AnswerError: the answer does not fit (nothing changed).
            EngineError: as ``Session.answer``.
        """
        if self._result is not None:
            raise AnswerError("the campaign has ended")
        if self._between is not None:
            checked = check_keep(self._between["pending"], answer)
            entry = {"story": self._between["next"], "request": copy_json(self._between["pending"]),
                     "answer": copy_json(checked), "events": [], "changes": []}
            self._between["answers"].append(copy_json(checked))
            self._between["log"].append(entry)
            self._run_between(checked, entry)
            return copy_json(entry)
        assert self._session is not None
        story = self._session.state["story"]
        entry = {"story": story, **self._session.answer(answer)}
        if self._session.finished:
            entry = self._story_ended(entry)
        return copy_json(entry)

    # -- between Stories ---------------------------------------------------------

    def _story_ended(self, entry: dict[str, Any] | None = None) -> dict[str, Any] | None:
        """The Story in play has ended: record its result; Victory with a Story to
        come starts the Campaign Mode steps, anything else ends the campaign."""
        assert self._session is not None
        state = self._session.state
        self._results.append({"story": state["story"], "result": state["result"]})
        if state["result"] != "victory" or len(self._results) == len(self._stories):
            self._result = state["result"]
            return entry
        story = state["story"]
        self._log += [{"story": story, **e} for e in self._session.log[:-1]]
        last = {"story": story, **self._session.log[-1]} if entry is None else entry
        self._log.append(last)
        carried = carry_of(state, self._pack)
        view = {key: value for key, value in state.items()}
        self._begin_between(carried, view, last)
        return last

    def _begin_between(self, carried: dict[str, Any], view: dict[str, Any], entry: dict[str, Any] | None = None, *,
                       session_save: dict[str, Any] | None = None) -> None:
        """Start the Campaign Mode steps on ``carried`` (``view``: the state shown;
        ``session_save``: the save of the Story just ended, for ``save``)."""
        if session_save is None:
            assert self._session is not None
            session_save = self._session.save()
        self._session = None
        self._between = {"carried": carried, "start": copy_json(carried), "view": copy_json(view),
                         "session": session_save,
                         "start_view": copy_json(view), "rng": self._rng.to_json(), "answers": [], "log": [],
                         "next": self._stories[len(self._results)], "pending": {}}
        events: list[dict[str, Any]] = []
        self._between["events"] = events
        self._between["program"] = between_steps(self._pack, self._setup["characters"], carried,
                                                 self._setup["players"], self._between["next"], self._rng,
                                                 events.append)
        self._run_between(None, entry)

    def _run_between(self, answer: dict[str, Any] | None, entry: dict[str, Any] | None) -> None:
        between = self._between
        assert between is not None
        before = copy_json(between["view"])
        try:
            between["pending"] = between["program"].send(answer) if answer is not None else next(between["program"])
            done = False
        except StopIteration:
            done = True
        self._update_view()
        if entry is not None:
            entry["events"] += between["events"]
            entry["changes"] += diff(before, between["view"])
        between["events"].clear()
        if done:
            self._log += between["log"]
            seed = (self._rng.next_u32() << 32) | self._rng.next_u32()
            self._start_story(copy_json(between["carried"]), seed)

    def _update_view(self) -> None:
        """The state shown between Stories: the last Story's, with the carried values."""
        between = self._between
        assert between is not None
        carried, view = between["carried"], between["view"]
        for character, carried_one in zip(view["characters"], carried["characters"]):
            for key in ("destiny", "health", "health_max", "fallen", "items", "cards"):
                character[key] = copy_json(carried_one[key])
        view["coins"] = carried["coins"]
        view["costs"] = copy_json(carried["costs"])
        view["decks"] = copy_json(carried["decks"])
        view["porter"] = list(carried["porter"])
        view["porter_called"] = carried.get("porter_called", False)

    # -- saves and transcripts ------------------------------------------------------

    def save(self) -> dict[str, Any]:
        """The whole campaign as JSON data, for ``Campaign.load``: the setup, the
        results so far, the log of the finished Stories and steps, the campaign
        generator, and the Story in play (its ``Session.save()``) or, between
        Stories, the save of the Story just ended, the carried state and the state
        shown when the steps began (which that Story must replay to, on the same
        bundle) and the ``keep`` answers given since (docs/runtime.md, Campaigns)."""
        return campaign_save_data(self)

    def transcript(self) -> dict[str, Any]:
        """The campaign so far as a transcript: ``{"format":
        "cardforge-campaign-transcript", "version": 1, "content_hash", "pack",
        "setup", "steps": [log entries], "pending"}``. Another engine that starts a
        campaign from ``setup`` and gives each step's ``answer`` must produce the same
        requests, events and changes."""
        return copy_json({
            "format": CAMPAIGN_TRANSCRIPT_FORMAT,
            "version": CAMPAIGN_TRANSCRIPT_VERSION,
            "content_hash": self._bundle.content_hash,
            "pack": self._pack["id"],
            "setup": {**self._setup, "seed": seed_text(self._setup["seed"])},
            "steps": self.log,
            "pending": self.pending,
        })

    def probability(self, successes: int, dice: int, **modifiers: bool) -> float:
        """As ``Session.probability``, under the pack's dice rule."""
        return float(self._rule.probability_at_least(successes, dice, **modifiers))

