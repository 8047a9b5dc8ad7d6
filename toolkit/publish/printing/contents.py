"""The contents pages: what the PDF holds (the options it was printed with, each kind's cards with
the page each is on) and how to print and cut it."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

from toolkit.publish.printing.sizes import Size

MARGIN_MM = 15.0
TITLE_MM = 6.0
TEXT_MM = 3.4
LINE_MM = 4.8
COLUMN_GAP_MM = 8.0
CHARACTER_EM = 0.56
"""A mean advance in ems over English text a little wider than Liberation Sans' (0.5) or DejaVu
Sans' (0.55): enough to wrap lines before they overflow."""
PAGE_PREFIX = "p. 999  "
"""Entries start with their page number; wrapping leaves room for three digits."""
FONT = "Liberation Sans, DejaVu Sans, Arial, sans-serif"


@dataclass(frozen=True)
class Entry:
    """One printed card: its title and the page its front is on."""

    title: str
    page: int


@dataclass(frozen=True)
class Group:
    """One kind of card, with its heading (``Mission cards: 12, 63.5 × 88.9 mm``)."""

    heading: str
    entries: tuple[Entry, ...]


@dataclass(frozen=True)
class _Row:
    text: str
    heading: bool


def page_count(paper: Size, header: Sequence[str], groups: Sequence[Group]) -> int:
    """How many pages the contents take (page numbers do not change it: see :data:`PAGE_PREFIX`)."""
    return len(_paginate(paper, header, groups))


def contents_pages(paper: Size, title: str, header: Sequence[str], groups: Sequence[Group]) -> list[str]:
    """The contents as SVG pages: ``title``, the ``header`` lines, then two columns of entries."""
    pages = _paginate(paper, header, groups)
    return [
        _page_svg(paper, title if number == 0 else f"{title} (continued)", rows)
        for number, rows in enumerate(pages)
    ]


def _column_width(paper: Size) -> float:
    return (paper.width - 2 * MARGIN_MM - COLUMN_GAP_MM) / 2


def _characters(width: float) -> int:
    return max(12, int(width / (TEXT_MM * CHARACTER_EM)))


def _header_rows(paper: Size, header: Sequence[str]) -> list[_Row]:
    limit = _characters(paper.width - 2 * MARGIN_MM)
    return [_Row(line, False) for text in header for line in textwrap.wrap(text, limit) or [""]]


def _entry_rows(paper: Size, groups: Sequence[Group]) -> list[_Row]:
    limit = _characters(_column_width(paper))
    rows: list[_Row] = []
    for group in groups:
        if rows:
            rows.append(_Row("", False))
        rows.extend(_Row(line, True) for line in textwrap.wrap(group.heading, limit))
        for entry in group.entries:
            lines = textwrap.wrap(entry.title, limit - len(PAGE_PREFIX)) or ["(untitled)"]
            rows.append(_Row(f"p. {entry.page}  {lines[0]}", False))
            rows.extend(_Row("      " + line, False) for line in lines[1:])
    return rows


@dataclass(frozen=True)
class _Page:
    header: list[_Row]
    columns: list[list[_Row]]


def _paginate(paper: Size, header: Sequence[str], groups: Sequence[Group]) -> list[_Page]:
    """The header on the first page, then the entries down the left column, then the right."""
    usable = paper.height - 2 * MARGIN_MM - TITLE_MM - LINE_MM
    per_column = max(1, int(usable // LINE_MM))
    header_rows = [*_header_rows(paper, header), _Row("", False)]
    entries = _entry_rows(paper, groups)
    pages: list[_Page] = []
    first = True
    while first or entries:
        top = header_rows if first else []
        room = max(1, per_column - len(top))
        columns = [entries[:room], entries[room : 2 * room]]
        entries = entries[2 * room :]
        pages.append(_Page(top, columns))
        first = False
    return pages


def _page_svg(paper: Size, title: str, page: _Page) -> str:
    y = MARGIN_MM + TITLE_MM
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{paper.width:g}mm" height="{paper.height:g}mm"'
        f' viewBox="0 0 {paper.width:g} {paper.height:g}">',
        f'<rect width="{paper.width:g}" height="{paper.height:g}" fill="#ffffff"/>',
        f'<g font-family="{FONT}" fill="#000000">',
        _text(MARGIN_MM, y, title, TITLE_MM, bold=True),
    ]
    y += LINE_MM * 1.5
    for row in page.header:
        parts.append(_text(MARGIN_MM, y, row.text, TEXT_MM, bold=row.heading))
        y += LINE_MM
    for number, column in enumerate(page.columns):
        x = MARGIN_MM + number * (_column_width(paper) + COLUMN_GAP_MM)
        for offset, row in enumerate(column):
            parts.append(_text(x, y + offset * LINE_MM, row.text, TEXT_MM, bold=row.heading))
    parts.append("</g></svg>")
    return "\n".join(part for part in parts if part)


def _text(x: float, y: float, text: str, size: float, *, bold: bool) -> str:
    if not text.strip():
        return ""
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size:g}"{weight} xml:space="preserve">{escape(text)}</text>'
    )
