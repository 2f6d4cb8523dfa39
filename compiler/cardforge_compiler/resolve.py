"""Stage 3, resolve: group documents into packs, index cards, declare each story's
names and parse and type every condition.

Produces the intermediate representation every later stage reads
(:class:`PackIR`, :class:`StoryIR`, :class:`CardIR`, :class:`ConditionIR`). The
checks of this stage only read it: the reference checks, which must run *before*
any graph is built (a graph library would silently create a node for a missing
card), in :mod:`cardforge_compiler.checks.references`, and the condition checks in
:mod:`cardforge_compiler.checks.conditions`.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardforge_compiler.conditions import (
    BUILTIN_NAMES,
    FUNCTIONS,
    KEYWORDS,
    ConditionSyntaxError,
    ConditionTypeError,
    Spans,
    parse_condition_spans,
)
from cardforge_compiler.diagnostics import Diagnostic
from cardforge_compiler.load import SourceFile
from cardforge_compiler.model import DECK_KINDS, Card, Pack, Story, step_kind
from cardforge_compiler.resolve_board import MapTileSideIR, join_board
from cardforge_compiler.resolve_decks import DecksIR, item_sources, join_decks, link_decks
from cardforge_compiler.validate import Document
from cardforge_runtime.format import condition_names, condition_type

if TYPE_CHECKING:
    from cardforge_compiler.analyse import StoryAnalysis
    from cardforge_compiler.boards import BattleUse, LayoutIR
    from cardforge_compiler.resolve_pack_conditions import PackConditions

__all__ = ["RESERVED", "CardIR", "ConditionIR", "MapTileSideIR", "PackIR", "StepRef", "StoryIR", "condition_sources",
           "group_packs", "resolve_story", "walk_steps"]

#: Words a flag or counter cannot be named: built-in names, functions, keywords.
RESERVED = frozenset(BUILTIN_NAMES) | frozenset(FUNCTIONS) | KEYWORDS


@dataclass
class ConditionIR:
    """One condition as written (``source``, at data ``path``) and what resolve made
    of it: its syntax ``tree`` (``None`` when it cannot be parsed), where each node
    was written (``spans``), and the ``error`` that stopped it, if any: a
    :class:`ConditionSyntaxError`, or the bundle format's
    :class:`ConditionTypeError` (an unknown name or function, a type mismatch, a
    condition that is not true/false), whose ``path`` locates the offending node. A
    tree with a type error still tells which names the condition reads; a condition
    that cannot be parsed keeps in ``spelled`` the declared flags and counters its
    words spell (in order, with repeats), so that one syntax error does not also make
    them look unread."""

    path: tuple
    source: str
    tree: dict | None = None
    spans: Spans = field(default_factory=dict)
    error: ConditionSyntaxError | ConditionTypeError | None = None
    spelled: tuple[str, ...] = ()

    def column(self, node_path: tuple = ()) -> int:
        """The 1-based column, in the condition text, where the node at ``node_path``
        was written (its nearest written ancestor's, else 1)."""
        while node_path not in self.spans and node_path:
            node_path = node_path[:-1]
        return self.spans.get(node_path, (1, 1))[0]


@dataclass
class CardIR:
    """A card in its story: ``model``, its data ``path`` (``("cards", 3)``) and the
    document it came from."""

    model: Card
    path: tuple[str | int, ...]
    doc: Document

    @property
    def id(self) -> int:
        return self.model.id


@dataclass
class StoryIR:
    """A story with its cards indexed by id (first definition wins; duplicates are
    reported). :func:`resolve_story` fills ``names`` (the type of every name its
    conditions may read), ``parsed`` (every condition, parsed or not) and
    ``conditions`` (the tree of every well-typed true/false condition, keyed by the
    data path of its ``if``); the analyse stage sets ``analysis``."""

    doc: Document
    pack: PackIR
    cards: dict[int, CardIR] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)
    parsed: list[ConditionIR] = field(default_factory=list)
    conditions: dict[tuple, dict] = field(default_factory=dict)
    analysis: StoryAnalysis | None = None

    @property
    def model(self) -> Story:
        return self.doc.model  # type: ignore[return-value]  # built only from Story documents

    @property
    def id(self) -> str:
        return self.doc.model.id

    @functools.cached_property
    def step_refs(self) -> list[tuple[CardIR, StepRef]]:
        """Every step of every card, nested ones included, in reading order
        (computed once; every check walks this list)."""
        return [(card, ref) for card in self.cards.values()
                for ref in walk_steps(card.model.steps, (*card.path, "steps"))]

    def where(self, path: tuple, anchor: str = "value") -> dict[str, Any]:
        """Keyword arguments that locate a diagnostic at ``path`` in this story (and
        name the card the path lies in)."""
        card = self.model.cards[path[1]].id if len(path) >= 2 and path[0] == "cards" else None
        return {"file": self.doc.source.display, "doc": self.doc.index, "path": path, "anchor": anchor,
                "card": card}


