"""Checks against real content (issue 11): gamebook excerpts in the shape of a
classic numbered-section adventure, written for these tests (tests/explore/*.yaml:
"If you have the Brass Key, turn to 212", "If you know the code word MARBLE, turn to
40"; items are items, code words are flags), each with the author's notes in its
comments naming the sections that can never be reached and the options never
offered, and the sections that strand the players (an item sold Between Story Cards
before a card takes it). The explorer finds exactly those, nothing else: ``cardforge
lint`` reports them as CF903, CF902 and CF901 at their lines, with witnesses the
runtime replays to the choice (the option not on offer), to the card that leads to the
section, or to the stuck end (``cardforge play --answers`` too)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from _explore_helpers import DUO, explore
from test_explore_soundness import faulty
from cardforge_compiler.explore.states import Abstraction
from cardforge_runtime import Session, load_bundle

HERE = Path(__file__).resolve().parent / "explore"
BOOKS = ["smugglers-cove", "merchants-road"]


def _comments(name: str) -> str:
    return " ".join(line.lstrip("# ").rstrip() for line in (HERE / f"{name}.yaml").read_text().splitlines()
                    if line.startswith("#"))


def notes(name: str) -> tuple[set[int], set[str]]:
    """The author's notes of an excerpt: the sections they call unreachable and the
    texts of the options they say are never offered."""
    comments = _comments(name)
    sections = {int(n) for n in re.findall(r"- Section (\d+) can (?:never be reached|be reached only from)", comments)}
    options = set(re.findall(r'the option "([^"]+)" is never offered', comments))
    return sections, options


def stranding(name: str) -> set[int]:
    """The sections the author's notes say strand the players (``stuck``)."""
    return {int(n) for n in re.findall(r"- Section (\d+) strands the players", _comments(name))}


@pytest.fixture(scope="module")
def linted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple]:
    """Per excerpt: the lint diagnostics (explored, budget 1,000) and the bundle data."""
    from cardforge_compiler import __version__
    from cardforge_compiler.emit import build_bundle, bundle_bytes
    from cardforge_compiler.pipeline import compile_paths

    out = {}
    for name in BOOKS:
        folder = tmp_path_factory.mktemp(name) / "pack"
        folder.mkdir()
        (folder / "pack.yaml").write_text(DUO, encoding="utf-8")
        shutil.copyfile(HERE / f"{name}.yaml", folder / "story.yaml")
        result = compile_paths([str(folder)], explore_budget=1_000)
        assert [d.code for d in result.errors] == ["CF901"] * len(stranding(name))
        out[name] = (result.diagnostics, json.loads(bundle_bytes(build_bundle(result.packs, __version__))))
    return out


def test_the_notes_name_what_they_should():
    assert notes("smugglers-cove") == ({40, 150}, {"If you know the code word MARBLE, turn to 40"})
    assert notes("merchants-road") == ({52, 77, 83}, {"If you have the Silver Mirror, turn to 77",
                                                      "If you know the code word ORCHID, turn to 52"})
    assert (stranding("smugglers-cove"), stranding("merchants-road")) == (set(), {30})


@pytest.mark.parametrize("name", BOOKS)
def test_the_explorer_finds_exactly_the_sections_the_notes_call_unreachable(linted, name):
    _, data = linted[name]
    exploration = explore(data)
    assert exploration.proven
    story = data["packs"][0]["stories"][0]
    drawn_never = {f.card for f in exploration.findings if f.kind == "never-drawn"}
    offered_never = set()
    for finding in exploration.findings:
        if finding.kind == "never-offered":
            _, i, _, j, _, k = finding.path
            offered_never.add(story["cards"][i]["steps"][j]["options"][k]["text"])
    stuck_at = {f.card for f in exploration.findings if f.kind == "stuck"}
    assert {f.kind for f in exploration.findings} == {"never-drawn", "never-offered"} | ({"stuck"} if stuck_at else set())
    assert (drawn_never, offered_never, stuck_at) == (*notes(name), stranding(name))


def test_lint_reports_them_at_their_lines(linted):
    codes = {name: [(d.code, d.line) for d in linted[name][0]] for name in BOOKS}
    assert codes == {
        "smugglers-cove": [("CF902", 35), ("CF903", 37), ("CF903", 82)],
        # CF311 is the graph check's: the inn's loss is not under `if: has(...)`; in play the players
        # can sell the mirror Between Story Cards before the inn, and the loss strands them (CF901)
        "merchants-road": [("CF901", 50), ("CF311", 50), ("CF902", 57), ("CF903", 59), ("CF902", 68), ("CF903", 72),
                           ("CF903", 77)],
    }


