"""The contents pages for a large pack (two columns, then more pages, every title listed with its
page) and the fetcher that keeps CairoSVG inside the pack."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.printing.faces import face
from toolkit.publish.printing.contents import Entry, Group, contents_pages, page_count
from toolkit.publish.printing.document import PrintOptions, compose
from toolkit.publish.printing.pdf import ReferenceRefused, pack_fetcher
from toolkit.publish.printing.sizes import PAPERS


def _shown(svg: str) -> list[str]:
    return [re.sub(r"&amp;", "&", text) for text in re.findall(r"<text[^>]*>([^<]*)</text>", svg)]


def test_a_long_contents_fills_two_columns_then_continues_on_more_pages() -> None:
    entries = tuple(Entry(f"Card number {n} with a title", n // 9 + 3) for n in range(300))
    groups = [Group("Enemy: 300 cards, 63 × 88 mm", entries)]
    pages = contents_pages(PAPERS["a4"], "Big Pack", ["Printed with: everything."], groups)
    assert len(pages) == page_count(PAPERS["a4"], ["Printed with: everything."], groups) == 3
    shown = [line for page in pages for line in _shown(page)]
    assert shown[0] == "Big Pack" and "Big Pack (continued)" in _shown(pages[1])
    for entry in entries:
        assert f"p. {entry.page}  {entry.title}" in shown
    columns = {float(x) for x in re.findall(r'<text x="([0-9.]+)"', pages[0])}
    assert len(columns) == 2  # the left margin (title, header, left column) and the right column


def test_a_title_too_long_for_its_column_wraps_under_itself() -> None:
    title = "A very long card title that goes on and on well past the width of one contents column"
    page = contents_pages(PAPERS["letter"], "T", [], [Group("Enemy: 1 card", (Entry(title, 3),))])[0]
    shown = _shown(page)
    start = next(n for n, line in enumerate(shown) if line.startswith("p. 3  "))
    rest = shown[start + 1 :]
    assert len(rest) >= 1 and all(line.startswith("      ") for line in rest)
    assert " ".join(" ".join([shown[start][6:], *rest]).split()) == title


def test_page_numbers_in_the_contents_count_the_contents_and_the_backs() -> None:
    faces = [face("enemy", n) for n in range(1, 21)]
    printout = compose("T", faces, PrintOptions(backs=True))
    shown = _shown(printout.pages[0])
    assert printout.contents_pages == 2
    assert "p. 3  Enemy 9" in shown and "p. 5  Enemy 10" in shown and "p. 7  Enemy 19" in shown
    assert len(printout.pages) == 2 + 3 * 2


def test_card_forces_one_size_on_every_face() -> None:
    faces = [face("enemy", n) for n in range(1, 18)]
    printout = compose("T", faces, PrintOptions(card="mini"))
    assert [len(sheet.faces) for sheet in printout.sheets] == [16, 1]
    assert all(sheet.layout.card.width == 44.0 for sheet in printout.sheets)


def test_the_fetcher_reads_data_urls_and_the_pack_s_files_only(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    (pack / "art").mkdir(parents=True)
    (pack / "art" / "bell.png").write_bytes(b"\x89PNG art")
    (tmp_path / "secret.txt").write_text("not the pack's", encoding="utf-8")
    fetch = pack_fetcher(pack)
    assert fetch("data:text/plain;base64,aGk=", "image/*") == b"hi"
    assert fetch(f"file://{pack}/art/bell.png", "image/*") == b"\x89PNG art"
    for outside in (
        f"file://{pack}/../secret.txt",
        f"file://{tmp_path}/secret.txt",
        "file:///etc/passwd",
        "https://example.org/art.png",
        f"file://{pack}/art",
    ):
        with pytest.raises(ReferenceRefused):
            fetch(outside, "image/*")


def test_a_link_in_the_pack_to_a_file_outside_it_is_refused(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    pack.mkdir()
    (tmp_path / "secret.txt").write_text("not the pack's", encoding="utf-8")
    (pack / "art.png").symlink_to(tmp_path / "secret.txt")
    with pytest.raises(ReferenceRefused, match="not a file inside the pack"):
        pack_fetcher(pack)(f"file://{pack}/art.png", "image/*")


def test_a_machine_without_cairo_gets_an_install_hint_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import builtins

    from toolkit.publish.printing import pdf

    real_import = builtins.__import__

    def no_cairo(name: str, *args: object, **kwargs: object) -> object:
        if name.startswith("cairosvg"):
            raise OSError('no library called "cairo-2" was found')
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_cairo)
    with pytest.raises(pdf.MissingCairo, match="apt-get install libcairo2"):
        pdf.render_page("<svg xmlns='http://www.w3.org/2000/svg'/>", pdf.pack_fetcher(Path(".")))
