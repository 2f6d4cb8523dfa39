"""Run the stages in order: load, validate, resolve, analyse (and, for ``build``,
emit). Every stage reports diagnostics instead of raising on bad content."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from cardforge_compiler.analyse import analyse_story
from cardforge_compiler.cache_stories import StoryReuse
from cardforge_compiler.checks import checks_for
from cardforge_compiler.diagnostics import Diagnostic, Severity
from cardforge_compiler.load import SourceFile, discover, gc_paused, load_files
from cardforge_compiler.locate import locate
from cardforge_compiler.resolve import PackIR, group_packs, resolve_story
from cardforge_compiler.suppress import apply_suppressions
from cardforge_compiler.validate import Document, validate_document
from cardforge_compiler.validate_ids import duplicate_ids

if TYPE_CHECKING:
    from cardforge_compiler.cache import ContentCache

__all__ = ["CompileResult", "ProgressCallback", "compile_paths"]

#: Told of the work done as it goes: ``progress(stage, done, total)``, e.g.
#: ``("loading files", 12, 38)`` (:mod:`cardforge_compiler.progress` draws it).
ProgressCallback = Callable[[str, int, int], None]


@dataclass
class CompileResult:
    """What a compile produced: the files, the packs (each story carries its
    ``analysis``), the diagnostics (sorted, positioned) and how many check runs were
    made: one schema validation per document, each pack and board check once per
    pack, each story check once per story.

    ``context`` holds the diagnostics of the context files (the files of a named
    file's pack that were not named: ``SourceFile.context``); they are not reported
    with ``diagnostics``, but their errors are counted (:attr:`context_errors`).

    ``suppressed`` holds the diagnostics that a ``# cardforge: ignore[...]`` comment
    suppressed (of the files reported; :mod:`cardforge_compiler.suppress`): counted,
    not reported; ``proven_stories`` the stories the state explorer proved, as (file,
    0-based document index) (where a suppression of a ``CF9xx`` code can be found
    unused)."""

    files: list[SourceFile]
    packs: list[PackIR] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    checks_run: int = 0
    context: list[Diagnostic] = field(default_factory=list)
    explorations: list[Any] = field(default_factory=list)
    explore_skipped: str | None = None
    suppressed: list[Diagnostic] = field(default_factory=list)
    proven_stories: set[tuple[str, int]] = field(default_factory=set)

    @property
    def context_errors(self) -> list[Diagnostic]:
        """The errors in context files (not reported: the files were not named)."""
        return [d for d in self.context if d.severity is Severity.ERROR]

    @property
    def named_files(self) -> list[SourceFile]:
        """The files checked and reported: those named (or found in named folders),
        and the ``pack.yaml`` of their packs."""
        return [f for f in self.files if not f.context]

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity is Severity.WARNING]

    @property
    def card_count(self) -> int:
        return sum(len(s.cards) for p in self.packs for s in p.stories)

    @property
    def story_count(self) -> int:
        return sum(len(p.stories) for p in self.packs)


def _one_fault_one_report(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """Drop reports that repeat what another says about the same fault:

    - the same diagnostic twice (an error inside an anchored piece that several
      aliases repeat is reported once, at the anchor);
    - "option never offered" (CF501) where "read but never set" (CF503) already
      points at the same condition;
    - CF501 and CF503 inside a choice that can offer nothing (CF502 says it all);
    - what the state explorer says again of a condition the earlier checks already
      call never true (CF902 or CF905 beside CF501, CF503 or CF308 at the same
      `if`, or inside a choice that can offer nothing, CF502), and a trap (CF908
      beside CF403 on the same card); a card the graph does not reach (CF401) is
      not reported as never drawn (CF903) in the first place.
    """
    seen: set[tuple] = set()
    unique = []
    for diag in diagnostics:
        key = (diag.code, diag.file, diag.line, diag.column, diag.message)
        if key not in seen:
            seen.add(key)
            unique.append(diag)
    never_set = {(d.file, d.doc, d.path) for d in unique if d.code == "CF503"}
    stuck = [(d.file, d.doc, d.path) for d in unique if d.code == "CF502"]

    def inside_stuck(d: Diagnostic) -> bool:
        return any(d.file == f and d.doc == doc and d.path[: len(p)] == p for f, doc, p in stuck)

    never_true = {(d.file, d.doc, d.path) for d in unique if d.code in ("CF501", "CF503", "CF308")}
    graph_traps = {(d.file, d.card) for d in unique if d.code == "CF403"}

    def said_before(d: Diagnostic) -> bool:
        if d.code in ("CF902", "CF905"):
            return (d.file, d.doc, d.path) in never_true or inside_stuck(d)
        return d.code == "CF908" and (d.file, d.card) in graph_traps

    return [d for d in unique
            if not (d.code == "CF501" and (d.file, d.doc, d.path) in never_set)
            and not (d.code in ("CF501", "CF503") and inside_stuck(d))
            and not said_before(d)]


def _unsuppressed_errors(diagnostics: list[Diagnostic], files: list[SourceFile]) -> bool:
    """Whether an error is left that no comment suppresses. Suppressions match lines:
    the errors are located as copies (``locate`` once more on the real ones would add
    their ``see`` line twice), only when some file has a suppression at all."""
    errors = [d for d in diagnostics if d.severity is Severity.ERROR]
    if not errors or not any(f.suppressions for f in files):
        return bool(errors)
    probes = [replace(d, see=None) for d in errors]
    locate(probes, files)
    return any(d.severity is Severity.ERROR for d in apply_suppressions(probes, files).kept)


def _explore(result: CompileResult, diagnostics: list[Diagnostic], packs: list[PackIR], budget: int,
             files: list[SourceFile], reuse: StoryReuse | None = None,
             progress: ProgressCallback | None = None) -> None:
    """The explore stage: only for content without errors (the bundle it plays must
    build; suppressed errors do not count, since only those about play can be:
    :func:`cardforge_compiler.suppress.is_suppressible`), its findings through the
    ``explore`` checks. With ``reuse`` (``watch``), the last run's findings when every
    document is the same as then; else the explorations of the stories whose search
    is known from earlier runs (:mod:`cardforge_compiler.explore.memo`). The stories
    proven go into ``result.proven_stories``."""
    if any(pack.context_stories for pack in packs):
        result.explore_skipped = "a pack read in part (single files) is not played: lint its folder"
        return
    if _unsuppressed_errors(diagnostics, files):
        result.explore_skipped = "the content has errors; fix them first"
        return
    if reuse is not None and reuse.explored(result, diagnostics, packs, budget):
        return
    from cardforge_compiler.explore.stage import explore_packs
    from cardforge_runtime import BundleError
    start, checks = len(diagnostics), result.checks_run
    try:
        for explored in explore_packs(packs, budget, progress, reuse.explore_memo() if reuse is not None else None):
            result.explorations.append(explored.exploration)
            if explored.exploration.proven:
                result.proven_stories.add((explored.story.doc.source.display, explored.story.doc.index))
            for chk in checks_for("explore"):
                diagnostics.extend(chk.run(explored))
                result.checks_run += 1
    except BundleError as error:       # a pack the runtime cannot play alone: say so
        result.explore_skipped = f"the pack cannot be played: {error}"
    if reuse is not None:
        reuse.keep_explored(result, diagnostics[start:], result.checks_run - checks, packs, budget)


def compile_paths(paths: list[str], *, explore_budget: int | None = None,
                  cache: ContentCache | None = None, progress: ProgressCallback | None = None) -> CompileResult:
    """Load, validate, resolve and analyse the content under ``paths``; with an
    ``explore_budget`` (``cardforge lint``), also explore every story of content
    without errors, at most that many states in all (stage ``explore``,
    :mod:`cardforge_compiler.explore.stage`; the explorations in ``explorations``).
    With a ``cache`` (:mod:`cardforge_compiler.cache`), files whose bytes it knows are
    not loaded and validated again, and what a long-lived cache (``cardforge watch``)
    kept of unchanged stories is reused (:mod:`cardforge_compiler.cache_stories`):
    the result is the same as without.

    ``progress`` (optional) is told of each file loaded (stage ``"loading files"``),
    each story resolved, analysed and checked (``"checking stories"``, two units per
    story) and the states explored (``"exploring"``, of ``explore_budget``); it
    changes nothing of the result.

    Never raises for bad content: every problem is a diagnostic in the result.
    The cyclic garbage collector is paused meanwhile: the stages build many
    long-lived objects that it would otherwise rescan again and again.
    """
    with gc_paused():
        return _compile(paths, explore_budget, cache, progress)


def _ticking(sink: Any, files: list[SourceFile], progress: ProgressCallback) -> Any:
    """``sink`` that also tells ``progress`` which file its document comes from."""
    position = {id(sf): n for n, sf in enumerate(files, 1)}

    def tick(sf: SourceFile, index: int, raw: Any) -> None:
        sink(sf, index, raw)
        progress("loading files", position[id(sf)], len(files))

    return tick


def _compile(paths: list[str], explore_budget: int | None, cache: ContentCache | None,
             progress: ProgressCallback | None) -> CompileResult:
    files, diagnostics = discover(paths)
    documents: list[Document] = []

    def validate(sf: SourceFile, index: int, raw: Any) -> None:
        # Validate each document as soon as it is loaded and let its raw data go:
        # peak memory holds the models, not the models and every raw document.
        document, problems = validate_document(sf, index, raw)
        diagnostics.extend(problems)
        if document is not None:
            document.raw = None
            documents.append(document)

    if cache is None:
        diagnostics += load_files(files, sink=validate if progress is None else _ticking(validate, files, progress))
    else:
        from cardforge_compiler.cache_load import load_cached

        tick = None if progress is None else (lambda done: progress("loading files", done, len(files)))
        diagnostics += load_cached(files, cache, documents.append, tick)
    diagnostics += duplicate_ids(documents)
    packs, problems = group_packs(documents, files)
    diagnostics += problems
    result = CompileResult(files=files, packs=packs)
    stories = [story for pack in packs for story in pack.stories]
    reuse = StoryReuse(cache.stories) if cache is not None else None
    for done, story in enumerate(stories, 1):
        if reuse is None or not reuse.resolved(story):
            resolve_story(story)
            story.analysis = analyse_story(story)
        if progress:
            progress("checking stories", done, 2 * len(stories))
    # The checks only read what the stages built.
    result.checks_run = len(documents)
    for pack in packs:
        if reuse is not None:
            reuse.layouts(pack)
        for chk in checks_for("pack"):
            diagnostics.extend(chk.run(pack))
            result.checks_run += 1
        for chk in checks_for("board"):
            diagnostics.extend(chk.run(pack))
            result.checks_run += 1
        if reuse is not None:
            reuse.keep_layouts(pack)
    story_checks = [*checks_for("resolve"), *checks_for("analyse")]
    for done, story in enumerate(stories, len(stories) + 1):
        found = reuse.checked(story) if reuse is not None else None
        if found is None:
            found = [d for chk in story_checks
                     for d in chk.run(story if chk.stage == "resolve" else story.analysis)]
            if reuse is not None:
                reuse.keep(story, found)
        diagnostics.extend(found)
        result.checks_run += len(story_checks)
        if progress:
            progress("checking stories", done, 2 * len(stories))
    if reuse is not None:
        reuse.forget_others()
    clean = not _unsuppressed_errors(diagnostics, files)
    if explore_budget is not None:
        _explore(result, diagnostics, packs, explore_budget, files, reuse, progress)
    if clean:       # after the explorer: a broken translation file (CF653) does not stop it
        _translations(result, diagnostics, packs)
    locate(diagnostics, files)
    context = {f.display for f in files if f.context}
    outcome = apply_suppressions(_one_fault_one_report(diagnostics), files, result.proven_stories,
                                 stories={(s.doc.source.display, s.doc.index) for s in stories},
                                 stages_skipped=() if clean else ("translations",))
    result.diagnostics = [d for d in outcome.kept if d.file not in context]
    result.context = [d for d in outcome.kept if d.file in context]
    result.suppressed = [d for d in outcome.suppressed if d.file not in context]
    return result


def _translations(result: CompileResult, diagnostics: list[Diagnostic], packs: list[PackIR]) -> None:
    """The ``translations`` checks (CF650-CF659), once per translation file of each
    pack's ``translations/`` folder (``checks.translations``); a pack without one
    costs a folder lookup and counts no check."""
    from cardforge_compiler.checks.translations import translation_files

    for pack in packs:
        for job in translation_files(pack):
            for chk in checks_for("translations"):
                diagnostics.extend(chk.run(job))
                result.checks_run += 1
