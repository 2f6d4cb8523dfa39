"""``cardforge watch``: lint, then lint again on every save (watchfiles), showing the
new diagnostics; one content-hash cache kept between runs (docs/watch.md)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from cardforge_compiler.cli.build import FORMAT, NO_CACHE, no_empty_path
from cardforge_compiler.report import plural, report

if TYPE_CHECKING:
    from cardforge_compiler.watch import Run

__all__ = ["on_terminal", "status_line", "watch"]


@click.command()
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@FORMAT
# the default is explore.stage.DEFAULT_LINT_BUDGET, as lint's (tests/test_watch.py holds them equal)
@click.option("--explore-budget", type=click.IntRange(1, 100_000_000), default=1_500, show_default=True,
              help="The most states the state explorer plays in all stories together, each run.")
@click.option("--no-explore", is_flag=True,
              help="Skip the state explorer (CF9xx): the quickest loop on big content (docs/watch.md).")
@NO_CACHE
@click.option("--debounce", type=click.IntRange(1, 60_000), default=1_600, show_default=True, metavar="MS",
              help="Group the changes of up to this many milliseconds into one run (a run starts once "
                   "the files have been quiet for 50 ms).")
def watch(paths: tuple[str, ...], fmt: str, explore_budget: int, no_explore: bool, no_cache: bool,
          debounce: int) -> None:
    """Lint, then lint again every time a content or translation file changes.

    Each run shows the diagnostics as `cardforge lint` does (the screen is
    cleared first on a terminal). Files whose bytes did not change come from
    the cache (kept in memory, and in .cardforge-cache/ for the next start),
    so a run after one edited file is quick. Stop with Ctrl-C (exit 130).

    \b
    Example:
      cardforge watch content/
      cardforge watch content/gascony/act1.yaml --no-explore
    """
    no_empty_path(paths)
    from cardforge_compiler.cache import ContentCache, default_root
    from cardforge_compiler.watch import file_changes, watch_loop

    cache = None if no_cache else ContentCache(default_root())
    terminal = on_terminal()

    def show(run: Run) -> None:
        if terminal and run.number > 1:
            click.clear()
        report(run.result, fmt)
        click.echo(status_line(run), err=True)

    click.echo(f"cardforge watch: watching {', '.join(paths)} (Ctrl-C to stop)", err=True)
    watch_loop(list(paths), cache, explore_budget=None if no_explore else explore_budget,
               changes=lambda roots: file_changes(roots, debounce), show=show)


def on_terminal() -> bool:
    """Whether standard output is a terminal (then each run clears the screen first)."""
    return sys.stdout.isatty()


def status_line(run: Run) -> str:
    """The line after each run's report, on standard error: what started it, how many
    diagnostics are new and how many of the last run's are gone, how long it took (CPU
    seconds) and what the cache served."""
    if run.changed:
        names = ", ".join(run.changed[:3]) + (f" and {len(run.changed) - 3} more" if len(run.changed) > 3 else "")
        what = f"run {run.number} after changes to {names} ({run.new} new, {run.gone} gone)"
    else:
        what = "run 1"
    return (f"cardforge watch: {what}: {run.seconds:.2f} s CPU, {plural(run.loaded, 'file')} loaded, "
            f"{run.cached} from the cache; waiting for changes (Ctrl-C to stop)")
