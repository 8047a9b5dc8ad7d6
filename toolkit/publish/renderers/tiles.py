"""A small inline SVG drawing of a map tile: its spaces, the links between them, exits and icons.

Tiles carry no geometry, so spaces are laid out on a fixed pattern by their count (one to four; more
wrap onto further rows). Every text drawn is escaped for XML.
"""

from __future__ import annotations

import html
from typing import Any

SIZE = 240
MARGIN = 20
ICON_LABELS = {
    "lamp": ("L", "#ffb300"),
    "consumable": ("C", "#43a047"),
    "enemy-1": ("1", "#e53935"),
    "enemy-2": ("2", "#e53935"),
    "enemy-3": ("3", "#e53935"),
    "named-location": ("★", "#8e24aa"),
}


def _layout(count: int) -> list[tuple[float, float, float, float]]:
    """Boxes (x, y, width, height) for ``count`` spaces inside the tile square."""
    inner = SIZE - 2 * MARGIN
    if count <= 3:
        columns, rows = max(count, 1), 1
    else:
        columns = 2
        rows = (count + 1) // 2
    width, height = inner / columns, inner / rows
    return [
        (MARGIN + (i % columns) * width, MARGIN + (i // columns) * height, width, height)
        for i in range(count)
    ]


def _centre(box: tuple[float, float, float, float]) -> tuple[float, float]:
    x, y, w, h = box
    return x + w / 2, y + h / 2


def _exit_marker(edge: str, box: tuple[float, float, float, float]) -> str:
    cx, cy = _centre(box)
    points = {
        "N": (cx, MARGIN / 2),
        "S": (cx, SIZE - MARGIN / 2),
        "W": (MARGIN / 2, cy),
        "E": (SIZE - MARGIN / 2, cy),
    }
    if edge not in points:
        return ""
    x, y = points[edge]
    return (
        f'<rect x="{x - 9:.0f}" y="{y - 9:.0f}" width="18" height="18" fill="#6d4c41" rx="3"/>'
        f'<text x="{x:.0f}" y="{y + 4:.0f}" font-size="11" text-anchor="middle" fill="#fff">'
        f"{html.escape(edge)}</text>"
    )


def tile_svg(tile: Any) -> str:
    """The tile as one line of SVG markup (no blank lines, so Markdown keeps it one HTML block)."""
    spaces = list(getattr(tile, "spaces", None) or [])
    boxes = _layout(len(spaces))
    by_id = {str(getattr(s, "id", "")): box for s, box in zip(spaces, boxes, strict=True)}
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIZE} {SIZE}" role="img" '
        f'aria-label="{html.escape(str(getattr(tile, "id", "tile")))}">',
        f'<rect x="{MARGIN}" y="{MARGIN}" width="{SIZE - 2 * MARGIN}" height="{SIZE - 2 * MARGIN}" '
        'fill="#2b2b2b" stroke="#9e9e9e" stroke-width="2"/>',
    ]
    drawn: set[frozenset[str]] = set()
    for space in spaces:
        a = str(getattr(space, "id", ""))
        for b in getattr(space, "adjacent", None) or []:
            pair = frozenset({a, str(b)})
            if str(b) in by_id and pair not in drawn:
                drawn.add(pair)
                (x1, y1), (x2, y2) = _centre(by_id[a]), _centre(by_id[str(b)])
                parts.append(
                    f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" '
                    'stroke="#bdbdbd" stroke-width="3" stroke-dasharray="6 4"/>'
                )
    for space, box in zip(spaces, boxes, strict=True):
        x, y, w, h = box
        cx, cy = _centre(box)
        parts.append(
            f'<rect x="{x + 4:.0f}" y="{y + 4:.0f}" width="{w - 8:.0f}" height="{h - 8:.0f}" '
            'fill="none" stroke="#757575" stroke-width="1.5" rx="6"/>'
        )
        label = html.escape(str(getattr(space, "id", "")))
        parts.append(
            f'<text x="{cx:.0f}" y="{cy - 14:.0f}" font-size="11" text-anchor="middle" '
            f'fill="#eeeeee">{label}</text>'
        )
        icons = [str(i) for i in getattr(space, "icons", None) or []]
        for n, icon in enumerate(icons):
            letter, colour = ICON_LABELS.get(icon, ("?", "#9e9e9e"))
            ix = cx + (n - (len(icons) - 1) / 2) * 22
            parts.append(
                f'<circle cx="{ix:.0f}" cy="{cy + 8:.0f}" r="9" fill="{colour}">'
                f"<title>{html.escape(icon)}</title></circle>"
                f'<text x="{ix:.0f}" y="{cy + 12:.0f}" font-size="11" text-anchor="middle" '
                f'fill="#000">{html.escape(letter)}</text>'
            )
    for exit_ in getattr(tile, "exits", None) or []:
        exit_box = by_id.get(str(getattr(exit_, "space", "")))
        if exit_box is not None:
            parts.append(_exit_marker(str(getattr(exit_, "edge", "")), exit_box))
    parts.append("</svg>")
    return "".join(parts)
