"""CF0xx: reading files and YAML (stage ``load``).

Each ``code(...)`` is one diagnostic code with all its data (see ``codes/__init__.py``:
how to add a code)."""

from cardforge_compiler.codes._registry import E, W, code, example
from cardforge_compiler.codes._demo import HEAD, _deep

code("CF001", "unreadable-file", E,
     summary="A file or folder is missing or cannot be read.",
     template="{problem}",
     stage="load",
     explanation="""
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
""",
     fix="""
Check the spelling of the path and that it is relative to the folder you run
cardforge in; check the file's permissions. `cardforge lint` takes files and
folders, any number of them.
""",
     examples=[example({}, cmd=("lint", "contnet/"), pack=False)])

code("CF002", "not-utf8", E,
     summary="A file is not valid UTF-8 text.",
     template="byte {byte} at offset {offset} is not UTF-8",
     stage="load",
     explanation="""
The file's bytes are not valid UTF-8. The message gives the first bad byte and its
offset in the file; the position is the line and column where it sits. The file is
not read any further, so nothing else in it is checked until this is fixed. (A
UTF-8 byte-order mark is fine, at the start of the file or of any document.)
""",
     fix="""
Save the file as UTF-8 (in most editors: "Save with encoding" or the encoding
shown in the status bar). Files written in Latin-1 or Windows-1252 usually fail on
accented letters such as `é`.
""",
     examples=[example({"demo/story.yaml": b"kind: story\nid: act-1\ntitle: The Road\nstart: 1\ncards:\n  - id: 1\n    title: The House of Tr\xe9ville\n    steps:\n      - victory: You are welcomed.\n"}, show={"demo/story.yaml": "kind: story\nid: act-1\ntitle: The Road\nstart: 1\ncards:\n  - id: 1\n    title: The House of Tréville     # saved as Latin-1: é is the byte 0xe9\n    steps:\n      - victory: You are welcomed.\n"})])

code("CF003", "yaml-syntax", E,
     summary="A file is not well-formed YAML.",
     template="{parser_message}",
     stage="load",
     explanation="""
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
""",
     fix="""
Look at the reported line and the lines just before it: a missing closing quote, a
key indented differently from its neighbours, a missing space after `:` or `-`, or
text that starts with a character YAML treats specially (`:`, `{`, `[`, `&`, `*`,
`!`, `|`, `>`, `%`, `@`, a backtick) and needs quotes.
""",
     examples=[example({"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: "The Inn
    steps:
      - victory: You reach Paris.
"""}, after="""
The quote opened on line 7 is never closed: the parser only finds out at the end
of the file, and cardforge reports where the quote opens.
""")])

code("CF004", "duplicate-key", E,
     summary="A mapping names the same key twice.",
     template="duplicate key '{key}' (first at line {line})",
     stage="load",
     explanation="""
Many YAML parsers keep the last of two equal keys and silently drop the first;
cardforge refuses, so that a value can never be lost without notice. The position
is the second occurrence; the message gives the line of the first.
""",
     fix="""
Remove one of the two keys, or rename it if it was meant to be a different key (a
copied card whose `title` was added again, two `text:` keys in one step).
""",
     examples=[example({"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    title: The Tavern
    steps:
      - victory: You reach Paris.
"""})])

code("CF005", "tab-indentation", E,
     summary="A tab character is used where YAML needs spaces.",
     template="tab character used for indentation",
     stage="load",
     explanation="""
A tab character is used to indent. YAML only indents with spaces. cardforge reports
this when the YAML parser fails on a line that contains a tab in its indentation;
the column is that of the first tab on the line. (A tab inside a quoted text is
fine.)
""",
     fix="""
Replace the tab with spaces, and set your editor to insert spaces for YAML files
(`.editorconfig`: `indent_style = space`).
""",
     examples=[example({"demo/story.yaml": "kind: story\nid: act-1\ntitle: The Road\nstart: 1\ncards:\n  - id: 1\n\ttitle: The Inn\n    steps:\n      - victory: You reach Paris.\n"}, show={"demo/story.yaml": "kind: story\nid: act-1\ntitle: The Road\nstart: 1\ncards:\n  - id: 1\n→   title: The Inn        # → is a tab character\n    steps:\n      - victory: You reach Paris.\n"})])

