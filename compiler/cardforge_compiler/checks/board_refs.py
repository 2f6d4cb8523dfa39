"""Names inside board documents (board stage, once per pack): every map tile side,
terrain tile, terrain keyword, Search token label and Enemy token that a
``components``, ``terrain-tile`` or ``battle-layout`` document names is defined in the
pack, and every keyword lies where it can (an edge keyword on edges, a square keyword
on squares: a map tile side's or terrain tile's ``edges`` name edge keywords).
Gascony's Legacy, "Component List", "Terrain
Tiles", "Battle Cards - Setup".

Runs before the geometry checks of the ``board`` family, which may then assume every
name resolves. A name whose document is in the pack but failed validation is not
reported again (one fault, one report).
"""

from __future__ import annotations

from collections.abc import Iterator

from cardforge_compiler.checks import check
from cardforge_compiler.diagnostics import Diagnostic, choices_hint, did_you_mean, listed
from cardforge_compiler.model import BattleLayout, Components, TerrainTile, step_kind
from cardforge_compiler.resolve import PackIR
from cardforge_compiler.validate import Document
from cardforge_runtime.format import RANDOM_SEARCH_TOKEN

__all__ = ["board_names"]


class _Names:
    """The names a pack's board documents may use, and the diagnostic for one that is
    not defined."""

    def __init__(self, pack: PackIR) -> None:
        self.pack = pack
        components: Components | None = pack.components.model if pack.components else None
        self.labels = list(components.search_tokens) if components else []
        self.enemies = [e.enemy for e in components.enemy_tokens] if components else []
        self.square_keywords = [n for n, d in pack.keywords.items() if d.model.applies_to == "square"]
        self.edge_keywords = [n for n, d in pack.keywords.items() if d.model.applies_to == "edge"]

    def unknown(self, doc: Document, path: tuple, message: str, hint: str) -> Diagnostic:
        return Diagnostic("CF701", message, **self.pack.board_where(doc, path), hint=hint)

    def keyword(self, doc: Document, path: tuple, name: str, on: str) -> Iterator[Diagnostic]:
        """A keyword listed ``on`` squares (``square``) or on an edge (``edge``)."""
        found = self.pack.keywords.get(name)
        if found is None:
            if self.pack.defined_but_invalid("terrain-keyword", name):
                return
            pool = self.square_keywords if on == "square" else self.edge_keywords
            yield self.unknown(doc, path, f"unknown terrain keyword '{name}'", choices_hint(
                name, pool, f"{on} keywords",
                f"define it in a document with `kind: terrain-keyword`, `name: {name}`"
                + (", `applies_to: edge`" if on == "edge" else "")))
        elif found.model.applies_to != on:
            where = ("an edge keyword (applies_to: edge): it lies on edges, not on squares"
                     if on == "square" else "a square keyword: it lies on squares, not on an edge")
            hint = ("list it under the tile's `edges:` with the side it lies on" if on == "square"
                    else "list it under `keywords:`, or give the keyword `applies_to: edge`")
            yield self.unknown(doc, path, f"terrain keyword '{name}' is {where}", hint)

    def tile(self, doc: Document, path: tuple, name: str) -> Iterator[Diagnostic]:
        if name not in self.pack.terrain_tiles and not self.pack.defined_but_invalid("terrain-tile", name):
            yield self.unknown(doc, path, f"unknown terrain tile '{name}'", choices_hint(
                name, self.pack.terrain_tiles, "terrain tiles",
                f"define it in a document with `kind: terrain-tile`, `name: {name}`"))

    def components_missing(self) -> bool:
        """No components document to resolve against (and none that failed validation)."""
        return self.pack.components is None and not self.pack.defined_but_invalid("components")


@check("board", "CF701", "CF304", "CF305", "CF202")
def board_names(pack: PackIR) -> Iterator[Diagnostic]:
    """Every name a board document uses resolves in the pack (``CF701``), every
    terrain action's challenge names a stat of the pack (``CF304``), and the story
    steps among its effects name the pack's status tokens (``CF305``) and flags or
    counters its stories declare (``CF202``), as on a story card."""
    names = _Names(pack)
    for doc in pack.board_docs:
        model = doc.model
        if isinstance(model, Components) and doc is pack.components:
            yield from _components(names, doc, model)
        elif isinstance(model, TerrainTile) and pack.terrain_tiles.get(model.name) is doc:
            yield from _terrain_tile(names, doc, model)
        elif isinstance(model, BattleLayout) and pack.layouts.get(model.id) is doc:
            yield from _layout(names, doc, model)


def _components(names: _Names, doc: Document, model: Components) -> Iterator[Diagnostic]:
    for i, piece in enumerate(model.map_tiles):
        for j, side in enumerate(piece.sides):
            for k, keyword in enumerate(side.keywords):
                yield from names.keyword(doc, ("map_tiles", i, "sides", j, "keywords", k), keyword, "square")
            for k, edge in enumerate(side.edges):
                yield from names.keyword(doc, ("map_tiles", i, "sides", j, "edges", k, "keyword"), edge.keyword,
                                         "edge")
    for i, piece in enumerate(model.terrain_tiles):
        for j, face in enumerate(piece.faces):
            yield from names.tile(doc, ("terrain_tiles", i, "faces", j), face)


