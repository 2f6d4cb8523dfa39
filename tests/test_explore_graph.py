"""The explorer's graph as a Markov chain (``Exploration.graph``), and what a budget
and a bound do to an exploration.

Chances: out of every expanded node they add up to exactly 1, terminal nodes have no
edges, the setups share the start alike; the ending odds of a tiny story equal a
computation by hand (a 3-dice Challenge needing 3: 72 of the 216 rolls of Gascony's
dice). A story that counts without limit stops being exact above the bound
(``clamped``, "abstracted", no finding about every line of play); a budget of 1
leaves the exploration incomplete; a ``stuck`` is reported all the same, with a
witness the runtime replays to the stuck end."""

from __future__ import annotations

from fractions import Fraction

import pytest

from _explore_helpers import TEST, compile_story, explore, kinds
from test_explore_soundness import STORIES
from cardforge_compiler.ending_odds import ending_odds
from cardforge_runtime import Session, load_bundle

CLIMB = """\
  - id: 1
    title: The Cliff
    steps:
      - choice:
          - {text: Climb, goto: 2}
          - {text: Wait for the tide, goto: 3}
          - {text: Pray and look again, goto: 1}
  - id: 2
    title: The Climb
    steps:
      - challenge: {stat: Prowess, successes: 3, pass: [{victory: At the top.}], fail: [{defeat: You fall.}]}
  - id: 3
    title: The Tide
    steps:
      - defeat: The sea takes you.
"""


def check_chain(exploration) -> None:  # noqa: ANN001
    graph = exploration.graph
    assert sum(graph.start.values()) == 1 and len(set(graph.start.values())) == 1
    assert len(graph.start) == len(exploration.setups)
    for node, edges in graph.edges.items():
        assert node not in graph.terminal
        assert sum(chance for chance, _ in edges) == 1, node
        assert all(chance > 0 for chance, _ in edges)
        assert len({target for _, target in edges}) == len(edges)      # one edge per next node
        assert all(target in graph.edges or target in graph.terminal or target in graph.open for _, target in edges)
    assert set(graph.terminal.values()) <= {"victory", "defeat", "stuck"}
    assert not set(graph.terminal) & set(graph.edges)
    assert exploration.states == len(graph.edges)


@pytest.mark.parametrize("name", sorted(STORIES))
def test_every_expanded_node_s_chances_add_up_to_1(tmp_path, name):
    cards, fields, _ = STORIES[name]
    exploration = explore(compile_story(tmp_path / "pack", cards, **fields))
    check_chain(exploration)
    assert not exploration.graph.open
    odds = ending_odds(exploration.graph)
    assert sum(odds.low.values()) + odds.never == 1 and odds.open == 0


def test_the_test_pack_s_setups_share_the_start(tmp_path):
    """The test manifest: Solo Play with 2 (the 2-player game), 3 and 4 Characters,
    and 3 and 4 players: 5 setups, 1/5 each."""
    exploration = explore(compile_story(tmp_path / "pack", CLIMB, manifest=TEST))
    check_chain(exploration)
    assert [(s.players, len(s.characters)) for s in exploration.setups] == [(1, 2), (1, 3), (1, 4), (3, 3), (4, 4)]
    assert set(exploration.graph.start.values()) == {Fraction(1, 5)}


