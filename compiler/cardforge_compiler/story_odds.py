"""Story odds for ``cardforge stats --story ID``: the exact chance of passing each
``challenge`` and the distribution of Successes of each ``roll`` of a story, computed
from its bundle form with the runtime's dice rule (``DiceRule``) and the runtime's
count of dice (``rolls.roll_dice``: the stat, Despair's ``dice_modifier``, Doom's
``six_counts``, ``max_dice``), so the odds and the engine can never disagree.

Per step (Gascony's Legacy, Challenges and Dice Rolls; docs/runtime.md, How the steps
play):

- ``who: one`` and ``each``: a row per Character of the pack who may roll (the named
  ``character`` first; those ``except`` names left out): that Character's chance of
  passing (a Challenge) or their distribution of Successes (a roll: the effect is
  applied once per Success to the Character who rolled).
- ``who: all``: a row per player count from ``players.min`` to ``players.max``: the
  Characters in play are those ``Session.start`` picks by default (``setup.check_setup``:
  the pack's first, one per player; Solo Play: ``players.solo_characters``), less those
  ``except`` names; their Successes are added up.
- Each row has a column per set of status tokens held: none, each token that changes
  this roll alone (a ``dice_modifier``, ``six_counts``, or a ``stat_modifier`` of the
  stat rolled), and all of them together (when more than one); for ``who: all`` every
  roller holds them.

One roll per Character, every roller standing (not Fallen), no Destiny rerolls, no
Advantage or Disadvantage (a story step has none).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Any

from cardforge_runtime.dice import DiceRule
from cardforge_runtime.rolls import roll_dice
from cardforge_runtime.setup import SessionError, check_setup

__all__ = ["dice_steps", "dice_tokens", "in_play", "number", "story_odds"]

Path = tuple[str | int, ...]


def number(value: Fraction) -> dict[str, Any]:
    """An exact number that is not a chance (an expected number of Successes) as the
    JSON document writes it: ``{"fraction": "7/3", "value": 2.3333}`` (rounded to 4
    decimal places)."""
    return {"fraction": str(value), "value": round(float(value), 4)}


def _chance(value: Fraction) -> dict[str, Any]:
    from cardforge_compiler.stats import chance

    return chance(value)


def dice_steps(story: Mapping[str, Any]) -> Iterator[tuple[Mapping[str, Any], Path, str, Mapping[str, Any],
                                                           str | None]]:
    """Every ``challenge`` and ``roll`` step of a bundle story, in card order and in
    the order of the card's steps (branches depth first): ``(card, path, at, step,
    option)``, where ``path`` is the step's JSON path in the bundle story
    (``("cards", 2, "steps", 0, "options", 1, "steps", 0)``, as
    ``cardforge_runtime.trace.step_paths`` gives it), ``at`` the author's path in the
    card as lint prints it (``"steps[0].choice[1].steps[0].challenge"``) and
    ``option`` the text of the innermost choice option holding it (``None`` when
    none)."""
    def walk(steps: Sequence[Mapping[str, Any]], path: Path, at: str,
             option: str | None) -> Iterator[tuple[Path, str, Mapping[str, Any], str | None]]:
        for j, step in enumerate(steps):
            here, where = (*path, j), f"{at}[{j}]"
            kind = step["kind"]
            if kind in ("challenge", "roll"):
                yield here, f"{where}.{kind}", step, option
            if kind == "choice":
                for k, opt in enumerate(step["options"]):
                    yield from walk(opt["steps"], (*here, "options", k, "steps"), f"{where}.choice[{k}].steps",
                                    opt["text"])
            elif kind == "challenge":
                for branch in ("pass", "fail"):
                    yield from walk(step[branch], (*here, branch), f"{where}.challenge.{branch}", option)
            elif kind == "if":
                for branch in ("then", "else"):
                    yield from walk(step[branch], (*here, branch), f"{where}.{branch}", option)

    for i, card in enumerate(story["cards"]):
        for path, at, step, option in walk(card["steps"], ("cards", i, "steps"), "steps", None):
            yield card, path, at, step, option


def dice_tokens(pack: Mapping[str, Any], stat: str) -> list[Mapping[str, Any]]:
    """The pack's status tokens that change a roll of ``stat``: a ``dice_modifier``
    other than 0, a ``six_counts`` (Doom), or a ``stat_modifier`` of ``stat``; in the
    pack's order."""
    return [t for t in pack["status_tokens"]
            if t.get("dice_modifier") or "six_counts" in t or (t.get("stat_modifier") or {}).get("stat") == stat]


