"""CF8xx: Enemies, Named Enemies, Threat decks and decks, once per pack: the names they use and are used by
(CF801-CF819, stage ``pack``), their composition and per-player counts (CF820-CF839, stage ``board``;
CF825 at ``validate``); CF840-CF846 effects in their context; CF860-CF869 the pack's ``campaign``.

Each ``code(...)`` is one diagnostic code with all its data (see ``codes/__init__.py``:
how to add a code)."""

from cardforge_compiler.codes._registry import E, W, code, example
from cardforge_compiler.codes._demo import ENEMY_FILES, EQUIPMENT_DECK, GUARD, HEAD, PACK, PACK_NO_BOARDS, REACTION_DECK, RICHELIEU, THREAT_DECK, _DRAWS, deck_example, demo_example
from cardforge_compiler.codes._prose import WARNING, _DESCRIBED

code("CF801", "unknown-enemy", E,
     summary="An effect or predicate names an Enemy that no `kind: enemy` document defines.",
     template="unknown Enemy '{enemy}'",
     stage="pack",
     explanation="""
An effect names an Enemy that no `kind: enemy` document of the pack defines: the
`enemy` of a `spawn` or `activate` effect, or the `in_supply` predicate of an `if`
(Threat cards, "Guards!": "place up to 1 Cardinal's Guard per player"). The effects
are those of Threat cards, deck cards, Enemies' `on_hit`, Character abilities and
Stones of Chance. A Named Enemy named there is reported as such: it is one standee,
never spawned from a supply nor activated. The hint offers the nearest Enemy.

""" + _DESCRIBED,
     fix="""
Correct the name, or add the Enemy's Reference card: a document with `kind: enemy`,
its `name`, `type`, `damage`, `movement` and `defense` (docs/format.md, Enemies).
""",
     examples=[deck_example("enemies.yaml", ("spawn: {enemy: Cardinal's Guard", "spawn: {enemy: Cardinals Gaurd"))])

code("CF802", "unknown-named-enemy", E,
     summary="A layout sets up a Named Enemy that no `kind: named-enemy` document defines.",
     template="unknown Named Enemy '{enemy}'",
     stage="pack",
     explanation="""
A battle layout sets up a Named Enemy (`named_enemies`) that no `kind: named-enemy`
document defines (Battle Cards - Setup, 5: the Named Enemy's standee and Tracker
card). A `Defeat <name>` objective whose layout does not set up that Named Enemy is
`CF715`, at the objective; a Named Enemy the layout sets up but no document defines
is reported here, at the layout, once.

""" + _DESCRIBED,
     fix="""
Correct the name, or add the Tracker card: a document with `kind: named-enemy`, its
`health` for 1 to 4 Characters, `defense` and `threat_deck`.
""",
     examples=[deck_example("components.yaml", ("    at: [4, 4]\n", "    at: [4, 4]\n  - name: Milday\n    at: [3, 4]\n"), ("enemies: 1", "enemies: 2"))])

code("CF803", "unknown-deck", E,
     summary=("A purchase, the Porter, the manifest's `decks`, a difficulty option, a `draw` effect or a terrain tile names "
              "a deck that no `kind: deck` (or, for `draw`, `kind: threat-deck`) document defines."),
     template="unknown deck '{deck}' ({where})",
     stage="pack",
     explanation="""
A deck is named that no `kind: deck` document defines: a purchase's `deck`, the
Porter's `deck`, a role of the manifest's `decks`, a difficulty option's
`remove_cards` key or `start_draws` deck, a `draw` effect's `deck` (which may also
name a `kind: threat-deck`) or a terrain tile's `draw` board effect (the Chest). The
message says what names it; the hint offers the nearest deck.

""" + _DESCRIBED,
     fix="""
Correct the name, or add the deck: a document with `kind: deck`, its `name`, `role`
and `cards` (docs/format.md, Decks).
""",
     examples=[deck_example("story.yaml", ("deck: Equipment", "deck: Equipement"))])

code("CF804", "unknown-deck-card", E,
     summary="A Starting Weapon or a difficulty option's `remove_cards` names a card its deck does not hold.",
     template="{whose} '{card}' is not a card of deck '{deck}'",
     stage="pack",
     explanation="""
A card is named that its deck does not hold: a Character board's Starting Weapon
(`weapons`) is not a card of the Equipment deck (the manifest's `decks: {equipment:
...}`, else the pack's only deck with `role: equipment`; Setup: the Starting Weapon
is taken from the Equipment deck), or a difficulty option's `remove_cards` names a
card its deck lacks (Difficulty Adjustments: "remove the Nothing and Broken Sword
cards from the Loot deck"). A Starting Weapon in a pack with no Equipment deck at
all is reported too.

""" + _DESCRIBED,
     fix="""
Correct the card's name, or add the card to the deck.
""",
     examples=[deck_example("pack.yaml", ("    weapons: [Rapier]\n    support:", "    weapons: [Rapeir]\n    support:"))])

