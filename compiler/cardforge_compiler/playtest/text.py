"""The text report of ``cardforge test`` (the default ``--format text``; docs/playtest.md,
"The text report"), made from the JSON document (:mod:`.report`). Author text (titles,
option text) is shown escaped (``report.shown``) and never begins a line."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from cardforge_compiler.playtest.coverage import KINDS
from cardforge_compiler.playtest.report import RESULTS
from cardforge_compiler.report import plural, shown

__all__ = ["percent", "text"]


def percent(fraction: str) -> str:
    """A share as a percentage with 1 decimal place, rounded down (so that 100.0 % means
    everything: 999/1000 is 99.9 %)."""
    tenths = Fraction(fraction) * 1000 // 1
    return f"{tenths / 10:.1f}%"


def _endings(endings: Mapping[str, Any]) -> str:
    parts = []
    for result in RESULTS:
        entry = endings[result]
        if entry["games"] or result == "stuck":
            reasons = ", ".join(f"{reason}: {n}" for reason, n in entry["reasons"].items())
            parts.append(f"{result} {entry['games']}" + (f" (reason {reasons})" if reasons else ""))
    return ", ".join(parts)


def _story(story: Mapping[str, Any], document: Mapping[str, Any]) -> list[str]:
    battles = "played by the engine" if story["battles"] == "engine" else "by outcome"
    lines = [f"cardforge test: story '{shown(story['story'])}' ({shown(story['title'])}) of pack "
             f"'{shown(story['pack'])}': {plural(story['games'], 'game')}, seed {document['seed']}, "
             f"{plural(story['players'], 'player')}, Battles {battles}"]
    coverage = story["coverage"]
    rows = [(label, coverage[kind]) for kind, label in KINDS if kind != "if_branches"]
    rows += [("overall", coverage["overall"]), ("if branches", coverage["if_branches"])]
    width = max(len(f"{c['covered']}/{c['total']}") for _, c in rows)
    for label, cell in rows:
        note = ""
        if label == "overall":
            note = f"  (minimum {percent(str(Fraction(str(document['min_coverage']))))})" \
                if document["min_coverage"] else ""
            if not story["meets_min_coverage"]:
                note += ": below the minimum"
        elif label == "if branches":
            note = "  (not counted in overall)"
        lines.append(f"  {label:<19}{str(cell['covered']) + '/' + str(cell['total']):>{width}}  "
                     f"{percent(cell['fraction']):>6}{note}")
    lines.append(f"  endings: {_endings(story['endings'])}")
    lines.append(f"  engine errors: {story['engine_errors']}")
    if story["uncovered"]:
        lines.append(f"  never covered ({len(story['uncovered'])}):")
        for item in story["uncovered"]:
            text = shown(item["text"])
            if item["kind"] == "options":
                taken = f"on offer {plural(item['offered'], 'time')}, never taken" if item["offered"] else "never on offer"
                text = f"\"{text}\" ({taken})"
            elif item["kind"] == "cards":
                text = f"\"{text}\" (never drawn)"
            lines.append(f"    {item['what']}: {item['where']}: {text}")
    else:
        lines.append("  never covered: nothing")
    failed = [g for g in story["played"] if g["game"] in story["failed_games"]]
    if failed:
        lines.append(f"  failed games ({len(failed)}):")
        for game in failed:
            at = f" at card {game['card']}" if game["card"] is not None else ""
            lines.append(f"    game {game['game']} (seed {game['seed']}): {game['result']} ({game['reason']}){at}")
            if game["message"]:
                lines.append(f"      {shown(game['message'])}")
            files = game.get("files")
            if files:
                lines += [f"      transcript: {shown(files['transcript'])}", f"      answers:    {shown(files['answers'])}",
                          f"      replay:     {files['replay']}"]
    return lines


def text(document: Mapping[str, Any]) -> str:
    """The text report of ``document`` (:func:`.report.document`), ending with one
    summary line: ``passed`` or what failed."""
    lines: list[str] = []
    for story in document["stories"]:
        lines += [*_story(story, document), ""]
    stories = document["stories"]
    games = sum(s["games"] for s in stories)
    head = f"cardforge test: {plural(len(stories), 'story')}, {plural(games, 'game')}"
    if document["passed"]:
        lines.append(f"{head}: passed")
    else:
        problems = []
        low = [s for s in stories if not s["meets_min_coverage"]]
        if low:
            problems.append(f"{plural(len(low), 'story')} below the minimum coverage "
                            f"({', '.join(shown(s['story']) for s in low)})")
        stuck = sum(s["endings"]["stuck"]["games"] for s in stories)
        errors = sum(s["endings"]["error"]["games"] for s in stories)
        if stuck:
            problems.append(f"{plural(stuck, 'game')} stuck")
        if errors:
            problems.append(f"{plural(errors, 'game')} in an error")
        lines.append(f"{head}: FAILED: {'; '.join(problems)}")
    return "\n".join(lines) + "\n"
