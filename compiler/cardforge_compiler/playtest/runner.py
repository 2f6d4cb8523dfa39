"""Playing random games of a story through the runtime's ``Session``
(docs/playtest.md): the story's choices by the random player (:mod:`.answers`), fair
dice rolled by the session's seeded PCG32 (``{"auto": true}``), Battles played by the
engine with the simulator's ``greedy`` policy (``battles="engine"``) or answered at
the table with a random objective or a lost Battle (``battles="table"``,
``--battles outcome``). An observer (``Session.observe``) fills the story's
:class:`.coverage.Coverage`.

Seeds (docs/playtest.md, "Seeds"): game ``n`` (from 1) of seed ``S`` draws only from
generators seeded by ``game_seeds(S, n)``: the first three big-endian 64-bit words of
SHA-256 of ``"cardforge-playtest:S:n"`` seed the session (its dice and decks), the
random player (``random.Random``) and the Battle policy (PCG32 stream 56, as in
``cardforge simulate``). The same arguments give the same games.

A game ends as the story ends (``victory``, ``defeat``, ``stuck``), ``unfinished``
(``MAX_ANSWERS`` answers given, or a Battle past ``MAX_ROUNDS`` rounds), or
``error``: the engine raised ``EngineError`` on a legal answer (``engine``), or, a
defect of cardforge's players, the runtime refused the random player's answer
(``player``) or the policy's (``policy``).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cardforge_compiler.playtest.answers import NoAnswer, random_answer
from cardforge_compiler.playtest.coverage import Coverage, Universe, node_at
from cardforge_compiler.simulate.policies import PolicyError, Table, answer_checked, greedy
from cardforge_runtime import AnswerError, Session
from cardforge_runtime.bundle import Bundle
from cardforge_runtime.dice import DiceRule
from cardforge_runtime.pcg import Pcg32
from cardforge_runtime.story import EngineError

__all__ = ["MAX_ANSWERS", "MAX_ROUNDS", "Game", "StoryRun", "game_seeds", "play_game", "play_story"]

#: The most answers one game is given before it is called ``unfinished``.
MAX_ANSWERS = 10_000
#: The most rounds of one Battle played by the engine (``cardforge simulate``'s
#: default ``max_rounds``) before the game is called ``unfinished``.
MAX_ROUNDS = 40


def game_seeds(seed: int, game: int) -> tuple[int, int, int]:
    """``(session seed, player seed, policy seed)`` of game ``game`` of ``seed``: the
    first three big-endian 64-bit words of ``sha256(f"cardforge-playtest:{seed}:{game}")``."""
    digest = hashlib.sha256(f"cardforge-playtest:{seed}:{game}".encode()).digest()
    return tuple(int.from_bytes(digest[i:i + 8], "big") for i in (0, 8, 16))  # type: ignore[return-value]


@dataclass(frozen=True)
class Game:
    """One game played: its number (from 1) and session ``seed``; ``result``
    (``victory``, ``defeat``, ``stuck``, ``unfinished``, ``error``) and ``reason``
    (the ``end`` request's, or ``answers``/``rounds``, or ``engine``/``player``/
    ``policy``); ``card`` the card it ended on; ``count`` how many answers were given;
    ``message`` what went wrong (``error`` only). A ``stuck`` or ``error`` game also
    keeps ``answers``, every answer given in order (for ``error``, the last one is the
    answer that failed), and ``transcript``, the session's conformance transcript;
    other games keep neither (``[]``, ``None``), so that many games fit in memory."""

    game: int
    seed: int
    result: str
    reason: str
    card: int | None
    count: int
    message: str | None = None
    answers: list[dict[str, Any]] = field(default_factory=list)
    transcript: dict[str, Any] | None = None

    @property
    def failed(self) -> bool:
        """Whether the game ended ``stuck`` or in an ``error``."""
        return self.result in ("stuck", "error")


@dataclass
class StoryRun:
    """The games of one story: its bundle ``pack`` and ``story``, how Battles were
    played (``battles``: ``"engine"`` or ``"table"``), the players the games were set
    up with, the ``universe`` and what the games covered, and the games in order."""

    pack: Mapping[str, Any]
    story: Mapping[str, Any]
    battles: str
    players: int
    universe: Universe
    coverage: Coverage = field(default_factory=Coverage)
    games: list[Game] = field(default_factory=list)


class _Observer:
    """The session observer of one game: coverage, and the Battle step being played
    (its ``step`` event), which the policy's ``Table`` needs."""

    def __init__(self, story: Mapping[str, Any], coverage: Coverage) -> None:
        self.story = story
        self.coverage = coverage
        self.battle: Mapping[str, Any] | None = None

    def __call__(self, event: str, path: tuple[str | int, ...], value: Any) -> None:
        if event == "step":
            step = node_at(self.story, path)
            if step["kind"] == "battle":
                self.battle = step
        else:
            self.coverage.observe(event, path, value)


