"""Stages 1 and 2, load and validate, through the content-hash cache
(:mod:`cardforge_compiler.cache`): a file whose bytes have an entry is not parsed
again, nor validated again while its entry's validation is in memory."""

from __future__ import annotations

from collections.abc import Callable

from cardforge_compiler.cache import ContentCache, FileEntry, Validated, content_hash, shown
from cardforge_compiler.diagnostics import Diagnostic
from cardforge_compiler.load import SourceFile, _decode, gc_paused, load_bytes, run_with_stack
from cardforge_compiler.validate import Document, validate_document

__all__ = ["load_cached"]


def load_cached(files: list[SourceFile], cache: ContentCache, accept: Callable[[Document], None],
                tick: Callable[[int], None] | None = None) -> list[Diagnostic]:
    """Read every file; parse those the cache does not know and validate those whose
    validation it does not hold; hand each valid document to ``accept`` in file and
    document order, as the uncached pipeline does (its raw data let go).

    Returns the load and validate diagnostics (as :func:`~cardforge_compiler.load.load_files`
    and :func:`~cardforge_compiler.validate.validate_document` give them, unpositioned),
    and leaves each ``SourceFile`` as loading and validating it would (``text``,
    ``kinds``, ``invalid``, ``failed``). ``tick`` (optional: the progress bar) is told
    how many files are done after each one, read from the cache or not. Never raises
    for bad content.
    """

    def work() -> list[Diagnostic]:
        out: list[Diagnostic] = []
        for done, sf in enumerate(files, 1):
            if tick is not None and done > 1:
                tick(done - 1)
            try:
                raw = sf.path.read_bytes()
            except OSError as exc:
                out.append(Diagnostic("CF001", f"cannot read file: {exc.strerror or exc}", file=sf.display))
                continue
            key = content_hash(raw)
            entry = cache.get(key)
            if entry is None:
                entry = _parse(sf, raw, key)
                cache.put(entry)
            else:
                sf.text = _decode(sf, raw)[0]
                if sf.text is not None:
                    sf.suppressions = entry.suppressions
                sf.kinds |= entry.kinds
                sf.invalid |= entry.invalid
                sf.failed = entry.failed
            if entry.validated is None:
                entry.validated = _validate(sf, entry)
                entry.documents = None          # in memory, the models stand for the data
            checked = entry.validated
            sf.kinds |= checked.kinds
            sf.invalid |= checked.invalid
            for index, model in checked.documents:
                accept(Document(model, None, sf, index))
            out.extend(shown(checked.diagnostics, checked.display, sf.display))   # validate's first, as uncached
            out.extend(shown(entry.diagnostics, entry.display, sf.display))
        if tick is not None and files:
            tick(len(files))
        return out

    with gc_paused():
        return run_with_stack(work)


def _parse(sf: SourceFile, raw: bytes, key: str) -> FileEntry:
    """Load one file (its bytes ``raw``) into a new entry: its documents as plain data."""
    entry = FileEntry(content=key, display=sf.display)
    documents: list[tuple[int, object]] = []
    entry.diagnostics = load_bytes(sf, raw, sink=lambda _sf, index, data: documents.append((index, data)))
    entry.documents = documents
    entry.kinds, entry.invalid, entry.failed = set(sf.kinds), set(sf.invalid), sf.failed
    entry.suppressions = sf.suppressions
    return entry


def _validate(sf: SourceFile, entry: FileEntry) -> Validated:
    """Validate the entry's documents for ``sf`` (the file they were read from)."""
    checked = Validated(sf.display)
    before_kinds, before_invalid = set(sf.kinds), set(sf.invalid)
    for index, data in entry.documents or ():
        document, problems = validate_document(sf, index, data)
        checked.diagnostics.extend(problems)
        if document is not None:
            checked.documents.append((index, document.model))
    checked.kinds, checked.invalid = sf.kinds - before_kinds, sf.invalid - before_invalid
    return checked
