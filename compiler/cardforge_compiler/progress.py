"""Progress on a terminal: a bar on standard error while ``lint`` and ``build`` load
and check many files, ``explore`` plays a story, ``test --random`` plays games and
``simulate`` plays runs (docs/progress.md).

Shown only where a person watches: standard error is a terminal, the ``CI``
environment variable is unset (CI logs may be terminals that keep every frame),
``TERM`` is not ``dumb`` (it cannot move back over a line) and the command's
``--format`` is ``text``. Never in pipes, files or machine-readable output, so
outputs stay the same byte for byte. The bar is click's (``click.progressbar``,
as ``simulate`` had already: click is a dependency, rich would be a second one for
one line), drawn without colour (``NO_COLOR`` asks for none; the bar never uses
any), and only once the work has lasted :data:`DELAY` seconds: a quick lint shows
nothing. Each stage's bar ends on its own line, on standard error.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO

__all__ = ["DELAY", "Progress", "progress", "progress_wanted"]

#: Seconds of work before a bar is drawn (a shorter task shows none); the
#: environment variable ``CARDFORGE_PROGRESS_DELAY`` changes it (tests set 0).
DELAY = 0.5


def _delay() -> float:
    try:
        return max(0.0, float(os.environ.get("CARDFORGE_PROGRESS_DELAY", DELAY)))
    except ValueError:
        return DELAY


def progress_wanted(fmt: str = "text", stream: TextIO | None = None) -> bool:
    """Whether progress may be drawn on ``stream`` (standard error by default) for a
    command run with ``--format fmt``: a terminal, outside CI, ``TERM`` not ``dumb``,
    text output (module docstring)."""
    stream = sys.stderr if stream is None else stream
    if fmt != "text" or os.environ.get("CI") or os.environ.get("TERM") == "dumb":
        return False
    try:
        return stream is not None and stream.isatty()
    except (AttributeError, ValueError, OSError):      # a closed or replaced stream
        return False


class Progress:
    """A bar per stage, drawn on standard error once the work has lasted
    :data:`DELAY` seconds. Call it with ``(stage, done, total)``: ``stage`` the
    words of the label (``"loading files"``), ``done`` of ``total`` units so far (a
    new stage ends the bar of the one before). :meth:`close` ends the last bar."""

    def __init__(self, stream: TextIO | None = None, delay: float | None = None) -> None:
        self.stream = sys.stderr if stream is None else stream
        self.delay = _delay() if delay is None else delay
        self.started = time.monotonic()
        self.stage: str | None = None
        self.bar: Any = None

    def __call__(self, stage: str, done: int, total: int) -> None:
        if stage != self.stage:
            self._finish()
            self.stage = stage
        if self.bar is None:
            if time.monotonic() - self.started < self.delay or total <= 0:
                return
            import click

            self.bar = click.progressbar(length=total, label=stage, file=self.stream, width=30, show_pos=True,
                                         color=False)
            self.bar.__enter__()
        self.bar.length = max(total, done)
        step = done - self.bar.pos
        if step > 0:
            self.bar.update(step)

    def _finish(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)
            self.bar = None

    def close(self) -> None:
        """End the bar being drawn, if any (its last line stays, as click leaves it)."""
        self._finish()
        self.stage = None


@contextmanager
def progress(fmt: str = "text") -> Iterator[Progress | None]:
    """A :class:`Progress` for the block when :func:`progress_wanted` (else ``None``:
    callers pass it on as an optional callback), closed on the way out."""
    if not progress_wanted(fmt):
        yield None
        return
    bar = Progress()
    try:
        yield bar
    finally:
        bar.close()
