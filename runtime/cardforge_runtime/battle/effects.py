"""The Battle's table for the effect interpreter (``cardforge_runtime.effects``), and the
effects that need the board.

``cardforge_runtime.effects`` owns what every effect means that needs no board
(``gain``, ``lose``, ``heal``, ``wound``, ``status``, ``remove-status``, ``draw``,
``reshuffle``, ``return-to-box``, ``if``). This module plays effect lists on a Battle
(``scene.Scene``): ``BattleTable`` says whom ``who`` names (``you``, ``this``, a target
rule: ``battle.resolution.subjects``), how an Enemy or a Named Enemy is Wounded and
healed, whether an ``if`` predicate holds (``battle.predicates``), and adds the
board's effects: ``activate``, ``attack``, ``cancel-wound``, ``discard-weapon`` here,
``spawn``, ``move``, ``push``, ``place`` in ``battle.placement``. ``run``,
``resolve_card`` and ``draw_and_resolve`` take a ``Scene`` and call the interpreter's.
Requests are yielded where the players choose (a square, a target among ties, a
status token to remove); the Battle's events are appended to ``scene.events``.

Rule sources: Gascony's Legacy, "Enemy Reaction cards" ("Dodge"), "Named Enemies"
("Guards!", "Doom"), "Assigning Successes" (Reactions), "Loot cards", "Suffering
Wounds", "Named Enemy" (Enemy Turn: "resolve only the top portion, and place the card
in a discard pile"). Rulings: docs/rulings.md, "Attacks".
Dependencies: ``effects``, ``board``, ``battle.*`` below it.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from typing import Any

from cardforge_runtime import effects as core
from cardforge_runtime.battle import placement
from cardforge_runtime.battle.predicates import holds
from cardforge_runtime.battle.resolution import Play, Request, Resolution, one, subjects
from cardforge_runtime.battle.scene import Scene
from cardforge_runtime.battle.state import named_health, remove_figure
from cardforge_runtime.battle.targets import pick, select_targets
from cardforge_runtime.board import adjacent
from cardforge_runtime.effects import TURN_EFFECTS
from cardforge_runtime.errors import EngineError

__all__ = ["TURN_EFFECTS", "BattleTable", "Resolution", "draw_and_resolve", "hold_card", "resolve_card", "run",
           "wound_figure"]


class BattleTable:
    """``effects.EffectTable`` on a Battle: subjects are figure ids (events name them
    ``figure``); Enemies and Named Enemies are Wounded and healed on the board."""

    subject_field = "figure"

    def __init__(self, scene: Scene) -> None:
        self.scene = scene
        self.game = scene.game
        self.pack = scene.pack
        self.decks = scene.decks
        self.severe = scene.severe

    def record(self, event: dict[str, Any]) -> None:
        """Append ``event`` to the scene's events."""
        self.scene.record(event)

    def subjects(self, who: Any, res: Resolution) -> Generator[Request, dict[str, Any], list[int]]:
        """The figures ``who`` names (``resolution.subjects``)."""
        return (yield from subjects(self.scene, who, res))

    def character_of(self, subject: int) -> dict[str, Any] | None:
        """The game state's Character of figure ``subject``; ``None`` for an Enemy."""
        return self.scene.character(subject) if self.scene.kind(subject) == "character" else None

    def character_index(self, subject: int) -> int:
        """The game state's index of Character figure ``subject`` (for ``deck_play.settle_hands``)."""
        return self.scene.get(subject)["character"]

    def wound_other(self, subject: int, amount: int) -> str:
        """An Enemy is Wounded, then Defeated (its token back to the supply); a Named
        Enemy's tracker goes down, Defeated at 0 (Suffering Wounds, Assigning Successes)."""
        scene, item = self.scene, self.scene.get(subject)
        result = "unchanged"
        if scene.kind(subject) == "enemy":
            for _ in range(amount):
                if item["wounded"]:
                    remove_figure(scene.battle, subject)
                    return "defeated"
                item["wounded"] = True
                result = "wounded"
        elif amount > 0:
            item["health"] = max(0, item["health"] - amount)
            result = "wounded"
            if item["health"] == 0:
                remove_figure(scene.battle, subject)
                result = "defeated"
        return result

    def heal_other(self, subject: int, amount: int) -> None:
        """An Enemy back to its unwounded side; a Named Enemy's tracker up to its health
        for the Battle's Character count (``Scene.players_set_up``)."""
        scene, item = self.scene, self.scene.get(subject)
        if scene.kind(subject) == "enemy":
            item["wounded"] = False
        else:
            top = named_health(scene.named_enemies[item["enemy"]], scene.players_set_up())
            item["health"] = min(top, item["health"] + amount)

    def holds(self, predicate: Any, res: Resolution) -> bool:
        """``battle.predicates.holds``."""
        return holds(self.scene, predicate, res)

    def pick(self, purpose: str, options: Sequence[Any], **more: Any) -> Generator[Request, dict[str, Any], Any]:
        """``battle.targets.pick``: the players choose when two or more options remain."""
        return (yield from pick(purpose, options, **more))

    def board_effect(self, kind: str) -> Any:
        """The handler of a board effect ``kind`` (``(table, effect, res) -> requests``), or ``None``."""
        handler = _BOARD.get(kind)
        if handler is None:
            return None
        return lambda table, effect, res: handler(self.scene, effect, res)


