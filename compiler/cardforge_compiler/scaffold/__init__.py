"""``cardforge new``: scaffolds, the files of a new pack, story, Battle layout or deck
that lint clean (no warnings) and play, each starting with its schema's modeline.

The files' text is data: the templates in ``templates/`` (YAML with ``{name}``
placeholders). What a template needs from the pack it joins (a stat to challenge, a
map tile side to lay, free card ids) is read from the pack (:mod:`.pack_facts`),
never named here. Files are never overwritten: every target is checked before the
first is written, and each is written atomically (``emit.write_atomically``).

The modeline (``# yaml-language-server: $schema=...``, docs/editors.md) points at
the schemas by a relative path when the new file lies inside a folder whose ancestor
holds ``schemas/pack.schema.json`` (a checkout of cardforge, or a project that ran
``cardforge schema --out schemas/``), else at the published copy
(:data:`SCHEMA_URL`); ``schemas`` overrides both (a URL, or a folder).
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path, PurePosixPath

from cardforge_compiler.report import ConfigError

__all__ = ["DECK_ROLES", "SCHEMA_URL", "Scaffold", "deck_files", "layout_files", "pack_files", "story_files",
           "write_scaffold"]

#: Where the published JSON Schemas live (the repository's ``schemas/`` on its main branch).
SCHEMA_URL = "https://raw.githubusercontent.com/cardforge/cardforge/main/schemas/"
#: The deck roles ``new deck --role`` has a template for (the ``deck`` kind's roles).
DECK_ROLES = ("other", "loot", "reaction", "equipment", "response")
_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
_PLACEHOLDER = re.compile(r"\{([a-z][a-z0-9_]*)\}")


@dataclass(frozen=True)
class Scaffold:
    """One file to write: ``path`` (where), ``kind`` (its schema's name, e.g.
    ``story``) and ``text`` (the YAML, its modeline still to fill: ``{modeline}``)."""

    path: Path
    kind: str
    text: str


def _template(name: str, **values: object) -> str:
    """The template ``templates/<name>.yaml`` with its ``{placeholders}`` filled
    (``{modeline}`` is left for :func:`write_scaffold`). A placeholder without a
    value raises ``KeyError`` (a bug in the template)."""
    text = resources.files(__package__).joinpath("templates", f"{name}.yaml").read_text(encoding="utf-8")

    def fill(match: re.Match[str]) -> str:
        key = match.group(1)
        return "{modeline}" if key == "modeline" else str(values[key])

    return _PLACEHOLDER.sub(fill, text)


def _first_side(components: str) -> tuple[str, tuple[int, int]]:
    """The first map tile side of a ``components`` template's text: its name and
    ``(columns, rows)``, read from the template (the data), never written in code."""
    from cardforge_compiler.yaml_data import make_yaml

    data = make_yaml().load(components.replace("{modeline}", ""))
    first = data["map_tiles"][0]["sides"][0]
    columns, rows = first["size"]
    return first["side"], (columns, rows)


def _quoted(text: str) -> str:
    """``text`` as a YAML double-quoted scalar (JSON's string syntax is YAML's):
    a title such as ``1984`` or ``Act I: Arrival`` stays text."""
    return json.dumps(text, ensure_ascii=False)


def check_id(value: str, what: str) -> str:
    """``value`` if it is a valid id (lower-case letters, digits, ``-`` and ``_``,
    starting with a letter or digit, at most 64 characters), else ``ConfigError``."""
    if not _ID.match(value) or len(value) > 64:
        raise ConfigError(f"{what} {value!r} is not an id: use lower-case letters, digits, '-' and '_', "
                          f"starting with a letter or digit (e.g. 'my-pack')")
    return value


def title_of(ident: str) -> str:
    """A title made from an id: ``the-sunken-shrine`` -> ``The Sunken Shrine``."""
    return " ".join(word.capitalize() for word in re.split(r"[-_]+", ident) if word) or ident


def pack_files(name: str, folder: Path) -> list[Scaffold]:
    """A new pack ``name`` in ``folder``: ``pack.yaml`` (two stats, two Character
    boards, players 1-2 with Solo Play of 2 Characters) and ``story.yaml`` (story
    ``first-story``, cards 1-4: a choice, a flag, a Challenge, Victory)."""
    check_id(name, "the pack id")
    title = title_of(name)
    from cardforge_compiler.cli.shell import shell_path

    pack = _template("pack", id=name, title=title, title_yaml=_quoted(title), folder=shell_path(folder))
    story = _story_text("first-story", "The First Story", stat="Might", first=1, made_by="cardforge new pack")
    return [Scaffold(folder / "pack.yaml", "pack", pack), Scaffold(folder / "story.yaml", "story", story)]


def _story_text(ident: str, title: str, *, stat: str, first: int, made_by: str = "cardforge new story") -> str:
    ids = {f"c{n}": first + n - 1 for n in range(1, 5)}
    return _template("story", id=ident, title=title, title_yaml=_quoted(title), stat=stat, stat_yaml=_quoted(stat),
                     made_by=made_by, **ids)


def story_files(ident: str, pack_dir: Path) -> list[Scaffold]:
    """A new story ``ident`` in the pack at ``pack_dir``, as ``<ident>.yaml``: four
    cards (a choice, a flag, a Challenge of the pack's first stat, Victory) numbered
    from the next free hundred (:func:`.pack_facts.free_card_base`)."""
    from cardforge_compiler.scaffold.pack_facts import read_pack

    check_id(ident, "the story id")
    facts = read_pack(pack_dir)
    if ident in facts.stories:
        raise ConfigError(f"pack '{facts.id}' already has a story '{ident}' (in {facts.stories[ident]}): choose another id")
    first = facts.free_card_base() + 1
    text = _story_text(ident, title_of(ident), stat=facts.stats[0], first=first)
    return [Scaffold(pack_dir / f"{ident}.yaml", "story", text)]


def layout_files(ident: str, pack_dir: Path) -> list[Scaffold]:
    """A new Battle layout ``ident`` in ``<pack>/layouts/<ident>.yaml``, laying the
    first map tile side of the pack's components (a ``components.yaml`` with one
    6 x 6 map tile when the pack has no components document), its Start area down
    the west column and an Exit on the east edge; and a story ``<ident>.yaml`` (id
    ``<ident>``, two cards from the next free hundred) whose Battle plays it to
    Victory by the objective ``Reach Exit``: a layout no story names is CF716."""
    from cardforge_compiler.scaffold.pack_facts import read_pack

    check_id(ident, "the layout id")
    facts = read_pack(pack_dir)
    if ident in facts.layouts:
        raise ConfigError(f"pack '{facts.id}' already has a layout '{ident}' (in {facts.layouts[ident]}): choose another id")
    if ident in facts.stories:
        raise ConfigError(f"pack '{facts.id}' already has a story '{ident}' (in {facts.stories[ident]}), which "
                          f"`new layout` would write to play the layout: choose another id")
    files = []
    if facts.side is None:
        if facts.has_components:
            raise ConfigError(f"the components of pack '{facts.id}' list no map tile for a layout to lay: "
                              f"add one (docs/format.md, components)")
        components = _template("components")
        files.append(Scaffold(pack_dir / "components.yaml", "components", components))
        side, (columns, rows) = _first_side(components)
    else:
        side, (columns, rows) = facts.side
    start = [[1, row] for row in range(1, min(rows, max(2, facts.players_max)) + 1)]
    exits = [[columns, row] for row in range(max(1, rows - 1), rows + 1)]
    title = title_of(ident)
    layout = _template("layout", id=ident, title=title, title_yaml=_quoted(title), columns=columns, rows=rows,
                       side_yaml=_quoted(side), start=json.dumps(start).replace(" ", "").replace(",", ", "),
                       exit=json.dumps(exits).replace(" ", "").replace(",", ", "))
    files.append(Scaffold(pack_dir / "layouts" / f"{ident}.yaml", "battle-layout", layout))
    first = facts.free_card_base() + 1
    story = _template("layout-story", id=ident, title=title, title_yaml=_quoted(title), layout=ident,
                      c1=first, c2=first + 1)
    files.append(Scaffold(pack_dir / f"{ident}.yaml", "story", story))
    return files


def deck_files(name: str, pack_dir: Path, role: str = "other") -> list[Scaffold]:
    """A new deck named ``name`` (a name, e.g. ``Supplies``) of ``role`` in
    ``<pack>/decks/<slug>.yaml``, from the role's template (:data:`DECK_ROLES`)."""
    from cardforge_compiler.scaffold.pack_facts import read_pack

    if role not in DECK_ROLES:
        raise ConfigError(f"unknown deck role {role!r}: one of {', '.join(DECK_ROLES)}")
    from cardforge_runtime.format import is_name

    if not is_name(name) or len(name) > 64:
        raise ConfigError(f"the deck name {name!r} is not a name: not empty, no spaces at either end, no control "
                          f"characters, at most 64 characters (e.g. 'Supplies')")
    facts = read_pack(pack_dir)
    if name in facts.decks:
        raise ConfigError(f"pack '{facts.id}' already has a deck '{name}' (in {facts.decks[name]}): choose another name")
    import unicodedata

    # accents dropped (Épées -> epees), other letters kept (剣), the rest a hyphen
    folded = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c)).lower()
    slug = re.sub(r"[\W_]+", "-", folded).strip("-")
    if not slug:
        raise ConfigError(f"deck name {name!r} gives no file name: use letters or digits (e.g. Supplies)")
    text = _template(f"deck-{role}", title=name, name_yaml=_quoted(name))
    return [Scaffold(pack_dir / "decks" / f"{slug}.yaml", "deck", text)]


