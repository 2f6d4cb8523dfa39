"""Example cases for docs/diagnostics.md: files (relative to the case dir), command."""
import pathlib as _pathlib

PACK = """kind: pack
id: demo
title: Demo Pack
version: 1.0.0
players: {min: 1, max: 4}
stats: [Prowess, Movement]
status_tokens:
  - name: Despair
    dice_modifier: -1
  - name: Doom
    six_counts: 1
dice:
  single_success: [4, 5]
  double_success: [6]
"""
#: The demo manifest without Character boards (CF110 and CF307 bring their own).
PACK_NO_BOARDS = PACK
PACK = PACK_NO_BOARDS + """characters:
  - {name: Athos, stats: {Prowess: 4, Movement: 3}, destiny: 3, health: 5}
  - {name: Porthos, stats: {Prowess: 5, Movement: 2}, destiny: 3, health: 5}
  - {name: Aramis, stats: {Prowess: 3, Movement: 4}, destiny: 4, health: 4}
  - {name: D'Artagnan, stats: {Prowess: 4, Movement: 4}, destiny: 4, health: 4}
"""

#: The first lines of most example stories.
HEAD = """kind: story
id: act-1
title: The Road
start: 1
"""

CASES = {}

def case(code, files, cmd=("lint", "demo/"), pack=True, show=None, dirs=(), only=None, note=""):
    """``only``: the files shown (default: all), after ``note``."""
    CASES[code] = dict(files=files, cmd=list(cmd), pack=pack, show=show or {}, dirs=list(dirs), only=only,
                       note=note)

# ---------------------------------------------------------------- CF0xx
case("CF001", {}, cmd=("lint", "contnet/"), pack=False)
case("CF002", {"demo/story.yaml": b"kind: story\nid: act-1\ntitle: The Road\nstart: 1\ncards:\n  - id: 1\n    title: The House of Tr\xe9ville\n    steps:\n      - victory: You are welcomed.\n"},
     show={"demo/story.yaml": "kind: story\nid: act-1\ntitle: The Road\nstart: 1\ncards:\n  - id: 1\n    title: The House of Tréville     # saved as Latin-1: é is the byte 0xe9\n    steps:\n      - victory: You are welcomed.\n"})
case("CF003", {"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: "The Inn
    steps:
      - victory: You reach Paris.
"""})
case("CF004", {"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    title: The Tavern
    steps:
      - victory: You reach Paris.
"""})
case("CF005", {"demo/story.yaml": "kind: story\nid: act-1\ntitle: The Road\nstart: 1\ncards:\n  - id: 1\n\ttitle: The Inn\n    steps:\n      - victory: You reach Paris.\n"},
     show={"demo/story.yaml": "kind: story\nid: act-1\ntitle: The Road\nstart: 1\ncards:\n  - id: 1\n→   title: The Inn        # → is a tab character\n    steps:\n      - victory: You reach Paris.\n"})