# -- cards ---------------------------------------------------------------------------


def draw_and_resolve(scene: Scene, deck: str, res: Resolution) -> Generator[Request, dict[str, Any], str | None]:
    """``effects.draw_and_resolve`` in the Battle: draw the top card of ``deck`` and
    resolve it. Returns the card id, or ``None`` (event ``{"event": "no-card", "deck"}``)."""
    return (yield from core.draw_and_resolve(BattleTable(scene), deck, res))


def resolve_card(scene: Scene, card: str, res: Resolution, *, fate: str | None = None) -> Play:
    """``effects.resolve_card`` in the Battle: play ``res.portion`` of ``card``, then
    move it (discard pile, box, reshuffled; ``fate="keep"``: a Loot card kept)."""
    yield from core.resolve_card(BattleTable(scene), card, res, fate=fate)


def run(scene: Scene, effects: Sequence[Mapping[str, Any]], res: Resolution) -> Play:
    """``effects.run`` in the Battle: apply ``effects`` in order.

    Raises:
        EngineError: an effect outside the vocabulary, a Character-turn effect, a
            subject the card does not have (``you`` in a threat with no Character).
    """
    yield from core.run(BattleTable(scene), effects, res)


def hold_card(scene: Scene, figure_id: int, card: str) -> Play:
    """``effects.hold_card`` in the Battle: Character figure ``figure_id`` holds drawn
    card ``card`` (``cards``, ``items``), then keeps within the pack's ``carry.hands``."""
    yield from core.hold_card(BattleTable(scene), figure_id, card)


def wound_figure(scene: Scene, figure_id: int, amount: int, source: str) -> str:
    """``amount`` Wounds to figure ``figure_id`` (``effects.wound_subject``): a
    Character suffers them; an Enemy is Wounded, then Defeated (its token back to the
    supply); a Named Enemy's tracker goes down, Defeated at 0 (Suffering Wounds,
    Assigning Successes). Returns ``"wounded"``, ``"defeated"`` or ``"unchanged"``.
    Event ``{"event": "wound", "figure", "amount", "result", "source"}``."""
    return core.wound_subject(BattleTable(scene), figure_id, amount, source)


# -- the board's effects -------------------------------------------------------------


def _activate(scene: Scene, effect: Mapping[str, Any], res: Resolution) -> Play:
    name = effect.get("enemy")
    near = effect.get("adjacent_to")
    ids = [f["id"] for f in scene.battle["enemies"] if name is None or f["enemy"] == name]
    if near is not None:
        centre = scene.square(one(res, near))
        ids = [i for i in ids if adjacent(centre, scene.square(i))]
    scene.record({"event": "activate", "figures": ids})
    if not ids:
        return
    if scene.enemy_turn is None:
        raise EngineError("activate needs the Enemy turn (Scene.enemy_turn), which this scene lacks")
    yield from scene.enemy_turn(scene, ids)


def _attack(scene: Scene, effect: Mapping[str, Any], res: Resolution) -> Play:
    this = one(res, "this")
    targets = yield from select_targets(scene, effect["target"], this)
    damage = effect.get("damage")
    if damage is None:
        data = scene.enemies.get(scene.get(this)["enemy"]) or scene.named_enemies[scene.get(this)["enemy"]]
        damage = data["damage"]
    scene.record({"event": "enemy-attack", "figure": this, "targets": targets, "damage": damage})
    if scene.enemy_attack is None:
        raise EngineError("attack needs the Enemy attack rules (Scene.enemy_attack), which this scene lacks")
    for target in targets:
        yield from scene.enemy_attack(scene, this, target, damage)


def _cancel_wound(scene: Scene, effect: Mapping[str, Any], res: Resolution) -> Play:
    if res.attack is not None and res.this is not None:
        res.attack.cancel_wound(scene, res.this)
    return
    yield  # a generator


def _discard_weapon(scene: Scene, effect: Mapping[str, Any], res: Resolution) -> Play:
    if res.attack is not None:
        res.attack.discard_weapon(scene)
    return
    yield  # a generator


_BOARD = {
    **placement.HANDLERS,
    "activate": _activate,
    "attack": _attack,
    "cancel-wound": _cancel_wound,
    "discard-weapon": _discard_weapon,
}
