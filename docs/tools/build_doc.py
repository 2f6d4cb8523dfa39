"""Generate docs/diagnostics.md from the diagnostics registry (cardforge_compiler.codes:
each code's prose and examples), each example run through the real `cardforge lint`
so that the page shows exact output.

    .venv/bin/python docs/tools/build_doc.py           # rewrite docs/diagnostics.md
    .venv/bin/python docs/tools/build_doc.py --check   # exit 1 if it is out of date (a test runs this)
"""
import os
import sys
sys.path.insert(0, os.path.dirname(__file__))
from cardforge_compiler.codes import CODES
from cardforge_compiler.codes._demo import PACK
from run import run_all

res = run_all()
problems = []

INTRO = r'''# Diagnostics

Every problem `cardforge` finds in content is a **diagnostic** with a stable code
(`CF301`), a short name (`unknown-card`) and a severity. This page explains how
diagnostics are reported and documents every code: what it means, an example that
triggers it with the exact output, and how to fix it.

Codes are grouped by the stage of the compiler that reports them:

| codes | about | stage |
|---|---|---|
| `CF0xx` | reading files and YAML; `CF011`-`CF012`: suppression comments ([suppressions.md](suppressions.md)) | `load` (`CF011`-`CF012`: `suppress`, last) |
| `CF1xx` | the shape of each document, against the schemas | `validate` (`CF109`: `resolve`; `CF110`: `pack`) |
| `CF2xx` | conditions, flags and counters named in steps | `resolve` |
| `CF3xx` | references between cards, stories and the pack manifest | `resolve` |
| `CF4xx` | the story graph: reachability, dead ends, loops | `analyse` |
| `CF5xx` | flags, counters and choices | `analyse` |
| `CF6xx` | card text against the steps of the same card | `resolve` |
| `CF650`-`CF659` | a pack's translations (`translations/*.po`, `.xlf`, `.csv`) against its texts, see [strings.md](strings.md) | `translations` |
| `CF7xx` | battle boards: components, terrain keywords, terrain tiles, battle layouts | `board` |
| `CF801`-`CF819` | names of Enemies, Named Enemies, decks, cards, abilities and terrain | `pack` |
| `CF820`-`CF839` | Enemies, Named Enemies, Threat decks and decks: their composition and per-player counts | `board` (`CF825`: `validate`) |
| `CF9xx` | what play can reach: stuck choices, options never offered, cards never drawn, endings never reached, state traps; each with a witness | `explore` |

The stages run in order: **load** (find and parse the YAML files), **validate**
(check each document against the format), **resolve** (group documents into packs,
index cards, parse conditions, check references), **board** (once per pack: the names
and geometry of its board documents), **analyse** (follow the flow inside every card
and the graph of every story), then **explore** (`cardforge lint` only, on content
without errors: the state explorer plays every story within a budget of states, see
[explore.md](explore.md#findings)); last, **translations** compares the files of
each pack's `translations/` folder with its texts (content without errors only; see
[strings.md](strings.md)). A file that cannot be loaded, or a
document that fails validation, is left out of the later stages, so fixing the
first errors can reveal more.

Each fault is reported once: the same diagnostic is not repeated (an error inside
an anchored piece of YAML that several aliases reuse is reported once, at the
anchor), and a diagnostic that only restates another one about the same fault is
left out (see `CF501` and `CF502`).

A code is never reused: when a check is retired its code stays retired, so a code
you look up always means what it meant when it was reported.

This page is generated (`make docs`) from cardforge's diagnostics registry, the
package `cardforge_compiler.codes` (one module per family of codes: each code's name,
severity, first version, message template, explanation, example and fix, in one
place), and every example below is run through the real `cardforge lint`.

## Severities

- **error**: the content is wrong or unplayable. `cardforge lint` exits with 1 and
  `cardforge build` writes no bundle.
- **warning**: probably a mistake, but the content can be played (a step that never
  runs, a flag nobody reads). Warnings do not fail `lint` or `build` unless you pass
  `--strict`.

Each code has one fixed severity, given in its section below.

## Reading a diagnostic

In the default text output, each diagnostic takes two to five lines:

```
demo/story.yaml:13:19: CF301 error: card 3 does not exist in story 'act-1' [unknown-card]
  at card 1: steps[0].choice[1].goto
  help: did you mean 2?
  = see: https://github.com/cardforge/cardforge/blob/main/docs/diagnostics.md#cf301-unknown-card
```

- `demo/story.yaml:13:19` is the file, as you named it on the command line (relative
  paths stay relative), then the 1-based line and column. The line and column are
  left out when the problem concerns a whole file or folder (`CF001`, `CF010`).
- `CF301` is the code and `error` the severity, then the message, then the
  rule's name in brackets.
- `at ...` (when present) is where the problem lies inside its YAML document:
  keys joined with `.`, list positions (0-based) in brackets. Inside a story card,
  the card is named by its printed number, then the path within it: `at card 1:
  steps[0].choice[1].goto` is the `goto` of the second option of the first step of
  card 1 (`at card 11` alone points at the card's `id`). In an Enemy or deck
  document (a file holds several), the document and the card are named first:
  `at Threat deck 'Rochefort', card 'Feint': threat[0].activate.enemy` (`--format
  json` keeps the data path, `cards[2].threat[0].activate.enemy`). Elsewhere the path
  starts at the root of the document that holds the problem (`at players.min`).
- `help: ...` (when present) is a hint: a "did you mean", the allowed values, or
  what to write instead.
- `= see: ...` (always, last) links the code's section of this page.
  `cardforge explain CF301` (or `cardforge explain unknown-card`, in any case) prints
  the same section in the terminal: severity, the version the code was first reported
  in, what it means, its example and how to fix it (`--format json` for tools;
  `cardforge explain --list` lists every code). A name or code that does not exist is
  a usage error (exit 2) with a "did you mean".

Diagnostics are sorted by file, line, column and code. After them, `lint` prints a
summary line:

```
1 error, 0 warnings in 2 files (1 story, 2 cards, 15 checks run)
```

or `no problems in ...` when there is nothing to report; `(2 suppressed)` follows the
counts when [suppression comments](suppressions.md) hid some diagnostics. Then a last line says what
the state explorer did: which stories it proved (explored to the end, so its
findings hold for every line of play) and where the budget stopped it, or why it did
not run:

```
state explorer: 1,500 states; 4 stories proven; not proven: act-1, act-2 (stopped at their share of the budget); `cardforge explore PATH --story ID` goes further
state explorer: not run: the content has errors; fix them first
```

`--no-explore` leaves out the explorer (and this line); `--explore-budget N` sets the
number of states it explores in all. On a terminal, the output is coloured.

A finding of the state explorer (`CF9xx`) has one more line, its **witness**: the
shortest line of play that shows it, replayable with `cardforge play --answers`
(`cardforge explore --witness-dir DIR` writes the answers files):

```
  witness: 4 answers from the start, Solo Play (Athos, Porthos); `cardforge explore --witness-dir DIR` writes them for `cardforge play --answers`
```

### Single files

A file you name (`cardforge lint content/gascony/act1.yaml`) is checked against its
whole pack, the one whose `pack.yaml` is in its folder or above it: cardforge reads
the pack's other files too, as the file's *context* (the manifest, the components,
terrain keywords, terrain tiles and Battle layouts, and the other stories: a story's
`battle: {layout: ...}` finds its layout, a layout linted alone knows the Battles
that use it). The diagnostics reported are those of the files you named, and those
of the `pack.yaml` (as when linting the pack: the manifest is part of every check);
each is exactly what linting the whole pack says about that file. The other files'
diagnostics are not reported, and do not fail `lint`; when they hold errors, a last
line says so:

```
note: 1 error in content/gascony/layouts/carmes-deschaux-courtyard.yaml, read as the context of the files named, not shown: lint the pack folder to see them
```

With `--format github` the note is a `::notice::`; with `--format json`, the count is
`summary.context_errors`. A file both named and in another named file's pack is read
and checked once.
`cardforge build` of single files writes the stories of the files named, with the
pack's whole board (its components, terrain and every layout), Enemies and decks;
errors in the context fail the build too. The pack's campaign is written only when
the files named hold all its stories; otherwise the bundle has none (`campaign:
null`, so that it loads and plays: `cardforge play --story`) and a note on stderr
says so:

```
note: the campaign of pack 'gascony' is left out of the bundle: it plays 'act-2', 'act-3', 'act-4', not in the files named; build the pack folder (content/gascony) to include it
```

## Machine-readable output

`cardforge lint` and `cardforge build` take `--format text` (the default, shown on
this page), `concise`, `json`, `github` or `sarif`. Whatever the format, the exit code
is the same (see [Exit codes](#exit-codes)); `cardforge lint --exit-zero` exits with
0 even when it finds problems (still 2 on a usage error), for a CI step that only
reports, such as a code scanning upload:

```sh
cardforge lint content/ --format concise
cardforge lint content/ --format sarif --exit-zero > cardforge.sarif
```

### `--format concise`

One line per diagnostic, `file:line:col: CODE message` (`file: CODE message` for a
problem of a whole file), without the `at`, `help` and `witness` lines, then the same
summary lines as the text format:

```
demo/story.yaml:13:19: CF301 card 3 does not exist in story 'act-1'
1 error, 0 warnings in 2 files (1 story, 2 cards, 15 checks run)
state explorer: not run: the content has errors; fix them first
```

### `--format json`

`cardforge lint --format json` (and `build --format json`) prints one JSON object,
described by the JSON Schema `schemas/lint-report.schema.json` (published beside the
content schemas, generated by `cardforge schema`):

```json
{
  "version": 1,
  "summary": {
    "files": 2,
    "packs": 1,
    "stories": 1,
    "cards": 2,
    "checks_run": 15,
    "errors": 1,
    "warnings": 0,
    "context_errors": 0
  },
  "diagnostics": [
    {
      "code": "CF301",
      "name": "unknown-card",
      "severity": "error",
      "message": "card 3 does not exist in story 'act-1'",
      "file": "demo/story.yaml",
      "line": 13,
      "column": 19,
      "path": "cards[0].steps[0].choice[1].goto",
      "card": 1,
      "hint": "did you mean 2?",
      "url": "https://github.com/cardforge/cardforge/blob/main/docs/diagnostics.md#cf301-unknown-card"
    }
  ]
}
```

- `version` is the version of this report format (currently `1`).
- `summary`: `files` (the content files checked: those you named, and the `pack.yaml`
  of their packs), `packs` (packs with a valid manifest), `stories`, `cards`,
  `checks_run` (one schema validation per document, plus each pack check once per
  pack and each story check once per story), `errors`, `warnings`, and
  `context_errors`: the errors in the other files of a named file's pack, read as
  its context and not reported (see [Single files](#single-files)).
- `diagnostics`, in the same order as the text output; each has `code`, `name`,
  `severity` (`"error"` or `"warning"`), `message`, `file`, `line`, `column`,
  `path` (the data path from the document's root, such as
  `cards[0].steps[0].choice[1].goto`), `card` (the printed number of the story card
  the problem lies in; the text output's `at` line names it, `at card 11:
  steps[0].choice[1].goto`), `hint` and `url` (the code's section of this page).
  `line`, `column`, `path`, `card` and `hint` are `null` when there is none; `file` is `null` only for a problem that
  concerns no file. A finding of the state explorer (`CF9xx`) also has `witness`:
  `{"setup": {"players": 1, "characters": ["Athos", "Porthos"], "seed": 0,
  "battles": "table"}, "answers": [{}, {"option": 2}, {}, {}]}`, the setup and the
  answers of the shortest line of play that shows it (every die given as faces),
  which `cardforge play --players 1 --characters Athos,Porthos --seed 0 --battles
  table --answers FILE` replays; `CF907` (about every line of play) has none, nor a
  `CF903` whose cards leading in are never drawn either (their own `CF903` has one).
- `exploration` (`lint` only, unless `--no-explore`): `skipped` (why the explorer did
  not run, such as `"the content has errors; fix them first"`, else `null`) and
  `stories`, one per story explored: `pack`, `story`, `states` (states explored),
  `complete` (not stopped by the budget), `proven` (its findings hold for every line
  of play) and `summary` (`"explored 41 states in 5 setups (140 answers); exploration
  complete"`).

### `--format github`

`--format github` prints one GitHub Actions workflow command per diagnostic, so that
problems show up as annotations on the pull request's files:

```
::error file=demo/story.yaml,line=13,col=19,title=CF301 unknown-card::card 3 does not exist in story 'act-1' (help: this story's cards are 1, 2)
```

Warnings use `::warning`. The hint is appended to the message in parentheses. There
is no summary line.

GitHub shows at most 10 annotations of each type from one step (and 50 from one job),
and drops the rest without a word. So cardforge writes the errors first, at most 10,
then at most 10 warnings, and groups every diagnostic left over in one notice with
its count by code:

```
::notice title=cardforge::5 more problems not annotated (GitHub shows at most 10 errors and 10 warnings of a step): 2 CF301 unknown-card, 1 CF405 unreachable-step, 2 CF505 unused-name; the step summary lists them all
```

When `GITHUB_STEP_SUMMARY` is set (as in every Actions step), cardforge also appends
to that file a Markdown summary shown on the run's page: the verdict line, a table of
counts by code (how many were annotated) and every diagnostic (the first 1,000) in
the text format's first line, inside a code block. A step writes at most 22
annotations (10 errors, 10 warnings, 2 notices), so a job keeps to GitHub's 50 with
two cardforge steps.

### `--format sarif`

`--format sarif` prints one [SARIF 2.1.0](https://docs.oasis-open.org/sarif/sarif/v2.1.0/)
log, the format GitHub code scanning and SARIF viewers read; the tests validate it
against the OASIS schema. Upload it in a workflow:

```yaml
- run: cardforge lint content/ --format sarif --exit-zero > cardforge.sarif
- uses: github/codeql-action/upload-sarif@v3
  with:
    sarif_file: cardforge.sarif
```

The log holds one run:

- `tool.driver`: `name` `cardforge`, its `version`, and `rules`: every code, in code
  order (so `ruleIndex` is stable), each with `id` (`CF301`), `name`
  (`unknown-card`), `shortDescription` (the summary), `fullDescription`, `helpUri`
  (its section of this page:
  `https://github.com/cardforge/cardforge/blob/main/docs/diagnostics.md#cf301-unknown-card`),
  `help` and `defaultConfiguration.level` (`error` or `warning`).
- `results`, one per diagnostic in the order of the text output: `ruleId`,
  `ruleIndex`, `level`, `message.text` (the hint appended as `(help: ...)`), and a
  location: `artifactLocation.uri` relative to `%SRCROOT%` (the folder cardforge runs
  in, percent-encoded: run it from the repository's root), a `region` with 1-based
  `startLine` and `startColumn` (the same numbers as `file:line:col`; columns count
  characters: the run's `columnKind` is `unicodeCodePoints`) and the field path as a
  logical location (`card 1: steps[0].choice[1].goto`). `properties` holds `name`,
  `path`, `card`, `hint` and a state explorer finding's `witness`, as in `--format
  json`. A file outside the current folder is named by its `file:` URI. A problem of
  a whole folder or a missing path (`CF001`, `CF010`) has no `region`.
- `partialFingerprints.cardforgeFingerprint/v1`: a SHA-256 of the code, the file,
  where in the document (the card by its printed number) and the message with the
  positions it quotes masked, then `:1` (`:2` for a second alike problem). It does
  not change from run to run, nor when lines are added or removed elsewhere in the
  file, so code scanning follows an alert as the file is edited.
- `invocations`: `executionSuccessful: true` (problems found are results, not a
  failure), with the summary line, the state explorer's line and the note on
  context files as notifications; `properties.summary` holds the counts of `--format
  json`.

The same input gives the same bytes: no time and no absolute path of the current
folder in the log. Every rule is listed whether or not it is reported, about 130 KB;
each result adds about 1.3 KB. GitHub rejects a log of more than 25,000 results or
over 10 MB gzipped: fix the content's errors first, or lint and upload a smaller
part at a time.

### Text from the content

Messages quote what authors wrote (names, keys, option text, file names). In the
`text`, `concise` and `github` formats that text is shown, never obeyed: control characters
(line breaks, ESC, CR, other C0 and C1 characters, U+2028/U+2029) appear escaped
(`\n`, `\x1b`), so a quoted text stays on its diagnostic's line, and no output
line begins with author text (a file path that starts with punctuation is shown as
`./path`). An option text with a second line `::error file=README.md,line=1::...`
cannot forge a GitHub Actions annotation.

## Exit codes

Every `cardforge` command exits with:

| code | meaning |
|---|---|
| `0` | no problems (warnings allowed, unless `--strict`); with `cardforge lint --exit-zero`, problems or not |
| `1` | problems found: at least one error, or at least one warning with `--strict` |
| `2` | usage or configuration error (unknown option, missing argument, nothing to build, output not writable), or an internal error of cardforge (reported in one line; set `CARDFORGE_DEBUG=1` to see the traceback) |

Commands that need content (`graph`, `path`) exit with 2 when a path given is
missing or holds no YAML. `cardforge play` adds `3` (the story got stuck: a content
error); see [runtime.md](runtime.md#cardforge-play). `130` when interrupted with
Ctrl-C. `120` when standard output cannot be written, as Python's own exit gives: a
pipe whose reader is gone (`cardforge explore content/ | head -1`: nothing more is
said) or a full disk (`> /dev/full`: one line on standard error, `cardforge: cannot
write the output: No space left on device`). `cardforge build` exits with 1 and writes no
bundle when `lint` would fail with the same options; it also removes an older
bundle at the output path, so that no stale bundle is left behind.

## The examples

Each example below is a pack folder `demo/` linted with `cardforge lint demo/`. Unless
the example says otherwise, `demo/pack.yaml` is this manifest:

```yaml
''' + PACK + '''```

The output shown is cardforge's real output for the example (the summary line is
left out). Some examples also show diagnostics of other codes that the same fault
causes; the notes say why.
'''

