"""``cardforge stats``: deck odds and attack odds with values worked out by hand from
Gascony's Legacy, Dice Rolls (4-5 one Success, 6 two; Advantage: 3 counts; Disadvantage:
4 does not), the JSON document's shape, goldens of the text and JSON output for the
small decks pack (``tests/_decks_helpers.py`` plus three Characters), and the
command's refusals and exit codes."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardforge_compiler.cli import cli
from cardforge_compiler.cli.stats import _text
from cardforge_compiler.stats import stats_document
from _decks_helpers import DECKS, RULES, decks_pack
from _helpers import build_pack, update_golden

EXPECTED = Path(__file__).resolve().parent / "stats"

# Three Characters: Porthos with the Broadsword (+1 pip), Athos with a
# Musket (Ranged 2, +1 die and Advantage on attack, a defense rule that does not
# apply) and a Rapier (rerolls 1s), Aramis with no Weapon (the Unarmed card, Prowess).
CHARACTERS = RULES.replace("""    weapons: [Broadsword]
""", """    weapons: [Broadsword]
  - name: Athos
    stats: {Prowess: 3, Movement: 5}
    destiny: 3
    health: 5
    weapons: [Musket, Rapier]
  - name: Aramis
    stats: {Prowess: 2, Movement: 3}
    destiny: 3
    health: 5
""").replace("carry: {hands: 2}", "carry: {hands: 3}")   # Athos's Musket and Rapier: 3 hands (CF829)
MORE_EQUIPMENT = DECKS + """\
  - name: Musket
    hands: 1                  # one hand here, so that Athos carries it with his Rapier (CF829)
    slot: primary
    attack: ranged
    value: 2
    cost: 6
    pattern: ["F", "o"]
    dice: [{on: attack, extra_dice: 1}, {on: attack, advantage: true}, {on: defense, reroll_faces: [1]}]
  - name: Rapier
    hands: 1
    slot: primary
    attack: melee
    cost: 3
    pattern: ["F", "o"]
    dice: [{on: any, reroll_faces: [1]}]
