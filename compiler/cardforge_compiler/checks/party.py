"""Characters named by steps and conditions (resolve stage).

A card may name the Character who acts (``character: Porthos``), those who may not
(``except: [Athos]``) or test the party (``in_party("Athos")``): each name must be
a Character board of the pack (Gascony's Legacy, Setup: "Each player chooses a
Character ... and takes the matching Character Board"), or the step would silently
fall back to the group's pick and the condition would never hold.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardforge_compiler.checks import check
from cardforge_compiler.diagnostics import Diagnostic, did_you_mean
from cardforge_compiler.resolve import StoryIR

__all__ = ["named_characters", "party_calls"]


def _named_steps(ref) -> Iterator[tuple[Any, tuple]]:  # noqa: ANN001
    """The parts of a step that may name Characters, with their data paths."""
    if ref.kind in ("challenge", "roll", "gain", "lose"):
        yield getattr(ref.step, ref.kind), (*ref.path, ref.kind)
    if ref.kind == "roll":
        per = ref.step.roll.per_success
        for name in ("gain", "lose"):
            if getattr(per, name) is not None:
                yield getattr(per, name), (*ref.path, "roll", "per_success", name)


def party_calls(tree: dict) -> Iterator[tuple[str, tuple]]:
    """The text argument of every ``in_party("...")`` call in a condition tree, with
    the path of that argument's node from the root (as ``ConditionIR.spans`` keys it)."""
    stack: list[tuple[dict, tuple]] = [(tree, ())]
    while stack:
        node, path = stack.pop()
        args = node.get("args", [])
        if node.get("op") == "call" and node.get("name") == "in_party":
            for i, arg in enumerate(args):
                if arg.get("op") == "const" and isinstance(arg.get("value"), str):
                    yield arg["value"], (*path, "args", i)
        stack.extend((arg, (*path, "args", i)) for i, arg in enumerate(args))
        stack.extend((node[k], (*path, k)) for k in ("arg", "left", "right") if k in node)


@check("resolve", "CF310")
def named_characters(story: StoryIR) -> Iterator[Diagnostic]:
    """Every ``character``, ``except`` entry and ``in_party()`` argument names a
    Character board of the pack."""
    pack = story.pack.pack
    if pack is None:
        return
    boards = [c.name for c in pack.characters]

    def unknown(name: str, path: tuple) -> Diagnostic:
        hint = did_you_mean(name, boards) or (
            f"the pack's Characters are {', '.join(boards)}" if boards
            else "the pack has no Character boards: add them under `characters:` in pack.yaml")
        return Diagnostic("CF310", f"'{name}' is not a Character of pack '{pack.id}'", **story.where(path), hint=hint)

    for _card, ref in story.step_refs:
        for part, path in _named_steps(ref):
            if part.character is not None and part.character not in boards:
                yield unknown(part.character, (*path, "character"))
            for j, name in enumerate(part.except_ or []):
                if name not in boards:
                    yield unknown(name, (*path, "except", j))
    for condition in story.parsed:
        for name, node_path in party_calls(condition.tree) if condition.tree is not None else ():
            if name not in boards:
                diag = unknown(name, condition.path)
                diag.offset = condition.column(node_path) - 1
                yield diag
