"""docs/runtime.md: the shapes shown are the engine's ("Battle state", "Attacks"), and every
request and answer the page shows is held to its TypedDict, a real request and the
engine's answer check."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import get_args

import pytest
from _battle_helpers import character, place_character, place_enemy, play, scene_of
from _shapes import request_problems, shape_problems

from cardforge_runtime.battle.attack import attack
from cardforge_runtime.battle_requests import TurnOption
from cardforge_runtime.requests import REQUEST_SHAPES

DOC = (Path(__file__).resolve().parents[1] / "docs" / "runtime.md").read_text(encoding="utf-8")
FLOOR = ["......"] * 6
#: The seeds of the fuzz play in ``real_requests``: together they ask every ``pick``
#: purpose the page shows (3 a ``spawn``, 4 a ``push``).
SEEDS = (3, 4)


def _section(start: str, end: str) -> str:
    return DOC[DOC.index(start):DOC.index(end)]


def _real_requests() -> list[dict]:
    scene = scene_of(FLOOR, [character("Porthos", 4, 3)], order={"Reaction": ["Counterattack"]})
    porthos = place_character(scene, 0, (3, 4), "north", ["Broadsword", "Pistol"])
    top, bottom = place_enemy(scene, "Cardinal's Guard", (3, 3)), place_enemy(scene, "Cardinal's Guard", (4, 3))
    _, melee = play(scene, attack(scene, porthos, scene.get(porthos)["weapons"][0]), [
        ("roll:attack", {"faces": [3, 4, 5, 6]}), ("pips", {"dice": [0]}),
        ("assign", {"assign": [{"figure": top, "successes": 3}, {"figure": bottom, "successes": 2}]})])
    scene.get(porthos)["facing"] = "east"
    place_enemy(scene, "Marksman", (5, 4))
    place_enemy(scene, "Marksman", (6, 4))
    _, ranged = play(scene, attack(scene, porthos, scene.get(porthos)["weapons"][1]), [
        ("pick:ranged-target", {"pick": 5}), ("roll:attack", {"faces": [1, 1, 1]}), ("reroll", {"keep": True})])
    return melee + ranged


def test_the_battle_state_shown_has_the_real_keys():
    shown = json.loads(re.search(r"```json\n(.*?)```", _section("## Battle state", "## Attacks"), re.S).group(1))
    scene = scene_of(FLOOR, [character("Porthos", 4, 3), character("Athos", 3, 3)])
    place_character(scene, 0, (3, 4), "north", ["Broadsword"])
    place_enemy(scene, "Cardinal's Guard", (3, 3))
    from _battle_helpers import place_named
    place_named(scene, "Cardinal Richelieu", (5, 2))
    assert set(shown) == set(scene.battle)
    for key in ("characters", "enemies", "named"):
        assert set(shown[key][0]) == set(scene.battle[key][0])


def test_the_fixture_pack_passes_the_bundle_checks_of_format_1_5():
    """The hand-built pack of these tests has the shapes load_bundle accepts
    (bundle_decks.check_decks), so the engine is tested on real bundle data."""
    import copy

    from _battle_helpers import PACK

    from cardforge_runtime.bundle_decks import check_decks
    from cardforge_runtime.bundle_fields import FieldChecker

    check_decks(FieldChecker("fixture"), {**copy.deepcopy(PACK), "characters": []}, "$.packs[0]",
                {"Prowess", "Movement"})


# -- every request and answer shown in docs/runtime.md ------------------------------------
#
# The JSON examples of the whole page (```json blocks, and `{...}` spans in its text and
# tables) are read in order: an object with a request ``kind`` is a request example, held
# to its TypedDict (``_shapes.request_problems``) and to a real request of the same kind
# and ``for`` (the same keys, nested keys included: ``_key_paths``); an object with
# ``do`` is a ``turn`` option (held to ``TurnOption``) or, when it is none, an answer to
# the page's ``turn`` example; any other object shown after a request example under the
# same heading is an answer to it, checked by the engine's own answer check.

CONFORMANCE = Path(__file__).resolve().parent / "conformance"
#: Fields whose object keys are data (a direction, an item, a resource), not shape.
MAPS = {"paths", "costs", "effect"}
#: (kind, for) shown in the page that no real source below asks: the shape is checked only.
NOT_ASKED_HERE = {("keep", None): "Campaign Mode; tests/test_campaign.py checks the keep requests' shape"}


def _doc_examples() -> list[tuple[int, str, object, bool]]:
    """``(line, heading, JSON value, inline)`` for every JSON value the page shows."""
    decoder, out, heading, block, start = json.JSONDecoder(), [], "", None, 0
    for n, line in enumerate(DOC.splitlines(), 1):
        if block is not None:
            if not line.startswith("```"):
                block.append(line)
                continue
            text, i, values = "\n".join(block), 0, []
            try:
                while True:
                    while i < len(text) and text[i].isspace():
                        i += 1
                    if i >= len(text):
                        break
                    value, i = decoder.raw_decode(text, i)
                    values.append(value)
            except ValueError:
                values = []                     # a shape with "..." elisions, not JSON data
            out += [(start, heading, v, False) for v in values]
            block = None
        elif line.startswith("```json"):
            block, start = [], n
        elif line.startswith("#"):
            heading = line.lstrip("#").strip()
        else:
            for span in re.findall(r"`(\{[^`]*\})`", line):
                try:
                    out.append((n, heading, json.loads(span), True))
                except ValueError:
                    pass
    return out


def _classified():
    """The page's request examples, turn option examples and ``(answer, request)`` pairs."""
    requests, options, answers, turn_answers = [], [], [], []
    last = None
    for line, heading, value, inline in _doc_examples():
        if not isinstance(value, dict) or "event" in value:
            continue
        if "kind" in value:
            if value["kind"] in REQUEST_SHAPES:
                requests.append((line, value))
                last = (heading, value)
            elif not inline:
                requests.append((line, value))  # a block shows requests: an unknown kind is a fault
            continue
        if "do" in value:
            (options if not shape_problems(value, TurnOption) else turn_answers).append((line, value))
        elif last is not None and last[0] == heading and last[1]["kind"] != "end":
            answers.append((line, value, last[1]))
    turns = [(line, r) for line, r in requests if r.get("kind") == "turn"]
    assert turns, "the page shows a turn request, the one its turn answers answer"
    for line, value in turn_answers:        # each answers the turn request shown last before it
        answers.append((line, value, max((t for t in turns if t[0] <= line), key=lambda t: t[0], default=turns[0])[1]))
    return requests, options, answers


