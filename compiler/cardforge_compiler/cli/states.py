"""``cardforge explore``: the state explorer alone, with its full report and the
witnesses written as answers files (docs/explore.md).

``cardforge lint`` runs the same explorer within a small budget shared by all
stories; this command gives each story its own (``--budget``), reports the same
findings (CF9xx) at the author's lines, and with ``--witness-dir`` writes each
finding's witness beside the bundle it plays, with the ``cardforge play`` command
that reproduces it.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path
from typing import Any

import click

from cardforge_compiler.cli.build import folder
from cardforge_compiler.report import EXIT_CLEAN, EXIT_PROBLEMS, ConfigError, plural, shown, text_lines

__all__ = ["explore"]


@click.command()
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option("--story", "story_ids", multiple=True, help="The story to explore (repeatable; default: every story).")
@click.option("--budget", type=click.IntRange(1, 100_000_000), default=200_000, show_default=True,
              help="The most states to explore per story.")
@click.option("--bound", type=click.IntRange(0, 1_000_000), default=20, show_default=True,
              help="Counters, coins and copies of an item are exact up to this; beyond it, abstracted.")
@click.option("--witness-dir", type=click.Path(file_okay=False), callback=folder,
              help="Write each finding's witness here (an answers file for cardforge play --answers), "
                   "with the bundle it plays.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text for people, json for tools.")
@click.option("--strict", is_flag=True, help="Warnings fail too (exit 1).")
def explore(paths: tuple[str, ...], story_ids: tuple[str, ...], budget: int, bound: int, witness_dir: Path | None,
            fmt: str, strict: bool) -> None:
    """Play every story with every answer, roll and Battle outcome, and report what
    play can reach: stuck choices, options never offered, cards never drawn, endings
    never reached, conditions that never change, loops with no way out. Each finding
    comes with a witness: the shortest line of play that shows it.

    \b
    Exit status: 0 nothing found (or only warnings), 1 an error found (or a
    warning, with --strict) or the content has errors, 2 usage error.

    \b
    Example:
      cardforge explore content/gascony --story act-1
      cardforge explore content/ --witness-dir build/witnesses --format json
    """
    from cardforge_compiler.cli.refusals import json_failures
    from cardforge_compiler.load import gc_paused
    from cardforge_compiler.progress import progress

    with json_failures(fmt, _document([], {})):
        _not_bundles(paths)
        if witness_dir is not None:
            _make_folder(witness_dir)
        with gc_paused(), progress(fmt) as bar:
            runs = _explore(paths, story_ids, budget, bound, witness_dir, bar)
        try:
            witnesses = _write_witnesses(runs, witness_dir) if witness_dir is not None else {}
        except OSError as error:
            raise ConfigError(f"--witness-dir {shown(str(witness_dir))}: cannot write the witnesses: "
                              f"{error.strerror or error}") from None
    if fmt == "json":
        click.echo(json.dumps(_document(runs, witnesses), indent=2, ensure_ascii=False))
    else:
        _text(runs, witnesses)
    diagnostics = [d for _, _, diags, _ in runs for d in diags]
    failed = any(d.severity.value == "error" for d in diagnostics) or (strict and bool(diagnostics))
    sys.exit(EXIT_PROBLEMS if failed else EXIT_CLEAN)


def _not_bundles(paths: tuple[str, ...]) -> None:
    """A bundle given where content is expected is a usage error (read as YAML it
    would only be "a document with no kind")."""
    from cardforge_compiler.cli.build import _is_bundle, no_empty_path

    no_empty_path(paths)
    for given in paths:
        path = Path(given)
        if path.suffix == ".json" and path.is_file() and _is_bundle(path):
            raise ConfigError(f"{given} is a bundle: cardforge explore reads content (YAML files or folders); "
                              "give the content it was built from")


def _make_folder(folder: Path) -> None:
    """Create ``--witness-dir`` before exploring (minutes, maybe), so that a folder
    that cannot be made is said at once: ``ConfigError``."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ConfigError(f"--witness-dir {shown(str(folder))}: cannot create the folder: "
                          f"{error.strerror or error}") from None


