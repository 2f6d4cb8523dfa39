"""CF1xx: the shape of each document against the schemas (stage ``validate``; CF109 ``resolve``, CF110 ``pack``).

Each ``code(...)`` is one diagnostic code with all its data (see ``codes/__init__.py``:
how to add a code)."""

from cardforge_compiler.codes._registry import E, W, code, example
from cardforge_compiler.codes._demo import HEAD, OK_CARD, PACK_NO_BOARDS

code("CF101", "unknown-kind", E,
     summary="A document's `kind` is missing or not one cardforge knows.",
     template="unknown kind '{kind}'",
     stage="validate",
     explanation="""
A document's `kind` is missing (`document has no `kind``, at the start of the
document) or is not one cardforge knows (`unknown kind '...'`, at the value, with a
"did you mean" when one is close). The kinds are `pack` and `story`. The document
is not checked any further.
""",
     fix="""
Add `kind: story` (or `kind: pack` for the manifest) as the first key of the
document, or correct its spelling.
""",
     examples=[example({"demo/story.yaml": """kind: storey
id: act-1
title: The Road
start: 1
cards:
""" + OK_CARD})])

code("CF102", "missing-field", E,
     summary="A required field is missing.",
     template="{mapping} is missing required field '{field}'",
     stage="validate",
     explanation="""
A required field is missing. The message names the mapping that lacks it (`the
document`, `card`, `option`, `objective`, `offer`, `status token`, `character`, or
the key that holds the mapping, such as `'challenge'`) and the field; the position
and the `at` path are the mapping itself. Required fields:

| where | required |
|---|---|
| pack | `kind`, `id`, `title`, `version`, `players` (`min`, `max`), `stats`, `dice` (`single_success`) |
| status token | `name` |
| Character board | `name`, `stats`, `destiny`, `health` |
| story | `kind`, `id`, `title`, `start`, `cards` |
| card | `id`, `title` |
| choice option | `text` |
| challenge | `stat`, `successes`, `pass`, `fail` |
| roll | `stat`, `per_success` |
| offer | `item`, `cost` |
| battle | `layout`, `objectives`; each objective: `objective` |
| `if` step | `if`, `then` |

The document is left out of every later check until it is valid.
""",
     fix="""
Add the field. `cardforge schema` generates JSON Schemas that let editors with
yaml-language-server complete and check these fields as you type (see
[format.md](format.md)).
""",
     examples=[example({"demo/story.yaml": HEAD + """cards:
  - id: 1
    steps:
      - victory: You reach Paris.
"""})])

