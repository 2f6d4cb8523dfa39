"""``cardforge simulate``: a Battle played many times by an automatic policy, and the
balance report of the runs (docs/simulate.md). One concern per module: ``policies``
(the automatic players, answering only through the runtime's requests), ``runner``
(seeds, one run, the process pool), ``report`` (the statistics, text and JSON).
The runtime never imports this package."""

from __future__ import annotations

__all__ = ["MAX_RUNS", "MAX_WORKERS"]

#: The most runs per player count one ``cardforge simulate`` plays (``--runs``): every
#: run is held in memory for the report; a larger sweep is spread over tasks with
#: ``runner.play_range`` (docs/simulate.md, "Larger sweeps").
MAX_RUNS = 100_000
#: The most worker processes (``--workers``); ``runner.simulate`` never starts more
#: than it has tasks.
MAX_WORKERS = 256
