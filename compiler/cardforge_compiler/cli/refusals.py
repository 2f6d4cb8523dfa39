"""What ``--format json`` prints when a command refuses its input: a JSON document
on standard output whatever the exit code, so that a tool reading it (``jq`` in CI)
is given the reason rather than nothing (``cardforge explore``, ``cardforge test``,
``cardforge stats``; docs/explore.md, docs/playtest.md, docs/stats.md).

The document is the command's own (its ``format``/``version`` head and empty
results, from the caller) with lint's shape added (docs/diagnostics.md,
"``--format json``"): ``error`` (``{"exit_code": 1, "message": "..."}``), ``summary``
(``report.summary`` of the compiled content, ``null`` when none was compiled) and
``diagnostics`` (``Diagnostic.to_dict`` each, as ``cardforge lint --format json``
gives them; ``[]`` for a usage error). Standard error and the exit code are as
without it: 1 the content has errors, 2 a usage error.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from cardforge_compiler.pipeline import CompileResult

__all__ = ["Refused", "failure_document", "json_failures"]


class Refused(SystemExit):
    """The end of a command that refused its input after saying why on standard
    error: ``SystemExit(code)`` carrying the ``message`` and the compiled ``result``
    (or ``None``) for :func:`json_failures`. Uncaught, it ends the process with
    ``code`` as ``sys.exit`` would."""

    def __init__(self, code: int, message: str, result: CompileResult | None = None) -> None:
        super().__init__(code)
        self.message = message
        self.result = result


def failure_document(head: Mapping[str, Any], code: int, message: str,
                     result: CompileResult | None = None) -> dict[str, Any]:
    """``head`` (the command's document with no results) plus ``error`` (``{"exit_code":
    code, "message": message}``), ``summary`` and ``diagnostics`` in lint's shape."""
    from cardforge_compiler.report import summary

    return {**head, "error": {"exit_code": code, "message": message},
            "summary": summary(result) if result is not None else None,
            "diagnostics": [d.to_dict() for d in result.diagnostics] if result is not None else []}


@contextmanager
def json_failures(fmt: str, head: Mapping[str, Any]) -> Iterator[None]:
    """With ``fmt`` ``"json"``, print :func:`failure_document` on standard output when
    the body raises :class:`Refused` or a ``click.ClickException`` (``ConfigError``,
    exit 2), then let it go on (same message on standard error, same exit code).
    Any other ``fmt``: nothing added."""
    if fmt != "json":
        yield
        return
    try:
        yield
    except Refused as refused:
        code = refused.code if isinstance(refused.code, int) else 1
        click.echo(json.dumps(failure_document(head, code, refused.message, refused.result), indent=2,
                              ensure_ascii=False))
        raise
    except click.ClickException as error:
        click.echo(json.dumps(failure_document(head, error.exit_code, error.format_message()), indent=2,
                              ensure_ascii=False))
        raise
