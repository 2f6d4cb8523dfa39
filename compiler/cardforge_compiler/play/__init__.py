"""``cardforge play``: a terminal front end for the runtime's ``Session``, and its command.

It renders each pending request (wrapped text, numbered options, dice with their
successes: :mod:`.screen`), turns what the player types into an answer
(:mod:`.keyboard`), and shows what changed. With an answers file it plays
non-interactively. It is a front end like any other: everything it knows comes from
``cardforge_runtime`` (``docs/runtime.md``).

Everything a bundle says is untrusted text: it is shown with control characters
escaped (:func:`cardforge_compiler.report.shown`), and no output line begins with
it (card text carries a ``│`` margin, options ``1 │``, events ``»``), so a bundle can
neither drive the terminal nor forge a CI workflow command.
"""

from __future__ import annotations

from pathlib import Path

import click

__all__ = ["play"]


@click.command()
@click.argument("bundle", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--story", "story_id", help="The story to play, e.g. act-1 (not needed with --resume, or when the "
                                          "bundle has one story).")
@click.option("--players", type=int, help="Number of players (default: the pack's minimum; 1 is Solo Play).")
@click.option("--characters", multiple=True,
              help="Comma-separated Character names, or the option repeated, one name each (a name holding a comma "
                   "is read whole; default: the pack's first ones).")
@click.option("--seed", type=int, help="Seed of the dice (default: a random one, printed so the game can be replayed).")
@click.option("--difficulty", help="One of the pack's difficulty options, e.g. easier or harder (Difficulty "
                                   "Adjustments; default: the standard game).")
@click.option("--answers", "answers_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Play non-interactively: a JSON list of answers (docs/runtime.md).")
@click.option("--save", "save_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Save the session to this file when play stops (quit, end, or answers run out).")
@click.option("--resume", "resume_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Resume a session saved with --save.")
@click.option("--transcript", "transcript_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write the playthrough as a conformance transcript (docs/runtime.md).")
@click.option("--trace", is_flag=True, help="Also show the story's flags and counters as they change.")
@click.option("--battles", type=click.Choice(["table", "engine"]),
              help="How Battles are played: on the board by the engine in Battle rounds (the default when the pack "
                   "has them: docs/runtime.md), or at the table (answer the objective met).")
@click.option("--campaign", is_flag=True, help="Play the pack's campaign: its stories in order, the Characters, "
                                               "decks and cards carried from one to the next (Campaign Mode).")
def play(bundle: Path, story_id: str | None, players: int | None, characters: tuple[str, ...], seed: int | None,
         difficulty: str | None, answers_file: Path | None, save_file: Path | None, resume_file: Path | None,
         transcript_file: Path | None, trace: bool, battles: str | None, campaign: bool) -> None:
    """Play a story of a compiled bundle in the terminal.

    Type the number of an option, press Enter to roll the dice (or type the faces
    you rolled at the table), 'party' to see the Characters, 'board' to see the
    Battle's board, 'help' for what to type, 'q' to stop. One player (Solo Play)
    controls two Characters. --resume keeps saving to the resumed file unless
    --save names another. --campaign plays the pack's stories one after the other
    (Campaign Mode); --answers, --save, --resume and --transcript then cover the
    whole campaign (resume a campaign save with --campaign --resume FILE).

    \b
    Exit codes:
      0  the story (or campaign) ended in Victory or Defeat, or the player stopped
      1  a scripted answer was refused, the answers ran out first, or answers
         were left over when the story ended (in Victory or Defeat)
      2  usage error (unreadable bundle, unknown story, bad save, unwritable file)
      3  the story got stuck (a content error: nothing on offer, no way on),
         even with answers left over
      130  interrupted with Ctrl-C (the session is saved first with --save)

    \b
    Example:
      cardforge play build/gascony.bundle.json --story act-1 --players 2 --seed 7
      cardforge play build/gascony.bundle.json --story act-1 --seed 7 --answers answers.json
      cardforge play build/gascony.bundle.json --campaign --players 2 --save build/campaign.json
    """
    from cardforge_compiler.play.game import run

    run(bundle, story_id, players, characters, seed, answers_file, save_file, resume_file, transcript_file, trace,
        difficulty, battles, campaign)
