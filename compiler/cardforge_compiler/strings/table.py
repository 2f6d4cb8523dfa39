"""Every player-facing text of a pack, with a stable id: what translators translate.

The texts are walked over the bundle's shape (docs/bundle.md), so that export,
import and lint read exactly the texts a front end shows:

- the pack's ``title``: ``gascony/title``;
- each story's ``title`` and ``introduction``: ``gascony/act-1/title``;
- each card's ``title`` and ``text``: ``gascony/act-1/11/title``, ``.../11/text``;
- each text a step shows, by the steps that lead to it: ``text``, ``victory`` and
  ``defeat`` steps (``gascony/act-1/11/text1``, ``.../victory1``), a choice's options
  (``.../11/choice1/option2``), a Battle objective's victory text
  (``.../battle1/objective2``), and the same inside a nested step list
  (``.../choice1/option2/text1``, ``.../challenge1/pass/defeat1``, ``.../if1/else/text1``).

A step is numbered among the steps **of its kind** in its list (``text2`` is the
list's second ``text`` step), so adding a ``gain``, a ``roll`` or any step of
another kind, a card, or a step on another card leaves every other id as it was.
Names (Characters, items, stats, decks, Enemies) are keys the rules and conditions
read, and objectives' wording is parsed (``format.objective_meet``): neither is a
string to translate. Empty texts (no ``introduction``) are left out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["Slot", "pack_slots"]


@dataclass(frozen=True)
class Slot:
    """One translatable text: its stable ``id``, the bundle object that holds it
    (``holder``) under ``key``, the story it belongs to (``story``: its id, ``None``
    for the pack's title), the ``card`` (its printed number, or ``None``), the data
    ``path`` of the text in its YAML document (the story's, or the pack manifest's),
    and ``option`` (a choice option's text: the edges of the story graph carry it as
    their ``label`` too)."""

    id: str
    holder: Any
    key: str
    story: str | None
    card: int | None
    path: tuple[str | int, ...]
    option: bool = False

    @property
    def text(self) -> str:
        """The text as the bundle holds it now."""
        return self.holder[self.key]


def pack_slots(pack: Mapping[str, Any], card_paths: Mapping[tuple[str, int], tuple] | None = None) -> Iterator[Slot]:
    """Every non-empty text of a bundle pack (``{"id", "title", "stories": [...]}``,
    stories as the bundle writes them), in reading order.

    Args:
        pack: the pack's bundle data (only ``id``, ``title`` and ``stories`` are read).
        card_paths: the data path of each card in its story document, by ``(story
            id, card id)`` (``CardIR.path``); without it a card's path is
            ``("cards", <its index in the bundle>)``, right whenever no card id is
            defined twice.
    """
    pid = pack["id"]
    if pack.get("title"):
        yield Slot(f"{pid}/title", pack, "title", None, None, ("title",))
    for story in pack["stories"]:
        sid = story["id"]
        base = f"{pid}/{sid}"
        for key in ("title", "introduction"):
            if story.get(key):
                yield Slot(f"{base}/{key}", story, key, sid, None, (key,))
        for index, card in enumerate(story["cards"]):
            cid = card["id"]
            path = (card_paths or {}).get((sid, cid), ("cards", index))
            for key in ("title", "text"):
                if card.get(key):
                    yield Slot(f"{base}/{cid}/{key}", card, key, sid, cid, (*path, key))
            yield from _steps(f"{base}/{cid}", card["steps"], (*path, "steps"), sid, cid)


def _steps(prefix: str, steps: list, base: tuple, sid: str, cid: int) -> Iterator[Slot]:
    seen: Counter[str] = Counter()
    for i, step in enumerate(steps):
        kind = step["kind"]
        seen[kind] += 1
        here, at = f"{prefix}/{kind}{seen[kind]}", (*base, i)
        if kind in ("text", "victory", "defeat"):
            if step["text"]:
                yield Slot(here, step, "text", sid, cid, (*at, kind))
        elif kind == "choice":
            for j, option in enumerate(step["options"]):
                where = f"{here}/option{j + 1}"
                yield Slot(where, option, "text", sid, cid, (*at, "choice", j, "text"), option=True)
                yield from _steps(where, option["steps"], (*at, "choice", j, "steps"), sid, cid)
        elif kind == "challenge":
            for branch in ("pass", "fail"):
                yield from _steps(f"{here}/{branch}", step[branch], (*at, "challenge", branch), sid, cid)
        elif kind == "if":
            for branch in ("then", "else"):
                yield from _steps(f"{here}/{branch}", step[branch], (*at, branch), sid, cid)
        elif kind == "battle":
            for k, objective in enumerate(step["objectives"]):
                if objective.get("victory"):
                    yield Slot(f"{here}/objective{k + 1}", objective, "victory", sid, cid,
                               (*at, "battle", "objectives", k, "victory"))
