"""CF6xx: card text against the card's steps (stage ``resolve``); CF650-CF659 a pack's
translations against its texts (stage ``translations``, docs/strings.md).

Each ``code(...)`` is one diagnostic code with all its data (see ``codes/__init__.py``:
how to add a code)."""

from cardforge_compiler.codes._registry import E, W, code, example
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


# CF650-CF659: a pack's translations (translations/*.po, .xlf, .csv) against its texts.
#: The story of the translation examples: one card, four texts.
STRINGS_STORY = HEAD + """cards:
  - id: 1
    title: The Inn
    steps:
      - victory: You reach Paris.
"""

code("CF650", "missing-translation", W,
     summary="A text of the content has no translation in a translation file of its pack.",
     template="no '{locale}' translation of '{id}': {file} {why}",
     stage="translations",
     explanation="""
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
""",
     fix="""
Translate the text in the file. `cardforge strings export PACK --locale fr --merge
PACK/translations/fr.po -o PACK/translations/fr.po` rewrites the file with an entry
for every text of the pack, keeping the translations it has; then fill in the empty
ones (or hand the file to your translators' tool). `cardforge strings import` leaves
an untranslated text in the source language.
""",
     examples=[example({"demo/story.yaml": STRINGS_STORY, "demo/translations/fr.csv": """id,source,target
demo/title,Demo Pack,Pack de démonstration
demo/act-1/title,The Road,La Route
demo/act-1/1/title,The Inn,L'Auberge
"""}, only=["demo/story.yaml", "demo/translations/fr.csv"], after="""
This is a warning: `cardforge lint` fails on it only with `--strict`, so a
translation in progress does not stop the build.
""")])

code("CF651", "stale-translation", W,
     summary="A translation was made for other source text than the content now has, or is marked for review (fuzzy).",
     template="the '{locale}' translation of '{id}' {problem}",
     stage="translations",
     explanation="""
The file translates this id, but not the text the content has now: the entry's source
text (PO `msgid`, XLIFF `<source>`, CSV `source`) differs from the text, because the
text was edited after it was translated; or the entry is marked for review (PO's
`fuzzy` flag, an XLIFF `<target>` in a `needs-review-...` state, CSV `status` `fuzzy`),
which `strings export --merge` sets on every entry whose source text changed. The
diagnostic points at the entry in the translation file; the message quotes both
source texts.
""",
     fix="""
Check the translation against the new text and update it; then bring the entry's
source up to date and clear the mark: `cardforge strings export ... --merge` writes
the new source and marks the entry fuzzy, and your editor (or removing the `#, fuzzy`
line) clears it. Until then `cardforge strings import` leaves the text in the source
language, as gettext does.
""",
     examples=[example({"demo/story.yaml": STRINGS_STORY, "demo/translations/fr.po": """msgctxt "demo/title"
msgid "Demo Pack"
msgstr "Pack de démonstration"

msgctxt "demo/act-1/title"
msgid "The Road"
msgstr "La Route"

msgctxt "demo/act-1/1/title"
msgid "The Inn"
msgstr "L'Auberge"

msgctxt "demo/act-1/1/victory1"
msgid "You reach Rome."
msgstr "Vous atteignez Rome."
"""}, only=["demo/story.yaml", "demo/translations/fr.po"])])

code("CF652", "unknown-translation", W,
     summary="A translation file has an entry for a text the content does not have.",
     template="'{id}' names no text of pack '{pack}'",
     stage="translations",
     explanation="""
An entry of the translation file has an id that names no text of the pack: the text
was removed, or moved so that its id changed (a card renumbered, a step turned into
another kind; [strings.md](strings.md#ids) says what an id is made of). Its
translation is used nowhere. Entries of stories that were not linted (single files
named) are not judged.
""",
     fix="""
Delete the entry, or re-export the file with `--merge`, which writes only the pack's
current texts. If the text moved, carry its translation over to the entry of its new
id.
""",
     examples=[example({"demo/story.yaml": STRINGS_STORY, "demo/translations/fr.csv": """id,source,target
demo/title,Demo Pack,Pack de démonstration
demo/act-1/title,The Road,La Route
demo/act-1/1/title,The Inn,L'Auberge
demo/act-1/1/victory1,You reach Paris.,Vous atteignez Paris.
demo/act-1/2/title,The Bastille,La Bastille
"""}, only=["demo/translations/fr.csv"])])

code("CF653", "bad-translation-file", E,
     summary="A translation file cannot be read: not UTF-8, not well-formed for its format, or an id given twice.",
     template="{problem}",
     stage="translations",
     explanation="""
A file of the pack's `translations/` folder cannot be used: it is not UTF-8, it is not
well-formed for its format (a PO string with an unescaped quote, XML that does not
parse, an XLIFF that is not version 1.2, a CSV without the `id`, `source` and `target`
columns or with a row of the wrong length), it states another locale than its name
(PO `Language`, XLIFF `target-language`), it gives an id twice, or its name is not a
language tag. Nothing else of the file is compared until it is fixed. An XLIFF file
may not declare a DOCTYPE or entities.
""",
     fix="""
Fix the file where the message says, or export a fresh one with `cardforge strings
export` (always well-formed) and carry the translations over. Name each file after its
language tag: `fr.po`, `pt-BR.xlf`, `de.csv`.
""",
     examples=[example({"demo/story.yaml": STRINGS_STORY, "demo/translations/fr.po": """msgctxt "demo/title"
msgid "Demo Pack"
msgstr "Pack de démonstration"

msgctxt "demo/act-1/title"
msgid "The Road"
msgstr "La "Route""
"""}, only=["demo/translations/fr.po"])])
