"""Bad input thrown at the issue-11 commands (``cardforge explore``, ``lint
--explore-budget``, ``test --random``, ``stats --story``), as a careless or hostile
user would: each break found is a test here. Every one runs the real console command
(``python -m cardforge_compiler``, ``CARDFORGE_DEBUG`` unset), so that an internal
error (exit 2, "this is a bug in cardforge") shows as what it is."""

from __future__ import annotations

import json
from fractions import Fraction
import os
import shutil
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

from _helpers import CONTENT, ROOT

PLAYTEST = ROOT / "tests" / "playtest"


def cf(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "CARDFORGE_DEBUG"}
    env["NO_COLOR"] = "1"
    return subprocess.run([sys.executable, "-m", "cardforge_compiler", *args], capture_output=True, text=True,
                          cwd=cwd, env=env, check=False)


def assert_no_bug(done: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr, done.stderr


def as_bash_reads_it(command: str, cwd: Path) -> list[str]:
    """The arguments bash gives ``cardforge`` when ``command`` is pasted into it."""
    script = 'cardforge() { printf "%s\\0" "$@"; }\n' + command
    done = subprocess.run(["bash", "-c", script], capture_output=True, cwd=cwd, check=True)
    return [os.fsdecode(word) for word in done.stdout.split(b"\0")[:-1]]


def playtest_pack(folder: Path, *stories: str) -> Path:
    """tests/playtest/'s manifest with ``stories`` (file texts) beside it."""
    folder.mkdir(parents=True)
    shutil.copy(PLAYTEST / "pack.yaml", folder / "pack.yaml")
    for n, text in enumerate(stories):
        (folder / f"story-{n}.yaml").write_text(text, encoding="utf-8")
    return folder


# -- one story file of a pack with a campaign (content/gascony/act3.yaml) ------------------
# Its bundle named act-1..act-4 in `campaign.stories` but held act-3 only: load_bundle
# refused it (BundleError), which escaped as an internal error, then was a usage error.
# Now the bundle of part of a pack leaves the campaign out (emit.campaign_left_out): the
# story file plays as the pack folder's story does.

def test_explore_of_one_story_file_of_a_campaign_pack_explores_that_story() -> None:
    done = cf("explore", str(CONTENT / "act3.yaml"))
    assert_no_bug(done)
    assert (done.returncode, done.stderr) == (0, "")
    whole = cf("explore", str(CONTENT), "--story", "act-3")
    assert done.stdout == whole.stdout
    assert done.stdout.splitlines()[0].startswith("cardforge explore: story 'act-3' of pack 'gascony': explored 460 states")


def test_lint_of_one_story_file_of_a_campaign_pack_lints_it_without_the_explorer() -> None:
    done = cf("lint", str(CONTENT / "act3.yaml"))
    assert_no_bug(done)
    assert done.returncode == 0
    assert done.stdout.splitlines()[-1] == (
        "state explorer: not run: a pack read in part (single files) is not played: lint its folder")


def test_test_random_of_one_story_file_of_a_campaign_pack_plays_that_story() -> None:
    done = cf("test", str(CONTENT / "act3.yaml"), "--random", "1", "--seed", "2")
    assert_no_bug(done)
    whole = cf("test", str(CONTENT), "--story", "act-3", "--random", "1", "--seed", "2")
    assert (done.returncode, done.stdout) == (0, whole.stdout)
    assert done.stdout.splitlines()[-1] == "cardforge test: 1 story, 1 game: passed"


def test_stats_story_of_one_story_file_of_a_campaign_pack_is_the_pack_folders() -> None:
    done = cf("stats", str(CONTENT / "act3.yaml"), "--story", "act-3")
    assert_no_bug(done)
    whole = cf("stats", str(CONTENT), "--story", "act-3")
    assert (done.returncode, done.stdout) == (0, whole.stdout)
    assert "Ending odds of 'act-3'" in done.stdout
    # the deck and attack tables need no playable bundle: still printed
    done = cf("stats", str(CONTENT / "act3.yaml"), "--draws", "1")
    assert done.returncode == 0 and done.stdout.startswith("cardforge stats: pack 'gascony'")


# -- content with no story, a bundle where content is expected ------------------------------

def test_explore_of_content_without_a_story_is_a_usage_error() -> None:
    # was: "no problems in 0 stories", exit 0
    done = cf("explore", str(PLAYTEST / "pack.yaml"))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"Error: no story in {PLAYTEST / 'pack.yaml'}: cardforge explore plays stories (kind: story)\n"


def test_test_random_of_content_without_a_story_says_so() -> None:
    # was: "Error: no story '' (stories: none)"
    done = cf("test", str(PLAYTEST / "pack.yaml"), "--random", "1")
    assert done.returncode == 2
    assert done.stderr == f"Error: no story in {PLAYTEST / 'pack.yaml'}: cardforge test plays stories (kind: story)\n"


def test_explore_of_a_bundle_is_a_usage_error(tmp_path: Path) -> None:
    # was: "CF101 error: document has no `kind`", exit 1
    bundle = tmp_path / "playtest.bundle.json"
    assert cf("build", str(PLAYTEST), "-o", str(bundle)).returncode == 0
    done = cf("explore", str(bundle))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (f"Error: {bundle} is a bundle: cardforge explore reads content (YAML files or folders); "
                           "give the content it was built from\n")


# -- --witness-dir ----------------------------------------------------------------------------

def test_explore_witness_dir_that_cannot_be_made_is_a_usage_error_before_exploring(tmp_path: Path) -> None:
    # was: "internal error: NotADirectoryError", after the whole exploration
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    done = cf("explore", str(PLAYTEST), "--witness-dir", "a-file/witnesses", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == "Error: --witness-dir a-file/witnesses: cannot create the folder: Not a directory\n"


def test_explore_replay_commands_paste_into_a_shell(tmp_path: Path) -> None:
    # was: `cardforge play -w d/it's "q"/playtest.bundle.json ...`, paths as they were
    folder = "-w d/it's \"q\"\nü"
    done = cf("explore", str(PLAYTEST), "--story", "tavern", "--witness-dir", folder, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    replays = [line[len("  replay: "):] for line in done.stdout.splitlines() if line.startswith("  replay: ")]
    assert replays == [
        "cardforge play $'./-w d/it\\'s \"q\"\\nü/playtest.bundle.json' --story tavern --players 1 --characters "
        "Athos,Porthos --seed 0 --battles table --answers $'./-w d/it\\'s \"q\"\\nü/tavern-CF902-card-1.answers.json'",
        "cardforge play $'./-w d/it\\'s \"q\"\\nü/playtest.bundle.json' --story tavern --players 1 --characters "
        "Athos,Porthos --seed 0 --battles table --answers $'./-w d/it\\'s \"q\"\\nü/tavern-CF903-card-4.answers.json'"]
    words = as_bash_reads_it(replays[0], tmp_path)
    assert words[:2] == ["play", f"./{folder}/playtest.bundle.json"]
    assert words[-2:] == ["--answers", f"./{folder}/tavern-CF902-card-1.answers.json"]
    assert (tmp_path / words[1]).is_file() and (tmp_path / words[-1]).is_file()
    document = json.loads(cf("explore", str(PLAYTEST), "--story", "tavern", "--witness-dir", folder,
                             "--format", "json", cwd=tmp_path).stdout)
    assert [f["replay"] for f in document["stories"][0]["findings"]] == replays


# -- cardforge test --random --------------------------------------------------------------------

def test_test_random_replay_commands_paste_into_a_shell(tmp_path: Path) -> None:
    # was: `cardforge play tr d/it's/playtest.bundle.json ...`
    done = cf("test", str(PLAYTEST), "--story", "gate", "--random", "3", "--seed", "0", "--transcripts", "tr d/it's",
              cwd=tmp_path)
    assert done.returncode == 1
    replays = [line.split("replay:     ", 1)[1] for line in done.stdout.splitlines() if "replay:     " in line]
    assert replays[0] == ("cardforge play 'tr d/it'\"'\"'s/playtest.bundle.json' --story gate --players 1 "
                          "--seed 9632717449522575222 --battles table --answers 'tr d/it'\"'\"'s/gate-game-2.answers.json'")
    words = as_bash_reads_it(replays[0], tmp_path)
    assert (words[1], words[-1]) == ("tr d/it's/playtest.bundle.json", "tr d/it's/gate-game-2.answers.json")


def test_test_random_file_lines_stay_one_line_each(tmp_path: Path) -> None:
    # was: "wrote tr<newline>nl/gate-game-2.transcript.json and ..." on stderr and in the report
    done = cf("test", str(PLAYTEST), "--story", "gate", "--random", "3", "--seed", "0", "--transcripts", "tr\nnl",
              cwd=tmp_path)
    assert done.stderr.splitlines() == [
        "wrote tr\\nnl/gate-game-2.transcript.json and tr\\nnl/gate-game-2.answers.json",
        "wrote tr\\nnl/gate-game-3.transcript.json and tr\\nnl/gate-game-3.answers.json"]
    assert "      transcript: tr\\nnl/gate-game-2.transcript.json" in done.stdout.splitlines()


def test_test_random_junit_is_xml_whatever_the_transcripts_folder(tmp_path: Path) -> None:
    # was: a raw ESC in <failure> text, which no XML parser reads
    done = cf("test", str(PLAYTEST), "--story", "gate", "--random", "3", "--seed", "0", "--transcripts", "tr\x1bx",
              "--format", "junit", cwd=tmp_path)
    assert done.returncode == 1
    failure = ElementTree.fromstring(done.stdout.encode()).find(".//failure")
    assert failure is not None and failure.text is not None
    assert failure.text.splitlines()[0] == "transcript: tr\\x1bx/gate-game-2.transcript.json"


def test_test_random_plays_every_story_named(tmp_path: Path) -> None:
    # was: --story tavern --story gate played gate only (click kept the last)
    done = cf("test", str(PLAYTEST), "--story", "tavern", "--story", "gate", "--random", "1", "--format", "json",
              "--transcripts", str(tmp_path))
    assert [s["story"] for s in json.loads(done.stdout)["stories"]] == ["gate", "tavern"]
    done = cf("test", str(PLAYTEST), "--story", "tavern", "--story", "tavren", "--random", "1")
    assert done.returncode == 2
    assert done.stderr == "Error: no story 'tavren' (stories: gate, tavern); did you mean 'tavern'?\n"


# -- cardforge stats --story: ending odds of an abstracted exploration ------------------------------

#: A counter that grows in a loop: `turns >= 40` can hold (a chance of 2**-35), but the
#: explorer keeps counters exact up to 20 only, so its graph never reaches victory.
MILL = """\
kind: story
id: mill
title: The Mill
start: 1
counters:
  turns: 0
cards:
  - id: 1
    title: The Wheel
    steps:
      - add: {turns: 1}
      - choice:
          - text: Turn again
            goto: 1
          - text: Stop
            if: turns >= 5
            goto: 2
  - id: 2
    title: The End
    steps:
      - if: turns >= 40
        then:
          - victory: Rich.
        else:
          - defeat: Poor.
"""


def test_stats_ending_odds_of_a_story_whose_counter_grows_without_end_are_sound_ranges(tmp_path: Path) -> None:
    # was: "defeat | 100.0%" (the abstract graph's: `turns` stayed at 21, so never 40);
    # then "Not exact", with no bound; now explored again with turns exact, as far as the budget goes
    pack = playtest_pack(tmp_path / "pack", MILL)
    done = cf("stats", str(pack), "--story", "mill")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    head = lines.index(next(line for line in lines if line.startswith("Ending odds of 'mill' in Solo Play")))
    assert lines[head].endswith("(404 states explored, not all expanded).")
    assert lines[head + 1: head + 8] == [
        "A counter, the coins or an item's copies can grow beyond the explorer's bound (--bound), so the story was "
        "explored again with every count kept exact, as far as the budget goes.",
        "The exploration stopped short: <0.1% of play reaches states it did not expand, so each chance is a range "
        "(at least, at most).",
        "| ending     |           chance |",
        "|------------|------------------|",
        "| defeat     | >99.9% to >99.9% |",
        "| victory    |   <0.1% to <0.1% |",
        "| never ends |    0.0% to <0.1% |"]
    sections = json.loads(cf("stats", str(pack), "--story", "mill", "--format", "json").stdout)["packs"][0]["stories"][0]
    first = sections["endings"][0]
    assert (first["unbounded"], first["abstracted"], first["exact"]) == (True, None, False)
    victory = next(r for r in first["results"] if r["result"] == "victory")
    # the story's own chance: "Turn again" at turns 5 to 39 (35 choices, 1 in 2 each), then any Stop wins
    truth = Fraction(1, 2) ** 35
    low, high = Fraction(victory["low"]["fraction"]), Fraction(victory["high"]["fraction"])
    assert low <= truth <= high and high - low < Fraction(1, 10**10)


def test_an_empty_path_is_a_usage_error_not_the_current_folder() -> None:
    # was: `cardforge explore ""` (a `"$DIR"` left unset) explored the current folder, exit 0
    for command in (["explore"], ["test", "--random", "1"], ["stats"], ["lint"]):
        done = cf(*command, "", cwd=PLAYTEST)
        assert (done.returncode, done.stdout) == (2, ""), command
        assert done.stderr == ("Error: an empty PATH was given: name the content's files or folders "
                               "(`.` for the current folder)\n")


def test_explore_never_writes_its_bundle_over_a_file_that_is_not_one(tmp_path: Path) -> None:
    # was: `--witness-dir .` beside a file named playtest.bundle.json replaced it silently
    (tmp_path / "playtest.bundle.json").write_text("my notes\n", encoding="utf-8")
    done = cf("explore", str(PLAYTEST), "--story", "tavern", "--witness-dir", ".", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == ("Error: --witness-dir .: playtest.bundle.json exists and is not a cardforge bundle: "
                           "refusing to replace it (choose another folder)\n")
    assert (tmp_path / "playtest.bundle.json").read_text(encoding="utf-8") == "my notes\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["playtest.bundle.json"]


def test_test_random_never_writes_its_bundle_over_a_file_that_is_not_one(tmp_path: Path) -> None:
    # was: the gate story's stuck games replaced tr/playtest.bundle.json, whatever it held
    (tmp_path / "tr").mkdir()
    (tmp_path / "tr" / "playtest.bundle.json").write_text("my notes\n", encoding="utf-8")
    done = cf("test", str(PLAYTEST), "--story", "gate", "--random", "3", "--transcripts", "tr", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == ("Error: --transcripts: tr/playtest.bundle.json exists and is not a cardforge bundle: "
                           "refusing to replace it (choose another folder)\n")
    assert sorted(p.name for p in (tmp_path / "tr").iterdir()) == ["playtest.bundle.json"]


GATE = (PLAYTEST / "gate.yaml").read_text(encoding="utf-8")


def test_explore_replay_of_a_character_named_with_a_comma_plays(tmp_path: Path) -> None:
    # was: `--characters 'Athos, the Elder,Porthos'`, which cardforge play splits at every comma
    pack = playtest_pack(tmp_path / "pack", GATE)
    manifest = pack / "pack.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("name: Athos", "name: Athos, the Elder"),
                        encoding="utf-8")
    done = cf("explore", str(pack), "--witness-dir", "w", cwd=tmp_path)
    replay = next(line for line in done.stdout.splitlines() if line.startswith("  replay: "))
    # then: the replay left --characters out (the pack's first ones); now cardforge play reads the name whole
    assert replay == ("  replay: cardforge play w/playtest.bundle.json --story gate --players 1 --characters "
                      "'Athos, the Elder,Porthos' --seed 0 --battles table --answers w/gate-CF901-card-12.answers.json")
    words = as_bash_reads_it(replay.split(": ", 1)[1], tmp_path)
    played = cf(*words, cwd=tmp_path)
    assert played.returncode == 3, played.stderr     # stuck, as the witness shows
    assert played.stderr.splitlines()[-1] == "error: the story is stuck: a content error (run cardforge lint on its content)"


def test_explore_format_json_of_content_with_errors_is_still_json(tmp_path: Path) -> None:
    # was: an empty stdout (exit 1), which json.loads refuses; exit 1 also means "findings"
    pack = playtest_pack(tmp_path / "pack", GATE.replace("goto: 13", "goto: 99"))
    done = cf("explore", str(pack), "--format", "json")
    assert done.returncode == 1
    document = json.loads(done.stdout)
    assert (document["format"], document["stories"]) == ("cardforge-explore", [])
    assert sorted(e["code"] for e in document["diagnostics"]) == ["CF301", "CF301", "CF401"]
    assert document["error"] == {"exit_code": 1, "message": f"the content has 3 errors: nothing explored (run "
                                                            f"cardforge lint {pack})"}
    assert done.stderr.splitlines()[-1] == f"explore: the content has 3 errors: nothing explored (run cardforge lint {pack})"


def test_an_empty_witness_or_transcripts_folder_is_a_usage_error(tmp_path: Path) -> None:
    # was: `--witness-dir ""` / `--transcripts ""` wrote bundle, witnesses and transcripts into the current folder
    for args, option in ((["explore", str(PLAYTEST), "--witness-dir", ""], "--witness-dir"),
                         (["test", str(PLAYTEST), "--story", "gate", "--random", "3", "--transcripts", ""], "--transcripts")):
        done = cf(*args, cwd=tmp_path)
        assert (done.returncode, done.stdout) == (2, "")
        assert done.stderr.splitlines()[-1] == (f"Error: Invalid value for '{option}': an empty folder name: give a folder "
                                                "(`.` for the current one)")
    assert list(tmp_path.iterdir()) == []


def test_test_random_min_coverage_nan_is_a_usage_error(tmp_path: Path) -> None:
    # was: click's range check let nan through; after every game, "internal error: ValueError: Invalid
    # literal for Fraction: 'nan'"
    done = cf("test", str(PLAYTEST), "--story", "tavern", "--random", "2", "--min-coverage", "nan", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.splitlines()[-1] == "Error: Invalid value for '--min-coverage': nan is not a number from 0 to 1"


def test_stats_story_ending_odds_take_an_explore_budget(tmp_path: Path) -> None:
    # was: no way to bound the explorer: 20 independent flags ran 3 minutes to the 200,000-state
    # default and then printed "never ends | 0.0% to 100.0%"
    cards = "".join(f"  - id: {i + 1}\n    title: Fork {i}\n    steps:\n      - choice:\n          - text: Yes\n"
                    f"            steps:\n              - set: {{f{i}: true}}\n            goto: {i + 2}\n"
                    f"          - text: No\n            goto: {i + 2}\n" for i in range(20))
    story = ("kind: story\nid: flags\ntitle: Many Flags\nstart: 1\nflags: [" + ", ".join(f"f{i}" for i in range(20))
             + "]\ncards:\n" + cards + "  - id: 21\n    title: End\n    steps:\n      - if: "
             + " and ".join(f"f{i}" for i in range(20)) + "\n        then:\n          - victory: All.\n"
             "        else:\n          - defeat: Not all.\n")
    pack = playtest_pack(tmp_path / "pack", story)
    done = cf("stats", str(pack), "--story", "flags", "--explore-budget", "1000", "--format", "json")
    assert done.returncode == 0, done.stderr
    sections = json.loads(done.stdout)["packs"][0]["stories"][0]["endings"]
    assert sections and not any(s["exact"] for s in sections)
    assert sorted(s["states"] for s in sections) == [256, 256, 464, 512, 512]   # 1,000 expanded in all setups
    done = cf("stats", str(pack), "--explore-budget", "1000")
    assert (done.returncode, done.stderr) == (2, "Error: --explore-budget sets the ending odds of --story ID: give "
                                                 "--story too\n")
