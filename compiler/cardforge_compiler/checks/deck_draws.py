"""Draws between a pack's decks (board stage, once per pack; issue 9): a deck or Threat
deck whose every card draws again, back into the same decks, so that a chain of draws
never ends by itself (CF836); a ``draw`` into a Threat deck that does not say which
portion resolves (CF837).

The portion a drawn card resolves is the engine's ``draw_chain.drawn_portion``: a plain
deck's card its ``effects``, a Threat card the ``portion`` named, else the drawing
card's own ``threat`` / ``reaction`` portion. A Reaction, Loot or other deck card, an
ability or a Stone of Chance has no such portion: its draw into a Threat deck must
name one (the engine refuses it otherwise).

A card resolved in a chain (``cardforge_runtime.draw_chain``) whose ``draw`` effects
(at the top of its effect list: one under an ``if`` may not happen) draw from a deck
and portion whose every card draws again, and so on back to the first, continues the
chain whatever card comes: the chain only ends when the engine's rule stops it (a card
instance is never drawn twice in one chain; docs/rulings.md, "A card drawn twice in
one chain"). Only decks that are refilled count (a ``kind: deck``, a Threat deck with
``when_empty: reshuffle``, or one whose cards ``reshuffle``); a Threat deck that stops
when empty ends the chain when its cards run out. Equipment cards drawn are held, not
resolved: the deck playing the ``equipment`` role never continues a chain.

Rule sources: Gascony's Legacy, Enemy Turn, 1. Named Enemy ("Note: Some Named Enemy
cards will instruct you to draw multiple cards"), Enemy Reaction cards ("Reshuffle the
Deck").
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from cardforge_compiler.checks import check
from cardforge_compiler.diagnostics import Diagnostic, listed
from cardforge_compiler.model import effect_kind
from cardforge_compiler.resolve import PackIR
from cardforge_compiler.resolve_decks import walk_effects
from cardforge_compiler.validate import Document
from cardforge_runtime.draw_chain import THREAT_PORTIONS, drawn_portion

__all__ = ["DrawNode", "draw_loops", "draw_nodes", "threat_draw_portion"]

#: A place a drawn card is resolved from: (deck name, portion).
Key = tuple[str, str]


@dataclass
class DrawNode:
    """The cards of one deck resolved in one portion (``effects`` for a deck,
    ``threat`` or ``reaction`` for a Threat deck) and, per drawable card (index in
    ``cards``), its top-level ``draw`` effects as ``(data path of the effect, the node
    it draws into)``. ``refills``: the deck is reshuffled when it runs out, or one of
    its cards reshuffles it."""

    doc: Document
    portion: str
    refills: bool
    draws: dict[int, list[tuple[tuple[str | int, ...], Key]]] = field(default_factory=dict)


def _portions(doc: Document) -> tuple[str, ...]:
    return ("threat", "reaction") if doc.model.kind == "threat-deck" else ("effects",)


def _reshuffles(doc: Document) -> bool:
    for card in doc.model.cards:
        for portion in ("threat", "reaction", "effects", "use"):
            if any(kind == "reshuffle" for _, kind, _ in walk_effects(getattr(card, portion, None) or [], ())):
                return True
    return False


def draw_nodes(pack: PackIR) -> dict[Key, DrawNode]:
    """Every deck portion whose cards are resolved when drawn (the Equipment deck's
    are not), with the decks their top-level ``draw`` effects draw from. A ``draw``
    with no ``deck`` draws from the card's own deck; the drawn card resolves
    ``draw_chain.drawn_portion`` (as the engine's ``effects._draw``: a plain deck's
    card its ``effects``). A draw into a deck that resolves nothing (an unknown deck,
    the Equipment deck) or a Threat deck with no portion said (CF837) leads nowhere."""
    equipment = pack.linked.equipment
    docs = {doc.model.name: doc for doc in pack.deck_docs if doc.model.kind in ("deck", "threat-deck")}
    nodes: dict[Key, DrawNode] = {}
    for name, doc in docs.items():
        if doc is equipment:
            continue
        refills = doc.model.kind == "deck" or doc.model.when_empty != "nothing" or _reshuffles(doc)
        for portion in _portions(doc):
            node = nodes[(name, portion)] = DrawNode(doc, portion, refills)
            for i, card in enumerate(doc.model.cards):
                if getattr(card, "unarmed", None):
                    continue
                node.draws[i] = []
                for j, effect in enumerate(getattr(card, portion, None) or []):
                    if effect_kind(effect) != "draw":
                        continue
                    params: Any = effect.draw
                    target = params.deck or name
                    into = drawn_portion(target in pack.threat_decks, params.portion, portion)
                    if into is not None:
                        node.draws[i].append((("cards", i, portion, j), (target, into)))
    return nodes


def draw_loops(nodes: dict[Key, DrawNode]) -> set[Key]:
    """The deck portions where a chain of draws cannot end by itself: the largest set
    of refilled portions in which every drawable card draws (at the top of its
    effects) into the set. Computed by removing, until none is left to remove, the
    portions with a card that draws nowhere in the set."""
    looping = {key for key, node in nodes.items() if node.refills and node.draws}
    changed = True
    while changed:
        changed = False
        for key in sorted(looping):
            if any(not any(target in looping for _, target in draws) for draws in nodes[key].draws.values()):
                looping.discard(key)
                changed = True
    return looping


def _kind_name(doc: Document) -> str:
    return f"Threat deck '{doc.model.name}'" if doc.model.kind == "threat-deck" else f"deck '{doc.model.name}'"


def _part(key: Key, nodes: dict[Key, DrawNode]) -> str:
    node = nodes[key]
    return _kind_name(node.doc) + (f" ({node.portion} portion)" if node.doc.model.kind == "threat-deck" else "")


def _on_a_loop(key: Key, looping: set[Key], nodes: dict[Key, DrawNode]) -> bool:
    """Whether the draws of ``key``'s cards within ``looping`` lead back to ``key``."""
    seen: set[Key] = set()
    todo = [t for draws in nodes[key].draws.values() for _, t in draws if t in looping]
    while todo:
        here = todo.pop()
        if here == key:
            return True
        if here not in seen:
            seen.add(here)
            todo += [t for draws in nodes[here].draws.values() for _, t in draws if t in looping]
    return False


