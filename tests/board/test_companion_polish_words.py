"""The companion's rejections, reward wording and attack changes in Polish under `--lang pl`, and
the English exactly as it was without it."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from toolkit.cli import run
from toolkit.core.pipeline import validate_paths
from toolkit.core.strings.catalogue import speaking
from toolkit.core.strings.localise import localised_index
from toolkit.games.board.interpreter.book import CampaignBook, book_from_index
from toolkit.games.board.interpreter.wording import modifier_text, reward_text
from toolkit.games.board.mission import effects as e

REPO = Path(__file__).resolve().parents[2]
PALE_BELL = REPO / "content" / "campaigns" / "the-pale-bell"


@cache
def book(language: str) -> CampaignBook:
    result = validate_paths([PALE_BELL])
    index = localised_index(result.index, language) if language != "en" else result.index
    return book_from_index(index, result.packs[0].id, None)


def said(language: str, script: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    path = tmp_path / "session.txt"
    path.write_text(script, encoding="utf-8")
    options = ["--lang", language] if language != "en" else []
    code = run(["play", str(PALE_BELL), "--hunters", "2", "--script", str(path), *options])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    return captured.out.splitlines()


def test_asking_for_the_next_chapter_mid_chapter_is_refused_in_polish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert "Nie teraz: rozdział 1 wciąż trwa." in said("pl", "next\nquit\n", tmp_path, capsys)
    assert "Not now: chapter 1 is still being played." in said("en", "next\nquit\n", tmp_path, capsys)


def test_a_hunter_count_outside_the_game_is_refused_in_polish(capsys: pytest.CaptureFixture[str]) -> None:
    for options, refusal in (
        (["--lang", "pl"], "error: łowcy: 5; w grę planszową gra od 1 do 4 łowców"),
        ([], "error: 5 hunters: the board game is for 1 to 4 hunters"),
    ):
        assert run(["play", str(PALE_BELL), "--hunters", "5", *options]) == 2
        assert capsys.readouterr().err.strip() == refusal


@pytest.mark.parametrize(
    ("reward", "english", "polish"),
    [
        (
            {"blood_echoes": {"amount": 2, "to": "each-hunter"}},
            "2 Blood Echoes to each hunter",
            "2 × krwawe echo dla każdego łowcy",
        ),
        (
            {"blood_echoes": {"amount": 1, "to": "acting-hunter"}},
            "1 Blood Echo to the acting hunter",
            "1 krwawe echo dla działającego łowcy",
        ),
        (
            {"upgrades": {"amount": 1, "to": "one-hunter"}},
            "1 upgrade to one hunter",
            "1 ulepszenie dla jednego łowcy",
        ),
        (
            {"gain_reward": {"card": "beast-roar", "to": "one-hunter"}},
            # The Pale Bell alone does not hold the core card: its id stands for its name.
            "the reward card beast-roar to one hunter",
            "karta nagrody beast-roar dla jednego łowcy",
        ),
    ],
)
def test_a_reward_is_worded_in_polish_and_its_english_is_unchanged(
    reward: dict[str, object], english: str, polish: str
) -> None:
    kinds = {kind.verb: kind for kind in (e.BloodEchoes, e.Upgrades, e.GainReward)}
    (verb,) = reward
    model = kinds[verb].model_validate(reward)
    assert reward_text(model, 2, book("en")) == english
    with speaking("pl"):
        assert reward_text(model, 2, book("pl")) == polish


def test_an_attack_change_is_worded_in_polish_and_its_english_is_unchanged() -> None:
    change = e.ChangeAttack.model_validate(
        {"change_attack": {"target": {"enemy": "scourge-beast"}, "damage": 1, "speed": -1}}
    )
    # The selector of an enemy by id is its id in both languages.
    assert (
        modifier_text(change, 2) == "scourge-beast attacks: damage +1, speed -1 while this card is in play."
    )
    with speaking("pl"):
        polish = modifier_text(change, 2)
    assert polish == "scourge-beast — ataki: obrażenia +1, szybkość -1, dopóki ta karta jest w grze."


def test_a_boss_reported_slain_before_it_is_brought_in_is_refused_in_polish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = "slain cleric-beast\nquit\n"
    assert (
        "Nie zastosowano: bossa 'cleric-beast' nie ma na mapie; bossa wprowadza do gry tylko karta misji."
        in said("pl", script, tmp_path, capsys)
    )
    english = said("en", script, tmp_path, capsys)
    assert any(
        "the boss 'cleric-beast' is not on the map; only a mission card brings a boss in" in x
        for x in english
    )
