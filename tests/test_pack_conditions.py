"""Story conditions written in a pack's effects (the ``if`` effect's ``condition``
predicate) and in its ``on_death`` options: parsed and checked by lint (CF201-CF203
at the author's line and column), written into the bundle as condition trees beside
their text, checked by ``load_bundle`` and evaluated by the runtime with the story in
play (docs/format.md, Effects; docs/bundle.md, Enemies and decks)."""

from __future__ import annotations

import copy

import pytest

from _decks_helpers import DECKS, RULES, decks_pack
from _helpers import STORY_HEAD, build_pack
from cardforge_runtime import load_bundle
from cardforge_runtime import decks as D
from cardforge_runtime.loot import draw_loot

#: A story that declares, sets and reads the flag and the counter the pack's
#: conditions read, and gives the Phoenix Feather an ``on_death`` option asks for
#: (else CF308: no item has("Phoenix Feather") could find).
SECRET_STORY = "flags: [knows_secret]\ncounters: {duels: 0}\n" + STORY_HEAD + """\
  - id: 1
    title: The Inn
    steps:
      - choice:
          - text: Listen at the door.
            steps: [{set: {knows_secret: true}}, {add: {duels: 1}}, {gain: {items: [Phoenix Feather]}}]
            goto: 2
          - text: Leave.
            goto: 2
  - id: 2
    title: The Road
    steps:
      - if: knows_secret or duels > 0
        then: [{victory: You reach Paris.}]
        else: [{defeat: You are lost.}]
"""

#: The Loot deck with one card whose effects depend on a story condition.
STASH_LOOT = DECKS.replace("""\
  - name: Cross
    effects: [{gain: {destiny: 1}}]
""", """\
  - name: Stash
    effects:
      - if: {condition: "knows_secret and coins >= 2"}
        then: [{gain: {coins: 5}}]
        else: [{gain: {coins: 1}}]
""")


def drive(play):
    """Run a generator that must ask nothing; its return value."""
    try:
        request = next(play)
    except StopIteration as stop:
        return stop.value
    raise AssertionError(f"asked {request}")


def _stash_session(tmp_path):
    from cardforge_runtime import Session

    folder = decks_pack(tmp_path, decks=STASH_LOOT)
    (folder / "story.yaml").write_text(SECRET_STORY, encoding="utf-8")
    bundle = load_bundle(build_pack(folder))
    return Session.start(bundle, "act-1", players=1, seed=1)


def _draw_stash(state, pack) -> str:
    """Draw the Stash (Loot#2: Nothing is Loot#1) from the top of the Loot deck."""
    state["decks"]["Loot"].update(draw=["Loot#2", "Loot#1"], discard=[])
    return drive(draw_loot(state, pack, 0, D.deck_rng(1), lambda event: None))["item"]


def test_a_loot_card_condition_is_evaluated_with_the_story_in_play(tmp_path) -> None:
    """``if: {condition: "knows_secret and coins >= 2"}`` on a Loot card, compiled,
    loaded and drawn: the condition reads the story's flag and the party's coins."""
    session = _stash_session(tmp_path)
    state, pack = session.state, session.bundle.data["packs"][0]
    state["coins"] = 3                                       # knows_secret false: else
    assert _draw_stash(state, pack) == "Stash" and state["coins"] == 4
    state["flags"]["knows_secret"] = True                    # true, 4 coins: then
    assert _draw_stash(state, pack) == "Stash" and state["coins"] == 9
    state["coins"] = 1                                       # true, 1 coin: else
    assert _draw_stash(state, pack) == "Stash" and state["coins"] == 2


# -- on_death ---------------------------------------------------------------------------

DEATH_RULES = RULES.replace("on_death: {effect: lose-game}\n", """\
on_death:
  options:
    - {name: Restart the Battle, effect: restart}
    - {name: Continue, effect: retire, if: "duels >= 2 or knows_secret"}
    - {name: Use the Feather, effect: revive, if: 'has("Phoenix Feather")'}
""")


def _death_session(tmp_path):
    from cardforge_runtime import Session

    folder = decks_pack(tmp_path, rules=DEATH_RULES)
    (folder / "story.yaml").write_text(SECRET_STORY, encoding="utf-8")
    bundle = build_pack(folder)
    options = bundle["packs"][0]["on_death"]["options"]
    assert options[1] == {"name": "Continue", "effect": "retire", "if_source": "duels >= 2 or knows_secret", "if": {
        "op": "or", "args": [{"op": ">=", "left": {"op": "name", "name": "duels"}, "right": {"op": "const", "value": 2}},
                             {"op": "name", "name": "knows_secret"}]}}
    assert options[0]["if"] is None and options[0]["if_source"] is None
    return Session.start(load_bundle(bundle), "act-1", players=1, seed=1)


