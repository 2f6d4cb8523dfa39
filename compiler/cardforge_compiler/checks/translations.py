"""Translations against the content (stage ``translations``; docs/strings.md).

A pack's translations live in its ``translations/`` folder, one file per locale,
named after it: ``translations/fr.po``, ``translations/pt-BR.xlf``,
``translations/de.csv`` (``.pot`` templates are not translations and are skipped).
``cardforge lint`` reads every such file of every pack it checks, once the content
has no errors, and compares it with the pack's texts (:mod:`cardforge_compiler.strings.table`):

- CF650 a text has no translation (no entry, or an empty one), at the text; when
  single files are checked, only the texts of those files are judged (the pack's
  title only when its ``pack.yaml`` is one of them);
- CF651 a translation was made for other source text (the entry's source differs
  from the text now) or is marked for review (fuzzy), at the entry;
- CF652 an entry's id names no text of the pack (removed, or its id changed), at the
  entry; entries of a story not compiled (single files checked) are not judged;
- CF653 the file cannot be read, states another locale than its name, or gives an
  id twice.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from cardforge_runtime.format import LOCALE_PATTERN

from cardforge_compiler.checks import check
from cardforge_compiler.diagnostics import Diagnostic
from cardforge_compiler.resolve import PackIR

__all__ = ["TRANSLATIONS_FOLDER", "TranslationJob", "translation_files", "translations"]

#: The folder of a pack (beside its ``pack.yaml``) that holds its translations.
TRANSLATIONS_FOLDER = "translations"


@dataclass(frozen=True)
class TranslationJob:
    """One translation file of a pack to check: ``path`` (to open), ``display`` (as
    diagnostics show it: beside the pack manifest's display path) and ``locale``
    (the file name without its suffix)."""

    pack: PackIR
    path: Path
    display: str
    locale: str


def translation_files(pack: PackIR) -> list[TranslationJob]:
    """The translation files of a pack's ``translations/`` folder, sorted by name
    (none when the pack has no valid manifest or no such folder)."""
    from cardforge_compiler.strings.files import format_of

    if pack.root is None or pack.manifest is None or pack.pack is None:
        return []
    folder = pack.root / TRANSLATIONS_FOLDER
    try:
        names = sorted(p for p in folder.iterdir() if format_of(p) and p.suffix.lower() != ".pot")
    except OSError:
        return []
    shown = PurePosixPath(pack.manifest.source.display).parent / TRANSLATIONS_FOLDER
    return [TranslationJob(pack, p, (shown / p.name).as_posix(), p.stem) for p in names]


@check("translations", "CF650", "CF651", "CF652", "CF653")
def translations(job: TranslationJob) -> Iterator[Diagnostic]:
    """Compare one translation file with its pack's texts (see the module)."""
    from cardforge_compiler.strings.files import TranslationFileError, read_table
    from cardforge_compiler.strings.source import pack_texts

    def at(line: int) -> dict:
        return {"file": job.display, "line": line or None, "column": 1 if line else None}

    folder = PurePosixPath(job.display).parent.parent.as_posix()
    merge = f"cardforge strings export {folder} --locale {job.locale} --merge {job.display} -o {job.display}"
    if not re.fullmatch(LOCALE_PATTERN, job.locale):
        yield Diagnostic("CF653", f"'{job.path.name}' is not named after a locale", **at(0),
                         hint="name each translation file after its language tag: translations/fr.po, "
                              "translations/pt-BR.xlf")
        return
    try:
        stated, entries = read_table(job.path)
    except TranslationFileError as exc:
        yield Diagnostic("CF653", f"cannot read the '{job.locale}' translations: {exc}", **at(exc.line),
                         hint="fix the file where it says (PO: each string in double quotes, a quote inside written "
                              "\\\"); `cardforge strings export` writes well-formed files")
        return
    if stated and stated.replace("_", "-").lower() != job.locale.replace("_", "-").lower():
        yield Diagnostic("CF653", f"the file states the locale '{stated}' but is named for '{job.locale}'", **at(1),
                         hint=f"rename the file to {stated}{job.path.suffix}, or correct its language")
    by_id = {}
    for entry in entries:
        if entry.id in by_id:
            yield Diagnostic("CF653", f"the id '{entry.id}' is given twice (first at line {by_id[entry.id].line})",
                             **at(entry.line), hint="keep one entry per id: delete one of them")
            continue
        by_id[entry.id] = entry
    texts = pack_texts(job.pack)
    for text in texts:
        if text.source.context or text.source.implied:  # single files checked: only their texts are judged
            continue
        slot, entry = text.slot, by_id.get(text.slot.id)
        if entry is None or not entry.target:
            why = "has no entry for it" if entry is None else f"leaves it empty (line {entry.line})"
            yield Diagnostic("CF650", f"no '{job.locale}' translation of '{slot.id}': {job.display} {why}",
                             file=text.source.display, doc=text.doc, path=slot.path, card=slot.card,
                             hint=f"translate it in {job.display} (`{merge}` adds the entries the file lacks)")
        elif entry.fuzzy:
            yield Diagnostic("CF651", f"the '{job.locale}' translation of '{slot.id}' is marked for review (fuzzy)",
                             **at(entry.line), hint="check the translation against the source text, then remove "
                                                    "the fuzzy mark")
        elif entry.source != slot.text:
            yield Diagnostic("CF651", f"the '{job.locale}' translation of '{slot.id}' was made for other source text: "
                             f"{_brief(entry.source)}; the text is now {_brief(slot.text)}", **at(entry.line),
                             hint=f"update the translation, then its source (`{merge}` does it and marks the entry "
                                  "fuzzy)")
    known = {text.slot.id for text in texts}
    unjudged = tuple(f"{job.pack.pack.id}/{story.id}/" for story in job.pack.context_stories)  # type: ignore[union-attr]
    for entry in by_id.values():
        if entry.id not in known and not entry.id.startswith(unjudged or ("\0",)):
            yield Diagnostic("CF652", f"'{entry.id}' names no text of pack '{job.pack.pack.id}'",  # type: ignore[union-attr]
                             **at(entry.line),
                             hint="the text was removed or its id changed (docs/strings.md, Ids): delete the "
                                  "entry, or export again with --merge, which leaves it out")


def _brief(text: str, width: int = 60) -> str:
    """A text quoted, cut to ``width`` characters."""
    return repr(text if len(text) <= width else text[: width - 3] + "...")
