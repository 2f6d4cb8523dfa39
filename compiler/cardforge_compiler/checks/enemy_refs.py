"""Names of Enemies, Named Enemies, Threat decks and terrain (stage ``pack``, once per
pack): every Enemy an effect or predicate names has an Enemy Reference card (a
``kind: enemy`` document, ``CF801``), every Named Enemy a layout sets up has a
Tracker card (``kind: named-enemy``, ``CF802``) and every Named Enemy its Threat deck
(``CF808``); the components' Enemy tokens and the Enemy documents match (``CF809``,
``CF810``); a ``fallback`` target selector names terrain of the pack (``CF807``).
Gascony's Legacy, Component List (Enemy Reference cards and tokens, Named Enemy
Tracker card), Battle Cards - Setup; the second ruleset, "Enemy Attack".

Only a pack that describes its Enemies and decks as data (``_refs.describes_decks``)
is checked for ``CF801``, ``CF802``, ``CF809`` and ``CF810``. A name whose document is
in the pack but failed validation is not reported again (one fault, one report). A
layout's deployment area that names no Enemy token is ``CF701``
(:mod:`~cardforge_compiler.checks.board_refs`); tokens that name no Enemy document
are reported once, at the components (``CF809``), not at every area that uses them.
"""

from __future__ import annotations

from collections.abc import Iterator

from cardforge_compiler.checks import check
from cardforge_compiler.checks._refs import describes_decks, target_rules
from cardforge_compiler.diagnostics import Diagnostic, choices_hint, did_you_mean
from cardforge_compiler.resolve import PackIR

__all__ = ["enemies_named", "enemy_tokens", "fallback_terrain", "named_enemies_set_up", "threat_decks_named"]


def _define(kind: str, name: str) -> str:
    return f"define it in a document with `kind: {kind}`, `name: {name}`"


@check("pack", "CF801")
def enemies_named(pack: PackIR) -> Iterator[Diagnostic]:
    """Every Enemy a ``spawn`` or ``activate`` effect or an ``in_supply`` predicate names
    is defined by a ``kind: enemy`` document (Threat cards, "Guards!": "place up to 1
    Cardinal's Guard per player"). A Named Enemy is not an Enemy: it is never spawned
    from the supply."""
    if not describes_decks(pack):
        return
    for ref in pack.linked.effects:
        named: list[tuple[str, tuple]] = []
        if ref.kind in ("spawn", "activate") and ref.params is not None and ref.params.enemy is not None:
            named.append((ref.params.enemy, ref.param_path("enemy")))
        elif ref.kind == "if" and getattr(ref.effect.if_, "in_supply", None) is not None:
            named.append((ref.effect.if_.in_supply, (*ref.path, "if", "in_supply")))
        for name, path in named:
            if name in pack.enemies or pack.defined_but_invalid("enemy", name):
                continue
            if name in pack.named_enemies:
                message = f"'{name}' is a Named Enemy, not an Enemy"
                hint = ("an Enemy is spawned from its tokens and activated; a Named Enemy is one standee that its "
                        "Threat deck moves: name an Enemy here")
            else:
                message = f"unknown Enemy '{name}'"
                hint = choices_hint(name, pack.enemies, "Enemies", _define("enemy", name)
                                    + " (its Enemy Reference card)")
            yield Diagnostic("CF801", message, **pack.board_where(ref.doc, path), hint=hint)


@check("pack", "CF802")
def named_enemies_set_up(pack: PackIR) -> Iterator[Diagnostic]:
    """Every Named Enemy a layout sets up (``named_enemies``) is defined by a ``kind:
    named-enemy`` document (Battle Cards - Setup, 5: the Named Enemy's standee and
    Tracker card). A ``Defeat <name>`` objective naming a Named Enemy its layout does
    not set up is ``CF715``; one the layout sets up is checked here, at the layout."""
    if not describes_decks(pack):
        return
    for doc in pack.layouts.values():
        for i, placed in enumerate(doc.model.named_enemies):
            name = placed.name
            if name in pack.named_enemies or pack.defined_but_invalid("named-enemy", name):
                continue
            hint = choices_hint(name, pack.named_enemies, "Named Enemies",
                                _define("named-enemy", name) + ", its `health`, `defense` and `threat_deck`")
            if name in pack.enemies:
                hint = (f"'{name}' is an Enemy (tokens, deployed in a `deployment` area); `named_enemies` sets up "
                        "the standees of Named Enemies")
            yield Diagnostic("CF802", f"unknown Named Enemy '{name}'",
                             **pack.board_where(doc, ("named_enemies", i, "name")), hint=hint)


