"""Target rules: which Character an Enemy (or a card's effect) picks.

A **target rule** (bundle 1.5.0, ``priorities.target`` and the ``attack`` effect's
``target``; ``effect_fields.TARGET_SELECTORS``) is an ordered list of selectors
``{"kind": ..., ...params}`` applied left to right to the candidates (every Character
on the board that has not Fallen: "Enemies ignore Fallen Characters"):

| selector | keeps |
|---|---|
| ``among`` ``value: adjacent`` | Characters adjacent to ``this`` |
| ``among`` ``value: line-of-sight`` | Characters in ``this``'s line of sight |
| ``among`` ``value: in-range`` | Characters within ``this``'s ``range`` (``None``: all) |
| ``among`` ``value: range-and-line-of-sight`` | both of the above |
| ``among`` ``value: pattern`` | Characters whose Melee Attack Pattern covers ``this`` |
| ``nearest`` | the fewest Movement points away (docs/rulings.md "What nearest measures") |
| ``weakest`` | the least Health |
| ``prefer`` ``role: R`` / ``status: S`` | those with that role / status token, if any (else all) |
| ``players-choice`` | one of those left: the players choose (a ``pick`` request when several) |
| ``fallback`` ``terrain: [names], in_path`` | when no Character is left: those terrain tiles' squares |

The second ruleset's order ("If more than one Hero is in range, attack the Weakest
(least health), then Defending Hero, then Magus, then players choice") is the rule
``among range-and-line-of-sight, weakest, prefer status Defending, prefer role Magus,
players-choice``: no code of its own.

Rule sources: Gascony's Legacy, "Enemy Attacks" ("Each Enemy makes an Attack against
the nearest Character in its Line of Sight if possible. For Melee Enemies, players
choose which adjacent Character they attack"); the second ruleset, "Enemy Attack"
(Attack Priority, Doors And Portcullises). Dependencies: ``board``, ``battle.scene``.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Mapping
from typing import Any

from cardforge_runtime.battle.scene import Scene
from cardforge_runtime.board import adjacent, in_range, line_of_sight, nearest
from cardforge_runtime.effects import pick
from cardforge_runtime.errors import EngineError

__all__ = ["attackable_from", "candidates", "pick", "select_targets"]

Target = Any  # a figure id (int) or {"terrain": [column, row]}
Request = dict[str, Any]


def candidates(scene: Scene) -> list[int]:
    """Every Character figure on the board that has not Fallen, in board order."""
    return [f["id"] for f in scene.battle["characters"] if not scene.game["characters"][f["character"]]["fallen"]]


def _health(scene: Scene, figure_id: int) -> int:
    return scene.character(figure_id)["health"]


def select_targets(scene: Scene, rule: Iterable[Any], this: int, pool: Iterable[int] | None = None, *,
                   covers: Callable[[int], Iterable[tuple[int, int]]] | None = None,
                   path: Iterable[tuple[int, int]] | None = None,
                   purpose: str = "target") -> Generator[Request, dict[str, Any], list[Target]]:
    """Apply target ``rule`` for figure ``this`` (an Enemy or Named Enemy).

    Args:
        scene: the Battle.
        rule: the selectors, in order (module docstring).
        this: the id of the figure whose rule it is.
        pool: the candidate Character figure ids (default: ``candidates(scene)``).
        covers: Character figure id -> the squares its Melee Attack Patterns cover
            (``among: pattern``; ``attack.melee_cover`` gives it).
        path: the squares of ``this``'s route toward the Characters (the Enemy turn's
            movement, issue 10), for ``fallback`` with ``in_path: true``; ``None``:
            every square of those terrain tiles qualifies.
        purpose: the ``for`` of the ``pick`` request (which also carries ``figure``:
            ``this``, and ``card``: the game state's ``card``, the Battle card).

    Returns (generator): the targets left, in board order: figure ids, or
    ``{"terrain": [column, row]}`` from a ``fallback``; after ``players-choice`` at
    most one. Yields ``pick`` requests for the players' choices (never picks
    silently).

    Raises:
        EngineError: an unknown selector, ``among: pattern`` without ``covers``.
    """
    left: list[Target] = list(candidates(scene) if pool is None else pool)
    here = scene.square(this)
    data = scene.enemies.get(scene.get(this)["enemy"], {}) if scene.kind(this) == "enemy" else {}
    reach = data.get("range")
    for selector in rule:
        kind = selector.get("kind") if isinstance(selector, Mapping) else None
        if kind == "nearest":
            if left and all(isinstance(t, int) for t in left):
                by_square = {scene.square(t): t for t in left}
                _, tied = nearest(scene.board, here, list(by_square), "enemy", scene.figures(), end=False)
                left = [t for t in left if scene.square(t) in tied] if tied else left
        elif kind == "weakest":
            people = [t for t in left if isinstance(t, int)]
            if people:
                least = min(_health(scene, t) for t in people)
                left = [t for t in people if _health(scene, t) == least]
        elif kind == "players-choice":
            chosen = yield from pick(purpose, left, figure=this, card=scene.game.get("card"))
            left = [] if chosen is None else [chosen]
        elif kind == "among":
            left = [t for t in left if isinstance(t, int) and _among(scene, selector["value"], here, t, reach, covers)]
        elif kind == "prefer":
            preferred = [t for t in left if isinstance(t, int) and _has(scene, t, selector)]
            left = preferred or left
        elif kind == "fallback":
            if not left:
                left = _terrain(scene, selector, path)
        else:
            raise EngineError(f"unknown target selector {selector!r}")
    return left


def attackable_from(scene: Scene, rule: Iterable[Any], this: int, square: tuple[int, int], *,
                    covers: Callable[[int], Iterable[tuple[int, int]]] | None = None,
                    pool: Iterable[int] | None = None) -> list[int]:
    """The Characters figure ``this`` could attack if it stood on ``square``: those of
    ``pool`` (default ``candidates(scene)``: never a Fallen one) that pass every
    ``among`` selector of target ``rule`` measured from ``square`` (the other
    selectors only narrow a non-empty list, so they do not decide whether there is a
    target). In board order. The Enemy turn's "can make an Attack without moving" and
    the squares an Enemy moves toward (docs/rulings.md, "Enemy movement").

    Raises:
        EngineError: an unknown ``among`` value, ``among: pattern`` without ``covers``.
    """
    data = scene.enemies.get(scene.get(this)["enemy"], {}) if scene.kind(this) == "enemy" else {}
    filters = [s["value"] for s in rule if isinstance(s, Mapping) and s.get("kind") == "among"]
    return [t for t in (candidates(scene) if pool is None else pool)
            if all(_among(scene, where, square, t, data.get("range"), covers) for where in filters)]


def _among(scene: Scene, where: str, here: tuple[int, int], target: int, reach: int | None,
           covers: Callable[[int], Iterable[tuple[int, int]]] | None) -> bool:
    there = scene.square(target)
    if where == "adjacent":
        return adjacent(here, there)
    if where == "line-of-sight":
        return line_of_sight(scene.board, here, there)      # figures never block it
    if where == "in-range":
        return in_range(here, there, reach)
    if where == "range-and-line-of-sight":
        return in_range(here, there, reach) and line_of_sight(scene.board, here, there)
    if where == "pattern":
        if covers is None:
            raise EngineError("the selector {among: pattern} needs the Characters' Attack Patterns (covers)")
        return here in set(covers(target))
    raise EngineError(f"unknown 'among' value {where!r}")


def _has(scene: Scene, target: int, what: Mapping[str, Any]) -> bool:
    character = scene.character(target)
    if what.get("status") is not None:
        return what["status"] in character["status"]
    if what.get("role") is not None:                 # the Character board's role (bundle 1.5.0)
        board = next((b for b in scene.pack.get("characters") or () if b["name"] == character["name"]), {})
        return board.get("role") == what["role"]
    raise EngineError(f"a prefer selector names no role and no status: {dict(what)!r}")


def _terrain(scene: Scene, fallback: Mapping[str, Any], path: Iterable[tuple[int, int]] | None) -> list[Target]:
    names = set(fallback.get("terrain", ()))
    layout_tiles = scene.board.layout["terrain_tiles"]
    squares = [sq for sq in scene.board.squares()
               if any(layout_tiles[i]["tile"] in names for i in scene.board.tiles_at(sq))]
    if fallback.get("in_path") and path is not None:
        route = {tuple(sq) for sq in path}
        squares = [sq for sq in squares if sq in route]
    return [{"terrain": list(sq)} for sq in squares]