code("CF805", "deck-role-mismatch", E,
     summary=("A deck is named for a part (the manifest's `decks` role, a purchase or the Porter) that its document's "
              "`role` does not play."),
     template="the {role} deck names deck '{deck}', whose role is {actual}, not {role}",
     stage="pack",
     explanation="""
A deck is named for a part its document's `role` does not play: the manifest's
`decks: {loot: X}` names a deck whose `role` is not `loot`, or a purchase or the
Porter draws from a deck that is not an Equipment deck (what they sell are
Equipment cards, with a `cost`).

""" + _DESCRIBED,
     fix="""
Name the deck that plays the part (the hint lists the decks with that role), or
correct the deck's `role`.
""",
     examples=[deck_example("pack.yaml", ("loot: Loot, reaction: Reaction", "loot: Reaction, reaction: Reaction"))])

code("CF806", "unknown-ability", E,
     summary="An effect uses a Character ability (talent or support) that no Character board has.",
     template="no Character board has a {ability} ability, but a `use-ability` effect uses it",
     stage="pack",
     explanation="""
An effect uses a Character ability that no Character board has: `use-ability:
talent` (a Stone of Chance spent on "your Talent") in a pack whose boards give no
`talent`, or `use-ability: support` where none gives a `support`. The effect could
never do anything. (A status token's `covers` naming an ability no board has covers
nothing, which is harmless, and is not reported.)
""",
     fix="""
Give the Character boards their abilities (`talent: {name, text, effects}`,
`support: ...`; docs/format.md, Character boards), or use the ability they have.
""",
     examples=[deck_example("pack.yaml", ("    talent:\n      name: Corps", "    support:\n      name: Corps"))])

code("CF807", "unknown-terrain", E,
     summary="A `fallback` target selector names terrain that no terrain tile or terrain keyword of the pack defines.",
     template="unknown terrain '{terrain}' in a `fallback` target selector",
     stage="pack",
     explanation="""
A target rule's `fallback` selector (the second ruleset: doors and portcullises
attacked when no Hero qualifies) names terrain that is neither a `kind:
terrain-tile` nor a `kind: terrain-keyword` of the pack. Target rules are those of
Enemies' `priorities`, the manifest's `enemy_rules.defaults` and `attack` effects.
""",
     fix="""
Correct the name, or define the terrain: a terrain tile (a door standing on a
square) or a terrain keyword (an edge keyword for a door in a wall).
""",
     examples=[deck_example("enemies.yaml", ("on_hit:\n", "priorities:\n  move: [toward-nearest]\n  target: [{among: adjacent}, "
          "players-choice, {fallback: {terrain: [Portcullis]}}]\non_hit:\n"))])

code("CF808", "missing-threat-deck", E,
     summary="A Named Enemy's `threat_deck` names no `kind: threat-deck` document.",
     template="Named Enemy '{enemy}' has no Threat deck: no `kind: threat-deck` is named '{deck}'",
     stage="pack",
     explanation="""
A Named Enemy's `threat_deck` names no `kind: threat-deck` document: in the Enemy
turn, its Threat deck has nothing to draw (Named Enemy Tracker card).
""",
     fix="""
Correct the name, or add the Threat deck: a document with `kind: threat-deck`, its
`name` and `cards` (each with a `threat` and a `reaction`).
""",
     examples=[deck_example("enemies.yaml", ("threat_deck: Cardinal Richelieu", "threat_deck: Richelieu"))])

code("CF809", "tokens-without-enemy", E,
     summary="The components hold tokens of an Enemy that no `kind: enemy` document describes.",
     template="the box holds tokens of '{enemy}', but no `kind: enemy` document describes it",
     stage="pack",
     explanation="""
The pack's `components` list tokens (`enemy_tokens`) of an Enemy that no `kind:
enemy` document describes (nor a `kind: named-enemy`). The tokens' Enemy has no
Reference card: its movement, attack and Defense are unknown. Reported once, at the
components: a layout's deployment area that uses the tokens is not reported again.

""" + _DESCRIBED,
     fix="""
Add the Enemy's Reference card (a `kind: enemy` document), or correct the name in
the components.
""",
     examples=[deck_example("components.yaml", ("    count: 4\n", "    count: 4\n  - enemy: Marksman\n    count: 2\n"))])

code("CF810", "enemy-without-tokens", E,
     summary="An Enemy has no tokens in the box (the components' `enemy_tokens`): it can never be placed or spawned.",
     template="Enemy '{enemy}' has no tokens in the box (the components' `enemy_tokens`)",
     stage="pack",
     explanation="""
An Enemy (`kind: enemy`) has no tokens in the box: the components' `enemy_tokens`
do not list it (or the pack has no `components`). Its supply is 0, so no layout can
deploy it and no `spawn` can place it. A layout deploying such an Enemy is not also
reported as `CF701`. When the components list tokens of a name close to it, the hint
names them.

""" + _DESCRIBED,
     fix="""
Add `- {enemy: <name>, count: N}` to the components' `enemy_tokens` (N: the tokens in
the box), or correct the name there.
""",
     examples=[deck_example("enemies.yaml", ("---\nkind: named-enemy", "---\nkind: enemy\nname: Marksman\ntype: ranged\n"
          "damage: 1\nmovement: 3\ndefense: {wounded: 2, defeated: 3}\nrange: 6\n---\nkind: named-enemy"))])

