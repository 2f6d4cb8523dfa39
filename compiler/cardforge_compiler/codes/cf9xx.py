"""CF9xx: the state explorer: what play can reach, with witnesses (stage ``explore``, ``cardforge lint`` only).

Each ``code(...)`` is one diagnostic code with all its data (see ``codes/__init__.py``:
how to add a code)."""

from cardforge_compiler.codes._registry import E, W, code, example
from cardforge_compiler.codes._prose import _EXPLORER, _PROOF, _WITNESS

code("CF901", "stuck-in-play", E,
     summary=("In play the players can reach a choice with no option on offer, a loss of an item no one holds, or a card "
              "whose steps run out: the story stops."),
     template="in play {where} {problem}, and the story stops (`stuck`){why}",
     stage="explore",
     explanation="""
In play the players can reach a point where the story cannot go on, and it ends
`stuck`: a choice whose options are all hidden by their `if` (the position is the
`choice` key; the message lists the conditions), a `lose` of an item that no
Character holds (the `lose` key), or a card whose steps run out. Each condition may
hold on some line of play, so the graph check `CF502` does not fire: what strands the
players is what they did before, here walking past both the secret and the Rope.
""" + _EXPLORER + """
A stuck state is reported whenever the explorer sees one, even when the budget cut
the exploration short: the witness proves it.
""" + _WITNESS,
     fix="""
Give the choice an option without `if` (a way on for players who have nothing), or
make sure every way to the card sets what one of its options reads. For a loss, put
it under `if: has("...")` with the alternative in `else`. Replay the witness with
`cardforge play` to watch it happen.
""",
     examples=[example({"demo/story.yaml": """kind: story
id: act-1
title: "Act I: The Tower"
start: 1
flags: [knows_secret]
cards:
  - id: 1
    title: The Market
    steps:
      - choice:
          - text: Listen to the beggar
            steps:
              - set: {knows_secret: true}
            goto: 2
          - text: Buy a rope
            steps:
              - gain: {items: [Rope]}
            goto: 2
          - text: Walk on
            goto: 2
  - id: 2
    title: The Tower
    steps:
      - choice:
          - text: Take the secret stair
            if: knows_secret
            goto: 3
          - text: Climb the wall
            if: has("Rope")
            goto: 3
  - id: 3
    title: The Lady's Chamber
    steps:
      - victory: You reach the Lady in time.
"""})])

code("CF902", "option-never-offered-in-play", W,
     summary="A choice is reached in play, but this option's condition is false every time.",
     template="this option on card {card} is never offered in play: `{condition}` is false every time the choice is reached",
     stage="explore",
     explanation="""
A choice is reached in play, but this option's `if` is false every time: the option
is never offered. The position is the option's `if`. Typical causes: the flag is set
only on cards the players play after this one, or the item can only be had elsewhere.
The witness reaches the choice (without the option).
""" + _EXPLORER + _PROOF,
     fix="""
Set what the condition reads on a card the players play before this one, or remove
the option.
""",
     examples=[example({"demo/story.yaml": """kind: story
id: act-1
title: "Act I: The Catacombs"
start: 1
flags: [found_map]
cards:
  - id: 1
    title: The Chapel
    steps:
      - choice:
          - text: Search the vestry
            goto: 2
          - text: Take the hidden passage
            if: found_map
            goto: 4
  - id: 2
    title: The Vestry
    steps:
      - text: Under the altar cloth lies a map of the catacombs.
      - set: {found_map: true}
      - goto: 3
  - id: 3
    title: The Graveyard
    steps:
      - challenge:
          stat: Movement
          successes: 2
          pass:
            - victory: You slip out past the guards.
          fail:
            - defeat: The guards take you.
  - id: 4
    title: The Catacombs
    steps:
      - victory: You leave Paris unseen.
"""}, after="""
The same option is not reported again when `CF501` or `CF502` already says that its
condition can never hold. Card 4 behind the option is reported too (`CF903`).
""", also=("CF903",))])

