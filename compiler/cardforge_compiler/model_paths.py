"""What the content model says about a place in a document: the model of the
mapping at a data path, its fields, the bounds of a number. Used by the validate
stage to word its diagnostics ("did you mean" among a mapping's own fields, "a
whole number from 0 to 6") from the models themselves, never from a copy.
"""

from __future__ import annotations

import types
import typing
from typing import Any

from pydantic import BaseModel

from cardforge_compiler.model import BOARD_KINDS, DOCUMENT_MODELS, STEP_MODELS, Card, step_kind

__all__ = ["STEP_LISTS", "bounds_at", "fields_of", "model_for_mapping"]

#: Keys whose value is a list of steps.
STEP_LISTS = frozenset({"steps", "then", "else", "pass", "fail"})


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    """Every model class mentioned inside a type annotation."""
    found: list[type[BaseModel]] = []
    stack = [annotation]
    while stack:
        item = stack.pop()
        if isinstance(item, type) and issubclass(item, BaseModel):
            found.append(item)
        for arg in typing.get_args(item):
            stack.append(arg)
        if isinstance(item, types.UnionType):
            stack.extend(item.__args__)
    return found


def _field_models() -> dict[str, type[BaseModel]]:
    """Map a key (``challenge``, ``objectives``...) to the model of the mapping(s) it
    holds, for "did you mean" on unknown keys."""
    table: dict[str, type[BaseModel]] = {}
    seen: set[type[BaseModel]] = set()
    stack: list[type[BaseModel]] = [*DOCUMENT_MODELS.values(), *STEP_MODELS.values()]
    while stack:
        model = stack.pop()
        if model in seen:
            continue
        seen.add(model)
        for name, info in model.model_fields.items():
            key = info.alias or name
            inner = [m for m in _models_in(info.annotation) if m not in STEP_MODELS.values()]
            if len(inner) == 1 and key not in STEP_LISTS:
                table.setdefault(key, inner[0])
            stack.extend(inner)
    return table


_FIELD_MODELS = _field_models()


def fields_of(model: type[BaseModel]) -> list[str]:
    """The keys a model's mapping may hold (aliases such as ``if``, ``pass``)."""
    return [info.alias or name for name, info in model.model_fields.items()]


def model_for_mapping(path: list[str | int], mapping: Any, doc_model: type[BaseModel]) -> type[BaseModel] | None:
    """The model that describes the mapping at ``path`` (for its list of fields)."""
    if not path:
        return doc_model
    if doc_model in _BOARD_MODELS:
        # board documents reuse keys (``map_tiles`` of components and of a layout):
        # follow the path through the document's own model instead
        return _model_along(doc_model, path, mapping)
    parent_key = path[-1] if isinstance(path[-1], str) else (path[-2] if len(path) > 1 else None)
    if parent_key in STEP_LISTS and isinstance(path[-1], int):
        kind = step_kind(mapping)
        return STEP_MODELS.get(kind) if kind else None
    if parent_key == "cards" and isinstance(path[-1], int):
        return Card
    return _FIELD_MODELS.get(str(parent_key))


_BOARD_MODELS = frozenset(DOCUMENT_MODELS[kind] for kind in BOARD_KINDS)


def _model_along(doc_model: type[BaseModel], path: list[str | int], mapping: Any) -> type[BaseModel] | None:
    """The model of the mapping at ``path``, following the field annotations from the
    document's model; a union of models (the board effects) is decided by the
    mapping's discriminating value (``board: wound``)."""
    annotation: Any = doc_model
    for part in path:
        annotation, _ = _strip(annotation)
        origin, args = typing.get_origin(annotation), typing.get_args(annotation)
        if isinstance(annotation, type) and issubclass(annotation, BaseModel) and isinstance(part, str):
            info = next((f for n, f in annotation.model_fields.items() if (f.alias or n) == part), None)
            if info is None:
                return None
            annotation = info.annotation
        elif origin is list and isinstance(part, int):
            annotation = args[0]
        elif origin is dict and isinstance(part, str):
            annotation = args[1]
        else:
            return None
    annotation, _ = _strip(annotation)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    members = _models_in(annotation)
    if isinstance(mapping, dict):
        for member in members:
            for name, info in member.model_fields.items():
                allowed = typing.get_args(info.annotation) if typing.get_origin(info.annotation) is typing.Literal \
                    else ()
                if len(allowed) == 1 and mapping.get(info.alias or name) == allowed[0]:
                    return member
    return None


def _strip(annotation: Any) -> tuple[Any, list[Any]]:
    """Unwrap ``Annotated`` and ``X | None`` around a type, collecting constraints."""
    constraints: list[Any] = []
    while True:
        origin = typing.get_origin(annotation)
        if origin is typing.Annotated:
            base, *extra = typing.get_args(annotation)
            for item in extra:
                constraints.extend(getattr(item, "metadata", None) or [item])
            annotation = base
        elif origin in (typing.Union, types.UnionType):
            members = [a for a in typing.get_args(annotation) if a is not type(None)]
            if len(members) != 1:
                return annotation, constraints
            annotation = members[0]
        else:
            return annotation, constraints


def bounds_at(doc_model: type[BaseModel], path: list[str | int]) -> tuple[Any, Any]:
    """The lowest and highest value the model allows at ``path`` (``None`` when
    unbounded or not found), read from the model's own constraints."""
    annotation: Any = doc_model
    constraints: list[Any] = []
    for part in path:
        annotation, constraints = _strip(annotation)
        origin, args = typing.get_origin(annotation), typing.get_args(annotation)
        if isinstance(part, str) and origin in (typing.Union, types.UnionType):
            members = [_strip(a)[0] for a in args]
            annotation = next((m for m in members if isinstance(m, type) and issubclass(m, BaseModel)
                               and part in fields_of(m)), None)
            origin = None
        if isinstance(annotation, type) and issubclass(annotation, BaseModel) and isinstance(part, str):
            info = next((f for n, f in annotation.model_fields.items() if (f.alias or n) == part), None)
            if info is None:
                return None, None
            annotation, constraints = info.annotation, list(info.metadata)
            continue
        if origin is list and isinstance(part, int):
            annotation = args[0]
        elif origin is dict and isinstance(part, str):
            annotation = args[1]
        else:
            return None, None
    annotation, more = _strip(annotation)
    constraints += more
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        # a scalar or a mapping (a shorthand effect, ``{move-bonus: 1}``): the scalar's bounds
        scalars = [_strip(a)[1] for a in typing.get_args(annotation)
                   if not (isinstance(_strip(a)[0], type) and issubclass(_strip(a)[0], BaseModel))]
        bounded = [c for c in scalars if any(hasattr(x, "ge") or hasattr(x, "le") for x in c)]
        if len(bounded) == 1:
            constraints += bounded[0]
    low = next((c.ge for c in constraints if hasattr(c, "ge")), None)
    high = next((c.le for c in constraints if hasattr(c, "le")), None)
    return low, high
