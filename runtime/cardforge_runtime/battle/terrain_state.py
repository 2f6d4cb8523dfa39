"""The board as terrain actions have left it: the Battle state's ``terrain`` applied to
the layout.

A Battle keeps what terrain actions changed in ``battle["terrain"]`` (plain JSON, what a
save holds; docs/runtime.md, "Terrain actions")::

    {"removed": [placed-tile indexes], "moved": {"<index>": {"at": [column, row]}}}

- ``removed``: indexes into the layout's ``terrain_tiles`` of the tiles taken off the
  map (a Barrel after rolling, a Brazier knocked over, an opened Chest, a fallen
  Chandelier, a Wagon that left the map);
- ``moved``: the new top-left square (``at``, as a layout writes it) of a tile that
  moved (a Wagon Roll); its rotation and facing are the layout's.

``board_now`` rebuilds the geometry (``board.build_board``) from the layout plus that
record, so movement, line of sight and Cover follow the tiles (a removed Barrel no
longer gives Cover; a rolled Wagon is Elevated where it stopped). The indexes of the
other tiles never change (a removed tile's index stays reserved: ``Board.removed``).

Rule sources: Gascony's Legacy, "Terrain Tiles" ("After rolling the Barrel, it is
destroyed and removed from the map"; "remove the Chandelier Tile from the map"; the
Wagon Roll). Dependencies: ``board.grid``.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping, MutableMapping
from typing import Any

from cardforge_runtime.board.grid import Board, build_board
from cardforge_runtime.errors import EngineError

__all__ = ["board_now", "frozen", "new_terrain", "tile_squares", "tiles_of"]

#: How many boards ``board_now`` keeps (a Battle changes its terrain a few times; a
#: simulator plays many Battles on a few layouts).
CACHE_SIZE = 256
_CACHE: OrderedDict[tuple[int, str, Any], tuple[Mapping[str, Any], Board]] = OrderedDict()


def new_terrain() -> dict[str, Any]:
    """The ``terrain`` of a Battle whose tiles are all as the layout places them."""
    return {"removed": [], "moved": {}}


def frozen(terrain: Mapping[str, Any] | None) -> tuple[tuple[int, ...], tuple[tuple[int, int, int], ...]]:
    """``terrain`` as a hashable key: the sorted removed indexes and the sorted
    ``(index, column, row)`` of moved tiles. ``None`` is the untouched layout.

    Raises:
        EngineError: not the shape above (an index that is not a whole number, an
            ``at`` that is not a pair of whole numbers)."""
    if terrain is None:
        return ((), ())
    try:
        removed = tuple(sorted({int(i) for i in terrain.get("removed", ())}))
        moved = tuple(sorted((int(k), int(v["at"][0]), int(v["at"][1]))
                             for k, v in (terrain.get("moved") or {}).items()))
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as error:
        raise EngineError(f"battle.terrain: expected {{removed: [indexes], moved: {{index: {{at: [c, r]}}}}}}, "
                          f"got {terrain!r} ({error})") from None
    return removed, moved


def board_now(pack_board: Mapping[str, Any], layout_id: str, terrain: Mapping[str, Any] | None) -> Board:
    """The ``Board`` of layout ``layout_id`` with ``terrain`` applied: removed tiles
    left off (their indexes reserved), moved tiles at their new ``at``. Boards are
    cached by ``(pack_board, layout_id, frozen(terrain))`` (the same object for the
    same key, so the geometry's per-board caches are shared).

    Args:
        pack_board: the pack's bundle ``board`` object (``Bundle.board(pack_id)``).
        layout_id: a layout of it.
        terrain: the Battle's ``terrain`` (module docstring), or ``None``.

    Raises:
        EngineError: as ``board.build_board`` (the JSON path names the layout; a moved
            tile whose footprint leaves the grid), an index that is no placed tile,
            a bad ``terrain`` (``frozen``).
    """
    removed, moved = frozen(terrain)
    key = (id(pack_board), layout_id, (removed, moved))
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is pack_board:
        _CACHE.move_to_end(key)
        return hit[1]
    board_data = pack_board
    if moved or removed:
        layouts = pack_board.get("layouts") if isinstance(pack_board, Mapping) else None
        layout = layouts.get(layout_id) if isinstance(layouts, Mapping) else None
        if layout is None:
            return build_board(pack_board, layout_id)      # the error names what is wrong
        count = len(layout["terrain_tiles"])
        bad = [i for i in list(removed) + [m[0] for m in moved] if not 0 <= i < count]
        if bad:
            raise EngineError(f"battle.terrain: the layout {layout_id!r} places {count} terrain tiles, so "
                              f"{bad[0]} is no placed tile's index")
        if moved:
            tiles = [dict(t) for t in layout["terrain_tiles"]]
            for index, column, row in moved:
                tiles[index]["at"] = [column, row]
            board_data = {**pack_board, "layouts": {**layouts, layout_id: {**layout, "terrain_tiles": tiles}}}
    board = build_board(board_data, layout_id, frozenset(removed))
    _CACHE[key] = (pack_board, board)
    if len(_CACHE) > CACHE_SIZE:
        _CACHE.popitem(last=False)
    return board


def tiles_of(board: Board) -> dict[int, tuple[tuple[int, int], ...]]:
    """Placed terrain tile index -> its squares on ``board``, row by row (tiles removed
    from it have none and are left out). Cached on the board."""
    found = board.cache.get("terrain_squares")
    if found is None:
        out: dict[int, list[tuple[int, int]]] = {}
        for square in board.squares():
            for index in board.tiles_at(square):
                out.setdefault(index, []).append(square)
        found = {i: tuple(sq) for i, sq in sorted(out.items())}
        board.cache["terrain_squares"] = found
    return found


def tile_squares(board: Board, tile: int) -> tuple[tuple[int, int], ...]:
    """The squares of placed terrain tile ``tile`` on ``board``; ``()`` when it is not
    on it (removed)."""
    return tiles_of(board).get(tile, ())


def record_removed(terrain: MutableMapping[str, Any], tile: int) -> None:
    """Mark placed tile ``tile`` removed in ``terrain`` (in place; a moved record is dropped)."""
    if tile not in terrain.setdefault("removed", []):
        terrain["removed"].append(tile)
    terrain.setdefault("moved", {}).pop(str(tile), None)


def record_moved(terrain: MutableMapping[str, Any], tile: int, at: tuple[int, int]) -> None:
    """Record placed tile ``tile``'s new top-left square ``at`` in ``terrain`` (in place)."""
    terrain.setdefault("moved", {})[str(tile)] = {"at": [at[0], at[1]]}
