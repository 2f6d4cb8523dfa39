"""Every witness the shipped goldens produce replays to its finding (issue 11: "A test
replays every witness the shipped goldens produce").

Each golden case whose ``expected.txt`` reports a state explorer finding (CF9xx) is
linted as ``cardforge lint`` does (the explorer within the default budget), built into
a bundle and loaded by the runtime; each diagnostic's ``witness`` (its setup and its
answers) is then played with ``cardforge_runtime.Session`` and must reach what the
diagnostic says:

| code | after the witness's answers |
|---|---|
| CF901 stuck | the story has ended ``stuck`` at the diagnostic's card |
| CF902 option never offered | a ``choice`` of that card waits, without the option |
| CF903 card never drawn | a card that leads to it in the story graph is drawn |
| CF904 / CF905 always true / false | the card is drawn; its last answer evaluated the condition to the value claimed |
| CF906 ending never reached / CF908 trap | the card is drawn |

The last test replays the stuck golden through the command line: the answers file
``cardforge explore --witness-dir`` writes, played by ``cardforge play --answers``.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cardforge_compiler import __version__
from cardforge_compiler.emit import build_bundle
from cardforge_compiler.explore.stage import DEFAULT_LINT_BUDGET
from cardforge_compiler.pipeline import compile_paths
from cardforge_runtime import Session, load_bundle
from _helpers import copy_golden, golden_cases

#: The golden cases with a state explorer finding in their expected report.
CASES = [case for case in golden_cases()
         if re.search(r"^\S+: CF9\d\d ", (case / "expected.txt").read_text(encoding="utf-8"), flags=re.M)]
#: Bundle keys of the YAML keys on the path to a step (the reverse of checks/states.py).
_BUNDLE_KEYS = {("choice",): "options", ("challenge", "pass"): "pass", ("challenge", "fail"): "fail",
                ("battle", "objectives"): "objectives"}


def cardforge(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cardforge_compiler", *args], capture_output=True, text=True,
                          cwd=cwd, env={**os.environ, "NO_COLOR": "1", "COLUMNS": "80"})


def _linted(case: Path, where: Path) -> tuple[list, Any, dict[str, dict]]:
    """Lint the case as ``cardforge lint`` does; its CF9xx diagnostics, the loaded
    bundle and ``{file: bundle story}`` (the story each YAML file holds)."""
    pack_dir = copy_golden(case, where / case.name)
    cwd = os.getcwd()
    os.chdir(pack_dir)
    try:
        result = compile_paths(["."], explore_budget=DEFAULT_LINT_BUDGET)
    finally:
        os.chdir(cwd)
    packs = [pack for pack in result.packs if pack.manifest is not None]
    assert len(packs) == 1, case.name
    bundle = load_bundle(build_bundle(packs, __version__))
    stories = {story.doc.source.display: bundle.find_story(story.model.id, packs[0].pack.id)[1]
               for story in packs[0].stories}
    found = [d for d in result.diagnostics if d.code.startswith("CF9")]
    return found, bundle, stories


def _story_of(diag, stories: dict[str, dict]) -> dict:  # noqa: ANN001
    key = next(k for k in stories if k.endswith(diag.file.removeprefix("./")) or diag.file.endswith(k))
    return stories[key]


def bundle_path(diag, story: dict) -> tuple:  # noqa: ANN001
    """The bundle story path (as ``Session.observe`` reports it) of a diagnostic's
    YAML path: ``("cards", 1, "steps", 0, "choice", 0, "if")`` -> ``("cards", i,
    "steps", 0, "options", 0)``, ``i`` the card's place in the bundle story."""
    index = next(i for i, card in enumerate(story["cards"]) if card["id"] == diag.card)
    assert diag.path[:1] == ("cards",), diag.path
    rest = list(diag.path[2:])
    if rest and rest[-1] in ("if", "id"):
        rest.pop()
    out: list[Any] = ["cards", index]
    while rest:
        for yaml_keys, key in _BUNDLE_KEYS.items():
            if tuple(rest[: len(yaml_keys)]) == yaml_keys:
                del rest[: len(yaml_keys)]
                out.append(key)
                break
        else:
            out.append(rest.pop(0))
    return tuple(out)


def replay(bundle, story: dict, witness: dict[str, Any], events: list | None = None) -> Session:  # noqa: ANN001
    """Start the witness's setup and give its answers, observed into ``events`` as
    ``(answer number, event, path, value)``."""
    setup = witness["setup"]
    session = Session.start(bundle, story["id"], players=setup["players"], characters=setup["characters"],
                            seed=setup["seed"], battles=setup["battles"])
    for n, answer in enumerate(witness["answers"]):
        if events is not None:
            session.observe(lambda event, path, value, n=n: events.append((n, event, path, value)))
        session.answer(answer)
    return session


