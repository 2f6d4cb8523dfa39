"""The bundle format, defined once: its name and version, the names and functions a
condition may use, condition typing, the content hash, the effect of ``set``,
``add`` and ``clear`` on flags and counters, the input limits and the pack's
players.

This module defines the name and version, ``NAME_PATTERN``, ``OTHERWISE``, the
content hash, ``apply_values``, ``add_coins``, ``RANGES`` and ``player_limits``; it re-exports the condition
language and its typing (``condition_types``) and the input limits (``limits``), and
the board's vocabularies and defaults (``board_fields``) and those of Enemies, decks and
effects (``effect_fields``) and of campaigns (``campaign_fields``), so that every name of the
format is reached as ``cardforge_runtime.format.<name>``.

The runtime owns the format; the compiler (``emit``, the condition checks,
``check-bundle``) and ``load_bundle`` call these definitions, so nothing about the
format is written twice. See ``docs/bundle.md``.

Versioning: the compiler writes ``format`` and ``format_version`` into every bundle.
A reader must refuse a bundle whose format name differs or whose major version it
does not know, and must ignore keys it does not know (a newer minor version may add
them). Bump the minor version for additions a reader may ignore, the major version
for anything else.
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from collections.abc import Iterable, Mapping, MutableMapping, Sequence
from typing import Any

from cardforge_runtime.battle_fields import (
    BATTLE_ACTIONS,
    BATTLE_PHASES,
    BATTLE_ROUND_DEFAULTS,
    BATTLE_ROUND_RANGES,
    OBJECTIVE_KINDS,
    objective_meet,
    objective_text,
)
from cardforge_runtime.campaign_fields import CAMPAIGN_DISCARDS, CAMPAIGN_RANGES, CAMPAIGN_STEPS, MAX_CAMPAIGN_STORIES
from cardforge_runtime.board_fields import (
    ACTION_FROM,
    ACTION_KINDS,
    ACTION_STEP_KINDS,
    APPLIES_TO,
    BANNERS,
    BOARD_EFFECTS,
    BOARD_RANGES,
    DIRECTIONS,
    ELEVATED_DEFAULTS,
    KEYWORD_DEFAULTS,
    LINK_DEFAULTS,
    MOVE_SCOPES,
    MOVE_WHEN,
    RANDOM_SEARCH_TOKEN,
    ROTATIONS,
    SEES,
    TILE_ATTACKS,
    WHILE_ON_DEFAULTS,
)
from cardforge_runtime.effect_fields import (
    ABILITIES,
    ABILITY_RULES,
    ACTIVATION_ORDERS,
    AMONG,
    ATTACK_KINDS,
    BATTLE_STATS,
    CARD_ROLE_FIELDS,
    CHOICE_SUBJECTS,
    CHOICES,
    CONTEXT_SUBJECTS,
    COVERS,
    DECK_RANGES,
    DECK_ROLES,
    DICE_RULE_DEFAULTS,
    DICE_RULE_KINDS,
    DICE_RULE_ON,
    DIFFICULTY_FIELDS,
    EFFECTS,
    EFFECT_ONE_OF,
    EFFECT_SUBJECTS,
    EFFECT_SHORTHAND,
    ENEMY_DEFAULTS,
    ENEMY_PRIORITY_DEFAULTS,
    ENEMY_TYPES,
    EQUIPMENT_FIELDS,
    HANDS,
    MOVEMENT_STEPS,
    NAMED_ENEMY_PLAYER_COUNTS,
    ON_DEATH_EFFECTS,
    PARAM_KINDS,
    PATTERN_CHARS,
    PORTIONS,
    PREDICATE_SUBJECTS,
    PREDICATES,
    PREFER_KEYS,
    SLOTS,
    STATUS_TOKEN_DEFAULTS,
    SUBJECTS,
    TARGET_SELECTORS,
    WHEN_EMPTY,
    effect_defaults,
)
from cardforge_runtime.condition_types import (
    BUILTIN_NAMES,
    COMPARISONS,
    FUNCTIONS,
    TYPES as TYPES,
    ConditionTypeError,
    condition_names,
    condition_type,
    pack_condition_names,
)
from cardforge_runtime.limits import (
    MAX_DEPTH,
    MAX_NESTING,
    MAX_NUMBER,
    PlainDataError,
    check_plain_data,
    json_type,
)

__all__ = [
    "CAMPAIGN_DISCARDS",
    "CAMPAIGN_RANGES",
    "CAMPAIGN_STEPS",
    "MAX_CAMPAIGN_STORIES",
    "ACTION_FROM",
    "ACTION_KINDS",
    "ACTION_STEP_KINDS",
    "APPLIES_TO",
    "BANNERS",
    "BOARD_EFFECTS",
    "DIRECTIONS",
    "ELEVATED_DEFAULTS",
    "KEYWORD_DEFAULTS",
    "LINK_DEFAULTS",
    "MOVE_SCOPES",
    "MOVE_WHEN",
    "RANDOM_SEARCH_TOKEN",
    "ROTATIONS",
    "SEES",
    "TILE_ATTACKS",
    "WHILE_ON_DEFAULTS",
    "ABILITIES",
    "ABILITY_RULES",
    "ACTIVATION_ORDERS",
    "AMONG",
    "ATTACK_KINDS",
    "BATTLE_STATS",
    "CARD_ROLE_FIELDS",
    "CHOICES",
    "CHOICE_SUBJECTS",
    "CONTEXT_SUBJECTS",
    "COVERS",
    "DECK_ROLES",
    "DICE_RULE_DEFAULTS",
    "DICE_RULE_KINDS",
    "DICE_RULE_ON",
    "DIFFICULTY_FIELDS",
    "EFFECTS",
    "EFFECT_ONE_OF",
    "EFFECT_SUBJECTS",
    "EFFECT_SHORTHAND",
    "ENEMY_DEFAULTS",
    "ENEMY_PRIORITY_DEFAULTS",
    "ENEMY_TYPES",
    "EQUIPMENT_FIELDS",
    "HANDS",
    "MOVEMENT_STEPS",
    "NAMED_ENEMY_PLAYER_COUNTS",
    "ON_DEATH_EFFECTS",
    "PARAM_KINDS",
    "PATTERN_CHARS",
    "PORTIONS",
    "PREDICATES",
    "PREDICATE_SUBJECTS",
    "PREFER_KEYS",
    "SLOTS",
    "STATUS_TOKEN_DEFAULTS",
    "SUBJECTS",
    "TARGET_SELECTORS",
    "WHEN_EMPTY",
    "effect_defaults",
    "is_name",
    "BUILTIN_NAMES",
    "BUNDLE_FORMAT",
    "BUNDLE_FORMAT_VERSION",
    "COMPARISONS",
    "FUNCTIONS",
    "MAX_DEPTH",
    "MAX_NESTING",
    "OTHERWISE",
    "BATTLE_ACTIONS",
    "BATTLE_PHASES",
    "BATTLE_ROUND_DEFAULTS",
    "BATTLE_ROUND_RANGES",
    "OBJECTIVE_KINDS",
    "objective_meet",
    "objective_text",
    "MAX_NUMBER",
    "LOCALE_PATTERN",
    "NAME_PATTERN",
    "MAX_PLAYERS",
    "MAX_PORTER_CARDS",
    "PlainDataError",
    "RANGES",
    "ConditionTypeError",
    "add_coins",
    "apply_values",
    "canonical_json",
    "check_plain_data",
    "condition_names",
    "condition_type",
    "pack_condition_names",
    "content_hash",
    "content_hash_of_canonical",
    "json_type",
    "player_limits",
]

#: The ``format`` of every bundle.
BUNDLE_FORMAT = "cardforge-bundle"
#: The semantic version of the bundle format this runtime reads and the compiler writes.
BUNDLE_FORMAT_VERSION = "1.7.0"

#: A pack's ``locale`` (format 1.7.0; docs/bundle.md, Packs): the language tag of its
#: texts when ``cardforge strings import`` translated them, BCP 47 (``fr``, ``pt-BR``)
#: or gettext's form (``pt_BR``). A pack without one is in its authors' language.
LOCALE_PATTERN = r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*"

#: What a flag or counter name looks like (the names a condition reads; they also
#: appear in the JSON-Pointer paths of changes, ``/flags/<name>``): a letter or
#: ``_``, then letters, digits and ``_``. Never empty.
NAME_PATTERN = r"[A-Za-z_][A-Za-z0-9_]*"

#: What a step that names a ``character`` does when that Character cannot act
#: (format 1.2; docs/bundle.md, Steps): ``pick`` (the group picks another, as for
#: ``who: one``) or ``skip`` (the step does nothing).
OTHERWISE: tuple[str, ...] = ("pick", "skip")

# -- the content hash --------------------------------------------------------------


def canonical_json(data: Any) -> bytes:
    """``data`` as canonical JSON: keys sorted, no spaces, UTF-8 (``ensure_ascii``
    off), no NaN or infinities. The form the content hash is computed over, and the
    compact form of a bundle file.

    Raises:
        TypeError / ValueError: not plain JSON data (a set, NaN...).
        RecursionError: nested too deeply for the JSON writer, or circular (a
            list or object inside itself: not looked for separately, which would
            cost a tenth of the time on a large bundle).
    """
    return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"), allow_nan=False,
                      check_circular=False).encode("utf-8")


def content_hash(packs: Sequence[Mapping[str, Any]]) -> str:
    """The fingerprint of a bundle's packs (docs/bundle.md, ``content_hash``):
    ``"sha256:<64 hex digits>"``, the SHA-256 of ``canonical_json({"packs": packs})``.

    Raises:
        TypeError / ValueError / RecursionError: as ``canonical_json``.
    """
    return content_hash_of_canonical([canonical_json(list(packs))])


def content_hash_of_canonical(packs_json: Iterable[bytes]) -> str:
    """``content_hash`` from the canonical JSON of the packs list, given in pieces
    whose concatenation is ``canonical_json(packs)`` (``b"["``, each pack, commas,
    ``b"]"``): a writer that streams a large bundle hashes it without building the
    whole list."""
    digest = hashlib.sha256(b'{"packs":')
    for piece in packs_json:
        digest.update(piece)
    digest.update(b"}")
    return "sha256:" + digest.hexdigest()


# -- set, add, clear -----------------------------------------------------------------


def apply_values(kind: str, payload: Mapping[str, Any] | Sequence[str], flags: MutableMapping[str, bool],
                 counters: MutableMapping[str, int], counter_starts: Mapping[str, int]) -> None:
    """Apply a ``set``, ``add`` or ``clear`` step to flags and counters, in place.

    Args:
        kind: ``"set"``, ``"add"`` or ``"clear"``.
        payload: the step's ``values`` (``set``/``add``: name -> true/false or whole
            number) or ``names`` (``clear``: a list of names).
        flags: the flags' current values (name -> true/false).
        counters: the counters' current values (name -> whole number). ``flags`` and
            ``counters`` may be the same mapping (a caller that keeps one dict of
            names).
        counter_starts: the story's ``counters`` (name -> starting value); which names
            are counters is decided by it.

    Effects (docs/bundle.md, Steps): ``set`` gives each counter or flag the value;
    ``add`` adds a whole number (negative ones too) to each counter, stopping at
    ``±MAX_NUMBER`` (so every state the engine writes, and every save, is within the
    limits of every input); ``clear`` puts each counter back to its starting value and
    each flag to ``false``.

    Raises:
        ValueError: an unknown ``kind``.
        KeyError: ``add`` of a name that is not a counter.
    """
    if kind == "set":
        for name, value in payload.items():  # type: ignore[union-attr]
            (counters if name in counter_starts else flags)[name] = value
    elif kind == "add":
        for name, value in payload.items():  # type: ignore[union-attr]
            counters[name] = max(-MAX_NUMBER, min(MAX_NUMBER, counters[name] + value))
    elif kind == "clear":
        for name in payload:
            if name in counter_starts:
                counters[name] = counter_starts[name]
            else:
                flags[name] = False
    else:
        raise ValueError(f"not a set, add or clear step: {kind!r}")


# -- the ranges of the format's numbers ------------------------------------------------

#: The range (lowest, highest; inclusive) of each bounded whole number of the format,
#: defined once: the compiler's models (so lint and the published schemas),
#: ``load_bundle``'s checks and ``Session.start``'s Character boards all read it
#: (docs/format.md). ``stat``: a board's stat value; ``destiny``/``health``: a board's
#: Destiny and Health tokens; ``dice_modifier``/``six_counts``: a status token's;
#: ``sides``, ``max_dice``, ``face``: the pack's dice; ``successes``: a Challenge's
#: target; ``per_player``: cards a purchase draws per player; ``count``: Coins,
#: Destiny or Health a ``gain``/``lose`` gives or takes, and an offer's cost;
#: ``amount``: a counter's value or change in ``set``/``add``; and the board's numbers
#: (``board_fields.BOARD_RANGES``: grid, tile sizes, movement multipliers...) and of
#: Enemies and decks (``effect_fields.DECK_RANGES``: damage, Defense, costs...).
RANGES: dict[str, tuple[int, int]] = {
    "stat": (0, 6),
    "destiny": (1, 20),
    "health": (1, 20),
    "dice_modifier": (-6, 6),
    "six_counts": (0, 2),
    "sides": (2, 20),
    "max_dice": (1, 20),
    "face": (1, 20),
    "successes": (1, 12),
    "per_player": (1, 10),
    "count": (0, 1000),
    "amount": (-1_000_000, 1_000_000),
    **BOARD_RANGES,
    **DECK_RANGES,
}


# -- the pack's players ----------------------------------------------------------------

#: The most players a pack may name (and the most Characters one player may control
#: in Solo Play).
MAX_PLAYERS = 12
#: The most cards a pack's Porter holds per Character (``porter.cards_per_character``,
#: from 1; Gascony's Legacy, Setup 4: 1 Equipment card per Character).
MAX_PORTER_CARDS = 10


def is_name(text: Any) -> bool:
    """Whether ``text`` is a name as content may write one (an item, a Character, a
    deck): non-empty text with no space at either end and no control character (C0
    or C1: names are shown in terminals). The one rule for names typed at play time
    (cards bought from a deck or from the Porter, whole Character boards given to
    ``Session.start``); lint applies the same to content."""
    return (isinstance(text, str) and bool(text) and text == text.strip()
            and not any(unicodedata.category(c) == "Cc" for c in text))


def player_limits(min_players: int, max_players: int) -> dict[str, tuple[int, int]]:
    """The range each field of a pack's ``players`` must lie in, given its ``min``
    and ``max``: ``min`` from 1 to ``MAX_PLAYERS``, ``max`` from ``min`` to
    ``MAX_PLAYERS``, and ``solo_characters`` (the Characters one player alone
    controls; Gascony's Legacy, Solo Play) from 1 to ``max``. The one rule the
    compiler's lint and ``load_bundle`` both apply, so that the compiler cannot
    build a pack the engine refuses.

    Returns:
        ``{"min": (low, high), "max": (low, high), "solo_characters": (low, high)}``,
        bounds inclusive.
    """
    return {"min": (1, MAX_PLAYERS), "max": (min_players, MAX_PLAYERS), "solo_characters": (1, max_players)}


def add_coins(coins: int, amount: int) -> int:
    """The party's Coins after ``amount`` (negative to pay or lose) is added: never
    below 0 (Gascony's Legacy: a loss takes what there is) and, like counters
    (``apply_values``), never above ``MAX_NUMBER``, so every state the engine writes,
    and every save, is within the limits of every input."""
    return max(0, min(MAX_NUMBER, coins + amount))
