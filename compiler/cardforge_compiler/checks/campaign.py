"""The pack's ``campaign`` (stage ``pack``, once per pack; issue 10): the stories it
plays and the Campaign Mode steps between them.

- CF860: a story the campaign names that no story of the pack has.
- CF861: a story named twice (a campaign plays each Story once, in order).
- CF862: a step with nothing to act on in this pack (a `porter-reset` without a
  Porter, a `discard: [loot]` without a Loot deck, a `keep-weapons` with no Equipment
  card that needs hands, a `reshuffle-decks` without decks).
- CF863: `reshuffle-decks` before a step that discards cards (`keep-weapons`,
  `discard: [loot]`): those cards stay in the discard piles for the next Story.

Rule source: Gascony's Legacy, Campaign Mode ("start with the first Story and play it
all the way through [...] 1. Keep 2 hands worth of Weapons [...] 4. Discard all Coins
and Loot cards. 5. Shuffle all discard piles back into their decks. 6. If players used
the Porter [...]").
"""

from __future__ import annotations

from collections.abc import Iterator

from cardforge_compiler.checks import check
from cardforge_compiler.diagnostics import Diagnostic, did_you_mean
from cardforge_compiler.resolve import PackIR

__all__ = ["campaign_steps", "campaign_stories"]


@check("pack", "CF860", "CF861")
def campaign_stories(pack: PackIR) -> Iterator[Diagnostic]:
    """Each story of ``campaign.stories`` is a story of the pack (one that failed
    validation counts: it is reported once, where it is), named once."""
    manifest = pack.pack
    if manifest is None or manifest.campaign is None or pack.manifest is None:
        return
    known = [story.doc.model.id for story in (*pack.stories, *pack.context_stories)]  # type: ignore[attr-defined]
    stories = manifest.campaign.stories
    for i, story in enumerate(stories):
        where = pack.board_where(pack.manifest, ("campaign", "stories", i))
        if story in stories[:i]:
            yield Diagnostic("CF861", f"the campaign plays story '{story}' twice (first as story {stories.index(story) + 1})",
                             **where, hint="remove the second one: a campaign plays each Story once, in order")
        elif story not in known and not pack.defined_but_invalid("story", story):
            listed = ", ".join(sorted(known)) or "none"
            yield Diagnostic("CF860", f"the campaign plays story '{story}', which the pack does not have",
                             **where, hint=(did_you_mean(story, known) or f"the pack's stories: {listed}"))


@check("pack", "CF862", "CF863")
def campaign_steps(pack: PackIR) -> Iterator[Diagnostic]:
    """Each step of ``campaign.between`` has something to act on in this pack
    (CF862), and no step that discards cards comes after ``reshuffle-decks`` (CF863)."""
    manifest = pack.pack
    if manifest is None or manifest.campaign is None or pack.manifest is None:
        return
    roles = {getattr(doc.model, "role", None) for doc in pack.decks.values()} | set(manifest.decks)
    weapons = any((getattr(card, "hands", 0) or 0) > 0 for doc in pack.decks.values()
                  for card in getattr(doc.model, "cards", []))
    missing = {
        "porter-reset": None if manifest.porter is not None else
        ("the pack has no Porter", "add a `porter` to the manifest, or remove this step"),
        "keep-weapons": None if weapons else
        ("no card of the pack's decks needs hands (no Weapon to keep)",
         "give the Equipment cards their `hands`, or remove this step"),
        "reshuffle-decks": None if pack.decks else
        ("the pack has no decks", "remove this step, or add the decks (`kind: deck`)"),
    }
    reshuffled = None
    for i, (name, params) in enumerate(manifest.campaign.steps()):
        where = pack.board_where(pack.manifest, ("campaign", "between", i, name), anchor="key")
        fault = missing.get(name)
        if name == "discard" and "loot" in params and "loot" not in roles:
            fault = ("the pack has no Loot deck (a deck of role loot)",
                     "remove `loot`, or give the Loot deck `role: loot`")
        if fault is not None:
            yield Diagnostic("CF862", f"campaign step '{name}' has nothing to act on: {fault[0]}", **where, hint=fault[1])
        discards = name == "keep-weapons" or (name == "discard" and "loot" in params)
        if discards and reshuffled is not None:
            yield Diagnostic("CF863", f"campaign step '{name}' discards cards after 'reshuffle-decks' (step "
                                      f"{reshuffled + 1}): they stay in the discard piles into the next Story",
                             **where, hint="move 'reshuffle-decks' after it, as Campaign Mode orders them (1-6)")
        if name == "reshuffle-decks":
            reshuffled = i
