"""The diagnostics registry: every code cardforge reports, as data, in one place.

One data module per family (``cf0xx.py`` ... ``cf7xx.py``, ``cf80x.py``, ``cf82x.py``,
``cf84x.py`` for the CF8xx ranges, ``cf9xx.py``) registers its codes with
:func:`~cardforge_compiler.codes._registry.code`: the code, its kebab-case name,
severity, one-line summary, message ``template``, ``stage``, ``explanation`` (what it
means), ``fix`` (how to fix it), ``examples`` (files, command, notes) and ``since``.
From this registry come ``diagnostics.RULES`` (every check's code), the generated
page docs/diagnostics.md (``docs/tools/build_doc.py``), ``cardforge explain CODE``,
and the ``see:`` link of every diagnostic (:func:`url`).

How to add a code (say ``CF011 unknown-suppression``, a warning of stage ``load``):
add one ``code(...)`` call to its family's module, in code order::

    code("CF011", "unknown-suppression", W, "A suppression comment names a code cardforge does not have.",
         template="unknown code '{code}' in a suppression comment",
         stage="load",
         explanation=\"\"\"What it means (Markdown).\"\"\",
         fix=\"\"\"How to fix it (Markdown).\"\"\",
         examples=[example({"demo/story.yaml": HEAD + \"\"\"cards: ...\"\"\"}, after="A note after the output.")])

``example(files, cmd=("lint", "demo/"), ...)``: ``demo/pack.yaml`` is the demo
manifest (``_demo.PACK``) unless ``files`` brings one; ``also=("CF401",)`` lists
other codes the same fault makes lint report. tests/test_codes.py lints every example
and requires exactly ``{code} | also`` and messages matching ``template``. Then run
``make docs`` and add a golden case under tests/golden/. A code written in the former
format (a ``rule(...)`` line in diagnostics.py, ``d(...)`` in docs/tools/prose.py,
``case(...)`` in docs/tools/cases.py) is ported with ``docs/tools/port_codes.py``.

Importing the registry is cheap (data only: no I/O, standard library only).
"""

from __future__ import annotations

# The families, in code order (the registry's order is the order these register in).
from cardforge_compiler.codes import cf0xx, cf1xx, cf2xx, cf3xx, cf4xx, cf5xx, cf6xx, cf7xx  # noqa: F401
from cardforge_compiler.codes import cf80x, cf82x, cf84x, cf9xx  # noqa: F401
from cardforge_compiler.codes._registry import (
    CODES,
    DOCS_URL,
    FIRST_RELEASE,
    STAGES,
    Code,
    Example,
    Severity,
    template_pattern,
)

__all__ = ["CODES", "DOCS_URL", "FIRST_RELEASE", "STAGES", "Code", "Example", "Severity", "lookup", "suggest",
           "template_pattern", "url"]


def lookup(key: str) -> Code | None:
    """The code named by ``key``: a code (``CF402``, ``cf402``) or a name
    (``dead-end``, ``Dead-End``), case-insensitive, surrounding spaces ignored;
    ``None`` when none matches."""
    key = key.strip()
    found = CODES.get(key.upper())
    if found is not None:
        return found
    lowered = key.lower()
    return next((c for c in CODES.values() if c.name == lowered), None)


def suggest(key: str) -> str | None:
    """``did you mean 'CF402' (dead-end)?`` for a ``key`` that names no code, or
    ``None`` when nothing is close: a code that differs in at most two characters at
    the same places (``CF4O2``: the first in code order), else the closest code or
    name (:func:`~cardforge_compiler.hints.closest`)."""
    from cardforge_compiler.hints import closest

    key = key.strip()
    upper = key.upper()
    if len(upper) == 5:
        differ = {c: sum(a != b for a, b in zip(c, upper)) for c in CODES}
        best = min(differ.values(), default=3)
        if best <= 2:
            near = next(c for c, n in differ.items() if n == best)
            return f"did you mean '{near}' ({CODES[near].name})?"
    by_name = closest(key.lower(), [c.name for c in CODES.values()])
    if by_name is not None:
        found = lookup(str(by_name))
        return f"did you mean '{by_name}' ({found.code})?" if found else None
    by_code = closest(upper, list(CODES))
    return f"did you mean '{by_code}' ({CODES[str(by_code)].name})?" if by_code is not None else None


def url(code: str) -> str:
    """The documentation page of a registered ``code``:
    ``https://github.com/cardforge/cardforge/blob/main/docs/diagnostics.md#cf402-dead-end``.
    Raises ``KeyError`` for an unregistered code."""
    return CODES[code].url


def write_example(example: Example, folder: str) -> None:
    """Write ``example``'s files (and the demo manifest ``demo/pack.yaml`` unless the
    example brings its own or says ``pack=False``, and its empty ``dirs``) under
    ``folder``, which must exist; then run ``cardforge`` with ``example.cmd`` there.
    Raises ``OSError`` when a file cannot be written."""
    import os

    from cardforge_compiler.codes._demo import PACK

    for sub in example.dirs:
        os.makedirs(os.path.join(folder, sub), exist_ok=True)
    files: dict[str, str | bytes] = {"demo/pack.yaml": PACK} if example.pack else {}
    files.update(example.files)
    for name, body in files.items():
        target = os.path.join(folder, name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if isinstance(body, bytes):
            with open(target, "wb") as handle:
                handle.write(body)
        else:
            with open(target, "w", encoding="utf-8", newline="\n") as handle:
                handle.write(body)
