"""What the state explorer finds on a story, as a small JSON summary (for
tests/test_explore_speed_invariants.py and tests/explore_speed/record.py): the
counts, every finding, the ending odds and digests of the explored graph and of the
records (what was seen first and by which line of play), so that a change meant to
make the explorer faster and nothing else is caught if it changes what it finds."""

from __future__ import annotations

import hashlib
import json
from typing import Any


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=repr).encode()).hexdigest()


def summary(bundle: Any, pack: str, story: str) -> dict[str, Any]:
    """Explore ``story`` (default budget and bound) and sum it up (module docstring)."""
    import cardforge_compiler.explore as explore
    from cardforge_compiler.ending_odds import ending_odds

    searches = []

    class Recording(explore.Search):
        def run(self, *, keep: bool = False) -> None:
            searches.append(self)
            super().run(keep=keep)

    original = explore.Search
    explore.Search = Recording
    try:
        exploration = explore.explore_story(bundle, pack, story)
    finally:
        explore.Search = original
    search = searches[0]
    graph = exploration.graph
    odds = ending_odds(graph)
    records = {name: sorted((repr(key), where[0], [*where[1].answers(), *where[2]])
                            for key, where in getattr(search.records, name).items())
               for name in ("steps", "choices", "offered", "conditions", "branches", "cards", "ends")}
    findings = [{"kind": f.kind, "path": list(f.path), "card": f.card, "message": f.message, "hint": f.hint,
                 "step": f.step, "witness": None if f.witness is None else f.witness.as_json()}
                for f in exploration.findings]
    return {
        "states": exploration.states, "answers": exploration.answers, "setups": len(exploration.setups),
        "complete": exploration.complete, "clamped": exploration.clamped, "errors": len(exploration.errors),
        "nodes": len(graph.edges), "terminals": len(graph.terminal),
        "edges": sum(len(out) for out in graph.edges.values()),
        "findings": sorted([f["kind"], f["path"], f["card"]] for f in findings),
        "findings_sha256": _digest(findings),
        "graph_sha256": _digest([sorted((repr(k), str(w)) for k, w in graph.start.items()),
                                 sorted((repr(k), [(str(w), repr(t)) for w, t in out]) for k, out in graph.edges.items()),
                                 sorted((repr(k), v) for k, v in graph.terminal.items())]),
        "records_sha256": _digest(records),
        "odds": {"low": {k: str(v) for k, v in odds.low.items()}, "open": str(odds.open), "never": str(odds.never),
                 "states": odds.states},
    }
