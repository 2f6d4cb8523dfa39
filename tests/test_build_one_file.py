"""Every ``cardforge build`` of the shipped content loads and plays: each file alone,
each pack folder and ``content/`` whole (docs/diagnostics.md, Single files: the build
of single files writes the stories of the files named, with the pack's whole board).

A story file of a pack with a campaign holds only part of it: its bundle has no
campaign (``load_bundle`` refuses a campaign that names stories the bundle does not
hold), and a note on stderr says so (docs/bundle.md, Campaign)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardforge_compiler.cli import cli
from cardforge_runtime import load_bundle
from cardforge_runtime.campaign import Campaign
from cardforge_runtime.session import Session
from _helpers import SHIPPED

FILES = sorted(p.relative_to(SHIPPED).as_posix() for p in SHIPPED.rglob("*.yaml"))
STORY_FILES = {
    "descent-props/story.yaml": ("descent-props", ["sunken-shrine"]),
    "enemy-attack/story.yaml": ("enemy-attack", ["hive-gate"]),
    "gascony/act1.yaml": ("gascony", ["act-1"]),
    "gascony/act2.yaml": ("gascony", ["act-2"]),
    "gascony/act3.yaml": ("gascony", ["act-3"]),
    "gascony/act4.yaml": ("gascony", ["act-4"]),
}
ACTS = ["act-1", "act-2", "act-3", "act-4"]
#: The first card of each story: the card the first answer (to the introduction) draws.
STARTS = {"sunken-shrine": 1, "hive-gate": 1, "act-1": 11, "act-2": 21, "act-3": 31, "act-4": 41}


def _build(target: Path, out: Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["build", str(target), "-o", str(out)])
    return result.exit_code, result.stdout, result.stderr


def _plays(data: dict) -> list[tuple[str, str, int]]:
    """Load the bundle and answer the first request of every story: ``(pack, story,
    card drawn)`` each."""
    bundle = load_bundle(data)
    assert bundle.hash_matches
    played = []
    for pack in data["packs"]:
        for story in pack["stories"]:
            session = Session.start(bundle, story["id"], pack=pack["id"], seed=1)
            assert session.pending["kind"] == "text"
            session.answer({})
            played.append((pack["id"], story["id"], session.state["card"]))
    return played


def test_the_shipped_files_are_those_expected() -> None:
    """The table below names every story file (a new one must be added to it)."""
    stories = sorted(name for name in FILES if "kind: story" in (SHIPPED / name).read_text())
    assert stories == sorted(STORY_FILES)


@pytest.mark.parametrize("name", FILES)
def test_each_shipped_file_alone_builds_a_bundle_that_loads_and_plays(name: str, tmp_path: Path) -> None:
    out = tmp_path / "one.bundle.json"
    code, stdout, stderr = _build(SHIPPED / name, out)
    if name not in STORY_FILES:
        assert (code, out.exists()) == (2, False), stdout
        assert stderr == "Error: nothing to build: no pack with stories found\n"
        return
    assert code == 0, stdout + stderr
    pack_id, stories = STORY_FILES[name]
    data = json.loads(out.read_bytes())
    assert [(p["id"], [s["id"] for s in p["stories"]]) for p in data["packs"]] == [(pack_id, stories)]
    assert _plays(data) == [(pack_id, story, STARTS[story]) for story in stories]
    assert data["packs"][0]["campaign"] is None
    if pack_id == "gascony":
        missing = ", ".join(f"'{s}'" for s in ACTS if s not in stories)
        assert stderr == (f"note: the campaign of pack 'gascony' is left out of the bundle: it plays {missing}, "
                          f"not in the files named; build the pack folder ({SHIPPED / 'gascony'}) to include it\n")
    else:
        assert stderr == ""


@pytest.mark.parametrize("folder", ["descent-props", "enemy-attack", "gascony", "."])
def test_each_shipped_pack_and_the_whole_content_build_bundles_that_load_and_play(folder: str, tmp_path: Path) -> None:
    out = tmp_path / "whole.bundle.json"
    code, stdout, stderr = _build(SHIPPED / folder, out)
    assert (code, stderr) == (0, ""), stdout
    data = json.loads(out.read_bytes())
    expected = [(pack, story, STARTS[story]) for _, (pack, stories) in sorted(STORY_FILES.items())
                for story in stories if folder in (".", pack)]
    assert _plays(data) == expected
    campaigns = {p["id"]: (p["campaign"] or {}).get("stories") for p in data["packs"]}
    assert campaigns.get("gascony", ACTS) == ACTS
    if "gascony" in campaigns:
        campaign = Campaign.start(load_bundle(data), "gascony", players=2, seed=1)
        assert campaign.pending["kind"] == "text"


def test_act_files_named_together_keep_the_campaign_only_when_all_its_stories_are_there(tmp_path: Path) -> None:
    gascony = SHIPPED / "gascony"
    out = tmp_path / "two.bundle.json"
    result = CliRunner().invoke(cli, ["build", str(gascony / "act1.yaml"), str(gascony / "act3.yaml"), "-o", str(out)])
    assert result.exit_code == 0
    assert result.stderr == (f"note: the campaign of pack 'gascony' is left out of the bundle: it plays 'act-2', "
                             f"'act-4', not in the files named; build the pack folder ({gascony}) to include it\n")
    data = json.loads(out.read_bytes())
    assert data["packs"][0]["campaign"] is None
    assert _plays(data) == [("gascony", "act-1", 11), ("gascony", "act-3", 31)]
    acts = [str(gascony / f"act{i}.yaml") for i in (4, 2, 3, 1)]
    result = CliRunner().invoke(cli, ["build", *acts, "-o", str(out)])
    assert (result.exit_code, result.stderr) == (0, "")
    data = json.loads(out.read_bytes())
    assert data["packs"][0]["campaign"]["stories"] == ACTS
    assert Campaign.start(load_bundle(data), "gascony", players=1, seed=3).pending["kind"] == "text"


def test_the_note_docs_show_is_the_one_build_prints(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(SHIPPED.parent)
    result = CliRunner().invoke(cli, ["build", "content/gascony/act1.yaml", "-o", str(tmp_path / "a1.json")])
    assert result.exit_code == 0
    (note,) = result.stderr.splitlines()
    assert note == ("note: the campaign of pack 'gascony' is left out of the bundle: it plays 'act-2', 'act-3', "
                    "'act-4', not in the files named; build the pack folder (content/gascony) to include it")
    docs = (SHIPPED.parent / "docs" / "diagnostics.md").read_text()
    assert f"\n```\n{note}\n```\n" in docs
