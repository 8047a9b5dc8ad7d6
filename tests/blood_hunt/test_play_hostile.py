"""Hostile input to `huntkit play` and `huntkit simulate` on Blood Hunt: every bad option, save or
answer is a message and exit 2 (or a re-ask), never an internal error, and a save is never lost."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.blood_hunt.helpers import CONTENT
from toolkit.__main__ import main

HUGE = str(2**70)


def refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """Run huntkit, expect exit 2 with no internal error, and return standard error."""
    assert main(list(args)) == 2
    err = capsys.readouterr().err
    assert "internal error" not in err and "Traceback" not in err
    return err


# --- simulate ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (("--games", HUGE), "--games must be 1 to 100,000"),
        (("--games", "100001"), "--games must be 1 to 100,000, not 100001"),
        (("--workers", HUGE), "--workers must be 1 to 256"),
        (("--workers", "0"), "--workers must be 1 to 256, not 0"),
        (("--players", "2..1000000000"), "1000000000 is not a player count (at most 99)"),
        (("--players", "٣"), "is not a count, a range like 2..4"),
        (("--bot", ",,"), "--bot needs at least one bot name"),
        (("--bot", "search:100000000"), "bot 'search:100000000': the search bot takes 1 to 1000 samples"),
    ],
)
def test_simulate_refuses_sizes_it_could_not_run_at_once(
    capsys: pytest.CaptureFixture[str], extra: tuple[str, ...], message: str
) -> None:
    assert message in refused(capsys, "simulate", str(CONTENT), *extra)


def test_simulate_with_more_workers_than_games_gives_the_one_worker_report(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["simulate", str(CONTENT), "--players", "2", "--games", "2", "--bot", "random", "--format", "json"]
    assert main(args) == 0
    alone = capsys.readouterr().out
    assert main([*args, "--workers", "64"]) == 0
    assert capsys.readouterr().out == alone


# --- play: options -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (("--players", "0"), "this set-up supports 2, 3, 4 players, not 0"),
        (("--bot", ",,"), "--bot needs at least one bot name"),
        (("--bot", "heuristic:xyz"), "bot 'heuristic:xyz': only search takes a sample count"),
        (("--bot", "nonsense"), "unknown bot 'nonsense'"),
        (("--bot", "heuristic,search:1001"), "bot 'search:1001': the search bot takes 1 to 1000 samples"),
    ],
)
def test_play_refuses_a_table_it_cannot_seat(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, extra: tuple[str, ...], message: str
) -> None:
    script = tmp_path / "answers.txt"
    script.write_text("q\n", encoding="utf-8")
    assert message in refused(capsys, "play", str(CONTENT), "--script", str(script), *extra)


# --- play: saves ---------------------------------------------------------------------------------


@pytest.fixture
def saved(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A real save after one answer, seed 1, two players."""
    script = tmp_path / "one.txt"
    script.write_text("1\n", encoding="utf-8")
    path = tmp_path / "game.json"
    args = ["play", str(CONTENT), "--seed", "1", "--script", str(script), "--save", str(path)]
    assert main(args) == 0
    capsys.readouterr()
    return path


def _resume(capsys: pytest.CaptureFixture[str], path: Path, *extra: str) -> str:
    script = path.parent / "quit.txt"
    script.write_text("q\n", encoding="utf-8")
    before = path.read_bytes()
    err = refused(capsys, "play", str(CONTENT), "--resume", str(path), "--script", str(script), *extra)
    assert path.read_bytes() == before  # a refused save is left exactly as it was
    return err


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"players": 9}, "does not fit this pack: this set-up supports 2, 3, 4 players, not 9"),
        ({"players": True}, "`players` must be a whole number, not True"),
        ({"seat": 5}, "seat 5 is not a seat at a 2-player table"),
        ({"seat": -1}, "seat -1 is not a seat at a 2-player table"),
        ({"seed": 1.7}, "`seed` must be a whole number, not 1.7"),
        ({"bots": []}, "`bots` must be a list of bot names"),
        ({"bots": "heuristic"}, "`bots` must be a list of bot names"),
        ({"bots": ["nonsense"]}, "unknown bot 'nonsense'"),
        ({"actions": [1, 2, 3]}, "is damaged: move 1 of 3 is not legal there"),
        ({"actions": [-1]}, "is damaged: move 1 of 1 is not legal there"),
        ({"actions": [2**70]}, "is damaged: move 1 of 1 is not legal there"),
        ({"actions": "123"}, "`actions` must be a list of whole numbers"),
        ({"setup": "other"}, "is a game of set-up 'other'; this pack's set-up is 'standard'"),
        ({"game": "board"}, "is not a Blood Hunt save"),
    ],
)
def test_resume_refuses_a_damaged_save_and_leaves_it_intact(
    capsys: pytest.CaptureFixture[str], saved: Path, change: dict[str, object], message: str
) -> None:
    data = json.loads(saved.read_text(encoding="utf-8"))
    data.update(change)
    saved.write_text(json.dumps(data), encoding="utf-8")
    assert message in _resume(capsys, saved)


