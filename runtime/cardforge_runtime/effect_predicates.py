"""The effects' questions that need no board: whether an ``if`` predicate holds
(``game_predicate``) and whether a status token may be held more than once
(``stacks``).

The effect interpreter (``effects``) and its tables ask them: the Battle's
(``battle.predicates.holds`` answers the board's predicates, ``adjacent``,
``wounded``, ``empty``, ``in_supply``, and asks ``game_predicate`` the others) and
the story's (``loot.StoryTable.holds``: no board, so a board predicate is an error).
The gain and loss of status tokens (``effects``, ``story``) ask ``stacks``.

Rule sources: Gascony's Legacy, "Status Banner tokens" ("A Character can only have
one of each Status token at a time", unless the token ``stacks``: Enemy Attack,
Poison, "Each Fatigue token you have..."), "Difficulty Adjustments" (the easier game
"Treat[s] your Character count as 1 lower than the number of players").

Dependencies: ``conditions``, ``errors``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardforge_runtime.conditions import condition_env, evaluate_loaded
from cardforge_runtime.errors import EngineError

__all__ = ["game_predicate", "stacks"]


def game_predicate(game: Mapping[str, Any], predicate: Mapping[str, Any], you: Mapping[str, Any] | None,
                   difficulty: str | None = None, *, players: int) -> bool | None:
    """Whether an ``if`` predicate that needs no board holds (``effect_fields.PREDICATES``,
    written ``{"kind", "value"}``).

    Args:
        game: the game state (its ``difficulty`` and what conditions read).
        predicate: ``has_status`` (``you``, a Character, holds the token ``value``),
            ``difficulty`` (``difficulty``, else the game state's ``difficulty``, is
            ``value``), ``condition`` (the story condition tree ``value`` holds, in
            the environment of story cards' ``if``: ``conditions.condition_env``).
        you: the Character the card concerns (a game state's Character), or ``None``.
        difficulty: the name of the difficulty option in play, or ``None``.
        players: the game's one Character count (``setup.character_count``: the
            easier game's is 1 lower), the ``players`` of a ``condition``. Required,
            so that no caller silently counts the players another way.

    Returns:
        Whether the predicate holds; ``None`` for a predicate of the board
        (``adjacent``, ``wounded``, ``empty``, ``in_supply``: the Battle's).

    Raises:
        EngineError: ``has_status`` with no Character ``you``.
    """
    name, value = predicate["kind"], predicate.get("value")
    if name == "has_status":
        if you is None:
            raise EngineError("the predicate has_status needs a Character (you), which this card does not have")
        return value in you["status"]
    if name == "difficulty":
        return (difficulty if difficulty is not None else game.get("difficulty")) == value
    if name == "condition":
        return bool(evaluate_loaded(value, *condition_env(game, players)))
    return None


def stacks(pack: Mapping[str, Any], token: str) -> bool:
    """Whether status token ``token`` may be held more than once (the pack's
    ``status_tokens[].stacks``; Enemy Attack, Poison: "Each Fatigue token you have
    reduces your Action Points attribute by 1"). Unknown tokens do not stack."""
    return any(t.get("name") == token and t.get("stacks", False) for t in pack.get("status_tokens") or [])