case("CF006", {"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    steps:
      - victory: You reach Paris.
""", "demo/act2.yaml": "# Act II: still to be written\n"}, show={"demo/act2.yaml": "# Act II: still to be written\n"})
case("CF007", {"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: !!python/object:os.system The Inn
    steps:
      - victory: You reach Paris.
"""})
case("CF008", {"demo/story.yaml": HEAD + """cards: &cards
  - id: 1
    title: The Inn
    steps:
      - victory: You reach Paris.
  - *cards
"""})
_deep = "[" * 70 + "]" * 70
case("CF009", {"demo/story.yaml": HEAD + f"""cards:
  - id: 1
    title: The Inn
    text: {_deep}
    steps:
      - victory: You reach Paris.
"""}, show={"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    text: [[[[[[ ... ]]]]]]        # 70 lists, each inside the one before
    steps:
      - victory: You reach Paris.
"""})
case("CF010", {}, cmd=("lint", "drafts/"), pack=False, dirs=["drafts"])

# ---------------------------------------------------------------- CF1xx
OK_CARD = """  - id: 1
    title: The Inn
    steps:
      - victory: You reach Paris.
"""
case("CF101", {"demo/story.yaml": """kind: storey
id: act-1
title: The Road
start: 1
cards:
""" + OK_CARD})
case("CF102", {"demo/story.yaml": HEAD + """cards:
  - id: 1
    steps:
      - victory: You reach Paris.
"""})
case("CF103", {"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    txet: A stranger sits by the fire.
    steps:
      - victory: You reach Paris.
"""})
case("CF104", {"demo/story.yaml": HEAD + """flags: [met_athos]
cards:
  - id: 1
    title: The Inn
    steps:
      - set: {met_athos: yes}
      - if: met_athos
        then:
          - victory: Athos rides with you to Paris.
        else:
          - defeat: You ride alone and are lost.
"""})
case("CF105", {"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    steps:
      - challenge:
          stat: Prowess
          successes: 3
          who: everyone
          pass:
            - victory: You win the duel.
          fail:
            - defeat: You lose the duel.
"""})
case("CF106", {"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    steps:
      - goot: 2
  - id: 2
    title: The Bridge
    steps:
      - victory: You reach Paris.
"""})
case("CF107", {"demo/act1.yaml": HEAD + """cards:
""" + OK_CARD, "demo/act2.yaml": """kind: story
id: act-1
title: Paris
start: 21
cards:
  - id: 21
    title: The Louvre
    steps:
      - victory: You reach the King.
"""})
case("CF108", {"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    steps:
      - goto: 02
  - id: 2
    title: The Bridge
    steps:
      - victory: You reach Paris.
"""})
case("CF109", {"demo/story.yaml": HEAD + """cards:
""" + OK_CARD}, pack=False)
case("CF110", {"demo/pack.yaml": PACK_NO_BOARDS, "demo/story.yaml": HEAD + "cards:\n" + OK_CARD})

# ---------------------------------------------------------------- CF2xx
case("CF201", {"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    steps:
      - if: coins >= 3 && players > 1
        then:
          - text: You buy a round for the table.
      - victory: You reach Paris.
"""})
case("CF202", {"demo/story.yaml": HEAD + """flags: [met_athos]
cards:
  - id: 1
    title: The Inn
    steps:
      - set: {met_athos: true}
      - if: met_athoss
        then:
          - text: Athos rides beside you.
      - victory: You reach Paris.
"""})
case("CF203", {"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    steps:
      - if: not coins
        then:
          - text: Your purse is empty.
      - victory: You reach Paris.
"""})

# ---------------------------------------------------------------- CF3xx
case("CF301", {"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    steps:
      - choice:
          - text: Take the north road
            goto: 2
          - text: Take the south road
            goto: 3
  - id: 2
    title: The Bridge
    steps:
      - victory: You reach Paris.
"""})
case("CF302", {"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    steps:
      - goto: 2
  - id: 2
    title: The Bridge
    steps:
      - victory: You reach Paris.
  - id: 2
    title: The Ford
    steps:
      - defeat: You drown.
"""})
case("CF303", {"demo/story.yaml": """kind: story
id: act-1
title: The Road
start: 10
cards:
""" + OK_CARD})
case("CF304", {"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    steps:
      - challenge:
          stat: Strength
          successes: 3
          pass:
            - victory: You win the duel.
          fail:
            - defeat: You lose the duel.
"""})
case("CF305", {"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    steps:
      - gain:
          status: [Despaire]
      - victory: You reach Paris.
"""})
case("CF306", {"demo/act1.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    steps:
      - choice:
          - text: Ride to Paris at once
            goto: 21
          - text: Stay the night
            steps:
              - victory: You sleep well.
""", "demo/act2.yaml": """kind: story
id: act-2
title: Paris
start: 21
cards:
  - id: 21
    title: The Louvre
    steps:
      - victory: You reach the King.
"""})
case("CF307", {"demo/pack.yaml": PACK_NO_BOARDS.replace("max: 4", "max: 2") + """characters:
  - name: Athos
    stats: {Prowess: 4, Movement: 3}
    destiny: 3
    health: 5
    items: [Small Sword]
  - name: Porthos
    stats: {Prowess: 5}
    destiny: 3
    health: 5
""", "demo/story.yaml": HEAD + "cards:\n" + OK_CARD})

