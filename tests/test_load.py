"""Stage 1: reading files and YAML (positions, YAML 1.2, hostile input)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardforge_compiler.load import NumberText, SourceFile, _parse, c_parser_active, load_files


def parse(text: str) -> tuple[list, list]:
    sf = SourceFile(path=Path("x.yaml"), display="x.yaml", text=text)
    diagnostics = _parse(sf)
    return sf.documents, diagnostics


def test_the_c_parser_is_active() -> None:
    """ruamel.yaml 0.19 silently falls back to pure Python without its oldlibyaml extra."""
    assert c_parser_active()


def test_yaml_1_2_booleans_stay_text() -> None:
    docs, diags = parse("a: yes\nb: no\nc: on\nd: off\ne: true\nf: False\n")
    assert diags == []
    assert docs == [{"a": "yes", "b": "no", "c": "on", "d": "off", "e": True, "f": False}]


def test_numbers_not_written_plainly_keep_their_text() -> None:
    docs, _ = parse("a: 010\nb: 08\nc: 1e3\nd: 1_000\ne: 0x10\nf: 2.5\ng: 11\nh: -3\n")
    doc = docs[0]
    for key, text in {"a": "010", "b": "08", "c": "1e3", "d": "1_000", "e": "0x10", "f": "2.5"}.items():
        assert isinstance(doc[key], NumberText) and doc[key] == text, key
    assert doc["g"] == 11 and type(doc["g"]) is int
    assert doc["h"] == -3


def test_dates_stay_text() -> None:
    docs, _ = parse("when: 2024-01-02\nat: 2001-12-14t21:59:43.10-05:00\n")
    assert docs == [{"when": "2024-01-02", "at": "2001-12-14t21:59:43.10-05:00"}]


def test_duplicate_key_is_reported_at_the_second_key() -> None:
    _, diags = parse("kind: story\nid: a\nid: b\n")
    assert [(d.code, d.line, d.column) for d in diags] == [("CF004", 3, 1)]
    assert "first at line 2" in diags[0].message


def test_tab_indentation() -> None:
    _, diags = parse("kind: story\ncards:\n\t- id: 1\n")
    assert [(d.code, d.line, d.column) for d in diags] == [("CF005", 3, 1)]


@pytest.mark.parametrize("text", ["a: !!python/object:os.system x\n", "a: !!set {x, y}\n", "a: !!binary aGk=\n",
                                  "a: !custom 3\n"])
def test_tags_that_build_objects_are_refused(text: str) -> None:
    _, diags = parse(text)
    assert [(d.code, d.line) for d in diags] == [("CF007", 1)]


def test_alias_bomb_is_refused_without_expanding_it() -> None:
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, 10):
        prev = f"*a{i - 1}"
        lines.append(f"a{i}: &a{i} [{', '.join([prev] * 9)}]")
    _, diags = parse("\n".join(lines) + "\n")
    assert [d.code for d in diags] == ["CF008"]


def test_a_small_use_of_aliases_is_fine() -> None:
    docs, diags = parse("x: &step {text: hi}\ny: [*step, *step]\n")
    assert diags == []
    assert docs[0]["y"] == [{"text": "hi"}, {"text": "hi"}]


def test_self_referring_alias_is_refused() -> None:
    _, diags = parse("a: &a [1, *a]\n")
    assert [d.code for d in diags] == ["CF008"]


def test_deep_nesting_is_refused_not_crashed() -> None:
    _, diags = parse("a: " + "[" * 100 + "]" * 100 + "\n")
    assert [d.code for d in diags] == ["CF009"]


def test_hostile_nesting_never_reaches_the_c_stack() -> None:
    """libyaml's composer recurses in C: 200k levels would crash the process."""
    _, diags = parse("[" * 200_000 + "]" * 200_000)
    assert [d.code for d in diags] == ["CF009"]


@pytest.mark.parametrize("text", ["[" * 120_000, "{a: " * 100_000, "a: " + "[x, " * 100_000,
                                  "".join(" " * i + "- \n" for i in range(5_000)), "- " * 100_000])
def test_excessive_depth_is_refused_after_reading_no_further_than_the_limit(text: str, monkeypatch) -> None:  # noqa: ANN001
    """Item 23: libyaml's time grows with the square of the nesting (80,000 `[` took 13.8 s).
    Loading reads parser events and stops at the 65th level: the events read do not
    grow with the file."""
    import cardforge_compiler.yaml_data as load

    read = []
    real = load.make_yaml

    class Counting:
        def parse(self, source: str):  # noqa: ANN202
            for event in real().parse(source):
                read.append(event)
                yield event

    monkeypatch.setattr(load, "make_yaml", Counting)
    _, diags = parse(text)
    assert [d.code for d in diags] == ["CF009"] and diags[0].message == "nesting is deeper than 64 levels"
    assert len(read) <= 2 * load.MAX_DEPTH + 4, len(read)