code("CF811", "unknown-difficulty", E,
     summary="An `if` effect's `difficulty` predicate names a difficulty option the pack manifest does not define.",
     template="no difficulty option '{option}' in pack '{pack}': this `if` never holds",
     stage="pack",
     explanation="""
An `if` effect asks `{difficulty: <name>}` about a difficulty option that the pack
manifest's `difficulty` list does not define (Difficulty Adjustments: on the harder
difficulty the Broken Sword discards the Weapon). No game is ever played with that
option, so the `if` never holds and its `then` effects never happen.
""",
     fix="""
Name one of the manifest's difficulty options (the hint lists them), or add the
option to `difficulty:` in `pack.yaml`.
""",
     examples=[deck_example("decks.yaml", ("  - name: Nothing\n", "  - name: Nothing\n  - name: Broken Sword\n    effects:\n"
          "      - if: {difficulty: harder}\n        then: [{discard-weapon: {}}]\n"))])

code("CF820", "empty-deck", E,
     summary="A deck or Threat deck has no cards to draw, or a difficulty option removes every one of them.",
     template="{deck} has no cards{why}",
     stage="board",
     explanation="""
A `kind: deck` or `kind: threat-deck` has no card to draw: its `cards` list is empty,
an Equipment deck holds only its Unarmed card (which never leaves play and is never
shuffled), or a difficulty option of the manifest removes every card of the deck by
name (`remove_cards: {Loot: [...]}`; a removed name takes out every copy), so that a
draw in that difficulty finds nothing.
""",
     fix="""
Add the deck's cards, keep at least one card in each difficulty, or delete the deck
and every name of it.
""",
     examples=[demo_example(decks="kind: deck\nname: Loot\nrole: loot\ncards: []\n")])

code("CF821", "spawn-exceeds-supply", W,
     summary="A `spawn` can ask for more Enemies than the box holds for some number of Characters.",
     template=("{card} spawns up to {count} '{enemy}' at {players} Characters ({per}), but the box holds {held}: fewer are "
               "placed"),
     stage="board",
     explanation="""
A `spawn` effect (a Threat card's "place up to 1 per player", an Enemy's or a card's
spawn) asks for more Enemies than the box holds (the components' `enemy_tokens`
count, the supply) at some number of Characters: `per_player` times the count, or the
`count` table's value. Every number of Characters the pack admits is checked, 1 to 4:
each number of players from `players.min` to `players.max`, Solo Play counted as
`players.solo_characters` (and each number of Characters one player may control, up
to `players.max`), each also with every difficulty option's `character_count` added
(the easier game: one lower). The engine places min(count, supply, free squares), so
the spawn comes up short rather than failing.
""",
     fix="""
Lower the number, or raise the Enemy's token `count` in components if the box really
holds more.
""",
     examples=[demo_example(**{**ENEMY_FILES, "threats": THREAT_DECK.replace("per_player: 1", "per_player: 3")}, after=WARNING)])

code("CF822", "threat-deck-runs-out", W,
     summary="Every card of a Threat deck can return to the box, and the deck says to reshuffle (or nothing) when empty.",
     template="every card of Threat deck '{deck}' can return to the box: {why}",
     stage="board",
     explanation="""
Every card of a Threat deck can go back to the box (a `return-to-box` effect in its
threat or its reaction, an `if` branch included), and the deck's `when_empty` is
`reshuffle` or absent: once the cards have left, the draw pile runs out with nothing
in the discard pile to reshuffle, and the deck gives no rule for what happens then.
""",
     fix="""
Write `when_empty: nothing` (the Named Enemy has no more threats once its deck is
gone), or keep a card that does not return to the box.
""",
     examples=[demo_example(**{**ENEMY_FILES, "threats": THREAT_DECK.split("  - name: Advance")[0]}, after=WARNING)])

code("CF823", "empty-attack-pattern", E,
     summary="An Attack Pattern has no square in it.",
     template="the Attack Pattern of '{card}' (deck '{deck}') has no square in it",
     stage="board",
     explanation="""
An Equipment card's Attack Pattern marks no square as attacked: no `x` and a facing
square written `f` (not in the pattern). A Weapon with such a pattern can never
attack.
""",
     fix="""
Mark the squares the Weapon attacks with `x`, or write the facing square as `F` when
it is in the pattern.
""",
     examples=[demo_example(decks=EQUIPMENT_DECK.replace('"xFx"', '".f."'))])

code("CF824", "pattern-includes-own-square", E,
     summary="An Attack Pattern includes the figure's own square.",
     template="the Attack Pattern of '{card}' (deck '{deck}') includes the figure's own square ({where})",
     stage="board",
     explanation="""
An Equipment card's Attack Pattern marks the figure's own square (the square just
below the facing square `F`/`f`) with `x`: a figure never attacks the square it stands
on. The diagnostic points at that square of the grid.
""",
     fix="""
Write `o` there (the figure's own square, shown for readability) or `.`.
""",
     examples=[demo_example(decks=EQUIPMENT_DECK.replace('".o."', '"xxx"'))])