#: The Enemy and deck documents (``DECK_KINDS``) in words, to name one in a diagnostic:
#: a file holds several of them (docs/format.md, Enemies and decks).
_ENTITY_WORDS = {"enemy": "Enemy", "named-enemy": "Named Enemy", "threat-deck": "Threat deck", "deck": "deck"}


@dataclass
class PackIR:
    """A content pack: its folder, manifest (``None`` if missing or invalid), stories
    (those of the files being checked; ``context_stories``: those of the pack's other
    files, read as context when single files are checked, cards indexed but not
    resolved, analysed or emitted), and its board documents (Gascony's Legacy, Component List; Terrain Tiles; Battle
    Cards - Setup): the ``components`` document (``None`` if none), ``map_tiles`` (each
    side of its map tile pieces by side name), ``keywords`` and ``terrain_tiles`` by
    name, ``layouts`` by id (each the first definition; duplicates are ``CF107``),
    ``board_docs``, every valid board document in load order; its Enemy and deck
    documents by name (``enemies``, ``named_enemies``, ``threat_decks``, ``decks``;
    ``deck_docs`` all of them in load order; ``linked``: their names linked,
    :mod:`cardforge_compiler.resolve_decks`); and ``invalid``, the
    ``(kind, id or name)`` of the pack's documents that failed validation."""

    root: Path | None
    display: str
    manifest: Document | None = None
    stories: list[StoryIR] = field(default_factory=list)
    context_stories: list[StoryIR] = field(default_factory=list)
    components: Document | None = None
    map_tiles: dict[str, MapTileSideIR] = field(default_factory=dict)
    keywords: dict[str, Document] = field(default_factory=dict)
    terrain_tiles: dict[str, Document] = field(default_factory=dict)
    layouts: dict[str, Document] = field(default_factory=dict)
    board_docs: list[Document] = field(default_factory=list)
    enemies: dict[str, Document] = field(default_factory=dict)
    named_enemies: dict[str, Document] = field(default_factory=dict)
    threat_decks: dict[str, Document] = field(default_factory=dict)
    decks: dict[str, Document] = field(default_factory=dict)
    deck_docs: list[Document] = field(default_factory=list)
    invalid: set[tuple[str, str]] = field(default_factory=set)

    def defined_but_invalid(self, kind: str, name: str = "") -> bool:
        """Whether a document of ``kind`` named ``name`` (any, for ``""``) is in the
        pack but failed validation: a reference to it is not also reported as unknown
        (one fault, one report). A failed document of that kind whose id or name could
        not be read (``""``) may be the one meant: it counts for every name."""
        return any(k == kind and (not name or n in (name, "")) for k, n in self.invalid)

    def board_where(self, doc: Document, path: tuple, anchor: str = "value") -> dict[str, Any]:
        """Keyword arguments that locate a diagnostic at ``path`` in document ``doc`` (a
        board, Enemy or deck document, the manifest, or a story: then the card the path
        lies in is named, as :meth:`StoryIR.where` does, ``at card 12: steps[0]...``)."""
        where: dict[str, Any] = {"file": doc.source.display, "doc": doc.index, "path": path, "anchor": anchor}
        if isinstance(doc.model, Story) and len(path) >= 2 and path[0] == "cards":
            where["card"] = doc.model.cards[path[1]].id
        elif getattr(doc.model, "kind", None) in _ENTITY_WORDS:
            words, depth = f"{_ENTITY_WORDS[doc.model.kind]} '{doc.model.name}'", 0
            cards = getattr(doc.model, "cards", None)
            if cards and len(path) >= 2 and path[0] == "cards" and isinstance(path[1], int) and path[1] < len(cards):
                words, depth = f"{words}, card '{cards[path[1]].name}'", 2
            where["within"] = (words, depth)
        return where

    @property
    def pack(self) -> Pack | None:
        return self.manifest.model if self.manifest else None  # type: ignore[return-value]

    @functools.cached_property
    def linked(self) -> DecksIR:
        """The names of the pack's Enemy and deck documents linked (supply, Threat
        decks, deck roles, Starting Weapons), once, after the pack is grouped."""
        return link_decks(self)

    @functools.cached_property
    def conditions(self) -> PackConditions:
        """The story conditions of the pack's effects and ``on_death`` options, parsed
        and typed once (:mod:`cardforge_compiler.resolve_pack_conditions`)."""
        from cardforge_compiler.resolve_pack_conditions import resolve_pack_conditions

        return resolve_pack_conditions(self)

    @functools.cached_property
    def board_layouts(self) -> dict[str, LayoutIR]:
        """Every battle layout by id, analysed once on first use (its runtime Board,
        placed squares, Characters' movement graph and reach): :mod:`cardforge_compiler.boards`."""
        from cardforge_compiler.boards import layout_irs

        return layout_irs(self)

    @functools.cached_property
    def battles(self) -> dict[str, list[BattleUse]]:
        """The Battle steps of the pack's stories by the layout id they name."""
        from cardforge_compiler.boards import battle_uses

        return battle_uses(self)

    @functools.cached_property
    def item_sources(self) -> tuple[frozenset[str], tuple[str, ...]]:
        """Every item something in the pack can provide, and the decks drawn from
        that no ``kind: deck`` document describes: computed once, after the stories
        are grouped, by :func:`cardforge_compiler.resolve_decks.item_sources`."""
        return item_sources(self)


