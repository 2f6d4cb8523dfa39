"""``cardforge board``: draw a Battle layout as SVG or as text for a terminal.

The picture is made from the bundle form of a pack's ``board`` (docs/bundle.md),
so content and a built bundle give the same picture: content given as ``PATH...``
is compiled first (as ``cardforge build`` would, nothing written); a single
``.json`` file is read as a bundle (checked as ``cardforge play`` checks it).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from cardforge_compiler.report import EXIT_PROBLEMS, ConfigError, plural, shown, text_lines

if TYPE_CHECKING:
    from cardforge_compiler.pipeline import CompileResult

__all__ = ["board"]

_SQUARE = re.compile(r"\s*(\d{1,4})\s*,\s*(\d{1,4})\s*")


def _packs(paths: tuple[str, ...]) -> tuple[list[dict[str, Any]], str, CompileResult | None]:
    """The bundle's packs for ``paths``, a note for stderr (content errors) or ``""``,
    and the compile result (``None`` for a bundle)."""
    from cardforge_runtime import BundleError, load_bundle

    if len(paths) == 1 and Path(paths[0]).suffix == ".json" and not Path(paths[0]).is_dir():
        try:
            return load_bundle(paths[0]).data["packs"], "", None
        except BundleError as error:
            raise ConfigError(str(error)) from None
    from cardforge_compiler import __version__
    from cardforge_compiler.cli.explore import inputs_exist
    from cardforge_compiler.emit import build_bundle
    from cardforge_compiler.pipeline import compile_paths

    result = compile_paths(list(paths))
    inputs_exist(result, paths)
    note = (f"note: the content has {plural(len(result.errors), 'error')} (run cardforge lint {' '.join(paths)})"
            if result.errors else "")
    packs = [p for p in result.packs if p.manifest is not None]
    return build_bundle(packs, __version__)["packs"], note, result


def _find_layout(packs: list[dict[str, Any]], layout_id: str, pack_id: str | None, note: str) -> dict[str, Any]:
    """The pack holding layout ``layout_id`` (in pack ``pack_id`` when given).

    Raises ``ConfigError`` (exit 2) naming the layouts there are and a near miss."""
    from cardforge_compiler.diagnostics import did_you_mean

    if pack_id is not None:
        if all(p["id"] != pack_id for p in packs):
            hint = did_you_mean(pack_id, [p["id"] for p in packs])
            raise ConfigError(f"no pack {pack_id!r} (packs: {', '.join(p['id'] for p in packs) or 'none'})"
                              f"{'; ' + hint if hint else ''}")
        packs = [p for p in packs if p["id"] == pack_id]
    holders = [p for p in packs if layout_id in p.get("board", {}).get("layouts", {})]
    if len(holders) > 1:
        raise ConfigError(f"layout {layout_id!r} is in the packs {', '.join(p['id'] for p in holders)}: "
                          f"name one with --pack")
    if holders:
        return holders[0]
    known = sorted({lid for p in packs for lid in p.get("board", {}).get("layouts", {})})
    if not known:
        raise ConfigError(f"no Battle layouts in the content{'; ' + note[6:] if note else ''}")
    starting = [k for k in known if k.startswith(layout_id)] if layout_id else []
    hint = f"did you mean '{starting[0]}'?" if len(starting) == 1 else did_you_mean(layout_id, known)
    listed = ", ".join(known[:20]) + (f" and {len(known) - 20} more" if len(known) > 20 else "")
    raise ConfigError(f"no layout {layout_id!r} (layouts: {listed}){'; ' + hint if hint else ''}"
                      f"{'; ' + note[6:] if note else ''}")


def _characters(pack: dict[str, Any], players: int | None) -> int | None:
    """The Characters Enemies are placed for with ``players`` players: Solo Play
    counts as the pack's ``players.solo_characters`` (Gascony's Legacy, Solo Play; the
    runtime's ``players_set_up``). Raises ``ConfigError`` (exit 2) for a number of
    players the pack is not for."""
    from cardforge_runtime.setup import players_set_up

    if players is None:
        return None
    limits = pack["players"]
    if not limits["min"] <= players <= limits["max"]:
        raise ConfigError(f"--players {players}: {shown(pack['title'])} is for {limits['min']} to "
                          f"{limits['max']} players")
    return players_set_up(limits, players)


def _square(text: str | None) -> tuple[int, int] | None:
    """``--los COL,ROW`` as a square, or ``None``. Raises ``ConfigError`` (exit 2)."""
    if text is None:
        return None
    match = _SQUARE.fullmatch(text)
    if not match:
        raise ConfigError(f"--los {text!r}: expected a square as COLUMN,ROW, such as 3,2 (1-based)")
    return int(match.group(1)), int(match.group(2))


def _layout_diagnostics(result: CompileResult | None, pack: dict[str, Any], layout_id: str) -> None:
    """Print the content's diagnostics about the layout's file to stderr."""
    if result is None:
        return
    source = pack["board"]["layouts"][layout_id].get("source", "")
    mine = [d for d in result.diagnostics if d.file and source
            and (d.file == source or d.file.replace("\\", "/").endswith("/" + source))]
    for diag in mine:
        click.echo(text_lines(diag), err=True)
    click.echo(f"{plural(len(mine), 'diagnostic')} in the layout's file", err=True)


@click.command()
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option("--layout", "layout_id", required=True, help="The Battle layout's id, e.g. carmes-deschaux-courtyard.")
@click.option("--pack", "pack_id", help="The pack holding the layout (when two packs have one of that id).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="Write to a file (atomically), not stdout.")
@click.option("--format", "fmt", type=click.Choice(["svg", "text"]), default="svg", show_default=True,
              help="svg for a browser, text for a terminal.")
@click.option("--players", type=int, metavar="N",
              help="Show only the Enemies placed for N players (1 = Solo Play).")
@click.option("--los", "los", metavar="COL,ROW",
              help="Shade the squares this square sees, and those of them with Cover (terrain only).")
@click.option("--diagnostics", is_flag=True,
              help="Colour the squares no Character reaches from the Start area; print the layout's diagnostics.")
def board(paths: tuple[str, ...], layout_id: str, pack_id: str | None, output: Path | None, fmt: str,
          players: int | None, los: str | None, diagnostics: bool) -> None:
    """Draw a Battle layout: map tiles, walls, terrain tiles, Search tokens,
    deployment squares, Named Enemies, Start and Exit areas, and a legend.

    PATH... is content (files or folders, compiled as build does) or one bundle
    (.json). docs/board.md describes the picture and its SVG class names.

    \b
    Example:
      cardforge board content/ --layout carmes-deschaux-courtyard -o build/courtyard.svg
      cardforge board content/ --layout carmes-deschaux-courtyard --format text --players 2
      cardforge board build/gascony.bundle.json --layout carmes-deschaux-courtyard -o x.svg
      cardforge board content/ --layout carmes-deschaux-courtyard --los 2,7 --diagnostics
    """
    from cardforge_compiler.picture.scene import build_scene
    from cardforge_compiler.picture.svg import to_svg
    from cardforge_compiler.picture.text import to_text

    from cardforge_runtime import EngineError

    source = _square(los)
    if output is not None:
        from cardforge_compiler.cli.output import check_output, write_output

        check_output(output, paths, writes="picture", advice="a picture is not written over content, "
                     "translations or a bundle; write it to a .svg or .txt file")
    packs, note, result = _packs(paths)
    pack = _find_layout(packs, layout_id, pack_id, note)
    characters = _characters(pack, players)
    try:
        scene = build_scene(pack["board"], layout_id, characters=characters, players=players, los=source,
                            unreachable=diagnostics)
    except ValueError as error:                   # --los off the grid or on a wall
        raise ConfigError(f"--los {los}: {error}") from None
    except EngineError as error:                  # the layout's data is malformed
        click.echo(f"cannot draw layout '{shown(layout_id)}': {shown(str(error))}"
                   + (f"\n{note}" if note else ""), err=True)
        sys.exit(EXIT_PROBLEMS)
    if diagnostics:
        _layout_diagnostics(result, pack, layout_id)
    if fmt == "svg":
        text = to_svg(scene)
    else:
        encoding = (getattr(sys.stdout, "encoding", None) or "ascii") if output is None else "utf-8"
        text = to_text(scene, unicode=encoding.lower().replace("-", "").replace("_", "") in ("utf8", "utf8sig"))
    if output is not None:
        write_output(output, text.encode("utf-8"))
    else:
        click.echo(text, nl=False)
    if note:
        click.echo(note, err=True)
