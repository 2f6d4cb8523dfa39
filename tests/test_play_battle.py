"""`cardforge play` inside a Battle: the board as text, the Battle requests numbered,
the Enemy turn narrated, scripted --answers, --save/--resume and --transcript inside
Act I's first Battle, and a Battle driven through a pseudo-terminal."""

from __future__ import annotations

import copy
import json
import os
import random
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from greedy import first_answer
from players import answer_until_offered, battle_answer
from cardforge_compiler.play.battle_screen import turn_choices
from cardforge_compiler.play.board import battle_picture, enemy_letters
from cardforge_runtime import Session, load_bundle

EXITS = [[12, 7], [12, 8]]


def cardforge(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cardforge_compiler", *args], capture_output=True, text=True,
                          input=stdin, env={**os.environ, "NO_COLOR": "1", "COLUMNS": "80"})


@pytest.fixture(scope="module")
def bundle(gascony_bundle):
    return load_bundle(gascony_bundle)


def _to_battle(session: Session) -> list[dict]:
    """The story's answers up to Act I's first Battle (its first ``deploy`` request)."""
    given = []
    while session.pending["kind"] != "deploy":
        answer = first_answer(session.pending)
        session.answer(answer)
        given.append(answer)
    return given


def _battle_answers(session: Session, count: int, seed: int = 5) -> list[dict]:
    rng, given = random.Random(seed), []
    for _ in range(count):
        if session.state["battle"] is None:
            break
        answer = battle_answer(session.pending, rng, exits=EXITS, greedy=0.7)
        session.answer(answer)
        given.append(answer)
    return given


# -- the board ---------------------------------------------------------------------------


def test_the_board_shows_figures_tokens_and_removed_terrain(bundle):
    session = Session.start(bundle, "act-1", players=2, seed=7)
    _to_battle(session)
    state = session.state
    battle = copy.deepcopy(state["battle"])
    board = bundle.board(state["pack"])
    characters = copy.deepcopy(state["characters"])
    battle["phase"] = "character-turns"
    battle["characters"] = [{"id": 6, "character": 0, "square": [4, 5], "facing": "east", "flipped": False,
                             "weapons": []},
                            {"id": 7, "character": 1, "square": [2, 7], "facing": "north", "flipped": False,
                             "weapons": []}]
    characters[1]["fallen"] = True
    battle["enemies"][0]["wounded"] = True
    battle["named"] = [{"id": 9, "enemy": "Rochefort", "square": [9, 3], "health": 4}]
    battle["search_tokens"] = [{"at": [8, 4], "token": "A", "revealed": False},
                               {"at": [9, 5], "token": "B", "revealed": True}]
    battle["terrain"] = {"removed": [3], "moved": {}}
    battle["stones"] = ["Movement", "Courage"]
    text = battle_picture(board, battle, characters, unicode=False)
    rows = {int(line[:2]): line for line in text.splitlines()[2:10]}
    cell = lambda c, r: rows[r][3 + 3 * (c - 1): 6 + 3 * (c - 1)]   # noqa: E731
    assert cell(4, 5) == " 1>"                      # D'Artagnan facing east
    assert cell(2, 7) == " 2_"                      # Athos Fallen
    assert cell(5, 2) == " G'"                      # the Wounded Guard #1
    assert cell(7, 3) == " C "                      # the Captain
    assert cell(9, 3) == " R4"                      # Rochefort with 4 health
    assert cell(8, 4) == " ? " or cell(8, 4) == " A "   # an unrevealed token: the layout's label
    assert cell(9, 5) == " . "                      # a revealed token is no longer drawn
    assert cell(2, 6) == " . " and cell(11, 7) == " b "   # Barrel tile 3 removed, the other one stays
    assert "  1> D'Artagnan at (4, 5), facing east, Health" in text
    assert "  2_ Athos at (2, 7), Fallen, Health" in text
    assert "  G' Cardinal's Guard #1 at (5, 2), Wounded" in text
    assert "  R4 Rochefort (Named Enemy) at (9, 3), health 4" in text
    assert "Search token B at (9, 5): revealed" in text
    assert "Barrel: 1 tile removed from the map" in text and "Barrel (Cover, Elevated) at (11, 7)" in text
    assert "Stones of Chance: Movement, Courage" in text
    assert " S" not in "".join(rows.values())       # Start squares only while deploying


