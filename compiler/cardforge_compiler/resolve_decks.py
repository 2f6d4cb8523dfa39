"""Stage 3, resolve, for the Enemy and deck documents (issue 9; Gascony's Legacy,
Component List: Enemy Reference cards and tokens, Named Enemy Tracker card,
Equipment, Loot and Enemy Reaction cards; Character boards): each joins its pack's
index by name (:func:`join_decks`, called by ``resolve.group_packs``), and
:func:`link_decks` links the names they use onto :class:`DecksIR`, which the checks
(CF8xx) and emit only read; :func:`item_sources` gathers every item the pack can
provide (its decks' cards among them), for the reference checks.

Linking never fails: a name that names nothing links to ``None`` (an Enemy without
tokens has ``supply`` ``None``); the checks report it, with "did you mean".
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from cardforge_compiler.model import Deck, DeckCard, Enemy, NamedEnemy, ThreatDeck, effect_kind
from cardforge_compiler.validate import Document

if TYPE_CHECKING:
    from cardforge_compiler.resolve import PackIR

__all__ = ["DecksIR", "EffectRef", "EnemyIR", "NamedEnemyIR", "WeaponRef", "item_sources", "join_decks", "link_decks",
           "walk_effects"]


@dataclass
class EnemyIR:
    """An Enemy document and its ``supply``: the pack components' ``enemy_tokens``
    count for its name (``None``: the components give it no tokens, or there are no
    components)."""

    doc: Document
    supply: int | None

    @property
    def model(self) -> Enemy:
        return self.doc.model  # type: ignore[no-any-return]


@dataclass
class NamedEnemyIR:
    """A Named Enemy document and the Threat deck its ``threat_deck`` names (``None``:
    no ``threat-deck`` document of that name)."""

    doc: Document
    threat_deck: Document | None

    @property
    def model(self) -> NamedEnemy:
        return self.doc.model  # type: ignore[no-any-return]


@dataclass
class WeaponRef:
    """A Character board's Starting Weapon: the Character's index in the manifest's
    ``characters``, the index in its ``weapons``, the name, and the Equipment card it
    names (``None``: no card of that name in the pack's Equipment deck, or no
    Equipment deck)."""

    character: int
    index: int
    name: str
    card: DeckCard | None

    @property
    def path(self) -> tuple[str | int, ...]:
        """The data path of the name in the manifest."""
        return ("characters", self.character, "weapons", self.index)


@dataclass
class EffectRef:
    """An effect met while walking a document: the ``doc`` it is in (the manifest for
    abilities and Stones of Chance), its data ``path`` (``("cards", 0, "threat", 1)``),
    its ``kind`` (``format.EFFECTS``) and the validated ``effect`` model. ``params``
    is the effect's parameters model (``None`` for ``if`` and for an effect written
    with a shorthand scalar: ``scalar`` holds it); :meth:`param_path` locates one."""

    doc: Document
    path: tuple[str | int, ...]
    kind: str
    effect: Any

    @property
    def params(self) -> Any:
        value = getattr(self.effect, self.kind.replace("-", "_"), None) if self.kind != "if" else None
        return value if isinstance(value, BaseModel) else None

    @property
    def scalar(self) -> Any:
        value = getattr(self.effect, self.kind.replace("-", "_"), None) if self.kind != "if" else None
        return None if isinstance(value, BaseModel) else value

    def param_path(self, name: str) -> tuple[str | int, ...]:
        """The data path of parameter ``name`` (``if``'s keys sit beside ``if:``)."""
        return (*self.path, name) if self.kind == "if" else (*self.path, self.kind, name)


def walk_effects(effects: list[Any], path: tuple[str | int, ...]) -> Iterator[tuple[tuple[str | int, ...], str, Any]]:
    """Every effect of ``effects`` (at data ``path``) and those nested in it (an
    ``if``'s ``then``/``else``, a ``status``'s ``if_held``), in reading order, as
    ``(path, kind, effect)``."""
    for i, effect in enumerate(effects):
        here = (*path, i)
        kind = effect_kind(effect)
        if kind is None:
            continue
        yield here, kind, effect
        if kind == "if":
            yield from walk_effects(effect.then, (*here, "then"))
            yield from walk_effects(effect.else_ or [], (*here, "else"))
        elif kind == "status":
            yield from walk_effects(effect.status.if_held or [], (*here, "status", "if_held"))


def _effect_lists(model: Any) -> Iterator[tuple[list[Any], tuple[str | int, ...]]]:
    """The effect lists of a validated document: Enemy ``on_hit``, Threat card portions,
    deck cards' ``effects``/``use``, the manifest's abilities and Stone options."""
    if isinstance(model, Enemy):
        yield model.on_hit, ("on_hit",)
    elif isinstance(model, ThreatDeck):
        for i, card in enumerate(model.cards):
            yield card.threat, ("cards", i, "threat")
            yield card.reaction, ("cards", i, "reaction")
    elif isinstance(model, Deck):
        for i, card in enumerate(model.cards):
            yield card.effects or [], ("cards", i, "effects")
            yield card.use or [], ("cards", i, "use")
    elif getattr(model, "kind", None) == "pack":
        for i, character in enumerate(model.characters):
            for key in ("talent", "support"):
                ability = getattr(character, key)
                if ability is not None:
                    yield ability.effects, ("characters", i, key, "effects")
        if model.stones_of_chance is not None:
            for i, face in enumerate(model.stones_of_chance.faces):
                for j, option in enumerate(face.options):
                    yield option.effects, ("stones_of_chance", "faces", i, "options", j, "effects")


@dataclass
class DecksIR:
    """The names of a pack's Enemy and deck documents, linked (:func:`link_decks`):
    ``enemies`` and ``named_enemies`` by name; ``roles``: the manifest's ``decks``
    (role -> the deck document named, ``None`` when no deck has that name);
    ``equipment``: the deck playing the ``equipment`` role (the manifest's, else the
    only ``role: equipment`` deck, else ``None``); ``weapons``: every Starting Weapon
    of every Character board; ``unknown_tokens``: ``(index, name)`` of each
    components ``enemy_tokens`` entry naming no Enemy (nor Named Enemy); ``effects``:
    every effect of the pack's Enemy and deck documents and manifest, nested ones
    included (:class:`EffectRef`), in load order: what the checks walk."""

    enemies: dict[str, EnemyIR] = field(default_factory=dict)
    named_enemies: dict[str, NamedEnemyIR] = field(default_factory=dict)
    roles: dict[str, Document | None] = field(default_factory=dict)
    equipment: Document | None = None
    weapons: list[WeaponRef] = field(default_factory=list)
    unknown_tokens: list[tuple[int, str]] = field(default_factory=list)
    effects: list[EffectRef] = field(default_factory=list)


def join_decks(pack: PackIR, doc: Document) -> None:
    """Index an Enemy or deck document in its pack by name (the first of a name wins;
    a second is ``CF107`` from ``validate_ids.duplicate_ids``)."""
    model = doc.model
    index = {Enemy: pack.enemies, NamedEnemy: pack.named_enemies, ThreatDeck: pack.threat_decks,
             Deck: pack.decks}[type(model)]
    index.setdefault(model.name, doc)


def link_decks(pack: PackIR) -> DecksIR:
    """Link the names of ``pack``'s Enemy and deck documents, manifest and components
    (see :class:`DecksIR`). Never raises on unknown names."""
    out = DecksIR()
    supply: dict[str, int] = {}
    if pack.components is not None:
        for i, tokens in enumerate(pack.components.model.enemy_tokens):
            supply.setdefault(tokens.enemy, tokens.count)
            if tokens.enemy not in pack.enemies and tokens.enemy not in pack.named_enemies:
                out.unknown_tokens.append((i, tokens.enemy))
    for name, doc in pack.enemies.items():
        out.enemies[name] = EnemyIR(doc, supply.get(name))
    for name, doc in pack.named_enemies.items():
        out.named_enemies[name] = NamedEnemyIR(doc, pack.threat_decks.get(doc.model.threat_deck))
    manifest = pack.pack
    if manifest is not None:
        out.roles = {role: pack.decks.get(name) for role, name in manifest.decks.items()}
    if "equipment" in (manifest.decks if manifest is not None else {}):
        out.equipment = out.roles["equipment"]
    else:
        equipment = [doc for doc in pack.decks.values() if doc.model.role == "equipment"]
        out.equipment = equipment[0] if len(equipment) == 1 else None
    cards = {card.name: card for card in out.equipment.model.cards} if out.equipment is not None else {}
    for c, character in enumerate(manifest.characters if manifest is not None else ()):
        for w, weapon in enumerate(character.weapons):
            out.weapons.append(WeaponRef(c, w, weapon, cards.get(weapon)))
    docs = ([pack.manifest] if pack.manifest is not None else []) + pack.deck_docs
    for doc in docs:
        for effects, path in _effect_lists(doc.model):
            out.effects.extend(EffectRef(doc, p, kind, e) for p, kind, e in walk_effects(effects, path))
    return out


def item_sources(pack: PackIR) -> tuple[frozenset[str], tuple[str, ...]]:
    """Every item something in ``pack`` can provide (a Character board's starting
    items and Starting Weapons, a ``gain`` step or effect, a roll's per-success
    ``gain``, a purchase offer, a card of an Equipment deck, a Loot card the
    Character keeps: ``keep: true``), and the names of the decks the Porter and
    purchases draw from that no ``kind: deck`` document describes (their cards are
    unknown, so they may provide any item). Read by the reference checks
    (``CF3xx``) through :attr:`PackIR.item_sources <cardforge_compiler.resolve.PackIR.item_sources>`
    (Gascony's Legacy, Component List; Character boards)."""
    items: set[str] = set()
    drawn: list[str] = []
    if pack.pack is not None:
        for character in pack.pack.characters:
            items.update(character.items)
            items.update(character.weapons)
        if pack.pack.porter is not None:
            drawn.append(pack.pack.porter.deck)
    for story in (*pack.stories, *pack.context_stories):
        for _card, ref in story.step_refs:
            if ref.kind == "gain":
                items.update(ref.step.gain.items or ())
            elif ref.kind == "roll" and ref.step.roll.per_success.gain is not None:
                items.update(ref.step.roll.per_success.gain.items or ())
            elif ref.kind == "purchase":
                items.update(offer.item for offer in ref.step.purchase.offers or ())
                if ref.step.purchase.deck is not None and ref.step.purchase.deck not in drawn:
                    drawn.append(ref.step.purchase.deck)
    for doc in pack.decks.values():
        deck = doc.model
        if deck.role == "equipment":
            items.update(card.name for card in deck.cards)
        elif deck.role == "loot":
            items.update(card.name for card in deck.cards if card.keep)
    for effect in pack.linked.effects:
        if effect.kind == "gain" and effect.params is not None:
            items.update(effect.params.items or ())
    unknown = tuple(name for name in drawn if name not in pack.decks)
    return frozenset(items), unknown
