"""One sheet of cards as an SVG page: the faces in their slots, bleed around them, crop marks."""

from __future__ import annotations

import base64
import re
from collections.abc import Sequence
from xml.sax.saxutils import quoteattr

from toolkit.publish.printing.imposition import Layout, Mark, Slot

MARK_STROKE_MM = 0.25
"""Hairlines vanish on some printers; a quarter millimetre prints everywhere and is easy to cut on."""


def page_svg(layout: Layout, cards: Sequence[str | None], *, back: bool) -> str:
    """The SVG of one sheet: ``cards`` (SVG documents, None for an empty place) in the layout's
    slots, mirrored when ``back`` is set, with the crop marks."""
    paper = layout.paper
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{paper.width:g}mm" height="{paper.height:g}mm"'
        f' viewBox="0 0 {paper.width:g} {paper.height:g}">',
        f'<rect width="{paper.width:g}" height="{paper.height:g}" fill="#ffffff"/>',
    ]
    for index, card in enumerate(cards):
        if card is not None:
            slot = layout.back_slot(index) if back else layout.front_slot(index)
            parts.append(_card(slot, card, index))
    parts.append(_marks(layout.marks()))
    parts.append("</svg>")
    return "\n".join(parts)


def _card(slot: Slot, card_svg: str, index: int) -> str:
    main = _paper(slot) + _image(_href(card_svg), slot.x, slot.y, slot.width, slot.height, "")
    if slot.bleed <= 0:
        return f"<g>{main}</g>"
    return _with_bleed(slot, card_svg, main, index)


def _href(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def _paper(slot: Slot) -> str:
    """White under the face, so that a face drawn smaller than its slot (``--card``) shows paper."""
    return (
        f'<rect x="{slot.x:g}" y="{slot.y:g}" width="{slot.width:g}" height="{slot.height:g}" fill="#fff"/>'
    )


_TEXT = re.compile(r"<text\b[^>]*/>|<text\b.*?</text>", re.DOTALL)


def _with_bleed(slot: Slot, card_svg: str, main: str, index: int) -> str:
    """The face with its edges mirrored into the bleed: a cut a little off the line then shows the
    card's own border colour rather than white paper (the usual print-and-play bleed for faces
    drawn without one). The mirrored copies leave the text out: only their outer millimetres show,
    and text is most of the drawing time (80 cards took 16 s with it, 4 s without)."""
    href = _href(_TEXT.sub("", card_svg))
    b = slot.bleed
    clip = f"bleed-{index}"
    copies = []
    for across in (-1, 0, 1):
        for down in (-1, 0, 1):
            if across == 0 and down == 0:
                continue
            copies.append(_image(href, slot.x, slot.y, slot.width, slot.height, _mirror(slot, across, down)))
    return (
        f'<g><clipPath id="{clip}"><rect x="{slot.x - b:g}" y="{slot.y - b:g}"'
        f' width="{slot.width + 2 * b:g}" height="{slot.height + 2 * b:g}"/></clipPath>'
        f'<g clip-path="url(#{clip})">{"".join(copies)}</g>{main}</g>'
    )


def _mirror(slot: Slot, across: int, down: int) -> str:
    """The transform reflecting the face over its left (-1) or right (1) edge and its top or bottom."""
    sx, tx = (1, 0.0) if across == 0 else (-1, 2 * (slot.x if across < 0 else slot.x + slot.width))
    sy, ty = (1, 0.0) if down == 0 else (-1, 2 * (slot.y if down < 0 else slot.y + slot.height))
    return f' transform="translate({tx:g} {ty:g}) scale({sx} {sy})"'


def _image(href: str, x: float, y: float, width: float, height: float, transform: str) -> str:
    return (
        f'<image x="{x:g}" y="{y:g}" width="{width:g}" height="{height:g}"'
        f' preserveAspectRatio="xMidYMid meet" href={quoteattr(href)}{transform}/>'
    )


def _marks(marks: Sequence[Mark]) -> str:
    lines = "".join(f'<line x1="{m.x1:g}" y1="{m.y1:g}" x2="{m.x2:g}" y2="{m.y2:g}"/>' for m in marks)
    return f'<g class="crop-marks" stroke="#000000" stroke-width="{MARK_STROKE_MM:g}">{lines}</g>'
