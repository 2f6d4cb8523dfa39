"""Stage 5, emit: the versioned, deterministic JSON bundle, written atomically.

Shape (the formal definition is ``schemas/bundle.schema.json``; the guide is
``docs/bundle.md``)::

    {"format": "cardforge-bundle", "format_version": "<format.BUNDLE_FORMAT_VERSION>",
     "content_hash": "sha256:<hex of the canonical JSON of packs>",
     "generator": {"name": "cardforge", "version": "..."},
     "packs": [{manifest fields..., "characters": [{"name", "stats", "destiny",
                                                    "health", "items"}, ...],
                "source": "pack.yaml",
                "board": {"components", "keywords", "terrain_tiles", "map_tiles", "layouts"},
                "stories": [{"id", "title", "start", "introduction", "flags",
                             "counters", "source", "cards": [...], "edges": [...]}]}]}

Determinism: keys sorted, lists in authoring order (files sorted by path inside
each pack), no time stamps, no absolute paths, no dependence on hash seeds.
"""

from __future__ import annotations

import errno
import functools
import glob
import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from cardforge_runtime.format import (
    objective_meet,
    BUNDLE_FORMAT,
    BUNDLE_FORMAT_VERSION,
    canonical_json,
    content_hash,
    content_hash_of_canonical,
)

from cardforge_compiler.emit_decks import campaign_out, character_out, decks_out, effects_out, pack_rules_out, status_token_out
from cardforge_compiler.load import gc_paused
from cardforge_compiler.model import Components, step_kind
from cardforge_compiler.resolve import PackIR, StoryIR

__all__ = ["build_bundle", "bundle_board", "bundle_bytes", "bundle_chunks", "campaign_left_out", "remove_stale_temp_files",
           "write_atomically"]


def _plain(model: Any) -> dict:
    """A leaf model as JSON data: field aliases as keys, unset (``None``) fields
    left out. (pydantic's ``model_dump`` costs ~80 us a call; this is the hot path.)"""
    out = {}
    for name, key in _fields(type(model)):
        value = getattr(model, name)
        if value is None:
            continue
        if isinstance(value, list):
            value = [_plain(v) if isinstance(v, BaseModel) else v for v in value]
        elif isinstance(value, BaseModel):
            value = _plain(value)
        out[key] = value
    return out


@functools.cache
def _fields(cls: type[BaseModel]) -> tuple[tuple[str, str], ...]:
    """``(attribute, JSON key)`` of a model's fields (``model_fields`` is slow to reach)."""
    return tuple((name, info.alias or name) for name, info in cls.model_fields.items())


def _condition(story: StoryIR, path: tuple) -> dict | None:
    return story.conditions.get(path)


def _steps(story: StoryIR, steps: list, base: tuple) -> list[dict]:
    return [_step(story, step, (*base, i)) for i, step in enumerate(steps)]


def _step(story: StoryIR, step: Any, path: tuple) -> dict:
    kind = step_kind(step)
    if kind == "text":
        return {"kind": "text", "text": step.text}
    if kind == "choice":
        options = []
        for j, option in enumerate(step.choice):
            opath = (*path, "choice", j)
            options.append({
                "text": option.text,
                "if": _condition(story, (*opath, "if")),
                "if_source": option.if_,
                "steps": _steps(story, option.steps, (*opath, "steps")),
                "goto": option.goto,
            })
        return {"kind": "choice", "options": options}
    if kind == "challenge":
        c = step.challenge
        return {"kind": "challenge", "stat": c.stat, "successes": c.successes, "who": c.who, **_named(c),
                "pass": _steps(story, c.pass_, (*path, "challenge", "pass")),
                "fail": _steps(story, c.fail, (*path, "challenge", "fail"))}
    if kind == "roll":
        r = step.roll
        per_success = {key: {**_plain(effect), **_named(effect)}
                       for key, effect in (("gain", r.per_success.gain), ("lose", r.per_success.lose)) if effect}
        return {"kind": "roll", "stat": r.stat, "who": r.who, **_named(r), "per_success": per_success}
    if kind in ("gain", "lose"):
        effect = getattr(step, kind)
        return {"kind": kind, **_plain(effect), **_named(effect)}
    if kind == "purchase":
        out = {"kind": "purchase", **_plain(step.purchase)}
        if step.purchase.deck is not None:
            out.setdefault("per_player", 1)
        return out
    if kind in ("set", "add"):
        return {"kind": kind, "values": dict(getattr(step, kind))}
    if kind == "clear":
        return {"kind": "clear", "names": list(step.clear)}
    if kind == "if":
        return {"kind": "if", "condition": _condition(story, (*path, "if")), "condition_source": step.if_,
                "then": _steps(story, step.then, (*path, "then")),
                "else": _steps(story, step.else_, (*path, "else"))}
    if kind == "battle":
        return {"kind": "battle", "layout": step.battle.layout,
                "objectives": [{**_plain(o), "meet": objective_meet(o.objective)} for o in step.battle.objectives],
                "upkeep": effects_out(step.battle.upkeep)}
    if kind == "goto":
        return {"kind": "goto", "card": step.goto}
    return {"kind": kind, "text": getattr(step, kind)}  # victory, defeat


