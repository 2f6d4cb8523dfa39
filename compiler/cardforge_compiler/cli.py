"""The ``cardforge`` command line (click).

Exit codes, for every command: 0 clean; 1 problems found (errors, or warnings with
``--strict``); 2 usage, configuration or internal error. Heavy modules (pydantic,
networkx, jsonschema, ruamel.yaml) are imported inside the commands, so that
``cardforge --help`` and ``--version`` start fast.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import click

from cardforge_compiler import __version__

if TYPE_CHECKING:
    from cardforge_compiler.diagnostics import Diagnostic
    from cardforge_compiler.pipeline import CompileResult

__all__ = ["main"]

EXIT_CLEAN, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2


class ConfigError(click.ClickException):
    """A usage or configuration error: exit code 2 (click's own exit 1 would look
    like "problems found")."""

    exit_code = EXIT_USAGE


def _compile(paths: tuple[str, ...]) -> CompileResult:
    from cardforge_compiler.pipeline import compile_paths

    return compile_paths(list(paths))


# ------------------------------------------------------------------ reporting
_COLOURS = {"error": "red", "warning": "yellow"}


def _text(diag: Diagnostic) -> str:
    where = diag.file or "<input>"
    if diag.line is not None:
        where += f":{diag.line}:{diag.column}"
    severity = click.style(diag.severity.value, fg=_COLOURS[diag.severity.value], bold=True)
    out = f"{click.style(where, bold=True)}: {click.style(diag.code, bold=True)} {severity}: {diag.message} [{diag.name}]"
    if diag.path:
        out += f"\n  at {diag.field_path()}"
    if diag.hint:
        out += f"\n  {click.style('help', fg='cyan')}: {diag.hint}"
    return out


def _github(diag: Diagnostic) -> str:
    def esc(text: str) -> str:
        return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")

    def prop(text: str) -> str:
        return esc(text).replace(":", "%3A").replace(",", "%2C")

    props = [f"file={prop(diag.file)}"] if diag.file else []
    if diag.line is not None:
        props += [f"line={diag.line}", f"col={diag.column}"]
    props.append(f"title={diag.code} {diag.name}")
    message = diag.message + (f" (help: {diag.hint})" if diag.hint else "")
    return f"::{diag.severity.value} {','.join(props)}::{esc(message)}"


def _summary(result: CompileResult) -> dict[str, int]:
    return {
        "files": len(result.files),
        "packs": sum(1 for p in result.packs if p.manifest is not None),
        "stories": result.story_count,
        "cards": result.card_count,
        "checks_run": result.checks_run,
        "errors": len(result.errors),
        "warnings": len(result.warnings),
    }


def _plural(n: int, word: str) -> str:
    """``1 story``, ``2 stories``, ``3 successes``, ``4 coins``: a count and its noun."""
    if n == 1:
        return f"{n} {word}"
    if word.endswith("y"):
        return f"{n} {word[:-1]}ies"
    return f"{n} {word}es" if word.endswith("s") else f"{n} {word}s"


def _report(result: CompileResult, fmt: str) -> None:
    if fmt == "json":
        payload = {"version": 1, "summary": _summary(result),
                   "diagnostics": [d.to_dict() for d in result.diagnostics]}
        click.echo(json.dumps(payload, indent=2, ensure_ascii=False))
        return
    if fmt == "github":
        for diag in result.diagnostics:
            click.echo(_github(diag))
        return
    for diag in result.diagnostics:
        click.echo(_text(diag))
    s = _summary(result)
    verdict = "no problems" if not result.diagnostics else f"{_plural(s['errors'], 'error')}, {_plural(s['warnings'], 'warning')}"
    click.echo(f"{verdict} in {_plural(s['files'], 'file')} ({_plural(s['stories'], 'story')}, "
               f"{_plural(s['cards'], 'card')}, {_plural(s['checks_run'], 'check')} run)")


def _failed(result: CompileResult, strict: bool) -> bool:
    return bool(result.errors) or (strict and bool(result.warnings))


FORMAT = click.option("--format", "fmt", type=click.Choice(["text", "json", "github"]), default="text",
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
    _report(result, fmt)
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
        _report(result, fmt)
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
        data: bytes | list[bytes] = bundle_bytes(build_bundle(result.packs, result.analyses, __version__), pretty=True)
    else:
        data = bundle_chunks(result.packs, result.analyses, __version__)
    size = len(data) if isinstance(data, bytes) else sum(map(len, data))
    head = data if isinstance(data, bytes) else data[0]
    digest = json.loads(head + (b"" if isinstance(data, bytes) else b"}"))["content_hash"]
    try:
        write_atomically(output, data)
    except OSError as exc:
        raise ConfigError(f"cannot write {output}: {exc.strerror or exc}") from None
    if fmt == "text":
        s = _summary(result)
        click.echo(f"cardforge build: {_plural(s['packs'], 'pack')}, {_plural(s['stories'], 'story')}, "
                   f"{_plural(s['cards'], 'card')}")
        click.echo(f"  checks run:  {s['checks_run']}")
        click.echo(f"  diagnostics: {_plural(s['errors'], 'error')}, {_plural(s['warnings'], 'warning')}")
        click.echo(f"  bundle:      {output} ({size:,} bytes, {digest[:19]}...)")


def _inputs_exist(result: CompileResult) -> None:
    """For commands that need content: stop when a path given is missing or empty."""
    missing = [d for d in result.diagnostics if d.code in ("CF001", "CF010") and d.line is None]
    if missing:
        for diag in missing:
            click.echo(_text(diag), err=True)
        sys.exit(EXIT_PROBLEMS)


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


def _find_story(result: CompileResult, story_id: str | None, card: int | None = None) -> Any:
    from cardforge_compiler.diagnostics import did_you_mean

    stories = [s for p in result.packs for s in p.stories]
    if story_id is not None and all(s.id != story_id for s in stories):
        hint = did_you_mean(story_id, [s.id for s in stories])
        known = ", ".join(s.id for s in stories) or "none"
        raise ConfigError(f"no story {story_id!r} (stories: {known}){'; ' + hint if hint else ''}")
    if card is not None:
        holders = [s for s in stories if card in s.cards]
        for story in holders:
            if story_id is None or story.id == story_id:
                return story
        if holders:
            raise ConfigError(f"card {card} is in story '{holders[0].id}', not '{story_id}'")
        ids = [c for s in stories for c in s.cards]
        hint = did_you_mean(card, ids) or ""
        raise ConfigError(f"no story card {card} in the content{'; ' + hint if hint else ''}")
    return next(s for s in stories if s.id == story_id)


@cli.command()
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option("--story", "story_id", required=True, help="The story's id, e.g. act-1.")
@click.option("--format", "fmt", type=click.Choice(["dot", "mermaid"]), default="mermaid", show_default=True)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), help="Write to a file, not stdout.")
def graph(paths: tuple[str, ...], story_id: str, fmt: str, output: Path | None) -> None:
    """Draw a story's card graph (edges labelled with choice text or outcome).

    \b
    Example:
      cardforge graph content/ --story act-1 --format dot | dot -Tsvg > act-1.svg
      cardforge graph content/ --story act-1 --format mermaid
    """
    from cardforge_compiler.emit import write_atomically
    from cardforge_compiler.export import to_dot, to_mermaid

    result = _compile(paths)
    _inputs_exist(result)
    story = _find_story(result, story_id)
    text = (to_dot if fmt == "dot" else to_mermaid)(result.analyses[id(story)])
    if output:
        write_atomically(output, text.encode("utf-8"))
    else:
        click.echo(text, nl=False)
    if result.errors:
        click.echo(f"note: the content has {_plural(len(result.errors), 'error')} (run cardforge lint)", err=True)


@cli.command()
@click.argument("card", type=str)
@click.option("--content", "paths", multiple=True, default=["content"], show_default=True,
              help="Content file or folder (repeatable).")
@click.option("--story", "story_id", help="Only look in this story.")
def path(card: str, paths: tuple[str, ...], story_id: str | None) -> None:
    """Show a shortest way from the story's start to CARD, to test it by hand.

    Conditions met on the way are shown; they are not solved for.

    \b
    Example:
      cardforge path 14
      cardforge path 14 --content content/gascony
    """
    from cardforge_compiler.analyse import witness_path

    if not re.fullmatch(r"[1-9][0-9]{0,8}", card):
        raise ConfigError(f"'{card}' is not a card id: card ids are numbers such as 14")
    target = int(card)
    result = _compile(paths)
    _inputs_exist(result)
    story = _find_story(result, story_id, target)
    analysis = result.analyses[id(story)]
    steps = witness_path(analysis, target)
    if steps is None:
        click.echo(f"card {target} cannot be reached from the start card {story.model.start} of story '{story.id}'")
        sys.exit(EXIT_PROBLEMS)
    click.echo(f"story '{story.id}': card {target} is {_plural(len(steps) - 1, 'step')} from the start card "
               f"{story.model.start}")
    for card_id, edge in steps:
        click.echo(f"  {card_id}  {story.cards[card_id].model.title}")
        if edge is not None:
            how = {"goto": "go on", "option": "choose", "pass": "pass", "fail": "fail", "objective": "meet objective",
                   "then": "condition holds", "else": "condition fails"}[edge["via"]]
            label = f" \"{edge['label']}\"" if edge["via"] in ("option", "objective") else (
                f" ({edge['label']})" if edge["label"] else "")
            needs = ""
            if edge["conditions"]:
                needs = "  [needs " + " and ".join(_condition_text(c) for c in edge["conditions"]) + "]"
            click.echo(f"      -> {how}{label}{needs}")
    if result.errors:
        click.echo(f"note: the content has {_plural(len(result.errors), 'error')} (run cardforge lint)", err=True)


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
    """Validate a bundle (ours, hand-edited or another tool's) against the bundle schema.

    \b
    Example:
      cardforge check-bundle build/gascony.bundle.json
    """
    from cardforge_compiler.bundle_check import check_bundle_file

    problems = check_bundle_file(file)
    if fmt == "json":
        click.echo(json.dumps({"file": str(file), "valid": not problems, "problems": problems}, indent=2))
    else:
        for problem in problems[:50]:
            click.echo(f"{file}: {problem['path']}: {problem['message']}")
        if len(problems) > 50:
            click.echo(f"... and {len(problems) - 50} more")
        click.echo(f"{file}: {'valid' if not problems else _plural(len(problems), 'problem')} "
                   f"(bundle schema)", err=not problems)
    sys.exit(EXIT_PROBLEMS if problems else EXIT_CLEAN)


@cli.command()
@click.argument("bundle", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--story", "story_id", help="The story to play, e.g. act-1 (not needed with --resume).")
@click.option("--players", type=int, help="Number of players (default: the pack's minimum; 1 is Solo Play).")
@click.option("--characters", help="Comma-separated Character names (default: the pack's first ones).")
@click.option("--seed", type=int, help="Seed of the dice (default: a random one, printed so the game can be replayed).")
@click.option("--answers", "answers_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Play non-interactively: a JSON list of answers (docs/runtime.md).")
@click.option("--save", "save_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Save the session to this file when play stops (quit, end, or answers run out).")
@click.option("--resume", "resume_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Resume a session saved with --save.")
@click.option("--transcript", "transcript_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write the playthrough as a conformance transcript (docs/runtime.md).")
@click.option("--trace", is_flag=True, help="Also show the story's flags and counters as they change.")
def play(bundle: Path, story_id: str | None, players: int | None, characters: str | None, seed: int | None,
         answers_file: Path | None, save_file: Path | None, resume_file: Path | None, transcript_file: Path | None,
         trace: bool) -> None:
    """Play a story of a compiled bundle in the terminal.

    Type the number of an option, press Enter to roll the dice (or type the faces
    you rolled at the table), 'party' to see the Characters, 'q' to stop. One player
    (Solo Play) controls two Characters. --resume keeps saving to the resumed file
    unless --save names another. Exit code
    0 when the story ends (Victory or Defeat), 1 when a scripted answer is refused or
    the answers run out first, 2 for a usage error.

    \b
    Example:
      cardforge play build/gascony.bundle.json --story act-1 --players 2 --seed 7
      cardforge play build/gascony.bundle.json --story act-1 --seed 7 --answers answers.json
    """
    import os

    from cardforge_compiler.emit import write_atomically
    from cardforge_compiler.play import Quit, ScriptError, play_session, read_answers
    from cardforge_runtime import BundleError, Session, SessionError, load_bundle
    from cardforge_runtime.bundle import read_json

    for target in (save_file, transcript_file):   # find out now, not after a whole game
        if target is not None and (target.is_dir() or (target.parent.exists() and not target.parent.is_dir())):
            why = "it is a folder" if target.is_dir() else f"{target.parent} is not a folder"
            raise ConfigError(f"cannot write {target}: {why}")

    try:
        loaded = load_bundle(bundle)
    except BundleError as error:
        raise ConfigError(str(error)) from None
    answers = None
    if answers_file is not None:
        try:
            answers = read_answers(answers_file)
        except ValueError as error:
            raise ConfigError(str(error)) from None
    try:
        if resume_file is not None:
            if any(v is not None for v in (players, characters, seed)):
                raise ConfigError("--resume continues a saved session: leave out --players, --characters and --seed")
            try:
                saved = read_json(str(resume_file), "save")
            except BundleError as error:
                raise ConfigError(str(error)) from None
            session = Session.load(loaded, saved)
            save_file = save_file or resume_file
            if story_id is not None and story_id != session.state["story"]:
                raise ConfigError(f"{resume_file} is a save of story {session.state['story']!r}, not {story_id!r}")
            for warning in session.warnings:
                click.secho(f"warning: {warning}", fg="yellow", err=True)
        else:
            if story_id is None:
                known = ", ".join(s for (_, s, _) in loaded.stories())
                raise ConfigError(f"name the story to play with --story (stories: {known})")
            if seed is None:
                seed = int.from_bytes(os.urandom(4), "big")
            names = [n.strip() for n in characters.split(",")] if characters is not None else None
            session = Session.start(loaded, story_id, players=players, characters=names, seed=seed)
    except SessionError as error:
        raise ConfigError(str(error)) from None
    if not loaded.hash_matches:
        click.secho(f"warning: {bundle}: content_hash does not match the content (edited by hand?)", fg="yellow", err=True)
    state = session.state
    click.secho(f"{dict((s, t) for (_, s, t) in loaded.stories())[state['story']]}", bold=True)
    click.echo(f"{_plural(state['players'], 'player')}, seed {session.seed} "
               f"(replay with --seed {session.seed})")

    failed = []

    def stop(current: Any) -> None:
        for target, data in ((save_file, current.save), (transcript_file, current.transcript)):
            if target is not None:
                try:
                    write_atomically(target, (json.dumps(data(), ensure_ascii=False, indent=1) + "\n").encode("utf-8"))
                except OSError as error:
                    click.secho(f"error: cannot write {target}: {error.strerror or error}", fg="red", err=True)
                    failed.append(target)
                    continue
                click.echo(f"{'saved to' if target == save_file else 'transcript written to'} {target}", err=True)

    try:
        play_session(session, answers, on_stop=stop, trace=trace)
    except Quit as reason:
        hint = f"; continue with: cardforge play {bundle} --resume {save_file}" if save_file else \
            " (use --save FILE to keep the session)"
        click.echo(f"stopped: {reason}{hint}", err=True)
        sys.exit(EXIT_USAGE if failed else EXIT_PROBLEMS if answers is not None else EXIT_CLEAN)
    except ScriptError as error:
        click.secho(f"error: {error}", fg="red", err=True)
        sys.exit(EXIT_PROBLEMS)
    if failed:
        sys.exit(EXIT_USAGE)


def main() -> NoReturn:
    """Console entry point: run the CLI; turn any unexpected exception into one
    line and exit 2 (never a traceback; set CARDFORGE_DEBUG=1 to see it)."""
    import os

    try:
        cli.main(standalone_mode=True)
    except SystemExit:
        raise
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        sys.exit(130)
    except Exception as exc:  # noqa: BLE001 - the last line of defence
        if os.environ.get("CARDFORGE_DEBUG"):
            raise
        click.echo(f"cardforge: internal error: {type(exc).__name__}: {exc} "
                   f"(this is a bug in cardforge; CARDFORGE_DEBUG=1 shows the traceback)", err=True)
        sys.exit(EXIT_USAGE)
    sys.exit(EXIT_CLEAN)
