"""CF820-CF839: the composition and per-player counts of decks, Threat decks and Enemies (stage ``board``;
CF825 at ``validate``).

Each ``code(...)`` is one diagnostic code with all its data (see ``codes/__init__.py``:
how to add a code)."""

from cardforge_compiler.codes._registry import E, W, code
from cardforge_compiler.codes._demo import ENEMY_FILES, EQUIPMENT_DECK, GUARD, PACK_NO_BOARDS, REACTION_DECK, RICHELIEU, THREAT_DECK, deck_example, demo_example
from cardforge_compiler.codes._prose import WARNING

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