code("CF903", "card-never-drawn-in-play", W,
     summary="The story graph reaches this card, but no line of play draws it.",
     template="card {card} is never drawn in play{why}",
     stage="explore",
     explanation="""
The story graph reaches this card (so `CF401` is silent), but no line of play draws
it: every way to it passes through an option never offered, an `if` never taken,
or a state that cannot be. The position is the card's `id`. The witness reaches the
first card drawn that leads to it in the graph, and the message says where, on that
card, each way to it is closed in every line of play: an option never offered (its
condition false in every state reached), an `if` whose `then` or `else` steps never
run (its condition always false, or always true), a challenge that never passes or
never fails, a step never played because the step before it always ends the card, or
an option whose steps always end the card before its `goto`. It names the other cards
drawn that lead to it too, and those that lead to it but are never drawn themselves
(their own `CF903` says why). When no card that leads to it is drawn, there is no
witness: the message names those cards.
""" + _EXPLORER + _PROOF,
     fix="""
Look at the conditions on the ways to the card: a flag set only later, an item no one
can hold there. Set it earlier, or change the condition.
""",
     examples=[example({"demo/story.yaml": """kind: story
id: act-1
title: "Act I: The Catacombs"
start: 1
flags: [found_map]
cards:
  - id: 1
    title: The Chapel
    steps:
      - choice:
          - text: Search the vestry
            goto: 2
          - text: Take the hidden passage
            if: found_map
            goto: 4
  - id: 2
    title: The Vestry
    steps:
      - text: Under the altar cloth lies a map of the catacombs.
      - set: {found_map: true}
      - goto: 3
  - id: 3
    title: The Graveyard
    steps:
      - challenge:
          stat: Movement
          successes: 2
          pass:
            - victory: You slip out past the guards.
          fail:
            - defeat: The guards take you.
  - id: 4
    title: The Catacombs
    steps:
      - victory: You leave Paris unseen.
"""}, also=("CF902",))])

code("CF904", "condition-always-true", W,
     summary="A condition is true every time it is evaluated in play: it never hides its option or never takes `else`.",
     template="`{condition}` is true every time {where} is reached: the condition never {effect}",
     stage="explore",
     explanation="""
A condition is true every time it is evaluated in play: an option's `if` that never
hides the option, or an `if` step whose `else` branch never runs. The position is the
`if`. The witness is the shortest line of play whose last answer evaluates it.
""" + _EXPLORER + _PROOF,
     fix="""
Remove the `if` when the option should always be offered, or check what it reads:
perhaps the flag is set on every way to the card, where it should be set on one.
""",
     examples=[example({"demo/story.yaml": """kind: story
id: act-1
title: "Act I: The Road"
start: 1
flags: [met_athos]
cards:
  - id: 1
    title: The Inn
    steps:
      - choice:
          - text: Share a bottle with the stranger
            steps:
              - set: {met_athos: true}
            goto: 2
          - text: Challenge the stranger to a duel
            steps:
              - set: {met_athos: true}
            goto: 2
  - id: 2
    title: The Crossroads
    steps:
      - choice:
          - text: Ride with Athos
            if: met_athos
            goto: 3
          - text: Ride alone
            goto: 3
  - id: 3
    title: The Road to Paris
    steps:
      - victory: You reach Paris.
"""})])

code("CF905", "condition-always-false", W,
     summary="An `if` step's condition is false every time it is evaluated in play: its `then` branch never runs.",
     template="`{condition}` is false every time card {card} plays it: the `then` branch never runs",
     stage="explore",
     explanation="""
An `if` step's condition is false every time it is evaluated in play: its `then`
branch never runs. The position is the `if`. (An option whose `if` is always false is
`CF902`.) The witness is the shortest line of play whose last answer evaluates it.
""" + _EXPLORER + _PROOF,
     fix="""
Check the flags, counters, coins and items the condition reads: here the party never
holds more than 3 coins. Change the condition or what feeds it, or remove the `if`.
""",
     examples=[example({"demo/story.yaml": """kind: story
id: act-1
title: "Act I: The Road"
start: 1
cards:
  - id: 1
    title: The Horse Fair
    steps:
      - gain: {coins: 3}
      - if: coins >= 5
        then:
          - text: You buy a fast horse.
      - goto: 2
  - id: 2
    title: The Road to Paris
    steps:
      - victory: You reach Paris.
"""}, after="""
A flag that no step sets is reported by `CF503` (an `if` always false before play);
the explorer reports the condition again when play proves it.
""")])

