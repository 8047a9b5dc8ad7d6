"""Hostile input to `huntkit play` (the companion) and `huntkit simulate` on the board game: every bad
option, save or line is a message (exit 2 for options and saves), never an internal error, and a save
is never lost or overwritten by one that does not fit."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.__main__ import main

REPO = Path(__file__).resolve().parents[2]
PALE_BELL = str(REPO / "content" / "campaigns" / "the-pale-bell")


def refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """Run huntkit, expect exit 2 with no internal error, and return standard error."""
    assert main(list(args)) == 2
    captured = capsys.readouterr()
    for text in (captured.out, captured.err):
        assert "internal error" not in text.lower() and "Traceback" not in text
    return captured.err


# --- simulate ------------------------------------------------------------------------------------


def test_simulate_chapter_0_is_refused_rather_than_playing_every_chapter(
    capsys: pytest.CaptureFixture[str],
) -> None:
    err = refused(capsys, "simulate", PALE_BELL, "--chapter", "0", "--games", "1")
    assert "campaign `the-pale-bell` has no chapter 0" in err
    assert capsys.readouterr().out == ""


def test_simulate_refuses_an_enormous_game_count_before_playing(capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(capsys, "simulate", PALE_BELL, "--games", str(2**70))
    assert "--games must be 1 to 100,000" in err
