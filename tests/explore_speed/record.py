"""Record the explorer's findings on each shipped Act (tests/explore_speed/expected.json),
before a change meant only to make it faster:

    PYTHONPATH=$PWD/compiler:$PWD/runtime:$PWD/tests python tests/explore_speed/record.py BUNDLE
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from _explore_invariants import summary

from cardforge_runtime import load_bundle

STORIES = ("act-1", "act-2", "act-3", "act-4")


def main() -> None:
    bundle = load_bundle(sys.argv[1])
    out = {}
    for story in STORIES:
        began = time.perf_counter()
        out[story] = summary(bundle, "gascony", story)
        print(story, f"{time.perf_counter() - began:.2f} s", out[story]["states"], out[story]["answers"], flush=True)
    target = Path(__file__).with_name("expected.json")
    target.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
