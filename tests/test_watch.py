"""``cardforge watch`` (docs/watch.md): lint, then lint again after each batch of
changes, showing the new diagnostics; loading only the files that changed; the
screen cleared on a terminal only; Ctrl-C exits 130. The loop is tested with a
change stream handed in, and once with watchfiles on real files."""

from __future__ import annotations

import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from _helpers import ROOT, copy_golden

BROKEN = "stat: Prowes"


def _pack(tmp_path: Path) -> tuple[Path, Path, str]:
    """A clean pack (the golden case ``unknown-stat`` mended) and its story file."""
    pack = copy_golden("unknown-stat", tmp_path / "pack")
    story = pack / "story.yaml"
    broken = story.read_text()
    assert BROKEN in broken
    story.write_text(broken.replace(BROKEN, "stat: Prowess"))
    return pack, story, broken


def test_the_loop_lints_again_after_each_batch_loading_only_what_changed(tmp_path: Path) -> None:
    from cardforge_compiler.cache import ContentCache
    from cardforge_compiler.watch import watch_loop

    pack, story, broken = _pack(tmp_path)
    clean = story.read_text()
    runs = []
    seen_roots = []

    def changes(roots: list[str]) -> Iterator[list[str]]:
        seen_roots.extend(roots)
        story.write_text(broken)
        yield ["story.yaml"]
        story.write_text("# a line above moves the diagnostic: not a new one\n" + broken)
        yield ["story.yaml"]
        story.write_text(clean)
        yield ["story.yaml"]
        (pack / "notes.yaml").write_text("kind: nonsense\n")
        yield ["notes.yaml"]

    count = watch_loop([str(pack)], ContentCache(None), explore_budget=None, changes=changes, show=runs.append)
    assert count == 5 and [r.number for r in runs] == [1, 2, 3, 4, 5]
    assert seen_roots == [str(pack)]
    assert [r.changed for r in runs] == [[], ["story.yaml"], ["story.yaml"], ["story.yaml"], ["notes.yaml"]]
    assert [(r.loaded, r.cached) for r in runs] == [(2, 0), (1, 1), (1, 1), (1, 1), (1, 2)]
    codes = [[d.code for d in r.result.diagnostics] for r in runs]
    assert codes == [[], ["CF304"], ["CF304"], [], ["CF101"]]
    assert [(r.new, r.gone) for r in runs] == [(0, 0), (1, 0), (0, 0), (0, 1), (1, 0)]
    assert runs[1].result.diagnostics[0].message == "'Prowes' is not a stat of pack 'golden'"
    assert [(r.result.diagnostics[0].line, r.result.diagnostics[0].column) for r in runs[1:3]] == [(11, 17), (12, 17)]


def test_an_edit_of_a_translation_file_is_linted_and_a_moved_entry_is_not_new(tmp_path: Path) -> None:
    """A pack's translations (CF650-CF653) are watched like its content; a CF650 whose
    message quotes the .po line of an empty entry is the same one when that line moves."""
    from cardforge_compiler.cache import ContentCache
    from cardforge_compiler.watch import watch_loop

    pack = copy_golden("missing-translation", tmp_path / "pack")
    po = pack / "translations" / "fr.po"
    text = po.read_text()
    runs = []

    def changes(roots: list[str]) -> Iterator[list[str]]:
        po.write_text(text.replace("\nmsgid", "\n# a note for the translator\nmsgid", 1))   # line 46 -> 47
        yield ["translations/fr.po"]
        po.write_text(text.replace('msgid "You reach Paris."\nmsgstr ""', 'msgid "You reach Paris."\n'
                                   'msgstr "Vous atteignez Paris."'))
        yield ["translations/fr.po"]

    watch_loop([str(pack)], ContentCache(None), explore_budget=None, changes=changes, show=runs.append)
    po_shown = f"{pack.as_posix()}/translations/fr.po"
    messages = [[d.message.rpartition(": ")[2] for d in r.result.diagnostics] for r in runs]
    assert messages == [[f"{po_shown} has no entry for it", f"{po_shown} leaves it empty (line 46)"],
                        [f"{po_shown} has no entry for it", f"{po_shown} leaves it empty (line 47)"],
                        [f"{po_shown} has no entry for it"]]
    assert [(r.new, r.gone) for r in runs] == [(0, 0), (0, 0), (0, 1)]


@pytest.mark.parametrize(("path", "counts"), [
    ("pack/act1.yaml", True), ("pack/act1.yml", True),
    ("/home/me/pack/translations/fr.po", True), ("pack/translations/pt-BR.xlf", True),
    ("pack/translations/de.xliff", True), ("pack/translations/de.csv", True), ("pack\\translations\\fr.po", True),
    ("pack/translations/messages.pot", False),           # a template: lint does not read it
    ("pack/exports/fr.po", False), ("pack/scores.csv", False), ("pack/.act1.yaml.swp", False), ("pack/notes.txt", False),
])
def test_the_watch_filter_takes_content_and_translation_files(path: str, counts: bool) -> None:
    from cardforge_compiler.watch import content_change

    assert content_change(None, path) is counts