code("CF906", "ending-never-reached", W,
     summary="A Victory or Defeat on a card the players draw is never reached in play.",
     template="this {ending} on card {card} is never reached in play",
     stage="explore",
     explanation="""
A `victory` or `defeat` step (or a Battle objective's Victory) on a card the players
draw is never reached in play. The position is the step. The witness reaches its card.
""" + _EXPLORER + _PROOF,
     fix="""
Check the conditions and branches that lead to it: here no Character rolls enough
dice for 11 successes. Lower the challenge, or remove the ending that cannot happen.
""",
     examples=[example({"demo/story.yaml": """kind: story
id: act-1
title: "Act I: The Portcullis"
start: 1
cards:
  - id: 1
    title: The Gate
    steps:
      - choice:
          - text: Lift the portcullis
            goto: 2
          - text: Look for the key
            goto: 3
  - id: 2
    title: The Portcullis
    steps:
      - challenge:
          stat: Prowess
          successes: 11
          pass:
            - victory: You lift it alone.
          fail:
            - defeat: It falls on you.
  - id: 3
    title: The Guardroom
    steps:
      - victory: The key was on its hook.
"""})])

code("CF907", "never-won-in-play", E,
     summary="No line of play reaches Victory: the story can never be won.",
     template="story '{story}' can never be won in play: no reachable state leads to Victory",
     stage="explore",
     explanation="""
No line of play reaches Victory: the story can never be won, although the graph
reaches a `victory` step (so `CF404` is silent). The position is the story's
`start`. There is no witness: the finding is about every line of play; the
explorer's other findings (`CF902`, `CF903`, `CF906`) show where the way to Victory
is closed.
""" + _EXPLORER + _PROOF,
     fix="""
Look at the endings, options and cards the explorer reports as never reached: here
the password must be learnt before the door, not after.
""",
     examples=[example({"demo/story.yaml": """kind: story
id: act-1
title: "Act I: The Hôtel de Tréville"
start: 1
flags: [knows_password]
cards:
  - id: 1
    title: The Door
    steps:
      - choice:
          - text: Give the password
            if: knows_password
            goto: 2
          - text: Ask around
            goto: 3
  - id: 2
    title: The Courtyard
    steps:
      - victory: Tréville receives you.
  - id: 3
    title: The Tavern
    steps:
      - set: {knows_password: true}
      - defeat: You drink the night away.
"""}, also=("CF902", "CF903"))])

code("CF908", "state-trap", E,
     summary="In play the players can reach a state from which no ending can be reached: a loop they can never leave.",
     template="in play the players can reach card {card} in a state from which no ending can be reached: {why}",
     stage="explore",
     explanation="""
In play the players can reach a state from which no ending can be reached: they go
round a loop of cards for ever. The graph sees a way out of the loop (so `CF403` is
silent), but the way out depends on something the players can no longer change,
here a key they left behind. The position is the first card of the trap; the message
names the cards of the loop, and the witness reaches the first card in that state.
""" + _EXPLORER + _PROOF,
     fix="""
Give the loop a way out that does not depend on what the players can no longer
change (an option without `if`, a way back to where the key is), or let the players
fix the state inside the loop.
""",
     examples=[example({"demo/story.yaml": """kind: story
id: act-1
title: "Act I: The Maze"
start: 1
flags: [has_key]
cards:
  - id: 1
    title: The Gardener's Hut
    steps:
      - choice:
          - text: Take the key from its nail
            steps:
              - set: {has_key: true}
            goto: 2
          - text: Leave the key
            goto: 2
  - id: 2
    title: The Maze
    steps:
      - choice:
          - text: Unlock the gate
            if: has_key
            goto: 3
          - text: Try another path
            goto: 2
  - id: 3
    title: The Fountain
    steps:
      - victory: You find your way out.
"""})])
