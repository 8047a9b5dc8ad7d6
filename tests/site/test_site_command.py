"""`huntkit site` on the command line: help, and a loud failure on content that does not validate."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.site.conftest import BROKEN_PACK
from toolkit.cli import run
from toolkit.publish.runner import SITE_MARKER, check_site_folder


def test_site_build_help_lists_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["site", "build", "--help"]) == 0
    shown = capsys.readouterr().out
    for option in ("--out", "--no-spoilers", "--strict"):
        assert option in shown


def test_site_build_of_content_that_does_not_validate_exits_1_naming_the_problem(
    capsys: pytest.CaptureFixture[str], tmp_path: object
) -> None:
    assert run(["site", "build", "--out", str(tmp_path), str(BROKEN_PACK)]) == 1
    error = capsys.readouterr().err
    assert "does not validate" in error
    assert "enemy.yaml:5:1: BB0202" in error


def test_site_build_refuses_a_folder_of_the_users_and_leaves_it_alone(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    work = tmp_path / "my-campaign"
    work.mkdir()
    (work / "notes.txt").write_text("three chapters, one bell\n", encoding="utf-8")
    assert run(["site", "build", "--out", str(work)]) == 2
    error = capsys.readouterr().err
    assert f"{work} holds files that are not a built site" in error
    assert (work / "notes.txt").read_text(encoding="utf-8") == "three chapters, one bell\n"
    assert run(["site", "build", "--out", str(work / "notes.txt")]) == 2
    assert "is a file; give a folder for the site" in capsys.readouterr().err


def test_a_built_site_is_marked_so_the_next_build_may_empty_its_folder(built_site: Path) -> None:
    assert (built_site / SITE_MARKER).is_file()
    check_site_folder(built_site)  # an earlier build: no refusal