def _terrain_tile(names: _Names, doc: Document, model: TerrainTile) -> Iterator[Diagnostic]:
    for i, keyword in enumerate(model.keywords):
        yield from names.keyword(doc, ("keywords", i), keyword, "square")
    for i, edge in enumerate(model.edges):
        yield from names.keyword(doc, ("edges", i, "keyword"), edge.keyword, "edge")
    manifest = names.pack.pack
    if manifest is None:
        return
    stats = list(manifest.stats)
    for i, action in enumerate(model.actions):
        if action.challenge is not None and action.challenge.stat not in stats:
            stat = action.challenge.stat
            yield Diagnostic("CF304", f"'{stat}' is not a stat of pack '{manifest.id}'",
                             **names.pack.board_where(doc, ("actions", i, "challenge", "stat")),
                             hint=did_you_mean(stat, stats) or f"the pack's stats are {', '.join(stats)}")
    for path, effects in model.effect_lists():
        for j, effect in enumerate(effects):
            yield from _effect_step(names, doc, (*path, j), effect)


def _effect_step(names: _Names, doc: Document, path: tuple, effect: object) -> Iterator[Diagnostic]:
    """The checks of a story card's step, for a story step among a terrain action's
    effects: its status tokens are the pack's (CF305); the flags and counters it sets
    are declared by one of the pack's stories (CF202: the Battle runs inside one)."""
    pack, manifest = names.pack, names.pack.pack
    kind = step_kind(effect)
    if kind in ("gain", "lose"):
        tokens = [t.name for t in manifest.status_tokens]
        for k, token in enumerate(getattr(effect, kind).status or []):
            if token not in tokens:
                yield Diagnostic("CF305", f"'{token}' is not a status token of pack '{manifest.id}'",
                                 **pack.board_where(doc, (*path, kind, "status", k)),
                                 hint=did_you_mean(token, tokens) or f"status tokens: {', '.join(tokens) or 'none'}")
    elif kind in ("set", "add", "clear"):
        declared = sorted({name for story in pack.stories for name in
                           (*story.doc.model.flags, *story.doc.model.counters)})
        used = getattr(effect, kind)
        for k, name in enumerate(used):
            if name not in declared:
                where = (*path, kind, k) if kind == "clear" else (*path, kind, name)
                yield Diagnostic("CF202", f"'{name}' is not a declared flag or counter",
                                 **pack.board_where(doc, where, "value" if kind == "clear" else "key"),
                                 hint=did_you_mean(name, declared)
                                 or "declare it under `flags:` or `counters:` of the story whose Battle uses the tile")


def _links(names: _Names, doc: Document, linked: dict[str, list[tuple[int, str]]]) -> Iterator[Diagnostic]:
    """The two placements a ``link`` label joins (the layout model counts them) share
    a terrain keyword with ``link`` (Descent's matching staircase spaces), as the
    runtime's board requires (``CF701``: the link names a keyword the tiles lack)."""
    pack = names.pack
    if pack.defined_but_invalid("terrain-keyword") or pack.defined_but_invalid("terrain-tile"):
        return
    for label, ends in linked.items():
        found = [pack.terrain_tiles.get(name) for _, name in ends]
        if len(ends) != 2 or None in found:
            continue
        first, second = (tile.model.keywords for tile in found)  # type: ignore[union-attr]
        if not any(k in second and k in pack.keywords and pack.keywords[k].model.link is not None for k in first):
            yield names.unknown(
                doc, ("terrain_tiles", ends[1][0], "link"),
                f"link '{label}' joins '{ends[0][1]}' and '{ends[1][1]}', which share no terrain keyword with a `link`",
                "give both tiles a keyword with `link:` (Descent's Staircase: "
                "`link: {move_cost: 1, attack: true, sight: true}`), or remove the label")


def _layout(names: _Names, doc: Document, model: BattleLayout) -> Iterator[Diagnostic]:
    pack = names.pack
    no_components = names.components_missing()
    if no_components:
        yield names.unknown(doc, ("map_tiles",), "the pack has no `kind: components` document: the map tile sides, "
                                                 "Search tokens and Enemy tokens of this layout are defined nowhere",
                            "add components.yaml with `kind: components` listing the box's map tiles, terrain "
                            "tiles, Search tokens and Enemy tokens (Component List)")
    components_known = pack.components is not None
    for i, placed in enumerate(model.map_tiles):
        if components_known and placed.side not in pack.map_tiles:
            yield names.unknown(doc, ("map_tiles", i, "side"), f"unknown map tile side '{placed.side}'",
                                choices_hint(placed.side, pack.map_tiles, "map tile sides",
                                              "add the piece and its two sides to `map_tiles:` of the components"))
    linked: dict[str, list[tuple[int, str]]] = {}
    for i, placed in enumerate(model.terrain_tiles):
        yield from names.tile(doc, ("terrain_tiles", i, "tile"), placed.tile)
        if placed.link is not None:
            linked.setdefault(placed.link, []).append((i, placed.tile))
    yield from _links(names, doc, linked)
    for i, token in enumerate(model.search_tokens):
        if components_known and token.token != RANDOM_SEARCH_TOKEN and token.token not in names.labels:
            yield names.unknown(doc, ("search_tokens", i, "token"), f"unknown Search token '{token.token}'",
                                did_you_mean(token.token, names.labels)
                                or (f"the box's Search tokens are {listed(names.labels)}, or '?' for a random one"
                                    if names.labels else "list the tokens' labels in the components' "
                                                         "`search_tokens:`, or write '?' for a random one"))
    for i, area in enumerate(model.deployment):
        if components_known and area.enemy not in names.enemies and area.enemy not in pack.enemies:
            # (an Enemy document without tokens is CF810, reported once at the Enemy)
            yield names.unknown(doc, ("deployment", i, "enemy"), f"unknown Enemy token '{area.enemy}'",
                                choices_hint(area.enemy, names.enemies, "Enemy tokens",
                                              "list the Enemy's tokens in the components' `enemy_tokens:`"))
