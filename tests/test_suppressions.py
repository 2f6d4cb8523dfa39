"""Suppression comments: ``# cardforge: ignore[CF401]`` on a line, on (or above) a card,
``ignore-file[...]``; CF011 unknown-suppression and CF012 unused-suppression
(docs/suppressions.md). The golden cases ``ok-suppressions``, ``unknown-suppression``
and ``unused-suppression`` show the output; these tests pin the rest down."""

from __future__ import annotations

import json
import pickle
import re

from click.testing import CliRunner

from cardforge_compiler.cli import cli
from cardforge_compiler.explore.stage import DEFAULT_LINT_BUDGET
from cardforge_compiler.pipeline import compile_paths
from cardforge_compiler.suppress_read import FILE, LINE, Suppression, read_suppressions
from _helpers import ANSI, ROOT, STORY_HEAD, copy_golden, write_pack

#: Two cards, each with a fault of its own: card 2 is unreachable (CF401) and card 3
#: is a dead end that nothing reaches either (CF401 + CF402).
TWO_FAULTS = STORY_HEAD + """\
  - id: 1
    title: The Inn
    steps:
      - victory: You reach Paris.
{above2}
  - id: 2
    title: The Stable
    steps:
      - victory: You ride to Paris.
  - id: 3
    title: The Cellar
    steps:
      - gain: {{coins: 1}}
"""


def _codes(result) -> list[tuple[str, int | None]]:  # noqa: ANN001
    return [(d.code, d.line) for d in result.diagnostics]


def _lint(*args: str) -> tuple[int, str]:
    done = CliRunner().invoke(cli, ["lint", *args])
    return done.exit_code, ANSI.sub("", done.stdout)


# ------------------------------------------------------------------ reading comments

def test_comments_are_read_with_their_scopes() -> None:
    text = (ROOT / "tests" / "golden" / "ok-suppressions" / "story.yaml").read_text(encoding="utf-8")
    found = read_suppressions(text)
    assert [(s.line, s.column, s.scope, s.first, s.last, s.names) for s in found] == [
        (5, 1, FILE, 0, 0, (("set-never-read", 26),)),
        (14, 40, LINE, 14, 14, (("CF601", 60),)),
        (18, 25, LINE, 18, 20, (("CF905", 45),)),         # the `if` and its `then`
        # above card 4: the card, lines 27-30, up to the end of the file
        (26, 3, LINE, 27, 30, (("CF401", 23), ("dead-end", 30))),
    ]
    assert all(s.problem is None for s in found)


def test_a_card_comment_stops_at_the_next_card() -> None:
    text = TWO_FAULTS.format(above2="  # cardforge: ignore[CF401]")
    (supp,) = read_suppressions(text)
    lines = text.split("\n")
    assert lines[supp.first - 1] == "  - id: 2" and lines[supp.last - 1] == "      - victory: You ride to Paris."
    assert (supp.first, supp.last) == (11, 14)


def test_text_that_only_looks_like_a_comment_is_not_one() -> None:
    """A `#` inside quotes (over several lines too), a block scalar or a word (no space
    before it) is text; a D'Artagnan apostrophe opens no quote."""
    text = """kind: story
title: "Act I # cardforge: ignore[CF401]"
note: 'it''s # cardforge: ignore[CF402]
  still # cardforge: ignore[CF403]'
text: |
  # cardforge: ignore[CF404]
  more
tag: a#cardforge:ignore[CF405]
name: D'Artagnan  # cardforge: ignore[CF406]
list:
  - >-
    # cardforge: ignore[CF407]
  - x  # cardforge: ignore[CF408]
"""
    assert [(s.line, s.names[0][0]) for s in read_suppressions(text)] == [(9, "CF406"), (13, "CF408")]


def test_no_cardforge_no_work_and_plain_data() -> None:
    """Files without the word are not scanned; what is read is plain frozen data that a
    cache can keep with the file (pickled, compared)."""
    assert read_suppressions("kind: story  # a comment\n") == ()
    found = read_suppressions("a: 1  # cardforge: ignore[CF401, dead-end] why\n# cardforge: bogus[x]\n")
    assert pickle.loads(pickle.dumps(found)) == found
    assert found == (Suppression(1, 7, LINE, 1, 1, (("CF401", 27), ("dead-end", 34)), None,
                                 "# cardforge: ignore[CF401, dead-end]"),
                     Suppression(2, 1, LINE, 0, 0, (("x", 20),), "verb", "# cardforge: bogus[x]"))


