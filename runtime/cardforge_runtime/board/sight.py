"""Line of sight and Cover, corner to corner, exact.

A target is in line of sight when a straight line from some corner of the attacker's
square to some corner of the target's square enters no square that blocks sight (a
wall, a keyword with ``sight.blocks``) and crosses no blocking edge (a Railing). The
target has Cover when no single corner of the attacker sees all 4 corners of the
target with lines that also enter no square giving Cover (``sight.cover``, a figure
standing there, a blocking square or a wall) and cross no edge giving Cover.

Rulings (docs/rulings.md): "crosses" means entering the inside of a square; touching
an edge or a corner does not, so two blockers touching only at a corner let a line
through that point (the pinch point) and a line along an edge is not blocked; the
attacker's and the target's own squares never block or cover; Fallen figures give no
Cover; the terrain tile an attacker stands on gives its target no Cover; an edge keyword with
``unless_high_side_borders`` neither blocks nor covers
a line between two squares one of which borders that railing on its high side; a
square's ``sees`` (adjacent / area) and ``seen_from_adjacent`` limit sight both ways,
so line of sight stays symmetric. Linked squares (``Board.links``, a keyword's
``link.sight``: Descent's matching staircase spaces) add sight: an end sees the other
end and the squares adjacent to it, a square adjacent to an end sees the other end,
with no Cover when no straight line is clear; ``sees`` / ``seen_from_adjacent``
still limit it. Cover need not be symmetric.

Rule sources: Gascony's Legacy, "Attack: Line of Sight and Cover", "Terrain Tiles"
(Cover, Blocking, Elevated: "do not receive Cover from the Elevated tile they stand
on"), "Balconies and Railings"; Descent, "Collected Obstacles and Props" (fog, pit).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from cardforge_runtime.board.grid import Board, Square, as_figures, as_square, check_figures
from cardforge_runtime.board.segments import cells_crossed, crosses_edges, quadrant_of
from cardforge_runtime.board.terrain import edge_rules, square_rules

__all__ = ["cover", "line_of_sight", "sight_table"]

Figures = Mapping[Square, str]


class _Sight:
    """What sight needs of one board, computed once (``Board.cache["sight"]``)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.columns = c = board.columns
        rows = board.rows
        self.shift = rows * c + c
        self.relmasks: dict[tuple[int, int], int] = {}
        rules = square_rules(board)
        self.block = self.cover = 0
        self.visible: list[frozenset[Square] | None] = [None] * (c * rows)
        self.seen_adjacent = [False] * (c * rows)
        # Cover masks leaving out placed terrain tiles: the attacker's own tiles always
        # (it shoots over what it stands on), the target's when cover_from_own_tile: false
        self.base_cover, self.tile_cover, self.target_exempt = self._tile_cover(board)
        self.attacker_tiles = [frozenset(n for n in board.tiles_at(sq) if n in self.tile_cover)
                               for sq in board.squares()]
        self.masks: dict[frozenset[int], int] = {}
        for square in board.squares():
            i = board.index(square)
            rule = rules[i]
            if rule.blocks:
                self.block |= 1 << i
            if rule.blocks or rule.cover:
                self.cover |= 1 << i
            if rule.sees == "adjacent":
                self.visible[i] = frozenset((square[0] + dc, square[1] + dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1))
            elif rule.sees == "area":
                self.visible[i] = board.area(square) | {square}
            self.seen_adjacent[i] = rule.seen_from_adjacent
        self.corners = [((sq[0] - 1, sq[1] - 1), (sq[0], sq[1] - 1), (sq[0] - 1, sq[1]), sq) for sq in board.squares()]
        # edges that matter to sight: (edge, blocks, cover, railing lifting it or None)
        self.edges = [(edge, blocks, gives, unless) for edge, rule in edge_rules(board).items()
                      for blocks, gives, unless in rule.sight if blocks or gives]
        self.points: set[tuple[int, int]] = set()
        self.zone = 0
        for (kind, x, y), *_ in self.edges:
            for px, py in ((x, y), (x + 1, y) if kind == "h" else (x, y + 1)):
                self.points.add((px, py))
                for cx, cy in ((px - 1, py - 1), (px, py - 1), (px - 1, py), (px, py)):
                    if 0 <= cx < c and 0 <= cy < rows:
                        self.zone |= 1 << (cy * c + cx)
        lifting = {unless for *_, unless in self.edges if unless is not None}
        self.lifts = [frozenset(n for n in lifting if sq in board.railing_high_squares(n)) for sq in board.squares()]
        self.edge_sets: dict[frozenset[int], tuple[frozenset, frozenset]] = {}
        self.crossings: dict = {}
        self.seams: dict[tuple[tuple[int, int], tuple[int, int]], tuple[int, int]] = {}
        self.linked = self._link_pairs(board)
        #: (index a, index b) -> line of sight: a property of the board alone
        self.seen: dict[tuple[int, int], bool] = {}

    @staticmethod
    def _link_pairs(board: Board) -> frozenset[tuple[int, int]]:
        """The ordered pairs of square indexes that see each other through a link with
        ``sight`` (Descent, Staircases: "A figure on a staircase has a line of sight to
        the other side of the staircase and all spaces adjacent to it. A figure
        adjacent to a staircase has line of sight to the other side"): each end
        square with every square of the other end and every square adjacent to it,
        both ways round (so sight stays symmetric)."""
        pairs: set[tuple[int, int]] = set()
        for square in board.squares():
            for other, data in board.links(square):
                if not data["sight"]:
                    continue
                around = [(other[0] + dc, other[1] + dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1)]
                for seen in around:
                    if board.in_grid(seen) and seen != square:
                        i, j = board.index(square), board.index(seen)
                        pairs.update(((i, j), (j, i)))
        return frozenset(pairs)

    @staticmethod
    def _tile_cover(board: Board) -> tuple[int, dict[int, int], list[frozenset[int]]]:
        """``(base, tile_cover, target_exempt)``: the Cover mask of walls and map tile
        keywords (a square giving Cover or blocking); per placed terrain tile giving
        Cover, the mask of its squares; per square index, the placed tiles on it one of
        whose keywords says ``elevated.cover_from_own_tile: false``."""
        def gives(names) -> bool:
            return any(board.keyword(k)["sight"]["cover"] or board.keyword(k)["sight"]["blocks"] for k in names)

        def exempt(names) -> bool:
            return any((board.keyword(k).get("elevated") or {}).get("cover_from_own_tile") is False for k in names)

        tile_mask: dict[int, int] = {}
        base = 0
        target_exempt = []
        for square in board.squares():
            bit = 1 << board.index(square)
            index = board.map_tile_at(square)
            if not board.on_map(square) or gives(board.map_keywords(index)):
                base |= bit
            for n in board.tiles_at(square):
                if gives(board.tile_keywords(n)):
                    tile_mask[n] = tile_mask.get(n, 0) | bit
            target_exempt.append(frozenset(n for n in board.tiles_at(square) if exempt(board.tile_keywords(n))))
        return base, tile_mask, target_exempt

    def cover_mask(self, ia: int, ib: int) -> int:
        """The squares giving Cover to a target on ``ib`` against an attacker on ``ia``
        (figures left out): every Cover or blocking square but those of the terrain
        tiles the attacker stands on and, when their keywords say
        ``cover_from_own_tile: false``, those the target stands on."""
        left_out = self.attacker_tiles[ia] | self.target_exempt[ib]
        if not left_out:
            return self.cover
        mask = self.masks.get(left_out)
        if mask is None:
            mask = self.base_cover
            for n, tile in self.tile_cover.items():
                if n not in left_out:
                    mask |= tile
            self.masks[left_out] = mask
        return mask

    def relmask(self, dx: int, dy: int) -> int:
        mask = self.relmasks.get((dx, dy))
        if mask is None:
            c, shift = self.columns, self.shift
            mask = 0
            for i, j in cells_crossed(dx, dy):
                mask |= 1 << (j * c + i + shift)
            self.relmasks[(dx, dy)] = mask
        return mask

    def segment(self, p: tuple[int, int], q: tuple[int, int]) -> int:
        """Bit mask of the squares whose interior the segment ``p``-``q`` enters."""
        return (self.relmask(q[0] - p[0], q[1] - p[1]) << (p[1] * self.columns + p[0])) >> self.shift

    def seam(self, p: tuple[int, int], q: tuple[int, int]) -> tuple[int, int]:
        """For a segment along a grid line: ``(side, shift)``, the mask of the squares on
        its north (or west) side and the shift that moves them onto the squares across
        the line, so that it runs between two blockers iff
        ``((blockers & side) << shift) & blockers``."""
        key = (p, q) if p <= q else (q, p)
        found = self.seams.get(key)
        if found is None:
            (x0, y0), (x1, y1) = key
            c, rows = self.columns, self.board.rows
            side = 0
            if y0 == y1 and 0 < y0 < rows:
                side, shift = ((1 << (x1 - x0)) - 1) << ((y0 - 1) * c + x0), c
            elif x0 == x1 and 0 < x0 < c:
                for y in range(y0, y1):
                    side |= 1 << (y * c + x0 - 1)
                shift = 1
            else:
                shift = 0
            found = self.seams[key] = (side, shift)
        return found

    def edge_sets_for(self, ia: int, ib: int) -> tuple[frozenset, frozenset]:
        """(edges blocking sight, edges giving Cover) for a line between squares ``ia`` and ``ib``."""
        lifted = self.lifts[ia] | self.lifts[ib]
        sets = self.edge_sets.get(lifted)
        if sets is None:
            live = [(e, b, g) for e, b, g, unless in self.edges if unless is None or unless not in lifted]
            sets = (frozenset(e for e, b, _ in live if b), frozenset(e for e, b, g in live if b or g))
            self.edge_sets[lifted] = sets
        return sets

    def edges_cross(self, p, q, mask: int, a: Square, b: Square, edges: frozenset) -> bool:
        if not edges:
            return False
        at_p, at_q = p in self.points, q in self.points
        if p[0] != q[0] and p[1] != q[1] and not mask & self.zone and not at_p and not at_q:
            return False
        # the answer depends on the line, the edges and, at an end on a railing point,
        # the quadrant of the end's square only: cached both ways round
        qa = quadrant_of(a, p) if at_p else None
        qb = quadrant_of(b, q) if at_q else None
        key = (p, q, qa, qb, edges) if p <= q else (q, p, qb, qa, edges)
        found = self.crossings.get(key)
        if found is None:
            found = self.crossings[key] = crosses_edges(p, q, edges, first=a, last=b)
        return found


