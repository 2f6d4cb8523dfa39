"""The ``cardforge`` command line (click): the group and its entry point. The
commands live by user task: ``lint``/``build`` in :mod:`.build`, ``graph``/``path``
in :mod:`.explore`, ``board`` (a Battle layout's picture) in :mod:`.board`,
``simulate`` (a Battle's balance) in :mod:`.simulate`, ``explore`` (the state
explorer) in :mod:`.states`, ``test`` (random playthroughs with coverage) in
:mod:`.playtest`,
``schema``/``check-bundle`` in :mod:`.formats`, ``play`` in
:mod:`cardforge_compiler.play`.

Every command that reads content takes it as ``PATH...`` arguments. Output formats
and exit codes are :mod:`cardforge_compiler.report`'s: 0 clean; 1 problems found
(errors, or warnings with ``--strict``); 2 usage, configuration or internal error;
130 interrupted (``play`` adds 3, a stuck story). Heavy modules (pydantic, networkx,
jsonschema-rs, ruamel.yaml) are imported inside the commands, so that
``cardforge --help`` and ``--version`` start fast.
"""

from __future__ import annotations

import sys
from typing import NoReturn

import click

from cardforge_compiler import __version__
from cardforge_compiler.cli.board import board
from cardforge_compiler.cli.build import build, lint
from cardforge_compiler.cli.explore import graph, path
from cardforge_compiler.cli.formats import check_bundle, schema
from cardforge_compiler.cli.playtest import playtest
from cardforge_compiler.cli.simulate import simulate
from cardforge_compiler.cli.states import explore
from cardforge_compiler.cli.stats import stats
from cardforge_compiler.play import play
from cardforge_compiler.report import EXIT_CLEAN, EXIT_INTERRUPTED, EXIT_PROBLEMS, EXIT_USAGE, shown

__all__ = ["cli", "command", "main"]


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
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


for _command in (lint, build, explore, graph, path, board, stats, simulate, playtest, schema, check_bundle, play):
    cli.add_command(_command)


def main() -> NoReturn:
    """Console entry point: run the CLI with cardforge's exit codes.

    0 clean, 1 problems, 2 usage, configuration or internal error (one line, never
    a traceback; ``CARDFORGE_DEBUG=1`` shows it), 130 interrupted (Ctrl-C). click's
    own handling would exit 1 on Ctrl-C, like "problems found".
    """
    import os

    try:
        code = cli.main(standalone_mode=False)
    except SystemExit:
        raise
    except click.ClickException as exc:     # usage errors (2) and ConfigError (2)
        exc.show()
        sys.exit(exc.exit_code)
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