# ------------------------------------------------------------------ applying them

def test_card_comment_suppresses_that_card_only(tmp_path) -> None:  # noqa: ANN001
    bare = compile_paths([str(write_pack(tmp_path / "bare", TWO_FAULTS.format(above2="")))])
    assert [d.code for d in bare.diagnostics] == ["CF401", "CF401", "CF402"]
    pack = write_pack(tmp_path / "p", TWO_FAULTS.format(above2="  # cardforge: ignore[CF401]"))
    result = compile_paths([str(pack)])
    assert _codes(result) == [("CF401", 15), ("CF402", 15)]          # card 3's stay
    assert [(d.code, d.card) for d in result.suppressed] == [("CF401", 2)]


def test_summary_and_json_count_the_suppressed(tmp_path) -> None:  # noqa: ANN001
    pack = copy_golden("ok-suppressions", tmp_path / "ok")
    code, out = _lint(str(pack))
    assert code == 0
    assert out.splitlines()[0] == "no problems (5 suppressed) in 2 files (1 story, 3 cards, 76 checks run)"
    done = CliRunner().invoke(cli, ["lint", str(pack), "--format", "json"])
    payload = json.loads(done.stdout)
    assert payload["summary"]["suppressed"] == 5 and payload["diagnostics"] == []
    assert [(d["code"], d["line"]) for d in payload["suppressed"]] == [
        ("CF601", 14), ("CF504", 17), ("CF905", 18), ("CF401", 27), ("CF402", 27)]


def test_build_with_suppressed_errors_writes_the_same_bundle(tmp_path) -> None:  # noqa: ANN001
    """A suppressed error (about play) does not fail `build`, and the comments change
    nothing in the bundle: the same bytes as the file without them. (`build` runs no
    explorer: 4 suppressed, not CF905.)"""
    pack = copy_golden("ok-suppressions", tmp_path / "ok")
    bare = tmp_path / "bare"
    bare.mkdir()
    (bare / "pack.yaml").write_bytes((pack / "pack.yaml").read_bytes())
    text = (pack / "story.yaml").read_text(encoding="utf-8")
    (bare / "story.yaml").write_text(re.sub(r" *# cardforge:.*", "", text), encoding="utf-8")
    runner = CliRunner()
    with_comments = runner.invoke(cli, ["build", str(pack), "-o", str(tmp_path / "a.json")])
    assert with_comments.exit_code == 0, with_comments.output
    assert "  diagnostics: 0 errors, 0 warnings (4 suppressed)" in with_comments.stdout.splitlines()
    assert runner.invoke(cli, ["build", str(bare), "-o", str(tmp_path / "b.json")]).exit_code == 1
    result = compile_paths([str(bare)])
    assert [d.code for d in result.errors] == ["CF401", "CF402"]
    from cardforge_compiler import __version__
    from cardforge_compiler.emit import build_bundle, bundle_bytes
    assert (tmp_path / "a.json").read_bytes() == bundle_bytes(build_bundle(result.packs, __version__))


def test_explorer_runs_when_every_error_is_suppressed(tmp_path) -> None:  # noqa: ANN001
    pack = copy_golden("ok-suppressions", tmp_path / "ok")
    code, out = _lint(str(pack))
    assert out.splitlines()[-1] == "state explorer: 15 states; 1 story proven"


STORY_IF = STORY_HEAD + """\
  - id: 1
    title: The Horse Fair
    steps:
      - choice:
          - text: Sell your boots
            steps:
              - gain: {{coins: {coins}}}
          - text: Keep them
      - if: coins >= 5  # cardforge: ignore[CF905]
        then:
          - text: You buy a fast horse.
      - victory: You reach Paris.
"""


