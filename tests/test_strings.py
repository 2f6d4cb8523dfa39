"""String tables for translators (docs/strings.md): stable ids, the three file
formats written and read back, ``strings export`` / ``strings import``, the
localised bundle played by the runtime, and lint's CF650-CF653 (their golden cases
are in tests/golden/*-translation*/)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardforge_compiler.cli import cli
from cardforge_compiler.pipeline import compile_paths
from cardforge_compiler.strings.files import FORMATS, Entry, TranslationFileError, read_table, write_table
from cardforge_compiler.strings.source import pack_texts
from cardforge_runtime import Session, load_bundle
from cardforge_runtime.format import LOCALE_PATTERN
from _helpers import CONTENT, GOLDEN, copy_golden

OK = "ok-translations"
#: The ids of the golden ok-translations pack, in reading order.
OK_IDS = ["golden/title", "golden/act-1/title", "golden/act-1/1/title", "golden/act-1/1/text",
          "golden/act-1/1/choice1/option1", "golden/act-1/1/choice1/option2", "golden/act-1/1/choice1/option2/text1",
          "golden/act-1/2/title", "golden/act-1/2/victory1"]


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def _texts(folder: Path) -> dict[str, str]:
    result = compile_paths([str(folder)])
    assert not result.errors, [d.message for d in result.errors]
    return {t.slot.id: t.slot.text for pack in result.packs for t in pack_texts(pack)}


def _ok(tmp_path: Path) -> Path:
    return copy_golden(OK, tmp_path / "pack")


# -- ids ---------------------------------------------------------------------------


def test_ids_name_pack_story_card_and_step(tmp_path: Path) -> None:
    assert list(_texts(_ok(tmp_path))) == OK_IDS


def test_every_kind_of_text_has_its_id(tmp_path: Path) -> None:
    pack = _ok(tmp_path)
    shutil.rmtree(pack / "translations")
    (pack / "story.yaml").write_text("""kind: story
id: act-1
title: The Road
introduction: Paris is far.
start: 1
cards:
  - id: 1
    title: The Inn
    steps:
      - text: A first text.
      - gain: {coins: 1}
      - text: A second text.
      - challenge:
          stat: Prowess
          successes: 2
          pass:
            - text: You win.
          fail:
            - defeat: You lose.
      - if: coins >= 1
        then:
          - text: Rich.
        else:
          - text: Poor.
      - goto: 2
  - id: 2
    title: Paris
    steps:
      - victory: You reach Paris.
""", encoding="utf-8")
    assert _texts(pack) == {
        "golden/title": "Golden Test Pack",
        "golden/act-1/title": "The Road",
        "golden/act-1/introduction": "Paris is far.",
        "golden/act-1/1/title": "The Inn",
        "golden/act-1/1/text1": "A first text.",
        "golden/act-1/1/text2": "A second text.",
        "golden/act-1/1/challenge1/pass/text1": "You win.",
        "golden/act-1/1/challenge1/fail/defeat1": "You lose.",
        "golden/act-1/1/if1/then/text1": "Rich.",
        "golden/act-1/1/if1/else/text1": "Poor.",
        "golden/act-1/2/title": "Paris",
        "golden/act-1/2/victory1": "You reach Paris.",
    }


def test_a_battle_objectives_victory_text_has_an_id_its_wording_none() -> None:
    from cardforge_compiler.strings.table import pack_slots

    step = {"kind": "battle", "objectives": [{"objective": "Defeat all Enemies", "goto": 2},
                                             {"objective": "Reach Exit", "victory": "You escape."}]}
    story = {"id": "act-1", "title": "The Road", "introduction": "", "cards": [
        {"id": 1, "title": "The Yard", "text": "", "steps": [step]}]}
    slots = list(pack_slots({"id": "p", "title": "", "stories": [story]}))
    assert [(s.id, s.text, s.path) for s in slots] == [
        ("p/act-1/title", "The Road", ("title",)),
        ("p/act-1/1/title", "The Yard", ("cards", 0, "title")),
        ("p/act-1/1/battle1/objective2", "You escape.", ("cards", 0, "steps", 0, "battle", "objectives", 1, "victory"))]


def test_ids_do_not_change_with_edits_elsewhere(tmp_path: Path) -> None:
    """A card added before the others, a step of another kind added before a text, a
    text step added on another card: every id that was there names the same text."""
    pack = _ok(tmp_path)
    before = _texts(pack)
    story = (pack / "story.yaml").read_text(encoding="utf-8")
    edited = story.replace("cards:\n", """cards:
  - id: 7
    title: A New Card
    steps:
      - text: Inserted elsewhere.
      - goto: 1