case("CF308", {"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Cliff
    steps:
      - gain:
          items: [Rope]
      - choice:
          - text: Climb down the rope
            if: has("Ropes")
            goto: 2
          - text: Take the long way round
            goto: 2
  - id: 2
    title: The Beach
    steps:
      - victory: The boat is waiting.
"""})

case("CF309", {"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Stable
    steps:
      - text: The stable boy keeps your horse as payment.
      - lose:
          items: [Unicorn]
          who: one
      - goto: 2
  - id: 2
    title: The Road
    steps:
      - victory: You walk on to Paris.
"""})

case("CF311", {"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Well
    steps:
      - gain: {coins: 1}
      - purchase:
          offers:
            - {item: Rope, cost: 1}
      - text: The bucket's rope is rotten; one of you gives up a rope.
      - lose:
          items: [Rope]
          who: one
      - goto: 2
  - id: 2
    title: The Cellar
    steps:
      - victory: You climb down.
"""})

case("CF310", {"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn at Chantilly
    steps:
      - choice:
          - text: Let Porthos answer the insult
            if: in_party("Portos")
            steps:
              - challenge:
                  stat: Prowess
                  successes: 3
                  character: Porthos
                  pass:
                    - victory: The stranger flees.
                  fail:
                    - defeat: You are thrown out of the inn.
          - text: Ride on
            goto: 1
"""})

# ---------------------------------------------------------------- CF4xx
case("CF401", {"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    steps:
      - goto: 2
  - id: 2
    title: The Bridge
    steps:
      - victory: You reach Paris.
  - id: 3
    title: The Ford
    steps:
      - goto: 2
"""})
case("CF402", {"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    steps:
      - challenge:
          stat: Prowess
          successes: 3
          pass:
            - goto: 2
          fail:
            - text: You are thrown out into the rain.
  - id: 2
    title: The Bridge
    steps:
      - victory: You reach Paris.
"""})
case("CF403", {"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    steps:
      - choice:
          - text: Take the high road
            goto: 2
          - text: Take the low road
            goto: 3
  - id: 2
    title: The Bridge
    steps:
      - victory: You reach Paris.
  - id: 3
    title: The Forest
    steps:
      - goto: 4
  - id: 4
    title: The Clearing
    steps:
      - goto: 3
"""})
case("CF404", {"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    steps:
      - choice:
          - text: Take the high road
            goto: 2
          - text: Take the low road
            goto: 3
  - id: 2
    title: The Bridge
    steps:
      - victory: You reach Paris.
  - id: 3
    title: The Forest
    steps:
      - text: Wolves circle you.
      - goto: 4
  - id: 4
    title: The Wolves
    steps:
      - defeat: The wolves win.
"""})
case("CF405", {"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    steps:
      - goto: 2
      - text: You pay for your room.
  - id: 2
    title: The Bridge
    steps:
      - victory: You reach Paris.
"""})

# ---------------------------------------------------------------- CF5xx
case("CF501", {"demo/story.yaml": HEAD + """flags: [met_athos]
cards:
  - id: 1
    title: The Inn
    steps:
      - if: met_athos
        then:
          - text: Athos waves from his table.
      - choice:
          - text: Ask Athos for help
            if: met_athos
            goto: 2
          - text: Ride on alone
            goto: 2
  - id: 2
    title: The Bridge
    steps:
      - victory: You reach Paris.
"""})
case("CF502", {"demo/story.yaml": HEAD + """flags: [met_athos]
cards:
  - id: 1
    title: The Inn
    steps:
      - choice:
          - text: Ask Athos for help
            if: met_athos
            steps:
              - victory: Athos rides with you to Paris.
"""})
case("CF503", {"demo/story.yaml": HEAD + """flags: [met_athos]
cards:
  - id: 1
    title: The Inn
    steps:
      - if: met_athos
        then:
          - text: Athos rides beside you.
      - victory: You reach Paris.
"""})
case("CF504", {"demo/story.yaml": HEAD + """flags: [met_athos]
cards:
  - id: 1
    title: The Inn
    steps:
      - set: {met_athos: true}
      - victory: You reach Paris.
"""})
case("CF505", {"demo/story.yaml": HEAD + """counters:
  duels_won: 0
cards:
""" + OK_CARD})

# ---------------------------------------------------------------- CF6xx
case("CF601", {"demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Golden Lily
    text: The host swears your coins are false and wants paying again.
    steps:
      - challenge:
          stat: Prowess
          successes: 2
          pass:
            - gain: {coins: 5}
          fail:
            - text: You lose at dice to the host's cousin.
      - choice:
          - text: Pay the bill a second time (4 coins)
            if: coins >= 4
            steps:
              - lose: {coins: 3}
              - victory: You leave Amiens a great deal poorer.
          - text: Slip out through the stables
            steps:
              - victory: You leave Amiens by the back door.
"""})