def _key_paths(value, prefix="") -> set[str]:
    if isinstance(value, dict):
        paths = set()
        for key, item in value.items():
            paths.add(f"{prefix}.{key}")
            if key not in MAPS:
                paths |= _key_paths(item, f"{prefix}.{key}")
        return paths
    if isinstance(value, list):
        return {p for item in value for p in _key_paths(item, f"{prefix}[]")}
    return set()


def _terrain_requests() -> list[dict]:
    """Terrain requests no shipped Battle asked above (tests/test_battle_terrain_actions.py's
    scenes): the Brazier's ``pick`` of an Enemy, the Chandelier swing's ``pick`` of a
    square, the Pistol's attack on the Chandelier tile (a ``roll`` with ``tile``)."""
    from _board_helpers import placement
    from test_battle_terrain_actions import CHANDELIER, CHANDELIER_ROWS, terrain_scene

    from cardforge_runtime.battle.terrain_actions import attack_tile, interact

    scene = terrain_scene(["......"] * 5, [placement("Brazier", (3, 3))], [character("Constance", 2, 4)])
    constance = place_character(scene, 0, (2, 3), "east", ["Rapier"])
    enemies = [place_enemy(scene, name, sq) for name, sq in (("Cardinal's Captain", (4, 2)),
                                                             ("Cardinal's Guard", (4, 3)), ("Marksman", (3, 4)))]
    _, brazier = play(scene, interact(scene, constance, 0, "Knocking over a Brazier"),
                      [("roll:challenge", {"faces": [4, 5, 1, 1]}), ("pick:enemy", {"pick": enemies[0]})])
    scene = terrain_scene(CHANDELIER_ROWS, [CHANDELIER], [character("Porthos", 4, 3)])
    porthos = place_character(scene, 0, (2, 2), "east", ["Broadsword"])
    place_enemy(scene, "Cardinal's Guard", (5, 3))
    place_enemy(scene, "Cardinal's Guard", (3, 3))
    _, swing = play(scene, interact(scene, porthos, 0, "Chandelier Swing"),
                    [("roll:challenge", {"faces": [5, 5, 5]}), ("pick:square", {"pick": [6, 3]})])
    scene = terrain_scene(["......"] * 7, [CHANDELIER], [character("Athos", 3, 4)])
    athos = place_character(scene, 0, (3, 6), "north", ["Pistol"])
    place_enemy(scene, "Cardinal's Guard", (3, 3))
    _, shot = play(scene, attack_tile(scene, athos, scene.get(athos)["weapons"][0], 0),
                   [("roll:attack", {"faces": [5, 6, 1]})])
    return brazier + swing + shot


