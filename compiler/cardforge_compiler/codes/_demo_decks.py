"""The Enemies and decks of the examples: the clean golden case ``tests/golden/ok-decks``
(its comment lines left out, the pack named ``demo``). tests/test_codes.py keeps it equal."""

DECKS = {
    "demo/components.yaml": """kind: components
map_tiles:
  - piece: Medium
    count: 1
    sides:
      - side: Medium A
        size: [4, 4]
      - side: Medium B
        size: [4, 4]
enemy_tokens:
  - enemy: Cardinal's Guard
    count: 4
standees:
  characters: 4
  enemies: 1
---
kind: battle-layout
id: courtyard
title: The Courtyard
grid: [4, 4]
map_tiles:
  - side: Medium A
    at: [1, 1]
deployment:
  - enemy: Cardinal's Guard
    squares:
      - {at: [4, 1], players: 1}
named_enemies:
  - name: Cardinal Richelieu
    at: [4, 4]
start: [[1, 1], [1, 2], [2, 1], [2, 2]]
""",
    "demo/decks.yaml": """kind: deck
name: Reaction
role: reaction
cards:
  - name: Duck!
    effects: [{cancel-wound: {}}, {reshuffle: {}}]
---
kind: deck
name: Loot
role: loot
cards:
  - name: Nothing
  - name: Cross
    keep: true
    use: [{gain: {destiny: 1}}]
---
kind: deck
name: Equipment
role: equipment
cards:
  - name: Rapier
    count: 6
    hands: 1
    slot: primary
    attack: melee
    cost: 3
    pattern: ["F", "o"]
    dice: [{on: any, reroll_faces: [1]}]
  - name: Broadsword
    count: 6
    hands: 2
    slot: primary
    attack: melee
    cost: 4
    pattern: ["xFx", ".o."]
  - name: Unarmed
    hands: 1
    slot: primary
    attack: melee
    cost: 0
    unarmed: true
    pattern: ["F"]
""",
    "demo/enemies.yaml": """kind: enemy
name: Cardinal's Guard
type: melee
damage: 2
movement: 4
defense: {wounded: 2, defeated: 3}
on_hit:
  - status: {token: Despair, who: you}
---
kind: named-enemy
name: Cardinal Richelieu
health: {1: 4, 2: 5, 3: 6, 4: 7}
defense: 3
damage: 2
movement: 3
threat_deck: Cardinal Richelieu
---
kind: threat-deck
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
  - name: Reinforcements
    threat:
      - if: {in_supply: Cardinal's Guard}
        then: [{draw: {portion: threat}}]
        else: [{attack: {target: [{among: adjacent}, players-choice]}}]
""",
    "demo/pack.yaml": """kind: pack
id: demo
title: Demo Pack
version: 1.0.0
players:
  min: 1
  max: 4
  solo_characters: 2
stats: [Prowess, Movement]
status_tokens:
  - {name: Despair, dice_modifier: -1, covers: support}
  - {name: Doom, six_counts: 1, covers: talent}
dice:
  sides: 6
  max_dice: 6
  single_success: [4, 5]
  double_success: [6]
characters:
  - name: Athos
    stats: {Prowess: 3, Movement: 5}
    destiny: 3
    health: 5
    weapons: [Rapier]
    support:
      name: All for One
      effects: [{heal: {who: you, amount: 1}}]
  - name: Porthos
    stats: {Prowess: 4, Movement: 3}
    destiny: 3
    health: 5
    weapons: [Broadsword]
    talent:
      name: Corps-a-corps
      effects: [{auto-successes: {stat: Prowess, successes: 1}}]
  - name: Aramis
    stats: {Prowess: 3, Movement: 4}
    destiny: 4
    health: 4
    weapons: [Rapier]
  - name: D'Artagnan
    stats: {Prowess: 4, Movement: 4}
    destiny: 4
    health: 4
    weapons: [Rapier]
porter: {deck: Equipment}
decks: {equipment: Equipment, loot: Loot, reaction: Reaction}
stones_of_chance:
  faces:
    - face: Prowess
      options:
        - {name: Use your Talent, effects: [{use-ability: talent}]}
difficulty:
  - name: easier
    remove_cards: {Loot: [Nothing]}
    start_draws: {deck: Loot, per_character: 1}
""",
    "demo/story.yaml": """kind: story
id: act-1
title: "Act I: The Courtyard"
start: 1
cards:
  - id: 1
    title: The Armourer
    steps:
      - purchase:
          deck: Equipment
      - choice:
          - text: Draw your Rapier
            if: has("Rapier")
            goto: 2
          - text: Raise the Cross
            if: has("Cross")
            goto: 2
          - text: Fight bare-handed
            goto: 2
  - id: 2
    title: Guards!
    steps:
      - battle:
          layout: courtyard
          objectives:
            - objective: Defeat Cardinal Richelieu
              victory: The Cardinal flees.
""",
}
