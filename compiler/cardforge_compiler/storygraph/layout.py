"""A layered ("Sugiyama") layout of one story graph, in pure Python, so that
``cardforge graph --format svg`` needs no Graphviz.

The steps are the classic ones (Sugiyama, Tagawa and Toda 1981; Gansner et al.,
"A Technique for Drawing Directed Graphs", 1993, the method of Graphviz ``dot``):

1. break cycles: a depth-first search from the roots (the start card first) turns
   each edge back to a card on the search's stack around, for layering only;
2. layers: the longest path from a source, every edge two layers long, so that each
   edge has a point between its ends: its label sits there, in room kept for it;
3. points on longer edges ("dummy" nodes) in every layer they cross; when they would
   pass :data:`MAX_POINTS` per node, the longest edges keep only a point in the first
   and the last layer they cross, a straight run between (not ordered against the
   others: a big loopy story is laid out in about linear time, not quadratic);
4. order within each layer: barycentre sweeps down and up, the order with the fewest
   crossings kept;
5. x: each node pulled towards the mean of its neighbours, the layer's order and
   spacing kept (the mean of a left-packed and a right-packed solution);
6. y: layer by layer, each as tall as its tallest member.

Everything is in a fixed order (nodes and edges as given, ties by position), so the
same graph is laid out the same way to the last digit on every run. Sizes and
coordinates are pixels; y grows downwards.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

__all__ = ["Laid", "layout"]

#: Space between two nodes of a layer (beside a point of an edge: half of it), and
#: between layers.
GAP, VGAP = 24, 14
#: The width of an unlabelled edge's point in a layer.
POINT = 8
_SWEEPS = 8
#: Points on long edges kept per node, and at least: above, the longest edges are
#: shortened (:func:`_shortened`).
MAX_POINTS, MIN_POINTS = 20, 4_000


@dataclass
class Laid:
    """A laid-out graph: ``centre`` of every node by key; per edge (in the order
    given) its ``route``, points from the source's border to the target's, and its
    ``label`` centre (``None`` for a loop on one node, whose label is beside it);
    the drawing's ``width`` and ``height``."""

    centre: dict[str, tuple[float, float]]
    routes: list[list[tuple[float, float]]]
    labels: list[tuple[float, float] | None]
    width: float
    height: float


def _back_edges(keys: list[str], edges: list[tuple[str, str]], roots: list[str]) -> tuple[set[int], list[str]]:
    """The indexes of the edges a depth-first search (roots first, then the rest in
    order) finds going back to a node on its stack, and the order nodes were found."""
    out: dict[str, list[int]] = {k: [] for k in keys}
    for i, (u, v) in enumerate(edges):
        if u != v:
            out[u].append(i)
    state = dict.fromkeys(keys, 0)          # 0 new, 1 on the stack, 2 done
    back: set[int] = set()
    found: list[str] = []
    for root in [*roots, *keys]:
        if state[root]:
            continue
        state[root] = 1
        found.append(root)
        stack = [(root, iter(out[root]))]
        while stack:
            node, todo = stack[-1]
            for i in todo:
                target = edges[i][1]
                if state[target] == 1:
                    back.add(i)
                elif state[target] == 0:
                    state[target] = 1
                    found.append(target)
                    stack.append((target, iter(out[target])))
                    break
            else:
                state[node] = 2
                stack.pop()
    return back, found


def _ranks(keys: list[str], oriented: list[tuple[str, str]]) -> dict[str, int]:
    """Longest-path layers over the acyclic ``oriented`` edges, each two layers long."""
    rank = dict.fromkeys(keys, 0)
    indegree = dict.fromkeys(keys, 0)
    out: dict[str, list[str]] = {k: [] for k in keys}
    for a, b in oriented:
        out[a].append(b)
        indegree[b] += 1
    ready = deque(k for k in keys if indegree[k] == 0)
    while ready:
        node = ready.popleft()
        for b in out[node]:
            rank[b] = max(rank[b], rank[node] + 2)
            indegree[b] -= 1
            if indegree[b] == 0:
                ready.append(b)
    return rank


def _crossings(upper: dict[object, int], pairs: list[tuple[object, object]], lower: dict[object, int]) -> int:
    """Crossings of the edges ``pairs`` between two layers (positions ``upper``,
    ``lower``): two cross when one starts left of the other and ends right of it. In
    the order of (start, end) they are the pairs out of order by end, counted with a
    Fenwick tree in O(E log E) (Barth, Jünger and Mutzel 2002)."""
    ends = [b for _, b in sorted((upper[a], lower[b]) for a, b in pairs)]
    size = len(lower) + 1
    tree = [0] * (size + 1)
    count = 0
    for seen, end in enumerate(ends):
        i, at_most = end + 1, 0        # how many seen so far end at or left of ``end``
        while i > 0:
            at_most += tree[i]
            i -= i & -i
        count += seen - at_most
        i = end + 1
        while i <= size:
            tree[i] += 1
            i += i & -i
    return count


