"""A playthrough of one story: the engine that interprets a bundle.

A ``Session`` walks a story's cards step by step. Whenever it needs the players it
stops and exposes a **request** (``session.pending``, plain JSON data); the front end
shows it and calls ``session.answer(...)`` with an **answer** (plain JSON data). A
wrong answer raises ``AnswerError`` and changes nothing. Every answer is appended to
``session.log`` with the dice rolled and the state it changed. The exact JSON of
every request and answer is in ``docs/runtime.md``.

Rules followed (Gascony's Legacy): Story Cards and Navigating Story Cards (card text,
then its effect, then proceed), Event Cards (group choices), Challenges and Dice Rolls
(successes, Advantage/Disadvantage, Doom, Despair, 6-dice cap, Destiny rerolls),
Suffering Wounds, Healing Wounds and Fallen Characters, Objective (the players lose
when all Characters have Fallen or one Character has no more Health tokens), Setup
and Solo Play (one Character per player; a solo player controls two or more).

All randomness comes from the session's ``Pcg32`` generator, seeded at the start, so
the same bundle, seed and answers give the same playthrough anywhere.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Generator, Mapping, Sequence
from typing import Any

from cardforge_runtime.answers import AnswerError, check_answer
from cardforge_runtime.bundle import Bundle
from cardforge_runtime.conditions import evaluate_condition
from cardforge_runtime.dice import DiceRule
from cardforge_runtime.format import apply_values
from cardforge_runtime.pcg import Pcg32
from cardforge_runtime.setup import SAVE_FORMAT, SAVE_VERSION, TRANSCRIPT_FORMAT, SessionError, check_save, check_setup

__all__ = ["Session"]

Request = dict[str, Any]
Answer = dict[str, Any]
#: How a run of steps ends: ``None`` (the steps ran out), ``("goto", card)`` or
#: ``("end", {"result", "text", "reason", "character"})``.
Outcome = tuple[Any, ...] | None
Play = Generator[Request, Answer, Outcome]


class Session:
    """One playthrough of one story of a bundle.

    Create it with ``Session.start`` (a new game) or ``Session.load`` (a saved one).

    Attributes (read-only; each returns a copy):
        pending: the request waiting for an answer (a dict with a ``kind``).
        state: the game state: ``pack``, ``story``, ``card`` (the current card, ``None``
            before the first), ``players``, ``coins``, ``flags``, ``counters``,
            ``characters`` (``name``, ``stats``, ``destiny``, ``destiny_max``, ``health``,
            ``health_max``, ``status``, ``items``, ``fallen``) and ``result``
            (``None``, ``"victory"``, ``"defeat"`` or ``"stuck"``).
        log: one entry per answer: ``{"request", "answer", "events", "changes"}``.
        finished: whether the story has ended (``pending["kind"] == "end"``).
        warnings: notes from ``load`` (the bundle changed since the save).
    """

    def __init__(self, bundle: Bundle, pack: dict[str, Any], story: dict[str, Any], setup: dict[str, Any]) -> None:
        self._bundle = bundle
        self._pack = pack
        self._story = story
        self._cards = {card["id"]: card for card in story["cards"]}
        self._rule = DiceRule.from_pack(pack)
        self._tokens = {token["name"]: token for token in pack["status_tokens"]}
        self._setup = setup
        self._rng = Pcg32(setup["seed"])
        self._state: dict[str, Any] = {}
        self._log: list[dict[str, Any]] = []
        self._events: list[dict[str, Any]] = []
        self._checkpoint: dict[str, Any] = {}
        self._since: list[Answer] = []
        self._pending: Request = {}
        self._answering = False
        self._program: Play | None = None
        self.warnings: list[str] = []

    # -- creating -------------------------------------------------------------

    @classmethod
    def start(cls, bundle: Bundle, story: str, *, players: int | None = None,
              characters: Sequence[str | Mapping[str, Any]] | None = None, seed: int = 0,
              pack: str | None = None) -> Session:
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
            seed: seeds the random generator, 0 to 2**64 - 1.
            pack: the pack id, needed only when two packs share the story id.

        Raises:
            SessionError: unknown story or Character, wrong counts, bad seed.
        """
        try:
            pack_data, story_data = bundle.find_story(story, pack)
        except KeyError as error:
            raise SessionError(error.args[0]) from None
        setup = {"players": players, "characters": characters, "seed": seed}
        setup = check_setup(pack_data, setup)
        session = cls(bundle, pack_data, story_data, setup)
        session._state = session._initial_state()
        session._begin(None)
        return session

    @classmethod
    def load(cls, bundle: Bundle, save: Mapping[str, Any] | str) -> Session:
        """Resume a session from ``save()``'s data (or its JSON text).

        When the bundle is the one the save was made with (same ``content_hash``), the
        session resumes exactly where it was. When the bundle was rebuilt since, the
        save still loads if its pack, story and current card still exist: play
        resumes at the start of the current card, with the state the players had when
        they drew it (flags and counters the story no longer declares are dropped; new
        ones take their starting value), and ``warnings`` says so.

        Raises:
            SessionError: not a save; a save of another story; or a story or card id
                the bundle no longer has (the message names each missing id).
        """
        data = check_save(save)
        refs = data["references"]
        try:
            pack_data, story_data = bundle.find_story(refs["story"], refs["pack"])
        except KeyError:
            pack_data = story_data = None
        missing = []
        if story_data is None:
            missing.append(f"story {refs['story']!r} of pack {refs['pack']!r}")
        else:
            ids = {card["id"] for card in story_data["cards"]}
            missing += [f"card {card} of story {refs['story']!r}" for card in refs["cards"] if card not in ids]
        if missing:
            raise SessionError(f"the save cannot be loaded into this bundle: it has no {', no '.join(missing)}")
        assert pack_data is not None and story_data is not None
        setup = check_setup(pack_data, data["setup"])
        session = cls(bundle, pack_data, story_data, setup)
        if data["content_hash"] == bundle.content_hash:
            # The same bundle: replay every answer from the start, and require the
            # replay to give back this very save (so an edited save is refused).
            session._state = session._initial_state()
            session._begin(None)
            for number, entry in enumerate(data["log"]):
                answer = entry.get("answer") if isinstance(entry, Mapping) else None
                try:
                    session.answer(answer)
                except AnswerError as error:
                    raise SessionError(f"the save does not replay on this bundle (answer {number + 1}: {error.reason})") from None
                if session.finished and number + 1 < len(data["log"]):
                    raise SessionError("the save does not replay on this bundle: the story ends before its last answer")
            if _as_json(session.save()) != _as_json(data):
                raise SessionError("the save does not replay to itself: it was edited, or made by another engine")
            return session
        checkpoint = data["checkpoint"]
        session._state = session._checked_state(checkpoint["state"], refs)
        session._rng = Pcg32.from_json(checkpoint["rng"])
        session._log = copy.deepcopy(data["log"][: checkpoint["log_length"]])
        card = session._state["card"]
        session.warnings.append(
            f"the bundle changed since this save ({data['content_hash'][:15]}... -> {bundle.content_hash[:15]}...): "
            + (f"resuming at the start of card {card}" if card is not None else "resuming at the start of the story")
            + (f"; {len(data['answers'])} answer(s) given on that card are not replayed" if data["answers"] else "")
        )
        session._begin(card)
        return session

    def _initial_state(self) -> dict[str, Any]:
        characters = [
            {
                "name": board["name"],
                "stats": dict(board["stats"]),
                "destiny": board["destiny"],
                "destiny_max": board["destiny"],
                "health": board["health"],
                "health_max": board["health"],
                "status": [],
                "items": list(board.get("items", [])),
                "fallen": False,
            }
            for board in self._setup["characters"]
        ]
        return {
            "pack": self._pack["id"],
            "story": self._story["id"],
            "card": None,
            "players": self._setup["players"],
            "coins": 0,
            "flags": {flag: False for flag in self._story["flags"]},
            "counters": dict(self._story["counters"]),
            "characters": characters,
            "result": None,
        }

    def _begin(self, card: int | None, checkpoint: dict[str, Any] | None = None) -> None:
        """Run from the start of the story (``card`` None) or of ``card``, whose
        ``checkpoint`` (state and generator when it was drawn) is already restored."""
        self._checkpoint = checkpoint or self._snapshot()
        self._since = []
        self._answering = False
        self._program = self._run(card)
        self._pending = next(self._program)

    def _snapshot(self) -> dict[str, Any]:
        """The state and generator now, and how many log entries precede this point
        (the answer being handled counts: it is logged once its changes are known)."""
        return {"state": copy.deepcopy(self._state), "rng": self._rng.to_json(),
                "log_length": len(self._log) + (1 if self._answering else 0)}

    # -- the public surface ---------------------------------------------------

    @property
    def pending(self) -> Request:
        """The request waiting for an answer (docs/runtime.md, Requests and answers)."""
        return copy.deepcopy(self._pending)

    @property
    def state(self) -> dict[str, Any]:
        """The game state (docs/runtime.md, State)."""
        return copy.deepcopy(self._state)

    @property
    def log(self) -> list[dict[str, Any]]:
        """Every log entry so far, oldest first."""
        return copy.deepcopy(self._log)

    @property
    def finished(self) -> bool:
        """Whether the story has ended (the pending request is ``end``)."""
        return self._pending.get("kind") == "end"

    @property
    def seed(self) -> int:
        """The seed of the session's generator."""
        return self._setup["seed"]

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
        check_answer(self._pending, answer, self._rule)

    def answer(self, answer: Mapping[str, Any]) -> dict[str, Any]:
        """Answer the pending request and run on to the next one.

        Args:
            answer: a JSON object fitting ``pending`` (docs/runtime.md, Answers).

        Returns:
            The log entry just appended: ``{"request", "answer", "events",
            "changes"}``; ``events`` lists dice rolled and challenges resolved,
            ``changes`` every state value that changed (``{"path": "/coins", "from":
            0, "to": 3}``). The next request is then ``pending``.

        Raises:
            AnswerError: the answer does not fit (the session is unchanged).
        """
        request = self._pending
        checked = check_answer(request, answer, self._rule)
        assert self._program is not None
        before = copy.deepcopy(self._state)
        checkpoint, since = self._checkpoint, list(self._since)
        self._events = []
        self._since.append(copy.deepcopy(dict(answer)))
        self._answering = True
        try:
            self._pending = self._program.send(checked)
        except Exception as error:  # noqa: BLE001 - a bug, or a bundle the checks let through: undo
            self._answering = False
            self._rewind(checkpoint, since)
            raise AnswerError(f"the engine could not apply this answer ({type(error).__name__}: {error}); "
                              "nothing changed") from error
        finally:
            self._answering = False
        entry = {
            "request": copy.deepcopy(request),
            "answer": copy.deepcopy(dict(answer)),
            "events": self._events,
            "changes": _diff(before, self._state),
        }
        self._log.append(entry)
        return copy.deepcopy(entry)

    def _rewind(self, checkpoint: dict[str, Any], since: list[Answer]) -> None:
        """Go back to ``checkpoint`` and replay ``since``: the session as it was."""
        self._state = copy.deepcopy(checkpoint["state"])
        self._rng = Pcg32.from_json(checkpoint["rng"])
        self._log = self._log[: checkpoint["log_length"]]
        self._begin(self._state["card"], copy.deepcopy(checkpoint))
        for answer in since:
            self.answer(answer)

    def save(self) -> dict[str, Any]:
        """The whole session as JSON data, for ``Session.load``.

        Holds the bundle's ``content_hash``, the ids it refers to (``references``:
        pack, story and current card), the setup (players, Characters, seed), the
        state and generator at the moment the current card was drawn
        (``checkpoint``), the answers given since, and the log.
        """
        card = self._checkpoint["state"]["card"]
        return copy.deepcopy({
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "content_hash": self._bundle.content_hash,
            "references": {"pack": self._pack["id"], "story": self._story["id"], "cards": [] if card is None else [card]},
            "setup": self._setup,
            "checkpoint": self._checkpoint,
            "answers": self._since,
            "log": self._log,
        })

    def transcript(self) -> dict[str, Any]:
        """The playthrough so far as a conformance transcript (docs/runtime.md,
        Conformance transcripts): ``{"format": "cardforge-transcript", "version": 1,
        "content_hash", "pack", "story", "setup", "initial_state", "steps": [log
        entries], "pending": the request now waiting}``. Another engine that starts
        from ``setup`` and gives the ``answer`` of each step must produce the same
        requests, events and changes."""
        fresh = Session.start(self._bundle, self._story["id"], players=self._setup["players"],
                              characters=self._setup["characters"], seed=self._setup["seed"], pack=self._pack["id"])
        return copy.deepcopy({
            "format": TRANSCRIPT_FORMAT,
            "version": SAVE_VERSION,
            "content_hash": self._bundle.content_hash,
            "pack": self._pack["id"],
            "story": self._story["id"],
            "setup": self._setup,
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

    # -- the interpreter --------------------------------------------------------

    def _run(self, card_id: int | None) -> Play:
        resumed = card_id is not None
        if card_id is None:
            if self._story["introduction"]:
                yield {"kind": "text", "card": None, "text": self._story["introduction"]}
            card_id = self._story["start"]
        while True:
            self._state["card"] = card_id
            if not resumed:
                self._checkpoint = self._snapshot()
                self._since = []
            resumed = False
            card = self._cards[card_id]
            yield {"kind": "card", "card": card_id, "title": card["title"], "text": card["text"]}
            outcome = yield from self._steps(card["steps"], None)
            if outcome is None:
                outcome = _end("stuck", None, "no_way_on")
            if outcome[0] == "goto":
                card_id = outcome[1]
                continue
            ending = {"kind": "end", "card": card_id, **outcome[1]}
            self._state["result"] = ending["result"]
            while True:
                yield ending

    def _steps(self, steps: list[dict[str, Any]], actor: int | None) -> Play:
        for step in steps:
            outcome = yield from self._step(step, actor)
            if outcome is not None:
                return outcome
        return None

    def _step(self, step: dict[str, Any], actor: int | None) -> Play:
        kind = step["kind"]
        card = self._state["card"]
        if kind == "text":
            yield {"kind": "text", "card": card, "text": step["text"]}
        elif kind == "choice":
            offered = [i for i, option in enumerate(step["options"])
                       if option["if"] is None or self._holds(option["if"])]
            if not offered:
                return _end("stuck", None, "no_option")
            answer = yield {"kind": "choice", "card": card,
                            "options": [{"option": i, "text": step["options"][i]["text"]} for i in offered]}
            option = step["options"][answer["option"]]
            outcome = yield from self._steps(option["steps"], actor)
            if outcome is not None:
                return outcome
            if option["goto"] is not None:
                return ("goto", option["goto"])
        elif kind == "challenge":
            return (yield from self._challenge(step, actor))
        elif kind == "roll":
            return (yield from self._roll_step(step, actor))
        elif kind in ("gain", "lose"):
            targets = yield from self._targets(kind, step, actor)
            return self._apply(kind, step, targets)
        elif kind == "purchase":
            return (yield from self._purchase(step))
        elif kind in ("set", "add", "clear"):
            apply_values(kind, step["names"] if kind == "clear" else step["values"], self._state["flags"],
                         self._state["counters"], self._story["counters"])
        elif kind == "if":
            branch = step["then"] if self._holds(step["condition"]) else step["else"]
            return (yield from self._steps(branch, actor))
        elif kind == "battle":
            objectives = [
                {"objective": i, "text": o["objective"], "goto": o.get("goto"), "victory": o.get("goto") is None}
                for i, o in enumerate(step["objectives"])
            ]
            answer = yield {"kind": "battle", "card": card, "layout": step["layout"], "objectives": objectives}
            if answer.get("lost"):
                return _end("defeat", None, "battle_lost")
            objective = step["objectives"][answer["objective"]]
            if objective.get("goto") is not None:
                return ("goto", objective["goto"])
            return _end("victory", objective["victory"], "objective")
        elif kind == "goto":
            return ("goto", step["card"])
        elif kind in ("victory", "defeat"):
            return _end(kind, step["text"], "card")
        return None

    # -- conditions -------------------------------------------------------------

    def _holds(self, tree: dict[str, Any]) -> bool:
        state = self._state
        names: dict[str, Any] = {**state["flags"], **state["counters"], "players": state["players"],
                                 "characters": len(state["characters"]), "coins": state["coins"]}
        functions = {
            "has": lambda item: any(item in c["items"] for c in state["characters"]),
            "status": lambda token: any(token in c["status"] for c in state["characters"]),
        }
        return bool(evaluate_condition(tree, names, functions))

    # -- Characters -------------------------------------------------------------

    def _standing(self) -> list[int]:
        """Characters who have not Fallen, in order."""
        return [i for i, c in enumerate(self._state["characters"]) if not c["fallen"]]

    def _pick(self, candidates: list[int], purpose: dict[str, Any]) -> Play:
        """The Character the group picks among ``candidates`` (no request when only
        one can); ``purpose`` says what for (``{"for": "challenge", ...}``)."""
        if len(candidates) == 1:
            return candidates[0]
        answer = yield {"kind": "character", "card": self._state["card"], "characters": candidates, **purpose}
        return answer["character"]

    def _targets(self, kind: str, effect: dict[str, Any], actor: int | None) -> Play:
        """Who a gain/lose affects: the acting Character or one the group picks for
        ``who: one``, every Character for ``who: each``; coins need nobody."""
        if set(effect) & {"destiny", "health", "status", "items"} == set():
            return []
        everyone = list(range(len(self._state["characters"])))
        if effect["who"] == "each":
            return everyone
        if actor is not None:
            return [actor]
        candidates = everyone if kind == "gain" else (self._standing() or everyone)
        chosen = yield from self._pick(candidates, {"for": kind, "effect": effect_of(effect)})
        return [chosen]

    def _apply(self, kind: str, effect: dict[str, Any], targets: list[int], times: int = 1) -> Outcome:
        """Apply a gain or lose ``times`` times; return an ending when the players lose."""
        state = self._state
        sign = 1 if kind == "gain" else -1
        for _ in range(times):
            if "coins" in effect:
                state["coins"] = max(0, state["coins"] + sign * effect["coins"])
            for index in targets:
                character = state["characters"][index]
                if "destiny" in effect:
                    character["destiny"] = max(0, min(character["destiny_max"], character["destiny"] + sign * effect["destiny"]))
                for token in effect.get("status", []):
                    if kind == "gain" and token not in character["status"]:
                        character["status"] = sorted(character["status"] + [token])
                    elif kind == "lose" and token in character["status"]:
                        character["status"] = [t for t in character["status"] if t != token]
                for item in effect.get("items", []):
                    if kind == "gain":
                        character["items"] = character["items"] + [item]
                    elif item in character["items"]:
                        items = list(character["items"])
                        items.remove(item)
                        character["items"] = items
                if "health" in effect:
                    if kind == "gain":
                        self._heal(character, effect["health"])
                    else:
                        self._wound(character, effect["health"])
            ending = self._lost()
            if ending is not None:
                return ending
        return None

    @staticmethod
    def _heal(character: dict[str, Any], wounds: int) -> None:
        """Gascony's Legacy, Healing Wounds: flip up to ``wounds`` Health tokens back;
        a Fallen Character who heals stands up again (as Rescue a Fallen Ally does)."""
        character["health"] = min(character["health_max"], character["health"] + wounds)
        if character["fallen"] and character["health"] > 0:
            character["fallen"] = False

    @staticmethod
    def _wound(character: dict[str, Any], wounds: int) -> None:
        """Gascony's Legacy, Suffering Wounds: each Wound flips a Health token; when
        none is left, one token goes back to the box (maximum health - 1) and the
        Character has Fallen. A Fallen Character suffers no more Wounds."""
        for _ in range(wounds):
            if character["fallen"]:
                return
            character["health"] -= 1
            if character["health"] == 0:
                character["health_max"] -= 1
                character["fallen"] = True

    def _lost(self) -> Outcome:
        """Gascony's Legacy, Objective: the players lose when one Character has no more
        Health tokens, or all Characters have Fallen."""
        characters = self._state["characters"]
        for character in characters:
            if character["health_max"] <= 0:
                return _end("defeat", None, "no_health", characters.index(character))
        if all(c["fallen"] for c in characters):
            return _end("defeat", None, "all_fallen")
        return None

    # -- dice -------------------------------------------------------------------

    def _roll(self, index: int, stat: str, purpose: str, target: int | None, so_far: int = 0) -> Play:
        """One Character rolls for ``stat``, then may spend Destiny to reroll (Gascony's
        Legacy, Dice Rolls). Returns the Successes."""
        character = self._state["characters"][index]
        modifier = sum(self._tokens[t]["dice_modifier"] for t in character["status"] if t in self._tokens)
        doom = any("six_counts" in self._tokens[t] for t in character["status"] if t in self._tokens)
        dice = self._rule.dice_count(character["stats"][stat], modifier)
        request = {"kind": "roll", "card": self._state["card"], "character": index, "stat": stat, "dice": dice,
                   "advantage": False, "disadvantage": False, "doom": doom, "for": purpose, "target": target,
                   "so_far": so_far}
        answer = yield request
        advantage, disadvantage = answer.get("advantage", False), answer.get("disadvantage", False)
        faces = list(answer["faces"]) if "faces" in answer else [self._rng.die(self._rule.sides) for _ in range(dice)]
        successes = self._rule.successes(faces, advantage=advantage, disadvantage=disadvantage, doom=doom)
        self._events.append({"event": "roll", "character": index, "stat": stat, "faces": list(faces), "successes": successes})
        while dice and character["destiny"] > 0 and not (target is not None and so_far + successes >= target):
            answer = yield {**request, "kind": "reroll", "faces": list(faces), "successes": successes,
                            "advantage": advantage, "disadvantage": disadvantage, "destiny": character["destiny"]}
            if answer.get("keep"):
                break
            character["destiny"] -= 1
            chosen = answer["reroll"]
            new = list(answer["faces"]) if "faces" in answer else [self._rng.die(self._rule.sides) for _ in chosen]
            replaced = dict(zip(chosen, new))
            faces = [replaced.get(position, face) for position, face in enumerate(faces)]
            successes = self._rule.successes(faces, advantage=advantage, disadvantage=disadvantage, doom=doom)
            self._events.append({"event": "reroll", "character": index, "dice": chosen, "faces": list(faces),
                                 "successes": successes})
        return successes

    def _challenge(self, step: dict[str, Any], actor: int | None) -> Play:
        """An "n-Stat Challenge" (Gascony's Legacy, Challenges)."""
        stat, target, who = step["stat"], step["successes"], step["who"]
        if who == "each":
            for index in list(range(len(self._state["characters"]))):
                if self._state["characters"][index]["fallen"]:
                    continue
                successes = yield from self._roll(index, stat, "challenge", target)
                outcome = yield from self._resolve(step, successes, index)
                if outcome is not None:
                    return outcome
            return None
        if who == "all":
            total = 0
            for index in self._standing():
                total += yield from self._roll(index, stat, "challenge", target, total)
            return (yield from self._resolve(step, total, actor))
        if actor is None:
            actor = yield from self._pick(self._standing(), {"for": "challenge", "stat": stat, "successes": target})
        successes = yield from self._roll(actor, stat, "challenge", target)
        return (yield from self._resolve(step, successes, actor))

    def _resolve(self, step: dict[str, Any], successes: int, actor: int | None) -> Play:
        passed = successes >= step["successes"]
        self._events.append({"event": "challenge", "stat": step["stat"], "target": step["successes"], "character": actor,
                             "successes": successes, "passed": passed})
        return (yield from self._steps(step["pass"] if passed else step["fail"], actor))

    def _roll_step(self, step: dict[str, Any], actor: int | None) -> Play:
        """A ``roll``: apply ``per_success`` once per Success. With ``who: one`` or
        ``each`` the effect goes to the Character who rolled (coins to the party); with
        ``all`` the Successes are added up and the effect's own ``who`` applies."""
        kind = "gain" if "gain" in step["per_success"] else "lose"
        effect = step["per_success"][kind]
        stat, who = step["stat"], step["who"]
        if who == "all":
            total = 0
            for index in self._standing():
                total += yield from self._roll(index, stat, "roll", None, total)
            if total == 0:
                return None
            targets = yield from self._targets(kind, effect, actor)
            return self._apply(kind, effect, targets, total)
        if who == "one":
            if actor is None:
                actor = yield from self._pick(self._standing(), {"for": "roll", "stat": stat})
            rollers = [actor]
        else:
            rollers = list(range(len(self._state["characters"])))
        for index in rollers:
            if self._state["characters"][index]["fallen"]:
                continue
            successes = yield from self._roll(index, stat, "roll", None)
            ending = self._apply(kind, effect, [index], successes) if successes else None
            if ending is not None:
                return ending
        return None

    # -- purchases --------------------------------------------------------------

    def _purchase(self, step: dict[str, Any]) -> Play:
        """Players may purchase these (Gascony's Legacy, Event Cards): fixed offers
        and/or cards drawn from a deck the front end holds."""
        offers = step.get("offers", [])
        deck = step.get("deck")
        draw = step.get("per_player", 1) * self._state["players"] if deck is not None else 0
        answer = yield {"kind": "purchase", "card": self._state["card"], "coins": self._state["coins"],
                        "offers": [{"offer": i, "item": o["item"], "cost": o["cost"]} for i, o in enumerate(offers)],
                        "deck": deck, "draw": draw, "characters": list(range(len(self._state["characters"])))}
        for buy in answer["buy"]:
            bought = offers[buy["offer"]] if "offer" in buy else buy
            item, cost = bought["item"], bought["cost"]
            index = buy.get("character", 0)
            self._state["coins"] -= cost
            character = self._state["characters"][index]
            character["items"] = character["items"] + [item]
            self._events.append({"event": "purchase", "character": index, "item": item, "cost": cost})
        return None

    # -- saves ------------------------------------------------------------------

    def _checked_state(self, state: Any, refs: Mapping[str, Any]) -> dict[str, Any]:
        """A save's checkpoint state, checked against the setup and the (rebuilt) story
        and fitted to it: flags and counters the story no longer declares are dropped,
        new ones take their starting value.

        Raises:
            SessionError: any value this engine could not play from.
        """
        def whole(value: Any, low: int, high: int) -> bool:
            return type(value) is int and low <= value <= high

        boards = self._setup["characters"]
        try:
            ok = (state["pack"] == refs["pack"] and state["story"] == refs["story"] and state["result"] is None
                  and (state["card"] is None or (type(state["card"]) is int and state["card"] in self._cards))
                  and state["players"] == self._setup["players"] and whole(state["coins"], 0, 10**12)
                  and all(type(k) is str and type(v) is bool for k, v in state["flags"].items())
                  and all(type(k) is str and type(v) is int for k, v in state["counters"].items())
                  and isinstance(state["characters"], list) and len(state["characters"]) == len(boards))
            for character, board in zip(state["characters"] if ok else [], boards):
                ok = ok and (character["name"] == board["name"] and character["stats"] == board["stats"]
                             and character["destiny_max"] == board["destiny"]
                             and whole(character["destiny"], 0, board["destiny"])
                             and whole(character["health_max"], 1, board["health"])
                             and whole(character["health"], 0, character["health_max"])
                             and type(character["fallen"]) is bool and character["fallen"] == (character["health"] == 0)
                             and isinstance(character["status"], list) and character["status"] == sorted(set(character["status"]))
                             and all(token in self._tokens for token in character["status"])
                             and isinstance(character["items"], list) and all(type(i) is str for i in character["items"]))
            ok = ok and not all(c["fallen"] for c in state["characters"])    # the story would have ended
        except (KeyError, TypeError, AttributeError):
            ok = False
        if not ok:
            raise SessionError("the save's checkpoint state is damaged")
        state = copy.deepcopy(dict(state))
        state["flags"] = {f: state["flags"].get(f, False) for f in self._story["flags"]}
        state["counters"] = {name: state["counters"].get(name, start) for name, start in self._story["counters"].items()}
        return state


def _as_json(data: Any) -> Any:
    """``data`` as JSON would give it back (tuples become lists; other values kept)."""
    try:
        return json.loads(json.dumps(data))
    except (TypeError, ValueError, RecursionError):
        return None


def _end(result: str, text: str | None, reason: str, character: int | None = None) -> Outcome:
    """How a story ends: ``result`` victory/defeat/stuck, the card's ``text`` (``None``
    when a rule ends it), the ``reason`` code and the Character it concerns."""
    return ("end", {"result": result, "text": text, "reason": reason, "character": character})


def effect_of(step: Mapping[str, Any]) -> dict[str, Any]:
    """The resources of a gain/lose step without its ``kind``: ``{"health": 1, "who": "one"}``."""
    return {key: copy.deepcopy(value) for key, value in step.items() if key != "kind"}


def _diff(before: Any, after: Any, path: str = "") -> list[dict[str, Any]]:
    """Every value that differs, as ``{"path", "from", "to"}`` with JSON-Pointer paths,
    in key order. Lists of Characters are compared position by position; other lists
    (status tokens, items) as whole values."""
    if isinstance(before, dict) and isinstance(after, dict):
        changes = []
        for key in sorted(set(before) | set(after)):
            changes += _diff(before.get(key), after.get(key), f"{path}/{key}")
        return changes
    if path == "/characters" and isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        changes = []
        for i, (old, new) in enumerate(zip(before, after)):
            changes += _diff(old, new, f"{path}/{i}")
        return changes
    return [] if before == after else [{"path": path, "from": before, "to": after}]
