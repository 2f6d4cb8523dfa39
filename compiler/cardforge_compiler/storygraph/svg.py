"""A story graph :class:`~.model.Picture` drawn as SVG with the built-in layout
(:mod:`.layout`): no Graphviz needed.

Each story is a cluster (a framed group titled with the story's title, its id and
what the state explorer said of it), side by side in the picture's order; cards are
rounded boxes filled by their most serious finding (:data:`.model.FINDINGS`), the
start card with a thick border, Victory and Defeat ellipses; ways forward are arrows,
dashed when they need a condition, labelled with the option text or outcome. A legend
under the clusters lists every finding colour with how many cards carry it.

The elements carry what a program (or a test) needs to read the picture back:
``class`` (``cluster``, ``node card``, ``node victory``, ``edge``, ``legend``),
``data-story``, ``data-card``, ``data-findings`` (codes, space-separated),
``data-source``/``data-target`` (node keys without the cluster's prefix), and a ``<title>`` tooltip.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

from cardforge_compiler.picture.svg_base import SVG_NS, sub
from cardforge_compiler.report import shown
from cardforge_compiler.storygraph.layout import Laid, layout
from cardforge_compiler.storygraph.model import DEFEAT, FINDINGS, PLAIN, VICTORY, Cluster, Node, Picture

__all__ = ["to_svg"]

FONT, LABEL_FONT = 12, 10            # px
NODE_H, ENDING_W = 34, 84
MARGIN, PAD, CLUSTER_GAP = 16, 14, 28
INK, EDGE_INK, FRAME = "#222222", "#555555", "#8a8a8a"


def text_width(text: str, font: int) -> float:
    """Roughly how wide ``text`` is in a sans-serif ``font`` px high (0.6 em a
    character): room for it, not a measure."""
    return round(len(text) * font * 0.6, 1)


def _fmt(value: float) -> str:
    """A coordinate: at most one decimal, no trailing ``.0`` (same bytes every run)."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _size(node: Node) -> tuple[float, float]:
    if node.kind == "card":
        return (max(80.0, text_width(node.label, FONT) + 20), NODE_H)
    return (ENDING_W, NODE_H)


def _laid(cluster: Cluster) -> Laid:
    sizes = {n.key: _size(n) for n in cluster.nodes}
    edges = [(link.source, link.target, (text_width(link.label, LABEL_FONT) + 8, 14) if link.label else None)
             for link in cluster.links]
    roots = [n.key for n in cluster.nodes if n.start]
    return layout(sizes, edges, roots)


def _header(cluster: Cluster) -> list[str]:
    lines = [f"{cluster.title} ({cluster.story})" if cluster.title else cluster.story]
    if cluster.explored is not None:
        lines.append(f"state explorer: {cluster.explored}")
    return lines


def _path(points: list[tuple[float, float]]) -> str:
    """An SVG path through ``points``: a line for two, else a smooth curve (each
    segment a cubic Bézier with Catmull-Rom tangents, so it passes through every
    point the layout routed it by)."""
    def xy(point: tuple[float, float]) -> str:
        return f"{_fmt(point[0])} {_fmt(point[1])}"

    if len(points) <= 2:
        return "M" + " L".join(xy(p) for p in points)
    def tangent(i: int) -> tuple[float, float]:
        # Catmull-Rom's (next - previous) / 6, no longer than a third of either
        # segment beside the point: no overshoot where a short segment turns sharply
        before, after = points[max(i - 1, 0)], points[min(i + 1, len(points) - 1)]
        tx, ty = (after[0] - before[0]) / 6, (after[1] - before[1]) / 6
        room = min(math.dist(points[i], p) for p in (before, after) if p != points[i]) / 3
        scale = min(1.0, room / (math.hypot(tx, ty) or 1.0))
        return (tx * scale, ty * scale)

    parts = [f"M{xy(points[0])}"]
    for i in range(len(points) - 1):
        (ax, ay), (bx, by) = tangent(i), tangent(i + 1)
        p1, p2 = points[i], points[i + 1]
        parts.append(f"C{xy((p1[0] + ax, p1[1] + ay))} {xy((p2[0] - bx, p2[1] - by))} {xy(p2)}")
    return " ".join(parts)


