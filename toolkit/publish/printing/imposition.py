"""Where cards go on a sheet: a centred grid, crop marks outside it, and the mirrored back page.

All lengths are millimetres from the sheet's top-left corner (SVG's axes). The grid is centred, so
a back page is the front reflected about the sheet's vertical midline: with the paper turned over
its long edge (a duplex printer's default for portrait pages) the back of the card in column ``c``
lands behind it when it is printed in column ``columns - 1 - c``.
"""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.publish.printing.sizes import (
    MARK_GAP_MM,
    MAX_MARK_MM,
    MIN_MARK_MM,
    PRINTER_MARGIN_MM,
    Size,
)


class LayoutError(ValueError):
    """A card that cannot be placed on the paper with its bleed and room for crop marks."""


@dataclass(frozen=True)
class Slot:
    """One card's place on a sheet: its cut rectangle (the card's size) and the bleed around it."""

    x: float
    """Left edge of the cut area."""
    y: float
    """Top edge of the cut area."""
    width: float
    height: float
    bleed: float
    """How far the card's face is extended past each cut edge."""


@dataclass(frozen=True)
class Mark:
    """A crop mark: a short line on the extension of a cut line, outside every card."""

    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Layout:
    """The grid for one card size on one paper."""

    paper: Size
    card: Size
    bleed: float
    columns: int
    rows: int
    left: float
    """Left edge of the grid, bleed included."""
    top: float
    """Top edge of the grid, bleed included."""

    @property
    def per_sheet(self) -> int:
        return self.columns * self.rows

    @property
    def cell(self) -> Size:
        return Size(self.card.width + 2 * self.bleed, self.card.height + 2 * self.bleed)

    def front_slot(self, index: int) -> Slot:
        """The place of the ``index``-th card of a sheet, filled row by row, left to right."""
        row, column = divmod(index, self.columns)
        return self._slot(row, column)

    def back_slot(self, index: int) -> Slot:
        """Where the back of the ``index``-th card goes on the back page: the mirrored column."""
        row, column = divmod(index, self.columns)
        return self._slot(row, self.columns - 1 - column)

    def _slot(self, row: int, column: int) -> Slot:
        cell = self.cell
        return Slot(
            x=self.left + column * cell.width + self.bleed,
            y=self.top + row * cell.height + self.bleed,
            width=self.card.width,
            height=self.card.height,
            bleed=self.bleed,
        )

    def cut_lines(self) -> tuple[list[float], list[float]]:
        """The x of every vertical cut line and the y of every horizontal one (shared edges once)."""
        xs = sorted({round(edge, 4) for c in range(self.columns) for edge in self._edges(c, True)})
        ys = sorted({round(edge, 4) for r in range(self.rows) for edge in self._edges(r, False)})
        return xs, ys

    def _edges(self, index: int, across: bool) -> tuple[float, float]:
        start = (self.left if across else self.top) + index * (
            self.cell.width if across else self.cell.height
        )
        length = self.card.width if across else self.card.height
        return start + self.bleed, start + self.bleed + length

    def marks(self) -> list[Mark]:
        """Crop marks on all four sides of the grid, one at each end of every cut line."""
        xs, ys = self.cut_lines()
        right, bottom = self.paper.width - self.left, self.paper.height - self.top
        down = _mark_length(self.top)
        across = _mark_length(self.left)
        found = []
        for x in xs:
            found.append(Mark(x, self.top - MARK_GAP_MM - down, x, self.top - MARK_GAP_MM))
            found.append(Mark(x, bottom + MARK_GAP_MM, x, bottom + MARK_GAP_MM + down))
        for y in ys:
            found.append(Mark(self.left - MARK_GAP_MM - across, y, self.left - MARK_GAP_MM, y))
            found.append(Mark(right + MARK_GAP_MM, y, right + MARK_GAP_MM + across, y))
        return found


def _mark_length(margin: float) -> float:
    return min(MAX_MARK_MM, margin - PRINTER_MARGIN_MM - MARK_GAP_MM)


ROOM_PER_SIDE_MM = PRINTER_MARGIN_MM + MARK_GAP_MM + MIN_MARK_MM
"""What each side of the grid keeps free: the printer's margin and a short crop mark."""


def layout(paper: Size, card: Size, bleed: float, *, paper_name: str = "the paper") -> Layout:
    """The largest centred grid of ``card`` (plus ``bleed`` on each side) that fits ``paper``."""
    cell = Size(card.width + 2 * bleed, card.height + 2 * bleed)
    columns = int((paper.width - 2 * ROOM_PER_SIDE_MM + 1e-9) // cell.width)
    rows = int((paper.height - 2 * ROOM_PER_SIDE_MM + 1e-9) // cell.height)
    if columns < 1 or rows < 1:
        raise LayoutError(
            f"a {card.label()} card with {bleed:g} mm bleed does not fit on {paper_name} "
            f"({paper.label()}) with {ROOM_PER_SIDE_MM:g} mm kept free on each side for the printer's "
            "margin and crop marks; use a smaller --card, less --bleed or larger paper"
        )
    left = (paper.width - columns * cell.width) / 2
    top = (paper.height - rows * cell.height) / 2
    return Layout(paper, card, bleed, columns, rows, left, top)
