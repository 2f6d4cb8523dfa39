"""The balance report of a simulation: per player count, the rate of each way a Battle
ends (each objective, each defeat, unfinished) with its Wilson score interval, and
the mean of rounds, Wounds taken, Fallen Characters and Destiny spent with a normal
approximation interval (docs/simulate.md, "The report").

``report(meta, runs)`` builds the JSON document (``format: "cardforge-simulation"``,
``version: 1``); ``text(document)`` the tables for people. Both are pure functions of
the runs in order: the same runs give the same bytes. Numbers are rounded to 4
decimal places in JSON (rates, 6; means, 4) and printed with 1 (percentages) or 2
(means) in text.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from cardforge_compiler.report import shown

__all__ = ["MEASURES", "Z", "mean_interval", "report", "text", "wilson"]

#: The two-sided 95 % normal quantile used by every interval.
Z = 1.959963984540054
#: The measures averaged per run, with their titles.
MEASURES = {"rounds": "rounds", "wounds": "Wounds taken", "fallen": "Fallen Characters", "destiny": "Destiny spent"}
_DEFEATS = {"lost-no_health": "defeat: a Character has no Health token", "lost-all_fallen": "defeat: every Character Fallen",
            "unfinished": "unfinished (round cap)"}


def wilson(successes: int, trials: int, z: float = Z) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / trials`` (Wilson 1927):
    centre ``(p + z^2/2n) / (1 + z^2/n)``, half-width ``z sqrt(p(1-p)/n + z^2/4n^2) /
    (1 + z^2/n)``. ``(0.0, 1.0)`` for no trials."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Sequence[float], z: float = Z, floor: float | None = 0.0) -> dict[str, Any]:
    """``{"mean", "sd", "ci": [low, high]}``: the sample mean, the sample standard
    deviation (n - 1) and the normal approximation interval ``mean +- z sd / sqrt(n)``,
    its low end clipped at ``floor`` (every measure is a count, never below 0; ``None``:
    not clipped). ``sd`` and ``ci`` are null below 2 values."""
    n = len(values)
    mean = math.fsum(values) / n if n else 0.0
    if n < 2:
        return {"mean": round(mean, 4), "sd": None, "ci": None}
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
    half = z * sd / math.sqrt(n)
    low = mean - half if floor is None else max(floor, mean - half)
    return {"mean": round(mean, 4), "sd": round(sd, 4), "ci": [round(low, 4), round(mean + half, 4)]}


def _outcome_names(objectives: Sequence[Mapping[str, Any]]) -> list[tuple[str, str]]:
    names = [(f"objective-{i}", f"objective {i + 1}: {o['objective']}") for i, o in enumerate(objectives)]
    return names + list(_DEFEATS.items())


def report(meta: Mapping[str, Any], runs: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The report document of ``runs`` (``runner.simulate``'s, in order). ``meta``:
    ``pack``, ``story``, ``battle`` (card id), ``layout``, ``objectives`` (the step's
    ``[{"objective": text, ...}]``), ``policy``, ``seed``, ``runs``, ``max_rounds``,
    ``difficulty``, ``players`` (the counts played), ``characters`` (``{count: how many
    Characters that count plays}``: one per player, ``solo_characters`` for one player)."""
    outcomes = _outcome_names(meta["objectives"])
    rows = []
    for players in meta["players"]:
        mine = [r for r in runs if r["players"] == players]
        n = len(mine)
        counted = []
        for key, label in outcomes:
            count = sum(1 for r in mine if r["outcome"] == key)
            low, high = wilson(count, n)
            counted.append({"outcome": key, "label": label, "count": count, "rate": round(count / n, 6) if n else 0.0,
                            "ci": [round(low, 6), round(high, 6)]})
        wins = sum(1 for r in mine if r["outcome"].startswith("objective-"))
        low, high = wilson(wins, n)
        win = {"count": wins, "rate": round(wins / n, 6) if n else 0.0, "ci": [round(low, 6), round(high, 6)]}
        rows.append({"players": players, "characters": meta["characters"][players], "runs": n, "win": win,
                     "outcomes": counted,
                     "means": {key: mean_interval([r[key] for r in mine]) for key in MEASURES}})
    return {"format": "cardforge-simulation", "version": 1,
            "pack": meta["pack"], "story": meta["story"], "battle": meta["battle"], "layout": meta["layout"],
            "objectives": [o["objective"] for o in meta["objectives"]],
            "policy": meta["policy"], "seed": str(meta["seed"]), "runs": meta["runs"], "max_rounds": meta["max_rounds"],
            "difficulty": meta["difficulty"], "confidence": 0.95,
            "intervals": {"rates": "wilson", "means": "normal"},
            "players": rows}


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in (head, *rows)) for i in range(len(head))]

    def line(cells: Sequence[str]) -> str:
        return "| " + " | ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths))) + " |"
    return [line(head), "|" + "|".join("-" * (w + 2) for w in widths) + "|", *(line(r) for r in rows)]


def text(document: Mapping[str, Any]) -> str:
    """The report as text: a title, then per player count one table of outcome rates
    (with 95 % Wilson intervals) and one of means (with 95 % normal intervals)."""
    d = document
    lines = [f"Battle card {d['battle']} of {shown(d['story'])} ({shown(d['layout'])}): {d['runs']} runs per player count, "
             f"policy {d['policy']}, seed {d['seed']}, round cap {d['max_rounds']}"
             + (f", difficulty {d['difficulty']}" if d["difficulty"] else ""),
             "Rates with 95% Wilson score intervals; means with 95% normal-approximation intervals (mean +- 1.96 sd/sqrt(n))."]
    for row in d["players"]:
        solo = " (Solo Play)" if row["players"] == 1 else ""
        lines += ["", f"{row['players']} player(s), {row['characters']} Character(s){solo}: "
                      f"won {row['win']['count']} of {row['runs']} "
                      f"({_pct(row['win']['rate'])}, {_pct(row['win']['ci'][0])} - {_pct(row['win']['ci'][1])})"]
        lines += _table(["outcome", "runs", "rate", "95% interval"],
                        [[shown(o["label"]), str(o["count"]), _pct(o["rate"]), f"{_pct(o['ci'][0])} - {_pct(o['ci'][1])}"]
                         for o in row["outcomes"]])
        means = []
        for key, title in MEASURES.items():
            m = row["means"][key]
            ci = "-" if m["ci"] is None else f"{m['ci'][0]:.2f} - {m['ci'][1]:.2f}"
            means.append([title, f"{m['mean']:.2f}", "-" if m["sd"] is None else f"{m['sd']:.2f}", ci])
        lines += _table(["per run", "mean", "sd", "95% interval"], means)
    return "\n".join(lines) + "\n"
