"""Translation files survive a round trip (docs/strings.md, Export): whatever a text
holds (any unicode: CR, CRLF, U+2028, U+0085, control characters, quotes, commas,
backslashes, leading and trailing spaces, long lines that PO wraps), what
``write_table`` writes, ``read_table`` reads back identical, in every format; or the
export is refused with a clear message where the format cannot carry the text (XLIFF:
the control characters XML 1.0 cannot hold)."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardforge_compiler.strings.files import FORMATS, Entry, TranslationFileError, read_table, write_table

SUFFIX = {"po": "po", "xliff": "xlf", "csv": "csv"}
#: Pieces a text is made of: the characters that broke a format once, escapes and keywords
#: of the formats, and anything else unicode has but lone surrogates (a YAML file cannot hold one).
PIECES = st.one_of(
    st.sampled_from(["\r", "\n", "\r\n", "\n\r", "\t", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x1f", "\x85",
                     "\u2028", "\u2029", "\x7f", "\x1b", "\x08", "\x07", '"', "'", ",", ";", "\\", "\\n", '\\"',
                     " ", "  ", "\u00a0", "\ufeff", "-", "<", ">", "&", "&amp;", "]]>", "#", "#:", "\x00", "msgid ",
                     'msgstr "', "\ufffe", "\uffff", "a long line of words to wrap ", "word"]),
    st.characters(blacklist_categories=("Cs",)))
TEXTS = st.lists(PIECES, min_size=1, max_size=60).map("".join)
#: What XML 1.0 cannot hold, even as a character reference.
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def round_trip(entries: list[Entry], fmt: str) -> list[tuple[str, str, str, bool]]:
    data = write_table(entries, fmt, locale="fr", source_locale="en", project="p 1.0.0")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"fr.{SUFFIX[fmt]}"
        path.write_bytes(data)
        try:
            _, back = read_table(path)
        except TranslationFileError as exc:
            raise AssertionError(f"{fmt}: cannot read its own export: {exc} (line {exc.line})\n{data!r}") from None
    return [(e.id, e.source, e.target, e.fuzzy) for e in back]


@pytest.mark.parametrize("fmt", FORMATS)
@settings(max_examples=300, deadline=None)
@given(texts=st.lists(st.tuples(TEXTS, st.one_of(st.just(""), TEXTS), st.booleans()), min_size=1, max_size=3))
def test_every_text_reads_back_identical_or_is_refused(fmt: str, texts: list[tuple[str, str, bool]]) -> None:
    entries = [Entry(f"p/s/{i + 1}/text1", source, target, fuzzy, refs=[("act 1.yaml", i + 3)])
               for i, (source, target, fuzzy) in enumerate(texts)]
    if fmt == "xliff" and any(NOT_XML.search(e.source + e.target) for e in entries):
        with pytest.raises(ValueError, match=r"holds the control character U\+[0-9A-F]{4}, which XML cannot hold: "
                                             r"export it as po or csv"):
            write_table(entries, fmt, locale="fr", source_locale="en", project="p 1.0.0")
        return
    assert round_trip(entries, fmt) == [(e.id, e.source, e.target, e.fuzzy) for e in entries]


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("text", ["Fair\rDay", "Fair\r\nDay", "Fair\u2028Day", "Fair\x85Day", " Fair, \"Day\" \\ ",
                                  "Fair\u2029\x1c\x1d\x1eDay"])
def test_the_reviewers_texts_read_back(fmt: str, text: str) -> None:
    """The breaker's cases: CSV left a CR unquoted, XLIFF turned it into LF, PO split at U+2028/U+0085."""
    entries = [Entry("p/s/1/text1", text, text + "!")]
    if fmt == "xliff" and NOT_XML.search(text):
        with pytest.raises(ValueError, match=r"holds the control character U\+001C, which XML cannot hold"):
            write_table(entries, fmt, locale="fr", source_locale="en", project="p 1.0.0")
        return
    assert round_trip(entries, fmt) == [("p/s/1/text1", text, text + "!", False)]


@pytest.mark.parametrize("suffix", ["po", "xlf", "csv"])
def test_lint_and_import_read_an_export_of_such_texts(suffix: str, tmp_path: Path) -> None:
    """End to end: texts with CR, CRLF, U+2028, U+0085, a tab, quotes and edge spaces,
    exported into the pack's translations/, are neither stale (CF651) nor unreadable
    (CF653) to lint, and `strings import` finds every one current."""
    from click.testing import CliRunner

    from cardforge_compiler.cli import cli
    from cardforge_compiler.pipeline import compile_paths
    from _helpers import copy_golden

    pack = copy_golden("ok-translations", tmp_path / "pack")
    (pack / "translations" / "fr.po").unlink()
    story = pack / "story.yaml"
    story.write_text(story.read_text(encoding="utf-8")
                     .replace("title: The Inn", r'title: " The\rInn,\r\n\"at\" the\u2028Fair\u0085 "')
                     .replace("text: You sleep well.", r'text: "You\tsleep \\ well.\u2029"'), encoding="utf-8")
    out = pack / "translations" / f"fr.{suffix}"
    runner = CliRunner()
    assert runner.invoke(cli, ["strings", "export", str(pack), "--locale", "fr", "-o", str(out)]).exit_code == 0
    _, entries = read_table(out)
    sources = {e.id: e.source for e in entries}
    assert sources["golden/act-1/1/title"] == ' The\rInn,\r\n"at" the\u2028Fair\x85 '
    assert sources["golden/act-1/1/choice1/option2/text1"] == "You\tsleep \\ well.\u2029"
    assert {d.code for d in compile_paths([str(pack)]).diagnostics} == {"CF650"}   # untranslated, nothing else
    for entry in entries:
        entry.target = entry.source
    out.write_bytes(write_table(entries, {"xlf": "xliff"}.get(suffix, suffix), locale="fr", source_locale="en",
                                project="golden"))
    assert compile_paths([str(pack)]).diagnostics == []
    result = runner.invoke(cli, ["strings", "import", str(pack), str(out), "-o", str(tmp_path / "fr.json")])
    assert result.exit_code == 0 and "locale fr: 9 of 9 texts translated; 0 missing" in result.stderr
