"""The Battle state: the figures on the board, the Enemy supply and the next figure id.

Plain JSON data (a save can hold it), changed in place by the attack and effect rules.
Shape (docs/runtime.md, "Battle state")::

    {"characters": [{"id", "character", "square", "facing", "flipped", "weapons"}],
     "enemies":    [{"id", "enemy", "square", "wounded"}],
     "named":      [{"id", "enemy", "square", "health"}],
     "supply":     {enemy name: tokens left in the box},
     "next_id":    the id the next figure placed gets}

- ``id``: a whole number, unique among all figures of the Battle, never reused (a
  spawned Enemy gets ``next_id``, which then grows: a new figure never takes an
  existing figure's identity).
- a Character figure: ``character`` is the index of the Character in the game
  state's ``characters`` (Health, Destiny, status tokens and stats live there);
  ``square`` ``[column, row]``; ``facing`` north | east | south | west; ``flipped``:
  the Stance token is flipped (Attack Patterns mirrored); ``weapons``: the equipped
  Weapons, Equipment card instance ids (``"Equipment#3"``, the deck engine's ids).
- an Enemy figure: ``enemy`` is the name of its Enemy Reference card; ``wounded``:
  the token shows its Wounded side.
- a Named Enemy figure: ``health`` is the value its Health tracker card shows; 0 is
  the Defeated space.

Rule sources: Gascony's Legacy, "Enemy Reference cards and tokens", "Named Enemy
Tracker card", "Stance tokens", "Battle Cards - Setup" (5c: health by number of
Characters). Dependencies: ``board.grid`` only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from cardforge_runtime.board.grid import DIRECTIONS, as_square

__all__ = ["add_character", "add_enemy", "add_named", "figure", "figure_at", "figures_map", "named_health",
           "new_battle", "occupied", "remove_figure", "square_of"]

Battle = dict[str, Any]
Figure = dict[str, Any]
#: The three lists of figures, and the kind each holds (``figure`` returns it).
KINDS = {"characters": "character", "enemies": "enemy", "named": "named"}
_KIND_PAIRS = tuple(KINDS.items())
#: ``[id(battle), {figure id: (list key, kind, position)}]``: where ``figure`` last found
#: the figures of one Battle state. Only a hint (never in the state): a hit is used
#: only when the list still holds a figure of that id at that position, else the
#: lists are scanned again.
_INDEX: list[Any] = [None, {}]


def new_battle(supply: Mapping[str, int], next_id: int = 1) -> Battle:
    """An empty Battle: no figures, ``supply`` (Enemy name -> tokens in the box, the
    bundle enemies' ``supply``) copied.

    Raises:
        ValueError: a supply count that is not a whole number >= 0, ``next_id`` < 1.
    """
    for name, count in supply.items():
        if type(count) is not int or count < 0:
            raise ValueError(f"supply of {name!r}: expected a whole number >= 0, not {count!r}")
    if type(next_id) is not int or next_id < 1:
        raise ValueError(f"next_id: expected a whole number >= 1, not {next_id!r}")
    return {"characters": [], "enemies": [], "named": [], "supply": dict(supply), "next_id": next_id}


def _new_id(battle: Battle) -> int:
    figure_id = battle["next_id"]
    battle["next_id"] = figure_id + 1
    return figure_id


def _place(battle: Battle, square: Any) -> list[int]:
    square = as_square(square)
    if occupied(battle, square):
        raise ValueError(f"square {list(square)} already holds a figure")
    return list(square)


def add_character(battle: Battle, character: int, square: Any, facing: str, *, flipped: bool = False,
                  weapons: Iterable[str] = ()) -> Figure:
    """Place Character ``character`` (index in the game state) on ``square`` facing
    ``facing`` (Battle Cards - Setup 6). Returns the new figure (with a new id).

    Raises:
        ValueError: an unknown facing, a square that is not a pair of whole numbers
            or already holds a figure.
    """
    if facing not in DIRECTIONS:
        raise ValueError(f"unknown facing {facing!r}: expected one of {', '.join(DIRECTIONS)}")
    square = _place(battle, square)
    figure = {"id": _new_id(battle), "character": character, "square": square, "facing": facing,
              "flipped": bool(flipped), "weapons": list(weapons)}
    battle["characters"].append(figure)
    return figure


def add_enemy(battle: Battle, enemy: str, square: Any) -> Figure:
    """Take one ``enemy`` token from the supply and place it, unwounded, on ``square``
    with a new id (Battle Cards - Setup 4; spawns). Returns the new figure.

    Raises:
        ValueError: no such token left in the supply (or an Enemy the supply does not
            know), a bad or occupied square.
    """
    if battle["supply"].get(enemy, 0) <= 0:
        raise ValueError(f"no {enemy!r} token is left in the supply")
    square = _place(battle, square)
    battle["supply"][enemy] -= 1
    figure = {"id": _new_id(battle), "enemy": enemy, "square": square, "wounded": False}
    battle["enemies"].append(figure)
    return figure


def named_health(named_enemy: Mapping[str, Any], characters: int) -> int:
    """The health a Named Enemy's tracker card is set to for ``characters`` Characters
    (Battle Cards - Setup 5c). ``named_enemy["health"]`` maps 1..4 (JSON: "1".."4")
    to health.

    Raises:
        ValueError: no value for that many Characters.
    """
    table = named_enemy["health"]
    for key in (characters, str(characters)):
        if key in table:
            return table[key]
    raise ValueError(f"{named_enemy['name']!r} has no health for {characters} Characters")


def add_named(battle: Battle, enemy: str, square: Any, health: int) -> Figure:
    """Place the Named Enemy ``enemy``'s standee on ``square`` with its tracker at
    ``health`` (``named_health``). Returns the new figure.

    Raises:
        ValueError: health below 1, a bad or occupied square.
    """
    if type(health) is not int or health < 1:
        raise ValueError(f"health of {enemy!r}: expected a whole number >= 1, not {health!r}")
    square = _place(battle, square)
    figure = {"id": _new_id(battle), "enemy": enemy, "square": square, "health": health}
    battle["named"].append(figure)
    return figure


def figure(battle: Battle, figure_id: int) -> tuple[str, Figure]:
    """``(kind, figure)`` of the figure with ``figure_id``; kind is ``"character"``,
    ``"enemy"`` or ``"named"``.

    Raises:
        KeyError: no figure has that id (it was never placed or has left the board).
    """
    if type(figure_id) is not int:          # no figure has it (ids are whole numbers)
        for key, kind in _KIND_PAIRS:
            for item in battle[key]:
                if item["id"] == figure_id:
                    return kind, item
        raise KeyError(f"no figure with id {figure_id!r} is on the board")
    where = _INDEX[1].get(figure_id) if _INDEX[0] == id(battle) else None
    if where is not None:
        key, kind, position = where
        items = battle[key]
        # the index is a hint, checked: the figure with that id is at that position now
        if position < len(items) and items[position]["id"] == figure_id:
            return kind, items[position]
    index: dict[Any, tuple[str, str, int]] = {}
    for key, kind in _KIND_PAIRS:
        for position, item in enumerate(battle[key]):
            index.setdefault(item["id"], (key, kind, position))
    _INDEX[:] = [id(battle), index]
    found = index.get(figure_id)
    if found is None:
        raise KeyError(f"no figure with id {figure_id!r} is on the board")
    return found[1], battle[found[0]][found[2]]


def square_of(battle: Battle, figure_id: int) -> tuple[int, int]:
    """The square ``(column, row)`` of figure ``figure_id`` (``KeyError`` as ``figure``)."""
    c, r = figure(battle, figure_id)[1]["square"]
    return (c, r)


def figure_at(battle: Battle, square: Any) -> tuple[str, Figure] | None:
    """``(kind, figure)`` standing on ``square``, or ``None``."""
    square = list(as_square(square))
    for key, kind in KINDS.items():
        for item in battle[key]:
            if item["square"] == square:
                return kind, item
    return None


def occupied(battle: Battle, square: Any) -> bool:
    """Whether any figure (a Fallen Character included) stands on ``square``."""
    return figure_at(battle, square) is not None


def figures_map(battle: Battle, characters: list[Mapping[str, Any]]) -> dict[tuple[int, int], str]:
    """The figures as the board queries take them: ``{square: "character" | "enemy" |
    "fallen"}``; Named Enemies are Enemies; a Character is ``"fallen"`` when the game
    state's Character (``characters[figure["character"]]``) has Fallen."""
    out: dict[tuple[int, int], str] = {}
    for item in battle["characters"]:
        c, r = item["square"]
        out[(c, r)] = "fallen" if characters[item["character"]]["fallen"] else "character"
    for key in ("enemies", "named"):
        for item in battle[key]:
            c, r = item["square"]
            out[(c, r)] = "enemy"
    return out


def remove_figure(battle: Battle, figure_id: int) -> Figure:
    """Take figure ``figure_id`` off the board; a Defeated Enemy's token goes back to
    the supply (docs/rulings.md, "Defeated Enemies return to the supply"). Returns it.

    Raises:
        KeyError: as ``figure``.
    """
    kind, item = figure(battle, figure_id)
    key = {v: k for k, v in KINDS.items()}[kind]
    battle[key].remove(item)
    if kind == "enemy":
        battle["supply"][item["enemy"]] = battle["supply"].get(item["enemy"], 0) + 1
    return item