code("CF825", "bad-pattern-grid", E,
     summary=("An Attack Pattern grid is malformed: rows of unequal length, an unknown character, no or two facing squares, "
              "an own square `o` that is not just below the facing square, or a square farther than 64 from the figure."),
     template="Attack Pattern: {problem}",
     stage="validate",
     explanation="""
An Attack Pattern grid cannot be read: it has no rows, its rows differ in length, a
character is not one of `x . F f o`, it has no facing square or two (`F`/`f`), two own
squares `o`, or an `o` that is not just below the facing square. Found when the card
is validated (the card's deck is then left out of the later stages); the diagnostic
points at the row (and the square) at fault.
""",
     fix="""
Write equal rows of `x` (in the pattern), `.` (not), one `F` or `f` (the facing
square, in the pattern or not) and, optionally, `o` just below it.
""",
     examples=[demo_example(decks=EQUIPMENT_DECK.replace('".o."', '".o"'))])

code("CF826", "range-needed", W,
     summary=("A target rule keeps the Characters in range, but the attacker has no range (unlimited): the filter keeps "
              "everyone."),
     template="Enemy '{enemy}' targets Characters `{rule}`, but has no `range` (unlimited): the filter keeps every Character",
     stage="board",
     explanation="""
A target rule keeps only the Characters in range (`{among: in-range}` or
`{among: range-and-line-of-sight}`), but the attacker has no range: an Enemy without
`range` has an unlimited one (as a Ranged Weapon that lists no Range), and a Named
Enemy attacking in a Threat card has none, so the filter keeps every Character. The
Enemy's own `priorities` are checked, else the pack's `enemy_rules.defaults` for its
type (the diagnostic then names that rule's line).
""",
     fix="""
Give the Enemy the `range` of its Reference card, or filter with `{among:
line-of-sight}` (a melee Enemy: `{among: adjacent}`).
""",
     examples=[demo_example(enemies="""kind: enemy
name: Marksman
type: ranged
damage: 1
movement: 3
defense: {wounded: 2, defeated: 3}
priorities:
  move: [stay-if-line-of-sight, toward-line-of-sight]
  target: [{among: range-and-line-of-sight}, nearest, players-choice]
""", components="kind: components\nenemy_tokens:\n  - {enemy: Marksman, count: 4}\n", after=WARNING)])

code("CF827", "falls-as-party-grows", W,
     summary="A per-player-count value (Named Enemy health, a spawn `count`) is lower for a larger party.",
     template="{who} has less {what} at {more} Characters than at {fewer} ({values})",
     stage="board",
     explanation="""
A value given per number of Characters falls as the party grows: a Named Enemy's
`health` (the Tracker card) or a `spawn`'s `count` table is lower at a larger count
than at a smaller one, over every number of Characters the pack admits (as for
CF821: Solo Play, the easier game's lower count). A count missing from a `count` table
places no Enemy, which counts as 0. Often a transcription slip (3 Guards at 2
players, 2 at 3).
""",
     fix="""
Make the value grow (or stay) with the party, or write `falls_on_purpose: true` on
the Named Enemy or the `spawn` when the card really gives less to a larger party.
""",
     examples=[demo_example(**{**ENEMY_FILES, "enemies": GUARD + "---\n" + RICHELIEU.replace("{1: 4, 2: 5, 3: 6, 4: 7}",
                                                                                   "{1: 4, 2: 7, 3: 6, 4: 8}")}, after=WARNING)])

code("CF828", "box-counts-differ", E,
     summary="A deck's card counts do not add up to its `box_counts`.",
     template="deck '{deck}' holds {count} cards ({cards}), but `box_counts` says {expected}",
     stage="board",
     explanation="""
A deck declares `box_counts` (the number of cards the box holds), and its cards'
counts (`count`, 1 when absent) add up to another number.
""",
     fix="""
Fix a card's `count` (a card printed more than once is one entry with `count:`), add
the missing cards, or correct `box_counts`.
""",
     examples=[demo_example(decks=REACTION_DECK.replace("box_counts: 3", "box_counts: 4"))])

code("CF829", "starting-weapons-too-many-hands", E,
     summary=("A Character's Equipment at Setup (board items that are Equipment cards, Starting Weapons) needs more hands "
              "than the pack's `carry.hands`."),
     template="{whose} Starting Weapons ({weapons}) need {hands} hands, but a Character carries {carry} hands' worth",
     stage="board",
     explanation="""
A Character's Equipment at Setup needs more hands than the pack's `carry.hands`
(Equipment cards: "Characters can only carry 2 hands worth of equipment at once"):
its board's `items` that are Equipment cards, which Setup takes from their deck as a
gain does, then its Starting Weapons (`weapons`), counted in that order. The
diagnostic points at the item or Weapon that goes over. Without `carry` the pack
sets no limit and nothing is checked.
""",
     fix="""
Give the Character Equipment items and Starting Weapons within the limit, or raise
`carry: {hands: N}`.
""",
     examples=[demo_example(decks=EQUIPMENT_DECK, pack=PACK_NO_BOARDS.replace("max: 4", "max: 2") + """characters:
  - {name: Athos, stats: {Prowess: 3, Movement: 5}, destiny: 3, health: 5, weapons: [Broadsword, Pistol]}
  - {name: Porthos, stats: {Prowess: 4, Movement: 3}, destiny: 3, health: 5}
carry: {hands: 2}
""")])

