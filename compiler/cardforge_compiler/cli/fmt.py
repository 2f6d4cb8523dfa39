"""``cardforge fmt``: lay content files out canonically (:mod:`cardforge_compiler.fmt`),
in place, or ``--check`` / ``--diff`` without writing (docs/fmt.md)."""

from __future__ import annotations

import sys
from pathlib import Path, PurePosixPath

import click

from cardforge_compiler.report import EXIT_CLEAN, EXIT_PROBLEMS, ConfigError, plural, shown

__all__ = ["fmt"]


def _files(paths: tuple[str, ...]) -> list[tuple[Path, str]]:
    """The files to format, as ``(path, shown name)``, sorted by folder given, without
    duplicates: a folder's ``*.yaml``/``*.yml`` files (recursively), a file as named
    (one that is not ``.yaml``/``.yml``, such as a translation handed over by
    pre-commit, is skipped by the caller). A path that does not exist is a usage error."""
    from cardforge_compiler.load import not_a_file

    out: dict[Path, tuple[Path, str]] = {}
    for given in paths:
        if not given:
            raise ConfigError("an empty PATH was given: name the content's files or folders (`.` for the current folder)")
        root = Path(given)
        shown_root = PurePosixPath(root.as_posix())
        problem = not_a_file(root)
        if problem is not None:
            raise ConfigError(f"{given}: {problem}")
        if root.is_dir():
            found = sorted(p for p in root.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())
            for p in found:
                out.setdefault(p.resolve(), (p, str(shown_root / p.relative_to(root).as_posix())))
        else:
            out.setdefault(root.resolve(), (root, str(shown_root)))
    return list(out.values())


@click.command("fmt")
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option("--check", is_flag=True, help="Write nothing; list the files that would change and exit 1 if any.")
@click.option("--diff", is_flag=True, help="Write nothing; print a unified diff of what would change (exit 1 if any).")
def fmt(paths: tuple[str, ...], check: bool, diff: bool) -> None:
    """Lay content files out canonically, keeping every comment.

    Indentation of 2 (list items at 4, dash at 2), the keys of each mapping in the
    order the content model lists them (kind, id, name first), comments, block
    scalars and quotes kept. What lint and the bundle see never changes: the result
    is loaded again and compared with the original before it is written, and so is
    what each `# cardforge: ignore[...]` comment covers. A YAML file with no
    cardforge document (no `kind:` naming a cardforge kind) is left alone, a file
    that is not YAML (.yaml, .yml) is skipped; a file that does not load is left
    alone and reported (exit 1). Files are written atomically, keeping their
    permissions.

    \b
    Example:
      cardforge fmt content/
      cardforge fmt --check content/
      cardforge fmt --diff content/gascony/act1.yaml
    """
    import difflib

    from cardforge_compiler.emit import write_atomically
    from cardforge_compiler.fmt import FormatError, format_text
    from cardforge_compiler.load import SourceFile
    from cardforge_compiler.load import _decode as decode

    changed: list[str] = []
    failed = unchanged = 0
    for path, name in _files(paths):
        if path.suffix.lower() not in (".yaml", ".yml"):
            click.echo(f"{shown(name)}: not a YAML file (.yaml, .yml): skipped", err=True)
            unchanged += 1
            continue
        try:
            mode = path.stat().st_mode
            raw = path.read_bytes()
        except OSError as exc:
            click.echo(f"{shown(name)}: cannot read: {exc.strerror or exc}", err=True)
            failed += 1
            continue
        text, problems = decode(SourceFile(path=path, display=name), raw)    # as lint reads it
        if text is None:
            where = "".join(f":{n}" for n in (problems[0].line, problems[0].column) if n is not None)
            click.echo(f"{shown(name)}{where}: cannot format: {shown(problems[0].message)}; left unchanged", err=True)
            failed += 1
            continue
        try:
            result = format_text(text)
        except FormatError as exc:
            where = "".join(f":{n}" for n in (exc.line, exc.column) if n is not None)
            explains = f" (cardforge lint {shown(name)} explains)" if exc.lint_explains else ""
            click.echo(f"{shown(name)}{where}: cannot format: {shown(exc.message)}; left unchanged{explains}",
                       err=True)
            failed += 1
            continue
        if not result.content or result.text.encode("utf-8") == raw:
            unchanged += 1
            continue
        changed.append(name)
        if diff:
            lines = difflib.unified_diff(text.splitlines(keepends=True), result.text.splitlines(keepends=True),
                                         fromfile=name, tofile=name)
            click.echo("".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"
                               for line in lines), nl=False)
        elif check:
            click.echo(f"would reformat {shown(name)}", err=True)
        else:
            try:
                write_atomically(path, result.text.encode("utf-8"), mode=mode)
            except OSError as exc:
                raise ConfigError(f"cannot write {name}: {exc.strerror or exc}") from None
            click.echo(f"reformatted {shown(name)}", err=True)
    verb = "would be reformatted" if check or diff else "reformatted"
    parts = [f"{plural(len(changed), 'file')} {verb}", f"{unchanged} left unchanged"]
    if failed:
        parts.append(f"{failed} could not be formatted")
    click.echo(", ".join(parts), err=True)
    sys.exit(EXIT_PROBLEMS if failed or ((check or diff) and changed) else EXIT_CLEAN)
