"""Hostile input to `huntkit play` (the companion) and `huntkit simulate` on the board game: every bad
option, save or line is a message (exit 2 for options and saves), never an internal error, and a save
is never lost or overwritten by one that does not fit."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

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


# --- play: saves ---------------------------------------------------------------------------------


def _script(folder: Path, text: str, name: str = "script.txt") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def saved(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A real save of the Pale Bell with two hunters, one report in."""
    path = tmp_path / "game.json"
    script = _script(tmp_path, "move ransacked-house\nsave p\nquit\n", "first.txt")
    assert main(["play", PALE_BELL, "--hunters", "2", "--script", str(script), "--save", str(path)]) == 0
    capsys.readouterr()
    return path


def _resume_refused(capsys: pytest.CaptureFixture[str], path: Path) -> str:
    before = path.read_bytes()
    script = _script(path.parent, "end\nstatus\nquit\n")
    err = refused(capsys, "play", PALE_BELL, "--resume", str(path), "--script", str(script))
    assert path.read_bytes() == before  # a refused save is never written over
    return err


def _edit(path: Path, change: Callable[[dict[str, Any]], object]) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(pack="other-pack"), "is a save of pack 'other-pack'; play it with that pack"),
        (lambda d: d["state"]["chapter"].update(number=99), "the save: campaign 'the-pale-bell' has no"),
        (lambda d: d["state"]["chapter"].update(number=0), "has no chapter 0"),
        (lambda d: d["state"]["campaign"].update(hunters=9), "9 hunters (the board game is for 1 to 4)"),
        (lambda d: d["state"]["campaign"].update(hunters=0), "0 hunters (the board game is for 1 to 4)"),
        (lambda d: d["state"]["chapter"].update(hunt_track=-5), "Hunt Track -5 (of 1 to 16)"),
        (lambda d: d["state"]["chapter"].update(hunt_track=10**30), "(of 1 to 16)"),
        (lambda d: d["state"]["chapter"].update(round=-1), "round -1"),
        (lambda d: d["state"]["chapter"].update(revealed=[999]), "no mission card numbered 999"),
        (
            lambda d: d["state"]["chapter"].update(
                pending={"card": 999, "path": [], "prompt": "?", "options": ["a"], "runs": []}
            ),
            "no mission card numbered 999",
        ),
        (lambda d: d["state"]["campaign"].update(insight=[999]), "no insight card numbered 999"),
        (lambda d: d["state"]["chapter"].update(fired_triggers=[99]), "a fired trigger outside"),
        (lambda d: d["points"]["p"]["campaign"].update(hunters=7), "save point 'p': 7 hunters"),
        (
            lambda d: d["state"]["chapter"].update(
                pending={"card": 2, "path": ["goals", 7], "prompt": "?", "options": ["a"], "runs": []}
            ),
            "the pending choice does not match card 2",
        ),
    ],
)
def test_resume_refuses_a_save_that_does_not_fit_the_campaign_and_keeps_it(
    capsys: pytest.CaptureFixture[str], saved: Path, change: Callable[[dict[str, Any]], object], message: str
) -> None:
    _edit(saved, change)
    assert message in _resume_refused(capsys, saved)


