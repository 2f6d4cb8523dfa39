"""``cardforge graph``: SVG with no Graphviz (parsed back here), DOT, Mermaid and
GraphML; cards coloured by finding (graph checks and state explorer), one cluster per
story (the Acts of a campaign, in order), a legend; same bytes every run."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardforge_compiler.cli import cli
from _helpers import CONTENT, MANIFEST, ROOT, STORY_HEAD, copy_golden, write_pack

NS = {"svg": "http://www.w3.org/2000/svg"}
PLAIN, VICTORY = "#ffffff", "#b8e0b0"
TRAP, STATE_TRAP, STUCK, DEAD_END, UNREACHABLE, NEVER_DRAWN = (
    "#f4a582", "#d6a0e0", "#f1a9c9", "#fdd868", "#c8c8c8", "#9ecae1")

#: Card 1 (start) leads to a dead end (2), a loop with no way out (3, 4) and Victory
#: (5, behind a condition); card 6 is unreachable.
FAULTY = STORY_HEAD + """\
  - id: 1
    title: The Inn
    steps:
      - choice:
          - text: Ride to Calais
            goto: 2
          - text: Take the forest road
            goto: 3
          - text: Ride to Paris
            if: has("Rope")
            goto: 5
          - text: Walk to Paris
            goto: 5
  - id: 2
    title: The Road to Calais
    steps:
      - gain: {coins: 1}
  - id: 3
    title: The Forest
    steps:
      - goto: 4
  - id: 4
    title: The Clearing
    steps:
      - goto: 3
  - id: 5
    title: Paris
    steps:
      - victory: Athos rides with you to Paris.
  - id: 6
    title: The Island
    steps:
      - victory: Never reached.
