"""The board of Gascony's Legacy's Battle Round Example ("a narrow Parisian street"):
the layout tests/battle_round_example/battle-round-example.yaml compiled with the
SHIPPED Gascony's Legacy pack (content/gascony/: map tiles, terrain tiles, keywords,
Enemies, the Equipment deck), and the figures of the example at each moment of its
Battle round (docs/rulings.md, "The Battle Round Example's board").

The layout is a test fixture, not shipped content: no Story card of the Acts sets it up
(a shipped layout no Battle uses is CF716, and the Acts have no card for this scene). It
comes with a fixture story, battle-round-example-story.yaml (card 901 sets the Battle up),
and both are compiled in the pack's own context: a copy of content/gascony/ with the
folder tests/battle_round_example/ added, in a temporary folder. So every check of the
compiler runs on them, and the bundle's board, Enemies and Weapons are the shipped ones,
never a copy written here.

Squares are ``(column, row)``, 1-based, rows growing south ("top" is row 1).
"""

from __future__ import annotations

import functools
import json
import shutil
import tempfile
from pathlib import Path
from typing import Any

from _helpers import CONTENT

#: The fixture folder: the layout (a ``battle-layout`` document) and its story.
FOLDER = Path(__file__).resolve().parent / "battle_round_example"
LAYOUT_FILE = FOLDER / "battle-round-example.yaml"
LAYOUT_ID = "battle-round-example"
#: The fixture story and its Battle card.
STORY_ID, BATTLE_CARD = "battle-round-example", 901

# --- Setup ("After they have set up the map, both players set their stance and facing
# as shown"): Athos and Porthos on Start squares, both Stances unflipped.
ATHOS_START, ATHOS_FACING = (1, 1), "east"
PORTHOS_START, PORTHOS_FACING = (1, 4), "east"
#: The Barrel Porthos kicks.
BARREL = (3, 2)
#: Four Cardinal's Guards: the two Porthos attacks (the top one is Defeated, the bottom
#: one Wounded, then Defeated by the Barrel), the one Athos runs up to, and "the other"
#: Guard of the Enemy turn.
TOP_GUARD, BOTTOM_GUARD, NEAR_GUARD, OTHER_GUARD = (3, 1), (3, 3), (8, 2), (11, 1)
#: Two Marksmen: round the corner (no line of sight at first) and the rightmost one.
CORNER_MARKSMAN, RIGHT_MARKSMAN = (13, 4), (16, 1)

# --- Porthos's turn: 3 movement points (3 squares, no turn), both Guards in his
# Broadsword's Attack Pattern; the Barrel rolled south through the Wounded Guard.
PORTHOS_PATH = [(1, 4), (1, 3), (1, 2), (2, 2)]
PORTHOS_AT = PORTHOS_PATH[-1]
BARREL_DIRECTION = "south"
BARREL_STOPS = (3, 4)

# --- Athos's turn: the Movement stone (Movement 5 -> 6), 6 squares east, Prepare (the
# Stance flipped), Attack the near Guard.
ATHOS_PATH = [(1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (7, 1)]
ATHOS_AT = ATHOS_PATH[-1]

# --- The Enemy turn: the near Guard stays; the other Guard moves 3 squares to the square
# ahead of Athos; the rightmost Marksman stays; the corner Marksman moves 1 square north.
OTHER_GUARD_PATH = [(11, 1), (10, 1), (9, 1), (8, 1)]
CORNER_MARKSMAN_TO = (13, 3)


@functools.lru_cache(maxsize=1)
def compiled() -> tuple[tuple[tuple[str, str, str], ...], dict[str, Any]]:
    """Compile content/gascony/ with the fixture folder added (in a temporary copy).

    Returns ``(diagnostics, bundle)``: each diagnostic as ``(code, severity, message)``,
    and the bundle (JSON data) whose ``gascony`` pack holds the layout in its ``board``
    and the fixture story. Raises AssertionError when the compile finds errors."""
    from cardforge_compiler import __version__
    from cardforge_compiler.emit import build_bundle, bundle_bytes
    from cardforge_compiler.pipeline import compile_paths

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "gascony"
        shutil.copytree(CONTENT, folder)
        shutil.copytree(FOLDER, folder / FOLDER.name)
        result = compile_paths([str(folder)])
        found = tuple((d.code, d.severity.value, d.message) for d in result.diagnostics)
        assert not result.errors, found
        bundle = json.loads(bundle_bytes(build_bundle(result.packs, __version__)))
    return found, bundle


def bundle() -> dict[str, Any]:
    """The bundle (JSON data, a fresh copy): ``runtime.load_bundle`` takes it."""
    return json.loads(json.dumps(compiled()[1]))


def pack() -> dict[str, Any]:
    """The compiled Gascony's Legacy pack with the example's layout and story (a fresh copy)."""
    return next(pack for pack in bundle()["packs"] if pack["id"] == "gascony")


def board(barrel: bool = True):
    """The example's ``Board`` (``board.build_board``); ``barrel=False``: after Porthos's
    turn, the Barrel rolled and removed from the map ("After rolling the Barrel, it is
    destroyed and removed from the map")."""
    from cardforge_runtime.board import build_board

    data = pack()["board"]
    if not barrel:
        layout = data["layouts"][LAYOUT_ID]
        layout["terrain_tiles"] = [t for t in layout["terrain_tiles"] if t["at"] != [*BARREL]]
    return build_board(data, LAYOUT_ID)
