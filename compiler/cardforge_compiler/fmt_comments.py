"""Comments of a content file's text, for ``cardforge fmt`` (:mod:`cardforge_compiler.fmt`):
where they are (outside scalars), and comment lines indented as the line below them.
"""

from __future__ import annotations

__all__ = ["comments"]


def _scalar_spans(text: str) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Where each scalar of ``text`` starts and ends, as 0-based ``(line, column)``."""
    from ruamel.yaml.events import ScalarEvent

    from cardforge_compiler.yaml_data import make_yaml

    return [((e.start_mark.line, e.start_mark.column), (e.end_mark.line, e.end_mark.column))
            for e in make_yaml().parse(text) if isinstance(e, ScalarEvent)]


def comments(text: str) -> list[str]:
    """Every comment of ``text``, in order, as written from its ``#`` (trailing spaces
    dropped): a ``#`` at the start of a line or after a space that is not inside a
    scalar. :func:`format_text` refuses a result that lost or changed one."""
    import bisect

    spans = _scalar_spans(text)
    starts = [start for start, _ in spans]
    found = []
    for line_no, line in enumerate(text.split("\n")):
        column = line.find("#")
        while column >= 0:
            if column == 0 or line[column - 1] in " \t":
                at = (line_no, column)
                i = bisect.bisect_right(starts, at) - 1
                if i < 0 or not (spans[i][0] <= at < spans[i][1]):
                    found.append(line[column:].rstrip())
                    break
            column = line.find("#", column + 1)
    return found


def _scalar_lines(text: str) -> set[int]:
    """The 0-based lines of ``text`` inside a scalar that spans lines (a block scalar's
    body, a quoted or plain scalar over several lines): a ``#`` there is text."""
    inside: set[int] = set()
    for (start, _), (end, end_column) in _scalar_spans(text):
        last = end - (1 if end_column == 0 else 0)      # a block scalar ends at the start of a line
        inside.update(range(start + 1, last + 1))
    return inside


def _indent_comments(text: str) -> str:
    """Comment lines indented as the line they come before (ruamel.yaml writes a comment
    line back at its old column, which the new indentation may have moved away from);
    a comment line at the end of the file goes to column 0. A comment line that starts
    in the column of an end-of-line comment just above it continues that comment and
    stays where it is."""
    lines = text.split("\n")
    inside = _scalar_lines(text)
    continued: set[int] = set()             # a comment line under an end-of-line comment continues it: kept
    for i in range(1, len(lines)):
        column = len(lines[i]) - len(lines[i].lstrip(" "))
        above = lines[i - 1]
        if lines[i].lstrip(" ").startswith("#") and column > 0 and above[column - 1:column + 1] == " #" \
                and (above[:column].strip() or i - 1 in continued) and i - 1 not in inside:
            continued.add(i)
    inside |= continued
    indent = 0
    for i in range(len(lines) - 1, -1, -1):
        stripped = lines[i].lstrip(" ")
        if not stripped or i in inside:
            continue
        if stripped.startswith("#"):
            lines[i] = " " * indent + stripped
        else:
            indent = len(lines[i]) - len(stripped)
    return "\n".join(lines)
