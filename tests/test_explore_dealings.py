"""The sales and trades the state explorer tries Between Story Cards
(``explore/dealings.py``): which answers a ``between`` request gets, with which
chances and costs, that the runtime accepts every one of them, and that they make the
explorer sound about a story where selling or trading away an item strands the
players: a planted fault (the old explorer, ``{}`` only) misses what they find."""

from __future__ import annotations

from fractions import Fraction

import pytest

from _explore_helpers import compile_story, explore
from cardforge_compiler.ending_odds import ending_odds
from cardforge_compiler.explore import answers as answers_module
from cardforge_compiler.explore.answers import answers_for
from cardforge_compiler.explore.dealings import MAX_DEALS, Dealings
from cardforge_compiler.explore.live import Live
from cardforge_runtime import Session, load_bundle
from cardforge_runtime.between_answers import check_between
from cardforge_runtime.dice import DiceRule

GASCONY = DiceRule()
#: A story whose only loss of items takes a Letter and a Seal together (their holder matters).
STORY = {"cards": [{"id": 2, "steps": [{"kind": "lose", "items": ["Letter", "Seal"], "who": "one"}]}]}
PACK = {"decks": [{"name": "Equipment", "cards": [{"name": "Rapier", "cost": 4}, {"name": "Musket", "cost": 7}]}]}


def live(*items: str) -> Live:
    return Live(frozenset(), False, frozenset(items), frozenset(), 0)


def between(items: list[list[str]], costs: dict[str, int] | None = None, next_card: int = 2) -> dict:
    return {"kind": "between", "card": 1, "next": next_card, "coins": 0, "characters": list(range(len(items))),
            "items": items, "costs": costs or {}, "usable": [[] for _ in items]}


def test_only_the_items_later_cards_read_are_sold_at_the_cost_the_runtime_checks():
    """Rapier and Key are read at card 2; the Lantern is not, and is never sold. The
    Rapier's cost is the request's (bought in this story at 5) over the printed 4; the
    Key is no deck card and was never bought: cost 0. A party-counted item is sold
    from its first holder only; every answer is uniform, ``{}`` first, and the
    runtime's check accepts each."""
    dealings = Dealings(PACK, STORY, {2: live("Rapier", "Key")}, frozenset())
    request = between([["Lantern", "Key"], ["Rapier", "Key"]], {"Rapier": 5})
    tried = answers_for(request, GASCONY, dealings)
    assert tried == [({}, Fraction(1, 3)),
                     ({"sell": [{"character": 0, "item": "Key", "cost": 0}]}, Fraction(1, 3)),
                     ({"sell": [{"character": 1, "item": "Rapier", "cost": 5}]}, Fraction(1, 3))]
    for answer, _ in tried:
        check_between(request, answer, GASCONY)
    assert not dealings.cut


def test_a_deck_card_held_without_its_card_sells_at_its_printed_cost():
    dealings = Dealings(PACK, STORY, {2: live("Musket")}, frozenset())
    assert dealings.answers(between([[], ["Musket", "Musket"]])) == [
        {"sell": [{"character": 1, "item": "Musket", "cost": 7}]}]


def test_nothing_is_sold_or_traded_when_no_later_card_reads_an_item():
    dealings = Dealings(PACK, STORY, {2: live(), 3: live("Key")}, frozenset({"Key"}))
    assert answers_for(between([["Key"], ["Rapier"]]), GASCONY, dealings) == [({}, Fraction(1))]
    assert answers_for(between([["Key"], []]), GASCONY) == [({}, Fraction(1))]     # no dealings: the old {}


def test_an_item_whose_holder_matters_is_sold_by_each_holder_and_traded_first_only():
    """The Letter is held apart: a sale per holder, and each way to hand its copies to
    others (Anne's to Bruno, Bruno's to Anne, both to one of them), all in one answer;
    after a sale or a trade, no more trades (selling after trading reaches the same
    states)."""
    dealings = Dealings(PACK, STORY, {2: live("Letter")}, frozenset({"Letter"}))
    request = between([["Letter"], ["Letter"]])
    answers = dealings.answers(request)
    assert answers == [
        {"sell": [{"character": 0, "item": "Letter", "cost": 0}]},
        {"sell": [{"character": 1, "item": "Letter", "cost": 0}]},
        {"trade": [{"from": 1, "to": 0, "item": "Letter"}]},
        {"trade": [{"from": 0, "to": 1, "item": "Letter"}]},
    ]
    for answer in answers:
        check_between(request, answer, GASCONY)
    assert dealings.answers(request, [{}, answers[0]]) == answers[:2]
    assert dealings.answers(request, [answers[3]]) == answers[:2]


