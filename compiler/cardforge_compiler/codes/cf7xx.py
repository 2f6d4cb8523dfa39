"""CF7xx: battle boards: components, terrain keywords, terrain tiles and battle layouts (stage ``board``).

Each ``code(...)`` is one diagnostic code with all its data (see ``codes/__init__.py``:
how to add a code)."""

from cardforge_compiler.codes._registry import E, W, code, example
from cardforge_compiler.codes._demo import BARREL, BATTLE_STORY, BOARD, LAYOUT, STORY, board_example
from cardforge_compiler.codes._prose import _SQUARES

code("CF701", "unknown-board-name", E,
     summary=("A board document names a map tile side, terrain tile, terrain keyword, Search token or Enemy token that the "
              "pack does not define, or a keyword where it cannot lie (an edge keyword on squares, or the reverse), or a "
              "`link` label joining two terrain tiles that share no keyword with a `link`."),
     template="unknown terrain tile '{tile}'",
     stage="board",
     explanation="""
A board document names something the pack does not define: a layout's map tile
`side` (a `side` of the pack's `components`), terrain `tile` (a `kind: terrain-tile`
name), Search `token` (a label of `components.search_tokens`, or `?`) or deployment
`enemy` (`components.enemy_tokens`); a terrain keyword of a map tile side or terrain
tile (a `kind: terrain-keyword` name); a face of a terrain piece of the components (a
terrain-tile name). A keyword must also lie where it applies: a keyword with
`applies_to: edge` (a Railing) goes under a tile's or map tile side's `edges:`, never
under `keywords:` (squares), and the reverse. A `link` label must join two terrain
tiles that share a keyword with a `link` (Descent's matching staircase spaces). A layout in a
pack with no `components` document is reported once, at its `map_tiles`. The hint
offers the nearest defined name.
""",
     fix="""
Correct the name, or define it: add the tile or keyword document, or the side,
token label or Enemy tokens to the pack's `components` (docs/format.md, Battle
boards).
""",
     examples=[example({"demo/board.yaml": BOARD + "---\n" + LAYOUT.replace("tile: Barrel", "tile: Barel"),
               "demo/story.yaml": BATTLE_STORY.replace("LAYOUT_ID", "courtyard")})])

code("CF702", "not-in-the-box", E,
     summary=("A layout needs more of a component (map tile, terrain piece, Search token, Enemy token, standee) than the "
              "box holds."),
     template="layout '{layout}' shows {count} {what} of piece '{piece}' ({sides}), but the box holds {held}",
     stage="board",
     explanation="""
A layout needs more of a component than the pack's `components` document says the
box holds. Each map tile and terrain piece is double-sided and is one physical
piece (Gascony's Legacy, Component List: "Each Map and Terrain Tile is
double-sided"): a layout may show the sides of a map tile piece, or the faces of a
terrain piece, `count` times in all, so 3 Columns and 2 Braziers need 5 of the 4
Column / Brazier pieces. A face printed on two kinds of piece (the Chandelier) may
come from either. Also counted: each Search token label at most once, and the `?`
squares no more than the labels left once the named ones are placed; Enemy tokens
of each kind placed for the pack's largest party (players.max, or solo_characters
if larger); Named Enemies against the box's Enemy standees. The diagnostic points
at the first placement beyond what the box holds.
""",
     fix="""
Use another piece, remove a tile, raise a square's `players` number, or (if the box
really holds more) raise the `count` in `components`.
""",
     examples=[board_example(board=BOARD.replace("  - piece: Medium\n    count: 2", "  - piece: Medium\n    count: 1"))])

code("CF703", "faces-differ", E,
     summary="The two faces of one double-sided piece have different footprints.",
     template="the faces of terrain piece '{piece}' differ in footprint: {footprints}",
     stage="board",
     explanation="""
The two sides of a map tile piece, or the two faces of a terrain piece (`faces:
[Column, Brazier]`), have different footprints (`size`). One physical piece has
one outline, so a layout that shows one face where the other was meant would
cover different squares.
""",
     fix="""
Correct the `size` of one side or terrain-tile, or, if they really are different
pieces, list them as two pieces of the components.
""",
     examples=[board_example(board=BOARD.replace("faces: [Barrel]", "faces: [Barrel, Chest]")
           + "---\nkind: terrain-tile\nname: Chest\nsize: [2, 1]\n")])

