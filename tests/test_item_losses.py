"""Lost items (CF309, CF311): what lint reports is what play does. An unguarded
`who: one` loss of an item nobody holds ends the story stuck (docs/rulings.md,
Losing an item); a deck purchase may provide any item, so only near misses of a
provided item are errors then."""

from __future__ import annotations

import json
from pathlib import Path

from cardforge_compiler import __version__
from cardforge_compiler.emit import build_bundle, bundle_bytes
from cardforge_compiler.pipeline import compile_paths
from cardforge_runtime import Session, load_bundle
from _helpers import ROOT

STORY = """\
kind: story
id: act-1
title: The Road
start: 1
cards:
  - id: 1
    title: The Well
    steps:
      - choice:
          - text: Walk past the chandler
            goto: 2
          - text: Buy a rope
            steps:
              - gain: {{items: [Rope], who: one}}
            goto: 2
  - id: 2
    title: The Cellar
    steps:
{steps}
      - victory: You climb down.
"""


def _pack(tmp_path: Path, steps: str, pack_extra: str = "") -> Path:
    folder = tmp_path / "pack"
    folder.mkdir(parents=True)
    (folder / "pack.yaml").write_text((ROOT / "tests" / "golden" / "pack.yaml").read_text(encoding="utf-8"),
                                      encoding="utf-8")
    (folder / "story.yaml").write_text(STORY.format(steps=steps) + pack_extra, encoding="utf-8")
    return folder


def _codes(folder: Path) -> list[tuple[str, str]]:
    return [(d.code, d.message) for d in compile_paths([str(folder)]).diagnostics]


def _play_walking_past(folder: Path) -> dict:
    result = compile_paths([str(folder)])
    assert result.errors == []
    bundle = load_bundle(json.loads(bundle_bytes(build_bundle(result.packs, __version__))))
    session = Session.start(bundle, "act-1", players=2, seed=1)
    while not session.finished:
        session.answer({"option": 0} if session.pending["kind"] == "choice" else {})
    return session.state


def test_the_unguarded_loss_lint_warns_about_gets_stuck_in_play(tmp_path: Path) -> None:
    folder = _pack(tmp_path, "      - lose: {items: [Rope], who: one}")
    assert _codes(folder) == [("CF311", "this loses 'Rope' from one Character, but nothing checks that someone "
                                        "holds it: if nobody does, the story ends stuck")]
    assert _play_walking_past(folder)["result"] == "stuck"


def test_the_guarded_loss_is_clean_and_plays_on(tmp_path: Path) -> None:
    folder = _pack(tmp_path, '      - if: has("Rope")\n        then:\n          - lose: {items: [Rope], who: one}')
    assert _codes(folder) == []
    assert _play_walking_past(folder)["result"] == "victory"


def test_a_deck_may_provide_any_item_but_not_a_near_miss(tmp_path: Path) -> None:
    deck = "      - purchase: {deck: Equipment}\n"
    far = _pack(tmp_path / "far", deck + "      - lose: {items: [Horse], who: each}")
    assert _codes(far) == []
    near = _pack(tmp_path / "near", deck + "      - lose: {items: [Ropes], who: each}")
    assert _codes(near) == [("CF309", "'Ropes' is provided by no Character board, gain, purchase offer or deck card (only a "
                                      "card of deck 'Equipment' could be it): this loss never takes anything")]
