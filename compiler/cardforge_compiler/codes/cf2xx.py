"""CF2xx: conditions, flags and counters named in steps (stage ``resolve``).

Each ``code(...)`` is one diagnostic code with all its data (see ``codes/__init__.py``:
how to add a code)."""

from cardforge_compiler.codes._registry import E, code, example
from cardforge_compiler.codes._demo import HEAD

code("CF201", "condition-syntax", E,
     summary="A condition cannot be parsed.",
     template="{problem} (column {column} of the condition)",
     stage="resolve",
     explanation="""
A condition (the `if` of a choice option or of an `if` step) cannot be parsed. The
message says what is wrong and at which column *of the condition text*; when the
condition is written on one line, the line and column in front point at that very
character in the file (otherwise at the start of the `if` value). Messages include `unexpected
character '&' (use 'and', 'or', 'not')`, `expected a value, found the end of the
condition` (as in `met_athos and`), `expected ')', found ...`, `unexpected '...'
after a complete condition`, `empty condition`, and `condition nests deeper than
32 levels`.

Conditions use `not`, `and`, `or`, `==`, `!=`, `<`, `<=`, `>`, `>=`, parentheses,
whole numbers, `true`, `false`, quoted text, names and the functions `has(...)` and
`status(...)` (see [format.md](format.md#conditions)).
""",
     fix="""
Rewrite the condition with the operators above: `and`/`or`/`not` instead of
`&&`/`||`/`!`, `>=` instead of `=>`, `==` instead of `=`.
""",
     examples=[example({"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    steps:
      - if: coins >= 3 && players > 1
        then:
          - text: You buy a round for the table.
      - victory: You reach Paris.
"""})])

code("CF202", "unknown-name", E,
     summary="A condition or step names a flag, counter or function that is not declared.",
     template="unknown name '{name}' in condition",
     stage="resolve",
     explanation="""
A condition reads a name that is not declared (`unknown name 'X' in condition`) or
calls a function that does not exist (`unknown function 'X' in condition`; the
functions are `has` and `status`); or a `set`, `add` or `clear` step names
something that is not a declared flag or counter (`'X' is not a declared flag or
counter`). The names a story may use are its own `flags` and `counters` and the
built-ins `players`, `characters` and `coins` (which can be read but not set). The
hint is a "did you mean", or says where to declare the name. In a condition written
on one line, the column points at the unknown name itself.
""",
     fix="""
Correct the spelling, or declare the name in the story: `flags: [name]` for a
true/false fact, `counters: {name: 0}` for a number. Flags and counters of another
story are not visible.
""",
     examples=[example({"demo/story.yaml": HEAD + """flags: [met_athos]
cards:
  - id: 1
    title: The Inn
    steps:
      - set: {met_athos: true}
      - if: met_athoss
        then:
          - text: Athos rides beside you.
      - victory: You reach Paris.
"""}, after="""
The misspelled read counts as a read of `met_athos`, the name it resembles, so no
`CF504` ("set but never read") is reported beside it: one fault, one report.
""")])

code("CF203", "type-mismatch", E,
     summary="A condition or `set` mixes types (true/false, number, text) wrongly.",
     template="'{operator}' needs {expected}, not {got}",
     stage="resolve",
     explanation="""
A condition, or a `set`/`add` step, mixes types (true/false, number, text):

- `'not' needs true/false, not a number` (`not coins`);
- `'and' joins true/false values, not a number`;
- `'>' compares numbers, not a true/false value` (`met_athos > 2`);
  `'==' compares a number with a true/false value`;
- `has() takes text, not a number`, `has() takes 1 argument(s), got 2`;
- `'>=' compares numbers, not text` (`coins >= "3"`), with the hint "drop the
  quotes";
- `a condition must be true or false, but this is a number` (`if: coins`);
- `'met_athos' is a flag: set it to true or false`, `'duels_won' is a counter: set
  it to a number`, `'met_athos' is a flag: `add` works on counters`.

The typing rules are the bundle format's own (`cardforge_runtime.format.
condition_type`), so lint accepts exactly the conditions an engine plays. In a
condition written on one line, the column points at the offending token (`"3"` in
`coins >= "3"`, `coins` in `not coins`). A condition with a type error still counts
as reading its names, so it causes no `CF504` elsewhere.
""",
     fix="""
Compare numbers explicitly (`coins >= 1`, `duels_won == 0`), use `not` only on
flags or comparisons, and give flags `true`/`false` and counters numbers.
""",
     examples=[example({"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    steps:
      - if: not coins
        then:
          - text: Your purse is empty.
      - victory: You reach Paris.
"""})])
