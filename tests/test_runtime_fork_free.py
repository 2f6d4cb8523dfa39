"""A session is in no reference cycle: one nobody holds any more is freed at once,
even while the cyclic collector is paused (docs/runtime.md, Observers and forks: Cost).

The compiler pauses the collector while it works (``load.gc_paused``: ``cardforge
explore``, ``cardforge lint``), and the state explorer drops a look-ahead fork for
nearly every line of play it tries: while a session's rules called it back through a
bound method (a cycle), ``cardforge explore content/`` peaked at 1.26 GB."""

from __future__ import annotations

import gc
import json
import weakref
from pathlib import Path

from cardforge_runtime import Session, load_bundle

HERE = Path(__file__).parent / "conformance"


def test_sessions_and_forks_nobody_holds_are_freed_without_the_cyclic_collector():
    transcript = json.loads((HERE / "act-1.transcript.json").read_text(encoding="utf-8"))
    setup = transcript["setup"]
    bundle = load_bundle(HERE / transcript["bundle"])
    was = gc.isenabled()
    gc.disable()
    try:
        session = Session.start(bundle, transcript["story"], players=setup["players"],
                                characters=setup["characters"], seed=setup["seed"], pack=transcript["pack"],
                                battles=setup.get("battles"))
        dropped = []
        answered = 0
        for step in transcript["steps"]:
            if "rejected" in step:
                continue
            for log in (True, False):
                twin = session.fork(log=log)
                twin.answer(step["answer"])                 # it plays on (and may draw a card) ...
                dropped.append(weakref.ref(twin))
                del twin                                    # ... and nobody holds it any more
            session.answer(step["answer"])
            answered += 1
        held = weakref.ref(session)
        del session
        assert answered == 63
        assert len(dropped) == 126
        assert [ref for ref in dropped if ref() is not None] == []
        assert held() is None
    finally:
        if was:
            gc.enable()