"""


def stats_pack(tmp_path: Path) -> Path:
    return decks_pack(tmp_path, rules=CHARACTERS, decks=MORE_EQUIPMENT)


@pytest.fixture(scope="module")
def document(tmp_path_factory: pytest.TempPathFactory) -> dict:
    bundle = build_pack(stats_pack(tmp_path_factory.mktemp("stats")))
    return stats_document(bundle["packs"], 3)


def fraction(cell: dict) -> Fraction:
    return Fraction(cell["fraction"])


def by_name(items: list[dict], name: str) -> dict:
    return next(i for i in items if i["name"] == name)


def enumerated(dice: int, successes: int, *, pips: int = 0, reroll: int | None = None,
               advantage: bool = False) -> Fraction:
    """The chance of at least ``successes``, counted over every roll (and every free
    reroll of the face ``reroll``), with ``pips`` added to the one die that gains most."""
    def value(face: int) -> int:
        return 2 if face == 6 else 1 if face in (4, 5) or (advantage and face == 3) else 0
    hits = Fraction(0)
    for first in itertools.product(range(1, 7), repeat=dice):
        again = [i for i, f in enumerate(first) if f == reroll]
        for new in itertools.product(range(1, 7), repeat=len(again)):
            faces = list(first)
            for i, f in zip(again, new):
                faces[i] = f
            gain = max(value(min(6, f + pips)) - value(f) for f in faces)
            if sum(map(value, faces)) + gain >= successes:
                hits += Fraction(1, 6 ** (dice + len(again)))
    return hits


def test_cardinals_guard_by_hand(document):
    guard = by_name(document["packs"][0]["enemies"], "Cardinal's Guard")
    four = guard["attacks"][3]
    assert four["dice"] == 4
    # Plain, per die: 0 Successes 3 ways (1-3), 1 two ways (4, 5), 2 one way (6); 6^4 = 1296 rolls.
    # At most 2 Successes: 3^4 + 4*2*3^3 + (6*2^2*3^2 + 4*1*3^3) = 81 + 216 + 324 = 621.
    assert fraction(four["plain"]["defeated"]) == Fraction(1296 - 621, 1296) == Fraction(25, 48)
    # At most 1 Success: 81 + 216 = 297, so Wounded (2+) is 999/1296.
    assert fraction(four["plain"]["wounded"]) == Fraction(999, 1296)
    # Advantage: 0 two ways (1, 2), 1 three ways (3-5), 2 one way: at most 2 = 16 + 96 + 248 = 360.
    assert fraction(four["advantage"]["defeated"]) == Fraction(936, 1296) == Fraction(13, 18)
    # Disadvantage: 0 four ways (1-4), 1 one way (5), 2 one way: at most 2 = 256 + 256 + 352 = 864.
    assert fraction(four["disadvantage"]["defeated"]) == Fraction(1, 3)
    one = guard["attacks"][0]
    assert fraction(one["plain"]["wounded"]) == Fraction(1, 6)      # only a 6 gives 2 Successes
    assert fraction(one["plain"]["defeated"]) == 0                  # 1 die never makes 3
    assert [a["dice"] for a in guard["attacks"]] == [1, 2, 3, 4, 5, 6]
    assert four["plain"]["defeated"] == {"fraction": "25/48", "percent": 52.08}


def test_named_enemy_a_wound_per_attack(document):
    richelieu = by_name(document["packs"][0]["named_enemies"], "Cardinal Richelieu")
    assert richelieu["defense"] == 3
    four = richelieu["attacks"][3]
    assert fraction(four["plain"]["wounded"]) == Fraction(25, 48)
    assert "defeated" not in four["plain"]              # never Defeated in one Attack
    # 2 dice, 3+ Successes: a 6 and a 4-6 (6*3 ... ) = 6,4 6,5 4,6 5,6 6,6 = 5 of 36.
    assert fraction(richelieu["attacks"][1]["plain"]["wounded"]) == Fraction(5, 36)


def test_characters_attack_with_their_starting_weapons(document):
    characters = document["packs"][0]["characters"]
    assert [c["name"] for c in characters] == ["Aramis", "Athos", "Porthos"]
    porthos = by_name(characters, "Porthos")["attacks"]
    assert [(a["weapon"], a["attack"], a["dice"], a["rolls"], a["add_pips"]) for a in porthos] == [
        ("Broadsword", "melee", 4, ["plain", "advantage"], [{"pips": 1, "dice_count": 1}])]
    guard = by_name(porthos[0]["targets"], "Cardinal's Guard")
    # Prowess 4 with the Broadsword's +1 pip on the best die: more than the plain 25/48.
    assert fraction(guard["plain"]["defeated"]) == enumerated(4, 3, pips=1) > Fraction(25, 48)
    assert fraction(guard["advantage"]["wounded"]) == enumerated(4, 2, pips=1, advantage=True)
    assert guard["disadvantage"] is None                                    # Cover never applies to Melee
    assert [t["name"] for t in porthos[0]["targets"]] == ["Cardinal's Guard", "Marksman", "Cardinal Richelieu"]

    athos = by_name(characters, "Athos")["attacks"]
    musket, rapier = athos
    assert (musket["weapon"], musket["dice"], musket["extra_dice"], musket["weapon_advantage"],
            musket["reroll_faces"]) == ("Musket", 3, 1, True, [])   # value 2 + 1 die; the defense reroll does not apply
    assert musket["rolls"] == ["plain", "advantage", "disadvantage"]
    marksman = by_name(musket["targets"], "Marksman")
    # The Musket's Advantage: plain = Advantage; Disadvantage (Cover) cancels it to a plain roll.
    guard_table = by_name(document["packs"][0]["enemies"], "Marksman")["attacks"][2]
    assert marksman["plain"] == marksman["advantage"] == guard_table["advantage"]
    assert marksman["disadvantage"] == guard_table["plain"]
    assert (rapier["dice"], rapier["reroll_faces"]) == (3, [[1]])
    assert fraction(by_name(rapier["targets"], "Cardinal's Guard")["plain"]["wounded"]) == enumerated(3, 2, reroll=1)

    aramis = by_name(characters, "Aramis")
    assert (aramis["melee_stat"], aramis["melee_dice"]) == ("Prowess", 2)
    assert [(a["weapon"], a["attack"], a["dice"]) for a in aramis["attacks"]] == [("Unarmed", "melee", 2)]


def test_deck_odds(document):
    pack = document["packs"][0]
    reaction = by_name(pack["decks"], "Reaction")
    assert reaction["size"] == 3
    duck = by_name(reaction["cards"], "Duck!")
    assert [fraction(w) for w in duck["within"]] == [Fraction(2, 3), 1, 1]
    assert fraction(duck["share"]) == Fraction(2, 3)
    counter = by_name(reaction["cards"], "Counterattack")
    assert [fraction(w) for w in counter["within"]] == [Fraction(1, 3), Fraction(2, 3), 1]
    equipment = by_name(pack["decks"], "Equipment")
    assert equipment["size"] == 4 and [c["name"] for c in equipment["cards"]] == ["Broadsword", "Musket", "Pistol",
                                                                                  "Rapier"]
    assert equipment["left_out"] == [{"name": "Unarmed", "count": 1, "why": "unarmed"}]
    assert [(d["name"], d["kind"]) for d in pack["threat_decks"]] == [("Cardinal Richelieu", "threat-deck")]


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_cli_golden(tmp_path, fmt):
    folder = stats_pack(tmp_path)
    code, out, err = run("stats", str(folder), "--format", fmt, "--draws", "2")
    assert (code, err) == (0, "")
    expected = EXPECTED / f"decks-pack.{'txt' if fmt == 'text' else 'json'}"
    if update_golden():
        expected.write_text(out, encoding="utf-8")
    assert out == expected.read_text(encoding="utf-8")
    if fmt == "json":
        assert json.loads(out)["draws"] == 2
    else:   # 151/192 = 78.6458...%: rounded once (not 78.65 then 78.7), as docs/runtime.md's table
        assert "|    6 |         92.2% |             98.6% |                78.1% |          78.6% |" in out


def test_cli_reads_a_bundle_the_same(tmp_path):
    folder = stats_pack(tmp_path)
    bundle = tmp_path / "pack.bundle.json"
    code, _, _ = run("build", str(folder), "-o", str(bundle))
    assert code == 0
    assert run("stats", str(bundle), "--format", "json") == run("stats", str(folder), "--format", "json")


def test_cli_reads_one_bundle_alone(tmp_path):
    """Two bundles (or a bundle beside content) are a usage error naming the rule,
    not YAML diagnostics about the bundles' text (the "add `kind:`" error before)."""
    folder = stats_pack(tmp_path)
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    assert run("build", str(folder), "-o", str(first))[0] == 0
    second.write_bytes(first.read_bytes())
    for args in ((str(first), str(second)), (str(first), str(folder))):
        code, out, err = run("stats", *args)
        assert (code, out) == (2, "")
        assert f"Error: stats reads one bundle alone, got 2 paths ({', '.join(args)}): " in err
        assert f"run `cardforge stats {first}`, once per bundle" in err and "kind" not in err


