"""The Enemies-and-decks part of the bundle format (format 1.5.0), defined once: the
closed vocabularies of Enemies, Named Enemies, Threat decks, the Reaction, Loot and
Equipment decks, Character abilities, Stones of Chance, difficulty adjustments and
the pack's Enemy rules; the effect kinds with their parameters, the predicates of an
``if`` effect, the target selectors and movement steps of an Enemy's priorities, the
keys of a weapon's dice rules; their defaults and the ranges of their numbers.

Rule sources: Gascony's Legacy, "Component List" (Equipment cards, Loot cards, Enemy
Reference cards and tokens, Enemy Reaction cards, Named Enemy Tracker card, Status
Banner tokens, All for One board & Stones of Chance), "Dice Rolls", "Battle" (Attack,
Attack Rolls, Assigning Successes, Enemy Turn), "Difficulty Adjustments"; the second
ruleset, "Enemy Attack".

The compiler's content models (``cardforge_compiler.model.enemies`` / ``decks``),
``emit`` and ``load_bundle``'s checks (``bundle_decks``) all read these definitions;
the engine reads only fields: no Enemy, card, keyword or ability name appears here.
Re-exported by :mod:`cardforge_runtime.format`. See ``docs/bundle.md``, Enemies and
decks, and ``docs/format.md``.

How an effect's parameters are described (``EFFECTS``): name -> ``(value kind,
required, default)``. A value kind is one of ``PARAM_KINDS`` (``name``, ``names``,
``condition``, ``bool``, ``subject``, ``effects``, ``predicate``, ``target-rule``,
``per-count``), the key of a choice in ``CHOICES`` (``where``, ``toward``...), or a
``RANGES`` key (a bounded whole number, ``squares``...). An optional parameter
without a default is ``None`` (written ``null`` in a bundle).
"""

from __future__ import annotations

from typing import Any

__all__ = [
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
    "DECK_RANGES",
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
]

# -- Enemies -------------------------------------------------------------------------

#: An Enemy Reference card's type (Gascony's Legacy, Enemy Reference cards): a Melee
#: Enemy attacks adjacent Characters, a Ranged one in line of sight and range.
ENEMY_TYPES: tuple[str, ...] = ("melee", "ranged")
#: The fields of an Enemy that the YAML may leave out, as a bundle writes them:
#: ``range`` ``None`` = unlimited, ``attack`` ``None`` = roll its damage,
#: ``attacks`` per Enemy turn (the second ruleset's double attack: 2),
#: ``retarget_on_kill`` (a further attack picks a new target when the first
#: kills), ``priorities`` ``None`` in the YAML = the pack's ``enemy_rules`` default
#: for its type (emit fills it in), ``on_hit`` effects on a Character it hits.
ENEMY_DEFAULTS: dict[str, Any] = {"range": None, "attack": None, "attacks": 1, "retarget_on_kill": False,
                                  "on_hit": [], "text": ""}
#: The player counts a Named Enemy Tracker card gives health for (keys of ``health``).
NAMED_ENEMY_PLAYER_COUNTS: tuple[int, ...] = (1, 2, 3, 4)

#: Who an effect concerns: ``you`` (the Character the card concerns: the attacker
#: for a reaction, the Character using a card or ability) or ``this`` (the Enemy or
#: Named Enemy resolving the card).
SUBJECTS: tuple[str, ...] = ("you", "this")

#: The order in which Enemies take their turn (``enemy_rules.activation_order``):
#: ``melee-then-ranged`` (Gascony's Legacy, Enemy Turn: Melee Enemies first) or
#: ``nearest-first`` (the second ruleset: the Enemy closest to a Hero first).
ACTIVATION_ORDERS: tuple[str, ...] = ("melee-then-ranged", "nearest-first")
#: The steps of an Enemy's movement priority, tried in order (Gascony's Legacy, Enemy
#: Turn; the second ruleset, "Enemy Attack"): ``stay-if-can-attack`` (a Character is
#: already a target: do not move), ``adjacent-outside-pattern`` (the fewest squares to
#: a square adjacent to a Character and outside its weapons' pattern),
#: ``adjacent-in-pattern`` (adjacent, inside the pattern), ``toward-nearest`` (the
#: fewest squares toward the nearest Character), ``stay-if-line-of-sight`` (a Ranged
#: Enemy with a target in line of sight and range stays), ``toward-line-of-sight``
#: (the fewest squares to a square with line of sight to a Character).
MOVEMENT_STEPS: tuple[str, ...] = ("stay-if-can-attack", "adjacent-outside-pattern", "adjacent-in-pattern",
                                   "toward-nearest", "stay-if-line-of-sight", "toward-line-of-sight")
