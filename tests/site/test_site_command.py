"""`huntkit site` on the command line: help, and a loud failure on content that does not validate."""

from __future__ import annotations

import pytest

from tests.site.conftest import BROKEN_PACK
from toolkit.cli import run


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
