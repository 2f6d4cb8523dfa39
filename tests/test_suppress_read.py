"""What is a suppression comment: the YAML scanner decides, not a hand-written quote
tracker (cardforge_compiler.suppress_read). A ``# cardforge:`` inside any scalar (quoted,
block, anchored, tagged, in a flow collection) is card text and suppresses nothing, and
prose quotes (``Well, 'tis``) never hide a real comment below them. The breaker's cases
first, then a property test over random YAML-ish documents."""

from __future__ import annotations

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from cardforge_compiler.pipeline import compile_paths
from cardforge_compiler.suppress_read import LINE, read_suppressions
from cardforge_compiler.yaml_data import make_yaml
from _helpers import STORY_HEAD, write_pack

#: The directive the breaker hid in card text: it would hide every real CF401/CF402.
HIDDEN = "# cardforge: ignore-file[CF401, dead-end]"

#: Card 1 is won at once; card 2 is unreachable and a dead end (CF401 + CF402), unless
#: something suppresses them. ``{title}``/``{text}`` are card 1's lines.
STORY = STORY_HEAD + """\
  - id: 1
    title: {title}
    text: {text}
    steps:
      - victory: You reach Paris.
  - id: 2
    title: The Cellar
    steps:
      - gain: {{coins: 1}}
"""


def _lint(tmp_path, title: str, text: str) -> list[str]:  # noqa: ANN001
    pack = write_pack(tmp_path / "p", STORY.format(title=title, text=text))
    result = compile_paths([str(pack)])
    return [d.code for d in result.diagnostics]


def test_anchored_block_scalar_is_text(tmp_path) -> None:  # noqa: ANN001
    """`text: &t |`: the anchor before `|` made the old scanner miss the block scalar."""
    text = f"&t |\n      {HIDDEN}\n      The host pours wine."
    assert read_suppressions(STORY.format(title="Fair", text=text)) == ()
    assert _lint(tmp_path, "Fair", text) == ["CF401", "CF402"]


def test_anchored_and_tagged_quoted_strings_are_text(tmp_path) -> None:  # noqa: ANN001
    for title in (f'&t "The Fair {HIDDEN}"', f"&t 'The Fair {HIDDEN}'", f'!!str "The Fair {HIDDEN}"',
                  f'&t !!str "The Fair {HIDDEN}"'):
        assert read_suppressions(STORY.format(title=title, text="x")) == (), title
    assert _lint(tmp_path, f'&t "The Fair {HIDDEN}"', "x") == ["CF401", "CF402"]


def test_a_prose_apostrophe_hides_no_comment(tmp_path) -> None:  # noqa: ANN001
    """`title: Well, 'tis the Horse Fair` is a plain scalar: the `'` after `, ` opens no
    quote, so the real comment above card 2 is read, and the `'` of a later text does
    not "close" anything and turn that quoted text into a comment."""
    story = STORY.format(title="Well, 'tis the Horse Fair", text="x").replace(
        "  - id: 2", "  # cardforge: ignore[CF401, CF402] the Porter deals it\n  - id: 2")
    found = read_suppressions(story)
    assert [(s.line, s.column, s.scope, s.first, s.last) for s in found] == [(11, 3, LINE, 12, 15)]
    pack = write_pack(tmp_path / "p", story)
    result = compile_paths([str(pack)])
    assert result.diagnostics == [] and [d.code for d in result.suppressed] == ["CF401", "CF402"]
    # ... and later text stays text
    later = STORY.format(title="Well, 'tis the Horse Fair", text=f"\"The Fair's end {HIDDEN}\"")
    assert read_suppressions(later) == ()
    assert _lint(tmp_path, "Well, 'tis the Horse Fair", f"\"The Fair's end {HIDDEN}\"") == ["CF401", "CF402"]


def test_flow_collections_quoted_keys_and_plain_hashes_are_text() -> None:
    text = f"""kind: story
tags: ["a {HIDDEN}", 'b {HIDDEN}']
map: {{k: "v {HIDDEN}"}}
"key {HIDDEN}": 1
plain: a#cardforge:ignore-file[CF401]
folded: >-
  {HIDDEN}
real: 1  # cardforge: ignore[CF402]
épée: "Épées 🗡 {HIDDEN}"  # cardforge: ignore[CF403]
"""
    assert [(s.line, s.column, s.names) for s in read_suppressions(text)] == [
        (8, 10, (("CF402", 30),)), (9, 60, (("CF403", 80),))]


def test_a_file_the_scanner_refuses_keeps_the_comments_before_the_fault() -> None:
    """YAML that does not scan (an unclosed quote): comments before the fault are read,
    nothing after it (the loader reports the file, which the later stages skip)."""
    text = 'a: 1  # cardforge: ignore[CF401]\nb: "open\n# cardforge: ignore[CF402]\n'
    assert [s.names for s in read_suppressions(text)] == [(("CF401", 27),)]


