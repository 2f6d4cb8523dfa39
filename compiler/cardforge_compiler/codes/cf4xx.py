"""CF4xx: the story graph: reachability, dead ends, traps (stage ``analyse``).

Each ``code(...)`` is one diagnostic code with all its data (see ``codes/__init__.py``:
how to add a code)."""

from cardforge_compiler.codes._registry import E, W, code, example
from cardforge_compiler.codes._demo import HEAD

code("CF401", "unreachable-card", E,
     summary="A card cannot be reached from its story's start.",
     template="card {card} cannot be reached from the start card {start}",
     stage="analyse",
     explanation="""
A card cannot be reached from its story's `start` card by any path of `goto`s,
options, challenge outcomes, `if` branches and battle objectives. Each unreachable
region is reported once, at its entry: the lowest-numbered card of the region that
no other unreachable card leads to; the message adds the cards that are unreachable
only because of it (`(nor can card(s) 5, 6, reached only through it)`). Options
that can never be offered (`CF501`) lead nowhere, so cards only they lead to are
unreachable too.
""",
     fix="""
Add a `goto` to the card from a reachable card (the hint suggests one), or delete
the card if it is left over.
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
  - id: 3
    title: The Ford
    steps:
      - goto: 2
"""})])

code("CF402", "dead-end", E,
     summary="A card, or a branch inside it, ends without a way forward.",
     template="{branch} on card {card} has no way forward, and nothing after it ends the card",
     stage="analyse",
     explanation="""
A card, or a branch inside it, can finish without a way forward: no `goto`,
`victory`, `defeat` or `battle`. A branch that does not end the card continues with
the step after the one that holds it, so this is reported only when nothing after
it ends the card either. The message names the place:

- `card N has no way forward` (at the card's `id`; no step ever ends it);
- `option '...' on card N ...` (an option without `goto`);
- `the pass branch of the 3-Prowess Challenge on card N ...` / `the fail branch ...`;
- `the `then` branch ...` / `the `else` branch ...`;
- `the `if` step when its condition fails ...` (an `if` without `else`).

Branches that can never run (their condition can never hold, see `CF501`) are not
reported.
""",
     fix="""
End the branch (or the card) with `goto: N`, `victory: ...` or `defeat: ...`, or
add such a step after the choice, challenge or `if` so that every branch reaches it.
""",
     examples=[example({"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    steps:
      - challenge:
          stat: Prowess
          successes: 3
          pass:
            - goto: 2
          fail:
            - text: You are thrown out into the rain.
  - id: 2
    title: The Bridge
    steps:
      - victory: You reach Paris.
"""})])

code("CF403", "trap", E,
     summary="From this card no ending (Victory or Defeat) can be reached: a loop with no way out.",
     template="no ending can be reached from card {card}: it leads only to card(s) {cards}, a loop with no way out",
     stage="analyse",
     explanation="""
From this card, which can be reached, no ending (Victory or Defeat) can be reached:
every way forward leads into a loop of cards that only lead to each other. Every
reachable card in this situation is reported (the cards of the loop, and any card
that leads only into it); the message lists the cards it can still get to. Cards
whose trouble is already explained by a dead end (`CF402`), a stuck choice (`CF502`)
or a reference to a missing card (`CF301`, `CF306`) are not reported again.
""",
     fix="""
Give one card of the loop a way out: an option or outcome that goes to a card from
which Victory (or Defeat) can be reached.
""",
     examples=[example({"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    steps:
      - choice:
          - text: Take the high road
            goto: 2
          - text: Take the low road
            goto: 3
  - id: 2
    title: The Bridge
    steps:
      - victory: You reach Paris.
  - id: 3
    title: The Forest
    steps:
      - goto: 4
  - id: 4
    title: The Clearing
    steps:
      - goto: 3
"""})])

code("CF404", "no-victory", W,
     summary="From this card every path ends in Defeat.",
     template="every path from card {card} ends in Defeat",
     stage="analyse",
     explanation="""
From this card every path ends in Defeat: Victory cannot be reached from it any
more. This is a warning because it may be intended (a doomed branch of the story);
the Defeat card itself is not reported, only the cards that lead only to Defeat.
""",
     fix="""
If that is the design, ignore the warning (it fails `lint` only with `--strict`).
Otherwise add a way from the card, or from a card after it, to a Victory.
""",
     examples=[example({"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    steps:
      - choice:
          - text: Take the high road
            goto: 2
          - text: Take the low road
            goto: 3
  - id: 2
    title: The Bridge
    steps:
      - victory: You reach Paris.
  - id: 3
    title: The Forest
    steps:
      - text: Wolves circle you.
      - goto: 4
  - id: 4
    title: The Wolves
    steps:
      - defeat: The wolves win.
"""})])

code("CF405", "unreachable-step", W,
     summary="A step follows one that always ends the card, so it never runs.",
     template="this step on card {card} never runs: the step before it always ends the card",
     stage="analyse",
     explanation="""
A step comes after a step that always ends the card (`goto`, `victory`, `defeat`,
`battle`, or a `choice`, `challenge` or `if` all of whose branches end the card), so
it never runs. The first such step of each step list is reported.
""",
     fix="""
Move the step before the step that ends the card, or delete it.
""",
     examples=[example({"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    steps:
      - goto: 2
      - text: You pay for your room.
  - id: 2
    title: The Bridge
    steps:
      - victory: You reach Paris.
"""})])