def test_resume_of_a_blood_hunt_save_says_what_it_is(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "bh.json"
    path.write_text('{"game": "blood-hunt", "players": 2, "actions": []}', encoding="utf-8")
    assert "is a Blood Hunt save; play it with the Blood Hunt pack" in _resume_refused(capsys, path)


@pytest.mark.parametrize(
    ("option", "where", "message"),
    [
        ("--save", "missing/game.json", "the folder"),
        ("--save", ".", "is a folder; give a file name"),
        ("--resume", ".", "is a folder; give a file name"),
    ],
)
def test_a_save_that_cannot_be_written_is_refused_before_the_session(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, option: str, where: str, message: str
) -> None:
    script = _script(tmp_path, "end\nquit\n")
    err = refused(capsys, "play", PALE_BELL, option, str(tmp_path / where), "--script", str(script))
    assert f"error: {option}: " in err and message in err


def test_a_resumed_save_still_plays_on_and_is_saved(capsys: pytest.CaptureFixture[str], saved: Path) -> None:
    script = _script(saved.parent, "end\nquit\n")
    assert main(["play", PALE_BELL, "--resume", str(saved), "--script", str(script)]) == 0
    assert "(resumed)" in capsys.readouterr().out
    assert json.loads(saved.read_text(encoding="utf-8"))["state"]["chapter"]["round"] == 2


# --- play: lines at the prompt --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "answer"),
    [
        ("slay scourge-beast abc", "Cannot use that: COUNT must be a whole number, not 'abc'."),
        ("slay scourge-beast ٣", "Cannot use that: COUNT must be a whole number, not '٣'."),
        ("choose 0", "Cannot use that: Input should be greater than or equal to 1 (choose)."),
        ("999", "Cannot use that: Input should be less than or equal to 20 (choose)."),
    ],
)
def test_a_bad_number_is_explained_in_plain_words_and_changes_nothing(
    capsys: pytest.CaptureFixture[str], saved: Path, line: str, answer: str
) -> None:
    before = json.loads(saved.read_text(encoding="utf-8"))["state"]
    script = _script(saved.parent, f"{line}\nquit\n")
    assert main(["play", PALE_BELL, "--resume", str(saved), "--script", str(script)]) == 0
    out = capsys.readouterr().out
    assert f"hunt> {line}\n{answer}\n" in out
    assert json.loads(saved.read_text(encoding="utf-8"))["state"] == before


# --- a pack without a campaign --------------------------------------------------------------------


