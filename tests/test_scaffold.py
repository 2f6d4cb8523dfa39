"""`cardforge new pack|story|layout|deck`: scaffolds that lint clean (no warnings),
build, and play to Victory; modelines that name the right schema; never an overwrite."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from _helpers import ROOT
from cardforge_compiler.cli import cli

URL = "https://raw.githubusercontent.com/cardforge/cardforge/main/schemas/"
#: The answers that play `new pack`'s first story to Victory: take the road (card 2),
#: the Challenge on card 3 taken by the first Character with three 6s.
FIRST_STORY = [{}, {}, {"option": 0}, {}, {}, {}, {}, {}, {"character": 0}, {"faces": [6, 6, 6]}, {}, {}]
#: `new layout`'s story: the Battle at the table, its objective `Reach Exit` met.
LAYOUT_STORY = [{}, {"objective": 0}, {}, {}]


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def play(bundle: Path, story: str, answers: list, tmp_path: Path) -> subprocess.CompletedProcess:
    script = tmp_path / f"{story}.answers.json"
    script.write_text(json.dumps(answers), encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "cardforge_compiler", "play", str(bundle), "--story", story,
                           "--seed", "1", "--answers", str(script)], capture_output=True, text=True,
                          env={**os.environ, "NO_COLOR": "1", "COLUMNS": "80"})


def lint_clean(folder: Path) -> str:
    code, out, err = run("lint", str(folder), "--strict")
    assert code == 0, out + err
    return out


def test_new_pack_lints_clean_builds_and_plays_to_victory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = run("new", "pack", "my-pack")
    assert code == 0, err
    assert out.splitlines()[:2] == ["wrote my-pack/pack.yaml", "wrote my-pack/story.yaml"]
    assert out.splitlines()[2] == ("next: cardforge lint my-pack && cardforge build my-pack -o "
                                   "build/my-pack.bundle.json && cardforge play build/my-pack.bundle.json")
    report = lint_clean(tmp_path / "my-pack")
    assert report.startswith("no problems in 2 files (1 story, 4 cards, ")
    assert "state explorer: 6 states; 1 story proven" in report
    code, out, err = run("build", "my-pack", "-o", "my-pack.bundle.json")
    assert code == 0, out + err
    result = play(tmp_path / "my-pack.bundle.json", "first-story", FIRST_STORY, tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "── Story card 4: The End of the Road ──" in result.stdout
    assert "*** VICTORY ***" in result.stdout
    pack = (tmp_path / "my-pack" / "pack.yaml").read_text(encoding="utf-8")
    assert 'id: my-pack\ntitle: "My Pack"\n' in pack


def test_story_layout_and_every_deck_role_join_a_pack_clean_and_play(tmp_path: Path):
    pack = tmp_path / "p"
    assert run("new", "pack", "p", "--dir", str(pack))[0] == 0
    code, out, err = run("new", "story", "second", "--pack", str(pack))
    assert code == 0, err
    assert out.splitlines()[0] == f"wrote {pack.as_posix()}/second.yaml"
    code, out, err = run("new", "layout", "cellar", "--pack", str(pack))
    assert code == 0, err
    assert [line.removeprefix("wrote ") for line in out.splitlines()[:3]] == [
        f"{pack.as_posix()}/components.yaml", f"{pack.as_posix()}/layouts/cellar.yaml", f"{pack.as_posix()}/cellar.yaml"]
    for role in ("other", "loot", "reaction", "equipment", "response"):
        code, out, err = run("new", "deck", f"The {role.title()} Deck", "--pack", str(pack), "--role", role)
        assert code == 0, err
        assert out.splitlines()[0] == f"wrote {pack.as_posix()}/decks/the-{role}-deck.yaml"
    report = lint_clean(pack)
    assert report.startswith("no problems in 11 files (3 stories, 10 cards, ")
    # Every file written is already in `cardforge fmt`'s layout.
    code, out, err = run("fmt", "--check", str(pack))
    assert (code, out, err) == (0, "", "0 files would be reformatted, 11 left unchanged\n")
    assert "state explorer: 15 states; 3 stories proven" in report
    # The new story's cards are numbered from the next free hundred; the layout's story from the next.
    story = (pack / "second.yaml").read_text(encoding="utf-8")
    assert "start: 101\n" in story and "  - id: 104\n" in story
    assert "start: 201\n" in (pack / "cellar.yaml").read_text(encoding="utf-8")
    assert "stat: \"Might\"\n" in story                       # the pack's first stat, read from its manifest
    layout = (pack / "layouts" / "cellar.yaml").read_text(encoding="utf-8")
    assert "grid: [6, 6]\n" in layout and "start: [[1, 1], [1, 2]]\n" in layout
    assert "  - squares: [[6, 5], [6, 6]]\n" in layout
    assert run("build", str(pack), "-o", str(tmp_path / "p.json"))[0] == 0
    second = play(tmp_path / "p.json", "second", FIRST_STORY, tmp_path)
    assert second.returncode == 0 and "*** VICTORY ***" in second.stdout, second.stdout + second.stderr
    battle = play(tmp_path / "p.json", "cellar", LAYOUT_STORY, tmp_path)
    assert battle.returncode == 0 and "*** VICTORY ***" in battle.stdout, battle.stdout + battle.stderr
    assert "Battle: set up layout cellar and play it at the table." in battle.stdout


def test_a_layout_in_a_pack_with_a_box_lays_its_first_map_tile(tmp_path: Path):
    """A pack with components (the Enemy Attack pack, with Battle rules): the new
    layout lays its first side (Chamber A, 5 x 5) at that side's size, its Start area
    holds a square per Character of the most players (4), no components.yaml is
    written, and lint stays clean."""
    pack = tmp_path / "enemy-attack"
    shutil.copytree(ROOT / "content" / "enemy-attack", pack)
    code, out, err = run("new", "layout", "side-room", "--pack", str(pack))
    assert code == 0, err
    assert [line.removeprefix("wrote ") for line in out.splitlines()[:2]] == [
        f"{pack.as_posix()}/layouts/side-room.yaml", f"{pack.as_posix()}/side-room.yaml"]
    layout = (pack / "layouts" / "side-room.yaml").read_text(encoding="utf-8")
    assert '  - side: "Chamber A"\n' in layout and "grid: [5, 5]\n" in layout
    assert "start: [[1, 1], [1, 2], [1, 3], [1, 4]]\n" in layout and "  - squares: [[5, 4], [5, 5]]\n" in layout
    lint_clean(pack)


def test_nothing_is_overwritten_and_nothing_half_written(tmp_path: Path):
    pack = tmp_path / "p"
    pack.mkdir()
    (pack / "story.yaml").write_text("mine\n", encoding="utf-8")
    code, _, err = run("new", "pack", "p", "--dir", str(pack))
    assert code == 2
    assert f"Error: {pack}/story.yaml already exists: `cardforge new` never overwrites a file" in err
    assert sorted(p.name for p in pack.iterdir()) == ["story.yaml"]            # pack.yaml not written either
    assert (pack / "story.yaml").read_text(encoding="utf-8") == "mine\n"
    (pack / "story.yaml").unlink()
    assert run("new", "pack", "p", "--dir", str(pack))[0] == 0
    before = {p: p.read_bytes() for p in pack.rglob("*")}
    for args, message in [
        (("new", "pack", "p", "--dir", str(pack)), "pack.yaml already exists"),
        (("new", "story", "first-story", "--pack", str(pack)), "pack 'p' already has a story 'first-story'"),
        (("new", "story", "First", "--pack", str(pack)), "the story id 'First' is not an id"),
        (("new", "story", "s", "--pack", str(tmp_path)), "holds no pack.yaml"),
        (("new", "layout", "first-story", "--pack", str(pack)), "already has a story 'first-story'"),
        (("new", "deck", " Loot", "--pack", str(pack)), "is not a name"),
        (("new", "pack", "My Pack"), "the pack id 'My Pack' is not an id"),
    ]:
        code, _, err = run(*args)
        assert code == 2 and message in err, (args, err)
    assert run("new", "deck", "Loot", "--pack", str(pack))[0] == 0
    code, _, err = run("new", "deck", "Loot", "--pack", str(pack), "--role", "loot")
    assert code == 2 and "already has a deck 'Loot'" in err
    assert {p: p.read_bytes() for p in pack.rglob("*") if "decks" not in p.parts} == before


def test_modelines_point_at_the_schema_of_each_file_kind(tmp_path: Path):
    """Outside a checkout: the published URL. Below a folder holding schemas/: a
    relative path that resolves to the file's own schema, which validates it."""
    import jsonschema
    from ruamel.yaml import YAML

    outside = tmp_path / "outside"
    assert run("new", "pack", "p", "--dir", str(outside))[0] == 0
    first = (outside / "pack.yaml").read_text(encoding="utf-8").splitlines()
    assert f"# yaml-language-server: $schema={URL}pack.schema.json" in first[:5]

    project = tmp_path / "project"
    shutil.copytree(ROOT / "schemas", project / "schemas")
    pack = project / "content" / "p"
    assert run("new", "pack", "p", "--dir", str(pack))[0] == 0
    assert run("new", "layout", "hall", "--pack", str(pack))[0] == 0
    assert run("new", "deck", "Loot", "--pack", str(pack), "--role", "loot")[0] == 0
    seen = {}
    for path in sorted(pack.rglob("*.yaml")):
        line = next(t for t in path.read_text(encoding="utf-8").splitlines() if "yaml-language-server" in t)
        target = line.split("$schema=", 1)[1]
        seen[path.relative_to(pack).as_posix()] = target
        schema = json.loads((path.parent / target).read_text(encoding="utf-8"))
        document = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
        jsonschema.Draft202012Validator(schema).validate(document)
    assert seen == {
        "components.yaml": "../../schemas/components.schema.json",
        "decks/loot.yaml": "../../../schemas/deck.schema.json",
        "hall.yaml": "../../schemas/story.schema.json",
        "layouts/hall.yaml": "../../../schemas/battle-layout.schema.json",
        "pack.yaml": "../../schemas/pack.schema.json",
        "story.yaml": "../../schemas/story.schema.json",
    }
    code, _, _ = run("new", "story", "given", "--pack", str(pack), "--schemas", "https://example.org/s/")
    assert code == 0
    assert "# yaml-language-server: $schema=https://example.org/s/story.schema.json\n" in (
        pack / "given.yaml").read_text(encoding="utf-8")
    # A folder of schemas: written relative to each file.
    code, _, _ = run("new", "layout", "vault", "--pack", str(pack), "--schemas", str(tmp_path / "mine"))
    assert code == 0
    assert "# yaml-language-server: $schema=../../../../mine/battle-layout.schema.json\n" in (
        pack / "layouts" / "vault.yaml").read_text(encoding="utf-8")