def test_empty_file() -> None:
    _, diags = parse("# only a comment\n")
    assert [d.code for d in diags] == ["CF006"]


def test_bom_and_crlf(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_bytes(b"\xef\xbb\xbfa: 1\r\nb: two\r\n---\r\n\xef\xbb\xbfc: 3\r\n")
    sf = SourceFile(path=path, display="s.yaml")
    assert load_files([sf]) == []
    assert sf.documents == [{"a": 1, "b": "two"}, {"c": 3}]


def test_not_utf8_points_at_the_byte(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_bytes(b"a: 1\nb: caf\xe9\n")
    sf = SourceFile(path=path, display="s.yaml")
    diags = load_files([sf])
    assert [(d.code, d.line, d.column) for d in diags] == [("CF002", 2, 7)]


def test_unreadable_file(tmp_path: Path) -> None:
    sf = SourceFile(path=tmp_path / "missing.yaml", display="missing.yaml")
    assert [d.code for d in load_files([sf])] == ["CF001"]


def test_merge_keys_merge_without_overriding() -> None:
    docs, diags = parse("base: &b {a: 1, b: 2}\nx:\n  <<: *b\n  b: 3\n")
    assert diags == []
    assert docs[0]["x"] == {"a": 1, "b": 3}


def _folder_with(tmp_path: Path) -> Path:
    from _helpers import write_pack

    return write_pack(tmp_path / "pack", "kind: story\nid: s\ntitle: S\nstart: 1\ncards:\n"
                                         "  - {id: 1, title: One, steps: [{victory: Won.}]}\n")


def test_content_entries_that_are_not_regular_files_are_reported(tmp_path: Path) -> None:
    """Item 10: a dangling link, a link loop or a FIFO named *.yaml in a content folder is
    an error naming what it is, never skipped; the pack's other files still load."""
    import os

    from cardforge_compiler.load import discover

    pack = _folder_with(tmp_path)
    (pack / "gone.yaml").symlink_to("act9.yaml")
    (pack / "loop.yaml").symlink_to("loop.yaml")
    os.mkfifo(pack / "pipe.yaml")
    files, diagnostics = discover([str(pack)])
    assert [f.display for f in files] == [f"{pack.as_posix()}/pack.yaml", f"{pack.as_posix()}/story.yaml"]
    assert [(d.code, d.file.rsplit("/", 1)[1], d.message) for d in diagnostics] == [
        ("CF001", "gone.yaml", "this content file is a symbolic link to 'act9.yaml', which does not exist "
                               "(a dangling link)"),
        ("CF001", "loop.yaml", "this content file is a symbolic link loop (the link leads back to itself)"),
        ("CF001", "pipe.yaml", "this content file is a named pipe (FIFO), not a regular file"),
    ]
    assert all(d.severity.value == "error" for d in diagnostics)


def test_a_path_given_that_is_a_link_loop_says_so(tmp_path: Path) -> None:
    from cardforge_compiler.load import discover

    (tmp_path / "loop.yaml").symlink_to("loop.yaml")
    _, diagnostics = discover([str(tmp_path / "loop.yaml")])
    assert [d.message for d in diagnostics] == ["this path is a symbolic link loop (the link leads back to itself)"]
    _, diagnostics = discover([str(tmp_path / "nope.yaml")])
    assert [d.message for d in diagnostics] == ["no such file or folder"]


def test_lint_and_build_fail_on_a_dangling_content_file(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from cardforge_compiler.cli import cli

    pack = _folder_with(tmp_path)
    (pack / "act2.yaml").symlink_to("missing.yaml")
    result = CliRunner().invoke(cli, ["lint", str(pack)])
    assert result.exit_code == 1 and "act2.yaml: CF001 error: this content file is a symbolic link" in result.stdout
    result = CliRunner().invoke(cli, ["build", str(pack), "-o", str(tmp_path / "b.json")])
    assert result.exit_code == 1 and not (tmp_path / "b.json").exists()


def test_gc_paused_leaves_what_it_built_in_the_oldest_generation():
    """load.gc_paused: the collector is paused inside, enabled again on the way out
    (unless the caller had paused it), and what was built inside is already in the
    oldest generation, so the collector's next run does not rescan it all; nothing
    stays frozen."""
    import gc

    from cardforge_compiler.load import gc_paused

    assert gc.isenabled()
    frozen = gc.get_freeze_count()
    with gc_paused():
        assert not gc.isenabled()
        built = [[n] for n in range(1000)]
    assert gc.isenabled() and gc.get_freeze_count() == frozen
    oldest = {id(o) for o in gc.get_objects(generation=2)}
    assert id(built) in oldest and id(built[500]) in oldest
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
