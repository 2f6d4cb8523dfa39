"""Carrying a save over to a rebuilt bundle: what changed in the pack, in its own terms.

A save made on one build of a pack may be resumed on a later build (the author fixed a
typo, renamed a flag, dropped a status token). ``carry_over`` compares what the save
holds with what the pack and story now define, fits the save to them, and says in the
pack's own words every difference it met (``status token 'Doom' is no longer in pack
'gascony'; Athos held it``) and every value it dropped. It refuses (``SessionError``)
only what cannot be carried over: the current card or the story is gone, or a
Character has no value for a stat the pack now requires and no board to take it from.

A rename is seen as a removal and an addition (the save does not know what the author
meant), and both are named. Checking the fitted state value by value (is it damaged?)
is ``state.checked_state``'s work, done after this.

Dependencies: ``setup`` (for ``SessionError``) only.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping
from typing import Any

from cardforge_runtime.setup import SessionError

__all__ = ["carry_over", "items_named"]


def carry_over(setup: Any, state: Any, pack: Mapping[str, Any],
               story: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any], list[str]]:
    """Fit a save's ``setup`` and checkpoint ``state`` to the pack and story as the
    bundle now has them.

    Args:
        setup: the save's ``setup`` (players, whole Character boards, seed).
        state: the save's checkpoint state (docs/runtime.md, State).
        pack, story: the pack and story of the rebuilt bundle.

    Returns:
        ``(setup, state, notes)``: new, fitted copies (the arguments are not changed)
        and one note per difference, in the order stats, status tokens, items,
        Characters, flags, counters. A value the save held and the pack no longer
        has is named with its value in a note ("dropped").

    Raises:
        SessionError: a difference that cannot be carried over (a stat the pack now
            requires that a Character of the save has no value for). Shapes that are
            not a save's are left for ``check_setup``/``checked_state`` to refuse.
    """
    _check_setup_fields(setup)
    setup, state = copy.deepcopy(setup), copy.deepcopy(state)
    notes: list[str] = []
    where = f"pack {pack['id']!r}"
    boards = setup["characters"]
    characters = state.get("characters") if isinstance(state, Mapping) else None
    if not (isinstance(characters, list) and all(isinstance(c, dict) for c in characters)):
        characters = []
    # a Character of the state with a name that is not text is left for checked_state to refuse
    by_name = {c["name"]: c for c in characters if isinstance(c.get("name"), str)}
    pack_boards = {board["name"]: board for board in pack.get("characters", [])}
    stats = list(pack["stats"])

    # Stats: each board (and the Character in play) keeps exactly the pack's stats.
    for board in boards:
        name = board.get("name")
        character = by_name.get(name, {})
        for stat in [s for s in board["stats"] if s not in stats]:
            notes.append(f"stat {stat!r} is no longer in {where}; {name}'s value {board['stats'][stat]} is dropped")
        missing = [s for s in stats if s not in board["stats"]]
        for stat in missing:
            source = pack_boards.get(name, {}).get("stats", {})
            if stat not in source:
                raise SessionError(
                    f"the save cannot be carried over to this bundle: stat {stat!r} is new in {where} and "
                    f"Character {name!r} of the save has no value for it"
                    + ("" if name in pack_boards else f" (the pack has no board named {name!r} to take it from)"))
            notes.append(f"stat {stat!r} is new in {where}; {name} takes {source[stat]} from the pack's board")
        removed = [s for s in board["stats"] if s not in stats]
        fitted = {s: board["stats"].get(s, pack_boards.get(name, {}).get("stats", {}).get(s)) for s in stats}
        board["stats"] = fitted
        held = character.get("stats")
        if isinstance(held, dict):                   # only the stats that changed: a damaged value stays damaged
            for stat in removed:
                held.pop(stat, None)
            for stat in missing:
                held[stat] = fitted[stat]

    # Status tokens: a token the pack no longer has is taken from whoever held it.
    tokens = {token["name"] for token in pack["status_tokens"]}
    for character in characters:
        held = character.get("status")
        if isinstance(held, list):
            for token in [t for t in held if isinstance(t, str) and t not in tokens]:
                notes.append(f"status token {token!r} is no longer in {where}; {character.get('name')} held it (dropped)")
            character["status"] = [t for t in held if not (isinstance(t, str) and t not in tokens)]

    # Items are not declared: an item nothing in the pack names any more stays held.
    known = items_named(pack, story)
    for character in characters:
        held = character.get("items")
        if isinstance(held, list):
            for item in sorted({i for i in held if isinstance(i, str) and i not in known}):
                notes.append(f"item {item!r} is named nowhere in {where} now; {character.get('name')} still holds it")

    # Characters: the save holds whole boards, so a board the pack dropped still plays.
    for board in boards:
        if board.get("name") not in pack_boards:
            notes.append(f"Character {board.get('name')!r} is no longer in {where}; the save's board is kept")

    # A save of version 1 (before Between Story Cards) has not called the Porter.
    if isinstance(state, dict):
        state.setdefault("porter_called", False)
    # A save before version 3 kept no costs of items bought: a sale states the cost.
    if isinstance(state, dict):
        state.setdefault("costs", {})
    # A save before version 4 had no decks: a checkpoint has no cards on offer.
    if isinstance(state, dict):
        state.setdefault("offer", [])
    # A save before version 5 had no Battle state: a checkpoint is never inside a Battle.
    if isinstance(state, dict):
        state.setdefault("battle", None)

    # Flags and counters of the story.
    if isinstance(state, dict) and isinstance(state.get("flags"), dict) and isinstance(state.get("counters"), dict):
        of = f"story {story['id']!r}"
        flags, counters = state["flags"], state["counters"]
        for flag, value in flags.items():
            if flag not in story["flags"]:
                notes.append(f"flag {flag!r} is no longer in {of}; its value {_json(value)} is dropped")
        for flag in story["flags"]:
            if flag not in flags:
                notes.append(f"flag {flag!r} is new in {of}; it starts false")
        for counter, value in counters.items():
            if counter not in story["counters"]:
                notes.append(f"counter {counter!r} is no longer in {of}; its value {_json(value)} is dropped")
        for counter, start in story["counters"].items():
            if counter not in counters:
                notes.append(f"counter {counter!r} is new in {of}; it starts at {start}")
        state["flags"] = {f: flags.get(f, False) for f in story["flags"]}
        state["counters"] = {c: counters.get(c, start) for c, start in story["counters"].items()}
    return setup, state, notes


def _check_setup_fields(setup: Any) -> None:
    """Every field of a save's ``setup`` that the carry-over reads, checked before it
    reads any (docs/runtime.md, Saves): ``characters`` a list of boards, each with a
    text ``name``, ``stats`` an object of whole numbers keyed by stat name, ``items``
    (when given) a list of item names. The values' ranges are ``check_setup``'s work,
    done after the carry-over.

    Raises:
        SessionError: naming the first field that is missing or of the wrong type
            (``setup.characters[1].name``).
    """
    def damaged(place: str, expected: str) -> SessionError:
        return SessionError(f"the save's setup is damaged: {place} must be {expected}")

    if not isinstance(setup, Mapping):
        raise damaged("setup", "an object")
    boards = setup.get("characters")
    if not isinstance(boards, list):
        raise damaged("setup.characters", "a list of Character boards")
    for number, board in enumerate(boards):
        place = f"setup.characters[{number}]"
        if not isinstance(board, dict):
            raise damaged(place, "a Character board (an object)")
        if not isinstance(board.get("name"), str):
            raise damaged(f"{place}.name", "text")
        stats = board.get("stats")
        if not isinstance(stats, dict):
            raise damaged(f"{place}.stats", "an object of stat values")
        for stat, value in stats.items():
            if not isinstance(value, int) or isinstance(value, bool):
                raise damaged(f"{place}.stats.{stat}", "a whole number")
        items = board.get("items", [])
        if not isinstance(items, list) or not all(isinstance(item, str) for item in items):
            raise damaged(f"{place}.items", "a list of item names")


def items_named(pack: Mapping[str, Any], story: Mapping[str, Any]) -> set[str]:
    """Every item name the pack's boards (items, weapons), its decks' cards or the
    story's steps name: items gained or
    lost, purchase offers, ``has("...")`` in conditions."""
    names = {item for board in pack.get("characters", []) for item in board.get("items", []) + board.get("weapons", [])}
    names.update(card["name"] for deck in pack.get("decks", []) for card in deck.get("cards", []))
    for node in _nodes(story["cards"]):
        if isinstance(node.get("items"), list):
            names.update(i for i in node["items"] if isinstance(i, str))
        if isinstance(node.get("item"), str):
            names.add(node["item"])
        if node.get("op") == "call" and node.get("name") == "has":
            names.update(a["value"] for a in node.get("args", []) if isinstance(a, dict) and isinstance(a.get("value"), str))
    return names


def _nodes(data: Any) -> Iterator[dict[str, Any]]:
    stack = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            yield node
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)


def _json(value: Any) -> str:
    return "true" if value is True else "false" if value is False else repr(value)
