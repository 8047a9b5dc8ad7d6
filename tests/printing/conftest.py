"""The print tests draw real PDFs with CairoSVG, which needs the system's Cairo library: it is
installed with apt-get when missing (as tests/chromium.py does for chromium), since a print test
that skips proves nothing."""

from __future__ import annotations

import ctypes.util
import shutil
import subprocess

import pytest


@pytest.fixture(scope="session", autouse=True)
def cairo_library() -> None:
    if ctypes.util.find_library("cairo") is not None:
        return
    if shutil.which("apt-get") is None:
        raise RuntimeError("libcairo2 is missing and there is no apt-get to install it")
    subprocess.run(["apt-get", "update"], check=True, capture_output=True)
    subprocess.run(["apt-get", "install", "-y", "libcairo2"], check=True, capture_output=True)
