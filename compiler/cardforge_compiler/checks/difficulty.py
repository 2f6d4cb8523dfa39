"""The pack's difficulty options (stage ``pack``, once per pack; issue 9): a
``destiny_start`` that raises the starting Destiny (CF834). Every Character begins a
Story at its maximum Destiny and the engine never puts it above that maximum, so a
rise does nothing. Names a difficulty option gives (decks, cards) are the reference
checks'; an option that empties a deck is CF820 (``checks/decks.py``).

Rule sources: Gascony's Legacy, Difficulty Adjustments ("Characters begin each Story
with 2 fewer Destiny tokens. They can still gain additional Destiny up to their
maximum"); Setup (each Character takes Destiny tokens equal to its board's Destiny).
"""

from __future__ import annotations

from collections.abc import Iterator

from cardforge_compiler.checks import check
from cardforge_compiler.diagnostics import Diagnostic
from cardforge_compiler.resolve import PackIR

__all__ = ["destiny_start_rises"]


@check("pack", "CF834")
def destiny_start_rises(pack: PackIR) -> Iterator[Diagnostic]:
    """A difficulty option's ``destiny_start`` (a change to the starting Destiny) is
    not positive: a Character already starts at its maximum, which the runtime never
    exceeds (``state.initial_state`` caps it), so a rise would be shown nowhere."""
    manifest = pack.pack
    if manifest is None:
        return
    for i, option in enumerate(manifest.difficulty):
        if option.destiny_start > 0:
            yield Diagnostic(
                "CF834", f"difficulty '{option.name}' raises the starting Destiny by {option.destiny_start}, but "
                         "every Character begins at its maximum Destiny and never goes above it: the rise does "
                         "nothing", **pack.board_where(pack.manifest, ("difficulty", i, "destiny_start")),
                hint="`destiny_start` changes the starting Destiny downward (the harder game: -2); to give more "
                     "Destiny raise the Character boards' `destiny`, or remove `destiny_start`")