@check("board", "CF836")
def draw_loop(pack: PackIR) -> Iterator[Diagnostic]:
    """No deck portion draws in a loop with no end but the engine's rule
    (:func:`draw_loops`): reported once per portion on the loop (one that only draws
    into a loop elsewhere is not), at the first ``draw`` effect of its first card
    that draws back into the loop."""
    nodes = draw_nodes(pack)
    looping = draw_loops(nodes)
    for key in sorted(looping, key=lambda k: (nodes[k].doc.source.display, nodes[k].doc.index, k[1])):
        if not _on_a_loop(key, looping, nodes):
            continue
        node = nodes[key]
        path = next(p for p, t in node.draws[min(node.draws)] if t in looping)
        into = sorted({t for draws in node.draws.values() for _, t in draws if t in looping})
        refill = "is reshuffled when it runs out" if node.doc.model.kind == "deck" or node.doc.model.when_empty != \
            "nothing" else "is reshuffled by its cards"
        if into == [key]:
            cards = sum(card.count for i, card in enumerate(node.doc.model.cards) if i in node.draws)
            how = (f"every card of {_part(key, nodes)} draws another card of it and the deck {refill}: a chain of "
                   "draws never ends by itself (the engine stops it at the first card it would draw twice, after at "
                   f"most {cards} cards)")
        else:
            how = (f"every card of {_part(key, nodes)} draws again, from {listed(_part(t, nodes) for t in into)}, "
                   f"whose every card draws again, back to it, and the deck {refill}: a chain of draws never ends by "
                   "itself (the engine stops it at the first card it would draw twice)")
        threat_deck = node.doc.model.kind == "threat-deck"
        yield Diagnostic(
            "CF836", how, **pack.board_where(node.doc, (*path, "draw"), anchor="key"),
            hint="give the deck a card that draws nothing, or put a `draw` under an `if`"
                 + (", or write `when_empty: nothing`" if threat_deck and not _reshuffles(node.doc) else "")
                 + ", so that a chain can end by itself")


def _drawer_portion(ref: Any) -> str:
    """The portion of the card whose effect ``ref`` is: a Threat card's ``threat`` /
    ``reaction``, else ``effects`` (a deck card's ``effects`` or ``use``, an ability,
    a Stone of Chance option, an Enemy's ``on_hit``: none is a Threat portion)."""
    if ref.doc.model.kind == "threat-deck" and len(ref.path) > 2 and ref.path[0] == "cards":
        return str(ref.path[2])
    return "effects"


@check("board", "CF837")
def threat_draw_portion(pack: PackIR) -> Iterator[Diagnostic]:
    """A ``draw`` into a Threat deck (named, or the card's own) names its ``portion``
    unless the drawing card is a Threat card resolving a portion of its own, which the
    drawn card then resolves (``draw_chain.drawn_portion``). Reported at the ``draw``
    key, under an ``if`` too."""
    for ref in pack.linked.effects:
        if ref.kind != "draw" or ref.params is None or ref.params.portion is not None:
            continue
        own = ref.doc.model.name if getattr(ref.doc.model, "kind", None) in ("deck", "threat-deck") else None
        target = ref.params.deck or own
        if target is None or target not in pack.threat_decks:
            continue
        drawer = _drawer_portion(ref)
        if drawer in THREAT_PORTIONS:
            continue
        what = (f"card '{ref.doc.model.cards[ref.path[1]].name}' of {_kind_name(ref.doc)}"
                if ref.path[:1] == ("cards",) and hasattr(ref.doc.model, "cards") else "this effect")
        yield Diagnostic(
            "CF837", f"{what} draws from Threat deck '{target}' without saying which portion of the drawn card resolves "
                     "(a Threat card has a threat and a reaction portion; this card has neither)",
            **pack.board_where(ref.doc, (*ref.path, "draw"), anchor="key"),
            hint=f"write `draw: {{deck: {target}, portion: threat}}` or `portion: reaction`")