def _named(model: Any) -> dict:
    """The ``character``/``otherwise``/``except`` keys of a step that names
    Characters (docs/bundle.md, Steps): ``otherwise`` is written out (``"pick"``)
    whenever ``character`` is given; keys not given are left out."""
    out: dict[str, Any] = {}
    if model.character is not None:
        out["character"] = model.character
        out["otherwise"] = model.otherwise or "pick"
    if model.except_ is not None:
        out["except"] = list(model.except_)
    return out


def _conjunction(conditions: tuple[dict, ...]) -> dict | None:
    if not conditions:
        return None
    return conditions[0] if len(conditions) == 1 else {"op": "and", "args": list(conditions)}


def _story(story: StoryIR) -> dict:
    analysis = story.analysis
    assert analysis is not None, "emit runs after analyse"
    model = story.model
    cards = []
    for card_id, card in story.cards.items():
        cards.append({
            "id": card_id,
            "title": card.model.title,
            "text": card.model.text,
            "steps": _steps(story, card.model.steps, (*card.path, "steps")),
            "endings": sorted(analysis.endings.get(card_id, ())),
        })
    edges = [
        {"from": e.source, "to": e.target, "via": e.via, "label": e.label, "condition": _conjunction(e.conditions)}
        for e in analysis.edges
    ]
    return {
        "id": model.id,
        "title": model.title,
        "start": model.start,
        "introduction": model.introduction,
        "flags": list(model.flags),
        "counters": dict(model.counters),
        "source": story.doc.source.rel,
        "cards": cards,
        "edges": edges,
    }


def _manifest(pack: PackIR) -> dict:
    assert pack.pack is not None and pack.manifest is not None
    manifest = _plain(pack.pack)
    manifest.pop("kind")
    for token, data in zip(pack.pack.status_tokens, manifest["status_tokens"], strict=True):
        data.update(status_token_out(token))
    for character, data in zip(pack.pack.characters, manifest["characters"], strict=True):
        data.update(character_out(character))
    manifest.update(pack_rules_out(pack.pack))
    manifest.update(decks_out(pack))
    manifest["campaign"] = None if campaign_left_out(pack) else campaign_out(pack.pack.campaign)
    manifest["source"] = pack.manifest.source.rel
    manifest["board"] = bundle_board(pack)
    return manifest


def campaign_left_out(pack: PackIR) -> list[str]:
    """The ids of the stories of ``pack``'s campaign that its bundle does not hold, in
    campaign order: those of a build of single files (``cardforge build act1.yaml``),
    where the pack's other stories are read only as context. ``[]`` when the pack has
    no campaign or the bundle holds all its stories. When it is not empty the bundle's
    ``campaign`` is ``null``: ``load_bundle`` refuses a campaign that names a story
    the bundle does not hold (docs/bundle.md, Campaign). Raises nothing."""
    campaign = pack.pack.campaign if pack.pack is not None else None
    if campaign is None:
        return []
    built = {story.model.id for story in pack.stories}
    return [story for story in campaign.stories if story not in built]


