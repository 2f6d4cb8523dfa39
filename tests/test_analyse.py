"""Stage 4: card flow, story graph and witness paths."""

from __future__ import annotations

from pathlib import Path

from cardforge_compiler.analyse import witness_path
from cardforge_compiler.pipeline import compile_paths
from _helpers import write_pack

GATED = """\
kind: story
id: s
title: Gated shortcut
start: 1
flags: [has_key]
cards:
  - id: 1
    title: Hall
    steps:
      - choice:
          - text: Use the key on the shortcut
            if: has_key
            goto: 4
          - text: Walk to the study
            goto: 2
  - id: 2
    title: Study
    steps:
      - set: {has_key: true}
      - goto: 3
  - id: 3
    title: Back in the hall
    steps:
      - choice:
          - text: Use the key
            if: has_key
            goto: 4
          - text: Wait
            goto: 3
  - id: 4
    title: Vault
    steps:
      - victory: Found it
"""


def _story(tmp_path: Path, text: str):  # noqa: ANN202
    result = compile_paths([str(write_pack(tmp_path, text))])
    story = result.packs[0].stories[0]
    return result, story.analysis


def test_the_graph_holds_exactly_the_declared_cards_and_labelled_edges(tmp_path: Path) -> None:
    result, analysis = _story(tmp_path, GATED)
    assert [d.code for d in result.diagnostics] == []
    assert sorted(analysis.graph.nodes) == [1, 2, 3, 4]
    edges = sorted((a, b, d["via"], d["label"]) for a, b, d in analysis.graph.edges(data=True))
    assert edges == [(1, 2, "option", "Walk to the study"), (1, 4, "option", "Use the key on the shortcut"),
                     (2, 3, "goto", ""), (3, 3, "option", "Wait"), (3, 4, "option", "Use the key")]


def test_witness_respects_flags(tmp_path: Path) -> None:
    """The shortcut 1 -> 4 needs has_key, which nothing before card 1 sets: the witness
    goes through the study (which sets it) instead."""
    _, analysis = _story(tmp_path, GATED)
    path = witness_path(analysis, 4)
    assert [card for card, _ in path] == [1, 2, 3, 4]
    assert path[2][1]["label"] == "Use the key"


def test_witness_of_the_start_card_is_itself(tmp_path: Path) -> None:
    _, analysis = _story(tmp_path, GATED)
    assert witness_path(analysis, 1) == [(1, None)]