def test_help_has_examples():
    code, out, _ = run("new", "--help")
    assert code == 0 and "Example:\n    cardforge new pack my-pack\n" in out
    for sub in ("pack", "story", "layout", "deck"):
        code, out, _ = run("new", sub, "--help")
        assert code == 0 and f"Example:\n    cardforge new {sub} " in out


def test_scaffolds_join_the_shipped_pack_clean(tmp_path: Path):
    """In a copy of Gascony's Legacy (Battle rules, a Porter, decks and a box of its
    own): the new story challenges its first stat (Prowess), the layout lays its
    first map tile side, the deck is a second Loot deck; lint stays clean."""
    pack = tmp_path / "gascony"
    shutil.copytree(ROOT / "content" / "gascony", pack)
    for args in (("story", "side-quest"), ("layout", "cellar"), ("deck", "Trinkets", "--role", "loot")):
        code, _, err = run("new", *args[:2], "--pack", str(pack), *args[2:])
        assert code == 0, err
    assert 'stat: "Prowess"\n' in (pack / "side-quest.yaml").read_text(encoding="utf-8")
    assert "start: 501\n" in (pack / "side-quest.yaml").read_text(encoding="utf-8")     # the highest card is 402
    report = lint_clean(pack)
    assert report.startswith("no problems in 27 files (6 stories, 60 cards, ")


