"""The index of a ``cardforge explore --witness-dir DIR`` folder: ``DIR/cardforge-witnesses.json``
lists every file cardforge wrote there, by pack and story, so that a rerun (after the
content was fixed) removes the witnesses of an earlier run that the stories it explores no
longer produce, and nothing else: never a file the index does not list, nor one that is
no longer an answers file (docs/explore.md, Witnesses).

``{"format": "cardforge-witnesses", "version": 1, "files": [{"file": "gate-CF901-card-12.answers.json",
"pack": "playtest", "story": "gate"}, {"file": "playtest.bundle.json", "pack": "playtest", "story": null}]}``,
sorted by file name; written atomically (``emit.write_atomically``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

__all__ = ["INDEX_NAME", "update_index", "write_in_folder"]

INDEX_NAME = "cardforge-witnesses.json"
FORMAT = "cardforge-witnesses"
VERSION = 1


def _entries(folder: Path) -> list[dict[str, Any]]:
    """The entries of ``folder``'s index; ``[]`` when there is none or it is not one
    (then nothing is removed)."""
    try:
        data = json.loads((folder / INDEX_NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    if not (isinstance(data, dict) and data.get("format") == FORMAT and isinstance(data.get("files"), list)):
        return []
    return [e for e in data["files"] if isinstance(e, dict) and isinstance(e.get("file"), str)
            and isinstance(e.get("pack"), str) and (e.get("story") is None or isinstance(e.get("story"), str))]


def _ours(folder: Path, name: str) -> bool:
    """Whether ``folder/name`` may be removed as a witness cardforge wrote: a plain name
    in ``folder`` (no path), ending ``.answers.json``, a regular file (not a link) that
    still holds a JSON list (an answers file)."""
    if "/" in name or "\\" in name or name.startswith(".") or not name.endswith(".answers.json"):
        return False
    path = folder / name
    if path.is_symlink() or not path.is_file():
        return False
    try:
        return isinstance(json.loads(path.read_text(encoding="utf-8")), list)
    except (OSError, ValueError):
        return False


def update_index(folder: Path, written: Iterable[Mapping[str, Any]], stories: Iterable[tuple[str, str]],
                 packs: Iterable[str]) -> list[Path]:
    """Record ``written`` (``{"file", "pack", "story"}``: the files this run wrote, a
    bundle with ``story`` ``None``) in ``folder``'s index, keep the entries of the
    stories and packs this run did not explore, and remove the files of the earlier
    entries of ``stories`` (``(pack, story)`` explored) and ``packs`` that this run did not
    write again, when :func:`_ours`. Returns the files removed, in name order.

    Raises:
        OSError: the index cannot be written or a file removed.
    """
    new = {e["file"]: {"file": e["file"], "pack": e["pack"], "story": e["story"]} for e in written}
    explored, packs = set(stories), set(packs)
    removed = []
    for entry in _entries(folder):
        name = entry["file"]
        if name in new:
            continue
        rerun = (entry["pack"], entry["story"]) in explored if entry["story"] is not None else entry["pack"] in packs
        if not rerun:
            new[name] = {"file": name, "pack": entry["pack"], "story": entry["story"]}
        elif _ours(folder, name):
            removed.append(folder / name)
    document = {"format": FORMAT, "version": VERSION, "files": [new[name] for name in sorted(new)]}
    write_in_folder(folder / INDEX_NAME, (json.dumps(document, indent=1, ensure_ascii=False) + "\n").encode("utf-8"))
    for path in sorted(removed):
        path.unlink(missing_ok=True)
    return sorted(removed)


def write_in_folder(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path``, a file cardforge names inside the witness folder,
    atomically (``emit.write_atomically``); a symbolic link found there is replaced
    by the file, never written through: nothing outside the folder is changed.

    Raises:
        OSError: the file cannot be written (or the link removed).
    """
    from cardforge_compiler.emit import write_atomically

    if path.is_symlink():
        path.unlink()
    write_atomically(path, data)
