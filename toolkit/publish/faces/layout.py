"""Fitting text into a box: wrap at spaces, then shrink the font step by step down to a minimum.

Sizes are in millimetres, like the card's viewBox. What does not fit at the minimum size is cut at
the last line that fits, ending in an ellipsis, and reported (the validate check turns that into a
located warning), so a face never silently drops text.
"""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.publish.faces.metrics import text_width

LINE_HEIGHT = 1.2
"""Baseline-to-baseline distance, as a multiple of the font size."""

SHRINK_STEP = 0.1
"""How much the font size drops per attempt, in mm (0.1 mm is about 0.28 pt)."""

ELLIPSIS = "\u2026"


@dataclass(frozen=True, slots=True)
class Style:
    """How a block of text may be set: its largest and smallest font size, and its weight."""

    size: float
    """The font size it is set at when it fits, in mm."""
    min_size: float
    """The smallest size it may shrink to, in mm (below about 1.6 mm, 4.5 pt, print is hard to read)."""
    bold: bool = False
    italic: bool = False
    max_lines: int | None = None
    """At most this many lines (a title keeps to one or two)."""


@dataclass(frozen=True, slots=True)
class Fitted:
    """The text as it will be set: its lines, the size chosen and whether all of it fits."""

    lines: tuple[str, ...]
    size: float
    fits: bool
    needed_lines: int
    """Lines the whole text needs at ``size`` (more than ``len(lines)`` when it does not fit)."""

    @property
    def height(self) -> float:
        return len(self.lines) * self.size * LINE_HEIGHT


def wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """Greedy wrap of ``text`` into lines no wider than ``width``; newlines start paragraphs, and a
    word wider than the line is broken between characters."""
    lines: list[str] = []
    space = text_width(" ", size, bold)
    for paragraph in text.split("\n"):
        current = ""
        used = 0.0
        for word in paragraph.split():
            needed = text_width(word, size, bold)
            if current and used + space + needed <= width:
                current, used = f"{current} {word}", used + space + needed
                continue
            if not current and needed <= width:
                current, used = word, needed
                continue
            if current:
                lines.append(current)
            current, used = "", 0.0
            if needed <= width:
                current, used = word, needed
                continue
            for piece in _break_word(word, width, size, bold):
                if current:
                    lines.append(current)
                current = piece
            used = text_width(current, size, bold)
        lines.append(current)
    return lines


def _break_word(word: str, width: float, size: float, bold: bool) -> list[str]:
    pieces: list[str] = []
    current = ""
    for char in word:
        if current and text_width(current + char, size, bold) > width:
            pieces.append(current)
            current = ""
        current += char
    pieces.append(current)
    return pieces


def fit(text: str, width: float, height: float, style: Style) -> Fitted:
    """Set ``text`` in a box: the largest size from ``style.size`` down to ``style.min_size`` at
    which every line fits; else the minimum size, cut to the lines that fit."""
    size = style.size
    while True:
        lines = wrap(text, width, size, style.bold)
        room = _room(height, size, style)
        if len(lines) <= room:
            return Fitted(tuple(lines), size, True, len(lines))
        if size - SHRINK_STEP < style.min_size - 1e-9:
            return Fitted(_cut(lines, room, width, size, style.bold), size, False, len(lines))
        size = round(size - SHRINK_STEP, 4)


def _room(height: float, size: float, style: Style) -> int:
    room = int((height + 1e-9) // (size * LINE_HEIGHT))
    return min(room, style.max_lines) if style.max_lines is not None else room


def _cut(lines: list[str], room: int, width: float, size: float, bold: bool) -> tuple[str, ...]:
    if room <= 0:
        return ()
    kept = lines[:room]
    last = kept[-1]
    while last and text_width(last + ELLIPSIS, size, bold) > width:
        last = last[:-1]
    kept[-1] = last.rstrip() + ELLIPSIS
    return tuple(kept)