def test_on_death_options_open_by_their_condition_in_the_story_in_play(tmp_path) -> None:
    from cardforge_runtime.death import death_options

    session = _death_session(tmp_path)
    state, pack = session.state, session.bundle.data["packs"][0]
    names = lambda: [o["name"] for o in death_options(pack, state)]  # noqa: E731
    assert names() == ["Restart the Battle"]
    state["counters"]["duels"] = 2
    assert names() == ["Restart the Battle", "Continue"]
    state["counters"]["duels"] = 1
    state["characters"][0]["items"].append("Phoenix Feather")
    assert names() == ["Restart the Battle", "Use the Feather"]
    state["flags"]["knows_secret"] = True
    assert death_options(pack, state)[1:] == [{"name": "Continue", "effect": "retire"},
                                              {"name": "Use the Feather", "effect": "revive"}]
    lose = {**pack, "on_death": {"effect": "lose-game", "options": []}}
    assert death_options(lose, state) == [] and death_options({"players": pack["players"]}, state) == []


# -- load_bundle ---------------------------------------------------------------------------


def _bundle(tmp_path) -> dict:
    folder = decks_pack(tmp_path, decks=STASH_LOOT, rules=DEATH_RULES)
    (folder / "story.yaml").write_text(SECRET_STORY, encoding="utf-8")
    return build_pack(folder)


def _stash_predicate(bundle: dict) -> dict:
    loot = next(d for d in bundle["packs"][0]["decks"] if d["name"] == "Loot")
    return loot["cards"][1]["effects"][0]["if"]


def test_the_bundle_holds_the_tree_and_its_text(tmp_path) -> None:
    predicate = _stash_predicate(_bundle(tmp_path))
    assert predicate == {"kind": "condition", "source": "knows_secret and coins >= 2", "value": {
        "op": "and", "args": [{"op": "name", "name": "knows_secret"},
                              {"op": ">=", "left": {"op": "name", "name": "coins"}, "right": {"op": "const", "value": 2}}]}}


@pytest.mark.parametrize(("edit", "message"), [
    (lambda b: _stash_predicate(b).update(value="knows_secret and coins >= 2"),
     r"decks\[1\]\.cards\[1\]\.effects\[0\]\.if\.value: expected an object, found text"),
    (lambda b: _stash_predicate(b)["value"]["args"][0].update(name="gold"),
     r"effects\[0\]\.if\.value\.args\[0\]\.name: 'gold' is not a flag or counter that every story of the pack "
     r"declares \(with one type\) nor a built-in name"),
    (lambda b: _stash_predicate(b).update(value={"op": "name", "name": "duels"}),
     r"effects\[0\]\.if\.value: expected a bool value, found a number one"),
    (lambda b: _stash_predicate(b).update(source=3), r"effects\[0\]\.if\.source: expected text"),
    (lambda b: b["packs"][0]["on_death"]["options"][1].update({"if": "duels >= 2"}),
     r"on_death\.options\[1\]\.if: expected an object or null, found text"),
    (lambda b: b["packs"][0]["on_death"]["options"][1]["if"]["args"][1].update(name="secret"),
     r"on_death\.options\[1\]\.if\.args\[1\]\.name: 'secret' is not a flag or counter that every story"),
    # a second story without the flag: the pack's conditions may no longer read it
    (lambda b: b["packs"][0]["stories"].append({**b["packs"][0]["stories"][0], "id": "act-2", "flags": [],
                                                "cards": [{**b["packs"][0]["stories"][0]["cards"][1], "id": 7,
                                                           "steps": [{"kind": "victory", "text": "Won."}]}],
                                                "start": 7, "edges": []}),
     r"decks\[1\]\.cards\[1\]\.effects\[0\]\.if\.value\.args\[0\]\.name: 'knows_secret' is not a flag or "
     r"counter that every story of the pack declares"),
])
def test_load_bundle_checks_the_pack_conditions(tmp_path, edit, message) -> None:
    from cardforge_runtime import BundleError

    bundle = _bundle(tmp_path)
    load_bundle(copy.deepcopy(bundle))
    edit(bundle)
    with pytest.raises(BundleError, match=message):
        load_bundle(bundle)


# -- lint: the names in scope --------------------------------------------------------------