def test_enemy_letters_avoid_token_labels_and_overlay_letters():
    letters = enemy_letters(["Cardinal's Guard", "Cardinal's Captain", "Marksman", "Sentry"], {"A", "C", "?"})
    assert letters == {"Cardinal's Guard": "G", "Cardinal's Captain": "P", "Marksman": "M", "Sentry": "E"}
    assert len(set(letters.values())) == len(letters)


def test_turn_choices_number_every_legal_option(bundle):
    session = Session.start(bundle, "act-1", players=2, seed=7)
    _to_battle(session)
    while session.pending["kind"] != "turn":
        session.answer(battle_answer(session.pending, random.Random(1), exits=EXITS))
    request = session.pending
    choices = turn_choices(request, str, str)
    move = next(o for o in request["options"] if o["do"] == "move")
    moves = [c for c in choices if c[1]["do"] == "move"]
    assert len(moves) == len(move["squares"])            # every square, standing still as a turn in place
    assert choices[-1] == ("End the turn", {"do": "end"}, None)
    for _, answer, needs in choices:                     # each one the engine takes (a facing added)
        if needs == "facing":
            answer = {**answer, "facing": move["facing"]}
        if needs == "trade":                               # one card: a Trade moves at least one
            trade = next(o for o in request["options"] if o.get("action") == "trade")
            theirs = next(p["cards"] for p in trade["partners"] if p["figure"] == answer["figure"])
            answer = {**answer, "give": trade["cards"][:1], "take": [] if trade["cards"] else theirs[:1]}
        session.check_answer(answer)


def _typing(lines: list[str]):
    """A stand-in for the keyboard: each prompt reads the next of ``lines``."""
    left = iter(lines)
    return lambda prompt: next(left)


def _at_a_turn_with_a_trade(bundle) -> Session:
    session = Session.start(bundle, "act-1", players=2, seed=7)
    _to_battle(session)
    answer_until_offered(session, "trade", random.Random(1), exits=EXITS)
    return session


def test_a_word_after_an_option_that_takes_none_is_refused(bundle):
    """`19 east` where 19 is a Trade (not a Move) is refused with why, never taken as
    `19` with ` east` dropped; a Move still takes its facing after the number."""
    from cardforge_compiler.play.keyboard import Terminal

    session = _at_a_turn_with_a_trade(bundle)
    terminal, request = Terminal(session, None), session.pending
    choices = turn_choices(request, terminal.fig, terminal.tile_name)
    before = json.dumps(session.save(), sort_keys=True)
    for n, (label, _, needs) in enumerate(choices, 1):
        if needs != "facing":
            with pytest.raises(ValueError, match=rf"^not accepted: option {n} \({re.escape(label)}\) takes no "
                                                 rf"direction"):
                terminal.parse_turn(request, f"{n} east")
    assert any(label.startswith("Trade: ") for label, _, _ in choices)
    move = next(o for o in request["options"] if o["do"] == "move")
    n = next(n for n, c in enumerate(choices, 1) if c[2] == "facing" and c[1]["to"] == move["squares"][0]["to"])
    assert terminal.parse_turn(request, f"{n}  {move['facing'][:1]}")["facing"] == move["facing"]
    assert json.dumps(session.save(), sort_keys=True) == before


