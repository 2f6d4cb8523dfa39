"""The Campaign Mode steps between two Stories of a campaign, played on the carried
state (``campaign_carry``) from the pack's ``campaign.between`` data
(``campaign_fields.CAMPAIGN_STEPS``), in the pack's order.

``between_steps`` is a generator, as the story rules are: it yields the one request
the steps make, ``keep`` (Campaign Mode 1, "Keep 2 hands worth of Weapons of their
choice": one per Character who holds Weapons), receives the answer checked by
``check_keep``, and records an event for each change::

    {"kind": "keep", "story": "act-2", "character": 0, "hands": 2,
     "cards": [{"card": "Equipment#3", "item": "Rapier", "hands": 1}, ...]}
    -> {"keep": ["Equipment#3"]}

Events (docs/runtime.md, Campaigns): ``campaign-keep`` ``{character, kept: [ids],
discarded: [{card, item}]}``, ``campaign-gain`` ``{character, destiny: [from, to]}``,
``campaign-health`` ``{character, regained, health: [from, to], stood_up}``,
``campaign-discard`` ``{coins: [from, to]}`` / ``{character, card, item}``,
``campaign-reshuffle`` ``{decks: [names]}``, ``campaign-porter`` ``{cards: [ids]}`` (or
``{"called": false}`` when the players did not use him).

Dependencies: ``decks``, ``deck_play``, ``pcg``, ``answer_fields`` (``AnswerError``), ``setup``.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping
from typing import Any

from cardforge_runtime import decks as D
from cardforge_runtime.deck_play import deck_by_role, decks_by_name
from cardforge_runtime.pcg import Pcg32
from cardforge_runtime.answer_fields import AnswerError
from cardforge_runtime.setup import players_set_up

__all__ = ["between_steps", "check_keep"]

Record = Callable[[dict[str, Any]], None]
Steps = Generator[dict[str, Any], dict[str, Any], None]


def between_steps(pack: Mapping[str, Any], boards: list[Mapping[str, Any]], carried: dict[str, Any], players: int,
                  next_story: str, rng: Pcg32, record: Record) -> Steps:
    """Play the pack's ``campaign.between`` steps on ``carried`` (changed in place).

    Args:
        pack: the bundle pack (its ``campaign``, decks, ``porter``, ``players``).
        boards: the Character boards of the setup, in order (their maxima:
            ``destiny``, ``health``).
        carried: the carried state of the Story just won (``campaign_carry.carry_of``).
        players: the number of players (Solo Play: the Porter counts
            ``players.solo_characters``, as ``setup.players_set_up`` says).
        next_story: the id of the Story to come (named in the ``keep`` request).
        rng: the campaign generator: the reshuffles and the Porter's draws.
        record: called with each event.

    Yields ``keep`` requests; receives answers already checked by ``check_keep``.

    Rule: Gascony's Legacy, Campaign Mode 1-6 (see ``campaign_fields``).
    """
    decks = decks_by_name(pack)
    for step in (pack.get("campaign") or {}).get("between", []):
        name = step["step"]
        if name == "keep-weapons":
            yield from _keep_weapons(carried, decks, step["hands"], next_story, record)
        elif name == "gain":
            for index, character in enumerate(carried["characters"]):
                before = character["destiny"]
                character["destiny"] = min(boards[index]["destiny"], before + step["destiny"])
                record({"event": "campaign-gain", "character": index, "destiny": [before, character["destiny"]]})
        elif name == "regain-health":
            for index, character in enumerate(carried["characters"]):
                board_health = boards[index]["health"]
                regained = min(step["fallen"], board_health - character["health_max"])
                before = character["health"]
                stood_up = character["fallen"]
                character["health_max"] += regained
                character["health"] = character["health_max"]
                character["fallen"] = False
                record({"event": "campaign-health", "character": index, "regained": regained,
                        "health": [before, character["health"]], "stood_up": stood_up})
        elif name == "discard":
            if "coins" in step["what"]:
                record({"event": "campaign-discard", "coins": [carried["coins"], 0]})
                carried["coins"] = 0
            if "loot" in step["what"]:
                loot = {deck for deck, data in decks.items() if data.get("role") == "loot"}
                loot |= {deck_by_role(pack, "loot")} - {None}
                for index, character in enumerate(carried["characters"]):
                    for card in [c for c in character["cards"] if D.deck_of(c) in loot]:
                        _discard(carried, decks, index, card)
                        record({"event": "campaign-discard", "character": index, "card": card,
                                "item": D.card_of(decks, card)["name"]})
        elif name == "reshuffle-decks":
            D.campaign_reset(carried["decks"], rng)
            record({"event": "campaign-reshuffle", "decks": sorted(carried["decks"])})
        elif name == "porter-reset":
            porter = pack.get("porter")
            if porter is None or not carried.get("porter_called"):
                record({"event": "campaign-porter", "called": False})
                continue
            drawn = []
            piles = carried["decks"].get(porter["deck"])
            for _ in range(step["per_player"] * players_set_up(pack["players"], players) if piles else 0):
                card = D.draw(piles, rng)
                if card is None:
                    break
                drawn.append(card)
            carried["porter"] = carried["porter"] + drawn
            carried["porter_called"] = False
            record({"event": "campaign-porter", "called": True, "cards": drawn})


def _discard(carried: dict[str, Any], decks: Mapping[str, Any], index: int, card: str) -> None:
    """Character ``index``'s ``card`` onto its deck's discard pile, its item gone."""
    character = carried["characters"][index]
    character["cards"].remove(card)
    items = list(character["items"])
    items.remove(D.card_of(decks, card)["name"])
    character["items"] = items
    D.discard(carried["decks"][D.deck_of(card)], card)


def _weapons(character: Mapping[str, Any], decks: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The Weapons a carried Character holds: their cards that need hands."""
    out = []
    for card in character["cards"]:
        data = D.card_of(decks, card)
        if (data.get("hands") or 0) > 0:
            out.append({"card": card, "item": data["name"], "hands": data["hands"]})
    return out


