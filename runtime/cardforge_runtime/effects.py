"""The effect interpreter: the one place that says what each effect of a card or an
ability does.

An effect list (bundle 1.5.0) is a list of objects ``{"kind": <effect>, ...params}``
from the closed vocabulary of ``effect_fields`` (docs/format.md, Effects). ``run``
plays one list as a generator in the manner of ``story``: it yields requests where
the players choose and never picks silently.

This module owns the meaning of every effect that needs no board: ``gain`` / ``lose``
(coins to the party; Destiny within 0..maximum; Health healed or suffered; status
tokens; items by name, with the deck card behind an item: ``deck_play.gain_card`` /
``lose_card``, as a story's steps), ``heal``, ``wound``, ``status`` (with ``if_held``),
``remove-status``, ``draw``, ``reshuffle``, ``return-to-box`` and ``if``. Where the
effects are played is a ``EffectTable``: the Battle's (``battle.effects``: figures on a
board, which adds the board's effects: ``activate``, ``spawn``, ``move``, ``push``,
``place``, ``attack``, ``cancel-wound``, ``discard-weapon``) or the story's
(``loot.StoryTable``: a story's start Loot draws, a kept card used between Story
cards: Characters by index, no board, no Enemy). The table says whom ``who`` names,
which subjects are Characters, how an Enemy is Wounded or healed, and whether an
``if`` predicate holds (the predicates that need no board, and whether a status token
stacks, are ``effect_predicates``'; ``game_predicate`` and ``stacks`` are importable
from here too); an effect the table cannot play is an ``EngineError``.

``resolve_card`` plays a drawn card (its ``effects``, ``use`` or the ``threat`` /
``reaction`` portion of a Threat card) and then puts it where it goes: the discard
pile, unless an effect said ``return-to-box`` (the box; it never comes back) or
``reshuffle`` (the discard pile and the card itself back into the draw pile,
shuffled). ``draw_and_resolve`` draws first, in a chain that never draws a card twice
(``draw_chain``: every chain of draws is finite). The card a ``draw`` takes resolves
``draw_chain.drawn_portion``: a plain deck's card its ``effects``, a Threat card the
``portion`` named, else the drawing card's own ``threat`` / ``reaction`` portion (a
draw into a Threat deck from a Reaction or Loot card that names none is an
``EngineError``; lint ``CF837``). A ``draw`` from the deck playing the
``equipment`` role does not resolve the card: the Character (``you``) holds it
(``hold_card``: its ``cards`` and ``items``, then within the pack's ``carry.hands``;
Loot cards: "new Equipment cards"; Fallen Foe's Blade, "Draw 1 Equipment card"), in a
Battle or outside one.

Rule sources: Gascony's Legacy, "Enemy Reaction cards" ("Duck!": "Reshuffle the
Deck"), "Loot cards", "Named Enemies" ("Guards!", "Doom"), "Status Banner tokens" ("A
Character can only have one of each Status token at a time", unless the token
``stacks``: Enemy Attack, Poison, "Each Fatigue token you have..."), "Suffering Wounds",
"Healing Wounds", "Destiny". Rulings: docs/rulings.md, "Attacks".

Dependencies: ``deck_play`` (roles, hands), ``decks``, ``draw_chain``, ``effect_fields``,
``effect_predicates``, ``format`` (coins), ``wounds``.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from cardforge_runtime.deck_play import deck_by_role, settle_hands
from cardforge_runtime.decks import deck_of
from cardforge_runtime.draw_chain import draw_in_chain, drawn_portion
from cardforge_runtime.effect_fields import EFFECTS, effect_defaults
from cardforge_runtime.effect_predicates import game_predicate, stacks
from cardforge_runtime.errors import EngineError
from cardforge_runtime.gains import apply_change
from cardforge_runtime.wounds import heal, wound

__all__ = ["TURN_EFFECTS", "DeckAccess", "Play", "Resolution", "EffectTable", "draw_and_resolve", "game_predicate", "pick",
           "hold_card", "resolve_card", "run", "stacks", "wound_subject"]

Request = dict[str, Any]
Play = Generator[Request, dict[str, Any], None]

#: Effects of a Character's own turn (Stones of Chance, abilities): the Character turn
#: plays them (issue 10); a Reaction, Loot or Threat card cannot hold them.
TURN_EFFECTS = frozenset({"auto-successes", "extra-attack-die", "second-attack", "move-bonus", "prepare",
                          "use-ability", "any-face"})
assert TURN_EFFECTS <= set(EFFECTS), "the Character-turn effects are effects of the vocabulary"


@dataclass
class Resolution:
    """The card being resolved and whom it concerns.

    Attributes:
        you: the subject the card concerns (a Character figure id in a Battle, a
            Character index in the story), or ``None``.
        this: the Enemy / Named Enemy figure id resolving the card, or ``None``.
        card: the card instance id (``"Reaction#7"``), or ``None`` for effects of no card.
        portion: ``"effects"``, ``"use"``, ``"threat"`` or ``"reaction"``.
        attack: the Attack being answered (``battle.attack.Attack``) for ``cancel-wound``
            and ``discard-weapon``, or ``None``.
        fate: where the card goes after it: ``"discard"``, ``"box"`` or ``"reshuffle"``.
        chain: the card ids drawn or resolved in this chain of draws (``draw_chain``),
            shared by the Resolutions of the cards it draws; a new list: a new chain.
    """

    you: int | None = None
    this: int | None = None
    card: str | None = None
    portion: str = "effects"
    attack: Any = None
    fate: str = "discard"
    chain: list[str] = field(default_factory=list)


class DeckAccess(Protocol):
    """The deck engine's operations the effects use (``battle.deck_access.GameDecks``
    on the game state's piles; docs/runtime.md, "Attacks", the deck interface)."""

    def draw(self, deck: str) -> str | None: ...
    def put_back(self, card: str) -> None: ...
    def discard(self, card: str) -> None: ...
    def to_box(self, card: str) -> None: ...
    def reshuffle(self, card: str) -> None: ...
    def hold(self, card: str) -> None: ...
    def card(self, card: str) -> Mapping[str, Any]: ...