""", 1).replace("start: 1", "start: 7").replace("""      - choice:
          - text: Ride on""", """      - gain: {coins: 2}
      - choice:
          - text: Ride on""").replace("""      - victory: You reach Paris.""", """      - text: The gates open.
      - victory: You reach Paris.""")
    (pack / "story.yaml").write_text(edited, encoding="utf-8")
    after = _texts(pack)
    assert {k: after[k] for k in before} == before
    assert sorted(set(after) - set(before)) == ["golden/act-1/2/text1", "golden/act-1/7/text1", "golden/act-1/7/title"]


def test_pack_texts_follow_a_card_defined_after_a_duplicate(tmp_path: Path) -> None:
    """Source references come from each card's own data path (``CardIR.path``)."""
    result = compile_paths([str(_ok(tmp_path))])
    (pack,) = result.packs
    paths = {t.slot.id: t.slot.path for t in pack_texts(pack)}
    assert paths["golden/act-1/2/victory1"] == ("cards", 1, "steps", 0, "victory")
    assert paths["golden/title"] == ("title",)


# -- files -------------------------------------------------------------------------

TRICKY = [Entry("p/s/1/text", 'He said "halt", then: <run> & hide,\nat once.', "Il dit « halte »,\nvite & <fuis>.",
                refs=[("act1.yaml", 9)]),
          Entry("p/s/1/choice1/option1", "Ride on", "", refs=[("act1.yaml", 12)]),
          Entry("p/s/2/title", "Paris", "Paris", fuzzy=True, refs=[("act 2.yaml", 3)])]


@pytest.mark.parametrize("fmt", FORMATS)
def test_each_format_reads_back_what_it_wrote(fmt: str, tmp_path: Path) -> None:
    path = tmp_path / f"fr.{ {'po': 'po', 'xliff': 'xlf', 'csv': 'csv'}[fmt] }"
    data = write_table(TRICKY, fmt, locale="fr", source_locale="en", project="p 1.0.0")
    assert data == write_table(TRICKY, fmt, locale="fr", source_locale="en", project="p 1.0.0")   # deterministic
    path.write_bytes(data)
    locale, entries = read_table(path)
    assert locale == (None if fmt == "csv" else "fr")
    assert [(e.id, e.source, e.target, e.fuzzy) for e in entries] == [(e.id, e.source, e.target, e.fuzzy) for e in TRICKY]
    lines = data.decode("utf-8").splitlines()
    for entry in entries:       # each entry's line is where it starts (PO: its first comment line)
        assert any(entry.id in line for line in lines[entry.line - 1:entry.line + 2]), (fmt, entry.id, entry.line)
        assert not any(entry.id in line for line in lines[:entry.line - 1])


def test_po_golden_text() -> None:
    data = write_table(TRICKY[1:], "po", locale="fr", source_locale="en", project="p 1.0.0").decode("utf-8")
    assert data == """# String table of cardforge content: msgctxt is each text's stable id (docs/strings.md).
msgid ""
msgstr ""
"Project-Id-Version: p 1.0.0\\n"
"Language: fr\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"X-Generator: cardforge\\n"

#: act1.yaml:12
msgctxt "p/s/1/choice1/option1"
msgid "Ride on"
msgstr ""

#: act 2.yaml:3
#, fuzzy
msgctxt "p/s/2/title"
msgid "Paris"
msgstr "Paris"
"""


def test_xliff_is_version_1_2_with_states_and_locations() -> None:
    from xml.etree import ElementTree as ET

    root = ET.fromstring(write_table(TRICKY, "xliff", locale="fr", source_locale="en", project="p 1.0.0"))
    ns = {"x": "urn:oasis:names:tc:xliff:document:1.2"}
    assert root.get("version") == "1.2"
    (file,) = root.findall("x:file", ns)
    assert (file.get("source-language"), file.get("target-language"), file.get("datatype")) == ("en", "fr", "plaintext")
    units = file.findall("x:body/x:trans-unit", ns)
    assert [u.find("x:target", ns).get("state") for u in units] == ["translated", "needs-translation",
                                                                     "needs-review-translation"]
    assert [c.text for c in units[0].findall("x:context-group/x:context", ns)] == ["act1.yaml", "9"]


