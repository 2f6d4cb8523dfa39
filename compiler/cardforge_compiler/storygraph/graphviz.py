"""Graphviz's ``dot``, when it is installed, draws the SVG from the DOT text
(:func:`.text.to_dot`): its layout is the reference one. ``cardforge graph --layout
auto`` uses it when ``dot`` is on ``PATH`` and the built-in layout otherwise."""

from __future__ import annotations

import shutil
import subprocess

__all__ = ["GraphvizError", "dot_program", "render_with_dot"]

#: Seconds ``dot`` may take before it is given up.
TIMEOUT = 120


class GraphvizError(Exception):
    """``dot`` is missing, failed or timed out (the message says which)."""


def dot_program() -> str | None:
    """The path of Graphviz's ``dot`` on ``PATH``, or ``None``."""
    return shutil.which("dot")


def render_with_dot(dot_text: str, program: str) -> str:
    """The SVG ``program`` (Graphviz ``dot``) draws of ``dot_text`` (text).

    Raises:
        GraphvizError: it could not be run, exited with an error or ran longer
            than :data:`TIMEOUT` seconds.
    """
    try:
        done = subprocess.run([program, "-Tsvg"], input=dot_text.encode("utf-8"), capture_output=True,
                              timeout=TIMEOUT, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise GraphvizError(f"{program} -Tsvg could not run: {exc}") from None
    if done.returncode != 0:
        detail = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise GraphvizError(f"{program} -Tsvg failed (exit {done.returncode})" + (f": {detail[-1]}" if detail else ""))
    return done.stdout.decode("utf-8", "replace")