def _explore(paths: tuple[str, ...], story_ids: tuple[str, ...], budget: int, bound: int,
             witness_dir: Path | None = None, bar: Any = None) -> list[tuple]:
    """``[(pack, explored story, diagnostics, bundle data)]`` for the stories asked;
    ``witness_dir``: checked first (``_replaceable``); ``bar``: a ``progress.Progress``
    told of the states explored (:func:`explore_in_steps`). Content with errors: they
    go to stderr and ``refusals.Refused`` (exit 1) is raised; ``ConfigError`` for a
    usage error."""
    from cardforge_compiler import __version__
    from cardforge_compiler.checks import checks_for
    from cardforge_compiler.cli.explore import check_story_ids, content_errors, inputs_exist
    from cardforge_compiler.cli.stats import playable
    from cardforge_compiler.diagnostics import Diagnostic
    from cardforge_compiler.emit import build_bundle
    from cardforge_compiler.explore.stage import ExploredStory
    from cardforge_compiler.locate import locate
    from cardforge_compiler.pipeline import compile_paths

    result = compile_paths(list(paths))
    inputs_exist(result, paths)
    content_errors(result, paths, "explore", "nothing explored")
    packs = [p for p in result.packs if p.manifest is not None]
    stories = [(pack, story) for pack in packs for story in pack.stories]
    known = [story.model.id for _, story in stories]
    check_story_ids(known, story_ids, paths, "explore")
    if witness_dir is not None:
        _replaceable(witness_dir, {pack.pack.id for pack, story in stories
                                   if not story_ids or story.model.id in story_ids})
    runs = []
    bundles: dict[int, tuple[dict, Any]] = {}
    for pack, story in stories:
        if story_ids and story.model.id not in story_ids:
            continue
        if id(pack) not in bundles:
            data = build_bundle([pack], __version__)
            bundles[id(pack)] = (data, playable(data, paths))
        data, bundle = bundles[id(pack)]
        explored = ExploredStory(story, explore_in_steps(bundle, pack.pack.id, story.model.id, budget=budget,
                                                         bound=bound, progress=bar))
        diagnostics: list[Diagnostic] = [d for chk in checks_for("explore") for d in chk.run(explored)]
        locate(diagnostics, result.files)
        runs.append((pack, explored, sorted(diagnostics, key=Diagnostic.sort_key), data))
    return runs


