"""Checks against real content (issue 11), from text: gamebook excerpts written as
plain text in the shape of a classic numbered-section adventure
(tests/explore/books/*.txt, hand-written for these tests: "If you have a Rope, turn to
71, otherwise turn to 82", "Note the code word ORCHID", "Cross the Brass Cog off your
Adventure Sheet"), each ending with the author's notes on the sections that cannot be
reached and why. tests/gamebook.py converts each into a cardforge story; ``cardforge
lint`` with the explorer must find exactly what the notes say: the sections that
cannot be reached (CF903), the ways on that are never open (an option never offered,
CF902, or a check that always fails, CF905), the misprinted section no section turns
to as the graph's CF401 and not the explorer's, and nothing for the sections reachable
with an item or code word picked up on another branch or on a return to a hub. The graph checks alone (``--no-explore``)
find none of the explorer's sections, and every witness replays."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import gamebook
from _explore_helpers import DUO
from cardforge_runtime import Session, load_bundle

BOOKS = Path(__file__).resolve().parent / "explore" / "books"
NAMES = ["salt-mines", "clockwork-tower", "drowned-abbey"]
#: States lint explores in all (both excerpts finish well within it).
BUDGET = 1_000


def lint(folder: Path, story: dict[str, Any], *, explore: bool = True) -> tuple[Any, list, dict[str, Any]]:
    """Write the DUO pack with ``story`` under ``folder`` and lint it: ``(result, the
    explorer's diagnostics, the bundle data)``. Content whose only errors are CF401 (a
    misprinted section) is not explored by lint, so the explore stage is then run on
    it directly, as lint runs it (its checks turn the findings into diagnostics)."""
    from cardforge_compiler import __version__
    from cardforge_compiler.checks import checks_for
    from cardforge_compiler.emit import build_bundle, bundle_bytes
    from cardforge_compiler.explore.stage import explore_packs
    from cardforge_compiler.pipeline import compile_paths

    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pack.yaml").write_text(DUO, encoding="utf-8")
    (folder / "story.yaml").write_text(gamebook.story_yaml(story), encoding="utf-8")
    result = compile_paths([str(folder)], explore_budget=BUDGET if explore else None)
    data = json.loads(bundle_bytes(build_bundle(result.packs, __version__)))
    if not explore:
        return result, [], data
    if result.explore_skipped is None:
        assert [e.proven for e in result.explorations] == [True]
        return result, [d for d in result.diagnostics if d.code.startswith("CF9")], data
    assert result.explore_skipped == "the content has errors; fix them first"
    assert {d.code for d in result.errors} == {"CF401"}
    found = []
    for explored in explore_packs(result.packs, BUDGET):
        assert explored.exploration.proven
        for chk in checks_for("explore"):
            found.extend(chk.run(explored))
    return result, found, data


def _at(story: dict[str, Any], path: tuple) -> Any:
    node: Any = story
    for key in path:
        node = node[key]
    return node


def link(story: dict[str, Any], diagnostic) -> tuple[int, int]:  # noqa: ANN001
    """``(section, target)`` of a CF902 (an option's ``if``) or CF905 (a check's
    ``if``): the way on the condition opens."""
    node = _at(story, diagnostic.path[:-1])
    return diagnostic.card, node["goto"] if "goto" in node else node["then"][0]["goto"]


def mismatch(story: dict[str, Any], notes: gamebook.Notes, result, found: list) -> list[str]:  # noqa: ANN001
    """What the lint of a converted excerpt says that its notes do not, and the other
    way round (empty: they agree exactly)."""
    out = []
    unexpected = [(d.code, d.card) for d in found if d.code not in ("CF901", "CF902", "CF903", "CF905")]
    if unexpected:
        out.append(f"other findings: {unexpected}")
    stuck = {d.card for d in found if d.code == "CF901"}
    if stuck != notes.strands:
        out.append(f"stuck at {sorted(stuck)}, the notes: {sorted(notes.strands)}")
    never_drawn = {d.card for d in found if d.code == "CF903"}
    if never_drawn != notes.unreachable:
        out.append(f"sections never drawn {sorted(never_drawn)}, the notes: {sorted(notes.unreachable)}")
    never_open = {link(story, d) for d in found if d.code in ("CF902", "CF905")}
    if never_open != notes.never_open:
        out.append(f"ways never open {sorted(never_open)}, the notes: {sorted(notes.never_open)}")
    graph = {d.card for d in result.diagnostics if d.code == "CF401"}
    if graph != notes.never_turned_to:
        out.append(f"CF401 at {sorted(graph)}, the notes: {sorted(notes.never_turned_to)}")
    if notes.reachable & (never_drawn | graph):
        out.append(f"reported, the notes say reachable: {sorted(notes.reachable & (never_drawn | graph))}")
    return out


@pytest.fixture(scope="module")
def linted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple]:
    """Per excerpt: the story, the notes, and ``lint`` with and without the explorer."""
    out = {}
    for name in NAMES:
        story, notes = gamebook.read(BOOKS / f"{name}.txt")
        folder = tmp_path_factory.mktemp(name)
        out[name] = (story, notes, lint(folder / "explored", story), lint(folder / "graph", story, explore=False))
    return out


def test_the_books_convert_and_the_notes_read():
    story, notes = gamebook.read(BOOKS / "salt-mines.txt")
    assert (story["title"], story["start"], story["flags"]) == ("The Salt Mines", 1, ["orchid"])
    assert [c["id"] for c in story["cards"]] == [1, 14, 27, 35, 48, 60, 71, 82, 90, 101, 108, 115, 123, 130, 140,
                                                 152, 160, 199]
    assert [list(s) for s in story["cards"][5]["steps"]] == [["text"], ["if", "then", "else"]]
    assert story["cards"][5]["steps"][1] == {"if": 'has("Rope")', "then": [{"goto": 71}], "else": [{"goto": 82}]}
    assert story["cards"][13]["steps"][1] == {"set": {"orchid": True}}
    assert story["cards"][6]["steps"][1] == {"lose": {"items": ["Rope"], "who": "one"}}
    assert story["cards"][2]["steps"][1]["challenge"]["stat"] == "Movement"          # LUCK
    assert notes == gamebook.Notes(unreachable={115, 152}, never_turned_to={199}, never_open={(90, 115), (140, 152)},
                                   reachable={71}, strands={71})
    story, notes = gamebook.read(BOOKS / "clockwork-tower.txt")
    assert story["cards"][5]["steps"][1]["choice"][0] == {"text": "If you have a Brass Cog, turn to 57.",
                                                          "if": 'has("Brass Cog")', "goto": 57}
    assert story["cards"][10]["steps"][1] == {"if": "ember", "then": [{"goto": 104}], "else": [{"goto": 112}]}
    assert notes == gamebook.Notes(unreachable={57, 104}, never_open={(48, 57), (90, 104)}, reachable={64, 118},
                                   strands={30})
    story, notes = gamebook.read(BOOKS / "drowned-abbey.txt")
    assert story["cards"][2]["steps"][1] == {"if": "moss", "then": [{"goto": 25}], "else": [{"goto": 22}]}
    assert notes == gamebook.Notes(unreachable={88}, never_open={(60, 88)}, reachable={25, 77, 99})


@pytest.mark.parametrize("name", NAMES)
def test_the_explorer_finds_exactly_what_the_notes_say(linted, name):
    story, notes, (result, found, _), _ = linted[name]
    assert mismatch(story, notes, result, found) == []


def test_lint_reports_them_at_their_sections(linted):
    codes = {}
    for name in NAMES:
        result, found, _ = linted[name][2]
        codes[name] = sorted((d.code, d.card) for d in [d for d in result.diagnostics if d not in found] + found)
    assert codes == {
        # CF311: the graph's warning on "Cross the ... off" (a loss not under `if: has(...)`); CF901 the
        # explorer's, at the same loss: the item can be sold Between Story Cards before it (the notes say so)
        "salt-mines": [("CF311", 71), ("CF401", 199), ("CF901", 71), ("CF902", 90), ("CF903", 115), ("CF903", 152),
                       ("CF905", 140)],
        "clockwork-tower": [("CF311", 30), ("CF901", 30), ("CF902", 48), ("CF903", 57), ("CF903", 104), ("CF905", 90)],
        "drowned-abbey": [("CF903", 88), ("CF905", 60)],
    }


@pytest.mark.parametrize("name", NAMES)
def test_the_graph_checks_alone_find_none_of_them(linted, name):
    """``--no-explore``: the code word learned too late and the item lost or found
    beyond are invisible to the graph; only the misprint (CF401) is its."""
    _, notes, _, (result, _, _) = linted[name]
    assert not {d.card for d in result.diagnostics} & (notes.unreachable | {a for a, _ in notes.never_open})
    assert {d.code for d in result.diagnostics} <= {"CF311", "CF401"}
    assert {d.card for d in result.diagnostics if d.code == "CF401"} == notes.never_turned_to


@pytest.mark.parametrize("name", NAMES)
def test_the_witnesses_replay(linted, name):
    """A never-open option's witness stops at its choice, without it; a failing
    check's Between Story Cards after its section, bound for the other way; a
    never-drawn section's where a section that turns to it is drawn."""
    story, _, (_, found, data), _ = linted[name]
    sources: dict[int, set[int]] = {}

    def walk(node: Any, card: int) -> None:
        if isinstance(node, dict):
            if "goto" in node:
                sources.setdefault(node["goto"], set()).add(card)
            for value in node.values():
                walk(value, card)
        elif isinstance(node, list):
            for value in node:
                walk(value, card)

    for card in story["cards"]:
        walk(card["steps"], card["id"])
    for diagnostic in found:
        setup = diagnostic.witness["setup"]
        session = Session.start(load_bundle(data), "act-1", players=setup["players"], characters=setup["characters"],
                                seed=0, pack="test", battles="table")
        for answer in diagnostic.witness["answers"]:
            session.answer(answer)
        pending = session.pending
        if diagnostic.code == "CF901":
            assert (pending["kind"], pending["card"], pending["result"]) == ("end", diagnostic.card, "stuck")
        elif diagnostic.code == "CF902":
            assert (pending["kind"], pending["card"]) == ("choice", diagnostic.card)
            assert diagnostic.path[-2] not in [o["option"] for o in pending["options"]]
        elif diagnostic.code == "CF905":
            check = _at(story, diagnostic.path[:-1])
            assert (pending["kind"], pending["card"], pending["next"]) == ("between", diagnostic.card,
                                                                           check["else"][0]["goto"])
        else:
            assert pending["kind"] == "card" and pending["card"] in sources[diagnostic.card]


