"""Stage 5, emit, for Enemies, Named Enemies, Threat decks, decks and the manifest's
Battle rules (format 1.5.0; docs/bundle.md, Enemies and decks): the one writer of
these parts of a bundle. Every field is written, defaults filled from the format
(``cardforge_runtime.format``: ``EFFECTS``, ``CARD_ROLE_FIELDS``, ``DICE_RULE_DEFAULTS``,
``ENEMY_PRIORITY_DEFAULTS``, ``STATUS_TOKEN_DEFAULTS``...); effects, predicates and
target selectors are written ``{"kind": ..., ...}``; an Attack Pattern as its sorted
``[right, forward]`` offsets; per-count values with the count as text keys
(``{"1": 4, ...}``, JSON objects have text keys). Enemy-like lists are sorted by
name; cards keep their authored order (deck instance ids follow it).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from cardforge_runtime.format import (
    CARD_ROLE_FIELDS,
    DICE_RULE_DEFAULTS,
    DICE_RULE_KINDS,
    EFFECT_SHORTHAND,
    EFFECTS,
    ENEMY_PRIORITY_DEFAULTS,
    PREDICATES,
    STATUS_TOKEN_DEFAULTS,
    TARGET_SELECTORS,
)

from cardforge_compiler.conditions import parse_condition
from cardforge_compiler.model import effect_kind
from cardforge_compiler.model.effects import SHORTHAND_PARAMS
from cardforge_compiler.model.patterns import pattern_offsets

__all__ = ["character_out", "decks_out", "effects_out", "pack_rules_out", "status_token_out"]


def _py(name: str) -> str:
    return f"{name}_" if name in ("if", "else", "count") else name


def _value(kind: str, value: Any) -> Any:
    """A parameter's value as the bundle writes it."""
    if kind == "effects":
        return effects_out(value or [])
    if value is None:
        return None
    if kind == "predicate":
        return _predicate(value)
    if kind == "target-rule":
        return [_selector(s) for s in value]
    if kind == "subject" and isinstance(value, BaseModel):     # {target: rule}
        return {"target": [_selector(s) for s in value.target]}
    if kind == "per-count":
        return {str(n): value[n] for n in sorted(value)}
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json", by_alias=True)
    return list(value) if isinstance(value, list) else value


def _params(spec: dict[str, tuple[str, bool, Any]], params: Any) -> dict[str, Any]:
    return {name: _value(kind, getattr(params, _py(name))) for name, (kind, _req, _default) in spec.items()}


def effects_out(effects: list[Any]) -> list[dict[str, Any]]:
    """A list of validated effects (``model.effects.Effect``) as the bundle writes it:
    ``{"kind": <effect>, ...every parameter}``, defaults filled; a shorthand scalar
    (``extra-attack-die: 1``) written as its parameter."""
    out = []
    for effect in effects:
        kind = effect_kind(effect)
        assert kind is not None
        spec = EFFECTS[kind][1]
        if kind == "if":
            out.append({"kind": "if", **_params(spec, effect)})
            continue
        params = getattr(effect, kind.replace("-", "_"))
        if not isinstance(params, BaseModel):      # a shorthand scalar
            params = SHORTHAND_PARAMS[kind](**{EFFECT_SHORTHAND[kind]: params})
        out.append({"kind": kind, **_params(spec, params)})
    return out


def _predicate(value: Any) -> dict[str, Any]:
    """A predicate as the bundle writes it: ``{"kind", "value"}``; a ``condition``'s
    value is its condition tree, its text beside it as ``source`` (as a story ``if``
    step's ``condition`` and ``condition_source``)."""
    if isinstance(value, str):
        return {"kind": value, "value": None}
    name = next(n for n in PREDICATES if hasattr(value, n.replace("-", "_")))
    given = getattr(value, name.replace("-", "_"))
    if PREDICATES[name][1] == "condition":
        return {"kind": name, "value": _tree(given), "source": given}
    return {"kind": name, "value": given}


def _tree(source: str) -> dict[str, Any]:
    """The condition tree of a pack's condition text. Emit runs only on content lint
    found clean, where every such condition parses and is well typed
    (``resolve_pack_conditions``); parsing is a pure function of the text."""
    return parse_condition(source)


