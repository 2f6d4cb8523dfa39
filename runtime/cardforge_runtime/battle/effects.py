"""The effect interpreter: Reaction, Loot and Threat cards' effects on the Battle.

An effect list (bundle 1.5.0) is a list of objects ``{"kind": <effect>, ...params}``
from the closed vocabulary of ``effect_fields`` (docs/format.md, Effects). ``run``
plays one list as a generator in the manner of ``story``: it yields requests where the
players choose (a square to push to or spawn on, a target among ties, a status token
to remove) and never picks silently; it changes ``scene.battle`` and ``scene.game``
in place and appends events to ``scene.events``.

Subjects: ``you`` (the Character the card concerns: the attacker for a reaction), ``this``
(the Enemy or Named Enemy resolving the card), or a target rule (``battle.targets``).

``resolve_card`` plays a drawn card (its ``effects``, or the ``threat`` / ``reaction``
portion of a Threat card) and then puts it where it goes: the discard pile, unless an
effect said ``return-to-box`` (the box; it never comes back) or ``reshuffle`` (the
discard pile and the card itself back into the draw pile, shuffled).
``draw_and_resolve`` draws first.

Rule sources: Gascony's Legacy, "Enemy Reaction cards" ("Dodge"), "Named Enemies"
("Guards!", "Doom"), "Assigning Successes" (Reactions), "Loot cards", "Status Banner
tokens" ("A Character can only have one of each Status token at a time"), "Suffering
Wounds", "Healing Wounds", "Named Enemy" (Enemy Turn: "resolve only the top portion,
and place the card in a discard pile"). Rulings: docs/rulings.md, "Attacks".
Dependencies: ``board``, ``decks`` (instance ids), ``wounds``, ``setup``, ``conditions``, ``battle.*`` below it.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from typing import Any

from cardforge_runtime.battle import placement
from cardforge_runtime.battle.predicates import holds
from cardforge_runtime.battle.resolution import Play, Request, Resolution, one, subjects
from cardforge_runtime.battle.scene import Scene
from cardforge_runtime.battle.state import named_health, remove_figure
from cardforge_runtime.battle.targets import pick, select_targets
from cardforge_runtime.board import adjacent
from cardforge_runtime.decks import deck_of
from cardforge_runtime.effect_fields import EFFECTS, effect_defaults
from cardforge_runtime.errors import EngineError
from cardforge_runtime.format import add_coins
from cardforge_runtime.wounds import heal, wound

__all__ = ["TURN_EFFECTS", "Resolution", "draw_and_resolve", "resolve_card", "run", "wound_figure"]

#: Effects of a Character's own turn (Stones of Chance, abilities): the Character turn
#: plays them (issue 10); a Reaction, Loot or Threat card cannot hold them.
TURN_EFFECTS = frozenset({"auto-successes", "extra-attack-die", "second-attack", "move-bonus", "prepare",
                          "use-ability", "any-face"})
assert TURN_EFFECTS <= set(EFFECTS), "the Character-turn effects are effects of the vocabulary"


# -- cards ---------------------------------------------------------------------------


def draw_and_resolve(scene: Scene, deck: str, res: Resolution) -> Generator[Request, dict[str, Any], str | None]:
    """Draw the top card of ``deck`` and ``resolve_card`` it with ``res``'s subjects.
    Returns the card id, or ``None`` when no card could be drawn (event
    ``{"event": "no-card", "deck"}``)."""
    card = scene.decks.draw(deck)
    if card is None:
        scene.record({"event": "no-card", "deck": deck})
        return None
    yield from resolve_card(scene, card, Resolution(res.you, res.this, card, res.portion, res.attack))
    return card


def resolve_card(scene: Scene, card: str, res: Resolution) -> Play:
    """Play card ``card``'s ``res.portion`` (``effects`` of a deck card, ``threat`` or
    ``reaction`` of a Threat card), then move it: discard pile, box or reshuffled
    (``Resolution.fate``). Event: ``{"event": "card", "card", "name", "portion",
    "you", "this", "fate"}`` before its effects' events."""
    data = scene.decks.card(card)
    res.card = card
    event = {"event": "card", "card": card, "name": data["name"], "portion": res.portion, "you": res.you,
             "this": res.this}
    scene.record(event)
    yield from run(scene, data.get(res.portion) or [], res)
    event["fate"] = res.fate
    if res.fate == "box":
        scene.decks.to_box(card)
    elif res.fate == "reshuffle":
        scene.decks.reshuffle(card)
    else:
        scene.decks.discard(card)


