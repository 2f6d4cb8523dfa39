"""CF718: terrain actions the Battle engine cannot play (compiler/cardforge_compiler/
checks/terrain_actions.py), each kind on the golden case terrain-action-unplayable
with its tiles changed."""

from __future__ import annotations

import pytest
from _helpers import copy_golden

from cardforge_compiler.pipeline import compile_paths

BARREL_OK = "  - name: Kicking a Barrel\n    from: adjacent-or-on\n"
#: The golden case's Barrel action, from beside or behind it (the golden fault).
BARREL_FAULT = "  - name: Kicking a Barrel\n    from: beside-or-behind\n"


def lint(tmp_path, tiles_change) -> list[str]:  # noqa: ANN001
    pack = copy_golden("terrain-action-unplayable", tmp_path / "pack")
    tiles = pack / "tiles.yaml"
    tiles.write_text(tiles_change(tiles.read_text(encoding="utf-8").replace(BARREL_FAULT, BARREL_OK)),
                     encoding="utf-8")
    result = compile_paths([str(pack)])
    return [f"{d.code} {d.message}" for d in result.diagnostics]


def test_the_golden_case_without_its_fault_is_clean(tmp_path) -> None:  # noqa: ANN001
    assert lint(tmp_path, lambda text: text) == []


@pytest.mark.parametrize("change, message", [
    (lambda t: t.replace("name: Barrel\nsize: [1, 1]", "name: Barrel\nsize: [2, 1]"),
     "terrain tile 'Barrel' is 2 x 1, but `roll-in-line` rolls a 1 x 1 tile"),
    (lambda t: t.replace("      - board: remove-tile\n", "      - board: remove-tile\n      - board: wagon-roll\n"
                         "        minus: 3\n", 1),
     "`wagon-roll` rolls terrain tile 'Barrel' toward its arrow, but it has none"),
    (lambda t: t.replace("name: Crates\nsize: [2, 1]\n", "name: Crates\nsize: [2, 1]\nactions:\n  - name: Push\n"
                         "    from: adjacent\n    success:\n      - board: wound-per-missing-success\n"),
     "`wound-per-missing-success` counts the challenge's Successes, but action 'Push' of terrain tile 'Crates' "
     "has no `challenge`"),
])
def test_each_unplayable_terrain_action_is_reported(tmp_path, change, message) -> None:  # noqa: ANN001
    found = lint(tmp_path, change)
    assert f"CF718 {message}" in found, found
    assert all(line.startswith("CF718") for line in found), found
