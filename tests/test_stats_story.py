"""``cardforge stats --story ID``: the story odds of each challenge and roll, worked by
hand from Gascony's Legacy, Dice Rolls (a die: 1-3 no Success, 4-5 one, 6 two; Doom:
a 6 counts 1; Despair: 1 die fewer) on a small story of the test pack (Athos Prowess
4 / Movement 3, Porthos 5/2, Aramis 3/4, D'Artagnan 4/4; 1 to 4 players, Solo Play 2),
with the runtime's own rolls as the reference for the dice, the bundle paths as the
runtime's observers give them, the text golden and the command's refusals."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from cardforge_compiler.cli import cli
from cardforge_compiler.story_odds import story_odds
from _helpers import STORY_HEAD, build_pack, update_golden, write_pack

EXPECTED = Path(__file__).resolve().parent / "stats"
F = Fraction

STORY = STORY_HEAD + """\
  - id: 1
    title: The Ford
    steps:
      - challenge:
          stat: Movement
          successes: 3
          who: all
          except: [Aramis]
          pass:
            - roll:
                stat: Movement
                who: one
                per_success: {gain: {coins: 1}}
          fail: []
      - roll:
          stat: Prowess
          who: all
          per_success: {lose: {destiny: 1, who: each}}
      - choice:
          - text: Wade across
            steps:
              - challenge: {stat: Prowess, successes: 2, character: Porthos, otherwise: skip, pass: [], fail: []}
            goto: 2
          - text: Each tries the rope
            steps:
              - challenge: {stat: Movement, successes: 2, who: each, pass: [], fail: []}
            goto: 2
  - id: 2
    title: The Far Bank
    steps:
      - victory: You cross.
