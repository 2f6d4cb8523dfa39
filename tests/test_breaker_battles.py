"""The breaker's findings on the Battle-round features (issue 10): bad input from a
hostile or careless user, each a test shown failing before its fix. Content through
``lint``/``build``, bundles through ``load_bundle``, answers and saves through
``Session``, and the ``play``/``simulate`` command lines."""

from __future__ import annotations

import shutil
from pathlib import Path

from _helpers import CONTENT, render


def _gascony_with(tmp_path: Path, old: str, new: str) -> Path:
    """A copy of the shipped Gascony pack whose pack.yaml has ``old`` replaced by ``new``."""
    folder = tmp_path / "gascony"
    shutil.copytree(CONTENT, folder)
    manifest = folder / "pack.yaml"
    text = manifest.read_text(encoding="utf-8")
    assert old in text
    manifest.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


def test_a_move_stat_that_is_not_a_stat_is_a_lint_error_not_a_bundle_load_bundle_refuses(tmp_path):
    """``battle_round.move_stat: Speed`` (the pack's stats are Prowess and Movement)
    used to pass lint and build; the bundle written was then refused by
    ``load_bundle``. Lint says so at the value, with the stats to choose from."""
    from cardforge_compiler.pipeline import compile_paths

    folder = _gascony_with(tmp_path, "  move_stat: Movement\n", "  move_stat: Speed\n")
    result = compile_paths([str(folder)])
    text = render(result.diagnostics, folder)
    line = 1 + (folder / "pack.yaml").read_text(encoding="utf-8").splitlines().index("  move_stat: Speed")
    assert text.startswith(f"pack.yaml:{line}:14: CF304 error: 'Speed' is not a stat of pack 'gascony'"), text
    assert "help: the Movement points are one of the pack's stats: Prowess, Movement" in text
    assert [d.code for d in result.errors] == ["CF304"]


def _simulate_cli(*args: object, **kwargs):
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "cardforge_compiler", "simulate", *map(str, args)],
                          capture_output=True, text=True, **kwargs)


def test_simulate_refuses_a_runs_or_workers_count_no_machine_can_hold(gascony_bundle):
    """``--runs 99999999999999999999`` listed every run's task up front and was killed
    by the kernel (out of memory, exit 137); ``--workers 1000`` started a thousand
    processes. Both are usage errors with the limit."""
    result = _simulate_cli(gascony_bundle, "--battle", 102, "--runs", 10**20)
    assert result.returncode == 2, result.stderr
    assert "Invalid value for '--runs': 100000000000000000000 is not in the range 1<=x<=100000" in result.stderr
    result = _simulate_cli(gascony_bundle, "--battle", 102, "--runs", 1, "--workers", 1000)
    assert result.returncode == 2, result.stderr
    assert "Invalid value for '--workers': 1000 is not in the range 1<=x<=256" in result.stderr


def test_simulate_starts_no_more_workers_than_it_has_tasks(gascony_bundle, monkeypatch):
    """``--workers 50 --runs 2`` at three player counts: three tasks, three processes
    (it started fifty; a thousand took minutes before playing anything)."""
    import json
    from concurrent.futures import Future

    from cardforge_compiler.simulate import runner

    started = []

    class Pool:        # a stand-in for the process pool that plays its tasks in this process
        def __init__(self, max_workers, mp_context, initializer, initargs):
            started.append(max_workers)
            initializer(*initargs)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def submit(self, fn, *args):
            future = Future()
            future.set_result(fn(*args))
            return future

    monkeypatch.setattr(runner, "ProcessPoolExecutor", Pool)
    # the worker's initializer ignores Ctrl-C: never in this process (its children, such as
    # test_play_cli's Ctrl-C test, would inherit it)
    monkeypatch.setattr(runner.signal, "signal", lambda *args: None)
    case = runner.BattleCase(json.loads(gascony_bundle.read_text(encoding="utf-8")), "act-1", 102)
    runs = runner.simulate(case, [1, 2, 3], 2, 0, workers=50)
    assert started == [3]
    assert [(r["players"], r["run"]) for r in runs] == [(1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1)]
    started.clear()
    assert runner.simulate(case, [2], 2, 0, workers=50) == [r for r in runs if r["players"] == 2]
    assert started == []                          # one task: played in this process


