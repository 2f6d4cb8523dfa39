"""Stones of Chance: the All for One roll, the pool, and spending a stone for one of its
face's options.

The pack's ``stones_of_chance`` is ``{"per_character": n, "faces": [{"face": name,
"options": [{"name", "effects"}]}]}``; the pool is ``state["battle"]["stones"]`` (the
faces still unspent, in the order rolled). A stone's options, numbered from 0, are its
face's ``options`` then, for each status token whose ``removed_by`` is that face (in the
pack's order), "Remove <token>" (number ``len(options) + i``): the way a covering token
leaves ("If you have a Doom banner token covering your Talent, you must remove it by
spending an Altruism Stone of Chance before you can use this Action").

Requests and answers (docs/runtime.md, "Stones of Chance and abilities"):

- ``{"kind": "stones", "card", "round", "count", "faces"}`` -> ``{"auto": true}`` (one
  roll per stone with the dice generator, every face equally likely) or ``{"faces":
  [count names among faces]}`` (stones rolled at the table); event ``{"event":
  "stones", "round", "faces"}``;
- the ``turn`` request's ``{"do": "stone", "stones": stone_options(...)}`` entry ->
  ``{"do": "stone", "stone": k, "option": j}`` (``spend_stone``); event ``{"event":
  "stone", "figure", "character", "stone", "face", "option", "name"}``, then the
  option's events;
- a Battle ``reroll`` request of the turn's Character carries ``"stones"`` (the options
  usable mid-roll: those that only gain Destiny) -> ``{"stone": k, "option": j}``
  spends it and asks the ``reroll`` again (``RerollStones``);
- Mana Burst's "any 1 of the above effects" (``any-face``): a ``pick`` ``for:
  "any-face"`` among ``{"face", "option", "name"}`` of the other faces' usable options.

Rulings (docs/rulings.md, "Stones of Chance"): the turn's Character spends stones
(Quick Reference: "Players may spend Stones of Chance at any time during their turn");
an option is listed only when it would do something now (``abilities.effects_usable``).

Rule sources: Gascony's Legacy, "1. All for One!", "Fallen Characters" ("you still roll
a Stone of Chance"), "Action" (Use Your Talent, Use Your Support Ability), "Attack" (a
second Weapon), "Battle Round Example" (the M and C stones).
Dependencies: ``answer_fields``, ``battle.abilities``, ``battle.scene``, ``battle.targets``.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardforge_runtime.answer_fields import AnswerError, only_fields
from cardforge_runtime.battle.abilities import Turn, apply_effects, effects_usable
from cardforge_runtime.battle.scene import Scene
from cardforge_runtime.battle.targets import pick
from cardforge_runtime.effects import Play

__all__ = ["RerollStones", "check_stone_choice", "check_stones", "face_names", "reroll_stones", "roll_stones",
           "spend_stone", "stone_options"]


def _rules(scene: Scene) -> Mapping[str, Any]:
    return scene.pack.get("stones_of_chance") or {}


def face_names(pack: Mapping[str, Any]) -> list[str]:
    """The faces of the pack's Stones of Chance, in the pack's order (``[]``: none)."""
    return [face["face"] for face in (pack.get("stones_of_chance") or {}).get("faces", [])]


def roll_stones(scene: Scene) -> Play:
    """All for One: roll ``per_character`` Stones of Chance for every Character of the
    game state, Fallen ones included, and pool them in ``scene.battle["stones"]``
    (replacing the pool). Yields the ``stones`` request (module docstring) unless the
    pack has no Stones of Chance (the pool is then empty); an ``auto`` answer draws
    each face with ``scene.rng.below(number of faces)``, in order. Event ``stones``.

    Rule: Gascony's Legacy, "1. All for One!": "roll a Stone of Chance for each
    Character. After rolling, pool the dice results"; "Fallen Characters": "you still
    roll a Stone of Chance and add it to the pool"."""
    faces = face_names(scene.pack)
    if not faces:
        scene.battle["stones"] = []
        return
    count = _rules(scene).get("per_character", 1) * len(scene.game["characters"])
    answer = yield {"kind": "stones", "card": scene.game.get("card"), "round": scene.battle.get("round"),
                    "count": count, "faces": faces}
    if "faces" in answer:
        rolled = list(answer["faces"])
    else:
        rolled = [faces[scene.rng.below(len(faces))] for _ in range(count)]
    scene.battle["stones"] = rolled
    scene.record({"event": "stones", "round": scene.battle.get("round"), "faces": list(rolled)})