def _selector(value: Any) -> dict[str, Any]:
    if isinstance(value, str):
        return {"kind": value}
    name = next(n for n in TARGET_SELECTORS if hasattr(value, n.replace("-", "_")))
    inner = getattr(value, name.replace("-", "_"))
    spec = TARGET_SELECTORS[name][1]
    if set(spec) == {"value"}:
        return {"kind": name, "value": inner}
    return {"kind": name, **_params(spec, inner)}


def _priorities(model: Any) -> dict[str, Any]:
    return {"move": list(model.move), "target": [_selector(s) for s in model.target]}


def _default_priorities(pack: Any) -> dict[str, dict[str, Any]]:
    """The pack's default priorities by Enemy type: its ``enemy_rules.defaults``, else
    the format's ``ENEMY_PRIORITY_DEFAULTS``."""
    out = {t: {"move": list(p["move"]), "target": [dict(s) for s in p["target"]]}
           for t, p in ENEMY_PRIORITY_DEFAULTS.items()}
    rules = pack.enemy_rules if pack is not None else None
    if rules is not None:
        for enemy_type in out:
            given = getattr(rules.defaults, enemy_type)
            if given is not None:
                out[enemy_type] = _priorities(given)
    return out


def _enemy(ir: Any, defaults: dict[str, Any]) -> dict[str, Any]:
    m = ir.model
    return {"name": m.name, "type": m.type, "damage": m.damage, "movement": m.movement,
            "defense": {"wounded": m.defense.wounded, "defeated": m.defense.defeated},
            "range": m.range, "attack": m.attack, "attacks": m.attacks, "retarget_on_kill": m.retarget_on_kill,
            "priorities": _priorities(m.priorities) if m.priorities is not None else defaults[m.type],
            "on_hit": effects_out(m.on_hit), "supply": ir.supply or 0, "text": m.text}


def _named_enemy(m: Any) -> dict[str, Any]:
    return {"name": m.name, "health": {str(n): m.health[n] for n in sorted(m.health)}, "defense": m.defense,
            "damage": m.damage, "movement": m.movement, "threat_deck": m.threat_deck,
            "falls_on_purpose": m.falls_on_purpose, "text": m.text}


def _threat_deck(m: Any) -> dict[str, Any]:
    return {"name": m.name, "when_empty": m.when_empty or "reshuffle", "text": m.text,
            "cards": [{"name": c.name, "count": c.count, "threat": effects_out(c.threat),
                       "reaction": effects_out(c.reaction), "reaction_name": c.reaction_name,
                       "text": {"threat": c.text.threat, "reaction": c.text.reaction}} for c in m.cards]}


def _dice_rule(rule: Any) -> dict[str, Any]:
    out = dict(DICE_RULE_DEFAULTS, on=rule.on)
    for key in (*DICE_RULE_KINDS, "dice_count"):
        value = getattr(rule, key)
        if value is not None:
            out[key] = list(value) if isinstance(value, list) else value
    return out


def _card(card: Any, role: str) -> dict[str, Any]:
    out: dict[str, Any] = {"name": card.name, "count": card.count, "text": card.text}
    for key, default in CARD_ROLE_FIELDS[role].items():
        value = getattr(card, key)
        if key in ("effects", "use"):
            out[key] = effects_out(value or [])
        elif key == "pattern":
            out[key] = pattern_offsets(value) if value is not None else []
        elif key == "dice":
            out[key] = [_dice_rule(r) for r in value or []]
        else:
            out[key] = value if value is not None else default
    return out


def _deck(m: Any) -> dict[str, Any]:
    return {"name": m.name, "role": m.role, "box_counts": m.box_counts, "text": m.text,
            "cards": [_card(c, m.role) for c in m.cards]}


def decks_out(pack: Any) -> dict[str, list[dict[str, Any]]]:
    """A pack's ``enemies``, ``named_enemies``, ``threat_decks`` and ``decks`` (``pack``
    a ``PackIR``), each sorted by name; an Enemy carries its ``supply`` (0 when the
    components give it no tokens: a check reports that) and its priorities (its own,
    else the pack's default for its type)."""
    defaults = _default_priorities(pack.pack)
    linked = pack.linked
    return {
        "enemies": [_enemy(linked.enemies[n], defaults) for n in sorted(linked.enemies)],
        "named_enemies": [_named_enemy(pack.named_enemies[n].model) for n in sorted(pack.named_enemies)],
        "threat_decks": [_threat_deck(pack.threat_decks[n].model) for n in sorted(pack.threat_decks)],
        "decks": [_deck(pack.decks[n].model) for n in sorted(pack.decks)],
    }


