"""``cardforge test``: random playthroughs of a pack's stories with coverage
(docs/playtest.md). PATH... is content (compiled first, as ``cardforge stats`` does:
``bundle_data``) or one built bundle; each story (or the one ``--story`` names) is
played ``--random N`` times by :mod:`cardforge_compiler.playtest` and reported as
``text``, one ``json`` document or JUnit XML. Exit 0 when every story meets
``--min-coverage`` and no game ended stuck or in an error, 1 otherwise, 2 for a usage
error.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any

import click

from cardforge_compiler.cli.build import folder as folder_option
from cardforge_compiler.cli.stats import bundle_data, playable
from cardforge_compiler.report import EXIT_PROBLEMS, ConfigError, shown

__all__ = ["MAX_GAMES", "playtest"]

#: The most games per story (``--random``): every game's summary is kept for the report.
MAX_GAMES = 100_000


def _a_number(_ctx: click.Context, param: click.Parameter, value: float) -> float:
    """``--min-coverage``: ``nan`` passes click's range check (no comparison with it
    holds) but is no fraction: a usage error."""
    if math.isnan(value):
        raise click.BadParameter("nan is not a number from 0 to 1", param=param)
    return value


@click.command("test")
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option("--story", "story_ids", multiple=True, metavar="ID",
              help="Only this story (repeat for more; default: every story of the content).")
@click.option("--random", "games", type=click.IntRange(1, MAX_GAMES), required=True, metavar="N",
              help=f"Play N games per story with random legal answers (1 to {MAX_GAMES:,}).")
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=0, show_default=True, metavar="S",
              help="Seed of every game (game n's seeds come from S and n): same arguments, same report.")
@click.option("--min-coverage", type=click.FloatRange(0, 1), callback=_a_number, default=0.0, show_default=True, metavar="F",
              help="Exit 1 when a story's overall coverage is below F (0 to 1, e.g. 0.9).")
@click.option("--players", type=int, metavar="N", help="Number of players (default: the pack's minimum; 1 is Solo Play).")
@click.option("--battles", type=click.Choice(["engine", "outcome"]),
              help="Battles played by the engine with the simulator's greedy policy (the default when the pack has "
                   "Battle rounds), or resolved by a random objective or a lost Battle.")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "junit"]), default="text", show_default=True,
              help="text for people, json for tools, junit for CI test panels.")
@click.option("--transcripts", "folder", type=click.Path(file_okay=False), callback=folder_option,
              default="build/playtest", show_default=True, metavar="DIR",
              help="Where the transcript and answers of each game that ended stuck or in an error are written.")
def playtest(paths: tuple[str, ...], story_ids: tuple[str, ...], games: int, seed: int, min_coverage: float,
             players: int | None, battles: str | None, fmt: str, folder: Path) -> None:
    """Play each story N times with random legal answers and fair dice, and report
    the coverage of cards, options and challenge outcomes, the endings, and every
    game that got stuck or made the engine fail (its transcript and answers saved,
    replayable with cardforge play --answers).

    PATH... is content (files or folders, compiled as build does; refused when it
    has errors) or one bundle (.json). docs/playtest.md describes the reports.

    \b
    Exit codes:
      0  every story reached --min-coverage, no game stuck, no engine error
      1  a story below --min-coverage, a game stuck or in an error
         (or the content has errors)
      2  usage error

    \b
    Example:
      cardforge test content/gascony/ --story act-1 --random 20 --seed 1 --battles outcome
      cardforge test content/ --random 200 --seed 7 --min-coverage 0.9 --format junit > build/playtest.xml
    """
    from cardforge_compiler.cli.refusals import json_failures
    from cardforge_compiler.playtest.junit import junit
    from cardforge_compiler.playtest.report import FORMAT, VERSION, document
    from cardforge_compiler.playtest.text import text
    from cardforge_compiler.progress import progress

    head = {"format": FORMAT, "version": VERSION, "seed": seed, "games": games, "players": players,
            "battles": battles, "min_coverage": min_coverage, "stories": [], "passed": False}
    with json_failures(fmt, head), progress(fmt) as bar:
        runs, saved = _play(paths, story_ids, games, seed, players, battles, folder, bar)
    for files in saved.values():
        click.echo(f"wrote {shown(files['transcript'])} and {shown(files['answers'])}", err=True)
    report = document(runs, seed=seed, games=games, players=players, battles=battles, min_coverage=min_coverage,
                      saved=saved)
    if fmt == "json":
        click.echo(json.dumps(report, indent=2, ensure_ascii=False))
    elif fmt == "junit":
        click.echo(junit(report), nl=False)
    else:
        click.echo(text(report), nl=False)
    if not report["passed"]:
        sys.exit(EXIT_PROBLEMS)


def _play(paths: tuple[str, ...], story_ids: tuple[str, ...], games: int, seed: int, players: int | None,
          battles: str | None, folder: Path, bar: Any = None) -> tuple[list, dict]:
    """Play the stories asked (``bar``: a ``progress.Progress`` told of each game) and
    save the failed games: ``(runs, saved)``
    (``playtest.runner.StoryRun`` each, ``playtest.files.save_failed_games``'s).
    ``ConfigError`` for a usage error, ``refusals.Refused`` for content with errors."""
    from cardforge_compiler.cli.explore import check_story_ids
    from cardforge_compiler.playtest.files import BUNDLE_NAME, save_failed_games
    from cardforge_compiler.playtest.runner import play_story
    from cardforge_runtime import SessionError

    data = bundle_data(paths, "test")
    bundle = playable(data, paths)
    checked = bundle.data
    known = [s["id"] for p in checked["packs"] for s in p["stories"]]
    check_story_ids(known, story_ids, paths, "test")
    stories = [(pack, story) for pack in checked["packs"] for story in pack["stories"]
               if not story_ids or story["id"] in story_ids]
    single = len(paths) == 1 and Path(paths[0]).suffix == ".json" and not Path(paths[0]).is_dir()
    _replaceable(folder / BUNDLE_NAME, single)
    runs = []
    for pack, story in stories:
        mode = battles or ("engine" if pack.get("battle_round") else "outcome")
        if mode == "engine" and not pack.get("battle_round"):
            raise ConfigError(f"--battles engine: pack {shown(pack['id'])!r} has no Battle rounds (battle_round): "
                              "use --battles outcome")
        try:
            runs.append(play_story(bundle, pack, story, games=games, seed=seed, players=players,
                                   battles="engine" if mode == "engine" else "table", progress=bar))
        except SessionError as error:
            raise ConfigError(shown(str(error))) from None
    try:
        saved = save_failed_games(runs, folder, paths[0] if single else None, data)
    except OSError as error:
        raise ConfigError(f"cannot write into {folder}: {error.strerror or error}") from None
    return runs, saved


def _replaceable(target: Path, single: bool) -> None:
    """Refuse, before playing, a ``--transcripts`` folder whose ``playtest.bundle.json``
    (written there when games fail and content was given, ``single`` false) is a file
    that is not a cardforge bundle, as ``cardforge build`` refuses: ``ConfigError``."""
    from cardforge_compiler.cli.build import _is_bundle

    if not single and target.exists() and not (target.is_file() and _is_bundle(target)):
        raise ConfigError(f"--transcripts: {shown(target.as_posix())} exists and is not a cardforge bundle: "
                          "refusing to replace it (choose another folder)")
