"""CF801-CF819: the names Enemies, Named Enemies, decks, cards and abilities use and are used by (stage ``pack``).

Each ``code(...)`` is one diagnostic code with all its data (see ``codes/__init__.py``:
how to add a code)."""

from cardforge_compiler.codes._registry import E, code
from cardforge_compiler.codes._demo import deck_example
from cardforge_compiler.codes._prose import _DESCRIBED

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