def check_stones(request: Mapping[str, Any], answer: Mapping[str, Any]) -> None:
    """Check an answer to a ``stones`` request: ``{"auto": true}`` or ``{"faces":
    [exactly count names, each one of the request's faces]}``.

    Raises:
        AnswerError: anything else (what was expected)."""
    if "auto" in answer:
        only_fields("stones", answer, "auto")
        if answer["auto"] is not True:
            raise AnswerError('"auto" must be true (or give "faces")')
        return
    only_fields("stones", answer, "faces")
    given = answer.get("faces")
    if (not isinstance(given, list) or len(given) != request["count"]
            or any(not isinstance(f, str) or f not in request["faces"] for f in given)):
        raise AnswerError(f'give "auto": true, or "faces": {request["count"]} faces among {request["faces"]}')


# -- a stone's options -----------------------------------------------------------------


def _options(scene: Scene, face: str) -> list[dict[str, Any]]:
    """Every option of ``face``: ``{"option", "name", "effects"}`` or ``{"option",
    "name", "remove": token}``. Read from the pack once per Scene (``scene.cache``);
    the list is shared: read it, never change it."""
    key = ("stone-options", face)
    found = scene.cache.get(key)
    if found is None:
        found = scene.cache[key] = _face_options(scene, face)
    return found


def _face_options(scene: Scene, face: str) -> list[dict[str, Any]]:
    found = next((f for f in _rules(scene).get("faces", []) if f["face"] == face), None)
    out = [{"option": j, "name": o["name"], "effects": o["effects"]} for j, o in enumerate((found or {})
                                                                                          .get("options", []))]
    removable = [t for t in scene.pack.get("status_tokens") or () if t.get("removed_by") == face]
    for token in removable:
        covers = token.get("covers")
        name = f"Remove {token['name']}" + (f" (it covers your {covers.capitalize()})" if covers not in (None, "none") else "")
        out.append({"option": len(out), "name": name, "remove": token["name"]})
    return out


def _any_face(option: Mapping[str, Any]) -> bool:
    return any(e["kind"] == "any-face" for e in option.get("effects", ()))


def _mid_roll(scene: Scene, turn: Mapping[str, Any], effects: Sequence[Mapping[str, Any]]) -> bool:
    """Effects that only gain the Character Destiny, below its maximum."""
    character = scene.game["characters"][turn["character"]]
    for effect in effects:
        given = {k for k, v in effect.items() if k not in ("kind", "who") and v is not None}
        if effect["kind"] != "gain" or effect.get("who", "you") != "you" or given != {"destiny"}:
            return False
    return bool(effects) and character["destiny"] < character["destiny_max"]


def _usable(scene: Scene, turn: Mapping[str, Any], face: str, option: Mapping[str, Any], mid_roll: bool,
            seen: dict[tuple[str, int], bool]) -> bool:
    """Whether ``option`` of ``face`` is usable now. ``seen``: the answers already found
    during one listing (nothing changes while a listing is made), by (face, option)."""
    key = (face, option["option"])
    found = seen.get(key)
    if found is None:
        found = seen[key] = _usable_now(scene, turn, face, option, mid_roll, seen)
    return found


def _usable_now(scene: Scene, turn: Mapping[str, Any], face: str, option: Mapping[str, Any], mid_roll: bool,
                seen: dict[tuple[str, int], bool]) -> bool:
    if _any_face(option):
        return bool(_any_face_choices(scene, turn, face, mid_roll, seen))
    if "remove" in option:
        return not mid_roll and option["remove"] in scene.game["characters"][turn["character"]]["status"]
    if mid_roll:
        return _mid_roll(scene, turn, option["effects"])
    return effects_usable(scene, turn, option["effects"])


def _any_face_choices(scene: Scene, turn: Mapping[str, Any], face: str, mid_roll: bool,
                      seen: dict[tuple[str, int], bool] | None = None) -> list[dict[str, Any]]:
    """Mana Burst's "any 1 of the above effects": the usable options of the other faces."""
    seen = {} if seen is None else seen
    out = []
    for other in face_names(scene.pack):
        if other == face:
            continue
        for option in _options(scene, other):
            if not _any_face(option) and _usable(scene, turn, other, option, mid_roll, seen):
                out.append({"face": other, "option": option["option"], "name": option["name"]})
    return out


def _listed(scene: Scene, turn: Mapping[str, Any] | None, mid_roll: bool) -> list[dict[str, Any]]:
    if turn is None:
        return []
    out = []
    seen: dict[tuple[str, int], bool] = {}
    for k, face in enumerate(scene.battle.get("stones") or ()):
        options = [{"option": o["option"], "name": o["name"]} for o in _options(scene, face)
                   if _usable(scene, turn, face, o, mid_roll, seen)]
        if options:
            out.append({"stone": k, "face": face, "options": options})
    return out