"""


def counts(dice: int, doom: bool = False) -> list[int]:
    """How many of the 6**dice rolls give each number of Successes, by multiplying out
    one die's (3 + 2x + x^2) (or Doom's 3 + 3x): independent of ``DiceRule``."""
    one = [3, 3] if doom else [3, 2, 1]
    out = [1]
    for _ in range(dice):
        new = [0] * (len(out) + len(one) - 1)
        for i, a in enumerate(out):
            for j, b in enumerate(one):
                new[i + j] += a * b
        out = new
    return out


def at_least(successes: int, dice: int, doom: bool = False) -> Fraction:
    return F(sum(counts(dice, doom)[successes:]), 6 ** dice)


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> dict:
    return build_pack(write_pack(tmp_path_factory.mktemp("story") / "pack", STORY))


@pytest.fixture(scope="module")
def odds(bundle: dict) -> dict:
    pack = bundle["packs"][0]
    return story_odds(pack, pack["stories"][0])


def fractions(cells: list[dict], key: str) -> list[Fraction]:
    return [F(c[key]["fraction"]) for c in cells]


def test_the_steps_and_where_they_are(odds):
    assert [(s["kind"], s["card"], s["at"], s["who"], s["option"]) for s in odds["steps"]] == [
        ("challenge", 1, "steps[0].challenge", "all", None),
        ("roll", 1, "steps[0].challenge.pass[0].roll", "one", None),
        ("roll", 1, "steps[1].roll", "all", None),
        ("challenge", 1, "steps[2].choice[0].steps[0].challenge", "one", "Wade across"),
        ("challenge", 1, "steps[2].choice[1].steps[0].challenge", "each", "Each tries the rope")]
    assert [s["path"] for s in odds["steps"]][1:4] == [
        ["cards", 0, "steps", 0, "pass", 0], ["cards", 0, "steps", 1],
        ["cards", 0, "steps", 2, "options", 0, "steps", 0]]
    assert all(s["tokens"] == ["Despair", "Doom"] for s in odds["steps"])
    assert odds["players"] == {"min": 1, "max": 4, "solo_characters": 2}


def test_paths_are_the_runtime_observers_paths(bundle, odds):
    """The ``path`` of each step is the one ``Session.observe`` reports for it
    (``trace.step_paths``), so the odds line up with explorer findings."""
    from cardforge_runtime.trace import step_paths

    story = bundle["packs"][0]["stories"][0]
    paths = set(step_paths(story).values())
    assert all(tuple(s["path"]) in paths for s in odds["steps"])
    for s in odds["steps"]:
        node = story
        for key in s["path"]:
            node = node[key]
        assert node["kind"] == s["kind"]


def test_who_all_adds_up_the_party_at_each_player_count(odds):
    """Movement 3+, Aramis left out. 1-3 players: Athos (3) + Porthos (2) = 5 dice
    (Solo Play: 2 Characters; at 3 players Aramis is in play but does not roll);
    4 players: + D'Artagnan (4) = 9 dice. Doom makes each die a coin: at least 3 of 5
    is 1/2 by symmetry, at least 3 of 9 is 1 - (1 + 9 + 36)/512 = 233/256."""
    step = odds["steps"][0]
    rows = step["rows"]
    assert [(r["players"], r["characters"], r["rollers"]) for r in rows] == [
        (1, ["Athos", "Porthos"], ["Athos", "Porthos"]),
        (2, ["Athos", "Porthos"], ["Athos", "Porthos"]),
        (3, ["Athos", "Porthos", "Aramis"], ["Athos", "Porthos"]),
        (4, ["Athos", "Porthos", "Aramis", "D'Artagnan"], ["Athos", "Porthos", "D'Artagnan"])]
    assert [c["tokens"] for c in rows[0]["odds"]] == [[], ["Despair"], ["Doom"], ["Despair", "Doom"]]
    assert [c["dice"] for c in rows[3]["odds"]] == [[3, 2, 4], [2, 1, 3], [3, 2, 4], [2, 1, 3]]
    five = fractions(rows[0]["odds"], "pass")
    assert five == [at_least(3, 5), F(1, 3), F(1, 2), F(1, 8)]       # 3 dice, 3+: exactly 1/3
    # At most 2 of 5 dice: 3^5 + 5*2*3^4 + (5*3^4 + 10*2^2*3^3) = 243 + 810 + 1485 = 2538 of 7776.
    assert five[0] == F(7776 - 2538, 7776) == F(97, 144)             # docs/runtime.md's table: 67.4%
    nine = fractions(rows[3]["odds"], "pass")
    assert nine == [at_least(3, 9), at_least(3, 6), F(233, 256), F(21, 32)]
    assert rows[1]["odds"] == rows[0]["odds"] == rows[2]["odds"]


def test_a_roll_gives_its_distribution_and_expectation(odds):
    """Movement, ``who: one``: Porthos rolls 2 dice: (3 + 2x + x^2)^2 = 9 + 12x + 10x^2
    + 4x^3 + x^4 out of 36; expected 2 * 2/3 = 4/3 (a die averages 0*1/2 + 1*1/3 +
    2*1/6 = 2/3). With Despair 1 die: 1/2, 1/3, 1/6."""
    step = odds["steps"][1]
    assert [r["character"] for r in step["rows"]] == ["Aramis", "Athos", "D'Artagnan", "Porthos"]
    porthos = step["rows"][3]["odds"]
    assert [F(c["fraction"]) for c in porthos[0]["distribution"]] == [F(1, 4), F(1, 3), F(5, 18), F(1, 9), F(1, 36)]
    assert porthos[0]["expected"] == {"fraction": "4/3", "value": 1.3333}
    assert [F(c["fraction"]) for c in porthos[1]["distribution"]] == [F(1, 2), F(1, 3), F(1, 6)]
    assert [F(c["fraction"]) for c in porthos[3]["distribution"]] == [F(1, 2), F(1, 2)]
    assert (porthos[3]["dice"], porthos[3]["expected"]["fraction"]) == (1, "1/2")
    assert step["per_success"] == {"gain": {"coins": 1, "who": "each"}}


def test_a_roll_of_the_whole_party(odds):
    """Prowess, ``who: all``: 1-2 players Athos (4) + Porthos (5) = 9 dice, expected
    9 * 2/3 = 6; Despair 7 dice: 14/3; Doom 9 * 1/2; 4 players 16 dice: 32/3."""
    rows = odds["steps"][2]["rows"]
    assert [c["expected"]["fraction"] for c in rows[0]["odds"]] == ["6", "14/3", "9/2", "7/2"]
    assert [c["expected"]["fraction"] for c in rows[3]["odds"]] == ["32/3", "8", "8", "6"]
    table = [F(c["fraction"]) for c in rows[0]["odds"][0]["distribution"]]
    assert table == [F(n, 6 ** 9) for n in counts(9)] and sum(table) == 1


def test_a_named_character_and_who_each(odds):
    """Porthos is named with ``otherwise: skip``: his row alone. Prowess 5, 2+: 1 -
    (1/2)^5 - 5 (1/3)(1/2)^4 = 83/96; Despair 4 dice: 37/48; Doom: 1 - 6/32 = 13/16;
    both: 1 - 5/16 = 11/16. ``who: each`` Movement 2+: a row per Character."""
    named = odds["steps"][3]
    assert [(r["character"], r["named"]) for r in named["rows"]] == [("Porthos", True)]
    assert fractions(named["rows"][0]["odds"], "pass") == [F(83, 96), F(37, 48), F(13, 16), F(11, 16)]
    each = odds["steps"][4]
    assert {r["character"]: F(r["odds"][0]["pass"]["fraction"]) for r in each["rows"]} == {
        "Aramis": F(37, 48), "Athos": F(5, 8), "D'Artagnan": F(37, 48), "Porthos": F(5, 12)}
    porthos = each["rows"][3]["odds"]
    assert fractions(porthos, "pass") == [F(5, 12), F(1, 6), F(1, 4), F(0)]


TOKENS_STORY = STORY_HEAD + """\
  - id: 1
    title: The Cellar
    steps:
      - gain: {status: [Despair, Doom], who: each}
      - challenge: {stat: Movement, successes: 3, who: all, except: [Aramis], pass: [], fail: []}
      - victory: Out.
