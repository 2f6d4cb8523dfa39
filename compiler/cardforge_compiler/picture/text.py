"""A :class:`~.scene.Scene` drawn for a terminal (``cardforge board --format text``).

One cell of three characters per square, then a legend. Each of the three places
has its own set of characters, and no character means two things:

1. an overlay, always a symbol or one of the reserved letters ``S`` and ``X``:
   with ``--los``, ``*`` the square lines of sight are drawn from; with
   ``--diagnostics`` ``!`` unreachable; else ``S`` a Start square, ``X`` an Exit
   square; else, with ``--los``, ``+`` a square it sees, ``~`` a square it sees that
   has Cover; else a space (a Start or Exit square keeps its ``S`` / ``X`` under
   ``--los``: the legend's Start and Exit lines say which of them are seen);
2. what is on the square: ``#`` a wall; a deployment number (``1``-``4``); ``@`` a
   Named Enemy; a Search token's label (an upper-case letter or ``?``; ``$`` for a
   label that is not one, or is a reserved letter); the lower-case letter of a
   terrain tile (legend; never ``s`` or ``x``, the overlay letters); ``.`` floor;
3. the arrow printed on the square (``^ > v <``), else ``=`` when an edge keyword
   (a Railing) lies along one of its sides, else a space.

During a Battle (``cardforge play``) the scene's figures are drawn over the square:
the centre holds the figure's mark (a Character's number, an Enemy's upper-case
letter) and the third place its side mark (a facing arrow, ``'`` Wounded, ``_``
Fallen, a Named Enemy's health); the legend lists each figure. A terrain tile removed
in play has no squares: the legend says it was removed.

Keyword marks are not used: the legend spells keywords out. The legend lists only
what the picture shows.

``unicode=False`` keeps every character ASCII (author text too, escaped as
``\\xe9``) for a terminal that is not UTF-8; with ``unicode=True`` walls are ``█``,
floor ``·`` and arrows ``↑→↓←``. Author text is shown with control characters
escaped, and no line begins with it.
"""

from __future__ import annotations

from cardforge_compiler.picture.scene import Placed, Scene, Segment, Sq
from cardforge_compiler.report import plural, shown

__all__ = ["OVERLAY", "tile_letters", "to_text", "token_mark"]

#: The overlay symbols (first character of a cell); tile letters never use them.
OVERLAY = {"source": "*", "seen": "+", "cover": "~", "unreachable": "!", "start": "S", "exit": "X"}
_RESERVED = {ch.lower() for ch in OVERLAY.values()}

_ARROWS = {"north": "^", "east": ">", "south": "v", "west": "<"}
_ARROWS_UNICODE = {"north": "↑", "east": "→", "south": "↓", "west": "←"}


def _seen(scene: Scene, squares: list[Sq] | set[Sq], overlay: dict[Sq, str], mark: str) -> str:
    """With ``--los``: which of an area's ``squares`` drawn as ``mark`` are seen, as
    ``"; line of sight: seen (5, 10), with Cover (8, 10)"`` (``""`` without ``--los``)."""
    if scene.los is None:
        return ""
    _, seen, cover = scene.los
    shown_here = sorted((sq for sq in squares if overlay.get(sq) == mark), key=lambda s: (s[1], s[0]))
    plain = [_sq(sq) for sq in shown_here if sq in seen and sq not in cover]
    covered = [_sq(sq) for sq in shown_here if sq in cover]
    parts = ([f"seen {', '.join(plain)}"] if plain else []) + ([f"seen with Cover {', '.join(covered)}"]
                                                              if covered else [])
    return "; line of sight: " + ("; ".join(parts) if parts else "none seen")


def tile_letters(names: list[str]) -> dict[str, str]:
    """One lower-case letter per terrain tile name (first seen, first served): the
    first letter of the name not taken yet and not an overlay letter (``s``, ``x``),
    else any free letter, else ``%``."""
    letters: dict[str, str] = {}
    for name in names:
        if name in letters:
            continue
        taken = set(letters.values()) | _RESERVED
        pool = [ch for ch in name.lower() if "a" <= ch <= "z"] + list("abcdefghijklmnopqrstuvwxyz")
        letters[name] = next((ch for ch in pool if ch not in taken), "%")
    return letters