code("CF830", "two-unarmed-cards", E,
     summary="An Equipment deck holds more than one Unarmed card.",
     template="deck '{deck}' has {count} Unarmed cards ({cards}): an Equipment deck has one",
     stage="board",
     explanation="""
An Equipment deck holds more than one Unarmed card: two cards with `unarmed: true`, or
the Unarmed card with a `count` above 1. The Unarmed card never leaves play, so one
serves every Character without Equipment.
""",
     fix="""
Keep `unarmed: true` on one card and `count: 1`.
""",
     examples=[demo_example(decks=EQUIPMENT_DECK.replace("    value: 3\n", "    value: 3\n    unarmed: true\n"))])

code("CF831", "no-unarmed-card", E,
     summary="The Equipment deck has no Unarmed card for Characters without Equipment to fall back on.",
     template="the Equipment deck '{deck}' has no Unarmed card, which Characters without any Equipment must use",
     stage="board",
     explanation="""
The pack's Equipment deck (the manifest's `decks: {equipment: ...}`, else its only
`role: equipment` deck) has no Unarmed card, while the pack has Character boards:
"Characters without any Equipment must use the Unarmed card".
""",
     fix="""
Add the Unarmed card to the Equipment deck, with `unarmed: true`.
""",
     examples=[demo_example(decks=EQUIPMENT_DECK.split("  - name: Unarmed")[0])])

code("CF832", "deck-runs-dry", W,
     summary=("A purchase (`per_player` x players) or the Porter can draw more cards than a deck has left after the "
              "Starting Weapons and the Porter's cards, for some number of Characters."),
     template=("{what} draws {count} cards from deck '{deck}', which holds {held} cards to draw; {taken}: only {offered} "
               "can be offered ({why})"),
     stage="board",
     explanation="""
A purchase draws `per_player` x players cards from a deck (Event Cards: "draw 1
Equipment card per player"), or the Porter `cards_per_character` x Characters (Setup
4), and for some number of Characters the deck may not hold that many: the Starting
Weapons were taken from the Equipment deck at Setup (Setup 1f) and the Porter's cards
wait under him until he is called. Every number of Characters the pack admits is
tried (Solo Play's `solo_characters`, the easier game's one fewer); cards bought
earlier are not counted. The engine then offers the cards left, and the `purchase`
request's `asked` and `draw` say how many were asked for and drawn (`cardforge play`:
"The Equipment deck had only 4 cards to draw of the 6 asked for").
""",
     fix="""
Add cards to the deck (`count:`), lower `per_player` or `cards_per_character`, or
accept it: the warning says how many cards can be offered.
""",
     examples=[deck_example("story.yaml", ("deck: Equipment", "deck: Equipment\n          per_player: 3"))])

code("CF833", "unknown-stone-face", E,
     summary="A status token's `removed_by` names no face of the pack's Stones of Chance: nothing ever removes it that way.",
     template="status token '{token}' is removed_by '{face}', which is not a Stone of Chance face of pack '{pack}'",
     stage="pack",
     explanation="""
A status token's `removed_by` names a face that the pack's `stones_of_chance` do not
have (or the pack has no Stones of Chance): the face never comes up, so the token is
never removed that way (Gascony's Legacy, Use Your Support Ability: "you must remove
it by spending a Loyalty (L) Stone of Chance").
""",
     fix="""
Correct the face's name (the hint suggests the closest face), add the face to
`stones_of_chance.faces`, or remove `removed_by`.
""",
     examples=[deck_example("pack.yaml", ("  - {name: Doom, six_counts: 1, covers: talent}\n", "  - {name: Doom, six_counts: 1, covers: talent, removed_by: Prowes}\n"))])

code("CF834", "destiny-start-above-maximum", W,
     summary=("A difficulty option's `destiny_start` raises the starting Destiny, but Characters start at their maximum "
              "Destiny and never exceed it."),
     template=("difficulty '{difficulty}' raises the starting Destiny by {amount}, but every Character begins at its "
               "maximum Destiny and never goes above it: the rise does nothing"),
     stage="pack",
     explanation="""
A difficulty option's `destiny_start` is positive. `destiny_start` is a change to the
starting Destiny, but every Character starts a Story at its maximum Destiny and never
goes above it (Difficulty Adjustments: "They can still gain additional Destiny up to
their maximum"), so the engine caps the rise away and it does nothing.
""",
     fix="""
Use a negative value to start with less Destiny (the harder game: `-2`); to give the
Characters more Destiny, raise their boards' `destiny`; or remove `destiny_start`.
""",
     examples=[deck_example("pack.yaml", ("    start_draws: {deck: Loot, per_character: 1}\n", "    start_draws: {deck: Loot, per_character: 1}\n  - name: generous\n    destiny_start: 1\n"))])

