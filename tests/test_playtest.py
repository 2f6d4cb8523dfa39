"""``cardforge test --random``: random playthroughs with coverage (docs/playtest.md).

The fixture pack tests/playtest/ holds two stories: ``tavern``, whose coverage is known
exactly (everything but what ``duels_won >= 3`` guards on the start card), and ``gate``,
the stuck story of issue 11 (a choice whose two options are gated). The numbers below
are what seed 1 plays; the uncovered items are the ones the fixture plants.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from xml.etree import ElementTree

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from cardforge_compiler.cli import cli
from cardforge_compiler.playtest.answers import random_answer
from cardforge_compiler.playtest.coverage import Universe, where
from cardforge_compiler.playtest.runner import game_seeds
from cardforge_runtime import Session, load_bundle
from _helpers import CONTENT, ROOT

FIXTURE = str(ROOT / "tests" / "playtest")
SCHEMA = json.loads((ROOT / "schemas" / "playtest.schema.json").read_text(encoding="utf-8"))


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["test", *args])
    return result.exit_code, result.stdout, result.stderr


def tavern(*extra: str) -> tuple[int, str, str]:
    return run(FIXTURE, "--story", "tavern", "--random", "20", "--seed", "1", *extra)


TAVERN_TEXT = """\
cardforge test: story 'tavern' (The Tavern) of pack 'playtest': 20 games, seed 1, 1 player, Battles by outcome
  cards               3/4   75.0%
  options             2/3   66.6%
  challenge outcomes  2/4   50.0%
  overall            7/11   63.6%
  if branches         2/2  100.0%  (not counted in overall)
  endings: victory 8 (reason card: 8), defeat 12 (reason card: 12), stuck 0
  engine errors: 0
  never covered (4):
    card: card 4: "The Cellar" (never drawn)
    option: card 1, step 1, option 3: "Open the cellar" (never on offer)
    challenge outcome: card 4, step 1, pass: Movement challenge, 2 successes: never passed
    challenge outcome: card 4, step 1, fail: Movement challenge, 2 successes: never failed

