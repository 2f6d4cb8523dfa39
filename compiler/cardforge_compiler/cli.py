"""The ``cardforge`` command line (click): lint, build, graph, path, schema,
check-bundle, and play (from :mod:`cardforge_compiler.play`).

Every command that reads content takes it as ``PATH...`` arguments. Output formats
and exit codes are :mod:`cardforge_compiler.report`'s: 0 clean; 1 problems found
(errors, or warnings with ``--strict``); 2 usage, configuration or internal error;
130 interrupted (``play`` adds 3, a stuck story). Heavy modules (pydantic, networkx,
jsonschema-rs, ruamel.yaml) are imported inside the commands, so that
``cardforge --help`` and ``--version`` start fast.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any, NoReturn

import click

from cardforge_compiler import __version__
from cardforge_compiler.play import play
from cardforge_compiler.report import (
    EXIT_CLEAN,
    EXIT_INTERRUPTED,
    EXIT_PROBLEMS,
    EXIT_USAGE,
    FORMATS,
    ConfigError,
    plural,
    report,
    safe_lead,
    shown,
    summary,
    text_lines,
)

if TYPE_CHECKING:
    from cardforge_compiler.pipeline import CompileResult

__all__ = ["main"]


def _compile(paths: tuple[str, ...]) -> CompileResult:
    from cardforge_compiler.pipeline import compile_paths

    return compile_paths(list(paths))


def _failed(result: CompileResult, strict: bool) -> bool:
    return bool(result.errors) or (strict and bool(result.warnings))


FORMAT = click.option("--format", "fmt", type=click.Choice(FORMATS), default="text",
                      show_default=True, help="text for people, json for tools, github for Actions annotations.")
STRICT = click.option("--strict", is_flag=True, help="Warnings fail too (exit 1).")


# ------------------------------------------------------------------- commands
@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, "-V", "--version", prog_name="cardforge")
def cli() -> None:
    """cardforge: validate, compile and bundle story-card content.

    \b
    Example:
      cardforge lint content/
      cardforge build content/ -o build/gascony.bundle.json
      cardforge play build/gascony.bundle.json --story act-1
    """
    import os

    if os.environ.get("NO_COLOR"):  # https://no-color.org: no colour, even on a terminal
        click.get_current_context().color = False


@cli.command()
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@FORMAT
@STRICT
def lint(paths: tuple[str, ...], fmt: str, strict: bool) -> None:
    """Check content files and folders; report every problem.

    \b
    Example:
      cardforge lint content/
      cardforge lint content/gascony/act1.yaml --format json
    """
    result = _compile(paths)
    report(result, fmt)
    sys.exit(EXIT_PROBLEMS if _failed(result, strict) else EXIT_CLEAN)


@cli.command()
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="Where to write the bundle (written atomically).")
@click.option("--pretty", is_flag=True, help="Indent the JSON (bigger; same content hash).")
@FORMAT
@STRICT
def build(paths: tuple[str, ...], output: Path, pretty: bool, fmt: str, strict: bool) -> None:
    """Lint, then compile the content into one JSON bundle.

    On failure no bundle is written, and an older bundle at OUTPUT is removed so
    that nothing stale is left behind.

    \b
    Example:
      cardforge build content/ -o build/gascony.bundle.json
    """
    from cardforge_compiler.emit import build_bundle, bundle_bytes, bundle_chunks, write_atomically

    _check_output(output, paths)
    result = _compile(paths)
    if fmt != "text" or result.diagnostics:
        report(result, fmt)
    if not result.errors and not any(p.stories for p in result.packs):
        raise ConfigError("nothing to build: no pack with stories found")
    if _failed(result, strict):
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
    try:
        write_atomically(output, data)
    except OSError as exc:
        raise ConfigError(f"cannot write {output}: {exc.strerror or exc}") from None
    if fmt == "text":
        s = summary(result)
        click.echo(f"cardforge build: {plural(s['packs'], 'pack')}, {plural(s['stories'], 'story')}, "
                   f"{plural(s['cards'], 'card')}")
        click.echo(f"  checks run:  {s['checks_run']}")
        click.echo(f"  diagnostics: {plural(s['errors'], 'error')}, {plural(s['warnings'], 'warning')}")
        click.echo(f"  bundle:      {output} ({size:,} bytes, {digest[:19]}...)")


def _inputs_exist(result: CompileResult, paths: tuple[str, ...]) -> None:
    """For commands that need content (``graph``, ``path``): a path given that is
    missing or holds no YAML is a usage error (exit 2)."""
    given = {PurePosixPath(Path(p).as_posix()).as_posix() for p in paths}
    missing = [d for d in result.diagnostics if d.code in ("CF001", "CF010") and d.line is None and d.file in given]
    if missing:
        for diag in missing:
            click.echo(text_lines(diag), err=True)
        sys.exit(EXIT_USAGE)


def _check_output(output: Path, inputs: tuple[str, ...]) -> None:
    """Refuse an output path that is not a plain file, or that is one of the inputs."""
    if output.exists() and not output.is_file():
        raise ConfigError(f"{output} exists and is not a regular file: choose another output path")
    if output.is_file():
        target = output.resolve()
        for given in inputs:
            root = Path(given).resolve()
            if target == root or (root.is_dir() and root in target.parents and target.suffix in (".yaml", ".yml")):
                raise ConfigError(f"{output} is one of the content files: write the bundle elsewhere")
        if not _is_bundle(output):
            raise ConfigError(f"{output} exists and is not a cardforge bundle: refusing to replace it "
                              f"(delete it first, or choose another path)")


def _is_bundle(path: Path) -> bool:
    """Whether ``path`` is a file that a cardforge build wrote (so it may be replaced or removed)."""
    try:
        with path.open("rb") as handle:
            head = handle.read(4096)
    except OSError:
        return False
    return path.is_file() and b'"cardforge-bundle"' in head


def _lint_hint(result: CompileResult, paths: tuple[str, ...]) -> str:
    """``; the content has 2 errors ...: run cardforge lint PATH`` when a story may be
    missing because it failed to load, else ``""``."""
    if not result.errors:
        return ""
    return (f"; the content has {plural(len(result.errors), 'error')} and a story that fails to load is left out: "
            f"run cardforge lint {' '.join(paths)}")


def _find_story(result: CompileResult, paths: tuple[str, ...], story_id: str | None, card: int | None = None) -> Any:
    """The story the user named (``--story``), the one holding ``card``, or the only
    story of the content. Raises ``ConfigError`` (exit 2) naming the stories there are,
    a near miss, and ``cardforge lint`` when the content has errors."""
    from cardforge_compiler.diagnostics import did_you_mean

    stories = [s for p in result.packs for s in p.stories]
    known = ", ".join(shown(s.id) for s in stories) or "none"
    if story_id is not None and all(s.id != story_id for s in stories):
        hint = did_you_mean(story_id, [s.id for s in stories])
        raise ConfigError(f"no story {story_id!r} (stories: {known}){'; ' + hint if hint else ''}"
                          f"{_lint_hint(result, paths)}")
    if card is not None:
        holders = [s for s in stories if card in s.cards]
        for story in holders:
            if story_id is None or story.id == story_id:
                return story
        if holders:
            raise ConfigError(f"card {card} is in story '{shown(holders[0].id)}', not '{shown(story_id or '')}'")
        ids = [c for s in stories for c in s.cards]
        hint = did_you_mean(card, ids) or ""
        raise ConfigError(f"no story card {card} in the content{'; ' + hint if hint else ''}{_lint_hint(result, paths)}")
    if story_id is None:
        if len(stories) != 1:
            raise ConfigError(f"name the story with --story (stories: {known}){_lint_hint(result, paths)}")
        return stories[0]
    return next(s for s in stories if s.id == story_id)


@cli.command()
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option("--story", "story_id", help="The story's id, e.g. act-1 (not needed when the content has one story).")
@click.option("--format", "fmt", type=click.Choice(["dot", "mermaid"]), default="mermaid", show_default=True)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), help="Write to a file, not stdout.")
def graph(paths: tuple[str, ...], story_id: str | None, fmt: str, output: Path | None) -> None:
    """Draw a story's card graph (edges labelled with choice text or outcome).

    \b
    Example:
      cardforge graph content/ --story act-1 --format dot | dot -Tsvg > act-1.svg
      cardforge graph content/ --story act-1 --format mermaid
      cardforge graph tests/golden/ok-minimal/
    """
    from cardforge_compiler.emit import write_atomically
    from cardforge_compiler.export import to_dot, to_mermaid

    result = _compile(paths)
    _inputs_exist(result, paths)
    story = _find_story(result, paths, story_id)
    text = (to_dot if fmt == "dot" else to_mermaid)(story.analysis)
    if output:
        write_atomically(output, text.encode("utf-8"))
    else:
        click.echo(text, nl=False)
    if result.errors:
        click.echo(f"note: the content has {plural(len(result.errors), 'error')} (run cardforge lint "
                   f"{' '.join(paths)})", err=True)


@cli.command()
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option("--card", "card", required=True, help="The story card to reach, e.g. 14.")
@click.option("--story", "story_id", help="Only look in this story.")
def path(paths: tuple[str, ...], card: str, story_id: str | None) -> None:
    """Show a shortest way from the story's start to a card, to test it by hand.

    Conditions met on the way are shown; they are not solved for.

    \b
    Example:
      cardforge path content/ --card 14
      cardforge path content/gascony/ --card 14 --story act-1
    """
    from cardforge_compiler.analyse import witness_path

    if not re.fullmatch(r"[1-9][0-9]{0,8}", card):
        raise ConfigError(f"{card!r} is not a card id: card ids are numbers such as 14")
    target = int(card)
    result = _compile(paths)
    _inputs_exist(result, paths)
    story = _find_story(result, paths, story_id, target)
    analysis = story.analysis
    steps = witness_path(analysis, target)
    if steps is None:
        click.echo(f"card {target} cannot be reached from the start card {story.model.start} of story "
                   f"'{shown(story.id)}'")
        sys.exit(EXIT_PROBLEMS)
    click.echo(f"story '{shown(story.id)}': card {target} is {plural(len(steps) - 1, 'step')} from the start card "
               f"{story.model.start}")
    for card_id, edge in steps:
        click.echo(f"  {card_id}  {shown(story.cards[card_id].model.title)}")
        if edge is not None:
            how = {"goto": "go on", "option": "choose", "pass": "pass", "fail": "fail", "objective": "meet objective",
                   "then": "condition holds", "else": "condition fails"}[edge["via"]]
            label = f" \"{shown(edge['label'])}\"" if edge["via"] in ("option", "objective") else (
                f" ({shown(edge['label'])})" if edge["label"] else "")
            needs = ""
            if edge["conditions"]:
                needs = "  [needs " + shown(" and ".join(_condition_text(c) for c in edge["conditions"])) + "]"
            click.echo(f"      -> {how}{label}{needs}")
    if result.errors:
        click.echo(f"note: the content has {plural(len(result.errors), 'error')} (run cardforge lint "
                   f"{' '.join(paths)})", err=True)


def _condition_text(tree: dict) -> str:
    op = tree["op"]
    if op == "const":
        value = tree["value"]
        return json.dumps(value) if isinstance(value, (bool, str)) else str(value)
    if op == "name":
        return tree["name"]
    if op == "not":
        return f"not {_condition_text(tree['arg'])}"
    if op in ("and", "or"):
        return "(" + f" {op} ".join(_condition_text(a) for a in tree["args"]) + ")"
    if op == "call":
        return f"{tree['name']}(" + ", ".join(_condition_text(a) for a in tree["args"]) + ")"
    return f"{_condition_text(tree['left'])} {op} {_condition_text(tree['right'])}"


@cli.command()
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


@cli.command("check-bundle")
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


cli.add_command(play)


def main() -> NoReturn:
    """Console entry point: run the CLI with cardforge's exit codes.

    0 clean, 1 problems, 2 usage, configuration or internal error (one line, never
    a traceback; ``CARDFORGE_DEBUG=1`` shows it), 130 interrupted (Ctrl-C). click's
    own handling would exit 1 on Ctrl-C, like "problems found".
    """
    import os

    try:
        code = cli.main(standalone_mode=False)
    except SystemExit:
        raise
    except click.ClickException as exc:     # usage errors (2) and ConfigError (2)
        exc.show()
        sys.exit(exc.exit_code)
    except (KeyboardInterrupt, click.Abort) as exc:
        if isinstance(exc, click.Abort) and not isinstance(exc.__cause__ or exc.__context__, KeyboardInterrupt):
            click.echo("input closed", err=True)       # end of input at a click prompt
            sys.exit(EXIT_PROBLEMS)
        click.echo("interrupted", err=True)
        sys.exit(EXIT_INTERRUPTED)
    except Exception as exc:  # noqa: BLE001 - the last line of defence
        if os.environ.get("CARDFORGE_DEBUG"):
            raise
        click.echo(f"cardforge: internal error: {type(exc).__name__}: {shown(str(exc))} "
                   f"(this is a bug in cardforge; CARDFORGE_DEBUG=1 shows the traceback)", err=True)
        sys.exit(EXIT_USAGE)
    sys.exit(code if isinstance(code, int) else EXIT_CLEAN)
