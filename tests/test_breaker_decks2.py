"""Bad input thrown at the issue-9 features, second round (Loot cards kept and used,
the story session's requests, `cardforge play`): each break found written down as a
test: a clear diagnostic, ``BundleError``, ``SessionError`` or ``AnswerError``, never a
traceback, a hang or a bundle the runtime refuses."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardforge_runtime import Session, load_bundle
from cardforge_runtime.answer_fields import AnswerError

# -- a `pick` request in a story session -----------------------------------------------

#: A story that gives the one Character two negative status tokens and a kept Loot
#: card whose `use` removes "1 negative Status Banner token" (the players choose which).
_TWO_TOKENS = """\
kind: story
id: act-1
title: The Road
start: 1
cards:
  - id: 1
    title: The Inn
    steps:
      - gain: {status: [Despair]}
      - gain: {status: [Doom]}
      - gain: {items: [Cross]}
      - goto: 2
  - id: 2
    title: Paris
    steps:
      - victory: You reach Paris.
"""


def _two_tokens_pack(tmp_path: Path) -> Path:
    from _decks_helpers import DECKS, decks_pack

    old = "    effects: [{gain: {destiny: 1}}]\n"
    assert old in DECKS
    decks = DECKS.replace(old, "    keep: true\n    use: [{remove-status: {who: you}}]\n    text: Remove 1 token.\n")
    folder = decks_pack(tmp_path, decks=decks)
    (folder / "story.yaml").write_text(_TWO_TOKENS, encoding="utf-8")
    return folder


def _at_the_pick(tmp_path: Path) -> Session:
    from _helpers import build_pack

    session = Session.start(load_bundle(build_pack(_two_tokens_pack(tmp_path), None)), "act-1", players=1, seed=1)
    while session.pending["kind"] != "between":
        session.answer({})
    (kept,) = session.pending["usable"][0]
    session.answer({"use": [{"character": 0, "card": kept["card"]}]})
    return session


def test_a_kept_card_whose_use_asks_the_players_to_pick_is_answered_in_a_story(tmp_path: Path) -> None:
    """Gascony's Legacy, Status Banner: "Remove 1 negative Status Banner token" with
    two held: the players choose which (a ``pick`` request, ``effects.pick``). In a
    story session every answer to it raised KeyError 'pick' (no answer check for the
    kind): the story could never go on."""
    session = _at_the_pick(tmp_path)
    assert session.pending == {"kind": "pick", "for": "remove-status", "options": ["Despair", "Doom"], "character": 0}
    before = (session.state, session.pending, len(session.log))
    for wrong in ({}, {"pick": "Fatigue"}, {"pick": ["Doom"]}, {"pick": "Doom", "also": 1}, {"option": 0}):
        with pytest.raises(AnswerError):
            session.answer(wrong)
        assert (session.state, session.pending, len(session.log)) == before
    session.answer({"pick": "Doom"})
    assert session.state["characters"][0]["status"] == ["Despair"]
    assert session.pending["kind"] == "between"


def _cardforge(*args: str, stdin: str = ""):
    import os
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "cardforge_compiler", *args], capture_output=True, text=True,
                          input=stdin, env={**os.environ, "NO_COLOR": "1", "COLUMNS": "80"})


def test_cardforge_play_asks_the_pick_of_a_kept_card_used(tmp_path: Path) -> None:
    """`cardforge play` met the same ``pick`` request with "internal error:
    AttributeError: 'Terminal' object has no attribute 'parse_pick'"."""
    import json

    from _helpers import build_pack

    path = tmp_path / "two.json"
    path.write_text(json.dumps(build_pack(_two_tokens_pack(tmp_path / "content"), None)), encoding="utf-8")
    result = _cardforge("play", str(path), "--seed", "1", stdin="\nuse 1 1\n3\n2\n\n\n")
    assert result.returncode == 0, result.stderr
    out = " ".join(result.stdout.split())
    assert "Porthos removes which negative Status Banner token? 1. Despair 2. Doom" in out
    assert "type one number from 1 to 2" in out
    assert "Porthos: status tokens Despair, Doom -> Despair" in out and "*** VICTORY ***" in out


