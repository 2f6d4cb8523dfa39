"""Character boards: the manifest's ``characters`` (validated, checked against the
pack's stats) and their place in the bundle (format 1.1.0)."""

from __future__ import annotations

from pathlib import Path

from cardforge_runtime import BUNDLE_FORMAT_VERSION

from cardforge_compiler import __version__
from cardforge_compiler.bundle_check import check_bundle_data
from cardforge_compiler.emit import build_bundle, bundle_bytes
from cardforge_compiler.pipeline import compile_paths
from _helpers import MANIFEST_NO_BOARDS, WON_AT_ONCE, build_pack, write_pack


BOARDS = """\
characters:
  - name: Porthos
    stats: {Prowess: 5, Movement: 2}
    destiny: 3
    health: 5
    items: [Broadsword]
  - name: Aramis
    stats:
      Movement: 4
      Prowess: 3
    destiny: 4
    health: 4
"""


def _pack(tmp_path: Path, boards: str = "") -> Path:
    folder = write_pack(tmp_path / "pack", WON_AT_ONCE)
    # Two boards: a pack for up to 2 players (more would be CF110).
    manifest = MANIFEST_NO_BOARDS.replace("max: 4", "max: 2") if boards else MANIFEST_NO_BOARDS
    (folder / "pack.yaml").write_text(manifest + boards, encoding="utf-8")
    return folder


def _bundle(folder: Path, expected: tuple[str, ...] = ()) -> dict:
    return build_pack(folder, expected)


def test_boards_are_in_the_bundle_in_authoring_order_with_defaults(tmp_path: Path) -> None:
    bundle = _bundle(_pack(tmp_path, BOARDS))
    assert bundle["format_version"] == BUNDLE_FORMAT_VERSION == "1.7.0"
    assert bundle["packs"][0]["characters"] == [
        {"destiny": 3, "health": 5, "items": ["Broadsword"], "name": "Porthos", "stats": {"Movement": 2, "Prowess": 5},
         "weapons": [], "talent": None, "support": None, "role": None},
        {"destiny": 4, "health": 4, "items": [], "name": "Aramis", "stats": {"Movement": 4, "Prowess": 3},
         "weapons": [], "talent": None, "support": None, "role": None},
    ]
    assert check_bundle_data(bundle) == []


def test_keys_of_a_board_are_sorted_in_the_file(tmp_path: Path) -> None:
    result = compile_paths([str(_pack(tmp_path, BOARDS))])
    text = bundle_bytes(build_bundle(result.packs, __version__)).decode("utf-8")
    assert ('{"destiny":4,"health":4,"items":[],"name":"Aramis","role":null,"stats":{"Movement":4,"Prowess":3},'
            '"support":null,"talent":null,"weapons":[]}' in text)


def test_a_pack_without_boards_has_an_empty_list(tmp_path: Path) -> None:
    """A pack without boards builds (with the CF110 warning: it cannot be played)."""
    assert _bundle(_pack(tmp_path), ("CF110",))["packs"][0]["characters"] == []


def test_a_1_0_bundle_without_characters_is_still_valid(tmp_path: Path) -> None:
    """1.1 only added `characters`: a 1.0 bundle (which has none) still passes the schema."""
    bundle = _bundle(_pack(tmp_path, BOARDS))
    del bundle["packs"][0]["characters"]
    bundle["format_version"] = "1.0.0"
    assert check_bundle_data(bundle) == []


def test_a_board_of_the_wrong_shape_is_reported_where_it_is(tmp_path: Path) -> None:
    broken = BOARDS.replace("    destiny: 4\n", "").replace("Prowess: 5,", "Prowess: 9,").replace("[Broadsword]", "Broadsword")
    result = compile_paths([str(_pack(tmp_path, broken))])
    found = {(d.code, d.line, d.column, d.field_path(), d.message) for d in result.diagnostics}
    assert found == {
        ("CF105", 14, 22, "characters[0].stats.Prowess", "expected a whole number from 0 to 6, got 9"),
        ("CF104", 17, 12, "characters[0].items", "expected a list, got 'Broadsword'"),
        ("CF102", 18, 5, "characters[1]", "character is missing required field 'destiny'"),
    }
    assert all(d.file and d.file.endswith("pack.yaml") for d in result.diagnostics)


def test_stats_checks_and_duplicate_names_together(tmp_path: Path) -> None:
    """Each fault once, at file:line:col: an unknown stat, a missing one, a second Porthos."""
    boards = BOARDS.replace("Movement: 4\n      Prowess: 3", "Prowess: 3\n      Speed: 4").replace("Aramis", "Porthos")
    result = compile_paths([str(_pack(tmp_path, boards))])
    found = sorted((d.code, d.line, d.column, d.message) for d in result.diagnostics)
    assert found == [
        ("CF105", 18, 11, "'Porthos' is listed twice in characters"),
        ("CF304", 21, 7, "'Speed' is not a stat of pack 'test'"),
        ("CF307", 19, 5, "Character 'Porthos' has no value for stat 'Movement'"),
    ]


def test_the_porter_is_in_the_bundle_only_when_the_manifest_declares_him(tmp_path: Path) -> None:
    """Gascony's Legacy, "Porter board" (a component, format 1.3.0): a manifest with
    ``porter`` gets it in the bundle, its count defaulting to 1 (Setup 4: "1 Equipment
    card per Character"); a manifest without one gets no ``porter`` key, and the
    engine then never offers him (tests/test_runtime_rulebook.py)."""
    without = _bundle(_pack(tmp_path / "a", BOARDS))
    assert "porter" not in without["packs"][0]
    folder = _pack(tmp_path / "b", BOARDS + "porter:\n  deck: Supplies\n")
    assert _bundle(folder)["packs"][0]["porter"] == {"deck": "Supplies", "cards_per_character": 1}
    folder = _pack(tmp_path / "c", BOARDS + "porter: {deck: Equipment, cards_per_character: 2}\n")
    with_two = _bundle(folder)
    assert with_two["packs"][0]["porter"] == {"deck": "Equipment", "cards_per_character": 2}
    assert check_bundle_data(with_two) == []
