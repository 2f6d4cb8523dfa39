"""The tables of ``cardforge stats``: deck odds and attack odds of a pack, computed
from its bundle form (docs/bundle.md), so that content and a built bundle give the
same tables. Exact: every chance is a ``Fraction`` from the runtime
(``cardforge_runtime.deck_odds`` for decks, ``DiceRule`` for dice); nothing here
counts dice or cards itself.

- Decks and Threat decks: each card's count, share and chance within the first
  1..``draws`` draws of a fresh shuffle (without the cards a chosen difficulty
  option removes). An Equipment deck's Unarmed card
  (``unarmed: true``) is not shuffled (Gascony's Legacy, Attack: "use the Unarmed
  weapon card"), so it is left out of the deck and listed in ``left_out``.
- Enemies: the chance that one attack of 1..``max_dice`` dice Wounds it (at least
  its Defense before the slash: a Wounded Enemy is then Defeated) or Defeats it
  (at least the Defense after the slash), every Success assigned to it
  (Gascony's Legacy, Assigning Successes to Enemies).
- Named Enemies: the chance that one attack Wounds it once (at least its Defense;
  Assigning Successes to Named Enemies).
- Characters: the same chances for each Starting Weapon (the Unarmed card when
  they have none): a Melee Weapon rolls the Character's stat the pack's ``battle_stats.melee``
  names (Prowess in Gascony's Legacy), a Ranged one its
  Attack value (Attack Rolls), plus the Weapon's ``extra_dice`` (at most
  ``max_dice``); its ``advantage`` rule gives Advantage; its ``reroll_faces`` and
  ``add_pips`` rules are counted by ``DiceRule.weapon_distribution`` (the pips on
  the best dice). Rolls with Advantage (Elevated) are shown for every Weapon, with
  Disadvantage (Cover) for Ranged Weapons only: Cover never applies to Melee Attacks.

One roll, every Success on the one target, no Destiny rerolls, no status tokens.

- Stories (only those asked for): the story odds of each ``challenge`` and ``roll``
  (``story_odds``: with and without the status tokens that change dice).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from cardforge_runtime.deck_odds import deck_odds
from cardforge_runtime.dice import DiceRule

from cardforge_compiler.story_odds import story_odds

__all__ = ["ROLLS", "STATS_VERSION", "chance", "pack_stats", "stats_document"]

#: The version of the ``--format json`` document (docs/stats.md).
STATS_VERSION = 1
#: The rolls each table shows: no Advantage or Disadvantage, with Advantage, with
#: Disadvantage (keys of the JSON document).
ROLLS = ("plain", "advantage", "disadvantage")
#: The chance of at least so many Successes, given the roll's Advantage/Disadvantage flags.
AtLeast = Callable[[int, dict[str, bool]], Fraction]


def chance(value: Fraction) -> dict[str, Any]:
    """A chance as the JSON document writes it: ``{"fraction": "655/1296",
    "percent": 50.54}`` (the exact fraction as text, the percentage rounded to 2
    decimal places)."""
    return {"fraction": str(value), "percent": round(float(value * 100), 2)}


def _deck(name: str, kind: str, role: str | None, cards: Sequence[Mapping[str, Any]], draws: int,
          removed: Sequence[str] = ()) -> dict[str, Any]:
    """A deck's table; ``removed``: the names of cards the difficulty puts in the box."""
    def why(card: Mapping[str, Any]) -> str | None:
        return "unarmed" if card.get("unarmed") else "difficulty" if card["name"] in removed else None
    shuffled = [c for c in cards if why(c) is None]
    left_out = [{"name": c["name"], "count": c["count"], "why": why(c)} for c in cards if why(c) is not None]
    size = sum(c["count"] for c in shuffled)
    table = deck_odds([c["count"] for c in shuffled], draws) if shuffled else []
    rows = [{"name": c["name"], "count": c["count"], "share": chance(Fraction(c["count"], size) if size else Fraction(0)),
             "within": [chance(p) for p in row]} for c, row in zip(shuffled, table)]
    rows.sort(key=lambda r: r["name"])
    return {"name": name, "kind": kind, "role": role, "size": size, "cards": rows, "left_out": left_out}


