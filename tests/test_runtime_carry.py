"""Saves across content edits (issue 7, item 17): a save made at card 2, resumed on a
bundle edited one way at a time (rename, remove, add of a flag, counter, stat, status
token, item, Character, card). Each case states the notes the session gives, in the
pack's own terms, and what the resumed state holds; a save is refused only when a
value cannot be carried over. Conformance style: one table, every edit kind."""

from __future__ import annotations

import copy
import json

import pytest

from _runtime_helpers import advance, make_bundle
from cardforge_runtime import Session, SessionError, load_bundle

HAS_LANTERN = {"op": "call", "name": "has", "args": [{"op": "const", "value": "Lantern"}]}
CARDS = [
    {"id": 1, "steps": [{"kind": "set", "values": {"met": True}}, {"kind": "add", "values": {"duels": 2}},
                        {"kind": "gain", "status": ["Doom"], "who": "each"},
                        {"kind": "gain", "items": ["Lantern"], "who": "each"}, {"kind": "goto", "card": 2}]},
    {"id": 2, "steps": [{"kind": "choice", "options": [
        {"text": "Light it", "if": HAS_LANTERN, "if_source": 'has("Lantern")', "steps": [], "goto": 3},
        {"text": "Wait", "if": None, "if_source": None, "steps": [], "goto": 3}]}]},
    {"id": 3, "steps": [{"kind": "victory", "text": "Won."}]},
]


def original() -> dict:
    return make_bundle(copy.deepcopy(CARDS), flags=["met", "spare"], counters={"duels": 0, "spare_count": 5})


def save_at_card_2() -> dict:
    session = Session.start(load_bundle(original()), "s", players=2, seed=1)
    while session.state["card"] != 2:
        session.answer({})
    assert session.pending["kind"] == "card"
    return session.save()


def renamed(data: dict, old: str, new: str) -> dict:
    """Every JSON string ``old`` (a name, as a key or a value) becomes ``new``."""
    text = json.dumps(data).replace(json.dumps(old), json.dumps(new))
    return json.loads(text)


def pack(data):
    return data["packs"][0]


def story(data):
    return pack(data)["stories"][0]


def drop_flag(data):
    story(data)["flags"].remove("spare")
    return data


def add_flag(data):
    story(data)["flags"].append("found_letter")
    return data


def drop_counter(data):
    del story(data)["counters"]["spare_count"]
    return data


def add_counter(data):
    story(data)["counters"]["letters"] = 3
    return data


def drop_stat(data):
    pack(data)["stats"].remove("Movement")
    for board in pack(data)["characters"]:
        del board["stats"]["Movement"]
    return data


def add_stat(data):
    pack(data)["stats"].append("Wits")
    for number, board in enumerate(pack(data)["characters"]):
        board["stats"]["Wits"] = number + 1
    return data


def add_stat_and_rename_anne(data):
    return renamed(add_stat(data), "Anne", "Annette")


def drop_token(data):
    pack(data)["status_tokens"] = [t for t in pack(data)["status_tokens"] if t["name"] != "Doom"]
    story(data)["cards"][0]["steps"].pop(2)              # the gain of Doom
    return data


def add_token(data):
    pack(data)["status_tokens"].append({"name": "Fear", "dice_modifier": -1})
    return data


def drop_item(data):
    story(data)["cards"][0]["steps"].pop(3)              # the gain of the Lantern
    story(data)["cards"][1]["steps"][0]["options"].pop(0)
    return data


def add_item(data):
    story(data)["cards"][0]["steps"].insert(0, {"kind": "gain", "items": ["Rope"], "who": "each"})
    return data


def drop_character(data):
    pack(data)["characters"] = [b for b in pack(data)["characters"] if b["name"] != "Bertrand"]
    return data


def add_character(data):
    pack(data)["characters"].append({"name": "Denis", "stats": {"Prowess": 2, "Movement": 2}, "destiny": 1,
                                     "health": 2, "items": []})
    return data


def drop_card_3(data):
    cards = story(data)["cards"]
    cards.pop(2)
    cards[1]["steps"] = [{"kind": "victory", "text": "Won at once."}]
    return data


def add_card(data):
    story(data)["cards"].append({"id": 4, "title": "Card 4", "text": "", "endings": [],
                                 "steps": [{"kind": "defeat", "text": "Lost."}]})
    story(data)["cards"][1]["steps"][0]["options"][1]["goto"] = 4
    return data


def drop_card_2(data):
    cards = story(data)["cards"]
    cards.pop(1)
    cards[0]["steps"][-1]["card"] = 3
    return data


def renumber_card_2(data):
    cards = story(data)["cards"]
    cards[1]["id"] = 20
    cards[0]["steps"][-1]["card"] = 20
    return data


