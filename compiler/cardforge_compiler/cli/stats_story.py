"""The text of ``cardforge stats --story ID``: the story odds of each ``challenge`` and
``roll`` (``story_odds.story_odds``) and the ending odds (``ending_odds.ending_section``)
as tables for people, chances as percentages with one decimal place, rounded once
from the exact fraction, ``0.0%`` and ``100.0%`` only when exact (docs/stats.md,
Story odds and Ending odds).

Every line starts with cardforge's own words or ``|``; author text is escaped
(``report.shown``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from cardforge_compiler.report import plural, shown

__all__ = ["ending_text", "percent", "story_text", "token_notes"]

#: The most Successes a roll's table shows as columns; the last column adds up the rest.
MAX_COLUMNS = 12


def percent(value: Fraction) -> str:
    """A chance as a percentage with one decimal place, rounded once from the exact
    fraction; ``0.0%`` and ``100.0%`` only when exact: a chance that rounds to them is
    ``<0.1%`` or ``>99.9%``."""
    if 0 < value < Fraction(1, 2000):
        return "<0.1%"
    if Fraction(1999, 2000) <= value < 1:
        return ">99.9%"
    return f"{float(value * 100):.1f}%"


def _percent(cell: Mapping[str, Any] | None) -> str:
    return "-" if cell is None else percent(Fraction(cell["fraction"]))


def _table(head: Sequence[str], rows: Sequence[Sequence[str]], left: int = 1) -> list[str]:
    from cardforge_compiler.cli.stats import _table as table

    return table(head, rows, left)


def token_notes(pack: Mapping[str, Any]) -> list[str]:
    """What each status token of the pack does to a roll, in the pack's order
    (``"Despair: 1 die fewer"``, ``"Doom: a 6 counts 1 Success"``); tokens that change
    no roll are left out."""
    double = "/".join(str(f) for f in pack["dice"]["double_success"])
    notes = []
    for token in pack["status_tokens"]:
        what = []
        if token.get("dice_modifier"):
            by = token["dice_modifier"]
            what.append(f"{plural(abs(by), 'die').replace('dies', 'dice')} {'fewer' if by < 0 else 'more'}")
        if "six_counts" in token:
            what.append(f"a {double} counts {plural(token['six_counts'], 'Success')}")
        modifier = token.get("stat_modifier")
        if modifier:
            what.append(f"{shown(modifier['stat'])} {modifier['by']:+d}")
        if what:
            notes.append(f"{shown(token['name'])}: {', '.join(what)}")
    return notes


def _effect(per_success: Mapping[str, Any]) -> str:
    kind = "gain" if "gain" in per_success else "lose"
    effect = per_success[kind]
    parts = [plural(effect["coins"], "coin")] if "coins" in effect else []
    parts += [f"{effect[k]} {k}" for k in ("destiny", "health") if k in effect]
    parts += [f"{', '.join(shown(s) for s in effect[k])} ({k})" for k in ("status", "items") if effect.get(k)]
    return f"{kind} {', '.join(parts) or 'nothing'}"


def _who(step: Mapping[str, Any]) -> str:
    named, who = step["character"], step["who"]
    if named is not None:
        rest = ("the group picks another" if step["otherwise"] == "pick" else "the step does nothing")
        text = f"rolled by {shown(named)} when in play and standing (else {rest})"
    elif who == "one":
        text = "who: one (the Character the group picks, or in a branch the one who rolled it)"
    elif who == "each":
        text = ("who: each (every standing Character rolls in turn; "
                + ("the branch runs for each)" if step["kind"] == "challenge" else "the effect goes to each roller)"))
    else:
        text = "who: all (every standing Character rolls; their Successes are added up)"
    if step["except"]:
        text += f"; never {', '.join(shown(n) for n in step['except'])}"
    return text


def _labels(step: Mapping[str, Any], every: bool) -> list[str]:
    labels = []
    for cell in next((r["odds"] for r in step["rows"] if r["odds"]), []):
        held = "+".join(shown(t) for t in cell["tokens"])
        labels.append("no token" if not held else f"{held} (all)" if every else held)
    return labels


def _dice(value: int | list[int] | None) -> str:
    if value is None:
        return "-"
    return "+".join(map(str, value)) if isinstance(value, list) else str(value)


def _challenge_table(step: Mapping[str, Any]) -> list[str]:
    every = step["who"] == "all"
    labels = _labels(step, every)
    if every:
        head = ["players", "rolling", "dice", *labels]
        rows = []
        for row in step["rows"]:
            if row["odds"] is None:
                rows.append([str(row["players"]), "(too few Characters in the pack)", "-", *("-" for _ in labels)])
                continue
            rolling = ", ".join(shown(n) for n in row["rollers"]) or "nobody (the step does nothing)"
            rows.append([str(row["players"]), rolling, _dice(row["odds"][0]["dice"]),
                         *(_percent(c["pass"]) for c in row["odds"])])
        return _table(head, rows, left=2)
    head = ["Character", "dice", *labels]
    rows = [[shown(r["character"]) + (" (named)" if r["named"] else ""), _dice(r["odds"][0]["dice"]),
             *(_percent(c["pass"]) for c in r["odds"])] for r in step["rows"]]
    return _table(head, rows)


def _roll_table(step: Mapping[str, Any]) -> list[str]:
    every = step["who"] == "all"
    cells = [(row, cell) for row in step["rows"] for cell in row["odds"] or ()]
    longest = max((len(c["distribution"]) for _, c in cells if c["distribution"] is not None), default=1)
    columns = min(longest, MAX_COLUMNS + 1)
    head = ["players" if every else "Character", "tokens", "dice", "expected",
            *(str(k) if k < MAX_COLUMNS or columns == longest else f"{k}+" for k in range(columns))]
    rows = []
    for row in step["rows"]:
        first = str(row["players"]) if every else shown(row["character"]) + (" (named)" if row["named"] else "")
        if row["odds"] is None:
            rows.append([first, "(too few Characters in the pack)", "-", "-", *("-" for _ in range(columns))])
            continue
        for cell in row["odds"]:
            held = "+".join(shown(t) for t in cell["tokens"]) or "none"
            table = cell["distribution"]
            if table is None:
                rows.append([first, held, "-", "-", *("-" for _ in range(columns))])
                continue
            exact = [Fraction(c["fraction"]) for c in table] + [Fraction(0)] * (columns - len(table))
            shownp = exact[:columns - 1] + [sum(exact[columns - 1:], Fraction(0))]
            rows.append([first, held, _dice(cell["dice"]), f"{float(Fraction(cell['expected']['fraction'])):.2f}",
                         *(percent(p) for p in shownp)])
    return _table(head, rows, left=2)


def story_text(story: Mapping[str, Any], pack: Mapping[str, Any]) -> list[str]:
    """The story odds section of one story (``story_odds.story_odds``'s document) of
    bundle ``pack``, as lines of text."""
    steps = story["steps"]
    challenges = sum(s["kind"] == "challenge" for s in steps)
    rolls = len(steps) - challenges
    counts = f"{plural(challenges, 'Challenge')} and {plural(rolls, 'roll')}"
    limits = story["players"]
    lines = [f"Story odds of '{shown(story['id'])}' ({shown(story['title'])}): {counts}",
             "Each chance is exact (--format json gives the fractions): one roll per Character, no Destiny rerolls, "
             "nobody Fallen, no Advantage or Disadvantage.",
             "A token column: the roller holds that status token ((all): every roller holds it). "
             + "; ".join(token_notes(pack)) + ".",
             f"who: all rows: the Characters in play for that many players ({limits['min']} to {limits['max']}), "
             f"the pack's first ones (Solo Play: {limits['solo_characters']}), as `cardforge play` sets them up.",
             ""]
    if not steps:
        return [*lines[:1], "No challenge or roll steps in this story.", ""]
    for step in steps:
        kind = "Challenge" if step["kind"] == "challenge" else "Roll"
        lines.append(f"{kind} at card {step['card']} '{shown(step['title'])}': {step['at']}")
        if step["option"] is not None:
            lines.append(f"  in the option '{shown(step['option'])}'")
        if step["kind"] == "challenge":
            lines.append(f"  {shown(step['stat'])}, {step['successes']}+ Successes to pass, {_who(step)}")
            lines += _challenge_table(step)
        else:
            lines.append(f"  {shown(step['stat'])}, per Success: {_effect(step['per_success'])}, {_who(step)}")
            lines += _roll_table(step)
        lines.append("")
    return lines


def ending_text(story_id: str, section: Mapping[str, Any]) -> list[str]:
    """The ending odds section (``ending_odds.ending_section``) of story ``story_id``
    as lines of text: a row per result and one for "never ends"; each chance a range
    when the exploration did not finish."""
    setup = section.get("setup")
    party = ""
    if setup is not None:
        who = ", ".join(setup["characters"])
        party = f" in Solo Play ({who})" if setup["players"] == 1 else f" with {setup['players']} players ({who})"
    abstracted = section.get("abstracted")
    lines = [f"Ending odds of '{shown(story_id)}'{shown(party)}: players choose uniformly at random among the options "
             "on offer and the Characters offered, each Battle ends in one of its objectives or is lost (alike), "
             "dice come up with their exact chances, no Destiny rerolls "
             f"({section['states']:,} state{'' if section['states'] == 1 else 's'} explored"
             + (", not all expanded)." if not section["exact"] else ", abstracted)." if abstracted else ", complete).")]
    if section.get("unbounded"):
        lines.append("A counter, the coins or an item's copies can grow beyond the explorer's bound (--bound), so "
                     "the story was explored again with every count kept exact, as far as the budget goes.")
    if abstracted:
        lines.append(f"Not exact: conditions on items the decks deal ({', '.join(shown(i) for i in abstracted['deck_items'])}) "
                     "follow one shuffle, so these are the chances of the explorer's abstract game, not of the story's "
                     "(an ending that needs another shuffle may show as 0.0%).")
    if not section["exact"]:
        lines.append(f"The exploration stopped short: {_percent(section['open'])} of play reaches states it did not "
                     "expand, so each chance is a range (at least, at most).")

    def cell(low: Mapping[str, Any], high: Mapping[str, Any]) -> str:
        return _percent(low) if section["exact"] or low == high else f"{_percent(low)} to {_percent(high)}"

    rows = [[shown(r["result"]), cell(r["low"], r["high"])] for r in section["results"]]
    rows.append(["never ends", cell(section["never_ends"]["low"], section["never_ends"]["high"])])
    return [*lines, *_table(["ending", "chance"], rows), ""]