code("CF835", "duplicate-card-name", E,
     summary="Two cards of one deck or Threat deck have the same name: write one card with a `count`.",
     template="{deck} has two cards named '{card}' (cards {first} and {second})",
     stage="board",
     explanation="""
Two cards of one deck or Threat deck have the same name. Cards are named wherever they
are used (a Character's Starting Weapons, a difficulty's `remove_cards`, purchases,
`cardforge stats`), so the two are one card written twice: its copies split between
them, or its fields disagreeing.
""",
     fix="""
Write the card once, with `count:` the number of copies the box holds, or give each
card its own name.
""",
     examples=[demo_example(decks=REACTION_DECK.replace("box_counts: 3", "box_counts: 4") + """  - name: Duck!
    effects: [{cancel-wound: {}}, {reshuffle: {}}]
""")])

code("CF836", "draw-loop", W,
     summary=("Every card of a deck or Threat deck draws again, from it or from decks that draw back into it, and the deck "
              "is reshuffled: a chain of draws never ends by itself (the engine stops it when it meets a card it drew "
              "already)."),
     template=("every card of {deck} ({portion}) draws {what} and the deck is reshuffled when it runs out: a chain of draws "
               "never ends by itself ({stop})"),
     stage="board",
     explanation="""
Every card of a deck or Threat deck draws again (a `draw` at the top of its effects,
not under an `if`), from its own deck or from decks whose every card draws back into
it, and the deck is reshuffled (a `kind: deck` always is when its draw pile runs out;
a Threat deck with `when_empty: reshuffle`, or whose cards `reshuffle`). Whichever card
comes, it draws another: a chain of draws never ends by itself. The engine ends it at
the first card the chain would draw a second time (docs/rulings.md, "A card drawn
twice in one chain"; the event `chain-ends`), so play goes on, but the Enemy Turn or
Reaction resolves the whole deck at once. Draws from the Equipment deck do not count
(an Equipment card drawn is held, not resolved), and a deck that only draws into such
a loop elsewhere is not reported: the loop is, at its own `draw`.
""",
     fix="""
Give the deck a card that draws nothing, or put a `draw` under an `if` so that it may
not happen; for a Threat deck, `when_empty: nothing` ends the chain when its draw pile
does. If resolving the whole deck is what you mean, the warning can stay.
""",
     examples=[demo_example(**{**ENEMY_FILES, "threats": THREAT_DECK.replace("      - return-to-box: {}\n", "      - draw: {}\n")
                      .replace("      - attack: {target: [{among: adjacent}, players-choice]}\n",
                               "      - attack: {target: [{among: adjacent}, players-choice]}\n      - draw: {}\n")})])

code("CF837", "threat-draw-without-portion", E,
     summary=("A `draw` into a Threat deck from a card with no threat or reaction portion of its own (a Reaction, Loot or "
              "other deck card, an ability) does not say which portion of the drawn Threat card resolves (`portion`)."),
     template="{card} draws from Threat deck '{deck}' without saying which portion of the drawn card resolves ({why})",
     stage="board",
     explanation="""
A `draw` effect takes cards from a Threat deck (named by `deck`, or the card's own deck)
without `portion`, on a card that has no threat or reaction portion of its own: a
Reaction, Loot or other deck card, a kept card's `use`, an ability, a Stone of Chance
option. A Threat card has two portions, the threat (resolved in the Enemy Turn) and
the reaction (when its Named Enemy is attacked and not defeated), and nothing says
which of them the drawn card resolves. A Threat card drawing from a Threat deck passes
on its own portion; a card of a plain deck, whoever draws it, always resolves its
`effects`. The engine refuses such a draw (an `EngineError`) rather than resolve
nothing.
""",
     fix="""
Say which portion resolves: `draw: {deck: Cardinal Richelieu, portion: threat}` or
`portion: reaction`.
""",
     examples=[deck_example("decks.yaml", ("  - name: Nothing\n", "  - name: Nothing\n    effects: [{draw: {deck: Cardinal Richelieu}}]\n"))])

code("CF840", "turn-effect-on-a-card", E,
     summary=("A deck card, Threat card or Enemy's `on_hit` holds an effect a Character plays in their turn (a Stone of "
              "Chance or ability option such as `extra-attack-die`): the engine refuses it on a card."),
     template="the effect '{effect}' is played by a Character in their turn ({by}), not by {card}: the engine refuses it there",
     stage="pack",
     explanation="""
A deck card, a Threat card (either portion), a kept card's `use` or an Enemy's `on_hit`
holds an effect that a Character plays in their own turn: `extra-attack-die`,
`second-attack`, `move-bonus`, `prepare`, `use-ability`, `any-face` or
`auto-successes`. Those are the options of the Stones of Chance and of the Character
boards' Talent and Support (All for One board & Stones of Chance; Character boards);
the engine refuses them on a drawn card ("played in a Character's turn, not on a
drawn card"), so the card would stop the Battle or story that draws it.
""",
     fix="""
Give the option to a Stone of Chance face (`stones_of_chance`) or to a Character's
`talent` or `support`, or give the card effects a card plays (`gain`, `heal`,
`status`...).
""",
     examples=[demo_example(decks=REACTION_DECK.replace("box_counts: 3", "box_counts: 4") + """  - name: Second Wind
    effects: [{extra-attack-die: 1}]
""")])

