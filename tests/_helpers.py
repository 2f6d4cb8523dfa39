"""Shared test helpers (tests/ is on sys.path through pytest's `pythonpath`)."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Everything shipped under content/: the Gascony's Legacy pack and the Descent props pack.
SHIPPED = ROOT / "content"
#: The Gascony's Legacy pack, which most tests play, build and inspect.
CONTENT = SHIPPED / "gascony"
GOLDEN = Path(__file__).resolve().parent / "golden"
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def render(diagnostics, base: Path) -> str:  # noqa: ANN001
    """Diagnostics as the text report prints them, paths relative to ``base``."""
    from cardforge_compiler.report import text_lines

    lines = []
    for diag in diagnostics:
        text = ANSI.sub("", text_lines(diag))
        lines.append(text.replace(base.as_posix() + "/", ""))
    return "\n".join(lines) + ("\n" if lines else "")


#: The manifest every golden case without a ``pack.yaml`` of its own is linted with.
GOLDEN_MANIFEST = GOLDEN / "pack.yaml"
#: Golden cases whose fault is that no manifest exists at all.
WITHOUT_MANIFEST = frozenset({"missing-pack"})


def golden_cases() -> list[Path]:
    """Every golden case folder, sorted by name."""
    return sorted(p for p in GOLDEN.iterdir() if p.is_dir())


def copy_golden(case: Path | str, dest: Path) -> Path:
    """Copy a golden case to ``dest`` as the pack an author would have: the case's
    files plus the shared manifest when the case carries none (a case has its own
    ``pack.yaml`` only when the fault is in it). Returns ``dest``."""
    case = GOLDEN / case if isinstance(case, str) else case
    shutil.copytree(case, dest, symlinks=True)
    if not (dest / "pack.yaml").exists() and case.name not in WITHOUT_MANIFEST:
        shutil.copyfile(GOLDEN_MANIFEST, dest / "pack.yaml")
    return dest


def update_golden() -> bool:
    """``CARDFORGE_UPDATE_GOLDEN=1 pytest`` rewrites expected files instead of comparing."""
    return os.environ.get("CARDFORGE_UPDATE_GOLDEN") == "1"


MANIFEST = """\
kind: pack
id: test
title: Test pack
version: 1.0.0
players: {min: 1, max: 4, solo_characters: 2}
stats: [Prowess, Movement]
status_tokens:
  - {name: Despair, dice_modifier: -1}
  - {name: Doom, six_counts: 1}
dice: {sides: 6, max_dice: 6, single_success: [4, 5], double_success: [6], advantage_adds: [3],
       disadvantage_removes: [4], reroll: destiny}
"""
#: The test manifest without Character boards (tests that bring their own boards).
MANIFEST_NO_BOARDS = MANIFEST
MANIFEST = MANIFEST_NO_BOARDS + """\
characters:
  - {name: Athos, stats: {Prowess: 4, Movement: 3}, destiny: 3, health: 5}
  - {name: Porthos, stats: {Prowess: 5, Movement: 2}, destiny: 3, health: 5}
  - {name: Aramis, stats: {Prowess: 3, Movement: 4}, destiny: 4, health: 4}
  - {name: D'Artagnan, stats: {Prowess: 4, Movement: 4}, destiny: 4, health: 4}
"""


def write_pack(folder: Path, story: str) -> Path:
    """A pack folder with the standard manifest and one story file; returns the folder."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pack.yaml").write_text(MANIFEST, encoding="utf-8")
    (folder / "story.yaml").write_text(story, encoding="utf-8")
    return folder


#: The head of the test story (``act-1``, drawn from card 1): append its ``cards`` list.
STORY_HEAD = """\
kind: story
id: act-1
title: The Road
start: 1
cards:
"""
#: A one-card test story, won on its start card.
WON_AT_ONCE = STORY_HEAD + """\
  - id: 1
    title: The Inn
    steps:
      - victory: You reach Paris.
"""


def build_pack(folder: Path, codes: tuple[str, ...] | None = ()) -> dict:
    """Compile the content under ``folder``, check that the diagnostics have exactly
    ``codes`` (in report order; ``None``: any warnings, no error), and return the bundle as it would be written (the
    compact bytes read back as JSON)."""
    import json

    from cardforge_compiler import __version__
    from cardforge_compiler.emit import build_bundle, bundle_bytes
    from cardforge_compiler.pipeline import compile_paths

    result = compile_paths([str(folder)])
    found = tuple(d.code for d in (result.errors if codes is None else result.diagnostics))
    assert found == (codes or ()), [f"{d.code} {d.message}" for d in result.diagnostics]
    return json.loads(bundle_bytes(build_bundle(result.packs, __version__)))


def battle_cards(data: dict) -> list[tuple[str, int]]:
    """``(story id, card id)`` of every Battle card (a card with a ``battle`` step) of a
    bundle's first pack, in the bundle's order."""
    pack = data["packs"][0]
    return [(story["id"], card["id"]) for story in pack["stories"] for card in story["cards"]
            if any(step["kind"] == "battle" for step in card["steps"])]
