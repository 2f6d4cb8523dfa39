"""The pack manifest (pack stage): values that the schema alone cannot relate.

Gascony's Legacy, Setup and Dice Rolls: 1-4 players; six-sided dice whose 4 and 5
are one success and 6 two.
"""

from __future__ import annotations

from collections.abc import Iterator

from cardforge_compiler.checks import check
from cardforge_compiler.diagnostics import Diagnostic
from cardforge_compiler.resolve import PackIR

__all__ = ["manifest_values"]


@check("pack", "CF105")
def manifest_values(pack: PackIR) -> Iterator[Diagnostic]:
    """Player range in order; dice faces that exist on the die; names given once."""
    if pack.manifest is None or pack.pack is None:
        return
    model, doc = pack.pack, pack.manifest
    where = {"file": doc.source.display, "doc": doc.index}
    if model.players.min > model.players.max:
        yield Diagnostic("CF105", f"players.min ({model.players.min}) is greater than players.max "
                                  f"({model.players.max})", path=("players", "min"), **where,
                         hint="swap them, e.g. min: 1, max: 4")
    for field in ("single_success", "double_success", "advantage_adds", "disadvantage_removes"):
        for j, face in enumerate(getattr(model.dice, field)):
            if face > model.dice.sides:
                yield Diagnostic("CF105", f"a {model.dice.sides}-sided die has no face {face}",
                                 path=("dice", field, j), **where, hint=f"faces run from 1 to {model.dice.sides}")
    for field, names in (("stats", list(model.stats)), ("status_tokens", [t.name for t in model.status_tokens])):
        for j, name in enumerate(names):
            if name in names[:j]:
                path = ("stats", j) if field == "stats" else ("status_tokens", j, "name")
                yield Diagnostic("CF105", f"'{name}' is listed twice in {field}", path=path, **where,
                                 hint="remove the second one")
