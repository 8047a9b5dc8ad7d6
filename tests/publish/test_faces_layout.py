"""Text measurement and fitting: fixed widths, wrap, shrink to a minimum, then cut and report."""

from __future__ import annotations

from toolkit.publish.faces.layout import ELLIPSIS, Style, fit, wrap
from toolkit.publish.faces.metrics import UNKNOWN_WIDTH, advance, text_width


def test_widths_are_helvetica_advances_without_any_font() -> None:
    # H e l l o in Helvetica's AFM: 722 + 556 + 222 + 222 + 556 = 2278 per 1000 em.
    assert text_width("Hello", 10) == 22.78
    assert text_width("Hello", 10, bold=True) == (722 + 556 + 278 + 278 + 611) / 100
    assert advance("é") == advance("e")  # an accented letter is measured as its base letter
    assert advance("字") == UNKNOWN_WIDTH  # unknown scripts are over-, never under-estimated


def test_wrap_breaks_at_spaces_within_the_width() -> None:
    lines = wrap("Quick Swipe deals two damage to the hunter", 20.0, 3.0)
    assert len(lines) > 1
    assert all(text_width(line, 3.0) <= 20.0 for line in lines)
    assert " ".join(lines) == "Quick Swipe deals two damage to the hunter"


def test_a_word_wider_than_the_line_is_broken_between_characters() -> None:
    lines = wrap("Supercalifragilisticexpialidocious", 10.0, 3.0)
    assert "".join(lines) == "Supercalifragilisticexpialidocious"
    assert all(text_width(line, 3.0) <= 10.0 for line in lines)


def test_text_that_fits_keeps_its_size() -> None:
    fitted = fit("Stagger.", 30.0, 10.0, Style(3.0, 2.0))
    assert fitted.fits and fitted.size == 3.0 and fitted.lines == ("Stagger.",)


def test_longer_text_shrinks_before_it_overflows() -> None:
    text = "Each time you deal a killing blow, all your unbanked Blood Echoes become banked."
    fitted = fit(text, 30.0, 8.0, Style(3.0, 1.8))
    assert fitted.fits
    assert 1.8 <= fitted.size < 3.0
    assert " ".join(fitted.lines) == text


def test_text_too_long_at_the_minimum_is_cut_with_an_ellipsis_and_not_fitting() -> None:
    text = "word " * 200
    fitted = fit(text, 30.0, 8.0, Style(3.0, 1.8))
    assert not fitted.fits
    assert fitted.size == 1.8
    assert fitted.lines[-1].endswith(ELLIPSIS)
    assert fitted.needed_lines > len(fitted.lines)


def test_max_lines_limits_a_title() -> None:
    fitted = fit(
        "The Hunter of Hunters Who Hunts the Hunt", 20.0, 100.0, Style(4.0, 3.5, bold=True, max_lines=2)
    )
    assert len(fitted.lines) <= 2
