"""Attack resolution and the effect interpreter of a Battle (standard library only),
one concern per module:

- ``state``: the Battle state (figures with ids, the Enemy supply, the next id);
- ``scene``: ``Scene``, what the rules read and change (board, Battle and game state,
  the pack's data by name, the deck engine, dice);
- ``deck_access``: ``GameDecks``, the deck interface on the deck engine (``decks``);
- ``patterns``: the squares of a Weapon's Attack Pattern (facing, Stance, Ranged rays);
- ``targets``: target rules (``select_targets``) and the ``pick`` request;
- ``resolution``, ``effects``, ``placement``, ``predicates``: the effect interpreter;
- ``dice_rules``: an attack roll with the Weapon's dice rules and Destiny rerolls;
- ``attack``: an Attack from start to end (targets, dice, successes, Reactions, Loot);
- ``defense``: a Character answering Enemy attacks (automatic Wounds, the Defense roll);
- ``stones``: Stones of Chance (the All for One roll, spending a stone, stones spent
  during a reroll);
- ``abilities``: Talent and Support, covering status tokens, the Character-turn effects;
- ``prepare``: the Prepare action's request;
- ``enemy_routes``: legal Enemy routes and their rule checker (``legal_enemy_path``);
- ``enemy_move``: Enemy movement by the priorities;
- ``enemy_turn``: the Enemy turn (threats, movement, attacks), ``activate``, ``enemy_attack``;
- ``setup``, ``rounds``, ``turn``, ``objectives``, ``round_answers``: the Battle
  rounds (Setup, the rounds, the Character turn, the end, their answer checks);
- ``answers``: the checks of the answers to the requests above.

docs/runtime.md, "Battle state", "Attacks", "The Defense roll", "Stones of Chance and
abilities", "The Enemy turn" and "Battle rounds".
"""
