"""The name checks of Enemies and decks (CF801-CF810, and CF305/CF304/CF308 on
effects and decks) beyond their golden cases: which packs are checked, and one fault
reported once. Built on the clean golden case ``tests/golden/ok-decks``."""

from __future__ import annotations

import shutil
from pathlib import Path

from cardforge_compiler.pipeline import compile_paths
from _helpers import GOLDEN

OK_DECKS = GOLDEN / "ok-decks"


def _pack(tmp_path: Path, edits: dict[str, tuple[str, str]] | None = None, drop: tuple[str, ...] = ()) -> Path:
    """The ok-decks pack, with ``edits`` (file -> (old, new)) and the files ``drop`` left out."""
    folder = tmp_path / "pack"
    shutil.copytree(OK_DECKS, folder)
    for name in drop:
        (folder / name).unlink()
    for name, (old, new) in (edits or {}).items():
        text = (folder / name).read_text(encoding="utf-8")
        assert text.count(old) == 1, old
        (folder / name).write_text(text.replace(old, new), encoding="utf-8")
    return folder


def _found(folder: Path) -> list[tuple[str, str, str]]:
    return [(d.code, Path(d.file).name, d.message) for d in compile_paths([str(folder)]).diagnostics]


def test_the_clean_pack_is_clean(tmp_path: Path) -> None:
    assert _found(_pack(tmp_path)) == []


def test_a_pack_describing_no_enemies_or_decks_is_not_checked_for_them(tmp_path: Path) -> None:
    # Without enemies.yaml and decks.yaml the pack names decks, Enemies, Starting Weapons it does not describe
    # (as a pack of format 1.4 does): no CF8xx, and a purchase from the undescribed deck may provide any item.
    folder = _pack(tmp_path, {"story.yaml": ('has("Rapier")', 'has("Lantern")')}, drop=("enemies.yaml", "decks.yaml"))
    codes = [code for code, _, _ in _found(folder)]
    assert not [c for c in codes if c.startswith("CF8")]
    assert "CF308" not in codes


def test_one_deck_document_makes_every_deck_name_checked(tmp_path: Path) -> None:
    folder = _pack(tmp_path, drop=("enemies.yaml",))
    folder.joinpath("decks.yaml").write_text(
        folder.joinpath("decks.yaml").read_text(encoding="utf-8").split("---\nkind: deck\nname: Equipment")[0],
        encoding="utf-8")
    found = _found(folder)
    assert ("CF803", "pack.yaml", "unknown deck 'Equipment' (the Porter)") in found
    assert ("CF803", "story.yaml", "unknown deck 'Equipment' (a purchase)") in found
    assert ("CF803", "pack.yaml", "unknown deck 'Equipment' (the equipment deck)") in found
    # the Starting Weapons: their deck is unknown (CF803 at the role), not reported again per weapon
    assert not [f for f in found if f[0] == "CF804"]


def test_an_enemy_deployed_without_tokens_is_reported_once_at_the_enemy(tmp_path: Path) -> None:
    folder = _pack(tmp_path, {"components.yaml": ("enemy_tokens:\n  - enemy: Cardinal's Guard\n    count: 4\n", "")})
    assert _found(folder) == [("CF810", "enemies.yaml",
                               "Enemy 'Cardinal's Guard' has no tokens in the box (the components' `enemy_tokens`)")]


def test_tokens_of_a_misspelt_enemy_point_at_each_other(tmp_path: Path) -> None:
    folder = _pack(tmp_path, {"components.yaml": ("  - enemy: Cardinal's Guard\n    count: 4\n",
                                                  "  - enemy: Cardinals Guard\n    count: 4\n")})
    result = compile_paths([str(folder)])
    hints = {d.code: d.hint for d in result.diagnostics}
    assert hints["CF809"] == "did you mean 'Cardinal's Guard'?"
    assert hints["CF810"] == "the components list tokens of 'Cardinals Guard': is it this Enemy? Fix the name there"


def test_a_named_enemy_the_layout_sets_up_without_a_document_is_cf802_not_cf715(tmp_path: Path) -> None:
    folder = _pack(tmp_path, {"components.yaml": ("  - name: Cardinal Richelieu", "  - name: Milady"),
                              "story.yaml": ("Defeat Cardinal Richelieu", "Defeat Milady")})
    assert [code for code, _, _ in _found(folder)] == ["CF802"]


def test_a_kept_loot_card_and_an_equipment_card_provide_items_but_a_loot_card_not_kept_does_not(
        tmp_path: Path) -> None:
    folder = _pack(tmp_path, {"story.yaml": ('has("Rapier")', 'has("Nothing")')})
    assert [(code, msg.split(":")[0]) for code, _, msg in _found(folder)] == [
        ("CF308", "'Nothing' is provided by no Character board, gain, purchase offer or deck card")]


def test_status_tokens_of_nested_effects_are_checked(tmp_path: Path) -> None:
    folder = _pack(tmp_path, {"enemies.yaml": ("token: Doom, who: you, if_held", "token: Dom, who: you, if_held")})
    assert _found(folder) == [("CF305", "enemies.yaml", "'Dom' is not a status token of pack 'golden'")]


def test_a_deck_named_in_a_story_is_located_at_its_card_like_every_story_diagnostic(tmp_path: Path) -> None:
    # A purchase's deck misspelt: the diagnostic names the printed card number (`at card 1: steps[0]...`, and
    # `card` in --format json), as CF304 or CF312 in a story do, not only the data path.
    folder = _pack(tmp_path, {"story.yaml": ("deck: Equipment", "deck: Equipmnt")})
    diags = [d for d in compile_paths([str(folder)]).diagnostics if d.code == "CF803"]
    assert [(Path(d.file).name, d.card, d.field_path()) for d in diags] == [
        ("story.yaml", 1, "card 1: steps[0].purchase.deck")]
    assert diags[0].to_dict()["card"] == 1 and diags[0].to_dict()["path"] == "cards[0].steps[0].purchase.deck"
    # a manifest's deck name is no story's: no card
    folder = _pack(tmp_path / "b", {"pack.yaml": ("equipment: Equipment", "equipment: Equipmnt")})
    diags = [d for d in compile_paths([str(folder)]).diagnostics if d.code == "CF803"]
    assert [(Path(d.file).name, d.card, d.field_path()) for d in diags] == [("pack.yaml", None, "decks.equipment")]


def test_a_fault_in_an_enemy_or_deck_document_names_the_document_and_card(tmp_path: Path) -> None:
    # A file holds several Enemy or deck documents: `at cards[0]...` alone does not say which deck. The text names
    # the document and its card (`--format json` keeps the data path); a story or manifest path is unchanged.
    folder = _pack(tmp_path, {"enemies.yaml": ("activate: {enemy: Cardinal's Guard", "activate: {enemy: Cardinals Guard")})
    (diag,) = [d for d in compile_paths([str(folder)]).diagnostics if d.code == "CF801"]
    assert diag.field_path() == "Threat deck 'Cardinal Richelieu', card 'Guards!': threat[0].activate.enemy"
    assert diag.to_dict()["path"] == "cards[0].threat[0].activate.enemy" and diag.to_dict()["card"] is None
    folder = _pack(tmp_path / "b", {"enemies.yaml": ("threat_deck: Cardinal Richelieu", "threat_deck: Cardinal")})
    (diag,) = [d for d in compile_paths([str(folder)]).diagnostics if d.code == "CF808"]
    assert diag.field_path() == "Named Enemy 'Cardinal Richelieu': threat_deck"