def _keep_weapons(carried: dict[str, Any], decks: Mapping[str, Any], hands: int, next_story: str,
                  record: Record) -> Steps:
    for index, character in enumerate(carried["characters"]):
        cards = _weapons(character, decks)
        if not cards:
            continue
        answer = yield {"kind": "keep", "story": next_story, "character": index, "hands": hands, "cards": cards}
        discarded = []
        for entry in cards:
            if entry["card"] not in answer["keep"]:
                _discard(carried, decks, index, entry["card"])
                discarded.append({"card": entry["card"], "item": entry["item"]})
        record({"event": "campaign-keep", "character": index, "kept": list(answer["keep"]), "discarded": discarded})


def check_keep(request: Mapping[str, Any], answer: Any) -> dict[str, Any]:
    """Check an answer to a ``keep`` request: ``{"keep": [card ids]}``, each one of
    the request's ``cards``, once, needing ``hands`` hands' worth at most (``[]``
    keeps none).

    Returns:
        The answer as the steps read it (a new dict).

    Raises:
        AnswerError: any other answer (the reason says what was expected).
    """
    if not isinstance(answer, Mapping) or set(answer) != {"keep"} or not isinstance(answer["keep"], list):
        raise AnswerError('expected {"keep": [card ids]}: the Weapons this Character keeps')
    offered = {entry["card"]: entry for entry in request["cards"]}
    kept = answer["keep"]
    for card in kept:
        if not isinstance(card, str) or card not in offered:
            raise AnswerError(f"{card!r} is not one of this Character's Weapons ({', '.join(offered)})")
    if len(set(kept)) != len(kept):
        raise AnswerError("each Weapon is kept once")
    need = sum(offered[card]["hands"] for card in kept)
    if need > request["hands"]:
        raise AnswerError(f"these Weapons need {need} hands; keep at most {request['hands']} hands' worth")
    return {"keep": list(kept)}
