"""What a story graph picture shows, independent of the output format.

A :class:`Picture` holds one :class:`Cluster` per story drawn (an Act of Gascony's
Legacy is one story; a pack's stories come in the order of its ``campaign``), each
with its cards (:class:`Node`, in authoring order, then a Victory and a Defeat node
when some way reaches them) and its ways forward (:class:`Link`, in flow order). Each
card carries the codes of the findings about it (:data:`FINDINGS`): the graph checks'
CF401/CF402/CF403 and the state explorer's CF901/CF903/CF908, taken from the
diagnostics of the compile, so the picture colours what ``cardforge lint`` reports.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cardforge_compiler.diagnostics import RULES

if TYPE_CHECKING:
    from cardforge_compiler.diagnostics import Diagnostic
    from cardforge_compiler.resolve import StoryIR

__all__ = ["BY_CODE", "FINDINGS", "Cluster", "Finding", "Link", "Node", "Picture", "build_picture", "label_text"]


@dataclass(frozen=True)
class Finding:
    """One kind of finding drawn on a card: its diagnostic ``code``, the ``fill``
    colour of the card (``#rrggbb``) and the legend's words."""

    code: str
    fill: str
    words: str

    @property
    def name(self) -> str:
        """The code's name in the registry (``dead-end``)."""
        return RULES[self.code].name


#: The findings a card is coloured by, most serious first: a card with several is
#: filled with the first one's colour (every code is listed in its tooltip). Colours
#: are light tints, told apart without red-green vision (after the Okabe-Ito palette).
FINDINGS: tuple[Finding, ...] = (
    Finding("CF403", "#f4a582", "no ending can be reached from it (graph)"),
    Finding("CF908", "#d6a0e0", "in play, a loop the players never leave (explorer)"),
    Finding("CF901", "#f1a9c9", "in play, the story can stop here (explorer)"),
    Finding("CF402", "#fdd868", "it, or a branch in it, has no way forward (graph)"),
    Finding("CF401", "#c8c8c8", "the start card cannot reach it (graph)"),
    Finding("CF903", "#9ecae1", "no line of play draws it (explorer)"),
)
_ORDER = {f.code: i for i, f in enumerate(FINDINGS)}
BY_CODE = {f.code: f for f in FINDINGS}
#: The fill of a card with no finding, of Victory and of Defeat.
PLAIN, VICTORY, DEFEAT = "#ffffff", "#b8e0b0", "#e3e3e3"


def label_text(text: str, limit: int = 40) -> str:
    """Author text as a one-line label: whitespace runs made one space, control
    characters escaped (``\\x1b``: a graph printed to a terminal cannot drive it), cut
    at ``limit`` characters with ``…``."""
    from cardforge_compiler.report import shown

    text = shown(" ".join(text.split()))
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass
class Node:
    """A card (``card`` its number) or an ending (``card`` ``None``, ``kind``
    ``victory``/``defeat``). ``key`` is its id in the picture, unique across clusters
    (``c11``, ``ending_victory``; ``s1_c11`` when several stories are drawn: never
    a Mermaid keyword such as ``end``); ``findings`` its codes, most
    serious first; ``messages`` the diagnostics' messages, for the tooltip."""

    key: str
    kind: str
    label: str
    card: int | None = None
    start: bool = False
    findings: list[str] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)

    @property
    def fill(self) -> str:
        """The fill colour: the most serious finding's, else plain, green for Victory."""
        if self.findings:
            return BY_CODE[self.findings[0]].fill
        return {"victory": VICTORY, "defeat": DEFEAT}.get(self.kind, PLAIN)


@dataclass(frozen=True)
class Link:
    """A way forward from node ``source`` to node ``target`` (keys): ``via`` as in
    :class:`cardforge_compiler.analyse.Edge`, ``label`` (``""`` for a plain goto) and
    ``conditional`` when it needs a condition (drawn dashed)."""

    source: str
    target: str
    via: str
    label: str
    conditional: bool


