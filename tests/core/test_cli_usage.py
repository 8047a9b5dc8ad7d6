"""Wrong usage and output files a command cannot write: a message and exit 2, never a traceback, and an
earlier report is left alone when a run fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.__main__ import main

REPO = Path(__file__).resolve().parents[2]
PALE_BELL = str(REPO / "content" / "campaigns" / "the-pale-bell")
BLOOD_HUNT = str(REPO / "content" / "blood-hunt")


def usage(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """Run huntkit, expect exit 2 and no internal error, and return what it said on standard error."""
    assert main(list(args)) == 2
    err = capsys.readouterr().err
    assert "internal error" not in err
    assert "Traceback" not in err
    return err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("validate", "--nope"), "No such option: --nope"),
        (("simulate",), "Missing argument 'pack'"),
        (("graph", PALE_BELL), "Missing option '--campaign'"),
        (("simulate", BLOOD_HUNT, "--games", "x"), "Invalid value for '--games'"),
        (("validate", "--format"), "Option '--format' requires an argument"),
    ],
)
def test_wrong_usage_is_explained_with_exit_2(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    err = usage(capsys, *args)
    assert message in err
    assert "Usage: huntkit" in err or "Error:" in err


@pytest.mark.parametrize(
    "args",
    [
        ("validate", PALE_BELL, "--output", "{dir}"),
        ("graph", PALE_BELL, "--campaign", "the-pale-bell", "--output", "{dir}"),
        ("simulate", PALE_BELL, "--chapter", "1", "--hunters", "1", "--games", "1", "--output", "{dir}"),
    ],
)
def test_an_output_that_is_a_folder_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: tuple[str, ...]
) -> None:
    err = usage(capsys, *(a.replace("{dir}", str(tmp_path)) for a in args))
    assert f"--output: {tmp_path} is a folder; give a file name" in err


def test_an_output_in_a_missing_folder_is_refused_before_the_games_are_played(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = tmp_path / "no-such-folder"
    err = usage(capsys, "simulate", PALE_BELL, "--games", "1", "--output", str(missing / "report.json"))
    assert f"--output: the folder {missing} does not exist" in err
    err = usage(capsys, "simulate", PALE_BELL, "--games", "1", "--plot", str(missing / "plot.svg"))
    assert f"--plot: the folder {missing} does not exist" in err
    assert not missing.exists()


def test_a_failed_simulation_leaves_an_earlier_report_in_place(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    report = tmp_path / "report.json"
    report.write_text("the report of yesterday\n", encoding="utf-8")
    usage(capsys, "simulate", PALE_BELL, "--chapter", "9", "--output", str(report))
    assert report.read_text(encoding="utf-8") == "the report of yesterday\n"


def test_a_report_is_written_whole_to_the_named_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    report = tmp_path / "report.json"
    args = ["simulate", PALE_BELL, "--chapter", "1", "--hunters", "1", "--games", "2", "--format", "json"]
    assert main([*args, "--output", str(report)]) == 0
    assert f"report written to {report}" in capsys.readouterr().err
    assert main(args) == 0
    assert report.read_text(encoding="utf-8") == capsys.readouterr().out
    assert [p.name for p in tmp_path.iterdir()] == ["report.json"]


def test_a_blood_hunt_save_in_a_missing_folder_is_refused_before_play(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    err = usage(capsys, "play", BLOOD_HUNT, "--save", str(tmp_path / "gone" / "game.json"))
    assert f"--save: the folder {tmp_path / 'gone'} does not exist" in err
