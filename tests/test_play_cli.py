"""`cardforge play`: scripted Acts to Victory, saves and resumes, refused answers,
usage errors, and a run in a real terminal (a pseudo-terminal)."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
from pathlib import Path

import pytest

from _helpers import ROOT
from cardforge_runtime import Session, load_bundle

CONFORMANCE = ROOT / "tests" / "conformance"
CASES = {c["name"]: c for c in json.loads((CONFORMANCE / "cases.json").read_text(encoding="utf-8"))}
ACTS = ["act-1", "act-2", "act-3", "act-4"]


def cardforge(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cardforge_compiler", *args], capture_output=True, text=True,
                          input=stdin, env={**os.environ, "NO_COLOR": "1", "COLUMNS": "80"})


def answers(act: str) -> list:
    return json.loads((CONFORMANCE / f"{act}.answers.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("act", ACTS)
def test_each_shipped_act_plays_from_its_start_to_victory(gascony_bundle: Path, act: str):
    """The shipped content, built now, played with the scripted answers of tests/conformance/."""
    case = CASES[act]
    session = Session.start(load_bundle(gascony_bundle), act, players=case["players"], seed=case["seed"],
                            battles="table")     # the answers of the table-mode transcripts
    story = load_bundle(gascony_bundle).find_story(act)[1]
    first = session.pending if session.pending["kind"] == "card" else (session.answer({}), session.pending)[1]
    assert first["kind"] == "card" and first["card"] == story["start"]
    for answer in answers(act)[len(session.log):]:
        session.answer(answer)
    assert session.pending["kind"] == "end" and session.pending["result"] == "victory"
    assert session.pending["text"].endswith("Victory!")


def test_scripted_act_one_from_the_command_line(gascony_bundle: Path):
    case = CASES["act-1"]
    result = cardforge("play", str(gascony_bundle), "--story", "act-1", "--players", str(case["players"]),
                       "--seed", str(case["seed"]), "--answers", str(CONFORMANCE / "act-1.answers.json"),
                       "--battles", "table")     # the table-mode answers of the conformance transcript
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith("══ Act I: The Man From Meung ══\n1 player, seed 11\nParty: 0 coins\n")
    assert "(replay with --seed 11)" in result.stderr                # every die was rolled by the engine
    assert "── Story card 11: Arrival in Paris ──" in out and "── Story card 106: " in out
    assert "*** VICTORY ***" in out
    assert "D'Artagnan rolls 4 dice for Movement." in out          # A Priest: each Character rolls Movement
    assert max(len(line) for line in out.splitlines() if not line.startswith("> ")) <= 80


def test_answers_that_run_out_save_and_resume(gascony_bundle: Path, tmp_path: Path):
    script = answers("act-1")
    (tmp_path / "first.json").write_text(json.dumps(script[:20]), encoding="utf-8")
    (tmp_path / "rest.json").write_text(json.dumps(script[20:]), encoding="utf-8")
    save, whole = tmp_path / "act1.save.json", tmp_path / "whole.json"
    first = cardforge("play", str(gascony_bundle), "--story", "act-1", "--players", "1", "--seed", "11",
                      "--answers", str(tmp_path / "first.json"), "--save", str(save), "--battles", "table")
    assert first.returncode == 1
    assert "stopped: the answers ran out while the story waits for a" in first.stderr and f"saved to {save}" in first.stderr
    second = cardforge("play", str(gascony_bundle), "--resume", str(save), "--answers", str(tmp_path / "rest.json"),
                       "--transcript", str(whole))
    assert second.returncode == 0, second.stderr
    assert "*** VICTORY ***" in second.stdout
    recorded = json.loads((CONFORMANCE / "act-1.transcript.json").read_text(encoding="utf-8"))
    assert json.loads(whole.read_text(encoding="utf-8"))["steps"] == recorded["steps"]


def test_a_refused_scripted_answer_stops_with_the_reason(gascony_bundle: Path, tmp_path: Path):
    (tmp_path / "bad.json").write_text('[{}, {}, {"option": 9}]', encoding="utf-8")
    result = cardforge("play", str(gascony_bundle), "--story", "act-1", "--seed", "1", "--answers", str(tmp_path / "bad.json"))
    assert result.returncode == 1
    assert 'error: answer 3 ({"option": 9}) does not fit the choice request: \'option\' must be one of 0, 1' in result.stderr


@pytest.mark.parametrize(("args", "message"), [
    (["--seed", "1"], "name the story to play with --story (stories: act-1, act-2, act-3, act-4)"),
    (["--story", "act-9"], "no story 'act-9'; the bundle has: gascony/act-1"),
    (["--story", "act-1", "--players", "7"], "Gascony's Legacy is for 1 to 4 players, not 7"),
    (["--story", "act-1", "--characters", "Athos,Zorro", "--players", "2"], "no Character named 'Zorro'"),
    (["--story", "act-1", "--answers", "missing.json"], "missing.json: cannot read the list of answers"),
    (["--story", "act-1", "--save", "."], "File '.' is a directory"),
    (["--story", "act-1", "--save", "README.md/x.json"], "cannot write README.md/x.json: README.md is not a folder"),
    (["--resume", "missing.json", "--seed", "3"], "--resume continues a saved session"),
])
def test_usage_errors_exit_2(gascony_bundle: Path, args, message):
    result = cardforge("play", str(gascony_bundle), *args)
    assert result.returncode == 2 and message in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


def test_a_bundle_of_another_major_version_is_refused(tmp_path: Path, gascony_bundle: Path):
    data = json.loads(gascony_bundle.read_text(encoding="utf-8"))
    data["format_version"] = "2.0.0"
    (tmp_path / "new.json").write_text(json.dumps(data), encoding="utf-8")
    result = cardforge("play", str(tmp_path / "new.json"), "--story", "act-1")
    assert result.returncode == 2
    assert "bundle format version 2.0.0 is not readable by this runtime, which reads cardforge-bundle 1.x" in result.stderr


def test_interactive_play_in_a_real_terminal(gascony_bundle: Path, tmp_path: Path):
    """Drive `cardforge play` through a pseudo-terminal, typing as a player would."""
    import pty

    save = tmp_path / "pty.save.json"
    pid, fd = pty.fork()
    if pid == 0:  # the child: the player's terminal
        os.environ.update({"NO_COLOR": "1", "COLUMNS": "80", "LINES": "24"})
        os.execv(sys.executable, [sys.executable, "-m", "cardforge_compiler", "play", str(gascony_bundle), "--story", "act-1",
                                  "--players", "2", "--seed", "7", "--save", str(save)])
    screen = b""

    def read_until(text: bytes, timeout: float = 20) -> None:
        nonlocal screen
        while text not in screen:
            ready, _, _ = select.select([fd], [], [], timeout)
            assert ready, f"timed out waiting for {text!r}; screen so far:\n{screen.decode(errors='replace')}"
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            screen += chunk

    read_until(b"[Enter]> ")                    # the introduction
    os.write(fd, b"\n")
    read_until(b"Arrival in Paris")
    read_until(b"[Enter]> ")
    os.write(fd, b"\n")
    read_until(b"Choose> ")
    os.write(fd, b"7\n")                        # not an option: asked again
    read_until(b"type one number from 1 to 2")
    os.write(fd, b"1\n")
    read_until(b"coin is coin.")
    read_until(b"[Enter]> ")
    os.write(fd, b"\n")
    read_until(b"Coins 0 -> 3")
    read_until(b"Between Story cards (next: card 12")       # Between Story Cards: trade, then go on
    read_until(b"or porter / sell / trade> ")
    os.write(fd, b"trade 1 2 Rapier\n")                    # D'Artagnan holds no Rapier: asked again
    read_until(b"Character 0 does not hold 'Rapier' to trade")
    os.write(fd, b"trade 1 2 Sabre\n")
    read_until(b"D'Artagnan gives Sabre to Athos")
    read_until(b"or porter / sell / trade> ")
    os.write(fd, b"\n")
    read_until(b"A Priest")
    os.write(fd, b"q\n")
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    assert os.waitstatus_to_exitcode(status) == 0
    saved = json.loads(save.read_text(encoding="utf-8"))
    assert saved["references"]["cards"] == [12] and saved["answers"] == []
    assert saved["checkpoint"]["state"]["flags"]["sold_horse"] is True
    assert [c["items"] for c in saved["checkpoint"]["state"]["characters"]] == [[], ["Rapier", "Sabre"]]
    assert saved["log"][2]["answer"] == {"option": 0}
    assert b"\x1b[" not in screen                # NO_COLOR is honoured on a terminal


def test_resume_shows_the_dice_and_takes_table_faces(gascony_bundle: Path, tmp_path: Path):
    (tmp_path / "six.json").write_text(json.dumps(answers("act-1")[:7]), encoding="utf-8")   # one {} between cards
    save = tmp_path / "s.json"
    cardforge("play", str(gascony_bundle), "--story", "act-1", "--players", "1", "--seed", "11",
              "--answers", str(tmp_path / "six.json"), "--save", str(save))
    # Waiting for D'Artagnan's reroll; type the two dice rerolled at the table, then keep, then stop.
    result = cardforge("play", str(gascony_bundle), "--resume", str(save), stdin="2 3: 6 6\n\nq\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "(resumed on story card 12: A Priest)" in out
    assert "D'Artagnan's dice: [4] [3] [2] [4] = 2 successes" in out
    assert "D'Artagnan spent 1 Destiny and rerolled: [4] [6] [6] [4] = 6 successes" in out
    assert f"saved to {save}" in result.stderr                      # --resume saves back to its file
    assert f"continue with: cardforge play {gascony_bundle} --resume {save}" in result.stderr
    saved = json.loads(save.read_text(encoding="utf-8"))
    assert saved["log"][7]["answer"] == {"reroll": [1, 2], "faces": [6, 6]}


def test_interactive_purchases_and_a_lost_battle(tmp_path: Path):
    """A purchase at the prompt: the fixed offer and the cards drawn from the deck are
    numbered alike, with their printed costs; too many hands asks what to leave."""
    from _runtime_helpers import TEST_DECKS, make_bundle

    bundle = make_bundle([{"id": 1, "steps": [
        {"kind": "gain", "coins": 6, "who": "each"},
        {"kind": "purchase", "deck": "Equipment", "per_player": 2, "offers": [{"item": "Rope", "cost": 1}]},
        {"kind": "battle", "layout": "yard", "objectives": [{"objective": "Defeat all Enemies", "victory": "Won."}]}]}],
        decks=TEST_DECKS, carry={"hands": 2})
    path = tmp_path / "b.json"
    path.write_text(json.dumps(bundle), encoding="utf-8")
    typed = "\n" + "Musket 4\n" + "1 2 3 4 5\n" + "1 2 3\n" + "2\n1\n1\n" + "9\n" + "2\n" + "0\nn\n" + "0\ny\n"
    result = cardforge("play", str(path), "--story", "s", "--players", "1", "--seed", "1", stdin=typed)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "2. Musket (3 coins) [drawn from the Equipment deck]" in out
    assert "type numbers from 1 to 5" in out                         # no 'Name cost' form any more
    assert "these cost 7 coins; the party has 6" in out            # checked before asking who carries it
    assert "Who carries the Rope?" in out and "Who carries the Musket?" in out
    assert "Bertrand buys Rope for 1 coin" in out and "Anne buys Musket for 3 coins" in out
    assert "Anne carries more than 2 hands of Equipment" in out and "type numbers from 1 to 2" in out
    assert "Anne leaves Dagger (discarded)" in out
    assert "type the number of the objective met" in out            # 0 then "n": not lost after all
    assert "The Battle is lost." in out and "*** DEFEAT ***" in out


def test_a_purchase_says_when_the_deck_had_fewer_cards(tmp_path: Path):
    """The Equipment deck's 7 cards to draw, asked for 5 x 2 players: the prompt says so."""
    from _runtime_helpers import TEST_DECKS, make_bundle

    bundle = make_bundle([{"id": 1, "steps": [{"kind": "purchase", "deck": "Equipment", "per_player": 5},
                                              {"kind": "victory", "text": "Won."}]}], decks=TEST_DECKS)
    path = tmp_path / "b.json"
    path.write_text(json.dumps(bundle), encoding="utf-8")
    result = cardforge("play", str(path), "--story", "s", "--players", "2", "--seed", "1", stdin="\n\n")
    assert result.returncode == 0, result.stderr
    assert "The Equipment deck had only 7 cards to draw of the 10 asked for." in result.stdout
    bundle["packs"][0]["stories"][0]["cards"][0]["steps"][0]["per_player"] = 3         # 6 of 7: no word
    path.write_text(json.dumps(bundle), encoding="utf-8")
    result = cardforge("play", str(path), "--story", "s", "--players", "2", "--seed", "1", stdin="\n\n")
    assert result.returncode == 0, result.stderr
    assert "had only" not in result.stdout and ("6. Musket" in result.stdout or "6. Dagger" in result.stdout)


