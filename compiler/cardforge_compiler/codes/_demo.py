"""The demo content the examples of the registry are built from: the manifest
``demo/pack.yaml`` most examples share (:data:`PACK`), the first lines of a story
(:data:`HEAD`), a small battle board and layout, the Enemies and decks of the clean
golden case ``tests/golden/ok-decks`` (:data:`DECKS`, kept equal to it by a test), and
helpers that build an example from them."""

from cardforge_compiler.codes._demo_decks import DECKS
from cardforge_compiler.codes._registry import Example, example

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
PACK_NO_BOARDS = PACK
PACK = PACK_NO_BOARDS + """characters:
  - {name: Athos, stats: {Prowess: 4, Movement: 3}, destiny: 3, health: 5}
  - {name: Porthos, stats: {Prowess: 5, Movement: 2}, destiny: 3, health: 5}
  - {name: Aramis, stats: {Prowess: 3, Movement: 4}, destiny: 4, health: 4}
  - {name: D'Artagnan, stats: {Prowess: 4, Movement: 4}, destiny: 4, health: 4}
"""
HEAD = """kind: story
id: act-1
title: The Road
start: 1
"""
_deep = "[" * 70 + "]" * 70
OK_CARD = """  - id: 1
    title: The Inn
    steps:
      - victory: You reach Paris.
"""
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
STORY = BATTLE_STORY.replace("LAYOUT_ID", "courtyard")
BARREL = "  - tile: Barrel\n    at: [3, 2]\n"
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
ENEMY_FILES = dict(enemies=GUARD + "---\n" + RICHELIEU, threats=THREAT_DECK, components=TOKENS)
_DRAWS = "    start_draws: {deck: Loot, per_character: 1}\n"


def board_example(board: str = BOARD, layout: str = LAYOUT, story: str = STORY, **kw) -> Example:
    """The demo board with one change: ``demo/board.yaml`` (``board`` then ``layout``) and ``demo/story.yaml``."""
    return example({"demo/board.yaml": board + "---\n" + layout, "demo/story.yaml": story}, **kw)


_DECKS_NOTE = ("The demo pack of Enemies and decks (the clean golden case `tests/golden/ok-decks`: a manifest with "
               "Starting Weapons and `decks`, `enemies.yaml`, `decks.yaml`, `components.yaml` with a layout, "
               "`story.yaml`), with this change in `{file}`:")


def deck_example(file: str, *changes: tuple[str, str], **kw) -> Example:
    """:data:`DECKS` with ``changes`` (``(old, new)``, each found exactly once) made to
    ``demo/<file>``, the one file shown. Raises ``ValueError`` when ``old`` is not found once."""
    files = dict(DECKS)
    for old, new in changes:
        if files[f"demo/{file}"].count(old) != 1:
            raise ValueError(f"{file}: {old!r} is not found exactly once")
        files[f"demo/{file}"] = files[f"demo/{file}"].replace(old, new)
    return example(files, only=[f"demo/{file}"], note=_DECKS_NOTE.format(file=file), **kw)


def demo_example(*, after: str = "", also: tuple[str, ...] = (), **files: str) -> Example:
    """A demo pack of the Enemy and deck files the example needs (``decks``,
    ``enemies``, ``threats``, ``components``, ``pack``: the file ``demo/<name>.yaml``)."""
    return example({f"demo/{name}.yaml": text for name, text in files.items()}, after=after, also=also)
