# Per-code prose for docs/diagnostics.md: stage, what it means, notes after the example, how to fix.
P = {}

def d(code, stage, means, fix, after=""):
    P[code] = dict(stage=stage, means=means.strip(), fix=fix.strip(), after=after.strip())

# ------------------------------------------------------------------ CF0xx
d("CF001", "load", """
A path given on the command line does not exist (`no such file or folder`), a folder
cannot be listed (`cannot read folder: <reason>`), or a file cannot be read
(`cannot read file: <reason>`, for instance `Permission denied`). The diagnostic
names the path as you gave it and has no line or column.

A `*.yaml` or `*.yml` entry of a content folder that is not a regular file is never
skipped without a word: `this content file is a symbolic link to 'act9.yaml', which
does not exist (a dangling link)`, `... is a symbolic link loop`, `... is a named pipe
(FIFO), not a regular file`, a socket or a device. A path given that is one of these
says so too (`this path is a symbolic link loop ...`), rather than "no such file".
Each is an error: `lint` exits with 1 and `build` writes no bundle, since a story
would be missing from it.
""", """
Check the spelling of the path and that it is relative to the folder you run
cardforge in; check the file's permissions. `cardforge lint` takes files and
folders, any number of them.
""")

d("CF002", "load", """
The file's bytes are not valid UTF-8. The message gives the first bad byte and its
offset in the file; the position is the line and column where it sits. The file is
not read any further, so nothing else in it is checked until this is fixed. (A
UTF-8 byte-order mark is fine, at the start of the file or of any document.)
""", """
Save the file as UTF-8 (in most editors: "Save with encoding" or the encoding
shown in the status bar). Files written in Latin-1 or Windows-1252 usually fail on
accented letters such as `é`.
""")

d("CF003", "load", """
The YAML parser cannot make sense of the file. The message is based on the
parser's own (for example `did not find expected '-' indicator (while parsing a
block collection at line 6, column 3)`, `mapping values are not allowed here`), and
the position is where the parser noticed the problem, which can be after the real
mistake. When the parser only notices at the end of the file that a quote or
bracket was never closed, cardforge points at where it was opened instead (`a
quoted scalar starting here is never closed (...)`). cardforge also reports under
this code a mapping key that is itself a list or mapping (`a mapping key must be
plain text or a number, not a list or mapping`) and a merge key `<<` whose value is
not a mapping or a list of mappings. Only the first syntax error of a file is
reported, and the rest of the file is not checked.
""", """
Look at the reported line and the lines just before it: a missing closing quote, a
key indented differently from its neighbours, a missing space after `:` or `-`, or
text that starts with a character YAML treats specially (`:`, `{`, `[`, `&`, `*`,
`!`, `|`, `>`, `%`, `@`, a backtick) and needs quotes.
""", after="""
The quote opened on line 7 is never closed: the parser only finds out at the end
of the file, and cardforge reports where the quote opens.
""")

d("CF004", "load", """
Many YAML parsers keep the last of two equal keys and silently drop the first;
cardforge refuses, so that a value can never be lost without notice. The position
is the second occurrence; the message gives the line of the first.
""", """
Remove one of the two keys, or rename it if it was meant to be a different key (a
copied card whose `title` was added again, two `text:` keys in one step).
""")

d("CF005", "load", """
A tab character is used to indent. YAML only indents with spaces. cardforge reports
this when the YAML parser fails on a line that contains a tab in its indentation;
the column is that of the first tab on the line. (A tab inside a quoted text is
fine.)
""", """
Replace the tab with spaces, and set your editor to insert spaces for YAML files
(`.editorconfig`: `indent_style = space`).
""")

d("CF006", "load", """
A content file holds no YAML document: it is empty, or holds only comments or
`---` separators. Every `*.yaml` and `*.yml` file under a folder you lint is read as
content, so a placeholder file counts too.
""", """
Add a document (`kind`, `id` and the rest), or delete the file, or rename it so that
it does not end in `.yaml`/`.yml` (for instance `act2.yaml.draft`).
""")

d("CF007", "load", """
A YAML tag asks for something other than plain data. Content is plain text,
numbers, `true`/`false`, lists and mappings; tags that build objects
(`!!python/object:...`), local tags (`!secret`), and the standard tags that build
sets, ordered maps, pairs or binary data (`!!set`, `!!omap`, `!!pairs`,
`!!binary`) are refused. Tags for plain data (`!!str`, `!!int`, `!!bool`, `!!null`,
`!!seq`, `!!map`, ...) are allowed. The message names the tag; the position is the
tagged value. The file is not checked any further.
""", """
Remove the tag and write the value plainly. To force a value to be text, quote it
(`title: "1984"`) rather than tagging it.
""")

d("CF008", "load", """
Anchors (`&name`) and aliases (`*name`) are allowed, but not when:

- an alias refers to a collection that contains it (`an alias refers to a
  collection that contains it (a cycle)`), which would make the data infinite;
- aliases expand the data far beyond what is written, the "billion laughs" pattern
  (`aliases expand this part of the document more than 100 times over (an alias
  bomb)`): a collection may expand to at most 100 times the number of values
  written in the document so far, plus 10,000.

The position is the collection concerned. The file is not checked any further.
""", """
Write the data out without the alias. Anchors are meant for sharing a small piece
of data (a step list used on two cards), not for building large or recursive
structures.
""")

d("CF009", "load", """
Lists and mappings nest deeper than cardforge accepts: more than 64 levels
(`nesting is deeper than 64 levels`, at the first collection too deep; the file is
not checked any further). Real content needs a fraction of that. The limit is
checked as the file is read, so reading stops at the 65th level: a hostile file of
100,000 `[` is refused as fast as a small one (YAML parsers take time that grows with
the square of the nesting).
""", """
Flatten the data. Deep nesting in real content usually comes from steps nested in
choices nested in challenges nested in ifs: move the inner part to a card of its
own and `goto` it.
""")

d("CF010", "load", """
A folder given on the command line holds no `*.yaml` or `*.yml` file, at any depth.
The diagnostic names the folder and has no line or column.
""", """
Point cardforge at the folder that holds your packs (`content/`) or at a pack
folder, and check that the files end in `.yaml` or `.yml`.
""")

# ------------------------------------------------------------------ CF1xx
d("CF101", "validate", """
A document's `kind` is missing (`document has no `kind``, at the start of the
document) or is not one cardforge knows (`unknown kind '...'`, at the value, with a
"did you mean" when one is close). The kinds are `pack` and `story`. The document
is not checked any further.
""", """
Add `kind: story` (or `kind: pack` for the manifest) as the first key of the
document, or correct its spelling.
""")

d("CF102", "validate", """
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
""", """
Add the field. `cardforge schema` generates JSON Schemas that let editors with
yaml-language-server complete and check these fields as you type (see
[format.md](format.md)).
""")

d("CF103", "validate", """
A mapping has a key that the format does not define there. Unknown keys are never
ignored, because a misspelled optional key (`txet` for `text`, `els` for `else`)
would otherwise silently do nothing. The position is the key; the hint is a "did you
mean" when a defined key is close, or else the list of keys allowed there. When the
key is a misspelling of a *required* key that is missing, the hint says so (`did you
mean 'title'? ('title' is required)`) and no separate `CF102` is reported.
""", """
Correct the spelling, or move the key to where it belongs (for example, `who`
belongs inside `challenge:`, not beside it). The tables in [format.md](format.md)
list every key.
""")

d("CF104", "validate", """
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
""", """
Write the value with the expected type: `true`/`false` for flags, plain numbers such
as `3`, quotes around text that looks like a number, a list (`[a, b]` or `- a`
lines) where a list is expected. (Card ids and references have their own rules and
code: `CF108`.)
""")

