"""Loot: drawing a Loot card, keeping it, using a card kept, and the easier game's
Loot at the start of a Story.

Rules followed (Gascony's Legacy): Loot cards ("Whenever a Character defeats an Enemy
with a melee attack, they draw a Loot card [...] healing items, new Equipment cards,
and Junk; useless cards that are simply discarded. Some Loot cards also award a
Character with Coins"); the Battle Round Example (Porthos "draws a Loot - Cross. He
discards it to regain one of his Destiny tokens"); Difficulty Adjustments ("Each
player draws 1 Loot card at the beginning of the Story"). A card's effects (format
1.5.0, ``{"kind": ..., ...}``) apply to the Character who drew or uses it (``you``),
played by the one effect interpreter (``cardforge_runtime.effects``) on the story's
table (``StoryTable``: Characters by index, no board and no Enemy). An effect that needs
a Battle's board (push, spawn...) is an ``EngineError`` outside a Battle; a Battle
draws its Loot through ``battle.attack``, on the same interpreter.

Dependencies: ``decks``, ``deck_play``, ``effects``, ``setup`` (``character_count``), ``battle.deck_access``.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from typing import Any

from cardforge_runtime import effects
from cardforge_runtime.battle.deck_access import GameDecks
from cardforge_runtime.deck_play import Record, deck_by_role, decks_in_play, difficulty_of, settle_hands
from cardforge_runtime.effects import Resolution
from cardforge_runtime.errors import EngineError
from cardforge_runtime.pcg import Pcg32
from cardforge_runtime.setup import character_count

__all__ = ["StoryTable", "draw_loot", "start_draws", "use_card", "use_kept"]

Request = dict[str, Any]


class StoryTable:
    """``effects.EffectTable`` outside a Battle: subjects are Character indices (events name
    them ``character``); ``you`` is the Character who drew or uses the card; there is
    no ``this`` (no Enemy) and no board, so a target rule, a board effect or a board
    predicate is an ``EngineError``.

    Args:
        state: the game state (changed in place).
        pack: the bundle pack (its ``decks``, ``players``).
        rng: the deck generator.
        record: where events go (the session's log).
        severe: Characters receive Severe Wounds (False in the easier game; also
            False when the ``difficulty`` option says ``severe_wounds: false``).
        difficulty: the name of the difficulty option in play (the ``difficulty``
            predicate; its ``character_count`` for ``players_set_up``), ``None``: the
            standard game.
    """

    subject_field = "character"

    def __init__(self, state: dict[str, Any], pack: Mapping[str, Any], rng: Pcg32, record: Record,
                 *, severe: bool = True, difficulty: str | None = None) -> None:
        self.game, self.pack, self._record = state, pack, record
        self.difficulty = difficulty
        self.option = difficulty_of(pack, difficulty)
        self.severe = severe and bool(self.option.get("severe_wounds", True))
        self.decks = GameDecks(state["decks"], decks_in_play(pack, state), rng)

    def players_set_up(self) -> int:
        """The Character count every per-player count and the ``condition``
        predicate's ``players`` read: ``setup.character_count`` (Solo Play counts 2,
        the easier game 1 fewer), the same as a Battle's ``Scene.players_set_up``."""
        return character_count(self.pack, self.game["players"], self.option)

    def record(self, event: dict[str, Any]) -> None:
        """Pass ``event`` to the session's log."""
        self._record(event)

    def subjects(self, who: Any, res: Resolution) -> Generator[Request, dict[str, Any], list[int]]:
        """``you``: the Character index the card concerns.

        Raises:
            EngineError: ``this`` or a target rule (they need a Battle).
        """
        if who == "you" and res.you is not None:
            return [res.you]
        raise EngineError(f"the effect names {who!r}, which needs a Battle; outside a Battle only 'you' is known")
        yield  # a generator

    def character_of(self, subject: int) -> dict[str, Any]:
        """The game state's Character ``subject``."""
        return self.game["characters"][subject]

    def character_index(self, subject: int) -> int:
        """Subjects are Character indices already."""
        return subject

    def wound_other(self, subject: Any, amount: int) -> str:
        """Never called: every subject outside a Battle is a Character."""
        raise EngineError("outside a Battle there is no Enemy to wound")

    def heal_other(self, subject: Any, amount: int) -> None:
        """Never called: every subject outside a Battle is a Character."""
        raise EngineError("outside a Battle there is no Enemy to heal")

    def holds(self, predicate: Any, res: Resolution) -> bool:
        """``effects.game_predicate``; a predicate of the board raises ``EngineError``."""
        you = self.game["characters"][res.you] if res.you is not None else None
        result = effects.game_predicate(self.game, predicate, you, self.difficulty,
                                        players=self.players_set_up())
        if result is None:
            raise EngineError(f"the predicate {predicate.get('kind')!r} needs a Battle's board")
        return result

    def pick(self, purpose: str, options: Sequence[Any], **more: Any) -> Generator[Request, dict[str, Any], Any]:
        """``effects.pick``: the players choose (``{"kind": "pick"}``, as in a Battle)."""
        return (yield from effects.pick(purpose, options, **more))

    def board_effect(self, kind: str) -> Any:
        """No board effect is played outside a Battle; ``cancel-wound`` and
        ``discard-weapon`` concern the Attack being answered, and outside a Battle
        none is: they do nothing, as in a Battle with no Attack (``None`` for the others)."""
        return _no_attack if kind in ("cancel-wound", "discard-weapon") else None