# ---------------------------------------------------------------- CF650-CF659: translations (workstream H)
#: A one-card story whose four texts the translation examples translate.
STRINGS_STORY = HEAD + """cards:
  - id: 1
    title: The Inn
    steps:
      - victory: You reach Paris.
"""
case("CF650", {"demo/story.yaml": STRINGS_STORY, "demo/translations/fr.csv": """id,source,target
demo/title,Demo Pack,Pack de démonstration
demo/act-1/title,The Road,La Route
demo/act-1/1/title,The Inn,L'Auberge
"""}, only=["demo/story.yaml", "demo/translations/fr.csv"])
case("CF651", {"demo/story.yaml": STRINGS_STORY, "demo/translations/fr.po": """msgctxt "demo/title"
msgid "Demo Pack"
msgstr "Pack de démonstration"

msgctxt "demo/act-1/title"
msgid "The Road"
msgstr "La Route"

msgctxt "demo/act-1/1/title"
msgid "The Inn"
msgstr "L'Auberge"

msgctxt "demo/act-1/1/victory1"
msgid "You reach Rome."
msgstr "Vous atteignez Rome."
"""}, only=["demo/story.yaml", "demo/translations/fr.po"])
case("CF652", {"demo/story.yaml": STRINGS_STORY, "demo/translations/fr.csv": """id,source,target
demo/title,Demo Pack,Pack de démonstration
demo/act-1/title,The Road,La Route
demo/act-1/1/title,The Inn,L'Auberge
demo/act-1/1/victory1,You reach Paris.,Vous atteignez Paris.
demo/act-1/2/title,The Bastille,La Bastille
"""}, only=["demo/translations/fr.csv"])
case("CF653", {"demo/story.yaml": STRINGS_STORY, "demo/translations/fr.po": """msgctxt "demo/title"
msgid "Demo Pack"
msgstr "Pack de démonstration"

msgctxt "demo/act-1/title"
msgid "The Road"
msgstr "La "Route""
"""}, only=["demo/translations/fr.po"])

# ---------------------------------------------------------------- CF7xx (and the board's CF312)
#: A small box: one map tile piece, Barrels, a Guard's tokens.
BOARD = """kind: components
map_tiles:
  - piece: Medium
    count: 2
    sides:
      - side: Medium A
        size: [4, 4]
      - side: Medium B
        size: [4, 4]
terrain_tiles:
  - piece: Barrel
    count: 4
    faces: [Barrel]
enemy_tokens:
  - enemy: Cardinal's Guard
    count: 6
---
kind: terrain-tile
name: Barrel
size: [1, 1]
"""
LAYOUT = """kind: battle-layout
id: courtyard
title: The Courtyard
grid: [8, 4]
map_tiles:
  - side: Medium A
    at: [1, 1]
  - side: Medium B
    at: [5, 1]
terrain_tiles:
  - tile: Barrel
    at: [3, 2]
deployment:
  - enemy: Cardinal's Guard
    squares:
      - {at: [7, 2], players: 1}
start: [[1, 1], [1, 2], [2, 1], [2, 2]]
exits:
  - squares: [[8, 4]]
"""
BATTLE_STORY = HEAD + """cards:
  - id: 1
    title: The Courtyard
    steps:
      - battle:
          layout: LAYOUT_ID
          objectives:
            - objective: Reach Exit
              victory: You escape the courtyard.
"""
case("CF312", {"demo/board.yaml": BOARD + "---\n" + LAYOUT,
               "demo/story.yaml": BATTLE_STORY.replace("LAYOUT_ID", "court-yard")})
