"""Setup and save files: the plain-data checks a session needs before it starts.

``check_setup`` checks the players, Characters and seed of a new session against the
pack (Gascony's Legacy, Setup and Solo Play); ``players_set_up`` is the number of
players a game is set up for (Solo Play counts as 2); ``check_save`` checks the shape of a
save (docs/runtime.md, Saves). Both raise ``SessionError`` with the reason.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from cardforge_runtime.format import RANGES, is_name
from cardforge_runtime.limits import MAX_DEPTH, PlainDataError, check_plain_data
from cardforge_runtime.pcg import Pcg32

__all__ = ["READABLE_SAVE_VERSIONS", "SAVE_FORMAT", "SAVE_VERSION", "TRANSCRIPT_FORMAT", "TRANSCRIPT_VERSION",
           "SessionError", "character_count", "check_save", "check_setup", "parse_seed", "players_set_up",
           "seed_text"]

#: The ``format`` of a saved session, and the version of its shape. Version 2 stores
#: the seed as decimal text (``"18446744073709551615"``): a JSON number above 2**53
#: is rounded by JavaScript's ``JSON.parse``. Version 1 saves (a number) still load.
SAVE_FORMAT = "cardforge-save"
#: Version 2 stores the seed as decimal text (``"18446744073709551615"``: a JSON
#: number above 2**53 is rounded by JavaScript's ``JSON.parse``), adds ``origin``
#: (where a replay starts) and the Between Story Cards requests (and
#: ``porter_called`` in the state). A version 1 save still loads: its seed is read as
#: a number and it is carried over from its checkpoint, as onto a rebuilt bundle.
#: Version 3 adds ``costs`` to the state (the cost each item was bought at, which a
#: sale must use); a version 2 save is carried over from its checkpoint, as a version 1.
#: Version 4 adds the deck state (``decks``, ``porter``, each Character's ``cards``)
#: to the state, the deck generator (``deck_rng``) to ``checkpoint`` and ``origin``,
#: and ``difficulty`` to the setup; a version 1-3 save is carried over from its
#: checkpoint with its decks built fresh (a warning says so).
#: Version 5 adds ``battle`` to the state (the Battle state while the engine plays a
#: Battle, ``null`` outside one) and ``battles`` (``"engine"`` / ``"table"``) to the
#: setup; a version 4 save (no ``battle``, no ``battles``: the pack's default) is
#: carried over from its checkpoint, as a version 1-3 save.
SAVE_VERSION = 5
#: The save versions ``check_save`` reads (older ones are brought to ``SAVE_VERSION``).
READABLE_SAVE_VERSIONS = (1, 2, 3, 4, 5)
#: The ``format`` of a conformance transcript (``Session.transcript``), and its
#: version: 2 stores the seed as decimal text and records Between Story Cards requests;
#: 3 adds ``costs`` to the state and to the purchase and between requests; 4 adds
#: the decks (deck cards offered by number, the ``leave`` request, ``difficulty``).
TRANSCRIPT_FORMAT = "cardforge-transcript"
#: 5 adds ``battle`` to the state and ``battles`` to the setup (Battles played by the engine).
TRANSCRIPT_VERSION = 5

_MAX_SEED = (1 << 64) - 1
#: How a session plays the story's Battles: ``"engine"`` (Battle rounds, the pack's
#: ``battle_round``; the default when the pack has one) or ``"table"`` (the ``battle``
#: request: the players play it out and answer the objective met).
BATTLE_MODES = ("engine", "table")


class SessionError(ValueError):
    """A session cannot start or resume: unknown story, wrong number of players or
    Characters, a bad seed, or a save that does not fit the bundle."""



def players_set_up(limits: Mapping[str, Any], players: int) -> int:
    """The number of players a game of ``players`` players is set up for: what every
    per-player count counts (the ``players`` of conditions, cards drawn per player,
    the Enemies a Battle layout places for that many Characters).

    Args:
        limits: the pack's ``players`` object (``{"min", "max", "solo_characters"}``;
            only ``solo_characters`` is read).
        players: the number of players, 1 or more (whether the pack allows it is
            ``check_setup``'s concern).

    Returns:
        ``limits["solo_characters"]`` for one player, else ``players``.

    Raises nothing.

    Rule: Gascony's Legacy, "Solo Play": "Set up the game for 2 players and take
    control of both Characters" (a solo player may control up to 4; the game is
    still set up for ``solo_characters``).
    """
    return limits["solo_characters"] if players == 1 else players



def character_count(pack: Mapping[str, Any], players: int, difficulty: Mapping[str, Any] | None) -> int:
    """The one Character count of a game, in and out of a Battle: what every
    per-player count reads (a ``purchase``'s and a ``spawn``'s ``per_player``, a
    ``count`` by players, the ``players`` of conditions and of the ``condition``
    predicate, the Named Enemy's health tracker): ``players_set_up`` plus the
    difficulty option's ``character_count`` (``-1`` in the easier game), never below 1.

    Args:
        pack: the bundle pack (its ``players`` limits).
        players: the number of players (the game state's ``players``).
        difficulty: the pack's difficulty option in play (``deck_play.difficulty_of``),
            ``{}`` or ``None`` for the standard game.

    Rule: Gascony's Legacy, Difficulty Adjustments, easier: "Treat your Character
    count as 1 lower than the number of players (ie. in a 4-player game, do not place
    enemies marked with a 4)"; Solo Play (``players_set_up``). docs/rulings.md, "The
    easier game's Character count".
    """
    return max(1, players_set_up(pack["players"], players) + (difficulty or {}).get("character_count", 0))

def check_setup(pack: dict[str, Any], setup: Mapping[str, Any]) -> dict[str, Any]:
    """Check players, Characters and seed against the pack; fill in defaults. A setup
    may hold ``carried``, the state a Story of a campaign starts from
    (``campaign_carry.check_carried`` checks it; the result holds it only when given).

    Raises:
        SessionError: beyond the input limits (``limits.check_plain_data``), or the
            counts, boards or seed do not fit the pack.
    """
    _check_limits(setup, "the setup")
    if not isinstance(setup, Mapping):
        raise SessionError("the setup must be an object")
    limits = pack["players"]
    players = setup.get("players")
    if players is None:
        players = limits["min"]
    if isinstance(players, bool) or not isinstance(players, int) or not limits["min"] <= players <= limits["max"]:
        raise SessionError(f"{pack['title']} is for {limits['min']} to {limits['max']} players, not {players!r}")
    solo = limits["solo_characters"]
    wanted = (solo, max(solo, limits["max"])) if players == 1 else (players, players)
    boards = pack.get("characters", [])
    chosen = setup.get("characters")
    if chosen is None:
        if len(boards) < wanted[0]:
            raise SessionError(f"the pack defines {len(boards)} Character(s); name {wanted[0]} Characters")
        chosen = boards[: wanted[0]]
    if isinstance(chosen, (str, Mapping)) or not isinstance(chosen, Sequence):
        raise SessionError("characters must be a list of Character names or boards")
    if not wanted[0] <= len(chosen) <= wanted[1]:
        expected = f"{wanted[0]}" if wanted[0] == wanted[1] else f"{wanted[0]} to {wanted[1]}"
        who = "one player controls" if players == 1 else f"{players} players control"
        raise SessionError(f"{who} {expected} Characters (Solo Play: {solo}), not {len(chosen)}")
    by_name = {board["name"]: board for board in boards}
    result = []
    for entry in chosen:
        if isinstance(entry, str):
            if entry not in by_name:
                known = ", ".join(by_name) or "none"
                raise SessionError(f"no Character named {entry!r} in the pack (it has: {known})")
            entry = by_name[entry]
        elif not (isinstance(entry, Mapping) and isinstance(entry.get("name"), str)
                  and by_name.get(entry["name"]) == entry):
            _check_board_name(entry)        # a board of the caller's own (the pack's were checked on load)
        result.append(check_board(entry, pack["stats"]))
    names = [board["name"] for board in result]
    if len(set(names)) != len(names):
        raise SessionError(f"each Character plays once: {', '.join(sorted({n for n in names if names.count(n) > 1}))} twice")
    seed = parse_seed(setup.get("seed", 0))
    difficulty = setup.get("difficulty")
    options = [option["name"] for option in pack.get("difficulty", [])]
    if difficulty is not None and difficulty not in options:
        raise SessionError(f"no difficulty {difficulty!r} in {pack['title']} (it has: {', '.join(options) or 'none'})")
    battles = setup.get("battles")
    default = "table" if pack.get("battle_round") is None else "engine"
    if battles is None:
        battles = default
    if battles not in BATTLE_MODES:
        raise SessionError(f"battles is one of {', '.join(BATTLE_MODES)}, not {battles!r}")
    if battles == "engine" and default == "table":
        raise SessionError(f"{pack['title']} has no battle_round: its Battles are played at the table "
                           "(battles='table')")
    checked = {"players": players, "characters": result, "seed": seed, "difficulty": difficulty, "battles": battles}
    if setup.get("carried") is not None:
        # a Story of a campaign starts from what the Story before it carried over
        from cardforge_runtime.campaign_carry import check_carried      # (it imports this module)

        checked["carried"] = check_carried(pack, result, setup["carried"])
    return checked


def parse_seed(seed: Any) -> int:
    """A seed as a whole number from 0 to 2**64 - 1, given as a number or as its
    decimal text (as saves and transcripts store it: ``"18446744073709551615"``; no
    sign, spaces or leading zeros).

    Raises:
        SessionError: anything else.
    """
    if isinstance(seed, str) and seed.isascii() and seed.isdigit() and (seed == "0" or not seed.startswith("0")) \
            and len(seed) <= 20:
        seed = int(seed)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= _MAX_SEED:
        raise SessionError(f"the seed must be a whole number from 0 to {_MAX_SEED} (or its decimal text), not {seed!r}")
    return seed


def seed_text(seed: int) -> str:
    """How saves and transcripts store a seed: its decimal text."""
    return str(seed)


def check_board(board: Any, stats: list[str]) -> dict[str, Any]:
    """A Character board as ``{"name", "stats", "destiny", "health", "items",
    "weapons"}`` (Gascony's Legacy, Character boards and standees; ``weapons`` the
    Starting Weapons, Equipment card names, ``[]`` when absent), plus ``destiny_start`` when
    given: the Destiny tokens the Character begins the Story with, 0 to ``destiny``
    (Campaign Mode; the harder game's "2 fewer Destiny tokens")."""
    def whole(value: Any, low: int, high: int) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high

    if not isinstance(board, Mapping) or not isinstance(board.get("name"), str):
        raise SessionError(f"a Character board needs a name, stats, destiny and health: {board!r}")
    name = board["name"]
    values = board.get("stats")
    low, high = RANGES["stat"]
    if not isinstance(values, Mapping) or any(not whole(values.get(s), low, high) for s in stats):
        raise SessionError(f"Character {name!r} needs a whole number from {low} to {high} for each stat "
                           f"({', '.join(stats)})")
    for key in ("destiny", "health"):
        low, high = RANGES[key]
        if not whole(board.get(key), low, high):
            raise SessionError(f"Character {name!r} needs a whole number from {low} to {high} for {key}, "
                               f"not {board.get(key)!r}")
    items = board.get("items", [])
    if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
        raise SessionError(f"Character {name!r}: items must be a list of item names")
    weapons = board.get("weapons", [])
    if not isinstance(weapons, list) or not all(isinstance(w, str) for w in weapons):
        raise SessionError(f"Character {name!r}: weapons must be a list of Equipment card names")
    checked = {"name": name, "stats": {s: values[s] for s in stats}, "destiny": board["destiny"],
               "health": board["health"], "items": list(items), "weapons": list(weapons)}
    if "destiny_start" in board:
        # Campaign Mode and the harder game begin a Story below the maximum (docs/rulings.md)
        if not whole(board["destiny_start"], 0, board["destiny"]):
            raise SessionError(f"Character {name!r}: destiny_start must be a whole number from 0 to its destiny "
                               f"({board['destiny']}), not {board['destiny_start']!r}")
        checked["destiny_start"] = board["destiny_start"]
    return checked


def _check_board_name(board: Any) -> None:
    """A whole board's name as lint has a name (``model._types.NameText``): text, no
    spaces at either end, no control characters (C0 or C1: a name is shown in a
    terminal)."""
    name = board.get("name") if isinstance(board, Mapping) else None
    if isinstance(name, str) and not is_name(name):
        raise SessionError(f"a Character's name is text with no spaces at either end and no control "
                           f"characters, not {name!r}")


def _check_limits(value: Any, what: str) -> None:
    """The input limits (``limits.check_plain_data``) before any other work."""
    try:
        check_plain_data(value)
    except PlainDataError as error:
        raise SessionError(f"{what} is not plain JSON data within the limits: {error}") from None


def check_save(save: Mapping[str, Any] | str) -> dict[str, Any]:
    """Check the shape of a save (data or JSON text): first the input limits
    (``limits.check_plain_data``), then every field ``Session.load`` reads
    (docs/runtime.md, Saves). A version 1 save is brought to the current shape (its
    seed as text, ``origin: null``).

    Raises:
        SessionError: not JSON, beyond the limits, another format or version, or damaged.
    """
    if isinstance(save, str):
        try:
            save = json.loads(save)
        except RecursionError:
            raise SessionError(f"the save is not plain JSON data within the limits: nested more than {MAX_DEPTH} "
                               "levels deep") from None
        except ValueError:      # JSONDecodeError is a ValueError; so is a 5,000-digit number
            raise SessionError("the save is not JSON, or holds a number beyond the limits") from None
    _check_limits(save, "the save")
    if not isinstance(save, Mapping) or save.get("format") != SAVE_FORMAT:
        raise SessionError(f"not a cardforge save (its format is not {SAVE_FORMAT!r})")
    if type(save.get("version")) is not int or save["version"] not in READABLE_SAVE_VERSIONS:
        raise SessionError(f"save version {save.get('version')!r} is not readable by this runtime "
                           f"(it reads {', '.join(map(str, READABLE_SAVE_VERSIONS))})")
    if save["version"] == 1 and isinstance(save.get("setup"), Mapping):
        # version 1 stored the seed as a number, had no origin and no Between Story
        # Cards requests in its log: its log cannot replay on this engine, so
        # Session.load carries it over from its checkpoint.
        seed = save["setup"].get("seed")
        if type(seed) is not int:
            raise SessionError(f"the save is damaged: a version 1 save stores its seed as a number, not {seed!r}")
        save = {**save, "origin": None, "setup": {**save["setup"], "seed": seed_text(seed)}}
    try:
        refs, checkpoint = save["references"], save["checkpoint"]
        ok = (isinstance(save["content_hash"], str) and isinstance(refs["pack"], str) and isinstance(refs["story"], str)
              and isinstance(refs["cards"], list) and all(isinstance(c, int) for c in refs["cards"])
              and isinstance(save["setup"], Mapping) and isinstance(save["answers"], list)
              and all(isinstance(a, Mapping) for a in save["answers"]) and isinstance(save["log"], list)
              and isinstance(checkpoint["state"], Mapping) and isinstance(checkpoint["log_length"], int)
              and 0 <= checkpoint["log_length"] <= len(save["log"]))
        Pcg32.from_json(checkpoint["rng"])
        if save["version"] >= 4:
            Pcg32.from_json(checkpoint["deck_rng"])      # version 4: the deck generator
        origin = save["origin"]
        if origin is not None:
            ok = ok and (isinstance(origin["state"], Mapping) and type(origin["log_length"]) is int
                         and 0 <= origin["log_length"] <= checkpoint["log_length"])
            Pcg32.from_json(origin["rng"])
            if save["version"] >= 4:
                Pcg32.from_json(origin["deck_rng"])
    except (KeyError, TypeError, ValueError):
        ok = False
    lists = save.get("deck_lists") if isinstance(save, Mapping) else None
    if lists is not None and not (isinstance(lists, Mapping) and all(
            isinstance(cards, list) and all(isinstance(c, list) and len(c) == 2 and isinstance(c[0], str)
                                            and type(c[1]) is int for c in cards) for cards in lists.values())):
        ok = False      # version 4, optional: each deck's [card name, count] (deck_play.deck_lists)
    if ok and not isinstance(save["setup"].get("seed"), str):
        ok = False      # version 2 stores the seed as text
    if not ok:
        raise SessionError("the save is damaged: a field is missing or has the wrong type")
    return dict(save)