"""


@pytest.mark.parametrize("players", [1, 3, 4])
def test_the_dice_are_those_the_runtime_rolls(tmp_path, players):
    """A session whose every Character holds Despair and Doom asks each roller of a
    ``who: all`` Challenge for exactly the dice (and Doom) of the row's
    "Despair+Doom (all)" cell, in the Characters' order."""
    from cardforge_runtime import Session, load_bundle

    data = build_pack(write_pack(tmp_path / "pack", TOKENS_STORY))
    pack = data["packs"][0]
    row = story_odds(pack, pack["stories"][0])["steps"][0]["rows"][players - 1]
    session = Session.start(load_bundle(data), "act-1", players=players, seed=7)
    asked = []
    while not session.finished:
        request = session.pending
        if request["kind"] == "roll":
            asked.append((session.state["characters"][request["character"]]["name"], request["dice"],
                           request["doom"]))
            session.answer({"faces": [1] * request["dice"]})
        else:
            session.answer({"keep": True} if request["kind"] == "reroll" else {})
    assert [name for name, _, _ in asked] == row["rollers"]
    assert [dice for _, dice, _ in asked] == row["odds"][3]["dice"]
    assert all(doom for _, _, doom in asked) and row["odds"][3]["tokens"] == ["Despair", "Doom"]


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_cli_text_golden(tmp_path):
    folder = write_pack(tmp_path / "pack", STORY)
    code, out, err = run("stats", str(folder), "--story", "act-1")
    assert (code, err) == (0, "")
    story = out[out.index("Story odds of"):]
    expected = EXPECTED / "story-pack.txt"
    if update_golden():
        expected.write_text(story, encoding="utf-8")
    assert story == expected.read_text(encoding="utf-8")
    assert "| 1       | Athos, Porthos             |   3+2 |    67.4% |         33.3% |      50.0% |" in story
    assert "| Porthos (named) |    5 |    86.5% |   77.1% | 81.2% |        68.8% |" in story
    for line in story.splitlines():
        assert not line or line.startswith(("|", "  ", "Story odds", "Each chance", "A token", "who: all",
                                            "Challenge at", "Roll at", "Ending odds")), line
    # the ending odds: one section per player count, the pack's first Characters in play
    assert [line.split(":")[0] for line in story.splitlines() if line.startswith("Ending odds")] == [
        "Ending odds of 'act-1' in Solo Play (Athos, Porthos)",
        "Ending odds of 'act-1' in Solo Play (Athos, Porthos, Aramis)",
        "Ending odds of 'act-1' in Solo Play (Athos, Porthos, Aramis, D'Artagnan)",
        "Ending odds of 'act-1' with 3 players (Athos, Porthos, Aramis)",
        "Ending odds of 'act-1' with 4 players (Athos, Porthos, Aramis, D'Artagnan)"]