def test_unused_explorer_codes_only_where_the_explorer_proved_the_story(tmp_path) -> None:  # noqa: ANN001
    """Selling the boots for 6 coins, the `if` can hold, so the CF905 suppression is unused: said when the
    explorer proved the story, not with --no-explore (nor by `build`), which cannot know."""
    pack = write_pack(tmp_path / "p", STORY_IF.format(coins=6))
    explored = compile_paths([str(pack)], explore_budget=DEFAULT_LINT_BUDGET)
    assert [(d.code, d.line, d.column) for d in explored.diagnostics] == [("CF012", 14, 45)]
    assert explored.diagnostics[0].message == ("the suppression of CF905 (condition-always-false) suppressed nothing: "
                                               "no CF905 is reported on lines 14-16")
    assert compile_paths([str(pack)]).diagnostics == []
    # and a used one is not reported at all
    pack = write_pack(tmp_path / "q", STORY_IF.format(coins=3))
    result = compile_paths([str(pack)], explore_budget=DEFAULT_LINT_BUDGET)
    assert result.diagnostics == [] and [d.code for d in result.suppressed] == ["CF905"]


def test_explorer_codes_not_unused_when_the_story_is_not_proven(tmp_path) -> None:  # noqa: ANN001
    """A budget too small to prove the story: the explorer ran but cannot tell."""
    pack = write_pack(tmp_path / "p", STORY_IF.format(coins=6))
    result = compile_paths([str(pack)], explore_budget=1)
    assert result.explorations and not result.explorations[0].proven
    assert result.diagnostics == []


#: A second story for the same file (`---`): its counter grows past the explorer's
#: bound, so it is explored but not proven, and its CF905 suppression cannot be judged.
LOOP_STORY = """\
---
kind: story
id: act-2
title: The Loop
start: 11
cards:
  - id: 11
    title: The Mill
    steps:
      - gain: {coins: 1}
      - if: coins >= 500  # cardforge: ignore[CF905]
        then:
          - text: Rich.
      - choice:
          - text: Again
            goto: 11
          - text: Stop
            goto: 12
  - id: 12
    title: Home
    steps:
      - victory: Home.
"""


def test_unused_explorer_codes_judged_per_story_not_per_file(tmp_path) -> None:  # noqa: ANN001
    """One file, two stories: act-1 proven (its CF905 suppression is unused: said),
    act-2 not proven (abstracted counter: its suppression on line 29 is not judged),
    and an `ignore-file` of a CF9xx code is judged only when every story is proven."""
    pack = write_pack(tmp_path / "p", STORY_IF.format(coins=6) + LOOP_STORY)
    result = compile_paths([str(pack)], explore_budget=DEFAULT_LINT_BUDGET)
    assert [(e.story, e.proven) for e in result.explorations] == [("act-1", True), ("act-2", False)]
    assert result.proven_stories == {(str(pack / "story.yaml"), 0)}
    assert [(d.code, d.line) for d in result.diagnostics] == [("CF012", 14)]
    whole = write_pack(tmp_path / "q", "# cardforge: ignore-file[CF903]\n" + STORY_IF.format(coins=6) + LOOP_STORY)
    result = compile_paths([str(whole)], explore_budget=DEFAULT_LINT_BUDGET)
    assert [(d.code, d.line) for d in result.diagnostics] == [("CF012", 15)]
    alone = write_pack(tmp_path / "r", "# cardforge: ignore-file[CF903]\n" + STORY_IF.format(coins=6))
    result = compile_paths([str(alone)], explore_budget=DEFAULT_LINT_BUDGET)
    assert [(d.code, d.line) for d in result.diagnostics] == [("CF012", 1), ("CF012", 15)]


def test_translation_codes_not_unused_when_the_translations_were_not_checked(tmp_path) -> None:  # noqa: ANN001
    """The translation checks (CF65x) run only on content without errors: a
    suppression of CF650 is not called unused when they did not run."""
    pack = copy_golden("ok-translations", tmp_path / "ok")
    story = (pack / "story.yaml").read_text(encoding="utf-8")
    story = story.replace("title: The Inn", "title: The Inn  # cardforge: ignore[CF650]")
    (pack / "story.yaml").write_text(story, encoding="utf-8")
    assert [(d.code, d.line) for d in compile_paths([str(pack)]).diagnostics] == [("CF012", 8)]   # checked: unused
    (pack / "story.yaml").write_text(story.replace("goto: 2", "goto: 9", 1), encoding="utf-8")
    assert [d.code for d in compile_paths([str(pack)]).diagnostics] == ["CF301"]


