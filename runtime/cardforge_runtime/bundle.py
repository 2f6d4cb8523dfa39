"""Load a bundle and check everything the engine relies on.

``load_bundle`` reads a bundle (a path or already-parsed JSON data), runs the checks
of ``bundle_checks`` and, for each pack's board, ``bundle_board`` (another format or an unknown major version is refused; every
field the engine reads is checked, so that a hand-edited or truncated bundle stops
here with a message naming the place rather than failing in play), computes the
content hash (``format.content_hash``) and returns a read-only ``Bundle``. See
``docs/bundle.md``.
"""

from __future__ import annotations

import copy
import gc
import json
import os
import stat
from collections.abc import Mapping
from typing import Any

from cardforge_runtime.bundle_checks import BundleError, check_bundle
from cardforge_runtime.limits import check_parsed_json
from cardforge_runtime.format import (
    MAX_DEPTH,
    MAX_NUMBER,
    PlainDataError,
    canonical_json,
    check_plain_data,
    content_hash_of_canonical,
)

__all__ = ["Bundle", "BundleError", "load_bundle", "read_json"]


#: The pack fields of format 1.5.0 that ``Bundle.enemies_and_decks`` returns.
ENEMIES_AND_DECKS: tuple[str, ...] = ("enemies", "named_enemies", "threat_decks", "decks", "deck_roles", "carry",
                                      "stones_of_chance", "difficulty", "enemy_rules", "on_death")