def _draw_cluster(svg: ET.Element, cluster: Cluster, laid: Laid, left: float, top: float, width: float,
                  height: float) -> None:
    header = _header(cluster)
    group = sub(svg, "g", class_="cluster", id=f"cluster-{cluster.key}", data_pack=cluster.pack,
                data_story=cluster.story)
    sub(group, "rect", x=_fmt(left), y=_fmt(top), width=_fmt(width), height=_fmt(height), rx=6, fill="#fafafa",
        stroke=FRAME)
    for i, line in enumerate(header):
        sub(group, "text", line, class_="cluster-title" if i == 0 else "cluster-note", x=_fmt(left + PAD),
            y=_fmt(top + PAD + 4 + 16 * i), font_size=FONT + 1 if i == 0 else LABEL_FONT,
            font_weight="bold" if i == 0 else "normal", fill=INK)
    ox, oy = left + PAD, top + PAD + 16 * len(header) + 4

    def at(point: tuple[float, float]) -> tuple[float, float]:
        return (point[0] + ox, point[1] + oy)

    for link, route, label in zip(cluster.links, laid.routes, laid.labels):
        edge = sub(group, "g", class_="edge", data_source=cluster.local(link.source),
                   data_target=cluster.local(link.target), data_via=link.via)
        sub(edge, "title", f"{link.source} -> {link.target}" + (f": {link.label}" if link.label else ""))
        sub(edge, "path", d=_path([at(p) for p in route]), fill="none", stroke=EDGE_INK, stroke_width="1.2",
            marker_end="url(#arrow)", **({"stroke_dasharray": "5 3"} if link.conditional else {}))
        if link.label:
            if label is None:   # a loop: beside it
                x, y = at(route[1])
                x += 4 + (text_width(link.label, LABEL_FONT) + 8) / 2
                y = (at(route[1])[1] + at(route[2])[1]) / 2
            else:
                x, y = at(label)
            w = text_width(link.label, LABEL_FONT) + 8
            sub(edge, "rect", class_="edge-label-bg", x=_fmt(x - w / 2), y=_fmt(y - 7), width=_fmt(w), height=14,
                fill="#ffffff", fill_opacity="0.85")
            sub(edge, "text", link.label, class_="edge-label", x=_fmt(x), y=_fmt(y + 3.5), font_size=LABEL_FONT,
                text_anchor="middle", fill=INK)
    for node in cluster.nodes:
        cx, cy = at(laid.centre[node.key])
        w, h = _size(node)
        attrs: dict[str, object] = {"class_": f"node {node.kind}", "id": cluster.element_id(node.key),
                                    "data_story": cluster.story}
        if node.card is not None:
            attrs["data_card"] = node.card
        if node.findings:
            attrs["data_findings"] = " ".join(node.findings)
        if node.start:
            attrs["data_start"] = "true"
        g = sub(group, "g", **attrs)
        # one line each (control characters in author text escaped, line by line)
        sub(g, "title").text = "\n".join(shown(line) for line in [node.label, *(["start card"] if node.start else []),
                                                                 *node.messages])
        stroke_width = 3 if node.start else 1.2
        if node.kind == "card":
            sub(g, "rect", x=_fmt(cx - w / 2), y=_fmt(cy - h / 2), width=_fmt(w), height=_fmt(h), rx=8,
                fill=node.fill, stroke=INK, stroke_width=stroke_width,
                **({"stroke_dasharray": "4 3"} if "CF401" in node.findings else {}))
        else:
            sub(g, "ellipse", cx=_fmt(cx), cy=_fmt(cy), rx=_fmt(w / 2), ry=_fmt(h / 2), fill=node.fill, stroke=INK,
                stroke_width=stroke_width)
        sub(g, "text", node.label, x=_fmt(cx), y=_fmt(cy + FONT * 0.35), text_anchor="middle", fill=INK,
            font_weight="bold" if node.kind == "victory" else "normal")