def test_a_template_has_no_targets() -> None:
    po = write_table(TRICKY, "po", locale=None, source_locale="en", project="p").decode("utf-8")
    assert '"Language: \\n"' in po
    assert b"<target" not in write_table(TRICKY, "xliff", locale=None, source_locale="en", project="p")


@pytest.mark.parametrize(("name", "text", "message", "line"), [
    ("fr.po", 'msgid "a"\nmsgstr "b"\nnonsense\n', "Syntax error in po file (line 3)", 3),
    ("fr.po", 'msgid "a\nmsgstr "b"\n', 'a string is not closed: expected a " at the end of the line', 1),
    ("fr.po", 'msgid "a"\nmsgstr "b"\n"c\n', 'a string is not closed: expected a " at the end of the line', 3),
    ("fr.po", 'msgid "a"\nmsgstr "b\\"\n', 'a string is not closed', 2),     # its last quote escaped
    ("fr.po", 'msgid "a"\nmsgstr "\\x41"\n', "the escape \\x is not one of \\n \\t", 2),
    ("fr.xlf", "<xliff version='1.2' xmlns='urn:oasis:names:tc:xliff:document:1.2'><file>", "not well-formed XML", 1),
    ("fr.xlf", "<xliff version='2.0'/>", "not an XLIFF 1.2 file", 1),
    ("fr.xlf", "<!DOCTYPE x [<!ENTITY a 'b'>]><xliff version='1.2'/>", "may not declare a DOCTYPE", 0),
    ("fr.csv", "key,text\nx,y\n", "needs a header row with the columns id, source and target", 1),
    ("fr.csv", "id,source,target\nx,y\n", "expected 3 columns, found 2", 2),
])
def test_malformed_files_are_refused_with_a_line(tmp_path: Path, name: str, text: str, message: str, line: int) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TranslationFileError, match=re.escape(message)) as caught:
        read_table(path)
    assert caught.value.line == line


def test_cli_constants_match_the_modules() -> None:
    import importlib

    cli_strings = importlib.import_module("cardforge_compiler.cli.strings")

    assert cli_strings._FORMATS == FORMATS and cli_strings._LOCALE == LOCALE_PATTERN


# -- export ------------------------------------------------------------------------


def test_export_writes_ids_sources_and_references(tmp_path: Path) -> None:
    pack = _ok(tmp_path)
    code, out, _ = run("strings", "export", str(pack))
    assert code == 0
    assert out.count('msgctxt "') == 9 and '"Language: \\n"' in out
    assert '#: story.yaml:16\nmsgctxt "golden/act-1/1/choice1/option2/text1"\nmsgid "You sleep well."\nmsgstr ""\n' in out
    assert str(tmp_path) not in out          # references are relative to the pack folder


def test_export_takes_the_format_from_the_output_suffix(tmp_path: Path) -> None:
    pack = _ok(tmp_path)
    for name, start in (("t.xlf", b"<?xml"), ("t.csv", b"id,source,target,status,references\n"), ("t.pot", b"# String")):
        code, _, err = run("strings", "export", str(pack), "-o", str(tmp_path / name))
        assert code == 0, err
        assert (tmp_path / name).read_bytes().startswith(start)
    assert "cardforge strings export: 9 texts of 1 pack -> " in err and "(po, a template)" in err


def test_export_merge_keeps_translations_and_marks_changed_ones_fuzzy(tmp_path: Path) -> None:
    pack = _ok(tmp_path)
    story = pack / "story.yaml"
    story.write_text(story.read_text(encoding="utf-8").replace("title: Paris", "title: Paris at Last")
                     .replace("            steps:\n              - text: You sleep well.\n", ""), encoding="utf-8")
    old = pack / "translations" / "fr.po"
    code, _, err = run("strings", "export", str(pack), "--merge", str(old), "-o", str(old))
    assert code == 0, err
    assert "locale fr: 7 translated, 1 fuzzy" in err
    _, entries = read_table(old)
    by_id = {e.id: e for e in entries}
    assert "golden/act-1/1/choice1/option2/text1" not in by_id         # the text is gone: so is its entry
    assert (by_id["golden/act-1/2/title"].source, by_id["golden/act-1/2/title"].target,
            by_id["golden/act-1/2/title"].fuzzy) == ("Paris at Last", "Paris", True)
    assert (by_id["golden/act-1/1/title"].target, by_id["golden/act-1/1/title"].fuzzy) == ("L'Auberge", False)
    result = compile_paths([str(pack)])
    assert [(d.code, d.line) for d in result.diagnostics] == [("CF651", by_id["golden/act-1/2/title"].line)]


