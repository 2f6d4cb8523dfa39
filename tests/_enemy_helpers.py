"""Fixtures of the Enemy turn tests: the SHIPPED Gascony's Legacy pack (its Enemies,
priorities and Weapons, compiled from content/), hand-built boards, and the replay of
every Enemy move through the rule checker ``enemy_move.legal_enemy_path``."""

from __future__ import annotations

import copy
from functools import lru_cache
from typing import Any

from _battle_helpers import character, check_battle_answer, place_character, place_enemy, scene_of
from _helpers import SHIPPED

from cardforge_runtime.battle.enemy_move import legal_enemy_path
from cardforge_runtime.battle.scene import Scene


@lru_cache(maxsize=1)
def _gascony() -> dict[str, Any]:
    from cardforge_compiler import __version__
    from cardforge_compiler.emit import build_bundle
    from cardforge_compiler.pipeline import compile_paths
    result = compile_paths([str(SHIPPED)])
    assert not result.errors
    return next(p for p in build_bundle(result.packs, __version__)["packs"] if p["id"] == "gascony")


def gascony() -> dict[str, Any]:
    """A copy of the shipped Gascony's Legacy pack (bundle form)."""
    return copy.deepcopy(_gascony())


GUARD, MARKSMAN = "Cardinal's Guard", "Marksman"


def board_scene(rows: list[str], people: list[tuple[str, tuple[int, int], str, list[str]]], *,
                fallen: tuple[int, ...] = (), pack: dict[str, Any] | None = None, **more: Any) -> tuple[Scene, list[int]]:
    """A Scene on ``rows`` with the Characters ``people`` (name, square, facing,
    Weapons), those at the indices ``fallen`` Fallen. Returns (scene, figure ids)."""
    chars = [character(name, 3, 5, destiny=0, health=5) for name, *_ in people]
    scene = scene_of(rows, chars, pack=pack or gascony(), **more)
    ids = [place_character(scene, i, square, facing, weapons) for i, (_, square, facing, weapons) in enumerate(people)]
    for i in fallen:
        scene.game["characters"][i]["fallen"] = True
    checked(scene)
    return scene, ids


def enemies(scene: Scene, *placed: tuple[str, tuple[int, int]]) -> list[int]:
    return [place_enemy(scene, name, square) for name, square in placed]


def checked(scene: Scene) -> Scene:
    """Replay every ``enemy-move`` through ``legal_enemy_path`` when it is recorded: the
    figure is put back on ``from`` (the only change a move makes), the path checked,
    the move restored. ``scene.replayed`` counts the paths checked."""
    record = scene.record
    scene.replayed = 0  # type: ignore[attr-defined]

    def checking(event: dict[str, Any]) -> None:
        if event["event"] == "enemy-move":
            figure = scene.get(event["figure"])
            figure["square"] = list(event["from"])
            reason = legal_enemy_path(scene, event["figure"], event["path"])
            figure["square"] = list(event["to"])
            assert reason is None, f"the engine moved {event}: {reason}"
            assert event["path"][0] == event["from"] and event["path"][-1] == event["to"]
            scene.replayed += 1  # type: ignore[attr-defined]
        record(event)
    scene.record = checking  # type: ignore[method-assign]
    return scene


def drive(scene: Scene, generator, answers: list[Any]) -> tuple[Any, list[dict[str, Any]]]:
    """Drive ``generator``: each request is answered by the next of ``answers`` (an
    answer dict, or a function of the request), checked with ``check_battle_answer``.
    ``answers`` may also be one function answering every request (``responder``).
    Returns (the generator's value, the requests)."""
    if callable(answers):
        answers = _Every(answers)  # type: ignore[assignment]
    requests: list[dict[str, Any]] = []
    try:
        request = next(generator)
        while True:
            requests.append(request)
            assert answers, f"unexpected request {request}"
            given = answers.pop(0)
            answer = given(request) if callable(given) else given
            check_battle_answer(request, answer, scene.rule)
            request = generator.send(answer)
    except StopIteration as stop:
        assert isinstance(answers, _Every) or not answers, f"answers left over: {answers}"
        return stop.value, requests


class _Every(list):
    """An endless list of one answering function."""

    def __init__(self, answer) -> None:  # noqa: ANN001
        super().__init__([answer])

    def pop(self, index: int = -1):  # noqa: ANN201
        return self[0]

    def __bool__(self) -> bool:
        return False if getattr(self, "done", False) else True


def responder(faces: int = 1):  # noqa: ANN201
    """An answer to any request: every die shows ``faces``, no reroll, the first
    option of a pick, the suggested Defense."""
    def answer(request: dict[str, Any]) -> dict[str, Any]:
        kind = request["kind"]
        if kind == "roll":
            return {"faces": [faces] * request["dice"]}
        if kind == "reroll":
            return {"keep": True}
        if kind == "defend":
            return {"defend": request["suggested"]}
        if kind == "pick":
            return {"pick": request["options"][0]}
        raise AssertionError(f"unexpected request {request}")
    return answer


def moves(scene: Scene) -> list[dict[str, Any]]:
    return [e for e in scene.events if e["event"] == "enemy-move"]
