"""What the name checks of Enemies, decks and abilities share (``enemy_refs``,
``deck_refs``, ``effect_refs``): whether a pack describes its Enemies and decks as
data, where a name is reported, and every target rule of the pack."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardforge_compiler.model import DECK_KINDS
from cardforge_compiler.resolve import PackIR
from cardforge_compiler.validate import Document

__all__ = ["describes_decks", "target_rules"]


def describes_decks(pack: PackIR) -> bool:
    """Whether ``pack`` describes its Enemies and decks as data: it holds at least one
    ``enemy``, ``named-enemy``, ``threat-deck`` or ``deck`` document (valid or not).
    A pack with none (a story- or board-only pack, as before format 1.5.0) names
    Enemies and decks that it does not describe, and is not checked for them."""
    return bool(pack.deck_docs) or any(kind in DECK_KINDS for kind, _ in pack.invalid)


def target_rules(pack: PackIR) -> Iterator[tuple[Document, tuple[str | int, ...], list[Any]]]:
    """Every target rule of the pack as ``(document, data path of the rule, selectors)``:
    an Enemy's ``priorities.target``, the manifest's ``enemy_rules.defaults`` per
    Enemy type, and the ``target`` of every ``attack`` effect."""
    for doc in pack.enemies.values():
        priorities = doc.model.priorities
        if priorities is not None:
            yield doc, ("priorities", "target"), priorities.target
    manifest = pack.pack
    if manifest is not None and manifest.enemy_rules is not None:
        for enemy_type in ("melee", "ranged"):
            priorities = getattr(manifest.enemy_rules.defaults, enemy_type)
            if priorities is not None:
                yield pack.manifest, ("enemy_rules", "defaults", enemy_type, "target"), priorities.target  # type: ignore[misc]
    for ref in pack.linked.effects:
        if ref.kind == "attack" and ref.params is not None:
            yield ref.doc, ref.param_path("target"), ref.params.target