ANNE, BERTRAND = 0, 1
CASES = {
    # kind:       (edit, notes, check of the resumed state)
    "flag renamed": (lambda d: renamed(d, "met", "met_athos"),
                     ["flag 'met' is no longer in story 's'; its value true is dropped",
                      "flag 'met_athos' is new in story 's'; it starts false"],
                     lambda s: s["flags"] == {"met_athos": False, "spare": False}),
    "flag removed": (drop_flag, ["flag 'spare' is no longer in story 's'; its value false is dropped"],
                     lambda s: s["flags"] == {"met": True}),
    "flag added": (add_flag, ["flag 'found_letter' is new in story 's'; it starts false"],
                   lambda s: s["flags"] == {"met": True, "spare": False, "found_letter": False}),
    "counter renamed": (lambda d: renamed(d, "duels", "duels_won"),
                        ["counter 'duels' is no longer in story 's'; its value 2 is dropped",
                         "counter 'duels_won' is new in story 's'; it starts at 0"],
                        lambda s: s["counters"] == {"duels_won": 0, "spare_count": 5}),
    "counter removed": (drop_counter, ["counter 'spare_count' is no longer in story 's'; its value 5 is dropped"],
                        lambda s: s["counters"] == {"duels": 2}),
    "counter added": (add_counter, ["counter 'letters' is new in story 's'; it starts at 3"],
                      lambda s: s["counters"] == {"duels": 2, "spare_count": 5, "letters": 3}),
    "stat renamed": (lambda d: renamed(d, "Movement", "Finesse"),
                     ["stat 'Movement' is no longer in pack 'test'; Anne's value 2 is dropped",
                      "stat 'Finesse' is new in pack 'test'; Anne takes 2 from the pack's board",
                      "stat 'Movement' is no longer in pack 'test'; Bertrand's value 6 is dropped",
                      "stat 'Finesse' is new in pack 'test'; Bertrand takes 6 from the pack's board"],
                     lambda s: s["characters"][ANNE]["stats"] == {"Prowess": 3, "Finesse": 2}),
    "stat removed": (drop_stat, ["stat 'Movement' is no longer in pack 'test'; Anne's value 2 is dropped",
                                 "stat 'Movement' is no longer in pack 'test'; Bertrand's value 6 is dropped"],
                     lambda s: s["characters"][BERTRAND]["stats"] == {"Prowess": 2}),
    "stat added": (add_stat, ["stat 'Wits' is new in pack 'test'; Anne takes 1 from the pack's board",
                              "stat 'Wits' is new in pack 'test'; Bertrand takes 2 from the pack's board"],
                   lambda s: s["characters"][BERTRAND]["stats"] == {"Prowess": 2, "Movement": 6, "Wits": 2}),
    "status token renamed": (lambda d: renamed(d, "Doom", "Gloom"),
                             ["status token 'Doom' is no longer in pack 'test'; Anne held it (dropped)",
                              "status token 'Doom' is no longer in pack 'test'; Bertrand held it (dropped)"],
                             lambda s: all(c["status"] == [] for c in s["characters"])),
    "status token removed": (drop_token,
                             ["status token 'Doom' is no longer in pack 'test'; Anne held it (dropped)",
                              "status token 'Doom' is no longer in pack 'test'; Bertrand held it (dropped)"],
                             lambda s: all(c["status"] == [] for c in s["characters"])),
    "status token added": (add_token, [], lambda s: all(c["status"] == ["Doom"] for c in s["characters"])),
    "item renamed": (lambda d: renamed(d, "Lantern", "Lamp"),
                     ["item 'Lantern' is named nowhere in pack 'test' now; Anne still holds it",
                      "item 'Lantern' is named nowhere in pack 'test' now; Bertrand still holds it"],
                     lambda s: s["characters"][ANNE]["items"] == ["Rapier", "Lantern"]),
    "item removed": (drop_item,
                     ["item 'Lantern' is named nowhere in pack 'test' now; Anne still holds it",
                      "item 'Lantern' is named nowhere in pack 'test' now; Bertrand still holds it"],
                     lambda s: s["characters"][BERTRAND]["items"] == ["Lantern"]),
    "item added": (add_item, [], lambda s: s["characters"][BERTRAND]["items"] == ["Lantern"]),
    "Character renamed": (lambda d: renamed(d, "Anne", "Annette"),
                          ["Character 'Anne' is no longer in pack 'test'; the save's board is kept"],
                          lambda s: s["characters"][ANNE]["name"] == "Anne"),
    "Character removed": (drop_character, ["Character 'Bertrand' is no longer in pack 'test'; the save's board is kept"],
                          lambda s: s["characters"][BERTRAND]["name"] == "Bertrand"),
    "Character added": (add_character, [], lambda s: len(s["characters"]) == 2),
    "card removed (not the current one)": (drop_card_3, [], lambda s: s["card"] == 2),
    "card added": (add_card, [], lambda s: s["card"] == 2),
}