def test_no_unused_warning_in_a_file_that_failed_validation(tmp_path) -> None:  # noqa: ANN001
    """A document of the wrong shape is left out of the later checks: its suppressions
    are not called unused (the CF103 is reported, alone)."""
    story = STORY_HEAD + """\
  - id: 1  # cardforge: ignore[CF402]
    title: The Inn
    txet: oops
    steps:
      - victory: You reach Paris.
"""
    result = compile_paths([str(write_pack(tmp_path / "p", story))])
    assert [d.code for d in result.diagnostics] == ["CF103"]


def test_load_and_reference_errors_cannot_be_suppressed(tmp_path) -> None:  # noqa: ANN001
    story = STORY_HEAD + """\
  - id: 1
    title: The Inn
    steps:
      - goto: 9  # cardforge: ignore[CF301, unknown-card]
"""
    result = compile_paths([str(write_pack(tmp_path / "p", story))])
    assert [(d.code, d.line, d.column) for d in result.diagnostics] == [
        ("CF301", 9, 15), ("CF011", 9, 38), ("CF011", 9, 45)]
    assert result.errors[0].code == "CF301" and result.suppressed == []


def test_a_missing_comma_is_named(tmp_path) -> None:  # noqa: ANN001
    """`ignore[CF401 CF402]` is one name: the warning says commas separate names (not
    "did you mean 'CF404'?"), and shows the comment as it should be written."""
    story = TWO_FAULTS.format(above2="  # cardforge: ignore[CF401 CF402]")
    result = compile_paths([str(write_pack(tmp_path / "p", story))])
    (note,) = [d for d in result.diagnostics if d.code == "CF011"]
    assert (note.line, note.column, note.message, note.hint) == (
        10, 23, "'CF401 CF402' is not a cardforge diagnostic code or rule name: several names must be separated "
                "by commas", "write `# cardforge: ignore[CF401, CF402]`")


def test_the_cache_keeps_the_comments_read(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    """A file the cache knows is not parsed again for its comments (a parse of its own):
    the entry keeps them, and the second run suppresses the same."""
    from cardforge_compiler import suppress_read
    from cardforge_compiler.cache import ContentCache

    pack = copy_golden("ok-suppressions", tmp_path / "ok")
    cache = ContentCache(tmp_path / "cache")
    cold = compile_paths([str(pack)], cache=cache)
    calls = []
    monkeypatch.setattr(suppress_read, "_blank_scalars", lambda text: calls.append(text) or (text, []))
    for again in (cache, ContentCache(tmp_path / "cache")):        # in memory, and from disk
        warm = compile_paths([str(pack)], cache=again)
        assert calls == [] and warm.diagnostics == cold.diagnostics == []
        assert [(d.code, d.line) for d in warm.suppressed] == [(d.code, d.line) for d in cold.suppressed] == [
            ("CF601", 14), ("CF504", 17), ("CF401", 27), ("CF402", 27)]


def test_the_page_shows_real_output(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    """docs/suppressions.md's example: its story linted gives the output shown, and so
    does the story with the two changes the page describes."""
    from cardforge_compiler.codes._demo import PACK

    page = (ROOT / "docs" / "suppressions.md").read_text(encoding="utf-8")
    example = page[page.index("## Example"):]
    story = re.search(r"```yaml\n(.*?)```", example, re.S).group(1)
    outputs = re.findall(r"```\n\$ cardforge lint demo/\n(.*?)```", example, re.S)
    assert len(outputs) == 2
    (tmp_path / "demo").mkdir()
    (tmp_path / "demo" / "pack.yaml").write_text(PACK, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    fixed = (story.replace("ignore[CF401]  the Porter", "ignore[CF401, dead-end]  the Porter")
             .replace("      - gain: {coins: 1}  # cardforge: ignore[CF504]", "      - gain: {coins: 1}"))
    for text, shown in ((story, outputs[0]), (fixed, outputs[1])):
        (tmp_path / "demo" / "story.yaml").write_text(text, encoding="utf-8")
        assert _lint("demo/")[1] == shown
