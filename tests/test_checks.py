"""The registry of checks: each check only reads the stages' results and reports
only the codes it declares; ``checks_run`` counts each check once per pack (pack and
board checks) or story."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from cardforge_compiler.checks import CHECKS, checks_for
from cardforge_compiler.checks.translations import translation_files
from cardforge_compiler.pipeline import compile_paths
from _helpers import CONTENT, copy_golden, golden_cases


def _subject(stage: str, pack, story, result=None):  # noqa: ANN001, ANN202
    if stage == "explore":          # the story and its exploration (lint's explore stage)
        from cardforge_compiler.explore.stage import ExploredStory

        found = [e for e in (result.explorations if result else []) if (e.pack, e.story) == (pack.pack.id, story.model.id)]
        return ExploredStory(story, found[0]) if found else None
    return pack if stage in ("pack", "board") else story if stage == "resolve" else story.analysis


def _compiled(tmp_path: Path):  # noqa: ANN202
    from cardforge_compiler.explore.stage import DEFAULT_LINT_BUDGET

    folders = [CONTENT] + [copy_golden(case, tmp_path / case.name) for case in golden_cases()]
    return [compile_paths([str(folder)], explore_budget=DEFAULT_LINT_BUDGET) for folder in folders]


def test_each_check_reports_only_the_codes_it_declares(tmp_path: Path) -> None:
    ran = set()
    for result in _compiled(tmp_path):
        for pack in result.packs:
            for chk in CHECKS:
                subjects = ([pack] if chk.stage in ("pack", "board")
                            else translation_files(pack) if chk.stage == "translations"
                            else [_subject(chk.stage, pack, s, result) for s in pack.stories])
                for subject in subjects:
                    if subject is None:
                        continue
                    codes = {d.code for d in chk.run(subject)}
                    assert codes <= set(chk.codes), f"{chk.name} reported {sorted(codes - set(chk.codes))}"
                    ran.update((chk.name, c) for c in codes)
    # Every declared code is reported by its check somewhere (the corpus exercises it).
    declared = {(chk.name, code) for chk in CHECKS for code in chk.codes}
    assert declared - ran == set()


def test_checks_only_read(tmp_path: Path) -> None:
    """Running every check again changes nothing the stages built: the IR and each
    analysis compare equal before and after, and the diagnostics repeat exactly."""
    for result in _compiled(tmp_path):
        for pack in result.packs:
            for story in pack.stories:
                before = (copy.deepcopy(story.names), copy.deepcopy(story.conditions),
                          [(c.path, c.tree, c.spans) for c in story.parsed], dict(story.analysis.known),
                          copy.deepcopy(story.analysis.reads), copy.deepcopy(story.analysis.writes))
                first = [[d.message for d in chk.run(_subject(chk.stage, pack, story))]
                         for chk in checks_for("resolve") + checks_for("analyse")]
                again = [[d.message for d in chk.run(_subject(chk.stage, pack, story))]
                         for chk in checks_for("resolve") + checks_for("analyse")]
                after = (story.names, story.conditions, [(c.path, c.tree, c.spans) for c in story.parsed],
                         story.analysis.known, story.analysis.reads, story.analysis.writes)
                assert before == after and first == again, story.id


def test_checks_run_counts_each_check_once_per_pack_or_story() -> None:
    result = compile_paths([str(CONTENT)])
    packs = len(result.packs)
    stories = result.story_count
    per_story = len(checks_for("resolve")) + len(checks_for("analyse"))
    manifests = sum(1 for p in result.packs if p.manifest is not None)
    boards = sum(len(p.board_docs) for p in result.packs)
    assert boards == 31                  # the Gascony pack: components, 8 keywords, 11 terrain tiles, 11 layouts
    decks = sum(len(p.deck_docs) for p in result.packs)
    assert decks == 13                   # 4 Enemies, 3 Named Enemies, 3 Threat decks, 3 decks
    per_pack = len(checks_for("pack")) + len(checks_for("board"))
    assert result.checks_run == manifests + stories + boards + decks + per_pack * packs + per_story * stories


@pytest.mark.parametrize("stage", ["pack", "resolve", "analyse", "board", "explore", "translations"])
def test_every_stage_has_checks(stage: str) -> None:
    assert checks_for(stage)