"""


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["graph", *args])
    return result.exit_code, result.stdout, result.stderr


def svg_of(*args: str) -> ET.Element:
    code, out, err = run(*args, "--format", "svg", "--layout", "builtin")
    assert code in (0,), err
    return ET.fromstring(out.encode("utf-8"))


def cards(svg: ET.Element) -> dict[int, tuple[str, str | None]]:
    """``{card: (fill, data-findings)}`` of every card node."""
    found = {}
    for node in svg.iterfind(".//svg:g[@data-card]", NS):
        assert node.get("class") == "node card"
        found[int(node.get("data-card"))] = (node.find("svg:rect", NS).get("fill"), node.get("data-findings"))
    return found


def legend(svg: ET.Element) -> list[str]:
    return [t.text for t in svg.find("svg:g[@class='legend']", NS).iterfind(".//svg:text", NS)]


def test_svg_colours_each_graph_finding_and_the_legend_counts_them(tmp_path: Path) -> None:
    svg = svg_of(str(write_pack(tmp_path / "pack", FAULTY)))
    assert cards(svg) == {1: (PLAIN, None), 2: (DEAD_END, "CF402"), 3: (TRAP, "CF403"), 4: (TRAP, "CF403"),
                          5: (PLAIN, None), 6: (UNREACHABLE, "CF401")}
    assert legend(svg) == [
        "Legend",
        "CF403 trap: no ending can be reached from it (graph) (2 cards)",
        "CF908 state-trap: in play, a loop the players never leave (explorer) (0 cards)",
        "CF901 stuck-in-play: in play, the story can stop here (explorer) (0 cards)",
        "CF402 dead-end: it, or a branch in it, has no way forward (graph) (1 card)",
        "CF401 unreachable-card: the start card cannot reach it (graph) (1 card)",
        "CF903 card-never-drawn-in-play: no line of play draws it (explorer) (0 cards)",
        "no finding", "start card (thick border)", "Victory", "a way that needs a condition (dashed)",
        "state explorer: not run: the content has errors; fix them first"]
    swatches = [g.find("svg:rect", NS).get("fill") for g in svg.iterfind(".//svg:g[@class]", NS)
                if g.get("class").startswith("legend-entry finding")]
    assert swatches == [TRAP, STATE_TRAP, STUCK, DEAD_END, UNREACHABLE, NEVER_DRAWN]
    # the start card has the thick border, the unreachable one a dashed one; Victory is an ellipse
    start = svg.find(".//svg:g[@data-start='true']", NS)
    assert start.get("data-card") == "1" and start.find("svg:rect", NS).get("stroke-width") == "3"
    assert svg.find(".//svg:g[@data-card='6']/svg:rect", NS).get("stroke-dasharray") == "4 3"
    victory = svg.find(".//svg:g[@class='node victory']", NS)
    assert victory.find("svg:ellipse", NS).get("fill") == VICTORY
    # the tooltip holds the diagnostic's message
    assert svg.find(".//svg:g[@data-card='2']/svg:title", NS).text == (
        "2: The Road to Calais\nCF402 card 2 has no way forward")
    edges = [(e.get("data-source"), e.get("data-target"), e.find("svg:path", NS).get("stroke-dasharray"))
             for e in svg.iterfind(".//svg:g[@class='edge']", NS)]
    assert edges == [("c1", "c2", None), ("c1", "c3", None), ("c1", "c5", "5 3"), ("c1", "c5", None),
                     ("c3", "c4", None), ("c4", "c3", None), ("c5", "ending_victory", None),
                     ("c6", "ending_victory", None)]
    labels = [t.text for t in svg.iterfind(".//svg:text[@class='edge-label']", NS)]
    assert labels == ["Ride to Calais", "Take the forest road", "Ride to Paris", "Walk to Paris"]


def _boxes(svg: ET.Element) -> dict[str, tuple[float, float, float, float]]:
    """``{node id: (left, top, right, bottom)}`` of every node."""
    boxes = {}
    for node in svg.iterfind(".//svg:g[@id]", NS):
        if not node.get("class", "").startswith("node"):
            continue
        shape = node.find("svg:rect", NS)
        if shape is not None:
            x, y, w, h = (float(shape.get(k)) for k in ("x", "y", "width", "height"))
        else:
            shape = node.find("svg:ellipse", NS)
            cx, cy, rx, ry = (float(shape.get(k)) for k in ("cx", "cy", "rx", "ry"))
            x, y, w, h = cx - rx, cy - ry, 2 * rx, 2 * ry
        boxes[node.get("id")] = (x, y, x + w, y + h)
    return boxes


def test_clusters_per_act_in_campaign_order_and_nothing_overlaps() -> None:
    svg = svg_of(str(CONTENT), "--no-explore")
    clusters = svg.findall("svg:g[@class='cluster']", NS)
    assert [(c.get("data-story"), c.find("svg:text", NS).text) for c in clusters] == [
        ("act-1", "Act I: The Man From Meung (act-1)"), ("act-2", "Act II: The Road to London (act-2)"),
        ("act-3", "Act III: The Duke of Buckingham (act-3)"), ("act-4", "Act IV: Returning the Jewels (act-4)")]
    frames = [tuple(float(c.find("svg:rect", NS).get(k)) for k in ("x", "width")) for c in clusters]
    assert all(x1 + w1 < x2 for (x1, w1), (x2, _) in zip(frames, frames[1:]))    # side by side
    width = float(svg.get("width"))
    for cluster, (x, w) in zip(clusters, frames):
        boxes = list(_boxes(cluster).values())
        assert boxes and all(x < left and right < x + w <= width for left, _, right, _ in boxes)
        for i, a in enumerate(boxes):      # no two nodes of a story overlap
            for b in boxes[i + 1:]:
                assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    act1 = clusters[0]
    assert len(act1.findall("svg:g[@data-card]", NS)) == 15
    box = _boxes(act1)
    assert box["s0-c11"][3] < box["s0-c12"][1] < box["s0-ending_victory"][1]      # start on top
    assert legend(svg)[-1] == "state explorer: not run (--no-explore): CF901, CF903 and CF908 are not shown"


def test_a_campaign_draws_its_acts_in_its_order(tmp_path: Path) -> None:
    pack = write_pack(tmp_path / "pack", STORY_HEAD + "  - {id: 1, title: One, steps: [{goto: 2}]}\n"
                      "  - {id: 2, title: Two, steps: [{victory: Won.}]}\n")
    (pack / "b.yaml").write_text(STORY_HEAD.replace("act-1", "act-0").replace("start: 1", "start: 7")
                                 + "  - {id: 7, title: Seven, steps: [{victory: Won.}]}\n", encoding="utf-8")
    (pack / "pack.yaml").write_text(MANIFEST + "campaign:\n  stories: [act-1, act-0]\n", encoding="utf-8")
    svg = svg_of(str(pack), "--no-explore")
    assert [c.get("data-story") for c in svg.iterfind("svg:g[@class='cluster']", NS)] == ["act-1", "act-0"]
    svg = svg_of(str(pack), "--no-explore", "--story", "act-0")
    assert [c.get("data-story") for c in svg.iterfind("svg:g[@class='cluster']", NS)] == ["act-0"]


@pytest.mark.parametrize(("case", "card", "fill", "code"), [
    ("stuck-in-play", 2, STUCK, "CF901"),
    ("flag-set-only-later", 4, NEVER_DRAWN, "CF903"),
    ("state-trap", 2, STATE_TRAP, "CF908"),
])
def test_svg_colours_the_explorer_s_findings(tmp_path: Path, case: str, card: int, fill: str, code: str) -> None:
    pack = str(copy_golden(case, tmp_path / case))
    svg = svg_of(pack)
    assert cards(svg)[card] == (fill, code)
    assert [c for c, (_, found) in cards(svg).items() if found] == [card]
    note = svg.find("svg:g[@class='cluster']/svg:text[@class='cluster-note']", NS).text
    assert note.startswith("state explorer: proven; explored ")
    assert legend(svg)[-1] == "state explorer: ran within 1,500 states, as cardforge lint does; every story proven"
    assert cards(svg_of(pack, "--no-explore"))[card] == (PLAIN, None)


def _fake_dot(folder: Path, body: str) -> Path:
    folder.mkdir()
    script = folder / "dot"
    script.write_text(f"#!/bin/sh\n{body}\n", encoding="utf-8")
    script.chmod(0o755)
    return folder


def test_layout_auto_hands_the_dot_text_to_graphviz_when_it_is_on_path(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    pack = str(write_pack(tmp_path / "pack", FAULTY))
    seen = tmp_path / "seen.dot"
    folder = _fake_dot(tmp_path / "bin", f"cat > '{seen}'\necho \"<svg>$1</svg>\"")
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
    code, out, _ = run(pack, "--format", "svg")
    assert code == 0 and out == "<svg>-Tsvg</svg>\n"
    dot = seen.read_text(encoding="utf-8")
    assert 'subgraph "cluster_s0" {' in dot and "subgraph cluster_legend {" in dot
    assert '    c2 [label="2: The Road to Calais", fillcolor="#fdd868", id="s0-c2", class="card CF402"' in dot
    # the built-in layout when asked for
    code, out, _ = run(pack, "--format", "svg", "--layout", "builtin")
    assert code == 0 and out.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<svg ')


def test_a_failing_or_missing_graphviz(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pack = str(write_pack(tmp_path / "pack", FAULTY))
    folder = _fake_dot(tmp_path / "bin", "echo 'Error: syntax error in line 3' >&2\nexit 1")
    monkeypatch.setenv("PATH", str(folder))
    code, out, err = run(pack, "--format", "svg")            # auto: the built-in layout, and why
    assert code == 0 and "<svg " in out
    assert f"note: {folder / 'dot'} -Tsvg failed (exit 1): Error: syntax error in line 3; drawn with the built-in " \
           "layout" in err
    code, _, err = run(pack, "--format", "svg", "--layout", "graphviz")
    assert code == 2 and "-Tsvg failed (exit 1)" in err
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    code, _, err = run(pack, "--format", "svg", "--layout", "graphviz")
    assert code == 2 and "--layout graphviz: Graphviz's dot is not on PATH" in err


def test_svg_is_the_same_bytes_under_any_hash_seed(tmp_path: Path) -> None:
    outputs = []
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        target = tmp_path / f"g{seed}.svg"
        done = subprocess.run([sys.executable, "-m", "cardforge_compiler", "graph", str(CONTENT), "--story",
                               "act-2", "--format", "svg", "--layout", "builtin", "--no-explore", "-o", str(target)],
                              capture_output=True, text=True, env=env, cwd=ROOT)
        assert done.returncode == 0, done.stderr
        outputs.append(target.read_bytes())
    assert outputs[0] == outputs[1]
    assert str(tmp_path) not in outputs[0].decode("utf-8") and str(ROOT) not in outputs[0].decode("utf-8")


def test_author_text_is_escaped_and_the_svg_stays_well_formed(tmp_path: Path) -> None:
    story = FAULTY.replace("title: The Inn", 'title: "The <Inn> & \\e[2J\\u0085"').replace(
        "text: Ride to Calais", 'text: "Ride\\e]0;x\\u0007 to <Calais>"')
    svg = svg_of(str(write_pack(tmp_path / "pack", story)))
    # NEL is white space: made one space, then trimmed
    assert svg.find(".//svg:g[@data-card='1']/svg:text", NS).text == "1: The <Inn> & \\x1b[2J"
    assert svg.find(".//svg:text[@class='edge-label']", NS).text == "Ride\\x1b]0;x\\x07 to <Calais>"
    for fmt in ("dot", "mermaid", "graphml"):
        code, out, _ = run(str(tmp_path / "pack"), "--format", fmt, "--no-explore")
        assert code == 0 and "\x1b" not in out and "\x07" not in out and "x1b[2J" in out
    ET.fromstring(run(str(tmp_path / "pack"), "--format", "graphml", "--no-explore")[1].encode("utf-8"))


def test_mermaid_clusters_ids_and_classes(tmp_path: Path) -> None:
    pack = write_pack(tmp_path / "pack", FAULTY)
    (pack / "end.yaml").write_text(STORY_HEAD.replace("act-1", "end").replace("start: 1", "start: 7").replace(
        "The Road", 'The "end" | of it') + "  - {id: 7, title: end, steps: [{defeat: Lost.}]}\n", encoding="utf-8")
    code, out, _ = run(str(pack), "--story", "end", "--story", "act-1")
    assert code == 0
    lines = out.splitlines()
    assert lines[:5] == ["flowchart TD", '  subgraph s0["The #quot;end#quot; #124; of it (end)"]', '    s0_c7["7: end"]',
                         '    s0_ending_defeat(("Defeat"))', "    s0_c7 --> s0_ending_defeat"]
    ids = set(re.findall(r"^ +(\w+)[\[(]", out, flags=re.M))
    assert "end" not in ids and all(re.fullmatch(r"s\d_(c\d+|ending_(victory|defeat))|legend_CF\d+|legend|s\d", i)
                                     for i in ids), ids
    assert "  class s1_c2 dead_end" in lines and "  class s1_c3 trap" in lines and "  class s1_c6 unreachable_card" \
        in lines
    assert '    legend_CF402["CF402 dead-end: it, or a branch in it, has no way forward (graph) (1 card)"]' in lines
    assert "  style s1_c1 stroke-width:3px" in lines and '    s1_c1 -.->|"Ride to Paris"| s1_c5' in lines
    assert lines.count("  end") == 3        # two stories and the legend


def test_graphml_reads_back_with_networkx(tmp_path: Path) -> None:
    import networkx as nx

    target = tmp_path / "g.graphml"
    code, _, err = run(str(write_pack(tmp_path / "pack", FAULTY)), "--format", "graphml", "-o", str(target))
    assert code == 0, err
    text = target.read_text(encoding="utf-8")
    assert '<data key="d6">true</data>' in text and "True" not in text      # XML Schema booleans
    graph = nx.read_graphml(target, force_multigraph=True)
    assert graph.is_directed() and graph.number_of_edges() == 8
    assert {n: d["findings"] for n, d in graph.nodes(data=True) if d["findings"]} == {
        "c2": "CF402", "c3": "CF403", "c4": "CF403", "c6": "CF401"}
    assert graph.nodes["c1"] == {"label": "1: The Inn", "kind": "card", "story": "act-1", "pack": "test", "card": 1,
                                 "start": True, "findings": "", "fill": PLAIN}
    assert [d["conditional"] for _, t, d in graph.out_edges("c1", data=True) if t == "c5"] == [True, False]


def test_a_picture_is_never_written_over_content(tmp_path: Path) -> None:
    pack = write_pack(tmp_path / "pack", FAULTY)
    (pack / "story.yaml").rename(pack / "story.txt")          # a file named is read whatever its name
    before = (pack / "story.txt").read_bytes()
    for target, reason in ((pack / "story.txt", "is one of the content files read"),
                           (tmp_path / "x.json", "is named as a bundle (.json)"), (tmp_path / "x.YML", "is a content file")):
        code, _, err = run(str(pack / "story.txt"), "--format", "svg", "-o", str(target))
        assert code == 2 and "a picture is not written over content, translations or a bundle; write it to a " \
            ".svg file" in err, err
        assert f"{target} {reason}: a picture" in err, err
    assert (pack / "story.txt").read_bytes() == before and not (tmp_path / "x.json").exists()


def test_the_docs_list_every_finding_colour_in_order() -> None:
    from cardforge_compiler.storygraph.model import FINDINGS

    text = (ROOT / "docs" / "graph.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(CF\d{3})` \| `([a-z-]+)` \| `(#[0-9a-f]{6})` \|", text, flags=re.M)
    assert rows == [(f.code, f.name, f.fill) for f in FINDINGS]


def test_crossings_are_counted_as_by_hand() -> None:
    """The Fenwick-tree count equals the pairwise definition on random layer pairs."""
    import itertools
    import random

    from cardforge_compiler.storygraph.layout import _crossings

    rng = random.Random(12)
    for _ in range(300):
        upper, lower = rng.randint(1, 8), rng.randint(1, 8)
        pairs = [(rng.randrange(upper), rng.randrange(lower)) for _ in range(rng.randint(0, 15))]
        by_hand = sum(1 for (a1, b1), (a2, b2) in itertools.combinations(pairs, 2) if (a1 - a2) * (b1 - b2) < 0)
        assert _crossings({i: i for i in range(upper)}, pairs, {i: i for i in range(lower)}) == by_hand, pairs
    assert _crossings({"a": 0, "b": 1}, [("a", "y"), ("b", "x")], {"x": 0, "y": 1}) == 1


def test_layout_routes_start_and_end_on_their_nodes_borders() -> None:
    """A way back up (a loop of cards) starts at its own source, a card's way to
    itself is a loop on its right, and every route touches both boxes."""
    from cardforge_compiler.storygraph.layout import layout

    sizes = {"a": (80.0, 30.0), "b": (60.0, 30.0), "c": (100.0, 30.0)}
    edges = [("a", "b", (40.0, 14.0)), ("b", "c", None), ("c", "a", (30.0, 14.0)), ("b", "b", None)]
    laid = layout(sizes, edges, ["a"])
    assert laid.centre["a"][1] < laid.centre["b"][1] < laid.centre["c"][1]

    def on_border(point: tuple[float, float], key: str) -> bool:
        (cx, cy), (w, h) = laid.centre[key], sizes[key]
        dx, dy = abs(point[0] - cx), abs(point[1] - cy)
        return (abs(dx - w / 2) < 1e-6 and dy <= h / 2 + 1e-6) or (abs(dy - h / 2) < 1e-6 and dx <= w / 2 + 1e-6)

    for (source, target, _), route in zip(edges[:3], laid.routes):
        assert on_border(route[0], source) and on_border(route[-1], target), (source, target, route)
    back = laid.routes[2]
    assert back[0][1] > back[-1][1]                    # c -> a goes up
    loop = laid.routes[3]
    (bx, _), (bw, _) = laid.centre["b"], sizes["b"]
    assert len(loop) == 4 and loop[0][0] == loop[-1][0] == bx + bw / 2 and loop[1][0] == bx + bw / 2 + 24
    assert laid.labels[0] is not None and laid.labels[1] is None and laid.labels[3] is None
    assert laid.width >= max(x + w / 2 for (x, _), (w, _) in zip(laid.centre.values(), sizes.values()))


@pytest.mark.parametrize("case", ["bad-start", "cross-story-goto", "duplicate-card", "unknown-card", "draw-loop",
                                  "dead-end-challenge-nobody-left", "ok-decks", "duplicate-card-across-stories"])
def test_content_with_errors_is_still_drawn_well_formed(tmp_path: Path, case: str) -> None:
    """Every golden case was drawn in SVG and GraphML once (each drawn, or exit 2 when it
    holds no story); these few, with broken references and odd starts, stay in."""
    pack = str(copy_golden(case, tmp_path / case))
    svg = svg_of(pack, "--no-explore")
    nodes = {n.get("id") for n in svg.iterfind(".//svg:g[@id]", NS) if n.get("class", "").startswith("node")}
    for cluster in svg.iterfind("svg:g[@class='cluster']", NS):
        for edge in cluster.iterfind("svg:g[@class='edge']", NS):
            for end in (edge.get("data-source"), edge.get("data-target")):
                assert f"{cluster.get('id')[len('cluster-'):]}-{end}" in nodes
    code, out, _ = run(pack, "--format", "graphml", "--no-explore")
    assert code == 0 and ET.fromstring(out.encode("utf-8")) is not None


def test_graph_explore_budget_default_is_lint_s() -> None:
    """The picture colours what lint reports: the same explorer budget by default."""
    from cardforge_compiler.cli.graph import graph
    from cardforge_compiler.explore.stage import DEFAULT_LINT_BUDGET

    option = next(p for p in graph.params if p.name == "explore_budget")
    assert option.default == DEFAULT_LINT_BUDGET == 1_500


def _loopy(cards: int, seed: int = 12) -> tuple[dict, list]:
    """bench/graph_bench.py's loopy story as layout input: card i to i+1 and to 4
    random cards (seeded)."""
    import random

    pick = random.Random(seed)
    sizes = {f"c{i}": (80.0, 30.0) for i in range(1, cards + 1)}
    edges = [(f"c{i}", f"c{t}", (40.0, 14.0)) for i in range(1, cards + 1)
             for t in [i % cards + 1] + [pick.randint(1, cards) for _ in range(4)]]
    return sizes, edges


def test_a_loopy_story_keeps_few_points_on_its_long_edges() -> None:
    """300 cards with 5 ways each to random cards: an edge across every layer it spans
    made 360,000 points (24 s, an 11 MB SVG; 600 cards 90 s, 980 MB). The longest edges
    now keep a point in their first and last layer only, the total within the budget,
    and the same input is laid out the same way to the last digit."""
    from cardforge_compiler.storygraph.layout import MAX_POINTS, MIN_POINTS, layout

    sizes, edges = _loopy(300)
    laid = layout(sizes, edges, ["c1"])
    points = [len(route) - 2 for route in laid.routes]
    assert sum(points) <= max(MIN_POINTS, MAX_POINTS * len(sizes)) == 6_000
    assert max(points) > 2 and min(points) == 1      # short edges still routed layer by layer
    assert sum(1 for n in points if n == 2) > 100    # the long ones: first and last layer only
    again = layout(sizes, edges, ["c1"])
    assert (again.centre, again.routes, again.width, again.height) == (laid.centre, laid.routes, laid.width,
                                                                       laid.height)


def test_the_longest_edges_are_shortened_first_until_the_points_fit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Budget 20 points per node (3 nodes: 60): 114 points; the two 50-layer edges (ties
    by index) are cut to 2 points each (18 left); edges of 2 layers or fewer never."""
    from cardforge_compiler.storygraph import layout

    monkeypatch.setattr(layout, "MIN_POINTS", 0)
    spans = {0: 10, 1: 3, 2: 50, 3: 50, 4: 1}
    assert layout._shortened(spans, 3) == {2, 3}
    assert layout._shortened(spans, 5) == {2}             # 100: fits once one is cut
    assert layout._shortened(spans, 6) == set()           # 120: fits
    assert layout._shortened(spans, 0) == {0, 1, 2, 3}    # nothing fits: every edge above 2 cut
    monkeypatch.setattr(layout, "MIN_POINTS", 4_000)
    assert layout._shortened(spans, 3) == set()           # a small story: every layer routed



