"""What ``cardforge test`` writes for each game that ended ``stuck`` or in an error
(docs/playtest.md, "Failed games"): its conformance transcript
(``<story>-game-<n>.transcript.json``, ``Session.transcript()``) and its answers
(``<story>-game-<n>.answers.json``, the list ``cardforge play --answers`` reads), each
written atomically (``emit.write_atomically``) into the ``--transcripts`` folder, and
the ``cardforge play`` command that replays the game.

``cardforge play`` reads a bundle: when ``cardforge test`` was given content, the
compiled bundle is written once beside them as ``playtest.bundle.json`` (the bytes
``cardforge build`` writes for that content), and the replay command names it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from cardforge_compiler.emit import bundle_bytes, write_atomically
from cardforge_compiler.playtest.runner import Game, StoryRun

__all__ = ["BUNDLE_NAME", "Saved", "answers_bytes", "replay_command", "save_failed_games"]

#: The bundle written beside the transcripts when the games were played from content.
BUNDLE_NAME = "playtest.bundle.json"

#: Per (pack id, story id, game number): ``{"transcript", "answers", "replay"}`` (paths as text).
Saved = dict[tuple[str, str, int], dict[str, str]]


def answers_bytes(answers: Sequence[Mapping[str, Any]]) -> bytes:
    """An answers file: a JSON list, one answer per line (as docs/examples/*.answers.json)."""
    lines = ",\n".join(json.dumps(a, ensure_ascii=False) for a in answers)
    return f"[\n{lines}\n]\n".encode()


def replay_command(bundle: str, run: StoryRun, game: Game, answers: str) -> str:
    """The ``cardforge play`` command that replays ``game`` of ``run`` from ``answers``,
    on one line, the paths quoted for a shell (``cli.shell``: ``'my dir/x.json'``)."""
    from cardforge_compiler.cli.shell import shell_command, shell_path

    return shell_command("cardforge", "play", shell_path(bundle), "--story", run.story["id"], "--players",
                         str(run.players), "--seed", str(game.seed), "--battles", run.battles, "--answers",
                         shell_path(answers))


def save_failed_games(runs: Sequence[StoryRun], folder: Path, bundle_file: str | None,
                      bundle: Mapping[str, Any]) -> Saved:
    """Write the transcript and answers of every failed game of ``runs`` into
    ``folder`` (created if missing), and ``playtest.bundle.json`` (``bundle``) when
    ``bundle_file`` (the bundle the games were read from) is ``None``. Returns where.

    Raises:
        OSError: a file cannot be written.
    """
    saved: Saved = {}
    failed = [(run, game) for run in runs for game in run.games if game.failed]
    if not failed:
        return saved
    if bundle_file is None:
        bundle_file = str(folder / BUNDLE_NAME)
        write_atomically(Path(bundle_file), bundle_bytes(dict(bundle)))
    for run, game in failed:
        stem = f"{run.story['id']}-game-{game.game}"
        transcript, answers = folder / f"{stem}.transcript.json", folder / f"{stem}.answers.json"
        write_atomically(transcript, (json.dumps(game.transcript, ensure_ascii=False, indent=1) + "\n").encode())
        write_atomically(answers, answers_bytes(game.answers))
        saved[(run.pack["id"], run.story["id"], game.game)] = {"transcript": str(transcript), "answers": str(answers),
                                               "replay": replay_command(bundle_file, run, game, str(answers))}
    return saved
