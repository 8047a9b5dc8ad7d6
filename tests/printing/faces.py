"""Card faces made for the print tests: a white card with a coloured panel inset 2 mm (so that
butted cards stay apart in the PNG) and the title in black on it."""

from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape

from tests.printing.sheets_seen import BACK, FRONT

INSET_MM = 2.0


@dataclass(frozen=True)
class MadeFace:
    kind: str
    id: str
    title: str
    front_svg: str
    back_svg: str
    width_mm: float
    height_mm: float
    spoiler: bool
    source: str


def _side(width: float, height: float, colour: tuple[int, int, int], text: str) -> str:
    r, g, b = colour
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}mm" height="{height}mm"'
        f' viewBox="0 0 {width} {height}"><rect width="{width}" height="{height}" fill="#ffffff"/>'
        f'<rect x="{INSET_MM}" y="{INSET_MM}" width="{width - 2 * INSET_MM}" height="{height - 2 * INSET_MM}"'
        f' fill="rgb({r},{g},{b})"/><text x="{width / 2}" y="12" font-size="3.5" text-anchor="middle"'
        f' font-family="DejaVu Sans" fill="#000000">{escape(text)}</text></svg>'
    )


def face(
    kind: str,
    number: int,
    *,
    size: tuple[float, float] = (63.0, 88.0),
    spoiler: bool = False,
    title: str = "",
) -> MadeFace:
    title = title or f"{kind.replace('-', ' ').capitalize()} {number}"
    width, height = size
    return MadeFace(
        kind,
        f"{kind}-{number}",
        title,
        _side(width, height, FRONT, title),
        _side(width, height, BACK, f"Back {number}"),
        width,
        height,
        spoiler,
        f"{kind}.yaml:{number}",
    )