#: The filters of a target rule (``{among: ...}``): Characters adjacent to the
#: attacker, in its line of sight, in its range, in range and line of sight, or in
#: its Attack Pattern.
AMONG: tuple[str, ...] = ("adjacent", "line-of-sight", "in-range", "range-and-line-of-sight", "pattern")
#: What a ``prefer`` selector looks at: a Character's ``role`` (the Magus) or a
#: status it holds (Defending).
PREFER_KEYS: tuple[str, ...] = ("role", "status")
#: The selectors of a target rule (an ordered list, applied left to right to the
#: candidates): name -> (what it does, its parameters as for ``EFFECTS``). Written in
#: YAML as a bare name (no parameters), ``{name: value}`` (a single ``value``
#: parameter) or ``{name: {params}}``; in a bundle ``{"kind": name, ...params}``.
TARGET_SELECTORS: dict[str, tuple[str, dict[str, tuple[str, bool, Any]]]] = {
    "among": ("Keep only the candidates `value` says (adjacent, line-of-sight, in-range, range-and-line-of-sight, "
              "pattern).", {"value": ("among", True, None)}),
    "nearest": ("Keep the candidates nearest to the attacker (fewest squares).", {}),
    "weakest": ("Keep the candidates with the least health left.", {}),
    "prefer": ("Keep the candidates with this `role` or `status` if any (else keep all).",
               {"role": ("name", False, None), "status": ("name", False, None)}),
    "fallback": ("When no Character qualifies, target a terrain tile of `terrain` (in the attacker's path only "
                 "when `in_path`).", {"terrain": ("names", True, None), "in_path": ("bool", False, False)}),
    "players-choice": ("The players choose among the candidates left (the engine asks).", {}),
}
#: Enemy priorities when neither the Enemy nor the pack gives them (Gascony's Legacy,
#: Enemy Reference cards: "Moves the fewest number of squares toward the nearest
#: Character, then attacks 1 adjacent Character"; Ranged: in line of sight).
ENEMY_PRIORITY_DEFAULTS: dict[str, dict[str, list[Any]]] = {
    "melee": {"move": ["stay-if-can-attack", "adjacent-outside-pattern", "adjacent-in-pattern", "toward-nearest"],
              "target": [{"kind": "among", "value": "adjacent"}, {"kind": "players-choice"}]},
    "ranged": {"move": ["stay-if-line-of-sight", "toward-line-of-sight"],
               "target": [{"kind": "among", "value": "line-of-sight"}, {"kind": "nearest"},
                          {"kind": "players-choice"}]},
}

#: What a pack's ``battle_stats`` names: the stat a Character rolls for a Melee
#: attack (Gascony's Legacy, Attack Rolls: "Melee weapons roll your Prowess Stat")
#: and the stat a Character defends with (Enemy Attacks, Roll Defense: "a number of
#: dice equal to their Movement Stat"; the second ruleset compares the target's
#: Defence). Each is one of the pack's ``stats``, or ``None``
#: (the pack's Characters make no such roll).
BATTLE_STATS: tuple[str, ...] = ("melee", "defense")

# -- decks and cards -----------------------------------------------------------------

#: The part a deck plays (``kind: deck``'s ``role``): the Reaction deck (drawn when an
#: Enemy survives an Attack), Loot (drawn on a Melee defeat), Equipment (Weapons and
#: items bought), the second ruleset's Response deck (added to an Enemy's attack), or
#: ``other``.
DECK_ROLES: tuple[str, ...] = ("reaction", "loot", "equipment", "response", "other")
#: What a Threat deck does when its draw pile is empty: ``reshuffle`` (discard pile
#: -> draw pile, shuffled) or ``nothing`` (no more threats).
WHEN_EMPTY: tuple[str, ...] = ("reshuffle", "nothing")
#: The two portions of a Threat card: ``threat`` (top, resolved in the Enemy turn)
#: and ``reaction`` (bottom, when the Named Enemy is attacked and not defeated).
PORTIONS: tuple[str, ...] = ("threat", "reaction")
#: An Equipment card's hands (Gascony's Legacy, Equipment cards).
HANDS: tuple[int, ...] = (1, 2)
#: An Equipment card's slot: the Primary or Secondary Weapon.
SLOTS: tuple[str, ...] = ("primary", "secondary")
#: A Weapon's attack: Melee (its Attack Pattern) or Ranged (line of sight and range).
ATTACK_KINDS: tuple[str, ...] = ("melee", "ranged")
#: The characters of an Attack Pattern grid: ``x`` a square in the pattern, ``.`` a
#: square not in it, ``F`` the facing square (in the pattern), ``f`` the facing
#: square (not in it), ``o`` the figure's own square (optional, just below F/f).
PATTERN_CHARS: dict[str, str] = {"x": "in the pattern", ".": "not in the pattern",
                                 "F": "the facing square, in the pattern",
                                 "f": "the facing square, not in the pattern",
                                 "o": "the figure's own square"}
