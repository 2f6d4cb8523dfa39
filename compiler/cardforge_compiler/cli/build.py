"""``cardforge lint`` and ``cardforge build``: check content, and compile it into a
bundle (written atomically; never over a file that is not a bundle)."""

from __future__ import annotations

import contextlib
import json
import sys
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

import click

from cardforge_compiler import __version__
from cardforge_compiler.report import EXIT_CLEAN, EXIT_PROBLEMS, FORMATS, ConfigError, plural, report, summary

if TYPE_CHECKING:
    from cardforge_compiler.cache import ContentCache
    from cardforge_compiler.pipeline import CompileResult

__all__ = ["build", "content_cache", "folder", "lint", "no_empty_path"]


def no_empty_path(paths: tuple[str, ...]) -> None:
    """An empty ``PATH`` (``cardforge lint "$DIR"`` with ``DIR`` unset) is a usage
    error: ``Path("")`` is the current folder, which would be read in its place."""
    if any(not given for given in paths):
        raise ConfigError("an empty PATH was given: name the content's files or folders (`.` for the current folder)")


def folder(_ctx: click.Context, param: click.Parameter, value: str | None) -> Path | None:
    """The click callback of a folder option (``--witness-dir``, ``--transcripts``):
    its text as a ``Path``; an empty one is a usage error (``Path("")`` would be the
    current folder, written into in its place)."""
    if value is None:
        return None
    if not value:
        raise click.BadParameter("an empty folder name: give a folder (`.` for the current one)", param=param)
    return Path(value)


def _failed(result: CompileResult, strict: bool) -> bool:
    return bool(result.errors) or (strict and bool(result.warnings))


FORMAT = click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True,
                      help="text for people, concise for one line each, json for tools, github for Actions "
                           "annotations, sarif for code scanning (docs/diagnostics.md).")
STRICT = click.option("--strict", is_flag=True, help="Warnings fail too (exit 1).")
NO_CACHE = click.option("--no-cache", is_flag=True,
                        help="Load and validate every file again, without the cache (.cardforge-cache/, docs/watch.md).")


def content_cache(no_cache: bool) -> ContentCache | None:
    """The content-hash cache of ``lint`` and ``build`` (docs/watch.md), or ``None``
    with ``--no-cache``."""
    if no_cache:
        return None
    from cardforge_compiler.cache import ContentCache, default_root

    return ContentCache(default_root())


@click.command()
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@FORMAT
@STRICT
# the default is explore.stage.DEFAULT_LINT_BUDGET (not imported: --help stays light; tests/test_cli.py holds them equal)
@click.option("--explore-budget", type=click.IntRange(1, 100_000_000), default=1_500, show_default=True,
              help="The most states the state explorer plays in all stories together (docs/explore.md).")
@click.option("--no-explore", is_flag=True, help="Skip the state explorer (CF9xx): the graph checks only.")
@NO_CACHE
@click.option("--exit-zero", is_flag=True,
              help="Exit 0 even when problems are found (still 2 on a usage error): report without failing.")
def lint(paths: tuple[str, ...], fmt: str, strict: bool, explore_budget: int, no_explore: bool,
         no_cache: bool, exit_zero: bool) -> None:
    """Check content files and folders; report every problem.

    Content without errors is then played by the state explorer, within
    --explore-budget states (CF9xx: stuck choices, options never offered,
    cards never drawn... each with a witness; cardforge explore goes further).

    \b
    Example:
      cardforge lint content/
      cardforge lint content/gascony/act1.yaml --format json
      cardforge lint content/ --explore-budget 20000
      cardforge lint content/ --format sarif --exit-zero > cardforge.sarif
    """
    no_empty_path(paths)
    with _collector_paused():
        from cardforge_compiler.pipeline import compile_paths
        from cardforge_compiler.progress import progress

        with progress(fmt) as bar:
            result = compile_paths(list(paths), explore_budget=None if no_explore else explore_budget,
                                   cache=content_cache(no_cache), progress=bar)
        report(result, fmt)
    sys.exit(EXIT_PROBLEMS if _failed(result, strict) and not exit_zero else EXIT_CLEAN)


