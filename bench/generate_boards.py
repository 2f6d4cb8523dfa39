#!/usr/bin/env python3
"""Generate a pack of many distinct, realistic battle layouts for the ``board-lint``
benchmark (issue 8: "Report: lint of a pack with 200 layouts").

    python bench/generate_boards.py --out DIR [--layouts 200]

The layouts are the shipped ones of ``content/gascony/layouts/`` varied: layout ``n``
(0-based) takes shipped layout ``n % 11`` (in name order), turns the whole layout
clockwise by ``90 * ((n // 11) % 4)`` degrees (grid, map and terrain tile placements
and rotations, facings, Exit edges, every square), then, for ``n >= 44``, leaves out
one terrain tile and widens the grid by empty wall rows/columns on sides that carry
no Exit edge (a different grid, everything shifted when the padding is west or
north). No two layouts have the same geometry. ``DIR`` gets the Gascony manifest,
components, keywords and terrain tiles, the layouts (``layouts/board-NNN.yaml``) and
one story with a Battle per layout (``Defeat all Enemies``, and ``Reach Exit`` where
the layout has an Exit area), so that every layout is used (no CF716) and ``cardforge
lint`` reports nothing.

Deterministic; reads and writes YAML with ruamel.yaml (cardforge's own dependency).
"""
from __future__ import annotations

import argparse
import io
import shutil
import sys
from pathlib import Path

from ruamel.yaml import YAML

GASCONY = Path(__file__).resolve().parent.parent / "content" / "gascony"
BOX_FILES = ("pack.yaml", "components.yaml", "keywords.yaml", "terrain-tiles.yaml")
TURN = {"north": "east", "east": "south", "south": "west", "west": "north"}
# (west, north, east, south) wall padding of the varied layouts, n // 44 = 1, 2, 3, 4
PADDING = ((0, 0, 1, 0), (1, 1, 0, 0), (0, 0, 2, 1), (2, 0, 0, 2))


def _load_all(path: Path) -> list:
    return list(YAML(typ="safe", pure=True).load_all(path.read_text(encoding="utf-8")))


def _dump(data: dict) -> str:
    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = None
    yaml.sort_base_mapping_type_on_output = False
    yaml.allow_unicode = True
    out = io.StringIO()
    yaml.dump(data, out)
    return out.getvalue()


def _sizes() -> dict[str, list[int]]:
    """Unrotated footprint ``[w, h]`` of each map tile side and terrain tile name."""
    sizes: dict[str, list[int]] = {}
    for doc in _load_all(GASCONY / "components.yaml"):
        for piece in doc.get("map_tiles", []):
            for side in piece["sides"]:
                sizes[side["side"]] = side["size"]
    for doc in _load_all(GASCONY / "terrain-tiles.yaml"):
        if doc and doc.get("kind") == "terrain-tile":
            sizes[doc["name"]] = doc["size"]
    return sizes


def _turn(layout: dict, sizes: dict[str, list[int]]) -> dict:
    """``layout`` turned 90 degrees clockwise: square ``(c, r)`` goes to ``(R - r + 1, c)``."""
    columns, rows = layout["grid"]

    def square(sq: list[int]) -> list[int]:
        return [rows - sq[1] + 1, sq[0]]

    def placed(p: dict, name: str) -> dict:
        w, h = sizes[p[name]]
        rot = p.get("rotation", 0)
        w, h = (h, w) if rot in (90, 270) else (w, h)
        c, r = p["at"]
        q = dict(p, at=[rows - (r + h - 1) + 1, c], rotation=(rot + 90) % 360)
        if "facing" in q:
            q["facing"] = TURN[q["facing"]]
        return q

    out = dict(layout, grid=[rows, columns])
    out["map_tiles"] = [placed(p, "side") for p in layout.get("map_tiles", [])]
    out["terrain_tiles"] = [placed(p, "tile") for p in layout.get("terrain_tiles", [])]
    out["search_tokens"] = [dict(t, at=square(t["at"])) for t in layout.get("search_tokens", [])]
    out["deployment"] = [dict(a, squares=[dict(s, at=square(s["at"])) for s in a["squares"]])
                         for a in layout.get("deployment", [])]
    out["named_enemies"] = [dict(e, at=square(e["at"])) for e in layout.get("named_enemies", [])]
    out["start"] = [square(s) for s in layout.get("start", [])]
    out["exits"] = [dict(x, squares=[square(s) for s in x["squares"]], **({"edge": TURN[x["edge"]]} if "edge" in x else {}))
                    for x in layout.get("exits", [])]
    return out


