"""Where effects are played (stage ``pack``, once per pack; issue 9): an effect must be
one the place that plays it can play.

- A Character-turn effect (``extra-attack-die``, ``second-attack``, ``move-bonus``,
  ``prepare``, ``use-ability``, ``any-face``, ``auto-successes``: Stones of Chance and
  Character abilities) on a drawn card (a deck or Threat card, a kept card's ``use``)
  or an Enemy's ``on_hit`` is CF840: the engine refuses it there
  (``cardforge_runtime.effects.run``: "played in a Character's turn, not on a drawn
  card").
- An effect played outside a Battle that needs a Battle's board is CF841: a kept
  card's ``use`` (offered Between Story Cards) and the ``effects`` of the cards of a
  deck a difficulty option's ``start_draws`` draws at the start of a Story (and of
  the decks those effects ``draw`` from). Outside a Battle there is no board, no
  Enemy (``this``) and no target rule to measure: ``activate``, ``spawn``, ``move``,
  ``push``, ``place``, ``attack``, a subject ``this`` or a target rule, and the
  predicates ``adjacent``, ``empty``, ``in_supply``, ``wounded`` make the engine stop
  (``loot.StoryTable``).
- An effect that names a subject its place does not have is CF842
  (``effect_fields.CONTEXT_SUBJECTS``): ``this`` on a Loot card (the Enemy is
  Defeated), an Equipment card or a kept card's ``use``; ``you`` in a Threat card's
  threat portion (the Named Enemy resolves it in the Enemy turn, for no Character). A
  subject is named by a ``who``, a choice such as ``away_from: this`` or ``at:
  behind-you`` (``effect_fields.CHOICE_SUBJECTS``, defaults included), the effect
  ``attack`` or an ``if`` predicate (``PREDICATE_SUBJECTS``); the engine stops there
  (``battle.resolution.one``: "the effect names 'this', which this card does not
  have"). A ``role: other`` deck's cards are played where they are drawn from and
  are not checked; what CF841 reports is not reported again.

Rule sources: Gascony's Legacy, Loot cards ("He discards it to regain one of his
Destiny tokens"), Between Story Cards, Difficulty Adjustments ("Each player draws 1
Loot card at the beginning of the Story"), All for One board & Stones of Chance,
Character boards (Talent, Support), Enemy Reaction cards, Threat cards, Named Enemy;
the second ruleset, "Resolving Attacks", "Poison".
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardforge_compiler.checks import check
from cardforge_compiler.diagnostics import Diagnostic
from cardforge_compiler.model.decks import Deck
from cardforge_compiler.resolve import PackIR
from cardforge_compiler.resolve_decks import EffectRef
from cardforge_runtime.effect_fields import (CHOICE_SUBJECTS, CHOICES, CONTEXT_SUBJECTS, EFFECT_SUBJECTS, EFFECTS,
                                             PREDICATE_SUBJECTS)
from cardforge_runtime.effects import TURN_EFFECTS

__all__ = ["effects_outside_a_battle", "subjects_not_in_context", "turn_effects_on_cards"]

#: Effects only a Battle's board plays (``battle.effects``).
BOARD_EFFECTS = frozenset({"activate", "spawn", "move", "push", "place", "attack"})
#: Predicates of the board (``effects.game_predicate`` answers none of them).
BOARD_PREDICATES = frozenset({"adjacent", "empty", "in_supply", "wounded"})
#: The parameters that name a subject (``you``, ``this`` or a target rule).
_SUBJECT_PARAMS = ("who", "target")


@check("pack", "CF840")
def turn_effects_on_cards(pack: PackIR) -> Iterator[Diagnostic]:
    """No Character-turn effect on a drawn card or an Enemy's ``on_hit``: those are
    played by a Character in their turn (Stones of Chance, Talent, Support); the engine
    refuses them on a card."""
    for ref in pack.linked.effects:
        if ref.kind not in TURN_EFFECTS or ref.doc is pack.manifest:
            continue
        yield Diagnostic(
            "CF840", f"the effect '{ref.kind}' is played by a Character in their turn (a Stone of Chance, a Talent or "
                     f"a Support), not by {_place(ref)}: the engine refuses it there",
            **pack.board_where(ref.doc, ref.path),
            hint="give the option to a Stone of Chance face (`stones_of_chance`) or a Character's `talent`/`support`, "
                 "or use an effect a card plays (gain, heal, status...)")


@check("pack", "CF841")
def effects_outside_a_battle(pack: PackIR) -> Iterator[Diagnostic]:
    """An effect played outside a Battle (a kept card's ``use``; the cards of a deck a
    difficulty draws at the start of a Story, and of the decks they draw from) needs
    no board: the story engine has no board, no Enemy and no target rule."""
    for ref, card, when, need, path in _outside_a_battle(pack):
        yield Diagnostic(
            "CF841", f"card '{card.name}' of deck '{ref.doc.model.name}' plays {need} {when}, outside a Battle: "
                     "there is no board, no Enemy and no target rule to play it on",
            **pack.board_where(ref.doc, path),
            hint="give the card effects a story can play (gain, lose, heal, wound or status for `you`, draw, "
                 "reshuffle), or leave it out of the decks drawn outside a Battle")


#: Why each place lacks a subject, and what to write instead (CF842).
_CONTEXT_WORDS: dict[str, tuple[str, str]] = {
    "threat": ("the threat portion of a Threat card (resolved in the Enemy turn by its Named Enemy, for no Character)",
               "name `this` (the Named Enemy) or a target rule (`{target: [...]}`), or put effects on the attacker "
               "in the card's `reaction` portion"),
    "reaction": ("a reaction", "name `you` (the attacker) or `this` (the Enemy reacting)"),
    "loot": ("a Loot card (drawn when a Melee Attack has Defeated its Enemy, or outside a Battle)",
             "name `you` (the Character who draws it), or give the effect to a Reaction card or Threat card"),
    "use": ("a kept card's `use` (played by the Character who holds it)", "name `you` (that Character)"),
    "equipment": ("an Equipment card (held by a Character)", "name `you` (the Character holding it)"),
    "response": ("a Response card", "name `you` (the Hero attacked) or `this` (the attacking Enemy)"),
    "on_hit": ("an Enemy's `on_hit`", "name `you` (the Character hit) or `this` (the Enemy)"),
}


@check("pack", "CF842")
def subjects_not_in_context(pack: PackIR) -> Iterator[Diagnostic]:
    """No effect names a subject (``you``/``this``) its place does not give it
    (``effect_fields.CONTEXT_SUBJECTS``): the engine stops at such an effect."""
    reported = {id(found[0]) for found in _outside_a_battle(pack)}
    roles = {doc.model.name: role for role, doc in pack.linked.roles.items() if doc is not None}
    for ref in pack.linked.effects:
        if id(ref) in reported:
            continue
        context = _context(ref, roles)
        if context is None:
            continue
        has = CONTEXT_SUBJECTS[context]
        for subject, what, path in _subjects_named(ref):
            if subject in has:
                continue
            words, hint = _CONTEXT_WORDS[context]
            yield Diagnostic(
                "CF842", f"{_place(ref)} {what}, but {words} has no `{subject}`: the engine stops at this "
                         "effect",
                **pack.board_where(ref.doc, path), hint=hint)
            break


def _context(ref: EffectRef, roles: dict[str, str]) -> str | None:
    """Which ``CONTEXT_SUBJECTS`` place plays ``ref``; ``None`` for the manifest's
    abilities and Stones of Chance and for a ``role: other`` deck's cards (played
    where they are drawn from)."""
    model = ref.doc.model
    if not ref.path:
        return None
    if ref.path[0] == "on_hit":
        return "on_hit"
    if ref.path[0] != "cards" or len(ref.path) < 3:
        return None
    portion = ref.path[2]
    if portion in ("threat", "reaction"):
        return str(portion)
    if not isinstance(model, Deck):
        return None
    if portion == "use":
        return "use"
    role = roles.get(model.name, model.role)
    return role if role in CONTEXT_SUBJECTS else None


def _subjects_named(ref: EffectRef) -> Iterator[tuple[str, str, tuple]]:
    """The subjects ``ref`` names, each with words for how and the data path to
    report it at: the effect itself (``attack``), an ``if`` predicate, or a parameter
    (written, or left at a default naming one)."""
    for subject in EFFECT_SUBJECTS.get(ref.kind, ()):
        yield subject, f"plays the effect '{ref.kind}' (`{subject}` attacks)", ref.path
    if ref.kind == "if":
        name = _predicate_name(ref.effect.if_)
        for subject in PREDICATE_SUBJECTS.get(name, ()):
            yield subject, f"plays an `if` on '{name}', which reads `{subject}`", ref.param_path("if")
        return
    params = ref.params
    if params is None or ref.kind not in EFFECTS:
        return
    for name, (value_kind, _required, default) in EFFECTS[ref.kind][1].items():
        if value_kind != "subject" and value_kind not in CHOICES:
            continue
        given = name in params.model_fields_set
        value = getattr(params, name, None) if given else default
        subject = CHOICE_SUBJECTS.get(value) if isinstance(value, str) else None
        if subject is None:
            continue
        said = f"`{name}: {value}`" + ("" if given else " (the default)")
        yield subject, f"plays the effect '{ref.kind}' with {said}", ref.param_path(name) if given else ref.path


def _outside_a_battle(pack: PackIR) -> list[tuple[EffectRef, Any, str, str, tuple]]:
    """What CF841 reports: ``(ref, card, when, need, path)`` for each effect played
    outside a Battle that needs a board."""
    manifest = pack.pack
    started = {option.start_draws.deck for option in manifest.difficulty if option.start_draws is not None} \
        if manifest is not None else set()
    outside = _drawn_outside(pack, started)
    found_all = []
    for ref in pack.linked.effects:
        if not isinstance(ref.doc.model, Deck) or len(ref.path) < 3 or ref.path[0] != "cards":
            continue
        card = ref.doc.model.cards[ref.path[1]]
        where = ref.path[2]
        if where == "use" and card.keep:
            when = "when its Character discards it to use it Between Story Cards"
        elif where == "effects" and ref.doc.model.name in outside:
            when = f"when it is drawn at the start of a Story ({outside[ref.doc.model.name]})"
        else:
            continue
        found = _needs_board(ref)
        if found is None:
            continue
        need, path = found
        found_all.append((ref, card, when, need, path))
    return found_all


def _place(ref: EffectRef) -> str:
    """Words for where ``ref`` sits: a card of a deck or Threat deck, or an Enemy."""
    model = ref.doc.model
    if ref.path and ref.path[0] == "cards":
        return f"card '{model.cards[ref.path[1]].name}' of '{model.name}'"
    return f"Enemy '{model.name}'"


def _predicate_name(predicate: Any) -> str:
    """The name of an ``if`` predicate (a bare name or a one-key model)."""
    if isinstance(predicate, str):
        return predicate
    return next(iter(type(predicate).model_fields))


def _needs_board(ref: EffectRef) -> tuple[str, tuple] | None:
    """What of ``ref`` needs a Battle's board, in words, and the data path to report
    it at; ``None`` when nothing does."""
    if ref.kind in BOARD_EFFECTS:
        return f"the effect '{ref.kind}'", ref.path
    if ref.kind == "if":
        name = _predicate_name(ref.effect.if_)
        return (f"an `if` on '{name}' (a predicate of the board)", ref.param_path("if")) \
            if name in BOARD_PREDICATES else None
    params = ref.params
    for param in _SUBJECT_PARAMS:
        subject = getattr(params, param, None) if params is not None else None
        if subject == "this":
            return f"the effect '{ref.kind}' on `this` (an Enemy)", ref.param_path(param)
        if subject is not None and not isinstance(subject, str):
            return f"the effect '{ref.kind}' on a target rule", ref.param_path(param)
    return None


def _drawn_outside(pack: PackIR, started: set[str]) -> dict[str, str]:
    """The decks whose cards' ``effects`` are played outside a Battle: those a
    difficulty draws at the start of a Story, then every deck a ``draw`` effect of
    theirs (or of a kept card's ``use``) names (its own deck when none), except the
    Equipment deck, whose cards are held, not played. Name -> why, in words."""
    equipment = pack.linked.equipment.model.name if pack.linked.equipment is not None else None
    outside = {name: "a difficulty's start_draws" for name in started if name in pack.decks and name != equipment}
    changed = True
    while changed:
        changed = False
        for ref in pack.linked.effects:
            if ref.kind != "draw" or not isinstance(ref.doc.model, Deck) or ref.path[:1] != ("cards",):
                continue
            deck, card = ref.doc.model, ref.doc.model.cards[ref.path[1]]
            if not (ref.path[2] == "use" and card.keep) and not (ref.path[2] == "effects" and deck.name in outside):
                continue
            target = ref.params.deck if ref.params is not None and ref.params.deck is not None else deck.name
            if target in pack.decks and target != equipment and target not in outside:
                outside[target] = f"drawn by card '{card.name}' of deck '{deck.name}'"
                changed = True
    return outside