def _faulty(story: dict[str, Any], fault: str) -> dict[str, Any]:
    """The story a faulty converter would write: ``code words`` (a check of a code word
    read the wrong way round: ``then`` and ``else`` swapped) or ``cross off`` (the
    "Cross ... off your Adventure Sheet" sentences dropped)."""
    story = json.loads(json.dumps(story))
    for card in story["cards"]:
        for step in card["steps"]:
            if fault == "code words" and "if" in step and not step["if"].startswith("has("):
                step["then"], step["else"] = step["else"], step["then"]
        if fault == "cross off":
            card["steps"] = [s for s in card["steps"] if "items" not in s.get("lose", {})]
    return story


def test_a_planted_fault_is_caught(tmp_path):
    """Each planted fault makes the check fail, with what differs: a converter that
    reads a code-word check the wrong way round, one that ignores "Cross ... off",
    and a note that is wrong."""
    story, notes = gamebook.read(BOOKS / "clockwork-tower.txt")
    faulty = _faulty(story, "code words")
    result, found, _ = lint(tmp_path / "words", faulty)
    assert mismatch(faulty, notes, result, found) == [
        "sections never drawn [57, 112, 118, 125], the notes: [57, 104]",
        "ways never open [(48, 57), (90, 112)], the notes: [(48, 57), (90, 104)]",
        "reported, the notes say reachable: [118]"]
    faulty = _faulty(story, "cross off")
    result, found, _ = lint(tmp_path / "cross", faulty)
    # (the Brass Cog never taken: no one is stranded at 30, and 57 is open; that the cog can be
    # sold Between Story Cards keeps its `has` at 48 from being always true)
    assert mismatch(faulty, notes, result, found) == [
        "stuck at [], the notes: [30]", "sections never drawn [], the notes: [57, 104]",
        "ways never open [], the notes: [(48, 57), (90, 104)]"]
    result, found, _ = lint(tmp_path / "notes", story)
    wrong = gamebook.Notes(unreachable={57, 64, 104}, never_open=notes.never_open, reachable=set(),
                           strands=notes.strands)
    assert mismatch(story, wrong, result, found) == ["sections never drawn [57, 104], the notes: [57, 64, 104]"]


