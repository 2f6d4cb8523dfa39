"""What the keywords on a square or an edge add up to: one record per square and per
edge, derived once per board from the keyword data alone (no keyword name is read
here, only the fields of docs/format.md's `terrain-keyword`).

How several keywords combine (docs/rulings.md, "Keywords that combine"):
multipliers take the largest that applies (never a product; a ``movement.scope:
area`` keyword's only on a step into or out of its squares, not within them); a figure may enter, stop
or cross only where every keyword allows it; a square blocks sight, gives Cover or
restricts what is seen as soon as one keyword says so. A wall (a square no map tile
covers) cannot be entered, blocks sight and gives Cover.

Rule sources: Gascony's Legacy, "Terrain Tiles" (Cover, Elevated, Difficult,
Impassable, Blocking), "Staircase (Map Tile)", "Balconies and Railings",
"Map and Terrain tiles". ``high_ground_advantage``: Balconies and Railings (High Ground).
"""

from __future__ import annotations

from typing import NamedTuple

from cardforge_runtime.board.grid import Board, Edge, Square

__all__ = ["EdgeRules", "SquareRules", "edge_rules", "high_ground_advantage", "square_rules"]


class SquareRules(NamedTuple):
    """The combined effect of the keywords on one square.

    Attributes:
        on_map: a map tile covers it (False: a wall).
        enter: multiplier on a step into it (largest ``movement.enter`` of its
            ``when: any`` keywords; 1 if none).
        enter_against: multiplier on a step into it against its arrow (largest
            ``movement.enter`` of its ``when: against-arrow`` keywords; 1 if none).
        leave: multiplier on a step out of it (largest ``movement.leave``).
        characters, enemies: whether Characters / Enemies may enter it.
        stop: whether a figure may end its move on it.
        blocks: a line entering it is blocked; cover: a line entering it gives Cover.
        sees: ``all``, ``adjacent`` or ``area`` (the most restrictive of its keywords).
        seen_from_adjacent: only adjacent figures see a figure standing on it.
        area: the keywords with ``movement.scope: area``, as ``(name, enter,
            against_arrow, leave)``: their multipliers apply only to a step between
            this square and one without that keyword (``enter``, ``enter_against``
            and ``leave`` above leave them out).
        against: ``(enter, arrow)`` of each ``when: against-arrow`` keyword whose
            piece has an arrow (``Board.keyword_arrow``): the multiplier applies to a
            step against that piece's arrow only.
    """

    on_map: bool
    enter: int
    enter_against: int
    leave: int
    characters: bool
    enemies: bool
    stop: bool
    blocks: bool
    cover: bool
    sees: str
    seen_from_adjacent: bool
    area: tuple[tuple[str, int, bool, int], ...] = ()
    against: tuple[tuple[int, str], ...] = ()


class EdgeRules(NamedTuple):
    """The combined effect of the edge keywords on one edge.

    Attributes:
        cross: a step may cross it (every ``movement.cross``).
        melee_across: a Melee attack may cross it (every ``elevated.melee_across``).
        sight: ``(blocks, cover, unless_railing)`` per mark: the mark's
            ``sight.blocks``, ``sight.cover`` and, when its keyword says
            ``unless_high_side_borders``, the railing whose high-side squares lift it.
    """

    cross: bool
    melee_across: bool
    sight: tuple[tuple[bool, bool, int | None], ...]


_WALL = SquareRules(False, 1, 1, 1, False, False, False, True, True, "all", False)
_SEES_ORDER = {"all": 0, "area": 1, "adjacent": 2}