def test_the_names_every_story_declares_alike() -> None:
    from cardforge_runtime.format import pack_condition_names

    assert pack_condition_names([]) == {"players": "number", "characters": "number", "coins": "number"}
    names = pack_condition_names([(["a", "b", "c"], {"n": 0, "m": 1}), (["a", "c", "m"], {"b": 0, "n": 3})])
    assert {k: v for k, v in names.items() if k not in ("players", "characters", "coins")} == {
        "a": "bool", "c": "bool", "n": "number"}


def test_a_flag_read_only_by_a_deck_card_is_used(tmp_path) -> None:
    """CF505 (declared but never used) and CF504 (set, never read) count the reads of
    the pack's conditions: a flag only a Loot card reads is used."""
    story = "flags: [knows_secret]\n" + STORY_HEAD + """\
  - id: 1
    title: The Inn
    steps:
      - set: {knows_secret: true}
      - victory: You reach Paris.
"""
    folder = decks_pack(tmp_path, decks=STASH_LOOT)
    (folder / "story.yaml").write_text(story, encoding="utf-8")
    build_pack(folder)                                   # no diagnostic at all
    (folder / "story.yaml").write_text(story.replace("      - set: {knows_secret: true}\n", ""), encoding="utf-8")
    build_pack(folder)


def _lint(folder) -> list[str]:
    from cardforge_compiler.pipeline import compile_paths

    result = compile_paths([str(folder)])
    return [f"{d.line}:{d.column} {d.code} {d.message} | {d.hint}" for d in result.diagnostics]


def test_a_flag_of_some_stories_only_or_of_two_types_is_unknown_to_a_deck_card(tmp_path) -> None:
    folder = decks_pack(tmp_path, decks=STASH_LOOT.replace("knows_secret and coins >= 2", "duels > 0"))
    (folder / "story.yaml").write_text(SECRET_STORY, encoding="utf-8")
    (folder / "act-2.yaml").write_text("""\
kind: story
id: act-2
title: The Road
start: 11
flags: [duels]
cards:
  - id: 11
    title: The Duel
    steps:
      - set: {duels: true}
      - if: duels
        then: [{victory: You win the duel.}]
        else: [{defeat: You lose the duel.}]
""", encoding="utf-8")
    found = _lint(folder)
    assert [f for f in found if " CF202 " in f] == [
        "22:26 CF202 unknown name 'duels' in condition | a pack's card or rule is played in any story of the pack, so "
        "its condition reads only the flags and counters every story declares alike: it is a counter in one story "
        "and a flag in another"], found


def test_the_column_of_a_fault_at_the_start_of_a_quoted_condition(tmp_path) -> None:
    """A fault in the first character of a quoted condition points past the quote,
    at the name (story cards and the pack's conditions alike)."""
    folder = decks_pack(tmp_path, decks=STASH_LOOT.replace('"knows_secret and', '"knows_secrte and'))
    (folder / "story.yaml").write_text(SECRET_STORY.replace("if: knows_secret or duels > 0", 'if: "knows_secert or duels > 0"'),
                                       encoding="utf-8")
    found = _lint(folder)
    assert [f.split(" | ")[0] for f in found] == [
        "22:26 CF202 unknown name 'knows_secrte' in condition",
        "20:14 CF202 unknown name 'knows_secert' in condition"], found


def test_the_functions_of_a_pack_condition_name_what_the_pack_has(tmp_path) -> None:
    """``status("X")``, ``has("X")`` and ``in_party("X")`` in a deck card's condition are
    checked as in a story card's ``if``: a status token of the pack (CF305), an item
    something provides (CF308), a Character board (CF310), at the argument's column."""
    good = 'status("Doom") and has("Broadsword") and in_party("Porthos")'
    bad = 'status("Dom") or has("Broadswrd") or in_party("Athos")'
    folder = decks_pack(tmp_path, decks=STASH_LOOT.replace('"knows_secret and coins >= 2"', f"'{good} or {bad}'"))
    (folder / "story.yaml").write_text(SECRET_STORY, encoding="utf-8")
    found = [f for f in _lint(folder) if " CF3" in f]
    assert found == [
        "22:97 CF305 'Dom' is not a status token of pack 'test' | did you mean 'Doom'?",
        "22:111 CF308 'Broadswrd' is provided by no Character board, gain, purchase offer or deck card: "
        "has(\"Broadswrd\") is never true | did you mean 'Broadsword'?",
        "22:136 CF310 'Athos' is not a Character of pack 'test' | did you mean 'Porthos'?"], found