# -- items an effect gives or takes: the deck cards behind them go too ------------------------

_PICK = Path(__file__).resolve().parent / "conformance" / "content" / "pick"


def _kept_cards_pack(tmp_path: Path, use: str, story_items: str = "[Cross, Bandages]") -> Path:
    """The conformance pick pack with Cross's `use` replaced by ``use`` and a second
    kept card, Bandages; card 1 gives ``story_items``."""
    import shutil

    folder = tmp_path / "pack"
    shutil.copytree(_PICK, folder)
    decks = (folder / "decks.yaml").read_text(encoding="utf-8")
    old = "use: [{remove-status: {who: you}}]"
    assert old in decks
    decks = decks.replace(old, use) + ("  - name: Bandages\n    keep: true\n    use: [{heal: {who: you, amount: 1}}]\n"
                                       "  - name: Rapier\n")
    (folder / "decks.yaml").write_text(decks, encoding="utf-8")
    story = (folder / "story.yaml").read_text(encoding="utf-8")
    (folder / "story.yaml").write_text(story.replace("gain: {items: [Cross]}", f"gain: {{items: {story_items}}}"),
                                       encoding="utf-8")
    return folder


def _between(tmp_path: Path, use: str, story_items: str = "[Cross, Bandages]") -> Session:
    from _helpers import build_pack

    session = Session.start(load_bundle(build_pack(_kept_cards_pack(tmp_path, use, story_items), None)), "pick",
                            players=1, seed=1)
    while session.pending["kind"] != "between":
        session.answer({})
    return session


def test_an_item_an_effect_takes_takes_its_card(tmp_path: Path) -> None:
    """A kept card whose `use` is `lose: {items: [Bandages]}`: the item left `items`
    but its card stayed in `cards`, still offered in `usable`; using it then failed
    with EngineError (ValueError: list.remove(x)) on an answer that fit. A story's
    `lose` step takes the card (``deck_play.lose_card``): an effect's does too."""
    session = _between(tmp_path, "use: [{lose: {items: [Bandages]}}]")
    assert session.state["characters"][0]["cards"] == ["Loot#2", "Loot#3"]
    session.answer({"use": [{"character": 0, "card": "Loot#2"}]})
    character = session.state["characters"][0]
    assert (character["items"], character["cards"], session.pending["usable"]) == ([], [], [[]])
    assert session.state["decks"]["Loot"]["discard"] == ["Loot#3", "Loot#2"]


def test_an_item_an_effect_gives_takes_its_deck_card(tmp_path: Path) -> None:
    """A kept card whose `use` is `gain: {items: [Bandages]}` (a deck card): the
    Character got the item without its card (nothing to use, never in the hands
    count), where a story's `gain` step takes a copy (docs/rulings.md, Gaining a deck
    card)."""
    session = _between(tmp_path, "use: [{gain: {items: [Bandages]}}]", story_items="[Cross]")
    session.answer({"use": [{"character": 0, "card": "Loot#2"}]})
    character = session.state["characters"][0]
    assert (character["items"], character["cards"]) == (["Bandages"], ["Loot#3"])
    assert session.pending["usable"] == [[{"card": "Loot#3", "item": "Bandages"}]]


# -- a stacking status token in a story's steps ------------------------------------------------


def _fatigue_bundle(tmp_path: Path) -> dict:
    """The conformance pick pack with a stacking Fatigue token; card 1 gives it three
    times and takes it once."""
    import shutil

    from _helpers import build_pack

    folder = tmp_path / "pack"
    shutil.copytree(_PICK, folder)
    pack = (folder / "pack.yaml").read_text(encoding="utf-8")
    (folder / "pack.yaml").write_text(pack.replace("  - {name: Doom, six_counts: 1}\n",
                                                   "  - {name: Doom, six_counts: 1}\n  - {name: Fatigue, stacks: true}\n"),
                                      encoding="utf-8")
    story = (folder / "story.yaml").read_text(encoding="utf-8")
    steps = ("      - gain: {status: [Fatigue]}\n      - gain: {status: [Fatigue]}\n      - gain: {status: [Fatigue]}\n"
             "      - lose: {status: [Fatigue]}\n")
    (folder / "story.yaml").write_text(story.replace("      - gain: {status: [Despair]}\n", steps), encoding="utf-8")
    return build_pack(folder, None)


