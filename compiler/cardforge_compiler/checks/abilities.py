"""Character abilities and Stones of Chance the Battle engine cannot play (stage
``pack``, once per pack; issue 10).

- ``any-face`` ("Perform any 1 of the above effects": Mana Burst) anywhere but at the top
  of a Stone of Chance face's option is CF845: the engine plays it only as a stone's
  option (``battle.stones``) and stops at it in a Talent, a Support or an ``if``
  (``battle.abilities.apply_effects``: "any-face is played by a Stone of Chance").
- A Character's Talent or Support whose ``use-ability`` names an ability the Character
  board does not have, itself, or an ability that uses it back, is CF846: the engine
  never offers it (``battle.abilities.effects_usable``), so the ability can never be
  used (when no board at all has the ability named, CF806 says so instead).

Rule sources: Gascony's Legacy, "1. All for One!" (Mana Burst), "Action" (Use Your
Talent, Use Your Support Ability), Character boards.
"""

from __future__ import annotations

from collections.abc import Iterator

from cardforge_compiler.checks import check
from cardforge_compiler.diagnostics import Diagnostic
from cardforge_compiler.resolve import PackIR
from cardforge_compiler.resolve_decks import EffectRef

__all__ = ["any_face_outside_a_stone", "abilities_never_usable"]

#: The data path of a Stone of Chance option's top-level effect:
#: ``("stones_of_chance", "faces", i, "options", j, "effects", k)``.
_STONE_OPTION_DEPTH = 7


def _manifest_refs(pack: PackIR) -> Iterator[EffectRef]:
    for ref in pack.linked.effects:
        if pack.manifest is not None and ref.doc is pack.manifest:
            yield ref


@check("pack", "CF845")
def any_face_outside_a_stone(pack: PackIR) -> Iterator[Diagnostic]:
    """``any-face`` only at the top of a Stone of Chance face's option."""
    for ref in _manifest_refs(pack):
        if ref.kind != "any-face":
            continue
        if ref.path[0] == "stones_of_chance" and len(ref.path) == _STONE_OPTION_DEPTH:
            continue
        where = ("a Character's Talent or Support" if ref.path[0] == "characters"
                 else "an effect inside another (an `if` branch)")
        yield Diagnostic(
            "CF845", f"the effect 'any-face' (use the stone as any other face) is in {where}: only a Stone of "
                     "Chance face's option plays it, and the engine stops here",
            **pack.board_where(ref.doc, ref.path),
            hint="put `any-face: {}` alone among the effects of a `stones_of_chance` face's option (Mana Burst: "
                 "\"Perform any 1 of the above effects\"), or name the effect the ability gives")


def _ability_target(ref: EffectRef) -> str | None:
    value = ref.scalar if ref.scalar is not None else getattr(ref.params, "ability", None)
    return value if isinstance(value, str) else None


@check("pack", "CF846")
def abilities_never_usable(pack: PackIR) -> Iterator[Diagnostic]:
    """A Talent or Support that uses itself, an ability the board lacks, or one that uses
    it back is never offered."""
    if pack.manifest is None:
        return
    characters = pack.manifest.model.characters
    uses: dict[tuple[int, str], list[tuple[str, EffectRef]]] = {}
    for ref in _manifest_refs(pack):
        if ref.kind == "use-ability" and ref.path[0] == "characters":
            target = _ability_target(ref)
            if target is not None:
                uses.setdefault((ref.path[1], ref.path[2]), []).append((target, ref))
    for (index, which), found in uses.items():
        board = characters[index]
        for target, ref in found:
            if getattr(board, target, None) is None:
                if not any(getattr(c, target, None) is not None for c in characters):
                    continue                                    # CF806: no board has it at all
                why = f"the board has no {target}"
            elif target == which:
                why = "it uses itself"
            elif any(back == which for back, _ in uses.get((index, target), ())):
                why = f"its {target} uses it back"
            else:
                continue
            yield Diagnostic(
                "CF846", f"{board.name}'s {which} uses the {target} (`use-ability: {target}`), but {why}: the engine "
                         f"never offers this {which}, so it can never be used",
                **pack.board_where(ref.doc, ref.path),
                hint=f"give the {which} the effects themselves, or name an ability {board.name}'s board has that "
                     "does not lead back to it")