d("CF105", "validate", """
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
""", """
Use one of the allowed values; the message says which. For a name clash, rename
your flag or counter.
""")

d("CF106", "validate", """
A step is a mapping whose key names its kind, and no key of this step names one.
The position is the step's first key; the hint is a "did you mean" or the list of
step kinds: `text`, `choice`, `challenge`, `roll`, `gain`, `lose`, `purchase`,
`set`, `add`, `clear`, `if`, `battle`, `goto`, `victory`, `defeat`. An empty step
(`- {}`) is reported as `empty step: a step is a mapping whose first key names its
kind`.
""", """
Correct the step kind's spelling. If the step is meant to show text, write
`- text: ...`.
""")

d("CF107", "validate", """
Two documents of the same kind share an id or a name: two stories `act-1`, two packs
with the same `id`, two battle layouts with the same `id`, two terrain keywords or
two terrain tiles with the same `name`, two `components` documents in one pack, or
two map tile sides with the same `side` name (layouts place a side by its name).
Pack ids must be unique among everything linted together; the others within their
pack, because the bundle and the tools (`cardforge graph --story`, a story's
`battle: {layout: ...}`) name them so. The position is the `id` (or `name`) of the
later one; the message gives the file and line of the first. The first definition is
the one used.
""", """
Give each story, layout, keyword, tile and map tile side (and each pack) its own id
or name; merge two `components` documents into one.
""")

d("CF108", "validate", """
A card id, or a reference to a card (`start`, `goto` in a step, an option or a
battle objective), is not a plain card number. A card id is the number printed on
the card: a whole number from 1, written `11` or `"11"`. Leading zeros (`011`,
`"011"`, `02`), `0`, signs, exponents and anything else are refused, so that `011`
and `11` can never name two different cards or one by accident. When the value is a
number with leading zeros, the hint gives the plain form.
""", """
Write the card number as printed, without leading zeros: `goto: 2`.
""")

d("CF109", "resolve", """
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
""", """
Create `pack.yaml` at the top of the pack folder (see [format.md](format.md) for its
fields), fix the errors reported in it, or move a second pack into a folder of its
own.
""")

d("CF110", "pack", """
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
""", """
Add the Character boards under `characters:` (name, a value for each stat, destiny,
health, starting items), or narrow `players` to what the boards allow.
""")

# ------------------------------------------------------------------ CF2xx
d("CF201", "resolve", """
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
""", """
Rewrite the condition with the operators above: `and`/`or`/`not` instead of
`&&`/`||`/`!`, `>=` instead of `=>`, `==` instead of `=`.
""")

d("CF202", "resolve", """
A condition reads a name that is not declared (`unknown name 'X' in condition`) or
calls a function that does not exist (`unknown function 'X' in condition`; the
functions are `has` and `status`); or a `set`, `add` or `clear` step names
something that is not a declared flag or counter (`'X' is not a declared flag or
counter`). The names a story may use are its own `flags` and `counters` and the
built-ins `players`, `characters` and `coins` (which can be read but not set). The
hint is a "did you mean", or says where to declare the name. In a condition written
on one line, the column points at the unknown name itself.
""", """
Correct the spelling, or declare the name in the story: `flags: [name]` for a
true/false fact, `counters: {name: 0}` for a number. Flags and counters of another
story are not visible.
""", after="""
The misspelled read counts as a read of `met_athos`, the name it resembles, so no
`CF504` ("set but never read") is reported beside it: one fault, one report.
""")

d("CF203", "resolve", """
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
""", """
Compare numbers explicitly (`coins >= 1`, `duels_won == 0`), use `not` only on
flags or comparisons, and give flags `true`/`false` and counters numbers.
""")

# ------------------------------------------------------------------ CF3xx
d("CF301", "resolve", """
A `goto` (a step, a choice option's `goto`, or a battle objective's `goto`) names a
card that does not exist in the pack. (A card of *another* story is `CF306`; a
story's `start` is `CF303`.) The hint names near misses of the number (two digits
swapped, off by one, one digit wrong: `did you mean 12 or 21?`), or else the cards
numbered closest to it, at most eight (never the whole story). References are checked before the story graph is
built, so the problem is reported at the reference itself.
""", """
Correct the card number, or add the missing card to the story.
""")

d("CF302", "resolve", """
Two story cards have the same id. All the stories of a pack share one deck of Story
cards, so card ids are unique across the whole pack, not just within a story. The
first card with the id is kept; the position is the `id` of the later one, and the
message says where the first is (`in this story (line 15)`, or `in story 'act-2'
(demo/act2.yaml:7)`).
""", """
Renumber one of the two cards, and the `goto`s that meant it.
""")

d("CF303", "resolve", """
A story's `start` is not one of its cards. (If it is a card of another story of the
pack, the code is `CF306`.) The checks that start from the start card (`CF401`,
`CF403`, `CF404`) are skipped for the story until this is fixed.
""", """
Set `start` to the number of the card to draw first, or add that card.
""")

d("CF304", "resolve", """
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
""", """
Use one of the pack's stats (the hint lists them or suggests the closest), or add
the stat to `stats` in `pack.yaml`.
""")

d("CF305", "resolve", """
A `gain` or `lose` step (or the `per_success` of a `roll`) names a status token
that the pack manifest does not define in `status_tokens`. The same holds, at stage
`pack`, for the effects of Enemies (`on_hit`), Threat cards, deck cards, Character
abilities and Stones of Chance (`status`, `remove-status`, `gain`/`lose` `status`,
an `if`'s `has_status`) and for a target rule's `prefer: {status: ...}`. Names are
compared exactly. (Status names inside conditions, `status("...")`, are not checked against
the manifest.)
""", """
Use one of the pack's status tokens, or define the token in `pack.yaml` under
`status_tokens`.
""")

d("CF306", "resolve", """
A reference (`goto`, an option's or objective's `goto`, or the story's `start`)
names a card that exists, but in another story of the same pack. A story proceeds
only to its own cards: each story is played on its own, from its `start`.
""", """
Link to a card of this story. If the stories are meant to continue into each other,
end the first with `victory:` and start the next story on its own.
""")

d("CF308", "resolve", """
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
""", """
Fix the item's name so that it matches where the item is given, or give it
somewhere (`gain: {items: [Rope]}`, an offer, a Character board's `items`, a card of
the Equipment deck, a Loot card with `keep: true`).
""")

d("CF309", "resolve", """
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
""", """
Fix the item's name so that it matches where the item is given, or give the item
somewhere before it is lost (`gain: {items: [Rope]}`, an offer, a Character
board's `items`). If the card's text has the party lose something it may not have,
test it first (`if: has("Rope")`) and say in `else:` what happens otherwise.
""")

d("CF311", "resolve", """
A `who: one` loss of items (one Character gives up the item) runs where nothing
says that someone holds the item. The engine takes a lost item from a Character who
holds it; when nobody does, it cannot follow the card and ends the story `stuck`
(reason `not_held`), a content error like a choice with nothing on offer. A loss is
guarded when an enclosing option's `if`, or an enclosing `if` step (its `then`
branch, or the `else` branch of a condition such as `not has("Rope")`), can only
hold when the item is held: `has("Rope")`, alone or as a part of an `and`.

A warning, not an error: the item may be certain to be held by the time the step
runs (given on the card just before it), which lint does not follow.
""", """
Put the loss where it is known to be possible: in an option with `if: has("Rope")`,
or in the `then` branch of an `if: has("Rope")` step, and say in `else:` what the
card does when nobody has it (card text unchanged). With several items, test each:
`has("Rope") and has("Lantern")`.
""")