cardforge test: 1 story, 20 games: passed
"""


def test_the_text_report_counts_the_tavern_exactly() -> None:
    code, out, err = tavern()
    assert (code, out, err) == (0, TAVERN_TEXT, "")


def test_the_json_document_counts_the_tavern_exactly_and_fits_its_schema() -> None:
    code, out, _ = tavern("--format", "json")
    assert code == 0
    document = json.loads(out)
    Draft202012Validator(SCHEMA).validate(document)
    assert (document["format"], document["version"], document["passed"]) == ("cardforge-playtest", 1, True)
    story = document["stories"][0]
    counts = {kind: (cell["covered"], cell["total"], cell["fraction"]) for kind, cell in story["coverage"].items()}
    assert counts == {"cards": (3, 4, "3/4"), "options": (2, 3, "2/3"), "challenge_outcomes": (2, 4, "1/2"),
                      "if_branches": (2, 2, "1"), "overall": (7, 11, "7/11")}
    assert story["coverage"]["overall"]["percent"] == 63.64
    assert [(u["kind"], u["card"], u["path"], u["where"]) for u in story["uncovered"]] == [
        ("cards", 4, ["cards", 3], "card 4"),
        ("options", 1, ["cards", 0, "steps", 0, "options", 2], "card 1, step 1, option 3"),
        ("challenge_outcomes", 4, ["cards", 3, "steps", 0, "pass"], "card 4, step 1, pass"),
        ("challenge_outcomes", 4, ["cards", 3, "steps", 0, "fail"], "card 4, step 1, fail")]
    assert story["endings"]["victory"] == {"games": 8, "reasons": {"card": 8}}
    assert story["endings"]["defeat"] == {"games": 12, "reasons": {"card": 12}}
    assert [s["games"] for s in story["endings"].values()] == [8, 12, 0, 0, 0]
    assert (story["engine_errors"], story["failed_games"], len(story["played"])) == (0, [], 20)
    assert story["played"][0] == {"game": 1, "seed": str(game_seeds(1, 1)[0]), "result": "victory",
                                  "reason": "card", "card": 3, "answers": story["played"][0]["answers"]}


@pytest.mark.parametrize("fmt", ["text", "json", "junit"])
def test_the_same_arguments_give_the_same_bytes(fmt: str, tmp_path: Path) -> None:
    args = [FIXTURE, "--random", "15", "--seed", "7", "--format", fmt, "--transcripts", str(tmp_path / "t")]
    first, again = run(*args), run(*args)
    assert first == again and first[0] == 1                  # the gate story gets stuck
    other = run(*args[:3], "8", *args[5:])
    assert other[1] != first[1]                              # another seed plays other games


def test_game_seeds_come_from_the_seed_and_the_game_number() -> None:
    assert game_seeds(1, 1) == game_seeds(1, 1)
    assert len({game_seeds(1, 1), game_seeds(1, 2), game_seeds(2, 1)}) == 3
    assert all(0 <= s < 2**64 for s in game_seeds(1, 1))


def test_a_stuck_game_exits_1_and_its_answers_replay_to_the_stuck_end(tmp_path: Path) -> None:
    folder = tmp_path / "out"
    code, out, err = run(FIXTURE, "--story", "gate", "--random", "20", "--seed", "1", "--transcripts", str(folder),
                         "--format", "json")
    assert code == 1
    story = json.loads(out)["stories"][0]
    assert story["endings"]["stuck"] == {"games": 12, "reasons": {"no_option": 12}}
    assert story["failed_games"] == [2, 3, 4, 5, 7, 8, 11, 13, 14, 16, 17, 18]
    assert story["coverage"]["overall"]["fraction"] == "1"          # every item covered, yet it fails
    game = story["played"][1]
    files = game["files"]
    assert files == {"transcript": str(folder / "gate-game-2.transcript.json"),
                     "answers": str(folder / "gate-game-2.answers.json"),
                     "replay": f"cardforge play {folder / 'playtest.bundle.json'} --story gate --players 1 --seed "
                               f"{game['seed']} --battles table --answers {folder / 'gate-game-2.answers.json'}"}
    assert f"wrote {files['transcript']} and {files['answers']}" in err.splitlines()
    transcript = json.loads(Path(files["transcript"]).read_text(encoding="utf-8"))
    answers = json.loads(Path(files["answers"]).read_text(encoding="utf-8"))
    assert transcript["pending"] == {"kind": "end", "card": 12, "result": "stuck", "text": None, "reason": "no_option",
                                     "character": None}
    assert [step["answer"] for step in transcript["steps"]] == answers and len(answers) == game["answers"]
    replay = CliRunner().invoke(cli, files["replay"].split()[1:])
    assert replay.exit_code == 3                                    # cardforge play: the story got stuck
    assert "the story is stuck" in replay.stderr


def test_a_stuck_game_is_saved_beside_a_bundle_given_as_is(tmp_path: Path) -> None:
    bundle = tmp_path / "fixtures.bundle.json"
    assert CliRunner().invoke(cli, ["build", FIXTURE, "-o", str(bundle)]).exit_code == 0
    code, out, _ = run(str(bundle), "--story", "gate", "--random", "2", "--seed", "1", "--transcripts",
                       str(tmp_path / "t"), "--format", "json")
    assert code == 1
    files = json.loads(out)["stories"][0]["played"][1]["files"]
    assert files["replay"].startswith(f"cardforge play {bundle} --story gate ")
    assert sorted(p.name for p in (tmp_path / "t").iterdir()) == ["gate-game-2.answers.json",
                                                                  "gate-game-2.transcript.json"]


def test_an_engine_error_is_saved_and_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardforge_runtime.session import Session as Played
    from cardforge_runtime.story import EngineError

    answer = Played.answer

    def failing(self, given):  # noqa: ANN001, ANN202
        if self.pending["kind"] == "purchase":
            raise EngineError("planted")
        return answer(self, given)

    monkeypatch.setattr(Played, "answer", failing)
    code, out, _ = run(FIXTURE, "--story", "gate", "--random", "6", "--seed", "1", "--transcripts", str(tmp_path))
    assert code == 1
    assert "  endings: victory 2 (reason card: 2), stuck 1 (reason no_option: 1), error 3 (reason engine: 3)" in out
    assert "  engine errors: 3" in out
    assert "    game 2 (seed 3309102037055915314): error (engine) at card 11\n      planted\n" in out
    answers = json.loads((tmp_path / "gate-game-2.answers.json").read_text(encoding="utf-8"))
    transcript = json.loads((tmp_path / "gate-game-2.transcript.json").read_text(encoding="utf-8"))
    assert answers[:-1] == [step["answer"] for step in transcript["steps"]]
    assert transcript["pending"]["kind"] == "purchase" and "buy" in answers[-1]   # the answer it failed on comes last
    assert out.endswith("cardforge test: 1 story, 6 games: FAILED: 1 game stuck; 3 games in an error\n")


def test_junit_has_a_suite_per_story_a_case_per_game_and_a_coverage_case(tmp_path: Path) -> None:
    code, out, _ = run(FIXTURE, "--random", "20", "--seed", "1", "--format", "junit", "--min-coverage", "0.9",
                       "--transcripts", str(tmp_path))
    assert code == 1
    root = ElementTree.fromstring(out)
    assert (root.tag, root.get("tests"), root.get("failures")) == ("testsuites", "42", "13")
    suites = {s.get("name"): s for s in root.findall("testsuite")}
    assert list(suites) == ["playtest/gate", "playtest/tavern"]
    gate, tavern_suite = suites["playtest/gate"], suites["playtest/tavern"]
    assert (gate.get("tests"), gate.get("failures")) == ("21", "12")
    assert (tavern_suite.get("tests"), tavern_suite.get("failures")) == ("21", "1")
    failed = [c.get("name") for c in gate.findall("testcase") if c.find("failure") is not None]
    assert failed == [f"game-{n}" for n in (2, 3, 4, 5, 7, 8, 11, 13, 14, 16, 17, 18)]
    assert gate.find("testcase/failure").get("message").startswith("stuck (no_option) at card 12, seed ")
    coverage = tavern_suite.findall("testcase")[-1]
    assert coverage.get("name") == "coverage"
    assert coverage.find("failure").get("message") == "overall coverage 7/11 (63.6%), minimum 0.9"
    assert coverage.find("failure").text.splitlines() == ["never covered:", "card: card 4",
                                                          "option: card 1, step 1, option 3",
                                                          "challenge outcome: card 4, step 1, pass",
                                                          "challenge outcome: card 4, step 1, fail"]


@pytest.mark.parametrize("minimum, code", [("0", 0), ("0.63", 0), ("0.64", 1), ("1", 1)])
def test_min_coverage_sets_the_exit_code(minimum: str, code: int) -> None:
    got, out, _ = tavern("--min-coverage", minimum)
    assert got == code
    assert out.splitlines()[-1] == ("cardforge test: 1 story, 20 games: passed" if code == 0 else
                                    "cardforge test: 1 story, 20 games: FAILED: 1 story below the minimum coverage "
                                    "(tavern)")


@pytest.mark.parametrize("args, message", [
    (["--story", "taverm", "--random", "2"], "no story 'taverm' (stories: gate, tavern); did you mean 'tavern'?"),
    (["--random", "2", "--battles", "engine"], "--battles engine: pack 'playtest' has no Battle rounds"),
    (["--random", "2", "--players", "9"], "players"),
    (["--random", "0"], "--random"),
    (["--random", "2", "--min-coverage", "1.5"], "--min-coverage"),
    (["--seed", "1"], "--random"),
])
def test_usage_errors_exit_2(args: list[str], message: str) -> None:
    code, out, err = run(FIXTURE, *args)
    assert code == 2 and out == ""
    assert message in err


def test_the_shipped_act_1_is_fully_covered_with_battles_by_outcome() -> None:
    code, out, _ = run(str(CONTENT), "--story", "act-1", "--random", "20", "--seed", "1", "--battles", "outcome",
                       "--format", "json")
    assert code == 0
    story = json.loads(out)["stories"][0]
    assert {k: (v["covered"], v["total"]) for k, v in story["coverage"].items()} == {
        "cards": (15, 15), "options": (18, 18), "challenge_outcomes": (12, 12), "if_branches": (8, 8),
        "overall": (45, 45)}
    assert (story["endings"]["victory"]["games"], story["endings"]["defeat"]["games"]) == (17, 3)


def test_every_shipped_act_plays_without_an_error_with_battles_in_the_engine() -> None:
    """The random player and the greedy policy give only legal answers (an answer the
    runtime refused would end the game in an error), through every shipped Act."""
    code, out, _ = run(str(CONTENT), "--random", "3", "--seed", "2", "--format", "json")
    assert code == 0
    document = json.loads(out)
    assert [(s["story"], s["battles"], s["games"]) for s in document["stories"]] == [
        ("act-1", "engine", 3), ("act-2", "engine", 3), ("act-3", "engine", 3), ("act-4", "engine", 3)]
    assert all(s["endings"]["error"]["games"] == 0 and s["endings"]["stuck"]["games"] == 0
               for s in document["stories"])


def test_the_random_player_answers_every_story_request_legally() -> None:
    bundle = load_bundle(str(ROOT / "tests" / "conformance" / "bundles" / "rules.bundle.json"))
    rng = random.Random(3)
    kinds = set()
    for _, story, _ in bundle.stories():
        for seed in range(20):
            session = Session.start(bundle, story, seed=seed, battles="table")
            while not session.finished:
                request = session.pending
                kinds.add(request["kind"])
                session.answer(random_answer(request, rng))       # AnswerError would fail the test
    assert {"text", "card", "choice", "roll", "reroll", "character", "between"} <= kinds


def test_universe_and_where_follow_the_bundle_paths() -> None:
    story = {"cards": [{"id": 7, "steps": [
        {"kind": "choice", "options": [{"text": "a", "steps": [
            {"kind": "challenge", "stat": "Prowess", "successes": 2, "pass": [
                {"kind": "if", "then": [], "else": []}], "fail": []}]}]}]}]}
    universe = Universe.of(story)
    assert universe.cards == (("cards", 0),)
    assert universe.options == (("cards", 0, "steps", 0, "options", 0),)
    challenge = ("cards", 0, "steps", 0, "options", 0, "steps", 0)
    assert universe.challenge_outcomes == ((*challenge, "pass"), (*challenge, "fail"))
    assert universe.if_branches == ((*challenge, "pass", 0, "then"), (*challenge, "pass", 0, "else"))
    assert where(story, universe.if_branches[1]) == "card 7, step 1, option 1, step 1, pass, step 1, else"


def test_an_option_on_offer_is_not_covered_until_taken() -> None:
    from cardforge_compiler.playtest.coverage import Coverage

    story = {"cards": [{"id": 1, "steps": [{"kind": "choice", "options": [
        {"text": "a", "steps": []}, {"text": "b", "steps": []}]}]}]}
    coverage, universe, choice = Coverage(), Universe.of(story), ("cards", 0, "steps", 0)
    coverage.observe("offered", choice, [0, 1])
    coverage.observe("offered", choice, [0, 1])
    coverage.observe("branch", choice, 1)
    assert coverage.count(universe, "options") == (1, 2)
    assert coverage.missing(universe, "options") == [(*choice, "options", 0)]
    assert coverage.offered == {(*choice, "options", 0): 2, (*choice, "options", 1): 2}
    assert coverage.count(universe, "cards") == (0, 1)


def _doc_runs() -> list[tuple[str, str]]:
    """The whole runs docs/playtest.md shows (a ``$ cardforge test ...`` block with no
    ``...`` line): the command and its output."""
    import re

    text = (ROOT / "docs" / "playtest.md").read_text(encoding="utf-8")
    runs = []
    for block in re.findall(r"```\n\$ (cardforge test .*?)```", text, re.S):
        command, _, output = block.partition("\n")
        if "  ...\n" not in output:
            runs.append((command, output))
    return runs


def test_the_docs_show_real_output() -> None:
    import shlex

    runs = _doc_runs()
    assert [command for command, _ in runs] == [
        "cardforge test tests/playtest/ --story tavern --random 20 --seed 1",
        "cardforge test content/gascony/ --story act-1 --random 20 --seed 1 --battles outcome"]
    for command, output in runs:
        words = [str(ROOT / w) if w.endswith("/") else w for w in shlex.split(command)[2:]]
        code, out, _ = run(*words)
        assert (code, out) == (0, output), command