def stone_options(scene: Scene, turn: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    """The ``turn`` request's ``stone`` entry: ``[{"stone": k, "face", "options":
    [{"option": j, "name"}]}]`` for each stone of the pool (``k`` its position) with an
    option usable now by the turn's Character (``abilities.effects_usable``; a "Remove
    <token>" option while the Character holds that token; Mana Burst's ``any-face``
    while another face has a usable option). ``[]`` outside a Character turn."""
    return _listed(scene, turn, mid_roll=False)


def check_stone_choice(stones: Sequence[Mapping[str, Any]], answer: Mapping[str, Any]) -> None:
    """Check ``answer``'s ``stone`` and ``option`` against a listing of
    ``stone_options`` / a ``reroll`` request's ``stones``.

    Raises:
        AnswerError: the pair is not listed (what is)."""
    offered = {(s["stone"], o["option"]) for s in stones for o in s["options"]}
    # the types first: a list or an object (unhashable) is never looked up in the set
    if any(type(answer.get(k)) is not int for k in ("stone", "option")) or (
            answer["stone"], answer["option"]) not in offered:
        pairs = ", ".join(f'{{"stone": {k}, "option": {j}}}' for k, j in sorted(offered)) or "none"
        raise AnswerError(f"spend a listed stone option: {pairs}")


def spend_stone(scene: Scene, turn: Turn, stone: int, option: int, *, mid_roll: bool = False) -> Play:
    """The turn's Character spends stone ``stone`` (its position in the pool) for its
    option ``option``: the stone leaves ``scene.battle["stones"]`` (event ``stone``),
    then the option is applied: its effects (``abilities.apply_effects``), the removal
    of its token (event ``remove-status`` with ``"by": face``), or for ``any-face`` a
    ``pick`` ``for: "any-face"`` among the other faces' usable options, then that
    option. ``mid_roll``: only the options usable during a reroll (Destiny gains).

    Raises:
        ValueError: the stone or option is not one ``stone_options`` lists now (nothing
            changed)."""
    listed = _listed(scene, turn, mid_roll)
    try:
        check_stone_choice(listed, {"stone": stone, "option": option})
    except AnswerError as error:
        raise ValueError(str(error)) from None
    face = scene.battle["stones"].pop(stone)
    chosen = _options(scene, face)[option]
    scene.record({"event": "stone", "figure": turn["figure"], "character": turn["character"], "stone": stone,
                  "face": face, "option": option, "name": chosen["name"]})
    yield from _apply(scene, turn, face, chosen, mid_roll)


def _apply(scene: Scene, turn: Turn, face: str, option: Mapping[str, Any], mid_roll: bool) -> Play:
    if _any_face(option):
        choices = _any_face_choices(scene, turn, face, mid_roll)
        choice = yield from pick("any-face", choices, figure=turn["figure"], character=turn["character"])
        scene.record({"event": "any-face", "figure": turn["figure"], **choice})
        yield from _apply(scene, turn, choice["face"], _options(scene, choice["face"])[choice["option"]], mid_roll)
    elif "remove" in option:
        character = scene.game["characters"][turn["character"]]
        character["status"] = [t for t in character["status"] if t != option["remove"]]
        scene.record({"event": "remove-status", "figure": turn["figure"], "token": option["remove"], "by": face})
    else:
        yield from apply_effects(scene, turn, option["effects"])


# -- stones spent during a reroll -------------------------------------------------------


@dataclass
class RerollStones:
    """The stones the turn's Character may spend while a ``reroll`` request of its roll
    is pending (``rolls.destiny_rerolls``'s ``stones``): ``offer()`` the listing for the
    request (options that only gain Destiny), ``spend(answer)`` spends the answer's
    ``{"stone", "option"}`` (``spend_stone`` with ``mid_roll``). Battle Round Example:
    "Athos uses the C Stone of Chance to gain 1 Destiny, and then immediately spends it
    to reroll the misses"."""

    scene: Scene
    turn: Turn

    def offer(self) -> list[dict[str, Any]]:
        """The ``reroll`` request's ``stones`` (``[]``: none usable)."""
        return _listed(self.scene, self.turn, mid_roll=True)

    def spend(self, answer: Mapping[str, Any]) -> Generator[dict[str, Any], dict[str, Any], None]:
        """Spend the answer's stone option (checked against ``offer()``)."""
        yield from spend_stone(self.scene, self.turn, answer["stone"], answer["option"], mid_roll=True)


def reroll_stones(scene: Scene, index: int) -> RerollStones | None:
    """The ``RerollStones`` of Character ``index``'s roll: only in its own Character
    turn (``scene.battle["turn"]``) with stones in the pool; else ``None``."""
    turn = scene.battle.get("turn")
    if turn is None or turn.get("character") != index or not scene.battle.get("stones"):
        return None
    return RerollStones(scene, turn)