def test_positions_quoted_in_a_message_do_not_make_a_diagnostic_new() -> None:
    from cardforge_compiler.diagnostics import Diagnostic
    from cardforge_compiler.watch import diagnostic_key

    def key(code: str, message: str) -> tuple:
        return diagnostic_key(Diagnostic(code, message, file="a.yaml", line=3, column=1))

    assert key("CF650", "x leaves it empty (line 46)") == key("CF650", "x leaves it empty (line 1838)")
    assert key("CF004", "duplicate key 'a' (first at line 3)") == key("CF004", "duplicate key 'a' (first at line 9)")
    assert key("CF012", "unused on lines 6-9") == key("CF012", "unused on lines 7-10")
    assert key("CF003", "bad (in x at line 4, column 2)") == key("CF003", "bad (in x at line 5, column 7)")
    assert key("CF302", "card 2 is defined (act1.yaml:11)") == key("CF302", "card 2 is defined (act1.yaml:14)")
    assert key("CF302", "card 2 is defined (act1.yaml:11)") != key("CF302", "card 3 is defined (act1.yaml:11)")
    assert key("CF650", "x leaves it empty (line 46)") != key("CF650", "y leaves it empty (line 46)")


def test_a_named_file_s_pack_folder_is_watched_too(tmp_path: Path) -> None:
    from cardforge_compiler.watch import watch_loop

    pack, story, _broken = _pack(tmp_path)
    roots = []
    watch_loop([str(story)], None, explore_budget=None, changes=lambda r: roots.extend(r) or [], show=lambda run: None)
    assert roots == sorted([str(pack), str(story)])


def _invoke(monkeypatch: pytest.MonkeyPatch, args: list[str], batches, terminal: bool = False):  # noqa: ANN001, ANN202
    """Run ``cardforge watch ARGS`` in-process, the change stream replaced by ``batches``
    (a generator function of the watched roots)."""
    from cardforge_compiler.cli import cli

    watch_cli = sys.modules["cardforge_compiler.cli.watch"]      # (the name `watch` is the command)
    cleared = []
    monkeypatch.setattr("cardforge_compiler.watch.file_changes", lambda roots, debounce: batches(roots))
    monkeypatch.setattr(watch_cli, "on_terminal", lambda: terminal)
    monkeypatch.setattr("click.clear", lambda: cleared.append(True))
    result = CliRunner().invoke(cli, ["watch", *args])
    return result, len(cleared)