def _data(board: Board) -> _Sight:
    data = board.cache.get("sight")
    if data is None:
        data = board.cache["sight"] = _Sight(board)
    return data


def _restricted(s: _Sight, a: Square, b: Square, ia: int, ib: int) -> bool:
    """Whether ``sees``/``seen_from_adjacent`` keep ``a`` and ``b`` from seeing each other."""
    near = abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1
    if not near and (s.seen_adjacent[ia] or s.seen_adjacent[ib]):
        return True
    va, vb = s.visible[ia], s.visible[ib]
    return (va is not None and b not in va) or (vb is not None and a not in vb)


def _figure_mask(board: Board, figures: Figures | None) -> int:
    mask = 0
    for square, kind in as_figures(figures).items():
        if kind != "fallen" and board.in_grid(square):
            mask |= 1 << board.index(square)
    return mask


def _square(board: Board, square: Square) -> int:
    square = as_square(square)
    if not board.in_grid(square):
        raise ValueError(f"square {square} is outside the {board.columns} x {board.rows} grid")
    return board.index(square)


def _blocked(s: _Sight, p, q, blockers: int, a: Square, b: Square, edges: frozenset) -> bool:
    """Whether the segment ``p``-``q`` enters a ``blockers`` square, runs between two of
    them along a grid line, or crosses one of ``edges``."""
    if p[0] != q[0] and p[1] != q[1]:
        mask = s.segment(p, q)
        if mask & blockers:
            return True
    else:
        mask = 0
        if p != q:
            side, shift = s.seam(p, q)
            if ((blockers & side) << shift) & blockers:
                return True
    return bool(edges) and s.edges_cross(p, q, mask, a, b, edges)