def test_cli_refuses_content_with_errors(tmp_path):
    folder = decks_pack(tmp_path, enemies=DECKS.replace("kind: deck", "kind: enemy", 1))
    code, out, err = run("stats", str(folder))
    assert code == 1 and out == ""
    assert " error: " in err and "stats: the content has" in err and "no tables (run cardforge lint" in err


def test_cli_usage_errors_exit_2(tmp_path):
    folder = stats_pack(tmp_path)
    code, _, err = run("stats", str(folder), "--draws", "0")
    assert code == 2 and "--draws" in err
    code, _, err = run("stats", str(tmp_path / "missing"))
    assert code == 2
    code, _, err = run("stats", str(folder), "--pack", "tset")
    assert code == 2 and "no pack 'tset'" in err and "did you mean 'test'" in err


def test_author_text_is_escaped_and_never_begins_a_line(document):
    hostile = json.loads(json.dumps(document))
    pack = hostile["packs"][0]
    pack["id"] = "::error x\n"
    pack["decks"][0]["cards"][0]["name"] = "::warning\x1b[31m"
    pack["enemies"][0]["name"] = "Guard\nEnemy 'fake'"
    pack["characters"][0]["attacks"][0]["weapon"] = "\u202eSword"
    text = _text(hostile)
    assert "\x1b" not in text and "\u202e" not in text
    assert "::warning\\x1b[31m" in text and "Guard\\nEnemy 'fake'" in text and "\\u202eSword" in text
    for line in text.splitlines():
        assert not line.lstrip().startswith(("::", "Guard")), line


