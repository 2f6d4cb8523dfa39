"""Findings of the state explorer, at the author's lines (stage ``explore``; docs/explore.md).

The explorer (:mod:`cardforge_compiler.explore`) plays each story with the runtime
and reports places by their path in the bundle story; these checks turn each into a
diagnostic at the YAML it came from, with the witness (the answers that show it)
attached. ``stuck`` is reported whenever it is seen; the rest only when the
exploration is a proof (complete, nothing abstracted).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardforge_compiler.checks import check
from cardforge_compiler.diagnostics import Diagnostic
from cardforge_compiler.explore.stage import ExploredStory

__all__ = ["findings_of", "model_path"]

#: Each finding kind's code.
CODES = {"stuck": "CF901", "never-offered": "CF902", "never-drawn": "CF903", "always-true": "CF904",
         "always-false": "CF905", "ending-never-reached": "CF906", "never-won": "CF907", "trap": "CF908"}
#: Bundle keys of nested steps and where the YAML holds them.
_KEYS = {"options": ("choice",), "pass": ("challenge", "pass"), "fail": ("challenge", "fail"),
         "then": ("then",), "else": ("else",), "objectives": ("battle", "objectives")}


def model_path(explored: ExploredStory, path: tuple[Any, ...]) -> tuple[tuple[Any, ...], str]:
    """The YAML data path (and the anchor) of a bundle story path: the card's own path,
    then ``steps``/indexes as written, ``options`` -> ``choice``, ``pass`` ->
    ``challenge.pass``, ``objectives`` -> ``battle.objectives``. An option or an ``if``
    step points at its ``if``; the whole story at its ``start``."""
    story = explored.story
    if len(path) < 2:
        return ("start",), "value"
    card = list(story.cards.values())[path[1]]
    out: list[Any] = list(card.path)
    rest = list(path[2:])
    while rest:
        key = rest.pop(0)
        out.extend(_KEYS.get(key, (key,)))
        if rest:
            out.append(rest.pop(0))
    return tuple(out), "value"


def findings_of(explored: ExploredStory, kinds: tuple[str, ...]) -> Iterator[Diagnostic]:
    """The diagnostics of the exploration's findings of ``kinds``."""
    analysis = explored.story.analysis
    reachable = analysis.reachable if analysis is not None else set()
    for finding in explored.exploration.findings:
        if finding.kind not in kinds:
            continue
        if finding.kind == "never-drawn" and finding.card not in reachable:
            continue                    # the story graph does not reach it either: CF401 says so
        path, anchor = model_path(explored, finding.path)
        if finding.kind in ("never-offered", "always-true", "always-false") and path[-1] != "start":
            path = (*path, "if")
        elif finding.step is not None:
            path, anchor = (*path, finding.step), "key"
        elif finding.kind in ("never-drawn", "stuck", "trap") and len(path) == 2:
            path, anchor = (*path, "id"), "value"
        where = explored.story.where(path, anchor)
        yield Diagnostic(CODES[finding.kind], finding.message, **where, hint=finding.hint,
                         witness=finding.witness.as_json() if finding.witness is not None else None)


@check("explore", "CF901")
def stuck(explored: ExploredStory) -> Iterator[Diagnostic]:
    """A line of play that ends ``stuck`` (witnessed)."""
    return findings_of(explored, ("stuck",))


@check("explore", "CF908")
def traps(explored: ExploredStory) -> Iterator[Diagnostic]:
    """States from which no ending can be reached."""
    return findings_of(explored, ("trap",))


@check("explore", "CF902", "CF904", "CF905")
def conditions(explored: ExploredStory) -> Iterator[Diagnostic]:
    """Options never offered, conditions always true or always false."""
    return findings_of(explored, ("never-offered", "always-true", "always-false"))


@check("explore", "CF903", "CF906", "CF907")
def endings(explored: ExploredStory) -> Iterator[Diagnostic]:
    """Cards never drawn, endings never reached, a story never won."""
    return findings_of(explored, ("never-drawn", "ending-never-reached", "never-won"))
