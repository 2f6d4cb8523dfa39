"""One definition of each range (format.RANGES): the schemas lint publishes, the
checks of ``load_bundle`` and ``Session.start``'s whole Character boards all read it,
so a bundle or a board outside a documented range is refused everywhere alike."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from _runtime_helpers import make_bundle
from cardforge_runtime import BundleError, Session, SessionError, load_bundle
from cardforge_runtime.format import RANGES

SCHEMAS = Path(__file__).resolve().parent.parent / "schemas"
CARDS = [{"id": 1, "steps": [{"kind": "gain", "coins": 1, "who": "each"},
                             {"kind": "purchase", "offers": [{"item": "Rope", "cost": 2}]},
                             {"kind": "add", "values": {"n": 1}},
                             {"kind": "victory", "text": "Won."}]}]


def bundle() -> dict:
    return make_bundle(copy.deepcopy(CARDS), counters={"n": 0})


def pack(data):
    return data["packs"][0]


def steps(data):
    return pack(data)["stories"][0]["cards"][0]["steps"]


@pytest.mark.parametrize(("change", "where", "limits"), [
    (lambda d: pack(d)["characters"][0]["stats"].__setitem__("Prowess", 7), "characters[0].stats.Prowess", "stat"),
    (lambda d: pack(d)["characters"][0]["stats"].__setitem__("Prowess", 12), "characters[0].stats.Prowess", "stat"),
    (lambda d: pack(d)["characters"][0].__setitem__("destiny", 0), "characters[0].destiny", "destiny"),
    (lambda d: pack(d)["characters"][0].__setitem__("health", 21), "characters[0].health", "health"),
    (lambda d: pack(d)["status_tokens"][0].__setitem__("dice_modifier", 11), "status_tokens[0].dice_modifier",
     "dice_modifier"),
    (lambda d: steps(d)[0].__setitem__("coins", 10**9), "steps[0].coins", "count"),
    (lambda d: steps(d)[1]["offers"][0].__setitem__("cost", 99999), "offers[0].cost", "count"),
    (lambda d: steps(d)[2]["values"].__setitem__("n", 10**7), "values.n", "amount"),
    (lambda d: pack(d)["stories"][0]["counters"].__setitem__("n", -10**7), "counters.n", "amount"),
])
def test_a_bundle_outside_a_documented_range_is_refused(change, where, limits):
    load_bundle(bundle())                                    # the bundle as made loads
    data = bundle()
    change(data)
    low, high = RANGES[limits]
    with pytest.raises(BundleError, match=rf"{where.replace('[', '.').replace(']', '.')}.*"
                                          rf"expected a whole number from {low} to {high}"):
        load_bundle(data)


BOARD = {"name": "Eve", "stats": {"Prowess": 3, "Movement": 2}, "destiny": 2, "health": 3}


@pytest.mark.parametrize(("change", "message"), [
    ({"stats": {"Prowess": 7, "Movement": 2}}, "needs a whole number from 0 to 6 for each stat"),
    ({"stats": {"Prowess": 100, "Movement": 2}}, "needs a whole number from 0 to 6 for each stat"),
    ({"destiny": 0}, "needs a whole number from 1 to 20 for destiny, not 0"),
    ({"health": 21}, "needs a whole number from 1 to 20 for health, not 21"),
    ({"name": ""}, "a Character's name is text with no spaces at either end"),
    ({"name": " X"}, "a Character's name is text with no spaces at either end"),
    ({"name": "\x1b[31m"}, "no control characters"),
])
def test_session_start_reads_the_same_ranges_for_whole_boards(change, message):
    loaded = load_bundle(bundle())
    Session.start(loaded, "s", players=2, characters=["Anne", BOARD])
    with pytest.raises(SessionError, match=message):
        Session.start(loaded, "s", players=2, characters=["Anne", {**BOARD, **change}])


def test_the_published_schemas_state_the_same_ranges():
    """The compiler's models read RANGES: each bound in the pack schema is the format's."""
    pack_schema = json.loads((SCHEMAS / "pack.schema.json").read_text())
    text = json.dumps(pack_schema)
    for key in ("stat", "destiny", "health", "dice_modifier", "sides", "max_dice"):
        low, high = RANGES[key]
        assert f'"minimum": {low}' in text and f'"maximum": {high}' in text, key
