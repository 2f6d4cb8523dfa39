"""The board part of the bundle format (format 1.4.0), defined once: directions and
rotations, the closed vocabularies of terrain keywords, terrain tiles and layouts,
the defaults a bundle's ``board`` is written with, the named board effects and
their parameters, and the ranges of the board's numbers.

Rule sources: Gascony's Legacy, "Component List", "Battle Cards - Setup", "Move",
"Attack" (Line of Sight and Cover), "Terrain Tiles", "Important Terms"; Descent:
The Road to Legend, "Collected Obstacles and Props".

The compiler's content models (``cardforge_compiler.model.board``), ``emit`` and
``load_bundle``'s board checks (``bundle_board``) all read these definitions; no
keyword, tile or Enemy name appears here (the engine reads only the fields).
Re-exported by :mod:`cardforge_runtime.format`. See ``docs/bundle.md``, Board.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "ACTION_FROM",
    "ACTION_KINDS",
    "ACTION_STEP_KINDS",
    "APPLIES_TO",
    "BANNERS",
    "BOARD_EFFECTS",
    "BOARD_RANGES",
    "DIRECTIONS",
    "ELEVATED_DEFAULTS",
    "KEYWORD_DEFAULTS",
    "LINK_DEFAULTS",
    "MOVE_SCOPES",
    "MOVE_WHEN",
    "RANDOM_SEARCH_TOKEN",
    "ROTATIONS",
    "SEES",
    "TILE_ATTACKS",
    "WHILE_ON_DEFAULTS",
]

#: The four directions of the grid, clockwise from north (north: row - 1, east:
#: column + 1). A facing, a side of a tile, an arrow or an Exit edge is one of them.
DIRECTIONS: tuple[str, ...] = ("north", "east", "south", "west")
#: The rotations of a placed tile, in degrees clockwise.
ROTATIONS: tuple[int, ...] = (0, 90, 180, 270)
#: Where a terrain keyword lies: on squares (Elevated) or on edges (a Railing).
APPLIES_TO: tuple[str, ...] = ("square", "edge")
#: When a keyword's ``movement.enter`` multiplier applies: on ``any`` step into the
#: square, or only on a step ``against-arrow`` (up a Staircase, against its arrow).
MOVE_WHEN: tuple[str, ...] = ("any", "against-arrow")
#: Which steps a keyword's ``movement.enter``, ``leave`` and ``enter_wounds`` apply to:
#: every step into / out of one of its squares (``square``), or only a step between
#: one of its squares and a square without it (``area``: Descent's pit, "It costs two
#: movement points to move out of a pit", not to move within it).
MOVE_SCOPES: tuple[str, ...] = ("square", "area")
#: What a figure standing on a keyword's square can see: ``all`` (the usual line of
#: sight), ``adjacent`` squares only (Descent's fog), or the ``area`` of its placed
#: tile and the squares adjacent to it (Descent's pit).
SEES: tuple[str, ...] = ("all", "adjacent", "area")
#: Whether a terrain tile's edge shows a hanging banner (Gascony's Legacy, Balconies
#: and Railings): ``none``, ``optional`` (a placement says ``banner: true``) or
#: ``always``.
BANNERS: tuple[str, ...] = ("none", "optional", "always")
#: The kinds of terrain-tile actions (Gascony's Legacy, Terrain Tiles: "Interact Action").
ACTION_KINDS: tuple[str, ...] = ("interact",)
#: Where a Character must stand to take a terrain tile's action: ``adjacent`` (the
#: Brazier, the Chest), ``adjacent-or-on`` (the Barrel), ``edge-adjacent`` (sharing an
#: edge, not a corner: the Chandelier), ``beside-or-behind`` (adjacent to its sides or
#: rear, not on it: the Wagon), ``high-ground-by-banner`` (on High Ground adjacent to
#: a railing showing a banner: the Banner Slide).
#: ``on`` (standing on the tile: Descent's good altar, "a hero must stand on the altar").
ACTION_FROM: tuple[str, ...] = ("adjacent", "adjacent-or-on", "on", "edge-adjacent", "beside-or-behind",
                                "high-ground-by-banner")
#: The story step kinds a terrain action's ``success`` / ``failure`` may use beside the
#: named board effects (Gascony's Legacy, Terrain Tiles: the effects are "written with
#: the story step vocabulary where it fits"): the steps that make sense outside a
#: story card; a ``set`` / ``add`` / ``clear`` names a flag or counter of the pack's
#: stories. In a bundle they are written as story steps are (``{"kind": ...}``).
ACTION_STEP_KINDS: tuple[str, ...] = ("text", "gain", "lose", "set", "add", "clear")
#: Which attacks may target a terrain tile (the Chandelier: "A Character with a Ranged Attack").
TILE_ATTACKS: tuple[str, ...] = ("ranged", "melee", "any")
#: The label of a Search token square filled at random at setup (Battle Cards - Setup, 3).
RANDOM_SEARCH_TOKEN = "?"

#: The ranges (lowest, highest; inclusive) of the board's whole numbers, merged into
#: ``format.RANGES``: ``grid`` a layout's columns or rows and every coordinate;
#: ``tile_size`` a tile's footprint; ``multiplier`` a keyword's movement multiplier;
#: ``piece_count`` how many of a piece the box holds; ``standees`` standees in the
#: box; ``deployment_players`` the number printed on a deployment square;
#: ``tile_defense`` a terrain tile's Defense when targeted; ``defense_dice`` dice
#: added while standing on a tile;
#: ``wagon_minus`` what ``wagon-roll`` subtracts from the successes; ``enter_wounds``
#: Wounds a keyword deals on entering; ``link_cost`` the Movement points of a step
#: between linked squares; ``attack_modifier`` a change to an attack's range or
#: damage (Descent's elevation); ``movement_cost`` the Movement points an action spends.
BOARD_RANGES: dict[str, tuple[int, int]] = {
    "grid": (1, 64),
    "tile_size": (1, 64),
    "multiplier": (1, 10),
    "piece_count": (1, 99),
    "standees": (0, 99),
    "deployment_players": (1, 4),
    "tile_defense": (1, 12),
    "defense_dice": (0, 6),
    "wagon_minus": (0, 12),
    "enter_wounds": (0, 20),
    "link_cost": (1, 10),
    "attack_modifier": (-6, 6),
    "movement_cost": (0, 12),
}

#: A terrain keyword as the bundle writes it when the YAML gives nothing: a keyword
#: that does nothing (every field present in a bundle; ``elevated: null`` = no effect
#: on a figure standing there; ``link: null`` = its squares join no other square).
KEYWORD_DEFAULTS: dict[str, Any] = {
    "applies_to": "square",
    "text": "",
    "movement": {"enter": 1, "leave": 1, "when": "any", "scope": "square", "enter_wounds": 0, "characters": True,
                 "enemies": True, "stop": True, "cross": True},
    "sight": {"blocks": False, "cover": False, "sees": "all", "seen_from_adjacent": False,
              "unless_high_side_borders": False},
    "elevated": None,
    "link": None,
}
#: The fields of a keyword's ``link`` when given (Descent, Staircases: "For one movement
#: point, a figure in a staircase space can move to the matching staircase space as
#: though it were adjacent. Attacks may be made across matching staircase spaces as
#: though the two ends were adjacent. A figure on a staircase has a line of sight to
#: the other side..."): a layout links two placed tiles carrying the keyword by giving
#: both the same ``link`` label; ``move_cost``: the Movement points of a step between
#: them (``None``: no step); ``attack``: attacks reach across as between adjacent
#: squares; ``sight``: line of sight across (see docs/format.md, Links).
LINK_DEFAULTS: dict[str, Any] = {"move_cost": None, "attack": False, "sight": False}
#: The fields of a keyword's ``elevated`` effects when given, each defaulting to "no
#: change" (Gascony's Legacy, Terrain Tiles: Elevated; Balconies and Railings).
#: ``attacking_down`` / ``attacking_up``: the change to an attack's ``range`` and
#: ``damage`` when a figure standing here attacks a figure not on such a square, or is
#: attacked by one (Descent, Bed and Table: "+1 range and +1 damage" / "loses -1 range
#: and -1 damage"); data for the Battle engine.
ELEVATED_DEFAULTS: dict[str, Any] = {
    "melee_advantage": False,
    "ranged_defense_disadvantage": False,
    "cover_from_own_tile": True,
    "ranged_advantage_over_low_ground": False,
    "melee_across": True,
    "attacking_down": {"range": 0, "damage": 0},
    "attacking_up": {"range": 0, "damage": 0},
}
#: A terrain tile's ``while_on`` effects on a figure standing on it (the Haystack:
#: ``defense_dice: 1``; Descent's tree: ``abilities: [Shadowcloak]``, "A figure in a
#: tree space is considered to have the Shadowcloak ability").
WHILE_ON_DEFAULTS: dict[str, Any] = {"defense_dice": 0, "abilities": []}

#: The named board effects of terrain actions (a closed vocabulary; issue 10's
#: engine resolves them): name -> (what it does, its parameters: name -> the kind of
#: value, ``"name"`` for a name or a ``BOARD_RANGES`` key for a bounded whole number).
#: Every parameter is required. Gascony's Legacy, Terrain Tiles.
BOARD_EFFECTS: dict[str, tuple[str, dict[str, str]]] = {
    "roll-in-line": ("Knock the tile over and roll it in any straight line until it reaches a Character, a tile "
                     "edge or another Terrain tile: Wounded Enemies in its path are Defeated, other Enemies "
                     "become Wounded, Named Enemies take 1 Wound (the Barrel).", {}),
    "remove-tile": ("Remove the tile from the map.", {}),
    "defeat-or-wound": ("Choose 1 Enemy adjacent to the tile: a Named Enemy suffers 1 Wound, any other is "
                        "Defeated (the Brazier).", {}),
    "draw": ("Draw a card from `deck` (the Chest: Equipment).", {"deck": "name"}),
    "swing-diagonal": ("Place the acting Character in the square on the diagonally-opposite side of the tile, "
                       "even if occupied; an Enemy there is moved to an adjacent empty square and dealt 1 Wound "
                       "(Defeated if non-named and already Wounded) (the Chandelier Swing).", {}),
    "fall": ("The tile falls: Characters and Named Enemies under it suffer 1 Wound, other Enemies are "
             "Defeated (the Falling Chandelier).", {}),
    "wound-per-missing-success": ("The acting Character suffers 1 Wound for each success short of the "
                                  "Challenge (the Banner Slide).", {}),
    "slide-over-railing": ("Place the acting Character in the square on the opposite side of the railing "
                           "(the Banner Slide).", {}),
    "wagon-roll": ("The tile rolls in the direction of its arrow, 1 square per success minus `minus`, until it "
                   "reaches another Terrain Tile or leaves the map: Characters and Named Enemies in squares it "
                   "enters suffer 1 Wound, other Enemies are Defeated; Characters or Named Enemies in squares where "
                   "it stops are moved to the nearest empty square (docs/rulings.md, What nearest measures); "
                   "Characters on top of it ride it and stay on top wherever it stops (the Wagon Roll).",
                   {"minus": "wagon_minus"}),
}
