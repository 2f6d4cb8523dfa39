"""The composition of a pack's decks (board stage, once per pack; issue 9): a deck
or Threat deck with no card to draw, or one a difficulty option empties (CF820); an
Attack Pattern with no square in it (CF823) or that includes the figure's own square
(CF824; a malformed grid is CF825, found when the card is validated:
``validate_decks.pattern_diagnostic``); card counts that do not add up to the
deck's ``box_counts`` (CF828); a Character's Equipment at Setup (board items that are
Equipment cards, Starting Weapons) needing more hands than a Character carries
(CF829); an Equipment deck with more than one Unarmed card (CF830) or none (CF831);
a purchase or the Porter that can find the deck short of the cards it draws, for some
number of Characters (CF832); two cards of one deck called alike (CF835).
Names that name nothing are the reference checks' (CF801-CF819).

Rule sources: Gascony's Legacy, Equipment cards ("Characters can only carry 2 hands
worth of equipment at once"; "Characters without any Equipment must use the Unarmed
card"; the Attack Pattern, relative to the facing square), Setup 1f (the Starting
Weapon "from the Equipment deck"; 4: the Porter's "1 Equipment card per Character"),
Event Cards ("draw 1 Equipment card per player"), Difficulty Adjustments ("Remove the 'Nothing' and
'Broken Sword' cards from the Loot Deck").
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from cardforge_compiler.checks import check
from cardforge_compiler.checks.enemies import effective_counts
from cardforge_compiler.diagnostics import Diagnostic, listed
from cardforge_compiler.report import plural
from cardforge_compiler.model import DeckCard
from cardforge_compiler.resolve import PackIR
from cardforge_compiler.resolve_decks import WeaponRef
from cardforge_compiler.validate import Document

__all__ = ["attack_patterns", "box_counts", "deck_runs_dry", "duplicate_card_names", "empty_decks", "own_square",
           "starting_weapons_carried", "unarmed_cards"]


def _kind_name(doc: Document) -> str:
    return f"Threat deck '{doc.model.name}'" if doc.model.kind == "threat-deck" else f"deck '{doc.model.name}'"


def _drawable(doc: Document) -> list[str]:
    """The names of the cards a deck shuffles and draws (an Equipment deck's Unarmed
    card never leaves play and is never shuffled: not drawable)."""
    return [card.name for card in doc.model.cards if not getattr(card, "unarmed", None)]


@check("board", "CF820")
def empty_decks(pack: PackIR) -> Iterator[Diagnostic]:
    """A deck or Threat deck has at least one card to draw, and no difficulty option
    of the manifest removes every one of its cards."""
    for doc in pack.deck_docs:
        if doc.model.kind not in ("deck", "threat-deck"):
            continue
        where = ("cards",) if "cards" in doc.model.model_fields_set else ("name",)
        anchor = "key" if where == ("cards",) else "value"
        if not doc.model.cards:
            yield Diagnostic(
                "CF820", f"{_kind_name(doc)} has no cards", **pack.board_where(doc, where, anchor=anchor),
                hint="add its cards (`- name: ...`), or delete the deck and every name of it")
        elif not _drawable(doc):
            yield Diagnostic(
                "CF820", f"{_kind_name(doc)} has no card to draw: its only card is the Unarmed card, which never "
                         "leaves play", **pack.board_where(doc, where, anchor=anchor),
                hint="add the Equipment cards the deck deals, or move the Unarmed card into the pack's Equipment deck")
    manifest = pack.pack
    if manifest is None:
        return
    for i, option in enumerate(manifest.difficulty):
        for deck_name, removed in option.remove_cards.items():
            doc = pack.decks.get(deck_name) or pack.threat_decks.get(deck_name)
            if doc is None or not _drawable(doc):
                continue        # an unknown deck (CF8xx references) or one empty already (above)
            left = [name for name in _drawable(doc) if name not in removed]
            if not left:
                yield Diagnostic(
                    "CF820", f"difficulty '{option.name}' removes every card of {_kind_name(doc)} "
                             f"({listed(dict.fromkeys(_drawable(doc)))}): nothing is left to draw",
                    **pack.board_where(pack.manifest, ("difficulty", i, "remove_cards", deck_name), anchor="key"),
                    hint="keep at least one card of the deck in this difficulty, or stop drawing from it there")


def own_square(rows: list[str]) -> tuple[int, int] | None:
    """Where (0-based row and column) a checked pattern grid marks the figure's own
    square as in the pattern: an ``x`` just below the facing square ``F``/``f``;
    ``None`` when it does not (an ``o`` or ``.`` there, or no row below)."""
    fr, fc = next((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch in "Ff")
    if fr + 1 < len(rows) and rows[fr + 1][fc] == "x":
        return fr + 1, fc
    return None


@check("board", "CF823", "CF824")
def attack_patterns(pack: PackIR) -> Iterator[Diagnostic]:
    """An Equipment card's Attack Pattern holds at least one square (an ``x`` or the
    facing square ``F``) and never the figure's own square: a Weapon attacks the
    squares around its wielder."""
    for doc in pack.deck_docs:
        if doc.model.kind != "deck":
            continue
        for i, card in enumerate(doc.model.cards):
            rows = card.pattern
            if not rows:
                continue
            if not any(ch in "xF" for row in rows for ch in row):
                yield Diagnostic(
                    "CF823", f"the Attack Pattern of '{card.name}' ({_kind_name(doc)}) has no square in it",
                    **pack.board_where(doc, ("cards", i, "pattern"), anchor="key"),
                    hint="mark the squares it attacks with `x`, or write `F` for the facing square: "
                         "[\"F\", \"o\"] attacks the square in front")
            square = own_square(rows)
            if square is not None:
                yield Diagnostic(
                    "CF824", f"the Attack Pattern of '{card.name}' ({_kind_name(doc)}) includes the figure's own "
                             f"square (row {square[0] + 1}, column {square[1] + 1}: the square under the facing "
                             "square)", offset=square[1],
                    **pack.board_where(doc, ("cards", i, "pattern", square[0])),
                    hint="write `o` (the figure, not attacked) or `.` there")


@check("board", "CF828")
def box_counts(pack: PackIR) -> Iterator[Diagnostic]:
    """A deck that declares ``box_counts`` holds exactly that many cards (the sum of
    its cards' ``count``)."""
    for doc in pack.deck_docs:
        model = doc.model
        if model.kind != "deck" or model.box_counts is None:
            continue
        total = sum(card.count for card in model.cards)
        if total != model.box_counts:
            shown = listed(f"{c.count} x {c.name}" if c.count > 1 else c.name for c in model.cards)
            yield Diagnostic(
                "CF828", f"deck '{model.name}' holds {plural(total, 'card')}"
                         + (f" ({shown})" if shown else "") + f", but `box_counts` says {model.box_counts}",
                **pack.board_where(doc, ("box_counts",)),
                hint="fix a card's `count` (a card printed more than once is one entry with `count:`), add the "
                     "missing cards, or correct `box_counts`")


@check("board", "CF829")
def starting_weapons_carried(pack: PackIR) -> Iterator[Diagnostic]:
    """A Character's Equipment at Setup needs no more hands than the pack's
    ``carry.hands`` (no limit without ``carry``): its board's ``items`` that are
    Equipment cards, which Setup takes from their deck as a gain does (the card of the
    first deck, in name order, that has one: ``deck_play.set_up_decks``), then its
    Starting Weapons (``weapons``), in that order. The diagnostic points at the name
    that goes over."""
    manifest = pack.pack
    if manifest is None or manifest.carry is None:
        return
    limit = manifest.carry.hands
    cards: dict[str, DeckCard] = {}
    for name in sorted(pack.decks, reverse=True):       # the first deck in name order wins
        cards.update({card.name: card for card in reversed(pack.decks[name].model.cards)})
    weapons: dict[int, list[WeaponRef]] = {}
    for weapon in pack.linked.weapons:
        weapons.setdefault(weapon.character, []).append(weapon)
    for c, character in enumerate(manifest.characters):
        held = [(item, cards[item].hands, ("characters", c, "items", i))
                for i, item in enumerate(character.items) if item in cards]
        held += [(w.name, w.card.hands, w.path) for w in weapons.get(c, ()) if w.card is not None]
        held = [(name, hands, path) for name, hands, path in held if hands]     # Equipment cards only
        used = 0
        for n, (_name, hands, path) in enumerate(held):
            used += hands
            if used > limit:
                counted = held[:n + 1]
                names = [name for name, _, _ in counted]
                items = any(where[2] == "items" for _, _, where in counted)
                weapons_too = any(where[2] == "weapons" for _, _, where in counted)
                what = " and ".join(k for k, on in (("Equipment items", items), ("Starting Weapons", weapons_too)) if on)
                yield Diagnostic(
                    "CF829", f"{character.name}'s {what} ({listed(names)}) need {used} hands, but a Character "
                             f"carries {limit} hands' worth",
                    **pack.board_where(pack.manifest, path),
                    hint=(f"keep the board's {what} within {limit} hands"
                          if items else f"keep Starting Weapons of {limit} hands at most")
                    + ", or raise `carry: {hands: ...}`")
                break


@check("board", "CF830", "CF831")
def unarmed_cards(pack: PackIR) -> Iterator[Diagnostic]:
    """An Equipment deck holds at most one Unarmed card (``unarmed: true``, count 1),
    and the pack's Equipment deck has one when the pack has Character boards."""
    for doc in pack.deck_docs:
        if doc.model.kind != "deck" or doc.model.role != "equipment":
            continue
        unarmed = [(i, card) for i, card in enumerate(doc.model.cards) if card.unarmed]
        if len(unarmed) > 1:
            i, card = unarmed[1]
            yield Diagnostic(
                "CF830", f"deck '{doc.model.name}' has {len(unarmed)} Unarmed cards "
                         f"({listed(c.name for _, c in unarmed)}): an Equipment deck has one",
                **pack.board_where(doc, ("cards", i, "unarmed"), anchor="key"),
                hint="keep `unarmed: true` on one card (the Unarmed card) and remove it from the others")
        elif unarmed and unarmed[0][1].count > 1:
            i, card = unarmed[0]
            yield Diagnostic(
                "CF830", f"deck '{doc.model.name}' holds {card.count} copies of its Unarmed card '{card.name}': "
                         "it never leaves play, so one serves every Character",
                **pack.board_where(doc, ("cards", i, "count")),
                hint="write `count: 1` (or remove `count`)")
    manifest = pack.pack
    equipment = pack.linked.equipment
    if manifest is None or not manifest.characters or equipment is None or equipment.model.kind != "deck":
        return
    if equipment.model.role == "equipment" and not any(card.unarmed for card in equipment.model.cards):
        yield Diagnostic(
            "CF831", f"the Equipment deck '{equipment.model.name}' has no Unarmed card, which Characters without "
                     "any Equipment must use", **pack.board_where(equipment, ("name",)),
            hint="add the Unarmed card: `- {name: Unarmed, hands: 1, slot: primary, attack: melee, cost: 0, "
                 "unarmed: true, pattern: [\"F\", \"o\"]}`")


def _weapons_taken(pack: PackIR, deck: Document, characters: int) -> int:
    """The most cards of ``deck`` (the Equipment deck) that the Starting Weapons of
    any ``characters`` Character boards take at Setup: each weapon takes a copy while
    one is left (docs/rulings.md, Gaining a deck card)."""
    copies: dict[str, int] = {}
    for card in deck.model.cards:
        if not card.unarmed:
            copies[card.name] = copies.get(card.name, 0) + card.count
    boards = [c.weapons for c in pack.pack.characters]
    most = 0
    for chosen in combinations(boards, min(characters, len(boards))):
        wanted: dict[str, int] = {}
        for weapons in chosen:
            for weapon in weapons:
                wanted[weapon] = wanted.get(weapon, 0) + 1
        most = max(most, sum(min(n, copies.get(name, 0)) for name, n in wanted.items()))
    return most


@check("board", "CF832")
def deck_runs_dry(pack: PackIR) -> Iterator[Diagnostic]:
    """A deck holds the cards a purchase (``per_player`` x players) or the Porter
    (``cards_per_character`` x Characters) draws from it, after what may be out of it:
    the Starting Weapons taken from the Equipment deck at Setup and the Porter's cards
    (until he is called), for every effective number of Characters
    (:func:`~cardforge_compiler.checks.enemies.effective_counts`, read as the players
    too). Cards bought earlier are not counted. The engine offers what is left and
    says so; a warning."""
    manifest = pack.pack
    if manifest is None:
        return
    equipment = pack.linked.equipment
    porter = manifest.porter
    counts = effective_counts(pack)

    def out_of(doc: Document, n: int, porter_too: bool) -> tuple[int, list[str]]:
        taken, why = 0, []
        if doc is equipment and manifest.characters:
            weapons = _weapons_taken(pack, doc, n)
            if weapons:
                taken += weapons
                why.append(f"{plural(weapons, 'Starting Weapon')} taken at Setup")
        if porter_too and porter is not None and pack.decks.get(porter.deck) is doc:
            taken += porter.cards_per_character * n
            why.append(f"the Porter's {plural(porter.cards_per_character * n, 'card')}")
        return taken, why

    def short(doc: Document, draws, porter_too: bool):  # noqa: ANN001, ANN202
        total = len(_drawable_copies(doc))
        for n in counts:
            taken, why = out_of(doc, n, porter_too)
            if taken + draws(n) > total:
                return n, total, taken, why
        return None

    if porter is not None and (doc := pack.decks.get(porter.deck)) is not None and _drawable(doc):
        found = short(doc, lambda n: porter.cards_per_character * n, False)
        if found is not None:
            n, total, taken, why = found
            left = max(0, total - taken)
            yield Diagnostic(
                "CF832", f"the Porter takes {porter.cards_per_character} x {n} Characters = "
                         f"{porter.cards_per_character * n} cards from deck '{doc.model.name}', but it holds "
                         f"{plural(total, 'card')} to draw" + (f" and {' and '.join(why)} leave {left}" if why else "")
                         + f": he gets {left} (from {n} Characters)",
                **pack.board_where(pack.manifest, ("porter", "cards_per_character")
                                   if "cards_per_character" in porter.model_fields_set else ("porter", "deck")),
                hint=f"add cards to deck '{doc.model.name}' (`count:`), or lower `cards_per_character`; "
                     "the engine deals what is left")
    for story in (*pack.stories, *pack.context_stories):
        for _card, ref in story.step_refs:
            if ref.kind != "purchase" or ref.step.purchase.deck is None:
                continue
            step = ref.step.purchase
            doc = pack.decks.get(step.deck)
            if doc is None or not _drawable(doc):
                continue        # an unknown deck (CF803) or an empty one (CF820)
            per = step.per_player or 1
            found = short(doc, lambda n, per=per: per * n, True)
            if found is None:
                continue
            n, total, taken, why = found
            left = max(0, total - taken)
            yield Diagnostic(
                "CF832", f"this purchase draws {per} x {n} players = {per * n} cards from deck '{doc.model.name}', "
                         f"which holds {plural(total, 'card')} to draw"
                         + (f"; {' and '.join(why)} may be out of it" if why else "")
                         + f": only {left} can be offered (from {n} players)",
                **pack.board_where(story.doc, (*ref.path, "purchase", "per_player")
                                   if step.per_player is not None else (*ref.path, "purchase", "deck")),
                hint=f"add cards to deck '{doc.model.name}' (`count:`) or lower `per_player`; the engine offers "
                     "what is left and says the deck ran short")


def _drawable_copies(doc: Document) -> list[str]:
    """Every copy (``count``) of the cards a deck shuffles and draws."""
    return [card.name for card in doc.model.cards if not getattr(card, "unarmed", None) for _ in range(card.count)]


@check("board", "CF835")
def duplicate_card_names(pack: PackIR) -> Iterator[Diagnostic]:
    """The cards of a deck or Threat deck have distinct names: every reference to a
    card is by name (Starting Weapons, a difficulty's ``remove_cards``, purchases and
    gains, ``cardforge stats``), so two cards of one name are one card written twice,
    with its ``count`` split or its fields disagreeing."""
    for doc in pack.deck_docs:
        if doc.model.kind not in ("deck", "threat-deck"):
            continue
        first: dict[str, int] = {}
        for i, card in enumerate(doc.model.cards):
            if card.name in first:
                yield Diagnostic(
                    "CF835", f"{_kind_name(doc)} has two cards named '{card.name}' (cards {first[card.name] + 1} "
                             f"and {i + 1})", **pack.board_where(doc, ("cards", i, "name")),
                    hint="write the card once with `count:` its copies, or give each card its own name")
            else:
                first[card.name] = i