def _enemies(pack: Mapping[str, Any], rule: DiceRule) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    def plain(dice: int) -> AtLeast:
        return lambda successes, flags: rule.probability_at_least(successes, dice, **flags)

    enemies = [{"name": e["name"], "type": e["type"],
                "defense": {"wounded": e["defense"]["wounded"], "defeated": e["defense"]["defeated"]},
                "attacks": [{"dice": k, **_target_row(plain(k), e["defense"]["wounded"], e["defense"]["defeated"],
                                                      ROLLS, False)}
                            for k in range(1, rule.max_dice + 1)]}
               for e in sorted(pack["enemies"], key=lambda e: e["name"])]
    named = [{"name": n["name"], "defense": n["defense"],
              "attacks": [{"dice": k, **_target_row(plain(k), n["defense"], None, ROLLS, False)}
                          for k in range(1, rule.max_dice + 1)]}
             for n in sorted(pack["named_enemies"], key=lambda n: n["name"])]
    return enemies, named


def _equipment(pack: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The Equipment cards: the pack's equipment deck first, then other equipment decks."""
    main = pack.get("deck_roles", {}).get("equipment")
    decks = sorted(pack["decks"], key=lambda d: (d["name"] != main, d["name"]))
    return [c for d in decks if d["role"] == "equipment" for c in d["cards"]]


def _attack(rule: DiceRule, character: Mapping[str, Any], weapon: Mapping[str, Any] | None, name: str,
            enemies: Sequence[Mapping[str, Any]], named: Sequence[Mapping[str, Any]],
            melee_stat: str | None) -> dict[str, Any]:
    """One attack source of a Character: its dice, its dice rules, the rolls shown,
    and a row per target."""
    kind = weapon["attack"] if weapon is not None else "melee"
    rules = [r for r in (weapon or {}).get("dice") or () if r.get("on", "any") in ("attack", "any")]
    extra = sum(r.get("extra_dice", 0) for r in rules)
    weapon_advantage = any(r.get("advantage") for r in rules)
    rerolls = [sorted(r["reroll_faces"]) for r in rules if r.get("reroll_faces")]
    pips = [(r["add_pips"], r.get("dice_count", 1)) for r in rules if r.get("add_pips")]
    base = (weapon.get("value") or 0) if kind == "ranged" else character["stats"].get(melee_stat or "")
    out: dict[str, Any] = {"weapon": name, "attack": kind, "dice": None, "rolls": [],
                           "extra_dice": extra, "weapon_advantage": weapon_advantage, "reroll_faces": rerolls,
                           "add_pips": [{"pips": p, "dice_count": c} for p, c in pips], "targets": []}
    if base is None:                  # the pack names no Melee stat (battle_stats.melee)
        out["missing"] = "battle_stats.melee"
        return out
    dice = rule.dice_count(base, extra)
    rolls = ("plain", "advantage", "disadvantage") if kind == "ranged" else ("plain", "advantage")
    out.update(dice=dice, rolls=list(rolls))
    tables: dict[tuple[bool, bool], list[Fraction]] = {}

    def at_least(successes: int, flags: dict[str, bool]) -> Fraction:
        key = (flags["advantage"], flags["disadvantage"])
        if key not in tables:
            tables[key] = rule.weapon_distribution(dice, reroll_faces=rerolls, pips=pips, **flags)
        return sum(tables[key][max(successes, 0):], Fraction(0))

    for target in enemies:
        row = _target_row(at_least, target["defense"]["wounded"], target["defense"]["defeated"], rolls,
                          weapon_advantage)
        out["targets"].append({"name": target["name"], "kind": "enemy", **row})
    for target in named:
        row = _target_row(at_least, target["defense"], None, rolls, weapon_advantage)
        out["targets"].append({"name": target["name"], "kind": "named-enemy", **row})
    return out


def _target_row(at_least: AtLeast, wounded: int, defeated: int | None, rolls: Sequence[str],
                weapon_advantage: bool) -> dict[str, Any]:
    """A cell per roll of ``ROLLS`` (``None`` for a roll not in ``rolls``): the chance
    of at least ``wounded`` and of at least ``defeated`` Successes (no ``defeated``
    key when it is ``None``: a Named Enemy)."""
    row: dict[str, Any] = {}
    for roll in ROLLS:
        if roll not in rolls:
            row[roll] = None
            continue
        flags = {"advantage": weapon_advantage or roll == "advantage", "disadvantage": roll == "disadvantage"}
        cell = {"wounded": chance(at_least(wounded, flags))}
        if defeated is not None:
            cell["defeated"] = chance(at_least(defeated, flags))
        row[roll] = cell
    return row


def _characters(pack: Mapping[str, Any], rule: DiceRule) -> list[dict[str, Any]]:
    equipment = _equipment(pack)
    by_name: dict[str, Mapping[str, Any]] = {}
    for card in equipment:
        by_name.setdefault(card["name"], card)
    unarmed = next((c for c in equipment if c.get("unarmed")), None)
    enemies = sorted(pack["enemies"], key=lambda e: e["name"])
    named = sorted(pack["named_enemies"], key=lambda n: n["name"])
    melee_stat = (pack.get("battle_stats") or {}).get("melee")
    out = []
    for character in sorted(pack["characters"], key=lambda c: c["name"]):
        names = list(character.get("weapons") or ())
        sources: list[tuple[str, Mapping[str, Any] | None]] = [(n, by_name.get(n)) for n in names]
        if not sources:
            sources = [(unarmed["name"], unarmed)] if unarmed is not None else [("unarmed", None)]
        out.append({"name": character["name"], "melee_stat": melee_stat,
                    "melee_dice": character["stats"].get(melee_stat) if melee_stat else None,
                    "attacks": [_attack(rule, character, w, n, enemies, named, melee_stat) for n, w in sources]})
    return out


def pack_stats(pack: Mapping[str, Any], draws: int, difficulty: str | None = None,
               stories: Sequence[str] = ()) -> dict[str, Any]:
    """The tables of one bundle pack (already checked: ``load_bundle`` or a clean
    compile), as the JSON document's ``packs[]`` item (docs/stats.md):
    ``{"id", "title", "difficulty", "decks", "threat_decks", "enemies",
    "named_enemies", "characters", "stories"}``, every list sorted by name (``stories``
    in the pack's order: the story odds, ``story_odds.story_odds``, of each of the
    pack's stories whose id is in ``stories``). ``difficulty`` names
    one of the pack's ``difficulty`` options: its ``remove_cards`` are left out of
    their decks (Gascony's Legacy, Difficulty Adjustments: "remove ... from the Loot
    deck").

    Raises:
        ValueError: ``draws`` is not a whole number of at least 1; the pack has no
            difficulty option ``difficulty``.
    """
    removed: Mapping[str, Sequence[str]] = {}
    if difficulty is not None:
        option = next((d for d in pack.get("difficulty", ()) if d["name"] == difficulty), None)
        if option is None:
            raise ValueError(f"pack {pack['id']!r} has no difficulty {difficulty!r}")
        removed = option.get("remove_cards") or {}
    rule = DiceRule.from_pack(pack)
    enemies, named = _enemies(pack, rule)
    return {
        "id": pack["id"],
        "title": pack["title"],
        "difficulty": difficulty,
        "decks": [_deck(d["name"], "deck", d["role"], d["cards"], draws, removed.get(d["name"], ()))
                  for d in sorted(pack["decks"], key=lambda d: d["name"])],
        "threat_decks": [_deck(d["name"], "threat-deck", None, d["cards"], draws)
                         for d in sorted(pack["threat_decks"], key=lambda d: d["name"])],
        "enemies": enemies,
        "named_enemies": named,
        "characters": _characters(pack, rule),
        "stories": [story_odds(pack, s) for s in pack["stories"] if s["id"] in stories],
    }


def stats_document(packs: Sequence[Mapping[str, Any]], draws: int, difficulty: str | None = None,
                   stories: Sequence[str] = ()) -> dict[str, Any]:
    """The whole ``--format json`` document: ``{"version": 1, "draws": N, "packs":
    [...]}`` (packs sorted by id; each as :func:`pack_stats`, with the story odds of
    the stories named in ``stories``). Raises as :func:`pack_stats`."""
    return {"version": STATS_VERSION, "draws": draws,
            "packs": [pack_stats(p, draws, difficulty, stories) for p in sorted(packs, key=lambda p: p["id"])]}
