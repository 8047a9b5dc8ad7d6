"""Whether the font the faces were fitted with is the one the PDF will be drawn with.

The faces measure their text with Liberation Sans' metrics (Arial's and Helvetica's too); CairoSVG
draws with whatever fontconfig finds for that name. Where none of them is installed fontconfig
substitutes another family (DejaVu Sans on Debian, about a tenth wider), and fitted text can then
run past its box: that is said as a warning, with the package that brings the font.
"""

from __future__ import annotations

import shutil
import subprocess

FITTED_FAMILIES = ("Liberation Sans", "Arial", "Helvetica")


def font_warning() -> str | None:
    """A warning when fontconfig draws the faces' font stack in another family, else None."""
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
        f"the cards' text is fitted for Liberation Sans, which is not installed; it is drawn in {family}"
        " and may run past its boxes (Debian: apt-get install fonts-liberation)"
    )