class Bundle:
    """A checked bundle (``load_bundle`` makes one). Read-only: nothing it hands out
    lets a caller change what later sessions play.

    Attributes:
        data: a deep copy of the bundle as JSON data (each access copies the whole
            bundle: O(its size); to read one story, use ``find_story``).
        content_hash: the SHA-256 fingerprint of its packs, computed on load
            (``"sha256:<64 hex digits>"``; docs/bundle.md, ``content_hash``).
        declared_hash: the ``content_hash`` the file states.
        format_version: the file's ``format_version``.
    """

    def __init__(self, data: dict[str, Any], content_hash: str) -> None:
        self._data = data
        self.content_hash = content_hash
        self.declared_hash = data.get("content_hash")
        self.format_version = data["format_version"]
        self._stories: dict[tuple[str, str], tuple[dict[str, Any], dict[str, Any]]] = {}
        for pack in data["packs"]:
            for story in pack["stories"]:
                self._stories[(pack["id"], story["id"])] = (pack, story)
        # ``trace.step_paths`` of each story played (by ``id``: ``(story, paths)``),
        # made once for every session that observes it (``Session._story_paths``)
        self._step_paths: dict[int, tuple[dict[str, Any], Any]] = {}

    @property
    def data(self) -> dict[str, Any]:
        """A deep copy of the bundle (changing it changes nothing the engine plays)."""
        return copy.deepcopy(self._data)

    @property
    def hash_matches(self) -> bool:
        """Whether the stated ``content_hash`` is the packs' real fingerprint (false
        after a hand edit)."""
        return self.declared_hash == self.content_hash

    def stories(self) -> list[tuple[str, str, str]]:
        """Every story as ``(pack id, story id, title)``, in bundle order."""
        return [(p["id"], s["id"], s["title"]) for (p, s) in self._stories.values()]

    def board(self, pack_id: str | None = None) -> dict[str, Any] | None:
        """A copy of a pack's ``board`` (format 1.4.0: ``components``, ``keywords``,
        ``terrain_tiles``, ``map_tiles``, ``layouts``; docs/bundle.md, Board), or
        ``None`` for a pack of an older bundle, which has none. ``pack_id`` is needed
        only when the bundle holds several packs.

        Raises:
            KeyError: no such pack, or several packs and no ``pack_id``; the message
                lists the packs.
        """
        board = self._one_pack(pack_id).get("board")
        return None if board is None else _copy(board)

    def enemies_and_decks(self, pack_id: str | None = None) -> dict[str, Any] | None:
        """A copy of a pack's Enemies, decks and Battle rules (format 1.5.0; docs/bundle.md,
        Enemies and decks): ``{"enemies", "named_enemies", "threat_decks", "decks",
        "deck_roles", "carry", "stones_of_chance", "difficulty", "enemy_rules",
        "on_death"}``, or ``None`` for a pack of an older bundle, which has none.
        ``pack_id`` is needed only when the bundle holds several packs.

        Raises:
            KeyError: as :meth:`board`.
        """
        pack = self._one_pack(pack_id)
        if "enemies" not in pack:
            return None
        return _copy({key: pack[key] for key in ENEMIES_AND_DECKS})

    def campaign(self, pack_id: str | None = None) -> dict[str, Any] | None:
        """A copy of a pack's ``campaign`` (format 1.6.0; docs/bundle.md, Campaign):
        ``{"stories": [story ids in play order], "between": [{"step", ...params}]}``,
        or ``None`` when the pack has none (and for every pack of an older bundle).
        ``pack_id`` is needed only when the bundle holds several packs.

        Raises:
            KeyError: as :meth:`board`.
        """
        campaign = self._one_pack(pack_id).get("campaign")
        return None if campaign is None else _copy(campaign)

    def locale(self, pack_id: str | None = None) -> str | None:
        """A pack's ``locale`` (format 1.7.0; docs/bundle.md, Packs): the language tag
        of its texts (``"fr"``) when ``cardforge strings import`` translated them, or
        ``None``: the authors' language (and every pack of an older bundle).
        ``pack_id`` is needed only when the bundle holds several packs.

        Raises:
            KeyError: as :meth:`board`.
        """
        return self._one_pack(pack_id).get("locale")

    def _one_pack(self, pack_id: str | None) -> dict[str, Any]:
        """The pack ``pack_id`` (any, when the bundle holds one), uncopied: never hand
        it out. Raises ``KeyError`` listing the packs."""
        packs = [p for p in self._data["packs"] if pack_id is None or p["id"] == pack_id]
        if len(packs) != 1:
            known = ", ".join(p["id"] for p in self._data["packs"])
            raise KeyError(f"no pack {pack_id!r} in the bundle (packs: {known})" if pack_id is not None
                           else f"the bundle holds several packs: name one ({known})")
        return packs[0]

    def find_story(self, story_id: str, pack_id: str | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        """A copy of the ``(pack, story)`` with this id (``pack_id`` is needed only when
        two packs share a story id). The pack holds its stories, so this copies the
        whole pack (O(its size)); changing the copy changes nothing the engine plays.

        Raises:
            KeyError: no such story, or an ambiguous id; the message lists the stories.
        """
        pack, story = self._find(story_id, pack_id)
        pack = _copy(pack)
        return pack, next(s for s in pack["stories"] if s["id"] == story_id)

    def story_view(self, story_id: str, pack_id: str | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        """The ``(pack, story)`` themselves, not copies (``find_story`` copies the whole
        pack): O(stories), for tools that only read them (the state explorer, once per
        story of a 10,000-card pack). Read only: changing them changes what every
        session of this bundle plays.

        Raises:
            KeyError: as ``find_story``.
        """
        return self._find(story_id, pack_id)

    def _find(self, story_id: str, pack_id: str | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        """``find_story`` without the copy, for the engine's own use: the result must
        never be changed nor handed out."""
        found = [(p, s) for (pid, sid), (p, s) in self._stories.items()
                 if sid == story_id and (pack_id is None or pid == pack_id)]
        if len(found) == 1:
            return found[0]
        known = ", ".join(f"{p}/{s}" for (p, s, _) in self.stories()) or "none"
        if not found:
            raise KeyError(f"no story {story_id!r}{f' in pack {pack_id!r}' if pack_id else ''}; the bundle has: {known}")
        raise KeyError(f"story id {story_id!r} is in several packs; name the pack ({known})")


def _copy(data: Any) -> Any:
    """A deep copy of checked plain JSON data (a JSON round trip: several times faster
    than ``copy.deepcopy``)."""
    return json.loads(json.dumps(data, ensure_ascii=False))


def load_bundle(source: str | os.PathLike[str] | Mapping[str, Any]) -> Bundle:
    """Read and check a bundle.

    Args:
        source: a path to a bundle file (UTF-8 JSON), or the parsed JSON object.

    Returns:
        The checked ``Bundle``. Data given as an object is copied (the caller may
        change it afterwards without changing the bundle).

    Raises:
        BundleError: the file cannot be read or parsed; it is beyond the input
            limits of ``limits.check_plain_data`` (nesting, numbers, text: checked
            before anything else); ``format`` is not
            ``"cardforge-bundle"``; the major version of ``format_version`` is not the
            one this runtime reads (the message names both versions); or any field
            the engine uses is missing or malformed.

    The garbage collector: a bundle is about a million small objects (8 MB: 10k
    cards), which the cyclic collector would scan again and again while they are
    made. So ``load_bundle`` pauses it (``gc.disable``; it is enabled again on the
    way out, also on an error, unless the caller had disabled it). It changes nothing
    else of the collector's: a front end that keeps the bundle for the whole program
    may call ``gc.freeze()`` after loading, so that later full collections do not
    scan the bundle again (docs/runtime.md, Loading a bundle).
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        bundle = _load(source)
    finally:
        if was_enabled:
            gc.enable()
    return bundle


def _load(source: str | os.PathLike[str] | Mapping[str, Any]) -> Bundle:
    """``load_bundle`` with the garbage collector paused."""
    text = None
    if isinstance(source, (str, os.PathLike)):
        name = os.fspath(source)
        data, text = _read_json_text(name, "bundle")
    else:
        data, name = source, "bundle data"
        try:
            check_plain_data(data)
        except PlainDataError as error:
            raise BundleError(f"{name}: not plain JSON data within the limits: {error}") from None
    try:
        check_bundle(name, data)
    except RecursionError:
        raise BundleError(f"{name}: steps are nested too deeply to play") from None
    if text is not None:
        proven = _declared_hash_if_canonical(data, text)
        if proven is not None:
            return Bundle(dict(data), proven)
    try:
        packs = canonical_json(data["packs"])
        if not isinstance(source, (str, os.PathLike)):
            # the caller keeps ``source``: take a copy, so that changing it later
            # cannot change what sessions play
            data = {**copy.deepcopy({k: v for k, v in data.items() if k != "packs"}), "packs": json.loads(packs)}
    except (TypeError, ValueError) as error:
        raise BundleError(f"{name}: the bundle is not plain JSON data ({error})") from None
    except RecursionError:
        raise BundleError(f"{name}: the bundle is nested too deeply") from None
    return Bundle(dict(data), content_hash_of_canonical([packs]))


def _declared_hash_if_canonical(data: Mapping[str, Any], text: str) -> str | None:
    """The bundle's declared ``content_hash`` when the file proves it right without
    serialising the packs again, else ``None`` (the caller computes the hash).

    ``data`` is ``json.loads(text)``, checked. The file is laid out as a build writes
    it: ``text`` is the canonical JSON of the other top-level fields (each sorting
    before ``packs``) opened up for ``"packs":``, then a slice ``P``, then ``}`` and
    perhaps a newline. If SHA-256 of ``P`` (as ``content_hash_of_canonical`` frames
    it) is the declared hash, then ``P`` is the canonical JSON of the packs the hash
    was made of (SHA-256 is collision resistant: the content hash relies on that
    anyway); a canonical JSON text parses back to the same data and is one JSON
    value, so after the fields before it the parser read exactly ``P`` as ``packs``
    and closed the object: ``data["packs"]`` are those packs, and their hash is the
    declared one. Any other file (pretty-printed, hand-edited, reordered, a
    duplicate ``packs`` key) fails a test here and has its hash computed.
    About 0.1 s less per load of a 10k-card bundle (``make bench``).
    """
    declared = data.get("content_hash")
    others = {key: value for key, value in data.items() if key != "packs"}
    if type(declared) is not str or not all(key < "packs" for key in others):
        return None
    head = canonical_json(others)[:-1].decode("utf-8") + ("," if others else "") + '"packs":'
    end = len(text) - (2 if text.endswith("}\n") else 1)
    if not text.startswith(head) or text[end] != "}":
        return None
    try:
        packs = text[len(head):end].encode("utf-8")
    except UnicodeEncodeError:              # a lone surrogate: not canonical JSON
        return None
    return declared if content_hash_of_canonical([packs]) == declared else None


def read_json(path: str, what: str) -> Any:
    """Read a regular UTF-8 JSON file (a bundle, a save, answers).

    Raises:
        BundleError: not a regular file (a folder, a FIFO, a device), unreadable,
            not UTF-8, not JSON, or beyond the input limits of
            ``limits.check_plain_data`` (nesting, numbers, lone surrogates); the
            message names the file, the place and what is wrong.
    """
    return _read_json_text(path, what)[0]


def _read_json_text(path: str, what: str) -> tuple[Any, str]:
    """``read_json``, and the text it parsed."""
    try:
        regular = stat.S_ISREG(os.stat(path).st_mode)
    except OSError as error:
        raise BundleError(f"{path}: cannot read the {what}: {error.strerror or error}") from None
    if not regular:
        raise BundleError(f"{path}: not a regular file (a folder, a pipe or a device); give the path of a file")
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        data = json.loads(text)
    except OSError as error:
        raise BundleError(f"{path}: cannot read the {what}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise BundleError(f"{path}: the {what} is not UTF-8 text") from None
    except json.JSONDecodeError as error:
        advice = " Rebuild it with `cardforge build`" if what == "bundle" else ""
        raise BundleError(f"{path}: not JSON (line {error.lineno}, column {error.colno}: {error.msg}); "
                          f"is the file truncated?{advice}") from None
    except RecursionError:
        raise BundleError(f"{path}: not a {what} within the limits of every input: nested more than {MAX_DEPTH} "
                          "levels deep") from None
    except ValueError:                      # a number of more than 4,300 digits
        raise BundleError(f"{path}: not a {what} within the limits of every input: a whole number beyond "
                          f"±{MAX_NUMBER} (2**64 - 1)") from None
    try:
        check_parsed_json(data, text)
    except PlainDataError as error:
        raise BundleError(f"{path}: not a {what} within the limits of every input: {error}") from None
    return data, text
