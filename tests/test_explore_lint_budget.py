"""``cardforge lint --explore-budget N`` shares N states among the stories (explore/stage.py,
docs/explore.md, In lint): never more in all, half in equal shares, then rounds in which a
story cut short at most doubles what it explored. Found by the breaker (2026-12-01): a
budget below the number of stories was exceeded (each got at least 1), and a story that
never finishes (a loop, one open state at a time) took the whole second round, so that a
larger budget proved fewer stories."""

from __future__ import annotations

from pathlib import Path

import pytest

from _explore_helpers import DUO

LAMPS = """\
kind: story
id: act-{n}
title: The Road {n}
start: {n}01
cards:
  - id: {n}01
    title: One
    steps:
      - gain: {{items: [Lamp], character: Anne}}
      - goto: {n}02
  - id: {n}02
    title: Two
    steps:
      - gain: {{items: [Lamp], character: Bruno}}
      - lose: {{items: [Lamp], who: each}}
      - choice:
          - {{text: Lit, if: has("Lamp"), goto: {n}03}}
          - {{text: Dark, if: not has("Lamp"), goto: {n}04}}
  - id: {n}03
    title: Three
    steps:
      - victory: Won.
  - id: {n}04
    title: Four
    steps:
      - defeat: Lost.
"""

LOOP = """\
kind: story
id: act-9
title: Loop
start: 901
counters: {n: 0}
cards:
  - id: 901
    title: A
    steps:
      - add: {n: 1}
      - choice:
          - {text: again, goto: 902}
          - {text: stop, if: n >= 15, goto: 903}
  - id: 902
    title: B
    steps:
      - add: {n: 1}
      - goto: 901
  - id: 903
    title: C
    steps:
      - victory: Won.
"""


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("budget") / "pack"
    folder.mkdir()
    (folder / "pack.yaml").write_text(DUO, encoding="utf-8")
    for n in (1, 2, 3):
        (folder / f"story{n}.yaml").write_text(LAMPS.format(n=n), encoding="utf-8")
    (folder / "story9.yaml").write_text(LOOP, encoding="utf-8")
    return folder


def shares(pack: Path, budget: int) -> tuple[int, int, list[int]]:
    from cardforge_compiler.pipeline import compile_paths

    explorations = compile_paths([str(pack)], explore_budget=budget).explorations
    return (sum(e.states for e in explorations), sum(e.proven for e in explorations),
            [e.states for e in explorations])


@pytest.mark.parametrize(("budget", "expected"), [
    (1, (1, 0, [0, 0, 0, 1])),          # was 4 states for a budget of 1
    (3, (3, 0, [1, 0, 1, 1])),
    (20, (20, 0, [4, 6, 6, 4])),
    (30, (30, 3, [7, 7, 7, 9])),        # each Lamps story needs 7 states: all three proven
    (60, (46, 3, [7, 7, 7, 25])),       # the loop completes, abstracted above 20: not proven
])
def test_the_budget_is_never_exceeded_and_a_loop_cannot_take_it_all(pack: Path, budget: int, expected: tuple) -> None:
    assert shares(pack, budget) == expected


def test_more_budget_never_proves_fewer_stories_here(pack: Path) -> None:
    proven = [shares(pack, budget)[1] for budget in range(4, 44, 4)]
    assert proven == sorted(proven) and proven[-1] == 3, proven


def test_a_story_with_no_share_is_not_explored_and_not_proven(pack: Path) -> None:
    from click.testing import CliRunner

    from cardforge_compiler.cli import cli

    result = CliRunner().invoke(cli, ["lint", str(pack), "--explore-budget", "1"])
    assert result.output.splitlines()[-1] == (
        "state explorer: 1 state; 0 stories proven; not proven: act-1, act-2, act-3, act-9 (stopped at their share "
        "of the budget); `cardforge explore PATH --story ID` goes further")
