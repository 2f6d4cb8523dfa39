"""Playing one Battle many times: ``play_run`` plays one run, ``simulate`` all of them
(serially or in a process pool) and returns the runs in run order.

Seeds (docs/simulate.md, "Seeds"): run ``i`` of seed ``S`` draws from generators
seeded by ``run_seeds(S, i)`` only: the first three 64-bit words (big-endian) of
SHA-256 of the text ``"cardforge-simulate:S:i"`` seed the story session (its Setup:
decks), the Battle (dice: PCG32 stream 54; decks: stream 55) and the policy (stream
56). Nothing depends on which process plays a run or when, so the runs, and the
report made from them, are the same with any number of workers, ``fork`` or
``spawn``, or serially. The same run index plays the same dice at every player count
(common random numbers: the counts are compared on the same luck).

A run is ``{"players", "run", "outcome", "rounds", "wounds", "fallen", "destiny"}``:
``outcome`` is ``"objective-<i>"``, ``"lost-all_fallen"``, ``"lost-no_health"`` or
``"unfinished"`` (no end after ``max_rounds`` rounds); ``wounds`` the Health tokens
the Characters lost (flipped) during the Battle; ``fallen`` how many Characters Fell
at least once; ``destiny`` the Destiny spent on rerolls; ``rounds`` the round the
Battle ended in.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import signal
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from cardforge_compiler.simulate.policies import POLICIES, PolicyError, Table, answer_checked

__all__ = ["BattleCase", "RunError", "battle_step", "merge", "play_range", "play_run", "run_seeds", "simulate"]

#: The run index ranges one pool task plays (the progress bar moves per task).
TASK_RUNS = 25


class RunError(Exception):
    """A run could not be played: the engine raised, or a policy was refused
    (``PolicyError``). The message names the player count, the run and the seed."""


@dataclass(frozen=True)
class BattleCase:
    """What every run plays: the bundle data (``load_bundle``'s ``data``), the story
    id, the Battle card id, the policy name, the round cap and the difficulty."""

    bundle: Mapping[str, Any]
    story: str
    card: int
    policy: str = "greedy"
    max_rounds: int = 40
    difficulty: str | None = None


def run_seeds(seed: int, run: int) -> tuple[int, int, int]:
    """``(story seed, Battle seed, policy seed)`` of run ``run`` of ``seed``: the first
    three big-endian 64-bit words of ``sha256(f"cardforge-simulate:{seed}:{run}")``."""
    digest = hashlib.sha256(f"cardforge-simulate:{seed}:{run}".encode()).digest()
    return tuple(int.from_bytes(digest[i:i + 8], "big") for i in (0, 8, 16))  # type: ignore[return-value]


def battle_step(pack: Mapping[str, Any], story: str, card: int) -> Mapping[str, Any]:
    """The first ``battle`` step of card ``card`` of ``story`` (``KeyError`` if none)."""
    for entry in pack["stories"]:
        if entry["id"] == story:
            for card_data in entry["cards"]:
                if card_data["id"] == card:
                    for step in card_data["steps"]:
                        if step["kind"] == "battle":
                            return step
    raise KeyError(f"card {card} of {story} has no battle step")


class _Counter:
    """The event sink of one run: Health tokens lost, Characters who Fell, Destiny
    spent (one per ``reroll`` event: a Destiny reroll)."""

    def __init__(self, characters: list[dict[str, Any]]) -> None:
        self.characters = characters
        self.health = [c["health"] for c in characters]
        self.fell: set[int] = {i for i, c in enumerate(characters) if c["fallen"]}
        self.wounds = 0
        self.destiny = 0

    def __call__(self, event: Mapping[str, Any]) -> None:
        kind = event["event"]
        if kind == "reroll":
            self.destiny += 1
        if kind not in ("wound", "heal", "rescue", "gain", "lose"):
            return
        for i, character in enumerate(self.characters):
            now = character["health"]
            if now < self.health[i]:
                self.wounds += self.health[i] - now
            self.health[i] = now
            if character["fallen"]:
                self.fell.add(i)


_LOADED: list[Any] = []      # [(bundle data, its loaded Bundle, the Bundle's data)]: the last one, per process


def _bundle_of(data: Mapping[str, Any]) -> tuple[Any, Mapping[str, Any]]:
    """The loaded ``Bundle`` of ``data`` and its checked data, once per process
    (``Bundle.data`` is a deep copy each time it is read: 13 % of a run's time)."""
    from cardforge_runtime import load_bundle

    if not _LOADED or _LOADED[0][0] is not data:
        bundle = load_bundle(data)
        _LOADED[:] = [(data, bundle, bundle.data)]
    return _LOADED[0][1], _LOADED[0][2]


_CASE: list[BattleCase] = []    # the case a pool worker plays (set once by _start_worker)


def _start_worker(case: BattleCase) -> None:
    # Ctrl-C reaches the whole process group: the command's process stops the pool,
    # a worker finishes its task quietly (no traceback of its own)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _CASE[:] = [case]
    _bundle_of(case.bundle)


def play_run(case: BattleCase, players: int, seed: int, run: int) -> dict[str, Any]:
    """Play run ``run`` of ``seed`` with ``players`` players (module docstring).

    Raises:
        RunError: the engine raised or the policy was refused.
    """
    from cardforge_runtime import Session
    from cardforge_runtime.battle.rounds import make_scene, play_battle
    from cardforge_runtime.dice import DiceRule
    from cardforge_runtime.pcg import Pcg32

    bundle, checked = _bundle_of(case.bundle)
    story_seed, battle_seed, policy_seed = run_seeds(seed, run)
    where = f"{players} player(s), run {run} of seed {seed}"
    try:
        session = Session.start(bundle, case.story, players=players, seed=story_seed, difficulty=case.difficulty)
        pack = next(p for p in checked["packs"] if any(s["id"] == case.story for s in p["stories"]))
        step = battle_step(pack, case.story, case.card)
        state = session.state
        state["card"] = case.card
        counter = _Counter(state["characters"])
        dice, decks = Pcg32(battle_seed, 54), Pcg32(battle_seed, 55)
        scene = make_scene(pack, state, step, [], dice, decks, difficulty=case.difficulty, sink=counter)
        table = Table(state, pack, step, DiceRule.from_pack(pack), Pcg32(policy_seed, 56))
        policy = POLICIES[case.policy]
        play = play_battle(scene, step, decks)
        request = next(play)
        outcome: Mapping[str, Any] | None = None
        while True:
            if state["battle"]["round"] > case.max_rounds:
                play.close()
                break
            try:
                request = play.send(answer_checked(policy, request, table))
            except StopIteration as done:
                outcome = done.value
                break
    except PolicyError as error:
        raise RunError(f"{where}: {error} (answer {error.answer!r})") from None
    except Exception as error:  # noqa: BLE001 - reported with the run that raised it
        raise RunError(f"{where}: the engine raised {type(error).__name__}: {error}") from None
    if outcome is None:
        name = "unfinished"
        rounds = case.max_rounds
    else:
        name = f"objective-{outcome['objective']}" if "objective" in outcome else f"lost-{outcome['lost']}"
        rounds = state["battle"]["round"]
    return {"players": players, "run": run, "outcome": name, "rounds": rounds, "wounds": counter.wounds,
            "fallen": len(counter.fell), "destiny": counter.destiny}


def play_range(case: BattleCase, players: int, seed: int, start: int, stop: int) -> list[dict[str, Any]]:
    """Runs ``start`` to ``stop - 1`` of ``seed`` at ``players`` players: one task of a
    sweep on a distributed engine (Ray, Dask: docs/simulate.md, "Larger sweeps");
    ``merge`` the tasks' lists and ``report.report`` them."""
    return [play_run(case, players, seed, run) for run in range(start, stop)]


def merge(chunks: Iterable[Sequence[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The runs of several tasks in (player count, run) order, whatever order the
    tasks finished in."""
    return sorted((run for chunk in chunks for run in chunk), key=lambda r: (r["players"], r["run"]))


def _play_task(players: int, seed: int, runs: Sequence[int]) -> list[dict[str, Any]]:
    case = _CASE[0]
    return [play_run(case, players, seed, run) for run in runs]


def _tasks(counts: Sequence[int], runs: int) -> list[tuple[int, range]]:
    return [(players, range(start, min(runs, start + TASK_RUNS))) for players in counts
            for start in range(0, runs, TASK_RUNS)]


def default_workers() -> int:
    """Every core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:          # not on Linux
        return max(1, os.cpu_count() or 1)


def simulate(case: BattleCase, counts: Sequence[int], runs: int, seed: int, *, workers: int = 1,
             start_method: str | None = None, progress: Callable[[int], None] | None = None) -> list[dict[str, Any]]:
    """Play ``runs`` runs of ``case`` at each player count of ``counts``; the runs in
    (player count, run) order. ``workers`` 1 plays in this process; more use a process
    pool (``start_method``: ``fork``, ``spawn``, ``forkserver`` or the platform's
    default) of at most one process per task (``TASK_RUNS`` runs). ``progress(n)`` is
    called as ``n`` more runs are done. Interrupted (``KeyboardInterrupt``), the pool's
    queued tasks are cancelled and its workers end with the task they play.

    Raises:
        RunError: a run could not be played (the first one, in run order).
        KeyboardInterrupt: Ctrl-C.
    """
    tasks = _tasks(counts, runs)
    workers = min(workers, len(tasks))
    results: list[list[dict[str, Any]]] = []
    if workers <= 1:
        for players, indices in tasks:
            results.append([play_run(case, players, seed, run) for run in indices])
            if progress:
                progress(len(indices))
    else:
        context = multiprocessing.get_context(start_method)
        with ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_start_worker,
                                 initargs=(case,)) as pool:
            try:
                futures = [pool.submit(_play_task, players, seed, indices) for players, indices in tasks]
                for future, (_players, indices) in zip(futures, tasks):
                    results.append(future.result())
                    if progress:
                        progress(len(indices))
            except BaseException:       # Ctrl-C, or a run that failed: the queued tasks are not played
                pool.shutdown(wait=True, cancel_futures=True)
                raise
    return merge(results)
