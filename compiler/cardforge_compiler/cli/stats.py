"""``cardforge stats``: the deck odds and attack odds of a pack, and with ``--story`` the
story odds of each challenge and roll (their text in ``cli.stats_story``), as tables for
people (``text``) or one JSON document for tools (``json``; docs/stats.md).

The tables are computed from the bundle form of each pack (:mod:`cardforge_compiler.stats`):
content given as ``PATH...`` is compiled first (as ``cardforge build`` would, nothing
written) and refused, with its diagnostics, when it has errors; a single ``.json``
file is read as a bundle (checked as ``cardforge play`` checks it), and only alone.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import click

from cardforge_compiler.report import ConfigError, plural, shown

__all__ = ["stats"]

_ROLL_TITLES = {"plain": "plain", "advantage": "Advantage", "disadvantage": "Disadvantage"}
#: The rolls a table can show (``cardforge_compiler.stats.ROLLS``, not imported here so
#: that ``--help`` loads no runtime module).
ROLLS = tuple(_ROLL_TITLES)


def bundle_data(paths: tuple[str, ...], command: str) -> dict[str, Any]:
    """The bundle data (``load_bundle``'s ``data``) of a bundle file or of compiled
    content, for ``cardforge COMMAND``. Content with errors (its own or its packs'
    other files) is refused: the diagnostics go to stderr and the process exits 1; a
    missing path, or a bundle given with other paths (a bundle is read alone), is a
    ``ConfigError`` (exit 2)."""
    from cardforge_compiler.cli.build import no_empty_path
    from cardforge_runtime import BundleError, load_bundle

    no_empty_path(paths)
    bundles = [p for p in paths if Path(p).suffix == ".json" and not Path(p).is_dir()]
    if bundles and len(paths) > 1:
        raise ConfigError(f"{command} reads one bundle alone, got {len(paths)} paths ({', '.join(paths)}): "
                          f"run `cardforge {command} {bundles[0]}`, once per bundle")
    if bundles:
        try:
            return load_bundle(paths[0]).data
        except BundleError as error:
            raise ConfigError(str(error)) from None
    from cardforge_compiler import __version__
    from cardforge_compiler.cli.explore import content_errors, inputs_exist
    from cardforge_compiler.emit import build_bundle
    from cardforge_compiler.pipeline import compile_paths

    result = compile_paths(list(paths))
    inputs_exist(result, paths)
    content_errors(result, paths, command, "no tables" if command == "stats" else "no report")
    packs = [p for p in result.packs if p.manifest is not None]
    if not packs:
        raise ConfigError(f"no pack found: {command} needs a pack manifest (kind: pack) and its files")
    return build_bundle(packs, __version__)


def playable(data: dict[str, Any], paths: tuple[str, ...]) -> Any:
    """``load_bundle(data)``, the bundle compiled from the content at ``paths``; a
    bundle the runtime refuses is a ``ConfigError`` (exit 2) saying why, not an internal
    error. (Part of a pack, one story file, compiles into a bundle without the pack's
    campaign, ``emit.campaign_left_out``: it plays.)"""
    from cardforge_runtime import BundleError, load_bundle

    try:
        return load_bundle(data)
    except BundleError as error:
        raise ConfigError(f"{' '.join(paths)}: the compiled content is not a bundle cardforge can play: "
                          f"{error}") from None


def _percent(cell: Mapping[str, Any] | None) -> str:
    """A chance as a percentage with 1 decimal place, rounded once from the exact
    fraction (the document's ``percent`` is already rounded to 2 places: 78.6458
    would become 78.65, then 78.7)."""
    return "-" if cell is None else f"{float(Fraction(cell['fraction']) * 100):.1f}%"


def _exact(cell: Mapping[str, Any]) -> str:
    return f"{cell['fraction']} ({_percent(cell)})"


def _table(head: Sequence[str], rows: Sequence[Sequence[str]], left: int = 1) -> list[str]:
    """A table whose every line starts with ``|`` (never with author text): the first
    ``left`` columns aligned left, the others right."""
    widths = [max(len(r[i]) for r in (head, *rows)) for i in range(len(head))]

    def line(cells: Sequence[str]) -> str:
        return "| " + " | ".join(c.ljust(w) if i < left else c.rjust(w)
                                 for i, (c, w) in enumerate(zip(cells, widths))) + " |"
    return [line(head), "|" + "|".join("-" * (w + 2) for w in widths) + "|", *(line(r) for r in rows)]


def _deck_text(deck: Mapping[str, Any], draws: int, difficulty: str | None = None,
               weapons: Sequence[str] = ()) -> list[str]:
    """A deck's table; ``weapons``: the Starting Weapons among its cards (an Equipment
    deck), which the table counts although Setup takes them out before any draw."""
    what = f"{deck['role']} deck" if deck["kind"] == "deck" else "Threat deck"
    lines = [f"{what.capitalize()} '{shown(deck['name'])}': {plural(deck['size'], 'card')}; the chance of each card "
             f"within the first n draws of a fresh shuffle"]
    for out in deck["left_out"]:
        if out["why"] == "unarmed":
            lines.append(f"  left out: '{shown(out['name'])}', the Unarmed card (it never leaves play, so it is "
                         "never shuffled or drawn)")
        else:
            copies = "its copy" if out["count"] == 1 else f"its {out['count']} copies"
            lines.append(f"  left out: '{shown(out['name'])}' (difficulty '{shown(difficulty or '')}' removes "
                         f"{copies} from the deck)")
    if weapons:
        lines.append(f"  these odds count the Starting Weapons ({', '.join(shown(w) for w in weapons)}) as in the deck; "
                     "at Setup the Characters in play take theirs out before any draw")
    head = ["card", "count", "share", *(f"n={n}" for n in range(1, draws + 1))]
    rows = [[shown(c["name"]), str(c["count"]), _exact(c["share"]), *(_exact(w) for w in c["within"])]
            for c in deck["cards"]]
    return [*lines, *_table(head, rows)]


def _enemy_text(enemy: Mapping[str, Any], shown_rolls: Sequence[str] = ROLLS) -> list[str]:
    wounded, defeated = enemy["defense"]["wounded"], enemy["defense"]["defeated"]
    lines = [f"Enemy '{shown(enemy['name'])}' ({enemy['type']}, Defense {wounded}/{defeated}): the chance that one "
             f"attack of n dice Wounds it ({wounded}+ Successes; a Wounded Enemy is then Defeated) or Defeats it "
             f"({defeated}+)"]
    head = ["dice", *(f"Wounded {_ROLL_TITLES[r]}" for r in shown_rolls),
            *(f"Defeated {_ROLL_TITLES[r]}" for r in shown_rolls)]
    rows = [[str(a["dice"]), *(_percent(a[r]["wounded"]) for r in shown_rolls),
             *(_percent(a[r]["defeated"]) for r in shown_rolls)] for a in enemy["attacks"]]
    return [*lines, *_table(head, rows, left=0)]


def _named_text(named: Mapping[str, Any], shown_rolls: Sequence[str] = ROLLS) -> list[str]:
    lines = [f"Named Enemy '{shown(named['name'])}' (Defense {named['defense']}): the chance that one attack of n dice "
             f"gives it a Wound ({named['defense']}+ Successes)"]
    head = ["dice", *(f"Wound {_ROLL_TITLES[r]}" for r in shown_rolls)]
    rows = [[str(a["dice"]), *(_percent(a[r]["wounded"]) for r in shown_rolls)]
            for a in named["attacks"]]
    return [*lines, *_table(head, rows, left=0)]


def _character_text(character: Mapping[str, Any], shown_rolls: Sequence[str] = ROLLS) -> list[str]:
    stat = character["melee_stat"]
    melee = f"{shown(stat)} {character['melee_dice']}" if stat is not None else "no Melee stat"
    lines = [f"Character '{shown(character['name'])}' ({melee})"]
    for attack in character["attacks"]:
        if attack["dice"] is None:
            lines.append(f"  attack with '{shown(attack['weapon'])}': {attack['attack']}, no stat to roll (the "
                         f"pack's {attack['missing']} names none)")
            continue
        notes = [plural(attack["dice"], "die").replace("dies", "dice")]
        if attack["extra_dice"]:
            notes.append(f"{attack['extra_dice']:+d} from the Weapon")
        if attack["weapon_advantage"]:
            notes.append("the Weapon gives Advantage")
        for faces in attack["reroll_faces"]:
            notes.append(f"a free reroll of {', '.join(f'{f}s' for f in faces)}")
        for rule in attack["add_pips"]:
            notes.append(f"+{plural(rule['pips'], 'pip')} on {plural(rule['dice_count'], 'die').replace('dies', 'dice')}"
                         f" (the best)")
        lines.append(f"  attack with '{shown(attack['weapon'])}': {attack['attack']}, {', '.join(notes)}")
        rolls = [r for r in attack["rolls"] if r in shown_rolls]
        head = ["target", *(f"Wounded {_ROLL_TITLES[r]}" for r in rolls), *(f"Defeated {_ROLL_TITLES[r]}" for r in rolls)]
        rows = [[shown(t["name"]) + (" (Named: a Wound)" if t["kind"] == "named-enemy" else ""),
                 *(_percent(t[r]["wounded"]) for r in rolls),
                 *(_percent(t[r].get("defeated")) for r in rolls)] for t in attack["targets"]]
        if rows:
            lines += _table(head, rows)
    return lines


def _rolls_shown(dice: Mapping[str, Any] | None) -> tuple[list[str], list[str]]:
    """The rolls whose columns the text shows, and a note per roll left out: with no
    ``advantage_adds`` a roll with Advantage has exactly the chances of a plain one
    (Dice Rolls: Advantage turns those faces into Successes), and with no
    ``disadvantage_removes`` Disadvantage changes nothing either."""
    shown_rolls, notes = ["plain"], []
    for roll, key in (("advantage", "advantage_adds"), ("disadvantage", "disadvantage_removes")):
        if dice is not None and not dice.get(key):
            notes.append(f"{_ROLL_TITLES[roll]} columns left out: this pack's dice have no `{key}`, so a roll with "
                         f"{_ROLL_TITLES[roll]} has the same chances as a plain roll.")
        else:
            shown_rolls.append(roll)
    return shown_rolls, notes


def _text(document: Mapping[str, Any], bundle_packs: Sequence[Mapping[str, Any]] = (), asked: bool = False) -> str:
    """The text of ``document`` (``stats_document``) for the bundle packs it was
    computed from; ``asked``: stories were asked for (``--story``), so the hint that
    names them is left out."""
    from cardforge_compiler.cli.stats_story import ending_text, story_text

    draws = document["draws"]
    out: list[str] = []
    by_id = {p["id"]: p for p in bundle_packs}
    for pack in document["packs"]:
        source = by_id.get(pack["id"], {})
        shown_rolls, notes = _rolls_shown(source.get("dice"))
        weapons = sorted({w for c in source.get("characters", ()) for w in c.get("weapons") or ()})
        level = f", difficulty '{shown(pack['difficulty'])}'" if pack["difficulty"] is not None else ""
        out += [f"cardforge stats: pack '{shown(pack['id'])}' ({shown(pack['title'])}){level}",
                "Chances are exact (fractions; --format json gives them all). Dice: one roll, every Success on "
                "the one target, no Destiny rerolls, no status tokens.", *notes, ""]
        for deck in [*pack["decks"], *pack["threat_decks"]]:
            names = {c["name"] for c in deck["cards"]}
            held = [w for w in weapons if w in names] if deck.get("role") == "equipment" else []
            out += [*_deck_text(deck, draws, pack["difficulty"], held), ""]
        for enemy in pack["enemies"]:
            out += [*_enemy_text(enemy, shown_rolls), ""]
        for named in pack["named_enemies"]:
            out += [*_named_text(named, shown_rolls), ""]
        if not (pack["decks"] or pack["threat_decks"] or pack["enemies"] or pack["named_enemies"]):
            out += ["No decks, Threat decks, Enemies or Named Enemies in this pack.", ""]
        elif not (pack["enemies"] or pack["named_enemies"]):
            out += ["No Enemies or Named Enemies in this pack: no attack tables for its Characters.", ""]
        else:
            for character in pack["characters"]:
                out += [*_character_text(character, shown_rolls), ""]
        for story in pack.get("stories", ()):
            out += story_text(story, source)
            for section in story.get("endings") or ():
                out += ending_text(story["id"], section)
        if source.get("stories") and not asked:
            ids = ", ".join(shown(s["id"]) for s in source["stories"])
            out += [f"Story odds (each challenge and roll): add --story ID ({ids}).", ""]
    return "\n".join(out)


#: The most states explored again with every count exact (``_add_ending_odds``): a count that
#: grows in a loop never ends that exploration, whose open mass shrinks with every lap.
UNBOUNDED_BUDGET = 2_000


def _add_ending_odds(bundle: dict[str, Any], document: dict[str, Any], paths: tuple[str, ...],
                     budget: int | None = None) -> None:
    """Give each story of ``document`` its ``endings``: the ending odds
    (``ending_odds.ending_section``) of the state explorer's graph, one section per
    player count, the pack's first Characters in play, a row for every result the
    story can end with (``ending_odds.story_results``) (docs/stats.md, Ending odds).

    When a counter, the coins or an item's copies went above the explorer's bound,
    its abstract graph would give the chances of another game (a counter that grows
    in a loop stays at the first value past the bound), so the story is explored
    again with nothing abstracted (``UNBOUNDED``): that exploration stops at its
    budget (``UNBOUNDED_BUDGET`` or the one asked, if smaller, halved while the exact
    solution would be too costly: ``ending_odds.OddsTooCostly``) and every chance is
    a range that holds for the story itself (at least, at most); the section's
    ``unbounded`` says so. Any chain too costly to solve exactly is explored again
    with half the states, and so on. ``abstracted`` is ``None`` when the graph is the
    game's own, else ``{"deck_items": [...]}``: conditions read items a deck deals, which
    the explorer follows in one shuffle."""
    from cardforge_compiler.ending_odds import OddsTooCostly, story_results
    from cardforge_compiler.explore import UNBOUNDED, explore_story
    loaded = playable(bundle, paths)
    packs = {p["id"]: p for p in bundle["packs"]}
    sized = {} if budget is None else {"budget": budget}
    for pack in document["packs"]:
        boards = [b["name"] for b in packs[pack["id"]].get("characters", [])]
        stories = {s["id"]: s for s in packs[pack["id"]]["stories"]}
        for story in pack["stories"]:
            results = story_results(stories[story["id"]])
            exploration = explore_story(loaded, pack["id"], story["id"], **sized)
            unbounded = exploration.clamped
            if not unbounded:
                try:
                    story["endings"] = _sections(exploration, results, boards, False)
                    continue
                except OddsTooCostly:
                    size = exploration.states // 2
            else:
                size = min(budget or UNBOUNDED_BUDGET, UNBOUNDED_BUDGET)
            # halved until the exact solution stays small: fewer states, wider ranges
            bound = UNBOUNDED if unbounded else exploration.bound
            while True:
                exploration = explore_story(loaded, pack["id"], story["id"], bound=bound, budget=max(1, size))
                try:
                    story["endings"] = _sections(exploration, results, boards, unbounded)
                    break
                except OddsTooCostly:
                    if size <= 1:
                        raise
                    size //= 2


def _sections(exploration: Any, results: list[str], boards: list[str], unbounded: bool) -> list[dict[str, Any]]:
    """The ending odds sections of ``exploration`` (``_add_ending_odds``), one per setup
    whose Characters are the pack's first ones (``boards``). Raises
    ``ending_odds.OddsTooCostly`` as ``ending_section`` does."""
    import dataclasses

    from cardforge_compiler.ending_odds import ending_section

    abstracted = {"deck_items": list(exploration.deck_items)} if exploration.deck_items else None
    sections = []
    for index, setup in enumerate(exploration.setups):
        if setup.characters != tuple(boards[: len(setup.characters)]):
            continue
        graph = dataclasses.replace(exploration.graph, start={("setup", index): Fraction(1)})
        sections.append({"setup": setup.as_json(), **ending_section(graph, results), "unbounded": unbounded,
                         "abstracted": abstracted})
    return sections


@click.command()
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option("--pack", "pack_id", help="Only this pack (its id).")
@click.option("--draws", type=click.IntRange(1, 20), default=3, show_default=True, metavar="N",
              help="Show each card's chance within the first 1..N draws (1 to 20).")
@click.option("--difficulty", metavar="NAME",
              help="Leave out the cards this difficulty option of the pack removes (e.g. easier).")
@click.option("--story", "story_ids", multiple=True, metavar="ID",
              help="Also the odds of each challenge and roll of this story (repeat for more).")
@click.option("--explore-budget", "budget", type=click.IntRange(1, 100_000_000), metavar="N",
              help="With --story: the most states the state explorer plays per story for the ending odds "
                   "(default 200,000; fewer: sooner, the chances as ranges).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text for people, json for tools (exact fractions).")
def stats(paths: tuple[str, ...], pack_id: str | None, draws: int, difficulty: str | None,
          story_ids: tuple[str, ...], budget: int | None, fmt: str) -> None:
    """Deck and attack odds: for each deck and Threat deck, each card's share and
    exact chance within the first N draws; for each Enemy and Named Enemy, the
    chance that an attack of 1-6 dice Wounds or Defeats it; per Character, the same
    for each Starting Weapon. With --story, the story odds: each challenge's chance
    of success and each roll's Successes, per Character and player count, with and
    without the status tokens that change dice.

    PATH... is content (files or folders, compiled as build does; refused when it
    has errors) or one bundle (.json). docs/stats.md describes the tables.

    \b
    Example:
      cardforge stats content/gascony/
      cardforge stats content/gascony/ --draws 5 --format json
      cardforge stats content/gascony/ --difficulty easier
      cardforge stats content/gascony/ --story act-1
      cardforge stats build/gascony.bundle.json
    """
    from cardforge_compiler.cli.refusals import json_failures
    from cardforge_compiler.stats import STATS_VERSION

    with json_failures(fmt, {"version": STATS_VERSION, "draws": draws, "packs": []}):
        document, packs = _stats(paths, pack_id, draws, difficulty, story_ids, budget)
    if fmt == "json":
        click.echo(json.dumps(document, indent=2, ensure_ascii=False))
    else:
        click.echo(_text(document, packs, bool(story_ids)), nl=False)


def _stats(paths: tuple[str, ...], pack_id: str | None, draws: int, difficulty: str | None,
           story_ids: tuple[str, ...], budget: int | None) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The ``stats`` document and the bundle packs it was computed from; ``ConfigError``
    for a usage error, ``refusals.Refused`` for content with errors."""
    from cardforge_compiler.diagnostics import did_you_mean
    from cardforge_compiler.stats import stats_document

    if budget is not None and not story_ids:
        raise ConfigError("--explore-budget sets the ending odds of --story ID: give --story too")
    bundle = bundle_data(paths, "stats")
    packs = bundle["packs"]
    if pack_id is not None:
        chosen = [p for p in packs if p["id"] == pack_id]
        if not chosen:
            hint = did_you_mean(pack_id, [p["id"] for p in packs])
            raise ConfigError(f"no pack {pack_id!r} (packs: {', '.join(p['id'] for p in packs) or 'none'})"
                              f"{'; ' + hint if hint else ''}")
        packs = chosen
    if difficulty is not None:
        for pack in packs:
            names = [d["name"] for d in pack.get("difficulty", ())]
            if difficulty not in names:
                hint = did_you_mean(difficulty, names)
                raise ConfigError(f"--difficulty {difficulty!r}: pack {pack['id']!r} has "
                                  f"{'the difficulty options ' + ', '.join(names) if names else 'no difficulty options'}"
                                  f"{'; ' + hint if hint else ''}")
    known = [s["id"] for p in packs for s in p["stories"]]
    for story_id in story_ids:
        if story_id not in known:
            hint = did_you_mean(story_id, known)
            raise ConfigError(f"--story {story_id!r}: no such story (stories: {', '.join(known) or 'none'})"
                              f"{'; ' + hint if hint else ''}")
    document = stats_document(packs, draws, difficulty, story_ids)
    if story_ids:
        _add_ending_odds(bundle, document, paths, budget)
    return document, packs