def play_game(bundle: Bundle, run: StoryRun, seed: int, game: int, *, players: int | None = None) -> Game:
    """Play game ``game`` of ``seed`` of ``run``'s story (module docstring), adding
    what it covers to ``run.coverage``; the game is returned, not appended.

    Raises:
        SessionError: the session cannot start (``players`` outside the pack's range,
            ``battles="engine"`` for a pack without ``battle_round``).
    """
    session_seed, player_seed, policy_seed = game_seeds(seed, game)
    session = Session.start(bundle, run.story["id"], pack=run.pack["id"], players=players, seed=session_seed,
                            battles=run.battles)
    observer = _Observer(run.story, run.coverage)
    session.observe(observer)
    run.players = session.state["players"]
    rng = random.Random(player_seed)
    policy_rng = Pcg32(policy_seed, 56)
    rule = DiceRule.from_pack(run.pack)
    card_index = {card["id"]: i for i, card in enumerate(run.story["cards"])}
    answers: list[dict[str, Any]] = []

    def ended(result: str, reason: str, message: str | None = None) -> Game:
        if result not in ("stuck", "error"):
            return Game(game, session_seed, result, reason, session.pending.get("card"), len(answers))
        return Game(game, session_seed, result, reason, session.pending.get("card"), len(answers), message, answers,
                    session.transcript())

    while not session.finished:
        if len(answers) >= MAX_ANSWERS:
            return ended("unfinished", "answers")
        request = session.pending
        if request["kind"] == "card":
            run.coverage.card_drawn(card_index[request["card"]])
        state = session.state
        battle = state["battle"]
        try:
            if battle is not None:
                if battle["round"] > MAX_ROUNDS:
                    return ended("unfinished", "rounds")
                assert observer.battle is not None
                answer = answer_checked(greedy, request, Table(state, run.pack, observer.battle, rule, policy_rng))
            else:
                answer = random_answer(request, rng)
        except PolicyError as error:
            if error.answer is not None:
                answers.append(error.answer)
            return ended("error", "policy", str(error))
        except NoAnswer as error:
            return ended("error", "player", str(error))
        answers.append(answer)
        try:
            session.answer(answer)
        except AnswerError as error:
            return ended("error", "player", f"the runtime refused the random player's answer to a "
                                            f"{request['kind']!r} request: {error.reason}")
        except EngineError as error:
            return ended("error", "engine", str(error))
    end = session.pending
    return ended(end["result"], end["reason"])


def play_story(bundle: Bundle, pack: Mapping[str, Any], story: Mapping[str, Any], *, games: int, seed: int,
               battles: str, players: int | None = None,
               progress: Callable[[str, int, int], None] | None = None) -> StoryRun:
    """Play games 1 to ``games`` of ``seed`` of ``story`` (a story of ``pack``, both
    from the loaded bundle's data), Battles as ``battles`` says (``"engine"`` or
    ``"table"``). O(games x answers per game). ``progress`` (optional) is told
    ``("playing STORY", game, games)`` after each game.

    Raises:
        SessionError: as ``play_game``.
    """
    run = StoryRun(pack, story, battles, 0, Universe.of(story))
    for game in range(1, games + 1):
        run.games.append(play_game(bundle, run, seed, game, players=players))
        if progress:
            progress(f"playing {story['id']}", game, games)
    return run
