"""The warning when the faces' font is missing: fontconfig is asked what it draws Liberation Sans with."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from toolkit.publish.printing.fonts import font_warning


def _fake_fc_match(folder: Path, family: str, monkeypatch: pytest.MonkeyPatch) -> None:
    script = folder / "fc-match"
    script.write_text(f"#!/bin/sh\nprintf '%s' '{family}'\n", encoding="utf-8")
    script.chmod(0o755)
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")


def test_a_substituted_family_is_a_warning_naming_it_and_the_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _fake_fc_match(tmp_path, "DejaVu Sans", monkeypatch)
    warning = font_warning()
    assert warning is not None
    assert "drawn in DejaVu Sans" in warning and "apt-get install fonts-liberation" in warning


@pytest.mark.parametrize("family", ["Liberation Sans", "Arial", "Helvetica,Helvetica Neue"])
def test_a_metric_compatible_family_is_no_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, family: str
) -> None:
    _fake_fc_match(tmp_path, family, monkeypatch)
    assert font_warning() is None


def test_without_fontconfig_there_is_nothing_to_ask(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("shutil.which", lambda name: None)
    assert font_warning() is None