def test_more_than_max_deals_sales_are_cut_and_say_so():
    items = [f"I{i}" for i in range(MAX_DEALS + 1)]
    dealings = Dealings(PACK, STORY, {2: live(*items)}, frozenset())
    answers = dealings.answers(between([items]))
    assert [a["sell"][0]["item"] for a in answers] == sorted(items)[:MAX_DEALS]
    assert dealings.cut


def test_more_than_max_deals_trades_are_cut_and_say_so():
    dealings = Dealings(PACK, STORY, {2: live("Letter", "Seal")}, frozenset({"Letter", "Seal"}))
    answers = dealings.answers(between([["Letter", "Seal"], [], []]))
    assert len([a for a in answers if "trade" in a]) == MAX_DEALS and dealings.cut


SOLD = """\
  - id: 1
    title: The Market
    steps:
      - gain: {items: [Mirror], who: one}
      - goto: 2
  - id: 2
    title: The Inn
    steps:
      - lose: {items: [Mirror], who: one}
      - victory: You sleep well.
"""

TRADED = """\
  - id: 1
    title: The Market
    steps:
      - gain: {items: [Map, Compass], who: one}
      - goto: 2
  - id: 2
    title: The Guide
    steps:
      - lose: {items: [Map, Compass], who: one}
      - victory: The guide leads you home.
"""


def _stuck(exploration) -> list[tuple]:  # noqa: ANN001
    return [(f.card, f.witness.answers[-3:]) for f in exploration.findings if f.kind == "stuck"]


def test_selling_an_item_a_later_card_takes_is_found_stuck(tmp_path):
    """Between cards 1 and 2 the players may sell the Mirror; the inn's ``who: one``
    loss then finds no holder: CF901 at card 2, its witness the sale. The ending odds
    follow the uniform answers: ``{}`` or the sale, alike."""
    exploration = explore(compile_story(tmp_path / "p", SOLD))
    assert exploration.proven
    (stuck,) = [f for f in exploration.findings if f.kind == "stuck"]
    assert (stuck.card, stuck.witness.answers) == (
        2, ({}, {"character": 1}, {"sell": [{"character": 1, "item": "Mirror", "cost": 0}]}, {}, {}))
    assert ending_odds(exploration.graph).low == {"victory": Fraction(1, 2), "stuck": Fraction(1, 2)}


def test_trading_away_one_of_two_items_lost_together_is_found_stuck(tmp_path, monkeypatch):
    """The Map and the Compass are lost together from one Character who holds both:
    a trade of one of them to the other Character strands the party at card 2 (a
    sale would too: sales are left out here, so that the trade shows it)."""
    monkeypatch.setattr(Dealings, "_sales", lambda self, request, items: [])
    data = compile_story(tmp_path / "p", TRADED)
    exploration = explore(data)
    assert exploration.proven
    stuck = _stuck(exploration)
    assert stuck and all(card == 2 for card, _ in stuck)
    assert any("trade" in answer for _, tail in stuck for answer in tail)
    finding = next(f for f in exploration.findings if f.kind == "stuck")
    setup = finding.witness.setup
    session = Session.start(load_bundle(data), "act-1", players=setup.players, characters=list(setup.characters),
                            seed=0, pack="test", battles="table")
    for answer in finding.witness.answers:
        session.answer(answer)
    assert (session.pending["kind"], session.pending["card"], session.pending["result"],
            session.pending["reason"]) == ("end", 2, "stuck", "not_held")


@pytest.mark.parametrize("cards", [SOLD, TRADED])
def test_a_planted_fault_the_old_between_answer_misses_the_stuck_card(tmp_path, monkeypatch, cards):
    """The planted fault: ``between`` answered ``{}`` only (the explorer before
    Between Story Cards actions were tried). It proves the story free of stuck
    states, which play refutes: the tests above fail under it."""
    original = answers_module.answers_for

    def old(request, rule, dealings=None, given=()):  # noqa: ANN001, ANN202
        return original(request, rule)

    monkeypatch.setattr("cardforge_compiler.explore.search.answers_for", old)
    exploration = explore(compile_story(tmp_path / "p", cards))
    assert exploration.proven and _stuck(exploration) == []


