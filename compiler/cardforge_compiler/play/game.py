"""``cardforge play``'s game: load the bundle, start or resume the session, play it
in the terminal (:class:`.keyboard.Terminal`), save, and exit with the documented
code. Imported only when the command runs, so that ``cardforge --help`` does not
load the runtime.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from cardforge_compiler.play.keyboard import Interrupted, Quit, Terminal
from cardforge_compiler.report import (
    EXIT_CLEAN,
    EXIT_INTERRUPTED,
    EXIT_PROBLEMS,
    EXIT_STUCK,
    EXIT_USAGE,
    ConfigError,
    plural,
    shown,
)
from cardforge_runtime import AnswerError, BundleError, Session
from cardforge_runtime.bundle import read_json

__all__ = ["ScriptError", "play_session", "read_answers", "run"]

class ScriptError(Exception):
    """A scripted answer was refused; the message says which and why."""


def read_answers(path: Path) -> list[dict[str, Any]]:
    """The answers of an ``--answers`` file: a JSON list of answer objects.

    Raises:
        ValueError: unreadable, not JSON, or not a list of objects (the message says which).
    """
    try:
        data = read_json(str(path), "list of answers")
    except BundleError as error:
        raise ValueError(str(error)) from None
    if not isinstance(data, list) or not all(isinstance(a, dict) for a in data):
        raise ValueError(f"{path}: expected a JSON list of answer objects, such as [{{}}, {{\"option\": 0}}]")
    return data


def play_session(session: Session, answers: list[dict[str, Any]] | None,
                 on_stop: Callable[[Session], None] | None = None, trace: bool = False) -> Session:
    """Play ``session`` in the terminal until the story ends or the player stops.

    Args:
        session: a started or loaded session.
        answers: scripted answers (non-interactive), or ``None`` to ask the player.
        on_stop: called with the session when play stops for any reason (to save it).
        trace: also show the story's flags and counters as they change.

    Raises:
        Quit: the player quit, the input closed, or the answers ran out.
        Interrupted: the player pressed Ctrl-C at a prompt.
        ScriptError: a scripted answer was refused (the message names it and why), or
            the story ended with scripted answers left over (the message counts them).
    """
    terminal = Terminal(session, answers, trace)
    try:
        if session.log:
            terminal.show_resumed()
        else:
            terminal.show_party()
        step = 0
        story = session.state["story"]
        while True:
            if session.state["story"] != story:       # a campaign goes on to its next Story
                story = session.state["story"]
                title = dict((s, t) for (_, s, t) in session.bundle.stories())[story]
                click.echo()
                click.secho(f"══ {shown(title)} ══", bold=True)
            request = session.pending
            terminal.show(request)
            if session.finished:
                if answers is not None and terminal.used < len(answers):
                    left = len(answers) - terminal.used
                    raise ScriptError(f"the story ended after answer {terminal.used}, but the answers file holds "
                                      f"{plural(left, 'more answer')} (left unused)")
                return session
            answer = terminal.ask(request)
            step += 1
            try:
                entry = session.answer(answer)
            except AnswerError as error:
                if answers is not None:
                    raise ScriptError(f"answer {step} ({shown(json.dumps(answer, ensure_ascii=False))}) does not fit the "
                                      f"{request['kind']} request: {shown(error.reason)}") from None
                click.secho(f"  not accepted: {shown(error.reason)}", fg="yellow")
                continue
            terminal.show_outcome(entry)
    finally:
        if on_stop is not None:
            on_stop(session)


def _hand_typed(session: Session) -> bool:
    """Whether any dice faces of the session were typed in by hand (then the seed
    alone does not replay the game)."""
    return any("faces" in entry["answer"] for entry in session.log)


def _near_names(loaded: Any, story_id: str | None, difficulty: str | None) -> str:
    """"; did you mean 'easier'?" for a ``--difficulty`` the story's pack does not
    have but nearly does (as ``cardforge stats --difficulty``); ``""`` otherwise
    (``--characters`` names are checked first: ``cli.characters``)."""
    from cardforge_compiler.diagnostics import did_you_mean

    try:
        pack = loaded.find_story(story_id)[0] if story_id is not None else None
    except KeyError:
        return ""
    if pack is None:
        return ""
    hints = []
    options = [d["name"] for d in pack.get("difficulty", [])]
    if difficulty is not None and difficulty not in options:
        hints.append(did_you_mean(difficulty, options))
    hints = [h for h in hints if h]
    return "; " + "; ".join(hints) if hints else ""


def _start(loaded: Any, campaign: bool, story_id: str | None, players: int | None, names: list[str] | None,
           seed: int, difficulty: str | None, battles: str | None = None) -> Any:
    """A new ``Session`` of ``story_id``, or with ``campaign`` a new ``Campaign`` of
    the bundle's pack (``--story`` is then refused: a campaign plays its own)."""
    if not campaign:
        return Session.start(loaded, story_id, players=players, characters=names, seed=seed, difficulty=difficulty,
                             battles=battles)
    from cardforge_runtime.campaign import Campaign

    return Campaign.start(loaded, players=players, characters=names, seed=seed, difficulty=difficulty,
                          battles=battles)


def _names(loaded: Any, campaign: bool, story_id: str | None, characters: tuple[str, ...]) -> list[str] | None:
    """The Characters ``--characters`` names, read against the Character boards of the
    pack played (``cli.characters.character_names``); ``None`` when not given."""
    from cardforge_compiler.cli.characters import character_names

    if not characters:
        return None
    if campaign:
        from cardforge_runtime.campaign_saves import campaign_pack

        pack = campaign_pack(loaded, None)
    else:
        try:
            pack = loaded.find_story(story_id)[0]
        except KeyError:
            return [name for value in characters for name in value.split(",")]   # Session.start says why
    return character_names(characters, [c["name"] for c in pack.get("characters", [])], pack["id"])