def _legend_rows(picture: Picture) -> list[tuple[str, str, str, str]]:
    """``(class, swatch kind, colour, text)`` of each legend row, in a fixed order."""
    found = picture.found()
    rows = []
    for finding in FINDINGS:
        count = found.get(finding.code, 0)
        cards = f"{count} card" + ("" if count == 1 else "s")
        rows.append((f"legend-entry finding {finding.code}", "box", finding.fill,
                     f"{finding.code} {finding.name}: {finding.words} ({cards})"))
    drawn = {node.kind for cluster in picture.clusters for node in cluster.nodes}
    dashed = any(link.conditional for cluster in picture.clusters for link in cluster.links)
    rows += [("legend-entry plain", "box", PLAIN, "no finding"),
             ("legend-entry start", "start", PLAIN, "start card (thick border)")]
    # only what is drawn: no Defeat row for stories that cannot be lost
    rows += [("legend-entry victory", "ellipse", VICTORY, "Victory")] if "victory" in drawn else []
    rows += [("legend-entry defeat", "ellipse", DEFEAT, "Defeat")] if "defeat" in drawn else []
    rows += [("legend-entry conditional", "dashed", EDGE_INK, "a way that needs a condition (dashed)")] \
        if dashed else []
    rows.append(("legend-entry explorer", "note", "", picture.explorer))
    return rows


def _draw_legend(svg: ET.Element, picture: Picture, left: float, top: float) -> float:
    """The legend at (``left``, ``top``); returns its height."""
    legend = sub(svg, "g", class_="legend", font_size=FONT)
    sub(legend, "text", "Legend", x=_fmt(left), y=_fmt(top + 12), font_weight="bold", fill=INK)
    y = top + 32
    for cls, kind, colour, text in _legend_rows(picture):
        row = sub(legend, "g", class_=cls)
        if kind in ("box", "start"):
            sub(row, "rect", x=_fmt(left), y=_fmt(y - 11), width=22, height=14, rx=4, fill=colour, stroke=INK,
                stroke_width=3 if kind == "start" else 1.2)
        elif kind == "ellipse":
            sub(row, "ellipse", cx=_fmt(left + 11), cy=_fmt(y - 4), rx=11, ry=7, fill=colour, stroke=INK)
        elif kind == "dashed":
            sub(row, "line", x1=_fmt(left), y1=_fmt(y - 4), x2=_fmt(left + 22), y2=_fmt(y - 4), stroke=colour,
                stroke_width="1.2", stroke_dasharray="5 3")
        sub(row, "text", text, x=_fmt(left + (0 if kind == "note" else 30)), y=_fmt(y), fill=INK)
        y += 20
    return y - top


def to_svg(picture: Picture) -> str:
    """The SVG document of ``picture`` (text ending in a newline; UTF-8 when
    written): the clusters side by side, the legend under them."""
    laid = [_laid(c) for c in picture.clusters]
    boxes = []
    x = float(MARGIN)
    for cluster, one in zip(picture.clusters, laid):
        header = _header(cluster)
        width = max(one.width, *(text_width(line, FONT + 1 if i == 0 else LABEL_FONT)
                                 for i, line in enumerate(header))) + 2 * PAD
        height = one.height + 2 * PAD + 16 * len(header) + 4
        boxes.append((x, width, height))
        x += width + CLUSTER_GAP
    clusters_h = max((h for _, _, h in boxes), default=0.0)
    legend_w = max(text_width(text, FONT) + 30 for *_, text in _legend_rows(picture))
    width = max(x - CLUSTER_GAP + MARGIN, legend_w + 2 * MARGIN)
    legend_top = MARGIN + clusters_h + 24
    height = legend_top + 32 + 20 * len(_legend_rows(picture)) + MARGIN
    svg = ET.Element("svg", {"xmlns": SVG_NS, "width": _fmt(width), "height": _fmt(height),
                             "viewBox": f"0 0 {_fmt(width)} {_fmt(height)}", "font-family": "sans-serif",
                             "font-size": str(FONT), "class": "cardforge-story-graph"})
    names = ", ".join(c.story for c in picture.clusters)
    sub(svg, "title", f"cardforge story graph: {names}")
    defs = sub(svg, "defs")
    marker = sub(defs, "marker", id="arrow", viewBox="0 0 10 10", refX=10, refY=5, markerWidth=7, markerHeight=7,
                 orient="auto-start-reverse")
    sub(marker, "path", d="M0 0 L10 5 L0 10 Z", fill=EDGE_INK)
    sub(svg, "rect", class_="background", x=0, y=0, width=_fmt(width), height=_fmt(height), fill="#ffffff")
    for cluster, one, (left, w, h) in zip(picture.clusters, laid, boxes):
        _draw_cluster(svg, cluster, one, left, MARGIN, w, h)
    _draw_legend(svg, picture, MARGIN, legend_top)
    ET.indent(svg, space=" ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(svg, encoding="unicode") + "\n"
