"""Saves: what ``Session.save`` writes and how ``Session.load`` reads it back.

A save (docs/runtime.md, Saves; version ``setup.SAVE_VERSION``) holds the bundle's
``content_hash``, the ids it refers to, the setup, the checkpoint taken when the
current card was drawn (state, dice and deck generators, log length), where a replay
starts (``origin``), the answers since and the log. On the same bundle a save is
replayed and must give back itself; on a rebuilt bundle it is carried over
(``carry.carry_over``, ``deck_play.carry_decks``: fresh decks when its ``deck_lists``,
the cards and counts that number the card instances, differ from the bundle's) and
resumes at the start of the current card with warnings. The checks of a save's shape are ``setup.check_save``.

Dependencies: ``bundle``, ``carry``, ``deck_play``, ``format``, ``pcg``, ``requests``,
``setup``, ``state``; the ``Session`` it builds (``session``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardforge_runtime.bundle import Bundle
from cardforge_runtime.carry import carry_over
from cardforge_runtime.deck_play import carry_decks, deck_lists, decks_in_play
from cardforge_runtime.format import canonical_json
from cardforge_runtime.pcg import Pcg32
from cardforge_runtime.requests import AnswerError
from cardforge_runtime.setup import SAVE_FORMAT, SAVE_VERSION, SessionError, check_save, check_setup, seed_text
from cardforge_runtime.state import checked_state, copy_json

if TYPE_CHECKING:
    from cardforge_runtime.session import Session

__all__ = ["load_save", "save_data"]


def load_save(cls: type[Session], bundle: Bundle, save: Mapping[str, Any] | str) -> Session:
    """``Session.load``: resume a session of class ``cls`` from ``save()``'s data (or its
    JSON text): replayed on the same bundle, carried over to a rebuilt one (see
    ``Session.load``).

    Raises:
        SessionError: not a save, a save of another story, ids the bundle no longer
            has, a difference that cannot be carried over, a damaged value.
    """
    data = check_save(save)
    refs = data["references"]
    try:
        pack_data, story_data = bundle._find(refs["story"], refs["pack"])
    except KeyError:
        pack_data = story_data = None
    missing = []
    if story_data is None:
        missing.append(f"story {refs['story']!r} of pack {refs['pack']!r}")
    else:
        ids = {card["id"] for card in story_data["cards"]}
        missing += [f"card {card} of story {refs['story']!r}" for card in refs["cards"] if card not in ids]
    if missing:
        raise SessionError(f"the save cannot be loaded into this bundle: it has no {', no '.join(missing)}")
    assert pack_data is not None and story_data is not None
    tokens = {token["name"]: token for token in pack_data["status_tokens"]}
    if data["content_hash"] == bundle.content_hash and data["version"] == SAVE_VERSION:
        return _replay(cls, bundle, pack_data, story_data, data, tokens)
    checkpoint = data["checkpoint"]
    fitted, state, notes = carry_over(data["setup"], checkpoint["state"], pack_data, story_data)
    try:
        setup = check_setup(pack_data, fitted)
    except SessionError as error:
        if fitted.get("carried") is None:
            raise SessionError(f"the save cannot be carried over to this bundle: {error}") from None
        # a campaign Story's carried start no longer fits: the checkpoint state is
        # what the session resumes from, so it goes on without it
        fitted = {key: value for key, value in fitted.items() if key != "carried"}
        try:
            setup = check_setup(pack_data, fitted)
        except SessionError as again:
            raise SessionError(f"the save cannot be carried over to this bundle: {again}") from None
        notes.append(f"the state this Story of a campaign started from no longer fits the bundle ({error}): "
                     "the session resumes from its checkpoint without it")
    session = cls(bundle, pack_data, story_data, setup)
    if "deck_rng" in checkpoint:
        session._deck_rng = Pcg32.from_json(checkpoint["deck_rng"])
    note = carry_decks(state, pack_data, data["version"] < 4, session._deck_rng, data.get("deck_lists"))
    notes += [note] if note else []
    session._state = checked_state(state, refs, setup, story_data, tokens, decks_in_play(pack_data, state))
    session._rng = Pcg32.from_json(checkpoint["rng"])
    session._log = copy_json(data["log"][: checkpoint["log_length"]])
    card = session._state["card"]
    changed = (f"the bundle changed since this save ({data['content_hash'][:15]}... -> {bundle.content_hash[:15]}...)"
               if data["content_hash"] != bundle.content_hash else
               f"this save was written by an older engine (save version {data['version']})")
    session.warnings.append(
        f"{changed}: "
        + (f"resuming at the start of card {card}" if card is not None else "resuming at the start of the story")
        + (f"; {len(data['answers'])} answer(s) given on that card are not replayed" if data["answers"] else "")
    )
    session.warnings += notes
    session._begin(card)
    session._origin = copy_json(session._checkpoint)
    return session



def _replay(cls: type[Session], bundle: Bundle, pack: dict[str, Any], story: dict[str, Any], data: dict[str, Any],
            tokens: dict[str, Any]) -> Session:
    """The same bundle: replay every answer from the save's origin, and require
    the replay to give back this very save (so an edited save is refused)."""
    setup = check_setup(pack, data["setup"])
    session = cls(bundle, pack, story, setup)
    origin = data["origin"]
    if origin is None:
        session._state = session._initial_state()
        session._begin(None)
    else:
        session._state = checked_state(origin["state"], data["references"], setup, story, tokens,
                                       decks_in_play(pack, origin["state"]))
        session._rng = Pcg32.from_json(origin["rng"])
        session._deck_rng = Pcg32.from_json(origin["deck_rng"])
        session._log = copy_json(data["log"][: origin["log_length"]])
        session._begin(session._state["card"])
        session._origin = copy_json(session._checkpoint)
    first = 0 if origin is None else origin["log_length"]
    for number, entry in enumerate(data["log"][first:], start=first):
        answer = entry.get("answer") if isinstance(entry, Mapping) else None
        try:
            session.answer(answer)
        except AnswerError as error:
            raise SessionError(f"the save does not replay on this bundle (answer {number + 1}: {error.reason})") from None
        if session.finished and number + 1 < len(data["log"]):
            raise SessionError("the save does not replay on this bundle: the story ends before its last answer")
    written = session.save()
    if "deck_lists" not in data:        # a version 4 save written before deck_lists: the bundle's own
        data = {**data, "deck_lists": written["deck_lists"]}
    if canonical_json(written) != canonical_json(data):
        raise SessionError("the save does not replay to itself: it was edited, or made by another engine")
    return session


def save_data(session: Session) -> dict[str, Any]:
    """``Session.save``: the whole session as JSON data, for ``Session.load``."""
    card = session._checkpoint["state"]["card"]
    return copy_json({
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "content_hash": session._bundle.content_hash,
        "references": {"pack": session._pack["id"], "story": session._story["id"], "cards": [] if card is None else [card]},
        "setup": {**session._setup, "seed": seed_text(session._setup["seed"])},
        "checkpoint": session._checkpoint,
        "origin": session._origin,
        "answers": session._since,
        "log": session._log,
        "deck_lists": deck_lists(session._pack, session._checkpoint["state"]),
    })
