"""Text measurement without fonts: per-character advance widths of Helvetica.

The widths are the advance widths of the standard PostScript Helvetica and Helvetica-Bold fonts
(their AFM files, in 1/1000 em), which Arial and Liberation Sans match glyph for glyph: the faces
name ``Liberation Sans, Arial, Helvetica`` and measure with these numbers, so a layout is the same
on every machine and needs no font installed. A letter with an accent is measured as its base
letter (NFKD); a character the table does not know counts as a full em, so unknown scripts are
over- rather than under-estimated and never overflow unseen.
"""

from __future__ import annotations

import unicodedata
from functools import cache

FONT_FAMILY = "'Liberation Sans', Arial, Helvetica, sans-serif"
"""The font stack the faces' SVG names; every entry is metric-compatible with the tables below."""

UNKNOWN_WIDTH = 1000
"""Advance of a character the tables do not hold, in 1/1000 em."""

_ASCII = "".join(chr(c) for c in range(32, 127))

_REGULAR = (
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
    1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
    333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
    556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
)  # fmt: skip

_BOLD = (
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
    975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
    333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
    611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
)  # fmt: skip

_PUNCTUATION = {
    "\u2013": (556, 556),  # en dash
    "\u2014": (1000, 1000),  # em dash
    "\u2018": (222, 278),
    "\u2019": (222, 278),
    "\u201c": (333, 500),
    "\u201d": (333, 500),
    "\u2026": (1000, 1000),  # ellipsis
    "\u00d7": (584, 584),  # multiplication sign
    "\u2022": (350, 350),  # bullet
    "\u00a0": (278, 278),  # no-break space
    "\u2265": (549, 549),
    "\u2264": (549, 549),
    "\u00b7": (278, 278),
}

REGULAR: dict[str, int] = dict(zip(_ASCII, _REGULAR, strict=True))
BOLD: dict[str, int] = dict(zip(_ASCII, _BOLD, strict=True))
for _char, (_regular, _bold) in _PUNCTUATION.items():
    REGULAR[_char] = _regular
    BOLD[_char] = _bold


@cache
def advance(char: str, bold: bool = False) -> int:
    """The advance width of one character, in 1/1000 em."""
    table = BOLD if bold else REGULAR
    found = table.get(char)
    if found is not None:
        return found
    base = unicodedata.normalize("NFKD", char)[:1]
    if base and base in table:
        return table[base]
    if unicodedata.combining(char):
        return 0
    return UNKNOWN_WIDTH


def text_width(text: str, size: float, bold: bool = False) -> float:
    """How wide ``text`` is at font size ``size`` (in the same unit as the size)."""
    return sum(advance(char, bold) for char in text) * size / 1000