def _order(layers: list[list[object]], segments: list[tuple[object, object]]) -> list[list[object]]:
    """Barycentre sweeps over ``layers`` (each a list of nodes, in their first order);
    ``segments`` join a node to one in the next layer. Returns the order with the
    fewest crossings seen."""
    down: dict[object, list[object]] = {}
    up: dict[object, list[object]] = {}
    for a, b in segments:
        down.setdefault(a, []).append(b)
        up.setdefault(b, []).append(a)
    between = [[(a, b) for a in layer for b in down.get(a, [])] for layer in layers[:-1]]

    def total(order: list[list[object]]) -> int:
        pos = [{n: i for i, n in enumerate(layer)} for layer in order]
        return sum(_crossings(pos[r], pairs, pos[r + 1]) for r, pairs in enumerate(between))

    best, best_count = [list(layer) for layer in layers], total(layers)
    current = [list(layer) for layer in layers]
    for sweep in range(_SWEEPS):
        rows = range(1, len(current)) if sweep % 2 == 0 else range(len(current) - 2, -1, -1)
        for r in rows:
            ref = current[r - 1] if sweep % 2 == 0 else current[r + 1]
            pos = {n: i for i, n in enumerate(ref)}
            links = up if sweep % 2 == 0 else down
            here = {n: i for i, n in enumerate(current[r])}

            def key(node: object, pos: dict = pos, links: dict = links, here: dict = here) -> tuple[float, int]:
                near = [pos[m] for m in links.get(node, [])]
                return (sum(near) / len(near) if near else here[node], here[node])

            current[r] = sorted(current[r], key=key)
        count = total(current)
        if count < best_count:
            best, best_count = [list(layer) for layer in current], count
    return best


def _spread(row: list[object], want: dict[object, float], size: dict[object, tuple[float, float]],
            real: set[object]) -> dict[object, float]:
    """x of each node of ``row`` (in order) as near ``want`` as the spacing lets: the
    mean of the left-packed and the right-packed placements (both keep the order and
    spacing, so their mean does)."""
    def sep(a: object, b: object) -> float:
        gap = GAP if a in real and b in real else GAP / 2
        return (size[a][0] + size[b][0]) / 2 + gap

    left: list[float] = []
    for i, node in enumerate(row):
        left.append(want[node] if i == 0 else max(want[node], left[-1] + sep(row[i - 1], node)))
    right: list[float] = [0.0] * len(row)
    for i in range(len(row) - 1, -1, -1):
        node = row[i]
        right[i] = want[node] if i == len(row) - 1 else min(want[node], right[i + 1] - sep(node, row[i + 1]))
    return {node: (left[i] + right[i]) / 2 for i, node in enumerate(row)}


def _shortened(spans: dict[int, int], nodes: int) -> set[int]:
    """The edges (indexes) drawn with a point in the first and the last layer they
    cross only, a straight run between: the longest first (ties by index) until the
    points left fit :data:`MAX_POINTS` per node (at least :data:`MIN_POINTS`).
    ``spans``: each edge's layers crossed. A loopy story (every card a way to a random
    card) has edges across most of its layers: a point in each made the layout
    quadratic (600 cards: 1.2 million points, 90 s)."""
    budget = max(MIN_POINTS, MAX_POINTS * nodes)
    total = sum(spans.values())
    short: set[int] = set()
    for i in sorted(spans, key=lambda i: (-spans[i], i)):
        if total <= budget or spans[i] <= 2:
            break
        short.add(i)
        total -= spans[i] - 2
    return short


def _clip(centre: tuple[float, float], size: tuple[float, float], toward: tuple[float, float]) -> tuple[float, float]:
    """Where the segment from a box's ``centre`` to ``toward`` leaves the box."""
    (cx, cy), (w, h) = centre, size
    dx, dy = toward[0] - cx, toward[1] - cy
    if dx == 0 and dy == 0:
        return centre
    scale = min(w / 2 / abs(dx) if dx else float("inf"), h / 2 / abs(dy) if dy else float("inf"))
    return (cx + dx * scale, cy + dy * scale)