code("CF704", "outside-grid", E,
     summary="A map tile or a square of a layout lies outside the layout's grid.",
     template="{what} '{name}' leaves the {width} x {height} grid of layout '{layout}': it covers {squares}",
     stage="board",
     explanation="""
A placed map tile or terrain tile leaves the layout's `grid`, or a Start, Exit,
Search token, deployment or Named Enemy square lies outside it. The squares of a
tile are those of its footprint turned by `rotation`, with `at` the top-left square
of the turned tile (docs/format.md, Coordinates). """ + _SQUARES + """ A layout with
a tile off the grid is not checked further for walls, reachability or objectives.
""",
     fix="""
Move the tile or square, turn the tile, or widen the layout's `grid: [columns,
rows]`.
""",
     examples=[board_example(layout=LAYOUT.replace(BARREL, "  - tile: Barrel\n    at: [9, 2]\n"))])

code("CF705", "map-tiles-overlap", E,
     summary="Two map tiles of a layout cover the same square.",
     template="map tile '{tile}' overlaps map tile '{other}' ({where}) of layout '{layout}' on {squares}",
     stage="board",
     explanation="""
Two map tiles of a layout cover the same squares: map tiles lie side by side on
the table, never on top of each other (Battle Cards - Setup, 1). The message names
the shared squares and the line of the other tile. Such a layout is not checked
further for reachability or objectives, since which tile shows is unknown.
""",
     fix="""
Move one of the tiles (`at`), or turn it (`rotation`).
""",
     examples=[board_example(layout=LAYOUT.replace("  - side: Medium B\n    at: [5, 1]", "  - side: Medium B\n    at: [4, 1]"))])

code("CF706", "terrain-off-map", E,
     summary="A terrain tile lies (partly) on a wall square, where no map tile is.",
     template="terrain tile '{tile}' of layout '{layout}' lies on wall square {squares}, where no map tile is",
     stage="board",
     explanation="""
A terrain tile lies, wholly or partly, on a wall square: a square of the grid that
no map tile covers ("Treat the empty space between Map Tiles as walls"). Terrain
tiles are placed on top of map tiles (Battle Cards - Setup, 2). """ + _SQUARES + """
""",
     fix="""
Move or turn the terrain tile so that it lies on map tiles, or extend the map tiles
under it.
""",
     examples=[board_example(layout=LAYOUT.replace("grid: [8, 4]", "grid: [8, 5]").replace(
    BARREL, "  - tile: Barrel\n    at: [3, 5]\n"))])

code("CF707", "terrain-overlap", E,
     summary="Two terrain tiles of a layout cover the same square.",
     template="terrain tile '{tile}' overlaps terrain tile '{other}' ({where}) of layout '{layout}' on {squares}",
     stage="board",
     explanation="""
Two terrain tiles of a layout cover the same square. The message names the shared
squares and the line of the other tile.
""",
     fix="""
Move one of the tiles (`at`), or turn it (`rotation`).
""",
     examples=[board_example(layout=LAYOUT.replace(BARREL, BARREL + BARREL))])

code("CF708", "facing-mismatch", E,
     summary="A terrain tile with an arrow is placed without `facing`, or one without an arrow is given a `facing`.",
     template="terrain tile '{tile}' {problem}",
     stage="board",
     explanation="""
A placed terrain tile whose terrain-tile has an arrow (`arrow: true`, the Wagon)
has no `facing`, so the direction it rolls is unknown; or a tile without an arrow
is given a `facing`, which means nothing for it (a tile is turned with
`rotation`).
""",
     fix="""
Add `facing: north|east|south|west` for a tile with an arrow; remove `facing` from
one without.
""",
     examples=[board_example(layout=LAYOUT.replace(BARREL, BARREL + "    facing: east\n"))])

