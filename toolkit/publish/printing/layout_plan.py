"""Which sheets a set of faces needs: cards grouped by size, each group laid out on its own sheets."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from toolkit.publish.printing.faces import Face
from toolkit.publish.printing.imposition import Layout, layout
from toolkit.publish.printing.sizes import Size


@dataclass(frozen=True)
class Sheet:
    """One sheet of paper: its layout and the faces on its front, in slot order."""

    layout: Layout
    faces: tuple[Face, ...]


def cut_size(face: Face, forced: Size | None) -> Size:
    """The size a face is cut at: ``--card`` when given, else the size the face declares."""
    return forced if forced is not None else Size(float(face.width_mm), float(face.height_mm))


def plan_sheets(
    faces: Sequence[Face], paper: Size, paper_name: str, forced: Size | None, bleed: float
) -> list[Sheet]:
    """The sheets for ``faces``: cards of one size share sheets (whatever their kind), in the order
    the sizes first appear; a :class:`LayoutError` for a size that does not fit the paper."""
    by_size: dict[tuple[float, float], list[Face]] = {}
    for face in faces:
        size = cut_size(face, forced)
        by_size.setdefault((round(size.width, 3), round(size.height, 3)), []).append(face)
    sheets: list[Sheet] = []
    for (width, height), group in by_size.items():
        grid = layout(paper, Size(width, height), bleed, paper_name=paper_name)
        for start in range(0, len(group), grid.per_sheet):
            sheets.append(Sheet(grid, tuple(group[start : start + grid.per_sheet])))
    return sheets