def test_difficulty_leaves_out_the_cards_it_removes(tmp_path):
    folder = stats_pack(tmp_path)
    code, out, err = run("stats", str(folder), "--difficulty", "easier", "--format", "json")
    assert (code, err) == (0, "")
    pack = json.loads(out)["packs"][0]
    assert pack["difficulty"] == "easier"
    loot = by_name(pack["decks"], "Loot")               # easier: remove_cards {Loot: [Nothing]}
    assert loot["size"] == 1 and [c["name"] for c in loot["cards"]] == ["Cross"]
    assert loot["left_out"] == [{"name": "Nothing", "count": 1, "why": "difficulty"}]
    assert [fraction(w) for w in loot["cards"][0]["within"]] == [1, 1, 1]
    assert by_name(pack["decks"], "Reaction")["size"] == 3          # other decks unchanged
    code, out, _ = run("stats", str(folder), "--difficulty", "easier")
    assert "cardforge stats: pack 'test' (Test pack), difficulty 'easier'" in out
    assert "  left out: 'Nothing' (difficulty 'easier' removes its copy from the deck)" in out
    code, _, err = run("stats", str(folder), "--difficulty", "easyer")
    assert code == 2 and "has the difficulty options easier, harder" in err and "did you mean 'easier'" in err


def test_a_pack_without_decks_or_enemies(tmp_path):
    from _helpers import copy_golden

    folder = copy_golden("ok-minimal", tmp_path / "ok-minimal")
    code, out, err = run("stats", str(folder))
    assert (code, err) == (0, "")
    assert out.endswith("\nNo decks, Threat decks, Enemies or Named Enemies in this pack.\n\n"
                        "Story odds (each challenge and roll): add --story ID (act-1).\n")
    assert "Character '" not in out
    code, out, _ = run("stats", str(folder), "--format", "json")
    pack = json.loads(out)["packs"][0]
    assert (pack["decks"], pack["threat_decks"], pack["enemies"], pack["named_enemies"]) == ([], [], [], [])


def test_decks_without_enemies_give_no_character_tables(document):
    bare = json.loads(json.dumps(document))
    bare["packs"][0]["enemies"] = bare["packs"][0]["named_enemies"] = []
    text = _text(bare)
    assert "No Enemies or Named Enemies in this pack: no attack tables for its Characters." in text
    assert "Character '" not in text and "Reaction deck 'Reaction'" in text


def test_the_shipped_content_has_every_table():
    from _helpers import SHIPPED

    code, out, err = run("stats", str(SHIPPED), "--format", "json")
    assert (code, err) == (0, "")
    packs = {p["id"]: p for p in json.loads(out)["packs"]}
    gascony = packs["gascony"]
    assert {"Cardinal's Guard", "Marksman"} <= {e["name"] for e in gascony["enemies"]}
    assert {"Cardinal Richelieu", "Rochefort"} <= {n["name"] for n in gascony["named_enemies"]}
    assert {d["role"] for d in gascony["decks"]} >= {"equipment", "loot", "reaction"}
    for pack in packs.values():
        for deck in pack["decks"] + pack["threat_decks"]:
            assert sum(fraction(c["share"]) for c in deck["cards"]) == (1 if deck["size"] else 0), deck["name"]
        for character in pack["characters"]:
            for attack in character["attacks"]:
                assert attack["dice"] is not None, (pack["id"], character["name"])   # every pack names its stat

                assert len(attack["targets"]) == len(pack["enemies"]) + len(pack["named_enemies"])
    assert all(a["dice"] for c in gascony["characters"] for a in c["attacks"])
    guard = by_name(gascony["enemies"], "Cardinal's Guard")
    assert guard["defense"] == {"wounded": 2, "defeated": 3}          # as the rulebook prints it
    assert fraction(guard["attacks"][3]["plain"]["defeated"]) == Fraction(25, 48)


def test_dice_without_advantage_rules_leave_those_columns_out(tmp_path):
    """With no ``advantage_adds``/``disadvantage_removes`` a roll with Advantage or
    Disadvantage has the plain roll's chances: the text says so instead of repeating
    the plain column."""
    folder = stats_pack(tmp_path)
    manifest = folder / "pack.yaml"
    text = manifest.read_text(encoding="utf-8")
    assert "advantage_adds: [3],\n       disadvantage_removes: [4], " in text
    manifest.write_text(text.replace("advantage_adds: [3],\n       disadvantage_removes: [4], ", ""), encoding="utf-8")
    code, out, err = run("stats", str(folder))
    assert (code, err) == (0, "")
    assert ("Advantage columns left out: this pack's dice have no `advantage_adds`, so a roll with Advantage has "
            "the same chances as a plain roll.") in out
    assert "Disadvantage columns left out: this pack's dice have no `disadvantage_removes`" in out
    assert "Advantage |" not in out and "Wounded plain" in out
    code, out, _ = run("stats", str(stats_pack(tmp_path / "again")))
    assert "columns left out" not in out and "Wounded Advantage" in out


