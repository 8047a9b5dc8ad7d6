"""One side of a card being drawn: shapes, icons, fitted text blocks and art, in millimetres.

A renderer places blocks on a :class:`Canvas`; :meth:`Canvas.svg` writes the side as a standalone
SVG whose viewBox is the card in millimetres. Every text block remembers the path of the field it
came from, so text that does not fit can be reported at that field's line and column.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from xml.sax.saxutils import escape, quoteattr

from toolkit.core.document import PathKey
from toolkit.publish.faces.icons import symbol
from toolkit.publish.faces.layout import LINE_HEIGHT, Fitted, Style, fit
from toolkit.publish.faces.metrics import FONT_FAMILY

INK = "#1d1a17"
PAPER = "#f6f1e7"


@dataclass(frozen=True, slots=True)
class Box:
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True, slots=True)
class Overflow:
    """Text that did not fit its box even at its smallest size."""

    path: PathKey
    """Where the text is written, in author keys (``("sides", "a", "basic", "effects")``)."""
    needed: int
    """Lines the text needs at the smallest size."""
    shown: int
    """Lines that fit."""
    size: float
    """The size it was set at (the style's minimum), in mm."""
    text: str
    left_off: tuple[PathKey, ...] = ()
    """Sections after it that got no room at all (they are not drawn)."""


@dataclass(slots=True)
class Canvas:
    width: float
    height: float
    parts: list[str] = field(default_factory=list)
    icons: set[str] = field(default_factory=set)
    overflows: list[Overflow] = field(default_factory=list)

    def rect(self, box: Box, fill: str, *, stroke: str | None = None, radius: float = 0) -> None:
        line = f' stroke="{stroke}" stroke-width="0.3"' if stroke else ""
        self.parts.append(
            f'<rect x="{_n(box.x)}" y="{_n(box.y)}" width="{_n(box.width)}" height="{_n(box.height)}"'
            f' rx="{_n(radius)}" fill="{fill}"{line}/>'
        )

    def circle(self, x: float, y: float, r: float, fill: str, *, stroke: str | None = None) -> None:
        line = f' stroke="{stroke}" stroke-width="0.4"' if stroke else ""
        self.parts.append(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{fill}"{line}/>')

    def icon(self, name: str, x: float, y: float, size: float) -> None:
        self.icons.add(name)
        self.parts.append(
            f'<use href="#hk-icon-{name}" x="{_n(x)}" y="{_n(y)}" width="{_n(size)}" height="{_n(size)}"/>'
        )

    def text(
        self,
        text: str,
        box: Box,
        style: Style,
        path: PathKey,
        *,
        align: str = "start",
        colour: str = INK,
    ) -> Fitted:
        """Fit ``text`` into ``box`` and draw it from the top; report it if it does not fit."""
        fitted = fit(text, box.width, box.height, style)
        if not fitted.fits:
            self.overflows.append(Overflow(path, fitted.needed_lines, len(fitted.lines), fitted.size, text))
        if not fitted.lines:
            return fitted
        x = {"start": box.x, "middle": box.x + box.width / 2, "end": box.x + box.width}[align]
        step = fitted.size * LINE_HEIGHT
        # The first baseline sits one font size below the top (ascender height ≈ 0.9 em, rounded up).
        spans = "".join(
            f'<tspan x="{_n(x)}" y="{_n(box.y + fitted.size + i * step)}">{xml_text(line)}</tspan>'
            for i, line in enumerate(fitted.lines)
        )
        weight = ' font-weight="bold"' if style.bold else ""
        slant = ' font-style="italic"' if style.italic else ""
        self.parts.append(
            f'<text font-size="{_n(fitted.size)}"{weight}{slant} text-anchor="{align}"'
            f' fill="{colour}">{spans}</text>'
        )
        return fitted

    def image(self, data_uri: str, box: Box) -> None:
        """Art, cropped to fill ``box`` (its centre kept)."""
        self.parts.append(
            f'<image x="{_n(box.x)}" y="{_n(box.y)}" width="{_n(box.width)}" height="{_n(box.height)}"'
            f' preserveAspectRatio="xMidYMid slice" href={quoteattr(data_uri)}/>'
        )

    def svg(self, title: str) -> str:
        defs = "".join(symbol(name) for name in sorted(self.icons))
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(self.width)}mm"'
            f' height="{_n(self.height)}mm" viewBox="0 0 {_n(self.width)} {_n(self.height)}"'
            f' font-family={quoteattr(FONT_FAMILY)} role="img">'
            f"<title>{xml_text(title)}</title>"
            + (f"<defs>{defs}</defs>" if defs else "")
            + "".join(self.parts)
            + "</svg>"
        )


_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")
"""Characters XML 1.0 cannot hold; a YAML escape ("\\x07") can put them in a text."""


def xml_text(text: str) -> str:
    """``text`` escaped for an SVG text node, with characters XML cannot hold shown as U+FFFD."""
    return escape(_NOT_XML.sub("\ufffd", text))


def _n(value: float) -> str:
    """A number for an attribute: at most two decimals, no trailing zeros."""
    return f"{value:.2f}".rstrip("0").rstrip(".") or "0"