def status_token_out(token: Any) -> dict[str, Any]:
    """The format-1.5.0 fields of a status token (``covers``, ``removed_by``,
    ``stat_modifier``, ``stacks``), every one present."""
    out = dict(STATUS_TOKEN_DEFAULTS)
    out.update(covers=token.covers, removed_by=token.removed_by, stacks=token.stacks,
               stat_modifier=token.stat_modifier.model_dump(mode="json") if token.stat_modifier else None)
    return out


def _ability(ability: Any) -> dict[str, Any] | None:
    if ability is None:
        return None
    return {"name": ability.name, "text": ability.text, "effects": effects_out(ability.effects)}


def character_out(character: Any) -> dict[str, Any]:
    """A Character board's format-1.5.0 fields: ``weapons`` (``[]``), ``talent`` and
    ``support`` (``null`` or ``{name, text, effects}``), ``role`` (``null`` when none)."""
    return {"weapons": list(character.weapons), "talent": _ability(character.talent),
            "support": _ability(character.support), "role": character.role}


def pack_rules_out(pack: Any) -> dict[str, Any]:
    """The manifest's format-1.5.0 fields (``pack`` the ``Pack`` model), every one
    present: ``battle_stats`` (``{"melee", "defense"}``, each a stat or ``null``),
    ``carry`` (``null``: no limit), ``deck_roles`` (the manifest's ``decks``:
    role -> deck name; the bundle's ``decks`` is the list of decks),
    ``stones_of_chance`` (``null``: none), ``difficulty`` (authored order),
    ``enemy_rules`` (defaults filled) and ``on_death``; format 1.6.0's ``battle_round``
    (``null``: the Battles are played at the table; else every field)."""
    stats = pack.battle_stats
    stones = pack.stones_of_chance
    rules = pack.enemy_rules
    on_death = pack.on_death
    battle_round = pack.battle_round
    return {
        "battle_round": None if battle_round is None else {
            "move_stat": battle_round.move_stat, "phases": list(battle_round.phases),
            "turn": battle_round.turn.model_dump(mode="json"),
            "actions": list(battle_round.actions), "rescue": battle_round.rescue.model_dump(mode="json")},
        "battle_stats": {"melee": stats.melee if stats else None, "defense": stats.defense if stats else None},
        "carry": {"hands": pack.carry.hands} if pack.carry is not None else None,
        "deck_roles": {role: pack.decks[role] for role in sorted(pack.decks)},
        "stones_of_chance": None if stones is None else {
            "per_character": stones.per_character,
            "faces": [{"face": f.face, "options": [{"name": o.name, "effects": effects_out(o.effects)}
                                                   for o in f.options]} for f in stones.faces]},
        "difficulty": [{"name": d.name, "text": d.text,
                        "remove_cards": {deck: list(d.remove_cards[deck]) for deck in sorted(d.remove_cards)},
                        "start_draws": d.start_draws.model_dump(mode="json") if d.start_draws else None,
                        "character_count": d.character_count, "severe_wounds": d.severe_wounds,
                        "destiny_start": d.destiny_start, "abilities": d.abilities} for d in pack.difficulty],
        "enemy_rules": {"activation_order": rules.activation_order if rules else "melee-then-ranged",
                        "defaults": _default_priorities(pack)},
        "on_death": {"effect": "lose-game", "options": []} if on_death is None else {
            "effect": on_death.effect,
            "options": [{"name": o.name, "effect": o.effect, "if": _tree(o.if_) if o.if_ is not None else None,
                         "if_source": o.if_} for o in on_death.options or ()]},
    }


def campaign_out(campaign: Any) -> dict[str, Any] | None:
    """The manifest's ``campaign`` (format 1.6.0; ``campaign`` the ``Campaign``
    model or ``None``): ``{"stories": [ids], "between": [{"step": name, **params}]}``,
    every parameter present (``discard``: ``{"step": "discard", "what": [...]}``),
    or ``None`` when the pack has no campaign."""
    if campaign is None:
        return None
    between = []
    for name, params in campaign.steps():
        if name == "discard":
            between.append({"step": name, "what": list(params)})
        else:
            between.append({"step": name, **params.model_dump(mode="json")})
    return {"stories": list(campaign.stories), "between": between}
