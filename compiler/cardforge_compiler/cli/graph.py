"""``cardforge graph``: a picture of the content's story graphs, coloured by what
lint finds (docs/graph.md)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from cardforge_compiler.report import ConfigError, plural, shown

if TYPE_CHECKING:
    from cardforge_compiler.pipeline import CompileResult
    from cardforge_compiler.storygraph.model import Picture

__all__ = ["graph"]

FORMATS = ("svg", "dot", "mermaid", "graphml")
#: The file name ending each format is usually written with.
SUFFIX = {"svg": ".svg", "dot": ".dot", "mermaid": ".mmd", "graphml": ".graphml"}


def _stories(result: CompileResult, paths: tuple[str, ...], story_ids: tuple[str, ...]) -> list[Any]:
    """The stories to draw: those named (``--story``, in the order named), else every
    story of the content, each pack's in the order of its ``campaign`` (the Acts), then
    the rest in content order. ``ConfigError`` (exit 2) for a story not found or
    content with none."""
    from cardforge_compiler.cli.explore import _find_story, _lint_hint

    if story_ids:
        return [_find_story(result, paths, story_id) for story_id in dict.fromkeys(story_ids)]
    stories = []
    for pack in result.packs:
        campaign = pack.pack.campaign if pack.pack is not None else None
        order = {sid: i for i, sid in enumerate(campaign.stories)} if campaign is not None else {}
        stories += sorted(pack.stories, key=lambda s, order=order: order.get(s.id, len(order)))
    if not stories:
        raise ConfigError(f"no story in {' '.join(paths)}: cardforge graph draws stories (kind: story)"
                          f"{_lint_hint(result, paths)}")
    return stories


def _explorer_note(result: CompileResult, explore: bool, budget: int,
                   stories: list[Any]) -> tuple[str, dict[int, str] | None]:
    """The legend's line on the state explorer and its summary of each story drawn
    (``stories``; by ``id(story)``; ``None`` when it did not run). The budget is lint's,
    shared by every story of the content: each story's note says where its share
    stopped it."""
    if not explore:
        return "state explorer: not run (--no-explore): CF901, CF903 and CF908 are not shown", None
    if result.explore_skipped is not None:
        return f"state explorer: not run: {result.explore_skipped}", None
    by_ids = {(e.pack, e.story): e for e in result.explorations}
    summaries: dict[int, str] = {}
    not_proven = []
    for story in stories:
        found = by_ids.get((story.pack.pack.id if story.pack.pack is not None else "", story.id))
        if found is not None:
            summaries[id(story)] = ("proven; " if found.proven else "not proven; ") + found.summary()
            if not found.proven:
                not_proven.append(story.id)
    shared = sum(len(pack.stories) for pack in result.packs)
    among = f", shared by the content's {shared} stories (each its share)" if shared > 1 else ""
    tail = f"; not proven: {', '.join(not_proven)}" if not_proven else "; every story proven"
    states = f"{budget:,} state" + ("" if budget == 1 else "s")
    return f"state explorer: ran within {states}{among}, as cardforge lint does{tail}", summaries


def render(picture: Picture, fmt: str, layout: str) -> str:
    """The text of ``picture`` in ``fmt``; for ``svg`` with ``layout`` ``auto`` or
    ``graphviz``, drawn by Graphviz ``dot`` when found (``auto`` falls back to the
    built-in layout, saying why on stderr). ``ConfigError`` when ``graphviz`` is asked
    for and cannot draw it."""
    from cardforge_compiler.storygraph import text

    if fmt == "dot":
        return text.to_dot(picture)
    if fmt == "mermaid":
        return text.to_mermaid(picture)
    if fmt == "graphml":
        return text.to_graphml(picture)
    if layout != "builtin":
        from cardforge_compiler.storygraph.graphviz import GraphvizError, dot_program, render_with_dot

        program = dot_program()
        if program is None and layout == "graphviz":
            raise ConfigError("--layout graphviz: Graphviz's dot is not on PATH (install Graphviz, or use "
                              "--layout builtin)")
        if program is not None:
            try:
                return render_with_dot(text.to_dot(picture), program)
            except GraphvizError as exc:
                if layout == "graphviz":
                    raise ConfigError(shown(str(exc))) from None
                click.echo(f"note: {shown(str(exc))}; drawn with the built-in layout", err=True)
    from cardforge_compiler.storygraph.svg import to_svg

    return to_svg(picture)


@click.command()
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option("--story", "story_ids", multiple=True,
              help="A story's id, e.g. act-1 (repeat for several). Default: every story, one cluster each.")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="mermaid", show_default=True)
@click.option("--layout", type=click.Choice(["auto", "builtin", "graphviz"]), default="auto", show_default=True,
              help="For svg: Graphviz's dot when on PATH (auto), the built-in layout (no Graphviz), or dot only.")
@click.option("--explore/--no-explore", default=True, show_default=True,
              help="Run the state explorer, as lint does, to colour its findings (CF901, CF903, CF908).")
# the default is explore.stage.DEFAULT_LINT_BUDGET, as lint's (not imported: --help stays light)
@click.option("--explore-budget", type=click.IntRange(1, 100_000_000), default=1_500, show_default=True,
              help="The most states the state explorer plays in all stories together.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), help="Write to a file, not stdout.")
def graph(paths: tuple[str, ...], story_ids: tuple[str, ...], fmt: str, layout: str, explore: bool,
          explore_budget: int, output: Path | None) -> None:
    """Draw story graphs: cards coloured by finding, one cluster per story.

    Cards that lint finds unreachable (CF401), dead ends (CF402) or traps
    (CF403), and, from the state explorer, stuck (CF901), never drawn (CF903)
    or traps in play (CF908) are coloured, with a legend. svg needs no
    Graphviz (built-in layout); dot, mermaid and graphml are for other tools.

    \b
    Example:
      cardforge graph content/gascony --story act-1 --format svg -o build/act-1.svg
      cardforge graph content/gascony --format svg --layout builtin -o build/acts.svg
      cardforge graph content/ --story act-1 --format mermaid
      cardforge graph content/descent-props/ --format graphml --no-explore
    """
    from cardforge_compiler.cli.explore import inputs_exist
    from cardforge_compiler.cli.output import check_output, write_output
    from cardforge_compiler.pipeline import compile_paths
    from cardforge_compiler.storygraph.model import build_picture

    if output is not None:
        check_output(output, paths, writes="picture", advice=f"a picture is not written over content, "
                     f"translations or a bundle; write it to a {SUFFIX[fmt]} file")
    result = compile_paths(list(paths), explore_budget=explore_budget if explore else None)
    inputs_exist(result, paths)
    stories = _stories(result, paths, story_ids)
    note, summaries = _explorer_note(result, explore, explore_budget, stories)
    picture = build_picture(stories, result.diagnostics, summaries, note)
    text = render(picture, fmt, layout)
    if output:
        write_output(output, text.encode("utf-8"))
    else:
        click.echo(text, nl=False)
    if result.errors:
        click.echo(f"note: the content has {plural(len(result.errors), 'error')} (run cardforge lint "
                   f"{' '.join(paths)})", err=True)