def test_a_word_after_the_facing_of_a_start_square_is_refused(bundle):
    from cardforge_compiler.play.keyboard import Terminal

    session = Session.start(bundle, "act-1", players=2, seed=7)
    _to_battle(session)
    terminal = Terminal(session, None)
    with pytest.raises(ValueError, match=r"^not accepted: 'now' after the facing"):
        terminal.parse_deploy(session.pending, "1 east now")
    assert terminal.parse_deploy(session.pending, "1 e")["facing"] == "east"


def test_a_trade_at_the_terminal_can_be_called_off_and_is_never_empty(bundle, monkeypatch):
    """[Enter] at a Trade's card prompt goes back to the options, changing nothing;
    `0` and `0` (nothing given, nothing taken) is refused with the engine's reason."""
    from cardforge_compiler.play import keyboard
    from cardforge_compiler.play.keyboard import Terminal

    session = _at_a_turn_with_a_trade(bundle)
    terminal, request = Terminal(session, None), session.pending
    n, (label, answer, _) = next((n, c) for n, c in enumerate(
        turn_choices(request, terminal.fig, terminal.tile_name), 1) if c[2] == "trade")
    trade = next(o for o in request["options"] if o.get("action") == "trade")
    theirs = next(p["cards"] for p in trade["partners"] if p["figure"] == answer["figure"])
    assert trade["cards"] and theirs                   # both prompts are asked
    before = json.dumps(session.save(), sort_keys=True)
    for typed, refusal in ((["", ""], "the Trade is called off"),
                           (["0", "0"], "not accepted: a Trade gives or takes at least one card")):
        monkeypatch.setattr(keyboard, "_read", _typing(typed))
        with pytest.raises(ValueError, match=refusal):
            terminal.parse_turn(request, str(n))
        assert json.dumps(session.save(), sort_keys=True) == before
    monkeypatch.setattr(keyboard, "_read", _typing(["1", "0"]))
    got = terminal.parse_turn(request, str(n))
    assert len(got["give"]) + len(got["take"]) == 1


@pytest.mark.parametrize("columns", range(40, 92, 3))
def test_help_never_wraps_onto_a_line_that_looks_like_an_event(bundle, columns, monkeypatch, capsys):
    """`help` at every prompt, at any terminal width: no line of it starts with the
    event mark `»` (a wrapped `(or type it after the number: 3 south)` read as an event)."""
    from cardforge_compiler.play.keyboard import Terminal
    from cardforge_compiler.play.screen import EVENT

    monkeypatch.setenv("COLUMNS", str(columns))
    terminal = Terminal(Session.start(bundle, "act-1", players=2, seed=7), None)
    kinds = ["text", "card", "choice", "character", "roll", "reroll", "purchase", "battle", "leave", "keep",
             "pick", "deploy", "prepare", "stones", "turn", "assign", "pips", "defend"]
    for kind in kinds:
        terminal.show_help({"kind": kind, "options": [1, 2], "dice": 3})
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) > 2 * len(kinds)
    assert not [line for line in lines if line.lstrip().startswith(EVENT.strip())]


def test_the_fallen_are_told_before_the_battle_is_lost(bundle, capsys):
    """A lost Battle: `» Athos has Fallen` comes before `» The Battle is lost in round
    N (all fallen)`, as the runtime's events happen (the last Wound, then the end), and
    each Fallen line once. Characters that never act lose Act I's first Battle."""
    from cardforge_compiler.play.keyboard import Terminal

    session = Session.start(bundle, "act-1", players=2, seed=7)
    _to_battle(session)
    terminal, rng = Terminal(session, []), random.Random(2)
    for _ in range(2000):
        request = session.pending
        if not session.state.get("battle"):
            break
        if request["kind"] == "turn":
            answer = {"do": "end"}
        else:
            answer = battle_answer(request, rng, exits=EXITS, greedy=0.0)
        terminal.show_outcome(session.answer(answer))
    out = click_free(capsys.readouterr().out)
    lost = re.search(r"» The Battle is lost in round \d+ \(all fallen\)", out)
    assert lost, out[-2000:]
    for name in ("D'Artagnan", "Athos"):
        told = [m.start() for m in re.finditer(rf"» {re.escape(name)} has Fallen", out)]
        assert len(told) == 1 and told[0] < lost.start(), (name, out[-1500:])


