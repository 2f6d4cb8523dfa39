"""The content-hash cache (docs/watch.md): ``lint`` and ``build`` report the same and
write the same bundle, byte for byte, with and without it, cold and warm; a long-lived
cache (``cardforge watch``) gives after every edit what a full lint gives; entries that
are corrupt or made by other code are never read; a cache folder that cannot be
written only costs speed."""

from __future__ import annotations

import json
import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from _helpers import ANSI, CONTENT, GOLDEN, MANIFEST, ROOT, SHIPPED, copy_golden, golden_cases

CARDFORGE = [sys.executable, "-m", "cardforge_compiler"]


def _cli(*args: str, cache: Path | None = None, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    """Run cardforge with the cache folder ``cache`` (``None``: the default, in ``cwd``)."""
    env = dict(os.environ)
    env.pop("CARDFORGE_CACHE_DIR", None)
    if cache is not None:
        env["CARDFORGE_CACHE_DIR"] = str(cache)
    return subprocess.run([*CARDFORGE, *args], capture_output=True, text=True, cwd=cwd, env=env, timeout=600)


def _entries(cache: Path) -> list[Path]:
    return sorted(cache.glob("files-*/*.pickle"))


def outcome(folder: Path, cache=None, budget: int | None = None) -> tuple[str, bytes | None]:  # noqa: ANN001
    """What lint shows of ``folder`` (every diagnostic as the text report prints it,
    then the counts) and, when it has no errors, the bundle's bytes."""
    from cardforge_compiler import __version__
    from cardforge_compiler.emit import build_bundle, bundle_bytes
    from cardforge_compiler.pipeline import compile_paths
    from cardforge_compiler.report import summary, text_lines

    result = compile_paths([str(folder)], cache=cache, explore_budget=budget)
    lines = [ANSI.sub("", text_lines(d)) for d in result.diagnostics]
    lines.append(json.dumps(summary(result), sort_keys=True))
    bundle = None
    if not result.errors and any(p.stories for p in result.packs):
        bundle = bundle_bytes(build_bundle(result.packs, __version__))
    return "\n".join(lines), bundle


# ------------------------------------------------------------------ the CLI, cold and warm


def test_lint_reports_the_same_with_and_without_the_cache(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    plain = _cli("lint", "content/", "--format", "json", "--no-cache", cache=cache)
    assert not cache.exists()                       # --no-cache neither reads nor writes
    cold = _cli("lint", "content/", "--format", "json", cache=cache)
    # one entry per content (files with the same bytes share one)
    assert len(_entries(cache)) == len({p.read_bytes() for p in SHIPPED.rglob("*.yaml")})
    warm = _cli("lint", "content/", "--format", "json", cache=cache)
    assert plain.returncode == cold.returncode == warm.returncode == 0, plain.stdout + plain.stderr
    assert plain.stdout == cold.stdout == warm.stdout
    assert json.loads(warm.stdout)["summary"]["files"] == len(list(SHIPPED.rglob("*.yaml")))


def test_the_cache_folder_is_tagged_and_ignored_by_git(tmp_path: Path) -> None:
    assert _cli("lint", str(CONTENT), "--no-explore", cwd=tmp_path).returncode == 0
    folder = tmp_path / ".cardforge-cache"          # in the current folder, like .ruff_cache
    assert (folder / "CACHEDIR.TAG").read_bytes().startswith(b"Signature: 8a477f597d28d172789f06886806bc55\n")
    assert (folder / ".gitignore").read_text() == "# created by cardforge\n*\n"
    assert [p.name for p in folder.iterdir() if p.is_dir()] == [next(folder.glob("files-*")).name]


def test_a_cache_dir_naming_a_user_folder_touches_nothing_of_the_user_s(tmp_path: Path) -> None:
    """The breaker's case: ``CARDFORGE_CACHE_DIR=.`` in a project (a git repository
    with folders named ``files-*``). cardforge keeps its cache in a folder of its own,
    ``./.cardforge-cache/``: the user's folders survive, no ``CACHEDIR.TAG`` or
    ``.gitignore`` lands in the project, and git still sees the project."""
    project = tmp_path / "proj"
    copy_golden("unknown-stat", project / "sup")
    for name in ("files-keep", "files-0123456789abcdef"):     # the second looks like a fingerprint
        (project / name).mkdir()
        (project / name / "notes.txt").write_text("mine\n")
    subprocess.run(["git", "init", "-q", str(project)], check=True)
    for run in range(2):                                # the first run makes the folder, the second reuses it
        done = _cli("lint", "sup", "--no-explore", cache=Path("."), cwd=project)
        assert done.returncode == 1 and "CF304" in done.stdout, (run, done.stdout + done.stderr)
    for name in ("files-keep", "files-0123456789abcdef"):
        assert (project / name / "notes.txt").read_text() == "mine\n"
    assert sorted(p.name for p in project.iterdir()) == [
        ".cardforge-cache", ".git", "files-0123456789abcdef", "files-keep", "sup"]
    ours = project / ".cardforge-cache"
    assert (ours / "CACHEDIR.TAG").read_bytes().startswith(b"Signature: 8a477f597d28d172789f06886806bc55\n")
    assert (ours / ".gitignore").read_text() == "# created by cardforge\n*\n"
    assert len(_entries(ours)) == 2                     # the cache works: pack.yaml and story.yaml
    seen = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=project,
                          capture_output=True, text=True, check=True).stdout
    assert sorted(seen.splitlines()) == ["?? files-0123456789abcdef/notes.txt", "?? files-keep/notes.txt",
                                         "?? sup/expected.txt", "?? sup/pack.yaml", "?? sup/story.yaml"]


def test_the_cache_writes_and_removes_only_in_a_folder_it_owns(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    from cardforge_compiler import cache as cache_module
    from cardforge_compiler.cache import CACHEDIR_TAG, ContentCache, FileEntry

    def put(root: Path) -> ContentCache:
        cache = ContentCache(root)
        cache.put(FileEntry(content="a" * 64, display="story.yaml"))
        return cache

    monkeypatch.setattr(cache_module, "_FINGERPRINT", "0123456789abcdef")
    # a folder of the user's (anything in it but cardforge's own files): the cache goes inside it
    user = tmp_path / "user"
    user.mkdir()
    (user / "CACHEDIR.TAG").write_bytes(CACHEDIR_TAG)       # even with cardforge's tag
    (user / "story.yaml").write_text("kind: story\n")
    assert put(user).folder == user / ".cardforge-cache" / "files-0123456789abcdef"
    assert sorted(p.name for p in user.iterdir()) == [".cardforge-cache", "CACHEDIR.TAG", "story.yaml"]
    # ... and when .cardforge-cache there is the user's too, no cache on disk at all
    both = tmp_path / "both"
    (both / ".cardforge-cache").mkdir(parents=True)
    (both / ".cardforge-cache" / "mine.txt").write_text("mine\n")
    blocked = put(both)
    assert blocked.folder is None and blocked.memory              # in memory only
    assert [str(p.relative_to(both)) for p in sorted(both.rglob("*"))] == [".cardforge-cache",
                                                                     ".cardforge-cache/mine.txt"]
    # cardforge's own folder: an old code's entries go, a fingerprint-named folder holding anything else stays
    ours = tmp_path / "ours"
    put(ours)
    old = ours / "files-00000000000000aa"
    old.mkdir()
    (old / ("b" * 64 + ".pickle")).write_bytes(b"old entry")
    kept = ours / "files-00000000000000bb"
    kept.mkdir()
    (kept / "notes.txt").write_text("mine\n")
    monkeypatch.setattr(cache_module, "_FINGERPRINT", "fedcba9876543210")   # another code: a new folder
    assert put(ours).folder == ours / "files-fedcba9876543210"
    assert sorted(p.name for p in ours.iterdir()) == [".gitignore", "CACHEDIR.TAG", "files-00000000000000bb",
                                                     "files-fedcba9876543210"]
    assert (kept / "notes.txt").read_text() == "mine\n"


def test_build_writes_the_same_bundle_with_and_without_the_cache(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    bundles = []
    for n, extra in enumerate((["--no-cache"], [], [])):      # without, cold, warm
        out = tmp_path / f"{n}.bundle.json"
        run = _cli("build", str(CONTENT), "-o", str(out), *extra, cache=cache)
        assert run.returncode == 0, run.stdout + run.stderr
        bundles.append(out.read_bytes())
    assert bundles[0] == bundles[1] == bundles[2]
    assert len(_entries(cache)) == len({p.read_bytes() for p in CONTENT.rglob("*.yaml")})


def test_the_bench_pack_builds_the_same_bundle_with_and_without_the_cache(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    made = subprocess.run([sys.executable, "bench/generate.py", "--cards", "600", "--layout", "split",
                           "--out", str(pack)], capture_output=True, text=True, cwd=ROOT)
    assert made.returncode == 0, made.stderr
    cache = tmp_path / "cache"
    bundles = []
    for n, extra in enumerate((["--no-cache"], [], [])):
        out = tmp_path / f"{n}.bundle.json"
        run = _cli("build", str(pack), "-o", str(out), *extra, cache=cache)
        assert run.returncode == 0 and "600 cards" in run.stdout, run.stdout + run.stderr
        bundles.append(out.read_bytes())
    assert bundles[0] == bundles[1] == bundles[2]
    assert len(_entries(cache)) == 8            # pack.yaml, board.yaml and 6 stories of 100 cards


# ------------------------------------------------------------------ entries that must not be read


@pytest.mark.parametrize("damage", ["truncated", "garbage", "no-magic", "other-object", "other-content", "empty"])
def test_a_damaged_entry_is_ignored_and_written_again(tmp_path: Path, damage: str) -> None:
    from cardforge_compiler.cache import MAGIC, FileEntry

    pack = copy_golden("unknown-stat", tmp_path / "pack")
    cache = tmp_path / "cache"
    first = _cli("lint", str(pack), "--no-explore", cache=cache)
    assert first.returncode == 1 and "CF304" in first.stdout
    for entry in _entries(cache):
        data = entry.read_bytes()
        entry.write_bytes({
            "truncated": data[: len(data) // 2],
            "garbage": MAGIC + os.urandom(200),
            "no-magic": data[len(MAGIC):],
            "other-object": MAGIC + pickle.dumps({"documents": []}),
            "other-content": MAGIC + pickle.dumps(FileEntry(content="0" * 64, display="x.yaml", documents=[])),
            "empty": b"",
        }[damage])
    again = _cli("lint", str(pack), "--no-explore", cache=cache)
    assert (again.returncode, again.stdout, again.stderr) == (first.returncode, first.stdout, first.stderr)
    for entry in _entries(cache):                   # written again, whole
        assert entry.read_bytes().startswith(MAGIC)
        assert pickle.loads(entry.read_bytes()[len(MAGIC):]).content == entry.stem


def test_entries_of_other_code_are_never_read_and_their_folder_goes(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    from cardforge_compiler import cache as cache_module
    from cardforge_compiler.cache import ContentCache

    pack = copy_golden("unknown-stat", tmp_path / "pack")
    root = tmp_path / "cache"
    monkeypatch.setattr(cache_module, "_FINGERPRINT", "0123456789abcdef")
    other = ContentCache(root)
    stale = outcome(pack, other)
    # the "other code" kept wrong entries: every file with no documents and no diagnostics
    for path in _entries(root):
        entry = pickle.loads(path.read_bytes()[len(cache_module.MAGIC):])
        entry.documents, entry.diagnostics, entry.failed = [], [], True
        path.write_bytes(cache_module.MAGIC + pickle.dumps(entry))
    monkeypatch.setattr(cache_module, "_FINGERPRINT", None)
    fresh = ContentCache(root)
    assert outcome(pack, fresh) == outcome(pack, None) == stale
    assert fresh.misses == 2 and fresh.hits == 0
    assert [p.name for p in root.glob("files-*")] == [f"files-{cache_module.code_fingerprint()}"]


def test_the_fingerprint_follows_the_code(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    from cardforge_compiler import cache as cache_module

    monkeypatch.setattr(cache_module, "_FINGERPRINT", None)
    before = cache_module.code_fingerprint()
    monkeypatch.setattr(cache_module, "_FINGERPRINT", None)
    monkeypatch.setattr("cardforge_compiler.__version__", "9.9.9")
    assert cache_module.code_fingerprint() != before
    assert len(before) == 16 and int(before, 16) >= 0


def test_a_cache_folder_that_cannot_be_written_costs_only_speed(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder would be")
    pack = copy_golden("unknown-stat", tmp_path / "pack")
    plain = _cli("lint", str(pack), "--no-explore", "--no-cache")
    blocked = _cli("lint", str(pack), "--no-explore", cache=blocker)
    assert (blocked.returncode, blocked.stdout, blocked.stderr) == (plain.returncode, plain.stdout, plain.stderr)
    assert blocker.read_text() == "a file where the cache folder would be"


# ------------------------------------------------------------------ a long-lived cache (watch)


def test_every_golden_case_in_turn_lints_as_a_full_lint(tmp_path: Path) -> None:
    """One folder takes each golden case in turn (a long edit session); each is linted
    twice with the one cache kept throughout, and must give what a lint without cache
    gives: diagnostics, positions, counts and bundle."""
    from cardforge_compiler.cache import ContentCache

    cache = ContentCache(None)
    folder = tmp_path / "pack"
    compared = 0
    for case in golden_cases():
        shutil.rmtree(folder, ignore_errors=True)
        copy_golden(case, folder)
        expected = outcome(folder)
        assert outcome(folder, cache) == expected, case.name
        assert outcome(folder, cache) == expected, case.name
        compared += 1
    assert compared == len(golden_cases()) >= 190


@pytest.mark.parametrize("case", ["unknown-stat", "yaml-syntax-unclosed-quote", "missing-field"])
def test_what_a_run_does_to_its_diagnostics_never_reaches_the_next(tmp_path: Path, case: str) -> None:
    """Later stages position diagnostics in place (``locate`` adds a line to a message
    with ``see``): the cache hands out copies, never what it keeps (load, validate and
    story-check diagnostics alike)."""
    from cardforge_compiler.cache import ContentCache
    from cardforge_compiler.pipeline import compile_paths

    pack = copy_golden(case, tmp_path / "pack")
    cache = ContentCache(tmp_path / "cache")
    first = compile_paths([str(pack)], cache=cache)
    expected = [(d.code, d.message, d.line) for d in first.diagnostics]
    assert expected
    for result in range(3):
        for diag in first.diagnostics:
            diag.message += " (changed by a later stage)"
            diag.line = 999
        first = compile_paths([str(pack)], cache=cache)
        assert [(d.code, d.message, d.line) for d in first.diagnostics] == expected, result
    assert cache.hits == 6


A_STORY = """\
kind: story
id: act-1
title: The Road
start: 1
cards:
  - id: 1
    title: The Inn
    steps:
      - choice:
          - text: Ride on
            goto: 2
          - text: To the Louvre
            goto: 21
  - id: 2
    title: The Smithy
    steps:
      - challenge:
          stat: Movement
          successes: 1
          pass: [{goto: 3}]
          fail: [{goto: 3}]
  - id: 3
    title: The Gate
    steps:
      - choice:
          - text: Show the sword
            if: has("Sword")
            goto: 4
          - text: Walk in
            goto: 4
  - id: 4
    title: Paris
    steps:
      - victory: You reach Paris.
"""
B_STORY = """\
kind: story
id: act-2
title: Paris
start: 11
cards:
  - id: 11
    title: The Square
    steps:
      - victory: The Queen thanks you.
"""
B_WITH_21 = B_STORY.replace("      - victory: The Queen thanks you.", "      - goto: 21") + """\
  - id: 21
    title: The Louvre
    steps:
      - victory: The Queen thanks you.
"""
B_WITH_SWORD = B_WITH_21.replace("      - goto: 21", "      - gain: {items: [Sword]}\n      - goto: 21")


def test_edits_elsewhere_in_the_pack_change_an_unchanged_story_s_diagnostics(tmp_path: Path) -> None:
    """act-1 (a.yaml) never changes; what its checks read from the rest of the pack does:
    the card it goes to appears in act-2 (CF301 -> CF306), act-2 gains the Sword it asks
    for (CF308 goes), the manifest loses its stat (CF304), act-2's file is renamed, then
    deleted. After each edit the long-lived cache gives what a full lint gives."""
    from cardforge_compiler.cache import ContentCache

    folder = tmp_path / "pack"
    folder.mkdir()
    (folder / "pack.yaml").write_text(MANIFEST)
    (folder / "a.yaml").write_text(A_STORY)
    (folder / "b.yaml").write_text(B_STORY)
    cache = ContentCache(None)
    steps = [
        ("start", lambda: None, ["CF301", "CF308"]),
        ("act-2 gets card 21", lambda: (folder / "b.yaml").write_text(B_WITH_21), ["CF306", "CF308"]),
        ("act-2 gains the Sword", lambda: (folder / "b.yaml").write_text(B_WITH_SWORD), ["CF306"]),
        ("the manifest loses Movement",
         lambda: (folder / "pack.yaml").write_text(MANIFEST.replace("[Prowess, Movement]", "[Prowess, Moves]")
                                                   .replace("Movement:", "Moves:")), ["CF304", "CF306"]),
        ("act-2's file renamed", lambda: (folder / "b.yaml").rename(folder / "c.yaml"), ["CF304", "CF306"]),
        ("act-2 deleted", lambda: (folder / "c.yaml").unlink(), ["CF301", "CF304", "CF308"]),
        ("back to the start", lambda: ((folder / "pack.yaml").write_text(MANIFEST),
                                       (folder / "b.yaml").write_text(B_STORY)), ["CF301", "CF308"]),
    ]
    for name, edit, codes in steps:
        edit()
        expected = outcome(folder)
        found = outcome(folder, cache)
        assert found == expected, name
        assert sorted({line.split()[1] for line in found[0].splitlines() if ": CF" in line}) == codes, name
    assert outcome(folder, cache) == outcome(folder)


def test_the_shipped_content_with_an_edit_and_its_undo_lints_as_a_full_lint(tmp_path: Path) -> None:
    from cardforge_compiler.cache import ContentCache

    folder = tmp_path / "content"
    shutil.copytree(SHIPPED, folder)
    act1 = folder / "gascony" / "act1.yaml"
    original = act1.read_text()
    cache = ContentCache(None)
    first = outcome(folder, cache, budget=1_500)
    assert first == outcome(folder, budget=1_500) and first[1] is not None
    act1.write_text(original.replace("stat: Movement", "stat: Movment", 1))
    broken = outcome(folder, cache, budget=1_500)
    assert broken == outcome(folder, budget=1_500)
    assert "CF304 error: 'Movment' is not a stat of pack 'gascony'" in broken[0] and broken[1] is None
    act1.write_text(original)
    assert outcome(folder, cache, budget=1_500) == first
    assert cache.hits > 0


def test_battles_edited_against_the_same_board_lint_as_a_full_lint(tmp_path: Path) -> None:
    """The ``ok-board`` pack with the stories of golden cases written against its board
    (objectives the layout cannot meet, CF715; misspelled, CF719), in turn; then its
    layout edited. The analysed layouts are reused while the board documents are the
    same, and every run gives what a full lint gives."""
    from cardforge_compiler.cache import ContentCache
    from cardforge_compiler.pipeline import compile_paths

    folder = copy_golden("ok-board", tmp_path / "pack")
    layout = (folder / "layout.yaml").read_text()
    cache = ContentCache(None)
    steps = [("objective-impossible", ["CF715"]), ("objective-misspelled", ["CF719"]), ("ok-board", []),
             ("layout without its Exit", ["CF715"])]
    layouts = [compile_paths([str(folder)], cache=cache).packs[0].board_layouts]
    for case, codes in steps:
        if case.startswith("layout"):
            exits = "exits:\n  - squares: [[10, 3], [10, 4]]\n    edge: east\n"
            assert exits in layout
            (folder / "layout.yaml").write_text(layout.replace(exits, ""))
        else:
            shutil.copyfile(GOLDEN / case / "story.yaml", folder / "story.yaml")
        expected = outcome(folder)
        found = outcome(folder, cache)
        assert found == expected, case
        assert sorted({line.split()[1] for line in found[0].splitlines() if ": CF" in line}) == codes, case
        layouts.append(compile_paths([str(folder)], cache=cache).packs[0].board_layouts)
    assert [a is b for a, b in zip(layouts, layouts[1:])] == [True, True, True, False]


@pytest.mark.parametrize("case", ["stuck-in-play", "never-won-in-play"])
def test_the_explorer_s_findings_are_reused_after_an_edit_of_comments_only(tmp_path: Path, case: str) -> None:
    """A save that changes only comments leaves every document equal: ``watch`` shows the
    explorer's findings of the last run (positioned anew: a line added above moves
    them), and a real edit explores again. Each run gives what a full lint gives."""
    from cardforge_compiler.cache import ContentCache
    from cardforge_compiler.pipeline import compile_paths

    pack = copy_golden(case, tmp_path / "pack")
    story = next(p for p in sorted(pack.glob("*.yaml")) if p.name != "pack.yaml")
    cache = ContentCache(None)
    first = compile_paths([str(pack)], cache=cache, explore_budget=1_500)
    assert first.explorations and any(d.code.startswith("CF9") for d in first.diagnostics)
    story.write_text("# a comment added above everything\n" + story.read_text())
    assert outcome(pack, cache, budget=1_500) == outcome(pack, budget=1_500)
    again = compile_paths([str(pack)], cache=cache, explore_budget=1_500)
    assert again.explorations[0] is first.explorations[0]                 # not explored again
    lines = {d.code: d.line for d in first.diagnostics if d.code.startswith("CF9")}
    assert {d.code: d.line for d in again.diagnostics if d.code.startswith("CF9")} == {
        code: line + 1 for code, line in lines.items()}
    story.write_text(story.read_text().replace("    title: ", "    title: Edited ", 1))    # a real edit
    edited = compile_paths([str(pack)], cache=cache, explore_budget=1_500)
    assert edited.explorations[0] is not first.explorations[0]
    assert outcome(pack, cache, budget=1_500) == outcome(pack, budget=1_500)


def _explored(result) -> list[tuple]:  # noqa: ANN001
    """What the explore stage made, beyond the diagnostics: each exploration's ids,
    states, budget, summary, findings and graph, and the files proven."""
    return [(e.pack, e.story, e.states, e.budget, e.complete, e.summary(), repr(e.findings),
             sorted(map(repr, e.graph.open)), len(e.graph.edges), len(e.graph.terminal))
            for e in result.explorations] + [sorted(result.proven_stories)]


LAPS = """kind: story
id: story-00005
title: "Story 5: Laps"
start: 500001
counters:
  laps: 0
cards:
  - id: 500001
    title: The Lap
    text: Round the courtyard again.
    steps:
      - add: {laps: 1}
      - choice:
          - text: Again.
            if: laps < LAPS
            goto: 500001
          - text: Stop.
            goto: 500002
  - id: 500002
    title: The Gate
    text: Out through the gate.
    steps:
      - victory: "Home at last."
"""


def test_the_bench_pack_explored_story_by_story_lints_as_a_full_lint(tmp_path: Path) -> None:
    """``watch`` with the explorer on the bench pack (6 stories of 100 cards, a file
    each, a budget of 200 states: every story cut short): after an edit of one story
    only that story is explored again, the others' explorations reused (the same
    objects); an edit of the pack manifest explores every story again; a story made
    small enough to finish within its share leaves more to the others (so they are
    explored again, with larger budgets), then made long enough to be cut short, then
    small again. Every run gives what a full lint gives, explorations included."""
    from cardforge_compiler.cache import ContentCache
    from cardforge_compiler.pipeline import compile_paths

    pack = tmp_path / "pack"
    made = subprocess.run([sys.executable, "bench/generate.py", "--cards", "600", "--layout", "split",
                           "--out", str(pack)], capture_output=True, text=True, cwd=ROOT)
    assert made.returncode == 0, made.stderr
    stories = sorted((pack / "stories").glob("*.yaml"))
    cache = ContentCache(None)

    def edit_card_text() -> None:
        text = stories[2].read_text()
        stories[2].write_text(text.replace("    text: >-\n", "    text: >-\n      Edited.\n", 1))

    def edit_manifest() -> None:
        text = (pack / "pack.yaml").read_text()
        assert "    health: 8\n" in text
        (pack / "pack.yaml").write_text(text.replace("    health: 8\n", "    health: 9\n", 1))

    steps = [("first run", lambda: None, []),
             ("one card's text", edit_card_text, ["story-00002"]),
             ("the manifest", edit_manifest, [f"story-0000{n}" for n in range(6)]),
             ("story 5 finishes", lambda: stories[5].write_text(LAPS.replace("LAPS", "3")),
              ["story-00000", "story-00001", "story-00005"]),       # those whose budgets changed
             ("story 5 cut short", lambda: stories[5].write_text(LAPS.replace("LAPS", "15")),
              ["story-00000", "story-00005"]),
             ("story 5 finishes again", lambda: stories[5].write_text(LAPS.replace("LAPS", "3")),
              ["story-00000", "story-00005"])]
    before = None
    cut = []
    for name, edit, explored in steps:
        edit()
        full = compile_paths([str(pack)], explore_budget=200)
        watched = compile_paths([str(pack)], cache=cache, explore_budget=200)
        assert _explored(watched) == _explored(full), name
        assert outcome(pack, cache, budget=200) == outcome(pack, budget=200), name
        if before is not None:
            again = [e.story for e, b in zip(watched.explorations, before.explorations, strict=True) if e is not b]
            assert again == explored, (name, again)
        before = compile_paths([str(pack)], cache=cache, explore_budget=200)
        cut.append([e.story for e in watched.explorations if not e.complete])
    assert cut[3] == cut[5] == [f"story-0000{n}" for n in range(5)]            # story 5 finished
    assert cut[4] == [f"story-0000{n}" for n in range(6)]


def test_what_the_memo_knows_of_a_search_is_what_the_search_does(tmp_path: Path) -> None:
    """What the explore memo relies on (explore/memo.py): a search run on with a raised
    budget ends as a search run once with the last budget; it explores ``min(budget,
    N)`` states and is open exactly when ``budget < N``; and a ``Record`` that learnt
    of some runs answers only what they prove (else ``None``), at every budget."""
    from cardforge_compiler import __version__
    from cardforge_compiler.emit import build_bundle
    from cardforge_compiler.explore import exploration_of, run_search, start_search
    from cardforge_compiler.explore.memo import Record
    from cardforge_compiler.pipeline import compile_paths
    from cardforge_runtime import load_bundle

    pack = tmp_path / "pack"
    made = subprocess.run([sys.executable, "bench/generate.py", "--cards", "100", "--layout", "split",
                           "--out", str(pack)], capture_output=True, text=True, cwd=ROOT)
    assert made.returncode == 0, made.stderr
    story = next((pack / "stories").glob("*.yaml"))
    story.write_text(LAPS.replace("LAPS", "3").replace("story-00005", "story-00000"))
    result = compile_paths([str(pack)])
    assert not result.errors
    bundle = load_bundle(build_bundle(result.packs, __version__))

    def search(*budgets: int):  # noqa: ANN202
        found = start_search(bundle, "bench", "story-00000", budget=budgets[0])
        for budget in budgets:
            found.budget = budget
            run_search(found, keep=True)
        found.release()
        return found

    def seen(found) -> tuple:  # noqa: ANN001
        e = exploration_of(found, "bench", "story-00000")
        return (e.states, e.budget, e.complete, e.summary(), repr(e.findings), sorted(map(repr, e.graph.open)),
                sorted(map(repr, e.graph.edges.items())))

    size = search(1_000).expanded
    assert size == 25
    for budgets in [(3, 10), (0, 24), (10, 25), (24, 30), (7, 8, 9, 40)]:
        assert seen(search(*budgets)) == seen(search(budgets[-1])), budgets
    truth = {budget: (min(budget, size), budget < size) for budget in range(40)}
    assert all((lambda s: (s.expanded, bool(s.graph.open)))(search(b)) == truth[b] for b in range(40))
    for learnt in [(20,), (24,), (20, 30), (30,)]:
        record = Record()
        for budget in learnt:
            record.learn(budget, *truth[budget])
        answers = {budget: record.known(budget) for budget in range(40)}
        assert all(answer in (None, truth[budget]) for budget, answer in answers.items()), learnt
        known = [budget for budget, answer in answers.items() if answer is not None]
        assert known == {(20,): list(range(21)), (24,): list(range(25)), (20, 30): [*range(21), *range(25, 40)],
                         (30,): list(range(25, 40))}[learnt], learnt