class EffectTable(Protocol):
    """Where effects are played (module docstring).

    Attributes:
        game: the game state (``state.initial_state``'s shape), changed in place.
        pack: the bundle pack (its ``decks`` roles, ``status_tokens``, ``carry``).
        decks: the deck engine (``DeckAccess``).
        severe: Characters receive Severe Wounds (False in the easier game).
        subject_field: the events' name for one subject (``"figure"`` or ``"character"``).
    """

    game: dict[str, Any]
    pack: Mapping[str, Any]
    decks: DeckAccess
    severe: bool
    subject_field: str

    def record(self, event: dict[str, Any]) -> None: ...
    def subjects(self, who: Any, res: Resolution) -> Generator[Request, dict[str, Any], list[Any]]: ...
    def character_of(self, subject: Any) -> dict[str, Any] | None: ...
    def character_index(self, subject: Any) -> int: ...
    def wound_other(self, subject: Any, amount: int) -> str: ...
    def heal_other(self, subject: Any, amount: int) -> None: ...
    def holds(self, predicate: Any, res: Resolution) -> bool: ...
    def pick(self, purpose: str, options: Sequence[Any], **more: Any) -> Generator[Request, dict[str, Any], Any]: ...
    def board_effect(self, kind: str) -> Any: ...


def pick(purpose: str, options: Sequence[Any], **more: Any) -> Generator[Request, dict[str, Any], Any]:
    """The players choose one of ``options`` (a Battle's and a story's table alike):
    yields ``{"kind": "pick", "for": purpose, "options": [...], **more}`` when there
    are two or more and returns the answer's ``pick``; returns the only option without
    asking; ``None`` when there is none. The answer is checked by
    ``battle.answers.check_pick``."""
    if not options:
        return None
    if len(options) == 1:
        return options[0]
    answer = yield {"kind": "pick", "for": purpose, "options": list(options), **more}
    return answer["pick"]


# -- cards ---------------------------------------------------------------------------


def hold_card(table: EffectTable, subject: Any, card: str) -> Play:
    """Character ``subject`` now holds drawn card ``card`` (a Loot card it keeps, an
    Equipment card a Loot card finds): the card leaves the deck engine's "being
    resolved" (``decks.hold``), its id goes to the Character's ``cards`` and its name
    to ``items``; then the Character keeps within the pack's ``carry.hands``
    (``deck_play.settle_hands`` on ``table.character_index(subject)``: a ``leave``
    request when over; Gascony's Legacy, Equipment cards: "Characters can only carry 2
    hands worth of equipment at once").

    Raises:
        EngineError: ``subject`` is not a Character."""
    character = _character(table, subject)
    table.decks.hold(card)
    character.setdefault("cards", []).append(card)
    character["items"] = character["items"] + [table.decks.card(card)["name"]]
    yield from settle_hands(table.game, table.pack, table.record, [table.character_index(subject)])