@dataclass
class Cluster:
    """One story: ``key`` (unique, usable as an id), ids, title, nodes and links;
    ``explored``: what the state explorer said of it (``None``: it did not run);
    ``prefix``: what its node keys begin with (``s1_`` when several stories are drawn)."""

    key: str
    pack: str
    story: str
    title: str
    nodes: list[Node]
    links: list[Link]
    explored: str | None = None
    prefix: str = ""

    def local(self, node_key: str) -> str:
        """A node's key without the cluster's prefix: ``c11``, ``ending_victory``."""
        return node_key.removeprefix(self.prefix)

    def element_id(self, node_key: str) -> str:
        """The ``id`` of a node's element in SVG and DOT: ``s0-c11`` (cluster key, ``-``,
        the key without the prefix), whether one story or several are drawn."""
        return f"{self.key}-{self.local(node_key)}"


@dataclass
class Picture:
    """Everything drawn: the clusters, in order, and a note on the state explorer
    (shown under the legend)."""

    clusters: list[Cluster]
    explorer: str

    def found(self) -> dict[str, int]:
        """How many cards carry each finding code (codes with none left out)."""
        counts: dict[str, int] = {}
        for cluster in self.clusters:
            for node in cluster.nodes:
                for code in node.findings:
                    counts[code] = counts.get(code, 0) + 1
        return counts


def _story_findings(story: StoryIR, diagnostics: list[Diagnostic]) -> dict[int, list[Diagnostic]]:
    """The diagnostics with a finding code about a card of ``story`` (same file and
    YAML document), by card."""
    by_card: dict[int, list[Diagnostic]] = {}
    for diag in diagnostics:
        if (diag.code in BY_CODE and diag.card is not None and diag.file == story.doc.source.display
                and diag.doc == story.doc.index):
            by_card.setdefault(diag.card, []).append(diag)
    return by_card


def _cluster(story: StoryIR, key: str, prefix: str, diagnostics: list[Diagnostic], explored: str | None) -> Cluster:
    analysis = story.analysis
    found = _story_findings(story, diagnostics)
    nodes = []
    for card_id, card in story.cards.items():
        diags = sorted(found.get(card_id, []), key=lambda d: _ORDER[d.code])
        nodes.append(Node(f"{prefix}c{card_id}", "card", f"{card_id}: {label_text(card.model.title)}", card_id,
                          start=card_id == story.model.start, findings=list(dict.fromkeys(d.code for d in diags)),
                          messages=[f"{d.code} {d.message}" for d in diags]))
    links = []
    endings = set()
    for edge in analysis.edges if analysis is not None else []:
        if edge.target is not None and edge.target not in story.cards:
            continue
        if edge.target is None:
            endings.add(edge.via)
        target = f"{prefix}c{edge.target}" if edge.target is not None else f"{prefix}ending_{edge.via}"
        links.append(Link(f"{prefix}c{edge.source}", target, edge.via,
                          label_text(edge.label) if edge.via != "goto" else "", bool(edge.conditions)))
    for kind in ("victory", "defeat"):
        if kind in endings:
            nodes.append(Node(f"{prefix}ending_{kind}", kind, "Victory!" if kind == "victory" else "Defeat"))
    return Cluster(key, story.pack.pack.id if story.pack.pack is not None else "", story.id,
                   label_text(story.model.title, 60), nodes, links, explored, prefix)


def build_picture(stories: list[StoryIR], diagnostics: list[Diagnostic], explorations: dict[int, str] | None,
                  explorer: str) -> Picture:
    """The picture of ``stories`` (analysed), coloured by the finding ``diagnostics``
    of the compile. ``explorations`` maps ``id(story)`` to the explorer's one-line
    summary of it (``None``: the explorer did not run); ``explorer`` is the note
    shown under the legend. One story: node keys are ``c11``, ``ending_victory``; several:
    ``s0_c11``, ``s1_ending_victory`` (``s`` and the story's place in the picture, from
    0); element ids ``s0-c11`` either way (:meth:`Cluster.element_id`)."""
    clusters = []
    for index, story in enumerate(stories):
        prefix = "" if len(stories) == 1 else f"s{index}_"
        explored = None if explorations is None else explorations.get(id(story), "not explored")
        clusters.append(_cluster(story, f"s{index}", prefix, diagnostics, explored))
    return Picture(clusters, explorer)
