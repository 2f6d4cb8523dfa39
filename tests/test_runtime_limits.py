"""Issue 7, item 21: every input path of the runtime (bundle, save, answers, values
given to the Python API) has one depth limit, one number limit and one text check
(``cardforge_runtime.format``: ``MAX_DEPTH``, ``MAX_NUMBER``, ``check_plain_data``),
applied before any other work, with a clear error: never a RecursionError or
another traceback. One test per crash the fuzzer found."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from _helpers import ROOT
from _runtime_helpers import advance, make_bundle
from cardforge_runtime import AnswerError, BundleError, Session, SessionError, load_bundle
from cardforge_runtime.format import MAX_DEPTH, MAX_NUMBER, PlainDataError, check_plain_data

GASCONY = ROOT / "tests" / "conformance" / "bundles" / "gascony.bundle.json"
RULES = ROOT / "tests" / "conformance" / "bundles" / "rules.bundle.json"
SURROGATE = "\ud800"


def cardforge(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cardforge_compiler", *args], capture_output=True, text=True,
                          env={**os.environ, "NO_COLOR": "1", "COLUMNS": "80"})


def no_traceback(result: subprocess.CompletedProcess) -> None:
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr.lower(), result.stderr


def nested(depth: int, leaf: Any = 0) -> Any:
    """A value ``depth`` levels deep: lists inside lists around ``leaf``."""
    value = leaf
    for _ in range(depth - (0 if isinstance(leaf, (list, dict)) else 1)):
        value = [value]
    return value


def write(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=True), encoding="utf-8")   # "\ud800" written as its escape
    return path


# -- the limits themselves -----------------------------------------------------------


def test_the_depth_limit_is_exact():
    check_plain_data(nested(MAX_DEPTH))
    with pytest.raises(PlainDataError, match=f"nested more than {MAX_DEPTH} levels"):
        check_plain_data(nested(MAX_DEPTH + 1))
    check_plain_data({"a": nested(MAX_DEPTH - 1)})
    with pytest.raises(PlainDataError) as caught:
        check_plain_data({"a": nested(MAX_DEPTH)})
    assert caught.value.path == "$.a" + "[0]" * (MAX_DEPTH - 2)


def test_the_number_limit_is_exact():
    check_plain_data([MAX_NUMBER, -MAX_NUMBER, 1.5, True, None])
    for bad in (MAX_NUMBER + 1, -MAX_NUMBER - 1, 10**5000, float("nan"), float("inf")):
        with pytest.raises(PlainDataError) as caught:
            check_plain_data({"values": [0, bad]})
        assert caught.value.path == "$.values[1]"


@pytest.mark.parametrize("value, path", [
    (SURROGATE, "$"),
    ({"a": ["ok", "x\udfffy"]}, "$.a[1]"),
    ({"ok": 1, "k\ud800": 2}, "$"),
    ({1: "number key"}, "$"),
    ([{1, 2}], "$[0]"),
])
def test_the_text_check_and_json_types(value, path):
    with pytest.raises(PlainDataError) as caught:
        check_plain_data(value)
    assert caught.value.path == path
    check_plain_data({"é": ["Agilité", "\U0001f600", "\ud83d\ude00".encode("utf-16", "surrogatepass").decode("utf-16")]})


def test_the_first_fault_in_document_order_is_named():
    with pytest.raises(PlainDataError) as caught:
        check_plain_data({"a": [1, 2, SURROGATE], "b": 10**40})
    assert caught.value.path == "$.a[2]"


# -- bundles ---------------------------------------------------------------------------


def gascony_with(edit) -> dict:
    data = json.loads(GASCONY.read_text(encoding="utf-8"))
    edit(data)
    return data


def surrogate_in_a_card(data: dict) -> None:
    data["packs"][0]["stories"][0]["cards"][0]["text"] += SURROGATE


def test_a_lone_surrogate_in_a_bundle_string_is_refused_everywhere(tmp_path: Path):
    data = gascony_with(surrogate_in_a_card)
    where = "$.packs[0].stories[0].cards[0].text"
    with pytest.raises(BundleError) as caught:
        load_bundle(data)
    assert str(caught.value).startswith("bundle data: ") and f"{where}: text with a lone surrogate" in str(caught.value)
    path = write(tmp_path / "b.json", data)
    with pytest.raises(BundleError, match="lone surrogate"):
        load_bundle(path)
    check = cardforge("check-bundle", str(path))
    no_traceback(check)
    assert check.returncode == 1 and f"{where}: text with a lone surrogate" in check.stdout
    play = cardforge("play", str(path), "--story", "act-1", "--seed", "1", "--answers", str(tmp_path / "none.json"))
    no_traceback(play)
    assert play.returncode == 2 and "lone surrogate" in play.stderr


def test_a_lone_surrogate_in_a_key_of_the_bundle_is_refused():
    data = gascony_with(lambda d: d["packs"][0].update({"x\udc00": 1}))
    with pytest.raises(BundleError, match=r"\$\.packs\[0\]: a key with a lone surrogate"):
        load_bundle(data)


def test_a_984_deep_bundle_is_refused_by_check_bundle_and_load_bundle(tmp_path: Path):
    data = gascony_with(lambda d: d["packs"][0].update({"extra": "DEEP"}))
    path = tmp_path / "deep.json"        # 984 levels in all: the pack is 3 deep
    path.write_text(json.dumps(data).replace('"DEEP"', "[" * 981 + "0" + "]" * 981), encoding="utf-8")
    with pytest.raises(BundleError, match=f"nested more than {MAX_DEPTH} levels"):
        load_bundle(path)
    check = cardforge("check-bundle", str(path))
    no_traceback(check)
    assert check.returncode == 1 and f"nested more than {MAX_DEPTH} levels deep" in check.stdout


def test_a_number_of_thousands_of_digits_in_a_bundle_is_refused(tmp_path: Path):
    data = gascony_with(lambda d: d["packs"][0]["stories"][0]["counters"].update({"huge": 10**5000}))
    with pytest.raises(BundleError, match=r"counters\.huge: a whole number beyond"):
        load_bundle(data)
    text = GASCONY.read_text(encoding="utf-8").replace('"counters": {', '"counters": {"huge": ' + "9" * 5000 + ", ", 1)
    (tmp_path / "b.json").write_text(text, encoding="utf-8")
    with pytest.raises(BundleError, match="a whole number beyond"):
        load_bundle(tmp_path / "b.json")
    play = cardforge("play", str(tmp_path / "b.json"), "--story", "act-1", "--trace", "--save", str(tmp_path / "s.json"))
    no_traceback(play)
    assert play.returncode == 2 and "a whole number beyond" in play.stderr


def test_a_flag_named_empty_is_refused_before_play(tmp_path: Path):
    data = json.loads(RULES.read_text(encoding="utf-8"))
    data["packs"][0]["stories"][0]["flags"].append("")
    with pytest.raises(BundleError, match=r"\.flags: '' is not a flag or counter name"):
        load_bundle(data)
    path = write(tmp_path / "b.json", data)
    play = cardforge("play", str(path), "--story", "trials", "--trace", "--seed", "1")
    no_traceback(play)
    assert play.returncode == 2 and "'' is not a flag or counter name" in play.stderr


# -- answers ---------------------------------------------------------------------------


def choice_session() -> Session:
    bundle = make_bundle([{"id": 1, "steps": [{"kind": "choice", "options": [
        {"text": "Left", "if": None, "steps": [], "goto": None}, {"text": "Right", "if": None, "steps": [], "goto": None}]}]}])
    session = Session.start(load_bundle(bundle), "s", seed=1)
    advance(session)
    return session


@pytest.mark.parametrize("answer, message", [
    ({"option": SURROGATE}, r"\$\.option: text with a lone surrogate"),
    ({"option": nested(1000)}, f"nested more than {MAX_DEPTH} levels"),
    ({"option": 10**5000}, r"\$\.option: a whole number beyond"),
    ({"buy": [{"item": "Rapier", "cost": 10**5000}]}, r"\$\.buy\[0\]\.cost: a whole number beyond"),
])
def test_answers_beyond_the_limits_are_refused_and_change_nothing(answer, message):
    session = choice_session()
    before = session.save()
    with pytest.raises(AnswerError, match=message):
        session.check_answer(answer)
    with pytest.raises(AnswerError, match=message):
        session.answer(answer)
    assert session.save() == before


def test_a_scripted_answer_with_a_lone_surrogate_is_refused_cleanly(tmp_path: Path):
    answers = write(tmp_path / "answers.json", [{}, {"option": SURROGATE}])
    play = cardforge("play", str(RULES), "--story", "trials", "--seed", "1", "--answers", str(answers))
    no_traceback(play)
    assert play.returncode == 2 and "$[1].option: text with a lone surrogate" in play.stderr


def test_a_scripted_answer_with_a_huge_number_is_refused_and_nothing_half_written(tmp_path: Path):
    (tmp_path / "answers.json").write_text('[{}, {"option": ' + "7" * 5000 + "}]", encoding="utf-8")
    save = tmp_path / "save.json"
    play = cardforge("play", str(RULES), "--story", "trials", "--seed", "1", "--trace",
                     "--answers", str(tmp_path / "answers.json"), "--save", str(save))
    no_traceback(play)
    assert play.returncode == 2 and "a whole number beyond" in play.stderr
    assert not save.exists()


# -- saves -----------------------------------------------------------------------------


def a_save() -> tuple[Session, dict]:
    session = choice_session()
    session.answer({"option": 1})
    return session, session.save()


@pytest.mark.parametrize("edit, message", [
    (lambda s: s["log"][0].update({"extra": nested(500)}), f"nested more than {MAX_DEPTH} levels"),
    (lambda s: s["log"][0]["answer"].update({"option": SURROGATE}), "lone surrogate"),
    (lambda s: s["setup"].update({"seed": 10**5000}), r"\$\.setup\.seed: a whole number beyond"),
    (lambda s: s["checkpoint"]["state"].update({"coins": 2**64}), "a whole number beyond"),
])
def test_saves_beyond_the_limits_are_refused(edit, message):
    session, save = a_save()
    edit(save)
    with pytest.raises(SessionError, match=message):
        Session.load(session.bundle, save)


def test_a_500_deep_list_in_a_saves_log_is_refused_by_resume(tmp_path: Path):
    session = Session.start(load_bundle(RULES), "trials", players=1, seed=1)
    session.answer({})
    save = session.save()
    save["log"][0]["events"] = [nested(500)]
    path = write(tmp_path / "save.json", save)
    play = cardforge("play", str(RULES), "--resume", str(path))
    no_traceback(play)
    assert play.returncode == 2 and f"nested more than {MAX_DEPTH} levels deep" in play.stderr


# -- values given to the Python API ----------------------------------------------------


def test_values_1000_deep_through_the_python_api_are_refused():
    bundle = load_bundle(RULES)
    deep = nested(1000)
    with pytest.raises(BundleError, match=f"nested more than {MAX_DEPTH}"):
        load_bundle({**json.loads(RULES.read_text(encoding="utf-8")), "extra": deep})
    with pytest.raises(SessionError, match=f"nested more than {MAX_DEPTH}"):
        Session.start(bundle, "trials", players=1, characters=[deep, "Anne"])
    with pytest.raises(SessionError, match=f"nested more than {MAX_DEPTH}"):
        Session.load(bundle, {"format": "cardforge-save", "deep": deep})
    session = Session.start(bundle, "trials", players=1, seed=1)
    with pytest.raises(AnswerError, match=f"nested more than {MAX_DEPTH}"):
        session.answer({"x": deep})
    with pytest.raises(SessionError, match="a whole number beyond"):
        Session.start(bundle, "trials", players=1, seed=10**5000)


def test_typed_numbers_of_thousands_of_digits_are_refused_in_our_words(tmp_path: Path):
    """`cardforge play` at the prompts: a 5,000-digit offer number or option is a typing
    mistake, answered in the prompt's own words (never Python's int-conversion advice)."""
    bundle = make_bundle([{"id": 1, "steps": [
        {"kind": "gain", "coins": 6, "who": "each"},
        {"kind": "purchase", "deck": "Equipment", "per_player": 1, "offers": [{"item": "Rope", "cost": 1}]},
        {"kind": "victory", "text": "Done."}]}])
    path = write(tmp_path / "b.json", bundle)
    typed = "\n" + "9" * 5000 + "\n" + "\n"
    result = subprocess.run([sys.executable, "-m", "cardforge_compiler", "play", str(path), "--story", "s",
                             "--players", "1", "--seed", "1"], input=typed, capture_output=True, text=True,
                            env={**os.environ, "NO_COLOR": "1", "COLUMNS": "80"})
    no_traceback(result)
    assert result.returncode == 0, result.stderr
    assert "type numbers from 1 to 1" in result.stdout
    assert "set_int_max_str_digits" not in result.stdout + result.stderr


def test_a_condition_tree_1000_deep_through_the_python_api_is_a_condition_error():
    from cardforge_runtime import ConditionError, evaluate_condition

    tree: dict = {"op": "const", "value": True}
    for _ in range(1000):
        tree = {"op": "not", "arg": tree}
    with pytest.raises(ConditionError, match=f"nested more than {MAX_DEPTH} levels"):
        evaluate_condition(tree, {})
    with pytest.raises(ConditionError, match="a whole number beyond"):
        evaluate_condition({"op": "==", "left": {"op": "const", "value": 10**5000}, "right": {"op": "const", "value": 1}}, {})
    with pytest.raises(ConditionError, match="malformed condition"):
        evaluate_condition({"op": "not"}, {})
    shallow: dict = {"op": "const", "value": True}
    for _ in range(MAX_DEPTH - 2):          # the innermost node is MAX_DEPTH - 1 deep, its value MAX_DEPTH
        shallow = {"op": "not", "arg": shallow}
    assert evaluate_condition(shallow, {}) is True


def test_odd_values_for_the_story_id_or_a_probability_are_clear_errors():
    bundle = load_bundle(RULES)
    for kwargs in ({"story": nested(1000)}, {"story": "trials", "pack": nested(1000)}, {"story": 7}):
        with pytest.raises(SessionError, match="must be text"):
            Session.start(bundle, **kwargs)
    session = Session.start(bundle, "trials", players=1)
    with pytest.raises(ValueError, match="successes must be a whole number"):
        session.probability(nested(1000), 3)
    with pytest.raises(ValueError, match="dice must be from 0 to 6"):
        session.probability(1, 10**6)


def test_a_counter_stops_at_the_number_limit_so_every_save_loads_again():
    """A save the engine writes must load again: `add` never takes a counter beyond
    ±MAX_NUMBER, which the save check would refuse. A bundle's amounts are within
    format.RANGES["amount"] (±1,000,000), so only a very long loop gets there: the
    stop is tested on apply_values itself, and a bundle at the edges of the range
    saves and loads."""
    from cardforge_runtime.format import RANGES, apply_values
    counters = {"gold": MAX_NUMBER - 1, "debt": -5}
    apply_values("add", {"gold": MAX_NUMBER}, {}, counters, counters)
    apply_values("add", {"debt": -MAX_NUMBER}, {}, counters, counters)
    assert counters == {"gold": MAX_NUMBER, "debt": -MAX_NUMBER}
    low, high = RANGES["amount"]
    bundle = load_bundle(make_bundle([{"id": 1, "steps": [
        {"kind": "add", "values": {"gold": high}}, {"kind": "add", "values": {"debt": low}},
        {"kind": "text", "text": "Rich."}, {"kind": "goto", "card": 1}]}],
        counters={"gold": high, "debt": low}))
    session = Session.start(bundle, "s", seed=1)
    for _ in range(5):
        session.answer({})
    assert session.state["counters"] == {"gold": 3 * high, "debt": 3 * low}
    again = Session.load(bundle, json.dumps(session.save()))
    assert again.state == session.state and again.pending == session.pending


def _verdict(check, *args) -> str | None:
    try:
        check(*args)
    except PlainDataError as error:
        return str(error)
    return None


PARSED_TEXTS = [
    '{"a": [1, 2, {"b": "x"}]}', '[]', '{}', '"text"', '3', 'null',
    '{"a": "\\ud800"}', '{"\\uDC00": 1}', '["ok \\u00e9", "\\\\ud800 is an escaped backslash"]',
    '["\\ud83d\\ude00 a pair is fine"]',
    f'[{MAX_NUMBER}, {-MAX_NUMBER}]', f'{{"n": {MAX_NUMBER + 1}}}', f'[[{-MAX_NUMBER - 1}]]',
    '[NaN]', '{"x": Infinity}', '[-Infinity]', '[1e400]', '[1.5, -0.0]',
    json.dumps(nested(MAX_DEPTH)), json.dumps(nested(MAX_DEPTH + 1)), json.dumps({"a": nested(MAX_DEPTH)}),
    json.dumps(nested(MAX_DEPTH, [])), json.dumps(nested(MAX_DEPTH + 1, {})),
    '[' + '"\\ud800", ' * 3 + f'{MAX_NUMBER + 1}]',
]


@pytest.mark.parametrize("text", PARSED_TEXTS)
def test_check_parsed_json_gives_the_verdict_and_error_of_check_plain_data(text: str):
    """``limits.check_parsed_json`` (read_json's faster walk of a parsed file) refuses
    exactly what ``check_plain_data`` refuses, with the same message: texts with and
    without surrogate escapes, numbers at and beyond the limit, non-finite floats,
    nesting at and beyond the depth limit."""
    from cardforge_runtime.limits import check_parsed_json

    value = json.loads(text)
    assert _verdict(check_parsed_json, value, text) == _verdict(check_plain_data, value)


def test_check_parsed_json_is_not_trivially_true():
    """The faults of PARSED_TEXTS are faults (the comparison above could otherwise
    pass with both checks accepting everything)."""
    refused = [i for i, text in enumerate(PARSED_TEXTS) if _verdict(check_plain_data, json.loads(text))]
    assert refused == [6, 7, 11, 12, 13, 14, 15, 16, 19, 20, 21, 22, 23]