def test_ending_odds_of_a_tiny_story_by_hand(tmp_path):
    """Each option 1/3; praying comes back to the same state. A 3-dice Challenge
    needing 3: the rolls with 3 or more Successes are 44 + 21 + 6 + 1 = 72 of 216
    (one die: 1-3 none, 4-5 one, 6 two), 1/3. So Victory x = 1/3 x 1/3 + 1/3 x, x = 1/6."""
    exploration = explore(compile_story(tmp_path / "pack", CLIMB))
    check_chain(exploration)
    odds = ending_odds(exploration.graph)
    assert odds.low == {"defeat": Fraction(5, 6), "victory": Fraction(1, 6)}
    assert (odds.open, odds.never) == (0, 0)
    assert exploration.states == 4                 # the start, card 1 (its loop), cards 2 and 3
    assert kinds(exploration) == []
    assert exploration.summary() == "explored 4 states in 1 setup (25 answers); exploration complete"
    # the Challenge's edges: the group picks Anne or Bruno (alike), each rolls; the
    # outcomes that pass are one answer
    climb = [node for node, edges in exploration.graph.edges.items()
             if len(edges) > 1 and all(target in exploration.graph.terminal for _, target in edges)]
    assert [sorted(chance for chance, _ in exploration.graph.edges[node]) for node in climb] == [
        [Fraction(1, 3), Fraction(2, 3)]]


COUNTING = """\
  - id: 1
    title: The Tally
    steps:
      - choice:
          - {text: Count one more, steps: [{add: {n: 1}}], goto: 1}
          - {text: Go to the door, goto: 2}
  - id: 2
    title: The Door
    steps:
      - if: n >= 50
        then: [{victory: The door opens.}]
      - choice:
          - {text: Say the number, if: n > 1000, goto: 3}
  - id: 3
    title: The Hall
    steps:
      - victory: In.
"""


@pytest.fixture(scope="module")
def counting(tmp_path_factory: pytest.TempPathFactory) -> dict:
    return compile_story(tmp_path_factory.mktemp("counting") / "pack", COUNTING, counters="{n: 0}")


def replays_to(data: dict, witness, result: str, reason: str) -> dict:  # noqa: ANN001
    """Play ``witness`` with the runtime; the end request, checked."""
    setup = witness.as_json()["setup"]
    session = Session.start(load_bundle(data), "act-1", players=setup["players"], characters=setup["characters"],
                            seed=setup["seed"], pack="test", battles=setup["battles"])
    for answer in witness.answers:
        session.answer(answer)
    end = session.pending
    assert (end["kind"], end["result"], end["reason"]) == ("end", result, reason)
    return end


def test_counting_without_limit_is_abstracted_above_the_bound(counting):
    """n is exact up to 20, then "above": the exploration ends (45 states: card 1 at
    n = 0..20 and above, card 2 likewise, the start), but it proves nothing about
    every line of play: the `if` (n >= 50 is never true below the bound) and the
    Victory on card 2 are not reported. The stuck choice is."""
    exploration = explore(counting)
    check_chain(exploration)
    assert (exploration.complete, exploration.clamped, exploration.proven) == (True, True, False)
    assert exploration.states == 1 + 22 + 22
    assert kinds(exploration) == [("stuck", ("cards", 1, "steps", 1), 2)]
    assert exploration.summary() == ("explored 45 states in 1 setup (132 answers); counters, coins and copies above "
                                     "20 abstracted; exploration complete, so only what it saw is reported")
    replays_to(counting, exploration.findings[0].witness, "stuck", "no_option")
    assert len(exploration.findings[0].witness.answers) == 2 * 2          # Go to the door at once


def test_a_higher_bound_reaches_what_the_lower_one_abstracted(counting):
    """With the bound at 60, n = 50 is exact: the Victory is reached (by counting 50
    times: 1 chance in 2**50 when choosing at random); still abstracted above 60."""
    exploration = explore(counting, bound=60)
    assert (exploration.complete, exploration.clamped) == (True, True)
    assert "above 60 abstracted" in exploration.summary()
    odds = ending_odds(exploration.graph)
    assert odds.low == {"stuck": 1 - Fraction(1, 2 ** 50), "victory": Fraction(1, 2 ** 50)}


