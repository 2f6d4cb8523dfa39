"""The legend under a board picture (:mod:`.svg`): which rows it has, in a fixed
order (walls, map tiles, each terrain tile with its keywords, marks, edges, arrows,
Search tokens, deployment, Named Enemies, Start, Exit, the overlays), and how each row
is drawn (a swatch and its text, wrapped)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from cardforge_compiler.picture.scene import Placed, Scene
from cardforge_compiler.picture.svg_base import (BLACK, BLUE, COVER, LEFT, LEGEND_FONT, LEGEND_LINE, RAILING, RED,
                                                 SEEN, SOURCE, TERRAIN, TERRAIN_EDGE, TILE_EDGE, TOKEN, UNREACHABLE,
                                                 WALL, arrow, sub)
from cardforge_compiler.report import plural

__all__ = ["by_name", "describe", "draw_legend", "legend_entries"]


def legend_entries(scene: Scene, marks: dict[str, str]) -> list[tuple[str, str, str]]:
    """``(swatch kind, colour, text)`` rows of the legend, in a fixed order."""
    rows: list[tuple[str, str, str]] = [("fill", WALL, "Wall (no map tile)"), ("outline", TILE_EDGE, "Map tile (side name)")]
    used = sorted({k for s in scene.squares.values() for k in s.keywords} | {k for t in scene.terrain_tiles for k in t.keywords})
    explained: set[str] = set()
    for name, tiles in by_name(scene.terrain_tiles).items():
        explained.update(tiles[0].keywords)
        rows.append(("tile", TERRAIN, f"{name}: {describe(scene, tiles[0])}"))
    for name in used:
        if name in scene.marks and name not in explained:
            rows.append(("mark", scene.marks[name], name))
    for name in sorted({k for e in scene.edges for k in e.keywords}):
        rows.append(("line", RAILING, f"{name} (edge)"))
    arrows = [t.name for t in scene.map_tiles + scene.terrain_tiles if t.arrow]
    if arrows:
        rows.append(("arrow", BLACK, "Arrow: " + ", ".join(dict.fromkeys(arrows))))
    if scene.search_tokens:
        rows.append(("token", TOKEN, "Search token (? = drawn at random at setup)"))
    if scene.deployment:
        enemies = ", ".join(f"{marks[e]} {e}" for e in dict.fromkeys(d.enemy for d in scene.deployment))
        if scene.characters is None:
            rows.append(("outline", RED, f"Deployment (number = fewest Characters that place an Enemy): {enemies}"))
        else:
            placed = sum(d.shown for d in scene.deployment)
            who = (f"{plural(scene.players, 'player')}, {plural(scene.characters, 'Character')}"
                   if scene.players is not None else plural(scene.characters, "Character"))
            rows.append(("outline", RED, f"Deployment for {who}: {plural(placed, 'Enemy')} ({enemies})"))
    if scene.named_enemies:
        rows.append(("outline", BLACK, "Named Enemy: " + ", ".join(f"{marks[n]} {n}" for n, _ in scene.named_enemies)))
    if scene.start:
        rows.append(("outline", BLUE, "Start area"))
    if scene.exits:
        rows.append(("dashed", BLUE, "Exit area (arrow: Exit edge)"))
    if scene.los is not None:
        (c, r), seen, cover = scene.los
        rows.append(("fill", SOURCE, f"Line of sight from ({c}, {r})"))
        rows.append(("fill", SEEN, f"Seen without Cover ({plural(len(seen - cover), 'square')})"))
        rows.append(("fill", COVER, f"Seen, with Cover ({plural(len(cover), 'square')})"))
    if scene.unreachable is not None:
        rows.append(("fill", UNREACHABLE, f"Unreachable from the Start area ({plural(len(scene.unreachable), 'square')})"))
    return rows


def by_name(tiles: list[Placed]) -> dict[str, list[Placed]]:
    """Placed tiles grouped by name, in the order names first appear."""
    groups: dict[str, list[Placed]] = {}
    for tile in tiles:
        groups.setdefault(tile.name, []).append(tile)
    return groups


def describe(scene: Scene, tile: Placed) -> str:
    """``C Cover, E Elevated, Railing edge``: a terrain tile's keywords with their marks."""
    parts = [f"{scene.marks[k]} {k}" if k in scene.marks else k for k in tile.keywords]
    parts += [f"{k} edge" for k in tile.edge_keywords]
    return ", ".join(parts) or "no keywords"


def draw_legend(svg: ET.Element, rows: list[tuple[str, str, list[str]]], top: int) -> None:
    """The legend rows, each a swatch and its text (wrapped lines as ``<tspan>``)."""
    legend = sub(svg, "g", class_="legend", font_size=LEGEND_FONT)
    y = top
    for kind, colour, lines in rows:
        g = sub(legend, "g", class_=f"legend-entry {kind}")
        x = LEFT
        if kind == "fill":
            sub(g, "rect", x=x, y=y - 12, width=16, height=16, fill=colour, stroke="#999999")
        elif kind in ("outline", "dashed"):
            sub(g, "rect", x=x, y=y - 12, width=16, height=16, fill="none", stroke=colour, stroke_width=3,
                 **({"stroke_dasharray": "4 3"} if kind == "dashed" else {}))
        elif kind == "tile":
            sub(g, "rect", x=x, y=y - 12, width=16, height=16, rx=3, fill=colour, stroke=TERRAIN_EDGE)
        elif kind == "mark":
            sub(g, "text", colour, x=x + 8, y=y + 1, font_weight="bold", fill=TERRAIN_EDGE, text_anchor="middle")
        elif kind == "line":
            sub(g, "line", x1=x, y1=y - 4, x2=x + 16, y2=y - 4, stroke=colour, stroke_width=6, stroke_linecap="round")
        elif kind == "arrow":
            arrow(g, "east", x + 8, y - 4, 7, "arrow")
        elif kind == "token":
            sub(g, "circle", cx=x + 8, cy=y - 4, r=8, fill=colour, stroke="#7a5c00")
        text = sub(g, "text", lines[0], x=x + 26, y=y)
        for line in lines[1:]:
            sub(text, "tspan", line, x=x + 26, dy=LEGEND_LINE)
        y += 22 + LEGEND_LINE * (len(lines) - 1)
