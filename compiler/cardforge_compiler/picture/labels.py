"""Sizes and short forms of the labels of a picture (``cardforge board``): how wide a
text is, the font size at which it fits a room, and short marks for Enemy names.

Pictures never rely on SVG ``textLength``: rsvg-convert and other renderers ignore
it, so a label is sized (or shortened) here to fit its room in every renderer.
"""

from __future__ import annotations

from cardforge_compiler.report import shown

__all__ = ["SMALLEST", "fitted", "fitting_size", "short_marks", "text_width", "wrap"]

#: The smallest font size drawn, in pixels.
SMALLEST = 7


def text_width(text: str, size: float, bold: bool = False) -> float:
    """A generous estimate of the width in pixels of ``text`` set in a sans-serif
    font of ``size`` pixels (DejaVu Sans-like advance widths: capitals 0.72 em,
    lower case 0.6, narrow letters and punctuation 0.32), so that a label judged to
    fit does fit, with no ``textLength`` (which renderers such as rsvg ignore)."""
    em = sum(0.32 if ch in " .,:;'!|iljfrtI()[]" else 0.72 if ch.isupper() or ch in "mwMW@%" else 0.6
             for ch in text)
    return em * size * (1.12 if bold else 1.0)


def fitting_size(text: str, room: float, largest: int, bold: bool = False) -> int | None:
    """The largest font size (at most ``largest``, at least :data:`SMALLEST`) at which
    ``text`` fits in ``room`` pixels, or ``None`` when it does not fit even then."""
    for size in range(largest, SMALLEST - 1, -1):
        if text_width(text, size, bold) <= room:
            return size
    return None


def short_marks(names: list[str]) -> dict[str, str]:
    """A short mark per name (first seen, first served), unique: the initials of
    its words that begin with a capital (``Cardinal's Guard`` -> ``CG``, ``Comte de
    Wardes`` -> ``CW``, ``Marksman`` -> ``M``), longer when taken (``CGu``), else
    numbered. The legend spells each one out."""
    marks: dict[str, str] = {}
    for name in names:
        if name in marks:
            continue
        words = [w for w in name.replace("'", " ").split() if w[:1].isalnum()]
        capital = [w for w in words if w[:1].isupper()] or words or ["?"]
        base = "".join(w[0] for w in capital).upper()
        tail = capital[-1][1:]
        taken = set(marks.values())
        options = [base] + [base + tail[:n] for n in range(1, len(tail) + 1)] + [f"{base}{k}" for k in range(2, 99)]
        marks[name] = next(m for m in options if m not in taken)
    return marks


def fitted(text: str, room: float, largest: int, bold: bool = False) -> tuple[str, int]:
    """``(text, font size)`` fitting ``room``: smaller, then cut with an ellipsis."""
    size = fitting_size(shown(text), room, largest, bold)
    while size is None and len(text) > 1:
        text = text[:-2].rstrip() + "…"
        size = fitting_size(shown(text), room, largest, bold)
    return text, size or SMALLEST


def wrap(text: str, room: float, size: int) -> list[str]:
    """``text`` broken at spaces into lines that fit ``room`` pixels at ``size``
    (a word longer than the room gets a line of its own). Never empty."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and text_width(shown(f"{lines[-1]} {word}"), size) <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]
