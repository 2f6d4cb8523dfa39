"""CF5xx: flags, counters and choices (stage ``analyse``).

Each ``code(...)`` is one diagnostic code with all its data (see ``codes/__init__.py``:
how to add a code)."""

from cardforge_compiler.codes._registry import E, W, code, example
from cardforge_compiler.codes._demo import HEAD, OK_CARD

code("CF501", "option-never-offered", W,
     summary="A choice option's condition can never hold.",
     template="this option on card {card} is never offered: `{condition}` can never hold",
     stage="analyse",
     explanation="""
A choice option's `if` can never hold, so the option is never offered. cardforge
judges conditions with what is known before play: a flag that no step ever sets to
`true` is always false, a counter that no step changes keeps its starting value,
and constants are constants. Conditions that depend on `players`, `characters`,
`coins`, `has(...)` or `status(...)`, or on flags and counters that do change, are
never reported.
""",
     fix="""
Set the flag (or change the counter) somewhere in the story, or remove or correct
the condition.
""",
     examples=[example({"demo/story.yaml": HEAD + """flags: [met_athos]
cards:
  - id: 1
    title: The Inn
    steps:
      - if: met_athos
        then:
          - text: Athos waves from his table.
      - choice:
          - text: Ask Athos for help
            if: met_athos
            goto: 2
          - text: Ride on alone
            goto: 2
  - id: 2
    title: The Bridge
    steps:
      - victory: You reach Paris.
"""}, after="""
The flag itself is reported once, by `CF503`, at the first place that reads it (the
`if` step); each option that it keeps from being offered gets a `CF501`. When the
option's condition is itself that first read, only `CF503` is reported: one fault,
one report.
""", also=("CF503",))])

code("CF502", "choice-never-offered", E,
     summary="No option of a choice can ever be offered: the players are stuck.",
     template="no option of this choice on card {card} can ever be offered: the players are stuck",
     stage="analyse",
     explanation="""
No option of a choice can ever be offered (every option has an `if` that can never
hold, see `CF501`), so the players would be stuck at this choice. The position is
the `choice` key. This is an error, unlike `CF501`.
""",
     fix="""
Add an option without `if`, or set the flags (change the counters) that the options
read.
""",
     examples=[example({"demo/story.yaml": HEAD + """flags: [met_athos]
cards:
  - id: 1
    title: The Inn
    steps:
      - choice:
          - text: Ask Athos for help
            if: met_athos
            steps:
              - victory: Athos rides with you to Paris.
"""}, after="""
The options of a stuck choice are not reported again by `CF501`, nor the flags they
read by `CF503`, when those reports would point inside the choice: `CF502` says it
all.
""")])

code("CF503", "read-never-set", W,
     summary="A flag or counter is read but no step ever sets it.",
     template="'{name}' is read, but no step ever changes it: it is always {value}",
     stage="analyse",
     explanation="""
A flag or counter is read in a condition, but no step ever changes it: a flag that
nothing sets to `true` is always false, a counter that no `set` or `add` changes
always has its starting value, so the condition always comes out the same. The
message gives that value; the position is the first place that reads it.

Only steps that can run count: a `set` inside an option that is never offered, in
an `if` branch that is never taken, or on a card that cannot be reached changes
nothing. Then the message says `no step that can run changes it`, and the hint
names the card of the step that never runs.
""",
     fix="""
Add the step that changes it where it should happen (`set: {met_athos: true}`,
`add: {duels_won: 1}`), or remove the condition; if the step exists but never runs,
make its option, branch or card reachable.
""",
     examples=[example({"demo/story.yaml": HEAD + """flags: [met_athos]
cards:
  - id: 1
    title: The Inn
    steps:
      - if: met_athos
        then:
          - text: Athos rides beside you.
      - victory: You reach Paris.
"""})])

code("CF504", "set-never-read", W,
     summary="A flag or counter is set but nothing ever reads it.",
     template="'{name}' is set but nothing ever reads it",
     stage="analyse",
     explanation="""
A flag or counter is changed (`set`, `add` or `clear`) but no condition ever reads
it, so changing it has no effect. The position is the first step that changes it.
""",
     fix="""
Read it in an `if` where it should matter, or remove the steps that change it (and
the declaration).
""",
     examples=[example({"demo/story.yaml": HEAD + """flags: [met_athos]
cards:
  - id: 1
    title: The Inn
    steps:
      - set: {met_athos: true}
      - victory: You reach Paris.
"""})])

code("CF505", "unused-name", W,
     summary="A declared flag or counter is never used.",
     template="'{name}' is declared but never used",
     stage="analyse",
     explanation="""
A flag or counter is declared under `flags` or `counters` but nothing reads or
changes it.
""",
     fix="""
Remove the declaration, or use the name.
""",
     examples=[example({"demo/story.yaml": HEAD + """counters:
  duels_won: 0
cards:
""" + OK_CARD})])