def test_a_budget_of_1_expands_only_the_start(counting):
    exploration = explore(counting, budget=1)
    check_chain(exploration)
    assert (exploration.complete, exploration.proven, exploration.states) == (False, False, 1)
    assert exploration.summary() == "explored 1 state in 1 setup (0 answers); stopped at the 1-state budget"
    assert kinds(exploration) == []
    assert len(exploration.graph.open) == 1
    odds = ending_odds(exploration.graph)
    assert (odds.low, odds.open) == ({}, 1)


def test_a_stuck_state_is_reported_when_the_budget_cuts_the_exploration_short(counting):
    exploration = explore(counting, budget=3)
    assert (exploration.complete, exploration.states) == (False, 3)
    assert exploration.summary().endswith("; stopped at the 3-state budget")
    assert kinds(exploration) == [("stuck", ("cards", 1, "steps", 1), 2)]
    replays_to(counting, exploration.findings[0].witness, "stuck", "no_option")
    odds = ending_odds(exploration.graph)
    assert (odds.low, odds.open) == ({"stuck": Fraction(1, 2)}, Fraction(1, 2))


def test_a_counter_within_the_bound_is_a_proof(counting, tmp_path):
    """The same story with the count capped at 5 by its own condition: exact, and the
    findings about every line of play are made (n >= 50 always false, the option
    never offered, card 3 never drawn, the Victory on card 2 never reached: the story
    can never be won)."""
    data = compile_story(tmp_path / "pack", COUNTING.replace(
        "{text: Count one more,", "{text: Count one more, if: n < 5,"), counters="{n: 0}")
    exploration = explore(data)
    assert (exploration.complete, exploration.clamped, exploration.proven) == (True, False, True)
    assert kinds(exploration) == [
        ("stuck", ("cards", 1, "steps", 1), 2),
        ("always-false", ("cards", 1, "steps", 0), 2),
        ("never-offered", ("cards", 1, "steps", 1, "options", 0), 2),
        ("never-drawn", ("cards", 2), 3),
        ("ending-never-reached", ("cards", 1, "steps", 0, "then", 0), 2),
        ("never-won", (), None),
    ]


MAZE = """\
  - id: 1
    title: The Maze Gate
    steps:
      - choice:
          - {text: Tie a thread to the gate, steps: [{gain: {items: [Thread], who: one}}], goto: 2}
          - {text: Rush in, goto: 2}
  - id: 2
    title: The Maze
    steps:
      - choice:
          - {text: Follow the thread out, if: has("Thread"), goto: 3}
          - {text: Wander on, goto: 2}
  - id: 3
    title: The Way Out
    steps:
      - victory: Out of the maze.
"""


def test_a_state_trap_is_found_and_its_chance_is_the_never_ending_mass(tmp_path):
    """Without the thread the players wander the maze for ever: the trap is the state
    at card 2 without the Thread (the graph's own trap check sees a way out, card 3);
    its witness replays to card 2 without the Thread. Chances: the thread tied 1/2;
    Between Story Cards the players go on or sell the Thread alike (docs/explore.md,
    Answers tried), before the maze (1/2) and after each wander: from card 2 with the
    Thread, p = 1/2 + 1/2 x 1/2 x p, p = 2/3; so Victory 1/2 x 1/2 x 2/3 = 1/6, never
    ends 5/6."""
    data = compile_story(tmp_path / "pack", MAZE)
    exploration = explore(data)
    check_chain(exploration)
    assert kinds(exploration) == [("trap", ("cards", 1), 2)]
    assert exploration.findings[0].message == ("in play the players can reach card 2 in a state from which no ending "
                                               "can be reached: they go round card 2 for ever")
    odds = ending_odds(exploration.graph)
    assert (odds.low, odds.never) == ({"victory": Fraction(1, 6)}, Fraction(5, 6))
    witness = exploration.findings[0].witness
    setup = witness.setup
    session = Session.start(load_bundle(data), "act-1", players=setup.players, characters=list(setup.characters),
                            seed=0, pack="test", battles="table")
    for answer in witness.answers:
        session.answer(answer)
    assert (session.pending["kind"], session.pending["card"]) == ("card", 2)
    assert not any("Thread" in c["items"] for c in session.state["characters"])


