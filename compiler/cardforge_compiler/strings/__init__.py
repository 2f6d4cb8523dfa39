"""String tables for translators (``cardforge strings``, docs/strings.md).

- :mod:`.table`: every player-facing text of a pack with its stable id
  (``gascony/act-1/11/choice1/option2``) and the data path it comes from, walked
  over the bundle's shape, so that export, import and lint read the same texts;
- :mod:`.files`: the translation files: PO (polib), XLIFF 1.2 and CSV, written and
  read back;
- :mod:`.localise`: a bundle's texts replaced by a locale's translations;
- the lint check (CF650-CF659) is :mod:`cardforge_compiler.checks.translations`,
  the commands :mod:`cardforge_compiler.cli.strings`.
"""