def token_mark(label: str) -> str:
    """The cell character of a Search token: its label's first character when that is
    an upper-case ASCII letter other than the overlay letters, or ``?``; else ``$``."""
    first = label[:1]
    return first if first == "?" or ("A" <= first <= "Z" and first.lower() not in _RESERVED) else "$"


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
        main[square] = token_mark(label)
    for _, square in scene.named_enemies:
        main[square] = "@"
    for spot in scene.deployment:
        if spot.shown:
            main[spot.square] = str(spot.players)[:1]
    railed = {sq for edge in scene.edges for sq in _separated(edge.segment)}
    figures = {figure.square: figure for figure in scene.figures}
    overlay: dict[Sq, str] = {}
    if scene.los is not None:                    # under the areas' marks: the legend tells those
        source, seen, cover = scene.los
        overlay.update({sq: OVERLAY["seen"] for sq in seen})
        overlay.update({sq: OVERLAY["cover"] for sq in cover})
    overlay.update({sq: OVERLAY["start"] for sq in scene.start})
    overlay.update({sq: OVERLAY["exit"] for squares, _ in scene.exits for sq in squares})
    for square in scene.unreachable or ():
        overlay[square] = OVERLAY["unreachable"]
    if scene.los is not None:
        overlay[scene.los[0]] = OVERLAY["source"]

    lines = [f"layout {say(scene.layout_id)}: {say(scene.title)} ({scene.columns} x {scene.rows} squares)"]
    lines.append("   " + "".join(f"{c:>3}" for c in range(1, scene.columns + 1)))
    for r in range(1, scene.rows + 1):
        cells = []
        for c in range(1, scene.columns + 1):
            info = scene.squares[(c, r)]
            centre = wall if info.wall else main.get((c, r), floor)
            third = arrows[info.arrow] if info.arrow else ("=" if (c, r) in railed else " ")
            figure = figures.get((c, r))
            if figure is not None:
                centre, third = figure.mark, arrows.get(figure.side, figure.side)
            cells.append(overlay.get((c, r), " ") + centre + third)
        lines.append(f"{r:>2} " + "".join(cells).rstrip())

    lines.append("legend:")
    lines.append(f"  {wall}  wall (no map tile)    {floor}  floor")
    for tile in scene.map_tiles:
        marks = ", ".join(tile.keywords)
        first = (min(c for c, _ in tile.squares), min(r for _, r in tile.squares))
        last = (max(c for c, _ in tile.squares), max(r for _, r in tile.squares))
        lines.append(f"     map tile {tile.index + 1}: {say(tile.name)} from {_sq(first)}"
                     + (f" to {_sq(last)}" if last != first else "")
                     + (f" [{say(marks)}]" if marks else "") + (f" arrow {tile.arrow}" if tile.arrow else ""))
    groups: dict[str, list[Placed]] = {}
    for tile in scene.terrain_tiles:
        groups.setdefault(tile.name, []).append(tile)
    for name, tiles in groups.items():
        gone = [t for t in tiles if not t.squares]
        if gone:
            lines.append(f"     {say(name)}: {plural(len(gone), 'tile')} removed from the map")
        tiles = [t for t in tiles if t.squares]
        if not tiles:
            continue
        marks = ", ".join([say(k) for k in tiles[0].keywords] + [f"{say(k)} edge" for k in tiles[0].edge_keywords])
        marks = marks or "no keywords"
        where = "; ".join(", ".join(_sq(s) for s in sorted(t.squares, key=lambda s: (s[1], s[0])))
                          + (f" facing {t.arrow}" if t.arrow else "") + (" with banner" if t.banner else "") for t in tiles)
        lines.append(f"  {letters[name]}  {say(name)} ({marks}) at {where}")
    if scene.edges:
        by_keyword: dict[str, list[str]] = {}
        for edge in scene.edges:
            a, b = _separated(edge.segment)
            for keyword in edge.keywords:
                by_keyword.setdefault(keyword, []).append(f"{_sq(a)}|{_sq(b)}")
        # one key, one line: every edge keyword (a Balcony's Railing, a Staircase's
        # Stair Railing) shares the "=" beside a square
        lines.append("  =  " + "; ".join(f"{say(keyword)} (edge) between " + ", ".join(where_)
                                         for keyword, where_ in sorted(by_keyword.items())))
    if any(s.arrow for s in scene.squares.values()):
        lines.append(f"  {''.join(arrows.values())}  arrow printed on the tile")
    for label, square in scene.search_tokens:
        lines.append(f"  {token_mark(label)}  Search token {say(label)} at {_sq(square)}")
    if scene.deployment:
        placed = [d for d in scene.deployment if d.shown]
        if scene.characters is None:
            lines.append("  1  deployment square: an Enemy is placed there with at least that many Characters")
        else:
            who = (f"{scene.players} player{'s' if scene.players != 1 else ''} ({scene.characters} Characters)"
                   if scene.players is not None else f"{scene.characters} Characters")
            lines.append(f"  1  deployment for {who}: {len(placed)} Enemies (each square's number: the fewest "
                         "Characters that place an Enemy there)")
        for area in dict.fromkeys(d.area for d in scene.deployment):
            spots = [d for d in placed if d.area == area]
            enemy = next(d.enemy for d in scene.deployment if d.area == area)
            lines.append(f"     area {area + 1}, {say(enemy)}: "
                         + (", ".join(f"{d.players} at {_sq(d.square)}" for d in spots) or "none placed"))
    for name, square in scene.named_enemies:
        lines.append(f"  @  Named Enemy {say(name)} at {_sq(square)}")
    for figure in scene.figures:
        lines.append(f"  {figure.mark}{arrows.get(figure.side, figure.side)} {say(figure.text)}")
    if any(overlay[sq] == OVERLAY["start"] for sq in scene.start):
        lines.append(f"  {OVERLAY['start']}  Start area" + _seen(scene, scene.start, overlay, OVERLAY["start"]))
    for number, (squares, edge_side) in enumerate(scene.exits, 1):
        if any(overlay[sq] == OVERLAY["exit"] for sq in squares):
            lines.append(f"  {OVERLAY['exit']}  Exit area {number}" + (f" (Exit edge: {edge_side})" if edge_side else "")
                         + _seen(scene, squares, overlay, OVERLAY["exit"]))
    if scene.los is not None:
        source, seen, cover = scene.los
        lines.append(f"  {OVERLAY['source']}  line of sight from {_sq(source)}: {OVERLAY['seen']} seen without Cover "
                     f"({len(seen - cover)}), {OVERLAY['cover']} seen with Cover ({len(cover)})")
    if scene.unreachable:
        lines.append(f"  {OVERLAY['unreachable']}  unreachable from the Start area ({plural(len(scene.unreachable), 'square')})")
    elif scene.unreachable is not None:
        lines.append("     every square a Character may stand on is reachable from the Start area")
    return "\n".join(lines) + "\n"
