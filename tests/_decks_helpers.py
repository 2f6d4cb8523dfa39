"""A small hand-written pack with Enemies, a Named Enemy, its Threat deck and the
Reaction, Loot and Equipment decks, written as the issue-9 contract writes them
(Gascony's Legacy: the Cardinal's Guard, "Guards!", "Doom", Duck!, the Broadsword);
shared by the model, emit and bundle tests."""

from __future__ import annotations

from pathlib import Path

from _helpers import MANIFEST_NO_BOARDS, WON_AT_ONCE, write_pack

RULES = """\
characters:
  - name: Porthos
    stats: {Prowess: 4, Movement: 3}
    destiny: 3
    health: 5
    weapons: [Broadsword]
    talent:
      name: Corps-a-corps
      text: Succeed automatically at 1 Interact.
      effects: [{auto-successes: {stat: Prowess, successes: 1}}]
carry: {hands: 2}
decks: {equipment: Equipment, reaction: Reaction, loot: Loot}
stones_of_chance:
  per_character: 1
  faces:
    - face: Prowess
      options:
        - {name: Add 1 die to your Attack roll, effects: [{extra-attack-die: 1}]}
        - {name: Attack with a second Weapon, effects: [{second-attack: {}}]}
difficulty:
  - name: easier
    remove_cards: {Loot: [Nothing]}
    start_draws: {deck: Loot, per_character: 1}
    character_count: -1
    severe_wounds: false
  - name: harder
    destiny_start: -2
    abilities: stones-only
enemy_rules:
  activation_order: melee-then-ranged
on_death: {effect: lose-game}
battle_stats: {melee: Prowess, defense: Movement}
"""

TOKENS = """\
status_tokens:
  - {name: Despair, dice_modifier: -1, covers: support, removed_by: Loyalty}
  - {name: Doom, six_counts: 1, covers: talent, removed_by: Altruism}
"""

ENEMIES = """\
kind: enemy
name: Cardinal's Guard
type: melee
damage: 2
movement: 4
defense: {wounded: 2, defeated: 3}
text: Moves the fewest number of squares toward the nearest Character, then attacks 1 adjacent Character.
---
kind: enemy
name: Marksman
type: ranged
damage: 1
movement: 3
defense: {wounded: 2, defeated: 3}
range: 6
priorities:
  move: [stay-if-line-of-sight, toward-line-of-sight]
  target: [{among: line-of-sight}, nearest, {prefer: {role: Magus}}, players-choice]
---
kind: named-enemy
name: Cardinal Richelieu
health: {1: 4, 2: 5, 3: 6, 4: 7}
defense: 3
damage: 2
movement: 3
threat_deck: Cardinal Richelieu
"""

THREATS = """\
kind: threat-deck
name: Cardinal Richelieu
when_empty: nothing
cards:
  - name: Guards!
    threat:
      - activate: {enemy: Cardinal's Guard, adjacent_to: this}
      - spawn: {enemy: Cardinal's Guard, per_player: 1, where: empty-adjacent-to-this}
      - return-to-box: {}
    reaction:
      - status: {token: Doom, who: you, if_held: [{wound: {who: you, amount: 1}}]}
      - push: {who: you, squares: 1, away_from: this}
    reaction_name: Doom
    text: {threat: Activate all Guards adjacent to the Cardinal., reaction: Gain a Doom token.}
"""

DECKS = """\
kind: deck
name: Reaction
role: reaction
box_counts: 3
cards:
  - name: Duck!
    count: 2
    effects: [{cancel-wound: {}}, {reshuffle: {}}]
    text: The Enemy is not Wounded from this Attack. Reshuffle the Deck.
  - name: Counterattack
    effects:
      - if: adjacent
        then: [{wound: {who: you, amount: 1}}]
---
kind: deck
name: Loot
role: loot
cards:
  - name: Nothing
  - name: Cross
    effects: [{gain: {destiny: 1}}]
---
kind: deck
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
    dice: [{on: attack, add_pips: 1}]
  - name: Pistol
    hands: 1
    slot: secondary
    attack: ranged
    value: 3
    range: 5
    cost: 5
    pattern: ["F", "o"]
  - name: Unarmed
    hands: 1
    slot: primary
    attack: melee
    cost: 0
    unarmed: true
    pattern: ["F"]
"""

COMPONENTS = """\
kind: components
enemy_tokens:
  - {enemy: Cardinal's Guard, count: 6}
  - {enemy: Marksman, count: 2}
"""


def decks_pack(tmp_path: Path, **replace: str) -> Path:
    """The fixture pack under ``tmp_path/pack``; ``replace`` overrides a file's text
    (``enemies``, ``threats``, ``decks``, ``components``, ``rules``, ``tokens``)."""
    folder = write_pack(tmp_path / "pack", WON_AT_ONCE)
    texts = {"enemies": ENEMIES, "threats": THREATS, "decks": DECKS, "components": COMPONENTS, "rules": RULES,
             "tokens": TOKENS, **replace}
    manifest = MANIFEST_NO_BOARDS.replace("max: 4", "max: 1").replace("solo_characters: 2", "solo_characters: 1")
    head, _, tail = manifest.partition("status_tokens:\n")
    tail = tail.split("dice:", 1)[1]
    (folder / "pack.yaml").write_text(head + texts["tokens"] + "dice:" + tail + texts["rules"], encoding="utf-8")
    for name in ("enemies", "threats", "decks", "components"):
        (folder / f"{name}.yaml").write_text(texts[name], encoding="utf-8")
    return folder
