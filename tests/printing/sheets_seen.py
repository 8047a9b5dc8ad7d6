"""Reading printed sheets back from their PNG pages: the cards on a page (the test faces' coloured
panels) and the crop marks in its margins."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numpy.typing import NDArray
from PIL import Image

FRONT = (32, 128, 255)
"""The panel colour of the test faces' fronts."""
BACK = (0, 160, 64)
"""The panel colour of their backs."""


@dataclass(frozen=True)
class Panel:
    """A card's coloured panel on the page, in pixels."""

    left: int
    top: int
    right: int
    bottom: int


def pixels(png: Path) -> NDArray[np.int16]:
    with Image.open(png) as image:
        return np.asarray(image.convert("RGB"), dtype=np.int16)


def panels(image: NDArray[np.int16], colour: tuple[int, int, int]) -> list[Panel]:
    """The connected areas of ``colour`` (within a tolerance for anti-aliasing), largest first."""
    mask = (np.abs(image - np.array(colour)).sum(axis=2) < 60).tolist()
    height, width = len(mask), len(mask[0])
    found: list[Panel] = []
    seen = [[False] * width for _ in range(height)]
    for y in range(height):
        for x in range(width):
            if mask[y][x] and not seen[y][x]:
                found.append(_flood(mask, seen, x, y))
    return sorted(
        (p for p in found if (p.right - p.left) * (p.bottom - p.top) > 50),
        key=lambda p: p.left + p.top * 10_000,
    )


def _flood(mask: list[list[bool]], seen: list[list[bool]], x: int, y: int) -> Panel:
    queue = deque([(x, y)])
    seen[y][x] = True
    left, top, right, bottom = x, y, x, y
    while queue:
        cx, cy = queue.popleft()
        left, right, top, bottom = min(left, cx), max(right, cx), min(top, cy), max(bottom, cy)
        for nx, ny in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
            if 0 <= ny < len(mask) and 0 <= nx < len(mask[0]) and mask[ny][nx] and not seen[ny][nx]:
                seen[ny][nx] = True
                queue.append((nx, ny))
    return Panel(left, top, right, bottom)


def crop_marks(image: NDArray[np.int16], grid: Panel) -> dict[str, int]:
    """How many dark marks each margin outside ``grid`` holds: runs of dark columns above and below
    it, runs of dark rows left and right of it."""
    dark = image.sum(axis=2) < 3 * 140
    return {
        "top": _runs(dark[: grid.top, grid.left - 2 : grid.right + 3].any(axis=0)),
        "bottom": _runs(dark[grid.bottom + 1 :, grid.left - 2 : grid.right + 3].any(axis=0)),
        "left": _runs(dark[grid.top - 2 : grid.bottom + 3, : grid.left].any(axis=1)),
        "right": _runs(dark[grid.top - 2 : grid.bottom + 3, grid.right + 1 :].any(axis=1)),
    }


def _runs(line: NDArray[np.bool_]) -> int:
    values = line.astype(np.int8)
    return int(np.count_nonzero(np.diff(np.concatenate(([0], values))) == 1))


def colour_box(image: NDArray[np.int16], colour: tuple[int, int, int]) -> Panel:
    """The smallest rectangle holding every pixel of ``colour``."""
    rows, columns = np.nonzero(np.abs(image - np.array(colour)).sum(axis=2) < 60)
    return Panel(int(columns.min()), int(rows.min()), int(columns.max()), int(rows.max()))


def around(found: list[Panel], margin: int) -> Panel:
    """The smallest rectangle holding every panel, grown by ``margin`` pixels (the inset and bleed)."""
    return Panel(
        min(p.left for p in found) - margin,
        min(p.top for p in found) - margin,
        max(p.right for p in found) + margin,
        max(p.bottom for p in found) + margin,
    )