def test_a_story_step_gives_and_takes_a_stacking_token_one_copy_at_a_time(tmp_path: Path) -> None:
    """Enemy Attack, Poison: "Each Fatigue token you have reduces your Action Points"
    (the pack's `stacks: true`: held more than once). A card's `status`/`gain` effect
    stacked it, but a story's `gain: {status: [Fatigue]}` step gave it once however
    often it was played, and a `lose` step took every copy at once."""
    session = Session.start(load_bundle(_fatigue_bundle(tmp_path)), "pick", players=1, seed=1)
    session.answer({})
    assert session.state["characters"][0]["status"] == ["Doom", "Fatigue", "Fatigue"]


def test_a_save_holding_a_stacking_token_twice_carries_over(tmp_path: Path) -> None:
    """A save whose Character holds Fatigue twice (a stacking token) was refused as
    damaged when carried over to a rebuilt bundle ("Porthos's status tokens": the check
    wanted each token once)."""
    import copy

    bundle = _fatigue_bundle(tmp_path)
    session = Session.start(load_bundle(bundle), "pick", players=1, seed=1)
    session.answer({})                                  # card 1: Fatigue x3, then one lost
    session.answer({})                                  # between: go on; card 2 is drawn (the checkpoint)
    assert session.pending["kind"] == "card" and session.pending["card"] == 2
    rebuilt = copy.deepcopy(bundle)
    rebuilt["packs"][0]["stories"][0]["cards"][1]["title"] = "Paris at last"
    rebuilt["content_hash"] = "sha256:" + "0" * 64
    resumed = Session.load(load_bundle(rebuilt), session.save())
    assert resumed.state["characters"][0]["status"] == ["Doom", "Fatigue", "Fatigue"]


# -- effects a place cannot play --------------------------------------------------------------


def _codes(folder: Path, *codes: str) -> list[tuple]:
    from cardforge_compiler.pipeline import compile_paths

    return [(d.code, Path(d.file).name, d.line, d.column, d.message) for d in compile_paths([str(folder)]).diagnostics
            if d.code in codes]


def test_a_character_turn_effect_on_a_card_or_an_enemy_is_cf840(tmp_path: Path) -> None:
    """`extra-attack-die` on a Reaction card, a Threat card's reaction or an Enemy's
    on_hit linted clean, and the engine refused the card when drawn ("the effect
    'extra-attack-die' is played in a Character's turn, not on a drawn card")."""
    from _decks_helpers import DECKS, ENEMIES, THREATS, decks_pack

    decks = DECKS.replace("effects: [{cancel-wound: {}}, {reshuffle: {}}]", "effects: [{second-attack: {}}]")
    threats = THREATS.replace("      - push: {who: you, squares: 1, away_from: this}\n", "      - prepare: {}\n")
    enemies = ENEMIES.replace("range: 6\n", "range: 6\non_hit: [{move-bonus: 1}]\n")
    assert decks != DECKS and threats != THREATS and enemies != ENEMIES
    found = _codes(decks_pack(tmp_path, decks=decks, threats=threats, enemies=enemies), "CF840")
    assert [(code, file, line) for code, file, line, _c, _m in found] == [
        ("CF840", "decks.yaml", 8), ("CF840", "enemies.yaml", 16), ("CF840", "threats.yaml", 12)]
    assert found[0][4] == ("the effect 'second-attack' is played by a Character in their turn (a Stone of Chance, a "
                           "Talent or a Support), not by card 'Duck!' of 'Reaction': the engine refuses it there")
    assert "not by Enemy 'Marksman'" in found[1][4]