# ------------------------------------------------------------------ CF4xx
d("CF307", "resolve", """
A Character board in the pack manifest (`characters`) has no value for one of the
pack's `stats`. Every board rates the Character in every stat the pack defines
(Gascony's Legacy: Prowess and Movement), since any Challenge or roll may test
any of them. One diagnostic is reported per stat left out, at the board's `stats`
key; the message names the Character and the stat.
""", """
Add the stat to the board's `stats`, with a whole number from 0 to 6. If the board
has a misspelled stat instead, the diagnostic is `CF304`, whose hint names the
stat meant.
""")

d("CF310", "resolve", """
A step or a condition names a Character that has no board in the pack manifest's
`characters`: the `character` of a `challenge`, `roll`, `gain` or `lose` (the
Character who acts, "Let Porthos answer the insult"), an entry of its `except` list
(Characters who may not, such as the opponent of a duel), or the argument of
`in_party("...")` in a condition. Names are compared exactly. Left unchecked, the
step would always fall back to its `otherwise` and the condition would never hold.
The position points at the name (inside a condition, at its opening quote).
""", """
Use the name exactly as the Character board in `pack.yaml` spells it (the hint
suggests the closest, or lists the boards), or add the board under `characters`.
""")

d("CF401", "analyse", """
A card cannot be reached from its story's `start` card by any path of `goto`s,
options, challenge outcomes, `if` branches and battle objectives. Each unreachable
region is reported once, at its entry: the lowest-numbered card of the region that
no other unreachable card leads to; the message adds the cards that are unreachable
only because of it (`(nor can card(s) 5, 6, reached only through it)`). Options
that can never be offered (`CF501`) lead nowhere, so cards only they lead to are
unreachable too.
""", """
Add a `goto` to the card from a reachable card (the hint suggests one), or delete
the card if it is left over.
""")

d("CF402", "analyse", """
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
""", """
End the branch (or the card) with `goto: N`, `victory: ...` or `defeat: ...`, or
add such a step after the choice, challenge or `if` so that every branch reaches it.
""")

d("CF403", "analyse", """
From this card, which can be reached, no ending (Victory or Defeat) can be reached:
every way forward leads into a loop of cards that only lead to each other. Every
reachable card in this situation is reported (the cards of the loop, and any card
that leads only into it); the message lists the cards it can still get to. Cards
whose trouble is already explained by a dead end (`CF402`), a stuck choice (`CF502`)
or a reference to a missing card (`CF301`, `CF306`) are not reported again.
""", """
Give one card of the loop a way out: an option or outcome that goes to a card from
which Victory (or Defeat) can be reached.
""")

d("CF404", "analyse", """
From this card every path ends in Defeat: Victory cannot be reached from it any
more. This is a warning because it may be intended (a doomed branch of the story);
the Defeat card itself is not reported, only the cards that lead only to Defeat.
""", """
If that is the design, ignore the warning (it fails `lint` only with `--strict`).
Otherwise add a way from the card, or from a card after it, to a Victory.
""")

d("CF405", "analyse", """
A step comes after a step that always ends the card (`goto`, `victory`, `defeat`,
`battle`, or a `choice`, `challenge` or `if` all of whose branches end the card), so
it never runs. The first such step of each step list is reported.
""", """
Move the step before the step that ends the card, or delete it.
""")

# ------------------------------------------------------------------ CF5xx
d("CF501", "analyse", """
A choice option's `if` can never hold, so the option is never offered. cardforge
judges conditions with what is known before play: a flag that no step ever sets to
`true` is always false, a counter that no step changes keeps its starting value,
and constants are constants. Conditions that depend on `players`, `characters`,
`coins`, `has(...)` or `status(...)`, or on flags and counters that do change, are
never reported.
""", """
Set the flag (or change the counter) somewhere in the story, or remove or correct
the condition.
""", after="""
The flag itself is reported once, by `CF503`, at the first place that reads it (the
`if` step); each option that it keeps from being offered gets a `CF501`. When the
option's condition is itself that first read, only `CF503` is reported: one fault,
one report.
""")

d("CF502", "analyse", """
No option of a choice can ever be offered (every option has an `if` that can never
hold, see `CF501`), so the players would be stuck at this choice. The position is
the `choice` key. This is an error, unlike `CF501`.
""", """
Add an option without `if`, or set the flags (change the counters) that the options
read.
""", after="""
The options of a stuck choice are not reported again by `CF501`, nor the flags they
read by `CF503`, when those reports would point inside the choice: `CF502` says it
all.
""")

d("CF503", "analyse", """
A flag or counter is read in a condition, but no step ever changes it: a flag that
nothing sets to `true` is always false, a counter that no `set` or `add` changes
always has its starting value, so the condition always comes out the same. The
message gives that value; the position is the first place that reads it.

Only steps that can run count: a `set` inside an option that is never offered, in
an `if` branch that is never taken, or on a card that cannot be reached changes
nothing. Then the message says `no step that can run changes it`, and the hint
names the card of the step that never runs.
""", """
Add the step that changes it where it should happen (`set: {met_athos: true}`,
`add: {duels_won: 1}`), or remove the condition; if the step exists but never runs,
make its option, branch or card reachable.
""")

d("CF504", "analyse", """
A flag or counter is changed (`set`, `add` or `clear`) but no condition ever reads
it, so changing it has no effect. The position is the first step that changes it.
""", """
Read it in an `if` where it should matter, or remove the steps that change it (and
the declaration).
""")

d("CF505", "analyse", """
A flag or counter is declared under `flags` or `counters` but nothing reads or
changes it.
""", """
Remove the declaration, or use the name.
""")

d("CF312", "resolve", """
A Battle (`battle: {layout: ...}`) names a layout id that no `kind: battle-layout`
document of the same pack defines, so the Battle has no board to be set up on
(Gascony's Legacy, Battle Cards - Setup). The hint offers the nearest layout id of
the pack ("did you mean"), else lists the pack's layouts, else says how to add one.
A layout that is in the pack but failed validation, or whose file is not
well-formed YAML (its `kind:` and `id:` lines are read from the text), is reported
there, not again here; so is one whose `id` could not be read.
""", """
Correct the id in the story, or add the layout: a document with `kind:
battle-layout`, `id:` the name the story uses, its `grid`, `map_tiles` and `start`
squares (docs/format.md, Battle layouts).
""")

# ------------------------------------------------------------------ CF6xx
d("CF601", "resolve", """
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
""", """
Make the text and the steps agree: change the number in the text, or the `gain` or
`lose` step. If the number in the text is only narrative ("a purse of twelve
coins" that the players never receive), reword it without the number.
""", after="""
This is a warning: `cardforge lint` fails on it only with `--strict`.
""")

# ------------------------------------------------------------------ CF650-CF659: translations (workstream H)
d("CF650", "translations", """
A pack keeps its translations in its `translations/` folder, one file per locale named
after it (`translations/fr.po`, `translations/pt-BR.xlf`, `translations/de.csv`; see
[strings.md](strings.md)). Once the content has no errors, `cardforge lint` compares
each file with the pack's texts: every title, introduction, card text, step text,
option text and Battle victory text, each known by its stable id
(`demo/act-1/1/victory1`). This text has no translation in the file: no entry has its
id, or the entry's translation is empty (an XLIFF `<target>` in state `new` or
`needs-translation` counts as empty). The diagnostic points at the text in the
content, and names the file and the id. When single files are linted, only their
stories' texts are compared.
""", """
Translate the text in the file. `cardforge strings export PACK --locale fr --merge
PACK/translations/fr.po -o PACK/translations/fr.po` rewrites the file with an entry
for every text of the pack, keeping the translations it has; then fill in the empty
ones (or hand the file to your translators' tool). `cardforge strings import` leaves
an untranslated text in the source language.
""", after="""
This is a warning: `cardforge lint` fails on it only with `--strict`, so a
translation in progress does not stop the build.
""")

