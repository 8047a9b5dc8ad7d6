"""`play --lang` and `simulate --lang`: The Pale Bell's cards and huntkit's own words in Polish, the
English as it was without the option, and a clear refusal of a language the pack does not declare."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from toolkit.cli import run
from toolkit.core.strings.catalogue import LOCALE_DIR, speaking, translations
from toolkit.games.board.companion.render import HELP

REPO = Path(__file__).resolve().parents[2]
PALE_BELL = REPO / "content" / "campaigns" / "the-pale-bell"
SCRIPT = "\n".join(
    [
        "status",
        "move ransacked-house",  # card 5: the widow and her lantern
        "token widow central-lamp",  # escorted: the card's choice
        "choose 1",
        "goals",
        "help",
    ]
)


def transcript(tmp_path: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> str:
    script = tmp_path / "session.txt"
    script.write_text(SCRIPT, encoding="utf-8")
    code = run(["play", str(PALE_BELL), "--hunters", "2", "--script", str(script), *extra])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    return captured.out


def test_the_pale_bell_in_polish_shows_its_cards_goals_and_prompts_in_polish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = transcript(tmp_path, capsys, "--lang", "pl")
    for line in [
        "=== Blady Dzwon ===",
        "=== Rozdział 1: Pierwsze uderzenie (łowcy: 2) ===",
        "Lista przygotowań:",
        "  [ ] Zasady specjalne w grze: karta 1, Dzwonienie w ciemności.",
        "▶ Odkryjcie kartę 2: Dzwon bez sznura (polowanie).",
        "    Cel: zbierzcie wgląd: 1 i zakończcie ruch na: pole oedon-chapel → odkryjcie kartę 3.",
        "▶ Odkryjcie kartę 5: Latarnia wdowy (wgląd).",
        "  Połóżcie żeton typu ocalały ×1 (widow: wdowa) na: pole ransacked-house.",
        "? Wybierzcie: Wdowa podaje wam latarnię. Bierzecie ją?",
        "    1. Weź latarnię",
        "    2. Zostaw jej latarnię i odprowadź ją do domu",
        "  Wybrano: Weź latarnię.",
        "★ Weźcie kartę wglądu 24: Latarnia wdowy. Zebrany wgląd: 1.",
        "karta 2: zbierzcie wgląd: 1 i zakończcie ruch na: pole oedon-chapel → odkryjcie kartę 3",
        "Zgłaszajcie, co wydarzyło się przy stole (polecenia zostają po angielsku):",
    ]:
        assert line in out.splitlines(), line
    # The commands typed stay English, as the help says; the cards' English is gone.
    assert "hunt> token widow central-lamp" in out
    assert "The Bell Without a Rope" not in out and "Setup checklist" not in out


def test_without_lang_the_companion_speaks_english_as_before(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = transcript(tmp_path, capsys)
    assert "▶ Reveal card 2: The Bell Without a Rope (hunt)." in out.splitlines()
    assert "? Choose: She offers you the lantern. Do you take it?" in out.splitlines()
    assert "Dzwon" not in out


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("de", "the pack 'the-pale-bell' does not declare the language 'de' (it declares en, pl)"),
        ("Polish", "'Polish' is not a language code"),
    ],
)
def test_a_language_the_pack_does_not_declare_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], language: str, message: str
) -> None:
    script = tmp_path / "session.txt"
    script.write_text("status\n", encoding="utf-8")
    assert run(["play", str(PALE_BELL), "--hunters", "2", "--script", str(script), "--lang", language]) == 2
    captured = capsys.readouterr()
    assert f"error: --lang: {message}" in captured.err
    assert captured.out == ""


def test_the_simulate_text_report_in_polish_has_the_same_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    common = ["simulate", str(PALE_BELL), "--chapter", "1", "--hunters", "2", "--games", "2", "--seed", "3"]
    assert run(common) == 0
    english = capsys.readouterr().out
    assert run([*common, "--lang", "pl"]) == 0
    polish = capsys.readouterr().out
    assert "odsetek wygranych" in polish and "jak kończyły się gry:" in polish
    assert "win rate" not in polish

    def numbers(text: str) -> list[str]:
        return re.findall(r"\d+(?:\.\d+)?%?", text)

    assert numbers(polish) == numbers(english)
    assert run([*common, "--lang", "pl", "--format", "json"]) == 2
    assert "--lang is for the text report" in capsys.readouterr().err


def _placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w*)\}", text))


def test_every_word_huntkit_marks_has_a_polish_translation_with_the_same_placeholders() -> None:
    marked = {
        message
        for _file, _line, message, _comments, _context in extract_from_dir(
            str(REPO / "toolkit"), keywords={"_": None, "N_": None}
        )
        if isinstance(message, str)
    }
    assert HELP in marked and "Reveal card {card}: {title} ({type})." in marked
    with (LOCALE_DIR / "pl" / "LC_MESSAGES" / "huntkit.po").open("rb") as po:
        catalog = read_po(po)
    polish = {str(m.id): str(m.string) for m in catalog if m.id}
    assert sorted(marked - set(polish)) == []  # every marked word is in the catalogue
    assert sorted(k for k, v in polish.items() if not v.strip()) == []  # and translated
    assert sorted(k for k in polish if k not in marked) == []  # and the catalogue has no stale word
    wrong = {k: v for k, v in polish.items() if _placeholders(k) != _placeholders(v)}
    assert wrong == {}  # `.format()` would raise KeyError at the table


def test_the_catalogue_loads_from_the_package_with_no_build_step() -> None:
    assert translations("pl").gettext("Setup checklist:") == "Lista przygotowań:"
    with speaking("pl"):
        from toolkit.core.strings.catalogue import _

        assert _("Leaving the hunt.") == "Opuszczacie polowanie."
    assert translations("en").gettext("Setup checklist:") == "Setup checklist:"


def test_the_web_companion_shows_the_cards_in_polish() -> None:
    from starlette.testclient import TestClient

    from toolkit.core.pipeline import validate_paths
    from toolkit.core.strings.localise import localised_index
    from toolkit.games.board.web.hub import GameHub
    from toolkit.games.board.web.server import build_app

    result = validate_paths([PALE_BELL])
    index = localised_index(result.index, "pl")
    client = TestClient(build_app(GameHub(index, index.packs["the-pale-bell"], None)), follow_redirects=True)
    page = client.post("/start", data={"campaign": "the-pale-bell", "chapter": "1", "hunters": "2"})
    assert "Pierwsze uderzenie" in page.text and "Dzwon bez sznura" in page.text
    assert "The First Toll" not in page.text
