"""load_bundle trusts nothing: another format or major version, a truncated file,
and hand edits anywhere give a BundleError naming the place, never a crash in play."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from _runtime_helpers import make_bundle
from cardforge_runtime import AnswerError, BundleError, EngineError, Session, SessionError, load_bundle

CHOICE = {"kind": "choice", "options": [
    {"text": "If rich", "if": {"op": ">=", "left": {"op": "name", "name": "coins"}, "right": {"op": "const", "value": 3}},
     "if_source": "coins >= 3", "steps": [{"kind": "gain", "destiny": 1, "who": "one"}], "goto": 2},
    {"text": "Go", "if": None, "if_source": None, "steps": [], "goto": 2}]}
CARDS = [
    {"id": 1, "steps": [{"kind": "text", "text": "Hi"}, CHOICE]},
    {"id": 2, "steps": [{"kind": "challenge", "stat": "Prowess", "successes": 2, "who": "one",
                         "pass": [{"kind": "victory", "text": "Won"}],
                         "fail": [{"kind": "lose", "health": 1, "status": ["Despair"], "who": "one"},
                                  {"kind": "goto", "card": 2}]}]},
]


def bundle():
    return make_bundle(copy.deepcopy(CARDS), flags=["f"], counters={"n": 0})


def test_a_good_bundle_loads_and_its_hash_is_computed():
    loaded = load_bundle(bundle())
    assert loaded.content_hash.startswith("sha256:") and not loaded.hash_matches   # the helper's hash is a dummy
    assert loaded.stories() == [("test", "s", "Story")]


def test_load_bundle_draws_the_players_limits_from_the_one_rule(monkeypatch):
    """``load_bundle`` reads the players' ranges from ``format.player_limits`` (the
    rule lint applies too), not bounds of its own: a narrower rule moves its line."""
    import cardforge_runtime.bundle_checks as checks
    from cardforge_runtime.format import player_limits

    data = bundle()
    data["packs"][0]["players"] = {"min": 1, "max": 4, "solo_characters": 2}
    load_bundle(copy.deepcopy(data))
    monkeypatch.setattr(checks, "player_limits", lambda low, high: {**player_limits(low, high), "max": (low, 3)})
    with pytest.raises(BundleError, match=r"players.max: expected a whole number from 1 to 3, found 4"):
        load_bundle(data)


def edit(path, value, data=None):
    """``data`` (default: a fresh bundle) with the value at ``path`` replaced, or deleted for ``KeyError``."""
    data = bundle() if data is None else data
    *parents, last = path
    target = data
    for key in parents:
        target = target[key]
    if value is KeyError:
        del target[last]
    else:
        target[last] = copy.deepcopy(value)
    return data


STORY = ("packs", 0, "stories", 0)
STEP = (*STORY, "cards", 1, "steps", 0)


@pytest.mark.parametrize(("path", "value", "message"), [
    (("format",), "other", "not a cardforge bundle: format is 'other', expected 'cardforge-bundle'"),
    (("format_version",), "2.0.0", re.escape("bundle format version 2.0.0 is not readable by this runtime, which reads "
                                             "cardforge-bundle 1.x (version 1.7.0); update cardforge")),
    (("format_version",), "0.9.0", "bundle format version 0.9.0 .* rebuild the bundle"),
    (("format_version",), "one", "format_version must be a version"),
    (("packs",), [], r"\$.packs: the bundle holds no pack"),
    (("packs", 0, "dice", "single_success"), [9], r"\$.packs\[0\].dice.single_success\[0\]: expected a die face from 1 to 6"),
    (("packs", 0, "players", "max"), 0, r"\$.packs\[0\].players.max: expected a whole number from 1 to 12, found 0"),
    (("packs", 0, "characters", 0, "stats"), {"Prowess": 1}, r"characters\[0\].stats: missing stat 'Movement'"),
    (("packs", 0, "porter"), [], r"\$.packs\[0\].porter: expected an object, found"),
    (("packs", 0, "porter"), {"cards_per_character": 1}, r"\$.packs\[0\].porter: missing field 'deck'"),
    (("packs", 0, "porter"), {"deck": " ", "cards_per_character": 1}, r"porter.deck: the Porter's deck needs a name"),
    (("packs", 0, "porter"), {"deck": "Equipment", "cards_per_character": 0},
     r"porter.cards_per_character: expected a whole number from 1 to 10, found 0"),
    (("packs", 0, "porter"), {"deck": "Equipment"}, r"porter: missing field 'cards_per_character'"),
    ((*STORY, "start"), 9, r"stories\[0\].start: card 9 is not a card of this story"),
    ((*STORY, "cards", 1, "id"), 1, r"cards\[1\].id: card 1 appears twice"),
    ((*STORY, "cards", 0, "steps"), KeyError, r"cards\[0\]: missing field 'steps'"),
    ((*STEP, "kind"), "dance", r"steps\[0\].kind: unknown step kind 'dance'"),
    ((*STEP, "stat"), "Luck", r"steps\[0\].stat: 'Luck' is not a stat of the pack"),
    ((*STEP, "who"), "some", r"steps\[0\].who: expected one of one, each, all, found 'some'"),
    ((*STEP, "successes"), "2", r"steps\[0\].successes: expected a whole number, found text"),
    ((*STEP, "fail", 1, "card"), 3, r"fail\[1\].card: card 3 is not a card of this story"),
    ((*STEP, "fail", 0, "status"), ["Gloom"], r"fail\[0\].status\[0\]: 'Gloom' is not a status token of the pack"),
    ((*STORY, "cards", 0, "steps", 1, "options", 0, "if", "op"), "xor", r"options\[0\].if.op: unknown condition node 'xor'"),
    ((*STORY, "cards", 0, "steps", 1, "options", 0, "if", "right"), {"op": "const", "value": True},
     r"options\[0\].if.right: '>=' cannot compare number with bool"),
    ((*STORY, "cards", 0, "steps", 1, "options", 0, "if", "left", "name"), "gold",
     r"left.name: 'gold' is not a flag or counter of this story nor a built-in name"),
    ((*STORY, "cards", 0, "steps", 1, "options", 0, "if"), {"op": "name", "name": "n"},
     r"options\[0\].if: expected a bool value, found a number one"),
    ((*STORY, "cards", 0, "steps", 1, "options", 1, "goto"), "2", r"options\[1\].goto: expected a whole number or null"),
    ((*STORY, "counters", "n"), True, r"counters.n: expected a whole number, found true/false"),
])
def test_a_damaged_bundle_names_the_place(path, value, message):
    with pytest.raises(BundleError, match=message):
        load_bundle(edit(path, value))


def test_unknown_keys_are_ignored():
    data = bundle()
    data["future"] = 1
    data["packs"][0]["stories"][0]["cards"][0]["steps"][0]["colour"] = "red"
    load_bundle(data)


@pytest.mark.parametrize(("text", "message"), [
    ('{"format": "cardforge-bundle", "packs": [', "not JSON \\(line 1, column 42.*truncated"),
    ("[1, 2]", "a bundle is a JSON object, not a list"),
    ("[" * 100000 + "]" * 100000, "nested more than 200 levels deep"),
])
def test_files_that_are_not_bundles(tmp_path: Path, text, message):
    path = tmp_path / "b.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BundleError, match=message):
        load_bundle(path)


def test_missing_file_and_bad_encoding(tmp_path: Path):
    with pytest.raises(BundleError, match="cannot read the bundle"):
        load_bundle(tmp_path / "none.json")
    (tmp_path / "latin.json").write_bytes(b'{"format": "caf\xe9"}')
    with pytest.raises(BundleError, match="not UTF-8"):
        load_bundle(tmp_path / "latin.json")


def test_a_truncated_shipped_bundle(tmp_path: Path, gascony_bundle: Path):
    text = gascony_bundle.read_text(encoding="utf-8")
    (tmp_path / "cut.json").write_text(text[: len(text) // 2], encoding="utf-8")
    with pytest.raises(BundleError, match="truncated"):
        load_bundle(tmp_path / "cut.json")


# -- hand edits anywhere: an error at load, or a game that plays ---------------------------

def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _paths(value, (*prefix, index))


ALL_PATHS = [p for p in _paths(bundle()) if p]
JUNK = st.one_of(st.none(), st.booleans(), st.integers(-3, 1000), st.text(max_size=5), st.just([]), st.just({}),
                 st.just({"op": "const", "value": 1}), st.just(KeyError))


def _auto(request):
    kind = request["kind"]
    return {"text": {}, "card": {}, "roll": {"auto": True}, "reroll": {"keep": True}, "purchase": {"buy": []}}.get(kind) or (
        {"option": request["options"][0]["option"]} if kind == "choice" else
        {"character": request["characters"][0]} if kind == "character" else
        {"objective": 0} if kind == "battle" else {})


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edits=st.lists(st.tuples(st.sampled_from(ALL_PATHS), JUNK), min_size=1, max_size=3), seed=st.integers(0, 2**64 - 1))
def test_hand_edits_never_crash_the_engine(edits, seed):
    data = bundle()
    for path, value in edits:
        try:
            edit(path, value, data)
        except (KeyError, IndexError, TypeError):
            continue                                  # an earlier edit removed the place
    try:
        loaded = load_bundle(data)
    except BundleError:
        return
    try:
        session = Session.start(loaded, "s", seed=seed)
    except SessionError:
        return
    for _ in range(200):
        if session.finished:
            break
        try:
            session.answer(_auto(session.pending))
        except AnswerError:
            break
        except EngineError as error:      # a crash inside the engine: the fault this test exists to find
            pytest.fail(f"the engine failed on a bundle load_bundle accepted: {error}")


def test_the_shipped_bundle_loads(gascony_bundle: Path):
    loaded = load_bundle(gascony_bundle)
    assert loaded.hash_matches
    assert [s for (_, s, _) in loaded.stories()] == ["act-1", "act-2", "act-3", "act-4"]
    assert json.loads(gascony_bundle.read_text(encoding="utf-8"))["content_hash"] == loaded.content_hash


@pytest.mark.parametrize(("data", "message"), [
    ([], "a bundle is a JSON object, not a list"),
    (None, "a bundle is a JSON object, not null"),
    (5, "a bundle is a JSON object, not a number"),
])
def test_data_that_is_not_an_object(data, message):
    with pytest.raises(BundleError, match=message):
        load_bundle(data)


def test_a_fifo_or_a_folder_is_not_read(tmp_path: Path):
    import os

    os.mkfifo(tmp_path / "fifo")
    for path in (tmp_path / "fifo", tmp_path):
        with pytest.raises(BundleError, match="not a regular file"):
            load_bundle(path)


@pytest.mark.parametrize(("text", "message"), [
    ('{"format": "cardforge-bundle", "n": ' + "9" * 5000 + "}", "not a bundle within the limits of every input"),
    ('{"format": "cardforge-bundle", "format_version": "\\u00b2.0.0"}', "format_version must be a version"),
])
def test_odd_json(tmp_path: Path, text, message):
    (tmp_path / "b.json").write_text(text, encoding="utf-8")
    with pytest.raises(BundleError, match=message):
        load_bundle(tmp_path / "b.json")


def test_duplicate_story_and_pack_ids_and_builtin_names():
    data = bundle()
    story = copy.deepcopy(data["packs"][0]["stories"][0])
    for card in story["cards"]:
        card["id"] += 100
    story["start"] = 101
    data["packs"][0]["stories"].append(json.loads(json.dumps(story).replace('"card": 2', '"card": 102')
                                                  .replace('"goto": 2', '"goto": 102')))
    with pytest.raises(BundleError, match=r"stories\[1\].id: story id 's' appears twice in the pack"):
        load_bundle(data)
    data = bundle()
    data["packs"].append(copy.deepcopy(data["packs"][0]))
    with pytest.raises(BundleError, match=r"packs\[1\].id: pack id 'test' appears twice"):
        load_bundle(data)
    with pytest.raises(BundleError, match="'players' is a built-in name"):
        load_bundle(edit((*STORY, "flags"), ["players"]))


def nest(depth: int) -> dict:
    steps = [{"kind": "victory", "text": "Deep"}]
    for _ in range(depth):
        steps = [{"kind": "if", "condition": {"op": "const", "value": True}, "condition_source": "true",
                  "then": steps, "else": []}]
    return make_bundle([{"id": 1, "steps": steps}])


def test_nesting_limits():
    session = Session.start(load_bundle(nest(60)), "s")
    session.answer({})
    assert session.pending["text"] == "Deep"
    with pytest.raises(BundleError, match="steps are nested more than 64 deep"):
        load_bundle(nest(70))
    tree = {"op": "const", "value": True}
    for _ in range(70):
        tree = {"op": "not", "arg": tree}
    with pytest.raises(BundleError, match="the condition is nested more than 64 deep"):
        load_bundle(edit((*STORY, "cards", 0, "steps", 1, "options", 0, "if"), tree))


def test_unknown_keys_in_per_success_are_ignored():
    data = make_bundle([{"id": 1, "steps": [{"kind": "roll", "stat": "Movement", "who": "one",
                                             "per_success": {"gain": {"destiny": 1, "who": "each"}, "note": "x"}},
                                            {"kind": "victory", "text": "Won"}]}])
    session = Session.start(load_bundle(data), "s")
    session.answer({})
    session.answer({"character": 0})
    session.answer({"faces": [6, 6]})
    session.answer({"keep": True})
    assert session.pending["kind"] == "end"


def test_nothing_handed_out_changes_what_later_sessions_play():
    """Issue 7, item 18: the data a Bundle hands out, and the data it was loaded
    from, are copies: editing them changes nothing the engine plays, and the hash
    still describes what is played."""
    source = bundle()
    loaded = load_bundle(source)
    digest = loaded.content_hash

    def play_first_card():
        session = Session.start(loaded, "s")
        session.answer({})
        return session.pending

    original = play_first_card()
    assert original == {"kind": "text", "card": 1, "text": "Hi"}
    pack, story = loaded.find_story("s")
    story["cards"][0]["steps"][0]["text"] = "Forged"
    pack["stories"][0]["cards"][0]["steps"][0]["text"] = "Forged"
    pack["characters"][0]["stats"]["Prowess"] = 99
    loaded.data["packs"][0]["stories"][0]["cards"][0]["steps"][0]["text"] = "Forged"
    source["packs"][0]["stories"][0]["cards"][0]["steps"][0]["text"] = "Forged"
    source["packs"][0]["characters"][0]["stats"]["Prowess"] = 99
    assert play_first_card() == original
    assert Session.start(loaded, "s").state["characters"][0]["stats"]["Prowess"] == 3
    assert loaded.find_story("s")[1]["cards"][0]["steps"][0]["text"] == "Hi"
    assert loaded.content_hash == digest and load_bundle(bundle()).content_hash == digest


def test_load_bundle_gives_the_garbage_collector_back_as_it_found_it(tmp_path):
    """``load_bundle`` pauses the collector while it works: afterwards it is enabled
    again (also after a refused bundle), or still disabled when the caller had
    disabled it; nothing else of the collector's changes (no ``gc.freeze``: that is the
    program's choice, docs/runtime.md)."""
    import gc

    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "other"}', encoding="utf-8")
    assert gc.isenabled()
    try:
        frozen = gc.get_freeze_count()
        loaded = load_bundle(bundle())
        assert gc.isenabled() and gc.get_freeze_count() == frozen
        assert loaded.stories() == [("test", "s", "Story")]
        with pytest.raises(BundleError):
            load_bundle(str(bad))
        assert gc.isenabled()
        gc.disable()
        load_bundle(bundle())
        with pytest.raises(BundleError):
            load_bundle(str(bad))
        assert not gc.isenabled()
    finally:
        gc.enable()