code("CF709", "banner-not-allowed", E,
     summary="A placed terrain tile shows a banner, but none of its edges allows one.",
     template="terrain tile '{tile}' shows no banner: {why}",
     stage="board",
     explanation="""
A placed terrain tile says `banner: true`, but no edge of its terrain-tile allows a
hanging banner (`banner: optional` or `always` on one of its `edges`: the Balcony,
Balconies and Railings). The Banner Slide needs a banner to slide down.
""",
     fix="""
Remove `banner: true`, or give the tile's edge `banner: optional` in its
terrain-tile document.
""",
     examples=[board_example(layout=LAYOUT.replace(BARREL, BARREL + "    banner: true\n"))])

code("CF710", "railing-on-wall", W,
     summary="An edge keyword (a Railing) of a placed tile lies against a wall: it divides nothing.",
     template=("an edge of terrain tile '{tile}' in layout '{layout}' lies against the wall at {squares}: it divides the "
               "map from nothing"),
     stage="board",
     explanation="""
An edge keyword of a placed terrain tile (a Balcony's Railing) lies against a wall
or the edge of the grid: the squares across it are not on the map, so the railing
divides High Ground from nothing and a Banner Slide over it lands nowhere
(Balconies and Railings). The railings of a map tile (a Staircase along a wall) are
not reported. """ + _SQUARES + """
""",
     fix="""
Turn the tile with `rotation` so that its railing faces the map, or move it.
""",
     examples=[board_example(board=BOARD.replace("    faces: [Barrel]\n", "    faces: [Barrel]\n  - piece: Balcony\n    count: 1\n"
                                        "    faces: [Balcony]\n")
           + "---\nkind: terrain-keyword\nname: Railing\napplies_to: edge\nmovement: {cross: false}\n"
             "---\nkind: terrain-tile\nname: Balcony\nsize: [2, 1]\nedges:\n  - {keyword: Railing, side: south}\n", layout=LAYOUT.replace(BARREL, BARREL + "  - tile: Balcony\n    at: [5, 4]\n"), after="""
This is a warning: `cardforge lint` fails on it only with `--strict`.
""")])

code("CF711", "bad-setup-square", E,
     summary=("A Start, Enemy, Named Enemy or Search token square is a wall, or terrain its figure (Characters, for a "
              "Search token) may not enter or stop on."),
     template="{piece} of layout '{layout}' at {square} is {problem}",
     stage="board",
     explanation="""
A Start square, an Enemy deployment square or a Named Enemy square is a wall, or
lies on terrain its figure may not enter or stop on, by the keywords' data
(`movement.characters`, `movement.enemies`, `movement.stop`): Enemies never stand
on Elevated tiles ("they treat these Terrain Tiles as obstacles"), nobody stands in
Impassable or Blocking terrain. The message lists the square's keywords.
""",
     fix="""
Move the square onto the map, to terrain its figure may stand on, or move the
terrain tile.
""",
     examples=[board_example(layout=LAYOUT.replace("grid: [8, 4]", "grid: [8, 5]").replace(
    "{at: [7, 2], players: 1}", "{at: [7, 5], players: 1}"))])

code("CF712", "square-taken", E,
     summary="Two pieces are set up on the same square for some number of Characters, or two Search tokens share a square.",
     template="two {pieces} of layout '{layout}' are both set up on {square}{when}",
     stage="board",
     explanation="""
Two pieces are set up on the same square: two deployment squares, a deployment
square and a Named Enemy, or an Enemy on a Start square. Deployment squares count
from the number of Characters they print (Battle Cards - Setup, 4: "Place Enemies in
any square with a number equal to or less than the number of characters"), so the
message says from how many Characters the clash happens; squares numbered above the
pack's largest party are never placed and never clash.
""",
     fix="""
Move one of the two pieces to a free square.
""",
     examples=[board_example(layout=LAYOUT.replace("      - {at: [7, 2], players: 1}\n",
                                          "      - {at: [7, 2], players: 1}\n      - {at: [7, 2], players: 3}\n"))])