def click_free(text: str) -> str:
    """``text`` without terminal styles (the screen styles the end of a Battle)."""
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


# -- scripted, saved, resumed, recorded -----------------------------------------------------


def test_scripted_answers_save_resume_and_transcript_inside_a_battle(bundle, gascony_bundle, tmp_path):
    session = Session.start(bundle, "act-1", players=2, seed=7)
    story = _to_battle(session)
    fought = _battle_answers(session, 400)
    assert session.state["battle"] is None            # the Battle was played to its end
    script = story + fought
    while not session.finished:                       # and the story after it
        answer = first_answer(session.pending)
        session.answer(answer)
        script.append(answer)
    cut = len(story) + len(fought) // 2                # inside the Battle, mid-round
    replay = Session.start(bundle, "act-1", players=2, seed=7)
    for answer in script[:cut]:
        replay.answer(answer)
    assert replay.state["battle"]["round"] >= 1 and replay.state["battle"]["phase"] != "setup"
    (tmp_path / "first.json").write_text(json.dumps(script[:cut]), encoding="utf-8")
    (tmp_path / "rest.json").write_text(json.dumps(script[cut:]), encoding="utf-8")
    save, transcript = tmp_path / "battle.save.json", tmp_path / "battle.transcript.json"
    first = cardforge("play", str(gascony_bundle), "--story", "act-1", "--players", "2", "--seed", "7",
                      "--answers", str(tmp_path / "first.json"), "--save", str(save))
    assert first.returncode == 1 and "stopped: the answers ran out" in first.stderr, first.stderr
    out = first.stdout
    assert "── Battle, round 0 (setup) ──" in out and "Setup: where does D'Artagnan start?" in out
    assert "All for One! Round 1: roll 2 Stones of Chance" in out
    assert re.search(r"Round 1: (D'Artagnan|Athos)'s turn \(Stones of Chance: ", out)
    assert "End the turn" in out and "Traceback" not in first.stderr
    saved = json.loads(save.read_text(encoding="utf-8"))
    assert saved["setup"]["battles"] == "engine"
    loaded = Session.load(bundle, saved)
    assert loaded.state["battle"] is not None                       # the save is inside the Battle
    second = cardforge("play", str(gascony_bundle), "--resume", str(save), "--answers", str(tmp_path / "rest.json"),
                       "--transcript", str(transcript))
    assert second.returncode == 0, second.stderr
    assert "(resumed on story card 102" in second.stdout and "The Battle " in second.stdout
    assert f"*** {session.pending['result'].upper()} ***" in second.stdout
    both = first.stdout + second.stdout
    assert "── The Enemy turn ──" in both
    assert re.search(r"» Cardinal's (Guard|Captain) #\d (moves \(\d+, \d+\) -> \(\d+, \d+\)|stays at)", both)
    assert re.search(r"» (D'Artagnan|Athos) takes \d+ Wounds?", both)
    assert json.loads(transcript.read_text(encoding="utf-8"))["steps"] == session.transcript()["steps"]


def test_a_refused_scripted_battle_answer_stops_with_the_engines_reason(bundle, gascony_bundle, tmp_path):
    session = Session.start(bundle, "act-1", players=2, seed=7)
    script = _to_battle(session) + [{"square": [9, 9], "facing": "east"}]
    (tmp_path / "bad.json").write_text(json.dumps(script), encoding="utf-8")
    result = cardforge("play", str(gascony_bundle), "--story", "act-1", "--players", "2", "--seed", "7",
                       "--answers", str(tmp_path / "bad.json"))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert f"error: answer {len(script)} (" in result.stderr and "does not fit the deploy request" in result.stderr


# -- a real terminal --------------------------------------------------------------------------


