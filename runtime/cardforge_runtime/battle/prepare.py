"""The Prepare action: a Character changes which Weapons it uses and may flip its Stance
token (the ``prepare`` request and its answer check).

Asked by the Battle's Setup (a free Prepare per Character after deployment), by the
Character turn's Prepare Action, and by the Character-turn effect ``prepare`` (a
Movement Stone of Chance, Porthos's Support "Bellow").

Request (docs/runtime.md, "Stones of Chance and abilities")::

    {"kind": "prepare", "card": 102, "character": 0, "figure": 1,
     "cards": [{"card": "Equipment#3", "name": "Rapier", "hands": 1, "slot": "primary"}],
     "equipped": ["Equipment#3"], "flipped": false, "hands": 2}

``hands``: the pack's ``carry.hands`` (``None``: no limit). ``cards``: the Weapons the
Character carries (its ``cards`` that are Weapons, in that order) and any Weapon in use
that it does not carry (the Unarmed card). Answer:
``{"keep": true}`` (nothing changes) or ``{"equip": [card ids], "flip": true|false}``:
the Weapons to use, each listed once, at most one of each ``slot`` (one primary, one
secondary), their ``hands`` within the pack's ``carry.hands``; ``flip`` turns the Stance
token over (the Attack Patterns are mirrored). Event: ``{"event": "prepare", "figure",
"character", "weapons", "flipped"}``.

Rule sources: Gascony's Legacy, "Action", Prepare (Flip Stance): "You may flip your
Character's Stance token and/or change which Weapons you have equipped in each hand";
"Equipment cards": "can only use one primary weapon and one secondary weapon";
"Battle Cards - Setup" 6: "may each perform a free Prepare action".
Dependencies: ``answer_fields``, ``battle.scene``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardforge_runtime.answer_fields import AnswerError, only_fields
from cardforge_runtime.battle.scene import Scene
from cardforge_runtime.effects import Play

__all__ = ["check_prepare", "prepare", "prepare_request"]


def _weapon_entry(scene: Scene, card: str) -> dict[str, Any]:
    data = scene.decks.card(card)
    return {"card": card, "name": data["name"], "hands": data.get("hands"), "slot": data.get("slot")}


def prepare_request(scene: Scene, figure_id: int) -> dict[str, Any]:
    """The ``prepare`` request for Character figure ``figure_id`` (module docstring)."""
    me = scene.get(figure_id)
    character = scene.character(figure_id)
    carried = [c for c in character.get("cards", []) if scene.decks.card(c).get("attack") is not None]
    carried += [c for c in me["weapons"] if c not in carried]
    return {"kind": "prepare", "card": scene.game.get("card"), "character": me["character"], "figure": figure_id,
            "cards": [_weapon_entry(scene, c) for c in carried], "equipped": list(me["weapons"]),
            "flipped": bool(me["flipped"]), "hands": (scene.pack.get("carry") or {}).get("hands")}


def check_prepare(request: Mapping[str, Any], answer: Mapping[str, Any]) -> None:
    """Check an answer to a ``prepare`` request (module docstring).

    Raises:
        AnswerError: not ``{"keep": true}`` nor ``{"equip": [...], "flip": bool}``, a
            card not listed or listed twice, two Weapons of one slot, more hands than
            the request's ``hands``.
    """
    if "keep" in answer:
        only_fields("prepare", answer, "keep")
        if answer["keep"] is not True:
            raise AnswerError('"keep" must be true (to change, give "equip" and "flip" instead)')
        return
    only_fields("prepare", answer, "equip", "flip")
    listed = {entry["card"]: entry for entry in request["cards"]}
    equip, flip = answer.get("equip"), answer.get("flip")
    if not isinstance(equip, list) or any(not isinstance(c, str) or c not in listed for c in equip):
        raise AnswerError(f'give "equip": a list of card ids among {sorted(listed)} (or {{"keep": true}})')
    if len(set(equip)) != len(equip):
        raise AnswerError("each Weapon is equipped once")
    if type(flip) is not bool:
        raise AnswerError('give "flip": true (turn the Stance token over) or false')
    slots = [listed[c]["slot"] for c in equip if listed[c]["slot"] is not None]
    for slot in sorted(set(slots)):
        if slots.count(slot) > 1:
            raise AnswerError(f"a Character uses one primary and one secondary Weapon: {slots.count(slot)} "
                              f"{slot} Weapons given")
    hands = sum(listed[c]["hands"] or 0 for c in equip)
    if request.get("hands") is not None and hands > request["hands"]:
        raise AnswerError(f"these Weapons need {hands} hands; a Character has {request['hands']}")


def prepare(scene: Scene, figure_id: int) -> Play:
    """Character figure ``figure_id`` Prepares: yields the ``prepare`` request, then
    applies the (checked) answer: ``weapons`` becomes the ``equip`` list, the Stance
    token is turned over when ``flip``. Event ``prepare`` (also for ``keep``)."""
    request = prepare_request(scene, figure_id)
    answer = yield request
    me = scene.get(figure_id)
    if not answer.get("keep"):
        me["weapons"] = list(answer["equip"])
        if answer["flip"]:
            me["flipped"] = not me["flipped"]
    scene.record({"event": "prepare", "figure": figure_id, "character": me["character"],
                  "weapons": list(me["weapons"]), "flipped": bool(me["flipped"])})
