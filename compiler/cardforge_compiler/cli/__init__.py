"""The ``cardforge`` command line (click): the group and its entry point. The
commands live by user task: ``lint``/``build`` in :mod:`.build`, ``path`` in
:mod:`.explore`, ``graph`` in :mod:`.graph`, ``board`` (a Battle layout's picture) in :mod:`.board`,
``simulate`` (a Battle's balance) in :mod:`.simulate`, ``explore`` (the state
explorer) in :mod:`.states`, ``test`` (random playthroughs with coverage) in
:mod:`.playtest`,
``schema``/``check-bundle`` in :mod:`.formats`, ``fmt`` (the canonical layout of
content files) in :mod:`.fmt`, ``strings`` (string tables for translators) in
:mod:`.strings`, ``play`` in :mod:`cardforge_compiler.play`, ``new`` (scaffolds) in
:mod:`.new`, ``explain`` (a diagnostic code) in :mod:`.explain`, ``watch`` in
:mod:`.watch`.

Every command that reads content takes it as ``PATH...`` arguments. Output formats
and exit codes are :mod:`cardforge_compiler.report`'s: 0 clean; 1 problems found
(errors, or warnings with ``--strict``); 2 usage, configuration or internal error;
120 standard output cannot be written (a closed pipe, a full disk); 130 interrupted
(``play`` adds 3, a stuck story). Heavy modules (pydantic, networkx,
jsonschema-rs, ruamel.yaml) are imported inside the commands, so that
``cardforge --help`` and ``--version`` start fast.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, NoReturn

import click

from cardforge_compiler import __version__
from cardforge_compiler.cli.board import board
from cardforge_compiler.cli.build import build, lint
from cardforge_compiler.cli.explain import explain
from cardforge_compiler.cli.explore import path
from cardforge_compiler.cli.fmt import fmt
from cardforge_compiler.cli.formats import check_bundle, schema
from cardforge_compiler.cli.graph import graph
from cardforge_compiler.cli.new import new
from cardforge_compiler.cli.playtest import playtest
from cardforge_compiler.cli.simulate import simulate
from cardforge_compiler.cli.states import explore
from cardforge_compiler.cli.stats import stats
from cardforge_compiler.cli.strings import strings
from cardforge_compiler.cli.watch import watch
from cardforge_compiler.play import play
from cardforge_compiler.report import EXIT_CLEAN, EXIT_INTERRUPTED, EXIT_PROBLEMS, EXIT_USAGE, shown

__all__ = ["EXIT_OUTPUT_CLOSED", "OutputClosed", "cli", "command", "main"]


#: The exit status when standard output (or error) cannot be written: a closed pipe
#: (``cardforge explore PATH | head -1``), a full disk (``> /dev/full``). Python's own.
EXIT_OUTPUT_CLOSED = 120


class OutputClosed(Exception):  # noqa: N818 - a state, not an error of cardforge
    """Standard output or error could not be written (the ``OSError`` of
    ``click.echo`` as its cause); :func:`main` exits :data:`EXIT_OUTPUT_CLOSED`."""


def _in_echo(error: BaseException) -> bool:
    """Whether ``error`` was raised while ``click.echo`` (or ``click.secho``) wrote to
    standard output or error, not by a file a command writes (those say ``cannot
    write FILE``, exit 2)."""
    from click.utils import echo

    tb = error.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code is echo.__code__:
            return True
        tb = tb.tb_next
    return False


@contextmanager
def _output_closed() -> Iterator[None]:
    """An ``OSError`` of writing standard output or error (:func:`_in_echo`) raised
    inside is raised again as :class:`OutputClosed`; any other goes on as it is."""
    try:
        yield
    except OSError as error:
        if _in_echo(error):
            raise OutputClosed(error.strerror or str(error)) from error
        raise


class _Group(click.Group):
    """The ``cardforge`` group: an ``OSError`` of writing standard output or error
    (a command's, or ``--help``'s and ``--version``'s while the arguments are read) is
    raised as :class:`OutputClosed`, which click does not catch (it would exit 1 on a
    closed pipe, like "problems found", and let a full disk be an internal error)."""

    def make_context(self, *args: Any, **kwargs: Any) -> click.Context:
        with _output_closed():
            return super().make_context(*args, **kwargs)

    def invoke(self, ctx: click.Context) -> Any:
        with _output_closed():
            return super().invoke(ctx)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, "-V", "--version", prog_name="cardforge")
def cli() -> None:
    """cardforge: validate, compile and bundle story-card content.

    \b
    Example:
      cardforge lint content/
      cardforge build content/ -o build/gascony.bundle.json
      cardforge play build/gascony.bundle.json --story act-1
    """
    import os

    if os.environ.get("NO_COLOR"):  # https://no-color.org: no colour, even on a terminal
        click.get_current_context().color = False


for _command in (lint, build, explore, graph, path, board, stats, simulate, playtest, schema, check_bundle, play, fmt,
                 new, watch, explain, strings):
    cli.add_command(_command)


def main() -> NoReturn:
    """Console entry point: run the CLI with cardforge's exit codes.

    0 clean, 1 problems, 2 usage, configuration or internal error (one line, never
    a traceback; ``CARDFORGE_DEBUG=1`` shows it), 120 standard output (or error)
    could not be written (a closed pipe, a full disk), 130 interrupted (Ctrl-C).
    click's own handling would exit 1 on Ctrl-C and on a closed pipe, like "problems
    found".
    """
    import os

    try:
        code = cli.main(standalone_mode=False)
    except SystemExit:
        raise
    except click.ClickException as exc:     # usage errors (2) and ConfigError (2)
        exc.show()
        sys.exit(exc.exit_code)
    except OutputClosed as exc:
        _quiet_output(exc)
        sys.exit(EXIT_OUTPUT_CLOSED)
    except (KeyboardInterrupt, click.Abort) as exc:
        if isinstance(exc, click.Abort) and not isinstance(exc.__cause__ or exc.__context__, KeyboardInterrupt):
            click.echo("input closed", err=True)       # end of input at a click prompt
            sys.exit(EXIT_PROBLEMS)
        click.echo("interrupted", err=True)
        sys.exit(EXIT_INTERRUPTED)
    except Exception as exc:  # noqa: BLE001 - the last line of defence
        if os.environ.get("CARDFORGE_DEBUG"):
            raise
        click.echo(f"cardforge: internal error: {type(exc).__name__}: {shown(str(exc))} "
                   f"(this is a bug in cardforge; CARDFORGE_DEBUG=1 shows the traceback)", err=True)
        sys.exit(EXIT_USAGE)
    sys.exit(code if isinstance(code, int) else EXIT_CLEAN)


def _quiet_output(closed: OutputClosed) -> None:
    """After :class:`OutputClosed`: standard output and error made quiet (what is left
    in their buffers is dropped, so that Python's exit adds no "Exception ignored"
    lines), and, unless the output is a closed pipe (``| head -1``: the reader has what
    it wanted), one line on standard error saying why, when it can still be written."""
    import errno
    import os

    cause = closed.__cause__
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is None:
            continue
        if name == "stderr" and not (isinstance(cause, OSError) and cause.errno == errno.EPIPE):
            try:
                stream.write(f"cardforge: cannot write the output: {closed}\n")
                stream.flush()
                continue
            except (OSError, ValueError):
                pass
        try:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115 - until the process ends
        except OSError:
            pass


def command() -> NoReturn:
    """The ``cardforge`` console command (and ``python -m cardforge_compiler``):
    :func:`main`, then end the process at once, as mypy does.

    By then every output is written and closed (bundles atomically); what is left is
    the interpreter's teardown, which would free the compiled content object by
    object: about 0.5 s after a 10k-card build (``make bench``), a fifth of it.
    Standard output and error are flushed first; if that fails (a closed pipe) the
    exit status is 120, as Python's own exit gives. In-process callers use
    :func:`main`, which raises ``SystemExit`` as usual.
    """
    import os

    code: object = EXIT_CLEAN
    try:
        main()
    except SystemExit as exc:
        code = exc.code
    if code is None:
        code = EXIT_CLEAN
    elif not isinstance(code, int):
        print(code, file=sys.stderr)
        code = EXIT_PROBLEMS
    for stream in (sys.stdout, sys.stderr):
        if stream is None:                  # closed before Python started (`>&-`)
            continue
        try:
            stream.flush()
        except (OSError, ValueError):   # a closed pipe or stream
            code = 120
    os._exit(code)
