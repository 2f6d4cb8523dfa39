"""The checks ``load_bundle`` runs on a pack manifest's Battle rules (format 1.5.0):
``carry``, ``deck_roles``, ``stones_of_chance``, ``difficulty``, ``enemy_rules``,
``on_death``, and the 1.5.0 fields of status tokens and Character boards, with the
vocabularies and ranges of ``effect_fields`` (Gascony's Legacy, Character boards, All
for One board & Stones of Chance, Difficulty Adjustments, Enemy Turn; the second
ruleset, "Enemy Attack"). A part of ``bundle_decks``'s checks: the effects and
priorities they hold are checked there. See ``docs/bundle.md``, Enemies and decks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardforge_runtime.bundle_fields import FieldChecker
from cardforge_runtime.format import (
    ABILITY_RULES,
    ACTIVATION_ORDERS,
    BATTLE_STATS,
    COVERS,
    DECK_ROLES,
    ENEMY_TYPES,
    ON_DEATH_EFFECTS,
    RANGES,
)

__all__ = ["RulesChecks"]


class RulesChecks:
    """The manifest's checks, mixed into ``bundle_decks``'s checker, which gives
    ``c`` (a ``FieldChecker``), ``names``, ``name``, ``ranged``, ``effects`` and
    ``priorities``."""

    c: FieldChecker
    names: dict[str, set[str]]
    #: what a condition of an ``on_death`` option may read (``format.pack_condition_names``)
    condition_names: Mapping[str, str]
    #: deck name -> the names of its cards (the decks already checked)
    cards_of: dict[str, set[str]]

    def rules(self, pack: Mapping[str, Any], path: str, stats: set[str]) -> None:
        battle_stats = self.c.field(pack, "battle_stats", path, "object")
        for key in battle_stats:
            if key not in BATTLE_STATS:
                self.c.fail(f"{path}.battle_stats", f"expected keys of {', '.join(BATTLE_STATS)}, found {key!r}")
        for key in BATTLE_STATS:
            stat = self.c.field(battle_stats, key, f"{path}.battle_stats", "text?")
            if stat is not None and stat not in stats:
                self.c.fail(f"{path}.battle_stats.{key}",
                            f"{stat!r} is not one of the pack's stats ({', '.join(sorted(stats))})")
        carry = self.c.field(pack, "carry", path, "object?")
        if carry is not None:
            self.c.count(carry, "hands", f"{path}.carry", *RANGES["carry_hands"])
        roles = self.c.field(pack, "deck_roles", path, "object")
        for role in roles:
            if role not in DECK_ROLES or role == "other":
                self.c.fail(f"{path}.deck_roles", f"expected roles of {', '.join(DECK_ROLES[:-1])}, found {role!r}")
            self.name(roles, role, f"{path}.deck_roles", among="decks")
        stones = self.c.field(pack, "stones_of_chance", path, "object?")
        if stones is not None:
            where = f"{path}.stones_of_chance"
            self.c.count(stones, "per_character", where, *RANGES["stones"])
            for i, face in enumerate(self.c.field(stones, "faces", where, "list")):
                fw = f"{where}.faces[{i}]"
                self.name(self.c.obj(face, fw), "face", fw)
                for j, option in enumerate(self.c.field(face, "options", fw, "list")):
                    ow = f"{fw}.options[{j}]"
                    self.name(self.c.obj(option, ow), "name", ow)
                    self.effects(self.c.field(option, "effects", ow, "list"), f"{ow}.effects")
        for i, option in enumerate(self.c.field(pack, "difficulty", path, "list")):
            self.difficulty(self.c.obj(option, f"{path}.difficulty[{i}]"), f"{path}.difficulty[{i}]")
        enemy_rules = self.c.field(pack, "enemy_rules", path, "object")
        self.c.choice(enemy_rules, "activation_order", f"{path}.enemy_rules", ACTIVATION_ORDERS)
        defaults = self.c.field(enemy_rules, "defaults", f"{path}.enemy_rules", "object")
        for enemy_type in ENEMY_TYPES:
            where = f"{path}.enemy_rules.defaults"
            self.priorities(self.c.field(defaults, enemy_type, where, "object"), f"{where}.{enemy_type}")
        on_death = self.c.field(pack, "on_death", path, "object")
        effect = self.c.field(on_death, "effect", f"{path}.on_death", "text?")
        options = self.c.field(on_death, "options", f"{path}.on_death", "list")
        if (effect is None) == (not options):
            self.c.fail(f"{path}.on_death", "expected an effect (lose-game) or options, not both nor neither")
        if effect is not None:
            self.c.choice(on_death, "effect", f"{path}.on_death", ON_DEATH_EFFECTS[:1])
        for i, option in enumerate(options):
            ow = f"{path}.on_death.options[{i}]"
            self.name(self.c.obj(option, ow), "name", ow)
            self.c.choice(option, "effect", ow, ON_DEATH_EFFECTS[1:])
            condition = self.c.field(option, "if", ow, "object?")
            if condition is not None:
                self.c.condition(condition, f"{ow}.if", self.condition_names, "bool", pack_wide=True)
            self.c.field(option, "if_source", ow, "text?", optional=True)

    def difficulty(self, option: Mapping[str, Any], path: str) -> None:
        self.name(option, "name", path)
        self.c.field(option, "text", path, "text")
        removed = self.c.field(option, "remove_cards", path, "object")
        for deck in removed:
            if deck not in self.names["decks"]:
                self.c.fail(f"{path}.remove_cards", f"{deck!r} is not one of the pack's decks")
            cards = self.cards_of.get(deck, set())
            for i, card in enumerate(self.c.texts(removed, deck, f"{path}.remove_cards") or []):
                if card not in cards:
                    self.c.fail(f"{path}.remove_cards.{deck}[{i}]",
                                f"{card!r} is not a card of the deck {deck!r} ({', '.join(sorted(cards)) or 'none'})")
        draws = self.c.field(option, "start_draws", path, "object?")
        if draws is not None:
            self.name(draws, "deck", f"{path}.start_draws", among="decks")
            self.c.count(draws, "per_character", f"{path}.start_draws", *RANGES["draw_count"])
        self.ranged(option, "character_count", path)
        self.c.field(option, "severe_wounds", path, "bool")
        self.ranged(option, "destiny_start", path)
        self.c.choice(option, "abilities", path, ABILITY_RULES)

    def token(self, token: Mapping[str, Any], path: str, stats: set[str]) -> None:
        self.c.choice(token, "covers", path, COVERS)
        self.name(token, "removed_by", path, nullable=True, among="Stone of Chance faces")
        modifier = self.c.field(token, "stat_modifier", path, "object?")
        if modifier is not None:
            where = f"{path}.stat_modifier"
            stat = self.name(modifier, "stat", where)
            if stat not in stats:
                self.c.fail(f"{where}.stat", f"{stat!r} is not one of the pack's stats ({', '.join(sorted(stats))})")
            self.c.count(modifier, "by", where, *RANGES["stat_by"])
            self.c.count(modifier, "floor", where, *RANGES["stat_floor"])
        self.c.field(token, "stacks", path, "bool")

    def character(self, character: Mapping[str, Any], path: str) -> None:
        if character.get("role") is not None:                  # absent: written before the field, null
            self.name(character, "role", path, nullable=True)
        for i, weapon in enumerate(self.c.texts(character, "weapons", path) or []):
            if weapon not in self.names["weapons"]:
                self.c.fail(f"{path}.weapons[{i}]", f"{weapon!r} is not a card of the pack's Equipment decks")
        for key in ("talent", "support"):
            ability = self.c.field(character, key, path, "object?")
            if ability is not None:
                self.name(ability, "name", f"{path}.{key}")
                self.c.field(ability, "text", f"{path}.{key}", "text")
                self.effects(self.c.field(ability, "effects", f"{path}.{key}", "list"), f"{path}.{key}.effects")