@pytest.mark.parametrize("name", BOOKS)
def test_the_witnesses_replay(linted, name):
    """A never-offered option's witness stops at its choice, the option not on offer;
    a never-drawn section's stops where the card leading to it is drawn (none when no
    such card is drawn either: 150 and 83); a stuck one's ends stuck at the section."""
    _, data = linted[name]
    exploration = explore(data)
    story = data["packs"][0]["stories"][0]
    sources = {}
    for edge in story["edges"]:
        sources.setdefault(edge["to"], set()).add(edge["from"])
    for finding in exploration.findings:
        if finding.witness is None:
            assert finding.kind == "never-drawn" and finding.card in (150, 83)
            leading = sorted(sources[finding.card])
            assert finding.message == (f"card {finding.card} is never drawn in play: no card that leads to it (card "
                                       f"{leading[0]}) is drawn either: its finding shows where play stops short of it")
            assert all(f.kind == "never-drawn" and f.witness for f in exploration.findings if f.card == leading[0])
            continue
        setup = finding.witness.setup
        session = Session.start(load_bundle(data), "act-1", players=setup.players, characters=list(setup.characters),
                                seed=0, pack="test", battles="table")
        for answer in finding.witness.answers:
            session.answer(answer)
        pending = session.pending
        if finding.kind == "stuck":
            assert (pending["kind"], pending["card"], pending["result"]) == ("end", finding.card, "stuck")
        elif finding.kind == "never-offered":
            assert (pending["kind"], pending["card"]) == ("choice", finding.card)
            assert finding.path[-1] not in [o["option"] for o in pending["options"]]
        else:
            assert pending["kind"] == "card" and pending["card"] in sources[finding.card]


@pytest.mark.parametrize("name", BOOKS)
def test_a_planted_fault_reports_other_sections(monkeypatch, linted, name):
    """With the code words left out of the key (a planted fault), the explorer
    merges a party that knows MARBLE / SAFFRON with one that does not, and no longer
    finds exactly what the notes say."""
    _, data = linted[name]
    monkeypatch.setattr(Abstraction, "key", faulty("flags"))
    exploration = explore(data)
    drawn_never = {f.card for f in exploration.findings if f.kind == "never-drawn"}
    assert ({f.kind for f in exploration.findings}, drawn_never) != ({"never-drawn", "never-offered"}, notes(name)[0])


def test_the_stuck_witness_sells_the_mirror_and_cardforge_play_replays_it(tmp_path):
    """merchants-road's CF901: the shortest line of play takes the road at once,
    passes the road's challenge, sells the Silver Mirror Between Story Cards (the
    pack prints no cost for it: cost 0) and is stuck at the inn (30), ``not_held``;
    ``cardforge play --answers`` replays the file ``--witness-dir`` writes to that
    end (exit 3)."""
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "pack.yaml").write_text(DUO, encoding="utf-8")
    shutil.copyfile(HERE / "merchants-road.yaml", pack / "story.yaml")
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "80"}
    explored = subprocess.run([sys.executable, "-m", "cardforge_compiler", "explore", ".", "--witness-dir", "w",
                               "--format", "json"], capture_output=True, text=True, cwd=pack, env=env)
    assert explored.returncode == 1, explored.stderr
    (story,) = json.loads(explored.stdout)["stories"]
    assert story["proven"] is True
    (stuck,) = [f for f in story["findings"] if f["code"] == "CF901"]
    assert (stuck["line"], stuck["card"], stuck["witness_file"]) == (50, 30, "w/act-1-CF901-card-30.answers.json")
    assert stuck["witness"]["answers"] == [
        {}, {}, {"character": 1}, {"option": 1}, {}, {}, {"character": 1}, {"faces": [6, 1, 1]},
        {"sell": [{"character": 1, "item": "Silver Mirror", "cost": 0}]}, {}, {}, {}]
    played = subprocess.run([sys.executable, "-m", "cardforge_compiler", *stuck["replay"].split()[1:]],
                            capture_output=True, text=True, cwd=pack, env=env)
    assert played.returncode == 3, played.stderr
    assert "*** STUCK ***" in played.stdout