@dataclass
class StepRef:
    """A step met while walking a card: the step model, its kind, its data path and
    the lists it is nested in."""

    step: Any
    kind: str
    path: tuple[str | int, ...]


def walk_steps(steps: list[Any], path: tuple[str | int, ...]) -> Iterator[StepRef]:
    """Every step of a step list, depth first in reading order, with nested steps of
    choice options, challenge outcomes and ``if`` branches. Iterative, so deep
    nesting cannot hit the recursion limit."""
    stack: list[tuple[list[Any], tuple, int]] = [(steps, path, 0)]
    while stack:
        items, base, i = stack.pop()
        if i >= len(items):
            continue
        stack.append((items, base, i + 1))
        step = items[i]
        kind = step_kind(step)
        here = (*base, i)
        yield StepRef(step, kind or "", here)
        for sub, sub_path in _children(step, kind, here):
            stack.append((sub, sub_path, 0))


def _children(step: Any, kind: str | None, here: tuple) -> list[tuple[list[Any], tuple]]:
    """Nested step lists of a step, in reverse reading order (for the stack)."""
    out: list[tuple[list[Any], tuple]] = []
    if kind == "choice":
        for j, option in enumerate(step.choice):
            out.append((option.steps, (*here, "choice", j, "steps")))
    elif kind == "challenge":
        out.append((step.challenge.pass_, (*here, "challenge", "pass")))
        out.append((step.challenge.fail, (*here, "challenge", "fail")))
    elif kind == "if":
        out.append((step.then, (*here, "then")))
        out.append((step.else_, (*here, "else")))
    out.reverse()
    return out


def condition_sources(ref: StepRef) -> Iterator[tuple[str, tuple]]:
    """Every condition text held by a step, with the data path of its ``if``."""
    if ref.kind == "if":
        yield ref.step.if_, (*ref.path, "if")
    elif ref.kind == "choice":
        for j, option in enumerate(ref.step.choice):
            if option.if_ is not None:
                yield option.if_, (*ref.path, "choice", j, "if")


def resolve_story(story: StoryIR) -> None:
    """Declare the story's names and parse and type every condition.

    ``story.names`` gets the built-in names, then each flag (``bool``) and counter
    (``number``) that is not a reserved word, the first declaration winning;
    ``story.parsed`` every condition; ``story.conditions`` the trees of those that
    are well-typed true/false conditions. Never raises for bad content: the checks
    of :mod:`cardforge_compiler.checks.conditions` report what went wrong.
    """
    flags = [flag for flag in story.model.flags if flag not in RESERVED]
    counters = [counter for counter in story.model.counters if counter not in RESERVED and counter not in flags]
    story.names = condition_names(flags, counters)
    story.parsed = []
    story.conditions = {}
    for _card, ref in story.step_refs:
        for source, path in condition_sources(ref):
            condition = ConditionIR(path, source)
            story.parsed.append(condition)
            try:
                condition.tree, condition.spans = parse_condition_spans(source)
                condition_type(condition.tree, story.names, "bool")
            except ConditionSyntaxError as exc:
                condition.error = exc
                condition.spelled = spelled_names(source, story.names)
                continue
            except ConditionTypeError as exc:
                condition.error = exc
                continue
            story.conditions[path] = condition.tree


#: A word of a condition, or text in quotes (skipped: an item or token name is not a read).
_WORD = re.compile(r"\"[^\"]*\"?|'[^']*'?|[A-Za-z_][A-Za-z0-9_]*")