def _los(s: _Sight, a: Square, b: Square, ia: int, ib: int) -> bool:
    if ia == ib:
        return True
    if _restricted(s, a, b, ia, ib):
        return False
    return (ia, ib) in s.linked or _lines(s, a, b, ia, ib)


def _lines(s: _Sight, a: Square, b: Square, ia: int, ib: int) -> bool:
    """Whether some corner-to-corner line between ``a`` and ``b`` is clear."""
    blockers = s.block & ~((1 << ia) | (1 << ib))
    edges = s.edge_sets_for(ia, ib)[0] if s.edges else frozenset()
    for p in s.corners[ia]:
        for q in s.corners[ib]:
            if not _blocked(s, p, q, blockers, a, b, edges):
                return True
    return False


def _cover(s: _Sight, a: Square, b: Square, ia: int, ib: int, figures: int) -> bool:
    if ia == ib or ((ia, ib) in s.linked and not _lines(s, a, b, ia, ib)):
        return False          # seen only through a link: as though adjacent, no Cover
    blockers = (s.cover_mask(ia, ib) | figures) & ~((1 << ia) | (1 << ib))
    edges = s.edge_sets_for(ia, ib)[1] if s.edges else frozenset()
    for p in s.corners[ia]:
        for q in s.corners[ib]:
            if _blocked(s, p, q, blockers, a, b, edges):
                break
        else:
            return False
    return True