#: The fields of an Equipment card as a bundle writes them (defaults filled;
#: ``value``/``range`` ``None``: no attack value / unlimited range; ``pattern``: the
#: sorted ``[right, forward]`` offsets).
EQUIPMENT_FIELDS: dict[str, Any] = {"hands": None, "slot": None, "attack": None, "value": None, "range": None,
                                    "pattern": None, "cost": None, "dice": [], "split_sixes": False,
                                    "effects": [], "unarmed": False}
#: The fields each deck role's cards carry beyond ``name``, ``count`` and ``text``,
#: with their defaults as a bundle writes them; ``None`` marks a required field
#: (Equipment: ``hands``, ``slot``, ``attack``, ``pattern``, ``cost``; ``value`` is
#: required for a ranged Weapon).
CARD_ROLE_FIELDS: dict[str, dict[str, Any]] = {
    "reaction": {"effects": None},
    "loot": {"effects": [], "keep": False, "use": []},
    "equipment": EQUIPMENT_FIELDS,
    "response": {"value": 0, "effects": []},
    "other": {"effects": []},
}

#: When a weapon's dice rule applies (``dice[].on``): attack rolls, defense rolls or both.
DICE_RULE_ON: tuple[str, ...] = ("attack", "defense", "any")
#: A dice rule's kinds (exactly one per rule): ``add_pips`` (+n pips to
#: ``dice_count`` dice of the roller's choice: the Broadsword), ``reroll_faces``
#: (faces rerolled once, free: the Rapier's 1s), ``extra_dice`` (+n dice, still at
#: most the pack's maximum), ``advantage`` (roll with Advantage).
DICE_RULE_KINDS: tuple[str, ...] = ("add_pips", "reroll_faces", "extra_dice", "advantage")
#: A dice rule as a bundle writes it (the one kind given, the others at these values).
DICE_RULE_DEFAULTS: dict[str, Any] = {"on": "any", "add_pips": 0, "dice_count": 1, "reroll_faces": [],
                                      "extra_dice": 0, "advantage": False}

# -- the pack's additions --------------------------------------------------------------

#: Which Character ability a status token covers (Gascony's Legacy, Status Banner
#: tokens, transcriber's note: Despair covers Support, Doom covers Talent).
COVERS: tuple[str, ...] = ("talent", "support", "none")
#: A status token's fields added in format 1.5.0, as a bundle writes them when the
#: YAML gives none: ``removed_by`` the Stone of Chance face that removes it,
#: ``stat_modifier`` ``{stat, by, floor}`` (Fatigue: Action Points -1, never below 3),
#: ``stacks``: may be held more than once.
STATUS_TOKEN_DEFAULTS: dict[str, Any] = {"covers": "none", "removed_by": None, "stat_modifier": None,
                                         "stacks": False}
#: The two Character abilities (Gascony's Legacy, Character boards: Talent, Support).
ABILITIES: tuple[str, ...] = ("talent", "support")
#: How abilities may be used (``difficulty[].abilities``): ``any`` (the usual rules)
#: or ``stones-only`` (harder: only through Stones of Chance).
ABILITY_RULES: tuple[str, ...] = ("any", "stones-only")
#: A difficulty option's fields (Gascony's Legacy, Difficulty Adjustments) with their
#: kind of value and the value a bundle writes when the option leaves them out:
#: ``remove_cards`` deck name -> card names taken out at Setup; ``start_draws``
#: ``{deck, per_character}`` or ``None``; ``character_count`` added to the number
#: of Characters for per-player values; ``severe_wounds``; ``destiny_start`` added to
#: each Character's starting Destiny; ``abilities`` (``ABILITY_RULES``).
DIFFICULTY_FIELDS: dict[str, tuple[str, Any]] = {
    "remove_cards": ("deck name -> card names", {}),
    "start_draws": ("{deck, per_character} or null", None),
    "character_count": ("character_count", 0),
    "severe_wounds": ("bool", True),
    "destiny_start": ("destiny_start", 0),
    "abilities": ("ability_rules", "any"),
}
#: What happens when a Character dies (``on_death``): ``lose-game`` (Gascony's
#: Legacy), or one of the second ruleset's options: ``restart``, ``retire``, ``revive``.
ON_DEATH_EFFECTS: tuple[str, ...] = ("lose-game", "restart", "retire", "revive")

