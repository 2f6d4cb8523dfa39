"""``cardforge watch``'s loop: lint, then lint again after every batch of changes to
content files, with one content-hash cache kept in memory between runs
(:mod:`cardforge_compiler.cache`, :mod:`cardforge_compiler.cache_stories`), so that a
run after one edited file loads, validates, resolves and analyses that file alone.

The changes come from an iterable of batches (:func:`file_changes`: watchfiles, which
waits for a quiet moment before yielding a batch: the debounce), so tests hand in
their own. docs/watch.md.
"""

from __future__ import annotations

import os
import re
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from cardforge_compiler.checks.translations import TRANSLATIONS_FOLDER
from cardforge_compiler.strings.files import SUFFIXES

if TYPE_CHECKING:
    from cardforge_compiler.cache import ContentCache
    from cardforge_compiler.diagnostics import Diagnostic
    from cardforge_compiler.pipeline import CompileResult

__all__ = ["QUOTED_POSITION", "Run", "content_change", "diagnostic_key", "file_changes", "watch_loop", "watched_roots"]


@dataclass
class Run:
    """One lint of the loop: its ``number`` (1 for the first), the ``changed`` file
    paths that started it (sorted; none for the first), the ``result``, the CPU
    ``seconds`` it took, how many files the cache served (``cached``) and how many
    were loaded (``loaded``), and how many diagnostics are ``new`` since the last run
    and how many of the last run's are ``gone`` (:func:`diagnostic_key`)."""

    number: int
    changed: list[str]
    result: CompileResult
    seconds: float
    cached: int
    loaded: int
    new: int = 0
    gone: int = 0


#: A position a message quotes: ``(line 46)``, ``first at line 3``, ``on lines 6-9``,
#: ``at line 4, column 2``, ``(act1.yaml:11)``. An edit above moves it; the diagnostic
#: stays the same one.
QUOTED_POSITION = re.compile(r"\blines? \d+(?:-\d+)?(?:, column \d+)?|(?<=\.yaml:)\d+|(?<=\.yml:)\d+")
#: The translation files lint reads (a pack's ``translations/*.po|xlf|xliff|csv``, no
#: ``.pot`` template; checks/translations.py): a change to one changes what lint reports.
TRANSLATION_SUFFIXES = tuple(sorted(suffix for suffix in SUFFIXES if suffix != ".pot"))


def diagnostic_key(diag: Diagnostic) -> tuple:
    """What makes a diagnostic the same one from run to run: its code, file, document,
    data path and message, not its line (an edit above it moves it, it is not new),
    nor the positions its message quotes (:data:`QUOTED_POSITION`, each number
    replaced by ``N``)."""
    message = QUOTED_POSITION.sub(lambda m: re.sub(r"\d+", "N", m.group()), diag.message)
    return (diag.code, diag.file, diag.doc, diag.path, message)


def content_change(_change: object, path: str) -> bool:
    """The watchfiles filter: a change to a content file (``*.yaml``, ``*.yml``) or to
    a translation file (``*.po``, ``*.xlf``, ``*.xliff``, ``*.csv`` in a folder named
    ``translations``; templates, ``*.pot``, are not read by lint)."""
    if path.endswith((".yaml", ".yml")):
        return True
    folder, _, name = path.replace("\\", "/").rpartition("/")
    return folder.rpartition("/")[2] == TRANSLATIONS_FOLDER and name.lower().endswith(TRANSLATION_SUFFIXES)


def watched_roots(paths: list[str], result: CompileResult) -> list[str]:
    """What to watch: the paths given, and the folder of each pack they belong to
    (a named file is checked against its pack's other files: an edit there counts)."""
    roots = {str(Path(p)) for p in paths}
    roots |= {str(f.pack_root) for f in result.files if f.pack_root is not None}
    return sorted(roots)


def file_changes(roots: list[str], debounce_ms: int) -> Iterator[list[str]]:
    """Batches of changed content and translation files (:func:`content_change`) under ``roots`` from watchfiles (each batch
    sorted, paths relative to the current folder when inside it), once the files
    have been quiet for a moment (at most ``debounce_ms`` of changes grouped).
    Stops with ``KeyboardInterrupt`` on Ctrl-C."""
    import watchfiles

    for batch in watchfiles.watch(*roots, watch_filter=content_change, debounce=debounce_ms):
        yield sorted({_shown_path(path) for _change, path in batch})


def _shown_path(path: str) -> str:
    """A changed file's path as shown: relative to the current folder when inside it."""
    try:
        relative = os.path.relpath(path)
    except ValueError:          # another drive (Windows)
        return path
    return path if relative.startswith("..") else Path(relative).as_posix()


def watch_loop(paths: list[str], cache: ContentCache | None, *, explore_budget: int | None,
               changes: Callable[[list[str]], Iterable[list[str]]], show: Callable[[Run], None]) -> int:
    """Lint ``paths`` (as ``cardforge lint`` does, through ``cache``), ``show`` the
    run, then lint and show again after each batch of ``changes(roots)`` (called once,
    with :func:`watched_roots` of the first run). Returns how many runs were made
    when the changes end (watchfiles' never do: Ctrl-C ends the loop)."""
    from cardforge_compiler.load import gc_paused
    from cardforge_compiler.pipeline import compile_paths

    def lint(number: int, changed: list[str]) -> Run:
        hits, misses = (cache.hits, cache.misses) if cache is not None else (0, 0)
        start = time.process_time()
        with gc_paused():
            result = compile_paths(list(paths), explore_budget=explore_budget, cache=cache)
        seconds = time.process_time() - start
        if cache is None:
            cached, loaded = 0, len(result.files)
        else:
            cached, loaded = cache.hits - hits, cache.misses - misses
            cache.forget_untouched()
        return Run(number, changed, result, seconds, cached, loaded)

    first = lint(1, [])
    show(first)
    number, last = 1, first
    for batch in changes(watched_roots(paths, first.result)):
        number += 1
        run = lint(number, batch)
        before = Counter(diagnostic_key(d) for d in last.result.diagnostics)
        now = Counter(diagnostic_key(d) for d in run.result.diagnostics)
        run.new, run.gone = (now - before).total(), (before - now).total()
        show(run)
        last = run
    return number

