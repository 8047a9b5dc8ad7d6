"""The papers and card sizes `huntkit print` knows, in millimetres."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Size:
    """A width and a height in millimetres."""

    width: float
    """Across, in millimetres."""
    height: float
    """Down, in millimetres."""

    def label(self) -> str:
        return f"{self.width:g} × {self.height:g} mm"


PAPERS: dict[str, Size] = {
    "a4": Size(210.0, 297.0),
    "letter": Size(215.9, 279.4),
}
"""ISO A4 and US Letter, portrait."""

PAPER_NAMES = {"a4": "A4", "letter": "Letter"}

CARD_SIZES: dict[str, Size] = {
    "poker": Size(63.5, 88.9),
    "tarot": Size(70.0, 120.0),
    "mini": Size(44.0, 63.0),
}
"""The sizes ``--card`` forces on every card. Without it each card is printed at the size its face
declares: the rulebooks give no card dimensions (nor does shared/domain-facts.md), so the face
renderers' sizes are the defaults per kind."""

PRINTER_MARGIN_MM = 4.2
"""Paper edge a printer may leave blank: 1/6 inch, what common laser printers cannot reach
(inkjets reach closer). Nothing is drawn there."""

MARK_GAP_MM = 0.5
"""Space between the cut area and the start of a crop mark, so a mark never shows on a card."""

MIN_MARK_MM = 1.5
"""A crop mark shorter than this is hard to line a ruler up with; a layout leaves room for it."""

MAX_MARK_MM = 5.0
"""Crop marks are this long when the margin has room."""

MAX_BLEED_MM = 5.0
"""``--bleed`` above this is not bleed but wasted paper (print shops ask for 2 to 3 mm)."""
