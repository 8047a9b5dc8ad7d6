"""The common layout of a card side: a border, a title band, optional art, a row of stats, then
sections of rules text flowed down the rest of the card.

Sections share the room left: all of them are set at one size, the largest from the body style's
size down to its minimum at which they fit together. At the minimum, sections are set in order and
the first that runs past the bottom is cut, and it and every section after it are reported.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from toolkit.core.document import PathKey
from toolkit.publish.faces.canvas import INK, PAPER, Box, Canvas, Overflow
from toolkit.publish.faces.layout import LINE_HEIGHT, SHRINK_STEP, Style, wrap
from toolkit.publish.faces.metrics import text_width

MARGIN = 3.0
"""Distance from the card's edge to its border and text, in mm (inside a printer's safe area)."""

TITLE = Style(size=4.2, min_size=2.6, bold=True, max_lines=2)
SUBTITLE = Style(size=2.4, min_size=2.0, italic=True, max_lines=1)
BODY = Style(size=3.3, min_size=1.8)
HEADER = Style(size=2.6, min_size=2.0, bold=True, max_lines=1)
STAT = Style(size=3.4, min_size=2.4, bold=True, max_lines=1)
GAP = 1.0
"""Space between sections, in mm."""


@dataclass(frozen=True, slots=True)
class Stat:
    """A number with its icon, in the stats row (``hp 5``)."""

    icon: str
    value: str
    label: str = ""


@dataclass(frozen=True, slots=True)
class Section:
    """A header row (a name, with icons and numbers at its right) and a paragraph of text."""

    text: str
    path: PathKey
    header: str = ""
    header_path: PathKey = ()
    stats: tuple[Stat, ...] = ()
    italic: bool = False


@dataclass(slots=True)
class Frame:
    """One side of a card, drawn top to bottom."""

    canvas: Canvas
    colour: str = "#5b1f1f"
    y: float = MARGIN
    sections: list[Section] = field(default_factory=list)

    @classmethod
    def card(cls, width: float, height: float, colour: str = "#5b1f1f") -> Frame:
        canvas = Canvas(width, height)
        canvas.rect(Box(0, 0, width, height), PAPER, radius=3)
        inset = MARGIN / 2
        canvas.rect(Box(inset, inset, width - 2 * inset, height - 2 * inset), "none", stroke=colour, radius=2)
        return cls(canvas, colour)

    @property
    def inner_width(self) -> float:
        return self.canvas.width - 2 * MARGIN

    def title(self, text: str, path: PathKey) -> None:
        band = Box(MARGIN, self.y, self.inner_width, TITLE.size * LINE_HEIGHT * 2)
        fitted = self.canvas.text(text, band, TITLE, path, align="middle", colour=self.colour)
        self.y += max(fitted.height, TITLE.size * LINE_HEIGHT) + 0.6

    def subtitle(self, text: str, path: PathKey = ()) -> None:
        box = Box(MARGIN, self.y, self.inner_width, SUBTITLE.size * LINE_HEIGHT)
        self.canvas.text(text, box, SUBTITLE, path, align="middle")
        self.y += SUBTITLE.size * LINE_HEIGHT + 0.8

    def art(self, data_uri: str | None, share: float = 0.32) -> None:
        """The art, across the card under the title, when the card has any."""
        if data_uri is None:
            return
        box = Box(MARGIN, self.y, self.inner_width, self.canvas.height * share)
        self.canvas.image(data_uri, box)
        self.canvas.rect(box, "none", stroke=self.colour)
        self.y += box.height + 1.2

    def stats(self, stats: Sequence[Stat]) -> None:
        """A row of icons with numbers, spread across the card."""
        if not stats:
            return
        size = STAT.size
        cell = self.inner_width / len(stats)
        for i, stat in enumerate(stats):
            x = MARGIN + i * cell
            self.canvas.icon(stat.icon, x, self.y, size)
            label = f"{stat.value} {stat.label}".strip()
            self.canvas.text(
                label, Box(x + size + 0.6, self.y - 0.3, cell - size - 0.8, size * 1.3), STAT, ()
            )
        self.y += size * LINE_HEIGHT + 1.2

    def section(self, section: Section) -> None:
        self.sections.append(section)

    def finish(self, footer: str = "") -> Canvas:
        """Flow the sections into the room left above the footer; return the drawn side."""
        bottom = self.canvas.height - MARGIN
        if footer:
            bottom -= 2.4
            box = Box(MARGIN, bottom + 0.2, self.inner_width, 2.2)
            self.canvas.text(footer, box, Style(1.8, 1.8, max_lines=1), (), align="middle", colour="#6b625a")
        _flow(self.canvas, self.sections, Box(MARGIN, self.y, self.inner_width, bottom - self.y))
        return self.canvas


def _header_height(section: Section) -> float:
    return HEADER.size * LINE_HEIGHT + 0.3 if (section.header or section.stats) else 0.0


def _needed(sections: Sequence[Section], width: float, size: float) -> float:
    total = 0.0
    for section in sections:
        lines = len(wrap(section.text, width, size)) if section.text else 0
        total += _header_height(section) + lines * size * LINE_HEIGHT + GAP
    return total - GAP if sections else 0.0


def _flow(canvas: Canvas, sections: Sequence[Section], box: Box) -> None:
    size = BODY.size
    while _needed(sections, box.width, size) > box.height and size - SHRINK_STEP >= BODY.min_size - 1e-9:
        size = round(size - SHRINK_STEP, 4)
    y = box.y
    for i, section in enumerate(sections):
        room = box.y + box.height - y
        header = _header_height(section)
        if header and room < header:
            _cut_from(canvas, section.header_path or section.path, section.header, sections[i + 1 :], size)
            return
        if header:
            _header(canvas, section, Box(box.x, y, box.width, header))
            y += header
            room -= header
        if section.text:
            style = Style(size, size, italic=section.italic)
            before = len(canvas.overflows)
            fitted = canvas.text(section.text, Box(box.x, y, box.width, max(room, 0.0)), style, section.path)
            if len(canvas.overflows) > before:
                # The first section cut is the one to shorten; the ones after it are left off.
                cut = canvas.overflows.pop()
                canvas.overflows.append(replace(cut, left_off=_paths(sections[i + 1 :])))
                return
            y += fitted.height
        y += GAP


def _paths(sections: Sequence[Section]) -> tuple[PathKey, ...]:
    return tuple(s.path for s in sections if s.text or s.header)


def _cut_from(canvas: Canvas, path: PathKey, text: str, after: Sequence[Section], size: float) -> None:
    canvas.overflows.append(Overflow(path, 1, 0, size, text, left_off=_paths(after)))


def _header(canvas: Canvas, section: Section, box: Box) -> None:
    """The header row: the stats drawn from the right, the name fitted into what is left."""
    size = HEADER.size
    x = box.x + box.width
    for stat in reversed(section.stats):
        label = stat.value
        width = text_width(label, size, bold=True) if label else 0.0
        x -= width
        if label:
            canvas.text(
                label, Box(x, box.y, width + 0.5, size * LINE_HEIGHT), Style(size, size, bold=True), ()
            )
        x -= size + 0.3
        canvas.icon(stat.icon, x, box.y + 0.2, size)
        x -= 0.8
    if section.header:
        name_box = Box(box.x, box.y, max(x - box.x, 1.0), size * LINE_HEIGHT)
        canvas.text(section.header, name_box, HEADER, section.header_path, colour=INK)
