"""``cardforge simulate``: a Battle played many times by an automatic policy, and the
balance report of the runs (docs/simulate.md). One concern per module: ``policies``
(the automatic players, answering only through the runtime's requests), ``runner``
(seeds, one run, the process pool), ``report`` (the statistics, text and JSON).
The runtime never imports this package."""