LONG_COUNT = """\
  - id: 1
    title: The Long Count
    steps:
      - add: {n: 1}
      - if: n >= 25
        then: [{goto: 2}]
        else: [{goto: 1}]
  - id: 2
    title: Done
    steps:
      - victory: Counted.
"""


def test_a_count_past_the_bound_is_abstracted_not_proven(tmp_path):
    """The story always wins (n reaches 25); above the bound of 20 the explorer plays
    one state for every n: the Victory is not seen, and nothing is claimed about it."""
    exploration = explore(compile_story(tmp_path / "pack", LONG_COUNT, counters="{n: 0}"))
    assert (exploration.complete, exploration.clamped, exploration.proven) == (True, True, False)
    assert kinds(exploration) == []
    assert "victory" not in exploration.graph.terminal.values()


def test_stats_gives_the_odds_of_a_count_past_the_bound_from_an_exploration_without_it(tmp_path):
    """`cardforge stats --story` on the long count: the explorer's abstract graph
    never ends ("never ends 100.0%", was printed as "complete"); the story, explored
    again with every count exact, always wins: and that exploration completes."""
    from click.testing import CliRunner

    from cardforge_compiler.cli import cli

    compile_story(tmp_path / "pack", LONG_COUNT, counters="{n: 0}")
    result = CliRunner().invoke(cli, ["stats", str(tmp_path / "pack"), "--story", "act-1"])
    assert result.exit_code == 0
    first = result.stdout[result.stdout.index("Ending odds of 'act-1' with 2 players (Anne, Bruno)"):].splitlines()
    assert first[0].endswith("(28 states explored, complete).")
    assert first[1:7] == [
        "A counter, the coins or an item's copies can grow beyond the explorer's bound (--bound), so the story was "
        "explored again with every count kept exact, as far as the budget goes.",
        "| ending     | chance |", "|------------|--------|", "| victory    | 100.0% |", "| never ends |   0.0% |"]


def bazaar(count: int) -> str:
    """A purchase of ``count`` free offers, then a gate that needs every one of them."""
    names = "ABCDEFGH"[:count]
    offers = ", ".join(f"{{item: {n}, cost: 0}}" for n in names)
    condition = " and ".join(f'has("{n}")' for n in names)
    return f"""\
  - id: 1
    title: The Bazaar
    steps:
      - purchase: {{offers: [{offers}]}}
      - goto: 2
  - id: 2
    title: The Gate
    steps:
      - if: {condition}
        then: [{{victory: All of them.}}]
        else: [{{defeat: Something missing.}}]
"""


def test_a_purchase_of_more_offers_than_it_tries_is_not_a_proof(tmp_path):
    """The explorer tries sets of at most ``MAX_OFFERS`` (6) offers: with 7 free
    offers buying all 7 is not tried, so the Victory is not seen; the exploration
    says so and claims nothing about every line of play (it reported the `if` always
    false, the Victory never reached and the story never won, CF907, on 2026-12-01)."""
    exploration = explore(compile_story(tmp_path / "seven", bazaar(7)))
    assert (exploration.complete, exploration.clamped, exploration.purchases_cut, exploration.proven) == (
        True, False, True, False)
    assert kinds(exploration) == []
    assert exploration.summary() == ("explored 129 states in 1 setup (6,969 answers); purchases of more than 6 offers "
                                     "not tried; exploration complete, so only what it saw is reported")
    six = explore(compile_story(tmp_path / "six", bazaar(6)))
    assert (six.purchases_cut, six.proven) == (False, True)
    # all six bought (1/64), then none sold Between Story Cards: go on or sell one of the six, alike (1/7)
    assert ending_odds(six.graph).low == {"defeat": Fraction(447, 448), "victory": Fraction(1, 448)}
