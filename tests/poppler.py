"""Poppler's pdftoppm and pdftotext, for the print tests: a PDF's pages as PNG images and as text,
as a person would see them. Debian's poppler-utils is installed with apt-get when missing: a print
test that skips proves nothing."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path


def poppler_binaries() -> tuple[str, str]:
    """pdftoppm and pdftotext, installed from Debian's poppler-utils when either is missing."""
    found = shutil.which("pdftoppm"), shutil.which("pdftotext")
    if None in found:
        subprocess.run(["apt-get", "update"], check=True, capture_output=True)
        subprocess.run(["apt-get", "install", "-y", "poppler-utils"], check=True, capture_output=True)
        found = shutil.which("pdftoppm"), shutil.which("pdftotext")
    pdftoppm, pdftotext = found
    if pdftoppm is None or pdftotext is None:
        raise RuntimeError("poppler-utils is not installed and could not be installed")
    return pdftoppm, pdftotext


def pages_as_png(pdf: Path, folder: Path, dpi: int) -> list[Path]:
    """Every page of ``pdf`` as a PNG at ``dpi``, in page order."""
    pdftoppm, _ = poppler_binaries()
    subprocess.run([pdftoppm, "-r", str(dpi), "-png", str(pdf), str(folder / "page")], check=True)
    return sorted(folder.glob("page-*.png"), key=lambda path: int(path.stem.rsplit("-", 1)[1]))


def page_text(pdf: Path, page: int) -> str:
    """The text pdftotext reads on one page (1-based), in reading order (a column's lines together)."""
    _, pdftotext = poppler_binaries()
    done = subprocess.run(
        [pdftotext, "-f", str(page), "-l", str(page), str(pdf), "-"],
        check=True,
        capture_output=True,
        text=True,
    )
    return done.stdout


def page_count(pdf: Path) -> int:
    """How many pages pdftotext finds (one form feed ends each page)."""
    _, pdftotext = poppler_binaries()
    done = subprocess.run([pdftotext, str(pdf), "-"], check=True, capture_output=True, text=True)
    return done.stdout.count("\f")
