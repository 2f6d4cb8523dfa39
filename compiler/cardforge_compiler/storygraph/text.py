"""A story graph :class:`~.model.Picture` as Graphviz DOT, a Mermaid flowchart or
GraphML: the same nodes, clusters (one per story), finding colours and legend as the
SVG (:mod:`.svg`), for other tools to draw. Output is deterministic (nodes and edges
in the picture's order)."""

from __future__ import annotations

import json
from typing import Any

from cardforge_compiler.storygraph.model import BY_CODE, FINDINGS, Picture

__all__ = ["to_dot", "to_graphml", "to_mermaid"]


def _q(text: str) -> str:
    """A DOT quoted string: a JSON string is one (Graphviz reads UTF-8)."""
    return json.dumps(text, ensure_ascii=False)


def to_dot(picture: Picture) -> str:
    """The picture in Graphviz DOT (``dot -Tsvg`` renders it): a ``cluster_``
    subgraph per story, cards filled by finding (``class`` names the codes, which
    Graphviz's SVG keeps), a legend cluster listing the finding colours."""
    name = picture.clusters[0].story if len(picture.clusters) == 1 else "stories"
    lines = [f"digraph {_q(name)} {{", "  rankdir=TB;", "  node [shape=box, style=\"rounded,filled\", "
             "fillcolor=\"#ffffff\", fontname=\"sans-serif\"];", "  edge [fontname=\"sans-serif\", fontsize=10];"]
    for cluster in picture.clusters:
        title = f"{cluster.title} ({cluster.story})"
        if cluster.explored is not None:
            title += f"\nstate explorer: {cluster.explored}"
        lines += [f"  subgraph {_q('cluster_' + cluster.key)} {{", f"    label={_q(title)};",
                  "    style=rounded; color=\"#8a8a8a\";"]
        for node in cluster.nodes:
            attrs = [f"label={_q(node.label)}", f"fillcolor={_q(node.fill)}", f"id={_q(cluster.element_id(node.key))}"]
            classes = [node.kind, *node.findings]
            attrs.append(f"class={_q(' '.join(classes))}")
            if node.kind != "card":
                attrs.append("shape=ellipse")
            if node.start:
                attrs.append("penwidth=3")
            if "CF401" in node.findings:
                attrs[1] = f"fillcolor={_q(node.fill)}, style=\"rounded,filled,dashed\""
            if node.messages:
                attrs.append(f"tooltip={_q(chr(10).join(node.messages))}")
            lines.append(f"    {node.key} [{', '.join(attrs)}];")
        for link in cluster.links:
            style = ", style=dashed" if link.conditional else ""
            lines.append(f"    {link.source} -> {link.target} [label={_q(link.label)}{style}];")
        lines.append("  }")
    lines += ["  subgraph cluster_legend {", "    label=\"Legend\"; style=rounded; color=\"#8a8a8a\";"]
    found = picture.found()
    previous = None
    for finding in FINDINGS:
        count = found.get(finding.code, 0)
        text = f"{finding.code} {finding.name}: {finding.words} ({_cards(count)})"
        key = f"legend_{finding.code}"
        lines.append(f"    {key} [label={_q(text)}, fillcolor={_q(finding.fill)}, class=\"legend\"];")
        if previous:
            lines.append(f"    {previous} -> {key} [style=invis];")
        previous = key
    lines.append(f"    legend_explorer [label={_q(picture.explorer)}, shape=plaintext, class=\"legend\"];")
    lines.append(f"    {previous} -> legend_explorer [style=invis];")
    lines += ["  }", "}"]
    return "\n".join(lines) + "\n"


def _cards(count: int) -> str:
    return f"{count} card" + ("" if count == 1 else "s")


def _class(code: str) -> str:
    """A finding's Mermaid class name: its code's name, ``_`` for ``-`` (``dead_end``)."""
    return BY_CODE[code].name.replace("-", "_")