def test_the_equipment_deck_odds_say_they_count_the_starting_weapons(tmp_path):
    code, out, err = run("stats", str(stats_pack(tmp_path)))
    assert (code, err) == (0, "")
    assert ("  these odds count the Starting Weapons (Broadsword, Musket, Rapier) as in the deck; at Setup the Characters in "
            "play take theirs out before any draw") in out
    assert out.count("these odds count the Starting Weapons") == 1          # the Equipment deck only


def _excerpt_of(example, real, where: str = "$") -> None:
    """``example`` (a docs excerpt) is part of ``real``: every value it gives is the real
    one; ``{"...": ...}`` items and keys mark what is left out; list items that have a
    ``name`` are matched by name (story steps by ``card`` and ``at``, story odds rows by
    ``character``, their cells by ``tokens``), others by position."""
    if isinstance(example, dict):
        assert isinstance(real, dict), where
        for key, value in example.items():
            if key != "...":
                assert key in real, f"{where}.{key}"
                _excerpt_of(value, real[key], f"{where}.{key}")
    elif isinstance(example, list):
        assert isinstance(real, list), where
        shown = [item for item in example if not (isinstance(item, dict) and set(item) == {"..."})]
        for i, item in enumerate(shown):
            if isinstance(item, dict) and "name" in item:
                _excerpt_of(item, by_name(real, item["name"]), f"{where}[{item['name']}]")
            elif isinstance(item, dict) and "at" in item:          # a story step: by card and place
                step = next(r for r in real if (r["card"], r["at"]) == (item["card"], item["at"]))
                _excerpt_of(item, step, f"{where}[card {item['card']} {item['at']}]")
            elif isinstance(item, dict) and "character" in item:   # a story odds row
                row = next(r for r in real if r["character"] == item["character"])
                _excerpt_of(item, row, f"{where}[{item['character']}]")
            elif isinstance(item, dict) and "tokens" in item:      # a story odds cell
                cell = next(r for r in real if r["tokens"] == item["tokens"])
                _excerpt_of(item, cell, f"{where}[tokens={item['tokens']}]")
            elif isinstance(item, dict) and "dice" in item:
                _excerpt_of(item, next(r for r in real if r["dice"] == item["dice"]), f"{where}[dice={item['dice']}]")
            else:
                _excerpt_of(item, real[i], f"{where}[{i}]")
    elif example != "...":
        assert example == real, f"{where}: the docs say {example!r}, cardforge says {real!r}"


def test_the_json_example_of_docs_stats_is_real_output():
    """docs/stats.md's JSON document is an excerpt of `cardforge stats content/gascony/
    --format json`: a number or a field written there is what cardforge prints."""
    from _helpers import ROOT, SHIPPED

    text = (ROOT / "docs" / "stats.md").read_text(encoding="utf-8")
    example = json.loads(text.split("## The JSON document", 1)[1].split("```json\n", 1)[1].split("```", 1)[0])
    code, out, err = run("stats", str(SHIPPED / "gascony"), "--format", "json")
    assert (code, err) == (0, "")
    _excerpt_of(example, json.loads(out))


@pytest.fixture(scope="module")
def act_1() -> dict:
    """The story odds of the shipped Act 1 (``cardforge stats content/gascony --story act-1``)."""
    from _helpers import CONTENT

    code, out, err = run("stats", str(CONTENT), "--story", "act-1", "--format", "json")
    assert (code, err) == (0, "")
    return json.loads(out)["packs"][0]["stories"][0]


def step_at(story: dict, card: int, at: str) -> dict:
    return next(s for s in story["steps"] if (s["card"], s["at"]) == (card, at))


def passes(step: dict) -> dict[str, Fraction]:
    """Each Character's chance without tokens."""
    return {r["character"]: Fraction(r["odds"][0]["pass"]["fraction"]) for r in step["rows"]}