def test_cli_json_and_without_story(tmp_path):
    folder = write_pack(tmp_path / "pack", STORY)
    code, out, err = run("stats", str(folder), "--story", "act-1", "--format", "json")
    assert (code, err) == (0, "")
    stories = json.loads(out)["packs"][0]["stories"]
    assert [s["id"] for s in stories] == ["act-1"] and len(stories[0]["steps"]) == 5
    assert stories[0]["steps"][0]["rows"][0]["odds"][1]["pass"] == {"fraction": "1/3", "percent": 33.33}
    code, out, _ = run("stats", str(folder), "--format", "json")
    assert json.loads(out)["packs"][0]["stories"] == []
    code, out, _ = run("stats", str(folder))
    assert "Story odds of" not in out
    assert out.endswith("Story odds (each challenge and roll): add --story ID (act-1).\n")


def test_cli_unknown_story_is_a_usage_error(tmp_path):
    folder = write_pack(tmp_path / "pack", STORY)
    code, out, err = run("stats", str(folder), "--story", "act-2")
    assert (code, out) == (2, "")
    assert "Error: --story 'act-2': no such story (stories: act-1); did you mean 'act-1'?" in err


def test_a_story_without_dice(tmp_path):
    from _helpers import WON_AT_ONCE

    code, out, _ = run("stats", str(write_pack(tmp_path / "pack", WON_AT_ONCE)), "--story", "act-1")
    assert code == 0
    story = out[out.index("Story odds of"):]
    # no dice, but the ending odds all the same: Victory at once, for every player count
    assert story.startswith("Story odds of 'act-1' (The Road): 0 Challenges and 0 rolls\n"
                            "No challenge or roll steps in this story.\n\n"
                            "Ending odds of 'act-1' in Solo Play (Athos, Porthos): players choose uniformly at random "
                            "among the options on offer and the Characters offered, each Battle ends in one of its objectives or "
                            "is lost (alike), dice come up with their exact chances, no Destiny rerolls "
                            "(3 states explored, complete).\n"
                            "| ending     | chance |\n"
                            "|------------|--------|\n"
                            "| victory    | 100.0% |\n"
                            "| never ends |   0.0% |\n\n")
    assert story.count("| victory    | 100.0% |\n") == story.count("Ending odds of") == 5
    assert story.endswith("Ending odds of 'act-1' with 4 players (Athos, Porthos, Aramis, D'Artagnan): players "
                          "choose uniformly at random among the options on offer and the Characters offered, each Battle ends "
                          "in one of its objectives or is lost (alike), dice come up with their exact "
                          "chances, no Destiny rerolls (3 states explored, complete).\n"
                          "| ending     | chance |\n"
                          "|------------|--------|\n"
                          "| victory    | 100.0% |\n"
                          "| never ends |   0.0% |\n")