code("CF841", "board-effect-outside-a-battle", E,
     summary=("A kept card's `use`, or a card drawn at the start of a Story (a difficulty's `start_draws`), plays an effect "
              "that needs a Battle's board (`push`, `this`, a target rule, `adjacent`...), outside a Battle."),
     template=("{card} plays the effect '{effect}' {when}, outside a Battle: there is no board, no Enemy and no target rule "
               "to play it on"),
     stage="pack",
     explanation="""
An effect is played outside a Battle but needs a Battle's board. Two places play
effects outside a Battle: a kept card's `use` (the players discard it Between Story
Cards) and the `effects` of a card drawn at the start of a Story (a difficulty
option's `start_draws`: Difficulty Adjustments, "Each player draws 1 Loot card at the
beginning of the Story"), with the cards those draw from other decks. There is no
board there, no Enemy and no target rule to measure, so `activate`, `spawn`, `move`,
`push`, `place`, `attack`, a subject `this` or a target rule, and the predicates
`adjacent`, `empty`, `in_supply` and `wounded` cannot be played: the engine stopped
the story (`Session.start` of the easier game failed for every seed).
""",
     fix="""
Give the card effects a story can play (`gain`, `lose`, `heal`, `wound` or `status`
for `you`, `draw`, `reshuffle`, an `if` on `has_status`, `difficulty` or `condition`),
or leave the card out of the decks drawn outside a Battle.
""",
     examples=[demo_example(decks="""kind: deck
name: Loot
role: loot
cards:
  - name: Smoke Bomb
    keep: true
    use: [{push: {who: you, squares: 2, away_from: this}}]
""")])

code("CF842", "subject-not-in-context", E,
     summary=("An effect names a subject its card does not have: `this` on a Loot or Equipment card or a kept card's `use`, "
              "`you` in a Threat card's threat portion (defaults such as `away_from: this` count): the engine stops there."),
     template="{card} plays the effect '{effect}' with `{subject}`, but {why}: the engine stops at this effect",
     stage="pack",
     explanation="""
An effect names a subject (`you` or `this`) that the place playing it does not have,
and the engine stops at it ("the effect names 'this', which this card does not have").
Who is who where (`effect_fields.CONTEXT_SUBJECTS`; docs/format.md, Effects): a
Threat card's threat portion has only `this` (its Named Enemy resolves it in the Enemy
turn, for no Character); a Reaction card and a Threat card's reaction portion have
`you` (the attacker) and `this` (the Enemy reacting); a Loot card has only `you` (it
is drawn when a Melee Attack has Defeated its Enemy, or outside a Battle), as do an
Equipment card and a kept card's `use`; a Response card and an Enemy's `on_hit` have
`you` (the Character attacked or hit) and `this` (the Enemy). A subject is named by a
`who`, by a choice such as `away_from: this`, `adjacent_to: this`, `where:
empty-adjacent-to-this` or `at: behind-you` (also when left at that default: a
`push` is away from `this` unless it says otherwise; `move` and `place` move `this`;
`heal`, `gain`, `status`... concern `you`), by `attack` (`this` attacks) and by the
predicates `adjacent` (both), `has_status` and `empty` (`you`) and `wounded` (`this`),
in `if` branches too. A `role: other` deck's cards are played where they are drawn
from and are not checked; what `CF841` reports is not reported again.
""",
     fix="""
Name a subject the card has: on a Loot card, `you`; in a threat portion, `this` or a
target rule (`{target: [...]}`), and put effects on the attacker in the card's
`reaction` portion. Mind the defaults: a `push` is always away from `this` (its only
`away_from`), so a Loot card cannot push; `heal: {}` in a threat portion heals `you`
(write `who: this` for the Named Enemy).
""",
     examples=[demo_example(decks="""kind: deck
name: Loot
role: loot
cards:
  - name: Poisoned Blade
    effects: [{wound: {who: this}}]
""")])

code("CF845", "any-face-outside-a-stone", E,
     summary=("`any-face` (use the stone as any other face: Mana Burst) is in a Character's Talent or Support or inside "
              "another effect: only a Stone of Chance face's option plays it."),
     template=("the effect 'any-face' (use the stone as any other face) is {where}: only a Stone of Chance face's option "
               "plays it, and the engine stops here"),
     stage="pack",
     explanation="""
A Character's Talent or Support, or an effect inside another (an `if` branch, a
`status`'s `if_held`), holds `any-face`: "use the stone as any other face", Mana
Burst's "Perform any 1 of the above effects" (1. All for One!). Only a Stone of Chance
face's option plays it (the stone is spent as one of the other faces: a `pick` among
their options); anywhere else the engine stops at it ("any-face is played by a Stone
of Chance").
""",
     fix="""
Put `any-face: {}` alone among the effects of a `stones_of_chance` face's option, or
give the ability the effect it means (`move-bonus`, `prepare`, `gain`...).
""",
     examples=[deck_example("pack.yaml", ("      effects: [{auto-successes: {stat: Prowess, successes: 1}}]\n", "      effects: [{any-face: {}}]\n"))])