@pytest.fixture(scope="module")
def real_requests() -> dict[tuple, list[dict]]:
    """Requests the runtime really asks, by (kind, for): every conformance transcript's
    (steps and pending); every shipped Battle played by random legal answers (the fuzz's
    player, ``SEEDS``, heading for the Exit areas; the first Battle with a ``table``
    objective added, so that the ``objective`` option is asked); the Attacks of
    ``_real_requests`` and the terrain requests of ``_terrain_requests``. Those played
    without a Session get the ``card`` a Session adds (``story_battle.with_card``)."""
    import random

    from players import battle_answer

    from cardforge_runtime import Session, load_bundle
    from cardforge_runtime.battle.round_answers import check_round_answer
    from cardforge_runtime.battle.rounds import run_battle
    from cardforge_runtime.decks import deck_rng
    from cardforge_runtime.dice import DiceRule
    from cardforge_runtime.pcg import Pcg32
    from cardforge_runtime.story_battle import with_card

    found: dict[tuple, list[dict]] = {}

    def keep(request, session=True):
        if not session and "card" not in request:
            request = {"kind": request["kind"], "card": 7, **request}
        found.setdefault((request["kind"], request.get("for")), []).append(request)

    for path in sorted(CONFORMANCE.glob("*.transcript.json")):
        transcript = json.loads(path.read_text(encoding="utf-8"))
        for step in transcript["steps"]:
            keep(step["request"])
        keep(transcript["pending"])
    bundle = load_bundle(CONFORMANCE / "bundles" / "gascony.bundle.json")
    pack = bundle.data["packs"][0]
    rule = DiceRule.from_pack(pack)
    battles = [(story["id"], card["id"], step) for story in pack["stories"] for card in story["cards"]
               for step in card["steps"] if step["kind"] == "battle"]
    story, card, step = battles[0]
    battles[0] = (story, card, {**step, "objectives": [*step["objectives"], {"objective": "Hold the gate", "goto": None,
                                                                            "victory": "Held", "meet": {"kind": "table"}}]})
    for seed, (story, card, step) in ((seed, battle) for seed in SEEDS for battle in battles):
        state = Session.start(bundle, story, players=1 + (card + seed) % 4, seed=seed).state
        state["card"] = card
        exits = [list(sq) for area in pack["board"]["layouts"][step["layout"]]["exits"] for sq in area["squares"]]
        rng = random.Random(seed * 1000 + card)
        play_ = with_card(run_battle(pack, step, state, Pcg32(seed), deck_rng(seed)), card)
        request = next(play_)
        try:
            while True:
                keep(request)
                answer = battle_answer(request, rng, exits=exits, greedy=0.5, fallen=[])
                check_round_answer(request, answer, rule)
                request = play_.send(answer)
        except StopIteration:
            pass
    for request in _real_requests() + _terrain_requests():
        keep(request, session=False)
    return found


def test_every_request_shown_fits_its_shape_and_a_real_request(real_requests):
    """Each request example fits its TypedDict and has the keys of a real request of its
    kind and purpose (nested keys too): the page shows what a front end receives."""
    requests, options, _ = _classified()
    problems = []
    for line, example in requests:
        problems += [f"docs/runtime.md:{line}: {p}" for p in request_problems(example)]
        key = (example.get("kind"), example.get("for"))
        real = real_requests.get(key, [])
        if not real:
            if key not in NOT_ASKED_HERE:
                problems.append(f"docs/runtime.md:{line}: no real {key} request to hold the example to")
            continue
        if not any(set(example) == set(r) for r in real):
            problems.append(f"docs/runtime.md:{line}: {key} keys {sorted(example)} are no real request's "
                            f"({sorted({tuple(sorted(r)) for r in real})})")
        extra = _key_paths(example) - set().union(*(_key_paths(r) for r in real))
        if extra:
            problems.append(f"docs/runtime.md:{line}: {key} shows {sorted(extra)}, which no real request has")
    real_options = set().union(*(_key_paths(r["options"]) for r in real_requests[("turn", None)]))
    for line, option in options:
        extra = _key_paths([option]) - real_options
        if extra:
            problems.append(f"docs/runtime.md:{line}: the turn option shows {sorted(extra)}, which none real has")
    assert not problems, "\n".join(problems)


def test_every_answer_shown_is_taken_by_the_engine():
    """Each answer example is one the engine's answer check takes for the request example
    it answers (the page's own), and every Battle kind shows one."""
    from cardforge_runtime.battle.round_answers import check_round_answer
    from cardforge_runtime.campaign_steps import check_keep
    from cardforge_runtime.dice import DiceRule

    rule = DiceRule(6)
    _, _, answers = _classified()
    problems = []
    for line, answer, request in answers:
        try:
            if request["kind"] == "keep":
                check_keep(request, answer)
            else:
                check_round_answer(request, answer, rule)
        except Exception as error:      # AnswerError, or a request the check cannot read
            problems.append(f"docs/runtime.md:{line}: {answer} to the {request['kind']} example: {error}")
    assert not problems, "\n".join(problems)
    answered = {request["kind"] for _, _, request in answers}
    assert {"deploy", "prepare", "stones", "turn", "pips", "assign", "defend", "pick", "character", "reroll",
            "keep"} <= answered


def test_every_request_kind_option_and_purpose_has_an_example():
    """The page shows every request kind, every purpose (``for``) of a ``pick``, ``roll``,
    ``reroll`` and ``character`` request, and every ``turn`` option."""
    requests, options, _ = _classified()
    shown = {(r["kind"], r.get("for")) for _, r in requests}
    assert set(REQUEST_SHAPES) <= {kind for kind, _ in shown}
    for kind in ("pick", "roll", "reroll", "character"):
        purposes = get_args(REQUEST_SHAPES[kind].__annotations__["for"])
        assert set(purposes) <= {p for k, p in shown if k == kind}, kind
    shown_options = [o for _, r in requests if r["kind"] == "turn" for o in r["options"]]
    for member in get_args(TurnOption):
        assert any(not shape_problems(o, member) for o in shown_options), f"no {member.__name__} in a turn example"
