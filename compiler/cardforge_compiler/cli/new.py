"""``cardforge new pack|story|layout|deck``: scaffolds that lint clean and play
(:mod:`cardforge_compiler.scaffold`). Never overwrites a file."""

from __future__ import annotations

from pathlib import Path

import click

from cardforge_compiler.report import ConfigError

__all__ = ["new"]

_SCHEMAS = click.option(
    "--schemas", metavar="URL|FOLDER", default=None,
    help="Where the modelines point: a URL base or a folder of schemas (default: the schemas/ folder of an "
         "enclosing checkout when there is one, else the published URL; docs/editors.md).")
_PACK = click.option("--pack", "pack_dir", required=True, type=click.Path(file_okay=False, path_type=Path),
                     help="The pack's folder (the one holding its pack.yaml).")


def shell_path(path: Path) -> str:
    """``cli.shell.shell_path`` (imported when used: its patterns take 10 ms to compile,
    which ``cardforge --help`` need not pay)."""
    from cardforge_compiler.cli.shell import shell_path as quoted

    return quoted(path)


def _written(paths: list[Path], then: str) -> None:
    from cardforge_compiler.report import shown

    for path in paths:
        click.echo(f"wrote {shown(path.as_posix())}")
    click.echo(f"next: {then}")


@click.group()
def new() -> None:
    """Start a new pack, story, Battle layout or deck from a template.

    The files carry their schema's modeline (editor completion, docs/editors.md),
    lint clean and play; an existing file is never overwritten (exit 2).

    \b
    Example:
      cardforge new pack my-pack
      cardforge new story second-story --pack my-pack
      cardforge new layout cellar --pack my-pack
      cardforge new deck Supplies --pack my-pack --role loot
    """


@new.command("pack")
@click.argument("name")
@click.option("--dir", "folder", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="The folder to create the pack in (default: ./NAME).")
@_SCHEMAS
def new_pack(name: str, folder: Path | None, schemas: str | None) -> None:
    """Make a new pack NAME: pack.yaml and a first story (story.yaml).

    NAME is the pack id (lower-case letters, digits, '-' and '_').

    \b
    Example:
      cardforge new pack my-pack
      cardforge new pack my-pack --dir content/my-pack
    """
    from cardforge_compiler.scaffold import pack_files, write_scaffold

    target = folder if folder is not None else Path(name)
    if not name:
        raise ConfigError("an empty NAME: give the pack id, e.g. my-pack")
    paths = write_scaffold(pack_files(name, target), schemas)
    folder_word = shell_path(target)
    # the bundle under build/ (as the repository's own), not beside the content in the current folder
    _written(paths, f"cardforge lint {folder_word} && cardforge build {folder_word} -o build/{name}.bundle.json "
                    f"&& cardforge play build/{name}.bundle.json")


@new.command("story")
@click.argument("ident", metavar="ID")
@_PACK
@_SCHEMAS
def new_story(ident: str, pack_dir: Path, schemas: str | None) -> None:
    """Add a story ID to a pack, as PACK/ID.yaml (cards from the next free hundred).

    \b
    Example:
      cardforge new story second-story --pack my-pack
    """
    from cardforge_compiler.scaffold import story_files, write_scaffold

    _written(write_scaffold(story_files(ident, pack_dir), schemas), f"cardforge lint {shell_path(pack_dir)}")


@new.command("layout")
@click.argument("ident", metavar="ID")
@_PACK
@_SCHEMAS
def new_layout(ident: str, pack_dir: Path, schemas: str | None) -> None:
    """Add a Battle layout ID to a pack, and a story ID whose Battle plays it.

    Writes PACK/layouts/ID.yaml and PACK/ID.yaml (a layout no story names is CF716),
    and PACK/components.yaml when the pack has none.

    \b
    Example:
      cardforge new layout cellar --pack my-pack
      cardforge board my-pack --layout cellar --format text
    """
    from cardforge_compiler.scaffold import layout_files, write_scaffold

    paths = write_scaffold(layout_files(ident, pack_dir), schemas)
    _written(paths, f"cardforge board {shell_path(pack_dir)} --layout {ident} --format text")


@new.command("deck")
@click.argument("name")
@_PACK
@click.option("--role", type=click.Choice(["other", "loot", "reaction", "equipment", "response"]), default="other",
              show_default=True, help="The deck's role (docs/format.md, deck).")
@_SCHEMAS
def new_deck(name: str, pack_dir: Path, role: str, schemas: str | None) -> None:
    """Add a deck NAME to a pack, as PACK/decks/<name>.yaml (NAME: e.g. Supplies).

    \b
    Example:
      cardforge new deck Supplies --pack my-pack
      cardforge new deck Treasure --pack my-pack --role loot
    """
    from cardforge_compiler.scaffold import deck_files, write_scaffold

    _written(write_scaffold(deck_files(name, pack_dir, role), schemas), f"cardforge lint {shell_path(pack_dir)}")
