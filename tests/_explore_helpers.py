"""Small packs for the state explorer's tests (tests/test_explore_*.py): a story's
cards written as YAML, compiled by the compiler, loaded by the runtime and explored.

``DUO`` is a two-player pack (one setup: 2 players, Anne and Bruno) whose Characters
have the same stats, so a ``who: one`` challenge is the same roll whoever is picked;
``TEST`` is the shared test manifest (tests/_helpers.py: 1 to 4 players)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from _helpers import MANIFEST

#: Two players exactly, two alike Characters (3 dice for every stat, 3 Health).
DUO = """\
kind: pack
id: test
title: Test pack
version: 1.0.0
players: {min: 2, max: 2, solo_characters: 2}
stats: [Prowess, Movement]
status_tokens:
  - {name: Despair, dice_modifier: -1}
  - {name: Doom, six_counts: 1}
dice: {sides: 6, max_dice: 6, single_success: [4, 5], double_success: [6], advantage_adds: [3],
       disadvantage_removes: [4], reroll: destiny}
characters:
  - {name: Anne, stats: {Prowess: 3, Movement: 3}, destiny: 1, health: 3}
  - {name: Bruno, stats: {Prowess: 3, Movement: 3}, destiny: 1, health: 3}
"""
TEST = MANIFEST


def story_yaml(cards: str, *, flags: str = "[]", counters: str = "{}", start: int = 1) -> str:
    """A story file (``act-1``) around ``cards`` (the YAML list items of ``cards:``,
    indented by two spaces)."""
    return (f"kind: story\nid: act-1\ntitle: The Road\nstart: {start}\nflags: {flags}\ncounters: {counters}\n"
            f"cards:\n{cards}")


def compile_story(folder: Path, cards: str, *, manifest: str = DUO, **story: Any) -> dict[str, Any]:
    """Write a pack (``manifest``, one story of ``cards``) under ``folder``, compile it
    (no error allowed; warnings are fine) and return the bundle as JSON data."""
    from cardforge_compiler import __version__
    from cardforge_compiler.emit import build_bundle, bundle_bytes
    from cardforge_compiler.pipeline import compile_paths

    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pack.yaml").write_text(manifest, encoding="utf-8")
    (folder / "story.yaml").write_text(story_yaml(cards, **story), encoding="utf-8")
    result = compile_paths([str(folder)])
    assert not result.errors, [f"{d.code} {d.message}" for d in result.errors]
    return json.loads(bundle_bytes(build_bundle(result.packs, __version__)))


def explore(data: dict[str, Any], **options: Any):  # noqa: ANN201
    """``explore_story`` on the bundle data's story ``act-1``."""
    from cardforge_compiler.explore import explore_story
    from cardforge_runtime import load_bundle

    return explore_story(load_bundle(data), "test", "act-1", **options)


def kinds(exploration) -> list[tuple[str, tuple, int | None]]:  # noqa: ANN001
    """``(kind, path, card)`` of every finding, in order."""
    return [(f.kind, f.path, f.card) for f in exploration.findings]
