"""The checks ``load_bundle`` runs on a pack's Enemies and decks (format 1.5.0): the
pack's ``enemies``, ``named_enemies``, ``threat_decks`` and ``decks``, its Battle
rules (``carry``, ``deck_roles``, ``stones_of_chance``, ``difficulty``,
``enemy_rules``, ``on_death``), the 1.5.0 fields of its status tokens and Character
boards; every field typed and ranged with the vocabularies, defaults and ranges of
``effect_fields``, every effect's parameters checked against ``EFFECTS``, and the
names the engine looks up (a spawned or activated Enemy, a status token, a deck, a
Named Enemy's Threat deck, a Starting Weapon) found, so that a hand-edited bundle
stops here, naming the JSON path, rather than failing in a Battle.

Rule sources: Gascony's Legacy, "Component List" (Equipment, Loot and Enemy Reaction
cards, Enemy Reference cards, Named Enemy Tracker card, Status Banner tokens, Stones of
Chance), "Battle", "Difficulty Adjustments"; the second ruleset, "Enemy Attack".
See ``docs/bundle.md``, Enemies and decks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardforge_runtime.bundle_battle import check_battle_rounds
from cardforge_runtime.bundle_fields import FieldChecker
from cardforge_runtime.bundle_rules import RulesChecks
from cardforge_runtime.format import (
    ATTACK_KINDS,
    CARD_ROLE_FIELDS,
    CHOICES,
    DECK_ROLES,
    DICE_RULE_ON,
    EFFECT_ONE_OF,
    EFFECTS,
    ENEMY_TYPES,
    HANDS,
    MAX_NESTING,
    MOVEMENT_STEPS,
    NAMED_ENEMY_PLAYER_COUNTS,
    PREDICATES,
    RANGES,
    SLOTS,
    SUBJECTS,
    TARGET_SELECTORS,
    WHEN_EMPTY,
    is_name,
    pack_condition_names,
)
from cardforge_runtime.limits import json_type

__all__ = ["DECKS_SINCE_MINOR", "check_decks"]

#: The minor version of the bundle format (major 1) from which every pack has its
#: Enemies, decks and Battle rules (and every status token and Character board the
#: 1.5.0 fields).
DECKS_SINCE_MINOR = 5


class _Decks(RulesChecks):
    """One pack's Enemy and deck checks; ``names`` holds what effects may name. The
    manifest's parts are ``RulesChecks``'s (``bundle_rules``)."""

    def __init__(self, c: FieldChecker, names: dict[str, set[str]], condition_names: Mapping[str, str]) -> None:
        self.c = c
        self.names = names
        self.condition_names = condition_names
        self.cards_of = {}

    # -- values -------------------------------------------------------------

    def name(self, obj: Mapping[str, Any], key: str, path: str, *, nullable: bool = False,
             among: str | None = None) -> Any:
        value = self.c.field(obj, key, path, "text?" if nullable else "text")
        if value is None:
            return None
        if not is_name(value):
            self.c.fail(f"{path}.{key}", f"expected a name (text, no space at either end), found {value!r}")
        if among is not None and value not in self.names[among]:
            known = ", ".join(sorted(self.names[among])) or "none"
            self.c.fail(f"{path}.{key}", f"{value!r} is not one of the pack's {among} ({known})")
        return value

    def ranged(self, obj: Mapping[str, Any], key: str, path: str, *, nullable: bool = False) -> Any:
        if nullable and self.c.field(obj, key, path, "int?") is None:
            return None
        return self.c.count(obj, key, path, *RANGES[key])

    def param(self, obj: Mapping[str, Any], key: str, path: str, kind: str, nullable: bool, depth: int,
              range_key: str | None = None) -> None:
        """One parameter of ``kind`` (``format.PARAM_KINDS``, a ``CHOICES`` or a ``RANGES`` key)."""
        if key not in obj:
            self.c.fail(path, f"missing field {key!r}")
        value = obj[key]
        if kind == "effects":
            self.effects(self.c.field(obj, key, path, "list"), f"{path}.{key}", depth + 1)
            return
        if value is None and nullable:
            return
        if kind == "name":
            among = {"enemy": "enemies", "token": "status tokens", "deck": "decks"}.get(key)
            self.name(obj, key, path, among=among)
        elif kind == "condition":
            self.c.condition(self.c.field(obj, key, path, "object"), f"{path}.{key}", self.condition_names, "bool",
                             pack_wide=True)
        elif kind == "names":
            self.c.texts(obj, key, path)
        elif kind == "bool":
            self.c.field(obj, key, path, "bool")
        elif kind == "subject":
            if isinstance(value, Mapping):                     # {"target": rule}
                rule = self.c.field(value, "target", f"{path}.{key}", "list")
                if set(value) != {"target"}:
                    self.c.fail(f"{path}.{key}", "a subject is you, this or {\"target\": [selectors]}")
                self.target_rule(rule, f"{path}.{key}.target")
            else:
                self.c.choice(obj, key, path, SUBJECTS)
        elif kind in CHOICES:
            self.c.choice(obj, key, path, CHOICES[kind])
        elif kind == "predicate":
            self.predicate(self.c.obj(value, f"{path}.{key}"), f"{path}.{key}")
        elif kind == "target-rule":
            self.target_rule(self.c.field(obj, key, path, "list"), f"{path}.{key}")
        elif kind == "per-count":
            counts = self.c.obj(value, f"{path}.{key}")
            for n in counts:
                if n not in _COUNT_KEYS:
                    self.c.fail(f"{path}.{key}", f"expected keys {', '.join(_COUNT_KEYS)} (Characters), found {n!r}")
                self.c.count(counts, n, f"{path}.{key}", *RANGES["spawn_count"])
        else:
            self.c.count(obj, key, path, *RANGES[kind])

    # -- effects --------------------------------------------------------------

    def effects(self, effects: list[Any], path: str, depth: int = 0) -> None:
        """A list of effects (``{"kind": ..., ...params}``, ``format.EFFECTS``)."""
        if depth > MAX_NESTING:
            self.c.fail(path, f"effects are nested more than {MAX_NESTING} deep")
        for i, effect in enumerate(effects):
            where = f"{path}[{i}]"
            kind = self.c.choice(self.c.obj(effect, where), "kind", where, tuple(EFFECTS))
            for key, (value_kind, required, default) in EFFECTS[kind][1].items():
                self.param(effect, key, where, value_kind, not required and default is None, depth)
            if kind == "auto-successes":                     # rolled with one of the pack's stats
                self.name(effect, "stat", where, among="stats")
            group = EFFECT_ONE_OF.get(kind)
            if group and sum(effect[k] is not None for k in group) != 1:
                self.c.fail(where, f"a {kind} effect has exactly one of {', '.join(group)} not null")

    def predicate(self, predicate: Mapping[str, Any], path: str) -> None:
        kind = self.c.choice(predicate, "kind", path, tuple(PREDICATES))
        value_kind = PREDICATES[kind][1]
        if value_kind is None:
            if predicate.get("value", None) is not None:
                self.c.fail(f"{path}.value", f"the predicate {kind} takes no value: expected null, "
                                             f"found {json_type(predicate['value'])}")
        else:
            self.param(predicate, "value", path, value_kind, False, 0)
        if value_kind == "condition":
            self.c.field(predicate, "source", path, "text", optional=True)

    def target_rule(self, rule: list[Any], path: str) -> None:
        if not rule:
            self.c.fail(path, "a target rule needs at least one selector")
        for i, selector in enumerate(rule):
            where = f"{path}[{i}]"
            kind = self.c.choice(self.c.obj(selector, where), "kind", where, tuple(TARGET_SELECTORS))
            for key, (value_kind, required, default) in TARGET_SELECTORS[kind][1].items():
                self.param(selector, key, where, value_kind, not required and default is None, 0)

    def priorities(self, priorities: Mapping[str, Any], path: str) -> None:
        moves = self.c.field(priorities, "move", path, "list")
        if not moves:
            self.c.fail(f"{path}.move", "a movement priority needs at least one step")
        for i, move in enumerate(moves):
            if move not in MOVEMENT_STEPS:
                self.c.fail(f"{path}.move[{i}]", f"expected one of {', '.join(MOVEMENT_STEPS)}, found {move!r}")
        self.target_rule(self.c.field(priorities, "target", path, "list"), f"{path}.target")

    # -- documents --------------------------------------------------------------

    def enemy(self, enemy: Mapping[str, Any], path: str) -> None:
        self.name(enemy, "name", path)
        kind = self.c.choice(enemy, "type", path, ENEMY_TYPES)
        for key in ("damage", "movement", "attacks"):
            self.ranged(enemy, key, path)
        defense = self.c.field(enemy, "defense", path, "object")
        wounded = self.c.count(defense, "wounded", f"{path}.defense", *RANGES["enemy_defense"])
        defeated = self.c.count(defense, "defeated", f"{path}.defense", *RANGES["enemy_defense"])
        if defeated < wounded:
            self.c.fail(f"{path}.defense.defeated", f"expected at least wounded ({wounded}), found {defeated}")
        for key, range_key in (("range", "enemy_range"), ("attack", "attack_value")):
            if self.c.field(enemy, key, path, "int?") is not None:
                if kind == "melee" and key == "range":          # an attack value: either type
                    self.c.fail(f"{path}.{key}", f"a melee Enemy has no {key}: expected null")
                self.c.count(enemy, key, path, *RANGES[range_key])
        self.c.field(enemy, "retarget_on_kill", path, "bool")
        self.priorities(self.c.field(enemy, "priorities", path, "object"), f"{path}.priorities")
        self.effects(self.c.field(enemy, "on_hit", path, "list"), f"{path}.on_hit")
        self.c.count(enemy, "supply", path, 0, RANGES["piece_count"][1])
        self.c.field(enemy, "text", path, "text")

    def named_enemy(self, named: Mapping[str, Any], path: str) -> None:
        self.name(named, "name", path)
        health = self.c.field(named, "health", path, "object")
        for n in _COUNT_KEYS:
            if n not in health:
                self.c.fail(f"{path}.health", f"missing health for {n} Character(s)")
            self.c.count(health, n, f"{path}.health", *RANGES["named_health"])
        if len(health) != len(_COUNT_KEYS):
            extra = sorted(set(health) - set(_COUNT_KEYS))[0]
            self.c.fail(f"{path}.health", f"expected keys {', '.join(_COUNT_KEYS)} (Characters), found {extra!r}")
        self.c.count(named, "defense", path, *RANGES["enemy_defense"])
        self.ranged(named, "damage", path)
        self.ranged(named, "movement", path)
        self.name(named, "threat_deck", path, among="threat decks")
        self.c.field(named, "falls_on_purpose", path, "bool")
        self.c.field(named, "text", path, "text")

    def threat_deck(self, deck: Mapping[str, Any], path: str) -> None:
        self.name(deck, "name", path)
        self.c.choice(deck, "when_empty", path, WHEN_EMPTY)
        self.c.field(deck, "text", path, "text")
        for i, card in enumerate(self.c.field(deck, "cards", path, "list")):
            where = f"{path}.cards[{i}]"
            self.name(self.c.obj(card, where), "name", where)
            self.c.count(card, "count", where, *RANGES["card_count"])
            for portion in ("threat", "reaction"):
                self.effects(self.c.field(card, portion, where, "list"), f"{where}.{portion}")
            if card.get("reaction_name") is not None:          # absent: written before the field, null
                self.name(card, "reaction_name", where, nullable=True)
            text = self.c.field(card, "text", where, "object")
            self.c.field(text, "threat", f"{where}.text", "text")
            self.c.field(text, "reaction", f"{where}.text", "text")

    def deck(self, deck: Mapping[str, Any], path: str) -> None:
        self.name(deck, "name", path)
        role = self.c.choice(deck, "role", path, DECK_ROLES)
        if self.c.field(deck, "box_counts", path, "int?") is not None:
            self.c.count(deck, "box_counts", path, *RANGES["box_counts"])
        self.c.field(deck, "text", path, "text")
        for i, card in enumerate(self.c.field(deck, "cards", path, "list")):
            self.card(self.c.obj(card, f"{path}.cards[{i}]"), f"{path}.cards[{i}]", role)

    def card(self, card: Mapping[str, Any], path: str, role: str) -> None:
        self.name(card, "name", path)
        self.c.count(card, "count", path, *RANGES["card_count"])
        self.c.field(card, "text", path, "text")
        for key in CARD_ROLE_FIELDS[role]:
            if key in ("effects", "use"):
                self.effects(self.c.field(card, key, path, "list"), f"{path}.{key}")
            elif key in ("keep", "split_sixes", "unarmed"):
                self.c.field(card, key, path, "bool")
        if role == "response":
            self.c.count(card, "value", path, *RANGES["response_value"])
        if role != "equipment":
            return
        self.c.choice(card, "hands", path, HANDS)
        self.c.choice(card, "slot", path, SLOTS)
        attack = self.c.choice(card, "attack", path, ATTACK_KINDS)
        self.c.count(card, "cost", path, *RANGES["cost"])
        for key, range_key in (("value", "attack_value"), ("range", "weapon_range")):
            if self.c.field(card, key, path, "int?") is not None:
                if attack == "melee" and key == "range":
                    self.c.fail(f"{path}.range", "a melee Weapon has no range: expected null")
                self.c.count(card, key, path, *RANGES[range_key])
            elif attack == "ranged" and key == "value":
                self.c.fail(f"{path}.value", "a ranged Weapon needs its attack value: expected a whole number")
        self.pattern(self.c.field(card, "pattern", path, "list"), f"{path}.pattern")
        for j, rule in enumerate(self.c.field(card, "dice", path, "list")):
            self.dice_rule(self.c.obj(rule, f"{path}.dice[{j}]"), f"{path}.dice[{j}]")

    def pattern(self, offsets: list[Any], path: str) -> None:
        """An Attack Pattern: sorted, distinct ``[right, forward]`` offsets, each a whole
        number within the largest grid either way."""
        high = RANGES["grid"][1]
        for j, offset in enumerate(offsets):
            if type(offset) is not list or len(offset) != 2:
                self.c.fail(f"{path}[{j}]", "expected an offset [right, forward], found "
                            + json_type(offset) + (f" of {len(offset)} items" if type(offset) is list else ""))
            for k, number in enumerate(offset):
                if type(number) is not int or not -high <= number <= high:
                    self.c.fail(f"{path}[{j}][{k}]", f"expected a whole number from {-high} to {high}, found {number!r}")
        if any(offsets[j] >= offsets[j + 1] for j in range(len(offsets) - 1)):
            self.c.fail(path, "expected the offsets sorted, without repeats")

    def dice_rule(self, rule: Mapping[str, Any], path: str) -> None:
        self.c.choice(rule, "on", path, DICE_RULE_ON)
        pips = self.c.count(rule, "add_pips", path, 0, RANGES["pips"][1])
        self.c.count(rule, "dice_count", path, *RANGES["dice_count"])
        faces = self.c.field(rule, "reroll_faces", path, "list")
        for j, face in enumerate(faces):
            if type(face) is not int or not 1 <= face <= RANGES["face"][1]:
                self.c.fail(f"{path}.reroll_faces[{j}]", f"expected a die face, found {face!r}")
        extra = self.c.count(rule, "extra_dice", path, 0, RANGES["extra_dice"][1])
        advantage = self.c.field(rule, "advantage", path, "bool")
        if (pips > 0) + bool(faces) + (extra > 0) + advantage != 1:
            self.c.fail(path, "a dice rule has exactly one of add_pips, reroll_faces, extra_dice, advantage")


_COUNT_KEYS = tuple(str(n) for n in NAMED_ENEMY_PLAYER_COUNTS)


def _names_of(c: FieldChecker, pack: Mapping[str, Any], path: str, key: str) -> tuple[list[Any], set[str]]:
    items = c.field(pack, key, path, "list")
    names: set[str] = set()
    for i, item in enumerate(items):
        name = c.field(c.obj(item, f"{path}.{key}[{i}]"), "name", f"{path}.{key}[{i}]", "text")
        if name in names:
            c.fail(f"{path}.{key}[{i}].name", f"{name!r} appears twice")
        names.add(name)
    if [item["name"] for item in items] != sorted(names):
        c.fail(f"{path}.{key}", "expected the list sorted by name")
    return items, names


def check_decks(c: FieldChecker, pack: Mapping[str, Any], path: str, stats: set[str],
                condition_names: Mapping[str, str] | None = None, *, rounds_required: bool = False) -> None:
    """Check a pack's Enemies, decks and Battle rules (format 1.5.0) at ``path``
    (``$.packs[0]``): see the module's docstring. ``stats``: the pack's stats;
    ``condition_names``: what a condition of an effect (the ``condition`` predicate) or
    of an ``on_death`` option may read (``format.pack_condition_names``; ``None``: the
    built-in names only, as for a pack without stories).

    Raises:
        BundleError: the first fault, naming its JSON path
            (``$.packs[0].decks[1].cards[0].hands: expected one of 1, 2, found 3``).
    """
    enemies, enemy_names = _names_of(c, pack, path, "enemies")
    named, _ = _names_of(c, pack, path, "named_enemies")
    threats, threat_names = _names_of(c, pack, path, "threat_decks")
    decks, deck_names = _names_of(c, pack, path, "decks")
    tokens = {t["name"] for t in pack["status_tokens"]}           # checked texts (bundle_checks)
    checks = _Decks(c, {"enemies": enemy_names, "threat decks": threat_names, "decks": deck_names | threat_names,
                        "status tokens": tokens, "weapons": set(), "stats": set(stats)},
                    pack_condition_names([]) if condition_names is None else condition_names)
    for i, enemy in enumerate(enemies):
        checks.enemy(enemy, f"{path}.enemies[{i}]")
    for i, one in enumerate(named):
        checks.named_enemy(one, f"{path}.named_enemies[{i}]")
    for i, deck in enumerate(threats):
        checks.threat_deck(deck, f"{path}.threat_decks[{i}]")
    for i, deck in enumerate(decks):
        checks.deck(deck, f"{path}.decks[{i}]")
    # the decks checked: their card names are texts
    checks.names["weapons"] = {card["name"] for deck in decks if deck["role"] == "equipment" for card in deck["cards"]}
    checks.cards_of = {deck["name"]: {card["name"] for card in deck["cards"]} for deck in decks}
    for i, character in enumerate(pack.get("characters") or ()):
        checks.character(character, f"{path}.characters[{i}]")
    checks.rules(pack, path, stats)
    # the Stones of Chance checked: a token's removed_by names one of their faces
    checks.names["Stone of Chance faces"] = {face["face"] for face in (pack.get("stones_of_chance") or {}).get("faces", [])}
    for i, token in enumerate(pack["status_tokens"]):
        checks.token(token, f"{path}.status_tokens[{i}]", stats)
    # format 1.6.0: battle_round, and each Battle step's meet and upkeep effects
    check_battle_rounds(c, pack, path, checks, required=rounds_required)