case("CF701", {"demo/board.yaml": BOARD + "---\n" + LAYOUT.replace("tile: Barrel", "tile: Barel"),
               "demo/story.yaml": BATTLE_STORY.replace("LAYOUT_ID", "courtyard")})

# The layout checks, CF702 on: the demo board with one fault each.
STORY = BATTLE_STORY.replace("LAYOUT_ID", "courtyard")
BARREL = "  - tile: Barrel\n    at: [3, 2]\n"


def board_case(code, board=BOARD, layout=LAYOUT, story=STORY):
    case(code, {"demo/board.yaml": board + "---\n" + layout, "demo/story.yaml": story})


board_case("CF702", board=BOARD.replace("  - piece: Medium\n    count: 2", "  - piece: Medium\n    count: 1"))
board_case("CF703", board=BOARD.replace("faces: [Barrel]", "faces: [Barrel, Chest]")
           + "---\nkind: terrain-tile\nname: Chest\nsize: [2, 1]\n")
board_case("CF704", layout=LAYOUT.replace(BARREL, "  - tile: Barrel\n    at: [9, 2]\n"))
board_case("CF705", layout=LAYOUT.replace("  - side: Medium B\n    at: [5, 1]", "  - side: Medium B\n    at: [4, 1]"))
board_case("CF706", layout=LAYOUT.replace("grid: [8, 4]", "grid: [8, 5]").replace(
    BARREL, "  - tile: Barrel\n    at: [3, 5]\n"))
board_case("CF707", layout=LAYOUT.replace(BARREL, BARREL + BARREL))
board_case("CF708", layout=LAYOUT.replace(BARREL, BARREL + "    facing: east\n"))
board_case("CF709", layout=LAYOUT.replace(BARREL, BARREL + "    banner: true\n"))
board_case("CF710", board=BOARD.replace("    faces: [Barrel]\n", "    faces: [Barrel]\n  - piece: Balcony\n    count: 1\n"
                                        "    faces: [Balcony]\n")
           + "---\nkind: terrain-keyword\nname: Railing\napplies_to: edge\nmovement: {cross: false}\n"
             "---\nkind: terrain-tile\nname: Balcony\nsize: [2, 1]\nedges:\n  - {keyword: Railing, side: south}\n",
           layout=LAYOUT.replace(BARREL, BARREL + "  - tile: Balcony\n    at: [5, 4]\n"))
board_case("CF711", layout=LAYOUT.replace("grid: [8, 4]", "grid: [8, 5]").replace(
    "{at: [7, 2], players: 1}", "{at: [7, 5], players: 1}"))
board_case("CF712", layout=LAYOUT.replace("      - {at: [7, 2], players: 1}\n",
                                          "      - {at: [7, 2], players: 1}\n      - {at: [7, 2], players: 3}\n"))
board_case("CF713", layout=LAYOUT.replace("start: [[1, 1], [1, 2], [2, 1], [2, 2]]", "start: [[1, 1], [1, 2]]"))
board_case("CF714", layout=LAYOUT.replace("grid: [8, 4]", "grid: [9, 4]").replace(
    "  - side: Medium B\n    at: [5, 1]", "  - side: Medium B\n    at: [6, 1]").replace("[[8, 4]]", "[[9, 4]]"))
board_case("CF715", story=STORY.replace("objective: Reach Exit", "objective: Defeat Rochefort"))
board_case("CF719", story=STORY.replace("objective: Reach Exit", "objective: Reach Exti"))
board_case("CF716", layout=LAYOUT + "---\n" + LAYOUT.replace("id: courtyard", "id: cellar"))
board_case("CF717", layout=LAYOUT.replace("  - squares: [[8, 4]]\n", "  - squares: [[8, 4]]\n    edge: west\n"))
board_case("CF718", board=BOARD.replace("name: Barrel\nsize: [1, 1]\n", "name: Barrel\nsize: [1, 1]\nactions:\n"
                                        "  - name: Kicking a Barrel\n    from: beside-or-behind\n"
                                        "    challenge: {stat: Movement, successes: 3}\n    success:\n"
                                        "      - board: roll-in-line\n      - board: remove-tile\n"))