def _variants(tokens: Sequence[Mapping[str, Any]]) -> list[list[str]]:
    """The sets of tokens a row shows: none, each alone, all together (when 2 or more)."""
    names = [t["name"] for t in tokens]
    return [[], *([n] for n in names), *([names] if len(names) > 1 else [])]


def _add(a: Sequence[Fraction], b: Sequence[Fraction]) -> list[Fraction]:
    """The distribution of the sum of two independent totals (item ``k``: P(``k``))."""
    out = [Fraction(0)] * (len(a) + len(b) - 1)
    for i, p in enumerate(a):
        if p:
            for j, q in enumerate(b):
                out[i + j] += p * q
    return out


def _expected(table: Sequence[Fraction]) -> Fraction:
    return sum((k * p for k, p in enumerate(table)), Fraction(0))


class _Dice:
    """The dice of one Character for one stat, holding a set of tokens, with the
    distributions cached by ``(dice, doom)``."""

    def __init__(self, pack: Mapping[str, Any]) -> None:
        self.rule = DiceRule.from_pack(pack)
        self.tokens = {t["name"]: t for t in pack["status_tokens"]}
        self.cache: dict[tuple[int, bool], list[Fraction]] = {}

    def roll(self, board: Mapping[str, Any], stat: str, held: Sequence[str]) -> tuple[int, list[Fraction]] | None:
        """``(dice, distribution)``, or ``None`` when the board has no ``stat``."""
        if stat not in board["stats"]:
            return None
        dice, doom = roll_dice({"stats": board["stats"], "status": list(held)}, stat, tokens=self.tokens,
                               rule=self.rule)
        if (dice, doom) not in self.cache:
            self.cache[(dice, doom)] = self.rule.distribution(dice, doom=doom)
        return dice, self.cache[(dice, doom)]


def _cell(kind: str, target: int | None, held: list[str], dice: int | list[int] | None,
          table: list[Fraction] | None) -> dict[str, Any]:
    """One set of tokens of a row: ``{"tokens", "dice", "pass"}`` for a Challenge,
    ``{"tokens", "dice", "distribution", "expected"}`` for a roll (``None`` values
    when nobody can roll)."""
    cell: dict[str, Any] = {"tokens": held, "dice": dice}
    if kind == "challenge":
        cell["pass"] = None if table is None else _chance(sum(table[max(target or 0, 0):], Fraction(0)))
    else:
        cell["distribution"] = None if table is None else [_chance(p) for p in table]
        cell["expected"] = None if table is None else number(_expected(table))
    return cell


def _one_rows(pack: Mapping[str, Any], step: Mapping[str, Any], dice: _Dice,
              variants: list[list[str]]) -> list[dict[str, Any]]:
    """Rows per Character for ``who: one`` / ``each``: the named Character first, then
    (unless ``otherwise: skip``) the others by name, without those ``except`` names."""
    barred = set(step.get("except") or ())
    boards = {b["name"]: b for b in pack["characters"]}
    named = step.get("character")
    order = [named] if named in boards else []
    if named is None or step.get("otherwise", "pick") == "pick":
        order += sorted(n for n in boards if n != named and n not in barred)
    rows = []
    for name in order:
        cells = []
        for held in variants:
            rolled = dice.roll(boards[name], step["stat"], held)
            cells.append(_cell(step["kind"], step.get("successes"), held, *(rolled or (None, None))))
        rows.append({"character": name, "named": name == named, "odds": cells})
    return rows