# -- the interpreter -----------------------------------------------------------------


def run(scene: Scene, effects: Sequence[Mapping[str, Any]], res: Resolution) -> Play:
    """Apply ``effects`` in order, doing as much as possible (Enemy Turn: "follow the
    instructions [...] in the order listed, doing as much as possible").

    Raises:
        EngineError: an effect outside the vocabulary, a Character-turn effect, a
            subject the card does not have (``you`` in a threat with no Character).
    """
    for effect in effects:
        kind = effect["kind"]
        handler = _HANDLERS.get(kind)
        if handler is None:
            if kind in TURN_EFFECTS:
                raise EngineError(f"the effect {kind!r} is played in a Character's turn, not on a drawn card")
            raise EngineError(f"unknown effect {kind!r}")
        # a bundle writes every parameter; fill what older or hand-made data leaves out
        yield from handler(scene, {**effect_defaults(kind), **effect}, res)


def _activate(scene: Scene, effect: Mapping[str, Any], res: Resolution) -> Play:
    name = effect.get("enemy")
    near = effect.get("adjacent_to")
    ids = [f["id"] for f in scene.battle["enemies"] if name is None or f["enemy"] == name]
    if near is not None:
        centre = scene.square(one(res, near))
        ids = [i for i in ids if adjacent(centre, scene.square(i))]
    scene.record({"event": "activate", "figures": ids})
    if not ids:
        return
    if scene.enemy_turn is None:
        raise EngineError("activate needs the Enemy turn (Scene.enemy_turn), which this scene lacks")
    yield from scene.enemy_turn(scene, ids)


def _attack(scene: Scene, effect: Mapping[str, Any], res: Resolution) -> Play:
    this = one(res, "this")
    targets = yield from select_targets(scene, effect["target"], this)
    damage = effect.get("damage")
    if damage is None:
        data = scene.enemies.get(scene.get(this)["enemy"]) or scene.named_enemies[scene.get(this)["enemy"]]
        damage = data["damage"]
    scene.record({"event": "enemy-attack", "figure": this, "targets": targets, "damage": damage})
    if scene.enemy_attack is None:
        raise EngineError("attack needs the Enemy attack rules (Scene.enemy_attack), which this scene lacks")
    for target in targets:
        yield from scene.enemy_attack(scene, this, target, damage)


def _status(scene: Scene, effect: Mapping[str, Any], res: Resolution) -> Play:
    token = effect["token"]
    for figure_id in (yield from subjects(scene, effect["who"], res)):
        character = scene.character(figure_id)
        if token in character["status"]:
            if effect.get("if_held"):
                yield from run(scene, effect["if_held"], res)
            continue
        character["status"] = sorted(character["status"] + [token])
        scene.record({"event": "status", "figure": figure_id, "token": token})


def _remove_status(scene: Scene, effect: Mapping[str, Any], res: Resolution) -> Play:
    for figure_id in (yield from subjects(scene, effect["who"], res)):
        character = scene.character(figure_id)
        held = [t for t in character["status"] if effect.get("token") in (None, t)]
        token = yield from pick("remove-status", held, figure=figure_id)
        if token is not None:
            character["status"] = [t for t in character["status"] if t != token]
            scene.record({"event": "remove-status", "figure": figure_id, "token": token})


def wound_figure(scene: Scene, figure_id: int, amount: int, source: str) -> str:
    """``amount`` Wounds to figure ``figure_id``: a Character suffers them
    (``wounds.wound``); an Enemy is Wounded, then Defeated (its token back to the
    supply); a Named Enemy's tracker goes down, Defeated at 0 (Suffering Wounds,
    Assigning Successes). Returns ``"wounded"``, ``"defeated"`` or ``"unchanged"``.
    Event ``{"event": "wound", "figure", "amount", "result", "source"}``."""
    kind, item = scene.kind(figure_id), scene.get(figure_id)
    result = "unchanged"
    if kind == "character":
        character = scene.character(figure_id)
        before = character["health"]
        wound(character, amount, severe=scene.severe)
        result = "wounded" if character["health"] != before or character["fallen"] else "unchanged"
    elif kind == "enemy":
        for _ in range(amount):
            if item["wounded"]:
                remove_figure(scene.battle, figure_id)
                result = "defeated"
                break
            item["wounded"] = True
            result = "wounded"
    elif amount > 0:
        item["health"] = max(0, item["health"] - amount)
        result = "wounded"
        if item["health"] == 0:
            remove_figure(scene.battle, figure_id)
            result = "defeated"
    scene.record({"event": "wound", "figure": figure_id, "amount": amount, "result": result, "source": source})
    return result