def test_an_item_lost_by_each_character_is_traded_only_while_two_copies_are_held():
    """Act III's Queen's Letter: held apart (a ``who: each`` loss takes a copy from
    every Character who holds one), but of one copy every Character loses it wherever
    it is, so it is sold and never traded; of two copies, who holds them matters."""
    story = {"cards": [{"id": 2, "steps": [{"kind": "lose", "items": ["Letter"], "who": "each"}]}]}
    dealings = Dealings(PACK, story, {2: live("Letter")}, frozenset({"Letter"}))
    assert dealings.answers(between([["Letter"], []])) == [{"sell": [{"character": 0, "item": "Letter", "cost": 0}]}]
    assert dealings.answers(between([["Letter", "Letter"], []]))[1:] == [
        {"trade": [{"from": 0, "to": 1, "item": "Letter"}]},
        {"trade": [{"from": 0, "to": 1, "item": "Letter"}, {"from": 0, "to": 1, "item": "Letter"}]}]


def test_a_cut_of_the_sales_tried_is_not_a_proof(tmp_path):
    """Seven items a later card reads, held Between Story Cards: only six sales are
    tried at the request, so the exploration is not proven and its summary says why
    (six: proven)."""
    def hoard(count: int) -> str:
        names = "ABCDEFG"[:count]
        return f"""\
  - id: 1
    title: The Hoard
    steps:
      - gain: {{items: [{", ".join(names)}], who: one}}
      - goto: 2
  - id: 2
    title: The Gate
    steps:
      - if: {" and ".join(f'has("{n}")' for n in names)}
        then: [{{victory: All of them.}}]
        else: [{{defeat: Something missing.}}]
"""

    seven = explore(compile_story(tmp_path / "seven", hoard(7)))
    assert (seven.complete, seven.clamped, seven.purchases_cut, seven.sales_cut, seven.proven) == (
        True, False, False, True, False)
    assert seven.summary().endswith("; sales or trades beyond 6 at one Between Story Cards not tried; "
                                    "exploration complete, so only what it saw is reported")
    six = explore(compile_story(tmp_path / "six", hoard(6)))
    assert (six.sales_cut, six.proven) == (False, True)


#: One Lamp each, then each Character loses one: only a Lamp handed over Between Story
#: Cards (Anne's to Bruno, who is given a second) keeps one for the party (breaker, 2026-12-01:
#: the one copy at the Between Story Cards was not traded, and CF907 was called proven).
LAMPS = """\
  - id: 1
    title: One
    steps:
      - gain: {items: [Lamp], character: Anne}
      - goto: 2
  - id: 2
    title: Two
    steps:
      - gain: {items: [Lamp], character: Bruno}
      - lose: {items: [Lamp], who: each}
      - choice:
          - {text: Lit, if: has("Lamp"), goto: 3}
          - {text: Dark, if: not has("Lamp"), goto: 4}
  - id: 3
    title: Three
    steps:
      - victory: Won.
  - id: 4
    title: Four
    steps:
      - defeat: Lost.
"""


def test_one_copy_is_traded_when_a_later_card_gives_another_before_a_who_each_loss(tmp_path):
    data = compile_story(tmp_path / "p", LAMPS)
    exploration = explore(data)
    assert exploration.proven and exploration.findings == []
    story = data["packs"][0]["stories"][0]
    dealings = Dealings(data["packs"][0], story, {2: live("Lamp")}, frozenset({"Lamp"}))
    assert dealings.each_only == frozenset({"Lamp"}) and dealings.regained(2) == frozenset({"Lamp"})
    assert dealings.answers(between([["Lamp"], []])) == [
        {"sell": [{"character": 0, "item": "Lamp", "cost": 0}]},
        {"trade": [{"from": 0, "to": 1, "item": "Lamp"}]}]
    assert dealings.regained(3) == frozenset()
    assert dealings.answers(between([["Lamp"], []], next_card=3)) == []     # nothing read there
