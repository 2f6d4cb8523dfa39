"""``cardforge strings export`` and ``cardforge strings import``: string tables for
translators (docs/strings.md). Export writes every player-facing text with its
stable id and source reference as PO, XLIFF 1.2 or CSV; import compiles the content
and writes a bundle whose texts are a locale's translations."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from cardforge_compiler import __version__
from cardforge_compiler.cli.build import no_empty_path
from cardforge_compiler.report import EXIT_CLEAN, EXIT_PROBLEMS, ConfigError, plural, report

if TYPE_CHECKING:
    from cardforge_compiler.pipeline import CompileResult
    from cardforge_compiler.strings.files import Entry

__all__ = ["strings"]

#: ``strings.files.FORMATS`` (not imported: ``cardforge --help`` stays light; a test holds them equal).
_FORMATS = ("po", "xliff", "csv")
#: ``cardforge_runtime.format.LOCALE_PATTERN``, for click's check of ``--locale``.
_LOCALE = r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*"


def _locale(_ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is not None and not re.fullmatch(_LOCALE, value):
        raise click.BadParameter(f"expected a language tag such as fr, pt-BR or pt_BR, not {value!r}", param=param)
    return value


@click.group()
def strings() -> None:
    """String tables for translators: export the texts, import the translations.

    \b
    Example:
      cardforge strings export content/gascony/ --format po -o gascony.pot
      cd content/gascony && cardforge strings export . --locale fr --merge translations/fr.po -o translations/fr.po
      cardforge strings import content/gascony/ content/gascony/translations/fr.po --locale fr -o build/gascony.fr.bundle.json
    """


def _compiled(paths: tuple[str, ...], what: str) -> CompileResult:
    """The content compiled as ``build`` does; content with errors stops here (exit 1)."""
    from cardforge_compiler.pipeline import compile_paths

    no_empty_path(paths)
    result = compile_paths(list(paths))
    if result.errors or result.context_errors:
        report(result, "text")
        click.echo(f"cardforge strings {what}: the content has errors; fix them first", err=True)
        sys.exit(EXIT_PROBLEMS)
    if not any(p.stories for p in result.packs):
        raise ConfigError("no pack with stories found")
    return result


def _read(path: Path) -> tuple[str | None, dict[str, Entry]]:
    """A translation file's stated locale and entries by id; a usage error (exit 2)
    when it cannot be read or gives an id twice."""
    from cardforge_compiler.strings.files import TranslationFileError, format_of, read_table

    if format_of(path) is None:
        raise ConfigError(f"{path}: not a translation file: expected a name ending in .po, .pot, .xlf, .xliff or .csv")
    try:
        stated, entries = read_table(path)
    except TranslationFileError as exc:
        raise ConfigError(f"cannot read {path}{f' (line {exc.line})' if exc.line else ''}: {exc}") from None
    by_id: dict[str, Entry] = {}
    for entry in entries:
        if entry.id in by_id:
            raise ConfigError(f"{path} (line {entry.line}): the id {entry.id!r} is given twice")
        by_id[entry.id] = entry
    return stated, by_id


def _file_locale(path: Path, stated: str | None, given: str | None, what: str) -> str | None:
    """The locale of a translation file's texts: ``--locale`` (``given``), else the
    one the file states (PO ``Language``, XLIFF ``target-language``), else the file's
    name when it is a language tag (``fr.csv``); ``None`` when none of them says.

    Raises:
        ConfigError: the file states a locale other than ``--locale`` (as lint's
            CF653 for a file named after another locale; ``pt_BR`` and ``pt-br`` are
            the same).
    """
    if given and stated and given.replace("_", "-").lower() != stated.replace("_", "-").lower():
        raise ConfigError(f"{path} ({what}) states the locale {stated!r}, not {given!r}: give --locale {stated} "
                          "(or leave --locale out), or correct the file's language (PO Language, XLIFF "
                          "target-language)")
    return given or stated or (path.stem if re.fullmatch(_LOCALE, path.stem) else None)


@strings.command("export")
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option("--format", "fmt", type=click.Choice(_FORMATS),
              help="po (gettext), xliff (XLIFF 1.2) or csv; default: the output's suffix (.po, .pot, .xlf, "
                   ".xliff, .csv), else po.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the table here (atomically) instead of standard output.")
@click.option("--locale", callback=_locale, help="The translations' language (fr); without it, a template.")
@click.option("--merge", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="An earlier translation file: its translations are kept; those whose source text changed "
                   "are marked fuzzy; entries of texts gone are left out.")
@click.option("--source-locale", default="en", show_default=True, callback=_locale,
              help="The authors' language (XLIFF's source-language).")
def export(paths: tuple[str, ...], fmt: str | None, output: Path | None, locale: str | None, merge: Path | None,
           source_locale: str) -> None:
    """Write every player-facing text with its stable id and source reference.

    Ids are pack/story/card/step paths (gascony/act-1/11/choice1/option2),
    unchanged by edits elsewhere (docs/strings.md).

    \b
    Example:
      cardforge strings export content/gascony/ -o gascony.pot
      cardforge strings export content/gascony/ --format xliff --locale fr -o fr.xlf
      cd content/gascony && cardforge strings export . --locale fr --merge translations/fr.po -o translations/fr.po
    """
    from cardforge_compiler.cli.output import check_output, write_output
    from cardforge_compiler.strings.files import Entry, format_of, write_table
    from cardforge_compiler.strings.source import pack_texts, source_lines

    fmt = fmt or (format_of(output) if output is not None else None) or "po"

    if output is not None:
        check_output(output, paths, writes="table", advice="write the string table to a .po, .pot, .xlf, "
                     ".xliff or .csv file")
    old: dict[str, Entry] = {}
    if merge is not None:
        stated, old = _read(merge)
        locale = _file_locale(merge, stated, locale, "--merge")
    result = _compiled(paths, "export")
    entries, projects = [], []
    for pack in result.packs:
        if pack.pack is None or not pack.stories:
            continue
        projects.append(f"{pack.pack.id} {pack.pack.version}")
        texts = pack_texts(pack)
        lines = source_lines(texts, result.files)
        for text in texts:
            entry = Entry(text.slot.id, text.slot.text, refs=[(text.source.rel, lines[text.slot.id])])
            before = old.get(entry.id)
            if locale and before is not None and before.target:
                entry.target, entry.fuzzy = before.target, before.fuzzy or before.source != entry.source
            entries.append(entry)
    try:
        data = write_table(entries, fmt, locale=locale, source_locale=source_locale, project=", ".join(projects))
    except ValueError as exc:
        raise ConfigError(str(exc)) from None
    if output is None:
        click.echo(data.decode("utf-8"), nl=False)
        return
    write_output(output, data)
    done = sum(1 for e in entries if e.target and not e.fuzzy)
    fuzzy = sum(1 for e in entries if e.fuzzy)
    kept = f", locale {locale}: {done} translated, {fuzzy} fuzzy" if locale else ", a template"
    click.echo(f"cardforge strings export: {plural(len(entries), 'text')} of {plural(len(projects), 'pack')} "
               f"-> {output} ({fmt}{kept})", err=True)


@strings.command("import")
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.argument("translations", type=click.Path(exists=True, dir_okay=False, path_type=Path), metavar="TRANSLATIONS")
@click.option("--locale", callback=_locale,
              help="The translations' language (fr); default: the one the file states, else its name.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="Where to write the localised bundle (written atomically).")
@click.option("--pretty", is_flag=True, help="Indent the JSON.")
@click.option("--strict", is_flag=True, help="A missing or stale translation fails (exit 1, no bundle written).")
def import_(paths: tuple[str, ...], translations: Path, locale: str | None, output: Path, pretty: bool,
            strict: bool) -> None:
    """Compile the content into a bundle in another language.

    Each text the file translates is replaced; a text with no translation, or
    a stale or fuzzy one, stays in the source language. The packs translated
    record the locale; the bundle plays as the source one does.

    \b
    Example:
      cardforge strings import content/gascony/ content/gascony/translations/fr.po --locale fr -o build/gascony.fr.bundle.json
      cardforge play build/gascony.fr.bundle.json --story act-1
    """
    from cardforge_compiler.cli.output import check_output, write_output
    from cardforge_compiler.emit import build_bundle, bundle_bytes
    from cardforge_compiler.strings.localise import localise

    stated, entries = _read(translations)
    locale = _file_locale(translations, stated, locale, "TRANSLATIONS")
    if locale is None:
        raise ConfigError(f"{translations} states no locale: give one with --locale (fr, pt-BR)")
    no_empty_path(paths)
    check_output(output, paths, writes="bundle", advice="write the bundle elsewhere")
    result = _compiled(paths, "import")
    bundle = build_bundle(result.packs, __version__)
    outcome = localise(bundle, entries, locale)
    click.echo(f"cardforge strings import: locale {locale}: {outcome.translated} of "
               f"{plural(outcome.total, 'text')} translated; {len(outcome.missing)} missing, "
               f"{len(outcome.stale)} stale or fuzzy (left in the source language); "
               f"{len(outcome.unknown)} unknown {'id' if len(outcome.unknown) == 1 else 'ids'}", err=True)
    if strict and (outcome.missing or outcome.stale):
        click.echo("build failed: no bundle written (--strict; `cardforge lint` with the file in the pack's "
                   "translations/ folder lists each)", err=True)
        sys.exit(EXIT_PROBLEMS)
    data = bundle_bytes(bundle, pretty=pretty)
    write_output(output, data)
    digest = json.loads(data)["content_hash"]
    click.echo(f"  bundle: {output} ({len(data):,} bytes, {digest[:19]}...)", err=True)
    sys.exit(EXIT_CLEAN)