@pytest.mark.parametrize("kind", list(CASES))
def test_a_save_carries_over_an_edit(kind):
    edit, notes, check = CASES[kind]
    save = save_at_card_2()
    before = save["checkpoint"]["state"]
    resumed = Session.load(load_bundle(edit(original())), json.dumps(save))
    assert resumed.warnings[0].startswith("the bundle changed since this save")
    assert resumed.warnings[1:] == notes
    state = resumed.state
    assert check(state), state
    assert state["card"] == 2 and state["coins"] == before["coins"]
    assert [c["health"] for c in state["characters"]] == [c["health"] for c in before["characters"]]
    advance(resumed)
    while not resumed.finished:
        resumed.answer({"option": resumed.pending["options"][-1]["option"]} if resumed.pending["kind"] == "choice" else {})


@pytest.mark.parametrize(("edit", "message"), [
    (drop_card_2, "it has no card 2 of story 's'"),
    (renumber_card_2, "it has no card 2 of story 's'"),
    (add_stat_and_rename_anne, "stat 'Wits' is new in pack 'test' and Character 'Anne' of the save has no value for it "
                               r"\(the pack has no board named 'Anne' to take it from\)"),
    (lambda d: (pack(d)["players"].__setitem__("min", 3), d)[1], "the save cannot be carried over to this bundle: "
                                                                 "Test Pack is for 3 to 4 players, not 2"),
])
def test_a_save_is_refused_only_when_it_cannot_be_carried_over(edit, message):
    with pytest.raises(SessionError, match=message):
        Session.load(load_bundle(edit(original())), save_at_card_2())


def test_a_rebuilt_bundle_with_no_change_of_terms_gives_no_note():
    data = original()
    story(data)["cards"][1]["text"] = "A typo fixed."
    resumed = Session.load(load_bundle(data), save_at_card_2())
    assert len(resumed.warnings) == 1


def test_the_save_itself_is_not_changed_by_a_carry_over():
    save = save_at_card_2()
    kept = copy.deepcopy(save)
    Session.load(load_bundle(add_stat(drop_token(original()))), save)
    assert save == kept


@pytest.mark.parametrize(("change", "named"), [
    (lambda s: s["characters"][0].__setitem__("health", 9), "Anne's Health"),
    (lambda s: s["characters"][1].__setitem__("status", ["Doom", "Doom"]), "Bertrand's status tokens"),
    (lambda s: s.__setitem__("porter_called", "no"), "porter_called"),
    (lambda s: s["flags"].__setitem__("met", 1), "the flags"),
    (lambda s: s.__setitem__("coins", -1), "coins -1"),
])
def test_a_damaged_checkpoint_is_named(change, named):
    """A damaged value is named, not just "damaged" (issue 7, item 17)."""
    save = save_at_card_2()
    change(save["checkpoint"]["state"])
    data = original()
    story(data)["cards"][1]["text"] = "A typo fixed."
    with pytest.raises(SessionError, match=f"the save's checkpoint state is damaged: {named}"):
        Session.load(load_bundle(data), save)


@pytest.mark.parametrize(("change", "place"), [
    (lambda s: s["characters"][0].__setitem__("name", []), r"setup\.characters\[0\]\.name must be text"),
    (lambda s: s["characters"][1].__setitem__("name", {}), r"setup\.characters\[1\]\.name must be text"),
    (lambda s: s["characters"][0].__setitem__("stats", []), r"setup\.characters\[0\]\.stats must be an object"),
    (lambda s: s["characters"][0]["stats"].__setitem__("Wits", "3"), r"setup\.characters\[0\]\.stats\.Wits must be"),
    (lambda s: s["characters"][0].__setitem__("items", [1]), r"setup\.characters\[0\]\.items must be a list"),
    (lambda s: s["characters"].__setitem__(0, "Anne"), r"setup\.characters\[0\] must be a Character board"),
    (lambda s: s.__setitem__("characters", {}), r"setup\.characters must be a list"),
])
def test_every_field_of_a_saves_setup_is_checked_before_a_carry_over(change, place):
    """A board of the save's setup with a name that is not text (``[]``, ``{}``) was a
    TypeError (unhashable) in the carry-over: now a SessionError naming the field."""
    save = save_at_card_2()
    change(save["setup"])
    data = original()
    story(data)["cards"][1]["text"] = "A typo fixed."
    with pytest.raises(SessionError, match=f"the save's setup is damaged: {place}"):
        Session.load(load_bundle(data), save)
