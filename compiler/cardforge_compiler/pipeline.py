"""Run the stages in order: load, validate, resolve, analyse (and, for ``build``,
emit). Every stage reports diagnostics instead of raising on bad content."""

from __future__ import annotations

import gc
from dataclasses import dataclass, field

from cardforge_compiler.analyse import StoryAnalysis, analyse_story
from cardforge_compiler.checks import CHECKS, checks_for
from cardforge_compiler.diagnostics import Diagnostic, Severity
from cardforge_compiler.load import SourceFile, discover, load_files
from cardforge_compiler.locate import locate
from cardforge_compiler.resolve import PackIR, group_packs
from cardforge_compiler.validate import validate_documents

__all__ = ["CompileResult", "compile_paths"]


@dataclass
class CompileResult:
    """What a compile produced: the files, the packs, each story's analysis (keyed
    by ``id(StoryIR)``), the diagnostics (sorted, positioned) and how many check
    runs were made (registered checks x stories, plus one schema validation per
    document)."""

    files: list[SourceFile]
    packs: list[PackIR] = field(default_factory=list)
    analyses: dict[int, StoryAnalysis] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    checks_run: int = 0

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


def compile_paths(paths: list[str]) -> CompileResult:
    """Load, validate, resolve and analyse the content under ``paths``.

    Never raises for bad content: every problem is a diagnostic in the result.
    The cyclic garbage collector is paused meanwhile: the stages build many
    long-lived objects that it would otherwise rescan again and again.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _compile(paths)
    finally:
        if was_enabled:
            gc.enable()


def _compile(paths: list[str]) -> CompileResult:
    files, diagnostics = discover(paths)
    diagnostics += load_files(files)
    documents, problems = validate_documents(files)
    diagnostics += problems
    packs, problems = group_packs(documents, files)
    diagnostics += problems
    result = CompileResult(files=files, packs=packs)
    result.checks_run = len(documents)
    stories = [story for pack in packs for story in pack.stories]
    for story in stories:
        for chk in checks_for("resolve"):
            diagnostics.extend(chk.run(story))
    for story in stories:
        analysis = analyse_story(story)
        result.analyses[id(story)] = analysis
        for chk in checks_for("analyse"):
            diagnostics.extend(chk.run(analysis))
    result.checks_run += len(CHECKS) * len(stories)
    locate(diagnostics, files)
    result.diagnostics = sorted(diagnostics, key=Diagnostic.sort_key)
    return result
