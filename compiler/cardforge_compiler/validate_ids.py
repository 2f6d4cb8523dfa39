"""Stage 2, validate, across documents: each document's identity (a pack's or story's
``id``, a layout's ``id``, a keyword's, tile's, Enemy's or deck's ``name``) is defined
once within its scope, else ``CF107`` (:func:`duplicate_ids`, run by the pipeline
after every document is validated on its own by :mod:`cardforge_compiler.validate`)."""

from __future__ import annotations

from cardforge_compiler.diagnostics import Diagnostic
from cardforge_compiler.validate import Document

__all__ = ["duplicate_ids"]


def _identity(doc: Document) -> tuple[str, str, tuple[str, ...]]:
    """What makes a document unique, as ``(field, value, path)``: a pack's or story's
    ``id``, a battle layout's ``id``, a terrain keyword's or tile's ``name``; the one
    ``components`` document of a pack has no field (``""``)."""
    for key in ("id", "name"):
        value = getattr(doc.model, key, None)
        if isinstance(value, str):
            return key, value, (key,)
    return "", "", ("kind",)


#: Kinds whose names are one set within a pack: a Threat deck and a deck share the
#: game's deck state (``state["decks"]`` by name, instance ids ``<name>#n``); an
#: Enemy and a Named Enemy are both named by ``enemy:`` references.
_SHARED_NAMES = {"threat-deck": "deck", "named-enemy": "enemy"}


def duplicate_ids(documents: list[Document]) -> list[Diagnostic]:
    """``CF107`` for each document whose kind and id (or name) an earlier document
    already has: pack ids are unique everywhere; story ids, battle-layout ids,
    terrain-keyword and terrain-tile names within their pack; deck and Threat-deck
    names, Enemy and Named Enemy names within their pack, each pair as one set
    (``_SHARED_NAMES``); a pack has one ``components`` document."""
    diagnostics: list[Diagnostic] = []
    seen: dict[tuple, Document] = {}
    for doc in documents:
        kind = doc.model.kind
        scope = "" if kind == "pack" else str(doc.source.pack_root)
        field_name, value, path = _identity(doc)
        key = (scope, _SHARED_NAMES.get(kind, kind), value)
        if key in seen:
            first = seen[key]
            if field_name and first.model.kind != kind:
                first_kind = first.model.kind
                what = f"{'an' if first_kind[0] in 'aeiou' else 'a'} {first_kind} with {field_name} '{value}'"
                hint = (f"a {kind} and {'an' if first_kind[0] in 'aeiou' else 'a'} {first_kind} share one set of "
                        f"names: give this {kind} its own {field_name}")
            elif field_name:
                what = f"a {kind} with {field_name} '{value}'"
                hint = f"give each {kind} its own {field_name}"
            else:
                what = f"a {kind} document for this pack"
                hint = f"a pack holds one `kind: {kind}` document: merge them into one"
            diagnostics.append(Diagnostic(
                "CF107", f"{what} is already defined", file=doc.source.display,
                doc=doc.index, path=path, see=(first.source.display, first.index, path), hint=hint))
        else:
            seen[key] = doc
    return diagnostics
