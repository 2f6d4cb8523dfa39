"""Status tokens, stats and Character abilities named by effects and the manifest
(stage ``pack``, once per pack): every status token an effect, predicate or target
selector names is one of the pack's (``CF305``, as on a story card), every stat an
effect or status token names is one of its stats (``CF304``), and every Character
ability (talent, support) an effect uses is on some Character board (``CF806``),
and every difficulty option an ``if`` asks about is one of the pack's (``CF811``); a
status token's ``removed_by`` is a face of the pack's Stones of Chance (``CF833``). The effects are those of Enemies (``on_hit``),
Threat cards, deck cards, Character abilities and Stones of Chance
(:attr:`~cardforge_compiler.resolve.PackIR.linked`). Gascony's Legacy, Status Banner
tokens (and the transcriber's note on which banner covers which ability), Character
boards, All for One board & Stones of Chance; the second ruleset ("Fatigue").
"""

from __future__ import annotations

from collections.abc import Iterator

from cardforge_compiler.checks import check
from cardforge_compiler.checks._refs import target_rules
from cardforge_compiler.diagnostics import Diagnostic, choices_hint, did_you_mean
from cardforge_compiler.resolve import PackIR

__all__ = ["abilities_named", "difficulties_named", "removed_by_faces", "stats_named", "status_tokens_named"]


def _tokens_named(pack: PackIR) -> Iterator[tuple[object, tuple, str]]:
    """``(document, data path, token)`` of every status token named by an effect
    (``status``, ``remove-status``, ``gain``/``lose`` ``status``), an ``if``'s
    ``has_status`` or a target rule's ``prefer: {status: ...}``."""
    for ref in pack.linked.effects:
        params = ref.params
        if ref.kind == "status":
            yield ref.doc, ref.param_path("token"), params.token
        elif ref.kind == "remove-status" and params.token is not None:
            yield ref.doc, ref.param_path("token"), params.token
        elif ref.kind in ("gain", "lose"):
            for k, token in enumerate(params.status or ()):
                yield ref.doc, (*ref.param_path("status"), k), token
        elif ref.kind == "if" and getattr(ref.effect.if_, "has_status", None) is not None:
            yield ref.doc, (*ref.path, "if", "has_status"), ref.effect.if_.has_status
    for doc, path, rule in target_rules(pack):
        for j, selector in enumerate(rule):
            prefer = getattr(selector, "prefer", None)
            if prefer is not None and prefer.status is not None:
                yield doc, (*path, j, "prefer", "status"), prefer.status


@check("pack", "CF305")
def status_tokens_named(pack: PackIR) -> Iterator[Diagnostic]:
    """Every status token the pack's effects name is one of its ``status_tokens``."""
    manifest = pack.pack
    if manifest is None:
        return
    tokens = [t.name for t in manifest.status_tokens]
    for doc, path, token in _tokens_named(pack):
        if token not in tokens:
            yield Diagnostic("CF305", f"'{token}' is not a status token of pack '{manifest.id}'",
                             **pack.board_where(doc, path),  # type: ignore[arg-type]
                             hint=did_you_mean(token, tokens) or f"status tokens: {', '.join(tokens) or 'none'}")


@check("pack", "CF304")
def stats_named(pack: PackIR) -> Iterator[Diagnostic]:
    """Every stat an ``auto-successes`` effect, a status token's ``stat_modifier`` or
    the manifest's ``battle_stats`` names is one of the pack's ``stats``."""
    manifest = pack.pack
    if manifest is None:
        return
    stats = list(manifest.stats)
    named = [(pack.manifest, ("status_tokens", i, "stat_modifier", "stat"), t.stat_modifier.stat)
             for i, t in enumerate(manifest.status_tokens) if t.stat_modifier is not None]
    if manifest.battle_stats is not None:
        named += [(pack.manifest, ("battle_stats", key), stat)
                  for key, stat in (("melee", manifest.battle_stats.melee), ("defense", manifest.battle_stats.defense))
                  if stat is not None]
    named += [(ref.doc, ref.param_path("stat"), ref.params.stat) for ref in pack.linked.effects
              if ref.kind == "auto-successes" and ref.params is not None]
    for doc, path, stat in named:
        if stat not in stats:
            yield Diagnostic("CF304", f"'{stat}' is not a stat of pack '{manifest.id}'",
                             **pack.board_where(doc, path),  # type: ignore[arg-type]
                             hint=did_you_mean(stat, stats) or f"the pack's stats are {', '.join(stats)}")