def test_a_folder_name_with_spaces_or_a_line_break_stays_one_shell_word(tmp_path: Path):
    from cardforge_compiler.cli.shell import shell_path

    for name, quoted in (("my pack", "'"), ("two\nlines", "$'")):
        folder = tmp_path / name
        word = shell_path(folder)
        assert word.startswith(quoted) and "\n" not in word
        code, out, err = run("new", "pack", "p", "--dir", str(folder))
        assert code == 0, err
        assert f"next: cardforge lint {word} && cardforge build {word} -o build/p.bundle.json" in out
        assert f"# docs/format.md, \"pack\". Next: `cardforge lint {word}`, then\n" in (
            folder / "pack.yaml").read_text(encoding="utf-8")
        lint_clean(folder)                 # the comment naming the folder is still one comment line


def test_a_deck_s_file_name_keeps_its_letters_and_a_name_without_any_is_refused(tmp_path: Path):
    """`new deck Épées` wrote p-es.yaml; `剣` and `---` both deck.yaml (the second "already exists")."""
    from cardforge_compiler.report import ConfigError
    from cardforge_compiler.scaffold import deck_files

    from _helpers import copy_golden

    tmp_path = copy_golden("ok-minimal", tmp_path / "pack")
    assert [f.path.name for f in deck_files("Épées", tmp_path, "other")] == ["epees.yaml"]
    assert [f.path.name for f in deck_files("剣", tmp_path, "other")] == ["剣.yaml"]
    assert [f.path.name for f in deck_files("Pistol & Sword", tmp_path, "other")] == ["pistol-sword.yaml"]
    for name in ("---", "!!", "- -"):
        with pytest.raises(ConfigError, match="gives no file name: use letters or digits"):
            deck_files(name, tmp_path, "other")


def test_each_story_s_header_names_the_command_that_made_it(tmp_path: Path):
    from cardforge_compiler.scaffold import pack_files

    story = next(f for f in pack_files("my-pack", tmp_path / "my-pack") if f.path.name == "story.yaml")
    assert story.text.splitlines()[0] == "# The First Story: a story made by `cardforge new pack` (docs/format.md, \"story\")."
