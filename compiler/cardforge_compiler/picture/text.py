"""A :class:`~.scene.Scene` drawn for a terminal (``cardforge board --format text``).

One cell of three characters per square, then a legend. A cell is:

1. an overlay: ``o`` the square lines of sight are drawn from, ``+`` a square it
   sees, ``c`` a square it sees that has Cover, ``!`` unreachable (``--diagnostics``);
   else ``S`` a Start square, ``X`` an Exit square; else a space;
2. what is on the square: ``#`` a wall; a deployment number (``1``-``4``); ``@`` a
   Named Enemy; a Search token's label; the letter of a terrain tile (legend); ``.``
   floor;
3. the arrow printed on the square (``^ > v <``), else ``=`` when an edge keyword
   (a Railing) lies along one of its sides, else a space.

``unicode=False`` keeps every character ASCII (author text too, escaped as
``\\xe9``) for a terminal that is not UTF-8; with ``unicode=True`` walls are ``█``,
floor ``·`` and arrows ``↑→↓←``. Author text is shown with control characters
escaped, and no line begins with it.
"""

from __future__ import annotations

from cardforge_compiler.picture.scene import Placed, Scene, Segment, Sq
from cardforge_compiler.report import plural, shown

__all__ = ["tile_letters", "to_text"]

_ARROWS = {"north": "^", "east": ">", "south": "v", "west": "<"}
_ARROWS_UNICODE = {"north": "↑", "east": "→", "south": "↓", "west": "←"}


def tile_letters(names: list[str]) -> dict[str, str]:
    """One lower-case letter per terrain tile name (first seen, first served): the
    first letter of the name not taken yet, else any free letter."""
    letters: dict[str, str] = {}
    for name in names:
        if name in letters:
            continue
        taken = set(letters.values())
        pool = [ch for ch in name.lower() if "a" <= ch <= "z"] + list("abcdefghijklmnopqrstuvwxyz")
        letters[name] = next((ch for ch in pool if ch not in taken), "?")
    return letters


def _separated(segment: Segment) -> list[Sq]:
    """The two squares a unit edge lies between (one may be off the grid)."""
    (x1, y1), (x2, _) = segment
    if x1 != x2:                                   # horizontal
        return [(x1 + 1, y1), (x1 + 1, y1 + 1)]
    return [(x1, y1 + 1), (x1 + 1, y1 + 1)]


def _sq(square: Sq) -> str:
    return f"({square[0]}, {square[1]})"


