"""The checks ``load_bundle`` runs on a pack's ``campaign`` (format 1.6.0;
docs/bundle.md, Campaign): the stories, each a story of the pack and each once, and
the Campaign Mode steps between them, each of the closed vocabulary
(``campaign_fields.CAMPAIGN_STEPS``) with its parameters in range (Gascony's Legacy,
Campaign Mode).

Dependencies: ``bundle_fields``, ``campaign_fields``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardforge_runtime.bundle_fields import FieldChecker
from cardforge_runtime.campaign_fields import CAMPAIGN_DISCARDS, CAMPAIGN_RANGES, CAMPAIGN_STEPS, MAX_CAMPAIGN_STORIES

__all__ = ["check_campaign"]


def check_campaign(c: FieldChecker, pack: Mapping[str, Any], path: str, story_ids: set[str]) -> None:
    """Check ``pack["campaign"]`` (absent or ``null``: the pack has no campaign).

    Args:
        c: the bundle's field checker (its ``fail`` raises ``BundleError``).
        pack: the pack, at JSON path ``path``.
        story_ids: the ids of the pack's stories.

    Raises:
        BundleError: a story not of the pack or named twice, no story, a step not of
            the vocabulary, a parameter missing, of the wrong type or out of range.
    """
    campaign = c.field(pack, "campaign", path, "object?", optional=True)
    if campaign is None:
        return
    where = f"{path}.campaign"
    stories = c.texts(campaign, "stories", where) or []
    if not 1 <= len(stories) <= MAX_CAMPAIGN_STORIES:
        c.fail(f"{where}.stories", f"expected 1 to {MAX_CAMPAIGN_STORIES} story ids, found {len(stories)}")
    for i, story in enumerate(stories):
        if story not in story_ids:
            c.fail(f"{where}.stories[{i}]", f"{story!r} is not a story of the pack ({', '.join(sorted(story_ids))})")
        if story in stories[:i]:
            c.fail(f"{where}.stories[{i}]", f"story {story!r} is played twice")
    for i, step in enumerate(c.field(campaign, "between", where, "list")):
        sw = f"{where}.between[{i}]"
        name = c.choice(c.obj(step, sw), "step", sw, tuple(CAMPAIGN_STEPS))
        params = CAMPAIGN_STEPS[name][1]
        for key in step:
            if key != "step" and key not in params:
                c.fail(sw, f"the {name} step takes {', '.join(params) or 'no parameter'}, not {key!r}")
        for key in params:
            if key == "what":
                what = c.texts(step, "what", sw) or []
                if not what:
                    c.fail(f"{sw}.what", f"expected one or more of {', '.join(CAMPAIGN_DISCARDS)}")
                for j, thing in enumerate(what):
                    if thing not in CAMPAIGN_DISCARDS or thing in what[:j]:
                        c.fail(f"{sw}.what[{j}]", f"expected one of {', '.join(CAMPAIGN_DISCARDS)} once each, "
                                                 f"found {thing!r}")
            else:
                c.count(step, key, sw, *CAMPAIGN_RANGES[key])