code("CF006", "empty-file", E,
     summary="A content file holds no YAML document.",
     template="the file holds no YAML document",
     stage="load",
     explanation="""
A content file holds no YAML document: it is empty, or holds only comments or
`---` separators. Every `*.yaml` and `*.yml` file under a folder you lint is read as
content, so a placeholder file counts too.
""",
     fix="""
Add a document (`kind`, `id` and the rest), or delete the file, or rename it so that
it does not end in `.yaml`/`.yml` (for instance `act2.yaml.draft`).
""",
     examples=[example({"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    steps:
      - victory: You reach Paris.
""", "demo/act2.yaml": "# Act II: still to be written\n"}, show={"demo/act2.yaml": "# Act II: still to be written\n"})])

code("CF007", "forbidden-tag", E,
     summary="A YAML tag asks for something other than plain data.",
     template="the tag {tag} builds something other than plain data",
     stage="load",
     explanation="""
A YAML tag asks for something other than plain data. Content is plain text,
numbers, `true`/`false`, lists and mappings; tags that build objects
(`!!python/object:...`), local tags (`!secret`), and the standard tags that build
sets, ordered maps, pairs or binary data (`!!set`, `!!omap`, `!!pairs`,
`!!binary`) are refused. Tags for plain data (`!!str`, `!!int`, `!!bool`, `!!null`,
`!!seq`, `!!map`, ...) are allowed. The message names the tag; the position is the
tagged value. The file is not checked any further.
""",
     fix="""
Remove the tag and write the value plainly. To force a value to be text, quote it
(`title: "1984"`) rather than tagging it.
""",
     examples=[example({"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: !!python/object:os.system The Inn
    steps:
      - victory: You reach Paris.
"""})])

code("CF008", "alias-expansion", E,
     summary="Anchors and aliases expand too far or refer to themselves.",
     template="{what} ({why})",
     stage="load",
     explanation="""
Anchors (`&name`) and aliases (`*name`) are allowed, but not when:

- an alias refers to a collection that contains it (`an alias refers to a
  collection that contains it (a cycle)`), which would make the data infinite;
- aliases expand the data far beyond what is written, the "billion laughs" pattern
  (`aliases expand this part of the document more than 100 times over (an alias
  bomb)`): a collection may expand to at most 100 times the number of values
  written in the document so far, plus 10,000.

The position is the collection concerned. The file is not checked any further.
""",
     fix="""
Write the data out without the alias. Anchors are meant for sharing a small piece
of data (a step list used on two cards), not for building large or recursive
structures.
""",
     examples=[example({"demo/story.yaml": HEAD + """cards: &cards
  - id: 1
    title: The Inn
    steps:
      - victory: You reach Paris.
  - *cards
"""})])