# -- effects -----------------------------------------------------------------------------

#: The kinds of value an effect parameter may take besides choices and ranges:
#: ``name`` (an Enemy, deck, token... name), ``names`` (a list of names),
#: ``condition`` (a story condition: its text in YAML; in a bundle its condition tree,
#: the text beside it as ``source``), ``bool``, ``subject`` (``SUBJECTS``), ``effects`` (a list of
#: effects), ``predicate`` (``PREDICATES``), ``target-rule`` (a list of
#: ``TARGET_SELECTORS``), ``per-count`` (number of Characters 1..4 -> ``spawn_count``).
PARAM_KINDS: tuple[str, ...] = ("name", "names", "condition", "bool", "subject", "effects", "predicate", "target-rule",
                                "per-count")
#: The choices an effect parameter may take, by value kind.
CHOICES: dict[str, tuple[str, ...]] = {
    "where": ("empty-adjacent-to-this",),
    "toward": ("nearest-character",),
    "away-from": ("this",),
    "adjacent-to": ("this",),
    "at": ("behind-you",),
    "who-this": ("this",),
    "portion": PORTIONS,
    "action": ("interact",),
    "ability": ABILITIES,
    "among": AMONG,
    "ability_rules": ABILITY_RULES,
}

_P = tuple[str, bool, Any]
#: The effect kinds (a closed vocabulary): name -> (what it does, its parameters:
#: name -> (value kind, required, default)). An effect list is a list of one-key
#: mappings ``{kind: {params}}`` (``if`` writes ``{if: predicate, then: [...],
#: else: [...]}`` as a story ``if`` step does); in a bundle ``{"kind": ..., ...params}``
#: with every parameter present. Gascony's Legacy, Enemy Reaction cards, Threat
#: cards ("Guards!", "Doom"), Loot cards, All for One board; the second ruleset.
EFFECTS: dict[str, tuple[str, dict[str, _P]]] = {
    "activate": ("Those Enemies take their turn now: every Enemy named `enemy` (any Enemy when null), only those "
                 "adjacent to this when `adjacent_to` is `this`.",
                 {"enemy": ("name", False, None), "adjacent_to": ("adjacent-to", False, None)}),
    "spawn": ("Place up to min(count, supply, free squares) new Enemies named `enemy`, with new ids; `per_player` "
              "per Character or `count` by number of Characters; the players choose the squares `where` says.",
              {"enemy": ("name", True, None), "per_player": ("spawn_count", False, None),
               "count": ("per-count", False, None), "where": ("where", False, "empty-adjacent-to-this"),
               "falls_on_purpose": ("bool", False, False)}),
    "move": ("Move `who` up to `squares` squares `toward` the target.",
             {"who": ("subject", False, "this"), "toward": ("toward", False, "nearest-character"),
              "squares": ("squares", True, None)}),
    "push": ("Push `who` `squares` squares away from `away_from` if possible; the players choose among equal "
             "squares.", {"who": ("subject", False, "you"), "squares": ("squares", True, None),
                          "away_from": ("away-from", False, "this")}),
    "place": ("Put the figure `who` at `at` if that square is empty.",
              {"who": ("who-this", False, "this"), "at": ("at", True, None)}),
    "attack": ("This attacks the Characters `target` picks, with `damage` (null: its own damage).",
               {"target": ("target-rule", True, None), "damage": ("damage", False, None)}),
    "status": ("`who` gains the status token `token`; if already held, the `if_held` effects instead.",
               {"token": ("name", True, None), "who": ("subject", False, "you"),
                "if_held": ("effects", False, None)}),
    "remove-status": ("`who` loses the status token `token` (null: any negative one).",
                      {"who": ("subject", False, "you"), "token": ("name", False, None)}),
    "wound": ("`who` suffers `amount` Wounds (Characters), takes them (Named Enemies), or becomes Wounded then "
              "Defeated (Enemies).", {"who": ("subject", True, None), "amount": ("wounds", False, 1)}),
    "heal": ("`who` heals `amount` Wounds.", {"who": ("subject", False, "you"), "amount": ("wounds", False, 1)}),
    "gain": ("As the story step `gain`: `who` gains Coins, Destiny, Health, status tokens or items.",
             {"who": ("subject", False, "you"), "coins": ("count", False, None), "destiny": ("count", False, None),
              "health": ("count", False, None), "status": ("names", False, None), "items": ("names", False, None)}),
    "lose": ("As the story step `lose`: `who` loses Coins, Destiny, Health, status tokens or items.",
             {"who": ("subject", False, "you"), "coins": ("count", False, None), "destiny": ("count", False, None),
              "health": ("count", False, None), "status": ("names", False, None), "items": ("names", False, None)}),
    "draw": ("Draw `count` cards from `deck` (null: this card's own deck) and resolve them; `portion` of a Threat "
             "card.", {"deck": ("name", False, None), "count": ("draw_count", False, 1),
                       "portion": ("portion", False, None)}),
    "reshuffle": ("This card's deck: the discard pile and this card go back into the draw pile, shuffled.", {}),
    "return-to-box": ("This card leaves the game (to the box) instead of the discard pile.", {}),
    "cancel-wound": ("The reacting Enemy is not Wounded from this Attack.", {}),
    "discard-weapon": ("The Weapon attacked with goes to the discard pile.", {}),
    "if": ("When the predicate `if` holds, the `then` effects, else the `else` effects.",
           {"if": ("predicate", True, None), "then": ("effects", True, None), "else": ("effects", False, None)}),
    "auto-successes": ("`successes` automatic successes for the `action` rolled with `stat`.",
                       {"action": ("action", False, "interact"), "stat": ("name", True, None),
                        "successes": ("successes", True, None)}),
    "extra-attack-die": ("Add `dice` dice to your Attack roll (still at most the maximum).",
                         {"dice": ("extra_dice", False, 1)}),
    "second-attack": ("Attack with a second Weapon.", {}),
    "move-bonus": ("Move `squares` more squares this turn.", {"squares": ("squares", False, 1)}),
    "prepare": ("Take the Prepare action at no cost.", {}),
    "use-ability": ("Use your `ability` (talent or support); not while a status token covers it.",
                    {"ability": ("ability", True, None)}),
    "any-face": ("Use the Stone as any other face.", {}),
}
#: Effects written with a scalar instead of a mapping, and the parameter it gives
#: (``{extra-attack-die: 1}``, ``{use-ability: talent}``).
EFFECT_SHORTHAND: dict[str, str] = {"extra-attack-die": "dice", "move-bonus": "squares", "use-ability": "ability"}
#: Effects that need exactly one of a group of parameters (a ``spawn`` counts
#: ``per_player`` or by ``count``).
EFFECT_ONE_OF: dict[str, tuple[str, ...]] = {"spawn": ("per_player", "count")}
#: The predicates of an ``if`` effect (closed): name -> (what it asks, its value's
#: kind or ``None`` for none). YAML: a bare name (``wounded``) or ``{name: value}``
#: (``{has_status: Doom}``); bundle: ``{"kind": name, "value": value-or-null}``.
PREDICATES: dict[str, tuple[str, str | None]] = {
    "adjacent": ("This is adjacent to you.", None),
    "has_status": ("You hold the status token `value`.", "name"),
    "empty": ("The square `value` (behind-you) is empty.", "at"),
    "in_supply": ("An Enemy named `value` is left in the supply.", "name"),
    "wounded": ("This is Wounded.", None),
    "difficulty": ("The difficulty option `value` is in play.", "name"),
    "condition": ("The story condition `value` holds (read in the story in play: the built-in names and the "
                  "flags and counters every story of the pack declares).", "condition"),
}