def test_export_refuses_content_with_errors_and_a_bad_locale(tmp_path: Path) -> None:
    pack = _ok(tmp_path)
    code, _, err = run("strings", "export", str(pack), "--locale", "french!")
    assert code == 2 and "expected a language tag such as fr, pt-BR or pt_BR, not 'french!'" in err
    story = pack / "story.yaml"
    story.write_text(story.read_text(encoding="utf-8").replace("goto: 2", "goto: 9", 1), encoding="utf-8")
    code, out, err = run("strings", "export", str(pack))
    assert code == 1 and "CF301" in out and "cardforge strings export: the content has errors; fix them first" in err


# -- import and the localised bundle -----------------------------------------------


def test_import_translates_the_bundle_and_records_the_locale(tmp_path: Path) -> None:
    pack = _ok(tmp_path)
    out = tmp_path / "fr.bundle.json"
    code, _, err = run("strings", "import", str(pack), str(pack / "translations" / "fr.po"), "-o", str(out))
    assert code == 0, err
    assert err.startswith("cardforge strings import: locale fr: 9 of 9 texts translated; 0 missing, "
                          "0 stale or fuzzy (left in the source language); 0 unknown ids\n  bundle: ")
    data = json.loads(out.read_text(encoding="utf-8"))
    (p,) = data["packs"]
    assert (p["locale"], p["title"]) == ("fr", "Pack de test doré")
    story = p["stories"][0]
    assert story["cards"][0]["text"] == "L'hôte verse du vin aux voyageurs."
    assert [o["text"] for o in story["cards"][0]["steps"][0]["options"]] == ["Continuer à cheval", "Passer la nuit"]
    assert [e["label"] for e in story["edges"]] == ["Continuer à cheval", "Passer la nuit", ""]
    bundle = load_bundle(out)
    assert bundle.hash_matches and bundle.locale() == "fr"
    session = Session.start(bundle, "act-1", players=1, seed=1)
    seen = []
    while session.pending["kind"] != "end":
        request = session.pending
        seen.append(request.get("text") or request.get("title") or "")
        session.answer({"option": 1} if request["kind"] == "choice" else {})
    assert session.pending["result"] == "victory"
    assert "Vous atteignez Paris." in json.dumps([session.log, session.pending], ensure_ascii=False)


def test_stale_fuzzy_and_missing_translations_stay_in_the_source_language(tmp_path: Path) -> None:
    pack = copy_golden("stale-translation", tmp_path / "pack")
    shutil.copy(GOLDEN / "missing-translation" / "story.yaml", pack / "story.yaml")   # card 2 is 'Paris' again
    csv = pack / "translations" / "fr.csv"
    csv.write_text(csv.read_text(encoding="utf-8").replace("Passer la nuit", ""), encoding="utf-8")
    out = tmp_path / "fr.bundle.json"
    code, _, err = run("strings", "import", str(pack), str(csv), "-o", str(out))
    assert code == 0, err
    assert "locale fr: 7 of 9 texts translated; 1 missing, 1 stale or fuzzy" in err
    card = json.loads(out.read_text(encoding="utf-8"))["packs"][0]["stories"][0]["cards"][0]
    assert card["text"] == "The host pours wine for the travellers."         # fuzzy: not used
    assert card["steps"][0]["options"][1]["text"] == "Stay the night"       # empty: not used
    code, _, err = run("strings", "import", str(pack), str(csv), "-o", str(tmp_path / "strict.json"), "--strict")
    assert code == 1 and "no bundle written" in err and not (tmp_path / "strict.json").exists()