def in_play(pack: Mapping[str, Any], players: int) -> list[Mapping[str, Any]] | None:
    """The Character boards in play for ``players`` players when none are named: the
    ones ``Session.start`` picks (``setup.check_setup``, the one copy of the rule: the
    pack's first one per player, ``players.solo_characters`` for one player; Gascony's
    Legacy, Setup 1 and Solo Play); ``None`` when the pack has too few."""
    try:
        chosen = check_setup(dict(pack), {"players": players})["characters"]
    except SessionError:
        return None
    boards = {b["name"]: b for b in pack["characters"]}
    return [boards[c["name"]] for c in chosen]


def _all_rows(pack: Mapping[str, Any], step: Mapping[str, Any], dice: _Dice,
              variants: list[list[str]]) -> list[dict[str, Any]]:
    """Rows per player count for ``who: all``: every roller holds the row's tokens."""
    barred = set(step.get("except") or ())
    rows = []
    for players in range(pack["players"]["min"], pack["players"]["max"] + 1):
        boards = in_play(pack, players)
        if boards is None:
            rows.append({"players": players, "characters": None, "rollers": None, "odds": None})
            continue
        rollers = [b for b in boards if b["name"] not in barred]
        cells = []
        for held in variants:
            table: list[Fraction] | None = [Fraction(1)]
            counts: list[int] | None = []
            for board in rollers:
                rolled = dice.roll(board, step["stat"], held)
                if rolled is None or table is None or counts is None:
                    table = counts = None
                    continue
                counts.append(rolled[0])
                table = _add(table, rolled[1])
            if not rollers:             # `except` left nobody: the step does nothing
                table = counts = None
            cells.append(_cell(step["kind"], step.get("successes"), held, counts, table))
        rows.append({"players": players, "characters": [b["name"] for b in boards],
                     "rollers": [b["name"] for b in rollers], "odds": cells})
    return rows


def story_odds(pack: Mapping[str, Any], story: Mapping[str, Any]) -> dict[str, Any]:
    """The odds of every ``challenge`` and ``roll`` of ``story`` (a story of the
    bundle ``pack``, already checked), as the JSON document's ``stories[]`` item
    (docs/stats.md, Story odds)::

        {"id", "title", "players": {"min", "max", "solo_characters"},
         "steps": [{"kind", "card", "title", "option", "at", "path", "stat",
                    "successes" (a challenge), "per_success" (a roll), "who",
                    "character", "otherwise", "except", "tokens",
                    "rows": [...]}]}

    ``rows`` as the module docstring says: for ``who: one``/``each`` ``{"character",
    "named", "odds"}``, for ``all`` ``{"players", "characters", "rollers", "odds"}``
    (``characters`` ``None`` when the pack has too few for that count); ``odds`` one
    cell per token set (``_cell``). Chances are ``stats.chance`` cells, expectations
    :func:`number` cells, every one exact.

    Raises nothing for a checked bundle.
    """
    dice = _Dice(pack)
    steps = []
    for card, path, at, step, option in dice_steps(story):
        tokens = dice_tokens(pack, step["stat"])
        variants = _variants(tokens)
        who = step["who"]
        entry: dict[str, Any] = {"kind": step["kind"], "card": card["id"], "title": card["title"], "option": option,
                                 "at": at, "path": list(path), "stat": step["stat"], "who": who}
        if step["kind"] == "challenge":
            entry["successes"] = step["successes"]
        else:
            entry["per_success"] = step["per_success"]
        entry.update({"character": step.get("character"), "otherwise": step.get("otherwise"),
                      "except": list(step.get("except") or ())})
        entry["tokens"] = [t["name"] for t in tokens]
        entry["rows"] = (_all_rows if who == "all" else _one_rows)(pack, step, dice, variants)
        steps.append(entry)
    limits = pack["players"]
    return {"id": story["id"], "title": story["title"],
            "players": {"min": limits["min"], "max": limits["max"], "solo_characters": limits["solo_characters"]},
            "steps": steps}
