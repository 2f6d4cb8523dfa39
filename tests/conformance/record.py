"""Record the conformance transcripts of tests/conformance/ (see docs/runtime.md).

    python tests/conformance/record.py            # rebuild bundles/rules.bundle.json, re-record every case
    python tests/conformance/record.py --check    # exit 1 if a committed transcript differs

Each case of ``cases.json`` names a bundle (a frozen file in ``bundles/``), a story,
the setup (players, Characters, seed) and an answers file (``NAME.answers.json``, a
JSON list, the same format as ``cardforge play --answers``). The recorder plays the
answers with the Python runtime and writes ``NAME.transcript.json``: every request,
answer, event and change, so that another port can replay it. An answer the runtime
refuses is recorded as ``{"answer": ..., "rejected": "<reason>"}`` and play goes on.

``generated.json`` lists the generated cases: instead of an answers file, a case
names an ``answer_seed`` and ``max_steps``; the answers are chosen by the random
player of ``players.py`` (legal answers of every kind, and now and then one the
engine must refuse) and the transcript goes to ``generated/NAME.transcript.json``.
Their answers are in the transcript, so a port replays them like the others.

A case with ``"policy": {"aim": ..., "sixes": ..., "aims": ..., "choices": ...}`` (the
Battle cases) is answered by the greedy player of ``greedy.py`` until the story ends,
with its Battles played by the engine (``aims``: the aim per Battle card, ``choices``:
the option taken per story card, see ``greedy_answer``); its answers are written to
``NAME.answers.json`` beside the transcript.

``bundles/rules.bundle.json`` is compiled from ``content/rules/``,
``bundles/edges.bundle.json`` from ``content/edges/`` (other dice and nesting),
``bundles/dice.bundle.json`` from ``content/dice/`` (a ten-sided die, dice tokens),
``bundles/pick.bundle.json`` from ``content/pick/`` (a kept card's ``pick`` request);
``bundles/gascony.bundle.json`` is a frozen copy of the shipped Gascony pack,
``content/gascony/`` (refresh it with ``--refresh-gascony`` when the shipped Acts or
their boards change on purpose); ``bundles/battle-round-example.bundle.json`` is the
same pack with the fixture folder ``tests/battle_round_example/`` added (the Battle
Round Example's board and story 901), refreshed with it.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from cardforge_runtime import AnswerError, Session, load_bundle
from greedy import greedy_answer
from players import random_answer

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def _build(content: Path, output: Path) -> None:
    command = [sys.executable, "-m", "cardforge_compiler", "build", str(content), "-o", str(output), "--pretty", "--strict"]
    if subprocess.run(command, cwd=ROOT).returncode:
        raise SystemExit(f"{content} does not compile")


def _build_example(output: Path) -> None:
    """The Battle Round Example's bundle: the shipped pack with the fixture folder
    tests/battle_round_example/ (its layout and story 901) added, compiled in a
    temporary copy as tests/_example_board.py does."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "gascony"
        shutil.copytree(ROOT / "content" / "gascony", folder)
        shutil.copytree(ROOT / "tests" / "battle_round_example", folder / "battle_round_example")
        _build(folder, output)


def _answers(case: dict, session: Session):
    """The answers of a case: its answers file, or (a generated case) the random
    player's answers to each request until the story ends or ``max_steps``."""
    if "policy" in case:
        policy = case["policy"]
        while not session.finished:
            yield greedy_answer(session, policy["aim"], policy.get("sixes", False),
                                aims=policy.get("aims"), choices=policy.get("choices"))
        return
    if "answer_seed" not in case:
        yield from json.loads((HERE / f"{case['name']}.answers.json").read_text(encoding="utf-8"))
        return
    rng = random.Random(case["answer_seed"])
    sides = session.dice_rule.sides
    for _ in range(case["max_steps"]):
        if session.finished:
            return
        yield random_answer(session.pending, rng, sides)


def record(case: dict) -> dict:
    """Play one case and return its transcript."""
    bundle = load_bundle(HERE / case["bundle"])
    session = Session.start(bundle, case["story"], players=case.get("players"),
                            characters=case.get("characters"), seed=int(case["seed"]),
                            difficulty=case.get("difficulty"), battles=case.get("battles"))
    steps = []
    for answer in _answers(case, session):
        try:
            session.answer(answer)
        except AnswerError as error:
            steps.append({"request": session.pending, "answer": answer, "rejected": error.reason})
            continue
        steps.append(session.log[-1])
    transcript = session.transcript()
    transcript["steps"] = steps
    transcript["bundle"] = case["bundle"]
    transcript["name"] = case["name"]
    return transcript


def text(transcript: dict) -> str:
    return json.dumps(transcript, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 when a transcript is out of date")
    parser.add_argument("--refresh-gascony", action="store_true", help="re-freeze bundles/gascony.bundle.json")
    args = parser.parse_args()
    if not args.check:
        _build(HERE / "content" / "rules", HERE / "bundles" / "rules.bundle.json")
        _build(HERE / "content" / "edges", HERE / "bundles" / "edges.bundle.json")
        _build(HERE / "content" / "dice", HERE / "bundles" / "dice.bundle.json")
        _build(HERE / "content" / "pick", HERE / "bundles" / "pick.bundle.json")
        if args.refresh_gascony:
            _build(ROOT / "content" / "gascony", HERE / "bundles" / "gascony.bundle.json")
            _build_example(HERE / "bundles" / "battle-round-example.bundle.json")
    stale = []
    cases = [(case, HERE) for case in json.loads((HERE / "cases.json").read_text(encoding="utf-8"))]
    cases += [(case, HERE / "generated") for case in json.loads((HERE / "generated.json").read_text(encoding="utf-8"))]
    for case, folder in cases:
        target = folder / f"{case['name']}.transcript.json"
        new = text(record(case))
        if args.check:
            if not target.exists() or target.read_text(encoding="utf-8") != new:
                stale.append(target.name)
        else:
            target.write_text(new, encoding="utf-8")
            print(f"recorded {target.relative_to(ROOT)}")
            if "policy" in case:                 # the greedy player's answers, kept beside
                answers = [step["answer"] for step in json.loads(new)["steps"]]
                (folder / f"{case['name']}.answers.json").write_text(
                    "[\n" + ",\n".join(" " + json.dumps(a, ensure_ascii=False) for a in answers) + "\n]\n",
                    encoding="utf-8")
    if stale:
        print(f"out of date: {', '.join(stale)} (run python tests/conformance/record.py)", file=sys.stderr)
        return 1
    if args.check:
        print("every transcript is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