def test_import_usage_errors(tmp_path: Path) -> None:
    pack = _ok(tmp_path)
    bad = copy_golden("bad-translation-file", tmp_path / "bad") / "translations" / "fr.po"
    code, _, err = run("strings", "import", str(pack), str(bad), "-o", str(tmp_path / "b.json"))
    assert code == 2 and "cannot read" in err and "(line 19): not a well-formed PO file" in err
    other = tmp_path / "notes.txt"
    other.write_text("hello", encoding="utf-8")
    code, _, err = run("strings", "import", str(pack), str(other), "-o", str(tmp_path / "b.json"))
    assert code == 2 and "not a translation file" in err
    unnamed = tmp_path / "strings.csv"
    shutil.copy(GOLDEN / "stale-translation" / "translations" / "fr.csv", unnamed)
    code, _, err = run("strings", "import", str(pack), str(unnamed), "-o", str(tmp_path / "b.json"))
    assert code == 2 and "states no locale: give one with --locale" in err
    code, _, err = run("strings", "import", str(pack), str(unnamed), "--locale", "fr", "-o", str(pack / "story.yaml"))
    assert code == 2 and "is one of the content files" in err


def test_a_locale_other_than_the_file_states_is_refused(tmp_path: Path) -> None:
    """`--locale zz` with a French file would label French texts zz (lint: CF653 for the same mismatch)."""
    pack = _ok(tmp_path)
    fr = pack / "translations" / "fr.po"
    out = tmp_path / "b.json"
    code, _, err = run("strings", "import", str(pack), str(fr), "--locale", "zz", "-o", str(out))
    assert (code, err.splitlines()[-1]) == (2, f"Error: {fr} (TRANSLATIONS) states the locale 'fr', not "
                                               "'zz': give --locale fr (or leave --locale out), or correct the file's "
                                               "language (PO Language, XLIFF target-language)")
    assert not out.exists()
    code, _, err = run("strings", "export", str(pack), "--locale", "de", "--merge", str(fr))
    assert code == 2 and f"{fr} (--merge) states the locale 'fr', not 'de'" in err
    for same in ("fr", "FR"):     # the same tag, as lint compares them
        assert run("strings", "import", str(pack), str(fr), "--locale", same, "-o", str(out))[0] == 0
    assert json.loads(out.read_text(encoding="utf-8"))["packs"][0]["locale"] == "FR"


def test_the_shipped_pack_plays_the_same_in_translation(tmp_path: Path) -> None:
    """Every text of Gascony's Legacy translated: Act I's conformance answers play to
    the same end through the same requests, only the texts differ."""
    import polib

    template = tmp_path / "fr.po"
    assert run("strings", "export", str(CONTENT), "--locale", "fr", "-o", str(template))[0] == 0
    po = polib.pofile(str(template))
    for entry in po:
        entry.msgstr = "«FR» " + entry.msgid
    po.save(str(template))
    localised = tmp_path / "fr.bundle.json"
    code, _, err = run("strings", "import", str(CONTENT), str(template), "-o", str(localised))
    assert code == 0, err
    assert re.match(r"cardforge strings import: locale fr: (\d+) of \1 texts translated; 0 missing", err)
    source = tmp_path / "source.bundle.json"
    assert run("build", str(CONTENT), "-o", str(source))[0] == 0
    answers = json.loads((Path(__file__).parent / "conformance" / "act-1.answers.json").read_text(encoding="utf-8"))

    def play(path: Path) -> list:
        session = Session.start(load_bundle(path), "act-1", players=1, seed=11, battles="table")
        for answer in answers:
            session.answer(answer)
        return [session.pending, *session.log]

    plain, french = play(source), play(localised)
    assert (plain[0]["kind"], plain[0]["result"]) == (french[0]["kind"], french[0]["result"]) == ("end", "victory")
    assert len(plain) == len(french)
    shape = re.compile(r'"(text|title|label|introduction)": "[^"]*"')
    assert [shape.sub("", json.dumps(e)) for e in plain] == [shape.sub("", json.dumps(e)) for e in french]
    assert "«FR» Arrival in Paris" in json.dumps(french, ensure_ascii=False)


# -- lint --------------------------------------------------------------------------


def test_lint_of_one_file_judges_only_its_stories(tmp_path: Path) -> None:
    """Checking one story file: the other stories' entries are neither unknown nor missing."""
    pack = _ok(tmp_path)
    (pack / "act2.yaml").write_text("""kind: story
id: act-2
title: Act Two
start: 30
cards:
  - id: 30
    title: The Louvre
    steps:
      - victory: You see the King.
""", encoding="utf-8")
    assert [(d.code, d.message.split(":")[0]) for d in compile_paths([str(pack)]).diagnostics] == [
        ("CF650", "no 'fr' translation of 'golden/act-2/title'"), ("CF650", "no 'fr' translation of 'golden/act-2/30/title'"),
        ("CF650", "no 'fr' translation of 'golden/act-2/30/victory1'")]
    assert compile_paths([str(pack / "story.yaml")]).diagnostics == []