def _full(model: BaseModel, *drop: str) -> dict:
    """A board model as JSON data with every field, defaults filled (``None`` as null),
    field aliases as keys (``from``), less the ``drop`` keys."""
    return model.model_dump(mode="json", by_alias=True, exclude=set(drop))


def _terrain_tile(model: BaseModel) -> dict:
    """A terrain tile as the bundle writes it: every field, defaults filled; the
    effects of its actions and ``targets`` as named board effects (``{"board": ...}``)
    or story steps written as a story card's are (``{"kind": "lose", ...}``)."""
    out = _full(model, "kind", "name")

    def effects(effects: list) -> list[dict]:
        return [_full(e) if step_kind(e) is None else _step(None, e, ()) for e in effects]  # type: ignore[arg-type]

    for action, data in zip(model.actions, out["actions"], strict=True):  # type: ignore[attr-defined]
        data["success"], data["failure"] = effects(action.success), effects(action.failure)
    if model.targets is not None:  # type: ignore[attr-defined]
        out["targets"]["success"] = effects(model.targets.success)  # type: ignore[attr-defined]
        out["targets"]["failure"] = effects(model.targets.failure)  # type: ignore[attr-defined]
    return out


def bundle_board(pack: PackIR) -> dict:
    """The pack's ``board`` exactly as the bundle writes it (format 1.4.0;
    docs/bundle.md, Board): its components (an empty box when the pack has none),
    terrain keywords and terrain tiles by name, map tile sides by side name, layouts
    by id with the file each came from. The one writer of the board object; the board
    checks give it to the runtime's ``build_board``. Raises nothing."""
    components = pack.components.model if pack.components is not None else Components(kind="components")
    return {
        "components": _full(components, "kind"),
        "keywords": {name: _full(doc.model, "kind", "name") for name, doc in pack.keywords.items()},
        "terrain_tiles": {name: _terrain_tile(doc.model) for name, doc in pack.terrain_tiles.items()},
        "map_tiles": {name: {"piece": side.piece.piece, **_full(side.side, "side")}
                      for name, side in pack.map_tiles.items()},
        "layouts": {layout_id: {**_full(doc.model, "kind", "id"), "source": doc.source.rel}
                    for layout_id, doc in pack.layouts.items()},
    }


def build_bundle(packs: list[PackIR], generator_version: str) -> dict:
    """The bundle as plain data.

    Args:
        packs: the resolved packs (each with a valid manifest), each story carrying
            its ``analysis``.
        generator_version: cardforge's version, recorded in ``generator``.
    """
    out_packs = []
    for pack in packs:
        if pack.manifest is None:
            continue  # only possible with errors reported, when no bundle is written
        manifest = _manifest(pack)
        manifest["stories"] = [_story(story) for story in pack.stories]
        out_packs.append(manifest)
    return {**_head(content_hash(out_packs), generator_version), "packs": out_packs}


def _head(hash_text: str, generator_version: str) -> dict:
    return {
        "format": BUNDLE_FORMAT,
        "format_version": BUNDLE_FORMAT_VERSION,
        "content_hash": hash_text,
        "generator": {"name": "cardforge", "version": generator_version},
    }


_STORIES_SLOT = "\u0000cardforge-stories\u0000"


def bundle_chunks(packs: list[PackIR], generator_version: str) -> list[bytes]:
    """The compact bundle as a list of byte strings whose concatenation equals
    ``bundle_bytes(build_bundle(...))``, built one story at a time: the whole bundle
    never exists as one data structure, which keeps peak memory low for 100k cards.
    The content hash is the format's, computed over the same pieces
    (``content_hash_of_canonical``).
    """
    with gc_paused():  # many small objects again: see load.gc_paused
        return _bundle_chunks(packs, generator_version)