def modeline(target: Path, kind: str, schemas: str | None = None) -> str:
    """The modeline of a new file at ``target`` for schema ``kind``: the relative path
    to ``<ancestor>/schemas/<kind>.schema.json`` when an ancestor of the file holds
    ``schemas/pack.schema.json``, else the published URL (:data:`SCHEMA_URL`).
    ``schemas``: a URL base (``https://...``) or a folder (relative to the current
    folder), which wins."""
    name = f"{kind}.schema.json"
    if schemas is not None and "://" in schemas:
        return f"# yaml-language-server: $schema={schemas.rstrip('/')}/{name}"
    folder = Path(schemas) if schemas is not None else _schemas_above(target.parent)
    if folder is None:
        return f"# yaml-language-server: $schema={SCHEMA_URL}{name}"
    rel = os.path.relpath(os.path.abspath(folder / name), os.path.abspath(target.parent))
    return f"# yaml-language-server: $schema={PurePosixPath(Path(rel).as_posix())}"


def _schemas_above(folder: Path) -> Path | None:
    here = Path(os.path.abspath(folder))
    for candidate in (here, *here.parents):
        if (candidate / "schemas" / "pack.schema.json").is_file():
            return candidate / "schemas"
    return None


def write_scaffold(files: list[Scaffold], schemas: str | None = None) -> list[Path]:
    """Write ``files`` (their modelines filled, :func:`modeline`), creating folders;
    refuse, before writing anything, when one of them exists (``ConfigError``:
    scaffolds never overwrite). Returns the paths written, in order."""
    from cardforge_compiler.emit import write_atomically

    existing = [f.path for f in files if f.path.exists() or f.path.is_symlink()]
    if existing:
        raise ConfigError(f"{existing[0]} already exists: `cardforge new` never overwrites a file "
                          f"(move it away, or choose another name)")
    for scaffold in files:
        text = scaffold.text.replace("{modeline}", modeline(scaffold.path, scaffold.kind, schemas))
        try:
            write_atomically(scaffold.path, text.encode("utf-8"))
        except OSError as exc:
            raise ConfigError(f"cannot write {scaffold.path}: {exc.strerror or exc}") from None
    return [f.path for f in files]