def test_a_battle_in_a_real_terminal(bundle, gascony_bundle, tmp_path):
    """Resume a save at Act I's first Battle in a pseudo-terminal and play a round as a
    player types: deploy (a bad square first), prepare, the stones, a turn with a bad
    number and a Move the engine refuses (too dear with the turn), the Enemy turn; then
    quit, and the save resumes mid-Battle."""
    import pty

    session = Session.start(bundle, "act-1", players=2, seed=7)
    _to_battle(session)
    save = tmp_path / "pty.save.json"
    save.write_text(json.dumps(session.save()), encoding="utf-8")
    pid, fd = pty.fork()
    if pid == 0:  # the child: the player's terminal
        os.environ.update({"NO_COLOR": "1", "COLUMNS": "80", "LINES": "24"})
        os.execv(sys.executable, [sys.executable, "-m", "cardforge_compiler", "play", str(gascony_bundle),
                                  "--resume", str(save)])
    screen, seen_to = b"", 0
    deadline = time.monotonic() + 240

    def read_until(*texts: bytes) -> bytes:
        """Read until one of ``texts`` appears after what was read before; returns it."""
        nonlocal screen, seen_to
        while True:
            found = [(screen.find(t, seen_to), t) for t in texts if screen.find(t, seen_to) >= 0]
            if found:
                at, text = min(found)
                seen_to = at + len(text)
                return text
            left = deadline - time.monotonic()
            ready, _, _ = select.select([fd], [], [], max(0.0, min(left, 30)))
            assert ready, f"timed out waiting for {texts!r}; screen so far:\n{screen.decode(errors='replace')}"
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                chunk = b""
            assert chunk, f"the terminal closed waiting for {texts!r}:\n{screen.decode(errors='replace')}"
            screen += chunk

    def read_more() -> None:
        nonlocal screen
        ready, _, _ = select.select([fd], [], [], max(0.0, min(deadline - time.monotonic(), 30)))
        assert ready, f"timed out; screen so far:\n{screen.decode(errors='replace')}"
        chunk = os.read(fd, 65536)
        assert chunk, screen.decode(errors="replace")
        screen += chunk

    def type_(text: str) -> None:
        os.write(fd, text.encode() + b"\n")

    read_until(b"Start square and facing")
    type_("9 east")                                  # not one of the 5 Start squares
    read_until(b"type one number from 1 to 5")
    type_("2 sideways")
    read_until(b"type a facing: north, east, south, west")
    type_("2 e")
    read_until(b"[Enter] keeps")
    type_("")
    read_until(b"Start square and facing")
    type_("1 east")
    read_until(b"[Enter] keeps")
    type_("")
    read_until(b"[Enter] to roll")
    type_("")
    read_until(b"Who> ")
    type_("1")
    read_until(b"Choose> ")
    turn = screen.decode(errors="replace").rsplit("'s turn (Stones of Chance", 1)[1]
    points = int(re.search(r"Move: (\d+) points?, facing (\w+)", turn).group(1))
    facing = re.search(r"Move: \d+ points?, facing (\w+)", turn).group(1)
    dear = next(m for m in re.finditer(r"(\d+)\. \((\d+), (\d+)\) (\d+)", turn) if int(m.group(4)) == points)
    back = {"north": "south", "east": "west", "south": "north", "west": "east"}[facing]
    type_("999")
    read_until(b"type one number from 1 to")
    type_(f"{dear.group(1)} {back}")                 # the square costs all the points: turning about is too dear
    read_until(b"not accepted: ")
    type_("board")
    read_until("── Battle, round 1 (character-turns) ──".encode())
    read_until(b"Choose> ")                          # asked again after the board
    end = re.findall(r"(\d+)\. End the turn", turn)[-1]
    type_(end)
    # the rest of the round: the other Character ends too, every other prompt takes its first option
    prompt = re.compile(rb"(?m)^(Choose|Who|\[Enter\]|Reroll|Dice for|Group per|Successes per|Facing)[^\n]*> ")
    while True:
        before = seen_to
        while not prompt.search(screen, seen_to):
            read_more()
        found = prompt.search(screen, seen_to)
        seen_to = found.end()
        shown_now = screen[before:seen_to].decode(errors="replace")
        if "All for One! Round 2" in shown_now:
            break
        word = found.group(1)
        if word == b"Choose":
            ends = re.findall(r"(\d+)\. End the turn", shown_now)
            type_(ends[-1] if ends else "1")
        elif word in (b"Who", b"Successes per"):
            type_("1")
        else:
            type_("")
    type_("q")
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    assert os.waitstatus_to_exitcode(status) == 0
    text = screen.decode(errors="replace")
    assert "── The Enemy turn ──" in text and "Traceback" not in text
    assert re.search(r"» Cardinal's (Guard|Captain) #\d (moves|stays)", text)
    assert "D'Artagnan starts at (1, 7) facing east" in text and "Athos starts at (1, 6) facing east" in text
    resumed = Session.load(bundle, json.loads(save.read_text(encoding="utf-8")))
    assert (resumed.pending["kind"], resumed.state["battle"]["round"]) == ("stones", 2), text[-3000:]