d("CF651", "translations", """
The file translates this id, but not the text the content has now: the entry's source
text (PO `msgid`, XLIFF `<source>`, CSV `source`) differs from the text, because the
text was edited after it was translated; or the entry is marked for review (PO's
`fuzzy` flag, an XLIFF `<target>` in a `needs-review-...` state, CSV `status` `fuzzy`),
which `strings export --merge` sets on every entry whose source text changed. The
diagnostic points at the entry in the translation file; the message quotes both
source texts.
""", """
Check the translation against the new text and update it; then bring the entry's
source up to date and clear the mark: `cardforge strings export ... --merge` writes
the new source and marks the entry fuzzy, and your editor (or removing the `#, fuzzy`
line) clears it. Until then `cardforge strings import` leaves the text in the source
language, as gettext does.
""")

d("CF652", "translations", """
An entry of the translation file has an id that names no text of the pack: the text
was removed, or moved so that its id changed (a card renumbered, a step turned into
another kind; [strings.md](strings.md#ids) says what an id is made of). Its
translation is used nowhere. Entries of stories that were not linted (single files
named) are not judged.
""", """
Delete the entry, or re-export the file with `--merge`, which writes only the pack's
current texts. If the text moved, carry its translation over to the entry of its new
id.
""")

d("CF653", "translations", """
A file of the pack's `translations/` folder cannot be used: it is not UTF-8, it is not
well-formed for its format (a PO string with an unescaped quote, XML that does not
parse, an XLIFF that is not version 1.2, a CSV without the `id`, `source` and `target`
columns or with a row of the wrong length), it states another locale than its name
(PO `Language`, XLIFF `target-language`), it gives an id twice, or its name is not a
language tag. Nothing else of the file is compared until it is fixed. An XLIFF file
may not declare a DOCTYPE or entities.
""", """
Fix the file where the message says, or export a fresh one with `cardforge strings
export` (always well-formed) and carry the translations over. Name each file after its
language tag: `fr.po`, `pt-BR.xlf`, `de.csv`.
""")

# ------------------------------------------------------------------ CF7xx
d("CF701", "board", """
A board document names something the pack does not define: a layout's map tile
`side` (a `side` of the pack's `components`), terrain `tile` (a `kind: terrain-tile`
name), Search `token` (a label of `components.search_tokens`, or `?`) or deployment
`enemy` (`components.enemy_tokens`); a terrain keyword of a map tile side or terrain
tile (a `kind: terrain-keyword` name); a face of a terrain piece of the components (a
terrain-tile name). A keyword must also lie where it applies: a keyword with
`applies_to: edge` (a Railing) goes under a tile's or map tile side's `edges:`, never
under `keywords:` (squares), and the reverse. A `link` label must join two terrain
tiles that share a keyword with a `link` (Descent's matching staircase spaces). A layout in a
pack with no `components` document is reported once, at its `map_tiles`. The hint
offers the nearest defined name.
""", """
Correct the name, or define it: add the tile or keyword document, or the side,
token label or Enemy tokens to the pack's `components` (docs/format.md, Battle
boards).
""")

# ------------------------------------------------------------------ CF7xx: the layout checks
_SQUARES = """Squares are named 1-based `(column, row)`, as on the layout's grid."""

d("CF702", "board", """
A layout needs more of a component than the pack's `components` document says the
box holds. Each map tile and terrain piece is double-sided and is one physical
piece (Gascony's Legacy, Component List: "Each Map and Terrain Tile is
double-sided"): a layout may show the sides of a map tile piece, or the faces of a
terrain piece, `count` times in all, so 3 Columns and 2 Braziers need 5 of the 4
Column / Brazier pieces. A face printed on two kinds of piece (the Chandelier) may
come from either. Also counted: each Search token label at most once, and the `?`
squares no more than the labels left once the named ones are placed; Enemy tokens
of each kind placed for the pack's largest party (players.max, or solo_characters
if larger); Named Enemies against the box's Enemy standees. The diagnostic points
at the first placement beyond what the box holds.
""", """
Use another piece, remove a tile, raise a square's `players` number, or (if the box
really holds more) raise the `count` in `components`.
""")

d("CF703", "board", """
The two sides of a map tile piece, or the two faces of a terrain piece (`faces:
[Column, Brazier]`), have different footprints (`size`). One physical piece has
one outline, so a layout that shows one face where the other was meant would
cover different squares.
""", """
Correct the `size` of one side or terrain-tile, or, if they really are different
pieces, list them as two pieces of the components.
""")

d("CF704", "board", """
A placed map tile or terrain tile leaves the layout's `grid`, or a Start, Exit,
Search token, deployment or Named Enemy square lies outside it. The squares of a
tile are those of its footprint turned by `rotation`, with `at` the top-left square
of the turned tile (docs/format.md, Coordinates). """ + _SQUARES + """ A layout with
a tile off the grid is not checked further for walls, reachability or objectives.
""", """
Move the tile or square, turn the tile, or widen the layout's `grid: [columns,
rows]`.
""")

d("CF705", "board", """
Two map tiles of a layout cover the same squares: map tiles lie side by side on
the table, never on top of each other (Battle Cards - Setup, 1). The message names
the shared squares and the line of the other tile. Such a layout is not checked
further for reachability or objectives, since which tile shows is unknown.
""", """
Move one of the tiles (`at`), or turn it (`rotation`).
""")

d("CF706", "board", """
A terrain tile lies, wholly or partly, on a wall square: a square of the grid that
no map tile covers ("Treat the empty space between Map Tiles as walls"). Terrain
tiles are placed on top of map tiles (Battle Cards - Setup, 2). """ + _SQUARES + """
""", """
Move or turn the terrain tile so that it lies on map tiles, or extend the map tiles
under it.
""")

d("CF707", "board", """
Two terrain tiles of a layout cover the same square. The message names the shared
squares and the line of the other tile.
""", """
Move one of the tiles (`at`), or turn it (`rotation`).
""")

d("CF708", "board", """
A placed terrain tile whose terrain-tile has an arrow (`arrow: true`, the Wagon)
has no `facing`, so the direction it rolls is unknown; or a tile without an arrow
is given a `facing`, which means nothing for it (a tile is turned with
`rotation`).
""", """
Add `facing: north|east|south|west` for a tile with an arrow; remove `facing` from
one without.
""")

d("CF709", "board", """
A placed terrain tile says `banner: true`, but no edge of its terrain-tile allows a
hanging banner (`banner: optional` or `always` on one of its `edges`: the Balcony,
Balconies and Railings). The Banner Slide needs a banner to slide down.
""", """
Remove `banner: true`, or give the tile's edge `banner: optional` in its
terrain-tile document.
""")

d("CF710", "board", """
An edge keyword of a placed terrain tile (a Balcony's Railing) lies against a wall
or the edge of the grid: the squares across it are not on the map, so the railing
divides High Ground from nothing and a Banner Slide over it lands nowhere
(Balconies and Railings). The railings of a map tile (a Staircase along a wall) are
not reported. """ + _SQUARES + """
""", """
Turn the tile with `rotation` so that its railing faces the map, or move it.
""", after="""
This is a warning: `cardforge lint` fails on it only with `--strict`.
""")

