"""One Character count in and out of a Battle (Gascony's Legacy, Difficulty
Adjustments: the easier game "Treat[s] your Character count as 1 lower than the
number of players"; Solo Play sets the game up for 2): the story's rules
(``story.StoryRules``), the story's effect table (``loot.StoryTable``: Loot drawn at
the start of the easier game's Story, a kept card used between Story cards) and a
Battle's ``Scene`` read the same count, ``setup.character_count``."""

from __future__ import annotations

import pytest

from _board_helpers import board_from_rows
from _runtime_helpers import TEST_DECKS, make_bundle
from cardforge_runtime import Session, load_bundle
from cardforge_runtime import decks as D
from cardforge_runtime import effects
from cardforge_runtime.battle.deck_access import GameDecks
from cardforge_runtime.battle.predicates import holds
from cardforge_runtime.battle.scene import Scene
from cardforge_runtime.battle.state import new_battle
from cardforge_runtime.deck_play import decks_in_play
from cardforge_runtime.dice import DiceRule
from cardforge_runtime.loot import StoryTable
from cardforge_runtime.pcg import Pcg32

BOARDS = [
    {"name": "Anne", "stats": {"Prowess": 3, "Movement": 2}, "destiny": 3, "health": 3, "items": [], "weapons": []},
    {"name": "Bertrand", "stats": {"Prowess": 2, "Movement": 6}, "destiny": 1, "health": 2, "items": [], "weapons": []},
]
EASIER = {"name": "easier", "character_count": -1, "severe_wounds": False}
WON = {"kind": "victory", "text": "Won."}


def players_is(n: int) -> dict:
    """The ``condition`` predicate ``players == n`` as the bundle writes it."""
    return {"kind": "condition", "value": {"op": "==", "left": {"op": "name", "name": "players"},
                                           "right": {"op": "const", "value": n}}}


def coins_if_players(n: int) -> list[dict]:
    """Gain 1 coin when ``players == n``, else 10."""
    return [{"kind": "if", "if": players_is(n), "then": [{"kind": "gain", "who": "you", "coins": 1}],
             "else": [{"kind": "gain", "who": "you", "coins": 10}]}]


def start(players: int, difficulty: str | None, decks=TEST_DECKS, cards=None) -> Session:
    data = make_bundle(cards or [{"id": 1, "steps": [WON]}], characters=BOARDS, decks=decks, difficulty=[EASIER])
    return Session.start(load_bundle(data), "s", players=players, seed=2, difficulty=difficulty)


def drive(play):
    try:
        request = next(play)
    except StopIteration as stop:
        return stop.value
    raise AssertionError(f"asked {request}")


@pytest.mark.parametrize(("players", "difficulty", "count"), [(1, None, 2), (1, "easier", 1), (2, None, 2), (2, "easier", 1)])
def test_story_table_scene_and_story_count_the_same(players, difficulty, count):
    """Solo Play counts 2; the easier game 1 fewer: the story's rules, its effect table
    (the ``condition`` predicate's ``players``) and a Battle's Scene on the story's
    own game state (which holds no difficulty: the Scene is told it) agree."""
    session = start(players, difficulty)
    state, pack = session.state, session.bundle.data["packs"][0]
    assert session._rules.players_set_up() == count
    table = StoryTable(state, pack, D.deck_rng(1), [].append, difficulty=difficulty)
    assert table.players_set_up() == count
    coins = state["coins"]
    assert drive(effects.run(table, coins_if_players(count), effects.Resolution(0))) is None
    assert state["coins"] == coins + 1
    scene = Scene(board_from_rows(["..."]), new_battle({}), state, pack,
                  GameDecks(state["decks"], decks_in_play(pack, state), D.deck_rng(1)), DiceRule(), Pcg32(5),
                  difficulty_name=difficulty)
    assert scene.players_set_up() == count
    assert holds(scene, {"kind": "difficulty", "value": "easier"}, effects.Resolution()) == (difficulty == "easier")


def test_a_kept_card_used_between_story_cards_counts_as_the_easier_game():
    """``loot.use_card`` from the ``between`` answer plays on a table that knows the
    difficulty in play: its ``condition`` counts 1 Character in an easier 2-player game."""
    decks = [dict(deck) for deck in TEST_DECKS]
    decks[1] = {"name": "Loot", "role": "loot", "cards": [
        {"name": "Salve", "count": 1, "keep": True, "effects": [], "use": coins_if_players(1)}]}
    cards = [{"id": 1, "steps": [{"kind": "gain", "items": ["Salve"], "who": "one", "character": "Anne"},
                                 {"kind": "goto", "card": 2}]}, {"id": 2, "steps": [WON]}]
    session = start(2, "easier", decks=decks, cards=cards)
    while session.pending["kind"] != "between":
        session.answer({})
    salve = session.state["characters"][0]["cards"][0]
    coins = session.state["coins"]
    session.answer({"use": [{"character": 0, "card": salve}]})
    assert session.state["coins"] == coins + 1


def test_the_condition_predicate_needs_the_character_count():
    """``effect_predicates.game_predicate`` takes the count from its caller
    (``setup.character_count``) and has no fallback of its own: a caller that forgets it
    is a ``TypeError``, not a silent standard count (which would read 2 Characters in an
    easier 2-player game, where the count is 1)."""
    from cardforge_runtime.effect_predicates import game_predicate
    game = {"players": 2, "difficulty": "easier", "flags": {}, "counters": {}, "coins": 0, "characters": []}
    with pytest.raises(TypeError):
        game_predicate(game, players_is(1), None, "easier")  # type: ignore[call-arg]
    assert game_predicate(game, players_is(1), None, "easier", players=1) is True
    assert effects.game_predicate is game_predicate and effects.stacks is not None   # still importable from effects
