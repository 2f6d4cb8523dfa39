"""``cardforge fmt``: the canonical layout (exact text), comments kept where they are,
the model's key order, and the command's modes (write, --check, --diff) and refusals."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardforge_compiler.cli import cli
from cardforge_compiler.fmt import FormatError, comments, format_text
from _helpers import SHIPPED

MESSY = """\
# A story, written in a hurry
# yaml-language-server: $schema=../schemas/story.schema.json
title: "Act I"   # the title shown on the card back
start: 1
kind: story
id: act-1
introduction: >-
    Folded text
    over two lines.
flags: [sold_horse]
cards:
- title: One
  id: 1     # cardforge: ignore[CF401]
  text: |
      Literal
        kept as written
  steps:
  - choice:
    - goto: 2
      text: 'Go on'
  - gain: {coins: 1}
- steps:
  - if: sold_horse
    else: []
    then: [{goto: 2}]
  title: Two
  id: 2
  # a comment line between keys keeps this card's order
  text: Still two
  meta_unknown: 3
"""

CANONICAL = """\
# A story, written in a hurry
# yaml-language-server: $schema=../schemas/story.schema.json
kind: story
id: act-1
title: "Act I"   # the title shown on the card back
start: 1
introduction: >-
  Folded text
  over two lines.
flags: [sold_horse]
cards:
  - title: One
    id: 1   # cardforge: ignore[CF401]
    text: |
      Literal
        kept as written
    steps:
      - choice:
          - text: 'Go on'
            goto: 2
      - gain: {coins: 1}
  - steps:
      - if: sold_horse
        then: [{goto: 2}]
        else: []
    title: Two
    id: 2
    # a comment line between keys keeps this card's order
    text: Still two
    meta_unknown: 3
"""


def test_canonical_layout_exact_text() -> None:
    """Indentation 2 (items at 4, dash at 2); the model's order with kind/id first (the
    story's ``title`` keeps its end-of-line comment); the modeline, block scalars,
    quotes and a suppression comment stay on their lines (an end-of-line comment keeps
    its column); the card with a comment line between its keys keeps its order (its
    unknown key stays last), and the comment line takes the indentation of its key; the
    card whose ``id: 1`` line has a suppression keeps its order too (``id`` first would
    put the comment on the card's first line, where it covers the whole card)."""
    result = format_text(MESSY)
    assert result.text == CANONICAL
    assert result.kept == 2 and result.content is True
    assert format_text(CANONICAL).text == CANONICAL


def test_keyed_union_keeps_its_kind_key_first() -> None:
    """The compiler takes a step's kind from its first key naming one: ``{text, goto}``
    is a text step (goto unknown to it); fmt keeps ``text`` first, and ``if`` before
    ``then`` although both are required keys of the if step."""
    text = textwrap.dedent("""\
        kind: story
        id: s
        title: T
        start: 1
        cards:
          - id: 1
            title: A
            steps:
              - text: hi
                goto: 2
              - then: [{goto: 2}]
                if: x
    """)
    out = format_text(text).text
    assert "      - text: hi\n        goto: 2\n" in out
    assert "      - if: x\n        then: [{goto: 2}]\n" in out


def test_free_form_mappings_keep_their_order() -> None:
    """Counters (names chosen by the author) have no order in the model: kept."""
    text = "kind: story\nid: s\ntitle: T\nstart: 1\ncounters:\n  zeta: 0\n  alpha: 1\ncards: []\n"
    assert format_text(text).text == text


def test_line_ends_bom_null_and_numbers() -> None:
    """CRLF becomes LF, a byte-order mark is dropped, ``~`` is written ``null``, and
    numbers the loader keeps as text (``010``, ``1e3``) are written as they were."""
    text = "\ufeffkind: enemy\r\nname: X\r\nrange: ~\r\nattack: 010\r\nmove: 1e3\r\n"
    assert format_text(text).text == "kind: enemy\nname: X\nrange: null\nattack: 010\nmove: 1e3\n"


def test_several_documents_keep_their_separators() -> None:
    """Documents stay apart by ``---``; the first needs none (a comment above it stays);
    a ``%YAML`` directive keeps its own."""
    text = "# decks\n---\nkind: deck\nname: A\ncards: []\n---\ncards: []\nname: B  # b\nkind: deck\n"
    assert format_text(text).text == "# decks\nkind: deck\nname: A\ncards: []\n---\nkind: deck\nname: B  # b\ncards: []\n"
    assert format_text("%YAML 1.2\n---\nkind: deck\n").text == "%YAML 1.2\n---\nkind: deck\n"


def test_comments_are_counted_outside_scalars() -> None:
    """The comment guard reads ``#`` as a comment only outside scalars."""
    text = 'kind: deck  # one\ntext: "a # b"\nlong: |\n  # text\n# two\nurl: a#b\n'
    assert comments(text) == ["# one", "# two"]


def test_losing_a_comment_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """The second safety net: a result missing a comment (a planted fault: the layout
    step drops the end-of-line comments) is refused."""
    import cardforge_compiler.fmt as fmt_module

    real = fmt_module._indent_comments
    monkeypatch.setattr(fmt_module, "_indent_comments", lambda text: real(text).replace("  # one", ""))
    with pytest.raises(FormatError, match="lose or change the comment `# one`"):
        format_text("kind: deck  # one\nname: A\n")


@pytest.mark.parametrize(("text", "where", "message"), [
    ("kind: story\nid: [\n", (3, 1), "not valid YAML"),
    ("kind: story\nid: a\nid: b\n", (3, 1), "duplicate key 'id' (first at line 2) (CF004)"),
    ("kind: story\nid: !!python/object:os.system x\n", (2, 5), "builds something other than plain data (CF007)"),
])
def test_files_that_do_not_load_are_refused(text: str, where: tuple[int, int], message: str) -> None:
    with pytest.raises(FormatError) as caught:
        format_text(text)
    assert (caught.value.line, caught.value.column) == where
    assert message in caught.value.message


def test_a_change_of_data_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """The safety net: if the round trip ever changed a value (here a planted fault in
    the layout step), the result is refused rather than written."""
    import cardforge_compiler.fmt as fmt_module

    real = fmt_module._canonical

    def corrupt(node, schema, is_root, kept, pinned=None):  # noqa: ANN001, ANN202
        real(node, schema, is_root, kept, pinned)
        if is_root:
            node["title"] = "changed"

    monkeypatch.setattr(fmt_module, "_canonical", corrupt)
    with pytest.raises(FormatError, match="would change the file's data"):
        format_text("kind: story\nid: s\ntitle: T\nstart: 1\ncards: []\n")


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["fmt", *args])
    return result.exit_code, result.stdout, result.stderr