def test_difficulty_and_character_typos_get_did_you_mean(gascony_bundle: Path):
    result = cardforge("play", str(gascony_bundle), "--story", "act-1", "--difficulty", "easy", "--seed", "1")
    assert result.returncode == 2
    assert "no difficulty 'easy'" in result.stderr and "did you mean 'easier'?" in result.stderr
    result = cardforge("play", str(gascony_bundle), "--story", "act-1", "--players", "2", "--characters",
                       "Athoss,Porthos", "--seed", "1")
    assert result.returncode == 2
    assert "no Character named 'Athoss'" in result.stderr and "did you mean 'Athos'?" in result.stderr


def test_the_cards_on_offer_are_named_not_numbered_unless_tracing(tmp_path: Path):
    from _runtime_helpers import TEST_DECKS, make_bundle

    bundle = make_bundle([{"id": 1, "steps": [{"kind": "purchase", "deck": "Equipment", "per_player": 1},
                                              {"kind": "victory", "text": "Won."}]}], decks=TEST_DECKS)
    path = tmp_path / "b.json"
    path.write_text(json.dumps(bundle), encoding="utf-8")
    result = cardforge("play", str(path), "--story", "s", "--players", "2", "--seed", "1", stdin="\n\n")
    assert result.returncode == 0, result.stderr
    assert "Equipment#" not in result.stdout and "[drawn from the Equipment deck]" in result.stdout
    result = cardforge("play", str(path), "--story", "s", "--players", "2", "--seed", "1", "--trace", stdin="\n\n")
    assert "Equipment#" in result.stdout


