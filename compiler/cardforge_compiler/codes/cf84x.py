"""CF840-CF849: effects in the context of their card or ability; CF860-CF869: the pack's ``campaign``
(stage ``pack``).

Each ``code(...)`` is one diagnostic code with all its data (see ``codes/__init__.py``:
how to add a code)."""

from cardforge_compiler.codes._registry import E, W, code, example
from cardforge_compiler.codes._demo import HEAD, PACK, REACTION_DECK, _DRAWS, deck_example, demo_example

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