def square_rules(board: Board) -> tuple[SquareRules, ...]:
    """Per square index (``Board.index``): its ``SquareRules``. Cached on the board.

    Rule: Gascony's Legacy, "Terrain Tiles" (keywords), "Map and Terrain tiles" (walls).
    """
    cached = board.cache.get("square_rules")
    if cached is not None:
        return cached
    rules = []
    for square in board.squares():
        if not board.on_map(square):
            rules.append(_WALL)
            continue
        enter = enter_against = leave = 1
        characters = enemies = stop = True
        blocks = cover = seen_from_adjacent = False
        sees = "all"
        area = []
        against = []
        for name in board.square_keywords(square):
            data = board.keyword(name)
            move, sight = data["movement"], data["sight"]
            if move["scope"] == "area":
                area.append((name, move["enter"], move["when"] == "against-arrow", move["leave"]))
            elif move["when"] == "against-arrow":
                enter_against = max(enter_against, move["enter"])
                arrow = board.keyword_arrow(square, name)
                if arrow is not None and move["enter"] > 1:
                    against.append((move["enter"], arrow))
            else:
                enter = max(enter, move["enter"])
            if move["scope"] != "area":
                leave = max(leave, move["leave"])
            characters &= bool(move["characters"])
            enemies &= bool(move["enemies"])
            stop &= bool(move["stop"])
            blocks |= bool(sight["blocks"])
            cover |= bool(sight["cover"])
            seen_from_adjacent |= bool(sight["seen_from_adjacent"])
            if _SEES_ORDER[sight["sees"]] > _SEES_ORDER[sees]:
                sees = sight["sees"]
        rules.append(SquareRules(True, enter, max(enter, enter_against), leave, characters, enemies, stop,
                                 blocks, cover, sees, seen_from_adjacent, tuple(area), tuple(against)))
    result = tuple(rules)
    board.cache["square_rules"] = result
    return result


def edge_rules(board: Board) -> dict[Edge, EdgeRules]:
    """Every edge carrying an edge keyword -> its ``EdgeRules``. Cached on the board.

    Rule: Gascony's Legacy, "Balconies and Railings" ("not across the edge with the
    Balcony Railing"; "Melee Attacks cannot be made across a railing"), "Staircase".
    """
    cached = board.cache.get("edge_rules")
    if cached is not None:
        return cached
    result: dict[Edge, EdgeRules] = {}
    for edge, marks in board.edges().items():
        cross = melee = True
        sight = []
        for mark in marks:
            data = board.keyword(mark.keyword)
            cross &= bool(data["movement"]["cross"])
            elevated = data.get("elevated")
            if elevated and elevated.get("melee_across") is False:
                melee = False
            unless = mark.railing if data["sight"]["unless_high_side_borders"] else None
            sight.append((bool(data["sight"]["blocks"]), bool(data["sight"]["cover"]), unless))
        result[edge] = EdgeRules(cross, melee, tuple(sight))
    board.cache["edge_rules"] = result
    return result



def _ground(board: Board) -> tuple[frozenset[Square], frozenset[Square]]:
    """``(advantage, raised)``: the squares a Ranged Attack from which has Advantage
    against Low Ground, and the squares that are not Low Ground. Cached on the board."""
    cached = board.cache.get("ground")
    if cached is not None:
        return cached
    advantage: set[Square] = set()
    raised: set[Square] = set()

    def mark(square: Square, keyword: str) -> None:
        elevated = board.keyword(keyword).get("elevated")
        if elevated is not None:
            raised.add(square)
            if elevated.get("ranged_advantage_over_low_ground"):
                advantage.add(square)

    for marks in board.edges().values():
        for edge_mark in marks:
            mark(edge_mark.high, edge_mark.keyword)
    for square in board.squares():
        for name in board.square_keywords(square):
            mark(square, name)
    result = (frozenset(advantage), frozenset(raised))
    board.cache["ground"] = result
    return result


def high_ground_advantage(board: Board, attacker: Square, target: Square) -> bool:
    """Whether a Ranged Attack from ``attacker`` against a figure on ``target`` has
    Advantage for High Ground (Gascony's Legacy, Balconies and Railings: "For
    Characters and Enemies on High Ground and adjacent to the railing, ... [the
    railing] grants them Advantage on Ranged Attacks against targets on Low Ground").

    Data only (docs/rulings.md, "High Ground"): ``attacker`` is on the high side of an
    edge keyword whose ``elevated.ranged_advantage_over_low_ground`` is true (bordering
    that edge: "adjacent to the railing"), or on a square whose square keyword says
    so; ``target`` is on Low Ground: on the high side of no edge keyword with
    ``elevated`` effects and on no square whose keyword has ``elevated`` effects (a
    figure on another Balcony, or on an Elevated tile, is not on Low Ground). Line of
    sight and Range are not checked here (the Attack Pattern's squares are).
    """
    advantage, raised = _ground(board)
    return attacker in advantage and target not in raised
