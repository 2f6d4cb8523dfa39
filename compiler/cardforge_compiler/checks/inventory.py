"""The box (board stage, once per pack): a layout needs no more of a component than
the pack's ``components`` holds (CF702): map tile pieces (each shows one of its two
sides), terrain pieces (each shows one of its faces; a face printed on two kinds of
piece, the Chandelier, may come from either), Search tokens (one of each label; the
``?`` squares take the labels not placed by name), Enemy tokens for the largest
party, and Named Enemy standees.

Rule sources: Gascony's Legacy, "Component List" ("Note: Each Map and Terrain Tile
is double-sided"), "Battle Cards - Setup" (3: "mix up any of the remaining Search
tokens and place them randomly, one in each ? square"; 4: "Place Enemies in any
square with a number equal to or less than the number of characters").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import networkx as nx

from cardforge_compiler.boards import deployed
from cardforge_compiler.checks import check
from cardforge_compiler.checks.board import party_sizes
from cardforge_compiler.diagnostics import Diagnostic, listed
from cardforge_compiler.report import plural
from cardforge_compiler.resolve import PackIR
from cardforge_compiler.validate import Document
from cardforge_runtime.format import RANDOM_SEARCH_TOKEN

__all__ = ["box_holds_enough"]


def _shown(counts: Counter) -> str:
    return listed(f"{n} x {name}" if n > 1 else name for name, n in counts.items())


def _map_tiles(pack: PackIR, lid: str, doc: Document) -> Iterator[Diagnostic]:
    by_piece: dict[str, list[int]] = {}
    for i, placed in enumerate(doc.model.map_tiles):
        side = pack.map_tiles.get(placed.side)
        if side is not None:
            by_piece.setdefault(side.piece.piece, []).append(i)
    for piece_name, indexes in by_piece.items():
        piece = pack.map_tiles[doc.model.map_tiles[indexes[0]].side].piece
        if len(indexes) > piece.count:
            sides = Counter(doc.model.map_tiles[i].side for i in indexes)
            yield Diagnostic(
                "CF702", f"layout '{lid}' shows {len(indexes)} map tiles of piece '{piece_name}' "
                         f"({_shown(sides)}), but the box holds {piece.count}",
                **pack.board_where(doc, ("map_tiles", indexes[piece.count], "side")),
                hint="each piece shows one of its sides: use another piece here, or raise its `count` in "
                     "components if the box really holds more")


def _terrain(pack: PackIR, lid: str, doc: Document) -> Iterator[Diagnostic]:
    """Faces against pieces: a flow from each face shown to the pieces printing it."""
    pieces = pack.components.model.terrain_tiles
    needed: dict[str, list[int]] = {}
    for i, placed in enumerate(doc.model.terrain_tiles):
        if placed.tile in pack.terrain_tiles:
            needed.setdefault(placed.tile, []).append(i)
    if not needed:
        return
    holders = {face: [k for k, piece in enumerate(pieces) if face in piece.faces] for face in needed}
    if all(len(ks) == 1 for ks in holders.values()):
        # each face from one kind of piece (the usual box): a count per piece is the whole flow
        shown_per_piece = Counter()
        for face, ks in holders.items():
            shown_per_piece[ks[0]] += len(needed[face])
        if all(n <= pieces[k].count for k, n in shown_per_piece.items()):
            return
    graph = nx.DiGraph()
    graph.add_nodes_from(("source", "sink"))    # a box with no terrain pieces has no edge into the sink
    for face, indexes in needed.items():
        graph.add_edge("source", ("face", face), capacity=len(indexes))
    for k, piece in enumerate(pieces):
        graph.add_edge(("piece", k), "sink", capacity=piece.count)
        for face in set(piece.faces):
            if face in needed:
                graph.add_edge(("face", face), ("piece", k), capacity=len(needed[face]))
    _, flow = nx.maximum_flow(graph, "source", "sink")
    pieces_of = graph.subgraph(n for n in graph if n not in ("source", "sink")).to_undirected()
    reported: set[frozenset] = set()
    for face, indexes in needed.items():
        if sum(flow[("face", face)].values()) >= len(indexes):
            continue
        if not any(face in piece.faces for piece in pieces):
            yield Diagnostic(
                "CF702", f"layout '{lid}' shows terrain tile '{face}', but no piece in the box shows it",
                **pack.board_where(doc, ("terrain_tiles", indexes[0], "tile")),
                hint=f"add a piece with `faces: [{face}]` to components' `terrain_tiles`, or use another tile")
            continue
        # the pieces that compete for this face: those linked to it through faces they share
        group = frozenset(nx.node_connected_component(pieces_of, ("face", face)))
        if group in reported:
            continue
        reported.add(group)
        holders = sorted(k for kind, k in group if kind == "piece")
        faces = [f for f in needed if ("face", f) in group]
        shown = Counter({f: len(needed[f]) for f in faces})
        owned = sum(pieces[k].count for k in holders)
        names = [f"'{pieces[k].piece}'" for k in holders]
        either = " or ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
        wanted = sum(shown.values())
        yield Diagnostic(
            "CF702", f"layout '{lid}' needs {wanted} {either} piece{'s' if wanted != 1 else ''} ({_shown(shown)}); "
                     f"the box holds {owned}: each piece shows one face",
            **pack.board_where(doc, ("terrain_tiles", indexes[-1], "tile")),
            hint="a double-sided piece is one physical piece: remove a tile, use another one, or raise the piece's "
                 "`count` in components if the box really holds more")


def _search_tokens(pack: PackIR, lid: str, doc: Document) -> Iterator[Diagnostic]:
    box = list(pack.components.model.search_tokens)
    seen: dict[str, int] = {}
    random_squares = []
    for i, placed in enumerate(doc.model.search_tokens):
        if placed.token == RANDOM_SEARCH_TOKEN:
            random_squares.append(i)
        elif placed.token in box:
            if placed.token in seen:
                yield Diagnostic(
                    "CF702", f"layout '{lid}' places Search token {placed.token} twice; the box holds one",
                    **pack.board_where(doc, ("search_tokens", i, "token")),
                    hint=f"each label is one token: use another label, or `\"{RANDOM_SEARCH_TOKEN}\"` for a token "
                         "drawn at random")
            seen.setdefault(placed.token, i)
    left = len(box) - len(seen)
    if len(random_squares) > left:
        squares = plural(len(random_squares), f"'{RANDOM_SEARCH_TOKEN}' square")
        yield Diagnostic(
            "CF702", f"layout '{lid}' has {squares}, but only {left} "
                     f"Search token{'s' if left != 1 else ''} of the box ({listed(box) or 'none'}) "
                     f"{'are' if left != 1 else 'is'} left once the named ones are placed",
            **pack.board_where(doc, ("search_tokens", random_squares[left], "token")),
            hint="remove a '?' square, or add labels to components' `search_tokens`")


def _enemies(pack: PackIR, lid: str, doc: Document) -> Iterator[Diagnostic]:
    components = pack.components.model
    party = party_sizes(pack)[-1]
    supply = {e.enemy: e.count for e in components.enemy_tokens}
    placed: dict[str, list[tuple]] = {}
    for token in deployed(doc.model, party):
        placed.setdefault(token.enemy, []).append(("deployment", token.area, "squares", token.index, "at"))
    for enemy, paths in placed.items():
        if enemy in supply and len(paths) > supply[enemy]:
            tokens = plural(len(paths), f"'{enemy}' token")
            yield Diagnostic(
                "CF702", f"layout '{lid}' places {tokens} with {plural(party, 'Character')}, but the "
                         f"box holds {supply[enemy]}", **pack.board_where(doc, paths[supply[enemy]]),
                hint="raise this square's `players` number, remove a square, or raise the token `count` in "
                     "components if the box really holds more")
    standees = components.standees.enemies
    if len(doc.model.named_enemies) > standees:
        yield Diagnostic(
            "CF702", f"layout '{lid}' sets up {plural(len(doc.model.named_enemies), 'Named Enemy')}, but the box holds "
                     f"{standees} Enemy standee{'s' if standees != 1 else ''}",
            **pack.board_where(doc, ("named_enemies", standees, "name")),
            hint="remove a Named Enemy, or raise `standees: {enemies: N}` in components")


@check("board", "CF702")
def box_holds_enough(pack: PackIR) -> Iterator[Diagnostic]:
    """Each layout needs no more map tiles, terrain pieces, Search tokens, Enemy
    tokens (with the pack's largest party) and Enemy standees than the box holds."""
    if pack.components is None:
        return
    for lid, doc in pack.layouts.items():
        yield from _map_tiles(pack, lid, doc)
        yield from _terrain(pack, lid, doc)
        yield from _search_tokens(pack, lid, doc)
        yield from _enemies(pack, lid, doc)