def _canonical_file(tmp_path: Path, data: dict, name: str = "b.json", text: str | None = None) -> Path:
    from cardforge_runtime.format import canonical_json

    path = tmp_path / name
    path.write_text(text if text is not None else canonical_json(data).decode("utf-8") + "\n", encoding="utf-8")
    return path


def test_a_built_file_proves_its_declared_hash_and_any_other_file_has_it_computed(tmp_path: Path):
    """load_bundle takes the declared content_hash without serialising the packs again
    only when the file's packs text hashes to it (bundle._declared_hash_if_canonical);
    every other layout gets the hash computed: the same answer either way."""
    from cardforge_runtime.format import content_hash

    data = bundle()
    data["content_hash"] = real = content_hash(data["packs"])
    built = load_bundle(_canonical_file(tmp_path, data))
    assert built.content_hash == real and built.hash_matches
    # the same data pretty-printed, or without the final newline: the same hash, computed
    pretty = _canonical_file(tmp_path, data, "pretty.json", json.dumps(data, indent=2, sort_keys=True))
    assert load_bundle(pretty).content_hash == real
    bare = _canonical_file(tmp_path, data, "bare.json", _canonical_file(tmp_path, data).read_text()[:-1])
    assert load_bundle(bare).content_hash == real
    # a hand edit of the packs: the declared hash is not taken
    edited = copy.deepcopy(data)
    edited["packs"][0]["title"] = "Edited"
    loaded = load_bundle(_canonical_file(tmp_path, edited, "edited.json"))
    assert loaded.content_hash == content_hash(edited["packs"]) != real and not loaded.hash_matches
    # a second "packs" key after the first: JSON keeps the last, which is what is hashed
    text = _canonical_file(tmp_path, data).read_text().rstrip("\n")[:-1]
    forged = text + ',"packs":' + json.dumps(edited["packs"], sort_keys=True, separators=(",", ":")) + "}\n"
    loaded = load_bundle(_canonical_file(tmp_path, data, "twice.json", forged))
    assert loaded.content_hash == content_hash(edited["packs"]) and not loaded.hash_matches
    # the original packs' text hidden in a field before "packs", other packs after it
    hidden = copy.deepcopy(edited)
    hidden["content_hash"] = real
    hidden["generator"]["packs"] = data["packs"]
    loaded = load_bundle(_canonical_file(tmp_path, hidden, "hidden.json"))
    assert loaded.content_hash == content_hash(edited["packs"]) and not loaded.hash_matches
    # a field sorting after "packs" (a newer minor version, say): computed, still right
    later = {**data, "zzz": 1}
    assert load_bundle(_canonical_file(tmp_path, later, "later.json")).content_hash == real