# ---------------------------------------------------------------- CF801-CF819: Enemies and decks
# The demo pack with Enemies, a Named Enemy, its Threat deck and the Reaction, Loot and Equipment
# decks: the clean golden case tests/golden/ok-decks, with the demo pack's id.
_OK_DECKS = _pathlib.Path(__file__).resolve().parents[2] / "tests" / "golden" / "ok-decks"
DECKS = {f"demo/{f.name}": "".join(line for line in f.read_text(encoding="utf-8").splitlines(keepends=True)
                                   if not line.startswith("# "))
                             .replace("id: golden", "id: demo").replace("Golden Test Pack", "Demo Pack")
         for f in sorted(_OK_DECKS.glob("*.yaml"))}
_DECKS_NOTE = ("The demo pack of Enemies and decks (the clean golden case `tests/golden/ok-decks`: a manifest with "
               "Starting Weapons and `decks`, `enemies.yaml`, `decks.yaml`, `components.yaml` with a layout, "
               "`story.yaml`), with this change in `{file}`:")


def deck_case(code, file, old, new):
    files = dict(DECKS)
    assert files[f"demo/{file}"].count(old) == 1, (code, old)
    files[f"demo/{file}"] = files[f"demo/{file}"].replace(old, new)
    case(code, files, only=[f"demo/{file}"], note=_DECKS_NOTE.format(file=file))


deck_case("CF801", "enemies.yaml", "spawn: {enemy: Cardinal's Guard", "spawn: {enemy: Cardinals Gaurd")
deck_case("CF802", "components.yaml", "    at: [4, 4]\n", "    at: [4, 4]\n  - name: Milday\n    at: [3, 4]\n")
CASES["CF802"]["files"]["demo/components.yaml"] = CASES["CF802"]["files"]["demo/components.yaml"].replace(
    "enemies: 1", "enemies: 2")
deck_case("CF803", "story.yaml", "deck: Equipment", "deck: Equipement")
deck_case("CF804", "pack.yaml", "    weapons: [Rapier]\n    support:", "    weapons: [Rapeir]\n    support:")
deck_case("CF805", "pack.yaml", "loot: Loot, reaction: Reaction", "loot: Reaction, reaction: Reaction")
deck_case("CF806", "pack.yaml", "    talent:\n      name: Corps", "    support:\n      name: Corps")
deck_case("CF807", "enemies.yaml", "on_hit:\n", "priorities:\n  move: [toward-nearest]\n  target: [{among: adjacent}, "
          "players-choice, {fallback: {terrain: [Portcullis]}}]\non_hit:\n")
deck_case("CF808", "enemies.yaml", "threat_deck: Cardinal Richelieu", "threat_deck: Richelieu")
deck_case("CF809", "components.yaml", "    count: 4\n", "    count: 4\n  - enemy: Marksman\n    count: 2\n")
deck_case("CF810", "enemies.yaml", "---\nkind: named-enemy", "---\nkind: enemy\nname: Marksman\ntype: ranged\n"
          "damage: 1\nmovement: 3\ndefense: {wounded: 2, defeated: 3}\nrange: 6\n---\nkind: named-enemy")
deck_case("CF811", "decks.yaml", "  - name: Nothing\n", "  - name: Nothing\n  - name: Broken Sword\n    effects:\n"
          "      - if: {difficulty: harder}\n        then: [{discard-weapon: {}}]\n")