def _no_attack(table: StoryTable, effect: Mapping[str, Any], res: Resolution) -> Generator[Request, dict[str, Any], None]:
    table.record({"event": "no-attack", "effect": effect["kind"]})
    return
    yield  # a generator


def draw_loot(state: dict[str, Any], pack: Mapping[str, Any], index: int, rng: Pcg32, record: Record,
              *, severe: bool = True, deck: str | None = None, difficulty: str | None = None,
              ) -> Generator[Request, dict[str, Any], dict[str, Any] | None]:
    """Character ``index`` draws a Loot card from ``deck`` (default: the deck playing
    the ``loot`` role, ``deck_play.deck_by_role``; ``difficulty``: the option in play,
    for the ``difficulty`` predicate) and its ``effects`` apply to them
    (``effects.resolve_card`` on a ``StoryTable``). A card with ``keep: true`` is then
    held (its name in ``items``; its ``use`` effects apply when it is discarded to use
    it: ``use_card``) unless its effects reshuffled or boxed it; any other card goes to
    the discard pile (or where its effects put it). A card of the deck playing the
    ``equipment`` role is not resolved: the Character holds it (``effects.hold_card``,
    as a ``draw`` effect's Equipment card), within the hands carried. The caller then calls
    ``deck_play.settle_hands`` for the Character. Logged as ``{"event": "loot",
    "character", "card", "item", "kept"}`` after the card's own events. A generator:
    an effect may ask the players.

    Returns:
        ``{"card": id, "item": name, "kept": bool}``; ``None`` when there is no such
        deck or no card is left in it.

    Raises:
        EngineError: a card effect that needs a Battle (``effects.run``).
    """
    deck = deck or deck_by_role(pack, "loot")
    if deck is None or deck not in state["decks"]:
        return None
    table = StoryTable(state, pack, rng, record, severe=severe, difficulty=difficulty)
    card = table.decks.draw(deck)
    if card is None:
        return None
    data = table.decks.card(card)
    if deck == deck_by_role(pack, "equipment"):
        # an Equipment card is found, not resolved (as a ``draw`` effect's): the
        # Character holds it, then carries within its hands (``effects.hold_card``)
        record({"event": "card", "card": card, "name": data["name"], "portion": "effects", "you": index,
                "this": None, "fate": "keep"})
        yield from effects.hold_card(table, index, card)
        record({"event": "loot", "character": index, "card": card, "item": data["name"], "kept": True})
        return {"card": card, "item": data["name"], "kept": True}
    res = Resolution(index, None, card, "effects")
    yield from effects.resolve_card(table, card, res, fate="keep" if data.get("keep") else None)
    kept = bool(data.get("keep")) and res.fate == "discard"
    character = state["characters"][index]
    if kept:
        table.decks.hold(card)
        character["cards"].append(card)
        character["items"] = character["items"] + [data["name"]]
    record({"event": "loot", "character": index, "card": card, "item": data["name"], "kept": kept})
    return {"card": card, "item": data["name"], "kept": kept}