def test_cli_write_check_and_diff(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    (pack / "sub").mkdir(parents=True)
    (pack / "story.yaml").write_text(MESSY, encoding="utf-8")
    (pack / "sub" / "ok.yml").write_text(CANONICAL, encoding="utf-8")
    (pack / "workflow.yaml").write_text("on:\n    push: {}\n", encoding="utf-8")   # not cardforge content

    code, out, err = run("--check", str(pack))
    assert code == 1 and out == ""
    assert err == f"would reformat {pack.as_posix()}/story.yaml\n1 file would be reformatted, 2 left unchanged\n"

    code, out, err = run("--diff", str(pack / "story.yaml"))
    assert code == 1
    assert out.startswith(f"--- {pack.as_posix()}/story.yaml\n+++ {pack.as_posix()}/story.yaml\n@@ -1,30 +1,30 @@\n")
    assert "\n-kind: story\n-id: act-1\n" in out and "\n+kind: story\n+id: act-1\n" in out
    assert (pack / "story.yaml").read_text(encoding="utf-8") == MESSY          # --check/--diff write nothing

    code, out, err = run(str(pack))
    assert code == 0 and err.endswith("1 file reformatted, 2 left unchanged\n")
    assert (pack / "story.yaml").read_text(encoding="utf-8") == CANONICAL
    assert (pack / "workflow.yaml").read_text(encoding="utf-8") == "on:\n    push: {}\n"
    assert run("--check", str(pack))[0] == 0


def test_cli_leaves_a_broken_file_alone(tmp_path: Path) -> None:
    broken = tmp_path / "story.yaml"
    broken.write_bytes(b"kind:   story\nid: [\n")
    good = tmp_path / "deck.yaml"
    good.write_text("name: A\nkind: deck\ncards: []\n", encoding="utf-8")
    code, _, err = run(str(tmp_path))
    assert code == 1
    assert f"{tmp_path.as_posix()}/story.yaml:3:1: cannot format: not valid YAML" in err
    assert err.endswith("1 file reformatted, 0 left unchanged, 1 could not be formatted\n")
    assert broken.read_bytes() == b"kind:   story\nid: [\n"
    assert good.read_text(encoding="utf-8") == "kind: deck\nname: A\ncards: []\n"
    assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize(("args", "message"), [
    (("",), "an empty PATH was given"),
    (("no/such/place",), "no/such/place: no such file or folder"),
    ((), "Missing argument 'PATH...'"),
])
def test_cli_usage_errors_exit_2(args: tuple[str, ...], message: str) -> None:
    code, _, err = run(*args)
    assert code == 2 and message in err


def test_shipped_content_is_formatted() -> None:
    """CI keeps content/ formatted (the Makefile's test target runs the same check)."""
    code, _, err = run("--check", str(SHIPPED))
    assert code == 0, err
    assert err.startswith("0 files would be reformatted, ")


def test_the_docs_example_is_real_output() -> None:
    """docs/fmt.md's "Before" block formats to its "After" block exactly."""
    page = (SHIPPED.parent / "docs" / "fmt.md").read_text(encoding="utf-8")
    before = page.split("Before:\n\n```yaml\n", 1)[1].split("```", 1)[0]
    after = page.split("After `cardforge fmt`:\n\n```yaml\n", 1)[1].split("```", 1)[0]
    assert format_text(before).text == after
    assert format_text(after).text == after


def test_merges_are_kept_as_written() -> None:
    """A mapping with a ``<<: *base`` merge, or merged into another, keeps its keys
    where they are (its merged keys are not its own: moving them would write them out)."""
    text = textwrap.dedent("""\
        kind: story
        id: s
        title: T
        start: 1
        cards:
          - &base
            title: A
            id: 1
            steps: [{goto: 2}]
          - <<: *base
            title: B
            id: 2
    """)
    assert format_text(text).text == text


def test_key_order_puts_the_kind_key_first() -> None:
    """A keyed union whose branch lists another key before its kind key (no model does
    today; a new one might): the kind key still comes first, so the compiler reads the
    same kind after formatting."""
    from cardforge_compiler.fmt_order import key_order

    defs = {"A": {"type": "object", "properties": {"note": {}, "a": {}}, "required": ["a"]},
            "B": {"type": "object", "properties": {"note": {}, "b": {}}, "required": ["b"]}}
    union = {"oneOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}]}
    order, obj = key_order((union, defs), {"note": 1, "b": 2})
    assert order == ["b", "note"] and obj == (defs["B"], defs)
    assert key_order((union, defs), {"note": 1}) == (None, None)        # no kind key: order kept


def test_a_comment_on_an_items_first_line_keeps_it_there() -> None:
    """``- title: X  # cardforge: ignore[...]`` speaks for the card (its first line):
    the card keeps its order rather than move the comment to its second line."""
    text = textwrap.dedent("""\
        kind: story
        id: s
        title: T
        start: 1
        cards:
          - title: A  # cardforge: ignore[CF401]
            id: 1
            steps: [{goto: 2}]
    """)
    result = format_text(text)
    assert result.text == text and result.kept == 1


def test_diff_of_a_file_without_a_last_newline(tmp_path: Path) -> None:
    story = tmp_path / "deck.yaml"
    story.write_text("name: A\nkind: deck", encoding="utf-8")
    code, out, _ = run("--diff", str(story))
    name = story.as_posix()
    assert code == 1
    assert out == (f"--- {name}\n+++ {name}\n@@ -1,2 +1,2 @@\n+kind: deck\n name: A\n-kind: deck\n"
                   "\\ No newline at end of file\n")


# -- what a suppression covers never changes (fixes12 D1) --------------------------

SUPPRESSED_LAST_KEY = """\
kind: story
id: act-1
title: The Road
start: 1
flags: [met]
cards:
- steps:
  - goto: 2
  title: Fair
  id: 1
- steps:
  - set: {met: true}
  - victory: You reach Paris.
  title: The Road to Paris
  id: 2  # cardforge: ignore[CF504]
"""


def test_a_suppression_on_a_later_key_is_not_moved_onto_the_card() -> None:
    """``id: 2  # cardforge: ignore[CF504]`` as a card's last key covers that line only;
    moving ``id`` first would put the comment on ``- id: 2``, which covers the whole
    card: that card keeps its key order (the other card is reordered)."""
    result = format_text(SUPPRESSED_LAST_KEY)
    assert result.text == (
        "kind: story\nid: act-1\ntitle: The Road\nstart: 1\nflags: [met]\ncards:\n"
        "  - id: 1\n    title: Fair\n    steps:\n      - goto: 2\n"
        "  - steps:\n      - set: {met: true}\n      - victory: You reach Paris.\n"
        "    title: The Road to Paris\n    id: 2 # cardforge: ignore[CF504]\n")
    assert result.kept == 1
    assert format_text(result.text).text == result.text


def test_a_suppression_after_a_quoted_text_over_two_lines_is_refused() -> None:
    """A quoted text over two lines is joined onto one line: the comment after it would
    move onto ``- victory:`` and cover the step; the file is refused, unchanged."""
    text = ('kind: story\nid: act-1\ntitle: T\nstart: 1\ncards:\n  - id: 1\n    title: A\n    steps:\n'
            '      - victory: "You\n          reach Paris."   # cardforge: ignore[CF504]\n')
    with pytest.raises(FormatError) as caught:
        format_text(text)
    assert caught.value.message == (
        "formatting would change what the suppression `# cardforge: ignore[CF504]` (line 10) covers: "
        "nothing now, cards[0].steps after (put the comment on the line of what it suppresses)")
    assert (caught.value.line, caught.value.column) == (10, 27)


def test_yaml_that_is_not_cardforge_content_is_left_alone(tmp_path: Path) -> None:
    """A Kubernetes Deployment has a ``kind:`` too, but not a cardforge kind: untouched,
    by ``format_text`` and by the command (fixes12 D2)."""
    deploy = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    spec:\n" \
             "      containers:\n      - name: web\n        args: [\"--x\"]\n"
    result = format_text(deploy)
    assert result.text == deploy and result.content is False
    (tmp_path / "deploy.yaml").write_text(deploy, encoding="utf-8")
    code, _, err = run(str(tmp_path))
    assert code == 0 and err == "0 files reformatted, 1 left unchanged\n"
    assert (tmp_path / "deploy.yaml").read_text(encoding="utf-8") == deploy


@pytest.mark.parametrize("mode", [0o664, 0o755, 0o600])
def test_the_file_keeps_its_permissions(tmp_path: Path, mode: int) -> None:
    """fixes12 D3: a reformatted file keeps its mode (the umask does not apply)."""
    import os
    import stat

    story = tmp_path / "deck.yaml"
    story.write_text("name: A\nkind: deck\ncards: []\n", encoding="utf-8")
    os.chmod(story, mode)
    assert run(str(story))[0] == 0
    assert story.read_text(encoding="utf-8") == "kind: deck\nname: A\ncards: []\n"
    assert stat.S_IMODE(story.stat().st_mode) == mode


def test_comments_after_the_last_document_end_are_kept(tmp_path: Path) -> None:
    """fixes12 D4: comments after a last ``...`` stay as written; after a ``...`` between
    documents (which the YAML writer drops) the file is refused with what to do, and
    the message says "left unchanged" once and no "lint explains" (lint has nothing)."""
    assert format_text("name: A\nkind: deck\ncards: []\n...  \n# after end\n").text == \
        "kind: deck\nname: A\ncards: []\n...\n# after end\n"
    assert format_text("kind: deck\nname: A\ncards: []\n... # end\n").text == "kind: deck\nname: A\ncards: []\n... # end\n"
    story = tmp_path / "deck.yaml"
    text = "kind: deck\nname: A\ncards: []\n...\n# c\n---\nkind: deck\nname: B\n"
    story.write_text(text, encoding="utf-8")
    code, _, err = run(str(story))
    assert code == 1 and story.read_text(encoding="utf-8") == text
    assert err == (f"{story.as_posix()}: cannot format: formatting would lose the comment `# c`: comments after a "
                   f"`...` document end marker are kept only after the last document (remove the `...` line: `---` "
                   f"alone starts the next document); left unchanged\n"
                   f"0 files reformatted, 0 left unchanged, 1 could not be formatted\n")


def test_a_file_that_is_not_yaml_is_skipped_with_a_note(tmp_path: Path) -> None:
    """fixes12 D6: pre-commit may hand ``fmt`` a translation file: skipped, exit 0."""
    po = tmp_path / "fr.po"
    po.write_text('msgid "a"\nmsgstr "b"\n', encoding="utf-8")
    code, _, err = run(str(po))
    assert code == 0
    assert err == f"{po.as_posix()}: not a YAML file (.yaml, .yml): skipped\n0 files reformatted, 1 left unchanged\n"
    assert po.read_text(encoding="utf-8") == 'msgid "a"\nmsgstr "b"\n'


def test_a_broken_file_points_at_lint(tmp_path: Path) -> None:
    broken = tmp_path / "story.yaml"
    broken.write_text("kind: story\nid: a\nid: b\n", encoding="utf-8")
    err = run(str(broken))[2]
    assert err.startswith(f"{broken.as_posix()}:3:1: cannot format: duplicate key 'id' (first at line 2) (CF004); "
                          f"left unchanged (cardforge lint {broken.as_posix()} explains)\n")