def line_of_sight(board: Board, a: Square, b: Square, figures: Figures | None = None) -> bool:
    """Whether squares ``a`` and ``b`` see each other.

    Args:
        board: the board.
        a, b: ``(column, row)`` squares of the grid.
        figures: ``{square: "character" | "enemy" | "fallen"}``; figures never block
            line of sight (accepted for a uniform call; checked).

    Returns:
        True when some corner-to-corner line enters no blocking square or wall (other
        than ``a`` and ``b``) and crosses no blocking edge, or a link with ``sight``
        joins them (an end and the other end or a square adjacent to it), and
        ``sees`` / ``seen_from_adjacent`` allow it. Symmetric: ``line_of_sight(b, a)``
        agrees.

    Raises:
        ValueError: a square outside the grid or not a square, figures that are not
            ``{square: kind}``, an unknown figure kind.

    Rule: Gascony's Legacy, "Attack: Line of Sight and Cover"; "Balconies and Railings";
    Descent, "Collected Obstacles and Props" (Staircases, fog, pit).
    """
    check_figures(figures)
    s = _data(board)
    a, b = as_square(a), as_square(b)
    ia, ib = _square(board, a), _square(board, b)
    found = s.seen.get((ia, ib))
    if found is None:
        found = s.seen[(ia, ib)] = _los(s, a, b, ia, ib)
    return found


def cover(board: Board, attacker: Square, target: Square, figures: Figures | None = None) -> bool:
    """Whether ``target`` has Cover against a Ranged Attack from ``attacker``.

    Args:
        board: the board.
        attacker, target: ``(column, row)`` squares of the grid.
        figures: ``{square: "character" | "enemy" | "fallen"}``; Characters and
            Enemies give Cover to the squares behind them, Fallen figures do not.

    Returns:
        True when no single corner of ``attacker`` has a clear line to all 4 corners of
        ``target`` (clear: no blocking or Cover square, wall or standing figure entered
        other than the two squares, leaving out the Cover of the terrain tile the
        target stands on when its keyword says ``cover_from_own_tile: false`` and that
        of any terrain tile the attacker stands on (it shoots over it); no blocking or Cover
        edge crossed). Only meaningful when ``line_of_sight`` is True (it is True
        when it is not). Not symmetric. Cover never applies to Melee Attacks (the
        caller's concern).

    Raises:
        ValueError: a square outside the grid or not a square, figures that are not
            ``{square: kind}``, an unknown figure kind.

    Rule: Gascony's Legacy, "Attack: Line of Sight and Cover"; "Terrain Tiles" (Cover,
    Blocking, Elevated).
    """
    figures_mask = _figure_mask(board, figures)
    s = _data(board)
    attacker, target = as_square(attacker, "attacker"), as_square(target, "target")
    return _cover(s, attacker, target, _square(board, attacker), _square(board, target), figures_mask)


def sight_table(board: Board, figures: Figures | None = None,
                squares: Iterable[Square] | None = None) -> dict[tuple[Square, Square], tuple[bool, bool]]:
    """Line of sight and Cover for every ordered pair of ``squares`` (default: every
    square of the grid), as ``{(attacker, target): (line_of_sight, cover)}``; ``cover``
    is False where there is no line of sight. The same answers as ``line_of_sight``
    and ``cover`` one pair at a time, computed with the board's caches (a front end
    recomputes it every move).

    Raises:
        ValueError: a square outside the grid or not a square, figures that are not
            ``{square: kind}``, an unknown figure kind.

    Rule: Gascony's Legacy, "Attack: Line of Sight and Cover".
    """
    figures_mask = _figure_mask(board, figures)
    s = _data(board)
    chosen = list(board.squares()) if squares is None else [as_square(sq) for sq in squares]
    indexes = [_square(board, sq) for sq in chosen]
    result: dict[tuple[Square, Square], tuple[bool, bool]] = {}
    for n, a in enumerate(chosen):
        ia = indexes[n]
        result[(a, a)] = (True, False)
        for m in range(n + 1, len(chosen)):
            b, ib = chosen[m], indexes[m]
            if _los(s, a, b, ia, ib):
                result[(a, b)] = (True, _cover(s, a, b, ia, ib, figures_mask))
                result[(b, a)] = (True, _cover(s, b, a, ib, ia, figures_mask))
            else:
                result[(a, b)] = result[(b, a)] = (False, False)
    return result
