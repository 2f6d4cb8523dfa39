"""Names of decks and of their cards (stage ``pack``, once per pack): every deck a
purchase, the Porter, the manifest's ``decks``, a difficulty option, a ``draw``
effect or a terrain tile's ``draw`` names is defined (``CF803``); every card a
Starting Weapon or a difficulty option's ``remove_cards`` names is in its deck
(``CF804``); a deck named for a part plays it (``CF805``). Gascony's Legacy, Component
List (Equipment, Loot and Enemy Reaction cards), Setup (Starting Weapon; the Porter's
Equipment cards), Difficulty Adjustments, Terrain Tiles (the Chest).

Only a pack that describes its Enemies and decks as data (``_refs.describes_decks``)
is checked. A name whose document is in the pack but failed validation is not
reported again.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from cardforge_compiler.checks import check
from cardforge_compiler.checks._refs import describes_decks
from cardforge_compiler.diagnostics import Diagnostic, choices_hint, did_you_mean
from cardforge_compiler.model import TerrainTile
from cardforge_compiler.resolve import PackIR
from cardforge_compiler.validate import Document

__all__ = ["DeckUse", "deck_cards", "deck_roles", "decks_named", "deck_uses"]

#: The part a purchase or the Porter needs its deck to play: cards with a cost.
_BOUGHT_FROM = "equipment"


@dataclass(frozen=True)
class DeckUse:
    """A deck named somewhere: its ``name``, the ``doc`` and data ``path`` of the name,
    the ``role`` the use needs its deck to play (``None``: any), whether a Threat deck
    may be meant (``draw`` effects), what names it (``what``) and the key ``anchor``
    (``key`` for a ``remove_cards`` key)."""

    name: str
    doc: Document
    path: tuple[str | int, ...]
    role: str | None
    what: str
    threat: bool = False
    anchor: str = "value"


def deck_uses(pack: PackIR) -> Iterator[DeckUse]:
    """Every place the pack names a deck, in a stable order: the manifest (Porter,
    ``decks`` roles, difficulty options), the Enemy and deck documents' ``draw``
    effects, terrain tiles' ``draw`` effects, then the stories' purchases."""
    manifest, doc = pack.pack, pack.manifest
    if manifest is not None and doc is not None:
        if manifest.porter is not None:
            yield DeckUse(manifest.porter.deck, doc, ("porter", "deck"), _BOUGHT_FROM, "the Porter")
        for role, name in manifest.decks.items():
            yield DeckUse(name, doc, ("decks", role), role, f"the {role} deck")
        for i, option in enumerate(manifest.difficulty):
            for name in option.remove_cards:
                yield DeckUse(name, doc, ("difficulty", i, "remove_cards", name), None,
                              f"difficulty '{option.name}'", anchor="key")
            if option.start_draws is not None:
                yield DeckUse(option.start_draws.deck, doc, ("difficulty", i, "start_draws", "deck"), None,
                              f"difficulty '{option.name}'")
    for ref in pack.linked.effects:
        if ref.kind == "draw" and ref.params is not None and ref.params.deck is not None:
            yield DeckUse(ref.params.deck, ref.doc, ref.param_path("deck"), None, "a `draw` effect", threat=True)
    for tile in pack.board_docs:
        if isinstance(tile.model, TerrainTile) and pack.terrain_tiles.get(tile.model.name) is tile:
            yield from _tile_draws(tile)
    for story in (*pack.stories, *pack.context_stories):
        for _card, ref in story.step_refs:
            if ref.kind == "purchase" and ref.step.purchase.deck is not None:
                yield DeckUse(ref.step.purchase.deck, story.doc, (*ref.path, "purchase", "deck"), _BOUGHT_FROM,
                              "a purchase")


def _tile_draws(doc: Document) -> Iterator[DeckUse]:
    """The ``draw`` board effects of a terrain tile's actions and targets (the Chest:
    draw an Equipment card)."""
    model = doc.model
    for path, effects in model.effect_lists():
        for j, effect in enumerate(effects):
            if getattr(effect, "board", None) == "draw":
                yield DeckUse(effect.deck, doc, (*path, j, "deck"), None, f"terrain tile '{model.name}'")


def _known(pack: PackIR, use: DeckUse) -> bool:
    return (use.name in pack.decks or pack.defined_but_invalid("deck", use.name)
            or (use.threat and (use.name in pack.threat_decks or pack.defined_but_invalid("threat-deck", use.name))))


@check("pack", "CF803")
def decks_named(pack: PackIR) -> Iterator[Diagnostic]:
    """Every deck the pack names is a ``kind: deck`` document (a ``draw`` effect may
    also name a ``kind: threat-deck``)."""
    if not describes_decks(pack):
        return
    for use in deck_uses(pack):
        if _known(pack, use):
            continue
        pool = sorted({*pack.decks, *(pack.threat_decks if use.threat else ())})
        yield Diagnostic("CF803", f"unknown deck '{use.name}' ({use.what})",
                         **pack.board_where(use.doc, use.path, use.anchor),
                         hint=choices_hint(use.name, pool, "decks",
                                           f"define it in a document with `kind: deck`, `name: {use.name}`, its "
                                           "`role` and `cards`"))


@check("pack", "CF805")
def deck_roles(pack: PackIR) -> Iterator[Diagnostic]:
    """A deck named for a part plays it: the manifest's ``decks: {equipment: X}`` names
    a deck with ``role: equipment``; a purchase and the Porter draw from an Equipment
    deck (cards with a cost)."""
    if not describes_decks(pack):
        return
    for use in deck_uses(pack):
        doc = pack.decks.get(use.name)
        if use.role is None or doc is None or doc.model.role == use.role:
            continue
        same = sorted(name for name, d in pack.decks.items() if d.model.role == use.role)
        hint = (f"name a deck with `role: {use.role}` ({', '.join(repr(n) for n in same)})" if same
                else f"give deck '{use.name}' `role: {use.role}` if it is that deck, or name a deck with `role: "
                     f"{use.role}`")
        yield Diagnostic("CF805", f"{use.what} names deck '{use.name}', whose role is {doc.model.role}, not "
                                  f"{use.role}", **pack.board_where(use.doc, use.path, use.anchor), hint=hint)


@check("pack", "CF804")
def deck_cards(pack: PackIR) -> Iterator[Diagnostic]:
    """Every card named by name is in its deck: each Character board's Starting Weapons
    are cards of the Equipment deck (Setup: "take the Starting Weapon card from the
    Equipment deck"), each difficulty option's ``remove_cards`` are cards of the deck
    they are taken from (Difficulty Adjustments: "remove the Nothing and Broken Sword
    cards from the Loot deck")."""
    if not describes_decks(pack) or pack.manifest is None:
        return
    manifest, doc = pack.pack, pack.manifest
    linked = pack.linked
    roles = manifest.decks  # type: ignore[union-attr]
    equipment_named = roles.get("equipment")
    for weapon in linked.weapons:
        if weapon.card is not None:
            continue
        who = manifest.characters[weapon.character].name  # type: ignore[union-attr]
        if linked.equipment is not None:
            deck = linked.equipment.model
            yield Diagnostic("CF804", f"{who}'s Starting Weapon '{weapon.name}' is not a card of deck '{deck.name}'",
                             **pack.board_where(doc, weapon.path),
                             hint=choices_hint(weapon.name, [c.name for c in deck.cards], "Equipment cards",
                                               f"add a card `name: {weapon.name}` to deck '{deck.name}'"))
        elif equipment_named is None and not pack.defined_but_invalid("deck"):
            several = [name for name, d in pack.decks.items() if d.model.role == "equipment"]
            hint = (f"the pack has several Equipment decks ({', '.join(several)}): say which with `decks: "
                    f"{{equipment: {several[0]}}}`" if several
                    else "add a document with `kind: deck`, `role: equipment` holding the Weapons")
            yield Diagnostic("CF804", f"{who}'s Starting Weapon '{weapon.name}' comes from no Equipment deck",
                             **pack.board_where(doc, weapon.path), hint=hint)
        # (an `equipment` role naming an unknown deck is CF803, at the role)
    for i, option in enumerate(manifest.difficulty):  # type: ignore[union-attr]
        for name, cards in option.remove_cards.items():
            deck = pack.decks.get(name)
            if deck is None:
                continue  # CF803
            names = [c.name for c in deck.model.cards]
            for k, card in enumerate(cards):
                if card not in names:
                    yield Diagnostic("CF804", f"difficulty '{option.name}' removes '{card}', which is not a card of "
                                              f"deck '{name}'",
                                     **pack.board_where(doc, ("difficulty", i, "remove_cards", name, k)),
                                     hint=did_you_mean(card, names) or f"deck '{name}' holds "
                                     + (", ".join(names) if names else "no cards"))
