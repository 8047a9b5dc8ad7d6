"""The faces' font: the bundled Liberation Sans is what the PDF embeds even where the system has no
such font (a fresh Debian machine), and a warning says so when it cannot be loaded."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.poppler import poppler_binaries
from toolkit.publish.printing import fonts
from toolkit.publish.printing.fonts import font_warning

PALE_BELL = Path(__file__).resolve().parents[2] / "content" / "campaigns" / "the-pale-bell"


def test_the_pdf_embeds_liberation_sans_where_the_system_has_only_dejavu(tmp_path: Path) -> None:
    dejavu = Path("/usr/share/fonts/truetype/dejavu")
    if not dejavu.is_dir():
        pytest.skip("no DejaVu fonts folder to stand for a fresh machine's fonts")
    config = tmp_path / "fonts.conf"
    config.write_text(
        f'<?xml version="1.0"?>\n<fontconfig><dir>{dejavu}</dir><cachedir>{tmp_path / "cache"}</cachedir>'
        "</fontconfig>\n",
        encoding="utf-8",
    )
    environment = {**os.environ, "FONTCONFIG_FILE": str(config)}
    if shutil.which("fc-match"):
        seen = subprocess.run(
            ["fc-match", "Liberation Sans"], env=environment, capture_output=True, text=True
        )
        assert "Liberation" not in seen.stdout  # the stand-in machine really lacks the font
    out = tmp_path / "warden.pdf"
    done = subprocess.run(
        [sys.executable, "-m", "toolkit", "print", str(PALE_BELL), "--kinds", "npc-enemy", "--out", str(out)],
        env=environment,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "warning" not in done.stderr
    pdffonts = Path(poppler_binaries()[0]).with_name("pdffonts")
    embedded = subprocess.run([str(pdffonts), "-f", "2", "-l", "2", str(out)], capture_output=True, text=True)
    names = [line.split()[0].split("+")[-1] for line in embedded.stdout.splitlines()[2:]]
    assert names and all(name.startswith("LiberationSans") for name in names), names


def _fake_fc_match(folder: Path, family: str, monkeypatch: pytest.MonkeyPatch) -> None:
    script = folder / "fc-match"
    script.write_text(f"#!/bin/sh\nprintf '%s' '{family}'\n", encoding="utf-8")
    script.chmod(0o755)
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setattr(fonts, "use_bundled_fonts", lambda: False)


def test_a_substituted_family_is_a_warning_naming_it_and_the_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _fake_fc_match(tmp_path, "DejaVu Sans", monkeypatch)
    warning = font_warning()
    assert warning is not None
    assert "drawn in DejaVu Sans" in warning and "apt-get install fonts-liberation2" in warning


@pytest.mark.parametrize("family", ["Liberation Sans", "Arial", "Helvetica,Helvetica Neue"])
def test_a_metric_compatible_family_is_no_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, family: str
) -> None:
    _fake_fc_match(tmp_path, family, monkeypatch)
    assert font_warning() is None


def test_with_the_bundled_fonts_loaded_there_is_no_warning() -> None:
    assert fonts.use_bundled_fonts() is True
    assert font_warning() is None


def test_without_fontconfig_there_is_nothing_to_ask(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fonts, "use_bundled_fonts", lambda: False)
    monkeypatch.setattr("shutil.which", lambda name: None)
    assert font_warning() is None