def test_a_pack_without_chapters_says_so_instead_of_asking_for_a_campaign(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pack = tmp_path / "empty"
    pack.mkdir()
    (pack / "pack.yaml").write_text(
        "id: empty-pack\ngame: bloodborne-board\nname: Empty\nversion: 0.1.0\nrequires: [core]\n",
        encoding="utf-8",
    )
    script = _script(tmp_path, "quit\n")
    err = refused(capsys, "play", str(pack), "--script", str(script))
    assert "pack 'empty-pack' has no campaign with chapters to play" in err
    err = refused(capsys, "simulate", str(pack), "--games", "1")
    assert "pack `empty-pack` has no campaign with chapters to simulate" in err


def test_resume_of_json_nested_thousands_deep_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "deep.json"
    path.write_text('{"game": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    assert "is not a huntkit board-game save" in _resume_refused(capsys, path)


# --- outputs that would write over what the user wrote ----------------------------------------------


@pytest.fixture
def pack_copy(tmp_path: Path) -> Path:
    copy = tmp_path / "pale-bell"
    shutil.copytree(PALE_BELL, copy, ignore=shutil.ignore_patterns("tests"))
    return copy


@pytest.mark.parametrize("name", ["chapter-1.yaml", "pack.yaml"])
def test_simulate_will_not_write_its_report_over_a_content_file(
    capsys: pytest.CaptureFixture[str], pack_copy: Path, name: str
) -> None:
    target = pack_copy / name
    before = target.read_bytes()
    err = refused(
        capsys, "simulate", str(pack_copy), "--chapter", "1", "--games", "1", "--output", str(target)
    )
    assert f"error: --output: {target} is a content file of the pack; give another file name" in err
    assert target.read_bytes() == before


def test_simulate_will_not_write_report_and_plot_to_one_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "out.svg"
    err = refused(capsys, "simulate", PALE_BELL, "--output", str(target), "--plot", str(target))
    assert "--output and --plot name the same file" in err
    assert not target.exists()


def test_play_will_not_save_over_its_script_or_a_content_file(
    capsys: pytest.CaptureFixture[str], pack_copy: Path
) -> None:
    script = _script(pack_copy.parent, "end\nquit\n")
    err = refused(capsys, "play", str(pack_copy), "--script", str(script), "--save", str(script))
    assert f"error: --save: {script} is the --script being read; save to another file" in err
    assert script.read_text(encoding="utf-8") == "end\nquit\n"
    chapter = pack_copy / "chapter-2.yaml"
    before = chapter.read_bytes()
    err = refused(capsys, "play", str(pack_copy), "--script", str(script), "--save", str(chapter))
    assert "is a content file of the pack" in err
    assert chapter.read_bytes() == before


def test_simulate_refuses_an_empty_bot_list(capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(capsys, "simulate", PALE_BELL, "--chapter", "1", "--games", "1", "--bot", ",,")
    assert "error: --bot needs a bot name (heuristic, random, search)" in err


def test_simulate_refuses_an_unknown_bot_in_a_ladder(capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(capsys, "simulate", PALE_BELL, "--chapter", "1", "--games", "1", "--bot", "random,oracle")
    assert "error: unknown bot `oracle` (known: heuristic, random, search)" in err


def test_simulate_takes_one_bot_with_empty_entries_around_it(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", PALE_BELL, "--chapter", "1", "--games", "1", "--format", "json"]
    assert main([*args, "--bot", "random,,"]) == 0
    assert json.loads(capsys.readouterr().out)["bot"] == "random"


def test_help_keeps_one_example_per_line(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("play", "simulate"):
        assert main([command, "--help"]) == 0
        out = capsys.readouterr().out
        examples = [line.strip() for line in out.splitlines() if line.strip().startswith("huntkit ")]
        assert len(examples) == {"play": 6, "simulate": 6}[command]
        assert all(line.count("huntkit ") == 1 for line in examples)


def test_a_new_campaign_will_not_save_over_an_earlier_save(
    capsys: pytest.CaptureFixture[str], saved: Path
) -> None:
    before = saved.read_bytes()
    script = _script(saved.parent, "end\nquit\n")
    err = refused(capsys, "play", PALE_BELL, "--save", str(saved), "--script", str(script))
    assert f"error: --save: {saved} already exists; continue that game with --resume {saved}" in err
    assert saved.read_bytes() == before
    # Saving a resumed game to its own file is what --resume does anyway, and is allowed.
    assert (
        main(["play", PALE_BELL, "--resume", str(saved), "--save", str(saved), "--script", str(script)]) == 0
    )


def test_a_script_that_cannot_be_read_leaves_the_save_alone(
    capsys: pytest.CaptureFixture[str], saved: Path
) -> None:
    before = saved.read_bytes()
    missing = saved.parent / "missing.txt"
    err = refused(capsys, "play", PALE_BELL, "--resume", str(saved), "--script", str(missing))
    assert f"error: cannot read the script {missing}" in err
    assert saved.read_bytes() == before


def test_a_script_with_a_byte_order_mark_reads_its_first_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    script = tmp_path / "bom.txt"
    script.write_bytes("\ufeffstatus\nquit\n".encode())
    assert main(["play", PALE_BELL, "--hunters", "2", "--script", str(script)]) == 0
    out = capsys.readouterr().out
    assert "hunt> status\nChapter 1 (playing), round 1, Hunt Track 1/16." in out


def test_a_token_reported_onto_an_unknown_tile_is_not_applied(
    capsys: pytest.CaptureFixture[str], saved: Path
) -> None:
    before = json.loads(saved.read_text(encoding="utf-8"))["state"]
    script = _script(saved.parent, "token widow central-lamb\nquit\n")
    assert main(["play", PALE_BELL, "--resume", str(saved), "--script", str(script)]) == 0
    out = capsys.readouterr().out
    assert "Not applied: no tile is named 'central-lamb'.\n  hint: did you mean 'central-lamp'?" in out
    assert json.loads(saved.read_text(encoding="utf-8"))["state"] == before


def test_a_save_waiting_on_a_real_choice_resumes_and_takes_the_answer(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "choice.json"
    first = _script(tmp_path, "move ransacked-house\ntoken widow central-lamp\nquit\n", "first.txt")
    assert main(["play", PALE_BELL, "--hunters", "2", "--script", str(first), "--save", str(path)]) == 0
    assert json.loads(path.read_text(encoding="utf-8"))["state"]["chapter"]["pending"] is not None
    answer = _script(tmp_path, "choose 1\nquit\n", "answer.txt")
    assert main(["play", PALE_BELL, "--resume", str(path), "--script", str(answer)]) == 0
    assert "Chosen: Take the lantern." in capsys.readouterr().out