def test_who_all_with_nobody_left_does_nothing(tmp_path):
    """``except`` naming every Character in play leaves nobody to roll: the step
    does nothing (docs/format.md), so no chance is given for that player count."""
    story = STORY.replace("except: [Aramis]", "except: [Athos, Porthos]")
    pack = build_pack(write_pack(tmp_path / "pack", story))["packs"][0]
    rows = story_odds(pack, pack["stories"][0])["steps"][0]["rows"]
    assert [(r["players"], r["rollers"]) for r in rows] == [
        (1, []), (2, []), (3, ["Aramis"]), (4, ["Aramis", "D'Artagnan"])]
    assert [c["pass"] for c in rows[0]["odds"]] == [None] * 4
    assert rows[2]["odds"][0]["pass"]["fraction"] == str(at_least(3, 4))
    code, out, _ = run("stats", str(tmp_path / "pack"), "--story", "act-1")
    assert "| 1       | nobody (the step does nothing)" in out


def test_a_story_with_ending_odds_prints_them_after_its_story_odds(bundle):
    """The sections the state explorer's graph gives (``ending_section``, one per
    setup, a list) are printed under the story's odds, each naming its setup: here a
    hand-built graph for the test story (card 1: the two options with 1/2 each;
    "Wade across" wins, "Each tries the rope" fails 1 time in 4 and comes back)."""
    from cardforge_compiler.cli.stats import _text
    from cardforge_compiler.ending_odds import ending_section
    from cardforge_compiler.stats import stats_document

    packs = bundle["packs"]
    document = stats_document(packs, 1, None, ["act-1"])
    graph = SimpleNamespace(start={1: F(1)}, edges={1: [(F(1, 2), "V"), (F(1, 2), "rope")],
                                                    "rope": [(F(3, 4), "V"), (F(1, 4), 1)]},
                            terminal={"V": "victory"}, open=set())
    setup = {"players": 2, "characters": ["Athos", "Porthos"], "seed": 0, "battles": "table"}
    document["packs"][0]["stories"][0]["endings"] = [{"setup": setup, **ending_section(graph)}]
    text = _text(document, packs, True)
    # x = 1/2 + 1/2 (3/4 + 1/4 x): x = 7/8 + x/8, so x = 1: the loop always ends in Victory.
    assert text.endswith("| Porthos    |    2 |    41.7% |   16.7% | 25.0% |         0.0% |\n\n"
                         "Ending odds of 'act-1' with 2 players (Athos, Porthos): players choose uniformly at random "
                         "among the options on offer and the Characters offered, each Battle ends in one of its "
                         "objectives or is lost (alike), "
                         "dice come up with their exact chances, no Destiny rerolls (3 states explored, complete).\n"
                         "| ending     | chance |\n"
                         "|------------|--------|\n"
                         "| victory    | 100.0% |\n"
                         "| never ends |   0.0% |\n")


def test_player_counts_the_pack_has_too_few_characters_for(bundle):
    """With 2 Character boards 3 or 4 players cannot be set up (``Session.start``
    refuses; lint's CF110 refuses such a pack, a bundle edited by hand may have one):
    those rows give no chance."""
    from cardforge_compiler.cli.stats_story import story_text

    pack = json.loads(json.dumps(bundle["packs"][0]))
    pack["characters"] = pack["characters"][:2]
    story = story_odds(pack, pack["stories"][0])
    rows = story["steps"][0]["rows"]
    assert [(r["players"], r["rollers"], r["odds"] is None) for r in rows] == [
        (1, ["Athos", "Porthos"], False), (2, ["Athos", "Porthos"], False), (3, None, True), (4, None, True)]
    text = "\n".join(story_text(story, pack))
    assert "| 3       | (too few Characters in the pack) |    - |        - |             - |" in text