code("CF713", "too-few-start-squares", E,
     summary="A layout has fewer Start squares than the pack's largest party.",
     template="layout '{layout}' has {count} Start squares, but a party of this pack may have {party} Characters",
     stage="board",
     explanation="""
A layout has fewer Start squares than the pack's largest party: `players.max`, or
`players.solo_characters` when larger (Solo Play: "you may control up to 4
Characters"). Each Character is placed on its own Start square (Battle Cards -
Setup, 6).
""",
     fix="""
Add Start squares until there is one for every Character of the largest party.
""",
     examples=[board_example(layout=LAYOUT.replace("start: [[1, 1], [1, 2], [2, 1], [2, 2]]", "start: [[1, 1], [1, 2]]"))])

code("CF714", "unreachable-square", E,
     summary="An Exit area, Search token or Enemy square cannot be reached by Characters from the Start area.",
     template="Characters cannot {reach} {what} of layout '{layout}' from the Start area",
     stage="board",
     explanation="""
Characters cannot reach a part of the layout from the Start area, however many
rounds they take: an Exit area's squares (a Character must end a move on them),
or the square of a Search token, deployment square or Named Enemy (a Character must
end a move on it or next to it). Reach is computed on the Characters' movement
graph built from the runtime's step costs: walls, Impassable and Blocking terrain
stop a step, diagonal steps may squeeze between two squares that cannot be entered,
Railings block the edges they lie on, and a Staircase is entered only from its open
sides (Move; Staircase; Balconies and Railings). """ + _SQUARES + """
""",
     fix="""
Open a way: join the map tiles (the space between them is wall), move the terrain
tile in the way, turn a railing, or move the square.
""",
     examples=[board_example(layout=LAYOUT.replace("grid: [8, 4]", "grid: [9, 4]").replace(
    "  - side: Medium B\n    at: [5, 1]", "  - side: Medium B\n    at: [6, 1]").replace("[[8, 4]]", "[[9, 4]]"), after="""
The Battle's `Reach Exit` objective cannot be met either, so CF715 is reported on
the story too.
""", also=("CF715",))])

code("CF715", "objective-impossible", E,
     summary="A Battle objective cannot be met on its layout.",
     template="objective '{objective}' cannot be met: {why}",
     stage="board",
     explanation="""
A Battle's objective cannot be met on the layout it names. Read are the rulebook's
common objectives (Battle Rounds, Common Battle Objectives): `Reach Exit` needs an
Exit area that Characters can reach; `Reveal X` needs Search token X placed on the
layout, or a `?` square that may hold it (X is a token of the box not placed by
label); `Defeat <name>` needs a Named Enemy of that name on the layout. `Defeat all
Enemies` and objectives written otherwise are not checked (but see CF719). When the
text is close to an objective the layout allows (`Defeat all Enemeis`, `Defeat
Rocheford` on a layout with Rochefort), the help names it ("did you mean 'Defeat all
Enemies'?") rather than what to add to the layout.
""",
     fix="""
Add what the objective needs to the layout (an Exit area, the token, the Named
Enemy), open a way to it, or correct the objective's text.
""",
     examples=[board_example(story=STORY.replace("objective: Reach Exit", "objective: Defeat Rochefort"))])

code("CF716", "unused-layout", W,
     summary="A battle layout is not used by any Battle of the pack.",
     template="layout '{layout}' is not used by any Battle",
     stage="board",
     explanation="""
A battle layout is not set up by any Battle (`battle: {layout: ...}`) of the pack's
stories: it is dead content, or a Battle names it wrongly. Not reported for a pack
with no stories at all, nor while a Battle names a layout the pack lacks (CF312):
the unused layout may be the one that Battle means.
""",
     fix="""
Name the layout in a Battle, or delete it.
""",
     examples=[board_example(layout=LAYOUT + "---\n" + LAYOUT.replace("id: courtyard", "id: cellar"), after="""
This is a warning: `cardforge lint` fails on it only with `--strict`.
""")])

