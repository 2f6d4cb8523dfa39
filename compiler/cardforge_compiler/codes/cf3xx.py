"""CF3xx: references between documents and cards (stage ``resolve``; CF312 ``board``).

Each ``code(...)`` is one diagnostic code with all its data (see ``codes/__init__.py``:
how to add a code)."""

from cardforge_compiler.codes._registry import E, W, code, example
from cardforge_compiler.codes._demo import BATTLE_STORY, BOARD, HEAD, LAYOUT, OK_CARD, PACK_NO_BOARDS

code("CF301", "unknown-card", E,
     summary="A reference names a story card that does not exist.",
     template="card {card} does not exist in story '{story}'",
     stage="resolve",
     explanation="""
A `goto` (a step, a choice option's `goto`, or a battle objective's `goto`) names a
card that does not exist in the pack. (A card of *another* story is `CF306`; a
story's `start` is `CF303`.) The hint names near misses of the number (two digits
swapped, off by one, one digit wrong: `did you mean 12 or 21?`), or else the cards
numbered closest to it, at most eight (never the whole story). References are checked before the story graph is
built, so the problem is reported at the reference itself.
""",
     fix="""
Correct the card number, or add the missing card to the story.
""",
     examples=[example({"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    steps:
      - choice:
          - text: Take the north road
            goto: 2
          - text: Take the south road
            goto: 3
  - id: 2
    title: The Bridge
    steps:
      - victory: You reach Paris.
"""})])

code("CF302", "duplicate-card", E,
     summary="Two story cards share an id.",
     template="card {card} is already defined in this story (line {line})",
     stage="resolve",
     explanation="""
Two story cards have the same id. All the stories of a pack share one deck of Story
cards, so card ids are unique across the whole pack, not just within a story. The
first card with the id is kept; the position is the `id` of the later one, and the
message says where the first is (`in this story (line 15)`, or `in story 'act-2'
(demo/act2.yaml:7)`).
""",
     fix="""
Renumber one of the two cards, and the `goto`s that meant it.
""",
     examples=[example({"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    steps:
      - goto: 2
  - id: 2
    title: The Bridge
    steps:
      - victory: You reach Paris.
  - id: 2
    title: The Ford
    steps:
      - defeat: You drown.
"""})])

code("CF303", "bad-start", E,
     summary="A story's start card is not one of its cards.",
     template="the start card {card} is not a card of story '{story}'",
     stage="resolve",
     explanation="""
A story's `start` is not one of its cards. (If it is a card of another story of the
pack, the code is `CF306`.) The checks that start from the start card (`CF401`,
`CF403`, `CF404`) are skipped for the story until this is fixed.
""",
     fix="""
Set `start` to the number of the card to draw first, or add that card.
""",
     examples=[example({"demo/story.yaml": """kind: story
id: act-1
title: The Road
start: 10
cards:
""" + OK_CARD})])

