"""Character abilities (Talent, Support) and the Character-turn effects they and the
Stones of Chance play.

A Character board's ``talent`` / ``support`` is ``{name, text, effects}`` (bundle: the
pack's ``characters``). A status token whose ``covers`` names an ability blocks it
(Doom covers the Talent, Despair the Support: the pack's ``status_tokens``) until the
token is removed, which the token's ``removed_by`` Stone of Chance face does
(``battle.stones``). In the harder game (``difficulty[].abilities: stones-only``)
abilities are not Actions: only a Stone of Chance uses them.

The Character-turn effects (``effects.TURN_EFFECTS``) change the ``turn`` dict of the
Character turn (``state["battle"]["turn"]``, issue 10)::

    {"character": 1, "figure": 2, "moved": false, "action": false, "attacks": [card ids],
     "move_bonus": 0, "extra_attack_dice": 0, "second_attack": false,
     "auto_successes": null | {"action": "interact", "stat": "Movement", "successes": 4}}

- ``extra-attack-die`` adds ``dice`` to ``extra_attack_dice`` (never above the dice
  rule's maximum, 6): the next Attack roll of the turn rolls them;
- ``second-attack`` sets ``second_attack``: one more Attack, with another one-handed
  Weapon;
- ``move-bonus`` adds ``squares`` to ``move_bonus`` (only before the Move);
- ``prepare`` asks the ``prepare`` request (``battle.prepare``);
- ``use-ability`` plays the named ability (``use_ability``);
- ``auto-successes`` sets ``auto_successes``: the turn's next ``action`` (Interact) whose
  challenge rolls ``stat`` gets ``successes`` with no roll; that Interact is part of the
  ability and takes no Action of its own (Battle Round Example: Porthos "decides to use
  his Corps-à-corps Talent to kick the Barrel");
- ``any-face`` is a Stone of Chance's (``battle.stones``).

Every other effect (``gain``, ``heal``, ``remove-status``...) goes to the effect
interpreter (``battle.effects.run``) with ``you`` the Character's figure; an ``if``'s
branch is played here (it may hold Character-turn effects).

Rule sources: Gascony's Legacy, "Action" (Use Your Talent, Use Your Support Ability),
"Status Banner tokens", "Difficulty Adjustments" (harder), "Battle Round Example".
Dependencies: ``effects``, ``battle.effects``, ``battle.prepare``, ``battle.scene``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardforge_runtime.battle.effects import BattleTable, run
from cardforge_runtime.battle.prepare import prepare
from cardforge_runtime.battle.scene import Scene
from cardforge_runtime.effect_fields import ABILITIES, effect_defaults
from cardforge_runtime.effects import Play, Resolution
from cardforge_runtime.errors import EngineError

__all__ = ["ability_actions", "ability_of", "apply_effects", "attacks_left", "cover_of", "effects_usable",
           "use_ability"]

Turn = dict[str, Any]


def ability_of(scene: Scene, index: int, which: str) -> Mapping[str, Any] | None:
    """Character ``index``'s ``which`` ability (``talent`` / ``support``): ``{name,
    text, effects}`` from its Character board (the pack's ``characters``, by name), or
    ``None`` when the board has none."""
    name = scene.game["characters"][index]["name"]
    boards = scene.cache.get("character-boards")
    if boards is None:
        boards = {}
        for b in scene.pack.get("characters") or ():
            boards.setdefault(b.get("name"), b)     # the first board of a name, as a scan finds it
        scene.cache["character-boards"] = boards
    return (boards.get(name) or {}).get(which)


def cover_of(scene: Scene, index: int, which: str) -> str | None:
    """The status token held by Character ``index`` that covers its ``which`` ability
    (a token whose ``covers`` is ``which``), or ``None`` ("Status Banner tokens": "placed
    on that Character's Board, covering the matching banner")."""
    for token in scene.game["characters"][index]["status"]:
        if (scene.tokens.get(token) or {}).get("covers") == which:
            return token
    return None


def attacks_left(scene: Scene, turn: Mapping[str, Any]) -> int:
    """How many more Attacks the turn allows: the pack's ``battle_round.turn.attack``
    (1 when absent), +1 with ``second_attack``, minus the Weapons attacked with."""
    allowed = ((scene.pack.get("battle_round") or {}).get("turn") or {}).get("attack", 1)
    return allowed + (1 if turn.get("second_attack") else 0) - len(turn.get("attacks") or ())


def _one_handed_weapons(scene: Scene, figure_id: int) -> list[str]:
    return [c for c in scene.get(figure_id)["weapons"]
            if scene.decks.card(c).get("attack") is not None and scene.decks.card(c).get("hands") == 1]


def _filled(effect: Mapping[str, Any]) -> dict[str, Any]:
    # a bundle writes every parameter; fill what hand-made data leaves out
    return {**effect_defaults(effect["kind"]), **effect}


_DEFAULTS: dict[str, dict[str, Any]] = {}


def _filled_view(effect: Mapping[str, Any]) -> dict[str, Any]:
    # as _filled, for reading only: the defaults of a kind (their lists too) are shared
    kind = effect["kind"]
    defaults = _DEFAULTS.get(kind)
    if defaults is None:
        defaults = _DEFAULTS[kind] = effect_defaults(kind)
    return {**defaults, **effect}


#: The kinds whose usability reads their parameters (the others' answer is their kind's).
_READS_PARAMETERS = frozenset({"use-ability", "gain", "heal", "remove-status"})


def _effect_usable(scene: Scene, turn: Mapping[str, Any], effect: Mapping[str, Any], seen: frozenset[str]) -> bool:
    kind = effect["kind"]
    if kind in _READS_PARAMETERS:
        effect = _filled_view(effect)
    elif kind not in _DEFAULTS:
        _filled_view(effect)        # an unknown kind raises KeyError (effect_defaults)
    index = turn["character"]
    character = scene.game["characters"][index]
    if kind == "extra-attack-die":
        return attacks_left(scene, turn) > 0 and turn.get("extra_attack_dice", 0) < scene.rule.max_dice
    if kind == "second-attack":
        weapons = _one_handed_weapons(scene, turn["figure"])
        return (not turn.get("second_attack") and len(weapons) >= 2
                and any(w not in (turn.get("attacks") or ()) for w in weapons))
    if kind == "move-bonus":
        return not turn.get("moved")
    if kind == "auto-successes":
        return turn.get("auto_successes") is None
    if kind == "use-ability":
        which = effect["ability"]
        ability = ability_of(scene, index, which)
        return (ability is not None and which not in seen and cover_of(scene, index, which) is None
                and effects_usable(scene, turn, ability["effects"], seen | {which}))
    if kind == "any-face":
        raise EngineError("any-face is played by a Stone of Chance (battle.stones), not by an ability")
    if effect.get("who", "you") == "you":
        if kind == "gain" and _only_destiny(effect):
            return character["destiny"] < character["destiny_max"]
        if kind == "heal":
            return character["health"] < character["health_max"]
        if kind == "remove-status":
            return any(effect.get("token") in (None, t) for t in character["status"])
    return True


def _only_destiny(effect: Mapping[str, Any]) -> bool:
    given = {k for k, v in effect.items() if k not in ("kind", "who") and v is not None}
    return given == {"destiny"}


def effects_usable(scene: Scene, turn: Mapping[str, Any], effects: Sequence[Mapping[str, Any]],
                   seen: frozenset[str] = frozenset()) -> bool:
    """Whether ``effects``, played now in ``turn``, would each do something (docs/rulings.md,
    "Stones of Chance usable now"): an extra die while an Attack is left and under the
    maximum; a second attack once per turn with two one-handed Weapons equipped, one not
    yet attacked with; a move bonus before the Move; automatic successes not yet held; an
    ability its Character has, not covered, whose own effects are usable; Destiny below
    the maximum, a Wound to heal, a status token to remove for the Character itself;
    any other effect: yes. ``seen``: abilities already being checked (an ability that
    uses itself is not usable)."""
    return bool(effects) and all(_effect_usable(scene, turn, e, seen) for e in effects)


def ability_actions(scene: Scene, turn: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The ``turn`` request's ability Actions: ``{"do": "action", "action": "talent" |
    "support", "name": the ability's name}`` for each ability the Character has, while
    its Action is unused, the pack's ``battle_round.actions`` (when given) list it, the
    difficulty allows abilities as Actions (not ``abilities: stones-only``), no status
    token covers it and its effects are usable now (``effects_usable``)."""
    if turn.get("action") or scene.difficulty.get("abilities", "any") == "stones-only":
        return []
    allowed = (scene.pack.get("battle_round") or {}).get("actions")
    out = []
    for which in ABILITIES:
        ability = ability_of(scene, turn["character"], which)
        if (ability is None or (allowed is not None and which not in allowed)
                or cover_of(scene, turn["character"], which) is not None
                or not effects_usable(scene, turn, ability["effects"], frozenset({which}))):
            continue
        out.append({"do": "action", "action": which, "name": ability["name"]})
    return out


def use_ability(scene: Scene, turn: Turn, which: str, *, action: bool = False,
                using: frozenset[str] = frozenset()) -> Play:
    """The turn's Character uses its ``which`` ability (``talent`` / ``support``):
    event ``{"event": "ability", "figure", "character", "ability", "name", "as":
    "action" | "stone"}``, then its effects (``apply_effects``). ``action=True``: as the
    turn's Action (``ability_actions`` must list it; ``turn["action"]`` becomes true);
    else through a Stone of Chance (``use-ability``), the Action untouched.

    Raises:
        ValueError: the Character has no such ability, a status token covers it, or
            (``action``) it is not one of ``ability_actions``.
        EngineError: the ability uses itself, directly or through the other one
            (``using``: the abilities being used; lint CF846).
    """
    index, figure_id = turn["character"], turn["figure"]
    if which in using:
        raise EngineError(f"{scene.game['characters'][index]['name']}'s {which} uses itself (CF846)")
    ability = ability_of(scene, index, which)
    if ability is None:
        raise ValueError(f"{scene.game['characters'][index]['name']} has no {which} ability")
    token = cover_of(scene, index, which)
    if token is not None:
        raise ValueError(f"{token} covers {scene.game['characters'][index]['name']}'s {which}: remove it first")
    if action:
        if not any(a["action"] == which for a in ability_actions(scene, turn)):
            raise ValueError(f"the {which} ({ability['name']}) is not an Action this turn can take")
        turn["action"] = True
    scene.record({"event": "ability", "figure": figure_id, "character": index, "ability": which,
                  "name": ability["name"], "as": "action" if action else "stone"})
    yield from apply_effects(scene, turn, ability["effects"], using=using | {which})


def apply_effects(scene: Scene, turn: Turn, effects: Sequence[Mapping[str, Any]], *,
                  using: frozenset[str] = frozenset()) -> Play:
    """Play ``effects`` for the turn's Character, in order: the Character-turn effects
    on ``turn`` (module docstring; event ``{"event": kind, "figure", ...}`` with the
    turn's new value), an ``if``'s branch by its predicate, the others through
    ``battle.effects.run`` with ``you`` the Character's figure. ``using``: the
    abilities being used (an ability that uses itself stops the engine: ``use_ability``).

    Raises:
        EngineError: an ``any-face`` effect (a Stone of Chance's own; lint CF845), an
            ability that uses itself, or an effect the interpreter refuses.
    """
    figure_id = turn["figure"]
    for effect in map(_filled, effects):
        kind = effect["kind"]
        event: dict[str, Any] = {"event": kind, "figure": figure_id}
        if kind == "extra-attack-die":
            turn["extra_attack_dice"] = min(scene.rule.max_dice, turn.get("extra_attack_dice", 0) + effect["dice"])
            scene.record({**event, "dice": effect["dice"], "extra_attack_dice": turn["extra_attack_dice"]})
        elif kind == "second-attack":
            turn["second_attack"] = True
            scene.record({**event, "second_attack": True})
        elif kind == "move-bonus":
            turn["move_bonus"] = turn.get("move_bonus", 0) + effect["squares"]
            scene.record({**event, "squares": effect["squares"], "move_bonus": turn["move_bonus"]})
        elif kind == "auto-successes":
            turn["auto_successes"] = {"action": effect["action"], "stat": effect["stat"],
                                      "successes": effect["successes"]}
            scene.record({**event, "auto_successes": dict(turn["auto_successes"])})
        elif kind == "prepare":
            yield from prepare(scene, figure_id)
        elif kind == "use-ability":
            yield from use_ability(scene, turn, effect["ability"], using=using)
        elif kind == "any-face":
            raise EngineError("any-face is played by a Stone of Chance (battle.stones), not by an ability")
        elif kind == "if":
            # a branch may hold Character-turn effects too: played here, not by the interpreter
            holds = BattleTable(scene).holds(effect["if"], Resolution(you=figure_id))
            yield from apply_effects(scene, turn, (effect.get("then") if holds else effect.get("else")) or [],
                                     using=using)
        else:
            yield from run(scene, [effect], Resolution(you=figure_id))