def test_ctrl_c_stops_a_simulate_with_workers_at_once(gascony_bundle):
    """Ctrl-C (SIGINT to the terminal's process group) during ``simulate --workers 2``:
    exit 130 with "interrupted", no traceback from the command or its workers, and no
    process left. It used to hang: the pool waited for every queued run."""
    import os
    import signal
    import subprocess
    import sys
    import time

    process = subprocess.Popen(
        [sys.executable, "-m", "cardforge_compiler", "simulate", str(gascony_bundle), "--battle", "102",
         "--runs", "20000", "--players", "2", "--workers", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:      # the pool's two workers are up
            group = subprocess.run(["pgrep", "-g", str(process.pid)], capture_output=True, text=True).stdout.split()
            if len(group) >= 3:
                break
            time.sleep(0.2)
        time.sleep(1)
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 130, err
    assert err.strip().splitlines()[-1] == "interrupted" and "Traceback" not in err, err
    assert out == ""
    time.sleep(0.5)
    left = subprocess.run(["pgrep", "-g", str(process.pid)], capture_output=True, text=True).stdout.split()
    assert left == []


def test_a_reroll_answer_whose_stone_or_option_is_a_list_or_object_is_refused(gascony_bundle):
    """``{"option": []}`` (or ``{"stone": {}}``) to a ``reroll`` request raised
    ``TypeError: unhashable type`` from the answer check (a traceback in any front end)
    instead of ``AnswerError``; refused now, with the session unchanged."""
    import json

    import pytest
    from greedy import first_answer

    from cardforge_runtime import AnswerError, Session, load_bundle

    session = Session.start(load_bundle(gascony_bundle), "act-1", players=2, seed=3, battles="table")
    while session.pending["kind"] != "reroll":
        session.answer(first_answer(session.pending))
    before = json.dumps(session.save(), sort_keys=True)
    for bad in ({"option": []}, {"option": {}}, {"stone": [0], "option": 0}, {"stone": 0, "option": [0]},
                {"stone": {"a": 1}}):
        with pytest.raises(AnswerError, match="spend a listed stone option: none"):
            session.answer(bad)
        assert json.dumps(session.save(), sort_keys=True) == before


def test_phases_out_of_order_or_an_action_twice_is_reported_at_that_list(tmp_path):
    """``phases: [character-turns, all-for-one, ...]`` and ``actions: [..., search,
    search]`` were reported at ``battle_round``'s first key (``move_stat``'s line), not
    at the list at fault."""
    from cardforge_compiler.pipeline import compile_paths

    for old, new, key in (("phases: [all-for-one, character-turns,", "phases: [character-turns, all-for-one,",
                           "  phases: "),
                          ("interact, search]", "interact, search, search]", "  actions: ")):
        folder = _gascony_with(tmp_path / key.strip(": "), old, new)
        lines = (folder / "pack.yaml").read_text(encoding="utf-8").splitlines()
        line = 1 + next(i for i, text in enumerate(lines) if text.startswith(key) and new in text)
        text = render(compile_paths([str(folder)]).diagnostics, folder)
        assert text.startswith(f"pack.yaml:{line}:{len(key) + 1}: CF105 error: "), text


def _json_answers():
    """Hypothesis: JSON objects shaped like Battle answers (their field names, squares,
    indices, faces, card ids), with junk of every JSON type among them."""
    from hypothesis import strategies as st

    scalars = (st.none() | st.booleans() | st.integers(-3, 20) | st.integers() | st.floats(allow_nan=False)
               | st.sampled_from(["north", "east", "up", "Movement", "Courage", "Equipment#1", "prepare", "search",
                                  "move", "attack", "end", "stone", "", "é\u202e"]))
    values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["figure", "successes", "a"]), inner, max_size=2), max_leaves=8)
    keys = st.sampled_from(["do", "to", "facing", "square", "action", "figure", "weapon", "target", "tile", "stone",
                            "option", "objective", "at", "give", "take", "name", "keep", "equip", "flip", "auto",
                            "faces", "character", "pick", "dice", "defend", "assign", "extra"])
    return st.dictionaries(keys, values, max_size=4)


def test_property_any_json_answer_in_a_battle_is_played_or_refused_with_nothing_changed(gascony_bundle):
    """Property (hypothesis): at the Battle's requests (deploy, prepare, stones, turn,
    character, pick, roll, reroll...), any JSON object either passes the answer check
    and is played without an engine error, or is refused with ``AnswerError`` and the
    session's ``save()`` is unchanged."""
    import json
    import random

    from greedy import first_answer
    from players import battle_answer
    from hypothesis import HealthCheck, given, settings

    from cardforge_runtime import AnswerError, Session, load_bundle

    bundle = load_bundle(gascony_bundle)
    session = Session.start(bundle, "act-1", players=2, seed=8)
    rng = random.Random(8)
    stops = {}
    while not session.finished and len(stops) < 8 and len(session.log) < 400:
        kind = session.pending["kind"]
        if session.state["battle"] is not None and kind not in stops:
            stops[kind] = session.save()
        in_battle = session.state["battle"] is not None or kind == "deploy"
        session.answer(battle_answer(session.pending, rng, greedy=0.5) if in_battle
                       else first_answer(session.pending))
    assert {"deploy", "prepare", "stones", "turn"} <= set(stops)

    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(answer=_json_answers())
    def check(save, answer):
        played = Session.load(bundle, save)
        before = json.dumps(played.save(), sort_keys=True)
        try:
            played.answer(answer)
        except AnswerError:
            assert json.dumps(played.save(), sort_keys=True) == before

    for save in stops.values():
        check(save)
