"""Story graphs as Graphviz DOT or Mermaid text (``cardforge graph``).

Nodes are the story's cards (``11: Arrival in Paris``) plus one ``Victory!`` and
one ``Defeat`` node per story when reached; edges are labelled with the choice
text, challenge outcome, battle objective or ``if`` branch they stand for.
Output is deterministic (cards in authoring order, edges in flow order).
"""

from __future__ import annotations

import json

from cardforge_compiler.analyse import StoryAnalysis
from cardforge_compiler.report import shown

__all__ = ["to_dot", "to_mermaid"]


def _node(target: int | None, via: str) -> str:
    return f"c{target}" if target is not None else via


def _label(text: str, limit: int = 40) -> str:
    """Author text as a one-line label: whitespace runs made one space, other control
    characters escaped (``\\x1b``: a graph printed to a terminal cannot drive it),
    cut at ``limit`` characters."""
    text = shown(" ".join(text.split()))
    return text if len(text) <= limit else text[: limit - 1] + "…"


def to_dot(analysis: StoryAnalysis) -> str:
    """The story graph in Graphviz DOT (``dot -Tsvg`` renders it)."""
    story = analysis.story
    def q(text: str) -> str:  # a JSON string is a valid DOT quoted string; Graphviz reads UTF-8
        return json.dumps(text, ensure_ascii=False)

    lines = [f"digraph {q(story.id)} {{", "  rankdir=TB;", "  node [shape=box, style=rounded];"]
    for card_id, card in story.cards.items():
        extra = ", penwidth=2" if card_id == story.model.start else ""
        lines.append(f"  c{card_id} [label={q(f'{card_id}: {_label(card.model.title)}')}{extra}];")
    kinds = {e.via for e in analysis.edges if e.target is None}
    for kind in sorted(kinds):
        lines.append(f"  {kind} [label={q('Victory!' if kind == 'victory' else 'Defeat')}, shape=doublecircle];")
    for e in analysis.edges:
        if e.target is not None and e.target not in story.cards:
            continue
        label = _label(e.label) if e.via != "goto" else ""
        style = ", style=dashed" if e.conditions else ""
        lines.append(f"  c{e.source} -> {_node(e.target, e.via)} [label={q(label)}{style}];")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _mermaid_text(text: str) -> str:
    return text.replace('"', "#quot;").replace("|", "#124;")


def to_mermaid(analysis: StoryAnalysis) -> str:
    """The story graph as a Mermaid flowchart (GitHub renders it in Markdown).
    Node ids are prefixed (``c11``, ``ending_victory``) so that no id is a Mermaid
    keyword such as ``end``."""
    story = analysis.story
    lines = ["flowchart TD"]
    for card_id, card in story.cards.items():
        lines.append(f'  c{card_id}["{_mermaid_text(f"{card_id}: {_label(card.model.title)}")}"]')
    kinds = sorted({e.via for e in analysis.edges if e.target is None})
    for kind in kinds:
        lines.append(f'  ending_{kind}(("{"Victory!" if kind == "victory" else "Defeat"}"))')
    for e in analysis.edges:
        if e.target is not None and e.target not in story.cards:
            continue
        target = f"c{e.target}" if e.target is not None else f"ending_{e.via}"
        arrow = "-.->" if e.conditions else "-->"
        label = _label(e.label) if e.via != "goto" else ""
        text = f'|"{_mermaid_text(label)}"|' if label else ""
        lines.append(f"  c{e.source} {arrow}{text} {target}")
    if story.model.start in story.cards:
        lines.append(f"  style c{story.model.start} stroke-width:3px")
    return "\n".join(lines) + "\n"