def check_reaches(diag, bundle, story: dict) -> None:  # noqa: ANN001
    """Assert that the diagnostic's witness reaches its finding (table in the docstring)."""
    events: list = []
    session = replay(bundle, story, diag.witness, events)
    pending = session.pending
    where = f"{diag.code} at {diag.file}:{diag.line}, witness {diag.witness['answers']}"
    if diag.code == "CF901":
        assert (pending["kind"], pending["result"], pending["card"]) == ("end", "stuck", diag.card), where
    elif diag.code == "CF902":
        option = diag.path[-2]
        assert diag.path[-3:] == ("choice", option, "if"), where
        assert (pending["kind"], pending["card"]) == ("choice", diag.card), where
        assert option not in [o["option"] for o in pending["options"]], where
    elif diag.code == "CF903":
        assert pending["kind"] == "card", where
        leads = {edge["to"] for edge in story["edges"] if edge["from"] == pending["card"]}
        assert diag.card in leads, where
    elif diag.code in ("CF904", "CF905"):
        claimed = diag.code == "CF904"
        path = bundle_path(diag, story)
        last = len(diag.witness["answers"]) - 1
        seen = [value for n, event, p, value in events if event == "condition" and p == path and n == last]
        assert session.state["card"] == diag.card, where
        assert seen == [claimed], where      # evaluated by the witness's last answer, to the value claimed
    elif diag.code in ("CF906", "CF908"):
        assert (pending["kind"], pending["card"]) == ("card", diag.card), where
    else:
        raise AssertionError(f"no replay check for {where}")


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_every_witness_of_the_goldens_replays_to_its_finding(case: Path, tmp_path: Path) -> None:
    found, bundle, stories = _linted(case, tmp_path)
    expected = (case / "expected.txt").read_text(encoding="utf-8")
    with_witness = [d for d in found if d.witness is not None]
    assert len(with_witness) == expected.count("\n  witness: ")
    assert [d.code for d in found if d.witness is None] in ([], ["CF907"])   # never won: nothing to show
    for diag in with_witness:
        check_reaches(diag, bundle, _story_of(diag, stories))


def test_the_goldens_replay_a_witness_of_every_kind() -> None:
    """The cases above cover every code with a witness (so no check goes unused)."""
    codes = set()
    for case in CASES:
        codes.update(re.findall(r"^\S+: (CF9\d\d) ", (case / "expected.txt").read_text(encoding="utf-8"), flags=re.M))
    assert sorted(codes) == ["CF901", "CF902", "CF903", "CF904", "CF905", "CF906", "CF907", "CF908"]


def test_the_stuck_witness_replays_in_the_issue_example(tmp_path: Path) -> None:
    """The issue's first example: the witness is the line of play that walks past both
    the secret and the Rope, and ends stuck at card 2."""
    found, bundle, stories = _linted(golden_cases()[[c.name for c in golden_cases()].index("stuck-in-play")], tmp_path)
    (diag,) = found
    assert diag.witness == {"setup": {"players": 1, "characters": ["Athos", "Porthos"], "seed": 0, "battles": "table"},
                            "answers": [{}, {"option": 2}, {}, {}]}
    session = replay(bundle, _story_of(diag, stories), diag.witness)
    end = session.pending
    assert (end["kind"], end["card"], end["result"], end["reason"]) == ("end", 2, "stuck", "no_option")
    assert session.state["flags"] == {"knows_secret": False}
    assert [c["items"] for c in session.state["characters"]] == [[], []]


def test_cardforge_play_replays_the_witness_file_to_stuck(tmp_path: Path) -> None:
    """``cardforge explore --witness-dir`` writes the bundle and the answers file;
    ``cardforge play --answers`` with the setup it prints ends stuck (exit 3)."""
    pack = copy_golden("stuck-in-play", tmp_path / "stuck-in-play")
    explored = cardforge("explore", ".", "--witness-dir", "witnesses", "--format", "json", cwd=pack)
    assert explored.returncode == 1, explored.stderr
    (story,) = json.loads(explored.stdout)["stories"]
    (finding,) = story["findings"]
    assert finding["code"] == "CF901"
    assert finding["witness_file"] == "witnesses/act-1-CF901-card-2.answers.json"
    assert json.loads((pack / finding["witness_file"]).read_text(encoding="utf-8")) == [{}, {"option": 2}, {}, {}]
    assert finding["replay"] == ("cardforge play witnesses/golden.bundle.json --story act-1 --players 1 "
                                 "--characters Athos,Porthos --seed 0 --battles table "
                                 "--answers witnesses/act-1-CF901-card-2.answers.json")
    played = cardforge(*finding["replay"].split()[1:], cwd=pack)
    assert played.returncode == 3, played.stderr
    assert "stuck" in (played.stdout + played.stderr).lower()