def layout(sizes: dict[str, tuple[float, float]], edges: list[tuple[str, str, tuple[float, float] | None]],
           roots: list[str]) -> Laid:
    """Lay out the nodes ``sizes`` (key -> (width, height), in a fixed order) and
    ``edges`` (source key, target key, the label's (width, height) or ``None``),
    ``roots`` first (module docstring). Every edge is routed; a loop on one node
    is a small loop on its right side."""
    keys = list(sizes)
    plain = [(u, v) for u, v, _ in edges]
    back, found = _back_edges(keys, plain, roots)
    oriented = [(v, u) if i in back else (u, v) for i, (u, v) in enumerate(plain) if u != v]
    rank = _ranks(keys, oriented)
    size: dict[object, tuple[float, float]] = dict(sizes)
    real: set[object] = set(keys)
    level: dict[object, int] = dict(rank)
    ends = [(v, u) if i in back else (u, v) for i, (u, v, _) in enumerate(edges)]
    short = _shortened({i: rank[b] - rank[a] - 1 for i, (a, b) in enumerate(ends) if a != b}, len(keys))
    chains: list[list[object]] = []
    for i, (u, v, label) in enumerate(edges):
        if u == v:
            chains.append([u])
            continue
        a, b = ends[i]
        crossed = range(rank[a] + 1, rank[b])
        points: list[object] = [("point", i, r) for r in ((crossed[0], crossed[-1]) if i in short else crossed)]
        for k, point in enumerate(points):
            size[point] = label if k == 0 and label is not None else (POINT, 0)
            level[point] = point[2]                       # type: ignore[index]
        chains.append([a, *points, b])
    depth = max(rank.values(), default=0) + 1
    layers: list[list[object]] = [[] for _ in range(depth)]
    first = {k: i for i, k in enumerate(found)}
    for key in sorted(keys, key=first.__getitem__):
        layers[rank[key]].append(key)
    segments = []                       # between neighbouring layers: ordered to cross least
    jumps = []                          # a shortened edge's straight run: pulls x only
    for chain in chains:
        for a, b in zip(chain, chain[1:]):
            (segments if level[b] == level[a] + 1 else jumps).append((a, b))
        for node in chain[1:-1]:
            layers[level[node]].append(node)
    layers = _order(layers, segments)
    # x: packed, then pulled towards the neighbours, down and up
    neighbours: dict[object, list[object]] = {}
    below: dict[object, list[object]] = {}
    for a, b in [*segments, *jumps]:
        neighbours.setdefault(b, []).append(a)
        below.setdefault(a, []).append(b)
    x: dict[object, float] = {}
    for row in layers:
        cursor = 0.0
        for node in row:
            x[node] = cursor + size[node][0] / 2
            cursor += size[node][0] + GAP
    for sweep in range(_SWEEPS):
        links = neighbours if sweep % 2 == 0 else below
        rows = layers if sweep % 2 == 0 else layers[::-1]
        for row in rows:
            want = {n: (sum(x[m] for m in links[n]) / len(links[n]) if links.get(n) else x[n]) for n in row}
            x.update(_spread(row, want, size, real))
    left = min((x[n] - size[n][0] / 2 for n in x), default=0.0)
    loops = [chain[0] for chain in chains if len(chain) == 1]
    right = max((x[n] + size[n][0] / 2 + (28 if n in loops else 0) for n in x), default=0.0)
    y: dict[object, float] = {}
    cursor = 0.0
    for row in layers:
        tall = max((size[n][1] for n in row), default=0)
        for node in row:
            y[node] = cursor + tall / 2
        cursor += tall + VGAP
    centre = {n: (x[n] - left, y[n]) for n in x}
    routes: list[list[tuple[float, float]]] = []
    labels: list[tuple[float, float] | None] = []
    for i, chain in enumerate(chains):
        if len(chain) == 1:
            (cx, cy), (w, h) = centre[chain[0]], size[chain[0]]
            edge = cx + w / 2
            routes.append([(edge, cy - h / 4), (edge + 24, cy - h / 4), (edge + 24, cy + h / 4), (edge, cy + h / 4)])
            labels.append(None)
            continue
        points = [centre[n] for n in chain]
        points[0] = _clip(points[0], size[chain[0]], points[1])
        points[-1] = _clip(points[-1], size[chain[-1]], points[-2])
        labels.append(centre[chain[1]] if edges[i][2] is not None else None)
        routes.append(points[::-1] if i in back else points)
    return Laid({k: centre[k] for k in keys}, routes, labels, right - left, max(cursor - VGAP, 0.0))