def _pad(layout: dict, west: int, north: int, east: int, south: int) -> dict:
    """``layout`` on a grid widened by wall columns/rows; sides with an Exit edge keep none."""
    edges = {x.get("edge") for x in layout.get("exits", [])}
    west, north, east, south = (0 if side in edges else n for side, n in
                                zip(("west", "north", "east", "south"), (west, north, east, south)))
    columns, rows = layout["grid"]

    def square(sq: list[int]) -> list[int]:
        return [sq[0] + west, sq[1] + north]

    out = dict(layout, grid=[columns + west + east, rows + north + south])
    for key in ("map_tiles", "terrain_tiles", "search_tokens", "named_enemies"):
        out[key] = [dict(p, at=square(p["at"])) for p in layout.get(key, [])]
    out["deployment"] = [dict(a, squares=[dict(s, at=square(s["at"])) for s in a["squares"]])
                         for a in layout.get("deployment", [])]
    out["start"] = [square(s) for s in layout.get("start", [])]
    out["exits"] = [dict(x, squares=[square(s) for s in x["squares"]]) for x in layout.get("exits", [])]
    return out


def variant(source: dict, n: int, sizes: dict[str, list[int]]) -> dict:
    """Variant ``n`` of the shipped layout ``source`` (see the module docstring)."""
    layout = source
    for _ in range((n // 11) % 4):
        layout = _turn(layout, sizes)
    if n >= 44:
        tiles = list(layout.get("terrain_tiles", []))
        if tiles:
            del tiles[(n // 44) % len(tiles)]
        layout = _pad(dict(layout, terrain_tiles=tiles), *PADDING[(n // 44 - 1) % len(PADDING)])
    layout = {k: v for k, v in layout.items() if v != []}
    return dict(layout, id=f"board-{n + 1:03d}", title=f"{source['title']} (variant {n + 1})")


def generate(out: str | Path, layouts: int = 200) -> dict:
    """Write the pack into ``out`` (replaced); returns what was written."""
    out = Path(out)
    if layouts > 11 * 4 * (1 + len(PADDING)):
        raise ValueError(f"at most {11 * 4 * (1 + len(PADDING))} distinct layouts")
    if out.exists():
        shutil.rmtree(out)
    (out / "layouts").mkdir(parents=True)
    for name in BOX_FILES:
        shutil.copyfile(GASCONY / name, out / name)
    # the box's manifest plays Gascony's Acts as a campaign; this pack has other stories
    manifest = _load_all(GASCONY / "pack.yaml")[0]
    manifest.pop("campaign", None)
    (out / "pack.yaml").write_text(_dump(manifest), encoding="utf-8")
    sizes = _sizes()
    sources = [_load_all(p)[0] for p in sorted((GASCONY / "layouts").glob("*.yaml"))]
    cards = []
    for n in range(layouts):
        layout = variant(sources[n % len(sources)], n, sizes)
        (out / "layouts" / f"{layout['id']}.yaml").write_text(
            _dump(layout), encoding="utf-8")
        nxt = {"goto": n + 2} if n + 1 < layouts else {"victory": "The last battle is won."}
        objectives = [dict({"objective": "Defeat all Enemies"}, **nxt)]
        if layout.get("exits"):
            objectives.append(dict({"objective": "Reach Exit"}, **nxt))
        cards.append({"id": n + 1, "title": layout["title"],
                      "steps": [{"battle": {"layout": layout["id"], "objectives": objectives}}]})
    story = {"kind": "story", "id": "battles", "title": "Two Hundred Battles", "start": 1, "cards": cards}
    (out / "battles.yaml").write_text(_dump(story), encoding="utf-8")
    return {"layouts": layouts, "sources": len(sources)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True, help="output pack folder (replaced)")
    ap.add_argument("--layouts", type=int, default=200)
    args = ap.parse_args(argv)
    print(generate(args.out, args.layouts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