d("CF711", "board", """
A Start square, an Enemy deployment square or a Named Enemy square is a wall, or
lies on terrain its figure may not enter or stop on, by the keywords' data
(`movement.characters`, `movement.enemies`, `movement.stop`): Enemies never stand
on Elevated tiles ("they treat these Terrain Tiles as obstacles"), nobody stands in
Impassable or Blocking terrain. The message lists the square's keywords.
""", """
Move the square onto the map, to terrain its figure may stand on, or move the
terrain tile.
""")

d("CF712", "board", """
Two pieces are set up on the same square: two deployment squares, a deployment
square and a Named Enemy, or an Enemy on a Start square. Deployment squares count
from the number of Characters they print (Battle Cards - Setup, 4: "Place Enemies in
any square with a number equal to or less than the number of characters"), so the
message says from how many Characters the clash happens; squares numbered above the
pack's largest party are never placed and never clash.
""", """
Move one of the two pieces to a free square.
""")

d("CF713", "board", """
A layout has fewer Start squares than the pack's largest party: `players.max`, or
`players.solo_characters` when larger (Solo Play: "you may control up to 4
Characters"). Each Character is placed on its own Start square (Battle Cards -
Setup, 6).
""", """
Add Start squares until there is one for every Character of the largest party.
""")

d("CF714", "board", """
Characters cannot reach a part of the layout from the Start area, however many
rounds they take: an Exit area's squares (a Character must end a move on them),
or the square of a Search token, deployment square or Named Enemy (a Character must
end a move on it or next to it). Reach is computed on the Characters' movement
graph built from the runtime's step costs: walls, Impassable and Blocking terrain
stop a step, diagonal steps may squeeze between two squares that cannot be entered,
Railings block the edges they lie on, and a Staircase is entered only from its open
sides (Move; Staircase; Balconies and Railings). """ + _SQUARES + """
""", """
Open a way: join the map tiles (the space between them is wall), move the terrain
tile in the way, turn a railing, or move the square.
""", after="""
The Battle's `Reach Exit` objective cannot be met either, so CF715 is reported on
the story too.
""")

d("CF715", "board", """
A Battle's objective cannot be met on the layout it names. Read are the rulebook's
common objectives (Battle Rounds, Common Battle Objectives): `Reach Exit` needs an
Exit area that Characters can reach; `Reveal X` needs Search token X placed on the
layout, or a `?` square that may hold it (X is a token of the box not placed by
label); `Defeat <name>` needs a Named Enemy of that name on the layout. `Defeat all
Enemies` and objectives written otherwise are not checked (but see CF719). When the
text is close to an objective the layout allows (`Defeat all Enemeis`, `Defeat
Rocheford` on a layout with Rochefort), the help names it ("did you mean 'Defeat all
Enemies'?") rather than what to add to the layout.
""", """
Add what the objective needs to the layout (an Exit area, the token, the Named
Enemy), open a way to it, or correct the objective's text.
""")

d("CF716", "board", """
A battle layout is not set up by any Battle (`battle: {layout: ...}`) of the pack's
stories: it is dead content, or a Battle names it wrongly. Not reported for a pack
with no stories at all, nor while a Battle names a layout the pack lacks (CF312):
the unused layout may be the one that Battle means.
""", """
Name the layout in a Battle, or delete it.
""", after="""
This is a warning: `cardforge lint` fails on it only with `--strict`.
""")

d("CF717", "board", """
An Exit area gives `edge`, the side of the map its pieces leave by (Battle Cards -
Setup, 7), but a square of the area does not lie on that side: the square beyond it
in that direction (`east`: column + 1; `north`: row - 1) is on the map. An Exit
edge's squares border it: the square beyond each is a wall (no map tile there) or
off the grid. One report per Exit area, at its first square off the side, naming
every such square.
""", """
Move the Exit squares against the side `edge` names, name the side they lie on, or
drop `edge` when pieces leave by the area alone.
""")

d("CF718", "board", """
The Battle engine plays a terrain tile's actions and targets on the board
(docs/runtime.md, Terrain actions), and a few of the board effects only mean something
on some tiles: `roll-in-line` rolls a 1 x 1 tile (the Barrel); `wagon-roll` and
`wound-per-missing-success` count the Successes of the action's `challenge`, so the
action needs one; `wagon-roll` rolls the tile toward its arrow, and `from:
beside-or-behind` is measured from its front, so the tile needs `arrow: true`. Without
this check the engine would stop in the middle of a Battle. One report per effect (or
per `from`) that cannot be played.
""", """
Make the tile 1 x 1, add a `challenge` to the action, or give the terrain-tile `arrow:
true` (each layout then gives its `facing`); or use another effect or `from`.
""")

d("CF719", "board", """
A Battle objective's text is not one the engine reads, but is close to one it reads
on that layout (`Reach Exti`, `Defeet all Enemies`): `Defeat all Enemies`, `Reach
Exit`, `Defeat <Named Enemy of the layout>`, `Reveal <Search token of the layout>`
(`cardforge_runtime.format.objective_meet`). Any other text is an objective the
players declare met, so a misspelled one would make the Battle won at the players'
word. A text is taken for a misspelling when it is at least 80% alike (difflib's
ratio, case ignored) to an objective the engine reads; an objective of the players'
own (`Hold the stairs for 3 rounds`, `Reach the Balcony`) is not reported.
""", """
Correct the text to the objective named in the help. If the objective really is one
the players judge, word it so that it does not read as a misspelling.
""", after="""
This is a warning: `cardforge lint` fails on it only with `--strict`.
""")


# ------------------------------------------------------------------ CF801-CF819: Enemies and decks
_DESCRIBED = """Only a pack that describes its Enemies and decks as data is checked: one that holds at least one
`kind: enemy`, `named-enemy`, `threat-deck` or `deck` document. A pack with none (a story- or board-only
pack) names Enemies and decks it does not describe. A name whose document is in the pack but failed
validation is not reported again."""

d("CF801", "pack", """
An effect names an Enemy that no `kind: enemy` document of the pack defines: the
`enemy` of a `spawn` or `activate` effect, or the `in_supply` predicate of an `if`
(Threat cards, "Guards!": "place up to 1 Cardinal's Guard per player"). The effects
are those of Threat cards, deck cards, Enemies' `on_hit`, Character abilities and
Stones of Chance. A Named Enemy named there is reported as such: it is one standee,
never spawned from a supply nor activated. The hint offers the nearest Enemy.

""" + _DESCRIBED, """
Correct the name, or add the Enemy's Reference card: a document with `kind: enemy`,
its `name`, `type`, `damage`, `movement` and `defense` (docs/format.md, Enemies).
""")

d("CF802", "pack", """
A battle layout sets up a Named Enemy (`named_enemies`) that no `kind: named-enemy`
document defines (Battle Cards - Setup, 5: the Named Enemy's standee and Tracker
card). A `Defeat <name>` objective whose layout does not set up that Named Enemy is
`CF715`, at the objective; a Named Enemy the layout sets up but no document defines
is reported here, at the layout, once.

""" + _DESCRIBED, """
Correct the name, or add the Tracker card: a document with `kind: named-enemy`, its
`health` for 1 to 4 Characters, `defense` and `threat_deck`.
""")

d("CF803", "pack", """
A deck is named that no `kind: deck` document defines: a purchase's `deck`, the
Porter's `deck`, a role of the manifest's `decks`, a difficulty option's
`remove_cards` key or `start_draws` deck, a `draw` effect's `deck` (which may also
name a `kind: threat-deck`) or a terrain tile's `draw` board effect (the Chest). The
message says what names it; the hint offers the nearest deck.

""" + _DESCRIBED, """
Correct the name, or add the deck: a document with `kind: deck`, its `name`, `role`
and `cards` (docs/format.md, Decks).
""")