def test_a_stat_modifier_token_changes_only_rolls_of_its_stat(tmp_path):
    """A token with a ``stat_modifier`` (Enemy Attack, Poison: "Each Fatigue token you
    have reduces your Action Points attribute by 1 ... not below 3") changes the dice
    of a roll of that stat only, never below its floor: Aramis (Movement 4) rolls 3
    dice with it; a Prowess Challenge has no column for it."""
    from _helpers import MANIFEST

    folder = write_pack(tmp_path / "pack", STORY)
    manifest = MANIFEST.replace("  - {name: Doom, six_counts: 1}\n", "  - {name: Doom, six_counts: 1}\n"
                                "  - {name: Fatigue, stat_modifier: {stat: Movement, by: -2, floor: 3}}\n")
    (folder / "pack.yaml").write_text(manifest, encoding="utf-8")
    pack = build_pack(folder)["packs"][0]
    steps = story_odds(pack, pack["stories"][0])["steps"]
    each = steps[4]                                         # Movement
    assert each["tokens"] == ["Despair", "Doom", "Fatigue"]
    dice = {r["character"]: [c["dice"] for c in r["odds"]] for r in each["rows"]}
    # none, Despair, Doom, Fatigue, all three: Fatigue takes Movement 4 to 3 (the floor), 2 stays 2.
    assert dice["Aramis"] == [4, 3, 4, 3, 2]
    assert dice["Porthos"] == [2, 1, 2, 2, 1]
    assert steps[3]["tokens"] == ["Despair", "Doom"]        # Prowess


def test_every_gascony_story_has_sound_odds(bundle_data):
    """Over every story of the shipped Gascony pack: each roll's distribution sums to exactly 1 and its
    expectation is its mean; a token never raises a chance (Despair takes a die,
    Doom makes a 6 count 1) and both together are at most either; every step has a
    row, and ``who: all`` rows cover every player count."""
    total = 0
    for pack in bundle_data["packs"]:
        for story in pack["stories"]:
            for step in story_odds(pack, story)["steps"]:
                total += 1
                assert step["rows"], (story["id"], step["card"], step["at"])
                if step["who"] == "all":
                    assert [r["players"] for r in step["rows"]] == list(range(pack["players"]["min"],
                                                                               pack["players"]["max"] + 1))
                for row in step["rows"]:
                    cells = {tuple(c["tokens"]): c for c in row["odds"] or ()}
                    if step["kind"] == "roll":
                        for cell in cells.values():
                            table = [F(c["fraction"]) for c in cell["distribution"]]
                            assert sum(table) == 1
                            assert F(cell["expected"]["fraction"]) == sum(k * p for k, p in enumerate(table))
                        continue
                    chance = {k: F(c["pass"]["fraction"]) for k, c in cells.items()}
                    for held, p in chance.items():
                        assert 0 <= p <= chance[()], (story["id"], step["at"], held)
                        assert chance.get(("Despair", "Doom"), 0) <= p
    assert total >= 20


def test_ending_odds_stopped_short_list_every_result_the_story_can_end_with():
    """Act II stopped at 300 states has reached no Victory yet: its row is still there,
    0.0% up to the share of play left unexplored (was: no victory row at all)."""
    root = Path(__file__).resolve().parent.parent
    done = CliRunner().invoke(cli, ["stats", str(root / "content" / "gascony"), "--story", "act-2",
                                    "--explore-budget", "300", "--format", "json"])
    assert done.exit_code == 0, done.output
    story = json.loads(done.output)["packs"][0]["stories"][0]
    first = story["endings"][0]
    rows = {r["result"]: (r["low"]["percent"], r["high"]["percent"]) for r in first["results"]}
    assert rows == {"defeat": (16.67, 100.0), "victory": (0.0, 83.33)}
    assert (first["exact"], first["unbounded"], first["abstracted"]) == (False, False, None)
