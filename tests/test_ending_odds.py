"""``ending_odds``: the exact chance of each ending over a story graph (an absorbing
Markov chain solved with Fractions, docs/stats.md, Ending odds). Hand-worked chains
(a coin-flip loop, a self-edge, gambler's ruin with its closed form, a small story
worked by hand), traps and open nodes (bounds), malformed graphs, and properties on
random small chains (the chances sum to 1; they agree with a float power iteration)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardforge_compiler.cli.stats_story import ending_text
from cardforge_compiler.ending_odds import EndingOdds, ending_odds, ending_section

F = Fraction
HALF = F(1, 2)


@dataclass
class Graph:
    """A graph of the shape ``explore_story(...).graph`` has."""

    start: dict
    edges: dict
    terminal: dict = field(default_factory=lambda: {"V": "victory", "D": "defeat"})
    open: set = field(default_factory=set)


def test_a_coin_flip_loop_is_a_geometric_series():
    """Heads wins, tails flips again for defeat, then back: P(victory) = 1/2 + 1/8 +
    1/32 + ... = (1/2) / (1 - 1/4) = 2/3 exactly."""
    graph = Graph({"a": F(1)}, {"a": [(HALF, "V"), (HALF, "b")], "b": [(HALF, "D"), (HALF, "a")]})
    odds = ending_odds(graph)
    assert odds.low == {"defeat": F(1, 3), "victory": F(2, 3)}
    assert (odds.open, odds.never, odds.exact, odds.states) == (0, 0, True, 4)
    assert odds.high == odds.low


def test_self_edges():
    """A node that stays put with 1/3 ends as if it had no self-edge: 1/2 each. A node
    that stays with 1/2 and otherwise wins wins with 1/2 + 1/4 + ... = 1."""
    graph = Graph({"a": F(1)}, {"a": [(F(1, 3), "a"), (F(1, 3), "V"), (F(1, 3), "D")]})
    assert ending_odds(graph).low == {"defeat": HALF, "victory": HALF}
    graph = Graph({"a": F(1)}, {"a": [(HALF, "a"), (HALF, "V")]})
    assert ending_odds(graph).low == {"defeat": 0, "victory": 1}


@pytest.mark.parametrize("p", [HALF, F(1, 3)])
def test_gamblers_ruin_matches_its_closed_form(p):
    """One strongly connected component of 59 nodes: from k of N = 60, winning 1 with
    chance p, the chance of reaching N first is k/N for a fair coin, else
    (1 - r^k) / (1 - r^N) with r = (1 - p) / p."""
    n = 60
    edges = {k: [(p, k + 1 if k + 1 < n else "V"), (1 - p, k - 1 if k > 1 else "D")] for k in range(1, n)}
    for k in (1, 17, 30, 59):
        odds = ending_odds(Graph({k: F(1)}, edges))
        r = (1 - p) / p
        expected = F(k, n) if p == HALF else (1 - r ** k) / (1 - r ** n)
        assert odds.low["victory"] == expected
        assert odds.low["defeat"] == 1 - expected


def test_a_small_story_worked_by_hand():
    """Card 1 offers two options, chosen with 1/2 each: "Wade the ford" is a
    Movement Challenge of 3 dice, 3+ Successes (exactly 1/3, Gascony's Legacy, Dice
    Rolls: docs/runtime.md's table says 33.3%): pass to card 2, fail back to card 1;
    "Turn back" is a Defeat. Card 2 offers "Rest" (Victory) or "Push on" (a 1-die roll:
    4+ with 1/2 to Victory, else stuck). With x = P(victory from card 1):
    x = 1/2 * (1/3 * y + 2/3 * x), y = 1/2 + 1/2 * 1/2 = 3/4, so x = 1/8 + x/3,
    x = 3/16; stuck = 1/2 * 1/3 * 1/4 / (1 - 1/3) = 1/16; defeat = 1 - 3/16 - 1/16 = 3/4."""
    edges = {
        "card 1": [(HALF, "card 1: wade"), (HALF, "defeat")],
        "card 1: wade": [(F(1, 3), "card 2"), (F(2, 3), "card 1")],
        "card 2": [(HALF, "victory"), (HALF, "card 2: push on")],
        "card 2: push on": [(HALF, "victory"), (HALF, "stuck")],
    }
    terminal = {"victory": "victory", "defeat": "defeat", "stuck": "stuck"}
    odds = ending_odds(Graph({"card 1": F(1)}, edges, terminal))
    assert odds.low == {"defeat": F(3, 4), "stuck": F(1, 16), "victory": F(3, 16)}
    assert odds.exact and odds.never == 0


def test_a_trap_is_never_ends_mass():
    """Half the time play enters a loop with no way out (a -> t -> u -> t ...)."""
    graph = Graph({"a": F(1)}, {"a": [(HALF, "t"), (HALF, "V")], "t": [(F(1), "u")], "u": [(F(1), "t")]})
    odds = ending_odds(graph)
    assert odds.low == {"defeat": 0, "victory": HALF}
    assert odds.never == HALF and odds.exact


def test_open_nodes_give_bounds():
    """From a: 1/2 to b, 1/4 to Victory, 1/4 to the unexpanded o. From b: 1/3 Defeat,
    1/3 o, 1/3 back to a. With x_a = P(victory avoiding o): x_a = 1/4 + 1/2 * 1/3 x_a,
    so x_a = 3/10; defeat: d_a = 1/2 (1/3 + 1/3 d_a), d_a = 1/5; open = 1 - 3/10 - 1/5 = 1/2."""
    edges = {"a": [(HALF, "b"), (F(1, 4), "V"), (F(1, 4), "o")], "b": [(F(1, 3), "D"), (F(1, 3), "o"),
                                                                      (F(1, 3), "a")]}
    odds = ending_odds(Graph({"a": F(1)}, edges, open={"o"}))
    assert odds.low == {"defeat": F(1, 5), "victory": F(3, 10)}
    assert odds.open == HALF and not odds.exact
    assert odds.high == {"defeat": F(7, 10), "victory": F(4, 5)}
    assert (odds.never, odds.never_high) == (0, HALF)


def test_start_on_a_terminal_or_open_node_and_unreached_results():
    graph = Graph({"V": F(1, 4), "o": F(1, 4), "a": HALF}, {"a": [(F(1), "V")]},
                  {"V": "victory", "D": "defeat", "S": "stuck"}, {"o"})
    odds = ending_odds(graph)
    assert odds.low == {"defeat": 0, "stuck": 0, "victory": F(3, 4)}     # every result named, reached or not
    assert odds.open == F(1, 4)


@pytest.mark.parametrize(("graph", "message"), [
    (Graph({"a": HALF}, {"a": [(F(1), "V")]}), "the start weights sum to 1/2, not 1"),
    (Graph({"a": F(1)}, {"a": [(HALF, "V")]}), "the edges out of node 'a' sum to 1/2, not 1"),
    (Graph({"a": F(1)}, {"a": [(0.5, "V"), (0.5, "D")]}), "a weight must be an exact Fraction"),
    (Graph({"a": F(1)}, {"a": [(F(3, 2), "V"), (-HALF, "D")]}), "a weight must be at least 0, not -1/2"),
    (Graph({"a": F(1)}, {"a": [(F(1), "b")]}), "node 'b' has no edges and is neither terminal nor open"),
    (Graph({"a": F(1)}, {"a": [(F(1), "V")]}, open={"V"}), "both terminal and open"),
])
def test_malformed_graphs_are_refused(graph, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        ending_odds(graph)


def test_unreachable_nodes_are_not_read():
    """A malformed node the start never reaches is not checked (the explorer may keep
    the nodes of another start)."""
    graph = Graph({"a": F(1)}, {"a": [(F(1), "V")], "z": [(HALF, "V")]})
    assert ending_odds(graph).low["victory"] == 1


# --- random small chains --------------------------------------------------------------

RESULTS = ("victory", "defeat", "stuck")


@st.composite
def chains(draw: st.DrawFn) -> Graph:
    """2 to 8 nodes; each terminal (a result), open, or transient with 1 to 3 edges of
    integer weights 1 to 4 (normalised); a start over 1 to 3 nodes."""
    n = draw(st.integers(2, 8))
    terminal, opened, edges = {}, set(), {}
    for v in range(n):
        role = draw(st.sampled_from(["transient", "transient", "transient", "terminal", "open"]))
        if role == "terminal":
            terminal[v] = draw(st.sampled_from(RESULTS))
        elif role == "open":
            opened.add(v)
        else:
            targets = draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=3))
            weights = draw(st.lists(st.integers(1, 4), min_size=len(targets), max_size=len(targets)))
            edges[v] = [(F(w, sum(weights)), t) for w, t in zip(weights, targets)]
    starts = draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=3, unique=True))
    weights = draw(st.lists(st.integers(1, 4), min_size=len(starts), max_size=len(starts)))
    return Graph({s: F(w, sum(weights)) for s, w in zip(starts, weights)}, edges, terminal, opened)


def power_iteration(graph: Graph) -> tuple[dict[str, float], float, float]:
    """Push float mass along the edges until what can still move is below 1e-13:
    ``(absorbed per result, open mass, mass left in traps)``."""
    absorbing = set(graph.terminal) | graph.open
    can_end = set(absorbing)
    changed = True
    while changed:                 # nodes with a path to a terminal or open node
        changed = False
        for v, out in graph.edges.items():
            if v not in can_end and any(w in can_end for _, w in out):
                can_end.add(v)
                changed = True
    mass = defaultdict(float, {v: float(w) for v, w in graph.start.items()})
    absorbed: dict[str, float] = defaultdict(float)
    for _ in range(200_000):
        new: dict = defaultdict(float)
        for v, m in mass.items():
            if v in graph.terminal:
                absorbed[graph.terminal[v]] += m
            elif v in graph.open:
                absorbed["open"] += m
            else:
                for p, w in graph.edges[v]:
                    new[w] += m * float(p)
        mass = new
        if sum(m for v, m in mass.items() if v in can_end) < 1e-13:
            break
    opened = absorbed.pop("open", 0.0)
    return absorbed, opened, sum(m for v, m in mass.items() if v not in can_end)


def fixed(graph: Graph) -> Graph:
    """``graph`` with every transient node's edges to nodes without edges, terminal or
    open redirected to a terminal (``chains`` may draw such dangling targets)."""
    known = set(graph.edges) | set(graph.terminal) | graph.open
    terminal = dict(graph.terminal)
    for out in graph.edges.values():
        for _, w in out:
            if w not in known:
                terminal[w] = "stuck"
    for s in graph.start:
        if s not in known:
            terminal[s] = "stuck"
    return Graph(graph.start, graph.edges, terminal, graph.open)


@settings(max_examples=150, deadline=None)
@given(chains())
def test_random_chains_sum_to_one_and_agree_with_power_iteration(graph):
    graph = fixed(graph)
    odds = ending_odds(graph)
    assert isinstance(odds, EndingOdds)
    assert sum(odds.low.values()) + odds.open + odds.never == 1
    assert all(0 <= p <= 1 for p in (*odds.low.values(), odds.open, odds.never))
    absorbed, opened, trapped = power_iteration(graph)
    for result, p in odds.low.items():
        assert abs(float(p) - absorbed.get(result, 0.0)) < 1e-9, result
    assert abs(float(odds.open) - opened) < 1e-9
    assert abs(float(odds.never) - trapped) < 1e-9
    assert set(odds.low) == set(graph.terminal.values())


@settings(max_examples=50, deadline=None)
@given(chains(), st.randoms(use_true_random=False))
def test_the_order_of_nodes_and_edges_does_not_change_the_answer(graph, rnd):
    graph = fixed(graph)
    edges = {v: rnd.sample(out, len(out)) for v, out in rnd.sample(list(graph.edges.items()), len(graph.edges))}
    assert ending_odds(Graph(graph.start, edges, graph.terminal, graph.open)) == ending_odds(graph)


# --- the section cardforge stats prints ----------------------------------------------------


def test_ending_section_exact():
    edges = {"a": [(HALF, "V"), (HALF, "b")], "b": [(HALF, "D"), (HALF, "a")]}
    section = ending_section(Graph({"a": F(1)}, edges))
    assert section == {
        "states": 4, "exact": True,
        "results": [{"result": "defeat", "low": {"fraction": "1/3", "percent": 33.33},
                     "high": {"fraction": "1/3", "percent": 33.33}},
                    {"result": "victory", "low": {"fraction": "2/3", "percent": 66.67},
                     "high": {"fraction": "2/3", "percent": 66.67}}],
        "open": {"fraction": "0", "percent": 0.0},
        "never_ends": {"low": {"fraction": "0", "percent": 0.0}, "high": {"fraction": "0", "percent": 0.0}}}
    assert ending_text("act-1", section) == [
        "Ending odds of 'act-1': players choose uniformly at random among the options on offer and the Characters offered, "
        "each Battle ends in one of its objectives or is lost (alike), dice come up with "
        "their exact chances, no Destiny rerolls (4 states explored, complete).",
        "| ending     | chance |",
        "|------------|--------|",
        "| defeat     |  33.3% |",
        "| victory    |  66.7% |",
        "| never ends |   0.0% |",
        ""]


def test_ending_section_with_bounds():
    edges = {"a": [(HALF, "b"), (F(1, 4), "V"), (F(1, 4), "o")], "b": [(F(1, 3), "D"), (F(1, 3), "o"),
                                                                      (F(1, 3), "a")]}
    section = ending_section(Graph({"a": F(1)}, edges, open={"o"}))
    assert section["exact"] is False and section["open"] == {"fraction": "1/2", "percent": 50.0}
    assert ending_text("act\n2", section) == [
        "Ending odds of 'act\\n2': players choose uniformly at random among the options on offer and the Characters offered, "
        "each Battle ends in one of its objectives or is lost (alike), dice come up with "
        "their exact chances, no Destiny rerolls (5 states explored, not all expanded).",
        "The exploration stopped short: 50.0% of play reaches states it did not expand, so each chance is a range "
        "(at least, at most).",
        "| ending     |         chance |",
        "|------------|----------------|",
        "| defeat     | 20.0% to 70.0% |",
        "| victory    | 30.0% to 80.0% |",
        "| never ends |  0.0% to 50.0% |",
        ""]


def test_a_result_the_story_can_end_with_but_never_reached_gets_its_range():
    """Stopped by its budget before any Victory (Act II at 300 states gave only a
    defeat row): a result the story can end with is listed, 0 up to the open mass."""
    graph = Graph({"a": F(1)}, {"a": [(F(1, 6), "D"), (F(5, 6), "o")]}, {"D": "defeat"}, {"o"})
    assert ending_odds(graph).low == {"defeat": F(1, 6)}
    odds = ending_odds(graph, ["victory", "defeat"])
    assert (odds.low, odds.high) == ({"defeat": F(1, 6), "victory": 0}, {"defeat": F(1), "victory": F(5, 6)})
    rows = ending_text("act-2", ending_section(graph, ["victory"]))[-5:-1]
    assert rows == ["|------------|-----------------|", "| defeat     | 16.7% to 100.0% |",
                    "| victory    |   0.0% to 83.3% |", "| never ends |   0.0% to 83.3% |"]


def test_bounds_are_rounded_outward_and_exact_chances_are_not_rounded():
    third = F(1, 3)
    graph = Graph({"a": F(1)}, {"a": [(third, "D"), (third, "V"), (third, "o")]}, open={"o"})
    section = ending_section(graph)
    victory = next(r for r in section["results"] if r["result"] == "victory")
    assert victory["low"]["fraction"] == "333333333333/1000000000000"      # 0.333333333333 <= 1/3
    assert victory["high"]["fraction"] == "666666666667/1000000000000"     # 0.666666666667 >= 2/3
    assert section["open"]["fraction"] == "166666666667/500000000000"      # 0.333333333334 >= 1/3
    exact = ending_section(Graph({"a": F(1)}, {"a": [(third, "D"), (2 * third, "V")]}))
    assert [r["low"]["fraction"] for r in exact["results"]] == ["1/3", "2/3"]


def test_story_results_are_read_off_the_cards_endings_and_battles():
    from cardforge_compiler.ending_odds import story_results

    card = {"endings": [], "steps": [{"kind": "choice", "options": [{"steps": [{"kind": "battle", "objectives": []}]}]}]}
    assert story_results({"cards": [card]}) == ["defeat"]                  # a Battle can be lost
    assert story_results({"cards": [{"endings": ["victory"], "steps": []}, card]}) == ["defeat", "victory"]
    assert story_results({"cards": [{"endings": ["victory"], "steps": []}]}) == ["victory"]


def test_a_component_too_costly_to_solve_exactly_is_refused_not_solved_for_minutes():
    """Every node reaches every other (a dense loop, as a story whose counters never
    settle gives): the elimination's row operations are counted against ``limit``
    (breaker, 2026-12-01: `stats --story` ran for minutes on a 3-card story)."""
    from cardforge_compiler.ending_odds import MAX_WORK, OddsTooCostly

    n = 40
    edges = {i: [(F(1, n + 1), j) for j in range(n)] + [(F(1, n + 1), "V")] for i in range(n)}
    graph = Graph({0: F(1)}, edges, {"V": "victory"})
    assert ending_odds(graph).low == {"victory": F(1)}          # within MAX_WORK
    with pytest.raises(OddsTooCostly, match="more than 1,000 steps of elimination"):
        ending_odds(graph, limit=1_000)
    assert MAX_WORK == 100_000