@pytest.mark.parametrize(("old", "new", "error"), [
    ("If you have a Rope, turn to 71", "If you have some Rope, turn to 71",
     "section 60: an idiom the converter does not know: 'If you have some Rope, turn to 71, otherwise turn to 82.'"),
    ("Note the code word ORCHID.", "Remember the code word ORCHID.",
     "section 130: an idiom the converter does not know: 'Remember the code word ORCHID.'"),
    ("turn to 14.", "turn to 15.", "section 1: no section 15: 'If you wish to stop and help the miner, turn to 15.'"),
    ("Your adventure ends here.", "", "section 123: no way on (no `turn to`, no end)"),
    ("higher, turn to 48.", "higher, turn to\n48.", "section 48: empty"),     # "48." wrapped onto a line alone
    ("If you wish to swim across, turn to 101.\nIf you would rather pay the ferryman, turn to 108.", "",
     "section 90: a choice of one option: 'If you know the code word ORCHID, turn to 115.'"),
    ("Lose 1 STAMINA point. Turn to 60.", "Turn to 60. Lose 1 STAMINA point.",
     "section 48: text after the section's end: 'Lose 1 STAMINA point.'"),
    ("- 71 can be reached", "- 71 is reachable", "a note the tests do not read: '71 is reachable: with the Rope"),
])
def test_the_converter_is_strict(old, new, error):
    """An idiom it does not know, a section it cannot find, a section with no way on or a
    note it cannot read is an error naming the section: never a silent misreading."""
    text = (BOOKS / "salt-mines.txt").read_text(encoding="utf-8")
    assert old in text
    with pytest.raises(gamebook.BookError) as raised:
        gamebook.notes(text.replace(old, new)) if old.startswith("- ") else gamebook.convert(text.replace(old, new))
    assert str(raised.value).startswith(error)