def test_resume_refuses_moves_that_run_past_the_end_of_the_game(
    capsys: pytest.CaptureFixture[str], saved: Path
) -> None:
    data = json.loads(saved.read_text(encoding="utf-8"))
    data["actions"] = data["actions"] * 50
    saved.write_text(json.dumps(data), encoding="utf-8")
    assert "is damaged: move" in _resume(capsys, saved)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "is not a Blood Hunt save: it is not JSON"),
        ('{"game": "blood-hunt", "players"', "is not a Blood Hunt save: it is not JSON"),
        ("[]", "is not a Blood Hunt save"),
        ('{"format": "huntkit-board-save/1", "pack": "x"}', "it is a board-game companion save"),
        ("[" * 100_000 + "]" * 100_000, "is not a Blood Hunt save: it is nested too deeply"),
    ],
)
def test_resume_refuses_what_is_not_a_blood_hunt_save(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "save.json"
    path.write_text(text, encoding="utf-8")
    assert message in _resume(capsys, path)


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (("--players", "3"), "was saved with --players 2, not 3"),
        (("--seed", "5"), "was saved with --seed 1, not 5"),
        (("--bot", "random"), "was saved with --bot heuristic, not random"),
    ],
)
def test_resume_refuses_options_that_contradict_the_save(
    capsys: pytest.CaptureFixture[str], saved: Path, extra: tuple[str, ...], message: str
) -> None:
    assert message in _resume(capsys, saved, *extra)


def test_a_save_that_fails_mid_game_is_said_the_old_save_stays_and_the_exit_is_1(
    capsys: pytest.CaptureFixture[str], saved: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = saved.read_bytes()

    def read_only(*_: object, **__: object) -> None:
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr("toolkit.games.blood_hunt.play.saves.write_text_atomic", read_only)
    script = saved.parent / "more.txt"
    script.write_text("1\n1\nq\n", encoding="utf-8")
    assert main(["play", str(CONTENT), "--resume", str(saved), "--script", str(script)]) == 1
    captured = capsys.readouterr()
    out = captured.out
    assert out.count(f"warning: cannot save to {saved}: Read-only file system; the game goes on unsaved") == 1
    assert f"error: the game's last moves were not saved to {saved}" in captured.err
    assert out.rstrip().endswith("Game left unfinished.")
    assert saved.read_bytes() == before


# --- play: answers -------------------------------------------------------------------------------


def test_nonsense_answers_are_asked_again_quoted_and_cut_short(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    script = tmp_path / "answers.txt"
    answers = ["", "abc", "0", "-1", "1.5", "\x00", "x" * 100_000, "q"]
    script.write_text("\n".join(answers) + "\n", encoding="utf-8")
    assert main(["play", str(CONTENT), "--seed", "2", "--script", str(script)]) == 0
    out = capsys.readouterr().out
    for shown in ("''", "'abc'", "'0'", "'-1'", "'1.5'", "'\\x00'", "'" + "x" * 57 + "...'"):
        assert f"{shown} is not one of the numbers 1-" in out
    assert "\x00" not in out and "x" * 100 not in out
    assert out.rstrip().endswith("Game left unfinished.")


def test_play_will_not_save_over_its_own_script(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    script = tmp_path / "answers.txt"
    script.write_text("1\nq\n", encoding="utf-8")
    err = refused(capsys, "play", str(CONTENT), "--script", str(script), "--save", str(script))
    assert f"error: --save: {script} is the --script being read; save to another file" in err
    assert script.read_text(encoding="utf-8") == "1\nq\n"


def test_a_new_game_will_not_save_over_an_earlier_save(
    capsys: pytest.CaptureFixture[str], saved: Path
) -> None:
    before = saved.read_bytes()
    script = saved.parent / "quit.txt"
    script.write_text("q\n", encoding="utf-8")
    err = refused(capsys, "play", str(CONTENT), "--save", str(saved), "--script", str(script))
    assert f"error: --save: {saved} already exists; continue that game with --resume {saved}" in err
    assert saved.read_bytes() == before
