"""Enemies and Threat decks against the numbers of Characters (board stage, once per
pack; issue 9): a ``spawn`` that can ask for more Enemies than the box holds (CF821),
a Threat deck whose every card can go back to the box while it says to reshuffle
(CF822), a target rule that keeps Characters "in range" of an attacker with no range
(CF826), and per-player-count values that fall as the party grows (CF827). Every
number of Characters the pack admits is checked (:func:`effective_counts`).

Rule sources: Gascony's Legacy, Named Enemy Tracker card ("The total health a boss
has depends on the number of Characters in play"; "Guards!": "place up to 1 per
player [...] and return this card to the box"), Solo Play ("Set up the game for 2
players [...] you may control up to 4 Characters"), Difficulty Adjustments ("Treat
your Character count as 1 lower than the number of players"), Attack (Ranged
Weapons: "If a Ranged Weapon doesn't list a Range, it is considered unlimited").
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardforge_compiler.checks import check
from cardforge_compiler.diagnostics import Diagnostic, listed
from cardforge_compiler.report import plural
from cardforge_compiler.resolve import PackIR
from cardforge_compiler.resolve_decks import EffectRef, walk_effects
from cardforge_compiler.validate import Document
from cardforge_runtime.format import NAMED_ENEMY_PLAYER_COUNTS
from cardforge_runtime.setup import players_set_up

__all__ = ["effective_counts", "falls_as_party_grows", "range_needed", "spawn_within_supply",
           "threat_decks_run_out"]

#: The target filters that read the attacker's range.
RANGE_FILTERS = ("in-range", "range-and-line-of-sight")


def effective_counts(pack: PackIR) -> list[int]:
    """Every number of Characters (1 to 4, ``format.NAMED_ENEMY_PLAYER_COUNTS``) a
    per-player value of the pack can be read at, smallest first: for each number of
    players from ``players.min`` to ``players.max``, the count the game is set up for
    (Solo Play: ``players.solo_characters``; ``setup.players_set_up``) and, in Solo
    Play, each number of Characters one player may control (``solo_characters`` to
    ``players.max``); each also with every difficulty option's ``character_count``
    added (the easier game: one lower), never below 1. Without a manifest: 1 to 4."""
    manifest = pack.pack
    if manifest is None:
        return list(NAMED_ENEMY_PLAYER_COUNTS)
    players = manifest.players
    limits = players.model_dump()
    base: set[int] = set()
    for n in range(players.min, players.max + 1):
        base.add(players_set_up(limits, n))
        if n == 1:
            base.update(range(players.solo_characters, max(players.max, players.solo_characters) + 1))
    shifts = {0} | {option.character_count for option in manifest.difficulty}
    counts = {max(1, n + shift) for n in base for shift in shifts}
    return sorted(n for n in counts if n in NAMED_ENEMY_PLAYER_COUNTS)


def _describe(ref: EffectRef) -> str:
    """Where an effect is, in words: ``Threat card 'Guards!' (Threat deck 'Cardinal
    Richelieu')``, ``card 'Dodge' (deck 'Reaction')``, ``Enemy 'Marksman'``..."""
    model = ref.doc.model
    kind = getattr(model, "kind", "")
    if kind in ("deck", "threat-deck") and len(ref.path) > 1 and ref.path[0] == "cards":
        card = model.cards[ref.path[1]].name
        return (f"Threat card '{card}' (Threat deck '{model.name}')" if kind == "threat-deck"
                else f"card '{card}' (deck '{model.name}')")
    if kind == "enemy":
        return f"Enemy '{model.name}'"
    return "the pack manifest"


def _table(values: dict[int, int], counts: list[int]) -> str:
    return ", ".join(f"{values.get(n, 0)} at {n}" for n in counts)


@check("board", "CF821")
def spawn_within_supply(pack: PackIR) -> Iterator[Diagnostic]:
    """A ``spawn`` asks, at every number of Characters the pack admits, for no more
    Enemies than the box holds (the supply: components' ``enemy_tokens``). The runtime
    places min(count, supply, free squares), so more is never placed: a warning that
    the card's number cannot be met."""
    counts = effective_counts(pack)
    for ref in pack.linked.effects:
        if ref.kind != "spawn" or ref.params is None:
            continue
        params = ref.params
        enemy = pack.linked.enemies.get(params.enemy)
        if enemy is None or enemy.supply is None:
            continue        # an unknown Enemy, or none in the box (reference checks)
        if params.per_player is not None:
            wanted = {n: params.per_player * n for n in counts}
            path = ref.param_path("per_player")
            how = f"{params.per_player} per player"
        else:
            wanted = {n: params.count_.get(n, 0) for n in counts}
            over = [n for n in counts if wanted[n] > enemy.supply]
            path = (*ref.param_path("count"), over[0]) if over else ref.param_path("count")
            how = "its `count`"
        over = [n for n in counts if wanted[n] > enemy.supply]
        if not over:
            continue
        n = over[0]
        also = "" if len(over) == 1 else f" (and at {listed(over[1:-1] + [plural(over[-1], 'Character')])})"
        yield Diagnostic(
            "CF821", f"{_describe(ref)} spawns up to {wanted[n]} '{params.enemy}' at {plural(n, 'Character')} "
                     f"({how}), but the box holds {enemy.supply}{also}: fewer are placed",
            **pack.board_where(ref.doc, path, anchor="key" if isinstance(path[-1], int) else "value"),
            hint=f"lower the number, or raise the `{params.enemy}` token `count` in components if the box really "
                 "holds more")


def _returns_to_box(card: Any) -> bool:
    effects = [*walk_effects(card.threat, ("threat",)), *walk_effects(card.reaction, ("reaction",))]
    return any(kind == "return-to-box" for _path, kind, _effect in effects)


@check("board", "CF822")
def threat_decks_run_out(pack: PackIR) -> Iterator[Diagnostic]:
    """A Threat deck whose every card can go back to the box (a ``return-to-box``
    effect in either portion, under an ``if`` too) says ``when_empty: nothing``: with
    ``reshuffle`` (or no rule) the draw pile can run out with nothing to reshuffle."""
    for doc in pack.threat_decks.values():
        model = doc.model
        if not model.cards or model.when_empty == "nothing" or not all(map(_returns_to_box, model.cards)):
            continue
        if model.when_empty is None:
            message = (f"every card of Threat deck '{model.name}' can return to the box, and the deck gives no rule "
                       "for when it runs out")
            where = pack.board_where(doc, ("name",))
        else:
            message = (f"every card of Threat deck '{model.name}' can return to the box: when its draw pile runs "
                       "out there may be nothing left to reshuffle")
            where = pack.board_where(doc, ("when_empty",))
        yield Diagnostic("CF822", message, **where,
                         hint="write `when_empty: nothing` (no more threats once the deck is gone), or keep a card "
                              "that does not return to the box")


def _range_selectors(rule: list[Any]) -> list[int]:
    return [j for j, selector in enumerate(rule or []) if getattr(selector, "among", None) in RANGE_FILTERS]


def _enemy_rule(pack: PackIR, doc: Document) -> tuple[list[Any], Document, tuple] | None:
    """An Enemy's target rule and where it is written: its own ``priorities``, else
    the pack's ``enemy_rules.defaults`` for its type (``None``: the format's
    default, which reads no range)."""
    model = doc.model
    if model.priorities is not None:
        return model.priorities.target, doc, ("priorities", "target")
    rules = pack.pack.enemy_rules if pack.pack is not None else None
    default = getattr(rules.defaults, model.type) if rules is not None else None
    if default is None:
        return None
    return default.target, pack.manifest, ("enemy_rules", "defaults", model.type, "target")


@check("board", "CF826")
def range_needed(pack: PackIR) -> Iterator[Diagnostic]:
    """A target rule that keeps the Characters in range (``{among: in-range}`` or
    ``range-and-line-of-sight``) belongs to an attacker with a ``range``: an Enemy with
    no range has an unlimited one, and a Named Enemy (attacking in a Threat card) has
    none, so the filter keeps every Character."""
    for name, enemy in pack.linked.enemies.items():
        found = _enemy_rule(pack, enemy.doc)
        if found is None or enemy.model.range is not None:
            continue
        rule, doc, path = found
        for j in _range_selectors(rule):
            own = doc is enemy.doc
            melee = enemy.model.type == "melee"
            yield Diagnostic(
                "CF826", f"Enemy '{name}' targets Characters `{rule[j].among}`, but has no `range` (unlimited): "
                         "the filter keeps every Character" + ("" if own else
                                                               f" (the pack's default rule for {enemy.model.type} "
                                                               "Enemies)"),
                **pack.board_where(enemy.doc, ("name",) if not own else (*path, j)),
                see=None if own else (doc.source.display, doc.index, (*path, j)),
                hint=("a melee Enemy attacks adjacent Characters: write `{among: adjacent}`" if melee else
                      "give the Enemy its `range:` from its Reference card, or filter with `{among: line-of-sight}`"))
    for ref in pack.linked.effects:
        if ref.kind != "attack" or ref.params is None or ref.doc.model.kind != "threat-deck":
            continue
        for j in _range_selectors(ref.params.target):
            yield Diagnostic(
                "CF826", f"{_describe(ref)} makes its Named Enemy attack the Characters "
                         f"`{ref.params.target[j].among}`, but a Named Enemy has no range: the filter keeps every "
                         "Character", **pack.board_where(ref.doc, (*ref.param_path("target"), j)),
                hint="filter with `{among: adjacent}` or `{among: line-of-sight}`")


def _falls(values: dict[int, int], counts: list[int]) -> tuple[int, int] | None:
    """The first pair of admitted counts ``(a, b)``, ``a < b``, with a lower value at
    ``b`` (a missing count reads 0, as the runtime reads it)."""
    for a, b in zip(counts, counts[1:]):
        if values.get(b, 0) < values.get(a, 0):
            return a, b
    return None


@check("board", "CF827")
def falls_as_party_grows(pack: PackIR) -> Iterator[Diagnostic]:
    """A Named Enemy's ``health`` and a ``spawn``'s ``count`` table do not fall as the
    party grows, over every number of Characters the pack admits (a warning;
    ``falls_on_purpose: true`` allows it)."""
    counts = effective_counts(pack)
    hint = ("make the value grow (or stay) with the party, or write `falls_on_purpose: true` if the card really "
            "gives less to a larger party")
    for name, named in pack.linked.named_enemies.items():
        model = named.model
        fall = None if model.falls_on_purpose else _falls(model.health, counts)
        if fall is not None:
            a, b = fall
            yield Diagnostic(
                "CF827", f"Named Enemy '{name}' has less health at {plural(b, 'Character')} than at {a} "
                         f"({model.health.get(b, 0)} < {model.health.get(a, 0)}; health {_table(model.health, counts)})",
                **pack.board_where(named.doc, ("health", b), anchor="key"), hint=hint)
    for ref in pack.linked.effects:
        if ref.kind != "spawn" or ref.params is None or ref.params.count_ is None or ref.params.falls_on_purpose:
            continue
        table = ref.params.count_
        fall = _falls(table, counts)
        if fall is None:
            continue
        a, b = fall
        missing = "" if b in table else f"; no value for {b}: none placed"
        path = (*ref.param_path("count"), b) if b in table else ref.param_path("count")
        yield Diagnostic(
            "CF827", f"{_describe(ref)} spawns fewer '{ref.params.enemy}' at {plural(b, 'Character')} than at {a} "
                     f"({table.get(b, 0)} < {table.get(a, 0)}{missing}; count {_table(table, counts)})",
            **pack.board_where(ref.doc, path, anchor="key" if b in table else "value"), hint=hint)
