"""Where in a story each step is: the bundle path of every step and choice option,
for observers of a session (``Session.observe``).

A front end or a tool (cardforge's state explorer, its random playthroughs) may
want to know which step of a card is playing, which options of a choice were on
offer, how each condition came out and which branch ran. The requests alone do not
say it (two choices of one card may look alike), so the story rules tell an
**observer**, a callable ``observer(event, path, value)``:

| event | when | ``value`` |
|---|---|---|
| ``"step"`` | a step begins | ``None`` |
| ``"offered"`` | a ``choice`` is reached, before its request | the positions of the options on offer (a list, possibly empty) |
| ``"condition"`` | a condition is evaluated (below) | ``True`` or ``False`` |
| ``"branch"`` | a branch runs (below) | ``"pass"``/``"fail"``, ``"then"``/``"else"``, or an option's position |

A ``condition`` is an option's ``if`` (``path`` the option's, told before the
choice's ``offered``; an option without ``if`` is on offer untold) or an ``if``
step's (``path`` the step's). A ``branch`` is a Challenge's ``pass`` / ``fail``
(once per Character who rolls in a ``who: each`` Challenge; none when nobody can
take the Challenge, which then does nothing), an ``if`` step's
``then`` / ``else``, or the option the players answered (``path`` the ``choice``
step's, told once the answer is given, before the option's steps). A ``battle``
step is one ``step``: the Battle rounds inside it are not told.

``path`` is the JSON path of the step (or option) inside the story of the bundle,
a tuple of keys and list positions: ``("cards", 2, "steps", 0, "options", 1,
"steps", 3)`` is the fourth step of the second option of the first step of the
story's third card (the third of ``story["cards"]``: a position, not a card id);
``("cards", 0, "steps", 4, "pass", 1)`` the second step of the ``pass`` branch of
the first card's fifth step (docs/runtime.md, Observers and forks). Observers only
read: they never change what is played, and nothing they are told goes into the
log or a save. An observer is called in the middle of ``Session.answer``: it must
not answer, fork or save the session it observes; an exception it raises fails that
answer (``EngineError``), which is undone.

Dependencies: none.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["Observer", "Path", "step_paths"]

Path = tuple[str | int, ...]
#: ``observer(event, path, value)``: see the module docstring.
Observer = Callable[[str, Path, Any], None]

#: The keys of a step that hold lists of steps (branches), by step kind.
_BRANCHES = {"challenge": ("pass", "fail"), "if": ("then", "else")}


def step_paths(story: Mapping[str, Any]) -> dict[int, Path]:
    """``{id(node): path}`` for every step and choice option of a bundle story
    (``story["cards"][i]["steps"]`` and the steps nested in options, in a
    Challenge's ``pass`` / ``fail`` and in an ``if`` step's ``then`` / ``else``): the
    identity of the node the story rules hold, to its JSON path in the story
    (module docstring). The identities are those of ``story``'s own dicts: they hold
    while ``story`` lives, and a copy of it has others. O(steps); the story is only
    read."""
    paths: dict[int, Path] = {}

    def walk(steps: list[Any], base: Path) -> None:
        for j, step in enumerate(steps):
            path = (*base, j)
            paths[id(step)] = path
            if step["kind"] == "choice":
                for k, option in enumerate(step["options"]):
                    paths[id(option)] = (*path, "options", k)
                    walk(option["steps"], (*path, "options", k, "steps"))
            for key in _BRANCHES.get(step["kind"], ()):
                walk(step[key], (*path, key))

    for i, card in enumerate(story["cards"]):
        walk(card["steps"], ("cards", i, "steps"))
    return paths