@check("pack", "CF808")
def threat_decks_named(pack: PackIR) -> Iterator[Diagnostic]:
    """Every Named Enemy's ``threat_deck`` names a ``kind: threat-deck`` document (Named
    Enemy Tracker card: its Threat deck drives it in the Enemy turn)."""
    for name, named in pack.linked.named_enemies.items():
        deck = named.model.threat_deck
        if named.threat_deck is not None or pack.defined_but_invalid("threat-deck", deck):
            continue
        yield Diagnostic("CF808", f"Named Enemy '{name}' has no Threat deck: no `kind: threat-deck` is named '{deck}'",
                         **pack.board_where(named.doc, ("threat_deck",)),
                         hint=choices_hint(deck, pack.threat_decks, "Threat decks",
                                           _define("threat-deck", deck) + " and its `cards`"))


@check("pack", "CF809", "CF810")
def enemy_tokens(pack: PackIR) -> Iterator[Diagnostic]:
    """The components' ``enemy_tokens`` and the Enemy documents match: tokens of a name
    that no Enemy (nor Named Enemy) document defines (``CF809``), an Enemy whose tokens
    the box does not hold (``CF810``: its ``supply`` would be 0; Component List, Enemy
    tokens)."""
    if not describes_decks(pack):
        return
    linked = pack.linked
    for i, name in linked.unknown_tokens:
        if pack.defined_but_invalid("enemy", name) or pack.defined_but_invalid("named-enemy", name):
            continue
        yield Diagnostic("CF809", f"the box holds tokens of '{name}', but no `kind: enemy` document describes it",
                         **pack.board_where(pack.components, ("enemy_tokens", i, "enemy")),  # type: ignore[arg-type]
                         hint=choices_hint(name, linked.enemies, "Enemies",
                                           _define("enemy", name) + " (its Enemy Reference card)"))
    if pack.components is None and pack.defined_but_invalid("components"):
        return
    unknown = [name for _, name in linked.unknown_tokens]
    for name, enemy in linked.enemies.items():
        if enemy.supply is not None:
            continue
        if pack.components is None:
            message = f"Enemy '{name}' has no tokens: the pack has no `kind: components` document"
            hint = f"add components.yaml with `kind: components` and `enemy_tokens: [{{enemy: {name}, count: N}}]`"
        else:
            message = f"Enemy '{name}' has no tokens in the box (the components' `enemy_tokens`)"
            near = did_you_mean(name, unknown, prefix="the components list tokens of ")
            hint = (f"{near[:-1]}: is it this Enemy? Fix the name there" if near
                    else f"add `- {{enemy: {name}, count: N}}` to the components' `enemy_tokens:` (N: the tokens "
                         "in the box)")
        yield Diagnostic("CF810", message, **pack.board_where(enemy.doc, ("name",)), hint=hint)


@check("pack", "CF807")
def fallback_terrain(pack: PackIR) -> Iterator[Diagnostic]:
    """Every terrain a ``fallback`` target selector names (the second ruleset: doors and
    portcullises attacked when no Hero is in range and line of sight) is a terrain
    tile or a terrain keyword of the pack."""
    known = sorted({*pack.terrain_tiles, *pack.keywords})
    for doc, path, rule in target_rules(pack):
        for j, selector in enumerate(rule):
            fallback = getattr(selector, "fallback", None)
            if fallback is None:
                continue
            for k, name in enumerate(fallback.terrain):
                if name in known or pack.defined_but_invalid("terrain-tile", name) \
                        or pack.defined_but_invalid("terrain-keyword", name):
                    continue
                yield Diagnostic(
                    "CF807", f"unknown terrain '{name}' in a `fallback` target selector",
                    **pack.board_where(doc, (*path, j, "fallback", "terrain", k)),
                    hint=choices_hint(name, known, "terrain tiles and keywords",
                                      f"define it: a `kind: terrain-tile` (a door as a tile) or a `kind: "
                                      f"terrain-keyword` named '{name}' (an edge keyword for a door in a wall)"))
