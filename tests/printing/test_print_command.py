"""`huntkit print` on the command line: The Pale Bell printed and read back page by page, and every
option and output mistake a clear error with its exit code, leaving an earlier print as it was."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.poppler import page_count, page_text
from tests.site.conftest import BROKEN_PACK
from toolkit.cli import run
from toolkit.publish.faces import faces_for_pack

PALE_BELL = Path(__file__).resolve().parents[2] / "content" / "campaigns" / "the-pale-bell"


@pytest.fixture(scope="module")
def pale_bell(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("print") / "pale-bell.pdf"
    assert run(["print", str(PALE_BELL), "--backs", "--out", str(out)]) == 0
    return out


def _words(text: str) -> str:
    """Text as one line, a title wrapped at a hyphen (``Hair-`` / ``Rope``) joined again."""
    return re.sub(r"-\s+", "-", " ".join(text.split()))


def test_the_pale_bell_prints_every_card_on_the_page_the_contents_names(pale_bell: Path) -> None:
    faces = faces_for_pack(PALE_BELL)
    assert faces, "The Pale Bell has cards to print"
    contents = _words(page_text(pale_bell, 1))
    sheets = (page_count(pale_bell) - 2) // 2  # contents and its blank back, then front and back
    assert page_count(pale_bell) == 2 + 2 * sheets
    fronts = {page: _words(page_text(pale_bell, page)) for page in range(3, 3 + 2 * sheets, 2)}
    for card in faces:
        on = [page for page, text in fronts.items() if f"p. {page} {card.title}" in contents]
        assert on, f"{card.title} is not in the contents"
        assert card.title in fronts[on[0]], f"{card.title} is not on page {on[0]}"


def test_the_summary_names_the_cards_and_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "cards.pdf"
    assert run(["print", str(PALE_BELL), "--paper", "letter", "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert said.startswith("printed ") and str(out) in said
    assert out.read_bytes().startswith(b"%PDF-")


def test_an_earlier_print_is_replaced_but_a_file_of_the_user_s_is_not(
    tmp_path: Path, pale_bell: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    earlier = tmp_path / "earlier.pdf"
    earlier.write_bytes(pale_bell.read_bytes())
    assert run(["print", str(PALE_BELL), "--out", str(earlier)]) == 0
    assert earlier.read_bytes() != pale_bell.read_bytes()  # no --backs this time: fewer pages
    mine = tmp_path / "thesis.pdf"
    mine.write_bytes(b"%PDF-1.7\n% a document the user wrote\n")
    capsys.readouterr()
    assert run(["print", str(PALE_BELL), "--out", str(mine)]) == 2
    assert "is not a PDF that `huntkit print` wrote; it is left as it is" in capsys.readouterr().err
    assert mine.read_bytes() == b"%PDF-1.7\n% a document the user wrote\n"


def test_a_failed_print_leaves_the_earlier_one_whole(
    tmp_path: Path, pale_bell: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    earlier = tmp_path / "cards.pdf"
    earlier.write_bytes(pale_bell.read_bytes())
    real = faces_for_pack(PALE_BELL)[0]
    broken = type(real)(**{**{name: getattr(real, name) for name in real.__slots__}, "front_svg": "<svg"})

    def faces_of(*args: object, **kwargs: object) -> list[object]:
        return [real, broken]

    monkeypatch.setattr("toolkit.publish.printing.gather.faces_of", faces_of)
    assert run(["print", str(PALE_BELL), "--out", str(earlier)]) == 1
    err = capsys.readouterr().err
    assert f"error: the front of {real.kind} {real.id} ({real.source}) cannot be printed" in err
    assert "Traceback" not in err
    assert earlier.read_bytes() == pale_bell.read_bytes()
    assert [path.name for path in tmp_path.iterdir()] == ["cards.pdf"]  # no temporary file left


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--paper", "a3"], "error: --paper must be one of a4, letter, not 'a3'"),
        (["--card", "huge"], "error: --card must be one of poker, tarot, mini, not 'huge'"),
        (["--bleed", "-1"], "error: --bleed must be 0 to 5 mm, not -1"),
        (["--bleed", "nan"], "error: --bleed must be 0 to 5 mm, not nan"),
        (["--bleed", "6"], "error: --bleed must be 0 to 5 mm, not 6"),
        (["--lang", "de"], "error: --lang de: the pack declares en, pl; give one of them"),
        (
            ["--kinds", "npc-enemy,bogus"],
            "error: --kinds: the pack has no bogus cards; its kinds of card are",
        ),
        (["--kinds", "enemy"], "error: --kinds: the pack has no enemy cards; its kinds of card are "),
    ],
)
def test_a_bad_option_is_a_usage_error(
    tmp_path: Path, arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "cards.pdf"
    assert run(["print", str(PALE_BELL), *arguments, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert not out.exists()


@pytest.mark.parametrize(
    ("out", "message"),
    [
        ("missing-folder/cards.pdf", "error: --out: the folder"),
        ("cards.txt", "error: --out: {tmp}/cards.txt does not end in .pdf"),
        (".", "error: --out: . does not end in .pdf"),
    ],
)
def test_an_out_that_cannot_be_written_is_a_usage_error(
    tmp_path: Path,
    out: str,
    message: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    target = out if out == "." else str(tmp_path / out)
    assert run(["print", str(PALE_BELL), "--out", target]) == 2
    assert message.format(tmp=tmp_path) in capsys.readouterr().err


def test_out_must_be_given(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["print", str(PALE_BELL)]) == 2
    assert "--out" in capsys.readouterr().err


def test_a_pack_with_errors_is_not_printed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "cards.pdf"
    assert run(["print", str(BROKEN_PACK), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert "error: the pack has errors; fix them before printing" in err and "BB" in err
    assert not out.exists()


def test_a_folder_that_is_no_pack_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["print", str(tmp_path / "nowhere"), "--out", str(tmp_path / "cards.pdf")]) == 2
    assert "error:" in capsys.readouterr().err


def test_no_spoilers_prints_the_pale_bell_without_its_mission_and_insight_cards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "table.pdf"
    assert run(["print", str(PALE_BELL), "--no-spoilers", "--lang", "en", "--out", str(out)]) == 0
    spoilers = [card for card in faces_for_pack(PALE_BELL) if card.spoiler]
    assert spoilers
    said = capsys.readouterr().out
    assert f"{len(spoilers)} spoiler cards left out" in said
    everything = _words("".join(page_text(out, page) for page in range(1, page_count(out) + 1)))
    assert f"spoiler cards left out: {len(spoilers)}" in everything and "language en" in everything
    assert not [card.title for card in spoilers if card.title in everything]


def test_print_help_lists_its_options_and_examples(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["print", "--help"]) == 0
    shown = capsys.readouterr().out
    for option in ("--out", "--kinds", "--paper", "--card", "--bleed", "--backs", "--lang", "--no-spoilers"):
        assert option in shown
    assert "huntkit print content/campaigns/the-pale-bell --out pale-bell.pdf" in shown


def test_the_summary_counts_what_has_no_card_face(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "cards.pdf"
    assert run(["print", str(PALE_BELL), "--out", str(out)]) == 0
    said = capsys.readouterr().out
    # The Pale Bell's chapters and scenario tests are documents without a face: counted, not silent.
    assert "; not printed (no card face): " in said
    assert "(campaign ×1, chapter ×3, rule-scenario ×13, scenario ×36)" in said
    assert run(["print", str(PALE_BELL), "--kinds", "npc-enemy", "--out", str(out)]) == 0
    assert "not printed" not in capsys.readouterr().out  # --kinds chose: nothing left unsaid
