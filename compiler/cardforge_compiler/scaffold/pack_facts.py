"""What a scaffold needs to know of the pack it joins: its id, stats and players,
the ids of its stories, layouts and decks (a new one must not repeat them), its
card ids (a new story takes the next free hundred) and the first map tile side of
its components (what a new layout lays). Read through the compiler's own stages
(``pipeline.compile_paths``, no explorer), so a scaffold sees the pack as lint does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from cardforge_compiler.report import ConfigError

__all__ = ["PackFacts", "read_pack"]


@dataclass
class PackFacts:
    """A pack as a scaffold sees it. ``stories``, ``layouts`` and ``decks`` map each
    id or name to the file that defines it (as shown in diagnostics); ``side`` is the
    first map tile side of the components with its ``(columns, rows)``, ``None``
    when there is none; ``card_ids`` every card id of the pack's stories."""

    id: str
    stats: list[str]
    players_max: int
    stories: dict[str, str] = field(default_factory=dict)
    layouts: dict[str, str] = field(default_factory=dict)
    decks: dict[str, str] = field(default_factory=dict)
    card_ids: set[int] = field(default_factory=set)
    has_components: bool = False
    side: tuple[str, tuple[int, int]] | None = None

    def free_card_base(self) -> int:
        """The next hundred above every card id of the pack: 0 for a pack without
        cards, 100 for cards 1-4, 200 for 101-104 (a story's cards are numbered from
        it plus 1, so that stories keep their own ranges, as the shipped Acts do)."""
        return 0 if not self.card_ids else (max(self.card_ids) // 100 + 1) * 100


def read_pack(pack_dir: Path) -> PackFacts:
    """Read the pack whose ``pack.yaml`` is in ``pack_dir``.

    Raises:
        ConfigError: ``pack_dir`` is not a folder, holds no ``pack.yaml``, or its
        manifest is not valid (lint says why).
    """
    from cardforge_compiler.pipeline import compile_paths

    if not pack_dir.is_dir():
        raise ConfigError(f"{pack_dir} is not a folder: --pack names a pack's folder (the one holding its pack.yaml)")
    if not (pack_dir / "pack.yaml").is_file():
        raise ConfigError(f"{pack_dir} holds no pack.yaml: --pack names a pack's folder; "
                          f"`cardforge new pack NAME` makes a new pack")
    result = compile_paths([str(pack_dir)])
    root = pack_dir.resolve()
    packs = [p for p in result.packs if p.root is not None and p.root.resolve() == root]
    pack = packs[0] if packs else None
    if pack is None or pack.pack is None:
        raise ConfigError(f"the manifest {pack_dir / 'pack.yaml'} is not valid: `cardforge lint {pack_dir}` says why")
    manifest = pack.pack
    facts = PackFacts(id=manifest.id, stats=list(manifest.stats), players_max=manifest.players.max)
    for story in [*pack.stories, *pack.context_stories]:
        facts.stories.setdefault(story.id, story.doc.source.display)
        facts.card_ids.update(story.cards)
    for ident, doc in pack.layouts.items():
        facts.layouts[ident] = doc.source.display
    for name, doc in pack.decks.items():
        facts.decks[name] = doc.source.display
    # A story, layout or deck that failed validation still holds its id.
    for kind, name in pack.invalid:
        target = {"story": facts.stories, "battle-layout": facts.layouts, "deck": facts.decks}.get(kind)
        if target is not None and name:
            target.setdefault(name, "a file that does not validate")
    facts.has_components = pack.components is not None or pack.defined_but_invalid("components")
    for name, side in pack.map_tiles.items():
        facts.side = (name, (side.side.size[0], side.side.size[1]))
        break
    return facts
