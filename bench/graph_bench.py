"""``cardforge graph --format svg --layout builtin`` on loopy stories: N cards, each
with 5 options (card i+1, then 4 random cards, seeded), the last also a way to
Victory; the breaker's case of issue 12 (300 cards took 33 s, 600 cards 175 s and
980 MB, a 46 MB SVG before the layout capped its edge points).

Prints, per size: CPU seconds (``time.process_time``, best of --repeat: the machine may
be shared) of the picture alone (build_picture + the built-in layout + SVG, content
compiled once beforehand, no explorer), the SVG's size and SHA-256 (the same every
run). Standard library plus cardforge.

    .venv/bin/python bench/graph_bench.py [--sizes 300,600,1000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "compiler"), str(ROOT / "runtime")]

MANIFEST = (ROOT / "tests" / "golden" / "pack.yaml").read_text(encoding="utf-8")


def loopy_story(cards: int, seed: int = 12) -> str:
    """A story of ``cards`` cards, each with a choice of 5 options: card i+1 (the last:
    card 1), then 4 cards drawn at random (``random.Random(seed)``); the last card
    also offers Victory."""
    pick = random.Random(seed)
    lines = ["kind: story", "id: act-1", "title: Loopy", "start: 1", "cards:"]
    for card in range(1, cards + 1):
        targets = [card % cards + 1] + [pick.randint(1, cards) for _ in range(4)]
        lines += [f"  - id: {card}", f"    title: C{card}", "    steps:", "      - choice:"]
        for k, target in enumerate(targets):
            lines += [f"          - text: go {target} {k}", f"            goto: {target}"]
        if card == cards:
            lines += ["          - text: win", "            steps:", "              - victory: yes"]
    return "\n".join(lines) + "\n"


def measure(cards: int, repeat: int) -> tuple[float, int, str]:
    from cardforge_compiler.cli.graph import _explorer_note, _stories
    from cardforge_compiler.pipeline import compile_paths
    from cardforge_compiler.storygraph.model import build_picture
    from cardforge_compiler.storygraph.svg import to_svg

    with tempfile.TemporaryDirectory() as tmp:
        pack = Path(tmp)
        (pack / "pack.yaml").write_text(MANIFEST, encoding="utf-8")
        (pack / "story.yaml").write_text(loopy_story(cards), encoding="utf-8")
        result = compile_paths([str(pack)], explore_budget=None)
        stories = _stories(result, (str(pack),), ())
        note, summaries = _explorer_note(result, False, 0, stories)
        best = float("inf")
        for _ in range(repeat):
            start = time.process_time()
            svg = to_svg(build_picture(stories, result.diagnostics, summaries, note))
            best = min(best, time.process_time() - start)
    data = svg.encode("utf-8")
    return best, len(data), hashlib.sha256(data).hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="300,600,1000")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print("cards   cpu_s    svg_bytes  sha256", flush=True)
    for size in (int(s) for s in args.sizes.split(",")):
        cpu, size_bytes, digest = measure(size, args.repeat)
        print(f"{size:5d}  {cpu:6.2f}  {size_bytes:11,d}  {digest}", flush=True)


if __name__ == "__main__":
    main()
