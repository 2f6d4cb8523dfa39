"""The canonical key order of content mappings, for ``cardforge fmt``
(:mod:`cardforge_compiler.fmt`): keys in the order the content model lists its fields.

The order is read from the pydantic models' JSON Schema (``model_json_schema``
keeps field order; the published ``schemas/*.json`` are written with sorted keys, so
they are not used). A mapping is followed down the schema by its document's
``kind``, then by key: ``$ref`` is resolved, ``X | None`` takes ``X``, a union told
apart by a key (a step's ``gain``, an effect's ``spawn``, a selector's ``among``:
:func:`cardforge_compiler.model._types.keyed_union`) takes the branch whose kind key
comes first in the mapping, as the compiler does, and a union with a
``discriminator`` takes the branch its value names. Where no schema is known (an
unknown ``kind``, a free-form mapping such as ``counters``) the keys keep their order.
"""

from __future__ import annotations

from functools import cache
from typing import Any

__all__ = ["IDENTITY_KEYS", "Schema", "child_schema", "document_schema", "item_schema", "key_order"]

#: Keys that say what a mapping is, written first when the model has them (a model's
#: inherited fields come before its own in pydantic's order: ``name`` would follow them).
IDENTITY_KEYS = ("kind", "id", "name")

#: A JSON Schema node with the ``$defs`` it refers into: ``(node, defs)``.
Schema = tuple[dict[str, Any], dict[str, Any]]


@cache
def _document_schemas() -> dict[str, dict[str, Any]]:
    from cardforge_compiler.model import DOCUMENT_MODELS

    return {kind: model.model_json_schema(by_alias=True) for kind, model in DOCUMENT_MODELS.items()}


def document_schema(kind: Any) -> Schema | None:
    """The schema of a document whose ``kind`` is ``kind`` (``None`` if no such kind)."""
    if not isinstance(kind, str):
        return None
    root = _document_schemas().get(kind)
    return (root, root.get("$defs", {})) if root is not None else None


def _resolve(node: Any, defs: dict[str, Any]) -> dict[str, Any] | None:
    """``node`` with ``$ref`` (``#/$defs/Name``) and one-element ``allOf`` followed."""
    for _ in range(64):
        if not isinstance(node, dict):
            return None
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            node = defs.get(ref[len("#/$defs/"):])
            continue
        all_of = node.get("allOf")
        if isinstance(all_of, list) and len(all_of) == 1 and "properties" not in node:
            node = all_of[0]
            continue
        return node
    return None


def _branches(node: dict[str, Any], defs: dict[str, Any]) -> list[dict[str, Any]]:
    options = node.get("oneOf") or node.get("anyOf") or []
    return [b for b in (_resolve(o, defs) for o in options) if b is not None]


def _object_branch(node: dict[str, Any] | None, defs: dict[str, Any], mapping: dict[str, Any]) -> tuple[
        dict[str, Any] | None, str | None]:
    """The object schema ``mapping`` is read with, and its kind key (the key that chose
    the branch of a keyed union, kept first), or ``(None, None)`` when unknown."""
    for _ in range(8):
        if node is None:
            return None, None
        if "properties" in node or isinstance(node.get("additionalProperties"), dict) \
                or isinstance(node.get("patternProperties"), dict):
            return node, None
        disc = node.get("discriminator")
        if isinstance(disc, dict) and isinstance(disc.get("mapping"), dict):
            ref = disc["mapping"].get(mapping.get(disc.get("propertyName")))
            node = _resolve({"$ref": ref}, defs) if isinstance(ref, str) else None
            continue
        objects = [b for b in _branches(node, defs)
                   if b.get("type") == "object" or "properties" in b or "oneOf" in b or "anyOf" in b]
        if not objects:
            return None, None
        if len(objects) == 1:
            node = objects[0]
            continue
        return _keyed_branch(objects, mapping)
    return None, None


def _keyed_branch(objects: list[dict[str, Any]], mapping: dict[str, Any]) -> tuple[dict[str, Any] | None, str | None]:
    """The branch of a keyed union that the mapping's first kind key names: a branch's
    kind key is its first listed key that is required and that no other branch has
    (``if`` for ``{if, then, else}``: ``then`` is required and unique too, but it does
    not name the kind)."""
    seen: dict[str, int] = {}
    for branch in objects:
        for key in branch.get("properties", {}):
            seen[key] = seen.get(key, 0) + 1
    kinds: dict[str, dict[str, Any]] = {}
    for branch in objects:
        required = set(branch.get("required", ()))
        kind = next((k for k in branch.get("properties", {}) if k in required and seen[k] == 1), None)
        if kind is not None:
            kinds[kind] = branch
    for key in mapping:
        if key in kinds:
            return kinds[key], key
    return None, None


def key_order(schema: Schema | None, mapping: dict[str, Any]) -> tuple[list[Any] | None, Schema | None]:
    """The canonical order of ``mapping``'s keys under ``schema``, and the object schema
    its values are read with.

    The kind key of a keyed union first (it names the kind: moving another kind key
    before it would change what the mapping is), then :data:`IDENTITY_KEYS` the model
    has, then the other keys the schema lists, in its order (the model's field order),
    then the keys it does not list (reported by lint) in their own order.
    ``(None, None)`` when the mapping has no known object schema (its order is kept).
    """
    if schema is None:
        return None, None
    node, defs = schema
    obj, kind_key = _object_branch(_resolve(node, defs), defs, mapping)
    if obj is None:
        return None, None
    fields = list(obj.get("properties", {}))
    first = [k for k in (kind_key, *IDENTITY_KEYS) if k is not None and k in fields]
    listed = list(dict.fromkeys(first + fields))
    rank = {key: i for i, key in enumerate(listed)}
    known = sorted((k for k in mapping if k in rank), key=rank.__getitem__)
    return known + [k for k in mapping if k not in rank], (obj, defs)


def child_schema(obj: Schema | None, key: Any) -> Schema | None:
    """The schema of the value under ``key`` of a mapping read with ``obj`` (from
    :func:`key_order`), or of any value of a mapping with no object schema: ``None``."""
    if obj is None:
        return None
    node, defs = obj
    value = node.get("properties", {}).get(key)
    if value is None and isinstance(node.get("additionalProperties"), dict):
        value = node["additionalProperties"]
    if value is None:
        patterns = node.get("patternProperties")
        if isinstance(patterns, dict) and len(patterns) == 1:
            value = next(iter(patterns.values()))
    return (value, defs) if isinstance(value, dict) else None


def item_schema(schema: Schema | None) -> Schema | None:
    """The schema of a list's items under ``schema`` (``list[X] | None`` included)."""
    if schema is None:
        return None
    node, defs = schema
    resolved = _resolve(node, defs)
    for _ in range(8):
        if resolved is None:
            return None
        if isinstance(resolved.get("items"), dict):
            return resolved["items"], defs
        arrays = [b for b in _branches(resolved, defs) if b.get("type") == "array" or "items" in b]
        if len(arrays) != 1:
            return None
        resolved = arrays[0]
    return None