def draw_and_resolve(table: EffectTable, deck: str, res: Resolution) -> Generator[Request, dict[str, Any], str | None]:
    """Draw the top card of ``deck`` and ``resolve_card`` it with ``res``'s subjects, in
    ``res``'s chain (``draw_chain.draw_in_chain``). Returns the card id, or ``None``:
    no card left (event ``no-card``) or drawn already in this chain (``chain-ends``)."""
    card = draw_in_chain(table.decks, deck, res.chain, table.record)
    if card is None:
        return None
    yield from resolve_card(table, card, Resolution(res.you, res.this, card, res.portion, res.attack, chain=res.chain))
    return card


def resolve_card(table: EffectTable, card: str, res: Resolution, *, fate: str | None = None) -> Play:
    """Play card ``card``'s ``res.portion`` (``effects`` or ``use`` of a deck card,
    ``threat`` or ``reaction`` of a Threat card), then move it: discard pile, box or
    reshuffled (``Resolution.fate``); ``fate="keep"``: a Loot card kept, which moves
    nowhere unless an effect reshuffled or boxed it. Event: ``{"event": "card",
    "card", "name", "portion", "you", "this", "fate"}`` before its effects' events.
    The card joins ``res.chain`` (its effects never draw it again)."""
    data = table.decks.card(card)
    res.card = card
    if card not in res.chain:
        res.chain.append(card)
    event = {"event": "card", "card": card, "name": data["name"], "portion": res.portion, "you": res.you,
             "this": res.this}
    if fate is not None:
        event["fate"] = fate
    table.record(event)
    yield from run(table, data.get(res.portion) or [], res)
    if fate is None or res.fate != "discard":
        event["fate"] = res.fate
    if res.fate == "box":
        table.decks.to_box(card)
    elif res.fate == "reshuffle":
        table.decks.reshuffle(card)
    elif fate is None:
        table.decks.discard(card)


# -- the interpreter -----------------------------------------------------------------


def run(table: EffectTable, effects: Sequence[Mapping[str, Any]], res: Resolution) -> Play:
    """Apply ``effects`` in order, doing as much as possible (Enemy Turn: "follow the
    instructions [...] in the order listed, doing as much as possible").

    Raises:
        EngineError: an effect outside the vocabulary, a Character-turn effect, an
            effect the table cannot play (a board effect outside a Battle), a subject
            the card does not have (``you`` in a threat with no Character).
    """
    for effect in effects:
        kind = effect["kind"]
        handler = _HANDLERS.get(kind) or table.board_effect(kind)
        if handler is None:
            if kind in TURN_EFFECTS:
                raise EngineError(f"the effect {kind!r} is played in a Character's turn, not on a drawn card")
            if kind in EFFECTS:
                raise EngineError(f"the effect {kind!r} needs a Battle's board, which is not being played")
            raise EngineError(f"unknown effect {kind!r}")
        # a bundle writes every parameter; fill what older or hand-made data leaves out
        yield from handler(table, {**effect_defaults(kind), **effect}, res)


def _character(table: EffectTable, subject: Any) -> dict[str, Any]:
    character = table.character_of(subject)
    if character is None:
        raise EngineError(f"the effect needs a Character, and {table.subject_field} {subject!r} is not one")
    return character


def _status(table: EffectTable, effect: Mapping[str, Any], res: Resolution) -> Play:
    token = effect["token"]
    for subject in (yield from table.subjects(effect["who"], res)):
        character = _character(table, subject)
        if token in character["status"] and not stacks(table.pack, token):
            if effect.get("if_held"):
                yield from run(table, effect["if_held"], res)
            continue
        character["status"] = sorted(character["status"] + [token])
        table.record({"event": "status", table.subject_field: subject, "token": token})


def _remove_status(table: EffectTable, effect: Mapping[str, Any], res: Resolution) -> Play:
    for subject in (yield from table.subjects(effect["who"], res)):
        character = _character(table, subject)
        held = [t for t in character["status"] if effect.get("token") in (None, t)]
        token = yield from table.pick("remove-status", held, **{table.subject_field: subject})
        if token is not None:
            character["status"] = [t for t in character["status"] if t != token]
            table.record({"event": "remove-status", table.subject_field: subject, "token": token})