def test_nesting_the_loader_refuses_stops_the_reading() -> None:
    """Past the loader's MAX_DEPTH (CF009: the file is refused there) nothing more is
    read: the parse stops, as the loader's does, so that 100,000 `[` cost what 65 do
    (libyaml's time grows with the square of the nesting)."""
    deep = "[" * 70 + "]" * 70
    text = f"a: 1  # cardforge: ignore[CF401]\nb: {deep}\nc: 1  # cardforge: ignore[CF402]\n"
    assert [s.line for s in read_suppressions(text)] == [1]
    shallow = text.replace(deep, "[" * 60 + "]" * 60)
    assert [s.line for s in read_suppressions(shallow)] == [1, 3]


# ------------------------------------------------------------------ property

_PROSE = st.text(alphabet="ab '\",:#-|>&!", min_size=0, max_size=12)
DIRECTIVE = " # cardforge: ignore-file[CF401]"
_STYLES = ("plain", "single", "double", "literal", "folded", "flow")


def _scalar(style: str, text: str, indent: int) -> list[str]:
    """``text`` written as a YAML scalar of ``style``: its lines (the first one goes
    after ``key: ``; the others are already indented)."""
    pad = " " * indent
    if style == "plain":                # no ` #` nor `: ` in a plain scalar: prose quotes around a `#`
        words = "".join(c if c.isalpha() or c in "'\", " else "x" for c in text.replace(DIRECTIVE, " "))
        return ["w" + words.rstrip() + "#cardforge:ignore-file[CF401]"]
    if style == "single":               # over two lines when it has a space to break at
        body = text.replace("'", "''")
        cut = body.find(" ")
        return ["'" + body[:cut], pad + body[cut + 1:] + "'"] if cut > 0 else ["'" + body + "'"]
    if style == "double":
        return ['"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"']
    if style == "flow":
        return ["[ 'x', \"" + text.replace("\\", "\\\\").replace('"', '\\"') + "\" ]"]
    head = "|" if style == "literal" else ">"          # the directive starts a line of the block
    return [head] + [pad + line for line in ("y" + text.replace(DIRECTIVE, "\n" + DIRECTIVE.lstrip())).split("\n")]


@st.composite
def _documents(draw: st.DrawFn) -> tuple[str, list[int]]:
    """A story-like document whose scalars hold `# cardforge:` text (in every style,
    with anchors and tags and prose quotes around); and the 0-based line numbers
    where a real comment may go: (line, at the end?)."""
    lines = ["kind: story", "cards:"]
    spots: list[tuple[int, bool]] = [(0, True), (1, True)]
    for card in range(draw(st.integers(1, 4))):
        lines.append(f"  - id: {card + 1}")
        spots.append((len(lines) - 1, True))
        for key in range(draw(st.integers(1, 3))):
            style = draw(st.sampled_from(_STYLES))
            text = draw(_PROSE) + DIRECTIVE + draw(_PROSE)
            prefix = draw(st.sampled_from(["", "&a{} ", "!!str ", "&b{} !!str "])).format(f"{card}{key}")
            if style == "flow":
                prefix = ""
            scalar = _scalar(style, text, 6)
            spots.append((len(lines), False))            # a comment line above the key
            lines.append(f"    k{key}: {prefix}{scalar[0]}")
            lines.extend(scalar[1:])
            spots.append((len(lines) - 1 if style not in ("literal", "folded") else len(lines) - len(scalar), True))
    return "\n".join(lines) + "\n", spots


def _values(text: str) -> list:
    return list(make_yaml().load_all(text))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_documents(), st.data())
@example(("kind: story\ntitle: Well, 'tis the Fair\ncards:\n  - id: 1\n", [(0, True), (3, True)]), None)
def test_directives_inside_scalars_never_suppress_and_real_comments_always_do(doc, data) -> None:  # noqa: ANN001
    text, spots = doc
    loaded = _values(text)                      # the generator writes valid YAML
    assert loaded and ("cardforge" in repr(loaded) or "Well" in text)
    assert read_suppressions(text) == ()
    if data is None:
        line, at_end = spots[-1]
    else:
        line, at_end = data.draw(st.sampled_from(spots))
    lines = text.split("\n")
    if at_end:
        column = len(lines[line]) + 3
        lines[line] += "  # cardforge: ignore[CF402]"
    else:
        indent = len(lines[line]) - len(lines[line].lstrip(" "))
        column = indent + 1
        lines.insert(line, " " * indent + "# cardforge: ignore[CF402]")
    commented = "\n".join(lines)
    assert _values(commented) == loaded         # a comment: the data is the same
    found = read_suppressions(commented)
    assert [(s.line, s.column, s.scope, s.names[0][0], s.problem) for s in found] == [
        (line + 1, column, LINE, "CF402", None)]