def _mermaid(text: str) -> str:
    return text.replace('"', "#quot;").replace("|", "#124;")


def to_mermaid(picture: Picture) -> str:
    """The picture as a Mermaid flowchart (GitHub renders it in Markdown): a
    ``subgraph`` per story, a ``classDef`` per finding (``dead_end``), a legend
    subgraph of the findings shown (none when there are none). Node ids are prefixed
    (``c11``, ``ending_victory``, ``s1_c11``) so that none is a Mermaid keyword such as ``end``."""
    lines = ["flowchart TD"]
    several = len(picture.clusters) > 1
    for cluster in picture.clusters:
        pad = "    " if several else "  "
        if several:
            lines.append(f'  subgraph {cluster.key}["{_mermaid(f"{cluster.title} ({cluster.story})")}"]')
        for node in cluster.nodes:
            if node.kind == "card":
                lines.append(f'{pad}{node.key}["{_mermaid(node.label)}"]')
            else:
                lines.append(f'{pad}{node.key}(("{node.label}"))')
        for link in cluster.links:
            arrow = "-.->" if link.conditional else "-->"
            text = f'|"{_mermaid(link.label)}"|' if link.label else ""
            lines.append(f"{pad}{link.source} {arrow}{text} {link.target}")
        if several:
            lines.append("  end")
    found = picture.found()
    if found:       # a legend of the findings shown
        lines.append('  subgraph legend["Legend"]')
        for finding in FINDINGS:
            if finding.code in found:
                text = f"{finding.code} {finding.name}: {finding.words} ({_cards(found[finding.code])})"
                lines.append(f'    legend_{finding.code}["{_mermaid(text)}"]')
        lines.append("  end")
    for finding in FINDINGS:
        lines.append(f"  classDef {_class(finding.code)} fill:{finding.fill},stroke:#222222")
    for finding in FINDINGS:
        if finding.code in found:
            lines.append(f"  class legend_{finding.code} {_class(finding.code)}")
    for cluster in picture.clusters:
        for node in cluster.nodes:
            if node.findings:
                lines.append(f"  class {node.key} {_class(node.findings[0])}")
            if node.start:
                lines.append(f"  style {node.key} stroke-width:3px")
    return "\n".join(lines) + "\n"


def to_graphml(picture: Picture) -> str:
    """The picture as GraphML (networkx's writer): a directed multigraph, node
    attributes ``label``, ``kind``, ``story``, ``pack``, ``card`` (0 for an ending),
    ``start``, ``findings`` (codes, space-separated; ``""`` for none) and ``fill``;
    edge attributes ``via``, ``label`` and ``conditional``. No attribute is a list or
    empty, which GraphML cannot hold."""
    import networkx as nx
    from networkx.readwrite.graphml import GraphMLWriter

    class Writer(GraphMLWriter):
        """networkx's writer, booleans as XML Schema spells them (``true``, not
        ``True``: tools that follow the GraphML schema read only that)."""

        def add_data(self, name: str, element_type: type, value: Any, scope: str = "all",
                     default: Any = None) -> Any:
            element = super().add_data(name, element_type, value, scope, default)
            if element_type is bool:       # ``value`` comes as text: "True" or "False"
                element.text = str(value).lower()
            return element

    graph = nx.MultiDiGraph(name=", ".join(c.story for c in picture.clusters))
    for cluster in picture.clusters:
        for node in cluster.nodes:
            graph.add_node(node.key, label=node.label, kind=node.kind, story=cluster.story, pack=cluster.pack,
                           card=node.card or 0, start=node.start, findings=" ".join(node.findings), fill=node.fill)
        for link in cluster.links:
            graph.add_edge(link.source, link.target, via=link.via, label=link.label, conditional=link.conditional)
    writer = Writer(prettyprint=True)
    writer.add_graph_element(graph)
    return str(writer).rstrip("\n") + "\n"
