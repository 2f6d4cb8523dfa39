"""CF6xx: card text against the card's steps (stage ``resolve``).

Each ``code(...)`` is one diagnostic code with all its data (see ``codes/__init__.py``:
how to add a code)."""

from cardforge_compiler.codes._registry import W, code, example
from cardforge_compiler.codes._demo import HEAD

code("CF601", "text-disagrees-with-steps", W,
     summary="A card's text states a number of coins, Wounds or Destiny that no step of the card gives or takes.",
     template="the text says '{amount}', but no step of card {card} gives or takes {amount}",
     stage="resolve",
     explanation="""
A card's text states a number of coins, Wounds or Destiny that no step of the same
card gives or takes: the text is read aloud to the players, so it should promise
what the steps do. The text read is the card's `text`, its `text` steps, its
choice options' `text` and its `victory`/`defeat` text; a number is stated when it
is written in digits or as a word from one to twelve directly before `coin`,
`coins`, `Wound`, `Wounds` or `Destiny` (any case). Steps anywhere on the card
count, nested ones included: `gain`/`lose` of `coins`, `health` (Wounds) or
`destiny`, a `roll`'s `per_success`, and the `cost` of a purchase offer. A
condition (`if: coins >= 4`) gives and takes nothing. The hint lists the amounts
the card's steps do move.
""",
     fix="""
Make the text and the steps agree: change the number in the text, or the `gain` or
`lose` step. If the number in the text is only narrative ("a purse of twelve
coins" that the players never receive), reword it without the number.
""",
     examples=[example({"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Golden Lily
    text: The host swears your coins are false and wants paying again.
    steps:
      - challenge:
          stat: Prowess
          successes: 2
          pass:
            - gain: {coins: 5}
          fail:
            - text: You lose at dice to the host's cousin.
      - choice:
          - text: Pay the bill a second time (4 coins)
            if: coins >= 4
            steps:
              - lose: {coins: 3}
              - victory: You leave Amiens a great deal poorer.
          - text: Slip out through the stables
            steps:
              - victory: You leave Amiens by the back door.
"""}, after="""
This is a warning: `cardforge lint` fails on it only with `--strict`.
""")])