code("CF009", "too-deep", E,
     summary="Nesting is deeper than cardforge accepts.",
     template="nesting is deeper than {n} levels",
     stage="load",
     explanation="""
Lists and mappings nest deeper than cardforge accepts: more than 64 levels
(`nesting is deeper than 64 levels`, at the first collection too deep; the file is
not checked any further). Real content needs a fraction of that. The limit is
checked as the file is read, so reading stops at the 65th level: a hostile file of
100,000 `[` is refused as fast as a small one (YAML parsers take time that grows with
the square of the nesting).
""",
     fix="""
Flatten the data. Deep nesting in real content usually comes from steps nested in
choices nested in challenges nested in ifs: move the inner part to a card of its
own and `goto` it.
""",
     examples=[example({"demo/story.yaml": HEAD + f"""cards:
  - id: 1
    title: The Inn
    text: {_deep}
    steps:
      - victory: You reach Paris.
"""}, show={"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    text: [[[[[[ ... ]]]]]]        # 70 lists, each inside the one before
    steps:
      - victory: You reach Paris.
"""})])

code("CF010", "no-content", E,
     summary="A folder given to cardforge holds no YAML files.",
     template="no YAML files (*.yaml, *.yml) in this folder",
     stage="load",
     explanation="""
A folder given on the command line holds no `*.yaml` or `*.yml` file, at any depth.
The diagnostic names the folder and has no line or column.
""",
     fix="""
Point cardforge at the folder that holds your packs (`content/`) or at a pack
folder, and check that the files end in `.yaml` or `.yml`.
""",
     examples=[example({}, cmd=("lint", "drafts/"), pack=False, dirs=["drafts"])])

code("CF011", "unknown-suppression", W,
     summary="A `# cardforge:` comment is not a suppression cardforge reads, or names a code that does not exist or "
     "cannot be suppressed.",
     template="{problem}",
     stage="suppress",
     explanation="""
A comment that starts `# cardforge:` is read as a suppression
([suppressions.md](suppressions.md)), and this one cannot be used as written:

- it is not `ignore[...]` or `ignore-file[...]` (`'# cardforge: ignor[CF401]' is not
  a suppression cardforge reads`), or it names nothing in brackets (cardforge has no
  suppression of everything: each comment names the codes it silences);
- a name between the brackets is neither a code nor a rule name (`'CF4O1' is not a
  cardforge diagnostic code or rule name`, with a "did you mean"; names written
  without the comma between them, `ignore[CF401 CF402]`, are read as one name, and
  the message says that names must be separated by commas);
- the code cannot be suppressed: only warnings, and the errors about play (`CF4xx`,
  `CF5xx`, `CF9xx`), can be. Any other error means content that the bundle cannot
  hold or that the runtime refuses (a file not read, a document of the wrong shape, a
  card or a name that does not exist), and `CF011`/`CF012` are about the comments
  themselves.

The position is the comment's `#`, or the name in it. The comment suppresses nothing
it names wrongly; its other names still work.
""",
     fix="""
Correct the spelling (codes are `CF` and three digits: `CF401`, not `CF4O1`; rule
names are the names in brackets in lint's output, such as `unreachable-card`), or
fix the problem itself where it cannot be suppressed.
""",
     examples=[example({"demo/story.yaml": HEAD + """cards:  # cardforge: ignore[CF4O1]
  - id: 1
    title: The Inn
    steps:
      - choice:
          - text: Ride to Paris  # cardforge: ignore[unreachable-crad]
            goto: 2  # cardforge: ignore[CF301]
            # cardforge: ignor[CF401]
            # cardforge: ignore
  - id: 2
    title: The Road to Paris
    steps:
      - victory: You reach Paris.
"""}, after="""
Line 5 spells the code with a letter O; line 10 misspells a rule name; line 11 names
`CF301`, an error the runtime would refuse (a `goto` to a card that does not exist);
line 12 is not `ignore`; line 13 names nothing.
""")])

code("CF012", "unused-suppression", W,
     summary="A suppression comment names a code that nothing it covers reports.",
     template="the suppression of {code} ({name}) suppressed nothing: no {code} is reported {where}",
     stage="suppress",
     explanation="""
A suppression names a code (or rule name) that nothing it covers reports, so it
hides nothing: the problem was fixed, or the comment is on the wrong line. The
position is the name in the comment. The message says which lines the comment
covers: its line and the lines nested under it (`on lines 16-19`, a whole card),
or `in this file` for `ignore-file`.

It is not reported where cardforge cannot tell whether the comment is needed: for a
code of the state explorer (`CF9xx`) unless the explorer ran and proved the story the
comment is in (each story of a file of several on its own; for `ignore-file`, every
story of the file) in this run (so never with `--no-explore`, nor by `cardforge
build`, which does not run it, nor when the budget stops it short of a proof); for a
code of the translation checks (`CF65x`) when they did not run (content with
errors); and in a file that could not be read or holds a document of the wrong shape
(a `CF0xx` or `CF1xx` error), which the later checks skip.
""",
     fix="""
Remove the name from the comment, or the comment if it names nothing else. If the
comment is meant for another line, move it there: at the end of the line the
diagnostic points at, or on the line above the card.
""",
     examples=[example({"demo/story.yaml": """# cardforge: ignore-file[option-never-offered]
""" + HEAD + """cards:
  - id: 1
    title: The Inn  # cardforge: ignore[CF504]
    steps:
      - goto: 2
  # cardforge: ignore[CF401, CF402]
  - id: 2
    title: The Road to Paris
    steps:
      - victory: You reach Paris.
"""}, after="""
Card 2 is reachable and ends in Victory, so the comment above it suppresses neither
CF401 nor CF402; nothing in the file reports CF501 (`option-never-offered`); line 8
sets no flag.
""")])