def explore_in_steps(bundle: Any, pack_id: str, story_id: str, *, budget: int, bound: int,
                     progress: Any = None) -> Any:
    """``explore.explore_story`` of the story; with ``progress`` (a
    ``progress.Progress``), run in steps of ``max(500, budget // 100)`` states
    (``run_search`` goes on where it stopped when the budget is raised), telling it
    ``("exploring STORY", states, budget)`` after each: the same exploration (tested)."""
    from cardforge_compiler.explore import exploration_of, explore_story, run_search, start_search

    if progress is None:
        return explore_story(bundle, pack_id, story_id, budget=budget, bound=bound)
    search = start_search(bundle, pack_id, story_id, budget=0, bound=bound)
    step = max(500, budget // 100)
    label = f"exploring {story_id}"
    while True:
        search.budget = min(budget, search.expanded + step)
        last = search.budget >= budget
        run_search(search, keep=not last)
        if last or not search.graph.open:
            break
        progress(label, search.expanded, budget)
    progress(label, budget, budget)
    search.budget = budget
    return exploration_of(search, pack_id, story_id)


def _replaceable(folder: Path, pack_ids: set[str]) -> None:
    """Refuse, before exploring, to write a pack's bundle over a file in ``folder``
    that is not a cardforge bundle (``--witness-dir .`` beside a file of the same
    name), as ``cardforge build`` refuses: ``ConfigError``."""
    from cardforge_compiler.cli.build import _is_bundle

    for pack_id in sorted(pack_ids):
        target = folder / f"{pack_id}.bundle.json"
        if target.exists() and not (target.is_file() and _is_bundle(target)):
            raise ConfigError(f"--witness-dir {shown(str(folder))}: {shown(target.as_posix())} exists and is not a "
                              "cardforge bundle: refusing to replace it (choose another folder)")


def _write_witnesses(runs: list[tuple], folder: Path) -> dict[int, tuple[str, str]]:
    """Write each pack's bundle and each witness into ``folder`` (atomically), record
    them in the folder's index and remove the witnesses an earlier run wrote for these
    stories that this run did not (``witness_index.update_index``; each said on
    stderr); return ``{id(diagnostic): (answers file, play command)}``."""
    from cardforge_compiler.cli.shell import shell_command, shell_path
    from cardforge_compiler.cli.witness_index import update_index, write_in_folder
    from cardforge_compiler.emit import bundle_bytes
    from cardforge_compiler.playtest.files import answers_bytes

    folder.mkdir(parents=True, exist_ok=True)
    written: dict[int, tuple[str, str]] = {}
    names: set[str] = set()
    bundles: dict[str, Path] = {}
    files: list[dict[str, Any]] = []
    for pack, explored, diagnostics, data in runs:
        pack_id = pack.pack.id
        if pack_id not in bundles:
            bundles[pack_id] = folder / f"{pack_id}.bundle.json"
            write_in_folder(bundles[pack_id], bundle_bytes(data))
            files.append({"file": bundles[pack_id].name, "pack": pack_id, "story": None})
        story_id = explored.story.model.id
        for diag in diagnostics:
            if diag.witness is None:
                continue
            stem = f"{story_id}-{diag.code}" + (f"-card-{diag.card}" if diag.card is not None else "")
            name, n = f"{stem}.answers.json", 1
            while name in names:
                n += 1
                name = f"{stem}-{n}.answers.json"
            names.add(name)
            path = folder / name
            write_in_folder(path, answers_bytes(diag.witness["answers"]))
            files.append({"file": name, "pack": pack_id, "story": story_id})
            setup = diag.witness["setup"]
            command = shell_command("cardforge", "play", shell_path(bundles[pack_id]), "--story", story_id,
                                    "--players", str(setup["players"]), *_characters(setup, data, pack_id),
                                    "--seed", str(setup["seed"]), "--battles", setup["battles"],
                                    "--answers", shell_path(path))
            written[id(diag)] = (path.as_posix(), command)
    stories = {(pack.pack.id, explored.story.model.id) for pack, explored, _, _ in runs}
    for removed in update_index(folder, files, stories, bundles):
        click.echo(f"removed {shown(removed.as_posix())}: a witness of an earlier run that this run did not find",
                   err=True)
    return written


def _characters(setup: dict[str, Any], data: dict[str, Any], pack_id: str) -> list[str]:
    """The replay's ``--characters`` arguments for a witness ``setup``, as a shell
    reads them back (``cli.characters.characters_options``: one list, or the option
    once per name when a name holds a comma)."""
    from cardforge_compiler.cli.characters import characters_options
    from cardforge_compiler.cli.shell import shell_word

    boards = [b["name"] for b in next(p.get("characters", []) for p in data["packs"] if p["id"] == pack_id)]
    words = characters_options(list(setup["characters"]), boards)
    return [w if w == "--characters" else shell_word(w) for w in words]


def _text(runs: list[tuple], witnesses: dict[int, tuple[str, str]]) -> None:
    for _pack, explored, diagnostics, _ in runs:
        exploration = explored.exploration
        click.echo(f"cardforge explore: story '{shown(exploration.story)}' of pack '{shown(exploration.pack)}': "
                   f"{exploration.summary()}")
        for diag in diagnostics:
            if id(diag) in witnesses:           # written: the file and the command, not the hint to write it
                count = len(diag.witness["answers"]) if diag.witness else 0
                click.echo(text_lines(dataclasses.replace(diag, witness=None), more=(
                    f"  witness: {plural(count, 'answer')} in {shown(witnesses[id(diag)][0])}",
                    f"  replay: {shown(witnesses[id(diag)][1])}")))
            else:
                click.echo(text_lines(diag))
        if not diagnostics:
            proof = ("no stuck state, every option offered, every card drawn, every ending reached"
                     if exploration.proven else "no stuck state seen (not a proof: see above)")
            click.echo(f"  {proof}")
    errors = sum(1 for *_, diags, _ in runs for d in diags if d.severity.value == "error")
    warnings = sum(1 for *_, diags, _ in runs for d in diags if d.severity.value == "warning")
    verdict = "no problems" if not errors + warnings else f"{plural(errors, 'error')}, {plural(warnings, 'warning')}"
    click.echo(f"{verdict} in {plural(len(runs), 'story')}")


def _document(runs: list[tuple], witnesses: dict[int, tuple[str, str]]) -> dict[str, Any]:
    stories = []
    for _, explored, diagnostics, _ in runs:
        e = explored.exploration
        findings = []
        for diag in diagnostics:
            item = diag.to_dict()
            if id(diag) in witnesses:
                item["witness_file"], item["replay"] = witnesses[id(diag)]
            findings.append(item)
        stories.append({"pack": e.pack, "story": e.story, "setups": [s.as_json() for s in e.setups],
                        "states": e.states, "answers": e.answers, "budget": e.budget, "bound": e.bound,
                        "complete": e.complete, "clamped": e.clamped, "deck_items": e.deck_items,
                        "purchases_cut": e.purchases_cut, "sales_cut": e.sales_cut,
                        "proven": e.proven, "summary": e.summary(), "findings": findings})
    return {"format": "cardforge-explore", "version": 1, "stories": stories}
