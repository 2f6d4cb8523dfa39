"""Campaign saves: what ``Campaign.save`` writes and how ``Campaign.load`` reads it
back (docs/runtime.md, Campaigns): the Story in play resumed by ``Session.load``, or,
between Stories, the Story just won replayed to its end (on the same bundle it must
give back the carried state the save holds) and the ``keep`` answers replayed; a save
that does not replay to itself is refused.

Dependencies: ``campaign_carry``, ``format``, ``limits``, ``pcg``, ``session``,
``setup``, ``state``; the ``Campaign`` it builds (``campaign``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardforge_runtime.answer_fields import AnswerError
from cardforge_runtime.bundle import Bundle
from cardforge_runtime.campaign_carry import carry_of, check_carried
from cardforge_runtime.format import canonical_json
from cardforge_runtime.limits import PlainDataError, check_plain_data
from cardforge_runtime.pcg import Pcg32
from cardforge_runtime.session import Session
from cardforge_runtime.setup import SessionError, check_setup, parse_seed, seed_text
from cardforge_runtime.state import copy_json

if TYPE_CHECKING:
    from cardforge_runtime.campaign import Campaign

__all__ = ["CAMPAIGN_SAVE_FORMAT", "CAMPAIGN_SAVE_VERSION", "campaign_pack", "campaign_save_data",
           "check_campaign_save", "load_campaign"]

#: The ``format`` and version of a campaign save (``Campaign.save``).
CAMPAIGN_SAVE_FORMAT = "cardforge-campaign-save"
CAMPAIGN_SAVE_VERSION = 1


def load_campaign(cls: type[Campaign], bundle: Bundle, save: Mapping[str, Any] | str) -> Campaign:
    """``Campaign.load``: resume a campaign of class ``cls`` from ``save()``'s data (or
    its JSON text).

    Raises:
        SessionError: not a campaign save, damaged, or not fitting the bundle.
    """
    data = check_campaign_save(save)
    pack_data = campaign_pack(bundle, data["pack"])
    setup = check_setup(pack_data, data["setup"])
    campaign = cls(bundle, pack_data, setup)
    results = data["results"]
    stories = campaign._stories
    if (len(results) > len(stories) or any(not isinstance(r, Mapping) or r.get("story") != s
                                             or r.get("result") not in ("victory", "defeat", "stuck")
                                             for r, s in zip(results, stories))):
        raise SessionError("the campaign save is damaged: its results do not follow the campaign's stories")
    campaign._results = [dict(r) for r in results]
    campaign._log = copy_json(data["log"])
    try:
        campaign._rng = Pcg32.from_json(data["rng"])
    except (KeyError, TypeError, ValueError):
        raise SessionError("the campaign save is damaged: its generator") from None
    if data["phase"] == "between":
        between = data["between"]
        ended = Session.load(bundle, between["session"])
        carried = check_carried(pack_data, setup["characters"], between["carried"])
        if ended.finished:
            # the same bundle: the Story replays to its end, whose state the steps began from
            if (canonical_json(carry_of(ended.state, pack_data)) != canonical_json(between["carried"])
                    or canonical_json(ended.state) != canonical_json(between["view"])):
                raise SessionError("the campaign save does not replay to itself: it was edited, or made by "
                                   "another engine")
        else:
            campaign.warnings += ended.warnings + [
                "the Story before these Campaign Mode steps no longer replays to its end on this bundle: the "
                "steps go on from the carried state the save holds"]
        campaign._begin_between(carried, between["view"], session_save=between["session"])
        for number, answer in enumerate(between["answers"]):
            try:
                campaign.answer(answer)
            except AnswerError as error:
                raise SessionError(f"the campaign save does not replay (keep answer {number + 1}: "
                                   f"{error.reason})") from None
            if campaign._between is None and number + 1 < len(between["answers"]):
                raise SessionError("the campaign save does not replay: the steps end before its last answer")
    else:
        session = Session.load(bundle, data["session"])
        index = len([r for r in results if r["result"] == "victory"])
        if data["phase"] == "end":
            index = len(results) - 1
        if index >= len(stories) or session.state["story"] != stories[index] or session.state["pack"] != pack_data["id"]:
            raise SessionError("the campaign save is damaged: its Story is not the campaign's next one")
        campaign._session = session
        campaign.warnings += session.warnings
        if data["phase"] == "end":
            campaign._results = campaign._results[:-1]
            if not session.finished:
                raise SessionError("the campaign save is damaged: it ended, but its last Story did not")
            campaign._story_ended()
    written = campaign.save()
    same = ("content_hash", "session", "between")   # a rebuilt bundle: Session.load carried the Story over
    if canonical_json({**written, **{k: None for k in same}}) != canonical_json({**data, **{k: None for k in same}}):
        raise SessionError("the campaign save does not replay to itself: it was edited, or made by another engine")
    return campaign


def campaign_save_data(campaign: Campaign) -> dict[str, Any]:
    """``Campaign.save``: the whole campaign as JSON data, for ``Campaign.load``."""
    phase = "end" if campaign._result is not None else ("between" if campaign._between is not None else "story")
    between = None
    if campaign._between is not None:
        between = {"session": copy_json(campaign._between["session"]), "carried": copy_json(campaign._between["start"]),
                   "view": copy_json(campaign._between["start_view"]), "answers": copy_json(campaign._between["answers"])}
    results = copy_json(campaign._results)
    return {
        "format": CAMPAIGN_SAVE_FORMAT,
        "version": CAMPAIGN_SAVE_VERSION,
        "content_hash": campaign._bundle.content_hash,
        "pack": campaign._pack["id"],
        "setup": {**copy_json(campaign._setup), "seed": seed_text(campaign._setup["seed"])},
        "results": results,
        "phase": phase,
        "rng": campaign._between["rng"] if campaign._between is not None else campaign._rng.to_json(),
        "log": copy_json(campaign._log),
        "session": campaign._session.save() if campaign._between is None and campaign._session is not None else None,
        "between": between,
    }


def campaign_pack(bundle: Bundle, pack: str | None) -> dict[str, Any]:
    """The bundle's pack ``pack`` (the only one when ``None``), which must have a campaign."""
    packs = [p for p in bundle._data["packs"] if pack is None or p["id"] == pack]
    if len(packs) != 1:
        known = ", ".join(p["id"] for p in bundle._data["packs"])
        raise SessionError(f"no pack {pack!r} in the bundle (it has: {known})" if pack is not None
                           else f"the bundle holds several packs: name one ({known})")
    if not packs[0].get("campaign"):
        raise SessionError(f"{packs[0]['title']} has no campaign (a pack's `campaign`: docs/format.md, Campaign)")
    return packs[0]