def to_text(scene: Scene, *, unicode: bool = True) -> str:
    """The picture of ``scene`` as lines of text (ending in a newline)."""
    def say(text: str) -> str:
        text = shown(text)
        return text if unicode else text.encode("ascii", "backslashreplace").decode("ascii")

    wall, floor = ("█", "·") if unicode else ("#", ".")
    arrows = _ARROWS_UNICODE if unicode else _ARROWS
    letters = tile_letters([t.name for t in scene.terrain_tiles])
    main: dict[Sq, str] = {}
    for tile in scene.terrain_tiles:
        for square in tile.squares:
            main[square] = letters[tile.name]
    for label, square in scene.search_tokens:
        main[square] = say(label)[:1] or "?"
    for _, square in scene.named_enemies:
        main[square] = "@"
    for spot in scene.deployment:
        if spot.shown:
            main[spot.square] = str(spot.players)[:1]
    railed = {sq for edge in scene.edges for sq in _separated(edge.segment)}
    overlay: dict[Sq, str] = {sq: "S" for sq in scene.start}
    overlay.update({sq: "X" for squares, _ in scene.exits for sq in squares})
    for square in scene.unreachable or ():
        overlay[square] = "!"
    if scene.los is not None:
        source, seen, cover = scene.los
        overlay.update({sq: "+" for sq in seen})
        overlay.update({sq: "c" for sq in cover})
        overlay[source] = "o"

    lines = [f"layout {say(scene.layout_id)}: {say(scene.title)} ({scene.columns} x {scene.rows} squares)"]
    lines.append("   " + "".join(f"{c:>3}" for c in range(1, scene.columns + 1)))
    for r in range(1, scene.rows + 1):
        cells = []
        for c in range(1, scene.columns + 1):
            info = scene.squares[(c, r)]
            centre = wall if info.wall else main.get((c, r), floor)
            third = arrows[info.arrow] if info.arrow else ("=" if (c, r) in railed else " ")
            cells.append(overlay.get((c, r), " ") + centre + third)
        lines.append(f"{r:>2} " + "".join(cells).rstrip())

    lines.append("legend:")
    lines.append(f"  {wall}  wall (no map tile)    {floor}  floor")
    for tile in scene.map_tiles:
        marks = " ".join(scene.marks[k] for k in tile.keywords if k in scene.marks)
        first = (min(c for c, _ in tile.squares), min(r for _, r in tile.squares))
        last = (max(c for c, _ in tile.squares), max(r for _, r in tile.squares))
        lines.append(f"     map tile {tile.index + 1}: {say(tile.name)} from {_sq(first)}"
                     + (f" to {_sq(last)}" if last != first else "")
                     + (f" [{say(marks)}]" if marks else "") + (f" arrow {tile.arrow}" if tile.arrow else ""))
    groups: dict[str, list[Placed]] = {}
    for tile in scene.terrain_tiles:
        groups.setdefault(tile.name, []).append(tile)
    for name, tiles in groups.items():
        marks = ", ".join([say(k) for k in tiles[0].keywords] + [f"{say(k)} edge" for k in tiles[0].edge_keywords])
        marks = marks or "no keywords"
        where = "; ".join(", ".join(_sq(s) for s in sorted(t.squares, key=lambda s: (s[1], s[0])))
                          + (f" facing {t.arrow}" if t.arrow else "") + (" with banner" if t.banner else "") for t in tiles)
        lines.append(f"  {letters[name]}  {say(name)} ({marks}) at {where}")
    used = sorted({k for s in scene.squares.values() for k in s.keywords})
    if used:
        lines.append("     keywords: " + ", ".join(f"{say(scene.marks[k])} {say(k)}" for k in used if k in scene.marks))
    if scene.edges:
        by_keyword: dict[str, list[str]] = {}
        for edge in scene.edges:
            a, b = _separated(edge.segment)
            for keyword in edge.keywords:
                by_keyword.setdefault(keyword, []).append(f"{_sq(a)}|{_sq(b)}")
        for keyword, where_ in sorted(by_keyword.items()):
            lines.append(f"  =  {say(keyword)} (edge) between " + ", ".join(where_))
    if any(s.arrow for s in scene.squares.values()):
        lines.append(f"  {''.join(arrows.values())}  arrow printed on the tile")
    for label, square in scene.search_tokens:
        lines.append(f"  {say(label)[:1] or '?'}  Search token {say(label)} at {_sq(square)}")
    if scene.deployment:
        placed = [d for d in scene.deployment if d.shown]
        if scene.characters is None:
            lines.append("  1  deployment square: an Enemy is placed there with at least that many Characters")
        else:
            who = (f"{scene.players} player{'s' if scene.players != 1 else ''} ({scene.characters} Characters)"
                   if scene.players is not None else f"{scene.characters} Characters")
            lines.append(f"  1  deployment for {who}: {len(placed)} Enemies")
        for area in dict.fromkeys(d.area for d in scene.deployment):
            spots = [d for d in placed if d.area == area]
            enemy = next(d.enemy for d in scene.deployment if d.area == area)
            lines.append(f"     area {area + 1}, {say(enemy)}: "
                         + (", ".join(f"{d.players} at {_sq(d.square)}" for d in spots) or "none placed"))
    for name, square in scene.named_enemies:
        lines.append(f"  @  Named Enemy {say(name)} at {_sq(square)}")
    if scene.start:
        lines.append("  S  Start area")
    for number, (_, edge_side) in enumerate(scene.exits, 1):
        lines.append(f"  X  Exit area {number}" + (f" (Exit edge: {edge_side})" if edge_side else ""))
    if scene.los is not None:
        source, seen, cover = scene.los
        lines.append(f"  o  line of sight from {_sq(source)}: + seen without Cover ({len(seen - cover)}), "
                     f"c seen with Cover ({len(cover)})")
    if scene.unreachable is not None:
        lines.append(f"  !  unreachable from the Start area ({plural(len(scene.unreachable), 'square')})")
    return "\n".join(lines) + "\n"
