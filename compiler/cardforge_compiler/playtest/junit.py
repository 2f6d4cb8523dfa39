"""The JUnit XML report of ``cardforge test`` (``--format junit``, for CI test
panels; docs/playtest.md, "JUnit XML"), made from the JSON document (:mod:`.report`)
with the standard library's ``xml.etree``.

One ``<testsuite>`` per story (``name`` ``PACK/STORY``), holding one ``<testcase>``
per game (``game-N``; a ``<failure>`` when it ended ``stuck`` or in an error, its
message the result, reason and card, its text the message, the files written and the
replay command) and one ``coverage`` test case (a ``<failure>`` when the overall
coverage is below ``--min-coverage``; its text lists what was never covered). No
times (the report is the same bytes for the same arguments).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from xml.etree import ElementTree

from cardforge_compiler.playtest.text import percent
from cardforge_compiler.report import shown

__all__ = ["junit"]


def _game_case(suite: ElementTree.Element, name: str, game: Mapping[str, Any], failed: bool) -> None:
    case = ElementTree.SubElement(suite, "testcase", {"classname": name, "name": f"game-{game['game']}"})
    at = f" at card {game['card']}" if game["card"] is not None else ""
    summary = f"{game['result']} ({game['reason']}){at}, seed {game['seed']}, {game['answers']} answers"
    if not failed:
        ElementTree.SubElement(case, "system-out").text = summary
        return
    failure = ElementTree.SubElement(case, "failure", {"message": summary, "type": game["result"]})
    details = [shown(game["message"])] if game["message"] else []
    files = game.get("files")
    if files:
        details += [f"transcript: {shown(files['transcript'])}", f"answers: {shown(files['answers'])}",
                    f"replay: {files['replay']}"]
    failure.text = "\n".join(details)


def _coverage_case(suite: ElementTree.Element, name: str, story: Mapping[str, Any], minimum: float) -> None:
    overall = story["coverage"]["overall"]
    case = ElementTree.SubElement(suite, "testcase", {"classname": name, "name": "coverage"})
    summary = (f"overall coverage {overall['covered']}/{overall['total']} ({percent(overall['fraction'])}), "
               f"minimum {minimum}")
    listing = "\n".join(f"{item['what']}: {item['where']}" for item in story["uncovered"])
    if story["meets_min_coverage"]:
        ElementTree.SubElement(case, "system-out").text = summary + ("\nnever covered:\n" + listing if listing else "")
        return
    failure = ElementTree.SubElement(case, "failure", {"message": summary, "type": "coverage"})
    failure.text = "never covered:\n" + listing


def junit(document: Mapping[str, Any]) -> str:
    """The JUnit XML text of ``document`` (:func:`.report.document`)."""
    root = ElementTree.Element("testsuites", {"name": "cardforge test"})
    total = failures = 0
    for story in document["stories"]:
        name = f"{story['pack']}/{story['story']}"
        failed = set(story["failed_games"])
        count = len(story["played"]) + 1
        bad = len(failed) + (0 if story["meets_min_coverage"] else 1)
        suite = ElementTree.SubElement(root, "testsuite", {"name": name, "tests": str(count), "failures": str(bad),
                                                           "errors": "0", "skipped": "0"})
        for game in story["played"]:
            _game_case(suite, name, game, game["game"] in failed)
        _coverage_case(suite, name, story, document["min_coverage"])
        total += count
        failures += bad
    root.set("tests", str(total))
    root.set("failures", str(failures))
    root.set("errors", "0")
    ElementTree.indent(root)
    return ElementTree.tostring(root, encoding="unicode", xml_declaration=True) + "\n"
