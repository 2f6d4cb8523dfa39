"""The text of Battle objectives (board stage, once per pack): which objective a
misspelled text meant (:func:`meant_objective`, the one place that decides "close
to", used here and by CF715 in ``reachability``), and CF719, an objective whose text
the engine does not read but that is close to one it does.

The engine reads an objective's meaning from its text
(``cardforge_runtime.format.objective_meet``: ``Defeat all Enemies``, ``Defeat
<Named Enemy>``, ``Reach Exit``, ``Reveal <token>``); any other text is one the
players declare met ("table"), so ``Defeet all Enemies`` or ``Reach Exti`` would
make a Battle won at the players' word. The objectives a layout allows are written
by ``format.objective_text``, so nothing of the grammar is written here.

Rule source: Gascony's Legacy, "Battle Rounds" (Common Battle Objectives).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardforge_compiler.boards import LayoutIR
from cardforge_compiler.checks import check
from cardforge_compiler.diagnostics import Diagnostic, closest
from cardforge_compiler.resolve import PackIR
from cardforge_runtime.format import RANDOM_SEARCH_TOKEN, objective_meet, objective_text

__all__ = ["layout_objectives", "meant_objective", "objectives_read"]

#: How alike (difflib's ratio, 0 to 1) a text the engine does not read must be to an
#: objective it reads to be taken for a misspelling of it: ``Reach Exti`` (0.9) and
#: ``Defeet all Enemies`` (0.94) are; ``Reach the Balcony`` (0.52) and ``Reach Exit
#: alive`` (0.77), objectives of their own, are not.
TABLE_CUTOFF = 0.8


def layout_objectives(pack: PackIR, layout: LayoutIR | None) -> list[dict[str, Any]]:
    """The ``meet`` of every objective the engine reads that ``layout`` could hold
    (``None``: a layout the pack lacks, CF312): Defeat all Enemies, Reach Exit, Defeat
    each of its Named Enemies, Reveal each Search token placed on it (and each token
    of the box when it has a ``?`` square)."""
    meets: list[dict[str, Any]] = [{"kind": "defeat-all"}, {"kind": "reach-exit"}]
    if layout is None:
        return meets
    meets += [{"kind": "defeat", "enemy": named.name} for named in layout.model.named_enemies]
    labels = [t.token for t in layout.model.search_tokens]
    if RANDOM_SEARCH_TOKEN in labels and pack.components:
        labels += list(pack.components.model.search_tokens)
    meets += [{"kind": "reveal", "token": label} for label in dict.fromkeys(labels) if label != RANDOM_SEARCH_TOKEN]
    return meets


def meant_objective(text: str, meets: list[dict[str, Any]]) -> str | None:
    """The objective (its printed text) that ``text`` most likely meant, among the
    objectives ``meets`` (:func:`layout_objectives`), or ``None``.

    A text the engine reads as ``Defeat X`` or ``Reveal X`` keeps its verb: ``X`` is
    compared with what the objectives of that verb name (``Defeat all Enemeis`` ->
    ``Defeat all Enemies``, ``Defeat Rocheford`` -> ``Defeat Rochefort``; single-letter
    tokens only by case, ``Reveal a`` -> ``Reveal A``). Any other text is compared
    whole, at least :data:`TABLE_CUTOFF` alike (``Reach Exti`` -> ``Reach Exit``).
    Case is ignored; a final ``.`` or ``!`` is dropped, as the engine drops it. A
    text the engine reads as the objective found (``Reach the Exit``) meant nothing
    else: ``None``."""
    text = text.strip().rstrip(".!").strip()
    texts = [objective_text(meet) for meet in meets]
    if objective_meet(text)["kind"] == "table":
        found = closest(text, texts, cutoff=TABLE_CUTOFF)
    else:
        verb, _, rest = text.partition(" ")
        same_verb = {known.partition(" ")[2]: known for known in texts
                     if known.partition(" ")[0].casefold() == verb.casefold()}
        meant = closest(rest, same_verb)
        found = same_verb[meant] if meant is not None else None
    if found is None or objective_meet(str(found)) == objective_meet(text):
        return None                         # nothing close, or the text already reads as it (`Reach the Exit`)
    return str(found)


@check("board", "CF719")
def objectives_read(pack: PackIR) -> Iterator[Diagnostic]:
    """An objective the engine does not read (the players would declare it met) whose
    text is close to one it reads on that layout: ``Reach Exti``."""
    for lid, uses in pack.battles.items():
        meets = layout_objectives(pack, pack.board_layouts.get(lid))
        for use in uses:
            for text, path in use.objectives():
                if objective_meet(text)["kind"] != "table":
                    continue
                meant = meant_objective(text, meets)
                if meant:
                    yield Diagnostic(
                        "CF719", f"objective '{text}' is not one the engine reads, so the players would declare it "
                                 f"met: it looks like a misspelled '{meant}'",
                        **use.story.where(path), hint=f"did you mean '{meant}'?")
