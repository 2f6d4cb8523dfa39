"""``cardforge simulate``: one Battle played many times by an automatic policy, and its
balance report (docs/simulate.md): per player count, the win rate per objective and
defeat, rounds, Wounds taken, Fallen Characters and Destiny spent, with 95 %
intervals; ``text`` tables or one ``json`` document.

PATH is content (compiled first, as ``cardforge stats`` does) or one built bundle.
Runs are played in a process pool over every core by default (``--workers``); each
run's generators are seeded from (seed, run index) only, so the report is the same
bytes whatever the workers. A progress bar is drawn on standard error when it is a
terminal, never in a pipe.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from typing import Any

import click

from cardforge_compiler.cli.stats import bundle_data
from cardforge_compiler.report import EXIT_USAGE, ConfigError, shown
from cardforge_compiler.simulate import MAX_RUNS, MAX_WORKERS

__all__ = ["every_battle", "find_battle", "simulate"]


def find_battle(bundle: Mapping[str, Any], card: int, story: str | None) -> tuple[Mapping[str, Any], str, Mapping[str, Any]]:
    """``(pack, story id, battle step)`` of Battle card ``card`` (of ``story`` when
    given).

    Raises:
        ConfigError: no such story; no card ``card``; the card has no ``battle`` step
            (the message lists the Battle cards there are); several stories have a
            Battle card ``card`` and no ``--story`` says which.
    """
    found, plain, battles = [], [], []
    stories = [(pack, s) for pack in bundle["packs"] for s in pack["stories"]]
    if story is not None and not any(s["id"] == story for _, s in stories):
        raise ConfigError(f"no story {shown(story)!r}: the stories are {', '.join(shown(s['id']) for _, s in stories)}")
    for pack, entry in stories:
        if story is not None and entry["id"] != story:
            continue
        for data in entry["cards"]:
            steps = [s for s in data["steps"] if s["kind"] == "battle"]
            if steps:
                battles.append(f"{data['id']} ({shown(entry['id'])})")
            if data["id"] == card:
                (found if steps else plain).append((pack, entry["id"], steps[0] if steps else None))
    where = f" of {shown(story)}" if story else ""
    listing = ", ".join(battles) or "none"
    if not found and plain:
        raise ConfigError(f"card {card}{where} has no Battle (no battle step): the Battle cards are {listing}")
    if not found:
        raise ConfigError(f"no card {card}{where}: the Battle cards are {listing}")
    if len(found) > 1:
        raise ConfigError(f"card {card} is a Battle in {len(found)} stories ({', '.join(shown(f[1]) for f in found)}): "
                          "say which with --story ID")
    return found[0]  # type: ignore[return-value]


def every_battle(bundle: Mapping[str, Any], story: str | None) -> list[tuple[Mapping[str, Any], str, int, Mapping[str, Any]]]:
    """``(pack, story id, card id, battle step)`` of every Battle card the engine plays:
    the cards with a ``battle`` step of the packs with a ``battle_round``, in the
    bundle's order (only ``story``'s when given).

    Raises:
        ConfigError: no such story; its pack (or, without ``story``, every pack) has no
            ``battle_round``; no Battle card there.
    """
    stories = [(pack, s) for pack in bundle["packs"] for s in pack["stories"]]
    if story is not None and not any(s["id"] == story for _, s in stories):
        raise ConfigError(f"no story {shown(story)!r}: the stories are {', '.join(shown(s['id']) for _, s in stories)}")
    chosen = [(pack, s) for pack, s in stories if story is None or s["id"] == story]
    played = [(pack, s) for pack, s in chosen if pack.get("battle_round") is not None]
    if not played:
        packs = ", ".join(sorted({shown(pack["id"]) for pack, _ in chosen}))
        raise ConfigError(f"no pack with a battle_round ({packs}): their Battles are played at the table, "
                          "the engine cannot play them (docs/format.md)")
    found = [(pack, s["id"], data["id"], step) for pack, s in played for data in s["cards"]
             for step in data["steps"] if step["kind"] == "battle"]
    found = [f for i, f in enumerate(found) if all(f[1:3] != g[1:3] for g in found[:i])]   # a card's first Battle
    if not found:
        raise ConfigError("no Battle card" + (f" in {shown(story)!r}" if story else ""))
    return found


@click.command()
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option("--battle", "card", type=int, metavar="CARD",
              help="The Battle card's id (e.g. 102); without it, every Battle card (of --story when given).")
@click.option("--story", metavar="ID", help="The story the card is in (needed when two stories have that card).")
@click.option("--players", type=click.IntRange(1), metavar="N",
              help="Only this player count (default: every count the pack allows).")
@click.option("--runs", type=click.IntRange(1, MAX_RUNS), default=1000, show_default=True, metavar="K",
              help="Battles played per player count (a larger sweep: docs/simulate.md, Larger sweeps).")
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=0, show_default=True, metavar="S",
              help="Run i plays with generators seeded from (S, i) only.")
@click.option("--policy", type=click.Choice(["greedy", "random"]), default="greedy", show_default=True,
              help="How the Characters play (docs/simulate.md, Policies).")
@click.option("--workers", type=click.IntRange(1, MAX_WORKERS), metavar="W",
              help="Processes playing the runs (default: every core; 1 plays in this process; "
                   "never more than the tasks of 25 runs).")
@click.option("--max-rounds", type=click.IntRange(1), default=40, show_default=True, metavar="R",
              help="A Battle still going after R rounds counts as unfinished.")
@click.option("--difficulty", metavar="NAME", help="A difficulty option of the pack (e.g. easier, harder).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text tables for people, json for tools (docs/simulate.md).")
def simulate(paths: tuple[str, ...], card: int | None, story: str | None, players: int | None, runs: int, seed: int,
             policy: str, workers: int | None, max_rounds: int, difficulty: str | None, fmt: str) -> None:
    """Play a Battle many times with an automatic policy and report its balance
    (without --battle: every Battle card, one report each).

    \b
    Example:
      cardforge simulate content/gascony/ --battle 102 --runs 2000
      cardforge simulate build/gascony.bundle.json --battle 48 --players 2 --format json
      cardforge simulate build/gascony.bundle.json --runs 200
    """
    from cardforge_compiler.simulate.report import report, text
    from cardforge_compiler.simulate.runner import BattleCase, RunError, default_workers
    from cardforge_compiler.simulate.runner import simulate as run_all

    bundle = bundle_data(paths, "simulate")
    if card is not None:
        pack, story_id, step = find_battle(bundle, card, story)
        battles = [(pack, story_id, card, step)]
    else:
        battles = every_battle(bundle, story)
    documents = []
    for pack, story_id, number, step in battles:
        counts = _counts(pack, players, difficulty)
        meta = {"pack": pack["id"], "story": story_id, "battle": number, "layout": step["layout"],
                "objectives": step["objectives"], "policy": policy, "seed": seed, "runs": runs,
                "max_rounds": max_rounds, "difficulty": difficulty, "players": counts,
                "characters": {n: pack["players"].get("solo_characters", 1) if n == 1 else n for n in counts}}
        case = BattleCase(bundle, story_id, number, policy=policy, max_rounds=max_rounds, difficulty=difficulty)
        documents.append(report(meta, _play(case, counts, runs, seed, workers or default_workers(), number, run_all,
                                            RunError, fmt)))
    if fmt == "json":
        document = documents[0] if card is not None else {"format": "cardforge-simulations", "version": 1,
                                                          "reports": documents}
        click.echo(json.dumps(document, indent=2, ensure_ascii=False))
    else:
        click.echo("\n".join(text(d) for d in documents), nl=False)


def _counts(pack: Mapping[str, Any], players: int | None, difficulty: str | None) -> list[int]:
    """The player counts to play for ``pack``; ``ConfigError`` for a pack without a
    ``battle_round``, a count or a difficulty the pack does not have."""
    if pack.get("battle_round") is None:
        raise ConfigError(f"pack {shown(pack['id'])!r} has no battle_round: its Battles are played at the table, "
                          "the engine cannot play them (docs/format.md)")
    limits = pack["players"]
    if players is not None and not limits["min"] <= players <= limits["max"]:
        raise ConfigError(f"--players {players}: pack {shown(pack['id'])!r} is played by {limits['min']} to {limits['max']}")
    names = [d["name"] for d in pack.get("difficulty") or ()]
    if difficulty is not None and difficulty not in names:
        raise ConfigError(f"--difficulty {shown(difficulty)!r}: the pack's options are {', '.join(names) or 'none'}")
    return [players] if players is not None else list(range(limits["min"], limits["max"] + 1))


def _play(case: Any, counts: list[int], runs: int, seed: int, workers: int, number: int, run_all: Any,
          run_error: type[Exception], fmt: str = "text") -> list[dict[str, Any]]:
    """The runs of one Battle, with a progress bar on a terminal (``progress``); a run
    the engine could not play is reported and exits 2."""
    from cardforge_compiler.progress import progress

    with progress(fmt) as bar:
        tick = None
        if bar is not None:
            done = [0]

            def tick(more: int) -> None:
                done[0] += more
                bar(f"simulating Battle {number}", done[0], runs * len(counts))

        try:
            return run_all(case, counts, runs, seed, workers=workers, progress=tick)
        except run_error as error:
            click.echo(f"simulate: a run could not be played: {shown(str(error))} (a defect of cardforge: please report it)",
                       err=True)
            sys.exit(EXIT_USAGE)