def test_the_readme_battle_excerpt_is_real_output(gascony_bundle):
    """The README's Battle excerpt is what the README's own command prints: the command
    is read from the README (its answers file is shipped in the repo), run from the repo
    root, and every line of the excerpt is in its output."""
    root = Path(__file__).resolve().parent.parent
    readme = (root / "README.md").read_text(encoding="utf-8")
    after = readme.split("An excerpt of Act I's first Battle", 1)[1]
    command = after.split("```sh\n", 1)[1].split("```", 1)[0].strip()
    excerpt = after.split("```text\n", 1)[1].split("```", 1)[0]
    assert after.index("```sh") < after.index("```text")     # the command comes before its output
    words = command.split()
    assert words[:3] == ["cardforge", "play", "build/gascony.bundle.json"] and "--answers" in words, command
    answers = root / words[words.index("--answers") + 1]
    assert answers.is_file() and answers.is_relative_to(root / "docs")
    result = subprocess.run([sys.executable, "-m", "cardforge_compiler", "play", str(gascony_bundle), *words[3:]],
                            capture_output=True, text=True, cwd=root,
                            env={**os.environ, "NO_COLOR": "1", "COLUMNS": "80"})
    assert result.returncode == 0, result.stderr
    lines = [line for line in excerpt.splitlines() if line.strip() != "..."]
    assert len(lines) > 30
    out = result.stdout
    assert "── Battle, round 1 (character-turns) ──" in out and "Traceback" not in result.stderr
    for line in lines:
        assert line in out, line


@pytest.mark.parametrize("act", ["act-1", "act-2", "act-3", "act-4"])
def test_every_battle_request_and_event_of_each_act_is_shown(bundle, act, capsys):
    """Random legal answers through every Act with its Battles on the board: the screen
    shows every request, every scripted answer's meaning and every outcome without an
    error, names every figure, and words every event it knows."""
    from cardforge_compiler.play.keyboard import Terminal

    session = Session.start(bundle, act, players=2, seed=3)
    terminal = Terminal(session, [])
    rng, battles = random.Random(3), 0
    for _ in range(4000):
        request = session.pending
        terminal.show(request)
        if session.finished:
            break
        battles += request["kind"] == "deploy"
        if session.state.get("battle"):
            answer = battle_answer(request, rng, exits=[], greedy=0.5)
        else:
            answer = first_answer(request)
        terminal.meaning(request, answer)
        terminal.show_outcome(session.answer(answer))
    assert session.finished and battles >= 1
    out = capsys.readouterr().out
    assert not re.search(r"figure \d", out)                      # every figure named
    assert re.search(r"» (The Battle ends in round \d+|The Battle is lost in round \d+)", out)