# -- who is `you` and `this` where effects are played ------------------------------------

#: The subjects (``SUBJECTS``) each place that plays effects gives them; an effect that
#: names another stops the engine ("the effect names 'you', which this card does not
#: have": ``battle.resolution.one``). ``threat``: a Threat card's top portion, resolved
#: in the Enemy turn by its Named Enemy (``this``; no Character concerned). ``reaction``:
#: a Threat card's bottom portion and a Reaction deck card, drawn when an Attack leaves
#: an Enemy standing: ``you`` the attacker, ``this`` the Enemy reacting. ``loot``: a Loot
#: card drawn when a Melee Attack defeats an Enemy (the Enemy is gone) or at the start
#: of a Story: ``you`` the Character drawing it. ``use``: a kept card's ``use``, played by
#: the Character holding it. ``equipment``: an Equipment card, held by ``you``.
#: ``response``: the second ruleset's Response card, drawn for an Enemy's attack
#: ("Draw Response Card and add its number to the enemy's Attack"): ``you`` the Hero
#: attacked, ``this`` the attacking Enemy. ``on_hit``: an Enemy's effects on a Character
#: it hits ("gives a Fatigue token to any hero hit"): ``you`` the Character hit,
#: ``this`` the Enemy. Gascony's Legacy, Enemy Reaction cards, Threat cards, Loot cards,
#: Named Enemy; the second ruleset, "Resolving Attacks", "Poison".
CONTEXT_SUBJECTS: dict[str, tuple[str, ...]] = {
    "threat": ("this",),
    "reaction": ("you", "this"),
    "loot": ("you",),
    "use": ("you",),
    "equipment": ("you",),
    "response": ("you", "this"),
    "on_hit": ("you", "this"),
}
#: The choices of an effect parameter (``CHOICES``) that name a subject: a ``spawn``
#: places next to ``this``, a ``place`` puts a figure behind ``you``, a ``push`` is away
#: from ``this``, an ``activate`` wakes the Enemies adjacent to ``this``.
CHOICE_SUBJECTS: dict[str, str] = {"you": "you", "this": "this", "empty-adjacent-to-this": "this",
                                   "behind-you": "you"}