def test_a_between_command_at_a_reading_prompt_is_refused_and_battle_numbers_are_plain(tmp_path: Path):
    from _runtime_helpers import make_bundle

    bundle = make_bundle([{"id": 1, "steps": [
        {"kind": "text", "text": "The yard."},
        {"kind": "battle", "layout": "yard", "objectives": [{"objective": "Defeat all Enemies", "victory": "Won."},
                                                           {"objective": "Reach Exit", "victory": "Fled."}]}]}])
    path = tmp_path / "b.json"
    path.write_text(json.dumps(bundle), encoding="utf-8")
    result = cardforge("play", str(path), "--story", "s", "--players", "2", "--seed", "1",
                       stdin="\n" + "porter 1\n" + "\n" + "2\n" + "\n\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "'porter' is taken between Story cards, not here: press [Enter] to read on" in out
    assert "  1. Defeat all Enemies -> Victory!" in out and "  0. The Battle is lost -> Defeat" in out
    assert "Fled." in out                                            # 2 is the second objective


def test_between_story_cards_typed_and_scripted(tmp_path: Path):
    """Between Story Cards at the prompt (porter, sell, trade, Enter) and from a script."""
    from _runtime_helpers import make_bundle

    from _runtime_helpers import TEST_DECKS

    bundle = make_bundle([
        {"id": 1, "steps": [{"kind": "gain", "coins": 6, "who": "each"}, {"kind": "goto", "card": 2}]},
        {"id": 2, "steps": [{"kind": "victory", "text": "Won."}]}], porter={"deck": "Equipment", "cards_per_character": 1},
        decks=TEST_DECKS)
    path = tmp_path / "b.json"
    path.write_text(json.dumps(bundle), encoding="utf-8")
    typed = ("\n" + "porter 1\n2\n" + "porter\n" + "sell 1 Rapier 3\n" + "trade 2 1 Musket\n" + "dance\n"
             + "sell 1 Musket\n" + "\n\n")
    result = cardforge("play", str(path), "--story", "s", "--players", "1", "--seed", "1", stdin=typed)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Between Story cards (next: card 2; the party has 6 coins):" in out
    flat = " ".join(out.split())
    assert "buy from the Equipment cards under him: 1. Musket (3 coins), 2. Dagger (1 coin)" in flat
    assert "The Porter is called" in out and "Bertrand buys Musket for 3 coins" in out
    assert "the Porter has no cards to offer: he was called this Story" in out
    assert "Anne sells Rapier for 2 coins" in out and "Bertrand gives Musket to Anne" in out
    assert "press [Enter] to go on, or type porter, sell or trade" in out
    assert "Anne sells Musket for 2 coins" in out            # its card's printed cost: the engine knows it
    assert "*** VICTORY ***" in out
    script = tmp_path / "a.json"
    script.write_text(json.dumps([{}, {"trade": [{"from": 0, "to": 1, "item": "Rapier"}]}, {}, {}]), encoding="utf-8")
    result = cardforge("play", str(path), "--story", "s", "--players", "1", "--seed", "1", "--answers", str(script))
    assert result.returncode == 0, result.stderr
    assert '(trade Rapier from Anne to Bertrand)' in result.stdout and "(go on to card 2)" in result.stdout


def test_between_and_purchase_help_name_the_commands_as_they_are_typed(tmp_path: Path):
    """``help`` between Story cards and at a purchase says what the keyboard reads:
    ``porter N ...`` (numbers, not names), ``sell N Name [cost]`` (the cost left out for a
    card held), offer numbers only at a purchase (no 'name and cost' form)."""
    from _runtime_helpers import TEST_DECKS, make_bundle

    bundle = make_bundle([
        {"id": 1, "steps": [{"kind": "gain", "coins": 6, "who": "each"}, {"kind": "goto", "card": 2}]},
        {"id": 2, "steps": [{"kind": "purchase", "deck": "Equipment", "per_player": 1},
                            {"kind": "victory", "text": "Won."}]}],
        porter={"deck": "Equipment", "cards_per_character": 1}, decks=TEST_DECKS)
    path = tmp_path / "b.json"
    path.write_text(json.dumps(bundle), encoding="utf-8")
    result = cardforge("play", str(path), "--story", "s", "--players", "1", "--seed", "1",
                       stdin="\n" + "help\n" + "sell 1 Rapier\n" + "sell 1 Rapier 4\n" + "\n\n" + "help\n" + "\n\n")
    assert result.returncode == 0, result.stderr
    flat = " ".join(result.stdout.replace("\n  » ", " ").split())
    assert ("'porter N ...' to call the Porter (once per Story) and buy his cards N ... ('porter' alone buys "
            "none)") in flat
    assert "'porter Name cost" not in flat
    assert ("'sell N Name [cost]' (Character N sells an item for half its cost, rounded up; give the cost "
            "printed on the card, unless the item is a card held or bought in this story)") in flat
    assert "  » sell N Name [cost]: Character N sells" in result.stdout
    assert ("type: sell N Name [cost] (N: the Character's number; give the cost printed on the card, unless the "
            "item is a card held or bought in this story)") in flat      # Rapier is no card here: its cost is asked
    assert "Anne sells Rapier for 2 coins" in flat
    assert ("help: At this prompt: type the numbers of the offers to buy (1 3): the card's offers and the cards "
            "drawn from a deck are numbered alike; press Enter to buy nothing.") in flat
    assert "(Musket 5)" not in flat


def test_a_pack_without_a_porter_is_never_offered_him_at_the_prompt(tmp_path: Path):
    """No ``porter`` in the pack: the between prompt offers selling and trading only,
    and ``porter`` typed anyway is refused with the reason."""
    from _runtime_helpers import make_bundle

    path = tmp_path / "b.json"
    path.write_text(json.dumps(make_bundle([{"id": 1, "steps": [{"kind": "goto", "card": 2}]},
                                            {"id": 2, "steps": [{"kind": "victory", "text": "Won."}]}])),
                    encoding="utf-8")
    result = cardforge("play", str(path), "--story", "s", "--players", "1", "--seed", "1",
                       stdin="\n" + "porter\n" + "help\n" + "dance\n" + "\n\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "this pack has no Porter to call: sell or trade" in out
    assert "[Enter] to go on, or sell / trade" in out and "press [Enter] to go on, or type sell or trade" in out
    assert "Porter" not in out.replace("this pack has no Porter to call", "")
    assert "*** VICTORY ***" in out


def test_state_changes_are_shown_in_words(tmp_path: Path):
    """No change is printed as the state's raw path (``» /porter_called: no -> yes``)."""
    from cardforge_compiler.play.screen import Screen

    session = Session.start(load_bundle(_bundle_file(tmp_path, ROLLS)), "s", players=2, seed=1)
    screen = Screen(session)
    first = session.state["characters"][0]["name"]
    lines = {path: screen.change_line({"path": path, "from": old, "to": new}) for path, old, new in [
        ("/porter_called", False, True), ("/coins", 0, 3), ("/characters/0/health", 5, 4),
        ("/characters/0/stats/Prowess", 4, 5), ("/some_new_part", 1, 2), ("/card", 1, 2), ("/flags/met", False, True)]}
    assert lines == {
        "/porter_called": "The Porter has been called this Story", "/coins": "Coins 0 -> 3",
        "/characters/0/health": f"{first}: Health 5 -> 4", "/characters/0/stats/Prowess": f"{first}: Prowess 4 -> 5",
        "/some_new_part": "some new part: 1 -> 2", "/card": None, "/flags/met": None}
    typed = "\n" + "porter\n" + "\n\n"
    bundle = _bundle_file(tmp_path, [{"id": 1, "steps": [{"kind": "goto", "card": 2}]},
                                     {"id": 2, "steps": [{"kind": "victory", "text": "Won."}]}])
    result = cardforge("play", str(bundle), "--story", "s", "--players", "1", "--seed", "1", stdin=typed)
    assert result.returncode == 0, result.stderr
    assert "» The Porter has been called this Story" in result.stdout and "/porter_called" not in result.stdout


def _bundle_file(tmp_path: Path, cards: list) -> Path:
    from _runtime_helpers import make_bundle

    path = tmp_path / "b.json"
    from _runtime_helpers import TEST_DECKS

    path.write_text(json.dumps(make_bundle(cards, porter={"deck": "Equipment", "cards_per_character": 1},
                                           decks=TEST_DECKS)), encoding="utf-8")
    return path


NOTHING_ON_OFFER = [{"id": 1, "steps": [{"kind": "choice", "options": [
    {"text": "Rich", "if": {"op": ">=", "left": {"op": "name", "name": "coins"}, "right": {"op": "const", "value": 5}},
     "if_source": "coins >= 5", "steps": [], "goto": 2}]}]}, {"id": 2, "steps": [{"kind": "victory", "text": "Won."}]}]

ROLLS = [{"id": 1, "steps": [{"kind": "lose", "destiny": 2, "who": "each"},
                             {"kind": "roll", "stat": "Movement", "who": "each",
                              "per_success": {"gain": {"coins": 1, "who": "each"}}},
                             {"kind": "victory", "text": "Won."}]}]


def test_a_bundle_of_one_story_needs_no_story_option(tmp_path: Path):
    bundle = _bundle_file(tmp_path, ROLLS)
    result = cardforge("play", str(bundle), "--seed", "5", "--players", "2", stdin="\n\n\n")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("══ Story ══\n") and "*** VICTORY ***" in result.stdout


def test_a_stuck_story_has_its_own_exit_code(tmp_path: Path):
    """docs/runtime.md: exit code 3 when the story is stuck, so that a scripted CI run catches it."""
    bundle = _bundle_file(tmp_path, NOTHING_ON_OFFER)
    (tmp_path / "a.json").write_text("[{}]", encoding="utf-8")
    result = cardforge("play", str(bundle), "--story", "s", "--seed", "1", "--answers", str(tmp_path / "a.json"))
    assert result.returncode == 3, result.stderr
    assert "*** STUCK ***" in result.stdout
    assert "error: the story is stuck: a content error (run cardforge lint on its content)" in result.stderr
    assert cardforge("play", str(bundle), "--story", "s", "--seed", "1", stdin="\n").returncode == 3


def test_a_stuck_story_exits_3_even_with_answers_left_over(tmp_path: Path):
    """The story's own outcome wins: stuck is exit 3 (docs/runtime.md), not 1 for
    the answers left over, which are still reported."""
    bundle = _bundle_file(tmp_path, NOTHING_ON_OFFER)
    (tmp_path / "a.json").write_text("[{}, {}, {}, {\"option\": 0}]", encoding="utf-8")
    result = cardforge("play", str(bundle), "--story", "s", "--seed", "1", "--answers", str(tmp_path / "a.json"))
    assert result.returncode == 3, result.stderr
    assert "*** STUCK ***" in result.stdout
    assert "error: the story is stuck: a content error (run cardforge lint on its content)" in result.stderr
    assert "but the answers file holds 3 more answers (left unused)" in result.stderr


def test_leftover_scripted_answers_are_reported(gascony_bundle: Path, tmp_path: Path):
    (tmp_path / "more.json").write_text(json.dumps(answers("act-1") + [{}, {"option": 0}]), encoding="utf-8")
    result = cardforge("play", str(gascony_bundle), "--story", "act-1", "--players", "1", "--seed", "11",
                       "--answers", str(tmp_path / "more.json"), "--battles", "table")
    assert result.returncode == 1
    assert "*** VICTORY ***" in result.stdout
    assert (f"error: the story ended after answer {len(answers('act-1'))}, but the answers file holds 2 more answers "
            "(left unused)") in result.stderr


def test_help_at_a_prompt(tmp_path: Path):
    bundle = _bundle_file(tmp_path, ROLLS)
    result = cardforge("play", str(bundle), "--story", "s", "--seed", "1", "--players", "2",
                       stdin="help\n\n?\n6 6\n\n")
    assert result.returncode == 0, result.stderr
    assert "  help: At this prompt: press Enter to read on." in result.stdout
    assert ("  help: At this prompt: press Enter and the dice are rolled for you, or type the 2 faces rolled at the "
            "table, such as: 6 2 4.") in " ".join(line.strip() for line in result.stdout.splitlines())
    assert "Anywhere: 'party' shows the Characters, 'q' stops" in result.stdout


def test_replay_with_seed_only_when_the_engine_rolled_every_die(tmp_path: Path):
    bundle = _bundle_file(tmp_path, ROLLS)
    typed = cardforge("play", str(bundle), "--story", "s", "--seed", "5", "--players", "2", stdin="\n6 6\n\n")
    rolled = cardforge("play", str(bundle), "--story", "s", "--seed", "5", "--players", "2", stdin="\n\n\n")
    assert typed.returncode == rolled.returncode == 0, typed.stderr + rolled.stderr
    assert "*** VICTORY ***" in typed.stdout and "*** VICTORY ***" in rolled.stdout
    assert "--seed 5" not in typed.stdout + typed.stderr
    assert "(replay with --seed 5)" in rolled.stderr


def test_ctrl_c_at_a_prompt_saves_and_exits_130(gascony_bundle: Path, tmp_path: Path):
    import signal

    save = tmp_path / "s.json"
    child = subprocess.Popen([sys.executable, "-m", "cardforge_compiler", "play", str(gascony_bundle), "--story", "act-1",
                              "--seed", "3", "--save", str(save)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, env={**os.environ, "NO_COLOR": "1"})
    assert child.stdout is not None and child.stderr is not None
    seen = b""
    while b"[Enter]> " not in seen:                 # waiting at the first prompt
        chunk = child.stdout.read1(4096)
        assert chunk, seen
        seen += chunk
    child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=30)
    assert child.returncode == 130, err
    assert b"interrupted" in err and f"saved to {save}".encode() in err
    assert json.loads(save.read_text(encoding="utf-8"))["log"] == []          # saved before the first answer


def test_a_lone_surrogate_in_a_scripted_answer_is_refused_up_front(gascony_bundle: Path, tmp_path: Path):
    """Its echo crashed (a lone surrogate cannot be written as UTF-8): the answers file
    is refused before play by the runtime's one text check, naming the place, escaped."""
    (tmp_path / "a.json").write_text('[{}, {}, {"option": "\\ud800"}]', encoding="utf-8")
    result = cardforge("play", str(gascony_bundle), "--story", "act-1", "--seed", "1", "--answers", str(tmp_path / "a.json"))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "$[2].option: text with a lone surrogate" in result.stderr and "\\ud800" in result.stderr


def test_a_difficulty_is_played_and_saved(tmp_path: Path):
    """--difficulty plays one of the pack's options (Difficulty Adjustments): the easier
    game's Loot at the start, its name in the header and the save; an unknown one is a
    usage error naming the options."""
    bundle = CONFORMANCE / "bundles" / "decks.bundle.json"
    script = CONFORMANCE / "decks-easier.answers.json"
    save = tmp_path / "s.json"
    result = cardforge("play", str(bundle), "--players", "2", "--seed", "8", "--difficulty", "easier",
                       "--answers", str(script), "--save", str(save))
    assert result.returncode == 0, result.stderr
    assert "2 players, seed 8, easier difficulty" in result.stdout
    assert "Anne draws Loot: Buckler and keeps it" in result.stdout
    assert "Anne leaves Musket (discarded)" in result.stdout and "*** VICTORY ***" in result.stdout
    assert json.loads(save.read_text(encoding="utf-8"))["setup"]["difficulty"] == "easier"
    again = cardforge("play", str(bundle), "--resume", str(save), "--difficulty", "harder")
    assert again.returncode == 2 and "leave out --players, --characters, --seed, --difficulty and --battles" in again.stderr
    wrong = cardforge("play", str(bundle), "--players", "2", "--seed", "8", "--difficulty", "hardest")
    assert wrong.returncode == 2 and "no difficulty 'hardest' in Deck Rules (it has: easier, harder)" in wrong.stderr


def test_a_kept_card_is_used_at_the_prompt(tmp_path: Path):
    """Between Story cards, ``use N M``: Character N discards their kept card M."""
    import copy

    from _runtime_helpers import TEST_DECKS, make_bundle

    decks = copy.deepcopy(TEST_DECKS)
    decks[1]["cards"] = [{"name": "Salve", "count": 2, "keep": True, "effects": [], "use": [{"kind": "heal", "amount": 2}]}]
    bundle = make_bundle([{"id": 1, "steps": [{"kind": "lose", "health": 2, "who": "one", "character": "Anne"},
                                              {"kind": "goto", "card": 2}]},
                          {"id": 2, "steps": [{"kind": "victory", "text": "Won."}]}], decks=decks,
                         difficulty=[{"name": "easier", "start_draws": {"deck": "Loot", "per_character": 1}}])
    path = tmp_path / "b.json"
    path.write_text(json.dumps(bundle), encoding="utf-8")
    typed = "\n" + "help\n" + "dance\n" + "use 2 3\n" + "use 1 1\n" + "\n\n"
    result = cardforge("play", str(path), "--story", "s", "--players", "1", "--seed", "1", "--difficulty", "easier",
                       stdin=typed)
    assert result.returncode == 0, result.stderr
    out = " ".join(result.stdout.split())
    # the prompt, its help and its refusal name `use` while a kept card can be used, and not once none is left
    assert "[Enter] to go on, or sell / trade / use>" in out
    assert "'use N M' (Character N discards their kept card M to use it)." in out.replace(" » ", " ")
    assert "press [Enter] to go on, or type sell, trade or use" in out
    assert "use 1 M: Anne discards a kept card to use it: 1. Salve" in out
    assert "type 1" in out                                   # Bertrand has one kept card
    assert "Anne uses Salve (discarded)" in out and "Anne: Health 1 -> 3" in out and "*** VICTORY ***" in out