def _two_stories(tmp_path: Path) -> Path:
    """act-1 (won at once, proven) and act-2 (a choice between 2 and 3: lost at 3)."""
    pack = write_pack(tmp_path / "pack", STORY_HEAD.replace("start: 1", "start: 11")
                      + "  - {id: 11, title: One, steps: [{victory: Won.}]}\n")
    (pack / "z.yaml").write_text(STORY_HEAD.replace("act-1", "act-2").replace("start: 1", "start: 21")
                                 + "  - {id: 21, title: Fork, steps: [{choice: [{text: Left, goto: 22}, "
                                   "{text: Right, goto: 23}]}]}\n"
                                 + "  - {id: 22, title: Won, steps: [{victory: Won.}]}\n"
                                 + "  - {id: 23, title: Lost, steps: [{defeat: Lost.}]}\n", encoding="utf-8")
    return pack


def test_the_legend_lists_only_what_is_drawn_and_the_explorer_s_shared_budget(tmp_path: Path) -> None:
    """The legend said "not proven: act-1, act-2" with only act-1 drawn, listed Defeat
    with no Defeat drawn, and named lint's whole budget beside a cluster's share."""
    pack = str(_two_stories(tmp_path))
    svg = svg_of(pack, "--story", "act-1", "--explore-budget", "1")
    rows = legend(svg)
    assert "Defeat" not in rows and "Victory" in rows and "a way that needs a condition (dashed)" not in rows
    assert rows[-1] == ("state explorer: ran within 1 state, shared by the content's 2 stories (each its share), "
                        "as cardforge lint does; not proven: act-1")
    note = svg.find(".//svg:text[@class='cluster-note']", NS).text
    assert note == ("state explorer: not proven; explored 1 state in 5 setups (0 answers); stopped at the "
                    "1-state budget")
    rows = legend(svg_of(pack, "--story", "act-2", "--explore-budget", "1"))
    assert "Defeat" in rows and rows[-1].endswith("as cardforge lint does; not proven: act-2"), rows[-1]
    assert legend(svg_of(pack, "--story", "act-1"))[-1] == (
        "state explorer: ran within 1,500 states, shared by the content's 2 stories (each its share), as "
        "cardforge lint does; every story proven")