def test_a_card_drawn_at_the_start_of_a_story_that_needs_a_board_is_cf841(tmp_path: Path) -> None:
    """The easier game draws Loot at the start of the Story, outside a Battle: a Loot
    card that pushes linted clean and Session.start raised EngineError ("the effect
    'push' needs a Battle's board") for every seed. A card it draws from another deck
    is played there too."""
    import shutil

    folder = tmp_path / "pack"
    shutil.copytree(_PICK, folder)
    decks = (folder / "decks.yaml").read_text(encoding="utf-8")
    decks = decks.replace("  - name: Nothing\n", "  - name: Nothing\n    effects: [{draw: {deck: Tricks}}]\n") + """\
---
kind: deck
name: Tricks
role: other
cards:
  - name: Shove
    effects: [{push: {who: you, squares: 1}}]
  - name: Hex
    effects: [{if: wounded, then: [{heal: {who: this}}]}]
"""
    (folder / "decks.yaml").write_text(decks, encoding="utf-8")
    pack = (folder / "pack.yaml").read_text(encoding="utf-8")
    (folder / "pack.yaml").write_text(pack + "difficulty:\n  - name: easier\n    start_draws: {deck: Loot, per_character: 1}\n",
                                      encoding="utf-8")
    assert _codes(folder, "CF841") == [
        ("CF841", "decks.yaml", 18, 15, "card 'Shove' of deck 'Tricks' plays the effect 'push' when it is drawn at the "
                                        "start of a Story (drawn by card 'Nothing' of deck 'Loot'), outside a Battle: "
                                        "there is no board, no Enemy and no target rule to play it on"),
        ("CF841", "decks.yaml", 20, 20, "card 'Hex' of deck 'Tricks' plays an `if` on 'wounded' (a predicate of the "
                                        "board) when it is drawn at the start of a Story (drawn by card 'Nothing' of "
                                        "deck 'Loot'), outside a Battle: there is no board, no Enemy and no target rule "
                                        "to play it on"),
        ("CF841", "decks.yaml", 20, 49, "card 'Hex' of deck 'Tricks' plays the effect 'heal' on `this` (an Enemy) when "
                                        "it is drawn at the start of a Story (drawn by card 'Nothing' of deck 'Loot'), "
                                        "outside a Battle: there is no board, no Enemy and no target rule to play it on"),
    ]


# -- an Equipment deck drawn at the start of a Story ----------------------------------------


def test_an_equipment_card_drawn_at_the_start_of_a_story_is_held(tmp_path: Path) -> None:
    """A difficulty's `start_draws: {deck: Equipment}` linted clean, and each
    Character's card was "resolved" as a Loot card and discarded (event `loot`, kept
    false): they never got it. An Equipment card drawn is held, as a `draw` effect's
    ("Loot cards: new Equipment cards"), within the hands carried."""
    from _decks_helpers import RULES, decks_pack

    from _helpers import build_pack

    old = "start_draws: {deck: Loot, per_character: 1}"
    assert old in RULES
    folder = decks_pack(tmp_path, rules=RULES.replace(old, "start_draws: {deck: Equipment, per_character: 1}"))
    session = Session.start(load_bundle(build_pack(folder, None)), "act-1", players=1, seed=3, difficulty="easier")
    # Porthos's Broadsword (2 hands) and the Pistol drawn (1 hand): more than 2 hands
    assert session.pending == {"kind": "leave", "card": None, "character": 0, "hands": 2, "cards": [
        {"card": "Equipment#1", "item": "Broadsword", "hands": 2}, {"card": "Equipment#2", "item": "Pistol", "hands": 1}]}
    session.answer({"leave": ["Equipment#1"]})
    (drawn,) = [e for entry in session.log for e in entry["events"] if e["event"] == "loot"]
    character = session.state["characters"][0]
    assert drawn == {"event": "loot", "character": 0, "card": "Equipment#2", "item": "Pistol", "kept": True}
    assert (character["items"], character["cards"]) == (["Pistol"], ["Equipment#2"])
    assert session.state["decks"]["Equipment"]["discard"] == ["Equipment#1"]
