"""``cardforge schema`` and ``cardforge check-bundle``: the published formats, the
content schemas generated from the model and a bundle checked as the runtime
checks it."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from cardforge_compiler.report import EXIT_CLEAN, EXIT_PROBLEMS, ConfigError, plural, safe_lead, shown

__all__ = ["check_bundle", "schema"]


@click.command()
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("schemas"),
              show_default=True, help="Folder to write the schemas into.")
@click.option("--check", is_flag=True, help="Write nothing; exit 1 if the files differ from the models.")
def schema(out_dir: Path, check: bool) -> None:
    """Generate the JSON Schemas (draft 2020-12) from the content model.

    \b
    Example:
      cardforge schema --out schemas/
      cardforge schema --out schemas/ --check
    """
    from cardforge_compiler.emit import write_atomically
    from cardforge_compiler.schema import generate_schemas, schema_bytes

    stale = []
    for name, body in generate_schemas().items():
        target = out_dir / name
        data = schema_bytes(body)
        current = target.read_bytes() if target.is_file() else None
        if current == data:
            continue
        stale.append(name)
        if not check:
            try:
                write_atomically(target, data)
            except OSError as exc:
                raise ConfigError(f"cannot write {target}: {exc.strerror or exc}") from None
            click.echo(f"wrote {target}", err=True)
    if check and stale:
        click.echo(f"out of date: {', '.join(stale)} (run: cardforge schema --out {out_dir})", err=True)
        sys.exit(EXIT_PROBLEMS)
    if not stale:
        click.echo(f"schemas in {out_dir} are up to date", err=True)


@click.command("check-bundle")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
def check_bundle(file: Path, fmt: str) -> None:
    """Check a bundle against the schema and the runtime.

    Any bundle: one cardforge built, one edited by hand, or another tool's. The
    schema first (every violation), then everything the runtime checks when it loads
    a bundle (load_bundle), so that a valid bundle is one `cardforge play` accepts.

    Prints each problem, then "FILE: valid" or "FILE: N problems" on stdout.
    Exit code 0 valid, 1 problems, 2 usage error.

    \b
    Example:
      cardforge check-bundle build/gascony.bundle.json
      cardforge check-bundle build/gascony.bundle.json --format json
    """
    from cardforge_compiler.bundle_check import check_bundle_file

    problems = check_bundle_file(file)
    if fmt == "json":
        click.echo(json.dumps({"file": str(file), "valid": not problems, "problems": problems}, indent=2,
                              ensure_ascii=True))
    else:
        where = safe_lead(str(file))
        for problem in problems[:50]:
            click.echo(f"{where}: {shown(problem['path'])}: {shown(problem['message'])}")
        if len(problems) > 50:
            click.echo(f"... and {len(problems) - 50} more")
        click.echo(f"{where}: {'valid' if not problems else plural(len(problems), 'problem')}")
    sys.exit(EXIT_PROBLEMS if problems else EXIT_CLEAN)