def test_act_1_challenges_by_hand(act_1):
    """Gascony's Legacy, Challenges ("roll dice equal to the Stat ... 3-Movement
    Challenge") and Dice Rolls (4-5 one Success, 6 two). A die counts 0 with 1/2, 1
    with 1/3, 2 with 1/6, so 3 dice make at most 2 Successes in 27 + 54 + 63 = 144 of
    216 rolls: 3 dice, 3+ is exactly 1/3 (docs/runtime.md's table: 33.3%); 4 dice, 3+:
    at most 2 in 81 + 216 + 324 = 621 of 1296, so 675/1296 = 25/48 (52.1%); 4 dice,
    4+: at most 3 in 621 + 312 = 933, so 363/1296 = 121/432 (28.0%)."""
    assert [(s["kind"], s["card"]) for s in act_1["steps"]] == [
        ("roll", 12), ("challenge", 13), ("challenge", 13), ("challenge", 18), ("challenge", 19),
        ("challenge", 19), ("challenge", 101)]
    stairs = step_at(act_1, 13, "steps[0].choice[1].steps[0].challenge")      # "Race down the grand staircase"
    assert (stairs["stat"], stairs["successes"], stairs["who"]) == ("Movement", 3, "one")
    assert passes(stairs) == {"Aramis": Fraction(25, 48), "Athos": Fraction(97, 144),
                              "D'Artagnan": Fraction(25, 48), "Porthos": Fraction(1, 3)}
    porthos = next(r for r in stairs["rows"] if r["character"] == "Porthos")["odds"]
    # Despair: 2 dice, 3+: 6-4, 6-5, 4-6, 5-6, 6-6 = 5 of 36; Doom: all 3 dice 4+: 1/8; both: 2 dice never make 3.
    assert [c["pass"]["fraction"] for c in porthos] == ["1/3", "5/36", "1/8", "0"]
    horse = step_at(act_1, 13, "steps[0].choice[0].steps[0].challenge")       # D'Artagnan rides, 2+
    assert [(r["character"], r["named"]) for r in horse["rows"]][0] == ("D'Artagnan", True)
    assert horse["otherwise"] == "pick" and passes(horse)["D'Artagnan"] == Fraction(37, 48)
    noon = step_at(act_1, 18, "steps[1].challenge")                            # against Athos: he never rolls
    assert noon["except"] == ["Athos"] and list(passes(noon)) == ["Aramis", "D'Artagnan", "Porthos"]
    laughed = step_at(act_1, 19, "steps[0].then[1].challenge")                 # Porthos's duel, mocked: 4+
    assert passes(laughed) == {"Aramis": Fraction(7, 54), "Athos": Fraction(7, 54),
                               "D'Artagnan": Fraction(121, 432)}


def test_act_1_priest_roll(act_1):
    """Card 12, "A Priest" (Gascony's Legacy, Event Cards): each Character rolls
    Movement and recovers 1 Destiny per Success; a die averages 0/2 + 1/3 + 2/6 = 2/3
    Successes, so Athos (Movement 5) expects 10/3, and 5/2 with Doom (1/2 a die)."""
    priest = step_at(act_1, 12, "steps[1].roll")
    athos = next(r for r in priest["rows"] if r["character"] == "Athos")["odds"]
    assert [(c["tokens"], c["dice"], c["expected"]["fraction"]) for c in athos] == [
        ([], 5, "10/3"), (["Despair"], 4, "8/3"), (["Doom"], 5, "5/2"), (["Despair", "Doom"], 4, "2")]
    assert Fraction(athos[0]["distribution"][10]["fraction"]) == Fraction(1, 6 ** 5)     # five 6s


def test_the_story_odds_examples_of_docs_stats_are_real_output(act_1):
    """docs/stats.md, Story odds: its JSON is an excerpt of `cardforge stats
    content/gascony/ --story act-1 --format json`, its text table lines are printed."""
    from _helpers import CONTENT, ROOT

    text = (ROOT / "docs" / "stats.md").read_text(encoding="utf-8").split("## Story odds", 1)[1]
    section = text.split("## Ending odds", 1)[0]
    _excerpt_of(json.loads(section.split("```json\n", 1)[1].split("```", 1)[0]), act_1)
    table = section.split("```\n", 1)[1].split("```", 1)[0]
    code, out, _ = run("stats", str(CONTENT), "--story", "act-1")
    assert code == 0 and table in out
