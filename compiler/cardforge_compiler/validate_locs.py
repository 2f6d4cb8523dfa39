"""Reading pydantic's errors against the raw data (validate stage): where an error's
location lies in the author's YAML (:func:`follow`, dropping the tags and union labels
pydantic inserts), and which members of a union to report (:func:`best_branches`).
"""

from __future__ import annotations

from typing import Any

from cardforge_compiler.model import STEP_MODELS
from cardforge_compiler.model.effects import EFFECT_MODELS
from cardforge_compiler.model_paths import STEP_LISTS
from cardforge_compiler.validate_board import EFFECT_LISTS
from cardforge_compiler.validate_decks import DECK_EFFECT_LISTS

__all__ = ["TYPE_ERRORS", "best_branches", "follow"]

#: What each pydantic type error expected, in our words.
TYPE_ERRORS = {
    "string_type": "text",
    "int_type": "a whole number",
    "bool_type": "true or false",
    "list_type": "a list",
    "dict_type": "a mapping",
    "model_type": "a mapping",
    "model_attributes_type": "a mapping",
}


def follow(raw: Any, loc: tuple) -> tuple[list[str | int], Any, bool]:
    """Follow pydantic's error location through the raw data, dropping the parts that
    are not in the data: the step-kind (or effect-kind) tag pydantic inserts after a
    step's (an effect's) index, and union member labels. Returns the data path, the value found there (for a
    mapping key that pydantic rejects, the key itself), and whether the last part
    was a mapping key (``[key]``)."""
    path, node, is_key, _label = _walk(raw, loc)
    return path, node, is_key


def _walk(raw: Any, loc: tuple) -> tuple[list[str | int], Any, bool, int | None]:
    """:func:`follow`, plus the index in ``loc`` of the first part dropped that is not
    a step's or effect's tag (a union member's label, or the name of a missing
    field), ``None`` if none."""
    path: list[str | int] = []
    node = raw
    is_key = False
    skip_tag = False
    label: int | None = None
    for i, part in enumerate(loc):
        if part == "[key]":
            is_key = True
            if path:
                node = path[-1]        # the key itself (text, or a whole number: `7: 2`)
            break
        if skip_tag:
            skip_tag = False
            # "board": a terrain action's board-effect tag; an effect kind: a deck effect's tag
            # (which for `if` is also a key of the effect, whose value is the predicate)
            if part in STEP_MODELS or part == "board" or part in EFFECT_MODELS:
                continue
        if isinstance(node, dict) and part in node:
            path.append(part)
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            skip_tag = len(path) > 0 and (path[-1] in STEP_LISTS or path[-1] in EFFECT_LISTS
                                          or path[-1] in DECK_EFFECT_LISTS)
            path.append(part)
            node = node[part]
        elif label is None:
            label = i
    return path, node, is_key, label


def _shape_misfit(etype: str, value: Any) -> bool:
    """Whether an error says the value has the wrong shape for a union member (a
    mapping where text is expected, text where a mapping is), not a wrong value of
    the right shape."""
    return etype in TYPE_ERRORS or (etype in ("literal_error", "enum") and isinstance(value, (dict, list)))


def best_branches(errors: list[dict], raw: Any) -> list[dict]:
    """The errors of the union members the value's shape fits, when some do.

    pydantic tries every member of a union and reports each failure: ``who: yuo``
    fails both ``'you' or 'this'`` (a value of the right shape, misspelled) and the
    target-rule mapping (a wrong shape); ``who: {target: [nearst]}`` fails the
    literal (a wrong shape) and the mapping's selector. Only the member of the
    value's shape says what is wrong; the others are dropped. A union whose members
    all misfit keeps every error."""
    members: dict[tuple, dict[object, list[int]]] = {}
    misfit: dict[int, bool] = {}
    for n, err in enumerate(errors):
        loc = tuple(err["loc"])
        path, value, _is_key, label = _walk(raw, loc)
        if label is None or label == len(loc) - 1 and err["type"] == "missing":
            continue
        members.setdefault(loc[:label], {}).setdefault(loc[label], []).append(n)
        misfit[n] = label == len(loc) - 1 and _shape_misfit(err["type"], value)
    dropped: set[int] = set()
    for branches in members.values():
        if len(branches) < 2:
            continue
        misfits = [ns for ns in branches.values() if all(misfit[n] for n in ns)]
        if 0 < len(misfits) < len(branches):
            dropped.update(n for ns in misfits for n in ns)
    return [err for n, err in enumerate(errors) if n not in dropped]