@check("pack", "CF806")
def abilities_named(pack: PackIR) -> Iterator[Diagnostic]:
    """Every Character ability an effect uses exists on some Character board: a
    ``use-ability`` effect (a Stone of Chance spent on "your Talent") names ``talent``
    or ``support``, which some board must define, else the effect never does
    anything. (A status token's ``covers`` naming an ability no board has covers
    nothing, which is harmless: not reported.)"""
    manifest = pack.pack
    if manifest is None:
        return
    held = {key for c in manifest.characters for key in ("talent", "support") if getattr(c, key) is not None}
    refs: list[tuple[object, tuple, str, str]] = []
    for ref in pack.linked.effects:
        if ref.kind == "use-ability":
            ability = ref.scalar if ref.params is None else ref.params.ability
            path = (*ref.path, "use-ability") if ref.params is None else ref.param_path("ability")
            refs.append((ref.doc, path, ability, "a `use-ability` effect uses it"))
    for doc, path, ability, what in refs:
        if ability in held:
            continue
        yield Diagnostic("CF806", f"no Character board has a {ability} ability, but {what}",
                         **pack.board_where(doc, path),  # type: ignore[arg-type]
                         hint=f"give the Character boards their `{ability}: {{name, text, effects}}` (Character "
                              f"boards), or remove the reference")


@check("pack", "CF811")
def difficulties_named(pack: PackIR) -> Iterator[Diagnostic]:
    """Every difficulty option a ``{difficulty: <name>}`` predicate asks about is one of
    the manifest's ``difficulty`` options (Difficulty Adjustments: the harder Broken
    Sword discards the Weapon); else the condition never holds."""
    manifest = pack.pack
    if manifest is None:
        return
    options = [option.name for option in manifest.difficulty]
    for ref in pack.linked.effects:
        name = getattr(ref.effect.if_, "difficulty", None) if ref.kind == "if" else None
        if name is None or name in options:
            continue
        yield Diagnostic("CF811", f"no difficulty option '{name}' in pack '{manifest.id}': this `if` never holds",
                         **pack.board_where(ref.doc, (*ref.path, "if", "difficulty")),
                         hint=choices_hint(name, options, "difficulty options",
                                           f"add `difficulty: [{{name: {name}, ...}}]` to the manifest "
                                           "(Difficulty Adjustments)"))


@check("pack", "CF833")
def removed_by_faces(pack: PackIR) -> Iterator[Diagnostic]:
    """Every status token's ``removed_by`` names a face of the manifest's
    ``stones_of_chance`` (Gascony's Legacy, Use Your Support Ability: "you must remove it by spending a
    Loyalty (L) Stone of Chance"); a face the Stones do not have never
    comes up, so the token is never removed that way."""
    manifest = pack.pack
    if manifest is None:
        return
    faces = [face.face for face in manifest.stones_of_chance.faces] if manifest.stones_of_chance else []
    for i, token in enumerate(manifest.status_tokens):
        if token.removed_by is None or token.removed_by in faces:
            continue
        yield Diagnostic("CF833", f"status token '{token.name}' is removed_by '{token.removed_by}', which is not "
                                  f"a Stone of Chance face of pack '{manifest.id}'",
                         **pack.board_where(pack.manifest, ("status_tokens", i, "removed_by")),
                         hint=choices_hint(token.removed_by, faces, "Stone of Chance faces",
                                           "add `stones_of_chance: {faces: [{face: "
                                           f"{token.removed_by}, options: [...]}}]}}` to the manifest (All for One "
                                           "board & Stones of Chance), or remove `removed_by`"))
