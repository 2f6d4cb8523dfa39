"""The pack manifest (pack stage): values that the schema alone cannot relate.

Gascony's Legacy, Setup and Dice Rolls: 1-4 players; six-sided dice whose 4 and 5
are one success and 6 two. Character boards and standees: each Character Board
lists the Character's Prowess and Movement, that is, a value for every stat.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from cardforge_compiler.checks import check
from cardforge_compiler.diagnostics import Diagnostic, did_you_mean
from cardforge_compiler.model import Pack
from cardforge_compiler.resolve import PackIR
from cardforge_runtime.format import player_limits
from cardforge_runtime.setup import players_set_up

__all__ = ["character_count", "manifest_values"]


@check("pack", "CF105", "CF304", "CF307")
def manifest_values(pack: PackIR) -> Iterator[Diagnostic]:
    """Player range in order; dice faces that exist on the die; names given once;
    each Character board rates exactly the pack's stats; ``battle_round.move_stat``
    is one of them (``load_bundle`` refuses another)."""
    if pack.manifest is None or pack.pack is None:
        return
    model, doc = pack.pack, pack.manifest
    where = {"file": doc.source.display, "doc": doc.index}
    yield from _players(model, where)
    for field in ("single_success", "double_success", "advantage_adds", "disadvantage_removes"):
        for j, face in enumerate(getattr(model.dice, field)):
            if face > model.dice.sides:
                yield Diagnostic("CF105", f"a {model.dice.sides}-sided die has no face {face}",
                                 path=("dice", field, j), **where, hint=f"faces run from 1 to {model.dice.sides}")
    for field, names in (("stats", list(model.stats)), ("status_tokens", [t.name for t in model.status_tokens]),
                         ("characters", [c.name for c in model.characters])):
        for j, name in enumerate(names):
            if name in names[:j]:
                path = ("stats", j) if field == "stats" else (field, j, "name")
                yield Diagnostic("CF105", f"'{name}' is listed twice in {field}", path=path, **where,
                                 hint="give each Character its own name" if field == "characters"
                                 else "remove the second one")
    yield from _character_stats(model, where)
    stats = list(dict.fromkeys(model.stats))
    if model.battle_round is not None and model.battle_round.move_stat not in stats:
        name = model.battle_round.move_stat
        yield Diagnostic("CF304", f"'{name}' is not a stat of pack '{model.id}'",
                         path=("battle_round", "move_stat"), **where,
                         hint=did_you_mean(name, stats) or f"the Movement points are one of the pack's stats: "
                                                            f"{', '.join(stats)}")


def _players(model: Pack, where: dict) -> Iterator[Diagnostic]:
    """``players`` within the bundle format's limits (``player_limits``: the rule
    ``load_bundle`` applies too)."""
    players = model.players
    for field, (low, high) in player_limits(players.min, players.max).items():
        value = getattr(players, field)
        if low <= value <= high:
            continue
        if field == "max":
            message = f"players.max ({value}) is less than players.min ({players.min})"
            hint = "swap them, e.g. min: 1, max: 4"
        elif field == "solo_characters":
            message = (f"players.solo_characters ({value}) is more than players.max ({players.max}): "
                       f"one player would control more Characters than the most players the pack allows")
            hint = f"lower solo_characters to {high}, or raise players.max to {value}"
        else:
            message = f"players.{field} must be from {low} to {high}, not {value}"
            hint = f"use a number from {low} to {high}"
        yield Diagnostic("CF105", message, path=("players", field), **where, hint=hint)
        return  # the other limits depend on this one


def _character_stats(model: Pack, where: dict) -> Iterator[Diagnostic]:
    """``CF304`` for a stat a Character board names that the pack does not define (at
    the key); ``CF307`` for each pack stat the board leaves out (at ``stats``). A
    misspelled stat is one fault: its ``CF304`` says "did you mean" the stat left
    out, and no ``CF307`` is reported for that stat."""
    stats = list(dict.fromkeys(model.stats))
    for i, character in enumerate(model.characters):
        missing = [name for name in stats if name not in character.stats]
        for name in character.stats:
            if name in stats:
                continue
            meant = difflib.get_close_matches(name, missing, n=1, cutoff=0.6)
            if meant:
                missing.remove(meant[0])
                hint = f"did you mean '{meant[0]}'? (the board has no value for it)"
            else:
                hint = did_you_mean(name, stats) or f"the pack's stats are {', '.join(stats)}"
            yield Diagnostic("CF304", f"'{name}' is not a stat of pack '{model.id}'",
                             path=("characters", i, "stats", name), anchor="key", **where, hint=hint)
        for name in missing:
            yield Diagnostic("CF307", f"Character '{character.name}' has no value for stat '{name}'",
                             path=("characters", i, "stats"), anchor="key", **where,
                             hint=f"add `{name}:` with a number from 0 to 6")


@check("pack", "CF110")
def character_count(pack: PackIR) -> Iterator[Diagnostic]:
    """Enough Character boards to play: each player controls one Character, and one
    player alone controls ``players.solo_characters`` (Gascony's Legacy, Setup; Solo
    Play). A pack with too few boards for its fewest players cannot be played at
    all; too few for its most players, not with that many."""
    if pack.manifest is None or pack.pack is None:
        return
    model, doc = pack.pack, pack.manifest
    players = model.players
    if any(not low <= getattr(players, f) <= high for f, (low, high) in
           player_limits(players.min, players.max).items()):
        return  # the players themselves are wrong (CF105)
    boards = len(model.characters)
    limits = players.model_dump()
    fewest = players_set_up(limits, players.min)
    most = max(players_set_up(limits, players.max), fewest)
    where = {"file": doc.source.display, "doc": doc.index, "anchor": "key"}
    have = "no Character boards" if boards == 0 else f"only {boards} Character board{'s' if boards > 1 else ''}"
    if boards < fewest:
        who = (f"one player alone controls {fewest}" if players.min == 1
               else f"{players.min} players control {fewest}")
        yield Diagnostic("CF110", f"pack '{model.id}' has {have}: it cannot be played ({who} Characters)",
                         **{**where, "path": ("characters",) if model.characters else (),
                            "anchor": "key" if model.characters else "mapping"},
                         hint="add a `characters:` list of Character boards (name, stats, destiny, health)")
    elif boards < most:
        yield Diagnostic("CF110", f"pack '{model.id}' has {have}: {players.max} players cannot play it, "
                                  f"each needs a Character", path=("characters",), **where,
                         hint=f"add Character boards up to {most}, or lower players.max to {boards}")
