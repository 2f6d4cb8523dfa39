"""What a Character's death offers: the pack's ``on_death`` (bundle 1.5.0; docs/bundle.md,
Enemies and decks).

Gascony's Legacy loses the game (``{"effect": "lose-game"}``: ``wounds.lost`` says
when). The second ruleset ("Enemy Attack", Death: "When a hero dies, the other players
have three options: Restart the Scenario [...] Continue Scenario [...] Use resurrection
Treasure [...]") gives ``options``, each open only while its condition ``if`` holds:
:func:`death_options` says which are open now, evaluating each condition tree as a
story card's ``if`` is evaluated (``conditions.condition_env`` over the game state:
the flags and counters of the story in play, ``players``, ``characters``, ``coins``,
``has``, ``status``, ``in_party``). The players choose among them; the engine never
picks. (The engine does not yet play a death in a Battle: the Character turn of the
Battle engine asks with these options when it does.)

Dependencies: ``conditions``, ``setup``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardforge_runtime.conditions import condition_env, evaluate_loaded
from cardforge_runtime.setup import players_set_up

__all__ = ["death_options"]


def death_options(pack: Mapping[str, Any], game: Mapping[str, Any], *,
                  players: int | None = None) -> list[dict[str, Any]]:
    """The ``on_death`` options of ``pack`` open in game state ``game``, in the pack's
    order, each ``{"name", "effect"}`` (``restart``, ``retire`` or ``revive``): those
    whose ``if`` is null or holds.

    Args:
        pack: a pack of a bundle ``load_bundle`` accepted (format 1.5.0: its
            ``on_death`` and ``players``; its conditions typed against the names
            every story of the pack declares: ``format.pack_condition_names``).
        game: the game state (``state.initial_state``'s shape) of the story in play.
        players: the number of players the game is set up for, which the
            conditions' ``players`` counts (a Battle passes ``Scene.players_set_up``,
            the easier game's lower count); ``None``: ``setup.players_set_up``.

    Returns:
        The open options; ``[]`` for a pack whose death loses the game
        (``{"effect": "lose-game"}``), or of a bundle older than 1.5.0 (no
        ``on_death``).

    Raises:
        ConditionError: a malformed condition tree (not expected after ``load_bundle``).
    """
    on_death = pack.get("on_death") or {}
    options = on_death.get("options") or []
    if not options:
        return []
    if players is None:
        players = players_set_up(pack["players"], game["players"])
    names, functions = condition_env(game, players)
    return [{"name": option["name"], "effect": option["effect"]} for option in options
            if option.get("if") is None or bool(evaluate_loaded(option["if"], names, functions))]