def _wound(scene: Scene, effect: Mapping[str, Any], res: Resolution) -> Play:
    for figure_id in (yield from subjects(scene, effect["who"], res)):
        wound_figure(scene, figure_id, effect["amount"], "effect")


def _heal(scene: Scene, effect: Mapping[str, Any], res: Resolution) -> Play:
    for figure_id in (yield from subjects(scene, effect["who"], res)):
        kind, item = scene.kind(figure_id), scene.get(figure_id)
        if kind == "character":
            heal(scene.character(figure_id), effect["amount"])
        elif kind == "enemy":
            item["wounded"] = False
        else:
            top = named_health(scene.named_enemies[item["enemy"]], len(scene.game["characters"]))
            item["health"] = min(top, item["health"] + effect["amount"])
        scene.record({"event": "heal", "figure": figure_id, "amount": effect["amount"]})


def _gain_lose(scene: Scene, effect: Mapping[str, Any], res: Resolution) -> Play:
    sign = 1 if effect["kind"] == "gain" else -1
    given = {k: v for k, v in effect.items() if k not in ("kind", "who") and v is not None}
    if "coins" in given:
        scene.game["coins"] = add_coins(scene.game["coins"], sign * given["coins"])
    people = (yield from subjects(scene, effect.get("who") or "you", res)) if set(given) - {"coins"} else []
    for figure_id in people:
        character = scene.character(figure_id)
        if "destiny" in given:
            character["destiny"] = max(0, min(character["destiny_max"], character["destiny"] + sign * given["destiny"]))
        for token in given.get("status", []):
            if sign > 0 and token not in character["status"]:
                character["status"] = sorted(character["status"] + [token])
            elif sign < 0:
                character["status"] = [t for t in character["status"] if t != token]
        for item in given.get("items", []):
            if sign > 0:
                character["items"] = character["items"] + [item]
            elif item in character["items"]:
                items = list(character["items"])
                items.remove(item)
                character["items"] = items
        if "health" in given:
            if sign > 0:
                heal(character, given["health"])
            else:
                wound(character, given["health"], severe=scene.severe)
    scene.record({"event": effect["kind"], "figures": people, **given})


def _draw(scene: Scene, effect: Mapping[str, Any], res: Resolution) -> Play:
    deck = effect.get("deck") or (deck_of(res.card) if res.card else None)
    if deck is None:
        raise EngineError("draw: no deck named and no card to take the deck from")
    portion = effect.get("portion") or res.portion
    for _ in range(effect.get("count") or 1):
        yield from draw_and_resolve(scene, deck, Resolution(res.you, res.this, None, portion, res.attack))


def _fate(fate: str) -> Any:
    def handler(scene: Scene, effect: Mapping[str, Any], res: Resolution) -> Play:
        res.fate = fate
        return
        yield  # a generator
    return handler


def _cancel_wound(scene: Scene, effect: Mapping[str, Any], res: Resolution) -> Play:
    if res.attack is not None and res.this is not None:
        res.attack.cancel_wound(scene, res.this)
    return
    yield  # a generator


def _discard_weapon(scene: Scene, effect: Mapping[str, Any], res: Resolution) -> Play:
    if res.attack is not None:
        res.attack.discard_weapon(scene)
    return
    yield  # a generator


def _if(scene: Scene, effect: Mapping[str, Any], res: Resolution) -> Play:
    branch = effect.get("then", []) if holds(scene, effect["if"], res) else effect.get("else", [])
    yield from run(scene, branch or [], res)


_HANDLERS = {
    **placement.HANDLERS,
    "activate": _activate,
    "attack": _attack,
    "status": _status,
    "remove-status": _remove_status,
    "wound": _wound,
    "heal": _heal,
    "gain": _gain_lose,
    "lose": _gain_lose,
    "draw": _draw,
    "reshuffle": _fate("reshuffle"),
    "return-to-box": _fate("box"),
    "cancel-wound": _cancel_wound,
    "discard-weapon": _discard_weapon,
    "if": _if,
}