def test_lint_of_one_story_file_leaves_the_pack_title_alone(tmp_path: Path) -> None:
    """The breaker's case: `lint pack/story.yaml` reported pack.yaml's title (CF650,
    CF651) though docs/strings.md says only the named files' texts are compared."""
    pack = _ok(tmp_path)
    po = pack / "translations" / "fr.po"
    text = po.read_text(encoding="utf-8")
    for changed in (text.replace('msgstr "Pack de test doré"', 'msgstr ""'),                 # missing
                    text.replace('msgid "Golden Test Pack"', 'msgid "Old Test Pack"')):      # stale
        po.write_text(changed, encoding="utf-8")
        assert [d.code for d in compile_paths([str(pack)]).diagnostics] in (["CF650"], ["CF651"])
        assert compile_paths([str(pack / "story.yaml")]).diagnostics == []
        found = [(d.code, d.file.rsplit("/", 1)[-1]) for d in
                 compile_paths([str(pack / "story.yaml"), str(pack / "pack.yaml")]).diagnostics]
        assert found in ([("CF650", "pack.yaml")], [("CF651", "fr.po")])


def test_a_file_stating_another_locale_or_giving_an_id_twice(tmp_path: Path) -> None:
    pack = _ok(tmp_path)
    po = pack / "translations" / "fr.po"
    text = po.read_text(encoding="utf-8")
    po.write_text(text.replace('"Language: fr\\n"', '"Language: de\\n"'), encoding="utf-8")
    found = [(d.code, d.line, d.message) for d in compile_paths([str(pack)]).diagnostics]
    assert found == [("CF653", 1, "the file states the locale 'de' but is named for 'fr'")]
    first = text.index("#: story.yaml:8")
    po.write_text(text + "\n" + text[first:text.index("#: story.yaml:9")], encoding="utf-8")
    found = [(d.code, d.message) for d in compile_paths([str(pack)]).diagnostics]
    assert found == [("CF653", "the id 'golden/act-1/1/title' is given twice (first at line 21)")]
    (pack / "translations" / "french.po").write_text(text, encoding="utf-8")
    po.write_text(text, encoding="utf-8")
    assert [(d.code, d.message) for d in compile_paths([str(pack)]).diagnostics] == [
        ("CF653", "'french.po' is not named after a locale")]


def test_a_malformed_po_is_an_error_to_lint_and_import(tmp_path: Path) -> None:
    """The breaker's file: `msgid "a` with no closing quote (polib reads it as an empty string)."""
    pack = _ok(tmp_path)
    po = pack / "translations" / "fr.po"
    text = po.read_text(encoding="utf-8")
    po.write_text(text.replace('msgid "Ride on"', 'msgid "Ride on'), encoding="utf-8")
    line = text[:text.index('msgid "Ride on"')].count("\n") + 1
    found = [(d.code, d.severity, d.file.rsplit("/", 2)[-2:], d.line, d.message)
             for d in compile_paths([str(pack)]).diagnostics]
    assert found == [("CF653", "error", ["translations", "fr.po"], line,
                      "cannot read the 'fr' translations: not a well-formed PO file: a string is not closed: expected "
                      'a " at the end of the line (a quote inside is written \\")')]
    code, _, err = run("strings", "import", str(pack), str(po), "-o", str(tmp_path / "fr.json"))
    assert code == 2 and f"fr.po (line {line}): not a well-formed PO file: a string is not closed" in err
    assert not (tmp_path / "fr.json").exists()


# -- the bundle format (1.7.0) -----------------------------------------------------


def test_the_runtime_checks_a_locale_and_reads_older_bundles(tmp_path: Path) -> None:
    from cardforge_runtime import BundleError

    old = load_bundle(Path(__file__).parent / "conformance" / "bundles" / "rules.bundle.json")
    assert old.format_version == "1.6.0" and old.locale() is None
    pack = _ok(tmp_path)
    out = tmp_path / "fr.bundle.json"
    assert run("strings", "import", str(pack), str(pack / "translations" / "fr.po"), "-o", str(out))[0] == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["format_version"] == "1.7.0"
    assert load_bundle(data).locale("golden") == "fr"
    for bad in ("fr!", "", "f", 7):
        data["packs"][0]["locale"] = bad
        with pytest.raises(BundleError, match=re.escape("$.packs[0].locale: expected")):
            load_bundle(data)
    code, out_text, _ = run("check-bundle", str(out))
    assert code == 0 and out_text == f"{out}: valid\n"


