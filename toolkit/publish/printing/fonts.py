"""The font the faces were fitted with, made available to CairoSVG wherever huntkit runs.

The faces measure their text with Liberation Sans' metrics (Arial's and Helvetica's too), and
CairoSVG draws with whatever fontconfig finds for that name. A fresh Debian machine has none of
those families, so fontconfig would substitute DejaVu Sans, about a tenth wider, and fitted text
would run off its cards. huntkit therefore ships Liberation Sans 2.1.5 (SIL Open Font License; see
``font_files/LICENSE``) and adds it to fontconfig's fonts for this process
(``FcConfigAppFontAddDir``); the PDF embeds the glyphs it uses, so it prints the same anywhere.
Only when that cannot be done (no fontconfig library) and the system lacks the font too is the
substitution said, as a warning.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import shutil
import subprocess
from pathlib import Path

FONT_FILES = Path(__file__).resolve().parent / "font_files"
FITTED_FAMILIES = ("Liberation Sans", "Arial", "Helvetica")


@functools.cache
def use_bundled_fonts() -> bool:
    """Add the bundled fonts to fontconfig's current configuration, once; whether that worked."""
    name = ctypes.util.find_library("fontconfig") or "libfontconfig.so.1"
    try:
        library = ctypes.CDLL(name)
        add_folder = library.FcConfigAppFontAddDir
    except (OSError, AttributeError):
        return False
    add_folder.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    add_folder.restype = ctypes.c_int
    return bool(add_folder(None, str(FONT_FILES).encode()))


def font_warning() -> str | None:
    """A warning when the faces' text will be drawn in another family than it was fitted for."""
    if use_bundled_fonts():
        return None
    fc_match = shutil.which("fc-match")
    if fc_match is None:
        return None  # no fontconfig to ask: CairoSVG's own fallback is all there is
    try:
        done = subprocess.run(
            [fc_match, "--format=%{family}", FITTED_FAMILIES[0]], capture_output=True, text=True, timeout=10
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    family = done.stdout.split(",")[0].strip()
    if done.returncode != 0 or not family or family in FITTED_FAMILIES:
        return None
    return (
        f"the cards' text is fitted for Liberation Sans, which could not be loaded; it is drawn in {family}"
        " and may run past its boxes (Debian: apt-get install fonts-liberation2)"
    )