#: Effects that need a subject whatever their parameters: ``attack`` ("This attacks").
EFFECT_SUBJECTS: dict[str, tuple[str, ...]] = {"attack": ("this",)}
#: The subjects an ``if`` predicate reads (``PREDICATES``): ``adjacent`` (this and
#: you), ``has_status`` (you), ``empty`` (behind you), ``wounded`` (this).
PREDICATE_SUBJECTS: dict[str, tuple[str, ...]] = {"adjacent": ("you", "this"), "has_status": ("you",),
                                                  "empty": ("you",), "wounded": ("this",)}


def effect_defaults(kind: str) -> dict[str, Any]:
    """The parameters of effect ``kind`` as a bundle writes them when left out:
    name -> default (``[]`` for an optional effect list, ``None`` where no default).

    Raises:
        KeyError: ``kind`` is not one of ``EFFECTS``.
    """
    return {param: ([] if value_kind == "effects" and default is None else default)
            for param, (value_kind, _required, default) in EFFECTS[kind][1].items()}


# -- ranges --------------------------------------------------------------------------

#: The ranges (lowest, highest; inclusive) of the whole numbers of Enemies and decks,
#: merged into ``format.RANGES``: ``damage`` an Enemy's or effect's damage;
#: ``movement`` an Enemy's movement; ``enemy_defense`` Defense to Wound / Defeat;
#: ``enemy_range``/``weapon_range`` squares; ``attack_value`` dice rolled for a Ranged
#: attack; ``attacks`` per Enemy turn; ``named_health`` a tracker's health;
#: ``card_count`` copies of a card; ``box_counts`` cards in the box; ``cost`` Coins;
#: ``pips``, ``dice_count``, ``extra_dice`` a dice rule's numbers; ``squares`` a move
#: or push; ``wounds`` a wound or heal; ``spawn_count`` Enemies placed per player or
#: per count; ``draw_count`` cards drawn; ``character_count``/``destiny_start`` a
#: difficulty's changes; ``stat_by``/``stat_floor`` a status token's stat modifier;
#: ``stones`` Stones of Chance per Character; ``carry_hands`` hands' worth carried;
#: ``response_value`` a Response card's value.
DECK_RANGES: dict[str, tuple[int, int]] = {
    "damage": (0, 12),
    "movement": (0, 12),
    "enemy_defense": (1, 12),
    "enemy_range": (1, 64),
    "weapon_range": (1, 64),
    "attack_value": (1, 20),
    "attacks": (1, 4),
    "named_health": (1, 99),
    "card_count": (1, 99),
    "box_counts": (1, 999),
    "cost": (0, 1000),
    "pips": (1, 6),
    "dice_count": (1, 6),
    "extra_dice": (1, 6),
    "squares": (1, 12),
    "wounds": (1, 20),
    "spawn_count": (0, 20),
    "draw_count": (1, 10),
    "character_count": (-3, 3),
    "destiny_start": (-20, 20),
    "stat_by": (-6, 6),
    "stat_floor": (0, 20),
    "stones": (1, 6),
    "carry_hands": (1, 4),
    "response_value": (0, 12),
}
