"""The ``cardforge test`` report as one JSON document (``--format json``;
docs/playtest.md, "The JSON document"; its schema ``schemas/playtest.schema.json``),
from which the text (:mod:`.text`) and JUnit (:mod:`.junit`) reports are also made,
so the three always agree.

Per story: the coverage of cards, options, challenge outcomes (and, beside the
overall figure, ``if`` branches) as exact counts; the endings by result and reason;
every item never covered, with a location an author can find; every game, and for a
failed one (``stuck`` or an error) the files written and the replay command.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from cardforge_compiler.playtest.coverage import KINDS, OVERALL, Coverage, Universe, node_at, where
from cardforge_compiler.playtest.files import Saved
from cardforge_compiler.playtest.runner import Game, StoryRun

__all__ = ["FORMAT", "RESULTS", "VERSION", "document", "passed"]

FORMAT = "cardforge-playtest"
VERSION = 1
#: Every result a game can end with, in report order.
RESULTS = ("victory", "defeat", "stuck", "unfinished", "error")
#: Words of a step kind's item, for the ``what`` of a never-covered item.
_WHAT = {"cards": "card", "options": "option", "challenge_outcomes": "challenge outcome", "if_branches": "if branch"}


def share(covered: int, total: int) -> dict[str, Any]:
    """``{"covered", "total", "fraction", "percent"}``: the exact share as text
    (``"47/50"``; ``"1"`` when nothing is left, also for an empty universe) and the
    percentage rounded to 2 places."""
    value = Fraction(covered, total) if total else Fraction(1)
    return {"covered": covered, "total": total, "fraction": str(value), "percent": round(float(value * 100), 2)}


def _uncovered(story: Mapping[str, Any], universe: Universe, coverage: Coverage) -> list[dict[str, Any]]:
    out = []
    for kind, _ in KINDS:
        for path in coverage.missing(universe, kind):
            card = story["cards"][path[1]]
            item: dict[str, Any] = {"kind": kind, "what": _WHAT[kind], "card": card["id"], "path": list(path),
                                    "where": where(story, path)}
            if kind == "cards":
                item["text"] = card["title"]
            elif kind == "options":
                item["text"] = node_at(story, path)["text"]
                item["offered"] = coverage.offered.get(path, 0)
            elif kind == "challenge_outcomes":
                step = node_at(story, path[:-1])
                item["text"] = f"{step['stat']} challenge, {step['successes']} successes: never {path[-1]}ed"
            else:
                item["text"] = ("the condition never held (then never ran)" if path[-1] == "then"
                                else "the condition always held (else never ran)")
            out.append(item)
    return out


def _endings(games: Sequence[Game]) -> dict[str, Any]:
    endings: dict[str, Any] = {result: {"games": 0, "reasons": {}} for result in RESULTS}
    for game in games:
        entry = endings[game.result]
        entry["games"] += 1
        entry["reasons"][game.reason] = entry["reasons"].get(game.reason, 0) + 1
    for entry in endings.values():
        entry["reasons"] = dict(sorted(entry["reasons"].items()))
    return endings


def _game(run: StoryRun, game: Game, saved: Saved) -> dict[str, Any]:
    entry: dict[str, Any] = {"game": game.game, "seed": str(game.seed), "result": game.result,
                             "reason": game.reason, "card": game.card, "answers": game.count}
    if game.failed:
        entry["message"] = game.message
        files = saved.get((run.pack["id"], run.story["id"], game.game))
        entry["files"] = files
    return entry


def _story(run: StoryRun, saved: Saved, minimum: Fraction) -> dict[str, Any]:
    coverage = {kind: share(*run.coverage.count(run.universe, kind)) for kind, _ in KINDS}
    covered = sum(coverage[k]["covered"] for k in OVERALL)
    total = sum(coverage[k]["total"] for k in OVERALL)
    coverage["overall"] = share(covered, total)
    meets = Fraction(coverage["overall"]["fraction"]) >= minimum
    games = [_game(run, g, saved) for g in run.games]
    return {
        "pack": run.pack["id"], "story": run.story["id"], "title": run.story["title"],
        "battles": "engine" if run.battles == "engine" else "outcome", "players": run.players,
        "games": len(run.games),
        "coverage": coverage,
        "meets_min_coverage": meets,
        "endings": _endings(run.games),
        "engine_errors": sum(1 for g in run.games if g.result == "error" and g.reason == "engine"),
        "uncovered": _uncovered(run.story, run.universe, run.coverage),
        "failed_games": [g["game"] for g in games if g["result"] in ("stuck", "error")],
        "played": games,
    }


def passed(story: Mapping[str, Any]) -> bool:
    """Whether a story of the document passes: coverage at least the minimum, no
    game ``stuck`` and none in an ``error``."""
    return story["meets_min_coverage"] and not story["failed_games"]


def document(runs: Sequence[StoryRun], *, seed: int, games: int, players: int | None, battles: str | None,
             min_coverage: float, saved: Saved) -> dict[str, Any]:
    """The report of ``runs`` (docs/playtest.md, "The JSON document"): the
    arguments, one entry per story in bundle order, and ``passed`` (every story
    passes: ``cardforge test`` exits 0)."""
    minimum = Fraction(str(min_coverage))
    stories = [_story(run, saved, minimum) for run in runs]
    return {
        "format": FORMAT, "version": VERSION,
        "seed": seed, "games": games, "players": players, "battles": battles, "min_coverage": min_coverage,
        "stories": stories,
        "passed": all(passed(s) for s in stories),
    }