@click.command()
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="Where to write the bundle (written atomically).")
@click.option("--pretty", is_flag=True, help="Indent the JSON (bigger; same content hash).")
@FORMAT
@STRICT
@NO_CACHE
def build(paths: tuple[str, ...], output: Path, pretty: bool, fmt: str, strict: bool, no_cache: bool) -> None:
    """Lint, then compile the content into one JSON bundle.

    On failure no bundle is written, and an older bundle at OUTPUT is removed so
    that nothing stale is left behind.

    \b
    Example:
      cardforge build content/ -o build/gascony.bundle.json
      cardforge build content/ -o build/gascony.bundle.json --format sarif > build.sarif
    """
    with _collector_paused():
        _build(paths, output, pretty, fmt, strict, no_cache)


def _collector_paused() -> contextlib.AbstractContextManager[None]:
    """The cyclic garbage collector paused for a whole ``lint`` or ``build``
    (``load.gc_paused``), from the imports of the stages to the report or the
    bundle, not only inside each stage: the imports (pydantic models, networkx)
    make many objects too, which it would scan about a hundred times, and between
    stages it would rescan what the last one built. About 0.1 s of a 10k-card build
    (``make bench``)."""
    from cardforge_compiler.load import gc_paused

    return gc_paused()


def _build(paths: tuple[str, ...], output: Path, pretty: bool, fmt: str, strict: bool, no_cache: bool) -> None:
    from cardforge_compiler.emit import build_bundle, bundle_bytes, bundle_chunks
    from cardforge_compiler.pipeline import compile_paths
    from cardforge_compiler.progress import progress

    no_empty_path(paths)
    from cardforge_compiler.cli.output import check_output, write_output

    check_output(output, paths, writes="bundle", advice="write the bundle elsewhere")
    with progress(fmt) as bar:
        result = compile_paths(list(paths), cache=content_cache(no_cache), progress=bar)
    if fmt not in ("text", "concise") or result.diagnostics or result.context_errors:
        report(result, fmt)
    if not result.errors and not any(p.stories for p in result.packs):
        raise ConfigError("nothing to build: no pack with stories found")
    # A bundle holds the pack's board whole: errors in the pack's other files fail it too.
    if _failed(result, strict) or result.context_errors:
        removed = ""
        if _is_bundle(output):
            output.unlink()
            removed = f"; removed the stale {output}"
        click.echo(f"build failed: no bundle written{removed}", err=True)
        sys.exit(EXIT_PROBLEMS)
    if pretty:
        data: bytes | list[bytes] = bundle_bytes(build_bundle(result.packs, __version__), pretty=True)
    else:
        data = bundle_chunks(result.packs, __version__)
    size = len(data) if isinstance(data, bytes) else sum(map(len, data))
    head = data if isinstance(data, bytes) else data[0]
    digest = json.loads(head + (b"" if isinstance(data, bytes) else b"}"))["content_hash"]
    write_output(output, data)
    _campaign_notes(result)
    if fmt in ("text", "concise"):
        s = summary(result)
        click.echo(f"cardforge build: {plural(s['packs'], 'pack')}, {plural(s['stories'], 'story')}, "
                   f"{plural(s['cards'], 'card')}")
        click.echo(f"  checks run:  {s['checks_run']}")
        suppressed = f" ({len(result.suppressed)} suppressed)" if result.suppressed else ""
        click.echo(f"  diagnostics: {plural(s['errors'], 'error')}, {plural(s['warnings'], 'warning')}{suppressed}")
        click.echo(f"  bundle:      {output} ({size:,} bytes, {digest[:19]}...)")


def _campaign_notes(result: CompileResult) -> None:
    """On stderr, a note for each pack whose campaign the bundle leaves out: single
    files named hold only some of its stories (``emit.campaign_left_out``)."""
    from cardforge_compiler.emit import campaign_left_out

    for pack in result.packs:
        missing = campaign_left_out(pack)
        if missing and pack.pack is not None and pack.manifest is not None:
            folder = PurePosixPath(pack.manifest.source.display).parent
            click.echo(f"note: the campaign of pack '{pack.pack.id}' is left out of the bundle: it plays "
                       f"{', '.join(repr(s) for s in missing)}, not in the files named; build the pack folder "
                       f"({folder}) to include it", err=True)


def _is_bundle(path: Path) -> bool:
    """Whether ``path`` is a file that a cardforge build wrote (``cli.output.is_bundle``)."""
    from cardforge_compiler.cli.output import is_bundle

    return is_bundle(path)