d("CF804", "pack", """
A card is named that its deck does not hold: a Character board's Starting Weapon
(`weapons`) is not a card of the Equipment deck (the manifest's `decks: {equipment:
...}`, else the pack's only deck with `role: equipment`; Setup: the Starting Weapon
is taken from the Equipment deck), or a difficulty option's `remove_cards` names a
card its deck lacks (Difficulty Adjustments: "remove the Nothing and Broken Sword
cards from the Loot deck"). A Starting Weapon in a pack with no Equipment deck at
all is reported too.

""" + _DESCRIBED, """
Correct the card's name, or add the card to the deck.
""")

d("CF805", "pack", """
A deck is named for a part its document's `role` does not play: the manifest's
`decks: {loot: X}` names a deck whose `role` is not `loot`, or a purchase or the
Porter draws from a deck that is not an Equipment deck (what they sell are
Equipment cards, with a `cost`).

""" + _DESCRIBED, """
Name the deck that plays the part (the hint lists the decks with that role), or
correct the deck's `role`.
""")

d("CF806", "pack", """
An effect uses a Character ability that no Character board has: `use-ability:
talent` (a Stone of Chance spent on "your Talent") in a pack whose boards give no
`talent`, or `use-ability: support` where none gives a `support`. The effect could
never do anything. (A status token's `covers` naming an ability no board has covers
nothing, which is harmless, and is not reported.)
""", """
Give the Character boards their abilities (`talent: {name, text, effects}`,
`support: ...`; docs/format.md, Character boards), or use the ability they have.
""")

d("CF807", "pack", """
A target rule's `fallback` selector (the second ruleset: doors and portcullises
attacked when no Hero qualifies) names terrain that is neither a `kind:
terrain-tile` nor a `kind: terrain-keyword` of the pack. Target rules are those of
Enemies' `priorities`, the manifest's `enemy_rules.defaults` and `attack` effects.
""", """
Correct the name, or define the terrain: a terrain tile (a door standing on a
square) or a terrain keyword (an edge keyword for a door in a wall).
""")

d("CF808", "pack", """
A Named Enemy's `threat_deck` names no `kind: threat-deck` document: in the Enemy
turn, its Threat deck has nothing to draw (Named Enemy Tracker card).
""", """
Correct the name, or add the Threat deck: a document with `kind: threat-deck`, its
`name` and `cards` (each with a `threat` and a `reaction`).
""")

d("CF809", "pack", """
The pack's `components` list tokens (`enemy_tokens`) of an Enemy that no `kind:
enemy` document describes (nor a `kind: named-enemy`). The tokens' Enemy has no
Reference card: its movement, attack and Defense are unknown. Reported once, at the
components: a layout's deployment area that uses the tokens is not reported again.

""" + _DESCRIBED, """
Add the Enemy's Reference card (a `kind: enemy` document), or correct the name in
the components.
""")

d("CF810", "pack", """
An Enemy (`kind: enemy`) has no tokens in the box: the components' `enemy_tokens`
do not list it (or the pack has no `components`). Its supply is 0, so no layout can
deploy it and no `spawn` can place it. A layout deploying such an Enemy is not also
reported as `CF701`. When the components list tokens of a name close to it, the hint
names them.

""" + _DESCRIBED, """
Add `- {enemy: <name>, count: N}` to the components' `enemy_tokens` (N: the tokens in
the box), or correct the name there.
""")

d("CF811", "pack", """
An `if` effect asks `{difficulty: <name>}` about a difficulty option that the pack
manifest's `difficulty` list does not define (Difficulty Adjustments: on the harder
difficulty the Broken Sword discards the Weapon). No game is ever played with that
option, so the `if` never holds and its `then` effects never happen.
""", """
Name one of the manifest's difficulty options (the hint lists them), or add the
option to `difficulty:` in `pack.yaml`.
""")

# ------------------------------------------------------------------ CF820-CF839: Enemies and decks
WARNING = "This is a warning: `cardforge lint` fails on it only with `--strict`."

d("CF820", "board", """
A `kind: deck` or `kind: threat-deck` has no card to draw: its `cards` list is empty,
an Equipment deck holds only its Unarmed card (which never leaves play and is never
shuffled), or a difficulty option of the manifest removes every card of the deck by
name (`remove_cards: {Loot: [...]}`; a removed name takes out every copy), so that a
draw in that difficulty finds nothing.
""", """
Add the deck's cards, keep at least one card in each difficulty, or delete the deck
and every name of it.
""")

d("CF821", "board", """
A `spawn` effect (a Threat card's "place up to 1 per player", an Enemy's or a card's
spawn) asks for more Enemies than the box holds (the components' `enemy_tokens`
count, the supply) at some number of Characters: `per_player` times the count, or the
`count` table's value. Every number of Characters the pack admits is checked, 1 to 4:
each number of players from `players.min` to `players.max`, Solo Play counted as
`players.solo_characters` (and each number of Characters one player may control, up
to `players.max`), each also with every difficulty option's `character_count` added
(the easier game: one lower). The engine places min(count, supply, free squares), so
the spawn comes up short rather than failing.
""", """
Lower the number, or raise the Enemy's token `count` in components if the box really
holds more.
""", after=WARNING)

d("CF822", "board", """
Every card of a Threat deck can go back to the box (a `return-to-box` effect in its
threat or its reaction, an `if` branch included), and the deck's `when_empty` is
`reshuffle` or absent: once the cards have left, the draw pile runs out with nothing
in the discard pile to reshuffle, and the deck gives no rule for what happens then.
""", """
Write `when_empty: nothing` (the Named Enemy has no more threats once its deck is
gone), or keep a card that does not return to the box.
""", after=WARNING)

d("CF823", "board", """
An Equipment card's Attack Pattern marks no square as attacked: no `x` and a facing
square written `f` (not in the pattern). A Weapon with such a pattern can never
attack.
""", """
Mark the squares the Weapon attacks with `x`, or write the facing square as `F` when
it is in the pattern.
""")

d("CF824", "board", """
An Equipment card's Attack Pattern marks the figure's own square (the square just
below the facing square `F`/`f`) with `x`: a figure never attacks the square it stands
on. The diagnostic points at that square of the grid.
""", """
Write `o` there (the figure's own square, shown for readability) or `.`.
""")

d("CF825", "validate", """
An Attack Pattern grid cannot be read: it has no rows, its rows differ in length, a
character is not one of `x . F f o`, it has no facing square or two (`F`/`f`), two own
squares `o`, or an `o` that is not just below the facing square. Found when the card
is validated (the card's deck is then left out of the later stages); the diagnostic
points at the row (and the square) at fault.
""", """
Write equal rows of `x` (in the pattern), `.` (not), one `F` or `f` (the facing
square, in the pattern or not) and, optionally, `o` just below it.
""")

d("CF826", "board", """
A target rule keeps only the Characters in range (`{among: in-range}` or
`{among: range-and-line-of-sight}`), but the attacker has no range: an Enemy without
`range` has an unlimited one (as a Ranged Weapon that lists no Range), and a Named
Enemy attacking in a Threat card has none, so the filter keeps every Character. The
Enemy's own `priorities` are checked, else the pack's `enemy_rules.defaults` for its
type (the diagnostic then names that rule's line).
""", """
Give the Enemy the `range` of its Reference card, or filter with `{among:
line-of-sight}` (a melee Enemy: `{among: adjacent}`).
""", after=WARNING)