def test_node_ids_agree_between_svg_dot_and_the_docs(tmp_path: Path) -> None:
    """Several stories: DOT said ``id="s0-s0_c11"``, docs/graph.md ``s1_c11``; now node
    keys are ``s0_c11`` (from 0) and element ids ``s0-c11`` in SVG and DOT alike."""
    pack = str(_two_stories(tmp_path))
    svg = svg_of(pack, "--no-explore")
    svg_ids = sorted(n.get("id") for n in svg.iterfind(".//svg:g[@id]", NS) if n.get("class").startswith("node"))
    assert svg_ids == ["s0-c11", "s0-ending_victory", "s1-c21", "s1-c22", "s1-c23", "s1-ending_defeat",
                       "s1-ending_victory"]
    assert [(e.get("data-source"), e.get("data-target")) for e in svg.iterfind(".//svg:g[@class='edge']", NS)][:2] \
        == [("c11", "ending_victory"), ("c21", "c22")]
    code, dot, _ = run(pack, "--format", "dot", "--no-explore")
    assert code == 0 and sorted(re.findall(r'id="(s\d-[a-z_0-9]+)"', dot)) == svg_ids
    assert re.search(r"^    s0_c11 \[", dot, flags=re.M)
    docs = " ".join((ROOT / "docs" / "graph.md").read_text(encoding="utf-8").split())
    assert "`s0_c11`, `s1_ending_victory`" in docs and "`id` (`s0-c11`)" in docs
