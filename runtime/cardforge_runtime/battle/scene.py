"""What the attack and effect rules read and change: one ``Scene`` per Battle.

A ``Scene`` bundles the board, the Battle state (``battle.state``), the game state
(Characters' Health, Destiny, status tokens; coins), the pack's data by name (Enemies,
Named Enemies, Threat decks, decks, status tokens), the deck engine, the dice rule
and the dice generator. It holds no state of its own: everything that changes is in
``battle`` and ``game`` (plain JSON data), so a save of those is a save of the Battle.

The deck engine is any object with these methods (``cardforge_runtime.decks`` provides
them; docs/runtime.md, "Attacks", the deck interface):

- ``draw(deck) -> card id | None``: the top card of deck ``deck``'s draw pile, moved
  to "being resolved" (an empty draw pile is reshuffled first when the deck's rule
  says so; ``None`` when no card can be drawn);
- ``discard(card)``: card id to its deck's discard pile;
- ``to_box(card)``: card id to the box (leaves the game);
- ``hold(card)``: the card drawn is now held by a Character (the caller puts its id in
  that Character's ``cards``): a Loot card kept as an item;
- ``reshuffle(card)``: the discard pile and this card back into the draw pile,
  shuffled ("Reshuffle the Deck", Duck!);
- ``card(card)``: the bundle data of the card instance (``"Reaction#7"`` -> its card
  object: ``name``, ``effects`` / ``threat`` / ``reaction`` / Equipment fields).

Dependencies: ``board``, ``dice``, ``pcg``, ``deck_play`` (the difficulty option), ``setup``
(``character_count``), ``battle.state``.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass, field
from typing import Any

from cardforge_runtime.battle.state import figure, figures_map, square_of
from cardforge_runtime.board import Board
from cardforge_runtime.deck_play import deck_by_role, difficulty_of
from cardforge_runtime.dice import DiceRule
from cardforge_runtime.effects import DeckAccess
from cardforge_runtime.errors import EngineError
from cardforge_runtime.pcg import Pcg32
from cardforge_runtime.setup import character_count

__all__ = ["DeckAccess", "Scene"]


def _by_name(items: Any) -> dict[str, Any]:
    return {item["name"]: item for item in items or ()}


@dataclass
class Scene:
    """One Battle's rules context.

    Attributes:
        board: the layout's board (``board.build_board``).
        battle: the Battle state (``battle.state``), changed in place.
        game: the game state (``state.initial_state``'s shape: ``characters``,
            ``coins``, ``players``...), changed in place.
        pack: the bundle pack (format 1.5.0: ``enemies``, ``named_enemies``,
            ``threat_decks``, ``decks``, ``status_tokens``; ``deck_for``).
        decks: the deck engine (``DeckAccess``).
        rule: the pack's dice rule; rng: the dice generator (the deck engine has its own).
        enemy_turn: how Enemies take their turn now (the ``activate`` effect): a
            generator function ``(scene, [figure ids]) -> requests``:
            ``enemy_turn.activate``, set by ``enemy_turn.wire``; ``None``: an
            ``activate`` effect raises ``EngineError``.
        enemy_attack: how an Enemy attacks a Character (the ``attack`` effect: "Enemy
            Attacks", automatic Wounds or a Defense roll): a generator function
            ``(scene, enemy id, Character figure id, damage) -> requests``:
            ``enemy_turn.enemy_attack``, set by ``enemy_turn.wire``; ``None``: an
            ``attack`` effect raises ``EngineError``.
        events: what happened, appended in order (docs/runtime.md, "Attacks": events).
        sink: where events go instead of ``events`` (the story rules' log of the
            answer being played, which the session replaces after every answer).
        watch_end: check the Battle's end after every event (``battle.objectives.
            check_end``, which raises ``BattleEnded``): set by the Battle rounds once
            the Battle is set up (Battle Rounds: "When one of a Battle's objectives
            are met, the Battle immediately ends").
        objectives: the Battle step's objectives' ``meet`` (``format.objective_meet``),
            in order; exits: the squares of each Exit area of the layout.
        difficulty_name: the name of the pack's difficulty option in play (a story
            session's ``setup["difficulty"]``: its game state holds none); ``None``:
            the game state's ``difficulty``, if any, else the standard game.
    """

    board: Board
    battle: dict[str, Any]
    game: dict[str, Any]
    pack: Mapping[str, Any]
    decks: DeckAccess
    rule: DiceRule
    rng: Pcg32
    enemy_turn: Callable[[Scene, list[int]], Generator[dict[str, Any], dict[str, Any], None]] | None = None
    enemy_attack: Callable[[Scene, int, int, int], Generator[dict[str, Any], dict[str, Any], None]] | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    difficulty_name: str | None = None
    sink: Callable[[dict[str, Any]], None] | None = None
    watch_end: bool = False
    objectives: list[dict[str, Any]] = field(default_factory=list)
    exits: list[list[tuple[int, int]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.enemies = _by_name(self.pack.get("enemies"))
        self.named_enemies = _by_name(self.pack.get("named_enemies"))
        self.tokens = _by_name(self.pack.get("status_tokens"))
        #: Characters receive Severe Wounds (Suffering Wounds); the easier difficulty's
        #: ``severe_wounds: false`` turns them off (Difficulty Adjustments).
        self.difficulty = difficulty_of(self.pack, self.difficulty_name or self.game.get("difficulty"))
        self.severe = bool(self.difficulty.get("severe_wounds", True))
        #: What the rules derive from the pack's data alone (a Stone face's options, a
        #: Character board by name), computed once per Scene: never the Battle or game
        #: state, which change (so nothing here can go stale, and saves never hold it).
        self.cache: dict[Any, Any] = {}

    def players_set_up(self) -> int:
        """The Battle's one Character count: what every per-player count reads (a
        spawn's ``per_player`` / ``count``, a ``condition``'s ``players``, the Named
        Enemy's health tracker). ``setup.players_set_up`` (Solo Play counts the pack's
        ``solo_characters``) plus the difficulty's ``character_count`` (Difficulty
        Adjustments, easier: "Treat your Character count as 1 lower than the number
        of players"), never below 1: ``setup.character_count``, the same count as the
        story's (``story.StoryRules.players_set_up``, ``loot.StoryTable``).
        docs/rulings.md, "The easier game's Character count"."""
        return character_count(self.pack, self.game["players"], self.difficulty)

    def deck_for(self, role: str) -> str | None:
        """The name of the deck playing ``role`` (``reaction``, ``loot``, ``equipment``):
        ``deck_play.deck_by_role`` (the pack's ``deck_roles``, else a deck with that
        ``role``), or ``None`` when no deck plays it (the second ruleset's pack has no
        Reaction and no Loot deck: docs/rulings.md, "A pack without a Reaction or Loot
        deck")."""
        return deck_by_role(self.pack, role)

    def battle_stat(self, role: str, use: str) -> str:
        """The stat a Character rolls for ``role`` (``melee``, ``defense``): the pack's
        ``battle_stats[role]``; ``use`` names the roll in the error ("Melee attacks").

        Raises:
            EngineError: the pack names no stat for ``role``.
        """
        stat = (self.pack.get("battle_stats") or {}).get(role)
        if stat is None:
            raise EngineError(f"pack {self.pack['id']!r} names no stat for {use} (battle_stats.{role})")
        return stat

    def record(self, event: dict[str, Any]) -> None:
        """Append ``event`` to ``events`` (or hand it to ``sink``); then, when
        ``watch_end`` is set, check whether the Battle has ended
        (``battle.objectives.check_end``: raises ``BattleEnded``)."""
        if self.sink is not None:
            self.sink(event)
        else:
            self.events.append(event)
        if self.watch_end:
            from cardforge_runtime.battle.objectives import check_end   # objectives reads the scene
            check_end(self)

    def figures(self) -> dict[tuple[int, int], str]:
        """The figures as the board queries take them (``state.figures_map``)."""
        return figures_map(self.battle, self.game["characters"])

    def square(self, figure_id: int) -> tuple[int, int]:
        """The square of figure ``figure_id``."""
        return square_of(self.battle, figure_id)

    def kind(self, figure_id: int) -> str:
        """``"character"``, ``"enemy"`` or ``"named"``."""
        return figure(self.battle, figure_id)[0]

    def get(self, figure_id: int) -> dict[str, Any]:
        """The figure dict of ``figure_id``."""
        return figure(self.battle, figure_id)[1]

    def character(self, figure_id: int) -> dict[str, Any]:
        """The game state's Character of Character figure ``figure_id``."""
        return self.game["characters"][self.get(figure_id)["character"]]

    def on_board(self, figure_id: int) -> bool:
        """Whether figure ``figure_id`` is still on the board."""
        try:
            figure(self.battle, figure_id)
        except KeyError:
            return False
        return True