def check_campaign_save(save: Mapping[str, Any] | str) -> dict[str, Any]:
    """The shape of a campaign save (data or JSON text)."""
    if isinstance(save, str):
        try:
            save = json.loads(save)
        except (ValueError, RecursionError):
            raise SessionError("the campaign save is not JSON within the limits") from None
    try:
        check_plain_data(save)
    except PlainDataError as error:
        raise SessionError(f"the campaign save is not plain JSON data within the limits: {error}") from None
    if not isinstance(save, Mapping) or save.get("format") != CAMPAIGN_SAVE_FORMAT:
        raise SessionError(f"not a cardforge campaign save (its format is not {CAMPAIGN_SAVE_FORMAT!r})")
    if save.get("version") != CAMPAIGN_SAVE_VERSION:
        raise SessionError(f"campaign save version {save.get('version')!r} is not readable by this runtime "
                           f"(it reads {CAMPAIGN_SAVE_VERSION})")
    ok = (isinstance(save.get("pack"), str) and isinstance(save.get("setup"), Mapping)
          and isinstance(save.get("results"), list) and save.get("phase") in ("story", "between", "end")
          and isinstance(save.get("log"), list) and all(isinstance(e, Mapping) for e in save["log"]))
    if ok and save["phase"] == "between":
        between = save.get("between")
        ok = (isinstance(between, Mapping) and isinstance(between.get("view"), Mapping)
              and isinstance(between.get("session"), Mapping)
              and isinstance(between.get("view", {}).get("characters"), list)
              and isinstance(between.get("answers"), list) and "carried" in between)
    elif ok:
        ok = isinstance(save.get("session"), Mapping)
    if ok:
        try:
            parse_seed(save["setup"].get("seed"))
        except SessionError:
            ok = False
    if not ok:
        raise SessionError("the campaign save is damaged: a field is missing or has the wrong type")
    return dict(save)
