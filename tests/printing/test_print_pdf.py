"""The printed PDF as a person sees it: pages rendered to PNG by pdftoppm (cards counted by their
panels, crop marks counted in the margins, backs found behind their fronts) and read by pdftotext
(every card's title on its page, the contents listing what is printed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.poppler import page_count, page_text, pages_as_png
from tests.printing.faces import MadeFace, face
from tests.printing.sheets_seen import BACK, FRONT, around, colour_box, crop_marks, panels, pixels
from toolkit.publish.printing.document import PrintOptions
from toolkit.publish.printing.runner import PrintError, PrintUsageError, make_pdf

DPI = 50
MM = DPI / 25.4


def _faces() -> list[MadeFace]:
    missions = [face("mission-card", n, spoiler=True) for n in range(1, 4)]
    enemies = [face("enemy", n) for n in range(1, 9)]
    enemies[0] = face("enemy", 1, title="Zażółć gęślą jaźń")
    stats = [face("stat", n, size=(44.0, 63.0)) for n in range(1, 3)]
    return [*missions, *enemies, *stats]


def _print(tmp_path: Path, faces: list[MadeFace], options: PrintOptions) -> Path:
    data, _ = make_pdf("Test Pack", list(faces), options, tmp_path)
    out = tmp_path / "cards.pdf"
    out.write_bytes(data)
    return out


@pytest.fixture(scope="module")
def duplex(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Path]]:
    folder = tmp_path_factory.mktemp("duplex")
    pdf = _print(folder, _faces(), PrintOptions(backs=True))
    return pdf, pages_as_png(pdf, folder, DPI)


def test_duplex_pages_are_contents_and_blank_then_each_sheet_front_and_back(
    duplex: tuple[Path, list[Path]],
) -> None:
    pdf, pngs = duplex
    # 11 poker-size cards: 9 + 2 on two sheets; 2 mini cards on a third; contents padded to 2 pages.
    assert page_count(pdf) == len(pngs) == 2 + 3 * 2
    counted = [(len(panels(pixels(png), FRONT)), len(panels(pixels(png), BACK))) for png in pngs]
    assert counted == [(0, 0), (0, 0), (9, 0), (0, 9), (2, 0), (0, 2), (2, 0), (0, 2)]


def test_cards_come_out_at_their_size_on_the_paper_named(duplex: tuple[Path, list[Path]]) -> None:
    _, pngs = duplex
    image = pixels(pngs[2])
    height, width = image.shape[:2]
    assert abs(height - 297 * MM) < 1 and abs(width - 210 * MM) < 1  # A4, portrait
    for panel in panels(image, FRONT):  # the 63 × 88 mm cards' panels, inset 2 mm on each side
        assert abs(panel.right - panel.left + 1 - (63 - 4) * MM) <= 1.5
        assert abs(panel.bottom - panel.top + 1 - (88 - 4) * MM) <= 1.5
    mini = panels(pixels(pngs[6]), FRONT)
    assert [round((p.right - p.left + 1) / MM) for p in mini] == [44 - 4, 44 - 4]


def test_every_card_title_is_on_its_page(duplex: tuple[Path, list[Path]]) -> None:
    pdf, _ = duplex
    faces = _faces()
    on_page = {3: faces[:9], 5: faces[9:11], 7: faces[11:]}
    for page, printed in on_page.items():
        text = page_text(pdf, page)
        for card in printed:
            assert card.title in text, (page, card.title)
        others = [card for card in faces if card not in printed]
        assert not [card.title for card in others if card.title in text.split("\n")]
    assert "Back 1" in page_text(pdf, 4)


def test_a_back_is_printed_behind_its_front(duplex: tuple[Path, list[Path]]) -> None:
    _, pngs = duplex
    width = pixels(pngs[4]).shape[1]
    fronts = panels(pixels(pngs[4]), FRONT)  # page 5: two cards in the first row, left to right
    backs = panels(pixels(pngs[5]), BACK)
    assert len(fronts) == len(backs) == 2
    for front in fronts:
        mirrored = (width - 1 - front.right, width - 1 - front.left)
        assert any(abs(back.left - mirrored[0]) <= 2 and abs(back.right - mirrored[1]) <= 2 for back in backs)
    # The first card's back is in the right-hand column, the second's in the middle one.
    assert [back.left > width / 2 for back in backs] == [False, True]


def test_crop_marks_are_outside_the_cards_at_every_cut_line(duplex: tuple[Path, list[Path]]) -> None:
    _, pngs = duplex
    image = pixels(pngs[2])
    grid = around(panels(image, FRONT), round(2 * MM) + 1)
    # 3 × 3 butted cards: 4 cut lines each way, a mark at both ends of each.
    assert crop_marks(image, grid) == {"top": 4, "bottom": 4, "left": 4, "right": 4}


def test_bleed_spaces_the_cards_and_doubles_the_cut_lines(tmp_path: Path) -> None:
    pdf = _print(tmp_path, _faces()[3:12], PrintOptions(bleed=1.0))
    image = pixels(pages_as_png(pdf, tmp_path, 150)[1])
    # Mirrored bleed runs the panels' colour to the bleed edge, so neighbours' panels touch in
    # the gutter: the grid is one coloured area, and the marks show the two cut lines per gutter.
    grid = around([colour_box(image, FRONT)], round(3 * 150 / 25.4) + 1)  # the inset and the bleed
    assert crop_marks(image, grid) == {"top": 6, "bottom": 6, "left": 6, "right": 6}


def test_contents_lists_kinds_counts_titles_pages_and_options(duplex: tuple[Path, list[Path]]) -> None:
    pdf, _ = duplex
    text = " ".join(page_text(pdf, 1).split())
    assert "Test Pack" in text
    assert "Mission card: 3 cards, 63 × 88 mm" in text
    assert "Enemy: 8 cards, 63 × 88 mm" in text
    assert "Stat: 2 cards, 44 × 63 mm" in text
    assert "p. 3 Mission card 1" in text and "p. 5 Enemy 8" in text and "p. 7 Stat 2" in text
    assert "paper A4 (210 × 297 mm)" in text and "bleed 0 mm" in text
    assert "backs on the page after each sheet" in text and "spoiler cards included" in text
    assert "Cards: 13 (mission card 3, enemy 8, stat 2) on 3 sheets, 8 pages in all." in text
    assert page_text(pdf, 2).strip() == ""


def test_no_spoilers_leaves_the_spoiler_cards_out_and_says_so(tmp_path: Path) -> None:
    pdf = _print(tmp_path, _faces(), PrintOptions(spoilers=False, paper="letter", card="poker"))
    assert page_count(pdf) == 1 + 2  # 10 cards, all poker size: 9 and 1, no backs
    text = " ".join(page_text(pdf, 1).split())
    assert "spoiler cards left out: 3" in text and "Mission card" not in text
    assert "paper Letter (215.9 × 279.4 mm)" in text and "all cards poker size (63.5 × 88.9 mm)" in text
    everything = page_text(pdf, 2) + page_text(pdf, 3)
    assert "Mission card 1" not in everything and "Stat 2" in everything


def test_nothing_left_to_print_is_an_error(tmp_path: Path) -> None:
    only_spoilers = [face("mission-card", 1, spoiler=True)]
    with pytest.raises(PrintError, match="no cards to print"):
        make_pdf("T", list(only_spoilers), PrintOptions(spoilers=False), tmp_path)


def test_a_face_that_refers_outside_the_pack_is_refused(tmp_path: Path) -> None:
    outside = tmp_path.parent / "secret.png"
    card = face("enemy", 1)
    sneaky = MadeFace(
        **{
            **card.__dict__,
            "front_svg": card.front_svg.replace(
                "</svg>", f'<image href="file://{outside}" width="5" height="5"/></svg>'
            ),
        }
    )
    with pytest.raises(PrintError, match=r"page 2 could not be drawn: a face refers to .*secret\.png"):
        make_pdf("T", [sneaky], PrintOptions(), tmp_path)


def test_a_face_that_is_not_svg_names_its_page(tmp_path: Path) -> None:
    card = face("enemy", 1)
    broken = MadeFace(**{**card.__dict__, "front_svg": "<svg"})
    with pytest.raises(
        PrintError, match=r"the front of enemy enemy-1 \(enemy.yaml:1\) cannot be printed: it is not"
    ):
        make_pdf("T", [broken], PrintOptions(), tmp_path)


def test_a_face_larger_than_the_paper_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(PrintUsageError, match=r"a 200 × 280 mm card with 0 mm bleed does not fit on Letter"):
        make_pdf("T", [face("map", 1, size=(200.0, 280.0))], PrintOptions(paper="letter"), tmp_path)