def wound_subject(table: EffectTable, subject: Any, amount: int, source: str) -> str:
    """``amount`` Wounds to ``subject``: a Character suffers them (``wounds.wound``,
    Severe Wounds as ``table.severe``); any other figure is the table's
    (``wound_other``: an Enemy Wounded then Defeated, a Named Enemy's tracker).
    Returns ``"wounded"``, ``"defeated"`` or ``"unchanged"``. Event ``{"event":
    "wound", <subject_field>, "amount", "result", "source"}``."""
    character = table.character_of(subject)
    if character is None:
        result = table.wound_other(subject, amount)
    else:
        before = character["health"]
        wound(character, amount, severe=table.severe)
        result = "wounded" if character["health"] != before or character["fallen"] else "unchanged"
    table.record({"event": "wound", table.subject_field: subject, "amount": amount, "result": result,
                  "source": source})
    return result


def _wound(table: EffectTable, effect: Mapping[str, Any], res: Resolution) -> Play:
    for subject in (yield from table.subjects(effect["who"], res)):
        wound_subject(table, subject, effect["amount"], "effect")


def _heal(table: EffectTable, effect: Mapping[str, Any], res: Resolution) -> Play:
    for subject in (yield from table.subjects(effect["who"], res)):
        character = table.character_of(subject)
        if character is None:
            table.heal_other(subject, effect["amount"])
        else:
            heal(character, effect["amount"])
        table.record({"event": "heal", table.subject_field: subject, "amount": effect["amount"]})


def _gain_lose(table: EffectTable, effect: Mapping[str, Any], res: Resolution) -> Play:
    # the same change as a story's gain and lose steps (``gains.apply_change``): coins to
    # the party, the rest to each Character named, the deck card behind an item with it
    given = {k: v for k, v in effect.items() if k not in ("kind", "who") and v is not None}
    people = (yield from table.subjects(effect.get("who") or "you", res)) if set(given) - {"coins"} else []
    for subject in people:
        _character(table, subject)                      # an Enemy gains nothing: refused
    apply_change(table.game, table.pack, effect["kind"], given, [table.character_index(s) for s in people],
                 table.severe)
    table.record({"event": effect["kind"], table.subject_field + "s": people, **given})
    if effect["kind"] == "gain" and given.get("items"):
        # a card gained may need more hands than the Character carries (Equipment cards)
        yield from settle_hands(table.game, table.pack, table.record, [table.character_index(s) for s in people])


def _draw(table: EffectTable, effect: Mapping[str, Any], res: Resolution) -> Play:
    deck = effect.get("deck") or (deck_of(res.card) if res.card else None)
    if deck is None:
        raise EngineError("draw: no deck named and no card to take the deck from")
    threat_decks = {d["name"] for d in table.pack.get("threat_decks") or []}
    portion = drawn_portion(deck in threat_decks, effect.get("portion"), res.portion)
    if portion is None:
        raise EngineError(f"draw: a card of Threat deck {deck!r} has a threat and a reaction portion, and this "
                          f"draw (from a card's {res.portion!r}) does not say which resolves (`portion`)")
    equipment = deck == deck_by_role(table.pack, "equipment")
    for _ in range(effect.get("count") or 1):
        if not equipment:
            yield from draw_and_resolve(table, deck, Resolution(res.you, res.this, None, portion, res.attack,
                                                                chain=res.chain))
            continue
        # an Equipment card is found, not resolved (Loot cards: "new Equipment cards"):
        # the Character the card concerns holds it, then carries within its hands
        card = draw_in_chain(table.decks, deck, res.chain, table.record)
        if card is None:
            continue
        table.record({"event": "card", "card": card, "name": table.decks.card(card)["name"], "portion": "effects",
                      "you": res.you, "this": res.this, "fate": "keep"})
        if res.you is None:
            raise EngineError(f"draw: an Equipment card ({card}) is held by a Character (you), "
                              "which this card does not have")
        yield from hold_card(table, res.you, card)


def _fate(fate: str) -> Any:
    def handler(table: EffectTable, effect: Mapping[str, Any], res: Resolution) -> Play:
        res.fate = fate
        return
        yield  # a generator
    return handler


def _if(table: EffectTable, effect: Mapping[str, Any], res: Resolution) -> Play:
    branch = effect.get("then", []) if table.holds(effect["if"], res) else effect.get("else", [])
    yield from run(table, branch or [], res)


_HANDLERS = {
    "status": _status,
    "remove-status": _remove_status,
    "wound": _wound,
    "heal": _heal,
    "gain": _gain_lose,
    "lose": _gain_lose,
    "draw": _draw,
    "reshuffle": _fate("reshuffle"),
    "return-to-box": _fate("box"),
    "if": _if,
}
