"""``cardforge path``: the shortest way to a card of a story, and the helpers the
commands that read content share (``graph`` is in :mod:`.graph`)."""

from __future__ import annotations

import sys
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any

import click

from cardforge_compiler.report import EXIT_PROBLEMS, EXIT_USAGE, ConfigError, plural, shown, text_lines

if TYPE_CHECKING:
    from cardforge_compiler.pipeline import CompileResult

__all__ = ["check_story_ids", "content_errors", "inputs_exist", "path"]


def inputs_exist(result: CompileResult, paths: tuple[str, ...]) -> None:
    """For commands that need content (``graph``, ``path``, ``board``): a path given
    that is missing or holds no YAML (CF001, CF010 in ``result``) is a usage error:
    its diagnostics go to stderr and the process exits 2 (``refusals.Refused``, a
    ``SystemExit``)."""
    from cardforge_compiler.cli.refusals import Refused

    given = {PurePosixPath(Path(p).as_posix()).as_posix() for p in paths}
    missing = [d for d in result.diagnostics if d.code in ("CF001", "CF010") and d.line is None and d.file in given]
    if missing:
        for diag in missing:
            click.echo(text_lines(diag), err=True)
        raise Refused(EXIT_USAGE, "; ".join(f"{d.file}: {d.message}" for d in missing), result)


def content_errors(result: CompileResult, paths: tuple[str, ...], command: str, nothing: str) -> None:
    """For commands that need content without errors (``explore``, ``stats``,
    ``test``): when ``result`` has errors (or its context files do), print them, the
    context note and ``COMMAND: the content has N errors: NOTHING (run cardforge lint
    PATHS)`` to stderr and raise ``refusals.Refused`` (exit 1, a ``SystemExit``, which
    ``refusals.json_failures`` turns into a JSON document with the diagnostics)."""
    from cardforge_compiler.cli.refusals import Refused
    from cardforge_compiler.report import context_note, plural

    if not (result.errors or result.context_errors):
        return
    for diag in result.errors:
        click.echo(text_lines(diag), err=True)
    note = context_note(result)
    if note:
        click.echo(note, err=True)
    count = len(result.errors) or len(result.context_errors)
    message = f"the content has {plural(count, 'error')}: {nothing} (run cardforge lint {' '.join(paths)})"
    click.echo(f"{command}: {message}", err=True)
    raise Refused(EXIT_PROBLEMS, message, result)


def check_story_ids(known: list[str], wanted: tuple[str, ...], paths: tuple[str, ...], command: str) -> None:
    """For commands that play stories (``explore``, ``test``): ``ConfigError`` (exit 2)
    when the content has no story, or a ``--story`` names none of ``known`` (with its
    near miss: ``no story 'taverm' (stories: gate, tavern); did you mean 'tavern'?``)."""
    from cardforge_compiler.diagnostics import did_you_mean

    if not known:
        raise ConfigError(f"no story in {' '.join(paths)}: cardforge {command} plays stories (kind: story)")
    for story_id in wanted:
        if story_id not in known:
            hint = did_you_mean(story_id, known)
            raise ConfigError(f"no story {shown(story_id)!r} (stories: {', '.join(shown(s) for s in known)})"
                              f"{'; ' + hint if hint else ''}")


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


@click.command()
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
    from cardforge_compiler.conditions import condition_text
    from cardforge_compiler.model import CARD_ID_TEXT
    from cardforge_compiler.pipeline import compile_paths

    if not CARD_ID_TEXT.match(card):
        raise ConfigError(f"{card!r} is not a card id: card ids are numbers such as 14")
    target = int(card)
    result = compile_paths(list(paths))
    inputs_exist(result, paths)
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
                needs = "  [needs " + shown(" and ".join(condition_text(c) for c in edge["conditions"])) + "]"
            click.echo(f"      -> {how}{label}{needs}")
    if result.errors:
        click.echo(f"note: the content has {plural(len(result.errors), 'error')} (run cardforge lint "
                   f"{' '.join(paths)})", err=True)
