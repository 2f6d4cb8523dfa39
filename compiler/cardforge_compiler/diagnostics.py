"""Diagnostics: every problem cardforge reports, with a stable code.

Each rule is registered once here with its code, a short kebab-case name, a
severity and a one-line summary; ``docs/diagnostics.md`` documents every code with
fixed headings, and ``tests/golden/`` holds an example input that triggers each
one (a meta-test requires it). Codes are never reused.

The hints the checks add to a message ("did you mean", the choices, nearby card ids)
are in ``hints`` and re-exported here.

Families:

- ``CF0xx`` reading files and YAML (stage ``load``)
- ``CF1xx`` document shape against the schemas (stage ``validate``)
- ``CF2xx`` conditions (stage ``resolve``)
- ``CF3xx`` references between documents and cards (stage ``resolve``)
- ``CF4xx`` story graph: reachability, dead ends, traps (stage ``analyse``)
- ``CF5xx`` flags, counters and choices (stage ``analyse``)
- ``CF6xx`` card text against the card's steps (stage ``resolve``); CF650-CF659 the
  translations in a pack's ``translations/`` folder (stage ``translations``,
  docs/strings.md)
- ``CF7xx`` battle boards: components, terrain keywords, terrain tiles and battle
  layouts (stage ``board``, once per pack)
- ``CF9xx`` the state explorer: what play can reach, with witnesses (stage
  ``explore``, ``cardforge lint`` only)
- ``CF8xx`` Enemies, Named Enemies, Threat decks and decks, once per pack: the names
  they use and are used by (CF801-CF819, stage ``pack``), their composition and
  per-player counts (CF820-CF839, stage ``board``; CF825, a malformed Attack Pattern
  grid, at ``validate``); CF860-CF869 the pack's ``campaign`` (stage ``pack``)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

# The hints a diagnostic's message or help gives (re-exported: checks import them from here).
from cardforge_compiler.hints import card_hint, choices_hint, closest, did_you_mean, listed, near_cards

__all__ = [
    "Diagnostic",
    "RULES",
    "Rule",
    "Severity",
    "card_hint",
    "choices_hint",
    "closest",
    "did_you_mean",
    "listed",
    "near_cards",
    "rule",
]


class Severity(str, Enum):
    """How bad a diagnostic is: errors fail ``lint``; warnings fail it with ``--strict``."""

    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Rule:
    """One registered check: ``code`` (``CF301``), ``name`` (``unknown-card``),
    default ``severity`` and one-line ``summary``."""

    code: str
    name: str
    severity: Severity
    summary: str


RULES: dict[str, Rule] = {}


def rule(code: str, name: str, severity: Severity, summary: str) -> Rule:
    """Register a rule and return it. Raises ``ValueError`` on a reused code or name."""
    if code in RULES or any(r.name == name for r in RULES.values()):
        raise ValueError(f"diagnostic code {code} / {name} registered twice")
    RULES[code] = Rule(code, name, severity, summary)
    return RULES[code]


E, W = Severity.ERROR, Severity.WARNING

# CF0xx: files and YAML
rule("CF001", "unreadable-file", E, "A file or folder is missing or cannot be read.")
rule("CF002", "not-utf8", E, "A file is not valid UTF-8 text.")
rule("CF003", "yaml-syntax", E, "A file is not well-formed YAML.")
rule("CF004", "duplicate-key", E, "A mapping names the same key twice.")
rule("CF005", "tab-indentation", E, "A tab character is used where YAML needs spaces.")
rule("CF006", "empty-file", E, "A content file holds no YAML document.")
rule("CF007", "forbidden-tag", E, "A YAML tag asks for something other than plain data.")
rule("CF008", "alias-expansion", E, "Anchors and aliases expand too far or refer to themselves.")
rule("CF009", "too-deep", E, "Nesting is deeper than cardforge accepts.")
rule("CF010", "no-content", E, "A folder given to cardforge holds no YAML files.")

# CF1xx: document shape
rule("CF101", "unknown-kind", E, "A document's `kind` is missing or not one cardforge knows.")
rule("CF102", "missing-field", E, "A required field is missing.")
rule("CF103", "unknown-field", E, "A mapping has a key the format does not define.")
rule("CF104", "wrong-type", E, "A value has the wrong type (text, number, list, mapping, true/false).")
rule("CF105", "invalid-value", E, "A value has the right type but is not allowed.")
rule("CF106", "unknown-step", E, "A step's first key names no step kind.")
rule("CF107", "duplicate-id", E, "Two documents of the same kind share an id.")
rule("CF108", "card-id", E, "A card id or card reference is not a plain number such as 11.")
rule("CF109", "pack-manifest", E, "A pack folder has no `pack` manifest, or more than one.")
rule("CF110", "too-few-characters", W, "A pack has fewer Character boards than a game of its players needs.")

# CF2xx: conditions
rule("CF201", "condition-syntax", E, "A condition cannot be parsed.")
rule("CF202", "unknown-name", E, "A condition or step names a flag, counter or function that is not declared.")
rule("CF203", "type-mismatch", E, "A condition or `set` mixes types (true/false, number, text) wrongly.")

# CF3xx: references
rule("CF301", "unknown-card", E, "A reference names a story card that does not exist.")
rule("CF302", "duplicate-card", E, "Two story cards share an id.")
rule("CF303", "bad-start", E, "A story's start card is not one of its cards.")
rule("CF304", "unknown-stat", E, "A challenge, roll or Character board names a stat the pack does not define.")
rule("CF305", "unknown-status", E, "A step names a status token the pack does not define.")
rule("CF306", "cross-story-goto", E, "A reference names a card of another story.")
rule("CF307", "missing-stat", E, "A Character board gives no value for a stat of the pack.")
rule("CF308", "unknown-item", W, "A condition asks `has()` for an item that nothing in the pack can provide.")
rule("CF309", "lost-item-never-held", E, "A step loses an item that nothing in the pack can provide.")
rule("CF310", "unknown-character", E, "A step or `in_party()` names a Character that has no board in the pack.")
rule("CF311", "unguarded-item-loss", W, "A `who: one` loss of items is not guarded by `has()`: the story may get stuck.")
rule("CF312", "unknown-layout", E, "A Battle names a layout that no `battle-layout` document of the pack defines.")

# CF4xx: story graph
rule("CF401", "unreachable-card", E, "A card cannot be reached from its story's start.")
rule("CF402", "dead-end", E, "A card, or a branch inside it, ends without a way forward.")
rule("CF403", "trap", E, "From this card no ending (Victory or Defeat) can be reached: a loop with no way out.")
rule("CF404", "no-victory", W, "From this card every path ends in Defeat.")
rule("CF405", "unreachable-step", W, "A step follows one that always ends the card, so it never runs.")

# CF5xx: flags, counters, choices
rule("CF501", "option-never-offered", W, "A choice option's condition can never hold.")
rule("CF502", "choice-never-offered", E, "No option of a choice can ever be offered: the players are stuck.")
rule("CF503", "read-never-set", W, "A flag or counter is read but no step ever sets it.")
rule("CF504", "set-never-read", W, "A flag or counter is set but nothing ever reads it.")
rule("CF505", "unused-name", W, "A declared flag or counter is never used.")

# CF6xx: card text
rule("CF601", "text-disagrees-with-steps", W,
     "A card's text states a number of coins, Wounds or Destiny that no step of the card gives or takes.")

# CF650-CF659: translations, a pack's translations/ files (checks/translations.py, stage `translations`; workstream H)
rule("CF650", "missing-translation", W, "A text of the content has no translation in a translation file of its pack.")
rule("CF651", "stale-translation", W,
     "A translation was made for other source text than the content now has, or is marked for review (fuzzy).")
rule("CF652", "unknown-translation", W, "A translation file has an entry for a text the content does not have.")
rule("CF653", "bad-translation-file", E,
     "A translation file cannot be read: not UTF-8, not well-formed for its format, or an id given twice.")

# CF7xx: battle boards
rule("CF701", "unknown-board-name", E,
     "A board document names a map tile side, terrain tile, terrain keyword, Search token or Enemy token that the "
     "pack does not define, or a keyword where it cannot lie (an edge keyword on squares, or the reverse), or "
     "a `link` label joining two terrain tiles that share no keyword with a `link`.")
# (CF702 on: the layout checks, checks/inventory.py, placement.py, deployment.py, reachability.py)
rule("CF702", "not-in-the-box", E,
     "A layout needs more of a component (map tile, terrain piece, Search token, Enemy token, standee) than "
     "the box holds.")
rule("CF703", "faces-differ", E, "The two faces of one double-sided piece have different footprints.")
rule("CF704", "outside-grid", E, "A map tile or a square of a layout lies outside the layout's grid.")
rule("CF705", "map-tiles-overlap", E, "Two map tiles of a layout cover the same square.")
rule("CF706", "terrain-off-map", E, "A terrain tile lies (partly) on a wall square, where no map tile is.")
rule("CF707", "terrain-overlap", E, "Two terrain tiles of a layout cover the same square.")
rule("CF708", "facing-mismatch", E,
     "A terrain tile with an arrow is placed without `facing`, or one without an arrow is given a `facing`.")
rule("CF709", "banner-not-allowed", E, "A placed terrain tile shows a banner, but none of its edges allows one.")
rule("CF710", "railing-on-wall", W, "An edge keyword (a Railing) of a placed tile lies against a wall: it divides nothing.")
rule("CF711", "bad-setup-square", E,
     "A Start, Enemy, Named Enemy or Search token square is a wall, or terrain its figure (Characters, for a "
     "Search token) may not enter or stop on.")
rule("CF712", "square-taken", E,
     "Two pieces are set up on the same square for some number of Characters, or two Search tokens share a square.")
rule("CF713", "too-few-start-squares", E, "A layout has fewer Start squares than the pack's largest party.")
rule("CF714", "unreachable-square", E,
     "An Exit area, Search token or Enemy square cannot be reached by Characters from the Start area.")
rule("CF715", "objective-impossible", E, "A Battle objective cannot be met on its layout.")
rule("CF716", "unused-layout", W, "A battle layout is not used by any Battle of the pack.")
rule("CF717", "exit-edge-off-side", E,
     "An Exit area's `edge` names a side of the map its squares do not lie on.")
rule("CF718", "terrain-action-unplayable", E,
     "A terrain tile's action or target holds an effect the Battle engine cannot play on that tile (a rolled tile "
     "larger than 1 x 1, Successes counted without a challenge, an arrow the tile lacks).")
rule("CF719", "objective-misspelled", W,
     "A Battle objective's text is close to, but not, one the engine reads (`Defeat all Enemies`, `Reach Exit`, "
     "`Defeat <Named Enemy>`, `Reveal <token>`): the engine would leave it to the players to declare met.")

# CF801-CF819: names of Enemies, decks, cards and abilities (checks/enemy_refs.py, deck_refs.py, effect_refs.py)
rule("CF801", "unknown-enemy", E, "An effect or predicate names an Enemy that no `kind: enemy` document defines.")
rule("CF802", "unknown-named-enemy", E,
     "A layout sets up a Named Enemy that no `kind: named-enemy` document defines.")
rule("CF803", "unknown-deck", E,
     "A purchase, the Porter, the manifest's `decks`, a difficulty option, a `draw` effect or a terrain tile names "
     "a deck that no `kind: deck` (or, for `draw`, `kind: threat-deck`) document defines.")
rule("CF804", "unknown-deck-card", E,
     "A Starting Weapon or a difficulty option's `remove_cards` names a card its deck does not hold.")
rule("CF805", "deck-role-mismatch", E,
     "A deck is named for a part (the manifest's `decks` role, a purchase or the Porter) that its document's "
     "`role` does not play.")
rule("CF806", "unknown-ability", E,
     "An effect uses a Character ability (talent or support) that no Character board has.")
rule("CF807", "unknown-terrain", E,
     "A `fallback` target selector names terrain that no terrain tile or terrain keyword of the pack defines.")
rule("CF808", "missing-threat-deck", E, "A Named Enemy's `threat_deck` names no `kind: threat-deck` document.")
rule("CF809", "tokens-without-enemy", E,
     "The components hold tokens of an Enemy that no `kind: enemy` document describes.")
rule("CF810", "enemy-without-tokens", E,
     "An Enemy has no tokens in the box (the components' `enemy_tokens`): it can never be placed or spawned.")
rule("CF811", "unknown-difficulty", E,
     "An `if` effect's `difficulty` predicate names a difficulty option the pack manifest does not define.")
# CF820-CF839: the composition of decks and Enemies (checks/decks.py, checks/enemies.py, checks/deck_draws.py)
rule("CF820", "empty-deck", E,
     "A deck or Threat deck has no cards to draw, or a difficulty option removes every one of them.")
rule("CF821", "spawn-exceeds-supply", W,
     "A `spawn` can ask for more Enemies than the box holds for some number of Characters.")
rule("CF822", "threat-deck-runs-out", W,
     "Every card of a Threat deck can return to the box, and the deck says to reshuffle (or nothing) when empty.")
rule("CF823", "empty-attack-pattern", E, "An Attack Pattern has no square in it.")
rule("CF824", "pattern-includes-own-square", E, "An Attack Pattern includes the figure's own square.")
rule("CF825", "bad-pattern-grid", E,
     "An Attack Pattern grid is malformed: rows of unequal length, an unknown character, no or two facing "
     "squares, an own square `o` that is not just below the facing square, or a square farther than 64 from "
     "the figure.")
rule("CF826", "range-needed", W,
     "A target rule keeps the Characters in range, but the attacker has no range (unlimited): the filter keeps "
     "everyone.")
rule("CF827", "falls-as-party-grows", W,
     "A per-player-count value (Named Enemy health, a spawn `count`) is lower for a larger party.")
rule("CF828", "box-counts-differ", E, "A deck's card counts do not add up to its `box_counts`.")
rule("CF829", "starting-weapons-too-many-hands", E,
     "A Character's Equipment at Setup (board items that are Equipment cards, Starting Weapons) needs more hands "
     "than the pack's `carry.hands`.")
rule("CF830", "two-unarmed-cards", E, "An Equipment deck holds more than one Unarmed card.")
rule("CF831", "no-unarmed-card", E,
     "The Equipment deck has no Unarmed card for Characters without Equipment to fall back on.")
rule("CF832", "deck-runs-dry", W,
     "A purchase (`per_player` x players) or the Porter can draw more cards than a deck has left after the Starting "
     "Weapons and the Porter's cards, for some number of Characters.")
rule("CF833", "unknown-stone-face", E,
     "A status token's `removed_by` names no face of the pack's Stones of Chance: nothing ever removes it that way.")
rule("CF834", "destiny-start-above-maximum", W,
     "A difficulty option's `destiny_start` raises the starting Destiny, but Characters start at their maximum "
     "Destiny and never exceed it.")
rule("CF835", "duplicate-card-name", E,
     "Two cards of one deck or Threat deck have the same name: write one card with a `count`.")
rule("CF836", "draw-loop", W,
     "Every card of a deck or Threat deck draws again, from it or from decks that draw back into it, and the deck is "
     "reshuffled: a chain of draws never ends by itself (the engine stops it when it meets a card it drew already).")
rule("CF837", "threat-draw-without-portion", E,
     "A `draw` into a Threat deck from a card with no threat or reaction portion of its own (a Reaction, Loot or "
     "other deck card, an ability) does not say which portion of the drawn Threat card resolves (`portion`).")
rule("CF840", "turn-effect-on-a-card", E,
     "A deck card, Threat card or Enemy's `on_hit` holds an effect a Character plays in their turn (a Stone of "
     "Chance or ability option such as `extra-attack-die`): the engine refuses it on a card.")
rule("CF841", "board-effect-outside-a-battle", E,
     "A kept card's `use`, or a card drawn at the start of a Story (a difficulty's `start_draws`), plays an effect "
     "that needs a Battle's board (`push`, `this`, a target rule, `adjacent`...), outside a Battle.")
rule("CF842", "subject-not-in-context", E,
     "An effect names a subject its card does not have: `this` on a Loot or Equipment card or a kept card's `use`, "
     "`you` in a Threat card's threat portion (defaults such as `away_from: this` count): the engine stops there.")
rule("CF845", "any-face-outside-a-stone", E,
     "`any-face` (use the stone as any other face: Mana Burst) is in a Character's Talent or Support or inside "
     "another effect: only a Stone of Chance face's option plays it.")
rule("CF846", "ability-never-usable", E,
     "A Character's Talent or Support uses an ability its board does not have, itself, or one that uses it back "
     "(`use-ability`): the engine never offers it.")
rule("CF860", "campaign-unknown-story", E,
     "The pack's `campaign` plays a story the pack does not have.")
rule("CF861", "campaign-story-twice", E,
     "The pack's `campaign` names a story twice: a campaign plays each Story once, in order.")
rule("CF862", "campaign-step-without-component", W,
     "A Campaign Mode step has nothing to act on in this pack: `porter-reset` without a Porter, `discard: [loot]` "
     "without a Loot deck, `keep-weapons` with no card that needs hands, `reshuffle-decks` without decks.")
rule("CF863", "campaign-discard-after-reshuffle", W,
     "A campaign step that discards cards (`keep-weapons`, `discard: [loot]`) comes after `reshuffle-decks`: the "
     "cards it discards stay in the discard piles into the next Story.")

# CF9xx: the state explorer (stage explore; docs/explore.md). Each finding has a witness.
rule("CF901", "stuck-in-play", E,
     "In play the players can reach a choice with no option on offer, a loss of an item no one holds, or a card "
     "whose steps run out: the story stops.")
rule("CF902", "option-never-offered-in-play", W,
     "A choice is reached in play, but this option's condition is false every time.")
rule("CF903", "card-never-drawn-in-play", W,
     "The story graph reaches this card, but no line of play draws it.")
rule("CF904", "condition-always-true", W,
     "A condition is true every time it is evaluated in play: it never hides its option or never takes `else`.")
rule("CF905", "condition-always-false", W,
     "An `if` step's condition is false every time it is evaluated in play: its `then` branch never runs.")
rule("CF906", "ending-never-reached", W,
     "A Victory or Defeat on a card the players draw is never reached in play.")
rule("CF907", "never-won-in-play", E,
     "No line of play reaches Victory: the story can never be won.")
rule("CF908", "state-trap", E,
     "In play the players can reach a state from which no ending can be reached: a loop they can never leave.")

del E, W


@dataclass
class Diagnostic:
    """One problem found in the content.

    ``file`` is the path as the user named it (relative paths stay relative);
    ``line``/``column`` are 1-based, ``None`` when the problem concerns a whole file;
    ``doc`` (0-based document index in the file) and ``path`` (keys and list indexes
    from the document root) locate it in the data and let the locator fill in
    ``line``/``column`` lazily; ``anchor`` says which position to use: the ``key``
    of the last path element, its ``value``, or its containing ``mapping``;
    ``offset`` (``None``: none) moves the column that many characters into a one-line
    value's text, past its opening quote if quoted (a position inside a condition; 0:
    its first character); ``card`` is the story card the path lies in
    (its printed number, shown instead of the list index ``cards[3]``); ``within``
    (``(words, depth)``) names, in words, the Enemy or deck document and card that the
    first ``depth`` parts of ``path`` lead to (``Threat deck 'Rochefort', card 'Feint'``),
    shown instead of those parts, since a file holds several such documents; ``see``
    (``(file, doc, path)``) is a second place the message refers to, such as the
    first definition of a card: the locator appends its line, ``(line 30)``;
    ``witness`` (the state explorer's findings, CF9xx) is the line of play that shows
    it: ``{"setup": {"players", "characters", "seed", "battles"}, "answers": [...]}``.
    """

    code: str
    message: str
    file: str | None = None
    line: int | None = None
    column: int | None = None
    doc: int | None = None
    path: tuple[str | int, ...] = ()
    anchor: str = "value"
    offset: int | None = None
    hint: str | None = None
    severity: Severity = field(default=Severity.ERROR)
    card: int | None = None
    see: tuple[str, int, tuple] | None = None
    within: tuple[str, int] | None = None
    witness: dict[str, Any] | None = field(default=None, compare=False, hash=False)

    def __post_init__(self) -> None:
        self.severity = RULES[self.code].severity

    @property
    def name(self) -> str:
        """The rule's kebab-case name, e.g. ``unknown-card``."""
        return RULES[self.code].name

    def sort_key(self) -> tuple:
        """Order: file, line, column, code, message (deterministic output)."""
        return (self.file or "", self.line or 0, self.column or 0, self.code, self.message)

    def field_path(self) -> str:
        """Where in the document, as authors read it: ``card 14: steps[0].choice[1].goto``
        (the card by its printed number), ``Threat deck 'Rochefort', card 'Feint':
        threat[0].activate.enemy`` (an Enemy or deck document by its name), or the data
        path ``players.min``."""
        if self.card is not None and len(self.path) >= 2 and self.path[0] == "cards":
            rest = _data_path(self.path[2:])
            return f"card {self.card}" + (f": {rest}" if rest not in ("", "id") else "")
        if self.within is not None:
            words, depth = self.within
            rest = _data_path(self.path[depth:])
            return words + (f": {rest}" if rest not in ("", "name") else "")
        return self.data_path()

    def data_path(self) -> str:
        """The data path from the document's root: ``cards[2].steps[0].choice[1].goto``."""
        return _data_path(self.path)

    def to_dict(self) -> dict:
        """Plain data for ``--format json`` (documented in ``docs/diagnostics.md``);
        ``witness`` only for the state explorer's findings."""
        return {
            "code": self.code,
            "name": self.name,
            "severity": self.severity.value,
            "message": self.message,
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "path": self.data_path() or None,
            "card": self.card,
            "hint": self.hint,
            **({"witness": self.witness} if self.witness is not None else {}),
        }


def _data_path(path: tuple) -> str:
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out