code("CF304", "unknown-stat", E,
     summary="A challenge, roll or Character board names a stat the pack does not define.",
     template="'{stat}' is not a stat of pack '{pack}'",
     stage="resolve",
     explanation="""
A `challenge` or `roll` tests a stat that the pack manifest does not list in
`stats`, or a Character board in the manifest (`characters`) gives a value for
such a stat (the position is then the stat's key in the board's `stats`), or an
`auto-successes` effect (a Character ability's, a card's), a status token's
`stat_modifier` or the manifest's `battle_round.move_stat` names such a stat
(stage `pack`). Stat
names are compared exactly, including capitals. When a board's unknown stat is
close to a stat the board leaves out (`Movment` for `Movement`), this is the only
diagnostic for that fault: the hint names the stat, and no `CF307` is reported for
it.
""",
     fix="""
Use one of the pack's stats (the hint lists them or suggests the closest), or add
the stat to `stats` in `pack.yaml`.
""",
     examples=[example({"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    steps:
      - challenge:
          stat: Strength
          successes: 3
          pass:
            - victory: You win the duel.
          fail:
            - defeat: You lose the duel.
"""})])

code("CF305", "unknown-status", E,
     summary="A step names a status token the pack does not define.",
     template="'{token}' is not a status token of pack '{pack}'",
     stage="resolve",
     explanation="""
A `gain` or `lose` step (or the `per_success` of a `roll`) names a status token
that the pack manifest does not define in `status_tokens`. The same holds, at stage
`pack`, for the effects of Enemies (`on_hit`), Threat cards, deck cards, Character
abilities and Stones of Chance (`status`, `remove-status`, `gain`/`lose` `status`,
an `if`'s `has_status`) and for a target rule's `prefer: {status: ...}`. Names are
compared exactly. (Status names inside conditions, `status("...")`, are not checked against
the manifest.)
""",
     fix="""
Use one of the pack's status tokens, or define the token in `pack.yaml` under
`status_tokens`.
""",
     examples=[example({"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    steps:
      - gain:
          status: [Despaire]
      - victory: You reach Paris.
"""})])

code("CF306", "cross-story-goto", E,
     summary="A reference names a card of another story.",
     template="card {card} belongs to story '{story}', not '{this_story}'",
     stage="resolve",
     explanation="""
A reference (`goto`, an option's or objective's `goto`, or the story's `start`)
names a card that exists, but in another story of the same pack. A story proceeds
only to its own cards: each story is played on its own, from its `start`.
""",
     fix="""
Link to a card of this story. If the stories are meant to continue into each other,
end the first with `victory:` and start the next story on its own.
""",
     examples=[example({"demo/act1.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    steps:
      - choice:
          - text: Ride to Paris at once
            goto: 21
          - text: Stay the night
            steps:
              - victory: You sleep well.
""", "demo/act2.yaml": """kind: story
id: act-2
title: Paris
start: 21
cards:
  - id: 21
    title: The Louvre
    steps:
      - victory: You reach the King.
"""})])

code("CF307", "missing-stat", E,
     summary="A Character board gives no value for a stat of the pack.",
     template="Character '{character}' has no value for stat '{stat}'",
     stage="resolve",
     explanation="""
A Character board in the pack manifest (`characters`) has no value for one of the
pack's `stats`. Every board rates the Character in every stat the pack defines
(Gascony's Legacy: Prowess and Movement), since any Challenge or roll may test
any of them. One diagnostic is reported per stat left out, at the board's `stats`
key; the message names the Character and the stat.
""",
     fix="""
Add the stat to the board's `stats`, with a whole number from 0 to 6. If the board
has a misspelled stat instead, the diagnostic is `CF304`, whose hint names the
stat meant.
""",
     examples=[example({"demo/pack.yaml": PACK_NO_BOARDS.replace("max: 4", "max: 2") + """characters:
  - name: Athos
    stats: {Prowess: 4, Movement: 3}
    destiny: 3
    health: 5
    items: [Small Sword]
  - name: Porthos
    stats: {Prowess: 5}
    destiny: 3
    health: 5
""", "demo/story.yaml": HEAD + "cards:\n" + OK_CARD})])

code("CF308", "unknown-item", W,
     summary="A condition asks `has()` for an item that nothing in the pack can provide.",
     template='\'{item}\' is provided by no Character board, gain, purchase offer or deck card: has("{item}") is never true',
     stage="resolve",
     explanation="""
A condition asks `has("...")` for an item that nothing in the pack can provide: no
Character board starts with it (`items`, or a Starting Weapon in `weapons`), no
`gain` (a step, a per-success `gain` of a roll, or a `gain` effect of a card or
ability) gives it, no purchase offer sells it, no card of an Equipment deck (`role:
equipment`) is it, and no Loot card the Character keeps (`keep: true`) is it. The
condition can never hold, so the option or branch it guards is never taken; most
often the name is misspelled (`Ropes` for `Rope`), and the hint names the provided
item it resembles.

Items are looked for in the whole pack, so a story may test an item another story
of the pack gives. A purchase or Porter that draws from a deck the pack describes
(`kind: deck`) provides that deck's cards only: `has("Rapier")` holds when the
Equipment deck has a Rapier card. A purchase that draws from a deck no document
describes, or a Porter that does, may provide any item: in such a pack, only an item
that looks like a misspelling of a provided one is reported.
""",
     fix="""
Fix the item's name so that it matches where the item is given, or give it
somewhere (`gain: {items: [Rope]}`, an offer, a Character board's `items`, a card of
the Equipment deck, a Loot card with `keep: true`).
""",
     examples=[example({"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Cliff
    steps:
      - gain:
          items: [Rope]
      - choice:
          - text: Climb down the rope
            if: has("Ropes")
            goto: 2
          - text: Take the long way round
            goto: 2
  - id: 2
    title: The Beach
    steps:
      - victory: The boat is waiting.
"""})])

code("CF309", "lost-item-never-held", E,
     summary="A step loses an item that nothing in the pack can provide.",
     template=("'{item}' is provided by no Character board, gain, purchase offer or deck card: this loss ends the story "
               "stuck (nobody holds it)"),
     stage="resolve",
     explanation="""
A step loses an item (`lose: {items: [...]}`, or the per-success `lose` of a roll)
that nothing in the pack can provide: no Character board starts with it, no `gain`
gives it, no purchase offer sells it. Nobody can ever hold it, so the loss can never
take it: with `who: one` the engine ends the story `stuck` (reason `not_held`,
docs/rulings.md "Losing an item") when it reaches the step; with `who: each` the
step does nothing. Most often the name is misspelled, and the hint names the
provided item it resembles.

Items are looked for in the whole pack, as for `CF308`. A pack whose purchases draw
from a `deck`, or whose Porter does, may provide any item (the format does not list
a deck's cards): then only an item that looks like a misspelling of a provided one
is reported.
""",
     fix="""
Fix the item's name so that it matches where the item is given, or give the item
somewhere before it is lost (`gain: {items: [Rope]}`, an offer, a Character
board's `items`). If the card's text has the party lose something it may not have,
test it first (`if: has("Rope")`) and say in `else:` what happens otherwise.
""",
     examples=[example({"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Stable
    steps:
      - text: The stable boy keeps your horse as payment.
      - lose:
          items: [Unicorn]
          who: one
      - goto: 2
  - id: 2
    title: The Road
    steps:
      - victory: You walk on to Paris.
"""})])

code("CF310", "unknown-character", E,
     summary="A step or `in_party()` names a Character that has no board in the pack.",
     template="'{character}' is not a Character of pack '{pack}'",
     stage="resolve",
     explanation="""
A step or a condition names a Character that has no board in the pack manifest's
`characters`: the `character` of a `challenge`, `roll`, `gain` or `lose` (the
Character who acts, "Let Porthos answer the insult"), an entry of its `except` list
(Characters who may not, such as the opponent of a duel), or the argument of
`in_party("...")` in a condition. Names are compared exactly. Left unchecked, the
step would always fall back to its `otherwise` and the condition would never hold.
The position points at the name (inside a condition, at its opening quote).
""",
     fix="""
Use the name exactly as the Character board in `pack.yaml` spells it (the hint
suggests the closest, or lists the boards), or add the board under `characters`.
""",
     examples=[example({"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn at Chantilly
    steps:
      - choice:
          - text: Let Porthos answer the insult
            if: in_party("Portos")
            steps:
              - challenge:
                  stat: Prowess
                  successes: 3
                  character: Porthos
                  pass:
                    - victory: The stranger flees.
                  fail:
                    - defeat: You are thrown out of the inn.
          - text: Ride on
            goto: 1
"""})])

code("CF311", "unguarded-item-loss", W,
     summary="A `who: one` loss of items is not guarded by `has()`: the story may get stuck.",
     template=("this loses '{item}' from one Character, but nothing checks that someone holds it: if nobody does, the story "
               "ends stuck"),
     stage="resolve",
     explanation="""
A `who: one` loss of items (one Character gives up the item) runs where nothing
says that someone holds the item. The engine takes a lost item from a Character who
holds it; when nobody does, it cannot follow the card and ends the story `stuck`
(reason `not_held`), a content error like a choice with nothing on offer. A loss is
guarded when an enclosing option's `if`, or an enclosing `if` step (its `then`
branch, or the `else` branch of a condition such as `not has("Rope")`), can only
hold when the item is held: `has("Rope")`, alone or as a part of an `and`.

A warning, not an error: the item may be certain to be held by the time the step
runs (given on the card just before it), which lint does not follow.
""",
     fix="""
Put the loss where it is known to be possible: in an option with `if: has("Rope")`,
or in the `then` branch of an `if: has("Rope")` step, and say in `else:` what the
card does when nobody has it (card text unchanged). With several items, test each:
`has("Rope") and has("Lantern")`.
""",
     examples=[example({"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Well
    steps:
      - gain: {coins: 1}
      - purchase:
          offers:
            - {item: Rope, cost: 1}
      - text: The bucket's rope is rotten; one of you gives up a rope.
      - lose:
          items: [Rope]
          who: one
      - goto: 2
  - id: 2
    title: The Cellar
    steps:
      - victory: You climb down.
"""}, after="""
The state explorer plays the loss: the party that does not buy the Rope ends stuck
there, and `CF901` reports it with that line of play as its witness.
""", also=("CF901",))])

code("CF312", "unknown-layout", E,
     summary="A Battle names a layout that no `battle-layout` document of the pack defines.",
     template="no battle layout '{layout}' in pack '{pack}'",
     stage="resolve",
     explanation="""
A Battle (`battle: {layout: ...}`) names a layout id that no `kind: battle-layout`
document of the same pack defines, so the Battle has no board to be set up on
(Gascony's Legacy, Battle Cards - Setup). The hint offers the nearest layout id of
the pack ("did you mean"), else lists the pack's layouts, else says how to add one.
A layout that is in the pack but failed validation, or whose file is not
well-formed YAML (its `kind:` and `id:` lines are read from the text), is reported
there, not again here; so is one whose `id` could not be read.
""",
     fix="""
Correct the id in the story, or add the layout: a document with `kind:
battle-layout`, `id:` the name the story uses, its `grid`, `map_tiles` and `start`
squares (docs/format.md, Battle layouts).
""",
     examples=[example({"demo/board.yaml": BOARD + "---\n" + LAYOUT,
               "demo/story.yaml": BATTLE_STORY.replace("LAYOUT_ID", "court-yard")})])