out = [INTRO]
for code, rule in CODES.items():
    if not (rule.stage and rule.explanation and rule.fix):
        problems.append(f"no prose for {code}")
        continue
    if not rule.examples:
        problems.append(f"no example for {code}")
        continue
    c, r = rule.examples[0], res[code]
    if f": {code} " not in r["diag"]:
        problems.append(f"{code}: example does not trigger it:\n{r['diag']}")
    out.append(f"## {code} {rule.name}\n")
    out.append(f"Severity: {rule.severity.value}. Stage: {rule.stage}. Since: cardforge {rule.since}.\n")
    out.append(f"{rule.summary}\n")
    out.append("### What it means\n")
    out.append(rule.explanation + "\n")
    out.append("### Example\n")
    files = c.files
    if not files:
        if c.dirs:
            out.append(f"An empty folder `{c.dirs[0]}/`:\n")
        else:
            out.append("A mistyped path:\n")
    else:
        names = list(c.only or files)
        if c.note:
            out.append(c.note + "\n")
        if not c.pack:
            out.append("A pack folder without `pack.yaml`:\n")
        for name in names:
            shown = c.show.get(name, files[name] if isinstance(files[name], str) else None)
            if len(names) > 1 or c.only or code in ("CF006",):
                out.append(f"`{name}`:\n")
            if code == "CF006" and name != "demo/act2.yaml":
                out.append("(a valid story)\n")
                continue
            fence = {".po": "po", ".csv": "csv", ".xlf": "xml"}.get(os.path.splitext(name)[1], "yaml")
            out.append(f"```{fence}\n" + shown + "```\n")
    cmd = "cardforge " + " ".join(c.cmd)
    out.append("```\n$ " + cmd + "\n" + r["diag"] + "\n```\n")
    if c.after:
        out.append(c.after + "\n")
    out.append("### How to fix\n")
    out.append(rule.fix + "\n")

text = "\n".join(out).rstrip("\n") + "\n"
TARGET = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "diagnostics.md")
if "--check" in sys.argv:
    with open(TARGET, encoding="utf-8") as handle:
        if handle.read() != text:
            sys.exit("docs/diagnostics.md is out of date: run `make docs`")
else:
    with open(TARGET, "w", encoding="utf-8") as handle:
        handle.write(text)
print("\n".join(problems) or "ok")
if problems:
    sys.exit(1)
