"""Where cards go on a sheet: how many fit, crop marks outside every card and inside what a printer
prints, and backs that land behind their fronts when the paper is turned over its long edge."""

from __future__ import annotations

import pytest

from toolkit.publish.printing.imposition import Layout, LayoutError, layout
from toolkit.publish.printing.sizes import CARD_SIZES, MIN_MARK_MM, PAPERS, PRINTER_MARGIN_MM, Size


@pytest.mark.parametrize(
    ("paper", "card", "bleed", "columns", "rows"),
    [
        ("a4", "poker", 0, 3, 3),
        ("letter", "poker", 0, 3, 3),
        ("a4", "poker", 1, 3, 3),
        ("a4", "poker", 3, 2, 2),
        ("letter", "poker", 1, 3, 2),
        ("a4", "tarot", 0, 2, 2),
        ("letter", "tarot", 0, 2, 2),
        ("a4", "mini", 0, 4, 4),
        ("letter", "mini", 0, 4, 4),
        ("a4", "mini", 2, 4, 4),
    ],
)
def test_cards_per_sheet_for_each_paper_and_card_size(
    paper: str, card: str, bleed: float, columns: int, rows: int
) -> None:
    grid = layout(PAPERS[paper], CARD_SIZES[card], bleed)
    assert (grid.columns, grid.rows) == (columns, rows)


def _grids() -> list[Layout]:
    return [
        layout(PAPERS[paper], CARD_SIZES[card], bleed)
        for paper in PAPERS
        for card in CARD_SIZES
        for bleed in (0, 1.5, 3)
    ]


@pytest.mark.parametrize("grid", _grids(), ids=lambda g: f"{g.paper.label()}-{g.card.label()}-{g.bleed}")
def test_every_card_and_mark_is_inside_what_a_printer_prints(grid: Layout) -> None:
    paper = grid.paper
    for index in range(grid.per_sheet):
        slot = grid.front_slot(index)
        assert slot.x - slot.bleed >= PRINTER_MARGIN_MM and slot.y - slot.bleed >= PRINTER_MARGIN_MM
        assert slot.x + slot.width + slot.bleed <= paper.width - PRINTER_MARGIN_MM
        assert slot.y + slot.height + slot.bleed <= paper.height - PRINTER_MARGIN_MM
    for mark in grid.marks():
        for x, y in ((mark.x1, mark.y1), (mark.x2, mark.y2)):
            assert PRINTER_MARGIN_MM - 1e-6 <= x <= paper.width - PRINTER_MARGIN_MM + 1e-6
            assert PRINTER_MARGIN_MM - 1e-6 <= y <= paper.height - PRINTER_MARGIN_MM + 1e-6
        assert abs(mark.x2 - mark.x1) + abs(mark.y2 - mark.y1) >= MIN_MARK_MM - 1e-6


@pytest.mark.parametrize("grid", _grids(), ids=lambda g: f"{g.paper.label()}-{g.card.label()}-{g.bleed}")
def test_crop_marks_touch_no_card_or_its_bleed(grid: Layout) -> None:
    areas = [grid.front_slot(index) for index in range(grid.per_sheet)]
    for mark in grid.marks():
        for slot in areas:
            left, top = slot.x - slot.bleed, slot.y - slot.bleed
            right, bottom = slot.x + slot.width + slot.bleed, slot.y + slot.height + slot.bleed
            inside_x = left <= min(mark.x1, mark.x2) and max(mark.x1, mark.x2) <= right
            inside_y = top <= min(mark.y1, mark.y2) and max(mark.y1, mark.y2) <= bottom
            overlaps_x = min(mark.x1, mark.x2) < right and max(mark.x1, mark.x2) > left
            overlaps_y = min(mark.y1, mark.y2) < bottom and max(mark.y1, mark.y2) > top
            assert not (overlaps_x and overlaps_y), (mark, slot)
            assert not (inside_x and inside_y)


def test_each_cut_line_has_a_mark_at_both_ends() -> None:
    grid = layout(PAPERS["a4"], CARD_SIZES["poker"], 0)
    xs, ys = grid.cut_lines()
    assert len(xs) == 4 and len(ys) == 4  # three cards butted: shared cut lines counted once
    assert len(grid.marks()) == 2 * 4 + 2 * 4
    with_bleed = layout(PAPERS["a4"], CARD_SIZES["poker"], 1)
    assert [len(lines) for lines in with_bleed.cut_lines()] == [6, 6]
    assert len(with_bleed.marks()) == 24


@pytest.mark.parametrize("grid", _grids(), ids=lambda g: f"{g.paper.label()}-{g.card.label()}-{g.bleed}")
def test_a_back_lands_behind_its_front_on_a_long_edge_flip(grid: Layout) -> None:
    for index in range(grid.per_sheet):
        front, back = grid.front_slot(index), grid.back_slot(index)
        # Turned over the long (vertical) edge, a point at x is seen at paper width - x.
        assert back.x == pytest.approx(grid.paper.width - front.x - front.width)
        assert back.y == pytest.approx(front.y)


def test_the_first_card_s_back_is_in_the_last_column() -> None:
    grid = layout(PAPERS["a4"], CARD_SIZES["poker"], 0)
    assert grid.back_slot(0) == grid.front_slot(2)
    assert grid.back_slot(4) == grid.front_slot(4)
    assert grid.back_slot(8) == grid.front_slot(6)


def test_a_card_too_large_for_the_paper_is_refused_with_the_way_out() -> None:
    with pytest.raises(LayoutError, match=r"does not fit on A4 .* use a smaller --card"):
        layout(PAPERS["a4"], Size(200.0, 290.0), 0, paper_name="A4")
