"""Property tests of the terrain effects that move tiles and figures (hypothesis): the
Wagon Roll and the Barrel on random small boards with random figures. Whatever the
board, no two figures end on one square, no figure is left under the Wagon but its
riders, Enemy tokens are never created or lost, and the Barrel's path never enters a
Character's square or another tile (Gascony's Legacy, "Terrain Tiles")."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_battle_terrain_actions import terrain_scene

from _battle_helpers import character
from _board_helpers import placement
from cardforge_runtime.battle.state import add_character, add_enemy, add_named
from cardforge_runtime.battle.terrain_effects import run_steps
from cardforge_runtime.battle.terrain_squares import Acting
from cardforge_runtime.battle.terrain_state import tile_squares
from cardforge_runtime.board.grid import DIRECTIONS

COLUMNS, ROWS = 7, 5
SQUARES = [(c, r) for r in range(1, ROWS + 1) for c in range(1, COLUMNS + 1)]
KINDS = ("character", "guard", "named")


def drive(scene, generator):  # noqa: ANN001, ANN201
    """Answer every request with its first option (a pick) or nothing."""
    try:
        request = next(generator)
        while True:
            assert request["kind"] == "pick", request
            assert request["options"], request
            request = generator.send({"pick": request["options"][0]})
    except StopIteration as stop:
        return stop.value


def populate(scene, figures):  # noqa: ANN001, ANN201
    """Place ``[(square, kind)]``; returns the Characters' figure ids."""
    characters = []
    for square, kind in figures:
        if kind == "character":
            characters.append(add_character(scene.battle, len(characters), square, "north")["id"])
        elif kind == "guard":
            add_enemy(scene.battle, "Cardinal's Guard", square)
        else:
            add_named(scene.battle, "Rochefort", square, 3)
    return characters


def figure_squares(scene) -> list[tuple[int, int]]:  # noqa: ANN001
    return [tuple(f["square"]) for key in ("characters", "enemies", "named") for f in scene.battle[key]]


def tokens(scene) -> int:  # noqa: ANN001
    return len(scene.battle["enemies"]) + scene.battle["supply"]["Cardinal's Guard"]


@st.composite
def wagon_boards(draw):  # noqa: ANN001, ANN201
    at = (draw(st.integers(1, COLUMNS - 1)), draw(st.integers(1, ROWS - 1)))
    facing = draw(st.sampled_from(DIRECTIONS))
    column = (draw(st.integers(1, COLUMNS)), draw(st.integers(1, ROWS)))
    wagon = {(at[0] + i, at[1] + j) for i in (0, 1) for j in (0, 1)}
    free = [sq for sq in SQUARES if sq != column or column in wagon]
    chosen = draw(st.lists(st.sampled_from(free), min_size=0, max_size=8, unique=True))
    kinds = [draw(st.sampled_from(KINDS)) for _ in chosen]
    # Enemies never stand on the Wagon (Elevated): they go round it (issue 10's Enemy movement)
    figures = [(sq, kind) for sq, kind in zip(chosen, kinds) if sq not in wagon or kind == "character"]
    return at, facing, (None if column in wagon else column), figures, draw(st.integers(4, 9))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(wagon_boards())
def test_a_rolled_wagon_leaves_every_figure_on_its_own_square(case) -> None:  # noqa: ANN001
    at, facing, column, figures, successes = case
    tiles = [placement("Wagon", at, facing=facing)] + ([placement("Column", column)] if column else [])
    people = [f for f in figures if f[1] == "character"]
    scene = terrain_scene(["." * COLUMNS] * ROWS, tiles, [character(f"C{i}", 3, 4) for i in range(len(people))])
    populate(scene, figures)
    before_tokens = tokens(scene)
    start = set(tile_squares(scene.board, 0))
    riders = {f["id"] for key in ("characters", "enemies", "named") for f in scene.battle[key]
              if tuple(f["square"]) in start}
    health = {i: c["health"] for i, c in enumerate(scene.game["characters"])}
    drive(scene, run_steps(scene, [{"board": "wagon-roll", "minus": 3}], Acting(None, 0, 4, successes)))
    event = next(e for e in scene.events if e["event"] == "wagon-roll")
    squares = figure_squares(scene)
    assert len(squares) == len(set(squares)), scene.events
    assert tokens(scene) == before_tokens
    assert event["moved"] <= max(0, successes - 3)
    end = set(tile_squares(scene.board, 0))
    if event["left_map"]:
        assert end == set() and scene.battle["terrain"]["removed"] == [0]
    else:
        assert len(end) == 4 and all(scene.board.on_map(sq) for sq in end)
        assert not column or column not in end
        under = {f["id"] for key in ("characters", "enemies", "named") for f in scene.battle[key]
                 if tuple(f["square"]) in end}
        assert under <= riders, scene.events
    for index, c in enumerate(scene.game["characters"]):
        assert health[index] - c["health"] in (0, 1)


@st.composite
def barrel_boards(draw):  # noqa: ANN001, ANN201
    barrel = draw(st.sampled_from(SQUARES))
    others = [sq for sq in SQUARES if sq != barrel]
    crates = draw(st.lists(st.sampled_from(others), max_size=3, unique=True))
    rest = [sq for sq in others if sq not in crates]
    chosen = draw(st.lists(st.sampled_from(rest), max_size=8, unique=True))
    return barrel, crates, [(sq, draw(st.sampled_from(KINDS))) for sq in chosen], draw(st.sampled_from(DIRECTIONS))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(barrel_boards())
def test_a_rolled_barrel_stops_before_characters_and_tiles_and_hurts_only_its_path(case) -> None:  # noqa: ANN001
    barrel, crates, figures, direction = case
    tiles = [placement("Barrel", barrel)] + [placement("Column", sq) for sq in crates]
    people = [f for f in figures if f[1] == "character"]
    scene = terrain_scene(["." * COLUMNS] * ROWS, tiles, [character(f"C{i}", 3, 4) for i in range(len(people))])
    populate(scene, figures)
    before = {f["id"]: (f.get("wounded"), f.get("health")) for key in ("enemies", "named") for f in scene.battle[key]}
    where = {f["id"]: tuple(f["square"]) for key in ("enemies", "named") for f in scene.battle[key]}
    generator = run_steps(scene, [{"board": "roll-in-line"}, {"board": "remove-tile"}], Acting(None, 0, 3, 3))
    try:
        request = next(generator)
        while True:
            pick = direction if direction in request["options"] else request["options"][0]
            request = generator.send({"pick": pick})
    except StopIteration:
        pass
    event = next(e for e in scene.events if e["event"] == "roll-in-line")
    path = [tuple(sq) for sq in event["path"]]
    people_squares = {sq for sq, kind in figures if kind == "character"}
    assert not set(path) & (people_squares | set(crates))
    for a, b in zip([barrel] + path, path):
        assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1            # one square at a time, in a line
    for figure_id, (wounded, health) in before.items():
        hurt = where[figure_id] in path
        if not scene.on_board(figure_id):
            assert hurt and (wounded or health == 1)
        elif hurt:
            assert scene.get(figure_id).get("wounded") or scene.get(figure_id).get("health") == health - 1
        else:
            assert (scene.get(figure_id).get("wounded"), scene.get(figure_id).get("health")) == (wounded, health)
    assert scene.board.tiles_at(barrel) == () and scene.battle["terrain"]["removed"] == [0]