def _bundle_chunks(packs: list[PackIR], generator_version: str) -> list[bytes]:
    pieces: list[bytes] = []
    for i, pack in enumerate(p for p in packs if p.manifest is not None):
        manifest = _manifest(pack)
        manifest["stories"] = _STORIES_SLOT
        before, after = canonical_json(manifest).split(canonical_json(_STORIES_SLOT), 1)
        pieces.append((b"," if i else b"") + before + b"[")
        for j, story in enumerate(pack.stories):
            pieces.append((b"," if j else b"") + canonical_json(_story(story)))
        pieces.append(b"]" + after)
    head = canonical_json(_head(content_hash_of_canonical([b"[", *pieces, b"]"]), generator_version))
    return [head[:-1], b',"packs":[', *pieces, b"]}\n"]


def bundle_bytes(bundle: dict, *, pretty: bool = False) -> bytes:
    """Serialise a bundle: the format's ``canonical_json`` (or, with ``pretty``, the
    same sorted keys indented), one trailing newline. Same bundle, same bytes."""
    if pretty:
        text = json.dumps(bundle, sort_keys=True, ensure_ascii=False, indent=2)
        return text.encode("utf-8") + b"\n"
    return canonical_json(bundle) + b"\n"


def _temp_prefix(path: Path) -> str:
    """The name prefix of the temporary files written for ``path``: ``.NAME.``."""
    return f".{path.name}."


def remove_stale_temp_files(path: Path) -> list[Path]:
    """Remove the temporary files a killed write of ``path`` left behind, and return them.

    A temporary file is named ``.NAME.PID.RANDOM.tmp`` after the process writing it;
    it is stale when that process no longer runs (a write in progress by a live
    process, such as a parallel build, is left alone). Files of other names are never
    touched.
    """
    removed = []
    try:
        candidates = list(path.parent.glob(f"{glob.escape(_temp_prefix(path))}*.tmp"))
    except OSError:
        return removed
    for candidate in candidates:
        pid_text = candidate.name[len(_temp_prefix(path)):].split(".", 1)[0]
        if not (pid_text.isascii() and pid_text.isdigit()) or _running(int(pid_text)):
            continue
        try:
            candidate.unlink()
            removed.append(candidate)
        except OSError:
            pass
    return removed


def _running(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return True          # someone else's process, or not a pid we can ask about: leave it
    return True


def write_atomically(path: Path, data: bytes | list[bytes], mode: int | None = None) -> None:
    """Write ``data`` to ``path`` so that readers see the old file or the whole new
    one, never a part: a temporary file in the same folder (``.NAME.PID.RANDOM.tmp``),
    flushed, then renamed. Temporary files that an earlier, killed write of ``path``
    left behind are removed first (:func:`remove_stale_temp_files`), so they cannot
    pile up.

    A symbolic link is written through (the file it names is replaced, the link
    stays). A pipe or a device (``-o /dev/null``, ``-o /dev/stdout``) has no folder to
    rename in: the data is written into it as it is, never replacing the device node.
    ``mode``: the permission bits the new file gets (``cardforge fmt`` keeps a file's
    own); ``None``, those a new file gets (``0o666`` less the umask).

    Raises:
        OSError: the folder cannot be created or written; ``IsADirectoryError`` when
        ``path`` is a folder.
    """
    try:
        existing = os.stat(path).st_mode      # follows links
    except FileNotFoundError:
        existing = None
    except NotADirectoryError:            # a file where a folder of the path should be
        existing = None
    if existing is not None and not stat.S_ISREG(existing):
        if stat.S_ISDIR(existing):
            raise IsADirectoryError(errno.EISDIR, "is a folder", str(path))
        with open(path, "wb") as stream:      # a pipe, a device or a socket: straight in
            for chunk in [data] if isinstance(data, bytes) else data:
                stream.write(chunk)
        return
    if path.is_symlink():
        path = Path(os.path.realpath(path))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except FileExistsError:                     # a file where a folder of the path should be
        raise NotADirectoryError(errno.ENOTDIR, "a part of the path is a file, not a folder", str(path)) from None
    remove_stale_temp_files(path)
    fd, tmp = tempfile.mkstemp(prefix=f"{_temp_prefix(path)}{os.getpid()}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            for chunk in [data] if isinstance(data, bytes) else data:
                handle.write(chunk)
            handle.flush()
            os.fsync(handle.fileno())
        if mode is None:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(tmp, stat.S_IMODE(mode))
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