# ---------------------------------------------------------------- CF820-CF831: Enemies and decks
GUARD = """kind: enemy
name: Cardinal's Guard
type: melee
damage: 2
movement: 4
defense: {wounded: 2, defeated: 3}
"""
RICHELIEU = """kind: named-enemy
name: Cardinal Richelieu
health: {1: 4, 2: 5, 3: 6, 4: 7}
defense: 3
threat_deck: Cardinal Richelieu
"""
THREAT_DECK = """kind: threat-deck
name: Cardinal Richelieu
when_empty: reshuffle
cards:
  - name: Guards!
    threat:
      - activate: {enemy: Cardinal's Guard, adjacent_to: this}
      - spawn: {enemy: Cardinal's Guard, per_player: 1}
      - return-to-box: {}
    reaction:
      - status: {token: Doom, who: you, if_held: [{wound: {who: you, amount: 1}}]}
      - push: {who: you, squares: 1}
  - name: Advance
    threat:
      - move: {squares: 3}
      - attack: {target: [{among: adjacent}, players-choice]}
"""
REACTION_DECK = """kind: deck
name: Reaction
role: reaction
box_counts: 3
cards:
  - name: Duck!
    count: 2
    effects: [{cancel-wound: {}}, {reshuffle: {}}]
  - name: Dodge
    effects:
      - if: adjacent
        then: [{wound: {who: you, amount: 1}}]
"""
EQUIPMENT_DECK = """kind: deck
name: Equipment
role: equipment
cards:
  - name: Broadsword
    hands: 2
    slot: primary
    attack: melee
    cost: 4
    pattern:
      - "xFx"
      - ".o."
  - name: Pistol
    hands: 1
    slot: secondary
    attack: ranged
    value: 3
    cost: 5
    pattern: ["F", "o"]
  - name: Unarmed
    hands: 1
    slot: primary
    attack: melee
    cost: 0
    unarmed: true
    pattern: ["F", "o"]
"""
TOKENS = "kind: components\nenemy_tokens:\n  - {enemy: Cardinal's Guard, count: 10}\n"


def demo_case(code, **files):
    """A demo pack of the Enemy and deck files the example needs (``decks``,
    ``enemies``, ``threats``, ``components``, ``pack``: the file ``demo/<name>.yaml``)."""
    case(code, {f"demo/{name}.yaml": text for name, text in files.items()})


ENEMY_FILES = dict(enemies=GUARD + "---\n" + RICHELIEU, threats=THREAT_DECK, components=TOKENS)
demo_case("CF820", decks="kind: deck\nname: Loot\nrole: loot\ncards: []\n")
demo_case("CF821", **{**ENEMY_FILES, "threats": THREAT_DECK.replace("per_player: 1", "per_player: 3")})
demo_case("CF822", **{**ENEMY_FILES, "threats": THREAT_DECK.split("  - name: Advance")[0]})
demo_case("CF823", decks=EQUIPMENT_DECK.replace('"xFx"', '".f."'))
demo_case("CF824", decks=EQUIPMENT_DECK.replace('".o."', '"xxx"'))
demo_case("CF825", decks=EQUIPMENT_DECK.replace('".o."', '".o"'))
demo_case("CF826", enemies="""kind: enemy
name: Marksman
type: ranged
damage: 1
movement: 3
defense: {wounded: 2, defeated: 3}
priorities:
  move: [stay-if-line-of-sight, toward-line-of-sight]
  target: [{among: range-and-line-of-sight}, nearest, players-choice]
""", components="kind: components\nenemy_tokens:\n  - {enemy: Marksman, count: 4}\n")
demo_case("CF827", **{**ENEMY_FILES, "enemies": GUARD + "---\n" + RICHELIEU.replace("{1: 4, 2: 5, 3: 6, 4: 7}",
                                                                                   "{1: 4, 2: 7, 3: 6, 4: 8}")})
demo_case("CF828", decks=REACTION_DECK.replace("box_counts: 3", "box_counts: 4"))
demo_case("CF829", decks=EQUIPMENT_DECK, pack=PACK_NO_BOARDS.replace("max: 4", "max: 2") + """characters:
  - {name: Athos, stats: {Prowess: 3, Movement: 5}, destiny: 3, health: 5, weapons: [Broadsword, Pistol]}
  - {name: Porthos, stats: {Prowess: 4, Movement: 3}, destiny: 3, health: 5}
carry: {hands: 2}
""")
demo_case("CF830", decks=EQUIPMENT_DECK.replace("    value: 3\n", "    value: 3\n    unarmed: true\n"))
demo_case("CF831", decks=EQUIPMENT_DECK.split("  - name: Unarmed")[0])
deck_case("CF832", "story.yaml", "deck: Equipment", "deck: Equipment\n          per_player: 3")
deck_case("CF833", "pack.yaml", "  - {name: Doom, six_counts: 1, covers: talent}\n",
          "  - {name: Doom, six_counts: 1, covers: talent, removed_by: Prowes}\n")
