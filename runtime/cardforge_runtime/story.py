"""The story's step semantics: the rules that change the game state.

``StoryRules.run`` is a generator that walks a story's cards step by step (text,
choice, challenge, roll, gain, lose, purchase, set, add, clear, if, battle, goto,
victory, defeat). Whenever it needs the players it yields a **request**
(``requests``) and receives the checked answer; it changes the state dict it was
given in place and appends what happened (dice, challenges, purchases) to
``events``. It knows nothing of saves, logs or rewinding: the ``Session`` does.

Rules followed (Gascony's Legacy): Story Cards and Navigating Story Cards (card text,
then its effect, then proceed), Event Cards (group choices, purchases), Challenges
and Dice Rolls (successes, Advantage/Disadvantage, Doom, Despair, 6-dice cap, Destiny
rerolls), Suffering Wounds, Healing Wounds and Fallen Characters, Objective (the
players lose when all Characters have Fallen or one Character has no more Health
tokens). All randomness comes from the ``Pcg32`` generator it is given.

The rules of their own concern live in their own modules, which this one calls:
``story_rolls`` (the ``challenge`` and ``roll`` steps: ``RollSteps``, the base class of
``StoryRules``), ``story_battle`` (the ``battle`` step, in Battle rounds or at the
table), ``rolls`` (one Character's Dice Roll and Destiny rerolls), ``wounds`` (Suffering
Wounds, Healing Wounds, Fallen Characters, the Objective's losses), ``between``
(Between Story Cards: the pack's Porter, selling, trading, paying for purchases) and
``party`` (who a step names, bars or can pick) and ``gains`` (a gain or lose applied
to the state).

Dependencies: ``dice``, ``pcg``, ``conditions``, ``format``, ``party``, ``story_rolls``,
``story_battle``, ``wounds``, ``between``, ``gains``, ``deck_play``, ``loot``; never ``session``.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Generator, Mapping
from typing import Any

from cardforge_runtime.between import between, purchase
from cardforge_runtime.deck_play import settle_hands
from cardforge_runtime.loot import start_draws
from cardforge_runtime.conditions import condition_env, evaluate_loaded
from cardforge_runtime.dice import DiceRule
from cardforge_runtime.errors import EngineError
from cardforge_runtime.format import apply_values
from cardforge_runtime import party
from cardforge_runtime.gains import apply_change
from cardforge_runtime.party import allowed
from cardforge_runtime.party import named as named_character
from cardforge_runtime.pcg import Pcg32
from cardforge_runtime.setup import character_count
from cardforge_runtime.story_battle import battle_step
from cardforge_runtime.story_rolls import RollSteps
from cardforge_runtime.trace import Observer, Path, step_paths
from cardforge_runtime.wounds import lost

__all__ = ["EngineError", "Outcome", "Play", "StoryRules", "effect_of"]

Request = dict[str, Any]
Answer = dict[str, Any]
#: How a run of steps ends: ``None`` (the steps ran out), ``("goto", card)`` or
#: ``("end", {"result", "text", "reason", "character"})``.
Outcome = tuple[Any, ...] | None
Play = Generator[Request, Answer, Outcome]


class StoryRules(RollSteps):
    """The rules of one story, applied to one game state.

    Args:
        pack, story: the bundle's pack and story (read, never changed).
        rule: the pack's dice rule.
        state: the game state (``state.initial_state``'s shape), changed in place.
        rng: the generator every random die comes from.
        deck_rng: the deck generator (stream 55) every shuffle comes from.
        difficulty: the pack's difficulty option in play (``{}``: the standard game).
        on_card: called whenever a new card is drawn, before its ``card`` request
            (the session takes its checkpoint there).
        battles: ``"engine"``: a ``battle`` step is played in Battle rounds
            (``battle.rounds``); ``"table"``: a ``battle`` request (played at the table).
        observer: told of each step, choice, condition and branch (``trace``), or
            ``None``.
        paths: ``trace.step_paths(story)`` when the caller has it already (else
            computed when there is an observer).

    Attributes:
        events: what happened since the session last emptied it: ``{"event":
            "roll" | "reroll" | "challenge" | "purchase", ...}`` (docs/runtime.md, Log).
    """

    def __init__(self, pack: Mapping[str, Any], story: Mapping[str, Any], rule: DiceRule, state: dict[str, Any],
                 rng: Pcg32, on_card: Callable[[], None], deck_rng: Pcg32 | None = None,
                 difficulty: Mapping[str, Any] | None = None, battles: str = "table",
                 observer: Observer | None = None, paths: dict[int, Path] | None = None,
                 cards: Mapping[int, Mapping[str, Any]] | None = None) -> None:
        self.pack = pack
        self.story = story
        # ``cards``: the story's cards by id, when the caller has it already (a session
        # and its forks make it once: O(cards) per fork on a story of thousands of cards)
        self.cards = cards if cards is not None else {card["id"]: card for card in story["cards"]}
        self.rule = rule
        self.tokens = {token["name"]: token for token in pack["status_tokens"]}
        self.state = state
        self.rng = rng
        self.on_card = on_card
        self.deck_rng = deck_rng if deck_rng is not None else Pcg32(0, 55)
        self.difficulty = dict(difficulty or {})
        self.severe = self.difficulty.get("severe_wounds", True)
        self.battles = battles
        self.events: list[dict[str, Any]] = []
        self.observer = observer
        self._paths: dict[int, Path] = paths if paths is not None else step_paths(story) if observer is not None else {}

    def _observe(self, event: str, node: Mapping[str, Any], value: Any = None) -> None:
        """Tell the observer (``trace``), if any, about ``node`` (a step or option)."""
        if self.observer is not None:
            self.observer(event, self._paths[id(node)], value)

    def _record(self, event: dict[str, Any]) -> None:
        """Append ``event`` to ``events`` (whichever list the session last gave it)."""
        self.events.append(event)

    # -- the interpreter --------------------------------------------------------

    def run(self, card_id: int | None) -> Play:
        """Play from the start of the story (``card_id`` ``None``: its introduction,
        then its start card) or from the start of ``card_id`` (a resumed session,
        whose checkpoint is already taken). Yields requests, receives checked
        answers; after the story ends, yields its ``end`` request forever.
        (Gascony's Legacy, Navigating Story Cards: card text, then its effect, then
        proceed.)"""
        resumed = card_id is not None
        if card_id is None:
            yield from start_draws(self.state, self.pack, self.difficulty, self.deck_rng, self._record)
            if self.story["introduction"]:
                yield {"kind": "text", "card": None, "text": self.story["introduction"]}
            card_id = self.story["start"]
        while True:
            self.state["card"] = card_id
            if not resumed:
                self.on_card()
            resumed = False
            card = self.cards[card_id]
            yield {"kind": "card", "card": card_id, "title": card["title"], "text": card["text"]}
            outcome = yield from self._steps(card["steps"], None)
            if outcome is None:
                outcome = _end("stuck", None, "no_way_on")
            if outcome[0] == "goto":
                yield from between(self.state, self.pack, self._record, card_id, outcome[1], self.deck_rng,
                                   difficulty=self.difficulty)
                card_id = outcome[1]
                continue
            ending = {"kind": "end", "card": card_id, **outcome[1]}
            self.state["result"] = ending["result"]
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
        card = self.state["card"]
        if self.observer is not None:
            self._observe("step", step)
        if kind == "text":
            yield {"kind": "text", "card": card, "text": step["text"]}
        elif kind == "choice":
            offered = [i for i, option in enumerate(step["options"])
                       if option["if"] is None or self._holds(option["if"], option)]
            if self.observer is not None:
                self._observe("offered", step, offered)
            if not offered:
                return _end("stuck", None, "no_option")
            answer = yield {"kind": "choice", "card": card,
                            "options": [{"option": i, "text": step["options"][i]["text"]} for i in offered]}
            option = step["options"][answer["option"]]
            if self.observer is not None:
                self._observe("branch", step, answer["option"])
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
            if kind == "lose" and step.get("items") and step["who"] == "one" and not party.holders(self.state, step["items"]):
                return _end("stuck", None, "not_held")
            targets = yield from self._targets(kind, step, actor)
            outcome = self._apply(kind, step, targets)
            if outcome is None and kind == "gain" and step.get("items"):
                yield from settle_hands(self.state, self.pack, self._record, targets)
            return outcome
        elif kind == "purchase":
            yield from purchase(self.state, self.pack, self._record, step, self.players_set_up(), self.deck_rng)
        elif kind in ("set", "add", "clear"):
            apply_values(kind, step["names"] if kind == "clear" else step["values"], self.state["flags"],
                         self.state["counters"], self.story["counters"])
        elif kind == "if":
            holds = self._holds(step["condition"], step)
            if self.observer is not None:
                self._observe("branch", step, "then" if holds else "else")
            return (yield from self._steps(step["then"] if holds else step["else"], actor))
        elif kind == "battle":
            return (yield from self._battle(step))
        elif kind == "goto":
            return ("goto", step["card"])
        elif kind in ("victory", "defeat"):
            return _end(kind, step["text"], "card")
        return None

    # -- Battles ----------------------------------------------------------------

    def _battle(self, step: dict[str, Any]) -> Play:
        """A ``battle`` step (``story_battle.battle_step``: in Battle rounds or at the
        table, as ``battles`` says); its outcome maps to the objective's ``goto`` or
        Victory, or Defeat with the reason (``battle_lost`` at the table, ``all_fallen``
        / ``no_health`` in Battle rounds)."""
        outcome = yield from battle_step(step, battles=self.battles, pack=self.pack, state=self.state,
                                         card_steps=self.cards[self.state["card"]]["steps"], rng=self.rng,
                                         deck_rng=self.deck_rng, difficulty=self.difficulty, record=self._record)
        if "lost" in outcome:
            return _end("defeat", None, outcome["lost"], outcome["character"])
        objective = step["objectives"][outcome["objective"]]
        if objective.get("goto") is not None:
            return ("goto", objective["goto"])
        return _end("victory", objective["victory"], "objective")

    # -- conditions -------------------------------------------------------------

    def _holds(self, tree: dict[str, Any], node: Mapping[str, Any]) -> bool:
        """Whether the condition ``tree`` of ``node`` (an option or an ``if`` step)
        holds now; the observer is told."""
        holds = bool(evaluate_loaded(tree, *condition_env(self.state, self.players_set_up())))
        if self.observer is not None:
            self._observe("condition", node, holds)
        return holds

    def players_set_up(self) -> int:
        """The number of players the game is set up for: what every per-player count
        and the ``players`` name of conditions count. Gascony's Legacy, Solo Play:
        "Set up the game for 2 players and take control of both Characters", so one
        player counts as the pack's ``players.solo_characters`` (2), however many
        Characters (up to 4) they control; otherwise the number of players
        (``cardforge_runtime.setup.players_set_up``), changed by the difficulty's
        ``character_count`` (the easier game: "Treat your Character count as 1 lower
        than the number of players"), never below 1: ``setup.character_count``, the
        count a Battle (``Scene.players_set_up``) and the story's effect table
        (``loot.StoryTable``) read too."""
        return character_count(self.pack, self.state["players"], self.difficulty)

    # -- Characters -------------------------------------------------------------

    def _one(self, step: Mapping[str, Any], actor: int | None, purpose: dict[str, Any], candidates: list[int],
             rolls: bool) -> Play:
        """The one Character a ``who: one`` step concerns: the named ``character``
        when it can; else (``otherwise: pick``, or no ``character``) the acting
        Character of the enclosing Challenge unless ``except`` bars them; else one
        the group picks among ``candidates`` less ``except``. ``None``: nobody (the
        named Character cannot and ``otherwise`` is ``skip``, or nobody is left to
        pick), and the step does nothing."""
        named = named_character(self.state, step, rolls)
        if isinstance(named, int):
            return named
        if named == "skip":
            return None
        if actor is not None and allowed(self.state, step, [actor]):
            return actor
        candidates = allowed(self.state, step, candidates)
        if not candidates:
            return None
        return (yield from self._pick(candidates, purpose))

    def _pick(self, candidates: list[int], purpose: dict[str, Any]) -> Play:
        """The Character the group picks among ``candidates`` (no request when only
        one can); ``purpose`` says what for (``{"for": "challenge", ...}``)."""
        if len(candidates) == 1:
            return candidates[0]
        answer = yield {"kind": "character", "card": self.state["card"], "characters": candidates, **purpose}
        return answer["character"]

    def _targets(self, kind: str, effect: dict[str, Any], actor: int | None) -> Play:
        """Who a gain/lose affects: the acting Character or one the group picks for
        ``who: one``, every Character for ``who: each``; coins need nobody. A
        ``who: one`` loss of items is taken from a holder: the acting Character when
        they hold the items, else one the group picks among the holders (standing
        ones first); ``_step`` has already refused the loss when nobody holds them."""
        if set(effect) & {"destiny", "health", "status", "items"} == set():
            return []
        everyone = list(range(len(self.state["characters"])))
        if effect["who"] == "each":
            return allowed(self.state, effect, everyone)
        holders = party.holders(self.state, effect["items"]) if kind == "lose" and effect.get("items") else None
        if holders is not None:
            # a loss of items is taken from a holder (docs/rulings.md, Losing an item)
            standing = [i for i in holders if not self.state["characters"][i]["fallen"]]
            candidates = allowed(self.state, effect, standing or holders)
            if actor is not None and actor not in holders:
                actor = None
        else:
            candidates = allowed(self.state, effect, everyone if kind == "gain" else (party.standing(self.state) or everyone))
        chosen = yield from self._one(effect, actor, {"for": kind, "effect": effect_of(effect)}, candidates, False)
        return [] if chosen is None else [chosen]

    def _apply(self, kind: str, effect: dict[str, Any], targets: list[int], times: int = 1) -> Outcome:
        """Apply a gain or lose ``times`` times (``gains.apply_change``); return an ending
        when the players lose after one of them."""
        for _ in range(times):
            apply_change(self.state, self.pack, kind, effect, targets, self.severe)
            ending = self._lost()
            if ending is not None:
                return ending
        return None

    def _lost(self) -> Outcome:
        """The ending when the players have lost (``wounds.lost``), else ``None``."""
        loss = lost(self.state["characters"])
        return None if loss is None else _end("defeat", None, *loss)


def _end(result: str, text: str | None, reason: str, character: int | None = None) -> Outcome:
    """How a story ends: ``result`` victory/defeat/stuck, the card's ``text`` (``None``
    when a rule ends it), the ``reason`` code and the Character it concerns."""
    return ("end", {"result": result, "text": text, "reason": reason, "character": character})


def effect_of(step: Mapping[str, Any]) -> dict[str, Any]:
    """The resources of a gain/lose step without its ``kind``: ``{"health": 1, "who": "one"}``."""
    return {key: copy.deepcopy(value) for key, value in step.items() if key != "kind"}
