"""The checks ``load_bundle`` runs: everything the engine relies on, field by field.

``check_bundle(name, data)`` refuses a bundle of another format or an unknown major
version, then walks every pack, story, card, step and condition and raises
``BundleError`` at the first field the engine could not use, naming the place
(``$.packs[0].stories[1].cards[3].steps[0].goto``). Condition trees are checked by
``format.condition_type``; a pack's ``board`` by ``bundle_board``; unknown keys are
ignored (a newer minor version may add them). See ``docs/bundle.md``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from cardforge_runtime.bundle_board import check_board
from cardforge_runtime.bundle_battle import ROUNDS_SINCE_MINOR
from cardforge_runtime.bundle_campaign import check_campaign
from cardforge_runtime.bundle_decks import DECKS_SINCE_MINOR, check_decks
from cardforge_runtime.bundle_fields import BundleError, FieldChecker
from cardforge_runtime.format import (
    BUILTIN_NAMES,
    BUNDLE_FORMAT,
    BUNDLE_FORMAT_VERSION,
    LOCALE_PATTERN,
    MAX_NESTING,
    MAX_PORTER_CARDS,
    NAME_PATTERN,
    OTHERWISE,
    RANGES,
    condition_names,
    pack_condition_names,
    json_type,
    player_limits,
)

__all__ = ["BundleError", "check_bundle"]

_RESOURCE_FIELDS = ("coins", "destiny", "health")
#: The concrete types of a choice option's ``if`` taken at once (a condition or null).
_CONDITION_TYPES = frozenset({dict, type(None)})


def check_bundle(name: str, data: Any) -> None:
    """Check a parsed bundle: its header, then every field the engine reads.

    Args:
        name: the file name (or ``"bundle data"``), the start of every message.
        data: the parsed JSON.

    Raises:
        BundleError: the first fault, naming the place.
        RecursionError: nesting beyond what Python can walk (``load_bundle`` turns
            it into a ``BundleError``).
    """
    _check_header(name, data)
    minor = _minor(data["format_version"])
    _Checker(name, board_required=minor >= BOARD_SINCE_MINOR, decks_required=minor >= DECKS_SINCE_MINOR,
             rounds_required=minor >= ROUNDS_SINCE_MINOR).bundle(data)


#: The minor version of the bundle format (major 1) from which every pack has a ``board``.
BOARD_SINCE_MINOR = 4


def _minor(version: str) -> int:
    """The minor number of a checked ``format_version`` (``"1.4.0"`` -> 4)."""
    return int(version.split(".")[1])


def _check_header(name: str, data: Any) -> None:
    if not isinstance(data, Mapping):
        raise BundleError(f"{name}: a bundle is a JSON object, not {json_type(data)}")
    fmt, version = data.get("format"), data.get("format_version")
    if fmt != BUNDLE_FORMAT:
        raise BundleError(f"{name}: not a cardforge bundle: format is {fmt!r}, expected {BUNDLE_FORMAT!r}")
    ours = BUNDLE_FORMAT_VERSION.split(".")[0]
    parts = version.split(".") if isinstance(version, str) else []
    if len(parts) != 3 or not all(p.isascii() and p.isdigit() for p in parts):
        raise BundleError(f"{name}: format_version must be a version such as {BUNDLE_FORMAT_VERSION!r}, not {version!r}")
    if parts[0] != ours:
        raise BundleError(
            f"{name}: bundle format version {version} is not readable by this runtime, which reads "
            f"{BUNDLE_FORMAT} {ours}.x (version {BUNDLE_FORMAT_VERSION}); "
            + ("rebuild the bundle with this cardforge" if int(parts[0]) < int(ours) else "update cardforge")
        )


class _Checker(FieldChecker):
    """Walks a bundle and raises ``BundleError`` at the first field the engine cannot
    use. ``board_required``: every pack has a ``board`` (format 1.4.0 and later; an
    older bundle has none, and its Battles' layouts are not checked).
    ``decks_required``: every pack has its Enemies, decks and Battle rules (format
    1.5.0 and later, ``bundle_decks``; an older bundle has none). ``rounds_required``:
    every pack has ``battle_round`` and every Battle step ``meet`` and ``upkeep``
    (format 1.6.0 and later, ``bundle_battle``)."""

    def __init__(self, name: str, *, board_required: bool = False, decks_required: bool = False,
                 rounds_required: bool = False) -> None:
        super().__init__(name)
        self.rounds_required = rounds_required
        self.board_required = board_required
        self.decks_required = decks_required

    # -- the bundle ---------------------------------------------------------

    def bundle(self, data: Mapping[str, Any]) -> None:
        packs = self.field(data, "packs", "$", "list")
        if not packs:
            self.fail("$.packs", "the bundle holds no pack")
        cards_seen: set[tuple[str, int]] = set()
        pack_ids: set[str] = set()
        for i, pack in enumerate(packs):
            pack_id = self.field(self.obj(pack, f"$.packs[{i}]"), "id", f"$.packs[{i}]", "text")
            if pack_id in pack_ids:
                self.fail(f"$.packs[{i}].id", f"pack id {pack_id!r} appears twice")
            pack_ids.add(pack_id)
            self.pack(pack, f"$.packs[{i}]", cards_seen)

    def pack(self, pack: Mapping[str, Any], path: str, cards_seen: set[tuple[str, int]]) -> None:
        pack_id = self.field(pack, "id", path, "text")
        self.field(pack, "title", path, "text")
        locale = self.field(pack, "locale", path, "text", optional=True)   # format 1.7.0; absent: not translated
        if locale is not None and not re.fullmatch(LOCALE_PATTERN, locale):
            self.fail(f"{path}.locale", f"expected a language tag such as 'fr' or 'pt-BR', found {locale!r}")
        players = self.obj(self.field(pack, "players", path, "object"), f"{path}.players")
        # the one rule lint also applies (format.player_limits), field by field in
        # order: each field's range depends on those read before it
        read = {"min": 1, "max": 1}
        for key in ("min", "max", "solo_characters"):
            low, high = player_limits(read["min"], read["max"])[key]
            read[key] = self.count(players, key, f"{path}.players", low, high)
        stats = self.texts(pack, "stats", path) or []
        if not stats:
            self.fail(f"{path}.stats", "a pack needs at least one stat")
        tokens = self.field(pack, "status_tokens", path, "list")
        for i, token in enumerate(tokens):
            where = f"{path}.status_tokens[{i}]"
            self.field(self.obj(token, where), "name", where, "text")
            self.count(token, "dice_modifier", where, *RANGES["dice_modifier"])
            self.count(token, "six_counts", where, *RANGES["six_counts"], optional=True)
        dice = self.obj(self.field(pack, "dice", path, "object"), f"{path}.dice")
        sides = self.count(dice, "sides", f"{path}.dice", *RANGES["sides"])
        self.count(dice, "max_dice", f"{path}.dice", *RANGES["max_dice"])
        for key in ("single_success", "double_success", "advantage_adds", "disadvantage_removes"):
            faces = self.field(dice, key, f"{path}.dice", "list")
            for j, face in enumerate(faces):
                if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= sides:
                    self.fail(f"{path}.dice.{key}[{j}]", f"expected a die face from 1 to {sides}, found {face!r}")
        characters = self.field(pack, "characters", path, "list", optional=True) or []
        for i, character in enumerate(characters):
            self.character(self.obj(character, f"{path}.characters[{i}]"), f"{path}.characters[{i}]", stats)
        porter = self.field(pack, "porter", path, "object", optional=True)
        if porter is not None:
            # Gascony's Legacy, Porter board: since format 1.3.0, only a pack that has one
            if not self.field(porter, "deck", f"{path}.porter", "text").strip():
                self.fail(f"{path}.porter.deck", "the Porter's deck needs a name")
            self.count(porter, "cards_per_character", f"{path}.porter", 1, MAX_PORTER_CARDS)
        board = self.field(pack, "board", path, "object", optional=not self.board_required)
        layouts, action_steps = check_board(self, board, f"{path}.board", set(stats)) if board is not None \
            else (None, [])
        context = {"stats": set(stats), "status": {t["name"] for t in tokens},
                   "characters": {c["name"] for c in characters if isinstance(c, Mapping) and "name" in c},
                   "layouts": layouts}
        stories = self.field(pack, "stories", path, "list")
        story_ids: set[str] = set()
        for i, story in enumerate(stories):
            where = f"{path}.stories[{i}]"
            self.story(self.obj(story, where), where, context, pack_id, cards_seen)
            if story["id"] in story_ids:
                self.fail(f"{where}.id", f"story id {story['id']!r} appears twice in the pack")
            story_ids.add(story["id"])
        if self.decks_required or "enemies" in pack:
            # after the stories: a condition of an effect or of on_death reads the
            # names every story of the pack declares (format.pack_condition_names)
            check_decks(self, pack, path, set(stats),
                         pack_condition_names((s["flags"], s["counters"]) for s in stories),
                         rounds_required=self.rounds_required)
        check_campaign(self, pack, path, story_ids)      # format 1.6.0; absent in an older bundle
        # a terrain action's story steps (format.ACTION_STEP_KINDS), checked as a story
        # card's are; a flag or counter they name is one of the pack's stories'
        flags = {name for story in stories for name in story["flags"]}
        counters = {name for story in stories for name in story["counters"]}
        scope = {**context, "names": condition_names(sorted(flags), dict.fromkeys(sorted(counters), 0)),
                 "cards": set(), "counters": counters, "flags": flags}
        for step, where in action_steps:
            self.step(step, where, scope)

    def character(self, character: Mapping[str, Any], path: str, stats: list[str]) -> None:
        self.field(character, "name", path, "text")
        values = self.field(character, "stats", path, "object")
        for name in stats:
            if name not in values:
                self.fail(f"{path}.stats", f"missing stat {name!r}")
            self.count(values, name, f"{path}.stats", *RANGES["stat"])
        self.count(character, "destiny", path, *RANGES["destiny"])
        self.count(character, "health", path, *RANGES["health"])
        self.texts(character, "items", path, optional=True)

    def story(self, story: Mapping[str, Any], path: str, context: dict[str, Any], pack_id: str,
              cards_seen: set[tuple[str, int]]) -> None:
        self.field(story, "id", path, "text")
        self.field(story, "title", path, "text")
        self.field(story, "introduction", path, "text")
        flags = self.texts(story, "flags", path) or []
        counters = self.field(story, "counters", path, "object")
        for key in counters:
            self.count(counters, key, f"{path}.counters", *RANGES["amount"])
        for name in [*flags, *counters]:
            if not re.fullmatch(NAME_PATTERN, name):
                self.fail(f"{path}.flags" if name in flags else f"{path}.counters",
                          f"{name!r} is not a flag or counter name (a letter or '_', then letters, digits, '_')")
            if name in BUILTIN_NAMES:
                self.fail(f"{path}.flags" if name in flags else f"{path}.counters.{name}",
                          f"{name!r} is a built-in name; a flag or counter cannot use it")
        names = condition_names(flags, counters)
        cards = self.field(story, "cards", path, "list")
        if not cards:
            self.fail(f"{path}.cards", "a story needs at least one card")
        ids: set[int] = set()
        for i, card in enumerate(cards):
            where = f"{path}.cards[{i}]"
            card_id = self.field(self.obj(card, where), "id", where, "int")
            if card_id in ids or (pack_id, card_id) in cards_seen:
                self.fail(f"{where}.id", f"card {card_id} appears twice")
            ids.add(card_id)
            cards_seen.add((pack_id, card_id))
        start = self.field(story, "start", path, "int")
        if start not in ids:
            self.fail(f"{path}.start", f"card {start} is not a card of this story")
        scope = {**context, "names": names, "cards": ids, "counters": set(counters), "flags": set(flags)}
        for i, card in enumerate(cards):
            where = f"{path}.cards[{i}]"
            if not (type(card.get("title")) is str and type(card.get("text")) is str
                    and type(card.get("steps")) is list):
                # not the usual shape: the field checks, in order, name the fault
                self.field(card, "title", where, "text")
                self.field(card, "text", where, "text")
                self.field(card, "steps", where, "list")
            self.steps(card["steps"], f"{where}.steps", scope)

    # -- steps --------------------------------------------------------------

    def steps(self, steps: list[Any], path: str, scope: dict[str, Any], depth: int = 0) -> None:
        if depth > MAX_NESTING:
            self.fail(path, f"steps are nested more than {MAX_NESTING} deep")
        for i, step in enumerate(steps):
            where = f"{path}[{i}]"
            self.step(step if type(step) is dict else self.obj(step, where), where, scope, depth)

    def step(self, step: Mapping[str, Any], path: str, scope: dict[str, Any], depth: int = 0) -> None:
        kind = step.get("kind")
        if type(kind) is not str:
            kind = self.field(step, "kind", path, "text")
        inner = depth + 1
        if kind == "text":
            self.field(step, "text", path, "text")
        elif kind == "choice":
            for i, option in enumerate(self.field(step, "options", path, "list")):
                where = f"{path}.options[{i}]"
                if not (type(option) is dict and type(option.get("text")) is str
                        and type(option.get("if", 0)) in _CONDITION_TYPES and type(option.get("steps")) is list):
                    # not the usual shape: the field checks, in order, name the fault
                    self.obj(option, where)
                    self.field(option, "text", where, "text")
                    self.field(option, "if", where, "object?")
                    self.field(option, "steps", where, "list")
                if option["if"] is not None:
                    self.condition(option["if"], f"{where}.if", scope["names"], want="bool")
                self.steps(option["steps"], f"{where}.steps", scope, inner)
                self.card_ref(option, "goto", where, scope, nullable=True)
        elif kind == "challenge":
            self.stat(step, path, scope)
            self.count(step, "successes", path, *RANGES["successes"])
            self.who(step, path, ("one", "each", "all"))
            self.named(step, path, scope)
            self.steps(self.field(step, "pass", path, "list"), f"{path}.pass", scope, inner)
            self.steps(self.field(step, "fail", path, "list"), f"{path}.fail", scope, inner)
        elif kind == "roll":
            self.stat(step, path, scope)
            self.who(step, path, ("one", "each", "all"))
            self.named(step, path, scope)
            effect = self.field(step, "per_success", path, "object")
            chosen = [k for k in ("gain", "lose") if k in effect]
            if len(chosen) != 1:
                self.fail(f"{path}.per_success", "expected exactly one of 'gain' or 'lose'")
            self.resources(self.obj(effect[chosen[0]], f"{path}.per_success.{chosen[0]}"),
                           f"{path}.per_success.{chosen[0]}", scope)
            if step["who"] != "all" and {"character", "except"} & set(effect[chosen[0]]):
                self.fail(f"{path}.per_success.{chosen[0]}", "with who 'one' or 'each' the effect goes to the "
                          "Character who rolled: 'character' and 'except' belong on the roll")
        elif kind in ("gain", "lose"):
            self.resources(step, path, scope)
        elif kind == "purchase":
            deck = self.field(step, "deck", path, "text", optional=True)
            if deck is not None:
                self.count(step, "per_player", path, *RANGES["per_player"])
            offers = self.field(step, "offers", path, "list", optional=True)
            for i, offer in enumerate(offers or []):
                where = f"{path}.offers[{i}]"
                self.field(self.obj(offer, where), "item", where, "text")
                self.count(offer, "cost", where, *RANGES["count"])
            if deck is None and offers is None:
                self.fail(path, "a purchase needs a 'deck' or 'offers'")
        elif kind in ("set", "add"):
            values = self.field(step, "values", path, "object")
            for name, value in values.items():
                where = f"{path}.values.{name}"
                if kind == "add" or name in scope["counters"]:
                    if name not in scope["counters"]:
                        self.fail(where, f"{name!r} is not a counter of this story")
                    self.count(values, name, f"{path}.values", *RANGES["amount"])
                elif name in scope["flags"]:
                    if not isinstance(value, bool):
                        self.fail(where, f"expected true/false, found {json_type(value)}")
                else:
                    self.fail(where, f"{name!r} is not a flag or counter of this story")
        elif kind == "clear":
            for i, name in enumerate(self.texts(step, "names", path) or []):
                if name not in scope["flags"] and name not in scope["counters"]:
                    self.fail(f"{path}.names[{i}]", f"{name!r} is not a flag or counter of this story")
        elif kind == "if":
            self.condition(self.field(step, "condition", path, "object"), f"{path}.condition", scope["names"],
                           want="bool")
            self.steps(self.field(step, "then", path, "list"), f"{path}.then", scope, inner)
            self.steps(self.field(step, "else", path, "list"), f"{path}.else", scope, inner)
        elif kind == "battle":
            layout = self.field(step, "layout", path, "text")
            if scope["layouts"] is not None and layout not in scope["layouts"]:
                self.fail(f"{path}.layout", f"{layout!r} is not a layout of the pack's board")
            objectives = self.field(step, "objectives", path, "list")
            if not objectives:
                self.fail(f"{path}.objectives", "a battle needs at least one objective")
            for i, objective in enumerate(objectives):
                where = f"{path}.objectives[{i}]"
                self.field(self.obj(objective, where), "objective", where, "text")
                has_goto = "goto" in objective and objective["goto"] is not None
                has_victory = "victory" in objective and objective["victory"] is not None
                if has_goto == has_victory:
                    self.fail(where, "an objective needs exactly one of 'goto' or 'victory'")
                if has_goto:
                    self.card_ref(objective, "goto", where, scope)
                else:
                    self.field(objective, "victory", where, "text")
        elif kind == "goto":
            self.card_ref(step, "card", path, scope)
        elif kind in ("victory", "defeat"):
            self.field(step, "text", path, "text")
        else:
            self.fail(f"{path}.kind", f"unknown step kind {kind!r} (a bundle of a newer format?)")

    def stat(self, step: Mapping[str, Any], path: str, scope: dict[str, Any]) -> None:
        stat = self.field(step, "stat", path, "text")
        if stat not in scope["stats"]:
            self.fail(f"{path}.stat", f"{stat!r} is not a stat of the pack ({', '.join(sorted(scope['stats']))})")

    def who(self, step: Mapping[str, Any], path: str, allowed: tuple[str, ...]) -> None:
        who = step.get("who")
        if type(who) is not str:
            who = self.field(step, "who", path, "text")
        if who not in allowed:
            self.fail(f"{path}.who", f"expected one of {', '.join(allowed)}, found {who!r}")

    def card_ref(self, obj: Mapping[str, Any], key: str, path: str, scope: dict[str, Any], *, nullable: bool = False) -> None:
        card = obj.get(key)
        if type(card) is not int:
            card = self.field(obj, key, path, "int?" if nullable else "int")
        if card is not None and card not in scope["cards"]:
            self.fail(f"{path}.{key}", f"card {card} is not a card of this story")

    def resources(self, effect: Mapping[str, Any], path: str, scope: dict[str, Any]) -> None:
        # optional fields: an absent one is skipped before any call (the usual case,
        # paid once per effect of a large bundle)
        for key in _RESOURCE_FIELDS:
            if key in effect:
                self.count(effect, key, path, *RANGES["count"])
        if "status" in effect:
            for i, token in enumerate(self.texts(effect, "status", path) or []):
                if token not in scope["status"]:
                    self.fail(f"{path}.status[{i}]", f"{token!r} is not a status token of the pack")
        if "items" in effect:
            self.texts(effect, "items", path)
        self.who(effect, path, ("one", "each"))
        self.named(effect, path, scope)

    def named(self, step: Mapping[str, Any], path: str, scope: dict[str, Any]) -> None:
        """``character``, ``otherwise`` and ``except`` (format 1.2, all optional): board
        names of the pack; ``character`` only with ``who: one``."""
        character = self.field(step, "character", path, "text") if "character" in step else None
        if character is not None:
            if character not in scope["characters"]:
                self.fail(f"{path}.character", f"{character!r} is not a Character board of the pack")
            if step.get("who") != "one":
                self.fail(f"{path}.who", "a step that names a 'character' has who 'one'")
            otherwise = self.field(step, "otherwise", path, "text", optional=True)
            if otherwise is not None and otherwise not in OTHERWISE:
                self.fail(f"{path}.otherwise", f"expected one of {', '.join(OTHERWISE)}, found {otherwise!r}")
        elif "otherwise" in step:
            self.fail(f"{path}.otherwise", "'otherwise' is given without a 'character'")
        for i, name in enumerate((self.texts(step, "except", path) if "except" in step else None) or []):
            if name not in scope["characters"]:
                self.fail(f"{path}.except[{i}]", f"{name!r} is not a Character board of the pack")