def test_the_command_shows_each_run_s_diagnostics_and_a_status_line(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    pack, story, broken = _pack(tmp_path)
    monkeypatch.chdir(tmp_path)

    def batches(roots: list[str]) -> Iterator[list[str]]:
        story.write_text(broken)
        yield ["pack/story.yaml"]

    result, cleared = _invoke(monkeypatch, ["pack", "--no-explore"], batches)
    assert result.exit_code == 0, result.output
    assert cleared == 0                                   # not a terminal: nothing cleared
    assert result.stdout == (
        "no problems in 2 files (1 story, 1 card, 72 checks run)\n"
        "pack/story.yaml:11:17: CF304 error: 'Prowes' is not a stat of pack 'golden' [unknown-stat]\n"
        "  at card 1: steps[0].challenge.stat\n"
        "  help: did you mean 'Prowess'?\n"
        "  = see: https://github.com/cardforge/cardforge/blob/main/docs/diagnostics.md#cf304-unknown-stat\n"
        "1 error, 0 warnings in 2 files (1 story, 1 card, 72 checks run)\n")
    status = re.sub(r"\d+\.\d\d s CPU", "T s CPU", result.stderr)
    assert status == (
        "cardforge watch: watching pack (Ctrl-C to stop)\n"
        "cardforge watch: run 1: T s CPU, 2 files loaded, 0 from the cache; waiting for changes (Ctrl-C to stop)\n"
        "cardforge watch: run 2 after changes to pack/story.yaml (1 new, 0 gone): T s CPU, 1 file loaded, "
        "1 from the cache; "
        "waiting for changes (Ctrl-C to stop)\n")


def test_docs_watch_md_shows_what_watch_prints(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """docs/watch.md's sample session is a real one (the shipped content, a stat
    misspelt in act1.yaml), CPU times aside."""
    block = re.search(r"```\n\$ cardforge watch content/ --no-explore\n(.*?)```",
                      (ROOT / "docs" / "watch.md").read_text(), re.DOTALL)
    assert block is not None
    shutil.copytree(ROOT / "content", tmp_path / "content")
    act1 = tmp_path / "content" / "gascony" / "act1.yaml"
    monkeypatch.chdir(tmp_path)

    def batches(roots: list[str]) -> Iterator[list[str]]:
        act1.write_text(act1.read_text().replace("stat: Movement", "stat: Movment", 1))
        yield ["content/gascony/act1.yaml"]

    result, _cleared = _invoke(monkeypatch, ["content/", "--no-explore"], batches)
    assert result.exit_code == 0, result.output
    cpu = re.compile(r"\d+\.\d\d s CPU")
    assert cpu.sub("T s CPU", result.output) == cpu.sub("T s CPU", block.group(1))


def test_on_a_terminal_each_new_run_clears_the_screen_first(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    pack, story, broken = _pack(tmp_path)

    def batches(roots: list[str]) -> Iterator[list[str]]:
        for text in (broken, story.read_text()):
            story.write_text(text)
            yield [str(story)]

    result, cleared = _invoke(monkeypatch, [str(pack), "--no-explore", "--no-cache"], batches, terminal=True)
    assert result.exit_code == 0 and cleared == 2
    assert result.stdout.count("CF304") == 1
    assert "3 files loaded, 0 from the cache" not in result.stderr and result.stderr.count("2 files loaded, 0 from") == 3


def test_watch_s_explore_budget_is_lint_s() -> None:
    from cardforge_compiler.cli.build import lint
    from cardforge_compiler.cli.watch import watch
    from cardforge_compiler.explore.stage import DEFAULT_LINT_BUDGET

    budget = {c.name: [p.default for p in c.params if p.name == "explore_budget"][0] for c in (lint, watch)}
    assert budget == {"lint": DEFAULT_LINT_BUDGET, "watch": DEFAULT_LINT_BUDGET}


def test_watch_needs_a_path_and_refuses_an_empty_one(monkeypatch) -> None:  # noqa: ANN001
    from cardforge_compiler.cli import cli

    assert CliRunner().invoke(cli, ["watch"]).exit_code == 2
    empty = CliRunner().invoke(cli, ["watch", ""])
    assert empty.exit_code == 2 and "an empty PATH" in empty.output


def _lines(stream, into: queue.Queue) -> None:  # noqa: ANN001
    for line in iter(stream.readline, ""):
        into.put(line)


def _wait_for(lines: queue.Queue, pattern: str, timeout: float = 60) -> list[str]:
    got = []
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            line = lines.get(timeout=0.5)
        except queue.Empty:
            continue
        got.append(line)
        if re.search(pattern, line):
            return got
    raise AssertionError(f"no line matching {pattern!r} within {timeout} s; got {got}")


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_with_watchfiles_a_save_is_linted_and_ctrl_c_exits_130(tmp_path: Path) -> None:
    pack, story, broken = _pack(tmp_path)
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "CARDFORGE_CACHE_DIR": str(tmp_path / "cache")}
    child = subprocess.Popen([sys.executable, "-m", "cardforge_compiler", "watch", str(pack), "--no-explore",
                              "--debounce", "200"], cwd=ROOT, env=env, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out: queue.Queue = queue.Queue()
    err: queue.Queue = queue.Queue()
    for stream, into in ((child.stdout, out), (child.stderr, err)):
        threading.Thread(target=_lines, args=(stream, into), daemon=True).start()
    try:
        _wait_for(err, r"run 1: .* waiting for changes")
        assert _wait_for(out, r"no problems in 2 files")
        time.sleep(0.5)                       # the watcher is set up after the first run
        story.write_text(broken)
        status = _wait_for(err, r"run 2 after changes to ")
        assert "story.yaml" in status[-1] and "1 file loaded, 1 from the cache" in status[-1]
        shown = "".join(_wait_for(out, r"1 error, 0 warnings in 2 files"))
        assert "CF304 error: 'Prowes' is not a stat of pack 'golden'" in shown
        child.send_signal(signal.SIGINT)
        assert child.wait(timeout=30) == 130
        assert "interrupted" in "".join(_wait_for(err, r"interrupted", timeout=10))
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_with_watchfiles_a_saved_translation_file_is_linted(tmp_path: Path) -> None:
    pack = copy_golden("missing-translation", tmp_path / "pack")
    po = pack / "translations" / "fr.po"
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "CARDFORGE_CACHE_DIR": str(tmp_path / "cache")}
    child = subprocess.Popen([sys.executable, "-m", "cardforge_compiler", "watch", str(pack), "--no-explore",
                              "--debounce", "200"], cwd=ROOT, env=env, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    err: queue.Queue = queue.Queue()
    threading.Thread(target=_lines, args=(child.stderr, err), daemon=True).start()
    threading.Thread(target=_lines, args=(child.stdout, queue.Queue()), daemon=True).start()
    try:
        _wait_for(err, r"run 1: .* waiting for changes")
        time.sleep(0.5)                       # the watcher is set up after the first run
        po.write_text(po.read_text().replace('msgid "You reach Paris."\nmsgstr ""',
                                             'msgid "You reach Paris."\nmsgstr "Vous atteignez Paris."'))
        status = _wait_for(err, r"run 2 after changes to ")[-1]
        assert "translations/fr.po (0 new, 1 gone)" in status, status
        child.send_signal(signal.SIGINT)
        assert child.wait(timeout=30) == 130
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
