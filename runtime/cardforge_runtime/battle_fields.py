"""The Battle-round part of the bundle format (format 1.6.0), defined once: the pack's
``battle_round`` (its closed vocabularies of phases and Actions, the Character turn's
limits, Rescue's healing), and the meaning of a Battle objective (``meet``), with the
one grammar that reads an objective's printed text.

Rule sources: Gascony's Legacy, "Battle Rounds" (1. All for One!, 2. Character Turns,
3. Enemy Turn, 4. Upkeep; Common Battle Objectives), "Actions" (Prepare, Use Your
Talent, Use Your Support Ability, Rescue a Fallen Ally, Trade, Interact With Terrain,
Search), "Ending a Battle".

The compiler's pack model, ``emit`` (it writes ``meet``), lint ``CF715`` and
``load_bundle`` (``bundle_battle``) all read these definitions; the Battle engine
(``battle.objectives``) plays ``meet``. Re-exported by :mod:`cardforge_runtime.format`.
See ``docs/bundle.md``, Battle rounds.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = [
    "BATTLE_ACTIONS",
    "BATTLE_PHASES",
    "BATTLE_ROUND_DEFAULTS",
    "BATTLE_ROUND_RANGES",
    "OBJECTIVE_KINDS",
    "objective_meet",
    "objective_text",
]

#: The phases of a Battle round, in the rulebook's order (Battle Rounds 1-4). A pack's
#: ``battle_round.phases`` lists some of them, in this order, ``character-turns`` always.
BATTLE_PHASES: tuple[str, ...] = ("all-for-one", "character-turns", "enemy-turn", "upkeep")
#: The Actions a Character may take as their one Action (Actions: Prepare, Use Your
#: Talent, Use Your Support Ability, Rescue a Fallen Ally, Trade, Interact With Terrain,
#: Search). A pack's ``battle_round.actions`` lists those its Characters have.
BATTLE_ACTIONS: tuple[str, ...] = ("prepare", "talent", "support", "rescue", "trade", "interact", "search")
#: ``battle_round`` as Gascony's Legacy prints it: "each Character may Move, perform 1
#: Action and make 1 Attack"; Rescue: "Flip up to 2 of their Health tokens to the gold
#: side". The bundle writes every field.
BATTLE_ROUND_DEFAULTS: dict[str, Any] = {      # move_stat has no default: the pack names it
    "phases": list(BATTLE_PHASES),
    "turn": {"move": 1, "action": 1, "attack": 1},
    "actions": list(BATTLE_ACTIONS),
    "rescue": {"heal": 2},
}
#: The ranges of ``battle_round``'s numbers: a Character turn has at most one Move,
#: one Action and one Attack (a second attack comes from a Stone of Chance), 0 turns
#: the part off; Rescue flips 0 to 20 Health tokens.
BATTLE_ROUND_RANGES: dict[str, tuple[int, int]] = {"move": (0, 1), "action": (0, 1), "attack": (0, 1),
                                                   "heal": (0, 20)}

#: The kinds of an objective's ``meet`` (Common Battle Objectives): ``defeat-all``
#: (no Enemy and no Named Enemy left on the board), ``defeat`` (that Named Enemy
#: Defeated), ``reach-exit`` (every Character on the squares of one Exit area),
#: ``reveal`` (Search token ``token`` revealed), ``table`` (any other text: the
#: players declare it met in a Character turn).
OBJECTIVE_KINDS: tuple[str, ...] = ("defeat-all", "defeat", "reach-exit", "reveal", "table")

_REACH_EXIT = re.compile(r"reach (?:the |an )?exit(?: area)?s?", re.IGNORECASE)
_REVEAL = re.compile(r"reveal (?:search token )?(\S+)", re.IGNORECASE)
_DEFEAT = re.compile(r"defeat (.+)", re.IGNORECASE)
_DEFEAT_ALL = re.compile(r"all(?: the)? enemies", re.IGNORECASE)


def objective_meet(text: str) -> dict[str, Any]:
    """What meeting the objective printed as ``text`` means (Battle Rounds, Common
    Battle Objectives): ``{"kind": "defeat-all"}`` ("Defeat all Enemies"),
    ``{"kind": "defeat", "enemy": "Rochefort"}`` ("Defeat Rochefort"), ``{"kind":
    "reach-exit"}`` ("Reach Exit", "Reach the Exit area"), ``{"kind": "reveal",
    "token": "A"}`` ("Reveal A", "Reveal Search token A"), else ``{"kind": "table"}``.
    Case is ignored; spaces around the text and a final ``.`` or ``!`` are dropped.
    The one grammar: ``emit`` writes its result as the objective's ``meet`` and lint
    CF715 reads the same."""
    text = text.strip().rstrip(".!").strip()
    if _REACH_EXIT.fullmatch(text):
        return {"kind": "reach-exit"}
    if match := _REVEAL.fullmatch(text):
        return {"kind": "reveal", "token": match.group(1)}
    if match := _DEFEAT.fullmatch(text):
        if _DEFEAT_ALL.fullmatch(match.group(1)):
            return {"kind": "defeat-all"}
        return {"kind": "defeat", "enemy": match.group(1)}
    return {"kind": "table"}


def objective_text(meet: dict[str, Any]) -> str:
    """The text the rulebook prints for the objective ``meet`` means (Battle Rounds,
    Common Battle Objectives): ``"Defeat all Enemies"``, ``"Defeat Rochefort"``,
    ``"Reach Exit"``, ``"Reveal A"``; :func:`objective_meet` reads it back to ``meet``.
    Lint uses it to suggest the objective a misspelled text meant. Raises
    ``ValueError`` for a ``table`` objective (it has no text of its own) or an
    unknown kind."""
    kind = meet.get("kind")
    if kind == "defeat-all":
        return "Defeat all Enemies"
    if kind == "defeat":
        return f"Defeat {meet['enemy']}"
    if kind == "reach-exit":
        return "Reach Exit"
    if kind == "reveal":
        return f"Reveal {meet['token']}"
    raise ValueError(f"objective kind {kind!r} has no text of its own (kinds: {', '.join(OBJECTIVE_KINDS)})")