def test_the_docs_show_real_output(tmp_path: Path) -> None:
    """docs/strings.md: the example story is the golden case's, its CSV table and its
    PO and XLIFF entries are what `strings export --merge` writes for it."""
    from _helpers import ROOT

    doc = (ROOT / "docs" / "strings.md").read_text(encoding="utf-8")
    blocks = dict(re.findall(r"```(yaml|po|xml|csv)\n(.*?)```", doc, flags=re.S))
    pack = _ok(tmp_path)
    assert blocks["yaml"] == (pack / "story.yaml").read_text(encoding="utf-8").split("\n", 1)[1]
    fr = str(pack / "translations" / "fr.po")
    outputs = {fmt: run("strings", "export", str(pack), "--format", fmt, "--merge", fr)[1]
               for fmt in ("csv", "po", "xliff")}
    assert blocks["csv"] == outputs["csv"]
    assert blocks["po"] in outputs["po"]
    assert "\n".join("      " + line for line in blocks["xml"].splitlines()) in outputs["xliff"]
    assert re.search(r"cardforge strings import: locale fr: 9 of 9 texts translated; 0 missing, 0 stale or fuzzy "
                     r"\(left in the source language\); 0 unknown ids\n  bundle: \S+ \(3,027 bytes", doc)


def test_the_docs_example_runs_as_written(tmp_path: Path) -> None:
    """docs/strings.md's commands, run as written from (a copy of) a checkout: the golden
    case copied with the golden cases' manifest exports and imports (it failed when the
    page exported the case folder itself, which has no pack.yaml)."""
    import os
    import subprocess
    import sys

    from _helpers import ROOT

    doc = (ROOT / "docs" / "strings.md").read_text(encoding="utf-8")
    (block,) = [b for b in re.findall(r"```sh\n(.*?)```", doc, flags=re.S) if "tests/golden/pack.yaml" in b]
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "golden").symlink_to(GOLDEN, target_is_directory=True)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(str(ROOT / p) for p in ("compiler", "runtime"))}
    outputs = []
    for line in block.strip().splitlines():
        line = re.sub(r"^cardforge ", f"{sys.executable} -m cardforge_compiler ", line)
        done = subprocess.run(["sh", "-c", line], cwd=tmp_path, env=env, capture_output=True, text=True)
        assert done.returncode == 0, (line, done.stderr)
        outputs.append(done)
    blocks = dict(re.findall(r"```(csv)\n(.*?)```", doc, flags=re.S))
    assert outputs[1].stdout == blocks["csv"]
    assert "locale fr: 9 of 9 texts translated" in outputs[2].stderr
    assert load_bundle(tmp_path / "build" / "golden.fr.bundle.json").locale("golden") == "fr"


def test_export_never_writes_over_content(tmp_path: Path) -> None:
    pack = _ok(tmp_path)
    story = pack / "story.yaml"
    before = story.read_bytes()
    code, _, err = run("strings", "export", str(pack), "-o", str(story))
    assert code == 2 and "is one of the content files read: write the string table to a .po" in err
    code, _, err = run("strings", "export", str(pack), "-o", str(pack))
    assert code == 2 and "is a directory" in err
    assert story.read_bytes() == before


def test_a_control_character_is_carried_by_po_and_csv_and_refused_by_xliff(tmp_path: Path) -> None:
    pack = _ok(tmp_path)
    story = pack / "story.yaml"
    story.write_text(story.read_text(encoding="utf-8").replace("text: You sleep well.", 'text: "You sleep\\e well."'),
                     encoding="utf-8")
    code, _, err = run("strings", "export", str(pack), "--format", "xliff")
    assert code == 2 and "the text 'golden/act-1/1/choice1/option2/text1' holds the control character U+001B" in err
    for suffix in ("po", "csv"):
        path = tmp_path / f"fr.{suffix}"
        assert run("strings", "export", str(pack), "-o", str(path))[0] == 0
        assert {e.id: e.source for e in read_table(path)[1]}["golden/act-1/1/choice1/option2/text1"] == "You sleep\x1b well."