deck_case("CF834", "pack.yaml", "    start_draws: {deck: Loot, per_character: 1}\n",
          "    start_draws: {deck: Loot, per_character: 1}\n  - name: generous\n    destiny_start: 1\n")
_DRAWS = "    start_draws: {deck: Loot, per_character: 1}\n"
deck_case("CF860", "pack.yaml", _DRAWS, _DRAWS + "campaign:\n  stories: [act-1, act-2]\n")
deck_case("CF861", "pack.yaml", _DRAWS, _DRAWS + "campaign:\n  stories: [act-1, act-1]\n")
case("CF862", {"demo/pack.yaml": PACK + """campaign:
  stories: [act-1]
  between:
    - gain: {destiny: 2}
    - porter-reset: {per_player: 1}
""", "demo/story.yaml": HEAD + """cards:
  - id: 1
    title: The Inn
    steps:
      - victory: You reach Paris.
"""}, only=["demo/pack.yaml"])
deck_case("CF863", "pack.yaml", _DRAWS, _DRAWS + """campaign:
  stories: [act-1]
  between:
    - reshuffle-decks: {}
    - discard: [coins, loot]
""")
demo_case("CF835", decks=REACTION_DECK.replace("box_counts: 3", "box_counts: 4") + """  - name: Duck!
    effects: [{cancel-wound: {}}, {reshuffle: {}}]
""")
demo_case("CF840", decks=REACTION_DECK.replace("box_counts: 3", "box_counts: 4") + """  - name: Second Wind
    effects: [{extra-attack-die: 1}]
""")
demo_case("CF841", decks="""kind: deck
name: Loot
role: loot
cards:
  - name: Smoke Bomb
    keep: true
    use: [{push: {who: you, squares: 2, away_from: this}}]
""")
demo_case("CF842", decks="""kind: deck
name: Loot
role: loot
cards:
  - name: Poisoned Blade
    effects: [{wound: {who: this}}]
""")
demo_case("CF836", **{**ENEMY_FILES, "threats": THREAT_DECK.replace("      - return-to-box: {}\n", "      - draw: {}\n")
                      .replace("      - attack: {target: [{among: adjacent}, players-choice]}\n",
                               "      - attack: {target: [{among: adjacent}, players-choice]}\n      - draw: {}\n")})
deck_case("CF837", "decks.yaml", "  - name: Nothing\n",
          "  - name: Nothing\n    effects: [{draw: {deck: Cardinal Richelieu}}]\n")
deck_case("CF845", "pack.yaml", "      effects: [{auto-successes: {stat: Prowess, successes: 1}}]\n",
          "      effects: [{any-face: {}}]\n")
deck_case("CF846", "pack.yaml", "      effects: [{heal: {who: you, amount: 1}}]\n", "      effects: [{use-ability: support}]\n")

# ---------------------------------------------------------------- CF9xx the state explorer
# The golden cases of the state explorer (tests/golden/<name>/story.yaml), their comment lines left out.
_GOLDEN = _pathlib.Path(__file__).resolve().parents[2] / "tests" / "golden"


def _golden_story(name):
    text = (_GOLDEN / name / "story.yaml").read_text(encoding="utf-8")
    return "".join(line for line in text.splitlines(keepends=True) if not line.startswith("#"))


for _code, _name in (("CF901", "stuck-in-play"), ("CF902", "flag-set-only-later"), ("CF903", "flag-set-only-later"),
                     ("CF904", "condition-always-true"), ("CF905", "condition-always-false"),
                     ("CF906", "ending-never-reached"), ("CF907", "never-won-in-play"), ("CF908", "state-trap")):
    case(_code, {"demo/story.yaml": _golden_story(_name)})