code("CF103", "unknown-field", E,
     summary="A mapping has a key the format does not define.",
     template="unknown field '{field}'",
     stage="validate",
     explanation="""
A mapping has a key that the format does not define there. Unknown keys are never
ignored, because a misspelled optional key (`txet` for `text`, `els` for `else`)
would otherwise silently do nothing. The position is the key; the hint is a "did you
mean" when a defined key is close, or else the list of keys allowed there. When the
key is a misspelling of a *required* key that is missing, the hint says so (`did you
mean 'title'? ('title' is required)`) and no separate `CF102` is reported.
""",
     fix="""
Correct the spelling, or move the key to where it belongs (for example, `who`
belongs inside `challenge:`, not beside it). The tables in [format.md](format.md)
list every key.
""",
     examples=[example({"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    txet: A stranger sits by the fire.
    steps:
      - victory: You reach Paris.
"""})])

code("CF104", "wrong-type", E,
     summary="A value has the wrong type (text, number, list, mapping, true/false).",
     template="expected {expected}, got {value}",
     stage="validate",
     explanation="""
A value has the wrong type. The message says what was expected (`text`, `a whole
number`, `true or false`, `a list`, `a mapping`, or several joined with `or`) and
shows the value as written. Types are strict: `"3"` (quoted) is text, not a number,
and text is never turned into `true`/`false`. The hint explains common causes:

- `yes`, `no`, `on`, `off` are text in YAML 1.2: write `true` or `false`;
- numbers not written as plain whole numbers (`03`, `1e3`, `1_000`, `0x10`, `2.5`)
  are kept as the text you wrote and rejected where a number is expected;
- a number where text is expected (`title: 1984`): quote it;
- a quoted number or `"true"` where a number or true/false is expected: remove the
  quotes.

The same code reports a step that is not a mapping (`expected a step (a mapping
such as `text: ...`), got '...'`) and a document that is not a mapping (`expected a
mapping with `kind` and `id`, got ...`). The document is left out of every later
check until it is valid.
""",
     fix="""
Write the value with the expected type: `true`/`false` for flags, plain numbers such
as `3`, quotes around text that looks like a number, a list (`[a, b]` or `- a`
lines) where a list is expected. (Card ids and references have their own rules and
code: `CF108`.)
""",
     examples=[example({"demo/story.yaml": HEAD + """flags: [met_athos]
cards:
  - id: 1
    title: The Inn
    steps:
      - set: {met_athos: yes}
      - if: met_athos
        then:
          - victory: Athos rides with you to Paris.
        else:
          - defeat: You ride alone and are lost.
"""})])

code("CF105", "invalid-value", E,
     summary="A value has the right type but is not allowed.",
     template="expected {expected}, got {value}",
     stage="validate",
     explanation="""
A value has the right type but is not allowed. Among the cases:

- a value outside a fixed set (a challenge's or roll's `who` is `one`, `each` or
  `all`; a gain's or lose's `who` is `each` or `one`; `dice.reroll` is `destiny`):
  `expected 'one', 'each' or 'all', got 'everyone'`, with "did you mean" for a near
  miss, else the list of values;
- a name (stat, status token, item, Character, deck) that starts or ends with a
  space, shown with the space made visible: `'Rapier␠' ends with a space: a name
  cannot start or end with spaces` (names are compared letter for letter, in
  Unicode NFC);
- an id that is not lower-case letters, digits, `-` and `_` (story, pack and
  layout ids), a flag or counter name that is not letters, digits and `_`
  starting with a letter or `_`, a `version` that is not a semantic version such as
  `1.0.0`: `'Act 1' is not allowed here: ...`;
- a number out of range (`successes` from 1 to 12, `coins`/`destiny`/`health`/`cost`
  from 0 to 1000, `per_player` from 1 to 10, players from 1 to 12, die faces from 1
  to 20, ...): `expected a whole number from 1 to 12, got 0`;
- an empty list where at least one item is needed (`cards`, `choice`, `stats`,
  `objectives`, `offers`, `set`/`add`/`clear`), or empty text where text is
  required (titles, option texts, `victory`/`defeat` texts...);
- a combination rule: a battle objective needs exactly one of `goto` or `victory`;
  a roll's `per_success` exactly one of `gain` or `lose`; a purchase needs `deck`,
  `offers` or both, and `per_player` only with `deck`.

In the pack manifest, once it has the right shape, the same code reports
`players.max` less than `players.min`, `players.solo_characters` above
`players.max` (the bundle format's rule: the engine refuses such a pack), a die
face larger than `dice.sides`, and
a name listed twice in `stats`, `status_tokens` or `characters` (`'Athos' is
listed twice in characters`, at the second one).

In the resolve stage the same code reports a flag declared with a built-in name
(`'coins' is a built-in name and cannot be declared`; the built-ins are `players`,
`characters`, `coins`) and a counter with the same name as a flag or a built-in.
""",
     fix="""
Use one of the allowed values; the message says which. For a name clash, rename
your flag or counter.
""",
     examples=[example({"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    steps:
      - challenge:
          stat: Prowess
          successes: 3
          who: everyone
          pass:
            - victory: You win the duel.
          fail:
            - defeat: You lose the duel.
"""})])

code("CF106", "unknown-step", E,
     summary="A step's first key names no step kind.",
     template="unknown step kind '{kind}'",
     stage="validate",
     explanation="""
A step is a mapping whose key names its kind, and no key of this step names one.
The position is the step's first key; the hint is a "did you mean" or the list of
step kinds: `text`, `choice`, `challenge`, `roll`, `gain`, `lose`, `purchase`,
`set`, `add`, `clear`, `if`, `battle`, `goto`, `victory`, `defeat`. An empty step
(`- {}`) is reported as `empty step: a step is a mapping whose first key names its
kind`.
""",
     fix="""
Correct the step kind's spelling. If the step is meant to show text, write
`- text: ...`.
""",
     examples=[example({"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    steps:
      - goot: 2
  - id: 2
    title: The Bridge
    steps:
      - victory: You reach Paris.
"""})])

code("CF107", "duplicate-id", E,
     summary="Two documents of the same kind share an id.",
     template="a {kind} with id '{id}' is already defined ({first})",
     stage="validate",
     explanation="""
Two documents of the same kind share an id or a name: two stories `act-1`, two packs
with the same `id`, two battle layouts with the same `id`, two terrain keywords or
two terrain tiles with the same `name`, two `components` documents in one pack, or
two map tile sides with the same `side` name (layouts place a side by its name).
Pack ids must be unique among everything linted together; the others within their
pack, because the bundle and the tools (`cardforge graph --story`, a story's
`battle: {layout: ...}`) name them so. The position is the `id` (or `name`) of the
later one; the message gives the file and line of the first. The first definition is
the one used.
""",
     fix="""
Give each story, layout, keyword, tile and map tile side (and each pack) its own id
or name; merge two `components` documents into one.
""",
     examples=[example({"demo/act1.yaml": HEAD + """cards:
""" + OK_CARD, "demo/act2.yaml": """kind: story
id: act-1
title: Paris
start: 21
cards:
  - id: 21
    title: The Louvre
    steps:
      - victory: You reach the King.
"""})])

code("CF108", "card-id", E,
     summary="A card id or card reference is not a plain number such as 11.",
     template="a card id is the printed number, such as 11; got {value}",
     stage="validate",
     explanation="""
A card id, or a reference to a card (`start`, `goto` in a step, an option or a
battle objective), is not a plain card number. A card id is the number printed on
the card: a whole number from 1, written `11` or `"11"`. Leading zeros (`011`,
`"011"`, `02`), `0`, signs, exponents and anything else are refused, so that `011`
and `11` can never name two different cards or one by accident. When the value is a
number with leading zeros, the hint gives the plain form.
""",
     fix="""
Write the card number as printed, without leading zeros: `goto: 2`.
""",
     examples=[example({"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    steps:
      - goto: 02
  - id: 2
    title: The Bridge
    steps:
      - victory: You reach Paris.
"""})])

code("CF109", "pack-manifest", E,
     summary="A pack folder has no `pack` manifest, or more than one.",
     template="no pack.yaml found in this file's folder or any folder above it",
     stage="resolve",
     explanation="""
Every content file belongs to the pack whose `pack.yaml` is in the file's folder or
the nearest folder above it, and every pack has exactly one `kind: pack` document.
This code reports:

- `no pack.yaml found in this file's folder or any folder above it` (at `1:1` of the
  pack's first file);
- `a second pack manifest in this pack (the first is in ...)`, at the `kind` of the
  second manifest (the one in `pack.yaml` counts as the first).

A `pack.yaml` that exists but has errors is reported by the codes of those errors,
not by this one.

When you lint single files, the `pack.yaml` above them is read too, with the rest of
their pack ([Single files](#single-files)).
""",
     fix="""
Create `pack.yaml` at the top of the pack folder (see [format.md](format.md) for its
fields), fix the errors reported in it, or move a second pack into a folder of its
own.
""",
     examples=[example({"demo/story.yaml": HEAD + """cards:
""" + OK_CARD}, pack=False)])

code("CF110", "too-few-characters", W,
     summary="A pack has fewer Character boards than a game of its players needs.",
     template="pack '{pack}' has {boards}: it cannot be played ({why})",
     stage="pack",
     explanation="""
A game needs one Character per player, and one player alone controls
`players.solo_characters` Characters (Gascony's Legacy, Setup; Solo Play). Two
messages:

- `pack '...' has no Character boards: it cannot be played (...)`, or too few for the
  fewest players the manifest allows: `cardforge play` and every front end refuse to
  start any game of this pack;
- `pack '...' has only N Character boards: M players cannot play it`: the pack can
  be played, but not with as many players as `players.max` says.

`characters` is optional in the format so that a pack can be written and linted
before its boards are; this warning says what is missing before a player finds out.
""",
     fix="""
Add the Character boards under `characters:` (name, a value for each stat, destiny,
health, starting items), or narrow `players` to what the boards allow.
""",
     examples=[example({"demo/pack.yaml": PACK_NO_BOARDS, "demo/story.yaml": HEAD + "cards:\n" + OK_CARD})])