def spelled_names(source: str, names: dict[str, str]) -> tuple[str, ...]:
    """The declared flags and counters (keys of ``names`` that are not built-in)
    that the words of a condition spell, outside text in quotes, in order with
    repeats. A scan of the words alone, for a condition that cannot be parsed."""
    words = (m.group() for m in _WORD.finditer(source))
    return tuple(w for w in words if w in names and w not in BUILTIN_NAMES)


def group_packs(documents: list[Document], files: list[SourceFile]) -> tuple[list[PackIR], list[Diagnostic]]:
    """Group validated documents by pack folder and index every story's cards.

    Board documents join their pack (``components``, ``keywords``, ``terrain_tiles``,
    ``layouts``, ``map_tiles`` by side name; the first definition wins: a second
    document of the same name is ``CF107`` from :func:`validate_ids.duplicate_ids`).

    Returns the packs (sorted by folder) and ``CF109`` (no manifest or several),
    ``CF302`` (card id used twice in a pack) and ``CF107`` (a map tile side name used
    twice) diagnostics.
    """
    diagnostics: list[Diagnostic] = []
    packs: dict[str, PackIR] = {}
    for sf in files:
        key = str(sf.pack_root) if sf.pack_root else ""
        if key not in packs:
            display = sf.display.rsplit("/", sf.rel.count("/") + 1)[0] if sf.pack_root and "/" in sf.display else "."
            packs[key] = PackIR(root=sf.pack_root, display=display)
    files_by_pack = {key: [sf for sf in files if (str(sf.pack_root) if sf.pack_root else "") == key] for key in packs}
    # The manifest in a file named pack.yaml wins over one elsewhere in the pack.
    ordered = sorted(documents, key=lambda d: not (isinstance(d.model, Pack) and d.source.rel == "pack.yaml"))
    stories: dict[str, list[StoryIR]] = {key: [] for key in packs}     # all, in load order
    for doc in ordered:
        pack = packs[str(doc.source.pack_root) if doc.source.pack_root else ""]
        if isinstance(doc.model, Pack):
            if pack.manifest is None:
                pack.manifest = doc
            else:
                diagnostics.append(Diagnostic(
                    "CF109", f"a second pack manifest in this pack (the first is in {pack.manifest.source.display})",
                    file=doc.source.display, doc=doc.index, path=("kind",),
                    hint="a pack folder has exactly one `kind: pack` document; move one pack to its own folder"))
        elif isinstance(doc.model, Story):
            story = StoryIR(doc=doc, pack=pack)
            (pack.context_stories if doc.source.context else pack.stories).append(story)
            stories[str(doc.source.pack_root) if doc.source.pack_root else ""].append(story)
        elif doc.model.kind in DECK_KINDS:
            pack.deck_docs.append(doc)
            join_decks(pack, doc)
        else:
            pack.board_docs.append(doc)
            diagnostics += join_board(pack, doc)
    for key, pack in packs.items():
        pack.invalid = {entry for sf in files_by_pack[key] for entry in sf.invalid}
        pack_yaml = [sf for sf in files_by_pack[key] if sf.rel == "pack.yaml"]
        tried = any("pack" in sf.kinds or (sf.failed and sf.rel == "pack.yaml") for sf in files_by_pack[key])
        if pack.manifest is None and (stories[key] or pack.board_docs or pack.deck_docs) and not tried:
            # (a manifest that is there but invalid has its own diagnostics already)
            message = (f"{pack_yaml[0].display} holds no `kind: pack` document" if pack_yaml
                       else "no pack.yaml found in this file's folder or any folder above it")
            diagnostics.append(Diagnostic(
                "CF109", message, file=(pack_yaml or files_by_pack[key])[0].display, line=1, column=1,
                hint=("add a document with kind: pack, id, title, version, players, stats and dice" if pack_yaml
                      else "create pack.yaml with kind: pack, id, title, version, players, stats and dice")))
        seen: dict[int, tuple[StoryIR, CardIR]] = {}
        for story in stories[key]:
            for index, card in enumerate(story.model.cards):
                ir = CardIR(card, ("cards", index), story.doc)
                if card.id in seen:
                    first_story, first = seen[card.id]
                    where = "in this story" if first_story is story else f"in story '{first_story.id}'"
                    diagnostics.append(Diagnostic(
                        "CF302", f"card {card.id} is already defined {where}",
                        **story.where((*ir.path, "id")),
                        see=(first.doc.source.display, first.doc.index, (*first.path, "id")),
                        hint="Story card numbers are unique across a pack: renumber one of them"))
                    if first_story is story:
                        continue  # the first definition in a story wins
                else:
                    seen[card.id] = (story, ir)
                story.cards[card.id] = ir
    return [packs[k] for k in sorted(packs)], diagnostics