def use_kept(table: effects.EffectTable, subject: Any, card: str) -> Generator[Request, dict[str, Any], None]:
    """Character ``subject`` of ``table`` (a Character index on a ``StoryTable``, a
    Character figure id on a Battle's ``battle.effects.BattleTable``) discards the card
    ``card`` they kept, to use it: it leaves their ``cards`` and ``items``, its ``use``
    effects apply to them (``effects.resolve_card``, portion ``use``, ``you`` the
    subject), and it goes to the discard pile (unless an effect reshuffled or boxed it).
    Logged as ``{"event": "use", "character", "card", "item"}`` (in a Battle also
    ``"figure"``) after the card's own events. The one way a kept card is used, between
    Story cards (``use_card``) and in a Character turn (``battle.use``); Gascony's
    Legacy, Battle Round Example: "He discards it to regain one of his Destiny tokens".
    A generator: an effect may ask the players.

    Raises:
        ValueError: the Character does not hold ``card``, or it has nothing to use.
        EngineError: a card effect the table cannot play (``effects.run``).
    """
    character = table.character_of(subject)
    data = table.decks.card(card) if character is not None and card in character.get("cards", ()) else None
    if data is None or not data.get("use"):
        raise ValueError(f"{table.subject_field} {subject!r} holds no card {card!r} to use")
    character["cards"].remove(card)
    items = list(character["items"])
    items.remove(data["name"])
    character["items"] = items
    yield from effects.resolve_card(table, card, Resolution(subject, None, card, "use"))
    who = {} if table.subject_field == "character" else {table.subject_field: subject}
    table.record({"event": "use", **who, "character": table.character_index(subject), "card": card,
                  "item": data["name"]})


def use_card(state: dict[str, Any], pack: Mapping[str, Any], index: int, card: str, rng: Pcg32, record: Record,
             *, severe: bool = True, difficulty: str | None = None) -> Generator[Request, dict[str, Any], None]:
    """Between Story cards: Character ``index`` discards the Loot card ``card`` they
    kept to use it (``use_kept`` on a ``StoryTable``); ``difficulty``: the option in
    play (``StoryTable``: its predicate, Character count and Severe Wounds).

    Raises:
        ValueError: the Character does not hold ``card``, or it has nothing to use.
        EngineError: a card effect that needs a Battle (``effects.run``).
    """
    table = StoryTable(state, pack, rng, record, severe=severe, difficulty=difficulty)
    yield from use_kept(table, index, card)


def start_draws(state: dict[str, Any], pack: Mapping[str, Any], difficulty: Mapping[str, Any], rng: Pcg32,
                record: Record) -> Generator[dict[str, Any], dict[str, Any], None]:
    """The easier game: "Each player draws 1 Loot card at the beginning of the Story":
    the difficulty's ``start_draws`` (``{"deck", "per_character"}``; none: nothing),
    cards of that ``deck`` drawn by each Character in turn (``draw_loot``), then anyone
    over their hands leaves Equipment (``settle_hands``)."""
    draws = difficulty.get("start_draws")
    if not draws:
        return
    for index in range(len(state["characters"])):
        for _ in range(draws.get("per_character", 1)):
            yield from draw_loot(state, pack, index, rng, record, severe=difficulty.get("severe_wounds", True),
                                 deck=draws["deck"], difficulty=difficulty.get("name"))
    yield from settle_hands(state, pack, record)