def run(bundle: Path, story_id: str | None, players: int | None, characters: tuple[str, ...] | str | None,
        seed: int | None, answers_file: Path | None, save_file: Path | None, resume_file: Path | None,
        transcript_file: Path | None, trace: bool, difficulty: str | None = None, battles: str | None = None,
        campaign: bool = False) -> None:
    """The body of ``cardforge play`` (see its help); exits with its code.
    ``characters``: the ``--characters`` values (one text: a single value)."""
    import os

    characters = (characters,) if isinstance(characters, str) else tuple(characters or ())

    from cardforge_compiler.emit import write_atomically
    from cardforge_runtime import SessionError, load_bundle
    from cardforge_runtime.campaign import Campaign

    if campaign and story_id is not None:
        raise ConfigError("--campaign plays the pack's stories in order: leave out --story")

    for target in (save_file, transcript_file):   # find out now, not after a whole game
        if target is not None and (target.is_dir() or (target.parent.exists() and not target.parent.is_dir())):
            why = "it is a folder" if target.is_dir() else f"{target.parent} is not a folder"
            raise ConfigError(f"cannot write {target}: {why}")

    try:
        loaded = load_bundle(bundle)
    except BundleError as error:
        raise ConfigError(shown(str(error))) from None
    answers = None
    if answers_file is not None:
        try:
            answers = read_answers(answers_file)
        except ValueError as error:
            raise ConfigError(shown(str(error))) from None
    try:
        if resume_file is not None:
            if characters or any(v is not None for v in (players, seed, difficulty, battles)):
                raise ConfigError("--resume continues a saved session: leave out --players, --characters, --seed, "
                                  "--difficulty and --battles")
            try:
                saved = read_json(str(resume_file), "save")
            except BundleError as error:
                raise ConfigError(shown(str(error))) from None
            is_campaign = isinstance(saved, dict) and saved.get("format") == "cardforge-campaign-save"
            if is_campaign != campaign:
                raise ConfigError(f"{resume_file} is a campaign save: add --campaign" if is_campaign else
                                  f"{resume_file} is the save of one story, not of a campaign: leave out --campaign")
            session = Campaign.load(loaded, saved) if campaign else Session.load(loaded, saved)
            save_file = save_file or resume_file
            if story_id is not None and story_id != session.state["story"]:
                raise ConfigError(f"{resume_file} is a save of story {session.state['story']!r}, not {story_id!r}")
            for warning in session.warnings:
                click.secho(f"warning: {shown(warning)}", fg="yellow", err=True)
        else:
            if not campaign and story_id is None and len(loaded.stories()) == 1:
                story_id = loaded.stories()[0][1]          # the bundle's only story, as graph does
            if story_id is None and not campaign:
                known = ", ".join(s for (_, s, _) in loaded.stories())
                raise ConfigError(f"name the story to play with --story (stories: {known})")
            if seed is None:
                seed = int.from_bytes(os.urandom(4), "big")
            names = _names(loaded, campaign, story_id, characters)
            session = _start(loaded, campaign, story_id, players, names, seed, difficulty, battles)
    except SessionError as error:
        raise ConfigError(shown(str(error)) + _near_names(loaded, story_id, difficulty)) from None
    if not loaded.hash_matches:
        click.secho(f"warning: {bundle}: content_hash does not match the content (edited by hand?)", fg="yellow", err=True)
    state = session.state
    click.secho(f"══ {shown(dict((s, t) for (_, s, t) in loaded.stories())[state['story']])} ══", bold=True)
    if campaign:
        click.echo(f"Campaign: {', '.join(shown(s) for s in state['campaign']['stories'])} "
                   f"(Story {state['campaign']['index'] + 1} of {len(state['campaign']['stories'])})")
    click.echo(f"{plural(state['players'], 'player')}, seed {session.seed}"
               + (f", {shown(session.difficulty)} difficulty" if session.difficulty else ""))

    failed = []

    def stop(current: Session) -> None:
        for target, data in ((save_file, current.save), (transcript_file, current.transcript)):
            if target is not None:
                try:
                    write_atomically(target, (json.dumps(data(), ensure_ascii=False, indent=1) + "\n").encode("utf-8"))
                except OSError as error:
                    click.secho(f"error: cannot write {target}: {error.strerror or error}", fg="red", err=True)
                    failed.append(target)
                    continue
                click.echo(f"{'saved to' if target == save_file else 'transcript written to'} {target}", err=True)
        if resume_file is None and not _hand_typed(current):
            click.echo(f"(replay with --seed {current.seed})", err=True)

    code = EXIT_CLEAN
    try:
        play_session(session, answers, on_stop=stop, trace=trace)
    except Quit as reason:
        hint = f"; continue with: cardforge play {bundle}{' --campaign' if campaign else ''} --resume {save_file}" \
            if save_file else \
            " (use --save FILE to keep the session)"
        click.echo(f"stopped: {reason}{hint}", err=True)
        code = EXIT_PROBLEMS if answers is not None else EXIT_CLEAN
    except Interrupted:
        click.echo("interrupted", err=True)
        code = EXIT_INTERRUPTED
    except ScriptError as error:
        click.secho(f"error: {error}", fg="red", err=True)
        code = EXIT_PROBLEMS
    if session.finished and session.state["result"] == "stuck":
        # The story's own outcome wins over answers left over: CI reports the cause.
        click.secho("error: the story is stuck: a content error (run cardforge lint on its content)",
                    fg="red", err=True)
        code = EXIT_STUCK
    sys.exit(EXIT_USAGE if failed else code)