code("CF717", "exit-edge-off-side", E,
     summary="An Exit area's `edge` names a side of the map its squares do not lie on.",
     template=("Exit square {square} of layout '{layout}' does not lie on the {edge} side of the map: {neighbour}, {edge} "
               "of it, is on the map"),
     stage="board",
     explanation="""
An Exit area gives `edge`, the side of the map its pieces leave by (Battle Cards -
Setup, 7), but a square of the area does not lie on that side: the square beyond it
in that direction (`east`: column + 1; `north`: row - 1) is on the map. An Exit
edge's squares border it: the square beyond each is a wall (no map tile there) or
off the grid. One report per Exit area, at its first square off the side, naming
every such square.
""",
     fix="""
Move the Exit squares against the side `edge` names, name the side they lie on, or
drop `edge` when pieces leave by the area alone.
""",
     examples=[board_example(layout=LAYOUT.replace("  - squares: [[8, 4]]\n", "  - squares: [[8, 4]]\n    edge: west\n"))])

code("CF718", "terrain-action-unplayable", E,
     summary=("A terrain tile's action or target holds an effect the Battle engine cannot play on that tile (a rolled tile "
              "larger than 1 x 1, Successes counted without a challenge, an arrow the tile lacks)."),
     template="{what} '{action}' {problem}",
     stage="board",
     explanation="""
The Battle engine plays a terrain tile's actions and targets on the board
(docs/runtime.md, Terrain actions), and a few of the board effects only mean something
on some tiles: `roll-in-line` rolls a 1 x 1 tile (the Barrel); `wagon-roll` and
`wound-per-missing-success` count the Successes of the action's `challenge`, so the
action needs one; `wagon-roll` rolls the tile toward its arrow, and `from:
beside-or-behind` is measured from its front, so the tile needs `arrow: true`. Without
this check the engine would stop in the middle of a Battle. One report per effect (or
per `from`) that cannot be played.
""",
     fix="""
Make the tile 1 x 1, add a `challenge` to the action, or give the terrain-tile `arrow:
true` (each layout then gives its `facing`); or use another effect or `from`.
""",
     examples=[board_example(board=BOARD.replace("name: Barrel\nsize: [1, 1]\n", "name: Barrel\nsize: [1, 1]\nactions:\n"
                                        "  - name: Kicking a Barrel\n    from: beside-or-behind\n"
                                        "    challenge: {stat: Movement, successes: 3}\n    success:\n"
                                        "      - board: roll-in-line\n      - board: remove-tile\n"))])

code("CF719", "objective-misspelled", W,
     summary=("A Battle objective's text is close to, but not, one the engine reads (`Defeat all Enemies`, `Reach Exit`, "
              "`Defeat <Named Enemy>`, `Reveal <token>`): the engine would leave it to the players to declare met."),
     template=("objective '{objective}' is not one the engine reads, so the players would declare it met: it looks like a "
               "misspelled '{meant}'"),
     stage="board",
     explanation="""
A Battle objective's text is not one the engine reads, but is close to one it reads
on that layout (`Reach Exti`, `Defeet all Enemies`): `Defeat all Enemies`, `Reach
Exit`, `Defeat <Named Enemy of the layout>`, `Reveal <Search token of the layout>`
(`cardforge_runtime.format.objective_meet`). Any other text is an objective the
players declare met, so a misspelled one would make the Battle won at the players'
word. A text is taken for a misspelling when it is at least 80% alike (difflib's
ratio, case ignored) to an objective the engine reads; an objective of the players'
own (`Hold the stairs for 3 rounds`, `Reach the Balcony`) is not reported.
""",
     fix="""
Correct the text to the objective named in the help. If the objective really is one
the players judge, word it so that it does not read as a misspelling.
""",
     examples=[board_example(story=STORY.replace("objective: Reach Exit", "objective: Reach Exti"), after="""
This is a warning: `cardforge lint` fails on it only with `--strict`.
""")])