code("CF846", "ability-never-usable", E,
     summary=("A Character's Talent or Support uses an ability its board does not have, itself, or one that uses it back "
              "(`use-ability`): the engine never offers it."),
     template="{whose} {ability} uses {what}, but {why}: the engine never offers this {ability}, so it can never be used",
     stage="pack",
     explanation="""
A Character's Talent or Support uses an ability (`use-ability`) that its board does not
have, itself, or the other ability when that one uses it back. The Battle engine offers
an ability (as an Action or a Stone of Chance option) only when its effects would do
something, and such an ability never would: it can never be used. When no board of the
pack has the ability named at all, `CF806` reports it instead.
""",
     fix="""
Give the ability the effects themselves, or name an ability the board has that does not
lead back to it.
""",
     examples=[deck_example("pack.yaml", ("      effects: [{heal: {who: you, amount: 1}}]\n", "      effects: [{use-ability: support}]\n"))])

code("CF860", "campaign-unknown-story", E,
     summary="The pack's `campaign` plays a story the pack does not have.",
     template="the campaign plays story '{story}', which the pack does not have",
     stage="pack",
     explanation="""
The manifest's `campaign.stories` names a story that no story of the pack has. A
campaign plays the pack's stories in the order listed (Gascony's Legacy, Campaign
Mode: "start with the first Story and play it all the way through"), so every id must
be a story's `id`; the bundle would not load.
""",
     fix="""
Correct the id (the hint suggests the closest story), or add the story to the pack.
""",
     examples=[deck_example("pack.yaml", (_DRAWS, _DRAWS + "campaign:\n  stories: [act-1, act-2]\n"))])

code("CF861", "campaign-story-twice", E,
     summary="The pack's `campaign` names a story twice: a campaign plays each Story once, in order.",
     template="the campaign plays story '{story}' twice (first as story {position})",
     stage="pack",
     explanation="""
The manifest's `campaign.stories` names a story twice. A campaign plays each Story
once, one after the other, carrying the Characters from one to the next; the bundle
would not load.
""",
     fix="""
Remove the second mention, or name the story meant.
""",
     examples=[deck_example("pack.yaml", (_DRAWS, _DRAWS + "campaign:\n  stories: [act-1, act-1]\n"))])

code("CF862", "campaign-step-without-component", W,
     summary=("A Campaign Mode step has nothing to act on in this pack: `porter-reset` without a Porter, `discard: [loot]` "
              "without a Loot deck, `keep-weapons` with no card that needs hands, `reshuffle-decks` without decks."),
     template="campaign step '{step}' has nothing to act on: {why}",
     stage="pack",
     explanation="""
A Campaign Mode step of `campaign.between` has nothing to act on in this pack:
`porter-reset` in a pack without a `porter`, `discard: [loot]` without a deck of role
`loot`, `keep-weapons` when no card of the pack's decks needs hands (no Weapon), or
`reshuffle-decks` in a pack without decks. The engine plays such a step as doing
nothing, which is seldom what the author meant.
""",
     fix="""
Remove the step, or add what it acts on (the Porter, the Loot deck's `role: loot`, the
Equipment cards' `hands`).
""",
     examples=[example({"demo/pack.yaml": PACK + """campaign:
  stories: [act-1]
  between:
    - gain: {destiny: 2}
    - porter-reset: {per_player: 1}
""", "demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    steps:
      - victory: You reach Paris.
"""}, only=["demo/pack.yaml"])])

code("CF863", "campaign-discard-after-reshuffle", W,
     summary=("A campaign step that discards cards (`keep-weapons`, `discard: [loot]`) comes after `reshuffle-decks`: the "
              "cards it discards stay in the discard piles into the next Story."),
     template=("campaign step '{step}' discards cards after 'reshuffle-decks' (step {position}): they stay in the discard "
               "piles into the next Story"),
     stage="pack",
     explanation="""
A step that discards cards (`keep-weapons`, whose Weapons not kept go to the discard
pile, or `discard: [loot]`) comes after `reshuffle-decks` in `campaign.between`. The
reshuffle has already put the discard piles back, so the cards discarded after it stay
in the discard piles into the next Story, out of its draws. Campaign Mode orders them
1 (Weapons), 4 (Coins and Loot), then 5 ("Shuffle all discard piles back into their
decks").
""",
     fix="""
Move `reshuffle-decks` after every step that discards cards, as the rulebook orders
them.
""",
     examples=[deck_example("pack.yaml", (_DRAWS, _DRAWS + """campaign:
  stories: [act-1]
  between:
    - reshuffle-decks: {}
    - discard: [coins, loot]
"""))])