d("CF827", "board", """
A value given per number of Characters falls as the party grows: a Named Enemy's
`health` (the Tracker card) or a `spawn`'s `count` table is lower at a larger count
than at a smaller one, over every number of Characters the pack admits (as for
CF821: Solo Play, the easier game's lower count). A count missing from a `count` table
places no Enemy, which counts as 0. Often a transcription slip (3 Guards at 2
players, 2 at 3).
""", """
Make the value grow (or stay) with the party, or write `falls_on_purpose: true` on
the Named Enemy or the `spawn` when the card really gives less to a larger party.
""", after=WARNING)

d("CF828", "board", """
A deck declares `box_counts` (the number of cards the box holds), and its cards'
counts (`count`, 1 when absent) add up to another number.
""", """
Fix a card's `count` (a card printed more than once is one entry with `count:`), add
the missing cards, or correct `box_counts`.
""")

d("CF829", "board", """
A Character's Equipment at Setup needs more hands than the pack's `carry.hands`
(Equipment cards: "Characters can only carry 2 hands worth of equipment at once"):
its board's `items` that are Equipment cards, which Setup takes from their deck as a
gain does, then its Starting Weapons (`weapons`), counted in that order. The
diagnostic points at the item or Weapon that goes over. Without `carry` the pack
sets no limit and nothing is checked.
""", """
Give the Character Equipment items and Starting Weapons within the limit, or raise
`carry: {hands: N}`.
""")

d("CF830", "board", """
An Equipment deck holds more than one Unarmed card: two cards with `unarmed: true`, or
the Unarmed card with a `count` above 1. The Unarmed card never leaves play, so one
serves every Character without Equipment.
""", """
Keep `unarmed: true` on one card and `count: 1`.
""")

d("CF831", "board", """
The pack's Equipment deck (the manifest's `decks: {equipment: ...}`, else its only
`role: equipment` deck) has no Unarmed card, while the pack has Character boards:
"Characters without any Equipment must use the Unarmed card".
""", """
Add the Unarmed card to the Equipment deck, with `unarmed: true`.
""")

d("CF832", "board", """
A purchase draws `per_player` x players cards from a deck (Event Cards: "draw 1
Equipment card per player"), or the Porter `cards_per_character` x Characters (Setup
4), and for some number of Characters the deck may not hold that many: the Starting
Weapons were taken from the Equipment deck at Setup (Setup 1f) and the Porter's cards
wait under him until he is called. Every number of Characters the pack admits is
tried (Solo Play's `solo_characters`, the easier game's one fewer); cards bought
earlier are not counted. The engine then offers the cards left, and the `purchase`
request's `asked` and `draw` say how many were asked for and drawn (`cardforge play`:
"The Equipment deck had only 4 cards to draw of the 6 asked for").
""", """
Add cards to the deck (`count:`), lower `per_player` or `cards_per_character`, or
accept it: the warning says how many cards can be offered.
""")

d("CF833", "pack", """
A status token's `removed_by` names a face that the pack's `stones_of_chance` do not
have (or the pack has no Stones of Chance): the face never comes up, so the token is
never removed that way (Gascony's Legacy, Use Your Support Ability: "you must remove
it by spending a Loyalty (L) Stone of Chance").
""", """
Correct the face's name (the hint suggests the closest face), add the face to
`stones_of_chance.faces`, or remove `removed_by`.
""")

d("CF834", "pack", """
A difficulty option's `destiny_start` is positive. `destiny_start` is a change to the
starting Destiny, but every Character starts a Story at its maximum Destiny and never
goes above it (Difficulty Adjustments: "They can still gain additional Destiny up to
their maximum"), so the engine caps the rise away and it does nothing.
""", """
Use a negative value to start with less Destiny (the harder game: `-2`); to give the
Characters more Destiny, raise their boards' `destiny`; or remove `destiny_start`.
""")

d("CF835", "board", """
Two cards of one deck or Threat deck have the same name. Cards are named wherever they
are used (a Character's Starting Weapons, a difficulty's `remove_cards`, purchases,
`cardforge stats`), so the two are one card written twice: its copies split between
them, or its fields disagreeing.
""", """
Write the card once, with `count:` the number of copies the box holds, or give each
card its own name.
""")

d("CF836", "board", """
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
""", """
Give the deck a card that draws nothing, or put a `draw` under an `if` so that it may
not happen; for a Threat deck, `when_empty: nothing` ends the chain when its draw pile
does. If resolving the whole deck is what you mean, the warning can stay.
""")

d("CF837", "board", """
A `draw` effect takes cards from a Threat deck (named by `deck`, or the card's own deck)
without `portion`, on a card that has no threat or reaction portion of its own: a
Reaction, Loot or other deck card, a kept card's `use`, an ability, a Stone of Chance
option. A Threat card has two portions, the threat (resolved in the Enemy Turn) and
the reaction (when its Named Enemy is attacked and not defeated), and nothing says
which of them the drawn card resolves. A Threat card drawing from a Threat deck passes
on its own portion; a card of a plain deck, whoever draws it, always resolves its
`effects`. The engine refuses such a draw (an `EngineError`) rather than resolve
nothing.
""", """
Say which portion resolves: `draw: {deck: Cardinal Richelieu, portion: threat}` or
`portion: reaction`.
""")

d("CF840", "pack", """
A deck card, a Threat card (either portion), a kept card's `use` or an Enemy's `on_hit`
holds an effect that a Character plays in their own turn: `extra-attack-die`,
`second-attack`, `move-bonus`, `prepare`, `use-ability`, `any-face` or
`auto-successes`. Those are the options of the Stones of Chance and of the Character
boards' Talent and Support (All for One board & Stones of Chance; Character boards);
the engine refuses them on a drawn card ("played in a Character's turn, not on a
drawn card"), so the card would stop the Battle or story that draws it.
""", """
Give the option to a Stone of Chance face (`stones_of_chance`) or to a Character's
`talent` or `support`, or give the card effects a card plays (`gain`, `heal`,
`status`...).
""")

d("CF841", "pack", """
An effect is played outside a Battle but needs a Battle's board. Two places play
effects outside a Battle: a kept card's `use` (the players discard it Between Story
Cards) and the `effects` of a card drawn at the start of a Story (a difficulty
option's `start_draws`: Difficulty Adjustments, "Each player draws 1 Loot card at the
beginning of the Story"), with the cards those draw from other decks. There is no
board there, no Enemy and no target rule to measure, so `activate`, `spawn`, `move`,
`push`, `place`, `attack`, a subject `this` or a target rule, and the predicates
`adjacent`, `empty`, `in_supply` and `wounded` cannot be played: the engine stopped
the story (`Session.start` of the easier game failed for every seed).
""", """
Give the card effects a story can play (`gain`, `lose`, `heal`, `wound` or `status`
for `you`, `draw`, `reshuffle`, an `if` on `has_status`, `difficulty` or `condition`),
or leave the card out of the decks drawn outside a Battle.
""")

d("CF842", "pack", """
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
""", """
Name a subject the card has: on a Loot card, `you`; in a threat portion, `this` or a
target rule (`{target: [...]}`), and put effects on the attacker in the card's
`reaction` portion. Mind the defaults: a `push` is always away from `this` (its only
`away_from`), so a Loot card cannot push; `heal: {}` in a threat portion heals `you`
(write `who: this` for the Named Enemy).
""")

d("CF845", "pack", """
A Character's Talent or Support, or an effect inside another (an `if` branch, a
`status`'s `if_held`), holds `any-face`: "use the stone as any other face", Mana
Burst's "Perform any 1 of the above effects" (1. All for One!). Only a Stone of Chance
face's option plays it (the stone is spent as one of the other faces: a `pick` among
their options); anywhere else the engine stops at it ("any-face is played by a Stone
of Chance").
""", """
Put `any-face: {}` alone among the effects of a `stones_of_chance` face's option, or
give the ability the effect it means (`move-bonus`, `prepare`, `gain`...).
""")

d("CF846", "pack", """
A Character's Talent or Support uses an ability (`use-ability`) that its board does not
have, itself, or the other ability when that one uses it back. The Battle engine offers
an ability (as an Action or a Stone of Chance option) only when its effects would do
something, and such an ability never would: it can never be used. When no board of the
pack has the ability named at all, `CF806` reports it instead.
""", """
Give the ability the effects themselves, or name an ability the board has that does not
lead back to it.
""")

# ------------------------------------------------------------------ CF86x campaigns
d("CF860", "pack", """
The manifest's `campaign.stories` names a story that no story of the pack has. A
campaign plays the pack's stories in the order listed (Gascony's Legacy, Campaign
Mode: "start with the first Story and play it all the way through"), so every id must
be a story's `id`; the bundle would not load.
""", """
Correct the id (the hint suggests the closest story), or add the story to the pack.
""")

d("CF861", "pack", """
The manifest's `campaign.stories` names a story twice. A campaign plays each Story
once, one after the other, carrying the Characters from one to the next; the bundle
would not load.
""", """
Remove the second mention, or name the story meant.
""")

d("CF862", "pack", """
A Campaign Mode step of `campaign.between` has nothing to act on in this pack:
`porter-reset` in a pack without a `porter`, `discard: [loot]` without a deck of role
`loot`, `keep-weapons` when no card of the pack's decks needs hands (no Weapon), or
`reshuffle-decks` in a pack without decks. The engine plays such a step as doing
nothing, which is seldom what the author meant.
""", """
Remove the step, or add what it acts on (the Porter, the Loot deck's `role: loot`, the
Equipment cards' `hands`).
""")

d("CF863", "pack", """
A step that discards cards (`keep-weapons`, whose Weapons not kept go to the discard
pile, or `discard: [loot]`) comes after `reshuffle-decks` in `campaign.between`. The
reshuffle has already put the discard piles back, so the cards discarded after it stay
in the discard piles into the next Story, out of its draws. Campaign Mode orders them
1 (Weapons), 4 (Coins and Loot), then 5 ("Shuffle all discard piles back into their
decks").
""", """
Move `reshuffle-decks` after every step that discards cards, as the rulebook orders
them.
""")

# ------------------------------------------------------------------ CF9xx the state explorer
_EXPLORER = """
Reported by the **state explorer** (stage `explore`, [explore.md](explore.md#findings)),
which `cardforge lint` runs on content without errors, within a budget of states
(`--explore-budget`, default 1,500; `--no-explore` skips it). It plays the story with
the runtime itself, from every setup, trying every option on offer and every outcome
of every roll and Battle, and tells states apart by the flags, counters, items, coins,
status tokens and Fallen Characters that later cards read. The graph checks (`CF4xx`,
`CF5xx`) cannot see this: they look at cards, not at what the players hold.
"""
_WITNESS = """
The `witness:` line gives the **witness**: the shortest line of play from the start
that shows the finding (the setup and the answers, every die given as faces).
`cardforge explore demo/ --witness-dir DIR` writes it as an answers file with the
`cardforge play` command that replays it; `--format json` gives it as `witness`.
"""
_PROOF = """
It says something of *every* line of play, so it is reported only when the
exploration is a proof: finished within the budget, no counter beyond the bound, no
condition on an item the decks deal. The `state explorer:` line after the summary
says which stories were proven.
"""

d("CF901", "explore", """
In play the players can reach a point where the story cannot go on, and it ends
`stuck`: a choice whose options are all hidden by their `if` (the position is the
`choice` key; the message lists the conditions), a `lose` of an item that no
Character holds (the `lose` key), or a card whose steps run out. Each condition may
hold on some line of play, so the graph check `CF502` does not fire: what strands the
players is what they did before, here walking past both the secret and the Rope.
""" + _EXPLORER + """
A stuck state is reported whenever the explorer sees one, even when the budget cut
the exploration short: the witness proves it.
""" + _WITNESS, """
Give the choice an option without `if` (a way on for players who have nothing), or
make sure every way to the card sets what one of its options reads. For a loss, put
it under `if: has("...")` with the alternative in `else`. Replay the witness with
`cardforge play` to watch it happen.
""")

d("CF902", "explore", """
A choice is reached in play, but this option's `if` is false every time: the option
is never offered. The position is the option's `if`. Typical causes: the flag is set
only on cards the players play after this one, or the item can only be had elsewhere.
The witness reaches the choice (without the option).
""" + _EXPLORER + _PROOF, """
Set what the condition reads on a card the players play before this one, or remove
the option.
""", after="""
The same option is not reported again when `CF501` or `CF502` already says that its
condition can never hold. Card 4 behind the option is reported too (`CF903`).
""")

d("CF903", "explore", """
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
""" + _EXPLORER + _PROOF, """
Look at the conditions on the ways to the card: a flag set only later, an item no one
can hold there. Set it earlier, or change the condition.
""")

d("CF904", "explore", """
A condition is true every time it is evaluated in play: an option's `if` that never
hides the option, or an `if` step whose `else` branch never runs. The position is the
`if`. The witness is the shortest line of play whose last answer evaluates it.
""" + _EXPLORER + _PROOF, """
Remove the `if` when the option should always be offered, or check what it reads:
perhaps the flag is set on every way to the card, where it should be set on one.
""")

d("CF905", "explore", """
An `if` step's condition is false every time it is evaluated in play: its `then`
branch never runs. The position is the `if`. (An option whose `if` is always false is
`CF902`.) The witness is the shortest line of play whose last answer evaluates it.
""" + _EXPLORER + _PROOF, """
Check the flags, counters, coins and items the condition reads: here the party never
holds more than 3 coins. Change the condition or what feeds it, or remove the `if`.
""", after="""
A flag that no step sets is reported by `CF503` (an `if` always false before play);
the explorer reports the condition again when play proves it.
""")

d("CF906", "explore", """
A `victory` or `defeat` step (or a Battle objective's Victory) on a card the players
draw is never reached in play. The position is the step. The witness reaches its card.
""" + _EXPLORER + _PROOF, """
Check the conditions and branches that lead to it: here no Character rolls enough
dice for 11 successes. Lower the challenge, or remove the ending that cannot happen.
""")

d("CF907", "explore", """
No line of play reaches Victory: the story can never be won, although the graph
reaches a `victory` step (so `CF404` is silent). The position is the story's
`start`. There is no witness: the finding is about every line of play; the
explorer's other findings (`CF902`, `CF903`, `CF906`) show where the way to Victory
is closed.
""" + _EXPLORER + _PROOF, """
Look at the endings, options and cards the explorer reports as never reached: here
the password must be learnt before the door, not after.
""")

d("CF908", "explore", """
In play the players can reach a state from which no ending can be reached: they go
round a loop of cards for ever. The graph sees a way out of the loop (so `CF403` is
silent), but the way out depends on something the players can no longer change,
here a key they left behind. The position is the first card of the trap; the message
names the cards of the loop, and the witness reaches the first card in that state.
""" + _EXPLORER + _PROOF, """
Give the loop a way out that does not depend on what the players can no longer
change (an option without `if`, a way back to where the key is), or let the players
fix the state inside the loop.
""")

P["CF311"]["after"] = """
The state explorer plays the loss: the party that does not buy the Rope ends stuck
there, and `CF901` reports it with that line of play as its witness.
"""
P["CF311"]["after"] = P["CF311"]["after"].strip()
